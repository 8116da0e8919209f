//! Moves of a file-defined game: each piece's Betza atoms compiled into per-square leap tables
//! and rays for both colours, the pseudo-legal moves (with the pawn's double step, en passant
//! and promotion, shogi-style promotions, castling and drops), attacks on a square, and making
//! a move (captures going to the capturer's hand where the game says so).

use amity_engine::{
    Bitboard, Color, File, Kind, Move, MoveFlag, MoveList, Piece, Position, Rank, Square,
};

use super::betza::Atom;
use super::definition::{Definition, Drops};
use super::{FileGame, hand_key};
use amity_engine::position::color_index;

/// A line a piece moves along: a step repeated up to `range` times.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    step: (i8, i8),
    range: u8,
    quiet: bool,
    capture: bool,
}

/// One colour's and kind's compiled moves.
#[derive(Clone, Debug)]
pub struct KindMoves {
    quiet_leaps: [Bitboard; 64],
    capture_leaps: [Bitboard; 64],
    /// The squares a piece of this colour and kind captures onto `square` from.
    captures_from: [Bitboard; 64],
    rays: Vec<Ray>,
    /// Squares from which the piece can never move, even on an empty board.
    stuck: Bitboard,
}

/// Every colour's and kind's compiled moves, `[color][kind]`.
#[derive(Clone)]
pub struct Tables {
    kinds: [Vec<KindMoves>; 2],
    board: Bitboard,
    files: i8,
    ranks: i8,
}

/// The square `step` away from `square`, if it is on a board of `files` x `ranks`.
#[inline]
fn offset(square: Square, (dx, dy): (i8, i8), files: i8, ranks: i8) -> Option<Square> {
    let file = square.file() as i8 + dx;
    let rank = square.rank() as i8 + dy;
    ((0..files).contains(&file) && (0..ranks).contains(&rank))
        .then(|| Square::from_coords(File::new(file as u32), Rank::new(rank as u32)))
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Thousands of squares say nothing a reader wants: the kinds are the story.
        f.debug_struct("Tables")
            .field("kinds", &self.kinds[0].len())
            .finish_non_exhaustive()
    }
}

impl Tables {
    pub fn new(moves: &[Vec<Atom>], files: u8, ranks: u8, board: Bitboard) -> Tables {
        let (files, ranks) = (files as i8, ranks as i8);
        let compile = |color: Color| -> Vec<KindMoves> {
            let sign = if color == Color::White { 1 } else { -1 };
            moves
                .iter()
                .map(|atoms| {
                    let mut kind = KindMoves {
                        quiet_leaps: [Bitboard::EMPTY; 64],
                        capture_leaps: [Bitboard::EMPTY; 64],
                        captures_from: [Bitboard::EMPTY; 64],
                        rays: Vec::new(),
                        stuck: Bitboard::EMPTY,
                    };
                    for atom in atoms {
                        for &(dx, dy) in &atom.vectors {
                            let step = (dx, dy * sign);
                            if atom.range > 1 {
                                kind.rays.push(Ray {
                                    step,
                                    range: atom.range,
                                    quiet: atom.quiet,
                                    capture: atom.capture,
                                });
                                continue;
                            }
                            for from in board {
                                if let Some(to) = offset(from, step, files, ranks) {
                                    if atom.quiet {
                                        kind.quiet_leaps[from as usize].add(to);
                                    }
                                    if atom.capture {
                                        kind.capture_leaps[from as usize].add(to);
                                        kind.captures_from[to as usize].add(from);
                                    }
                                }
                            }
                        }
                    }
                    for square in board {
                        let leaps =
                            kind.quiet_leaps[square as usize] | kind.capture_leaps[square as usize];
                        let rays = kind
                            .rays
                            .iter()
                            .any(|ray| offset(square, ray.step, files, ranks).is_some());
                        if leaps.is_empty() && !rays {
                            kind.stuck.add(square);
                        }
                    }
                    kind
                })
                .collect()
        };
        Tables {
            kinds: [compile(Color::White), compile(Color::Black)],
            board,
            files,
            ranks,
        }
    }

    #[inline]
    fn of(&self, color: Color, kind: Kind) -> &KindMoves {
        &self.kinds[color_index(color)][kind.index()]
    }

    /// Whether a piece of `kind` and `color` could never move again from `square`.
    pub fn is_stuck(&self, color: Color, kind: Kind, square: Square) -> bool {
        self.of(color, kind).stuck.contains(square)
    }

