//! Influence in Pacifist Chess: which pieces influence which squares (attacks, with batteries
//! seen through friendly pieces moving along the same line), tallied per square for both
//! colours with bit-sliced adders, and the persuasion-against-support test under each measure.
//!
//! A tally keeps one bitboard per binary digit: plane `k` holds bit `k` of every square's
//! number. Adding a piece's attack set to all 64 counters at once is a ripple-carry over a few
//! planes, and "persuasion > support" for every square is one bit-sliced comparison, so a whole
//! board is judged without visiting squares one by one.

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Bitboard, Color, Kind, Position, Rules, Square};
use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, rook_attacks};

/// How persuasion and support are measured (the `PacifistMeasure` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Measure {
    /// The number of influencing pieces.
    #[default]
    Count,
    /// The sum of their values (P 1, N 3, B 3, R 5, Q 9, K 4).
    Value,
    /// That sum divided by that number, 0 when there are none.
    Average,
}

impl Measure {
    pub const ALL: [Measure; 3] = [Measure::Count, Measure::Value, Measure::Average];

    /// The option value naming this measure.
    pub fn name(self) -> &'static str {
        match self {
            Measure::Count => "count",
            Measure::Value => "value",
            Measure::Average => "average",
        }
    }

    /// The measure an option value names (any case).
    pub fn from_name(name: &str) -> Option<Measure> {
        Measure::ALL
            .into_iter()
            .find(|measure| measure.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Whether converting pieces from one side to the other can only lower that side's
    /// persuasion of the other's pieces and raise their support. True for count and value;
    /// an average can rise when a weak persuader leaves.
    pub fn is_monotone(self) -> bool {
        self != Measure::Average
    }
}

/// The value of a piece kind in the `value` and `average` measures (indexed by kind).
pub const PERSUASION_VALUE: [u32; 6] = [1, 3, 3, 5, 9, 4];

/// 64 counters side by side: plane `k` holds bit `k` of each square's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally<const PLANES: usize>([u64; PLANES]);

impl<const PLANES: usize> Default for Tally<PLANES> {
    fn default() -> Self {
        Tally([0; PLANES])
    }
}

impl<const PLANES: usize> Tally<PLANES> {
    /// Adds `2^shift` to the counter of every square in `squares`.
    #[inline(always)]
    fn add_at(&mut self, squares: u64, shift: usize) {
        let mut carry = squares;
        let mut plane = shift;
        while carry != 0 && plane < PLANES {
            let next = self.0[plane] & carry;
            self.0[plane] ^= carry;
            carry = next;
            plane += 1;
        }
    }

    /// Adds `weight` to the counter of every square in `squares`.
    #[inline(always)]
    pub fn add(&mut self, squares: Bitboard, weight: u32) {
        let mut bits = weight;
        while bits != 0 {
            let shift = bits.trailing_zeros() as usize;
            self.add_at(squares.0, shift);
            bits &= bits - 1;
        }
    }

    /// Subtracts `2^shift` from the counter of every square in `squares` (never below zero
    /// when it undoes an earlier addition).
    #[inline(always)]
    fn sub_at(&mut self, squares: u64, shift: usize) {
        let mut borrow = squares;
        let mut plane = shift;
        while borrow != 0 && plane < PLANES {
            let next = !self.0[plane] & borrow;
            self.0[plane] ^= borrow;
            borrow = next;
            plane += 1;
        }
    }

    /// Subtracts `weight` from the counter of every square in `squares`.
    #[inline(always)]
    pub fn sub(&mut self, squares: Bitboard, weight: u32) {
        let mut bits = weight;
        while bits != 0 {
            let shift = bits.trailing_zeros() as usize;
            self.sub_at(squares.0, shift);
            bits &= bits - 1;
        }
    }

    /// Squares whose counter here is greater than in `other`.
    #[inline(always)]
    pub fn greater(&self, other: &Self) -> Bitboard {
        let mut greater = 0u64;
        let mut equal = !0u64;
        for plane in (0..PLANES).rev() {
            let (a, b) = (self.0[plane], other.0[plane]);
            greater |= equal & a & !b;
            equal &= !(a ^ b);
        }
        Bitboard(greater)
    }

    /// Squares whose counter is not zero.
    #[inline(always)]
    pub fn nonzero(&self) -> Bitboard {
        Bitboard(self.0.iter().fold(0, |acc, plane| acc | plane))
    }

    /// The counter of one square.
    #[inline(always)]
    pub fn at(&self, square: Square) -> u32 {
        let shift = square as u32;
        let mut value = 0;
        for plane in (0..PLANES).rev() {
            value = (value << 1) | ((self.0[plane] >> shift) & 1) as u32;
        }
        value
    }
}

/// Counts never exceed 32 (every piece on the board), values 32 x 9.
pub type CountTally = Tally<6>;
pub type ValueTally = Tally<9>;

/// The influence of both colours on every square, in the tallies `measure` needs.
#[derive(Clone, Copy, Debug, Default)]
pub struct InfluenceMap {
    pub measure: Measure,
    /// Number of influencing pieces, by colour index (kept for `count` and `average`).
    pub count: [CountTally; 2],
    /// Sum of influencing values, by colour index (kept for `value` and `average`).
    pub value: [ValueTally; 2],
}

#[inline(always)]
fn index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Calls `sink(squares, kind, square)` once per influencing piece of `color` (pawns set-wise,
/// one call per capture direction, with no square). Pieces on `silent` exert no influence but still let their
/// own side's rays through as rule 2 allows. A rook or queen's orthogonal ray passes friendly
/// rooks and queens; a bishop or queen's diagonal ray passes friendly bishops and queens.
#[inline(always)]
pub fn for_each_influence<R: Rules>(
    pos: &Position<R>,
    color: Color,
    silent: Bitboard,
    mut sink: impl FnMut(Bitboard, Kind, Option<Square>),
) {
    let occupied = pos.occupied();
    let own = pos.color(color);
    let queens = pos.pieces(color, QUEEN);
    let rooks = pos.pieces(color, ROOK);
    let bishops = pos.pieces(color, BISHOP);
    let orthogonal_view = occupied & !(rooks | queens);
    let diagonal_view = occupied & !(bishops | queens);
    let active = own & !silent;

    let pawns = (pos.pieces(color, PAWN) & active).0;
    let not_a = !Bitboard::from_file(shakmaty::File::A).0;
    let not_h = !Bitboard::from_file(shakmaty::File::H).0;
    let (west, east) = match color {
        Color::White => ((pawns & not_a) << 7, (pawns & not_h) << 9),
        Color::Black => ((pawns & not_a) >> 9, (pawns & not_h) >> 7),
    };
    if west != 0 {
        sink(Bitboard(west), PAWN, None);
    }
    if east != 0 {
        sink(Bitboard(east), PAWN, None);
    }
    for square in pos.pieces(color, KNIGHT) & active {
        sink(knight_attacks(square), KNIGHT, Some(square));
    }
    for square in bishops & active {
        sink(bishop_attacks(square, diagonal_view), BISHOP, Some(square));
    }
    for square in rooks & active {
        sink(rook_attacks(square, orthogonal_view), ROOK, Some(square));
    }
    for square in queens & active {
        sink(
            bishop_attacks(square, diagonal_view) | rook_attacks(square, orthogonal_view),
            QUEEN,
            Some(square),
        );
    }
    for square in pos.pieces(color, KING) & active {
        sink(king_attacks(square), KING, Some(square));
    }
}

impl InfluenceMap {
    /// An empty map for `measure`.
    pub fn new(measure: Measure) -> Self {
        InfluenceMap {
            measure,
            ..InfluenceMap::default()
        }
    }

    /// Tallies the influence of both colours; pieces on `silent` exert none.
    #[inline]
    pub fn compute<R: Rules>(pos: &Position<R>, measure: Measure, silent: Bitboard) -> Self {
        let mut map = InfluenceMap::new(measure);
        for color in [Color::White, Color::Black] {
            for_each_influence(pos, color, silent, |squares, kind, _| {
                map.add(color, squares, kind)
            });
        }
        map
    }

    /// Adds the influence of one piece of `color` and `kind` on `squares`.
    #[inline(always)]
    pub fn add(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        let side = index(color);
        match self.measure {
            Measure::Count => self.count[side].add(squares, 1),
            Measure::Value => self.value[side].add(squares, PERSUASION_VALUE[kind.index()]),
            Measure::Average => {
                self.count[side].add(squares, 1);
                self.value[side].add(squares, PERSUASION_VALUE[kind.index()]);
            }
        }
    }

    /// Takes back the influence [`InfluenceMap::add`] added.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        let side = index(color);
        match self.measure {
            Measure::Count => self.count[side].sub(squares, 1),
            Measure::Value => self.value[side].sub(squares, PERSUASION_VALUE[kind.index()]),
            Measure::Average => {
                self.count[side].sub(squares, 1);
                self.value[side].sub(squares, PERSUASION_VALUE[kind.index()]);
            }
        }
    }

    /// Squares influenced by at least one piece of `color`.
    #[inline(always)]
    pub fn reach(&self, color: Color) -> Bitboard {
        let side = index(color);
        match self.measure {
            Measure::Count | Measure::Average => self.count[side].nonzero(),
            Measure::Value => self.value[side].nonzero(),
        }
    }

    /// Squares where a piece of `color` would be overly persuaded, among `squares`.
    #[inline]
    pub fn overly_persuaded(&self, color: Color, squares: Bitboard) -> Bitboard {
        let (us, them) = (index(color), index(!color));
        let candidates = squares & self.reach(!color);
        if candidates.is_empty() {
            return Bitboard::EMPTY;
        }
        match self.measure {
            Measure::Count => self.count[them].greater(&self.count[us]) & candidates,
            Measure::Value => self.value[them].greater(&self.value[us]) & candidates,
            Measure::Average => {
                let mut over = Bitboard::EMPTY;
                for square in candidates {
                    if self.average_over(us, them, square) {
                        over.add(square);
                    }
                }
                over
            }
        }
    }

    /// Whether a piece of `color` standing on `square` would be overly persuaded.
    #[inline]
    pub fn is_overly_persuaded(&self, color: Color, square: Square) -> bool {
        self.overly_persuaded(color, Bitboard::from_square(square))
            .any()
    }

    /// Average persuasion > average support, compared without division.
    #[inline]
    fn average_over(&self, us: usize, them: usize, square: Square) -> bool {
        let persuaders = self.count[them].at(square);
        if persuaders == 0 {
            return false;
        }
        let supporters = self.count[us].at(square);
        if supporters == 0 {
            return true;
        }
        let persuasion = self.value[them].at(square);
        let support = self.value[us].at(square);
        persuasion * supporters > support * persuaders
    }

    /// Persuasion and support of a piece of `color` on `square` as exact fractions
    /// `(numerator, denominator)`, for evaluation and display.
    pub fn balance(&self, color: Color, square: Square) -> ((u32, u32), (u32, u32)) {
        let (us, them) = (index(color), index(!color));
        match self.measure {
            Measure::Count => (
                (self.count[them].at(square), 1),
                (self.count[us].at(square), 1),
            ),
            Measure::Value => (
                (self.value[them].at(square), 1),
                (self.value[us].at(square), 1),
            ),
            Measure::Average => {
                let fraction = |side: usize| {
                    let count = self.count[side].at(square);
                    if count == 0 {
                        (0, 1)
                    } else {
                        (self.value[side].at(square), count)
                    }
                };
                (fraction(them), fraction(us))
            }
        }
    }

    /// Squares where `color`'s influence exceeds the other colour's under this measure.
    pub fn dominated_by(&self, color: Color) -> Bitboard {
        let (us, them) = (index(color), index(!color));
        match self.measure {
            Measure::Count | Measure::Average => self.count[us].greater(&self.count[them]),
            Measure::Value => self.value[us].greater(&self.value[them]),
        }
    }
}

/// The squares a piece of `kind` and `color` on `square` influences, given the occupancy and
/// the pieces of its own colour its orthogonal and diagonal rays pass through.
#[inline(always)]
pub fn piece_influence(
    kind: Kind,
    color: Color,
    square: Square,
    occupied: Bitboard,
    orthogonal_glass: Bitboard,
    diagonal_glass: Bitboard,
) -> Bitboard {
    match kind {
        PAWN => shakmaty::attacks::pawn_attacks(color, square),
        KNIGHT => knight_attacks(square),
        BISHOP => bishop_attacks(square, occupied & !diagonal_glass),
        ROOK => rook_attacks(square, occupied & !orthogonal_glass),
        QUEEN => {
            bishop_attacks(square, occupied & !diagonal_glass)
                | rook_attacks(square, occupied & !orthogonal_glass)
        }
        KING => king_attacks(square),
        _ => Bitboard::EMPTY,
    }
}

/// The influence map of a position with each line piece's influence remembered, so the map
/// after one piece moves (or is lifted) follows from a few corrections: the piece's own
/// influence, and that of the line pieces whose rays reached the squares it left or entered.
#[derive(Clone, Debug)]
pub struct NodeInfluence {
    pub map: InfluenceMap,
    /// Influence of the line piece on each square (empty elsewhere).
    line_influence: [Bitboard; 64],
    line_pieces: Bitboard,
    /// Per colour index: the pieces its orthogonal and its diagonal rays pass through.
    glass: [(Bitboard, Bitboard); 2],
}

impl NodeInfluence {
    pub fn new<R: Rules>(pos: &Position<R>, measure: Measure) -> Self {
        let mut map = InfluenceMap::new(measure);
        let mut line_influence = [Bitboard::EMPTY; 64];
        for color in [Color::White, Color::Black] {
            for_each_influence(pos, color, Bitboard::EMPTY, |squares, kind, square| {
                map.add(color, squares, kind);
                if let Some(square) = square
                    && matches!(kind, BISHOP | ROOK | QUEEN)
                {
                    line_influence[square as usize] = squares;
                }
            });
        }
        let line_pieces = pos.kind(BISHOP) | pos.kind(ROOK) | pos.kind(QUEEN);
        let glass = |c: Color| {
            let queens = pos.pieces(c, QUEEN);
            (pos.pieces(c, ROOK) | queens, pos.pieces(c, BISHOP) | queens)
        };
        NodeInfluence {
            map,
            line_influence,
            line_pieces,
            glass: [glass(Color::White), glass(Color::Black)],
        }
    }

    /// The map after the piece on `from` goes to `to` as a `kind_after` (a promotion changes
    /// it), or is lifted off the board when `to` is `None`.
    pub fn after_move<R: Rules>(
        &self,
        pos: &Position<R>,
        from: Square,
        to: Option<Square>,
        kind_after: Kind,
    ) -> InfluenceMap {
        let mut map = self.map;
        let Some(piece) = pos.piece_at(from) else {
            return map;
        };
        let color = piece.color;
        let occupied_before = pos.occupied();
        let from_bit = Bitboard::from_square(from);
        let to_bit = to.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let occupied = (occupied_before ^ from_bit) | to_bit;
        let mut glasses = self.glass;
        {
            let (orthogonal, diagonal) = &mut glasses[index(color)];
            *orthogonal &= !from_bit;
            *diagonal &= !from_bit;
            if matches!(kind_after, ROOK | QUEEN) {
                *orthogonal |= to_bit;
            }
            if matches!(kind_after, BISHOP | QUEEN) {
                *diagonal |= to_bit;
            }
        }
        let glass = |c: Color| glasses[index(c)];

        let old = if matches!(piece.kind, BISHOP | ROOK | QUEEN) {
            self.line_influence[from as usize]
        } else {
            let (orthogonal, diagonal) = glass(color);
            piece_influence(
                piece.kind,
                color,
                from,
                occupied_before,
                orthogonal,
                diagonal,
            )
        };
        map.remove(color, old, piece.kind);

        let touched = from_bit | to_bit;
        let mut lines = bishop_attacks(from, Bitboard::EMPTY) | rook_attacks(from, Bitboard::EMPTY);
        if let Some(to) = to {
            lines |= bishop_attacks(to, Bitboard::EMPTY) | rook_attacks(to, Bitboard::EMPTY);
        }
        for square in self.line_pieces & lines & !from_bit {
            let before = self.line_influence[square as usize];
            if !before.intersects(touched) {
                continue;
            }
            if let Some(line) = pos.piece_at(square) {
                let (orthogonal, diagonal) = glass(line.color);
                let after = piece_influence(
                    line.kind, line.color, square, occupied, orthogonal, diagonal,
                );
                if after != before {
                    map.remove(line.color, before, line.kind);
                    map.add(line.color, after, line.kind);
                }
            }
        }

        if let Some(to) = to {
            let (orthogonal, diagonal) = glass(color);
            let new = piece_influence(kind_after, color, to, occupied, orthogonal, diagonal);
            map.add(color, new, kind_after);
        }
        map
    }
}
