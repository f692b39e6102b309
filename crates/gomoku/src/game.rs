//! A game of gomoku under one rule: the board, whose turn it is, the moves so
//! far, and the search's [`Game`] contract.
//!
//! **Moves the search sees.** [`Game::legal_moves`] does not list every empty
//! point: it lists the empty points within two of a stone (the centre on an
//! empty board), as gomoku programs do, since a stone far from all others
//! never matters to the outcome the search can see. When the side to move
//! can make five it lists only those points; when the opponent threatens
//! five, only the points that stop it (every other move loses at once);
//! when he can make a straight four, only our fours and the points on that
//! four's lines that can stop it (every other move loses to it).
//! Renju's black never gets a forbidden point. The checked entry points for
//! people and protocols, [`GomokuGame::play`] and [`GomokuGame::play_str`],
//! accept any empty point, forbidden ones included (black then loses).

use banco_search::{Game, Outcome, SearchParams, Side};

use crate::board::{Board, Threat};
use crate::pattern::REACH;
use crate::point::{STRIDE, check_size};
use crate::renju::{DIRECTIONS, Foul};
use crate::{MoveError, Point, Rule, SizeError, zobrist};

/// One move played: where, by whom, and what it did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PlayedMove {
    /// The point.
    pub point: Point,
    /// Who played it.
    pub side: Side,
    /// Whether it made a winning five.
    pub won: bool,
    /// The renju foul it was, if black committed one (a five comes first).
    pub foul: Option<Foul>,
}

/// How the game stands.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum GameStatus {
    /// Play goes on.
    Ongoing,
    /// `winner` made five: `line` holds its points.
    Five {
        /// The winner.
        winner: Side,
        /// The winning row, in order along the line.
        line: Vec<Point>,
    },
    /// Black played a forbidden point under renju and lost.
    Foul {
        /// The point.
        point: Point,
        /// Which foul.
        foul: Foul,
    },
    /// The board is full with no winner.
    Draw,
}

/// A gomoku game under one rule.
#[derive(Clone)]
pub struct GomokuGame {
    board: Board,
    rule: Rule,
    to_move: Side,
    history: Vec<PlayedMove>,
}