    /// Whether a piece of `by` attacks `square` (could capture a piece standing there).
    pub fn attacked(&self, pos: &Position<FileGame>, square: Square, by: Color) -> bool {
        !self.attackers(pos, square, by, true).is_empty()
    }

    /// The pieces of `by` that attack `square`; with `first`, only the first one found.
    pub fn attackers(
        &self,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
        first: bool,
    ) -> Bitboard {
        let occupied = pos.occupied();
        let mut found = Bitboard::EMPTY;
        for (index, moves) in self.kinds[color_index(by)].iter().enumerate() {
            let pieces = pos.pieces(by, Kind::new(index as u8));
            if pieces.is_empty() {
                continue;
            }
            found |= moves.captures_from[square as usize] & pieces;
            if first && !found.is_empty() {
                return found;
            }
            for ray in moves.rays.iter().filter(|ray| ray.capture) {
                let back = (-ray.step.0, -ray.step.1);
                let mut at = square;
                for _ in 0..ray.range {
                    let Some(next) = offset(at, back, self.files, self.ranks) else {
                        break;
                    };
                    if occupied.contains(next) {
                        if pieces.contains(next) {
                            found.add(next);
                            if first {
                                return found;
                            }
                        }
                        break;
                    }
                    at = next;
                }
            }
        }
        found
    }

    /// The squares a piece on `from` may reach: quiet moves onto empty squares, captures
    /// onto `theirs`.
    fn targets(
        &self,
        moves: &KindMoves,
        from: Square,
        occupied: Bitboard,
        theirs: Bitboard,
    ) -> Bitboard {
        let mut targets = (moves.quiet_leaps[from as usize] & !occupied)
            | (moves.capture_leaps[from as usize] & theirs);
        for ray in &moves.rays {
            let mut at = from;
            for _ in 0..ray.range {
                let Some(next) = offset(at, ray.step, self.files, self.ranks) else {
                    break;
                };
                if occupied.contains(next) {
                    if ray.capture && theirs.contains(next) {
                        targets.add(next);
                    }
                    break;
                }
                if ray.quiet {
                    targets.add(next);
                }
                at = next;
            }
        }
        targets & self.board
    }
}

/// The rank index of `square` counted from `color`'s side (0 is its first rank).
#[inline]
pub fn relative_rank(square: Square, color: Color, ranks: u8) -> u8 {
    match color {
        Color::White => square.rank() as u8,
        Color::Black => ranks - 1 - square.rank() as u8,
    }
}

/// Every pseudo-legal move of the side to move: moves by the pieces' Betza, the pawn's extras,
/// and castling (whose squares are checked for attacks here, as only castling needs).
pub fn pseudo_legal(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    moves: &mut MoveList,
) {
    let us = pos.turn();
    let ours = pos.ours();
    let theirs = pos.theirs();
    let occupied = ours | theirs;
    let ranks = game.geometry.ranks;
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    for from in ours {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let kind_moves = tables.of(us, piece.kind);
        let targets = tables.targets(kind_moves, from, occupied, theirs);
        if Some(piece.kind) != game.pawn {
            // Shogi-style: a piece that has a promoted form may take it on a move into, inside
            // or out of the promotion zone, or stay as it is.
            let promotion = game.promoted[piece.kind.index()];
            let from_zone = relative_rank(from, us, ranks) >= game.promotion_rank;
            for to in targets {
                moves.push(Move::normal(from, to));
                if let Some(twin) = promotion
                    && (from_zone || relative_rank(to, us, ranks) >= game.promotion_rank)
                {
                    moves.push(Move::promotion(from, to, twin));
                }
            }
            continue;
        }
        let mut push = |to: Square| {
            if relative_rank(to, us, ranks) >= game.promotion_rank && !game.promotions.is_empty() {
                for &kind in &game.promotions {
                    moves.push(Move::promotion(from, to, kind));
                }
                if !game.mandatory_promotion {
                    moves.push(Move::normal(from, to));
                }
            } else {
                moves.push(Move::normal(from, to));
            }
        };
        for to in targets {
            push(to);
        }
        if game
            .double_step_ranks
            .contains(&relative_rank(from, us, ranks))
            && let Some(one) = offset(from, (0, forward), tables.files, tables.ranks)
            && let Some(two) = offset(one, (0, forward), tables.files, tables.ranks)
            && !occupied.contains(one)
            && !occupied.contains(two)
        {
            push(two);
        }
        if let Some(square) = pos.en_passant()
            && kind_moves.capture_leaps[from as usize].contains(square)
            && !occupied.contains(square)
        {
            moves.push(Move::en_passant(from, square));
        }
    }
    if let Some(castling) = game.castling {
        castle_moves(game, tables, pos, castling, moves);
    }
    if let Some(drops) = &game.drops {
        drop_moves(game, drops, tables, pos, moves);
    }
}

