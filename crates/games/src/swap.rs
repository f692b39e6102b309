//! The swap openings of gomoku tournaments. Swap1: the first player puts
//! three stones (black, white, black); the second then takes black (swap)
//! or stays white and plays the fourth stone. Swap2 (Gomocup's tournaments
//! among others) gives the second a third choice: put two more stones
//! (white, black) and leave the choice of colour to the first, who then
//! takes black (swap) or plays the sixth stone as white.
//!
//! The computer's choices come from searches of the positions: it proposes
//! the three-stone opening it finds closest to balanced (the opponent picks
//! the colour, so a lopsided proposal only helps the opponent), takes the
//! colour its search prefers, and adds two stones when the position is too
//! close to call, leaving an equally close one.

use std::time::Duration;

use banco_gomoku::eval::GomokuEvaluator;
use banco_gomoku::{GameStatus, GomokuGame, Point, Rule, Side};
use banco_search::{Evaluator, Game, Limits, Searcher, Silent};

use crate::computer::{SearchPlan, think};

/// Within this many of the evaluation's units of level, the second player
/// adds two stones instead of choosing a colour (a tempo is worth 30).
pub const BALANCE_MARGIN: i32 = 60;
/// Three-stone openings searched before one is proposed.
const PROPOSALS_SEARCHED: usize = 6;

/// Which swap opening.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum SwapRule {
    /// Three stones, then swap or play.
    Swap1,
    /// Three stones, then swap, play, or two more stones and the other's choice.
    Swap2,
}

impl SwapRule {
    /// The rule's name, as options and the API write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SwapRule::Swap1 => "swap1",
            SwapRule::Swap2 => "swap2",
        }
    }

    /// The stone counts at which a player chooses.
    fn asks_at(self, stones: usize) -> bool {
        match self {
            SwapRule::Swap1 => matches!(stones, 0 | 3),
            SwapRule::Swap2 => matches!(stones, 0 | 3 | 5),
        }
    }
}

impl std::str::FromStr for SwapRule {
    type Err = String;

    fn from_str(text: &str) -> Result<SwapRule, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swap1" | "swap" => Ok(SwapRule::Swap1),
            "swap2" => Ok(SwapRule::Swap2),
            _ => Err(format!(
                "'{}' is not a swap opening: expected swap1 or swap2",
                text.chars().take(20).collect::<String>()
            )),
        }
    }
}

/// What a player answers at a step of a swap opening.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum SwapAnswer {
    /// The first three stones: black, white, black.
    Opening([Point; 3]),
    /// Take black: the other side plays the next stone, as white.
    Swap,
    /// Take white and play this stone now.
    Play(Point),
    /// Put these two stones (white, then black) and leave the choice of
    /// colour to the other player.
    AddTwo([Point; 2]),
}

/// Why a swap step cannot be answered.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum SwapError {
    /// Swap2 asks at 0, 3 or 5 stones only, swap1 at 0 or 3.
    #[error("{rule} asks with {expected} stones on the board, not {count}")]
    StoneCount {
        /// The opening's name.
        rule: &'static str,
        /// The counts it asks at.
        expected: &'static str,
        /// The count given.
        count: usize,
    },
    /// A stone that cannot be put where it is given.
    #[error("stone {index} ({point}): {reason}")]
    BadStone {
        /// Its number, from 1.
        index: usize,
        /// Where.
        point: Point,
        /// Why not.
        reason: String,
    },
    /// The stones already decide the game.
    #[error("the stones already decide the game")]
    Decided,
}

/// The position after `stones`, put alternately from black.
///
/// # Errors
///
/// A stone off the board's rules or on another, or stones that end the game.
pub fn swap_position(
    opening: SwapRule,
    size: u8,
    rule: Rule,
    stones: &[Point],
) -> Result<GomokuGame, SwapError> {
    if !opening.asks_at(stones.len()) {
        return Err(SwapError::StoneCount {
            rule: opening.name(),
            expected: match opening {
                SwapRule::Swap1 => "0 or 3",
                SwapRule::Swap2 => "0, 3 or 5",
            },
            count: stones.len(),
        });
    }
    let mut game = GomokuGame::new(size, rule).map_err(|err| SwapError::BadStone {
        index: 0,
        point: Point::centre(size),
        reason: err.to_string(),
    })?;
    for (at, &point) in stones.iter().enumerate() {
        let side = if at.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        };
        game.place(point, side).map_err(|err| SwapError::BadStone {
            index: at + 1,
            point,
            reason: err.to_string(),
        })?;
    }
    game.set_side_to_move(if stones.len().is_multiple_of(2) {
        Side::First
    } else {
        Side::Second
    });
    if game.status() != GameStatus::Ongoing {
        return Err(SwapError::Decided);
    }
    Ok(game)
}

