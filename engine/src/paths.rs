//! Piece paths: a small language for pieces that travel along bent, multi-leg routes (legs of
//! steps or leaps, turns taken only after exactly N steps or on reaching the board's edge), and
//! its compilation, once at start-up, into per-square path trees that generation walks without
//! recursion. Paths are written from the owner's point of view (up is forward); Black's tables
//! are the same paths turned half a circle.
//!
//! The semantics: every square on a path before the last must be empty (the mover's own start
//! square counts as empty, it has left); the piece may stop on any square of a path its [`Mode`]
//! allows, and a path ends on the first occupied square, which it captures if the mode allows.
//! A leap (a vector longer than a king step) has no squares in between, so leapers jump.

use shakmaty::{Bitboard, Color, Square};

use crate::position::color_index;
use crate::rules::Geometry;

/// A king step named by compass direction from the owner's point of view (N is forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    /// All eight, clockwise from N (so turning 45° right is the next one).
    pub const CLOCKWISE: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The step as (files, ranks) from the owner's point of view.
    pub const fn vector(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction after turning 45° the given way.
    pub fn turned(self, turn: Turn) -> Direction {
        let index = Direction::CLOCKWISE
            .iter()
            .position(|d| *d == self)
            .unwrap_or(0);
        let next = match turn {
            Turn::Clockwise => (index + 1) % 8,
            Turn::Anticlockwise => (index + 7) % 8,
        };
        Direction::CLOCKWISE[next]
    }
}

/// Which way a rose arc bends at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Clockwise,
    Anticlockwise,
}

/// What a piece may do on the squares of a leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Stop on an empty square or capture an enemy piece (the usual case).
    MoveOrCapture,
    /// Stop only on an empty square (a pawn's push).
    MoveOnly,
    /// Stop only by capturing an enemy piece (a pawn's capture).
    CaptureOnly,
    /// Stop on an empty square or capture any piece, the mover's own included; the variant
    /// decides which of its own pieces may really be taken (see [`Reach::own_captures`]).
    CaptureAny,
}

/// When a continuation leg may start from a square of its parent leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Only from the square reached after exactly this many steps of the parent leg.
    AfterExactly(u8),
    /// Only from a square where one more step of the parent leg would leave the board (the
    /// parent leg has made at least one step to get there).
    AtEdge,
}

/// One leg of a path: a vector repeated up to `max` times, with the legs that may follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// (files, ranks) per step, owner's view. A king step walks; anything longer leaps.
    pub vector: (i8, i8),
    /// Most repetitions of the vector (1 for a single step or leap).
    pub max: u8,
    pub mode: Mode,
    /// Only for a piece starting on this rank, counted from the owner's first rank (0).
    pub from_rank: Option<u8>,
    /// Legs that may follow, each from the squares its trigger allows.
    pub then: Vec<(Trigger, Leg)>,
}

impl Leg {
    /// Up to `max` king steps (or leaps) of `vector`.
    pub fn repeat(vector: (i8, i8), max: u8) -> Leg {
        Leg {
            vector,
            max,
            mode: Mode::MoveOrCapture,
            from_rank: None,
            then: Vec::new(),
        }
    }

    /// One king step.
    pub fn step(direction: Direction) -> Leg {
        Leg::repeat(direction.vector(), 1)
    }

    /// Up to `max` king steps in one direction.
    pub fn steps(direction: Direction, max: u8) -> Leg {
        Leg::repeat(direction.vector(), max)
    }

    /// A slide as far as the board allows.
    pub fn slide(direction: Direction) -> Leg {
        Leg::repeat(direction.vector(), u8::MAX)
    }

    /// A single jump by (files, ranks), over whatever stands between.
    pub fn leap(files: i8, ranks: i8) -> Leg {
        Leg::repeat((files, ranks), 1)
    }

    /// The same leg with another [`Mode`].
    pub fn mode(mut self, mode: Mode) -> Leg {
        self.mode = mode;
        self
    }

