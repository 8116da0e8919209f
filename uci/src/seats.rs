//! Playing one seat of a game whose teams have several seats (Split-Brain): which seat the
//! engine plays (the variant's `SplitBrainSeat` option) and the deterministic board search
//! that makes two Amity partners agree without talking.

use std::sync::atomic::AtomicBool;

use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{Move, OptionValue, Position};
use amity_variants::VariantOptions;
use amity_variants::losalamos::LosAlamos;
use amity_variants::splitbrain::{self, PartnerModel, Seat, SeatError, SplitBrain};

/// Depth of a seat's board search when `go` names none. Fixed, not timed: partners agree only
/// if they search alike, and a clock would stop them at different depths.
pub const SEAT_DEPTH: u32 = 4;

/// Hash of the fresh searcher each seat decision uses (MB): small, because a decision is a
/// shallow search, and fresh, because what one process learnt earlier must not change its
/// answer (its partner did not learn it).
const SEAT_HASH_MB: usize = 4;

/// The seat the options name, if any (`all`: the engine plays every decision).
pub fn seat_of(options: &VariantOptions) -> Option<Seat> {
    match options.get(splitbrain::SEAT_OPTION)? {
        OptionValue::Choice(name) => Seat::parse(name),
        _ => None,
    }
}

/// The partner model the options name ([`splitbrain::PARTNER_OPTION`]; 0 or unset: alike).
pub fn partner_of(options: &VariantOptions) -> PartnerModel {
    match options.get(splitbrain::PARTNER_OPTION) {
        Some(OptionValue::Number(temperature)) => PartnerModel::from_temperature(temperature),
        _ => PartnerModel::Alike,
    }
}

/// A score as one number, mates beyond every evaluation.
fn score_value(score: Score) -> i32 {
    match score {
        Score::Centipawns(centipawns) => centipawns,
        Score::Mate(moves) if moves > 0 => 30_000 - moves,
        Score::Mate(moves) => -30_000 - moves,
    }
}

/// The decision `seat` owes in `pos`, by [`splitbrain::seat_decision`] with a fresh,
/// single-threaded board search to `limits.depth` (else [`SEAT_DEPTH`]) and `limits.nodes`.
///
/// # Errors
/// [`SeatError`] when the seat owes nothing now.
pub fn answer(
    pos: &Position<SplitBrain>,
    seat: Seat,
    partner: PartnerModel,
    limits: &Limits,
    stop: &AtomicBool,
) -> Result<Move, SeatError> {
    let depth = limits.depth.unwrap_or(SEAT_DEPTH).max(1);
    let mut search = |board: &Position<LosAlamos>, candidates: &[Move]| {
        let mut searcher = Searcher::new(SEAT_HASH_MB, 1);
        let board_limits = Limits {
            depth: Some(depth),
            nodes: limits.nodes,
            search_moves: candidates.to_vec(),
            ..Limits::default()
        };
        let result = searcher.search(
            &LosAlamos,
            board,
            &[board.hash()],
            &board_limits,
            stop,
            &mut |_| {},
        );
        (!result.best.is_null()).then(|| (result.best, score_value(result.score)))
    };
    splitbrain::seat_decision(pos, seat, partner, &mut search)
}

/// Amity's decision for seat number `seat` (in the order of the game's seats) from `view`, the
/// FEN of that seat's view, when the game is one whose seats are partners deciding apart
/// ([`answer`]); `None` when `game` is not such a game (its seats decide by the ordinary
/// search). The inner `None`: the seat owes nothing in that view.
pub fn partner_decision(
    game: &amity_variants::AnyGame,
    view: &str,
    seat: usize,
    depth: u32,
) -> Option<Option<String>> {
    let amity_variants::AnyGame::SplitBrain(_) = game else {
        return None;
    };
    let decided = Position::from_fen(&SplitBrain, view).ok().and_then(|view| {
        let seat = *Seat::ALL.get(seat)?;
        let limits = Limits::depth(depth.max(1));
        answer(
            &view,
            seat,
            PartnerModel::Alike,
            &limits,
            &AtomicBool::new(false),
        )
        .ok()
    });
    Some(decided.map(|mv| amity_engine::Rules::format_move(&SplitBrain, mv)))
}
