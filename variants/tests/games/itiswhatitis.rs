//! It is what it is chess: every piece's reach written out by hand from the rules (empty board,
//! blockers, Black turned half a circle), the game rules through the move generator (promotion,
//! backspacing, royal captures, draws), and an independent slow reference generator written
//! straight from docs/variants/itiswhatitis.md that the engine must match on random positions
//! and in perft.

use std::collections::BTreeSet;

use amity_engine::{
    Bitboard, Color, DrawReason, Game, Kind, MoveFlag, MoveList, Notation, Outcome, Position,
    Rules, RulesExt, Square, perft::perft,
};
use amity_variants::ItIsWhatItIs;
use amity_variants::itiswhatitis::{self, KINDS, PIECES};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn square(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("bad square {name}"))
}

fn squares(names: &str) -> BTreeSet<String> {
    names.split_whitespace().map(str::to_string).collect()
}

fn board(names: &[&str]) -> Bitboard {
    names.iter().map(|name| square(name)).collect()
}

fn kind_of(symbol: &str) -> usize {
    PIECES
        .iter()
        .position(|info| info.symbol == symbol)
        .unwrap_or_else(|| panic!("no piece {symbol}"))
}

/// Every square the piece may end on (its own captures included, as the table reports them).
fn reach(
    color: Color,
    symbol: &str,
    from: &str,
    ours: &[&str],
    theirs: &[&str],
) -> BTreeSet<String> {
    let rules = ItIsWhatItIs::new();
    let reach = rules.table().reach(
        color,
        kind_of(symbol),
        square(from),
        board(ours) | Bitboard::from_square(square(from)),
        board(theirs),
    );
    (reach.quiet | reach.captures | reach.own_captures)
        .into_iter()
        .map(|sq| sq.to_string())
        .collect()
}

fn white(symbol: &str, from: &str) -> BTreeSet<String> {
    reach(Color::White, symbol, from, &[], &[])
}

fn black(symbol: &str, from: &str) -> BTreeSet<String> {
    reach(Color::Black, symbol, from, &[], &[])
}

// ----- reaches on an empty board, written out by hand from the rules -----

#[test]
fn c_piece_reach() {
    assert_eq!(white("C", "d4"), squares("d5 e6 f6 g5"));
    assert_eq!(white("C", "g7"), squares("g8"));
    assert_eq!(white("C", "a1"), squares("a2 b3 c3 d2"));
    assert_eq!(black("C", "d4"), squares("d3 c2 b2 a3"));
    // Blockers: a friend on e6 stops the arc after d5; an enemy there is captured.
    assert_eq!(reach(Color::White, "C", "d4", &["e6"], &[]), squares("d5"));
    assert_eq!(
        reach(Color::White, "C", "d4", &[], &["e6"]),
        squares("d5 e6")
    );
    assert_eq!(reach(Color::White, "C", "d4", &[], &["d5"]), squares("d5"));
}

#[test]
fn h_piece_reach() {
    assert_eq!(white("H", "d4"), squares("d5 d6 d3 d2 e4 f3 f2"));
    assert_eq!(white("H", "h1"), squares("h2 h3"));
    assert_eq!(white("H", "a2"), squares("a3 a4 a1 b2 c1"));
    assert_eq!(black("H", "d4"), squares("d3 d2 d5 d6 c4 b5 b6"));
    assert_eq!(
        reach(Color::White, "H", "d4", &["f3"], &["d5"]),
        squares("d5 d3 d2 e4")
    );
}

#[test]
fn e_piece_reach() {
    assert_eq!(
        white("E", "d4"),
        squares("c4 b4 b5 b6 c6 d6 b3 b2 c2 d2 e4 f4 f5 f6 e6")
    );
    // From b1: W to a1 only (two steps would leave the board), E then N then W.
    assert_eq!(white("E", "b1"), squares("a1 c1 d1 d2 d3 c3 b3"));
    assert_eq!(
        black("E", "d4"),
        squares("e4 f4 f3 f2 e2 d2 f5 f6 e6 d6 c4 b4 b3 b2 c2")
    );
    // An enemy on b4 ends the W leg there (no turn after it); the E side still turns.
    assert_eq!(
        reach(Color::White, "E", "d4", &[], &["b4"]),
        squares("c4 b4 e4 f4 f5 f6 e6 d6")
    );
    // A friend on f5 blocks the E side's second leg; d6 is still reached from the W side.
    assert_eq!(
        reach(Color::White, "E", "d4", &["f5"], &[]),
        squares("c4 b4 b5 b6 c6 d6 b3 b2 c2 d2 e4 f4")
    );
}

