//! The variant hooks: the [`Rules`] trait that every variant implements and through which the
//! move generator, game-end logic, FEN I/O, evaluation and search reach the rules of a game.
//! Search is generic over it (one compiled copy per variant, no dynamic dispatch). How a game
//! is written, shown and learnt from are traits of their own, beside their users:
//! [`Notation`](crate::notation::Notation), [`Presentation`](crate::presentation::Presentation),
//! [`Learning`](crate::tuning::Learning) and [`Solver`](crate::puzzle::Solver).

use shakmaty::{Bitboard, Color};
use std::fmt::Debug;

use crate::fen::FenError;
use crate::fen_fields::ExtraFields;
use crate::moves::{Move, MoveFlag, MoveList};
use crate::options::OptionSpec;
use crate::position::{Kind, Position};
use crate::scratch::Scratch;
use crate::search::{Strength, StrengthScale};

/// The board's size; boards smaller than 8x8 occupy the lower-left corner of the bitboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
}

impl Geometry {
    pub const STANDARD: Geometry = Geometry { files: 8, ranks: 8 };

    /// The squares that exist on this board.
    pub const fn mask(self) -> Bitboard {
        let mut mask = 0u64;
        let mut rank = 0;
        while rank < self.ranks {
            let row = (1u64 << self.files) - 1;
            mask |= row << (8 * rank as u32);
            rank += 1;
        }
        Bitboard(mask)
    }
}

/// What a variant says about one of its piece kinds.
#[derive(Clone, Copy, Debug)]
pub struct PieceInfo {
    /// FEN symbol of the White piece (`"N"`, `"+C"`); Black's is the same in lower case.
    pub symbol: &'static str,
    /// The name players use (`"knight"`, `"general"`).
    pub name: &'static str,
    /// Nominal value in centipawns, for move ordering and display.
    pub value: i32,
}

/// The constants that name a game and lay out its board, which [`Rules::identity`] answers
/// and [`RulesExt::name`], [`RulesExt::start_fen`], [`RulesExt::geometry`] and [`RulesExt::pieces`] read.
#[derive(Clone, Copy, Debug)]
pub struct Identity {
    /// The name used by `UCI_Variant`, XBoard `variant` and the PGN `Variant` tag.
    pub name: &'static str,
    /// The FEN of the game's start position.
    pub start_fen: &'static str,
    /// The board's size.
    pub geometry: Geometry,
    /// The variant's piece kinds, indexed by [`Kind`].
    pub pieces: &'static [PieceInfo],
}

impl Identity {
    /// A game on the standard 8x8 board.
    pub const fn new(
        name: &'static str,
        start_fen: &'static str,
        pieces: &'static [PieceInfo],
    ) -> Identity {
        Identity {
            name,
            start_fen,
            geometry: Geometry::STANDARD,
            pieces,
        }
    }

    /// The same game on a board of `geometry`.
    pub const fn on(self, geometry: Geometry) -> Identity {
        Identity { geometry, ..self }
    }
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    Checkmate,
    /// A win defined by the variant (a royal piece captured, no king to claim back...).
    Variant(&'static str),
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    Stalemate,
    FiftyMoves,
    /// The game's own move limit, when it is not fifty: that many moves by each side
    /// without a clock reset.
    MoveLimit(u32),
    Repetition,
    InsufficientMaterial,
    /// A draw defined by the variant.
    Variant(&'static str),
}

/// A result as a rule gives it to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Loss,
    Draw,
}

/// A game's own rules for ending a game that goes nowhere: after how many moves without a
/// clock reset it is drawn, and how many times one position must stand to end it, with what
/// result. [`Game`](crate::Game) applies them and the search scores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// Moves by each side without a clock reset that draw the game; `None`: no such rule.
    pub move_limit: Option<u32>,
    /// How many times one position must stand to end the game; `None`: never.
    pub repetitions: Option<u32>,
    /// What the side to move gets when a repetition ends the game.
    pub repetition: Verdict,
    /// Whether a move that resets the move-limit clock can never be undone, so that no
    /// position before it can occur again and repetition need only look back to the last reset
    /// (true in chess: pawns never step back and captured pieces never return). A game where
    /// such moves can be undone says false, and repetition looks at the whole game.
    pub resets_are_irreversible: bool,
}

