//! Who plays each side: a person at the page, or the computer with its settings.

use banco_search::{Algorithm, Level, Side};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Shortest time per move the API accepts, in milliseconds.
pub const MIN_MOVETIME_MS: u64 = 10;
/// Longest time per move the API accepts, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Deepest fixed depth the API accepts.
pub const MAX_DEPTH: u32 = 64;

/// The computer's settings for one side.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Computer {
    /// Difficulty, 1 to 10.
    pub level: Level,
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// Most time per move, in milliseconds.
    pub movetime_ms: u64,
    /// A fixed depth, if the player asked for one (the level may cap it lower).
    pub depth: Option<u32>,
}

/// One side's player.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Player {
    /// A person moving at the page.
    Human,
    /// The computer.
    Computer(Computer),
}

impl Computer {
    /// The level and algorithm as the game layer's computer settings (the
    /// page offers no evaluator of its own: the level's is used).
    #[must_use]
    pub fn settings(&self) -> banco_games::ComputerSettings {
        banco_games::ComputerSettings {
            level: self.level,
            algorithm: self.algorithm,
            evaluator: None,
        }
    }
}

impl Player {
    /// Whether a person plays this side.
    #[must_use]
    pub const fn is_human(&self) -> bool {
        matches!(self, Player::Human)
    }

    /// The name a record (PGN) gives this player.
    #[must_use]
    pub fn record_name(&self) -> String {
        match self {
            Player::Human => "Human".to_owned(),
            Player::Computer(c) => format!("Banco level {} ({})", c.level, c.algorithm),
        }
    }
}

/// Both sides' players.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Players(pub [Player; 2]);

impl Players {
    /// The player of `side`.
    #[must_use]
    pub fn of(&self, side: Side) -> &Player {
        &self.0[side.index()]
    }

    /// Whether a person plays either side.
    #[must_use]
    pub fn any_human(&self) -> bool {
        self.0.iter().any(Player::is_human)
    }
}

/// One player as the API writes and reads it (and the store keeps it).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum PlayerSpec {
    /// A person.
    Human,
    /// The computer.
    Computer {
        /// 1 (beginner) to 10 (full strength); default 5.
        #[serde(default)]
        level: Option<u8>,
        /// `minimax`, `alphabeta`, `engine` (default) or `mtdf`.
        #[serde(default)]
        algorithm: Option<String>,
        /// Most time per move in milliseconds, 10 to 60000; default 1000.
        #[serde(default)]
        movetime_ms: Option<u64>,
        /// A fixed depth, 1 to 64; default none (the level decides).
        #[serde(default)]
        depth: Option<u32>,
    },
}

/// Both players as the API writes and reads them.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PlayersSpec {
    /// The first player (white, red).
    pub first: PlayerSpec,
    /// The second player (black).
    pub second: PlayerSpec,
}

impl Default for PlayersSpec {
    /// A person against the computer at level 5.
    fn default() -> PlayersSpec {
        PlayersSpec {
            first: PlayerSpec::Human,
            second: PlayerSpec::Computer {
                level: None,
                algorithm: None,
                movetime_ms: None,
                depth: None,
            },
        }
    }
}

impl PlayerSpec {
    /// Checks the settings; `field` names the side in errors.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] naming the bad field.
    pub fn validate(&self, field: &str) -> Result<Player, ApiError> {
        let PlayerSpec::Computer {
            level,
            algorithm,
            movetime_ms,
            depth,
        } = self
        else {
            return Ok(Player::Human);
        };
        let level = Level::new(level.unwrap_or(5))
            .map_err(|err| ApiError::invalid(format!("players.{field}.level"), err.to_string()))?;
        let algorithm = match algorithm {
            Some(name) => name.parse::<Algorithm>().map_err(|err| {
                ApiError::invalid(format!("players.{field}.algorithm"), err.to_string())
            })?,
            None => Algorithm::Engine,
        };
        let movetime_ms = movetime_ms.unwrap_or(1000);
        if !(MIN_MOVETIME_MS..=MAX_MOVETIME_MS).contains(&movetime_ms) {
            return Err(ApiError::invalid(
                format!("players.{field}.movetime_ms"),
                format!(
                    "{movetime_ms} is out of range: from {MIN_MOVETIME_MS} to {MAX_MOVETIME_MS}"
                ),
            ));
        }
        if let Some(depth) = depth
            && !(1..=MAX_DEPTH).contains(depth)
        {
            return Err(ApiError::invalid(
                format!("players.{field}.depth"),
                format!("{depth} is out of range: from 1 to {MAX_DEPTH}"),
            ));
        }
        Ok(Player::Computer(Computer {
            level,
            algorithm,
            movetime_ms,
            depth: *depth,
        }))
    }
}

impl PlayersSpec {
    /// Checks both players.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] naming the bad field.
    pub fn validate(&self) -> Result<Players, ApiError> {
        Ok(Players([
            self.first.validate("first")?,
            self.second.validate("second")?,
        ]))
    }
}

impl From<&Player> for PlayerSpec {
    fn from(player: &Player) -> PlayerSpec {
        match player {
            Player::Human => PlayerSpec::Human,
            Player::Computer(c) => PlayerSpec::Computer {
                level: Some(c.level.get()),
                algorithm: Some(c.algorithm.name().to_owned()),
                movetime_ms: Some(c.movetime_ms),
                depth: c.depth,
            },
        }
    }
}

impl From<&Players> for PlayersSpec {
    fn from(players: &Players) -> PlayersSpec {
        PlayersSpec {
            first: PlayerSpec::from(&players.0[0]),
            second: PlayerSpec::from(&players.0[1]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_fill_in_and_round_trip() {
        let players = PlayersSpec::default().validate().unwrap();
        let Player::Computer(c) = players.of(Side::Second) else {
            panic!("the default is against the computer");
        };
        assert_eq!(
            (c.level.get(), c.algorithm, c.movetime_ms),
            (5, Algorithm::Engine, 1000)
        );
        assert_eq!(PlayersSpec::from(&players).validate().unwrap(), players);
    }

    #[test]
    fn bad_settings_name_their_field() {
        let spec = PlayerSpec::Computer {
            level: Some(11),
            algorithm: None,
            movetime_ms: None,
            depth: None,
        };
        let err = spec.validate("second").unwrap_err().to_string();
        assert!(err.contains("players.second.level"), "{err}");
        let spec = PlayerSpec::Computer {
            level: None,
            algorithm: Some("negascout".into()),
            movetime_ms: None,
            depth: None,
        };
        assert!(
            spec.validate("first")
                .unwrap_err()
                .to_string()
                .contains("negascout")
        );
    }
}
