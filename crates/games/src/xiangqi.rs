//! Xiangqi: FEN positions, ICCS codes, WXF for people.

use banco_search::{Game, Side};
use banco_xiangqi::{Color, Move, XiangqiEvaluator, XiangqiGame, XiangqiStatus, notation};

use crate::ending::capitalise;
use crate::{
    Ending, GameInfo, GameKind, Marks, MoveError, MoveSquares, Playable, Setup, SetupError,
};

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

impl Playable for XiangqiGame {
    type Eval = XiangqiEvaluator;

    const INFO: GameInfo = GameInfo {
        kind: GameKind::Xiangqi,
        name: "xiangqi",
        sides: ["Red", "Black"],
        rules: &["standard"],
        sizes: &[],
        position_format: "FEN",
        notation: "WXF",
        exports: &["wxf", "fen", "moves"],
        move_help: "ICCS coordinates (h2e2, b0c2) or WXF (C2.5, H8+7, R+.3)",
        move_examples: "C2.5, h2e2",
        uci_variant: Some("xiangqi"),
        uci_ranks_from_one: true,
        has_perft: true,
        has_check: true,
        evaluators: &["strong", "simple", "nnue"],
        decisive_cp: Some(1000),
        bench_positions: &XIANGQI_POSITIONS,
        bench_max_depth: u32::MAX,
        measured_levels: include_str!("../../../docs/levels/xiangqi.json"),
    };

    fn start() -> XiangqiGame {
        XiangqiGame::new()
    }

    fn setup(setup: &Setup) -> Result<XiangqiGame, SetupError> {
        setup.check_rule_and_size(Self::INFO.name, Self::INFO.rules, Self::INFO.sizes)?;
        match setup.position_text() {
            None => Ok(XiangqiGame::new()),
            Some(fen) => XiangqiGame::from_fen(fen).map_err(|err| SetupError::BadPosition {
                format: "FEN",
                input: fen.to_owned(),
                reason: format!("invalid FEN '{fen}': {err}"),
            }),
        }
    }

    fn position(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if let Some(ending) = Playable::ending(self) {
            return Err(MoveError::GameOver(ending.text));
        }
        notation::parse_move(self.board(), text).map_err(|err| MoveError::Invalid(err.to_string()))
    }

    fn parse_code(&self, text: &str) -> Result<Move, MoveError> {
        let mv = notation::parse_iccs(text).map_err(|err| MoveError::Invalid(err.to_string()))?;
        if self.board().is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Invalid(format!("illegal move '{text}'")))
        }
    }

    fn move_code(mv: Move) -> String {
        mv.to_string()
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_wxf(self.board(), mv)
    }

    fn line_text(&self, moves: &[Move]) -> String {
        numbered(
            &notation::line_to_wxf(self.board(), moves),
            self.fullmove_number(),
            self.board().side_to_move() == Color::Black,
        )
    }

    fn history_text(&self) -> String {
        let moves: Vec<Move> = self.moves().collect();
        let mut start = self.clone();
        while start.undo() {}
        numbered(
            &notation::line_to_wxf(start.board(), &moves),
            start.fullmove_number(),
            start.board().side_to_move() == Color::Black,
        )
    }

    fn move_squares(mv: Move) -> MoveSquares {
        MoveSquares {
            from: Some(mv.from.to_string()),
            to: mv.to.to_string(),
            promotion: None,
        }
    }

    fn ending(&self) -> Option<Ending> {
        let status = self.status();
        let reason = match status {
            XiangqiStatus::Ongoing => return None,
            XiangqiStatus::Checkmate { .. } => "checkmate",
            XiangqiStatus::Stalemate { .. } => "stalemate",
            XiangqiStatus::PerpetualCheck { .. } => "perpetual_check",
            XiangqiStatus::PerpetualChase { .. } => "perpetual_chase",
            XiangqiStatus::Repetition => "repetition",
            XiangqiStatus::NoCaptures => "sixty_moves",
        };
        let winner = status.winner().map(|color| match color {
            Color::Red => Side::First,
            Color::Black => Side::Second,
        });
        Some(Ending::new(reason, winner, capitalise(&status.to_string())))
    }

    fn marks(&self) -> Marks {
        let board = self.board();
        let check = self
            .in_check()
            .then(|| board.general(board.side_to_move()).to_string());
        Marks {
            check,
            ..Marks::default()
        }
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

    fn record(&self, format: &str, _header: &crate::RecordHeader<'_>) -> Option<String> {
        // The moves as people write them, numbered; a record of its own
        // start position reads back with `GameKind::import`.
        (format == "wxf").then(|| self.history_text())
    }

    fn training_board(&self) -> Option<crate::TrainingBoard> {
        use banco_xiangqi::Kind;
        let board = self.board();
        let mut pieces = Vec::with_capacity(32);
        for rank in 0..10 {
            for file in 0..9 {
                let Some(piece) =
                    banco_xiangqi::Square::new(file, rank).and_then(|sq| board.piece_at(sq))
                else {
                    continue;
                };
                let kind = match piece.kind {
                    Kind::General => 0,
                    Kind::Advisor => 1,
                    Kind::Elephant => 2,
                    Kind::Horse => 3,
                    Kind::Chariot => 4,
                    Kind::Cannon => 5,
                    Kind::Soldier => 6,
                };
                pieces.push((
                    file + 9 * rank,
                    crate::piece_code(kind, piece.color == Color::Red),
                ));
            }
        }
        Some(crate::TrainingBoard {
            squares: 90,
            pieces,
        })
    }

    fn board_lines(&self) -> Vec<String> {
        let board = self.board();
        (0..10)
            .rev()
            .map(|rank| {
                let row: String = (0..9)
                    .map(|file| {
                        banco_xiangqi::Square::new(file, rank)
                            .and_then(|sq| board.piece_at(sq))
                            .map_or('.', banco_xiangqi::Piece::fen_char)
                    })
                    .collect();
                format!("{rank} {row}")
            })
            .chain(std::iter::once("  abcdefghi".to_owned()))
            .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_fens_carry_the_input() {
        let fen = "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w";
        let err = <XiangqiGame as Playable>::setup(&Setup::position(Some(fen))).unwrap_err();
        assert!(matches!(&err, SetupError::BadPosition { input, .. } if input == fen));
        assert!(err.to_string().starts_with("bad FEN"), "{err}");
        assert!(err.to_string().contains(fen), "{err}");
    }

    #[test]
    fn program_notation_is_strict_and_checked() {
        let game = XiangqiGame::new();
        assert!(game.parse_code("h2e2").is_ok());
        assert!(game.parse_code("C2.5").is_err());
        assert!(game.parse_code("h2h8").is_err());
        assert_eq!(
            Playable::parse_move(&game, "C2.5").ok(),
            game.parse_code("h2e2").ok()
        );
    }

    #[test]
    fn lines_are_numbered() {
        let game = XiangqiGame::new();
        let first = game.parse_code("h2e2").unwrap();
        assert!(game.line_text(&[first]).starts_with("1. C2.5"));
    }
}