impl DrawRules {
    /// Chess's: fifty moves, threefold repetition, both draws.
    pub const CHESS: DrawRules = DrawRules {
        move_limit: Some(50),
        repetitions: Some(3),
        repetition: Verdict::Draw,
        resets_are_irreversible: true,
    };

    /// Chess's, for a game whose clock resets can be undone
    /// ([`DrawRules::resets_are_irreversible`]).
    pub const CHESS_REVERSIBLE: DrawRules = DrawRules {
        resets_are_irreversible: false,
        ..DrawRules::CHESS
    };

    /// Whether a clock of `halfmove_clock` plies has reached the move limit.
    pub fn move_limit_reached(self, halfmove_clock: u32) -> bool {
        self.move_limit
            .is_some_and(|moves| halfmove_clock >= moves.saturating_mul(2))
    }

    /// How a repetition ends the game with `side_to_move` to move.
    pub fn repetition_outcome(self, side_to_move: Color) -> Outcome {
        let win = |winner| Outcome::Win {
            winner,
            reason: WinReason::Variant("repetition"),
        };
        match self.repetition {
            Verdict::Draw => Outcome::Draw(DrawReason::Repetition),
            Verdict::Win => win(side_to_move),
            Verdict::Loss => win(!side_to_move),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    /// Chess's result when `side_to_move` has no legal decision: checkmate if it stands in
    /// check (whatever check means in the game), stalemate otherwise.
    pub fn checkmate_or_stalemate(side_to_move: Color, in_check: bool) -> Outcome {
        if in_check {
            Outcome::Win {
                winner: !side_to_move,
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw(DrawReason::Stalemate)
        }
    }

    /// PGN result string.
    pub fn result(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// A short human explanation, as used in `RESULT {reason}` and PGN terminations.
    pub fn reason(self) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                let side = if winner == Color::White {
                    "White"
                } else {
                    "Black"
                };
                match reason {
                    WinReason::Checkmate => format!("{side} mates"),
                    WinReason::Variant(why) => format!("{side} wins: {why}"),
                }
            }
            Outcome::Draw(DrawReason::Stalemate) => "Stalemate".into(),
            Outcome::Draw(DrawReason::FiftyMoves) => "Draw by fifty-move rule".into(),
            Outcome::Draw(DrawReason::MoveLimit(moves)) => format!("Draw by {moves}-move rule"),
            Outcome::Draw(DrawReason::Repetition) => "Draw by repetition".into(),
            Outcome::Draw(DrawReason::InsufficientMaterial) => {
                "Draw by insufficient material".into()
            }
            Outcome::Draw(DrawReason::Variant(why)) => format!("Draw: {why}"),
        }
    }
}

/// What the search may assume about a variant. Search reads these instead of asking which game
/// it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFlags {
    /// Passing is never worse than moving (no zugzwang-dominated positions), so null-move
    /// pruning is sound enough.
    pub null_move: bool,
    /// Being in check is a real, forcing threat worth an extra ply.
    pub check_extension: bool,
    /// Quiet positions can be told apart from tactical ones by
    /// [`Rules::generate_tactical_in`].
    pub quiescence: bool,
    /// Late move reductions are safe: move ordering puts the strong moves first.
    pub late_move_reductions: bool,
    /// How many plies quiescence may go below the horizon. `None` where tactical sequences
    /// end by themselves (every capture takes material off the board); a game whose tactical
    /// moves can answer each other for ever (conversions turned back) needs a bound, or
    /// quiescence runs to the ply limit and a single search never ends.
    pub quiescence_plies: Option<u32>,
    /// Quiet moves are ordered by what followed the last two decisions (continuation
    /// history): a game where those decisions predict the good replies.
    pub continuation_history: bool,
    /// A hash move that every other move falls well short of is searched a ply deeper
    /// (singular extensions).
    pub singular_extensions: bool,
    /// The quiet move that last refuted a move is tried early whenever that move is played
    /// again (countermoves, keyed like continuation history, so only where that is on).
    pub countermoves: bool,
    /// [`Rules::static_exchange_in`] is trusted to say a move gives material away: such a check
    /// is not extended, and such a capture is reduced like a late quiet move.
    pub exchange_reductions: bool,
    /// A view can be searched as it stands ([`Rules::hidden_decision`]): the search plays
    /// through the unknown part instead of filling it in (a game whose hidden part is only
    /// what each side holds, with everything played public).
    pub view_search: bool,
    /// What is hidden is the opponent's own to play against the mover (its hand, its army),
    /// not chance's or a partner's: a world drawn at random is more often harmless than the
    /// one the opponent holds, so the one world searched is the worst of several
    /// ([`crate::search::HiddenInformation::worst_of`]).
    pub opponents_secrets: bool,
    /// How the strength levels (`UCI_Elo`) spread over node budgets: a game where a doubling
    /// of nodes buys more than in chess declares more levels per doubling, fitted so that 200
    /// levels are about 200 Elo in self-play (`docs/strength-levels.md`). Every preset has
    /// chess's spread, anchored where the ladders are ([`StrengthScale::STANDARD`]).
    pub strength: StrengthScale,
}

