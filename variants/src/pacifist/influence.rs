//! Influence in Pacifist Chess: which pieces influence which squares (attacks, with batteries
//! seen through friendly pieces moving along the same line), tallied per square for both
//! colours with bit-sliced adders, and the persuasion-against-support test under each measure.
//!
//! A tally keeps one bitboard per binary digit: plane `k` holds bit `k` of every square's
//! number. Adding a piece's attack set to all 64 counters at once is a ripple-carry over a few
//! planes, and "persuasion > support" for every square is one bit-sliced comparison, so a whole
//! board is judged without visiting squares one by one.

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::position::color_index;
use amity_engine::{Bitboard, Color, Kind, Position, Rules, Square};
use shakmaty::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};

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

/// The squares of `squares` if bit `plane` of `weight` is set, else none: what that plane of
/// the weight adds to (or takes from) each counter.
#[inline(always)]
fn weight_plane(squares: Bitboard, weight: u32, plane: usize) -> u64 {
    if (weight >> plane) & 1 != 0 {
        squares.0
    } else {
        0
    }
}

impl<const PLANES: usize> Tally<PLANES> {
    /// Adds `weight` to the counter of every square in `squares` (modulo `2^PLANES`): a
    /// ripple-carry adder over the planes, without branches (a carry's length depends on the
    /// data and would be mispredicted).
    #[inline(always)]
    pub fn add(&mut self, squares: Bitboard, weight: u32) {
        let mut carry = 0u64;
        for plane in 0..PLANES {
            let addend = weight_plane(squares, weight, plane);
            let digit = self.0[plane];
            self.0[plane] = digit ^ addend ^ carry;
            carry = (digit & addend) | (carry & (digit ^ addend));
        }
    }

    /// Subtracts `weight` from the counter of every square in `squares` (modulo `2^PLANES`),
    /// as [`Tally::add`] does with a borrow.
    #[inline(always)]
    pub fn sub(&mut self, squares: Bitboard, weight: u32) {
        let mut borrow = 0u64;
        for plane in 0..PLANES {
            let subtrahend = weight_plane(squares, weight, plane);
            let digit = self.0[plane];
            self.0[plane] = digit ^ subtrahend ^ borrow;
            borrow = (!digit & subtrahend) | (borrow & !(digit ^ subtrahend));
        }
    }

