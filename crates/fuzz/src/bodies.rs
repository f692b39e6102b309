//! The server's request bodies, read and checked as the server reads them
//! (the same functions): a body is refused with a typed error or accepted,
//! and an accepted game body sets up its game or names what is wrong.

use banco_games::GameKind;
use banco_server::requests::{
    ControlRequest, CreateGame, MoveRequest, PlayersRequest, PlyGuard, PositionRequest,
    ResignRequest, parse_body,
};

/// The first byte picks the request; the rest is its body.
pub(crate) fn server_bodies(data: &[u8]) {
    let Some((&choice, body)) = data.split_first() else {
        return;
    };
    match choice % 7 {
        0 => create(body),
        1 => play(body, choice),
        2 => {
            let _ = parse_body::<PlyGuard>(body);
        }
        3 => {
            let _ = parse_body::<ResignRequest>(body);
        }
        4 => position(body, choice),
        5 => {
            if let Ok(request) = parse_body::<PlayersRequest>(body) {
                assert!(
                    request.players.validate().is_ok(),
                    "accepted players refused"
                );
            }
        }
        _ => {
            let _ = parse_body::<ControlRequest>(body);
        }
    }
}

fn create(body: &[u8]) {
    let Ok(request) = parse_body::<CreateGame>(body) else {
        return;
    };
    let asked = request.game.clone();
    if let Ok((game, _players)) = request.into_game() {
        assert_eq!(Ok(game.kind()), GameKind::parse(&asked));
        let _ = (game.position(), game.ending(), game.board());
    }
}

/// A move body played on a fresh game of the kind `choice` picks.
fn play(body: &[u8], choice: u8) {
    let Ok(request) = parse_body::<MoveRequest>(body) else {
        return;
    };
    let kind = GameKind::ALL[usize::from(choice / 7) % GameKind::ALL.len()];
    let mut game = kind.start();
    let before = game.position();
    match game.play(&request.mv) {
        Ok(_) => assert_eq!(game.moves().len(), 1),
        Err(_) => assert_eq!(game.position(), before, "a refused move changed the game"),
    }
}

/// A position body set up for the kind `choice` picks.
fn position(body: &[u8], choice: u8) {
    let Ok(request) = parse_body::<PositionRequest>(body) else {
        return;
    };
    let kind = GameKind::ALL[usize::from(choice / 7) % GameKind::ALL.len()];
    let _ = kind.setup(&banco_games::Setup::position(Some(&request.position)));
}
