//! The indices the history tables read: every move of random games from
//! positions that castle, capture en passant and promote gets one in range,
//! and two moves share one exactly when they put the same piece on the same
//! square.

use std::collections::HashMap;

use banco_chess::ChessGame;
use banco_search::Game;
use proptest::prelude::*;

const OPENINGS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn piece_to_indices_are_in_range_and_name_piece_and_square(
        opening in 0_usize..4,
        choices in proptest::collection::vec(any::<u16>(), 1..80),
    ) {
        let mut game = ChessGame::from_fen(OPENINGS[opening]).unwrap();
        let mut moves = Vec::new();
        // Across the whole game: one index per coloured piece and square.
        let mut seen: HashMap<
            usize,
            (cozy_chess::Color, Option<cozy_chess::Piece>, cozy_chess::Square),
        > = HashMap::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let turn = game.position().side_to_move();
            for &mv in &moves {
                let index = game.piece_to_index(mv);
                prop_assert!(index < ChessGame::PIECE_TO_SPACE, "{mv:?}: {index}");
                let what = (turn, game.position().piece_on(mv.from), mv.to);
                let earlier = *seen.entry(index).or_insert(what);
                prop_assert_eq!(earlier, what, "index {} shared", index);
            }
            game.make_move(moves[choice as usize % moves.len()]);
        }
    }
}
