//! Cloak and Dagger Chess: chess from secret Chess960 arrangements, every back-rank piece
//! hidden under a numbered checker. Pieces move by their true identity; only visible pieces
//! give check; a cloaked king may be captured. A turn is a sequence of decisions (owed bonus,
//! guess, regular move, earned bonus, uncloaking), each one ply for search and perft.
//!
//! The full state keeps true identities on the board and the checker numbers in
//! [`CloakState`]; a view writes the opponent's cloaked pieces as `?` and carries what the
//! viewer has seen of each opponent checker (`:seen=`), from which belief over the 960
//! arrangements follows exactly ([`belief`]). The rules as implemented, and every ruling made
//! here, are in `docs/variants/cloakanddagger.md`.

use std::fmt;
use std::sync::{Arc, OnceLock};

use rand::Rng;
use rand::rngs::StdRng;

use amity_engine::castling::{Castle, CastlingNotation, push_castlings};
use amity_engine::fen_fields::{self, Parts};
use amity_engine::orthodox::{self, BISHOP, FIDE_PROMOTIONS, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::position::color_index;
use amity_engine::{
    BeliefGrid, Bitboard, Color, FenError, File, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, Outcome, Piece, PieceInfo, PolicyOption, Position, Presentation, Rank,
    Rules, RulesExt, Scratch, SearchFlags, Solver, Square, SquareLabel, WinReason,
};

/// Cloak and Dagger Chess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloakAndDagger;

/// A piece of the opponent whose identity a view does not know (`?`).
pub const UNKNOWN: Kind = Kind::new(6);

/// The standard pieces and the unknown one.
pub const PIECES: [PieceInfo; 7] = [
    orthodox::STANDARD_PIECES[0],
    orthodox::STANDARD_PIECES[1],
    orthodox::STANDARD_PIECES[2],
    orthodox::STANDARD_PIECES[3],
    orthodox::STANDARD_PIECES[4],
    orthodox::STANDARD_PIECES[5],
    PieceInfo {
        symbol: "?",
        name: "cloaked piece",
        value: 400,
    },
];

/// Both sides in the standard arrangement (the test start of RULES.md).
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 \
     cloak:1a1,2b1,3c1,4d1,5e1,6f1,7g1,8h1/1a8,2b8,3c8,4d8,5e8,6f8,7g8,8h8:0/0:-:-/-:-";

/// The identities a cloaked checker may have, in the order guesses list them.
pub const IDENTITIES: [Kind; 5] = [KNIGHT, BISHOP, ROOK, QUEEN, KING];

/// A set of identities as bits (bit `kind.index()`).
pub type IdentitySet = u8;

/// Every identity.
pub const ANY_IDENTITY: IdentitySet = 0b11_1110;

/// In [`CloakState::seen`]: the checker has moved (it can no longer castle).
const MOVED: u8 = 0x80;

fn bit(kind: Kind) -> IdentitySet {
    1 << kind.index()
}

fn letter(kind: Kind) -> char {
    PIECES[kind.index()].symbol.chars().next().unwrap_or('?')
}

fn kind_of_letter(letter: char) -> Option<Kind> {
    IDENTITIES
        .into_iter()
        .find(|kind| self::letter(*kind) == letter.to_ascii_uppercase())
}

// ----- arrangements -----

/// A back-rank arrangement: the identity on each file, a to h (checker n on file n).
pub type Arrangement = [Kind; 8];

/// The 960 Chess960 arrangements, in a fixed order.
pub fn arrangements() -> &'static [Arrangement] {
    static ALL: OnceLock<Vec<Arrangement>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut found = Vec::with_capacity(960);
        // Bishops on squares of opposite colours, then the queen and knights on free files,
        // then rook, king, rook on the three left over, in that order.
        for light in (1..8).step_by(2) {
            for dark in (0..8).step_by(2) {
                let free: Vec<usize> = (0..8).filter(|f| *f != light && *f != dark).collect();
                for queen in 0..6 {
                    let mut after_queen = free.clone();
                    let queen_file = after_queen.remove(queen);
                    for first in 0..5 {
                        for second in first + 1..5 {
                            let mut rest = after_queen.clone();
                            let second_file = rest.remove(second);
                            let first_file = rest.remove(first);
                            let mut arrangement = [KING; 8];
                            arrangement[light] = BISHOP;
                            arrangement[dark] = BISHOP;
                            arrangement[queen_file] = QUEEN;
                            arrangement[first_file] = KNIGHT;
                            arrangement[second_file] = KNIGHT;
                            arrangement[rest[0]] = ROOK;
                            arrangement[rest[1]] = KING;
                            arrangement[rest[2]] = ROOK;
                            found.push(arrangement);
                        }
                    }
                }
            }
        }
        found
    })
}

/// The arrangement written as eight letters (`RNBQKBNR`).
pub fn arrangement_name(arrangement: &Arrangement) -> String {
    arrangement.iter().map(|kind| letter(*kind)).collect()
}

/// Reads an arrangement written as eight letters; `None` unless it is one of the 960.
pub fn parse_arrangement(text: &str) -> Option<Arrangement> {
    let upper = text.to_ascii_uppercase();
    arrangements()
        .iter()
        .find(|arrangement| arrangement_name(arrangement) == upper)
        .copied()
}

// ----- the state -----

/// The part of a turn that is due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Phase {
    /// Part a: the bonus owed after the opponent's wrong guess (`at=B0`).
    OwedBonus,
    /// Part b: the guess (`at=G`).
    #[default]
    Guess,
    /// Part c: the regular move (`at=M`).
    Regular,
    /// Part d: the bonus earned by a right guess (`at=B1`).
    EarnedBonus,
    /// Part e: uncloaking, one checker at a time, then `done` (`at=U`).
    Uncloak,
}

impl Phase {
    fn code(self) -> &'static str {
        match self {
            Phase::OwedBonus => "B0",
            Phase::Guess => "G",
            Phase::Regular => "M",
            Phase::EarnedBonus => "B1",
            Phase::Uncloak => "U",
        }
    }

    fn parse(code: &str) -> Option<Phase> {
        [
            Phase::OwedBonus,
            Phase::Guess,
            Phase::Regular,
            Phase::EarnedBonus,
            Phase::Uncloak,
        ]
        .into_iter()
        .find(|phase| phase.code() == code)
    }
}

/// One guess of the record: who guessed, which checker, what identity, and whether it was
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guess {
    pub guesser: Color,
    pub number: u8,
    pub kind: Kind,
    pub right: bool,
}

/// Everything beyond the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloakState {
    /// The checker number (1 to 8) of the cloaked piece on each square, 0 where none.
    pub numbers: [u8; 64],
    /// The squares of cloaked pieces (kept in step with `numbers`).
    pub cloaked: Bitboard,
    /// Pawns each side may drop, White's first.
    pub reserves: [u8; 2],
    /// The side that has a bonus to make before its next regular move.
    pub owed: Option<Color>,
    /// Captured checkers by owner and number: the identity, `None` if not captured. A view
    /// that followed its own capture of a `?` records [`UNKNOWN`].
    pub captured: [[Option<Kind>; 9]; 2],
    /// Every guess so far, oldest first (shared: positions in search copy it without
    /// allocating).
    pub guesses: Arc<Vec<Guess>>,
    /// The part of the turn that is due.
    pub phase: Phase,
    /// Some decision of this turn has been made (the FEN then writes `at=`).
    pub in_turn: bool,
    /// A right guess this turn.
    pub earned: bool,
    /// The highest number uncloaked this turn (0: none yet).
    pub last: u8,
    /// A pawn moved or something was captured this turn (the fifty-move count restarts).
    pub fresh: bool,
    /// The side that captured a cloaked king.
    pub won: Option<Color>,
    /// In a view: the seat whose view it is.
    pub viewer: Option<Color>,
    /// What every player has seen of each checker, by owner and number: the identities its
    /// moves, castling, capture, guesses and uncloaking leave possible, and [`MOVED`]. Public
    /// knowledge, so not part of the hash or of repetition.
    pub seen: [[u8; 9]; 2],
}

impl Default for CloakState {
    fn default() -> CloakState {
        CloakState {
            numbers: [0; 64],
            cloaked: Bitboard::EMPTY,
            reserves: [0; 2],
            owed: None,
            captured: [[None; 9]; 2],
            guesses: Arc::default(),
            phase: Phase::Guess,
            in_turn: false,
            earned: false,
            last: 0,
            fresh: false,
            won: None,
            viewer: None,
            seen: [[ANY_IDENTITY; 9]; 2],
        }
    }
}

impl CloakState {
    /// The checker number on `square` (0: not cloaked).
    pub fn number(&self, square: Square) -> u8 {
        self.numbers[square as usize]
    }

    fn set_number(&mut self, square: Square, number: u8) {
        self.numbers[square as usize] = number;
        if number == 0 {
            self.cloaked.discard(square);
        } else {
            self.cloaked.add(square);
        }
    }

    /// The numbers `guesser` has guessed right.
    pub fn guessed_right(&self, guesser: Color) -> u16 {
        self.guesses
            .iter()
            .filter(|guess| guess.guesser == guesser && guess.right)
            .fold(0, |set, guess| set | 1 << guess.number)
    }

