//! Move ordering: the history table search learns from, and the staged move picker that hands
//! out a node's moves best-first: the hash move, good captures (static exchange not losing,
//! most valuable victim / least valuable attacker first), killers and the countermove, quiet
//! moves by history, bad captures last. Every legal move comes out exactly once (a test
//! compares its perft with plain generation).

use crate::rules::RulesExt;
use arrayvec::ArrayVec;
use shakmaty::Color;

use crate::moves::{MAX_MOVES, Move, MoveFlag, MoveList};
use crate::position::{MAX_KINDS, Position};
use crate::rules::Rules;
use crate::scratch::Scratch;

/// Largest magnitude a history score reaches (the self-damping update keeps it there).
pub const HISTORY_MAX: i32 = 16_384;

/// Butterfly history: how often a quiet move (by side, from, to) caused a cutoff, with recent
/// results weighing more than old ones.
pub struct History {
    table: Vec<i32>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; 2 * 64 * 64 * 2],
        }
    }

    #[inline]
    fn index(color: Color, mv: Move) -> usize {
        let side = usize::from(color == Color::Black);
        // Drops carry no origin square: their kind stands in for it, in a second half.
        let (from, half) = match mv.flag() {
            MoveFlag::Drop => (mv.kind().index(), 1),
            _ => (mv.from() as usize, 0),
        };
        ((half * 2 + side) * 64 + from) * 64 + mv.to() as usize
    }

    /// Whether nothing has been learnt (every score zero).
    pub fn is_empty(&self) -> bool {
        self.table.iter().all(|&score| score == 0)
    }

    #[inline]
    pub fn get(&self, color: Color, mv: Move) -> i32 {
        self.table[Self::index(color, mv)]
    }

    /// Adds `bonus` (negative: a malus), damped by the current score, so scores stay within
    /// [`HISTORY_MAX`].
    #[inline]
    pub fn update(&mut self, color: Color, mv: Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.table[Self::index(color, mv)];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// Halves every score (between searches, so old lessons fade).
    pub fn age(&mut self) {
        for entry in &mut self.table {
            *entry /= 2;
        }
    }
}

/// A move's piece and destination, `kind * 64 + to`: what continuation history is keyed by.
pub const PIECE_SQUARES: usize = MAX_KINDS * 64;

/// The [`PIECE_SQUARES`] slot of `mv` in `pos` (before it is played): the moving piece's kind
/// (the dropped kind for a drop) and the destination.
#[inline]
pub fn piece_square<R: Rules>(pos: &Position<R>, mv: Move) -> usize {
    let kind = match mv.flag() {
        MoveFlag::Drop => mv.kind().index(),
        _ => pos
            .piece_at(mv.from())
            .map_or(0, |piece| piece.kind.index()),
    };
    (kind.min(MAX_KINDS - 1)) * 64 + mv.to() as usize
}

/// Continuation history: how often a quiet move (its piece and destination) caused a cutoff
/// right after a given earlier move (its piece and destination), the move one ply before and
/// the move two plies before each with their own table. It learns follow-ups (a reply to a
/// threat, the second move of a plan) that the butterfly table averages away.
pub struct ContinuationHistory {
    table: Vec<i16>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        ContinuationHistory::new()
    }
}

impl ContinuationHistory {
    pub fn new() -> ContinuationHistory {
        ContinuationHistory {
            table: vec![0; PIECE_SQUARES * PIECE_SQUARES],
        }
    }

    /// Whether nothing has been learnt.
    pub fn is_empty(&self) -> bool {
        self.table.iter().all(|&score| score == 0)
    }

    /// The scores of every move after the earlier move `earlier` (a [`piece_square`] slot).
    #[inline]
    pub fn after(&self, earlier: usize) -> &[i16] {
        &self.table[earlier * PIECE_SQUARES..(earlier + 1) * PIECE_SQUARES]
    }

    /// Adds `bonus` to the score of `later` after `earlier`, damped like [`History::update`].
    #[inline]
    pub fn update(&mut self, earlier: usize, later: usize, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.table[earlier * PIECE_SQUARES + later];
        let value = i32::from(*entry);
        *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
    }

