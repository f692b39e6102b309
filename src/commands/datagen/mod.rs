//! `banco datagen`: training data from self-play, for a learned evaluation
//! (and for tuning the hand-written one). Each game starts with a few
//! random moves, then both sides search a fixed number of nodes; every
//! quiet position is kept with the search's score, and once the game ends,
//! with its result. Positions in check, won or lost by force, or whose best
//! move is a capture are left out, as the literature does: their score says
//! little about the position's quiet value.
//!
//! The output is deterministic under a seed (each game is seeded by its
//! number; games are written in order whatever the threads), and a run on
//! an existing file resumes it. The format is in [`format`].

pub mod format;
pub mod games;

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use banco_games::{GameKind, Playable, with_game};
use banco_search::{
    Evaluator, EvaluatorStrength, Limits, MATE_BOUND, SearchConfig, Searcher, Side, Silent,
};
use clap::Args;

use self::format::{HEADER_BYTES, Header, Records, Sample, write_sample};
use self::games::{GameRecord, move_index, read_game, write_game};
use super::args::game_kind;
use super::rng::SplitMix64;

/// Arguments of `banco datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// chess or xiangqi.
    #[arg(value_name = "GAME", value_parser = game_kind())]
    pub kind: GameKind,
    /// The file to write, or to resume.
    #[arg(long)]
    pub out: PathBuf,
    /// Stop once the file holds this many positions.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: u64,
    /// Nodes each move is searched.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub nodes: u64,
    /// Random moves that open each game, so games differ.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(0..=40))]
    pub random_plies: u32,
    /// A game whose first search, after the random moves, scores a side
    /// further ahead than this (centipawns) is dropped: random moves
    /// sometimes hand a side a won game, which teaches little.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=30_000))]
    pub max_opening_score: u32,
    /// The seed the games are drawn from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one search thread each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// A game this long is a draw.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max_plies: u64,
    /// Generate nothing: read the file and say what it holds.
    #[arg(long)]
    pub summary: bool,
    /// What the file holds: `games` (whole games, about 3 bytes a
    /// position, the format kept in the repository) or `positions`
    /// (fixed 30- or 34-byte records, simpler for other tools to read).
    #[arg(long, default_value = "games", value_parser = ["games", "positions"])]
    pub format: String,
    /// The evaluator the games are played with: `strong`, or `nnue` (the
    /// shipped net, or `--eval-file`'s), so a net's own games teach the
    /// next one. A file resumed should keep the evaluator it was begun
    /// with (data/README.md says which each kept file used).
    #[arg(long, default_value = "strong", value_parser = ["strong", "nnue"])]
    pub evaluator: String,
}

/// A score this far from level, for both sides alike for this many plies
/// in a row, decides a game (as match referees adjudicate).
const DECISIVE_CP: i32 = 2_500;
const DECISIVE_PLIES: usize = 6;

/// Runs `banco datagen`.
///
/// # Errors
///
/// A game without training data, a file of another game or format, or a
/// failed write.
pub fn run(args: &DatagenArgs) -> anyhow::Result<()> {
    if args.summary {
        return summary(&args.out);
    }
    with_game!(args.kind, G => generate::<G>(args))
}