impl SearchFlags {
    pub const ALL: SearchFlags = SearchFlags {
        null_move: true,
        check_extension: true,
        quiescence: true,
        late_move_reductions: true,
        quiescence_plies: None,
        continuation_history: true,
        singular_extensions: true,
        countermoves: true,
        exchange_reductions: true,
        view_search: false,
        opponents_secrets: false,
        strength: StrengthScale::STANDARD,
    };

    /// Everything but countermoves, which were measured in chess only: the search a game keeps
    /// when its strength was measured before they came.
    pub const BEFORE_COUNTERMOVES: SearchFlags = SearchFlags {
        countermoves: false,
        ..SearchFlags::ALL
    };

    /// [`SearchFlags::BEFORE_COUNTERMOVES`] without anything that assumes a pass, a forcing
    /// check or a quiet position told apart by captures: a plain alpha-beta, for a game whose
    /// decisions are not moves of that kind (a solitaire's, a word game's, a team's).
    pub const PLAIN: SearchFlags = SearchFlags {
        null_move: false,
        check_extension: false,
        quiescence: false,
        late_move_reductions: false,
        quiescence_plies: None,
        ..SearchFlags::BEFORE_COUNTERMOVES
    };

    /// [`SearchFlags::PLAIN`] that never looks past the horizon: a one-player game for a
    /// score (a solitaire), where every leaf is scored by the solver's bound.
    pub const SOLITAIRE: SearchFlags = SearchFlags {
        quiescence_plies: Some(0),
        ..SearchFlags::PLAIN
    };

    /// These flags without what reads the last two decisions (continuation history,
    /// countermoves), singular extensions and exchange reductions: for a game whose turn is
    /// made of several decisions, where the last two are mostly parts of the mover's own turn
    /// (measured so in the games that use it; exchange reductions were measured in chess only).
    pub const fn within_turns(self) -> SearchFlags {
        SearchFlags {
            continuation_history: false,
            singular_extensions: false,
            countermoves: false,
            exchange_reductions: false,
            ..self
        }
    }
}

/// One possible result of chance (a throw, a flipped card) and how many of the equally likely
/// raw outcomes produce it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChanceOutcome {
    pub outcome: Move,
    pub weight: u32,
}