    /// Adds one to the counter of every square in `squares`: a carry rippling through the
    /// planes, with no weight to add.
    #[inline(always)]
    pub fn increment(&mut self, squares: Bitboard) {
        let mut carry = squares.0;
        for plane in &mut self.0 {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    }

    /// Squares whose counter here is greater than in `other`.
    #[inline(always)]
    pub fn greater(&self, other: &Self) -> Bitboard {
        self.compare(other)[0]
    }

    /// The squares whose counter here is greater than in `other`, and those where it is
    /// smaller, from one pass over the planes.
    #[inline(always)]
    pub fn compare(&self, other: &Self) -> [Bitboard; 2] {
        let (mut greater, mut smaller, mut equal) = (0u64, 0u64, !0u64);
        for plane in (0..PLANES).rev() {
            let (x, y) = (self.0[plane], other.0[plane]);
            greater |= equal & x & !y;
            smaller |= equal & !x & y;
            equal &= !(x ^ y);
        }
        [Bitboard(greater), Bitboard(smaller)]
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

    /// Tallies the influence of both colours; pieces on `silent` exert none. One walk per
    /// colour and measure, so that both are known where the walk is compiled: `count` counts
    /// sets (see [`Tally::increment`]) and never touches `value`, `value` adds each kind's constant
    /// weight.
    #[inline]
    pub fn compute<R: Rules>(pos: &Position<R>, measure: Measure, silent: Bitboard) -> Self {
        let mut map = InfluenceMap::new(measure);
        match measure {
            Measure::Count => {
                map.count = [
                    Self::counts(pos, Color::White, silent),
                    Self::counts(pos, Color::Black, silent),
                ];
            }
            Measure::Value => {
                map.value = [
                    Self::values(pos, Color::White, silent),
                    Self::values(pos, Color::Black, silent),
                ];
            }
            Measure::Average => {
                for color in [Color::White, Color::Black] {
                    let mut count = CountTally::default();
                    let mut value = ValueTally::default();
                    for_each_influence(pos, color, silent, |squares, kind, _| {
                        count.increment(squares);
                        value.add(squares, PERSUASION_VALUE[kind.index()]);
                    });
                    map.count[color_index(color)] = count;
                    map.value[color_index(color)] = value;
                }
            }
        }
        map
    }

    /// The number of pieces of `color` influencing each square.
    #[inline(always)]
    fn counts<R: Rules>(pos: &Position<R>, color: Color, silent: Bitboard) -> CountTally {
        let mut count = CountTally::default();
        for_each_influence(pos, color, silent, |squares, _, _| count.increment(squares));
        count
    }

    /// The summed values of the pieces of `color` influencing each square.
    #[inline(always)]
    fn values<R: Rules>(pos: &Position<R>, color: Color, silent: Bitboard) -> ValueTally {
        let mut value = ValueTally::default();
        for_each_influence(pos, color, silent, |squares, kind, _| {
            value.add(squares, PERSUASION_VALUE[kind.index()])
        });
        value
    }

    /// Whether a piece of `color` on `square` is overly persuaded with every piece speaking,
    /// as [`InfluenceMap::is_overly_persuaded`] on the full map answers, from the pieces that
    /// influence that one square: a slider's ray reaches the square exactly when the same ray
    /// cast from the square (seeing through the same pieces) reaches the slider.
    #[inline]
    pub fn overly_persuaded_on<R: Rules>(
        pos: &Position<R>,
        measure: Measure,
        color: Color,
        square: Square,
    ) -> bool {
        // The groups are pieces of different kinds, so they are disjoint: their union holds
        // every influencing piece once.
        let union = |groups: &[Bitboard; 6]| {
            groups[0] | groups[1] | groups[2] | groups[3] | groups[4] | groups[5]
        };
        let persuaders = Self::influencers_of(pos, !color, square);
        if union(&persuaders).is_empty() {
            return false;
        }
        let supporters = Self::influencers_of(pos, color, square);
        let count = |groups: &[Bitboard; 6]| union(groups).count() as u32;
        let value = |groups: &[Bitboard; 6]| {
            let mut total = 0;
            for (group, weight) in groups.iter().zip(PERSUASION_VALUE) {
                total += group.count() as u32 * weight;
            }
            total
        };
        match measure {
            Measure::Count => count(&persuaders) > count(&supporters),
            Measure::Value => value(&persuaders) > value(&supporters),
            Measure::Average => {
                let supporting = count(&supporters);
                supporting == 0
                    || value(&persuaders) * supporting > value(&supporters) * count(&persuaders)
            }
        }
    }

    /// The pieces of `color` influencing `square` (every piece speaking), by kind.
    #[inline(always)]
    fn influencers_of<R: Rules>(pos: &Position<R>, color: Color, square: Square) -> [Bitboard; 6] {
        let occupied = pos.occupied();
        let queens = pos.pieces(color, QUEEN);
        let orthogonal = pos.pieces(color, ROOK) | queens;
        let diagonal = pos.pieces(color, BISHOP) | queens;
        let along_lines = rook_attacks(square, occupied & !orthogonal) & orthogonal;
        let along_diagonals = bishop_attacks(square, occupied & !diagonal) & diagonal;
        // No square shares both a line and a diagonal with a queen: each is found once.
        [
            shakmaty::attacks::pawn_attacks(!color, square) & pos.pieces(color, PAWN),
            knight_attacks(square) & pos.pieces(color, KNIGHT),
            along_diagonals & !queens,
            along_lines & !queens,
            (along_lines | along_diagonals) & queens,
            king_attacks(square) & pos.pieces(color, KING),
        ]
    }

    /// Adds the influence of one piece of `color` and `kind` on `squares`.
    #[inline(always)]
    pub fn add(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        self.apply(color, squares, kind, true);
    }

    /// Takes back the influence [`InfluenceMap::add`] added.
    #[inline(always)]
    pub fn remove(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        self.apply(color, squares, kind, false);
    }

    /// Adds (or with `adding` false takes away) one piece's influence on `squares` in each
    /// tally the measure keeps.
    #[inline(always)]
    fn apply(&mut self, color: Color, squares: Bitboard, kind: Kind, adding: bool) {
        let side = color_index(color);
        let weight = PERSUASION_VALUE[kind.index()];
        if self.measure != Measure::Value {
            let count = &mut self.count[side];
            if adding {
                count.add(squares, 1);
            } else {
                count.sub(squares, 1);
            }
        }
        if self.measure != Measure::Count {
            let value = &mut self.value[side];
            if adding {
                value.add(squares, weight);
            } else {
                value.sub(squares, weight);
            }
        }
    }

    /// Squares influenced by at least one piece of `color`.
    #[inline(always)]
    pub fn reach(&self, color: Color) -> Bitboard {
        let side = color_index(color);
        match self.measure {
            Measure::Count | Measure::Average => self.count[side].nonzero(),
            Measure::Value => self.value[side].nonzero(),
        }
    }

    /// Squares where a piece of `color` would be overly persuaded, among `squares`.
    #[inline]
    pub fn overly_persuaded(&self, color: Color, squares: Bitboard) -> Bitboard {
        let (us, them) = (color_index(color), color_index(!color));
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
                    if average_beaten(&self.count, &self.value, us, them, square) {
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

    /// Persuasion and support of a piece of `color` on `square` as exact fractions
    /// `(numerator, denominator)`, for evaluation and display.
    pub fn balance(&self, color: Color, square: Square) -> ((u32, u32), (u32, u32)) {
        let (us, them) = (color_index(color), color_index(!color));
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

    /// [`InfluenceMap::dominated_by`] for White and for Black (by colour index), from one
    /// bit-sliced comparison of the two colours' tallies.
    #[inline]
    pub fn dominance(&self) -> [Bitboard; 2] {
        match self.measure {
            Measure::Count | Measure::Average => self.count[0].compare(&self.count[1]),
            Measure::Value => self.value[0].compare(&self.value[1]),
        }
    }

    /// Squares where `color`'s influence exceeds the other colour's under this measure.
    pub fn dominated_by(&self, color: Color) -> Bitboard {
        let (us, them) = (color_index(color), color_index(!color));
        match self.measure {
            Measure::Count | Measure::Average => self.count[us].greater(&self.count[them]),
            Measure::Value => self.value[us].greater(&self.value[them]),
        }
    }
}

/// The squares a piece of `kind` and `color` on `square` influences, given the occupancy and
/// the pieces of its own colour its orthogonal and diagonal rays pass through.
#[inline]
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

/// The tallies one measure needs to tell which pieces are overly persuaded, kept as small as
/// that measure allows, so that copying and correcting them once per candidate move is cheap.
/// [`InfluenceMap`] is the general map (both colours' counts and values) for evaluation and
/// display; the rules use these.
///
/// Code generic over a balance, here and in the rules, is `#[inline(always)]` down from the
/// rules' entry points, closures included: the register balances (`lanes`) are compiled with
/// their AVX-512 instructions only inside those entry points, and a function left on its own
/// would be compiled without them (each instruction then a call). Code that is large, called
/// from several places or rarely run goes through [`Balance::outlined`] instead, which
/// compiles it once per balance (with the instructions, for the registers): inlined
/// everywhere, the copies made the release build take minutes. Code that touches no balance
/// is plain `#[inline]`.
pub trait Balance: Copy + PartialEq + std::fmt::Debug {
    /// See [`Measure::is_monotone`].
    const MONOTONE: bool;

    /// No influence anywhere.
    fn empty() -> Self;

    /// Whether the balance weighs pieces by value (else only their number counts).
    const VALUED: bool;

    /// What one piece of `kind` weighs in this balance.
    #[inline(always)]
    fn weight(kind: Kind) -> u32 {
        if Self::VALUED {
            PERSUASION_VALUE[kind.index()]
        } else {
            1
        }
    }

    /// Adds the influence of `count` pieces of `color`, worth `value` together, on `squares`.
    fn add_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32);

    /// Takes back what [`Balance::add_group`] added.
    fn remove_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32);

    /// Adds the influence of one piece of `color` and `kind` on `squares`.
    #[inline(always)]
    fn add(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        self.add_group(color, squares, 1, PERSUASION_VALUE[kind.index()]);
    }

    /// Takes back what [`Balance::add`] added.
    #[inline(always)]
    fn remove(&mut self, color: Color, squares: Bitboard, kind: Kind) {
        self.remove_group(color, squares, 1, PERSUASION_VALUE[kind.index()]);
    }

    /// Among `squares`, those where a piece of `color` would be overly persuaded.
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard;

    /// Squares where a piece of `color` would be overly persuaded after losing `weight` of
    /// support (its margin, support minus persuasion, is below `weight`). Only monotone
    /// measures have a margin; the others answer every square.
    #[inline(always)]
    fn below(&self, _color: Color, _weight: u32) -> Bitboard {
        Bitboard::FULL
    }

    /// The margin (support minus persuasion) of a piece of `color` on `square`, under a
    /// monotone measure; the others have no margin and answer a value below every weight.
    #[inline(always)]
    fn margin(&self, _color: Color, _square: Square) -> i32 {
        i32::MIN / 2
    }

    /// A piece's influence changed from `before` to `after`: only the difference is applied.
    #[inline(always)]
    fn shift(&mut self, color: Color, kind: Kind, before: Bitboard, after: Bitboard) {
        self.remove(color, before & !after, kind);
        self.add(color, after & !before, kind);
    }

    /// Runs `f` as a function of its own, compiled as this balance's code is: for the rarely
    /// needed tests the rules keep out of their callers, and for large code called from
    /// several places. The registers' balances keep their instructions there (see `lanes`).
    /// A closure's type is its defining function's (with that function's type parameters),
    /// so a closure written in a function generic over the balance gets one copy per
    /// balance, however many callers that function is inlined into.
    #[inline(always)]
    fn outlined<T>(f: impl FnOnce() -> T) -> T {
        outlined(f)
    }

    /// The balance of both colours in `pos`; pieces on `silent` exert no influence.
    #[inline(always)]
    fn compute<R: Rules>(pos: &Position<R>, silent: Bitboard) -> Self {
        Self::tally(pos, silent, |_, _, _, _| {})
    }

    /// [`Balance::compute`], showing `observe` every influence set it adds (colour, squares,
    /// kind, and the piece's square, none for the pawns' sets), so that callers can gather
    /// more from the same walk over the pieces.
    #[inline(always)]
    fn tally<R: Rules>(
        pos: &Position<R>,
        silent: Bitboard,
        observe: impl FnMut(Color, Bitboard, Kind, Option<Square>),
    ) -> Self {
        tally_piece_by_piece(pos, silent, observe)
    }
}

/// [`Balance::tally`] adding one piece's influence at a time with its weight.
#[inline(always)]
fn tally_piece_by_piece<B: Balance, R: Rules>(
    pos: &Position<R>,
    silent: Bitboard,
    mut observe: impl FnMut(Color, Bitboard, Kind, Option<Square>),
) -> B {
    let mut balance = B::empty();
    // Each colour written out, so that the colour is known where the code is compiled.
    for_each_influence(
        pos,
        Color::White,
        silent,
        #[inline(always)]
        |squares, kind, square| {
            balance.add(Color::White, squares, kind);
            observe(Color::White, squares, kind, square);
        },
    );
    for_each_influence(
        pos,
        Color::Black,
        silent,
        #[inline(always)]
        |squares, kind, square| {
            balance.add(Color::Black, squares, kind);
            observe(Color::Black, squares, kind, square);
        },
    );
    balance
}

/// 64 unsigned counters of up to 31 (a square is influenced by at most the 31 other pieces),
/// bit-sliced, that count sets one at a time: adding a set is a carry rippling through five
/// planes, with no weights to add and nothing signed. The `count` balance is built from two of
/// these and one subtraction, instead of a signed seven-plane addition per piece.
type SetCounter = Tally<5>;

/// White's influence minus Black's on every square, as bit-sliced two's-complement counters of
/// `PLANES` bits (weighted by piece value when `VALUED`). Under `count` and `value` persuasion
/// exceeds support exactly where this difference has the enemy's sign, so the sign plane
/// alone answers for White and sign-or-zero for Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Difference<const PLANES: usize, const VALUED: bool>(Tally<PLANES>);

impl<const PLANES: usize, const VALUED: bool> Difference<PLANES, VALUED> {
    #[inline(always)]
    fn weight(count: u32, value: u32) -> u32 {
        if VALUED { value } else { count }
    }

    /// The difference of two colours' piece counts, White's minus Black's: a bit-sliced
    /// subtraction with borrow over the planes.
    #[inline(always)]
    fn of_counts(white: &SetCounter, black: &SetCounter) -> Self {
        let mut planes = [0u64; PLANES];
        let mut borrow = 0u64;
        for ((digit, &a), &b) in planes.iter_mut().zip(&white.0).zip(&black.0) {
            *digit = a ^ b ^ borrow;
            borrow = (!a & b) | (borrow & !(a ^ b));
        }
        // The counts have five digits: the higher planes of the difference are its sign.
        for plane in &mut planes[5..] {
            *plane = borrow;
        }
        Difference(Tally(planes))
    }
}

impl<const PLANES: usize, const VALUED: bool> Balance for Difference<PLANES, VALUED> {
    const MONOTONE: bool = true;
    const VALUED: bool = VALUED;

    #[inline(always)]
    fn empty() -> Self {
        Difference(Tally::default())
    }

    #[inline(always)]
    fn add_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        match color {
            Color::White => self.0.add(squares, Self::weight(count, value)),
            Color::Black => self.0.sub(squares, Self::weight(count, value)),
        }
    }

    #[inline(always)]
    fn remove_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        match color {
            Color::White => self.0.sub(squares, Self::weight(count, value)),
            Color::Black => self.0.add(squares, Self::weight(count, value)),
        }
    }

    /// Under `count` each colour's pieces are counted set by set and subtracted once (see
    /// [`SetCounter`]); `value` adds weights piece by piece. Inlined, so that where no piece
    /// is silent (building a node) that case is compiled away, and the walk's sets reach the
    /// caller's `observe` without a call.
    #[inline(always)]
    fn tally<R: Rules>(
        pos: &Position<R>,
        silent: Bitboard,
        mut observe: impl FnMut(Color, Bitboard, Kind, Option<Square>),
    ) -> Self {
        if VALUED {
            return tally_piece_by_piece(pos, silent, observe);
        }
        // One walk per colour, written out, so that each keeps its counter in registers.
        let mut white = SetCounter::default();
        for_each_influence(pos, Color::White, silent, |squares, kind, square| {
            white.increment(squares);
            observe(Color::White, squares, kind, square);
        });
        let mut black = SetCounter::default();
        for_each_influence(pos, Color::Black, silent, |squares, kind, square| {
            black.increment(squares);
            observe(Color::Black, squares, kind, square);
        });
        Self::of_counts(&white, &black)
    }

    #[inline(always)]
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard {
        let black_ahead = Bitboard(self.0.0[PLANES - 1]);
        match color {
            Color::White => squares & black_ahead,
            Color::Black => squares & !black_ahead & self.0.nonzero(),
        }
    }

    #[inline(always)]
    fn margin(&self, color: Color, square: Square) -> i32 {
        // The difference at `square`, sign-extended from its planes.
        let raw = self.0.at(square) as i32;
        let difference = (raw << (32 - PLANES)) >> (32 - PLANES);
        match color {
            Color::White => difference,
            Color::Black => -difference,
        }
    }

    /// White's margin is the difference D, Black's is -D: White is below `weight` where
    /// D - weight < 0, Black where D + weight - 1 >= 0.
    #[inline(always)]
    fn below(&self, color: Color, weight: u32) -> Bitboard {
        let mut shifted = self.0;
        match color {
            Color::White => {
                shifted.sub(Bitboard::FULL, weight);
                Bitboard(shifted.0[PLANES - 1])
            }
            Color::Black => {
                shifted.add(Bitboard::FULL, weight - 1);
                Bitboard(!shifted.0[PLANES - 1])
            }
        }
    }
}

/// `count` in planes: differences of at most 31 pieces fit 7 signed bits.
pub type SlicedCount = Difference<7, false>;
/// `value` in planes: differences of at most 31 x 9 fit 10 signed bits.
pub type SlicedValue = Difference<10, true>;

/// `average`: both colours' counts and values, compared per square by cross-multiplication.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlicedAverage {
    count: [CountTally; 2],
    value: [ValueTally; 2],
}

