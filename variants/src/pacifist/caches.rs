//! What one thread keeps between Pacifist's rules calls ([`Caches`]): the nodes last built
//! ([`NodeSlots`]), the piece last lifted for a quick look ([`LiftSlot`]) and the turns
//! already played out ([`TurnMemo`]). The search owns one per thread, in the thread's
//! [`Scratch`](amity_engine::Scratch), and lends it to every rules call that takes one
//! ([`Rules::generate_in`](amity_engine::Rules::generate_in) and the others); so the caches
//! live across the moves of a game and go with the thread's history when a new game starts.
//! A call without a scratch works on caches of its own, made for that call.
//!
//! Everything kept is a pure memo, found only for the same board (and move and measure): what
//! a cache holds never changes an answer, only how soon it comes.

use super::influence::{Balance, NodeSlots, SlicedAverage, SlicedCount, SlicedValue};
use super::made;
use super::turn_memo::{LiftSlot, TurnMemo};

/// A thread's caches, for every balance (a measure on a back-end): one set of rules uses
/// one balance, whose part is made on first use (so that caches made for one call cost
/// little). Measured against parts kept inline, which spare the look-up: no faster.
#[derive(Default)]
pub struct Caches {
    /// Turns played out, keyed by measure.
    pub(super) turns: TurnMemo,
    sliced_count: Option<Box<Kept<SlicedCount>>>,
    sliced_value: Option<Box<Kept<SlicedValue>>>,
    sliced_average: Option<Box<Kept<SlicedAverage>>>,
    #[cfg(target_arch = "x86_64")]
    lanes_count: Option<Box<Kept<super::lanes::ByteDifference>>>,
    #[cfg(target_arch = "x86_64")]
    lanes_value: Option<Box<Kept<super::lanes::WordDifference>>>,
    #[cfg(target_arch = "x86_64")]
    lanes_average: Option<Box<Kept<super::lanes::WordAverage>>>,
}

/// What is kept for one balance.
pub struct Kept<B> {
    /// The nodes last asked for and last played to.
    pub nodes: NodeSlots<B>,
    /// The piece last lifted for a quick look at a move.
    pub lift: LiftSlot<B>,
}

impl<B: Balance> Default for Kept<B> {
    fn default() -> Self {
        Kept {
            nodes: NodeSlots::EMPTY,
            lift: LiftSlot::EMPTY,
        }
    }
}

/// A balance with its part of [`Caches`].
pub trait Cached: Balance + 'static {
    /// This balance's part of `caches`, made on first use.
    fn kept(caches: &mut Caches) -> &mut Kept<Self>;
}

macro_rules! cached {
    ($balance:ty, $field:ident) => {
        impl Cached for $balance {
            #[inline(always)]
            fn kept(caches: &mut Caches) -> &mut Kept<Self> {
                made::<Box<Kept<Self>>>(
                    &mut caches.$field,
                    #[inline(always)]
                    || Box::default(),
                )
            }
        }
    };
}

cached!(SlicedCount, sliced_count);
cached!(SlicedValue, sliced_value);
cached!(SlicedAverage, sliced_average);
#[cfg(target_arch = "x86_64")]
cached!(super::lanes::ByteDifference, lanes_count);
#[cfg(target_arch = "x86_64")]
cached!(super::lanes::WordDifference, lanes_value);
#[cfg(target_arch = "x86_64")]
cached!(super::lanes::WordAverage, lanes_average);
