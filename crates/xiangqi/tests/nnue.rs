//! The learned evaluation's accumulators, kept move by move (captures,
//! null moves and take-backs included), equal ones made afresh.

use std::sync::Arc;

use banco_nnue::{Layout, TrainConfig, Trainer};
use banco_search::Game;
use banco_xiangqi::XiangqiGame;
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn accumulators_kept_move_by_move_equal_fresh_ones(
        steps in proptest::collection::vec((any::<u16>(), 0_u8..10), 1..120),
    ) {
        let net = net();
        let mut game = XiangqiGame::new();
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