impl Balance for SlicedAverage {
    const MONOTONE: bool = false;
    const VALUED: bool = true;

    #[inline(always)]
    fn empty() -> Self {
        SlicedAverage::default()
    }

    #[inline(always)]
    fn add_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        let side = color_index(color);
        self.count[side].add(squares, count);
        self.value[side].add(squares, value);
    }

    #[inline(always)]
    fn remove_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        let side = color_index(color);
        self.count[side].sub(squares, count);
        self.value[side].sub(squares, value);
    }

    /// Persuasion's average beats support's where `value_them / count_them > value_us /
    /// count_us`. Most squares are told set-wise: with more value and no more pieces the
    /// enemy's average is higher, with no more value and at least as many pieces it is not;
    /// only the rest are cross-multiplied square by square.
    #[inline]
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard {
        let (us, them) = (color_index(color), color_index(!color));
        let persuaded = squares & self.count[them].nonzero();
        if persuaded.is_empty() {
            return Bitboard::EMPTY;
        }
        if !persuaded.more_than_one() {
            // One square (the usual question while playing): the set-wise comparisons
            // cost more than comparing it.
            let mut over = Bitboard::EMPTY;
            for square in persuaded {
                if average_beaten(&self.count, &self.value, us, them, square) {
                    over.add(square);
                }
            }
            return over;
        }
        let supported = self.count[us].nonzero();
        let more_value = self.value[them].greater(&self.value[us]);
        let [more_pieces, fewer_pieces] = self.count[them].compare(&self.count[us]);
        let mut over = persuaded & !supported | persuaded & more_value & !more_pieces;
        let undecided =
            persuaded & supported & (more_value & more_pieces | !more_value & fewer_pieces);
        for square in undecided {
            if average_beaten(&self.count, &self.value, us, them, square) {
                over.add(square);
            }
        }
        over
    }
}

/// Under `average`, whether side `us`'s piece on `square` is overly persuaded, given both
/// colours' counts and values (by colour index): side `them` influences it, and it has no
/// supporters or a lower average support, compared without division.
#[inline(always)]
fn average_beaten(
    count: &[CountTally; 2],
    value: &[ValueTally; 2],
    us: usize,
    them: usize,
    square: Square,
) -> bool {
    let persuaders = count[them].at(square);
    if persuaders == 0 {
        return false;
    }
    let supporters = count[us].at(square);
    supporters == 0 || value[them].at(square) * supporters > value[us].at(square) * persuaders
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The set-wise `average` comparison against the cross-multiplication on every square,
    /// over random tallies (small ones too, so that equal counts and values are common), for
    /// the whole board and square by square.
    #[test]
    fn average_over_matches_the_comparison_square_by_square() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for round in 0..2_000 {
            let mut balance = SlicedAverage::default();
            // Early rounds use few planes, so that ties and zeros abound.
            let planes = 1 + round % 4;
            for side in 0..2 {
                for plane in 0..planes {
                    balance.count[side].0[plane] = rng.random();
                }
                for plane in 0..planes + 2 {
                    balance.value[side].0[plane] = rng.random();
                }
            }
            for color in [Color::White, Color::Black] {
                let (us, them) = (color_index(color), color_index(!color));
                let mut expected = Bitboard::EMPTY;
                for square in Bitboard::FULL {
                    let (count_us, count_them) =
                        (balance.count[us].at(square), balance.count[them].at(square));
                    let (value_us, value_them) =
                        (balance.value[us].at(square), balance.value[them].at(square));
                    if count_them > 0
                        && (count_us == 0 || value_them * count_us > value_us * count_them)
                    {
                        expected.add(square);
                    }
                }
                assert_eq!(
                    balance.over(color, Bitboard::FULL),
                    expected,
                    "round {round}"
                );
                // One square at a time takes the direct path.
                for square in Bitboard::FULL {
                    let one = Bitboard::from_square(square);
                    assert_eq!(balance.over(color, one), expected & one, "round {round}");
                }
            }
        }
    }
}

