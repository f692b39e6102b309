//! Chess: FEN positions, UCI codes, SAN for people, PGN records.

use banco_chess::cozy_chess::{Color, Piece};
use banco_chess::pgn::{PgnTags, pgn_date, read_pgn, write_pgn};
use banco_chess::{ChessEvaluator, ChessGame, ChessStatus, Move, bridge, notation, position};
use banco_search::{Game, Side};

use crate::ending::capitalise;
use crate::import::{RecordText, move_list};
use crate::{
    Ending, GameInfo, GameKind, Marks, MoveError, MoveSquares, Playable, RecordHeader, Setup,
    SetupError,
};

/// Chess openings, middlegames and endgames, quiet and tactical.
pub const CHESS_POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 11",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/P1N1BP2/1PPQ2PP/2KR1B1R w - - 0 12",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5pk1/6p1/8/5P2/6P1/5K2/3r4 b - - 0 40",
    "4r1k1/1p3ppp/p1n5/3p4/3P4/P1N2P2/1P4PP/4R1K1 w - - 0 25",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "8/8/1p1k4/p1pP4/P1P5/1P6/4K3/8 w - - 0 1",
];

impl Playable for ChessGame {
    type Eval = ChessEvaluator;

    const INFO: GameInfo = GameInfo {
        kind: GameKind::Chess,
        name: "chess",
        sides: ["White", "Black"],
        rules: &["standard"],
        sizes: &[],
        position_format: "FEN",
        notation: "SAN",
        exports: &["pgn", "fen", "moves"],
        move_help: "SAN (e4, Nf3, O-O, e8=Q) or UCI (e2e4, e7e8q)",
        move_examples: "e4, Nf3, e2e4",
        uci_variant: Some("chess"),
        uci_ranks_from_one: false,
        has_perft: true,
        has_check: true,
        evaluators: &["strong", "simple", "nnue"],
        decisive_cp: Some(1000),
        bench_positions: &CHESS_POSITIONS,
        bench_max_depth: u32::MAX,
        measured_levels: include_str!("../../../docs/levels/chess.json"),
    };

    fn start() -> ChessGame {
        ChessGame::new()
    }

    fn setup(setup: &Setup) -> Result<ChessGame, SetupError> {
        setup.check_rule_and_size(Self::INFO.name, Self::INFO.rules, Self::INFO.sizes)?;
        match setup.position_text() {
            None => Ok(ChessGame::new()),
            Some(fen) => ChessGame::from_fen(fen).map_err(|err| SetupError::BadPosition {
                format: "FEN",
                input: fen.to_owned(),
                reason: err.to_string(),
            }),
        }
    }

