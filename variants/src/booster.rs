//! Booster Chess: chess where pieces stand on stacks of checkers placed by playing cards. A
//! piece on its own colour's checkers is boosted (after its move it may spend them on king
//! steps); on the opponent's it is hobbled (it moves like a pawn, a hobbled pawn not at all).
//!
//! A turn is several decisions by one side: the normal move, any steps of the piece just
//! moved, and the closing add (`add:<card>@<square>`) or `pass`, after which the mover draws.
//! [`Rules::play_in`] keeps the side to move until the turn closes, so search and perft see each
//! decision as a ply. The full state (hands, draw pile order, discard pile) is plain data in
//! [`BoosterState`], so a player's view can be derived from it.
//!
//! The rules as implemented, and every ruling made here, are in `docs/variants/booster.md`.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use amity_engine::castling::{Castle, CastlingNotation, push_castlings};
use amity_engine::fen_fields::{self, Parts};
use amity_engine::orthodox::{self, BISHOP, FIDE_PROMOTIONS, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::position::color_index;
use amity_engine::zobrist::StateKeys;
use amity_engine::{
    Bitboard, CardRow, ChanceOutcome, Color, FenError, Game, HiddenDecision, Identity, Kind,
    Learning, Move, MoveError, MoveFlag, MoveList, Notation, Outcome, Piece, Position,
    Presentation, Rank, Rules, RulesExt, Scratch, SearchFlags, Solver, Square, SquareLabel,
};

/// Booster Chess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Booster;

/// Checkers each side owns.
pub const CHECKERS_PER_SIDE: u8 = 6;

/// Cards in the deck.
pub const DECK_SIZE: usize = 36;

/// The standard test deal: the start position, its hands and its draw pile.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
     booster:-:6hKh3sQsKs9c:2d8dTd4s2c8c:9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:-";

// ----- cards -----

/// Card ranks in canonical order; `6` is the checker card, the others name a piece kind.
const RANKS: [char; 10] = ['2', '3', '4', '5', '6', '8', '9', 'T', 'Q', 'K'];

/// Suits in canonical order: hearts and diamonds are White's, spades and clubs Black's.
const SUITS: [char; 4] = ['h', 'd', 's', 'c'];

/// How many ranks each suit has: queens and kings only in hearts and spades.
const SUIT_SIZES: [usize; 4] = [10, 8, 10, 8];

/// One card of the deck, numbered in canonical order (2h = 0 ... Tc = 35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Card(u8);

impl Card {
    /// Every card, in canonical order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }

    /// The card numbered `index` in canonical order.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < DECK_SIZE).then_some(Card(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    fn suit_and_rank(self) -> (usize, usize) {
        let mut index = self.index();
        for (suit, size) in SUIT_SIZES.iter().enumerate() {
            if index < *size {
                return (suit, index);
            }
            index -= size;
        }
        (SUITS.len() - 1, 0)
    }

    /// White's cards are hearts and diamonds.
    pub fn color(self) -> Color {
        if self.suit_and_rank().0 < 2 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The piece kind the card names; `None` for the checker card (a 6), which matches any.
    pub fn kind(self) -> Option<Kind> {
        match RANKS[self.suit_and_rank().1] {
            '2' | '3' | '4' | '5' => Some(PAWN),
            '8' => Some(KNIGHT),
            '9' => Some(BISHOP),
            'T' => Some(ROOK),
            'Q' => Some(QUEEN),
            'K' => Some(KING),
            _ => None,
        }
    }

    /// What the card lets its player do, the same for every card of one colour and kind
    /// (`2h` and `5d` both add under a white pawn): the resource a view's search weighs.
    pub fn effect(self) -> u16 {
        let kind = self.kind().map_or(15, |kind| kind.index() as u16);
        color_index(self.color()) as u16 * 16 + kind
    }

    /// Reads a card written rank then suit (`Kh`, `6c`).
    pub fn parse(text: &str) -> Option<Card> {
        let mut chars = text.chars();
        let (rank, suit, rest) = (chars.next()?, chars.next()?, chars.next());
        if rest.is_some() {
            return None;
        }
        let rank = RANKS.iter().position(|r| *r == rank)?;
        let suit = SUITS.iter().position(|s| *s == suit)?;
        if rank >= SUIT_SIZES[suit] {
            return None;
        }
        let before: usize = SUIT_SIZES[..suit].iter().sum();
        Some(Card((before + rank) as u8))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (suit, rank) = self.suit_and_rank();
        write!(f, "{}{}", RANKS[rank], SUITS[suit])
    }
}

/// A hand: a set of cards (every card is unique, so a set says everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Hand(u64);

impl Hand {
    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in canonical order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        Card::all().filter(move |card| self.contains(*card))
    }
}

/// A pile of cards in order: the draw pile top first, the discard pile oldest first.
pub type Pile = crate::pile::Pile<Card, DECK_SIZE>;

// ----- the state -----

/// The checkers under each square: positive counts are White's checkers, negative Black's
/// (a stack is all of one colour, so one signed number says it, and adding two stacks is
/// exactly cancellation).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stacks([i8; 64]);

impl Default for Stacks {
    fn default() -> Stacks {
        Stacks([0; 64])
    }
}

impl fmt::Debug for Stacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_stacks(self))
    }
}

/// The sign a colour's checkers have in [`Stacks`].
fn sign(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Stacks {
    /// The signed stack on `square`.
    pub fn get(&self, square: Square) -> i8 {
        self.0[square as usize]
    }

    fn set(&mut self, square: Square, stack: i8) {
        self.0[square as usize] = stack;
    }

    /// How many of `color`'s checkers stand on `square` (0 if the stack is the other colour's).
    pub fn of(&self, square: Square, color: Color) -> u8 {
        let stack = self.get(square) * sign(color);
        stack.max(0) as u8
    }

    /// `color`'s checkers on the board.
    pub fn on_board(&self, color: Color) -> u8 {
        self.0
            .iter()
            .map(|stack| (stack * sign(color)).max(0) as u8)
            .sum()
    }

    /// The squares with a stack.
    pub fn squares(&self) -> impl Iterator<Item = (Square, i8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, stack)| **stack != 0)
            .map(|(index, stack)| (Square::new(index as u32), *stack))
    }
}

/// Everything beyond the board: stacks, hands, piles and the piece moving in this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoosterState {
    pub stacks: Stacks,
    /// Hands, White's first.
    pub hands: [Hand; 2],
    /// The draw pile, top first.
    pub draw: Pile,
    /// The discard pile, oldest first.
    pub discard: Pile,
    /// Inside a turn: the square of the piece that made the turn's normal move (it may step);
    /// `None` at the start of a turn.
    pub mid: Option<Square>,
    /// In a view: the cards the viewer cannot see. `None` in a full state.
    pub hidden: Option<Hidden>,
}

/// What a view does not know: how many cards of each hand are unknown (beyond the known ones
/// in [`BoosterState::hands`]) and how many cards the draw pile holds (its order and contents
/// are unknown; [`BoosterState::draw`] stays empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// The seat whose view this is.
    pub viewer: Color,
    /// Unknown cards in each hand, White's first.
    pub hands: [u8; 2],
    /// Cards in the draw pile.
    pub draw: u8,
}

