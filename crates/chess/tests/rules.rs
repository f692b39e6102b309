//! Game status and the draw rules, as an arbiter and as the search see them.

use banco_chess::notation::parse_move;
use banco_chess::{ChessGame, ChessStatus};
use banco_search::{Game, Outcome};

fn play(game: &mut ChessGame, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = parse_move(game.position(), text).unwrap_or_else(|e| panic!("{e}"));
        game.make_move(mv);
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mut game = ChessGame::new();
    play(&mut game, "f3 e5 g4 Qh4#");
    assert_eq!(game.status(), ChessStatus::Checkmate);
    assert_eq!(game.status().result(game.position().side_to_move()), "0-1");
    assert_eq!(game.no_moves_outcome(), Outcome::Loss);

    let game = ChessGame::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(game.status(), ChessStatus::Stalemate);
    assert_eq!(game.no_moves_outcome(), Outcome::Draw);
}

#[test]
fn threefold_repetition_is_a_draw_and_twofold_is_not() {
    let mut game = ChessGame::new();
    play(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.status(), ChessStatus::Ongoing);
    play(&mut game, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.status(), ChessStatus::Repetition);
    game.undo();
    assert_eq!(game.status(), ChessStatus::Ongoing);
}

/// FIDE Laws 9.2.3: positions are the same when the same moves are
/// possible. After ...f5 the e5 pawn is pinned, so no en passant capture is
/// possible and the position is the same as when it comes back.
#[test]
fn a_double_push_past_a_pinned_pawn_repeats_as_the_same_position() {
    let mut game = ChessGame::from_fen("kn2r3/5p2/8/4P3/8/8/8/4K1N1 b - - 0 1").unwrap();
    play(&mut game, "f5 Nf3 Nc6 Ng1 Nb8");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "Nf3 Nc6 Ng1 Nb8");
    assert_eq!(game.status(), ChessStatus::Repetition);
    // A FEN with the unusable right and one without are one position.
    let with = ChessGame::from_fen("kn2r3/8/8/4Pp2/8/8/8/4K1N1 w - f6 0 2").unwrap();
    let without = ChessGame::from_fen("kn2r3/8/8/4Pp2/8/8/8/4K1N1 w - - 0 2").unwrap();
    assert_eq!(with.hash(), without.hash());
}

#[test]
fn fifty_moves_draw_unless_the_last_move_mates() {
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 100 80").unwrap();
    assert_eq!(game.status(), ChessStatus::FiftyMoves);
    assert_eq!(game.rule_outcome(), Some(Outcome::Draw));
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    assert_eq!(game.rule_outcome(), None);
    // Black is mated with the clock at 100: mate stands.
    let game = ChessGame::from_fen("R3k3/8/4K3/8/8/8/8/8 b - - 100 80").unwrap();
    assert_eq!(game.status(), ChessStatus::Checkmate);
    assert_eq!(game.rule_outcome(), Some(Outcome::Loss));
}

#[test]
fn insufficient_material() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
    ] {
        let game = ChessGame::from_fen(fen).unwrap();
        assert_eq!(game.status(), ChessStatus::InsufficientMaterial, "{fen}");
        assert_eq!(game.rule_outcome(), Some(Outcome::Draw), "{fen}");
    }
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/2R1K3 w - - 0 1").unwrap();
    assert_eq!(game.status(), ChessStatus::Ongoing);
}

#[test]
fn previous_positions_feed_repetition_detection() {
    let mut game = ChessGame::new();
    play(&mut game, "Nf3 Nf6 Ng1");
    let mut hashes = Vec::new();
    game.previous_hashes(&mut hashes);
    assert_eq!(hashes.len(), 3);
    assert_eq!(game.reversible_plies(), 3);
    play(&mut game, "Ng8");
    let mut hashes = Vec::new();
    game.previous_hashes(&mut hashes);
    // The start position, four plies back, equals the current one.
    assert_eq!(hashes[0], game.hash());
}

#[test]
fn bad_fens_are_typed_errors() {
    for (fen, needle) in [
        ("", "invalid FEN"),
        ("hello world", "invalid FEN"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "invalid FEN",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "illegal position"),
        ("4k3/8/8/8/8/8/8/4K2K w - - 0 1", "illegal position"),
        ("4k3/8/8/8/8/8/8/4K3 z - - 0 1", "invalid FEN"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "illegal position"),
    ] {
        let err = ChessGame::from_fen(fen).unwrap_err();
        assert!(err.to_string().contains(needle), "{fen}: {err}");
    }
}
