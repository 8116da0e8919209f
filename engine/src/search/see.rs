//! Static exchange evaluation for the standard pieces: the material outcome of the capture
//! sequence on one square when both sides recapture with their least valuable attacker (the
//! swap algorithm), x-rays through the pieces that have already captured included.

use shakmaty::{Bitboard, Color};

use crate::moves::{Move, MoveFlag};
use crate::orthodox::{KING, PAWN, attackers_to};
use crate::position::{Kind, Position};
use crate::rules::{Rules, RulesExt};

/// Value that makes losing the king outweigh any material.
const KING_VALUE: i32 = 20_000;

fn value<R: Rules>(rules: &R, kind: Kind) -> i32 {
    if kind == KING {
        KING_VALUE
    } else {
        rules.pieces()[kind.index()].value
    }
}

/// The least valuable piece of `side` among `attackers`.
fn least_valuable<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    attackers: Bitboard,
    side: Color,
) -> Option<(shakmaty::Square, Kind)> {
    let mut best: Option<(shakmaty::Square, Kind, i32)> = None;
    for square in attackers & pos.color(side) {
        if let Some(piece) = pos.piece_at(square) {
            let worth = value(rules, piece.kind);
            if best.is_none_or(|(_, _, seen)| worth < seen) {
                best = Some((square, piece.kind, worth));
            }
        }
    }
    best.map(|(square, kind, _)| (square, kind))
}

/// Static exchange evaluation of `mv` for a variant played with the standard six pieces
/// (kinds 0..6 of [`crate::orthodox`]); promotions count the promoted piece.
pub fn orthodox<R: Rules>(rules: &R, pos: &Position<R>, mv: Move) -> i32 {
    let flag = mv.flag();
    if !matches!(
        flag,
        MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::EnPassant
    ) {
        return 0;
    }
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else {
        return 0;
    };
    let us = pos.turn();
    let mut occupied = pos.occupied() ^ Bitboard::from_square(from);
    let mut gains = [0i32; 40];
    gains[0] = rules.gain(pos, mv);
    let mut on_square = value(rules, mover.kind);
    if flag == MoveFlag::Promotion {
        let promoted = value(rules, mv.kind());
        gains[0] += promoted - value(rules, PAWN);
        on_square = promoted;
    }
    if flag == MoveFlag::EnPassant {
        let captured = shakmaty::Square::from_coords(to.file(), from.rank());
        occupied ^= Bitboard::from_square(captured);
    }
    let mut side = !us;
    let mut depth = 0;
    loop {
        let attackers = (attackers_to(pos, to, Color::White, occupied)
            | attackers_to(pos, to, Color::Black, occupied))
            & occupied;
        let Some((square, kind)) = least_valuable(rules, pos, attackers, side) else {
            break;
        };
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = on_square - gains[depth - 1];
        // Neither side would go on from here: the sequence is decided.
        if gains[depth].max(-gains[depth - 1]) < 0 {
            break;
        }
        on_square = value(rules, kind);
        occupied ^= Bitboard::from_square(square);
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
