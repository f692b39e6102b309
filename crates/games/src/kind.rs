//! The games Banco plays, by name, with what every front end needs to know
//! of each before a position exists.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::record::AnyGame;
use crate::{Playable, Setup, SetupError, with_game};

/// The games Banco plays.
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

/// What Banco knows of a game before any position: names, rules, sizes,
/// notations, and the constants the front ends tune by. Each game declares
/// its own once, as [`Playable::INFO`].
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Which game.
    pub kind: GameKind,
    /// The name the command line, the API and records use.
    pub name: &'static str,
    /// The players' names, first player first.
    pub sides: [&'static str; 2],
    /// The rules it can be played by, default first.
    pub rules: &'static [&'static str],
    /// The board sizes it can be played on, default first; empty when fixed.
    pub sizes: &'static [u8],
    /// The name of its position format (`FEN`, `move list`).
    pub position_format: &'static str,
    /// The notation of its move list for people (`SAN`, `WXF`).
    pub notation: &'static str,
    /// The export formats, besides the position and the move codes.
    pub exports: &'static [&'static str],
    /// How to type a move, for help texts.
    pub move_help: &'static str,
    /// A few moves as typed, for a move box's placeholder.
    pub move_examples: &'static str,
    /// The `UCI_Variant` that selects it over UCI, if UCI plays it.
    pub uci_variant: Option<&'static str>,
    /// Whether Fairy-Stockfish-style UCI engines write this game's ranks
    /// from 1 where Banco's codes (ICCS) count from 0.
    pub uci_ranks_from_one: bool,
    /// Whether perft means anything (gomoku's moves are every empty point).
    pub has_perft: bool,
    /// Whether a player is told of check: gomoku's search treats the
    /// opponent's four as check, but players do not call it one.
    pub has_check: bool,
    /// The evaluators it offers by name, default first (`nnue` where the
    /// game has a net).
    pub evaluators: &'static [&'static str],
    /// In a match, a score this large (centipawns, from the mover's side)
    /// that both players agree on ends the game; `None`: only mate scores
    /// do (the game's scores are not centipawns).
    pub decisive_cp: Option<i32>,
    /// Positions `banco bench` searches.
    pub bench_positions: &'static [&'static str],
    /// The deepest `banco bench` searches this game.
    pub bench_max_depth: u32,
    /// The levels' measured strengths, as `banco match --json-out` writes them.
    pub measured_levels: &'static str,
}

/// A game name no game has.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("unknown game '{0}': expected one of chess, xiangqi, gomoku")]
pub struct UnknownGameError(pub String);

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
    /// How to type a move, for the page's move entry.
    pub move_help: &'static str,
    /// A few moves as typed, for the move box's placeholder.
    pub move_examples: &'static str,
    /// The evaluators offered, default first.
    pub evaluators: &'static [&'static str],
}

impl GameKind {
    /// Every game, in the order the page and the help texts offer them.
    pub const ALL: [GameKind; 3] = [GameKind::Chess, GameKind::Xiangqi, GameKind::Gomoku];

    /// Every game's name, in the order of [`GameKind::ALL`].
    pub const NAMES: [&'static str; 3] = ["chess", "xiangqi", "gomoku"];

    /// What Banco knows of this game.
    #[must_use]
    pub fn info(self) -> &'static GameInfo {
        with_game!(self, G => &G::INFO)
    }

    /// The name the command line and the API use.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The game a name stands for.
    ///
    /// # Errors
    ///
    /// [`UnknownGameError`] for a name no game has.
    pub fn parse(name: &str) -> Result<GameKind, UnknownGameError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| UnknownGameError(name.to_owned()))
    }

    /// The game a `UCI_Variant` value selects (case ignored), if UCI plays it.
    #[must_use]
    pub fn from_uci_variant(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|kind| {
            kind.info()
                .uci_variant
                .is_some_and(|v| v.eq_ignore_ascii_case(name.trim()))
        })
    }

    /// What the page needs to offer this game: rules, sizes, side names.
    #[must_use]
    pub fn description(self) -> GameDescription {
        let info = self.info();
        GameDescription {
            kind: self,
            rules: info.rules,
            sizes: info.sizes,
            sides: info.sides,
            position_format: info.position_format,
            start_position: self.start().position(),
            exports: info.exports,
            notation: info.notation,
            move_help: info.move_help,
            move_examples: info.move_examples,
            evaluators: info.evaluators,
        }
    }

    /// Whether the game offers the evaluator (a game without a net has no
    /// `nnue`).
    #[must_use]
    pub fn offers(self, evaluator: banco_search::EvaluatorStrength) -> bool {
        self.info().evaluators.contains(&evaluator.name())
    }

    /// A new game of this kind from its usual start, behind [`AnyGame`].
    #[must_use]
    pub fn start(self) -> Box<dyn AnyGame> {
        with_game!(self, G => Box::new(crate::Record::<G>::start()))
    }

    /// A new game of this kind, with its history, behind [`AnyGame`].
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming the bad rule, size or position.
    pub fn setup(self, setup: &Setup) -> Result<Box<dyn AnyGame>, SetupError> {
        with_game!(self, G => Ok(Box::new(crate::Record::<G>::new(setup)?)))
    }
}

impl FromStr for GameKind {
    type Err = UnknownGameError;

    fn from_str(name: &str) -> Result<GameKind, UnknownGameError> {
        GameKind::parse(name.trim())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_match_the_list() {
        for (kind, name) in GameKind::ALL.into_iter().zip(GameKind::NAMES) {
            assert_eq!(kind.name(), name);
            assert_eq!(kind.info().kind, kind);
            assert_eq!(name.parse::<GameKind>(), Ok(kind));
        }
        assert!("checkers".parse::<GameKind>().is_err());
    }

    #[test]
    fn uci_plays_chess_and_xiangqi() {
        assert_eq!(
            GameKind::from_uci_variant("Xiangqi"),
            Some(GameKind::Xiangqi)
        );
        assert_eq!(GameKind::from_uci_variant("chess"), Some(GameKind::Chess));
        assert_eq!(GameKind::from_uci_variant("gomoku"), None);
    }

    #[test]
    fn every_game_describes_its_start() {
        for kind in GameKind::ALL {
            let description = kind.description();
            assert_eq!(description.kind, kind);
            assert!(!description.rules.is_empty());
            let start = kind.setup(&Setup::default()).unwrap();
            assert_eq!(start.position(), kind.start().position(), "{kind}");
            assert_eq!(start.setup(), kind.start().setup(), "{kind}");
        }
    }
}
