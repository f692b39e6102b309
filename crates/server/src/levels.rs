//! What each difficulty level does in each game, and how strong it measured,
//! for the page's level picker.
//!
//! The measured tables are the ones `banco match --json-out` writes into
//! `docs/levels/`, built into the server so the picker shows what was
//! measured, with the error bar, and nothing else.

use banco_games::ComputerSettings;
use banco_search::{Level, Limits, SearchConfig};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use banco_games::GameKind;

/// A player's fitted rating as `banco match` writes it.
#[derive(Clone, Debug, Deserialize, Serialize)]
struct MeasuredPlayer {
    name: String,
    elo: f64,
    error: Option<f64>,
    anchor: bool,
    games: u32,
}

/// One game's measured table.
#[derive(Clone, Debug, Deserialize)]
struct MeasuredTable {
    anchored: bool,
    #[serde(default)]
    scale: String,
    players: Vec<MeasuredPlayer>,
}

fn measured(kind: GameKind) -> Option<MeasuredTable> {
    serde_json::from_str(kind.info().measured_levels).ok()
}

/// Every level with its settings per game and its measured strength, if
/// measured: `[{ "level": 1, "depth": 1, "evaluator": "simple", … ,
/// "games": { "chess": { "nodes": null, "elo": 1234, "error": 80,
/// "anchored": true } } }]`.
#[must_use]
pub fn levels() -> Value {
    let tables: Vec<(GameKind, Option<MeasuredTable>)> =
        GameKind::ALL.iter().map(|&k| (k, measured(k))).collect();
    let list: Vec<Value> = (Level::MIN.get()..=Level::MAX.get())
        .filter_map(|n| Level::new(n).ok())
        .map(|level| {
            let settings = level.settings();
            let mut games = serde_json::Map::new();
            for (kind, table) in &tables {
                let player = table.as_ref().and_then(|t| {
                    t.players
                        .iter()
                        .find(|p| p.name == format!("level {level}"))
                        .map(|p| (t, p))
                });
                // What the level searches with in this game, as every
                // front end plans it.
                let plan = kind.plan(
                    &ComputerSettings::level(level),
                    SearchConfig::default(),
                    Limits::default(),
                    0,
                );
                let noise = plan.config.imprecision.map_or(0, |i| i.amplitude);
                let nodes = plan.limits.nodes;
                games.insert(
                    kind.name().to_owned(),
                    json!({
                        "evaluator": plan.evaluator.name(),
                        "nodes": nodes,
                        "noise": noise,
                        "elo": player.map(|(_, p)| p.elo.round()),
                        "error": player.and_then(|(_, p)| if p.anchor { None } else { p.error.map(f64::round) }),
                        "reference": player.is_some_and(|(_, p)| p.anchor),
                        "anchored": player.is_some_and(|(t, _)| t.anchored),
                        "scale": player.map(|(t, _)| t.scale.clone()),
                        "games": player.map(|(_, p)| p.games),
                    }),
                );
            }
            json!({
                "level": level.get(),
                "depth": settings.depth,
                "evaluator": settings.evaluator.name(),
                "quiescence": settings.quiescence,
                "noise": settings.noise,
                "games": games,
            })
        })
        .collect();
    Value::Array(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_tables_parse() {
        for kind in GameKind::ALL {
            assert!(measured(kind).is_some(), "{}", kind.name());
        }
    }

    #[test]
    fn every_level_is_listed_with_its_settings() {
        let list = levels();
        let list = list.as_array().unwrap();
        assert_eq!(list.len(), 10);
        assert_eq!(list[0]["depth"], 1);
        assert_eq!(list[0]["evaluator"], "simple");
        assert!(list[9]["depth"].is_null());
        // Level 9's cap shrinks where nodes cost more.
        let chess = list[8]["games"]["chess"]["nodes"].as_u64().unwrap();
        let gomoku = list[8]["games"]["gomoku"]["nodes"].as_u64().unwrap();
        assert!(gomoku < chess);
    }
}
