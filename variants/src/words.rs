//! Plain words for pieces, shared by the games' decisions told in words (the page's buttons
//! and record).

use amity_engine::orthodox::color_name;
use amity_engine::{Piece, PieceInfo};

/// A piece as a player names it: "white knight".
pub fn piece_words(pieces: &[PieceInfo], piece: Piece) -> String {
    let name = pieces
        .get(piece.kind.index())
        .map_or("piece", |info| info.name);
    format!("{} {name}", color_name(piece.color).to_lowercase())
}
