//! Moves of a file-defined game: each piece's Betza atoms compiled into per-square leap tables
//! and rays for both colours, the pseudo-legal moves (with the pawn's double step, en passant
//! and promotion, shogi-style promotions, castling and drops), attacks on a square, and making
//! a move (captures going to the capturer's hand where the game says so).

use amity_engine::{
    Bitboard, Color, File, Kind, Move, MoveFlag, MoveList, Piece, Position, Rank, Square,
};
use shakmaty::attacks;

use amity_engine::paths::{PathTable, PiecePaths};

use super::definition::{Definition, Drops, FirstMoves};
use super::{FileGame, hand_key};
use amity_engine::position::color_index;

/// A line a piece moves along: a step repeated up to `range` times, compiled per square so
/// that the first piece in the way is one bit scan, not a walk.
#[derive(Clone, Debug)]
pub struct Ray {
    /// From each square, the squares the line crosses within its range, off-board steps
    /// excluded.
    within_range: [Bitboard; 64],
    /// From each square, every square further along the line, however far.
    beyond: [Bitboard; 64],
    /// The same line walked backwards, within range: from a square, where a piece moving
    /// along this line could have come from.
    back_within_range: [Bitboard; 64],
    /// Whether square numbers grow along the line (then the nearest square is the lowest).
    ascending: bool,
    step: (i8, i8),
    range: u8,
    quiet: bool,
    capture: bool,
}

/// A rook's four lines.
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// A bishop's four lines.
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Takes out of `rays` the four `steps` lines, if all four are there, each moving and
/// capturing across the whole board (a range of 7 crosses any board Amity plays); whether it
/// did.
fn take_whole_lines(rays: &mut Vec<Ray>, steps: [(i8, i8); 4]) -> bool {
    let whole = |ray: &Ray| ray.quiet && ray.capture && ray.range >= 7;
    let found = steps
        .iter()
        .all(|&step| rays.iter().any(|ray| ray.step == step && whole(ray)));
    if found {
        for step in steps {
            if let Some(index) = rays.iter().position(|ray| ray.step == step && whole(ray)) {
                rays.remove(index);
            }
        }
    }
    found
}

/// The squares from `square` along `step`, at most `range` of them, on a `files` x `ranks`
/// board.
fn line(square: Square, step: (i8, i8), range: u8, files: i8, ranks: i8) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    let mut at = square;
    for _ in 0..range {
        let Some(next) = offset(at, step, files, ranks) else {
            break;
        };
        squares.add(next);
        at = next;
    }
    squares
}

impl Ray {
    fn new(step: (i8, i8), range: u8, quiet: bool, capture: bool, files: i8, ranks: i8) -> Ray {
        let back = (-step.0, -step.1);
        let mut ray = Ray {
            within_range: [Bitboard::EMPTY; 64],
            beyond: [Bitboard::EMPTY; 64],
            back_within_range: [Bitboard::EMPTY; 64],
            ascending: i32::from(step.1) * 8 + i32::from(step.0) > 0,
            step,
            range,
            quiet,
            capture,
        };
        for square in Square::ALL {
            let index = square as usize;
            ray.within_range[index] = line(square, step, range, files, ranks);
            ray.beyond[index] = line(square, step, u8::MAX, files, ranks);
            ray.back_within_range[index] = line(square, back, range, files, ranks);
        }
        ray
    }

    /// The nearest of `squares` along a line that grows (`ascending`) or falls in number.
    #[inline]
    fn nearest(squares: Bitboard, ascending: bool) -> Option<Square> {
        if ascending {
            squares.first()
        } else {
            squares.last()
        }
    }

    /// From `from`: the empty squares the line reaches before the first piece, and that
    /// piece's square.
    #[inline]
    fn reach(&self, from: Square, occupied: Bitboard) -> (Bitboard, Option<Square>) {
        let within = self.within_range[from as usize];
        match Ray::nearest(within & occupied, self.ascending) {
            Some(blocker) => (
                within & !self.beyond[blocker as usize] & !Bitboard::from_square(blocker),
                Some(blocker),
            ),
            None => (within, None),
        }
    }

    /// The first piece met walking the line backwards from `square`: the one that, moving
    /// along the line, would land on `square`.
    #[inline]
    fn first_behind(&self, square: Square, occupied: Bitboard) -> Option<Square> {
        let within = self.back_within_range[square as usize];
        Ray::nearest(within & occupied, !self.ascending)
    }
}

