//! The learned evaluation: accumulators kept move by move equal ones made
//! afresh (castling, en passant, promotion, null moves and take-backs
//! included); the shipped net is valid; a bad net file changes nothing.

use banco_chess::eval::nnue;
use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Evaluator, Game, Limits, SearchConfig, Searcher, Silent};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::sync::Arc;

use banco_nnue::{InputSet, KingBuckets, Layout, Network};

/// Positions rich in castling, en passant and promotions.
const STARTS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// An ending whose kings walk across buckets and the board's middle.
const KINGS_WALK: &str = "8/2p2k2/8/1P6/6p1/8/3K4/8 w - - 0 1";

/// Plays a random line (moves, null moves and take-backs) from `fen` with
/// `net` attached, checking the kept value against a fresh one each step.
fn line_keeps_fresh_values(
    net: &Arc<Network>,
    fen: &str,
    steps: &[(u16, u8)],
) -> Result<(), TestCaseError> {
    let mut game = ChessGame::from_fen(fen).unwrap();
    game.attach_network(net.clone());
    let mut moves = Vec::new();
    let mut made = Vec::new();
    for &(choice, action) in steps {
        game.legal_moves(&mut moves);
        match action {
            0 if !made.is_empty() => {
                let mv = made.pop().unwrap();
                match mv {
                    Some(mv) => game.unmake_move(mv),
                    None => game.unmake_null_move(),
                }
            }
            1 if game.null_move_allowed() => {
                game.make_null_move();
                made.push(None);
            }
            _ if !moves.is_empty() => {
                let mv = moves[usize::from(choice) % moves.len()];
                game.make_move(mv);
                made.push(Some(mv));
            }
            _ => {}
        }
        let fresh = ChessGame::from_fen(&game.fen()).unwrap().network_value(net);
        prop_assert_eq!(game.attached_network_value(), Some(fresh), "{}", game.fen());
    }
    Ok(())
}

/// A random net with four king buckets and mirroring: every king move
/// across a bucket or the board's middle must refresh its side's view.
fn king_bucket_net() -> Arc<Network> {
    let inputs = InputSet {
        layout: Layout::Chess,
        kings: KingBuckets::scheme(Layout::Chess, "king4").unwrap(),
    };
    Arc::new(Network::random(inputs, 16, 8, 3))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn accumulators_kept_move_by_move_equal_fresh_ones(
        start in 0_usize..3,
        steps in proptest::collection::vec((any::<u16>(), 0_u8..10), 1..80),
    ) {
        line_keeps_fresh_values(&nnue::embedded(), STARTS[start], &steps)?;
    }

    #[test]
    fn king_bucket_accumulators_kept_move_by_move_equal_fresh_ones(
        start in 0_usize..4,
        steps in proptest::collection::vec((any::<u16>(), 0_u8..10), 1..80),
    ) {
        let fen = STARTS.get(start).copied().unwrap_or(KINGS_WALK);
        line_keeps_fresh_values(&king_bucket_net(), fen, &steps)?;
    }
}

#[test]
fn a_net_attached_late_survives_take_backs_below_it() {
    let net = nnue::embedded();
    let mut game = ChessGame::new();
    for mv in ["e2e4", "e7e5", "g1f3"] {
        let mv = banco_chess::notation::parse_uci(game.position(), mv).unwrap();
        game.make_move(mv);
    }
    game.attach_network(net.clone());
    while game.undo() {
        let fresh = ChessGame::from_fen(&game.fen())
            .unwrap()
            .network_value(&net);
        assert_eq!(game.attached_network_value(), Some(fresh), "{}", game.fen());
    }
}

#[test]
fn the_nnue_evaluator_searches_and_agrees_with_itself() {
    let game = ChessGame::new();
    let eval = ChessEvaluator::Nnue;
    // Without a net attached the value is computed afresh; with one,
    // incrementally: the same.
    let prepared = eval.prepare(&game).unwrap();
    assert_eq!(eval.evaluate(&game), eval.evaluate(&prepared));
    let result =
        Searcher::new(SearchConfig::default()).search(&game, &eval, &Limits::depth(4), &mut Silent);
    assert!(result.best_move.is_some());
}

#[test]
fn a_bad_net_file_is_refused_and_the_net_in_use_stays() {
    let before = nnue::network();
    let mut bytes = before.to_bytes();
    bytes.pop();
    assert!(nnue::load(&bytes).is_err());
    assert!(nnue::load(b"not a net").is_err());
    assert!(std::sync::Arc::ptr_eq(&before, &nnue::network()));
}

/// The shipped net's values of a few positions (side to move's view,
/// centipawns): a new net changes them, and docs/nnue.md records it.
#[test]
fn the_shipped_net_gives_its_reference_values() {
    let net = nnue::embedded();
    let values: Vec<i32> = [
        banco_chess::START_FEN,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ]
    .iter()
    .map(|fen| ChessGame::from_fen(fen).unwrap().network_value(&net))
    .collect();
    assert_eq!(values, vec![56, 1469, -1364, 26]);
}
