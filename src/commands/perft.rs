//! `banco perft`: leaf counts of the move tree, optionally per root move.

use std::time::Instant;

use banco_search::{MAX_PERFT_DEPTH, perft, perft_divide};
use clap::Args;

use super::args::GameArgs;
use crate::output::outln;
use crate::terminal::game::CliGame;

/// Arguments of `banco perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game and its position.
    #[command(flatten)]
    pub game: GameArgs,
    /// How many plies deep, 1 to 12.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PERFT_DEPTH)))]
    pub depth: u32,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
}

/// Runs `banco perft`.
pub fn run<G: CliGame>(args: &PerftArgs) -> anyhow::Result<()> {
    if !G::INFO.has_perft {
        anyhow::bail!(
            "perft counts a move generator's tree; in {} every empty point is a move",
            G::INFO.name
        );
    }
    let mut game = G::setup(&args.game.setup())?;
    let start = Instant::now();
    let total = if args.divide {
        let counts = perft_divide(&mut game, args.depth);
        for &(mv, count) in &counts {
            outln!("{}: {count}", G::move_code(mv))?;
        }
        outln!()?;
        counts.iter().map(|&(_, count)| count).sum()
    } else {
        perft(&mut game, args.depth)
    };
    let elapsed = start.elapsed();
    outln!("Nodes: {total}")?;
    outln!("Time: {} ms", elapsed.as_millis())?;
    outln!(
        "Nodes/second: {}",
        (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64
    )?;
    Ok(())
}