#[test]
fn s_piece_reach() {
    assert_eq!(white("S", "d4"), squares("c4 c5 c6 d6 e6 e4 e3 e2 d2 c2"));
    assert_eq!(white("S", "a4"), squares("b4 b3 b2 a2"));
    assert_eq!(black("S", "d4"), squares("e4 e3 e2 d2 c2 c4 c5 c6 d6 e6"));
    assert_eq!(
        reach(Color::White, "S", "d4", &["c5"], &["e2"]),
        squares("c4 e4 e3 e2")
    );
}

#[test]
fn happy_face_reach_jumps() {
    assert_eq!(white("Y", "d4"), squares("f6 b6 e2 c2 f3 b3 d2"));
    assert_eq!(white("Y", "a1"), squares("c3"));
    assert_eq!(black("Y", "d4"), squares("b2 f2 c6 e6 b5 f5 d6"));
    // Surrounded on every side, it still jumps; a friend on a target is not taken.
    let ring = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"];
    let mut friends = ring.to_vec();
    friends.push("f6");
    assert_eq!(
        reach(Color::White, "Y", "d4", &friends, &["b6"]),
        squares("b6 e2 c2 f3 b3 d2")
    );
}

#[test]
fn peace_sign_reach() {
    assert_eq!(
        white("P", "d4"),
        squares("d5 d6 e6 f5 f3 e2 c2 b3 b5 c6 f6 f2 b2 b6 g4 a4 d7 d1 e3 c3")
    );
    assert_eq!(white("P", "a1"), squares("a2 a3 b3 c2 c3 d1 a4"));
    assert_eq!(
        black("P", "d4"),
        squares("d3 d2 c2 b3 b5 c6 e6 f5 f3 e2 b2 b6 f6 f2 a4 g4 d1 d7 c5 e5")
    );
    // The two steps N are a slide: blocked by d5; the jumps over it are not.
    assert_eq!(
        reach(Color::White, "P", "d4", &["d5"], &["d7"]),
        squares("e6 f5 f3 e2 c2 b3 b5 c6 f6 f2 b2 b6 g4 a4 d7 d1 e3 c3")
    );
}

#[test]
fn heart_reach() {
    assert_eq!(
        white("L", "d4"),
        squares("c5 c6 d7 e7 f6 g5 h4 e5 e6 c7 b6 a5")
    );
    // From e1: the clockwise arc runs d2 d3 e4 f4 g3 then h2 (the next SE leaves the board);
    // the other arc f2 f3 e4 d4 c3 then b2 a1.
    assert_eq!(
        white("L", "e1"),
        squares("d2 d3 e4 f4 g3 h2 f2 f3 d4 c3 b2 a1")
    );
    assert_eq!(
        black("L", "d4"),
        squares("e3 e2 d1 c1 b2 a3 c3 c2 e1 f2 g3 h4")
    );
    // A friend on the fifth step (f6) cuts the tail; an enemy on the tail's first square is
    // captured and ends it; an enemy on c6 ends the first arc there.
    assert_eq!(
        reach(Color::White, "L", "d4", &["f6"], &[]),
        squares("c5 c6 d7 e7 e5 e6 c7 b6 a5")
    );
    assert_eq!(
        reach(Color::White, "L", "d4", &[], &["g5"]),
        squares("c5 c6 d7 e7 f6 g5 e5 e6 c7 b6 a5")
    );
    assert_eq!(
        reach(Color::White, "L", "d4", &[], &["c6"]),
        squares("c5 c6 e5 e6 d7 c7 b6 a5")
    );
}

