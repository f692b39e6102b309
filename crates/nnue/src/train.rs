//! The trainer: 32-bit floats on the CPU, Adam, the batch's gradient
//! shared out over threads, then quantised to a [`Network`].
//!
//! The loss is the squared distance between sigmoid(output) and a blend of
//! the search's score (through the same sigmoid, at the net's scale) and
//! the game's result: `lambda` × score + (1 − `lambda`) × result, as NNUE
//! trainers commonly mix them. A net's output times the scale is
//! centipawns.
//!
//! With king buckets, each input also has a shared row (a factoriser)
//! that every bucket's copy of it adds while training: a piece on a square
//! learns what it is worth anywhere from all positions, and each bucket
//! only what differs there. Quantisation folds the shared row into each
//! copy, so the engine's net has no such rows.

use crate::error::NetError;
use crate::network::{MAX_BUCKETS, MAX_OUTPUT_WEIGHT, QA, QB, output_bucket};
use crate::{Dataset, InputSet, KingBuckets, Layout, Network};

/// Every weight stays within ±this while training, so that the quantised
/// output weights fit [`MAX_OUTPUT_WEIGHT`] (127 / 64 ≈ 1.98).
const CLIP: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;
const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// How a net is trained.
#[derive(Copy, Clone, Debug)]
pub struct TrainConfig {
    /// The accumulator's size.
    pub hidden: usize,
    /// Output layers, chosen by the number of pieces (1 to
    /// [`MAX_BUCKETS`]).
    pub buckets: usize,
    /// Centipawns per unit of the output (the sigmoid's scale).
    pub scale: f32,
    /// The share of the search's score in the target (the rest is the
    /// result).
    pub lambda: f32,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Positions per step.
    pub batch_size: usize,
    /// Threads a batch is shared over.
    pub threads: usize,
    /// The seed of the first weights and of each epoch's order.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 128,
            buckets: 1,
            scale: 400.0,
            lambda: 0.75,
            learning_rate: 0.001,
            batch_size: 16_384,
            threads: 1,
            seed: 1,
        }
    }
}

/// Vigna's SplitMix64: the weights' start and the epochs' order.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform number in [−1, 1).
fn uniform(state: &mut u64) -> f32 {
    (split_mix(state) >> 40) as f32 / (1_u64 << 23) as f32 - 1.0
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Where each part of the flat parameter vector starts.
#[derive(Copy, Clone, Debug)]
struct Shape {
    /// First-layer inputs, every king bucket's.
    inputs: usize,
    /// One king bucket's inputs (the layout's).
    base: usize,
    /// Whether the shared rows of the king buckets follow their own.
    factor: bool,
    hidden: usize,
    buckets: usize,
}

impl Shape {
    fn new(inputs: InputSet, hidden: usize, buckets: usize) -> Shape {
        Shape {
            inputs: inputs.inputs(),
            base: inputs.layout.inputs(),
            factor: inputs.kings.count() > 1,
            hidden,
            buckets,
        }
    }
    /// Where the shared rows start (right after the inputs' own).
    fn factor_rows(self) -> usize {
        self.inputs * self.hidden
    }
    /// The shared row of input `f`, if there are shared rows.
    fn factor_of(self, f: usize) -> Option<usize> {
        self.factor.then(|| self.inputs + f % self.base)
    }
    fn ft_biases(self) -> usize {
        (self.inputs + if self.factor { self.base } else { 0 }) * self.hidden
    }
    fn out_weights(self) -> usize {
        self.ft_biases() + self.hidden
    }
    /// Where the output biases start (one per bucket, after every
    /// bucket's `2 × hidden` weights).
    fn out_bias(self) -> usize {
        self.out_weights() + self.buckets * 2 * self.hidden
    }
    fn len(self) -> usize {
        self.out_bias() + self.buckets
    }
    /// Where bucket `b`'s output weights start.
    fn bucket_weights(self, b: usize) -> usize {
        self.out_weights() + b * 2 * self.hidden
    }
}

/// A net being trained: its float weights and Adam's moments.
#[derive(Clone, Debug)]
pub struct Trainer {
    inputs: InputSet,
    shape: Shape,
    params: Vec<f32>,
    first_moment: Vec<f32>,
    second_moment: Vec<f32>,
    steps: u64,
    epochs: u32,
}

/// What a pass over positions measured.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Pass {
    /// The mean loss.
    pub loss: f64,
    /// Positions seen.
    pub positions: usize,
}