    /// The same leg, allowed only to a piece standing on `rank` (owner's count from 0).
    pub fn from_rank(mut self, rank: u8) -> Leg {
        self.from_rank = Some(rank);
        self
    }

    /// Adds a continuation allowed only after exactly `steps` steps of this leg.
    pub fn after(mut self, steps: u8, next: Leg) -> Leg {
        self.then.push((Trigger::AfterExactly(steps), next));
        self
    }

    /// Adds a continuation from the board's edge.
    pub fn at_edge(mut self, next: Leg) -> Leg {
        self.then.push((Trigger::AtEdge, next));
        self
    }
}

/// A rose arc: `length` single king steps starting in `first`, each turned 45° the same way
/// from the one before; `tail` (if any) may follow the last step.
pub fn rose(first: Direction, turn: Turn, length: u8, tail: Option<Leg>) -> Leg {
    let mut directions = vec![first];
    for _ in 1..length {
        let last = directions[directions.len() - 1];
        directions.push(last.turned(turn));
    }
    let mut leg: Option<Leg> = tail;
    for direction in directions.into_iter().rev() {
        let step = Leg::step(direction);
        leg = Some(match leg {
            Some(next) => step.after(1, next),
            None => step,
        });
    }
    leg.unwrap_or_else(|| Leg::step(first))
}

/// Everything a piece can do: its alternative paths (each a tree of legs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PiecePaths {
    pub legs: Vec<Leg>,
}

impl PiecePaths {
    pub fn new(legs: Vec<Leg>) -> PiecePaths {
        PiecePaths { legs }
    }
}

/// Where one piece can go from its square, given the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Empty squares it may stop on.
    pub quiet: Bitboard,
    /// Enemy pieces it may capture.
    pub captures: Bitboard,
    /// Its own pieces it may capture ([`Mode::CaptureAny`] legs only).
    pub own_captures: Bitboard,
    /// Its own pieces on which a capturing path ends: the squares it defends.
    pub defends: Bitboard,
}

impl Reach {
    /// Every square it may move to (own captures aside).
    #[inline]
    pub fn targets(&self) -> Bitboard {
        self.quiet | self.captures
    }

    /// Every square where it would capture an enemy piece: what it attacks.
    #[inline]
    pub fn attacks(&self) -> Bitboard {
        self.quiet | self.captures | self.defends
    }
}

const STOP_EMPTY: u8 = 1;
const STOP_ENEMY: u8 = 2;
const STOP_OWN: u8 = 4;

/// One square of a compiled path tree in depth-first order. `skip` is the index just past the
/// square's subtree: where the walk goes on when the square is occupied and ends its path.
#[derive(Clone, Copy, Debug)]
struct Node {
    square: u8,
    stops: u8,
    skip: u16,
}

/// Path trees of every (colour, piece kind, square), compiled from [`PiecePaths`].
#[derive(Clone, Debug)]
pub struct PathTable {
    nodes: Vec<Node>,
    /// (start, end) into `nodes`, indexed by `(colour * kinds + kind) * 64 + square`.
    ranges: Vec<(u32, u32)>,
    /// Paths of a single square that stop on anything but a friend (a leap or a lone step),
    /// pulled out of the trees: no walk is needed for them, one mask per slot does.
    leaps: Vec<Bitboard>,
    /// Every square any path may stop on, on an empty board (what a piece could ever reach
    /// in one move from there), per slot.
    spans: Vec<Bitboard>,
    kinds: usize,
}

/// Why a set of paths could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// A leg without a vector, which would never move.
    ZeroVector,
    /// More squares in one piece's trees than the compact node index can address.
    TooLarge,
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PathError::ZeroVector => write!(f, "a leg has the vector (0, 0)"),
            PathError::TooLarge => write!(f, "path trees too large to compile"),
        }
    }
}

impl std::error::Error for PathError {}