    /// What has been seen of `owner`'s checker `number`: the identities still possible.
    pub fn possible(&self, owner: Color, number: u8) -> IdentitySet {
        self.seen[color_index(owner)][usize::from(number)] & ANY_IDENTITY
    }

    fn narrow(&mut self, owner: Color, number: u8, keep: IdentitySet) {
        let entry = &mut self.seen[color_index(owner)][usize::from(number)];
        *entry &= keep | MOVED;
    }
}

/// The square of `owner`'s cloaked checker `number`, if on the board.
pub fn checker_square(pos: &Position<CloakAndDagger>, owner: Color, number: u8) -> Option<Square> {
    (pos.state.cloaked & pos.color(owner))
        .into_iter()
        .find(|square| pos.state.number(*square) == number)
}

// ----- geometry -----

fn forward(square: Square, color: Color) -> Option<Square> {
    orthodox::shift_forward(Bitboard::from_square(square), color).first()
}

fn home_square(color: Color, number: u8) -> Square {
    Square::from_coords(File::new(u32::from(number) - 1), color.backrank())
}

// ----- visibility and check (rules 3 and 4) -----

/// Whether a visible piece of `by` attacks `square`.
pub fn visibly_attacked(pos: &Position<CloakAndDagger>, square: Square, by: Color) -> bool {
    let visible = pos.color(by) & !pos.state.cloaked;
    let occupied = pos.occupied();
    [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
        .into_iter()
        .any(|kind| {
            let attackers = pos.kind(kind) & visible;
            attackers.any() && orthodox::attacks(kind, !by, square, occupied).intersects(attackers)
        })
}

/// `color`'s king if it is uncloaked.
pub fn uncloaked_king(pos: &Position<CloakAndDagger>, color: Color) -> Option<Square> {
    (pos.pieces(color, KING) & !pos.state.cloaked).first()
}

/// Whether `color`'s uncloaked king stands visibly attacked.
pub fn in_visible_check(pos: &Position<CloakAndDagger>, color: Color) -> bool {
    uncloaked_king(pos, color).is_some_and(|king| visibly_attacked(pos, king, !color))
}

/// The identities the piece on `square` may have: its kind, or for a `?` what has been seen.
fn identities_at(pos: &Position<CloakAndDagger>, square: Square, piece: Piece) -> IdentitySet {
    if piece.kind == UNKNOWN {
        pos.state.possible(piece.color, pos.state.number(square))
    } else {
        bit(piece.kind)
    }
}

/// The identities that move from `from` to `to` over `occupied`.
fn identities_moving(from: Square, to: Square, occupied: Bitboard) -> IdentitySet {
    IDENTITIES
        .into_iter()
        .filter(|kind| orthodox::attacks(*kind, Color::White, from, occupied).contains(to))
        .fold(0, |set, kind| set | bit(kind))
}

// ----- decisions -----

const PASS_BONUS_NONE: u32 = 1;
const PASS_GUESS_NONE: u32 = 2;
const PASS_DONE: u32 = 3;
const PASS_GUESS: u32 = 16;
const PASS_UNCLOAK: u32 = 32;

fn pass_move(code: u32, number: u8) -> Move {
    let bits = (MoveFlag::Pass as u32) << 12 | u32::from(number) << 6 | code << 16;
    Move::from_bits(bits).unwrap_or(Move::NULL)
}

/// `bonus:none`.
pub fn bonus_none() -> Move {
    pass_move(PASS_BONUS_NONE, 0)
}

/// `guess:none`.
pub fn guess_none() -> Move {
    pass_move(PASS_GUESS_NONE, 0)
}

/// `done`.
pub fn done() -> Move {
    pass_move(PASS_DONE, 0)
}

/// `done:<number>=K`, the end of an opponent's turn as a view follows it when the uncloaking
/// part was passed over: its only checker left to uncloak, `number`, is its king in check.
pub fn done_king_in_check(number: u8) -> Move {
    pass_move(PASS_DONE, number)
}

/// `guess:<number>=<kind>`.
pub fn guess(number: u8, kind: Kind) -> Move {
    pass_move(PASS_GUESS + kind.index() as u32, number)
}

/// `uncloak:<number>`; with `shown`, the form a view follows an opponent's uncloaking by
/// (`uncloak:<number>=<letter>`, the identity the referee announces).
pub fn uncloak(number: u8, shown: Option<Kind>) -> Move {
    pass_move(
        PASS_UNCLOAK + shown.map_or(0, |kind| kind.index() as u32),
        number,
    )
}

/// What a decision is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Board(Move),
    BonusNone,
    GuessNone,
    Done,
    /// The turn ended with the uncloaking passed over, as a view hears it: the only checker
    /// left to uncloak (this number) is the king, in check.
    DoneKingInCheck(u8),
    Guess(u8, Kind),
    Uncloak(u8, Option<Kind>),
}

/// A decision in plain words (see `Rules::in_words`): a guess says, once made, whether it was
/// right, as the guess record of the seat's view `after` shows.
fn decision_in_words(
    before: &Position<CloakAndDagger>,
    mv: Move,
    after: Option<&Position<CloakAndDagger>>,
) -> Option<String> {
    let name = |kind: Kind| PIECES[kind.index()].name;
    Some(match decision(mv) {
        Decision::BonusNone => "no bonus move".into(),
        Decision::GuessNone => "no guess".into(),
        Decision::Done => "ends the turn".into(),
        Decision::DoneKingInCheck(number) => {
            format!("ends the turn: checker {number} is its king, in check")
        }
        Decision::Guess(number, kind) => {
            let guesser = before.turn();
            let judged = after
                .and_then(|after| after.state.guesses.last())
                .filter(|guess| {
                    guess.guesser == guesser && guess.number == number && guess.kind == kind
                });
            match judged {
                Some(guess) => format!(
                    "guessed checker {number} is a {}: {}",
                    name(kind),
                    if guess.right { "right" } else { "wrong" }
                ),
                None => format!("guess checker {number} is a {}", name(kind)),
            }
        }
        Decision::Uncloak(number, Some(kind)) => {
            format!("uncloak checker {number}: a {}", name(kind))
        }
        Decision::Uncloak(number, None) => format!("uncloak checker {number}"),
        Decision::Board(board) if board.flag() == MoveFlag::Drop => {
            format!("drop a pawn on {}", board.to())
        }
        Decision::Board(_) => return None,
    })
}

/// Tells a decision's meaning from its packed move.
pub fn decision(mv: Move) -> Decision {
    if mv.flag() != MoveFlag::Pass {
        return Decision::Board(mv);
    }
    let code = mv.kind().index() as u32;
    let number = mv.to() as u8;
    match code {
        PASS_BONUS_NONE => Decision::BonusNone,
        PASS_GUESS_NONE => Decision::GuessNone,
        PASS_DONE if number == 0 => Decision::Done,
        PASS_DONE => Decision::DoneKingInCheck(number),
        c if (PASS_GUESS..PASS_GUESS + 6).contains(&c) => {
            Decision::Guess(number, Kind::new((c - PASS_GUESS) as u8))
        }
        c if c == PASS_UNCLOAK => Decision::Uncloak(number, None),
        c => Decision::Uncloak(number, Some(Kind::new((c - PASS_UNCLOAK) as u8))),
    }
}

/// Pawn moves of the pawn on `from` (pushes, double steps, captures, en passant, promotion).
fn pawn_moves(pos: &Position<CloakAndDagger>, from: Square, moves: &mut MoveList) {
    let us = pos.turn();
    let occupied = pos.occupied();
    let victims = pos.color(!us) & !uncloaked_kings(pos, !us);
    let mut targets = orthodox::pawn_attacks_from(us, from) & victims;
    if let Some(one) = forward(from, us).filter(|s| !occupied.contains(*s)) {
        targets.add(one);
        if from.rank() == us.relative_rank(Rank::Second)
            && let Some(two) = forward(one, us).filter(|s| !occupied.contains(*s))
        {
            targets.add(two);
        }
    }
    for to in targets {
        if to.rank() == us.relative_rank(Rank::Eighth) {
            for kind in FIDE_PROMOTIONS {
                moves.push(Move::promotion(from, to, kind));
            }
        } else {
            moves.push(Move::normal(from, to));
        }
    }
    if let Some(square) = pos.en_passant()
        && orthodox::pawn_attacks_from(us, from).contains(square)
        && !occupied.contains(square)
        && forward(square, !us).is_some_and(|victim| pos.pieces(!us, PAWN).contains(victim))
    {
        moves.push(Move::en_passant(from, square));
    }
}

fn uncloaked_kings(pos: &Position<CloakAndDagger>, color: Color) -> Bitboard {
    pos.pieces(color, KING) & !pos.state.cloaked
}

/// The regular moves before the king-safety test.
fn regular_candidates(pos: &Position<CloakAndDagger>, moves: &mut MoveList) {
    let us = pos.turn();
    let occupied = pos.occupied();
    let targets_allowed = !pos.color(us) & !uncloaked_kings(pos, !us);
    for from in pos.ours() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.kind == PAWN {
            pawn_moves(pos, from, moves);
            continue;
        }
        let identities = identities_at(pos, from, piece);
        let mut targets = Bitboard::EMPTY;
        for kind in IDENTITIES {
            if identities & bit(kind) != 0 {
                targets |= orthodox::attacks(kind, us, from, occupied);
            }
        }
        for to in targets & targets_allowed {
            moves.push(Move::normal(from, to));
        }
    }
    castling_moves(pos, moves);
}

