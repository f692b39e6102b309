//! The board and the line patterns kept up to date as stones come and go.
//!
//! Every empty point knows, per direction, the key of its ten neighbours on
//! that line ([`crate::pattern`]); a stone changes the keys of the at most
//! forty points that see it, and only their patterns are looked up again.
//! From the four patterns of a point the board derives, for each colour, a
//! [`Threat`] (what one stone there makes) and a value for the evaluation,
//! and keeps running totals of both, so the evaluation and the threat search
//! read them without scanning the board.

use std::sync::OnceLock;

use banco_search::Side;

use crate::combo::{ComboValues, combo_index, parse_table};
use crate::pattern::{FiveRule, LinePattern, PatternTable, REACH, WALL, shift_of, swap_colours};
use crate::point::STRIDE;
use crate::renju::{DIRECTIONS, Foul, Grid};
use crate::sightline::Sightlines;
use crate::{Point, Rule, zobrist};

const CELLS: usize = STRIDE * STRIDE;

/// What one stone of a colour at an empty point would make, weakest first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Threat {
    /// Nothing of note.
    None = 0,
    /// Forbidden to renju's black: an overline or a double-four (a
    /// double-three is found by the full RIF scan where a point is played).
    Forbidden,
    /// At least one open two.
    Two,
    /// One open three.
    Three,
    /// Two or more open threes.
    DoubleThree,
    /// One four.
    Four,
    /// A four and an open three at once.
    FourThree,
    /// A straight four or two fours: the opponent cannot stop both points.
    OpenFour,
    /// A winning five.
    Five,
}

/// The number of [`Threat`] kinds.
pub(crate) const THREATS: usize = 9;

/// The strong evaluation's weights. A point's value for a player is what
/// its four line patterns are worth, plus a bonus where they combine into
/// two threats at once; a player's total is the sum over the empty points.
/// The side to move and the side that waits have weights of their own: the
/// mover's threes become fours first.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PatternWeights {
    /// What one line pattern at an empty point is worth, by
    /// [`LinePattern`] order: `[mover, waiter]`.
    pub line: [[i32; 12]; 2],
    /// The bonus of a point that makes two open threes: `[mover, waiter]`.
    pub double_three: [i32; 2],
    /// The bonus of a point that makes a four-three, a straight four or two
    /// fours: `[mover, waiter]`.
    pub four_three: [i32; 2],
    /// The side to move's stone to come (spent when it must block a four).
    pub tempo: i32,
    /// What the two players' strongest threats are worth together, read
    /// from the side to move's set: `[mover's][waiter's]`, each the level
    /// of its best point (below an open three, an open three, two, a four,
    /// a four-three, a straight four, a five). The point values add up
    /// threats one by one; whether a double three wins depends on whether
    /// the other side has a four to answer with, which only a term over
    /// both can say.
    pub threats: [[i32; THREAT_LEVELS]; THREAT_LEVELS],
}

/// The levels of a player's best threat (`PatternWeights::threats`).
pub const THREAT_LEVELS: usize = 7;

/// Freestyle's weights, fitted (`banco tune gomoku`) to 4,000 games of a
/// stronger engine against itself, the line weights and the threat pairs
/// together: Banco's own self-play had stopped lowering the fit's error
/// (docs/gomoku.md).
pub const FREESTYLE_WEIGHTS: PatternWeights = PatternWeights {
    line: [
        [0, 0, 2, 1, 29, 62, 142, 268, 818, -551, -3441, 1200],
        [0, 0, 0, -1, 28, 56, 132, 229, 790, -512, -1383, 1200],
    ],
    double_three: [222, 224],
    four_three: [1108, 2154],
    tempo: 325,
    threats: [
        [0, 30, -400, 1079, 2392, 2137, 1704],
        [-863, -397, 303, 1103, 1264, 1157, -883],
        [87, 4744, 5022, 1043, -968, -594, -3331],
        [-2155, -724, 436, 450, 1061, 333, -1338],
        [155, 3780, 4501, 3505, 5040, 8498, -77],
        [0, 0, 0, 0, 0, 0, 753],
        [0, 0, 0, 0, 0, 0, 0],
    ],
};

