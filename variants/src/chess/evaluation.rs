//! The chess evaluation: the terms of the standard evaluation ([`crate::evaluation`]) written
//! as features times tapered weights, with a full piece-square table per kind in place of the
//! shapes, and chess's own terms beside them (threats, safe checks, free and blocked passers,
//! outposts, a mobility table, open files and weak squares at the king, backward pawns, pawns
//! on a bishop's colour, minors shielded by a pawn), so `amity tune` can fit every weight. The weights are in
//! [`super::weights`], fitted to Stockfish's evaluations of self-play positions.

use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::tuning::{self, Features, PHASE_FULL};
use amity_engine::{Bitboard, Color, Kind, Position, Rules, Square};

use super::weights::WEIGHTS;
use crate::evaluation::{
    FILE_A, FILE_H, Pawns, distance, front_span, king_zone, neighbour_files, pawn_attacks,
    pawn_shield, relative_rank, relative_square,
};
use crate::threats::{SideAttacks, THREAT_KINDS, ThreatLayout, add_threat_features, threat_name};

const KINDS: [Kind; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
const MOBILE: [Kind; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];
/// King-zone attack units per attacked square, knight, bishop, rook, queen (fixed: the danger
/// feature squares them, and only its weight is tuned).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const DANGER_CAP: i32 = 450;
/// The danger feature counts in steps of this many units squared: weights are whole
/// centipawns, and a weight per single unit squared would be rounded to nothing.
const DANGER_STEP: i32 = 8;

/// Where each mobile kind's counts start in the table, and the table's end.
const MOBILITY_OFFSETS: [usize; 5] = [0, 9, 9 + 14, 9 + 14 + 15, 9 + 14 + 15 + 28];

// Weight layout.
amity_engine::feature_layout! {
    /// Piece-square values with material: `kind * 64 + square` from the owner's side.
    PIECE_SQUARE: 6 * 64;
    /// Safe squares reached, knight, bishop, rook, queen.
    MOBILITY: 4;
    /// The attack units of a lone attacker of the enemy king's zone.
    LONE_ATTACK: 1;
    /// Units squared over two, capped, when two or more pieces attack the zone (in
    /// [`DANGER_STEP`]s).
    DANGER: 1;
    DOUBLED: 1;
    ISOLATED: 1;
    SUPPORTED: 1;
    /// A passed pawn by relative rank.
    PASSED: 8;
    /// (Enemy king's distance − ours) to the passer's stop square, times its rank.
    PASSER_KING: 1;
    BISHOP_PAIR: 1;
    ROOK_OPEN: 1;
    ROOK_HALF_OPEN: 1;
    /// Shield files with a pawn one rank ahead, two ranks ahead, none.
    SHIELD_NEAR: 1;
    SHIELD_FAR: 1;
    SHIELD_MISSING: 1;
    TEMPO: 1;
    /// Threats ([`crate::threats`]): the side to move's from here, then the other side's.
    THREATS: 2 * THREAT_KINDS;
    /// A passed pawn whose stop square is occupied, by relative rank.
    PASSER_BLOCKED: 8;
    /// A passed pawn whose stop square is empty and not attacked by the enemy, by relative rank.
    PASSER_FREE: 8;
    /// A knight on ranks 4-6, supported by a pawn, where no enemy pawn can ever attack it.
    OUTPOST: 1;
    /// Squares a knight, bishop, rook or queen could check the enemy king from, reached and safe.
    SAFE_CHECK: 4;
    /// Pawns with a pawn of their own beside them on the same rank.
    PHALANX: 1;
    /// What a knight, bishop, rook or queen earns for reaching exactly so many safe squares, on
    /// top of the linear [`MOBILITY`]: a piece with two squares is worse off than twice one with
    /// four is better. One entry per count, the kinds one after another from [`MOBILITY_TABLE`].
    MOBILITY_TABLE: MOBILITY_OFFSETS[4];
    /// Files among the king's and its neighbours with no pawn of either colour.
    KING_OPEN_FILE: 1;
    /// Files among the king's and its neighbours with an enemy pawn and none of ours.
    KING_HALF_OPEN_FILE: 1;
    /// Squares beside the king that the enemy attacks and no pawn or minor or rook of ours
    /// defends.
    WEAK_KING_SQUARE: 1;
    /// Pawns with no pawn of their own beside or behind them on the neighbouring files, whose
    /// stop square an enemy pawn attacks.
    BACKWARD_PAWN: 1;
    /// For each bishop, the pawns of its own side on squares of its colour.
    BISHOP_PAWNS_SAME_COLOUR: 1;
    /// A bishop on ranks 4-6, supported by a pawn, where no enemy pawn can ever attack it.
    BISHOP_OUTPOST: 1;
    /// Knights and bishops with a pawn of their own directly in front of them.
    MINOR_BEHIND_PAWN: 1;
}

// The weights file is written by the tuner: one weight per feature.
const _: () = assert!(WEIGHTS.len() == COUNT);

/// Where the threat, safe-check and passer weights are.
const THREAT_LAYOUT: ThreatLayout = ThreatLayout {
    threats: THREATS,
    safe_check: SAFE_CHECK,
    check_kinds: &MOBILE,
    passer_blocked: PASSER_BLOCKED,
    passer_free: PASSER_FREE,
    board: !0,
    ranks: 8,
};

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
        i if i < PASSER_BLOCKED => threat_name(i - THREATS),
        i if i < PASSER_FREE => format!("blocked passer on rank {}", i - PASSER_BLOCKED + 1),
        i if i < OUTPOST => format!("free passer on rank {}", i - PASSER_FREE + 1),
        OUTPOST => "knight outpost".into(),
        i if i < PHALANX => format!("safe {} check", names[i - SAFE_CHECK + 1]),
        PHALANX => "pawn phalanx".into(),
        i if i < KING_OPEN_FILE => {
            let entry = i - MOBILITY_TABLE;
            let kind = MOBILITY_OFFSETS
                .iter()
                .rposition(|&o| o <= entry)
                .unwrap_or(0);
            let squares = entry - MOBILITY_OFFSETS[kind];
            format!("{} reaching {squares} squares", names[kind + 1])
        }
        KING_OPEN_FILE => "open file at the king".into(),
        KING_HALF_OPEN_FILE => "half-open file at the king".into(),
        WEAK_KING_SQUARE => "weak square beside the king".into(),
        BACKWARD_PAWN => "backward pawn".into(),
        BISHOP_PAWNS_SAME_COLOUR => "own pawn on the bishop's colour".into(),
        BISHOP_OUTPOST => "bishop outpost".into(),
        MINOR_BEHIND_PAWN => "minor behind a pawn".into(),
        _ => format!("weight {index}"),
    }
}

