//! The incremental hash equals a from-scratch hash after every make and
//! unmake, along random games that castle, capture en passant and promote;
//! the hash guessed before a move is right whenever no right changes.

use banco_chess::{ChessGame, bridge, position, zobrist};
use banco_search::Game;
use proptest::prelude::*;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{EnPassantMode, Position};

const OPENINGS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn incremental_hash_matches_full_hash(opening in 0_usize..4, choices in proptest::collection::vec(any::<u16>(), 1..80)) {
        let mut game = ChessGame::from_fen(OPENINGS[opening]).unwrap();
        let mut played = Vec::new();
        let mut hashes = vec![game.hash()];
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            let guess = game.hash_after(mv).unwrap();
            let before = game.position().clone();
            game.make_move(mv);
            prop_assert_eq!(game.hash(), zobrist::full_hash(game.position()), "after {:?}", mv);
            // The keys and the en passant rule are Polyglot's, as shakmaty
            // computes them.
            let polyglot: Zobrist64 = bridge::shakmaty_position(game.position())
                .zobrist_hash(EnPassantMode::Legal);
            prop_assert_eq!(game.hash(), polyglot.0, "after {:?}", mv);
            // The guess made before the move leaves out only the castling
            // and en passant rights.
            let after = game.position();
            if before.castle_rights(cozy_chess::Color::White) == after.castle_rights(cozy_chess::Color::White)
                && before.castle_rights(cozy_chess::Color::Black) == after.castle_rights(cozy_chess::Color::Black)
                && position::legal_en_passant(&before).is_none()
                && position::legal_en_passant(after).is_none()
            {
                prop_assert_eq!(guess, game.hash(), "guess for {:?}", mv);
            }
            if game.null_move_allowed() {
                game.make_null_move();
                prop_assert_eq!(game.hash(), zobrist::full_hash(game.position()));
                game.unmake_null_move();
            }
            played.push(mv);
            hashes.push(game.hash());
        }
        while let Some(mv) = played.pop() {
            hashes.pop();
            game.unmake_move(mv);
            prop_assert_eq!(game.hash(), *hashes.last().unwrap());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// `gives_check` never misses a check (it may over-report castling and en passant).
    #[test]
    fn gives_check_never_misses(opening in 0_usize..4, choices in proptest::collection::vec(any::<u16>(), 1..60)) {
        let mut game = ChessGame::from_fen(OPENINGS[opening]).unwrap();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let predicted = game.gives_check(mv);
                game.make_move(mv);
                let actual = game.in_check();
                game.unmake_move(mv);
                prop_assert!(predicted || !actual, "missed check {:?} in {}", mv, game.fen());
                let board = game.position();
                if !position::is_en_passant(board, mv) && !position::is_castle(board, mv) {
                    prop_assert_eq!(predicted, actual, "{:?} in {}", mv, game.fen());
                }
            }
            game.make_move(moves[choice as usize % moves.len()]);
        }
    }
}
