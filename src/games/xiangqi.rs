//! Xiangqi for the command line.

use banco_search::EvaluatorStrength;
use banco_xiangqi::{Move, XiangqiEvaluator, XiangqiGame, XiangqiStatus, notation};

use super::{CliGame, Setup};
use crate::terminal::{Style, xiangqi_board};

/// Start, opening, middlegame and endgame positions for `banco bench`.
pub const XIANGQI_POSITIONS: [&str; 8] = [
    banco_xiangqi::START_FEN,
    "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 6 4",
    "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/2BAK1B2 w - - 0 12",
    "3akab2/9/4b4/p3p1p1p/2p6/6P2/P1P1P3P/4B4/4A4/2BAK4 w - - 0 25",
    "4ka3/4a4/4b4/9/2p6/6R2/9/4B4/4A4/4KA3 w - - 0 40",
    "3k5/4a4/5a3/9/9/9/9/4B4/4AC3/3AK4 w - - 0 50",
    "2bk5/4a4/4ba3/4N4/9/9/9/9/4A4/4KA3 w - - 0 45",
];

impl CliGame for XiangqiGame {
    type Eval = XiangqiEvaluator;

    const NAME: &'static str = "xiangqi";
    const SIDES: [&'static str; 2] = ["Red", "Black"];
    const MOVE_HELP: &'static str = "ICCS coordinates (h2e2, b0c2) or WXF (C2.5, H8+7, R+.3)";
    const BENCH: &'static [&'static str] = &XIANGQI_POSITIONS;
    const UCI_VARIANT: Option<&'static str> = Some("xiangqi");

    fn start(setup: &Setup) -> anyhow::Result<XiangqiGame> {
        setup.no_board_options(Self::NAME)?;
        Ok(match setup.position.as_deref() {
            Some(fen) => XiangqiGame::from_fen(fen)
                .map_err(|e| anyhow::anyhow!("invalid FEN '{fen}': {e}"))?,
            None => XiangqiGame::new(),
        })
    }

    fn fen(&self) -> String {
        XiangqiGame::fen(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        notation::parse_move(self.board(), text).map_err(|e| e.to_string())
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_wxf(self.board(), mv)
    }

    fn move_code(mv: Move) -> String {
        mv.to_string()
    }

    fn line_text(&self, moves: &[Move]) -> String {
        numbered(
            &notation::line_to_wxf(self.board(), moves),
            self.fullmove_number(),
            self.board().side_to_move() == banco_xiangqi::Color::Black,
        )
    }

    fn history_text(&self) -> String {
        let moves: Vec<Move> = self.moves().collect();
        let mut start = self.clone();
        while start.undo() {}
        numbered(
            &notation::line_to_wxf(start.board(), &moves),
            start.fullmove_number(),
            start.board().side_to_move() == banco_xiangqi::Color::Black,
        )
    }

    fn game_over(&self) -> Option<String> {
        let status = self.status();
        match status {
            XiangqiStatus::Ongoing => None,
            _ => Some(match status.winner() {
                Some(winner) => {
                    let result = if winner == banco_xiangqi::Color::Red {
                        "1-0"
                    } else {
                        "0-1"
                    };
                    format!("{status} ({result})")
                }
                None => format!("{status} (1/2-1/2)"),
            }),
        }
    }

    fn evaluator(strength: EvaluatorStrength) -> XiangqiEvaluator {
        match strength {
            EvaluatorStrength::Simple => XiangqiEvaluator::Simple,
            EvaluatorStrength::Strong => XiangqiEvaluator::Strong,
        }
    }

    fn render(&self, flipped: bool, style: Style) -> String {
        xiangqi_board::render(self.board(), flipped, self.last_move(), style)
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number()
    }

    fn plies(&self) -> usize {
        self.moves().count()
    }

    fn take_back(&mut self) -> bool {
        self.undo()
    }
}

/// Numbers a list of moves: "1. C2.5 H8+7 2. H2+3".
fn numbered(moves: &[String], first_number: u32, black_first: bool) -> String {
    let mut out = Vec::with_capacity(moves.len() * 3 / 2);
    let mut number = first_number;
    let mut black = black_first;
    for (i, text) in moves.iter().enumerate() {
        if !black {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}..."));
        }
        out.push(text.clone());
        if black {
            number += 1;
        }
        black = !black;
    }
    out.join(" ")
}
