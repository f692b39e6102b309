//! The players of a match: a Banco level searching in this process, or an
//! engine in another process speaking UCI or the Gomocup protocol.

use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::bail;

use banco_games::ComputerSettings;
use banco_games::computer::{SearchPlan, plan, think};
use banco_search::{Clock, Game, Level, Limits, Score, SearchConfig, Searcher, Silent};

use super::clock::MoveLimit;
use super::gomocup::GomocupEngine;
use super::uci::UciEngine;
use banco_games::Playable;

/// A move chosen, with the score its player gave it (from its own side), if any.
#[derive(Copy, Clone, Debug)]
pub struct Choice<M> {
    /// The move.
    pub mv: M,
    /// The player's own evaluation after its search.
    pub score: Option<Score>,
}

/// Who plays, as written on the command line.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PlayerSpec {
    /// A Banco level: `5`, `level5` or `level:5`.
    Level(Level),
    /// A UCI engine: `uci:COMMAND` (arguments split at spaces; an argument
    /// `option.NAME=VALUE` is a UCI option for this engine alone, as
    /// `uci:banco uci option.Evaluator=nnue`).
    Uci(String),
    /// A Gomocup brain: `gomocup:COMMAND`.
    Gomocup(String),
}

/// A player spec that is none of the forms [`PlayerSpec`] reads.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error(
    "invalid player '{0}': expected a level (1 to 10, or level5), uci:COMMAND or gomocup:COMMAND"
)]
pub struct ParsePlayerError(String);

impl FromStr for PlayerSpec {
    type Err = ParsePlayerError;

    fn from_str(text: &str) -> Result<PlayerSpec, ParsePlayerError> {
        let bad = || ParsePlayerError(text.to_owned());
        let trimmed = text.trim();
        if let Some(command) = trimmed.strip_prefix("uci:") {
            return if command.trim().is_empty() {
                Err(bad())
            } else {
                Ok(PlayerSpec::Uci(command.trim().to_owned()))
            };
        }
        if let Some(command) = trimmed.strip_prefix("gomocup:") {
            return if command.trim().is_empty() {
                Err(bad())
            } else {
                Ok(PlayerSpec::Gomocup(command.trim().to_owned()))
            };
        }
        let number = trimmed
            .strip_prefix("level")
            .map_or(trimmed, |rest| rest.trim_start_matches([':', ' ']));
        number
            .parse::<Level>()
            .map(PlayerSpec::Level)
            .map_err(|_| bad())
    }
}

/// One side of a match game.
pub trait Player<G: Playable>: Send {
    /// The name the results table shows.
    fn name(&self) -> String;
    /// Forgets the last game (hash tables, an engine's state).
    ///
    /// # Errors
    ///
    /// An engine that no longer answers.
    fn new_game(&mut self) -> anyhow::Result<()>;
    /// Chooses a move in `current`, reached from `start` by `moves`,
    /// within `limit`.
    ///
    /// # Errors
    ///
    /// An engine that fails or answers with an illegal move.
    fn choose(
        &mut self,
        start: &G,
        moves: &[G::Move],
        current: &G,
        limit: &MoveLimit,
    ) -> anyhow::Result<Choice<G::Move>>;
}

/// Starts the player a spec names.
///
/// # Errors
///
/// An engine that cannot be started or does not answer its handshake.
pub fn start<G: Playable>(
    spec: &PlayerSpec,
    options: &[(String, String)],
) -> anyhow::Result<Box<dyn Player<G>>> {
    Ok(match spec {
        PlayerSpec::Level(level) => Box::new(LevelPlayer::new(*level)),
        PlayerSpec::Uci(command) => {
            if G::start().gomocup_position().is_some() {
                bail!(
                    "'uci:{command}': gomoku engines speak Gomocup, not UCI: use gomocup:COMMAND"
                );
            }
            let (command, options) = engine_options(command, options);
            Box::new(UciEngine::start(
                &command,
                &options,
                G::INFO.uci_variant,
                G::INFO.uci_ranks_from_one,
            )?)
        }
        PlayerSpec::Gomocup(command) => {
            let (command, infos) = engine_options(command, options);
            Box::new(GomocupEngine::start(&command, &infos)?)
        }
    })
}

