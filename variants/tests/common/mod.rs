//! Shared helpers of the rules tests: where the workspace's test data is, the perft data file
//! reader, the parts of random boards that every variant's random-board test builds alike, and
//! the board geometry the independent references share (written out here, never taken from
//! the engine's tables).

#![allow(dead_code)]

mod perft_file;

use std::path::PathBuf;

#[allow(unused_imports)]
pub use perft_file::{PerftCase, read_perft_file};

/// A file under the workspace root: the perft data (`tests/perft`) and the rules pages
/// (`docs/variants`) are shared with the binary's tests and the scripts, so they stay there.
pub fn repository_file(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

/// How many boards a random-board test checks: `AMITY_RANDOM_POSITIONS` when set, else
/// `default`.
pub fn random_board_count(default: usize) -> usize {
    std::env::var("AMITY_RANDOM_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Castling rights for a random board: where a king and a rook of one colour stand on their
/// start squares (e1 with a1 or h1, e8 with a8 or h8), the right is given four times in five.
pub fn random_castling_rights<R: amity_engine::Rules>(
    pos: &amity_engine::Position<R>,
    rng: &mut rand::rngs::StdRng,
) -> amity_engine::Bitboard {
    use amity_engine::orthodox::{KING, ROOK};
    use amity_engine::{Bitboard, Color, Piece, Square};
    use rand::Rng;
    let mut rights = Bitboard::EMPTY;
    for (color, king, rook) in [
        (Color::White, 4, 7),
        (Color::White, 4, 0),
        (Color::Black, 60, 63),
        (Color::Black, 60, 56),
    ] {
        let (king, rook) = (Square::new(king), Square::new(rook));
        if pos.piece_at(king) == Some(Piece::new(color, KING))
            && pos.piece_at(rook) == Some(Piece::new(color, ROOK))
            && rng.random_bool(0.8)
        {
            rights.add(rook);
        }
    }
    rights
}

/// A colour for a random board, either with even odds.
pub fn random_color(rng: &mut rand::rngs::StdRng) -> amity_engine::Color {
    use rand::Rng;
    if rng.random_bool(0.5) {
        amity_engine::Color::White
    } else {
        amity_engine::Color::Black
    }
}

/// A knight's eight jumps as (file, rank) steps, for the independent references.
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A king's eight steps as (file, rank) steps, for the independent references.
pub const KING_STEPS: [(i32, i32); 8] = [
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
];
