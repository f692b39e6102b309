//! `banco analyze`: search one position and show how the search went.

use std::time::Duration;

use banco_games::ComputerSettings;
use banco_games::computer::{plan, think};
use banco_search::{Algorithm, Level, Limits, Report, SearchConfig, Searcher};
use clap::Args;
use serde::Serialize;

use super::args::GameArgs;
use super::report::{SearchRow, millis, thousands};
use crate::output::outln;
use crate::terminal::game::CliGame;

/// Arguments of `banco analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game and its position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Search this many plies (1 to 64).
    #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(u32).range(1..=super::MAX_DEPTH))]
    pub depth: Option<u32>,
    /// Search this many milliseconds, 1 to 86400000 (a day; default 2000
    /// when no depth is given).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=super::MAX_MOVETIME_MS))]
    pub movetime: Option<u64>,
    /// Which algorithm: minimax, alphabeta, engine, mtdf.
    #[arg(long, default_value = "engine")]
    pub algorithm: Algorithm,
    /// Which evaluator: simple, strong (the default) or nnue (chess and xiangqi).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB, 1 to 4096.
    #[arg(long, default_value_t = 64, value_parser = super::hash_mb())]
    pub hash: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Analysis {
    fen: String,
    evaluator: String,
    result: SearchRow,
    iterations: Vec<SearchRow>,
}

/// Runs `banco analyze`.
pub fn run<G: CliGame>(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let game = G::setup(&args.game.setup())?;
    let evaluator = super::evaluator(args.evaluator.as_deref())?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(ms)) => Limits::move_time(Duration::from_millis(ms)),
        (None, None) => Limits::move_time(Duration::from_millis(2000)),
    };
    let config = SearchConfig {
        threads: args.threads.max(1),
        hash_mb: args.hash,
        move_overhead: Duration::ZERO,
        ..SearchConfig::default()
    };
    let name = args.algorithm.name();
    let mut iterations = Vec::new();
    let json = args.json;
    if !json {
        outln!("{}", game.position())?;
        outln!(
            "{:>5} {:>8} {:>12} {:>12} {:>9}  pv",
            "depth",
            "score",
            "nodes",
            "nps",
            "time"
        )?;
    }
    let mut observer = |report: &Report<G::Move>| {
        let row = SearchRow::new(name, &game, report.pv.first().copied(), report);
        if !json {
            // A closed pipe is reported by the summary line, after the search.
            let _ = outln!(
                "{:>2}/{:<2} {:>8} {:>12} {:>12} {:>9}  {}",
                row.depth,
                row.seldepth,
                report.score().to_string(),
                thousands(row.nodes),
                thousands(row.nps),
                millis(row.time_ms),
                row.pv_text
            );
        }
        iterations.push(row);
    };
    // Full strength with the algorithm and evaluator asked for, planned as
    // every front end plans a level.
    let computer = ComputerSettings {
        level: Level::MAX,
        algorithm: args.algorithm,
        evaluator: Some(evaluator),
    };
    let plan = plan::<G>(&computer, config, limits, 0);
    let mut searcher = Searcher::new(plan.config.clone());
    let result = think(&game, &mut searcher, &plan, &mut observer);
    let summary = SearchRow::new(name, &game, result.best_move, &result.report);
    if json {
        let analysis = Analysis {
            fen: game.position(),
            evaluator: evaluator.to_string(),
            result: summary,
            iterations,
        };
        outln!("{}", serde_json::to_string_pretty(&analysis)?)?;
    } else {
        match result.best_move {
            Some(mv) => outln!(
                "best move {} ({}), score {}, {} nodes, {} leaf nodes, {} cut-offs, {}",
                game.move_text(mv),
                G::move_code(mv),
                result.report.score(),
                thousands(summary.nodes),
                thousands(summary.leaf_nodes),
                thousands(summary.cutoffs),
                millis(summary.time_ms)
            )?,
            None => outln!(
                "no legal move: {}",
                game.ending()
                    .map_or_else(|| "game over".to_owned(), |e| e.summary())
            )?,
        }
    }
    Ok(())
}
