//! A game with its start and its moves, type-erased so a front end that
//! holds a game of any kind (the server's live games, the UCI engine)
//! handles every game alike.

use std::any::Any;
use std::fmt;

use banco_search::lab::TreeAlgorithm;
use banco_search::{
    EvaluatorStrength, PvLine, Report, RootMoveReport, Searcher, Side, StopFlag,
    perft_divide_until_stopped,
};
use serde::Serialize;

use crate::computer::{SearchPlan, think};
use crate::ending::serialize_side_option;
use crate::lab::{self, RaceView, TreeView};
use crate::{
    Ending, GameInfo, GameKind, Marks, MoveError, MoveSquares, Playable, RecordHeader, Setup,
    SetupError,
};

/// A move as it was played: its code, how people write it, who played it.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct MovePlayed {
    /// The move's code (UCI, ICCS, `h8`), as stored.
    pub code: String,
    /// The move in the game's notation (SAN, WXF).
    pub text: String,
    /// Who played it.
    #[serde(serialize_with = "serialize_side")]
    pub side: Side,
    /// The points it touched.
    #[serde(flatten)]
    pub squares: MoveSquares,
}

fn serialize_side<S: serde::Serializer>(side: &Side, serializer: S) -> Result<S::Ok, S::Error> {
    serialize_side_option(&Some(*side), serializer)
}

/// A legal move as a board offers it.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct LegalMove {
    /// The code to send back.
    pub code: String,
    /// The points it touches.
    #[serde(flatten)]
    pub squares: MoveSquares,
}

/// The board as a page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// Who moves now.
    #[serde(serialize_with = "serialize_side")]
    pub side_to_move: Side,
    /// The current position in the game's format.
    pub position: String,
    /// What the renderer draws after each ply, the start first: `plies + 1` entries.
    pub snapshots: Vec<String>,
    /// The legal moves here (none once the game is over).
    pub legal_moves: Vec<LegalMove>,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Game-specific marks (the checked king, a winning line).
    pub marks: Marks,
}

/// A search report with its moves as text: the line as codes (in
/// `report.pv`) and in the game's notation for people.
#[derive(Clone, Debug)]
pub struct TextReport {
    /// The report, its line as move codes.
    pub report: Report<String>,
    /// The same line in the game's notation, cut at its first illegal move.
    pub pv_text: Vec<String>,
    /// With multi-PV, each of [`Report::lines`] in the game's notation.
    pub line_texts: Vec<Vec<String>>,
    /// Each of [`Report::root_moves`] in the game's notation.
    pub root_texts: Vec<String>,
}

/// The computer's move, ready to be played on the game it was chosen in.
pub struct ChosenMove {
    code: String,
    mv: Box<dyn Any + Send + Sync>,
}

impl ChosenMove {
    /// The move's code (UCI, ICCS, `h8`).
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }
}

impl fmt::Debug for ChosenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ChosenMove").field(&self.code).finish()
    }
}

/// The computer's move on a type-erased game, and how it was found.
#[derive(Debug)]
pub struct TextThought {
    /// The move.
    pub chosen: ChosenMove,
    /// The expected reply, as a code, when the line has one.
    pub ponder: Option<String>,
    /// The final report.
    pub report: TextReport,
    /// How the game's own chooser decided, if it did (gomoku's threat search).
    pub note: Option<String>,
}

