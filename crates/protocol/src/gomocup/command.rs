//! Gomocup commands from the manager, parsed into a type before anything acts
//! on them. Keywords are read in any case; a line that is not understood is
//! a [`GomocupParseError`], never a panic.

use std::str::FromStr;

/// One line from the manager (outside a `BOARD` block).
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum GomocupCommand {
    /// `START n`: a new empty n×n board.
    Start(i64),
    /// `RECTSTART w,h`: a new empty w×h board.
    RectStart(i64, i64),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain opens the game.
    Begin,
    /// `TURN x,y`: the opponent played x,y; the brain moves.
    Turn(i64, i64),
    /// `BOARD`: a whole position follows, one `x,y,f` a line, until `DONE`.
    Board,
    /// `SWAP2BOARD`: a Swap2 opening step follows, one `x,y` a line (0, 3
    /// or 5 stones, black first), until `DONE`.
    Swap2Board,
    /// `TAKEBACK x,y`: take the stone at x,y back.
    Takeback(i64, i64),
    /// `PLAY x,y`: play x,y for the brain (the answer to a `SUGGEST`).
    Play(i64, i64),
    /// `INFO key value`: a setting.
    Info {
        /// The key, lower case.
        key: String,
        /// The rest of the line.
        value: String,
    },
    /// `END`: quit at once.
    End,
    /// `ABOUT`: describe the brain.
    About,
}

/// A line that is not a command Banco understands.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum GomocupParseError {
    /// Nothing but spaces.
    #[error("empty line")]
    Empty,
    /// A command Banco does not implement.
    #[error("command '{0}' is not supported")]
    Unknown(String),
    /// A known command with arguments that do not read.
    #[error("{command}: cannot read '{text}': {expected}")]
    BadArguments {
        /// The command.
        command: &'static str,
        /// Its arguments as given.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
}

/// Reads a whole number, as Gomocup writes them.
fn number(text: &str) -> Option<i64> {
    let t = text.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Reads `x,y`.
pub(crate) fn pair(text: &str) -> Option<(i64, i64)> {
    let (x, y) = text.split_once(',')?;
    Some((number(x)?, number(y)?))
}

/// Reads `x,y,f` (a `BOARD` line).
pub(crate) fn triple(text: &str) -> Option<(i64, i64, i64)> {
    let mut parts = text.split(',');
    let x = number(parts.next()?)?;
    let y = number(parts.next()?)?;
    let f = number(parts.next()?)?;
    parts.next().is_none().then_some((x, y, f))
}

impl FromStr for GomocupCommand {
    type Err = GomocupParseError;

    fn from_str(line: &str) -> Result<GomocupCommand, GomocupParseError> {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        if word.is_empty() {
            return Err(GomocupParseError::Empty);
        }
        let bad = |command, expected| GomocupParseError::BadArguments {
            command,
            text: rest.to_owned(),
            expected,
        };
        let upper = word.to_ascii_uppercase();
        let command = match upper.as_str() {
            "START" => {
                GomocupCommand::Start(number(rest).ok_or_else(|| bad("START", "a board size"))?)
            }
            "RECTSTART" => {
                let (w, h) = pair(rest).ok_or_else(|| bad("RECTSTART", "width,height"))?;
                GomocupCommand::RectStart(w, h)
            }
            "RESTART" => GomocupCommand::Restart,
            "BEGIN" => GomocupCommand::Begin,
            "TURN" | "TAKEBACK" | "PLAY" => {
                let (x, y) = pair(rest).ok_or_else(|| match upper.as_str() {
                    "TURN" => bad("TURN", "x,y"),
                    "TAKEBACK" => bad("TAKEBACK", "x,y"),
                    _ => bad("PLAY", "x,y"),
                })?;
                match upper.as_str() {
                    "TURN" => GomocupCommand::Turn(x, y),
                    "TAKEBACK" => GomocupCommand::Takeback(x, y),
                    _ => GomocupCommand::Play(x, y),
                }
            }
            "BOARD" => GomocupCommand::Board,
            "SWAP2BOARD" => GomocupCommand::Swap2Board,
            "INFO" => {
                let (key, value) = rest
                    .split_once(char::is_whitespace)
                    .map_or((rest, ""), |(k, v)| (k, v.trim()));
                if key.is_empty() {
                    return Err(bad("INFO", "a key and a value"));
                }
                GomocupCommand::Info {
                    key: key.to_ascii_lowercase(),
                    value: value.to_owned(),
                }
            }
            "END" => GomocupCommand::End,
            "ABOUT" => GomocupCommand::About,
            _ => return Err(GomocupParseError::Unknown(word.to_owned())),
        };
        Ok(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_in_any_case() {
        assert_eq!("START 15".parse(), Ok(GomocupCommand::Start(15)));
        assert_eq!("turn 7,8".parse(), Ok(GomocupCommand::Turn(7, 8)));
        assert_eq!(
            "RECTSTART 20,15".parse(),
            Ok(GomocupCommand::RectStart(20, 15))
        );
        assert_eq!(
            "INFO timeout_turn 5000".parse(),
            Ok(GomocupCommand::Info {
                key: "timeout_turn".to_owned(),
                value: "5000".to_owned()
            })
        );
        assert_eq!(
            "  ".parse::<GomocupCommand>(),
            Err(GomocupParseError::Empty)
        );
        assert!(matches!(
            "TURN 7".parse::<GomocupCommand>(),
            Err(GomocupParseError::BadArguments { .. })
        ));
        assert_eq!("swap2board".parse(), Ok(GomocupCommand::Swap2Board));
        assert!(matches!(
            "SWAP3BOARD".parse::<GomocupCommand>(),
            Err(GomocupParseError::Unknown(_))
        ));
        assert_eq!(triple("1,2,1"), Some((1, 2, 1)));
        assert_eq!(triple("1,2"), None);
    }
}
