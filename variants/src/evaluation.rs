//! Evaluation terms for games played with the standard chess pieces: material, tapered
//! piece-square tables, mobility, pawn structure (doubled, isolated, passed, supported) and king
//! safety (pawn shield, attacks on the king's zone). Every weight lives in [`WEIGHTS`] so the
//! terms can be tuned in one place. Shared by the variants that keep chess's pieces.

use amity_engine::evaluation::{Phase, Tapered, s};
use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Bitboard, Color, Position, Rules, Square};

/// Every tunable weight of the standard evaluation.
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Material per kind (pawn, knight, bishop, rook, queen, king).
    pub material: [Tapered; 6],
    /// Game-phase contribution per kind and the phase of the full starting material.
    pub phase: [i32; 6],
    pub full_phase: i32,
    /// Piece-square shapes (see [`piece_square`]).
    pub pawn_advance: [Tapered; 8],
    pub pawn_centre: Tapered,
    pub knight_centre: Tapered,
    pub bishop_centre: Tapered,
    pub rook_seventh: Tapered,
    pub rook_centre_file: Tapered,
    pub queen_centre: Tapered,
    pub king_home_mg: [i32; 8],
    pub king_advance_mg: i32,
    pub king_centre_eg: i32,
    /// Mobility per reachable square for knight, bishop, rook, queen, and the count that scores 0.
    pub mobility: [Tapered; 4],
    pub mobility_baseline: [i32; 4],
    pub doubled_pawn: Tapered,
    pub isolated_pawn: Tapered,
    pub supported_pawn: Tapered,
    /// Passed pawn by relative rank.
    pub passed_pawn: [Tapered; 8],
    /// Endgame bonus per square the enemy king is further from the passer's stop square than
    /// ours, scaled by the passer's rank.
    pub passer_king_distance: i32,
    pub bishop_pair: Tapered,
    pub rook_open_file: Tapered,
    pub rook_half_open_file: Tapered,
    /// Middlegame bonus per shield pawn one and two ranks in front of the king, penalty per
    /// missing shield file.
    pub shield_near: i32,
    pub shield_far: i32,
    pub shield_missing: i32,
    /// King-zone attack units per attacked zone square for knight, bishop, rook, queen.
    pub attack_units: [i32; 4],
    /// Middlegame penalty is units² / divisor, capped.
    pub attack_divisor: i32,
    pub attack_cap: i32,
    pub tempo: Tapered,
}

/// The weights Amity plays with.
pub const WEIGHTS: Weights = Weights {
    material: [
        s(90, 115),
        s(330, 310),
        s(345, 330),
        s(470, 540),
        s(1000, 980),
        s(0, 0),
    ],
    phase: [0, 1, 1, 2, 4, 0],
    full_phase: 24,
    pawn_advance: [
        s(0, 0),
        s(0, 0),
        s(2, 2),
        s(5, 6),
        s(10, 14),
        s(20, 30),
        s(40, 55),
        s(0, 0),
    ],
    pawn_centre: s(12, 0),
    knight_centre: s(9, 7),
    bishop_centre: s(4, 4),
    rook_seventh: s(16, 20),
    rook_centre_file: s(3, 0),
    queen_centre: s(2, 5),
    king_home_mg: [20, 30, 10, 0, 0, 10, 30, 20],
    king_advance_mg: 30,
    king_centre_eg: 12,
    mobility: [s(4, 4), s(5, 5), s(2, 5), s(1, 3)],
    mobility_baseline: [4, 6, 6, 12],
    doubled_pawn: s(-10, -22),
    isolated_pawn: s(-12, -10),
    supported_pawn: s(7, 5),
    passed_pawn: [
        s(0, 0),
        s(0, 8),
        s(2, 12),
        s(8, 22),
        s(18, 40),
        s(35, 70),
        s(60, 115),
        s(0, 0),
    ],
    passer_king_distance: 2,
    bishop_pair: s(30, 55),
    rook_open_file: s(28, 10),
    rook_half_open_file: s(12, 6),
    shield_near: 14,
    shield_far: 7,
    shield_missing: 14,
    attack_units: [2, 2, 3, 5],
    attack_divisor: 2,
    attack_cap: 450,
    tempo: s(12, 4),
};

