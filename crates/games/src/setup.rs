//! How a game is set up from text, and why a setup can fail.

/// How a game is set up: rule, board size and start position, as stored.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Setup {
    /// The rule or variant; `None` for the game's default.
    pub rule: Option<String>,
    /// The board size for games that have several; `None` for the default.
    pub size: Option<u8>,
    /// The start position in the game's format (FEN, gomoku's move list);
    /// `None` for the usual start.
    pub position: Option<String>,
}

impl Setup {
    /// A setup from a position alone.
    #[must_use]
    pub fn position(position: Option<&str>) -> Setup {
        Setup {
            position: position.map(str::to_owned),
            ..Setup::default()
        }
    }

    /// The position given, trimmed, or `None` when absent or blank.
    #[must_use]
    pub fn position_text(&self) -> Option<&str> {
        self.position
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
    }

    /// Checks the rule and size of a game with a fixed list of rules and
    /// the board sizes `sizes` (empty: one size, and none may be named).
    ///
    /// # Errors
    ///
    /// [`SetupError::UnknownRule`] or [`SetupError::BadSize`].
    pub fn check_rule_and_size(
        &self,
        game: &'static str,
        rules: &'static [&'static str],
        sizes: &'static [u8],
    ) -> Result<(), SetupError> {
        if let Some(rule) = &self.rule
            && !rules.contains(&rule.as_str())
        {
            return Err(SetupError::UnknownRule {
                game,
                rule: rule.clone(),
                expected: rules.join(", "),
            });
        }
        if let Some(size) = self.size
            && !sizes.contains(&size)
        {
            return Err(SetupError::BadSize {
                game,
                size,
                expected: match (sizes.first(), sizes.last()) {
                    (Some(low), Some(high)) => format!("from {low} to {high}"),
                    _ => "its board has one size; leave size out".to_owned(),
                },
            });
        }
        Ok(())
    }
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
        expected: String,
    },
    /// The start position does not read.
    #[error("bad {format}: {reason}")]
    BadPosition {
        /// The format expected (FEN, move list).
        format: &'static str,
        /// The text given, as it was given.
        input: String,
        /// What is wrong with it, the input quoted.
        reason: String,
    },
}

impl From<crate::UnknownGameError> for SetupError {
    fn from(err: crate::UnknownGameError) -> SetupError {
        SetupError::UnknownGame(err.0)
    }
}
