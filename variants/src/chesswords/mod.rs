//! Secret Chesswords: a cooperative game for two on a lettered Los Alamos board. Each turn the
//! clue giver points the mover at a move through the letters of its squares, the mover moves,
//! and a capture may let the captured player discard a card and mark the capturing piece's
//! start square with a checker; the checkers' letters make the final words.
//!
//! Every decision (clue, move, discard) is one ply. The side to move of a [`Position`] is the
//! player who owes the next decision (the clue giver during `clue`); the FEN's second field
//! names the mover ([`Rules::fen_turn`]). The full state (hands, stack order, the clue word)
//! is plain data in [`ChesswordsState`], so a seat's view is derived from it.
//!
//! The rules as implemented, and every ruling made here, are in `docs/variants/chesswords.md`.

pub mod cards;
pub mod letters;
pub mod partner;
pub mod score;
pub mod table;
pub mod wordnet;
pub mod words;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};

use amity_engine::fen_fields::{self, ExtraFields};
use amity_engine::orthodox::{
    self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, STANDARD_PIECES, shift_forward,
};
use amity_engine::search::StrengthScale;
use amity_engine::{
    Bitboard, Color, DrawReason, FenError, Geometry, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, Outcome, Piece, PolicyOption, Position, Presentation, Rank, Rules,
    RulesExt, Scratch, SearchFlags, Solver, Square,
};

pub use cards::{Card, CardList};
pub use letters::{Layout, Letters};
pub use words::{Lexicon, Pair};

use letters::{letter_char, read_letters, write_letters};

/// Secret Chesswords. It carries the word list and the WordNet its own partner plays with
/// (each read once, when first needed); the rules themselves never look at them.
#[derive(Clone, Debug, Default)]
pub struct Chesswords {
    lexicon: Arc<words::LazyLexicon>,
    wordnet: Arc<wordnet::LazyWordNet>,
}

impl Chesswords {
    /// The rules with the word list read from `path` (when first needed) instead of Debian's.
    pub fn with_word_file(path: &str) -> Chesswords {
        Chesswords {
            lexicon: Arc::new(words::LazyLexicon::from_path(path)),
            ..Chesswords::default()
        }
    }

    /// The WordNet the partner clues and understands clues with (`None` if it cannot be
    /// read: the partner then says letters).
    pub fn wordnet(&self) -> Option<&wordnet::WordNet> {
        self.wordnet.get()
    }

    /// The word list the partner scores letters with (empty if it cannot be read).
    pub fn lexicon(&self) -> &Lexicon {
        self.lexicon.get()
    }
}

const GEOMETRY: Geometry = Geometry { files: 6, ranks: 6 };

/// Pawns promote to these, as in Los Alamos.
const PROMOTIONS: [Kind; 3] = [QUEEN, ROOK, KNIGHT];

/// The RULES.md reference start: deal `PnRpKqpPNrpPQkPpNnRPrpPp`, layout `1A2B3A4B5A6B`.
pub const START_FEN: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 \
     letters:ikawug/pirend/btanum/dersop/elomir/setari checkers:- hands:PnRp/KqpP \
     stack:NrpPQk cw:0:0:0:clue";

/// The start placement every deal uses.
const START_PLACEMENT: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR";

/// Longest clue word a state keeps (longer words are refused, never cut).
pub const MAX_WORD: usize = 32;

/// A clue word kept in a full state: a-z letters, 2 to [`MAX_WORD`] of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClueWord {
    letters: [u8; MAX_WORD],
    len: u8,
}

impl ClueWord {
    /// The word, if `text` is 2 to [`MAX_WORD`] letters a-z.
    pub fn new(text: &str) -> Option<ClueWord> {
        let bytes = text.as_bytes();
        if !(2..=MAX_WORD).contains(&bytes.len()) || !bytes.iter().all(u8::is_ascii_lowercase) {
            return None;
        }
        let mut letters = [0u8; MAX_WORD];
        letters[..bytes.len()].copy_from_slice(bytes);
        Some(ClueWord {
            letters,
            len: bytes.len() as u8,
        })
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.letters[..usize::from(self.len)]).unwrap_or("")
    }

    /// First and last letter, as letter indices.
    pub fn ends(&self) -> (u8, u8) {
        let bytes = self.as_str().as_bytes();
        (bytes[0] - b'a', bytes[bytes.len() - 1] - b'a')
    }
}

impl std::fmt::Debug for ClueWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A decision in plain words (see `Rules::in_words`). A word clue is told without its letters
/// once `made`: the mover's view does not hold them, and the giver's record has its word.
fn decision_in_words(mv: Move, made: bool) -> Option<String> {
    let card_words = |card: Card| match (card.color(), card.kind()) {
        (Some(color), Some(kind)) => {
            crate::words::piece_words(&STANDARD_PIECES, amity_engine::Piece { color, kind })
        }
        _ => "an unseen card".into(),
    };
    Some(match Decision::of(mv) {
        Decision::Pass => "no clue".into(),
        Decision::Word(..) if made => "a secret clue word".into(),
        Decision::Word(first, last) => format!(
            "a clue word from {} to {}",
            letter_char(first),
            letter_char(last)
        ),
        Decision::Say(first, last) => format!(
            "say the letters {} {} (a penalty point)",
            letter_char(first),
            letter_char(last)
        ),
        Decision::Keep => "keep every card".into(),
        Decision::Discard(card) => format!("discard the {} card", card_words(card)),
        Decision::Board(_) => return None,
    })
}

