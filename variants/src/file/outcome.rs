//! How a file-defined game ends: extinction, capture the flag and counted checks before any
//! move, and the values of checkmate and stalemate when no move is left.

use amity_engine::{Color, DrawReason, Outcome, Position, WinReason};

use super::FileGame;
use super::definition::{Counted, Definition, GameValue};

/// The outcome a value for the side to move stands for.
fn outcome(value: GameValue, to_move: Color, why: &'static str) -> Outcome {
    match value {
        GameValue::Win => Outcome::Win {
            winner: to_move,
            reason: WinReason::Variant(why),
        },
        GameValue::Loss => Outcome::Win {
            winner: !to_move,
            reason: WinReason::Variant(why),
        },
        GameValue::Draw => Outcome::Draw(DrawReason::Variant(why)),
    }
}

fn flipped(value: GameValue) -> GameValue {
    match value {
        GameValue::Win => GameValue::Loss,
        GameValue::Loss => GameValue::Win,
        GameValue::Draw => GameValue::Draw,
    }
}

/// A result the game's own rules decide before any move: a side's pieces died out, a flag
/// was captured, or a side gave its last counted check.
pub fn terminal(game: &Definition, pos: &Position<FileGame>) -> Option<Outcome> {
    let to_move = pos.turn();
    if let Some(extinction) = &game.extinction {
        for side in [Color::White, Color::Black] {
            let claim = u32::from(extinction.claim && side == to_move);
            let extinct = |ours: usize, theirs: usize| {
                ours as u32 <= extinction.count
                    && theirs as u32 >= extinction.opponent_count + claim
            };
            let died_out = match &extinction.counted {
                Counted::All => extinct(pos.color(side).count(), pos.color(!side).count()),
                Counted::Kinds(kinds) => kinds.iter().any(|&kind| {
                    extinct(
                        pos.pieces(side, kind).count(),
                        pos.pieces(!side, kind).count(),
                    )
                }),
            };
            if died_out {
                let value = if side == to_move {
                    extinction.value
                } else {
                    flipped(extinction.value)
                };
                return Some(outcome(value, to_move, "extinction"));
            }
        }
    }
    if let Some(flag) = &game.flag {
        let arrived = |side: Color| {
            pos.pieces(side, flag.kind)
                .intersects(flag.regions[amity_engine::position::color_index(side)])
        };
        // With an answer allowed, White's arrival waits for Black's move: the game ends with
        // White to move, drawn if Black arrived too.
        if flag.answer && arrived(to_move) {
            let value = if arrived(!to_move) && to_move == Color::White {
                GameValue::Draw
            } else {
                GameValue::Win
            };
            return Some(outcome(value, to_move, "flag"));
        }
        if arrived(!to_move) && (!flag.answer || to_move == Color::White) {
            return Some(outcome(GameValue::Loss, to_move, "flag"));
        }
    }
    if game.check_counting && pos.state.checks[amity_engine::position::color_index(!to_move)] == 0 {
        return Some(outcome(GameValue::Loss, to_move, "checks"));
    }
    None
}

/// The result when the side to move has no legal move: checkmate's value in check (but a
/// mate by a pawn drop the game forbids loses for the dropper), else stalemate's (or, with
/// `stalematePieceCount`, a win for the side with fewer pieces).
pub fn no_move(game: &Definition, pos: &Position<FileGame>, in_check: bool) -> Outcome {
    let to_move = pos.turn();
    if in_check && pos.state.pawn_dropped {
        return outcome(GameValue::Win, to_move, "mate by a pawn drop");
    }
    if !in_check && game.stalemate_piece_count {
        let ours = pos.color(to_move).count();
        let theirs = pos.color(!to_move).count();
        let value = match ours.cmp(&theirs) {
            std::cmp::Ordering::Less => GameValue::Win,
            std::cmp::Ordering::Greater => GameValue::Loss,
            std::cmp::Ordering::Equal => GameValue::Draw,
        };
        return outcome(value, to_move, "stalemate, by the pieces left");
    }
    if in_check {
        match game.checkmate {
            GameValue::Loss => Outcome::Win {
                winner: !to_move,
                reason: WinReason::Checkmate,
            },
            value => outcome(value, to_move, "checkmate"),
        }
    } else {
        match game.stalemate {
            GameValue::Draw => Outcome::Draw(DrawReason::Stalemate),
            value => outcome(value, to_move, "stalemate"),
        }
    }
}
