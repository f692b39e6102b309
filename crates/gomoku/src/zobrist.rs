//! Zobrist keys: one random 64-bit number per colour and point, and one for
//! white to move. The hash of a position is the XOR of the keys of what is
//! on it, so a move changes it with one XOR and the same XOR takes it back.

use crate::point::STRIDE;

/// SplitMix64: a fixed, well-mixed sequence, the same on every machine.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn stone_keys() -> [[u64; STRIDE * STRIDE]; 2] {
    let mut keys = [[0; STRIDE * STRIDE]; 2];
    let mut i = 0;
    while i < 2 * STRIDE * STRIDE {
        keys[i / (STRIDE * STRIDE)][i % (STRIDE * STRIDE)] = mix(0x6f6d_6f6b_7500 + i as u64);
        i += 1;
    }
    keys
}

/// The key of a stone: `STONES[colour][point index]`, black first.
pub const STONES: [[u64; STRIDE * STRIDE]; 2] = stone_keys();
/// XORed in when white is to move.
pub const SECOND_TO_MOVE: u64 = mix(0x5eed_0f90);