/// Ray directions: the four orthogonal ones, then the four diagonal ones, each followed by its
/// opposite (so `d ^ 1` reverses `d`).
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// Whether a step in each direction raises the square's index (so the farthest square of a
/// ray in that direction is its highest).
const INCREASING: [bool; 8] = [true, false, true, false, true, false, false, true];

const ORTHOGONAL: std::ops::Range<usize> = 0..4;
const DIAGONAL: std::ops::Range<usize> = 4..8;

/// `RAYS[d][s]`: the squares from `s` (excluded) to the board's edge in direction `d`.
static RAYS: [[u64; 64]; 8] = build_rays();

const fn build_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut direction = 0;
    while direction < 8 {
        let (file_step, rank_step) = DIRECTIONS[direction];
        let mut square = 0;
        while square < 64 {
            let mut file = (square % 8) as i32 + file_step;
            let mut rank = (square / 8) as i32 + rank_step;
            while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                rays[direction][square] |= 1u64 << (rank * 8 + file);
                file += file_step;
                rank += rank_step;
            }
            square += 1;
        }
        direction += 1;
    }
    rays
}

#[inline]
fn ray(direction: usize, square: Square) -> Bitboard {
    Bitboard(RAYS[direction][square as usize])
}

/// `LINES[0][s]`: the rank and file through `s`, `LINES[1][s]` its diagonals (`s` excluded).
static LINES: [[u64; 64]; 2] = build_lines();

const fn build_lines() -> [[u64; 64]; 2] {
    let rays = build_rays();
    let mut lines = [[0u64; 64]; 2];
    let mut square = 0;
    while square < 64 {
        lines[0][square] = rays[0][square] | rays[1][square] | rays[2][square] | rays[3][square];
        lines[1][square] = rays[4][square] | rays[5][square] | rays[6][square] | rays[7][square];
        square += 1;
    }
    lines
}

/// The squares an orthogonal (`diagonal` false) or diagonal line piece on `square` would
/// reach on an empty board.
#[inline]
fn lines_through(square: Square, diagonal: bool) -> Bitboard {
    Bitboard(LINES[diagonal as usize][square as usize])
}

/// The squares a line piece of `kind` on `square` would reach on an empty board: a bound on
/// its influence from there on any board.
#[inline]
pub fn empty_board_reach(kind: Kind, square: Square) -> Bitboard {
    let mut reach = Bitboard::EMPTY;
    if matches!(kind, ROOK | QUEEN) {
        reach |= lines_through(square, false);
    }
    if matches!(kind, BISHOP | QUEEN) {
        reach |= lines_through(square, true);
    }
    reach
}

/// The direction (an index of [`DIRECTIONS`]) from `from` towards `to`, two squares on one
/// line.
#[inline]
fn direction(from: Square, to: Square) -> usize {
    let file = (to.file() as i32 - from.file() as i32).signum();
    let rank = (to.rank() as i32 - from.rank() as i32).signum();
    match (file, rank) {
        (0, 1) => 0,
        (0, -1) => 1,
        (1, 0) => 2,
        (-1, 0) => 3,
        (1, 1) => 4,
        (-1, -1) => 5,
        (1, -1) => 6,
        _ => 7,
    }
}

/// One stretch of the side to move's rays that a piece put down would cut (see
/// [`NodeInfluence::risky_cuts`]).
#[derive(Clone, Copy, Debug)]
struct CutLine {
    /// The empty squares between the line piece and the piece of its side it reaches.
    squares: Bitboard,
    /// The piece reached.
    hit: Square,
    /// Whether the ray is diagonal (else orthogonal).
    diagonal: bool,
    /// The measure of the battery reaching `hit` along this line from this side: what `hit`
    /// loses at most when a piece is put down on one of `squares`.
    weight: i32,
    /// The margin of `hit` in the node, minus `weight`: below zero, the cut alone makes it
    /// overly persuaded.
    slack: i32,
}

/// A node's [`CutLine`]s; stretches beyond the last slot are kept as squares always judged
/// risky.
#[derive(Clone, Copy, Debug)]
pub struct CutLines {
    lines: [CutLine; CutLines::SLOTS],
    len: usize,
    /// Cut squares of the lines that found no slot: orthogonal (`.0`) and diagonal (`.1`).
    overflow: (Bitboard, Bitboard),
    /// Cut squares of the lines whose reached piece the cut alone overly persuades (slack
    /// below zero): risky whatever the move.
    short: (Bitboard, Bitboard),
    /// The pieces reached by lines whose slack is zero or more but below the heaviest piece's
    /// weight: a cut of such a line is risky when the move also takes support from that piece.
    marginal_hits: (Bitboard, Bitboard),
    /// Every cut square: orthogonal (`.0`) and diagonal (`.1`).
    all: (Bitboard, Bitboard),
}

impl Default for CutLines {
    fn default() -> Self {
        let unused = CutLine {
            squares: Bitboard::EMPTY,
            hit: Square::A1,
            diagonal: false,
            weight: 0,
            slack: 0,
        };
        CutLines {
            lines: [unused; CutLines::SLOTS],
            len: 0,
            overflow: (Bitboard::EMPTY, Bitboard::EMPTY),
            short: (Bitboard::EMPTY, Bitboard::EMPTY),
            marginal_hits: (Bitboard::EMPTY, Bitboard::EMPTY),
            all: (Bitboard::EMPTY, Bitboard::EMPTY),
        }
    }
}

impl CutLines {
    const SLOTS: usize = 12;

    #[inline]
    fn clear(&mut self) {
        self.len = 0;
        self.overflow = (Bitboard::EMPTY, Bitboard::EMPTY);
        self.short = (Bitboard::EMPTY, Bitboard::EMPTY);
        self.marginal_hits = (Bitboard::EMPTY, Bitboard::EMPTY);
        self.all = (Bitboard::EMPTY, Bitboard::EMPTY);
    }

    /// Adds `line`; `heaviest` is the largest weight a piece has under the measure.
    fn push(&mut self, line: CutLine, heaviest: i32) {
        let squares = line.squares;
        let (all, overflow, short, marginal_hits) = if line.diagonal {
            (
                &mut self.all.1,
                &mut self.overflow.1,
                &mut self.short.1,
                &mut self.marginal_hits.1,
            )
        } else {
            (
                &mut self.all.0,
                &mut self.overflow.0,
                &mut self.short.0,
                &mut self.marginal_hits.0,
            )
        };
        *all |= squares;
        if line.slack < 0 {
            *short |= squares;
        } else if line.slack < heaviest {
            marginal_hits.add(line.hit);
        }
        if self.len < Self::SLOTS {
            self.lines[self.len] = line;
            self.len += 1;
        } else {
            *overflow |= squares;
        }
    }

    /// The lines a piece of `kind` put down cuts: it lets its own kind of ray through.
    #[inline]
    fn for_kind(&self, kind: Kind) -> impl Iterator<Item = &CutLine> {
        let (orthogonal, diagonal) = cut_kinds(kind);
        self.lines[..self.len]
            .iter()
            .filter(move |line| if line.diagonal { diagonal } else { orthogonal })
    }
}

