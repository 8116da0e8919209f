//! How a file-defined game ends: extinction, capture the flag and counted checks before any
//! move, the values of checkmate and stalemate when no move is left, and makruk's and
//! ASEAN's counting rules, which draw a game whose count of moves runs out.

use amity_engine::{Bitboard, Color, DrawReason, Kind, Outcome, Position, WinReason};

use super::FileGame;
use super::definition::{Counted, Counting, CountingRule, Definition, GameValue, ShatarMate};

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

/// A counting rule's count as it runs: the plies it allows (0: not started) and the plies
/// gone, as Fairy-Stockfish 11.1 keeps them (its FEN's `countingLimit` and `countingPly`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub limit: u16,
    pub ply: u16,
}

/// The moves a counting rule gives to mate the side to move in `pos` (0: no count starts).
fn counting_moves(counting: &Counting, pawn: Option<Kind>, pos: &Position<FileGame>) -> u16 {
    let to_move = pos.turn();
    let ours = pos.color(to_move).count();
    let theirs = |kind: Option<Kind>| kind.map_or(0, |kind| pos.pieces(!to_move, kind).count());
    match counting.rule {
        CountingRule::Makruk => {
            let pawns = pawn.map_or(0, |pawn| {
                pos.pieces(Color::White, pawn).count() + pos.pieces(Color::Black, pawn).count()
            });
            if pawns > 0 || pos.color(!to_move).count() == 1 {
                0
            } else if ours > 1 {
                // The board's honour.
                64
            } else if theirs(counting.rook) > 1 {
                // The pieces' honour: a bare king against the strongest pieces left.
                8
            } else if theirs(counting.rook) == 1 {
                16
            } else if theirs(counting.khon) > 1 {
                22
            } else if theirs(counting.knight) > 1 {
                32
            } else if theirs(counting.khon) == 1 {
                44
            } else {
                64
            }
        }
        CountingRule::Asean => {
            if ours > 1 {
                0
            } else if theirs(counting.rook) > 0 {
                16
            } else if theirs(counting.khon) > 0 && theirs(counting.met) > 0 {
                44
            } else if theirs(counting.knight) > 0 && theirs(counting.met) > 0 {
                64
            } else {
                0
            }
        }
    }
}

/// The count after a move to `pos` (`captured`: the move took a piece), from `before`'s: a
/// running count goes on by a ply; one starts when it can, and starts again when a capture
/// leaves the side to move a bare king (makruk's count then begins at the pieces on the
/// board).
pub fn next_count(
    game: &Definition,
    pos: &Position<FileGame>,
    before: Count,
    captured: bool,
) -> Count {
    let Some(counting) = &game.counting else {
        return before;
    };
    let mut count = before;
    if count.limit > 0 {
        count.ply = count.ply.saturating_add(1);
    }
    let bare = pos.color(pos.turn()).count() == 1;
    if count.limit == 0 || (captured && bare) {
        let moves = counting_moves(counting, game.pawn, pos);
        if moves > 0 {
            count.limit = 2 * moves;
            count.ply = if counting.rule == CountingRule::Makruk && bare {
                2 * pos.occupied().count() as u16
            } else {
                0
            };
        }
    }
    count
}

/// Whether the count has run out (the side to move may still be mated: the caller asks).
pub fn count_ran_out(game: &Definition, pos: &Position<FileGame>) -> bool {
    game.counting.is_some()
        && pos.state.count.limit > 0
        && pos.state.count.ply > pos.state.count.limit
}

/// Where a side stands in a run of checks, for shatar's mating rule: as of the last
/// position with it to move, not in check, in check in a run without a shak, or in a run
/// that had one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Checks {
    #[default]
    None,
    Plain,
    Shak,
}

/// The run of checks against the side to move, with `checkers` giving check now, after
/// `before` (its run as of its last turn, two plies back).
pub fn next_checks(
    shatar: &ShatarMate,
    pos: &Position<FileGame>,
    checkers: Bitboard,
    before: Checks,
) -> Checks {
    if checkers.is_empty() {
        return Checks::None;
    }
    let shak = shatar
        .shak
        .iter()
        .any(|&kind| pos.pieces(!pos.turn(), kind).intersects(checkers));
    if shak || before == Checks::Shak {
        Checks::Shak
    } else {
        Checks::Plain
    }
}

/// A checkmate as shatar values it: given by knights alone it loses for the mating side; in
/// a run of checks without a shak it is a draw (niol); otherwise the game's checkmate value.
pub fn shatar_mate(
    game: &Definition,
    shatar: &ShatarMate,
    pos: &Position<FileGame>,
    checkers: Bitboard,
) -> Outcome {
    let to_move = pos.turn();
    let knights = shatar
        .knight
        .map_or(Bitboard::EMPTY, |knight| pos.pieces(!to_move, knight));
    if !checkers.is_empty() && (checkers & !knights).is_empty() {
        return outcome(GameValue::Win, to_move, "a mate by a knight");
    }
    if pos.state.checks_run[amity_engine::position::color_index(to_move)] != Checks::Shak {
        return Outcome::Draw(DrawReason::Variant("niol, a mate without a shak"));
    }
    no_move(game, pos, true)
}