/// Castling (rule 9), written king square then rook square.
fn castling_moves(pos: &Position<CloakAndDagger>, moves: &mut MoveList) {
    let us = pos.turn();
    let rank = Bitboard::from_rank(us.backrank());
    let following_opponent = pos.state.viewer.is_some_and(|viewer| viewer != us);
    let (kings, rooks) = if following_opponent {
        // A view does not know the opponent's rights: any unmoved checker that may be its
        // king, with any unmoved one that may be a rook (the referee checks the truth).
        let unmoved = |identity: Kind| {
            (pos.ours() & pos.state.cloaked & rank)
                .into_iter()
                .filter(|square| {
                    let number = pos.state.number(*square);
                    let seen = pos.state.seen[color_index(us)][usize::from(number)];
                    *square == home_square(us, number)
                        && seen & MOVED == 0
                        && seen & bit(identity) != 0
                })
                .fold(Bitboard::EMPTY, |set, square| {
                    set | Bitboard::from_square(square)
                })
        };
        (
            unmoved(KING) | (pos.pieces(us, KING) & rank),
            unmoved(ROOK) | (pos.pieces(us, ROOK) & rank),
        )
    } else {
        (
            pos.pieces(us, KING) & rank,
            pos.castling() & rank & pos.pieces(us, ROOK),
        )
    };
    for king in kings {
        let notation = CastlingNotation::KingTakesRook;
        push_castlings(king, rooks, pos.occupied(), notation, moves, |castle| {
            // A cloaked king's walk is the referee's to judge: only a visible one is known
            // to be attacked.
            pos.state.cloaked.contains(king)
                || !(castle.king_path() | Bitboard::from_square(king))
                    .into_iter()
                    .any(|square| visibly_attacked(pos, square, !us))
        });
    }
}

/// Bonus moves (rule 7) before the king-safety test: pawn moves and drops.
fn bonus_candidates(pos: &Position<CloakAndDagger>, moves: &mut MoveList) {
    let us = pos.turn();
    for from in pos.pieces(us, PAWN) {
        pawn_moves(pos, from, moves);
    }
    if pos.state.reserves[color_index(us)] > 0 {
        for to in Bitboard::from_rank(us.relative_rank(Rank::Second)) & !pos.occupied() {
            moves.push(Move::drop(PAWN, to));
        }
    }
}

/// Whether a board move leaves the mover's uncloaked king out of visible check.
fn keeps_king_safe(pos: &Position<CloakAndDagger>, mv: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    move_on_board(&mut after, mv);
    after.state.won.is_some() || !in_visible_check(&after, us)
}

fn legal_board_moves(
    pos: &Position<CloakAndDagger>,
    candidates: fn(&Position<CloakAndDagger>, &mut MoveList),
    moves: &mut MoveList,
) {
    let mut all = MoveList::new();
    candidates(pos, &mut all);
    for &mv in all.iter() {
        if keeps_king_safe(pos, mv) {
            moves.push(mv);
        }
    }
}

fn has_legal(
    pos: &Position<CloakAndDagger>,
    candidates: fn(&Position<CloakAndDagger>, &mut MoveList),
) -> bool {
    let mut all = MoveList::new();
    candidates(pos, &mut all);
    all.iter().any(|mv| keeps_king_safe(pos, *mv))
}

/// The opponent's checkers the side to move may guess: cloaked, on the board, not already
/// guessed right.
fn guess_targets(pos: &Position<CloakAndDagger>) -> Vec<u8> {
    let us = pos.turn();
    let right = pos.state.guessed_right(us);
    let mut numbers: Vec<u8> = (pos.theirs() & pos.state.cloaked)
        .into_iter()
        .map(|square| pos.state.number(square))
        .filter(|number| right >> number & 1 == 0)
        .collect();
    numbers.sort_unstable();
    numbers
}

/// The own checkers that may be uncloaked now: numbered above the last one uncloaked this
/// turn, and not a king visibly attacked.
fn uncloak_targets(pos: &Position<CloakAndDagger>) -> Vec<(Square, u8)> {
    let us = pos.turn();
    let mut found: Vec<(Square, u8)> = (pos.ours() & pos.state.cloaked)
        .into_iter()
        .map(|square| (square, pos.state.number(square)))
        .filter(|(square, number)| {
            *number > pos.state.last
                && !(pos.pieces(us, KING).contains(*square) && visibly_attacked(pos, *square, !us))
        })
        .collect();
    found.sort_unstable_by_key(|(_, number)| *number);
    found
}

/// The mover's only cloaked checker left to uncloak (numbered above the last one uncloaked
/// this turn), when there is exactly one and it stands visibly attacked. Whether the uncloaking
/// part is passed over then tells everyone whether it is the king (rule 5: a king in check may
/// not be uncloaked, and a part with nothing to choose is passed over).
fn last_candidate_in_check(pos: &Position<CloakAndDagger>) -> Option<(Square, u8)> {
    let us = pos.turn();
    let mut left = (pos.ours() & pos.state.cloaked)
        .into_iter()
        .map(|square| (square, pos.state.number(square)))
        .filter(|(_, number)| *number > pos.state.last);
    let only = left.next()?;
    (left.next().is_none() && visibly_attacked(pos, only.0, !us)).then_some(only)
}

// ----- playing -----

/// Plays a regular or bonus move on the board: captures (announced identities, pawns to the
/// reserve, a cloaked king's capture ends the game), numbers travel with their pieces, en
/// passant and castling rights follow, what the move shows of a cloaked mover is seen.
fn move_on_board(pos: &mut Position<CloakAndDagger>, mv: Move) {
    let us = pos.turn();
    let them = !us;
    let (from, to) = (mv.from(), mv.to());
    let en_passant = pos.en_passant();
    pos.set_en_passant(None);
    match mv.flag() {
        MoveFlag::Drop => {
            pos.put(to, Piece::new(us, PAWN));
            pos.state.reserves[color_index(us)] -= 1;
            pos.state.fresh = true;
        }
        MoveFlag::Castle => {
            let Castle {
                king_to, rook_to, ..
            } = Castle::new(from, to);
            let king_number = pos.state.number(from);
            let rook_number = pos.state.number(to);
            let king = pos.remove(from);
            let rook = pos.remove(to);
            pos.state.set_number(from, 0);
            pos.state.set_number(to, 0);
            if let (Some(king), Some(rook)) = (king, rook) {
                // A view's `?` king and rook are now known to be king and rook.
                let as_kind = |piece: Piece, kind: Kind| {
                    if piece.kind == UNKNOWN {
                        piece
                    } else {
                        Piece::new(piece.color, kind)
                    }
                };
                pos.put(king_to, as_kind(king, KING));
                pos.put(rook_to, as_kind(rook, ROOK));
            }
            pos.state.set_number(king_to, king_number);
            pos.state.set_number(rook_to, rook_number);
            for (number, kind) in [(king_number, KING), (rook_number, ROOK)] {
                if number > 0 {
                    pos.state.narrow(us, number, bit(kind));
                    pos.state.seen[color_index(us)][usize::from(number)] |= MOVED;
                }
            }
            pos.discard_castling(Bitboard::from_rank(us.backrank()));
        }
        _ => {
            let Some(piece) = pos.piece_at(from) else {
                return;
            };
            let victim_square = if mv.flag() == MoveFlag::EnPassant {
                en_passant
                    .and_then(|square| forward(square, them))
                    .unwrap_or(to)
            } else {
                to
            };
            let number = pos.state.number(from);
            if number > 0 {
                let moving = identities_moving(from, to, pos.occupied());
                pos.state.narrow(us, number, moving);
                pos.state.seen[color_index(us)][usize::from(number)] |= MOVED;
            }
            if let Some(victim) = pos.remove(victim_square) {
                capture(pos, victim_square, victim);
            }
            pos.relocate(from, to);
            pos.state.set_number(from, 0);
            pos.state.set_number(to, number);
            if piece.kind == PAWN {
                pos.state.fresh = true;
                if mv.flag() == MoveFlag::Promotion {
                    pos.replace(to, Piece::new(us, mv.kind()));
                } else if from.file() == to.file() && from.rank().distance(to.rank()) == 2 {
                    pos.set_en_passant(forward(from, us));
                }
            }
            let mut lost = Bitboard::from_square(from) | Bitboard::from_square(to);
            if piece.kind == KING {
                lost |= Bitboard::from_rank(us.backrank());
            }
            pos.discard_castling(lost);
        }
    }
}

/// What a capture of `victim` (already off `square`) changes beyond the board.
fn capture(pos: &mut Position<CloakAndDagger>, square: Square, victim: Piece) {
    let owner = victim.color;
    let number = pos.state.number(square);
    pos.state.fresh = true;
    if number > 0 {
        pos.state.set_number(square, 0);
        let known = if victim.kind == UNKNOWN {
            let possible = pos.state.possible(owner, number);
            IDENTITIES
                .into_iter()
                .find(|kind| possible == bit(*kind))
                .unwrap_or(UNKNOWN)
        } else {
            victim.kind
        };
        pos.state.captured[color_index(owner)][usize::from(number)] = Some(known);
        if known != UNKNOWN {
            pos.state.narrow(owner, number, bit(known));
        }
        if victim.kind == KING {
            pos.state.won = Some(!owner);
        }
    } else if victim.kind == PAWN {
        pos.state.reserves[color_index(owner)] += 1;
    }
}

