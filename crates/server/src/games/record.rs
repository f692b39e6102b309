//! A game with its history, type-erased so the rest of the server handles
//! every game alike.

use std::time::Duration;

use banco_search::lab::TreeAlgorithm;
use banco_search::{EvaluatorStrength, Limits, Report, SearchConfig, Searcher, Side, StopFlag};
use serde::Serialize;

use super::lab::{self, RaceView, TreeView};
use super::{
    Ending, GameKind, MoveSquares, RecordHeader, Setup, SetupError, WebGame, serialize_side_option,
};
use crate::players::Computer;
use crate::progress::SearchInfo;

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

/// A legal move as the page offers it.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct LegalMove {
    /// The code to send back.
    pub code: String,
    /// The points it touches.
    #[serde(flatten)]
    pub squares: MoveSquares,
}

/// The board as the page draws it.
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
    pub marks: serde_json::Value,
}

/// A game behind one object-safe interface: everything the API, the store and
/// the computer's searches do with a game.
pub trait AnyGame: Send + Sync {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// The rule, size and start position, as the store keeps them.
    fn setup(&self) -> &Setup;
    /// A copy, to change and keep only once the change is stored.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// Plays a move given in the game's code or notation.
    ///
    /// # Errors
    ///
    /// A sentence saying why it cannot be played; the game is unchanged.
    fn play(&mut self, text: &str) -> Result<MovePlayed, String>;
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
    /// The board as the page draws it.
    fn board(&self) -> BoardView;
    /// Searches the current position for `computer`, reporting each
    /// iteration to `progress`; returns the chosen move's code.
    fn think(
        &self,
        computer: &Computer,
        stop: &StopFlag,
        seed: u64,
        progress: &mut dyn FnMut(SearchInfo),
    ) -> Option<String>;
    /// The game in a record format (`pgn`), with the players, result and
    /// date of `header`; `None` if the game has no format by that name.
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

/// A [`WebGame`] with its start position and the moves played.
#[derive(Clone, Debug)]
pub struct Record<G: WebGame> {
    setup: Setup,
    start: G,
    game: G,
    moves: Vec<MovePlayed>,
    snapshots: Vec<String>,
}

impl<G: WebGame> Record<G> {
    /// A game set up by `setup`, with the start position written back in the
    /// game's own form (so what is stored reads back exactly).
    ///
    /// # Errors
    ///
    /// The game's [`SetupError`].
    pub fn new(setup: &Setup) -> Result<Record<G>, SetupError> {
        let game = G::setup(setup)?;
        let setup = Setup {
            rule: Some(setup.rule.clone().unwrap_or_else(|| G::RULES[0].to_owned())),
            size: setup.size.or_else(|| G::SIZES.first().copied()),
            position: Some(game.position()),
        };
        Ok(Record {
            setup,
            snapshots: vec![game.snapshot()],
            start: game.clone(),
            game,
            moves: Vec::new(),
        })
    }

    /// The principal variation in the game's notation, stopping at the first
    /// move that is not legal (a stale table move must not reach make_move).
    fn line_text(&self, line: &[G::Move]) -> Vec<String> {
        let mut scratch = self.game.clone();
        let mut texts = Vec::with_capacity(line.len());
        let mut legal;
        for &mv in line {
            legal = scratch.playable_moves();
            if !legal.contains(&mv) {
                break;
            }
            texts.push(scratch.move_text(mv));
            scratch.make_move(mv);
        }
        texts
    }
}

impl<G: WebGame> AnyGame for Record<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn play(&mut self, text: &str) -> Result<MovePlayed, String> {
        if let Some(ending) = self.game.ending() {
            return Err(format!("the game is over: {}", ending.text));
        }
        let mv = self.game.parse_move(text)?;
        let played = MovePlayed {
            code: G::move_code(mv),
            text: self.game.move_text(mv),
            side: self.game.side_to_move(),
            squares: G::move_squares(mv),
        };
        self.game.make_move(mv);
        self.moves.push(played.clone());
        self.snapshots.push(self.game.snapshot());
        Ok(played)
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
            in_check: self.game.in_check(),
            marks: self.game.marks(),
        }
    }

    fn think(
        &self,
        computer: &Computer,
        stop: &StopFlag,
        seed: u64,
        progress: &mut dyn FnMut(SearchInfo),
    ) -> Option<String> {
        let settings = computer.level.settings();
        let mut config = SearchConfig {
            algorithm: computer.algorithm,
            // The weak levels stop at a few plies: a small table is plenty, and
            // a small allocation keeps many games' searches cheap.
            hash_mb: if settings.depth.is_some() { 2 } else { 16 },
            ..SearchConfig::default()
        };
        let mut limits = Limits {
            move_time: Some(Duration::from_millis(computer.movetime_ms)),
            depth: computer.depth,
            stop: stop.clone(),
            ..Limits::default()
        };
        computer
            .level
            .apply_for::<G>(&mut config, &mut limits, seed);
        let eval = G::evaluator(settings.evaluator);
        let side = self.game.side_to_move();
        let ply = self.moves.len();
        let mut observer = |report: &Report<G::Move>| {
            progress(SearchInfo::new(
                report,
                side,
                ply,
                computer,
                self.line_text(&report.pv),
                report.pv.iter().map(|&mv| G::move_code(mv)).collect(),
            ));
        };
        let mut searcher = Searcher::new(config);
        self.game
            .choose_move(&mut searcher, &eval, &limits, &mut observer)
            .map(G::move_code)
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
            "fen" | "position" if G::EXPORTS.contains(&format) => Some(self.game.position()),
            _ if G::EXPORTS.contains(&format) => self.game.export(format, &self.start, header),
            _ => None,
        }
    }

    fn at_ply(&self, ply: usize) -> Option<Box<dyn AnyGame>> {
        let played = self.moves.get(..ply)?;
        let mut record = Record {
            setup: self.setup.clone(),
            start: self.start.clone(),
            game: self.start.clone(),
            moves: Vec::with_capacity(ply),
            snapshots: self.snapshots.get(..1)?.to_vec(),
        };
        for mv in played {
            record.play(&mv.code).ok()?;
        }
        Some(Box::new(record))
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
    use proptest::prelude::*;

    fn games() -> Vec<Box<dyn AnyGame>> {
        GameKind::ALL
            .iter()
            .map(|kind| kind.setup(&Setup::default()).unwrap())
            .collect()
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

    proptest! {
        #[test]
        fn no_move_text_panics_or_changes_a_refused_move(text in "\\PC{0,12}") {
            for mut game in games() {
                let before = game.board().position;
                if game.play(&text).is_err() {
                    prop_assert_eq!(game.board().position, before);
                    prop_assert!(game.moves().is_empty());
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
                    Err(reason) => prop_assert!(!reason.is_empty()),
                }
            }
        }
    }
}
