//! Small games for testing and teaching the search: tic-tac-toe (solved: a
//! draw) and a deterministic random game tree. Neither knows more of the
//! search than any other game does.

use crate::{Evaluator, Game, Outcome, Side};

/// SplitMix64: turns any number into a well-mixed one.
#[must_use]
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn ttt_keys() -> [[u64; 9]; 2] {
    let mut keys = [[0; 9]; 2];
    let mut i = 0;
    while i < 18 {
        keys[i / 9][i % 9] = mix(0x7ac7_0e00 + i as u64);
        i += 1;
    }
    keys
}

const TTT_KEYS: [[u64; 9]; 2] = ttt_keys();
const TTT_SIDE_KEY: u64 = mix(0x5eed);
const TTT_LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe. Squares 0..9 row by row; X moves first.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TicTacToe {
    cells: [Option<Side>; 9],
    to_move: Side,
    hash: u64,
    stones: u8,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

impl TicTacToe {
    /// The empty board, X to move.
    #[must_use]
    pub fn new() -> TicTacToe {
        TicTacToe {
            cells: [None; 9],
            to_move: Side::First,
            hash: 0,
            stones: 0,
        }
    }

    /// A position from a string of nine characters `X`, `O` or `.`; the side to
    /// move follows from the counts. `None` if malformed.
    #[must_use]
    pub fn from_cells(cells: &str) -> Option<TicTacToe> {
        let mut game = TicTacToe::new();
        let chars: Vec<char> = cells.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 9 {
            return None;
        }
        let (mut xs, mut os) = (Vec::new(), Vec::new());
        for (i, c) in chars.into_iter().enumerate() {
            match c {
                'X' | 'x' => xs.push(i),
                'O' | 'o' => os.push(i),
                '.' => {}
                _ => return None,
            }
        }
        if xs.len() != os.len() && xs.len() != os.len() + 1 {
            return None;
        }
        for (i, &x) in xs.iter().enumerate() {
            game.make_move(u8::try_from(x).ok()?);
            if let Some(&o) = os.get(i) {
                game.make_move(u8::try_from(o).ok()?);
            }
        }
        Some(game)
    }

    fn line_owner(&self) -> Option<Side> {
        TTT_LINES.iter().find_map(|line| {
            let first = self.cells[line[0]]?;
            (self.cells[line[1]] == Some(first) && self.cells[line[2]] == Some(first))
                .then_some(first)
        })
    }
}

impl Game for TicTacToe {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 9;

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.line_owner().is_some() {
            return;
        }
        out.extend((0..9_u8).filter(|&i| self.cells[i as usize].is_none()));
    }

    fn make_move(&mut self, mv: u8) {
        let i = mv as usize;
        self.cells[i] = Some(self.to_move);
        self.hash ^= TTT_KEYS[self.to_move.index()][i] ^ TTT_SIDE_KEY;
        self.to_move = self.to_move.opponent();
        self.stones += 1;
    }

    fn unmake_move(&mut self, mv: u8) {
        let i = mv as usize;
        self.to_move = self.to_move.opponent();
        self.cells[i] = None;
        self.hash ^= TTT_KEYS[self.to_move.index()][i] ^ TTT_SIDE_KEY;
        self.stones -= 1;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        if self.line_owner().is_some() {
            // Only the player who just moved can have completed a line.
            Some(Outcome::Loss)
        } else if self.stones == 9 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    fn move_index(mv: u8) -> usize {
        mv as usize
    }

    fn move_key(mv: u8) -> u16 {
        u16::from(mv)
    }
}

/// Tic-tac-toe evaluation: lines still open to the side to move minus the
/// opponent's, with two-in-a-row counting more.
#[derive(Copy, Clone, Debug, Default)]
pub struct TicTacToeEval;

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn name(&self) -> &'static str {
        "lines"
    }

    fn evaluate(&self, game: &TicTacToe) -> i32 {
        let us = game.to_move;
        let mut score = 0;
        for line in TTT_LINES {
            let ours = line.iter().filter(|&&i| game.cells[i] == Some(us)).count();
            let theirs = line
                .iter()
                .filter(|&&i| game.cells[i] == Some(us.opponent()))
                .count();
            match (ours, theirs) {
                (n, 0) if n > 0 => score += 10 * n as i32,
                (0, n) if n > 0 => score -= 10 * n as i32,
                _ => {}
            }
        }
        score
    }
}

/// A deterministic random game tree: every position has 2 to `max_branching`
/// moves, a few positions are lost for the side to move, and the evaluation is
/// a hash of the path. No position is reached twice, so any two correct
/// fixed-depth searches must agree on the root value exactly.
#[derive(Clone, Debug)]
pub struct RandomTree {
    path: Vec<u64>,
    max_branching: u8,
}

impl RandomTree {
    /// A tree from `seed` with up to `max_branching` (at most 16) moves per position.
    #[must_use]
    pub fn new(seed: u64, max_branching: u8) -> RandomTree {
        RandomTree {
            path: vec![mix(seed)],
            max_branching: max_branching.clamp(2, 16),
        }
    }