pub(crate) const FILE_A: u64 = 0x0101_0101_0101_0101;
pub(crate) const FILE_H: u64 = FILE_A << 7;

/// Distance of a file or rank index (0..8) from the two central ones.
const fn edge_distance(index: usize) -> i32 {
    if index < 4 {
        3 - index as i32
    } else {
        index as i32 - 4
    }
}

/// Piece-square value of `kind` (0..6) on `square` from White's side, built from the shapes in
/// the weights: centralisation, pawn advance, the rook's seventh rank, the king's shelter.
pub(crate) const fn piece_square(weights: &Weights, kind: usize, square: usize) -> Tapered {
    let file = square % 8;
    let rank = square / 8;
    let centre = 3 - (edge_distance(file) + edge_distance(rank)) / 2;
    let (fd, rd) = (edge_distance(file), edge_distance(rank));
    let closeness = 6 - fd - rd;
    match kind {
        0 => {
            let advance = weights.pawn_advance[rank];
            let central = if fd == 0 && rank >= 2 && rank <= 4 {
                weights.pawn_centre.mg
            } else if fd == 1 && rank >= 2 && rank <= 4 {
                weights.pawn_centre.mg / 2
            } else {
                0
            };
            s(advance.mg + central, advance.eg)
        }
        1 => s(
            weights.knight_centre.mg * (closeness - 3),
            weights.knight_centre.eg * (closeness - 3),
        ),
        2 => s(
            weights.bishop_centre.mg * (closeness - 3),
            weights.bishop_centre.eg * (closeness - 3),
        ),
        3 => {
            let seventh = if rank == 6 {
                weights.rook_seventh
            } else {
                s(0, 0)
            };
            s(
                seventh.mg + weights.rook_centre_file.mg * (3 - fd),
                seventh.eg,
            )
        }
        4 => s(
            weights.queen_centre.mg * centre,
            weights.queen_centre.eg * (closeness - 3),
        ),
        _ => s(
            weights.king_home_mg[file] - weights.king_advance_mg * rank as i32,
            weights.king_centre_eg * (closeness - 3),
        ),
    }
}

const fn build_tables(weights: &Weights) -> [[Tapered; 64]; 6] {
    let mut tables = [[s(0, 0); 64]; 6];
    let mut kind = 0;
    while kind < 6 {
        let mut square = 0;
        while square < 64 {
            let shape = piece_square(weights, kind, square);
            let material = weights.material[kind];
            tables[kind][square] = s(shape.mg + material.mg, shape.eg + material.eg);
            square += 1;
        }
        kind += 1;
    }
    tables
}

/// Material plus piece-square value per kind and square (White's view; Black mirrors).
static TABLES: [[Tapered; 64]; 6] = build_tables(&WEIGHTS);

const PHASE: Phase = Phase {
    weights: &WEIGHTS.phase,
    full: WEIGHTS.full_phase,
};