fn play_guess(pos: &mut Position<CloakAndDagger>, number: u8, kind: Kind) {
    let us = pos.turn();
    let them = !us;
    let right = match checker_square(pos, them, number).and_then(|s| pos.piece_at(s)) {
        // A view cannot see its own guess's result unless what it has seen decides it
        // (the referee sends a fresh view after every decision of the seat's own turn).
        Some(piece) if piece.kind == UNKNOWN => pos.state.possible(them, number) == bit(kind),
        Some(piece) => piece.kind == kind,
        None => false,
    };
    Arc::make_mut(&mut pos.state.guesses).push(Guess {
        guesser: us,
        number,
        kind,
        right,
    });
    if right {
        pos.state.earned = true;
        pos.state.narrow(them, number, bit(kind));
    } else {
        pos.state.owed = Some(them);
        pos.state.narrow(them, number, ANY_IDENTITY & !bit(kind));
    }
}

fn play_uncloak(pos: &mut Position<CloakAndDagger>, number: u8, shown: Option<Kind>) {
    let us = pos.turn();
    let Some(square) = checker_square(pos, us, number) else {
        return;
    };
    if let Some(kind) = shown
        && pos.piece_at(square).is_some_and(|p| p.kind == UNKNOWN)
    {
        pos.replace(square, Piece::new(us, kind));
    }
    if let Some(piece) = pos.piece_at(square) {
        pos.state.narrow(us, number, bit(piece.kind));
    }
    pos.state.set_number(square, 0);
    pos.state.last = number;
}

/// Ends the turn: the fifty-move count, the move number, the other side's turn begins.
fn end_turn(pos: &mut Position<CloakAndDagger>) {
    let mover = pos.turn();
    let clock = if pos.state.fresh {
        0
    } else {
        pos.halfmove_clock() + 1
    };
    pos.set_halfmove_clock(clock);
    pos.end_turn();
    begin_turn(&mut pos.state, !mover);
}

fn begin_turn(state: &mut CloakState, side: Color) {
    state.in_turn = false;
    state.earned = false;
    state.last = 0;
    state.fresh = false;
    state.phase = if state.owed == Some(side) {
        Phase::OwedBonus
    } else {
        Phase::Guess
    };
}

/// Passes over the parts that offer no choice but to skip (rule 5).
fn settle(pos: &mut Position<CloakAndDagger>) {
    loop {
        if pos.state.won.is_some() {
            return;
        }
        match pos.state.phase {
            Phase::OwedBonus => {
                if has_legal(pos, bonus_candidates) {
                    return;
                }
                pos.state.owed = None;
                pos.state.phase = Phase::Guess;
            }
            Phase::Guess => {
                if !guess_targets(pos).is_empty() {
                    return;
                }
                pos.state.phase = Phase::Regular;
            }
            Phase::Regular => return,
            Phase::EarnedBonus => {
                if has_legal(pos, bonus_candidates) {
                    return;
                }
                pos.state.phase = Phase::Uncloak;
            }
            Phase::Uncloak => {
                if !uncloak_targets(pos).is_empty() {
                    return;
                }
                // Passed over with one checker left, in check: everyone now knows it is the
                // king (a view following the opponent hears this as `done:<n>=K`).
                if let Some((_, number)) = last_candidate_in_check(pos) {
                    let us = pos.turn();
                    pos.state.narrow(us, number, bit(KING));
                }
                end_turn(pos);
            }
        }
    }
}

// ----- FEN -----

fn illegal(why: impl Into<String>) -> FenError {
    FenError::Illegal(why.into())
}

fn parse_number(text: &str, what: &str) -> Result<u8, FenError> {
    fen_fields::number(&format!("checker number in cloak {what}"), text, 1..=8)
}

fn parse_color(text: &str, what: &str) -> Result<Color, FenError> {
    fen_fields::side(&format!("cloak {what}"), text)
}

/// Splits `<white>/<black>`.
fn per_side<'a>(text: &'a str, what: &str) -> Result<[&'a str; 2], FenError> {
    fen_fields::per_side(&format!("cloak {what}"), text)
}

/// How the parts of the `cloak:` field are written.
const FIELD_SHAPE: &str = "<cloaked>:<reserves>:<owed>:<captured>:<guesses>";

/// Reads the `cloak:` field into the state (the board and turn are already read): the five
/// parts in order, then the markers of a turn under way, then what the public record (the
/// guesses, the captured identities) says of each checker.
fn read_cloak(pos: &mut Position<CloakAndDagger>, mut parts: Parts) -> Result<(), FenError> {
    let mut state = CloakState::default();
    read_cloaked(pos, &mut state, parts.next_part())?;
    for (side, text) in per_side(parts.next_part(), "reserves")?
        .into_iter()
        .enumerate()
    {
        state.reserves[side] = fen_fields::number("cloak reserve", text, 0..=16)?;
    }
    state.owed = fen_fields::or_none(parts.next_part(), |text| parse_color(text, "owed bonus"))?;
    read_captured(&mut state, parts.next_part())?;
    let guesses = fen_fields::list(parts.next_part()).into_iter();
    state.guesses = Arc::new(guesses.map(read_guess).collect::<Result<_, _>>()?);
    let markers = read_markers(&mut state, parts.rest())?;
    if let Some(text) = markers.seen {
        read_seen(&mut state, text)?;
    }
    narrow_by_record(&mut state);
    match markers.at {
        Some(phase) => {
            state.phase = phase;
            state.in_turn = true;
        }
        None if state.earned || state.last > 0 || state.fresh => {
            return Err(fen_fields::expected(
                "cloak at",
                "at= inside a turn, where earned, last= and fresh belong",
                parts.field(),
            ));
        }
        None => begin_turn(&mut state, pos.turn()),
    }
    pos.state = state;
    Ok(())
}

/// The cloaked list, `<White's checkers>/<Black's>`, each `<number><square>`: numbers each
/// checker, and gives a `?` on the board (read as Black's) to the side that lists it.
fn read_cloaked(
    pos: &mut Position<CloakAndDagger>,
    state: &mut CloakState,
    text: &str,
) -> Result<(), FenError> {
    for (owner, list) in [Color::White, Color::Black]
        .into_iter()
        .zip(per_side(text, "cloaked list")?)
    {
        let mut used = 0u16;
        for entry in fen_fields::list(list) {
            let bad = || fen_fields::expected("cloak checker", "<number><square>", entry);
            if !entry.is_ascii() || entry.len() != 3 {
                return Err(bad());
            }
            let number = parse_number(&entry[..1], "checker")?;
            let square = Square::from_ascii(&entry.as_bytes()[1..]).map_err(|_| bad())?;
            if used >> number & 1 == 1 {
                return Err(illegal(format!("checker {number} listed twice")));
            }
            used |= 1 << number;
            claim_checker(pos, owner, entry, square)?;
            if state.number(square) != 0 {
                return Err(illegal(format!("two checkers on {square}")));
            }
            state.set_number(square, number);
        }
    }
    Ok(())
}

/// Checks that the cloaked checker `entry` of `owner` on `square` stands on a piece of its
/// side other than a pawn, and makes a `?` there `owner`'s.
fn claim_checker(
    pos: &mut Position<CloakAndDagger>,
    owner: Color,
    entry: &str,
    square: Square,
) -> Result<(), FenError> {
    match pos.piece_at(square) {
        Some(piece) if piece.kind != PAWN && piece.color == owner => Ok(()),
        Some(piece) if piece.kind != PAWN && piece.kind == UNKNOWN => {
            pos.replace(square, Piece::new(owner, UNKNOWN));
            Ok(())
        }
        Some(piece) if piece.kind != PAWN => Err(illegal(format!(
            "checker {entry}: the piece there is the other side's"
        ))),
        _ => Err(illegal(format!(
            "checker {entry}: no piece other than a pawn stands there"
        ))),
    }
}

/// The captured list, `<White's>/<Black's>`, each `<number><letter>` (`?` for an identity
/// never shown).
fn read_captured(state: &mut CloakState, text: &str) -> Result<(), FenError> {
    for (side, list) in per_side(text, "captured")?.into_iter().enumerate() {
        for entry in fen_fields::list(list) {
            let mut chars = entry.chars();
            let (Some(digit), Some(letter), None) = (chars.next(), chars.next(), chars.next())
            else {
                return Err(fen_fields::expected(
                    "cloak captured",
                    "<number><letter>",
                    entry,
                ));
            };
            let number = parse_number(&digit.to_string(), "captured")?;
            let kind = if letter == '?' {
                UNKNOWN
            } else {
                kind_of_letter(letter).ok_or_else(|| {
                    fen_fields::expected("cloak captured identity", "K, Q, R, B, N or ?", entry)
                })?
            };
            let captured = &mut state.captured[side][usize::from(number)];
            if captured.is_some() {
                return Err(illegal(format!("captured checker {number} listed twice")));
            }
            *captured = Some(kind);
        }
    }
    Ok(())
}

