//! The engine options a UCI GUI can set, and their declarations.

use banco_games::{ComputerSettings, GameKind};
use banco_search::{Algorithm, EvaluatorStrength, Level, ParamError, ParamOverrides};

/// Largest transposition table, in MiB (the search crate's cap).
pub const MAX_HASH_MB: usize = banco_search::MAX_HASH_MB;
/// Most search threads.
pub const MAX_THREADS: usize = 256;
/// Most lines `MultiPV` shows.
pub const MAX_MULTI_PV: usize = 64;

/// The current option values.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EngineOptions {
    /// `Hash`, MiB.
    pub hash_mb: usize,
    /// `Threads`.
    pub threads: usize,
    /// `Level`, 1..=10.
    pub level: Level,
    /// `Algorithm`.
    pub algorithm: Algorithm,
    /// `Evaluator`; `None` lets the level decide.
    pub evaluator: Option<EvaluatorStrength>,
    /// `UCI_Variant`: which game.
    pub variant: GameKind,
    /// `Move Overhead`, milliseconds.
    pub move_overhead_ms: u64,
    /// `MultiPV`: lines searched and reported.
    pub multi_pv: usize,
    /// `EvalFile`: the learned evaluation's net, or the shipped one.
    pub eval_file: String,
    /// The search's tunable numbers, one option each under its own name
    /// (`rfp_margin`, …). They are not declared in the `uci` answer, as
    /// Stockfish declares its tuning options only in a tuning build: a
    /// player has no use for them, a tuner (`banco spsa`) knows their
    /// names.
    pub search_params: ParamOverrides,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            level: Level::MAX,
            algorithm: Algorithm::Engine,
            evaluator: None,
            variant: GameKind::Chess,
            move_overhead_ms: 30,
            multi_pv: 1,
            eval_file: banco_games::EMBEDDED_NET.to_owned(),
            search_params: ParamOverrides::default(),
        }
    }
}

/// What a `setoption` asked for.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum OptionChange {
    /// A value changed.
    Set,
    /// `Clear Hash` was pressed.
    ClearHash,
}

/// A `setoption` that cannot be applied.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum OptionError {
    /// No such option.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// The value does not fit the option.
    #[error("option '{name}' cannot take the value '{value}': {expected}")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: String,
    },
}

