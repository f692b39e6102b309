//! `banco match`: Banco's levels against each other and against reference
//! engines, and a table of each player's Elo fitted to every result so far.
//!
//! Pairings are played game by game, each opening twice with colours
//! swapped; results are appended to a file (one JSON line per pairing) so a
//! table can be fitted over many runs, anchored on the engines whose rating
//! is known (Stockfish's `UCI_Elo`).
//!
//! With `--sprt`, a pairing is a sequential probability ratio test, as
//! engine authors test a change against the build before it: games in
//! pairs, the pentanomial GSPRT after each pair, and a stop as soon as a
//! bound is crossed ([`sprt`]).

pub mod clock;
pub mod elo;
pub mod game;
pub mod gomocup;
pub mod openings;
pub mod player;
pub mod results;
pub mod sprt;
pub mod uci;

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use banco_search::{Level, Side};
use clap::Args;

use self::clock::TimeControl;
use self::elo::Tally;
use self::game::{GameResult, GameRules};
use self::openings::Opening;
use self::player::{Player, PlayerSpec};
use self::results::PairingRecord;
use self::sprt::{Pentanomial, SprtBounds, Verdict};
use super::args::MatchGameArgs;
use crate::output::{out, outln};
use banco_games::Playable;

/// Arguments of `banco match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game, its rule and board.
    #[command(flatten)]
    pub game: MatchGameArgs,
    /// Play each level against the next one up: `1..10` plays 2–1, 3–2, … 10–9.
    #[arg(long, value_name = "FROM..TO")]
    pub ladder: Option<String>,
    /// A player: a level (`5`), `uci:COMMAND` or `gomocup:COMMAND`. Two of
    /// them play each other; with `--versus`, each plays the `--versus`
    /// player. In a UCI command, `option.NAME=VALUE` sets an option for
    /// that engine alone (`uci:banco uci option.Evaluator=nnue`).
    #[arg(long = "player", short = 'p', value_name = "SPEC")]
    pub players: Vec<PlayerSpec>,
    /// The opponent of every `--player`.
    #[arg(long, value_name = "SPEC")]
    pub versus: Option<PlayerSpec>,
    /// A UCI option for the engines: `Name=Value` (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The `--versus` player's known rating, which anchors the Elo table
    /// (for Stockfish, the `UCI_Elo` it was set to).
    #[arg(long)]
    pub anchor: Option<f64>,
    /// Games per pairing (each opening twice, colours swapped); with
    /// `--sprt`, the most games the test may play. Default 40, or 20,000
    /// with `--sprt`.
    #[arg(long)]
    pub games: Option<usize>,
    /// Time per move in milliseconds, for every player (levels below 10 stop
    /// earlier at their own node or depth limit).
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// A clock per player instead of a time per move: BASE+INCREMENT in
    /// seconds, as `2+0.02`; a player whose flag falls loses.
    #[arg(long, value_name = "BASE+INC", conflicts_with = "nodes")]
    pub tc: Option<TimeControl>,
    /// A fixed number of nodes per move instead of a time (for changes that
    /// do not touch time management; Gomocup brains cannot take it).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Play the pairing as a sequential probability ratio test and stop when
    /// it decides: `ELO0,ELO1` (as `0,10`) or
    /// `elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta 0.05 unless given).
    #[arg(long, value_name = "ELO0,ELO1")]
    pub sprt: Option<SprtBounds>,
    /// Opening file (FEN/EPD lines, `startpos moves …`, gomoku offsets);
    /// without one every game starts from the start position.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// A game this many plies long is a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// Append each pairing's result to this file, and fit the table over all of it.
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// Play nothing: print the table fitted to `--results`.
    #[arg(long, requires = "results")]
    pub table_only: bool,
    /// Write the fitted table as JSON to this file.
    #[arg(long)]
    pub json_out: Option<PathBuf>,
}