/// Standard's weights: freestyle's. Its own, fitted to its own self-play
/// games, had beaten freestyle's older weights; freestyle's weights fitted
/// to the stronger engine's games beat them in turn (docs/gomoku.md). The
/// line patterns already tell an overline from a five, so the values carry
/// over.
pub const STANDARD_WEIGHTS: PatternWeights = FREESTYLE_WEIGHTS;

/// Caro's weights: freestyle's, as standard's (caro's own lost to them;
/// the patterns already tell a blocked five).
pub const CARO_WEIGHTS: PatternWeights = FREESTYLE_WEIGHTS;

/// Renju black's weights: freestyle's. Fits to renju games of their own
/// (Banco's self-play twice, a stronger engine's once), one set for each
/// colour, lowered the error and did not win their matches; freestyle's
/// weights fitted to the stronger engine's games did (docs/gomoku.md).
pub const RENJU_BLACK_WEIGHTS: PatternWeights = FREESTYLE_WEIGHTS;

/// Renju white's weights: freestyle's, as black's.
pub const RENJU_WHITE_WEIGHTS: PatternWeights = FREESTYLE_WEIGHTS;

impl PatternWeights {
    /// The weights `side`'s points and tempo are counted in under `rule`:
    /// each rule has its own, as its threats are worth different amounts
    /// (caro's blocked five is no win), and renju's colours have a set
    /// each, as black's threes can be answered into fouls and white's
    /// cannot.
    #[must_use]
    pub const fn for_side(rule: Rule, side: Side) -> &'static PatternWeights {
        match (rule, side) {
            (Rule::Freestyle, _) => &FREESTYLE_WEIGHTS,
            (Rule::Standard, _) => &STANDARD_WEIGHTS,
            (Rule::Caro, _) => &CARO_WEIGHTS,
            (Rule::Renju, Side::First) => &RENJU_BLACK_WEIGHTS,
            (Rule::Renju, Side::Second) => &RENJU_WHITE_WEIGHTS,
        }
    }

    /// Whether `rule`'s colours count in different weights.
    #[must_use]
    pub const fn per_colour(rule: Rule) -> bool {
        matches!(rule, Rule::Renju)
    }
}

/// Whose view a value is taken from: [`PatternWeights`] index by it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Role {
    /// The side to move.
    Mover = 0,
    /// The side that moved last.
    Waiter = 1,
}

/// Codes of a point's four line patterns: 12 patterns in each direction.
const POINT_CODES: usize = 12 * 12 * 12 * 12;

/// What one step of a direction's pattern is worth in a point's code.
const CODE_PLACES: [i32; 4] = [12 * 12 * 12, 12 * 12, 12, 1];

/// What one stone makes at a point and what the point is worth, for every
/// combination of its four line patterns: the classification is a look-up,
/// not a loop, at every point a move changes.
pub(crate) struct PointTable {
    entries: Vec<(Threat, [i16; 2])>,
}

impl PointTable {
    /// The table of `rule`'s weights, for a colour without fouls or for
    /// renju's black.
    fn get(rule: Rule, renju_black: bool) -> &'static PointTable {
        static TABLES: [OnceLock<PointTable>; 5] = [const { OnceLock::new() }; 5];
        let slot = match (rule, renju_black) {
            (Rule::Renju, true) => 4,
            (Rule::Freestyle, _) => 0,
            (Rule::Standard, _) => 1,
            (Rule::Caro, _) => 2,
            (Rule::Renju, false) => 3,
        };
        let side = if renju_black {
            Side::First
        } else {
            Side::Second
        };
        let weights = PatternWeights::for_side(rule, side);
        let combos = learned_combos(rule);
        TABLES[slot].get_or_init(|| PointTable {
            entries: (0..POINT_CODES)
                .map(|code| {
                    let patterns = std::array::from_fn(|d| {
                        LinePattern::from_index(code / 12_usize.pow(3 - d as u32) % 12)
                    });
                    let (threat, values) =
                        classify_patterns(&patterns, renju_black, weights, combos);
                    (threat, values.map(|v| i16::try_from(v).unwrap_or(i16::MAX)))
                })
                .collect(),
        })
    }

    /// The code of four line patterns: the first direction's the most
    /// significant digit in base 12.
    fn code(patterns: &[LinePattern; 4]) -> u16 {
        patterns
            .iter()
            .fold(0, |code, &p| code * 12 + u16::from(p as u8))
    }

    #[inline]
    fn lookup(&self, code: u16) -> (Threat, [i32; 2]) {
        let (threat, values) = self.entries[usize::from(code)];
        (threat, values.map(i32::from))
    }
}

