//! `banco train`: a learned evaluation (NNUE) for chess or xiangqi, trained
//! on the CPU from `banco datagen` files (`banco_nnue::Trainer`).
//!
//! Every `--validate-every`-th game is held out; after each epoch a line
//! gives the training and held-out losses, the speed and the time left; a
//! checkpoint (weights and the optimiser's state) is written after each
//! epoch and resumed from when it exists; the quantised net is written to
//! `--out` after each epoch that does best so far on the held-out games,
//! so a run stopped or overfitting leaves its best net.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use banco_chess::{ChessEvaluator, ChessGame};
use banco_games::GameKind;
use banco_nnue::{Dataset, InputSet, KING_SCHEMES, KingBuckets, Layout, TrainConfig, Trainer};
use banco_search::Evaluator;
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};
use clap::Args;

use super::args::game_kind;
use super::datagen::format::{self, Header, Records};
use super::datagen::games::{read_game, replay};
use crate::output::outln;

/// Arguments of `banco train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// chess or xiangqi.
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// `banco datagen` files to learn from (repeatable).
    #[arg(long, required = true)]
    pub data: Vec<PathBuf>,
    /// Where the quantised net is written (after every epoch).
    #[arg(long)]
    pub out: PathBuf,
    /// The accumulator's size.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub hidden: u64,
    /// Output layers, chosen by the number of pieces on the board (equal
    /// slices from two kings to a full board).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=16))]
    pub buckets: u64,
    /// Passes over the data (a resumed run counts the epochs already done).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub batch_size: u64,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// From this epoch on, the step size is a tenth (0: never); repeated,
    /// each epoch named divides it by ten again (`--drop-at 14 --drop-at 18`).
    #[arg(long, default_value = "0")]
    pub drop_at: Vec<u32>,
    /// The share of the search's score in the target; the rest is the
    /// game's result.
    #[arg(long, default_value_t = 0.75)]
    pub lambda: f32,
    /// Centipawns per unit of the net's output (the sigmoid's scale).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u16).range(1..))]
    pub scale: u16,
    /// Threads a batch is shared over.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// The seed of the first weights and of each epoch's order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every this many-th game is held out to validate.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..=100_000))]
    pub validate_every: u32,
    /// The trainer's state, written after each epoch and resumed from.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Also learn every position mirrored left to right (files a–h
    /// swapped): the same value, as both games' rules are symmetric that
    /// way (chess's castling aside, which the records do not keep).
    #[arg(long)]
    pub mirror: bool,
    /// The inputs by the own king's square: `plain` (one set), `mirror`
    /// (the board read mirrored when the king is on its left half),
    /// `king4` (chess: mirrored, four regions of the king) or `palace3`
    /// (xiangqi: mirrored, a set per rank of the palace). A mirrored
    /// scheme reads a position and its mirror image alike, so `--mirror`
    /// adds nothing to it.
    #[arg(long, default_value = "plain", value_parser = clap::builder::PossibleValuesParser::new(KING_SCHEMES))]
    pub king_buckets: String,
}

