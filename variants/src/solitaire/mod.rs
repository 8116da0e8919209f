//! What the two chess solitaires (Parade and Neighbour) share: piece cards, the groups pieces
//! form (orthogonally or with diagonals too), the boxes a group must fit in (the admissible
//! bounds of both solvers) and the solvers themselves ([`solver`]).

pub mod solver;

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, QUEEN, ROOK, STANDARD_PIECES};
use amity_engine::rules::Refereed;
use amity_engine::{Bitboard, Color, Kind, Move, MoveList, Piece, Position, SeatInfo};

use solver::Solitaire;

/// A piece card: the piece it puts on the board (no pawns in either solitaire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PieceCard(u8);

/// The kinds the piece cards name, in the order views sort them (K Q R B N).
pub const CARD_KINDS: [Kind; 5] = [KING, QUEEN, ROOK, BISHOP, KNIGHT];

/// How many cards of each kind a colour has: one king and one queen, two of the others.
pub const COPIES: [u8; 5] = [1, 1, 2, 2, 2];

/// The 16 piece cards.
pub const PIECE_CARDS: usize = 16;

impl PieceCard {
    pub fn new(piece: Piece) -> Option<PieceCard> {
        let order = CARD_KINDS.iter().position(|kind| *kind == piece.kind)?;
        Some(PieceCard(
            order as u8 + 5 * u8::from(piece.color == Color::Black),
        ))
    }

    /// The card numbered `index` in sorted order (White K Q R B N, then Black).
    pub fn from_index(index: usize) -> Option<PieceCard> {
        (index < 10).then_some(PieceCard(index as u8))
    }

    /// Its number in sorted order, 0..10.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn piece(self) -> Piece {
        let color = if self.0 < 5 {
            Color::White
        } else {
            Color::Black
        };
        Piece::new(color, CARD_KINDS[usize::from(self.0 % 5)])
    }

    /// How many of this card the deck holds.
    pub fn copies(self) -> u8 {
        COPIES[usize::from(self.0 % 5)]
    }

    /// The FEN letter of its piece.
    pub fn letter(self) -> char {
        let piece = self.piece();
        let symbol = STANDARD_PIECES[piece.kind.index()].symbol;
        let letter = symbol.chars().next().unwrap_or('?');
        match piece.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    pub fn from_letter(letter: char) -> Option<PieceCard> {
        let kind = match letter.to_ascii_uppercase() {
            'K' => KING,
            'Q' => QUEEN,
            'R' => ROOK,
            'B' => BISHOP,
            'N' => KNIGHT,
            _ => return None,
        };
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        PieceCard::new(Piece::new(color, kind))
    }

    /// Every card of the deck once per copy, in sorted order.
    pub fn deck() -> impl Iterator<Item = PieceCard> {
        (0..10u8).flat_map(|index| {
            let card = PieceCard(index);
            std::iter::repeat_n(card, usize::from(card.copies()))
        })
    }
}

/// How many of each piece card (by [`PieceCard::index`]) a set of cards holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardCounts(pub [u8; 10]);

impl CardCounts {
    /// The whole deck.
    pub fn deck() -> CardCounts {
        let mut counts = CardCounts::default();
        for card in PieceCard::deck() {
            counts.0[card.index()] += 1;
        }
        counts
    }

    /// The pieces on a board, as cards; `None` if one of them is no card (a pawn).
    pub fn of_board(pieces: impl Iterator<Item = Piece>) -> Option<CardCounts> {
        let mut counts = CardCounts::default();
        for piece in pieces {
            counts.0[PieceCard::new(piece)?.index()] += 1;
        }
        Some(counts)
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|count| u32::from(*count)).sum()
    }

    /// Whether every card here is also in `other` (as often).
    pub fn within(&self, other: &CardCounts) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .all(|(mine, theirs)| *mine <= theirs)
    }

    /// The cards of `self` not in `taken` (none below zero).
    pub fn minus(&self, taken: &CardCounts) -> CardCounts {
        let mut left = *self;
        for (count, gone) in left.0.iter_mut().zip(taken.0) {
            *count = count.saturating_sub(gone);
        }
        left
    }

    /// The distinct cards held with how many of each.
    pub fn cards(&self) -> impl Iterator<Item = (PieceCard, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, count)| **count > 0)
            .map(|(index, count)| (PieceCard(index as u8), *count))
    }
}

// ----- groups -----

const NOT_FILE_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_FILE_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// How pieces touch: Parade counts only squares that share a side, Neighbour diagonals too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    Orthogonal,
    King,
}