impl BoosterState {
    /// `color`'s checkers in front of it (not on the board).
    pub fn in_front(&self, color: Color) -> u8 {
        CHECKERS_PER_SIDE.saturating_sub(self.stacks.on_board(color))
    }

    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color_index(color)]
    }

    /// How many cards `color` holds, known or not.
    pub fn hand_size(&self, color: Color) -> usize {
        let unknown = self
            .hidden
            .map_or(0, |hidden| hidden.hands[color_index(color)]);
        self.hand(color).len() + usize::from(unknown)
    }

    /// How many cards the draw pile holds, known or not.
    pub fn draw_size(&self) -> usize {
        self.hidden
            .map_or(self.draw.len(), |hidden| usize::from(hidden.draw))
    }

    /// The cards a view has not seen: in no known hand and not on the discard pile (every card
    /// of the deck in a full state is seen).
    pub fn unseen(&self) -> Hand {
        let mut unseen = Hand::default();
        for card in Card::all() {
            unseen.insert(card);
        }
        for card in self.hands[0]
            .cards()
            .chain(self.hands[1].cards())
            .chain(self.draw.cards().iter().copied())
            .chain(self.discard.cards().iter().copied())
        {
            unseen.remove(card);
        }
        unseen
    }
}

/// Whether a reshuffle is under way: the side that just closed its turn holds fewer cards than
/// its checkers in front, which only happens when its draw emptied the pile (a side always
/// ends its turn holding at least that many). Chance then turns the discard pile over card by
/// card.
pub fn reshuffle_pending(pos: &Position<Booster>) -> bool {
    let state = &pos.state;
    let drawer = !pos.turn();
    // A view never waits for chance: it does not know the order the cards take anyway.
    state.hidden.is_none()
        && state.mid.is_none()
        && state.hand(drawer).len() < usize::from(state.in_front(drawer))
}

// ----- geometry -----

/// The square one rank forward from `color`'s side, if on the board.
fn forward(square: Square, color: Color) -> Option<Square> {
    orthodox::shift_forward(Bitboard::from_square(square), color).first()
}

fn king_steps(square: Square) -> Bitboard {
    orthodox::attacks(KING, Color::White, square, Bitboard::EMPTY)
}

/// King-step distance between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

// ----- piece status (rules 2 and 4) -----

/// Whether the piece on `square` (of `color`) stands on the opponent's checkers.
fn is_hobbled(pos: &Position<Booster>, square: Square, color: Color) -> bool {
    pos.state.stacks.of(square, !color) > 0
}

/// Where the piece on `from` may go by its normal move, not counting castling, en passant and
/// the mover's king safety: chess moves for unstacked and boosted pieces, a pawn's single step
/// forward or diagonal capture for hobbled pieces other than pawns, nothing for hobbled pawns.
/// Kings are never captured.
fn normal_targets(pos: &Position<Booster>, from: Square, piece: Piece) -> Bitboard {
    let color = piece.color;
    let occupied = pos.occupied();
    let victims = pos.color(!color) & !pos.kind(KING);
    let hobbled = is_hobbled(pos, from, color);
    if piece.kind == PAWN || hobbled {
        if piece.kind == PAWN && hobbled {
            return Bitboard::EMPTY;
        }
        let mut found = orthodox::pawn_attacks_from(color, from) & victims;
        if let Some(one) = forward(from, color).filter(|s| !occupied.contains(*s)) {
            found.add(one);
            if piece.kind == PAWN
                && from.rank() == color.relative_rank(Rank::Second)
                && let Some(two) = forward(one, color).filter(|s| !occupied.contains(*s))
            {
                found.add(two);
            }
        }
        return found;
    }
    orthodox::attacks(piece.kind, color, from, occupied) & !pos.color(color) & !pos.kind(KING)
}

/// Squares the piece on `square` attacks in the chess sense (rule 8's first way): a hobbled
/// piece attacks like a pawn of its colour, a hobbled pawn nothing.
fn attacks_of(pos: &Position<Booster>, square: Square, piece: Piece) -> Bitboard {
    if is_hobbled(pos, square, piece.color) {
        if piece.kind == PAWN {
            return Bitboard::EMPTY;
        }
        return orthodox::pawn_attacks_from(piece.color, square);
    }
    orthodox::attacks(piece.kind, piece.color, square, pos.occupied())
}

// ----- threats (rule 8) -----

/// Whether side `by` threatens `target`: one of its pieces attacks it, or a boosted piece of
/// it could reach it this turn by a normal move and then paid king steps.
pub fn threatened(pos: &Position<Booster>, target: Square, by: Color) -> bool {
    for square in pos.color(by) {
        let Some(piece) = pos.piece_at(square) else {
            continue;
        };
        if attacks_of(pos, square, piece).contains(target) {
            return true;
        }
    }
    pos.color(by)
        .into_iter()
        .any(|square| reaches_by_steps(pos, square, target, by))
}

/// What capturing the piece on `square` does to a budget of `by`'s checkers: its checkers of
/// `by` join, its other checkers cancel as many.
fn budget_change(pos: &Position<Booster>, square: Square, by: Color) -> i32 {
    i32::from(pos.state.stacks.get(square)) * i32::from(sign(by))
}

/// Rule 8's second way: the boosted piece on `from` makes some normal move to `t` ≠ `target`
/// and then walks king steps to `target`, one checker a step.
fn reaches_by_steps(pos: &Position<Booster>, from: Square, target: Square, by: Color) -> bool {
    let budget = i32::from(pos.state.stacks.of(from, by));
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    if budget == 0 {
        return false;
    }
    // Pieces of the other side, other than kings, may be captured on the way; the ones that
    // carry `by`'s checkers make the budget grow.
    let capturable = pos.color(!by) & !pos.kind(KING);
    let mut gains = Bitboard::EMPTY;
    let mut total_gain = 0;
    for square in capturable {
        let change = budget_change(pos, square, by);
        if change > 0 {
            gains.add(square);
            total_gain += change;
        }
    }
    for t in normal_targets(pos, from, piece) {
        if t == target {
            continue;
        }
        let start = budget + budget_change(pos, t, by);
        if start < 1 || distance(t, target) > start + total_gain {
            continue;
        }
        // The piece has left `from` (now empty) and captured whatever stood on `t`.
        let start_square = Bitboard::from_square(t);
        let walk = Walk {
            pos,
            by,
            target,
            captures: capturable & !start_square,
            passable: (!pos.occupied() | capturable | Bitboard::from_square(from)) & !start_square,
        };
        let found = if gains.is_empty() {
            walk.best_budget_search(t, start)
        } else {
            walk.simple_paths(t, start, start_square, gains & !start_square)
        };
        if found {
            return true;
        }
    }
    false
}