/// Of a pair of squares on orthogonal (`.0`) and diagonal (`.1`) rays, those where a piece of
/// `kind` put down cuts the ray.
#[inline]
fn cut_squares(kind: Kind, (orthogonal, diagonal): (Bitboard, Bitboard)) -> Bitboard {
    let (cuts_orthogonal, cuts_diagonal) = cut_kinds(kind);
    let mut squares = Bitboard::EMPTY;
    if cuts_orthogonal {
        squares |= orthogonal;
    }
    if cuts_diagonal {
        squares |= diagonal;
    }
    squares
}

/// Whether a piece of `kind` put down on a ray of its side cuts it: orthogonal (`.0`) and
/// diagonal (`.1`) rays see through rooks and queens, bishops and queens.
#[inline]
fn cut_kinds(kind: Kind) -> (bool, bool) {
    (
        !matches!(kind, ROOK | QUEEN),
        !matches!(kind, BISHOP | QUEEN),
    )
}

/// The board as rays see it: occupancy, and per colour the pieces its orthogonal and its
/// diagonal rays pass through (its rooks and queens, its bishops and queens).
#[derive(Clone, Copy, Debug)]
struct Rays {
    occupied: Bitboard,
    orthogonal: [Bitboard; 2],
    diagonal: [Bitboard; 2],
    rooks: Bitboard,
    bishops: Bitboard,
    queens: Bitboard,
}

impl Rays {
    fn of<R: Rules>(pos: &Position<R>) -> Self {
        let glass = |c: Color| {
            let queens = pos.pieces(c, QUEEN);
            (pos.pieces(c, ROOK) | queens, pos.pieces(c, BISHOP) | queens)
        };
        let (white, black) = (glass(Color::White), glass(Color::Black));
        Rays {
            occupied: pos.occupied(),
            orthogonal: [white.0, black.0],
            diagonal: [white.1, black.1],
            rooks: pos.kind(ROOK),
            bishops: pos.kind(BISHOP),
            queens: pos.kind(QUEEN),
        }
    }

    /// Puts a piece of `kind` and `color` on the empty `square`.
    #[inline]
    fn put(&mut self, square: Square, kind: Kind, color: Color) {
        let bit = Bitboard::from_square(square);
        let side = color_index(color);
        self.occupied |= bit;
        match kind {
            ROOK => {
                self.orthogonal[side] |= bit;
                self.rooks |= bit;
            }
            BISHOP => {
                self.diagonal[side] |= bit;
                self.bishops |= bit;
            }
            QUEEN => {
                self.orthogonal[side] |= bit;
                self.diagonal[side] |= bit;
                self.queens |= bit;
            }
            _ => {}
        }
    }

    #[inline]
    fn remove(&mut self, square: Square) {
        let keep = !Bitboard::from_square(square);
        self.occupied &= keep;
        for side in 0..2 {
            self.orthogonal[side] &= keep;
            self.diagonal[side] &= keep;
        }
        self.rooks &= keep;
        self.bishops &= keep;
        self.queens &= keep;
    }

    /// Fills `lines` for `color`, whose pieces are `own`, with its margins in `balance`: every
    /// stretch of empty squares on one of its rays between the line piece and a piece of
    /// `color` the ray reaches (through glass or not), where a piece put down takes that
    /// support away. `seers` are `color`'s line pieces, `line_influence` the squares each
    /// influences.
    #[inline(always)]
    fn fill_cut_lines<B: Balance>(
        &self,
        color: Color,
        own: Bitboard,
        seers: Bitboard,
        line_influence: &[Bitboard; 64],
        balance: &B,
        lines: &mut CutLines,
    ) {
        let side = color_index(color);
        let empty = !self.occupied;
        lines.clear();
        for seer in seers {
            let influence = line_influence[seer as usize];
            // Nothing lies between the seer and a neighbour.
            for hit in influence & own & !king_attacks(seer) {
                let squares = between(seer, hit) & empty;
                if squares.is_empty() {
                    continue;
                }
                let diagonal = seer.file() != hit.file() && seer.rank() != hit.rank();
                // The battery reaching the hit along this line from the seer's side: all of
                // it loses its ray where a piece is put down next to the hit.
                let glass = if diagonal {
                    self.diagonal[side]
                } else {
                    self.orthogonal[side]
                };
                let looked_up = || {
                    let reach = if diagonal {
                        bishop_attacks(hit, self.occupied & !glass)
                    } else {
                        rook_attacks(hit, self.occupied & !glass)
                    };
                    reach & ray(direction(hit, seer), hit) & glass
                };
                let seer_bit = Bitboard::from_square(seer);
                let battery = if (shakmaty::attacks::ray(seer, hit) & glass) == seer_bit {
                    // No other line piece of the side on the whole line: the seer alone,
                    // without looking the battery up.
                    debug_assert_eq!(looked_up(), seer_bit);
                    seer_bit
                } else {
                    looked_up()
                };
                let weight = if B::VALUED {
                    let line_value = PERSUASION_VALUE[if diagonal { BISHOP } else { ROOK }.index()];
                    (line_value * (battery & !self.queens).count() as u32
                        + PERSUASION_VALUE[QUEEN.index()] * (battery & self.queens).count() as u32)
                        as i32
                } else {
                    battery.count() as i32
                };
                lines.push(
                    CutLine {
                        squares,
                        hit,
                        diagonal,
                        weight,
                        slack: balance.margin(color, hit) - weight,
                    },
                    B::weight(QUEEN) as i32,
                );
            }
        }
    }

    /// The squares a piece of `kind` and `color` on `square` influences.
    #[inline]
    fn influence(&self, kind: Kind, color: Color, square: Square) -> Bitboard {
        let side = color_index(color);
        piece_influence(
            kind,
            color,
            square,
            self.occupied,
            self.orthogonal[side],
            self.diagonal[side],
        )
    }

    /// The rays of both colours that reach the empty `square` and would go on past it (were it
    /// empty) or stop on it (were a piece of `color` and `kind` there): the influence past the
    /// square is added to `balance` when `open`, taken away otherwise. Returns the squares
    /// past it that `color`'s own rays reach, up to the farthest piece of `own` they reach.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn through<B: Balance>(
        &self,
        balance: &mut B,
        square: Square,
        color: Color,
        kind: Kind,
        open: bool,
        own: Bitboard,
    ) -> Bitboard {
        // Each colour written out, so that the colour is known where the code is compiled.
        let white = self.through_side(balance, square, color, kind, open, Color::White, own);
        let black = self.through_side(balance, square, color, kind, open, Color::Black, own);
        match color {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// [`Rays::through`] for the rays of `side` alone; returns the squares past `square`
    /// that they reach, up to the farthest piece of `own`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn through_side<B: Balance>(
        &self,
        balance: &mut B,
        square: Square,
        color: Color,
        kind: Kind,
        open: bool,
        side: Color,
        own: Bitboard,
    ) -> Bitboard {
        let mut reached = Bitboard::EMPTY;
        let s = color_index(side);
        let same = side == color;
        // A side whose line pieces stand on no line through the square has no ray to look
        // up there (most squares, for most sides and kinds of line).
        if !(same && matches!(kind, ROOK | QUEEN))
            && lines_through(square, false).intersects(self.orthogonal[s])
        {
            let glass = self.orthogonal[s];
            let reach = rook_attacks(square, self.occupied & !glass);
            let seers = reach & glass;
            if seers.any() {
                reached |= self.past(balance, side, square, reach, seers, ORTHOGONAL, open, own);
            }
        }
        if !(same && matches!(kind, BISHOP | QUEEN))
            && lines_through(square, true).intersects(self.diagonal[s])
        {
            let glass = self.diagonal[s];
            let reach = bishop_attacks(square, self.occupied & !glass);
            let seers = reach & glass;
            if seers.any() {
                reached |= self.past(balance, side, square, reach, seers, DIAGONAL, open, own);
            }
        }
        reached
    }

    /// For each direction of `directions` holding some of `seers` (line pieces of `side`
    /// whose rays reach `square`), their influence on the squares of `reach` on the other
    /// side of `square`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn past<B: Balance>(
        &self,
        balance: &mut B,
        side: Color,
        square: Square,
        reach: Bitboard,
        seers: Bitboard,
        directions: std::ops::Range<usize>,
        open: bool,
        own: Bitboard,
    ) -> Bitboard {
        let (line_kind, line_value) = if directions.start == ORTHOGONAL.start {
            (self.rooks, PERSUASION_VALUE[ROOK.index()])
        } else {
            (self.bishops, PERSUASION_VALUE[BISHOP.index()])
        };
        let mut reached = Bitboard::EMPTY;
        for direction in directions {
            let group = seers & ray(direction, square);
            if group.is_empty() {
                continue;
            }
            let beyond = reach & ray(direction ^ 1, square);
            if beyond.is_empty() {
                continue;
            }
            // Only the stretch up to the farthest piece of `own` the rays now reach matters
            // to the caller (a piece put down past it cuts nothing of `own`).
            let hits = beyond & own;
            let farthest = if INCREASING[direction ^ 1] {
                hits.last()
            } else {
                hits.first()
            };
            if let Some(farthest) = farthest {
                reached |= between(square, farthest);
            }
            let count = group.count() as u32;
            let value = if B::VALUED {
                line_value * (group & line_kind).count() as u32
                    + PERSUASION_VALUE[QUEEN.index()] * (group & self.queens).count() as u32
            } else {
                0
            };
            if open {
                balance.add_group(side, beyond, count, value);
            } else {
                balance.remove_group(side, beyond, count, value);
            }
        }
        reached
    }
}

