//! Castling for a king and a rook on any files of their first rank: Chess960's rule, of which
//! FIDE's is the case with the king on the e file and the rooks in the corners. Where the two
//! land, which squares must be empty, which squares the king walks, how a castling is written
//! (the king's own move or the king taking its rook) and read back from a [`Move`], and how it
//! is played. Each game adds its own test of the king's walk (attacked, threatened, persuaded).

use shakmaty::attacks::between;
use shakmaty::{Bitboard, Color, File, Rank, Square};

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;

/// The side a castling right belongs to, by the square of its rook: White's on the first
/// rank, Black's on any other (a game's validation checks that it is Black's back rank).
pub fn right_owner(rook: Square) -> Color {
    if rook.rank() == Rank::First {
        Color::White
    } else {
        Color::Black
    }
}

/// How a game writes a castling, which is also how its [`Move`] packs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// The king's own move, `e1g1`: the protocols' usual form in FIDE chess, unambiguous
    /// while the king starts on the e file.
    KingMove,
    /// The king takes its own rook, `e1h1`: Chess960's form, the only one that stays
    /// unambiguous when the king may start anywhere (even on its target square).
    KingTakesRook,
}

/// One castling: where the king and the rook stand and where each lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castle {
    pub king: Square,
    pub rook: Square,
    pub king_to: Square,
    pub rook_to: Square,
}

impl Castle {
    /// The castling of `king` with `rook` on its rank: towards a rook on the king's right the
    /// king lands on the g file and the rook on the f file, towards one on its left on the c
    /// and d files, wherever the two started.
    pub fn new(king: Square, rook: Square) -> Castle {
        let rank = king.rank();
        let (king_file, rook_file) = if rook.file() > king.file() {
            (File::G, File::F)
        } else {
            (File::C, File::D)
        };
        Castle {
            king,
            rook,
            king_to: Square::from_coords(king_file, rank),
            rook_to: Square::from_coords(rook_file, rank),
        }
    }

    /// The castling a castling [`Move`] of the side to move stands for, read in `pos` before
    /// the move is played. Written king takes rook, a piece of its own stands on the target
    /// square; written as the king's move, the target's file tells the side (g: the king's
    /// side) and the castling right on that side names the rook (the corner if none does).
    pub fn of_move<R: Rules>(pos: &Position<R>, mv: Move) -> Castle {
        let (king, to) = (mv.from(), mv.to());
        if to != king && pos.color(pos.turn()).contains(to) {
            return Castle::new(king, to);
        }
        let rights = pos.castling() & Bitboard::from_rank(king.rank());
        let rook = if to.file() > File::D {
            rights
                .last()
                .filter(|rook| rook.file() > king.file())
                .unwrap_or(Square::from_coords(File::H, king.rank()))
        } else {
            rights
                .first()
                .filter(|rook| rook.file() < king.file())
                .unwrap_or(Square::from_coords(File::A, king.rank()))
        };
        Castle::new(king, rook)
    }

    /// The move written in `notation`.
    pub fn to_move(&self, notation: CastlingNotation) -> Move {
        match notation {
            CastlingNotation::KingMove => Move::castle(self.king, self.king_to),
            CastlingNotation::KingTakesRook => Move::castle(self.king, self.rook),
        }
    }

    /// The squares that must be empty: every square the king or the rook crosses or lands
    /// on, except the two squares they leave.
    pub fn must_be_empty(&self) -> Bitboard {
        let crossed = between(self.king, self.king_to)
            | between(self.rook, self.rook_to)
            | Bitboard::from_square(self.king_to)
            | Bitboard::from_square(self.rook_to);
        crossed & !Bitboard::from_square(self.king) & !Bitboard::from_square(self.rook)
    }

    /// The squares the king crosses and lands on: no enemy may attack them, counted through
    /// [`Castle::lifted`]. A king that starts on its target square still lands there, and
    /// the rook leaving its side may uncover it.
    pub fn king_path(&self) -> Bitboard {
        between(self.king, self.king_to) | Bitboard::from_square(self.king_to)
    }

    /// `occupied` with the king and the rook lifted: a rook that leaves can open a line onto
    /// the king's path, which attacks must then be counted through.
    pub fn lifted(&self, occupied: Bitboard) -> Bitboard {
        occupied & !Bitboard::from_square(self.king) & !Bitboard::from_square(self.rook)
    }

    /// Moves the king and the rook to their squares, whatever pieces they are: both are
    /// lifted first, since either may land where the other stood.
    pub fn play<R: Rules>(&self, pos: &mut Position<R>) {
        let king = pos.remove(self.king);
        let rook = pos.remove(self.rook);
        if let Some(king) = king {
            pos.put(self.king_to, king);
        }
        if let Some(rook) = rook {
            pos.put(self.rook_to, rook);
        }
    }
}

/// Pushes, written in `notation`, every castling of `king` with a rook on `rooks` (its rank's
/// rooks with castling rights) whose squares are empty in `occupied` and that `allowed`
/// accepts: the game's test of the king's walk.
pub fn push_castlings(
    king: Square,
    rooks: Bitboard,
    occupied: Bitboard,
    notation: CastlingNotation,
    moves: &mut MoveList,
    mut allowed: impl FnMut(&Castle) -> bool,
) {
    for rook in rooks & Bitboard::from_rank(king.rank()) & !Bitboard::from_square(king) {
        let castle = Castle::new(king, rook);
        if !occupied.intersects(castle.must_be_empty()) && allowed(&castle) {
            moves.push(castle.to_move(notation));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_castlings_land_on_the_usual_squares_and_need_the_usual_squares_empty() {
        let short = Castle::new(Square::E1, Square::H1);
        assert_eq!((short.king_to, short.rook_to), (Square::G1, Square::F1));
        assert_eq!(
            short.must_be_empty(),
            Bitboard::from_square(Square::F1) | Bitboard::from_square(Square::G1)
        );
        let long = Castle::new(Square::E8, Square::A8);
        assert_eq!((long.king_to, long.rook_to), (Square::C8, Square::D8));
        assert_eq!(
            long.must_be_empty(),
            Bitboard::from_square(Square::B8)
                | Bitboard::from_square(Square::C8)
                | Bitboard::from_square(Square::D8)
        );
        assert_eq!(
            long.king_path(),
            Bitboard::from_square(Square::D8) | Bitboard::from_square(Square::C8)
        );
    }

    #[test]
    fn chess960_castlings_clear_both_paths_and_may_leave_the_king_in_place() {
        // King b1 with the rook on c1 towards the king's side: the rook's path d1-f1 and the
        // king's to g1 must be empty, though none of them lies between king and rook.
        let castle = Castle::new(Square::B1, Square::C1);
        assert_eq!((castle.king_to, castle.rook_to), (Square::G1, Square::F1));
        let expected: Bitboard = [Square::D1, Square::E1, Square::F1, Square::G1]
            .into_iter()
            .collect();
        assert_eq!(castle.must_be_empty(), expected);
        // King already on g1: it does not walk, but lands where it stands.
        let still = Castle::new(Square::G1, Square::H1);
        assert_eq!(still.king_path(), Bitboard::from_square(Square::G1));
        assert_eq!(still.must_be_empty(), Bitboard::from_square(Square::F1));
        assert_eq!(
            still.to_move(CastlingNotation::KingTakesRook),
            Move::castle(Square::G1, Square::H1)
        );
    }
}
