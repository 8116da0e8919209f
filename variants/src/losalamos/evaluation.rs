//! The Los Alamos evaluation: a linear sum of features (piece-square values that include the
//! material, mobility, pawn structure, passed pawns, the king's shelter and the attacks on it,
//! rooks on open files, the move, threats, safe checks, free and blocked passers) times
//! tapered weights, so `amity tune` can fit every weight. The weights are in
//! [`super::weights`].

use amity_engine::orthodox::{self, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::tuning::{self, Features, PHASE_FULL};
use amity_engine::{Bitboard, Color, Kind, Position, Rules, Square};

use super::weights::WEIGHTS;
use crate::evaluation::Pawns;
use crate::threats::{SideAttacks, THREAT_KINDS, ThreatLayout, add_threat_features, threat_name};

/// The board's squares: the 6x6 corner of the bitboard.
const BOARD: u64 = 0x3F3F_3F3F_3F3F;
const FILE_A: u64 = 0x0101_0101_0101;

/// The kinds with a piece-square table, in table order.
const TABLE_KINDS: [Kind; 5] = [PAWN, KNIGHT, ROOK, QUEEN, KING];
/// Kinds that count mobility and king attacks, in weight order.
const MOBILE_KINDS: [Kind; 3] = [KNIGHT, ROOK, QUEEN];

// Weight layout.
amity_engine::feature_layout! {
    /// Piece-square values: `table * 36 + square` (from the owner's side, a1 first).
    PIECE_SQUARE: 5 * 36;
    /// Safe squares a knight, rook or queen reaches.
    MOBILITY: 3;
    /// A passed pawn by its relative rank (0..6).
    PASSED: 6;
    DOUBLED: 1;
    ISOLATED: 1;
    SUPPORTED: 1;
    /// Squares of the enemy king's zone a knight, rook or queen attacks.
    KING_ATTACK: 3;
    /// Own pawns on the three squares in front of the king.
    SHIELD: 1;
    ROOK_OPEN: 1;
    ROOK_HALF_OPEN: 1;
    /// The side to move's edge.
    TEMPO: 1;
    /// Threats ([`crate::threats`]): the side to move's from here, then the other side's.
    THREATS: 2 * THREAT_KINDS;
    /// Squares a knight, rook or queen could check the enemy king from, reached and safe.
    SAFE_CHECK: 3;
    /// A passed pawn whose stop square is occupied, by relative rank (0..6).
    PASSER_BLOCKED: 6;
    /// A passed pawn whose stop square is empty and not attacked by the enemy, by relative rank.
    PASSER_FREE: 6;
}

// The weights file is written by the tuner: it must hold one weight per feature.
const _: () = assert!(WEIGHTS.len() == COUNT);

/// Non-pawn material of both sides at the start, in phase units (knight 1, rook 2, queen 4).
const FULL_MATERIAL: i32 = 2 * (2 + 2 * 2 + 4);

/// Where the threat, safe-check and passer weights are.
const THREAT_LAYOUT: ThreatLayout = ThreatLayout {
    threats: THREATS,
    safe_check: SAFE_CHECK,
    check_kinds: &MOBILE_KINDS,
    passer_blocked: PASSER_BLOCKED,
    passer_free: PASSER_FREE,
    board: BOARD,
    ranks: 6,
};

/// The weight's name, for the tuner's report.
pub fn weight_name(index: usize) -> String {
    let kind_names = ["knight", "rook", "queen"];
    match index {
        i if i < MOBILITY => {
            let table = ["pawn", "knight", "rook", "queen", "king"][i / 36];
            let square = i % 36;
            let file = (b'a' + (square % 6) as u8) as char;
            format!("{table} on {file}{}", square / 6 + 1)
        }
        i if i < PASSED => format!("{} mobility", kind_names[i - MOBILITY]),
        i if i < DOUBLED => format!("passed pawn on rank {}", i - PASSED + 1),
        DOUBLED => "doubled pawn".into(),
        ISOLATED => "isolated pawn".into(),
        SUPPORTED => "supported pawn".into(),
        i if i < SHIELD => format!("{} attacks the king's zone", kind_names[i - KING_ATTACK]),
        SHIELD => "pawn shielding the king".into(),
        ROOK_OPEN => "rook on an open file".into(),
        ROOK_HALF_OPEN => "rook on a half-open file".into(),
        TEMPO => "side to move".into(),
        i if i < SAFE_CHECK => threat_name(i - THREATS),
        i if i < PASSER_BLOCKED => format!("safe {} check", kind_names[i - SAFE_CHECK]),
        i if i < PASSER_FREE => format!("blocked passer on rank {}", i - PASSER_BLOCKED + 1),
        i if i < COUNT => format!("free passer on rank {}", i - PASSER_FREE + 1),
        _ => format!("weight {index}"),
    }
}

/// A square's index into a 6x6 table seen from `color`'s side.
#[inline]
fn relative_index(color: Color, square: Square) -> usize {
    let file = square.file() as usize;
    let rank = square.rank() as usize;
    let rank = match color {
        Color::White => rank,
        Color::Black => 5 - rank,
    };
    rank * 6 + file
}

#[inline]
fn relative_rank(color: Color, square: Square) -> usize {
    relative_index(color, square) / 6
}

#[inline]
fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    let mut attacks = 0;
    for square in Bitboard(pawns) {
        attacks |= orthodox::attacks(PAWN, color, square, Bitboard(0)).0;
    }
    attacks & BOARD
}