/// Runs `banco train`.
///
/// # Errors
///
/// Gomoku, an unreadable or foreign data file, a bad checkpoint, a
/// learning rate or lambda out of range, or a failed write.
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    let layout = match args.kind {
        GameKind::Chess => Layout::Chess,
        GameKind::Xiangqi => Layout::Xiangqi,
        GameKind::Gomoku => {
            bail!("gomoku's evaluation is tuned by `banco tune gomoku`, not learned as a network")
        }
    };
    if !(args.learning_rate > 0.0 && args.learning_rate < 1.0) {
        bail!("--learning-rate must lie between 0 and 1");
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        bail!("--lambda must lie between 0 and 1");
    }
    let Some(kings) = KingBuckets::scheme(layout, &args.king_buckets) else {
        bail!(
            "--king-buckets {} is not a scheme for {}",
            args.king_buckets,
            layout.name()
        );
    };
    let inputs = InputSet { layout, kings };
    let mut config = TrainConfig {
        hidden: usize::try_from(args.hidden).unwrap_or(128),
        buckets: usize::try_from(args.buckets).unwrap_or(1),
        scale: f32::from(args.scale),
        lambda: args.lambda,
        learning_rate: args.learning_rate,
        batch_size: usize::try_from(args.batch_size).unwrap_or(16_384),
        threads: usize::try_from(args.threads).unwrap_or(1),
        seed: args.seed,
    };
    let started = Instant::now();
    let mut baseline = BaselineSample::new(HELD_OUT_BASELINE);
    let data = load(
        inputs,
        &args.data,
        args.validate_every,
        args.mirror,
        &mut baseline,
    )?;
    let (train, held_out): (Vec<usize>, Vec<usize>) =
        (0..data.len()).partition(|&i| data.get(i).game % args.validate_every != 0);
    if train.is_empty() {
        bail!("no positions to train on");
    }
    eprintln!(
        "{} positions ({} to train, {} held out), read in {:.1} s",
        data.len(),
        train.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(loss) = strong_loss(layout, &baseline.kept, &config) {
        outln!(
            "the strong evaluation's loss on the held-out games: {loss:.6} (a net below it fits the data better)"
        )?;
    }
    let mut trainer = match &args.checkpoint {
        Some(path) if path.exists() => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let trainer = Trainer::from_checkpoint(&bytes)
                .with_context(|| format!("{} is no usable checkpoint", path.display()))?;
            if trainer.layout() != layout
                || trainer.hidden() != config.hidden
                || trainer.buckets() != config.buckets
                || trainer.inputs() != inputs
            {
                bail!(
                    "{} is a {} net with {} hidden, {} buckets and {} king buckets, not {} with {}, {} and {}",
                    path.display(),
                    trainer.layout().name(),
                    trainer.hidden(),
                    trainer.buckets(),
                    trainer.inputs().kings.count(),
                    layout.name(),
                    config.hidden,
                    config.buckets,
                    kings.count()
                );
            }
            eprintln!("resumed after epoch {}", trainer.epochs());
            trainer
        }
        _ => Trainer::with_inputs(inputs, &config),
    };
    let rate = config.learning_rate;
    let mut best = f64::INFINITY;
    while trainer.epochs() < args.epochs {
        let epoch = trainer.epochs() + 1;
        config.learning_rate = rate_at(rate, &args.drop_at, epoch);
        let clock = Instant::now();
        let mut shown = Instant::now();
        let pass = trainer.epoch(&data, &train, &config, &mut |done| {
            if shown.elapsed().as_secs() >= 1 {
                shown = Instant::now();
                eprint!("\repoch {epoch}: {done}/{} positions   ", train.len());
            }
        });
        let seconds = clock.elapsed().as_secs_f64();
        let validation = trainer.loss(&data, &held_out, &config);
        let left = f64::from(args.epochs - epoch) * seconds;
        // The net kept is the epoch that did best on the held-out games
        // (all of them when nothing is held out).
        let improved = held_out.is_empty() || validation.loss < best;
        best = best.min(validation.loss);
        let net = if improved {
            Some(trainer.quantise(config.scale)?)
        } else {
            None
        };
        // What the engine will read: the quantised net on the same games.
        let quantised = match &net {
            Some(net) if !held_out.is_empty() => format!(
                ", quantised {:.6}",
                Trainer::net_loss(net, &data, &held_out, &config).loss
            ),
            _ => String::new(),
        };
        eprint!("\r");
        outln!(
            "epoch {epoch}/{}: loss {:.6}, held out {:.6}{quantised}{}; {:.0} positions/s, {seconds:.1} s, {left:.0} s left",
            args.epochs,
            pass.loss,
            validation.loss,
            if improved { " (best, net written)" } else { "" },
            pass.positions as f64 / seconds.max(1e-9)
        )?;
        if let Some(net) = net {
            write(&args.out, &net.to_bytes())?;
        }
        if let Some(path) = &args.checkpoint {
            write(path, &trainer.to_checkpoint())?;
        }
    }
    Ok(())
}

/// Writes a file whole, through a temporary one, so an interrupted write
/// leaves the previous file.
/// The step size of `epoch` (counted from 1): `rate` divided by ten for
/// every drop epoch reached (0 stands for none).
fn rate_at(rate: f32, drops: &[u32], epoch: u32) -> f32 {
    drops
        .iter()
        .filter(|&&drop| drop > 0 && epoch >= drop)
        .fold(rate, |rate, _| rate / 10.0)
}

fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let temporary = path.with_extension("partial");
    std::fs::write(&temporary, bytes)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Reads every file's positions. A file's games are told apart by the ply
/// starting again (a record has no game number): the held-out set is
/// whole games, not positions from games trained on.
fn load(
    inputs: InputSet,
    paths: &[PathBuf],
    validate_every: u32,
    mirror: bool,
    baseline: &mut BaselineSample,
) -> anyhow::Result<Dataset> {
    let layout = inputs.layout;
    let mut data = Dataset::with_inputs(inputs);
    let mut game = 0_u32;
    for path in paths {
        let mut input = BufReader::new(
            File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
        );
        let header = Header::read(&mut input).with_context(|| format!("{}", path.display()))?;
        if header.game != layout.code() || usize::from(header.squares) != layout.squares() {
            bail!("{} holds another game's positions", path.display());
        }
        let mut add = |sample: format::Sample, game: u32| -> anyhow::Result<()> {
            if game.is_multiple_of(validate_every) {
                baseline.offer(sample.clone());
            }
            if !data.push(
                &sample.board.pieces,
                sample.second_to_move,
                sample.score,
                sample.result,
                game,
            ) {
                bail!("{}: a position with pieces off the board", path.display());
            }
            if mirror {
                let mirrored: Vec<(u8, u8)> = sample
                    .board
                    .pieces
                    .iter()
                    .map(|&(square, code)| (mirrored_square(layout, square), code))
                    .collect();
                data.push(
                    &mirrored,
                    sample.second_to_move,
                    sample.score,
                    sample.result,
                    game,
                );
            }
            Ok(())
        };
        match header.records {
            Records::Positions => {
                // A record has no game number: a game ends where the ply
                // starts again.
                let mut last_ply = None;
                while let Some(sample) = format::read_sample(&mut input, header)
                    .with_context(|| format!("{}", path.display()))?
                {
                    if last_ply.is_some_and(|last| sample.ply <= last) {
                        game += 1;
                    }
                    last_ply = Some(sample.ply);
                    add(sample, game)?;
                }
            }
            Records::Games => {
                while let Some(record) =
                    read_game(&mut input).with_context(|| format!("{}", path.display()))?
                {
                    let samples = match layout {
                        Layout::Chess => replay::<ChessGame>(&record),
                        Layout::Xiangqi => replay::<banco_games::XiangqiGame>(&record),
                    }
                    .map_err(|err| anyhow::anyhow!("{}: {err}", path.display()))?;
                    for sample in samples {
                        add(sample, game)?;
                    }
                    game += 1;
                }
            }
        }
        game += 1;
    }
    Ok(data)
}

/// A square's mirror image left to right.
fn mirrored_square(layout: Layout, square: u8) -> u8 {
    match layout {
        Layout::Chess => square ^ 7,
        Layout::Xiangqi => square - square % 9 + (8 - square % 9),
    }
}

/// Held-out positions the strong evaluation is measured on, at most.
const HELD_OUT_BASELINE: usize = 50_000;

/// An even sample of the held-out positions of all files, of at most
/// `capacity` positions (reservoir sampling, deterministic). Taking the
/// first positions instead would measure the baseline on the first file
/// alone, whose games and scores may come from another engine than the rest.
struct BaselineSample {
    kept: Vec<format::Sample>,
    capacity: usize,
    offered: u64,
}

impl BaselineSample {
    fn new(capacity: usize) -> BaselineSample {
        BaselineSample {
            kept: Vec::new(),
            capacity,
            offered: 0,
        }
    }

    /// Keeps the sample with the chance every position offered so far has.
    fn offer(&mut self, sample: format::Sample) {
        self.offered += 1;
        if self.kept.len() < self.capacity {
            self.kept.push(sample);
            return;
        }
        let slot = splitmix64(self.offered) % self.offered;
        if let Some(kept) = usize::try_from(slot)
            .ok()
            .and_then(|slot| self.kept.get_mut(slot))
        {
            *kept = sample;
        }
    }
}

