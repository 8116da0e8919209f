//! CHESS with LOVE against an independent reference: a board, movement, check, couple choice,
//! love steps and lovemates written from docs/variants/love.md alone, walked beside the engine
//! so that every node has the same decisions, the same throw outcomes, the same position after each decision
//! and the same result, and every leaf count is perft's. Owns the perft file's first independent
//! check, seeded random games and positions chosen for the rare rulings.

use crate::common;

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::perft::perft;
use amity_engine::{
    Color, DrawReason, Game, Kind, Move, MoveList, Notation, Outcome, Position, Rules, RulesExt,
};
use amity_engine::{Square, WinReason};
use amity_variants::Love;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

// ----- the reference: its own board and rules, from docs/variants/love.md -----

/// A square's content: colour and kind, by index `file + 8 * rank` (a1 is 0, h8 is 63).
type Cell = Option<(Color, Kind)>;

/// The en passant right a double step leaves: the square the pawn passed over and the square
/// it stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EnPassant {
    skipped: usize,
    pawn: usize,
}

/// A CHESS with LOVE position as the rules describe it.
#[derive(Clone)]
struct Reference {
    board: [Cell; 64],
    to_move: Color,
    /// Castling rights, by the rook's corner: a1, h1, a8, h8.
    castling: [bool; 4],
    en_passant: Option<EnPassant>,
    halfmoves: u32,
    fullmoves: u32,
    phase: u8,
    /// The lovers' squares, first-chosen first. `None` while a couple must be thrown for, or
    /// after the monarchs' lovemate.
    couple: Option<[usize; 2]>,
}

/// The rook corners the castling rights belong to, in `Reference::castling`'s order.
const CORNERS: [usize; 4] = [0, 7, 56, 63];

/// The squares perft throws to settle a pending choice: e4, then d5.
const PERFT_THROWS: (usize, usize) = (28, 35);

/// The rulings the reference notices while it plays, so that a test can show which of the rare
/// ones its positions reached (a walk that never kills a lover proves nothing about kills).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ruling {
    KillOfALover,
    MeetingByMove,
    MeetingByLoveStep,
    MonarchsLovemate,
    PromotionByLoveStep,
    /// A love step along the file because the sideways square was taken.
    SidewaysBlocked,
    /// Both lovers of one colour stepped, the first-chosen first.
    OneColourSteps,
    EnPassantLapsed,
    CastlingLostToALoveStep,
    /// A phase ended at once for want of two eligible pieces.
    PhaseSkipped,
    /// A couple chosen from a phase's fallback pieces (pawns in phase 2, and so on).
    FallbackCouple,
    /// Exactly two eligible pieces became the couple without a throw.
    CoupleWithoutThrow,
    Throw,
    EnPassantKill,
    Castling,
    /// A move whose monarch is safe right after it but attacked after the love steps.
    IllegalOnlyAfterLoveSteps,
    /// A move refused because a piece it causes to be chosen still attacks for its legality.
    NewCoupleStillAttacks,
    Checkmate,
    Stalemate,
    /// A pawn moved from its own first rank, where a love step had carried it.
    PawnFromItsFirstRank,
}

const RULINGS: [Ruling; 20] = [
    Ruling::KillOfALover,
    Ruling::MeetingByMove,
    Ruling::MeetingByLoveStep,
    Ruling::MonarchsLovemate,
    Ruling::PromotionByLoveStep,
    Ruling::SidewaysBlocked,
    Ruling::OneColourSteps,
    Ruling::EnPassantLapsed,
    Ruling::CastlingLostToALoveStep,
    Ruling::PhaseSkipped,
    Ruling::FallbackCouple,
    Ruling::CoupleWithoutThrow,
    Ruling::Throw,
    Ruling::EnPassantKill,
    Ruling::Castling,
    Ruling::IllegalOnlyAfterLoveSteps,
    Ruling::NewCoupleStillAttacks,
    Ruling::Checkmate,
    Ruling::Stalemate,
    Ruling::PawnFromItsFirstRank,
];

/// A set of rulings, one bit each.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Rulings(u32);

impl Rulings {
    fn insert(&mut self, ruling: Ruling) {
        self.0 |= 1 << ruling as u32;
    }

    fn merge(&mut self, other: Rulings) {
        self.0 |= other.0;
    }

    fn contains(self, ruling: Ruling) -> bool {
        self.0 & (1 << ruling as u32) != 0
    }
}

/// How often each ruling was met in a walk.
#[derive(Default)]
struct Tally([u64; RULINGS.len()]);

impl Tally {
    fn count(&mut self, rulings: Rulings) {
        for ruling in RULINGS {
            if rulings.contains(ruling) {
                self.0[ruling as usize] += 1;
            }
        }
    }

    fn of(&self, ruling: Ruling) -> u64 {
        self.0[ruling as usize]
    }

    fn absorb(&mut self, other: &Tally) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }

    fn report(&self) -> String {
        RULINGS
            .iter()
            .map(|&ruling| format!("{ruling:?} {}", self.of(ruling)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a move does besides moving its piece.
#[derive(Clone, Copy)]
enum Action {
    Plain,
    Promotion(Kind),
    Castle { rook_from: usize, rook_to: usize },
    EnPassant { victim: usize },
}

#[derive(Clone, Copy)]
struct ReferenceMove {
    from: usize,
    to: usize,
    action: Action,
}

impl ReferenceMove {
    /// The protocol's coordinate token: `e2e4`, `e7e8q`, castling as the monarch's move.
    fn token(&self) -> String {
        let promotion = match self.action {
            Action::Promotion(kind) => letter(kind).to_string(),
            _ => String::new(),
        };
        format!("{}{}{promotion}", name(self.from), name(self.to))
    }
}

/// One legal decision: its token, the position it leads to (a couple chosen if no throw is
/// needed) and the rulings it met.
struct Decision {
    token: String,
    next: Reference,
    rulings: Rulings,
}

/// How a game without decisions has ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    MonarchsLovemate,
    Checkmate { winner: Color },
    Stalemate,
    Other(String),
}

/// What one love step did.
enum Step {
    Stayed,
    Moved(usize),
    Met,
}

fn name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8 + 1)
}

