//! What the two chess solitaires (Parade and Neighbour) share: piece cards, the groups pieces
//! form (orthogonally or with diagonals too), the boxes a group must fit in (the admissible
//! bounds of both solvers), the solvers themselves ([`solver`]) and the rules both answer alike
//! (one player, no pawns, a win once connected).

pub mod solver;

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, STANDARD_PIECES};
use amity_engine::rules::Refereed;
use amity_engine::{
    Bitboard, Color, FenError, Kind, Move, MoveList, OptionKind, OptionSpec, Outcome, Piece,
    Position, Rules, RulesExt, SeatInfo, WinReason,
};

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
///
/// `waiting` (by colour) are the pieces of colours none of which can still be added, as in
/// [`steiner_bound`]: a colour group outside K whose last piece's partner does not stay
/// beside it costs a move more. A partner that stays puts a square of the final group beside
/// the colour group, so that group too is within gap `moves + anywhere` of the centre. The
/// groups beyond that gap are neither kept nor reached: all their pieces move, and each of
/// their independent colour groups costs one move more.
pub fn bridging_bound(
    touch: Touch,
    board: Bitboard,
    anywhere: u32,
    required: Bitboard,
    waiting: [Bitboard; 2],
) -> u32 {
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
    let colour_groups = colour_groups(touch, [waiting[0].0 & occupied, waiting[1].0 & occupied]);
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
                if !holds_required || size + near + moves < total {
                    return false;
                }
                let far = groups
                    .iter()
                    .enumerate()
                    .filter(|(other, _)| !within(*other))
                    .fold(0u64, |squares, (_, (group, _))| squares | group);
                total - size - near + independent(touch, &colour_groups, far) <= moves
            })
        })
        .unwrap_or(total)
}

/// The colour groups of `waiting` (by colour): pieces of one colour joined through pieces of
/// that colour only.
fn colour_groups(touch: Touch, waiting: [u64; 2]) -> [Vec<u64>; 2] {
    waiting.map(|side| {
        let mut parts = Vec::new();
        let mut rest = side;
        while rest != 0 {
            let part = touch.group(rest & rest.wrapping_neg(), side);
            parts.push(part);
            rest &= !part;
        }
        parts
    })
}

/// How many of the colour groups inside `within` need moves of their own to bring each a
/// partner: of each colour, a greedy choice of groups whose neighbourhoods do not overlap (a
/// move ends on one square, so serves one of them; a bound all the same).
fn independent(touch: Touch, colour_groups: &[Vec<u64>; 2], within: u64) -> u32 {
    colour_groups
        .iter()
        .map(|parts| {
            let mut served = 0u64;
            parts
                .iter()
                .filter(|&&part| {
                    // The squares where a move could serve this colour group.
                    let beside = touch.spread(part);
                    let fresh = part & within == part && beside & served == 0;
                    if fresh {
                        served |= beside;
                    }
                    fresh
                })
                .count() as u32
        })
        .sum()
}

/// The most groups [`steiner_bound`] takes: its work grows as three to the power of the groups.
pub const STEINER_MOST_GROUPS: usize = 7;

/// The widest tree [`steiner_bound`] prices: more than every piece of both colours.
const WIDEST_TREE: u32 = 2 * PIECE_CARDS as u32;

