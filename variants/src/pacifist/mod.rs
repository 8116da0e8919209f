//! Pacifist Chess: nothing is ever captured; a piece whose persuasion (enemy influence on it)
//! exceeds its support (friendly influence) changes colour instead. This module owns the
//! rules of the turn (move, the mover's conversions, the opponent's), kings that change hands,
//! the claim-back rule, and the limits on pawn double steps and castling. Influence and the
//! three measures live in [`influence`], the evaluation in [`evaluation`].

pub mod caches;
pub mod evaluation;
pub mod influence;
#[cfg(target_arch = "x86_64")]
mod lanes;
pub mod turn_memo;

use amity_engine::castling::{Castle, CastlingNotation};
use amity_engine::orthodox::{
    self, BISHOP, FIDE_PROMOTIONS, KING, KNIGHT, PAWN, QUEEN, ROOK, STANDARD_PIECES,
    STANDARD_START_FEN,
};
use amity_engine::search::StrengthScale;
use amity_engine::{
    Bitboard, Color, DrawReason, FenError, File, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, OptionKind, OptionSpec, Outcome, Piece, Position, Presentation, Rank,
    Rules, Scratch, SearchFlags, Solver, Square, VariantSettings, WinReason,
};
use caches::Cached;
use shakmaty::attacks::{between, king_attacks, knight_attacks};
use std::sync::OnceLock;

pub use caches::Caches;
pub use influence::{
    Balance, BoardKey, InfluenceMap, Lifted, Measure, NodeInfluence, RayBoard, SlicedAverage,
    SlicedCount, SlicedValue,
};
#[cfg(target_arch = "x86_64")]
pub use lanes::Avx512;

/// Runs `$body` with `$balance` naming the [`Balance`] type of the rules' measure and
/// back-end, so the rules are compiled once per measure and back-end. The registers' bodies
/// run inside [`Avx512::run`], compiled for the AVX-512 instructions they use.
macro_rules! with_balance {
    ($rules:expr, $balance:ident => $body:expr) => {
        match $rules.backend {
            Backend::Sliced => match $rules.measure {
                Measure::Count => {
                    type $balance = SlicedCount;
                    $body
                }
                Measure::Value => {
                    type $balance = SlicedValue;
                    $body
                }
                Measure::Average => {
                    type $balance = SlicedAverage;
                    $body
                }
            },
            #[cfg(target_arch = "x86_64")]
            Backend::Lanes(avx512) => match $rules.measure {
                Measure::Count => {
                    type $balance = lanes::ByteDifference;
                    avx512.run(
                        #[inline(always)]
                        || $body,
                    )
                }
                Measure::Value => {
                    type $balance = lanes::WordDifference;
                    avx512.run(
                        #[inline(always)]
                        || $body,
                    )
                }
                Measure::Average => {
                    type $balance = lanes::WordAverage;
                    avx512.run(
                        #[inline(always)]
                        || $body,
                    )
                }
            },
        }
    };
}

/// Where the balances of influence are kept. Both answer alike; the registers are faster.
/// The build targets any x86-64 processor, so the choice is made when the program runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Bit-sliced adders over planes of bitboards ([`influence`]): any processor.
    Sliced,
    /// One number per square in AVX-512 registers, on a processor that has AVX-512BW (an
    /// [`Avx512`] exists only there).
    #[cfg(target_arch = "x86_64")]
    Lanes(Avx512),
}

/// Set to anything, this environment variable keeps the bit-sliced balances on a processor
/// that has AVX-512BW: the portable path, tested and profiled (valgrind cannot run AVX-512).
pub const NO_AVX512_VAR: &str = "AMITY_NO_AVX512";

impl Backend {
    /// The registers where the processor has them and [`NO_AVX512_VAR`] is unset, otherwise
    /// the bit-sliced adders. Decided once per process.
    pub fn detect() -> Backend {
        static CHOSEN: OnceLock<Backend> = OnceLock::new();
        *CHOSEN.get_or_init(|| {
            if std::env::var_os(NO_AVX512_VAR).is_some() {
                return Backend::Sliced;
            }
            Backend::lanes().unwrap_or(Backend::Sliced)
        })
    }

    /// The registers, if this processor runs them.
    pub fn lanes() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx512) = Avx512::detect() {
            return Some(Backend::Lanes(avx512));
        }
        None
    }
}

/// Pacifist Chess played with one persuasion measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pacifist {
    pub measure: Measure,
    backend: Backend,
}

impl Default for Pacifist {
    fn default() -> Self {
        Pacifist::new(Measure::default())
    }
}

/// What the conversion steps of one turn did (rule 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conversions {
    /// The moved piece was overly persuaded on arrival and exerted no influence in step b.
    pub silenced: bool,
    /// Squares of the pieces the mover converted to its colour (step b).
    pub by_mover: Bitboard,
    /// Squares of the mover's pieces the opponent converted (step c).
    pub by_opponent: Bitboard,
}

impl Conversions {
    pub fn any(&self) -> bool {
        (self.by_mover | self.by_opponent).any()
    }
}

/// Why the game is won when a kingless side cannot claim a king back.
pub const NO_KING_TO_CLAIM: &str = "no king to claim back";

/// The rank a pawn of `color` stands on before its first move.
fn second_rank(color: Color) -> Bitboard {
    Bitboard::from_rank(match color {
        Color::White => Rank::Second,
        Color::Black => Rank::Seventh,
    })
}

fn back_rank(color: Color) -> Bitboard {
    Bitboard::from_rank(match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    })
}

/// Where an unmoved king of `color` stands.
fn king_home(color: Color) -> Square {
    match color {
        Color::White => Square::E1,
        Color::Black => Square::E8,
    }
}

#[inline]
fn forward(square: Square, color: Color) -> Option<Square> {
    let index = square as i32
        + match color {
            Color::White => 8,
            Color::Black => -8,
        };
    (0..64).contains(&index).then(|| Square::new(index as u32))
}

/// The squares one step ahead of `squares` for pawns of `color`.
#[inline]
fn ahead(squares: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(squares.0 << 8),
        Color::Black => Bitboard(squares.0 >> 8),
    }
}

/// The squares one step behind `squares` for pawns of `color`.
#[inline]
fn behind(squares: Bitboard, color: Color) -> Bitboard {
    ahead(squares, !color)
}

/// The squares pawns of `color` on `squares` influence.
#[inline]
fn pawn_influence(squares: Bitboard, color: Color) -> Bitboard {
    let not_a = squares & !Bitboard::from_file(File::A);
    let not_h = squares & !Bitboard::from_file(File::H);
    match color {
        Color::White => Bitboard((not_a.0 << 7) | (not_h.0 << 9)),
        Color::Black => Bitboard((not_a.0 >> 9) | (not_h.0 >> 7)),
    }
}

/// The line pieces (bishops, rooks, queens) of both colours: the pieces that cast rays and let
/// their side's rays through.
#[inline]
fn line_pieces(pos: &Position<Pacifist>) -> Bitboard {
    pos.kind(BISHOP) | pos.kind(ROOK) | pos.kind(QUEEN)
}

/// `slot`'s value, made by `make` on first use: [`Option::get_or_insert_with`] written out, so
/// that it inlines with `make` into the register back-end's entry points (see `with_balance!`).
#[inline(always)]
fn made<T>(slot: &mut Option<T>, make: impl FnOnce() -> T) -> &mut T {
    if slot.is_none() {
        *slot = Some(make());
    }
    match slot {
        Some(value) => value,
        None => unreachable!("the slot was just filled"),
    }
}

/// Where generation puts the legal moves it finds: a list, or only their number (perft's
/// last ply, [`Rules::count_moves_in`]).
trait MoveSink {
    /// Whether only the number of moves is kept (the order of the moves then does not matter).
    const COUNTING: bool;

    fn push(&mut self, mv: Move);

    /// The normal moves from `from` to each of `targets`, in the order of the squares.
    fn push_all(&mut self, from: Square, targets: Bitboard);

    /// Adds `count` moves already known to be legal (counting sinks only).
    fn add(&mut self, count: usize);
}

impl MoveSink for MoveList {
    const COUNTING: bool = false;

    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }

    #[inline]
    fn push_all(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            MoveList::push(self, Move::normal(from, to));
        }
    }

    fn add(&mut self, _count: usize) {
        unreachable!("a move list is given moves, not counts")
    }
}

/// A sink that counts.
struct MoveCount(usize);

