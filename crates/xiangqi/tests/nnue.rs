//! The learned evaluation: accumulators kept move by move (captures, null
//! moves and take-backs included) equal ones made afresh; the shipped net
//! is valid; a bad net file changes nothing.

use std::sync::Arc;

use banco_nnue::{InputSet, KingBuckets, Layout, TrainConfig, Trainer};
use banco_search::{Evaluator, Game, Limits, SearchConfig, Searcher, Silent};
use banco_xiangqi::eval::nnue;
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};
use proptest::prelude::*;

fn net() -> Arc<banco_nnue::Network> {
    // An untrained net: its weights are random, which checks every input.
    let config = TrainConfig {
        hidden: 16,
        seed: 5,
        ..TrainConfig::default()
    };
    Arc::new(
        Trainer::new(Layout::Xiangqi, &config)
            .quantise(400.0)
            .unwrap(),
    )
}

/// A random net with a bucket per palace rank and mirroring: a general's
/// move to another rank or across the middle file refreshes its side's
/// view.
fn palace_net() -> Arc<banco_nnue::Network> {
    let inputs = InputSet {
        layout: Layout::Xiangqi,
        kings: KingBuckets::scheme(Layout::Xiangqi, "palace3").unwrap(),
    };
    Arc::new(banco_nnue::Network::random(inputs, 16, 4, 9))
}

/// An ending whose generals have room to move.
const GENERALS_WALK: &str = "3k5/4a4/9/9/2r6/9/9/9/4A4/4KR3 w - - 0 1";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn accumulators_kept_move_by_move_equal_fresh_ones(
        steps in proptest::collection::vec((any::<u16>(), 0_u8..10), 1..120),
        kings in 0_u8..3,
    ) {
        // With king buckets, from the start and from an ending whose
        // generals walk the palace.
        let net = if kings == 0 { net() } else { palace_net() };
        let mut game = if kings == 2 {
            XiangqiGame::from_fen(GENERALS_WALK).unwrap()
        } else {
            XiangqiGame::new()
        };
        game.attach_network(net.clone());
        let mut moves = Vec::new();
        let mut made = Vec::new();
        for (choice, action) in steps {
            game.legal_moves(&mut moves);
            match action {
                0 if !made.is_empty() => match made.pop().unwrap() {
                    Some(mv) => game.unmake_move(mv),
                    None => game.unmake_null_move(),
                },
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
            let fresh = XiangqiGame::from_fen(&game.fen()).unwrap().network_value(&net);
            prop_assert_eq!(game.attached_network_value(), Some(fresh), "{}", game.fen());
        }
    }
}

#[test]
fn a_net_attached_late_survives_take_backs_below_it() {
    let net = net();
    let mut game = XiangqiGame::new();
    let mut moves = Vec::new();
    for i in 0..6 {
        game.legal_moves(&mut moves);
        game.make_move(moves[i * 7 % moves.len()]);
    }
    game.attach_network(net.clone());
    while game.undo() {
        let fresh = XiangqiGame::from_fen(&game.fen())
            .unwrap()
            .network_value(&net);
        assert_eq!(game.attached_network_value(), Some(fresh), "{}", game.fen());
    }
}

#[test]
fn the_nnue_evaluator_searches_and_agrees_with_itself() {
    let game = XiangqiGame::new();
    let eval = XiangqiEvaluator::Nnue;
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
    let chess_net = Trainer::new(Layout::Chess, &TrainConfig::default())
        .quantise(400.0)
        .unwrap();
    assert!(nnue::load(&chess_net.to_bytes()).is_err());
    assert!(Arc::ptr_eq(&before, &nnue::network()));
}

/// The shipped net's values of a few positions (side to move's view,
/// centipawns): a new net changes them, and docs/nnue.md records it.
#[test]
fn the_shipped_net_gives_its_reference_values() {
    let net = nnue::embedded();
    let values: Vec<i32> = [
        banco_xiangqi::START_FEN,
        // Red without a chariot, then the same with black to move.
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 b - - 0 1",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 6 4",
    ]
    .iter()
    .map(|fen| XiangqiGame::from_fen(fen).unwrap().network_value(&net))
    .collect();
    assert_eq!(values, vec![19, -939, 965, 98]);
}