/// Whether the mover of a view can make a decision: a view may let it play a card it holds
/// only perhaps (one of its unknown cards), and the search of a view weighs such a decision
/// by the chance that it is there to make ([`Rules::hidden_decision`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HiddenDecision {
    /// The mover can surely make it.
    Certain,
    /// The mover can make it only if it holds an unknown resource (a kind of card), which it
    /// does with this probability; decisions of one resource stand or fall together.
    Chance { resource: u16, probability: f64 },
    /// Does what another decision already listed does (another card of the same kind, a card
    /// held as well as perhaps): the search may leave it out.
    Duplicate,
}

/// A decision a variant's policy offers ([`Rules::policy_decisions`]) and its value to the
/// decider, in centipawns of the policy's own reckoning: only the margins between the
/// options count, as between a search's root lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyOption {
    pub decision: Move,
    pub value: i32,
}

impl PolicyOption {
    /// The decision to play among `options` (the policy's own first): that one at full
    /// strength (`level` `None`), else the level's seeded choice by their values
    /// ([`Strength::choose`]), drawn with `key` (the view's hash). `None` when there is none.
    pub fn chosen(options: &[PolicyOption], level: Option<Strength>, key: u64) -> Option<Move> {
        let index = level.map_or(0, |level| {
            let values: Vec<i32> = options.iter().map(|option| option.value).collect();
            level.choose(&values, key)
        });
        options.get(index).map(|option| option.decision)
    }
}

/// What the referee makes of a decision taken on a view: see [`Rules::referee`].
#[derive(Clone, Debug)]
pub enum Refereed<R: Rules> {
    /// The full state's own decision that carries it out.
    Decision(Move),
    /// The decision is not complete yet: what it turned over is now seen, and the same seat
    /// chooses again. This is that seat's view with the hidden part shown; each decision
    /// taken on it is refereed in turn, with this view as the one it was taken on.
    Choose(Position<R>),
}

/// Writes [`Rules::generate_in`] and [`Rules::generate_tactical_in`], inside an `impl Rules`,
/// for a game whose one generator lists either every legal move or the tactical ones alone:
/// `$generate` is called as `$generate(self, pos, moves, tactical_only)`, e.g.
/// `generate_by_flag!(|_, pos, moves, tactical| RULES.generate(pos, moves, tactical))`.
#[macro_export]
macro_rules! generate_by_flag {
    // The two hooks share their signature: one arm writes either.
    (@hook $hook:ident, $tactical_only:literal, $generate:expr) => {
        #[inline]
        fn $hook(
            &self,
            pos: &$crate::Position<Self>,
            moves: &mut $crate::MoveList,
            _scratch: &mut $crate::Scratch,
        ) {
            ($generate)(self, pos, moves, $tactical_only);
        }
    };
    ($generate:expr) => {
        $crate::generate_by_flag!(@hook generate_in, false, $generate);
        $crate::generate_by_flag!(@hook generate_tactical_in, true, $generate);
    };
}