/// One thread's scratch space and gradient.
struct Worker {
    gradient: Vec<f32>,
    mover: Vec<f32>,
    other: Vec<f32>,
    loss: f64,
}

impl Trainer {
    /// A fresh net on a layout's plain inputs: small random first-layer
    /// and output weights (seeded), zero biases.
    #[must_use]
    pub fn new(layout: Layout, config: &TrainConfig) -> Trainer {
        Trainer::with_inputs(InputSet::plain(layout), config)
    }

    /// A fresh net on these inputs. With king buckets the shared rows
    /// start random and the buckets' own at zero, so the first net is the
    /// same in every bucket.
    #[must_use]
    pub fn with_inputs(inputs: InputSet, config: &TrainConfig) -> Trainer {
        let shape = Shape::new(
            inputs,
            config.hidden.max(1),
            config.buckets.clamp(1, MAX_BUCKETS),
        );
        let mut state = config.seed;
        let mut params = vec![0.0; shape.len()];
        let random_from = if shape.factor { shape.factor_rows() } else { 0 };
        for w in &mut params[random_from..shape.ft_biases()] {
            *w = 0.1 * uniform(&mut state);
        }
        let out_range = 1.0 / (2.0 * shape.hidden as f32).sqrt();
        for w in &mut params[shape.out_weights()..shape.out_bias()] {
            *w = out_range * uniform(&mut state);
        }
        Trainer {
            inputs,
            shape,
            first_moment: vec![0.0; params.len()],
            second_moment: vec![0.0; params.len()],
            params,
            steps: 0,
            epochs: 0,
        }
    }

