//! Point classes for a learned evaluation: the four line patterns of an
//! empty point, taken as a multiset (which line holds which pattern does
//! not matter), number one of 1,365 classes. The strong evaluation can give
//! each class its own value per role, fitted to games, instead of the sum
//! of its four lines' weights plus a bonus by threat: a point of two open
//! threes need not be worth two threes, nor a closed four beside an open
//! two a closed four and an open two. Strong gomoku programs value points
//! the same way, by a table over the combination of their four lines.

use crate::board::{PatternWeights, Role, Threat};
use crate::pattern::LinePattern;

/// The number of classes: multisets of four among twelve patterns, C(15, 4).
pub const COMBOS: usize = 1_365;

/// Values of every class, `[mover, waiter]`.
pub type ComboValues = [[i32; COMBOS]; 2];

const fn binomial(n: usize, k: usize) -> usize {
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// The class of four line patterns: their multiset's rank in the
/// combinatorial number system (sorted `a ≤ b ≤ c ≤ d` become the distinct
/// `a < b + 1 < c + 2 < d + 3` below 15).
#[must_use]
pub fn combo_index(patterns: &[LinePattern; 4]) -> usize {
    let mut p = patterns.map(|x| x as usize);
    p.sort_unstable();
    binomial(p[0], 1) + binomial(p[1] + 1, 2) + binomial(p[2] + 2, 3) + binomial(p[3] + 3, 4)
}

/// Four patterns of each class, one representative per class.
#[must_use]
pub fn representatives() -> Vec<[LinePattern; 4]> {
    let mut all = vec![[LinePattern::None; 4]; COMBOS];
    for a in 0..12 {
        for b in a..12 {
            for c in b..12 {
                for d in c..12 {
                    let patterns = [a, b, c, d].map(LinePattern::from_index);
                    all[combo_index(&patterns)] = patterns;
                }
            }
        }
    }
    all
}

/// The values that line weights give each class: the sum of its four
/// lines' weights and the bonus of the threat they make (what the strong
/// evaluation counts without a learned table). A forbidden point's zero is
/// applied where the point is classified, not here.
#[must_use]
pub fn from_line_weights(weights: &PatternWeights) -> Box<ComboValues> {
    let mut values = Box::new([[0; COMBOS]; 2]);
    for patterns in representatives() {
        let class = combo_index(&patterns);
        let threat = crate::board::combine(&patterns);
        for role in [Role::Mover, Role::Waiter] {
            let r = role as usize;
            values[r][class] = patterns
                .iter()
                .map(|&p| weights.line[r][p as usize])
                .sum::<i32>()
                + match threat {
                    Threat::DoubleThree => weights.double_three[r],
                    Threat::FourThree | Threat::OpenFour => weights.four_three[r],
                    _ => 0,
                };
        }
    }
    values
}

/// Why a class table could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComboTableError {
    /// A value that is not a whole number within ±30,000.
    #[error("line {line}: '{word}' is not a value (whole numbers within ±30000)")]
    BadValue {
        /// The line, from 1.
        line: usize,
        /// The word read.
        word: String,
    },
    /// Not two rows of 1,365 values.
    #[error(
        "expected two rows (mover, waiter) of {COMBOS} values, found {rows} rows of {lengths:?}"
    )]
    Shape {
        /// Rows found.
        rows: usize,
        /// Their lengths.
        lengths: Vec<usize>,
    },
}

/// Reads a class table: `#` comment lines, then one row of 1,365 values for
/// the side to move and one for the side that waits, separated by spaces.
///
/// # Errors
///
/// A value that is not a whole number within ±30,000, or another shape.
pub fn parse_table(text: &str) -> Result<Box<ComboValues>, ComboTableError> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let row = line
            .split_whitespace()
            .map(|word| {
                word.parse::<i32>()
                    .ok()
                    .filter(|v| v.abs() <= 30_000)
                    .ok_or_else(|| ComboTableError::BadValue {
                        line: n + 1,
                        word: word.to_owned(),
                    })
            })
            .collect::<Result<Vec<i32>, _>>()?;
        rows.push(row);
    }
    if rows.len() != 2 || rows.iter().any(|r| r.len() != COMBOS) {
        return Err(ComboTableError::Shape {
            rows: rows.len(),
            lengths: rows.iter().map(Vec::len).collect(),
        });
    }
    let mut values = Box::new([[0; COMBOS]; 2]);
    for (r, row) in rows.iter().enumerate() {
        values[r].copy_from_slice(row);
    }
    Ok(values)
}

/// Writes a class table as [`parse_table`] reads it, after `header`'s
/// lines as comments.
#[must_use]
pub fn write_table(values: &ComboValues, header: &str) -> String {
    let mut text = String::new();
    for line in header.lines() {
        text.push_str("# ");
        text.push_str(line);
        text.push('\n');
    }
    for row in values {
        let words: Vec<String> = row.iter().map(ToString::to_string).collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::FREESTYLE_WEIGHTS;

    #[test]
    fn every_multiset_has_its_own_class_and_order_does_not_matter() {
        let reps = representatives();
        let mut seen = std::collections::HashSet::new();
        for patterns in &reps {
            assert!(seen.insert(combo_index(patterns)));
            let mut turned = *patterns;
            turned.reverse();
            assert_eq!(combo_index(&turned), combo_index(patterns));
        }
        assert_eq!(seen.len(), COMBOS);
        assert!(seen.iter().all(|&c| c < COMBOS));
    }

    #[test]
    fn a_table_survives_text_and_bad_text_is_refused() {
        let values = from_line_weights(&FREESTYLE_WEIGHTS);
        let text = write_table(&values, "freestyle\nfrom the line weights");
        assert_eq!(parse_table(&text).unwrap(), values);
        assert!(matches!(
            parse_table("1 2 3\n4 5 6\n"),
            Err(ComboTableError::Shape { rows: 2, .. })
        ));
        let bad = text.replacen(" 0 ", " x ", 1);
        assert!(matches!(
            parse_table(&bad),
            Err(ComboTableError::BadValue { .. })
        ));
        assert!(parse_table("").is_err());
    }
}
