//! `amity fixture MODE` (hidden): a deliberately broken UCI engine for the referee's tests. It
//! plays legal moves at first (the first legal move in Amity's order) and misbehaves on its
//! third move: `illegal` answers a move that is not legal, `hang` never answers, `crash` exits,
//! `slow` answers only after ten seconds. `cargo test` needs no scripts or interpreters this way.

use std::io::BufRead;

use amity_engine::{Game, Rules};
use amity_variants::with_game;

/// How the fixture misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    Illegal,
    Hang,
    Crash,
    Slow,
}

/// The move number (of its own moves, from 1) on which the fixture misbehaves.
const FAULTY_MOVE: usize = 3;

/// Runs the fixture on standard input and output. Returns the process exit code.
pub fn run(fault: Fault) -> i32 {
    let mut variant = "chess".to_string();
    let mut position: Option<amity_variants::AnyGame> = None;
    let mut own_moves = 0;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                println!("id name Broken-{fault:?}");
                println!("uciok");
            }
            ["isready"] => println!("readyok"),
            ["setoption", "name", "UCI_Variant", "value", name] => variant = name.to_string(),
            ["position", rest @ ..] => position = read_position(&variant, rest),
            ["go", ..] => {
                own_moves += 1;
                let Some(game) = &position else {
                    println!("bestmove 0000");
                    continue;
                };
                let legal = with_game!(game, g => g
                    .legal_moves()
                    .iter()
                    .next()
                    .map(|mv| g.rules().format_move(*mv)));
                if own_moves < FAULTY_MOVE {
                    println!("bestmove {}", legal.unwrap_or_else(|| "0000".into()));
                    continue;
                }
                match fault {
                    // a1a1 is never a move in any variant.
                    Fault::Illegal => println!("bestmove a1a1"),
                    Fault::Hang => {}
                    Fault::Crash => std::process::exit(3),
                    Fault::Slow => {
                        std::thread::sleep(std::time::Duration::from_secs(10));
                        println!("bestmove {}", legal.unwrap_or_else(|| "0000".into()));
                    }
                }
            }
            ["quit"] => break,
            _ => {}
        }
    }
    0
}

fn read_position(variant: &str, words: &[&str]) -> Option<amity_variants::AnyGame> {
    let template = amity_variants::new_game(variant)?;
    let moves_at = words.iter().position(|w| *w == "moves");
    let (start, moves) = match moves_at {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    with_game!(template, g => {
        let mut game = match start {
            ["fen", fen @ ..] => Game::from_fen(g.rules().clone(), &fen.join(" ")).ok()?,
            _ => g,
        };
        for token in moves {
            game.play_token(token).ok()?;
        }
        Some(amity_variants::wrap(game))
    })
}
