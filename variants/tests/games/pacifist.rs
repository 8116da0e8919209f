//! Pacifist Chess: one hand-built position per ruling, a slow reference implementation of the
//! rules (plain square-by-square ray walking, nothing shared with the engine's bitboard code)
//! that every generated move and every turn is compared with, and random playouts checking the
//! turn's invariants under each measure.

use crate::common;

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{
    Bitboard, Color, Game, Kind, Move, MoveList, Notation, Outcome, Piece, Position, Rules,
    RulesExt, Square, WinReason,
};
use amity_variants::pacifist::{
    Backend, Conversions, InfluenceMap, Measure, NO_KING_TO_CLAIM, Pacifist,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The balances' back-ends this processor runs: the bit-sliced ones everywhere, the AVX-512
/// registers where it has AVX-512BW. The tests that compare the engine with the reference
/// run under each, so both are checked on any machine that can run them.
fn backends() -> Vec<Backend> {
    std::iter::once(Backend::Sliced)
        .chain(Backend::lanes())
        .collect()
}

fn position(rules: &Pacifist, fen: &str) -> Position<Pacifist> {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(rules: &Pacifist, pos: &Position<Pacifist>) -> Vec<String> {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|m| rules.format_move(*m)).collect();
    names.sort();
    names
}

fn find(rules: &Pacifist, pos: &Position<Pacifist>, name: &str) -> Move {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves
        .iter()
        .copied()
        .find(|m| rules.format_move(*m) == name)
        .unwrap_or_else(|| panic!("{name} is not legal in {}", pos.to_fen(rules)))
}

/// Plays a move through the engine's public steps and returns the conversions.
fn turn(rules: &Pacifist, pos: &mut Position<Pacifist>, name: &str) -> Conversions {
    let mv = find(rules, pos, name);
    let mut reference = pos.clone();
    rules.play(&mut reference, mv);
    let conversions = rules.play_turn(pos, mv);
    pos.flip_turn();
    assert_eq!(
        pos.to_fen(rules).split(' ').take(3).collect::<Vec<_>>(),
        reference
            .to_fen(rules)
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
    );
    conversions
}

fn color_at(pos: &Position<Pacifist>, square: Square) -> Option<Color> {
    pos.piece_at(square).map(|p| p.color)
}

fn squares(list: &[Square]) -> Bitboard {
    list.iter()
        .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(*s))
}

/// The default measure, with the back-end this processor picks.
fn count() -> Pacifist {
    Pacifist::new(Measure::Count)
}

#[test]
fn battery_persuades_through_a_friendly_rook() {
    let mut pos = position(&count(), "4k3/8/1p6/n7/8/8/7R/R3K3 w - - 0 1");
    let after = turn(&count(), &mut pos, "h2a2");
    // Ra2 and Ra1 behind it (seeing through the friendly rook) outweigh the pawn on b6.
    assert_eq!(after.by_mover, squares(&[Square::A5]));
    assert_eq!(color_at(&pos, Square::A5), Some(Color::White));

    // A knight behind the rook is no battery: one persuader against one supporter.
    let mut pos = position(&count(), "4k3/8/1p6/n7/8/8/7R/N3K3 w - - 0 1");
    let after = turn(&count(), &mut pos, "h2a2");
    assert!(after.by_mover.is_empty());
    assert_eq!(color_at(&pos, Square::A5), Some(Color::Black));
}

#[test]
fn diagonal_battery_and_nothing_else_seen_through() {
    let pos = position(&count(), "k7/8/8/8/b7/1b6/8/R3K3 w Q - 0 1");
    let map = count().influence(&pos);
    // Both bishops reach d1, the one on a4 through its friend on b3.
    assert_eq!(map.balance(Color::White, Square::D1).0, (2, 1));
    let pos = position(&count(), "k7/8/8/8/b7/1p6/8/R3K3 w Q - 0 1");
    assert_eq!(
        count().influence(&pos).balance(Color::White, Square::D1).0,
        (0, 1)
    );
}

#[test]
fn overly_persuaded_mover_helps_nothing_and_is_converted() {
    let mut pos = position(&count(), "1r5k/8/8/3n4/B7/8/8/7K w - - 0 1");
    let after = turn(&count(), &mut pos, "a4b3");
    assert!(after.silenced);
    assert!(
        after.by_mover.is_empty(),
        "the silenced bishop converts nothing"
    );
    assert_eq!(after.by_opponent, squares(&[Square::B3]));
    assert_eq!(color_at(&pos, Square::B3), Some(Color::Black));
    assert_eq!(color_at(&pos, Square::D5), Some(Color::Black));

    // Without the rook the same move converts the knight.
    let mut pos = position(&count(), "7k/8/8/3n4/B7/8/8/7K w - - 0 1");
    let after = turn(&count(), &mut pos, "a4b3");
    assert!(!after.silenced);
    assert_eq!(after.by_mover, squares(&[Square::D5]));
}

#[test]
fn cascade_converts_a_chain() {
    let mut pos = position(&count(), "7k/8/3r2b1/1n6/8/8/Q7/7K w - - 0 1");
    let mv = find(&count(), &pos, "a2a4");
    let mut moved = pos.clone();
    count().apply_move(&mut moved, mv);
    // Right after the move only the knight is overly persuaded; the rest follows round by round.
    assert_eq!(
        count().overly_persuaded(&moved, Color::Black),
        squares(&[Square::B5])
    );
    let after = turn(&count(), &mut pos, "a2a4");
    assert_eq!(
        after.by_mover,
        squares(&[Square::B5, Square::D6, Square::G6])
    );
    for square in [Square::B5, Square::D6, Square::G6] {
        assert_eq!(color_at(&pos, square), Some(Color::White));
    }
    assert_eq!(pos.halfmove_clock(), 0);
}

