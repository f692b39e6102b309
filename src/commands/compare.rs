//! `banco compare`: the AI lab's algorithm race on one position. Minimax,
//! alpha-beta, then the engine with one technique more per row, each from a
//! fresh start to the same depth, and a table of what each cost.

use banco_search::StopFlag;
use banco_search::lab::{RaceRow, run_race};
use clap::Args;
use serde::Serialize;

use super::args::GameArgs;
use super::report::{ScoreJson, SearchRow, millis, thousands};
use crate::output::outln;
use crate::terminal::game::CliGame;

/// Arguments of `banco compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The game and its position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Search depth for every algorithm.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Which evaluator: simple, strong (the default) or nnue (chess and xiangqi).
    #[arg(long)]
    pub evaluator: Option<String>,
    /// Nodes each row may visit before it is cut short.
    #[arg(long, default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Print JSON (a list of rows) instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// One row as JSON: the search's summary and what the race adds.
#[derive(Serialize)]
struct RaceRowJson {
    #[serde(flatten)]
    search: SearchRow,
    label: &'static str,
    ebf: f64,
    value_preserving: bool,
    completed: bool,
    agrees_with_minimax: Option<bool>,
}

impl RaceRowJson {
    fn new<G: CliGame>(game: &G, row: &RaceRow<G::Move>) -> RaceRowJson {
        RaceRowJson {
            search: SearchRow::new(row.entry.name, game, row.best_move, &row.report),
            label: row.entry.label,
            ebf: (row.ebf * 1000.0).round() / 1000.0,
            value_preserving: row.entry.value_preserving,
            completed: row.completed,
            agrees_with_minimax: row.agrees_with_minimax,
        }
    }
}

/// Runs `banco compare`.
pub fn run<G: CliGame>(args: &CompareArgs) -> anyhow::Result<()> {
    let game = G::setup(&args.game.setup())?;
    let evaluator = super::evaluator(args.evaluator.as_deref())?;
    let eval = G::Eval::from(evaluator);
    let race = run_race(&game, &eval, args.depth, args.nodes, &StopFlag::new());
    let rows: Vec<RaceRowJson> = race
        .iter()
        .map(|row| RaceRowJson::new(&game, row))
        .collect();
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(());
    }
    outln!(
        "{} · depth {} · {evaluator} evaluator",
        game.position(),
        args.depth
    )?;
    outln!(
        "{:<26} {:>13} {:>13} {:>11} {:>6} {:>10} {:>12} {:>7} {:>8}",
        "algorithm",
        "nodes",
        "leaf nodes",
        "cut-offs",
        "EBF",
        "time",
        "nodes/s",
        "score",
        "move"
    )?;
    for row in &rows {
        let score = match row.search.score {
            ScoreJson::Cp(cp) => format!("{cp:+}"),
            ScoreJson::Mate(m) => format!("#{m}"),
        };
        let mark = if !row.completed {
            format!("  cut at {} nodes", thousands(args.nodes))
        } else if row.agrees_with_minimax == Some(false) {
            "  ≠ minimax!".to_owned()
        } else {
            String::new()
        };
        outln!(
            "{:<26} {:>13} {:>13} {:>11} {:>6.2} {:>10} {:>12} {:>7} {:>8}{}",
            row.label,
            thousands(row.search.nodes),
            thousands(row.search.leaf_nodes),
            thousands(row.search.cutoffs),
            row.ebf,
            millis(row.search.time_ms),
            thousands(row.search.nps),
            score,
            row.search.best_move_text.as_deref().unwrap_or("-"),
            mark
        )?;
    }
    outln!(
        "Rows down to PVS (and MTD(f)) never change minimax's value; from quiescence on the engine\n\
         searches past the horizon and prunes boldly, so its score may differ. EBF = nodes^(1/depth),\n\
         all nodes counted (quiescence, and earlier iterations of iterative deepening, included)."
    )?;
    Ok(())
}