/// One guess of the record, `<guesser><number><letter><+|->`.
fn read_guess(entry: &str) -> Result<Guess, FenError> {
    let bad = || {
        fen_fields::expected(
            "cloak guess",
            "<guesser><number><letter><+|->, e.g. w3N+",
            entry,
        )
    };
    let chars: Vec<char> = entry.chars().collect();
    let [guesser, digit, letter, result] = chars[..] else {
        return Err(bad());
    };
    let guesser = parse_color(&guesser.to_string(), "guess")?;
    let number = parse_number(&digit.to_string(), "guess")?;
    let kind = kind_of_letter(letter).ok_or_else(bad)?;
    let right = match result {
        '+' => true,
        '-' => false,
        _ => return Err(bad()),
    };
    Ok(Guess {
        guesser,
        number,
        kind,
        right,
    })
}

/// What the markers after the guesses say beyond the flags they set in the state.
struct Markers<'a> {
    /// `at=`: the phase of the turn under way.
    at: Option<Phase>,
    /// `seen=`: a view's notes, read once the record is known.
    seen: Option<&'a str>,
}

/// The markers after the guesses: `at=`, `earned`, `fresh`, `last=`, `won=`, `seen=`,
/// `view=`.
fn read_markers<'a>(state: &mut CloakState, markers: &[&'a str]) -> Result<Markers<'a>, FenError> {
    let mut read = Markers {
        at: None,
        seen: None,
    };
    for part in markers {
        if let Some(code) = part.strip_prefix("at=") {
            read.at =
                Some(Phase::parse(code).ok_or_else(|| {
                    fen_fields::expected("cloak at", "at=G, M, B0, B1 or U", part)
                })?);
        } else if *part == "earned" {
            state.earned = true;
        } else if *part == "fresh" {
            state.fresh = true;
        } else if let Some(number) = part.strip_prefix("last=") {
            state.last = parse_number(number, "last")?;
        } else if let Some(side) = part.strip_prefix("won=") {
            state.won = Some(parse_color(side, "won")?);
        } else if let Some(text) = part.strip_prefix("seen=") {
            read.seen = Some(text);
        } else if let Some(side) = part.strip_prefix("view=") {
            state.viewer = Some(parse_color(side, "view")?);
        } else {
            return Err(fen_fields::expected(
                "cloak",
                "at=, earned, fresh, last=, won=, seen= or view= after the guesses",
                part,
            ));
        }
    }
    Ok(read)
}

/// A view's notes, `<White's checkers>/<Black's>`, each `<number><letters>[*]`: the
/// identities the viewer still thinks possible, `*` for a checker seen moving.
fn read_seen(state: &mut CloakState, text: &str) -> Result<(), FenError> {
    for (side, list) in per_side(text, "seen")?.into_iter().enumerate() {
        for entry in fen_fields::list(list) {
            let bad = || fen_fields::expected("cloak seen", "<number><letters>[*]", entry);
            let number = parse_number(entry.get(..1).ok_or_else(bad)?, "seen")?;
            let mut set = 0;
            for letter in entry[1..].chars() {
                if letter == '*' {
                    set |= MOVED;
                } else {
                    set |= bit(kind_of_letter(letter).ok_or_else(bad)?);
                }
            }
            if set & ANY_IDENTITY == 0 {
                return Err(bad());
            }
            state.seen[side][usize::from(number)] = set;
        }
    }
    Ok(())
}

/// Narrows what each checker may be by the public record: every guess, right or wrong, and
/// every identity a capture showed.
fn narrow_by_record(state: &mut CloakState) {
    for guess in state.guesses.clone().iter() {
        let owner = !guess.guesser;
        if guess.right {
            state.narrow(owner, guess.number, bit(guess.kind));
        } else {
            state.narrow(owner, guess.number, ANY_IDENTITY & !bit(guess.kind));
        }
    }
    for owner in [Color::White, Color::Black] {
        for number in 1..=8u8 {
            if let Some(kind) = state.captured[color_index(owner)][usize::from(number)]
                && kind != UNKNOWN
            {
                state.narrow(owner, number, bit(kind));
            }
        }
    }
}

/// `owner`'s cloaked checkers, as (number, square), by number.
fn cloaked_checkers(pos: &Position<CloakAndDagger>, owner: Color) -> Vec<(u8, Square)> {
    let mut checkers: Vec<(u8, Square)> = (pos.state.cloaked & pos.color(owner))
        .into_iter()
        .map(|square| (pos.state.number(square), square))
        .collect();
    checkers.sort_unstable();
    checkers
}

fn write_cloak(pos: &Position<CloakAndDagger>, out: &mut String) {
    let state = &pos.state;
    out.push_str(" cloak:");
    for owner in [Color::White, Color::Black] {
        if owner == Color::Black {
            out.push('/');
        }
        let entries = cloaked_checkers(pos, owner).into_iter();
        fen_fields::write_list(
            out,
            entries.map(|(number, square)| format!("{number}{square}")),
        );
    }
    out.push_str(&format!(":{}/{}:", state.reserves[0], state.reserves[1]));
    fen_fields::write_or_none(out, state.owed.map(fen_fields::side_letter));
    out.push(':');
    for side in 0..2 {
        if side == 1 {
            out.push('/');
        }
        fen_fields::write_list(
            out,
            (1..=8).filter_map(|number| {
                state.captured[side][number].map(|kind| format!("{number}{}", letter(kind)))
            }),
        );
    }
    out.push(':');
    fen_fields::write_list(
        out,
        state.guesses.iter().map(|guess| {
            format!(
                "{}{}{}{}",
                fen_fields::side_letter(guess.guesser),
                guess.number,
                letter(guess.kind),
                if guess.right { '+' } else { '-' }
            )
        }),
    );
    if state.in_turn {
        out.push_str(&format!(":at={}", state.phase.code()));
        if state.earned {
            out.push_str(":earned");
        }
        if state.last > 0 {
            out.push_str(&format!(":last={}", state.last));
        }
        if state.fresh {
            out.push_str(":fresh");
        }
    }
    if let Some(winner) = state.won {
        out.push_str(&format!(":won={}", fen_fields::side_letter(winner)));
    }
    let seen: Vec<String> = (0..2)
        .map(|side| {
            let mut text = String::new();
            fen_fields::write_list(
                &mut text,
                (1..=8u8).filter_map(|number| {
                    let seen = state.seen[side][usize::from(number)];
                    (seen != ANY_IDENTITY).then(|| {
                        let mut text = number.to_string();
                        for kind in IDENTITIES {
                            if seen & bit(kind) != 0 {
                                text.push(letter(kind));
                            }
                        }
                        if seen & MOVED != 0 {
                            text.push('*');
                        }
                        text
                    })
                }),
            );
            text
        })
        .collect();
    if seen.iter().any(|side| side != "-") {
        out.push_str(&format!(":seen={}", seen.join("/")));
    }
    if let Some(viewer) = state.viewer {
        out.push_str(&format!(":view={}", fen_fields::side_letter(viewer)));
    }
}

// ----- belief -----

/// The opponent arrangements (of `owner`'s army) consistent with everything seen in `pos`,
/// each with its weight (uniform: every consistent arrangement was equally likely to be
/// chosen, and the record says nothing about how a player chooses among legal moves).
pub fn belief(pos: &Position<CloakAndDagger>, owner: Color) -> Vec<(Arrangement, u32)> {
    consistent(pos, owner)
        .into_iter()
        .map(|index| (arrangements()[index], 1))
        .collect()
}

/// The indices (in [`arrangements`]) of `owner`'s arrangements consistent with `pos`: every
/// checker's identity among those seen possible, and no cloaked king while `owner`'s king is
/// visible.
pub fn consistent(pos: &Position<CloakAndDagger>, owner: Color) -> Vec<usize> {
    let state = &pos.state;
    let visible_king = uncloaked_king(pos, owner).is_some();
    let cloaked_numbers: Vec<u8> = (state.cloaked & pos.color(owner))
        .into_iter()
        .map(|square| state.number(square))
        .collect();
    let fits = |arrangement: &Arrangement| {
        (1..=8u8).all(|number| {
            let kind = arrangement[usize::from(number) - 1];
            state.possible(owner, number) & bit(kind) != 0
        }) && !(visible_king
            && cloaked_numbers
                .iter()
                .any(|number| arrangement[usize::from(*number) - 1] == KING))
    };
    arrangements()
        .iter()
        .enumerate()
        .filter(|(_, arrangement)| fits(arrangement))
        .map(|(index, _)| index)
        .collect()
}

/// Per checker number (1 to 8) of `owner`, the probability of each identity under
/// [`belief`], in the order of [`IDENTITIES`].
pub fn identity_probabilities(pos: &Position<CloakAndDagger>, owner: Color) -> [[f64; 5]; 9] {
    let worlds = belief(pos, owner);
    let total: f64 = worlds.iter().map(|(_, weight)| f64::from(*weight)).sum();
    let mut table = [[0.0; 5]; 9];
    if total == 0.0 {
        return table;
    }
    for (arrangement, weight) in &worlds {
        for number in 1..=8 {
            let kind = arrangement[number - 1];
            if let Some(index) = IDENTITIES.iter().position(|k| *k == kind) {
                table[number][index] += f64::from(*weight) / total;
            }
        }
    }
    table
}

