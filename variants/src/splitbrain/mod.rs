//! Split-Brain Chess: Los Alamos played by two teams of two. A team move is a chooser's secret
//! square (a piece), a mover's secret square (a target) and, when the two do not make a move,
//! the opposing chooser's ruling (`piece` or `target`), a tie-break and a promotion piece.
//!
//! Every decision is one ply. The side to move of a [`Position`] is the team that owes the
//! next decision: the moving team for `c:`, `m:`, `t:` and `p:`, the other team for `r:` (so
//! search minimises over the ruling as an opponent should). The FEN's second field always
//! names the moving team ([`Rules::fen_turn`]); the `turn:` field lists the decisions made so
//! far, and with them it says which seat owes the next one. [`resolve`] is the whole of rule 5
//! as one pure function.

use amity_engine::fen_fields::{self, ExtraFields};
use amity_engine::orthodox::{self, KNIGHT, Orthodox, QUEEN, ROOK, STANDARD_PIECES};
use amity_engine::search::StrengthScale;
use amity_engine::{
    Bitboard, Color, DrawReason, FenError, Geometry, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, OptionKind, OptionSpec, Outcome, Position, Presentation, Rules, RulesExt,
    Scratch, SearchFlags, SeatInfo, Solver, Square,
};
use rand::rngs::StdRng;
use rand::seq::IteratorRandom;
use std::fmt;

use crate::losalamos::{self, LosAlamos};

pub mod seats;

/// Split-Brain Chess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SplitBrain;

const GEOMETRY: Geometry = Geometry { files: 6, ranks: 6 };

/// Promotion choices in the order `p:` decisions are listed: queen, rook, knight.
const PROMOTIONS: [Kind; 3] = [QUEEN, ROOK, KNIGHT];

/// The board rules: exactly `losalamos`.
const BOARD: Orthodox = Orthodox {
    board: GEOMETRY.mask(),
    ranks: 6,
    double_step: false,
    castling: None,
    promotions: &PROMOTIONS,
};

const START_FEN: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k";

/// The option that tells an engine which seat it plays; `all` plays every decision (analysis,
/// perft, the whole-team search).
pub const SEAT_OPTION: &str = "SplitBrainSeat";

/// The option that says how a seat models its partner: 0 (the default) trusts the partner to
/// decide as Amity does; a temperature in centipawns models an unknown partner as choosing
/// among the team's moves by a softmax over their values (see [`PartnerModel`]).
pub const PARTNER_OPTION: &str = "SplitBrainPartnerTemperature";

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: SEAT_OPTION,
        player: true,
        kind: OptionKind::Combo {
            default: "all",
            choices: &["all", "Wk", "Wq", "Bk", "Bq"],
        },
    },
    OptionSpec {
        name: PARTNER_OPTION,
        player: true,
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 100_000,
        },
    },
];

// Decisions are drops whose kind says which decision they are (a kind no piece has); the
// square is the decision's square, a1 where there is none.
const CHOOSE: u8 = 0;
const TARGET: u8 = 1;
const RULE_PIECE: u8 = 2;
const RULE_TARGET: u8 = 3;
const TIE: u8 = 4;
/// `p:` decisions: this plus the promoted kind's index.
const PROMOTE: u8 = 8;
/// The chooser's decision as its own team's view shows it before the mover decides.
const HIDDEN_CHOICE: &str = "c:?";

amity_engine::state_keys! {
    /// The checker on the queen's wing.
    KEY_CHECKER: 1;
    /// The chooser's square.
    KEY_CHOOSER: 64;
    /// The target's square.
    KEY_TARGET: 64;
    /// The resolution: 0 piece, 1 target.
    KEY_RESOLUTION: 2;
    /// The tie's square.
    KEY_TIE: 64;
    /// A hidden chooser.
    KEY_HIDDEN: 1;
}

/// A side of the board, where the checker stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Files d-f, where the kings stand.
    #[default]
    King,
    /// Files a-c.
    Queen,
}

impl Wing {
    fn letter(self) -> char {
        match self {
            Wing::King => 'k',
            Wing::Queen => 'q',
        }
    }

    fn other(self) -> Wing {
        match self {
            Wing::King => Wing::Queen,
            Wing::Queen => Wing::King,
        }
    }
}

/// One of the four seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    pub team: Color,
    pub wing: Wing,
}

/// [`Seat::ALL`] as the engine's seats, named as [`Seat`] prints them.
const SEATS: [SeatInfo; 4] = [
    SeatInfo {
        name: "Wk",
        side: Color::White,
    },
    SeatInfo {
        name: "Wq",
        side: Color::White,
    },
    SeatInfo {
        name: "Bk",
        side: Color::Black,
    },
    SeatInfo {
        name: "Bq",
        side: Color::Black,
    },
];

impl Seat {
    pub const ALL: [Seat; 4] = [
        Seat::new(Color::White, Wing::King),
        Seat::new(Color::White, Wing::Queen),
        Seat::new(Color::Black, Wing::King),
        Seat::new(Color::Black, Wing::Queen),
    ];

    pub const fn new(team: Color, wing: Wing) -> Seat {
        Seat { team, wing }
    }

    /// Reads `Wk`, `Wq`, `Bk` or `Bq` (any case).
    pub fn parse(text: &str) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.to_string().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let team = if self.team == Color::White { 'W' } else { 'B' };
        write!(f, "{team}{}", self.wing.letter())
    }
}

