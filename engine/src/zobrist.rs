//! Zobrist keys: fixed pseudo-random numbers, generated at compile time, that hash a position
//! incrementally (pieces, side to move, castling rights, en passant file, variant state).

use crate::position::MAX_KINDS;

/// SplitMix64, used only to fill the key tables deterministically at compile time.
const fn splitmix(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix(state);
        state = next;
        out[i] = value;
        i += 1;
    }
    out
}

const PIECE_KEYS: [u64; 2 * MAX_KINDS * 64] = table(0x416D_6974_7950_6365);
const CASTLING_KEYS: [u64; 64] = table(0x0043_6173_746C_696E);
const EN_PASSANT_KEYS: [u64; 8] = table(0x456E_5061_7373);
/// Keys a variant may use for its own state (couples, phases, decks, flags).
const VARIANT_KEYS: [u64; 1024] = table(0x0056_6172_6961_6E74);

/// Key for the side to move being Black.
pub const BLACK_TO_MOVE: u64 = 0xF1A6_5B2D_93C4_7E08;

/// Key of a piece of `color_index` (0 White, 1 Black) and kind index on a square index.
#[inline]
pub fn piece(color_index: usize, kind_index: usize, square_index: usize) -> u64 {
    PIECE_KEYS[(color_index * MAX_KINDS + kind_index) * 64 + square_index]
}

/// Key of a castling right anchored on a rook's square.
#[inline]
pub fn castling(square_index: usize) -> u64 {
    CASTLING_KEYS[square_index]
}

/// Key of an en passant file.
#[inline]
pub fn en_passant(file_index: usize) -> u64 {
    EN_PASSANT_KEYS[file_index]
}

/// One of 1024 keys reserved for variant state; variants choose their own index layout.
#[inline]
pub fn variant(index: usize) -> u64 {
    VARIANT_KEYS[index % VARIANT_KEYS.len()]
}
