//! Parade Chess Solitaire: one player, sixteen piece cards, no captures. A piece orders a
//! piece of the other colour to a square it attacks (a Move), or the top card of the action
//! pile is placed after a gap behind the last piece (an Add), until every piece stands in one
//! orthogonally connected group. The score is the cards left, or minus the cards spent in the
//! negative phase. This module owns the deal, the set-up, the actions, the end and score, the
//! FEN with its pile and the player's view, in which the pile is face down.
//!
//! The game has one seat: White is always to move (the FEN's `w - - 0 1` never changes), a
//! connected parade is a win for White and a failed one a win for Black. The solver lives in
//! [`crate::solitaire::solver`]; the rules as implemented are in `docs/variants/parade.md`.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use amity_engine::fen_fields::{self, Parts};
use amity_engine::orthodox::{self, BISHOP, KNIGHT, QUEEN, ROOK};
use amity_engine::{
    Bitboard, ChanceOutcome, Color, FenError, Identity, Kind, Learning, Move, MoveFlag, MoveList,
    Notation, OptionSpec, Outcome, Position, Presentation, Rules, RulesExt, Scratch, SeatInfo,
    Square, VariantSettings,
};

use crate::solitaire::solver::Solitaire;
use crate::solitaire::{self, CardCounts, DealError, PIECE_CARDS, PieceCard, Touch};

/// The test deal of RULES.md, set up: `BRqNknrb` + `NrKbQnRB`.
pub const START_FEN: &str = "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:NrKbQnRB:0";

/// Cards in the action pile after the deal (and in the setup pile).
pub const PILE_SIZE: usize = 8;

/// Cards the negative phase may spend.
pub const NEGATIVE_CARDS: u8 = 16;

/// The lowest score: the parade never connected.
pub const WORST_SCORE: i32 = -(NEGATIVE_CARDS as i32);

/// The name of the option that opens the pile.
pub const OPEN_OPTION: &str = "ParadeOpen";

const OPTIONS: &[OptionSpec] = &[solitaire::open_option(OPEN_OPTION)];

/// Why a won parade ended (for PGN terminations and `Game over` lines).
pub const CONNECTED: &str = "the parade stands connected";
/// Why a lost parade ended.
pub const NOT_CONNECTED: &str = "the parade never connected";

/// Parade Chess Solitaire, with the pile face down (the booklet) or open (a puzzle).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parade {
    /// `ParadeOpen`: the player sees the action pile's order. Changes the view, never the
    /// rules.
    pub open: bool,
}

impl Parade {
    pub fn from_settings(settings: &VariantSettings) -> Parade {
        Parade {
            open: settings.check(OPEN_OPTION).unwrap_or(false),
        }
    }
}

/// Everything beyond the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParadeState {
    /// The action pile, top card first; in a view only its length counts.
    pile: [PieceCard; PILE_SIZE],
    pile_len: u8,
    /// Cards spent in the negative phase (the pile is empty then).
    pub negative_spent: u8,
    /// A view: the pile's cards are face down (written `?`).
    pub face_down: bool,
    /// In a view, an `add` was decided and its card is not yet turned: chance acts next.
    pub add_pending: bool,
}

impl ParadeState {
    /// The action pile, top card first (empty in a view).
    pub fn pile(&self) -> &[PieceCard] {
        if self.face_down {
            &[]
        } else {
            &self.pile[..usize::from(self.pile_len)]
        }
    }

    /// How many cards the action pile holds, seen or not.
    pub fn pile_len(&self) -> usize {
        usize::from(self.pile_len)
    }

    /// Takes the top card off the pile (nothing in a view: which card it was is unknown).
    fn take_top(&mut self) -> Option<PieceCard> {
        if self.pile_len == 0 {
            return None;
        }
        let top = self.pile[0];
        self.pile.copy_within(1.., 0);
        self.pile_len -= 1;
        // Slots past the pile stay empty, so equal piles make equal states.
        self.pile[usize::from(self.pile_len)] = PieceCard::default();
        (!self.face_down).then_some(top)
    }
}

// ----- the rules of play -----