#[test]
fn converted_king_must_be_claimed_back() {
    let rules = count();
    let mut game = Game::from_fen(rules.clone(), "4k3/8/8/R7/8/8/8/K5n1 w - - 5 1").unwrap();
    game.play_token("a5e5").unwrap();
    let pos = game.position().clone();
    assert!(
        pos.pieces(Color::Black, KING).is_empty(),
        "Black's king changed sides"
    );
    assert_eq!(pos.pieces(Color::White, KING).count(), 2);
    assert!(rules.in_check(&pos));
    assert_eq!(pos.halfmove_clock(), 0);
    // Of the knight's three moves only the one that wins a king back is legal.
    assert_eq!(legal(&rules, &pos), vec!["g1f3"]);
    game.play_token("g1f3").unwrap();
    let pos = game.position();
    assert_eq!(pos.pieces(Color::Black, KING), squares(&[Square::E8]));
    assert_eq!(color_at(pos, Square::E5), Some(Color::Black));
    assert_eq!(game.outcome(), None);
}

#[test]
fn kingless_side_without_a_claim_loses_and_a_king_without_moves_draws() {
    let game = Game::from_fen(count(), "4K3/8/8/4R3/8/8/8/K6n b - - 0 1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Variant(NO_KING_TO_CLAIM)
        })
    );
    let game = Game::from_fen(count(), "k7/8/1Q6/8/8/8/8/7K b - - 0 1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(amity_engine::DrawReason::Stalemate))
    );
}

#[test]
fn king_moves_only_where_persuasion_does_not_exceed_support() {
    let pos = position(&count(), "7k/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(legal(&count(), &pos), vec!["e1d1", "e1f1"]);
    // A knight's support makes f2 a tie, and a tie is allowed.
    let pos = position(&count(), "7k/8/8/8/8/7N/r7/4K3 w - - 0 1");
    assert!(legal(&count(), &pos).contains(&"e1f2".to_string()));
    assert!(!legal(&count(), &pos).contains(&"e1e2".to_string()));
}

#[test]
fn converted_then_reconverted_rook_cannot_castle() {
    let mut game = Game::from_fen(count(), "4k3/8/8/5N2/8/2b5/5B2/R3K3 b Q - 0 1").unwrap();
    game.play_token("c3b2").unwrap();
    assert_eq!(color_at(game.position(), Square::A1), Some(Color::Black));
    assert!(game.position().castling().is_empty());
    game.play_token("f2d4").unwrap();
    game.play_token("e8d8").unwrap();
    let pos = game.position();
    assert_eq!(
        color_at(pos, Square::A1),
        Some(Color::White),
        "converted back"
    );
    assert_eq!(color_at(pos, Square::B2), Some(Color::White));
    assert!(pos.castling().is_empty());
    assert!(!legal(&count(), pos).contains(&"e1c1".to_string()));
    // The same board with the right still held would castle: only the lost right forbids it.
    let fen = pos.to_fen(&count()).replace(" w - ", " w Q ");
    assert!(legal(&count(), &position(&count(), &fen)).contains(&"e1c1".to_string()));
}

#[test]
fn castling_squares_counted_with_the_king_lifted() {
    // d1: two bishops in a battery persuade; Ra1 and, through the lifted king, Rh1 support.
    let pos = position(&count(), "k7/8/8/8/b7/1b6/8/R3K2R w KQ - 0 1");
    assert!(legal(&count(), &pos).contains(&"e1c1".to_string()));
    let pos = position(&count(), "k7/8/8/8/b7/1b6/8/R3K3 w Q - 0 1");
    assert!(!legal(&count(), &pos).contains(&"e1c1".to_string()));
    // The destination is judged after the move: the rook on f1 supports g1 once.
    let pos = position(&count(), "k7/8/8/8/8/8/4n3/4K2R w K - 0 1");
    assert!(legal(&count(), &pos).contains(&"e1g1".to_string()));
    let pos = position(&count(), "k7/8/8/8/8/7n/4n3/4K2R w K - 0 1");
    assert!(!legal(&count(), &pos).contains(&"e1g1".to_string()));
}

#[test]
fn double_step_blocked_by_an_overly_persuaded_passing_square() {
    let pos = position(&count(), "4k3/8/8/5n2/8/8/4P3/5K2 w - - 0 1");
    let moves = legal(&count(), &pos);
    assert!(moves.contains(&"e2e3".to_string()));
    assert!(!moves.contains(&"e2e4".to_string()));
    // With the pawn lifted the rook behind it supports e3: a tie, so the double step is fine.
    let pos = position(&count(), "4k3/8/8/5n2/8/8/4P3/4RK2 w - - 0 1");
    assert!(legal(&count(), &pos).contains(&"e2e4".to_string()));
    // Under `average` the same lift can block: on e3 the queen alone ties Black's queen (9
    // against 9), but with the pawn lifted the rook joins and White's average drops to 7.
    let average = Pacifist::new(Measure::Average);
    let fen = "4k3/8/7q/8/8/8/3QP3/4R2K w - - 0 1";
    assert!(!legal(&average, &position(&average, fen)).contains(&"e2e4".to_string()));
    assert!(legal(&count(), &position(&count(), fen)).contains(&"e2e4".to_string()));
}

#[test]
fn converted_pawn_moves_for_its_new_side() {
    let mut game = Game::from_fen(count(), "4k3/8/8/8/8/7r/3P4/7K b - - 0 1").unwrap();
    game.play_token("h3d3").unwrap();
    assert_eq!(color_at(game.position(), Square::D2), Some(Color::Black));
    game.play_token("h1g1").unwrap();
    let moves = legal(&count(), game.position());
    assert!(moves.contains(&"d2d1q".to_string()));
    assert!(moves.contains(&"d2d1n".to_string()));
    // A pawn turned Black on the seventh rank may double-step down.
    let mut game = Game::from_fen(count(), "4k3/6P1/8/7r/8/8/8/K7 b - - 0 1").unwrap();
    game.play_token("h5h7").unwrap();
    assert_eq!(color_at(game.position(), Square::G7), Some(Color::Black));
    game.play_token("a1a2").unwrap();
    assert!(legal(&count(), game.position()).contains(&"g7g5".to_string()));
}

#[test]
fn each_measure_changes_the_outcome() {
    let fen = "k6r/8/2n5/nP1P1np1/1p1p3n/2b5/8/2R3KQ w - - 0 1";
    let expected = [
        (Measure::Count, vec![Square::C6, Square::A5]),
        (Measure::Value, vec![Square::C3]),
        (Measure::Average, vec![Square::H4, Square::F5, Square::C3]),
    ];
    for (measure, converted) in expected {
        let rules = Pacifist::new(measure);
        let mut pos = position(&rules, fen);
        let after = turn(&rules, &mut pos, "g1f1");
        assert_eq!(after.by_mover, squares(&converted), "{measure:?}");
    }
}

#[test]
fn option_names_and_fen_errors() {
    assert_eq!(Measure::from_name("AVERAGE"), Some(Measure::Average));
    assert_eq!(Measure::from_name("median"), None);
    // The side that just moved cannot be kingless; pawns never stand on the back ranks.
    assert!(Position::from_fen(&count(), "8/8/8/8/8/8/8/K7 w - - 0 1").is_err());
    assert!(Position::from_fen(&count(), "k7/8/8/8/8/8/8/K6P w - - 0 1").is_err());
    assert!(Position::from_fen(&count(), "k7/8/8/8/8/8/8/K6R w K - 0 1").is_err());
    // An en passant square means nothing here and is dropped.
    let pos = position(&count(), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(pos.en_passant(), None);
}

// ---------------------------------------------------------------------------------------------
// The reference: the rules written the slow, obvious way.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: usize,
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct Board {
    squares: [Option<Man>; 64],
    white_to_move: bool,
    /// Rook squares with a castling right.
    rights: Vec<usize>,
}

const VALUE: [u32; 6] = [1, 3, 3, 5, 9, 4];
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as usize)
}

