//! The `count`, `value` and `average` balances kept as one number per square in AVX-512
//! registers, used instead of the bit-sliced ones in [`influence`](super::influence) where the
//! processor has AVX-512BW ([`Backend::Lanes`](super::Backend::Lanes)).
//!
//! A bitboard is an AVX-512 mask as it stands: adding a piece's influence to all 64 squares
//! is one masked addition, and "overly persuaded" or "margin below a weight" for the whole
//! board is one comparison whose result is again a bitboard. The bit-sliced adders need a
//! carry rippling through seven to ten planes for each, and `average` compared most squares
//! set-wise and cross-multiplied the rest one by one, where the registers multiply all 64.
//!
//! The build targets any x86-64 processor, so these instructions are compiled only into the
//! code [`Avx512::run`] runs, and a value of these types is made and used only there: the
//! rules' entry points (one move generation, one turn) each run whole inside it, so that the
//! generic rules are compiled for these registers and their instructions inline. A call out
//! of that code per addition or comparison would cost more than the registers save.

use super::influence::Balance;
use amity_engine::position::color_index;
use amity_engine::{Bitboard, Color, Square};
use std::arch::x86_64::*;

/// Proof that the processor runs AVX-512F and AVX-512BW: made only by [`Avx512::detect`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx512(());

impl Avx512 {
    /// The proof, if this processor has the instructions.
    pub fn detect() -> Option<Avx512> {
        (is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw"))
            .then_some(Avx512(()))
    }

    /// Runs `body` compiled for AVX-512BW (and POPCNT, which every such processor has).
    #[inline(always)]
    pub fn run<T>(self, body: impl FnOnce() -> T) -> T {
        // SAFETY: `self` proves the processor has the features.
        unsafe { run_avx512(body) }
    }
}

/// `body`, and all that is inlined into it, compiled for AVX-512BW.
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
fn run_avx512<T>(body: impl FnOnce() -> T) -> T {
    body()
}

/// `f` out of line ([`Balance::outlined`]), compiled for AVX-512BW.
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
#[inline(never)]
fn outlined_avx512<T>(f: impl FnOnce() -> T) -> T {
    f()
}

/// `amount` of `color`'s in a difference counted White's minus Black's: as it is for White,
/// negated for Black.
#[inline]
fn signed(color: Color, amount: i32) -> i32 {
    match color {
        Color::White => amount,
        Color::Black => -amount,
    }
}

/// `count`: White's number of influencing pieces minus Black's, one signed byte per square
/// (at most 31 either way).
#[derive(Clone, Copy, Debug)]
pub struct ByteDifference(__m512i);

impl PartialEq for ByteDifference {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        // SAFETY (every `unsafe` here but `Avx512::run`'s): values of these types exist only
        // inside `Avx512::run`, on a processor with AVX-512BW.
        unsafe { _mm512_cmpneq_epi8_mask(self.0, other.0) == 0 }
    }
}

impl ByteDifference {
    /// Adds `weight` (which may be negative) on `squares`.
    #[inline(always)]
    fn add_on(&mut self, squares: Bitboard, weight: i8) {
        self.0 =
            unsafe { _mm512_mask_add_epi8(self.0, squares.0, self.0, _mm512_set1_epi8(weight)) };
    }
}

impl Balance for ByteDifference {
    const MONOTONE: bool = true;
    const VALUED: bool = false;

    #[inline(always)]
    fn outlined<T>(f: impl FnOnce() -> T) -> T {
        // SAFETY: as for every `unsafe` here.
        unsafe { outlined_avx512(f) }
    }

    #[inline(always)]
    fn empty() -> Self {
        ByteDifference(unsafe { _mm512_setzero_si512() })
    }

    #[inline(always)]
    fn add_group(&mut self, color: Color, squares: Bitboard, count: u32, _value: u32) {
        self.add_on(squares, signed(color, count as i32) as i8);
    }

    #[inline(always)]
    fn remove_group(&mut self, color: Color, squares: Bitboard, count: u32, _value: u32) {
        self.add_on(squares, -signed(color, count as i32) as i8);
    }

    #[inline(always)]
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard {
        Bitboard(unsafe {
            let zero = _mm512_setzero_si512();
            match color {
                Color::White => _mm512_mask_cmplt_epi8_mask(squares.0, self.0, zero),
                Color::Black => _mm512_mask_cmpgt_epi8_mask(squares.0, self.0, zero),
            }
        })
    }