/// A bound on the pieces that must move (or be placed anywhere, `anywhere` of them for free)
/// so that the pieces on `board` all join one group, exact in how the kept groups are
/// bridged for up to [`STEINER_MOST_GROUPS`] groups (beyond that, the nearest are merged:
/// see [`merge_nearest`]).
///
/// Call K the groups that keep a piece where it stands, as in [`bridging_bound`]: every piece
/// of the other groups moves, and the final group holds a connected set of squares that
/// touches every group of K. Each square of it that is empty now is filled by a moved or
/// placed piece, so the moves are at least `min over K of max(pieces outside K, tree(K) -
/// anywhere)`, where tree(K) is the fewest empty squares in a connected set meeting every
/// group of K (stepping free over every piece, even one that moves later: that only lowers
/// the bound). tree(K) is a Steiner tree with weights on squares, found for every K at once
/// by the Dreyfus-Wagner recursion. It is never below [`bridging_bound`], which keeps only
/// the widest single gap of K.
///
/// `waiting` holds, by colour, the pieces of each colour of which no more can be added (a
/// Neighbour piece moves only with a piece of its colour beside it). Take a colour group G:
/// pieces of one such colour, connected through pieces of that colour only (a lone piece
/// with none of its colour beside it is a group of one). If G lies outside K, every piece of
/// G moves; let Z be the last of them to move for the first time. When Z moves it still
/// stands where it stands now, and a piece W of its colour stands beside it: not one that
/// stood there from the start, since those are in G and have all moved, and not an added
/// one. So W's last move before then ended beside Z. If W never moves again, the final
/// group reaches a square beside Z, and a tree meeting Z's group costs no more than the
/// final group's empty squares (Z's square is occupied now, so free). If W moves again, that
/// move into Z's neighbourhood was not W's last. The count above prices only last moves (one
/// for each piece outside K, one for each empty square of the final group), so such a move
/// is one more. Colour groups of different colours, or whose neighbourhoods (every square
/// beside one of their pieces) do not overlap, need different such moves, as a move ends on
/// one square and moves a piece of one colour. So for every K, the groups outside it that
/// hold a colour group are split: those the tree reaches, and the others, each of whose
/// independent colour groups costs a move more. A lone piece with none of its colour beside
/// it is the simplest case; K may also be empty (every piece moves), priced the same way.
///
/// The final group has a square for each piece, placed ones included, and holds every piece
/// of `required` where it stands. When no connected set of that many squares holds them all
/// (up to [`STEINER_MOST_GROUPS`] of them are checked), the answer is unreachable.
///
/// Above `enough` it may answer any bound above `enough`. Answers are kept in `answers` (the
/// calling thread's), as a search meets the same board again and again.
pub fn steiner_bound(
    touch: Touch,
    board: Bitboard,
    anywhere: u32,
    required: Bitboard,
    waiting: [Bitboard; 2],
    enough: u32,
    answers: &mut SteinerAnswers,
) -> u32 {
    let key = SteinerKey {
        board: board.0,
        required: required.0,
        waiting: [waiting[0].0 & board.0, waiting[1].0 & board.0],
        anywhere: anywhere.min(u32::from(u8::MAX)) as u8,
        touch,
    };
    if let Some(known) = answers.get(&key)
        && (known.exact || known.bound > enough)
    {
        return known.bound;
    }
    let bound = steiner_tree_bound(&key, enough);
    answers.keep(SteinerAnswer {
        key,
        bound,
        exact: bound <= enough || bound >= solver::UNREACHABLE || enough >= PIECE_CARDS as u32,
    });
    bound
}

/// How many answers of [`steiner_bound`] one [`SteinerAnswers`] keeps at most (a power of
/// two). About 48 MiB, one a thread: the long searches meet far more boards than a smaller cache holds, and
/// each answer kept saves a Steiner recursion (a fifth of a hard deal's processor time at 1.5
/// million positions, against 2^16 slots).
const STEINER_SLOTS: usize = 1 << 20;
/// How many a thread starts with: a decision on a fast clock meets a few hundred boards, and
/// clearing 48 MiB for it took longer than its whole share of the clock.
const STEINER_FIRST_SLOTS: usize = 1 << 12;
// The slot is the top bits of a hash, which needs a power of two.
const _: () = assert!(STEINER_SLOTS.is_power_of_two() && STEINER_FIRST_SLOTS.is_power_of_two());

/// The answers of [`steiner_bound`] one thread has kept, direct-mapped, doubling (up to
/// [`STEINER_SLOTS`]) each time it has been given as many answers as it has slots. A thread
/// keeps it in its [`Scratch`](amity_engine::Scratch), lent by the solver that owns it.
#[derive(Default)]
pub struct SteinerAnswers {
    slots: Vec<Option<SteinerAnswer>>,
    kept_since_growth: usize,
}