/// Where a turn stands: which decision is owed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The clue giver owes a clue (or a pass).
    #[default]
    Clue,
    /// The mover moves after a pass.
    MovePass,
    /// The mover moves after a word clue; `None` in the mover's view (`move-word-?`).
    MoveWord(Option<ClueWord>),
    /// The mover moves after the clue giver said two letters.
    MoveSay(u8, u8),
    /// The captured player may discard: the captured piece's card, the capturing piece's card
    /// (a pawn if it promoted) and the square the capturing piece came from.
    Discard {
        captured: Card,
        capturer: Card,
        from: Square,
    },
    /// The game has ended.
    Over,
}

/// Everything beyond the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChesswordsState {
    /// The letter of each square (`rank * 6 + file`, a = 0).
    pub letters: Letters,
    /// Squares holding a checker.
    pub checkers: Bitboard,
    /// Hands, White's first, in the order written (dealt, then drawn).
    pub hands: [CardList; 2],
    /// The draw stack, top first.
    pub stack: CardList,
    /// Penalty points (said letters, spelled words).
    pub penalties: u32,
    /// Passes in succession: 0, 1, or 2 once two passes ended the game.
    pub passes: u8,
    pub king_captured: bool,
    pub stage: Stage,
    /// The side written in the FEN: the mover during `clue` and the move, the discarder (who
    /// moves next) during a discard, the side that would move next once the game is over.
    pub mover: Color,
}

impl Default for ChesswordsState {
    fn default() -> ChesswordsState {
        ChesswordsState {
            letters: [0; 36],
            checkers: Bitboard::EMPTY,
            hands: [CardList::default(); 2],
            stack: CardList::default(),
            penalties: 0,
            passes: 0,
            king_captured: false,
            stage: Stage::Clue,
            mover: Color::White,
        }
    }
}

impl ChesswordsState {
    pub fn hand(&self, color: Color) -> &CardList {
        &self.hands[side_index(color)]
    }

    fn hand_mut(&mut self, color: Color) -> &mut CardList {
        &mut self.hands[side_index(color)]
    }

    /// The letter on `square`.
    pub fn letter(&self, square: Square) -> u8 {
        self.letters[square_index(square)]
    }

    /// The letters under the checkers, one per checker (a to f, rank 1 first).
    pub fn collected(&self) -> Vec<u8> {
        self.checkers.into_iter().map(|s| self.letter(s)).collect()
    }

    /// The clue giver: the player who is not the mover.
    pub fn clue_giver(&self) -> Color {
        !self.mover
    }
}

fn side_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Index of a square of the 6x6 board into [`Letters`].
pub fn square_index(square: Square) -> usize {
    square.rank() as usize * 6 + square.file() as usize
}

// ----- decisions -----

// Decisions other than board moves are chance-flagged moves whose kind says which decision
// they are; a word or said pair carries its letters as the two squares' numbers (a = 0), a
// discard its card as the target square's number.
const PASS: u8 = 0;
const WORD: u8 = 1;
const SAY: u8 = 2;
const KEEP: u8 = 3;
const DISCARD: u8 = 4;

fn decision(code: u8, first: u8, second: u8) -> Move {
    Move::chance(
        Square::new(u32::from(first)),
        Square::new(u32::from(second)),
        Kind::new(code),
    )
}

/// The `pass` clue.
pub fn pass_decision() -> Move {
    decision(PASS, 0, 0)
}

/// A `word:` clue for the letter pair (letter indices).
pub fn word_decision(first: u8, last: u8) -> Move {
    decision(WORD, first, last)
}

/// A `say:` clue for the letter pair.
pub fn say_decision(first: u8, last: u8) -> Move {
    decision(SAY, first, last)
}

/// Keeping every card after a capture.
pub fn keep_decision() -> Move {
    decision(KEEP, 0, 0)
}

/// Discarding `card`.
pub fn discard_decision(card: Card) -> Move {
    decision(DISCARD, 0, card.index() as u8)
}

/// How a word clue is told to the mover, who may not read the word (see
/// [`Presentation::announce_to`]); the mover's view plays it as a clue of unknown word.
pub const UNSEEN_WORD: &str = "word:?";

/// What a word clue's token says of the word.
enum Told {
    /// Only the end letters its decision carries.
    Letters,
    /// The whole word, as the clue giver wrote it.
    Word(ClueWord),
    /// Nothing: the listener may not read it ([`UNSEEN_WORD`]).
    Unseen,
}

/// What a decision is, read back from its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Pass,
    Word(u8, u8),
    Say(u8, u8),
    Keep,
    Discard(Card),
    /// A move on the board.
    Board(Move),
}

