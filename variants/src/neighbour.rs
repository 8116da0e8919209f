//! Neighbour Chess Solitaire: one player, a piece deck and a position deck. Each add turns the
//! top card of both: the piece lands that many squares right (red) or up (black) of the piece
//! added last, wrapping round the edge, or on the nearest free square round a taken landing
//! square. Once the player stops adding, a piece moves with the move of a same-coloured
//! neighbour, one card a move, until all pieces stand in one group (diagonals count). The
//! score is the cards left. This module owns the decks, the adds and the choice of square,
//! stopping, the moves, the end, the FEN with both piles and the view, in which the piles'
//! contents are known and their order is not.
//!
//! The game has one seat: White is always to move (the FEN's `w - - 0 1` never changes), a
//! connected group is a win for White and a lost game a win for Black. The rules as
//! implemented are in `docs/variants/neighbour.md`.

use std::fmt;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use amity_engine::fen_fields::{self, Parts};
use amity_engine::orthodox;
use amity_engine::{
    Bitboard, ChanceOutcome, Color, FenError, File, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, OptionSpec, Outcome, Position, Presentation, Rank, Rules, RulesExt,
    Scratch, SeatInfo, Square, VariantSettings,
};
use shakmaty::attacks::king_attacks;

use crate::pile::Pile;
use crate::solitaire::solver::{Solitaire, UNREACHABLE};
use crate::solitaire::{
    self, CardCounts, DealError, PIECE_CARDS, PieceCard, STEINER_MOST_GROUPS, SteinerAnswers,
    Touch, bridging_bound, most_inside, steiner_bound,
};

/// The start of the test deal of RULES.md:
/// `BrrbbRNKQnnBRkqN/4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b`.
pub const START_FEN: &str = "8/8/8/8/8/8/8/8 w - - 0 1 \
     neighbour:BrrbbRNKQnnBRkqN:4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b:-:a";

/// Cards in the position deck: the 2 to 6 of each suit.
pub const POSITION_CARDS: usize = 20;

/// The score of a lost game, one below the worst win (a ruling: the booklet scores only wins).
pub const LOST_SCORE: i32 = -1;

/// How many sampled orders of the piles estimate an add beyond the policy's horizon.
pub const HORIZON_SAMPLES: u32 = 6;

/// The name of the option that opens the piles' order.
pub const OPEN_OPTION: &str = "NeighbourOpen";

const OPTIONS: &[OptionSpec] = &[solitaire::open_option(OPEN_OPTION)];

/// Why a won game ended.
pub const CONNECTED: &str = "every piece has a neighbour chain to every other";
/// Why a lost game ended.
pub const NOT_CONNECTED: &str = "out of cards or moves before the pieces connected";

/// Neighbour Chess Solitaire, with the piles' order hidden (the booklet) or open (a puzzle).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Neighbour {
    /// `NeighbourOpen`: the player sees the order of both piles. Changes the view, never the
    /// rules.
    pub open: bool,
}

impl Neighbour {
    pub fn from_settings(settings: &VariantSettings) -> Neighbour {
        Neighbour {
            open: settings.check(OPEN_OPTION).unwrap_or(false),
        }
    }
}

// ----- cards -----

/// A position card: a value from 2 to 6, red (moves right) or black (moves up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PositionCard(u8);

impl PositionCard {
    /// Cards in sorted order: red 2..6, then black 2..6.
    pub fn from_index(index: usize) -> Option<PositionCard> {
        (index < 10).then_some(PositionCard(index as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn value(self) -> u32 {
        u32::from(self.0 % 5) + 2
    }

    /// Red cards move right, black cards up.
    pub fn is_red(self) -> bool {
        self.0 < 5
    }

    /// Reads `4b`, `2r`.
    pub fn parse(text: &str) -> Option<PositionCard> {
        let bytes = text.as_bytes();
        let [value @ b'2'..=b'6', colour] = bytes else {
            return None;
        };
        let black = match colour {
            b'r' => 0,
            b'b' => 5,
            _ => return None,
        };
        Some(PositionCard(value - b'2' + black))
    }

    /// Every card of the deck (each twice), in sorted order.
    pub fn deck() -> impl Iterator<Item = PositionCard> {
        (0..10u8).flat_map(|index| std::iter::repeat_n(PositionCard(index), 2))
    }

    /// Where a piece held over `from` lands: that many squares right or up, wrapping.
    pub fn landing(self, from: Square) -> Square {
        let (file, rank) = (from.file() as u32, from.rank() as u32);
        if self.is_red() {
            Square::from_coords(File::new((file + self.value()) % 8), from.rank())
        } else {
            Square::from_coords(from.file(), Rank::new((rank + self.value()) % 8))
        }
    }
}

impl fmt::Display for PositionCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.value(),
            if self.is_red() { 'r' } else { 'b' }
        )
    }
}

/// A view's add on its way: the cards are to be turned, or turned with the square to choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pending {
    #[default]
    Nothing,
    /// `add` was decided blind: chance turns the two top cards next.
    Turn,
    /// The cards are turned, the landing square was taken: the player chooses a square.
    Place {
        piece: PieceCard,
        position: PositionCard,
    },
}

