//! Search results as rows people read and programs parse.

use banco_search::{Report, Score};
use serde::Serialize;

use crate::terminal::game::CliGame;

/// A score as JSON: `{"cp": 35}` or `{"mate": -2}`.
#[derive(Copy, Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    /// Centipawns, from the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl From<Score> for ScoreJson {
    fn from(score: Score) -> ScoreJson {
        match score {
            Score::Centipawns(cp) => ScoreJson::Cp(cp),
            Score::Mate(moves) => ScoreJson::Mate(moves),
        }
    }
}

/// One search, summarised.
#[derive(Clone, Debug, Serialize)]
pub struct SearchRow {
    /// The algorithm's name.
    pub algorithm: String,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Static evaluations.
    pub leaf_nodes: u64,
    /// Beta cut-offs.
    pub cutoffs: u64,
    /// Table hits.
    pub tt_hits: u64,
    /// Quiescence positions.
    pub qnodes: u64,
    /// Milliseconds.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The value for the side to move.
    pub score: ScoreJson,
    /// The best move in the notation programs read (UCI, ICCS).
    pub best_move: Option<String>,
    /// The best move in the notation people read (SAN, WXF).
    pub best_move_text: Option<String>,
    /// The principal variation, moves as in `best_move`.
    pub pv: Vec<String>,
    /// The principal variation, numbered, moves as in `best_move_text`.
    pub pv_text: String,
}

impl SearchRow {
    /// Summarises a report of a search from `game`'s position.
    pub fn new<G: CliGame>(
        algorithm: &str,
        game: &G,
        best: Option<G::Move>,
        report: &Report<G::Move>,
    ) -> SearchRow {
        SearchRow {
            algorithm: algorithm.to_owned(),
            depth: report.depth,
            seldepth: report.seldepth,
            nodes: report.stats.nodes,
            leaf_nodes: report.stats.leaf_nodes,
            cutoffs: report.stats.cutoffs,
            tt_hits: report.stats.tt_hits,
            qnodes: report.stats.qnodes,
            time_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            nps: report.nps(),
            score: report.score().into(),
            best_move: best.map(G::move_code),
            best_move_text: best.map(|mv| game.move_text(mv)),
            pv: report.pv.iter().map(|&mv| G::move_code(mv)).collect(),
            pv_text: game.line_text(&report.pv),
        }
    }
}

/// Groups digits in threes: 1234567 → "1,234,567".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A duration in milliseconds as people read it: "850 ms", "4.20 s".
pub fn millis(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms} ms")
    } else {
        format!("{:.2} s", ms as f64 / 1000.0)
    }
}