#[inline]
pub(crate) fn pawn_attacks(pawns: u64, color: Color) -> u64 {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

/// Squares in front of `square` on its file and the neighbouring files, seen from `color`.
#[inline]
pub(crate) fn front_span(square: Square, color: Color) -> u64 {
    let file = square as usize % 8;
    let rank = square as usize / 8;
    let mut files = FILE_A << file;
    if file > 0 {
        files |= FILE_A << (file - 1);
    }
    if file < 7 {
        files |= FILE_A << (file + 1);
    }
    let ahead = match color {
        Color::White => {
            if rank == 7 {
                0
            } else {
                !0u64 << (8 * (rank + 1))
            }
        }
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    files & ahead
}

/// Both sides' pawns and the squares they attack, from one side's point of view.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pawns {
    pub ours: u64,
    pub theirs: u64,
    pub our_attacks: u64,
    pub their_attacks: u64,
}

impl Pawns {
    /// The pawns of `us` and of the other side, with their attacks as the board's
    /// `pawn_attacks` finds them.
    #[inline]
    pub(crate) fn of<R: Rules>(
        pos: &Position<R>,
        us: Color,
        pawn_attacks: impl Fn(u64, Color) -> u64,
    ) -> Pawns {
        let ours = pos.pieces(us, PAWN).0;
        let theirs = pos.pieces(!us, PAWN).0;
        Pawns {
            ours,
            theirs,
            our_attacks: pawn_attacks(ours, us),
            their_attacks: pawn_attacks(theirs, !us),
        }
    }
}

/// The zone of `color`'s king on `king`: its square and those around it, and one rank further
/// towards the other side of the board.
#[inline]
pub(crate) fn king_zone(king: Square, color: Color) -> u64 {
    let around = orthodox::attacks(KING, color, king, Bitboard::EMPTY).0 | (1u64 << king as u32);
    around
        | match color {
            Color::White => around << 8,
            Color::Black => around >> 8,
        }
}

/// The files beside `file` (not `file` itself), as a mask of the board.
#[inline]
pub(crate) fn neighbour_files(file: usize) -> u64 {
    (if file > 0 { FILE_A << (file - 1) } else { 0 })
        | (if file < 7 { FILE_A << (file + 1) } else { 0 })
}

/// How a king on its first two relative ranks is shielded, counted over its file and the
/// files beside it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shield {
    /// Files with a pawn of ours one rank ahead of the king.
    pub near: i32,
    /// Files with none there but one two ranks ahead.
    pub far: i32,
    /// Files with neither.
    pub missing: i32,
}

/// The pawn shield of `us`'s king on `king_file` and relative rank `king_rank` (0 or 1).
pub(crate) fn pawn_shield(our_pawns: u64, us: Color, king_file: usize, king_rank: usize) -> Shield {
    let mut shield = Shield::default();
    for file in king_file.saturating_sub(1)..=(king_file + 1).min(7) {
        let pawns_on_file = our_pawns & (FILE_A << file);
        let one_ahead = match us {
            Color::White => pawns_on_file & (0xFFu64 << (8 * (king_rank + 1))),
            Color::Black => pawns_on_file & (0xFFu64 << (8 * (6 - king_rank))),
        };
        let two_ahead = match us {
            Color::White => pawns_on_file & (0xFFu64 << (8 * (king_rank + 2))),
            Color::Black => pawns_on_file & (0xFFu64 << (8 * (5 - king_rank))),
        };
        if one_ahead != 0 {
            shield.near += 1;
        } else if two_ahead != 0 {
            shield.far += 1;
        } else {
            shield.missing += 1;
        }
    }
    shield
}

