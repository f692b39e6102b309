//! Chess for the command line.

use banco_chess::pgn::{PgnTags, pgn_date, write_pgn};
use banco_chess::shakmaty::{Move, Position};
use banco_chess::{ChessEvaluator, ChessGame, notation};
use banco_search::EvaluatorStrength;

use super::{CliGame, Setup};
use crate::commands::bench::CHESS_POSITIONS;
use crate::terminal::{Style, board};

impl CliGame for ChessGame {
    type Eval = ChessEvaluator;

    const NAME: &'static str = "chess";
    const SIDES: [&'static str; 2] = ["White", "Black"];
    const MOVE_HELP: &'static str = "SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4, e7e8q)";
    const BENCH: &'static [&'static str] = &CHESS_POSITIONS;

    fn start(setup: &Setup) -> anyhow::Result<ChessGame> {
        setup.no_board_options(Self::NAME)?;
        Ok(match setup.position.as_deref() {
            Some(fen) => ChessGame::from_fen(fen)?,
            None => ChessGame::new(),
        })
    }

    fn fen(&self) -> String {
        ChessGame::fen(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        notation::parse_move(self.position(), text).map_err(|e| e.to_string())
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_san(self.position(), mv)
    }

    fn move_code(mv: Move) -> String {
        notation::to_uci(mv)
    }

    fn line_text(&self, moves: &[Move]) -> String {
        notation::line_to_san(self.position(), moves)
    }

    fn history_text(&self) -> String {
        notation::line_to_san(self.start_position(), &self.moves())
    }

    fn game_over(&self) -> Option<String> {
        let status = self.status();
        if !status.is_over() {
            return None;
        }
        let result = status.result(self.position().turn());
        let winner = match result {
            "1-0" => "White wins",
            "0-1" => "Black wins",
            _ => "Draw",
        };
        Some(format!("{status}. {winner} ({result})"))
    }

    fn evaluator(strength: EvaluatorStrength) -> ChessEvaluator {
        ChessEvaluator::for_strength(strength)
    }

    fn render(&self, flipped: bool, style: Style) -> String {
        board::render(
            self.position(),
            flipped,
            self.moves().last().copied(),
            style,
        )
    }

    fn move_number(&self) -> u32 {
        self.position().fullmoves().get()
    }

    fn plies(&self) -> usize {
        ChessGame::plies(self)
    }

    fn take_back(&mut self) -> bool {
        self.undo()
    }

    fn record(&self, first: &str, second: &str, started: i64) -> Option<String> {
        let mut tags = PgnTags::default();
        tags.set("Date", &pgn_date(started));
        tags.set("White", first);
        tags.set("Black", second);
        Some(write_pgn(self, &tags))
    }
}
