//! Perft: the number of leaf positions a fixed number of plies ahead, the
//! standard check of a move generator (and of make/unmake and the hash when
//! run through them).

use crate::{Game, StopFlag};

/// The deepest perft the front ends run. Depth 12 is already beyond any
/// machine's patience in chess and xiangqi; what it guards against is a
/// mistyped number asking for billions of plies.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Counts the leaf positions `depth` plies ahead.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    // A flag nobody raises: the count always completes.
    count(game, depth, &mut Vec::new(), 0, &StopFlag::new()).unwrap_or(0)
}

/// Perft below each legal move, in generation order (`perft --divide`): the
/// way to find which move a faulty generator gets wrong.
pub fn perft_divide<G: Game>(game: &mut G, depth: u32) -> Vec<(G::Move, u64)> {
    perft_divide_until_stopped(game, depth, &StopFlag::new()).unwrap_or_default()
}

/// [`perft_divide`] that gives up as soon as it can once `stop` is raised,
/// returning `None`: a long perft driven by a protocol must answer `stop`.
pub fn perft_divide_until_stopped<G: Game>(
    game: &mut G,
    depth: u32,
    stop: &StopFlag,
) -> Option<Vec<(G::Move, u64)>> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut buffers = Vec::new();
    let mut counts = Vec::with_capacity(moves.len());
    for mv in moves {
        game.make_move(mv);
        let below = count(game, depth.saturating_sub(1), &mut buffers, 0, stop);
        game.unmake_move(mv);
        counts.push((mv, below?));
    }
    Some(counts)
}

/// The leaves below `game`, or `None` once `stop` is raised. `buffers`
/// holds one move list per ply from `ply` on, grown as the walk goes deeper
/// rather than sized by `depth` up front (a huge depth must not allocate).
fn count<G: Game>(
    game: &mut G,
    depth: u32,
    buffers: &mut Vec<Vec<G::Move>>,
    ply: usize,
    stop: &StopFlag,
) -> Option<u64> {
    if buffers.len() <= ply {
        buffers.push(Vec::new());
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    let total = if depth == 0 {
        Some(1)
    } else if depth == 1 {
        // The last ply is counted in bulk, not made.
        Some(game.legal_move_count(&mut moves) as u64)
    } else if stop.is_raised() {
        None
    } else {
        game.legal_moves(&mut moves);
        let mut total = 0;
        for &mv in &moves {
            game.make_move(mv);
            let below = count(game, depth - 1, buffers, ply + 1, stop);
            game.unmake_move(mv);
            match below {
                Some(n) => total += n,
                None => break,
            }
        }
        (!stop.is_raised()).then_some(total)
    };
    buffers[ply] = moves;
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::TicTacToe;

    #[test]
    fn counts_and_divides_tic_tac_toe() {
        assert_eq!(perft(&mut TicTacToe::new(), 0), 1);
        assert_eq!(perft(&mut TicTacToe::new(), 3), 504);
        let divided = perft_divide(&mut TicTacToe::new(), 3);
        assert_eq!(divided.len(), 9);
        assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), 504);
    }

    #[test]
    fn a_raised_flag_stops_the_count() {
        let stop = StopFlag::new();
        assert!(perft_divide_until_stopped(&mut TicTacToe::new(), 4, &stop).is_some());
        stop.raise();
        assert_eq!(
            perft_divide_until_stopped(&mut TicTacToe::new(), 4, &stop),
            None
        );
    }

    #[test]
    fn a_huge_depth_does_not_allocate_up_front() {
        // Tic-tac-toe ends within nine plies, so the walk is short however
        // deep it is asked to go; the old code sized its buffers by depth.
        assert_eq!(perft(&mut TicTacToe::new(), u32::MAX), 0);
    }
}
