//! Self-play: the current search plays a variant against itself at a fixed time per move, every
//! move passing through the game's legal move parser, and reports how the games ended and how
//! long they were. The first `random_plies` moves of each game are random (seeded) so the games
//! differ.
//!
//! `cargo run --release --features examples --example selfplay --`
//! `[variant] [games] [movetime_ms] [random_plies]` (defaults: itiswhatitis 200 20 4).

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use amity_engine::search::{Limits, Searcher};
use amity_engine::{Game, RulesExt};
use amity_variants::{Variant, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Longest game played out; longer ones are stopped and counted apart.
const MAX_PLIES: usize = 600;

fn play<R: Variant>(start: &Game<R>, games: usize, movetime: Duration, random_plies: usize) {
    let mut rng = StdRng::seed_from_u64(42);
    let mut endings: BTreeMap<String, usize> = BTreeMap::new();
    let mut total_plies = 0usize;
    let mut searcher = Searcher::new(16, 1);
    let stop = AtomicBool::new(false);
    for number in 0..games {
        let mut game = start.clone();
        searcher.clear();
        let ending = loop {
            if let Some(outcome) = game.outcome() {
                break format!("{} {}", outcome.result(), outcome.reason());
            }
            if game.moves().len() >= MAX_PLIES {
                break format!("unfinished after {MAX_PLIES} plies");
            }
            let legal = game.legal_moves();
            let mv = if game.moves().len() < random_plies {
                legal.as_slice()[rng.random_range(0..legal.len())]
            } else {
                let limits = Limits {
                    movetime: Some(movetime),
                    ..Limits::default()
                };
                let history = game.repetition_history();
                searcher
                    .search(
                        game.rules(),
                        game.position(),
                        &history,
                        &limits,
                        &stop,
                        &mut |_| {},
                    )
                    .best
            };
            let token = game.rules().format_move(mv);
            if let Err(error) = game.play_token(&token) {
                panic!("game {number}: the search chose a move the game refuses: {error}");
            }
        };
        total_plies += game.moves().len();
        *endings.entry(ending).or_default() += 1;
        eprintln!("game {:>3}: {:>3} plies", number + 1, game.moves().len());
    }
    println!(
        "{games} games of {} at {} ms per move, {random_plies} random opening plies",
        start.rules().name(),
        movetime.as_millis()
    );
    for (ending, count) in &endings {
        println!("  {count:>4}  {ending}");
    }
    println!(
        "  average length {:.1} plies",
        total_plies as f64 / games.max(1) as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or("itiswhatitis", String::as_str);
    let games = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let movetime = Duration::from_millis(args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20));
    let random_plies = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(4);
    let Some(any) = amity_variants::new_game(variant) else {
        eprintln!("unknown variant '{variant}'");
        std::process::exit(2);
    };
    with_game!(any, game => play(&game, games, movetime, random_plies));
}
