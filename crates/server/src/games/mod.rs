//! The server's view of a game, behind one trait.
//!
//! A game joins the server by implementing [`WebGame`] (rules come from its
//! own crate; this trait only says how to set it up, read and write its moves,
//! describe its end and draw its board) and by adding one arm to
//! [`GameKind::setup`]. Everything above this module (the API, the store, the
//! computer's searches, the WebSocket feed) works on the type-erased
//! [`AnyGame`] that [`Record`] provides for every `WebGame`.

mod chess;
mod gomoku;
pub mod lab;
mod record;
mod xiangqi;

use banco_search::{Evaluator, EvaluatorStrength, Game, Limits, SearchObserver, Searcher, Side};
use serde::Serialize;

pub use record::{AnyGame, BoardView, LegalMove, MovePlayed, Record};

/// What a record file says of a game besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct RecordHeader<'a> {
    /// The players' names, the first mover's first.
    pub players: [&'a str; 2],
    /// The result as the server judges it, resignation included (`1-0`, `*`).
    pub result: &'a str,
    /// When the game was created, milliseconds since 1970.
    pub created_ms: i64,
}

/// The games the server plays.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
    /// Gomoku, caro and renju.
    Gomoku,
}

impl GameKind {
    /// Every game, in the order the page offers them.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Xiangqi, GameKind::Gomoku];

    /// The name the API uses.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
            GameKind::Gomoku => "gomoku",
        }
    }

    /// The game a name stands for.
    ///
    /// # Errors
    ///
    /// [`SetupError::UnknownGame`] for a name no game has.
    pub fn parse(name: &str) -> Result<GameKind, SetupError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| SetupError::UnknownGame(name.to_owned()))
    }

    /// What the page needs to offer this game: rules, sizes, side names.
    #[must_use]
    pub fn description(self) -> GameDescription {
        match self {
            GameKind::Chess => describe::<banco_chess::ChessGame>(),
            GameKind::Xiangqi => describe::<banco_xiangqi::XiangqiGame>(),
            GameKind::Gomoku => describe::<banco_gomoku::GomokuGame>(),
        }
    }

    /// A new game of this kind: the one place a game is registered.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming the bad rule, size or position.
    pub fn setup(self, setup: &Setup) -> Result<Box<dyn AnyGame>, SetupError> {
        Ok(match self {
            GameKind::Chess => Box::new(Record::<banco_chess::ChessGame>::new(setup)?),
            GameKind::Xiangqi => Box::new(Record::<banco_xiangqi::XiangqiGame>::new(setup)?),
            GameKind::Gomoku => Box::new(Record::<banco_gomoku::GomokuGame>::new(setup)?),
        })
    }
}

/// How a game is set up: rule, board size and start position, as stored.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Setup {
    /// The rule or variant; `None` for the game's default.
    pub rule: Option<String>,
    /// The board size for games that have several; `None` for the default.
    pub size: Option<u8>,
    /// The start position in the game's format; `None` for the usual start.
    pub position: Option<String>,
}

/// Why a game could not be set up.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum SetupError {
    /// No game has this name.
    #[error("unknown game '{0}': expected one of chess, xiangqi, gomoku")]
    UnknownGame(String),
    /// The game has no such rule.
    #[error("{game} has no rule '{rule}': expected one of {expected}")]
    UnknownRule {
        /// The game.
        game: &'static str,
        /// The rule asked for.
        rule: String,
        /// The rules it has.
        expected: String,
    },
    /// The game has no such board size.
    #[error("{game} cannot be played on a board of size {size}: {expected}")]
    BadSize {
        /// The game.
        game: &'static str,
        /// The size asked for.
        size: u8,
        /// What it accepts.
        expected: &'static str,
    },
    /// The start position does not read.
    #[error("bad {format}: {reason}")]
    BadPosition {
        /// The format expected (FEN, move list).
        format: &'static str,
        /// What is wrong with it.
        reason: String,
    },
}

/// How a finished game ended.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct Ending {
    /// A stable name of the reason: `checkmate`, `stalemate`, `repetition`,
    /// `fifty_moves`, `insufficient_material`, `perpetual_check`, `perpetual_chase`,
    /// `sixty_moves`, `resignation`, …
    pub reason: &'static str,
    /// Who won; `None` for a draw.
    #[serde(serialize_with = "serialize_side_option")]
    pub winner: Option<Side>,
    /// The result as records write it (`1-0`, `0-1`, `1/2-1/2`).
    pub result: &'static str,
    /// The ending in words, winner included.
    pub text: String,
}

impl Ending {
    /// An ending with a winner, or a draw, with the result written out.
    #[must_use]
    pub fn new(reason: &'static str, winner: Option<Side>, text: String) -> Ending {
        let result = match winner {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        };
        Ending {
            reason,
            winner,
            result,
            text,
        }
    }
}

