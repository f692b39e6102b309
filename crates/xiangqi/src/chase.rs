//! Perpetual chasing: which sides, in a repeating cycle of moves, threatened
//! with every one of their moves to capture the same enemy piece.
//!
//! Repetitions are rare next to the moves the search makes, so nothing is
//! recorded as moves are played: when a repetition has to be judged, the
//! cycle is walked back on a scratch board from the history (each move and
//! the piece it captured), and each move's chases are worked out there.
//!
//! A move *chases* an enemy piece when the piece it moved can, after the
//! move and not before it, legally capture that piece, and the piece is
//! worth chasing:
//!
//! - the mover is not a general or a soldier (their threats are allowed);
//! - the target is not the general (that is a check) nor a soldier still on
//!   its own side of the river;
//! - the target is worth more than the mover (a horse or cannon threatening
//!   a chariot; an advisor or elephant threatening a horse, cannon or
//!   chariot), or else no piece of its side could legally take back on its
//!   point after the capture (it is unprotected);
//! - a threat on a piece of the mover's own kind that could capture the
//!   mover back is an offer to trade, not a chase.
//!
//! A side chases throughout a cycle when every one of its moves chases, and
//! some one enemy piece is chased by all of them: the chased piece is
//! followed from point to point as it moves, since running away is exactly
//! what a chased piece does.

use crate::board::{Board, Move};
use crate::game::Undo;
use crate::movegen::on_own_half;
use crate::piece::Kind;
use crate::square::Square;

/// A set of points, one bit per point index (0..90).
type Points = u128;

/// The bit of `sq` in a [`Points`] set.
const fn bit(sq: Square) -> Points {
    1 << sq.index()
}

/// Worth classes for the chase rule: a threat on a piece of a higher class
/// is a chase even when that piece is protected.
const fn worth(kind: Kind) -> u8 {
    match kind {
        Kind::Chariot => 3,
        Kind::Horse | Kind::Cannon => 2,
        Kind::Advisor | Kind::Elephant | Kind::Soldier => 1,
        Kind::General => 0,
    }
}

/// For each side (by [`Color::index`]), whether it chased one enemy piece
/// with every one of its moves in `cycle`, the last moves of the history
/// that led to `board`. A side with no move in the cycle does not chase; a
/// null move (a pass inside the search) is no chase.
pub(crate) fn perpetual_chasers(board: &Board, cycle: &[Undo]) -> [bool; 2] {
    let mut scratch = board.clone();
    // The pieces each side has chased with all its moves so far (walking
    // back), as points in the position `scratch` shows; `None` until its
    // first move is seen.
    let mut chased: [Option<Points>; 2] = [None, None];
    for undo in cycle.iter().rev() {
        let mover = scratch.side_to_move().opponent();
        let Some(mv) = undo.mv else {
            chased[mover.index()] = Some(0);
            scratch.pass();
            continue;
        };
        let still = chased[mover.index()].is_none_or(|set| set != 0);
        if still {
            let now = chases(&scratch, mv, undo.captured);
            chased[mover.index()] = Some(chased[mover.index()].map_or(now, |set| set & now));
        }
        // The other side's chased piece may be the one that just moved:
        // before this move it stood on `mv.from`.
        if let Some(set) = &mut chased[mover.opponent().index()]
            && *set & bit(mv.to) != 0
        {
            *set = (*set & !bit(mv.to)) | bit(mv.from);
        }
        scratch.revert(mv, undo.captured);
        if chased.iter().all(|set| *set == Some(0)) {
            break;
        }
    }
    chased.map(|set| set.is_some_and(|set| set != 0))
}

/// The enemy pieces `mv` chases, as points; `after` is the position it led
/// to and `captured` what it took.
fn chases(after: &Board, mv: Move, captured: u8) -> Points {
    let Some(mover) = after.piece_at(mv.to) else {
        return 0;
    };
    if matches!(mover.kind, Kind::General | Kind::Soldier) {
        return 0;
    }
    // The mover's side to move again, to ask what it could capture.
    let mut threats = after.clone();
    threats.pass();
    let now = capture_targets(&threats, mv.to);
    if now == 0 {
        return 0;
    }
    let mut before = after.clone();
    before.revert(mv, captured);
    let fresh = now & !capture_targets(&before, mv.from);
    let mut chased = 0;
    for sq in points(fresh) {
        if worth_chasing(&threats, mv.to, sq) {
            chased |= bit(sq);
        }
    }
    chased
}

/// The points of the enemy pieces the piece on `from` can legally capture,
/// with its side to move on `board`.
fn capture_targets(board: &Board, from: Square) -> Points {
    let mut captures = Vec::with_capacity(16);
    board.generate(&mut captures, true);
    captures
        .iter()
        .filter(|mv| mv.from == from)
        .fold(0, |set, mv| set | bit(mv.to))
}

/// Whether the piece of the side to move on `from` threatening the enemy
/// piece on `target` makes a chase (see the module docs).
fn worth_chasing(board: &Board, from: Square, target: Square) -> bool {
    let (Some(mover), Some(victim)) = (board.piece_at(from), board.piece_at(target)) else {
        return false;
    };
    match victim.kind {
        Kind::General => return false,
        Kind::Soldier if on_own_half(target, victim.color) => return false,
        _ => {}
    }
    if worth(victim.kind) > worth(mover.kind) {
        return true;
    }
    if victim.kind == mover.kind && can_take_back(board, target, from) {
        return false;
    }
    let mut taken = board.clone();
    taken.apply(Move::new(from, target));
    !can_capture_on(&taken, target)
}

/// Whether the piece on `from`, of the side not to move, could capture on
/// `to` were it its turn.
fn can_take_back(board: &Board, from: Square, to: Square) -> bool {
    let mut turned = board.clone();
    turned.pass();
    capture_targets(&turned, from) & bit(to) != 0
}

/// Whether the side to move has a legal capture on `sq`.
fn can_capture_on(board: &Board, sq: Square) -> bool {
    let mut captures = Vec::with_capacity(16);
    board.generate(&mut captures, true);
    captures.iter().any(|mv| mv.to == sq)
}

/// The points of a set, lowest index first.
fn points(mut set: Points) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros() as usize;
        set &= set - 1;
        Square::from_index(index)
    })
}