/// One colour's and kind's compiled moves.
#[derive(Clone, Debug)]
pub struct KindMoves {
    quiet_leaps: [Bitboard; 64],
    capture_leaps: [Bitboard; 64],
    /// The squares a piece of this colour and kind captures onto `square` from.
    captures_from: [Bitboard; 64],
    /// The piece's lines but those of a whole rook or bishop, which the two flags below hold.
    rays: Vec<Ray>,
    /// Moves and captures along the four files and ranks without a limit, as a rook does:
    /// shakmaty's magic tables find them at once.
    rook_lines: bool,
    /// Moves and captures along the four diagonals without a limit, as a bishop does.
    bishop_lines: bool,
    /// Squares from which the piece can never move, even on an empty board.
    stuck: Bitboard,
}

/// The pieces that move along whole rook or bishop lines, gathered kind by kind: their
/// attacks come from the magic tables all at once.
#[derive(Default)]
struct WholeLiners {
    rook: Bitboard,
    bishop: Bitboard,
}

impl WholeLiners {
    #[inline]
    fn add(&mut self, moves: &KindMoves, pieces: Bitboard) {
        if moves.rook_lines {
            self.rook |= pieces;
        }
        if moves.bishop_lines {
            self.bishop |= pieces;
        }
    }
}

/// Every colour's and kind's compiled moves, `[color][kind]`, and the ranks that matter to
/// pawns and promotions, by colour.
#[derive(Clone)]
pub struct Tables {
    kinds: [Vec<KindMoves>; 2],
    board: Bitboard,
    files: i8,
    ranks: i8,
    /// The squares on or past each colour's promotion rank.
    promotion_zone: [Bitboard; 2],
    /// The squares a pawn of each colour may take a double step from.
    double_step_from: [Bitboard; 2],
    /// The fers whose jump from its gate square attacks two squares ahead (Cambodian
    /// chess's first moves), and each colour's first rank, where its gates are.
    gate_fers: Option<Kind>,
    first_rank: [Bitboard; 2],
    /// The routes of the kinds defined on paths (`amityPathPieceN`), compiled for every kind
    /// (empty for the others), and which kinds those are.
    paths: Option<PathTable>,
    on_paths: Vec<bool>,
    /// The pawn moves as chess's does (one step ahead, taking one step diagonally ahead): its
    /// moves are found for all pawns at once by shifting the set of them.
    chess_pawn: bool,
}