impl Board {
    fn from_position(pos: &Position<Pacifist>) -> Board {
        let mut squares = [None; 64];
        for (index, slot) in squares.iter_mut().enumerate() {
            *slot = pos.piece_at(Square::new(index as u32)).map(|p| Man {
                white: p.color == Color::White,
                kind: p.kind.index(),
            });
        }
        let mut rights: Vec<usize> = pos.castling().into_iter().map(|s| s as usize).collect();
        rights.sort();
        Board {
            squares,
            white_to_move: pos.turn() == Color::White,
            rights,
        }
    }

    /// Squares the piece on `from` influences; a silent piece influences nothing.
    fn influence(&self, from: usize) -> Vec<usize> {
        let Some(man) = self.squares[from] else {
            return vec![];
        };
        let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = vec![];
        let leaps = |deltas: &[(i32, i32)], out: &mut Vec<usize>| {
            for (df, dr) in deltas {
                if let Some(s) = at(file + df, rank + dr) {
                    out.push(s);
                }
            }
        };
        let slide = |deltas: &[(i32, i32)], see_through: &[usize], out: &mut Vec<usize>| {
            for (df, dr) in deltas {
                let (mut f, mut r) = (file + df, rank + dr);
                while let Some(s) = at(f, r) {
                    out.push(s);
                    match self.squares[s] {
                        None => {}
                        Some(other)
                            if other.white == man.white && see_through.contains(&other.kind) => {}
                        Some(_) => break,
                    }
                    f += df;
                    r += dr;
                }
            }
        };
        let up = if man.white { 1 } else { -1 };
        match man.kind {
            0 => leaps(&[(-1, up), (1, up)], &mut out),
            1 => leaps(&common::KNIGHT_JUMPS, &mut out),
            2 => slide(&DIAGONAL, &[2, 4], &mut out),
            3 => slide(&ORTHOGONAL, &[3, 4], &mut out),
            4 => {
                slide(&DIAGONAL, &[2, 4], &mut out);
                slide(&ORTHOGONAL, &[3, 4], &mut out);
            }
            _ => leaps(&common::KING_STEPS, &mut out),
        }
        out
    }

