//! The move type shared by every variant: a packed 32-bit word that can carry an ordinary move,
//! a promotion, castling, en passant, a drop (a piece placed from off the board) or a chance
//! outcome (a throw of dice or a flipped card), plus a fixed-capacity move list.

use arrayvec::ArrayVec;
use shakmaty::Square;
use std::fmt;

use crate::position::Kind;

/// What kind of decision a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveFlag {
    /// A piece goes from one square to another (capturing whatever enemy stands there, if the
    /// variant allows).
    Normal = 0,
    /// A pawn-like piece moves and becomes another kind (carried in the move).
    Promotion = 1,
    /// The king moves two squares towards a rook with castling rights; the rook jumps over.
    Castle = 2,
    /// A pawn captures the pawn that just passed it.
    EnPassant = 3,
    /// A piece kind (carried in the move) is placed on the target square from off the board.
    Drop = 4,
    /// A chance outcome: the variant decides what `from`, `to` and the kind mean (two thrown
    /// coordinates, a flipped card).
    Chance = 5,
    /// A decision that ends a multi-part turn without moving anything.
    Pass = 6,
}

impl MoveFlag {
    const ALL: [MoveFlag; 7] = [
        MoveFlag::Normal,
        MoveFlag::Promotion,
        MoveFlag::Castle,
        MoveFlag::EnPassant,
        MoveFlag::Drop,
        MoveFlag::Chance,
        MoveFlag::Pass,
    ];
}

/// A decision packed into 32 bits: `from` (6 bits), `to` (6 bits), flag (4 bits), kind (8 bits).
///
/// Packing keeps move lists, killers and transposition entries small; the all-zero word is the
/// null move, which no legal decision encodes (a normal move from a1 to a1 is impossible).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    /// The null move (`0000` in UCI): no legal decision is ever encoded like this.
    pub const NULL: Move = Move(0);

    #[inline]
    const fn pack(from: Square, to: Square, flag: MoveFlag, kind: u8) -> Move {
        Move((from as u32) | ((to as u32) << 6) | ((flag as u32) << 12) | ((kind as u32) << 16))
    }

    /// An ordinary move (or capture).
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::pack(from, to, MoveFlag::Normal, 0)
    }

    /// A move that turns the moving piece into `kind`.
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: Kind) -> Move {
        Move::pack(from, to, MoveFlag::Promotion, kind.index() as u8)
    }

    /// Castling, written as the king's move.
    #[inline]
    pub const fn castle(king_from: Square, king_to: Square) -> Move {
        Move::pack(king_from, king_to, MoveFlag::Castle, 0)
    }

    /// En passant capture, written as the pawn's move.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::pack(from, to, MoveFlag::EnPassant, 0)
    }

    /// A piece of `kind` placed on `to`.
    #[inline]
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move::pack(Square::A1, to, MoveFlag::Drop, kind.index() as u8)
    }

    /// A chance outcome; the variant gives the fields their meaning.
    #[inline]
    pub const fn chance(first: Square, second: Square, kind: Kind) -> Move {
        Move::pack(first, second, MoveFlag::Chance, kind.index() as u8)
    }

    /// A decision that moves nothing (for example ending a multi-part turn).
    #[inline]
    pub const fn pass() -> Move {
        Move::pack(Square::A1, Square::A1, MoveFlag::Pass, 0)
    }

    /// The packed word, for compact storage (transposition table).
    #[inline]
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// Rebuilds a move from [`Move::to_bits`]; returns `None` for words no move packs to.
    #[inline]
    pub fn from_bits(bits: u32) -> Option<Move> {
        let flag = (bits >> 12) & 0xF;
        if bits >> 24 != 0 || flag as usize >= MoveFlag::ALL.len() {
            return None;
        }
        Some(Move(bits))
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::new(self.0 & 63)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6) & 63)
    }

    #[inline]
    pub fn flag(self) -> MoveFlag {
        MoveFlag::ALL[((self.0 >> 12) & 0xF) as usize]
    }

    /// The promotion, drop or chance kind carried by the move.
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind::new(((self.0 >> 16) & 0xFF) as u8)
    }

    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return write!(f, "Move(null)");
        }
        write!(
            f,
            "Move({:?} {}{} kind {})",
            self.flag(),
            self.from(),
            self.to(),
            self.kind().index()
        )
    }
}

/// Longest list any variant generates in one position (chess's record is 218).
pub const MAX_MOVES: usize = 320;

/// A fixed-capacity list of moves living on the stack, so move generation never allocates.
/// Backed by `arrayvec`, whose storage is left uninitialised until pushed to: zero-filling
/// 320 entries for every generation cost about a sixth of a perft node.
#[derive(Clone, Default)]
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new_const(),
        }
    }

    /// Adds a move; a list already full (more moves than any known position has) drops it,
    /// which debug builds report.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(!self.moves.is_full(), "move list overflow");
        let _ = self.moves.try_push(mv);
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps only the moves for which `keep` is true, preserving order. Moves are `Copy`, so
    /// the kept ones are copied down in one pass and the rest cut off (arrayvec's own retain
    /// handles drops and panics a move does not need, at a tenth of a file-defined perft).
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for index in 0..self.moves.len() {
            let mv = self.moves[index];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.moves.iter()
    }

    pub fn contains(&self, mv: Move) -> bool {
        self.moves.contains(&mv)
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
