//! PGN: writing a game out, and reading the main line of one back in.

use std::io::Cursor;
use std::ops::ControlFlow;

use cozy_chess::Board;
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};

use crate::bridge::{banco_move, fen, shakmaty_position};

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

/// A PGN `Date` value (`2026.11.22`) for a moment given as seconds since
/// 1970 (UTC), as the PGN standard writes dates: year, month and day with
/// dots.
#[must_use]
pub fn pgn_date(unix_seconds: i64) -> String {
    let (year, month, day) = civil_date(unix_seconds.div_euclid(86_400));
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01: the
/// calendar repeats every 400 years (146,097 days), and counting years from
/// March puts the leap day at the end of a year.
fn civil_date(days_since_1970: i64) -> (i64, u32, u32) {
    const DAYS_PER_ERA: i64 = 146_097;
    // 1970-01-01 is day 719,468 counted from 0000-03-01.
    let days = days_since_1970 + 719_468;
    let era = days.div_euclid(DAYS_PER_ERA);
    let day_of_era = days.rem_euclid(DAYS_PER_ERA);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months from March: 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, 28/29.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    // Both are in range by construction: day 1..=31, month 1..=12.
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
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
        || status.result(game.position().side_to_move()).to_owned(),
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
    if *start != Board::default() {
        roster.set("SetUp", "1");
        roster.set("FEN", &fen(start));
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
        match san_plus
            .san
            .to_move(&shakmaty_position(movetext.game.position()))
        {
            Ok(mv) => {
                movetext.game.make_move(banco_move(mv));
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
    fn dates_are_written_as_the_pgn_standard_asks() {
        // Noon UTC of each day, from Python's datetime.
        for (seconds, date) in [
            (43_200, "1970.01.01"),
            (-43_200, "1969.12.31"),
            (951_825_600, "2000.02.29"),
            (1_709_208_000, "2024.02.29"),
            (1_795_348_800, "2026.11.22"),
            (4_107_585_600, "2100.03.01"),
        ] {
            assert_eq!(pgn_date(seconds), date, "{seconds}");
        }
        // Every day for 1,000 years follows the one before it.
        let mut previous = civil_date(-1);
        for day in 0..365_243 {
            let (year, month, d) = civil_date(day);
            let next_day = (year, month, previous.2 + 1) == (previous.0, previous.1, d);
            let next_month = d == 1 && (year, month) == (previous.0, previous.1 + 1);
            let next_year = (month, d) == (1, 1) && year == previous.0 + 1;
            assert!(
                next_day || next_month || next_year,
                "{previous:?} then {day}"
            );
            if !next_day {
                let (y, m, last) = previous;
                let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
                let length = match m {
                    2 if leap => 29,
                    2 => 28,
                    4 | 6 | 9 | 11 => 30,
                    _ => 31,
                };
                assert_eq!(last, length, "{previous:?} is not the end of its month");
            }
            previous = (year, month, d);
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