/// A game behind one object-safe interface: everything the server, the UCI
/// engine and the lab do with a game of any kind.
pub trait AnyGame: Send + Sync {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// What Banco knows of the game.
    fn info(&self) -> &'static GameInfo {
        self.kind().info()
    }
    /// The rule, size and start position, as a store keeps them.
    fn setup(&self) -> &Setup;
    /// A copy, to change and keep only once the change is stored.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// Plays a move given in the game's program or people's notation.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] saying why it cannot be played; the game is unchanged.
    fn play(&mut self, text: &str) -> Result<MovePlayed, MoveError>;
    /// Plays a move given in program notation only (UCI, ICCS, `h8`).
    ///
    /// # Errors
    ///
    /// A [`MoveError`] saying why it cannot be played; the game is unchanged.
    fn play_code(&mut self, code: &str) -> Result<MovePlayed, MoveError>;
    /// Plays a move in the game's code, checking only that it is legal
    /// here, even when the game's own rules have ended the game by a draw
    /// rule: under a protocol the GUI is the referee, and it may count such
    /// a rule differently (xiangqi's sixty moves without a capture, say), so
    /// an engine follows the moves it is sent rather than stay on an
    /// earlier position.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] when the move is not legal here; the game is unchanged.
    fn follow_code(&mut self, code: &str) -> Result<MovePlayed, MoveError>;
    /// Plays the computer's move, chosen on this position.
    ///
    /// # Errors
    ///
    /// [`MoveError::Invalid`] when the move belongs to another game or position.
    fn play_chosen(&mut self, chosen: &ChosenMove) -> Result<MovePlayed, MoveError>;
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Goes back to the start position.
    fn reset(&mut self);
    /// The moves played, first to last.
    fn moves(&self) -> &[MovePlayed];
    /// Who moves now.
    fn side_to_move(&self) -> Side;
    /// How the game ended by its rules, if it has.
    fn ending(&self) -> Option<Ending>;
    /// Whether `side` could still win by some series of legal moves
    /// (see [`Playable::can_win`]).
    fn can_win(&self, side: Side) -> bool;
    /// The current position in the game's format.
    fn position(&self) -> String;
    /// The board as a page draws it.
    fn board(&self) -> BoardView;
    /// The board as plain text lines, for protocols' `d`.
    fn board_lines(&self) -> Vec<String>;
    /// Chooses the computer's move by `plan`, reporting each iteration (and
    /// the final report, if the iterations did not show it) to `progress`.
    /// `None` when the side to move has no move.
    fn think(
        &self,
        searcher: &mut Searcher,
        plan: &SearchPlan,
        progress: &mut dyn FnMut(&TextReport),
    ) -> Option<TextThought>;
    /// Perft below each root move, moves as codes; `None` once `stop` is
    /// raised (a protocol runs it like a search, and stops it like one).
    fn perft_divide(&self, depth: u32, stop: &StopFlag) -> Option<Vec<(String, u64)>>;
    /// The game in an export format: the position, the move codes, or a
    /// record (`pgn`) with `header`; `None` if the game has no such format.
    fn export(&self, format: &str, header: &RecordHeader<'_>) -> Option<String>;
    /// The game as it stood after its first `ply` moves, history included
    /// (so the lab sees the repetitions the computer saw); `None` when
    /// fewer moves were played.
    fn at_ply(&self, ply: usize) -> Option<Box<dyn AnyGame>>;
    /// The lab's algorithm race on the current position, each row cut at
    /// `node_limit` nodes; `stop` ends it early.
    fn race(
        &self,
        depth: u32,
        strength: EvaluatorStrength,
        node_limit: u64,
        stop: &StopFlag,
    ) -> RaceView;
    /// The computer's answer at this step of a swap opening (gomoku);
    /// `None` for other games.
    fn swap_answer(
        &self,
        opening: crate::swap::SwapRule,
        searcher: &mut Searcher,
        plan: &SearchPlan,
    ) -> Option<Result<crate::swap::SwapAnswer, crate::swap::SwapError>>;
    /// The current position's evaluation by the evaluator `strength`
    /// names, taken apart into its terms; `None` where it cannot say.
    fn explain(&self, strength: EvaluatorStrength) -> Option<crate::Explanation>;
    /// The tree `algorithm` walks from the current position, at most
    /// `max_nodes` nodes, each with its position drawn.
    fn tree(
        &self,
        depth: u32,
        algorithm: TreeAlgorithm,
        strength: EvaluatorStrength,
        max_nodes: usize,
    ) -> TreeView;
}

/// A [`Playable`] game with its start position and the moves played. The
/// game itself keeps the history the rules need; the record keeps what
/// people read of each move, and the boards drawn after each.
#[derive(Clone, Debug)]
pub struct Record<G: Playable> {
    setup: Setup,
    start: G,
    game: G,
    moves: Vec<MovePlayed>,
    snapshots: Vec<String>,
}

impl<G: Playable> Record<G> {
    /// A game set up by `setup`, with the start position written back in the
    /// game's own form (so what is stored reads back exactly).
    ///
    /// # Errors
    ///
    /// The game's [`SetupError`].
    pub fn new(setup: &Setup) -> Result<Record<G>, SetupError> {
        Ok(Record::from_game(G::setup(setup)?, setup))
    }

    /// The game's usual start.
    #[must_use]
    pub fn start() -> Record<G> {
        Record::from_game(G::start(), &Setup::default())
    }

