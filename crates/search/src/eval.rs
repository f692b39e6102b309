//! Evaluation: what the search thinks of a position it does not search further.
//!
//! Kept apart from [`Game`] because it is an engine's choice, not a rule: one game
//! offers several evaluators (the seeds' simple one, a strong one), and the lab
//! compares them. Noisy moves and ordering hints live here for the same reason.

use crate::{Game, Side};

/// A static evaluation of a game's positions and the move hints that go with it.
pub trait Evaluator<G: Game>: Send + Sync {
    /// A short name, as the CLI and protocols accept it (`simple`, `strong`).
    fn name(&self) -> &'static str;

    /// The value of the position for the side to move, in centipawns or the
    /// game's like unit. Must stay well inside ±[`crate::MATE_BOUND`].
    fn evaluate(&self, game: &G) -> i32;

    /// A copy of the root readied for this evaluator before a search (an
    /// incremental evaluation attaches its state, which every move made
    /// and taken back then keeps up to date), or `None` when the root
    /// serves as it is.
    fn prepare(&self, root: &G) -> Option<G> {
        let _ = root;
        None
    }

    /// Replaces `out` with the legal moves quiescence search should try when not
    /// in check: captures and promotions in chess; fours and fives in gomoku.
    fn noisy_moves(&self, game: &G, out: &mut Vec<G::Move>) {
        out.clear();
        let _ = game;
    }

    /// Whether `mv` is noisy (tactical): such moves are ordered by
    /// [`Evaluator::order_hint`] and are never reduced as quiet moves are.
    fn is_noisy(&self, game: &G, mv: G::Move) -> bool {
        let _ = (game, mv);
        false
    }

    /// A cheap guess of how good `mv` is, higher first (chess: MVV-LVA for
    /// captures). Noisy moves are ordered by it; quiet moves by history.
    fn order_hint(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// A static guess of a quiet move's worth, added to its history score
    /// when moves are ordered (and so to what spares it from reductions):
    /// in history units, between 0 and a quarter of the history's range.
    /// Gomoku's strong evaluator rates a point by the lines it builds and
    /// blocks; the default adds nothing.
    fn quiet_hint(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// Whether the exchange `mv` starts wins at least `threshold` (static
    /// exchange evaluation). The default says yes, which turns off the pruning
    /// and ordering that rely on it.
    fn exchange_at_least(&self, game: &G, mv: G::Move, threshold: i32) -> bool {
        let _ = (game, mv, threshold);
        true
    }

    /// The material `mv` takes at once, in the exchange evaluation's units
    /// (chess: the victim's value), or `None` when the move may gain more
    /// than that (a promotion) or the evaluator cannot say (the default).
    /// Quiescence's delta pruning skips a capture whose victim, with a
    /// margin, cannot lift the side to alpha.
    fn capture_value(&self, game: &G, mv: G::Move) -> Option<i32> {
        let _ = (game, mv);
        None
    }

    /// A forced win for the side to move that the evaluator proves by its own
    /// means (gomoku's threat-space search), as the number of plies until the
    /// winning move is made (1: it wins with its next move). The engine asks
    /// at inner and quiescence nodes and scores a proof as a mate that far
    /// away. Must only answer what is certain; the default proves nothing.
    /// It may make and unmake moves on `game` (a proof is a search; a copy
    /// of the game at every node would cost more than the proof) and must
    /// leave it as it found it.
    fn proven_win(&self, game: &mut G) -> Option<u32> {
        let _ = game;
        None
    }

    /// The evaluation of `game` taken apart into its terms, for people to
    /// read: the same arithmetic as [`Evaluator::evaluate`], term by term,
    /// so the terms add up to its value. `None` where the evaluator cannot
    /// say (the default).
    fn explain(&self, game: &G) -> Option<EvalBreakdown> {
        let _ = game;
        None
    }
}

/// One term of an evaluation: what it is, whose it is, where on the board
/// it comes from, and what it is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalTerm {
    /// The family it belongs to, as a table of the breakdown groups terms
    /// (`material`, `mobility`, `king safety`...).
    pub group: &'static str,
    /// The term itself (`passed pawn`, `open three`).
    pub name: &'static str,
    /// The player it counts for; `None` for what belongs to the whole
    /// position (the rounding of a blend, a scale-down).
    pub side: Option<Side>,
    /// The point it comes from, named as the game names points in moves
    /// (`e4`); `None` for a term of no one point (the tempo).
    pub point: Option<String>,
    /// What it is worth, in the evaluation's unit, from the first player's
    /// side (positive is good for white, red, or black in gomoku).
    /// Fractional where the evaluation blends middlegame and endgame values.
    pub value: f64,
}

/// An evaluation taken apart: terms that add up to the value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalBreakdown {
    /// Every term, a rounding and any scale-down among them.
    pub terms: Vec<EvalTerm>,
    /// The value [`Evaluator::evaluate`] gives, for the side to move.
    pub score: i32,
    /// The value from the first player's side: the sum of the terms.
    pub first_player_score: i32,
    /// How the blend between middlegame and endgame stands, where the
    /// evaluation blends (`phase 18 of 24: 75 % middlegame`).
    pub blend: Option<String>,
}

impl EvalBreakdown {
    /// The sum of the terms' values.
    #[must_use]
    pub fn sum(&self) -> f64 {
        self.terms.iter().map(|t| t.value).sum()
    }
}