/// Everything beyond the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NeighbourState {
    pub pieces: Pile<PieceCard, PIECE_CARDS>,
    pub positions: Pile<PositionCard, POSITION_CARDS>,
    /// Where the piece added last was placed (`None` before the first add).
    pub last: Option<Square>,
    /// The adding phase (`a`); false once moving (`m`).
    pub adding: bool,
    /// A view: the piles' order is unknown and they hold their contents sorted.
    pub hidden: bool,
    pub pending: Pending,
}

impl NeighbourState {
    /// Cards left in both piles.
    pub fn cards_left(&self) -> u32 {
        (self.pieces.len() + self.positions.len()) as u32
    }
}

// ----- the rules of play -----

/// The free squares of the nearest ring round `landing` that has any (king distance 1, 2...;
/// rings do not wrap). Empty only on a full board.
pub fn nearest_free(occupied: Bitboard, landing: Square) -> Bitboard {
    for distance in 1..8u32 {
        let ring: Bitboard = Bitboard::FULL
            .into_iter()
            .filter(|square| {
                let files = (square.file() as i32 - landing.file() as i32).unsigned_abs();
                let ranks = (square.rank() as i32 - landing.rank() as i32).unsigned_abs();
                files.max(ranks) == distance
            })
            .collect();
        let free = ring & !occupied;
        if free.any() {
            return free;
        }
    }
    Bitboard::EMPTY
}

/// Where the next add lands, from the square of the last add (a1 before the first).
pub fn landing(state: &NeighbourState, position: PositionCard) -> Square {
    position.landing(state.last.unwrap_or(Square::A1))
}

/// Whether at least two pieces stand in one group, diagonals included (rule 5).
pub fn connected(pos: &Position<Neighbour>) -> bool {
    pos.occupied().count() >= 2 && Touch::King.connected(pos.occupied())
}

/// The squares where `piece` may go: the landing square if free, else the nearest ring's free
/// squares.
fn add_squares(occupied: Bitboard, landing: Square) -> Bitboard {
    if occupied.contains(landing) {
        nearest_free(occupied, landing)
    } else {
        Bitboard::from_square(landing)
    }
}

/// Every move (rule 4): a piece moves with the move of a same-coloured piece among the eight
/// squares round it, to an empty square. Two neighbours giving the same move give one move.
fn neighbour_moves(pos: &Position<Neighbour>, moves: &mut MoveList) {
    let occupied = pos.occupied();
    for from in occupied {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let mut targets = Bitboard::EMPTY;
        for lender in king_attacks(from) & pos.color(piece.color) {
            if let Some(model) = pos.piece_at(lender) {
                targets |= orthodox::attacks(model.kind, piece.color, from, occupied);
            }
        }
        for to in targets & !occupied {
            moves.push(Move::normal(from, to));
        }
    }
}

/// The decision a view sends for an add: the cards are turned by the referee (`add`).
const BLIND_ADD: Kind = Kind::new(10);

fn add_move(card: PieceCard, square: Square) -> Move {
    Move::drop(Kind::new(card.index() as u8), square)
}

fn turn_move(piece: PieceCard, position: PositionCard, landing: Square) -> Move {
    Move::chance(
        Square::new(position.index() as u32),
        landing,
        Kind::new(piece.index() as u8),
    )
}

fn piece_of(mv: Move) -> Option<PieceCard> {
    PieceCard::from_index(mv.kind().index())
}

/// Puts an added piece on `square` and notes it as the last added.
fn place(pos: &mut Position<Neighbour>, card: PieceCard, square: Square) {
    pos.put(square, card.piece());
    pos.state.last = Some(square);
    pos.state.pending = Pending::Nothing;
    if pos.state.pieces.is_empty() {
        pos.state.adding = false;
    }
}

/// The game's score once it is over: the cards left on a win, [`LOST_SCORE`] on a loss;
/// `None` while it goes on.
pub fn final_score(pos: &Position<Neighbour>) -> Option<i32> {
    if connected(pos) {
        return Some(pos.state.cards_left() as i32);
    }
    let rules = Neighbour::default();
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut chance = Vec::new();
    (moves.is_empty() && !rules.chance(pos, &mut chance)).then_some(LOST_SCORE)
}

/// A bound on the moves still needed to connect the `total` pieces of `stop`: `white` and
/// `black` where they stand and `anywhere` more that may be placed anywhere (each joins at
/// most four groups), of which some may be white and some black as `may_add` says (by colour
/// index).
///
/// A piece moves only with a same-coloured neighbour, and only a moving piece of that colour
/// can give it one. So a colour none of whose pieces has a same-coloured neighbour, and to
/// which no piece can still be added, never moves again: its pieces stand in the final group
/// where they stand now. With every piece frozen like that and the pieces apart, no win. A
/// colour group (pieces of one colour joined through that colour) that must move away whole
/// waits for a partner to come beside its last piece: see [`steiner_bound`].
///
/// The bridging part, the costly one, is worked out only when the cheaper parts come to at
/// most `enough`; above that, the cheaper bound is answered.
fn moving_bound(stop: &Stop, enough: u32, answers: &mut SteinerAnswers) -> u32 {
    match stop.cheap_bound() {
        Cheap::Final(bound) => bound,
        Cheap::Refinable { bound, frozen } if bound <= enough => {
            bound.max(stop.bridged_bound(frozen, enough, answers))
        }
        Cheap::Refinable { bound, .. } => bound,
    }
}

