//! Match results on disk (one JSON line per pairing) and the Elo table
//! fitted to them.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::elo::{self, EloEstimate, Pairing, Tally};

/// One pairing's result, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PairingRecord {
    /// Which game.
    pub game: String,
    /// The first player's name.
    pub a: String,
    /// The second player's name.
    pub b: String,
    /// The second player's known rating, if it anchors the table.
    #[serde(default)]
    pub b_anchor: Option<f64>,
    /// The first player's wins, draws and losses.
    #[serde(flatten)]
    pub tally: Tally,
    /// Time per move.
    pub movetime_ms: u64,
    /// The clock or node limit, when not `movetime_ms` (`2+0.02`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The game pairs' outcomes, for an SPRT (LL, LD, DD or WL, WD, WW).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pentanomial: Option<super::sprt::Pentanomial>,
    /// The opening file's name.
    #[serde(default)]
    pub openings: Option<String>,
    /// How the games ended, counted by reason.
    #[serde(default)]
    pub reasons: BTreeMap<String, u32>,
    /// Games the first player (white, red, black in gomoku) won, whoever it
    /// was: near the number of decisive games, the openings decide, not the players.
    #[serde(default)]
    pub first_player_wins: u32,
}

/// Counts game-ending reasons.
pub fn count_reasons<'a>(reasons: impl Iterator<Item = &'a str>) -> BTreeMap<String, u32> {
    let mut counts = BTreeMap::new();
    for reason in reasons {
        *counts.entry(reason.to_owned()).or_insert(0) += 1;
    }
    counts
}

/// Reads a results file.
///
/// # Errors
///
/// The file cannot be read, or a line is not a record.
pub fn read(path: &Path) -> anyhow::Result<Vec<PairingRecord>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(n, line)| {
            serde_json::from_str(line)
                .with_context(|| format!("{} line {}: not a match record", path.display(), n + 1))
        })
        .collect()
}

/// Appends a record to a results file.
///
/// # Errors
///
/// The file cannot be written.
pub fn append(path: &Path, record: &PairingRecord) -> anyhow::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    writeln!(file, "{}", serde_json::to_string(record)?)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// One player's line of the table.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerRow {
    /// The player's name.
    pub name: String,
    /// The fitted rating and its 95 % half-interval (0 for an anchor).
    pub elo: f64,
    /// Half the 95 % interval; `None` when unbounded.
    pub error: Option<f64>,
    /// Whether the rating was given, not fitted.
    pub anchor: bool,
    /// Games played.
    pub games: u32,
    /// Score over those games, in percent.
    pub score: f64,
}

/// The fitted table.
#[derive(Clone, Debug)]
pub struct Table {
    /// Players, levels first (1 to 10), then the others by rating.
    pub players: Vec<PlayerRow>,
    /// The pairings summed over the records, with their own Elo difference.
    pub pairings: Vec<(String, String, Tally, EloEstimate)>,
    anchored: bool,
    /// What the ratings are measured from, in words.
    pub scale: String,
}

fn level_number(name: &str) -> Option<u8> {
    name.strip_prefix("level ")?.parse().ok()
}

