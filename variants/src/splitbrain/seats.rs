//! Playing one seat of Split-Brain: which seat the options name, and the deterministic board
//! search that makes two Amity partners agree without talking. The protocols and the web
//! page reach it through [`seat_answer`] and [`partner_decision`], which take any game and
//! answer only for this one, so they never name it.

use std::sync::atomic::AtomicBool;

use amity_engine::search::{Limits, Searcher};
use amity_engine::{Move, Notation, OptionValue, Position};

use super::{PARTNER_OPTION, PartnerModel, SEAT_OPTION, Seat, SeatError, SplitBrain};
use crate::losalamos::LosAlamos;
use crate::losalamos::network::LosAlamosNetwork;
use crate::{AnyGame, VariantOptions};

/// Depth of a seat's board search when `go` names none. Fixed, not timed: partners agree only
/// if they search alike, and a clock would stop them at different depths.
pub const SEAT_DEPTH: u32 = 4;

/// Hash of the fresh searcher each seat decision uses (MB): small, because a decision is a
/// shallow search, and fresh, because what one process learnt earlier must not change its
/// answer (its partner did not learn it).
const SEAT_HASH_MB: usize = 4;

/// The seat the options name, if any (`all`: the engine plays every decision).
pub fn seat_of(options: &VariantOptions) -> Option<Seat> {
    match options.get(SEAT_OPTION)? {
        OptionValue::Choice(name) => Seat::parse(name),
        _ => None,
    }
}

/// The partner model the options name ([`PARTNER_OPTION`]; 0 or unset: alike).
pub fn partner_of(options: &VariantOptions) -> PartnerModel {
    match options.get(PARTNER_OPTION) {
        Some(OptionValue::Number(temperature)) => PartnerModel::from_temperature(temperature),
        _ => PartnerModel::Alike,
    }
}

/// Whether the options make the engine play one seat of a team (it then answers only that
/// seat's decisions).
pub fn plays_one_seat(options: &VariantOptions) -> bool {
    seat_of(options).is_some()
}

/// The decision `seat` owes in `pos`, by [`super::seat_decision`] with a fresh,
/// single-threaded board search to `limits.depth` and `limits.nodes` (with neither, to
/// [`SEAT_DEPTH`]). A node budget alone (`go nodes`, a strength level) sets no depth: the
/// level's budget is what makes a weaker seat, and two partners at one level still search
/// alike, each search being fresh and node-bound.
/// A clock or move time only cuts a search that would overrun the hard budget (a slow or
/// busy machine): partners then may disagree, but the seat does not lose on time.
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
    let depth = limits
        .depth
        .or(limits.nodes.is_none().then_some(SEAT_DEPTH))
        .map(|depth| depth.max(1));
    let deadline = limits
        .budget()
        .hard
        .map(|hard| std::time::Instant::now() + hard);
    let mut search = |board: &Position<LosAlamos>, candidates: &[Move]| {
        let mut searcher = Searcher::new(SEAT_HASH_MB, 1);
        let board_limits = Limits {
            depth,
            nodes: limits.nodes,
            movetime: deadline.map(|deadline| {
                deadline
                    .saturating_duration_since(std::time::Instant::now())
                    .max(std::time::Duration::from_millis(1))
            }),
            search_moves: candidates.to_vec(),
            ..Limits::default()
        };
        // The seats' levels and partner models were measured with the linear evaluation;
        // Los Alamos's network plays Los Alamos, not (yet) a seat's board.
        let result = searcher.search(
            &LosAlamos::with_network(LosAlamosNetwork::linear()),
            board,
            &[board.hash()],
            &board_limits,
            stop,
            &mut |_| {},
        );
        (!result.best.is_null()).then(|| (result.best, result.score.ordered_value()))
    };
    super::seat_decision(pos, seat, partner, &mut search)
}

/// The decision of the seat the options name, when `game` is a game of seats and the options
/// name one: `None` when the engine plays every decision (the ordinary search answers).
///
/// # Errors
/// [`SeatError`] when the seat owes nothing now.
pub fn seat_answer(
    game: &AnyGame,
    options: &VariantOptions,
    limits: &Limits,
    stop: &AtomicBool,
) -> Option<Result<Move, SeatError>> {
    let AnyGame::SplitBrain(game) = game else {
        return None;
    };
    let seat = seat_of(options)?;
    Some(answer(
        game.position(),
        seat,
        partner_of(options),
        limits,
        stop,
    ))
}

/// Amity's decision for seat number `seat` (in the order of the game's seats) from `view`, the
/// FEN of that seat's view, when the game is one whose seats are partners deciding apart
/// ([`answer`]); `None` when `game` is not such a game (its seats decide by the ordinary
/// search). The inner `None`: the seat owes nothing in that view.
pub fn partner_decision(
    game: &AnyGame,
    view: &str,
    seat: usize,
    depth: u32,
) -> Option<Option<String>> {
    let AnyGame::SplitBrain(_) = game else {
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
    Some(decided.map(|mv| SplitBrain.format_move(mv)))
}

/// At a table with people, each of Amity's seats decides apart, by [`answer`], trusting its
/// partner to decide alike.
impl amity_engine::Partner for SplitBrain {
    fn decide_as_partner(
        &self,
        view: &Position<SplitBrain>,
        seat: usize,
        heard: Option<&str>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<amity_engine::PartnerDecision> {
        let _ = heard;
        let seat = *Seat::ALL.get(seat)?;
        let decision = answer(view, seat, PartnerModel::Alike, limits, stop).ok()?;
        Some(amity_engine::PartnerDecision {
            decision,
            written: self.format_move(decision),
            speech: None,
            remark: None,
        })
    }
}