impl std::fmt::Debug for GomokuGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GomokuGame")
            .field("size", &self.size())
            .field("rule", &self.rule)
            .field(
                "moves",
                &self
                    .history
                    .iter()
                    .map(|m| m.point.to_string())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl GomokuGame {
    /// An empty board of side `size` (15 to 20) under `rule`; black moves first.
    ///
    /// # Errors
    ///
    /// A size outside 15..=20.
    pub fn new(size: u8, rule: Rule) -> Result<GomokuGame, SizeError> {
        let size = check_size(size)?;
        Ok(GomokuGame {
            board: Board::new(size, rule),
            rule,
            to_move: Side::First,
            history: Vec::new(),
        })
    }

    /// The standard 15×15 board under `rule`.
    #[must_use]
    pub fn standard(rule: Rule) -> GomokuGame {
        GomokuGame {
            board: Board::new(crate::DEFAULT_SIZE, rule),
            rule,
            to_move: Side::First,
            history: Vec::new(),
        }
    }

    /// A game from moves written `h8 i9 …` or `7,7 8,8 …` (spaces between
    /// moves), black first.
    ///
    /// # Errors
    ///
    /// The first move that cannot be read or played.
    pub fn from_moves(size: u8, rule: Rule, moves: &str) -> Result<GomokuGame, crate::GomokuError> {
        let mut game = GomokuGame::new(size, rule)?;
        for text in moves.split_whitespace() {
            game.play_str(text)?;
        }
        Ok(game)
    }

    /// The board's side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.board.size()
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The stone on `p`, if any (`None` off the board too).
    #[must_use]
    pub fn stone(&self, p: Point) -> Option<Side> {
        if p.on_board(self.size()) {
            self.board.stone(p)
        } else {
            None
        }
    }

    /// The moves played, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[PlayedMove] {
        &self.history
    }

    /// The last move, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<PlayedMove> {
        self.history.last().copied()
    }

    /// The number of stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.board.stones()
    }

    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// Places a stone for the side to move at any empty point, checked.
    ///
    /// # Errors
    ///
    /// A point off the board, an occupied point, or a finished game.
    pub fn play(&mut self, p: Point) -> Result<PlayedMove, MoveError> {
        if !p.on_board(self.size()) {
            return Err(MoveError::OutOfBoard {
                x: i64::from(p.x),
                y: i64::from(p.y),
                size: self.size(),
            });
        }
        if self.rule_outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if self.board.stone(p).is_some() {
            return Err(MoveError::Occupied { point: p });
        }
        self.make_move(p);
        Ok(self.history[self.history.len() - 1])
    }

    /// Reads a point (`h8` or `x,y`) and plays it.
    ///
    /// # Errors
    ///
    /// As [`Point::parse`] and [`GomokuGame::play`].
    pub fn play_str(&mut self, text: &str) -> Result<PlayedMove, MoveError> {
        let p = Point::parse(text, self.size())?;
        self.play(p)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        let last = self.history.last().copied()?;
        self.unmake_move(last.point);
        Some(last)
    }

    /// Puts a stone of `side` on `p` without taking turns (a position set up
    /// by a protocol's `BOARD`), then gives the move to `side`'s opponent.
    ///
    /// # Errors
    ///
    /// A point off the board or occupied.
    pub fn place(&mut self, p: Point, side: Side) -> Result<PlayedMove, MoveError> {
        if !p.on_board(self.size()) {
            return Err(MoveError::OutOfBoard {
                x: i64::from(p.x),
                y: i64::from(p.y),
                size: self.size(),
            });
        }
        if self.board.stone(p).is_some() {
            return Err(MoveError::Occupied { point: p });
        }
        self.to_move = side;
        self.make_move(p);
        Ok(self.history[self.history.len() - 1])
    }

    /// Gives the turn to `side` (after setting up a position).
    pub fn set_side_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// How the game stands.
    #[must_use]
    pub fn status(&self) -> GameStatus {
        if let Some(last) = self.history.last() {
            if last.won {
                return GameStatus::Five {
                    winner: last.side,
                    line: self.winning_line(last.point, last.side),
                };
            }
            if let Some(foul) = last.foul {
                return GameStatus::Foul {
                    point: last.point,
                    foul,
                };
            }
        }
        if self.board.is_full() {
            GameStatus::Draw
        } else {
            GameStatus::Ongoing
        }
    }

    /// The row of `side`'s stones through `p` that is five or longer.
    fn winning_line(&self, p: Point, side: Side) -> Vec<Point> {
        let n = i32::from(self.size());
        let at = |x: i32, y: i32| {
            (0..n).contains(&x)
                && (0..n).contains(&y)
                && self.board.stone(Point::new(x as u8, y as u8)) == Some(side)
        };
        let (px, py) = (i32::from(p.x), i32::from(p.y));
        for (dx, dy) in DIRECTIONS {
            let mut lo = 0;
            while at(px + (lo - 1) * dx, py + (lo - 1) * dy) {
                lo -= 1;
            }
            let mut hi = 0;
            while at(px + (hi + 1) * dx, py + (hi + 1) * dy) {
                hi += 1;
            }
            if hi - lo + 1 >= 5 {
                return (lo..=hi)
                    .map(|s| Point::new((px + s * dx) as u8, (py + s * dy) as u8))
                    .collect();
            }
        }
        vec![p]
    }

    /// The foul black would commit at the empty `p` (renju only).
    #[must_use]
    pub fn foul_at(&self, p: Point) -> Option<Foul> {
        if self.rule != Rule::Renju || !p.on_board(self.size()) || self.board.stone(p).is_some() {
            return None;
        }
        self.board.exact_foul(p.index())
    }

    /// The points forbidden to black now (renju only; empty otherwise).
    #[must_use]
    pub fn forbidden_points(&self) -> Vec<Point> {
        if self.rule != Rule::Renju {
            return Vec::new();
        }
        self.board
            .indices()
            .filter(|&i| self.board.is_empty_at(i) && self.board.exact_foul(i).is_some())
            .map(Point::from_index)
            .collect()
    }

    /// What a stone of `side` at the empty `p` would make.
    #[must_use]
    pub fn threat(&self, side: Side, p: Point) -> Threat {
        if !p.on_board(self.size()) || self.board.stone(p).is_some() {
            return Threat::None;
        }
        self.board.threat(side, p.index())
    }

    /// The empty points where `side` would make at least `threat` and may play.
    pub(crate) fn points_with(&self, side: Side, threat: Threat, out: &mut Vec<Point>) {
        out.clear();
        if self.board.count_at_least(side, threat) == 0 {
            return;
        }
        let wanted = |i: usize| {
            self.board.is_empty_at(i)
                && self.board.threat(side, i) >= threat
                && self.allowed(side, i)
        };
        if threat >= Threat::Four {
            out.extend(
                self.board
                    .four_points(side)
                    .filter(|&i| wanted(i))
                    .map(Point::from_index),
            );
        } else {
            out.extend(
                self.board
                    .indices()
                    .filter(|&i| wanted(i))
                    .map(Point::from_index),
            );
        }
    }

    /// When the opponent can make a straight four (or two fours) with his
    /// next stone, the moves that do not lose to it at once: a four of our
    /// own, which he must answer first, or a point that changes the
    /// pattern of every such threat. A stone changes a point's pattern on a
    /// line only within the pattern's reach along that line, so the points
    /// kept are the threat point itself and, on each line where it makes a
    /// four, the points within that reach: a few more than the exact
    /// defences (the renju literature's defence set of a three), never
    /// fewer. Fills `out` and returns true when it found such a threat and
    /// such moves; otherwise leaves `out` empty and returns false (with no
    /// defence every move loses, and the search should see them all).
    fn open_four_defences(&self, out: &mut Vec<Point>) -> bool {
        out.clear();
        let me = self.to_move;
        let them = me.opponent();
        let board = &self.board;
        let n = i32::from(self.size());
        let mut hits = [0_u8; STRIDE * STRIDE];
        let mut threats = 0_u8;
        for q in board.indices() {
            if !board.is_empty_at(q)
                || board.threat(them, q) != Threat::OpenFour
                || !self.allowed(them, q)
            {
                continue;
            }
            threats = threats.saturating_add(1);
            hits[q] = hits[q].saturating_add(1);
            let at = Point::from_index(q);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                if board.pattern(them, q, d).fours() == 0 {
                    continue;
                }
                for step in (-REACH..=REACH).filter(|&s| s != 0) {
                    let (x, y) = (i32::from(at.x) + step * dx, i32::from(at.y) + step * dy);
                    if (0..n).contains(&x) && (0..n).contains(&y) {
                        let p = y as usize * STRIDE + x as usize;
                        hits[p] = hits[p].saturating_add(1);
                    }
                }
            }
        }
        if threats == 0 {
            return false;
        }
        out.extend(
            board
                .indices()
                .filter(|&i| {
                    board.is_empty_at(i)
                        && (hits[i] == threats || board.threat(me, i) >= Threat::Four)
                        && self.allowed(me, i)
                })
                .map(Point::from_index),
        );
        !out.is_empty()
    }

    /// Whether `side` may play the empty `index`: not a renju foul, by the
    /// tables where they decide and by the RIF scan where two threes meet.
    pub(crate) fn allowed(&self, side: Side, index: usize) -> bool {
        if side != Side::First || self.rule != Rule::Renju {
            return true;
        }
        self.board.threat(side, index) != Threat::Forbidden
            && self.board.exact_foul(index).is_none()
    }
}