/// The learned value of each point class under `rule`, where a table was
/// fitted for it (`banco tune gomoku --combos`); the other rules sum their
/// line weights.
pub(crate) fn learned_combos(rule: Rule) -> Option<&'static ComboValues> {
    static FREESTYLE: OnceLock<Option<Box<ComboValues>>> = OnceLock::new();
    match rule {
        Rule::Freestyle => FREESTYLE
            .get_or_init(|| parse_table(include_str!("eval/freestyle.combos")).ok())
            .as_deref(),
        Rule::Standard | Rule::Renju | Rule::Caro => None,
    }
}

/// The threat and the values (as mover, as waiter) of a point with these
/// four line patterns (for renju's black, overlines and double-fours are
/// fouls): the class's learned values where `combos` has them, else the
/// sum of the line weights and the bonus of the threat.
pub(crate) fn classify_patterns(
    patterns: &[LinePattern; 4],
    renju_black: bool,
    weights: &PatternWeights,
    combos: Option<&ComboValues>,
) -> (Threat, [i32; 2]) {
    let mut threat = combine(patterns);
    // Renju's overline and double-four are exact from the tables. A
    // double-three needs the recursive scan, which would run at every
    // update: it is left to the points' users (`exact_foul`), and the
    // cached threat stays an upper bound there.
    if renju_black && threat != Threat::Five {
        let overline = patterns.contains(&LinePattern::Overline);
        let fours: u8 = patterns.iter().map(|p| p.fours()).sum();
        if overline || fours >= 2 {
            threat = Threat::Forbidden;
        }
    }
    let values = [Role::Mover, Role::Waiter].map(|role| {
        let r = role as usize;
        if threat == Threat::Forbidden {
            0
        } else if let Some(combos) = combos {
            combos[r][combo_index(patterns)]
        } else {
            patterns
                .iter()
                .map(|&p| weights.line[r][p as usize])
                .sum::<i32>()
                + match threat {
                    Threat::DoubleThree => weights.double_three[r],
                    Threat::FourThree | Threat::OpenFour => weights.four_three[r],
                    _ => 0,
                }
        }
    });
    (threat, values)
}