/// The pieces at a moment adding might stop, as [`moving_bound`] takes them.
#[derive(Clone, Copy)]
struct Stop {
    white: Bitboard,
    black: Bitboard,
    anywhere: u32,
    may_add: [bool; 2],
    total: u32,
}

/// The cheap parts of [`moving_bound`].
enum Cheap {
    /// Nothing more to work out: connected already, or never.
    Final(u32),
    /// A bound the bridging part may raise, and the pieces that can never move.
    Refinable { bound: u32, frozen: Bitboard },
}

impl Stop {
    fn cheap_bound(&self) -> Cheap {
        let (white, black, anywhere, total) = (self.white, self.black, self.anywhere, self.total);
        let board = white | black;
        if Touch::King.connected(board) && board.count() >= 2 && anywhere == 0 {
            return Cheap::Final(0);
        }
        let frozen = |side: Bitboard, may_add: bool| {
            if !may_add && Touch::King.spread(side.0) & side.0 == 0 {
                side
            } else {
                Bitboard::EMPTY
            }
        };
        let frozen = frozen(white, self.may_add[0]) | frozen(black, self.may_add[1]);
        if anywhere == 0 && frozen == board {
            return Cheap::Final(UNREACHABLE);
        }
        // A group of eight pieces or more may span the whole board: then every piece fits.
        let kept = if total >= 8 {
            board.count() as u32
        } else {
            u32::from(most_inside(Touch::King, board, frozen)[(total as usize).min(PIECE_CARDS)])
        };
        if kept < frozen.count() as u32 {
            // No box a group of `total` pieces can span holds the frozen pieces.
            return Cheap::Final(UNREACHABLE);
        }
        let moved = board.count() as u32 - kept;
        let groups = Touch::King.groups(board);
        let joins = groups.saturating_sub(1 + 3 * anywhere).div_ceil(4);
        Cheap::Refinable {
            bound: moved.max(joins),
            frozen,
        }
    }

    fn bridged_bound(&self, frozen: Bitboard, enough: u32, answers: &mut SteinerAnswers) -> u32 {
        let board = self.white | self.black;
        // The pieces of each colour none of which is still to come: a colour group of them
        // that moves away whole waits for a partner to come to its last piece.
        let waiting = |side: Bitboard, may_add: bool| {
            if may_add { Bitboard::EMPTY } else { side }
        };
        let waiting = [
            waiting(self.white, self.may_add[0]),
            waiting(self.black, self.may_add[1]),
        ];
        // Past the groups the Steiner bound takes one by one it merges them, which costs
        // the most: the star bound, far cheaper, is asked first, in case it cuts already.
        if Touch::King.groups(board) > STEINER_MOST_GROUPS as u32 {
            let star = bridging_bound(Touch::King, board, self.anywhere, frozen, waiting);
            if star > enough {
                return star;
            }
        }
        steiner_bound(
            Touch::King,
            board,
            self.anywhere,
            frozen,
            waiting,
            enough,
            answers,
        )
    }
}

// ----- deals -----

/// A refused deal of Neighbour.
fn bad_deal(why: String) -> DealError {
    DealError {
        game: "neighbour",
        why,
    }
}

fn parse_position_cards(text: &str) -> Option<Vec<PositionCard>> {
    if !text.is_ascii() || !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len() / 2)
        .map(|index| PositionCard::parse(&text[2 * index..2 * index + 2]))
        .collect()
}

/// The start of a deal written `<16 piece letters>/<20 position cards>`, both top first.
pub fn deal_from_text(text: &str) -> Result<Position<Neighbour>, DealError> {
    let (pieces, positions) = text
        .trim()
        .split_once('/')
        .ok_or_else(|| bad_deal(format!("'{text}' is not <16 piece letters>/<20 cards>")))?;
    let fen = format!("8/8/8/8/8/8/8/8 w - - 0 1 neighbour:{pieces}:{positions}:-:a");
    let pos = Position::from_fen(&Neighbour::default(), &fen)
        .map_err(|error| bad_deal(error.to_string()))?;
    let full = pos.state.pieces.len() == PIECE_CARDS && pos.state.positions.len() == POSITION_CARDS;
    if !full {
        return Err(bad_deal(format!(
            "'{text}' must hold all 16 piece cards and all 20 position cards"
        )));
    }
    Ok(pos)
}

/// A shuffled deal, written `<16 piece letters>/<20 position cards>`.
pub fn random_deal(rng: &mut StdRng) -> String {
    let mut pieces: Vec<PieceCard> = PieceCard::deck().collect();
    let mut positions: Vec<PositionCard> = PositionCard::deck().collect();
    pieces.shuffle(rng);
    positions.shuffle(rng);
    let pieces: String = pieces.iter().map(|card| card.letter()).collect();
    let positions: String = positions.iter().map(|card| card.to_string()).collect();
    format!("{pieces}/{positions}")
}

