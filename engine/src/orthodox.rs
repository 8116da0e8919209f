//! Building blocks for games played with the six standard chess pieces: their attacks, checks
//! and pins, a fast legal move generator and the standard way of making a move. A variant
//! configures it (board mask, double step, castling, promotion choices) with an [`Orthodox`]
//! value; variants with other capture or check rules use the attack functions alone.

use shakmaty::attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, ray, rook_attacks,
};
use shakmaty::{Bitboard, Color, File, Rank, Square};

use crate::castling::{Castle, CastlingNotation, push_castlings, right_owner};
use crate::fen::FenError;
use crate::moves::{Move, MoveFlag, MoveList};
use crate::position::{Kind, Piece, Position};
use crate::rules::{Outcome, PieceInfo, Rules};

pub const PAWN: Kind = Kind::new(0);
pub const KNIGHT: Kind = Kind::new(1);
pub const BISHOP: Kind = Kind::new(2);
pub const ROOK: Kind = Kind::new(3);
pub const QUEEN: Kind = Kind::new(4);
pub const KING: Kind = Kind::new(5);

/// The standard start position, White to move with every castling right.
pub const STANDARD_START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The six standard pieces with their usual letters and nominal values.
pub const STANDARD_PIECES: [PieceInfo; 6] = [
    PieceInfo {
        symbol: "P",
        name: "pawn",
        value: 100,
    },
    PieceInfo {
        symbol: "N",
        name: "knight",
        value: 320,
    },
    PieceInfo {
        symbol: "B",
        name: "bishop",
        value: 330,
    },
    PieceInfo {
        symbol: "R",
        name: "rook",
        value: 500,
    },
    PieceInfo {
        symbol: "Q",
        name: "queen",
        value: 900,
    },
    PieceInfo {
        symbol: "K",
        name: "king",
        value: 0,
    },
];

/// Promotion choices of FIDE chess, best first (move ordering likes the queen early).
pub const FIDE_PROMOTIONS: [Kind; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

/// Where a pawn of `color` attacks from `square` (board edges respected, no mask).
#[inline]
pub fn pawn_attacks_from(color: Color, square: Square) -> Bitboard {
    pawn_attacks(color, square)
}

/// Squares a standard piece of `kind` on `square` attacks, given the occupancy.
#[inline]
pub fn attacks(kind: Kind, color: Color, square: Square, occupied: Bitboard) -> Bitboard {
    match kind.index() {
        0 => pawn_attacks(color, square),
        1 => knight_attacks(square),
        2 => bishop_attacks(square, occupied),
        3 => rook_attacks(square, occupied),
        4 => bishop_attacks(square, occupied) | rook_attacks(square, occupied),
        5 => king_attacks(square),
        _ => Bitboard::EMPTY,
    }
}

/// Every piece of `attacker` that attacks `square`, with the given occupancy. Only pieces on
/// `occupied` count, so a caller can take pieces off by clearing their bits.
#[inline]
pub fn attackers_to<R: Rules>(
    pos: &Position<R>,
    square: Square,
    attacker: Color,
    occupied: Bitboard,
) -> Bitboard {
    let queens = pos.kind(QUEEN);
    let found = (rook_attacks(square, occupied) & (pos.kind(ROOK) | queens))
        | (bishop_attacks(square, occupied) & (pos.kind(BISHOP) | queens))
        | (knight_attacks(square) & pos.kind(KNIGHT))
        | (king_attacks(square) & pos.kind(KING))
        | (pawn_attacks(!attacker, square) & pos.kind(PAWN));
    found & pos.color(attacker) & occupied
}

/// The enemy pieces attacking the king of the side to move (empty if it has none).
#[inline]
pub fn checkers<R: Rules>(pos: &Position<R>) -> Bitboard {
    let us = pos.turn();
    match pos.pieces(us, KING).first() {
        Some(king) => attackers_to(pos, king, !us, pos.occupied()),
        None => Bitboard::EMPTY,
    }
}

/// Pieces of `us` that stand alone between their king and an enemy slider aiming at it.
#[inline]
pub fn pinned<R: Rules>(
    pos: &Position<R>,
    king: Square,
    us: Color,
    occupied: Bitboard,
) -> Bitboard {
    let them = pos.color(!us);
    let queens = pos.kind(QUEEN);
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & (pos.kind(ROOK) | queens))
        | (bishop_attacks(king, Bitboard::EMPTY) & (pos.kind(BISHOP) | queens)))
        & them;
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if !blockers.more_than_one() {
            pinned |= blockers & pos.color(us);
        }
    }
    pinned
}

