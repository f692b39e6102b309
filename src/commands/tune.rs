//! `banco tune gomoku`: the strong gomoku evaluation's weights fitted to
//! the results of self-play games (Texel's method; `banco_gomoku::tune`).
//! It prints the fit and the weights as Rust source, to paste over the
//! rule's `…_WEIGHTS` in `crates/gomoku/src/board.rs` once a match has shown them
//! stronger.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use banco_games::GameKind;
use banco_gomoku::combo::write_table;
use banco_gomoku::policy::{fit_policy, policy_samples};
use banco_gomoku::tune::{
    COLOUR_FEATURES, GameRecord, Held, Sample, SelfPlay, combo_samples, fit, fit_combos,
    live_combo_vector, samples, self_play_records,
};
use banco_gomoku::{PatternWeights, Rule, Side};
use clap::Args;

use super::args::game_kind;
use crate::output::outln;

/// Arguments of `banco tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluation is tuned (gomoku).
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// The rule the games are played under.
    #[arg(long, default_value = "freestyle")]
    pub rule: String,
    /// Self-play games.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Nodes each move's search may visit.
    #[arg(long, default_value_t = 3_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// Random moves near the stones that open each game, after the centre.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// The seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Passes of the fit over the data.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub epochs: u32,
    /// Keep the self-play positions in this file, or read them from it if
    /// it exists (then no game is played), to fit again without replaying.
    #[arg(long)]
    pub samples: Option<PathBuf>,
    /// Search every position again at this many nodes for its score (for
    /// games kept without scores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub score_nodes: Option<u64>,
    /// How much of each position's target is the game's result, the rest
    /// its search score (kept by the self-play games, or from
    /// `--score-nodes`): 1 fits the results alone (Texel's method).
    #[arg(long, default_value_t = 1.0, value_parser = parse_fraction)]
    pub result_weight: f64,
    /// Under a rule whose colours have weights of their own, keep this
    /// colour's (`black` or `white`) and fit only the other's.
    #[arg(long, value_parser = parse_colour)]
    pub hold: Option<Side>,
    /// Keep the line weights, the point bonuses and the tempo, and fit only
    /// the threat pairs (what both players' best threats are worth together).
    #[arg(long, conflicts_with = "combos")]
    pub hold_points: bool,
    /// Under a rule whose colours have weights of their own (renju), fit
    /// one set that both colours play, as the other rules do.
    #[arg(long, conflicts_with = "hold")]
    pub one_set: bool,
    /// Every this many-th game is held out to validate the fit.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=1_000))]
    pub validate_every: u32,
    /// Fit a value per point class (the four line patterns of a point as a
    /// multiset, 1,365 classes per role) instead of per line pattern, and
    /// write the table to `--out`.
    #[arg(long, requires = "out")]
    pub combos: bool,
    /// Fit a move-ordering prior instead (a logit per point class for the
    /// side to move and for the opponent; `banco_gomoku::policy`) to the
    /// moves of the games, and write it to `--out`.
    #[arg(long, requires = "out", conflicts_with_all = ["combos", "hold_points", "hold"])]
    pub policy: bool,
    /// Where `--combos` or `--policy` writes its table (the format of
    /// `crates/gomoku/src/eval/freestyle.combos`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Keep the self-play games in this file (one a line: number, winner,
    /// opening plies, moves), or read them from it if it exists, so a fit
    /// can be run again without replaying.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// How strongly each class value is pulled back to its start (an L2
    /// penalty per squared unit): rare classes keep about what their lines
    /// give them.
    #[arg(long, default_value_t = 1e-7)]
    pub pull: f64,
}

