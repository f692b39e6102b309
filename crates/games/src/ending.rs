//! How a game ends: the reason, the winner and the result as records write
//! it, worked out here once for every front end.

use banco_search::Side;
use serde::Serialize;

/// The result as records write it: `1-0`, `0-1` or `1/2-1/2`.
#[must_use]
pub const fn result_text(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::First) => "1-0",
        Some(Side::Second) => "0-1",
        None => "1/2-1/2",
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct Ending {
    /// A stable name of the reason: `checkmate`, `stalemate`, `repetition`,
    /// `fifty_moves`, `insufficient_material`, `perpetual_check`, `perpetual_chase`,
    /// `sixty_moves`, `five`, `forbidden`, `board_full`, `resignation`, `time`.
    pub reason: &'static str,
    /// Who won; `None` for a draw.
    #[serde(serialize_with = "serialize_side_option")]
    pub winner: Option<Side>,
    /// The result as records write it (`1-0`, `0-1`, `1/2-1/2`).
    pub result: &'static str,
    /// The ending in words, winner included.
    pub text: String,
}

impl Ending {
    /// An ending with a winner, or a draw, with the result written out.
    #[must_use]
    pub fn new(reason: &'static str, winner: Option<Side>, text: String) -> Ending {
        Ending {
            reason,
            winner,
            result: result_text(winner),
            text,
        }
    }

    /// `side` resigned; `sides` are the game's names of the players.
    #[must_use]
    pub fn resignation(side: Side, sides: [&'static str; 2]) -> Ending {
        let winner = side.opponent();
        Ending::new(
            "resignation",
            Some(winner),
            format!(
                "{} resigns: {} wins",
                sides[side.index()],
                sides[winner.index()]
            ),
        )
    }

    /// `side`'s clock ran out: the opponent wins, or it is a draw when the
    /// opponent `could_win` by no series of legal moves (FIDE's rule 6.9).
    #[must_use]
    pub fn time_out(side: Side, could_win: bool, sides: [&'static str; 2]) -> Ending {
        let other = side.opponent();
        let (name, other_name) = (sides[side.index()], sides[other.index()]);
        if could_win {
            Ending::new(
                "time",
                Some(other),
                format!("{name}'s time is up: {other_name} wins"),
            )
        } else {
            Ending::new(
                "time",
                None,
                format!("{name}'s time is up, but {other_name} cannot win: draw"),
            )
        }
    }

    /// The ending as a sentence with its result: `Checkmate: White wins (1-0)`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("{} ({})", self.text, self.result)
    }
}

/// `first`, `second` or `null`, as the API writes sides.
///
/// # Errors
///
/// The serializer's.
pub fn serialize_side_option<S: serde::Serializer>(
    side: &Option<Side>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match side {
        Some(side) => serializer.serialize_str(side_name(*side)),
        None => serializer.serialize_none(),
    }
}

/// The API's name of a side.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// Reads the API's name of a side.
#[must_use]
pub fn parse_side(text: &str) -> Option<Side> {
    match text {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => None,
    }
}

/// Capitalises the first letter of a status sentence.
pub(crate) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_winner() {
        assert_eq!(
            Ending::new("x", Some(Side::First), String::new()).result,
            "1-0"
        );
        assert_eq!(
            Ending::new("x", Some(Side::Second), String::new()).result,
            "0-1"
        );
        assert_eq!(Ending::new("x", None, String::new()).result, "1/2-1/2");
        let resigned = Ending::resignation(Side::First, ["Red", "Black"]);
        assert_eq!(resigned.summary(), "Red resigns: Black wins (0-1)");
        let flagged = Ending::time_out(Side::Second, true, ["White", "Black"]);
        assert_eq!(flagged.summary(), "Black's time is up: White wins (1-0)");
        let drawn = Ending::time_out(Side::First, false, ["White", "Black"]);
        assert_eq!(
            drawn.summary(),
            "White's time is up, but Black cannot win: draw (1/2-1/2)"
        );
    }
}