/// Reads a file through and says what it holds.
fn summary(path: &Path) -> anyhow::Result<()> {
    let mut input = std::io::BufReader::new(
        File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
    );
    let header = Header::read(&mut input).with_context(|| format!("{}", path.display()))?;
    let (mut count, mut results, mut score_sum) = (0_u64, [0_u64; 3], 0_u64);
    let mut tally = |sample: &Sample| {
        count += 1;
        results[usize::from(sample.result.min(2))] += 1;
        score_sum += u64::from(sample.score.unsigned_abs());
    };
    match header.records {
        Records::Positions => {
            while let Some(sample) = format::read_sample(&mut input, header)? {
                tally(&sample);
            }
        }
        Records::Games => {
            while let Some(record) = read_game(&mut input)? {
                let samples = if header.game == 0 {
                    games::replay::<banco_games::ChessGame>(&record)
                } else {
                    games::replay::<banco_games::XiangqiGame>(&record)
                }
                .map_err(|err| anyhow::anyhow!("{}: {err}", path.display()))?;
                samples.iter().for_each(&mut tally);
            }
        }
    }
    let share = |n: u64| 100.0 * n as f64 / count.max(1) as f64;
    let bytes = std::fs::metadata(path)?.len();
    crate::output::outln!(
        "{}: {} positions from {} games of {} ({:.1} bytes a position); results for the first player: {:.1} % won, {:.1} % drawn, {:.1} % lost; mean |score| {:.0} cp",
        path.display(),
        count,
        header.games,
        if header.game == 0 { "chess" } else { "xiangqi" },
        bytes as f64 / count.max(1) as f64,
        share(results[2]),
        share(results[1]),
        share(results[0]),
        score_sum as f64 / count.max(1) as f64
    )?;
    Ok(())
}

/// The file's game code in the header.
fn game_code(kind: GameKind) -> anyhow::Result<u8> {
    match kind {
        GameKind::Chess => Ok(0),
        GameKind::Xiangqi => Ok(1),
        GameKind::Gomoku => {
            bail!(
                "gomoku's evaluation is not learned from self-play data: datagen plays chess and xiangqi"
            )
        }
    }
}

/// Opens `path` for appending, writing a header first if it is new; returns
/// the header and the positions already there.
fn open(path: &Path, fresh: Header) -> anyhow::Result<(File, Header, u64)> {
    let exists = path.exists() && std::fs::metadata(path)?.len() > 0;
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    if !exists {
        fresh.write(&mut file)?;
        return Ok((file, fresh, 0));
    }
    let header = Header::read(&mut file).with_context(|| format!("{}", path.display()))?;
    if (header.game, header.squares) != (fresh.game, fresh.squares) {
        bail!("{} holds another game's positions", path.display());
    }
    if header.records != fresh.records {
        bail!(
            "{} holds data in the other format (--format {})",
            path.display(),
            match header.records {
                Records::Positions => "positions",
                Records::Games => "games",
            }
        );
    }
    if header.records == Records::Games {
        // Count the positions of the games the header counts; a game among
        // them cut short is refused.
        let mut input = std::io::BufReader::new(&mut file);
        let mut positions = 0;
        for _ in 0..header.games {
            let Some(record) = read_game(&mut input)
                .with_context(|| format!("{} ends in a cut game", path.display()))?
            else {
                bail!("{} holds fewer games than its header says", path.display());
            };
            positions += u64::from(record.kept);
        }
        let end = input.stream_position()?;
        drop(input);
        // Bytes past the counted games are a batch whose run was stopped
        // before its header was rewritten: those games are played again.
        let len = file.metadata()?.len();
        if len > end {
            eprintln!(
                "{}: {} bytes after the {} games its header counts (a stopped run's last batch) dropped; they are played again",
                path.display(),
                len - end,
                header.games
            );
            file.set_len(end)?;
        }
        file.seek(SeekFrom::End(0))?;
        return Ok((file, header, positions));
    }
    let body = file.metadata()?.len() - HEADER_BYTES as u64;
    let record = header.record_bytes() as u64;
    if !body.is_multiple_of(record) {
        bail!(
            "{} ends in a cut record: it was not written by a finished run",
            path.display()
        );
    }
    file.seek(SeekFrom::End(0))?;
    Ok((file, header, body / record))
}