impl SteinerAnswers {
    fn get(&self, key: &SteinerKey) -> Option<SteinerAnswer> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[key.slot(self.slots.len())].filter(|answer| answer.key == *key)
    }

    fn keep(&mut self, answer: SteinerAnswer) {
        if self.slots.is_empty() {
            self.slots = vec![None; STEINER_FIRST_SLOTS];
        } else if self.kept_since_growth >= self.slots.len() && self.slots.len() < STEINER_SLOTS {
            let wider = vec![None; self.slots.len() * 2];
            for kept in std::mem::replace(&mut self.slots, wider)
                .into_iter()
                .flatten()
            {
                let slot = kept.key.slot(self.slots.len());
                self.slots[slot] = Some(kept);
            }
            self.kept_since_growth = 0;
        }
        let slot = answer.key.slot(self.slots.len());
        self.slots[slot] = Some(answer);
        self.kept_since_growth += 1;
    }
}

/// What a [`steiner_bound`] answer depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SteinerKey {
    board: u64,
    required: u64,
    waiting: [u64; 2],
    anywhere: u8,
    touch: Touch,
}

impl SteinerKey {
    /// The key's slot among `slots` (a power of two).
    fn slot(&self, slots: usize) -> usize {
        let mixed = self.board
            ^ self.required.rotate_left(23)
            ^ self.waiting[0].rotate_left(41)
            ^ self.waiting[1].rotate_left(13)
            ^ u64::from(self.anywhere) << 40
            ^ u64::from(self.touch == Touch::King);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - slots.trailing_zeros())) as usize
    }
}

/// A kept [`steiner_bound`] answer: `exact` unless it was cut short above some `enough`.
#[derive(Clone, Copy)]
struct SteinerAnswer {
    key: SteinerKey,
    bound: u32,
    exact: bool,
}

/// [`steiner_bound`] worked out, for the question `key` asks.
fn steiner_tree_bound(key: &SteinerKey, enough: u32) -> u32 {
    let SteinerKey {
        board: occupied,
        touch,
        ..
    } = *key;
    let anywhere = u32::from(key.anywhere);
    let required = Bitboard(key.required);
    let waiting = key.waiting;
    let mut groups: Vec<u64> = Vec::with_capacity(2 * PIECE_CARDS);
    let mut rest = occupied;
    while rest != 0 {
        let group = touch.group(rest & rest.wrapping_neg(), rest);
        groups.push(group);
        rest &= !group;
    }
    merge_nearest(touch, &mut groups);
    let total = occupied.count_ones();
    if groups.len() <= 1 {
        return 0;
    }
    // The final group holds exactly the pieces there will be, and every piece that can never
    // move where it stands: when no connected set of that many squares holds them all, no
    // line wins.
    let frozen: Vec<u64> = squares(required.0 & occupied)
        .map(|square| 1 << square)
        .collect();
    if (2..=STEINER_MOST_GROUPS).contains(&frozen.len())
        && fewest_squares(touch, &frozen, total + anywhere) == u8::MAX
    {
        return solver::UNREACHABLE;
    }
    // Trees wider than this are priced as one square wider (a bound all the same): moving
    // every piece costs `total` or more, and a bound above `enough` may be answered as
    // `enough + 1`.
    let widest = (total.min(enough.saturating_add(1)) + anywhere).min(WIDEST_TREE);
    let count = groups.len();
    let subsets = 1usize << count;
    // trees[set][square]: the fewest empty squares in a connected set holding `square` and
    // meeting every group of `set` (counting `square` itself when empty); u8::MAX when wider.
    let trees = steiner_trees(touch, &groups, occupied, widest as u8);
    let groups_holding = |squares: Bitboard| {
        (0..count)
            .filter(|&index| groups[index] & squares.0 != 0)
            .fold(0usize, |set, index| set | 1 << index)
    };
    let required_groups = groups_holding(required);
    // Every colour group, by colour: pieces of a colour that can no longer be added,
    // connected through pieces of that colour.
    let colour_groups = colour_groups(touch, waiting);
    let waiting_groups = groups_holding(Bitboard(waiting[0] | waiting[1]));
    // separate[set]: how many colour groups within the groups of `set` need moves of their
    // own.
    let separate: Vec<u32> = (0..subsets)
        .map(|set| {
            let within = (0..count)
                .filter(|index| set >> index & 1 == 1)
                .fold(0u64, |squares, index| squares | groups[index]);
            independent(touch, &colour_groups, within)
        })
        .collect();
    // (Meeting no group at all costs nothing.) Worked out once per set, as the splits below
    // ask for each set many times.
    let cheapest: Vec<u32> = (0..subsets)
        .map(|set| {
            if set == 0 {
                return 0;
            }
            u32::from(*trees[set].iter().min().unwrap_or(&u8::MAX))
                .min(widest + 1)
                .saturating_sub(anywhere)
        })
        .collect();
    let tree = |set: usize| cheapest[set];
    let sizes: Vec<u32> = groups.iter().map(|group| group.count_ones()).collect();
    let mut best = u32::MAX;
    // K may be empty too (no group keeps a piece where it stands, so every piece moves), and
    // its colour groups still wait for their partners.
    for set in 0..subsets {
        if set & required_groups != required_groups {
            continue;
        }
        let kept: u32 = (0..count)
            .filter(|index| set >> index & 1 == 1)
            .map(|index| sizes[index])
            .sum();
        let outside = total - kept;
        // Which of the groups outside K holding a colour group the tree reaches: every
        // choice.
        let left_waiting = waiting_groups & !set;
        let mut reached = left_waiting;
        loop {
            let moves = outside.max(tree(set | reached)) + separate[left_waiting & !reached];
            best = best.min(moves);
            if reached == 0 {
                break;
            }
            reached = (reached - 1) & left_waiting;
        }
    }
    best
}