    fn from_game(game: G, setup: &Setup) -> Record<G> {
        let setup = Setup {
            rule: Some(
                setup
                    .rule
                    .clone()
                    .unwrap_or_else(|| G::INFO.rules[0].to_owned()),
            ),
            size: setup.size.or_else(|| G::INFO.sizes.first().copied()),
            position: Some(game.position()),
        };
        Record {
            setup,
            snapshots: vec![game.snapshot()],
            start: game.clone(),
            game,
            moves: Vec::new(),
        }
    }

    /// The game as it stands.
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The principal variation in the game's notation, stopping at the first
    /// move that is not legal (a stale table move must not reach make_move).
    fn line_text(&self, line: &[G::Move]) -> Vec<String> {
        let mut scratch = self.game.clone();
        let mut texts = Vec::with_capacity(line.len());
        for &mv in line {
            if !scratch.playable_moves().contains(&mv) {
                break;
            }
            texts.push(scratch.move_text(mv));
            scratch.make_move(mv);
        }
        texts
    }

    fn text_report(&self, report: &Report<G::Move>) -> TextReport {
        TextReport {
            report: Report {
                depth: report.depth,
                seldepth: report.seldepth,
                value: report.value,
                bound: report.bound,
                stats: report.stats,
                elapsed: report.elapsed,
                pv: report.pv.iter().map(|&mv| G::move_code(mv)).collect(),
                hashfull: report.hashfull,
                lines: report
                    .lines
                    .iter()
                    .map(|line| PvLine {
                        value: line.value,
                        pv: line.pv.iter().map(|&mv| G::move_code(mv)).collect(),
                    })
                    .collect(),
                root_moves: report
                    .root_moves
                    .iter()
                    .map(|root| RootMoveReport {
                        mv: G::move_code(root.mv),
                        nodes: root.nodes,
                        value: root.value,
                        bound: root.bound,
                        seldepth: root.seldepth,
                    })
                    .collect(),
            },
            root_texts: report
                .root_moves
                .iter()
                .map(|root| self.line_text(&[root.mv]).pop().unwrap_or_default())
                .collect(),
            pv_text: self.line_text(&report.pv),
            line_texts: report
                .lines
                .iter()
                .map(|line| self.line_text(&line.pv))
                .collect(),
        }
    }

    /// Plays a legal move, keeping what people read of it.
    fn play_move(&mut self, mv: G::Move) -> MovePlayed {
        let played = MovePlayed {
            code: G::move_code(mv),
            text: self.game.move_text(mv),
            side: self.game.side_to_move(),
            squares: G::move_squares(mv),
        };
        self.game.make_move(mv);
        self.moves.push(played.clone());
        self.snapshots.push(self.game.snapshot());
        played
    }

    fn check_going_on(&self) -> Result<(), MoveError> {
        match self.game.ending() {
            Some(ending) => Err(MoveError::GameOver(ending.text)),
            None => Ok(()),
        }
    }
}

