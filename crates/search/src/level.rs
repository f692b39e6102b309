//! Difficulty levels 1 (beginner) to 10 (full strength).
//!
//! A level sets the algorithm's limits, the evaluator (the seeds' simple one
//! below level 5), and a deliberate imprecision: each root move's value is
//! shifted by up to `noise` units, fixed per search, so weak levels pick
//! plausible but imperfect moves instead of random ones. The clock still
//! applies on top. The strength each level reaches is measured, not assumed;
//! the project's docs give the figures.

use std::fmt;
use std::str::FromStr;

use crate::{Game, Imprecision, Limits, SearchConfig, Techniques};

/// Which of a game's evaluators to use: the one evaluator name every game,
/// front end and level shares (each game crate turns it into its own
/// evaluator with `From`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum EvaluatorStrength {
    /// Material and piece-square tables, as in the seeds.
    Simple,
    /// The game's strongest hand-written evaluator.
    #[default]
    Strong,
    /// A learned evaluation (NNUE): chess and xiangqi have one; a game
    /// without a net (gomoku) plays its strong evaluator.
    Nnue,
}

impl EvaluatorStrength {
    /// All three, simplest first.
    pub const ALL: [EvaluatorStrength; 3] = [
        EvaluatorStrength::Simple,
        EvaluatorStrength::Strong,
        EvaluatorStrength::Nnue,
    ];

    /// The name the command line, the protocols and the API use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EvaluatorStrength::Simple => "simple",
            EvaluatorStrength::Strong => "strong",
            EvaluatorStrength::Nnue => "nnue",
        }
    }
}

/// An evaluator name other than `simple`, `strong` or `nnue`.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("unknown evaluator '{0}': expected simple, strong or nnue")]
pub struct ParseEvaluatorError(pub String);

impl FromStr for EvaluatorStrength {
    type Err = ParseEvaluatorError;

    fn from_str(text: &str) -> Result<EvaluatorStrength, ParseEvaluatorError> {
        EvaluatorStrength::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| ParseEvaluatorError(text.to_owned()))
    }
}

impl fmt::Display for EvaluatorStrength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty level, 1 to 10.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1..=10, or not a number.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("invalid level '{0}': expected a whole number from 1 (beginner) to 10 (full strength)")]
pub struct ParseLevelError(pub String);