impl Table {
    /// Fits ratings to `records` (one game's).
    #[must_use]
    pub fn fit(records: &[PairingRecord]) -> Table {
        let mut names: Vec<String> = Vec::new();
        let index = |name: &str, names: &mut Vec<String>| {
            names.iter().position(|n| n == name).unwrap_or_else(|| {
                names.push(name.to_owned());
                names.len() - 1
            })
        };
        let mut summed: BTreeMap<(usize, usize), Tally> = BTreeMap::new();
        let mut anchors: BTreeMap<usize, f64> = BTreeMap::new();
        for r in records {
            let a = index(&r.a, &mut names);
            let b = index(&r.b, &mut names);
            if let Some(anchor) = r.b_anchor {
                anchors.insert(b, anchor);
            }
            // Keep the orientation of the first record of a pairing.
            let (key, tally) = if summed.contains_key(&(b, a)) {
                ((b, a), r.tally.reversed())
            } else {
                ((a, b), r.tally)
            };
            let entry = summed.entry(key).or_default();
            entry.wins += tally.wins;
            entry.draws += tally.draws;
            entry.losses += tally.losses;
        }
        // Without an anchor the scale needs a zero: the lowest level, or the first player.
        let zero = if anchors.is_empty() {
            names
                .iter()
                .enumerate()
                .filter_map(|(i, n)| level_number(n).map(|l| (l, i)))
                .min()
                .map(|(_, i)| i)
        } else {
            None
        };
        let fixed: Vec<Option<f64>> = (0..names.len())
            .map(|i| {
                anchors
                    .get(&i)
                    .copied()
                    .or((Some(i) == zero).then_some(0.0))
            })
            .collect();
        let pairings: Vec<Pairing> = summed
            .iter()
            .map(|(&(a, b), &tally)| Pairing { a, b, tally })
            .collect();
        let ratings = elo::fit(names.len(), &pairings, &fixed);
        let mut players: Vec<PlayerRow> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut total = Tally::default();
                for p in &pairings {
                    let t = if p.a == i {
                        p.tally
                    } else if p.b == i {
                        p.tally.reversed()
                    } else {
                        continue;
                    };
                    total.wins += t.wins;
                    total.draws += t.draws;
                    total.losses += t.losses;
                }
                PlayerRow {
                    name: name.clone(),
                    elo: ratings[i].elo,
                    error: ratings[i].error.is_finite().then_some(ratings[i].error),
                    anchor: fixed[i].is_some(),
                    games: total.games(),
                    score: 100.0 * total.score(),
                }
            })
            .collect();
        players.sort_by(
            |x, y| match (level_number(&x.name), level_number(&y.name)) {
                (Some(a), Some(b)) => a.cmp(&b),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => x.elo.total_cmp(&y.elo),
            },
        );
        let pairings = summed
            .iter()
            .map(|(&(a, b), &tally)| {
                (
                    names[a].clone(),
                    names[b].clone(),
                    tally,
                    elo::pairing_elo(tally),
                )
            })
            .collect();
        let scale = if anchors.is_empty() {
            zero.map_or_else(
                || "relative: the first player is 0".to_owned(),
                |i| format!("relative: {} is 0", names[i]),
            )
        } else {
            let named: Vec<String> = anchors
                .iter()
                .map(|(&i, &elo)| format!("{} = {elo:.0}", names[i]))
                .collect();
            format!("anchored on {}", named.join(", "))
        };
        Table {
            players,
            pairings,
            anchored: !anchors.is_empty(),
            scale,
        }
    }

    /// The table as Markdown: players, then pairings.
    #[must_use]
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let scale = &self.scale;
        out.push_str(&format!(
            "\n| player | Elo ({scale}) | ± 95 % | games | score |\n"
        ));
        out.push_str("|---|---:|---:|---:|---:|\n");
        for p in &self.players {
            let error = match (p.anchor, p.error) {
                (true, _) => "anchor".to_owned(),
                (false, Some(e)) => format!("{e:.0}"),
                (false, None) => "∞".to_owned(),
            };
            out.push_str(&format!(
                "| {} | {:.0} | {} | {} | {:.1} % |\n",
                p.name, p.elo, error, p.games, p.score
            ));
        }
        out.push_str("\n| pairing | +win =draw −loss | score | Elo difference |\n");
        out.push_str("|---|---|---:|---:|\n");
        for (a, b, t, e) in &self.pairings {
            let error = if e.error.is_finite() {
                format!("± {:.0}", e.error)
            } else {
                "(unbounded)".to_owned()
            };
            out.push_str(&format!(
                "| {a} vs {b} | +{} ={} −{} | {:.1} % | {:+.0} {error} |\n",
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score(),
                e.elo
            ));
        }
        out
    }

    /// The table as JSON, for the page's level picker.
    #[must_use]
    pub fn json(&self, game: &str) -> serde_json::Value {
        serde_json::json!({
            "game": game,
            "anchored": self.anchored,
            "scale": self.scale,
            "players": self.players,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(a: &str, b: &str, wins: u32, losses: u32, anchor: Option<f64>) -> PairingRecord {
        PairingRecord {
            game: "chess".to_owned(),
            a: a.to_owned(),
            b: b.to_owned(),
            b_anchor: anchor,
            tally: Tally {
                wins,
                draws: 0,
                losses,
            },
            movetime_ms: 100,
            time_control: None,
            pentanomial: None,
            openings: None,
            reasons: BTreeMap::new(),
            first_player_wins: 0,
        }
    }

    #[test]
    fn records_round_trip_and_the_table_orders_levels() {
        let records = vec![
            record("level 2", "level 1", 30, 10, None),
            record("level 3", "level 2", 30, 10, None),
        ];
        let line = serde_json::to_string(&records[0]).unwrap();
        let back: PairingRecord = serde_json::from_str(&line).unwrap();
        assert_eq!(back.tally, records[0].tally);
        let table = Table::fit(&records);
        let names: Vec<&str> = table.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["level 1", "level 2", "level 3"]);
        assert!(table.players[0].anchor);
        assert!(table.players[1].elo > 100.0 && table.players[2].elo > table.players[1].elo);
        assert!(
            table
                .markdown()
                .contains("| level 3 vs level 2 | +30 =0 −10 | 75.0 % |")
        );
    }

    #[test]
    fn an_engine_with_a_rating_anchors_the_table() {
        let records = vec![record(
            "level 10",
            "Stockfish UCI_Elo=2000",
            20,
            20,
            Some(2000.0),
        )];
        let table = Table::fit(&records);
        assert!((table.players[0].elo - 2000.0).abs() < 1.0);
        assert!(table.markdown().contains("anchor"));
    }
}
