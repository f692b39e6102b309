//! The strong evaluation: the board's incremental pattern values, read from
//! the side to move's view, and the threats that decide games before the
//! horizon (a five to make, two fives to stop, a straight four to make).

use banco_search::{EvalBreakdown, EvalTerm, Game, Side};

use crate::board::{Role, Threat};
use crate::{GomokuGame, Point};

/// A position won by force in a few plies, below the search's mate scores.
pub const WIN: i32 = 20_000;
/// Ordinary positions stay within ±this.
const ORDINARY: i32 = 15_000;

/// The value for the side to move.
#[must_use]
pub fn evaluate(game: &GomokuGame) -> i32 {
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    if board.count(me, Threat::Five) > 0 {
        return WIN;
    }
    let their_fives = board.count(them, Threat::Five);
    if their_fives >= 2 {
        return -WIN;
    }
    if their_fives == 0 && board.count(me, Threat::OpenFour) > 0 {
        // A straight four now cannot be answered: the five follows.
        return WIN - 100;
    }
    let mut value = board.total(me, Role::Mover) - board.total(them, Role::Waiter);
    // The side to move's stone to come, spent when it must block a four.
    let tempo = board.weights(me).tempo;
    value += if their_fives == 1 { -tempo } else { tempo };
    value += threats_term(game);
    value.clamp(-ORDINARY, ORDINARY)
}

/// What the two players' strongest threats are worth together, from the
/// side to move's weights.
fn threats_term(game: &GomokuGame) -> i32 {
    let board = game.board();
    let me = game.side_to_move();
    board.weights(me).threats[board.threat_level(me)][board.threat_level(me.opponent())]
}

/// The term a point's value is, named by what a stone there would make.
fn point_term(threat: Threat) -> &'static str {
    match threat {
        Threat::Five => "a point that makes five",
        Threat::OpenFour => "a point that makes a straight four",
        Threat::FourThree => "a point that makes a four-three",
        Threat::Four => "a point that makes a four",
        Threat::DoubleThree => "a point that makes two open threes",
        Threat::Three => "a point that makes an open three",
        Threat::Two => "a point that makes an open two",
        Threat::Forbidden => "a forbidden point",
        Threat::None => "a point of smaller patterns",
    }
}

/// The strong evaluation term by term, from the first player's side: a
/// decided position as one term at the point that decides it; otherwise
/// every empty point's pattern value for each player, where a stone of
/// theirs would go, the tempo, and the cap of ordinary values.
#[must_use]
pub fn explain(game: &GomokuGame) -> EvalBreakdown {
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    let value = evaluate(game);
    let first = |v: i32| match me {
        Side::First => v,
        Side::Second => -v,
    };
    let mut terms = Vec::new();
    let decided = |threat: Threat, side: Side, name: &'static str, v: i32| {
        let mut points = Vec::new();
        game.points_with(side, threat, &mut points);
        EvalTerm {
            group: "threats",
            name,
            side: Some(me),
            point: points.first().map(Point::to_string),
            value: f64::from(first(v)),
        }
    };
    let their_fives = board.count(them, Threat::Five);
    if board.count(me, Threat::Five) > 0 {
        terms.push(decided(Threat::Five, me, "a five to make", WIN));
    } else if their_fives >= 2 {
        terms.push(decided(Threat::Five, them, "two fives to stop", -WIN));
    } else if their_fives == 0 && board.count(me, Threat::OpenFour) > 0 {
        terms.push(decided(
            Threat::OpenFour,
            me,
            "a straight four to make",
            WIN - 100,
        ));
    } else {
        let mut sum = 0;
        for index in board.indices().filter(|&i| board.is_empty_at(i)) {
            for side in [Side::First, Side::Second] {
                let role = if side == me {
                    Role::Mover
                } else {
                    Role::Waiter
                };
                let v = board.value_as(side, role, index);
                if v == 0 {
                    continue;
                }
                sum += if side == me { v } else { -v };
                terms.push(EvalTerm {
                    group: "patterns",
                    name: point_term(board.threat(side, index)),
                    side: Some(side),
                    point: Some(Point::from_index(index).to_string()),
                    value: f64::from(if side == Side::First { v } else { -v }),
                });
            }
        }
        let tempo = board.weights(me).tempo;
        let tempo = if their_fives == 1 { -tempo } else { tempo };
        terms.push(EvalTerm {
            group: "tempo",
            name: if their_fives == 1 {
                "the move, spent on blocking a four"
            } else {
                "the move (tempo)"
            },
            side: Some(me),
            point: None,
            value: f64::from(first(tempo)),
        });
        let threats = threats_term(game);
        if threats != 0 {
            terms.push(EvalTerm {
                group: "threats",
                name: "the best threats of both, together",
                side: Some(me),
                point: None,
                value: f64::from(first(threats)),
            });
        }
        let unclamped = sum + tempo + threats;
        if unclamped != value {
            terms.push(EvalTerm {
                group: "cap",
                name: "cap of ordinary positions",
                side: None,
                point: None,
                value: f64::from(first(value - unclamped)),
            });
        }
    }
    EvalBreakdown {
        terms,
        score: value,
        first_player_score: first(value),
        blend: None,
    }
}