impl MoveSink for MoveCount {
    const COUNTING: bool = true;

    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn push_all(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count();
    }

    #[inline]
    fn add(&mut self, count: usize) {
        self.0 += count;
    }
}

/// The option choosing the [`Measure`]: how influence is counted, weighed or averaged.
pub const MEASURE_OPTION: &str = "PacifistMeasure";

/// The options Pacifist Chess declares: the measure, `count` unless chosen otherwise.
const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: MEASURE_OPTION,
    player: false,
    kind: OptionKind::Combo {
        default: "count",
        choices: &["count", "value", "average"],
    },
}];

impl Pacifist {
    /// The rules with the fastest balances this processor runs ([`Backend::detect`]).
    pub fn new(measure: Measure) -> Pacifist {
        Pacifist::with_backend(measure, Backend::detect())
    }

    /// The rules with the balances of `backend`, to compare the back-ends.
    pub fn with_backend(measure: Measure, backend: Backend) -> Pacifist {
        Pacifist { measure, backend }
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The rules with the measure the settings choose (the default measure if they do not
    /// hold this variant's option).
    pub fn from_settings(settings: &VariantSettings) -> Pacifist {
        let measure = settings.choice(MEASURE_OPTION).and_then(Measure::from_name);
        Pacifist::new(measure.unwrap_or_default())
    }

    /// The influence of both sides now, every piece speaking.
    #[inline]
    pub fn influence(&self, pos: &Position<Self>) -> InfluenceMap {
        InfluenceMap::compute(pos, self.measure, Bitboard::EMPTY)
    }

    /// Pieces of `color` that are overly persuaded now.
    pub fn overly_persuaded(&self, pos: &Position<Self>, color: Color) -> Bitboard {
        with_balance!(self, B => B::compute(pos, Bitboard::EMPTY).over(color, pos.color(color)))
    }

    /// Changes the colour of every piece on `squares` to `to`, keeping its kind. A rook or an
    /// unmoved king loses its castling right for good the moment it changes colour.
    fn turn_over(&self, pos: &mut Position<Self>, squares: Bitboard, to: Color) {
        for square in squares {
            if let Some(piece) = pos.piece_at(square) {
                pos.discard_castling(Bitboard::from_square(square));
                if piece.kind == KING && square == king_home(piece.color) {
                    pos.discard_castling(back_rank(piece.color));
                }
                pos.replace(square, Piece::new(to, piece.kind));
            }
        }
    }

    /// Converts the pieces on `squares` to `to` ([`Pacifist::turn_over`]) and brings
    /// `balance` (of `pos`, pieces on `silent` silent) up to date piece by piece
    /// ([`RayBoard::turn_over_rayless`], [`RayBoard::turn_over`]). A line piece changes the
    /// rays through its square, and those could be a silent piece's: with a piece silent the
    /// balance is counted afresh instead.
    #[inline(always)]
    fn convert<B: Balance>(
        &self,
        pos: &mut Position<Self>,
        balance: &mut B,
        squares: Bitboard,
        to: Color,
        silent: Bitboard,
    ) {
        let lines = line_pieces(pos);
        if silent.any() && squares.intersects(lines) {
            self.turn_over(pos, squares, to);
            *balance = B::compute(pos, silent);
            return;
        }
        let mut rays: Option<RayBoard> = None;
        for square in squares & !silent {
            let Some(piece) = pos.piece_at(square) else {
                continue;
            };
            if lines.contains(square) {
                rays.get_or_insert_with(|| RayBoard::of(pos)).turn_over(
                    balance,
                    square,
                    piece.kind,
                    piece.color,
                );
                continue;
            }
            RayBoard::turn_over_rayless(balance, square, piece.kind, piece.color);
        }
        self.turn_over(pos, squares, to);
        debug_assert_eq!(*balance, B::compute(pos, silent));
    }

    /// Moves the pieces of a move (no conversions, clocks or turn) and returns the square of
    /// the moved piece (the king's when castling).
    pub fn apply_move(&self, pos: &mut Position<Self>, mv: Move) -> Square {
        let us = pos.turn();
        let (from, to) = (mv.from(), mv.to());
        pos.discard_castling(Bitboard::from_square(from));
        match mv.flag() {
            MoveFlag::Promotion => {
                pos.remove(from);
                pos.put(to, Piece::new(us, mv.kind()));
            }
            MoveFlag::Castle => {
                Castle::of_move(pos, mv).play(pos);
                pos.discard_castling(back_rank(us));
            }
            _ => {
                if pos.piece_at(from).is_some_and(|p| p.kind == KING) && from == king_home(us) {
                    pos.discard_castling(back_rank(us));
                }
                pos.relocate(from, to);
            }
        }
        to
    }

    /// Step a and b of the turn: decides whether the moved piece on `moved` is silenced, then
    /// converts the opponent's overly persuaded pieces to `us`, round after round, all at once
    /// in each round. Returns whether the piece was silenced and the squares converted.
    pub fn mover_step(
        &self,
        pos: &mut Position<Self>,
        us: Color,
        moved: Square,
    ) -> (bool, Bitboard) {
        with_balance!(self, B => {
            let full = B::compute(pos, Bitboard::EMPTY);
            let (silenced, converted, _) = self.mover_step_from(pos, us, moved, full);
            (silenced, converted)
        })
    }

    /// [`Pacifist::mover_step`] given the balance of `pos` as it stands. Also returns the
    /// balance of the board at the end of the step with every piece speaking, when it is
    /// known without a count (nothing was silenced, or nothing converted).
    #[inline(always)]
    fn mover_step_from<B: Balance>(
        &self,
        pos: &mut Position<Self>,
        us: Color,
        moved: Square,
        full: B,
    ) -> (bool, Bitboard, Option<B>) {
        let silenced = full.over(us, Bitboard::from_square(moved)).any();
        let silent = if silenced {
            Bitboard::from_square(moved)
        } else {
            Bitboard::EMPTY
        };
        let mut balance = full;
        if silenced && let Some(piece) = pos.piece_at(moved) {
            // Silence takes the piece's influence away and leaves the rays through it as
            // they are: the first round's balance follows from the full one.
            let influence = RayBoard::of(pos).influence(piece.kind, us, moved);
            balance.remove(us, influence, piece.kind);
            debug_assert_eq!(balance, B::compute(pos, silent));
        }
        let mut converted = Bitboard::EMPTY;
        loop {
            let over = balance.over(!us, pos.color(!us));
            if over.is_empty() {
                let speaking = if !silenced {
                    Some(balance)
                } else if converted.is_empty() {
                    Some(full)
                } else {
                    None
                };
                return (silenced, converted, speaking);
            }
            self.convert(pos, &mut balance, over, us, silent);
            converted |= over;
        }
    }

    /// Step c: the opponent converts the overly persuaded pieces of `us`, round after round.
    pub fn opponent_step(&self, pos: &mut Position<Self>, us: Color) -> Bitboard {
        with_balance!(self, B => {
            let balance = B::compute(pos, Bitboard::EMPTY);
            self.opponent_step_from(pos, us, balance).0
        })
    }

    /// [`Pacifist::opponent_step`] given the balance of `pos` as it stands. Also returns the
    /// balance at the end of the step.
    #[inline(always)]
    fn opponent_step_from<B: Balance>(
        &self,
        pos: &mut Position<Self>,
        us: Color,
        mut balance: B,
    ) -> (Bitboard, B) {
        let mut converted = Bitboard::EMPTY;
        loop {
            let over = balance.over(us, pos.color(us));
            if over.is_empty() {
                return (converted, balance);
            }
            self.convert(pos, &mut balance, over, !us, Bitboard::EMPTY);
            converted |= over;
        }
    }

    /// Steps a to c after the move that put `us`'s piece on `moved`.
    pub fn conversions(&self, pos: &mut Position<Self>, us: Color, moved: Square) -> Conversions {
        with_balance!(self, B => {
            let full = B::compute(pos, Bitboard::EMPTY);
            self.conversions_from(pos, us, moved, full).0
        })
    }

    /// [`Pacifist::conversions`] given the balance of `pos` right after the move. Compiled
    /// once per balance ([`Balance::outlined`]): a turn that converts is rare next to the
    /// moves that call this, and a copy inlined into each caller multiplied the build time.
    #[inline(always)]
    fn conversions_from<B: Balance>(
        &self,
        pos: &mut Position<Self>,
        us: Color,
        moved: Square,
        full: B,
    ) -> (Conversions, B) {
        B::outlined(
            #[inline(always)]
            || {
                let (silenced, by_mover, last) = self.mover_step_from(pos, us, moved, full);
                let start = last.unwrap_or_else(|| B::compute(pos, Bitboard::EMPTY));
                let (by_opponent, end) = self.opponent_step_from(pos, us, start);
                let conversions = Conversions {
                    silenced,
                    by_mover,
                    by_opponent,
                };
                (conversions, end)
            },
        )
    }

    /// Plays a move and its conversions (without handing the turn on) and reports them.
    pub fn play_turn(&self, pos: &mut Position<Self>, mv: Move) -> Conversions {
        self.play_turn_in(pos, mv, &mut Caches::default())
    }

    /// [`Pacifist::play_turn`] with a thread's `caches`, where the node the turn ends on is
    /// kept for the generation that follows.
    pub fn play_turn_in(
        &self,
        pos: &mut Position<Self>,
        mv: Move,
        caches: &mut Caches,
    ) -> Conversions {
        with_balance!(self, B => self.play_turn_with::<B>(pos, mv, caches))
    }

    #[inline(always)]
    fn play_turn_with<B: Cached>(
        &self,
        pos: &mut Position<Self>,
        mv: Move,
        caches: &mut Caches,
    ) -> Conversions {
        let us = pos.turn();
        let moved = self.apply_move(pos, mv);
        let nodes = &mut B::kept(caches).nodes;
        // Most moves convert nothing: one look at both sides settles that, and the node
        // built for it is the next position's, kept for its generation.
        let (quiet, balance) = nodes.build_played(
            pos,
            !us,
            #[inline(always)]
            |&balance| {
                let quiet = balance.over(us, pos.color(us)).is_empty()
                    && balance.over(!us, pos.color(!us)).is_empty();
                (quiet, (quiet, balance))
            },
        );
        if quiet {
            return Conversions::default();
        }
        let (conversions, end) = self.conversions_from(pos, us, moved, balance);
        // The balance the turn ended on is the next position's: its node needs no tally, and
        // when no line piece changed sides, none of its rays either.
        let converted = conversions.by_mover | conversions.by_opponent;
        nodes.keep_played(pos, !us, end, !converted.intersects(line_pieces(pos)));
        conversions
    }

    /// Whether a move of the side to move (already known to follow the movement rules) is
    /// legal: a king must not land overly persuaded, and the mover must own a king when its
    /// turn ends. Compiled once per balance (only castling asks).
    #[inline(always)]
    fn is_legal<B: Balance>(&self, pos: &Position<Self>, mv: Move) -> bool {
        B::outlined(
            #[inline(always)]
            || {
                let mut child = pos.clone();
                let moved = self.apply_move(&mut child, mv);
                let balance = B::compute(&child, Bitboard::EMPTY);
                let us = pos.turn();
                if child.pieces(us, KING).contains(moved)
                    && balance.over(us, Bitboard::from_square(moved)).any()
                {
                    return false;
                }
                self.keeps_a_king(us, child, moved, balance)
            },
        )
    }

    /// Whether `us` owns a king at the end of the turn, once its move is applied to `child`
    /// and `balance` is the balance right after the move.
    #[inline(always)]
    fn keeps_a_king<B: Balance>(
        &self,
        us: Color,
        child: Position<Self>,
        moved: Square,
        balance: B,
    ) -> bool {
        if child.pieces(us, KING).any() && balance.over(us, child.color(us)).is_empty() {
            // Nothing of ours is overly persuaded and the moved piece speaks. Under a monotone
            // measure the mover's conversions only weaken the opponent, so step c finds
            // nothing; otherwise it suffices that step b has nothing to do either.
            if B::MONOTONE || balance.over(!us, child.color(!us)).is_empty() {
                return true;
            }
        }
        if B::MONOTONE && child.pieces(us, KING).any() {
            // Step b only takes pieces from the opponent, which under a monotone measure can
            // only spare ours in step c: if a king of ours outlives step c played at once,
            // without step b, it outlives the real turn. That skips step b's rounds.
            let mut probe = child.clone();
            let mut probe_balance = balance;
            loop {
                let over = probe_balance.over(us, probe.color(us));
                if over.is_empty() {
                    return true;
                }
                if (probe.pieces(us, KING) & !over).is_empty() {
                    break;
                }
                self.turn_over(&mut probe, over, !us);
                probe_balance = B::compute(&probe, Bitboard::EMPTY);
            }
        }
        self.plays_out_with_a_king(us, child, moved, balance)
    }

    /// [`Pacifist::keeps_a_king`] without its shortcuts: the turn's conversions played out.
    #[inline(always)]
    fn plays_out_with_a_king<B: Balance>(
        &self,
        us: Color,
        mut child: Position<Self>,
        moved: Square,
        balance: B,
    ) -> bool {
        self.conversions_from(&mut child, us, moved, balance);
        child.pieces(us, KING).any()
    }

    /// [`Pacifist::is_legal`] for a move of the lifted piece to `to` as a `kind_after`,
    /// answered from the balance when the move provably converts nothing of the mover's,
    /// which is almost always. Compiled once per balance, as [`Pacifist::legal_targets`].
    #[inline(always)]
    fn is_legal_placed<B: Balance>(
        &self,
        pos: &Position<Self>,
        lifted: &Lifted<B>,
        mv: Move,
        kind_after: Kind,
    ) -> bool {
        B::outlined(
            #[inline(always)]
            || {
                let us = pos.turn();
                let (from, to) = (mv.from(), mv.to());
                let balance = lifted.place(to, kind_after);
                let ours = pos.ours() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
                let our_over = balance.over(us, ours);
                if pos.pieces(us, KING).is_empty() {
                    // A king can only come back through step b, which needs a first conversion
                    // (under a monotone measure a silenced mover only weakens it; under `average`
                    // silencing a weak piece can raise the mover's average).
                    if B::MONOTONE && balance.over(!us, pos.theirs()).is_empty() {
                        return false;
                    }
                } else if our_over.is_empty() {
                    // As in `keeps_a_king`: the quick answer holds when step b cannot hurt us.
                    if B::MONOTONE || balance.over(!us, pos.theirs()).is_empty() {
                        return true;
                    }
                } else if kind_after == KING && our_over.contains(to) {
                    return false;
                } else if B::MONOTONE {
                    match self.step_c_probe(pos, lifted, mv, kind_after, balance, ours, our_over) {
                        Some(true) => return true,
                        // Every king falls in step c played alone. With nothing of the opponent's
                        // overly persuaded, step b has nothing to convert (a silenced mover would
                        // only weaken it), so that is the turn: the move loses the last king.
                        Some(false) if balance.over(!us, pos.theirs()).is_empty() => return false,
                        _ => {}
                    }
                }
                // Every shortcut of `keeps_a_king` has been tried above (its step c probe on the
                // balance alone): only playing the turn out is left.
                let mut child = pos.clone();
                let moved = self.apply_move(&mut child, mv);
                self.plays_out_with_a_king(us, child, moved, balance)
            },
        )
    }

    /// Under a monotone measure, the opponent's step c played alone right after the move
    /// `mv` (its piece now a `kind_after`), from `balance` with `ours` the mover's pieces and
    /// `over` those of them overly persuaded: `Some(true)` when a king of the mover's outlives
    /// it, which settles the move as legal (see [`Pacifist::keeps_a_king`]), `Some(false)` when
    /// every king falls, `None` if the board has no piece where the balance says one falls.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn step_c_probe<B: Balance>(
        &self,
        pos: &Position<Self>,
        lifted: &Lifted<B>,
        mv: Move,
        kind_after: Kind,
        balance: B,
        ours: Bitboard,
        over: Bitboard,
    ) -> Option<bool> {
        let us = pos.turn();
        let (from, to) = (mv.from(), mv.to());
        let mut kings = pos.pieces(us, KING) & !Bitboard::from_square(from);
        if kind_after == KING {
            kings.add(to);
        }
        let kind_at = |square| {
            if square == to {
                Some(kind_after)
            } else {
                pos.piece_at(square).map(|piece| piece.kind)
            }
        };
        let rays = || lifted.rays_after(to, kind_after);
        match step_c_on_balance(us, balance, ours, over, kings, kind_at, rays) {
            StepC::KingStands { .. } => Some(true),
            StepC::KingsFall => Some(false),
            StepC::Unknown => None,
        }
    }

    /// The targets among `targets` (empty squares the piece of `kind` on `from`, lifted in
    /// `lifted`, may move to) that it may legally move to. `node` is the position's.
    ///
    /// Compiled once per balance ([`Balance::outlined`]) rather than into each kind's and each
    /// sink's copy of generation: it runs only for the targets the quick test leaves, and the
    /// inlined copies of it (and of the turns it plays out) made most of the build time.
    #[inline(always)]
    fn legal_targets<B: Balance>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        lifted: &Lifted<B>,
        from: Square,
        kind: Kind,
        targets: Bitboard,
    ) -> Bitboard {
        B::outlined(
            #[inline(always)]
            || {
                let us = pos.turn();
                let mut legal = Bitboard::EMPTY;
                let mut exact = targets;
                let mut settled = Bitboard::EMPTY;
                if !B::MONOTONE || pos.pieces(us, KING).is_empty() {
                    // No shortcut: every target judged exactly below.
                } else if lifted.balance.over(us, lifted.standing).is_empty() {
                    // Nothing else of ours is overly persuaded with the piece lifted. Putting it down
                    // only adds support, except where it cuts one of our own rays short of a piece of
                    // ours; so wherever it cuts none and is not overly persuaded itself, nothing of
                    // ours is, and under a monotone measure the move is legal and converts nothing of
                    // ours.
                    let cuts = node.risky_cuts_lifted(kind, lifted);
                    let quiet = targets & !cuts & !lifted.balance.over(us, targets);
                    legal = quiet;
                    exact ^= quiet;
                    // Converted, a line piece no longer lets our rays through: it must cut none of
                    // any kind (the cuts of a knight, which lets no ray through).
                    let landing_over = exact & !(node.cuts_for(KNIGHT) | lifted.own_past);
                    if kind != KING && landing_over.any() {
                        settled = settled_landings(
                            &lifted.ray_board(),
                            &lifted.balance,
                            us,
                            lifted.standing,
                            kind,
                            landing_over,
                        );
                    }
                } else if kind != KING
                    && let StepC::KingStands {
                        balance: fallen,
                        standing,
                        rays,
                    } = self.step_c_lifted(pos, lifted)
                {
                    // Pieces of ours hang with the piece lifted (it defended them), and a king of ours
                    // outlives the opponent's step c taking them on the board without the piece: the
                    // fallen board. Put the piece down on it where it cuts none of our rays (our rays
                    // there are some of the lifted board's, so their cuts are among its cuts). Where it
                    // is not overly persuaded, or is but, converted, influences no piece of ours with
                    // less margin than its weight, nothing of ours is overly persuaded on that board.
                    // The real turn starts from the same board with the fallen pieces (and the moved
                    // one) still ours, which under a monotone measure only helps us, as step b does;
                    // so each round of step c takes only pieces that are the opponent's on that board
                    // (a round taking another would find it overly persuaded there too), never the
                    // king. The move is legal.
                    let open = targets & !(node.cuts_for(KNIGHT) | lifted.own_past);
                    let quiet = open & !fallen.over(us, open);
                    legal = quiet;
                    exact ^= quiet;
                    let landing_over = open ^ quiet;
                    if landing_over.any() {
                        // Converted, the piece's rays see through the converted line pieces.
                        let rays = rays.unwrap_or_else(|| lifted.ray_board());
                        settled =
                            settled_landings(&rays, &fallen, us, standing, kind, landing_over);
                    }
                }
                for to in exact {
                    let mv = Move::normal(from, to);
                    if settled.contains(to) || self.is_legal_placed(pos, lifted, mv, kind) {
                        legal.add(to);
                    }
                }
                legal
            },
        )
    }

