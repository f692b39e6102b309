//! The engine's numbers, each with one name in one place.
//!
//! Margins on values are in chess centipawns; the search multiplies them by
//! the game's `Game::EVAL_SCALE` (gomoku's values run ten times larger).
//!
//! The numbers a tuner may move are fields of [`SearchParams`], set at run
//! time (a UCI option each, for `banco spsa`); their defaults are the
//! values the engine plays with. The rest are constants.

/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: u32 = 4;

/// Late move reductions apply to moves after this many have been searched
/// (more at PV nodes).
pub const LMR_MIN_MOVES: usize = 2;
/// Extra plies of reduction at a node expected to fail high (a cut node:
/// the null-window child of a move after the first, or the first child of
/// an expected all node).
pub const LMR_CUT_NODE: i32 = 1;
/// Plies fewer than a quiet move's reduction for a capture that loses
/// material by exchange.
pub const LMR_BAD_NOISY_RELIEF: i32 = 1;
/// Most two-ply singular extensions on one path (Stockfish 15.1 allows
/// about ten).
pub const DOUBLE_EXTENSIONS_MAX: i32 = 10;
/// Singular extensions apply when the table's entry is at most this many
/// plies shallower than the node.
pub const SE_TT_DEPTH_MARGIN: i32 = 3;

/// ProbCut applies from this depth…
pub const PROBCUT_MIN_DEPTH: i32 = 5;
/// Fail-high reduction (`Game::fail_high_reduction`) applies from this depth.
pub const FHR_MIN_DEPTH: i32 = 3;
/// …looking for a capture whose reduced search beats beta by this much…
pub const PROBCUT_MARGIN: i32 = 180;
/// …less this much when the position is improving…
pub const PROBCUT_IMPROVING: i32 = 46;
/// …searched this many plies less deep.
pub const PROBCUT_REDUCTION: i32 = 4;

/// Razoring: a node whose value is more than this plus [`RAZOR_MARGIN`] ·
/// depth² below alpha asks quiescence whether a capture saves it
/// (Stockfish 15.1's 369 and 254 in its units, where a pawn is 208).
pub const RAZOR_BASE: i32 = 177;
/// See [`RAZOR_BASE`].
pub const RAZOR_MARGIN: i32 = 122;

/// Continuation history pruning: up to this depth, a quiet move (not a
/// killer or the counter move) whose continuation history is below
/// −[`CONT_PRUNE_MARGIN`] · (depth − 1) is skipped at a non-PV node
/// (Stockfish 15.1's −3,875 · (depth − 1) over three tables of ±30,000,
/// scaled to Banco's two of ±16,384).
pub const CONT_PRUNE_MAX_DEPTH: i32 = 4;
/// See [`CONT_PRUNE_MAX_DEPTH`].
pub const CONT_PRUNE_MARGIN: i32 = 2000;

/// A reduced move whose value beat alpha by more than this plus
/// [`DEEPER_PER_PLY`] per ply of its reduction is searched again a ply
/// deeper than planned (centipawns; Stockfish 15.1's 64 + 11 per ply in
/// its units, a pawn 208).
pub const DEEPER_BASE: i32 = 31;
/// See [`DEEPER_BASE`].
pub const DEEPER_PER_PLY: i32 = 5;

/// A fall of the value since the last search smaller than this (in
/// centipawns, times the game's scale) is noise and takes no more time.
pub const FALLING_EVAL_SLACK: i32 = 8;
/// The falling value stretches the time to at most this many per cent.
pub const FALLING_EVAL_MAX_PERCENT: i32 = 300;

/// History values are kept within ±this.
pub const HISTORY_MAX: i32 = 16_384;

/// Quiescence skips captures that lose material by exchange.
pub const QS_SEE_THRESHOLD: i32 = 0;

/// One tunable number: its name (the UCI option's), the value the engine
/// plays with, the range a tuner keeps it in, and the step SPSA perturbs
/// it by at the end of a run (its `c_end`, fishtest's name).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tunable {
    /// The option's name, as `setoption name` and `banco spsa --params` take it.
    pub name: &'static str,
    /// The engine's value.
    pub default: i32,
    /// The smallest value allowed.
    pub min: i32,
    /// The largest value allowed.
    pub max: i32,
    /// SPSA's perturbation at the end of a run.
    pub step: f64,
}

/// A tunable name that is not one of [`SearchParams::TUNABLE`], or a value
/// outside its range.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// No such parameter.
    #[error("unknown search parameter '{0}'")]
    Unknown(String),
    /// The value is outside the parameter's range.
    #[error("search parameter '{name}' takes a whole number from {min} to {max}, not '{value}'")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: String,
        /// Its smallest value.
        min: i32,
        /// Its largest value.
        max: i32,
    },
}

