//! Evaluation for Pacifist Chess. Material never leaves the board, it only changes hands, so
//! the score weighs who owns it, what is about to change hands (pieces overly persuaded now,
//! pieces held by a single margin), who controls the board's squares, and how safe the kings
//! are from conversion (a side that loses its last king must claim one back or lose).

use amity_engine::orthodox::{KING, PAWN};
use amity_engine::{Bitboard, Color, Position, Rank, Square};

use super::Pacifist;
use super::influence::InfluenceMap;

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
        let count = pos
            .pieces(color, amity_engine::Kind::new(kind as u8))
            .count() as i32;
        total += value * count;
    }
    if pos.pieces(color, KING).any() {
        total -= VALUES[KING.index()];
    }
    total
}

fn value_at(pos: &Position<Pacifist>, square: Square) -> i32 {
    pos.piece_at(square)
        .map_or(0, |piece| VALUES[piece.kind.index()])
}

/// Pieces of `color` whose persuasion equals their support and is not zero: one more
/// persuader converts them.
fn balanced(map: &InfluenceMap, pos: &Position<Pacifist>, color: Color) -> Bitboard {
    let mut held = Bitboard::EMPTY;
    for square in pos.color(color) & map.reach(!color) {
        let ((pn, pd), (sn, sd)) = map.balance(color, square);
        if pn * sd == sn * pd {
            held.add(square);
        }
    }
    held
}

/// Everything that favours `color`, independent of whose turn it is.
fn side_terms(pos: &Position<Pacifist>, map: &InfluenceMap, color: Color) -> i32 {
    let mut score = material(pos, color);
    let kings = pos.pieces(color, KING);
    if kings.is_empty() {
        score -= KINGLESS;
    }
    for square in balanced(map, pos, color) {
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
            Color::White => rank - Rank::Second as i32,
            Color::Black => Rank::Seventh as i32 - rank,
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

/// Static evaluation from the side to move's point of view.
pub fn evaluate(rules: &Pacifist, pos: &Position<Pacifist>) -> i32 {
    let us = pos.turn();
    let map = rules.influence(pos);
    let mut score = side_terms(pos, &map, us) - side_terms(pos, &map, !us) + TEMPO;

    // What changes hands next: the enemy's overly persuaded pieces fall to any move of ours,
    // ours fall in our own step c unless the move rescues them.
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