    /// Halves every score (between searches).
    pub fn age(&mut self) {
        for entry in &mut self.table {
            *entry /= 2;
        }
    }
}

/// What orders the quiet moves of a node: the butterfly history and the continuation scores
/// after the moves one and two plies back (none where there is no such move).
#[derive(Clone, Copy)]
pub struct QuietOrder<'a> {
    pub history: &'a History,
    pub continuations: [Option<&'a [i16]>; 2],
}

impl<'a> QuietOrder<'a> {
    /// Butterfly history alone.
    pub fn history(history: &'a History) -> QuietOrder<'a> {
        QuietOrder {
            history,
            continuations: [None, None],
        }
    }

    /// The continuation part of a quiet move's score, `slot` its [`piece_square`].
    #[inline]
    pub fn continuation(&self, slot: usize) -> i32 {
        self.continuations
            .iter()
            .flatten()
            .map(|row| i32::from(row[slot]))
            .sum()
    }

    /// A quiet move's whole score.
    #[inline]
    pub fn score<R: Rules>(&self, pos: &Position<R>, mv: Move) -> i32 {
        self.history.get(pos.turn(), mv) + self.continuation(piece_square(pos, mv))
    }
}

/// Which stage of the picker a move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    HashMove,
    GoodTactical,
    Killer,
    Quiet,
    BadTactical,
}

impl Stage {
    /// Whether moves of this stage are quiet (neither captures nor promotions).
    pub fn is_quiet(self) -> bool {
        matches!(self, Stage::Killer | Stage::Quiet)
    }
}

/// Hands out a node's legal moves stage by stage, best-first within each stage.
pub struct MovePicker {
    /// The moves with their ordering, in an uninitialised-until-pushed list: zero-filling
    /// room for the longest list at every node would cost more than scoring a short one.
    entries: ArrayVec<Entry, MAX_MOVES>,
    next: usize,
    hash_is_quiet: bool,
    last_is_quiet: bool,
    last_exchange: i32,
}

/// One move with what ordering knows about it.
#[derive(Clone, Copy)]
struct Entry {
    /// Stage band plus score: the largest goes first.
    key: i64,
    mv: Move,
    /// Static exchange value (0 for quiet moves).
    exchange: i32,
    stage: Stage,
}

/// Keys sort stages before scores: a higher stage band always comes first.
const BAND: i64 = 1 << 40;

fn stage_band(stage: Stage) -> i64 {
    match stage {
        Stage::HashMove => 5 * BAND,
        Stage::GoodTactical => 4 * BAND,
        Stage::Killer => 3 * BAND,
        Stage::Quiet => 2 * BAND,
        Stage::BadTactical => BAND,
    }
}

impl MovePicker {
    /// A picker with no moves yet, for [`MovePicker::fill`] or [`MovePicker::fill_tactical`]
    /// to fill where it lies: the picker holds room for the longest move list, kilobytes
    /// that a constructor returning a filled picker would copy at every node.
    #[inline]
    pub fn empty() -> MovePicker {
        MovePicker {
            entries: ArrayVec::new(),
            next: 0,
            hash_is_quiet: false,
            last_is_quiet: false,
            last_exchange: 0,
        }
    }

    /// Fills the picker of a full-width node: every legal move, the hash move first, then
    /// the good captures, then `killers` in their order (the two killers and the
    /// countermove; each used only if legal and quiet here).
    pub fn fill<R: Rules>(
        &mut self,
        rules: &R,
        pos: &Position<R>,
        hash_move: Move,
        killers: [Move; 3],
        order: QuietOrder<'_>,
        scratch: &mut Scratch,
    ) {
        let mut moves = MoveList::new();
        rules.generate_in(pos, &mut moves, scratch);
        self.score(rules, pos, &moves, hash_move, killers, order, scratch);
    }