/// The square `step` away from `square`, if it is on a board of `files` x `ranks`.
#[inline]
pub(super) fn offset(square: Square, (dx, dy): (i8, i8), files: i8, ranks: i8) -> Option<Square> {
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
    pub fn new(game: &Definition) -> Tables {
        let geometry = game.geometry;
        let (moves, board) = (&game.moves, geometry.mask());
        let by_relative_rank = |color: Color, wanted: &dyn Fn(u8) -> bool| {
            board
                .into_iter()
                .filter(|&square| wanted(relative_rank(square, color, geometry.ranks)))
                .collect::<Bitboard>()
        };
        let zone = |color| by_relative_rank(color, &|rank| rank >= game.promotion_rank);
        let double =
            |color| by_relative_rank(color, &|rank| game.double_step_ranks.contains(&rank));
        let promotion_zone = [zone(Color::White), zone(Color::Black)];
        let double_step_from = [double(Color::White), double(Color::Black)];
        let (files, ranks) = (geometry.files as i8, geometry.ranks as i8);
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
                        rook_lines: false,
                        bishop_lines: false,
                        stuck: Bitboard::EMPTY,
                    };
                    for atom in atoms {
                        for &(dx, dy) in &atom.vectors {
                            let step = (dx, dy * sign);
                            if atom.range > 1 {
                                kind.rays.push(Ray::new(
                                    step,
                                    atom.range,
                                    atom.quiet,
                                    atom.capture,
                                    files,
                                    ranks,
                                ));
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
                    kind.rook_lines = take_whole_lines(&mut kind.rays, ORTHOGONAL);
                    kind.bishop_lines = take_whole_lines(&mut kind.rays, DIAGONAL);
                    for square in board {
                        let leaps =
                            kind.quiet_leaps[square as usize] | kind.capture_leaps[square as usize];
                        let rays = kind.rook_lines
                            || kind.bishop_lines
                            || kind
                                .rays
                                .iter()
                                .any(|ray| !ray.within_range[square as usize].is_empty());
                        if leaps.is_empty() && !rays {
                            kind.stuck.add(square);
                        }
                    }
                    kind
                })
                .collect()
        };
        let first_rank = [
            by_relative_rank(Color::White, &|rank| rank == 0),
            by_relative_rank(Color::Black, &|rank| rank == 0),
        ];
        let mut kinds = [compile(Color::White), compile(Color::Black)];
        let on_paths: Vec<bool> = game.paths.iter().map(Option::is_some).collect();
        // The definition compiled these paths already, so they compile.
        let paths = on_paths
            .contains(&true)
            .then(|| {
                let all: Vec<PiecePaths> = game
                    .paths
                    .iter()
                    .map(|p| p.clone().unwrap_or_default())
                    .collect();
                PathTable::compile(game.geometry, &all).ok()
            })
            .flatten();
        for side in &mut kinds {
            for (moves, &routed) in side.iter_mut().zip(&on_paths) {
                if routed {
                    // Whether a path piece can move depends on its routes, not its leaps.
                    moves.stuck = Bitboard::EMPTY;
                }
            }
        }
        let chess_pawn = game.pawn.is_some_and(|pawn| {
            [Color::White, Color::Black].into_iter().all(|color| {
                let ahead = forward(color);
                let moves = &kinds[color_index(color)][pawn.index()];
                let leaps = |steps: &[(i8, i8)], from: Square| {
                    steps
                        .iter()
                        .filter_map(|&step| offset(from, step, files, ranks))
                        .collect::<Bitboard>()
                };
                moves.rays.is_empty()
                    && !moves.rook_lines
                    && !moves.bishop_lines
                    && board.into_iter().all(|from| {
                        moves.quiet_leaps[from as usize] == leaps(&[(0, ahead)], from)
                            && moves.capture_leaps[from as usize]
                                == leaps(&[(-1, ahead), (1, ahead)], from)
                    })
            })
        });
        Tables {
            kinds,
            board,
            files,
            ranks,
            promotion_zone,
            double_step_from,
            gate_fers: game.first_moves.and_then(|first| first.fers),
            first_rank,
            paths,
            on_paths,
            chess_pawn,
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

    /// Whether a piece of `by` attacks `square` when the pieces stand on `occupied` (the
    /// position's own pieces of `by`, seen through squares `occupied` leaves out): where a
    /// king may go, looking through the square it leaves.
    pub fn attacked_through(
        &self,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
        occupied: Bitboard,
    ) -> bool {
        !self
            .attackers_on(pos, square, by, true, occupied)
            .is_empty()
    }

    /// The pieces of `by` that attack `square`; with `first`, only the first one found.
    pub fn attackers(
        &self,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
        first: bool,
    ) -> Bitboard {
        self.attackers_on(pos, square, by, first, pos.occupied())
    }

    /// [`Tables::attackers`] with the lines blocked by `occupied`.
    fn attackers_on(
        &self,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
        first: bool,
        occupied: Bitboard,
    ) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        let mut liners = WholeLiners::default();
        for (_, moves, pieces) in self.present(pos, by) {
            liners.add(moves, pieces);
            found |= moves.captures_from[square as usize] & pieces;
            if first && !found.is_empty() {
                return found;
            }
            for ray in moves.rays.iter().filter(|ray| ray.capture) {
                if let Some(behind) = ray.first_behind(square, occupied)
                    && pieces.contains(behind)
                {
                    found.add(behind);
                    if first {
                        return found;
                    }
                }
            }
        }
        if !liners.rook.is_empty() {
            found |= attacks::rook_attacks(square, occupied) & liners.rook;
        }
        if !liners.bishop.is_empty() {
            found |= attacks::bishop_attacks(square, occupied) & liners.bishop;
        }
        if let Some(from) = self.gate_fers_attacker(pos, square, by) {
            found.add(from);
        }
        if let Some(table) = &self.paths {
            let ours = pos.color(by) & occupied;
            let theirs = occupied & !ours;
            for (kind, _, pieces) in self.present(pos, by) {
                if !self.on_paths[kind.index()] {
                    continue;
                }
                for from in pieces {
                    if table.span(by, kind.index(), from).contains(square)
                        && table
                            .reach(by, kind.index(), from, ours, theirs)
                            .attacks()
                            .contains(square)
                    {
                        found.add(from);
                        if first {
                            return found;
                        }
                    }
                }
            }
        }
        found
    }

    /// Whether some kind moves on paths (whose moves can pin along bent routes).
    pub fn has_paths(&self) -> bool {
        self.paths.is_some()
    }

    /// The fers of `by` on its gate square that attacks `square` by its jump two squares
    /// ahead (Cambodian chess's first moves), if there is one. A leap: nothing on the square
    /// between blocks it.
    #[inline]
    fn gate_fers_attacker(
        &self,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
    ) -> Option<Square> {
        let fers = self.gate_fers?;
        let from = offset(square, (0, -2 * forward(by)), self.files, self.ranks)?;
        (self.gates(pos, by).contains(from) && pos.pieces(by, fers).contains(from)).then_some(from)
    }

    /// The gate squares `color` still has (Cambodian chess's first moves): its rights on
    /// its first rank.
    #[inline]
    fn gates(&self, pos: &Position<FileGame>, color: Color) -> Bitboard {
        pos.castling() & self.first_rank[color_index(color)]
    }

    /// `by`'s kinds that have a piece on the board, with their compiled moves and pieces.
    #[inline]
    fn present<'a>(
        &'a self,
        pos: &'a Position<FileGame>,
        by: Color,
    ) -> impl Iterator<Item = (Kind, &'a KindMoves, Bitboard)> + 'a {
        self.kinds[color_index(by)]
            .iter()
            .enumerate()
            .map(move |(index, moves)| {
                let kind = Kind::new(index as u8);
                (kind, moves, pos.pieces(by, kind))
            })
            .filter(|(_, _, pieces)| !pieces.is_empty())
    }

    /// The pieces of `us` pinned to the royal piece on `king` (each the only piece between it
    /// and a piece of the other side whose line would otherwise capture on `king`), or `None`
    /// when `king` is attacked: one pass over the other side's pieces. Lines are the only way
    /// to pin: a leap cannot be blocked.
    pub fn pins_unless_checked(
        &self,
        pos: &Position<FileGame>,
        king: Square,
        us: Color,
    ) -> Option<Bitboard> {
        let them = !us;
        let occupied = pos.occupied();
        let ours = pos.color(us);
        let mut pinned = Bitboard::EMPTY;
        let mut liners = WholeLiners::default();
        for (_, moves, pieces) in self.present(pos, them) {
            if moves.captures_from[king as usize].intersects(pieces) {
                return None;
            }
            liners.add(moves, pieces);
            for ray in moves.rays.iter().filter(|ray| ray.capture) {
                let Some(first) = ray.first_behind(king, occupied) else {
                    continue;
                };
                if pieces.contains(first) {
                    return None;
                }
                if ours.contains(first)
                    && let Some(pinner) =
                        ray.first_behind(king, occupied & !Bitboard::from_square(first))
                    && pieces.contains(pinner)
                {
                    pinned.add(first);
                }
            }
        }
        if self.gate_fers_attacker(pos, king, them).is_some() {
            return None;
        }
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & liners.rook)
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & liners.bishop);
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            match between.count() {
                0 => return None,
                1 => pinned |= between & ours,
                _ => {}
            }
        }
        Some(pinned)
    }

    /// Where `us`'s king on `king` is in check by one piece: the squares a move of another
    /// piece must land on to have a chance, the checker's and those between it and the king.
    /// `None` where that cannot be said so simply: two checkers, or a checker on a line that
    /// is no rook's or bishop's (a nightrider's, blocked off those lines).
    pub fn evasion(&self, pos: &Position<FileGame>, king: Square, us: Color) -> Option<Bitboard> {
        let checker = self.attackers(pos, king, !us, false).single_square()?;
        let kind = pos.piece_at(checker)?.kind;
        let unit = |(files, ranks): (i8, i8)| files.abs() <= 1 && ranks.abs() <= 1;
        if self
            .of(!us, kind)
            .rays
            .iter()
            .any(|ray| ray.capture && !unit(ray.step))
        {
            return None;
        }
        Some(attacks::between(king, checker) | Bitboard::from_square(checker))
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
        if moves.rook_lines {
            targets |= attacks::rook_attacks(from, occupied) & !(occupied & !theirs);
        }
        if moves.bishop_lines {
            targets |= attacks::bishop_attacks(from, occupied) & !(occupied & !theirs);
        }
        for ray in &moves.rays {
            let (empty, blocker) = ray.reach(from, occupied);
            if ray.quiet {
                targets |= empty;
            }
            if ray.capture
                && let Some(blocker) = blocker
                && theirs.contains(blocker)
            {
                targets.add(blocker);
            }
        }
        targets & self.board
    }
}