/// The rules of one game: what the search, perft and a referee need. Every variant implements
/// this once.
///
/// A position's side to move after [`Rules::play_in`] may stay the same (a turn made of several
/// decisions); search and perft handle that.
pub trait Rules: Clone + Send + Sync + 'static {
    /// State the variant needs beyond the board (couples, phases, decks), part of the hash.
    type State: Clone + PartialEq + Eq + Default + Debug + Send + Sync;

    /// The game's name, start position, board and pieces: one answer, which
    /// [`RulesExt::name`], [`RulesExt::start_fen`], [`RulesExt::geometry`] and
    /// [`RulesExt::pieces`] read.
    fn identity(&self) -> Identity;

    /// The options that change this variant's rules (a measure, a number of seats), which the
    /// protocols and the command line list and check without knowing their names; the variants
    /// registry builds the rules from their values. Default: none.
    fn options() -> &'static [OptionSpec] {
        &[]
    }

    // ----- FEN -----

    /// Reads FEN fields after the usual six (the variant's own state).
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let _ = pos;
        ExtraFields::new(fields).finish()
    }

    /// Reads the pieces in hand a drop game's FEN carries in brackets after the board
    /// (`...RNBQKBNR[Qp]`; `[]` or `[-]` for none), called before [`Rules::read_extra_fen`].
    /// Default: the game has no hands, and a bracket is an error.
    fn read_hand(&self, pos: &mut Position<Self>, hand: &str) -> Result<(), FenError> {
        let _ = pos;
        Err(FenError::BoardShape(format!(
            "pieces in hand '[{hand}]' in a game without them"
        )))
    }

    /// The pieces in hand as the FEN writes them between the brackets after the board, or
    /// `None` for a game without hands (no brackets). Default: `None`.
    fn write_hand(&self, pos: &Position<Self>) -> Option<String> {
        let _ = pos;
        None
    }

    /// Appends the variant's own FEN fields (each preceded by a space).
    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let _ = (pos, out);
    }

    /// Checks (and may normalise) a position read from FEN: kings, pawns on impossible ranks,
    /// castling rights that match the pieces, settled variant state.
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError>;

    /// Hash of the variant state alone, computed from scratch (the incremental hash must match).
    fn state_hash(&self, state: &Self::State) -> u64 {
        let _ = state;
        0
    }

    // ----- moves -----
    // Every hook that search and perft call at each node is lent the calling thread's
    // [`Scratch`], where a variant may keep what it worked out in one call for the next (nodes,
    // played-out turns) instead of in hidden per-thread globals; a variant that keeps nothing
    // ignores it. [`RulesExt`] offers each of them without a scratch, for callers outside the
    // search.

    /// Every legal decision for the side to move. Empty when the game is over or chance must
    /// act first.
    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, scratch: &mut Scratch);

    /// The number of legal decisions, which is all perft needs at its last ply. The default
    /// generates them; a variant whose generator can count without listing may answer faster,
    /// and must answer the same.
    fn count_moves_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> usize {
        let mut moves = MoveList::new();
        self.generate_in(pos, &mut moves, scratch);
        moves.len()
    }

    /// The legal moves that change the material balance or its equivalent (captures,
    /// promotions, conversions): what quiescence search looks at.
    fn generate_tactical_in(
        &self,
        pos: &Position<Self>,
        moves: &mut MoveList,
        scratch: &mut Scratch,
    ) {
        self.generate_in(pos, moves, scratch);
        moves.retain(|mv| self.is_tactical_in(pos, mv, scratch));
    }

    /// Whether a legal move is tactical in the sense of [`Rules::generate_tactical_in`].
    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> bool {
        let _ = scratch;
        mv.flag() == MoveFlag::Promotion
            || mv.flag() == MoveFlag::EnPassant
            || (mv.flag() == MoveFlag::Normal && pos.theirs().contains(mv.to()))
    }

    /// Value (centipawns) of what a move captures or converts, for move ordering; 0 if nothing.
    fn gain_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> i32 {
        let _ = scratch;
        match mv.flag() {
            MoveFlag::EnPassant => self.pieces()[0].value,
            MoveFlag::Normal | MoveFlag::Promotion => pos
                .piece_at(mv.to())
                .filter(|piece| piece.color != pos.turn())
                .map_or(0, |piece| self.pieces()[piece.kind.index()].value),
            _ => 0,
        }
    }

    /// Static exchange evaluation: what the side to move expects to win (centipawns, negative
    /// for a loss) if both sides keep capturing on the move's target square with their least
    /// valuable piece. Search orders and prunes captures by it. The default knows nothing about
    /// defenders and returns [`Rules::gain_in`]; variants built from the standard pieces can
    /// use [`crate::search::see::orthodox`].
    fn static_exchange_in(&self, pos: &Position<Self>, mv: Move, scratch: &mut Scratch) -> i32 {
        self.gain_in(pos, mv, scratch)
    }

    /// Plays a legal decision with all its after-effects (and hands the turn on, if the turn
    /// ends).
    fn play_in(&self, pos: &mut Position<Self>, mv: Move, scratch: &mut Scratch);

    /// Passes the turn without moving (null-move pruning). Only called when
    /// [`SearchFlags::null_move`] is set and the side to move is not in check.
    fn play_null(&self, pos: &mut Position<Self>) {
        pos.set_en_passant(None);
        pos.flip_turn();
    }

    /// Whether the side to move is in check (or whatever the variant's forcing danger is).
    fn in_check(&self, pos: &Position<Self>) -> bool;

    /// Whether playing `mv` hands the turn over with the opponent in check, when the rules can
    /// tell without playing it (`None`: they cannot, so search plays the move to find out).
    /// Search uses it to prune late quiet moves before paying for playing them; a `Some`
    /// answer must equal what playing the move and asking [`Rules::in_check`] would give.
    fn gives_check(&self, pos: &Position<Self>, mv: Move) -> Option<bool> {
        let _ = (pos, mv);
        None
    }

    // ----- game end -----

    /// A result decided by the variant's own rules before any move is generated (a royal piece
    /// already captured...). `None` while the game goes on.
    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        let _ = pos;
        None
    }

    /// The result when the side to move has no legal move (and [`Rules::terminal`] is `None`).
    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome;

    /// The game's move limit and repetition rule. Default: chess's, fifty moves and threefold
    /// repetition, both draws.
    fn draw_rules(&self) -> DrawRules {
        DrawRules::CHESS
    }

    /// A draw the position itself gives by the game's rules, whatever came before it: dead
    /// material (chess's insufficient material, [`DrawReason::InsufficientMaterial`]), or a
    /// count kept in the game's state that ran out (beyond the move limit's halfmove clock).
    /// [`Game`](crate::Game) ends the game with it after the no-move ends, the move limit and
    /// repetition, and the search scores it as a draw; move generation never sees it, so it
    /// never changes perft. Default: none.
    fn position_draw(&self, pos: &Position<Self>) -> Option<DrawReason> {
        let _ = pos;
        None
    }

    // ----- chance -----

    /// If chance must act before the next decision, its distinct outcomes with their weights.
    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        let _ = (pos, outcomes);
        false
    }

    /// The fixed outcome perft uses at a chance node, so perft numbers are reproducible.
    fn perft_chance(&self, pos: &Position<Self>) -> Option<Move> {
        let _ = pos;
        None
    }

    // ----- hidden information -----

    /// Whether the game hides part of its full state from a seat (hands, deck order, secret
    /// identities). Search then decides from the mover's view, never from the full state.
    fn hides_information(&self) -> bool {
        false
    }

    /// Whether `pos` is a view (some part written `?`) rather than a full state.
    fn is_view(&self, pos: &Position<Self>) -> bool {
        let _ = pos;
        false
    }

    /// What `seat` knows of `pos`: the same position with everything hidden from that seat
    /// unknown. Applied to a view it may only hide more. The default hides nothing.
    fn view(&self, pos: &Position<Self>, seat: Color) -> Position<Self> {
        let _ = seat;
        pos.clone()
    }

    /// A full state drawn uniformly from those consistent with `view` (every unknown part
    /// filled in). Called only on views of games that hide information.
    fn sample_state(&self, view: &Position<Self>, rng: &mut rand::rngs::StdRng) -> Position<Self> {
        let _ = rng;
        view.clone()
    }

    /// Whether the mover of `pos` can surely make `decision` ([`HiddenDecision`]), asked by
    /// the search of a view where [`SearchFlags::view_search`] is set. Must read nothing the
    /// view's seat may not see. Default: every decision is certain.
    fn hidden_decision(&self, pos: &Position<Self>, decision: Move) -> HiddenDecision {
        let _ = (pos, decision);
        HiddenDecision::Certain
    }

    /// What the referee, who sees the full state `state`, makes of `decision`, taken on
    /// `view` (the deciding seat's view of `state`, or a view a [`Refereed::Choose`] handed
    /// back) when the view's decisions and the full state's differ: a decision taken blind
    /// names no hidden thing (it says "turn the top card", never which card), so only the
    /// referee can say which of the full state's decisions it is, and once the hidden thing
    /// is shown the seat may have to choose again. `None`, the default: the full state's
    /// decision is the one written the same way.
    fn referee(
        &self,
        state: &Position<Self>,
        view: &Position<Self>,
        decision: Move,
    ) -> Option<Refereed<Self>> {
        let _ = (state, view, decision);
        None
    }

    /// A fresh random deal for a real game (hands and deck shuffled), where the start FEN is
    /// only a fixed test deal. `None`: the game starts from [`RulesExt::start_fen`].
    fn deal(&self, rng: &mut rand::rngs::StdRng) -> Option<Position<Self>> {
        let _ = rng;
        None
    }

    /// The decisions the variant's own policy takes from `view` without search (whether and
    /// what to guess, in a game of guesses), at most `most` of them, the policy's own choice
    /// first and the others by falling value; empty to search. Full strength plays the first;
    /// a limited strength chooses among them by their values as among a search's root lines
    /// ([`crate::search::Strength::choose`]). With `baseline`, the variant's simplest policy,
    /// the yardstick the real one is measured against.
    fn policy_decisions(
        &self,
        view: &Position<Self>,
        baseline: bool,
        most: usize,
    ) -> Vec<PolicyOption> {
        let _ = (view, baseline, most);
        Vec::new()
    }

    /// The view a baseline player decides from: `view` without what it remembers beyond the
    /// position itself (what was seen of hidden pieces). Default: the view unchanged.
    fn baseline_view(&self, view: &Position<Self>) -> Position<Self> {
        view.clone()
    }

    /// The hypotheses about the opponent of `view`'s seat that `view` leaves possible, each as
    /// its number (a game numbers every hypothesis the hidden part of one seat's army can be,
    /// say every arrangement of its hidden pieces) and the full state it makes of `view`,
    /// equally likely before any behaviour is weighed: the search then weighs each by how well
    /// it explains the opponent's decisions. Must read nothing the seat may not see. Empty,
    /// the default: the hidden part is not numbered, and worlds come from
    /// [`Rules::sample_state`] alone.
    fn hypotheses(&self, view: &Position<Self>) -> Vec<(usize, Position<Self>)> {
        let _ = view;
        Vec::new()
    }

    /// A FEN written in another engine's layout (Fairy-Stockfish's: a check count before the
    /// clocks, a running count's limit in the en passant field), rewritten in Amity's, which
    /// [`Position::from_fen`] then reads. `None`: the FEN is read as it stands.
    fn fen_in_own_layout(&self, fen: &str) -> Option<String> {
        let _ = fen;
        None
    }

    /// The castling field as the variant writes it when the usual letters do not fit (rook
    /// files in Shredder form, rights hidden from a view written `?`). `None`: the usual
    /// letters. A FEN reader skips `?` in the field.
    fn castling_field(&self, pos: &Position<Self>) -> Option<String> {
        let _ = pos;
        None
    }

    /// The side written in the FEN's second field. By default the side to move; a game whose
    /// turn belongs to one side while another owes a decision inside it (an opponent's ruling
    /// in the middle of a team move) writes the side whose turn it is.
    fn fen_turn(&self, pos: &Position<Self>) -> Color {
        pos.turn()
    }

    // ----- evaluation and search -----

    fn search_flags(&self) -> SearchFlags {
        SearchFlags::ALL
    }

    /// Static evaluation in centipawns from the side to move's point of view, lent the
    /// thread's scratch: an evaluation may keep what it worked out for the last position there
    /// (a network's hidden layers), since the search's next position is usually a move or two
    /// away from it.
    fn evaluate_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> i32;
}

