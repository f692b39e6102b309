//! Which algorithm searches, and which of the engine's techniques are on.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A search algorithm, selectable by name.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Algorithm {
    /// The textbook algorithm: every move to a fixed depth, no pruning.
    Minimax,
    /// Textbook alpha-beta: fixed depth, moves in generation order.
    AlphaBeta,
    /// The full engine: iterative deepening and every enabled technique.
    Engine,
    /// MTD(f): a series of zero-window searches of the engine converging on the value.
    Mtdf,
}

impl Algorithm {
    /// Every algorithm, simplest first.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Engine,
        Algorithm::Mtdf,
    ];

    /// The name the CLI and protocols use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Engine => "engine",
            Algorithm::Mtdf => "mtdf",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name that is not one of [`Algorithm::ALL`].
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("unknown algorithm '{0}': expected minimax, alphabeta, engine or mtdf")]
pub struct ParseAlgorithmError(pub String);

impl FromStr for Algorithm {
    type Err = ParseAlgorithmError;

    fn from_str(s: &str) -> Result<Algorithm, ParseAlgorithmError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "minimax" => Ok(Algorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Ok(Algorithm::AlphaBeta),
            "engine" => Ok(Algorithm::Engine),
            "mtdf" | "mtd(f)" | "mtd-f" => Ok(Algorithm::Mtdf),
            _ => Err(ParseAlgorithmError(s.to_owned())),
        }
    }
}

/// The engine's techniques, each of which can be switched off on its own so the
/// lab can show what it is worth. The value-preserving ones
/// ([`Techniques::exact`]) never change the root value of a fixed-depth search;
/// the others trade exactness for depth.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[allow(clippy::struct_excessive_bools)] // one switch per technique is the point
pub struct Techniques {
    /// Order moves: hash move, captures by MVV-LVA, then quiets (value-preserving).
    pub move_ordering: bool,
    /// Killer moves in ordering (value-preserving).
    pub killers: bool,
    /// Counter moves in ordering: the quiet move that last refuted the
    /// opponent's previous move, tried after the killers (value-preserving).
    pub counter_moves: bool,
    /// History heuristic in ordering (value-preserving).
    pub history: bool,
    /// Transposition table: cut-offs and the hash move.
    pub transposition_table: bool,
    /// Iterative deepening: search depth 1, 2, … instead of the target at once.
    pub iterative_deepening: bool,
    /// Aspiration windows around the previous iteration's value (value-preserving).
    pub aspiration_windows: bool,
    /// Principal variation search: zero windows after the first move (value-preserving).
    pub pvs: bool,
    /// Quiescence search over noisy moves at the horizon.
    pub quiescence: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Late move reductions.
    pub late_move_reductions: bool,
    /// Reverse futility (static null move) pruning.
    pub reverse_futility: bool,
    /// Futility and late-move pruning of quiet moves near the horizon.
    pub futility: bool,
    /// Razoring: a node far below alpha near the horizon is settled by
    /// quiescence when no capture lifts it (in games that switch it on,
    /// `Game::RAZORING`).
    pub razoring: bool,
    /// Search one ply deeper when in check.
    pub check_extension: bool,
    /// Singular extensions: the hash move is searched one ply deeper when a
    /// reduced search without it shows every other move well below its
    /// value; when even the others reach beta, the node is cut (multi-cut).
    pub singular: bool,
    /// ProbCut: a capture whose shallower search beats beta by a margin
    /// cuts the node (in games that switch it on, `Game::PROBCUT`).
    pub probcut: bool,
    /// Ask the evaluator for a forced win it proves by its own means
    /// (gomoku's threat-space search) and score it as a mate. A proof sees
    /// past the horizon, so the value is no longer minimax's.
    pub threats: bool,
}

impl Techniques {
    /// Everything on: the engine at full strength.
    pub const ALL: Techniques = Techniques {
        move_ordering: true,
        killers: true,
        counter_moves: true,
        history: true,
        transposition_table: true,
        iterative_deepening: true,
        aspiration_windows: true,
        pvs: true,
        quiescence: true,
        null_move: true,
        late_move_reductions: true,
        reverse_futility: true,
        futility: true,
        razoring: true,
        check_extension: true,
        singular: true,
        probcut: true,
        threats: true,
    };

    /// Everything off: a plain negamax alpha-beta to the target depth.
    pub const NONE: Techniques = Techniques {
        move_ordering: false,
        killers: false,
        counter_moves: false,
        history: false,
        transposition_table: false,
        iterative_deepening: false,
        aspiration_windows: false,
        pvs: false,
        quiescence: false,
        null_move: false,
        late_move_reductions: false,
        reverse_futility: false,
        futility: false,
        razoring: false,
        check_extension: false,
        singular: false,
        probcut: false,
        threats: false,
    };

    /// Only the techniques that keep a fixed-depth root value equal to minimax's:
    /// ordering, killers, counter moves, history, transposition table, iterative deepening,
    /// aspiration windows and PVS.
    pub const fn exact() -> Techniques {
        Techniques {
            move_ordering: true,
            killers: true,
            counter_moves: true,
            history: true,
            transposition_table: true,
            iterative_deepening: true,
            aspiration_windows: true,
            pvs: true,
            ..Techniques::NONE
        }
    }