impl Game for GomokuGame {
    type Move = Point;
    const MOVE_INDEX_SPACE: usize = STRIDE * STRIDE;
    // Pattern updates make a node cost several chess nodes (120–200 k
    // against 1.2–1.6 M nodes/s), so level 9 stays well inside level 10's
    // second; the threat searches at the root, outside the node count, keep
    // the small caps strong.
    const NODE_COST: u64 = 4;
    // Ordinary positions score a few hundred to a thousand and more, ten
    // times what chess positions score: a level's noise must be as wide.
    const EVAL_SCALE: i32 = 10;
    // Passed its SPRT in freestyle (docs/search.md): a point that alone
    // holds a threat together is common in gomoku.
    const SINGULAR_EXTENSIONS: bool = true;

    // Null-move pruning is off (its first depth out of reach) until a test
    // passes in gomoku (docs/search.md).
    const SEARCH_PARAMS: SearchParams = SearchParams {
        nmp_min_depth: 40,
        ..SearchParams::DEFAULT
    };

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    // A node lists tens of points and few of them matter: the move count
    // limit of gomoku engines at every depth, in the rules where it passed
    // its SPRT (docs/search.md: renju's and caro's once the learned prior
    // ordered their moves; standard's did not pass).
    fn move_count_pruning(&self) -> bool {
        matches!(self.rule, Rule::Freestyle | Rule::Renju | Rule::Caro)
    }