/// The [`Rules`] hooks that take a thread's [`Scratch`], called without one: for callers
/// outside the search and perft (a game's legality, the protocols, tests), which make one
/// decision at a time and keep nothing between them. Each answers exactly as its `_in` hook
/// with a fresh scratch.
pub trait RulesExt: Rules {
    /// The name used by `UCI_Variant`, XBoard `variant` and the PGN `Variant` tag.
    fn name(&self) -> &'static str;
    /// The FEN of the game's start position.
    fn start_fen(&self) -> &'static str;
    /// The board's size.
    fn geometry(&self) -> Geometry;
    /// The variant's piece kinds, indexed by [`Kind`].
    fn pieces(&self) -> &'static [PieceInfo];
    /// [`Rules::generate_in`] with a fresh scratch.
    fn generate(&self, pos: &Position<Self>, moves: &mut MoveList);
    /// [`Rules::count_moves_in`] with a fresh scratch.
    fn count_moves(&self, pos: &Position<Self>) -> usize;
    /// [`Rules::generate_tactical_in`] with a fresh scratch.
    fn generate_tactical(&self, pos: &Position<Self>, moves: &mut MoveList);
    /// [`Rules::is_tactical_in`] with a fresh scratch.
    fn is_tactical(&self, pos: &Position<Self>, mv: Move) -> bool;
    /// [`Rules::gain_in`] with a fresh scratch.
    fn gain(&self, pos: &Position<Self>, mv: Move) -> i32;
    /// [`Rules::static_exchange_in`] with a fresh scratch.
    fn static_exchange(&self, pos: &Position<Self>, mv: Move) -> i32;
    /// [`Rules::play_in`] with a fresh scratch.
    fn play(&self, pos: &mut Position<Self>, mv: Move);
    /// [`Rules::evaluate_in`] with a fresh scratch.
    fn evaluate(&self, pos: &Position<Self>) -> i32;
}

