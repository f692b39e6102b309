//! Perft: the move generator against reference counts.
//!
//! The start position's counts are the published ones (44, 1,920, 79,666,
//! 3,290,240, 133,312,995; Fairy-Stockfish agrees). The other positions'
//! counts were produced with Fairy-Stockfish 11.1's `go perft` after
//! `setoption name UCI_Variant value xiangqi` (see `data/xiangqi.perft`).

use banco_search::perft;
use banco_xiangqi::XiangqiGame;

/// Keeps the test run quick: deeper counts are checked by `banco perft`.
const NODE_LIMIT: u64 = 4_000_000;

#[test]
fn reference_positions() {
    let data = include_str!("data/xiangqi.perft");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let game = XiangqiGame::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for part in parts {
            let (depth, expected) = part.trim().split_once(' ').unwrap();
            let depth: u32 = depth.trim_start_matches('D').parse().unwrap();
            let expected: u64 = expected.trim().parse().unwrap();
            if expected > NODE_LIMIT {
                continue;
            }
            let mut game = game.clone();
            assert_eq!(perft(&mut game, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}
