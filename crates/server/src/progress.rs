//! What the page learns of a search after every iteration.

use banco_search::{Bound, Report, Score, Side};
use serde::Serialize;

use crate::players::Computer;
use banco_games::side_name;

/// A score as the page shows it.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum ScoreView {
    /// Hundredths of a pawn (or the game's unit).
    Cp(i32),
    /// Mate in this many moves; negative when being mated.
    Mate(i32),
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> ScoreView {
        match score {
            Score::Centipawns(cp) => ScoreView::Cp(cp),
            Score::Mate(moves) => ScoreView::Mate(moves),
        }
    }
}

/// One iteration of the computer's search.
#[derive(Clone, Debug, Serialize)]
pub struct SearchInfo {
    /// The ply being searched (moves played before it).
    pub ply: usize,
    /// The side the computer plays here.
    pub side: &'static str,
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// The level, 1 to 10.
    pub level: u8,
    /// Depth of the finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: ScoreView,
    /// The score from the first player's side, for the evaluation bar.
    pub score_first: ScoreView,
    /// The score as text, `+0.35` or `#3`, for the side to move.
    pub score_text: String,
    /// `exact`, `lower` or `upper`.
    pub bound: &'static str,
    /// Positions visited.
    pub nodes: u64,
    /// Static evaluations.
    pub leaf_nodes: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Transposition-table hits.
    pub tt_hits: u64,
    /// Quiescence nodes.
    pub qnodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation in the game's notation.
    pub pv: Vec<String>,
    /// The principal variation as move codes.
    pub pv_codes: Vec<String>,
}

impl SearchInfo {
    /// The page's view of `report`.
    #[must_use]
    pub fn new<M>(
        report: &Report<M>,
        side: Side,
        ply: usize,
        computer: &Computer,
        pv: Vec<String>,
        pv_codes: Vec<String>,
    ) -> SearchInfo {
        let score = report.score();
        let first = match side {
            Side::First => score,
            Side::Second => Score::from_value(-report.value),
        };
        SearchInfo {
            ply,
            side: side_name(side),
            algorithm: computer.algorithm.name(),
            level: computer.level.get(),
            depth: report.depth,
            seldepth: report.seldepth,
            score: score.into(),
            score_first: first.into(),
            score_text: score.to_string(),
            bound: match report.bound {
                Bound::Exact => "exact",
                Bound::Lower => "lower",
                Bound::Upper => "upper",
            },
            nodes: report.stats.nodes,
            leaf_nodes: report.stats.leaf_nodes,
            cutoffs: report.stats.cutoffs,
            tt_hits: report.stats.tt_hits,
            qnodes: report.stats.qnodes,
            time_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            nps: report.nps(),
            pv,
            pv_codes,
        }
    }
}
