//! Line patterns: what one more stone of a colour makes on one line through
//! an empty point.
//!
//! Each empty point keeps, per direction, a 20-bit key of its ten neighbours
//! on that line (five each side, two bits each: empty, black, white, or off
//! the board). Eleven points are exactly enough: a five through the centre
//! spans at most four points each side, and the points just beyond it say
//! whether it is an overline or, in caro, blocked at both ends.
//!
//! A key is read through a table, built once per way of counting fives
//! ([`FiveRule`]), that gives the [`LinePattern`] the centre stone makes. The
//! table is defined recursively, as renju books define the shapes: a four is
//! a line one stone from a five through the centre; a three (open) is one
//! stone from a straight four; a two from an open three, and so on.

use std::sync::OnceLock;

/// A cell of a line, seen from the colour that would play the centre.
pub(crate) const EMPTY: u32 = 0;
pub(crate) const OWN: u32 = 1;
pub(crate) const OPP: u32 = 2;
pub(crate) const WALL: u32 = 3;

/// Half the window: neighbours on each side of the centre.
pub(crate) const REACH: i32 = 5;
const WINDOW: usize = 11;
const CENTRE: usize = 5;
const KEY_SPACE: usize = 1 << 20;

/// What a stone at an empty point makes on one line, weakest first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum LinePattern {
    /// Nothing that can still become a winning five on this line.
    None = 0,
    /// A row of six or more (or in caro a five blocked at both ends): no win;
    /// a foul for renju's black.
    Overline,
    /// One stone that can still grow to five, one way.
    Block1,
    /// One stone that can grow to five several ways.
    Flex1,
    /// Two that can grow to a three that is not open.
    Block2,
    /// Two that can grow to an open three.
    Flex2,
    /// A closed three: one stone from a four.
    Block3,
    /// An open three: one stone from a straight four.
    Flex3,
    /// A four: one point left to make five.
    Block4,
    /// A straight four: two points, at either end, make five.
    Flex4,
    /// Two fours on the one line (`X.XXX.X` with the centre stone among them).
    DoubleFour,
    /// A winning five.
    Five,
}

impl LinePattern {
    /// The pattern of a number below 12, in declaration order (`as usize` back).
    pub(crate) const fn from_index(index: usize) -> LinePattern {
        LinePattern::ALL[index % 12]
    }

    const ALL: [LinePattern; 12] = [
        LinePattern::None,
        LinePattern::Overline,
        LinePattern::Block1,
        LinePattern::Flex1,
        LinePattern::Block2,
        LinePattern::Flex2,
        LinePattern::Block3,
        LinePattern::Flex3,
        LinePattern::Block4,
        LinePattern::Flex4,
        LinePattern::DoubleFour,
        LinePattern::Five,
    ];

    /// How many fours this line holds, as renju counts them for double-four.
    #[must_use]
    pub const fn fours(self) -> u8 {
        match self {
            LinePattern::Block4 | LinePattern::Flex4 => 1,
            LinePattern::DoubleFour => 2,
            _ => 0,
        }
    }

    /// Whether another stone on this line would win two ways (a straight
    /// four or two fours): the opponent cannot stop both.
    #[must_use]
    pub const fn is_open_four(self) -> bool {
        matches!(self, LinePattern::Flex4 | LinePattern::DoubleFour)
    }
}

/// How fives are counted on a line.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum FiveRule {
    /// Five or more wins (freestyle; renju's white).
    Free,
    /// Exactly five wins; six or more is an overline (standard; renju's black).
    Exact,
    /// Exactly five, not blocked at both ends by the opponent (caro).
    Caro,
}

/// The table of one [`FiveRule`]: a pattern per key.
pub(crate) struct PatternTable(Vec<LinePattern>);

