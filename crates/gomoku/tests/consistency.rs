//! The incremental state against a rebuild: in seeded random games the hash
//! and every point's threat equal those of the same stones placed afresh,
//! after every make and every unmake; and the board's fast renju foul test
//! equals the plain RIF scan.

use banco_gomoku::{GomokuGame, Point, Rule, Side, Threat, renju};
use banco_search::Game;

/// SplitMix64, enough randomness for test games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn rebuilt(game: &GomokuGame) -> GomokuGame {
    let mut fresh = GomokuGame::new(game.size(), game.rule()).unwrap();
    for m in game.moves() {
        fresh.place(m.point, m.side).unwrap();
    }
    fresh.set_side_to_move(game.side_to_move());
    fresh
}

fn assert_same(a: &GomokuGame, b: &GomokuGame) {
    assert_eq!(a.hash(), b.hash());
    for y in 0..a.size() {
        for x in 0..a.size() {
            let p = Point::new(x, y);
            for side in Side::ALL {
                assert_eq!(a.threat(side, p), b.threat(side, p), "{p} {side:?}");
            }
        }
    }
}

#[test]
fn incremental_state_equals_a_rebuild() {
    let mut rng = Rng(7);
    for rule in Rule::ALL {
        for size in [15, 20] {
            let mut game = GomokuGame::new(size, rule).unwrap();
            let start = game.hash();
            let mut played = Vec::new();
            let mut moves = Vec::new();
            for _ in 0..60 {
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let guess = game.hash_after(mv);
                game.make_move(mv);
                assert_eq!(guess, Some(game.hash()), "hash guessed before {mv}");
                played.push(mv);
                assert_same(&game, &rebuilt(&game));
            }
            while let Some(mv) = played.pop() {
                game.unmake_move(mv);
                assert_same(&game, &rebuilt(&game));
            }
            assert_eq!(game.hash(), start);
        }
    }
}

#[test]
fn fast_renju_fouls_equal_the_rif_scan() {
    let mut rng = Rng(11);
    let mut fouls = 0;
    for _ in 0..300 {
        let mut game = GomokuGame::new(15, Rule::Renju).unwrap();
        let stones = 6 + rng.below(35);
        for _ in 0..stones {
            let p = Point::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            let side = if rng.below(100) < 55 {
                Side::First
            } else {
                Side::Second
            };
            let _ = game.place(p, side);
        }
        for y in 0..15 {
            for x in 0..15 {
                let p = Point::new(x, y);
                if game.stone(p).is_some() {
                    continue;
                }
                let scan = renju::foul(15, |q| game.stone(q), p);
                assert_eq!(game.foul_at(p), scan, "{p} in {game:?}");
                fouls += usize::from(scan.is_some());
            }
        }
    }
    assert!(fouls > 50, "too few fouls to test anything: {fouls}");
}

#[test]
fn renju_black_is_never_offered_a_foul() {
    let mut rng = Rng(13);
    let mut moves = Vec::new();
    let mut excluded = 0;
    for _ in 0..300 {
        let mut game = GomokuGame::new(15, Rule::Renju).unwrap();
        for _ in 0..6 + rng.below(35) {
            let p = Point::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            let side = if rng.below(100) < 55 {
                Side::First
            } else {
                Side::Second
            };
            let _ = game.place(p, side);
        }
        game.set_side_to_move(Side::First);
        if game.rule_outcome().is_some() {
            continue;
        }
        game.legal_moves(&mut moves);
        for &p in &moves {
            assert_eq!(
                renju::foul(15, |q| game.stone(q), p),
                None,
                "{p} offered in {game:?}"
            );
        }
        excluded += game
            .forbidden_points()
            .iter()
            .filter(|p| game.stone(**p).is_none())
            .count();
    }
    assert!(excluded > 50, "too few fouls to test anything: {excluded}");
}

/// Whether `side` could make a straight four (or two fours) with one stone
/// it may play: the threat the move list answers.
fn has_open_four_point(game: &GomokuGame, side: Side) -> bool {
    (0..game.size()).any(|y| {
        (0..game.size()).any(|x| {
            let p = Point::new(x, y);
            game.stone(p).is_none()
                && game.threat(side, p) == Threat::OpenFour
                && (side == Side::Second || game.foul_at(p).is_none())
        })
    })
}

#[test]
fn moves_left_out_against_a_straight_four_threat_all_lose_to_it() {
    let mut rng = Rng(17);
    let mut moves = Vec::new();
    let (mut answered, mut left_out) = (0, 0);
    for round in 0..2_000 {
        let rule = Rule::ALL[round % Rule::ALL.len()];
        let mut game = GomokuGame::new(15, rule).unwrap();
        for _ in 0..8 + rng.below(30) {
            let p = Point::new(3 + rng.below(9) as u8, 3 + rng.below(9) as u8);
            let side = if rng.below(2) == 0 {
                Side::First
            } else {
                Side::Second
            };
            let _ = game.place(p, side);
        }
        let me = if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let them = me.opponent();
        game.set_side_to_move(me);
        let any_five = |g: &GomokuGame, s: Side| {
            (0..15).any(|y| {
                (0..15).any(|x| {
                    let p = Point::new(x, y);
                    g.stone(p).is_none() && g.threat(s, p) == Threat::Five
                })
            })
        };
        if game.rule_outcome().is_some()
            || any_five(&game, me)
            || any_five(&game, them)
            || !has_open_four_point(&game, them)
        {
            continue;
        }
        game.legal_moves(&mut moves);
        assert!(!moves.is_empty());
        answered += 1;
        for y in 0..15 {
            for x in 0..15 {
                let p = Point::new(x, y);
                let mine_allowed =
                    me == Side::Second || rule != Rule::Renju || game.foul_at(p).is_none();
                if game.stone(p).is_some() || moves.contains(&p) || !mine_allowed {
                    continue;
                }
                if game.threat(me, p) < Threat::Four {
                    let mut next = game.clone();
                    next.make_move(p);
                    left_out += 1;
                    assert!(
                        has_open_four_point(&next, them),
                        "{p} was left out but stops the threat in {game:?}"
                    );
                }
            }
        }
    }
    assert!(
        answered > 50 && left_out > 1_000,
        "too few threats to test anything: {answered} positions, {left_out} moves left out"
    );
}