#[test]
fn capital_c_reach() {
    assert_eq!(
        white("+C", "d4"),
        squares("d5 d6 d7 d8 e8 f8 g8 h8 d3 d2 d1 e1 f1 g1 h1 c4")
    );
    // Standing on the edge it does not "reach" it: no turn along rank 8 from d8.
    assert_eq!(
        white("+C", "d8"),
        squares("d7 d6 d5 d4 d3 d2 d1 e1 f1 g1 h1 c8")
    );
    assert_eq!(
        black("+C", "d4"),
        squares("d3 d2 d1 c1 b1 a1 d5 d6 d7 d8 c8 b8 a8 e4")
    );
    // The edge square must be empty to turn; a capture there ends the path.
    assert_eq!(
        reach(Color::White, "+C", "d4", &["d2"], &["d8"]),
        squares("d5 d6 d7 d8 d3 c4")
    );
}

#[test]
fn capital_h_reach() {
    assert_eq!(
        white("+H", "d4"),
        squares("c4 b4 a4 a5 a6 a7 a8 a3 a2 a1 e4 f4 g4 h4 h5 h6 h7 h8 h3 h2 h1")
    );
    assert_eq!(
        white("+H", "a4"),
        squares("b4 c4 d4 e4 f4 g4 h4 h5 h6 h7 h8 h3 h2 h1")
    );
    assert_eq!(
        reach(Color::White, "+H", "d4", &["b4"], &["h6"]),
        squares("c4 e4 f4 g4 h4 h5 h6 h3 h2 h1")
    );
}

#[test]
fn capital_e_reach() {
    assert_eq!(
        white("+E", "d4"),
        squares("d5 d6 d7 d8 e8 f8 g8 h8 d3 d2 d1 e1 f1 g1 h1 e4 f4 g4 h4 c4")
    );
    assert_eq!(
        black("+E", "d4"),
        squares("d3 d2 d1 c1 b1 a1 d5 d6 d7 d8 c8 b8 a8 c4 b4 a4 e4")
    );
    assert_eq!(
        reach(Color::White, "+E", "d4", &[], &["f8", "f4"]),
        squares("d5 d6 d7 d8 e8 f8 d3 d2 d1 e1 f1 g1 h1 e4 f4 c4")
    );
}

#[test]
fn capital_s_reach() {
    assert_eq!(
        white("+S", "d4"),
        squares(
            "c4 b4 a4 a5 a6 a7 a8 b8 c8 d8 e8 f8 g8 h8 e4 f4 g4 h4 h3 h2 h1 g1 f1 e1 d1 c1 b1 a1"
        )
    );
    // From c1: W to the edge a1, N up the a-file to the corner a8, then E along rank 8; E to
    // the edge h1, where the S leg has no square, so nothing follows.
    assert_eq!(
        white("+S", "c1"),
        squares("b1 a1 a2 a3 a4 a5 a6 a7 a8 b8 c8 d8 e8 f8 g8 h8 d1 e1 f1 g1 h1")
    );
    assert_eq!(
        black("+S", "d4"),
        squares(
            "e4 f4 g4 h4 h3 h2 h1 g1 f1 e1 d1 c1 b1 a1 c4 b4 a4 a5 a6 a7 a8 b8 c8 d8 e8 f8 g8 h8"
        )
    );
    // A friend on a6 stops the N leg, so the corner is never reached from the W side.
    assert_eq!(
        reach(Color::White, "+S", "d4", &["a6"], &["g1"]),
        squares("c4 b4 a4 a5 e4 f4 g4 h4 h3 h2 h1 g1")
    );
}

/// Black's reach from a square is White's from the square turned half a circle, turned back.
#[test]
fn black_is_white_turned_half_a_circle() {
    let rules = ItIsWhatItIs::new();
    let mut rng = StdRng::seed_from_u64(7);
    let turn = |bb: Bitboard| -> Bitboard {
        bb.into_iter()
            .map(|sq| Square::new(63 - sq as u32))
            .collect()
    };
    for _ in 0..2000 {
        let ours = Bitboard(rng.random::<u64>() & rng.random::<u64>());
        let theirs = Bitboard(rng.random::<u64>() & rng.random::<u64>()) & !ours;
        let from = Square::new(rng.random_range(0..64));
        let kind = rng.random_range(0..KINDS);
        let ours = ours | Bitboard::from_square(from);
        let theirs = theirs & !Bitboard::from_square(from);
        let b = rules.table().reach(Color::Black, kind, from, ours, theirs);
        let w = rules.table().reach(
            Color::White,
            kind,
            Square::new(63 - from as u32),
            turn(ours),
            turn(theirs),
        );
        assert_eq!(b.quiet, turn(w.quiet));
        assert_eq!(b.captures, turn(w.captures));
        assert_eq!(b.own_captures, turn(w.own_captures));
    }
}

