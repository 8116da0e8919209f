//! The board every variant plays on: bitboards per piece kind and per colour, a mailbox for
//! square lookups, the side to move, castling rights, en passant, clocks, the variant's own state
//! and an incrementally updated Zobrist hash. Positions are copied to make moves (copy-make).

use shakmaty::{Bitboard, Color, Square};

use crate::rules::Rules;
use crate::zobrist;

/// Most piece kinds a variant may define (chess has six, It is what it is chess eleven).
pub const MAX_KINDS: usize = 12;

/// A piece kind: an index into the variant's piece table ([`RulesExt::pieces`](crate::RulesExt::pieces)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Kind(u8);

impl Kind {
    #[inline]
    pub const fn new(index: u8) -> Kind {
        Kind(index)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece: a kind and the colour that owns it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// Mailbox code: 0 is an empty square, so codes start at 1.
    #[inline]
    const fn code(self) -> u8 {
        ((self.color as u8) << 4) | (self.kind.0 + 1)
    }

    #[inline]
    const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            None
        } else {
            Some(Piece {
                color: if code >> 4 == 1 {
                    Color::White
                } else {
                    Color::Black
                },
                kind: Kind((code & 15) - 1),
            })
        }
    }
}

/// Index of a colour in per-colour tables: White 0, Black 1.
#[inline]
pub const fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// A position of variant `R`: the board plus everything that decides the legal moves.
pub struct Position<R: Rules> {
    kinds: [Bitboard; MAX_KINDS],
    colors: [Bitboard; 2],
    mailbox: [u8; 64],
    turn: Color,
    castling: Bitboard,
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmoves: u32,
    hash: u64,
    /// The variant's own state (chosen couples, decks of cards...). A variant that changes it
    /// must keep the hash in step with [`Position::toggle_hash`].
    pub state: R::State,
}

impl<R: Rules> Clone for Position<R> {
    #[inline]
    fn clone(&self) -> Self {
        Position {
            kinds: self.kinds,
            colors: self.colors,
            mailbox: self.mailbox,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmoves: self.fullmoves,
            hash: self.hash,
            state: self.state.clone(),
        }
    }
}

impl<R: Rules> std::fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("colors", &self.colors)
            .field("turn", &self.turn)
            .field("castling", &self.castling)
            .field("en_passant", &self.en_passant)
            .field("halfmove_clock", &self.halfmove_clock)
            .field("state", &self.state)
            .finish()
    }
}

impl<R: Rules> Position<R> {
    /// An empty board with White to move and the variant's default state.
    pub fn empty() -> Position<R> {
        Position {
            kinds: [Bitboard::EMPTY; MAX_KINDS],
            colors: [Bitboard::EMPTY; 2],
            mailbox: [0; 64],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            en_passant: None,
            halfmove_clock: 0,
            fullmoves: 1,
            hash: 0,
            state: R::State::default(),
        }
    }

    // ----- reading the board -----

    /// Squares of every piece of one kind, both colours.
    #[inline]
    pub fn kind(&self, kind: Kind) -> Bitboard {
        self.kinds[kind.index()]
    }

    /// Squares of every piece of one colour.
    #[inline]
    pub fn color(&self, color: Color) -> Bitboard {
        self.colors[color_index(color)]
    }

    /// Squares of the pieces of one kind and colour.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.kinds[kind.index()] & self.colors[color_index(color)]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// Squares of the side to move.
    #[inline]
    pub fn ours(&self) -> Bitboard {
        self.color(self.turn)
    }

