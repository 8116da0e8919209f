//! Evaluation for Pacifist Chess. Material never leaves the board, it only changes hands, so
//! the score weighs who owns it, what is about to change hands (pieces overly persuaded now,
//! pieces held by a single margin), who controls the board's squares, and how safe the kings
//! are from conversion (a side that loses its last king must claim one back or lose).

use amity_engine::orthodox::{KING, PAWN};
use amity_engine::position::color_index;
use amity_engine::{Bitboard, Color, Kind, Position};

use super::Pacifist;
use super::influence::{InfluenceMap, Measure};

/// Centipawn values by kind. A king is worth a piece here: it influences like one, and a
/// second king is insurance against losing the first.
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 350];

/// Penalty for a side that owns no king (it must claim one back at once or lose).
const KINGLESS: i32 = 800;
/// Share (per mille) of an enemy piece's swing the side to move books when it is overly
/// persuaded now: any move of the side to move converts it in step b, unless the move itself
/// spoils that.
const WIN_SHARE: i32 = 850;
/// Share of the swing lost for the side to move's own overly persuaded pieces: its step c
/// converts them unless its move rescues them, and one move rescues rarely more than one.
const LOSS_SHARE_FIRST: i32 = 350;
const LOSS_SHARE_REST: i32 = 800;
/// Share of a piece held by a margin of zero (one more persuader converts it).
const TENSION_SHARE: i32 = 60;
/// Per square one side's influence dominates.
const CONTROL: i32 = 4;
/// Extra per dominated square in the centre and the opponent's half.
const CONTROL_CENTRE: i32 = 4;
/// Per rank a pawn has advanced (promotion adds material).
const PAWN_ADVANCE: i32 = 6;
/// Per square next to a king that the enemy dominates.
const KING_ZONE: i32 = 12;
const TEMPO: i32 = 10;

/// Value of the material `color` owns, the first king counted at nothing.
pub fn material(pos: &Position<Pacifist>, color: Color) -> i32 {
    let mut total = 0;
    for (kind, value) in VALUES.iter().enumerate() {
        let count = pos.pieces(color, Kind::new(kind as u8)).count() as i32;
        total += value * count;
    }
    if pos.pieces(color, KING).any() {
        total -= VALUES[KING.index()];
    }
    total
}

/// Per kind, a piece's share of `share` per mille of its swing (twice its value: what one side
/// gains the other loses), rounded down per piece as a piece-by-piece sum would.
const fn shares(share: i32) -> [i32; 6] {
    let mut shares = [0; 6];
    let mut kind = 0;
    while kind < 6 {
        shares[kind] = share_of(VALUES[kind], share);
        kind += 1;
    }
    shares
}

const fn share_of(value: i32, share: i32) -> i32 {
    value * 2 * share / 1000
}

const WIN: [i32; 6] = shares(WIN_SHARE);
const LOSS_REST: [i32; 6] = shares(LOSS_SHARE_REST);
const TENSION: [i32; 6] = shares(TENSION_SHARE);

/// The sum over the pieces on `squares` of their kind's entry in `per_kind` (the sets summed
/// hold a few pieces: a look at each is cheaper than a count per kind).
#[inline]
fn kind_sum(pos: &Position<Pacifist>, squares: Bitboard, per_kind: &[i32; 6]) -> i32 {
    let mut total = 0;
    for square in squares {
        if let Some(piece) = pos.piece_at(square) {
            total += per_kind[piece.kind.index()];
        }
    }
    total
}

/// Ranks by their index's binary digits (first rank 0): the ranks with digit 0, 1 and 2 set.
const RANK_DIGITS: [u64; 3] = [
    0xff00_ff00_ff00_ff00,
    0xffff_0000_ffff_0000,
    0xffff_ffff_0000_0000,
];
const FIRST_RANK: u64 = 0xff;

