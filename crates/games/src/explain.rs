//! An evaluation explained for a page: every term with its point, and the
//! terms summed per group and player, as the breakdown panel and the API
//! show them.

use banco_search::{EvalBreakdown, Evaluator, EvaluatorStrength, Side};
use serde::Serialize;

use crate::Playable;
use crate::ending::serialize_side_option;

/// One term, from the first player's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TermView {
    /// The family it belongs to (`material`, `mobility`).
    pub group: &'static str,
    /// The term (`passed pawn`).
    pub name: &'static str,
    /// The player it counts for, as the game names players; `null` for the
    /// whole position's (rounding, a scale-down).
    #[serde(serialize_with = "serialize_side_option")]
    pub side: Option<Side>,
    /// The point it comes from (`e4`), if one.
    pub point: Option<String>,
    /// Its worth, from the first player's side.
    pub value: f64,
}

/// A group's sum per player.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupView {
    /// The group's name.
    pub group: &'static str,
    /// The first player's terms.
    pub first: f64,
    /// The second player's terms (negative when they are good for him).
    pub second: f64,
    /// The terms of no one player.
    pub neither: f64,
    /// All of them.
    pub total: f64,
}

/// An evaluation taken apart.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// The evaluator's name.
    pub evaluator: &'static str,
    /// The value for the side to move, as the search sees it.
    pub score: i32,
    /// The value from the first player's side: the sum of the terms.
    pub first_player_score: i32,
    /// How the middlegame and endgame values are blended, where they are.
    pub blend: Option<String>,
    /// The groups in the order their first term comes.
    pub groups: Vec<GroupView>,
    /// Every term.
    pub terms: Vec<TermView>,
}

impl Explanation {
    fn new(evaluator: &'static str, breakdown: EvalBreakdown) -> Explanation {
        let mut groups: Vec<GroupView> = Vec::new();
        for term in &breakdown.terms {
            let at = match groups.iter().position(|g| g.group == term.group) {
                Some(at) => at,
                None => {
                    groups.push(GroupView {
                        group: term.group,
                        first: 0.0,
                        second: 0.0,
                        neither: 0.0,
                        total: 0.0,
                    });
                    groups.len() - 1
                }
            };
            let group = &mut groups[at];
            match term.side {
                Some(Side::First) => group.first += term.value,
                Some(Side::Second) => group.second += term.value,
                None => group.neither += term.value,
            }
            group.total += term.value;
        }
        Explanation {
            evaluator,
            score: breakdown.score,
            first_player_score: breakdown.first_player_score,
            blend: breakdown.blend,
            groups,
            terms: breakdown
                .terms
                .into_iter()
                .map(|t| TermView {
                    group: t.group,
                    name: t.name,
                    side: t.side,
                    point: t.point,
                    value: t.value,
                })
                .collect(),
        }
    }
}

/// The evaluation of `game` by the evaluator `strength` names, taken
/// apart; `None` where that evaluator cannot explain itself.
pub fn explain<G: Playable>(game: &G, strength: EvaluatorStrength) -> Option<Explanation> {
    let eval = G::Eval::from(strength);
    eval.explain(game)
        .map(|breakdown| Explanation::new(eval.name(), breakdown))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ChessGame, GomokuGame, XiangqiGame};

    fn check(explanation: &Explanation) {
        let terms: f64 = explanation.terms.iter().map(|t| t.value).sum();
        let groups: f64 = explanation.groups.iter().map(|g| g.total).sum();
        let score = f64::from(explanation.first_player_score);
        assert!((terms - score).abs() < 1e-6, "{terms} vs {score}");
        assert!((groups - score).abs() < 1e-6, "{groups} vs {score}");
        for group in &explanation.groups {
            let parts = group.first + group.second + group.neither;
            assert!((parts - group.total).abs() < 1e-9, "{group:?}");
        }
    }

    #[test]
    fn every_game_and_evaluator_explains_its_start() {
        for strength in [EvaluatorStrength::Simple, EvaluatorStrength::Strong] {
            check(&explain(&ChessGame::start(), strength).unwrap());
            check(&explain(&XiangqiGame::start(), strength).unwrap());
            check(&explain(&GomokuGame::start(), strength).unwrap());
        }
    }

    #[test]
    fn the_start_of_chess_has_level_material() {
        let view = explain(&ChessGame::start(), EvaluatorStrength::Strong).unwrap();
        let material = view.groups.iter().find(|g| g.group == "material").unwrap();
        assert!(
            material.first > 3000.0 && material.total.abs() < 1e-9,
            "{material:?}"
        );
        assert_eq!(view.evaluator, "strong");
    }
}
