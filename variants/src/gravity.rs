//! Gravity Chess: everything falls towards rank 1. A turn flips a card from the opponent's
//! army, lets every active piece of the side fall once in an order the side chooses, and ends
//! with the flipped enemy piece dropped on the top rank. Stacked pieces score their rank.
//!
//! A turn is several decisions by one side: [`Rules::play_in`] keeps the side to move until the
//! add (or `end` on White's last turn), so search and perft see each leg as a ply.

use amity_engine::fen_fields;
use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::position::color_index;
use amity_engine::search::StrengthScale;
use amity_engine::{
    Bitboard, ChanceOutcome, Color, DrawReason, FenError, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, Outcome, Piece, PieceInfo, Position, Presentation, Rank, Rules, Scratch,
    SearchFlags, Solver, Square, SquareLabel, WinReason,
};

/// Gravity Chess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gravity;

/// The six kinds with chess's letters. Every kill is worth one point whatever it kills, so the
/// nominal values (used for move ordering) are all equal.
const PIECES: [PieceInfo; 6] = {
    let mut pieces = orthodox::STANDARD_PIECES;
    let mut index = 0;
    while index < pieces.len() {
        pieces[index].value = 100;
        index += 1;
    }
    pieces
};

/// How many pieces of each kind (indexed like [`PIECES`]) a side owns: 4 P, 2 N, 2 B, 2 R, Q, K.
pub const ARMY: [u8; 6] = [4, 2, 2, 2, 1, 1];

/// Pieces in one army.
const ARMY_SIZE: u32 = 12;

/// The order perft resolves a pending flip in, and the order decks are written in FEN.
const CARD_ORDER: [Kind; 6] = [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN];

/// Start: an empty board, each side holding the other's twelve pieces.
const START_FEN: &str =
    "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP flip:- pawns:- moved:- blocked:-";

amity_engine::state_keys! {
    /// How many of each kind each holder's deck has: `(holder * 6 + kind) * 8 + count`.
    KEY_DECKS: 2 * 6 * 8;
    /// The flipped card's kind.
    KEY_FLIPPED: 6;
    /// Squares of pawns that never moved.
    KEY_UNMOVED_PAWNS: 64;
    /// Squares of pieces that moved this turn.
    KEY_MOVED: 64;
    /// Squares of blocked pieces.
    KEY_BLOCKED: 64;
}

/// Everything beyond the board that decides the legal decisions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GravityState {
    /// Cards left in each deck, by holder (index 0: White's deck, which holds Black's pieces),
    /// counted per kind.
    pub decks: [[u8; 6]; 2],
    /// The card the side to move has turned up and not yet placed (an enemy kind).
    pub flipped: Option<Kind>,
    /// Pawns that have not moved since they entered the board (they may double-step).
    pub unmoved_pawns: Bitboard,
    /// Squares of the side to move's pieces that have moved this turn.
    pub moved: Bitboard,
    /// Squares of the side to move's unmoved pieces that had no legal move at some moment of
    /// this turn (they may end the turn unmoved).
    pub blocked: Bitboard,
    /// The stacked pieces. A function of the board (stacking is permanent and decided from
    /// rank 1 upwards), kept here so it is computed once per decision; not hashed.
    pub stacked: Bitboard,
}

// ----- geometry of falling -----

/// Every square on a rank below `square`'s.
#[inline]
fn ranks_below(square: Square) -> Bitboard {
    Bitboard((1u64 << (8 * square.rank() as u32)) - 1)
}

/// The rank directly below `square` (empty on rank 1).
#[inline]
fn rank_below(square: Square) -> Bitboard {
    match square.rank() as u32 {
        0 => Bitboard::EMPTY,
        rank => Bitboard::from_rank(Rank::new(rank - 1)),
    }
}

/// The square straight below (none on rank 1).
#[inline]
fn square_below(square: Square) -> Option<Square> {
    (square as u32).checked_sub(8).map(Square::new)
}

/// The squares whose being stacked (or off the board) stacks a piece of `kind` on `square`:
/// pawn and rook straight below, bishop the two diagonals below, queen and king the three
/// squares below, knight its knight targets on lower ranks.
pub fn downward_squares(kind: Kind, square: Square) -> Bitboard {
    let around = orthodox::attacks(KING, Color::White, square, Bitboard::EMPTY);
    match kind {
        PAWN | ROOK => square_below(square).map_or(Bitboard::EMPTY, Bitboard::from_square),
        BISHOP => around & rank_below(square) & !Bitboard::from_file(square.file()),
        QUEEN | KING => around & rank_below(square),
        KNIGHT => {
            orthodox::attacks(KNIGHT, Color::White, square, Bitboard::EMPTY) & ranks_below(square)
        }
        _ => Bitboard::EMPTY,
    }
}