    /// Under a monotone measure, the opponent's step c played at once on the board with the
    /// piece of `lifted` (not a king) off it, taking the pieces of ours that hang without it.
    #[inline(always)]
    fn step_c_lifted<B: Balance>(&self, pos: &Position<Self>, lifted: &Lifted<B>) -> StepC<B> {
        let us = pos.turn();
        let over = lifted.balance.over(us, lifted.standing);
        let kind_at = |square| pos.piece_at(square).map(|piece| piece.kind);
        let rays = || lifted.ray_board();
        let kings = pos.pieces(us, KING);
        step_c_on_balance(
            us,
            lifted.balance,
            lifted.standing,
            over,
            kings,
            kind_at,
            rays,
        )
    }

    /// Every legal move: for each piece, the squares it may move to, judged with the piece
    /// lifted once.
    #[inline(always)]
    fn legal_moves<B: Cached, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        moves: &mut S,
        caches: &mut Caches,
    ) {
        B::kept(caches).nodes.with(
            pos,
            #[inline(always)]
            |node| self.legal_moves_at(pos, node, moves),
        );
    }

    #[inline(always)]
    fn legal_moves_at<B: Balance, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        moves: &mut S,
    ) {
        let quick = QuickTest::new(pos, node);
        // One copy of the piece code per kind: the kind decides which attacks and weights
        // apply, and known where the code is compiled it costs no branch.
        self.kind_moves::<{ KNIGHT.index() as u8 }, B, S>(pos, node, &quick, moves);
        self.kind_moves::<{ BISHOP.index() as u8 }, B, S>(pos, node, &quick, moves);
        self.kind_moves::<{ ROOK.index() as u8 }, B, S>(pos, node, &quick, moves);
        self.kind_moves::<{ QUEEN.index() as u8 }, B, S>(pos, node, &quick, moves);
        self.kind_moves::<{ KING.index() as u8 }, B, S>(pos, node, &quick, moves);
        self.pawn_moves(pos, node, &quick, moves);
        self.castling_moves(pos, node, moves);
    }

    /// The legal moves of every piece of kind `KIND` (a piece, not a pawn) of the side to
    /// move, each to the empty squares it attacks.
    #[inline(always)]
    fn kind_moves<const KIND: u8, B: Balance, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        quick: &QuickTest,
        moves: &mut S,
    ) {
        let us = pos.turn();
        let empty = !pos.occupied();
        let kind = Kind::new(KIND);
        for from in pos.pieces(us, kind) {
            let attacks = match kind {
                KNIGHT => knight_attacks(from),
                KING => king_attacks(from),
                _ => node.line_attacks(kind, us, from),
            };
            self.piece_moves::<KIND, B, S>(pos, node, quick, from, attacks & empty, moves);
        }
    }

    /// The legal moves of the piece of kind `KIND` on `from` to `targets` (empty squares it
    /// may move to): those the quick test settles at once, the others judged with the piece
    /// lifted.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn piece_moves<const KIND: u8, B: Balance, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        quick: &QuickTest,
        from: Square,
        targets: Bitboard,
        moves: &mut S,
    ) {
        if targets.is_empty() {
            return;
        }
        let kind = Kind::new(KIND);
        let mut legal = quick.quiet_targets(pos, node, from, kind, targets);
        let rest = targets ^ legal;
        if rest.any() {
            let lifted = node.lift(pos, from);
            legal |= self.legal_targets(pos, node, &lifted, from, kind, rest);
        }
        // In the order of the squares, however each was settled: the search's move order
        // (and so its node counts) does not depend on which test settled a move.
        moves.push_all(from, legal);
    }

    /// Pawn moves. The pushes the quick test settles are found for all pawns at once
    /// ([`QuickTest::sure_pushes`]); a counting sink takes those in one count and visits only
    /// the pawns with something left to judge, a listing sink visits every pawn in order.
    #[inline(always)]
    fn pawn_moves<B: Balance, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        quick: &QuickTest,
        moves: &mut S,
    ) {
        let us = pos.turn();
        let empty = !pos.occupied();
        let pawns = pos.pieces(us, PAWN);
        let last_rank = back_rank(!us);
        let singles = ahead(pawns, us) & empty & !last_rank;
        let doubles = ahead(singles & ahead(second_rank(us), us), us) & empty;
        // Rule 6: the passing square is judged with the pawn lifted. Lifting a pawn takes
        // away no influence from the square ahead and opens only rays along its file; when no
        // enemy ray reaches the pawn, that only adds support, so under a monotone measure the
        // passing square is free if it is now. Under `average` added support can lower the
        // average (a rook joining a queen), so every double step is judged with the pawn
        // lifted.
        let passable = if B::MONOTONE {
            let unseen_passing = ahead(pawns & !node.opponent_lines(), us) & behind(doubles, us);
            let free_passing = unseen_passing & !node.balance.over(us, unseen_passing);
            ahead(free_passing, us)
        } else {
            Bitboard::EMPTY
        };
        let (sure_singles, sure_doubles) = quick.sure_pushes(pos, node, singles, doubles);
        let counted = sure_singles | (sure_doubles & passable);
        let visit = if S::COUNTING {
            moves.add(counted.count());
            let unsettled_doubles = doubles & !(sure_doubles & passable);
            behind(singles & !sure_singles, us)
                | behind(behind(unsettled_doubles, us), us)
                | (pawns & behind(last_rank & empty, us))
        } else {
            pawns
        };
        for from in visit {
            let Some(step) = forward(from, us).filter(|sq| empty.contains(*sq)) else {
                continue;
            };
            if last_rank.contains(step) {
                let lifted = node.lift(pos, from);
                for &kind in &FIDE_PROMOTIONS {
                    let mv = Move::promotion(from, step, kind);
                    if self.is_legal_placed(pos, &lifted, mv, kind) {
                        moves.push(mv);
                    }
                }
                continue;
            }
            let mut targets = Bitboard::from_square(step);
            let mut lifted = None;
            if let Some(double) = forward(step, us).filter(|sq| doubles.contains(*sq)) {
                let free = passable.contains(double)
                    || made(
                        &mut lifted,
                        #[inline(always)]
                        || node.lift(pos, from),
                    )
                    .balance
                    .over(us, Bitboard::from_square(step))
                    .is_empty();
                if free {
                    targets.add(double);
                }
            }
            let quiet = targets & (sure_singles | sure_doubles);
            let mut legal = if S::COUNTING { quiet & !counted } else { quiet };
            let mut rest = targets ^ quiet;
            if rest.any() && quick.bounds_apply(from) {
                let influenced = node.influence_of(PAWN, us, from);
                for to in rest {
                    if QuickTest::king_outlives_move(pos, node, from, to, PAWN, influenced) {
                        legal.add(to);
                        rest.discard(to);
                    }
                }
            }
            if rest.any() {
                let lifted = made(
                    &mut lifted,
                    #[inline(always)]
                    || node.lift(pos, from),
                );
                legal |= self.legal_targets(pos, node, lifted, from, PAWN, rest);
            }
            moves.push_all(from, legal);
        }
    }

    /// Castling (rule 7): rights, empty squares, and the king's start and passing squares
    /// not overly persuaded with the king lifted; then the move's own legality.
    #[inline(always)]
    fn castling_moves<B: Balance, S: MoveSink>(
        &self,
        pos: &Position<Self>,
        node: &NodeInfluence<B>,
        moves: &mut S,
    ) {
        let us = pos.turn();
        let home = king_home(us);
        let rooks = pos.castling() & pos.pieces(us, ROOK) & back_rank(us);
        if rooks.is_empty() || !pos.pieces(us, KING).contains(home) {
            return;
        }
        let mut lifted = None;
        for rook in rooks {
            // The squares between king and rook first: most of the time a piece still stands
            // there, and one lookup says so. Then the destinations (which lie between them
            // from the usual start squares, but need not).
            if pos.occupied().intersects(between(home, rook)) {
                continue;
            }
            let castle = Castle::new(home, rook);
            if pos.occupied().intersects(castle.must_be_empty()) {
                continue;
            }
            let balance = made(
                &mut lifted,
                #[inline(always)]
                || node.after_move(pos, home, None, KING),
            );
            // Its start and the squares it crosses; where it lands is the move's own test.
            let walked = between(home, castle.king_to) | Bitboard::from_square(home);
            let mv = castle.to_move(CastlingNotation::KingMove);
            if balance.over(us, walked).is_empty() && self.is_legal::<B>(pos, mv) {
                moves.push(mv);
            }
        }
    }

    /// For a non-castling move, the balance right after it: whether any piece of either side
    /// is overly persuaded then (if not, the turn converts nothing), and whether an enemy
    /// piece is. `None` for castling.
    #[inline(always)]
    fn quick_look<B: Cached>(
        &self,
        pos: &Position<Self>,
        mv: Move,
        caches: &mut Caches,
    ) -> Option<(bool, bool)> {
        if mv.flag() == MoveFlag::Castle {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        let kind = pos.piece_at(from)?.kind;
        let kind_after = if mv.flag() == MoveFlag::Promotion {
            mv.kind()
        } else {
            kind
        };
        let us = pos.turn();
        let kept = B::kept(caches);
        kept.nodes.with(
            pos,
            #[inline(always)]
            |node| {
                let balance = kept.lift.with_lifted(
                    pos,
                    node,
                    from,
                    #[inline(always)]
                    |lifted| lifted.place(to, kind_after),
                );
                let ours = pos.ours() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
                let theirs_over = balance.over(!us, pos.theirs()).any();
                let ours_over = balance.over(us, ours).any();
                Some((ours_over || theirs_over, theirs_over))
            },
        )
    }

    /// [`Rules::is_tactical_in`] for one measure. A move whose turn has been played out already
    /// is answered from [`turn_memo`].
    #[inline(always)]
    fn is_tactical_with<B: Cached>(
        &self,
        pos: &Position<Self>,
        mv: Move,
        caches: &mut Caches,
    ) -> bool {
        if mv.flag() == MoveFlag::Promotion {
            return true;
        }
        if let Some(turn) = caches.turns.recall(pos, mv, self.measure) {
            return turn.converts_cleanly;
        }
        if let Some((_, theirs_over)) = self.quick_look::<B>(pos, mv, caches)
            && B::MONOTONE
            && !theirs_over
        {
            // Nothing of theirs is overly persuaded with the mover speaking; a silenced mover
            // would only weaken the case. Step b converts nothing.
            return false;
        }
        self.played_turn(pos, mv, caches).converts_cleanly
    }

    /// The turn's outcome for the mover: its material after the turn minus before, in
    /// centipawns (conversions count twice, since the opponent loses what the mover gains).
    /// Zero at once when the move provably converts nothing, from [`turn_memo`] when the turn
    /// has been played out already.
    #[inline(always)]
    fn quick_swing<B: Cached>(&self, pos: &Position<Self>, mv: Move, caches: &mut Caches) -> i32 {
        if let Some(turn) = caches.turns.recall(pos, mv, self.measure) {
            return turn.swing;
        }
        match self.quick_look::<B>(pos, mv, caches) {
            Some((false, _)) => self.promotion_gain(mv),
            _ => self.played_turn(pos, mv, caches).swing,
        }
    }

    /// Plays the turn of `mv` on a copy of `pos` and remembers what it told in [`turn_memo`]
    /// (callers have found it missing there).
    fn played_turn(
        &self,
        pos: &Position<Self>,
        mv: Move,
        caches: &mut Caches,
    ) -> turn_memo::PlayedTurn {
        let us = pos.turn();
        let mut child = pos.clone();
        let conversions = self.play_turn_in(&mut child, mv, caches);
        let turn = turn_memo::PlayedTurn {
            converts_cleanly: conversions.by_mover.any() && conversions.by_opponent.is_empty(),
            swing: Self::material_difference(&child, us) - Self::material_difference(pos, us),
        };
        caches.turns.remember(pos, mv, self.measure, turn);
        turn
    }

    /// [`Rules::generate_in`] with a thread's `caches`.
    fn generate_cached(&self, pos: &Position<Self>, moves: &mut MoveList, caches: &mut Caches) {
        with_balance!(self, B => self.legal_moves::<B, _>(pos, moves, caches))
    }

    /// [`Rules::count_moves_in`] with a thread's `caches`.
    fn count_cached(&self, pos: &Position<Self>, caches: &mut Caches) -> usize {
        let mut count = MoveCount(0);
        with_balance!(self, B => self.legal_moves::<B, _>(pos, &mut count, caches));
        count.0
    }

    /// [`Rules::generate_tactical_in`] with a thread's `caches`: the moves, then the question
    /// about each, answered from the node generation left in the caches.
    fn generate_tactical_cached(
        &self,
        pos: &Position<Self>,
        moves: &mut MoveList,
        caches: &mut Caches,
    ) {
        self.generate_cached(pos, moves, caches);
        moves.retain(|mv| self.is_tactical_cached(pos, mv, caches));
    }

    /// [`Rules::is_tactical_in`] with a thread's `caches`.
    fn is_tactical_cached(&self, pos: &Position<Self>, mv: Move, caches: &mut Caches) -> bool {
        with_balance!(self, B => self.is_tactical_with::<B>(pos, mv, caches))
    }

    /// [`Rules::gain_in`] with a thread's `caches`.
    fn gain_cached(&self, pos: &Position<Self>, mv: Move, caches: &mut Caches) -> i32 {
        // The swing already includes the promoted piece's value over the pawn's.
        let swing = with_balance!(self, B => self.quick_swing::<B>(pos, mv, caches));
        swing.max(self.promotion_gain(mv))
    }

    /// [`Rules::play_in`] with a thread's `caches`.
    #[inline(always)]
    fn play_cached(&self, pos: &mut Position<Self>, mv: Move, caches: &mut Caches) {
        let pawn_move = pos.piece_at(mv.from()).is_some_and(|p| p.kind == PAWN);
        let conversions = self.play_turn_in(pos, mv, caches);
        let clock = if pawn_move || conversions.any() {
            0
        } else {
            pos.halfmove_clock() + 1
        };
        pos.set_halfmove_clock(clock);
        pos.end_turn();
    }

    /// `us`'s material minus the opponent's, in centipawns.
    fn material_difference(pos: &Position<Self>, us: Color) -> i32 {
        evaluation::material(pos, us) - evaluation::material(pos, !us)
    }

    /// What promoting adds to the mover's material (0 for other moves).
    fn promotion_gain(&self, mv: Move) -> i32 {
        if mv.flag() == MoveFlag::Promotion {
            evaluation::VALUES[mv.kind().index()] - evaluation::VALUES[PAWN.index()]
        } else {
            0
        }
    }
}