    fn current(&self) -> u64 {
        *self.path.last().expect("the root is never popped")
    }
}

impl Game for RandomTree {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 16;

    fn side_to_move(&self) -> Side {
        if self.path.len() % 2 == 1 {
            Side::First
        } else {
            Side::Second
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        let span = u64::from(self.max_branching - 1);
        let count = 2 + (self.current() >> 8) % span;
        out.extend(0..u8::try_from(count).unwrap_or(2));
    }

    fn make_move(&mut self, mv: u8) {
        let next = mix(self.current() ^ (u64::from(mv) + 1).wrapping_mul(0xA24B_AED4_963E_E407));
        self.path.push(next);
    }

    fn unmake_move(&mut self, _mv: u8) {
        if self.path.len() > 1 {
            self.path.pop();
        }
    }

    fn hash(&self) -> u64 {
        self.current()
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        (self.path.len() > 1 && self.current().is_multiple_of(29)).then_some(Outcome::Loss)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    fn move_index(mv: u8) -> usize {
        mv as usize
    }

    fn move_key(mv: u8) -> u16 {
        u16::from(mv)
    }
}

/// The random tree's evaluation: a value in −100..=100 drawn from the position's hash.
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomTreeEval;

impl Evaluator<RandomTree> for RandomTreeEval {
    fn name(&self) -> &'static str {
        "random"
    }

    fn evaluate(&self, game: &RandomTree) -> i32 {
        i32::try_from(mix(game.current() ^ 0xe7a1) % 201).unwrap_or(0) - 100
    }
}

/// Checks an evaluator's breakdown of `game` against its evaluation: the
/// breakdown's score is [`Evaluator::evaluate`]'s, its first-player score
/// that turned to the first player's side, and its terms add up to it.
///
/// # Errors
///
/// What does not agree, with the numbers.
pub fn check_breakdown<G: Game, E: Evaluator<G>>(eval: &E, game: &G) -> Result<(), String> {
    let Some(breakdown) = eval.explain(game) else {
        return Err(format!("{} gives no breakdown", eval.name()));
    };
    let value = eval.evaluate(game);
    if breakdown.score != value {
        return Err(format!(
            "{}: breakdown score {} but evaluate says {value}",
            eval.name(),
            breakdown.score
        ));
    }
    let first = match game.side_to_move() {
        Side::First => value,
        Side::Second => -value,
    };
    if breakdown.first_player_score != first {
        return Err(format!(
            "{}: first player's score {} but {first} expected",
            eval.name(),
            breakdown.first_player_score
        ));
    }
    let sum = breakdown.sum();
    if (sum - f64::from(first)).abs() > 1e-6 {
        return Err(format!(
            "{}: the {} terms add up to {sum}, not {first}",
            eval.name(),
            breakdown.terms.len()
        ));
    }
    Ok(())
}

/// Positions reached by random legal moves from `start`: `count` games of
/// up to `plies` moves each, every position on the way kept; deterministic
/// under `seed`.
#[must_use]
pub fn random_positions<G: Game + Clone>(
    start: &G,
    seed: u64,
    count: usize,
    plies: usize,
) -> Vec<G> {
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    let mut state = seed;
    for _ in 0..count {
        let mut game = start.clone();
        positions.push(game.clone());
        for _ in 0..plies {
            if game.rule_outcome().is_some() {
                break;
            }
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            state = mix(state);
            let pick = usize::try_from(state % moves.len() as u64).unwrap_or(0);
            game.make_move(moves[pick]);
            positions.push(game.clone());
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft;

    #[test]
    fn tic_tac_toe_has_255168_games() {
        // The number of distinct complete games of tic-tac-toe.
        fn games(g: &mut TicTacToe) -> u64 {
            if g.rule_outcome().is_some() {
                return 1;
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|m| {
                    g.make_move(m);
                    let n = games(g);
                    g.unmake_move(m);
                    n
                })
                .sum()
        }
        assert_eq!(games(&mut TicTacToe::new()), 255_168);
        assert_eq!(perft(&mut TicTacToe::new(), 2), 72);
    }

    #[test]
    fn hash_returns_after_unmake() {
        let mut g = TicTacToe::new();
        let h0 = g.hash();
        g.make_move(4);
        g.make_move(0);
        assert_ne!(g.hash(), h0);
        g.unmake_move(0);
        g.unmake_move(4);
        assert_eq!(g.hash(), h0);
        assert_eq!(g, TicTacToe::new());
    }

    #[test]
    fn from_cells_rejects_bad_boards() {
        assert!(TicTacToe::from_cells("XX.......").is_none());
        assert!(TicTacToe::from_cells("X?.......").is_none());
        assert!(TicTacToe::from_cells("XO.").is_none());
        let g = TicTacToe::from_cells("XO.X.....").unwrap();
        assert_eq!(g.side_to_move(), Side::Second);
    }
}