/// What a level does.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct LevelSettings {
    /// Deepest iteration, if capped.
    pub depth: Option<u32>,
    /// Most nodes per move, if capped.
    pub nodes: Option<u64>,
    /// Which evaluator (at level 10 each game may play a stronger one:
    /// [`Level::evaluator_for`]).
    pub evaluator: EvaluatorStrength,
    /// Whether the horizon is extended by quiescence search.
    pub quiescence: bool,
    /// Largest root-move shift, in evaluation units (0: none).
    pub noise: i32,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// A level from its number.
    ///
    /// # Errors
    ///
    /// A number outside 1..=10.
    pub fn new(level: u8) -> Result<Level, ParseLevelError> {
        if (1..=10).contains(&level) {
            Ok(Level(level))
        } else {
            Err(ParseLevelError(level.to_string()))
        }
    }

    /// The level's number.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// What this level does.
    #[must_use]
    pub const fn settings(self) -> LevelSettings {
        use EvaluatorStrength::{Simple, Strong};
        let (depth, nodes, evaluator, quiescence, noise) = match self.0 {
            1 => (Some(1), None, Simple, false, 300),
            2 => (Some(1), None, Simple, true, 150),
            3 => (Some(2), None, Simple, true, 100),
            4 => (Some(3), None, Simple, true, 60),
            5 => (Some(3), None, Strong, true, 40),
            // Node caps two and a half times apart: each step is worth a
            // clear margin, and level 9 moves in a fraction of the page's
            // default second, which level 10 uses in full.
            6 => (None, Some(8_000), Strong, true, 25),
            7 => (None, Some(20_000), Strong, true, 12),
            8 => (None, Some(50_000), Strong, true, 5),
            9 => (None, Some(125_000), Strong, true, 0),
            _ => (None, None, Strong, true, 0),
        };
        LevelSettings {
            depth,
            nodes,
            evaluator,
            quiescence,
            noise,
        }
    }

    /// The evaluator this level plays `G` with: the level's own, and at
    /// full strength the game's strongest ([`Game::FULL_STRENGTH_EVALUATOR`]).
    #[must_use]
    pub fn evaluator_for<G: Game>(self) -> EvaluatorStrength {
        if self == Level::MAX {
            G::FULL_STRENGTH_EVALUATOR
        } else {
            self.settings().evaluator
        }
    }

    /// Applies the level to a configuration and limits for game `G`. `seed`
    /// varies the imprecision from one search to the next. The node caps are
    /// divided by the game's [`Game::NODE_COST`], so a level takes about as
    /// long to move in every game, and the noise is multiplied by its
    /// [`Game::EVAL_SCALE`], so a level blurs its choices by as much as a
    /// chess pawn means there. (There is no unscaled form: applying chess's
    /// caps to another game is how levels once drifted between front ends.)
    pub fn apply_for<G: Game>(self, config: &mut SearchConfig, limits: &mut Limits, seed: u64) {
        self.apply_scaled(config, limits, seed, G::NODE_COST, G::EVAL_SCALE);
    }

    fn apply_scaled(
        self,
        config: &mut SearchConfig,
        limits: &mut Limits,
        seed: u64,
        node_cost: u64,
        eval_scale: i32,
    ) {
        let mut settings = self.settings();
        settings.nodes = settings.nodes.map(|n| (n / node_cost.max(1)).max(1_000));
        settings.noise = settings.noise.saturating_mul(eval_scale.max(1));
        config.techniques = Techniques {
            quiescence: settings.quiescence,
            ..Techniques::ALL
        };
        config.imprecision = (settings.noise > 0).then_some(Imprecision {
            amplitude: settings.noise,
            seed,
        });
        if let Some(depth) = settings.depth {
            limits.depth = Some(limits.depth.map_or(depth, |d| d.min(depth)));
        }
        if let Some(nodes) = settings.nodes {
            limits.nodes = Some(limits.nodes.map_or(nodes, |n| n.min(nodes)));
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluator_names_read_back() {
        for evaluator in EvaluatorStrength::ALL {
            assert_eq!(evaluator.name().parse::<EvaluatorStrength>(), Ok(evaluator));
        }
        assert_eq!(" Simple ".parse(), Ok(EvaluatorStrength::Simple));
        let err = "clever".parse::<EvaluatorStrength>().unwrap_err();
        assert!(err.to_string().contains("clever"));
    }

    #[test]
    fn levels_parse_and_reject() {
        assert_eq!("7".parse::<Level>().unwrap().get(), 7);
        assert!("0".parse::<Level>().is_err());
        assert!("11".parse::<Level>().is_err());
        assert!(
            "ten"
                .parse::<Level>()
                .unwrap_err()
                .to_string()
                .contains("ten")
        );
    }

    #[test]
    fn level_ten_is_unlimited_and_exact() {
        let mut config = SearchConfig::default();
        let mut limits = Limits::default();
        Level::MAX.apply_scaled(&mut config, &mut limits, 1, 1, 1);
        assert_eq!(config.techniques, Techniques::ALL);
        assert!(config.imprecision.is_none());
        assert!(limits.depth.is_none() && limits.nodes.is_none());
    }

    #[test]
    fn weak_levels_cap_and_blur() {
        let mut config = SearchConfig::default();
        let mut limits = Limits::depth(5);
        Level::MIN.apply_scaled(&mut config, &mut limits, 1, 1, 1);
        assert_eq!(limits.depth, Some(1));
        assert!(!config.techniques.quiescence);
        assert_eq!(config.imprecision.map(|i| i.amplitude), Some(300));
    }

    #[test]
    fn costly_nodes_shrink_the_caps_and_larger_units_widen_the_noise() {
        let level = Level::new(8).unwrap();
        let settings = level.settings();
        let (mut config, mut limits) = (SearchConfig::default(), Limits::default());
        level.apply_scaled(&mut config, &mut limits, 1, 4, 10);
        assert_eq!(limits.nodes, Some(settings.nodes.unwrap() / 4));
        assert_eq!(
            config.imprecision.map(|i| i.amplitude),
            Some(settings.noise * 10)
        );
        let (mut config, mut limits) = (SearchConfig::default(), Limits::default());
        level.apply_scaled(&mut config, &mut limits, 1, 1, 1);
        assert_eq!(limits.nodes, settings.nodes);
        assert_eq!(
            config.imprecision.map(|i| i.amplitude),
            Some(settings.noise)
        );
    }
}
