//! `banco bench`: a fixed set of positions of every game searched to a fixed
//! depth with one thread and a fresh table each. The total node count is a
//! signature of the search: a change that alters it changes how the engine
//! searches, and its commit says `Bench: N`.

use std::time::Instant;

use banco_chess::ChessGame;
use banco_gomoku::GomokuGame;
use banco_search::{EvaluatorStrength, Limits, SearchConfig, Searcher, Silent};
use banco_xiangqi::XiangqiGame;
use clap::Args;

use crate::games::{CliGame, Setup};
use crate::output::outln;

/// The depth `banco bench` searches by default.
pub const DEFAULT_DEPTH: u32 = 9;

/// Chess openings, middlegames and endgames, quiet and tactical.
pub const CHESS_POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 11",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/P1N1BP2/1PPQ2PP/2KR1B1R w - - 0 12",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5pk1/6p1/8/5P2/6P1/5K2/3r4 b - - 0 40",
    "4r1k1/1p3ppp/p1n5/3p4/3P4/P1N2P2/1P4PP/4R1K1 w - - 0 25",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "8/8/1p1k4/p1pP4/P1P5/1P6/4K3/8 w - - 0 1",
];

/// Arguments of `banco bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth for each position.
    #[arg(long, default_value_t = DEFAULT_DEPTH)]
    pub depth: u32,
    /// Search threads (the signature holds for one thread only).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

/// Searches `G`'s bench positions; returns (nodes, time searching).
fn bench_game<G: CliGame>(
    args: &BenchArgs,
    searcher: &mut Searcher,
    index: &mut usize,
    total: usize,
) -> anyhow::Result<(u64, std::time::Duration)> {
    let eval = G::evaluator(EvaluatorStrength::Strong);
    let mut nodes = 0;
    let mut searching = std::time::Duration::ZERO;
    for fen in G::BENCH {
        let game = G::start(&Setup::position(Some(fen)))?;
        searcher.clear();
        let start = Instant::now();
        let depth = args.depth.min(G::BENCH_MAX_DEPTH);
        let result = searcher.search(&game, &eval, &Limits::depth(depth), &mut Silent);
        searching += start.elapsed();
        nodes += result.report.stats.nodes;
        *index += 1;
        outln!(
            "Position {:>2}/{total} ({}): {:>10} nodes  {fen}",
            *index,
            G::NAME,
            result.report.stats.nodes,
        )?;
    }
    Ok((nodes, searching))
}

/// Runs `banco bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let config = SearchConfig {
        threads: args.threads.max(1),
        hash_mb: args.hash.max(1),
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new(config);
    let total = ChessGame::BENCH.len() + XiangqiGame::BENCH.len() + GomokuGame::BENCH.len();
    let mut index = 0;
    let (chess_nodes, chess_time) =
        bench_game::<ChessGame>(args, &mut searcher, &mut index, total)?;
    let (xiangqi_nodes, xiangqi_time) =
        bench_game::<XiangqiGame>(args, &mut searcher, &mut index, total)?;
    let (gomoku_nodes, gomoku_time) =
        bench_game::<GomokuGame>(args, &mut searcher, &mut index, total)?;
    let nodes = chess_nodes + xiangqi_nodes + gomoku_nodes;
    let elapsed = chess_time + xiangqi_time + gomoku_time;
    let rate = |n: u64, t: std::time::Duration| (n as f64 / t.as_secs_f64().max(1e-9)) as u64;
    outln!("===========================")?;
    outln!(
        "chess           : {chess_nodes} nodes, {} nodes/s",
        rate(chess_nodes, chess_time)
    )?;
    outln!(
        "xiangqi         : {xiangqi_nodes} nodes, {} nodes/s",
        rate(xiangqi_nodes, xiangqi_time)
    )?;
    outln!(
        "gomoku          : {gomoku_nodes} nodes, {} nodes/s",
        rate(gomoku_nodes, gomoku_time)
    )?;
    outln!("Total time (ms) : {}", elapsed.as_millis())?;
    outln!("Nodes searched  : {nodes}")?;
    outln!("Nodes/second    : {}", rate(nodes, elapsed))?;
    Ok(())
}