/// The stacked pieces of a board, decided from rank 1 upwards.
pub fn compute_stacked(pos: &Position<Gravity>) -> Bitboard {
    let mut stacked = Bitboard::EMPTY;
    for rank in 0..8 {
        for square in pos.occupied() & Bitboard::from_rank(Rank::new(rank)) {
            let Some(piece) = pos.piece_at(square) else {
                continue;
            };
            if (downward_squares(piece.kind, square) & !stacked).is_empty() {
                stacked.add(square);
            }
        }
    }
    stacked
}

/// Where the piece on `square` may move under gravity: to a lower rank, onto an empty square
/// or killing an unstacked enemy, or killing one on its own rank. Empty for stacked pieces.
pub fn targets(pos: &Position<Gravity>, square: Square) -> Bitboard {
    let state = &pos.state;
    let Some(piece) = pos.piece_at(square) else {
        return Bitboard::EMPTY;
    };
    if state.stacked.contains(square) {
        return Bitboard::EMPTY;
    }
    let occupied = pos.occupied();
    let victims = pos.color(!piece.color) & !state.stacked;
    if piece.kind == PAWN {
        let mut found = Bitboard::EMPTY;
        if let Some(one) = square_below(square).filter(|s| !occupied.contains(*s)) {
            found.add(one);
            if state.unmoved_pawns.contains(square)
                && let Some(two) = square_below(one).filter(|s| !occupied.contains(*s))
            {
                found.add(two);
            }
        }
        // A black pawn's attacks are the two diagonal squares below, whoever owns the pawn.
        return found | (orthodox::pawn_attacks_from(Color::Black, square) & victims);
    }
    let reach = orthodox::attacks(piece.kind, piece.color, square, occupied);
    let same_rank = Bitboard::from_rank(square.rank());
    let below = ranks_below(square);
    reach & ((below & !occupied) | ((below | same_rank) & victims))
}

// ----- the shape of a turn -----

/// A drop of an enemy piece. The colour travels in the unused `from` field (a1 White, h8
/// Black) so the move can be written without the position.
fn drop_move(color: Color, kind: Kind, to: Square) -> Move {
    let from = color_square(color) as u32;
    let bits =
        from | ((to as u32) << 6) | ((MoveFlag::Drop as u32) << 12) | ((kind.index() as u32) << 16);
    Move::from_bits(bits).unwrap_or(Move::NULL)
}

/// A flipped card of `color`'s army (colour carried as in [`drop_move`]).
fn flip_move(color: Color, kind: Kind) -> Move {
    let square = color_square(color);
    Move::chance(square, square, kind)
}

fn color_square(color: Color) -> Square {
    match color {
        Color::White => Square::A1,
        Color::Black => Square::H8,
    }
}

fn color_of_card(mv: Move) -> Color {
    if mv.from() == Square::H8 {
        Color::Black
    } else {
        Color::White
    }
}

fn letter(color: Color, kind: Kind) -> String {
    let symbol = PIECES[kind.index() % PIECES.len()].symbol;
    match color {
        Color::White => symbol.to_string(),
        Color::Black => symbol.to_ascii_lowercase(),
    }
}

/// Cards left in the deck `holder` holds.
fn deck_size(state: &GravityState, holder: Color) -> u32 {
    state.decks[color_index(holder)]
        .iter()
        .map(|count| u32::from(*count))
        .sum()
}

/// White's thirteenth turn: no card to flip, a fall only, ended by `end`.
pub fn is_final_turn(pos: &Position<Gravity>) -> bool {
    pos.turn() == Color::White
        && pos.state.flipped.is_none()
        && deck_size(&pos.state, Color::White) == 0
        && deck_size(&pos.state, Color::Black) == 0
}

/// Whether the game is over: White's last turn has been played.
pub fn is_over(pos: &Position<Gravity>) -> bool {
    pos.turn() == Color::Black
        && pos.state.flipped.is_none()
        && deck_size(&pos.state, Color::White) == 0
        && deck_size(&pos.state, Color::Black) == 0
}

