//! The strong evaluation: material and piece-square tables tapered between
//! middlegame and endgame by the attacking material left, mobility of the
//! long-range pieces and horses, and the general's safety (missing
//! defenders against the attackers left, an open cannon on its file, enemy
//! pieces at the palace). Sides that cannot mate have their advantage cut.

use banco_search::EvalTerm;

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

/// What a term of the evaluation is, for the breakdown.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Term {
    Material,
    Table,
    CrossedSoldier,
    Mobility,
    MissingDefender,
    HollowCannon,
    AimedCannon,
    NearAttacker,
    DangerInEndgame,
}

impl Term {
    /// The breakdown's group and name.
    fn label(self) -> (&'static str, &'static str) {
        match self {
            Term::Material => ("material", "material"),
            Term::Table => ("piece-square tables", "piece-square table"),
            Term::CrossedSoldier => ("piece-square tables", "soldier across the river, endgame"),
            Term::Mobility => ("mobility", "mobility"),
            Term::MissingDefender => ("general's safety", "missing advisors and elephants"),
            Term::HollowCannon => ("general's safety", "hollow cannon on the general's file"),
            Term::AimedCannon => ("general's safety", "cannon aimed behind two screens"),
            Term::NearAttacker => ("general's safety", "attacker near the palace"),
            Term::DangerInEndgame => (
                "general's safety",
                "the danger at half weight in the endgame",
            ),
        }
    }
}

/// Where the evaluation puts each term, per colour: the search only sums
/// them; the breakdown keeps them one by one. One code path for both, so
/// the breakdown is the evaluation and not a copy of it.
trait Terms {
    fn add(&mut self, color: Color, term: Term, at: Square, mg: i32, eg: i32);
}

/// The search's sink: middlegame and endgame sums, red's and black's.
#[derive(Default)]
struct Sums([(i32, i32); 2]);

impl Terms for Sums {
    #[inline(always)]
    fn add(&mut self, color: Color, _term: Term, _at: Square, mg: i32, eg: i32) {
        let sum = &mut self.0[color.index()];
        sum.0 += mg;
        sum.1 += eg;
    }
}

/// The breakdown's sink.
type Recorded = Vec<(Color, Term, Square, i32, i32)>;

impl Terms for Recorded {
    fn add(&mut self, color: Color, term: Term, at: Square, mg: i32, eg: i32) {
        self.push((color, term, at, mg, eg));
    }
}

/// What a side has, for the phase, the danger it poses and whether it can mate.
#[derive(Default)]
struct Side {
    counts: [i32; 7],
    crossed_soldiers: i32,
}