/// Squares attacked by at least one and by at least two pieces of `color`, given the occupancy
/// (a line piece's ray stops at the first occupied square, so a piece behind another on the
/// same line adds nothing beyond it). Variants where the number of attackers matters (supported
/// captures, counted checks) and evaluations of square control use it.
#[inline]
pub fn attack_counts<R: Rules>(
    pos: &Position<R>,
    color: Color,
    occupied: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut once = Bitboard::EMPTY;
    let mut twice = Bitboard::EMPTY;
    let mut add = |attacks: Bitboard| {
        twice |= once & attacks;
        once |= attacks;
    };
    // Pawns set-wise: each capture direction is one shift, so two pawns meeting on a square
    // count twice.
    let pawns = pos.pieces(color, PAWN).0;
    let not_a = !Bitboard::from_file(File::A).0;
    let not_h = !Bitboard::from_file(File::H).0;
    match color {
        Color::White => {
            add(Bitboard((pawns & not_a) << 7));
            add(Bitboard((pawns & not_h) << 9));
        }
        Color::Black => {
            add(Bitboard((pawns & not_a) >> 9));
            add(Bitboard((pawns & not_h) >> 7));
        }
    }
    for square in pos.pieces(color, KNIGHT) {
        add(knight_attacks(square));
    }
    let queens = pos.pieces(color, QUEEN);
    for square in pos.pieces(color, BISHOP) {
        add(bishop_attacks(square, occupied));
    }
    for square in pos.pieces(color, ROOK) {
        add(rook_attacks(square, occupied));
    }
    for square in queens {
        add(bishop_attacks(square, occupied) | rook_attacks(square, occupied));
    }
    for square in pos.pieces(color, KING) {
        add(king_attacks(square));
    }
    (once, twice)
}

/// A set of squares moved one rank forward from `color`'s side (off-board bits fall away).
#[inline]
pub fn shift_forward(bitboard: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(bitboard.0 << 8),
        Color::Black => Bitboard(bitboard.0 >> 8),
    }
}

/// Where a game's kings and rooks may castle from, which decides how a castling is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRule {
    /// FIDE chess: the king on the e file, the rooks in the corners; written as the king's
    /// move (`e1g1`).
    Fide,
    /// Chess960: the king anywhere between its two rooks on the first rank; written as the
    /// king taking its rook (`e1h1`), the only form that is never ambiguous there.
    Chess960,
}

impl CastlingRule {
    /// How a castling is written (and packed) under this rule.
    pub fn notation(self) -> CastlingNotation {
        match self {
            CastlingRule::Fide => CastlingNotation::KingMove,
            CastlingRule::Chess960 => CastlingNotation::KingTakesRook,
        }
    }
}

/// Writes, inside an `impl Rules`, the hooks of a game whose moves, checks and endings are
/// an [`Orthodox`] value's as they are: generation (all moves and the tactical ones), playing
/// a move, check, giving check, the outcome with no move left, FIDE's easy dead positions and
/// the standard static exchange. `$rules` gives the value from the game, called as
/// `$rules(self)`, e.g. `orthodox_hooks!(|_| RULES)`.
#[macro_export]
macro_rules! orthodox_hooks {
    ($rules:expr) => {
        $crate::generate_by_flag!(|game: &Self, pos, moves, tactical| {
            ($rules)(game).generate(pos, moves, tactical)
        });

        #[inline]
        fn play_in(
            &self,
            pos: &mut $crate::Position<Self>,
            mv: $crate::Move,
            _scratch: &mut $crate::Scratch,
        ) {
            ($rules)(self).play(pos, mv);
        }

        #[inline]
        fn in_check(&self, pos: &$crate::Position<Self>) -> bool {
            $crate::orthodox::checkers(pos).any()
        }

        #[inline]
        fn gives_check(&self, pos: &$crate::Position<Self>, mv: $crate::Move) -> Option<bool> {
            Some(($rules)(self).gives_check(pos, mv))
        }

        fn no_move_outcome(&self, pos: &$crate::Position<Self>) -> $crate::Outcome {
            ($rules)(self).no_move_outcome(pos)
        }

        fn position_draw(&self, pos: &$crate::Position<Self>) -> Option<$crate::DrawReason> {
            $crate::orthodox::insufficient_material(pos)
                .then_some($crate::DrawReason::InsufficientMaterial)
        }

        fn static_exchange_in(
            &self,
            pos: &$crate::Position<Self>,
            mv: $crate::Move,
            _scratch: &mut $crate::Scratch,
        ) -> i32 {
            $crate::search::see::orthodox(self, pos, mv)
        }
    };
}