fn generate<G: Playable>(args: &DatagenArgs) -> anyhow::Result<()> {
    let code = game_code(args.kind)?;
    let squares = G::start()
        .training_board()
        .map(|b| b.squares)
        .context("this game has no training board")?;
    let (file, mut header, mut positions) = open(
        &args.out,
        Header {
            records: if args.format == "positions" {
                Records::Positions
            } else {
                Records::Games
            },
            game: code,
            squares,
            games: 0,
        },
    )?;
    let mut out = BufWriter::new(file);
    let started = Instant::now();
    let at_start = positions;
    while positions < args.positions {
        let first = u64::from(header.games);
        let batch: Vec<(Vec<Sample>, GameRecord)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (first..first + args.threads)
                .map(|index| scope.spawn(move || play_game::<G>(args, index)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for (samples, record) in batch {
            match header.records {
                Records::Positions => {
                    for sample in &samples {
                        write_sample(&mut out, header, sample)?;
                    }
                }
                // A game dropped before its first search keeps nothing;
                // it is written all the same, so the count of games is
                // the count of seeds.
                Records::Games => write_game(&mut out, &record)?,
            }
            positions += samples.len() as u64;
            header.games += 1;
        }
        // The header counts the games written, so a stopped run resumes here.
        out.flush()?;
        let file = out.get_mut();
        file.seek(SeekFrom::Start(0))?;
        header.write(file)?;
        file.seek(SeekFrom::End(0))?;
        let made = positions - at_start;
        let rate = made as f64 / started.elapsed().as_secs_f64().max(1e-3);
        let left = (args.positions.saturating_sub(positions)) as f64 / rate.max(1e-9);
        eprint!(
            "\r{positions} positions ({rate:.0}/s), {} games, about {:.0} s left   ",
            header.games, left
        );
    }
    eprintln!();
    out.flush()?;
    Ok(())
}

/// One self-play game, seeded by its number: its kept positions, each with
/// the game's result, and the game as the compact format keeps it.
fn play_game<G: Playable>(args: &DatagenArgs, index: u64) -> (Vec<Sample>, GameRecord) {
    let mut rng = SplitMix64(args.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut game = G::start();
    let mut moves = Vec::new();
    let mut record = GameRecord::default();
    for _ in 0..args.random_plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() || game.ending().is_some() {
            return (Vec::new(), GameRecord::default());
        }
        let pick = usize::try_from(rng.next() % moves.len() as u64).unwrap_or(0);
        record
            .moves
            .push(move_index(&game, moves[pick]).unwrap_or(u8::MAX));
        game.make_move(moves[pick]);
    }
    record.random_plies = u8::try_from(args.random_plies).unwrap_or(u8::MAX);
    let mut searcher = Searcher::new(SearchConfig {
        hash_mb: 8,
        threads: 1,
        ..SearchConfig::default()
    });
    let eval = G::Eval::from(if args.evaluator == "nnue" {
        EvaluatorStrength::Nnue
    } else {
        EvaluatorStrength::Strong
    });
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let mut kept: Vec<Sample> = Vec::new();
    let mut streak: Option<(Side, usize)> = None;
    let mut ply = 0_u64;
    let winner: Option<Side> = loop {
        if let Some(ending) = game.ending() {
            break ending.winner;
        }
        if ply >= args.max_plies {
            break None;
        }
        let result = searcher.search(&game, &eval, &limits, &mut Silent);
        let Some(best) = result.best_move else {
            break None;
        };
        let score = result.report.value;
        if ply == 0 && score.unsigned_abs() > args.max_opening_score {
            return (Vec::new(), GameRecord::default());
        }
        let mover = game.side_to_move();
        if score.abs() >= MATE_BOUND {
            break Some(if score > 0 { mover } else { mover.opponent() });
        }
        // Both sides see the same side winning by far, ply after ply.
        let leader =
            (score.abs() >= DECISIVE_CP).then(|| if score > 0 { mover } else { mover.opponent() });
        streak = match (leader, streak) {
            (Some(side), Some((same, n))) if side == same => Some((side, n + 1)),
            (Some(side), _) => Some((side, 1)),
            (None, _) => None,
        };
        if let Some((side, n)) = streak
            && n >= DECISIVE_PLIES
        {
            break Some(side);
        }
        let quiet = !game.in_check() && !eval.is_noisy(&game, best);
        if quiet && let Some(board) = game.training_board() {
            kept.push(Sample {
                board,
                second_to_move: mover == Side::Second,
                score: i16::try_from(score).unwrap_or(if score > 0 { i16::MAX } else { i16::MIN }),
                result: 1,
                ply: u16::try_from(ply + u64::from(args.random_plies)).unwrap_or(u16::MAX),
            });
        }
        record
            .moves
            .push(move_index(&game, best).unwrap_or(u8::MAX));
        record
            .scores
            .push(i16::try_from(score).unwrap_or(if score > 0 { i16::MAX } else { i16::MIN }));
        game.make_move(best);
        ply += 1;
    };
    let result = match winner {
        Some(Side::First) => 2,
        Some(Side::Second) => 0,
        None => 1,
    };
    for sample in &mut kept {
        sample.result = result;
    }
    record.result = result;
    record.kept = u16::try_from(kept.len()).unwrap_or(u16::MAX);
    (kept, record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn args(out: &Path, kind: GameKind, positions: u64) -> DatagenArgs {
        DatagenArgs {
            kind,
            out: out.to_owned(),
            positions,
            nodes: 300,
            random_plies: 6,
            max_opening_score: 400,
            seed: 7,
            threads: 1,
            max_plies: 60,
            summary: false,
            format: "positions".to_owned(),
            evaluator: "strong".to_owned(),
        }
    }

    fn read_all(path: &Path) -> (Header, Vec<Sample>) {
        let mut input = BufReader::new(File::open(path).unwrap());
        let header = Header::read(&mut input).unwrap();
        let mut samples = Vec::new();
        while let Some(s) = format::read_sample(&mut input, header).unwrap() {
            samples.push(s);
        }
        (header, samples)
    }

    #[test]
    fn a_run_is_deterministic_and_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("banco-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let whole = dir.join("whole.bin");
        let parts = dir.join("parts.bin");
        let _ = (std::fs::remove_file(&whole), std::fs::remove_file(&parts));
        run(&args(&whole, GameKind::Chess, 120)).unwrap();
        run(&args(&parts, GameKind::Chess, 40)).unwrap();
        run(&args(&parts, GameKind::Chess, 120)).unwrap();
        let (header, samples) = read_all(&whole);
        assert!(samples.len() >= 120);
        assert_eq!(
            std::fs::read(&whole).unwrap(),
            std::fs::read(&parts).unwrap()
        );
        assert!(header.games >= 1);
        // Every kept position is quiet (no side in check is checked here by
        // the side to move's king being present) and carries a result.
        for s in &samples {
            assert!(s.result <= 2);
            assert!(i32::from(s.score).abs() < MATE_BOUND);
            assert_eq!(
                s.board.pieces.iter().filter(|(_, c)| c & 7 == 5).count(),
                2,
                "two kings"
            );
        }
        // Another game's file is refused.
        assert!(run(&args(&whole, GameKind::Xiangqi, 200)).is_err());
        assert!(run(&args(&dir.join("g.bin"), GameKind::Gomoku, 10)).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn games_opened_lopsided_are_dropped_and_the_others_kept_as_they_were() {
        let path = std::env::temp_dir().join("unused.bin");
        let loose = DatagenArgs {
            max_opening_score: 30_000,
            ..args(&path, GameKind::Chess, 1)
        };
        let tight = DatagenArgs {
            max_opening_score: 10,
            ..args(&path, GameKind::Chess, 1)
        };
        let mut dropped = 0;
        for index in 0..12 {
            let all = play_game::<banco_chess::ChessGame>(&loose, index).0;
            let kept = play_game::<banco_chess::ChessGame>(&tight, index).0;
            if kept.is_empty() && !all.is_empty() {
                dropped += 1;
            } else {
                assert_eq!(kept, all, "game {index}");
            }
        }
        assert!(
            dropped > 0,
            "six random moves leave some game more than 0.1 pawn off level"
        );
    }

    #[test]
    fn xiangqi_games_are_recorded_too() {
        let path =
            std::env::temp_dir().join(format!("banco-datagen-xq-{}.bin", std::process::id()));
        let _ = std::fs::remove_file(&path);
        run(&args(&path, GameKind::Xiangqi, 30)).unwrap();
        let (header, samples) = read_all(&path);
        assert_eq!((header.game, header.squares), (1, 90));
        assert!(samples.len() >= 30);
        let _ = std::fs::remove_file(&path);
        // Played with the learned evaluation instead: other games.
        let learned = DatagenArgs {
            evaluator: "nnue".to_owned(),
            ..args(&path, GameKind::Xiangqi, 30)
        };
        run(&learned).unwrap();
        let (_, by_net) = read_all(&path);
        assert!(by_net.len() >= 30);
        assert_ne!(
            by_net.iter().map(|s| s.score).collect::<Vec<_>>(),
            samples.iter().map(|s| s.score).collect::<Vec<_>>()
        );
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_game_record_replays_to_the_positions_the_game_kept() {
        let path = std::env::temp_dir().join("unused.bin");
        for kind in [GameKind::Chess, GameKind::Xiangqi] {
            let a = args(&path, kind, 1);
            let mut kept = 0;
            for index in 0..6 {
                let (samples, record) = match kind {
                    GameKind::Chess => play_game::<banco_chess::ChessGame>(&a, index),
                    _ => play_game::<banco_games::XiangqiGame>(&a, index),
                };
                let mut bytes = Vec::new();
                write_game(&mut bytes, &record).unwrap();
                let read = read_game(&mut bytes.as_slice()).unwrap().unwrap();
                assert_eq!(read, record);
                let replayed = match kind {
                    GameKind::Chess => games::replay::<banco_chess::ChessGame>(&read),
                    _ => games::replay::<banco_games::XiangqiGame>(&read),
                }
                .unwrap();
                assert_eq!(replayed, samples, "{kind:?} game {index}");
                assert_eq!(usize::from(record.kept), samples.len());
                kept += samples.len();
                // A record cut anywhere is refused, not misread.
                for cut in 1..bytes.len() {
                    assert!(read_game(&mut &bytes[..cut]).is_err(), "{cut}");
                }
            }
            assert!(kept > 0);
        }
    }

    #[test]
    fn a_games_file_is_deterministic_resumes_and_is_small() {
        let dir = std::env::temp_dir().join(format!("banco-datagen-g-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (whole, parts) = (dir.join("whole.bgd"), dir.join("parts.bgd"));
        let games = |out: &Path, positions| DatagenArgs {
            format: "games".to_owned(),
            ..args(out, GameKind::Chess, positions)
        };
        run(&games(&whole, 150)).unwrap();
        run(&games(&parts, 50)).unwrap();
        run(&games(&parts, 150)).unwrap();
        let bytes = std::fs::read(&whole).unwrap();
        assert_eq!(bytes, std::fs::read(&parts).unwrap());
        // The same seed in the positions format holds the same positions.
        let positions = dir.join("positions.bin");
        run(&args(&positions, GameKind::Chess, 150)).unwrap();
        let (_, expected) = read_all(&positions);
        let mut input = bytes.as_slice();
        let header = Header::read(&mut input).unwrap();
        assert_eq!(header.records, Records::Games);
        let mut replayed = Vec::new();
        while let Some(record) = read_game(&mut input).unwrap() {
            replayed.extend(games::replay::<banco_chess::ChessGame>(&record).unwrap());
        }
        assert_eq!(replayed, expected);
        assert!(
            bytes.len() < 5 * replayed.len(),
            "{} bytes for {} positions",
            bytes.len(),
            replayed.len()
        );
        // A run stopped after writing a batch but before its header: the
        // games past the header's count are dropped and played again.
        let header_only = {
            let mut h = Header::read(&mut &bytes[..]).unwrap();
            h.games -= 2;
            let mut v = Vec::new();
            h.write(&mut v).unwrap();
            v
        };
        for cut in [bytes.len(), bytes.len() - 3] {
            let mut stopped = bytes[..cut].to_vec();
            stopped[..header_only.len()].copy_from_slice(&header_only);
            std::fs::write(&parts, &stopped).unwrap();
            run(&games(&parts, 150)).unwrap();
            assert_eq!(bytes, std::fs::read(&parts).unwrap(), "cut at {cut}");
        }
        // Resuming in the other format is refused.
        assert!(run(&args(&whole, GameKind::Chess, 300)).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
