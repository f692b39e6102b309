//! Move generation and attack detection, straight from the piece rules.
//!
//! Moves are generated pseudo-legally (every piece rule, but ignoring whether
//! the mover's general is left attacked or facing the other general), then
//! each is tried on a scratch board and kept if its general is safe. The
//! padding around the mailbox ends slides and rejects steps off the board
//! without bounds checks.

use crate::board::{Board, EMPTY, Move, OFF};
use crate::piece::{Color, Kind};
use crate::square::{DIAGONAL, EAST, NORTH, ORTHOGONAL, SOUTH, Square, WEST};

const RED_PALACE: u8 = 1;
const BLACK_PALACE: u8 = 2;
const RED_HALF: u8 = 4;
const BLACK_HALF: u8 = 8;

/// Area flags of every mailbox cell.
static AREAS: [u8; 256] = areas();

const fn areas() -> [u8; 256] {
    let mut table = [0; 256];
    let mut rank = 0;
    while rank < 10 {
        let mut file = 0;
        while file < 9 {
            let cell = (rank + 3) * 16 + file + 3;
            let palace_file = file >= 3 && file <= 5;
            let mut flags = if rank <= 4 { RED_HALF } else { BLACK_HALF };
            if palace_file && rank <= 2 {
                flags |= RED_PALACE;
            }
            if palace_file && rank >= 7 {
                flags |= BLACK_PALACE;
            }
            table[cell] = flags;
            file += 1;
        }
        rank += 1;
    }
    table
}

/// Whether `sq` is inside `color`'s palace.
#[inline]
#[must_use]
pub fn in_palace(sq: Square, color: Color) -> bool {
    let flag = match color {
        Color::Red => RED_PALACE,
        Color::Black => BLACK_PALACE,
    };
    AREAS[sq.cell()] & flag != 0
}

/// Whether `sq` is on `color`'s side of the river.
#[inline]
#[must_use]
pub fn on_own_half(sq: Square, color: Color) -> bool {
    let flag = match color {
        Color::Red => RED_HALF,
        Color::Black => BLACK_HALF,
    };
    AREAS[sq.cell()] & flag != 0
}

/// The step a soldier of `color` takes forward.
#[inline]
#[must_use]
pub(crate) const fn forward(color: Color) -> i16 {
    match color {
        Color::Red => NORTH,
        Color::Black => SOUTH,
    }
}

/// The eight horse jumps, each with its leg: the point next to the horse
/// that blocks the jump.
pub(crate) const HORSE_JUMPS: [(i16, i16); 8] = [
    (2 * NORTH + EAST, NORTH),
    (2 * NORTH + WEST, NORTH),
    (2 * SOUTH + EAST, SOUTH),
    (2 * SOUTH + WEST, SOUTH),
    (2 * EAST + NORTH, EAST),
    (2 * EAST + SOUTH, EAST),
    (2 * WEST + NORTH, WEST),
    (2 * WEST + SOUTH, WEST),
];

/// Where a horse must stand to attack a point, and the leg it needs free:
/// seen from the target, the leg is the diagonal neighbour towards the horse.
pub(crate) const HORSE_ATTACKERS: [(i16, i16); 8] = [
    (2 * NORTH + EAST, NORTH + EAST),
    (2 * NORTH + WEST, NORTH + WEST),
    (2 * SOUTH + EAST, SOUTH + EAST),
    (2 * SOUTH + WEST, SOUTH + WEST),
    (2 * EAST + NORTH, NORTH + EAST),
    (2 * EAST + SOUTH, SOUTH + EAST),
    (2 * WEST + NORTH, NORTH + WEST),
    (2 * WEST + SOUTH, SOUTH + WEST),
];

/// The cell code of `color`'s piece of `kind`.
#[inline]
pub(crate) const fn code(color: Color, kind: Kind) -> u8 {
    1 + kind as u8 + 8 * color.index() as u8
}

/// Whether a piece of `us` may land on a cell holding `target`: empty or enemy.
#[inline]
fn can_land(target: u8, us: usize) -> bool {
    target == EMPTY || (target & OFF == 0 && usize::from(target >> 3) != us)
}

