//! Reading protocol and terminal input line by line, whatever bytes arrive.
//!
//! `BufRead::lines` fails on a line that is not UTF-8, and a loop built on it
//! ends there: one stray byte from a GUI or a pasted file would silently end
//! the session. [`LossyLines`] instead decodes every line, replacing invalid
//! bytes with U+FFFD, so the line reaches the parser and is refused with a
//! message like any other malformed line.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// `text` with control characters written as escapes (`\u{0}`), for an
/// error message that quotes what was received: a NUL or an escape sequence
/// echoed raw could upset the program reading the answer.
#[must_use]
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The lines of a reader, decoded with invalid UTF-8 replaced, without their
/// line ending (`\n` or `\r\n`).
#[derive(Debug)]
pub struct LossyLines<R> {
    input: R,
    buffer: Vec<u8>,
}

impl<R: BufRead> LossyLines<R> {
    /// Wraps `input`.
    pub fn new(input: R) -> LossyLines<R> {
        LossyLines {
            input,
            buffer: Vec::new(),
        }
    }
}

impl<R: BufRead> Iterator for LossyLines<R> {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        self.buffer.clear();
        match self.input.read_until(b'\n', &mut self.buffer) {
            Ok(0) => None,
            Ok(_) => {
                if self.buffer.last() == Some(&b'\n') {
                    self.buffer.pop();
                    if self.buffer.last() == Some(&b'\r') {
                        self.buffer.pop();
                    }
                }
                Some(Ok(String::from_utf8_lossy(&self.buffer).into_owned()))
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => self.next(),
            Err(error) => Some(Err(error)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LossyLines, printable};

    fn lines(bytes: &[u8]) -> Vec<String> {
        LossyLines::new(bytes).map(Result::unwrap).collect()
    }

    #[test]
    fn splits_on_newlines_and_drops_carriage_returns() {
        assert_eq!(lines(b"uci\r\nisready\nquit"), ["uci", "isready", "quit"]);
        assert_eq!(lines(b""), Vec::<String>::new());
        assert_eq!(lines(b"\n\n"), ["", ""]);
    }

    #[test]
    fn invalid_utf8_becomes_a_line_of_its_own() {
        assert_eq!(
            lines(b"isready\n\x00\xff\xfe\nisready\n"),
            ["isready", "\0\u{fffd}\u{fffd}", "isready"]
        );
    }

    #[test]
    fn control_characters_are_escaped_for_messages() {
        assert_eq!(printable("e2e4"), "e2e4");
        assert_eq!(
            printable("a\0b\x1b[2J\u{fffd}"),
            "a\\u{0}b\\u{1b}[2J\u{fffd}"
        );
    }
}