// ----- the rules -----

impl CloakAndDagger {
    /// A start position from two arrangements (White's, Black's).
    pub fn start_from(&self, white: &Arrangement, black: &Arrangement) -> Position<CloakAndDagger> {
        let mut pos: Position<CloakAndDagger> = Position::empty();
        for (file, (white_kind, black_kind)) in white.iter().zip(black.iter()).enumerate() {
            let file = File::new(file as u32);
            let number = file as u8 + 1;
            for (color, kind) in [(Color::White, *white_kind), (Color::Black, *black_kind)] {
                let square = Square::from_coords(file, color.backrank());
                pos.put(square, Piece::new(color, kind));
                pos.state.set_number(square, number);
                pos.put(
                    Square::from_coords(file, color.relative_rank(Rank::Second)),
                    Piece::new(color, PAWN),
                );
                if kind == ROOK {
                    let mut rights = pos.castling();
                    rights.add(square);
                    pos.set_castling(rights);
                }
            }
        }
        begin_turn(&mut pos.state, Color::White);
        pos.refresh_hash(self);
        pos
    }
}

amity_engine::state_keys! {
    /// A cloaked checker's number on its square: `square * 9 + number`.
    KEY_NUMBERS: 64 * 9;
    /// Each side's reserve: `side * 20 + count % 20`.
    KEY_RESERVES: 2 * 20;
    /// Who owes a bonus.
    KEY_OWED: 2;
    /// The part of the turn.
    KEY_PHASE: 8;
    KEY_EARNED: 1;
    /// The last checker uncloaked, 0 for none.
    KEY_LAST: 9;
    KEY_FRESH: 1;
    /// Who won.
    KEY_WON: 2;
    /// Whose view it is.
    KEY_VIEWER: 2;
}

impl Rules for CloakAndDagger {
    type State = CloakState;