/// The terms of `board` into `terms`; returns the phase and each side.
fn terms_of(board: &Board, terms: &mut impl Terms) -> (i32, [Side; 2]) {
    let mut sides = [Side::default(), Side::default()];
    for (sq, piece) in board.pieces() {
        let color = piece.color;
        let side = &mut sides[color.index()];
        let kind = piece.kind.index();
        let square_bonus = table(piece.kind)[table_index(sq, color)];
        side.counts[kind] += 1;
        terms.add(
            color,
            Term::Material,
            sq,
            MATERIAL_MG[kind],
            MATERIAL_EG[kind],
        );
        terms.add(color, Term::Table, sq, square_bonus, square_bonus);
        let (mobility, n) = match piece.kind {
            Kind::Soldier if !on_own_half(sq, color) => {
                side.crossed_soldiers += 1;
                // Soldiers across the river weigh more once the board empties.
                terms.add(color, Term::CrossedSoldier, sq, 0, square_bonus / 2);
                continue;
            }
            Kind::Chariot => (
                CHARIOT_MOBILITY,
                slide_mobility(board, sq, color, false) - 6,
            ),
            Kind::Cannon => (CANNON_MOBILITY, slide_mobility(board, sq, color, true) - 5),
            Kind::Horse => (HORSE_MOBILITY, horse_mobility(board, sq, color) - 3),
            _ => continue,
        };
        terms.add(color, Term::Mobility, sq, mobility.0 * n, mobility.1 * n);
    }
    for color in Color::ALL {
        general_danger(board, color, &sides[color.opponent().index()], terms);
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
    (phase, sides)
}

/// How red's and black's sums become the value, from red's side.
struct Blend {
    /// The blend before the division by the full phase.
    numerator: i32,
    /// The blend, truncated.
    blended: i32,
    /// After the cut of a side that cannot mate.
    scaled: i32,
    /// With the tempo: the value.
    value: i32,
}

fn blend(board: &Board, phase: i32, sides: &[Side; 2], sums: [(i32, i32); 2]) -> Blend {
    let [red, black] = sums;
    let mg = red.0 - black.0;
    let eg = red.1 - black.1;
    let numerator = mg * phase + eg * (FULL_PHASE - phase);
    let blended = numerator / FULL_PHASE;
    let mut scaled = blended;
    // A side with nothing that can cross the river and give check cannot win.
    if scaled > 0 && !can_mate(&sides[0]) || scaled < 0 && !can_mate(&sides[1]) {
        scaled /= 8;
    }
    let tempo = if board.side_to_move() == Color::Red {
        TEMPO
    } else {
        -TEMPO
    };
    Blend {
        numerator,
        blended,
        scaled,
        value: scaled + tempo,
    }
}

/// The strong evaluation from red's point of view.
pub(super) fn evaluate_red(board: &Board) -> i32 {
    let mut sums = Sums::default();
    let (phase, sides) = terms_of(board, &mut sums);
    blend(board, phase, &sides, sums.0).value
}

/// The strong evaluation term by term, each blended by the phase as the
/// whole is; the truncation of the blend, the cut of a side that cannot
/// mate and the tempo are terms of their own, so the terms add up to
/// [`evaluate_red`]'s value.
pub(super) fn explain_red(board: &Board) -> (Vec<EvalTerm>, i32, String) {
    let mut recorded = Recorded::new();
    let (phase, sides) = terms_of(board, &mut recorded);
    let mut sums = Sums::default();
    for &(color, term, at, mg, eg) in &recorded {
        sums.add(color, term, at, mg, eg);
    }
    let result = blend(board, phase, &sides, sums.0);
    let full = f64::from(FULL_PHASE);
    let mut terms: Vec<EvalTerm> = recorded
        .iter()
        .map(|&(color, term, at, mg, eg)| {
            let (group, name) = term.label();
            let sign = if color == Color::Red { 1.0 } else { -1.0 };
            EvalTerm {
                group,
                name,
                side: Some(color.side()),
                point: Some(at.to_string()),
                value: sign * f64::from(mg * phase + eg * (FULL_PHASE - phase)) / full,
            }
        })
        .collect();
    let rounding = f64::from(result.blended) - f64::from(result.numerator) / full;
    if rounding != 0.0 {
        terms.push(EvalTerm {
            group: "blend",
            name: "rounding of the blend",
            side: None,
            point: None,
            value: rounding,
        });
    }
    if result.scaled != result.blended {
        terms.push(EvalTerm {
            group: "blend",
            name: "cut: the side ahead has nothing left that can mate",
            side: None,
            point: None,
            value: f64::from(result.scaled - result.blended),
        });
    }
    let mover = board.side_to_move();
    terms.push(EvalTerm {
        group: "tempo",
        name: "the move (tempo)",
        side: Some(mover.side()),
        point: None,
        value: f64::from(result.value - result.scaled),
    });
    let blend = format!(
        "phase {phase} of {FULL_PHASE}: {} % middlegame",
        phase * 100 / FULL_PHASE
    );
    (terms, result.value, blend)
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

/// How exposed `color`'s general is to the attackers `enemy` has left,
/// each part a term against `color`: full weight in the middlegame, and
/// the whole at half weight in the endgame.
fn general_danger(board: &Board, color: Color, enemy: &Side, terms: &mut impl Terms) {
    let general = board.general(color);
    let mut against = |term: Term, at: Square, danger: i32| {
        if danger != 0 {
            terms.add(color, term, at, -danger, 0);
        }
        danger
    };
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
    let mut danger = against(
        Term::MissingDefender,
        general,
        force * ((2 - own_counts.0) * MISSING_ADVISOR + (2 - own_counts.1) * MISSING_ELEPHANT),
    );
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
                0 => danger += against(Term::HollowCannon, sq, HOLLOW_CANNON),
                2 => danger += against(Term::AimedCannon, sq, AIMED_CANNON),
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
            let at = general.offset(dr * 16 + df);
            let cell = board.cell(at);
            if cell == chariot || cell == horse || cell == soldier {
                danger += against(Term::NearAttacker, at, NEAR_ATTACKER);
            }
        }
    }
    if danger / 2 != 0 {
        terms.add(color, Term::DangerInEndgame, general, 0, -(danger / 2));
    }
}