fn square_index(text: &str) -> usize {
    let bytes = text.as_bytes();
    assert!(bytes.len() == 2, "a square: {text}");
    (bytes[0] - b'a') as usize + 8 * (bytes[1] - b'1') as usize
}

fn letter(kind: Kind) -> char {
    match kind {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        _ => 'k',
    }
}

fn file_of(index: usize) -> i32 {
    (index % 8) as i32
}

fn rank_of(index: usize) -> i32 {
    (index / 8) as i32
}

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((file + 8 * rank) as usize)
}

fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// The rank (0-7) a colour's pawns promote on; the other colour's back rank.
fn last_rank(color: Color) -> i32 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

fn home_rank(color: Color) -> i32 {
    7 - last_rank(color)
}

/// Squared straight-line distance between two squares' centres.
fn distance2(a: usize, b: usize) -> i32 {
    let (df, dr) = (file_of(a) - file_of(b), rank_of(a) - rank_of(b));
    df * df + dr * dr
}

/// Four times the squared distance from a square's centre to the point between d4, e4, d5 and
/// e5 (at file 3.5, rank 3.5 in 0-based coordinates), kept whole.
fn centre_distance4(index: usize) -> i32 {
    let (df, dr) = (2 * file_of(index) - 7, 2 * rank_of(index) - 7);
    df * df + dr * dr
}

impl Reference {
    /// Reads a FEN with its `love:` field (without it, `love:1:-`), and settles a `-` where no
    /// throw is needed, as the protocol says a reader does.
    fn from_fen(fen: &str) -> Reference {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [None; 64];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 7 - row as i32;
            let mut file = 0;
            for c in text.chars() {
                if let Some(gap) = c.to_digit(10) {
                    file += gap as i32;
                    continue;
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = match c.to_ascii_lowercase() {
                    'p' => PAWN,
                    'n' => KNIGHT,
                    'b' => BISHOP,
                    'r' => ROOK,
                    'q' => QUEEN,
                    'k' => KING,
                    other => panic!("{fen}: piece letter {other}"),
                };
                board[at(file, rank).expect("on the board")] = Some((color, kind));
                file += 1;
            }
        }
        let to_move = if fields[1] == "w" {
            Color::White
        } else {
            Color::Black
        };
        let castling = ['Q', 'K', 'q', 'k'].map(|right| fields[2].contains(right));
        let en_passant = (fields[3] != "-").then(|| {
            let skipped = square_index(fields[3]);
            // The pawn that passed it stands one square further in its own direction, which is
            // against the side to move's.
            let pawn = (skipped as i32 - 8 * forward(to_move)) as usize;
            EnPassant { skipped, pawn }
        });
        let love = fields.get(6).copied().unwrap_or("love:1:-");
        let mut parts = love.strip_prefix("love:").expect("a love field").split(':');
        let phase = parts.next().and_then(|p| p.parse().ok()).expect("a phase");
        let couple = match parts.next().expect("a couple") {
            "-" => None,
            squares => Some([square_index(&squares[..2]), square_index(&squares[2..])]),
        };
        let mut reference = Reference {
            board,
            to_move,
            castling,
            en_passant,
            halfmoves: fields[4].parse().expect("a halfmove clock"),
            fullmoves: fields[5].parse().expect("a move number"),
            phase,
            couple,
        };
        reference.settle();
        reference
    }

    fn color_at(&self, index: usize) -> Option<Color> {
        self.board[index].map(|(color, _)| color)
    }

    fn kind_at(&self, index: usize) -> Option<Kind> {
        self.board[index].map(|(_, kind)| kind)
    }

    fn in_love(&self, index: usize) -> bool {
        self.couple.is_some_and(|couple| couple.contains(&index))
    }

    fn partner(&self, index: usize) -> Option<usize> {
        match self.couple {
            Some([a, b]) if a == index => Some(b),
            Some([a, b]) if b == index => Some(a),
            _ => None,
        }
    }

    fn monarch(&self, color: Color) -> Option<usize> {
        (0..64).find(|&i| self.board[i] == Some((color, KING)))
    }

    fn monarchs_on_board(&self) -> bool {
        (0..64).any(|i| self.kind_at(i) == Some(KING))
    }

    /// Whether every square strictly between two squares on one line is empty.
    fn clear_between(&self, from: usize, to: usize) -> bool {
        let (df, dr) = (file_of(to) - file_of(from), rank_of(to) - rank_of(from));
        let (sf, sr) = (df.signum(), dr.signum());
        let (mut file, mut rank) = (file_of(from) + sf, rank_of(from) + sr);
        while (file, rank) != (file_of(to), rank_of(to)) {
            if self.board[(file + 8 * rank) as usize].is_some() {
                return false;
            }
            file += sf;
            rank += sr;
        }
        true
    }

    /// Whether the piece on `from` could kill an enemy piece standing on `target`, love aside
    /// (docs/variants/love.md, "Meeting by a move": a line piece's ray runs up to and
    /// including the first occupied square; pawns diagonally forward only).
    fn reaches(&self, from: usize, target: usize) -> bool {
        let Some((color, kind)) = self.board[from] else {
            return false;
        };
        if from == target {
            return false;
        }
        let (df, dr) = (
            file_of(target) - file_of(from),
            rank_of(target) - rank_of(from),
        );
        let straight = df == 0 || dr == 0;
        let diagonal = df.abs() == dr.abs();
        match kind {
            PAWN => dr == forward(color) && df.abs() == 1,
            KNIGHT => common::KNIGHT_JUMPS.contains(&(df, dr)),
            KING => df.abs() <= 1 && dr.abs() <= 1,
            ROOK => straight && self.clear_between(from, target),
            BISHOP => diagonal && self.clear_between(from, target),
            _ => (straight || diagonal) && self.clear_between(from, target),
        }
    }

    /// Rule 3: pieces in love attack nothing (though they still block lines).
    fn attacked(&self, square: usize, by: Color) -> bool {
        (0..64).any(|from| {
            self.color_at(from) == Some(by) && !self.in_love(from) && self.reaches(from, square)
        })
    }