/// Whether the side to move is in the fall (decisions are legs, adds or `end`).
fn in_fall(pos: &Position<Gravity>) -> bool {
    pos.state.flipped.is_some() || is_final_turn(pos)
}

/// The active pieces of the side to move that have not moved this turn.
fn unmoved_active(pos: &Position<Gravity>) -> Bitboard {
    pos.ours() & !pos.state.stacked & !pos.state.moved
}

/// Records this moment of the fall: every unmoved active piece with no legal move now has
/// been blocked at some moment of the turn.
fn note_blocked(pos: &mut Position<Gravity>) {
    let mut newly = Bitboard::EMPTY;
    for square in unmoved_active(pos) & !pos.state.blocked {
        if targets(pos, square).is_empty() {
            newly.add(square);
        }
    }
    pos.state.blocked |= newly;
}

/// The squares an add may use: the empty squares of rank 8, or of the highest rank with one.
pub fn add_squares(pos: &Position<Gravity>) -> Bitboard {
    for rank in (0..8).rev() {
        let empty = Bitboard::from_rank(Rank::new(rank)) & !pos.occupied();
        if empty.any() {
            return empty;
        }
    }
    Bitboard::EMPTY
}

// ----- score -----

/// Enemy pieces `killer` has killed: the enemy army less what is on the board, in the deck
/// `killer` holds and in the card `killer` has flipped.
pub fn kills(pos: &Position<Gravity>, killer: Color) -> u32 {
    let state = &pos.state;
    let on_board = pos.color(!killer).count() as u32;
    let flipped = u32::from(pos.turn() == killer && state.flipped.is_some());
    ARMY_SIZE.saturating_sub(on_board + deck_size(state, killer) + flipped)
}

/// Stacked pieces of `color` on each rank (index 0 is rank 1).
pub fn stacked_by_rank(pos: &Position<Gravity>, color: Color) -> [u32; 8] {
    let mut counts = [0; 8];
    for square in pos.color(color) & pos.state.stacked {
        counts[square.rank() as usize] += 1;
    }
    counts
}

/// A side's score: one point per kill, each stacked piece its rank number.
pub fn score(pos: &Position<Gravity>, color: Color) -> u32 {
    let stacked: u32 = stacked_by_rank(pos, color)
        .iter()
        .enumerate()
        .map(|(rank, count)| (rank as u32 + 1) * count)
        .sum();
    kills(pos, color) + stacked
}

/// The result by the scores, then by stacked pieces from rank 8 down.
pub fn scored_outcome(pos: &Position<Gravity>) -> Outcome {
    let (white, black) = (score(pos, Color::White), score(pos, Color::Black));
    if let Some(win) = win_for_more(white, black, "more points") {
        return win;
    }
    let (white_stacks, black_stacks) = (
        stacked_by_rank(pos, Color::White),
        stacked_by_rank(pos, Color::Black),
    );
    (0..8)
        .rev()
        .find_map(|rank| {
            win_for_more(
                white_stacks[rank],
                black_stacks[rank],
                "equal points, more stacked pieces on a higher rank",
            )
        })
        .unwrap_or(Outcome::Draw(DrawReason::Variant(
            "equal points and equal stacks",
        )))
}

/// A win for the side with more (White's count `white`, Black's `black`) for `reason`;
/// `None` when they have as many.
fn win_for_more(white: u32, black: u32, reason: &'static str) -> Option<Outcome> {
    let winner = match white.cmp(&black) {
        std::cmp::Ordering::Greater => Color::White,
        std::cmp::Ordering::Less => Color::Black,
        std::cmp::Ordering::Equal => return None,
    };
    Some(Outcome::Win {
        winner,
        reason: WinReason::Variant(reason),
    })
}

// ----- FEN -----

fn parse_deck(text: &str, cards_of: Color) -> Result<[u8; 6], FenError> {
    let mut deck = [0u8; 6];
    if text == "-" {
        return Ok(deck);
    }
    for c in text.chars() {
        let kind = PIECES
            .iter()
            .position(|info| info.symbol.starts_with(c.to_ascii_uppercase()))
            .ok_or_else(|| fen_fields::expected("decks", "piece letters", text))?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if color != cards_of {
            return Err(fen_fields::expected(
                "decks",
                "Black's pieces in White's deck, White's in Black's",
                text,
            ));
        }
        deck[kind] += 1;
        if deck[kind] > ARMY[kind] {
            return Err(fen_fields::expected(
                "decks",
                format!("at most {} '{c}'", ARMY[kind]),
                text,
            ));
        }
    }
    Ok(deck)
}