    /// Whether a piece of colour `white` on `square` is overly persuaded; the piece on
    /// `silent` (if any) influences nothing.
    fn over(&self, square: usize, white: bool, measure: Measure, silent: Option<usize>) -> bool {
        let (mut persuaders, mut supporters) = (vec![], vec![]);
        for from in 0..64 {
            let Some(man) = self.squares[from] else {
                continue;
            };
            if from == square || Some(from) == silent || !self.influence(from).contains(&square) {
                continue;
            }
            if man.white == white {
                supporters.push(VALUE[man.kind]);
            } else {
                persuaders.push(VALUE[man.kind]);
            }
        }
        let sum = |v: &Vec<u32>| v.iter().sum::<u32>();
        match measure {
            Measure::Count => persuaders.len() > supporters.len(),
            Measure::Value => sum(&persuaders) > sum(&supporters),
            Measure::Average => {
                // avg(p) > avg(s), with an empty side averaging 0.
                let p = (sum(&persuaders) as f64) / (persuaders.len().max(1) as f64);
                let s = (sum(&supporters) as f64) / (supporters.len().max(1) as f64);
                !persuaders.is_empty()
                    && (supporters.is_empty()
                        || sum(&persuaders) * supporters.len() as u32
                            > sum(&supporters) * persuaders.len() as u32)
                    && p > s - 1e-12
            }
        }
    }

    fn convert(&mut self, square: usize) {
        let Some(man) = self.squares[square] else {
            return;
        };
        self.rights.retain(|r| *r != square);
        let home = if man.white { 4 } else { 60 };
        if man.kind == 5 && square == home {
            let rank = square / 8;
            self.rights.retain(|r| r / 8 != rank);
        }
        self.squares[square] = Some(Man {
            white: !man.white,
            ..man
        });
    }

    fn cascade(&mut self, victims_white: bool, measure: Measure, silent: Option<usize>) {
        loop {
            let over: Vec<usize> = (0..64)
                .filter(|s| matches!(self.squares[*s], Some(m) if m.white == victims_white))
                .filter(|s| self.over(*s, victims_white, measure, silent))
                .collect();
            if over.is_empty() {
                return;
            }
            for s in over {
                self.convert(s);
            }
        }
    }

    fn has_king(&self, white: bool) -> bool {
        self.squares
            .iter()
            .flatten()
            .any(|m| m.kind == 5 && m.white == white)
    }

    /// Applies a move given as (from, to, promotion kind, castling) and the whole turn.
    fn play(&self, mv: (usize, usize, Option<usize>, bool), measure: Measure) -> (Board, usize) {
        let mut b = self.clone();
        let us = self.white_to_move;
        let (from, to, promotion, castle) = mv;
        let man = b.squares[from].take().expect("a piece moves");
        let home = if us { 4 } else { 60 };
        b.rights.retain(|r| *r != from);
        if man.kind == 5 && from == home {
            b.rights.retain(|r| r / 8 != home / 8);
        }
        b.squares[to] = Some(Man {
            kind: promotion.unwrap_or(man.kind),
            ..man
        });
        if castle {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            b.squares[rook_to] = b.squares[rook_from].take();
        }
        let silent = b.over(to, us, measure, None).then_some(to);
        b.cascade(!us, measure, silent);
        b.cascade(us, measure, None);
        b.white_to_move = !us;
        (b, to)
    }