/// The owner's coordinates of a board square (Black sees the board turned half a circle).
fn owner_coords(geometry: Geometry, color: Color, square: u8) -> (i8, i8) {
    let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
    match color {
        Color::White => (file, rank),
        Color::Black => (
            geometry.files as i8 - 1 - file,
            geometry.ranks as i8 - 1 - rank,
        ),
    }
}

/// The board square at the owner's coordinates, if it exists.
fn board_square(geometry: Geometry, color: Color, (file, rank): (i8, i8)) -> Option<u8> {
    if file < 0 || rank < 0 || file >= geometry.files as i8 || rank >= geometry.ranks as i8 {
        return None;
    }
    let (file, rank) = match color {
        Color::White => (file, rank),
        Color::Black => (
            geometry.files as i8 - 1 - file,
            geometry.ranks as i8 - 1 - rank,
        ),
    };
    Some((rank * 8 + file) as u8)
}

struct Compiler<'a> {
    geometry: Geometry,
    color: Color,
    origin: u8,
    nodes: &'a mut Vec<Node>,
}

impl Compiler<'_> {
    /// Emits the squares of `leg` from `at` onwards (`taken` steps already made).
    fn emit(&mut self, leg: &Leg, at: (i8, i8), taken: u8) -> Result<(), PathError> {
        let next = (at.0 + leg.vector.0, at.1 + leg.vector.1);
        let Some(square) = board_square(self.geometry, self.color, next) else {
            return Ok(());
        };
        let steps = taken + 1;
        let stops = if square == self.origin {
            // Passing back over its own start square is allowed; stopping there is no move.
            0
        } else {
            match leg.mode {
                Mode::MoveOrCapture => STOP_EMPTY | STOP_ENEMY,
                Mode::MoveOnly => STOP_EMPTY,
                Mode::CaptureOnly => STOP_ENEMY,
                Mode::CaptureAny => STOP_EMPTY | STOP_ENEMY | STOP_OWN,
            }
        };
        let index = self.nodes.len();
        self.nodes.push(Node {
            square,
            stops,
            skip: 0,
        });
        let at_edge = board_square(
            self.geometry,
            self.color,
            (next.0 + leg.vector.0, next.1 + leg.vector.1),
        )
        .is_none();
        for (trigger, continuation) in &leg.then {
            let fires = match trigger {
                Trigger::AfterExactly(n) => *n == steps,
                Trigger::AtEdge => at_edge,
            };
            if fires {
                self.emit(continuation, next, 0)?;
            }
        }
        if steps < leg.max {
            self.emit(leg, next, steps)?;
        }
        let end = self.nodes.len();
        self.nodes[index].skip = u16::try_from(end).map_err(|_| PathError::TooLarge)?;
        Ok(())
    }
}

fn check_vectors(leg: &Leg) -> Result<(), PathError> {
    if leg.vector == (0, 0) {
        return Err(PathError::ZeroVector);
    }
    leg.then
        .iter()
        .try_for_each(|(_, next)| check_vectors(next))
}