/// The balance of a position and what its rays look like, so that the balance after one piece
/// moves (or is lifted) follows from a few corrections: the piece's own influence, and the
/// rays that reach the squares it leaves or enters, found by looking out from those squares.
#[derive(Clone, Debug)]
pub struct NodeInfluence<B> {
    pub balance: B,
    rays: Rays,
    /// The squares reached by at least one line piece of the side not to move (the only
    /// side whose reach is asked for).
    opponent_lines: Bitboard,
    /// For the side to move: the stretches of its rays where a piece put down would cut the
    /// ray short of a piece of its own.
    cuts: CutLines,
    /// The influence of the line piece on each square (anything on other squares): filling
    /// the node looks every line piece up once, and generation asks again for the pieces of
    /// the side to move, so the answers are kept rather than looked up twice.
    line_influence: [Bitboard; 64],
}

impl<B: Balance> NodeInfluence<B> {
    /// The node of `pos` with `pos`'s side to move.
    #[inline(always)]
    pub fn new<R: Rules>(pos: &Position<R>) -> Self {
        Self::new_for(pos, pos.turn())
    }

    /// The node of `pos`'s board with `to_move` to move (play builds the next node before
    /// it hands the turn on).
    #[inline(always)]
    pub fn new_for<R: Rules>(pos: &Position<R>, to_move: Color) -> Self {
        let mut node = NodeInfluence {
            balance: B::empty(),
            rays: Rays::of(pos),
            opponent_lines: Bitboard::EMPTY,
            cuts: CutLines::default(),
            line_influence: [Bitboard::EMPTY; 64],
        };
        node.fill(pos, to_move);
        node
    }

    /// [`NodeInfluence::fill`] when the balance of `pos` is known: only the line pieces are
    /// looked at (for the opponent's reach and the cut lines).
    #[inline(always)]
    pub fn fill_with_balance<R: Rules>(&mut self, pos: &Position<R>, to_move: Color, balance: B) {
        debug_assert_eq!(balance, B::compute(pos, Bitboard::EMPTY));
        self.balance = balance;
        self.rays = Rays::of(pos);
        let mut opponent_lines = Bitboard::EMPTY;
        for side in [Color::White, Color::Black] {
            for kind in [BISHOP, ROOK, QUEEN] {
                for square in pos.pieces(side, kind) {
                    let influence = self.rays.influence(kind, side, square);
                    self.line_influence[square as usize] = influence;
                    if side != to_move {
                        opponent_lines |= influence;
                    }
                }
            }
        }
        self.opponent_lines = opponent_lines;
        self.finish(pos, to_move);
    }

    /// [`NodeInfluence::fill_with_balance`] for a board that differs from this node's only in
    /// the colour of pieces that cast no ray (pawns, knights and kings that changed sides):
    /// the rays, the line pieces' influence and the opponent's reach are as they were; the
    /// balance is `balance`, and the cut lines are made again (the side's pieces and margins
    /// changed).
    #[inline(always)]
    pub fn refill_balance<R: Rules>(&mut self, pos: &Position<R>, to_move: Color, balance: B) {
        debug_assert_eq!(balance, B::compute(pos, Bitboard::EMPTY));
        self.balance = balance;
        debug_assert_eq!(
            (self.rays.occupied, self.rays.orthogonal, self.rays.diagonal),
            {
                let fresh = Rays::of(pos);
                (fresh.occupied, fresh.orthogonal, fresh.diagonal)
            },
            "a line piece changed sides"
        );
        self.finish(pos, to_move);
    }

    /// Makes this the node of `pos`'s board with `to_move` to move, in place.
    #[inline(always)]
    pub fn fill<R: Rules>(&mut self, pos: &Position<R>, to_move: Color) {
        self.fill_all_but_cuts(pos, to_move);
        self.finish(pos, to_move);
    }

    /// [`NodeInfluence::fill`] but for the cut lines ([`NodeInfluence::finish`] adds them):
    /// the balance, the rays, the line pieces' influence and the opponent's reach.
    #[inline(always)]
    fn fill_all_but_cuts<R: Rules>(&mut self, pos: &Position<R>, to_move: Color) {
        let mut opponent_lines = Bitboard::EMPTY;
        let line_influence = &mut self.line_influence;
        self.balance = B::tally(
            pos,
            Bitboard::EMPTY,
            #[inline(always)]
            |color, squares, kind, square| {
                if matches!(kind, BISHOP | ROOK | QUEEN)
                    && let Some(square) = square
                {
                    line_influence[square as usize] = squares;
                    if color != to_move {
                        opponent_lines |= squares;
                    }
                }
            },
        );
        self.rays = Rays::of(pos);
        self.opponent_lines = opponent_lines;
    }

    /// The last part of filling a node whose balance, rays, line pieces' influence and
    /// opponent's reach are set: the cut lines of the side to move. Compiled once per
    /// balance ([`Balance::outlined`]): every way of filling a node ends here.
    #[inline(always)]
    fn finish<R: Rules>(&mut self, pos: &Position<R>, to_move: Color) {
        B::outlined(
            #[inline(always)]
            || {
                let side = color_index(to_move);
                let seers = self.rays.orthogonal[side] | self.rays.diagonal[side];
                self.rays.fill_cut_lines(
                    to_move,
                    pos.color(to_move),
                    seers,
                    &self.line_influence,
                    &self.balance,
                    &mut self.cuts,
                );
            },
        )
    }

    /// The squares the piece on `square`, a `kind` of `color`, influences in this position.
    #[inline]
    pub fn influence_of(&self, kind: Kind, color: Color, square: Square) -> Bitboard {
        if matches!(kind, BISHOP | ROOK | QUEEN) {
            let influence = self.line_influence[square as usize];
            debug_assert_eq!(influence, self.rays.influence(kind, color, square));
            influence
        } else {
            self.rays.influence(kind, color, square)
        }
    }

    /// The squares the line piece on `square`, a `kind` of `color`, attacks as in chess (its
    /// rays stop on the first piece). Where no ray of it meets a piece it sees through, that
    /// is its influence, already known.
    #[inline]
    pub fn line_attacks(&self, kind: Kind, color: Color, square: Square) -> Bitboard {
        let side = color_index(color);
        let (orthogonal, diagonal) = (self.rays.orthogonal[side], self.rays.diagonal[side]);
        let influence = self.influence_of(kind, color, square);
        let glass = match kind {
            ROOK => orthogonal,
            BISHOP => diagonal,
            _ => orthogonal | diagonal,
        };
        if (influence & glass).is_empty() {
            return influence;
        }
        let occupied = self.rays.occupied;
        match kind {
            ROOK => rook_attacks(square, occupied),
            BISHOP => bishop_attacks(square, occupied),
            _ => rook_attacks(square, occupied) | bishop_attacks(square, occupied),
        }
    }

