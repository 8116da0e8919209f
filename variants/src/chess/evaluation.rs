//! The chess evaluation: the terms of the standard evaluation ([`crate::evaluation`]) written
//! as features times tapered weights, with a full piece-square table per kind in place of the
//! shapes, so `amity tune` can fit every weight to played games. The weights are in
//! [`super::weights`]; they started as exactly the standard evaluation's.

use amity_engine::evaluation::{Tapered, s};
use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::tuning::{self, Features, PHASE_FULL};
use amity_engine::{Bitboard, Color, Kind, Position, Rules};

use super::weights::WEIGHTS;
use crate::evaluation::{
    self as standard, FILE_A, distance, front_span, pawn_attacks, relative_rank, relative_square,
};

const KINDS: [Kind; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
const MOBILE: [Kind; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];
/// King-zone attack units per attacked square, knight, bishop, rook, queen (fixed: the danger
/// feature squares them, and only its weight is tuned).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const DANGER_CAP: i32 = 450;

// Weight layout.
/// Piece-square values with material: `kind * 64 + square` from the owner's side.
pub const PIECE_SQUARE: usize = 0;
/// Safe squares reached, knight, bishop, rook, queen.
pub const MOBILITY: usize = PIECE_SQUARE + 6 * 64;
/// The attack units of a lone attacker of the enemy king's zone.
pub const LONE_ATTACK: usize = MOBILITY + 4;
/// Units squared over two, capped, when two or more pieces attack the zone.
pub const DANGER: usize = LONE_ATTACK + 1;
pub const DOUBLED: usize = DANGER + 1;
pub const ISOLATED: usize = DOUBLED + 1;
pub const SUPPORTED: usize = ISOLATED + 1;
/// A passed pawn by relative rank.
pub const PASSED: usize = SUPPORTED + 1;
/// (Enemy king's distance − ours) to the passer's stop square, times its rank.
pub const PASSER_KING: usize = PASSED + 8;
pub const BISHOP_PAIR: usize = PASSER_KING + 1;
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
pub const ROOK_HALF_OPEN: usize = ROOK_OPEN + 1;
/// Shield files with a pawn one rank ahead, two ranks ahead, none.
pub const SHIELD_NEAR: usize = ROOK_HALF_OPEN + 1;
pub const SHIELD_FAR: usize = SHIELD_NEAR + 1;
pub const SHIELD_MISSING: usize = SHIELD_FAR + 1;
pub const TEMPO: usize = SHIELD_MISSING + 1;
pub const COUNT: usize = TEMPO + 1;

// The weights file is written by the tuner: one weight per feature.
const _: () = assert!(WEIGHTS.len() == COUNT);

/// The weight's name, for the tuner's report.
pub fn weight_name(index: usize) -> String {
    let names = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    match index {
        i if i < MOBILITY => {
            let square = i % 64;
            let file = (b'a' + (square % 8) as u8) as char;
            format!("{} on {file}{}", names[i / 64], square / 8 + 1)
        }
        i if i < LONE_ATTACK => format!("{} mobility", names[i - MOBILITY + 1]),
        LONE_ATTACK => "lone attacker of the king's zone".into(),
        DANGER => "king danger".into(),
        DOUBLED => "doubled pawn".into(),
        ISOLATED => "isolated pawn".into(),
        SUPPORTED => "supported pawn".into(),
        i if i < PASSER_KING => format!("passed pawn on rank {}", i - PASSED + 1),
        PASSER_KING => "king distances to a passer".into(),
        BISHOP_PAIR => "bishop pair".into(),
        ROOK_OPEN => "rook on an open file".into(),
        ROOK_HALF_OPEN => "rook on a half-open file".into(),
        SHIELD_NEAR => "shield pawn one rank ahead".into(),
        SHIELD_FAR => "shield pawn two ranks ahead".into(),
        SHIELD_MISSING => "shield file without a pawn".into(),
        TEMPO => "side to move".into(),
        _ => format!("weight {index}"),
    }
}

/// The standard evaluation's weights in this layout: where the tuning started.
pub const fn from_standard(weights: &standard::Weights) -> [Tapered; COUNT] {
    let mut table = [s(0, 0); COUNT];
    let mut kind = 0;
    while kind < 6 {
        let mut square = 0;
        while square < 64 {
            let shape = standard::piece_square(weights, kind, square);
            let material = weights.material[kind];
            // Mobility is counted from zero here; the standard baseline moves into the table.
            let baseline = if kind >= 1 && kind <= 4 {
                let w = weights.mobility[kind - 1];
                let base = weights.mobility_baseline[kind - 1];
                s(w.mg * base, w.eg * base)
            } else {
                s(0, 0)
            };
            table[PIECE_SQUARE + kind * 64 + square] = s(
                shape.mg + material.mg - baseline.mg,
                shape.eg + material.eg - baseline.eg,
            );
            square += 1;
        }
        kind += 1;
    }
    let mut index = 0;
    while index < 4 {
        table[MOBILITY + index] = weights.mobility[index];
        index += 1;
    }
    table[LONE_ATTACK] = s(1, 0);
    table[DANGER] = s(1, 0);
    table[DOUBLED] = weights.doubled_pawn;
    table[ISOLATED] = weights.isolated_pawn;
    table[SUPPORTED] = weights.supported_pawn;
    let mut rank = 0;
    while rank < 8 {
        table[PASSED + rank] = weights.passed_pawn[rank];
        rank += 1;
    }
    table[PASSER_KING] = s(0, weights.passer_king_distance);
    table[BISHOP_PAIR] = weights.bishop_pair;
    table[ROOK_OPEN] = weights.rook_open_file;
    table[ROOK_HALF_OPEN] = weights.rook_half_open_file;
    table[SHIELD_NEAR] = s(weights.shield_near, 0);
    table[SHIELD_FAR] = s(weights.shield_far, 0);
    table[SHIELD_MISSING] = s(-weights.shield_missing, 0);
    table[TEMPO] = weights.tempo;
    table
}

/// Adds one side's features, `sign` +1 for White and −1 for Black.
fn side_features<R: Rules>(pos: &Position<R>, us: Color, features: &mut Features) {
    let sign = if us == Color::White { 1 } else { -1 };
    let them = !us;
    let occupied = pos.occupied();
    let our_pawns = pos.pieces(us, PAWN).0;
    let their_pawns = pos.pieces(them, PAWN).0;
    let their_pawn_attacks = pawn_attacks(their_pawns, them);
    let our_pawn_attacks = pawn_attacks(our_pawns, us);

    for (index, kind) in KINDS.into_iter().enumerate() {
        for square in pos.pieces(us, kind) {
            features.add(
                PIECE_SQUARE + index * 64 + relative_square(square, us),
                sign,
            );
        }
    }

    let safe = !pos.color(us).0 & !their_pawn_attacks;
    let their_king = pos.pieces(them, KING).first();
    let zone = their_king.map_or(0, |king| {
        let around = orthodox::attacks(KING, them, king, Bitboard::EMPTY).0 | (1u64 << king as u32);
        around
            | match them {
                Color::White => around << 8,
                Color::Black => around >> 8,
            }
    });
    let (mut units, mut attackers) = (0, 0);
    for (index, kind) in MOBILE.into_iter().enumerate() {
        let mut reach = 0;
        for square in pos.pieces(us, kind) {
            let attacks = orthodox::attacks(kind, us, square, occupied).0;
            reach += (attacks & safe).count_ones() as i32;
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += ATTACK_UNITS[index] * hits;
            }
        }
        features.add(MOBILITY + index, sign * reach);
    }
    if attackers >= 2 {
        features.add(DANGER, sign * (units * units / 2).min(DANGER_CAP));
    } else if attackers == 1 {
        features.add(LONE_ATTACK, sign * units);
    }

    if let Some(king) = pos.pieces(us, KING).first() {
        let king_file = king as usize % 8;
        let king_rank = relative_rank(king, us);
        if king_rank <= 1 {
            let (mut near, mut far, mut missing) = (0, 0, 0);
            for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
                let pawns_on_file = our_pawns & (FILE_A << file);
                let one = match us {
                    Color::White => pawns_on_file & (0xFFu64 << (8 * (king_rank + 1))),
                    Color::Black => pawns_on_file & (0xFFu64 << (8 * (6 - king_rank))),
                };
                let two = match us {
                    Color::White => pawns_on_file & (0xFFu64 << (8 * (king_rank + 2))),
                    Color::Black => pawns_on_file & (0xFFu64 << (8 * (5 - king_rank))),
                };
                if one != 0 {
                    near += 1;
                } else if two != 0 {
                    far += 1;
                } else {
                    missing += 1;
                }
            }
            features.add(SHIELD_NEAR, sign * near);
            features.add(SHIELD_FAR, sign * far);
            features.add(SHIELD_MISSING, sign * missing);
        }
    }

    let our_king = pos.pieces(us, KING).first();
    let (mut isolated, mut supported, mut doubled, mut passer_king) = (0, 0, 0, 0);
    for square in pos.pieces(us, PAWN) {
        let file = square as usize % 8;
        let file_mask = FILE_A << file;
        let neighbours = (if file > 0 { FILE_A << (file - 1) } else { 0 })
            | (if file < 7 { FILE_A << (file + 1) } else { 0 });
        if our_pawns & neighbours == 0 {
            isolated += 1;
        }
        if our_pawn_attacks & (1u64 << square as u32) != 0 {
            supported += 1;
        }
        let ahead = front_span(square, us);
        if (ahead & file_mask & our_pawns) != 0 {
            doubled += 1;
        }
        if ahead & their_pawns == 0 && (ahead & file_mask & our_pawns) == 0 {
            let rank = relative_rank(square, us);
            features.add(PASSED + rank, sign);
            let stop = match us {
                Color::White => square as usize + 8,
                Color::Black => (square as usize).wrapping_sub(8),
            };
            if stop < 64 {
                let theirs = their_king.map_or(0, |king| distance(king as usize, stop));
                let ours = our_king.map_or(0, |king| distance(king as usize, stop));
                passer_king += (theirs - ours) * rank as i32;
            }
        }
    }
    features.add(ISOLATED, sign * isolated);
    features.add(SUPPORTED, sign * supported);
    features.add(DOUBLED, sign * doubled);
    features.add(PASSER_KING, sign * passer_king);

    if pos.pieces(us, BISHOP).count() >= 2 {
        features.add(BISHOP_PAIR, sign);
    }
    for square in pos.pieces(us, ROOK) {
        let file_mask = FILE_A << (square as usize % 8);
        if our_pawns & file_mask == 0 {
            let open = their_pawns & file_mask == 0;
            features.add(if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, sign);
        }
    }
}