// ----- FEN -----

fn illegal(why: impl Into<String>) -> FenError {
    FenError::Illegal(why.into())
}

/// Reads a pile written `-`, as cards, or as `?` and its sorted contents (a view); whether it
/// was written as a view.
fn read_pile<T: Copy + Default + Ord, const N: usize>(
    text: &str,
    what: &str,
    parse: impl Fn(&str) -> Option<Vec<T>>,
) -> Result<(Pile<T, N>, bool), FenError> {
    let (hidden, cards) = match text.strip_prefix('?') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut pile = Pile::default();
    if cards == "-" || (hidden && cards.is_empty()) {
        return Ok((pile, hidden));
    }
    let cards = parse(cards).ok_or_else(|| {
        fen_fields::expected(
            format!("neighbour {what}"),
            "cards, - for none, or ? and the cards in a view",
            text,
        )
    })?;
    if cards.len() > N {
        return Err(illegal(format!(
            "the {what} '{text}' holds more than {N} cards"
        )));
    }
    for card in cards {
        pile.push(card);
    }
    if hidden {
        pile.cards_mut().sort();
    }
    Ok((pile, hidden))
}

fn write_pile<T: Copy + Default + Ord, const N: usize>(
    out: &mut String,
    pile: &Pile<T, N>,
    hidden: bool,
    write: impl Fn(&T) -> String,
) {
    if pile.is_empty() {
        out.push('-');
        return;
    }
    if hidden {
        out.push('?');
    }
    for card in pile.cards() {
        out.push_str(&write(card));
    }
}

// Zobrist layout of the state: piece and position cards by place, lengths, the last square,
// the phase, a hidden order, a pending add.
amity_engine::state_keys! {
    KEY_PIECES: 10 * PIECE_CARDS;
    KEY_POSITIONS: 10 * POSITION_CARDS;
    KEY_PIECES_LENGTH: PIECE_CARDS + 1;
    KEY_POSITIONS_LENGTH: POSITION_CARDS + 1;
    KEY_LAST: 64;
    KEY_MOVING: 1;
    KEY_HIDDEN: 1;
    KEY_TURN: 1;
    /// A pending placement: `piece * 10 + position card`.
    KEY_PLACE: 100;
}

impl Rules for Neighbour {
    type State = NeighbourState;

    fn identity(&self) -> Identity {
        Identity::new("neighbour", START_FEN, &orthodox::STANDARD_PIECES)
    }

