//! The quantised network the engine plays with, and its file.
//!
//! Architecture: per perspective, inputs → `hidden` (the accumulator),
//! squared clipped ReLU, both accumulators (the side to move's first) → 1,
//! through one of `buckets` output layers chosen by the number of pieces
//! on the board (an opening and an ending weigh the same features
//! differently; the accumulator is shared).
//! Integers throughout, so a value is the same on every machine:
//! first-layer weights and biases ×[`QA`], output weights ×[`QB`].
//!
//! ## The file
//!
//! Little-endian: the magic `BNCONNUE`; the version (`u16`, 2); the layout
//! (`u8`: 0 chess, 1 xiangqi); the activation (`u8`: 1 squared clipped
//! ReLU); the hidden size (`u16`); the scale (`u16`, centipawns per unit of
//! the output); the output buckets (`u16`); then the first layer's weights
//! (`i16`, input-major: `inputs × hidden`), its biases (`hidden × i16`),
//! each bucket's output weights (`2 × hidden × i16`, the side to move's
//! half first) and the output biases (`buckets × i32`). Nothing may follow.
//! Version 1 (one output layer) had zero where the buckets are, and is
//! read as one bucket.

use crate::Layout;
use crate::error::NetError;

/// The first layer's quantisation: an activation of 1.0 is this.
pub const QA: i32 = 255;
/// The output layer's quantisation.
pub const QB: i32 = 64;
/// The output weights' bound (the trainer clips to 127 / [`QB`]), which
/// keeps the output's sums within their integer types.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;
/// The largest hidden size a net may have.
pub const MAX_HIDDEN: usize = 1024;
/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BNCONNUE";
/// The file format's version.
pub const VERSION: u16 = 2;
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
    layout: Layout,
    hidden: usize,
    buckets: usize,
    scale: i32,
    /// `inputs × hidden`, input-major: one input's row is contiguous.
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
    /// [`NetError::Shape`] when a part's length does not fit the layout,
    /// `hidden` and the number of output biases (one per bucket).
    pub fn from_parts(
        layout: Layout,
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
            || ft_weights.len() != layout.inputs() * hidden
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
            layout,
            hidden,
            buckets,
            scale,
            ft_weights,
            ft_biases,
            out_weights,
            out_biases,
        })
    }

    /// The board the net reads.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.layout
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
        if version != VERSION && version != 1 {
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
        let inputs = layout.inputs();
        let expected =
            HEADER_BYTES + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
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
        let mut at = HEADER_BYTES;
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
            layout,
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
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(self.layout.code());
        out.push(SCRELU);
        out.extend_from_slice(&u16::try_from(self.hidden).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&u16::try_from(self.scale).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&u16::try_from(self.buckets).unwrap_or(0).to_le_bytes());
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
    /// layout (the caller's inputs come from [`Layout::feature`]).
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
        for (a, &w) in accumulator.iter_mut().zip(row) {
            *a = a.wrapping_add(w);
        }
    }

    /// Takes an input's row out of an accumulator (a piece leaves).
    #[inline]
    pub fn remove(&self, accumulator: &mut [i16], feature: usize) {
        let row = &self.ft_weights[feature * self.hidden..(feature + 1) * self.hidden];
        for (a, &w) in accumulator.iter_mut().zip(row) {
            *a = a.wrapping_sub(w);
        }
    }

    /// The value for the side to move, in centipawns, from both
    /// perspectives' accumulators and the number of pieces on the board.
    #[must_use]
    pub fn output(&self, mover: &[i16], other: &[i16], pieces: usize) -> i32 {
        let bucket = output_bucket(pieces, self.buckets);
        let width = 2 * self.hidden;
        let weights = &self.out_weights[bucket * width..(bucket + 1) * width];
        let (mine, theirs) = weights.split_at(self.hidden);
        let sum = screlu_dot(mover, mine) + screlu_dot(other, theirs);
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

/// Σ clamp(a, 0, QA)² · w. With |w| ≤ [`MAX_OUTPUT_WEIGHT`] a term is at
/// most 255² · 127 ≈ 8.3 M, so 32 of them stay within `i32`, the type the
/// compiler vectorises best; the chunks add up in `i64`.
#[inline]
fn screlu_dot(accumulator: &[i16], weights: &[i16]) -> i64 {
    let mut total = 0_i64;
    for (a, w) in accumulator.chunks(32).zip(weights.chunks(32)) {
        let chunk: i32 = a
            .iter()
            .zip(w)
            .map(|(&a, &w)| {
                let v = i32::from(a).clamp(0, QA);
                v * i32::from(w) * v
            })
            .sum();
        total += i64::from(chunk);
    }
    total
}