    fn monarch_attacked(&self, color: Color) -> bool {
        self.monarch(color)
            .is_some_and(|king| self.attacked(king, !color))
    }

    // ----- choosing a couple (rules 1 and 2) -----

    /// The pieces eligible in the current phase, with the fallbacks; whether the fallback
    /// pieces were added.
    fn eligible(&self) -> (Vec<usize>, bool) {
        let of_kinds = |kinds: &[Kind]| -> Vec<usize> {
            (0..64)
                .filter(|&i| self.kind_at(i).is_some_and(|k| kinds.contains(&k)))
                .collect()
        };
        match self.phase {
            1 => (of_kinds(&[PAWN]), false),
            2 => {
                let officers = of_kinds(&[ROOK, KNIGHT, BISHOP]);
                if officers.len() <= 1 {
                    (of_kinds(&[ROOK, KNIGHT, BISHOP, PAWN]), true)
                } else {
                    (officers, false)
                }
            }
            3 => {
                let generals = of_kinds(&[QUEEN]);
                if generals.len() <= 1 {
                    (of_kinds(&[QUEEN, ROOK, KNIGHT, BISHOP, PAWN]), true)
                } else {
                    (generals, false)
                }
            }
            _ => (of_kinds(&[KING]), false),
        }
    }

    /// Whether a throw must choose the couple before anyone moves.
    fn throw_pending(&self) -> bool {
        self.couple.is_none() && self.monarchs_on_board()
    }

    /// Chooses the couple wherever no throw is needed: a phase with fewer than two eligible
    /// pieces ends at once, and exactly two eligible pieces are the couple, first-chosen
    /// first (White's, else the lower rank, else the file nearer a).
    fn settle(&mut self) -> Rulings {
        let mut rulings = Rulings::default();
        while self.couple.is_none() && self.monarchs_on_board() {
            let (eligible, fallback) = self.eligible();
            match eligible.len() {
                0 | 1 if self.phase < 4 => {
                    self.phase += 1;
                    rulings.insert(Ruling::PhaseSkipped);
                }
                2 => {
                    let mut pair = [eligible[0], eligible[1]];
                    pair.sort_by_key(|&i| {
                        (
                            self.color_at(i) == Some(Color::Black),
                            rank_of(i),
                            file_of(i),
                        )
                    });
                    self.couple = Some(pair);
                    rulings.insert(Ruling::CoupleWithoutThrow);
                    if fallback {
                        rulings.insert(Ruling::FallbackCouple);
                    }
                }
                _ => break,
            }
        }
        rulings
    }

    /// The eligible piece nearest to `throw`, leaving out `excluded`. For the second lover,
    /// `first_color` is the first lover's colour: among tied pieces of both colours the other
    /// colour is preferred. Then the centre, White's, the lower rank, the file nearer a.
    fn nearest(
        &self,
        eligible: &[usize],
        excluded: Option<usize>,
        throw: usize,
        first_color: Option<Color>,
    ) -> usize {
        let pieces = || eligible.iter().copied().filter(|&i| Some(i) != excluded);
        let closest = pieces()
            .map(|i| distance2(i, throw))
            .min()
            .expect("eligible pieces");
        let tied = || pieces().filter(|&i| distance2(i, throw) == closest);
        let preferred_colour = first_color.filter(|&first| {
            tied().any(|i| self.color_at(i) == Some(first))
                && tied().any(|i| self.color_at(i) != Some(first))
        });
        tied()
            .filter(|&i| preferred_colour.is_none_or(|first| self.color_at(i) != Some(first)))
            .min_by_key(|&i| {
                (
                    centre_distance4(i),
                    self.color_at(i) == Some(Color::Black),
                    rank_of(i),
                    file_of(i),
                )
            })
            .expect("a tied piece")
    }

    /// The couple two thrown squares choose among `eligible`, first lover first.
    fn thrown_couple(&self, eligible: &[usize], first: usize, second: usize) -> [usize; 2] {
        let first_lover = self.nearest(eligible, None, first, None);
        let first_color = self.color_at(first_lover);
        let second_lover = self.nearest(eligible, Some(first_lover), second, first_color);
        [first_lover, second_lover]
    }

    /// Every couple the 64 x 64 throws choose, with how many throws choose it, as `roll:`
    /// tokens. A couple of two colours is one outcome whoever was thrown first (White's lover
    /// steps first either way) and is written White's first; a one-colour couple keeps its
    /// order, which decides who steps first.
    fn throw_outcomes(&self) -> Vec<(String, u32)> {
        let (eligible, _) = self.eligible();
        let mut counts: BTreeMap<[usize; 2], u32> = BTreeMap::new();
        for first in 0..64 {
            for second in 0..64 {
                let couple = self.thrown_couple(&eligible, first, second);
                *counts
                    .entry(white_first(couple, |i| self.color_at(i)))
                    .or_default() += 1;
            }
        }
        let mut outcomes: Vec<(String, u32)> = counts
            .into_iter()
            .map(|([a, b], count)| (format!("roll:{}{}", name(a), name(b)), count))
            .collect();
        outcomes.sort();
        outcomes
    }

    /// Settles a pending choice by two thrown squares.
    fn throw(&mut self, first: usize, second: usize) -> Rulings {
        let (eligible, fallback) = self.eligible();
        let couple = self.thrown_couple(&eligible, first, second);
        self.couple = Some(couple);
        let mut rulings = Rulings::default();
        rulings.insert(Ruling::Throw);
        let fallback_chosen = couple.iter().any(|&i| match self.phase {
            2 => self.kind_at(i) == Some(PAWN),
            3 => self.kind_at(i) != Some(QUEEN),
            _ => false,
        });
        if fallback && fallback_chosen {
            rulings.insert(Ruling::FallbackCouple);
        }
        rulings
    }

    // ----- moves (rules 3, 4, 7 and chess) -----