impl Touch {
    /// The squares touching any of `squares`.
    #[inline]
    pub fn spread(self, squares: u64) -> u64 {
        let sideways = ((squares << 1) & NOT_FILE_A) | ((squares >> 1) & NOT_FILE_H);
        let straight = sideways | (squares << 8) | (squares >> 8);
        match self {
            Touch::Orthogonal => straight,
            Touch::King => {
                let rows = squares | sideways;
                straight | (rows << 8) | (rows >> 8)
            }
        }
    }

    /// The group of `occupied` that contains the squares of `seed`.
    #[inline]
    pub fn group(self, seed: u64, occupied: u64) -> u64 {
        let mut group = seed & occupied;
        loop {
            let grown = (group | self.spread(group)) & occupied;
            if grown == group {
                return group;
            }
            group = grown;
        }
    }

    /// Whether the pieces on `occupied` form one group (an empty board forms none).
    #[inline]
    pub fn connected(self, occupied: Bitboard) -> bool {
        let occupied = occupied.0;
        occupied != 0 && self.group(occupied & occupied.wrapping_neg(), occupied) == occupied
    }

    /// How many groups the pieces on `occupied` form.
    pub fn groups(self, occupied: Bitboard) -> u32 {
        let mut rest = occupied.0;
        let mut count = 0;
        while rest != 0 {
            rest &= !self.group(rest & rest.wrapping_neg(), rest);
            count += 1;
        }
        count
    }

    /// The size of a group's bounding box that connection forces: a group of `n` pieces
    /// spans a box of width + height - 1 at most `n` when pieces touch by sides (every piece
    /// of a path adds at most one column or one row), and of width and height at most `n`
    /// when diagonals count (every piece adds at most one of each).
    #[inline]
    fn measure(self, width: u32, height: u32) -> u32 {
        match self {
            Touch::Orthogonal => width + height - 1,
            Touch::King => width.max(height),
        }
    }
}

/// The squares of files `left..=right` (index `left * 8 + right`), and likewise of ranks.
struct Spans {
    files: [u64; 64],
    ranks: [u64; 64],
}

fn spans() -> &'static Spans {
    static SPANS: std::sync::OnceLock<Spans> = std::sync::OnceLock::new();
    SPANS.get_or_init(|| {
        let mut spans = Spans {
            files: [0; 64],
            ranks: [0; 64],
        };
        for low in 0..8 {
            for high in low..8 {
                for line in low..=high {
                    spans.files[low * 8 + high] |= 0x0101_0101_0101_0101u64 << line;
                    spans.ranks[low * 8 + high] |= 0xFFu64 << (8 * line);
                }
            }
        }
        spans
    })
}

/// For each group size `n` (index), the most pieces of `occupied` that a box a connected
/// group of `n` pieces can span holds. A connected group of `n` pieces that keeps some of
/// these pieces where they stand keeps at most this many of them.
///
/// Only boxes whose edges lie on occupied files and ranks are counted: any box can shrink to
/// one like that around the pieces it holds, which keeps them and lowers its measure. Boxes
/// that leave out a square of `required` (pieces that can never move, so stand in the final
/// group) are not counted; the answer is all zeros for sizes too small to hold them.
pub fn most_inside(touch: Touch, occupied: Bitboard, required: Bitboard) -> [u8; 17] {
    let mut best = [0u8; 17];
    let required = required.0 & occupied.0;
    let files: u8 = (0..8).fold(0, |set, file| {
        set | (u8::from(occupied.0 & (0x0101_0101_0101_0101u64 << file) != 0) << file)
    });
    let ranks: u8 = (0..8).fold(0, |set, rank| {
        set | (u8::from(occupied.0 & (0xFFu64 << (8 * rank)) != 0) << rank)
    });
    let spans = spans();
    let lines = |set: u8| (0..8usize).filter(move |line| set >> line & 1 == 1);
    for left in lines(files) {
        for right in lines(files).filter(|right| *right >= left) {
            let columns = occupied.0 & spans.files[left * 8 + right];
            for bottom in lines(ranks) {
                for top in lines(ranks).filter(|top| *top >= bottom) {
                    let measure =
                        touch.measure((right - left + 1) as u32, (top - bottom + 1) as u32);
                    let measure = measure as usize;
                    let inside = columns & spans.ranks[bottom * 8 + top];
                    if measure < best.len() && inside & required == required {
                        let inside = inside.count_ones() as u8;
                        best[measure] = best[measure].max(inside);
                    }
                }
            }
        }
    }
    for size in 1..best.len() {
        best[size] = best[size].max(best[size - 1]);
    }
    best
}

