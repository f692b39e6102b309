//! The accumulators of every position of a game's line of play: one pair
//! (the first player's view, the second's) per position, each made from
//! the one before by the pieces a move changed (copy-make), so that taking
//! a move back costs nothing and a position's value costs the output
//! layer only.

use std::sync::Arc;

use crate::Network;
use crate::network::MAX_DELTA;

/// One accumulator pair per position, for one net.
#[derive(Clone, Debug)]
pub struct AccumulatorStack {
    net: Arc<Network>,
    /// Position `i`'s first-player view, then its second-player view:
    /// `2 × hidden` each.
    values: Vec<i16>,
    /// Position `i`'s number of pieces (the first view's inputs), which
    /// picks the net's output bucket.
    pieces: Vec<u8>,
    /// Positions below this one were never computed (the net came later):
    /// going back to one computes it afresh.
    first_valid: usize,
}

/// The inputs a move adds to one view and takes out of it, for
/// [`AccumulatorStack::push_view`]: up to [`MAX_DELTA`] each (a move
/// that changes more, which no chess or xiangqi move does, leaves the
/// delta unusable and its view is computed afresh).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delta {
    added: [usize; MAX_DELTA],
    removed: [usize; MAX_DELTA],
    added_len: usize,
    removed_len: usize,
    overflowed: bool,
}

impl Delta {
    /// An input arrives.
    pub fn add(&mut self, feature: usize) {
        Self::record(
            &mut self.added,
            &mut self.added_len,
            &mut self.overflowed,
            feature,
        );
    }

    /// An input leaves.
    pub fn remove(&mut self, feature: usize) {
        Self::record(
            &mut self.removed,
            &mut self.removed_len,
            &mut self.overflowed,
            feature,
        );
    }

    fn record(list: &mut [usize; MAX_DELTA], len: &mut usize, overflowed: &mut bool, f: usize) {
        if *len < MAX_DELTA {
            list[*len] = f;
            *len += 1;
        } else {
            *overflowed = true;
        }
    }

    /// Whether every change was recorded (else the view needs computing
    /// afresh).
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.overflowed
    }

    /// The inputs that arrive.
    #[must_use]
    pub fn added(&self) -> &[usize] {
        &self.added[..self.added_len]
    }

    /// The inputs that leave.
    #[must_use]
    pub fn removed(&self) -> &[usize] {
        &self.removed[..self.removed_len]
    }
}

/// Whose view an accumulator is.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum View {
    /// The first player's (white, red).
    First,
    /// The second player's.
    Second,
}

impl AccumulatorStack {
    /// A stack whose position `top` has these inputs from each view.
    #[must_use]
    pub fn new(net: Arc<Network>, top: usize, first: &[usize], second: &[usize]) -> Self {
        let mut this = AccumulatorStack {
            net,
            values: Vec::new(),
            pieces: Vec::new(),
            first_valid: top,
        };
        this.refresh(top, first, second);
        this
    }

    /// The net.
    #[must_use]
    pub fn net(&self) -> &Arc<Network> {
        &self.net
    }

    fn width(&self) -> usize {
        2 * self.net.hidden()
    }

    fn reserve(&mut self, position: usize) {
        let needed = (position + 1) * self.width();
        if self.values.len() < needed {
            self.values.resize(needed, 0);
        }
        if self.pieces.len() <= position {
            self.pieces.resize(position + 1, 0);
        }
    }

    /// Computes position `position` from its inputs alone.
    pub fn refresh(&mut self, position: usize, first: &[usize], second: &[usize]) {
        self.reserve(position);
        let (w, h) = (self.width(), self.net.hidden());
        let slot = &mut self.values[position * w..(position + 1) * w];
        let (a, b) = slot.split_at_mut(h);
        self.net.refresh(a, first);
        self.net.refresh(b, second);
        self.pieces[position] = u8::try_from(first.len()).unwrap_or(u8::MAX);
    }

    /// Computes one view of position `position` from its inputs alone
    /// (its king moved to another bucket or half of the board); the other
    /// view follows the move piece by piece.
    pub fn refresh_view(&mut self, position: usize, view: View, features: &[usize]) {
        self.reserve(position);
        let (w, h) = (self.width(), self.net.hidden());
        let start = position * w + if view == View::First { 0 } else { h };
        self.net
            .refresh(&mut self.values[start..start + h], features);
        if view == View::First {
            self.pieces[position] = u8::try_from(features.len()).unwrap_or(u8::MAX);
        }
    }

