//! `banco openings`: a large book of balanced openings for matches.
//!
//! At a fixed node count an engine plays the same game again from the same
//! opening with the same colours, so a match can never hold more different
//! games than twice its openings; a test that needs thousands of games
//! needs thousands of openings. Each opening here is a base opening (the
//! start position, or one of a file's) followed by a few random legal
//! moves, kept when a short search of the `nnue` evaluator finds it level
//! within a margin, and kept once. The book is deterministic under a seed.
//!
//! Gomoku's matches are timed, so their games differ anyway, but twenty
//! openings still make a test of a few hundred games replay near-copies:
//! its book is written as Gomocup offsets from the centre (what `banco
//! match` and the Gomocup referees read), judged by the strong evaluation
//! under the rule given, each set of stones once.

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use banco_games::{GameKind, Playable, Setup, with_game};
use banco_search::{EvaluatorStrength, Limits, SearchConfig, Searcher, Silent};
use clap::Args;

use super::args::game_kind;
use super::matches::openings::{self, Opening};
use super::rng::SplitMix64;

/// Arguments of `banco openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// chess, xiangqi or gomoku.
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// The rule the openings are judged under (gomoku: freestyle, standard,
    /// renju or caro); the game's default without it.
    #[arg(long)]
    pub rule: Option<String>,
    /// Base openings (a match opening file); the start position without it.
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// The file to write, one position (FEN) a line.
    #[arg(long)]
    pub out: PathBuf,
    /// How many openings to write.
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub count: u64,
    /// Random legal moves played after the base opening.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=40))]
    pub random_plies: u32,
    /// Nodes of the search that judges each candidate.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// The largest advantage kept, in the search's units (centipawns in
    /// chess and xiangqi), for either side.
    #[arg(long, default_value_t = 80, value_parser = clap::value_parser!(u32).range(0..=30_000))]
    pub max_score: u32,
    /// The seed the random moves are drawn from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs `banco openings`.
///
/// # Errors
///
/// An unknown rule, an unreadable or bad base file, a margin too narrow to
/// fill the book, or a failed write.
pub fn run(args: &OpeningsArgs) -> anyhow::Result<()> {
    with_game!(args.kind, G => generate::<G>(args))
}

