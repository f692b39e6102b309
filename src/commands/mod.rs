//! One module per subcommand.

pub mod analyze;
pub mod args;
pub mod bench;
pub mod compare;
pub mod datagen;
pub mod matches;
pub mod perft;
pub mod play;
pub mod report;
pub mod serve;
pub mod tree;

use banco_search::EvaluatorStrength;

/// Reads an evaluator name, or the strong default without one.
///
/// # Errors
///
/// A name that is neither `simple` nor `strong`.
pub fn evaluator(name: Option<&str>) -> anyhow::Result<EvaluatorStrength> {
    Ok(name
        .map(str::parse::<EvaluatorStrength>)
        .transpose()?
        .unwrap_or_default())
}