/// The opposing chooser's ruling when the chooser's piece cannot reach the mover's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolution {
    /// The chooser's piece moves, to its end square nearest the mover's.
    Piece,
    /// A piece moves to the mover's square: the one standing nearest the chooser's.
    Target,
}

impl Resolution {
    fn name(self) -> &'static str {
        match self {
            Resolution::Piece => "piece",
            Resolution::Target => "target",
        }
    }
}

/// The choices after `c:` and `m:` that fix a team move, as far as they are made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    pub resolution: Option<Resolution>,
    /// The tie-break square: an end square (`piece`) or a from-square (`target`).
    pub tie: Option<Square>,
    pub promotion: Option<Kind>,
}

/// Where [`resolve`] got to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resolved {
    /// The team move, fully fixed.
    Move(Move),
    /// Rule 5a does not apply: the opposing chooser must rule.
    NeedsResolution,
    /// Several squares are equally near: the one who breaks ties picks one of these.
    NeedsTie(Resolution, Bitboard),
    /// The move from `from` to `to` promotes: the mover picks the piece.
    NeedsPromotion(Square, Square),
}

/// Why [`resolve`] refused its inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No piece with a legal move stands on the chooser's square.
    InvalidChooser(Square),
    /// No legal move ends on the mover's square.
    InvalidTarget(Square),
    /// A ruling was given where the two squares already make a move.
    ResolutionNotOwed,
    /// A tie-break square that is not one of the nearest, or given where there is no tie.
    BadTie(Square),
    /// A promotion piece where the move does not promote, or a piece it cannot promote to.
    BadPromotion,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::InvalidChooser(square) => {
                write!(f, "{square} holds no piece with a legal move")
            }
            ResolveError::InvalidTarget(square) => write!(f, "no legal move ends on {square}"),
            ResolveError::ResolutionNotOwed => write!(f, "the two squares already make a move"),
            ResolveError::BadTie(square) => write!(f, "{square} is not one of the nearest"),
            ResolveError::BadPromotion => write!(f, "no such promotion"),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Manhattan distance, |Δfile| + |Δrank|: the only distance the rules use.
pub fn manhattan(a: Square, b: Square) -> u32 {
    a.file().distance(b.file()) + a.rank().distance(b.rank())
}

/// The squares of `squares` nearest to `to`.
fn nearest(squares: Bitboard, to: Square) -> Bitboard {
    let best = squares.into_iter().map(|sq| manhattan(sq, to)).min();
    squares
        .into_iter()
        .filter(|sq| Some(manhattan(*sq, to)) == best)
        .collect()
}

/// Rule 5 as a pure function: the team move that the chooser's square `chooser`, the mover's
/// square `target` and the later `choices` make among `legal` (every legal move of the moving
/// side), or the next choice it still needs.
///
/// # Errors
/// [`ResolveError`] when a square is not valid (rule 3) or a choice is not one the rules offer
/// at that point.
pub fn resolve(
    legal: &[Move],
    chooser: Square,
    target: Square,
    choices: Choices,
) -> Result<Resolved, ResolveError> {
    let from_squares: Bitboard = legal.iter().map(|mv| mv.from()).collect();
    let to_squares: Bitboard = legal.iter().map(|mv| mv.to()).collect();
    if !from_squares.contains(chooser) {
        return Err(ResolveError::InvalidChooser(chooser));
    }
    if !to_squares.contains(target) {
        return Err(ResolveError::InvalidTarget(target));
    }
    let direct = legal
        .iter()
        .any(|mv| mv.from() == chooser && mv.to() == target);
    let (from, to) = if direct {
        if choices.resolution.is_some() {
            return Err(ResolveError::ResolutionNotOwed);
        }
        if let Some(tie) = choices.tie {
            return Err(ResolveError::BadTie(tie));
        }
        (chooser, target)
    } else {
        let Some(resolution) = choices.resolution else {
            if let Some(tie) = choices.tie {
                return Err(ResolveError::BadTie(tie));
            }
            return Ok(Resolved::NeedsResolution);
        };
        // 5c: the chooser's piece, its end square nearest the mover's; 5d: the mover's square,
        // reached by the piece nearest the chooser's.
        let (candidates, towards) = match resolution {
            Resolution::Piece => (
                legal
                    .iter()
                    .filter(|mv| mv.from() == chooser)
                    .map(|mv| mv.to())
                    .collect::<Bitboard>(),
                target,
            ),
            Resolution::Target => (
                legal
                    .iter()
                    .filter(|mv| mv.to() == target)
                    .map(|mv| mv.from())
                    .collect::<Bitboard>(),
                chooser,
            ),
        };
        let near = nearest(candidates, towards);
        let picked = if near.count() == 1 {
            if let Some(tie) = choices.tie {
                return Err(ResolveError::BadTie(tie));
            }
            near.first()
        } else {
            match choices.tie {
                None => return Ok(Resolved::NeedsTie(resolution, near)),
                Some(tie) if near.contains(tie) => Some(tie),
                Some(tie) => return Err(ResolveError::BadTie(tie)),
            }
        };
        let Some(picked) = picked else {
            // Unreachable: both squares are valid, so each branch has a candidate.
            return Err(ResolveError::InvalidChooser(chooser));
        };
        match resolution {
            Resolution::Piece => (chooser, picked),
            Resolution::Target => (picked, target),
        }
    };
    let mut options = legal.iter().filter(|mv| mv.from() == from && mv.to() == to);
    let Some(&first) = options.clone().next() else {
        return Err(ResolveError::InvalidChooser(from));
    };
    if first.flag() != MoveFlag::Promotion {
        return match choices.promotion {
            None => Ok(Resolved::Move(first)),
            Some(_) => Err(ResolveError::BadPromotion),
        };
    }
    match choices.promotion {
        None => Ok(Resolved::NeedsPromotion(from, to)),
        Some(kind) => options
            .find(|mv| mv.kind() == kind)
            .map(|mv| Resolved::Move(*mv))
            .ok_or(ResolveError::BadPromotion),
    }
}