/// How the opponent's step c, played on a balance alone, ends for the mover.
enum StepC<B> {
    /// A king of the mover's stands at the end.
    KingStands {
        /// The balance at the end.
        balance: B,
        /// The mover's pieces still standing.
        standing: Bitboard,
        /// The rays at the end, when a line piece converted (the rays given otherwise).
        rays: Option<RayBoard>,
    },
    /// Every king of the mover's falls.
    KingsFall,
    /// The board has no piece where the balance says one falls (never, for a board and a
    /// balance that agree).
    Unknown,
}

/// Step c played on `balance` alone, without a board, for the mover `us`: its pieces on
/// `standing`, of them `over` overly persuaded, its kings on `kings`. `kind_at` names the kind
/// on a square; `rays` makes the board's rays, needed once a line piece converts. A piece
/// without rays just changes the colour of its influence, a line piece also the rays through
/// its square.
#[inline(always)]
fn step_c_on_balance<B: Balance>(
    us: Color,
    mut balance: B,
    mut standing: Bitboard,
    mut over: Bitboard,
    mut kings: Bitboard,
    kind_at: impl Fn(Square) -> Option<Kind>,
    rays: impl Fn() -> RayBoard,
) -> StepC<B> {
    let mut board: Option<RayBoard> = None;
    loop {
        if over.is_empty() {
            return StepC::KingStands {
                balance,
                standing,
                rays: board,
            };
        }
        kings &= !over;
        if kings.is_empty() {
            return StepC::KingsFall;
        }
        for square in over {
            let Some(kind) = kind_at(square) else {
                return StepC::Unknown;
            };
            if matches!(kind, BISHOP | ROOK | QUEEN) {
                board
                    .get_or_insert_with(&rays)
                    .turn_over(&mut balance, square, kind, us);
                continue;
            }
            RayBoard::turn_over_rayless(&mut balance, square, kind, us);
        }
        standing ^= over;
        over = balance.over(us, standing);
    }
}