    #[inline(always)]
    fn margin(&self, color: Color, square: Square) -> i32 {
        // Moved to the bottom of a register rather than stored and read back as a byte: a
        // read of part of a just-stored register waits for the store to complete.
        let index = square as u32;
        let pair = unsafe {
            let word = _mm512_permutexvar_epi16(_mm512_set1_epi16((index >> 1) as i16), self.0);
            _mm_cvtsi128_si32(_mm512_castsi512_si128(word))
        };
        let difference = i32::from((pair >> (8 * (index & 1))) as i8);
        signed(color, difference)
    }

    /// White's margin is the difference D, Black's is -D.
    #[inline(always)]
    fn below(&self, color: Color, weight: u32) -> Bitboard {
        Bitboard(unsafe {
            match color {
                Color::White => _mm512_cmplt_epi8_mask(self.0, _mm512_set1_epi8(weight as i8)),
                Color::Black => _mm512_cmpgt_epi8_mask(self.0, _mm512_set1_epi8(-(weight as i8))),
            }
        })
    }
}

/// `value`: White's summed value of influencing pieces minus Black's, one signed 16-bit number
/// per square (at most 31 x 9 either way), squares a1..h4 in the first register and a5..h8 in
/// the second.
#[derive(Clone, Copy, Debug)]
pub struct WordDifference([__m512i; 2]);

/// The halves of a bitboard, as the masks of the two registers of a [`WordDifference`].
#[inline]
fn halves(squares: Bitboard) -> [__mmask32; 2] {
    [squares.0 as u32, (squares.0 >> 32) as u32]
}

/// A bitboard from the two registers' masks.
#[inline]
fn joined([low, high]: [__mmask32; 2]) -> Bitboard {
    Bitboard(u64::from(low) | (u64::from(high) << 32))
}

impl PartialEq for WordDifference {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        unsafe {
            _mm512_cmpneq_epi16_mask(self.0[0], other.0[0]) == 0
                && _mm512_cmpneq_epi16_mask(self.0[1], other.0[1]) == 0
        }
    }
}

/// Adds `weight` (which may be negative) on `squares` to 64 16-bit numbers in two registers.
#[inline(always)]
fn add_words(words: &mut [__m512i; 2], squares: Bitboard, weight: i16) {
    let masks = halves(squares);
    unsafe {
        let weight = _mm512_set1_epi16(weight);
        for (half, mask) in words.iter_mut().zip(masks) {
            *half = _mm512_mask_add_epi16(*half, mask, *half, weight);
        }
    }
}

impl WordDifference {
    /// Adds `weight` (which may be negative) on `squares`.
    #[inline(always)]
    fn add_on(&mut self, squares: Bitboard, weight: i16) {
        add_words(&mut self.0, squares, weight);
    }
}

impl Balance for WordDifference {
    const MONOTONE: bool = true;
    const VALUED: bool = true;

    #[inline(always)]
    fn outlined<T>(f: impl FnOnce() -> T) -> T {
        // SAFETY: as for every `unsafe` here.
        unsafe { outlined_avx512(f) }
    }

    #[inline(always)]
    fn empty() -> Self {
        WordDifference(unsafe { [_mm512_setzero_si512(); 2] })
    }

    #[inline(always)]
    fn add_group(&mut self, color: Color, squares: Bitboard, _count: u32, value: u32) {
        self.add_on(squares, signed(color, value as i32) as i16);
    }

    #[inline(always)]
    fn remove_group(&mut self, color: Color, squares: Bitboard, _count: u32, value: u32) {
        self.add_on(squares, -signed(color, value as i32) as i16);
    }

    #[inline(always)]
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard {
        let [low, high] = halves(squares);
        joined(unsafe {
            let zero = _mm512_setzero_si512();
            match color {
                Color::White => [
                    _mm512_mask_cmplt_epi16_mask(low, self.0[0], zero),
                    _mm512_mask_cmplt_epi16_mask(high, self.0[1], zero),
                ],
                Color::Black => [
                    _mm512_mask_cmpgt_epi16_mask(low, self.0[0], zero),
                    _mm512_mask_cmpgt_epi16_mask(high, self.0[1], zero),
                ],
            }
        })
    }

    #[inline(always)]
    fn margin(&self, color: Color, square: Square) -> i32 {
        // As for `ByteDifference::margin`: moved down in its register, not read back.
        let index = square as u32;
        let word = unsafe {
            let half = self.0[(index >> 5) as usize];
            let word = _mm512_permutexvar_epi16(_mm512_set1_epi16((index & 31) as i16), half);
            _mm_cvtsi128_si32(_mm512_castsi512_si128(word))
        };
        let difference = i32::from(word as i16);
        signed(color, difference)
    }

