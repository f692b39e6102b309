//! PGN: writing a game out, and reading the main line of one back in.

use std::io::Cursor;
use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{Chess, EnPassantMode, Position};

use crate::error::{FenError, PgnError};
use crate::game::ChessGame;
use banco_search::Game;

/// The seven-tag roster and anything else to write before the moves.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct PgnTags {
    /// Tag pairs in order, `("White", "Banco level 10")`.
    pub pairs: Vec<(String, String)>,
}

impl PgnTags {
    /// The value of a tag, if present.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.pairs.iter_mut().find(|(n, _)| n == name) {
            Some(pair) => pair.1 = value.to_owned(),
            None => self.pairs.push((name.to_owned(), value.to_owned())),
        }
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes `game` as PGN. The `Result` tag comes from the game's status unless
/// `tags` sets it; a game from a set-up position gets `SetUp` and `FEN` tags.
#[must_use]
pub fn write_pgn(game: &ChessGame, tags: &PgnTags) -> String {
    let status = game.status();
    let result = tags.get("Result").map_or_else(
        || status.result(game.position().turn()).to_owned(),
        str::to_owned,
    );
    let mut roster = PgnTags::default();
    for (name, default) in [
        ("Event", "Casual game"),
        ("Site", "Banco"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        roster.set(name, tags.get(name).unwrap_or(default));
    }
    roster.set("Result", &result);
    let start = game.start_position();
    if *start != Chess::default() {
        roster.set("SetUp", "1");
        roster.set(
            "FEN",
            &shakmaty::fen::Fen::from_position(start, EnPassantMode::Legal).to_string(),
        );
    }
    for (name, value) in &tags.pairs {
        if roster.get(name).is_none() {
            roster.set(name, value);
        }
    }
    let mut out = String::new();
    for (name, value) in &roster.pairs {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push('\n');
    let mut movetext = crate::notation::line_to_san(start, &game.moves());
    if !movetext.is_empty() {
        movetext.push(' ');
    }
    movetext.push_str(&result);
    out.push_str(&wrap(&movetext, 79));
    out.push('\n');
    out
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ') {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

struct MainLine;

struct Movetext {
    game: ChessGame,
    tags: PgnTags,
    error: Option<PgnError>,
}

impl Visitor for MainLine {
    type Tags = (PgnTags, Option<Result<ChessGame, FenError>>);
    type Movetext = Movetext;
    type Output = Result<(ChessGame, PgnTags), PgnError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue((PgnTags::default(), None))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let name = String::from_utf8_lossy(name).into_owned();
        let value = value.decode_utf8_lossy().into_owned();
        if name == "FEN" {
            tags.1 = Some(ChessGame::from_fen(&value));
        }
        tags.0.set(&name, &value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let game = match tags.1 {
            Some(Ok(game)) => game,
            Some(Err(err)) => return ControlFlow::Break(Err(PgnError::Fen(err))),
            None => ChessGame::new(),
        };
        ControlFlow::Continue(Movetext {
            game,
            tags: tags.0,
            error: None,
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        let ply = movetext.game.plies() + 1;
        match san_plus.san.to_move(movetext.game.position()) {
            Ok(mv) => {
                movetext.game.make_move(mv);
                ControlFlow::Continue(())
            }
            Err(err) => {
                movetext.error = Some(PgnError::Move {
                    ply,
                    san: san_plus.to_string(),
                    reason: err.to_string(),
                });
                ControlFlow::Break(Err(movetext.error.clone().unwrap_or(PgnError::Empty)))
            }
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        match movetext.error {
            Some(err) => Err(err),
            None => Ok((movetext.game, movetext.tags)),
        }
    }
}

/// Reads the first game of a PGN text: its tags and main line (variations,
/// comments and annotations are skipped).
///
/// # Errors
///
/// [`PgnError`] when there is no game, the `FEN` tag is bad, or a move cannot
/// be played.
pub fn read_pgn(text: &str) -> Result<(ChessGame, PgnTags), PgnError> {
    let mut reader = Reader::new(Cursor::new(text.as_bytes()));
    match reader.read_game(&mut MainLine) {
        Ok(Some(result)) => result,
        Ok(None) => Err(PgnError::Empty),
        Err(err) => Err(PgnError::Read(err.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;

    fn play(game: &mut ChessGame, moves: &[&str]) {
        for m in moves {
            let mv = parse_move(game.position(), m).unwrap();
            game.make_move(mv);
        }
    }

    #[test]
    fn round_trips_a_mate() {
        let mut game = ChessGame::new();
        play(&mut game, &["f3", "e5", "g4", "Qh4#"]);
        let mut tags = PgnTags::default();
        tags.set("White", "Fool");
        let pgn = write_pgn(&game, &tags);
        assert!(pgn.contains("[White \"Fool\"]"));
        assert!(pgn.contains("[Result \"0-1\"]"));
        assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"));
        let (back, back_tags) = read_pgn(&pgn).unwrap();
        assert_eq!(back.moves(), game.moves());
        assert_eq!(back_tags.get("White"), Some("Fool"));
    }

    #[test]
    fn set_up_positions_carry_their_fen() {
        let mut game = ChessGame::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        play(&mut game, &["e4"]);
        let pgn = write_pgn(&game, &PgnTags::default());
        assert!(
            pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
            "{pgn}"
        );
        let (back, _) = read_pgn(&pgn).unwrap();
        assert_eq!(back.fen(), game.fen());
    }

    #[test]
    fn skips_variations_and_comments() {
        let (game, _) = read_pgn("1. e4 {best by test} (1. d4 d5) 1... e5 2. Nf3 $1 *").unwrap();
        assert_eq!(game.plies(), 3);
    }

    #[test]
    fn bad_pgn_says_where() {
        let err = read_pgn("1. e4 e5 2. Ke3 *").unwrap_err();
        assert!(matches!(err, PgnError::Move { ply: 3, .. }), "{err:?}");
        assert!(err.to_string().contains("move 3"));
        let err = read_pgn("[FEN \"not a fen\"]\n\n1. e4 *").unwrap_err();
        assert!(matches!(err, PgnError::Fen(_)), "{err:?}");
        assert!(matches!(read_pgn("").unwrap_err(), PgnError::Empty));
    }
}
