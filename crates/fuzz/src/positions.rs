//! FEN readers: a position that reads writes back to a FEN that reads to
//! the same position, with the same hash and the same legal moves.

use banco_chess::{ChessGame, zobrist};
use banco_search::Game;
use banco_xiangqi::XiangqiGame;

pub(crate) fn chess_fen(text: &str) {
    let Ok(game) = ChessGame::from_fen(text) else {
        return;
    };
    let written = game.fen();
    let again = ChessGame::from_fen(&written)
        .unwrap_or_else(|err| panic!("{written:?}, written from {text:?}, does not read: {err}"));
    assert_eq!(
        again.fen(),
        written,
        "the FEN of {text:?} changes when read back"
    );
    assert_eq!(game.hash(), zobrist::full_hash(game.position()));
    assert_eq!(
        game.hash(),
        again.hash(),
        "{text:?} and {written:?} hash apart"
    );
    let (mut moves, mut moves_again) = (Vec::new(), Vec::new());
    game.legal_moves(&mut moves);
    again.legal_moves(&mut moves_again);
    assert_eq!(moves, moves_again, "{text:?} and {written:?} move apart");
    let _ = game.status();
}

pub(crate) fn xiangqi_fen(text: &str) {
    let Ok(game) = XiangqiGame::from_fen(text) else {
        return;
    };
    let written = game.fen();
    let again = XiangqiGame::from_fen(&written)
        .unwrap_or_else(|err| panic!("{written:?}, written from {text:?}, does not read: {err}"));
    assert_eq!(
        again.fen(),
        written,
        "the FEN of {text:?} changes when read back"
    );
    assert_eq!(
        game.hash(),
        again.hash(),
        "{text:?} and {written:?} hash apart"
    );
    assert_eq!(
        game.legal(),
        again.legal(),
        "{text:?} and {written:?} move apart"
    );
    let _ = game.status();
}