/// Empty squares left before a card's piece (rule 3): knight 1, bishop 2, rook 3, queen 5,
/// king 6.
pub fn gap(kind: Kind) -> u32 {
    match kind {
        KNIGHT => 1,
        BISHOP => 2,
        ROOK => 3,
        QUEEN => 5,
        _ => 6,
    }
}

/// Where a piece of `kind` is added (rule 3): `gap + 1` squares in reading order after the
/// last piece (the highest occupied square), or square number `gap + 1` from a1 on an empty
/// board; `None` beyond h8.
pub fn add_square(occupied: Bitboard, kind: Kind) -> Option<Square> {
    let index = match occupied.last() {
        Some(last) => last as u32 + gap(kind) + 1,
        None => gap(kind),
    };
    (index < 64).then(|| Square::new(index))
}

/// Whether every piece stands in one orthogonally connected group (rule 5).
pub fn connected(pos: &Position<Parade>) -> bool {
    Touch::Orthogonal.connected(pos.occupied())
}

/// Every Move (rule 4a): for each piece Y, the empty squares (not its own) that some piece X
/// of the other colour attacking Y attacks once Y is lifted. Two orderers giving the same
/// result give one action.
fn orders(pos: &Position<Parade>, moves: &mut MoveList) {
    let occupied = pos.occupied();
    let mut targets = [Bitboard::EMPTY; 64];
    for x in occupied {
        let Some(orderer) = pos.piece_at(x) else {
            continue;
        };
        let reach = orthodox::attacks(orderer.kind, orderer.color, x, occupied);
        for y in reach & pos.color(!orderer.color) {
            let lifted = occupied.without(y);
            targets[y as usize] |=
                orthodox::attacks(orderer.kind, orderer.color, x, lifted) & !occupied;
        }
    }
    for y in occupied {
        for destination in targets[y as usize] {
            moves.push(Move::normal(y, destination));
        }
    }
}

/// The cards a view cannot place: every card not on the board may be the next (rule 7).
pub fn unseen_cards(pos: &Position<Parade>) -> CardCounts {
    let on_board =
        CardCounts::of_board(pos.occupied().into_iter().filter_map(|sq| pos.piece_at(sq)))
            .unwrap_or_default();
    CardCounts::deck().minus(&on_board)
}

/// In a view, an add the player decides blind: it is possible only if whatever card is on
/// top fits on the board (a ruling: the player never turns a card that cannot be placed).
fn blind_add_fits(pos: &Position<Parade>) -> bool {
    let occupied = pos.occupied();
    let unseen = unseen_cards(pos);
    unseen.total() > 0
        && unseen
            .cards()
            .all(|(card, _)| add_square(occupied, card.piece().kind).is_some())
}

/// The decision a view sends for an add: the card is turned by the referee (`add`).
const BLIND_ADD: Kind = Kind::new(10);

fn add_move(card: PieceCard, square: Square) -> Move {
    Move::drop(Kind::new(card.index() as u8), square)
}

fn reveal_move(card: PieceCard, square: Square) -> Move {
    Move::chance(Square::A1, square, Kind::new(card.index() as u8))
}

fn card_of(mv: Move) -> Option<PieceCard> {
    PieceCard::from_index(mv.kind().index())
}

/// Places a card's piece where the add rule puts it.
fn place(pos: &mut Position<Parade>, card: PieceCard) {
    if let Some(square) = add_square(pos.occupied(), card.piece().kind) {
        pos.put(square, card.piece());
    }
}

/// The score if the game ended connected now: the cards left, or minus the negative cards.
pub fn score_now(pos: &Position<Parade>) -> i32 {
    let state = &pos.state;
    if state.pile_len > 0 {
        i32::from(state.pile_len)
    } else {
        -i32::from(state.negative_spent)
    }
}

/// The game's score once it is over: `None` while it goes on.
pub fn final_score(pos: &Position<Parade>) -> Option<i32> {
    if connected(pos) {
        return Some(score_now(pos));
    }
    let mut moves = MoveList::new();
    Parade::default().generate(pos, &mut moves);
    let mut chance = Vec::new();
    (moves.is_empty() && !Parade::default().chance(pos, &mut chance)).then_some(WORST_SCORE)
}