/// For a piece of `kind` (not a king) of the side `mover` lifted off the board (a king on
/// the board, a monotone measure), on a board without it where `balance` leaves none of the
/// mover's pieces on `standing` overly persuaded and the rays are `rays` (the lifted board,
/// or that board after step c took what hangs there): its moves to `landings`, squares where
/// it would cut no ray of its side even as a piece that lets none through, and lands overly
/// persuaded. Step c converts it, and it then influences for the opponent, its rays seeing
/// through the opponent's line pieces of that board (some of them converted there).
/// Relative to `balance` (its square empty) only the mover's
/// pieces it then influences lose its weight: enemy rays through its square go on only
/// where they did with the square empty, and are stopped (losing persuasion) elsewhere,
/// and the mover's rays through it cut nothing. Where none of them falls by that, step c
/// ends there with the mover's king, and the move is legal (see
/// [`Pacifist::keeps_a_king`]). Returns the landings settled so; the others are judged
/// exactly.
#[inline(always)]
fn settled_landings<B: Balance>(
    rays: &RayBoard,
    balance: &B,
    mover: Color,
    standing: Bitboard,
    kind: Kind,
    landings: Bitboard,
) -> Bitboard {
    let fragile = standing & balance.below(mover, B::weight(kind));
    let mut settled = Bitboard::EMPTY;
    for to in landings {
        if (rays.influence(kind, !mover, to) & fragile).is_empty() {
            settled.add(to);
        }
    }
    settled
}

