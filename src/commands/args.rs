//! The arguments every game command shares: the game, its position, its
//! rule and board size.

use banco_games::{GameKind, Setup};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// Reads a game's name, offering the game layer's list in the help.
pub fn game_kind() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::NAMES).try_map(|name| name.parse::<GameKind>())
}

/// The rule and board size, for games that have several.
#[derive(Args, Debug, Clone, Default)]
pub struct BoardArgs {
    /// The rule (gomoku: freestyle, standard, caro, renju; default freestyle).
    #[arg(long)]
    pub rule: Option<String>,
    /// The board size (gomoku: 15 to 20; default 15).
    #[arg(long)]
    pub size: Option<u8>,
}

/// Which game, from which position, by which rule, on which board.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Which game: chess, xiangqi or gomoku.
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// The position (the start position without it): a FEN, or for gomoku the moves.
    #[arg(long)]
    pub fen: Option<String>,
    /// The rule and board size.
    #[command(flatten)]
    pub board: BoardArgs,
}

impl GameArgs {
    /// The arguments of `game` from its start position.
    #[must_use]
    pub fn of(kind: GameKind) -> GameArgs {
        GameArgs {
            kind,
            fen: None,
            board: BoardArgs::default(),
        }
    }

    /// The game layer's setup these arguments describe.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            rule: self.board.rule.clone(),
            size: self.board.size,
            position: self.fen.clone(),
        }
    }
}

/// The game a match plays, and its rule and board (positions come from
/// the openings).
#[derive(Args, Debug, Clone)]
pub struct MatchGameArgs {
    /// Which game: chess, xiangqi or gomoku.
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// The rule and board size.
    #[command(flatten)]
    pub board: BoardArgs,
}

impl MatchGameArgs {
    /// The game layer's setup of the match's start position.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            rule: self.board.rule.clone(),
            size: self.board.size,
            position: None,
        }
    }
}