/// Every drop of a piece in hand on an empty square, but pawns on their first rank or in the
/// promotion zone (unless the game allows them) and a piece the game keeps from doubling on a
/// file where the dropper has one already.
fn drop_moves(
    game: &Definition,
    drops: &Drops,
    tables: &Tables,
    pos: &Position<FileGame>,
    moves: &mut MoveList,
) {
    let us = pos.turn();
    let empty = tables.board & !pos.occupied();
    let ranks = game.geometry.ranks;
    for (index, &count) in pos.state.hands[color_index(us)].iter().enumerate() {
        if count == 0 {
            continue;
        }
        let kind = Kind::new(index as u8);
        let mut targets = empty;
        if Some(kind) == game.pawn {
            for square in empty {
                let rank = relative_rank(square, us, ranks);
                if (rank == 0 && !drops.first_rank_pawns)
                    || (rank >= game.promotion_rank && !drops.promotion_zone_pawns)
                {
                    targets.discard(square);
                }
            }
        }
        if Some(kind) == drops.no_doubled {
            for square in pos.pieces(us, kind) {
                targets &= !Bitboard::from_file(square.file());
            }
        }
        for to in targets {
            moves.push(Move::drop(kind, to));
        }
    }
}

/// Adds `delta` pieces of `kind` to `color`'s hand, keeping the hash in step.
fn change_hand(pos: &mut Position<FileGame>, color: Color, kind: Kind, delta: i8) {
    let slot = &mut pos.state.hands[color_index(color)][kind.index()];
    let before = *slot;
    *slot = before.saturating_add_signed(delta);
    let after = *slot;
    pos.toggle_hash(hand_key(color, kind, before) ^ hand_key(color, kind, after));
}

/// A captured piece of `kind` goes to the capturer's hand, as what it was before promotion.
fn to_hand(game: &Definition, pos: &mut Position<FileGame>, capturer: Color, kind: Kind) {
    if game
        .drops
        .as_ref()
        .is_some_and(|drops| drops.captures_to_hand)
    {
        change_hand(pos, capturer, game.demoted[kind.index()], 1);
    }
}

fn castle_moves(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    castling: super::definition::Castling,
    moves: &mut MoveList,
) {
    let us = pos.turn();
    let king_kind = castling.king;
    let home = if us == Color::White {
        Rank::First
    } else {
        Rank::new(game.geometry.ranks as u32 - 1)
    };
    let rights = pos.castling() & Bitboard::from_rank(home) & pos.pieces(us, castling.rook);
    if rights.is_empty() {
        return;
    }
    let Some(king) = (pos.pieces(us, king_kind) & Bitboard::from_rank(home)).first() else {
        return;
    };
    // Only a royal king may not castle out of, through or into attack (a commoner
    // castles regardless, as in Fairy-Stockfish's Extinction).
    let royal = game.checking && game.king == Some(king_kind);
    if royal && tables.attacked(pos, king, !us) {
        return;
    }
    for rook in rights {
        let kingside = rook.file() > king.file();
        let king_file = if kingside {
            castling.kingside_file
        } else {
            castling.queenside_file
        };
        let rook_file = if kingside {
            king_file - 1
        } else {
            king_file + 1
        };
        let king_to = Square::from_coords(File::new(u32::from(king_file)), home);
        let rook_to = Square::from_coords(File::new(u32::from(rook_file)), home);
        // Every square either piece crosses or lands on is empty but for the two of them.
        let span = |a: Square, b: Square| {
            let (low, high) = (a.file().min(b.file()), a.file().max(b.file()));
            (low as u32..=high as u32)
                .map(|f| Square::from_coords(File::new(f), home))
                .collect::<Vec<_>>()
        };
        let others = pos.occupied() & !Bitboard::from_square(king) & !Bitboard::from_square(rook);
        let mut crossed = span(king, king_to);
        crossed.extend(span(rook, rook_to));
        if crossed.iter().any(|square| others.contains(*square)) {
            continue;
        }
        let king_path = span(king, king_to);
        if royal
            && king_path
                .iter()
                .any(|square| *square != king && tables.attacked(pos, *square, !us))
        {
            continue;
        }
        moves.push(Move::castle(king, king_to));
    }
}

