//! Banco's command line: serve the web UI (the default), play in the
//! terminal, speak UCI, count perft, run the benchmark, analyse a position,
//! compare algorithms side by side, print their search trees, and measure
//! the levels in matches.

mod commands;
mod output;
mod terminal;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use banco_games::with_game;
use commands::{
    analyze, bench, compare, datagen, matches, openings, perft, play, serve, spsa, train, tree,
    tune,
};

/// Chess, xiangqi and gomoku against each other or the computer, with the
/// computer's thinking laid bare.
#[derive(Parser, Debug)]
#[command(name = "banco", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A net for the `nnue` evaluator of the game it was trained for, in
    /// place of the shipped one (a `banco train` output), for any command.
    #[arg(long, global = true, value_name = "NET")]
    eval_file: Option<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the web UI and its game server (what `banco` alone does).
    Serve(serve::ServeArgs),
    /// Play in the terminal: human or computer on either side.
    Play(play::PlayArgs),
    /// Speak UCI on standard input and output, for chess GUIs.
    Uci,
    /// Speak the Gomocup (piskvork) protocol, for gomoku managers.
    Gomocup,
    /// Count the leaf nodes of the move tree (checks the move generator).
    Perft(perft::PerftArgs),
    /// Search a fixed set of positions to a fixed depth; the node count is a signature.
    Bench(bench::BenchArgs),
    /// Analyse one position and print the search's progress and result.
    Analyze(analyze::AnalyzeArgs),
    /// Race minimax, alpha-beta and the engine, one technique at a time, on one position.
    Compare(compare::CompareArgs),
    /// Play levels against each other or reference engines and fit an Elo table.
    Match(Box<matches::MatchArgs>),
    /// Make a large book of balanced openings (chess, xiangqi) for matches.
    Openings(openings::OpeningsArgs),
    /// Print the tree minimax or alpha-beta walks on one position.
    Tree(tree::TreeArgs),
    /// Self-play training data for a learned evaluation (chess, xiangqi).
    Datagen(datagen::DatagenArgs),
    /// Fit gomoku's evaluation weights to the results of self-play games.
    Tune(tune::TuneArgs),
    /// Train a learned evaluation (NNUE) for chess or xiangqi from datagen files.
    Train(train::TrainArgs),
    /// Tune the search's numbers by SPSA over self-play games of a UCI engine.
    Spsa(Box<spsa::SpsaArgs>),
}

fn main() -> ExitCode {
    // Gomocup managers start a brain by a file name beginning with `pbrain-`.
    let pbrain = std::env::args_os()
        .next()
        .and_then(|arg0| {
            let name = std::path::Path::new(&arg0)
                .file_name()?
                .to_string_lossy()
                .into_owned();
            Some(name.starts_with("pbrain-"))
        })
        .unwrap_or(false);
    let cli = if pbrain {
        Cli {
            command: Some(Command::Gomocup),
            eval_file: None,
        }
    } else {
        Cli::parse()
    };
    if let Some(path) = &cli.eval_file
        && let Err(err) = banco_games::load_any_eval_file(path)
    {
        eprintln!("error: {err}");
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        None => serve::run(&serve::ServeArgs::default()),
        Some(Command::Serve(args)) => serve::run(&args),
        Some(Command::Play(args)) => with_game!(args.game.kind, G => play::run::<G>(&args)),
        Some(Command::Uci) => {
            banco_protocol::uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            Ok(())
        }
        Some(Command::Gomocup) => {
            banco_protocol::gomocup::run(
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
            );
            Ok(())
        }
        Some(Command::Perft(args)) => with_game!(args.game.kind, G => perft::run::<G>(&args)),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Analyze(args)) => with_game!(args.game.kind, G => analyze::run::<G>(&args)),
        Some(Command::Compare(args)) => with_game!(args.game.kind, G => compare::run::<G>(&args)),
        Some(Command::Match(args)) => with_game!(args.game.kind, G => matches::run::<G>(&args)),
        Some(Command::Openings(args)) => openings::run(&args),
        Some(Command::Tree(args)) => with_game!(args.game.kind, G => tree::run::<G>(&args)),
        Some(Command::Datagen(args)) => datagen::run(&args),
        Some(Command::Tune(args)) => tune::run(&args),
        Some(Command::Train(args)) => train::run(&args),
        Some(Command::Spsa(args)) => with_game!(args.game.kind, G => spsa::run::<G>(&args)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of a pipe stopped early (`| head`): it had what it wanted.
        Err(err) if output::is_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // Not eprintln!, which panics when standard error is closed:
            // the exit code still says what happened.
            let _ = writeln!(std::io::stderr(), "banco: {err:#}");
            ExitCode::from(2)
        }
    }
}