fn write_deck(out: &mut String, deck: &[u8; 6], cards_of: Color) {
    let cards = CARD_ORDER.iter().flat_map(|kind| {
        std::iter::repeat_n(letter(cards_of, *kind), usize::from(deck[kind.index()]))
    });
    fen_fields::write_run(out, cards);
}

// ----- the rules -----

impl Rules for Gravity {
    type State = GravityState;

    fn identity(&self) -> Identity {
        Identity::new("gravity", START_FEN, &PIECES)
    }

    /// Fields `decks:<White's deck>/<Black's deck>` (required), `flip:<card>`,
    /// `pawns:<squares>`, `moved:<squares>`, `blocked:<squares>` (each optional, `-` for none).
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let mut seen_decks = false;
        let mut seen = Vec::new();
        for field in fields {
            let (name, value) = field
                .split_once(':')
                .ok_or_else(|| FenError::UnexpectedField(field.to_string()))?;
            if seen.contains(&name) {
                return Err(fen_fields::expected(name, "the field once", field));
            }
            seen.push(name);
            let turn = pos.turn();
            let state = &mut pos.state;
            match name {
                "decks" => {
                    let [white, black] = fen_fields::per_side("decks", value)?;
                    state.decks = [
                        parse_deck(white, Color::Black)?,
                        parse_deck(black, Color::White)?,
                    ];
                    seen_decks = true;
                }
                "flip" => {
                    state.flipped = match value {
                        "-" => None,
                        card if card.len() == 1 => {
                            let c = card.chars().next().unwrap_or('-');
                            let kind = PIECES
                                .iter()
                                .position(|info| info.symbol.starts_with(c.to_ascii_uppercase()))
                                .ok_or_else(|| {
                                    fen_fields::expected("flip", "a piece letter or -", value)
                                })?;
                            let color = if c.is_ascii_uppercase() {
                                Color::White
                            } else {
                                Color::Black
                            };
                            if color == turn {
                                return Err(fen_fields::expected(
                                    "flip",
                                    "one of the opponent's pieces (the side to move flips them)",
                                    value,
                                ));
                            }
                            Some(Kind::new(kind as u8))
                        }
                        _ => {
                            return Err(fen_fields::expected(
                                "flip",
                                "one piece letter or -",
                                value,
                            ));
                        }
                    }
                }
                "pawns" => state.unmoved_pawns = fen_fields::squares(name, value)?,
                "moved" => state.moved = fen_fields::squares(name, value)?,
                "blocked" => state.blocked = fen_fields::squares(name, value)?,
                _ => return Err(FenError::UnexpectedField(field.to_string())),
            }
        }
        if !seen_decks {
            return Err(fen_fields::missing(
                "decks",
                "decks:<White's deck>/<Black's deck>",
            ));
        }
        Ok(())
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let state = &pos.state;
        out.push_str(" decks:");
        write_deck(out, &state.decks[0], Color::Black);
        out.push('/');
        write_deck(out, &state.decks[1], Color::White);
        out.push_str(" flip:");
        fen_fields::write_or_none(out, state.flipped.map(|kind| letter(!pos.turn(), kind)));
        out.push_str(" pawns:");
        fen_fields::write_list(out, state.unmoved_pawns);
        out.push_str(" moved:");
        fen_fields::write_list(out, state.moved);
        out.push_str(" blocked:");
        fen_fields::write_list(out, state.blocked);
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        let illegal = |why: String| Err(FenError::Illegal(why));
        if pos.castling().any() {
            return illegal("gravity has no castling".into());
        }
        if pos.en_passant().is_some() {
            return illegal("gravity has no en passant".into());
        }
        // Each army: on the board + in the opponent's deck + the opponent's flipped card.
        for color in [Color::White, Color::Black] {
            let holder = color_index(!color);
            for (index, &army) in ARMY.iter().enumerate() {
                let kind = Kind::new(index as u8);
                let flipped = pos.turn() == !color && pos.state.flipped == Some(kind);
                let count = pos.pieces(color, kind).count() as u32
                    + u32::from(pos.state.decks[holder][index])
                    + u32::from(flipped);
                if count > u32::from(army) {
                    return illegal(format!(
                        "more than {army} {} {}s on the board and in the deck",
                        if color == Color::White {
                            "white"
                        } else {
                            "black"
                        },
                        PIECES[index].name
                    ));
                }
            }
        }
        // White flips first, so its cards (deck plus a flipped one) never outnumber Black's,
        // and Black to move has exactly one more, except when the game is over.
        let state = &pos.state;
        let with_flip = |holder: Color| {
            deck_size(state, holder) + u32::from(pos.turn() == holder && state.flipped.is_some())
        };
        let (white, black) = (with_flip(Color::White), with_flip(Color::Black));
        let consistent = match pos.turn() {
            Color::White => white == black,
            Color::Black => black == white + 1 || (white == 0 && black == 0),
        };
        if !consistent {
            return illegal(format!(
                "decks of {white} and {black} cards do not fit {} to move",
                if pos.turn() == Color::White {
                    "White"
                } else {
                    "Black"
                }
            ));
        }
        if !pos.state.unmoved_pawns.is_subset(pos.kind(PAWN)) {
            return illegal("pawns: lists a square without a pawn".into());
        }
        let turn_marks = pos.state.moved | pos.state.blocked;
        if turn_marks.any() && !in_fall(pos) {
            return illegal("moved:/blocked: pieces outside a fall".into());
        }
        if !turn_marks.is_subset(pos.ours()) {
            return illegal(
                "moved:/blocked: lists a square without a piece of the side to move".into(),
            );
        }
        if pos.state.moved.intersects(pos.state.blocked) {
            return illegal("a piece cannot be both moved and blocked".into());
        }
        pos.state.stacked = compute_stacked(pos);
        if in_fall(pos) {
            note_blocked(pos);
        }
        Ok(())
    }

    fn state_hash(&self, state: &GravityState) -> u64 {
        let mut hash = 0;
        for (holder, deck) in state.decks.iter().enumerate() {
            for (kind, count) in deck.iter().enumerate() {
                hash ^= KEY_DECKS.key((holder * 6 + kind) * 8 + *count as usize);
            }
        }
        if let Some(kind) = state.flipped {
            hash ^= KEY_FLIPPED.key(kind.index());
        }
        for (keys, squares) in [
            (KEY_UNMOVED_PAWNS, state.unmoved_pawns),
            (KEY_MOVED, state.moved),
            (KEY_BLOCKED, state.blocked),
        ] {
            for square in squares {
                hash ^= keys.key(square as usize);
            }
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if !in_fall(pos) {
            // A card must be flipped first, or the game is over.
            return;
        }
        let unmoved = unmoved_active(pos);
        for from in unmoved {
            for to in targets(pos, from) {
                moves.push(Move::normal(from, to));
            }
        }
        // The fall may end once every unmoved active piece has been blocked at some moment.
        if (unmoved & !pos.state.blocked).is_empty() {
            match pos.state.flipped {
                Some(kind) => {
                    for to in add_squares(pos) {
                        moves.push(drop_move(!pos.turn(), kind, to));
                    }
                }
                None => moves.push(Move::pass()),
            }
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        pos.update_state(self, |pos| {
            let mover = pos.turn();
            match mv.flag() {
                MoveFlag::Chance => {
                    let count = &mut pos.state.decks[color_index(mover)][mv.kind().index()];
                    *count = count.saturating_sub(1);
                    pos.state.flipped = Some(mv.kind());
                }
                MoveFlag::Normal => {
                    let (from, to) = (mv.from(), mv.to());
                    let killed = pos.remove(to).is_some();
                    let pawn = pos.piece_at(from).is_some_and(|p| p.kind == PAWN);
                    pos.relocate(from, to);
                    let state = &mut pos.state;
                    state.unmoved_pawns.discard(from);
                    state.unmoved_pawns.discard(to);
                    state.blocked.discard(from);
                    state.moved.add(to);
                    if killed || pawn {
                        pos.set_halfmove_clock(0);
                    }
                }
                MoveFlag::Drop => {
                    pos.put(mv.to(), Piece::new(!mover, mv.kind()));
                    if mv.kind() == PAWN {
                        pos.state.unmoved_pawns.add(mv.to());
                    }
                    end_turn(pos);
                }
                MoveFlag::Pass => end_turn(pos),
                _ => {}
            }
            pos.state.stacked = compute_stacked(pos);
            if in_fall(pos) {
                note_blocked(pos);
            }
        });
    }

    fn play_null(&self, pos: &mut Position<Self>) {
        // Never called (null move is off); handing the turn over mid-fall would break the
        // turn's bookkeeping, so it is refused by doing nothing.
        let _ = pos;
    }

    fn in_check(&self, _pos: &Position<Self>) -> bool {
        false
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        is_over(pos).then(|| scored_outcome(pos))
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        // Unreachable in play (a fall can always end: there is always room to add), but a
        // finished game is scored the same way.
        scored_outcome(pos)
    }

    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if pos.state.flipped.is_some() || is_over(pos) {
            return false;
        }
        let deck = &pos.state.decks[color_index(pos.turn())];
        let before = outcomes.len();
        for kind in CARD_ORDER {
            let count = deck[kind.index()];
            if count > 0 {
                outcomes.push(ChanceOutcome {
                    outcome: flip_move(!pos.turn(), kind),
                    weight: u32::from(count),
                });
            }
        }
        outcomes.len() > before
    }

    fn perft_chance(&self, pos: &Position<Self>) -> Option<Move> {
        let mut outcomes = Vec::new();
        self.chance(pos, &mut outcomes);
        outcomes.first().map(|outcome| outcome.outcome)
    }

    fn search_flags(&self) -> SearchFlags {
        // Every active piece must move: passing is not a legal or a neutral option. The moves
        // one and two plies back are mostly legs of this side's own turn; measured at 10 s +
        // 0.1 s, what reads them did not pay here (docs/variants/gravity.md).
        SearchFlags {
            null_move: false,
            check_extension: false,
            late_move_reductions: false,
            // Self-play on the standard scale found no Elo between 1500 and 1700: a doubling
            // of nodes buys less here than in chess, so a level step spans more doublings
            // (docs/strength-levels.md).
            strength: StrengthScale::new(50),
            ..SearchFlags::ALL
        }
        .within_turns()
    }

    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        amity_engine::evaluation::balance(pos, side_value)
    }
}

