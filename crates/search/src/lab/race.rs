//! The algorithm race: one position, one depth, every row a search from a
//! fresh start, from textbook minimax to the full engine with one technique
//! added per row, so each row's cost can be read against the one above.

use std::time::Duration;

use crate::{
    Algorithm, Evaluator, Game, Limits, Report, SearchConfig, Searcher, Silent, StopFlag,
    Techniques,
};

/// The table each row gets, fresh: large enough that a depth-6 search does
/// not thrash it, small enough to clear in a moment.
const RACE_HASH_MB: usize = 16;

/// One contestant of the race.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct RaceEntry {
    /// A short machine name (`minimax`, `ordering`, `tt`, `all`).
    pub name: &'static str,
    /// The name people read.
    pub label: &'static str,
    /// The algorithm that searches.
    pub algorithm: Algorithm,
    /// The engine's techniques switched on (ignored by the textbook algorithms).
    pub techniques: Techniques,
    /// Whether the row must find minimax's root value: true for every row up
    /// to PVS, whose techniques only skip work that cannot change the value.
    pub value_preserving: bool,
}

const ORDERING: Techniques = Techniques {
    move_ordering: true,
    ..Techniques::NONE
};
const KILLERS: Techniques = Techniques {
    killers: true,
    counter_moves: true,
    history: true,
    ..ORDERING
};
const TT: Techniques = Techniques {
    transposition_table: true,
    ..KILLERS
};
const ID: Techniques = Techniques {
    iterative_deepening: true,
    ..TT
};
const ASPIRATION: Techniques = Techniques {
    aspiration_windows: true,
    ..ID
};
const PVS: Techniques = Techniques {
    pvs: true,
    ..ASPIRATION
};
const QUIESCENCE: Techniques = Techniques {
    quiescence: true,
    ..PVS
};
const NULL_MOVE: Techniques = Techniques {
    null_move: true,
    ..QUIESCENCE
};
const LMR: Techniques = Techniques {
    late_move_reductions: true,
    ..NULL_MOVE
};
const FUTILITY: Techniques = Techniques {
    reverse_futility: true,
    futility: true,
    razoring: true,
    ..LMR
};
const CHECK_EXTENSION: Techniques = Techniques {
    check_extension: true,
    ..FUTILITY
};
const SINGULAR: Techniques = Techniques {
    singular: true,
    ..CHECK_EXTENSION
};

const fn entry(
    name: &'static str,
    label: &'static str,
    algorithm: Algorithm,
    techniques: Techniques,
    value_preserving: bool,
) -> RaceEntry {
    RaceEntry {
        name,
        label,
        algorithm,
        techniques,
        value_preserving,
    }
}

/// The race's rows, simplest first. The engine rows switch techniques on
/// cumulatively; the `pvs` row is [`Techniques::exact`] and the `all` row
/// [`Techniques::ALL`] (which adds ProbCut and the threat probe to the row
/// above it; each acts only in the games that use it). MTD(f) over the
/// exact techniques runs last, as another exact way to the same value.
pub const RACE: [RaceEntry; 16] = [
    entry(
        "minimax",
        "Minimax",
        Algorithm::Minimax,
        Techniques::NONE,
        true,
    ),
    entry(
        "alphabeta",
        "Alpha-beta",
        Algorithm::AlphaBeta,
        Techniques::NONE,
        true,
    ),
    entry(
        "ordering",
        "Alpha-beta + move ordering",
        Algorithm::Engine,
        ORDERING,
        true,
    ),
    entry(
        "killers",
        "+ killers, counter moves & history",
        Algorithm::Engine,
        KILLERS,
        true,
    ),
    entry("tt", "+ transposition table", Algorithm::Engine, TT, true),
    entry("id", "+ iterative deepening", Algorithm::Engine, ID, true),
    entry(
        "aspiration",
        "+ aspiration windows",
        Algorithm::Engine,
        ASPIRATION,
        true,
    ),
    entry("pvs", "+ PVS", Algorithm::Engine, PVS, true),
    entry(
        "quiescence",
        "+ quiescence",
        Algorithm::Engine,
        QUIESCENCE,
        false,
    ),
    entry(
        "nullmove",
        "+ null move",
        Algorithm::Engine,
        NULL_MOVE,
        false,
    ),
    entry(
        "lmr",
        "+ late move reductions",
        Algorithm::Engine,
        LMR,
        false,
    ),
    entry(
        "futility",
        "+ futility pruning",
        Algorithm::Engine,
        FUTILITY,
        false,
    ),
    entry(
        "checks",
        "+ check extension",
        Algorithm::Engine,
        CHECK_EXTENSION,
        false,
    ),
    entry(
        "singular",
        "+ singular extensions",
        Algorithm::Engine,
        SINGULAR,
        false,
    ),
    entry(
        "all",
        "Engine (all)",
        Algorithm::Engine,
        Techniques::ALL,
        false,
    ),
    entry("mtdf", "MTD(f)", Algorithm::Mtdf, PVS, true),
];

/// One row of the race: what one entry's search cost and found.
#[derive(Clone, Debug)]
pub struct RaceRow<M> {
    /// The contestant.
    pub entry: RaceEntry,
    /// Its search's last report: statistics, value, principal variation,
    /// elapsed time, depth reached.
    pub report: Report<M>,
    /// The move it would play.
    pub best_move: Option<M>,
    /// Whether it finished the depth: false when the node limit or the stop
    /// flag cut it short (its value and statistics are then partial).
    pub completed: bool,
    /// The effective branching factor, see [`effective_branching_factor`].
    pub ebf: f64,
    /// For a value-preserving row that completed: whether its root value is
    /// minimax's. `None` when minimax did not complete or the row may
    /// legitimately differ.
    pub agrees_with_minimax: Option<bool>,
}

