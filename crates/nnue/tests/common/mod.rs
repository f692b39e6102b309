//! Positions made up for the tests: random pieces, scored by material.

use banco_nnue::{Dataset, Layout};

/// Vigna's SplitMix64.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Chess material values by kind (the king counts nothing).
const VALUES: [i32; 6] = [100, 300, 320, 500, 900, 0];

/// Random chess positions (kings on board, up to 14 other pieces) whose
/// score is the material balance for the side to move and whose result
/// follows it.
pub fn material_positions(count: usize, seed: u64) -> Dataset {
    let mut data = Dataset::new(Layout::Chess);
    let mut state = seed;
    for game in 0..count {
        let mut used = [false; 64];
        let mut pieces = Vec::new();
        let mut place = |code: u8, state: &mut u64, pieces: &mut Vec<(u8, u8)>| loop {
            let square = (next(state) % 64) as u8;
            if !used[usize::from(square)] {
                used[usize::from(square)] = true;
                pieces.push((square, code));
                break;
            }
        };
        place(5, &mut state, &mut pieces);
        place(13, &mut state, &mut pieces);
        let extra = next(&mut state) % 15;
        for _ in 0..extra {
            let kind = (next(&mut state) % 5) as u8;
            let owner = if next(&mut state).is_multiple_of(2) {
                0
            } else {
                8
            };
            place(kind | owner, &mut state, &mut pieces);
        }
        pieces.sort_unstable();
        let second_to_move = next(&mut state) % 2 == 1;
        let first: i32 = pieces
            .iter()
            .map(|&(_, code)| {
                let v = VALUES[usize::from(code & 7)];
                if code & 8 == 0 { v } else { -v }
            })
            .sum();
        let mover = if second_to_move { -first } else { first };
        let result = match first {
            f if f > 150 => 2,
            f if f < -150 => 0,
            _ => 1,
        };
        let score = i16::try_from(mover.clamp(-3000, 3000)).unwrap();
        assert!(data.push(&pieces, second_to_move, score, result, game as u32));
    }
    data
}
