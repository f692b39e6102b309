//! The strong evaluation: material and piece-square tables tapered between
//! middlegame and endgame by the attacking material left, mobility of the
//! long-range pieces and horses, and the general's safety (missing
//! defenders against the attackers left, an open cannon on its file, enemy
//! pieces at the palace). Sides that cannot mate have their advantage cut.

use crate::board::{Board, EMPTY, OFF};
use crate::movegen::{HORSE_JUMPS, code, on_own_half};
use crate::piece::{Color, Kind};
use crate::square::{NORTH, ORTHOGONAL, SOUTH, Square};

use super::tables::{table, table_index};

/// Material, middlegame and endgame, indexed by [`Kind::index`].
const MATERIAL_MG: [i32; 7] = [0, 120, 120, 270, 600, 290, 30];
const MATERIAL_EG: [i32; 7] = [0, 130, 130, 310, 650, 260, 45];

/// Phase weight of each kind (chariot 4, horse and cannon 2).
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
const FULL_PHASE: i32 = 32;

const CHARIOT_MOBILITY: (i32, i32) = (3, 4);
const HORSE_MOBILITY: (i32, i32) = (6, 7);
const CANNON_MOBILITY: (i32, i32) = (2, 1);
/// An enemy cannon with nothing between it and the general (空頭炮).
const HOLLOW_CANNON: i32 = 45;
/// An enemy cannon on the general's file behind two screens.
const AIMED_CANNON: i32 = 10;
/// An enemy chariot, horse or crossed soldier within two points of the general.
const NEAR_ATTACKER: i32 = 14;
/// A missing advisor or elephant, per unit of enemy attacking force.
const MISSING_ADVISOR: i32 = 5;
const MISSING_ELEPHANT: i32 = 3;
const TEMPO: i32 = 10;

#[derive(Default)]
struct Side {
    mg: i32,
    eg: i32,
    counts: [i32; 7],
    crossed_soldiers: i32,
}

/// The strong evaluation from red's point of view.
pub(super) fn evaluate_red(board: &Board) -> i32 {
    let mut sides = [Side::default(), Side::default()];
    for (sq, piece) in board.pieces() {
        let side = &mut sides[piece.color.index()];
        let kind = piece.kind.index();
        let square_bonus = table(piece.kind)[table_index(sq, piece.color)];
        side.counts[kind] += 1;
        side.mg += MATERIAL_MG[kind] + square_bonus;
        side.eg += MATERIAL_EG[kind] + square_bonus;
        match piece.kind {
            Kind::Soldier if !on_own_half(sq, piece.color) => {
                side.crossed_soldiers += 1;
                // Soldiers across the river weigh more once the board empties.
                side.eg += square_bonus / 2;
            }
            Kind::Chariot => {
                let n = slide_mobility(board, sq, piece.color, false);
                side.mg += CHARIOT_MOBILITY.0 * (n - 6);
                side.eg += CHARIOT_MOBILITY.1 * (n - 6);
            }
            Kind::Cannon => {
                let n = slide_mobility(board, sq, piece.color, true);
                side.mg += CANNON_MOBILITY.0 * (n - 5);
                side.eg += CANNON_MOBILITY.1 * (n - 5);
            }
            Kind::Horse => {
                let n = horse_mobility(board, sq, piece.color);
                side.mg += HORSE_MOBILITY.0 * (n - 3);
                side.eg += HORSE_MOBILITY.1 * (n - 3);
            }
            _ => {}
        }
    }
    for color in Color::ALL {
        let danger = general_danger(board, color, &sides[color.opponent().index()]);
        sides[color.index()].mg -= danger;
        sides[color.index()].eg -= danger / 2;
    }
    let phase = sides
        .iter()
        .map(|s| {
            s.counts
                .iter()
                .zip(PHASE_WEIGHT)
                .map(|(n, w)| n * w)
                .sum::<i32>()
        })
        .sum::<i32>()
        .min(FULL_PHASE);
    let [red, black] = &sides;
    let mg = red.mg - black.mg;
    let eg = red.eg - black.eg;
    let mut score = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    // A side with nothing that can cross the river and give check cannot win.
    if score > 0 && !can_mate(red) || score < 0 && !can_mate(black) {
        score /= 8;
    }
    let tempo = if board.side_to_move() == Color::Red {
        TEMPO
    } else {
        -TEMPO
    };
    score + tempo
}

