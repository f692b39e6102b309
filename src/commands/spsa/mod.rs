//! `banco spsa`: tunes the search's numbers ([`SearchParams`]) by SPSA over
//! games of a UCI engine (a Gomocup brain for gomoku, which is not played
//! over UCI) against itself, as fishtest tunes Stockfish's.
//!
//! Each iteration is one game pair from the next opening: the engine
//! started with every tuned value pushed up (a random sign each) plays the
//! engine with them pushed down, once with each colour, and the pair's
//! result moves the values ([`tuner`]). `--concurrency` pairs run at once,
//! each applying its result when it ends (fishtest's workers do the same),
//! so a run of more than one at a time is not repeatable game for game.
//! The state (values and iterations done) is written after every pair and
//! a run given the same `--state` goes on from it. What a run finds is a
//! proposal: it goes in only after an SPRT against the defaults.

pub mod tuner;

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, bail};
use banco_search::{SearchParams, Side};
use clap::Args;

use self::tuner::{Param, Schedule, Tuner};
use super::args::MatchGameArgs;
use super::matches::clock::TimeControl;
use super::matches::game::{self, GameRules};
use super::matches::openings::{self, Opening};
use super::matches::parse_options;
use super::matches::player::{self, PlayerSpec};
use crate::output::outln;
use banco_games::Playable;

/// Arguments of `banco spsa`.
#[derive(Args, Debug)]
pub struct SpsaArgs {
    /// The game, its rule and board.
    #[command(flatten)]
    pub game: MatchGameArgs,
    /// The engine to tune, as a UCI command (`target/release/banco uci`),
    /// or for gomoku a Gomocup one (`target/release/banco gomocup`); every
    /// pair starts it twice with the pushed values as options (a Gomocup
    /// brain gets them as `INFO NAME VALUE`).
    #[arg(long, required_unless_present = "list")]
    pub engine: Option<String>,
    /// The parameters to tune: `all`, or names separated by commas (see `--list`).
    #[arg(long, default_value = "all")]
    pub params: String,
    /// Print the tunable parameters (name, default, range, step) and stop.
    #[arg(long)]
    pub list: bool,
    /// Game pairs to play (the schedule's length).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub iterations: u64,
    /// A fixed number of nodes per move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "tc")]
    pub nodes: Option<u64>,
    /// A clock per player instead: BASE+INCREMENT in seconds, as `2+0.02`.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<TimeControl>,
    /// Opening file (FEN/EPD lines, `startpos moves …`); iteration k plays
    /// opening k (cycling).
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Game pairs played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Seeds the perturbations' signs.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The step at the end of the run, as `a_k / c_k²` (fishtest's
    /// `r_end`; its default 0.002 suits runs of tens of thousands of
    /// pairs, a short run needs more).
    #[arg(long, default_value_t = 0.002)]
    pub r_end: f64,
    /// The run's state: read if it exists (the run goes on from it),
    /// written after every pair.
    #[arg(long)]
    pub state: Option<PathBuf>,
    /// A UCI option for both engines: `Name=Value` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// A game this many plies long is a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
}

/// Runs `banco spsa`.
///
/// # Errors
///
/// Unknown parameters, a missing time control, an unreadable opening or
/// state file, or an engine that cannot be started.
pub fn run<G: Playable>(args: &SpsaArgs) -> anyhow::Result<()> {
    if args.list {
        outln!("| name | default | min | max | step (c_end) |")?;
        outln!("| --- | ---: | ---: | ---: | ---: |")?;
        for t in SearchParams::TUNABLE {
            outln!(
                "| {} | {} | {} | {} | {} |",
                t.name,
                G::SEARCH_PARAMS.get(t.name).unwrap_or(t.default),
                t.min,
                t.max,
                t.step
            )?;
        }
        return Ok(());
    }
    let Some(engine) = &args.engine else {
        bail!("--engine: the UCI command of the engine to tune");
    };
    let control = match (args.tc, args.nodes) {
        (Some(tc), _) => tc,
        (None, Some(nodes)) => TimeControl::Nodes(nodes),
        (None, None) => bail!("give --nodes or --tc"),
    };
    if !(args.r_end.is_finite() && args.r_end > 0.0) {
        bail!("--r-end must be a positive number");
    }
    let setup = args.game.setup();
    G::setup(&setup)?;
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            openings::parse::<G>(&text, &setup)?
        }
        None => vec![Opening {
            setup: setup.clone(),
            moves: Vec::new(),
        }],
    };
    let shared_options = parse_options(&args.options)?;
    let mut tuner = Tuner {
        params: chosen_params(&args.params, &G::SEARCH_PARAMS)?,
        schedule: Schedule {
            iterations: usize::try_from(args.iterations).unwrap_or(usize::MAX),
            r_end: args.r_end,
        },
        done: 0,
        seed: args.seed,
    };
    if let Some(path) = args.state.as_ref().filter(|p| p.exists()) {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        tuner
            .restore(&text)
            .with_context(|| format!("state file {}", path.display()))?;
        let _ = writeln!(
            std::io::stderr(),
            "going on from {} iterations in {}",
            tuner.done,
            path.display()
        );
    }
    let rules = GameRules {
        control,
        max_plies: args.max_plies.max(1),
        decisive_cp: G::INFO.decisive_cp,
    };
    let run = Run {
        engine,
        shared_options: &shared_options,
        openings: &openings,
        rules: &rules,
        state: args.state.as_ref(),
        started: Instant::now(),
        next: Mutex::new(tuner.done),
        tuner: Mutex::new(tuner),
        tally: Mutex::new([0; 3]),
    };
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..args.concurrency.max(1))
            .map(|_| scope.spawn(|| run.worker::<G>()))
            .collect();
        for worker in workers {
            worker
                .join()
                .map_err(|_| anyhow::anyhow!("an SPSA worker panicked"))??;
        }
        Ok(())
    })?;
    let _ = writeln!(std::io::stderr());
    let tuner = run
        .tuner
        .into_inner()
        .map_err(|_| anyhow::anyhow!("poisoned"))?;
    outln!("| name | default | tuned |")?;
    outln!("| --- | ---: | ---: |")?;
    for p in &tuner.params {
        let default = G::SEARCH_PARAMS.get(&p.name).unwrap_or_default();
        outln!("| {} | {} | {:.2} |", p.name, default, p.value)?;
    }
    let options: Vec<String> = tuner
        .params
        .iter()
        .map(|p| format!("option.{}={}", p.name, p.value.round()))
        .collect();
    outln!("engine options: {}", options.join(" "))?;
    Ok(())
}

