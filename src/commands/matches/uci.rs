//! A UCI engine in a child process, as a match player: Stockfish for chess,
//! Fairy-Stockfish (with `UCI_Variant xiangqi`) for xiangqi.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, bail};
use banco_search::Score;

use super::clock::MoveLimit;
use super::player::{Choice, Player};
use banco_games::Playable;

/// A running UCI engine.
pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    name: String,
    /// Fairy-Stockfish writes xiangqi ranks 1–10, where ICCS counts 0–9.
    ranks_from_one: bool,
}

impl UciEngine {
    /// Starts `command`, shakes hands, sets `options` and, for a variant,
    /// `UCI_Variant`.
    ///
    /// # Errors
    ///
    /// The command cannot start, or the engine does not answer `uciok`/`readyok`.
    pub fn start(
        command: &str,
        options: &[(String, String)],
        variant: Option<&str>,
        ranks_from_one: bool,
    ) -> anyhow::Result<UciEngine> {
        let mut words = command.split_whitespace();
        let program = words.next().context("empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start engine '{command}'"))?;
        let input = child.stdin.take().context("engine has no input")?;
        let output = BufReader::new(child.stdout.take().context("engine has no output")?);
        let mut engine = UciEngine {
            child,
            input,
            output,
            name: command.to_owned(),
            ranks_from_one: false,
        };
        engine.send("uci")?;
        let mut has_variant_option = false;
        loop {
            let line = engine.read_line()?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_owned();
            }
            if line.starts_with("option name UCI_Variant ") {
                has_variant_option = true;
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
            if !name.starts_with("Hash") && !name.starts_with("Threads") {
                engine.name.push_str(&format!(" {name}={value}"));
            }
        }
        if let Some(variant) = variant
            && has_variant_option
        {
            engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
            // Fairy-Stockfish numbers xiangqi ranks 1–10 in every variant's
            // moves; ICCS engines (Banco, Pikafish) count 0–9.
            engine.ranks_from_one = ranks_from_one && engine.name.starts_with("Fairy-Stockfish");
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .with_context(|| format!("engine '{}' stopped reading", self.name))
    }

    fn read_line(&mut self) -> anyhow::Result<String> {
        let mut line = String::new();
        let read = self
            .output
            .read_line(&mut line)
            .with_context(|| format!("engine '{}' cannot be read", self.name))?;
        if read == 0 {
            bail!("engine '{}' closed its output", self.name);
        }
        Ok(line)
    }

    fn ready(&mut self) -> anyhow::Result<()> {
        self.send("isready")?;
        while self.read_line()?.trim() != "readyok" {}
        Ok(())
    }

    /// A move code as the engine writes it.
    fn code_to_engine(&self, code: &str) -> String {
        if self.ranks_from_one {
            shift_ranks(code, 1)
        } else {
            code.to_owned()
        }
    }

    fn engine_to_code(&self, code: &str) -> String {
        if self.ranks_from_one {
            shift_ranks(code, -1)
        } else {
            code.to_owned()
        }
    }
}

/// Adds `by` to both rank numbers of a coordinate move (`h3e3` ↔ `h2e2`).
/// Anything else is returned unchanged and refused later as illegal.
pub fn shift_ranks(code: &str, by: i32) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            match digits.parse::<i32>() {
                Ok(n) => out.push_str(&(n + by).to_string()),
                Err(_) => out.push_str(digits),
            }
            digits.clear();
        }
    };
    for c in code.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// The `go` command for a move limit.
fn go_command(limit: &MoveLimit) -> String {
    match *limit {
        MoveLimit::MoveTime(t) => format!("go movetime {}", t.as_millis().max(1)),
        MoveLimit::Nodes(n) => format!("go nodes {n}"),
        MoveLimit::Clock {
            first,
            second,
            increment,
            ..
        } => format!(
            "go wtime {} btime {} winc {} binc {}",
            first.as_millis(),
            second.as_millis(),
            increment.as_millis(),
            increment.as_millis()
        ),
    }
}

/// The score of an `info` line: `score cp N` or `score mate N`.
fn info_score(line: &str) -> Option<Score> {
    let mut words = line.split_whitespace();
    while let Some(word) = words.next() {
        if word == "score" {
            let kind = words.next()?;
            let value: i32 = words.next()?.parse().ok()?;
            return match kind {
                "cp" => Some(Score::Centipawns(value)),
                "mate" => Some(Score::Mate(value)),
                _ => None,
            };
        }
    }
    None
}

impl<G: Playable> Player<G> for UciEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        start: &G,
        moves: &[G::Move],
        current: &G,
        limit: &MoveLimit,
    ) -> anyhow::Result<Choice<G::Move>> {
        let mut position = format!("position fen {}", start.position());
        if !moves.is_empty() {
            position.push_str(" moves");
            for &mv in moves {
                position.push(' ');
                position.push_str(&self.code_to_engine(&G::move_code(mv)));
            }
        }
        self.send(&position)?;
        self.send(&go_command(limit))?;
        let mut score = None;
        loop {
            let line = self.read_line()?;
            if line.starts_with("info ") {
                score = info_score(&line).or(score);
            } else if let Some(rest) = line.strip_prefix("bestmove") {
                let code = rest.split_whitespace().next().unwrap_or("");
                let code = self.engine_to_code(code);
                let mv = current
                    .parse_code(&code)
                    .map_err(|e| anyhow::anyhow!("engine '{}' played {code}: {e}", self.name))?;
                return Ok(Choice { mv, score });
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to leave on its own, then make sure it is gone.
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_become_go_commands() {
        assert_eq!(
            go_command(&MoveLimit::MoveTime(Duration::from_millis(250))),
            "go movetime 250"
        );
        assert_eq!(go_command(&MoveLimit::Nodes(5000)), "go nodes 5000");
        let clock = MoveLimit::Clock {
            first: Duration::from_millis(1900),
            second: Duration::from_secs(2),
            increment: Duration::from_millis(20),
            mover: banco_search::Side::Second,
        };
        assert_eq!(
            go_command(&clock),
            "go wtime 1900 btime 2000 winc 20 binc 20"
        );
    }

    #[test]
    fn ranks_shift_both_ways() {
        assert_eq!(shift_ranks("h2e2", 1), "h3e3");
        assert_eq!(shift_ranks("h10g8", -1), "h9g7");
        assert_eq!(shift_ranks("a9a0", 1), "a10a1");
        assert_eq!(shift_ranks("(none)", 1), "(none)");
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            info_score("info depth 5 score cp -31 nodes 100 pv e2e4"),
            Some(Score::Centipawns(-31))
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some(Score::Mate(3))
        );
        assert_eq!(info_score("info string hello"), None);
    }
}