    /// Every legal move as (text, result).
    fn legal(&self, measure: Measure) -> Vec<(String, Board)> {
        let us = self.white_to_move;
        let mut out = vec![];
        let name = |s: usize| format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1);
        let mut candidates = vec![];
        for from in 0..64 {
            let Some(man) = self.squares[from] else {
                continue;
            };
            if man.white != us {
                continue;
            }
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            if man.kind == 0 {
                let up = if us { 1 } else { -1 };
                let Some(one) = at(file, rank + up).filter(|s| self.squares[*s].is_none()) else {
                    continue;
                };
                if one / 8 == 0 || one / 8 == 7 {
                    for kind in [4, 3, 2, 1] {
                        candidates.push((from, one, Some(kind), false));
                    }
                    continue;
                }
                candidates.push((from, one, None, false));
                let second = if us { 1 } else { 6 };
                if rank == second
                    && let Some(two) =
                        at(file, rank + 2 * up).filter(|s| self.squares[*s].is_none())
                {
                    let mut lifted = self.clone();
                    lifted.squares[from] = None;
                    if !lifted.over(one, us, measure, None) {
                        candidates.push((from, two, None, false));
                    }
                }
                continue;
            }
            let mut lifted = self.clone();
            lifted.squares[from] = None;
            for to in self.influence(from) {
                // Movement goes as far as the first piece of any colour (no batteries).
                if self.squares[to].is_some() || !self.path_clear(from, to) {
                    continue;
                }
                candidates.push((from, to, None, false));
            }
            if man.kind == 5 && from == if us { 4 } else { 60 } {
                for rook in self.rights.clone() {
                    if rook / 8 != from / 8
                        || !matches!(self.squares[rook], Some(m) if m.white == us && m.kind == 3)
                    {
                        continue;
                    }
                    let (king_to, rook_to, pass) = if rook > from {
                        (from + 2, from + 1, from + 1)
                    } else {
                        (from - 2, from - 1, from - 1)
                    };
                    let lo = from.min(rook).min(king_to) + 1;
                    let hi = from.max(rook).max(king_to);
                    let clear = (lo..hi)
                        .all(|s| s == from || s == rook || self.squares[s].is_none())
                        && self.squares[king_to].is_none_or(|_| king_to == rook)
                        && self.squares[rook_to].is_none_or(|_| rook_to == rook);
                    if clear
                        && !lifted.over(from, us, measure, None)
                        && !lifted.over(pass, us, measure, None)
                    {
                        candidates.push((from, king_to, None, true));
                    }
                }
            }
        }
        for mv in candidates {
            let (from, to, promotion, castle) = mv;
            let is_king = self.squares[from].is_some_and(|m| m.kind == 5);
            if is_king {
                let mut after = self.clone();
                let man = after.squares[from].take();
                after.squares[to] = man;
                if castle {
                    let (rook_from, rook_to) = if to > from {
                        (from + 3, from + 1)
                    } else {
                        (from - 4, from - 1)
                    };
                    after.squares[rook_to] = after.squares[rook_from].take();
                }
                if after.over(to, us, measure, None) {
                    continue;
                }
            }
            let (result, _) = self.play(mv, measure);
            if result.has_king(us) {
                let suffix = promotion.map_or(String::new(), |k| {
                    ["p", "n", "b", "r", "q", "k"][k].to_string()
                });
                out.push((format!("{}{}{}", name(from), name(to), suffix), result));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn path_clear(&self, from: usize, to: usize) -> bool {
        let (f0, r0, f1, r1) = (
            (from % 8) as i32,
            (from / 8) as i32,
            (to % 8) as i32,
            (to / 8) as i32,
        );
        let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
        let straight = f0 == f1 || r0 == r1 || (f1 - f0).abs() == (r1 - r0).abs();
        if !straight {
            return true;
        }
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (f, r) != (f1, r1) {
            if self.squares[(r * 8 + f) as usize].is_some() {
                return false;
            }
            f += df;
            r += dr;
        }
        true
    }
}

#[test]
fn reference_agrees_on_the_hand_built_positions() {
    let fens = [
        "k6r/8/2n5/nP1P1np1/1p1p3n/2b5/8/2R3KQ w - - 0 1",
        "4k3/8/8/5N2/8/2b5/5B2/R3K3 b Q - 0 1",
        "k7/8/8/8/b7/1b6/8/R3K2R w KQ - 0 1",
        "4K3/8/8/4R3/8/8/8/K5n1 b - - 0 1",
        "7k/8/3r2b1/1n6/8/8/Q7/7K w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // Under `average` the rook behind the lifted pawn lowers White's average on e3 (queen
        // and rook against a queen): the passing square is overly persuaded only then.
        "4k3/8/7q/8/8/8/3QP3/4R2K w - - 0 1",
    ];
    for backend in backends() {
        for measure in Measure::ALL {
            let rules = Pacifist::with_backend(measure, backend);
            for fen in fens {
                compare_with_reference(&rules, &position(&rules, fen));
            }
        }
    }
}

fn reference_perft(board: &Board, measure: Measure, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.legal(measure);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(_, child)| reference_perft(child, measure, depth - 1))
        .sum()
}

#[test]
fn reference_perft_matches_the_data_file() {
    let path = crate::common::repository_file("tests/perft/pacifist.perft");
    let text = std::fs::read_to_string(path).expect("perft data");
    let mut measure = Measure::Count;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix("setoption name PacifistMeasure value ") {
            measure = Measure::from_name(name).expect("a measure");
            continue;
        }
        if line.is_empty() || line.starts_with('#') || line.starts_with("setoption") {
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().expect("a FEN");
        let rules = Pacifist::new(measure);
        let board = Board::from_position(&position(&rules, fen));
        for part in parts {
            let (depth, count) = part[1..].split_once(' ').expect("D<depth> <count>");
            let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
            if depth <= 2 {
                assert_eq!(
                    reference_perft(&board, measure, depth),
                    count,
                    "{measure:?} {fen} D{depth}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 60);
}

/// The perft data file, every count, under each back-end in this process (tests/perft.rs
/// checks it through the binary, with the back-end the processor picks).
#[test]
fn perft_data_file_under_each_back_end() {
    let path = crate::common::repository_file("tests/perft/pacifist.perft");
    let cases = common::read_perft_file(&path);
    for backend in backends() {
        let mut checked = 0;
        for case in &cases {
            let measure = case
                .setup
                .iter()
                .rev()
                .find_map(|line| line.strip_prefix("setoption name PacifistMeasure value "))
                .map_or(Measure::default(), |name| {
                    Measure::from_name(name).expect("a measure")
                });
            let rules = Pacifist::with_backend(measure, backend);
            let pos = position(&rules, &case.fen);
            for &(depth, expected) in &case.counts {
                let nodes = amity_engine::perft::perft(&rules, &pos, depth);
                assert_eq!(
                    nodes, expected,
                    "{backend:?} {measure:?} {} D{depth}",
                    case.fen
                );
                checked += 1;
            }
        }
        assert!(checked >= 100, "{backend:?}: {checked} counts");
    }
}

/// The engine's legal moves and every resulting board equal the reference's.
fn compare_with_reference(rules: &Pacifist, pos: &Position<Pacifist>) {
    let board = Board::from_position(pos);
    let expected = board.legal(rules.measure);
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut actual: Vec<(String, Board)> = moves
        .iter()
        .map(|mv| {
            let mut child = pos.clone();
            rules.play(&mut child, *mv);
            (rules.format_move(*mv), Board::from_position(&child))
        })
        .collect();
    actual.sort_by(|a, b| a.0.cmp(&b.0));
    let names = |list: &[(String, Board)]| list.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&actual),
        names(&expected),
        "{:?} moves of {}",
        rules.measure,
        pos.to_fen(rules)
    );
    for ((name, got), (_, want)) in actual.iter().zip(&expected) {
        assert_eq!(
            got,
            want,
            "{:?} {name} from {}",
            rules.measure,
            pos.to_fen(rules)
        );
    }
}

/// The position's moves, checked against perft's last ply, which counts without listing.
fn generated_and_counted(rules: &Pacifist, pos: &Position<Pacifist>) -> MoveList {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    assert_eq!(
        rules.count_moves(pos),
        moves.len(),
        "count_moves disagrees with generate in {}",
        pos.to_fen(rules)
    );
    moves
}

// ---------------------------------------------------------------------------------------------
// Random playouts.

fn kinds_total(pos: &Position<Pacifist>) -> [usize; 6] {
    let mut out = [0; 6];
    for (i, kind) in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
        .into_iter()
        .enumerate()
    {
        out[i] = pos.kind(kind).count();
    }
    out
}

/// Plays `games` random games of at most `plies` under `measure`, checking after every turn:
/// nothing captured (32 pieces, kinds change only by promotion), the conversion steps' end
/// conditions, hash and FEN round trip; and the reference implementation on the first
/// `reference_games` games.
fn playouts(rules: Pacifist, games: usize, plies: usize, reference_games: usize) {
    let measure = rules.measure;
    let mut rng = StdRng::seed_from_u64(0x5041_4349 + measure as u64);
    let mut conversions_seen = 0u64;
    let mut claims_seen = 0u64;
    for game_index in 0..games {
        let mut pos = position(&rules, rules.start_fen());
        for _ in 0..plies {
            if game_index < reference_games {
                compare_with_reference(&rules, &pos);
            }
            let moves = generated_and_counted(&rules, &pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            let us = pos.turn();
            let before = pos.clone();
            let kinds_before = kinds_total(&pos);

            // The turn step by step through the public steps...
            let mut stepped = pos.clone();
            let moved = rules.apply_move(&mut stepped, mv);
            let (silenced, by_mover) = rules.mover_step(&mut stepped, us, moved);
            let silent = if silenced {
                Bitboard::from_square(moved)
            } else {
                Bitboard::EMPTY
            };
            let after_b = InfluenceMap::compute(&stepped, measure, silent);
            assert!(
                after_b.overly_persuaded(!us, stepped.color(!us)).is_empty(),
                "step b ended with an enemy piece overly persuaded"
            );
            let by_opponent = rules.opponent_step(&mut stepped, us);
            assert!(
                rules.overly_persuaded(&stepped, us).is_empty(),
                "step c ended with a mover's piece overly persuaded"
            );
            // Count and value cannot raise the opponent's case when pieces leave the mover
            // in step c, so with the moved piece speaking throughout nothing of the enemy's is
            // overly persuaded at the end either. Under average, or after a silenced piece
            // speaks again, step c may leave enemy pieces overly persuaded: the next turn's
            // step b deals with them.
            if measure.is_monotone() && !silenced {
                assert!(rules.overly_persuaded(&stepped, !us).is_empty());
            }

            // ...equals the real thing.
            rules.play(&mut pos, mv);
            assert_eq!(pos.occupied(), stepped.occupied());
            for color in [Color::White, Color::Black] {
                assert_eq!(pos.color(color), stepped.color(color));
            }
            let changed = (by_mover | by_opponent).any();
            conversions_seen += u64::from(changed);
            if before.pieces(us, KING).is_empty() {
                claims_seen += 1;
            }

            assert_eq!(pos.occupied().count(), 32, "nothing is ever captured");
            let kinds_after = kinds_total(&pos);
            let promoted = mv.flag() == amity_engine::MoveFlag::Promotion;
            if promoted {
                assert_eq!(kinds_after[0] + 1, kinds_before[0]);
                assert_eq!(kinds_after.iter().sum::<usize>(), 32);
            } else {
                assert_eq!(
                    kinds_after, kinds_before,
                    "kinds never change except by promotion"
                );
            }
            assert!(!pos.pieces(us, KING).is_empty(), "the mover keeps a king");
            assert!(
                !mv.is_null() && before.piece_at(mv.to()).is_none(),
                "moves go to empty squares"
            );
            let clock_reset = changed || before.piece_at(mv.from()).is_some_and(|p| p.kind == PAWN);
            assert_eq!(
                pos.halfmove_clock(),
                if clock_reset {
                    0
                } else {
                    before.halfmove_clock() + 1
                }
            );
            assert_eq!(pos.hash(), pos.fresh_hash(&rules));
            let fen = pos.to_fen(&rules);
            let reread = position(&rules, &fen);
            assert_eq!(reread.to_fen(&rules), fen);
            assert_eq!(reread.hash(), pos.hash());
            let _ = Kind::new(0);
        }
    }
    assert!(
        conversions_seen > 0,
        "the playouts converted nothing: they test nothing"
    );
    eprintln!("{measure:?}: {conversions_seen} converting turns, {claims_seen} claim-backs");
}

#[test]
fn random_playouts_count() {
    playouts(Pacifist::new(Measure::Count), 5000, 40, 0);
}

#[test]
fn random_playouts_value() {
    playouts(Pacifist::new(Measure::Value), 5000, 40, 0);
}

#[test]
fn random_playouts_average() {
    playouts(Pacifist::new(Measure::Average), 5000, 40, 0);
}

#[test]
fn reference_agrees_along_random_games() {
    for backend in backends() {
        for measure in Measure::ALL {
            // Enough games that every quick legality path (quiet moves, pieces landing overly
            // persuaded and converted alone, pawn pushes settled set-wise) meets the reference.
            playouts(Pacifist::with_backend(measure, backend), 40, 60, 40);
        }
    }
}

/// A random board for [`reference_agrees_on_random_positions`]: a few pieces of each colour
/// anywhere (pawns off the back ranks), any number of kings for the side to move, castling
/// rights wherever a king and rook stand at home. Sparse and crowded boards alike, so that
/// batteries, long rays and pieces already overly persuaded turn up far more often than in
/// games from the start position.
fn random_position(rules: &Pacifist, rng: &mut StdRng) -> Option<Position<Pacifist>> {
    let mut pos = Position::<Pacifist>::empty();
    let pieces = rng.random_range(4..=20);
    for _ in 0..pieces {
        let mut square = rng.random_range(0..64u32);
        // Line pieces are the interesting ones: weight them up.
        let kind =
            [PAWN, PAWN, KNIGHT, BISHOP, BISHOP, ROOK, ROOK, QUEEN, KING][rng.random_range(0..9)];
        let color = common::random_color(rng);
        if kind == PAWN && rng.random_bool(0.5) {
            // Half the pawns at home, where they may double-step.
            square = square % 8 + if color == Color::White { 8 } else { 48 };
        }
        if kind == PAWN && !(8..56).contains(&square) {
            continue;
        }
        pos.replace(Square::new(square), Piece::new(color, kind));
    }
    let to_move = common::random_color(rng);
    pos.set_turn(to_move);
    // The side not to move must own a king (a turn never ends kingless).
    let waiting = !to_move;
    if pos.pieces(waiting, KING).is_empty() {
        let home = if waiting == Color::White { 4 } else { 60 };
        let square = if rng.random_bool(0.3) {
            home
        } else {
            rng.random_range(0..64u32)
        };
        pos.replace(Square::new(square), Piece::new(waiting, KING));
    }
    pos.set_castling(common::random_castling_rights(&pos, rng));
    // Through the engine's own FEN, so that the board is validated as any user's would be.
    Position::from_fen(rules, &pos.to_fen(rules)).ok()
}

/// Random boards, not reached by play, under every measure: the engine's moves, the boards
/// they lead to, and perft's counting agree with the reference. Games from the start position
/// rarely build the corners where a shortcut can go wrong (batteries, long rays, pieces already
/// overly persuaded). 3,000 boards per measure and back-end; `AMITY_RANDOM_POSITIONS=N` checks
/// N instead.
#[test]
fn reference_agrees_on_random_positions() {
    let boards: usize = common::random_board_count(3000);
    for backend in backends() {
        for measure in Measure::ALL {
            let rules = Pacifist::with_backend(measure, backend);
            let mut rng = StdRng::seed_from_u64(0x5241_4e44 + measure as u64);
            let mut checked = 0;
            while checked < boards {
                let Some(pos) = random_position(&rules, &mut rng) else {
                    continue;
                };
                compare_with_reference(&rules, &pos);
                generated_and_counted(&rules, &pos);
                checked += 1;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Move ordering answers: `is_tactical` and `gain` remember played-out turns per thread; they must
// answer exactly what playing the turn on a copy answers, however the questions are interleaved.

/// What `is_tactical` and `gain` must answer for `mv`, worked out by playing its turn on a copy.
fn played_out(rules: &Pacifist, pos: &Position<Pacifist>, mv: Move) -> (bool, i32) {
    use amity_variants::pacifist::evaluation::{VALUES, material};
    let us = pos.turn();
    let mut child = pos.clone();
    let conversions = rules.play_turn(&mut child, mv);
    let difference = |p: &Position<Pacifist>| material(p, us) - material(p, !us);
    let promotion = mv.flag() == amity_engine::MoveFlag::Promotion;
    let promotion_gain = if promotion {
        VALUES[mv.kind().index()] - VALUES[PAWN.index()]
    } else {
        0
    };
    let tactical = promotion || (conversions.by_mover.any() && conversions.by_opponent.is_empty());
    let swing = difference(&child) - difference(pos);
    (tactical, swing.max(promotion_gain))
}

/// The questions of one position under one measure, with the answers played out.
struct Questions {
    rules: Pacifist,
    pos: Position<Pacifist>,
    answers: Vec<(Move, (bool, i32))>,
}

impl Questions {
    fn new(measure: Measure, pos: &Position<Pacifist>) -> Self {
        let rules = Pacifist::new(measure);
        let mut moves = MoveList::new();
        rules.generate(pos, &mut moves);
        let answers = moves
            .as_slice()
            .iter()
            .map(|&mv| (mv, played_out(&rules, pos, mv)))
            .collect();
        Questions {
            rules,
            pos: pos.clone(),
            answers,
        }
    }

    /// Asks every question `rounds` times, in the order the search would (is_tactical, then
    /// gain), and returns how many moves the turn changes something for.
    fn ask(&self, rounds: usize) -> usize {
        let mut telling = 0;
        for round in 0..rounds {
            for &(mv, expected) in &self.answers {
                let context = || {
                    format!(
                        "{:?} {mv:?} in {} (round {round})",
                        self.rules.measure,
                        self.pos.to_fen(&self.rules)
                    )
                };
                assert_eq!(
                    self.rules.is_tactical(&self.pos, mv),
                    expected.0,
                    "is_tactical: {}",
                    context()
                );
                assert_eq!(
                    self.rules.gain(&self.pos, mv),
                    expected.1,
                    "gain: {}",
                    context()
                );
                telling += usize::from(expected.0 || expected.1 != 0);
            }
        }
        telling
    }
}

#[test]
fn ordering_answers_match_played_out_turns() {
    let mut rng = StdRng::seed_from_u64(0x4d45_4d4f);
    let mut telling = 0;
    let mut promotions = 0;
    for game_index in 0..60 {
        // Each game is played under one measure, and every position of it is asked about under
        // all three: one board, three sets of answers.
        let measure = Measure::ALL[game_index % 3];
        let rules = Pacifist::new(measure);
        let mut pos = position(&rules, rules.start_fen());
        let mut previous: Vec<Questions> = Vec::new();
        for _ in 0..80 {
            let current: Vec<Questions> = Measure::ALL
                .iter()
                .map(|&m| Questions::new(m, &pos))
                .collect();
            // Each measure's questions twice in a row, then the previous position's again
            // (as after returning from a child), then the first measure's once more.
            for questions in &current {
                telling += questions.ask(2);
            }
            for questions in &previous {
                questions.ask(1);
            }
            current[0].ask(1);
            let moves =
                &current[Measure::ALL.iter().position(|&m| m == measure).unwrap_or(0)].answers;
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())].0;
            promotions += usize::from(mv.flag() == amity_engine::MoveFlag::Promotion);
            rules.play(&mut pos, mv);
            previous = current;
        }
    }
    assert!(
        telling > 1000,
        "few moves convert or promote ({telling}): the test asks little"
    );
    eprintln!("{telling} telling answers, {promotions} promotions played");
}

// ---------------------------------------------------------------------------------------------
// Strength: a self-play driver (ignored: 40 games at depths 6 and 3 take a minute or two; the
// tournament form is scripts/pacifist_strength.sh). Run with
// `AMITY_STRONG=6 AMITY_WEAK=3 AMITY_GAMES=40 cargo test --release -p amity-variants --test games pacifist -- --ignored --nocapture`.

fn env_number(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Under `value` both sides here can go on converting each other's pieces cleanly turn after
/// turn; quiescence used to follow such chains to the ply limit, and a depth 3 search did not
/// end (millions of nodes). Bounded, depth 6 takes about 15,000.
#[test]
fn quiescence_ends_where_conversions_answer_each_other() {
    use amity_engine::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    let mut game = Game::new(Pacifist::new(Measure::Value));
    for token in "f2f4 e7e5 b2b4 g8f6 g1h3 g7g6 d2d4 b8c6 d1d3 f6g4".split(' ') {
        game.play_token(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    let limits = Limits {
        depth: Some(6),
        nodes: Some(1_000_000),
        ..Limits::default()
    };
    let result =
        Searcher::default().search_game(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    assert_eq!(
        result.depth, 6,
        "depth 6 not reached in {} nodes",
        result.nodes
    );
    assert!(result.nodes < 1_000_000);
}

#[test]
#[ignore]
fn deeper_search_wins_self_play() {
    use amity_engine::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    let (strong, weak, games) = (
        env_number("AMITY_STRONG", 6),
        env_number("AMITY_WEAK", 3),
        env_number("AMITY_GAMES", 40),
    );
    let rules = count();
    let mut rng = StdRng::seed_from_u64(7);
    let mut points = 0.0;
    for game_index in 0..games {
        let strong_is_white = game_index % 2 == 0;
        let mut game = Game::new(rules.clone());
        // Two random opening plies per side so the games differ.
        for _ in 0..4 {
            let moves = game.legal_moves();
            game.play_unchecked(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        // One searcher per player, as two engines would be: a shared hash table would hand the
        // shallow side the deep side's results.
        let (mut strong_searcher, mut weak_searcher) = (Searcher::default(), Searcher::default());
        let stop = AtomicBool::new(false);
        // Unfinished games are drawn after as many plies as scripts/pacifist_strength.sh allows.
        while game.outcome().is_none() && game.moves().len() < 400 {
            let white_to_move = game.position().turn() == Color::White;
            let (searcher, depth) = if white_to_move == strong_is_white {
                (&mut strong_searcher, strong)
            } else {
                (&mut weak_searcher, weak)
            };
            let result = searcher.search_game(&game, &Limits::depth(depth), &stop, &mut |_| {});
            game.play_unchecked(result.best);
        }
        let score = match game.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                f64::from(u8::from((winner == Color::White) == strong_is_white))
            }
            _ => 0.5,
        };
        points += score;
        eprintln!(
            "game {}: strong {} scored {score} ({:?}, {} plies)",
            game_index + 1,
            if strong_is_white { "White" } else { "Black" },
            game.outcome(),
            game.moves().len()
        );
    }
    let share = points / f64::from(games);
    eprintln!(
        "depth {strong} vs depth {weak}: {points}/{games} = {:.0}%",
        share * 100.0
    );
    assert!(share >= 0.8);
}