    fn options() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// One field, `neighbour:<piece pile|->:<position pile|->:<last added|->:<a|m>`; a view
    /// writes each pile as `?` and its sorted contents, and a view inside an add ends in
    /// `:add` (cards to be turned) or `:place=<piece>/<position card>` (square to choose).
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let shape = "<piece pile>:<position pile>:<last added>:<a|m>";
        let mut parts = Parts::only(fields, "neighbour", shape, 4..=5)?;
        let (pieces, hidden_pieces) = read_pile(parts.next_part(), "piece pile", |text| {
            text.chars().map(PieceCard::from_letter).collect()
        })?;
        let (positions, hidden_positions) =
            read_pile(parts.next_part(), "position pile", parse_position_cards)?;
        if (hidden_pieces || hidden_positions)
            && (!hidden_pieces && !pieces.is_empty() || !hidden_positions && !positions.is_empty())
        {
            return Err(fen_fields::expected(
                "neighbour piles",
                "both piles written with ? (or -) in a view",
                parts.field(),
            ));
        }
        let last = fen_fields::or_none(parts.next_part(), |name| {
            fen_fields::square("neighbour last added square", name)
        })?;
        let adding = match parts.next_part() {
            "a" => true,
            "m" => false,
            other => return Err(fen_fields::expected("neighbour phase", "a or m", other)),
        };
        let pending = match parts.optional() {
            None => Pending::Nothing,
            Some("add") => Pending::Turn,
            Some(text) => {
                let cards = text
                    .strip_prefix("place=")
                    .and_then(|cards| cards.split_once('/'))
                    .and_then(|(piece, position)| {
                        let mut letters = piece.chars();
                        let piece = PieceCard::from_letter(letters.next()?)
                            .filter(|_| letters.next().is_none())?;
                        Some((piece, PositionCard::parse(position)?))
                    });
                match cards {
                    Some((piece, position)) => Pending::Place { piece, position },
                    None => {
                        return Err(fen_fields::expected(
                            "neighbour add",
                            "add or place=<piece>/<position card> (e.g. place=N/4b)",
                            text,
                        ));
                    }
                }
            }
        };
        pos.state = NeighbourState {
            pieces,
            positions,
            last,
            adding,
            hidden: hidden_pieces || hidden_positions,
            pending,
        };
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let state = &pos.state;
        out.push_str(" neighbour:");
        write_pile(out, &state.pieces, state.hidden, |card| {
            card.letter().to_string()
        });
        out.push(':');
        write_pile(out, &state.positions, state.hidden, |card| card.to_string());
        out.push(':');
        fen_fields::write_or_none(out, state.last);
        out.push_str(if state.adding { ":a" } else { ":m" });
        match state.pending {
            Pending::Nothing => {}
            Pending::Turn => out.push_str(":add"),
            Pending::Place { piece, position } => {
                out.push_str(&format!(":place={}/{position}", piece.letter()));
            }
        }
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        solitaire::validate_one_player(
            pos,
            "Neighbour has one player: the fields after the board are always w - - 0 1",
            "Neighbour has no pawns",
        )?;
        let state = pos.state;
        let mut pieces =
            CardCounts::of_board(pos.occupied().into_iter().filter_map(|sq| pos.piece_at(sq)))
                .unwrap_or_default();
        for card in state.pieces.cards() {
            pieces.0[card.index()] += 1;
        }
        if let Pending::Place { piece, .. } = state.pending {
            pieces.0[piece.index()] += 1;
        }
        if !pieces.within(&CardCounts::deck()) {
            return Err(illegal(
                "the board and the piece pile hold more of some card than the deck (one K, Q, \
                 k, q; two of each R, B, N, r, b, n)",
            ));
        }
        let mut positions = [0u8; 10];
        for card in state.positions.cards() {
            positions[card.index()] += 1;
        }
        if positions.iter().any(|count| *count > 2) {
            return Err(illegal("the position pile holds a card more than twice"));
        }
        if state.adding {
            if state.pieces.is_empty() && state.pending == Pending::Nothing {
                return Err(illegal(
                    "adding with an empty piece pile: adding has stopped",
                ));
            }
            if state.positions.len() < state.pieces.len() {
                return Err(illegal(
                    "the position pile must hold a card for every piece card left",
                ));
            }
            if state.last.is_some() != pos.occupied().any() {
                return Err(illegal(
                    "while adding, the last added square is - exactly when the board is empty",
                ));
            }
            if let Some(last) = state.last
                && !pos.occupied().contains(last)
            {
                return Err(illegal(format!("no piece on the last added square {last}")));
            }
        }
        match state.pending {
            Pending::Nothing => {}
            _ if !state.hidden || !state.adding => {
                return Err(illegal(
                    "only a view in the adding phase can be inside an add",
                ));
            }
            Pending::Turn => {}
            Pending::Place { position, .. } => {
                if !pos.occupied().contains(landing(&state, position)) {
                    return Err(illegal(
                        "a square is chosen only when the landing square is taken",
                    ));
                }
            }
        }
        if state.hidden && state.pieces.is_empty() && state.positions.is_empty() {
            pos.state.hidden = false;
        }
        Ok(())
    }

    fn state_hash(&self, state: &NeighbourState) -> u64 {
        let mut hash = KEY_PIECES_LENGTH.key(state.pieces.len())
            ^ KEY_POSITIONS_LENGTH.key(state.positions.len());
        for (place, card) in state.pieces.cards().iter().enumerate() {
            hash ^= KEY_PIECES.key(place * 10 + card.index());
        }
        for (place, card) in state.positions.cards().iter().enumerate() {
            hash ^= KEY_POSITIONS.key(place * 10 + card.index());
        }
        if let Some(square) = state.last {
            hash ^= KEY_LAST.key(square as usize);
        }
        if !state.adding {
            hash ^= KEY_MOVING.single();
        }
        if state.hidden {
            hash ^= KEY_HIDDEN.single();
        }
        match state.pending {
            Pending::Nothing => {}
            Pending::Turn => hash ^= KEY_TURN.single(),
            Pending::Place { piece, position } => {
                hash ^= KEY_PLACE.key(piece.index() * 10 + position.index());
            }
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        let state = &pos.state;
        if connected(pos) {
            return;
        }
        let occupied = pos.occupied();
        match state.pending {
            Pending::Turn => return,
            Pending::Place { piece, position } => {
                for square in add_squares(occupied, landing(state, position)) {
                    moves.push(add_move(piece, square));
                }
                return;
            }
            Pending::Nothing => {}
        }
        if !state.adding {
            if state.cards_left() > 0 {
                neighbour_moves(pos, moves);
            }
            return;
        }
        if state.hidden {
            moves.push(Move::drop(BLIND_ADD, Square::A1));
        } else if let (Some(&piece), Some(&position)) = (
            state.pieces.cards().first(),
            state.positions.cards().first(),
        ) {
            for square in add_squares(occupied, landing(state, position)) {
                moves.push(add_move(piece, square));
            }
        }
        if occupied.count() >= 2 {
            moves.push(Move::pass());
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| {
            match mv.flag() {
                MoveFlag::Drop if mv.kind() == BLIND_ADD => pos.state.pending = Pending::Turn,
                MoveFlag::Chance => {
                    let (Some(piece), Some(position)) =
                        (piece_of(mv), PositionCard::from_index(mv.from() as usize))
                    else {
                        return;
                    };
                    pos.state.pieces.take(piece);
                    pos.state.positions.take(position);
                    let square = landing(&pos.state, position);
                    if pos.occupied().contains(square) {
                        pos.state.pending = Pending::Place { piece, position };
                    } else {
                        place(pos, piece, square);
                    }
                }
                MoveFlag::Drop => {
                    if let Some(piece) = piece_of(mv) {
                        if pos.state.pending == Pending::Nothing {
                            pos.state.pieces.take_first();
                            pos.state.positions.take_first();
                        }
                        place(pos, piece, mv.to());
                    }
                }
                MoveFlag::Pass => pos.state.adding = false,
                _ => {
                    pos.relocate(mv.from(), mv.to());
                    let state = &mut pos.state;
                    let hidden = state.hidden;
                    // Moves spend the piece pile first (the choice never matters, RULES.md 6).
                    if !state.pieces.is_empty() {
                        if hidden {
                            state.pieces.drop_last();
                        } else {
                            state.pieces.take_first();
                        }
                    } else if hidden {
                        state.positions.drop_last();
                    } else {
                        state.positions.take_first();
                    }
                }
            }
            if pos.state.pieces.is_empty() && pos.state.positions.is_empty() {
                pos.state.hidden = false;
            }
        });
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        if connected(pos) {
            return Some(solitaire::won(CONNECTED));
        }
        (!pos.state.adding && pos.state.cards_left() == 0).then_some(self.no_move_outcome(pos))
    }

    fn no_move_outcome(&self, _pos: &Position<Self>) -> Outcome {
        solitaire::lost(NOT_CONNECTED)
    }

    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if pos.state.pending != Pending::Turn {
            return false;
        }
        let state = &pos.state;
        let mut pieces = CardCounts::default();
        for card in state.pieces.cards() {
            pieces.0[card.index()] += 1;
        }
        let mut positions = [0u32; 10];
        for card in state.positions.cards() {
            positions[card.index()] += 1;
        }
        for (piece, count) in pieces.cards() {
            for (index, copies) in positions.iter().enumerate() {
                if let Some(position) = PositionCard::from_index(index).filter(|_| *copies > 0) {
                    outcomes.push(ChanceOutcome {
                        outcome: turn_move(piece, position, landing(state, position)),
                        weight: u32::from(count) * copies,
                    });
                }
            }
        }
        true
    }

    fn hides_information(&self) -> bool {
        !self.open
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        pos.state.hidden
    }

    /// Both piles' contents known, their order not: each pile sorted, written after a `?`.
    fn view(&self, pos: &Position<Self>, _seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        if self.open || pos.state.cards_left() == 0 {
            return view;
        }
        view.update_state(self, |view| {
            view.state.hidden = true;
            view.state.pieces.cards_mut().sort();
            view.state.positions.cards_mut().sort();
        });
        view
    }

    /// Both piles shuffled. A view inside an add gets a state just before it: the turned
    /// cards (if any) back on top.
    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        if !view.state.hidden {
            return view.clone();
        }
        let mut world = view.clone();
        world.update_state(self, |world| {
            let state = &mut world.state;
            state.pieces.cards_mut().shuffle(rng);
            state.positions.cards_mut().shuffle(rng);
            if let Pending::Place { piece, position } = state.pending {
                state.pieces.put_first(piece);
                state.positions.put_first(position);
            }
            state.pending = Pending::Nothing;
            state.hidden = false;
        });
        world
    }

    // Duplicate self-play on the standard scale gave 65 Elo for 200 levels, 117 with 48
    // levels a doubling of the solver's nodes and 145 with 40 (docs/strength-levels.md).
    crate::solitaire::solitaire_rules!(amity_engine::search::StrengthScale::new(40));

    /// The best score still reachable by the solver's bound, in hundredths: White is the
    /// player whatever the position.
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        let needed = self.lower_bound(pos);
        if needed >= UNREACHABLE || needed > pos.state.cards_left() {
            return LOST_SCORE * 100;
        }
        (pos.state.cards_left() - needed) as i32 * 100
    }
}