/// A search for a paid king-step path to `target` over `passable` squares.
struct Walk<'a> {
    pos: &'a Position<Booster>,
    by: Color,
    target: Square,
    /// The other side's pieces that a step may capture.
    captures: Bitboard,
    /// Squares a step may land on short of the target: empty, vacated or a capture.
    passable: Bitboard,
}

impl Walk<'_> {
    fn change(&self, square: Square) -> i32 {
        if self.captures.contains(square) {
            budget_change(self.pos, square, self.by)
        } else {
            0
        }
    }

    /// When no capture on the way can raise the budget, the best budget on arrival at each
    /// square decides everything: a detour or revisit never helps, so the largest budget per
    /// square (found best-first) answers exactly as all simple paths would.
    fn best_budget_search(&self, start: Square, budget: i32) -> bool {
        let mut best = [i32::MIN; 64];
        best[start as usize] = budget;
        let mut frontier = vec![(budget, start)];
        while let Some(index) = (0..frontier.len()).max_by_key(|i| frontier[*i].0) {
            let (budget, square) = frontier.swap_remove(index);
            if budget < best[square as usize] || budget < 1 {
                continue;
            }
            for next in king_steps(square) {
                if next == self.target {
                    return true;
                }
                if !self.passable.contains(next) {
                    continue;
                }
                let after = budget - 1 + self.change(next);
                if after > best[next as usize] {
                    best[next as usize] = after;
                    frontier.push((after, next));
                }
            }
        }
        false
    }

    /// Every simple path, when captures on the way may raise the budget (`gains`: the squares
    /// not yet visited whose piece carries the walker's checkers).
    fn simple_paths(
        &self,
        square: Square,
        budget: i32,
        visited: Bitboard,
        gains: Bitboard,
    ) -> bool {
        if budget < 1 {
            return false;
        }
        let still_to_gain: i32 = gains.into_iter().map(|s| self.change(s)).sum();
        if distance(square, self.target) > budget + still_to_gain {
            return false;
        }
        for next in king_steps(square) {
            if next == self.target {
                return true;
            }
            if visited.contains(next) || !self.passable.contains(next) {
                continue;
            }
            let after = budget - 1 + self.change(next);
            let mut left = gains;
            left.discard(next);
            if self.simple_paths(next, after, visited | Bitboard::from_square(next), left) {
                return true;
            }
        }
        false
    }
}

/// Whether `color`'s king is threatened by the other side.
pub fn king_in_danger(pos: &Position<Booster>, color: Color) -> bool {
    pos.pieces(color, KING)
        .first()
        .is_some_and(|king| threatened(pos, king, !color))
}

// ----- moving pieces (rules 6 and 7) -----

/// Moves the piece (with its stack) from `from` to `to`, capturing the piece on `captured`
/// if any, in the order of rule 7: capture (its stack joins), cancellation (the signed sum),
/// promotion, last-rank return. Castling rights of the squares touched end.
fn arrive(
    pos: &mut Position<Booster>,
    from: Square,
    to: Square,
    captured: Square,
    promotion: Option<Kind>,
) {
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    let mut stack = pos.state.stacks.get(from);
    pos.state.stacks.set(from, 0);
    if pos.remove(captured).is_some() {
        stack += pos.state.stacks.get(captured);
        pos.state.stacks.set(captured, 0);
        pos.set_halfmove_clock(0);
    }
    pos.relocate(from, to);
    if let Some(kind) = promotion {
        pos.replace(to, Piece::new(piece.color, kind));
    }
    if to.rank() == piece.color.relative_rank(Rank::Eighth) && stack * sign(piece.color) < 0 {
        stack = 0;
    }
    pos.state.stacks.set(to, stack);
    if piece.kind == PAWN {
        pos.set_halfmove_clock(0);
    }
    let mut lost = Bitboard::from_square(from) | Bitboard::from_square(to);
    if piece.kind == KING {
        lost |= Bitboard::from_rank(if piece.color == Color::White {
            Rank::First
        } else {
            Rank::Eighth
        });
    }
    pos.discard_castling(lost);
}

/// The turn's normal move.
fn play_normal(pos: &mut Position<Booster>, mv: Move) {
    let (from, to) = (mv.from(), mv.to());
    let mover = pos.turn();
    pos.set_halfmove_clock(pos.halfmove_clock() + 1);
    let en_passant = pos.en_passant();
    pos.set_en_passant(None);
    match mv.flag() {
        MoveFlag::Castle => {
            Castle::of_move(pos, mv).play(pos);
            pos.discard_castling(Bitboard::from_rank(from.rank()));
        }
        MoveFlag::EnPassant => {
            let victim = en_passant
                .and_then(|square| forward(square, !mover))
                .unwrap_or(to);
            arrive(pos, from, to, victim, None);
        }
        MoveFlag::Promotion => arrive(pos, from, to, to, Some(mv.kind())),
        _ => {
            let double_step = pos.piece_at(from).is_some_and(|p| p.kind == PAWN)
                && distance(from, to) == 2
                && from.file() == to.file();
            arrive(pos, from, to, to, None);
            if double_step {
                pos.set_en_passant(forward(from, mover));
            }
        }
    }
    pos.state.mid = Some(to);
}

/// A booster step of the turn's piece: one own checker spent (back in front), then the move.
fn play_step(pos: &mut Position<Booster>, mv: Move) {
    let mover = pos.turn();
    let from = mv.from();
    let spent = pos.state.stacks.get(from) - sign(mover);
    pos.state.stacks.set(from, spent);
    pos.set_en_passant(None);
    let promotion = (mv.flag() == MoveFlag::Promotion).then(|| mv.kind());
    arrive(pos, from, mv.to(), mv.to(), promotion);
    pos.state.mid = Some(mv.to());
}

/// The add: the card goes face up onto the discard pile and one of the mover's checkers under
/// the piece (cancelling at once against an opposite stack).
fn play_add(pos: &mut Position<Booster>, card: Card, square: Square) {
    let mover = pos.turn();
    let state = &mut pos.state;
    if state.hand(mover).contains(card) {
        state.hands[color_index(mover)].remove(card);
    } else if let Some(hidden) = &mut state.hidden {
        // In a view, a card the viewer could not see comes out of the unknown part of the hand.
        let unknown = &mut hidden.hands[color_index(mover)];
        *unknown = unknown.saturating_sub(1);
    }
    state.discard.push(card);
    let stack = state.stacks.get(square) + sign(mover);
    state.stacks.set(square, stack);
}

/// Closes the turn: the mover draws, the other side is to move.
fn close_turn(pos: &mut Position<Booster>) {
    let mover = pos.turn();
    pos.state.mid = None;
    pos.end_turn();
    draw_cards(&mut pos.state, mover);
}

