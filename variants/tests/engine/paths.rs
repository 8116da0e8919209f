//! The path language held to the native chess generators: the six chess pieces written as
//! paths (`paths::standard_chess_paths`) must give every piece the same targets and attacks as
//! `orthodox`'s attack functions, and the same legal moves as its legal generator, on 10,000
//! positions from random chess games.

use std::collections::BTreeSet;

use amity_engine::orthodox::{self, KING, PAWN};
use amity_engine::paths::{PathTable, standard_chess_paths};
use amity_engine::{Bitboard, Color, Geometry, MoveFlag, MoveList, Position, RulesExt, Square};
use amity_variants::Chess;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pawn_pushes(color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    let forward: i32 = if color == Color::White { 8 } else { -8 };
    let home_rank = if color == Color::White { 1 } else { 6 };
    let mut pushes = Bitboard::EMPTY;
    let one = from as i32 + forward;
    if (0..64).contains(&one) && !occupied.contains(Square::new(one as u32)) {
        pushes.add(Square::new(one as u32));
        let two = one + forward;
        if from.rank() as u32 == home_rank && !occupied.contains(Square::new(two as u32)) {
            pushes.add(Square::new(two as u32));
        }
    }
    pushes
}

/// Every piece's targets by the path table against the native attack functions.
fn compare_targets(table: &PathTable, pos: &Position<Chess>) {
    let occupied = pos.occupied();
    for color in [Color::White, Color::Black] {
        let ours = pos.color(color);
        let theirs = pos.color(!color);
        for from in ours {
            let kind = pos.piece_at(from).expect("occupied").kind;
            let reach = table.reach(color, kind.index(), from, ours, theirs);
            let attacks = orthodox::attacks(kind, color, from, occupied);
            if kind == PAWN {
                assert_eq!(reach.captures, attacks & theirs, "pawn {from}");
                assert_eq!(
                    reach.quiet,
                    pawn_pushes(color, from, occupied),
                    "pawn {from}"
                );
            } else {
                assert_eq!(reach.targets(), attacks & !ours, "kind {kind:?} on {from}");
                assert_eq!(reach.attacks(), attacks, "kind {kind:?} on {from}");
            }
        }
    }
}

/// The legal (from, to) pairs: path targets of the side to move, kept when the mover's king is
/// not attacked afterwards, against the native legal generator (castling and en passant are
/// rules beyond paths, left out on both sides).
fn compare_legal(table: &PathTable, pos: &Position<Chess>) {
    let rules = Chess::default();
    let mut native = MoveList::new();
    rules.generate(pos, &mut native);
    let native: BTreeSet<(Square, Square)> = native
        .iter()
        .filter(|mv| matches!(mv.flag(), MoveFlag::Normal | MoveFlag::Promotion))
        .map(|mv| (mv.from(), mv.to()))
        .collect();
    let us = pos.turn();
    let mut from_paths = BTreeSet::new();
    for from in pos.ours() {
        let kind = pos.piece_at(from).expect("occupied").kind;
        let reach = table.reach(us, kind.index(), from, pos.ours(), pos.theirs());
        for to in reach.targets() {
            let mut board = pos.clone();
            board.remove(to);
            board.relocate(from, to);
            let king = board.pieces(us, KING).first().expect("a king");
            if orthodox::attackers_to(&board, king, !us, board.occupied()).is_empty() {
                from_paths.insert((from, to));
            }
        }
    }
    assert_eq!(from_paths, native, "{}", pos.to_fen(&rules));
}

#[test]
fn chess_pieces_as_paths_match_the_native_generators_on_10000_positions() {
    let table = PathTable::compile(Geometry::STANDARD, &standard_chess_paths()).expect("compiles");
    let rules = Chess::default();
    let mut rng = StdRng::seed_from_u64(1851);
    let mut positions = 0;
    while positions < 10_000 {
        let mut pos = Position::from_fen(&rules, rules.start_fen()).expect("start");
        for _ in 0..120 {
            compare_targets(&table, &pos);
            compare_legal(&table, &pos);
            positions += 1;
            let mut moves = MoveList::new();
            rules.generate(&pos, &mut moves);
            if moves.is_empty() || positions >= 10_000 {
                break;
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            rules.play(&mut pos, mv);
        }
    }
    assert_eq!(table.kinds(), rules.pieces().len());
}
