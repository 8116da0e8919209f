//! Perft speed, Amity beside shakmaty on the same positions in the same run, so the ratio
//! is what matters. Each bench asserts its node count, so it cannot silently measure nothing.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use amity_engine::{MoveList, Position, RulesExt, perft::perft};
use amity_variants::Chess;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;

const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "endgame",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
];

fn perft_speed(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let chess = Chess::default();
    for &(name, fen, depth, nodes) in CASES {
        group.throughput(Throughput::Elements(nodes));
        let ours = Position::from_fen(&chess, fen).expect("valid FEN");
        group.bench_with_input(BenchmarkId::new("amity", name), &ours, |b, pos| {
            b.iter(|| assert_eq!(perft(&chess, black_box(pos), depth), nodes))
        });
        let theirs: shakmaty::Chess = fen
            .parse::<Fen>()
            .expect("valid FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal position");
        group.bench_with_input(BenchmarkId::new("shakmaty", name), &theirs, |b, pos| {
            b.iter(|| assert_eq!(shakmaty::perft(black_box(pos), depth), nodes))
        });
    }
    group.finish();
}

/// The parts of a perft node: generating moves, copying the position, playing a move. Shows
/// what copy-make costs next to generation.
fn node_parts(c: &mut Criterion) {
    let chess = Chess::default();
    let pos = Position::from_fen(&chess, CASES[1].1).expect("valid FEN");
    let mut moves = MoveList::new();
    chess.generate(&pos, &mut moves);
    assert_eq!(moves.len(), 48);
    let mut group = c.benchmark_group("node");
    group.bench_function("generate", |b| {
        b.iter(|| {
            let mut list = MoveList::new();
            chess.generate(black_box(&pos), &mut list);
            list.len()
        })
    });
    group.bench_function("copy", |b| b.iter(|| black_box(&pos).clone()));
    group.bench_function("copy+play all 48 moves", |b| {
        b.iter(|| {
            for &mv in moves.iter() {
                let mut child = black_box(&pos).clone();
                chess.play(&mut child, mv);
                black_box(&child);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, perft_speed, node_parts);
criterion_main!(benches);