/// How far `color`'s pawns have advanced in ranks beyond their starting rank, summed (a pawn
/// on its own first rank counts nothing): the sum of their rank indices, seen from `color`'s
/// side, less one per pawn off the first rank.
#[inline]
fn pawn_advance(pos: &Position<Pacifist>, color: Color) -> i32 {
    let pawns = match color {
        Color::White => pos.pieces(color, PAWN),
        Color::Black => pos.pieces(color, PAWN).flip_vertical(),
    }
    .0;
    let mut rank_sum = 0;
    for (digit, ranks) in RANK_DIGITS.iter().enumerate() {
        rank_sum += ((pawns & ranks).count_ones() as i32) << digit;
    }
    rank_sum - (pawns & !FIRST_RANK).count_ones() as i32
}

/// What the evaluation asks of the influence map, per colour index: the squares it dominates
/// ([`InfluenceMap::dominated_by`]), its pieces that are overly persuaded, and those whose
/// persuasion equals their support and is not zero (one more persuader converts them).
struct Verdicts {
    dominated: [Bitboard; 2],
    over: [Bitboard; 2],
    balanced: [Bitboard; 2],
}

impl Verdicts {
    fn of(map: &InfluenceMap, pos: &Position<Pacifist>) -> Verdicts {
        let dominated = map.dominance();
        let mut over = [Bitboard::EMPTY; 2];
        let mut balanced = [Bitboard::EMPTY; 2];
        match map.measure {
            // Dominance compares the measure itself: a piece is overly persuaded where the
            // enemy dominates and held level where neither does (and the enemy reaches).
            Measure::Count | Measure::Value => {
                let level = !(dominated[0] | dominated[1]);
                for (side, color) in [(0, Color::White), (1, Color::Black)] {
                    let own = pos.color(color);
                    over[side] = own & dominated[1 - side];
                    balanced[side] = own & level & map.reach(!color);
                }
            }
            // Averages are fractions: compared per square by cross-multiplication.
            Measure::Average => {
                for (side, color) in [(0, Color::White), (1, Color::Black)] {
                    for square in pos.color(color) & map.reach(!color) {
                        let ((pn, pd), (sn, sd)) = map.balance(color, square);
                        if pn * sd > sn * pd {
                            over[side].add(square);
                        } else if pn * sd == sn * pd {
                            balanced[side].add(square);
                        }
                    }
                }
            }
        }
        Verdicts {
            dominated,
            over,
            balanced,
        }
    }
}