/// The variant state: the checker and the decisions of the team move under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitBrainState {
    /// The side of the checker: the partners on this side choose.
    pub checker: Wing,
    /// The team whose team move is under way (the FEN's second field).
    pub team: Color,
    /// The chooser's square, once chosen (and not hidden).
    pub chooser: Option<Square>,
    /// A view of the mover: the chooser has chosen a square that is not shown (`c:?`).
    pub hidden_chooser: bool,
    pub target: Option<Square>,
    pub resolution: Option<Resolution>,
    pub tie: Option<Square>,
}

impl Default for SplitBrainState {
    fn default() -> SplitBrainState {
        SplitBrainState {
            checker: Wing::King,
            team: Color::White,
            chooser: None,
            hidden_chooser: false,
            target: None,
            resolution: None,
            tie: None,
        }
    }
}

/// Which decision is owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// `c:` by the moving team's chooser.
    Choose,
    /// `m:` by the moving team's mover.
    Target,
    /// `r:` by the opposing chooser.
    Resolve,
    /// `t:` among these squares, by the mover (`piece`) or the chooser (`target`).
    Tie(Resolution, Bitboard),
    /// `p:` by the mover.
    Promote,
    /// A view where the mover has decided without knowing the chooser's square: nothing can
    /// be decided until the square is known.
    Unknown,
}

impl Stage {
    /// The seat that owes this decision, given the moving team and the checker.
    pub fn seat(self, team: Color, checker: Wing) -> Option<Seat> {
        let chooser = Seat::new(team, checker);
        let mover = Seat::new(team, checker.other());
        match self {
            Stage::Choose => Some(chooser),
            Stage::Target | Stage::Promote | Stage::Tie(Resolution::Piece, _) => Some(mover),
            Stage::Tie(Resolution::Target, _) => Some(chooser),
            Stage::Resolve => Some(Seat::new(!team, checker)),
            Stage::Unknown => None,
        }
    }
}

/// Every legal Los Alamos move of the moving team, whoever owes the decision.
pub fn team_moves(pos: &Position<SplitBrain>) -> MoveList {
    let mut moves = MoveList::new();
    if pos.turn() == pos.state.team {
        BOARD.generate(pos, &mut moves, false);
    } else {
        let mut turned = pos.clone();
        turned.set_turn(pos.state.team);
        BOARD.generate(&turned, &mut moves, false);
    }
    moves
}

/// The choices recorded in the state.
fn recorded_choices(state: &SplitBrainState) -> Choices {
    Choices {
        resolution: state.resolution,
        tie: state.tie,
        promotion: None,
    }
}

/// Where the team move of `pos` stands, or why its recorded decisions are impossible.
pub fn stage(pos: &Position<SplitBrain>) -> Result<Stage, ResolveError> {
    let state = &pos.state;
    if state.hidden_chooser {
        return Ok(if state.target.is_none() {
            Stage::Target
        } else {
            Stage::Unknown
        });
    }
    let Some(chooser) = state.chooser else {
        return Ok(Stage::Choose);
    };
    let Some(target) = state.target else {
        return Ok(Stage::Target);
    };
    let legal = team_moves(pos);
    match resolve(legal.as_slice(), chooser, target, recorded_choices(state))? {
        Resolved::NeedsResolution => Ok(Stage::Resolve),
        Resolved::NeedsTie(resolution, squares) => Ok(Stage::Tie(resolution, squares)),
        Resolved::NeedsPromotion(..) => Ok(Stage::Promote),
        // A fixed move is played at once: a state that holds one is not a state of the game.
        Resolved::Move(_) => Err(ResolveError::ResolutionNotOwed),
    }
}

/// The decision a move encodes, by its kind number.
fn decision(mv: Move) -> u8 {
    mv.kind().index() as u8
}

fn decision_move(kind: u8, square: Square) -> Move {
    Move::drop(Kind::new(kind), square)
}

impl SplitBrain {
    /// Plays the team move once the recorded decisions fix it, or hands the next decision to
    /// whoever owes it.
    fn settle(&self, pos: &mut Position<SplitBrain>, promotion: Option<Kind>) {
        let state = &pos.state;
        let (Some(chooser), Some(target)) = (state.chooser, state.target) else {
            return;
        };
        let mut choices = recorded_choices(state);
        choices.promotion = promotion;
        let legal = team_moves(pos);
        let team = state.team;
        match resolve(legal.as_slice(), chooser, target, choices) {
            Ok(Resolved::Move(mv)) => {
                pos.set_turn(team);
                BOARD.play(pos, mv);
                let state = &mut pos.state;
                if team == Color::Black {
                    state.checker = state.checker.other();
                }
                state.team = !team;
                state.chooser = None;
                state.target = None;
                state.resolution = None;
                state.tie = None;
            }
            Ok(Resolved::NeedsResolution) => pos.set_turn(!team),
            _ => pos.set_turn(team),
        }
    }