// ----- deals -----

/// A refused deal of Parade.
fn bad_deal(why: String) -> DealError {
    DealError {
        game: "parade",
        why,
    }
}

/// Sets up a deal written as its 16 letters, setup pile first (`BRqNknrbNrKbQnRB`): the first
/// eight are placed by the add rule, the last eight become the action pile.
pub fn deal_from_letters(letters: &str) -> Result<Position<Parade>, DealError> {
    let cards: Vec<PieceCard> = letters
        .trim()
        .chars()
        .map(|letter| {
            PieceCard::from_letter(letter)
                .ok_or_else(|| bad_deal(format!("'{letter}' is no piece card")))
        })
        .collect::<Result<_, _>>()?;
    let mut counts = CardCounts::default();
    for card in &cards {
        counts.0[card.index()] += 1;
    }
    if cards.len() != PIECE_CARDS || counts != CardCounts::deck() {
        return Err(bad_deal(format!(
            "'{letters}' must be the 16 cards KQRRBBNNkqrrbbnn in some order"
        )));
    }
    Ok(set_up(&cards[..PILE_SIZE], &cards[PILE_SIZE..]))
}

/// The position after setting up `setup` and keeping `pile` as the action pile.
fn set_up(setup: &[PieceCard], pile: &[PieceCard]) -> Position<Parade> {
    let mut pos = Position::empty();
    for card in setup {
        place(&mut pos, *card);
    }
    for (place, card) in pile.iter().take(PILE_SIZE).enumerate() {
        pos.state.pile[place] = *card;
    }
    pos.state.pile_len = pile.len().min(PILE_SIZE) as u8;
    pos.refresh_hash(&Parade::default());
    pos
}

/// A shuffled deal as its 16 letters, setup pile first.
pub fn random_deal(rng: &mut StdRng) -> String {
    let mut cards: Vec<PieceCard> = PieceCard::deck().collect();
    cards.shuffle(rng);
    cards.iter().map(|card| card.letter()).collect()
}

// ----- FEN -----

fn illegal(why: impl Into<String>) -> FenError {
    FenError::Illegal(why.into())
}

amity_engine::state_keys! {
    /// A card (of ten) at each place of the pile.
    KEY_PILE: 10 * PILE_SIZE;
    /// The pile's length.
    KEY_LENGTH: PILE_SIZE + 1;
    /// The negative cards spent.
    KEY_NEGATIVE: NEGATIVE_CARDS as usize + 1;
    /// A face-down pile.
    KEY_FACE_DOWN: 1;
    /// An add pending.
    KEY_PENDING: 1;
}

impl Rules for Parade {
    type State = ParadeState;

    fn identity(&self) -> Identity {
        Identity::new("parade", START_FEN, &orthodox::STANDARD_PIECES)
    }