/// The squares ahead of `square` (towards `color`'s promotion) on its own file and the two
/// beside it.
fn front_span(square: Square, color: Color) -> (u64, u64) {
    let file = square.file() as usize;
    let rank = square.rank() as usize;
    let own_file = FILE_A << file;
    let mut files = own_file;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 5 {
        files |= FILE_A << (file + 1);
    }
    let ahead: u64 = match color {
        Color::White => (rank + 1..6).map(|r| 0x3Fu64 << (8 * r)).sum(),
        Color::Black => (0..rank).map(|r| 0x3Fu64 << (8 * r)).sum(),
    };
    (files & ahead, own_file & ahead)
}

/// Adds one side's own features with `sign` (+1 White, −1 Black) and returns what its pieces
/// attack.
fn side_features<R: Rules>(pos: &Position<R>, us: Color, features: &mut Features) -> SideAttacks {
    let sign = if us == Color::White { 1 } else { -1 };
    let them = !us;
    let occupied = pos.occupied();
    let pawns = Pawns::of(pos, us, pawn_attacks);

    for (table, kind) in TABLE_KINDS.into_iter().enumerate() {
        for square in pos.pieces(us, kind) {
            features.add(PIECE_SQUARE + table * 36 + relative_index(us, square), sign);
        }
    }

    let safe = !pos.color(us).0 & !pawns.their_attacks & BOARD;
    let zone = pos.pieces(them, KING).first().map_or(0, |king| {
        (orthodox::attacks(KING, them, king, Bitboard(0)).0 | (1u64 << king as u32)) & BOARD
    });
    let mut attacked = SideAttacks::default();
    attacked.by_kind[PAWN.index()] = pawns.our_attacks;
    if let Some(king) = pos.pieces(us, KING).first() {
        attacked.by_kind[KING.index()] = orthodox::attacks(KING, us, king, Bitboard(0)).0 & BOARD;
    }
    for (index, kind) in MOBILE_KINDS.into_iter().enumerate() {
        let (mut reach, mut hits) = (0, 0);
        for square in pos.pieces(us, kind) {
            let attacks = orthodox::attacks(kind, us, square, occupied).0 & BOARD;
            attacked.by_kind[kind.index()] |= attacks;
            reach += (attacks & safe).count_ones() as i32;
            hits += (attacks & zone).count_ones() as i32;
        }
        features.add(MOBILITY + index, sign * reach);
        features.add(KING_ATTACK + index, sign * hits);
    }

    if let Some(king) = pos.pieces(us, KING).first() {
        let front = orthodox::attacks(KING, us, king, Bitboard(0)).0
            & BOARD
            & match us {
                Color::White => !0u64 << (8 * (king.rank() as usize + 1)),
                Color::Black => (1u64 << (8 * king.rank() as usize)) - 1,
            };
        features.add(SHIELD, sign * (front & pawns.ours).count_ones() as i32);
    }

    let (mut doubled, mut isolated, mut supported) = (0, 0, 0);
    for square in pos.pieces(us, PAWN) {
        let file = square.file() as usize;
        let neighbours = (if file > 0 { FILE_A << (file - 1) } else { 0 })
            | (if file < 5 { FILE_A << (file + 1) } else { 0 });
        if pawns.ours & neighbours == 0 {
            isolated += 1;
        }
        if pawns.our_attacks & (1u64 << square as u32) != 0 {
            supported += 1;
        }
        let (span, file_ahead) = front_span(square, us);
        if file_ahead & pawns.ours != 0 {
            doubled += 1;
        } else if span & pawns.theirs == 0 {
            attacked.passers |= 1u64 << square as u32;
            features.add(PASSED + relative_rank(us, square), sign);
        }
    }
    features.add(DOUBLED, sign * doubled);
    features.add(ISOLATED, sign * isolated);
    features.add(SUPPORTED, sign * supported);

    for square in pos.pieces(us, ROOK) {
        let file = FILE_A << (square.file() as usize);
        if pawns.ours & file == 0 {
            let open = pawns.theirs & file == 0;
            features.add(if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, sign);
        }
    }
    attacked.gather();
    attacked
}

