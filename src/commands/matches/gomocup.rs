//! A Gomocup (piskvork) brain in a child process, as a match player. Each
//! move sends the whole position with `BOARD`, which every brain must read,
//! so nothing the brain keeps can drift from the referee's game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, bail};

use super::clock::MoveLimit;
use super::player::{Choice, Player};
use banco_games::Playable;

/// A running Gomocup brain.
pub struct GomocupEngine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    command: String,
    name: String,
    /// The board size and rule the brain was last started with.
    started: Option<(u8, u32)>,
    /// `INFO NAME VALUE` lines sent after every `START`: settings of the
    /// brain's own (Banco's search tunables), as UCI engines get options.
    infos: Vec<(String, String)>,
    /// A move failed (an `ERROR`, a bad answer): lines may still be on
    /// their way that would be read as answers to the next game's
    /// commands, so the next game starts a fresh process.
    out_of_step: bool,
}

impl GomocupEngine {
    /// Starts `command` and asks for its name; `infos` go to the brain as
    /// `INFO NAME VALUE` after each `START`.
    ///
    /// # Errors
    ///
    /// The command cannot start or does not answer `ABOUT`; an info's name
    /// or value holds a space or a line break.
    pub fn start(command: &str, infos: &[(String, String)]) -> anyhow::Result<GomocupEngine> {
        for (name, value) in infos {
            let plain = |s: &str| !s.is_empty() && !s.chars().any(char::is_whitespace);
            if !plain(name) || !plain(value) {
                bail!(
                    "a brain's INFO takes one word for its name and one for its value, not '{name}={value}'"
                );
            }
        }
        let mut words = command.split_whitespace();
        let program = words.next().context("empty brain command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start brain '{command}'"))?;
        let input = child.stdin.take().context("brain has no input")?;
        let output = BufReader::new(child.stdout.take().context("brain has no output")?);
        let mut brain = GomocupEngine {
            child,
            input,
            output,
            command: command.to_owned(),
            name: command.to_owned(),
            started: None,
            infos: infos.to_vec(),
            out_of_step: false,
        };
        brain.send("ABOUT")?;
        let about = brain.answer()?;
        if let Some(name) = about_field(&about, "name") {
            brain.name = name;
        }
        Ok(brain)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .with_context(|| format!("brain '{}' stopped reading", self.command))
    }

    /// The next line that is not a message or debug output.
    fn answer(&mut self) -> anyhow::Result<String> {
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                bail!("brain '{}' closed its output", self.command);
            }
            let trimmed = line.trim();
            let upper = trimmed.to_ascii_uppercase();
            if trimmed.is_empty() || upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") {
                continue;
            }
            if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
                bail!("brain '{}' answered: {trimmed}", self.command);
            }
            return Ok(trimmed.to_owned());
        }
    }
}

/// A field of an `ABOUT` answer: `name="pbrain-x", version="1.0"`.
fn about_field(about: &str, key: &str) -> Option<String> {
    let start = about.find(&format!("{key}=\""))? + key.len() + 2;
    let end = about[start..].find('"')? + start;
    Some(about[start..end].to_owned())
}

impl<G: Playable> Player<G> for GomocupEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        if self.out_of_step {
            // Dropping the old process ends it.
            *self = GomocupEngine::start(&self.command, &self.infos)?;
        }
        self.started = None;
        Ok(())
    }

    fn choose(
        &mut self,
        _start: &G,
        _moves: &[G::Move],
        current: &G,
        limit: &MoveLimit,
    ) -> anyhow::Result<Choice<G::Move>> {
        let choice = self.choose_in_step(current, limit);
        self.out_of_step |= choice.is_err();
        choice
    }
}

impl GomocupEngine {
    /// One move: the position sent whole, the brain's answer read.
    fn choose_in_step<G: Playable>(
        &mut self,
        current: &G,
        limit: &MoveLimit,
    ) -> anyhow::Result<Choice<G::Move>> {
        let setup = current
            .gomocup_position()
            .context("a Gomocup brain plays gomoku only")?;
        if self.started != Some((setup.size, setup.rule_bits)) {
            self.send(&format!("START {}", setup.size))?;
            let ok = self.answer()?;
            if !ok.eq_ignore_ascii_case("OK") {
                bail!(
                    "brain '{}' refused START {}: {ok}",
                    self.command,
                    setup.size
                );
            }
            self.send(&format!("INFO rule {}", setup.rule_bits))?;
            for (name, value) in self.infos.clone() {
                self.send(&format!("INFO {name} {value}"))?;
            }
            self.started = Some((setup.size, setup.rule_bits));
        }
        match *limit {
            MoveLimit::MoveTime(t) => {
                self.send(&format!("INFO timeout_turn {}", t.as_millis().max(1)))?;
                self.send("INFO timeout_match 0")?;
            }
            // Gomocup has no increment: the brain is told its time left.
            MoveLimit::Clock { .. } => {
                let left = limit.own_time().unwrap_or_default().as_millis().max(1);
                self.send(&format!("INFO timeout_turn {left}"))?;
                self.send(&format!("INFO timeout_match {left}"))?;
                self.send(&format!("INFO time_left {left}"))?;
            }
            MoveLimit::Nodes(_) => {
                bail!("a Gomocup brain takes no node limit: use --movetime or --tc")
            }
        }
        self.send("BOARD")?;
        let mover_is_first = current.side_to_move() == banco_search::Side::First;
        for &(x, y, first) in &setup.stones {
            let own = first == mover_is_first;
            self.send(&format!("{x},{y},{}", if own { 1 } else { 2 }))?;
        }
        self.send("DONE")?;
        let reply = self.answer()?;
        let mv = current
            .parse_move(&reply)
            .map_err(|e| anyhow::anyhow!("brain '{}' played {reply}: {e}", self.name))?;
        Ok(Choice { mv, score: None })
    }
}

impl Drop for GomocupEngine {
    fn drop(&mut self) {
        let _ = self.send("END");
        std::thread::sleep(Duration::from_millis(20));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_fields_are_read() {
        let about = r#"name="seeds caro", version="1.0", author="x""#;
        assert_eq!(about_field(about, "name").as_deref(), Some("seeds caro"));
        assert_eq!(about_field(about, "country"), None);
    }
}