    /// The layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.inputs.layout
    }

    /// The inputs, king buckets included.
    #[must_use]
    pub fn inputs(&self) -> InputSet {
        self.inputs
    }

    /// The accumulator's size.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.shape.hidden
    }

    /// Output layers.
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.shape.buckets
    }

    /// Epochs trained so far (a checkpoint keeps the count).
    #[must_use]
    pub fn epochs(&self) -> u32 {
        self.epochs
    }

    /// The float output for the side to move, in units of the scale.
    #[must_use]
    pub fn output(&self, mover: &[u16], other: &[u16]) -> f32 {
        let mut a = vec![0.0; self.shape.hidden];
        let mut b = vec![0.0; self.shape.hidden];
        self.forward(mover, other, &mut a, &mut b)
    }

    fn accumulate(&self, features: &[u16], into: &mut [f32]) {
        let s = self.shape;
        into.copy_from_slice(&self.params[s.ft_biases()..s.out_weights()]);
        for &f in features {
            let f = usize::from(f);
            for r in std::iter::once(f).chain(s.factor_of(f)) {
                let row = &self.params[r * s.hidden..(r + 1) * s.hidden];
                for (a, w) in into.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
    }

    /// Fills both accumulators (before activation) and returns the output.
    fn forward(&self, mover: &[u16], other: &[u16], acc_m: &mut [f32], acc_o: &mut [f32]) -> f32 {
        let s = self.shape;
        self.accumulate(mover, acc_m);
        self.accumulate(other, acc_o);
        let bucket = output_bucket(mover.len(), s.buckets);
        let start = s.bucket_weights(bucket);
        let out = &self.params[start..start + 2 * s.hidden];
        let (out_m, out_o) = out.split_at(s.hidden);
        let screlu = |x: f32| {
            let c = x.clamp(0.0, 1.0);
            c * c
        };
        let dot = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(&a, &w)| screlu(a) * w).sum()
        };
        dot(acc_m, out_m) + dot(acc_o, out_o) + self.params[s.out_bias() + bucket]
    }

    /// The target of a position: the blend of score and result.
    fn target(position: &crate::Position<'_>, config: &TrainConfig) -> f32 {
        let score = sigmoid(f32::from(position.score) / config.scale);
        config.lambda * score + (1.0 - config.lambda) * position.result
    }

    /// Adds one position's loss and gradient to a worker's.
    fn backward(&self, position: &crate::Position<'_>, config: &TrainConfig, worker: &mut Worker) {
        let s = self.shape;
        let out = self.forward(
            position.mover,
            position.other,
            &mut worker.mover,
            &mut worker.other,
        );
        let p = sigmoid(out);
        let error = p - Self::target(position, config);
        worker.loss += f64::from(error * error);
        let g = 2.0 * error * p * (1.0 - p);
        let bucket = output_bucket(position.mover.len(), s.buckets);
        let (before_out, rest) = worker.gradient.split_at_mut(s.out_weights());
        let (out_grad, bias_grad) = rest.split_at_mut(s.buckets * 2 * s.hidden);
        let out_grad = &mut out_grad[bucket * 2 * s.hidden..(bucket + 1) * 2 * s.hidden];
        bias_grad[bucket] += g;
        let start = s.bucket_weights(bucket);
        let out_w = &self.params[start..start + 2 * s.hidden];
        let (ft_grad, ft_bias_grad) = before_out.split_at_mut(s.ft_biases());
        for (half, (acc, features)) in [
            (&mut worker.mover, position.mover),
            (&mut worker.other, position.other),
        ]
        .into_iter()
        .enumerate()
        {
            let w = &out_w[half * s.hidden..(half + 1) * s.hidden];
            let og = &mut out_grad[half * s.hidden..(half + 1) * s.hidden];
            // The accumulator turns into its own gradient, in place.
            for ((a, &w), og) in acc.iter_mut().zip(w).zip(og.iter_mut()) {
                let c = a.clamp(0.0, 1.0);
                *og += g * c * c;
                *a = if *a > 0.0 && *a < 1.0 {
                    g * w * 2.0 * c
                } else {
                    0.0
                };
            }
            for (b, &d) in ft_bias_grad.iter_mut().zip(acc.iter()) {
                *b += d;
            }
            for &f in features {
                let f = usize::from(f);
                for r in std::iter::once(f).chain(s.factor_of(f)) {
                    let row = &mut ft_grad[r * s.hidden..(r + 1) * s.hidden];
                    for (r, &d) in row.iter_mut().zip(acc.iter()) {
                        *r += d;
                    }
                }
            }
        }
    }

    /// One epoch over `indices` (into `data`), in an order shuffled from
    /// them under the seed and the epoch's number, so that a run resumed
    /// from a checkpoint goes on as if it had never stopped; `progress`
    /// hears the positions done.
    pub fn epoch(
        &mut self,
        data: &Dataset,
        indices: &[usize],
        config: &TrainConfig,
        progress: &mut dyn FnMut(usize),
    ) -> Pass {
        let mut order = indices.to_vec();
        let mut state =
            config.seed ^ (u64::from(self.epochs) + 1).wrapping_mul(0xA24B_AED4_963E_E407);
        for i in (1..order.len()).rev() {
            let j = usize::try_from(split_mix(&mut state) % (i as u64 + 1)).unwrap_or(0);
            order.swap(i, j);
        }
        let threads = config.threads.max(1);
        let mut workers: Vec<Worker> = (0..threads)
            .map(|_| Worker {
                gradient: vec![0.0; self.params.len()],
                mover: vec![0.0; self.shape.hidden],
                other: vec![0.0; self.shape.hidden],
                loss: 0.0,
            })
            .collect();
        let mut loss = 0.0;
        let mut done = 0;
        for batch in order.chunks(config.batch_size.max(1)) {
            let share = batch.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for (worker, part) in workers.iter_mut().zip(batch.chunks(share.max(1))) {
                    let this = &*self;
                    scope.spawn(move || {
                        worker.gradient.fill(0.0);
                        worker.loss = 0.0;
                        for &i in part {
                            this.backward(&data.get(i), config, worker);
                        }
                    });
                }
            });
            let (first, rest) = workers.split_at_mut(1);
            for other in rest.iter().take(batch.chunks(share.max(1)).count() - 1) {
                for (g, o) in first[0].gradient.iter_mut().zip(&other.gradient) {
                    *g += o;
                }
                first[0].loss += other.loss;
            }
            loss += first[0].loss;
            self.adam(&first[0].gradient, batch.len(), config.learning_rate);
            done += batch.len();
            progress(done);
        }
        self.epochs += 1;
        Pass {
            loss: loss / done.max(1) as f64,
            positions: done,
        }
    }

    fn adam(&mut self, gradient: &[f32], batch: usize, rate: f32) {
        self.steps += 1;
        let t = i32::try_from(self.steps).unwrap_or(i32::MAX);
        let (c1, c2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let scale = 1.0 / batch.max(1) as f32;
        for (((w, &g), m), v) in self
            .params
            .iter_mut()
            .zip(gradient)
            .zip(&mut self.first_moment)
            .zip(&mut self.second_moment)
        {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
            *w = w.clamp(-CLIP, CLIP);
        }
    }

    /// The mean loss over `indices` of `data`, without training.
    #[must_use]
    pub fn loss(&self, data: &Dataset, indices: &[usize], config: &TrainConfig) -> Pass {
        let mut a = vec![0.0; self.shape.hidden];
        let mut b = vec![0.0; self.shape.hidden];
        let sum: f64 = indices
            .iter()
            .map(|&i| {
                let p = data.get(i);
                let e = sigmoid(self.forward(p.mover, p.other, &mut a, &mut b))
                    - Self::target(&p, config);
                f64::from(e * e)
            })
            .sum();
        Pass {
            loss: sum / indices.len().max(1) as f64,
            positions: indices.len(),
        }
    }

    /// The mean loss over `indices` of `data` of a quantised net, read the
    /// way the engine reads it (integer arithmetic, whole centipawns), with
    /// this trainer's target: beside [`Trainer::loss`] of the weights it
    /// was quantised from, what quantisation costs.
    #[must_use]
    pub fn net_loss(
        net: &Network,
        data: &Dataset,
        indices: &[usize],
        config: &TrainConfig,
    ) -> Pass {
        let mut mover = Vec::new();
        let mut other = Vec::new();
        let sum: f64 = indices
            .iter()
            .map(|&i| {
                let p = data.get(i);
                mover.clear();
                mover.extend(p.mover.iter().map(|&f| usize::from(f)));
                other.clear();
                other.extend(p.other.iter().map(|&f| usize::from(f)));
                let centipawns = net.evaluate(&mover, &other) as f32;
                let e = sigmoid(centipawns / config.scale) - Self::target(&p, config);
                f64::from(e * e)
            })
            .sum();
        Pass {
            loss: sum / indices.len().max(1) as f64,
            positions: indices.len(),
        }
    }

    /// The integer net of these weights.
    ///
    /// # Errors
    ///
    /// A scale that a net file cannot hold.
    pub fn quantise(&self, scale: f32) -> Result<Network, NetError> {
        let s = self.shape;
        let q = |w: f32, by: f32| {
            (w * by)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let qa = QA as f32;
        let ft_weights = self.params[..s.factor_rows()]
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let shared = s
                    .factor_of(i / s.hidden)
                    .map_or(0.0, |r| self.params[r * s.hidden + i % s.hidden]);
                q(w + shared, qa)
            })
            .collect();
        let ft_biases = self.params[s.ft_biases()..s.out_weights()]
            .iter()
            .map(|&w| q(w, qa))
            .collect();
        let output = &self.params[s.out_weights()..s.out_bias()];
        let finer = output_step_factor(output, scale.round() as i32);
        let qb = (QB * finer) as f32;
        let out_weights = output
            .iter()
            .map(|&w| q(w, qb).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT))
            .collect();
        let out_biases = self.params[s.out_bias()..]
            .iter()
            .map(|&b| (b * qa * qb).round() as i32)
            .collect();
        Network::from_parts(
            self.inputs,
            s.hidden,
            scale.round() as i32 / finer,
            ft_weights,
            ft_biases,
            out_weights,
            out_biases,
        )
    }
}

