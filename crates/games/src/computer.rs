//! The computer as a player: a level turned into a search plan (limits,
//! techniques, imprecision, evaluator) in one call, and the move it chooses
//! with a full report of how it was found. Every front end goes through
//! here, so a level means the same search everywhere.

use banco_search::{
    Algorithm, EvaluatorStrength, Game, Level, Limits, Report, SearchConfig, SearchObserver,
    Searcher,
};

use crate::{GameKind, Playable, with_game};

/// Who the computer is: a level, an algorithm, and an evaluator when one
/// other than the level's is asked for.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct ComputerSettings {
    /// The level, 1 to 10.
    pub level: Level,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The evaluator, when not the level's own.
    pub evaluator: Option<EvaluatorStrength>,
}

impl ComputerSettings {
    /// A level with the full engine and the level's evaluator.
    #[must_use]
    pub fn level(level: Level) -> ComputerSettings {
        ComputerSettings {
            level,
            algorithm: Algorithm::Engine,
            evaluator: None,
        }
    }

    /// The evaluator this computer uses in game `G`: the one asked for,
    /// else the level's there.
    #[must_use]
    pub fn evaluator_for<G: Game>(&self) -> EvaluatorStrength {
        self.evaluator
            .unwrap_or_else(|| self.level.evaluator_for::<G>())
    }

    /// [`ComputerSettings::evaluator_for`] in game `kind`.
    #[must_use]
    pub fn evaluator_in(&self, kind: GameKind) -> EvaluatorStrength {
        with_game!(kind, G => self.evaluator_for::<G>())
    }
}

/// What one search of the computer runs with.
#[derive(Clone, Debug)]
pub struct SearchPlan {
    /// The searcher's configuration: the front end's resources (table,
    /// threads, overhead) with the level's algorithm, techniques and imprecision.
    pub config: SearchConfig,
    /// The front end's limits (clock, stop flag), capped by the level.
    pub limits: Limits,
    /// The evaluator.
    pub evaluator: EvaluatorStrength,
}

/// What a level decides in a plan, whatever the front end: the caps, the
/// techniques, the imprecision and the evaluator. Front ends' tests compare
/// theirs with the game layer's to prove a level means the same everywhere.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct LevelTerms {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// The most nodes.
    pub nodes: Option<u64>,
    /// The techniques switched on.
    pub techniques: banco_search::Techniques,
    /// The largest root-move shift, 0 for none.
    pub noise: i32,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The evaluator.
    pub evaluator: EvaluatorStrength,
}

impl SearchPlan {
    /// What the level decided in this plan.
    #[must_use]
    pub fn level_terms(&self) -> LevelTerms {
        LevelTerms {
            depth: self.limits.depth,
            nodes: self.limits.nodes,
            techniques: self.config.techniques,
            noise: self.config.imprecision.map_or(0, |i| i.amplitude),
            algorithm: self.config.algorithm,
            evaluator: self.evaluator,
        }
    }
}

/// The plan for `computer` in game `G`: the front end gives its resources
/// (`config`) and its limits (a move time, a clock, a stop flag); the level
/// adds its caps, scaled to the game's node cost and evaluation units, and
/// `seed` varies its imprecision from one search to the next.
#[must_use]
pub fn plan<G: Game>(
    computer: &ComputerSettings,
    mut config: SearchConfig,
    mut limits: Limits,
    seed: u64,
) -> SearchPlan {
    config.algorithm = computer.algorithm;
    computer
        .level
        .apply_for::<G>(&mut config, &mut limits, seed);
    SearchPlan {
        config,
        limits,
        evaluator: computer.evaluator_for::<G>(),
    }
}

impl GameKind {
    /// [`plan`] for this game.
    #[must_use]
    pub fn plan(
        self,
        computer: &ComputerSettings,
        config: SearchConfig,
        limits: Limits,
        seed: u64,
    ) -> SearchPlan {
        with_game!(self, G => plan::<G>(computer, config, limits, seed))
    }
}

/// The computer's move and how it was found.
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The move; `None` only when the side to move has none.
    pub best_move: Option<M>,
    /// The last report: depth, score, statistics and line. When a game's own
    /// means found the move (gomoku's threat search), the report says what
    /// they found: the winning line, scored as a win.
    pub report: Report<M>,
    /// How the game's own chooser decided, in a few words (`VCF in 5
    /// plies`); `None` when the search alone chose.
    pub note: Option<String>,
}