/// Whether the cell holds a piece of the side `them`.
#[inline]
fn is_piece_of(target: u8, them: usize) -> bool {
    target != EMPTY && target & OFF == 0 && usize::from(target >> 3) == them
}

/// The 90 board cells, for scanning.
static BOARD_SQUARES: [Square; 90] = board_squares();

const fn board_squares() -> [Square; 90] {
    let mut squares = [Square(0); 90];
    let mut i = 0;
    while i < 90 {
        squares[i] = Square(((i / 9) as u8 + 3) * 16 + (i % 9) as u8 + 3);
        i += 1;
    }
    squares
}

/// Whether `mv` could leave its own general (on `general`, not in check)
/// attacked: it moves the general, leaves or enters the general's rank or
/// file (opening a line, or becoming a cannon's screen), or leaves a point
/// diagonally next to the general (a horse's leg). Any other move keeps
/// every line and leg as it was.
#[inline]
fn may_expose(general: Square, mv: Move) -> bool {
    let aligned = |sq: Square| sq.file() == general.file() || sq.rank() == general.rank();
    let diagonal_neighbour = DIAGONAL.iter().any(|&d| general.offset(d) == mv.from);
    mv.from == general || aligned(mv.from) || aligned(mv.to) || diagonal_neighbour
}

impl Board {
    /// Whether `color`'s general is attacked, or faces the other general
    /// across an open file.
    #[must_use]
    pub fn general_exposed(&self, color: Color) -> bool {
        let king = self.general(color);
        let them = color.opponent();
        let chariot = code(them, Kind::Chariot);
        let cannon = code(them, Kind::Cannon);
        let general = code(them, Kind::General);
        for step in ORTHOGONAL {
            let mut sq = king.offset(step);
            while self.cell(sq) == EMPTY {
                sq = sq.offset(step);
            }
            let first = self.cell(sq);
            if first == OFF {
                continue;
            }
            if first == chariot || (first == general && (step == NORTH || step == SOUTH)) {
                return true;
            }
            sq = sq.offset(step);
            while self.cell(sq) == EMPTY {
                sq = sq.offset(step);
            }
            if self.cell(sq) == cannon {
                return true;
            }
        }
        let horse = code(them, Kind::Horse);
        for (jump, leg) in HORSE_ATTACKERS {
            if self.cell(king.offset(jump)) == horse && self.cell(king.offset(leg)) == EMPTY {
                return true;
            }
        }
        // A soldier next to a general is across the river, so it attacks
        // sideways as well as forwards.
        let soldier = code(them, Kind::Soldier);
        self.cell(king.offset(-forward(them))) == soldier
            || self.cell(king.offset(EAST)) == soldier
            || self.cell(king.offset(WEST)) == soldier
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.general_exposed(self.side_to_move())
    }

    /// Appends the pseudo-legal moves of the side to move (only captures when
    /// `captures_only`).
    pub(crate) fn pseudo_moves(&self, out: &mut Vec<Move>, captures_only: bool) {
        let color = self.side_to_move();
        let us = color.index();
        for &from in &BOARD_SQUARES {
            let cell = self.cell(from);
            if cell == EMPTY || usize::from(cell >> 3) != us {
                continue;
            }
            let mut push = |to: Square| {
                let target = self.cell(to);
                if can_land(target, us) && (!captures_only || target != EMPTY) {
                    out.push(Move::new(from, to));
                }
            };
            match (cell & 7) - 1 {
                // General
                0 => {
                    for step in ORTHOGONAL {
                        let to = from.offset(step);
                        if in_palace(to, color) {
                            push(to);
                        }
                    }
                }
                // Advisor
                1 => {
                    for step in DIAGONAL {
                        let to = from.offset(step);
                        if in_palace(to, color) {
                            push(to);
                        }
                    }
                }
                // Elephant
                2 => {
                    for step in DIAGONAL {
                        let eye = from.offset(step);
                        let to = eye.offset(step);
                        if self.cell(eye) == EMPTY && on_own_half(to, color) {
                            push(to);
                        }
                    }
                }
                // Horse
                3 => {
                    for (jump, leg) in HORSE_JUMPS {
                        if self.cell(from.offset(leg)) == EMPTY {
                            push(from.offset(jump));
                        }
                    }
                }
                // Chariot
                4 => {
                    for step in ORTHOGONAL {
                        let mut to = from.offset(step);
                        while self.cell(to) == EMPTY {
                            if !captures_only {
                                out.push(Move::new(from, to));
                            }
                            to = to.offset(step);
                        }
                        if is_piece_of(self.cell(to), 1 - us) {
                            out.push(Move::new(from, to));
                        }
                    }
                }
                // Cannon
                5 => {
                    for step in ORTHOGONAL {
                        let mut to = from.offset(step);
                        while self.cell(to) == EMPTY {
                            if !captures_only {
                                out.push(Move::new(from, to));
                            }
                            to = to.offset(step);
                        }
                        if self.cell(to) == OFF {
                            continue;
                        }
                        to = to.offset(step);
                        while self.cell(to) == EMPTY {
                            to = to.offset(step);
                        }
                        if is_piece_of(self.cell(to), 1 - us) {
                            out.push(Move::new(from, to));
                        }
                    }
                }
                // Soldier
                _ => {
                    push(from.offset(forward(color)));
                    if !on_own_half(from, color) {
                        push(from.offset(EAST));
                        push(from.offset(WEST));
                    }
                }
            }
        }
    }