/// The parameters `names` picks (`all` or a comma-separated list), each
/// starting from its value in `start` (the game's own).
fn chosen_params(names: &str, start: &SearchParams) -> anyhow::Result<Vec<Param>> {
    let all = names.trim().eq_ignore_ascii_case("all");
    let wanted: Vec<&str> = names
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    let mut params = Vec::new();
    for name in &wanted {
        if !all
            && !SearchParams::TUNABLE
                .iter()
                .any(|t| t.name.eq_ignore_ascii_case(name))
        {
            bail!("unknown search parameter '{name}' (banco spsa chess --list)");
        }
    }
    for t in SearchParams::TUNABLE {
        if all || wanted.iter().any(|n| t.name.eq_ignore_ascii_case(n)) {
            params.push(Param {
                name: t.name.to_owned(),
                value: f64::from(start.get(t.name).unwrap_or(t.default)),
                min: f64::from(t.min),
                max: f64::from(t.max),
                c_end: t.step,
            });
        }
    }
    if params.is_empty() {
        bail!("--params names no parameter");
    }
    Ok(params)
}

/// What the workers of one run share.
struct Run<'a> {
    engine: &'a str,
    shared_options: &'a [(String, String)],
    openings: &'a [Opening],
    rules: &'a GameRules,
    state: Option<&'a PathBuf>,
    started: Instant,
    /// The next iteration to hand out.
    next: Mutex<usize>,
    tuner: Mutex<Tuner>,
    /// The pushed-up engines' wins, draws and losses.
    tally: Mutex<[u32; 3]>,
}

impl Run<'_> {
    fn worker<G: Playable>(&self) -> anyhow::Result<()> {
        loop {
            let perturbation = {
                let tuner = self.tuner.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
                let mut next = self.next.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
                if *next >= tuner.schedule.iterations {
                    return Ok(());
                }
                let k = *next;
                *next += 1;
                tuner.perturb(k)
            };
            let names: Vec<String> = {
                let tuner = self.tuner.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
                tuner.params.iter().map(|p| p.name.clone()).collect()
            };
            let options = |values: &[i32]| {
                let mut options = self.shared_options.to_vec();
                options.extend(
                    names
                        .iter()
                        .zip(values)
                        .map(|(n, v)| (n.clone(), v.to_string())),
                );
                options
            };
            let spec = if G::start().gomocup_position().is_some() {
                PlayerSpec::Gomocup(self.engine.to_owned())
            } else {
                PlayerSpec::Uci(self.engine.to_owned())
            };
            let mut plus = player::start::<G>(&spec, &options(&perturbation.plus))?;
            let mut minus = player::start::<G>(&spec, &options(&perturbation.minus))?;
            let opening = &self.openings[perturbation.k % self.openings.len()];
            let first = game::play(opening, [plus.as_mut(), minus.as_mut()], self.rules)?;
            let second = game::play(opening, [minus.as_mut(), plus.as_mut()], self.rules)?;
            let mut result = 0.0;
            let mut tally = self.tally.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            for (outcome, plus_side) in [(first, Side::First), (second, Side::Second)] {
                match outcome.winner {
                    Some(side) if side == plus_side => {
                        result += 1.0;
                        tally[0] += 1;
                    }
                    Some(_) => {
                        result -= 1.0;
                        tally[2] += 1;
                    }
                    None => tally[1] += 1,
                }
            }
            let [wins, draws, losses] = *tally;
            drop(tally);
            let mut tuner = self.tuner.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
            tuner.update(&perturbation, result);
            if let Some(path) = self.state {
                std::fs::write(path, tuner.to_text())
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            let shown: Vec<String> = tuner
                .params
                .iter()
                .take(4)
                .map(|p| format!("{} {:.1}", p.name, p.value))
                .collect();
            let more = if tuner.params.len() > 4 { ", …" } else { "" };
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r[{}/{}] pushed-up engine +{wins} ={draws} -{losses}, {:.0} s · {}{more}   ",
                tuner.done,
                tuner.schedule.iterations,
                self.started.elapsed().as_secs_f64(),
                shown.join(", "),
            );
            let _ = err.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_chosen_by_name_or_all() {
        assert_eq!(
            chosen_params("all", &SearchParams::DEFAULT).unwrap().len(),
            SearchParams::TUNABLE.len()
        );
        let two = chosen_params("RFP_MARGIN, lmr_divisor", &SearchParams::DEFAULT).unwrap();
        let names: Vec<&str> = two.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["rfp_margin", "lmr_divisor"]);
        assert!((two[0].value - 75.0).abs() < 1e-9);
        assert!(chosen_params("rfp_margin,nonsense", &SearchParams::DEFAULT).is_err());
        assert!(chosen_params(" , ", &SearchParams::DEFAULT).is_err());
    }
}