/// Merges the nearest groups (by king distance between their pieces) until at most
/// [`STEINER_MOST_GROUPS`] are left, so that [`steiner_tree_bound`] can price a board of more
/// groups. Every bound it works out stays a bound for the groups unmerged: a tree that meets
/// each of some groups meets each merged group holding one of them, a merged group none of
/// whose groups is kept has all its pieces moved, and a merged group none of whose colour
/// groups is reached has none reached.
fn merge_nearest(touch: Touch, groups: &mut Vec<u64>) {
    while groups.len() > STEINER_MOST_GROUPS {
        // The nearest pair: the first whose grown halo meets another group.
        let mut halos: Vec<u64> = groups.clone();
        let (low, high) = 'found: loop {
            for halo in &mut halos {
                *halo |= touch.spread(*halo);
            }
            for (low, halo) in halos.iter().enumerate() {
                if let Some(high) = (low + 1..groups.len()).find(|&high| halo & groups[high] != 0) {
                    break 'found (low, high);
                }
            }
        };
        let merged = groups.swap_remove(high);
        groups[low] |= merged;
    }
}

/// The fewest squares of a connected set that holds a square of every one of `groups`, or
/// `u8::MAX` when that is more than `most`: [`steiner_trees`] with every square counting one,
/// whether a piece stands on it or not.
fn fewest_squares(touch: Touch, groups: &[u64], most: u32) -> u8 {
    let most = most.min(WIDEST_TREE) as u8;
    let trees = steiner_trees(touch, groups, 0, most);
    trees[(1 << groups.len()) - 1]
        .iter()
        .min()
        .copied()
        .unwrap_or(u8::MAX)
}

/// The Dreyfus-Wagner recursion over `groups` (at most [`STEINER_MOST_GROUPS`]): for each set
/// of them (by index bits) and each square, the fewest empty squares (not on `occupied`) of a
/// connected set that holds the square and meets every group of the set, counting the square
/// itself when empty; `u8::MAX` when more than `widest`.
fn steiner_trees(
    touch: Touch,
    groups: &[u64],
    occupied: u64,
    widest: u8,
) -> [[u8; 64]; 1 << STEINER_MOST_GROUPS] {
    let mut trees = [[u8::MAX; 64]; 1 << STEINER_MOST_GROUPS];
    // A square's weight: one when empty (a piece must be brought there), else nothing.
    let weights: [u8; 64] = std::array::from_fn(|square| u8::from(occupied >> square & 1 == 0));
    for set in 1..1usize << groups.len() {
        let mut tree = [u8::MAX; 64];
        if set.is_power_of_two() {
            for square in squares(groups[set.trailing_zeros() as usize]) {
                tree[square] = weights[square];
            }
        } else {
            // Split the set in two at a square: both halves' trees hold it, so its weight
            // counts once.
            let low = set & set.wrapping_neg();
            let mut part = (set - 1) & set;
            while part != 0 {
                if part & low != 0 {
                    let (left, right) = (&trees[part], &trees[set ^ part]);
                    for (((cost, left), right), shared) in
                        tree.iter_mut().zip(left).zip(right).zip(&weights)
                    {
                        *cost = (*cost).min(left.saturating_add(*right).saturating_sub(*shared));
                    }
                }
                part = (part - 1) & set;
            }
        }
        trees[set] = grow(touch, tree, occupied, widest);
    }
    trees
}