/// A well-mixed 64-bit hash of a counter (Steele, Lea and Flood's SplitMix64).
fn splitmix64(counter: u64) -> u64 {
    let mut z = counter.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The loss the hand-written strong evaluation has on the held-out
/// positions, with the net's target and scale (`None` when none could be
/// set up).
fn strong_loss(layout: Layout, samples: &[format::Sample], config: &TrainConfig) -> Option<f64> {
    let sigmoid = |x: f32| 1.0 / (1.0 + (-x).exp());
    let mut sum = 0.0;
    let mut count = 0_u32;
    for sample in samples {
        let value = match layout {
            Layout::Chess => match ChessGame::from_fen(&record_fen(sample, 8, 8, b"pnbrqk")) {
                Ok(game) => ChessEvaluator::Strong.evaluate(&game),
                Err(_) => continue,
            },
            Layout::Xiangqi => {
                match XiangqiGame::from_fen(&record_fen(sample, 9, 10, b"kabnrcp")) {
                    Ok(game) => XiangqiEvaluator::Strong.evaluate(&game),
                    Err(_) => continue,
                }
            }
        };
        let first = f32::from(sample.result.min(2)) / 2.0;
        let result = if sample.second_to_move {
            1.0 - first
        } else {
            first
        };
        let target = config.lambda * sigmoid(f32::from(sample.score) / config.scale)
            + (1.0 - config.lambda) * result;
        let error = sigmoid(value as f32 / config.scale) - target;
        sum += f64::from(error * error);
        count += 1;
    }
    (count > 0).then(|| sum / f64::from(count))
}

/// A record's position as FEN, on a board `files` wide and `ranks` high
/// whose piece codes 0, 1, … are `letters` (plus 8 for the second
/// player's). No castling or en passant: the records keep neither.
fn record_fen(sample: &format::Sample, files: usize, ranks: usize, letters: &[u8]) -> String {
    let mut squares = vec!['.'; files * ranks];
    for &(square, code) in &sample.board.pieces {
        let letter = letters
            .get(usize::from(code & 7))
            .copied()
            .unwrap_or(letters[0]) as char;
        if let Some(cell) = squares.get_mut(usize::from(square)) {
            *cell = if code & 8 == 0 {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
        }
    }
    let mut fen = String::new();
    for rank in (0..ranks).rev() {
        let mut empty = 0_u8;
        for file in 0..files {
            match squares[rank * files + file] {
                '.' => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(piece);
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if sample.second_to_move {
        " b - - 0 1"
    } else {
        " w - - 0 1"
    });
    fen
}

#[cfg(test)]
mod tests {
    use super::{BaselineSample, format, rate_at};
    use banco_games::TrainingBoard;

    fn numbered(ply: u16) -> format::Sample {
        format::Sample {
            board: TrainingBoard {
                squares: 64,
                pieces: Vec::new(),
            },
            second_to_move: false,
            score: 0,
            result: 1,
            ply,
        }
    }

    #[test]
    fn the_baseline_sample_is_spread_over_everything_offered() {
        let mut sample = BaselineSample::new(100);
        for ply in 0..10_000 {
            sample.offer(numbered(ply));
        }
        assert_eq!(sample.kept.len(), 100);
        let late = sample.kept.iter().filter(|s| s.ply >= 5_000).count();
        assert!(
            (30..=70).contains(&late),
            "{late} of 100 from the second half"
        );
        let mut plies: Vec<u16> = sample.kept.iter().map(|s| s.ply).collect();
        plies.sort_unstable();
        plies.dedup();
        assert_eq!(plies.len(), 100, "a position kept twice");
    }

    #[test]
    fn a_small_held_out_set_is_kept_whole() {
        let mut sample = BaselineSample::new(100);
        for ply in 0..40 {
            sample.offer(numbered(ply));
        }
        let plies: Vec<u16> = sample.kept.iter().map(|s| s.ply).collect();
        assert_eq!(plies, (0..40).collect::<Vec<u16>>());
    }

    #[test]
    fn each_drop_reached_divides_the_rate_by_ten() {
        let close = |a: f32, b: f32| (a - b).abs() <= b * 1e-6;
        assert!(close(rate_at(0.001, &[0], 30), 0.001));
        assert!(close(rate_at(0.001, &[14], 13), 0.001));
        assert!(close(rate_at(0.001, &[14], 14), 0.0001));
        assert!(close(rate_at(0.001, &[14, 18], 17), 0.0001));
        assert!(close(rate_at(0.001, &[18, 14], 18), 0.000_01));
    }
}