impl<R: Rules> RulesExt for R {
    #[inline]
    fn name(&self) -> &'static str {
        self.identity().name
    }

    #[inline]
    fn start_fen(&self) -> &'static str {
        self.identity().start_fen
    }

    #[inline]
    fn geometry(&self) -> Geometry {
        self.identity().geometry
    }

    #[inline]
    fn pieces(&self) -> &'static [PieceInfo] {
        self.identity().pieces
    }

    #[inline]
    fn generate(&self, pos: &Position<Self>, moves: &mut MoveList) {
        self.generate_in(pos, moves, &mut Scratch::new());
    }

    #[inline]
    fn count_moves(&self, pos: &Position<Self>) -> usize {
        self.count_moves_in(pos, &mut Scratch::new())
    }

    #[inline]
    fn generate_tactical(&self, pos: &Position<Self>, moves: &mut MoveList) {
        self.generate_tactical_in(pos, moves, &mut Scratch::new());
    }

    #[inline]
    fn is_tactical(&self, pos: &Position<Self>, mv: Move) -> bool {
        self.is_tactical_in(pos, mv, &mut Scratch::new())
    }

    #[inline]
    fn gain(&self, pos: &Position<Self>, mv: Move) -> i32 {
        self.gain_in(pos, mv, &mut Scratch::new())
    }

    #[inline]
    fn static_exchange(&self, pos: &Position<Self>, mv: Move) -> i32 {
        self.static_exchange_in(pos, mv, &mut Scratch::new())
    }

    #[inline]
    fn play(&self, pos: &mut Position<Self>, mv: Move) {
        self.play_in(pos, mv, &mut Scratch::new());
    }

    #[inline]
    fn evaluate(&self, pos: &Position<Self>) -> i32 {
        self.evaluate_in(pos, &mut Scratch::new())
    }
}

/// The kinds a variant has, as an iterator of [`Kind`]s.
pub fn kinds<R: Rules>(rules: &R) -> impl Iterator<Item = Kind> {
    (0..rules.pieces().len() as u8).map(Kind::new)
}