impl PathTable {
    /// Compiles the paths of every piece kind (index = kind) for both colours on `geometry`.
    pub fn compile(geometry: Geometry, pieces: &[PiecePaths]) -> Result<PathTable, PathError> {
        for piece in pieces {
            piece.legs.iter().try_for_each(check_vectors)?;
        }
        let mut nodes = Vec::new();
        let mut ranges = Vec::with_capacity(2 * pieces.len() * 64);
        let mut leaps = Vec::with_capacity(2 * pieces.len() * 64);
        let mut spans = Vec::with_capacity(2 * pieces.len() * 64);
        for color in [Color::White, Color::Black] {
            for piece in pieces {
                for origin in 0..64u8 {
                    let mut tree = Vec::new();
                    let mut leap = Bitboard::EMPTY;
                    if geometry.mask().contains(Square::new(origin as u32)) {
                        let at = owner_coords(geometry, color, origin);
                        let mut compiler = Compiler {
                            geometry,
                            color,
                            origin,
                            nodes: &mut tree,
                        };
                        for leg in &piece.legs {
                            if leg.from_rank.is_none_or(|rank| rank as i8 == at.1) {
                                let before = compiler.nodes.len();
                                compiler.emit(leg, at, 0)?;
                                let single = compiler.nodes.len() == before + 1;
                                if single
                                    && compiler.nodes[before].stops == STOP_EMPTY | STOP_ENEMY
                                    && let Some(node) = compiler.nodes.pop()
                                {
                                    leap.add(Square::new(node.square as u32));
                                }
                            }
                        }
                    }
                    let span = tree
                        .iter()
                        .filter(|node| node.stops != 0)
                        .fold(leap, |span, node| {
                            span | Bitboard::from_square(Square::new(node.square as u32))
                        });
                    leaps.push(leap);
                    spans.push(span);
                    // Indices were relative to this tree; the walk uses them that way.
                    let start = nodes.len() as u32;
                    nodes.extend(tree);
                    ranges.push((start, nodes.len() as u32));
                }
            }
        }
        Ok(PathTable {
            nodes,
            ranges,
            leaps,
            spans,
            kinds: pieces.len(),
        })
    }

    /// Where a piece of `color` and `kind` (an index into the compiled pieces) on `from` can
    /// go, with `ours` and `theirs` the squares of its side and the other side.
    #[inline]
    pub fn reach(
        &self,
        color: Color,
        kind: usize,
        from: Square,
        ours: Bitboard,
        theirs: Bitboard,
    ) -> Reach {
        let slot = (color_index(color) * self.kinds + kind) * 64 + from as usize;
        let (start, end) = self.ranges[slot];
        let tree = &self.nodes[start as usize..end as usize];
        let ours = ours.0 & !(1u64 << from as u32);
        let theirs = theirs.0;
        let occupied = ours | theirs;
        let leap = self.leaps[slot].0;
        let mut reach = Reach {
            quiet: Bitboard(leap & !occupied),
            captures: Bitboard(leap & theirs),
            own_captures: Bitboard::EMPTY,
            defends: Bitboard(leap & ours),
        };
        let mut index = 0;
        while let Some(node) = tree.get(index) {
            let bit = 1u64 << node.square;
            if occupied & bit != 0 {
                if theirs & bit != 0 {
                    if node.stops & STOP_ENEMY != 0 {
                        reach.captures.0 |= bit;
                    }
                } else {
                    if node.stops & STOP_OWN != 0 {
                        reach.own_captures.0 |= bit;
                    }
                    if node.stops & STOP_ENEMY != 0 {
                        reach.defends.0 |= bit;
                    }
                }
                index = node.skip as usize;
            } else {
                if node.stops & STOP_EMPTY != 0 {
                    reach.quiet.0 |= bit;
                }
                index += 1;
            }
        }
        reach
    }

    /// Every square a piece of `color` and `kind` on `from` could stop on if the board were
    /// empty: a superset of its reach on any board, for quick tests before a walk.
    #[inline]
    pub fn span(&self, color: Color, kind: usize, from: Square) -> Bitboard {
        self.spans[(color_index(color) * self.kinds + kind) * 64 + from as usize]
    }

    /// Number of piece kinds compiled.
    pub fn kinds(&self) -> usize {
        self.kinds
    }
}