impl PatternTable {
    /// The shared table of a rule, built on first use.
    pub(crate) fn get(rule: FiveRule) -> &'static PatternTable {
        static FREE: OnceLock<PatternTable> = OnceLock::new();
        static EXACT: OnceLock<PatternTable> = OnceLock::new();
        static CARO: OnceLock<PatternTable> = OnceLock::new();
        let cell = match rule {
            FiveRule::Free => &FREE,
            FiveRule::Exact => &EXACT,
            FiveRule::Caro => &CARO,
        };
        cell.get_or_init(|| PatternTable::build(rule))
    }

    /// The pattern of a key already seen from the colour that plays.
    #[inline]
    pub(crate) fn lookup(&self, relative_key: u32) -> LinePattern {
        self.0[relative_key as usize]
    }

    fn build(rule: FiveRule) -> PatternTable {
        let mut memo = vec![u8::MAX; KEY_SPACE];
        for key in 0..KEY_SPACE as u32 {
            let cells = cells_of(key);
            if is_valid(&cells) {
                classify(key, rule, &mut memo);
            }
        }
        PatternTable(
            memo.into_iter()
                .map(|code| {
                    LinePattern::ALL
                        .get(usize::from(code))
                        .copied()
                        .unwrap_or(LinePattern::None)
                })
                .collect(),
        )
    }
}

/// The field of the neighbour at window index `i` (0..11, not the centre).
#[inline]
pub(crate) const fn shift_of(offset: i32) -> u32 {
    // Offsets -5..=-1 take fields 0..=4, offsets 1..=5 fields 5..=9.
    let i = offset + REACH;
    let j = if i < CENTRE as i32 { i } else { i - 1 };
    2 * j as u32
}

/// A key seen from white: black and white stones swap, walls stay.
#[inline]
pub(crate) const fn swap_colours(key: u32) -> u32 {
    let differ = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (differ * 3)
}

fn cells_of(key: u32) -> [u32; WINDOW] {
    let mut cells = [EMPTY; WINDOW];
    cells[CENTRE] = OWN;
    for offset in -REACH..=REACH {
        if offset != 0 {
            cells[(offset + REACH) as usize] = (key >> shift_of(offset)) & 3;
        }
    }
    cells
}

/// Walls only at the ends: a board edge cannot come back.
fn is_valid(cells: &[u32; WINDOW]) -> bool {
    let left_ok = (1..CENTRE).all(|i| cells[i - 1] == WALL || cells[i] != WALL);
    let right_ok = (CENTRE + 1..WINDOW - 1).all(|i| cells[i + 1] == WALL || cells[i] != WALL);
    left_ok && right_ok
}

/// The pattern of `key` (the centre holding an own stone), memoised.
fn classify(key: u32, rule: FiveRule, memo: &mut [u8]) -> LinePattern {
    if let Some(&pattern) = LinePattern::ALL.get(usize::from(memo[key as usize])) {
        return pattern;
    }
    let pattern = classify_uncached(key, rule, memo);
    memo[key as usize] = pattern as u8;
    pattern
}

