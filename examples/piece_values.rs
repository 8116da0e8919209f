//! Measures piece values for It is what it is chess from mobility: the average number of moves
//! each piece kind has when dropped on a random empty square of positions from random games,
//! turned into centipawns by the straight line that fits chess's knight, bishop, rook and queen
//! (measured the same way, on positions from random chess games) to 320, 330, 500 and 900.
//!
//! `cargo run --release --features examples --example piece_values [games]` (default 2000
//! games per variant).

use amity_engine::paths::{PathTable, PiecePaths, standard_chess_paths};
use amity_engine::{Color, Geometry, MoveList, Position, Rules, RulesExt, Square};
use amity_variants::{Chess, ItIsWhatItIs, itiswhatitis};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions from random games: every even ply from 10 to 120 while the game lasts.
fn sample_positions<R: Rules>(rules: &R, games: usize, rng: &mut StdRng) -> Vec<Position<R>> {
    let mut samples = Vec::new();
    for _ in 0..games {
        let Ok(mut pos) = Position::from_fen(rules, rules.start_fen()) else {
            continue;
        };
        for ply in 0..120 {
            if rules.terminal(&pos).is_some() {
                break;
            }
            let mut moves = MoveList::new();
            rules.generate(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            if ply >= 10 && ply % 2 == 0 {
                samples.push(pos.clone());
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            rules.play(&mut pos, mv);
        }
    }
    samples
}

/// Average number of moves (empty squares and enemy captures) of each kind in `kinds`, dropped
/// on random empty squares of the sampled positions for a random side.
fn mobility<R: Rules>(
    table: &PathTable,
    samples: &[Position<R>],
    kinds: &[usize],
    rng: &mut StdRng,
) -> Vec<f64> {
    kinds
        .iter()
        .map(|&kind| {
            let mut total = 0u64;
            let mut count = 0u64;
            for pos in samples {
                let empty: Vec<Square> = (!pos.occupied()).into_iter().collect();
                for _ in 0..4 {
                    let square = empty[rng.random_range(0..empty.len())];
                    let color = if rng.random_bool(0.5) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let reach =
                        table.reach(color, kind, square, pos.color(color), pos.color(!color));
                    total += reach.targets().count() as u64;
                    count += 1;
                }
            }
            total as f64 / count.max(1) as f64
        })
        .collect()
}

fn compile(paths: &[PiecePaths]) -> PathTable {
    match PathTable::compile(Geometry::STANDARD, paths) {
        Ok(table) => table,
        Err(error) => panic!("paths do not compile: {error}"),
    }
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(2000);
    let mut rng = StdRng::seed_from_u64(20130713);

    let chess_table = compile(&standard_chess_paths());
    let chess_samples = sample_positions(&Chess::default(), games, &mut rng);
    let chess_kinds = [1, 2, 3, 4];
    let chess_values = [320.0, 330.0, 500.0, 900.0];
    let chess_mobility = mobility(&chess_table, &chess_samples, &chess_kinds, &mut rng);

    // Least squares: value = slope * mobility + intercept.
    let n = chess_kinds.len() as f64;
    let mean_m = chess_mobility.iter().sum::<f64>() / n;
    let mean_v = chess_values.iter().sum::<f64>() / n;
    let covariance: f64 = chess_mobility
        .iter()
        .zip(chess_values)
        .map(|(m, v)| (m - mean_m) * (v - mean_v))
        .sum();
    let variance: f64 = chess_mobility.iter().map(|m| (m - mean_m).powi(2)).sum();
    let slope = covariance / variance;
    let intercept = mean_v - slope * mean_m;

    println!(
        "chess: {} positions from {games} random games",
        chess_samples.len()
    );
    for (index, kind) in chess_kinds.iter().enumerate() {
        println!(
            "  {:<8} mobility {:>6.2}  nominal {:>4}  fitted {:>5.0}",
            amity_engine::orthodox::STANDARD_PIECES[*kind].name,
            chess_mobility[index],
            chess_values[index],
            slope * chess_mobility[index] + intercept
        );
    }
    println!("  fit: value = {slope:.1} * mobility + {intercept:.1}");

    let rules = ItIsWhatItIs::new();
    let samples = sample_positions(&rules, games, &mut rng);
    let kinds: Vec<usize> = (0..itiswhatitis::KINDS).collect();
    let letter_mobility = mobility(rules.table(), &samples, &kinds, &mut rng);
    let empty_board: Vec<f64> = kinds
        .iter()
        .map(|&kind| {
            let total: u32 = (0..64)
                .map(|square| {
                    rules
                        .table()
                        .reach(
                            Color::White,
                            kind,
                            Square::new(square),
                            amity_engine::Bitboard::EMPTY,
                            amity_engine::Bitboard::EMPTY,
                        )
                        .targets()
                        .count() as u32
                })
                .sum();
            total as f64 / 64.0
        })
        .collect();
    println!(
        "itiswhatitis: {} positions from {games} random games",
        samples.len()
    );
    for kind in kinds {
        println!(
            "  {:<3} {:<11} empty board {:>5.2}  in games {:>5.2}  value {:>5.0}",
            itiswhatitis::PIECES[kind].symbol,
            itiswhatitis::PIECES[kind].name,
            empty_board[kind],
            letter_mobility[kind],
            slope * letter_mobility[kind] + intercept
        );
    }
}