    /// Starts position `position` as a copy of the one before; the
    /// move's changes follow with [`AccumulatorStack::change`].
    ///
    /// # Panics
    ///
    /// At position 0, which has none before it.
    pub fn push(&mut self, position: usize) {
        self.reserve(position);
        let w = self.width();
        self.values
            .copy_within((position - 1) * w..position * w, position * w);
        self.pieces[position] = self.pieces[position - 1];
    }

    /// Makes one view of position `position` from the same view of the
    /// one before and a move's changes, in one pass (the other view is
    /// made the same way or afresh with [`AccumulatorStack::refresh_view`]).
    ///
    /// # Panics
    ///
    /// At position 0, which has none before it, or when `delta` is not
    /// complete ([`Delta::is_complete`]).
    pub fn push_view(&mut self, position: usize, view: View, delta: &Delta) {
        assert!(delta.is_complete(), "a delta that lost changes");
        self.reserve(position);
        let (w, h) = (self.width(), self.net.hidden());
        let offset = if view == View::First { 0 } else { h };
        let (before, from_here) = self.values.split_at_mut(position * w);
        let from = &before[(position - 1) * w + offset..(position - 1) * w + offset + h];
        let to = &mut from_here[offset..offset + h];
        self.net.apply(to, from, delta.added(), delta.removed());
        if view == View::First {
            let count = usize::from(self.pieces[position - 1]) + delta.added().len();
            let count = count.saturating_sub(delta.removed().len());
            self.pieces[position] = u8::try_from(count).unwrap_or(u8::MAX);
        }
    }

    /// A piece's input arrives (`add`) or leaves, in one view of
    /// position `position` (every change is made in both views).
    pub fn change(&mut self, position: usize, view: View, feature: usize, add: bool) {
        if view == View::First {
            let count = &mut self.pieces[position];
            *count = if add {
                count.saturating_add(1)
            } else {
                count.saturating_sub(1)
            };
        }
        let (w, h) = (self.width(), self.net.hidden());
        let start = position * w + if view == View::First { 0 } else { h };
        let acc = &mut self.values[start..start + h];
        if add {
            self.net.add(acc, feature);
        } else {
            self.net.remove(acc, feature);
        }
    }

    /// Whether position `position` was computed (or must be refreshed
    /// after a move taken back to it).
    #[must_use]
    pub fn is_valid(&self, position: usize) -> bool {
        position >= self.first_valid
    }

    /// After a move taken back to `position`, with its inputs: computes
    /// it if it never was.
    pub fn back_to(&mut self, position: usize, first: &[usize], second: &[usize]) {
        if position < self.first_valid {
            self.refresh(position, first, second);
            self.first_valid = position;
        }
    }

    /// The value of position `position` for the side to move, centipawns.
    #[must_use]
    pub fn value(&self, position: usize, mover: View) -> i32 {
        let (w, h) = (self.width(), self.net.hidden());
        let slot = &self.values[position * w..(position + 1) * w];
        let (first, second) = slot.split_at(h);
        let pieces = usize::from(self.pieces[position]);
        match mover {
            View::First => self.net.output(first, second, pieces),
            View::Second => self.net.output(second, first, pieces),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{InputSet, Layout};

    #[test]
    fn a_delta_that_overflows_says_so() {
        let mut delta = Delta::default();
        for f in 0..MAX_DELTA {
            delta.add(f);
            delta.remove(f + 10);
        }
        assert!(delta.is_complete());
        assert_eq!(delta.added(), &[0, 1, 2, 3][..MAX_DELTA]);
        delta.add(99);
        assert!(!delta.is_complete());
        assert_eq!(delta.added().len(), MAX_DELTA);
    }

    #[test]
    fn push_view_equals_a_copy_and_a_change_per_input() {
        let net = Arc::new(Network::random(InputSet::plain(Layout::Chess), 64, 2, 7));
        let (first, second) = ([0, 100, 200, 300], [5, 105, 205]);
        let mut fused = AccumulatorStack::new(net.clone(), 0, &first, &second);
        let mut stepwise = fused.clone();
        let mut delta = Delta::default();
        delta.add(400);
        delta.add(401);
        delta.remove(100);
        fused.push_view(1, View::First, &delta);
        fused.push_view(1, View::Second, &Delta::default());
        stepwise.push(1);
        stepwise.change(1, View::First, 400, true);
        stepwise.change(1, View::First, 401, true);
        stepwise.change(1, View::First, 100, false);
        for mover in [View::First, View::Second] {
            assert_eq!(fused.value(1, mover), stepwise.value(1, mover));
        }
        assert_eq!(fused.values[..2 * 2 * 64], stepwise.values[..2 * 2 * 64]);
        assert_eq!(fused.pieces[1], 5);
        assert_eq!(stepwise.pieces[1], 5);
    }
}
