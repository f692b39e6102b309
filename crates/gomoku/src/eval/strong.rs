//! The strong evaluation: the board's incremental pattern values, read from
//! the side to move's view, and the threats that decide games before the
//! horizon (a five to make, two fives to stop, a straight four to make).

use banco_search::Game;

use crate::GomokuGame;
use crate::board::Threat;

/// A position won by force in a few plies, below the search's mate scores.
pub const WIN: i32 = 20_000;
/// Ordinary positions stay within ±this.
const ORDINARY: i32 = 15_000;
/// The side to move's extra stone to come.
const TEMPO: i32 = 30;

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
    let mut value = board.total(me) - board.total(them);
    value += if their_fives == 1 { -TEMPO } else { TEMPO };
    value.clamp(-ORDINARY, ORDINARY)
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
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    let own = rank(board.threat(me, index)) * 2;
    let stop = (rank(board.threat(them, index)) * 2 - 1).max(0);
    own.max(stop) * 100_000 + 2 * board.value(me, index) + board.value(them, index)
}

/// Whether a move makes a threat or stops one: made an open three or more,
/// or taken from the opponent a point where he would make a four or more.
#[must_use]
pub fn is_tactical(game: &GomokuGame, index: usize) -> bool {
    let board = game.board();
    let me = game.side_to_move();
    board.threat(me, index) >= Threat::Three || board.threat(me.opponent(), index) >= Threat::Four
}