    // A cut node far above beta searched a ply less deep, in the rules
    // where it passed its SPRT (docs/search.md).
    fn fail_high_reduction(&self) -> bool {
        matches!(self.rule, Rule::Freestyle | Rule::Renju | Rule::Caro)
    }

    // The opponent's four is gomoku's check: one reply or the game is
    // lost, so the search extends the reply and never stands pat on it
    // (Rapfi extends its reply to a four the same way).
    fn in_check(&self) -> bool {
        let me = self.to_move;
        self.board.count(me.opponent(), Threat::Five) > 0 && self.board.count(me, Threat::Five) == 0
    }

    fn legal_moves(&self, out: &mut Vec<Point>) {
        out.clear();
        if self.rule_outcome().is_some() {
            return;
        }
        let me = self.to_move;
        let them = me.opponent();
        let board = &self.board;
        if board.stones() == 0 {
            out.push(Point::centre(self.size()));
            return;
        }
        if board.count(me, Threat::Five) > 0 {
            self.points_with(me, Threat::Five, out);
            return;
        }
        if board.count(them, Threat::Five) > 0 {
            self.points_with(them, Threat::Five, out);
            out.retain(|p| self.allowed(me, p.index()));
            if !out.is_empty() {
                return;
            }
        }
        if board.count(them, Threat::OpenFour) > 0 && self.open_four_defences(out) {
            return;
        }
        out.extend(
            board
                .indices()
                .filter(|&i| board.is_empty_at(i) && board.is_near(i) && self.allowed(me, i))
                .map(Point::from_index),
        );
        if out.is_empty() {
            out.extend(
                board
                    .indices()
                    .filter(|&i| board.is_empty_at(i) && self.allowed(me, i))
                    .map(Point::from_index),
            );
        }
    }

    fn make_move(&mut self, mv: Point) {
        let index = mv.index();
        let side = self.to_move;
        let won = self.board.threat(side, index) == Threat::Five;
        let foul = if self.rule == Rule::Renju && side == Side::First && !won {
            self.board.exact_foul(index)
        } else {
            None
        };
        self.board.place(index, side);
        self.history.push(PlayedMove {
            point: mv,
            side,
            won,
            foul,
        });
        self.to_move = side.opponent();
    }

    fn unmake_move(&mut self, mv: Point) {
        if let Some(last) = self.history.pop() {
            self.board.remove(mv.index());
            self.to_move = last.side;
        }
    }

    // A pass is a sound guess unless the opponent's next stone makes five
    // or a straight four: then passing loses, and the search's replies to
    // the threat must be tried instead.
    fn null_move_allowed(&self) -> bool {
        let them = self.to_move.opponent();
        self.rule_outcome().is_none()
            && self.board.count(them, Threat::Five) == 0
            && self.board.count(them, Threat::OpenFour) == 0
    }

    fn make_null_move(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    fn unmake_null_move(&mut self) {
        self.to_move = self.to_move.opponent();
    }

    fn hash(&self) -> u64 {
        match self.to_move {
            Side::First => self.board.hash(),
            Side::Second => self.board.hash() ^ zobrist::SECOND_TO_MOVE,
        }
    }

    fn hash_after(&self, mv: Point) -> Option<u64> {
        let stones = self.board.hash() ^ zobrist::STONES[self.to_move.index()][mv.index()];
        Some(match self.to_move {
            Side::First => stones ^ zobrist::SECOND_TO_MOVE,
            Side::Second => stones,
        })
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        if let Some(last) = self.history.last() {
            if last.won {
                return Some(Outcome::Loss);
            }
            if last.foul.is_some() {
                return Some(Outcome::Win);
            }
        }
        self.board.is_full().then_some(Outcome::Draw)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    fn move_index(mv: Point) -> usize {
        mv.index()
    }

    fn move_key(mv: Point) -> u16 {
        mv.index() as u16
    }
}
