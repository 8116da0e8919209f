//! Plain words for pieces, shared by the games' decisions told in words (the page's buttons
//! and record).

use amity_engine::{Color, Piece, PieceInfo};

/// A piece as a player names it: "white knight".
pub fn piece_words(pieces: &[PieceInfo], piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let name = pieces
        .get(piece.kind.index())
        .map_or("piece", |info| info.name);
    format!("{colour} {name}")
}
