//! `banco bench`: a fixed set of positions of every game searched to a fixed
//! depth with one thread and a fresh table each. The total node count is a
//! signature of the search: a change that alters it changes how the engine
//! searches, and its commit says `Bench: N`.

use std::time::Instant;

use banco_games::{GameKind, Playable, Setup, with_game};
use banco_search::{EvaluatorStrength, Limits, SearchConfig, Searcher, Silent};
use clap::Args;

use crate::output::outln;

/// The depth `banco bench` searches by default.
pub const DEFAULT_DEPTH: u32 = 9;

/// Arguments of `banco bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth for each position, 1 to 64.
    #[arg(long, default_value_t = DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=super::MAX_DEPTH))]
    pub depth: u32,
    /// Search threads (the signature holds for one thread only).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB, 1 to 4096.
    #[arg(long, default_value_t = 16, value_parser = super::hash_mb())]
    pub hash: usize,
}

/// Searches `G`'s bench positions; returns (nodes, time searching).
fn bench_game<G: Playable>(
    args: &BenchArgs,
    searcher: &mut Searcher,
    index: &mut usize,
    total: usize,
) -> anyhow::Result<(u64, std::time::Duration)> {
    let eval = G::Eval::from(EvaluatorStrength::Strong);
    let mut nodes = 0;
    let mut searching = std::time::Duration::ZERO;
    for fen in G::INFO.bench_positions {
        let game = G::setup(&Setup::position(Some(fen)))?;
        searcher.clear();
        let start = Instant::now();
        let depth = args.depth.min(G::INFO.bench_max_depth);
        let result = searcher.search(&game, &eval, &Limits::depth(depth), &mut Silent);
        searching += start.elapsed();
        nodes += result.report.stats.nodes;
        *index += 1;
        outln!(
            "Position {:>2}/{total} ({}): {:>10} nodes  {fen}",
            *index,
            G::INFO.name,
            result.report.stats.nodes,
        )?;
    }
    Ok((nodes, searching))
}

/// Runs `banco bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let config = SearchConfig {
        threads: args.threads.max(1),
        hash_mb: args.hash,
        ..SearchConfig::default()
    };
    let mut searcher = Searcher::new(config);
    let total: usize = GameKind::ALL
        .iter()
        .map(|kind| kind.info().bench_positions.len())
        .sum();
    let mut index = 0;
    let mut per_game = Vec::with_capacity(GameKind::ALL.len());
    for kind in GameKind::ALL {
        let (nodes, time) =
            with_game!(kind, G => bench_game::<G>(args, &mut searcher, &mut index, total))?;
        per_game.push((kind, nodes, time));
    }
    let nodes: u64 = per_game.iter().map(|&(_, n, _)| n).sum();
    let elapsed: std::time::Duration = per_game.iter().map(|&(_, _, t)| t).sum();
    let rate = |n: u64, t: std::time::Duration| (n as f64 / t.as_secs_f64().max(1e-9)) as u64;
    outln!("===========================")?;
    for (kind, game_nodes, time) in per_game {
        outln!(
            "{:<16}: {game_nodes} nodes, {} nodes/s",
            kind.name(),
            rate(game_nodes, time)
        )?;
    }
    outln!("Total time (ms) : {}", elapsed.as_millis())?;
    outln!("Nodes searched  : {nodes}")?;
    outln!("Nodes/second    : {}", rate(nodes, elapsed))?;
    Ok(())
}