/// Everything that favours `color`, independent of whose turn it is.
fn side_terms(pos: &Position<Pacifist>, verdicts: &Verdicts, color: Color) -> i32 {
    let mut score = material(pos, color);
    let kings = pos.pieces(color, KING);
    if kings.is_empty() {
        score -= KINGLESS;
    }
    score -= kind_sum(pos, verdicts.balanced[color_index(color)], &TENSION);
    let dominated = verdicts.dominated[color_index(color)];
    let enemy_half = match color {
        Color::White => Bitboard::NORTH,
        Color::Black => Bitboard::SOUTH,
    };
    score += CONTROL * dominated.count() as i32;
    score += CONTROL_CENTRE * (dominated & (Bitboard::CENTER | enemy_half)).count() as i32;
    score += PAWN_ADVANCE * pawn_advance(pos, color);
    let enemy_domain = verdicts.dominated[color_index(!color)];
    for king in kings {
        let zone = shakmaty::attacks::king_attacks(king);
        score -= KING_ZONE * (zone & enemy_domain).count() as i32;
    }
    score
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(rules: &Pacifist, pos: &Position<Pacifist>) -> i32 {
    let us = pos.turn();
    let map = rules.influence(pos);
    let verdicts = Verdicts::of(&map, pos);
    let mut score = side_terms(pos, &verdicts, us) - side_terms(pos, &verdicts, !us) + TEMPO;

    // What changes hands next: the enemy's overly persuaded pieces fall to any move of ours,
    // ours fall in our own step c unless the move rescues them. One move rescues rarely more
    // than one: the most valuable is booked at the smaller share, the rest at the larger.
    score += kind_sum(pos, verdicts.over[color_index(!us)], &WIN);
    let ours = verdicts.over[color_index(us)];
    if ours.any() {
        let mut lost = 0;
        let mut most = 0;
        for square in ours {
            if let Some(piece) = pos.piece_at(square) {
                lost += LOSS_REST[piece.kind.index()];
                most = most.max(VALUES[piece.kind.index()]);
            }
        }
        score -= lost - share_of(most, LOSS_SHARE_REST) + share_of(most, LOSS_SHARE_FIRST);
    }
    score
}

#[cfg(test)]
mod tests {
    //! The evaluation and the search's check test against the straightforward code they
    //! replaced (kept here as the reference), position by position along random games.

    use super::*;
    use crate::pacifist::influence::for_each_influence;
    use amity_engine::{MoveList, Rules, RulesExt, Square};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The map tallied piece by piece, with the measure chosen per piece.
    fn reference_map(pos: &Position<Pacifist>, measure: Measure) -> InfluenceMap {
        reference_map_silent(pos, measure, Bitboard::EMPTY)
    }

    fn reference_map_silent(
        pos: &Position<Pacifist>,
        measure: Measure,
        silent: Bitboard,
    ) -> InfluenceMap {
        let mut map = InfluenceMap::new(measure);
        for color in [Color::White, Color::Black] {
            for_each_influence(pos, color, silent, |squares, kind, _| {
                map.add(color, squares, kind)
            });
        }
        map
    }

    fn value_at(pos: &Position<Pacifist>, square: Square) -> i32 {
        pos.piece_at(square)
            .map_or(0, |piece| VALUES[piece.kind.index()])
    }

    fn reference_balanced(map: &InfluenceMap, pos: &Position<Pacifist>, color: Color) -> Bitboard {
        let mut held = Bitboard::EMPTY;
        for square in pos.color(color) & map.reach(!color) {
            let ((pn, pd), (sn, sd)) = map.balance(color, square);
            if pn * sd == sn * pd {
                held.add(square);
            }
        }
        held
    }

    fn reference_side_terms(pos: &Position<Pacifist>, map: &InfluenceMap, color: Color) -> i32 {
        let mut score = material(pos, color);
        let kings = pos.pieces(color, KING);
        if kings.is_empty() {
            score -= KINGLESS;
        }
        for square in reference_balanced(map, pos, color) {
            score -= value_at(pos, square) * 2 * TENSION_SHARE / 1000;
        }
        let dominated = map.dominated_by(color);
        let enemy_half = match color {
            Color::White => Bitboard::NORTH,
            Color::Black => Bitboard::SOUTH,
        };
        score += CONTROL * dominated.count() as i32;
        score += CONTROL_CENTRE * (dominated & (Bitboard::CENTER | enemy_half)).count() as i32;
        for pawn in pos.pieces(color, PAWN) {
            let rank = pawn.rank() as i32;
            let advance = match color {
                Color::White => rank - amity_engine::Rank::Second as i32,
                Color::Black => amity_engine::Rank::Seventh as i32 - rank,
            };
            score += PAWN_ADVANCE * advance.max(0);
        }
        let enemy_domain = map.dominated_by(!color);
        for king in kings {
            let zone = shakmaty::attacks::king_attacks(king);
            score -= KING_ZONE * (zone & enemy_domain).count() as i32;
        }
        score
    }

    fn reference_evaluate(rules: &Pacifist, pos: &Position<Pacifist>) -> i32 {
        let us = pos.turn();
        let map = reference_map(pos, rules.measure);
        let mut score =
            reference_side_terms(pos, &map, us) - reference_side_terms(pos, &map, !us) + TEMPO;
        for square in map.overly_persuaded(!us, pos.color(!us)) {
            score += value_at(pos, square) * 2 * WIN_SHARE / 1000;
        }
        let mut ours: Vec<i32> = map
            .overly_persuaded(us, pos.color(us))
            .into_iter()
            .map(|square| value_at(pos, square))
            .collect();
        ours.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, value) in ours.into_iter().enumerate() {
            let share = if rank == 0 {
                LOSS_SHARE_FIRST
            } else {
                LOSS_SHARE_REST
            };
            score -= value * 2 * share / 1000;
        }
        score
    }

    fn reference_in_check(rules: &Pacifist, pos: &Position<Pacifist>) -> bool {
        let us = pos.turn();
        let kings = pos.pieces(us, KING);
        kings.is_empty()
            || reference_map(pos, rules.measure)
                .overly_persuaded(us, kings)
                .any()
    }

    /// How often the playouts met each case the fast paths treat on their own, so that a
    /// test that never met one cannot pass for having checked it.
    #[derive(Default, Debug)]
    struct Seen {
        positions: u64,
        several_of_ours_over: u64,
        theirs_over: u64,
        balanced: u64,
        kingless: u64,
        king_over: u64,
    }

    fn check(rules: &Pacifist, pos: &Position<Pacifist>, seen: &mut Seen) {
        let fen = || pos.to_fen(rules);
        let map = InfluenceMap::compute(pos, rules.measure, Bitboard::EMPTY);
        let reference = reference_map(pos, rules.measure);
        assert_eq!(map.count, reference.count, "counts in {}", fen());
        assert_eq!(map.value, reference.value, "values in {}", fen());
        // With a piece silenced, as the turn's steps compute it.
        if let Some(silent) = pos.occupied().into_iter().nth(seen.positions as usize % 16) {
            let silent = Bitboard::from_square(silent);
            let map = InfluenceMap::compute(pos, rules.measure, silent);
            let reference = reference_map_silent(pos, rules.measure, silent);
            assert_eq!(
                map.count,
                reference.count,
                "counts, {silent:?} silent, in {}",
                fen()
            );
            assert_eq!(
                map.value,
                reference.value,
                "values, {silent:?} silent, in {}",
                fen()
            );
        }
        assert_eq!(
            evaluate(rules, pos),
            reference_evaluate(rules, pos),
            "{:?} evaluation of {}",
            rules.measure,
            fen()
        );
        let in_check = rules.in_check(pos);
        assert_eq!(
            in_check,
            reference_in_check(rules, pos),
            "in_check in {}",
            fen()
        );

        let us = pos.turn();
        seen.positions += 1;
        seen.several_of_ours_over +=
            u64::from(reference.overly_persuaded(us, pos.color(us)).count() > 1);
        seen.theirs_over += u64::from(reference.overly_persuaded(!us, pos.color(!us)).any());
        seen.balanced += u64::from(
            (reference_balanced(&reference, pos, Color::White)
                | reference_balanced(&reference, pos, Color::Black))
            .any(),
        );
        seen.kingless += u64::from(pos.pieces(us, KING).is_empty());
        seen.king_over += u64::from(in_check && pos.pieces(us, KING).any());
    }

    /// Random games from the start and from the bench's middlegames, every position checked,
    /// and every move's position before its conversions.
    fn playouts(measure: Measure) -> Seen {
        let rules = Pacifist::new(measure);
        let mut rng = StdRng::seed_from_u64(0x4556_414c + measure as u64);
        let starts = [
            rules.start_fen(),
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5",
            "r2q1rk1/pp2bppp/2np1n2/2p1p1B1/4P3/2NP1N2/PPPQ1PPP/R3KB1R w KQ - 0 9",
        ];
        let mut seen = Seen::default();
        for game in 0..150 {
            let mut pos = Position::from_fen(&rules, starts[game % starts.len()])
                .unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..80 {
                check(&rules, &pos, &mut seen);
                let mut moves = MoveList::new();
                rules.generate(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[rng.random_range(0..moves.len())];
                // The move without its conversions, with either side to move: positions
                // with pieces overly persuaded on both sides, which turns never leave
                // behind under count and value.
                let mut unconverted = pos.clone();
                rules.apply_move(&mut unconverted, mv);
                check(&rules, &unconverted, &mut seen);
                unconverted.flip_turn();
                check(&rules, &unconverted, &mut seen);
                rules.play(&mut pos, mv);
            }
        }
        seen
    }

    fn assert_all_seen(seen: &Seen) {
        assert!(
            seen.several_of_ours_over > 0
                && seen.theirs_over > 0
                && seen.balanced > 0
                && seen.kingless > 0
                && seen.king_over > 0,
            "the playouts missed a case: {seen:?}"
        );
    }

    #[test]
    fn fast_evaluation_equals_reference_count() {
        assert_all_seen(&playouts(Measure::Count));
    }

    #[test]
    fn fast_evaluation_equals_reference_value() {
        assert_all_seen(&playouts(Measure::Value));
    }

    #[test]
    fn fast_evaluation_equals_reference_average() {
        assert_all_seen(&playouts(Measure::Average));
    }
}