// ----- game rules through the generator -----

fn moves_of(fen: &str) -> BTreeSet<String> {
    let rules = ItIsWhatItIs::new();
    let pos = Position::from_fen(&rules, fen).expect("valid FEN");
    let mut moves = MoveList::new();
    rules.generate(&pos, &mut moves);
    moves.iter().map(|mv| rules.format_move(*mv)).collect()
}

fn moves_from(fen: &str, from: &str) -> BTreeSet<String> {
    moves_of(fen)
        .into_iter()
        .filter(|mv| mv.starts_with(from))
        .map(|mv| mv[2..].to_string())
        .collect()
}

#[test]
fn backspacing_takes_anything_but_own_royal_targets() {
    // White +C on d4 with its own c-piece on c4: backspacing takes it.
    let fen = "4ylp1/8/8/8/2C+C4/8/8/YPL5 w - - 0 1";
    assert!(moves_from(fen, "d4").contains("c4"));
    // Its own Peace Sign on c4 is spared.
    let fen = "4ylp1/8/8/8/2P+C4/8/8/Y1L5 w - - 0 1";
    assert!(!moves_from(fen, "d4").contains("c4"));
    // Black's left is towards the h-file: +c on d5 backspaces onto e5, its own h there.
    let fen = "4ylp1/8/8/3+ch3/8/8/8/YPL5 b - - 0 1";
    assert!(moves_from(fen, "d5").contains("e5"));
    assert!(!moves_from(fen, "d5").contains("c5"));
    // Playing a self-capture removes the piece and resets the fifty-move counter.
    let rules = ItIsWhatItIs::new();
    let mut game = Game::from_fen(rules, "4ylp1/8/8/3+ch3/8/8/8/YPL5 b - - 7 9").unwrap();
    game.play_token("d5e5").unwrap();
    assert_eq!(
        game.position().to_fen(game.rules()),
        "4ylp1/8/8/4+c3/8/8/8/YPL5 w - - 0 10"
    );
}

#[test]
fn promotion_is_automatic() {
    let rules = ItIsWhatItIs::new();
    // The c-piece on c7: N to c8 ends on the last rank; the arc's next step NE leaves the board.
    let fen = "y2p1l2/2C5/8/8/8/8/8/YPL5 w - - 3 1";
    assert_eq!(moves_from(fen, "c7"), squares("c8"));
    let mut game = Game::from_fen(rules.clone(), fen).unwrap();
    let mv = game.play_token("c7c8").unwrap();
    assert_eq!(mv.flag(), MoveFlag::Promotion);
    assert_eq!(rules.format_move(mv), "c7c8");
    assert_eq!(
        game.position().to_fen(&rules),
        "y1+Cp1l2/8/8/8/8/8/8/YPL5 b - - 0 1"
    );
    assert!(game.play_token("c7c8c").is_err());
    // Black promotes on rank 1: its h-piece on e2 steps "up" (towards rank 1) to e1.
    let fen = "y1p1l3/8/8/8/8/8/4h3/YPL5 b - - 0 1";
    let mut game = Game::from_fen(rules.clone(), fen).unwrap();
    game.play_token("e2e1").unwrap();
    assert_eq!(
        game.position().piece_at(square("e1")).map(|p| p.kind),
        Some(itiswhatitis::CAPITAL_H)
    );
}

#[test]
fn capturing_a_royal_target_wins_and_no_move_draws() {
    let rules = ItIsWhatItIs::new();
    // White's Peace Sign jumps (0, 3) onto Black's Heart on a5.
    let mut game = Game::from_fen(rules.clone(), "y1p5/8/8/l7/8/P7/8/Y1L5 w - - 0 1").unwrap();
    game.play_token("a3a5")
        .expect("a two-step slide N captures the Heart");
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    assert!(game.legal_moves().is_empty());
    // A FEN missing a royal target is a finished game.
    let game = Game::from_fen(rules.clone(), "y1p5/8/8/8/8/8/8/Y1L2P2 b - - 0 1").unwrap();
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    assert!(Game::from_fen(rules.clone(), "y7/8/8/8/8/8/8/Y7 w - - 0 1").is_err());
    assert!(Game::from_fen(rules.clone(), "ypl5/8/8/8/8/8/8/YPL5 w K - 0 1").is_err());
    let outcome = rules.no_move_outcome(&Position::from_fen(&rules, rules.start_fen()).unwrap());
    assert_eq!(outcome, Outcome::Draw(DrawReason::Variant("no legal move")));
}

