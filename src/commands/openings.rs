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
//!
//! Two games of a gomoku pair between near-equal engines mostly go to the
//! same colour, so the pair tells little. `--trial-nodes WEAK,STRONG`
//! plays each level candidate out twice, a weak search against a strong
//! one with colours swapped, and drops it when one colour wins both games: what is kept is an opening
//! that the stronger player wins from either side, so the moves decide it.
//! (Measured on freestyle, such a book neither split fewer pairs nor made
//! tests more sensitive: docs/search.md.)

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use banco_games::{GameKind, Playable, Setup, with_game};
use banco_search::{EvaluatorStrength, Limits, MATE_BOUND, SearchConfig, Searcher, Side, Silent};
use clap::Args;

use super::args::game_kind;
use super::matches::openings::{self, Opening};
use super::rng::SplitMix64;

/// Arguments of `banco openings`.
#[derive(Args, Clone, Debug)]
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
    /// Play each level candidate out twice at these node counts a move
    /// (`WEAK,STRONG`, the strong search taking each colour once) and drop
    /// it when the same colour wins both games.
    #[arg(long, value_name = "WEAK,STRONG", value_parser = trial_nodes)]
    pub trial_nodes: Option<TrialNodes>,
    /// Candidates judged at once; the book is the same whatever the number.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub threads: u32,
}

/// The node counts a move of the two sides of a trial game.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct TrialNodes {
    /// The weaker side's nodes a move.
    pub weak: u64,
    /// The stronger side's nodes a move.
    pub strong: u64,
}

/// Reads `WEAK,STRONG`, two node counts with the weak one below the strong.
fn trial_nodes(text: &str) -> Result<TrialNodes, String> {
    let (weak, strong) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not WEAK,STRONG (two node counts)"))?;
    let count = |part: &str| {
        part.trim()
            .parse::<u64>()
            .ok()
            .filter(|n| (1..=100_000_000).contains(n))
            .ok_or_else(|| format!("`{part}` is not a node count from 1 to 100000000"))
    };
    let nodes = TrialNodes {
        weak: count(weak)?,
        strong: count(strong)?,
    };
    if nodes.weak >= nodes.strong {
        return Err(format!(
            "the weak count ({}) must be below the strong one ({})",
            nodes.weak, nodes.strong
        ));
    }
    Ok(nodes)
}