    fn pseudo_legal(&self) -> Vec<ReferenceMove> {
        let us = self.to_move;
        let mut moves = Vec::new();
        let add = |from: usize, to: usize, promotes: bool, moves: &mut Vec<ReferenceMove>| {
            if promotes {
                for kind in [QUEEN, ROOK, BISHOP, KNIGHT] {
                    moves.push(ReferenceMove {
                        from,
                        to,
                        action: Action::Promotion(kind),
                    });
                }
            } else {
                moves.push(ReferenceMove {
                    from,
                    to,
                    action: Action::Plain,
                });
            }
        };
        for from in 0..64 {
            let Some((color, kind)) = self.board[from] else {
                continue;
            };
            if color != us {
                continue;
            }
            let partner = self.partner(from);
            // What the piece may land on besides an empty square: a lover only its lover's
            // square (a meeting, which never promotes), anyone else an enemy piece.
            let landing = |to: usize| match partner {
                Some(lover) => to == lover,
                None => self.color_at(to) == Some(!us),
            };
            if kind == PAWN {
                let (file, rank) = (file_of(from), rank_of(from));
                let step = forward(us);
                if let Some(one) = at(file, rank + step)
                    && self.board[one].is_none()
                {
                    add(from, one, rank + step == last_rank(us), &mut moves);
                    // The double step only from the second rank: a pawn a love step carried to
                    // its first rank moves one square.
                    if rank == home_rank(us) + forward(us)
                        && let Some(two) = at(file, rank + 2 * step)
                        && self.board[two].is_none()
                    {
                        add(from, two, false, &mut moves);
                    }
                }
                for to in (0..64).filter(|&to| self.reaches(from, to)) {
                    if self.board[to].is_some() && landing(to) {
                        let promotes = partner.is_none() && rank_of(to) == last_rank(us);
                        add(from, to, promotes, &mut moves);
                    } else if partner.is_none()
                        && let Some(right) = self.en_passant
                        && right.skipped == to
                        && self.board[to].is_none()
                        && self.board[right.pawn] == Some((!us, PAWN))
                    {
                        moves.push(ReferenceMove {
                            from,
                            to,
                            action: Action::EnPassant { victim: right.pawn },
                        });
                    }
                }
            } else {
                for to in (0..64).filter(|&to| self.reaches(from, to)) {
                    if self.board[to].is_none() || landing(to) {
                        add(from, to, false, &mut moves);
                    }
                }
            }
        }
        moves.extend(self.castling_moves());
        moves
    }