    /// The squares a piece of `kind` and `color` put down on the empty square `to` would
    /// influence once the piece on `from` has left (with the rays of the board as they are
    /// otherwise).
    #[inline]
    pub fn influence_as_opponent_from(
        &self,
        kind: Kind,
        color: Color,
        to: Square,
        from: Square,
    ) -> Bitboard {
        let mut rays = self.rays;
        rays.occupied &= !Bitboard::from_square(from);
        rays.influence(kind, color, to)
    }

    /// The rays once the piece on `from` has moved to the empty `to` and turned there into a
    /// `kind` of `color`.
    #[inline]
    pub fn board_with_moved(&self, from: Square, to: Square, kind: Kind, color: Color) -> RayBoard {
        let mut rays = self.rays;
        rays.remove(from);
        rays.put(to, kind, color);
        RayBoard(rays)
    }

    /// The rays once the piece on `from` has left the board.
    #[inline]
    pub fn board_without(&self, from: Square) -> RayBoard {
        let mut rays = self.rays;
        rays.remove(from);
        RayBoard(rays)
    }

    /// A lower bound, square by square, on the margins of `color` (the side to move) after
    /// its piece of `kind` on `from`, which influenced `influenced`, moves to the empty `to`
    /// (no enemy ray passing `from`): the piece's support leaves `from` and comes from `to`,
    /// the side's rays through `from` are taken as still stopped there, and the piece reached
    /// by each of the side's rays the piece cuts on `to` loses that battery's weight (once
    /// per cut line, where two lines of one battery could share the loss). `None` where a
    /// cut line found no slot in the node.
    #[inline(always)]
    pub fn balance_after_own_move_at_least(
        &self,
        color: Color,
        from: Square,
        to: Square,
        kind: Kind,
        influenced: Bitboard,
    ) -> Option<B> {
        if self.overflow_for(kind).contains(to) {
            return None;
        }
        let mut balance = self.balance;
        balance.remove(color, influenced, kind);
        balance.add(
            color,
            self.influence_as_opponent_from(kind, color, to, from),
            kind,
        );
        for line in self.cuts.for_kind(kind) {
            if line.squares.contains(to) {
                let weight = line.weight as u32;
                balance.remove_group(color, Bitboard::from_square(line.hit), weight, weight);
            }
        }
        Some(balance)
    }

    /// The squares at least one line piece of the side not to move influences.
    #[inline]
    pub fn opponent_lines(&self) -> Bitboard {
        self.opponent_lines
    }

    /// The empty squares where putting down a piece of `kind` of the side to move cuts one of
    /// its own rays short of a piece of its own (rays see through it where it is glass).
    #[inline]
    pub fn cuts_for(&self, kind: Kind) -> Bitboard {
        cut_squares(kind, self.cuts.all)
    }

    /// Among [`NodeInfluence::cuts_for`], the squares where the cut could overly persuade the
    /// piece the ray reaches: its margin now is below the weight of the battery cut, plus
    /// `extra` if it is among `weakened` (pieces the move takes `extra` more support from).
    /// Elsewhere a cut costs support the piece can spare.
    #[inline(always)]
    pub fn risky_cuts(&self, kind: Kind, weakened: Bitboard, extra: i32) -> Bitboard {
        debug_assert!(
            extra <= B::weight(QUEEN) as i32,
            "extra beyond the heaviest weight"
        );
        let mut risky = self.overflow_for(kind) | cut_squares(kind, self.cuts.short);
        // The lines with some slack matter only where the move weakens the piece reached,
        // which is rare: look at them one by one only then.
        if (weakened & cut_squares(kind, self.cuts.marginal_hits)).any() {
            for line in self.cuts.for_kind(kind) {
                if (0..extra).contains(&line.slack) && weakened.contains(line.hit) {
                    risky |= line.squares;
                }
            }
        }
        risky
    }

    /// [`NodeInfluence::risky_cuts`] for the piece lifted in `lifted` (whose influence is
    /// gone from its balance), judged on the lifted balance, with the stretches of rays the
    /// lift opened.
    #[inline(always)]
    pub fn risky_cuts_lifted(&self, kind: Kind, lifted: &Lifted<B>) -> Bitboard {
        let mut risky = self.overflow_for(kind) | lifted.own_past;
        for line in self.cuts.for_kind(kind) {
            // A ray that stopped on the lifted piece now goes on to the pieces past it.
            if line.hit == lifted.from
                || lifted.balance.margin(lifted.color, line.hit) < line.weight
            {
                risky |= line.squares;
            }
        }
        risky
    }

    #[inline]
    fn overflow_for(&self, kind: Kind) -> Bitboard {
        cut_squares(kind, self.cuts.overflow)
    }

    /// The position with the piece on `from` lifted off the board: every move of that piece
    /// starts from it, so the work of taking the piece away is done once per piece. Compiled
    /// once per balance ([`Balance::outlined`]): generation lifts from many places.
    #[inline(always)]
    pub fn lift<R: Rules>(&self, pos: &Position<R>, from: Square) -> Lifted<B> {
        B::outlined(
            #[inline(always)]
            || {
                let mut lifted = Lifted {
                    balance: self.balance,
                    rays: self.rays,
                    color: Color::White,
                    from,
                    standing: Bitboard::EMPTY,
                    own_past: Bitboard::EMPTY,
                };
                let Some(piece) = pos.piece_at(from) else {
                    return lifted;
                };
                let (color, kind) = (piece.color, piece.kind);
                lifted.color = color;
                lifted.standing = pos.color(color) & !Bitboard::from_square(from);
                let old = self.influence_of(kind, color, from);
                lifted.balance.remove(color, old, kind);
                lifted.rays.remove(from);
                let rays = lifted.rays;
                lifted.own_past = rays.through(
                    &mut lifted.balance,
                    from,
                    color,
                    kind,
                    true,
                    pos.color(color),
                );
                lifted
            },
        )
    }

    /// The balance after the piece on `from` goes to `to` as a `kind_after` (a promotion
    /// changes it), or is lifted off the board when `to` is `None`.
    #[inline(always)]
    pub fn after_move<R: Rules>(
        &self,
        pos: &Position<R>,
        from: Square,
        to: Option<Square>,
        kind_after: Kind,
    ) -> B {
        let lifted = self.lift(pos, from);
        match to {
            Some(to) => lifted.place(to, kind_after),
            None => lifted.balance,
        }
    }
}

/// A node's influence with one piece of `color` lifted off the board (see
/// [`NodeInfluence::lift`]).
#[derive(Clone, Debug)]
pub struct Lifted<B> {
    /// The balance without the lifted piece.
    pub balance: B,
    rays: Rays,
    /// The lifted piece's colour.
    pub color: Color,
    /// The square the piece was lifted from.
    pub from: Square,
    /// The other pieces of its colour.
    pub standing: Bitboard,
    /// The squares past the lifted piece's square that rays of its side reach now that it is
    /// gone. Putting a piece down can take support from its side only where it cuts one of
    /// the side's rays short of a piece of the side: with the piece lifted, such squares are
    /// the position's own cuts ([`NodeInfluence::cuts_for`]) or squares of these rays.
    pub own_past: Bitboard,
}

impl<B: Balance> Lifted<B> {
    /// The balance once the lifted piece is put down on the empty square `to` as a `kind`.
    #[inline(always)]
    pub fn place(&self, to: Square, kind: Kind) -> B {
        let mut balance = self.balance;
        let color = self.color;
        let to_bit = Bitboard::from_square(to);
        let mut rays = self.rays;
        rays.occupied |= to_bit;
        let side = color_index(color);
        if matches!(kind, ROOK | QUEEN) {
            rays.orthogonal[side] |= to_bit;
        }
        if matches!(kind, BISHOP | QUEEN) {
            rays.diagonal[side] |= to_bit;
        }
        balance.add(color, rays.influence(kind, color, to), kind);
        // Rays that went on past `to` stop on the piece now, unless they see through it.
        self.rays
            .through(&mut balance, to, color, kind, false, Bitboard::EMPTY);
        balance
    }
}

