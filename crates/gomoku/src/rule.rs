//! The rules Banco plays, and what counts as a win under each.
//!
//! - **freestyle**: five or more in an unbroken row wins (Gomocup rule 0);
//! - **standard**: exactly five wins, an overline does not (Gomocup rule 1);
//! - **caro**: exactly five that is not blocked at both ends by the
//!   opponent's stones wins; the board edge is no block (the Gomocup 2023
//!   caro league: "neither oxxxxxo nor xxxxxx is a win for x"; Gomocup rule
//!   bit 8);
//! - **renju** (RIF international rules): white wins with five or more; black
//!   wins only with exactly five, and black's overline, double-four and
//!   double-three are forbidden and lose, a five taking precedence (Gomocup
//!   rule bit 4).

use std::fmt;
use std::str::FromStr;

use crate::RuleError;

/// A rule set.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly five wins.
    Standard,
    /// Exactly five, not blocked at both ends by the opponent, wins.
    Caro,
    /// Renju: black's fouls are forbidden; black needs exactly five.
    Renju,
}

impl Rule {
    /// Every rule, simplest first.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Caro, Rule::Renju];

    /// The rule's name as the CLI and the docs write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Caro => "caro",
            Rule::Renju => "renju",
        }
    }

    /// The rule of a Gomocup `INFO rule` bitmask: 1 exactly five, 2 continuous
    /// game (ignored), 4 renju, 8 caro. Renju wins over caro, caro over exact five.
    /// Caro without the exact-five bit (GomocupJudge's rule 8, where an
    /// overline wins) is played as caro all the same.
    #[must_use]
    pub const fn from_gomocup(bits: u32) -> Rule {
        if bits & 4 != 0 {
            Rule::Renju
        } else if bits & 8 != 0 {
            Rule::Caro
        } else if bits & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// The Gomocup `INFO rule` value of this rule (caro as 9: exact five, caro).
    #[must_use]
    pub const fn gomocup_bits(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Caro => 9,
            Rule::Renju => 4,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Rule, RuleError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Ok(Rule::Freestyle),
            "standard" | "exact" => Ok(Rule::Standard),
            "caro" => Ok(Rule::Caro),
            "renju" => Ok(Rule::Renju),
            _ => Err(RuleError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(rule.name().parse::<Rule>(), Ok(rule));
            assert_eq!(Rule::from_gomocup(rule.gomocup_bits()), rule);
        }
        assert!(
            "connect6"
                .parse::<Rule>()
                .unwrap_err()
                .to_string()
                .contains("connect6")
        );
        assert_eq!(Rule::from_gomocup(8), Rule::Caro);
        assert_eq!(Rule::from_gomocup(2), Rule::Freestyle);
    }
}