/// Runs `banco tune`.
///
/// # Errors
///
/// A game other than gomoku, an unknown rule, or a closed output.
pub fn run(args: &TuneArgs) -> anyhow::Result<()> {
    if args.kind != GameKind::Gomoku {
        bail!("only gomoku's evaluation is tuned this way: its value is linear in its weights");
    }
    let rule: Rule = args.rule.parse()?;
    let options = SelfPlay {
        rule,
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        threads: usize::try_from(args.threads).unwrap_or(1),
    };
    if args.hold.is_some() && !PatternWeights::per_colour(rule) {
        bail!(
            "--hold needs a rule whose colours have weights of their own (renju); {rule} has one set"
        );
    }
    if args.policy {
        return run_policy(args, rule, &options);
    }
    if args.combos {
        if PatternWeights::per_colour(rule) {
            bail!(
                "a class table is one set for both colours; {rule}'s colours have weights of their own"
            );
        }
        return run_combos(args, rule, &options);
    }
    let samples = match &args.samples {
        Some(path) if path.exists() => read_samples(path)?,
        _ => {
            let records = games(args, rule, &options)?;
            let started = Instant::now();
            let searched = |games| {
                if args.score_nodes.is_some() {
                    let seconds = started.elapsed().as_secs_f64();
                    eprint!(
                        "\rsearched the positions of {games}/{} games, {seconds:.0} s   ",
                        records.len()
                    );
                }
            };
            let samples = samples(&records, rule, args.score_nodes, options.threads, &searched);
            if args.score_nodes.is_some() {
                eprintln!(
                    "\nsearched {} positions in {:.0} s",
                    samples.len(),
                    started.elapsed().as_secs_f64()
                );
            }
            if let Some(path) = &args.samples {
                write_samples(path, &samples)?;
            }
            samples
        }
    };
    let per_colour = PatternWeights::per_colour(rule);
    let fitted = fit(
        &samples,
        [Side::First, Side::Second].map(|side| PatternWeights::for_side(rule, side)),
        !per_colour || args.one_set,
        Held {
            colour: args.hold,
            points: args.hold_points,
        },
        args.epochs,
        args.validate_every,
        args.result_weight,
    );
    let games = samples.last().map_or(0, |s| s.game + 1);
    outln!(
        "{} positions from {games} games; {} to fit, {} held out",
        samples.len(),
        fitted.sizes.0,
        fitted.sizes.1
    )?;
    outln!("sigmoid scale: {:.1}", fitted.scale)?;
    let scored = samples.iter().filter(|s| s.score.is_some()).count();
    if args.result_weight < 1.0 && scored > 0 {
        outln!(
            "fitted to {} of each result and {} of its search score ({scored} positions scored)",
            args.result_weight,
            1.0 - args.result_weight
        )?;
    }
    outln!(
        "mean squared error, training games: {:.6} -> {:.6}",
        fitted.train_loss.0,
        fitted.train_loss.1
    )?;
    outln!(
        "mean squared error, held-out games: {:.6} -> {:.6}",
        fitted.validation_loss.0,
        fitted.validation_loss.1
    )?;
    if per_colour {
        let name = rule.name().to_uppercase();
        outln!(
            "{}",
            rust_source(&format!("{name}_BLACK"), &fitted.weights[0])
        )?;
        outln!(
            "{}",
            rust_source(&format!("{name}_WHITE"), &fitted.weights[1])
        )?;
    } else {
        outln!(
            "{}",
            rust_source(&rule.name().to_uppercase(), &fitted.weights[0])
        )?;
    }
    Ok(())
}