fn classify_uncached(key: u32, rule: FiveRule, memo: &mut [u8]) -> LinePattern {
    let cells = cells_of(key);
    let mut lo = CENTRE;
    while lo > 0 && cells[lo - 1] == OWN {
        lo -= 1;
    }
    let mut hi = CENTRE;
    while hi + 1 < WINDOW && cells[hi + 1] == OWN {
        hi += 1;
    }
    let len = hi - lo + 1;
    if len >= 5 {
        return match rule {
            FiveRule::Free => LinePattern::Five,
            FiveRule::Exact if len == 5 => LinePattern::Five,
            FiveRule::Caro if len == 5 => {
                // A run of five through the centre ends inside the window.
                if cells[lo - 1] == OPP && cells[hi + 1] == OPP {
                    LinePattern::Overline
                } else {
                    LinePattern::Five
                }
            }
            FiveRule::Exact | FiveRule::Caro => LinePattern::Overline,
        };
    }
    // Points that would complete a five through the centre.
    let mut fives = [0_i32; 8];
    let mut n_fives = 0;
    let mut best = LinePattern::None;
    for offset in (-REACH + 1)..REACH {
        if offset == 0 || cells[(offset + REACH) as usize] != EMPTY {
            continue;
        }
        let next = key | (OWN << shift_of(offset));
        let pattern = classify(next, rule, memo);
        if pattern == LinePattern::Five {
            fives[n_fives] = offset;
            n_fives += 1;
            continue;
        }
        let lowered = match pattern {
            LinePattern::Flex4 => LinePattern::Flex3,
            LinePattern::Block4 | LinePattern::DoubleFour => LinePattern::Block3,
            LinePattern::Flex3 => LinePattern::Flex2,
            LinePattern::Block3 => LinePattern::Block2,
            LinePattern::Flex2 => LinePattern::Flex1,
            LinePattern::Block2 => LinePattern::Block1,
            _ => LinePattern::None,
        };
        best = best.max(lowered);
    }
    match n_fives {
        0 => best,
        1 => LinePattern::Block4,
        2 if fives[1] - fives[0] == 5 => LinePattern::Flex4,
        _ => LinePattern::DoubleFour,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key from a picture of the line: `X` own, `O` opponent, `#` wall,
    /// `.` empty, `*` the centre (which must be at index 5).
    fn key(line: &str) -> u32 {
        let chars: Vec<char> = line.chars().collect();
        assert_eq!(chars.len(), WINDOW);
        assert_eq!(chars[CENTRE], '*');
        let mut key = 0;
        for offset in -REACH..=REACH {
            if offset == 0 {
                continue;
            }
            let v = match chars[(offset + REACH) as usize] {
                'X' => OWN,
                'O' => OPP,
                '#' => WALL,
                _ => EMPTY,
            };
            key |= v << shift_of(offset);
        }
        key
    }

    fn free(line: &str) -> LinePattern {
        PatternTable::get(FiveRule::Free).lookup(key(line))
    }

    fn exact(line: &str) -> LinePattern {
        PatternTable::get(FiveRule::Exact).lookup(key(line))
    }

    #[test]
    fn shapes() {
        assert_eq!(free(".OXXX*....."), LinePattern::Block4);
        assert_eq!(free(".XXXX*....."), LinePattern::Five);
        assert_eq!(free("XXXXX*....."), LinePattern::Five);
        assert_eq!(exact("XXXXX*....."), LinePattern::Overline);
        assert_eq!(exact(".XXX.*....."), LinePattern::Block4);
        assert_eq!(free("...XX*....."), LinePattern::Flex3);
        assert_eq!(free("..OXX*....."), LinePattern::Block3);
        assert_eq!(free("....X*....."), LinePattern::Flex2);
        assert_eq!(free("..X.X*X.X.."), LinePattern::DoubleFour);
        assert_eq!(free("..O.X*X.O.."), LinePattern::Block3);
        assert_eq!(free("..O.X*XO..."), LinePattern::None);
        assert_eq!(free("#####*....."), LinePattern::Block1);
        assert_eq!(free("...XX*X...."), LinePattern::Flex4);
        assert_eq!(free("..OXX*X...."), LinePattern::Block4);
        // A straight four whose completions would be overlines is no straight four.
        assert_eq!(exact("X.XXX*....."), LinePattern::Block4);
        assert_eq!(free("X.XXX*....."), LinePattern::Flex4);
        let caro = PatternTable::get(FiveRule::Caro);
        assert_eq!(caro.lookup(key("OXXXX*O....")), LinePattern::Overline);
        assert_eq!(caro.lookup(key("#XXXX*O....")), LinePattern::Five);
    }

    #[test]
    fn colour_swap_keeps_walls() {
        let k = key("#OX..*X.O..");
        assert_eq!(swap_colours(k), key("#XO..*O.X.."));
        assert_eq!(swap_colours(swap_colours(k)), k);
    }
}
