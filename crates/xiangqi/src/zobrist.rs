//! Zobrist keys: one random 64-bit key per (piece, point) and one for black to
//! move. A position's hash is the XOR of the keys of what is on it, so a move
//! updates it with two or three XORs.

use crate::square::Square;

/// splitmix64, run at compile time: fixed keys, so hashes are the same in
/// every run and every build.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 256]; 16] {
    let mut keys = [[0; 256]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut code = 0;
    while code < 16 {
        let mut cell = 0;
        while cell < 256 {
            let (next, key) = splitmix(state);
            state = next;
            keys[code][cell] = key;
            cell += 1;
        }
        code += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; 256]; 16] = piece_keys();

/// The key XORed in when black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x1234_5678_9ABC_DEF0).1;

/// The key of the piece with cell code `code` on `square`.
#[inline]
pub(crate) fn piece_key(code: u8, square: Square) -> u64 {
    PIECE_KEYS[usize::from(code & 15)][square.cell()]
}