/// A trial game longer than this is called drawn.
const MOST_TRIAL_PLIES: usize = 400;

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
    let mut rng = SplitMix64(args.seed);
    let mut seen = HashSet::new();
    let mut book = Vec::new();
    let started = Instant::now();
    // A margin or base that yields nothing must not loop for ever.
    let most_tries = args.count.saturating_mul(200).max(10_000);
    let mut tries = 0_u64;
    let batch_size = 16 * args.threads as usize;
    let mut judges: Vec<Judge> = (0..args.threads).map(|_| Judge::new()).collect();
    while (book.len() as u64) < args.count {
        // Candidates are drawn in order and kept in order, so the threads
        // change how fast the book fills, never what it holds.
        let mut batch = Vec::with_capacity(batch_size);
        while batch.len() < batch_size && tries < most_tries {
            tries += 1;
            let Some(game) = candidate::<G>(&bases[rng.below(bases.len())], args, &mut rng)? else {
                continue;
            };
            let (position, key) = book_line(&game, args.kind)?;
            if seen.insert(key) {
                batch.push((game, position));
            }
        }
        if batch.is_empty() {
            bail!(
                "only {} of {} openings after {most_tries} tries: widen --max-score or change the base",
                book.len(),
                args.count
            );
        }
        let verdicts = judge_batch(&batch, &mut judges, args);
        for ((_, position), keep) in batch.into_iter().zip(verdicts) {
            if keep && (book.len() as u64) < args.count {
                book.push(position);
            }
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

/// One thread's searches: the level test's and the two trial players'.
struct Judge {
    level: Searcher,
    players: [Searcher; 2],
}

impl Judge {
    fn new() -> Self {
        let searcher = || {
            Searcher::new(SearchConfig {
                hash_mb: 8,
                threads: 1,
                ..SearchConfig::default()
            })
        };
        Self {
            level: searcher(),
            players: [searcher(), searcher()],
        }
    }

    /// Whether the candidate goes in the book: level within the margin,
    /// and, with trials, not won by the same colour in both trial games.
    fn keeps<G: Playable>(&mut self, game: &G, args: &OpeningsArgs) -> bool {
        let eval = G::Eval::from(EvaluatorStrength::Nnue);
        self.level.clear();
        let limits = Limits {
            nodes: Some(args.nodes),
            ..Limits::default()
        };
        let result = self.level.search(game, &eval, &limits, &mut Silent);
        if result.report.value.unsigned_abs() > args.max_score {
            return false;
        }
        let Some(trial) = args.trial_nodes else {
            return true;
        };
        let first_strong = self.trial_game(game, &eval, [trial.strong, trial.weak]);
        let second_strong = self.trial_game(game, &eval, [trial.weak, trial.strong]);
        first_strong.is_none() || first_strong != second_strong
    }

    /// Plays `game` out, the first player searching `nodes[0]` nodes a
    /// move and the second `nodes[1]`; the winner, `None` for a draw. A
    /// proven win ends the game at once.
    fn trial_game<G: Playable>(
        &mut self,
        game: &G,
        eval: &G::Eval,
        nodes: [u64; 2],
    ) -> Option<Side> {
        let mut game = game.clone();
        for player in &mut self.players {
            player.clear();
        }
        for _ in 0..MOST_TRIAL_PLIES {
            if let Some(ending) = game.ending() {
                return ending.winner;
            }
            let mover = game.side_to_move();
            let index = usize::from(mover == Side::Second);
            let limits = Limits {
                nodes: Some(nodes[index]),
                ..Limits::default()
            };
            let result = self.players[index].search(&game, eval, &limits, &mut Silent);
            let value = result.report.value;
            if value.abs() >= MATE_BOUND {
                return Some(if value > 0 { mover } else { mover.opponent() });
            }
            game.make_move(result.best_move?);
        }
        None
    }
}

/// Each candidate's verdict, in order, the batch shared among the judges.
fn judge_batch<G: Playable>(
    batch: &[(G, String)],
    judges: &mut [Judge],
    args: &OpeningsArgs,
) -> Vec<bool> {
    let share = batch.len().div_ceil(judges.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(share)
            .zip(judges.iter_mut())
            .map(|(chunk, judge)| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|(game, _)| judge.keeps(game, args))
                        .collect::<Vec<bool>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
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
            trial_nodes: None,
            threads: 1,
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
    fn trial_games_drop_openings_one_colour_wins_and_threads_change_nothing() {
        let dir = scratch("trial");
        let mut plain = args(GameKind::Gomoku, dir.join("plain"), 3);
        plain.random_plies = 5;
        plain.max_score = 3_000;
        plain.count = 30;
        run(&plain).unwrap();
        let plain_text = std::fs::read_to_string(dir.join("plain")).unwrap();
        let plain_lines: Vec<&str> = plain_text.lines().collect();
        let mut books = Vec::new();
        for threads in [1, 3] {
            let out = dir.join(format!("trial{threads}"));
            run(&OpeningsArgs {
                out: out.clone(),
                count: 6,
                trial_nodes: Some(TrialNodes {
                    weak: 60,
                    strong: 400,
                }),
                threads,
                ..plain.clone()
            })
            .unwrap();
            books.push(std::fs::read_to_string(out).unwrap());
        }
        assert_eq!(books[0], books[1], "the threads change nothing");
        let kept: Vec<&str> = books[0].lines().collect();
        assert_eq!(kept.len(), 6);
        // The same candidates in the same order, some of them dropped.
        let mut rest = plain_lines.iter();
        for line in &kept {
            assert!(
                rest.any(|l| l == line),
                "{line} is not a level candidate in order"
            );
        }
        assert_ne!(kept, plain_lines[..6], "no candidate was dropped");
    }

    #[test]
    fn trial_node_counts_are_read_and_checked() {
        assert_eq!(
            trial_nodes("1000, 4000"),
            Ok(TrialNodes {
                weak: 1_000,
                strong: 4_000
            })
        );
        for bad in ["1000", "4000,1000", "5,5", "0,10", "a,10", "10,", ""] {
            assert!(trial_nodes(bad).is_err(), "{bad}");
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
