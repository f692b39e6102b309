//! The seeds' caro evaluation, as the caro program writes it: for every stone,
//! look at most four points ahead in each of four directions (right, up, and
//! the two diagonals), counting own stones until an opponent's stone or the
//! edge "blocks" the look (an empty point does not stop it); score 100000
//! for four more, 5000 (500 if blocked) for three, 500 (50) for two, 10 for
//! one; add the side's own stones' scores and subtract 1.2 times the
//! opponent's.
//!
//! Two changes, both of scale: the seeds score from the computer's fixed
//! point of view at the end of a two-ply search, which is the side to move
//! there, so here the side to move takes the computer's part; and the sum is
//! divided by 10 so that ordinary positions fit the search's score range (a
//! position with several fours saturates it, as it is decided anyway).

use banco_search::{EvalBreakdown, EvalTerm, Game, Side};

use crate::{GomokuGame, Point};

/// The seeds' four directions, as (column, row) steps.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// The seeds' `check_pattern` for the stone of `side` at (x, y).
fn stone_score(game: &GomokuGame, x: i32, y: i32, side: Side) -> i64 {
    let n = i32::from(game.size());
    let mut score = 0;
    for (dx, dy) in DIRECTIONS {
        let mut count = 0;
        let mut blocked = 0;
        for i in 1..5 {
            let (nx, ny) = (x + dx * i, y + dy * i);
            if !((0..n).contains(&nx) && (0..n).contains(&ny)) {
                blocked += 1;
                break;
            }
            match game.stone(Point::new(nx as u8, ny as u8)) {
                Some(s) if s == side => count += 1,
                Some(_) => {
                    blocked += 1;
                    break;
                }
                None => {}
            }
        }
        score += match (count, blocked) {
            (4, _) => 100_000,
            (3, 0) => 5_000,
            (3, _) => 500,
            (2, 0) => 500,
            (2, _) => 50,
            (1, _) => 10,
            _ => 0,
        };
    }
    score
}

/// The seeds' evaluation from the side to move's view, divided by 10.
#[must_use]
pub fn evaluate(game: &GomokuGame) -> i32 {
    let me = game.side_to_move();
    let n = game.size();
    let (mut own, mut theirs) = (0_i64, 0_i64);
    for y in 0..n {
        for x in 0..n {
            if let Some(side) = game.stone(Point::new(x, y)) {
                let score = stone_score(game, i32::from(x), i32::from(y), side);
                if side == me {
                    own += score;
                } else {
                    theirs += score;
                }
            }
        }
    }
    let value = (own * 10 - theirs * 12) / 100;
    i32::try_from(value.clamp(-1_000_000, 1_000_000)).unwrap_or(0)
}

/// The seeds' evaluation stone by stone, from the first player's side:
/// each stone's pattern score, weighted 10 for the side to move's and 12
/// for the other's and divided by 100 as the whole is; the truncation and
/// the cap are terms of their own, so the terms add up to [`evaluate`].
#[must_use]
pub fn explain(game: &GomokuGame) -> EvalBreakdown {
    let me = game.side_to_move();
    let first = |v: f64| if me == Side::First { v } else { -v };
    let n = game.size();
    let mut terms = Vec::new();
    let (mut own, mut theirs) = (0_i64, 0_i64);
    for y in 0..n {
        for x in 0..n {
            let p = Point::new(x, y);
            if let Some(side) = game.stone(p) {
                let score = stone_score(game, i32::from(x), i32::from(y), side);
                let weighted = if side == me {
                    own += score;
                    score * 10
                } else {
                    theirs += score;
                    -score * 12
                };
                if score != 0 {
                    terms.push(EvalTerm {
                        group: "stones",
                        name: "the runs this stone looks along",
                        side: Some(side),
                        point: Some(p.to_string()),
                        value: first(weighted as f64 / 100.0),
                    });
                }
            }
        }
    }
    let exact = (own * 10 - theirs * 12) as f64 / 100.0;
    let value = evaluate(game);
    let truncated = (own * 10 - theirs * 12) / 100;
    if truncated as f64 != exact {
        terms.push(EvalTerm {
            group: "rounding",
            name: "rounding of the division by 100",
            side: None,
            point: None,
            value: first(truncated as f64 - exact),
        });
    }
    if i64::from(value) != truncated {
        terms.push(EvalTerm {
            group: "cap",
            name: "cap of decided positions",
            side: None,
            point: None,
            value: first((i64::from(value) - truncated) as f64),
        });
    }
    EvalBreakdown {
        terms,
        score: value,
        first_player_score: if me == Side::First { value } else { -value },
        blend: None,
    }
}

/// The seeds' move order: nearest the centre first.
#[must_use]
pub fn centre_first(game: &GomokuGame, p: Point) -> i32 {
    let c = i32::from(game.size() / 2);
    let (dx, dy) = (i32::from(p.x) - c, i32::from(p.y) - c);
    -(dx * dx + dy * dy)
}