/// The mover draws until it holds as many cards as checkers in front, as far as the draw pile
/// goes; a shortfall left is a reshuffle for chance to make ([`reshuffle_pending`]).
fn draw_cards(state: &mut BoosterState, drawer: Color) {
    let wanted = usize::from(state.in_front(drawer));
    if let Some(mut hidden) = state.hidden {
        // A view draws unknown cards; an empty pile is reshuffled at once, in an order the
        // view does not know.
        let known = state.hand(drawer).len();
        let side = color_index(drawer);
        while known + usize::from(hidden.hands[side]) < wanted {
            if hidden.draw == 0 {
                if state.discard.is_empty() {
                    break;
                }
                hidden.draw = state.discard.len() as u8;
                state.discard = Pile::default();
            }
            hidden.draw -= 1;
            hidden.hands[side] += 1;
        }
        state.hidden = Some(hidden);
        return;
    }
    while state.hand(drawer).len() < wanted {
        match state.draw.take_first() {
            Some(card) => state.hands[color_index(drawer)].insert(card),
            None => break,
        }
    }
}

// ----- decisions -----

/// Decisions are told apart by their flag and the moment of the turn: at the start every
/// decision is a normal move; inside it, a `Normal` or `Promotion` move is a step.
fn add_move(card: Card, square: Square) -> Move {
    Move::drop(Kind::new(card.0), square)
}

fn shuffle_move(card: Card) -> Move {
    Move::chance(Square::A1, Square::A1, Kind::new(card.0))
}

fn card_of(mv: Move) -> Card {
    Card(mv.kind().index() as u8 % DECK_SIZE as u8)
}

/// Whether a decision leaves the mover's king safe (rule 9).
fn keeps_king_safe(pos: &Position<Booster>, mv: Move) -> bool {
    let mut after = pos.clone();
    Booster.play(&mut after, mv);
    !king_in_danger(&after, pos.turn())
}

/// The pseudo-legal normal moves of the side to move, castling included.
fn normal_moves(pos: &Position<Booster>, moves: &mut MoveList) {
    let us = pos.turn();
    for from in pos.ours() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let hobbled = is_hobbled(pos, from, us);
        for to in normal_targets(pos, from, piece) {
            if piece.kind == PAWN && to.rank() == us.relative_rank(Rank::Eighth) {
                for kind in FIDE_PROMOTIONS {
                    moves.push(Move::promotion(from, to, kind));
                }
            } else {
                moves.push(Move::normal(from, to));
            }
        }
        // En passant by a pawn (not hobbled) or by a hobbled piece, both moving like pawns.
        let moves_like_pawn = (piece.kind == PAWN) != hobbled;
        if moves_like_pawn
            && let Some(square) = pos.en_passant()
            && orthodox::pawn_attacks_from(us, from).contains(square)
            && !pos.occupied().contains(square)
            && forward(square, !us).is_some_and(|victim| pos.pieces(!us, PAWN).contains(victim))
        {
            moves.push(Move::en_passant(from, square));
        }
    }
    castling_moves(pos, moves);
}

/// Castling (rule 10): chess's conditions, king and rook on no checkers, and the king's
/// squares not threatened in the sense of rule 8 before the move.
fn castling_moves(pos: &Position<Booster>, moves: &mut MoveList) {
    let us = pos.turn();
    let Some(king) = pos.pieces(us, KING).first() else {
        return;
    };
    if pos.state.stacks.get(king) != 0 {
        return;
    }
    let rooks = pos.castling() & pos.pieces(us, ROOK);
    let notation = CastlingNotation::KingMove;
    push_castlings(king, rooks, pos.occupied(), notation, moves, |castle| {
        pos.state.stacks.get(castle.rook) == 0
            && !(castle.king_path() | king)
                .into_iter()
                .any(|square| threatened(pos, square, !us))
    });
}

/// The steps of the piece on `from` (rule 3b), when it stands on the mover's checkers.
fn step_moves(pos: &Position<Booster>, from: Square, moves: &mut MoveList) {
    let us = pos.turn();
    let Some(piece) = pos.piece_at(from) else {
        return;
    };
    if piece.color != us || pos.state.stacks.of(from, us) == 0 {
        return;
    }
    let targets = king_steps(from) & !pos.ours() & !pos.kind(KING);
    for to in targets {
        if piece.kind == PAWN && to.rank() == us.relative_rank(Rank::Eighth) {
            for kind in FIDE_PROMOTIONS {
                moves.push(Move::promotion(from, to, kind));
            }
        } else {
            moves.push(Move::normal(from, to));
        }
    }
}

/// The pieces a card lets its player add a checker under (rule 5).
pub fn matching_pieces(pos: &Position<Booster>, card: Card) -> Bitboard {
    let owner = card.color();
    match card.kind() {
        Some(kind) if pos.pieces(owner, kind).any() => pos.pieces(owner, kind),
        _ => pos.color(owner),
    }
}

fn add_moves(pos: &Position<Booster>, moves: &mut MoveList) {
    let us = pos.turn();
    if pos.state.in_front(us) == 0 {
        return;
    }
    let mut cards = pos.state.hand(us);
    if pos
        .state
        .hidden
        .is_some_and(|hidden| hidden.hands[color_index(us)] > 0)
    {
        // In a view, a hand with unknown cards may hold any card the view has not seen.
        for card in pos.state.unseen().cards() {
            cards.insert(card);
        }
    }
    for card in cards.cards() {
        for square in matching_pieces(pos, card) {
            moves.push(add_move(card, square));
        }
    }
}

// ----- FEN -----

fn illegal(why: impl Into<String>) -> FenError {
    FenError::Illegal(why.into())
}

fn parse_cards(text: &str, what: &str) -> Result<Vec<Card>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let field = format!("booster {what}");
    if !text.is_ascii() || !text.len().is_multiple_of(2) {
        return Err(fen_fields::expected(
            field,
            "cards of two letters each, - for none",
            text,
        ));
    }
    (0..text.len())
        .step_by(2)
        .map(|at| {
            let name = &text[at..at + 2];
            Card::parse(name)
                .ok_or_else(|| fen_fields::expected(field.as_str(), "cards (e.g. 6h)", name))
        })
        .collect()
}

/// Splits a view's hand or pile, `<known cards>?<count>`, into the known cards (`-` when none)
/// and the count of unknown ones (`None` without a `?`).
fn split_unknown<'a>(text: &'a str, what: &str) -> Result<(&'a str, Option<u8>), FenError> {
    let Some((known, count)) = text.split_once('?') else {
        return Ok((text, None));
    };
    let count = fen_fields::number(
        &format!("booster {what}'s number of unknown cards (after ?)"),
        count,
        0..=DECK_SIZE as u8,
    )?;
    Ok((if known.is_empty() { "-" } else { known }, Some(count)))
}

fn parse_stacks(text: &str) -> Result<Stacks, FenError> {
    let mut stacks = Stacks::default();
    for entry in fen_fields::list(text) {
        let bad =
            || fen_fields::expected("booster stack", "<square><w|b><count>, e.g. e4w2", entry);
        if !entry.is_ascii() || entry.len() < 4 {
            return Err(bad());
        }
        let square = Square::from_ascii(&entry.as_bytes()[..2]).map_err(|_| bad())?;
        let color = fen_fields::side("booster stack's colour", &entry[2..3]).map_err(|_| bad())?;
        let count: i8 = entry[3..].parse().map_err(|_| bad())?;
        let count = fen_fields::number(
            "booster stack's checkers",
            &count.to_string(),
            1..=CHECKERS_PER_SIDE as i8,
        )?;
        if stacks.get(square) != 0 {
            return Err(fen_fields::expected(
                "booster stacks",
                format!("each square once ({square} given twice)"),
                text,
            ));
        }
        stacks.set(square, count * sign(color));
    }
    Ok(stacks)
}