/// Runs `banco match`.
pub fn run<G: Playable>(args: &MatchArgs) -> anyhow::Result<()> {
    let setup = args.game.setup();
    G::setup(&setup)?;
    let mut records = match &args.results {
        Some(path) if path.exists() => results::read(path)?,
        _ => Vec::new(),
    };
    records.retain(|r| r.game == G::INFO.name);
    if !args.table_only {
        let pairings = pairings(args)?;
        let options = parse_options(&args.options)?;
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
        if args.games == Some(0) {
            bail!("--games must be at least 1");
        }
        if args.sprt.is_some() && pairings.len() != 1 {
            bail!("--sprt tests one pairing: give two --player specs");
        }
        let rules = GameRules {
            control: time_control(args),
            max_plies: args.max_plies.max(1),
            decisive_cp: G::INFO.decisive_cp,
        };
        for (a, b, anchor) in pairings {
            let record = play_pairing::<G>(args, &a, &b, anchor, &options, &openings, &rules)?;
            if let Some(path) = &args.results {
                results::append(path, &record)?;
            }
            records.push(record);
        }
    }
    let table = results::Table::fit(&records);
    out!("{}", table.markdown())?;
    if let Some(path) = &args.json_out {
        std::fs::write(
            path,
            serde_json::to_string_pretty(&table.json(G::INFO.name))? + "\n",
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Reads `NAME=VALUE` engine options.
pub(crate) fn parse_options(options: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
                .filter(|(n, _)| !n.is_empty())
                .with_context(|| format!("option '{o}': expected NAME=VALUE"))
        })
        .collect()
}

/// The pairings to play: (player A, player B, B's known rating).
fn pairings(args: &MatchArgs) -> anyhow::Result<Vec<(PlayerSpec, PlayerSpec, Option<f64>)>> {
    if let Some(ladder) = &args.ladder {
        let (from, to) = ladder
            .split_once("..")
            .with_context(|| format!("--ladder '{ladder}': expected FROM..TO, as 1..10"))?;
        let from: Level = from.parse()?;
        let to: Level = to.parse()?;
        if from >= to {
            bail!("--ladder '{ladder}': the first level must be below the second");
        }
        return Ok((from.get()..to.get())
            .rev()
            .map(|low| {
                let level = |n| PlayerSpec::Level(Level::new(n).unwrap_or(Level::MAX));
                (level(low + 1), level(low), None)
            })
            .collect());
    }
    match (&args.versus, args.players.as_slice()) {
        (Some(versus), players) if !players.is_empty() => Ok(players
            .iter()
            .map(|p| (p.clone(), versus.clone(), args.anchor))
            .collect()),
        (None, [a, b]) => Ok(vec![(a.clone(), b.clone(), args.anchor)]),
        _ => bail!(
            "say what to play: --ladder FROM..TO, two --player specs, or --player specs and --versus"
        ),
    }
}

/// The players' names, told apart by their commands when both engines give
/// the same one (two builds of one engine, as in an SPRT).
fn distinct_names(a: String, b: String, a_spec: &PlayerSpec, b_spec: &PlayerSpec) -> [String; 2] {
    if a != b {
        return [a, b];
    }
    let program = |spec: &PlayerSpec| match spec {
        PlayerSpec::Uci(command) | PlayerSpec::Gomocup(command) => command
            .split_whitespace()
            .next()
            .and_then(|p| std::path::Path::new(p).file_name())
            .map(|n| n.to_string_lossy().into_owned()),
        PlayerSpec::Level(_) => None,
    };
    match (program(a_spec), program(b_spec)) {
        (Some(pa), Some(pb)) if pa != pb => [format!("{a} ({pa})"), format!("{b} ({pb})")],
        _ => [format!("{a} (1)"), format!("{b} (2)")],
    }
}

/// The time control the arguments ask for.
fn time_control(args: &MatchArgs) -> TimeControl {
    match (args.tc, args.nodes) {
        (Some(tc), _) => tc,
        (None, Some(nodes)) => TimeControl::Nodes(nodes),
        (None, None) => TimeControl::MoveTime(Duration::from_millis(args.movetime.max(1))),
    }
}

/// How a pairing stands while it is played.
#[derive(Default)]
struct Standing {
    /// A's wins, draws and losses.
    tally: Tally,
    /// The half points A scored in each pair's first finished game.
    half_pairs: HashMap<usize, usize>,
    /// The finished pairs.
    pentanomial: Pentanomial,
    /// The SPRT's decision, once made.
    verdict: Option<Verdict>,
}

impl Standing {
    /// Counts game `index` (A's half points in it); returns the SPRT's
    /// decision when this game completes a pair that crosses a bound.
    fn add(
        &mut self,
        index: usize,
        half_points: usize,
        sprt: Option<&SprtBounds>,
    ) -> Option<Verdict> {
        match half_points {
            2 => self.tally.wins += 1,
            1 => self.tally.draws += 1,
            _ => self.tally.losses += 1,
        }
        let pair = index / 2;
        match self.half_pairs.remove(&pair) {
            Some(other) => self.pentanomial.add(other + half_points),
            None => {
                self.half_pairs.insert(pair, half_points);
                return None;
            }
        }
        let bounds = sprt?;
        if self.verdict.is_some() {
            return None;
        }
        let verdict = bounds.verdict(self.pentanomial.llr(bounds));
        (verdict != Verdict::Continue).then(|| {
            self.verdict = Some(verdict);
            verdict
        })
    }
}

/// How many games a pairing plays of the `wanted`. At a fixed node count
/// both engines play the very same game again for the same opening and
/// colours, so a replayed game adds weight, not evidence (an SPRT would
/// decide on copies): such a pairing plays each opening once with each
/// colour at most, and says so when that cuts the match short.
fn distinct_games(wanted: usize, fixed_nodes: bool, openings: usize) -> usize {
    let distinct = 2 * openings;
    if fixed_nodes && wanted > distinct {
        // Not eprintln!, which panics when standard error is closed.
        let _ = writeln!(
            std::io::stderr(),
            "note: at fixed nodes the {openings} openings give {distinct} different games; \
             the pairing stops there (a larger book: banco openings)"
        );
        return distinct;
    }
    wanted
}

fn play_pairing<G: Playable>(
    args: &MatchArgs,
    a: &PlayerSpec,
    b: &PlayerSpec,
    anchor: Option<f64>,
    options: &[(String, String)],
    openings: &[Opening],
    rules: &GameRules,
) -> anyhow::Result<PairingRecord> {
    // Start both once here to learn their names and fail early.
    let names = {
        let first = player::start::<G>(a, options)?;
        let second = player::start::<G>(b, options)?;
        distinct_names(first.name(), second.name(), a, b)
    };
    let sprt = args.sprt.as_ref();
    let max_games = distinct_games(
        args.games
            .unwrap_or(if sprt.is_some() { 20_000 } else { 40 }),
        args.nodes.is_some(),
        openings.len(),
    );
    let next = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let finished = Mutex::new(Vec::<(usize, GameResult)>::new());
    let started = Instant::now();
    let standing = Mutex::new(Standing::default());
    let workers = args.concurrency.clamp(1, max_games);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let mut handles = Vec::new();
        for _ in 0..workers {
            handles.push(scope.spawn(|| -> anyhow::Result<()> {
                let mut pa: Box<dyn Player<G>> = player::start::<G>(a, options)?;
                let mut pb: Box<dyn Player<G>> = player::start::<G>(b, options)?;
                loop {
                    if decided.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= max_games {
                        return Ok(());
                    }
                    let opening = &openings[(index / 2) % openings.len()];
                    let a_first = index.is_multiple_of(2);
                    let result = if a_first {
                        game::play(opening, [pa.as_mut(), pb.as_mut()], rules)?
                    } else {
                        game::play(opening, [pb.as_mut(), pa.as_mut()], rules)?
                    };
                    let a_side = if a_first { Side::First } else { Side::Second };
                    let half_points = match result.winner {
                        Some(side) if side == a_side => 2,
                        Some(_) => 0,
                        None => 1,
                    };
                    let mut standing = standing.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
                    if standing.add(index, half_points, sprt).is_some() {
                        decided.store(true, Ordering::SeqCst);
                    }
                    report_progress(&names, &standing, sprt, max_games, started, &result);
                    drop(standing);
                    finished
                        .lock()
                        .map_err(|_| anyhow::anyhow!("poisoned"))?
                        .push((index, result));
                }
            }));
        }
        for handle in handles {
            handle
                .join()
                .map_err(|_| anyhow::anyhow!("a match worker panicked"))??;
        }
        Ok(())
    })?;
    eprintln!();
    let standing = standing
        .into_inner()
        .map_err(|_| anyhow::anyhow!("poisoned"))?;
    let tally = standing.tally;
    let mut games = finished
        .into_inner()
        .map_err(|_| anyhow::anyhow!("poisoned"))?;
    games.sort_by_key(|(i, _)| *i);
    let plies: usize = games.iter().map(|(_, r)| r.plies).sum();
    let [a_name, b_name] = names;
    let e = elo::pairing_elo(tally);
    outln!(
        "{a_name} vs {b_name}: +{} ={} -{} ({:.1} %), Elo {:+.0} ± {:.0}, {} games, {} won by the first player, {:.0} plies a game, {:.0} s",
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        e.elo,
        e.error,
        tally.games(),
        games
            .iter()
            .filter(|(_, r)| r.winner == Some(Side::First))
            .count(),
        plies as f64 / games.len().max(1) as f64,
        started.elapsed().as_secs_f64()
    )?;
    if let Some(bounds) = sprt {
        outln!(
            "{}",
            sprt_summary(&standing.pentanomial, bounds, standing.verdict)
        )?;
    }
    Ok(PairingRecord {
        game: G::INFO.name.to_owned(),
        a: a_name,
        b: b_name,
        b_anchor: anchor,
        tally,
        movetime_ms: args.movetime,
        time_control: (args.tc.is_some() || args.nodes.is_some())
            .then(|| rules.control.to_string()),
        pentanomial: sprt.map(|_| standing.pentanomial),
        openings: args
            .openings
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned()),
        reasons: results::count_reasons(games.iter().map(|(_, r)| r.reason.as_str())),
        first_player_wins: u32::try_from(
            games
                .iter()
                .filter(|(_, r)| r.winner == Some(Side::First))
                .count(),
        )
        .unwrap_or(u32::MAX),
    })
}

