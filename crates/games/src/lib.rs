//! # banco-games
//!
//! The one place where Banco knows its games. Every front end (the web
//! server, the terminal, UCI, the Gomocup brain, `banco match`) reaches a
//! game through this crate: the list of games and what they are called
//! ([`GameKind`], [`GameInfo`]); a position set up from text ([`Setup`],
//! [`SetupError`]); moves read and written in program and people's notation
//! ([`Playable`]); the end of a game with its reason, winner and result
//! ([`Ending`]); the evaluators by name and a level turned into limits and
//! an evaluator ([`computer::plan`]); the computer's move with a full search
//! report ([`computer::think`]); and records (PGN for chess).
//!
//! A game joins Banco with its rules crate, one `impl Playable` here and
//! one line in [`with_game!`]; see the project's "how to add a game" page.
//!
//! Front ends that are generic over the game use [`with_game!`] to pick the
//! type; those that hold a game of any kind use the type-erased
//! [`AnyGame`] that [`GameKind::setup`] returns.

mod chess;
pub mod computer;
mod ending;
pub mod explain;
mod gomoku;
mod import;
mod kind;
pub mod lab;
mod nets;
mod playable;
mod record;
mod setup;
pub mod swap;
mod training;
mod xiangqi;

pub use banco_chess::ChessGame;
/// The date as records (PGN's `Date` tag) write it, from seconds since 1970.
pub use banco_chess::pgn::pgn_date as record_date;
pub use banco_gomoku::GomokuGame;
pub use banco_xiangqi::XiangqiGame;
pub use computer::{ComputerSettings, LevelTerms, SearchPlan, Thought};
pub use ending::{Ending, parse_side, result_text, serialize_side_option, side_name};
pub use explain::{Explanation, GroupView, TermView};
pub use import::{ImportError, RecordText, move_list};
pub use kind::{GameDescription, GameInfo, GameKind, UnknownGameError};
pub use nets::{EMBEDDED_NET, EvalFileError, load_any_eval_file, load_eval_file};
pub use playable::{GomocupPosition, Marks, MoveError, MoveSquares, Playable, RecordHeader};
pub use record::{
    AnyGame, BoardView, ChosenMove, LegalMove, MovePlayed, Record, TextReport, TextThought,
};
pub use setup::{Setup, SetupError};
pub use training::{TrainingBoard, piece_code};

/// Runs `$body` with `$G` standing for the game type `$kind` names: the one
/// place a game kind becomes a type, so front ends generic over the game
/// never match on the kind themselves.
///
/// ```
/// use banco_games::{GameKind, Playable, with_game};
/// let name = with_game!(GameKind::Xiangqi, G => G::INFO.name);
/// assert_eq!(name, "xiangqi");
/// ```
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::GameKind::Chess => {
                type $G = $crate::ChessGame;
                $body
            }
            $crate::GameKind::Xiangqi => {
                type $G = $crate::XiangqiGame;
                $body
            }
            $crate::GameKind::Gomoku => {
                type $G = $crate::GomokuGame;
                $body
            }
        }
    };
}