/// The features of `pos` from White's point of view.
pub fn features<R: Rules>(pos: &Position<R>, features: &mut Features) {
    features.terms.clear();
    let material = pos.kind(KNIGHT).count() as i32
        + 2 * pos.kind(ROOK).count() as i32
        + 4 * pos.kind(QUEEN).count() as i32;
    features.phase = material.min(FULL_MATERIAL) * PHASE_FULL / FULL_MATERIAL;
    let white = side_features(pos, Color::White, features);
    let black = side_features(pos, Color::Black, features);
    add_threat_features(pos, Color::White, &white, &black, &THREAT_LAYOUT, features);
    add_threat_features(pos, Color::Black, &black, &white, &THREAT_LAYOUT, features);
    features.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The evaluation from the side to move's point of view.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    tuning::side_to_move_value(pos, &WEIGHTS, features)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LosAlamos;
    use crate::threats::counts_in;
    use amity_engine::Game;

    fn eval(fen: &str) -> i32 {
        evaluate(
            Game::from_fen(LosAlamos::default(), fen)
                .expect("valid")
                .position(),
        )
    }

    #[test]
    fn the_start_is_level_but_for_the_move() {
        let white = eval("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1");
        let black = eval("rnqknr/pppppp/6/6/PPPPPP/RNQKNR b - - 0 1");
        assert_eq!(white, black);
        // The side to move is better: Fairy-Stockfish, whose evaluations the weights are
        // fitted to, gives it about half a pawn here.
        assert!((0..100).contains(&white), "{white}");
    }

    #[test]
    fn colours_mirror() {
        // The same position with colours and ranks swapped scores the same for the mover.
        let a = eval("3k2/2p3/1P4/3N2/6/2K3 w - - 0 1");
        let b = eval("2k3/6/3n2/1p4/2P3/3K2 b - - 0 1");
        assert_eq!(a, b);
        // Threats, hanging pieces, safe checks, free and blocked passers.
        let a = eval("r2k1r/1p1q2/p1n1P1/2P1N1/1P3P/R2QK1 w - - 0 15");
        let b = eval("r2qk1/1p3p/2p1n1/P1N1p1/1P1Q2/R2K1R b - - 0 15");
        assert_eq!(a, b);
    }

    #[test]
    fn passers_count_by_their_rank_on_six_ranks() {
        // Black's c-pawn is on its fourth rank, its stop square c2 held by White's knight.
        let count = counts_in(
            LosAlamos::default(),
            "3k2/6/6/2p3/2N3/3K2 b - - 0 1",
            features,
        );
        assert_eq!(count(PASSED + 3), -1);
        assert_eq!(count(PASSER_BLOCKED + 3), -1);
        assert_eq!(count(PASSER_FREE + 3), 0);
        // Nothing attacks anything, and the knight cannot reach a check.
        for threat in 0..2 * THREAT_KINDS {
            assert_eq!(count(THREATS + threat), 0, "{threat}");
        }
        assert_eq!(count(SAFE_CHECK), 0);
    }

    #[test]
    fn material_and_passed_pawns_count() {
        assert!(eval("3k2/6/6/6/6/Q2K2 w - - 0 1") > 500);
        let passer = eval("3k2/6/1P4/6/6/3K2 w - - 0 1");
        let blocked = eval("3k2/1p4/1P4/6/6/3K2 w - - 0 1");
        assert!(passer > blocked + 50, "{passer} vs {blocked}");
    }

    #[test]
    fn every_weight_has_a_name() {
        for index in 0..COUNT {
            assert!(!weight_name(index).starts_with("weight"), "{index}");
        }
    }
}