    /// The switches by name, in the order the lab shows them.
    #[must_use]
    pub fn named(&self) -> [(&'static str, bool); 18] {
        [
            ("ordering", self.move_ordering),
            ("killers", self.killers),
            ("counter-moves", self.counter_moves),
            ("history", self.history),
            ("tt", self.transposition_table),
            ("iterative-deepening", self.iterative_deepening),
            ("aspiration", self.aspiration_windows),
            ("pvs", self.pvs),
            ("quiescence", self.quiescence),
            ("null-move", self.null_move),
            ("lmr", self.late_move_reductions),
            ("rfp", self.reverse_futility),
            ("futility", self.futility),
            ("razoring", self.razoring),
            ("check-extension", self.check_extension),
            ("singular", self.singular),
            ("probcut", self.probcut),
            ("threats", self.threats),
        ]
    }

    /// Turns one technique on or off by its name in [`Techniques::named`].
    ///
    /// # Errors
    ///
    /// An unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), UnknownTechniqueError> {
        let slot = match name.trim().to_ascii_lowercase().as_str() {
            "ordering" | "move-ordering" => &mut self.move_ordering,
            "killers" => &mut self.killers,
            "counter-moves" | "countermoves" => &mut self.counter_moves,
            "history" => &mut self.history,
            "tt" | "transposition-table" => &mut self.transposition_table,
            "iterative-deepening" | "id" => &mut self.iterative_deepening,
            "aspiration" | "aspiration-windows" => &mut self.aspiration_windows,
            "pvs" => &mut self.pvs,
            "quiescence" | "qsearch" => &mut self.quiescence,
            "null-move" | "nmp" => &mut self.null_move,
            "lmr" | "late-move-reductions" => &mut self.late_move_reductions,
            "rfp" | "reverse-futility" => &mut self.reverse_futility,
            "futility" => &mut self.futility,
            "razoring" => &mut self.razoring,
            "check-extension" => &mut self.check_extension,
            "singular" | "singular-extensions" => &mut self.singular,
            "probcut" => &mut self.probcut,
            "threats" | "threat-probe" => &mut self.threats,
            _ => return Err(UnknownTechniqueError(name.to_owned())),
        };
        *slot = on;
        Ok(())
    }
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques::ALL
    }
}

/// A technique name [`Techniques::set`] does not know.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error(
    "unknown technique '{0}': expected one of ordering, killers, counter-moves, history, tt, iterative-deepening, aspiration, pvs, quiescence, null-move, lmr, rfp, futility, razoring, check-extension, singular, probcut, threats"
)]
pub struct UnknownTechniqueError(pub String);

/// Deliberate imprecision for the weaker levels: each root move's value is
/// shifted by a pseudo-random amount up to `amplitude`, fixed for the search, so
/// the engine sometimes prefers a worse move, and more often the closer it is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Imprecision {
    /// Largest shift, in evaluation units.
    pub amplitude: i32,
    /// Seed of the shifts; vary it between searches for variety.
    pub seed: u64,
}

/// The largest transposition table the front ends let a user ask for, in
/// MiB: what an ordinary machine can hold beside everything else it runs.
/// Larger sizes are refused rather than tried, because on a system that
/// promises memory it does not have, the allocation succeeds and the
/// process is killed when the table is first written.
pub const MAX_HASH_MB: usize = 4096;

/// Everything about how to search, apart from the limits of one search.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct SearchConfig {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Which techniques the engine (and MTD(f)) use.
    pub techniques: Techniques,
    /// Search threads (Lazy SMP) for the engine; the textbook algorithms use one.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Time kept back from every move for communication delays.
    pub move_overhead: Duration,
    /// Root noise for weak levels; `None` at full strength.
    pub imprecision: Option<Imprecision>,
    /// Lines searched and reported (multi-PV): 1 normally; more shows the
    /// best few root moves with their values, each searched as fully as the
    /// first, for analysis. The engine only; MTD(f) and the textbook
    /// algorithms give one line.
    pub multi_pv: usize,
    /// Tunable numbers (margins, reductions) set over the game's own
    /// ([`crate::Game::SEARCH_PARAMS`]): none normally; a tuner sets some.
    pub params: crate::ParamOverrides,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            algorithm: Algorithm::Engine,
            techniques: Techniques::ALL,
            threads: 1,
            hash_mb: 16,
            move_overhead: Duration::from_millis(30),
            imprecision: None,
            multi_pv: 1,
            params: crate::ParamOverrides::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn algorithms_round_trip_by_name() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
        }
        let err = "negascout".parse::<Algorithm>().unwrap_err();
        assert!(err.to_string().contains("negascout"));
    }

    #[test]
    fn techniques_switch_by_name() {
        let mut t = Techniques::ALL;
        for (name, on) in Techniques::ALL.named() {
            assert!(on);
            t.set(name, false).unwrap();
        }
        assert_eq!(t, Techniques::NONE);
        assert!(t.set("magic", true).is_err());
    }
}