/// The node-wide part of the quick legality test: a move is certainly legal and converts
/// nothing of the mover's when, under a monotone measure and with a king on the board, no
/// piece of the mover's other than the moved one is overly persuaded now, no enemy ray passes
/// through the square it leaves, every piece of the mover's it influenced keeps a margin
/// (support minus persuasion) of at least the mover's weight, it cuts none of its side's rays
/// short of a piece of its side, and on its target it keeps a margin of at least its weight
/// where it influenced that square (or is not overly persuaded where it did not).
///
/// Those are all the ways a move changes the balance against the mover: its own influence
/// leaves the squares it influenced, enemy rays go on through the square it leaves, and its
/// own rays stop on the square it enters. Everything else (its influence from the target,
/// its own rays through the square it leaves, enemy rays stopped on the target) only adds
/// support or takes persuasion away. With nothing of the mover's overly persuaded after the
/// move, step c finds nothing (the mover's conversions only weaken the opponent under a
/// monotone measure) and the king stays.
struct QuickTest {
    /// Whether the test applies at all (monotone measure, a king to keep, at most one piece
    /// of ours overly persuaded now).
    enabled: bool,
    /// Our pieces overly persuaded now (at most one when enabled).
    over: Bitboard,
    /// Squares where a piece of ours would be overly persuaded now.
    over_here: Bitboard,
    /// Squares reached by enemy line pieces.
    enemy_lines: Bitboard,
    /// Per kind: squares where our piece's margin is below that kind's weight.
    below: [Bitboard; 6],
    /// Per kind: squares where our piece's margin is below twice that kind's weight.
    below_twice: [Bitboard; 6],
}

