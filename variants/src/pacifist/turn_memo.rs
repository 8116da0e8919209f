//! A per-thread memo of played-out turns: what playing a move's turn in full told (whether it
//! converts for the mover without losing anything, and the material swing), so that the
//! search's repeated questions about one move ([`amity_engine::Rules::is_tactical`] and
//! [`amity_engine::Rules::gain`] during generation, ordering and pruning) play it at most once.
//!
//! A turn's outcome depends on the colours and kinds on the board, the side to move, the move
//! and the measure, and on nothing else (castling rights only lose bits, clocks are not read):
//! an entry is found only when all of those are equal ([`BoardKey`] holds the first three).
//! The Zobrist hash only picks the slot.
//!
//! It also keeps, per balance type (a measure on a back-end), the last piece lifted for a quick
//! look at a move ([`LiftMemo`]): the search asks about a position's moves piece by piece, so
//! the moves of one piece share one lift.

use std::cell::RefCell;

use amity_engine::{Move, Position, Rules, Square};

use super::influence::{
    BoardKey, Lifted, Measure, NodeCache, NodeInfluence, SlicedAverage, SlicedCount, SlicedValue,
    with_local,
};

/// What a move's turn, played in full, tells the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedTurn {
    /// The mover converted something and lost nothing (a tactical move, promotions aside).
    pub converts_cleanly: bool,
    /// The mover's material minus the opponent's after the turn, less the same before.
    pub swing: i32,
}

#[derive(Clone, Copy)]
struct Entry {
    board: BoardKey,
    mv: Move,
    measure: Measure,
    turn: PlayedTurn,
}

/// Slots of the direct-mapped table (a power of two): the moves of a few positions, which is
/// how far apart the search asks about the same move.
const SLOTS: usize = 256;

thread_local! {
    static MEMO: RefCell<[Option<Entry>; SLOTS]> = const { RefCell::new([None; SLOTS]) };
}

#[inline]
fn slot<R: Rules>(pos: &Position<R>, mv: Move, measure: Measure) -> usize {
    let mixed = (pos.hash() ^ u64::from(mv.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(measure as u64)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    (mixed >> (64 - SLOTS.trailing_zeros())) as usize
}

/// The turn of `mv` from `pos` under `measure`, if it is remembered.
#[inline]
pub fn recall<R: Rules>(pos: &Position<R>, mv: Move, measure: Measure) -> Option<PlayedTurn> {
    let index = slot(pos, mv, measure);
    MEMO.with(|memo| {
        let memo = memo.borrow();
        let entry = memo[index].as_ref()?;
        (entry.mv == mv && entry.measure == measure && entry.board == BoardKey::of(pos))
            .then_some(entry.turn)
    })
}

/// Remembers `turn` as the turn of `mv` from `pos` under `measure`, in place of whatever
/// shared its slot.
#[inline]
pub fn remember<R: Rules>(pos: &Position<R>, mv: Move, measure: Measure, turn: PlayedTurn) {
    let index = slot(pos, mv, measure);
    MEMO.with(|memo| {
        memo.borrow_mut()[index] = Some(Entry {
            board: BoardKey::of(pos),
            mv,
            measure,
            turn,
        });
    });
}

/// Per thread, for one balance type: the piece last lifted off a board for a quick look,
/// kept with that board and its square.
pub trait LiftMemo: NodeCache {
    /// Runs `f` on `node` (the node of `pos`) with the piece on `from` lifted, lifted again
    /// only when the last lift was of another board or square.
    fn with_lifted<R: Rules, T>(
        pos: &Position<R>,
        node: &NodeInfluence<Self>,
        from: Square,
        f: impl FnOnce(&Lifted<Self>) -> T,
    ) -> T;
}

macro_rules! lift_memo {
    ($balance:ty, $slot:ident) => {
        thread_local! {
            static $slot: RefCell<Option<(BoardKey, Square, Lifted<$balance>)>> =
                const { RefCell::new(None) };
        }

        impl LiftMemo for $balance {
            #[inline(always)]
            fn with_lifted<R: Rules, T>(
                pos: &Position<R>,
                node: &NodeInfluence<Self>,
                from: Square,
                f: impl FnOnce(&Lifted<Self>) -> T,
            ) -> T {
                with_local(&$slot, #[inline(always)] |slot| {
                    let mut slot = slot.borrow_mut();
                    let key = BoardKey::of(pos);
                    let fits =
                        matches!(&*slot, Some((board, square, _)) if *square == from && *board == key);
                    if !fits {
                        *slot = Some((key, from, node.lift(pos, from)));
                    }
                    match &*slot {
                        Some((_, _, lifted)) => f(lifted),
                        None => unreachable!("the slot was just filled"),
                    }
                })
            }
        }
    };
}

lift_memo!(SlicedCount, SLICED_COUNT_LIFT);
lift_memo!(SlicedValue, SLICED_VALUE_LIFT);
lift_memo!(SlicedAverage, SLICED_AVERAGE_LIFT);
#[cfg(target_arch = "x86_64")]
lift_memo!(super::lanes::ByteDifference, LANES_COUNT_LIFT);
#[cfg(target_arch = "x86_64")]
lift_memo!(super::lanes::WordDifference, LANES_VALUE_LIFT);
#[cfg(target_arch = "x86_64")]
lift_memo!(super::lanes::WordAverage, LANES_AVERAGE_LIFT);