/// The squares of a bitboard, by index.
fn squares(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            square
        })
    })
}

/// Extends trees from the squares `tree` prices to every square reachable at most `widest`
/// empty squares further: stepping onto a piece is free, onto an empty square costs one
/// (Dijkstra by levels, as every step costs nothing or one).
fn grow(touch: Touch, tree: [u8; 64], occupied: u64, widest: u8) -> [u8; 64] {
    let mut levels = [0u64; WIDEST_TREE as usize + 1];
    for (square, &cost) in tree.iter().enumerate() {
        if cost <= widest {
            levels[usize::from(cost)] |= 1 << square;
        }
    }
    let mut grown = [u8::MAX; 64];
    let mut reached = 0u64;
    let mut stepped = 0u64;
    for cost in 0..=widest {
        let mut layer = (levels[usize::from(cost)] | stepped) & !reached;
        loop {
            let wider = layer | (touch.spread(layer) & occupied & !reached);
            if wider == layer {
                break;
            }
            layer = wider;
        }
        reached |= layer;
        for square in squares(layer) {
            grown[square] = cost;
        }
        stepped = touch.spread(layer) & !occupied & !reached;
        if stepped == 0
            && levels[usize::from(cost) + 1..]
                .iter()
                .all(|level| level & !reached == 0)
        {
            break;
        }
    }
    grown
}

/// Why a solitaire's written deal was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealError {
    /// The game's name, as its deals are called (`bad parade deal`).
    pub game: &'static str,
    pub why: String,
}

impl std::fmt::Display for DealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad {} deal: {}", self.game, self.why)
    }
}

impl std::error::Error for DealError {}

/// The one seat of a solitaire: the player, who makes every decision (White's side).
pub const ONE_SEAT: [SeatInfo; 1] = [SeatInfo {
    name: "player",
    side: Color::White,
}];

/// The option named `name`, a check off by default, that opens a solitaire's face-down cards
/// to the player. It changes what the player sees, never the rules.
pub const fn open_option(name: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        player: false,
        kind: OptionKind::Check { default: false },
    }
}

/// Refuses a solitaire's position whose fields after the board are not `w - - 0 1` (one
/// player, who never castles, takes en passant or counts moves), or that holds a pawn (no card
/// is one); `one_player` and `no_pawns` are the refusals in the game's own words.
pub fn validate_one_player<R: Rules>(
    pos: &Position<R>,
    one_player: &str,
    no_pawns: &str,
) -> Result<(), FenError> {
    if pos.turn() != Color::White
        || pos.castling().any()
        || pos.en_passant().is_some()
        || pos.halfmove_clock() != 0
        || pos.fullmoves() != 1
    {
        return Err(FenError::Illegal(one_player.into()));
    }
    if pos.kind(PAWN).any() {
        return Err(FenError::Illegal(no_pawns.into()));
    }
    Ok(())
}

/// The player's win (White's side), for the reason `why`.
pub fn won(why: &'static str) -> Outcome {
    Outcome::Win {
        winner: Color::White,
        reason: WinReason::Variant(why),
    }
}

/// The player's loss, written as a win of the side nobody plays (Black), for the reason `why`.
pub fn lost(why: &'static str) -> Outcome {
    Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Variant(why),
    }
}

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