impl Decision {
    pub fn of(mv: Move) -> Decision {
        if mv.flag() != MoveFlag::Chance {
            return Decision::Board(mv);
        }
        let (first, second) = (mv.from() as u8, mv.to() as u8);
        match mv.kind().index() as u8 {
            PASS => Decision::Pass,
            WORD => Decision::Word(first, second),
            SAY => Decision::Say(first, second),
            KEEP => Decision::Keep,
            _ => Decision::Discard(Card::from_index(usize::from(second)).unwrap_or_default()),
        }
    }
}

// ----- the board (rule 1) -----

/// The board moves of `color`: Los Alamos moves without check, never ending on a checker.
pub fn board_moves(pos: &Position<Chesswords>, color: Color, moves: &mut MoveList) {
    let board = GEOMETRY.mask();
    let occupied = pos.occupied();
    let ours = pos.color(color);
    let theirs = pos.color(!color);
    let open = board & !pos.state.checkers;
    let last_rank = match color {
        Color::White => Rank::Sixth,
        Color::Black => Rank::First,
    };
    for from in ours {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let targets = if piece.kind == PAWN {
            let step = shift_forward(Bitboard::from_square(from), color) & !occupied;
            let captures = orthodox::pawn_attacks_from(color, from) & theirs;
            (step | captures) & open
        } else {
            orthodox::attacks(piece.kind, color, from, occupied) & !ours & open
        };
        for to in targets {
            if piece.kind == PAWN && to.rank() == last_rank {
                for kind in PROMOTIONS {
                    moves.push(Move::promotion(from, to, kind));
                }
            } else {
                moves.push(Move::normal(from, to));
            }
        }
    }
}

/// The distinct (from-letter, to-letter) pairs of a list of board moves, as a 26x26 table.
pub fn letter_pairs(state: &ChesswordsState, moves: &[Move]) -> Vec<(u8, u8)> {
    let mut seen = [[false; 26]; 26];
    let mut pairs = Vec::new();
    for mv in moves {
        let pair = (state.letter(mv.from()), state.letter(mv.to()));
        let cell = &mut seen[usize::from(pair.0)][usize::from(pair.1)];
        if !*cell {
            *cell = true;
            pairs.push(pair);
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The board moves whose squares carry the letter pair.
pub fn moves_with_pair(state: &ChesswordsState, moves: &[Move], pair: (u8, u8)) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|mv| (state.letter(mv.from()), state.letter(mv.to())) == pair)
        .collect()
}

/// The cards in `hand` a capture lets its owner (the captured side, `discarder`) discard:
/// its own colour's card of the captured kind, or the partner's card of the capturer's kind.
/// Unknown cards (`?`) are never eligible.
pub fn eligible(hand: &CardList, captured: Card, capturer: Card) -> Vec<Card> {
    let mut cards: Vec<Card> = hand
        .iter()
        .filter(|card| *card == captured || *card == capturer)
        .collect();
    cards.sort_unstable();
    cards.dedup();
    cards
}

impl Chesswords {
    /// The mover's legal board moves.
    pub fn mover_moves(&self, pos: &Position<Chesswords>) -> MoveList {
        let mut moves = MoveList::new();
        board_moves(pos, pos.state.mover, &mut moves);
        moves
    }

    /// Ends the turn whose mover was `mover`: the other side becomes the mover, and the game
    /// ends if a king was captured or the new mover cannot move.
    fn end_turn(&self, pos: &mut Position<Chesswords>, mover: Color) {
        if mover == Color::Black {
            pos.set_fullmoves(pos.fullmoves() + 1);
        }
        pos.state.mover = !mover;
        if pos.state.king_captured {
            pos.state.stage = Stage::Over;
        } else {
            pos.state.stage = Stage::Clue;
            if self.mover_moves(pos).is_empty() {
                pos.state.stage = Stage::Over;
            }
        }
        self.hand_turn(pos);
    }

    /// Gives the decision to whoever owes it at this stage.
    fn hand_turn(&self, pos: &mut Position<Chesswords>) {
        let decider = match pos.state.stage {
            Stage::Clue => pos.state.clue_giver(),
            _ => pos.state.mover,
        };
        pos.set_turn(decider);
    }

    /// Plays a board move and what follows it (rule 4b and 4c).
    fn play_board(&self, pos: &mut Position<Chesswords>, mv: Move) {
        let mover = pos.state.mover;
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = pos.piece_at(from) else {
            return;
        };
        let victim = pos.remove(to);
        pos.remove(from);
        let arrived = if mv.flag() == MoveFlag::Promotion {
            Piece::new(mover, mv.kind())
        } else {
            piece
        };
        pos.put(to, arrived);
        let Some(victim) = victim else {
            self.end_turn(pos, mover);
            return;
        };
        if victim.kind == KING {
            pos.state.king_captured = true;
        }
        let discarder = victim.color;
        let captured = Card::new(discarder, victim.kind);
        let capturer = Card::new(mover, piece.kind);
        if eligible(pos.state.hand(discarder), captured, capturer).is_empty() {
            self.end_turn(pos, mover);
            return;
        }
        pos.state.stage = Stage::Discard {
            captured,
            capturer,
            from,
        };
        pos.state.mover = discarder;
        self.hand_turn(pos);
    }

    /// Plays a decision, keeping `word` as the clue word when it is a word clue.
    fn play_decision(&self, pos: &mut Position<Chesswords>, mv: Move, told: Told) {
        pos.update_state(self, |pos| {
            match Decision::of(mv) {
                Decision::Board(mv) => self.play_board(pos, mv),
                Decision::Pass => {
                    if pos.state.passes >= 1 {
                        pos.state.passes = 2;
                        pos.state.stage = Stage::Over;
                    } else {
                        pos.state.passes = 1;
                        pos.state.stage = Stage::MovePass;
                    }
                    self.hand_turn(pos);
                }
                Decision::Word(first, last) => {
                    let word = match told {
                        Told::Word(word) => Some(word),
                        Told::Letters => {
                            ClueWord::new(&format!("{}{}", letter_char(first), letter_char(last)))
                        }
                        Told::Unseen => None,
                    };
                    pos.state.passes = 0;
                    pos.state.stage = Stage::MoveWord(word);
                    self.hand_turn(pos);
                }
                Decision::Say(first, last) => {
                    pos.state.passes = 0;
                    pos.state.penalties += 1;
                    pos.state.stage = Stage::MoveSay(first, last);
                    self.hand_turn(pos);
                }
                Decision::Keep | Decision::Discard(_) => {
                    let discarder = pos.state.mover;
                    if let (Decision::Discard(card), Stage::Discard { from, .. }) =
                        (Decision::of(mv), pos.state.stage)
                    {
                        let state = &mut pos.state;
                        let hand = state.hand_mut(discarder);
                        // In a view the card may be one of the unseen ones.
                        if !hand.take(card) {
                            hand.take(cards::HIDDEN);
                        }
                        state.checkers.add(from);
                        if let Some(drawn) = state.stack.take_first() {
                            state.hand_mut(discarder).push(drawn);
                        }
                    }
                    // The capturing side's turn ends with the discard decision.
                    self.end_turn(pos, !discarder);
                }
            }
        });
    }

    /// Why the game ended, if it has.
    pub fn end_reason(&self, pos: &Position<Chesswords>) -> Option<&'static str> {
        let state = &pos.state;
        match state.stage {
            Stage::Over if state.king_captured => Some("a king was captured"),
            Stage::Over if state.passes >= 2 => Some("two passes in succession"),
            Stage::Over => Some("the mover has no legal move"),
            Stage::Clue if self.mover_moves(pos).is_empty() => Some("the mover has no legal move"),
            _ => None,
        }
    }
}