    /// The single decisions a team move is made of, found from its record token
    /// (`c:b1,m:b3,r:piece,b1c3`): the legs before the move, then the `t:` and `p:` decisions
    /// that give that move. `None` when the token is not a team-move token or the legs do not
    /// lead to the move written.
    pub fn team_move_decisions(
        &self,
        pos: &Position<SplitBrain>,
        token: &str,
    ) -> Option<Vec<Move>> {
        let (legs, written) = token.rsplit_once(',')?;
        if written.contains(':') {
            return None;
        }
        let team = pos.state.team;
        let mut current = pos.clone();
        let mut decisions = Vec::new();
        for leg in legs.split(',') {
            let mv = self.decision_named(&current, leg)?;
            self.play(&mut current, mv);
            decisions.push(mv);
        }
        // Until the team move is played, its tie-break and promotion are read from the move.
        while current.state.team == team && current.state.chooser.is_some() {
            let next = match stage(&current).ok()? {
                Stage::Tie(Resolution::Piece, _) => format!("t:{}", written.get(2..4)?),
                Stage::Tie(Resolution::Target, _) => format!("t:{}", written.get(0..2)?),
                Stage::Promote => format!("p:{}", written.get(4..5)?),
                _ => return None,
            };
            let mv = self.decision_named(&current, &next)?;
            self.play(&mut current, mv);
            decisions.push(mv);
        }
        (self.team_move_token(pos, &decisions)? == token).then_some(decisions)
    }

    /// The legal decision written `token`, if there is one.
    fn decision_named(&self, pos: &Position<SplitBrain>, token: &str) -> Option<Move> {
        let mut moves = MoveList::new();
        self.generate(pos, &mut moves);
        moves
            .iter()
            .copied()
            .find(|mv| self.format_move(*mv) == token)
    }

    /// The record token of a whole team move from its decisions, played from `pos`: the `c:`,
    /// `m:` and `r:` decisions, then the move in coordinate notation.
    pub fn team_move_token(
        &self,
        pos: &Position<SplitBrain>,
        decisions: &[Move],
    ) -> Option<String> {
        let mut legs = Vec::new();
        let (mut chooser, mut target) = (None, None);
        let mut choices = Choices::default();
        for mv in decisions {
            match decision(*mv) {
                CHOOSE => chooser = Some(mv.to()),
                TARGET => target = Some(mv.to()),
                RULE_PIECE => choices.resolution = Some(Resolution::Piece),
                RULE_TARGET => choices.resolution = Some(Resolution::Target),
                TIE => choices.tie = Some(mv.to()),
                kind => choices.promotion = Some(Kind::new(kind - PROMOTE)),
            }
            if matches!(decision(*mv), CHOOSE | TARGET | RULE_PIECE | RULE_TARGET) {
                legs.push(self.format_move(*mv));
            }
        }
        match resolve(team_moves(pos).as_slice(), chooser?, target?, choices) {
            Ok(Resolved::Move(mv)) => {
                legs.push(self.format_move(mv));
                Some(legs.join(","))
            }
            _ => None,
        }
    }
}

// ----- playing one seat -----

/// Why a seat cannot decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatError {
    /// Another seat owes the decision (or the game is over: nobody does).
    NotOwed { seat: Seat, owed: Option<Seat> },
    /// The board search found no move among the candidates.
    NoMove,
}

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatError::NotOwed {
                seat,
                owed: Some(owed),
            } => write!(f, "seat {seat} owes no decision now: {owed} does"),
            SeatError::NotOwed { seat, owed: None } => {
                write!(f, "seat {seat} owes no decision now: nobody does")
            }
            SeatError::NoMove => write!(f, "the board search found no move"),
        }
    }
}

impl std::error::Error for SeatError {}

/// A board search: the best of the candidate moves and its score for the side to move.
pub type BoardSearch<'a> = dyn FnMut(&Position<LosAlamos>, &[Move]) -> Option<(Move, i32)> + 'a;

/// The Los Alamos board of a position with the moving team to move: what a seat searches.
pub fn board(pos: &Position<SplitBrain>) -> Position<LosAlamos> {
    let mut fen = pos.to_fen(&SplitBrain);
    // The six Los Alamos fields come first; the variant's own follow.
    let fields: Vec<&str> = fen.split_whitespace().take(6).collect();
    fen = fields.join(" ");
    Position::from_fen(&LosAlamos::default(), &fen).unwrap_or_else(|_| Position::empty())
}