/// The effective branching factor of a search of `depth` plies that visited
/// `nodes` nodes: the `b` for which a uniform tree `depth` plies deep has
/// `b^depth` nodes, i.e. `nodes^(1/depth)`. Every node counts: quiescence
/// nodes, and the earlier iterations of iterative deepening, so the figure
/// is the whole cost of reaching that depth. Minimax's is about the game's
/// branching factor; a perfectly ordered alpha-beta's about its square root.
#[must_use]
#[allow(clippy::cast_precision_loss)] // node counts far below 2^52
pub fn effective_branching_factor(nodes: u64, depth: u32) -> f64 {
    if nodes == 0 || depth == 0 {
        return 0.0;
    }
    (nodes as f64).powf(1.0 / f64::from(depth))
}

/// Runs every entry of [`RACE`] on `game` to `depth` plies, each from a fresh
/// searcher (fresh table, one thread, no time kept back) and each cut at
/// `node_limit` nodes, so a deep minimax cannot run for hours. Returns one
/// row per entry in [`RACE`]'s order; if `stop` is raised, the rows searched
/// so far (the one in flight stops when its search next reads the flag).
pub fn run_race<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    depth: u32,
    node_limit: u64,
    stop: &StopFlag,
) -> Vec<RaceRow<G::Move>> {
    let depth = depth.max(1);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let finished_game = legal.is_empty();
    let mut rows: Vec<RaceRow<G::Move>> = Vec::with_capacity(RACE.len());
    let mut minimax_value = None;
    for entry in RACE {
        if stop.is_raised() {
            break;
        }
        let config = SearchConfig {
            algorithm: entry.algorithm,
            techniques: entry.techniques,
            threads: 1,
            hash_mb: RACE_HASH_MB,
            move_overhead: Duration::ZERO,
            imprecision: None,
            multi_pv: 1,
            params: crate::ParamOverrides::default(),
        };
        let limits = Limits {
            depth: Some(depth),
            nodes: Some(node_limit),
            stop: stop.clone(),
            ..Limits::default()
        };
        let result = Searcher::new(config).search(game, eval, &limits, &mut Silent);
        let report = result.report;
        // A search cut by the node limit still reports the depth it was
        // given, so the count tells: reaching the limit is what stops it.
        let completed = finished_game
            || (report.depth >= depth && report.stats.nodes < node_limit && !stop.is_raised());
        if entry.algorithm == Algorithm::Minimax && completed {
            minimax_value = Some(report.value);
        }
        let agrees_with_minimax = match minimax_value {
            Some(value) if entry.value_preserving && completed => Some(report.value == value),
            _ => None,
        };
        rows.push(RaceRow {
            entry,
            ebf: effective_branching_factor(report.stats.nodes, depth),
            best_move: result.best_move,
            completed,
            agrees_with_minimax,
            report,
        });
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{TicTacToe, TicTacToeEval};

    #[test]
    fn the_rows_add_one_technique_at_a_time() {
        let pvs = RACE.iter().find(|e| e.name == "pvs").unwrap();
        assert_eq!(pvs.techniques, Techniques::exact());
        assert_eq!(RACE.last().unwrap().name, "mtdf");
        let all = RACE.iter().find(|e| e.name == "all").unwrap();
        assert_eq!(all.techniques, Techniques::ALL);
        // Value-preserving up to PVS, then not (MTD(f) aside).
        let flags: Vec<bool> = RACE[..RACE.len() - 1]
            .iter()
            .map(|e| e.value_preserving)
            .collect();
        assert_eq!(flags.iter().filter(|&&f| f).count(), 8);
        assert!(flags[..8].iter().all(|&f| f));
        let mut names: Vec<&str> = RACE.iter().map(|e| e.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RACE.len());
        // Every engine row after PVS adds to the one before it, and the row
        // before `all` lacks only what `all` adds.
        for pair in RACE[8..RACE.len() - 1].windows(2) {
            let (before, after) = (pair[0].techniques, pair[1].techniques);
            assert_ne!(before, after, "{} adds nothing", pair[1].name);
            for ((name, was), (_, is)) in before.named().into_iter().zip(after.named()) {
                assert!(!was || is, "{} drops {name}", pair[1].name);
            }
        }
        let singular = RACE.iter().find(|e| e.name == "singular").unwrap();
        assert_eq!(
            Techniques {
                probcut: true,
                threats: true,
                ..singular.techniques
            },
            Techniques::ALL
        );
    }

    #[test]
    fn ebf_is_the_depth_th_root_of_the_nodes() {
        assert!((effective_branching_factor(8_000, 3) - 20.0).abs() < 1e-9);
        assert!((effective_branching_factor(1, 4) - 1.0).abs() < 1e-12);
        assert!(effective_branching_factor(0, 4).abs() < f64::EPSILON);
    }

    #[test]
    fn a_node_limit_marks_rows_unfinished() {
        let game = TicTacToe::new();
        let rows = run_race(&game, &TicTacToeEval, 5, 500, &StopFlag::new());
        assert_eq!(rows.len(), RACE.len());
        assert!(!rows[0].completed, "minimax needs 18,730 nodes");
        // Each search stops at the first node past the limit.
        assert!(rows.iter().all(|r| r.report.stats.nodes <= 516));
        assert!(rows.iter().all(|r| r.agrees_with_minimax.is_none()));
        assert!(rows.iter().all(|r| r.best_move.is_some()));
    }

    #[test]
    fn a_raised_flag_runs_nothing() {
        let stop = StopFlag::new();
        stop.raise();
        assert!(run_race(&TicTacToe::new(), &TicTacToeEval, 3, 1_000, &stop).is_empty());
    }
}
