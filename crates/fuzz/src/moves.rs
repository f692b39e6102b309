//! Move readers: a move accepted is one of the legal moves, and after it
//! the incrementally kept hash equals one computed from scratch; taking
//! the moves back restores every earlier hash.

use banco_chess::{ChessGame, notation, zobrist};
use banco_gomoku::{GomokuGame, Point, Rule};
use banco_search::Game;
use banco_xiangqi::XiangqiGame;

/// Moves read from one input at most: longer inputs add nothing new.
const MAX_MOVES: usize = 300;

/// The first line as a position, the rest as moves.
fn position_and_moves(text: &str) -> (&str, impl Iterator<Item = &str>) {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    (first, rest.split_whitespace().take(MAX_MOVES))
}

pub(crate) fn chess_moves(text: &str) {
    let (fen, moves) = position_and_moves(text);
    let mut game = ChessGame::from_fen(fen).unwrap_or_default();
    let mut played = vec![(None, game.hash())];
    for word in moves {
        let Ok(mv) = notation::parse_move(game.position(), word) else {
            continue;
        };
        assert!(
            legal(&game).contains(&mv),
            "{word:?} read as {mv:?}, not legal in {}",
            game.fen()
        );
        game.make_move(mv);
        assert_eq!(
            game.hash(),
            zobrist::full_hash(game.position()),
            "after {word:?}"
        );
        let fresh = ChessGame::from_fen(&game.fen()).expect("a FEN Banco wrote reads");
        assert_eq!(game.hash(), fresh.hash(), "after {word:?}");
        played.push((Some(mv), game.hash()));
    }
    while let Some((Some(mv), _)) = played.pop() {
        game.unmake_move(mv);
        assert_eq!(Some(game.hash()), played.last().map(|&(_, hash)| hash));
    }
}

fn legal<G: Game>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

pub(crate) fn xiangqi_moves(text: &str) {
    let (fen, moves) = position_and_moves(text);
    let mut game = XiangqiGame::from_fen(fen).unwrap_or_default();
    let mut hashes = vec![game.hash()];
    for word in moves {
        let Ok(mv) = banco_xiangqi::notation::parse_move(game.board(), word) else {
            continue;
        };
        let legal = game.legal();
        if game.play(mv).is_err() {
            // Read but refused: only a move that is not legal, or one
            // after the game ended, may be.
            assert!(
                !legal.contains(&mv) || game.status().is_over(),
                "{word:?} refused"
            );
            continue;
        }
        assert!(legal.contains(&mv), "{word:?} read as {mv:?}, not legal");
        let fresh = XiangqiGame::from_fen(&game.fen()).expect("a FEN Banco wrote reads");
        assert_eq!(game.hash(), fresh.hash(), "after {word:?}");
        hashes.push(game.hash());
    }
    while hashes.len() > 1 {
        hashes.pop();
        assert!(game.undo());
        assert_eq!(Some(game.hash()), hashes.last().copied());
    }
}

/// The first byte picks the rule and the board's size; the rest are
/// points, one a word.
pub(crate) fn gomoku_moves(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let rule = Rule::ALL[usize::from(choice) % Rule::ALL.len()];
    let size = 15 + (choice >> 2) % 6;
    let text = String::from_utf8_lossy(rest);
    let mut game = GomokuGame::new(size, rule).expect("15 to 20 are sizes");
    for word in text.split_whitespace().take(MAX_MOVES) {
        let Ok(point) = Point::parse(word, size) else {
            continue;
        };
        assert!(
            point.on_board(size),
            "{word:?} read as {point:?}, off a {size}×{size} board"
        );
        let empty = game.stone(point).is_none();
        let mover = game.side_to_move();
        let Ok(played) = game.play(point) else {
            continue;
        };
        assert!(empty, "{word:?} played on a stone");
        assert_eq!((played.point, played.side), (point, mover));
        assert_eq!(game.stone(point), Some(mover));
        let _ = game.status();
        assert_eq!(game.hash(), placed_afresh(&game).hash(), "after {word:?}");
    }
    let whole = game
        .moves()
        .iter()
        .map(|m| m.point.to_gomocup())
        .collect::<Vec<_>>()
        .join(" ");
    let replayed = GomokuGame::from_moves(size, rule, &whole).expect("the game's own moves replay");
    assert_eq!(replayed.hash(), game.hash());
}

/// The same stones put on an empty board, and the same side to move.
fn placed_afresh(game: &GomokuGame) -> GomokuGame {
    let mut fresh = GomokuGame::new(game.size(), game.rule()).expect("the game's own size");
    for m in game.moves() {
        fresh
            .place(m.point, m.side)
            .expect("the game's own stones fit");
    }
    fresh.set_side_to_move(game.side_to_move());
    fresh
}