/// Where the generator puts the moves it finds: a list, or a count that lists only the
/// moves it must try.
pub trait MoveSink {
    /// A plain move from `from` to each of `targets`.
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// One move.
    fn push(&mut self, mv: Move);
    /// A plain move to each of `targets` from the square `shift` behind it (index
    /// difference): pawns' moves found all at once.
    fn shifted(&mut self, targets: Bitboard, shift: i32) {
        for to in targets {
            self.push(Move::normal(behind(to, shift), to));
        }
    }
}

/// The square `shift` (an index difference) before `to`.
#[inline]
pub fn behind(to: Square, shift: i32) -> Square {
    Square::new((to as i32 - shift) as u32)
}

/// `squares` moved by `shift` (an index difference; bits moved off the 64 fall away).
#[inline]
pub fn shifted(squares: Bitboard, shift: i32) -> Bitboard {
    if shift >= 0 {
        Bitboard(squares.0 << shift)
    } else {
        Bitboard(squares.0 >> -shift)
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            MoveList::push(self, Move::normal(from, to));
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
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
/// and castling (whose squares are checked for attacks here, as only castling needs). Where
/// pieces convert instead of capturing (`amityConversion`), every move ends on an empty
/// square.
pub fn pseudo_legal<S: MoveSink>(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    moves: &mut S,
) {
    if game.amity.conversion.is_some() {
        let empty = !pos.occupied() & tables.board;
        all_moves(game, tables, pos, &mut Peaceful { empty, moves });
    } else {
        all_moves(game, tables, pos, moves);
    }
}

/// A sink that lets through only the moves onto empty squares (and castling), for a game
/// without captures.
struct Peaceful<'a, S: MoveSink> {
    empty: Bitboard,
    moves: &'a mut S,
}

impl<S: MoveSink> MoveSink for Peaceful<'_, S> {
    fn targets(&mut self, from: Square, targets: Bitboard) {
        self.moves.targets(from, targets & self.empty);
    }

    fn push(&mut self, mv: Move) {
        let peaceful = match mv.flag() {
            MoveFlag::Castle => true,
            MoveFlag::EnPassant => false,
            _ => self.empty.contains(mv.to()),
        };
        if peaceful {
            self.moves.push(mv);
        }
    }

    fn shifted(&mut self, targets: Bitboard, shift: i32) {
        self.moves.shifted(targets & self.empty, shift);
    }
}

