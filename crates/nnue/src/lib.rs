//! # banco-nnue
//!
//! Banco's learned evaluation for chess and xiangqi: an efficiently
//! updatable neural network (NNUE).
//!
//! - [`Layout`]: which input a piece on a square is, from each player's
//!   side (chess 768, xiangqi 1,260);
//! - [`KingBuckets`] and [`InputSet`]: optionally a copy of those inputs
//!   per region of the player's own king, the board read mirrored when
//!   the king is on its left half;
//! - [`Network`]: the quantised net the engine plays with, its file format
//!   (read with every length checked: a bad file is a [`NetError`], never
//!   a panic) and the accumulator arithmetic (add a piece's row, take one
//!   out, the output from both accumulators);
//! - [`AccumulatorStack`]: a game's accumulators, one pair per position
//!   of its line, kept move by move;
//! - [`NetSlot`]: the net a game plays with, shipped in the binary or
//!   loaded in its place;
//! - [`Dataset`] and [`Trainer`]: training on the CPU from Banco's own
//!   games (`banco datagen`), Adam over batches shared out to threads, and
//!   quantisation to a [`Network`].
//!
//! The architecture is the one NNUE engines start with: per perspective,
//! inputs → hidden (the accumulator), squared clipped ReLU, the two
//! accumulators (the side to move's first) → one output, through one of a
//! few output layers chosen by the number of pieces.

mod dataset;
mod error;
mod kernels;
mod kings;
mod layout;
mod network;
mod slot;
mod stack;
mod train;

pub use dataset::{Dataset, Position};
pub use error::NetError;
pub use kings::{InputSet, KingBuckets, MAX_KING_BUCKETS, Orientation, SCHEMES as KING_SCHEMES};
pub use layout::Layout;
pub use network::{
    HEADER_BYTES, MAX_BUCKETS, MAX_HIDDEN, MAX_OUTPUT_WEIGHT, Network, QA, QB, output_bucket,
};
pub use slot::NetSlot;
pub use stack::{AccumulatorStack, Delta, View};
pub use train::{Pass, TrainConfig, Trainer};