impl Notation for Neighbour {
    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            MoveFlag::Drop if mv.kind() == BLIND_ADD => "add".into(),
            MoveFlag::Drop => match piece_of(mv) {
                Some(card) => format!("{}@{}", card.letter(), mv.to()),
                None => "0000".into(),
            },
            MoveFlag::Chance => {
                match (piece_of(mv), PositionCard::from_index(mv.from() as usize)) {
                    (Some(piece), Some(position)) => format!("{}/{position}", piece.letter()),
                    _ => "0000".into(),
                }
            }
            MoveFlag::Pass => "stop".into(),
            _ if mv.is_null() => "0000".into(),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for Neighbour {
    fn record_tags(&self, pos: &Position<Self>) -> Vec<(&'static str, String)> {
        crate::solitaire::score_tag(self, pos)
    }

    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        let mv = seen.decision;
        let piece =
            |card: PieceCard| crate::words::piece_words(&orthodox::STANDARD_PIECES, card.piece());
        match mv.flag() {
            MoveFlag::Drop if mv.kind() == BLIND_ADD => {
                Some("turn up the top cards and add".into())
            }
            MoveFlag::Drop => {
                piece_of(mv).map(|card| format!("the {} goes to {}", piece(card), mv.to()))
            }
            MoveFlag::Chance => {
                match (piece_of(mv), PositionCard::from_index(mv.from() as usize)) {
                    (Some(card), Some(position)) => {
                        Some(format!("turned up a {} and the {position}", piece(card)))
                    }
                    _ => None,
                }
            }
            MoveFlag::Pass => Some("stop adding: the score is the cards left".into()),
            _ => None,
        }
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let order = if state.hidden {
            ", order unknown"
        } else {
            ", top first"
        };
        let pieces: String = state.pieces.iter().map(|card| card.letter()).collect();
        let positions: String = state
            .positions
            .iter()
            .map(|card| card.to_string())
            .collect();
        let mut text = format!(
            "Piece pile ({} cards{order}): {pieces}\nPosition pile ({} cards{order}): {positions}\n",
            state.pieces.len(),
            state.positions.len()
        );
        text.push_str(&format!(
            "Phase: {}; last added on {}\n",
            if state.adding { "adding" } else { "moving" },
            state
                .last
                .map_or("-".to_string(), |square| square.to_string())
        ));
        match state.pending {
            Pending::Nothing => {}
            Pending::Turn => text.push_str("An add was decided: the referee turns the cards\n"),
            Pending::Place { piece, position } => text.push_str(&format!(
                "Turned {} and {position}: the landing square {} is taken, choose a square\n",
                piece.letter(),
                landing(state, position)
            )),
        }
        text.push_str(&format!(
            "Groups: {}; score if connected now: {}\n",
            Touch::King.groups(pos.occupied()),
            state.cards_left()
        ));
        if let Some(score) = final_score(pos) {
            text.push_str(&format!("Final score: {score}\n"));
        }
        text
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &crate::solitaire::ONE_SEAT
    }