fn all_moves<S: MoveSink>(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    moves: &mut S,
) {
    let us = pos.turn();
    let theirs = pos.theirs();
    let occupied = pos.occupied();
    let zone = tables.promotion_zone[color_index(us)];
    // What a path leg marked `!` may take of its own side.
    let own_takeable = game
        .self_capture_immune
        .iter()
        .fold(pos.ours(), |takeable, &kind| {
            takeable & !pos.pieces(us, kind)
        });
    for (kind, kind_moves, pieces) in tables.present(pos, us) {
        if Some(kind) == game.pawn {
            pawn_moves(game, tables, pos, kind_moves, pieces, moves);
            continue;
        }
        // Shogi-style: a piece that has a promoted form may take it on a move into, inside or
        // out of the promotion zone, or stay as it is.
        let promotion = game.promoted[kind.index()];
        for from in pieces {
            let targets = match &tables.paths {
                Some(table) if tables.on_paths[kind.index()] => {
                    let reach = table.reach(us, kind.index(), from, pos.ours(), theirs);
                    reach.targets() | (reach.own_captures & own_takeable)
                }
                _ => tables.targets(kind_moves, from, occupied, theirs),
            };
            let Some(twin) = promotion else {
                moves.targets(from, targets);
                continue;
            };
            let from_zone = zone.contains(from);
            for to in targets {
                let promotes = from_zone || zone.contains(to);
                if !(promotes && game.mandatory_piece_promotion) {
                    moves.push(Move::normal(from, to));
                }
                if promotes {
                    moves.push(Move::promotion(from, to, twin));
                }
            }
        }
    }
    if let Some(castling) = game.castling {
        castle_moves(game, tables, pos, castling, moves);
    }
    if let Some(first) = game.first_moves {
        first_moves(tables, pos, first, moves);
    }
    if let Some(drops) = &game.drops {
        drop_moves(game, drops, tables, pos, moves);
    }
}