/// The features of `pos` from White's point of view.
pub fn features<R: Rules>(pos: &Position<R>, features: &mut Features) {
    features.terms.clear();
    let phase: i32 = [KNIGHT, BISHOP, ROOK, QUEEN]
        .into_iter()
        .zip([1, 1, 2, 4])
        .map(|(kind, weight)| pos.kind(kind).count() as i32 * weight)
        .sum();
    features.phase = phase.min(24) * PHASE_FULL / 24;
    side_features(pos, Color::White, features);
    side_features(pos, Color::Black, features);
    features.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The evaluation from the side to move's point of view.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    tuning::side_to_move_value(pos, &WEIGHTS, features)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;
    use amity_engine::Game;

    fn eval(fen: &str) -> i32 {
        evaluate(Game::from_fen(Chess, fen).expect("valid").position())
    }

    #[test]
    fn colours_mirror() {
        let a = eval("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5");
        let b = eval("rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQ - 4 5");
        assert_eq!(a, b);
    }

    #[test]
    fn the_start_is_nearly_level_and_material_counts() {
        assert!(eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").abs() < 40);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 700);
    }

    #[test]
    fn every_weight_has_a_name() {
        for index in 0..COUNT {
            assert!(!weight_name(index).starts_with("weight"), "{index}");
        }
    }
}