/// The variant state's hash: every field, from scratch (cheap next to a move generation).
fn state_key(state: &ChesswordsState) -> u64 {
    let mut hasher = DefaultHasher::new();
    state.hash(&mut hasher);
    hasher.finish()
}

// ----- FEN (rule 9) -----

fn read_stage(text: &str) -> Result<Stage, FenError> {
    let bad = || FenError::Illegal(format!("unknown stage '{text}'"));
    let stage = match text {
        "clue" => Stage::Clue,
        "move-pass" => Stage::MovePass,
        "move-word-?" => Stage::MoveWord(None),
        "over" => Stage::Over,
        _ => {
            if let Some(word) = text.strip_prefix("move-word-") {
                Stage::MoveWord(Some(ClueWord::new(word).ok_or_else(bad)?))
            } else if let Some(pair) = text.strip_prefix("move-say-") {
                let bytes = pair.as_bytes();
                if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_lowercase) {
                    return Err(bad());
                }
                Stage::MoveSay(bytes[0] - b'a', bytes[1] - b'a')
            } else if let Some(rest) = text.strip_prefix("discard-") {
                let mut chars = rest.chars();
                let captured = chars.next().and_then(Card::from_char).ok_or_else(bad)?;
                let capturer = chars.next().and_then(Card::from_char).ok_or_else(bad)?;
                let from = fen_fields::square_on(GEOMETRY, chars.as_str())?;
                Stage::Discard {
                    captured,
                    capturer,
                    from,
                }
            } else {
                return Err(bad());
            }
        }
    };
    Ok(stage)
}

fn write_stage(stage: &Stage) -> String {
    match stage {
        Stage::Clue => "clue".into(),
        Stage::MovePass => "move-pass".into(),
        Stage::MoveWord(None) => "move-word-?".into(),
        Stage::MoveWord(Some(word)) => format!("move-word-{}", word.as_str()),
        Stage::MoveSay(first, last) => {
            format!("move-say-{}{}", letter_char(*first), letter_char(*last))
        }
        Stage::Discard {
            captured,
            capturer,
            from,
        } => format!("discard-{captured}{capturer}{from}"),
        Stage::Over => "over".into(),
    }
}

fn read_cards(text: &str, what: &str) -> Result<CardList, FenError> {
    if text == "-" {
        return Ok(CardList::default());
    }
    CardList::parse(text).ok_or_else(|| FenError::Illegal(format!("bad {what} '{text}'")))
}

fn write_cards(cards: &CardList) -> String {
    if cards.is_empty() {
        "-".into()
    } else {
        cards.to_string()
    }
}