impl QuickTest {
    #[inline(always)]
    fn new<B: Balance>(pos: &Position<Pacifist>, node: &NodeInfluence<B>) -> Self {
        let us = pos.turn();
        let over = node.balance.over(us, pos.ours());
        let enabled = B::MONOTONE && pos.pieces(us, KING).any() && over.count() <= 1;
        let mut below = [Bitboard::EMPTY; 6];
        let mut below_twice = [Bitboard::EMPTY; 6];
        if enabled {
            if B::VALUED {
                for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
                    if pos.pieces(us, kind).any() {
                        let weight = B::weight(kind);
                        below[kind.index()] = node.balance.below(us, weight);
                        // Twice the weight matters only to a piece that may land overly persuaded,
                        // which a king may not.
                        if kind != KING {
                            below_twice[kind.index()] = node.balance.below(us, 2 * weight);
                        }
                    }
                }
            } else {
                // Every piece weighs one: all kinds share the thresholds.
                below = [node.balance.below(us, 1); 6];
                below_twice = [node.balance.below(us, 2); 6];
            }
        }
        QuickTest {
            enabled,
            over,
            over_here: node.balance.over(us, Bitboard::FULL),
            enemy_lines: node.opponent_lines(),
            below,
            below_twice,
        }
    }

    /// Whether the lower bounds on the mover's margins after a move from `from`
    /// ([`NodeInfluence::balance_after_own_move_at_least`]) may be used: a monotone measure,
    /// a king to keep, and no enemy ray passing `from` (which the bounds do not follow).
    #[inline(always)]
    fn bounds_apply(&self, from: Square) -> bool {
        self.enabled && !self.enemy_lines.contains(from)
    }

    /// The targets among `targets` (empty squares the piece of `kind` on `from` may move to,
    /// promotions excluded) to which the move is certainly legal (see [`QuickTest`]).
    #[inline(always)]
    fn quiet_targets<B: Balance>(
        &self,
        pos: &Position<Pacifist>,
        node: &NodeInfluence<B>,
        from: Square,
        kind: Kind,
        targets: Bitboard,
    ) -> Bitboard {
        if !self.enabled
            || (self.over & !Bitboard::from_square(from)).any()
            || self.enemy_lines.contains(from)
        {
            return Bitboard::EMPTY;
        }
        let below = self.below[kind.index()];
        let influenced = node.influence_of(kind, pos.turn(), from);
        if (pos.ours() & influenced & below).any() {
            return Self::sure_after_fall(pos, node, from, kind, influenced, targets);
        }
        // A cut costs the piece the ray reaches the battery's weight, and the mover's own
        // weight too if the mover influenced it from `from`.
        let weight = B::weight(kind) as i32;
        // Where the piece may land overly persuaded: where a piece of ours would be now, or
        // would be without the piece's own support.
        let landing_over = self.over_here | (influenced & below);
        let open = targets & !node.risky_cuts(kind, influenced, weight);
        let mut sure = open & !landing_over;
        for to in targets & !open {
            if Self::king_outlives_move(pos, node, from, to, kind, influenced) {
                sure.add(to);
            }
        }
        if kind != KING {
            // Where the piece lands overly persuaded, step c converts it (if it still is) and
            // it then influences for the opponent from there: relative to now, a piece of
            // ours loses the mover's weight where the mover influenced it from `from`, and
            // again where the converted piece influences it. Converted, it blocks our rays
            // like any enemy piece (so it must cut none), and enemy rays through its square
            // go on where they do now or stop. If no other piece of ours falls by that, the
            // turn ends with our king (it is neither the piece nor a piece that falls).
            let us = pos.turn();
            let others = pos.ours() & !Bitboard::from_square(from);
            // Pieces that lose the weight once (below it) or twice (below twice it).
            let fragile = others & (below | (influenced & self.below_twice[kind.index()]));
            for to in open & landing_over & !node.cuts_for(KNIGHT) {
                // A line piece's reach on an empty board bounds its influence: where that
                // meets no fragile piece, its rays need no lookup.
                if matches!(kind, BISHOP | ROOK | QUEEN)
                    && (influence::empty_board_reach(kind, to) & fragile).is_empty()
                {
                    sure.add(to);
                    continue;
                }
                let converted = node.influence_as_opponent_from(kind, !us, to, from);
                if (converted & fragile).is_empty()
                    || Self::king_outlives_converted_landing(
                        pos, node, from, to, kind, influenced, converted,
                    )
                {
                    sure.add(to);
                }
            }
        }
        sure
    }
}

/// Step c on `balance` for the side to move's pieces but the one that stood on `from`, each
/// of the kind the board shows, `rays` making the board's rays if a line piece converts: what
/// [`QuickTest::king_outlives_converted_landing`] and [`QuickTest::sure_after_fall`] play once
/// each has taken the piece's support away without lifting it.
#[inline(always)]
fn step_c_without<B: Balance>(
    pos: &Position<Pacifist>,
    from: Square,
    balance: B,
    rays: impl Fn() -> RayBoard,
) -> StepC<B> {
    let us = pos.turn();
    let standing = pos.ours() & !Bitboard::from_square(from);
    let over = balance.over(us, standing);
    let kind_at = |square| pos.piece_at(square).map(|piece| piece.kind);
    step_c_on_balance(
        us,
        balance,
        standing,
        over,
        pos.pieces(us, KING),
        kind_at,
        rays,
    )
}

impl QuickTest {
    /// For a piece of `kind` (not a king) on `from` that influenced `influenced` and lands on
    /// `to` (cutting no ray of its side, no enemy ray passing `from`), where converted it
    /// would influence `converted`: whether a king of the mover's certainly outlives step c.
    /// Step c is played on the balance of the node as a worse board for the mover: the piece
    /// converted from the start, its support gone from `from`, and the mover's rays through
    /// `from` left stopped there. Each of those only lowers the mover's margins, as would
    /// step b's conversions left out; and under a monotone measure each conversion of a
    /// piece of the mover's lowers them further, so step c on the real board takes no piece
    /// it spares here.
    #[inline(always)]
    fn king_outlives_converted_landing<B: Balance>(
        pos: &Position<Pacifist>,
        node: &NodeInfluence<B>,
        from: Square,
        to: Square,
        kind: Kind,
        influenced: Bitboard,
        converted: Bitboard,
    ) -> bool {
        B::outlined(
            #[inline(always)]
            || {
                let us = pos.turn();
                let mut balance = node.balance;
                balance.remove(us, influenced, kind);
                balance.add(!us, converted, kind);
                let rays = || node.board_with_moved(from, to, kind, !us);
                matches!(
                    step_c_without(pos, from, balance, rays),
                    StepC::KingStands { .. }
                )
            },
        )
    }

    /// For a piece of `kind` on `from` that influenced `influenced` and defended some piece
    /// of its side that cannot spare its support (no enemy ray passing `from`): the targets
    /// to which the move is certainly legal, found without lifting the piece. The piece's
    /// support is taken away and step c played at once on that balance, the side's rays
    /// through `from` taken as still stopped there: a lower bound of the mover's margins, as
    /// in [`QuickTest::king_outlives_converted_landing`]. If a king of the mover's outlives
    /// it, the targets are settled on that fallen board as [`Pacifist::legal_targets`]
    /// settles them on the lifted one; a piece put down past `from` cuts only rays that
    /// the bound never counted, so only the node's cut squares are left out.
    #[inline(always)]
    fn sure_after_fall<B: Balance>(
        pos: &Position<Pacifist>,
        node: &NodeInfluence<B>,
        from: Square,
        kind: Kind,
        influenced: Bitboard,
        targets: Bitboard,
    ) -> Bitboard {
        B::outlined(
            #[inline(always)]
            || {
                if kind == KING {
                    return Bitboard::EMPTY;
                }
                let us = pos.turn();
                let mut balance = node.balance;
                balance.remove(us, influenced, kind);
                let StepC::KingStands {
                    balance: fallen,
                    standing,
                    rays,
                } = step_c_without(pos, from, balance, || node.board_without(from))
                else {
                    return Bitboard::EMPTY;
                };
                let open = targets & !node.cuts_for(KNIGHT);
                let mut sure = open & !fallen.over(us, open);
                let landing_over = open ^ sure;
                if landing_over.any() {
                    let rays = rays.unwrap_or_else(|| node.board_without(from));
                    sure |= settled_landings(&rays, &fallen, us, standing, kind, landing_over);
                }
                for to in targets & !open {
                    if Self::king_outlives_move(pos, node, from, to, kind, influenced) {
                        sure.add(to);
                    }
                }
                sure
            },
        )
    }

    /// For a piece of `kind` on `from` that influenced `influenced` and moves to `to`, where
    /// it may cut a ray of its side short of a piece that cannot spare the support (no enemy
    /// ray passing `from`): whether the move is certainly legal. Step c is played on a lower
    /// bound of the mover's margins after the move
    /// ([`NodeInfluence::balance_after_own_move_at_least`]) as in
    /// [`QuickTest::king_outlives_converted_landing`]; a king must not land overly persuaded
    /// there either.
    #[inline(always)]
    fn king_outlives_move<B: Balance>(
        pos: &Position<Pacifist>,
        node: &NodeInfluence<B>,
        from: Square,
        to: Square,
        kind: Kind,
        influenced: Bitboard,
    ) -> bool {
        B::outlined(
            #[inline(always)]
            || {
                let us = pos.turn();
                let Some(balance) =
                    node.balance_after_own_move_at_least(us, from, to, kind, influenced)
                else {
                    return false;
                };
                let (from_bit, to_bit) = (Bitboard::from_square(from), Bitboard::from_square(to));
                let standing = (pos.ours() & !from_bit) | to_bit;
                let over = balance.over(us, standing);
                if over.is_empty() {
                    return true;
                }
                let mut kings = pos.pieces(us, KING);
                if kind == KING {
                    if over.contains(to) {
                        return false;
                    }
                    kings = (kings & !from_bit) | to_bit;
                }
                let kind_at = |square| {
                    if square == to {
                        Some(kind)
                    } else {
                        pos.piece_at(square).map(|piece| piece.kind)
                    }
                };
                let rays = || node.board_with_moved(from, to, kind, us);
                matches!(
                    step_c_on_balance(us, balance, standing, over, kings, kind_at, rays),
                    StepC::KingStands { .. }
                )
            },
        )
    }