/// The rank step toward `color`'s opponent.
#[inline]
fn forward(color: Color) -> i8 {
    if color == Color::White { 1 } else { -1 }
}

/// Cambodian chess's first moves from the gate squares: the king's knight leap to the rank in
/// front (onto an empty square, not while in check) and the fers's jump two squares ahead.
fn first_moves<S: MoveSink>(
    tables: &Tables,
    pos: &Position<FileGame>,
    first: FirstMoves,
    moves: &mut S,
) {
    let us = pos.turn();
    let gates = tables.gates(pos, us);
    if gates.is_empty() {
        return;
    }
    let ahead = forward(us);
    if let Some(king) = first.king {
        for from in pos.pieces(us, king) & gates {
            if tables.attacked(pos, from, !us) {
                continue;
            }
            for file_step in [-2, 2] {
                if let Some(to) = offset(from, (file_step, ahead), tables.files, tables.ranks)
                    && !pos.occupied().contains(to)
                {
                    moves.push(Move::normal(from, to));
                }
            }
        }
    }
    if let Some(fers) = first.fers {
        for from in pos.pieces(us, fers) & gates {
            if let Some(to) = offset(from, (0, 2 * ahead), tables.files, tables.ranks)
                && !pos.color(us).contains(to)
            {
                moves.push(Move::normal(from, to));
            }
        }
    }
}

/// The moves of the pawns on `pieces`: by their Betza (all pawns at once for chess's pawn),
/// promoting where the game says, the double step and en passant.
fn pawn_moves<S: MoveSink>(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    kind_moves: &KindMoves,
    pieces: Bitboard,
    moves: &mut S,
) {
    let us = pos.turn();
    let zone = if game.promotions.is_empty() {
        Bitboard::EMPTY
    } else {
        tables.promotion_zone[color_index(us)]
    };
    if tables.chess_pawn {
        chess_pawn_steps(game, tables, pos, pieces, zone, moves);
    } else {
        let ahead = forward(us);
        let occupied = pos.occupied();
        let double_step_from = tables.double_step_from[color_index(us)];
        for from in pieces {
            let mut targets = tables.targets(kind_moves, from, occupied, pos.theirs());
            if double_step_from.contains(from)
                && let Some(one) = offset(from, (0, ahead), tables.files, tables.ranks)
                && let Some(two) = offset(one, (0, ahead), tables.files, tables.ranks)
                && !occupied.contains(one)
                && !occupied.contains(two)
            {
                targets.add(two);
            }
            moves.targets(from, targets & !zone);
            for to in targets & zone {
                promote(game, from, to, moves);
            }
        }
    }
    if let Some(square) = pos.en_passant()
        && !pos.occupied().contains(square)
    {
        for from in kind_moves.captures_from[square as usize] & pieces {
            moves.push(Move::en_passant(from, square));
        }
    }
}

/// A pawn's move from `from` to `to` in its promotion zone: each promotion, and the plain
/// move where promotion is not mandatory.
fn promote<S: MoveSink>(game: &Definition, from: Square, to: Square, moves: &mut S) {
    for &kind in &game.promotions {
        moves.push(Move::promotion(from, to, kind));
    }
    if !game.mandatory_promotion {
        moves.push(Move::normal(from, to));
    }
}

