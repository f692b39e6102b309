//! Record imports (a chess PGN, xiangqi WXF or ICCS moves, gomoku points):
//! a record that imports exports in each of the game's formats, and each
//! export imports again to the same position after the same moves.

use banco_games::{GameKind, RecordHeader, Setup};

const HEADER: RecordHeader<'static> = RecordHeader {
    players: ["First", "Second"],
    result: "*",
    created_ms: 0,
};

pub(crate) fn records(text: &str) {
    for kind in GameKind::ALL {
        let Ok(game) = kind.import(&Setup::default(), text) else {
            continue;
        };
        for format in kind.info().exports {
            let Some(exported) = game.export(format, &HEADER) else {
                panic!("{kind} lists {format} but does not export it");
            };
            if matches!(*format, "fen" | "position") {
                continue;
            }
            let again = kind.import(game.setup(), &exported).unwrap_or_else(|err| {
                panic!("{kind} {format} export {exported:?} of {text:?} does not import: {err}")
            });
            assert_eq!(
                again.position(),
                game.position(),
                "{kind} {format}: {exported:?}"
            );
            assert_eq!(
                again.moves().len(),
                game.moves().len(),
                "{kind} {format}: {exported:?}"
            );
        }
    }
}