fn read_state(fields: &[&str], mover: Color) -> Result<ChesswordsState, FenError> {
    let mut fields = ExtraFields::new(fields);
    let letters_shape = "six ranks of six letters a-z, rank 6 first";
    let letters_text = fields.tagged("letters", letters_shape)?;
    let letters = read_letters(letters_text)
        .ok_or_else(|| fen_fields::expected("letters", letters_shape, letters_text))?;
    let mut checkers = Bitboard::EMPTY;
    for name in fen_fields::list(fields.tagged("checkers", "<squares or ->")?) {
        let square = fen_fields::square_on(GEOMETRY, name)?;
        if checkers.contains(square) {
            return Err(FenError::Illegal(format!(
                "checkers: {square} listed twice (a square holds one checker)"
            )));
        }
        checkers.add(square);
    }
    let hands_text = fields.tagged("hands", "<White's cards>/<Black's cards>")?;
    let [white, black] = fen_fields::per_side("hands", hands_text)?;
    let hands = [read_cards(white, "hand")?, read_cards(black, "hand")?];
    let stack = read_cards(fields.tagged("stack", "<cards or ->")?, "stack")?;
    let cw_shape = "<penalties>:<passes>:<king captured>:<stage>";
    let cw = fields.tagged("cw", cw_shape)?;
    let parts: Vec<&str> = cw.splitn(4, ':').collect();
    let [penalties, passes, king_captured, stage] = parts[..] else {
        return Err(fen_fields::expected("cw", cw_shape, cw));
    };
    let penalties = fen_fields::number("cw penalties", penalties, 0..=u32::MAX)?;
    let passes = match passes {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => return Err(fen_fields::expected("cw passes", "0, 1 or 2", other)),
    };
    let king_captured = match king_captured {
        "0" => false,
        "1" => true,
        other => return Err(fen_fields::expected("cw king captured", "0 or 1", other)),
    };
    let stage = read_stage(stage)?;
    fields.finish()?;
    Ok(ChesswordsState {
        letters,
        checkers,
        hands,
        stack,
        penalties,
        passes,
        king_captured,
        stage,
        mover,
    })
}

/// Checks the state's parts against each other and the board.
fn check_state(pos: &Position<Chesswords>) -> Result<(), FenError> {
    let state = &pos.state;
    let illegal = |why: String| Err(FenError::Illegal(why));
    if pos.kind(BISHOP).any() {
        return illegal("Secret Chesswords has no bishops".into());
    }
    let mut missing_king = false;
    for color in [Color::White, Color::Black] {
        match pos.pieces(color, KING).count() {
            0 => missing_king = true,
            1 => {}
            n => return illegal(format!("{} has {n} kings", orthodox::color_name(color))),
        }
    }
    if missing_king != state.king_captured {
        return illegal("a king is missing exactly when cw: says one was captured".into());
    }
    if state.king_captured && !matches!(state.stage, Stage::Over | Stage::Discard { .. }) {
        return illegal("after a king capture only the discard decision is left".into());
    }
    if pos
        .kind(PAWN)
        .intersects(Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Sixth))
    {
        return illegal("a pawn stands on the first or last rank".into());
    }
    if let Some(square) = (pos.occupied() & state.checkers).first() {
        return illegal(format!("a piece stands on the checker on {square}"));
    }
    // No more cards of a kind than the deck has.
    let mut seen = [0u8; 12];
    for card in state.hands[0]
        .iter()
        .chain(state.hands[1].iter())
        .chain(state.stack.iter())
    {
        if let Some(index) = card.known_index() {
            seen[index] += 1;
        }
    }
    for card in Card::all() {
        if seen[card.index()] > card.deck_count() {
            return illegal(format!("more {card} cards than the deck has"));
        }
    }
    match (state.stage, state.passes) {
        (Stage::MovePass, 1) | (Stage::Over, _) | (Stage::Clue | Stage::Discard { .. }, 0 | 1) => {}
        (Stage::MoveWord(_) | Stage::MoveSay(..), 0) => {}
        _ => {
            return illegal(format!(
                "{} passes in succession do not fit stage {}",
                state.passes,
                write_stage(&state.stage)
            ));
        }
    }
    if state.passes == 2 && state.stage != Stage::Over {
        return illegal("two passes end the game: the stage is over".into());
    }
    if let Stage::Discard {
        captured,
        capturer,
        from,
    } = state.stage
    {
        let discarder = state.mover;
        if captured.color() != Some(discarder) || capturer.color() != Some(!discarder) {
            return illegal(
                "discard-: the captured piece is the discarder's (the side field), the capturer the partner's".into(),
            );
        }
        if pos.occupied().contains(from) || state.checkers.contains(from) {
            return illegal(format!(
                "discard-: {from}, where the capturer came from, is not empty"
            ));
        }
        let hand = state.hand(discarder);
        if !hand.has_hidden() && eligible(hand, captured, capturer).is_empty() {
            return illegal("discard-: the discarder holds no card the capture lets go".into());
        }
    }
    Ok(())
}

// ----- views -----

/// Whether any part of the state is hidden (`?`).
fn hidden(state: &ChesswordsState) -> bool {
    state.hands.iter().any(CardList::has_hidden)
        || state.stack.has_hidden()
        || state.stage == Stage::MoveWord(None)
}

