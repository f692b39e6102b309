//! `banco compare`: the seeds' comparison, run for real. Minimax, alpha-beta,
//! the engine and MTD(f) search one position to one depth, and a table shows
//! what each cost.

use std::time::Duration;

use banco_search::{Algorithm, Limits, SearchConfig, Searcher, Silent};
use clap::Args;

use super::report::{ScoreJson, SearchRow, millis, thousands};
use crate::GameKind;
use crate::games::{CliGame, Setup};

/// Arguments of `banco compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Which game.
    pub game: GameKind,
    /// The position (the start position without it): a FEN, or for gomoku the moves.
    #[arg(long)]
    pub fen: Option<String>,
    /// Gomoku only: the rule (freestyle, standard, caro, renju; default freestyle).
    #[arg(long)]
    pub rule: Option<String>,
    /// Gomoku only: the board size, 15 to 20 (default 15).
    #[arg(long)]
    pub size: Option<u8>,
    /// Search depth for every algorithm.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
    /// Which evaluator: simple or strong (the default).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Print JSON (a list of rows) instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `banco compare`.
pub fn run<G: CliGame>(args: &CompareArgs) -> anyhow::Result<()> {
    let game = G::start(&Setup {
        position: args.fen.clone(),
        rule: args.rule.clone(),
        size: args.size,
    })?;
    let eval = super::evaluator::<G>(args.evaluator.as_deref())?;
    let mut rows = Vec::new();
    for algorithm in Algorithm::ALL {
        let config = SearchConfig {
            algorithm,
            hash_mb: 64,
            move_overhead: Duration::ZERO,
            ..SearchConfig::default()
        };
        let result =
            Searcher::new(config).search(&game, &eval, &Limits::depth(args.depth), &mut Silent);
        rows.push(SearchRow::new(
            algorithm.name(),
            &game,
            result.best_move,
            &result.report,
        ));
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    println!("{} · depth {} · {} evaluator", game.fen(), args.depth, eval);
    println!(
        "{:<10} {:>13} {:>13} {:>11} {:>10} {:>12} {:>7} {:>8}",
        "algorithm", "nodes", "leaf nodes", "cut-offs", "time", "nodes/s", "score", "move"
    );
    for row in &rows {
        let score = match row.score {
            ScoreJson::Cp(cp) => format!("{cp:+}"),
            ScoreJson::Mate(m) => format!("#{m}"),
        };
        println!(
            "{:<10} {:>13} {:>13} {:>11} {:>10} {:>12} {:>7} {:>8}",
            row.algorithm,
            thousands(row.nodes),
            thousands(row.leaf_nodes),
            thousands(row.cutoffs),
            millis(row.time_ms),
            thousands(row.nps),
            score,
            row.best_move_text.as_deref().unwrap_or("-")
        );
    }
    println!(
        "minimax and alphabeta stop at the horizon; engine and mtdf search on through captures (and checks),\nso their scores can differ from the fixed-depth value."
    );
    Ok(())
}
