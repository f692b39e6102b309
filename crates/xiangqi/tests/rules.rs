//! Every piece rule and every way a game ends, on small positions whose
//! answers can be checked by hand.

use banco_search::{Game, Outcome};
use banco_xiangqi::{Color, FenError, Move, MoveError, XiangqiGame, XiangqiStatus, notation};

fn game(fen: &str) -> XiangqiGame {
    XiangqiGame::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The destinations of the piece on `from`, sorted, in ICCS.
fn targets(fen: &str, from: &str) -> Vec<String> {
    let game = game(fen);
    let mut out: Vec<String> = game
        .legal()
        .into_iter()
        .filter(|mv| mv.from.to_string() == from)
        .map(|mv| mv.to.to_string())
        .collect();
    out.sort();
    out
}

fn play(game: &mut XiangqiGame, iccs: &str) {
    let mv = notation::parse_move(game.board(), iccs).unwrap_or_else(|e| panic!("{iccs}: {e}"));
    game.play(mv).unwrap();
}

#[test]
fn general_stays_in_the_palace() {
    assert_eq!(
        targets("5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0"),
        ["d1", "e0"]
    );
    assert_eq!(
        targets("5k3/9/9/9/9/9/9/3K5/9/9 w - - 0 1", "d2"),
        ["d1", "e2"]
    );
}

#[test]
fn generals_may_not_face_each_other() {
    // e0 would face the black general on the open e-file.
    assert_eq!(targets("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0"), ["d1"]);
    // The horse between the generals is pinned: every jump would open the file.
    assert!(targets("3k5/9/9/9/9/9/9/9/3N5/3K5 w - - 0 1", "d1").is_empty());
}

#[test]
fn advisor_moves_diagonally_inside_the_palace() {
    assert_eq!(
        targets("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "e1"),
        ["d2", "f0", "f2"]
    );
    assert_eq!(targets("5k3/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0"), ["e1"]);
}

#[test]
fn elephant_is_blocked_at_the_eye_and_stays_home() {
    assert_eq!(
        targets("4k4/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1", "e2"),
        ["c0", "c4", "g0", "g4"]
    );
    // A piece on d3 blocks the c4 jump.
    assert_eq!(
        targets("4k4/9/9/9/9/9/3N5/4B4/9/3K5 w - - 0 1", "e2"),
        ["c0", "g0", "g4"]
    );
    // From the river bank it may not cross.
    assert_eq!(
        targets("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1", "c4"),
        ["a2", "e2"]
    );
}

#[test]
fn horse_is_blocked_at_the_leg() {
    assert_eq!(
        targets("4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1", "e4").len(),
        8
    );
    // A piece on e5 blocks both northward jumps.
    assert_eq!(
        targets("4k4/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1", "e4"),
        ["c3", "c5", "d2", "f2", "g3", "g5"]
    );
}

#[test]
fn chariot_slides_and_captures() {
    let t = targets("3k5/9/9/9/9/1p2R4/9/9/9/5K3 w - - 0 1", "e4");
    assert!(t.contains(&"b4".to_string()), "captures b4");
    assert!(!t.contains(&"a4".to_string()), "stops at the capture");
    assert!(t.contains(&"e9".to_string()), "slides to the edge");
    assert_eq!(t.len(), 3 + 4 + 5 + 4);
}

#[test]
fn cannon_captures_over_exactly_one_screen() {
    // Cannon e3, screen e5, victim e7.
    let fen = "3k5/9/4n4/9/4n4/9/4C4/9/9/5K3 w - - 0 1";
    let t = targets(fen, "e3");
    assert!(t.contains(&"e4".to_string()), "quiet move up to the screen");
    assert!(
        !t.contains(&"e5".to_string()),
        "cannot move onto the screen"
    );
    assert!(t.contains(&"e7".to_string()), "captures over one screen");
    // Two screens (e5, e7): e8 is out of reach.
    let fen = "3k5/4r4/4n4/9/4n4/9/4C4/9/9/5K3 w - - 0 1";
    let t = targets(fen, "e3");
    assert!(t.contains(&"e7".to_string()));
    assert!(!t.contains(&"e8".to_string()));
    // No screen: no capture.
    let fen = "3k5/9/9/9/4n4/9/4C4/9/9/5K3 w - - 0 1";
    assert!(!targets(fen, "e3").contains(&"e5".to_string()));
}

#[test]
fn soldier_goes_sideways_only_after_the_river() {
    assert_eq!(targets("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1", "e3"), ["e4"]);
    assert_eq!(
        targets("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e5"),
        ["d5", "e6", "f5"]
    );
    // On the last rank it can only go sideways; never back.
    assert_eq!(
        targets("3k5/4P4/9/9/9/9/9/9/9/4K4 w - - 0 1", "e8"),
        ["d8", "e9", "f8"]
    );
    assert_eq!(targets("3k4P/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "i9"), ["h9"]);
    let black = targets("4k4/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1", "e4");
    assert_eq!(black, ["d4", "e3", "f4"]);
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mated = game("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1");
    assert!(mated.in_check());
    assert_eq!(
        mated.status(),
        XiangqiStatus::Checkmate { winner: Color::Red }
    );
    assert_eq!(mated.no_moves_outcome(), Outcome::Loss);

    let stalemated = game("4k4/9/4P4/9/3R1R3/9/9/9/9/3K5 b - - 0 1");
    assert!(!stalemated.in_check());
    assert!(stalemated.legal().is_empty());
    assert_eq!(
        stalemated.status(),
        XiangqiStatus::Stalemate { winner: Color::Red }
    );
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    let mut g = game("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    play(&mut g, "a1a9");
    let cycle = ["e9e8", "a9a8", "e8e9", "a8a9"];
    for mv in cycle {
        assert_eq!(g.status(), XiangqiStatus::Ongoing);
        play(&mut g, mv);
    }
    // Second occurrence: the search already scores the repetition, and
    // black, the side checked every move, is the one to gain.
    assert_eq!(g.repetition_outcome(4), Outcome::Win);
    for mv in cycle {
        assert!(!g.status().is_over());
        play(&mut g, mv);
    }
    assert_eq!(
        g.status(),
        XiangqiStatus::PerpetualCheck {
            winner: Color::Black
        }
    );
    assert_eq!(g.play(g.legal()[0]), Err(MoveError::GameOver));
}

#[test]
fn repetition_without_perpetual_check_is_a_draw() {
    let mut g = game("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    let cycle = ["a1a2", "d9d8", "a2a1", "d8d9"];
    for _ in 0..2 {
        for mv in cycle {
            assert!(!g.status().is_over());
            play(&mut g, mv);
        }
    }
    assert_eq!(g.status(), XiangqiStatus::Repetition);
    assert_eq!(g.repetition_outcome(4), Outcome::Draw);
}

#[test]
fn sixty_moves_without_a_capture_draw() {
    let mut g = game("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 80");
    assert_eq!(g.rule_outcome(), None);
    play(&mut g, "a1a2");
    assert_eq!(g.status(), XiangqiStatus::NoCaptures);
    assert_eq!(g.rule_outcome(), Some(Outcome::Draw));
    // A capture resets the count.
    let mut g = game("3k5/9/9/9/9/9/9/9/r8/R3K4 w - - 119 80");
    play(&mut g, "a0a1");
    assert_eq!(g.halfmove_clock(), 0);
    assert_eq!(g.status(), XiangqiStatus::Ongoing);
}

#[test]
fn mate_on_the_last_ply_still_wins() {
    let g = game("3k5/9/9/9/9/9/9/9/9/3RK4 b - - 120 80");
    assert_eq!(g.rule_outcome(), None);
    assert_eq!(g.status(), XiangqiStatus::Checkmate { winner: Color::Red });
}

/// Recognises the error a bad FEN should give.
type FenCheck = fn(&FenError) -> bool;

#[test]
fn bad_fens_say_what_is_wrong() {
    let cases: [(&str, FenCheck); 8] = [
        ("", |e| *e == FenError::Empty),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
            |e| matches!(e, FenError::RankCount { found: 9 }),
        ),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
            |e| matches!(e, FenError::FileCount { rank: 0, found: 8 }),
        ),
        ("4k4/9/9/9/9/9/9/9/4K4/4K4 w", |e| {
            matches!(
                e,
                FenError::TooMany {
                    kind: "general",
                    ..
                }
            )
        }),
        ("4k4/9/9/9/9/9/9/9/9/9 w", |e| {
            matches!(e, FenError::NoGeneral { color: "red" })
        }),
        ("4k4/9/9/9/9/9/9/9/4P4/3K5 w", |e| {
            matches!(
                e,
                FenError::OutsideArea {
                    kind: "soldier",
                    ..
                }
            )
        }),
        ("4k4/9/9/9/9/B8/9/9/9/3K5 w", |e| {
            matches!(
                e,
                FenError::OutsideArea {
                    kind: "elephant",
                    ..
                }
            )
        }),
        ("4k4/9/9/9/9/9/9/9/9/4K4 b", |e| {
            *e == FenError::OpponentInCheck
        }),
    ];
    for (fen, expected) in cases {
        let err = XiangqiGame::from_fen(fen).expect_err(fen);
        assert!(expected(&err), "{fen}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
    assert!(matches!(
        XiangqiGame::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 x"),
        Err(FenError::BadSide { .. })
    ));
    assert!(matches!(
        XiangqiGame::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1"),
        Err(FenError::BadCounter { .. })
    ));
    assert!(matches!(
        XiangqiGame::from_fen("4k4/9/9/9/9/9/9/9/9/3X5 w"),
        Err(FenError::BadPiece { found: 'X' })
    ));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut g = XiangqiGame::new();
    let before = g.fen();
    for text in ["h2h8", "e0e1x", "z9z9", "", "C2.9", "a0a5"] {
        assert!(notation::parse_move(g.board(), text).is_err(), "{text}");
    }
    let illegal = Move::new(
        banco_xiangqi::Square::new(4, 0).unwrap(),
        banco_xiangqi::Square::new(4, 2).unwrap(),
    );
    assert_eq!(g.play(illegal), Err(MoveError::Illegal("e0e2".into())));
    assert_eq!(g.fen(), before);
}

#[test]
fn fen_round_trips() {
    let data = include_str!("data/xiangqi.perft");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        assert_eq!(game(fen).fen(), fen);
    }
}

/// Plays `cycle` `times` times, checking that the game is not over before
/// each move.
fn play_cycle(g: &mut XiangqiGame, cycle: &[&str], times: usize) {
    for _ in 0..times {
        for mv in cycle {
            assert!(!g.status().is_over(), "{} before {mv}", g.status());
            play(g, mv);
        }
    }
}

// The perpetual-chase verdicts below were checked against the
// Fairy-Stockfish rules library (pyffish's `is_optional_game_end` on the same
// FEN and moves, its ranks written one higher), which the match referee
// uses.

#[test]
fn chasing_an_unprotected_cannon_loses_for_the_chaser() {
    // The red chariot follows the black cannon from file to file, as
    // Banco's chariot did in the two games the referee ruled lost.
    let mut g = game("4k4/9/1c7/9/9/9/9/1R7/9/3K5 b - - 0 1");
    let cycle = ["b7c7", "b2c2", "c7b7", "c2b2"];
    play_cycle(&mut g, &cycle, 1);
    // The search scores the first repetition: black, chased, gains.
    assert_eq!(g.repetition_outcome(4), Outcome::Win);
    play(&mut g, "b7c7");
    // From red's side, one ply later, the cycle is still red's chase.
    assert_eq!(g.repetition_outcome(4), Outcome::Loss);
    play_cycle(&mut g, &cycle[1..3], 1);
    assert!(!g.status().is_over());
    // The third occurrence: the arbiter rules the same way.
    play(&mut g, "c2b2");
    assert_eq!(
        g.status(),
        XiangqiStatus::PerpetualChase {
            winner: Color::Black
        }
    );
    assert_eq!(g.status().winner(), Some(Color::Black));
    assert_eq!(g.play(g.legal()[0]), Err(MoveError::GameOver));
}

#[test]
fn chasing_an_unprotected_horse_loses_too() {
    let mut g = game("4k4/9/2n6/9/9/9/9/2R6/9/3K5 b - - 0 1");
    play_cycle(&mut g, &["c7a8", "c2a2", "a8c7", "a2c2"], 2);
    assert_eq!(
        g.status(),
        XiangqiStatus::PerpetualChase {
            winner: Color::Black
        }
    );
}

#[test]
fn a_chase_must_follow_one_piece() {
    // Red's chariot follows the black cannon; the cannon, running, threatens
    // a red horse with each move, but a different one each time (f8 through
    // the screen on d8, f7 through d7): only red chases, and red loses.
    let mut g = game("4k4/3P1N3/Rc1P1N3/9/9/9/9/9/9/3K5 b - - 0 1");
    let cycle = ["b7b8", "a7a8", "b8b7", "a8a7"];
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(g.repetition_outcome(4), Outcome::Win);
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(
        g.status(),
        XiangqiStatus::PerpetualChase {
            winner: Color::Black
        }
    );
}

#[test]
fn threatening_a_protected_horse_is_no_chase() {
    // The black horse runs between c7 (guarded by the horse on e8) and a8
    // (guarded by the chariot on a9): a chariot is worth more than a
    // horse, so threatening it where it is protected is no chase.
    let mut g = game("r3k4/4n4/2n6/9/9/9/9/2R6/9/3K5 b - - 0 1");
    let cycle = ["c7a8", "c2a2", "a8c7", "a2c2"];
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(g.repetition_outcome(4), Outcome::Draw);
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(g.status(), XiangqiStatus::Repetition);
    // Unguarded on c7 only, the horse is chased by every other move: no
    // perpetual chase either.
    let mut g = game("r3k4/9/2n6/9/9/9/9/2R6/9/3K5 b - - 0 1");
    play_cycle(&mut g, &cycle, 2);
    assert_eq!(g.status(), XiangqiStatus::Repetition);
}

#[test]
fn soldiers_may_chase() {
    // A red soldier across the river follows the unprotected cannon.
    let mut g = game("4k4/1c7/1P7/9/9/9/9/9/9/3K5 b - - 0 1");
    let cycle = ["b8c8", "b7c7", "c8b8", "c7b7"];
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(g.repetition_outcome(4), Outcome::Draw);
    play_cycle(&mut g, &cycle, 1);
    assert_eq!(g.status(), XiangqiStatus::Repetition);
}
