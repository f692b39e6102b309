//! The engine finds mates and wins material: each test asserts the move.
//! Every position's answer was confirmed with Stockfish 15.1 at depth 22.

use banco_chess::{ChessEvaluator, ChessGame, notation};
use banco_search::{Algorithm, Limits, Score, SearchConfig, Searcher, Silent, Techniques};

fn best_with(fen: &str, depth: u32, algorithm: Algorithm) -> (String, Score) {
    let game = ChessGame::from_fen(fen).unwrap();
    let config = SearchConfig {
        algorithm,
        ..SearchConfig::default()
    };
    let result = Searcher::new(config).search(
        &game,
        &ChessEvaluator::Strong,
        &Limits::depth(depth),
        &mut Silent,
    );
    let mv = result.best_move.expect("a legal move exists");
    (notation::to_uci(mv), result.report.score())
}

fn best(fen: &str, depth: u32) -> (String, Score) {
    best_with(fen, depth, Algorithm::Engine)
}

#[test]
fn mate_in_one() {
    for (fen, answer) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "h5f7",
        ),
        ("6rk/6pp/8/6N1/8/8/8/3Q2K1 w - - 0 1", "g5f7"),
        ("3k4/8/3K4/8/8/8/8/7R w - - 0 1", "h1h8"),
    ] {
        assert_eq!(best(fen, 4), (answer.to_owned(), Score::Mate(1)), "{fen}");
    }
}

#[test]
fn mate_in_two() {
    // 1. Nf6+ gxf6 2. Bxf7#.
    assert_eq!(
        best(
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            6
        ),
        ("d5f6".to_owned(), Score::Mate(2))
    );
    // Black mates: 1... Rg1+ 2. Kxg1 Rxf1#... or 2. Nxg1 Bg2#.
    assert_eq!(
        best("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 6),
        ("g2g1".to_owned(), Score::Mate(2))
    );
}

#[test]
fn mate_in_three() {
    // 1... Bc5+ drives the king into a mating net.
    assert_eq!(
        best(
            "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
            8
        ),
        ("f8c5".to_owned(), Score::Mate(3))
    );
}

#[test]
fn the_mated_side_sees_it_coming() {
    assert_eq!(
        best("k7/8/1K6/8/8/8/8/R7 b - - 0 1", 6),
        ("a8b8".to_owned(), Score::Mate(-2))
    );
}

#[test]
fn wins_a_hanging_queen() {
    let (mv, score) = best(
        "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 0 1",
        6,
    );
    assert_eq!(mv, "c1g5");
    assert!(
        matches!(score, Score::Centipawns(cp) if cp > 500),
        "{score:?}"
    );
}

#[test]
fn knight_fork_wins_the_rook() {
    let (mv, score) = best("r3k3/pp4pp/8/3N4/8/8/PP4PP/4K3 w - - 0 1", 7);
    assert_eq!(mv, "d5c7");
    // A knight up once the rook is taken; the knight then stands in the
    // corner and the king comes for it, which the evaluation charges for
    // (198 with singular extensions, which see that chase a ply deeper).
    assert!(
        matches!(score, Score::Centipawns(cp) if cp > 150),
        "{score:?}"
    );
}

#[test]
fn every_algorithm_finds_mate_in_one() {
    for algorithm in Algorithm::ALL {
        assert_eq!(
            best_with("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2, algorithm),
            ("a1a8".to_owned(), Score::Mate(1)),
            "{algorithm}"
        );
    }
}

#[test]
fn mtdf_agrees_on_mate_in_two() {
    assert_eq!(
        best_with(
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            6,
            Algorithm::Mtdf
        ),
        ("d5f6".to_owned(), Score::Mate(2))
    );
}

#[test]
fn the_clock_stops_even_a_first_iteration() {
    // Without iterative deepening the first iteration is the whole depth-30
    // search: only the clock can end it, and a legal move must still come back.
    let game = ChessGame::default();
    let config = SearchConfig {
        techniques: Techniques::NONE,
        move_overhead: std::time::Duration::ZERO,
        ..SearchConfig::default()
    };
    let limits = Limits {
        depth: Some(30),
        move_time: Some(std::time::Duration::from_millis(50)),
        ..Limits::default()
    };
    let started = std::time::Instant::now();
    let result = Searcher::new(config).search(&game, &ChessEvaluator::Strong, &limits, &mut Silent);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let mv = result.best_move.expect("a move");
    let mut legal = Vec::new();
    banco_search::Game::legal_moves(&game, &mut legal);
    assert!(legal.contains(&mv));
}