/// The [`amity_engine::Rules`] hooks every solitaire answers alike, written inside its
/// `impl Rules`: the referee of a blind add, a deal shuffled by the solitaire's own notation,
/// [`SearchFlags::SOLITAIRE`](amity_engine::SearchFlags::SOLITAIRE) with the solitaire's own
/// strength scale (how many levels a doubling of the solver's nodes is worth), and no null
/// move and no check (one player).
macro_rules! solitaire_rules {
    ($strength:expr) => {
        fn referee(
            &self,
            state: &Position<Self>,
            view: &Position<Self>,
            decision: Move,
        ) -> Option<amity_engine::rules::Refereed<Self>> {
            $crate::solitaire::referee_blind_add(self, state, view, decision)
        }

        fn deal(&self, rng: &mut StdRng) -> Option<Position<Self>> {
            use $crate::solitaire::solver::Solitaire as _;
            self.deal_from_text(&self.random_deal_text(rng)).ok()
        }

        fn search_flags(&self) -> amity_engine::SearchFlags {
            amity_engine::SearchFlags {
                strength: $strength,
                ..amity_engine::SearchFlags::SOLITAIRE
            }
        }

        fn play_null(&self, pos: &mut Position<Self>) {
            // Never called (null move is off): the one player cannot pass.
            let _ = pos;
        }

        fn in_check(&self, _pos: &Position<Self>) -> bool {
            false
        }
    };
}
pub(crate) use solitaire_rules;

/// A solitaire's [`amity_engine::Solver`] (the solver of [`solver::decide`], as deep as the
/// limits say) and its [`amity_engine::Partner`] (the player's score and the deal's optimum
/// with the piles known, [`final_account`]).
macro_rules! solitaire_solver {
    ($game:ty) => {
        impl amity_engine::Solver for $game {
            fn solve(
                &self,
                pos: &Position<Self>,
                limits: amity_engine::SolveLimits,
            ) -> Option<amity_engine::Solution> {
                Some($crate::solitaire::solver::decide(
                    self,
                    pos,
                    limits,
                    $crate::solitaire::solver::Horizon::from_depth(limits.depth),
                ))
            }
        }

        impl amity_engine::Partner for $game {
            fn final_account(
                &self,
                start: &Position<Self>,
                end: &Position<Self>,
                limits: amity_engine::SolveLimits,
            ) -> Vec<String> {
                $crate::solitaire::final_account(self, start, end, limits)
            }
        }
    };
}
pub(crate) use solitaire_solver;

/// The score of a solitaire that has ended at `pos` (connected, out of cards, or with no
/// action left); `None` while it goes on.
pub fn final_score<R: Solitaire>(rules: &R, pos: &Position<R>) -> Option<i32> {
    amity_engine::game::position_end(rules, pos).map(|_| {
        if rules.won(pos) {
            rules.score_after(pos, 0)
        } else {
            rules.lost_score()
        }
    })
}

/// The `Score` tag of a finished solitaire's record: how well the deal was played, which the
/// result (won or not) does not say. A record of a game still going (adjudicated) has none.
pub fn score_tag<R: Solitaire>(rules: &R, pos: &Position<R>) -> Vec<(&'static str, String)> {
    final_score(rules, pos)
        .map(|score| ("Score", score.to_string()))
        .into_iter()
        .collect()
}