/// Adds one side's own features, `sign` +1 for White and −1 for Black, and returns what its
/// pieces attack.
fn side_features<R: Rules>(pos: &Position<R>, us: Color, features: &mut Features) -> SideAttacks {
    let sign = if us == Color::White { 1 } else { -1 };
    let them = !us;
    let occupied = pos.occupied();
    let pawns = Pawns::of(pos, us, pawn_attacks);

    for (index, kind) in KINDS.into_iter().enumerate() {
        for square in pos.pieces(us, kind) {
            features.add(
                PIECE_SQUARE + index * 64 + relative_square(square, us),
                sign,
            );
        }
    }

    let safe = !pos.color(us).0 & !pawns.their_attacks;
    let their_king = pos.pieces(them, KING).first();
    let zone = their_king.map_or(0, |king| king_zone(king, them));
    let mut attacked = SideAttacks::default();
    attacked.by_kind[0] = pawns.our_attacks;
    if let Some(king) = pos.pieces(us, KING).first() {
        attacked.by_kind[5] = orthodox::attacks(KING, us, king, Bitboard::EMPTY).0;
    }
    let (mut units, mut attackers) = (0, 0);
    for (index, kind) in MOBILE.into_iter().enumerate() {
        let mut reach = 0;
        for square in pos.pieces(us, kind) {
            let attacks = orthodox::attacks(kind, us, square, occupied).0;
            attacked.by_kind[index + 1] |= attacks;
            let squares = (attacks & safe).count_ones() as usize;
            reach += squares as i32;
            let table_entry =
                (MOBILITY_OFFSETS[index] + squares).min(MOBILITY_OFFSETS[index + 1] - 1);
            features.add(MOBILITY_TABLE + table_entry, sign);
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                units += ATTACK_UNITS[index] * hits;
            }
        }
        features.add(MOBILITY + index, sign * reach);
    }
    if attackers >= 2 {
        features.add(
            DANGER,
            sign * (units * units / 2).min(DANGER_CAP) / DANGER_STEP,
        );
    } else if attackers == 1 {
        features.add(LONE_ATTACK, sign * units);
    }

    if let Some(king) = pos.pieces(us, KING).first() {
        let king_file = king as usize % 8;
        let king_rank = relative_rank(king, us);
        // The king's file and its neighbours, one bit per file.
        let king_files = ((0b111u64 << king_file) >> 1) & 0xFF;
        let (our_files, their_files) = (pawn_files(pawns.ours), pawn_files(pawns.theirs));
        let open = king_files & !(our_files | their_files);
        let half_open = king_files & !our_files & their_files;
        features.add(KING_OPEN_FILE, sign * open.count_ones() as i32);
        features.add(KING_HALF_OPEN_FILE, sign * half_open.count_ones() as i32);
        if king_rank <= 1 {
            let shield = pawn_shield(pawns.ours, us, king_file, king_rank);
            features.add(SHIELD_NEAR, sign * shield.near);
            features.add(SHIELD_FAR, sign * shield.far);
            features.add(SHIELD_MISSING, sign * shield.missing);
        }
    }

    let our_king = pos.pieces(us, KING).first();
    let (mut isolated, mut supported, mut doubled, mut passer_king) = (0, 0, 0, 0);
    let mut backward = 0;
    for square in pos.pieces(us, PAWN) {
        let file = square as usize % 8;
        let file_mask = FILE_A << file;
        let neighbours = neighbour_files(file);
        if pawns.ours & neighbours == 0 {
            isolated += 1;
        }
        if pawns.our_attacks & (1u64 << square as u32) != 0 {
            supported += 1;
        }
        let ahead = front_span(square, us);
        if (ahead & file_mask & pawns.ours) != 0 {
            doubled += 1;
        }
        if pawns.ours & neighbours & !ahead == 0
            && stop_square(square, us).is_some_and(|stop| pawns.their_attacks & (1u64 << stop) != 0)
        {
            backward += 1;
        }
        if ahead & pawns.theirs == 0 && (ahead & file_mask & pawns.ours) == 0 {
            attacked.passers |= 1u64 << square as u32;
            let rank = relative_rank(square, us);
            features.add(PASSED + rank, sign);
            if let Some(stop) = stop_square(square, us) {
                let theirs = their_king.map_or(0, |king| distance(king as usize, stop));
                let ours = our_king.map_or(0, |king| distance(king as usize, stop));
                passer_king += (theirs - ours) * rank as i32;
            }
        }
    }
    features.add(ISOLATED, sign * isolated);
    features.add(SUPPORTED, sign * supported);
    features.add(DOUBLED, sign * doubled);
    features.add(BACKWARD_PAWN, sign * backward);
    features.add(PASSER_KING, sign * passer_king);

    if pos.pieces(us, BISHOP).count() >= 2 {
        features.add(BISHOP_PAIR, sign);
    }
    for square in pos.pieces(us, ROOK) {
        let file_mask = FILE_A << (square as usize % 8);
        if pawns.ours & file_mask == 0 {
            let open = pawns.theirs & file_mask == 0;
            features.add(if open { ROOK_OPEN } else { ROOK_HALF_OPEN }, sign);
        }
    }

    let phalanx = pawns.ours & (((pawns.ours << 1) & !FILE_A) | ((pawns.ours >> 1) & !FILE_H));
    features.add(PHALANX, sign * phalanx.count_ones() as i32);
    let outpost = |square: Square| {
        let rank = relative_rank(square, us);
        let never_chased = front_span(square, us) & !(FILE_A << (square as usize % 8));
        (3..=5).contains(&rank)
            && pawns.our_attacks & (1u64 << square as u32) != 0
            && pawns.theirs & never_chased == 0
    };
    for square in pos.pieces(us, KNIGHT) {
        if outpost(square) {
            features.add(OUTPOST, sign);
        }
    }
    let dark_pawns = (pawns.ours & Bitboard::DARK_SQUARES.0).count_ones() as i32;
    let light_pawns = pawns.ours.count_ones() as i32 - dark_pawns;
    let (mut same_colour, mut bishop_outposts) = (0, 0);
    for square in pos.pieces(us, BISHOP) {
        same_colour += if Bitboard::DARK_SQUARES.0 & (1u64 << square as u32) != 0 {
            dark_pawns
        } else {
            light_pawns
        };
        if outpost(square) {
            bishop_outposts += 1;
        }
    }
    features.add(BISHOP_PAWNS_SAME_COLOUR, sign * same_colour);
    features.add(BISHOP_OUTPOST, sign * bishop_outposts);
    let minors = pos.pieces(us, KNIGHT).0 | pos.pieces(us, BISHOP).0;
    let in_front = match us {
        Color::White => minors << 8,
        Color::Black => minors >> 8,
    };
    features.add(
        MINOR_BEHIND_PAWN,
        sign * (in_front & pawns.ours).count_ones() as i32,
    );
    attacked.gather();
    attacked
}