/// Declares [`SearchParams`], its defaults and its table of tunables from
/// one list, so a field, its default, its range and its step cannot drift
/// apart.
macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $field:ident: $default:literal in $min:literal..=$max:literal step $step:literal;)*) => {
        /// The search's tunable numbers (see the module's notes). The
        /// defaults are the engine's; a tuner changes them through
        /// [`SearchParams::set`].
        #[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $field: i32,)*
        }

        impl SearchParams {
            /// The values the engine plays with.
            pub const DEFAULT: SearchParams = SearchParams { $($field: $default,)* };

            /// Every tunable, in the order tuners list them.
            pub const TUNABLE: &'static [Tunable] = &[
                $(Tunable {
                    name: stringify!($field),
                    default: $default,
                    min: $min,
                    max: $max,
                    step: $step,
                },)*
            ];

            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                $(if name.eq_ignore_ascii_case(stringify!($field)) {
                    return Some(&mut self.$field);
                })*
                None
            }
        }
    };
}

search_params! {
    /// First half-width of an aspiration window.
    aspiration_delta: 20 in 5..=80 step 3.0;
    /// Reverse futility pruning applies up to this depth…
    rfp_max_depth: 8 in 3..=14 step 1.0;
    /// …with this margin per ply of depth.
    rfp_margin: 75 in 20..=200 step 8.0;
    /// Null-move pruning applies from this depth (gomoku: 40, never, until
    /// a test passes; Rapfi passes from depth 8–10 only).
    nmp_min_depth: 3 in 1..=40 step 0.6;
    /// Null-move pruning also asks that the static evaluation stand this
    /// much (in centipawns, times the game's scale) above beta (0: no such
    /// test; Rapfi asks about 300 of its units at depth 10).
    nmp_margin: 0 in 0..=200 step 5.0;
    /// Base reduction of the null-move search.
    nmp_base_reduction: 3 in 1..=6 step 0.6;
    /// One more ply of reduction per this many plies of depth.
    nmp_depth_divisor: 4 in 2..=10 step 0.8;
    /// One more ply of reduction per this much static eval above beta (at most 3).
    nmp_eval_divisor: 200 in 50..=500 step 20.0;
    /// Late move reductions apply from this depth.
    lmr_min_depth: 3 in 2..=6 step 0.6;
    /// Reduction = base + ln(depth) · ln(move number) / divisor: the base,
    /// in hundredths of a ply…
    lmr_base: 75 in 0..=200 step 10.0;
    /// …and the divisor, in hundredths.
    lmr_divisor: 225 in 120..=400 step 15.0;
    /// One ply less reduction per this much history of a quiet move (more
    /// for a negative history).
    lmr_history_divisor: 4096 in 1024..=16384 step 400.0;
    /// Futility pruning of quiet moves applies up to this depth…
    futility_max_depth: 7 in 3..=12 step 1.0;
    /// …when static eval plus this base…
    futility_base: 100 in 0..=300 step 10.0;
    /// …plus this per ply cannot reach alpha.
    futility_margin: 90 in 30..=250 step 8.0;
    /// Late move pruning applies up to this depth.
    lmp_max_depth: 6 in 2..=12 step 1.0;
    /// Captures losing more than this per ply of depth (by exchange) are
    /// skipped near the horizon.
    see_prune_margin: 90 in 20..=250 step 8.0;
    /// Quiet moves that lose more than this times depth² by exchange (a
    /// piece put where it is taken for less) are skipped up to…
    quiet_see_margin: 25 in 5..=100 step 3.0;
    /// …this depth.
    quiet_see_max_depth: 8 in 2..=14 step 1.0;
    /// Singular extensions apply from this depth…
    se_min_depth: 6 in 4..=12 step 0.8;
    /// …and test the other moves against the table's value less this much
    /// per ply of depth, in hundredths of a centipawn.
    se_margin: 200 in 50..=600 step 25.0;
    /// The largest history bonus of one cut-off.
    history_bonus_max: 1600 in 200..=8000 step 150.0;
    /// Where the game prunes by move count at every depth
    /// (`Game::move_count_pruning`), the limit in per cent of 3 + depth^1.32:
    /// 100 % (the curve of gomoku engines) failed in Banco, 300 % passed,
    /// and 200 % passed again once a learned prior ordered the moves.
    move_count_percent: 200 in 25..=800 step 25.0;
    /// Fail-high reduction: an expected cut node whose evaluation is this
    /// much above beta (in centipawns, times the game's scale) is searched
    /// a ply less deep.
    fhr_margin: 100 in 0..=600 step 20.0;
    /// A new iteration starts only before this per cent of the soft time
    /// budget is spent while the best move is stable.
    iteration_start_percent: 55 in 30..=100 step 5.0;
    /// A singular hash move whose rivals all fall this much (in
    /// centipawns, times the game's scale) below the singular bound is
    /// searched two plies deeper outside PV nodes (0: never; chess plays
    /// 12, which passed its test with the next one at 2; docs/search.md).
    double_extension_margin: 0 in 0..=200 step 5.0;
    /// Plies taken off a hash move that is not singular when the table's
    /// value alone is at least beta (Stockfish 15.1 takes two, as chess
    /// does).
    se_fail_high_reduction: 1 in 0..=3 step 0.5;
    /// A value fallen since the last search (of the same side, two plies
    /// back) stretches the time before another iteration starts by this
    /// many per cent per centipawn (times the game's scale) beyond a
    /// fall of [`FALLING_EVAL_SLACK`], up to threefold (0: never, until a
    /// test passes; Stockfish 15.1 gives about ten per cent a centipawn).
    time_falling_percent: 0 in 0..=40 step 1.5;
    /// Plies taken off a hash move that is not singular at an expected
    /// cut node (0: none; later Stockfish versions take two).
    se_cut_node_reduction: 0 in 0..=3 step 0.5;
    /// Late noisy moves that do not lose by exchange (in gomoku, moves
    /// that make an open three or stop a four) are reduced at non-PV nodes
    /// by this per cent of a quiet move's reduction (0: never reduced,
    /// until a test passes; Stockfish 15.1 reduces captures off its
    /// principal variations; gomoku's noisy moves reduced like quiet ones
    /// gained nothing in three runs, docs/search.md).
    noisy_reduction_percent: 0 in 0..=100 step 10.0;
    /// At a PV node, once a move has raised alpha (and not reached beta),
    /// the later moves are searched a ply less deep while the depth is
    /// from 2 to below this, with late move reductions on (0: never;
    /// Stockfish 15.1 does so below 6, Rapfi below 12; chess plays 6,
    /// which passed, gomoku freestyle gained nothing at 12,
    /// docs/search.md).
    alpha_raise_max_depth: 0 in 0..=20 step 1.0;
    /// Quiescence stands pat on the table's value where its bound says it
    /// is nearer the truth than the static value (1), as the main search's
    /// pruning reads it, or on the static value alone (0, until a test
    /// passes; Stockfish does the former).
    qs_table_stand_pat: 0 in 0..=1 step 0.5;
    /// Each fail high of an aspiration window at the root takes this many
    /// plies off the re-search (at least depth 1; reset by a fail low; 0:
    /// none, until a test passes; Stockfish 15.1 takes one a fail high).
    aspiration_fail_high_plies: 0 in 0..=2 step 0.5;
    /// A late move is reduced a ply more when more than this many beta
    /// cut-offs have been found one ply below since the node's parent was
    /// entered (0: never, until a test passes; Stockfish 16 reduces so
    /// beyond three).
    lmr_cutoff_count: 0 in 0..=12 step 1.0;
    /// A late move is reduced a ply less when the move that led to its
    /// node was later than this in the parent's list (0: never, until a
    /// test passes; Stockfish 15.1 does so beyond seven).
    lmr_parent_move_count: 0 in 0..=40 step 1.5;
    /// Where the hash move proved singular and is quiet, the node's later
    /// moves are reduced a ply less (1; 0: not, until a test passes, as
    /// Stockfish 15.1 does).
    lmr_singular_relief: 0 in 0..=1 step 0.5;
    /// A late move of the opponent's (an odd ply) reduced a ply more once
    /// his best move so far holds the root move at or below the root's
    /// alpha (1; 0: not, until a test passes; Rapfi does so).
    lmr_root_alpha: 0 in 0..=1 step 0.5;
    /// Plies of reduction taken off the late moves of a node off the
    /// principal variation that the table marks as once on it (0: none,
    /// until a test passes; Stockfish 15.1 takes two off such nodes and
    /// PV nodes alike, where Banco already takes one off PV nodes).
    lmr_tt_pv: 0 in 0..=2 step 0.5;
    /// Capture futility: a noisy move near the horizon whose victim
    /// (counted as delta pruning counts it, `qs_delta_scale_percent`; the
    /// exchange's gain where the evaluator names no victim) plus this many
    /// centipawns per ply of depth plus one (times the
    /// game's scale) leaves the value at or below alpha is skipped (0:
    /// never, until a test passes; Stockfish 15.1 about 90 + 100 · depth in
    /// centipawns, with the captured piece's value for the gain).
    capture_futility_margin: 0 in 0..=300 step 10.0;
    /// A node that fails low gives the quiet move that led to it a
    /// continuation-history bonus as for a cut-off this many plies deeper
    /// than the node less one (0: none, until a test passes; Stockfish
    /// 15.1 gives up to four times its bonus).
    prior_quiet_bonus: 0 in 0..=4 step 0.5;
    /// Reverse futility pruning returns the static value (0) or its mean
    /// with beta (1, until a test passes; later Stockfish versions do the
    /// latter, a less inflated bound for the table and the parent).
    rfp_return_blend: 0 in 0..=1 step 0.5;
    /// Plies taken off a PV node searched with no hash move (internal
    /// iterative reduction; other nodes always take one; Stockfish 15.1
    /// takes three at PV nodes).
    iir_pv_plies: 1 in 0..=3 step 0.5;
    /// What one unit of the exchange evaluation's material is worth in the
    /// evaluator's units, in per cent: a gap between two values (the
    /// position's distance to alpha) is divided by it before an exchange
    /// is asked to close it. 100 reads them alike; chess's net values a
    /// pawn, a knight, a rook at about 1.4 to 2.5 times the exchange's
    /// 100, 320, 500 (more in endings), so pruning that compares them
    /// asked captures for too much.
    exchange_scale_percent: 100 in 50..=300 step 10.0;
    /// Delta pruning in quiescence: a capture whose victim (converted by
    /// `exchange_scale_percent`) plus this margin (centipawns times the
    /// game's scale) cannot lift the stand-pat value to alpha is skipped
    /// (0: never, until a test passes; Stockfish 15.1 adds about 75
    /// centipawns to the victim's endgame value).
    qs_delta_margin: 0 in 0..=400 step 20.0;
    /// What delta pruning counts a victim's exchange value as, in the
    /// evaluator's units, in per cent. Apart from `exchange_scale_percent`
    /// because a bound must hold in every phase: chess's net values a
    /// pawn at about 1.2 pawns in the middlegame and over 3 in pawn
    /// endings, and a victim counted at less than it is worth hides
    /// captures that would reach alpha.
    qs_delta_scale_percent: 300 in 100..=500 step 20.0;
    /// Quiescence at a node not in check searches at most this many of
    /// its captures in picking order; later ones are skipped unless they
    /// check, recapture on the square the last move landed on, or promote
    /// (0: no limit, until a test passes; Stockfish 15.1 searches two).
    /// Only where delta pruning is on and the evaluator names the victim.
    qs_move_limit: 0 in 0..=8 step 0.5;
    /// Quiescence skips a capture that does not win material by exchange
    /// when even the stand-pat value plus delta pruning's margin is at or
    /// below alpha (1; 0: not, until a test passes; Stockfish 15.1 does).
    qs_see_futility: 0 in 0..=1 step 0.5;
    /// Futility pruning of a quiet move adds its history (plain and
    /// continuation, as the ordering reads them) divided by this to the
    /// margin, so a move that often refuted stays and one that never did
    /// goes sooner (0: no history term, until a test passes; Stockfish
    /// 15.1 adds its continuation history over 60, in its units).
    futility_history_divisor: 0 in 0..=512 step 8.0;
    /// Reverse futility pruning skips a node whose table entry marks it as
    /// once on a principal variation (1; 0: not, until a test passes;
    /// Stockfish 15.1 prunes so only off such nodes).
    rfp_tt_pv: 0 in 0..=1 step 0.5;
    /// When the best move took at least this per cent of the last
    /// iteration's nodes (its rivals were refuted quickly: an easy move),
    /// the time before another iteration starts is scaled by
    /// `time_effort_scale` (0: never, until a test passes; later Stockfish
    /// versions do so from about 93 %).
    time_effort_share: 0 in 0..=100 step 2.0;
    /// See `time_effort_share`: the per cent of the usual time an easy
    /// move gets (later Stockfish versions give about 76 %).
    time_effort_scale: 76 in 30..=100 step 3.0;
    /// Quiet moves are also ordered, reduced and pruned by a continuation
    /// history four plies back, a follow-up to our move two moves ago (1;
    /// 0: one and two plies back only, until a test passes; Stockfish
    /// 15.1 reads four and six plies back too).
    continuation_four_plies: 0 in 0..=1 step 0.5;
    /// The moves a clock's time is shared among when it gives no
    /// `movestogo`: a move's soft budget is the time left over this, plus
    /// three quarters of the increment (25; fewer spends more of the clock
    /// early, as Stockfish does).
    time_moves_to_go: 25 in 10..=50 step 2.0;
    /// A draw is worth this many centipawns less than equality to the side
    /// that started the search, and as much more to its opponent: the
    /// engine steers away from repetitions and dead-drawn exchanges while
    /// it is not worse by more; below 0 it takes a draw while it is not
    /// better by more (0: a draw is worth 0, until a match shows
    /// otherwise; Stockfish 10 and 11 played with 24 of its units).
    contempt: 0 in -100..=100 step 4.0;
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams::DEFAULT
    }
}