/// A bound on the pieces that must move (or be placed anywhere, `anywhere` of them for free)
/// so that the pieces on `board` all join one group.
///
/// Call K the groups that keep a piece where it stands: every piece of the other groups
/// moves, and a path in the final group between two groups of K runs through at least
/// `gap(i, j)` squares that are empty now (the fewest on any path, stepping free over every
/// piece), each filled by a moved or placed piece. So the moves are at least
/// `min over K of max(pieces outside K, max gap in K - anywhere)`. Deciding whether some K
/// fits within `t` moves is a clique question; it is relaxed (admissibly) to a star: some
/// group with every group within gap `t + anywhere` of it holding at least `n - t` pieces.
/// Groups holding a square of `required` (pieces that can never move) belong to every K, so
/// the star's centre must have them all within that gap.
pub fn bridging_bound(touch: Touch, board: Bitboard, anywhere: u32, required: Bitboard) -> u32 {
    let occupied = board.0;
    let mut groups: Vec<(u64, u32)> = Vec::with_capacity(16);
    let mut rest = occupied;
    while rest != 0 {
        let group = touch.group(rest & rest.wrapping_neg(), rest);
        groups.push((group, group.count_ones()));
        rest &= !group;
    }
    let total = occupied.count_ones();
    if groups.len() <= 1 {
        return 0;
    }
    // gaps[i][j]: the fewest empty squares on a path from group i to group j.
    let count = groups.len();
    let mut gaps = vec![u32::MAX; count * count];
    for (from, (group, _)) in groups.iter().enumerate() {
        let close = |reached: u64| touch.group(reached, reached | occupied) | reached;
        let mut reached = *group;
        let mut cost = 0;
        let mut unreached = count - 1;
        while unreached > 0 && cost <= 64 {
            let border = touch.spread(reached);
            for (to, (other, _)) in groups.iter().enumerate() {
                if to != from && gaps[from * count + to] == u32::MAX && border & other != 0 {
                    gaps[from * count + to] = cost;
                    unreached -= 1;
                }
            }
            reached = close(reached | (border & !occupied));
            cost += 1;
        }
    }
    (0..=total)
        .find(|&moves| {
            let reach = moves + anywhere;
            groups.iter().enumerate().any(|(centre, (_, size))| {
                let within =
                    |other: usize| other == centre || gaps[centre * count + other] <= reach;
                let holds_required = groups
                    .iter()
                    .enumerate()
                    .all(|(other, (group, _))| group & required.0 == 0 || within(other));
                let near: u32 = groups
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| *other != centre && gaps[centre * count + other] <= reach)
                    .map(|(_, (_, size))| size)
                    .sum();
                holds_required && size + near + moves >= total
            })
        })
        .unwrap_or(total)
}

/// The one seat of a solitaire: the player, who makes every decision (White's side).
pub const ONE_SEAT: [SeatInfo; 1] = [SeatInfo {
    name: "player",
    side: Color::White,
}];

/// The referee of a blind add ([`amity_engine::Rules::referee`] for both solitaires): the
/// player's `add` from a face-down pile becomes the full state's add of the card(s) on top.
/// Where the turned cards land on a taken square (Neighbour), the player chooses the square
/// from the view with them turned. Any other decision is the full state's own.
pub fn referee_blind_add<R: Solitaire>(
    rules: &R,
    state: &Position<R>,
    view: &Position<R>,
    decision: Move,
) -> Option<Refereed<R>> {
    let mut state_moves = MoveList::new();
    rules.generate(state, &mut state_moves);
    if state_moves.contains(decision) {
        return Some(Refereed::Decision(decision));
    }
    let mut seen = view.clone();
    rules.play(&mut seen, decision);
    let mut chance = Vec::new();
    if rules.chance(&seen, &mut chance) {
        rules.play(&mut seen, rules.turned(state)?);
    }
    let mut choices = MoveList::new();
    rules.generate(&seen, &mut choices);
    if seen.occupied() == view.occupied() && !choices.is_empty() {
        return Some(Refereed::Choose(seen));
    }
    state_moves
        .iter()
        .copied()
        .find(|&mv| {
            let mut after = state.clone();
            rules.play(&mut after, mv);
            solver::same_board(&after, &seen)
        })
        .map(Refereed::Decision)
}