    fn identity(&self) -> Identity {
        Identity::new("cloakanddagger", START_FEN, &PIECES)
    }

    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        read_cloak(
            pos,
            Parts::only(fields, "cloak", FIELD_SHAPE, 5..=usize::MAX)?,
        )
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        write_cloak(pos, out);
    }

    /// Shredder letters (the rook's file), and `?` for the opponent's rights in a view.
    fn castling_field(&self, pos: &Position<Self>) -> Option<String> {
        let mut text = String::new();
        for color in [Color::White, Color::Black] {
            let mut files: Vec<File> = (pos.castling() & Bitboard::from_rank(color.backrank()))
                .into_iter()
                .map(|square| square.file())
                .collect();
            files.sort_unstable();
            for file in files {
                let letter = file.char();
                text.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if pos.state.viewer.is_some() {
            text.push('?');
        }
        if text.is_empty() {
            text.push('-');
        }
        Some(text)
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        let viewer = pos.state.viewer;
        for color in [Color::White, Color::Black] {
            let name = orthodox::color_name(color);
            let unknown = pos.pieces(color, UNKNOWN);
            if unknown.any() && viewer != Some(!color) {
                return Err(illegal(format!(
                    "{name} has pieces written '?', which only the opponent's view may hide"
                )));
            }
            if (unknown & !pos.state.cloaked).any() {
                return Err(illegal("a '?' piece that is not a listed checker"));
            }
            let kings = pos.pieces(color, KING).count();
            let won = pos.state.won == Some(!color);
            let hidden_king = unknown.any();
            if kings > 1 || (kings == 0 && !won && !hidden_king) {
                return Err(illegal(format!("{name} has {kings} kings")));
            }
            if (pos.pieces(color, PAWN)
                & (Bitboard::from_rank(color.relative_rank(Rank::Eighth))
                    | Bitboard::from_rank(color.backrank())))
            .any()
            {
                return Err(illegal(format!(
                    "a {} pawn stands on its first or last rank",
                    name.to_lowercase()
                )));
            }
            let side = color_index(color);
            for number in 1..=8u8 {
                let on_board = checker_square(pos, color, number).is_some();
                if on_board && pos.state.captured[side][usize::from(number)].is_some() {
                    return Err(illegal(format!(
                        "{name}'s checker {number} is both on the board and captured"
                    )));
                }
            }
        }
        if viewer.is_none() && pos.state.won.is_none() {
            for color in [Color::White, Color::Black] {
                if pos.pieces(color, KING).is_empty() {
                    return Err(illegal(format!(
                        "{} has no king",
                        orthodox::color_name(color)
                    )));
                }
            }
        }
        for right in pos.castling() {
            let color = amity_engine::castling::right_owner(right);
            let king = pos.pieces(color, KING) & Bitboard::from_rank(right.rank());
            let ok = (right.rank() == Rank::First || right.rank() == Rank::Eighth)
                && pos.pieces(color, ROOK).contains(right)
                && king.any()
                && viewer.is_none_or(|viewer| viewer == color);
            if !ok {
                return Err(FenError::Castling(format!(
                    "no {} king and rook on {right} for that right",
                    orthodox::color_name(color).to_lowercase()
                )));
            }
        }
        let us = pos.turn();
        if pos.state.owed == Some(us) && pos.state.phase != Phase::OwedBonus {
            return Err(illegal("an owed bonus is still due, but at= is past it"));
        }
        if pos.state.phase == Phase::OwedBonus && pos.state.owed != Some(us) {
            return Err(illegal("at=B0, but the side to move owes no bonus"));
        }
        if pos.state.phase == Phase::EarnedBonus && !pos.state.earned {
            return Err(illegal("at=B1 without a right guess this turn (earned)"));
        }
        // Inside a turn the mover may already have given check; at its start the side that
        // just moved cannot stand in check (its moves and uncloakings never allow it).
        if !pos.state.in_turn && in_visible_check(pos, !us) && pos.state.won.is_none() {
            return Err(illegal(format!(
                "{} is in check with {} to move",
                orthodox::color_name(!us),
                orthodox::color_name(us)
            )));
        }
        if pos.state.won.is_none() {
            settle(pos);
        }
        Ok(())
    }

    fn state_hash(&self, state: &CloakState) -> u64 {
        let mut hash = 0;
        for square in state.cloaked {
            hash ^= KEY_NUMBERS.key(square as usize * 9 + usize::from(state.number(square)));
        }
        for side in 0..2 {
            hash ^= KEY_RESERVES.key(side * 20 + usize::from(state.reserves[side] % 20));
        }
        if let Some(side) = state.owed {
            hash ^= KEY_OWED.key(color_index(side));
        }
        hash ^= KEY_PHASE.key(state.phase as usize);
        if state.earned {
            hash ^= KEY_EARNED.single();
        }
        hash ^= KEY_LAST.key(usize::from(state.last));
        if state.fresh {
            hash ^= KEY_FRESH.single();
        }
        if let Some(side) = state.won {
            hash ^= KEY_WON.key(color_index(side));
        }
        if let Some(side) = state.viewer {
            hash ^= KEY_VIEWER.key(color_index(side));
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if pos.state.won.is_some() {
            return;
        }
        match pos.state.phase {
            Phase::OwedBonus | Phase::EarnedBonus => {
                legal_board_moves(pos, bonus_candidates, moves);
                if !moves.is_empty() {
                    moves.push(bonus_none());
                }
            }
            Phase::Guess => {
                // Mate and stalemate are judged before the guess.
                if !has_legal(pos, regular_candidates) {
                    return;
                }
                for number in guess_targets(pos) {
                    for kind in IDENTITIES {
                        moves.push(guess(number, kind));
                    }
                }
                moves.push(guess_none());
            }
            Phase::Regular => legal_board_moves(pos, regular_candidates, moves),
            Phase::Uncloak => {
                let following_opponent = pos.state.viewer.is_some_and(|v| v != pos.turn());
                let targets = uncloak_targets(pos);
                for (square, number) in &targets {
                    match pos.piece_at(*square) {
                        Some(piece) if following_opponent && piece.kind == UNKNOWN => {
                            let possible = pos.state.possible(piece.color, *number);
                            for kind in IDENTITIES {
                                let attacked_king =
                                    kind == KING && visibly_attacked(pos, *square, !piece.color);
                                if possible & bit(kind) != 0 && !attacked_king {
                                    moves.push(uncloak(*number, Some(kind)));
                                }
                            }
                        }
                        _ => moves.push(uncloak(*number, None)),
                    }
                }
                // A view following the opponent cannot tell whether a `?` left alone in check
                // is the king. If it is, the part is passed over and the end is heard as
                // `done:<n>=K`; if not, ending the turn was a choice, heard as `done`.
                // Only a view asks: the search's full states skip the test.
                let unknown_in_check = following_opponent
                    .then(|| last_candidate_in_check(pos))
                    .flatten()
                    .filter(|(square, _)| pos.piece_at(*square).is_some_and(|p| p.kind == UNKNOWN));
                match unknown_in_check {
                    Some((_, number)) => {
                        let possible = pos.state.possible(pos.turn(), number);
                        if possible & !bit(KING) != 0 {
                            moves.push(done());
                        }
                        if possible & bit(KING) != 0 {
                            moves.push(done_king_in_check(number));
                        }
                    }
                    None if !targets.is_empty() => moves.push(done()),
                    None => {}
                }
            }
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| {
            pos.state.in_turn = true;
            match (pos.state.phase, decision(mv)) {
                (Phase::OwedBonus, choice) => {
                    if let Decision::Board(mv) = choice {
                        move_on_board(pos, mv);
                    }
                    pos.state.owed = None;
                    pos.state.phase = Phase::Guess;
                }
                (Phase::Guess, choice) => {
                    if let Decision::Guess(number, kind) = choice {
                        play_guess(pos, number, kind);
                    }
                    pos.state.phase = Phase::Regular;
                }
                (Phase::Regular, choice) => {
                    if let Decision::Board(mv) = choice {
                        move_on_board(pos, mv);
                    }
                    pos.state.phase = if pos.state.earned {
                        Phase::EarnedBonus
                    } else {
                        Phase::Uncloak
                    };
                }
                (Phase::EarnedBonus, choice) => {
                    if let Decision::Board(mv) = choice {
                        move_on_board(pos, mv);
                    }
                    pos.state.phase = Phase::Uncloak;
                }
                (Phase::Uncloak, Decision::Uncloak(number, shown)) => {
                    play_uncloak(pos, number, shown)
                }
                (Phase::Uncloak, Decision::DoneKingInCheck(number)) => {
                    let us = pos.turn();
                    pos.state.narrow(us, number, bit(KING));
                    end_turn(pos);
                }
                (Phase::Uncloak, _) => {
                    // A turn ended by choice while the only checker left stood in check: that
                    // checker could have been uncloaked, so it is not the king.
                    if let Some((_, number)) = last_candidate_in_check(pos) {
                        let us = pos.turn();
                        pos.state.narrow(us, number, ANY_IDENTITY & !bit(KING));
                    }
                    end_turn(pos)
                }
            }
            settle(pos);
        });
    }

    fn play_null(&self, pos: &mut Position<Self>) {
        // Never called (null move is off): a turn cannot be handed over in its middle.
        let _ = pos;
    }

    fn in_check(&self, pos: &Position<Self>) -> bool {
        in_visible_check(pos, pos.turn())
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        pos.state.won.map(|winner| Outcome::Win {
            winner,
            reason: WinReason::Variant("a cloaked king captured"),
        })
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::checkmate_or_stalemate(pos.turn(), self.in_check(pos))
    }

    /// Pawns may be dropped back, so a clock reset can be followed by an old position.
    fn draw_rules(&self) -> amity_engine::DrawRules {
        amity_engine::DrawRules::CHESS_REVERSIBLE
    }

    fn hides_information(&self) -> bool {
        true
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        pos.state.viewer.is_some()
    }

    /// `seat` sees everything but the identities of the opponent's cloaked pieces (written
    /// `?`) and the opponent's castling rights.
    fn view(&self, pos: &Position<Self>, seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        if pos.state.viewer.is_some() {
            return view;
        }
        view.update_state(self, |view| {
            for square in pos.color(!seat) & pos.state.cloaked {
                view.replace(square, Piece::new(!seat, UNKNOWN));
            }
            view.set_castling(pos.castling() & Bitboard::from_rank(seat.backrank()));
            view.state.viewer = Some(seat);
        });
        view
    }

    /// An arrangement drawn from [`belief`] fills in the `?` pieces; the opponent keeps the
    /// castling rights of its unmoved king and rooks.
    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        let Some(viewer) = view.state.viewer else {
            return view.clone();
        };
        let owner = !viewer;
        let worlds = belief(view, owner);
        let total: u64 = worlds.iter().map(|(_, weight)| u64::from(*weight)).sum();
        let arrangement = if total == 0 {
            // Nothing fits (a hand-made view): any arrangement will do.
            arrangements()[rng.random_range(0..arrangements().len())]
        } else {
            let mut pick = rng.random_range(0..total);
            let mut chosen = worlds[0].0;
            for (arrangement, weight) in &worlds {
                if pick < u64::from(*weight) {
                    chosen = *arrangement;
                    break;
                }
                pick -= u64::from(*weight);
            }
            chosen
        };
        fill_in(self, view, owner, &arrangement)
    }

    /// The opponent's arrangements the view leaves possible, each filled in. Reads only the
    /// view: the `?` squares, their numbers and what was seen of each checker.
    fn hypotheses(&self, view: &Position<Self>) -> Vec<(usize, Position<Self>)> {
        let Some(viewer) = view.state.viewer else {
            return Vec::new();
        };
        let owner = !viewer;
        consistent(view, owner)
            .into_iter()
            .map(|index| (index, fill_in(self, view, owner, &arrangements()[index])))
            .collect()
    }

    /// Each side's arrangement drawn uniformly from the 960.
    fn deal(&self, rng: &mut StdRng) -> Option<Position<Self>> {
        let all = arrangements();
        let white = all[rng.random_range(0..all.len())];
        let black = all[rng.random_range(0..all.len())];
        Some(self.start_from(&white, &black))
    }

    /// Guessing is decided here, from the belief: name the identity most likely on any
    /// checker when it is right more often than not (a right guess wins a bonus move, a wrong
    /// one gives the opponent one, of the same kinds). The baseline never guesses and never
    /// uncloaks.
    /// The guess the policy makes; one option, as a guess is not a level's to vary.
    fn policy_decisions(
        &self,
        view: &Position<Self>,
        baseline: bool,
        _most: usize,
    ) -> Vec<PolicyOption> {
        let decision = match view.state.phase {
            Phase::Guess if baseline => Some(guess_none()),
            Phase::Uncloak if baseline => Some(done()),
            Phase::Guess => {
                let owner = !view.turn();
                let table = identity_probabilities(view, owner);
                let mut best: Option<(f64, Move)> = None;
                for number in guess_targets(view) {
                    for (index, kind) in IDENTITIES.iter().enumerate() {
                        let p = table[usize::from(number)][index];
                        if best.is_none_or(|(best_p, _)| p > best_p) {
                            best = Some((p, guess(number, *kind)));
                        }
                    }
                }
                Some(match best {
                    Some((p, mv)) if p > GUESS_THRESHOLD => mv,
                    _ => guess_none(),
                })
            }
            _ => None,
        };
        decision
            .map(|decision| PolicyOption { decision, value: 0 })
            .into_iter()
            .collect()
    }

    /// Forgets what was seen of each checker: belief uniform over the 960.
    fn baseline_view(&self, view: &Position<Self>) -> Position<Self> {
        let mut forgetful = view.clone();
        forgetful.state.seen = [[ANY_IDENTITY; 9]; 2];
        forgetful
    }

    fn search_flags(&self) -> SearchFlags {
        // A turn cannot be handed over in its middle. What reads the decisions one and two
        // plies back sees mostly parts of a turn (a guess, the uncloaking); measured at 10 s +
        // 0.1 s, it did not pay here (docs/variants/cloakanddagger.md).
        SearchFlags {
            null_move: false,
            quiescence_plies: Some(8),
            ..SearchFlags::ALL
        }
        .within_turns()
    }

    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        amity_engine::evaluation::balance(pos, side_value)
    }
}

impl Notation for CloakAndDagger {
    fn format_move(&self, mv: Move) -> String {
        match decision(mv) {
            Decision::BonusNone => "bonus:none".into(),
            Decision::GuessNone => "guess:none".into(),
            Decision::Done => "done".into(),
            Decision::DoneKingInCheck(number) => format!("done:{number}=K"),
            Decision::Guess(number, kind) => format!("guess:{number}={}", letter(kind)),
            Decision::Uncloak(number, None) => format!("uncloak:{number}"),
            Decision::Uncloak(number, Some(kind)) => format!("uncloak:{number}={}", letter(kind)),
            Decision::Board(mv) => match mv.flag() {
                MoveFlag::Drop => format!("P@{}", mv.to()),
                MoveFlag::Promotion => format!(
                    "{}{}{}",
                    mv.from(),
                    mv.to(),
                    letter(mv.kind()).to_ascii_lowercase()
                ),
                _ if mv.is_null() => "0000".into(),
                _ => format!("{}{}", mv.from(), mv.to()),
            },
        }
    }
}