/// Chooses the computer's move in `game` by `plan`. The observer sees every
/// iteration and, last, the final report whenever it has not seen it yet
/// (a move found by a threat search, or a last iteration cut short), so
/// every front end can show how every move was found.
pub fn think<G: Playable>(
    game: &G,
    searcher: &mut Searcher,
    plan: &SearchPlan,
    observer: &mut dyn SearchObserver<G::Move>,
) -> Thought<G::Move> {
    searcher.set_config(plan.config.clone());
    let eval = G::Eval::from(plan.evaluator);
    let mut last_seen: Option<(u32, u64)> = None;
    let thought = {
        let mut watching = |report: &Report<G::Move>| {
            last_seen = Some((report.depth, report.stats.nodes));
            observer.on_iteration(report);
        };
        game.choose_move(searcher, &eval, &plan.limits, &mut watching)
    };
    let report = &thought.report;
    let seen = last_seen == Some((report.depth, report.stats.nodes));
    let worth_telling = report.depth > 0 || thought.note.is_some();
    if thought.best_move.is_some() && !seen && worth_telling {
        observer.on_iteration(report);
    }
    thought
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChessGame, GomokuGame, Setup, XiangqiGame};
    use banco_search::Silent;

    #[test]
    fn full_strength_plays_each_games_strongest_evaluator_unless_told_otherwise() {
        let evaluator = |level: u8, kind: GameKind, asked: Option<EvaluatorStrength>| {
            let computer = ComputerSettings {
                evaluator: asked,
                ..ComputerSettings::level(Level::new(level).unwrap())
            };
            kind.plan(&computer, SearchConfig::default(), Limits::default(), 1)
                .evaluator
        };
        assert_eq!(
            evaluator(10, GameKind::Xiangqi, None),
            EvaluatorStrength::Nnue
        );
        assert_eq!(
            evaluator(10, GameKind::Chess, None),
            EvaluatorStrength::Nnue
        );
        assert_eq!(
            evaluator(10, GameKind::Gomoku, None),
            EvaluatorStrength::Strong
        );
        assert_eq!(
            evaluator(9, GameKind::Xiangqi, None),
            EvaluatorStrength::Strong
        );
        assert_eq!(
            evaluator(10, GameKind::Xiangqi, Some(EvaluatorStrength::Strong)),
            EvaluatorStrength::Strong
        );
        assert_eq!(
            evaluator(10, GameKind::Chess, Some(EvaluatorStrength::Strong)),
            EvaluatorStrength::Strong
        );
    }

    #[test]
    fn a_plan_caps_by_the_games_node_cost() {
        let computer = ComputerSettings::level(Level::new(7).unwrap());
        let chess = GameKind::Chess.plan(&computer, SearchConfig::default(), Limits::default(), 1);
        let xiangqi =
            GameKind::Xiangqi.plan(&computer, SearchConfig::default(), Limits::default(), 1);
        let cap = Level::new(7).unwrap().settings().nodes.unwrap();
        assert_eq!(chess.limits.nodes, Some(cap));
        assert_eq!(
            xiangqi.limits.nodes,
            Some((cap / <XiangqiGame as Game>::NODE_COST).max(1_000))
        );
        assert_eq!(chess.evaluator, EvaluatorStrength::Strong);
    }

    #[test]
    fn an_evaluator_asked_for_wins_over_the_levels() {
        let computer = ComputerSettings {
            level: Level::MAX,
            algorithm: Algorithm::AlphaBeta,
            evaluator: Some(EvaluatorStrength::Simple),
        };
        let plan = plan::<ChessGame>(&computer, SearchConfig::default(), Limits::depth(2), 1);
        assert_eq!(plan.evaluator, EvaluatorStrength::Simple);
        assert_eq!(plan.config.algorithm, Algorithm::AlphaBeta);
        assert_eq!(plan.limits.depth, Some(2));
    }

    #[test]
    fn a_threat_win_reaches_the_observer() {
        let game =
            <GomokuGame as Playable>::setup(&Setup::position(Some("h8 a1 i8 a2 j8 a4"))).unwrap();
        let plan = plan::<GomokuGame>(
            &ComputerSettings::level(Level::MAX),
            SearchConfig::default(),
            Limits::depth(4),
            1,
        );
        let mut searcher = Searcher::new(plan.config.clone());
        let mut reports = Vec::new();
        let thought = think(&game, &mut searcher, &plan, &mut |r: &Report<_>| {
            reports.push(r.clone());
        });
        assert!(thought.note.is_some());
        let last = reports.last().expect("the threat win is reported");
        assert_eq!(last.pv, thought.report.pv);
        assert!(banco_search::is_mate(last.value));
    }

    #[test]
    fn a_searched_move_is_reported_once_per_iteration() {
        let game = ChessGame::new();
        let plan = plan::<ChessGame>(
            &ComputerSettings::level(Level::MAX),
            SearchConfig::default(),
            Limits::depth(3),
            1,
        );
        let mut searcher = Searcher::new(plan.config.clone());
        let mut depths = Vec::new();
        let thought = think(&game, &mut searcher, &plan, &mut |r: &Report<_>| {
            depths.push(r.depth);
        });
        assert_eq!(depths, vec![1, 2, 3]);
        assert!(thought.best_move.is_some());
        let _ = Silent;
    }
}