/// The knight's eight leaps as (files, ranks), clockwise from one file right, two ranks up.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The six chess pieces written in the path language (kinds in the order of
/// [`crate::orthodox`]): a demonstration that the language covers them, and the reference
/// the tests hold it to. Castling, en passant and promotion are rules, not paths.
pub fn standard_chess_paths() -> Vec<PiecePaths> {
    use Direction::*;
    let orthogonal = [N, E, S, W];
    let diagonal = [NE, SE, SW, NW];
    let pawn = PiecePaths::new(vec![
        Leg::step(N).mode(Mode::MoveOnly),
        Leg::steps(N, 2).mode(Mode::MoveOnly).from_rank(1),
        Leg::step(NE).mode(Mode::CaptureOnly),
        Leg::step(NW).mode(Mode::CaptureOnly),
    ]);
    let knight = PiecePaths::new(
        KNIGHT_LEAPS
            .into_iter()
            .map(|(f, r)| Leg::leap(f, r))
            .collect(),
    );
    let bishop = PiecePaths::new(diagonal.into_iter().map(Leg::slide).collect());
    let rook = PiecePaths::new(orthogonal.into_iter().map(Leg::slide).collect());
    let queen = PiecePaths::new(Direction::CLOCKWISE.into_iter().map(Leg::slide).collect());
    let king = PiecePaths::new(Direction::CLOCKWISE.into_iter().map(Leg::step).collect());
    vec![pawn, knight, bishop, rook, queen, king]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(paths: Vec<PiecePaths>) -> PathTable {
        PathTable::compile(Geometry::STANDARD, &paths).expect("compiles")
    }

    #[test]
    fn rose_arcs_turn_the_same_way_each_step() {
        let arc = rose(Direction::N, Turn::Clockwise, 4, None);
        let mut directions = vec![arc.vector];
        let mut leg = &arc;
        while let Some((Trigger::AfterExactly(1), next)) = leg.then.first() {
            directions.push(next.vector);
            leg = next;
        }
        assert_eq!(directions, vec![(0, 1), (1, 1), (1, 0), (1, -1)]);
    }

    #[test]
    fn a_blocked_square_ends_the_path_but_not_its_siblings() {
        // A rook on a1 with a blocker on a3: a2 and the capture on a3, not a4; the file b..h
        // untouched.
        let table = table(standard_chess_paths());
        let a3 = Bitboard::from_square(Square::A3);
        let reach = table.reach(
            Color::White,
            3,
            Square::A1,
            Bitboard::from_square(Square::A1),
            a3,
        );
        assert_eq!(reach.captures, a3);
        assert!(reach.quiet.contains(Square::A2) && !reach.quiet.contains(Square::A4));
        assert_eq!(reach.quiet.count(), 8);
    }

    #[test]
    fn continuations_start_only_where_their_trigger_fires() {
        // One step E, then (only after exactly 1) one step N; and a slide N turning E at the
        // edge.
        let piece = PiecePaths::new(vec![
            Leg::steps(Direction::E, 2).after(1, Leg::step(Direction::N)),
            Leg::slide(Direction::N).at_edge(Leg::step(Direction::E)),
        ]);
        let table = table(vec![piece]);
        let reach = table.reach(
            Color::White,
            0,
            Square::C2,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        let expected: Bitboard = [
            Square::D2,
            Square::E2,
            Square::D3,
            Square::C3,
            Square::C4,
            Square::C5,
            Square::C6,
            Square::C7,
            Square::C8,
            Square::D8,
        ]
        .into_iter()
        .collect();
        assert_eq!(reach.quiet, expected);
    }

    #[test]
    fn black_sees_the_board_turned_half_a_circle() {
        let piece = PiecePaths::new(vec![Leg::step(Direction::NE)]);
        let table = table(vec![piece]);
        let white = table.reach(
            Color::White,
            0,
            Square::D4,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        let black = table.reach(
            Color::Black,
            0,
            Square::D4,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        );
        assert_eq!(white.quiet, Bitboard::from_square(Square::E5));
        assert_eq!(black.quiet, Bitboard::from_square(Square::C3));
    }

    #[test]
    fn zero_vectors_are_refused() {
        let piece = PiecePaths::new(vec![Leg::repeat((0, 0), 3)]);
        assert_eq!(
            PathTable::compile(Geometry::STANDARD, &[piece]).err(),
            Some(PathError::ZeroVector)
        );
    }
}
