//! Swap openings in the server's games (gomoku): who acts at each step, the
//! choices a step offers, and how a move or a choice moves the opening on.
//!
//! The players are named by side as always (first: black). During the
//! opening the one who acts is not always the side to move: the first
//! player puts the first three stones (black, white, black); the second
//! chooses (take black: the players change sides; take white: the game
//! goes on, him to move; swap2: add two stones, white and black); after two
//! added stones the first chooses (take black; take white: the players
//! change sides, him to move). Clocks and swap openings do not mix: a
//! clock runs for the side to move, not for who acts.

use banco_games::swap::{SwapAnswer, SwapRule};
use banco_search::Side;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::live::Draft;

/// Where an opening stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The first player puts the first three stones.
    Three,
    /// The second player chooses: black, white, or (swap2) two stones more.
    Choice,
    /// The second player puts two stones more (white, black).
    Two,
    /// The first player chooses black or white.
    FinalChoice,
    /// Over: the game goes on as any other.
    Done,
}

/// What a player chooses at a choice.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Choice {
    /// Play black.
    Black,
    /// Play white.
    White,
    /// Put two stones more and let the other choose (swap2).
    Two,
}

impl Choice {
    /// Reads `black`, `white` or `two`.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] naming `choice`.
    pub fn parse(text: &str) -> Result<Choice, ApiError> {
        match text {
            "black" => Ok(Choice::Black),
            "white" => Ok(Choice::White),
            "two" => Ok(Choice::Two),
            other => Err(ApiError::invalid(
                "choice",
                format!(
                    "'{}' is not a choice: expected black, white or two",
                    other.chars().take(16).collect::<String>()
                ),
            )),
        }
    }

    /// The API's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Choice::Black => "black",
            Choice::White => "white",
            Choice::Two => "two",
        }
    }
}

/// A game's swap opening.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Opening {
    /// `swap1` or `swap2`.
    #[serde(with = "rule_name")]
    pub rule: SwapRule,
    /// Where it stands.
    pub stage: Stage,
    /// The moves the opening took, once done: an undo stops there.
    #[serde(default)]
    pub plies: Option<usize>,
}