/// The decision `seat` owes in `pos` (a full state or the seat's view), made by coordination
/// without talking: every seat of a team asks `search` for the team's best board move and
/// plays its part of it. The chooser names that move's piece and the mover its target square,
/// so two partners that search alike agree by construction; the opposing chooser rules for
/// whichever of `piece` and `target` leaves the movers the worse best move; tie-breaks and
/// promotions take the best move among those left.
///
/// `search` gets the board and the candidate moves (never empty) and answers the best of
/// them with its score for the moving team; the answer may depend only on what it is given.
///
/// # Errors
/// [`SeatError::NotOwed`] when the decision belongs to another seat; [`SeatError::NoMove`]
/// when `search` finds nothing.
pub fn seat_decision(
    pos: &Position<SplitBrain>,
    seat: Seat,
    partner: PartnerModel,
    search: &mut BoardSearch<'_>,
) -> Result<Move, SeatError> {
    let state = &pos.state;
    let stage = stage(pos).unwrap_or(Stage::Unknown);
    let mut legal = MoveList::new();
    SplitBrain.generate(pos, &mut legal);
    let owed = (!legal.is_empty())
        .then(|| stage.seat(state.team, state.checker))
        .flatten();
    if owed != Some(seat) {
        return Err(SeatError::NotOwed { seat, owed });
    }
    let moves = team_moves(pos);
    let table = board(pos);
    let mut best_of = |candidates: &[Move]| search(&table, candidates).ok_or(SeatError::NoMove);
    let (Some(chooser), Some(target)) = (state.chooser, state.target) else {
        if let PartnerModel::Softmax { temperature } = partner {
            // Every move's own value, then the best response to the modelled partner.
            let mut values = Vec::with_capacity(moves.len());
            for mv in moves.iter().copied() {
                values.push((mv, best_of(&[mv])?.1));
            }
            return Ok(match stage {
                Stage::Choose => decision_move(CHOOSE, best_chooser_square(&values, temperature)),
                _ => decision_move(TARGET, best_mover_square(&values, temperature)),
            });
        }
        let (best, _) = best_of(moves.as_slice())?;
        return Ok(match stage {
            Stage::Choose => decision_move(CHOOSE, best.from()),
            _ => decision_move(TARGET, best.to()),
        });
    };
    let choices = recorded_choices(state);
    let pool = |choices: Choices| consistent(moves.as_slice(), chooser, target, choices);
    match stage {
        Stage::Resolve => {
            let mut worst: Option<(Resolution, i32)> = None;
            for resolution in [Resolution::Piece, Resolution::Target] {
                let candidates = pool(Choices {
                    resolution: Some(resolution),
                    ..choices
                });
                let (_, score) = best_of(&candidates)?;
                if worst.is_none_or(|(_, low)| score < low) {
                    worst = Some((resolution, score));
                }
            }
            Ok(match worst {
                Some((Resolution::Target, _)) => decision_move(RULE_TARGET, Square::A1),
                _ => decision_move(RULE_PIECE, Square::A1),
            })
        }
        Stage::Tie(resolution, _) => {
            let (best, _) = best_of(&pool(choices))?;
            Ok(match resolution {
                Resolution::Piece => decision_move(TIE, best.to()),
                Resolution::Target => decision_move(TIE, best.from()),
            })
        }
        _ => {
            let (best, _) = best_of(&pool(choices))?;
            Ok(decision_move(
                PROMOTE + best.kind().index() as u8,
                Square::A1,
            ))
        }
    }
}

/// How a seat expects its partner to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartnerModel {
    /// As this seat would: the same search of the same board names the same best move, so
    /// each seat plays its half of it and the two agree by construction.
    Alike,
    /// An unknown partner: it intends each team move `m` with probability proportional to
    /// `exp(value(m) / temperature)` (centipawns) and names its half of that move. The seat
    /// names the square with the best expected result over the partner's squares, each pair
    /// of squares resolved as the rules resolve it, the opposing chooser ruling against the
    /// team and the team breaking ties and promoting at its best.
    Softmax { temperature: i32 },
}

impl PartnerModel {
    /// The model a temperature option names: 0 is [`PartnerModel::Alike`].
    pub fn from_temperature(temperature: i64) -> PartnerModel {
        match i32::try_from(temperature) {
            Ok(t) if t > 0 => PartnerModel::Softmax { temperature: t },
            Err(_) if temperature > 0 => PartnerModel::Softmax {
                temperature: i32::MAX,
            },
            _ => PartnerModel::Alike,
        }
    }
}

/// The value for the moving team of the chooser's square `chooser` with the mover's square
/// `target`, given each legal team move's value: the move they make directly, or, when the
/// opposing chooser must rule, the worse for the team of the two rulings, each followed by
/// the team's best tie-break and promotion.
fn pair_value(values: &[(Move, i32)], chooser: Square, target: Square) -> i32 {
    let legal: Vec<Move> = values.iter().map(|(mv, _)| *mv).collect();
    let best_of = |pool: &[Move]| {
        values
            .iter()
            .filter(|(mv, _)| pool.contains(mv))
            .map(|(_, value)| *value)
            .max()
    };
    let direct = consistent(&legal, chooser, target, Choices::default());
    if let Some(value) = best_of(&direct) {
        return value;
    }
    [Resolution::Piece, Resolution::Target]
        .into_iter()
        .filter_map(|resolution| {
            let choices = Choices {
                resolution: Some(resolution),
                ..Choices::default()
            };
            best_of(&consistent(&legal, chooser, target, choices))
        })
        .min()
        .unwrap_or(i32::MIN / 2)
}