/// The account of a finished solitaire that went from `start` to `end` (full states): the
/// player's score, and the optimum of the deal with its piles known, solved within `limits`.
pub fn final_account<R: Solitaire + amity_engine::Notation>(
    rules: &R,
    start: &Position<R>,
    end: &Position<R>,
    limits: amity_engine::SolveLimits,
) -> Vec<String> {
    let score = final_score(rules, end).unwrap_or_else(|| rules.lost_score());
    let table = solver::Table::new(solver::TABLE_MB);
    let optimum = solver::solve_open(rules, start, &table, limits, true);
    let line: Vec<String> = optimum
        .line
        .iter()
        .map(|mv| rules.format_move(*mv))
        .collect();
    let optimum = match (optimum.complete, optimum.cost) {
        (true, Some(cost)) => format!("{} ({})", rules.score_after(start, cost), line.join(" ")),
        (true, None) => format!("{} (no line connects)", rules.lost_score()),
        (false, _) => "not proven in the time given".into(),
    };
    vec![
        format!("Your score: {score}"),
        format!("Optimum with the piles known: {optimum}"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The fewest pieces that must be lifted and put back so that all stand as one group,
    /// by trying every choice: lift `m` pieces, then put `m` pieces on any empty squares of
    /// the board's 5x5 corner (a group joining pieces of a box can always be kept inside it).
    fn fewest_lifted(board: u64) -> u32 {
        let pieces: Vec<u64> = squares(board).map(|square| 1u64 << square).collect();
        let corner: u64 = (0..5).map(|rank| 0x1Fu64 << (8 * rank)).sum();
        for lifted in 0..=pieces.len() {
            for chosen in 0u32..1 << pieces.len() {
                if chosen.count_ones() as usize != lifted {
                    continue;
                }
                let kept = pieces
                    .iter()
                    .enumerate()
                    .filter(|(index, _)| chosen >> index & 1 == 0)
                    .fold(0, |set, (_, piece)| set | piece);
                if kept == 0 || placed_joins(kept, corner & !kept, lifted) {
                    return lifted as u32;
                }
            }
        }
        unreachable!("lifting every piece joins them")
    }

    /// The Steiner bound of a board alone: nothing to add, nothing frozen or stranded.
    fn steiner_of(board: Bitboard) -> u32 {
        steiner_bound(
            Touch::King,
            board,
            0,
            Bitboard::EMPTY,
            [Bitboard::EMPTY; 2],
            u32::MAX,
            &mut SteinerAnswers::default(),
        )
    }

    /// Whether `count` more pieces on squares of `free` can join `kept` into one group.
    fn placed_joins(kept: u64, free: u64, count: usize) -> bool {
        if Touch::King.connected(Bitboard(kept)) {
            return true;
        }
        count > 0
            && squares(free).any(|square| {
                // Placing on squares in rising order tries every set once.
                let later = free & !((2u64 << square) - 1);
                placed_joins(kept | 1 << square, later, count - 1)
            })
    }

    #[test]
    fn the_steiner_bound_bridges_every_gap_the_star_bound_sees_only_one_of() {
        // Three columns of three pieces on files a, d and g: two files apart, so the
        // middle group is within two squares of both others (the star bound: 2). Bridging
        // both gaps needs four squares, so it is cheaper to carry one end group over (3).
        let board = Bitboard(
            [0, 8, 16, 3, 11, 19, 6, 14, 22]
                .iter()
                .fold(0u64, |set, square| set | 1 << square),
        );
        let groups = Touch::King.groups(board);
        let steiner = steiner_of(board);
        let star = bridging_bound(Touch::King, board, 0, Bitboard::EMPTY, [Bitboard::EMPTY; 2]);
        assert_eq!(groups, 3);
        assert_eq!((star, steiner), (2, 3));
    }

    #[test]
    fn the_steiner_bound_never_exceeds_the_fewest_pieces_lifted() {
        let mut rng = StdRng::seed_from_u64(31);
        let corner: Vec<u32> = (0..5)
            .flat_map(|rank| (0..5).map(move |file| rank * 8 + file))
            .collect();
        let mut tight = 0;
        for _ in 0..300 {
            let count = rng.random_range(2..=6);
            let mut board = 0u64;
            while board.count_ones() < count {
                board |= 1 << corner[rng.random_range(0..corner.len())];
            }
            let board = Bitboard(board);
            let exact = fewest_lifted(board.0);
            let star = bridging_bound(Touch::King, board, 0, Bitboard::EMPTY, [Bitboard::EMPTY; 2]);
            let steiner = steiner_of(board);
            assert!(
                star <= steiner && steiner <= exact,
                "{board:?}: {star} {steiner} {exact}"
            );
            // Cut short, it still cuts above the limit and stays exact below it.
            for enough in 0..exact {
                let key = SteinerKey {
                    board: board.0,
                    required: 0,
                    waiting: [0; 2],
                    anywhere: 0,
                    touch: Touch::King,
                };
                let cut = steiner_tree_bound(&key, enough);
                assert!(
                    cut.min(enough + 1) == steiner.min(enough + 1),
                    "{board:?} {enough}"
                );
            }
            tight += u32::from(steiner == exact);
        }
        // A bound that answered 0 everywhere would pass the checks above.
        assert!(tight > 200, "only {tight} of 300 tight");
    }
}