/// The self-play games: read from `--records` if the file exists, else
/// played (and written there, each as it ends, so a stopped run keeps its
/// games).
fn games(args: &TuneArgs, rule: Rule, options: &SelfPlay) -> anyhow::Result<Vec<GameRecord>> {
    Ok(match &args.records {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .enumerate()
                .map(|(n, line)| {
                    GameRecord::from_line(line, rule).map_err(|e| {
                        anyhow::anyhow!("{}: game line {}: {e}", path.display(), n + 1)
                    })
                })
                .collect::<anyhow::Result<Vec<_>>>()?
        }
        _ => {
            let started = Instant::now();
            let mut records = Vec::new();
            // Each game is written as it ends, so a stopped run keeps its games.
            let mut file = match &args.records {
                Some(path) => Some(std::io::BufWriter::new(
                    std::fs::File::create(path)
                        .with_context(|| format!("cannot write {}", path.display()))?,
                )),
                None => None,
            };
            let mut failed = None;
            self_play_records(options, &mut |record| {
                records.push(record.clone());
                if let Some(file) = &mut file
                    && let Err(e) =
                        writeln!(file, "{}", record.to_line()).and_then(|()| file.flush())
                {
                    failed.get_or_insert(e);
                }
                let seconds = started.elapsed().as_secs_f64();
                let _ = write!(
                    std::io::stderr(),
                    "\r{}/{} games, {seconds:.0} s   ",
                    records.len(),
                    args.games
                );
            });
            let _ = writeln!(std::io::stderr());
            if let Some(e) = failed {
                bail!("cannot write the games: {e}");
            }
            records
        }
    })
}

/// `banco tune gomoku --combos`: a value per point class.
fn run_combos(args: &TuneArgs, rule: Rule, options: &SelfPlay) -> anyhow::Result<()> {
    // Games read from a file were not played by these settings: the
    // header names the file instead, so its command rebuilds the table.
    let read = args.records.as_ref().filter(|path| path.exists());
    let source = match read {
        Some(path) => format!("--records {}", path.display()),
        None => format!(
            "--games {} --nodes {} --seed {}",
            args.games, args.nodes, args.seed
        ),
    };
    let records = games(args, rule, options)?;
    let samples = combo_samples(&records, rule);
    let start = live_combo_vector(rule);
    let fitted = fit_combos(
        &samples,
        &start,
        args.epochs,
        args.pull,
        args.validate_every,
    );
    outln!(
        "{} positions from {} games; {} to fit, {} held out",
        samples.len(),
        records.len(),
        fitted.sizes.0,
        fitted.sizes.1
    )?;
    outln!("sigmoid scale: {:.1}", fitted.scale)?;
    outln!(
        "mean squared error, training games: {:.6} -> {:.6}",
        fitted.train_loss.0,
        fitted.train_loss.1
    )?;
    outln!(
        "mean squared error, held-out games: {:.6} -> {:.6}",
        fitted.validation_loss.0,
        fitted.validation_loss.1
    )?;
    let header = format!(
        "{rule} point-class values (mover row, then waiter row), fitted by\nbanco tune gomoku --rule {rule} --combos {source} --epochs {} --pull {}\non {} positions of {} games; held-out error {:.6} -> {:.6}",
        args.epochs,
        args.pull,
        samples.len(),
        records.len(),
        fitted.validation_loss.0,
        fitted.validation_loss.1,
        rule = rule.name()
    );
    let Some(out) = &args.out else {
        bail!("--combos needs --out");
    };
    std::fs::write(out, write_table(&fitted.values, &header))
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// `banco tune gomoku --policy`: a move-ordering prior per point class.
fn run_policy(args: &TuneArgs, rule: Rule, options: &SelfPlay) -> anyhow::Result<()> {
    let read = args.records.as_ref().filter(|path| path.exists());
    let source = match read {
        Some(path) => format!("--records {}", path.display()),
        None => format!(
            "--games {} --nodes {} --seed {}",
            args.games, args.nodes, args.seed
        ),
    };
    let records = games(args, rule, options)?;
    let samples = policy_samples(&records, rule);
    let started = Instant::now();
    let fitted = fit_policy(
        &samples,
        args.epochs,
        args.pull,
        args.validate_every,
        &mut |epoch, loss| {
            if epoch % 50 == 0 {
                eprint!(
                    "\repoch {epoch}/{}: cross-entropy {loss:.5} ({:.0} s)",
                    args.epochs,
                    started.elapsed().as_secs_f64()
                );
            }
        },
    );
    eprintln!();
    outln!(
        "{} positions from {} games; {} to fit, {} held out",
        samples.len(),
        records.len(),
        fitted.sizes.0,
        fitted.sizes.1
    )?;
    outln!(
        "cross-entropy of the moves played: training {:.5}, held out {:.5}",
        fitted.loss.0,
        fitted.loss.1
    )?;
    for (name, score) in [
        ("ordering before", fitted.before),
        ("learned prior", fitted.after),
    ] {
        outln!(
            "{name}, held out: first choice {:.1} %, first three {:.1} %; quiet moves ({} positions) among the quiet: {:.1} %, {:.1} %; noisy moves ({}) among the noisy: {:.1} %",
            100.0 * score.top1,
            100.0 * score.top3,
            score.quiet_positions,
            100.0 * score.quiet_top1,
            100.0 * score.quiet_top3,
            score.noisy_positions,
            100.0 * score.noisy_top1
        )?;
    }
    let header = format!(
        "{rule} move-ordering prior (logits x {}: the side to move's row, then the opponent's), fitted by\nbanco tune gomoku --rule {rule} --policy {source} --epochs {} --pull {}\non {} positions of {} games; held-out cross-entropy {:.5}, first choice {:.1} % (before {:.1} %)",
        banco_gomoku::policy::LOGIT_ONE,
        args.epochs,
        args.pull,
        samples.len(),
        records.len(),
        fitted.loss.1,
        100.0 * fitted.after.top1,
        100.0 * fitted.before.top1,
        rule = rule.name()
    );
    let Some(out) = &args.out else {
        bail!("--policy needs --out");
    };
    std::fs::write(out, write_table(&fitted.values, &header))
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

/// The weights as `board.rs` declares them, under the name `{name}_WEIGHTS`.
fn rust_source(name: &str, w: &PatternWeights) -> String {
    let list = |v: &[i32]| {
        v.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let threats = w
        .threats
        .iter()
        .map(|row| format!("        [{}],\n", list(row)))
        .collect::<String>();
    format!(
        "pub const {}_WEIGHTS: PatternWeights = PatternWeights {{\n    line: [\n        [{}],\n        [{}],\n    ],\n    double_three: [{}],\n    four_three: [{}],\n    tempo: {},\n    threats: [\n{}    ],\n}};",
        name,
        list(&w.line[0]),
        list(&w.line[1]),
        list(&w.double_three),
        list(&w.four_three),
        w.tempo,
        threats
    )
}

/// `black` or `white`.
fn parse_colour(text: &str) -> Result<Side, String> {
    match text {
        "black" => Ok(Side::First),
        "white" => Ok(Side::Second),
        _ => Err(format!("{text} is not a colour: black or white")),
    }
}

/// A number from 0 to 1.
fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text} is not a number from 0 to 1")),
    }
}