/// The SPRT's state in one line: the pairs, the Elo they show, the ratio
/// against its bounds, and the decision.
fn sprt_summary(pairs: &Pentanomial, bounds: &SprtBounds, verdict: Option<Verdict>) -> String {
    let elo = pairs.elo();
    let decision = match verdict {
        Some(Verdict::H1) => "H1 accepted: the first player is stronger (passed)",
        Some(Verdict::H0) => "H0 accepted: no gain of elo1 (failed)",
        _ => "undecided",
    };
    format!(
        "SPRT ({bounds}): LLR {:.2} [{:.2}, {:.2}], pairs {:?} (LL LD DD/WL WD WW), Elo {:+.1} ± {:.1}: {decision}",
        pairs.llr(bounds),
        bounds.lower(),
        bounds.upper(),
        pairs.0,
        elo.elo,
        elo.error,
    )
}

fn report_progress(
    names: &[String; 2],
    standing: &Standing,
    sprt: Option<&SprtBounds>,
    games: usize,
    started: Instant,
    last: &GameResult,
) {
    let tally = standing.tally;
    let test = sprt.map_or_else(String::new, |bounds| {
        let elo = standing.pentanomial.elo();
        // The pairs are on the live line so that a test stopped by hand
        // leaves its pentanomial counts in the log, as a finished one does.
        format!(
            " · pairs {:?} · Elo {:+.1} ± {:.1} · LLR {:.2} [{:.2}, {:.2}]",
            standing.pentanomial.0,
            elo.elo,
            elo.error,
            standing.pentanomial.llr(bounds),
            bounds.lower(),
            bounds.upper()
        )
    });
    let mut err = std::io::stderr().lock();
    let _ = write!(
        err,
        "\r[{:>3}/{games}] {} vs {}: +{} ={} -{} ({:.1} %){test} {:.0} s, last: {} ({} plies)   ",
        tally.games(),
        names[0],
        names[1],
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score(),
        started.elapsed().as_secs_f64(),
        last.reason,
        last.plies
    );
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_builds_of_one_engine_are_told_apart() {
        let uci = |c: &str| PlayerSpec::Uci(c.to_owned());
        let same = |a: &PlayerSpec, b: &PlayerSpec| {
            distinct_names("Banco 0.1.0".into(), "Banco 0.1.0".into(), a, b)
        };
        assert_eq!(
            same(&uci("/x/banco-new uci"), &uci("/x/banco-4684672 uci")),
            ["Banco 0.1.0 (banco-new)", "Banco 0.1.0 (banco-4684672)"]
        );
        assert_eq!(
            same(&uci("banco uci"), &uci("banco uci")),
            ["Banco 0.1.0 (1)", "Banco 0.1.0 (2)"]
        );
        let level = PlayerSpec::Level(Level::MAX);
        assert_eq!(
            distinct_names(
                "level 10".into(),
                "Stockfish".into(),
                &level,
                &uci("stockfish")
            ),
            ["level 10", "Stockfish"]
        );
    }
}