#[test]
fn a_position_without_legal_moves_is_a_draw() {
    // White's pieces all stand on its last rank or just below, each boxed in by its own: a
    // c-piece on rank 8 has no first step, a Heart there neither; the Happy Face on a8 and the
    // Peace Sign on h8 find only friends where they land.
    let fen = "YCCLCCCP/CCC2CCC/CC3CCC/7C/8/8/8/ypl5 w - - 0 1";
    let rules = ItIsWhatItIs::new();
    let pos = Position::from_fen(&rules, fen).unwrap();
    assert!(engine_moves(&pos).is_empty());
    assert!(reference_moves(&pos).is_empty());
    let game = Game::from_fen(rules, fen).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("no legal move")))
    );
}

// ----- an independent reference generator, written from docs/variants/itiswhatitis.md -----

type Coord = (i32, i32);

/// A king step from the owner's view; Black's is turned half a circle (negated).
fn step(color: Color, name: &str) -> Coord {
    let (x, y) = match name {
        "N" => (0, 1),
        "NE" => (1, 1),
        "E" => (1, 0),
        "SE" => (1, -1),
        "S" => (0, -1),
        "SW" => (-1, -1),
        "W" => (-1, 0),
        "NW" => (-1, 1),
        _ => panic!("no direction {name}"),
    };
    if color == Color::White {
        (x, y)
    } else {
        (-x, -y)
    }
}

fn turn_vector(color: Color, (x, y): Coord) -> Coord {
    if color == Color::White {
        (x, y)
    } else {
        (-x, -y)
    }
}

fn on_board((x, y): Coord) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

fn to_square((x, y): Coord) -> Square {
    Square::new((y * 8 + x) as u32)
}

fn coord(sq: Square) -> Coord {
    (sq.file() as i32, sq.rank() as i32)
}

struct Board<'a> {
    pos: &'a Position<ItIsWhatItIs>,
    color: Color,
    from: Coord,
}

#[derive(PartialEq)]
enum Occupant {
    Empty,
    Friend,
    Enemy,
}

impl Board<'_> {
    fn at(&self, c: Coord) -> Occupant {
        if c == self.from {
            return Occupant::Empty;
        }
        match self.pos.piece_at(to_square(c)) {
            None => Occupant::Empty,
            Some(piece) if piece.color == self.color => Occupant::Friend,
            Some(_) => Occupant::Enemy,
        }
    }

    /// Follows a path of steps (each a vector), stopping at the first occupied square; the
    /// piece may stop on every empty square and capture on the first enemy one.
    fn follow(&self, path: &[Coord], out: &mut BTreeSet<Coord>) {
        let mut at = self.from;
        for &(dx, dy) in path {
            at = (at.0 + dx, at.1 + dy);
            if !on_board(at) {
                return;
            }
            match self.at(at) {
                Occupant::Empty => {
                    out.insert(at);
                }
                Occupant::Enemy => {
                    out.insert(at);
                    return;
                }
                Occupant::Friend => return,
            }
        }
    }

    /// A rook-like slide from `start` in `dir`; returns the squares the piece may stop on and,
    /// if it arrived on an empty last square before the edge after at least one step, that
    /// square.
    fn slide(&self, start: Coord, dir: Coord, out: &mut BTreeSet<Coord>) -> Option<Coord> {
        let mut at = start;
        let mut moved = false;
        loop {
            let next = (at.0 + dir.0, at.1 + dir.1);
            if !on_board(next) {
                return if moved { Some(at) } else { None };
            }
            at = next;
            moved = true;
            match self.at(at) {
                Occupant::Empty => {
                    out.insert(at);
                }
                Occupant::Enemy => {
                    out.insert(at);
                    return None;
                }
                Occupant::Friend => return None,
            }
        }
    }
}