impl<G: Playable> AnyGame for Record<G> {
    fn kind(&self) -> GameKind {
        G::INFO.kind
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn play(&mut self, text: &str) -> Result<MovePlayed, MoveError> {
        self.check_going_on()?;
        let mv = self.game.parse_move(text)?;
        Ok(self.play_move(mv))
    }

    fn play_code(&mut self, code: &str) -> Result<MovePlayed, MoveError> {
        self.check_going_on()?;
        let mv = self.game.parse_code(code)?;
        Ok(self.play_move(mv))
    }

    fn follow_code(&mut self, code: &str) -> Result<MovePlayed, MoveError> {
        let mv = self.game.parse_code(code)?;
        Ok(self.play_move(mv))
    }

    fn play_chosen(&mut self, chosen: &ChosenMove) -> Result<MovePlayed, MoveError> {
        self.check_going_on()?;
        let unplayable =
            || MoveError::Invalid(format!("{} is not a move of this position", chosen.code));
        let mv = *chosen.mv.downcast_ref::<G::Move>().ok_or_else(unplayable)?;
        if !self.game.playable_moves().contains(&mv) {
            return Err(unplayable());
        }
        Ok(self.play_move(mv))
    }

    fn undo(&mut self) -> bool {
        if self.moves.is_empty() || !self.game.take_back() {
            return false;
        }
        self.moves.pop();
        self.snapshots.pop();
        true
    }

    fn reset(&mut self) {
        self.game = self.start.clone();
        self.moves.clear();
        self.snapshots.truncate(1);
    }

    fn moves(&self) -> &[MovePlayed] {
        &self.moves
    }

    fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    fn ending(&self) -> Option<Ending> {
        self.game.ending()
    }

    fn can_win(&self, side: Side) -> bool {
        self.game.can_win(side)
    }

    fn position(&self) -> String {
        self.game.position()
    }

    fn board(&self) -> BoardView {
        let legal_moves = if self.game.ending().is_some() {
            Vec::new()
        } else {
            self.game
                .playable_moves()
                .into_iter()
                .map(|mv| LegalMove {
                    code: G::move_code(mv),
                    squares: G::move_squares(mv),
                })
                .collect()
        };
        BoardView {
            side_to_move: self.game.side_to_move(),
            position: self.game.position(),
            snapshots: self.snapshots.clone(),
            legal_moves,
            in_check: G::INFO.has_check && self.game.in_check(),
            marks: self.game.marks(),
        }
    }

    fn board_lines(&self) -> Vec<String> {
        self.game.board_lines()
    }

    fn think(
        &self,
        searcher: &mut Searcher,
        plan: &SearchPlan,
        progress: &mut dyn FnMut(&TextReport),
    ) -> Option<TextThought> {
        let mut observer = |report: &Report<G::Move>| progress(&self.text_report(report));
        let thought = think(&self.game, searcher, plan, &mut observer);
        let best = thought.best_move?;
        let ponder = match thought.report.pv.as_slice() {
            [first, reply, ..] if *first == best => Some(G::move_code(*reply)),
            _ => None,
        };
        Some(TextThought {
            chosen: ChosenMove {
                code: G::move_code(best),
                mv: Box::new(best),
            },
            ponder,
            report: self.text_report(&thought.report),
            note: thought.note,
        })
    }

    fn perft_divide(&self, depth: u32, stop: &StopFlag) -> Option<Vec<(String, u64)>> {
        let mut game = self.game.clone();
        let counts = perft_divide_until_stopped(&mut game, depth, stop)?;
        Some(
            counts
                .into_iter()
                .map(|(mv, count)| (G::move_code(mv), count))
                .collect(),
        )
    }

    fn export(&self, format: &str, header: &RecordHeader<'_>) -> Option<String> {
        match format {
            "moves" => Some(
                self.moves
                    .iter()
                    .map(|m| m.code.as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            "fen" | "position" if G::INFO.exports.contains(&format) => Some(self.game.position()),
            _ if G::INFO.exports.contains(&format) => self.game.record(format, header),
            _ => None,
        }
    }

    fn at_ply(&self, ply: usize) -> Option<Box<dyn AnyGame>> {
        if ply > self.moves.len() {
            return None;
        }
        let mut earlier = self.clone();
        while earlier.moves.len() > ply {
            if !earlier.undo() {
                return None;
            }
        }
        Some(Box::new(earlier))
    }

    fn race(
        &self,
        depth: u32,
        strength: EvaluatorStrength,
        node_limit: u64,
        stop: &StopFlag,
    ) -> RaceView {
        lab::race(&self.game, &self.setup, depth, strength, node_limit, stop)
    }

    fn swap_answer(
        &self,
        opening: crate::swap::SwapRule,
        searcher: &mut Searcher,
        plan: &SearchPlan,
    ) -> Option<Result<crate::swap::SwapAnswer, crate::swap::SwapError>> {
        self.game.swap_answer(opening, searcher, plan)
    }

    fn explain(&self, strength: EvaluatorStrength) -> Option<crate::Explanation> {
        crate::explain::explain(&self.game, strength)
    }

    fn tree(
        &self,
        depth: u32,
        algorithm: TreeAlgorithm,
        strength: EvaluatorStrength,
        max_nodes: usize,
    ) -> TreeView {
        lab::tree(&self.game, depth, algorithm, strength, max_nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ComputerSettings;
    use banco_search::{Level, Limits, SearchConfig};
    use proptest::prelude::*;

    fn games() -> Vec<Box<dyn AnyGame>> {
        GameKind::ALL
            .iter()
            .map(|kind| kind.setup(&Setup::default()).unwrap())
            .collect()
    }

    #[test]
    fn a_protocol_follows_moves_past_a_draw_rule() {
        // Sixty moves without a capture are up: by Banco's rules the game
        // is drawn, but a referee counting otherwise may play on.
        let setup = Setup::position(Some("4k4/9/9/9/9/9/9/9/4A4/R2K5 w - - 120 100"));
        let mut game = GameKind::Xiangqi.setup(&setup).unwrap();
        assert!(game.ending().is_some());
        assert!(game.play_code("a0a1").is_err());
        assert!(
            game.follow_code("a0b1").is_err(),
            "an illegal move is still refused"
        );
        assert_eq!(game.moves().len(), 0);
        game.follow_code("a0a1").unwrap();
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.side_to_move(), Side::Second);
    }

    #[test]
    fn undo_and_reset_walk_back_the_snapshots() {
        let mut game = GameKind::Chess.setup(&Setup::default()).unwrap();
        game.play("e4").unwrap();
        game.play("e7e5").unwrap();
        assert_eq!(game.board().snapshots.len(), 3);
        assert!(game.undo());
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.board().snapshots.len(), 2);
        game.reset();
        assert!(game.moves().is_empty() && !game.undo());
        assert_eq!(game.board().legal_moves.len(), 20);
    }

    #[test]
    fn a_gomoku_four_is_not_shown_as_check() {
        // The search treats the opponent's four as check; the board a
        // player sees does not call it one. Chess still does.
        let mut gomoku = GameKind::Gomoku.setup(&Setup::default()).unwrap();
        for code in ["h8", "a1", "i8", "a3", "j8", "a5", "k8"] {
            gomoku.play_code(code).unwrap();
        }
        assert!(!gomoku.board().in_check);
        let mut chess = GameKind::Chess.setup(&Setup::default()).unwrap();
        for code in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"] {
            chess.play_code(code).unwrap();
        }
        assert!(chess.board().in_check);
    }

    #[test]
    fn an_earlier_ply_keeps_its_history() {
        let mut game = GameKind::Xiangqi.setup(&Setup::default()).unwrap();
        for code in ["h2e2", "h9g7", "e2e6"] {
            game.play_code(code).unwrap();
        }
        let earlier = game.at_ply(1).unwrap();
        assert_eq!(earlier.moves().len(), 1);
        assert_eq!(earlier.board().snapshots.len(), 2);
        assert_eq!(earlier.moves()[0].code, "h2e2");
        assert!(game.at_ply(4).is_none());
    }

    #[test]
    fn the_computers_move_is_played_as_chosen() {
        for game in games() {
            let plan = game.kind().plan(
                &ComputerSettings::level(Level::new(3).unwrap()),
                SearchConfig::default(),
                Limits::default(),
                7,
            );
            let mut searcher = Searcher::new(plan.config.clone());
            let mut reports = 0;
            let thought = game
                .think(&mut searcher, &plan, &mut |_| reports += 1)
                .expect("a move");
            assert!(reports > 0, "{}", game.kind());
            let mut after = game.clone_box();
            let played = after.play_chosen(&thought.chosen).unwrap();
            assert_eq!(played.code, thought.chosen.code());
            // A move chosen elsewhere is refused.
            let mut other = games().remove(usize::from(game.kind() == GameKind::Chess));
            assert!(other.play_chosen(&thought.chosen).is_err());
        }
    }

    proptest! {
        #[test]
        fn no_move_text_panics_or_changes_a_refused_move(text in "\\PC{0,12}") {
            for mut game in games() {
                let before = game.board().position;
                if game.play(&text).is_err() {
                    prop_assert_eq!(game.board().position, before);
                    prop_assert!(game.moves().is_empty());
                }
                if game.play_code(&text).is_err() {
                    prop_assert!(game.moves().len() <= 1);
                }
            }
        }

        #[test]
        fn coordinate_like_moves_are_checked(file1 in 0u8..12, rank1 in 0u8..12, file2 in 0u8..12, rank2 in 0u8..12) {
            let text = format!(
                "{}{}{}{}",
                char::from(b'a' + file1), rank1, char::from(b'a' + file2), rank2
            );
            for mut game in games() {
                let legal: Vec<String> = game.board().legal_moves.into_iter().map(|m| m.code).collect();
                match game.play(&text) {
                    Ok(played) => prop_assert!(legal.contains(&played.code)),
                    Err(reason) => prop_assert!(!reason.to_string().is_empty()),
                }
            }
        }
    }
}