/// Writes the positions as text: per line the game, the result for the
/// side to move, the search's score (`-` for none) and the features.
fn write_samples(path: &Path, samples: &[Sample]) -> anyhow::Result<()> {
    use std::fmt::Write as _;
    let mut text = String::new();
    for s in samples {
        match s.score {
            Some(v) => write!(text, "{} {} {v}", s.game, s.result)?,
            None => write!(text, "{} {} -", s.game, s.result)?,
        }
        for f in &s.features {
            write!(text, " {f}")?;
        }
        text.push('\n');
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Reads what [`write_samples`] wrote.
fn read_samples(path: &Path) -> anyhow::Result<Vec<Sample>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .enumerate()
        .map(|(n, line)| {
            let bad = || anyhow::anyhow!("{}: line {} is not a sample", path.display(), n + 1);
            let mut words = line.split_whitespace();
            let game = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            let result: f64 = words.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
            let score = match words.next().ok_or_else(bad)? {
                "-" => None,
                v => Some(v.parse().map_err(|_| bad())?),
            };
            let values: Vec<i32> = words
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| bad())?;
            let features: [i32; COLOUR_FEATURES] = values.try_into().map_err(|_| bad())?;
            if !(0.0..=1.0).contains(&result) {
                return Err(bad());
            }
            Ok(Sample {
                features,
                result,
                score,
                game,
            })
        })
        .collect()
}