/// The files holding any of `pawns`, one bit per file.
fn pawn_files(pawns: u64) -> u64 {
    let mut fill = pawns;
    fill |= fill >> 8;
    fill |= fill >> 16;
    fill |= fill >> 32;
    fill & 0xFF
}

/// Adds the squares beside `us`'s king that the enemy attacks and that nothing of ours but
/// the king or queen defends, `+1` for White and `−1` for Black.
fn add_weak_king_squares(
    us: Color,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    features: &mut Features,
) {
    let sign = if us == Color::White { 1 } else { -1 };
    let defended = ours.by_kind[..4].iter().fold(0, |all, kind| all | kind);
    let weak = ours.by_kind[5] & theirs.all & !defended;
    features.add(WEAK_KING_SQUARE, sign * weak.count_ones() as i32);
}

/// The square in front of `us`'s pawn on `square`, if the board has one.
fn stop_square(square: Square, us: Color) -> Option<usize> {
    let stop = match us {
        Color::White => square as usize + 8,
        Color::Black => (square as usize).wrapping_sub(8),
    };
    (stop < 64).then_some(stop)
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
    let white = side_features(pos, Color::White, features);
    let black = side_features(pos, Color::Black, features);
    add_threat_features(pos, Color::White, &white, &black, &THREAT_LAYOUT, features);
    add_threat_features(pos, Color::Black, &black, &white, &THREAT_LAYOUT, features);
    add_weak_king_squares(Color::White, &white, &black, features);
    add_weak_king_squares(Color::Black, &black, &white, features);
    features.add(TEMPO, if pos.turn() == Color::White { 1 } else { -1 });
}