mod rule_name {
    use banco_games::swap::SwapRule;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(rule: &SwapRule, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(rule.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SwapRule, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What happens to the players and the opening after a choice.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Chosen {
    /// Whether the players change sides.
    pub exchange: bool,
}

impl Opening {
    /// A new opening, its first step to come.
    #[must_use]
    pub const fn new(rule: SwapRule) -> Opening {
        Opening {
            rule,
            stage: Stage::Three,
            plies: None,
        }
    }

    /// Whether the opening still decides who acts.
    #[must_use]
    pub fn active(&self) -> bool {
        self.stage != Stage::Done
    }

    /// The side whose player acts now (players are named by side: the
    /// first player opens); `None` once the opening is over.
    #[must_use]
    pub fn actor(&self) -> Option<Side> {
        match self.stage {
            Stage::Three | Stage::FinalChoice => Some(Side::First),
            Stage::Choice | Stage::Two => Some(Side::Second),
            Stage::Done => None,
        }
    }

    /// The choices open now (none while stones are to be put).
    #[must_use]
    pub fn choices(&self) -> &'static [&'static str] {
        match (self.stage, self.rule) {
            (Stage::Choice, SwapRule::Swap1) | (Stage::FinalChoice, _) => &["black", "white"],
            (Stage::Choice, SwapRule::Swap2) => &["black", "white", "two"],
            _ => &[],
        }
    }

    /// Whether a stone may be put now.
    #[must_use]
    pub fn takes_stones(&self) -> bool {
        matches!(self.stage, Stage::Three | Stage::Two | Stage::Done)
    }

    /// After a stone: `plies` stones are on the board.
    pub fn after_stone(&mut self, plies: usize) {
        match (self.stage, plies) {
            (Stage::Three, 3) => self.stage = Stage::Choice,
            (Stage::Two, 5) => self.stage = Stage::FinalChoice,
            _ => {}
        }
    }

    /// A choice made now, with `plies` stones on the board.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] when the choice is not open now.
    pub fn choose(&mut self, choice: Choice, plies: usize) -> Result<Chosen, ApiError> {
        if !self.choices().contains(&choice.name()) {
            return Err(ApiError::invalid(
                "choice",
                match self.choices() {
                    [] => "no choice is open now: stones are to be put".to_owned(),
                    open => format!("{} is not open now: {}", choice.name(), open.join(", ")),
                },
            ));
        }
        let chooser_is_second = self.stage == Stage::Choice;
        let exchange = match choice {
            Choice::Two => {
                self.stage = Stage::Two;
                return Ok(Chosen { exchange: false });
            }
            // The second player taking black, or the first taking white.
            Choice::Black => chooser_is_second,
            Choice::White => !chooser_is_second,
        };
        self.stage = Stage::Done;
        self.plies = Some(plies);
        Ok(Chosen { exchange })
    }

    /// Back to its first step (the game is reset).
    pub fn restart(&mut self) {
        *self = Opening::new(self.rule);
    }
}

/// Puts `stones` (points) on the draft's board, moving its opening on.
fn put_stones(draft: &mut Draft, stones: &[impl std::fmt::Display]) -> Result<(), ApiError> {
    for stone in stones {
        draft
            .game
            .play(&stone.to_string())
            .map_err(|err| ApiError::SearchFailed(format!("opening stone {stone}: {err}")))?;
        let plies = draft.game.moves().len();
        if let Some(opening) = draft.opening.as_mut() {
            opening.after_stone(plies);
        }
    }
    Ok(())
}

/// A choice made on the draft: its opening moves on, and the players
/// change sides if the choice says so.
///
/// # Errors
///
/// [`ApiError::Invalid`] when no opening is going on or the choice is not open.
pub fn apply_choice(draft: &mut Draft, choice: Choice) -> Result<(), ApiError> {
    let plies = draft.game.moves().len();
    let opening = draft
        .opening
        .as_mut()
        .filter(|o| o.active())
        .ok_or_else(|| ApiError::invalid("choice", "the game has no opening going on"))?;
    if opening.choose(choice, plies)?.exchange {
        draft.players.0.swap(0, 1);
    }
    Ok(())
}

/// The computer's answer at a step of the opening, applied to the draft.
///
/// # Errors
///
/// An answer that does not fit the step (a failed search).
pub fn apply_answer(draft: &mut Draft, answer: SwapAnswer) -> Result<(), ApiError> {
    let failed = |err: ApiError| ApiError::SearchFailed(format!("the opening's answer: {err}"));
    match answer {
        SwapAnswer::Opening(three) => put_stones(draft, &three),
        SwapAnswer::Swap => apply_choice(draft, Choice::Black).map_err(failed),
        SwapAnswer::Play(stone) => {
            apply_choice(draft, Choice::White).map_err(failed)?;
            put_stones(draft, &[stone])?;
            // The stone came with the choice: it belongs to the opening.
            let plies = draft.game.moves().len();
            if let Some(opening) = draft.opening.as_mut() {
                opening.plies = Some(plies);
            }
            Ok(())
        }
        SwapAnswer::AddTwo(two) => {
            apply_choice(draft, Choice::Two).map_err(failed)?;
            put_stones(draft, &two)
        }
    }
}

/// A person's stone on the draft, moving its opening on; refused while a
/// choice is to be made.
///
/// # Errors
///
/// [`ApiError::Invalid`] naming `move` while a choice is open.
pub fn check_stone(opening: Option<&Opening>) -> Result<(), ApiError> {
    match opening {
        Some(o) if !o.takes_stones() => Err(ApiError::invalid(
            "move",
            format!(
                "the opening asks for a choice first: {}",
                o.choices().join(", ")
            ),
        )),
        _ => Ok(()),
    }
}

/// The opening a new game asks for: `swap1` or `swap2`, for gomoku from
/// its empty board, without clocks.
///
/// # Errors
///
/// [`ApiError::Invalid`] naming `opening`.
pub fn for_new_game(
    name: &str,
    game: &dyn banco_games::AnyGame,
    clock: bool,
) -> Result<Opening, ApiError> {
    let rule: SwapRule = name
        .parse()
        .map_err(|e: String| ApiError::invalid("opening", e))?;
    if game.kind() != banco_games::GameKind::Gomoku {
        return Err(ApiError::invalid(
            "opening",
            format!("{} is for gomoku, not {}", rule.name(), game.kind()),
        ));
    }
    if !game.moves().is_empty()
        || game
            .setup()
            .position
            .as_deref()
            .is_some_and(|p| !p.trim().is_empty())
    {
        return Err(ApiError::invalid(
            "opening",
            "a swap opening starts on an empty board: leave out the position and the record",
        ));
    }
    if clock {
        return Err(ApiError::invalid(
            "opening",
            "swap openings are played without clocks",
        ));
    }
    Ok(Opening::new(rule))
}

/// The opening as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct OpeningView {
    /// `swap1` or `swap2`.
    pub rule: &'static str,
    /// Where it stands.
    pub stage: Stage,
    /// Who acts: `first` or `second` (as the players are named), while it lasts.
    pub actor: Option<&'static str>,
    /// The choices open now.
    pub choices: &'static [&'static str],
}

impl From<&Opening> for OpeningView {
    fn from(opening: &Opening) -> OpeningView {
        OpeningView {
            rule: opening.rule.name(),
            stage: opening.stage,
            actor: opening.actor().map(banco_games::side_name),
            choices: opening.choices(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swap2_goes_through_its_steps() {
        let mut opening = Opening::new(SwapRule::Swap2);
        assert_eq!(opening.actor(), Some(Side::First));
        for plies in 1..=3 {
            assert!(opening.takes_stones());
            opening.after_stone(plies);
        }
        assert_eq!(opening.stage, Stage::Choice);
        assert_eq!(opening.actor(), Some(Side::Second));
        assert!(!opening.takes_stones());
        assert_eq!(
            opening.choose(Choice::Two, 3).ok(),
            Some(Chosen { exchange: false })
        );
        opening.after_stone(4);
        assert_eq!(opening.stage, Stage::Two);
        opening.after_stone(5);
        assert_eq!(opening.actor(), Some(Side::First));
        assert!(opening.choose(Choice::Two, 5).is_err());
        // The first player taking white changes sides.
        assert_eq!(
            opening.choose(Choice::White, 5).ok(),
            Some(Chosen { exchange: true })
        );
        assert_eq!(opening.plies, Some(5));
        assert!(!opening.active());
    }

    #[test]
    fn swap1_offers_two_choices_and_a_swap_exchanges() {
        let mut opening = Opening::new(SwapRule::Swap1);
        assert!(opening.choose(Choice::Black, 0).is_err());
        opening.after_stone(3);
        assert_eq!(opening.choices(), ["black", "white"]);
        assert!(opening.choose(Choice::Two, 3).is_err());
        assert_eq!(
            opening.choose(Choice::Black, 3).ok(),
            Some(Chosen { exchange: true })
        );
        let text = serde_json::to_string(&opening).unwrap();
        let back: Opening = serde_json::from_str(&text).unwrap();
        assert_eq!(back, opening);
        assert!(Choice::parse("red").is_err());
    }
}