    fn options() -> &'static [OptionSpec] {
        OPTIONS
    }

    /// One field, `parade:<action pile, top first, or ->:<negative cards spent>`; a view
    /// writes each pile card `?`, and a view waiting for its added card ends in `:add`.
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let shape = "<action pile or ->:<negative cards spent>";
        let mut parts = Parts::only(fields, "parade", shape, 2..=3)?;
        let state = &mut pos.state;
        *state = ParadeState::default();
        let pile = parts.next_part();
        if pile != "-" {
            if pile.chars().count() > PILE_SIZE {
                return Err(illegal(format!(
                    "the action pile '{pile}' holds more than {PILE_SIZE} cards"
                )));
            }
            if pile.chars().all(|c| c == '?') {
                state.face_down = true;
                state.pile_len = pile.len() as u8;
            } else {
                for (place, letter) in pile.chars().enumerate() {
                    state.pile[place] = PieceCard::from_letter(letter).ok_or_else(|| {
                        fen_fields::expected(
                            "parade action pile",
                            "piece cards (a view writes every card ?)",
                            pile,
                        )
                    })?;
                }
                state.pile_len = pile.chars().count() as u8;
            }
        }
        state.negative_spent = fen_fields::number(
            "parade negative cards spent",
            parts.next_part(),
            0..=NEGATIVE_CARDS,
        )?;
        match parts.optional() {
            None => {}
            Some("add") if state.face_down => state.add_pending = true,
            Some(other) => {
                return Err(fen_fields::expected(
                    "parade end",
                    "nothing after the negative cards (only a view may end in :add)",
                    other,
                ));
            }
        }
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let state = &pos.state;
        out.push_str(" parade:");
        if state.face_down && state.pile_len > 0 {
            out.push_str(&"?".repeat(state.pile_len()));
        } else {
            fen_fields::write_run(out, state.pile().iter().map(|card| card.letter()));
        }
        out.push_str(&format!(":{}", state.negative_spent));
        if state.add_pending {
            out.push_str(":add");
        }
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        solitaire::validate_one_player(
            pos,
            "a parade has one player: the fields after the board are always w - - 0 1",
            "Parade has no pawns",
        )?;
        if pos.occupied().is_empty() {
            return Err(illegal("a parade needs pieces on the board"));
        }
        let state = pos.state;
        if state.pile_len > 0 && state.negative_spent > 0 {
            return Err(illegal(
                "negative cards are spent only once the action pile is empty",
            ));
        }
        let mut cards =
            CardCounts::of_board(pos.occupied().into_iter().filter_map(|sq| pos.piece_at(sq)))
                .unwrap_or_default();
        for card in state.pile() {
            cards.0[card.index()] += 1;
        }
        if !cards.within(&CardCounts::deck()) {
            return Err(illegal(
                "the board and the pile hold more of some card than the 16 cards (one K, Q, k, q; \
                 two of each R, B, N, r, b, n)",
            ));
        }
        if state.add_pending && !blind_add_fits(pos) {
            return Err(illegal(
                "an add is pending, but a card that may be on top does not fit",
            ));
        }
        if cards.total()
            + if state.face_down {
                u32::from(state.pile_len)
            } else {
                0
            }
            > PIECE_CARDS as u32
        {
            return Err(illegal("the board and the pile hold more than 16 cards"));
        }
        Ok(())
    }

    fn state_hash(&self, state: &ParadeState) -> u64 {
        let mut hash = KEY_LENGTH.key(state.pile_len());
        for (place, card) in state.pile().iter().enumerate() {
            hash ^= KEY_PILE.key(place * 10 + card.index());
        }
        hash ^= KEY_NEGATIVE.key(usize::from(state.negative_spent));
        if state.face_down {
            hash ^= KEY_FACE_DOWN.single();
        }
        if state.add_pending {
            hash ^= KEY_PENDING.single();
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        let state = &pos.state;
        if connected(pos) || state.add_pending {
            return;
        }
        if state.pile_len == 0 && state.negative_spent >= NEGATIVE_CARDS {
            return;
        }
        orders(pos, moves);
        if state.pile_len > 0 {
            match state.pile().first() {
                Some(top) => {
                    if let Some(square) = add_square(pos.occupied(), top.piece().kind) {
                        moves.push(add_move(*top, square));
                    }
                }
                None if blind_add_fits(pos) => moves.push(Move::drop(BLIND_ADD, Square::A1)),
                None => {}
            }
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| {
            match mv.flag() {
                MoveFlag::Drop if mv.kind() == BLIND_ADD => pos.state.add_pending = true,
                MoveFlag::Drop | MoveFlag::Chance => {
                    if let Some(card) = card_of(mv) {
                        place(pos, card);
                    }
                    pos.state.take_top();
                    pos.state.add_pending = false;
                }
                _ => {
                    pos.relocate(mv.from(), mv.to());
                    if pos.state.pile_len > 0 {
                        pos.state.take_top();
                    } else {
                        pos.state.negative_spent += 1;
                    }
                }
            }
            if pos.state.pile_len == 0 {
                pos.state.face_down = false;
            }
        });
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        if connected(pos) {
            return Some(solitaire::won(CONNECTED));
        }
        (pos.state.pile_len == 0 && pos.state.negative_spent >= NEGATIVE_CARDS)
            .then_some(self.no_move_outcome(pos))
    }

    fn no_move_outcome(&self, _pos: &Position<Self>) -> Outcome {
        solitaire::lost(NOT_CONNECTED)
    }

    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if !pos.state.add_pending {
            return false;
        }
        let occupied = pos.occupied();
        for (card, count) in unseen_cards(pos).cards() {
            if let Some(square) = add_square(occupied, card.piece().kind) {
                outcomes.push(ChanceOutcome {
                    outcome: reveal_move(card, square),
                    weight: u32::from(count),
                });
            }
        }
        true
    }

    fn hides_information(&self) -> bool {
        !self.open
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        pos.state.face_down
    }

    /// The pile face down: its cards become `?` (with `ParadeOpen` the view is the state).
    fn view(&self, pos: &Position<Self>, _seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        if !self.open && view.state.pile_len > 0 {
            view.update_state(self, |view| {
                view.state.face_down = true;
                view.state.pile = [PieceCard::default(); PILE_SIZE];
            });
        }
        view
    }

    /// The unseen cards, shuffled, fill the pile from the top; a view waiting for its added
    /// card gets the top card placed.
    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        if !view.state.face_down {
            return view.clone();
        }
        let mut unseen: Vec<PieceCard> = unseen_cards(view)
            .cards()
            .flat_map(|(card, count)| std::iter::repeat_n(card, usize::from(count)))
            .collect();
        unseen.shuffle(rng);
        let mut world = view.clone();
        let pending = world.update_state(self, |world| {
            let state = &mut world.state;
            state.face_down = false;
            for (place, card) in unseen.iter().take(state.pile_len()).enumerate() {
                state.pile[place] = *card;
            }
            std::mem::take(&mut state.add_pending)
        });
        if pending
            && let Some(top) = world.state.pile().first().copied()
            && let Some(square) = add_square(world.occupied(), top.piece().kind)
        {
            self.play(&mut world, add_move(top, square));
        }
        world
    }

    // Duplicate self-play on the standard scale gave 83 Elo for 200 levels: a doubling of the
    // solver's nodes buys more here, so 48 levels a doubling (docs/strength-levels.md).
    crate::solitaire::solitaire_rules!(amity_engine::search::StrengthScale::new(48));

    /// The best score still reachable by the solver's bound, in hundredths: White is the
    /// player whatever the position.
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        let optimistic = score_now(pos) - self.lower_bound(pos) as i32;
        optimistic.max(WORST_SCORE) * 100
    }
}

