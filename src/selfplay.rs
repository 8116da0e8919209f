//! The command-line tools that play or count on their own: `selfplay` (Amity against itself,
//! board by board) and `perft`.

use amity_engine::RulesExt;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use amity_engine::search::{Limits, Searcher};
use amity_engine::{Game, Notation, perft};
use amity_variants::{Variant, VariantOptions, with_game};

use crate::variant_args::unknown_variant;
use rand::SeedableRng;
use rand::rngs::StdRng;

pub struct Settings {
    pub variant: String,
    pub options: VariantOptions,
    pub depth: u32,
    pub max_plies: u32,
    pub seed: u64,
    pub quiet: bool,
}

/// Plays one game of Amity against itself and prints it. Returns the process exit code.
pub fn run(settings: &Settings) -> i32 {
    let Some(any) = amity_variants::new_game_with(&settings.variant, &settings.options) else {
        return unknown_variant(&settings.variant);
    };
    let mut rng = StdRng::seed_from_u64(settings.seed);
    with_game!(any, game => play(game, settings, &mut rng))
}

fn play<R: Variant>(mut game: Game<R>, settings: &Settings, rng: &mut StdRng) -> i32 {
    let mut searcher = Searcher::new(16, 1);
    let stop = AtomicBool::new(false);
    let rules = game.rules().clone();
    let mut tokens = Vec::new();
    println!(
        "Amity plays {} against itself at depth {}.",
        rules.name(),
        settings.depth
    );
    if !settings.quiet {
        print!("{}", game.position().diagram(&rules));
    }
    for _ in 0..settings.max_plies {
        if game.outcome().is_some() {
            break;
        }
        let (mv, note) = if let Some(outcome) = game.draw_chance(rng) {
            // Chance acts: an outcome drawn with its weight.
            (outcome, "chance".to_string())
        } else {
            let start = Instant::now();
            let limits = Limits::depth(settings.depth);
            let mut last = None;
            let result = searcher.search_game(&game, &limits, &stop, &mut |r| last = Some(r.score));
            let score = match last {
                Some(amity_engine::search::Score::Centipawns(cp)) => format!("{cp:+} cp"),
                Some(amity_engine::search::Score::Mate(m)) => format!("mate {m}"),
                None => "-".into(),
            };
            (
                result.best,
                format!(
                    "{score}, {} nodes, {} ms",
                    result.nodes,
                    start.elapsed().as_millis()
                ),
            )
        };
        if mv.is_null() {
            break;
        }
        let token = rules.format_move(mv);
        let mover = if game.position().turn() == amity_engine::Color::White {
            "White"
        } else {
            "Black"
        };
        game.play_unchecked(mv);
        println!("{:>3}. {mover} {token} ({note})", tokens.len() + 1);
        tokens.push(token);
        if !settings.quiet {
            print!("{}", game.position().diagram(&rules));
        }
    }
    println!();
    println!("Moves: {}", tokens.join(" "));
    println!("Final FEN: {}", game.position().to_fen(&rules));
    match game.outcome() {
        Some(outcome) => println!("Result: {} {{{}}}", outcome.result(), outcome.reason()),
        None => println!("Result: * {{stopped after {} plies}}", settings.max_plies),
    }
    0
}

/// Prints a perft divide. Returns the process exit code.
pub fn perft(variant: &str, options: &VariantOptions, fen: Option<&str>, depth: u32) -> i32 {
    let Some(any) = amity_variants::new_game_with(variant, options) else {
        return unknown_variant(variant);
    };
    if depth > perft::MAX_PERFT_DEPTH {
        eprintln!(
            "error: perft depth {depth} is beyond the {} Amity counts to",
            perft::MAX_PERFT_DEPTH
        );
        return 2;
    }
    with_game!(any, template => {
        let rules = template.rules().clone();
        let game = match fen {
            Some(fen) => match Game::from_fen(rules.clone(), fen) {
                Ok(game) => game,
                Err(error) => {
                    eprintln!("error: {error}");
                    return 2;
                }
            },
            None => template,
        };
        let start = Instant::now();
        let mut total = 0;
        for (mv, count) in perft::divide(&rules, game.position(), depth.max(1)) {
            println!("{}: {count}", rules.format_move(mv));
            total += count;
        }
        let elapsed = start.elapsed().as_secs_f64();
        println!();
        println!("Nodes searched: {total}");
        println!("Time: {elapsed:.3} s ({:.0} nodes/s)", total as f64 / elapsed.max(1e-9));
        0
    })
}