/// The computer's answer at this step of the opening (`stones`: those on
/// the board, black first), searching within `plan` (its time split
/// between the searches the answer needs).
///
/// # Errors
///
/// [`SwapError`] for stones that are not a step of the opening.
pub fn swap_answer(
    opening: SwapRule,
    size: u8,
    rule: Rule,
    stones: &[Point],
    searcher: &mut Searcher,
    plan: &SearchPlan,
) -> Result<SwapAnswer, SwapError> {
    let game = swap_position(opening, size, rule, stones)?;
    Ok(match stones.len() {
        0 => SwapAnswer::Opening(propose(size, rule, searcher, plan)),
        3 if opening == SwapRule::Swap1 => {
            let (best, value) = judge(&game, searcher, plan, 1);
            match best {
                Some(white) if value >= 0 => SwapAnswer::Play(white),
                _ => SwapAnswer::Swap,
            }
        }
        3 => {
            let (best, value) = judge(&game, searcher, plan, 2);
            match best {
                _ if value <= -BALANCE_MARGIN => SwapAnswer::Swap,
                Some(white) if value >= BALANCE_MARGIN => SwapAnswer::Play(white),
                Some(white) => {
                    let mut after = game.clone();
                    after.make_move(white);
                    match judge(&after, searcher, plan, 2).0 {
                        Some(black) => SwapAnswer::AddTwo([white, black]),
                        None => SwapAnswer::Play(white),
                    }
                }
                None => SwapAnswer::Swap,
            }
        }
        _ => {
            let (best, value) = judge(&game, searcher, plan, 1);
            match best {
                Some(white) if value >= 0 => SwapAnswer::Play(white),
                _ => SwapAnswer::Swap,
            }
        }
    })
}

/// The best move for the side to move and its value, from a search with a
/// `share`-th of the plan's time (or its depth, without a time).
fn judge(
    game: &GomokuGame,
    searcher: &mut Searcher,
    plan: &SearchPlan,
    share: u32,
) -> (Option<Point>, i32) {
    let mut part = plan.clone();
    part.limits = Limits {
        move_time: plan
            .limits
            .move_time
            .map(|t| (t / share.max(1)).max(Duration::from_millis(1))),
        ..plan.limits.clone()
    };
    let thought = think(game, searcher, &part, &mut Silent);
    (thought.best_move, thought.report.value)
}