impl Rules for Chesswords {
    type State = ChesswordsState;

    fn identity(&self) -> Identity {
        Identity::new("chesswords", START_FEN, &STANDARD_PIECES).on(GEOMETRY)
    }

    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        pos.state = read_state(fields, pos.turn())?;
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let state = &pos.state;
        let checkers: Vec<String> = state.checkers.into_iter().map(|s| s.to_string()).collect();
        out.push_str(&format!(
            " letters:{} checkers:{} hands:{}/{} stack:{} cw:{}:{}:{}:{}",
            write_letters(&state.letters),
            if checkers.is_empty() {
                "-".to_string()
            } else {
                checkers.join(",")
            },
            write_cards(&state.hands[0]),
            write_cards(&state.hands[1]),
            write_cards(&state.stack),
            state.penalties,
            state.passes,
            u8::from(state.king_captured),
            write_stage(&state.stage)
        ));
    }

    fn fen_turn(&self, pos: &Position<Self>) -> Color {
        pos.state.mover
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos.castling().any() {
            return Err(FenError::Castling(
                "Secret Chesswords has no castling".into(),
            ));
        }
        if pos.en_passant().is_some() {
            return Err(FenError::EnPassant(
                "Secret Chesswords has no en passant".into(),
            ));
        }
        check_state(pos)?;
        // No draw rules: the halfmove field stays 0 (rule 9).
        pos.set_halfmove_clock(0);
        self.hand_turn(pos);
        Ok(())
    }

    fn state_hash(&self, state: &Self::State) -> u64 {
        state_key(state)
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        let state = &pos.state;
        match state.stage {
            Stage::Over => {}
            Stage::Clue => {
                let legal = self.mover_moves(pos);
                if legal.is_empty() {
                    return;
                }
                moves.push(pass_decision());
                let pairs = letter_pairs(state, legal.as_slice());
                for (first, last) in &pairs {
                    moves.push(word_decision(*first, *last));
                }
                for (first, last) in &pairs {
                    moves.push(say_decision(*first, *last));
                }
            }
            Stage::MovePass | Stage::MoveWord(_) | Stage::MoveSay(..) => {
                board_moves(pos, state.mover, moves);
            }
            Stage::Discard {
                captured, capturer, ..
            } => {
                moves.push(keep_decision());
                let hand = state.hand(state.mover);
                let mut cards = eligible(hand, captured, capturer);
                // A view that does not see the hand cannot rule out either eligible card.
                if hand.has_hidden() {
                    cards.extend([captured, capturer]);
                    cards.sort_unstable();
                    cards.dedup();
                }
                for card in cards {
                    moves.push(discard_decision(card));
                }
            }
        }
    }

    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> bool {
        mv.flag() != MoveFlag::Chance && pos.theirs().contains(mv.to())
    }

    fn gain_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> i32 {
        let _ = (pos, mv);
        0
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        self.play_decision(pos, mv, Told::Letters);
    }

    fn in_check(&self, pos: &Position<Self>) -> bool {
        let _ = pos;
        false
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        self.end_reason(pos)
            .map(|why| Outcome::Draw(DrawReason::Variant(why)))
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        let why = self.end_reason(pos).unwrap_or("no decision can be made");
        Outcome::Draw(DrawReason::Variant(why))
    }

    fn hides_information(&self) -> bool {
        true
    }

    fn is_view(&self, pos: &Position<Self>) -> bool {
        hidden(&pos.state)
    }

    /// A player sees its own hand; the partner's hand and the stack are `?`, and so is the
    /// clue word while the mover decides after it.
    fn view(&self, pos: &Position<Self>, seat: Color) -> Position<Self> {
        let mut view = pos.clone();
        view.update_state(self, |view| {
            let state = &mut view.state;
            state.hand_mut(!seat).hide();
            state.stack.hide();
            if seat == state.mover && matches!(state.stage, Stage::MoveWord(Some(_))) {
                state.stage = Stage::MoveWord(None);
            }
        });
        view
    }

    /// The unknown cards drawn from the deck's cards nobody is known to hold; an unknown clue
    /// word becomes a two-letter word naming one of the mover's moves.
    fn sample_state(&self, view: &Position<Self>, rng: &mut StdRng) -> Position<Self> {
        let mut world = view.clone();
        let state = &mut world.state;
        let mut pool: Vec<Card> = Card::deck();
        for card in state
            .hands
            .iter()
            .flat_map(CardList::iter)
            .chain(state.stack.iter())
        {
            if let Some(at) = pool.iter().position(|c| *c == card) {
                pool.swap_remove(at);
            }
        }
        pool.shuffle(rng);
        for list in state
            .hands
            .iter_mut()
            .chain(std::iter::once(&mut state.stack))
        {
            list.fill_hidden(&mut pool);
        }
        if state.stage == Stage::MoveWord(None) {
            let legal = self.mover_moves(&world);
            let pairs = letter_pairs(&world.state, legal.as_slice());
            let (first, last) = pairs.choose(rng).copied().unwrap_or((0, 0));
            world.state.stage = Stage::MoveWord(ClueWord::new(&format!(
                "{}{}",
                letter_char(first),
                letter_char(last)
            )));
        }
        world.refresh_hash(self);
        world
    }

    /// A shuffled deck and a random layout.
    fn deal(&self, rng: &mut StdRng) -> Option<Position<Self>> {
        let mut deck = Card::deck();
        deck.shuffle(rng);
        let layout = Layout::random(rng);
        Position::from_fen(self, &deal_fen(&deck, &layout)).ok()
    }

    fn policy_decisions(
        &self,
        view: &Position<Self>,
        baseline: bool,
        most: usize,
    ) -> Vec<PolicyOption> {
        partner::options(self, view, baseline, most)
    }

    /// No search flags; the levels' spread is the one that makes the partners' 200-level
    /// steps about 200 Elo in duplicate play (docs/strength-levels.md): levels only change how
    /// often the partners stray from their policy, not a node budget.
    fn search_flags(&self) -> SearchFlags {
        SearchFlags {
            strength: StrengthScale::new(57).past_the_knee(144),
            ..SearchFlags::PLAIN
        }
    }

    /// The team's letters so far, from whoever decides (the game is cooperative, so both
    /// seats want the same thing).
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        pos.state.checkers.count() as i32 * 10
    }
}