impl Notation for Gravity {
    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            MoveFlag::Chance => format!("flip:{}", letter(color_of_card(mv), mv.kind())),
            MoveFlag::Drop => format!("{}@{}", letter(color_of_card(mv), mv.kind()), mv.to()),
            MoveFlag::Pass => "end".into(),
            _ if mv.is_null() => "0000".into(),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for Gravity {
    fn in_words(&self, seen: &amity_engine::Seen<'_, Self>) -> Option<String> {
        let mv = seen.decision;
        let piece =
            |mv: Move| crate::words::piece_words(&PIECES, Piece::new(color_of_card(mv), mv.kind()));
        match mv.flag() {
            MoveFlag::Chance => Some(format!("turned up a {}", piece(mv))),
            MoveFlag::Drop => Some(format!("drop the {} on {}", piece(mv), mv.to())),
            MoveFlag::Pass => Some("end the turn".into()),
            _ => None,
        }
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = &pos.state;
        let mut text = String::new();
        let mut deck = |holder: Color, name: &str| {
            let mut cards = String::new();
            write_deck(&mut cards, &state.decks[color_index(holder)], !holder);
            text.push_str(&format!(
                "{name} holds {cards} ({} cards)\n",
                deck_size(state, holder)
            ));
        };
        deck(Color::White, "White's deck");
        deck(Color::Black, "Black's deck");
        match state.flipped {
            Some(kind) => text.push_str(&format!(
                "Flipped card waiting to be added: {}\n",
                letter(!pos.turn(), kind)
            )),
            None if is_final_turn(pos) => text.push_str("White's last turn: a fall, then end\n"),
            None if is_over(pos) => {}
            None => text.push_str("A card must be flipped\n"),
        }
        let list = |squares: Bitboard| {
            let mut out = String::new();
            fen_fields::write_list(&mut out, squares);
            out
        };
        text.push_str(&format!("Stacked: {}\n", list(state.stacked)));
        text.push_str(&format!("Unmoved pawns: {}\n", list(state.unmoved_pawns)));
        if in_fall(pos) {
            text.push_str(&format!(
                "Moved this turn: {}; blocked at some moment: {}\n",
                list(state.moved),
                list(state.blocked)
            ));
        }
        for (color, name) in [(Color::White, "White"), (Color::Black, "Black")] {
            text.push_str(&format!(
                "{name} score: {} ({} kills)\n",
                score(pos, color),
                kills(pos, color)
            ));
        }
        text
    }

    /// Each stacked piece, labelled with what it scores: its rank.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<SquareLabel> {
        pos.state
            .stacked
            .into_iter()
            .map(|square| SquareLabel {
                square,
                text: (square.rank() as u32 + 1).to_string(),
                owner: pos.piece_at(square).map(|piece| piece.color),
            })
            .collect()
    }
}

