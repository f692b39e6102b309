//! The contract between a game's rules and the search.
//!
//! A game crate implements [`Game`]; the search never learns which game it is
//! playing. Everything is seen from the side to move, which suits negamax: a
//! finished game is a [`Outcome::Loss`] for the player who would move next when
//! the opponent has just won.

use std::fmt::Debug;

use crate::EvaluatorStrength;

/// One of the two players of a game.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Side {
    /// The player who moves first from the standard start (white, red, black in gomoku).
    First,
    /// The other player.
    Second,
}

impl Side {
    /// Both sides, first player first.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// 0 for the first player, 1 for the second: an index into per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a finished game ended, from the point of view of the side to move.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Outcome {
    /// The side to move has lost (it is mated, or the opponent made five).
    Loss,
    /// Neither side wins.
    Draw,
    /// The side to move has won (rare: most games are won by the player who just moved).
    Win,
}

/// The rules of a two-player, zero-sum, perfect-information game as the search sees them.
///
/// Positions are changed in place with [`Game::make_move`] and restored with
/// [`Game::unmake_move`]; a game whose library is copy-make keeps a stack of
/// positions and pops it. The hash must be kept incrementally: the search reads
/// it at every node.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move. Small and `Copy`: the search stores many of them.
    type Move: Copy + Eq + Debug + Send + Sync + 'static;

    /// The number of distinct values [`Game::move_index`] can return; history
    /// tables have this many entries per side.
    const MOVE_INDEX_SPACE: usize;

    /// Roughly how many chess nodes' time one node of this game takes to
    /// search (1 for chess). Difficulty levels divide their node caps by it,
    /// so a level thinks about as long in every game.
    const NODE_COST: u64 = 1;

    /// How many of this game's evaluation units a chess centipawn is worth,
    /// roughly (1 for chess). Difficulty levels multiply their noise by it,
    /// and the search its margins (aspiration windows, reverse futility,
    /// futility, the null move's eval term), which are set in centipawns.
    const EVAL_SCALE: i32 = 1;

    /// The evaluator full strength (level 10) plays: `Strong` unless the
    /// game's learned evaluation has passed its SPRT against it
    /// (docs/nnue.md).
    const FULL_STRENGTH_EVALUATOR: EvaluatorStrength = EvaluatorStrength::Strong;

    /// Whether the engine's singular extensions (the `singular` technique)
    /// apply in this game: off unless they passed an SPRT in it
    /// (docs/search.md), since an extension that helps one game's tree can
    /// waste another's nodes.
    const SINGULAR_EXTENSIONS: bool = false;

    /// Whether late move reductions reduce one ply more at expected cut
    /// nodes: off unless it passed an SPRT in this game (docs/search.md).
    const CUT_NODE_REDUCTIONS: bool = false;

    /// Whether late move reductions reach captures that lose material by
    /// exchange: off unless it passed an SPRT in this game (docs/search.md).
    const BAD_CAPTURE_REDUCTIONS: bool = false;

    /// Whether the engine's ProbCut (the `probcut` technique) applies in
    /// this game: off unless it passed an SPRT in it (docs/search.md). It
    /// leans on an exchange evaluation of the noisy moves, which not every
    /// game's evaluator has.
    const PROBCUT: bool = false;

    /// Whether razoring applies in this game (a node far below alpha near
    /// the horizon asks quiescence whether a capture saves it): off unless
    /// it passed an SPRT in this game (docs/search.md).
    const RAZORING: bool = false;

    /// Whether a reduced move that beat alpha is searched again one ply
    /// deeper than planned when it beat alpha by a margin, and one ply
    /// shallower when it barely beat the best value so far: off unless it
    /// passed an SPRT in this game (docs/search.md).
    const RESEARCH_DEPTH_ADJUST: bool = false;

    /// Whether a quiet move (not a killer or the counter move) whose
    /// continuation history is far below zero is skipped near the horizon
    /// at a non-PV node (needs [`Game::CONTINUATION_HISTORY`]): off unless
    /// it passed an SPRT in this game (docs/search.md).
    const CONTINUATION_PRUNING: bool = false;

    /// Whether every node below the root skips its late moves at any depth
    /// once a move that does not lose is searched: a multiple of
    /// 3 + depth^1.32 moves of any kind (the tunable `move_count_percent`)
    /// while the position improves, half as many otherwise, at PV
    /// and non-PV nodes alike (the move count pruning of gomoku engines,
    /// far narrower than chess's quiet-move limit near the horizon): off
    /// unless it passed an SPRT in this game, and in gomoku in this rule
    /// (docs/search.md).
    fn move_count_pruning(&self) -> bool {
        false
    }

    /// Whether an expected cut node whose evaluation is far above beta (the
    /// tunable `fhr_margin`) is searched a ply less deep, from depth 3
    /// (fail-high reduction): off unless it passed an SPRT in this game,
    /// and in gomoku in this rule (docs/search.md).
    fn fail_high_reduction(&self) -> bool {
        false
    }

    /// Whether late root moves (quiet, not checking) are searched reduced
    /// first, as late moves of a PV node are below the root: off unless it
    /// passed an SPRT in this game (docs/search.md).
    const ROOT_REDUCTIONS: bool = false;

    /// Whether late move reductions also reach the late evasions of a node
    /// in check and late quiet moves that give check (one ply less):
    /// off unless it passed an SPRT in this game (docs/search.md).
    const LMR_CHECKS: bool = false;

    /// Whether futility and exchange pruning of a quiet move use the depth
    /// its late move reduction would leave it (Stockfish's `lmrDepth`)
    /// instead of the node's depth: off unless it passed an SPRT in this
    /// game (docs/search.md).
    const LMR_DEPTH_PRUNING: bool = false;

    /// Whether quiet moves are also ordered by continuation history (the
    /// history of a move as a reply to the opponent's last move and as a
    /// follow-up to our own move before it): off unless it passed an SPRT
    /// in this game (docs/search.md).
    const CONTINUATION_HISTORY: bool = false;

    /// Whether only checks that do not lose material by exchange extend the
    /// search a ply (the rule of Stockfish 10, `givesCheck && see_ge(move)`)
    /// instead of every check: a check that throws a piece away is seldom
    /// the line that matters, and extending it deepens the whole subtree.
    /// Off unless it passed an SPRT in this game (docs/search.md).
    const SOUND_CHECK_EXTENSION: bool = false;

    /// The number of distinct values [`Game::piece_to_index`] can return.
    const PIECE_TO_SPACE: usize = 2 * Self::MOVE_INDEX_SPACE;

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// Replaces the contents of `out` with every legal move of the side to move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// How many legal moves the side to move has. Perft counts its last ply
    /// with this, so a game whose generator can count without handing the
    /// moves over (chess: without copying its move list) makes perft faster;
    /// `scratch` is a buffer the default fills.
    fn legal_move_count(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(scratch);
        scratch.len()
    }

    /// Plays `mv`, which must be one of [`Game::legal_moves`].
    ///
    /// # Panics
    ///
    /// May panic or corrupt the position if `mv` is not legal here; checked
    /// entry points for user input live in the game crates.
    fn make_move(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move made.
    fn unmake_move(&mut self, mv: Self::Move);

    /// The search's tunable numbers for this game (margins, reductions),
    /// tuned per game by `banco spsa`; the shared defaults unless a game
    /// has its own.
    const SEARCH_PARAMS: crate::SearchParams = crate::SearchParams::DEFAULT;

    /// A 64-bit Zobrist hash of the position, side to move included.
    fn hash(&self) -> u64;

    /// [`Game::hash`] after `mv`, computed before it is made, or a close
    /// guess (chess leaves out castling and en passant rights). The search
    /// only uses it to start fetching the child's table entry while it
    /// makes the move, so a wrong guess costs time, never correctness.
    /// `None` (the default) where a game has no cheap answer.
    fn hash_after(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }

    /// The result if the game is over by a rule that does not need move
    /// generation (fifty moves, insufficient material, five in a row, a full board).
    fn rule_outcome(&self) -> Option<Outcome>;

    /// The result when the side to move has no legal move (chess: mate or
    /// stalemate; xiangqi: always a loss).
    fn no_moves_outcome(&self) -> Outcome;

    /// Whether the side to move is in check. Games without check say `false`.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether `mv` would put the opponent in check. A cheap, conservative
    /// answer is fine (say `true` when unsure): the search only uses it to
    /// spare checking moves from pruning. Games without check keep `false`.
    fn gives_check(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// A small index of `mv` below [`Game::MOVE_INDEX_SPACE`], for history tables
    /// (chess: from × 64 + to).
    fn move_index(mv: Self::Move) -> usize;

    /// A small index below [`Game::PIECE_TO_SPACE`] of what `mv` does
    /// here: which piece (of which side) arrives on which square.
    /// Continuation history pairs two of these, so it must be small; the
    /// default is the side to move and [`Game::move_index`].
    fn piece_to_index(&self, mv: Self::Move) -> usize {
        self.side_to_move().index() * Self::MOVE_INDEX_SPACE + Self::move_index(mv)
    }

    /// The square `mv` lands on, where the game's moves have one (chess:
    /// the destination), so quiescence can tell a recapture; `None` by
    /// default.
    fn destination(mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// A 16-bit key of `mv`, unique among the legal moves of any one position and
    /// never `u16::MAX`; the transposition table stores moves by this key.
    fn move_key(mv: Self::Move) -> u16;

    /// How many plies back a position can repeat: the plies since the last
    /// irreversible move (chess: the halfmove clock). Games whose positions never
    /// repeat keep the default 0.
    fn reversible_plies(&self) -> usize {
        0
    }

    /// Pushes the hashes of the positions that led here, oldest first, not
    /// counting the current one. The search uses them to see repetitions of the
    /// game's earlier positions.
    fn previous_hashes(&self, out: &mut Vec<u64>) {
        let _ = out;
    }

    /// The result when the current position repeats the one `cycle_plies` plies
    /// ago. Chess calls it a draw (the default); xiangqi can rule that the side
    /// that checked throughout the cycle loses.
    fn repetition_outcome(&self, cycle_plies: usize) -> Outcome {
        let _ = cycle_plies;
        Outcome::Draw
    }

    /// Whether passing is a sound guess here (null-move pruning): false in
    /// check, in likely zugzwang, and in games with no pass at all.
    fn null_move_allowed(&self) -> bool {
        false
    }

    /// Passes the turn. Only called when [`Game::null_move_allowed`] is true.
    fn make_null_move(&mut self) {}

    /// Takes back the last [`Game::make_null_move`].
    fn unmake_null_move(&mut self) {}
}