    /// Whether the pseudo-legal `mv` leaves the mover's general safe.
    #[inline]
    pub(crate) fn keeps_general_safe(&mut self, mv: Move) -> bool {
        let us = self.side_to_move();
        let captured = self.shift(mv);
        let safe = !self.general_exposed(us);
        self.unshift(mv, captured);
        safe
    }

    /// Replaces `out` with the legal moves of the side to move (only captures
    /// when `captures_only`).
    pub fn generate(&self, out: &mut Vec<Move>, captures_only: bool) {
        out.clear();
        self.pseudo_moves(out, captures_only);
        let general = self.general(self.side_to_move());
        let in_check = self.in_check();
        let mut scratch = self.clone();
        out.retain(|&mv| !(in_check || may_expose(general, mv)) || scratch.keeps_general_safe(mv));
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::with_capacity(64);
        self.pseudo_moves(&mut moves, false);
        moves.contains(&mv) && self.clone().keeps_general_safe(mv)
    }

    /// Whether the legal `mv` checks the opponent.
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut scratch = self.clone();
        scratch.apply(mv);
        scratch.in_check()
    }
}

impl Board {
    /// Whether a piece of `by` attacks the point `sq` (could capture a piece
    /// of the other side standing there).
    #[must_use]
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        let chariot = code(by, Kind::Chariot);
        let cannon = code(by, Kind::Cannon);
        for step in ORTHOGONAL {
            let mut at = sq.offset(step);
            while self.cell(at) == EMPTY {
                at = at.offset(step);
            }
            let first = self.cell(at);
            if first == OFF {
                continue;
            }
            if first == chariot {
                return true;
            }
            at = at.offset(step);
            while self.cell(at) == EMPTY {
                at = at.offset(step);
            }
            if self.cell(at) == cannon {
                return true;
            }
        }
        let horse = code(by, Kind::Horse);
        for (jump, leg) in HORSE_ATTACKERS {
            if self.cell(sq.offset(jump)) == horse && self.cell(sq.offset(leg)) == EMPTY {
                return true;
            }
        }
        let soldier = code(by, Kind::Soldier);
        if self.cell(sq.offset(-forward(by))) == soldier {
            return true;
        }
        if !on_own_half(sq, by)
            && (self.cell(sq.offset(EAST)) == soldier || self.cell(sq.offset(WEST)) == soldier)
        {
            return true;
        }
        if in_palace(sq, by) {
            let general = code(by, Kind::General);
            let advisor = code(by, Kind::Advisor);
            if ORTHOGONAL
                .iter()
                .any(|&s| self.cell(sq.offset(s)) == general)
                || DIAGONAL.iter().any(|&s| self.cell(sq.offset(s)) == advisor)
            {
                return true;
            }
        }
        if on_own_half(sq, by) {
            let elephant = code(by, Kind::Elephant);
            for step in DIAGONAL {
                if self.cell(sq.offset(step)) == EMPTY && self.cell(sq.offset(2 * step)) == elephant
                {
                    return true;
                }
            }
        }
        false
    }
}