impl Notation for Chesswords {
    fn format_move(&self, mv: Move) -> String {
        match Decision::of(mv) {
            Decision::Pass => "pass".into(),
            Decision::Word(first, last) => {
                format!("word:{}{}", letter_char(first), letter_char(last))
            }
            Decision::Say(first, last) => {
                format!("say:{}{}", letter_char(first), letter_char(last))
            }
            Decision::Keep => "keep".into(),
            Decision::Discard(card) => format!("discard:{card}"),
            Decision::Board(mv) if mv.flag() == MoveFlag::Promotion => format!(
                "{}{}{}",
                mv.from(),
                mv.to(),
                STANDARD_PIECES[mv.kind().index() % 6].symbol.to_lowercase()
            ),
            Decision::Board(mv) => format!("{}{}", mv.from(), mv.to()),
        }
    }

    /// A free clue word (`word:abash`), or, for the mover's view, a clue whose word it may
    /// not read ([`UNSEEN_WORD`]): any legal word clue stands for it, since the word is
    /// forgotten as it is played.
    fn parse_written(&self, pos: &Position<Self>, token: &str) -> Option<Move> {
        if pos.state.stage != Stage::Clue {
            return None;
        }
        let mut legal = MoveList::new();
        self.generate(pos, &mut legal);
        if token == UNSEEN_WORD {
            return legal
                .iter()
                .copied()
                .find(|&mv| matches!(Decision::of(mv), Decision::Word(..)));
        }
        let word = ClueWord::new(token.strip_prefix("word:")?)?;
        let (first, last) = word.ends();
        let mv = word_decision(first, last);
        legal.contains(mv).then_some(mv)
    }

    fn play_written(&self, pos: &mut Position<Self>, mv: Move, token: &str) {
        let told = if token == UNSEEN_WORD {
            Told::Unseen
        } else {
            match token.strip_prefix("word:").and_then(ClueWord::new) {
                Some(word) => Told::Word(word),
                None => Told::Letters,
            }
        };
        self.play_decision(pos, mv, told);
    }
}