/// Where the rook of a castling move starts and ends.
pub fn castling_rook(
    game: &Definition,
    pos: &Position<FileGame>,
    king_from: Square,
    king_to: Square,
) -> Option<(Square, Square)> {
    let castling = game.castling?;
    let home = king_from.rank();
    let kingside = king_to.file() > king_from.file()
        || (king_to.file() == king_from.file()
            && u32::from(castling.kingside_file) == king_to.file() as u32);
    let rook = (pos.castling() & Bitboard::from_rank(home) & pos.pieces(pos.turn(), castling.rook))
        .into_iter()
        .find(|rook| (rook.file() > king_from.file()) == kingside)?;
    let rook_file = if kingside {
        king_to.file() as u32 - 1
    } else {
        king_to.file() as u32 + 1
    };
    Some((rook, Square::from_coords(File::new(rook_file), home)))
}

/// Makes a pseudo-legal move: captures, promotion, castling, en passant, rights, clocks and
/// the turn (a game's counted checks are the caller's).
pub fn make(game: &Definition, pos: &mut Position<FileGame>, mv: Move) {
    let us = pos.turn();
    let (from, to) = (mv.from(), mv.to());
    pos.set_en_passant(None);
    // A drop comes from the hand: its `from` square (a1 by the encoding) is no square left.
    let dropped = mv.flag() == MoveFlag::Drop;
    let left = if dropped {
        Bitboard::EMPTY
    } else {
        Bitboard::from_square(from)
    };
    pos.discard_castling(left | Bitboard::from_square(to));
    let mut clock = pos.halfmove_clock() + 1;
    let moved = (!dropped)
        .then(|| pos.piece_at(from).map(|piece| piece.kind))
        .flatten();
    match mv.flag() {
        MoveFlag::Castle => {
            if let Some((rook, rook_to)) = castling_rook(game, pos, from, to) {
                let king = pos.remove(from);
                let rook_piece = pos.remove(rook);
                if let Some(king) = king {
                    pos.put(to, king);
                }
                if let Some(rook_piece) = rook_piece {
                    pos.put(rook_to, rook_piece);
                }
            }
        }
        MoveFlag::EnPassant => {
            if let Some(captured) = pos.remove(Square::from_coords(to.file(), from.rank())) {
                to_hand(game, pos, us, captured.kind);
            }
            pos.relocate(from, to);
            clock = 0;
        }
        MoveFlag::Promotion => {
            if let Some(captured) = pos.remove(to) {
                to_hand(game, pos, us, captured.kind);
            }
            pos.remove(from);
            pos.put(to, Piece::new(us, mv.kind()));
            clock = 0;
        }
        MoveFlag::Drop => {
            change_hand(pos, us, mv.kind(), -1);
            pos.put(to, Piece::new(us, mv.kind()));
        }
        _ => {
            if let Some(captured) = pos.remove(to) {
                to_hand(game, pos, us, captured.kind);
                clock = 0;
            }
            pos.relocate(from, to);
            if moved == game.pawn {
                clock = 0;
                let distance = (to.rank() as i32 - from.rank() as i32).abs();
                if distance == 2 && from.file() == to.file() {
                    let skipped = Square::from_coords(
                        from.file(),
                        Rank::new((from.rank() as u32 + to.rank() as u32) / 2),
                    );
                    let beside = [-1i8, 1]
                        .into_iter()
                        .filter_map(|dx| {
                            let file = to.file() as i8 + dx;
                            (0..game.geometry.files as i8)
                                .contains(&file)
                                .then(|| Square::from_coords(File::new(file as u32), to.rank()))
                        })
                        .any(|square| {
                            game.pawn
                                .is_some_and(|pawn| pos.pieces(!us, pawn).contains(square))
                        });
                    if beside {
                        pos.set_en_passant(Some(skipped));
                    }
                }
            }
        }
    }
    if moved.is_some() && moved == game.castling.map(|castling| castling.king) {
        let home = if us == Color::White {
            Rank::First
        } else {
            Rank::new(game.geometry.ranks as u32 - 1)
        };
        pos.discard_castling(Bitboard::from_rank(home));
    }
    pos.set_halfmove_clock(clock);
    pos.end_turn();
}
