//! The quantised network the engine plays with, and its file.
//!
//! Architecture: per perspective, inputs → `hidden` (the accumulator),
//! squared clipped ReLU, both accumulators (the side to move's first) → 1,
//! through one of `buckets` output layers chosen by the number of pieces
//! on the board (an opening and an ending weigh the same features
//! differently; the accumulator is shared).
//! Integers throughout, so a value is the same on every machine:
//! first-layer weights and biases ×[`QA`], output weights ×[`QB`] (or a
//! power-of-two multiple of it, with the scale divided by the same factor:
//! the trainer quantises small output weights finer).
//!
//! ## The file
//!
//! Little-endian: the magic `BNCONNUE`; the version (`u16`, 2 or 3); the layout
//! (`u8`: 0 chess, 1 xiangqi); the activation (`u8`: 1 squared clipped
//! ReLU); the hidden size (`u16`); the scale (`u16`, centipawns per unit of
//! the output); the output buckets (`u16`); then the first layer's weights
//! (`i16`, input-major: `inputs × hidden`), its biases (`hidden × i16`),
//! each bucket's output weights (`2 × hidden × i16`, the side to move's
//! half first) and the output biases (`buckets × i32`). Nothing may follow.
//! Version 1 (one output layer) had zero where the buckets are, and is
//! read as one bucket. Version 3 has king buckets ([`KingBuckets`]): after
//! the header, one byte per square of the board (the own king's square
//! from its side: the bucket, plus 0x80 when the board is read mirrored),
//! and the first layer has `inputs` rows per king bucket; a net without
//! them is written as version 2.

use crate::error::NetError;
use crate::kernels;
use crate::{InputSet, KingBuckets, Layout};

/// The first layer's quantisation: an activation of 1.0 is this.
pub const QA: i32 = 255;
/// The output layer's quantisation.
pub const QB: i32 = 64;
/// The output weights' bound (the trainer clips to 127 / [`QB`]), which
/// keeps the output's sums within their integer types.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;
/// The most inputs one move adds to or removes from a view that
/// [`Network::apply`] takes in one pass (castling moves two pieces; more
/// take a pass each).
pub const MAX_DELTA: usize = 4;
/// The largest hidden size a net may have.
pub const MAX_HIDDEN: usize = 1024;
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BNCONNUE";
/// The file format's version of a net without king buckets.
pub const VERSION: u16 = 2;
/// The file format's version of a net with king buckets.
pub const VERSION_KINGS: u16 = 3;
/// The most output buckets a net may have.
pub const MAX_BUCKETS: usize = 16;
/// Pieces on a full board, in both games: bucket boundaries divide the
/// range from two kings to this.
const FULL_BOARD: usize = 32;
/// The header's length in bytes.
pub const HEADER_BYTES: usize = 18;
/// The only activation so far: squared clipped ReLU.
const SCRELU: u8 = 1;

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    inputs: InputSet,
    hidden: usize,
    buckets: usize,
    scale: i32,
    /// `inputs × hidden` (every king bucket's inputs), input-major: one
    /// input's row is contiguous.
    ft_weights: Vec<i16>,
    ft_biases: Vec<i16>,
    /// Per bucket, the side to move's `hidden` weights, then the other's.
    out_weights: Vec<i16>,
    /// Per bucket.
    out_biases: Vec<i32>,
}

/// The output bucket of a position with `pieces` pieces (kings included)
/// among `buckets`: equal slices of the range from two pieces to a full
/// board.
#[must_use]
pub const fn output_bucket(pieces: usize, buckets: usize) -> usize {
    let slice = pieces.saturating_sub(2) * buckets / FULL_BOARD;
    if slice < buckets { slice } else { buckets - 1 }
}

impl Network {
    /// A network from its parts (the trainer's quantisation).
    ///
    /// # Errors
    ///
    /// [`NetError::Shape`] when a part's length does not fit the inputs,
    /// `hidden` and the number of output biases (one per bucket).
    pub fn from_parts(
        inputs: InputSet,
        hidden: usize,
        scale: i32,
        ft_weights: Vec<i16>,
        ft_biases: Vec<i16>,
        out_weights: Vec<i16>,
        out_biases: Vec<i32>,
    ) -> Result<Network, NetError> {
        let buckets = out_biases.len();
        if hidden == 0
            || hidden > MAX_HIDDEN
            || !(1..=MAX_BUCKETS).contains(&buckets)
            || !(1..=i32::from(u16::MAX)).contains(&scale)
            || ft_weights.len() != inputs.inputs() * hidden
            || ft_biases.len() != hidden
            || out_weights.len() != buckets * 2 * hidden
            || out_weights
                .iter()
                .any(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT.unsigned_abs())
        {
            return Err(NetError::Shape(format!(
                "hidden {hidden}, {buckets} buckets, scale {scale}, {} first-layer weights, {} biases, {} output weights (each within ±{MAX_OUTPUT_WEIGHT})",
                ft_weights.len(),
                ft_biases.len(),
                out_weights.len()
            )));
        }
        Ok(Network {
            inputs,
            hidden,
            buckets,
            scale,
            ft_weights,
            ft_biases,
            out_weights,
            out_biases,
        })
    }

