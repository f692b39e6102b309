//! MTD(f) (Plaat et al., 1996): find the root value by a series of zero-window
//! searches, each asking "is the value at least β?", narrowing a lower and an
//! upper bound until they meet. It relies on the transposition table to make
//! the repeated searches cheap.

use super::Worker;
use crate::{Evaluator, Game, INFINITY};

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// The value at `depth`, starting from the guess `first_guess`.
    pub(super) fn mtdf(&mut self, depth: i32, first_guess: i32) -> i32 {
        let mut guess = first_guess;
        let mut lower = -INFINITY;
        let mut upper = INFINITY;
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search_root(depth, beta - 1, beta, 0);
            if self.stopped {
                break;
            }
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }
}