fn write_stacks(stacks: &Stacks) -> String {
    let mut out = String::new();
    fen_fields::write_list(
        &mut out,
        stacks.squares().map(|(square, stack)| {
            let color = if stack > 0 { 'w' } else { 'b' };
            format!("{square}{color}{}", stack.unsigned_abs())
        }),
    );
    out
}

amity_engine::state_keys! {
    /// A stack: `square * 12 + colour * 6 + count - 1`.
    KEY_STACKS: 64 * 12;
    /// A card in a hand: `holder * 36 + card`.
    KEY_HANDS: 2 * DECK_SIZE;
    /// A card in the draw pile, mixed with its place in the pile.
    KEY_DRAW: DECK_SIZE;
    /// A card in the discard pile, mixed with its place in the pile.
    KEY_DISCARD: DECK_SIZE;
    /// The square of the piece moving inside a turn.
    KEY_MID: 64;
    /// The viewer of a view, mixed with the unknown counts.
    KEY_HIDDEN: 2;
}

/// A key for `card` at place `place` of a pile: order matters, so the card's key is mixed with
/// its place (SplitMix64's finaliser keeps the keys independent).
fn pile_key(keys: StateKeys, card: Card, place: usize) -> u64 {
    mix(keys.key(card.index()) ^ (place as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// SplitMix64's finaliser: keys mixed with a number stay independent.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

// ----- the rules -----

impl Rules for Booster {
    type State = BoosterState;

    fn identity(&self) -> Identity {
        Identity::new("booster", START_FEN, &orthodox::STANDARD_PIECES)
    }

    /// One field, `booster:<stacks>:<White's hand>:<Black's hand>:<draw pile>:<discard pile>`,
    /// with `:mid=<square>` appended inside a turn.
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let shape = "<stacks>:<white hand>:<black hand>:<draw>:<discard>";
        let mut parts = Parts::only(fields, "booster", shape, 5..=6)?;
        let turn = pos.turn();
        let state = &mut pos.state;
        state.stacks = parse_stacks(parts.next_part())?;
        state.hidden = None;
        let mut unknown_hands = [None, None];
        let mut unknown_draw = None;
        let mut seen = Hand::default();
        let mut take = |cards: Vec<Card>, what: &str| -> Result<Vec<Card>, FenError> {
            for card in &cards {
                if seen.contains(*card) {
                    return Err(illegal(format!("card {card} appears twice ({what})")));
                }
                seen.insert(*card);
            }
            Ok(cards)
        };
        for (holder, what) in [(0, "White's hand"), (1, "Black's hand")] {
            let text = parts.next_part();
            let (known, unknown) = split_unknown(text, what)?;
            unknown_hands[holder] = unknown;
            let mut hand = Hand::default();
            for card in take(parse_cards(known, what)?, what)? {
                hand.insert(card);
            }
            state.hands[holder] = hand;
        }
        state.draw = Pile::default();
        let draw_text = parts.next_part();
        let (known_draw, unknown) = split_unknown(draw_text, "draw pile")?;
        if unknown.is_some() {
            if known_draw != "-" {
                return Err(fen_fields::expected(
                    "booster draw pile",
                    "?<count> alone in a view",
                    draw_text,
                ));
            }
            unknown_draw = unknown;
        }
        for card in take(parse_cards(known_draw, "draw pile")?, "draw pile")? {
            state.draw.push(card);
        }
        state.discard = Pile::default();
        for card in take(
            parse_cards(parts.next_part(), "discard pile")?,
            "discard pile",
        )? {
            state.discard.push(card);
        }
        let hidden_count = unknown_hands.iter().flatten().sum::<u8>() as usize
            + unknown_draw.map_or(0, usize::from);
        let is_view = unknown_hands.iter().any(Option::is_some) || unknown_draw.is_some();
        if is_view {
            if seen.len() + hidden_count != DECK_SIZE {
                return Err(illegal(format!(
                    "the view accounts for {} cards (seen {}, unknown {hidden_count}); the deck \
                     has {DECK_SIZE}",
                    seen.len() + hidden_count,
                    seen.len()
                )));
            }
            // The viewer is the side whose hand is shown in full; with both hands partly
            // unknown, the side to move (the one deciding from the view).
            let viewer = match unknown_hands {
                [None, Some(_)] => Color::White,
                [Some(_), None] => Color::Black,
                _ => turn,
            };
            state.hidden = Some(Hidden {
                viewer,
                hands: [unknown_hands[0].unwrap_or(0), unknown_hands[1].unwrap_or(0)],
                draw: unknown_draw.unwrap_or(0),
            });
        } else if seen.len() != DECK_SIZE {
            let missing: Vec<String> = Card::all()
                .filter(|card| !seen.contains(*card))
                .map(|card| card.to_string())
                .collect();
            return Err(illegal(format!(
                "cards missing from hands and piles: {}",
                missing.join("")
            )));
        }
        state.mid = match parts.optional() {
            None => None,
            Some(text) => {
                let name = text.strip_prefix("mid=").ok_or_else(|| {
                    fen_fields::expected("booster end", "mid=<square> inside a turn", text)
                })?;
                Some(fen_fields::square("booster mid", name)?)
            }
        };
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let state = &pos.state;
        out.push_str(" booster:");
        out.push_str(&write_stacks(&state.stacks));
        for color in [Color::White, Color::Black] {
            out.push(':');
            let hand = state.hand(color);
            match state.hidden {
                // A view writes the unknown part of a hand as ?<count>, and the opponent's
                // hand that way always (?0 when empty).
                Some(hidden) => {
                    let unknown = hidden.hands[color_index(color)];
                    if unknown > 0 || color != hidden.viewer {
                        for card in hand.cards() {
                            out.push_str(&card.to_string());
                        }
                        out.push_str(&format!("?{unknown}"));
                    } else {
                        fen_fields::write_run(out, hand.cards());
                    }
                }
                None => fen_fields::write_run(out, hand.cards()),
            }
        }
        out.push(':');
        match state.hidden {
            Some(hidden) => out.push_str(&format!("?{}", hidden.draw)),
            None => fen_fields::write_run(out, state.draw.cards()),
        }
        out.push(':');
        fen_fields::write_run(out, state.discard.cards());
        if let Some(square) = state.mid {
            out.push_str(&format!(":mid={square}"));
        }
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let kings = pos.pieces(color, KING).count();
            if kings != 1 {
                return Err(illegal(format!(
                    "{} has {kings} kings, needs exactly one",
                    orthodox::color_name(color)
                )));
            }
            if (pos.pieces(color, PAWN) & Bitboard::from_rank(color.relative_rank(Rank::Eighth)))
                .any()
            {
                return Err(illegal(format!(
                    "a {} pawn stands on its last rank",
                    orthodox::color_name(color).to_lowercase()
                )));
            }
            let on_board = pos.state.stacks.on_board(color);
            if on_board > CHECKERS_PER_SIDE {
                return Err(illegal(format!(
                    "{on_board} {} checkers on the board, a side has {CHECKERS_PER_SIDE}",
                    orthodox::color_name(color).to_lowercase()
                )));
            }
        }
        if let Some((square, _)) = pos
            .state
            .stacks
            .squares()
            .find(|(square, _)| !pos.occupied().contains(*square))
        {
            return Err(illegal(format!("a stack on {square} with no piece on it")));
        }
        for right in pos.castling() {
            let color = amity_engine::castling::right_owner(right);
            let king_home = Square::from_coords(amity_engine::File::E, right.rank());
            let corner =
                right.file() == amity_engine::File::A || right.file() == amity_engine::File::H;
            if !(corner
                && (right.rank() == Rank::First || right.rank() == Rank::Eighth)
                && pos.pieces(color, ROOK).contains(right)
                && pos.pieces(color, KING).contains(king_home))
            {
                return Err(FenError::Castling(format!(
                    "no {} king on {king_home} and rook on {right} for that right",
                    orthodox::color_name(color).to_lowercase()
                )));
            }
        }
        let us = pos.turn();
        let mid = pos.state.mid;
        if let Some(square) = mid
            && !pos.ours().contains(square)
        {
            return Err(illegal(format!(
                "mid={square}: no piece of the side to move there"
            )));
        }
        if let Some(square) = pos.en_passant() {
            // The side that double-stepped: the mover inside its turn, else the other side.
            let stepper = if mid.is_some() { us } else { !us };
            let plausible = forward(square, !stepper).is_some_and(|origin| {
                origin.rank() == stepper.relative_rank(Rank::Second)
                    && !pos.occupied().contains(origin)
            }) && !pos.occupied().contains(square)
                && forward(square, stepper)
                    .is_some_and(|pawn| pos.pieces(stepper, PAWN).contains(pawn));
            if !plausible {
                return Err(FenError::EnPassant(format!(
                    "no {} pawn can just have passed {square}",
                    orthodox::color_name(stepper).to_lowercase()
                )));
            }
        }
        let drawer = !us;
        if mid.is_none() && pos.state.hidden.is_some() {
            // A view has no reshuffle to wait for: a hand short of its draw draws now.
            draw_cards(&mut pos.state, drawer);
        }
        if mid.is_none()
            && pos.state.hand_size(drawer) < usize::from(pos.state.in_front(drawer))
            && pos.state.discard.is_empty()
            && pos.state.draw_size() == 0
        {
            return Err(illegal(format!(
                "{} drew last and holds fewer cards than checkers in front of it",
                orthodox::color_name(drawer)
            )));
        }
        // The side not to move may be threatened: an add needs no test (docs), and hobbling an
        // enemy piece makes it attack like a pawn, perhaps next to the adder's king.
        if mid.is_some() && king_in_danger(pos, us) {
            return Err(illegal(format!(
                "{} is in check inside its own turn",
                orthodox::color_name(us)
            )));
        }
        Ok(())
    }

    fn state_hash(&self, state: &BoosterState) -> u64 {
        let mut hash = 0;
        for (square, stack) in state.stacks.squares() {
            let color = usize::from(stack < 0);
            let count = usize::from(stack.unsigned_abs()).clamp(1, 6);
            hash ^= KEY_STACKS.key(square as usize * 12 + color * 6 + count - 1);
        }
        for (holder, hand) in state.hands.iter().enumerate() {
            for card in hand.cards() {
                hash ^= KEY_HANDS.key(holder * DECK_SIZE + card.index());
            }
        }
        for (place, card) in state.draw.cards().iter().enumerate() {
            hash ^= pile_key(KEY_DRAW, *card, place);
        }
        for (place, card) in state.discard.cards().iter().enumerate() {
            hash ^= pile_key(KEY_DISCARD, *card, place);
        }
        if let Some(square) = state.mid {
            hash ^= KEY_MID.key(square as usize);
        }
        if let Some(hidden) = state.hidden {
            let counts = u64::from(hidden.hands[0])
                | u64::from(hidden.hands[1]) << 8
                | u64::from(hidden.draw) << 16;
            hash ^= mix(KEY_HIDDEN.key(color_index(hidden.viewer)) ^ counts);
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if reshuffle_pending(pos) {
            return;
        }
        let mut candidates = MoveList::new();
        match pos.state.mid {
            None => normal_moves(pos, &mut candidates),
            Some(square) => step_moves(pos, square, &mut candidates),
        }
        for &mv in candidates.iter() {
            if keeps_king_safe(pos, mv) {
                moves.push(mv);
            }
        }
        if pos.state.mid.is_some() {
            // The add and the draw never endanger the mover's king (rule 9).
            add_moves(pos, moves);
            moves.push(Move::pass());
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| match mv.flag() {
            MoveFlag::Chance => {
                let card = card_of(mv);
                let drawer = !pos.turn();
                let state = &mut pos.state;
                if state.discard.take(card) {
                    state.draw.push(card);
                }
                if state.discard.is_empty() {
                    draw_cards(state, drawer);
                }
            }
            MoveFlag::Drop => {
                play_add(pos, card_of(mv), mv.to());
                close_turn(pos);
            }
            MoveFlag::Pass => close_turn(pos),
            _ if pos.state.mid.is_some() => play_step(pos, mv),
            _ => play_normal(pos, mv),
        });
    }

    fn play_null(&self, pos: &mut Position<Self>) {
        // Never called (null move is off): a turn cannot be handed over without its draw.
        let _ = pos;
    }

    fn in_check(&self, pos: &Position<Self>) -> bool {
        king_in_danger(pos, pos.turn())
    }

    /// Pawns step backwards too, so a pawn move (which resets the clock) can be undone and
    /// repetition must look at the whole game.
    fn draw_rules(&self) -> amity_engine::DrawRules {
        amity_engine::DrawRules::CHESS_REVERSIBLE
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::checkmate_or_stalemate(pos.turn(), self.in_check(pos))
    }

    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if !reshuffle_pending(pos) {
            return false;
        }
        for card in pos.state.discard.cards() {
            outcomes.push(ChanceOutcome {
                outcome: shuffle_move(*card),
                weight: 1,
            });
        }
        true
    }

    /// The pile is turned over unshuffled: the oldest discarded card becomes the top.
    fn perft_chance(&self, pos: &Position<Self>) -> Option<Move> {
        if !reshuffle_pending(pos) {
            return None;
        }
        pos.state
            .discard
            .cards()
            .first()
            .map(|card| shuffle_move(*card))
    }

    fn hides_information(&self) -> bool {
        true
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        pos.state.hidden.is_some()
    }

    /// `seat` sees the board, every stack, its own hand and the discard pile; the other hand
    /// and the draw pile become counts. A reshuffle still under way is finished first (the
    /// view cannot know the order it makes).
    fn view(&self, pos: &Position<Self>, seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        view.update_state(self, |view| {
            let state = &mut view.state;
            if reshuffle_pending(pos) {
                let turned: Vec<Card> = state.discard.cards().to_vec();
                state.discard = Pile::default();
                for card in turned {
                    state.draw.push(card);
                }
            }
            let mut hidden = state.hidden.unwrap_or(Hidden {
                viewer: seat,
                hands: [0, 0],
                draw: 0,
            });
            hidden.viewer = seat;
            let other = color_index(!seat);
            hidden.hands[other] += state.hands[other].len() as u8;
            state.hands[other] = Hand::default();
            hidden.draw += state.draw.len() as u8;
            state.draw = Pile::default();
            state.hidden = Some(hidden);
            if state.mid.is_none() {
                draw_cards(state, !pos.turn());
            }
        });
        view
    }

    /// The unseen cards, shuffled, fill the unknown parts of the hands (White's first) and
    /// then the draw pile from the top: every deal consistent with the view is equally likely.
    /// An add with a card the mover holds is certain. One with a card it may hold among its
    /// unknown ones is as likely as its holding some card of that effect: the unknown cards
    /// are drawn from every card the view has not seen, alike. Only the first such card of
    /// each effect is weighed, and none of an effect it surely holds.
    fn hidden_decision(&self, pos: &Position<Self>, decision: Move) -> HiddenDecision {
        let Some(hidden) = pos.state.hidden else {
            return HiddenDecision::Certain;
        };
        if decision.flag() != MoveFlag::Drop {
            return HiddenDecision::Certain;
        }
        let mover = pos.turn();
        let card = card_of(decision);
        let hand = pos.state.hand(mover);
        if hand.contains(card) {
            return HiddenDecision::Certain;
        }
        let effect = card.effect();
        if hand.cards().any(|held| held.effect() == effect) {
            return HiddenDecision::Duplicate;
        }
        let unseen = pos.state.unseen();
        let mut alike = unseen.cards().filter(|other| other.effect() == effect);
        if alike.next() != Some(card) {
            return HiddenDecision::Duplicate;
        }
        let of_effect = 1 + alike.count();
        let pool = unseen.len();
        let unknown = usize::from(hidden.hands[color_index(mover)]);
        // The chance that none of the unknown cards has the effect, drawn without putting back.
        let mut none = 1.0;
        for drawn in 0..unknown.min(pool) {
            none *= (pool - of_effect).saturating_sub(drawn) as f64 / (pool - drawn) as f64;
        }
        HiddenDecision::Chance {
            resource: effect,
            probability: 1.0 - none,
        }
    }

    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        let Some(hidden) = view.state.hidden else {
            return view.clone();
        };
        let mut world = view.clone();
        world.update_state(self, |world| {
            let mut unseen: Vec<Card> = view.state.unseen().cards().collect();
            unseen.shuffle(rng);
            let mut cards = unseen.into_iter();
            let state = &mut world.state;
            for color in [Color::White, Color::Black] {
                for card in cards
                    .by_ref()
                    .take(usize::from(hidden.hands[color_index(color)]))
                {
                    state.hands[color_index(color)].insert(card);
                }
            }
            state.draw = Pile::default();
            for card in cards {
                state.draw.push(card);
            }
            state.hidden = None;
        });
        world
    }

    /// A shuffled deck: six cards to each side, the rest the draw pile.
    fn deal(&self, rng: &mut StdRng) -> Option<Position<Self>> {
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(rng);
        let mut start = Position::from_fen(self, START_FEN).ok()?;
        start.update_state(self, |start| {
            let state = &mut start.state;
            state.hands = [Hand::default(), Hand::default()];
            state.draw = Pile::default();
            for (place, card) in deck.into_iter().enumerate() {
                match place {
                    0..6 => state.hands[0].insert(card),
                    6..12 => state.hands[1].insert(card),
                    _ => state.draw.push(card),
                }
            }
        });
        Some(start)
    }

    fn search_flags(&self) -> SearchFlags {
        // Handing the turn over skips a draw and breaks a turn in the middle. Nodes buy
        // Booster strength up to about a million a decision and little past it, so its
        // levels start below the reference search (1500 spends a quarter of it) and stretch
        // past the knee: the self-play ladder's fit (docs/strength-levels.md).
        SearchFlags {
            null_move: false,
            view_search: true,
            opponents_secrets: true,
            strength: amity_engine::search::StrengthScale::new(44)
                .past_the_knee(31)
                .with_reference(1588),
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        amity_engine::evaluation::balance(pos, side_value)
    }
}

impl Notation for Booster {
    /// `shuffle:<card>` places that card next in the new draw pile; a whole `shuffle:<cards>`
    /// token is read here when one card is left to place (see [`play_record_token`] for the
    /// rest).
    fn parse_written(&self, pos: &Position<Self>, token: &str) -> Option<Move> {
        let card = Card::parse(token.strip_prefix("shuffle:")?)?;
        (reshuffle_pending(pos) && pos.state.discard.cards().contains(&card))
            .then(|| shuffle_move(card))
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            MoveFlag::Drop => format!("add:{}@{}", card_of(mv), mv.to()),
            MoveFlag::Pass => "pass".into(),
            MoveFlag::Chance => format!("shuffle:{}", card_of(mv)),
            MoveFlag::Promotion => format!(
                "{}{}{}",
                mv.from(),
                mv.to(),
                orthodox::STANDARD_PIECES[mv.kind().index() % 6]
                    .symbol
                    .to_lowercase()
            ),
            _ if mv.is_null() => "0000".into(),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for Booster {
    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        let mv = seen.decision;
        match mv.flag() {
            MoveFlag::Drop => Some(format!(
                "play the {} card: a checker under the piece on {}",
                card_of(mv),
                mv.to()
            )),
            MoveFlag::Pass => Some("no card played".into()),
            MoveFlag::Chance => Some("the discard pile is shuffled into a new draw pile".into()),
            _ => None,
        }
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let mut text = String::new();
        text.push_str(&format!("Stacks: {}\n", write_stacks(&state.stacks)));
        for color in [Color::White, Color::Black] {
            let mut hand = String::new();
            fen_fields::write_run(&mut hand, state.hand(color).cards());
            let unknown = state.hidden.map_or(0, |h| h.hands[color_index(color)]);
            if unknown > 0 {
                hand = if state.hand(color).is_empty() {
                    format!("{unknown} unseen cards")
                } else {
                    format!("{hand} and {unknown} unseen cards")
                };
            }
            text.push_str(&format!(
                "{} holds {hand} ({} cards), {} checkers in front\n",
                orthodox::color_name(color),
                state.hand_size(color),
                state.in_front(color)
            ));
        }
        let mut draw = String::new();
        match state.hidden {
            Some(_) => draw.push_str("unseen"),
            None => fen_fields::write_run(&mut draw, state.draw.cards()),
        }
        let mut discard = String::new();
        fen_fields::write_run(&mut discard, state.discard.cards());
        text.push_str(&format!(
            "Draw pile ({} cards, top first): {draw}\nDiscard pile ({} cards, oldest first): {discard}\n",
            state.draw_size(),
            state.discard.len()
        ));
        match state.mid {
            Some(square) => text.push_str(&format!(
                "Inside the turn: the piece on {square} has moved; steps, an add or pass\n"
            )),
            None if reshuffle_pending(pos) => {
                text.push_str("Reshuffle under way: the discard pile becomes the draw pile\n")
            }
            None => {}
        }
        text
    }

    /// Each stack of checkers, as its height in its owner's colour.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<SquareLabel> {
        pos.state
            .stacks
            .squares()
            .map(|(square, stack)| SquareLabel {
                square,
                text: format!("{}", stack.unsigned_abs()),
                owner: Some(if stack > 0 {
                    Color::White
                } else {
                    Color::Black
                }),
            })
            .collect()
    }

    /// Both hands (the other's unseen cards as `?`), the draw pile face down and the discard
    /// pile, oldest first.
    fn card_rows(&self, pos: &Position<Self>) -> Vec<CardRow> {
        let state = &pos.state;
        let mut rows = Vec::new();
        for color in [Color::White, Color::Black] {
            let mut cards: Vec<String> = state
                .hand(color)
                .cards()
                .map(|card| card.to_string())
                .collect();
            let known = cards.len();
            cards.extend((known..state.hand_size(color)).map(|_| "?".to_string()));
            rows.push(CardRow {
                title: format!("{}'s hand", orthodox::color_name(color)),
                owner: Some(color),
                cards,
            });
        }
        let draw: Vec<String> = match state.hidden {
            Some(_) => (0..state.draw_size()).map(|_| "?".to_string()).collect(),
            None => state
                .draw
                .cards()
                .iter()
                .map(|card| card.to_string())
                .collect(),
        };
        rows.push(CardRow {
            title: "draw pile".into(),
            owner: None,
            cards: draw,
        });
        rows.push(CardRow {
            title: "discard pile".into(),
            owner: None,
            cards: state
                .discard
                .cards()
                .iter()
                .map(|card| card.to_string())
                .collect(),
        });
        rows
    }
}

impl Learning for Booster {}

impl Solver for Booster {}

impl amity_engine::Partner for Booster {}

// ----- evaluation -----

/// Centipawns a checker under one's own piece adds (a step it can pay for).
const BOOSTED_CHECKER: i32 = 35;
/// Share (in percent) of its value a hobbled piece other than a pawn keeps: it moves like a
/// pawn until freed.
const HOBBLED_SHARE: i32 = 35;
/// A checker in front of its owner: a future add (and a card drawn).
const CHECKER_IN_FRONT: i32 = 10;
/// A card in hand: a choice of adds.
const CARD_IN_HAND: i32 = 3;

fn side_value(pos: &Position<Booster>, color: Color) -> i32 {
    let mut value = 0;
    for square in pos.color(color) {
        let Some(piece) = pos.piece_at(square) else {
            continue;
        };
        let base = orthodox::STANDARD_PIECES[piece.kind.index()].value;
        let base = if piece.kind == KING { 0 } else { base };
        let own = i32::from(pos.state.stacks.of(square, color));
        value += if is_hobbled(pos, square, color) && piece.kind != PAWN {
            base * HOBBLED_SHARE / 100
        } else {
            base + own * BOOSTED_CHECKER
        };
    }
    value += i32::from(pos.state.in_front(color)) * CHECKER_IN_FRONT;
    value + pos.state.hand_size(color) as i32 * CARD_IN_HAND
}

// ----- records -----

/// Why a `shuffle:<cards>` token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleError(pub String);

impl fmt::Display for ShuffleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad shuffle token: {}", self.0)
    }
}