/// Rank of a threat for move ordering: own threats before equal defences.
const fn rank(threat: Threat) -> i32 {
    match threat {
        Threat::Five => 9,
        Threat::OpenFour => 7,
        Threat::FourThree => 6,
        Threat::DoubleThree => 5,
        Threat::Four => 4,
        Threat::Three => 3,
        Threat::Two => 1,
        Threat::None | Threat::Forbidden => 0,
    }
}

/// A move-ordering hint: the strongest threat the move makes or stops, then
/// its attacking and defending value.
#[must_use]
pub fn order_hint(game: &GomokuGame, index: usize) -> i32 {
    let Some(table) = crate::policy::learned_policy(game.rule()) else {
        return pattern_order_hint(game, index);
    };
    // Fives to make or stop and straight fours keep their place at the
    // front; below them the prior orders better than the threat ranks
    // (docs/gomoku.md).
    let bucket = threat_bucket(game, index);
    let urgent = if bucket >= rank(Threat::OpenFour) * 2 - 1 {
        bucket
    } else {
        0
    };
    urgent * 100_000 + crate::policy::logit(table, game, index)
}

/// The ordering without a learned prior: the strongest threat the move
/// makes or stops, then its attacking and defending value.
#[must_use]
pub fn pattern_order_hint(game: &GomokuGame, index: usize) -> i32 {
    let board = game.board();
    let me = game.side_to_move();
    threat_bucket(game, index) * 100_000
        + 2 * board.value(me, index)
        + board.value(me.opponent(), index)
}

/// The rank of the strongest threat a move at `index` makes (doubled) or
/// stops (doubled, less one: own threats before equal defences).
fn threat_bucket(game: &GomokuGame, index: usize) -> i32 {
    let board = game.board();
    let me = game.side_to_move();
    let own = rank(board.threat(me, index)) * 2;
    let stop = (rank(board.threat(me.opponent(), index)) * 2 - 1).max(0);
    own.max(stop)
}

/// A quiet move's worth for ordering, in the search's history units: the
/// learned prior's logit where the rule has one; else what it builds for
/// the mover counts twice what it takes from the opponent, as
/// [`order_hint`] weighs them, scaled so that a point of two open twos
/// ranks with a move of good history.
#[must_use]
pub fn quiet_hint(game: &GomokuGame, index: usize) -> i32 {
    if let Some(table) = crate::policy::learned_policy(game.rule()) {
        return (crate::policy::logit(table, game, index) * POLICY_HINT_SCALE
            / crate::policy::LOGIT_ONE)
            .clamp(-POLICY_HINT_MAX, POLICY_HINT_MAX);
    }
    let board = game.board();
    let me = game.side_to_move();
    let worth = 2 * board.value(me, index) + board.value(me.opponent(), index);
    (worth * QUIET_HINT_SCALE).clamp(0, QUIET_HINT_MAX)
}

/// History units per unit of a point's value…
const QUIET_HINT_SCALE: i32 = 16;
/// …up to this (a quarter of the history's range of ±16,384 each way).
const QUIET_HINT_MAX: i32 = 8_192;
/// History units per logit of the learned prior, where a rule has one
/// (`crate::policy`): a point e times as likely to be played ranks as a
/// move with this much more history.
const POLICY_HINT_SCALE: i32 = 1_024;
/// …up to the history's own range.
const POLICY_HINT_MAX: i32 = 16_384;

/// Whether a move makes a threat or stops one: made an open three or more,
/// or taken from the opponent a point where he would make a four or more.
#[must_use]
pub fn is_tactical(game: &GomokuGame, index: usize) -> bool {
    let board = game.board();
    let me = game.side_to_move();
    board.threat(me, index) >= Threat::Three || board.threat(me.opponent(), index) >= Threat::Four
}