    /// Squares of the side not to move.
    #[inline]
    pub fn theirs(&self) -> Bitboard {
        self.color(!self.turn)
    }

    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.mailbox[square as usize])
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Rook squares that still carry a castling right.
    #[inline]
    pub fn castling(&self) -> Bitboard {
        self.castling
    }

    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves since the last capture or pawn move (or whatever the variant resets it on).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash of everything that decides the legal moves, variant state included.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    // ----- changing the board (each keeps the hash in step) -----

    /// Puts a piece on an empty square.
    #[inline]
    pub fn put(&mut self, square: Square, piece: Piece) {
        debug_assert!(
            self.mailbox[square as usize] == 0,
            "put on occupied {square}"
        );
        let bit = Bitboard::from_square(square);
        self.kinds[piece.kind.index()] |= bit;
        self.colors[color_index(piece.color)] |= bit;
        self.mailbox[square as usize] = piece.code();
        self.hash ^= zobrist::piece(
            color_index(piece.color),
            piece.kind.index(),
            square as usize,
        );
    }

    /// Takes whatever stands on a square off the board.
    #[inline]
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = Piece::from_code(self.mailbox[square as usize])?;
        let bit = Bitboard::from_square(square);
        self.kinds[piece.kind.index()] ^= bit;
        self.colors[color_index(piece.color)] ^= bit;
        self.mailbox[square as usize] = 0;
        self.hash ^= zobrist::piece(
            color_index(piece.color),
            piece.kind.index(),
            square as usize,
        );
        Some(piece)
    }

    /// Moves a piece to an empty square.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) {
        if let Some(piece) = self.remove(from) {
            self.put(to, piece);
        }
    }

    /// Replaces whatever stands on a square (if anything) with `piece`.
    #[inline]
    pub fn replace(&mut self, square: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(square);
        self.put(square, piece);
        old
    }

    #[inline]
    pub fn set_turn(&mut self, turn: Color) {
        if turn != self.turn {
            self.hash ^= zobrist::BLACK_TO_MOVE;
            self.turn = turn;
        }
    }

    /// Hands the move to the other side.
    #[inline]
    pub fn flip_turn(&mut self) {
        self.set_turn(!self.turn);
    }

    /// Ends the side to move's turn: the full move number counts on after Black's turn, and
    /// the other side is to move. (The fifty-move clock is the game's to set.)
    #[inline]
    pub fn end_turn(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves += 1;
        }
        self.flip_turn();
    }

    #[inline]
    pub fn set_castling(&mut self, rights: Bitboard) {
        let mut changed = self.castling ^ rights;
        while let Some(square) = changed.pop_front() {
            self.hash ^= zobrist::castling(square as usize);
        }
        self.castling = rights;
    }

    /// Removes the castling rights anchored on any of `squares`.
    #[inline]
    pub fn discard_castling(&mut self, squares: Bitboard) {
        if self.castling.intersects(squares) {
            self.set_castling(self.castling & !squares);
        }
    }

    #[inline]
    pub fn set_en_passant(&mut self, square: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant(old.file() as usize);
        }
        if let Some(new) = square {
            self.hash ^= zobrist::en_passant(new.file() as usize);
        }
        self.en_passant = square;
    }

    #[inline]
    pub fn set_halfmove_clock(&mut self, clock: u32) {
        self.halfmove_clock = clock;
    }

    #[inline]
    pub fn set_fullmoves(&mut self, fullmoves: u32) {
        self.fullmoves = fullmoves;
    }

    /// Folds a variant state key in or out of the hash.
    #[inline]
    pub fn toggle_hash(&mut self, key: u64) {
        self.hash ^= key;
    }

    /// Runs `change` on the position and keeps the hash in step with what it did to the
    /// variant state: the board's own setters hash themselves, the state cannot, so its hash
    /// ([`Rules::state_hash`]) before and after is folded in.
    #[inline]
    pub fn update_state<T>(&mut self, rules: &R, change: impl FnOnce(&mut Self) -> T) -> T {
        let before = rules.state_hash(&self.state);
        let result = change(self);
        let after = rules.state_hash(&self.state);
        self.hash ^= before ^ after;
        result
    }

    /// The hash computed from scratch; equal to [`Position::hash`] unless something forgot to
    /// keep it in step (tests check this).
    pub fn fresh_hash(&self, rules: &R) -> u64 {
        let mut hash = 0;
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                hash ^= zobrist::piece(
                    color_index(piece.color),
                    piece.kind.index(),
                    square as usize,
                );
            }
        }
        if self.turn == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        for square in self.castling {
            hash ^= zobrist::castling(square as usize);
        }
        if let Some(square) = self.en_passant {
            hash ^= zobrist::en_passant(square.file() as usize);
        }
        hash ^ rules.state_hash(&self.state)
    }

    /// Recomputes the hash from scratch (after building a position by hand or from FEN).
    pub fn refresh_hash(&mut self, rules: &R) {
        self.hash = self.fresh_hash(rules);
    }
}
