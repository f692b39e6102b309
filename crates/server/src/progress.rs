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
    /// The search map: the root moves of the iteration, most nodes first.
    pub root_moves: Vec<RootMoveView>,
}

/// The most root moves a page is told about: the rest took fewer nodes.
pub const MAX_ROOT_MOVES: usize = 40;

/// One root move of the search map.
#[derive(Clone, Debug, Serialize)]
pub struct RootMoveView {
    /// The move's code.
    pub code: String,
    /// The move in the game's notation.
    pub text: String,
    /// Nodes searched below it in the iteration.
    pub nodes: u64,
    /// Its value for the side to move.
    pub score: ScoreView,
    /// Its value from the first player's side.
    pub score_first: ScoreView,
    /// `exact`, `lower` (at least) or `upper` (at most: dismissed), for
    /// [`RootMoveView::score`].
    pub bound: &'static str,
    /// The same for [`RootMoveView::score_first`]: turned over when the
    /// second player is to move (at most for one side is at least for the other).
    pub bound_first: &'static str,
    /// The deepest ply reached below it.
    pub seldepth: u32,
}

/// A bound's name on the page.
#[must_use]
pub fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

/// The search map of `report`, most nodes first, at most [`MAX_ROOT_MOVES`].
#[must_use]
pub fn root_moves(report: &banco_games::TextReport, side: Side) -> Vec<RootMoveView> {
    let mut views: Vec<RootMoveView> = report
        .report
        .root_moves
        .iter()
        .zip(&report.root_texts)
        .map(|(root, text)| {
            let score = Score::from_value(root.value);
            let (first, bound_first) = match side {
                Side::First => (score, root.bound),
                Side::Second => (
                    Score::from_value(-root.value),
                    match root.bound {
                        Bound::Exact => Bound::Exact,
                        Bound::Lower => Bound::Upper,
                        Bound::Upper => Bound::Lower,
                    },
                ),
            };
            RootMoveView {
                code: root.mv.clone(),
                text: text.clone(),
                nodes: root.nodes,
                score: score.into(),
                score_first: first.into(),
                bound: bound_name(root.bound),
                bound_first: bound_name(bound_first),
                seldepth: root.seldepth,
            }
        })
        .collect();
    views.sort_by_key(|view| std::cmp::Reverse(view.nodes));
    views.truncate(MAX_ROOT_MOVES);
    views
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
            bound: bound_name(report.bound),
            nodes: report.stats.nodes,
            leaf_nodes: report.stats.leaf_nodes,
            cutoffs: report.stats.cutoffs,
            tt_hits: report.stats.tt_hits,
            qnodes: report.stats.qnodes,
            time_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            nps: report.nps(),
            pv,
            pv_codes,
            root_moves: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_search::{RootMoveReport, SearchStats};

    fn report(root_moves: Vec<RootMoveReport<String>>) -> banco_games::TextReport {
        let root_texts = root_moves.iter().map(|r| r.mv.to_uppercase()).collect();
        banco_games::TextReport {
            report: Report {
                depth: 4,
                seldepth: 9,
                value: 30,
                bound: Bound::Exact,
                stats: SearchStats::default(),
                elapsed: std::time::Duration::ZERO,
                pv: vec!["a".to_owned()],
                hashfull: 0,
                lines: Vec::new(),
                root_moves,
            },
            pv_text: vec!["A".to_owned()],
            line_texts: Vec::new(),
            root_texts,
        }
    }

    fn root(mv: &str, nodes: u64, value: i32, bound: Bound) -> RootMoveReport<String> {
        RootMoveReport {
            mv: mv.to_owned(),
            nodes,
            value,
            bound,
            seldepth: 5,
        }
    }

    #[test]
    fn the_map_is_most_nodes_first_and_turned_for_the_second_player() {
        let text = report(vec![
            root("a", 100, 30, Bound::Exact),
            root("b", 400, -20, Bound::Upper),
            root("c", 50, 90, Bound::Lower),
        ]);
        let first = root_moves(&text, Side::First);
        let codes: Vec<&str> = first.iter().map(|m| m.code.as_str()).collect();
        assert_eq!(codes, ["b", "a", "c"]);
        assert_eq!(first[0].text, "B");
        assert_eq!(first[0].score_first, ScoreView::Cp(-20));
        assert_eq!(first[0].bound_first, "upper");

        // The second player to move: at most -0.20 for it is at least +0.20 for the first.
        let second = root_moves(&text, Side::Second);
        assert_eq!(second[0].score, ScoreView::Cp(-20));
        assert_eq!(second[0].bound, "upper");
        assert_eq!(second[0].score_first, ScoreView::Cp(20));
        assert_eq!(second[0].bound_first, "lower");
        assert_eq!(second[2].bound_first, "upper");
        assert_eq!(second[1].bound_first, "exact");
    }

    #[test]
    fn a_long_map_is_cut_to_the_busiest_moves() {
        let many = (0..100)
            .map(|i| root(&format!("m{i}"), i, 0, Bound::Upper))
            .collect();
        let views = root_moves(&report(many), Side::First);
        assert_eq!(views.len(), MAX_ROOT_MOVES);
        assert_eq!(views[0].nodes, 99);
    }
}