    /// Fills the picker of a quiescence node: the tactical moves only, best exchange first.
    pub fn fill_tactical<R: Rules>(
        &mut self,
        rules: &R,
        pos: &Position<R>,
        history: &History,
        scratch: &mut Scratch,
    ) {
        let mut moves = MoveList::new();
        rules.generate_tactical_in(pos, &mut moves, scratch);
        let order = QuietOrder::history(history);
        self.score(
            rules,
            pos,
            &moves,
            Move::NULL,
            [Move::NULL; 3],
            order,
            scratch,
        );
    }

    /// Scores `moves` into the (empty) picker.
    #[allow(clippy::too_many_arguments)]
    fn score<R: Rules>(
        &mut self,
        rules: &R,
        pos: &Position<R>,
        moves: &MoveList,
        hash_move: Move,
        killers: [Move; 3],
        order: QuietOrder<'_>,
        scratch: &mut Scratch,
    ) {
        let pieces = rules.pieces();
        for &mv in moves.as_slice() {
            let (stage, score, exchange) = if mv == hash_move {
                self.hash_is_quiet = !rules.is_tactical_in(pos, mv, scratch);
                let exchange = if self.hash_is_quiet {
                    0
                } else {
                    rules.static_exchange_in(pos, mv, scratch)
                };
                (Stage::HashMove, 0, exchange)
            } else if rules.is_tactical_in(pos, mv, scratch) {
                let exchange = rules.static_exchange_in(pos, mv, scratch);
                let victim = i64::from(rules.gain_in(pos, mv, scratch));
                let promotion = if mv.flag() == MoveFlag::Promotion {
                    pieces
                        .get(mv.kind().index())
                        .map_or(0, |info| i64::from(info.value))
                } else {
                    0
                };
                let attacker = pos
                    .piece_at(mv.from())
                    .filter(|_| mv.flag() != MoveFlag::Drop)
                    .and_then(|piece| pieces.get(piece.kind.index()))
                    .map_or(0, |info| i64::from(info.value));
                // Most valuable victim first, then least valuable attacker.
                let score = (victim + promotion) * 64 - attacker;
                let stage = if exchange >= 0 {
                    Stage::GoodTactical
                } else {
                    Stage::BadTactical
                };
                (stage, score, exchange)
            } else if let Some(rank) = killers.iter().position(|&killer| killer == mv) {
                (Stage::Killer, -(rank as i64), 0)
            } else {
                (Stage::Quiet, i64::from(order.score(pos, mv)), 0)
            };
            // Never full: the list holds at most as many moves as the move list.
            let _ = self.entries.try_push(Entry {
                key: stage_band(stage) + score,
                mv,
                exchange,
                stage,
            });
        }
    }

    /// Number of legal moves this node has (0: no move, the game is over here).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether the move handed out last is quiet (the hash move may be either).
    pub fn last_is_quiet(&self) -> bool {
        self.last_is_quiet
    }

    /// Static exchange value of the move handed out last (0 for quiet moves).
    pub fn last_exchange(&self) -> i32 {
        self.last_exchange
    }

    /// The next move and the stage it belongs to; `None` when every move has been handed out.
    pub fn next_move(&mut self) -> Option<(Move, Stage)> {
        if self.next >= self.entries.len() {
            return None;
        }
        if self.next == 0 {
            // Most nodes cut off on their first move: find it with one scan, no sorting.
            let mut best = 0;
            for (offset, entry) in self.entries.iter().enumerate().skip(1) {
                if entry.key > self.entries[best].key {
                    best = offset;
                }
            }
            self.entries.swap(0, best);
        } else if self.next == 1 {
            // A node that asks for a second move often goes through them all: sorting the
            // rest once costs less than a selection scan per move.
            self.entries[1..].sort_unstable_by_key(|entry| std::cmp::Reverse(entry.key));
        }
        let index = self.next;
        self.next += 1;
        let entry = self.entries[index];
        self.last_exchange = entry.exchange;
        self.last_is_quiet = if entry.stage == Stage::HashMove {
            self.hash_is_quiet
        } else {
            entry.stage.is_quiet()
        };
        Some((entry.mv, entry.stage))
    }
}

impl Iterator for MovePicker {
    type Item = (Move, Stage);

    fn next(&mut self) -> Option<(Move, Stage)> {
        self.next_move()
    }
}