impl Learning for Gravity {}

impl Solver for Gravity {}

impl amity_engine::Partner for Gravity {}

/// Ends the turn of the side to move (after its add or `end`).
fn end_turn(pos: &mut Position<Gravity>) {
    let state = &mut pos.state;
    state.flipped = None;
    state.moved = Bitboard::EMPTY;
    state.blocked = Bitboard::EMPTY;
    pos.set_halfmove_clock(pos.halfmove_clock() + 1);
    pos.end_turn();
}

// ----- evaluation -----

/// Centipawns per point of score.
const POINT: i32 = 100;

/// The rank (0-based) a falling piece is expected to come to rest on in its file: just above
/// the highest stacked piece below it, raised by the unstacked pieces in between (they land
/// first).
fn expected_landing(pos: &Position<Gravity>, square: Square) -> i32 {
    let file = Bitboard::from_file(square.file()) & ranks_below(square);
    let floor = (file & pos.state.stacked)
        .last()
        .map_or(0, |top| top.rank() as i32 + 1);
    let falling = (file & pos.occupied() & !pos.state.stacked).count() as i32;
    (floor + falling).min(square.rank() as i32)
}

/// Squares the unstacked pieces of `color` could kill on (whether or not they may still move
/// this turn: it is a threat for the next turn too).
fn kill_threats(pos: &Position<Gravity>, color: Color) -> Bitboard {
    let mut threats = Bitboard::EMPTY;
    for square in pos.color(color) & !pos.state.stacked {
        threats |= targets(pos, square);
    }
    threats & pos.color(!color)
}