impl Notation for Parade {
    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            MoveFlag::Drop if mv.kind() == BLIND_ADD => "add".into(),
            MoveFlag::Drop | MoveFlag::Chance => match card_of(mv) {
                Some(card) => format!("{}@{}", card.letter(), mv.to()),
                None => "0000".into(),
            },
            _ if mv.is_null() => "0000".into(),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for Parade {
    fn record_tags(&self, pos: &Position<Self>) -> Vec<(&'static str, String)> {
        crate::solitaire::score_tag(self, pos)
    }

    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        let mv = seen.decision;
        match mv.flag() {
            MoveFlag::Drop if mv.kind() == BLIND_ADD => {
                Some("turn up the top card and add it".into())
            }
            MoveFlag::Drop | MoveFlag::Chance => card_of(mv).map(|card| {
                let piece = crate::words::piece_words(&orthodox::STANDARD_PIECES, card.piece());
                format!("a {piece} comes to {}", mv.to())
            }),
            _ => None,
        }
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let mut text = String::new();
        if state.pile_len > 0 {
            let pile: String = if state.face_down {
                "face down".into()
            } else {
                state.pile().iter().map(|card| card.letter()).collect()
            };
            text.push_str(&format!(
                "Action pile ({} cards, top first): {pile}\n",
                state.pile_len
            ));
        } else {
            text.push_str(&format!(
                "Negative phase: {} of {NEGATIVE_CARDS} cards spent\n",
                state.negative_spent
            ));
        }
        text.push_str(&format!(
            "Groups: {}; score if connected now: {}\n",
            Touch::Orthogonal.groups(pos.occupied()),
            score_now(pos)
        ));
        if state.add_pending {
            text.push_str("An add was decided: the referee turns the top card\n");
        }
        if let Some(score) = final_score(pos) {
            text.push_str(&format!("Final score: {score}\n"));
        }
        text
    }