    /// Castling: the right, a monarch on e1 (e8) and a rook on the corner, empty squares
    /// between, and the monarch not attacked on its square, the square it passes or the one
    /// it lands on, judged before the move (FIDE).
    fn castling_moves(&self) -> Vec<ReferenceMove> {
        let us = self.to_move;
        let rank = home_rank(us);
        let Some(king) = at(4, rank) else {
            return Vec::new();
        };
        if self.board[king] != Some((us, KING)) {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for (right, &corner) in CORNERS.iter().enumerate() {
            if !self.castling[right] || rank_of(corner) != rank {
                continue;
            }
            if self.board[corner] != Some((us, ROOK)) || !self.clear_between(king, corner) {
                continue;
            }
            let toward = if file_of(corner) == 0 { -1 } else { 1 };
            let passing = (king as i32 + toward) as usize;
            let landing = (king as i32 + 2 * toward) as usize;
            if [king, passing, landing]
                .iter()
                .any(|&square| self.attacked(square, !us))
            {
                continue;
            }
            moves.push(ReferenceMove {
                from: king,
                to: landing,
                action: Action::Castle {
                    rook_from: corner,
                    rook_to: passing,
                },
            });
        }
        moves
    }

    /// A piece leaves, arrives on or is taken off `square`: the castling rights that need the
    /// monarch or a rook there are gone (a monarch or rook moved by a love step included).
    /// Returns whether a right was lost.
    fn touch(&mut self, square: usize) -> bool {
        let mut lost = false;
        for (right, &corner) in CORNERS.iter().enumerate() {
            let monarch_home = if corner < 8 { 4 } else { 60 };
            if self.castling[right] && (square == corner || square == monarch_home) {
                self.castling[right] = false;
                lost = true;
            }
        }
        lost
    }

    /// Rule 6: both lovers leave the board and the next phase begins (the monarchs' lovemate
    /// ends the game in phase 4); the fifty-move counter resets.
    fn lovemate(&mut self, a: usize, b: usize, rulings: &mut Rulings) {
        if self.kind_at(a) == Some(KING) && self.kind_at(b) == Some(KING) {
            rulings.insert(Ruling::MonarchsLovemate);
        }
        for square in [a, b] {
            self.board[square] = None;
            self.touch(square);
        }
        self.couple = None;
        self.phase = (self.phase + 1).min(4);
        self.halfmoves = 0;
    }

    /// Moves a lover one square by a love step: en passant lapses if the step moves the pawn
    /// that double-stepped or fills the square it passed, a monarch or rook loses its castling
    /// rights, a pawn reaching its last rank becomes a general; the clock runs on.
    fn love_walk(&mut self, from: usize, to: usize, rulings: &mut Rulings) {
        let (color, kind) = self.board[from].take().expect("a lover");
        if let Some(right) = self.en_passant
            && (right.pawn == from || right.skipped == to)
        {
            self.en_passant = None;
            rulings.insert(Ruling::EnPassantLapsed);
        }
        if self.touch(from) {
            rulings.insert(Ruling::CastlingLostToALoveStep);
        }
        let kind = if kind == PAWN && rank_of(to) == last_rank(color) {
            rulings.insert(Ruling::PromotionByLoveStep);
            QUEEN
        } else {
            kind
        };
        self.board[to] = Some((color, kind));
    }

    /// One love step from `from` towards `target` (the lover's square): sideways towards its
    /// file if the files differ and that square is free (or the lover), else along the file
    /// towards its rank if the ranks differ and that square is free (or the lover), else stay.
    fn love_step(&mut self, from: usize, target: usize, rulings: &mut Rulings) -> Step {
        let (file, rank) = (file_of(from), rank_of(from));
        let (goal_file, goal_rank) = (file_of(target), rank_of(target));
        let mut tries = Vec::new();
        if file != goal_file {
            tries.push(file + 8 * rank + (goal_file - file).signum());
        }
        if rank != goal_rank {
            tries.push(file + 8 * (rank + (goal_rank - rank).signum()));
        }
        for (attempt, to) in tries.into_iter().enumerate() {
            let to = to as usize;
            if to == target {
                return Step::Met;
            }
            if self.board[to].is_none() {
                if attempt == 1 {
                    rulings.insert(Ruling::SidewaysBlocked);
                }
                self.love_walk(from, to, rulings);
                return Step::Moved(to);
            }
        }
        Step::Stayed
    }

    /// Rule 5: White's lover steps first (of a one-colour couple the first-chosen), then the
    /// other towards the first's new square; stepping onto the lover is a lovemate.
    fn love_steps(&mut self, rulings: &mut Rulings) {
        let Some([a, b]) = self.couple else {
            return;
        };
        let (first, second) = match (self.color_at(a), self.color_at(b)) {
            (Some(Color::Black), Some(Color::White)) => (b, a),
            (x, y) => {
                if x == y {
                    rulings.insert(Ruling::OneColourSteps);
                }
                (a, b)
            }
        };
        let first_now = match self.love_step(first, second, rulings) {
            Step::Met => {
                rulings.insert(Ruling::MeetingByLoveStep);
                return self.lovemate(first, second, rulings);
            }
            Step::Moved(to) => to,
            Step::Stayed => first,
        };
        let second_now = match self.love_step(second, first_now, rulings) {
            Step::Met => {
                rulings.insert(Ruling::MeetingByLoveStep);
                return self.lovemate(first_now, second, rulings);
            }
            Step::Moved(to) => to,
            Step::Stayed => second,
        };
        self.couple = Some(if first == a {
            [first_now, second_now]
        } else {
            [second_now, first_now]
        });
    }

    /// Plays a move and the love steps after it, choosing no new couple: the position the
    /// move's legality is judged on (rule 7).
    fn after_move(&self, mv: ReferenceMove, rulings: &mut Rulings) -> Reference {
        let mut next = self.clone();
        let us = self.to_move;
        next.en_passant = None;
        next.halfmoves += 1;
        if matches!(mv.action, Action::Plain) && self.partner(mv.from) == Some(mv.to) {
            rulings.insert(Ruling::MeetingByMove);
            next.lovemate(mv.from, mv.to, rulings);
        } else {
            let (color, kind) = self.board[mv.from].expect("a piece to move");
            if kind == PAWN && rank_of(mv.from) == home_rank(color) {
                rulings.insert(Ruling::PawnFromItsFirstRank);
            }
            next.board[mv.from] = None;
            next.touch(mv.from);
            next.touch(mv.to);
            let mut killed = next.board[mv.to].map(|_| mv.to);
            let mut rook_move = None;
            match mv.action {
                Action::Plain => next.board[mv.to] = Some((color, kind)),
                Action::Promotion(promoted) => next.board[mv.to] = Some((color, promoted)),
                Action::Castle { rook_from, rook_to } => {
                    rulings.insert(Ruling::Castling);
                    next.board[mv.to] = Some((color, kind));
                    next.board[rook_to] = next.board[rook_from].take();
                    rook_move = Some((rook_from, rook_to));
                }
                Action::EnPassant { victim } => {
                    rulings.insert(Ruling::EnPassantKill);
                    next.board[victim] = None;
                    next.board[mv.to] = Some((color, kind));
                    killed = Some(victim);
                }
            }
            if kind == PAWN {
                next.halfmoves = 0;
                if (rank_of(mv.to) - rank_of(mv.from)).abs() == 2 {
                    next.en_passant = Some(EnPassant {
                        skipped: (mv.from + mv.to) / 2,
                        pawn: mv.to,
                    });
                }
            }
            if killed.is_some() {
                next.halfmoves = 0;
            }
            if let Some(couple) = self.couple {
                if killed.is_some_and(|square| couple.contains(&square)) {
                    // The survivor is no longer in love; a new couple is chosen after the
                    // move, and steps only after the next one.
                    rulings.insert(Ruling::KillOfALover);
                    next.couple = None;
                } else {
                    let follow = |square: usize| {
                        if square == mv.from {
                            mv.to
                        } else if rook_move.is_some_and(|(from, _)| from == square) {
                            rook_move.map_or(square, |(_, to)| to)
                        } else {
                            square
                        }
                    };
                    next.couple = Some(couple.map(follow));
                    next.love_steps(rulings);
                }
            }
        }
        if us == Color::Black {
            next.fullmoves += 1;
        }
        next.to_move = !us;
        next
    }

    /// The legal moves (none while a throw is pending or after the monarchs' lovemate), each
    /// with the position it leads to. Counts in `tally` the moves refused for a rare reason.
    fn decisions(&self, tally: &mut Tally) -> Vec<Decision> {
        if self.couple.is_none() {
            return Vec::new();
        }
        let us = self.to_move;
        let mut decisions = Vec::new();
        for mv in self.pseudo_legal() {
            let mut rulings = Rulings::default();
            let mut next = self.after_move(mv, &mut rulings);
            if next.monarch_attacked(us) {
                let mut refused = Rulings::default();
                let stepped = self.couple.is_some()
                    && !rulings.contains(Ruling::KillOfALover)
                    && !rulings.contains(Ruling::MeetingByMove);
                if stepped {
                    // The same move without the love steps: lovers where the move left them.
                    let mut still = self.clone();
                    still.couple = None;
                    let mut unstepped = still.after_move(mv, &mut Rulings::default());
                    unstepped.couple = self.couple.map(|couple| {
                        couple.map(|square| if square == mv.from { mv.to } else { square })
                    });
                    if !unstepped.monarch_attacked(us) {
                        refused.insert(Ruling::IllegalOnlyAfterLoveSteps);
                    }
                }
                let mut chosen = next.clone();
                chosen.settle();
                if next.couple.is_none() && chosen.couple.is_some() && !chosen.monarch_attacked(us)
                {
                    refused.insert(Ruling::NewCoupleStillAttacks);
                }
                tally.count(refused);
                continue;
            }
            rulings.merge(next.settle());
            decisions.push(Decision {
                token: mv.token(),
                next,
                rulings,
            });
        }
        decisions
    }

    /// The result when there is no decision and no throw to make.
    fn ending(&self) -> Ending {
        if !self.monarchs_on_board() {
            Ending::MonarchsLovemate
        } else if self.monarch_attacked(self.to_move) {
            Ending::Checkmate {
                winner: !self.to_move,
            }
        } else {
            Ending::Stalemate
        }
    }

    /// What both sides must agree on after each decision. The en passant square counts only
    /// while a pawn of the side to move that is not in love could take there, as the engine
    /// writes it; a couple of two colours is written White's lover first.
    fn snapshot(&self) -> Snapshot {
        let usable = self.en_passant.filter(|right| {
            self.board[right.pawn] == Some((!self.to_move, PAWN))
                && (0..64).any(|from| {
                    self.board[from] == Some((self.to_move, PAWN))
                        && !self.in_love(from)
                        && self.reaches(from, right.skipped)
                })
        });
        Snapshot {
            board: self.board,
            to_move: self.to_move,
            castling: self.castling,
            en_passant: usable.map(|right| right.skipped),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            phase: self.phase,
            couple: self.couple.map(|c| white_first(c, |i| self.color_at(i))),
        }
    }
}

// ----- comparing with the engine -----

/// A position's rule-relevant state, for comparison (plain data: it is compared at every node
/// of every walk, and written out only when a comparison fails).
#[derive(PartialEq, Eq)]
struct Snapshot {
    board: [Cell; 64],
    to_move: Color,
    castling: [bool; 4],
    en_passant: Option<usize>,
    halfmoves: u32,
    fullmoves: u32,
    phase: u8,
    couple: Option<[usize; 2]>,
}

impl std::fmt::Debug for Snapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let board: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                (0..8)
                    .map(|file| match self.board[file + 8 * rank] {
                        Some((Color::White, kind)) => letter(kind).to_ascii_uppercase(),
                        Some((Color::Black, kind)) => letter(kind),
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let castling: Vec<String> = CORNERS
            .iter()
            .zip(self.castling)
            .filter(|(_, right)| *right)
            .map(|(&corner, _)| name(corner))
            .collect();
        write!(
            f,
            "{} {:?} castling {castling:?} en passant {:?} clocks {} {} phase {} couple {:?}",
            board.join("/"),
            self.to_move,
            self.en_passant.map(name),
            self.halfmoves,
            self.fullmoves,
            self.phase,
            self.couple.map(|c| c.map(name)),
        )
    }
}

/// A couple with White's lover first when the colours differ (the order then means nothing).
fn white_first([a, b]: [usize; 2], color: impl Fn(usize) -> Option<Color>) -> [usize; 2] {
    if color(a) == Some(Color::Black) && color(b) == Some(Color::White) {
        [b, a]
    } else {
        [a, b]
    }
}

/// The engine's position, read through its public accessors.
fn engine_snapshot(pos: &Position<Love>) -> Snapshot {
    let cell = |i: usize| {
        pos.piece_at(Square::new(i as u32))
            .map(|piece| (piece.color, piece.kind))
    };
    Snapshot {
        board: std::array::from_fn(cell),
        to_move: pos.turn(),
        castling: CORNERS.map(|corner| pos.castling().contains(Square::new(corner as u32))),
        en_passant: pos.en_passant().map(|s| s as usize),
        halfmoves: pos.halfmove_clock(),
        fullmoves: pos.fullmoves(),
        phase: pos.state.phase,
        couple: pos
            .state
            .couple
            .map(|[a, b]| white_first([a as usize, b as usize], |i| cell(i).map(|(c, _)| c))),
    }
}

fn engine_ending(pos: &Position<Love>) -> Ending {
    match Love::default()
        .terminal(pos)
        .unwrap_or_else(|| Love::default().no_move_outcome(pos))
    {
        Outcome::Draw(DrawReason::Variant(_)) => Ending::MonarchsLovemate,
        Outcome::Win {
            winner,
            reason: WinReason::Checkmate,
        } => Ending::Checkmate { winner },
        Outcome::Draw(DrawReason::Stalemate) => Ending::Stalemate,
        other => Ending::Other(format!("{other:?}")),
    }
}

/// The engine's throw outcomes with their weights, as sorted tokens.
fn engine_throw_outcomes(pos: &Position<Love>) -> Option<Vec<(String, u32)>> {
    let mut outcomes = Vec::new();
    if !Love::default().chance(pos, &mut outcomes) {
        return None;
    }
    let mut tokens: Vec<(String, u32)> = outcomes
        .iter()
        .map(|o| (Love::default().format_move(o.outcome), o.weight))
        .collect();
    tokens.sort();
    Some(tokens)
}

/// Whether a throw is pending, and if so, the same couples with the same weights on both sides.
fn assert_same_throws(pos: &Position<Love>, reference: &Reference) -> bool {
    let engine = engine_throw_outcomes(pos);
    assert_eq!(
        engine.is_some(),
        reference.throw_pending(),
        "throw pending in {}",
        pos.to_fen(&Love::default())
    );
    if let Some(engine) = engine {
        assert_eq!(
            engine,
            reference.throw_outcomes(),
            "throw outcomes of {}",
            pos.to_fen(&Love::default())
        );
        true
    } else {
        false
    }
}

/// Walks the engine and the reference side by side to `depth`: the same position at every
/// node, the same throw outcomes where a couple is pending (then settled, as perft does, by
/// the throws e4 and d5 without counting a ply), the same decisions, and the same result where
/// there are none. Returns the leaf count.
fn walk(pos: &Position<Love>, reference: &Reference, depth: u32, tally: &mut Tally) -> u64 {
    assert_eq!(
        engine_snapshot(pos),
        reference.snapshot(),
        "position {}",
        pos.to_fen(&Love::default())
    );
    if depth == 0 {
        return 1;
    }
    if assert_same_throws(pos, reference) {
        let throw = Love::default()
            .perft_chance(pos)
            .expect("perft settles a pending throw");
        let mut child = pos.clone();
        Love::default().play(&mut child, throw);
        let mut next = reference.clone();
        let (first, second) = PERFT_THROWS;
        tally.count(next.throw(first, second));
        return walk(&child, &next, depth, tally);
    }
    assert!(
        Love::default().perft_chance(pos).is_none(),
        "{}",
        pos.to_fen(&Love::default())
    );
    let mut moves = MoveList::new();
    Love::default().generate(pos, &mut moves);
    let mut engine: Vec<(String, Move)> = moves
        .iter()
        .map(|&mv| (Love::default().format_move(mv), mv))
        .collect();
    engine.sort_by(|a, b| a.0.cmp(&b.0));
    let mut expected = reference.decisions(tally);
    expected.sort_by(|a, b| a.token.cmp(&b.token));
    assert_eq!(
        engine.iter().map(|(token, _)| token).collect::<Vec<_>>(),
        expected.iter().map(|d| &d.token).collect::<Vec<_>>(),
        "decisions of {}",
        pos.to_fen(&Love::default())
    );
    if expected.is_empty() {
        let ending = reference.ending();
        assert_eq!(
            engine_ending(pos),
            ending,
            "result of {}",
            pos.to_fen(&Love::default())
        );
        let mut rulings = Rulings::default();
        match ending {
            Ending::Checkmate { .. } => rulings.insert(Ruling::Checkmate),
            Ending::Stalemate => rulings.insert(Ruling::Stalemate),
            _ => {}
        }
        tally.count(rulings);
        return 0;
    }
    let mut leaves = 0;
    for ((_, mv), decision) in engine.iter().zip(&expected) {
        let mut child = pos.clone();
        Love::default().play(&mut child, *mv);
        tally.count(decision.rulings);
        leaves += walk(&child, &decision.next, depth - 1, tally);
    }
    leaves
}

fn position(fen: &str) -> Position<Love> {
    Position::from_fen(&Love::default(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Walks `fen` to `depth` beside the engine and checks the count against perft's.
fn agree(fen: &str, depth: u32, tally: &mut Tally) -> u64 {
    let pos = position(fen);
    let leaves = walk(&pos, &Reference::from_fen(fen), depth, tally);
    assert_eq!(
        leaves,
        perft(&Love::default(), &pos, depth),
        "perft {depth} of {fen}"
    );
    leaves
}

// ----- the tests -----

/// The most leaves a perft file line is walked to.
const LEAF_BUDGET: u64 = 200_000;

/// Every line of `tests/perft/love.perft`, whose counts came from Amity alone, walked to the
/// deepest depth within the leaf budget: the reference finds the file's count too.
#[test]
fn reference_agrees_with_every_line_of_the_perft_file() {
    let path = crate::common::repository_file("tests/perft/love.perft");
    let cases = common::read_perft_file(&path);
    assert!(cases.len() >= 13, "{} positions", cases.len());
    let mut tally = Tally::default();
    let mut total = 0;
    for case in &cases {
        let (depth, count) = case
            .counts
            .iter()
            .copied()
            .filter(|&(_, count)| count <= LEAF_BUDGET)
            .max()
            .unwrap_or_else(|| panic!("{}: no count within the budget", case.fen));
        assert_eq!(agree(&case.fen, depth, &mut tally), count, "{}", case.fen);
        total += count;
    }
    eprintln!(
        "{} perft lines, {total} leaves; {}",
        cases.len(),
        tally.report()
    );
    for ruling in [
        Ruling::KillOfALover,
        Ruling::MeetingByMove,
        Ruling::MeetingByLoveStep,
        Ruling::PromotionByLoveStep,
        Ruling::SidewaysBlocked,
        Ruling::EnPassantLapsed,
        Ruling::CastlingLostToALoveStep,
        Ruling::FallbackCouple,
        Ruling::Throw,
        Ruling::Castling,
        Ruling::IllegalOnlyAfterLoveSteps,
        Ruling::NewCoupleStillAttacks,
    ] {
        assert!(tally.of(ruling) > 0, "the perft lines never met {ruling:?}");
    }
}

/// Hand-built positions for the rare rulings, each walked to a depth where its ruling must
/// come up, with the ruling it is there for.
const RARE_RULINGS: &[(&str, u32, Ruling)] = &[
    // d4 and f4 meet by love steps after any move; phases 2 and 3 then have one eligible
    // pawn, so they end at once, the monarchs are the couple and walk into each other.
    (
        "4k3/8/8/8/3P1p2/8/7P/4K3 w - - 5 20 love:1:d4f4",
        4,
        Ruling::MonarchsLovemate,
    ),
    (
        "4k3/8/8/8/3P1p2/8/7P/4K3 w - - 5 20 love:1:d4f4",
        2,
        Ruling::PhaseSkipped,
    ),
    // Phase 3 with one general: every piece but the monarchs is eligible, by a throw.
    (
        "r3k3/pp6/8/8/8/8/PP6/3QK2R w K - 0 1 love:3:-",
        2,
        Ruling::FallbackCouple,
    ),
    // Two black pawns in love, b5 first-chosen: b5 steps to c5 and d5 meets it.
    (
        "4k3/8/8/1p1p4/8/8/7P/4K3 w - - 0 1 love:1:b5d5",
        3,
        Ruling::OneColourSteps,
    ),
    // The same pair with c5 taken, d5 first-chosen.
    (
        "4k3/8/8/1pNp4/8/8/7P/4K3 w - - 0 1 love:1:d5b5",
        3,
        Ruling::OneColourSteps,
    ),
    // Phase 4 with all castling rights: castling now, rights lost to the love steps later.
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 love:4:e1e8",
        2,
        Ruling::CastlingLostToALoveStep,
    ),
    // A lover rook on h1 (phase 2) castles, then keeps stepping towards a8.
    (
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 love:2:h1a8",
        3,
        Ruling::Castling,
    ),
    // Monarchs side by side with both love steps blocked: no check either way.
    (
        "8/8/8/3Pk3/3KP3/8/8/8 b - - 0 1 love:4:d4e5",
        3,
        Ruling::MonarchsLovemate,
    ),
    (
        "8/8/8/4k3/8/4K3/8/8 w - - 0 1 love:4:e3e5",
        2,
        Ruling::MonarchsLovemate,
    ),
    // Back-rank mate by a free rook (the lovers are White's two pawns).
    (
        "6k1/5ppp/8/8/8/8/P6P/1R2K3 w - - 0 1 love:1:a2h2",
        2,
        Ruling::Checkmate,
    ),
    // The lover e3 shields its monarch from the rook e8 but steps away after any move.
    (
        "4r2k/8/8/8/8/p3P3/7P/4K3 w - - 0 1 love:1:e3a3",
        2,
        Ruling::IllegalOnlyAfterLoveSteps,
    ),
    // A stalemate a move away: the black monarch boxed in by a free general.
    (
        "7k/8/4Q3/8/8/8/P6P/4K3 w - - 0 1 love:1:a2h2",
        2,
        Ruling::Stalemate,
    ),
    // A white pawn on its own first rank steps one square only.
    (
        "3pk3/8/8/8/8/8/8/P3K3 w - - 0 1 love:1:a1d8",
        3,
        Ruling::PawnFromItsFirstRank,
    ),
    // c7 is taken, so the lover b7 steps forward to b8 and becomes a general, still in love.
    (
        "3p3k/1PN5/8/8/8/8/7P/4K3 w - - 0 1 love:1:b7d8",
        2,
        Ruling::PromotionByLoveStep,
    ),
    // En passant by a free pawn; the lover d4 may not take.
    (
        "4k3/7p/8/8/3pP3/8/7P/4K3 b - e3 0 1 love:1:h2h7",
        2,
        Ruling::EnPassantKill,
    ),
    // d2-d4 passes d3, which the lover c3 then fills: the right lapses.
    (
        "4k3/8/8/8/4p3/2P4p/3P4/4K3 w - - 0 1 love:1:c3h3",
        1,
        Ruling::EnPassantLapsed,
    ),
    // A lover pawn double-steps past a free enemy pawn and steps on: the right lapses.
    (
        "4k3/8/8/p7/4p3/8/3P4/4K3 w - - 0 1 love:1:d2a5",
        2,
        Ruling::EnPassantLapsed,
    ),
    // bxc4 kills a lover in phase 2 and leaves one officer: the pawns join it, by a throw.
    (
        "4k3/pp6/8/8/2n5/1P6/P7/1N2K3 w - - 0 1 love:2:b1c4",
        2,
        Ruling::FallbackCouple,
    ),
    // Bxc4 kills a lover and leaves three officers: a throw among them alone.
    (
        "r3k3/pp6/8/8/2n5/8/P3B3/1N2K3 w - - 0 1 love:2:b1c4",
        2,
        Ruling::Throw,
    ),
];

/// The rare rulings on hand-built positions: the same decisions, positions and counts, and
/// each position reaches the ruling it was built for.
#[test]
fn reference_agrees_on_the_rare_rulings() {
    let mut all = Tally::default();
    for &(fen, depth, ruling) in RARE_RULINGS {
        let mut tally = Tally::default();
        agree(fen, depth, &mut tally);
        assert!(
            tally.of(ruling) > 0,
            "{fen} to depth {depth} never met {ruling:?}"
        );
        all.absorb(&tally);
    }
    eprintln!("rare rulings: {}", all.report());
}

/// How many seeded random games are played, and how often one of their positions is walked.
const GAMES: usize = 60;
const SAMPLE_ODDS: f64 = 0.25;

/// Positions from seeded random games, played to their end with random moves and weighted
/// random throws, walked beside the engine to depth 2 (a quarter of them to depth 3 where
/// that stays small); every throw of every game has the same outcomes on both sides.
#[test]
fn reference_agrees_on_random_game_positions() {
    let mut rng = StdRng::seed_from_u64(0x4c4f_5645);
    let mut tally = Tally::default();
    let (mut checked, mut deep, mut throws, mut leaves) = (0, 0, 0, 0);
    for _ in 0..GAMES {
        let mut game = Game::new(Love::default());
        while game.outcome().is_none() {
            let pos = game.position().clone();
            let reference = Reference::from_fen(&pos.to_fen(&Love::default()));
            if assert_same_throws(&pos, &reference) {
                throws += 1;
                let throw = game.draw_chance(&mut rng).expect("a throw");
                game.play_unchecked(throw);
                continue;
            }
            if rng.random_bool(SAMPLE_ODDS) {
                let depth = if rng.random_bool(0.25) && perft(&Love::default(), &pos, 2) <= 800 {
                    deep += 1;
                    3
                } else {
                    2
                };
                let count = walk(&pos, &reference, depth, &mut tally);
                assert_eq!(
                    count,
                    perft(&Love::default(), &pos, depth),
                    "{}",
                    pos.to_fen(&Love::default())
                );
                leaves += count;
                checked += 1;
            }
            let moves = game.legal_moves();
            let mv = *moves.as_slice().choose(&mut rng).expect("a legal move");
            game.play_unchecked(mv);
        }
        // The end: no decisions (checkmate, stalemate, the monarchs' lovemate) or a draw the
        // referee declares; either way both sides agree on what follows.
        let pos = game.position();
        let reference = Reference::from_fen(&pos.to_fen(&Love::default()));
        assert_eq!(
            walk(pos, &reference, 2, &mut tally),
            perft(&Love::default(), pos, 2),
            "{}",
            pos.to_fen(&Love::default())
        );
    }
    eprintln!(
        "{checked} positions ({deep} to depth 3, {leaves} leaves) and {throws} throws agree; {}",
        tally.report()
    );
    assert!(checked >= 900, "only {checked} positions checked");
    assert!(throws >= GAMES, "only {throws} throws compared");
    for ruling in [
        Ruling::KillOfALover,
        Ruling::MeetingByMove,
        Ruling::MeetingByLoveStep,
        Ruling::MonarchsLovemate,
        Ruling::CoupleWithoutThrow,
        Ruling::SidewaysBlocked,
    ] {
        assert!(
            tally.of(ruling) > 0,
            "the random games never met {ruling:?}"
        );
    }
}
