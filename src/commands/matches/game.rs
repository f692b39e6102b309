//! One match game: the players move in turn until the rules end the game,
//! both players agree it is decided, or it runs too long.

use std::time::Instant;

use banco_search::{Outcome, Score, Side};

use super::clock::{GameClock, TimeControl};
use super::openings::Opening;
use super::player::Player;
use banco_games::Playable;

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why, in a few words.
    pub reason: String,
    /// Plies played, the opening's included.
    pub plies: usize,
}

/// What ends a game early.
#[derive(Copy, Clone, Debug)]
pub struct GameRules {
    /// How the players are given time.
    pub control: TimeControl,
    /// A game this long is a draw.
    pub max_plies: usize,
    /// A score (from the mover's side, in centipawns) both players must agree
    /// on for [`ADJUDICATE_PLIES`] plies for the game to be given to the side
    /// it favours; mate scores always count. `None`: only mate scores.
    pub decisive_cp: Option<i32>,
}

/// How many plies in a row both players must see the same side winning.
pub const ADJUDICATE_PLIES: usize = 4;
/// A game is given as drawn once it is this long and both players have
/// scored it within [`DRAWN_CP`] of level for [`DRAWN_PLIES`] plies in a row
/// (as match referees do, so dead-drawn endgames do not run to the move limit).
pub const DRAWN_AFTER: usize = 80;
/// See [`DRAWN_AFTER`].
pub const DRAWN_PLIES: usize = 10;
/// See [`DRAWN_AFTER`].
pub const DRAWN_CP: i32 = 10;

/// The outcome the rules give the position, from the side to move's view.
fn judge<G: Playable>(game: &G, hashes: &[u64]) -> Option<(Outcome, &'static str)> {
    // The rules first: a finished gomoku game has no moves left either.
    if let Some(outcome) = game.rule_outcome() {
        return Some((outcome, "rule"));
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return Some((game.no_moves_outcome(), "no legal move"));
    }
    // The third time the position comes back, with the same side to move.
    let now = *hashes.last()?;
    let mut earlier = Vec::new();
    let mut i = hashes.len() - 1;
    while i >= 2 {
        i -= 2;
        if hashes[i] == now {
            earlier.push(i);
        }
    }
    if earlier.len() >= 2 {
        let cycle = hashes.len() - 1 - earlier[0];
        return Some((game.repetition_outcome(cycle), "repetition"));
    }
    None
}

fn winner_of(outcome: Outcome, to_move: Side) -> Option<Side> {
    match outcome {
        Outcome::Win => Some(to_move),
        Outcome::Loss => Some(to_move.opponent()),
        Outcome::Draw => None,
    }
}

/// The side a score says is winning, if it is decisive.
fn decisive(score: Score, mover: Side, threshold: Option<i32>) -> Option<Side> {
    let favours_mover = match score {
        Score::Mate(n) => n > 0,
        Score::Centipawns(cp) => match threshold {
            Some(t) if cp.abs() >= t => cp > 0,
            _ => return None,
        },
    };
    Some(if favours_mover {
        mover
    } else {
        mover.opponent()
    })
}

/// Plays one game from `opening`; `players[0]` moves first.
///
/// A player that fails (an engine that dies or plays an illegal move) loses.
///
/// # Errors
///
/// An opening the game refuses.
pub fn play<G: Playable>(
    opening: &Opening,
    players: [&mut dyn Player<G>; 2],
    rules: &GameRules,
) -> anyhow::Result<GameResult> {
    let mut game = G::setup(&opening.setup)?;
    let start = game.clone();
    let mut moves = Vec::new();
    for code in &opening.moves {
        let mv = game.parse_move(code).map_err(|e| anyhow::anyhow!(e))?;
        game.make_move(mv);
        moves.push(mv);
    }
    let [first, second] = players;
    let mut players = [first, second];
    for player in &mut players {
        player.new_game()?;
    }
    let mut hashes = vec![game.hash()];
    let mut clock = GameClock::new(rules.control);
    let mut streak: Option<(Side, usize)> = None;
    let mut level_streak = 0;
    let result = |winner, reason: &str, plies| GameResult {
        winner,
        reason: reason.to_owned(),
        plies,
    };
    loop {
        let to_move = game.side_to_move();
        if let Some((outcome, reason)) = judge(&game, &hashes) {
            return Ok(result(winner_of(outcome, to_move), reason, moves.len()));
        }
        if moves.len() >= rules.max_plies {
            return Ok(result(None, "move limit", moves.len()));
        }
        let limit = clock.limit(to_move);
        let thinking = Instant::now();
        let chosen = players[to_move.index()].choose(&start, &moves, &game, &limit);
        if !clock.charge(to_move, thinking.elapsed()) {
            return Ok(result(
                Some(to_move.opponent()),
                "time forfeit",
                moves.len(),
            ));
        }
        let choice = match chosen {
            Ok(choice) => choice,
            Err(e) => {
                return Ok(result(
                    Some(to_move.opponent()),
                    &format!("{e:#}"),
                    moves.len(),
                ));
            }
        };
        game.make_move(choice.mv);
        moves.push(choice.mv);
        hashes.push(game.hash());
        let verdict = choice
            .score
            .and_then(|s| decisive(s, to_move, rules.decisive_cp));
        streak = match (verdict, streak) {
            (Some(side), Some((same, n))) if side == same => Some((side, n + 1)),
            (Some(side), _) => Some((side, 1)),
            (None, _) => None,
        };
        if let Some((side, n)) = streak
            && n >= ADJUDICATE_PLIES
        {
            return Ok(result(Some(side), "adjudicated", moves.len()));
        }
        let level = rules.decisive_cp.is_some()
            && matches!(choice.score, Some(Score::Centipawns(cp)) if cp.abs() <= DRAWN_CP);
        level_streak = if level { level_streak + 1 } else { 0 };
        if level_streak >= DRAWN_PLIES && moves.len() >= DRAWN_AFTER {
            return Ok(result(None, "adjudicated draw", moves.len()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::matches::player::LevelPlayer;
    use banco_games::ChessGame;
    use banco_search::Level;

    #[test]
    fn a_mate_ends_the_game_for_the_mater() {
        let opening = Opening {
            setup: banco_games::Setup::position(Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")),
            moves: Vec::new(),
        };
        let mut a = LevelPlayer::new(Level::MAX);
        let mut b = LevelPlayer::new(Level::MAX);
        let rules = GameRules {
            control: TimeControl::MoveTime(std::time::Duration::from_millis(50)),
            max_plies: 20,
            decisive_cp: None,
        };
        let result = play::<ChessGame>(&opening, [&mut a, &mut b], &rules).unwrap();
        assert_eq!(result.winner, Some(Side::First), "{result:?}");
        assert_eq!(result.plies, 1);
    }

    #[test]
    fn the_third_repetition_is_judged() {
        use banco_search::Game;
        let mut game = <ChessGame as Playable>::setup(&banco_games::Setup::default()).unwrap();
        let mut hashes = vec![game.hash()];
        for cycle in 0..2 {
            for code in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                let mv = Playable::parse_move(&game, code).unwrap();
                game.make_move(mv);
                hashes.push(game.hash());
            }
            if cycle == 0 {
                assert!(judge(&game, &hashes).is_none());
            }
        }
        let (outcome, reason) = judge(&game, &hashes).unwrap();
        assert_eq!((outcome, reason), (Outcome::Draw, "repetition"));
    }
}