/// The softmax weights of the team moves (summing to 1).
fn softmax(values: &[(Move, i32)], temperature: i32) -> Vec<f64> {
    let top = values.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let weights: Vec<f64> = values
        .iter()
        .map(|(_, value)| (f64::from(value - top) / f64::from(temperature.max(1))).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// The distinct squares `square_of` gives over the team moves, each with the partner's
/// probability of naming it, in square order.
fn partner_squares(
    values: &[(Move, i32)],
    temperature: i32,
    square_of: fn(Move) -> Square,
) -> Vec<(Square, f64)> {
    let mut squares: Vec<(Square, f64)> = Vec::new();
    for ((mv, _), weight) in values.iter().zip(softmax(values, temperature)) {
        match squares.iter_mut().find(|(sq, _)| *sq == square_of(*mv)) {
            Some((_, total)) => *total += weight,
            None => squares.push((square_of(*mv), weight)),
        }
    }
    squares.sort_by_key(|(sq, _)| *sq);
    squares
}

/// The square with the best expected value against the partner's modelled squares; `value`
/// scores own square and partner's square. Equal expectations keep the first in square order,
/// so the answer is deterministic.
fn best_response(
    own: &[(Square, f64)],
    partner: &[(Square, f64)],
    value: impl Fn(Square, Square) -> i32,
) -> Square {
    let mut best: Option<(Square, f64)> = None;
    for (square, _) in own {
        let expected: f64 = partner
            .iter()
            .map(|(other, p)| p * f64::from(value(*square, *other)))
            .sum();
        if best.is_none_or(|(_, high)| expected > high + 1e-9) {
            best = Some((*square, expected));
        }
    }
    best.map_or(Square::A1, |(square, _)| square)
}

/// The chooser's best response to a mover modelled by a softmax at `temperature`.
pub fn best_chooser_square(values: &[(Move, i32)], temperature: i32) -> Square {
    let own = partner_squares(values, temperature, Move::from);
    let partner = partner_squares(values, temperature, Move::to);
    best_response(&own, &partner, |chooser, target| {
        pair_value(values, chooser, target)
    })
}

/// The mover's best response to a chooser modelled by a softmax at `temperature`.
pub fn best_mover_square(values: &[(Move, i32)], temperature: i32) -> Square {
    let own = partner_squares(values, temperature, Move::to);
    let partner = partner_squares(values, temperature, Move::from);
    best_response(&own, &partner, |target, chooser| {
        pair_value(values, chooser, target)
    })
}

/// The board moves the decisions so far leave possible (tie-breaks and promotions still open).
fn consistent(legal: &[Move], chooser: Square, target: Square, choices: Choices) -> Vec<Move> {
    match resolve(legal, chooser, target, choices) {
        Ok(Resolved::Move(mv)) => vec![mv],
        Ok(Resolved::NeedsPromotion(from, to)) => legal
            .iter()
            .copied()
            .filter(|mv| mv.from() == from && mv.to() == to)
            .collect(),
        Ok(Resolved::NeedsTie(_, squares)) => squares
            .into_iter()
            .flat_map(|tie| {
                let broken = Choices {
                    tie: Some(tie),
                    ..choices
                };
                consistent(legal, chooser, target, broken)
            })
            .collect(),
        Ok(Resolved::NeedsResolution) | Err(_) => Vec::new(),
    }
}

/// Reads the `turn:` decisions into the state (order as rule 7 lists them).
fn read_turn(state: &mut SplitBrainState, text: &str) -> Result<(), FenError> {
    let bad = |why: &str| FenError::Illegal(format!("turn:{text}: {why}"));
    let mut expected = 0;
    for leg in text.split(',') {
        let (name, value) = leg
            .split_once(':')
            .ok_or_else(|| bad("a decision is name:value"))?;
        let order = match name {
            "c" => 0,
            "m" => 1,
            "r" => 2,
            "t" => 3,
            _ => return Err(bad("unknown decision")),
        };
        if order != expected {
            return Err(bad("decisions out of order"));
        }
        expected = order + 1;
        match name {
            "c" if value == "?" => state.hidden_chooser = true,
            "c" => state.chooser = Some(fen_fields::square_on(GEOMETRY, value)?),
            "m" => state.target = Some(fen_fields::square_on(GEOMETRY, value)?),
            "r" => {
                state.resolution = Some(match value {
                    "piece" => Resolution::Piece,
                    "target" => Resolution::Target,
                    _ => return Err(bad("r: is piece or target")),
                })
            }
            _ => state.tie = Some(fen_fields::square_on(GEOMETRY, value)?),
        }
    }
    // A view hides the chooser's square only while the mover decides.
    if state.hidden_chooser && expected > 1 {
        return Err(bad("c:? is only seen before m:"));
    }
    Ok(())
}

/// The decisions made so far, as the `turn:` field writes them (empty when none).
fn write_turn(state: &SplitBrainState) -> String {
    let mut legs = Vec::new();
    if state.hidden_chooser {
        legs.push(HIDDEN_CHOICE.to_string());
    }
    if let Some(square) = state.chooser {
        legs.push(format!("c:{square}"));
    }
    if let Some(square) = state.target {
        legs.push(format!("m:{square}"));
    }
    if let Some(resolution) = state.resolution {
        legs.push(format!("r:{}", resolution.name()));
    }
    if let Some(square) = state.tie {
        legs.push(format!("t:{square}"));
    }
    legs.join(",")
}

impl Rules for SplitBrain {
    type State = SplitBrainState;

    fn identity(&self) -> Identity {
        Identity::new("splitbrain", START_FEN, &STANDARD_PIECES).on(GEOMETRY)
    }

    /// The seat an engine plays. It does not change the rules (the game is built the same for
    /// every seat); the protocols read it when asked to decide.
    fn options() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let mut state = SplitBrainState {
            team: pos.turn(),
            ..SplitBrainState::default()
        };
        let mut fields = ExtraFields::new(fields);
        state.checker = match fields.tagged("checker", "<k|q>")? {
            "k" => Wing::King,
            "q" => Wing::Queen,
            other => return Err(fen_fields::expected("checker", "k or q", other)),
        };
        if let Some(field) = fields.optional() {
            read_turn(&mut state, fen_fields::untag(field, "turn", "<legs>")?)?;
        }
        fields.finish()?;
        pos.state = state;
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        out.push_str(" checker:");
        out.push(pos.state.checker.letter());
        let turn = write_turn(&pos.state);
        if !turn.is_empty() {
            out.push_str(" turn:");
            out.push_str(&turn);
        }
    }

    fn fen_turn(&self, pos: &Position<Self>) -> Color {
        pos.state.team
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos.kind(orthodox::BISHOP).any() {
            return Err(FenError::Illegal(
                "Split-Brain chess has no bishops".to_string(),
            ));
        }
        pos.set_turn(pos.state.team);
        BOARD.validate(pos)?;
        if let Some(chooser) = pos.state.chooser {
            // A chosen square before m: must be valid too (resolve checks it once m: is made).
            if !team_moves(pos).iter().any(|mv| mv.from() == chooser) {
                return Err(FenError::Illegal(format!(
                    "turn: {}",
                    ResolveError::InvalidChooser(chooser)
                )));
            }
        }
        let stage = stage(pos).map_err(|why| FenError::Illegal(format!("turn: {why}")))?;
        if stage == Stage::Resolve {
            pos.set_turn(!pos.state.team);
        }
        Ok(())
    }

    fn state_hash(&self, state: &Self::State) -> u64 {
        let mut hash = 0;
        if state.checker == Wing::Queen {
            hash ^= KEY_CHECKER.single();
        }
        if let Some(square) = state.chooser {
            hash ^= KEY_CHOOSER.key(square as usize);
        }
        if let Some(square) = state.target {
            hash ^= KEY_TARGET.key(square as usize);
        }
        if let Some(resolution) = state.resolution {
            hash ^= KEY_RESOLUTION.key(resolution as usize);
        }
        if let Some(square) = state.tie {
            hash ^= KEY_TIE.key(square as usize);
        }
        if state.hidden_chooser {
            hash ^= KEY_HIDDEN.single();
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        let Ok(stage) = stage(pos) else {
            return;
        };
        match stage {
            Stage::Choose => {
                let legal = team_moves(pos);
                let squares: Bitboard = legal.iter().map(|mv| mv.from()).collect();
                for square in squares {
                    moves.push(decision_move(CHOOSE, square));
                }
            }
            Stage::Target => {
                let legal = team_moves(pos);
                let squares: Bitboard = legal.iter().map(|mv| mv.to()).collect();
                for square in squares {
                    moves.push(decision_move(TARGET, square));
                }
            }
            Stage::Resolve => {
                moves.push(decision_move(RULE_PIECE, Square::A1));
                moves.push(decision_move(RULE_TARGET, Square::A1));
            }
            Stage::Tie(_, squares) => {
                for square in squares {
                    moves.push(decision_move(TIE, square));
                }
            }
            Stage::Promote => {
                for kind in PROMOTIONS {
                    moves.push(decision_move(PROMOTE + kind.index() as u8, Square::A1));
                }
            }
            Stage::Unknown => {}
        }
    }

    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> bool {
        let _ = (pos, mv);
        false
    }

    fn gain_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> i32 {
        let _ = (pos, mv);
        0
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| {
            let mut promotion = None;
            match decision(mv) {
                CHOOSE => pos.state.chooser = Some(mv.to()),
                TARGET => pos.state.target = Some(mv.to()),
                RULE_PIECE => pos.state.resolution = Some(Resolution::Piece),
                RULE_TARGET => pos.state.resolution = Some(Resolution::Target),
                TIE => pos.state.tie = Some(mv.to()),
                kind => promotion = Some(Kind::new(kind - PROMOTE)),
            }
            if decision(mv) != CHOOSE {
                self.settle(pos, promotion);
            }
        });
    }

    fn in_check(&self, pos: &Position<Self>) -> bool {
        orthodox::checkers(pos).any()
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        match stage(pos) {
            Ok(Stage::Choose) => BOARD.no_move_outcome(pos),
            _ => Outcome::Draw(DrawReason::Variant("no decision can be made")),
        }
    }

    fn position_draw(&self, pos: &Position<Self>) -> Option<DrawReason> {
        orthodox::insufficient_material(pos).then_some(DrawReason::InsufficientMaterial)
    }

    fn hides_information(&self) -> bool {
        true
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        pos.state.hidden_chooser
    }

    /// The mover of the team that moves does not see the chooser's square while it decides;
    /// everything else is public.
    fn view(&self, pos: &Position<Self>, seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        let state = &pos.state;
        if seat == state.team && state.chooser.is_some() && state.target.is_none() {
            view.update_state(self, |view| {
                view.state.chooser = None;
                view.state.hidden_chooser = true;
            });
        }
        view
    }

    /// Any valid chooser square, uniformly.
    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        if !view.state.hidden_chooser || view.state.target.is_some() {
            return view.clone();
        }
        let squares: Bitboard = team_moves(view).iter().map(|mv| mv.from()).collect();
        let mut world = view.clone();
        world.update_state(self, |world| {
            world.state.hidden_chooser = false;
            world.state.chooser = squares.into_iter().choose(rng);
        });
        world
    }

    fn search_flags(&self) -> SearchFlags {
        SearchFlags {
            // A seat's level is its node budget alone, and the standard scale's 200 levels
            // gave seats about 120 Elo in self-play: 72 levels per doubling of nodes puts the
            // steps near 200 (docs/strength-levels.md).
            strength: StrengthScale::new(72).past_the_knee(39),
            ..SearchFlags::PLAIN
        }
    }

    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        losalamos::evaluate(pos)
    }
}