    /// A net of seeded random weights for `inputs` (every input's row
    /// differs, in every king bucket): tests that accumulators kept move
    /// by move equal fresh ones use it, as a trained net's rows may agree.
    #[must_use]
    pub fn random(inputs: InputSet, hidden: usize, buckets: usize, seed: u64) -> Network {
        let mut state = seed;
        let mut next = |range: i64| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            i16::try_from((z % (2 * range as u64 + 1)) as i64 - range).unwrap_or(0)
        };
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let buckets = buckets.clamp(1, MAX_BUCKETS);
        let ft_weights = (0..inputs.inputs() * hidden).map(|_| next(64)).collect();
        let ft_biases = (0..hidden).map(|_| next(128)).collect();
        let out_weights = (0..buckets * 2 * hidden)
            .map(|_| next(i64::from(MAX_OUTPUT_WEIGHT)))
            .collect();
        let out_biases = (0..buckets).map(|_| i32::from(next(1000))).collect();
        Network::from_parts(
            inputs,
            hidden,
            400,
            ft_weights,
            ft_biases,
            out_weights,
            out_biases,
        )
        .unwrap_or_else(|err| unreachable!("a random net of a valid shape: {err}"))
    }

    /// The board the net reads.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.inputs.layout
    }

    /// The inputs the net reads: the board and its king buckets.
    #[must_use]
    pub fn inputs(&self) -> InputSet {
        self.inputs
    }

    /// The accumulator's size.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output layers, chosen by the number of pieces ([`output_bucket`]).
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Centipawns per unit of the output.
    #[must_use]
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// Reads a net file's bytes, checking every length.
    ///
    /// # Errors
    ///
    /// A file that is not a net, of another version, layout or activation,
    /// of a shape this build cannot play, or of the wrong length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_BYTES {
            return Err(NetError::Truncated {
                expected: HEADER_BYTES,
                found: bytes.len(),
            });
        }
        if &bytes[..8] != MAGIC {
            return Err(NetError::NotANet);
        }
        let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
        let version = u16_at(8);
        if !(1..=VERSION_KINGS).contains(&version) {
            return Err(NetError::Version(version));
        }
        let layout = Layout::from_code(bytes[10]).ok_or(NetError::Layout(bytes[10]))?;
        if bytes[11] != SCRELU {
            return Err(NetError::Activation(bytes[11]));
        }
        let hidden = usize::from(u16_at(12));
        let scale = i32::from(u16_at(14));
        // Version 1 kept these bytes zero: one output layer.
        let buckets = match (version, usize::from(u16_at(16))) {
            (1, 0) => 1,
            (1, _) => 0,
            (_, b) => b,
        };
        if hidden == 0 || hidden > MAX_HIDDEN || scale == 0 || !(1..=MAX_BUCKETS).contains(&buckets)
        {
            return Err(NetError::Shape(format!(
                "hidden {hidden}, scale {scale}, {} buckets",
                u16_at(16)
            )));
        }
        let (kings, header) = if version == VERSION_KINGS {
            let end = HEADER_BYTES + layout.squares();
            let map = bytes.get(HEADER_BYTES..end).ok_or(NetError::Truncated {
                expected: end,
                found: bytes.len(),
            })?;
            (KingBuckets::from_map(layout, map)?, end)
        } else {
            (KingBuckets::plain(layout), HEADER_BYTES)
        };
        let set = InputSet { layout, kings };
        let inputs = set.inputs();
        let expected = header + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
        if bytes.len() != expected {
            return Err(if bytes.len() < expected {
                NetError::Truncated {
                    expected,
                    found: bytes.len(),
                }
            } else {
                NetError::Trailing {
                    expected,
                    found: bytes.len(),
                }
            });
        }
        let mut at = header;
        let mut take = |n: usize| {
            let v: Vec<i16> = bytes[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let ft_weights = take(inputs * hidden);
        let ft_biases = take(hidden);
        let out_weights = take(buckets * 2 * hidden);
        let out_biases = bytes[expected - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Network::from_parts(
            set,
            hidden,
            scale,
            ft_weights,
            ft_biases,
            out_weights,
            out_biases,
        )
    }

    /// The net as its file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + 2 * self.ft_weights.len());
        let plain = self.inputs.kings.is_plain();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&if plain { VERSION } else { VERSION_KINGS }.to_le_bytes());
        out.push(self.inputs.layout.code());
        out.push(SCRELU);
        out.extend_from_slice(&u16::try_from(self.hidden).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&u16::try_from(self.scale).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&u16::try_from(self.buckets).unwrap_or(0).to_le_bytes());
        if !plain {
            out.extend_from_slice(self.inputs.kings.map());
        }
        for w in self
            .ft_weights
            .iter()
            .chain(&self.ft_biases)
            .chain(&self.out_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.out_biases {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Sets `accumulator` to the biases plus the rows of `features`.
    ///
    /// # Panics
    ///
    /// If `accumulator` is not `hidden` long or a feature is off the
    /// layout (the caller's inputs come from [`InputSet::feature`]).
    pub fn refresh(&self, accumulator: &mut [i16], features: &[usize]) {
        accumulator.copy_from_slice(&self.ft_biases);
        for &f in features {
            self.add(accumulator, f);
        }
    }

    /// Adds an input's row to an accumulator (a piece arrives).
    #[inline]
    pub fn add(&self, accumulator: &mut [i16], feature: usize) {
        let row = &self.ft_weights[feature * self.hidden..(feature + 1) * self.hidden];
        kernels::add_row(accumulator, row);
    }

    /// Takes an input's row out of an accumulator (a piece leaves).
    #[inline]
    pub fn remove(&self, accumulator: &mut [i16], feature: usize) {
        let row = &self.ft_weights[feature * self.hidden..(feature + 1) * self.hidden];
        kernels::sub_row(accumulator, row);
    }

    /// Sets `to` to `from` plus the rows of `added` less those of
    /// `removed` (a move's changes to one view, in one pass).
    ///
    /// # Panics
    ///
    /// If `to` or `from` is not `hidden` long or a feature is off the
    /// layout.
    pub fn apply(&self, to: &mut [i16], from: &[i16], added: &[usize], removed: &[usize]) {
        let row = |&f: &usize| &self.ft_weights[f * self.hidden..(f + 1) * self.hidden];
        let mut added_rows: [&[i16]; MAX_DELTA] = [&[]; MAX_DELTA];
        let mut removed_rows: [&[i16]; MAX_DELTA] = [&[]; MAX_DELTA];
        if added.len() > MAX_DELTA || removed.len() > MAX_DELTA {
            to.copy_from_slice(from);
            added.iter().for_each(|&f| self.add(to, f));
            removed.iter().for_each(|&f| self.remove(to, f));
            return;
        }
        for (slot, f) in added_rows.iter_mut().zip(added) {
            *slot = row(f);
        }
        for (slot, f) in removed_rows.iter_mut().zip(removed) {
            *slot = row(f);
        }
        kernels::apply(
            to,
            from,
            &added_rows[..added.len()],
            &removed_rows[..removed.len()],
        );
    }

    /// The value for the side to move, in centipawns, from both
    /// perspectives' accumulators and the number of pieces on the board.
    #[must_use]
    pub fn output(&self, mover: &[i16], other: &[i16], pieces: usize) -> i32 {
        let bucket = output_bucket(pieces, self.buckets);
        let width = 2 * self.hidden;
        let weights = &self.out_weights[bucket * width..(bucket + 1) * width];
        let (mine, theirs) = weights.split_at(self.hidden);
        let sum = kernels::screlu_dot(mover, mine) + kernels::screlu_dot(other, theirs);
        // sum is in QA² · QB; one QA goes here, the other with the bias's.
        let raw = sum / i64::from(QA) + i64::from(self.out_biases[bucket]);
        let cp = raw * i64::from(self.scale) / i64::from(QA * QB);
        i32::try_from(cp).unwrap_or(if cp < 0 { i32::MIN } else { i32::MAX })
    }

    /// The value for the side to move of a position given by each
    /// perspective's inputs (no incremental state: tests and tools).
    #[must_use]
    pub fn evaluate(&self, mover_features: &[usize], other_features: &[usize]) -> i32 {
        let mut mover = vec![0; self.hidden];
        let mut other = vec![0; self.hidden];
        self.refresh(&mut mover, mover_features);
        self.refresh(&mut other, other_features);
        self.output(&mover, &other, mover_features.len())
    }
}
