//! Perft through Banco's make/unmake adapter against the published counts.
//! Every depth whose count is at most `NODE_LIMIT` is checked, which keeps the
//! run short; `banco perft` checks the deep ones (see docs/benchmarks.md).

use banco_chess::ChessGame;
use banco_search::perft;

const NODE_LIMIT: u64 = 5_000_000;

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/standard.perft");
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case {
                id: id.to_owned(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            cases.last_mut().unwrap().fen = fen.to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(' ').unwrap();
            cases
                .last_mut()
                .unwrap()
                .counts
                .push((depth.parse().unwrap(), count.parse().unwrap()));
        }
    }
    cases
}

#[test]
fn standard_positions_match_published_counts() {
    let mut checked = 0;
    for case in cases() {
        let mut game =
            ChessGame::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, expected) in &case.counts {
            if expected > NODE_LIMIT {
                continue;
            }
            assert_eq!(
                perft(&mut game, depth),
                expected,
                "{} depth {depth}",
                case.id
            );
            checked += 1;
        }
        assert_eq!(game.plies(), 0, "make/unmake left the stack unbalanced");
    }
    assert!(checked >= 25, "only {checked} counts checked");
}