/// Splits `option.NAME=VALUE` arguments off an engine's command: the
/// command left, and the options for this engine (the match's own first,
/// then these, so these win).
fn engine_options(command: &str, shared: &[(String, String)]) -> (String, Vec<(String, String)>) {
    let mut options = shared.to_vec();
    let mut words = Vec::new();
    for word in command.split_whitespace() {
        match word
            .strip_prefix("option.")
            .and_then(|option| option.split_once('='))
        {
            Some((name, value)) if !name.is_empty() => {
                options.push((name.to_owned(), value.to_owned()));
            }
            _ => words.push(word),
        }
    }
    (words.join(" "), options)
}

/// A Banco level, searching in this process as the web page's computer does.
pub struct LevelPlayer {
    level: Level,
    searcher: Searcher,
    searches: u64,
}

impl LevelPlayer {
    /// A level with a fresh searcher.
    #[must_use]
    pub fn new(level: Level) -> LevelPlayer {
        LevelPlayer {
            level,
            searcher: Searcher::new(Self::config()),
            searches: 0,
        }
    }

    fn config() -> SearchConfig {
        SearchConfig {
            hash_mb: 16,
            move_overhead: Duration::from_millis(5),
            ..SearchConfig::default()
        }
    }

    /// The plan of one move in game `G`: the match's limit, this player's
    /// table, and the level through the game layer, as every front end
    /// plans it.
    #[must_use]
    pub fn plan<G: Game>(&self, limit: &MoveLimit, seed: u64) -> SearchPlan {
        let limits = match *limit {
            MoveLimit::MoveTime(t) => Limits::move_time(t),
            MoveLimit::Nodes(nodes) => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            MoveLimit::Clock { increment, .. } => Limits {
                clock: limit.own_time().map(|remaining| Clock {
                    remaining,
                    increment,
                    moves_to_go: None,
                }),
                ..Limits::default()
            },
        };
        plan::<G>(
            &ComputerSettings::level(self.level),
            Self::config(),
            limits,
            seed,
        )
    }
}

impl<G: Playable> Player<G> for LevelPlayer {
    fn name(&self) -> String {
        format!("level {}", self.level)
    }

    fn new_game(&mut self) -> anyhow::Result<()> {
        self.searcher = Searcher::new(Self::config());
        Ok(())
    }

    fn choose(
        &mut self,
        _start: &G,
        _moves: &[G::Move],
        current: &G,
        limit: &MoveLimit,
    ) -> anyhow::Result<Choice<G::Move>> {
        self.searches += 1;
        // Each search draws its own imprecision, as in a game at the page.
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let plan = self.plan::<G>(limit, seed);
        let result = think(current, &mut self.searcher, &plan, &mut Silent);
        let mv = result
            .best_move
            .ok_or_else(|| anyhow::anyhow!("no legal move to choose"))?;
        Ok(Choice {
            mv,
            score: Some(result.report.score()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::{GameKind, with_game};

    #[test]
    fn every_level_plans_as_the_game_layer_plans_it() {
        let movetime = Duration::from_millis(1000);
        for kind in GameKind::ALL {
            for n in 1..=10 {
                let level = Level::new(n).unwrap();
                let player = LevelPlayer::new(level);
                let limit = MoveLimit::MoveTime(movetime);
                let planned = with_game!(kind, G => player.plan::<G>(&limit, 9));
                let layer = kind.plan(
                    &ComputerSettings::level(level),
                    SearchConfig::default(),
                    Limits::move_time(movetime),
                    9,
                );
                assert_eq!(
                    planned.level_terms(),
                    layer.level_terms(),
                    "{kind} level {n}"
                );
            }
        }
    }

    #[test]
    fn specs_parse() {
        assert_eq!(
            "5".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Level(Level::new(5).unwrap())
        );
        assert_eq!(
            "level10".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Level(Level::MAX)
        );
        assert_eq!(
            "uci: stockfish ".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Uci("stockfish".to_owned())
        );
        assert!("gomocup:".parse::<PlayerSpec>().is_err());
        let shared = [("Hash".to_owned(), "16".to_owned())];
        let (command, options) = engine_options(
            "banco  --eval-file n.nnue uci option.Evaluator=nnue option.=x",
            &shared,
        );
        assert_eq!(command, "banco --eval-file n.nnue uci option.=x");
        assert_eq!(
            options,
            [
                ("Hash".to_owned(), "16".to_owned()),
                ("Evaluator".to_owned(), "nnue".to_owned())
            ]
        );
        assert!("11".parse::<PlayerSpec>().is_err());
        assert!("stockfish".parse::<PlayerSpec>().is_err());
    }
}