impl SearchParams {
    /// The value of the tunable `name` (any case).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        copy.slot(name).map(|value| *value)
    }

    /// Sets the tunable `name` (any case) from text. A bad name or value
    /// changes nothing.
    ///
    /// # Errors
    ///
    /// An unknown name, or a value that is not a whole number within the
    /// tunable's range.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let tunable = SearchParams::TUNABLE
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| ParamError::Unknown(name.trim().to_owned()))?;
        let parsed = value
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|v| (tunable.min..=tunable.max).contains(v))
            .ok_or_else(|| ParamError::OutOfRange {
                name: tunable.name,
                value: value.trim().to_owned(),
                min: tunable.min,
                max: tunable.max,
            })?;
        if let Some(slot) = self.slot(tunable.name) {
            *slot = parsed;
        }
        Ok(())
    }
}

/// Tunables set by name over a game's own values ([`crate::Game::SEARCH_PARAMS`]):
/// what a UCI `setoption` or the tuner asks for, kept apart from the
/// values it changes, since which game it applies to is known only when
/// a search starts.
#[derive(Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct ParamOverrides {
    values: Vec<(&'static str, i32)>,
}

impl ParamOverrides {
    /// Sets the tunable `name` (any case) from text. A bad name or value
    /// is refused and changes nothing.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        // The check is SearchParams::set's, on a scratch copy.
        let mut scratch = SearchParams::DEFAULT;
        scratch.set(name, value)?;
        let tunable = SearchParams::TUNABLE
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| ParamError::Unknown(name.trim().to_owned()))?;
        let parsed = scratch.get(tunable.name).unwrap_or(tunable.default);
        match self.values.iter_mut().find(|(n, _)| *n == tunable.name) {
            Some(slot) => slot.1 = parsed,
            None => self.values.push((tunable.name, parsed)),
        }
        Ok(())
    }

    /// The value set for `name`, if one was.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<i32> {
        self.values
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, v)| v)
    }

    /// `base` with the values set here in place of its own.
    #[must_use]
    pub fn apply(&self, mut base: SearchParams) -> SearchParams {
        for &(name, value) in &self.values {
            if let Some(slot) = base.slot(name) {
                *slot = value;
            }
        }
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_only_what_they_set() {
        let mut base = SearchParams::DEFAULT;
        base.rfp_margin = 61;
        let mut overrides = ParamOverrides::default();
        overrides.set("LMR_divisor", "210").unwrap();
        overrides.set("lmr_divisor", "205").unwrap();
        assert!(overrides.set("lmr_divisor", "5").is_err());
        assert!(overrides.set("no_such", "5").is_err());
        assert_eq!(overrides.get("lmr_divisor"), Some(205));
        let applied = overrides.apply(base);
        assert_eq!(applied.lmr_divisor, 205);
        assert_eq!(applied.rfp_margin, 61, "a value not set stays the base's");
        assert_eq!(ParamOverrides::default().apply(base), base);
    }

    #[test]
    fn every_default_lies_in_its_range_and_reads_back() {
        let params = SearchParams::DEFAULT;
        for t in SearchParams::TUNABLE {
            assert!((t.min..=t.max).contains(&t.default), "{}", t.name);
            assert_eq!(params.get(t.name), Some(t.default), "{}", t.name);
            assert!(t.step > 0.0, "{}", t.name);
        }
    }

    #[test]
    fn set_changes_one_field_and_refuses_bad_input() {
        let mut params = SearchParams::DEFAULT;
        params.set("RFP_Margin", " 90 ").unwrap();
        assert_eq!(params.rfp_margin, 90);
        assert_eq!(params.get("rfp_margin"), Some(90));
        let before = params;
        assert!(matches!(
            params.set("rfp_margin", "9000"),
            Err(ParamError::OutOfRange { .. })
        ));
        assert!(matches!(
            params.set("rfp_margin", "x"),
            Err(ParamError::OutOfRange { .. })
        ));
        assert!(matches!(
            params.set("no_such", "1"),
            Err(ParamError::Unknown(_))
        ));
        assert_eq!(params, before);
    }
}