impl Presentation for Chesswords {
    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        decision_in_words(seen.decision, seen.after.is_some())
    }

    /// A word clue carries the clue its giver says: free words both seats hear.
    fn takes_speech(&self, pos: &Position<Self>, mv: Move) -> bool {
        pos.state.stage == Stage::Clue && matches!(Decision::of(mv), Decision::Word(..))
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let layout = Layout::of_letters(&state.letters)
            .map_or("(not from the planks)".to_string(), |l| l.to_string());
        let letters: String = state.collected().iter().map(|l| letter_char(*l)).collect();
        format!(
            "Layout: {layout}\nLetters collected: {}\nStage: {}\nMover: {}\nPenalties: {}\n",
            if letters.is_empty() { "-" } else { &letters },
            write_stage(&state.stage),
            orthodox::color_name(state.mover),
            state.penalties
        )
    }

    /// Every square's letter, for boards drawn by a program; a checker's square shows its
    /// letter in capitals (it is one of the letters collected).
    fn square_labels(&self, pos: &Position<Self>) -> Vec<amity_engine::SquareLabel> {
        (0..36)
            .map(|index| {
                let square = Square::from_coords(
                    shakmaty::File::new((index % 6) as u32),
                    shakmaty::Rank::new((index / 6) as u32),
                );
                let letter = letter_char(pos.state.letters[index]);
                let collected = pos.state.checkers.contains(square);
                amity_engine::SquareLabel {
                    square,
                    text: if collected {
                        letter.to_ascii_uppercase().to_string()
                    } else {
                        letter.to_string()
                    },
                    owner: None,
                }
            })
            .collect()
    }

    /// Both hands and the draw stack; in a seat's view the partner's hand and the stack are
    /// backs (`?`).
    fn card_rows(&self, pos: &Position<Self>) -> Vec<amity_engine::CardRow> {
        let state = &pos.state;
        let row = |title: String, owner: Option<Color>, cards: &CardList| amity_engine::CardRow {
            title,
            owner,
            cards: cards.iter().map(|card| card.to_string()).collect(),
        };
        let mut rows: Vec<amity_engine::CardRow> = [Color::White, Color::Black]
            .into_iter()
            .map(|color| {
                let title = format!("{}'s hand", orthodox::color_name(color));
                row(title, Some(color), &state.hands[side_index(color)])
            })
            .collect();
        rows.push(row("draw stack".into(), None, &state.stack));
        rows
    }

    /// A move ends the mover's part of the turn; whether a discard follows depends on the
    /// partner's hidden hand, and the clue after it belongs to the next turn, so an answer
    /// from a view stops there.
    fn outcome_hidden(&self, pos: &Position<Self>, mv: Move) -> bool {
        let _ = pos;
        matches!(Decision::of(mv), Decision::Board(_))
    }

    /// A word clue is told to the mover without its letters: the word is the clue giver's
    /// secret (the mover's view reads `move-word-?`), and its letters are what a `say:` costs
    /// a penalty point for.
    fn announce_to(&self, pos: &Position<Self>, mv: Move, listener: Color) -> String {
        match Decision::of(mv) {
            Decision::Word(..) if listener != pos.turn() => UNSEEN_WORD.into(),
            _ => self.announce(pos, mv),
        }
    }

    /// The final account (rule 7) with the final words spelled, as engines that speak only
    /// the protocol give them: letters, the best pair, each player's score, penalties, team
    /// score and grade.
    fn record_tags(&self, pos: &Position<Self>) -> Vec<(&'static str, String)> {
        let spelled = score::FinalClues {
            spelled: 2,
            missed: 0,
        };
        let account = score::final_score(self.lexicon(), pos, spelled);
        let words = account.pair.as_ref().map_or("-".to_string(), |pair| {
            format!("{} {}", pair.first, pair.second)
        });
        vec![
            (
                "Layout",
                Layout::of_letters(&pos.state.letters).map_or("-".into(), |l| l.to_string()),
            ),
            (
                "Letters",
                if account.letters.is_empty() {
                    "-".into()
                } else {
                    account.letters.clone()
                },
            ),
            ("Words", words),
            ("PlayerScore", account.player.to_string()),
            ("Penalties", account.penalties.to_string()),
            ("TeamScore", account.team.to_string()),
            ("Grade", account.grade.to_string()),
        ]
    }
}

impl Learning for Chesswords {}

impl Solver for Chesswords {}

/// At a table with a person, Amity clues in English and hears the person's clues
/// ([`partner::at_table`]), and the game ends with the final account of rule 7.
impl amity_engine::Partner for Chesswords {
    fn with_words(&self, sources: &amity_engine::WordSources) -> Option<Chesswords> {
        let mut rules = self.clone();
        if let Some(path) = sources.word_file {
            rules.lexicon = Arc::new(words::LazyLexicon::from_path(path));
        }
        if let Some(dir) = sources.wordnet {
            rules.wordnet = Arc::new(wordnet::LazyWordNet::from_dir(dir));
        }
        Some(rules)
    }

    fn decide_as_partner(
        &self,
        view: &Position<Self>,
        seat: usize,
        heard: Option<&str>,
        limits: &amity_engine::search::Limits,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<amity_engine::PartnerDecision> {
        let _ = (seat, stop);
        partner::at_table(self, view, heard, limits.strength)
    }

    fn final_account(
        &self,
        start: &Position<Self>,
        end: &Position<Self>,
        limits: amity_engine::SolveLimits,
    ) -> Vec<String> {
        let _ = (start, limits);
        score::account_lines(self.lexicon(), end)
    }
}

/// The full-state FEN of a deal (24 cards in order) on a layout.
pub fn deal_fen(deck: &[Card], layout: &Layout) -> String {
    let list = |cards: &[Card]| cards.iter().map(|c| c.to_string()).collect::<String>();
    format!(
        "{START_PLACEMENT} w - - 0 1 letters:{} checkers:- hands:{}/{} stack:{} cw:0:0:0:clue",
        write_letters(&layout.letters()),
        list(&deck[0..4]),
        list(&deck[4..8]),
        list(&deck[8..14])
    )
}

/// The full-state FEN for a deal written as 24 card letters and a layout (`1A2B...`).
///
/// # Errors
/// Why the deal or layout is not one.
pub fn fen_of_deal(deal: &str, layout: &str) -> Result<String, String> {
    let layout = Layout::parse(layout).map_err(|e| e.to_string())?;
    let cards: Option<Vec<Card>> = deal.chars().map(Card::from_char).collect();
    let mut cards = cards.ok_or_else(|| format!("deal '{deal}' has a letter that is no card"))?;
    let mut sorted = cards.clone();
    sorted.sort_unstable();
    let mut deck = Card::deck();
    deck.sort_unstable();
    if sorted != deck {
        return Err(format!(
            "deal '{deal}' is not the 24 piece cards in some order"
        ));
    }
    cards.truncate(24);
    Ok(deal_fen(&cards, &layout))
}
