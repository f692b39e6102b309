//! `banco perft`: leaf counts of the move tree, optionally per root move.

use std::time::Instant;

use banco_search::{perft, perft_divide};
use clap::Args;

use crate::GameKind;
use crate::games::{CliGame, Setup};
use crate::output::outln;

/// Arguments of `banco perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Which game.
    pub game: GameKind,
    /// How many plies deep.
    pub depth: u32,
    /// Start from this position instead of the standard one.
    #[arg(long)]
    pub fen: Option<String>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
}

/// Runs `banco perft`.
pub fn run<G: CliGame>(args: &PerftArgs) -> anyhow::Result<()> {
    if !G::HAS_PERFT {
        anyhow::bail!(
            "perft counts a move generator's tree; in {} every empty point is a move",
            G::NAME
        );
    }
    let mut game = G::start(&Setup::position(args.fen.as_deref()))?;
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
