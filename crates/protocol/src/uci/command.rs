//! UCI commands from the GUI, parsed into a type before anything acts on them.

use std::str::FromStr;
use std::time::Duration;

/// Where a `position` command starts.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum StartPosition {
    /// `startpos`.
    Start,
    /// `fen <fields>`.
    Fen(String),
}

/// The parameters of `go`.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct GoParams {
    /// `depth N`.
    pub depth: Option<u32>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `movetime MS`.
    pub move_time: Option<Duration>,
    /// `wtime MS` (may be negative when the GUI lets a clock run over; read as 0).
    pub white_time: Option<Duration>,
    /// `btime MS`.
    pub black_time: Option<Duration>,
    /// `winc MS`.
    pub white_increment: Option<Duration>,
    /// `binc MS`.
    pub black_increment: Option<Duration>,
    /// `movestogo N`.
    pub moves_to_go: Option<u32>,
    /// `mate N`: search for a mate in N moves (as a depth of 2N−1 plies).
    pub mate: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `perft N`: count leaf nodes instead of searching (as Stockfish does).
    pub perft: Option<u32>,
}

/// One line from the GUI.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum UciCommand {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option name, as written.
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen <fen> [moves <m1> …]`.
    Position {
        /// The start.
        start: StartPosition,
        /// Moves played from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: print the board (a debugging aid most engines offer).
    Display,
    /// `eval`: print the static evaluation of the position, by groups of
    /// terms (Stockfish's command of the same name).
    Eval,
}

/// Why a line is not a UCI command.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum UciParseError {
    /// An empty line; the loop ignores these silently.
    #[error("empty line")]
    Empty,
    /// The first word is no command we know.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A known command with bad arguments.
    #[error("bad '{command}' command: {reason}")]
    Malformed {
        /// The command word.
        command: &'static str,
        /// What was wrong.
        reason: String,
    },
}

fn malformed(command: &'static str, reason: impl Into<String>) -> UciParseError {
    UciParseError::Malformed {
        command,
        reason: reason.into(),
    }
}

fn number<T: FromStr>(
    command: &'static str,
    key: &str,
    value: Option<&str>,
) -> Result<T, UciParseError> {
    let text = value.ok_or_else(|| malformed(command, format!("'{key}' needs a value")))?;
    text.parse()
        .map_err(|_| malformed(command, format!("'{key}' expects a number, got '{text}'")))
}

/// Reads a millisecond count; a negative clock (a GUI that let it run over) counts as zero.
fn millis(key: &str, value: Option<&str>) -> Result<Duration, UciParseError> {
    let ms: i64 = number("go", key, value)?;
    Ok(Duration::from_millis(u64::try_from(ms).unwrap_or(0)))
}

fn parse_go<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<GoParams, UciParseError> {
    let mut go = GoParams::default();
    while let Some(key) = words.next() {
        match key {
            "depth" => go.depth = Some(number("go", key, words.next())?),
            "nodes" => go.nodes = Some(number("go", key, words.next())?),
            "movetime" => go.move_time = Some(millis(key, words.next())?),
            "wtime" => go.white_time = Some(millis(key, words.next())?),
            "btime" => go.black_time = Some(millis(key, words.next())?),
            "winc" => go.white_increment = Some(millis(key, words.next())?),
            "binc" => go.black_increment = Some(millis(key, words.next())?),
            "movestogo" => go.moves_to_go = Some(number("go", key, words.next())?),
            "mate" => go.mate = Some(number("go", key, words.next())?),
            "perft" => go.perft = Some(number("go", key, words.next())?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                return Err(malformed("go", "searchmoves is not supported"));
            }
            other => return Err(malformed("go", format!("unknown parameter '{other}'"))),
        }
    }
    Ok(go)
}

fn parse_position<'a>(
    mut words: impl Iterator<Item = &'a str>,
) -> Result<UciCommand, UciParseError> {
    let start = match words.next() {
        Some("startpos") => StartPosition::Start,
        Some("fen") => {
            let mut fields = Vec::new();
            let mut moves = Vec::new();
            let mut in_moves = false;
            for word in words {
                if word == "moves" {
                    in_moves = true;
                } else if in_moves {
                    moves.push(word.to_owned());
                } else {
                    fields.push(word);
                }
            }
            if fields.is_empty() {
                return Err(malformed("position", "'fen' needs a FEN"));
            }
            return Ok(UciCommand::Position {
                start: StartPosition::Fen(fields.join(" ")),
                moves,
            });
        }
        Some(other) => {
            return Err(malformed(
                "position",
                format!("expected 'startpos' or 'fen', got '{other}'"),
            ));
        }
        None => return Err(malformed("position", "expected 'startpos' or 'fen'")),
    };
    let moves = match words.next() {
        None => Vec::new(),
        Some("moves") => words.map(str::to_owned).collect(),
        Some(other) => {
            return Err(malformed(
                "position",
                format!("expected 'moves' after the start, got '{other}'"),
            ));
        }
    };
    Ok(UciCommand::Position { start, moves })
}

fn parse_setoption(rest: &str) -> Result<UciCommand, UciParseError> {
    let rest = rest.trim();
    let Some(after_name) = rest.strip_prefix("name") else {
        return Err(malformed(
            "setoption",
            "expected 'name <option> [value <value>]'",
        ));
    };
    let after_name = after_name.trim();
    // Option names may contain spaces ("Move Overhead"); the value follows the
    // word "value".
    let (name, value) = match after_name.find(" value") {
        Some(at) => (
            after_name[..at].trim(),
            Some(after_name[at + " value".len()..].trim().to_owned()),
        ),
        None if after_name == "value" => ("", None),
        None => (after_name, None),
    };
    if name.is_empty() {
        return Err(malformed("setoption", "the option name is missing"));
    }
    Ok(UciCommand::SetOption {
        name: name.to_owned(),
        value,
    })
}

impl FromStr for UciCommand {
    type Err = UciParseError;

    fn from_str(line: &str) -> Result<UciCommand, UciParseError> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let mut words = rest.split_whitespace();
        let command = match word {
            "" => return Err(UciParseError::Empty),
            "uci" => UciCommand::Uci,
            "isready" => UciCommand::IsReady,
            "ucinewgame" => UciCommand::NewGame,
            "stop" => UciCommand::Stop,
            "ponderhit" => UciCommand::PonderHit,
            "quit" => UciCommand::Quit,
            "d" => UciCommand::Display,
            "eval" => UciCommand::Eval,
            "debug" => match words.next() {
                Some("on") => UciCommand::Debug(true),
                Some("off") => UciCommand::Debug(false),
                _ => return Err(malformed("debug", "expected 'on' or 'off'")),
            },
            "setoption" => return parse_setoption(rest),
            "position" => return parse_position(words),
            "go" => UciCommand::Go(parse_go(words)?),
            other => return Err(UciParseError::Unknown(other.chars().take(40).collect())),
        };
        Ok(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_position_commands() {
        assert_eq!(
            "position startpos moves e2e4 e7e5".parse(),
            Ok(UciCommand::Position {
                start: StartPosition::Start,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
        assert_eq!(
            "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2".parse(),
            Ok(UciCommand::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert!(matches!(
            "position".parse::<UciCommand>(),
            Err(UciParseError::Malformed { .. })
        ));
        assert!(matches!(
            "position startpos e2e4".parse::<UciCommand>(),
            Err(UciParseError::Malformed { .. })
        ));
    }

    #[test]
    fn reads_go_parameters() {
        let UciCommand::Go(go) = "go wtime 300000 btime -50 winc 2000 binc 2000 movestogo 40"
            .parse()
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(go.white_time, Some(Duration::from_secs(300)));
        assert_eq!(go.black_time, Some(Duration::ZERO));
        assert_eq!(go.moves_to_go, Some(40));
        assert!(matches!(
            "go depth x".parse::<UciCommand>(),
            Err(UciParseError::Malformed { .. })
        ));
        assert!(matches!(
            "go depth".parse::<UciCommand>(),
            Err(UciParseError::Malformed { .. })
        ));
        assert!(matches!(
            "go sideways".parse::<UciCommand>(),
            Err(UciParseError::Malformed { .. })
        ));
    }

    #[test]
    fn reads_options_with_spaces() {
        assert_eq!(
            "setoption name Move Overhead value 50".parse(),
            Ok(UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
        assert_eq!(
            "setoption name Clear Hash".parse(),
            Ok(UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!("setoption value 3".parse::<UciCommand>().is_err());
        assert!("setoption".parse::<UciCommand>().is_err());
    }

    #[test]
    fn unknown_and_empty_lines() {
        assert_eq!("".parse::<UciCommand>(), Err(UciParseError::Empty));
        assert_eq!(
            "xyzzy 1 2".parse::<UciCommand>(),
            Err(UciParseError::Unknown("xyzzy".into()))
        );
    }
}