/// Configuration of the standard rules for one variant.
#[derive(Clone, Copy, Debug)]
pub struct Orthodox {
    /// The squares that exist.
    pub board: Bitboard,
    /// Number of ranks (the last one is where White promotes).
    pub ranks: u8,
    pub double_step: bool,
    /// Whether and from where kings castle; `None`: no castling.
    pub castling: Option<CastlingRule>,
    /// Kinds a pawn may promote to, best first.
    pub promotions: &'static [Kind],
}

impl Orthodox {
    /// FIDE chess on the 8x8 board.
    pub const FIDE: Orthodox = Orthodox {
        board: Bitboard::FULL,
        ranks: 8,
        double_step: true,
        castling: Some(CastlingRule::Fide),
        promotions: &FIDE_PROMOTIONS,
    };

    /// Chess960 (Fischer Random chess): FIDE chess with castling from any start arrangement.
    pub const CHESS960: Orthodox = Orthodox {
        castling: Some(CastlingRule::Chess960),
        ..Orthodox::FIDE
    };

    /// The rank `relative` ranks in front of `color`'s first rank (0 is the first), as the
    /// board's squares.
    #[inline]
    pub fn rank(&self, color: Color, relative: u8) -> Bitboard {
        let index = match color {
            Color::White => relative,
            Color::Black => self.ranks - 1 - relative,
        };
        Bitboard::from_rank(Rank::new(index as u32)) & self.board
    }

    #[inline]
    fn push_pawn_move(&self, moves: &mut MoveList, from: Square, to: Square, promotes: bool) {
        if promotes {
            for &kind in self.promotions {
                moves.push(Move::promotion(from, to, kind));
            }
        } else {
            moves.push(Move::normal(from, to));
        }
    }

    /// Legal moves for the side to move. With `tactical_only`, just captures (en passant
    /// included) and promotions, as quiescence search wants.
    pub fn generate<R: Rules>(&self, pos: &Position<R>, moves: &mut MoveList, tactical_only: bool) {
        let us = pos.turn();
        let them = !us;
        let ours = pos.color(us);
        let theirs = pos.color(them);
        let occupied = ours | theirs;
        let Some(king) = pos.pieces(us, KING).first() else {
            return;
        };
        let destinations = if tactical_only {
            theirs
        } else {
            !ours & self.board
        };
        let checkers = attackers_to(pos, king, them, occupied);

        // The king: any target not attacked once the king has left its square (so sliders
        // checking it along a line also cover the squares behind it).
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in king_attacks(king) & destinations & self.board {
            if attackers_to(pos, to, them, without_king).is_empty() {
                moves.push(Move::normal(king, to));
            }
        }
        if checkers.more_than_one() {
            return;
        }
        // In check, other pieces must capture the checker or block its line.
        let target = match checkers.first() {
            Some(checker) => between(king, checker) | checkers,
            None => Bitboard::FULL,
        };
        let pinned = pinned(pos, king, us, occupied);

        for from in pos.pieces(us, KNIGHT) & !pinned {
            for to in knight_attacks(from) & destinations & target {
                moves.push(Move::normal(from, to));
            }
        }
        let queens = pos.pieces(us, QUEEN);
        for from in pos.pieces(us, BISHOP) | queens {
            let mut targets = bishop_attacks(from, occupied) & destinations & target;
            if pinned.contains(from) {
                targets &= ray(king, from);
            }
            for to in targets {
                moves.push(Move::normal(from, to));
            }
        }
        for from in pos.pieces(us, ROOK) | queens {
            let mut targets = rook_attacks(from, occupied) & destinations & target;
            if pinned.contains(from) {
                targets &= ray(king, from);
            }
            for to in targets {
                moves.push(Move::normal(from, to));
            }
        }

        // Pawns: pushes set-wise, captures per pawn.
        let pawns = pos.pieces(us, PAWN);
        let promotion_rank = self.rank(us, self.ranks - 1);
        let empty = !occupied & self.board;
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        let single = shift_forward(pawns, us) & empty;
        let mut pushes = single & target;
        if tactical_only {
            pushes &= promotion_rank;
        }
        for to in pushes {
            let from = Square::new((to as i32 - forward) as u32);
            if !pinned.contains(from) || aligned(king, from, to) {
                self.push_pawn_move(moves, from, to, promotion_rank.contains(to));
            }
        }
        if self.double_step && !tactical_only {
            let doubles = shift_forward(single & self.rank(us, 2), us) & empty & target;
            for to in doubles {
                let from = Square::new((to as i32 - 2 * forward) as u32);
                if !pinned.contains(from) || aligned(king, from, to) {
                    moves.push(Move::normal(from, to));
                }
            }
        }
        for from in pawns {
            let mut targets = pawn_attacks(us, from) & theirs & target & self.board;
            if pinned.contains(from) {
                targets &= ray(king, from);
            }
            for to in targets {
                self.push_pawn_move(moves, from, to, promotion_rank.contains(to));
            }
        }

        if let Some(en_passant) = pos.en_passant() {
            self.generate_en_passant(pos, moves, king, en_passant);
        }

        if let Some(rule) = self.castling
            && !tactical_only
            && checkers.is_empty()
        {
            self.generate_castling(pos, moves, king, rule.notation());
        }
    }