impl Presentation for CloakAndDagger {
    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        decision_in_words(seen.before, seen.decision, seen.after)
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let mut text = String::new();
        text.push_str(&format!(
            "Part due: {:?}; reserves White {} Black {}; owed bonus: {}\n",
            state.phase,
            state.reserves[0],
            state.reserves[1],
            state.owed.map_or("none", orthodox::color_name)
        ));
        for owner in [Color::White, Color::Black] {
            let names: Vec<String> = cloaked_checkers(pos, owner)
                .iter()
                .map(|(number, square)| {
                    let shown = pos.piece_at(*square).map_or('?', |p| letter(p.kind));
                    format!("{number}{square}={shown}")
                })
                .collect();
            text.push_str(&format!(
                "{} cloaked: {}\n",
                orthodox::color_name(owner),
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(" ")
                }
            ));
        }
        if let Some(viewer) = state.viewer {
            let owner = !viewer;
            let worlds = belief(pos, owner);
            let table = identity_probabilities(pos, owner);
            text.push_str(&format!(
                "Belief: {} arrangements of {}'s army consistent with what was seen\n",
                worlds.len(),
                orthodox::color_name(owner)
            ));
            let mut entries: Vec<(u8, Square)> = (state.cloaked & pos.color(owner))
                .into_iter()
                .map(|square| (state.number(square), square))
                .collect();
            entries.sort_unstable();
            for (number, square) in entries {
                let odds: Vec<String> = IDENTITIES
                    .iter()
                    .zip(table[usize::from(number)])
                    .map(|(kind, p)| format!("{}={p:.3}", letter(*kind)))
                    .collect();
                text.push_str(&format!(
                    "  checker {number} on {square}: {}\n",
                    odds.join(" ")
                ));
            }
        }
        text
    }

    /// The number of every cloak, in its owner's colour.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<SquareLabel> {
        pos.state
            .cloaked
            .into_iter()
            .map(|square| SquareLabel {
                square,
                text: pos.state.number(square).to_string(),
                owner: pos.piece_at(square).map(|piece| piece.color),
            })
            .collect()
    }

    /// A view's belief about the opponent's cloaks: for each numbered cloak still on the
    /// board, how likely each identity is among the arrangements consistent with the game.
    fn belief_grid(&self, pos: &Position<Self>) -> Option<BeliefGrid> {
        let owner = !pos.state.viewer?;
        let table = identity_probabilities(pos, owner);
        let mut numbers: Vec<u8> = (pos.state.cloaked & pos.color(owner))
            .into_iter()
            .map(|square| pos.state.number(square))
            .collect();
        numbers.sort_unstable();
        Some(BeliefGrid {
            title: format!("{}'s cloaks", orthodox::color_name(owner)),
            rows: numbers.iter().map(|number| number.to_string()).collect(),
            columns: IDENTITIES
                .iter()
                .map(|kind| letter(*kind).to_string())
                .collect(),
            cells: numbers
                .iter()
                .map(|number| table[usize::from(*number)].to_vec())
                .collect(),
        })
    }

    /// A guess at a `?` whose identity the view has not pinned down, or a capture of a `?`
    /// (it may be the king, which ends the game at once).
    fn outcome_hidden(&self, pos: &Position<Self>, mv: Move) -> bool {
        let them = !pos.turn();
        let unknown_at = |square: Square| {
            pos.piece_at(square)
                .is_some_and(|piece| piece.color == them && piece.kind == UNKNOWN)
        };
        match decision(mv) {
            Decision::Guess(number, _) => checker_square(pos, them, number).is_some_and(|square| {
                unknown_at(square) && pos.state.possible(them, number).count_ones() > 1
            }),
            Decision::Board(mv) if mv.flag() != MoveFlag::Castle => unknown_at(mv.to()),
            _ => false,
        }
    }

    /// An uncloaking is announced with the identity it shows (`uncloak:3=Q`). A decision
    /// after which the mover's turn ends because none of its checkers may be uncloaked (its
    /// only one left is its cloaked king, in check, which the listener cannot tell from a `?`)
    /// is announced with that end (`,done:<n>=K`): the listener's view ends the turn too, and
    /// knows what everyone at the table knows, that checker `n` is the king.
    fn announce(&self, pos: &Position<Self>, mv: Move) -> String {
        let mut token = match decision(mv) {
            Decision::Uncloak(number, None) => {
                match checker_square(pos, pos.turn(), number).and_then(|s| pos.piece_at(s)) {
                    Some(piece) if piece.kind != UNKNOWN => {
                        format!("uncloak:{number}={}", letter(piece.kind))
                    }
                    _ => self.format_move(mv),
                }
            }
            _ => self.format_move(mv),
        };
        let mut real = pos.clone();
        self.play(&mut real, mv);
        if real.turn() != pos.turn() && real.state.won.is_none() && !self.is_view(pos) {
            let mut heard = self.view(pos, !pos.turn());
            if let Ok(followed) = amity_engine::game::parse_move(self, &heard, &token) {
                self.play(&mut heard, followed);
                if heard.turn() == pos.turn()
                    && heard.state.phase == Phase::Uncloak
                    && let Some((_, number)) = last_candidate_in_check(&heard)
                {
                    token.push(',');
                    token.push_str(&self.format_move(done_king_in_check(number)));
                }
            }
        }
        token
    }
}

impl Learning for CloakAndDagger {}

impl Solver for CloakAndDagger {
    /// `setup` is the seat's back rank as eight letters, file a to h (`RKRNNBBQ`); the
    /// other side's arrangement is drawn uniformly.
    fn deal_arranged(
        &self,
        seat: Color,
        setup: &str,
        rng: &mut StdRng,
    ) -> Option<Result<Position<Self>, FenError>> {
        let Some(own) = parse_arrangement(setup) else {
            return Some(Err(illegal(format!(
                "'{setup}' is not a Chess960 arrangement (eight letters K Q R R B B N N, the \
                 king between the rooks, the bishops on squares of opposite colours)"
            ))));
        };
        let all = arrangements();
        let other = all[rng.random_range(0..all.len())];
        Some(Ok(match seat {
            Color::White => self.start_from(&own, &other),
            Color::Black => self.start_from(&other, &own),
        }))
    }
}

impl amity_engine::Partner for CloakAndDagger {}

/// The full state `view` stands for when `owner`'s army is `arrangement`.
fn fill_in(
    rules: &CloakAndDagger,
    view: &Position<CloakAndDagger>,
    owner: Color,
    arrangement: &Arrangement,
) -> Position<CloakAndDagger> {
    let mut world = view.clone();
    for square in view.color(owner) & view.state.cloaked {
        let number = view.state.number(square);
        world.replace(
            square,
            Piece::new(owner, arrangement[usize::from(number) - 1]),
        );
    }
    let mut rights = view.castling() & !Bitboard::from_rank(owner.backrank());
    let unmoved = |number: u8| {
        let square = home_square(owner, number);
        view.state.seen[color_index(owner)][usize::from(number)] & MOVED == 0
            && view.state.number(square) == number
            && view.color(owner).contains(square)
    };
    let king_number = arrangement
        .iter()
        .position(|kind| *kind == KING)
        .map(|f| f as u8 + 1);
    if let Some(king_number) = king_number
        && unmoved(king_number)
    {
        for (file, kind) in arrangement.iter().enumerate() {
            let number = file as u8 + 1;
            if *kind == ROOK && unmoved(number) {
                rights.add(home_square(owner, number));
            }
        }
    }
    world.set_castling(rights);
    world.state.viewer = None;
    world.refresh_hash(rules);
    world
}

/// How likely a guess must be right before it is made: a right guess wins one bonus move and
/// a wrong one gives the opponent one, so a guess pays when it is right more often than not.
const GUESS_THRESHOLD: f64 = 0.5;

// ----- evaluation -----

/// What a cloaked piece other than the king is worth beyond its material: the opponent does
/// not know what it attacks, and it can be shown when a check is wanted.
const CLOAK_VALUE: i32 = 15;
/// A cloaked king can be captured by anything that reaches it; each enemy piece attacking it
/// counts this much against its side.
const CLOAKED_KING_ATTACKER: i32 = 120;

fn side_value(pos: &Position<CloakAndDagger>, color: Color) -> i32 {
    let mut value = 0;
    for square in pos.color(color) {
        let Some(piece) = pos.piece_at(square) else {
            continue;
        };
        value += PIECES[piece.kind.index()].value;
        if pos.state.cloaked.contains(square) && piece.kind != KING {
            value += CLOAK_VALUE;
        }
        if piece.kind == PAWN {
            let advance = match color {
                Color::White => square.rank() as i32 - 1,
                Color::Black => 6 - square.rank() as i32,
            };
            value += advance * 4;
        }
    }
    value += i32::from(pos.state.reserves[color_index(color)]) * 60;
    if let Some(king) = (pos.pieces(color, KING) & pos.state.cloaked).first() {
        let occupied = pos.occupied();
        for attacker in pos.color(!color) {
            if let Some(piece) = pos.piece_at(attacker)
                && orthodox::attacks(piece.kind, !color, attacker, occupied).contains(king)
            {
                value -= CLOAKED_KING_ATTACKER;
            }
        }
    }
    value
}

impl fmt::Display for Guess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}{}",
            if self.guesser == Color::White {
                'w'
            } else {
                'b'
            },
            self.number,
            letter(self.kind),
            if self.right { '+' } else { '-' }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_960_distinct_arrangements_with_the_standard_one_among_them() {
        let all = arrangements();
        assert_eq!(all.len(), 960);
        let mut names: Vec<String> = all.iter().map(arrangement_name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 960);
        assert!(parse_arrangement("RNBQKBNR").is_some());
        assert!(parse_arrangement("RKRNNBBQ").is_some());
        assert!(parse_arrangement("KRRNNBBQ").is_none());
    }

    #[test]
    fn the_start_position_round_trips() {
        let pos = Position::from_fen(&CloakAndDagger, START_FEN).expect("start FEN");
        assert_eq!(pos.to_fen(&CloakAndDagger), START_FEN);
        assert_eq!(pos.hash(), pos.fresh_hash(&CloakAndDagger));
    }
}
