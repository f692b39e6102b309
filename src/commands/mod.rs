//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod compare;
pub mod matches;
pub mod perft;
pub mod play;
pub mod report;
pub mod serve;
pub mod tree;

use std::str::FromStr;

use crate::games::CliGame;

/// Reads an evaluator name for `G`, or the strong default without one.
pub fn evaluator<G: CliGame>(name: Option<&str>) -> anyhow::Result<G::Eval> {
    match name {
        Some(name) => G::Eval::from_str(name).map_err(|e| anyhow::anyhow!("{e}")),
        None => Ok(G::evaluator(banco_search::EvaluatorStrength::Strong)),
    }
}