impl Notation for SplitBrain {
    fn format_move(&self, mv: Move) -> String {
        if mv.flag() != MoveFlag::Drop {
            return match mv.flag() {
                _ if mv.is_null() => "0000".into(),
                MoveFlag::Promotion => format!(
                    "{}{}{}",
                    mv.from(),
                    mv.to(),
                    STANDARD_PIECES[mv.kind().index() % 6].symbol.to_lowercase()
                ),
                _ => format!("{}{}", mv.from(), mv.to()),
            };
        }
        match decision(mv) {
            CHOOSE => format!("c:{}", mv.to()),
            TARGET => format!("m:{}", mv.to()),
            RULE_PIECE => "r:piece".into(),
            RULE_TARGET => "r:target".into(),
            TIE => format!("t:{}", mv.to()),
            kind => format!(
                "p:{}",
                STANDARD_PIECES[usize::from(kind - PROMOTE) % 6]
                    .symbol
                    .to_lowercase()
            ),
        }
    }

    fn expand_turn(&self, pos: &Position<Self>, token: &str) -> Option<Vec<String>> {
        if !token.contains(',') {
            return None;
        }
        match self.team_move_decisions(pos, token) {
            Some(decisions) => Some(decisions.iter().map(|mv| self.format_move(*mv)).collect()),
            // Not a team move that checks out: play the legs as written, so the game refuses
            // the first that is wrong and names it.
            None => Some(token.split(',').map(str::to_string).collect()),
        }
    }
}