    fn seats(&self) -> &'static [SeatInfo] {
        &crate::solitaire::ONE_SEAT
    }

    /// The action pile, top first: face down (`?`) unless the pile is open.
    fn card_rows(&self, pos: &Position<Self>) -> Vec<amity_engine::CardRow> {
        let state = &pos.state;
        let cards = if state.face_down {
            vec!["?".to_string(); state.pile_len()]
        } else {
            state
                .pile()
                .iter()
                .map(|card| card.letter().to_string())
                .collect()
        };
        vec![amity_engine::CardRow {
            title: "action pile, top first".into(),
            owner: None,
            cards,
        }]
    }
}

impl Learning for Parade {}

crate::solitaire::solitaire_solver!(Parade);

impl Solitaire for Parade {
    const TOUCH: Touch = Touch::Orthogonal;

    fn cost(&self, _pos: &Position<Self>, _mv: Move) -> u32 {
        1
    }

    fn budget(&self, pos: &Position<Self>) -> u32 {
        u32::from(pos.state.pile_len) + u32::from(NEGATIVE_CARDS - pos.state.negative_spent)
    }

    fn score_after(&self, pos: &Position<Self>, spent: u32) -> i32 {
        score_now(pos) - spent as i32
    }

    fn lost_score(&self) -> i32 {
        WORST_SCORE
    }

    fn deal_from_text(&self, text: &str) -> Result<Position<Self>, String> {
        deal_from_letters(text).map_err(|error| error.to_string())
    }

    fn random_deal_text(&self, rng: &mut StdRng) -> String {
        random_deal(rng)
    }

    fn turned(&self, state: &Position<Self>) -> Option<Move> {
        let top = *state.state.pile().first()?;
        add_square(state.occupied(), top.piece().kind).map(|square| reveal_move(top, square))
    }

    fn won(&self, pos: &Position<Self>) -> bool {
        connected(pos)
    }

    /// In the negative phase the cards still needed depend on the board alone.
    fn table_key(&self, pos: &Position<Self>) -> u64 {
        if pos.state.pile_len == 0 {
            pos.hash() ^ self.state_hash(&pos.state) ^ KEY_NEGATIVE.key(0)
        } else {
            pos.hash()
        }
    }

    /// Two admissible bounds (RULES.md, rule 11). Groups: a Move joins at most four groups
    /// into one (lifting a lone piece removes its group, and a square has four sides), an Add
    /// joins none (only the square below it can be taken), so `ceil((groups - 1) / 4)` Moves
    /// remain. Boxes: with `a` more Adds and `m` Moves, at least `n - m` of the `n` pieces
    /// never move and lie in the final group of `n + a` pieces, whose box has width + height
    /// - 1 at most `n + a`. Every action spends one card.
    fn lower_bound_within(
        &self,
        pos: &Position<Self>,
        allowance: u32,
        scratch: &mut Scratch,
    ) -> u32 {
        // Worked out afresh each time, and cheap: nothing to keep, nothing to skip.
        let _ = (allowance, scratch);
        let occupied = pos.occupied();
        let pieces = occupied.count() as u32;
        let groups = Touch::Orthogonal.groups(occupied);
        if groups <= 1 {
            return 0;
        }
        let moves_for_groups = (groups - 1).div_ceil(4);
        let inside = crate::solitaire::most_inside(Touch::Orthogonal, occupied, Bitboard::EMPTY);
        let adds_left = u32::from(pos.state.pile_len);
        (0..=adds_left)
            .map(|adds| {
                let final_size = (pieces + adds).min(16) as usize;
                let moved = pieces - u32::from(inside[final_size]);
                adds + moves_for_groups.max(moved)
            })
            .min()
            .unwrap_or(0)
    }
}