/// Chess pawns' steps and captures, all pawns at once by shifting their set (en passant
/// aside).
fn chess_pawn_steps<S: MoveSink>(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    pieces: Bitboard,
    zone: Bitboard,
    moves: &mut S,
) {
    let us = pos.turn();
    let ahead = 8 * i32::from(forward(us));
    let empty = !pos.occupied() & tables.board;
    let theirs = pos.theirs() & tables.board;
    let single = shifted(pieces, ahead) & empty;
    let first = shifted(pieces & tables.double_step_from[color_index(us)], ahead) & empty;
    let double = shifted(first, ahead) & empty;
    // A capture toward a file beyond the board's last lands off the board (smaller boards)
    // or on the next rank's first file (8 files), which the file mask keeps out.
    let (a_file, h_file) = (Bitboard::from_file(File::A), Bitboard::from_file(File::H));
    let toward_h = shifted(pieces & !h_file, ahead + 1) & theirs;
    let toward_a = shifted(pieces & !a_file, ahead - 1) & theirs;
    for (targets, shift) in [
        (single, ahead),
        (double, 2 * ahead),
        (toward_h, ahead + 1),
        (toward_a, ahead - 1),
    ] {
        moves.shifted(targets & !zone, shift);
        for to in targets & zone {
            promote(game, behind(to, shift), to, moves);
        }
    }
}

/// Every drop of a piece in hand on an empty square, but pawns on their first rank or in the
/// promotion zone (unless the game allows them) and a piece the game keeps from doubling on a
/// file where the dropper has one already.
fn drop_moves<S: MoveSink>(
    game: &Definition,
    drops: &Drops,
    tables: &Tables,
    pos: &Position<FileGame>,
    moves: &mut S,
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

fn castle_moves<S: MoveSink>(
    game: &Definition,
    tables: &Tables,
    pos: &Position<FileGame>,
    castling: super::definition::Castling,
    moves: &mut S,
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
    let Some(king) = (pos.pieces(us, king_kind) & castling_kings(castling, home)).first() else {
        return;
    };
    // Only a royal king may not castle out of, through or into attack (a commoner
    // castles regardless, as in Fairy-Stockfish's Extinction). Whether it stands in check
    // is asked once, and only for a castling whose squares are free: most are not.
    // Where pieces convert, a king is never attacked: its squares are judged by persuasion
    // (`FileGame::legal`).
    let royal = game.checking && game.king == Some(king_kind) && game.amity.conversion.is_none();
    // Pieces in love attack nothing (`amityCouplePhases`).
    let lovers = pos.state.love.lovers();
    let attacked = |square: Square| {
        if lovers.is_empty() {
            tables.attacked(pos, square, !us)
        } else {
            (tables.attackers(pos, square, !us, false) & !lovers).any()
        }
    };
    let mut in_check = None;
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
            attacks::between(a, b) | Bitboard::from_square(a) | Bitboard::from_square(b)
        };
        let others = pos.occupied() & !Bitboard::from_square(king) & !Bitboard::from_square(rook);
        let king_path = span(king, king_to);
        if !(others & (king_path | span(rook, rook_to))).is_empty() {
            continue;
        }
        // Under `amityCastlingDestinationOnly` the legality test of the move alone judges
        // it (the destination, with king and rook moved).
        if royal
            && !game.amity.castling_destination_only
            && (*in_check.get_or_insert_with(|| attacked(king))
                || (king_path & !Bitboard::from_square(king))
                    .into_iter()
                    .any(attacked))
        {
            continue;
        }
        moves.push(Move::castle(king, king_to));
    }
}

/// The squares of `home` (a first rank) a king may castle from: its home file's, where the
/// game names one, else any.
pub fn castling_kings(castling: super::definition::Castling, home: Rank) -> Bitboard {
    match castling.home_file {
        Some(file) => Bitboard::from_square(Square::from_coords(File::new(u32::from(file)), home)),
        None => Bitboard::from_rank(home),
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
            if let Some(captured) = pos.remove(to)
                && captured.color != us
            {
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
            // A path leg marked `!` may take a piece of the mover's own: it goes to no hand.
            if let Some(captured) = pos.remove(to) {
                if captured.color != us {
                    to_hand(game, pos, us, captured.kind);
                }
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
                    if beside && game.amity.conversion.is_none() {
                        pos.set_en_passant(Some(skipped));
                    }
                }
            }
        }
    }
    if let Some(castling) = game.castling
        && moved == Some(castling.king)
    {
        let home = if us == Color::White {
            Rank::First
        } else {
            Rank::new(game.geometry.ranks as u32 - 1)
        };
        // A second king (where pieces convert) moving elsewhere leaves the rights alone.
        if castling.home_file.is_none() || castling_kings(castling, home).contains(from) {
            pos.discard_castling(Bitboard::from_rank(home));
        }
    }
    pos.set_halfmove_clock(clock);
    pos.end_turn();
}