/// The board: stones, line keys, patterns, threats and the hash.
#[derive(Clone)]
pub(crate) struct Board {
    size: u8,
    renju: bool,
    tables: [&'static PatternTable; 2],
    points: [&'static PointTable; 2],
    /// Per colour, the weights its points and tempo are counted in.
    weights: [&'static PatternWeights; 2],
    sightlines: &'static Sightlines,
    cells: [u8; CELLS],
    keys: [[u32; 4]; CELLS],
    patterns: [[[LinePattern; 4]; CELLS]; 2],
    /// Each point's four patterns as one [`PointTable`] code, per colour.
    codes: [[u16; CELLS]; 2],
    threats: [[Threat; CELLS]; 2],
    values: [[[i32; 2]; CELLS]; 2],
    totals: [[i32; 2]; 2],
    counts: [[u16; THREATS]; 2],
    /// Per colour, the empty points where a stone makes at least a four:
    /// the threat solvers ask for these at every step, and a scan of the
    /// board cost more than the solving.
    fours: [PointSet; 2],
    near: [u8; CELLS],
    stones: u16,
    hash: u64,
}

/// Where a stone makes its neighbours candidate moves: the eight points
/// around it and the eight two away on its lines. The whole 5×5 square
/// (the eight knight's-move points besides) played 17 Elo weaker, and a
/// wider net of 3 on the lines weaker still (docs/search.md).
const NEAR_OFFSETS: [(i32, i32); 16] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-2, -2),
    (0, -2),
    (2, -2),
    (-2, 0),
    (2, 0),
    (-2, 2),
    (0, 2),
    (2, 2),
];

/// The pattern table each colour reads under `rule`.
fn five_rules(rule: Rule) -> [FiveRule; 2] {
    match rule {
        Rule::Freestyle => [FiveRule::Free; 2],
        Rule::Standard => [FiveRule::Exact; 2],
        Rule::Caro => [FiveRule::Caro; 2],
        Rule::Renju => [FiveRule::Exact, FiveRule::Free],
    }
}

impl Board {
    pub(crate) fn new(size: u8, rule: Rule) -> Board {
        let [black, white] = five_rules(rule);
        let mut board = Board {
            size,
            renju: rule == Rule::Renju,
            tables: [PatternTable::get(black), PatternTable::get(white)],
            points: [
                PointTable::get(rule, rule == Rule::Renju),
                PointTable::get(rule, false),
            ],
            weights: [Side::First, Side::Second].map(|side| PatternWeights::for_side(rule, side)),
            sightlines: Sightlines::get(size),
            cells: [0; CELLS],
            keys: [[0; 4]; CELLS],
            patterns: [[[LinePattern::None; 4]; CELLS]; 2],
            codes: [[0; CELLS]; 2],
            threats: [[Threat::None; CELLS]; 2],
            values: [[[0; 2]; CELLS]; 2],
            totals: [[0; 2]; 2],
            counts: [[0; THREATS]; 2],
            fours: [PointSet::EMPTY; 2],
            near: [0; CELLS],
            stones: 0,
            hash: 0,
        };
        let n = i32::from(size);
        for y in 0..n {
            for x in 0..n {
                let index = (y as usize) * STRIDE + x as usize;
                for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    for offset in -REACH..=REACH {
                        let (qx, qy) = (x + offset * dx, y + offset * dy);
                        if offset != 0 && !((0..n).contains(&qx) && (0..n).contains(&qy)) {
                            board.keys[index][d] |= WALL << shift_of(offset);
                        }
                    }
                }
                board.refresh_all_directions(index);
                board.remember(index);
            }
        }
        board
    }

    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    /// The weights `side`'s point values and tempo are counted in.
    pub(crate) fn weights(&self, side: Side) -> &'static PatternWeights {
        self.weights[side.index()]
    }

    pub(crate) fn stones(&self) -> usize {
        usize::from(self.stones)
    }

    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn is_full(&self) -> bool {
        usize::from(self.stones) == usize::from(self.size) * usize::from(self.size)
    }

    /// The stone at a point of the board.
    pub(crate) fn stone(&self, p: Point) -> Option<Side> {
        match self.cells[p.index()] {
            1 => Some(Side::First),
            2 => Some(Side::Second),
            _ => None,
        }
    }

    pub(crate) fn is_empty_at(&self, index: usize) -> bool {
        self.cells[index] == 0
    }

    /// Whether a stone lies next to `index`, or two points away on one of
    /// its eight lines ([`NEAR_OFFSETS`]).
    pub(crate) fn is_near(&self, index: usize) -> bool {
        self.near[index] > 0
    }

    /// What one stone of `side` at the empty `index` would make.
    pub(crate) fn threat(&self, side: Side, index: usize) -> Threat {
        self.threats[side.index()][index]
    }

    /// What one stone of `side` at the empty `index` would make on the line
    /// of direction `d` (an index into `renju::DIRECTIONS`).
    pub(crate) fn pattern(&self, side: Side, index: usize, d: usize) -> LinePattern {
        self.patterns[side.index()][index][d]
    }

    /// The code of the four line patterns a stone of `side` would make at
    /// the empty `index` (base 12, the first direction most significant).
    pub(crate) fn code(&self, side: Side, index: usize) -> u16 {
        self.codes[side.index()][index]
    }

    /// How strong `side`'s best point is: 0 below an open three, then one
    /// level each for an open three, two, a four, a four-three, a straight
    /// four (or two fours), a five.
    pub(crate) fn threat_level(&self, side: Side) -> usize {
        const LEVELS: [Threat; THREAT_LEVELS - 1] = [
            Threat::Three,
            Threat::DoubleThree,
            Threat::Four,
            Threat::FourThree,
            Threat::OpenFour,
            Threat::Five,
        ];
        LEVELS
            .iter()
            .rposition(|&t| self.count(side, t) > 0)
            .map_or(0, |i| i + 1)
    }

    /// How many empty points give `side` this threat.
    pub(crate) fn count(&self, side: Side, threat: Threat) -> u16 {
        self.counts[side.index()][threat as usize]
    }

    /// How many empty points give `side` at least this threat (never counting fouls).
    pub(crate) fn count_at_least(&self, side: Side, threat: Threat) -> u32 {
        self.counts[side.index()][threat as usize..]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// The empty points where a stone of `side` makes at least a four, in
    /// index order (the order of [`Board::indices`]).
    pub(crate) fn four_points(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.fours[side.index()].iter()
    }

    /// The evaluation value of a point for `side`, were it to move.
    pub(crate) fn value(&self, side: Side, index: usize) -> i32 {
        self.values[side.index()][index][Role::Mover as usize]
    }

    /// The evaluation value of a point for `side` in `role`.
    pub(crate) fn value_as(&self, side: Side, role: Role, index: usize) -> i32 {
        self.values[side.index()][index][role as usize]
    }

    /// The sum of the values of all empty points for `side` in `role`.
    pub(crate) fn total(&self, side: Side, role: Role) -> i32 {
        self.totals[side.index()][role as usize]
    }

    /// The indices of the board's points, row by row.
    pub(crate) fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        let n = usize::from(self.size);
        (0..n).flat_map(move |y| (0..n).map(move |x| y * STRIDE + x))
    }

    /// The exact renju foul black would commit at the empty `index`.
    pub(crate) fn exact_foul(&self, index: usize) -> Option<Foul> {
        if !self.renju {
            return None;
        }
        let patterns = self.patterns[0][index];
        if patterns.contains(&LinePattern::Five) {
            return None;
        }
        let overline = patterns.contains(&LinePattern::Overline);
        let fours: u8 = patterns.iter().map(|p| p.fours()).sum();
        let threes = patterns
            .iter()
            .filter(|&&p| p == LinePattern::Flex3)
            .count();
        if !overline && fours < 2 && threes < 2 {
            return None;
        }
        let p = Point::from_index(index);
        let mut grid = Grid::from_cells(self.size, &self.cells);
        grid.foul_at(i32::from(p.x), i32::from(p.y), 0)
    }

    /// Puts a stone of `side` on the empty `index`.
    pub(crate) fn place(&mut self, index: usize, side: Side) {
        let code = if side == Side::First { 1 } else { 2 };
        self.forget(index);
        self.cells[index] = code;
        self.hash ^= zobrist::STONES[side.index()][index];
        self.stones += 1;
        self.touch_neighbours(index, true);
        self.update_lines(index, Some(code));
    }

    /// Takes the stone off `index`.
    pub(crate) fn remove(&mut self, index: usize) {
        let code = self.cells[index];
        let side = if code == 1 { Side::First } else { Side::Second };
        self.cells[index] = 0;
        self.hash ^= zobrist::STONES[side.index()][index];
        self.stones -= 1;
        self.touch_neighbours(index, false);
        self.update_lines(index, None);
        self.refresh_all_directions(index);
        self.remember(index);
    }

    fn touch_neighbours(&mut self, index: usize, add: bool) {
        let p = Point::from_index(index);
        let n = i32::from(self.size);
        for (dx, dy) in NEAR_OFFSETS {
            let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
            if (0..n).contains(&x) && (0..n).contains(&y) {
                let q = y as usize * STRIDE + x as usize;
                if add {
                    self.near[q] += 1;
                } else {
                    self.near[q] -= 1;
                }
            }
        }
    }

    /// Sets (or clears) the stone at `index` in the keys of the points that
    /// see it, and looks their patterns up again.
    fn update_lines(&mut self, index: usize, code: Option<u8>) {
        let code = u32::from(code.unwrap_or(0));
        for sight in self.sightlines.of(index) {
            let (q, d, shift) = (
                usize::from(sight.index),
                usize::from(sight.direction),
                sight.shift,
            );
            let key = (self.keys[q][d] & !(3 << shift)) | (code << shift);
            self.keys[q][d] = key;
            if self.cells[q] == 0 {
                let patterns = [
                    self.tables[0].lookup(key),
                    self.tables[1].lookup(swap_colours(key)),
                ];
                // Many points see a stone without their shape changing for
                // one colour or both.
                for (side, pattern) in patterns.into_iter().enumerate() {
                    let old = self.patterns[side][q][d];
                    if pattern != old {
                        self.patterns[side][q][d] = pattern;
                        let step = (pattern as i32 - old as i32) * CODE_PLACES[d];
                        self.codes[side][q] = (i32::from(self.codes[side][q]) + step) as u16;
                        self.reclassify(side, q);
                    }
                }
            }
        }
    }

    /// Classifies an empty point again for one colour after its patterns
    /// changed, moving the totals by the difference.
    fn reclassify(&mut self, side: usize, index: usize) {
        let (threat, values) = self.points[side].lookup(self.codes[side][index]);
        let old = self.threats[side][index];
        if threat != old {
            self.counts[side][old as usize] -= 1;
            self.counts[side][threat as usize] += 1;
            if (threat >= Threat::Four) != (old >= Threat::Four) {
                self.fours[side].toggle(index);
            }
            self.threats[side][index] = threat;
        }
        let before = self.values[side][index];
        for ((total, new), old) in self.totals[side].iter_mut().zip(values).zip(before) {
            *total += new - old;
        }
        self.values[side][index] = values;
    }

    /// Takes an empty point's threat and value out of the totals.
    fn forget(&mut self, index: usize) {
        for side in 0..2 {
            self.counts[side][self.threats[side][index] as usize] -= 1;
            self.fours[side].remove(index);
            for role in 0..2 {
                self.totals[side][role] -= self.values[side][index][role];
            }
        }
    }

    /// Puts an empty point's threat and value into the totals.
    fn remember(&mut self, index: usize) {
        for side in 0..2 {
            let threat = self.threats[side][index];
            self.counts[side][threat as usize] += 1;
            if threat >= Threat::Four {
                self.fours[side].insert(index);
            }
            for role in 0..2 {
                self.totals[side][role] += self.values[side][index][role];
            }
        }
    }

    fn refresh_direction(&mut self, index: usize, d: usize) {
        let key = self.keys[index][d];
        self.patterns[0][index][d] = self.tables[0].lookup(key);
        self.patterns[1][index][d] = self.tables[1].lookup(swap_colours(key));
    }

    fn refresh_all_directions(&mut self, index: usize) {
        for d in 0..4 {
            self.refresh_direction(index, d);
        }
        self.classify(index);
    }

    /// Derives both colours' threats and values at an empty point from its patterns.
    fn classify(&mut self, index: usize) {
        for side in 0..2 {
            self.codes[side][index] = PointTable::code(&self.patterns[side][index]);
            let (threat, values) = self.points[side].lookup(self.codes[side][index]);
            self.threats[side][index] = threat;
            self.values[side][index] = values;
        }
    }
}