/// What `color` holds or can expect, in centipawns.
fn side_value(pos: &Position<Gravity>, color: Color) -> i32 {
    let state = &pos.state;
    // Certain points: kills and stacked pieces.
    let mut value = POINT * kills(pos, color) as i32;
    for square in pos.color(color) & state.stacked {
        value += POINT * (square.rank() as i32 + 1);
    }
    // A falling piece will probably stack near the top of what lies below it, unless killed.
    let threatened = kill_threats(pos, !color);
    let enemy_moves_next = pos.turn() != color;
    for square in pos.color(color) & !state.stacked {
        let prospect = POINT * (expected_landing(pos, square) + 1) * 7 / 10;
        value += prospect;
        if threatened.contains(square) {
            // Killing it takes its prospect away and gives the enemy a point.
            let loss = prospect + POINT;
            value -= if enemy_moves_next { loss / 2 } else { loss / 5 };
        }
    }
    // Our pieces still in the enemy's hand: they will enter on top, where the enemy likes.
    let waiting =
        deck_size(state, !color) + u32::from(pos.turn() == !color && state.flipped.is_some());
    value + waiting as i32 * POINT * 3 / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let pos = Position::from_fen(&Gravity, START_FEN).expect("start FEN");
        assert_eq!(pos.to_fen(&Gravity), START_FEN);
        assert_eq!(pos.hash(), pos.fresh_hash(&Gravity));
    }

    #[test]
    fn flips_and_adds_are_written_with_the_piece_colour() {
        assert_eq!(
            Gravity.format_move(flip_move(Color::Black, KNIGHT)),
            "flip:n"
        );
        assert_eq!(
            Gravity.format_move(flip_move(Color::White, QUEEN)),
            "flip:Q"
        );
        assert_eq!(
            Gravity.format_move(drop_move(Color::Black, KNIGHT, Square::C8)),
            "n@c8"
        );
        assert_eq!(Gravity.format_move(Move::pass()), "end");
    }

    #[test]
    fn a_piece_over_an_empty_file_is_expected_to_land_on_rank_1() {
        let pos = Position::from_fen(
            &Gravity,
            "8/8/8/3r4/8/8/8/8 b - - 0 1 decks:kqrbbnnpppp/KQRRBBNNPPPP",
        )
        .expect("fen");
        assert_eq!(expected_landing(&pos, Square::D5), 0);
    }
}