/// The evaluation from the side to move's point of view, scaled down where the material
/// is known to be hard to win with (see [`winnable_share`]).
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    scale_for_drawish_material(pos, tuning::side_to_move_value(pos, &WEIGHTS, features))
}

/// `value` (the side to move's) shrunk by [`winnable_share`] of the side it favours.
pub fn scale_for_drawish_material<R: Rules>(pos: &Position<R>, value: i32) -> i32 {
    let ahead = if value >= 0 { pos.turn() } else { !pos.turn() };
    value * winnable_share(pos, ahead) / SHARE_FULL
}

/// The whole evaluation, in [`winnable_share`]'s units.
const SHARE_FULL: i32 = 64;

/// Material without pawns, in pawns (knight and bishop 3, rook 5, queen 9).
fn piece_material<R: Rules>(pos: &Position<R>, color: Color) -> i32 {
    [KNIGHT, BISHOP, ROOK, QUEEN]
        .into_iter()
        .zip([3, 3, 5, 9])
        .map(|(kind, worth)| pos.pieces(color, kind).count() as i32 * worth)
        .sum()
}

/// How much of its advantage the side `ahead` can hope to turn into a win, in 64ths, for
/// material balances every player knows to be drawish. The linear evaluation counts a piece
/// more as a piece more; these balances are not, and without this the search would trade
/// into them while ahead, or avoid them while behind. Fitting cannot learn it: the weights
/// are linear, and these positions are rare in the fitted games.
fn winnable_share<R: Rules>(pos: &Position<R>, ahead: Color) -> i32 {
    let behind = !ahead;
    let (ours, theirs) = (piece_material(pos, ahead), piece_material(pos, behind));
    let our_pawns = pos.pieces(ahead, PAWN);
    // No pawns and at most a minor piece more: a lone minor cannot mate, and a rook against a
    // minor, or a rook and a minor against a rook, are drawn with correct defence.
    if our_pawns.is_empty() && ours - theirs <= 3 {
        return if ours < 5 {
            0
        } else if theirs <= 3 {
            4
        } else {
            14
        };
    }
    let our_bishops = pos.pieces(ahead, BISHOP);
    let their_bishops = pos.pieces(behind, BISHOP);
    // A bishop and rook pawns against a bare king that holds the corner the bishop cannot
    // cover: the pawn never promotes.
    if ours == 3 && our_bishops.count() == 1 && theirs == 0 && pos.pieces(behind, PAWN).is_empty() {
        let pawns = our_pawns.0;
        let file = if pawns & !FILE_A == 0 {
            Some(0)
        } else if pawns & !FILE_H == 0 {
            Some(7)
        } else {
            None
        };
        if let (Some(file), Some(their_king)) = (file, pos.pieces(behind, KING).first()) {
            let corner = relative_square(Square::new(file + 56), ahead);
            let corner_is_dark = Bitboard::DARK_SQUARES.0 & (1 << corner) != 0;
            let bishop_is_dark = our_bishops.is_subset(Bitboard::DARK_SQUARES);
            if corner_is_dark != bishop_is_dark && distance(their_king as usize, corner) <= 1 {
                return 0;
            }
        }
    }
    // Bishops of opposite colours: the defender's bishop holds a blockade on the squares the
    // attacker's cannot touch, above all when nothing else is left.
    if our_bishops.count() == 1
        && their_bishops.count() == 1
        && our_bishops.is_subset(Bitboard::DARK_SQUARES)
            != their_bishops.is_subset(Bitboard::DARK_SQUARES)
    {
        return if ours == 3 && theirs == 3 { 32 } else { 48 };
    }
    SHARE_FULL
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;
    use crate::threats::{HANGING_PAWN, HANGING_PIECE, PAWN_THREAT, counts_in};
    use amity_engine::Game;

    fn eval(fen: &str) -> i32 {
        evaluate(
            Game::from_fen(Chess::default(), fen)
                .expect("valid")
                .position(),
        )
    }

    /// The same position with the colours swapped: ranks mirrored, White's pieces Black's.
    fn colours_swapped(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        let swap_case = |text: &str| -> String {
            text.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let mut castling: Vec<char> = swap_case(fields[2]).chars().collect();
        castling.sort_by_key(|c| (c.is_ascii_lowercase(), "KQkq".find(c.to_ascii_uppercase())));
        let en_passant = match fields[3].as_bytes() {
            [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
            _ => "-".to_string(),
        };
        let castling: String = castling.into_iter().collect();
        format!(
            "{} {turn} {castling} {en_passant} {} {}",
            board.join("/"),
            fields[4],
            fields[5]
        )
    }

    #[test]
    fn colours_mirror() {
        let a = eval("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5");
        let b = eval("rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQ - 4 5");
        assert_eq!(a, b);
        // Threats, hanging pieces, safe checks, outposts, free and blocked passers.
        for fen in [
            "r3k2r/pp3ppp/2n1b3/3pP3/1b1N4/2N1B3/PP3PPP/R2QK2R w KQkq - 0 12",
            "2r3k1/1P3pp1/4p2p/3nN3/2pP4/2q3P1/5P1P/1R1Q2K1 b - - 1 30",
            "8/5k2/1p6/pP1K4/P3N3/6p1/8/8 w - - 0 50",
            "r1b2rk1/ppq2ppp/2n1p3/3pP3/3P1n2/2PB1N2/P1Q2PPP/R1B2RK1 w - d6 0 14",
            "4k3/8/5p2/p3p2p/1bP3n1/3P4/3N4/5BK1 w - - 0 1",
        ] {
            assert_eq!(eval(fen), eval(&colours_swapped(fen)), "{fen}");
        }
    }

    #[test]
    fn a_pawn_attacking_a_lone_knight_is_a_threat_and_the_knight_hangs() {
        let count = counts_in(
            Chess::default(),
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
            features,
        );
        // White is to move, so its threats count in the first half.
        assert_eq!(count(THREATS + PAWN_THREAT), 1);
        assert_eq!(count(THREATS + HANGING_PIECE), 1);
        assert_eq!(count(THREATS + THREAT_KINDS + HANGING_PAWN), 0);
        // No black pawn stops the e-pawn, and nothing of Black's covers e5.
        assert_eq!(count(PASSER_FREE + 3), 1);
        assert_eq!(count(PASSER_BLOCKED + 3), 0);
    }

    #[test]
    fn king_files_weak_squares_backward_pawns_and_minors_are_counted() {
        let count = counts_in(
            Chess::default(),
            "4k3/8/5p2/p3p2p/1bP3n1/3P4/3N4/5BK1 w - - 0 1",
            features,
        );
        // White's king: the g-file open, the f- and h-files half-open; Black's: the d-file
        // half-open.
        assert_eq!(count(KING_OPEN_FILE), 1);
        assert_eq!(count(KING_HALF_OPEN_FILE), 1);
        // The g4 knight hits f2 and h2, which only White's king covers.
        assert_eq!(count(WEAK_KING_SQUARE), 2);
        // d3 has no pawn beside or behind it and e5 guards d4; c4 has d3 behind it.
        assert_eq!(count(BACKWARD_PAWN), 1);
        // Two light pawns for the f1 bishop, three dark ones for the b4 bishop.
        assert_eq!(count(BISHOP_PAWNS_SAME_COLOUR), -1);
        // The b4 bishop, held by a5, where no white pawn can reach it.
        assert_eq!(count(BISHOP_OUTPOST), -1);
        // The d2 knight behind the d3 pawn.
        assert_eq!(count(MINOR_BEHIND_PAWN), 1);
    }

    #[test]
    fn the_start_is_nearly_level_and_material_counts() {
        let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // The side to move is a little better: Stockfish, whose evaluations the weights are
        // fitted to, gives White about a third of a pawn here.
        assert!((0..60).contains(&start), "{start}");
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 700);
    }

    #[test]
    fn drawish_material_keeps_a_share_of_the_advantage() {
        // A rook against a bishop without pawns: a rook more in the weights, a draw on the
        // board.
        let rook_against_bishop = eval("4k3/8/8/3b4/8/8/8/3RK3 w - - 0 1");
        assert!(
            (0..60).contains(&rook_against_bishop),
            "{rook_against_bishop}"
        );
        // Two pawns up count for less with bishops of opposite colours than with bishops of
        // one colour (half, with nothing else but pawns on the board).
        let same = eval("4k3/8/4b3/8/3P4/8/5PB1/6K1 w - - 0 1");
        let opposite = eval("4k3/8/3b4/8/3P4/8/5PB1/6K1 w - - 0 1");
        assert!(same > 60 && opposite * 4 < same * 3, "{same} {opposite}");
        // A dark bishop and an a-pawn cannot drive the king out of a8; a light one can.
        assert_eq!(eval("1k6/8/8/8/8/P7/8/2B3K1 w - - 0 1"), 0);
        assert!(eval("1k6/8/8/8/8/P7/8/1B4K1 w - - 0 1") > 200);
        // Away from the corner the pawn promotes.
        assert!(eval("8/8/8/8/6k1/P7/8/2B3K1 w - - 0 1") > 200);
        // The same from Black's side.
        assert_eq!(eval("2b3k1/8/p7/8/8/8/8/1K6 b - - 0 1"), 0);
    }

    #[test]
    fn every_weight_has_a_name() {
        for index in 0..COUNT {
            assert!(!weight_name(index).starts_with("weight"), "{index}");
        }
    }
}