/// The three-stone opening closest to balanced: the candidates the static
/// evaluation finds most level (black in the centre, white next to it,
/// straight or diagonal, the third stone within two points), then searched.
fn propose(size: u8, rule: Rule, searcher: &mut Searcher, plan: &SearchPlan) -> [Point; 3] {
    let centre = Point::centre(size);
    let at = |dx: i8, dy: i8| {
        Point::new(
            centre.x.wrapping_add_signed(dx),
            centre.y.wrapping_add_signed(dy),
        )
    };
    let eval = GomokuEvaluator::Strong;
    let mut candidates = Vec::new();
    for white in [at(1, 0), at(1, 1)] {
        for dy in -2..=2_i8 {
            for dx in -2..=2_i8 {
                let third = at(dx, dy);
                if third == centre || third == white {
                    continue;
                }
                let stones = [centre, white, third];
                if let Ok(game) = swap_position(SwapRule::Swap2, size, rule, &stones) {
                    candidates.push((eval.evaluate(&game).abs(), stones));
                }
            }
        }
    }
    candidates.sort_by_key(|&(level, stones)| (level, stones));
    candidates.truncate(PROPOSALS_SEARCHED);
    let share = u32::try_from(candidates.len()).unwrap_or(1);
    let mut best = (i32::MAX, [centre, at(1, 0), at(0, 1)]);
    for (_, stones) in candidates {
        let Ok(game) = swap_position(SwapRule::Swap2, size, rule, &stones) else {
            continue;
        };
        let level = judge(&game, searcher, plan, share).1.abs();
        if level < best.0 {
            best = (level, stones);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ComputerSettings;
    use crate::computer::plan;
    use banco_search::{Level, SearchConfig};

    fn quick() -> SearchPlan {
        plan::<GomokuGame>(
            &ComputerSettings::level(Level::MAX),
            SearchConfig::default(),
            Limits::depth(3),
            0,
        )
    }

    fn points(text: &str) -> Vec<Point> {
        text.split_whitespace()
            .map(|p| Point::parse(p, 15).unwrap())
            .collect()
    }

    #[test]
    fn an_opening_is_three_distinct_stones_near_the_centre() {
        let mut searcher = Searcher::new(SearchConfig::default());
        let answer = swap_answer(
            SwapRule::Swap2,
            15,
            Rule::Freestyle,
            &[],
            &mut searcher,
            &quick(),
        )
        .unwrap();
        let SwapAnswer::Opening(stones) = answer else {
            panic!("{answer:?}");
        };
        assert_eq!(stones[0], Point::centre(15));
        assert!(swap_position(SwapRule::Swap2, 15, Rule::Freestyle, &stones).is_ok());
    }

    #[test]
    fn the_better_colour_is_taken() {
        let mut searcher = Searcher::new(SearchConfig::default());
        let mut answer = |stones: &str| {
            swap_answer(
                SwapRule::Swap2,
                15,
                Rule::Freestyle,
                &points(stones),
                &mut searcher,
                &quick(),
            )
            .unwrap()
        };
        // Black's open three in the centre, white's stones in the corners:
        // black's side is the better one, at three stones and at five.
        assert_eq!(answer("h8 a1 i8"), SwapAnswer::Swap);
        assert_eq!(answer("h8 a1 i8 a15 j8"), SwapAnswer::Swap);
        // The other way round: white's two stones in the centre, black's in
        // the corners, white to move: stay white and play.
        assert!(matches!(answer("a1 h8 a15 i8 o1"), SwapAnswer::Play(_)));
        assert!(matches!(answer("a1 h8 o15"), SwapAnswer::Play(_)));
    }

    #[test]
    fn swap1_chooses_a_colour_at_three_and_asks_no_more() {
        let mut searcher = Searcher::new(SearchConfig::default());
        let mut answer = |stones: &str| {
            swap_answer(
                SwapRule::Swap1,
                15,
                Rule::Freestyle,
                &points(stones),
                &mut searcher,
                &quick(),
            )
        };
        assert_eq!(answer("h8 a1 i8"), Ok(SwapAnswer::Swap));
        assert!(matches!(answer("a1 h8 o15"), Ok(SwapAnswer::Play(_))));
        assert!(matches!(
            answer("h8 a1 i8 a15 j8"),
            Err(SwapError::StoneCount { count: 5, .. })
        ));
        assert_eq!("Swap2".parse(), Ok(SwapRule::Swap2));
        assert!("swap3".parse::<SwapRule>().is_err());
    }

    #[test]
    fn seven_stones_are_not_a_step() {
        let mut searcher = Searcher::new(SearchConfig::default());
        assert_eq!(
            swap_answer(
                SwapRule::Swap2,
                15,
                Rule::Freestyle,
                &points("h8 a1 i8 a15 j8 o15 k8"),
                &mut searcher,
                &quick()
            ),
            Err(SwapError::StoneCount {
                rule: "swap2",
                expected: "0, 3 or 5",
                count: 7
            })
        );
    }

    #[test]
    fn bad_stones_are_named() {
        let stones = points("h8 h8 i8");
        assert!(matches!(
            swap_position(SwapRule::Swap2, 15, Rule::Freestyle, &stones),
            Err(SwapError::BadStone { index: 2, .. })
        ));
        assert_eq!(
            swap_position(SwapRule::Swap2, 15, Rule::Freestyle, &points("h8 i8")).err(),
            Some(SwapError::StoneCount {
                rule: "swap2",
                expected: "0, 3 or 5",
                count: 2
            })
        );
    }
}