fn can_mate(side: &Side) -> bool {
    side.counts[Kind::Chariot.index()]
        + side.counts[Kind::Horse.index()]
        + side.counts[Kind::Cannon.index()]
        + side.counts[Kind::Soldier.index()]
        > 0
}

/// Points a chariot can move to (or a cannon, counting its quiet moves and
/// captures).
fn slide_mobility(board: &Board, from: Square, color: Color, cannon: bool) -> i32 {
    let them = color.opponent().index();
    let mut n = 0;
    for step in ORTHOGONAL {
        let mut to = from.offset(step);
        while board.cell(to) == EMPTY {
            n += 1;
            to = to.offset(step);
        }
        let mut target = board.cell(to);
        if target == OFF {
            continue;
        }
        if cannon {
            to = to.offset(step);
            while board.cell(to) == EMPTY {
                to = to.offset(step);
            }
            target = board.cell(to);
        }
        if target != OFF && target != EMPTY && usize::from(target >> 3) == them {
            n += 1;
        }
    }
    n
}

/// Jumps a horse can make, not counting those onto its own pieces.
fn horse_mobility(board: &Board, from: Square, color: Color) -> i32 {
    let us = color.index();
    let mut n = 0;
    for (jump, leg) in HORSE_JUMPS {
        if board.cell(from.offset(leg)) != EMPTY {
            continue;
        }
        let target = board.cell(from.offset(jump));
        if target == EMPTY || (target != OFF && usize::from(target >> 3) != us) {
            n += 1;
        }
    }
    n
}

/// How exposed `color`'s general is to the attackers `enemy` has left.
fn general_danger(board: &Board, color: Color, enemy: &Side) -> i32 {
    let general = board.general(color);
    let own_counts = {
        let mut advisors = 0;
        let mut elephants = 0;
        for (_, piece) in board.pieces() {
            if piece.color == color {
                match piece.kind {
                    Kind::Advisor => advisors += 1,
                    Kind::Elephant => elephants += 1,
                    _ => {}
                }
            }
        }
        (advisors, elephants)
    };
    let force = 2 * enemy.counts[Kind::Chariot.index()]
        + enemy.counts[Kind::Horse.index()]
        + enemy.counts[Kind::Cannon.index()]
        + enemy.crossed_soldiers;
    let mut danger =
        force * ((2 - own_counts.0) * MISSING_ADVISOR + (2 - own_counts.1) * MISSING_ELEPHANT);
    // Cannons on the general's file.
    let them = color.opponent();
    let cannon = code(them, Kind::Cannon);
    let step = match color {
        Color::Red => NORTH,
        Color::Black => SOUTH,
    };
    let mut screens = 0;
    let mut sq = general.offset(step);
    while board.cell(sq) != OFF {
        let cell = board.cell(sq);
        if cell == cannon {
            match screens {
                0 => danger += HOLLOW_CANNON,
                2 => danger += AIMED_CANNON,
                _ => {}
            }
        }
        if cell != EMPTY {
            screens += 1;
            if screens > 2 {
                break;
            }
        }
        sq = sq.offset(step);
    }
    // Attackers at the palace.
    let (chariot, horse, soldier) = (
        code(them, Kind::Chariot),
        code(them, Kind::Horse),
        code(them, Kind::Soldier),
    );
    for dr in -2_i16..=2 {
        for df in -2_i16..=2 {
            let cell = board.cell(general.offset(dr * 16 + df));
            if cell == chariot || cell == horse || cell == soldier {
                danger += NEAR_ATTACKER;
            }
        }
    }
    danger
}
