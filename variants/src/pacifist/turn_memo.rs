//! A memo of played-out turns ([`TurnMemo`]): what playing a move's turn in full told (whether
//! it converts for the mover without losing anything, and the material swing), so that the
//! search's repeated questions about one move ([`amity_engine::Rules::is_tactical_in`] and
//! [`amity_engine::Rules::gain_in`] during generation, ordering and pruning) play it at most once.
//!
//! A turn's outcome depends on the colours and kinds on the board, the side to move, the move
//! and the measure, and on nothing else (castling rights only lose bits, clocks are not read):
//! an entry is found only when all of those are equal ([`BoardKey`] holds the first three).
//! The Zobrist hash only picks the slot.
//!
//! It also keeps, per balance type (a measure on a back-end), the last piece lifted for a quick
//! look at a move ([`LiftSlot`]): the search asks about a position's moves piece by piece, so
//! the moves of one piece share one lift. Both belong to a thread's
//! [`Caches`](super::caches::Caches).

use amity_engine::{Move, Position, Rules, Square};

use super::influence::{Balance, BoardKey, Lifted, Measure, NodeInfluence};

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

/// The turns played out last, one per slot of a direct-mapped table.
#[derive(Default)]
pub struct TurnMemo {
    /// Empty until the first turn is remembered (caches made for one call never need it).
    entries: Vec<Option<Entry>>,
}

#[inline]
fn slot<R: Rules>(pos: &Position<R>, mv: Move, measure: Measure) -> usize {
    let mixed = (pos.hash() ^ u64::from(mv.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(measure as u64)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    (mixed >> (64 - SLOTS.trailing_zeros())) as usize
}

impl TurnMemo {
    /// The turn of `mv` from `pos` under `measure`, if it is remembered.
    #[inline]
    pub fn recall<R: Rules>(
        &self,
        pos: &Position<R>,
        mv: Move,
        measure: Measure,
    ) -> Option<PlayedTurn> {
        let entry = self.entries.get(slot(pos, mv, measure))?.as_ref()?;
        (entry.mv == mv && entry.measure == measure && entry.board == BoardKey::of(pos))
            .then_some(entry.turn)
    }

    /// Remembers `turn` as the turn of `mv` from `pos` under `measure`, in place of whatever
    /// shared its slot.
    #[inline]
    pub fn remember<R: Rules>(
        &mut self,
        pos: &Position<R>,
        mv: Move,
        measure: Measure,
        turn: PlayedTurn,
    ) {
        if self.entries.is_empty() {
            self.entries = vec![None; SLOTS];
        }
        self.entries[slot(pos, mv, measure)] = Some(Entry {
            board: BoardKey::of(pos),
            mv,
            measure,
            turn,
        });
    }
}

/// For one balance type: the piece last lifted off a board for a quick look, kept with that
/// board and its square.
pub struct LiftSlot<B>(Option<(BoardKey, Square, Lifted<B>)>);

impl<B: Balance> LiftSlot<B> {
    pub const EMPTY: Self = LiftSlot(None);

    /// Runs `f` on `node` (the node of `pos`) with the piece on `from` lifted, lifted again
    /// only when the last lift was of another board or square.
    #[inline(always)]
    pub fn with_lifted<R: Rules, T>(
        &mut self,
        pos: &Position<R>,
        node: &NodeInfluence<B>,
        from: Square,
        f: impl FnOnce(&Lifted<B>) -> T,
    ) -> T {
        let key = BoardKey::of(pos);
        let fits = matches!(&self.0, Some((board, square, _)) if *square == from && *board == key);
        if !fits {
            self.0 = Some((key, from, node.lift(pos, from)));
        }
        match &self.0 {
            Some((_, _, lifted)) => f(lifted),
            None => unreachable!("the slot was just filled"),
        }
    }
}