    /// White's margin is the difference D, Black's is -D.
    #[inline(always)]
    fn below(&self, color: Color, weight: u32) -> Bitboard {
        joined(unsafe {
            match color {
                Color::White => {
                    let weight = _mm512_set1_epi16(weight as i16);
                    [
                        _mm512_cmplt_epi16_mask(self.0[0], weight),
                        _mm512_cmplt_epi16_mask(self.0[1], weight),
                    ]
                }
                Color::Black => {
                    let weight = _mm512_set1_epi16(-(weight as i16));
                    [
                        _mm512_cmpgt_epi16_mask(self.0[0], weight),
                        _mm512_cmpgt_epi16_mask(self.0[1], weight),
                    ]
                }
            }
        })
    }
}

/// `average`: both colours' counts and values, one 16-bit number per square each (counts at
/// most 31, values at most 31 x 9, so the cross products below stay under 2^15).
#[derive(Clone, Copy, Debug)]
pub struct WordAverage {
    /// By colour index.
    count: [[__m512i; 2]; 2],
    value: [[__m512i; 2]; 2],
}

impl PartialEq for WordAverage {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        let pairs = self.count.iter().chain(&self.value).flatten();
        let others = other.count.iter().chain(&other.value).flatten();
        pairs
            .zip(others)
            .all(|(a, b)| unsafe { _mm512_cmpneq_epi16_mask(*a, *b) } == 0)
    }
}

impl Balance for WordAverage {
    const MONOTONE: bool = false;
    const VALUED: bool = true;

    #[inline(always)]
    fn outlined<T>(f: impl FnOnce() -> T) -> T {
        // SAFETY: as for every `unsafe` here.
        unsafe { outlined_avx512(f) }
    }

    #[inline(always)]
    fn empty() -> Self {
        let zero = unsafe { [_mm512_setzero_si512(); 2] };
        WordAverage {
            count: [zero; 2],
            value: [zero; 2],
        }
    }