impl Presentation for SplitBrain {
    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        let (before, mv, after) = (seen.before, seen.decision, seen.after);
        if mv.flag() != MoveFlag::Drop || mv.is_null() {
            return None;
        }
        let words = match decision(mv) {
            CHOOSE => format!("choose the piece on {}", mv.to()),
            TARGET => format!("name the square {} to move to", mv.to()),
            RULE_PIECE => "rule: the chosen piece moves".into(),
            RULE_TARGET => "rule: a piece moves to the named square".into(),
            TIE => format!("break the tie: {}", mv.to()),
            kind => format!(
                "promote to a {}",
                STANDARD_PIECES[usize::from(kind - PROMOTE) % 6].name
            ),
        };
        // The decision that completes a team move says which move it made: no seat names it.
        let played = after.and_then(|after| {
            [Color::White, Color::Black].into_iter().find_map(|team| {
                let from = before.color(team) & !after.color(team);
                let to = after.color(team) & !before.color(team);
                match (from.single_square(), to.single_square()) {
                    (Some(from), Some(to)) => Some(format!("{from}{to}")),
                    _ => None,
                }
            })
        });
        Some(match played {
            Some(played) => format!("{words}: {played} is played"),
            None => words,
        })
    }

    /// The chooser's square is told to its own team as `c:?`: the mover names its square
    /// without knowing it (rule 9), and the team's view hides it until then. The opposing team
    /// sees the full state, so it hears the square.
    fn announce_to(&self, pos: &Position<Self>, mv: Move, listener: Color) -> String {
        let chooses = mv.flag() == MoveFlag::Drop && !mv.is_null() && decision(mv) == CHOOSE;
        if chooses && listener == pos.state.team {
            return HIDDEN_CHOICE.to_string();
        }
        self.announce(pos, mv)
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let owed = stage(pos)
            .ok()
            .and_then(|stage| stage.seat(state.team, state.checker))
            .map_or("-".to_string(), |seat| seat.to_string());
        format!(
            "Checker: {}\nTurn: {}\nOwed by: {owed}\n",
            state.checker.letter(),
            write_turn(state)
        )
    }

    /// The four seats, in the order of [`Seat::ALL`].
    fn seats(&self) -> &'static [SeatInfo] {
        &SEATS
    }

    fn seat_to_decide(&self, pos: &Position<Self>) -> Option<usize> {
        let seat = stage(pos).ok()?.seat(pos.state.team, pos.state.checker)?;
        Seat::ALL.iter().position(|one| *one == seat)
    }
}

impl Learning for SplitBrain {}

impl Solver for SplitBrain {}