/// The points a move touches, for the page to highlight and to match clicks.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct MoveSquares {
    /// Where the piece leaves; `None` for a stone placed on the board.
    pub from: Option<String>,
    /// Where it arrives.
    pub to: String,
    /// The promotion piece letter, if any (`q`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
}

/// What the page's game picker shows about a game.
#[derive(Clone, Debug, Serialize)]
pub struct GameDescription {
    /// The API name.
    pub kind: GameKind,
    /// The rules, default first.
    pub rules: &'static [&'static str],
    /// The board sizes offered, default first (empty: one fixed size).
    pub sizes: &'static [u8],
    /// The two players' names, first player first.
    pub sides: [&'static str; 2],
    /// The name of the position format `position` bodies use.
    pub position_format: &'static str,
    /// The usual start position in that format.
    pub start_position: String,
    /// The export formats.
    pub exports: &'static [&'static str],
    /// The notation of the move list.
    pub notation: &'static str,
}

fn describe<G: WebGame>() -> GameDescription {
    GameDescription {
        kind: G::KIND,
        rules: G::RULES,
        sizes: G::SIZES,
        sides: G::SIDES,
        position_format: G::POSITION_FORMAT,
        start_position: G::setup(&Setup::default())
            .map_or_else(|_| String::new(), |g| g.position()),
        exports: G::EXPORTS,
        notation: G::NOTATION,
    }
}

/// A game as the server drives it. The rules are the game crate's; this adds
/// what a web page and a database need.
pub trait WebGame: Game + Sized {
    /// The game's evaluators.
    type Eval: Evaluator<Self> + 'static;

    /// Which game this is.
    const KIND: GameKind;
    /// The rules it can be played by, default first.
    const RULES: &'static [&'static str];
    /// The board sizes it can be played on, default first; empty when fixed.
    const SIZES: &'static [u8] = &[];
    /// The players' names, first player first.
    const SIDES: [&'static str; 2];
    /// The name of its position format.
    const POSITION_FORMAT: &'static str;
    /// The notation of its move list.
    const NOTATION: &'static str;
    /// The export formats [`WebGame::export`] knows, besides `moves`.
    const EXPORTS: &'static [&'static str];

    /// A new game by `setup`.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming what is wrong with the rule, size or position.
    fn setup(setup: &Setup) -> Result<Self, SetupError>;

    /// The current position in the game's format; [`WebGame::setup`] reads it back.
    fn position(&self) -> String;

    /// What the page's board renderer draws for the current position.
    fn snapshot(&self) -> String {
        self.position()
    }

    /// The moves a person may play here. The search's own list may leave
    /// some out (gomoku searches only near the stones); the page offers these.
    fn playable_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// A move typed by a person or sent by the page, checked to be legal.
    ///
    /// # Errors
    ///
    /// A sentence saying why it is not a legal move here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The move in the game's code (UCI, ICCS, `h8`), as stored.
    fn move_code(mv: Self::Move) -> String;

    /// The legal move `mv` in the notation people read (SAN, WXF).
    fn move_text(&self, mv: Self::Move) -> String;

    /// The points `mv` touches.
    fn move_squares(mv: Self::Move) -> MoveSquares;

    /// How the game ended by its rules, or `None` while it goes on.
    fn ending(&self) -> Option<Ending>;

    /// Game-specific facts the board shows (the checked king, a winning line).
    fn marks(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// The evaluator a level asks for.
    fn evaluator(strength: EvaluatorStrength) -> Self::Eval;

    /// The computer's move here: the shared search's best move, unless the
    /// game has its own way of choosing (a threat search before the search).
    fn choose_move(
        &self,
        searcher: &mut Searcher,
        eval: &Self::Eval,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Self::Move>,
    ) -> Option<Self::Move> {
        searcher.search(self, eval, limits, observer).best_move
    }

    /// Takes back the last move; `false` when there is none.
    fn take_back(&mut self) -> bool;

    /// The game from `start` in a record format (`pgn`) with `header`, if
    /// the format is one of [`WebGame::EXPORTS`] other than `fen`,
    /// `position` and `moves`.
    fn export(&self, format: &str, start: &Self, header: &RecordHeader<'_>) -> Option<String> {
        let _ = (format, start, header);
        None
    }
}

/// `first`, `second` or `null`, as the API writes sides.
pub(crate) fn serialize_side_option<S: serde::Serializer>(
    side: &Option<Side>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match side {
        Some(side) => serializer.serialize_str(side_name(*side)),
        None => serializer.serialize_none(),
    }
}

/// The API's name of a side.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// Reads the API's name of a side.
#[must_use]
pub fn parse_side(text: &str) -> Option<Side> {
    match text {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => None,
    }
}