impl std::error::Error for ShuffleError {}

/// The chance decisions a `shuffle:<cards>` token makes: one per card, top first. The cards
/// must be exactly the ones still to be placed (the discard pile) while a reshuffle is under
/// way.
pub fn shuffle_moves(pos: &Position<Booster>, token: &str) -> Result<Vec<Move>, ShuffleError> {
    let text = token
        .strip_prefix("shuffle:")
        .ok_or_else(|| ShuffleError(format!("'{token}' does not start with shuffle:")))?;
    if !reshuffle_pending(pos) {
        return Err(ShuffleError(format!(
            "'{token}': no draw is waiting for a reshuffle"
        )));
    }
    let cards = parse_cards(text, "shuffle").map_err(|error| ShuffleError(error.to_string()))?;
    let mut expected: Vec<Card> = pos.state.discard.cards().to_vec();
    let mut given = cards.clone();
    expected.sort();
    given.sort();
    if expected != given {
        return Err(ShuffleError(format!(
            "'{token}' must list exactly the discard pile's {} cards",
            expected.len()
        )));
    }
    Ok(cards.into_iter().map(shuffle_move).collect())
}

/// Plays one token of a game record: a whole turn (`d4f5,f5e5,add:Kh@e1`; without its closing
/// add or `pass` it is read as closed by `pass`) or a `shuffle:<cards>` token, which must
/// come right after the turn whose draw needed it. A turn token that comes while a reshuffle
/// is still owed first turns the discard pile over (the record gave no order). On error the
/// game is left as it was.
pub fn play_record_token(game: &mut Game<Booster>, token: &str) -> Result<(), MoveError> {
    if token.starts_with("shuffle:") {
        let moves = shuffle_moves(game.position(), token)
            .map_err(|error| MoveError::Illegal(error.to_string()))?;
        for mv in moves {
            game.play_unchecked(mv);
        }
        return Ok(());
    }
    let mark = game.moves().len();
    turn_over_owed_pile(game);
    let played = game.play_token(token).and_then(|_| {
        if game.position().state.mid.is_some() {
            game.play_token("pass")?;
        }
        Ok(())
    });
    if played.is_err() {
        while game.moves().len() > mark {
            game.undo();
        }
    }
    played
}

/// Completes a reshuffle the record left unordered: the discard pile turned over as it lies
/// (the convention perft uses too).
pub fn turn_over_owed_pile(game: &mut Game<Booster>) {
    while let Some(mv) = Booster.perft_chance(game.position()) {
        game.play_unchecked(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_write_in_canonical_order() {
        let names: Vec<String> = Card::all().map(|card| card.to_string()).collect();
        assert_eq!(names.len(), DECK_SIZE);
        assert_eq!(names[0], "2h");
        assert_eq!(names[9], "Kh");
        assert_eq!(names[17], "Td");
        assert_eq!(names[35], "Tc");
        for card in Card::all() {
            assert_eq!(Card::parse(&card.to_string()), Some(card));
        }
        assert_eq!(Card::parse("Qd"), None);
        assert_eq!(Card::parse("7h"), None);
    }

    #[test]
    fn start_position_round_trips() {
        let pos = Position::from_fen(&Booster, START_FEN).expect("start FEN");
        assert_eq!(pos.to_fen(&Booster), START_FEN);
        assert_eq!(pos.hash(), pos.fresh_hash(&Booster));
        assert_eq!(pos.state.in_front(Color::White), 6);
    }
}