    #[inline(always)]
    fn add_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        let side = color_index(color);
        add_words(&mut self.count[side], squares, count as i16);
        add_words(&mut self.value[side], squares, value as i16);
    }

    #[inline(always)]
    fn remove_group(&mut self, color: Color, squares: Bitboard, count: u32, value: u32) {
        let side = color_index(color);
        add_words(&mut self.count[side], squares, -(count as i16));
        add_words(&mut self.value[side], squares, -(value as i16));
    }

    /// Persuasion's average beats support's where the enemy influences the square and
    /// either nobody supports it or `value_them * count_us > value_us * count_them`, for
    /// the whole board at once.
    #[inline(always)]
    fn over(&self, color: Color, squares: Bitboard) -> Bitboard {
        let (us, them) = (color_index(color), color_index(!color));
        let masks = halves(squares);
        let mut over = [0; 2];
        for half in 0..2 {
            over[half] = unsafe {
                let zero = _mm512_setzero_si512();
                let (count_us, count_them) = (self.count[us][half], self.count[them][half]);
                let persuaded = _mm512_mask_cmpgt_epi16_mask(masks[half], count_them, zero);
                let unsupported = _mm512_cmpeq_epi16_mask(count_us, zero);
                let beaten = _mm512_cmpgt_epi16_mask(
                    _mm512_mullo_epi16(self.value[them][half], count_us),
                    _mm512_mullo_epi16(self.value[us][half], count_them),
                );
                persuaded & (unsupported | beaten)
            };
        }
        joined(over)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pacifist::Pacifist;
    use crate::pacifist::influence::{Difference, Measure, SlicedAverage};
    use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
    use amity_engine::{Kind, MoveList, Position, RulesExt};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    const KINDS: [Kind; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];

    /// Runs `test` inside [`Avx512::run`] where the processor has AVX-512BW; elsewhere there
    /// is nothing to compare, and the test says so and passes.
    fn on_avx512(test: impl FnOnce()) {
        match Avx512::detect() {
            Some(avx512) => avx512.run(test),
            None => eprintln!("no AVX-512BW on this processor: the registers are not compared"),
        }
    }

    /// Every answer of `lanes` and `sliced` over the whole board, where they must agree.
    fn assert_same<A: Balance, B: Balance>(lanes: &A, sliced: &B, context: &str) {
        for color in [Color::White, Color::Black] {
            assert_eq!(
                lanes.over(color, Bitboard::FULL),
                sliced.over(color, Bitboard::FULL),
                "{context}"
            );
            for weight in 1..=20 {
                assert_eq!(
                    lanes.below(color, weight),
                    sliced.below(color, weight),
                    "{context}"
                );
            }
            for square in Bitboard::FULL {
                assert_eq!(
                    lanes.margin(color, square),
                    sliced.margin(color, square),
                    "{context}"
                );
                let one = Bitboard::from_square(square);
                assert_eq!(lanes.over(color, one), sliced.over(color, one), "{context}");
            }
        }
    }

    /// The register balances against the bit-sliced ones they replace, over random sequences
    /// of additions, removals and shifts that stay within the range a board can reach.
    fn random_operations<A: Balance, B: Balance>() {
        let mut rng = StdRng::seed_from_u64(0x4c41_4e45);
        for round in 0..300 {
            let (mut lanes, mut sliced) = (A::empty(), B::empty());
            let mut added: Vec<(Color, Bitboard, Kind)> = Vec::new();
            for step in 0..40 {
                let context = format!("round {round}, step {step}");
                let color = if rng.random() {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = KINDS[rng.random_range(0..6)];
                // Sparse sets, so that counts build up on some squares and stay small on
                // others, as on a board.
                let squares = Bitboard(rng.random::<u64>() & rng.random::<u64>());
                let (lanes_before, sliced_before) = (lanes, sliced);
                match rng.random_range(0..4) {
                    0 if !added.is_empty() => {
                        let (color, squares, kind) =
                            added.swap_remove(rng.random_range(0..added.len()));
                        lanes.remove(color, squares, kind);
                        sliced.remove(color, squares, kind);
                    }
                    1 if !added.is_empty() => {
                        let index = rng.random_range(0..added.len());
                        let (color, before, kind) = added[index];
                        lanes.shift(color, kind, before, squares);
                        sliced.shift(color, kind, before, squares);
                        added[index] = (color, squares, kind);
                    }
                    _ if added.len() < 31 => {
                        lanes.add(color, squares, kind);
                        sliced.add(color, squares, kind);
                        added.push((color, squares, kind));
                    }
                    _ => {}
                }
                assert_same(&lanes, &sliced, &context);
                // Equality (the node cache's test) answers alike too.
                assert_eq!(lanes == lanes_before, sliced == sliced_before, "{context}");
            }
        }
    }

    #[test]
    fn count_lanes_answer_as_the_bit_sliced_count() {
        on_avx512(random_operations::<ByteDifference, Difference<7, false>>);
    }

    #[test]
    fn value_lanes_answer_as_the_bit_sliced_value() {
        on_avx512(random_operations::<WordDifference, Difference<10, true>>);
    }

    #[test]
    fn average_lanes_answer_as_the_bit_sliced_average() {
        on_avx512(random_operations::<WordAverage, SlicedAverage>);
    }

    /// Whole-board tallies of random game positions (`count` tallies set by set with its own
    /// walk), with no piece silent and with one silent.
    #[test]
    fn tallies_of_game_positions_agree() {
        on_avx512(|| {
            let mut rng = StdRng::seed_from_u64(0x5441_4c59);
            for measure in Measure::ALL {
                let rules = Pacifist::new(measure);
                for game in 0..20 {
                    let mut pos = Position::from_fen(&rules, rules.start_fen())
                        .unwrap_or_else(|e| panic!("{e}"));
                    for ply in 0..60 {
                        let occupied = pos.occupied();
                        let silent = if occupied.any() && rng.random() {
                            let squares: Vec<Square> = occupied.into_iter().collect();
                            Bitboard::from_square(squares[rng.random_range(0..squares.len())])
                        } else {
                            Bitboard::EMPTY
                        };
                        let context = format!("{measure:?} game {game} ply {ply}");
                        match measure {
                            Measure::Count => assert_same(
                                &ByteDifference::compute(&pos, silent),
                                &Difference::<7, false>::compute(&pos, silent),
                                &context,
                            ),
                            Measure::Value => assert_same(
                                &WordDifference::compute(&pos, silent),
                                &Difference::<10, true>::compute(&pos, silent),
                                &context,
                            ),
                            Measure::Average => assert_same(
                                &WordAverage::compute(&pos, silent),
                                &SlicedAverage::compute(&pos, silent),
                                &context,
                            ),
                        }
                        let mut moves = MoveList::new();
                        rules.generate(&pos, &mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        let mv = moves.as_slice()[rng.random_range(0..moves.len())];
                        rules.play(&mut pos, mv);
                    }
                }
            }
        });
    }
}