    /// Both piles (a view knows what they hold, not in which order, so it shows them sorted),
    /// and the two cards a blind add has turned while their square is chosen.
    fn card_rows(&self, pos: &Position<Self>) -> Vec<amity_engine::CardRow> {
        let state = &pos.state;
        let order = if state.hidden {
            "order unknown"
        } else {
            "top first"
        };
        let mut rows = vec![
            amity_engine::CardRow {
                title: format!("piece pile, {order}"),
                owner: None,
                cards: state
                    .pieces
                    .iter()
                    .map(|card| card.letter().to_string())
                    .collect(),
            },
            amity_engine::CardRow {
                title: format!("position pile, {order}"),
                owner: None,
                cards: state
                    .positions
                    .iter()
                    .map(|card| card.to_string())
                    .collect(),
            },
        ];
        if let Pending::Place { piece, position } = state.pending {
            rows.push(amity_engine::CardRow {
                title: "turned: choose a square".into(),
                owner: None,
                cards: vec![piece.letter().to_string(), position.to_string()],
            });
        }
        rows
    }
}

impl Learning for Neighbour {}

crate::solitaire::solitaire_solver!(Neighbour);

impl Solitaire for Neighbour {
    const TOUCH: Touch = Touch::King;

    /// An add spends a card of each pile (paid when the cards are turned), a move one, a stop
    /// none.
    fn cost(&self, pos: &Position<Self>, mv: Move) -> u32 {
        match mv.flag() {
            MoveFlag::Drop if mv.kind() == BLIND_ADD => 0,
            MoveFlag::Drop if pos.state.pending != Pending::Nothing => 0,
            MoveFlag::Drop | MoveFlag::Chance => 2,
            MoveFlag::Pass => 0,
            _ => 1,
        }
    }

    fn budget(&self, pos: &Position<Self>) -> u32 {
        pos.state.cards_left()
    }

    fn score_after(&self, pos: &Position<Self>, spent: u32) -> i32 {
        pos.state.cards_left() as i32 - spent as i32
    }

    fn lost_score(&self) -> i32 {
        LOST_SCORE
    }

    fn won(&self, pos: &Position<Self>) -> bool {
        connected(pos)
    }