/// How many times finer than [`QB`] the output layer can be quantised: the
/// largest power of two (at most 64) that keeps every weight within
/// [`MAX_OUTPUT_WEIGHT`] and divides the scale. The trained output weights
/// stay far inside the clip (about ±0.5 where it allows ±2), so at [`QB`]
/// they would use a quarter of their integer range, and their rounding is
/// most of what quantisation costs. The net's scale is divided by the same
/// factor, so the engine's arithmetic reads the same values and the file
/// format does not change.
fn output_step_factor(weights: &[f32], scale: i32) -> i32 {
    let largest = weights.iter().fold(0.0_f32, |m, &w| m.max(w.abs()));
    let mut factor = 1;
    while factor < 64
        && largest * (QB * factor * 2) as f32 <= f32::from(MAX_OUTPUT_WEIGHT)
        && scale % (factor * 2) == 0
    {
        factor *= 2;
    }
    factor
}

/// A checkpoint's first bytes.
const CHECKPOINT_MAGIC: &[u8; 8] = b"BNCOCKPT";
/// Its header: magic, version (`u16`), layout (`u8`), output buckets (`u8`;
/// 0 in the first checkpoints, read as 1), hidden (`u32`), Adam's steps
/// (`u64`), epochs (`u32`). Version 2 follows it with the king map (one
/// byte per square, as a net file keeps it); version 1 had plain inputs.
const CHECKPOINT_HEADER: usize = 28;