/// The destination squares of the piece on `from`, by the rules text.
fn reference_targets(pos: &Position<ItIsWhatItIs>, from: Square) -> BTreeSet<Coord> {
    let piece = pos.piece_at(from).expect("a piece");
    let color = piece.color;
    let board = Board {
        pos,
        color,
        from: coord(from),
    };
    let d = |name: &str| step(color, name);
    let path = |names: &str| -> Vec<Coord> { names.split_whitespace().map(d).collect() };
    let mut out = BTreeSet::new();
    let symbol = PIECES[piece.kind.index()].symbol;
    match symbol {
        "C" => board.follow(&path("N NE E SE"), &mut out),
        "H" => {
            board.follow(&path("N N"), &mut out);
            board.follow(&path("S S"), &mut out);
            board.follow(&path("E SE S"), &mut out);
        }
        "E" => {
            board.follow(&path("W W N N E E"), &mut out);
            board.follow(&path("W W S S E E"), &mut out);
            board.follow(&path("E E N N W W"), &mut out);
        }
        "S" => {
            board.follow(&path("W N N E E"), &mut out);
            board.follow(&path("E S S W W"), &mut out);
        }
        "Y" => {
            for v in [
                (2, 2),
                (-2, 2),
                (1, -2),
                (-1, -2),
                (2, -1),
                (-2, -1),
                (0, -2),
            ] {
                board.follow(&[turn_vector(color, v)], &mut out);
            }
        }
        "P" => {
            board.follow(&path("N N"), &mut out);
            board.follow(&path("SE"), &mut out);
            board.follow(&path("SW"), &mut out);
            for a in [1, -1, 2, -2] {
                for b in [1, -1, 2, -2] {
                    if i32::abs(a) != i32::abs(b) || i32::abs(a) == 2 {
                        board.follow(&[turn_vector(color, (a, b))], &mut out);
                    }
                }
            }
            for v in [(3, 0), (-3, 0), (0, 3), (0, -3)] {
                board.follow(&[turn_vector(color, v)], &mut out);
            }
        }
        "L" => {
            board.follow(&path("NW N NE E SE SE SE"), &mut out);
            board.follow(&path("NE N NW W SW SW SW"), &mut out);
        }
        "+C" | "+H" | "+E" | "+S" => {
            let start = coord(from);
            let legs: &[(&str, &[&str])] = match symbol {
                "+C" => &[("N", &["E"]), ("S", &["E"])],
                "+H" => &[("W", &["N", "S"]), ("E", &["N", "S"])],
                "+E" => &[("N", &["E"]), ("S", &["E"]), ("E", &[])],
                _ => &[("W", &["N"]), ("E", &["S"])],
            };
            for (first, turns) in legs {
                if let Some(edge) = board.slide(start, d(first), &mut out) {
                    for turn in *turns {
                        let corner = board.slide(edge, d(turn), &mut out);
                        if symbol == "+S"
                            && let Some(corner) = corner
                        {
                            // The second slide ran along an edge, so its end is a corner.
                            let opposite = (-d(first).0, -d(first).1);
                            board.slide(corner, opposite, &mut out);
                        }
                    }
                }
            }
            // Backspacing: one square to the owner's left, anything but own Y, P, L.
            let left = (start.0 + d("W").0, start.1 + d("W").1);
            if on_board(left) {
                match pos.piece_at(to_square(left)) {
                    Some(p) if p.color == color => {
                        if !matches!(PIECES[p.kind.index()].symbol, "Y" | "P" | "L") {
                            out.insert(left);
                        }
                    }
                    _ => {
                        out.insert(left);
                    }
                }
            }
        }
        other => panic!("unknown piece {other}"),
    }
    out
}

/// The legal moves by the reference, as notation: no moves once a royal target is gone.
fn reference_moves(pos: &Position<ItIsWhatItIs>) -> BTreeSet<(String, bool)> {
    let mut moves = BTreeSet::new();
    for color in [Color::White, Color::Black] {
        for symbol in ["Y", "P", "L"] {
            if pos
                .pieces(color, Kind::new(kind_of(symbol) as u8))
                .is_empty()
            {
                return moves;
            }
        }
    }
    let last_rank = if pos.turn() == Color::White { 7 } else { 0 };
    for from in pos.ours() {
        let symbol = PIECES[pos.piece_at(from).expect("ours").kind.index()].symbol;
        for to in reference_targets(pos, from) {
            let promotes = matches!(symbol, "C" | "H" | "E" | "S") && to.1 == last_rank;
            moves.insert((format!("{from}{}", to_square(to)), promotes));
        }
    }
    moves
}