/// A set of board points, one bit per index.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct PointSet([u64; CELLS.div_ceil(64)]);

impl PointSet {
    const EMPTY: PointSet = PointSet([0; CELLS.div_ceil(64)]);

    fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    fn toggle(&mut self, index: usize) {
        self.0[index / 64] ^= 1 << (index % 64);
    }

    /// The points in the set, in index order.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    word * 64 + bit
                })
            })
        })
    }
}

/// The threat of four line patterns, renju fouls aside.
pub(crate) fn combine(patterns: &[LinePattern; 4]) -> Threat {
    let mut fours = 0;
    let mut open_four = false;
    let mut threes = 0;
    let mut twos = 0;
    for &p in patterns {
        match p {
            LinePattern::Five => return Threat::Five,
            LinePattern::Flex4 | LinePattern::DoubleFour => open_four = true,
            LinePattern::Block4 => {}
            LinePattern::Flex3 => threes += 1,
            LinePattern::Flex2 => twos += 1,
            _ => {}
        }
        fours += p.fours();
    }
    if open_four || fours >= 2 {
        Threat::OpenFour
    } else if fours == 1 && threes > 0 {
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else if twos > 0 {
        Threat::Two
    } else {
        Threat::None
    }
}

impl Board {
    /// Whether the incremental keys equal keys built afresh from the stones.
    #[cfg(test)]
    pub(crate) fn recomputed_keys_match(&self) -> bool {
        let fresh = {
            let mut b = Board::new(self.size, Rule::Freestyle);
            for i in self.indices() {
                if self.cells[i] != 0 {
                    b.cells[i] = self.cells[i];
                    b.update_lines(i, Some(self.cells[i]));
                }
            }
            b
        };
        self.indices().all(|i| self.keys[i] == fresh.keys[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_tables_classify_every_combination_as_the_rules_do() {
        for (rule, renju_black) in Rule::ALL
            .map(|rule| (rule, false))
            .into_iter()
            .chain([(Rule::Renju, true)])
        {
            let table = PointTable::get(rule, renju_black);
            for a in 0..12 {
                for b in 0..12 {
                    for c in 0..12 {
                        for d in 0..12 {
                            let patterns = [a, b, c, d].map(LinePattern::from_index);
                            assert_eq!(
                                table.lookup(PointTable::code(&patterns)),
                                classify_patterns(
                                    &patterns,
                                    renju_black,
                                    PatternWeights::for_side(
                                        rule,
                                        if renju_black {
                                            Side::First
                                        } else {
                                            Side::Second
                                        }
                                    ),
                                    learned_combos(rule)
                                ),
                                "{patterns:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn an_embedded_class_table_is_empty_or_reads() {
        let text = include_str!("eval/freestyle.combos");
        let has_values = text
            .lines()
            .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        assert_eq!(has_values, learned_combos(Rule::Freestyle).is_some());
        if has_values {
            parse_table(text).unwrap();
        }
    }

    #[test]
    fn keys_follow_stones_on_and_off() {
        let mut board = Board::new(15, Rule::Renju);
        let points = [(7, 7), (8, 8), (0, 0), (14, 14), (7, 8), (3, 12), (14, 0)];
        for (i, &(x, y)) in points.iter().enumerate() {
            let side = if i % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            board.place(Point::new(x, y).index(), side);
            assert!(board.recomputed_keys_match());
        }
        for &(x, y) in points.iter().rev() {
            board.remove(Point::new(x, y).index());
            assert!(board.recomputed_keys_match());
        }
        assert_eq!(board.hash(), 0);
        assert_eq!(
            board.total(Side::First, Role::Waiter),
            Board::new(15, Rule::Renju).total(Side::First, Role::Waiter)
        );
    }

    /// Everything a point knows, and the totals, equal a board's that had
    /// the same stones placed afresh.
    fn same_as_fresh(board: &Board, rule: Rule, stones: &[(usize, Side)]) {
        let mut fresh = Board::new(board.size, rule);
        for &(index, side) in stones {
            fresh.place(index, side);
        }
        for i in board.indices() {
            assert_eq!(board.keys[i], fresh.keys[i], "keys at {i}");
            if board.cells[i] == 0 {
                for side in 0..2 {
                    assert_eq!(board.patterns[side][i], fresh.patterns[side][i], "at {i}");
                    assert_eq!(board.threats[side][i], fresh.threats[side][i], "at {i}");
                    assert_eq!(board.values[side][i], fresh.values[side][i], "at {i}");
                    let code = PointTable::code(&board.patterns[side][i]);
                    assert_eq!(board.codes[side][i], code, "code at {i}");
                }
            }
            for side in [Side::First, Side::Second] {
                let four = board.cells[i] == 0 && board.threat(side, i) >= Threat::Four;
                assert_eq!(board.four_points(side).any(|p| p == i), four, "four at {i}");
            }
        }
        assert_eq!(board.fours, fresh.fours);
        assert_eq!(board.totals, fresh.totals);
        assert_eq!(board.counts, fresh.counts);
        assert_eq!(board.hash, fresh.hash);
    }

    #[test]
    fn stones_on_and_off_leave_what_a_fresh_board_has() {
        for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
            let mut state = 0x5eed_u64;
            let mut board = Board::new(15, rule);
            let mut stones: Vec<(usize, Side)> = Vec::new();
            for step in 0..600 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let take_off = !stones.is_empty() && (state >> 60) < 6;
                if take_off {
                    let (index, _) = stones.pop().unwrap();
                    board.remove(index);
                } else {
                    // A point near the centre, so lines form and break.
                    let x = 4 + (state >> 33) as usize % 7;
                    let y = 4 + (state >> 41) as usize % 7;
                    let index = y * STRIDE + x;
                    if board.cells[index] != 0 {
                        continue;
                    }
                    let side = if stones.len().is_multiple_of(2) {
                        Side::First
                    } else {
                        Side::Second
                    };
                    board.place(index, side);
                    stones.push((index, side));
                }
                if step % 25 == 0 {
                    same_as_fresh(&board, rule, &stones);
                }
            }
            same_as_fresh(&board, rule, &stones);
        }
    }
}
