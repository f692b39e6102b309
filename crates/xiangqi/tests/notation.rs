//! ICCS and WXF notation, the incremental hash, and the parsers' behaviour on
//! random input.

use banco_search::Game;
use banco_xiangqi::{XiangqiGame, notation};
use proptest::prelude::*;

fn game(fen: &str) -> XiangqiGame {
    XiangqiGame::from_fen(fen).unwrap()
}

fn wxf(fen: &str, iccs: &str) -> String {
    let g = game(fen);
    let mv = notation::parse_iccs(iccs).unwrap();
    assert!(g.board().is_legal(mv), "{iccs} in {fen}");
    notation::to_wxf(g.board(), mv)
}

#[test]
fn wxf_of_opening_moves() {
    let start = banco_xiangqi::START_FEN;
    assert_eq!(wxf(start, "h2e2"), "C2.5");
    assert_eq!(wxf(start, "b0c2"), "H8+7");
    assert_eq!(wxf(start, "a0a1"), "R9+1");
    assert_eq!(wxf(start, "g3g4"), "P3+1");
    assert_eq!(wxf(start, "c0e2"), "E7+5");
    assert_eq!(wxf(start, "f0e1"), "A4+5");
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    assert_eq!(wxf(black, "h9g7"), "H8+7");
    assert_eq!(wxf(black, "b9c7"), "H2+3");
    assert_eq!(wxf(black, "b7e7"), "C2.5");
    assert_eq!(wxf(black, "e9e8"), "K5+1");
}

#[test]
fn wxf_tandem_pieces() {
    let fen = "3k5/9/9/9/5R3/9/9/5R3/9/4K4 w - - 0 1";
    assert_eq!(wxf(fen, "f5g5"), "R+.3");
    assert_eq!(wxf(fen, "f2f1"), "R--1");
    // Three soldiers on one file: front, middle by its file, rear.
    let fen = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(wxf(fen, "g7f7"), "P+.4");
    assert_eq!(wxf(fen, "g6f6"), "P3.4");
    assert_eq!(wxf(fen, "g5f5"), "P-.4");
    // Tandem soldiers on two files: the file digit replaces the letter.
    let fen = "3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(wxf(fen, "g7f7"), "3+.4");
    assert_eq!(wxf(fen, "g6f6"), "33.4");
    assert_eq!(wxf(fen, "g5f5"), "3-.4");
    assert_eq!(wxf(fen, "c7d7"), "7+.6");
    // Five on a file.
    let fen = "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(wxf(fen, "c9d9"), "++.6");
    assert_eq!(wxf(fen, "c8d8"), "P+.6");
    assert_eq!(wxf(fen, "c7d7"), "P7.6");
    assert_eq!(wxf(fen, "c6d6"), "P-.6");
    assert_eq!(wxf(fen, "c5d5"), "--.6");
}

#[test]
fn wxf_input_forms() {
    let g = XiangqiGame::new();
    for text in ["C2.5", "c2=5", "C2=5", " h2e2 ", "h2-e2"] {
        let mv = notation::parse_move(g.board(), text).unwrap();
        assert_eq!(mv.to_string(), "h2e2", "{text}");
    }
    assert_eq!(
        notation::parse_move(g.board(), "N8+7").unwrap().to_string(),
        "b0c2"
    );
    // Plain file digit for one of two tandem chariots, when only one fits.
    let fen = "3k5/9/9/9/5R3/9/9/5R3/9/4K4 w - - 0 1";
    let g = game(fen);
    assert_eq!(
        notation::parse_move(g.board(), "R4.3")
            .unwrap_err()
            .to_string(),
        "'R4.3' fits more than one legal move; give the coordinates"
    );
    assert_eq!(
        notation::parse_move(g.board(), "R4+3").unwrap().to_string(),
        "f5f8"
    );
}

fn random_game(choices: &[u16]) -> XiangqiGame {
    let mut g = XiangqiGame::new();
    let mut moves = Vec::new();
    for &choice in choices {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        g.make_move(moves[usize::from(choice) % moves.len()]);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn hash_fen_and_notation_hold_along_random_games(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut g = XiangqiGame::new();
        let mut moves = Vec::new();
        for choice in choices {
            prop_assert_eq!(g.hash(), g.board().full_hash());
            let reloaded = XiangqiGame::from_fen(&g.fen()).unwrap();
            prop_assert_eq!(reloaded.board(), g.board());
            prop_assert_eq!(reloaded.hash(), g.hash());
            prop_assert_eq!(reloaded.in_check(), g.in_check());
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let text = notation::to_wxf(g.board(), mv);
                prop_assert_eq!(notation::parse_wxf(g.board(), &text), Ok(mv), "{} {}", text, g.fen());
                prop_assert_eq!(notation::parse_move(g.board(), &mv.to_string()), Ok(mv));
                prop_assert_eq!(g.gives_check(mv), {
                    let mut after = g.clone();
                    after.make_move(mv);
                    after.in_check()
                });
                prop_assert_eq!(g.hash_after(mv), {
                    let mut after = g.clone();
                    after.make_move(mv);
                    Some(after.hash())
                });
            }
            let mv = moves[usize::from(choice) % moves.len()];
            let before = g.fen();
            g.make_move(mv);
            g.unmake_move(mv);
            prop_assert_eq!(g.fen(), before);
            g.make_move(mv);
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}", choices in proptest::collection::vec(any::<u16>(), 0..30)) {
        let _ = XiangqiGame::from_fen(&text);
        let g = random_game(&choices);
        let _ = notation::parse_move(g.board(), &text);
        let _ = notation::parse_iccs(&text);
    }

    #[test]
    fn fen_like_garbage_never_panics(ranks in proptest::collection::vec("[1-9kabnrcpKABNRCPx]{0,10}", 0..12), side in "[wbrx ]{0,2}") {
        let fen = format!("{} {}", ranks.join("/"), side);
        if let Ok(g) = XiangqiGame::from_fen(&fen) {
            prop_assert!(!g.board().general_exposed(g.board().side_to_move().opponent()));
        }
    }
}
