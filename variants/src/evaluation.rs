//! Evaluation terms for games played with the standard chess pieces: material and tapered
//! piece-square tables. Shared by the variants that keep chess's pieces.

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Color, Position, Rules};

const MATERIAL: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material balance from the side to move's point of view.
pub fn standard<R: Rules>(pos: &Position<R>) -> i32 {
    let mut score = 0;
    for (index, kind) in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
        .into_iter()
        .enumerate()
    {
        let white = pos.pieces(Color::White, kind).count() as i32;
        let black = pos.pieces(Color::Black, kind).count() as i32;
        score += MATERIAL[index] * (white - black);
    }
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}
