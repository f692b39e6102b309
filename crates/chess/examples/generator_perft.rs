//! Perft through Banco's make/unmake walk with either move generator, to
//! compare them where the search uses them: the engine-science issue asked
//! whether `cozy-chess` (MIT) is faster than `shakmaty` inside Banco's own
//! walk, not in each crate's raw perft. Banco's chess adapter now runs on
//! cozy-chess; this keeps the comparison reproducible.
//!
//! ```sh
//! cargo build --release -p banco-chess --example generator_perft
//! target/release/examples/generator_perft banco 6
//! target/release/examples/generator_perft cozy 6 [FEN]
//! target/release/examples/generator_perft shakmaty 6 [FEN]
//! ```
//!
//! All three run the same walk (`banco_search::perft`): a stack of
//! positions copied on each move, the last ply counted in bulk. `banco` is
//! Banco's adapter (cozy-chess, castling turned into the king's step, and
//! Banco's own Zobrist hash); `cozy` and `shakmaty` are each crate's board
//! alone, cozy-chess's with the hash it keeps, shakmaty's with none.

use std::process::ExitCode;
use std::time::Instant;

use banco_chess::ChessGame;
use banco_search::{Game, Outcome, Side, perft};
use cozy_chess::{Board, Color, GameStatus, Move};
use shakmaty::{CastlingMode, Chess, Position};

/// cozy-chess behind Banco's `Game` trait: the moves perft needs, and the
/// rest answered plainly (perft never asks for them).
#[derive(Clone)]
struct CozyGame {
    stack: Vec<Board>,
}

impl CozyGame {
    fn top(&self) -> &Board {
        self.stack
            .last()
            .expect("the stack holds the start position")
    }
}

impl Game for CozyGame {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = 64 * 64;

    fn side_to_move(&self) -> Side {
        match self.top().side_to_move() {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.top().generate_moves(|moves| {
            out.extend(moves);
            false
        });
    }

    fn legal_move_count(&self, _scratch: &mut Vec<Move>) -> usize {
        let mut count = 0;
        self.top().generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }

    fn make_move(&mut self, mv: Move) {
        // Copied in place, as Banco's chess adapter does with its positions.
        self.stack.extend_from_within(self.stack.len() - 1..);
        self.stack
            .last_mut()
            .expect("just pushed")
            .play_unchecked(mv);
    }

    fn unmake_move(&mut self, _mv: Move) {
        self.stack.pop();
    }

    fn hash(&self) -> u64 {
        self.top().hash()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        match self.top().status() {
            GameStatus::Won => Outcome::Loss,
            _ => Outcome::Draw,
        }
    }

    fn move_index(mv: Move) -> usize {
        mv.from as usize * 64 + mv.to as usize
    }

    fn move_key(mv: Move) -> u16 {
        u16::try_from(Self::move_index(mv)).unwrap_or(0)
    }
}

/// shakmaty's positions behind the same walk, without a hash.
#[derive(Clone)]
struct ShakmatyGame {
    stack: Vec<Chess>,
}

impl ShakmatyGame {
    fn top(&self) -> &Chess {
        self.stack
            .last()
            .expect("the stack holds the start position")
    }
}

impl Game for ShakmatyGame {
    type Move = shakmaty::Move;
    const MOVE_INDEX_SPACE: usize = 64 * 64;

    fn side_to_move(&self) -> Side {
        if self.top().turn().is_white() {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<shakmaty::Move>) {
        out.clear();
        out.extend_from_slice(&self.top().legal_moves());
    }

    fn legal_move_count(&self, _scratch: &mut Vec<shakmaty::Move>) -> usize {
        self.top().legal_moves().len()
    }

    fn make_move(&mut self, mv: shakmaty::Move) {
        self.stack.extend_from_within(self.stack.len() - 1..);
        self.stack
            .last_mut()
            .expect("just pushed")
            .play_unchecked(mv);
    }

    fn unmake_move(&mut self, _mv: shakmaty::Move) {
        self.stack.pop();
    }

    fn hash(&self) -> u64 {
        0
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        if self.top().is_check() {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    fn move_index(mv: shakmaty::Move) -> usize {
        mv.from().map_or(0, usize::from) * 64 + usize::from(mv.to())
    }

    fn move_key(mv: shakmaty::Move) -> u16 {
        u16::try_from(Self::move_index(mv)).unwrap_or(0)
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(generator), Some(depth)) = (args.first(), args.get(1)) else {
        eprintln!("usage: generator_perft banco|cozy|shakmaty DEPTH [FEN]");
        return ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("the depth must be a number, not {depth:?}");
        return ExitCode::FAILURE;
    };
    let fen = args.get(2).map_or(START, String::as_str);
    let started = Instant::now();
    let leaves = match generator.as_str() {
        "banco" => match ChessGame::from_fen(fen) {
            Ok(mut game) => perft(&mut game, depth),
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        },
        "cozy" => match fen.parse::<Board>() {
            Ok(board) => perft(&mut CozyGame { stack: vec![board] }, depth),
            Err(error) => {
                eprintln!("not a position: {error:?}");
                return ExitCode::FAILURE;
            }
        },
        "shakmaty" => match fen
            .parse::<shakmaty::fen::Fen>()
            .ok()
            .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Standard).ok())
        {
            Some(pos) => perft(&mut ShakmatyGame { stack: vec![pos] }, depth),
            None => {
                eprintln!("not a position: {fen}");
                return ExitCode::FAILURE;
            }
        },
        other => {
            eprintln!("no generator {other:?}: banco, cozy or shakmaty");
            return ExitCode::FAILURE;
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{generator}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    );
    ExitCode::SUCCESS
}