fn engine_moves(pos: &Position<ItIsWhatItIs>) -> BTreeSet<(String, bool)> {
    let rules = ItIsWhatItIs::new();
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let set: BTreeSet<(String, bool)> = moves
        .iter()
        .map(|mv| (rules.format_move(*mv), mv.flag() == MoveFlag::Promotion))
        .collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "duplicate moves in {:?}",
        moves.as_slice()
    );
    set
}

/// The reference way of making a move: the target goes, the piece moves, a small letter on the
/// last rank becomes its capital.
fn reference_play(pos: &Position<ItIsWhatItIs>, mv: &str, promotes: bool) -> String {
    let from = square(&mv[..2]);
    let to = square(&mv[2..4]);
    let mut grid: Vec<Vec<String>> = (0..8)
        .map(|rank| {
            (0..8)
                .map(|file| {
                    pos.piece_at(Square::new(rank * 8 + file))
                        .map(|p| {
                            let s = PIECES[p.kind.index()].symbol;
                            if p.color == Color::White {
                                s.to_string()
                            } else {
                                s.to_lowercase()
                            }
                        })
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect();
    let mut moving = std::mem::take(&mut grid[from.rank() as usize][from.file() as usize]);
    let captured = !grid[to.rank() as usize][to.file() as usize].is_empty();
    if promotes {
        moving = format!("+{moving}");
    }
    grid[to.rank() as usize][to.file() as usize] = moving;
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in &grid[rank] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(cell);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let clock = if captured || promotes {
        0
    } else {
        pos.halfmove_clock() + 1
    };
    let fullmoves = pos.fullmoves() + u32::from(pos.turn() == Color::Black);
    let turn = if pos.turn() == Color::White { "b" } else { "w" };
    format!("{} {turn} - - {clock} {fullmoves}", rows.join("/"))
}

/// A random position: both sides' three royal targets plus up to `extra` random pieces.
fn random_fen(rng: &mut StdRng, extra: usize) -> String {
    let mut grid: Vec<Option<String>> = vec![None; 64];
    let mut place = |rng: &mut StdRng, symbol: String| loop {
        let index = rng.random_range(0..64);
        if grid[index].is_none() {
            grid[index] = Some(symbol);
            break;
        }
    };
    for symbol in ["Y", "P", "L", "y", "p", "l"] {
        place(rng, symbol.to_string());
    }
    let count = rng.random_range(0..=extra);
    for _ in 0..count {
        let info = PIECES[rng.random_range(0..KINDS)];
        let symbol = if rng.random_bool(0.5) {
            info.symbol.to_string()
        } else {
            info.symbol.to_lowercase()
        };
        place(rng, symbol);
    }
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match &grid[rank * 8 + file] {
                Some(symbol) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(symbol);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let turn = if rng.random_bool(0.5) { "w" } else { "b" };
    format!("{} {turn} - - 0 1", rows.join("/"))
}

/// Compares the engine with the reference in one position: moves, and each move's result.
fn compare(pos: &Position<ItIsWhatItIs>) {
    let rules = ItIsWhatItIs::new();
    let expected = reference_moves(pos);
    let got = engine_moves(pos);
    assert_eq!(got, expected, "moves differ in {}", pos.to_fen(&rules));
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    for mv in moves.iter() {
        let mut child = pos.clone();
        rules.play(&mut child, *mv);
        let text = rules.format_move(*mv);
        assert_eq!(
            child.to_fen(&rules),
            reference_play(pos, &text, mv.flag() == MoveFlag::Promotion),
            "{text} from {}",
            pos.to_fen(&rules)
        );
        assert_eq!(child.hash(), child.fresh_hash(&rules));
    }
}

#[test]
fn engine_matches_the_reference_on_random_placements() {
    let rules = ItIsWhatItIs::new();
    let mut rng = StdRng::seed_from_u64(2013);
    for _ in 0..20_000 {
        let fen = random_fen(&mut rng, 26);
        let pos = Position::from_fen(&rules, &fen).expect("random FENs are valid");
        assert_eq!(
            Position::from_fen(&rules, &pos.to_fen(&rules))
                .unwrap()
                .to_fen(&rules),
            fen
        );
        compare(&pos);
    }
}

#[test]
fn engine_matches_the_reference_along_random_games() {
    let rules = ItIsWhatItIs::new();
    let mut rng = StdRng::seed_from_u64(713);
    let mut positions = 0;
    for _ in 0..400 {
        let mut pos = Position::from_fen(&rules, rules.start_fen()).unwrap();
        for _ in 0..200 {
            compare(&pos);
            positions += 1;
            let mut moves = MoveList::new();
            rules.generate(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            rules.play(&mut pos, mv);
        }
    }
    assert!(positions > 10_000, "only {positions} positions");
}

/// Perft by the reference generator and the reference way of making moves.
fn reference_perft(fen: &str, depth: u32) -> u64 {
    let rules = ItIsWhatItIs::new();
    let pos = Position::from_fen(&rules, fen).expect("valid");
    let moves = reference_moves(&pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(mv, promotes)| reference_perft(&reference_play(&pos, mv, *promotes), depth - 1))
        .sum()
}

/// Every count in tests/perft/itiswhatitis.perft up to 400,000 nodes, recomputed by the
/// reference (the binary is held to the file by tests/perft.rs).
#[test]
fn perft_file_agrees_with_the_reference() {
    let path = crate::common::repository_file("tests/perft/itiswhatitis.perft");
    let text = std::fs::read_to_string(path).expect("perft file");
    let rules = ItIsWhatItIs::new();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().unwrap();
        let pos = Position::from_fen(&rules, fen).unwrap();
        for part in parts {
            let (depth, count) = part[1..].split_once(' ').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let count: u64 = count.trim().parse().unwrap();
            assert_eq!(
                perft(&rules, &pos, depth),
                count,
                "engine perft {depth} of {fen}"
            );
            if count <= 400_000 {
                assert_eq!(
                    reference_perft(fen, depth),
                    count,
                    "reference perft {depth} of {fen}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

// ----- the diagrams in docs/variants/itiswhatitis.md -----

/// A text board of a White piece's reach from d4 on an empty board: the piece's letter on d4,
/// `*` where it may move, `.` elsewhere.
fn reach_diagram(kind: usize) -> String {
    let rules = ItIsWhatItIs::new();
    let from = square("d4");
    let reach = rules.table().reach(
        Color::White,
        kind,
        from,
        Bitboard::from_square(from),
        Bitboard::EMPTY,
    );
    let targets = reach.quiet | reach.captures | reach.own_captures;
    let mut text = String::new();
    for rank in (0..8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = Square::new(rank * 8 + file);
            let cell = if sq == from {
                PIECES[kind].symbol.to_string()
            } else if targets.contains(sq) {
                "*".to_string()
            } else {
                ".".to_string()
            };
            text.push_str(&format!("{cell:>3}"));
        }
        text.push('\n');
    }
    text.push_str("    a  b  c  d  e  f  g  h\n");
    text
}

/// Every diagram in the docs is the implementation's reach (regenerate with
/// `AMITY_PRINT_DIAGRAMS=1 cargo test -p amity-variants --test games itiswhatitis::docs -- --nocapture`).
#[test]
fn docs_diagrams_are_the_implementation() {
    let path = crate::common::repository_file("docs/variants/itiswhatitis.md");
    let docs = std::fs::read_to_string(path).unwrap_or_default();
    let diagrams: Vec<String> = (0..KINDS).map(reach_diagram).collect();
    if std::env::var_os("AMITY_PRINT_DIAGRAMS").is_some() {
        for (kind, diagram) in diagrams.iter().enumerate() {
            println!(
                "{} {}\n```\n{diagram}```\n",
                PIECES[kind].symbol, PIECES[kind].name
            );
        }
    }
    for (kind, diagram) in diagrams.iter().enumerate() {
        assert!(
            docs.contains(diagram.as_str()),
            "docs lack the diagram of {}:\n{diagram}",
            PIECES[kind].name
        );
    }
}