/// The rays of a position (occupancy, glass and line pieces), to play conversions on a
/// balance without a board.
#[derive(Clone, Copy, Debug)]
pub struct RayBoard(Rays);

impl RayBoard {
    /// The rays of `pos`.
    pub fn of<R: Rules>(pos: &Position<R>) -> Self {
        RayBoard(Rays::of(pos))
    }

    /// The squares a piece of `kind` and `color` on `square` influences on this board.
    #[inline]
    pub fn influence(&self, kind: Kind, color: Color, square: Square) -> Bitboard {
        self.0.influence(kind, color, square)
    }

    /// A pawn, knight or king on `square` turns from `color` to the other colour. It casts
    /// no ray and no ray passes it differently for its colour, so no board is needed: its
    /// influence, the same whatever the board, just changes sides.
    #[inline(always)]
    pub fn turn_over_rayless<B: Balance>(
        balance: &mut B,
        square: Square,
        kind: Kind,
        color: Color,
    ) {
        debug_assert!(!matches!(kind, BISHOP | ROOK | QUEEN), "a line piece");
        let influence = |color| {
            piece_influence(
                kind,
                color,
                square,
                Bitboard::EMPTY,
                Bitboard::EMPTY,
                Bitboard::EMPTY,
            )
        };
        balance.remove(color, influence(color), kind);
        balance.add(!color, influence(!color), kind);
    }

    /// The piece of `kind` on `square` turns from `color` to the other colour: `balance`
    /// loses its influence and the rays its old colour saw through it, and gains its
    /// influence for the new colour and the rays that colour now sees through it.
    #[inline(always)]
    pub fn turn_over<B: Balance>(
        &mut self,
        balance: &mut B,
        square: Square,
        kind: Kind,
        color: Color,
    ) {
        let rays = &mut self.0;
        balance.remove(color, rays.influence(kind, color, square), kind);
        let mut without = *rays;
        without.remove(square);
        without.through(balance, square, color, kind, true, Bitboard::EMPTY);
        let mut with = without;
        with.put(square, kind, !color);
        balance.add(!color, with.influence(kind, !color, square), kind);
        without.through(balance, square, !color, kind, false, Bitboard::EMPTY);
        *rays = with;
    }
}

impl<B: Balance> Lifted<B> {
    /// The rays of the board without the lifted piece.
    #[inline(always)]
    pub fn ray_board(&self) -> RayBoard {
        RayBoard(self.rays)
    }

    /// The rays once the lifted piece is put down on `to` as a `kind`.
    #[inline(always)]
    pub fn rays_after(&self, to: Square, kind: Kind) -> RayBoard {
        let mut rays = self.rays;
        rays.put(to, kind, self.color);
        RayBoard(rays)
    }
}

/// The board as influence sees it (colours and kinds) and the side to move, the key of
/// [`NodeSlots`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardKey([Bitboard; 8], Color);

impl BoardKey {
    pub fn of<R: Rules>(pos: &Position<R>) -> Self {
        Self::with_turn(pos, pos.turn())
    }

    /// The key of `pos`'s board with `to_move` to move.
    pub fn with_turn<R: Rules>(pos: &Position<R>, to_move: Color) -> Self {
        BoardKey(
            [
                pos.color(Color::White),
                pos.color(Color::Black),
                pos.kind(PAWN),
                pos.kind(KNIGHT),
                pos.kind(BISHOP),
                pos.kind(ROOK),
                pos.kind(QUEEN),
                pos.kind(KING),
            ],
            to_move,
        )
    }
}

/// The last positions' [`NodeInfluence`], kept in a thread's
/// [`Caches`](super::caches::Caches): the search asks for the ordering gain and tactical
/// nature of every move of the position it has just generated, and the node built for
/// generation answers those without playing the moves out; the node a move leads to is built
/// while playing it (its balance tells whether anything converts) and kept for the generation
/// that follows.
///
/// Two slots: the node last asked for, and the node of the position the last move played
/// led to (usually the next one generation asks for). Nodes are rebuilt in place: they are
/// large, and moving one costs a copy. Which slot is current is an index, so that handing the
/// played node over to generation moves nothing.
pub struct NodeSlots<B> {
    keys: [Option<BoardKey>; 2],
    nodes: [Option<Box<NodeInfluence<B>>>; 2],
    /// The slot of the node last asked for; the other one is the played slot.
    current: usize,
}

impl<B: Balance> NodeSlots<B> {
    pub const EMPTY: Self = NodeSlots {
        keys: [None, None],
        nodes: [None, None],
        current: 0,
    };

    /// Runs `f` on the node of `pos`, built only when no kept node is of this board.
    #[inline(always)]
    pub fn with<R: Rules, T>(
        &mut self,
        pos: &Position<R>,
        f: impl FnOnce(&NodeInfluence<B>) -> T,
    ) -> T {
        let key = Some(BoardKey::of(pos));
        let played = self.current ^ 1;
        // The played slot first: generation usually asks for the position a move just led to.
        if self.keys[played] == key {
            self.current = played;
        } else if self.keys[self.current] != key {
            let slot = self.current;
            self.slot(slot, pos, pos.turn()).fill(pos, pos.turn());
            self.keys[slot] = key;
        }
        match &self.nodes[self.current] {
            Some(node) => f(node),
            None => unreachable!("the current slot was just filled"),
        }
    }

    /// The node in slot `slot`, made on first use (for `pos` with `to_move` to move).
    #[inline(always)]
    fn slot<R: Rules>(
        &mut self,
        slot: usize,
        pos: &Position<R>,
        to_move: Color,
    ) -> &mut NodeInfluence<B> {
        // Not `get_or_insert_with`: it would be compiled apart, outside the register
        // back-end's entry points (see `lanes`).
        let node = &mut self.nodes[slot];
        if node.is_none() {
            *node = Some(Box::new(NodeInfluence::new_for(pos, to_move)));
        }
        match node {
            Some(node) => node,
            None => unreachable!("the slot was just filled"),
        }
    }

    /// Builds the node of `pos`'s board with `to_move` to move and runs `f` on its balance;
    /// the node is kept for a later [`NodeSlots::with`] when `f` answers `true` first (the
    /// board is final).
    #[inline(always)]
    pub fn build_played<R: Rules, T>(
        &mut self,
        pos: &Position<R>,
        to_move: Color,
        f: impl FnOnce(&B) -> (bool, T),
    ) -> T {
        let played = self.current ^ 1;
        let node = self.slot(played, pos, to_move);
        // The cut lines only once the node is known to be kept as it is: a turn that
        // converts pieces makes them again on its final board.
        node.fill_all_but_cuts(pos, to_move);
        let (keep, answer) = f(&node.balance);
        if keep {
            node.finish(pos, to_move);
        }
        self.keys[played] = keep.then(|| BoardKey::with_turn(pos, to_move));
        answer
    }

    /// Keeps the node of `pos`'s board with `to_move` to move, whose balance is `balance`.
    /// `rays_kept` says that the board differs from the one last built by
    /// [`NodeSlots::build_played`] only in the colour of pieces that cast no ray, so that
    /// node's rays, line pieces and opponent's reach still hold.
    #[inline(always)]
    pub fn keep_played<R: Rules>(
        &mut self,
        pos: &Position<R>,
        to_move: Color,
        balance: B,
        rays_kept: bool,
    ) {
        let played = self.current ^ 1;
        let node = self.slot(played, pos, to_move);
        if rays_kept {
            node.refill_balance(pos, to_move, balance);
        } else {
            node.fill_with_balance(pos, to_move, balance);
        }
        self.keys[played] = Some(BoardKey::with_turn(pos, to_move));
    }
}

/// `f`, not inlined ([`Balance::outlined`]).
#[inline(never)]
fn outlined<T>(f: impl FnOnce() -> T) -> T {
    f()
}