    fn position(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self.position(), text)
            .map_err(|err| MoveError::Invalid(err.to_string()))
    }

    fn parse_code(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_uci(self.position(), text)
            .map_err(|err| MoveError::Invalid(err.to_string()))
    }

    fn move_code(mv: Move) -> String {
        notation::to_uci(mv)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::to_san(self.position(), mv)
    }

    fn line_text(&self, moves: &[Move]) -> String {
        notation::line_to_san(self.position(), moves)
    }

    fn history_text(&self) -> String {
        notation::line_to_san(self.start_position(), &self.moves())
    }

    fn move_squares(mv: Move) -> MoveSquares {
        // The board moves the king to its destination square; UCI says the same.
        let code = notation::to_uci(mv);
        let to = code.get(2..4).unwrap_or_default().to_owned();
        MoveSquares {
            from: Some(mv.from.to_string()),
            to,
            promotion: mv.promotion.map(char::from),
        }
    }

    fn ending(&self) -> Option<Ending> {
        let status = self.status();
        let reason = match status {
            ChessStatus::Ongoing => return None,
            ChessStatus::Checkmate => "checkmate",
            ChessStatus::Stalemate => "stalemate",
            ChessStatus::FiftyMoves => "fifty_moves",
            ChessStatus::Repetition => "repetition",
            ChessStatus::InsufficientMaterial => "insufficient_material",
        };
        let winner = (status == ChessStatus::Checkmate).then(|| self.side_to_move().opponent());
        let text = match winner {
            Some(Side::First) => "Checkmate: White wins".to_owned(),
            Some(Side::Second) => "Checkmate: Black wins".to_owned(),
            None => capitalise(&status.to_string()),
        };
        Some(Ending::new(reason, winner, text))
    }

    fn can_win(&self, side: Side) -> bool {
        let color = match side {
            Side::First => Color::White,
            Side::Second => Color::Black,
        };
        !position::has_insufficient_material(self.position(), color)
    }

    fn marks(&self) -> Marks {
        let pos = self.position();
        let check = position::in_check(pos).then(|| pos.king(pos.side_to_move()).to_string());
        Marks {
            check,
            ..Marks::default()
        }
    }

    fn move_number(&self) -> u32 {
        u32::from(self.position().fullmove_number())
    }

    fn plies(&self) -> usize {
        ChessGame::plies(self)
    }

    fn take_back(&mut self) -> bool {
        self.undo()
    }

    fn record(&self, format: &str, header: &RecordHeader<'_>) -> Option<String> {
        (format == "pgn").then(|| {
            let mut tags = PgnTags::default();
            tags.set("Date", &pgn_date(header.created_ms.div_euclid(1000)));
            tags.set("Result", header.result);
            tags.set("White", header.players[0]);
            tags.set("Black", header.players[1]);
            write_pgn(self, &tags)
        })
    }

    fn read_record(text: &str) -> Result<RecordText, String> {
        // Tags, comments or variations make it a PGN; a bare list of moves
        // is read move by move, so a bad one is named.
        if !text.contains(['[', '{', '(']) {
            return Ok(RecordText {
                position: None,
                moves: move_list(text),
            });
        }
        let (game, _) = read_pgn(text).map_err(|err| err.to_string())?;
        let start = game.start_position();
        Ok(RecordText {
            position: Some(bridge::fen(start)),
            moves: game.moves().into_iter().map(notation::to_uci).collect(),
        })
    }

    fn training_board(&self) -> Option<crate::TrainingBoard> {
        let board = self.position();
        let pieces = board
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                let piece: Piece = board.piece_on(sq)?;
                // Pawn 0 up to king 5, cozy-chess's order.
                let kind = piece as u8;
                let first = board.color_on(sq)? == Color::White;
                Some((sq as u8, crate::piece_code(kind, first)))
            })
            .collect();
        Some(crate::TrainingBoard {
            squares: 64,
            pieces,
        })
    }

    fn board_lines(&self) -> Vec<String> {
        banco_chess::shakmaty::Position::board(&bridge::shakmaty_position(self.position()))
            .to_string()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_is_drawn_as_the_king_going_two_squares() {
        let game = ChessGame::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = Playable::parse_move(&game, "O-O").unwrap();
        let squares = ChessGame::move_squares(castle);
        assert_eq!(squares.from.as_deref(), Some("e1"));
        assert_eq!(squares.to, "g1");
    }

    #[test]
    fn mate_names_the_winner() {
        let game = ChessGame::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let ending = Playable::ending(&game).unwrap();
        assert_eq!(ending.reason, "checkmate");
        assert_eq!(ending.result, "1-0");
        assert_eq!(ending.text, "Checkmate: White wins");
    }

    #[test]
    fn program_notation_is_strict() {
        let game = ChessGame::new();
        assert!(game.parse_code("e2e4").is_ok());
        assert!(game.parse_code("e4").is_err());
        assert!(Playable::parse_move(&game, "e4").is_ok());
    }

    #[test]
    fn bad_fens_carry_the_input() {
        let err = <ChessGame as Playable>::setup(&Setup::position(Some("not a fen"))).unwrap_err();
        assert!(matches!(&err, SetupError::BadPosition { input, .. } if input == "not a fen"));
        assert!(err.to_string().contains("'not a fen'"), "{err}");
    }
}