    /// The pushes among `singles` and `doubles` (target squares of non-promoting single and
    /// double steps of the side to move's pawns, double steps assumed passable) that
    /// [`QuickTest::quiet_targets`] would settle, for all pawns at once: the same conditions,
    /// taken set-wise. A push never lands on a square its pawn influences.
    #[inline(always)]
    fn sure_pushes<B: Balance>(
        &self,
        pos: &Position<Pacifist>,
        node: &NodeInfluence<B>,
        singles: Bitboard,
        doubles: Bitboard,
    ) -> (Bitboard, Bitboard) {
        if !self.enabled {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let us = pos.turn();
        let mut eligible = pos.pieces(us, PAWN) & !self.enemy_lines;
        if self.over.any() {
            eligible &= self.over;
        }
        // Pawns that influence a piece of ours whose margin is below a pawn's weight.
        eligible &= !pawn_influence(pos.ours() & self.below[PAWN.index()], !us);
        let step = ahead(eligible, us);
        // As in `quiet_targets`, taking every pawn to influence the piece a cut reaches.
        let risky = node.risky_cuts(PAWN, Bitboard::FULL, B::weight(PAWN) as i32);
        let quiet_singles = step & singles & !risky;
        let quiet_doubles = ahead(step, us) & doubles & !risky;
        let mut sure_singles = quiet_singles & !self.over_here;
        let mut sure_doubles = quiet_doubles & !self.over_here;
        // As in `quiet_targets`: a pawn landing overly persuaded is settled when, converted,
        // it would influence no other fragile piece of ours. The converted pawn on `to`
        // influences the two squares diagonally behind it (seen from us), which are the
        // squares whose pawn of ours would influence `to`: the landings that reach a fragile
        // piece are the squares our pawns on those pieces would influence, taken for all
        // pawns at once. A piece loses a pawn's weight once where only one of the pawn
        // before and the converted pawn influences it, twice where both do. After a single
        // step they influence different ranks; after a double step the converted pawn
        // influences exactly the squares the pawn did from its start, so each loses it twice.
        let landing = self.over_here & !node.cuts_for(PAWN);
        let below_once = pos.ours() & self.below[PAWN.index()];
        let below_twice = pos.ours() & self.below_twice[PAWN.index()];
        sure_singles |= quiet_singles & landing & !pawn_influence(below_once, us);
        sure_doubles |= quiet_doubles & landing & !pawn_influence(below_twice, us);
        (sure_singles, sure_doubles)
    }
}

/// How far quiescence looks past the horizon. Conversions never take material off the board
/// and can be turned back, so two sides each converting something of the other's can go on
/// for ever: unbounded, a depth 3 search under `value` ran to the ply limit and did not end in
/// 100 seconds (engines in `scripts/pacifist_strength.sh` stopped answering). Depth 6 against
/// depth 3 over 40 games scored 35-3-2 under `count` with 8 plies and 34-3-3 with 16 (the same
/// games as unbounded); 8 was kept as the tighter bound on a search's worst case.
const QUIESCENCE_PLIES: u32 = 8;

impl Rules for Pacifist {
    type State = ();

    fn identity(&self) -> Identity {
        Identity::new("pacifist", STANDARD_START_FEN, &STANDARD_PIECES)
    }

    fn options() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// Pawns only on ranks 2 to 7, the side not to move owns a king (its turn ended legally),
    /// castling rights backed by an unmoved king and rook of their colour on the a or h file.
    /// An en passant square is dropped: there is no en passant in this game.
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos
            .kind(PAWN)
            .intersects(back_rank(Color::White) | back_rank(Color::Black))
        {
            return Err(FenError::Illegal(
                "a pawn stands on the first or last rank".into(),
            ));
        }
        let waiting = !pos.turn();
        if pos.pieces(waiting, KING).is_empty() {
            return Err(FenError::Illegal(format!(
                "{} is not to move but has no king (a turn may not end kingless)",
                orthodox::color_name(waiting)
            )));
        }
        for right in pos.castling() {
            let color = amity_engine::castling::right_owner(right);
            let backed = back_rank(color).contains(right)
                && matches!(right.file(), File::A | File::H)
                && pos.pieces(color, ROOK).contains(right)
                && pos.pieces(color, KING).contains(king_home(color));
            if !backed {
                return Err(FenError::Castling(format!(
                    "no {} king on {} and rook on {right} for that right",
                    orthodox::color_name(color),
                    king_home(color)
                )));
            }
        }
        pos.set_en_passant(None);
        Ok(())
    }

    // Each hook keeps its caches in the thread's scratch: the search and perft lend the same
    // one call after call; a call without one (`RulesExt`) works on caches made for it.

    #[inline(always)]
    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, scratch: &mut Scratch) {
        self.generate_cached(pos, moves, scratch.get());
    }

    /// Counts the moves [`Rules::generate_in`] lists, without listing them: the moves the
    /// quick test settles are counted a set at a time.
    #[inline(always)]
    fn count_moves_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> usize {
        self.count_cached(pos, scratch.get())
    }

    #[inline]
    fn generate_tactical_in(
        &self,
        pos: &Position<Self>,
        moves: &mut MoveList,
        scratch: &mut Scratch,
    ) {
        self.generate_tactical_cached(pos, moves, scratch.get());
    }

    /// Promotions, and moves whose turn converts enemy pieces and loses none: the ways the
    /// balance moves in a game without captures. Moves that trade conversions are left to the
    /// full-width search: in a game where material never leaves the board, chains of trades
    /// need not end, and the evaluation already weighs pieces about to change hands.
    #[inline]
    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> bool {
        self.is_tactical_cached(pos, mv, scratch.get())
    }

    #[inline]
    fn gain_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> i32 {
        self.gain_cached(pos, mv, scratch.get())
    }

    /// The gain: nothing is captured, so no exchange follows on the square.
    fn static_exchange_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> i32 {
        self.gain_in(pos, mv, scratch)
    }

    #[inline(always)]
    fn play_in(&self, pos: &mut Position<Self>, mv: Move, scratch: &mut Scratch) {
        self.play_cached(pos, mv, scratch.get());
    }

    /// The forcing dangers of this game: no king to move (a claim-back is due) or a king that
    /// the opponent's step would convert unless this move helps it.
    fn in_check(&self, pos: &Position<Self>) -> bool {
        let us = pos.turn();
        let kings = pos.pieces(us, KING);
        // Only the kings' squares matter: their persuaders and supporters are looked up from
        // there, not tallied over the whole board.
        kings.is_empty()
            || kings
                .into_iter()
                .any(|king| InfluenceMap::overly_persuaded_on(pos, self.measure, us, king))
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        if pos.pieces(pos.turn(), KING).is_empty() {
            Outcome::Win {
                winner: !pos.turn(),
                reason: WinReason::Variant(NO_KING_TO_CLAIM),
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    /// Quiescence follows conversion-making moves ([`Rules::is_tactical_in`]) and check
    /// extension answers a kingless side or a king about to be converted. No null move and no
    /// late move reductions: a quiet move here often sets up a conversion a move later (no
    /// capture stands out for move ordering to put first), and a pass dodges the passer's own
    /// step c, so both prune exactly the lines that decide games. Measured with
    /// `scripts/pacifist_strength.sh`: depth 6 against depth 3 scored 78.8% with both on and
    /// 98.8% with both off; at 3+0.03 seconds the engine without them beat the one with them.
    /// Quiescence stops [`QUIESCENCE_PLIES`] plies past the horizon.
    fn search_flags(&self) -> SearchFlags {
        // Exchange-based reductions were measured in chess only: this game keeps the search its
        // strength was measured with.
        SearchFlags {
            null_move: false,
            late_move_reductions: false,
            quiescence_plies: Some(QUIESCENCE_PLIES),
            exchange_reductions: false,
            // Self-play on the standard scale gave +246 and +288 Elo for its 200-level steps:
            // a doubling of nodes buys more here than in chess (docs/strength-levels.md).
            strength: StrengthScale::new(144).past_the_knee(89),
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    /// A conversion resets the fifty-move clock but can be converted back, and a pawn that
    /// pushed can be converted and pushed back the other way: the same board can recur.
    fn draw_rules(&self) -> amity_engine::DrawRules {
        amity_engine::DrawRules::CHESS_REVERSIBLE
    }

    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        evaluation::evaluate(self, pos)
    }
}

impl Notation for Pacifist {}

impl Presentation for Pacifist {}

impl Learning for Pacifist {}

impl Solver for Pacifist {}

impl amity_engine::Partner for Pacifist {}
