//! One module per subcommand.

pub mod analyze;
pub mod args;
pub mod bench;
pub mod compare;
pub mod datagen;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod play;
pub mod report;
pub mod rng;
pub mod serve;
pub mod spsa;
pub mod train;
pub mod tree;
pub mod tune;

use banco_search::{EvaluatorStrength, MAX_HASH_MB};
use clap::builder::TypedValueParser;

/// The deepest search `bench` and `analyze` take: beyond it a search never
/// ends, and the depth counters were not made for it.
pub const MAX_DEPTH: i64 = 64;
/// The longest `analyze --movetime`, one day in milliseconds: longer is a
/// typing slip, and a time past the clock's range would end the process.
pub const MAX_MOVETIME_MS: u64 = 86_400_000;

/// Reads a transposition table size in MiB, 1 to [`MAX_HASH_MB`]: a
/// larger table is refused before it is tried.
pub fn hash_mb() -> impl TypedValueParser<Value = usize> {
    let max = u64::try_from(MAX_HASH_MB).unwrap_or(u64::MAX);
    clap::value_parser!(u64)
        .range(1..=max)
        .map(|mb| usize::try_from(mb).unwrap_or(MAX_HASH_MB))
}

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