#[inline]
pub(crate) fn relative_rank(square: Square, color: Color) -> usize {
    let rank = square as usize / 8;
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

#[inline]
pub(crate) fn relative_square(square: Square, color: Color) -> usize {
    match color {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    }
}

pub(crate) fn distance(a: usize, b: usize) -> i32 {
    let files = (a % 8).abs_diff(b % 8);
    let ranks = (a / 8).abs_diff(b / 8);
    files.max(ranks) as i32
}

/// Everything one side earns, from its own point of view.
fn side_terms<R: Rules>(pos: &Position<R>, us: Color) -> Tapered {
    let w = &WEIGHTS;
    let them = !us;
    let occupied = pos.occupied();
    let pawns = Pawns::of(pos, us, pawn_attacks);
    let mut score = Tapered::ZERO;

    // Material and piece-square tables.
    for (index, kind) in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
        .into_iter()
        .enumerate()
    {
        for square in pos.pieces(us, kind) {
            score += TABLES[index][relative_square(square, us)];
        }
    }

    // Mobility: squares a piece reaches that are neither ours nor guarded by enemy pawns.
    let safe = !pos.color(us).0 & !pawns.their_attacks;
    let their_king = pos.pieces(them, KING).first();
    let zone = their_king.map_or(0, |king| king_zone(king, them));
    let mut attack_units = 0;
    let mut attackers = 0;
    for (index, kind) in [KNIGHT, BISHOP, ROOK, QUEEN].into_iter().enumerate() {
        for square in pos.pieces(us, kind) {
            let attacks = orthodox::attacks(kind, us, square, occupied).0;
            let reach = (attacks & safe).count_ones() as i32;
            score += w.mobility[index] * (reach - w.mobility_baseline[index]);
            let hits = (attacks & zone).count_ones() as i32;
            if hits > 0 {
                attackers += 1;
                attack_units += w.attack_units[index] * hits;
            }
        }
    }

    // King safety (scored against the enemy king): attacks on its zone grow quadratically,
    // and a lone attacker is worth much less than a coordinated attack.
    if attackers >= 2 {
        let danger = (attack_units * attack_units / w.attack_divisor).min(w.attack_cap);
        score += s(danger, danger / 8);
    } else if attackers == 1 {
        score += s(attack_units, 0);
    }

    // Our own king's pawn shield.
    if let Some(king) = pos.pieces(us, KING).first() {
        let king_file = king as usize % 8;
        let king_rank = relative_rank(king, us);
        if king_rank <= 1 {
            let shield = pawn_shield(pawns.ours, us, king_file, king_rank);
            score += s(
                shield.near * w.shield_near + shield.far * w.shield_far
                    - shield.missing * w.shield_missing,
                0,
            );
        }
    }

    // Pawn structure.
    let our_king = pos.pieces(us, KING).first();
    for square in pos.pieces(us, PAWN) {
        let file = square as usize % 8;
        let file_mask = FILE_A << file;
        let neighbours = neighbour_files(file);
        if pawns.ours & neighbours == 0 {
            score += w.isolated_pawn;
        }
        if pawns.our_attacks & (1u64 << square as u32) != 0 {
            score += w.supported_pawn;
        }
        let ahead = front_span(square, us);
        if (ahead & file_mask & pawns.ours) != 0 {
            score += w.doubled_pawn;
        }
        if ahead & pawns.theirs == 0 && (ahead & file_mask & pawns.ours) == 0 {
            let rank = relative_rank(square, us);
            score += w.passed_pawn[rank];
            let stop = match us {
                Color::White => square as usize + 8,
                Color::Black => (square as usize).wrapping_sub(8),
            };
            if stop < 64 {
                let theirs = their_king.map_or(0, |king| distance(king as usize, stop));
                let ours = our_king.map_or(0, |king| distance(king as usize, stop));
                let bonus = (theirs - ours) * w.passer_king_distance * rank as i32;
                score += s(0, bonus);
            }
        }
    }

    // Bishop pair, rooks on open and half-open files.
    if pos.pieces(us, BISHOP).count() >= 2 {
        score += w.bishop_pair;
    }
    for square in pos.pieces(us, ROOK) {
        let file_mask = FILE_A << (square as usize % 8);
        if pawns.ours & file_mask == 0 {
            score += if pawns.theirs & file_mask == 0 {
                w.rook_open_file
            } else {
                w.rook_half_open_file
            };
        }
    }
    score
}

/// The standard evaluation from the side to move's point of view.
pub fn standard<R: Rules>(pos: &Position<R>) -> i32 {
    let us = pos.turn();
    let score = side_terms(pos, us) - side_terms(pos, !us) + WEIGHTS.tempo;
    let counts =
        [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING].map(|kind| pos.kind(kind).count() as i32);
    PHASE.blend(score, &counts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;
    use amity_engine::Game;

    fn eval(fen: &str) -> i32 {
        let game = Game::from_fen(Chess::default(), fen).expect("valid FEN");
        standard(game.position())
    }

    #[test]
    fn start_position_is_nearly_level() {
        let score = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!((0..=30).contains(&score), "start position scored {score}");
    }

    #[test]
    fn evaluation_is_symmetric() {
        let white = eval("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black = eval("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(white, black);
    }

    #[test]
    fn extra_material_and_passers_count() {
        assert!(eval("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") > 80);
        assert!(eval("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1") < -80);
        let far = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let advanced = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(advanced > far + 50, "advanced {advanced} vs far {far}");
    }
}