fn generate<G: Playable>(args: &OpeningsArgs) -> anyhow::Result<()> {
    let setup = Setup {
        rule: args.rule.clone(),
        ..Setup::default()
    };
    // A bad rule fails here, before any work.
    G::setup(&setup)?;
    let bases = match &args.from {
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
    let eval = G::Eval::from(EvaluatorStrength::Nnue);
    let mut searcher = Searcher::new(SearchConfig {
        hash_mb: 8,
        threads: 1,
        ..SearchConfig::default()
    });
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let mut rng = SplitMix64(args.seed);
    let mut seen = HashSet::new();
    let mut book = Vec::new();
    let started = Instant::now();
    // A margin or base that yields nothing must not loop for ever.
    let most_tries = args.count.saturating_mul(200).max(10_000);
    let mut tries = 0_u64;
    while (book.len() as u64) < args.count {
        tries += 1;
        if tries > most_tries {
            bail!(
                "only {} of {} openings after {most_tries} tries: widen --max-score or change the base",
                book.len(),
                args.count
            );
        }
        let Some(game) = candidate::<G>(&bases[rng.below(bases.len())], args, &mut rng)? else {
            continue;
        };
        let (position, key) = book_line(&game, args.kind)?;
        if !seen.insert(key) {
            continue;
        }
        searcher.clear();
        let result = searcher.search(&game, &eval, &limits, &mut Silent);
        if result.report.value.unsigned_abs() > args.max_score {
            continue;
        }
        book.push(position);
        if !book.len().is_multiple_of(100) && book.len() as u64 != args.count {
            continue;
        }
        // Not eprint!, which panics when standard error is closed.
        let _ = write!(
            std::io::stderr(),
            "\r{} openings, {tries} tried, {:.0} s   ",
            book.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let _ = writeln!(std::io::stderr());
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(&args.out)
            .with_context(|| format!("cannot write {}", args.out.display()))?,
    );
    for line in &book {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// The base opening and `random_plies` random legal moves after it, or
/// nothing when the game ends on the way.
fn candidate<G: Playable>(
    base: &Opening,
    args: &OpeningsArgs,
    rng: &mut SplitMix64,
) -> anyhow::Result<Option<G>> {
    let mut game = G::setup(&base.setup)?;
    for code in &base.moves {
        let mv = game.parse_move(code).map_err(|e| anyhow::anyhow!(e))?;
        game.make_move(mv);
    }
    let mut moves = Vec::new();
    for _ in 0..args.random_plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() || game.ending().is_some() {
            return Ok(None);
        }
        game.make_move(moves[rng.below(moves.len())]);
    }
    game.legal_moves(&mut moves);
    if moves.is_empty() || game.ending().is_some() {
        return Ok(None);
    }
    Ok(Some(game))
}

/// The book's line for a game and the key that tells positions apart.
/// Gomoku's line is its stones as Gomocup offsets from the centre, and its
/// key the sets of each colour's stones (the order they came in does not
/// matter).
fn book_line<G: Playable>(game: &G, kind: GameKind) -> anyhow::Result<(String, String)> {
    let position = game.position();
    if kind != GameKind::Gomoku {
        let key = key_of(&position);
        return Ok((position, key));
    }
    let size = banco_gomoku::DEFAULT_SIZE;
    let centre = i32::from(size / 2);
    let mut offsets = Vec::new();
    let mut stones: [Vec<(i32, i32)>; 2] = [Vec::new(), Vec::new()];
    for (ply, text) in position.split_whitespace().enumerate() {
        let point = banco_gomoku::Point::parse(text, size).map_err(|e| anyhow::anyhow!(e))?;
        let offset = (i32::from(point.x) - centre, i32::from(point.y) - centre);
        offsets.push(format!("{},{}", offset.0, offset.1));
        stones[ply % 2].push(offset);
    }
    for colour in &mut stones {
        colour.sort_unstable();
    }
    Ok((offsets.join(", "), format!("{stones:?}")))
}

/// A position without its move counters: the same position reached in
/// another number of moves is the same opening.
fn key_of(position: &str) -> String {
    let fields: Vec<&str> = position.split_whitespace().collect();
    let keep = fields.len().min(4);
    fields[..keep].join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("banco-openings-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn args(kind: GameKind, out: PathBuf, seed: u64) -> OpeningsArgs {
        OpeningsArgs {
            kind,
            rule: None,
            from: None,
            out,
            count: 6,
            random_plies: 2,
            nodes: 300,
            max_score: 150,
            seed,
        }
    }

    #[test]
    fn a_book_is_distinct_level_and_the_same_under_a_seed() {
        let dir = scratch("book");
        for kind in [GameKind::Chess, GameKind::Xiangqi, GameKind::Gomoku] {
            let (one, two) = (dir.join("one"), dir.join("two"));
            let mut made = args(kind, one.clone(), 7);
            if kind == GameKind::Gomoku {
                made.random_plies = 5;
                made.max_score = 3_000;
            }
            run(&made).unwrap();
            run(&OpeningsArgs {
                out: two.clone(),
                ..made
            })
            .unwrap();
            let text = std::fs::read_to_string(&one).unwrap();
            assert_eq!(text, std::fs::read_to_string(&two).unwrap());
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 6);
            let distinct: HashSet<String> = lines
                .iter()
                .map(|l| {
                    if kind == GameKind::Gomoku {
                        (*l).to_owned()
                    } else {
                        key_of(l)
                    }
                })
                .collect();
            assert_eq!(distinct.len(), 6, "{text}");
            // Every line is an opening a match reads.
            with_game!(kind, G => {
                assert_eq!(openings::parse::<G>(&text, &Setup::default()).unwrap().len(), 6);
            });
        }
    }

    #[test]
    fn a_bad_rule_and_a_bad_base_are_refused() {
        let dir = scratch("refused");
        let mut bad_rule = args(GameKind::Gomoku, dir.join("g"), 1);
        bad_rule.rule = Some("go".to_owned());
        assert!(run(&bad_rule).is_err());
        assert!(!dir.join("g").exists(), "nothing is written");
        let base = dir.join("base");
        std::fs::write(&base, "startpos moves e2e5\n").unwrap();
        let mut bad = args(GameKind::Chess, dir.join("c"), 1);
        bad.from = Some(base);
        assert!(run(&bad).is_err());
        assert!(!dir.join("c").exists(), "nothing is written");
    }
}
