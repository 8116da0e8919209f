//! Zobrist keys: fixed pseudo-random numbers, generated at compile time, that hash a position
//! incrementally (pieces, side to move, castling rights, en passant file, variant state), and
//! the named key ranges a game's state takes from the shared pool of variant keys.

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
/// How many keys the pool for variant state holds.
pub const VARIANT_KEY_COUNT: usize = 1024;

/// Keys a variant may use for its own state (couples, phases, decks, flags).
const VARIANT_KEYS: [u64; VARIANT_KEY_COUNT] = table(0x0056_6172_6961_6E74);

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

/// One of the keys reserved for variant state, by its place in the pool. A game names its
/// keys with [`state_keys!`](crate::state_keys) rather than placing them by hand.
#[inline]
pub fn variant(index: usize) -> u64 {
    VARIANT_KEYS[index % VARIANT_KEYS.len()]
}

/// A named run of consecutive keys of the variant pool: one part of a game's state (a card at
/// each place of a pile, a flag). Made by [`state_keys!`](crate::state_keys), which lays the
/// runs one after another, so no two of a game's runs can share a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateKeys {
    start: usize,
    len: usize,
}

impl StateKeys {
    /// The first run of a layout: `len` keys from the start of the pool.
    pub const fn first(len: usize) -> StateKeys {
        StateKeys { start: 0, len }
    }

    /// The run of `len` keys that follows `previous`.
    pub const fn after(previous: StateKeys, len: usize) -> StateKeys {
        StateKeys {
            start: previous.end(),
            len,
        }
    }

    /// The place in the pool just past this run.
    pub const fn end(self) -> usize {
        self.start + self.len
    }

    /// How many keys the run holds.
    pub const fn len(self) -> usize {
        self.len
    }

    /// Whether the run holds no key.
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The run's key number `index` (`index < len`: a larger one would be another run's key).
    #[inline]
    pub fn key(self, index: usize) -> u64 {
        debug_assert!(
            index < self.len,
            "state key {index} outside a run of {}",
            self.len
        );
        variant(self.start + index)
    }

    /// The run's only key (a flag's).
    #[inline]
    pub fn single(self) -> u64 {
        self.key(0)
    }
}

/// Lays out a game's state keys: each `NAME: count;` becomes a `const NAME: StateKeys` of
/// `count` keys right after the one before it (the first from the pool's start), and the
/// layout is checked at compile time to fit in the pool. Runs never overlap, so no game places
/// keys by hand.
///
/// ```
/// amity_engine::state_keys! {
///     /// The phase, 1 to 4.
///     PHASE: 5;
///     /// A flag.
///     PENDING: 1;
/// }
/// assert_eq!(PHASE.end(), 5);
/// assert_eq!(PENDING.len(), 1);
/// ```
#[macro_export]
macro_rules! state_keys {
    (@after $previous:ident;) => {
        const _: () = assert!(
            $previous.end() <= $crate::zobrist::VARIANT_KEY_COUNT,
            "a game's state keys must fit in the variant key pool"
        );
    };
    (@after $previous:ident;
        $(#[$meta:meta])* $vis:vis $name:ident: $len:expr; $($rest:tt)*) => {
        $(#[$meta])*
        $vis const $name: $crate::zobrist::StateKeys =
            $crate::zobrist::StateKeys::after($previous, $len);
        $crate::state_keys!(@after $name; $($rest)*);
    };
    ($(#[$meta:meta])* $vis:vis $name:ident: $len:expr; $($rest:tt)*) => {
        $(#[$meta])*
        $vis const $name: $crate::zobrist::StateKeys = $crate::zobrist::StateKeys::first($len);
        $crate::state_keys!(@after $name; $($rest)*);
    };
}
