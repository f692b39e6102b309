//! The engine's tunable numbers, each with one name in one place.
//!
//! Margins on values are in chess centipawns; the search multiplies them by
//! the game's `Game::EVAL_SCALE` (gomoku's values run ten times larger).

/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: u32 = 4;
/// First half-width of an aspiration window.
pub const ASPIRATION_DELTA: i32 = 20;

/// Reverse futility pruning applies up to this depth…
pub const RFP_MAX_DEPTH: i32 = 8;
/// …with this margin per ply of depth.
pub const RFP_MARGIN: i32 = 75;

/// Null-move pruning applies from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Base reduction of the null-move search.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// One more ply of reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// One more ply of reduction per this much static eval above beta (at most 3).
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// Late move reductions apply from this depth…
pub const LMR_MIN_DEPTH: i32 = 3;
/// …to moves after this many have been searched (more at PV nodes).
pub const LMR_MIN_MOVES: usize = 2;
/// Reduction = base + ln(depth) · ln(move number) / divisor, in hundredths.
pub const LMR_BASE: f64 = 0.75;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.25;
/// Extra plies of reduction at a node expected to fail high (a cut node:
/// the null-window child of a move after the first, or the first child of
/// an expected all node).
pub const LMR_CUT_NODE: i32 = 1;
/// Plies fewer than a quiet move's reduction for a capture that loses
/// material by exchange.
pub const LMR_BAD_NOISY_RELIEF: i32 = 1;

/// Futility pruning of quiet moves applies up to this depth…
pub const FUTILITY_MAX_DEPTH: i32 = 7;
/// …when static eval plus this base…
pub const FUTILITY_BASE: i32 = 100;
/// …plus this per ply cannot reach alpha.
pub const FUTILITY_MARGIN: i32 = 90;
/// Late move pruning applies up to this depth.
pub const LMP_MAX_DEPTH: i32 = 6;
/// Captures losing more than this per ply of depth (by exchange) are skipped near the horizon.
pub const SEE_PRUNE_MARGIN: i32 = 90;

/// Quiet moves that lose more than this times depth² by exchange (a piece
/// put where it is taken for less) are skipped up to…
pub const QUIET_SEE_MARGIN: i32 = 25;
/// …this depth.
pub const QUIET_SEE_MAX_DEPTH: i32 = 8;

/// Singular extensions apply from this depth…
pub const SE_MIN_DEPTH: i32 = 6;
/// …when the table's entry is at most this many plies shallower…
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
/// …and test the other moves against its value less this much per ply.
pub const SE_MARGIN: i32 = 2;

/// ProbCut applies from this depth…
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// …looking for a capture whose reduced search beats beta by this much…
pub const PROBCUT_MARGIN: i32 = 180;
/// …less this much when the position is improving…
pub const PROBCUT_IMPROVING: i32 = 46;
/// …searched this many plies less deep.
pub const PROBCUT_REDUCTION: i32 = 4;

/// History values are kept within ±this.
pub const HISTORY_MAX: i32 = 16_384;
/// The largest history bonus of one cut-off.
pub const HISTORY_BONUS_MAX: i32 = 1_600;

/// Quiescence skips captures that lose material by exchange.
pub const QS_SEE_THRESHOLD: i32 = 0;