impl Trainer {
    /// The trainer's whole state (weights and Adam's moments, all `f32`
    /// little-endian after the header), to resume training from.
    #[must_use]
    pub fn to_checkpoint(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(CHECKPOINT_HEADER + 12 * self.params.len());
        out.extend_from_slice(CHECKPOINT_MAGIC);
        out.extend_from_slice(&2_u16.to_le_bytes());
        out.push(self.inputs.layout.code());
        out.push(u8::try_from(self.shape.buckets).unwrap_or(0));
        out.extend_from_slice(&u32::try_from(self.shape.hidden).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&self.steps.to_le_bytes());
        out.extend_from_slice(&self.epochs.to_le_bytes());
        out.extend_from_slice(self.inputs.kings.map());
        for x in self
            .params
            .iter()
            .chain(&self.first_moment)
            .chain(&self.second_moment)
        {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// A trainer from a checkpoint's bytes.
    ///
    /// # Errors
    ///
    /// A file that is not a checkpoint, or of the wrong length.
    pub fn from_checkpoint(bytes: &[u8]) -> Result<Trainer, NetError> {
        if bytes.len() < CHECKPOINT_HEADER {
            return Err(NetError::Truncated {
                expected: CHECKPOINT_HEADER,
                found: bytes.len(),
            });
        }
        if &bytes[..8] != CHECKPOINT_MAGIC {
            return Err(NetError::NotANet);
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if !(1..=2).contains(&version) {
            return Err(NetError::Version(version));
        }
        let layout = Layout::from_code(bytes[10]).ok_or(NetError::Layout(bytes[10]))?;
        let (kings, header) = if version == 2 {
            let end = CHECKPOINT_HEADER + layout.squares();
            let map = bytes
                .get(CHECKPOINT_HEADER..end)
                .ok_or(NetError::Truncated {
                    expected: end,
                    found: bytes.len(),
                })?;
            (KingBuckets::from_map(layout, map)?, end)
        } else {
            (KingBuckets::plain(layout), CHECKPOINT_HEADER)
        };
        let inputs = InputSet { layout, kings };
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let hidden = word(12) as usize;
        if hidden == 0 || hidden > crate::network::MAX_HIDDEN {
            return Err(NetError::Shape(format!("hidden {hidden}")));
        }
        let buckets = usize::from(bytes[11]).max(1);
        if buckets > MAX_BUCKETS {
            return Err(NetError::Shape(format!("{buckets} buckets")));
        }
        let steps = u64::from(word(16)) | (u64::from(word(20)) << 32);
        let epochs = word(24);
        let shape = Shape::new(inputs, hidden, buckets);
        let expected = header + 12 * shape.len();
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
        let floats: Vec<f32> = bytes[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let n = shape.len();
        Ok(Trainer {
            inputs,
            shape,
            params: floats[..n].to_vec(),
            first_moment: floats[n..2 * n].to_vec(),
            second_moment: floats[2 * n..].to_vec(),
            steps,
            epochs,
        })
    }
}
