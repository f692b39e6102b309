//! No parser panics on arbitrary input; each returns a typed error instead.

use banco_chess::notation::{parse_move, parse_san, parse_uci};
use banco_chess::pgn::read_pgn;
use banco_chess::{ChessGame, START_FEN};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fen_never_panics(text in ".{0,100}") {
        let _ = ChessGame::from_fen(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[rnbqkpRNBQKP1-8/]{0,70} [wb] [KQkq-]{1,4} [a-h1-8-]{1,2} [0-9]{1,3} [0-9]{1,3}") {
        let _ = ChessGame::from_fen(&text);
    }

    #[test]
    fn moves_never_panic(text in ".{0,12}") {
        let game = ChessGame::from_fen(START_FEN).unwrap();
        let _ = parse_move(game.position(), &text);
        let _ = parse_san(game.position(), &text);
        let _ = parse_uci(game.position(), &text);
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-hKQRBNOo0x=+#1-9-]{0,8}") {
        let game = ChessGame::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let _ = parse_move(game.position(), &text);
    }

    #[test]
    fn pgn_never_panics(text in ".{0,200}") {
        let _ = read_pgn(&text);
    }
}