    /// The two admissible bounds of RULES.md, rule 11, and two more (see [`moving_bound`]:
    /// the Steiner tree that bridges the groups kept, and colour groups waiting for a
    /// partner). Groups: an add joins at most four groups
    /// (no more fit round a square without touching each other), so lowers the count by at
    /// most three; a move lowers it by at most four (lifting a lone piece removes its group).
    /// Boxes: with `a` more adds (two cards each) and `m` moves, at least `n - m` of the `n`
    /// pieces never move and lie in the final group of `n + a` pieces, whose box is at most
    /// `n + a` squares wide and high. A win needs two pieces.
    ///
    /// When the piles are known, the next adds' squares are known too, until a landing square
    /// is taken (the player then chooses): those pieces count where they will stand, the rest
    /// as pieces that may stand anywhere.
    fn lower_bound_within(
        &self,
        pos: &Position<Self>,
        allowance: u32,
        scratch: &mut Scratch,
    ) -> u32 {
        let answers = scratch.get::<SteinerAnswers>();
        let state = &pos.state;
        if connected(pos) {
            return 0;
        }
        let occupied = pos.occupied();
        let pieces = occupied.count() as u32;
        // A piece whose cards are turned is added for free.
        let free = u32::from(matches!(state.pending, Pending::Place { .. }));
        let adds_left = if state.adding {
            state.pieces.len() as u32 + free
        } else {
            0
        };
        let mut best = if pieces >= 2 && free == 0 {
            let now = Stop {
                white: pos.color(Color::White),
                black: pos.color(Color::Black),
                anywhere: 0,
                may_add: [false; 2],
                total: pieces,
            };
            moving_bound(&now, allowance, answers)
        } else {
            UNREACHABLE
        };
        // Where the next adds land, while known (an open state's piles, no square chosen).
        let mut white = pos.color(Color::White);
        let mut black = pos.color(Color::Black);
        let mut last = state.last;
        let mut simulating = !state.hidden && free == 0;
        let mut anywhere = 0;
        // Which colours a piece placed anywhere may have (by colour index).
        let mut may_add = [false; 2];
        let colour_of_add = |adds: u32| -> Option<Color> {
            match (state.pending, adds) {
                (Pending::Place { piece, .. }, 1) => Some(piece.piece().color),
                _ if state.hidden => None,
                _ => state
                    .pieces
                    .cards()
                    .get((adds - 1 - free) as usize)
                    .map(|card| card.piece().color),
            }
        };
        // Each later stop's cheap bound, with its cards, for refining the best first.
        let mut stops: Vec<(u32, u32, Stop, Bitboard)> = Vec::new();
        for adds in 1..=adds_left {
            let cards = 2 * adds.saturating_sub(free);
            if cards >= best {
                // Every later stop costs more cards still.
                break;
            }
            let index = adds as usize - 1;
            let landed = simulating
                && match (
                    state.pieces.cards().get(index),
                    state.positions.cards().get(index),
                ) {
                    (Some(piece), Some(position)) => {
                        let landing = position.landing(last.unwrap_or(Square::A1));
                        let free_square = !(white | black).contains(landing);
                        if free_square {
                            match piece.piece().color {
                                Color::White => white = white.with(landing),
                                Color::Black => black = black.with(landing),
                            }
                            last = Some(landing);
                        }
                        free_square
                    }
                    _ => false,
                };
            if !landed {
                simulating = false;
                anywhere += 1;
                match colour_of_add(adds) {
                    Some(colour) => may_add[usize::from(colour == Color::Black)] = true,
                    None => may_add = [true; 2],
                }
            }
            let total = pieces + adds;
            if total >= 2 {
                let stop = Stop {
                    white,
                    black,
                    anywhere,
                    may_add,
                    total,
                };
                match stop.cheap_bound() {
                    Cheap::Final(moves) if moves < UNREACHABLE => best = best.min(cards + moves),
                    Cheap::Final(_) => {}
                    Cheap::Refinable { bound, frozen } => stops.push((cards, bound, stop, frozen)),
                }
            }
        }
        // Refining a stop can only raise its bound, so the stops are refined cheapest first,
        // and only while one could still be the least (and within the allowance).
        stops.sort_by_key(|(cards, bound, _, _)| cards + bound);
        for (cards, bound, stop, frozen) in stops {
            if cards + bound >= best || cards + bound > allowance {
                best = best.min(cards + bound);
                break;
            }
            let enough = allowance.min(best - 1) - cards;
            best = best.min(cards + bound.max(stop.bridged_bound(frozen, enough, answers)));
        }
        best
    }

    fn certain(&self, pos: &Position<Self>) -> bool {
        !pos.state.hidden || !pos.state.adding
    }

    /// Once moving, the cards still needed depend on the board alone: boards reached with
    /// different cards left share what was proven about them.
    fn table_key(&self, pos: &Position<Self>) -> u64 {
        if pos.state.adding {
            pos.hash()
        } else {
            pos.hash() ^ self.state_hash(&pos.state) ^ KEY_MOVING.single()
        }
    }

    fn deal_from_text(&self, text: &str) -> Result<Position<Self>, String> {
        deal_from_text(text).map_err(|error| error.to_string())
    }

    fn random_deal_text(&self, rng: &mut StdRng) -> String {
        random_deal(rng)
    }

    /// Stopping is worth little until the pieces stand close, and an add's worth lies
    /// mostly in the adds after it, so a policy that looks one or two adds ahead would
    /// stop far too early: the adds beyond its horizon are estimated by sampled orders.
    fn horizon_samples(&self) -> u32 {
        HORIZON_SAMPLES
    }

    /// The view's piles shuffled, then the add that was decided made with their top cards.
    fn sample_turned(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        let mut world = self.sample_state(view, rng);
        if view.state.pending == Pending::Turn
            && let Some(turn) = self.turned(&world)
        {
            self.play(&mut world, turn);
        }
        world
    }

    fn turned(&self, state: &Position<Self>) -> Option<Move> {
        let piece = *state.state.pieces.cards().first()?;
        let position = *state.state.positions.cards().first()?;
        Some(turn_move(piece, position, landing(&state.state, position)))
    }
}