    fn generate_en_passant<R: Rules>(
        &self,
        pos: &Position<R>,
        moves: &mut MoveList,
        king: Square,
        en_passant: Square,
    ) {
        let us = pos.turn();
        let them = !us;
        let occupied = pos.occupied();
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        let victim = Square::new((en_passant as i32 - forward) as u32);
        if occupied.contains(en_passant) || !pos.pieces(them, PAWN).contains(victim) {
            return;
        }
        for from in pawn_attacks(them, en_passant) & pos.pieces(us, PAWN) {
            // Rare enough to test by playing it out: this catches the pin along the rank
            // through both pawns as well as checks the capture does not answer.
            let after = (occupied ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
                | Bitboard::from_square(en_passant);
            let attackers = attackers_to(pos, king, them, after) & !Bitboard::from_square(victim);
            if attackers.is_empty() {
                moves.push(Move::en_passant(from, en_passant));
            }
        }
    }

    fn generate_castling<R: Rules>(
        &self,
        pos: &Position<R>,
        moves: &mut MoveList,
        king: Square,
        notation: CastlingNotation,
    ) {
        let us = pos.turn();
        let occupied = pos.occupied();
        let rooks = pos.castling() & pos.pieces(us, ROOK) & self.rank(us, 0);
        push_castlings(king, rooks, occupied, notation, moves, |castle| {
            let lifted = castle.lifted(occupied);
            castle
                .king_path()
                .into_iter()
                .all(|square| attackers_to(pos, square, !us, lifted).is_empty())
        });
    }

    /// Plays a legal move the standard way: captures, promotion, castling, en passant, rights,
    /// clocks and the turn. The en passant square is set only when an enemy pawn could use it,
    /// so repeated positions hash alike.
    pub fn play<R: Rules>(&self, pos: &mut Position<R>, mv: Move) {
        let us = pos.turn();
        let from = mv.from();
        let to = mv.to();
        // Read before the rights go: a castling written king takes rook names its rook.
        let castle = (mv.flag() == MoveFlag::Castle).then(|| Castle::of_move(pos, mv));
        pos.set_en_passant(None);
        pos.discard_castling(Bitboard::from_square(from) | Bitboard::from_square(to));
        let mut clock = pos.halfmove_clock() + 1;
        match mv.flag() {
            MoveFlag::Normal => {
                if pos.remove(to).is_some() {
                    clock = 0;
                }
                let Some(piece) = pos.remove(from) else {
                    return;
                };
                pos.put(to, piece);
                if piece.kind == PAWN {
                    clock = 0;
                    if from.rank().distance(to.rank()) == 2 {
                        let skipped = Square::from_coords(
                            from.file(),
                            Rank::new((from.rank() as u32 + to.rank() as u32) / 2),
                        );
                        if (pawn_attacks(us, skipped) & pos.pieces(!us, PAWN)).any() {
                            pos.set_en_passant(Some(skipped));
                        }
                    }
                } else if piece.kind == KING {
                    pos.discard_castling(self.rank(us, 0));
                }
            }
            MoveFlag::Promotion => {
                pos.remove(to);
                pos.remove(from);
                pos.put(to, Piece::new(us, mv.kind()));
                clock = 0;
            }
            MoveFlag::Castle => {
                if let Some(castle) = castle {
                    castle.play(pos);
                }
                pos.discard_castling(self.rank(us, 0));
            }
            MoveFlag::EnPassant => {
                pos.remove(Square::from_coords(to.file(), from.rank()));
                pos.relocate(from, to);
                clock = 0;
            }
            _ => {}
        }
        pos.set_halfmove_clock(clock);
        pos.end_turn();
    }

    /// Whether `mv` (legal, for the side to move) checks the enemy king, worked out without
    /// playing it: the moved piece attacking the king from where it lands (the rook, for a
    /// castling), or a line piece of ours that the move uncovers.
    pub fn gives_check<R: Rules>(&self, pos: &Position<R>, mv: Move) -> bool {
        let us = pos.turn();
        let Some(king) = pos.pieces(!us, KING).first() else {
            return false;
        };
        let (from, to) = (mv.from(), mv.to());
        let mut occupied = pos.occupied() & !Bitboard::from_square(from);
        // Our pieces that stay where they are, and the one that lands with what it attacks.
        let mut staying = pos.color(us) & !Bitboard::from_square(from);
        let (landed, landed_kind) = match mv.flag() {
            MoveFlag::Normal => match pos.piece_at(from) {
                Some(piece) => (to, piece.kind),
                None => return false,
            },
            MoveFlag::Promotion => (to, mv.kind()),
            MoveFlag::EnPassant => {
                occupied &= !Bitboard::from_square(Square::from_coords(to.file(), from.rank()));
                match pos.piece_at(from) {
                    Some(piece) => (to, piece.kind),
                    None => return false,
                }
            }
            MoveFlag::Castle => {
                let castle = Castle::of_move(pos, mv);
                occupied = (occupied & !Bitboard::from_square(castle.rook))
                    | Bitboard::from_square(castle.king_to);
                staying &= !Bitboard::from_square(castle.rook);
                (castle.rook_to, ROOK)
            }
            _ => return false,
        };
        occupied |= Bitboard::from_square(landed);
        if attacks(landed_kind, us, landed, occupied).contains(king) {
            return true;
        }
        let queens = pos.kind(QUEEN);
        let uncovered = (rook_attacks(king, occupied) & (pos.kind(ROOK) | queens))
            | (bishop_attacks(king, occupied) & (pos.kind(BISHOP) | queens));
        (uncovered & staying & !Bitboard::from_square(landed)).any()
    }

    /// The board's last file (its first rank's squares tell the width).
    fn last_file(&self) -> File {
        File::new((self.board.0 & 0xFF).count_ones().saturating_sub(1))
    }

    /// Checks a position read from FEN against the standard rules: everything
    /// [`Orthodox::validate_setup`] checks, and the side not to move not in check.
    pub fn validate<R: Rules>(&self, pos: &mut Position<R>) -> Result<(), FenError> {
        self.validate_waiting_king(pos, Bitboard::any, "is in check")
    }

    /// Everything [`Orthodox::validate_setup`] checks, and that the king of the side not to
    /// move is not attacked in a way no legal last move leaves: `illegal` tells that from its
    /// attackers, `attacked` ends the error ("White is not to move but …").
    pub fn validate_waiting_king<R: Rules>(
        &self,
        pos: &mut Position<R>,
        illegal: impl FnOnce(Bitboard) -> bool,
        attacked: &str,
    ) -> Result<(), FenError> {
        self.validate_setup(pos)?;
        let waiting = !pos.turn();
        if let Some(king) = pos.pieces(waiting, KING).first()
            && illegal(attackers_to(pos, king, pos.turn(), pos.occupied()))
        {
            return Err(FenError::Illegal(format!(
                "{} is not to move but {attacked}",
                color_name(waiting)
            )));
        }
        Ok(())
    }

    /// The standard checks of a position's setup, for variants whose idea of check differs:
    /// one king a side, no pawns on the first or last rank, castling rights backed by king and
    /// rook on their squares, and a plausible en passant square (kept only if a pawn can use
    /// it).
    pub fn validate_setup<R: Rules>(&self, pos: &mut Position<R>) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let kings = pos.pieces(color, KING).count();
            if kings != 1 {
                return Err(FenError::Illegal(format!(
                    "{} has {kings} kings, needs exactly one",
                    color_name(color)
                )));
            }
        }
        let back_ranks = self.rank(Color::White, 0) | self.rank(Color::Black, 0);
        if pos.kind(PAWN).intersects(back_ranks) {
            return Err(FenError::Illegal(
                "a pawn stands on the first or last rank".into(),
            ));
        }
        self.validate_castling(pos)?;
        if let Some(square) = pos.en_passant() {
            let us = pos.turn();
            let expected_rank = self.rank(!us, 2);
            let pusher = shift_forward(Bitboard::from_square(square), !us);
            let origin = shift_forward(Bitboard::from_square(square), us);
            let plausible = self.double_step
                && expected_rank.contains(square)
                && !pos.occupied().contains(square)
                && !pos.occupied().intersects(origin)
                && pos.pieces(!us, PAWN).intersects(pusher);
            if !plausible {
                return Err(FenError::EnPassant(format!(
                    "no {} pawn can just have passed {square}",
                    color_name(!us)
                )));
            }
            if (pawn_attacks(!us, square) & pos.pieces(us, PAWN)).is_empty() {
                pos.set_en_passant(None);
            }
        }
        Ok(())
    }

    /// Castling rights backed by king and rook on their squares: for FIDE chess the king on
    /// the e file and the rook in a corner, for Chess960 the king anywhere on its first rank
    /// with at most one right on each side of it.
    fn validate_castling<R: Rules>(&self, pos: &Position<R>) -> Result<(), FenError> {
        for right in pos.castling() {
            let color = right_owner(right);
            let home = self.rank(color, 0);
            let king = pos.pieces(color, KING) & home;
            let on_home_rank = home.contains(right) && pos.pieces(color, ROOK).contains(right);
            match self.castling {
                Some(CastlingRule::Chess960) => {
                    let king_file = king.first().map(|king| king.file());
                    let same_side = (pos.castling() & home)
                        .into_iter()
                        .filter(|other| {
                            *other != right
                                && king_file.is_some_and(|file| {
                                    (other.file() > file) == (right.file() > file)
                                })
                        })
                        .count();
                    if !on_home_rank || king.is_empty() || same_side > 0 {
                        return Err(FenError::Castling(format!(
                            "no {} king on its first rank beside its only rook on {right} \
                             for that side",
                            color_name(color).to_lowercase()
                        )));
                    }
                }
                _ => {
                    let king_home = Square::from_coords(File::E, right.rank());
                    let corner = right.file() == File::A || right.file() == self.last_file();
                    let backed = self.castling.is_some()
                        && on_home_rank
                        && corner
                        && king.contains(king_home);
                    if !backed {
                        return Err(FenError::Castling(format!(
                            "no {} king on {king_home} and rook on {right} for that right",
                            color_name(color)
                        )));
                    }
                }
            }
        }
        Ok(())
    }

    /// Checkmate when in check, else stalemate.
    pub fn no_move_outcome<R: Rules>(&self, pos: &Position<R>) -> Outcome {
        Outcome::checkmate_or_stalemate(pos.turn(), checkers(pos).any())
    }
}

/// Where king and rook land when castling (see [`Castle::new`]): the king on the c or g file,
/// the rook beside it on the d or f file.
pub fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let castle = Castle::new(king, rook);
    (castle.king_to, castle.rook_to)
}

pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// FIDE's dead positions that are easy to recognise: no pawns, rooks or queens, and either at
/// most one minor piece on the board or only bishops, all on squares of one colour.
pub fn insufficient_material<R: Rules>(pos: &Position<R>) -> bool {
    if (pos.kind(PAWN) | pos.kind(ROOK) | pos.kind(QUEEN)).any() {
        return false;
    }
    let knights = pos.kind(KNIGHT);
    let bishops = pos.kind(BISHOP);
    if (knights | bishops).count() <= 1 {
        return true;
    }
    knights.is_empty()
        && (bishops.is_subset(Bitboard::DARK_SQUARES) || bishops.is_subset(Bitboard::LIGHT_SQUARES))
}