/// The `option` lines of the `uci` answer.
#[must_use]
pub fn declarations() -> Vec<String> {
    let algorithms: String = Algorithm::ALL
        .iter()
        .map(|a| format!(" var {}", a.name()))
        .collect();
    let variants: String = uci_variants()
        .map(|(name, _)| format!(" var {name}"))
        .collect();
    vec![
        format!("option name UCI_Variant type combo default chess{variants}"),
        format!("option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name Level type spin default 10 min 1 max 10".to_owned(),
        format!("option name Algorithm type combo default engine{algorithms}"),
        "option name Evaluator type combo default auto var auto var simple var strong var nnue"
            .to_owned(),
        format!(
            "option name EvalFile type string default {}",
            banco_games::EMBEDDED_NET
        ),
        "option name Move Overhead type spin default 30 min 0 max 5000".to_owned(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
        "option name Clear Hash type button".to_owned(),
    ]
}

/// The games UCI plays, by their `UCI_Variant` names.
fn uci_variants() -> impl Iterator<Item = (&'static str, GameKind)> {
    GameKind::ALL
        .into_iter()
        .filter_map(|kind| Some((kind.info().uci_variant?, kind)))
}

fn spin(name: &'static str, value: Option<&str>, min: u64, max: u64) -> Result<u64, OptionError> {
    let text = value.unwrap_or("").trim();
    text.parse::<u64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| OptionError::BadValue {
            name,
            value: text.to_owned(),
            expected: format!("a whole number from {min} to {max}"),
        })
}

impl EngineOptions {
    /// Applies `setoption name <name> value <value>`. Names are matched without
    /// regard to case, as GUIs differ. A bad value changes nothing.
    ///
    /// # Errors
    ///
    /// An unknown option or a value it cannot take.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb =
                    usize::try_from(spin("Hash", value, 1, MAX_HASH_MB as u64)?).unwrap_or(16);
            }
            "threads" => {
                self.threads =
                    usize::try_from(spin("Threads", value, 1, MAX_THREADS as u64)?).unwrap_or(1);
            }
            "level" => {
                let n = spin("Level", value, 1, 10)?;
                self.level = Level::new(u8::try_from(n).unwrap_or(10)).unwrap_or(Level::MAX);
            }
            "move overhead" => self.move_overhead_ms = spin("Move Overhead", value, 0, 5000)?,
            "multipv" => {
                self.multi_pv =
                    usize::try_from(spin("MultiPV", value, 1, MAX_MULTI_PV as u64)?).unwrap_or(1);
            }
            "algorithm" => {
                let text = value.unwrap_or("");
                self.algorithm = text.parse().map_err(|_| OptionError::BadValue {
                    name: "Algorithm",
                    value: text.to_owned(),
                    expected: "minimax, alphabeta, engine or mtdf".to_owned(),
                })?;
            }
            "evaluator" => {
                let text = value.unwrap_or("").trim();
                self.evaluator = if text.eq_ignore_ascii_case("auto") {
                    None
                } else {
                    Some(
                        text.parse::<EvaluatorStrength>()
                            .map_err(|_| OptionError::BadValue {
                                name: "Evaluator",
                                value: text.to_owned(),
                                expected: "auto, simple, strong or nnue".to_owned(),
                            })?,
                    )
                };
            }
            "uci_variant" => {
                let text = value.unwrap_or("").trim();
                self.variant =
                    GameKind::from_uci_variant(text).ok_or_else(|| OptionError::BadValue {
                        name: "UCI_Variant",
                        value: text.to_owned(),
                        expected: uci_variants()
                            .map(|(name, _)| name)
                            .collect::<Vec<_>>()
                            .join(" or "),
                    })?;
            }
            "evalfile" => {
                let text = value.unwrap_or("").trim();
                // A net's file says which game it was trained for, and it is
                // loaded for that game whatever the variant now: a GUI may
                // set the file before `UCI_Variant`, as match runners do.
                let loaded = if text.is_empty() || text == banco_games::EMBEDDED_NET {
                    banco_games::load_eval_file(self.variant, text)
                } else {
                    banco_games::load_any_eval_file(text).map(|_| ())
                };
                loaded.map_err(|err| OptionError::BadValue {
                    name: "EvalFile",
                    value: text.to_owned(),
                    expected: err.to_string(),
                })?;
                self.eval_file = if text.is_empty() {
                    banco_games::EMBEDDED_NET.to_owned()
                } else {
                    text.to_owned()
                };
            }
            "clear hash" => return Ok(OptionChange::ClearHash),
            _ => {
                self.search_params
                    .set(name, value.unwrap_or(""))
                    .map_err(|err| match err {
                        ParamError::Unknown(name) => OptionError::Unknown(name),
                        ParamError::OutOfRange {
                            name,
                            value,
                            min,
                            max,
                        } => OptionError::BadValue {
                            name,
                            value,
                            expected: format!("a whole number from {min} to {max}"),
                        },
                    })?;
            }
        }
        Ok(OptionChange::Set)
    }

    /// The computer these options describe: level, algorithm, evaluator.
    #[must_use]
    pub fn computer(&self) -> ComputerSettings {
        ComputerSettings {
            level: self.level,
            algorithm: self.algorithm,
            evaluator: self.evaluator,
        }
    }

    /// The evaluator in force: the one set, or the level's.
    #[must_use]
    pub fn effective_strength(&self) -> EvaluatorStrength {
        self.computer().evaluator_in(self.variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_reject() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("hash", Some("64")), Ok(OptionChange::Set));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("Hash", Some("lots")).is_err());
        assert_eq!(o.hash_mb, 64, "a bad value changes nothing");
        o.set("Level", Some("3")).unwrap();
        assert_eq!(o.level.get(), 3);
        assert_eq!(o.effective_strength(), EvaluatorStrength::Simple);
        o.set("Evaluator", Some("strong")).unwrap();
        assert_eq!(o.effective_strength(), EvaluatorStrength::Strong);
        o.set("UCI_Variant", Some("xiangqi")).unwrap();
        assert_eq!(o.variant, GameKind::Xiangqi);
        assert!(o.set("UCI_Variant", Some("shogi")).is_err());
        assert_eq!(o.variant, GameKind::Xiangqi);
        o.set("ALGORITHM", Some("mtdf")).unwrap();
        assert_eq!(o.algorithm, Algorithm::Mtdf);
        assert!(o.set("Algorithm", Some("magic")).is_err());
        assert_eq!(o.set("Clear Hash", None), Ok(OptionChange::ClearHash));
        assert!(matches!(
            o.set("Ponder", Some("true")),
            Err(OptionError::Unknown(_))
        ));
    }

    #[test]
    fn search_parameters_are_options_too() {
        let mut o = EngineOptions::default();
        assert_eq!(o.set("lmr_divisor", Some("200")), Ok(OptionChange::Set));
        assert_eq!(o.search_params.get("lmr_divisor"), Some(200));
        assert!(matches!(
            o.set("LMR_DIVISOR", Some("5")),
            Err(OptionError::BadValue { .. })
        ));
        assert_eq!(
            o.search_params.get("lmr_divisor"),
            Some(200),
            "a bad value changes nothing"
        );
        assert!(
            declarations()
                .iter()
                .all(|line| !line.contains("lmr_divisor")),
            "tuning options stay out of a GUI's list"
        );
    }

    #[test]
    fn a_net_file_set_before_its_variant_is_taken_for_its_own_game() {
        // The shipped xiangqi net itself, so no other test sees a change.
        let path = std::env::temp_dir().join(format!("banco-evalfile-{}.nnue", std::process::id()));
        std::fs::write(&path, include_bytes!("../../../xiangqi/nets/xiangqi.nnue")).unwrap();
        let mut o = EngineOptions::default();
        assert_eq!(o.variant, GameKind::Chess);
        let text = path.to_str().unwrap();
        assert_eq!(o.set("EvalFile", Some(text)), Ok(OptionChange::Set));
        assert_eq!(o.eval_file, text);
        std::fs::write(&path, b"not a net").unwrap();
        assert!(o.set("EvalFile", Some(text)).is_err());
        assert_eq!(o.eval_file, text, "a refused file changes nothing");
        let _ = std::fs::remove_file(&path);
    }
}
