//! `amity fixture FAULT [--xboard]` (hidden): a deliberately broken engine for the referee's
//! tests, speaking UCI or XBoard. It plays legal moves at first (the first legal move in
//! Amity's order) and misbehaves on its third move: `illegal` answers a move that is not legal,
//! `hang` never answers, `crash` exits, `slow` answers only after ten seconds; `none` never
//! misbehaves. `cargo test` needs no scripts or interpreters this way.

use std::io::BufRead;

use amity_engine::{Game, Notation};
use amity_variants::{AnyGame, with_game};

/// How the fixture misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    None,
    Illegal,
    Hang,
    Crash,
    Slow,
}

/// The move number (of its own moves, from 1) on which the fixture misbehaves.
const FAULTY_MOVE: usize = 3;

struct Fixture {
    fault: Fault,
    variant: String,
    game: Option<AnyGame>,
    own_moves: usize,
}

impl Fixture {
    /// The answer to "your move", or `None` to stay silent.
    fn answer(&mut self) -> Option<String> {
        self.own_moves += 1;
        let legal = self.game.as_ref().and_then(|game| {
            with_game!(game, g => g
                .legal_moves()
                .iter()
                .next()
                .map(|mv| g.rules().format_move(*mv)))
        });
        let legal = legal.unwrap_or_else(|| "0000".into());
        if self.own_moves < FAULTY_MOVE {
            return Some(legal);
        }
        match self.fault {
            Fault::None => Some(legal),
            // a1a1 is never a move in any variant.
            Fault::Illegal => Some("a1a1".into()),
            Fault::Hang => None,
            Fault::Crash => std::process::exit(3),
            Fault::Slow => {
                std::thread::sleep(std::time::Duration::from_secs(10));
                Some(legal)
            }
        }
    }

    fn play(&mut self, token: &str) {
        if let Some(game) = &mut self.game {
            let played = with_game!(game, g => g.play_token(token).is_ok());
            if !played {
                self.game = None;
            }
        }
    }
}

/// Runs the fixture on standard input and output. Returns the process exit code.
pub fn run(fault: Fault, xboard: bool) -> i32 {
    let mut fixture = Fixture {
        fault,
        variant: "chess".into(),
        game: amity_variants::new_game("chess"),
        own_moves: 0,
    };
    let mut forced = true;
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        if xboard {
            match words.as_slice() {
                ["protover", ..] => println!(
                    "feature myname=\"Broken {fault:?}\" setboard=1 usermove=1 ping=1 done=1"
                ),
                ["ping", n] => println!("pong {n}"),
                ["new"] => {
                    fixture.game = amity_variants::new_game(&fixture.variant);
                    forced = false;
                }
                ["variant", name] => {
                    fixture.variant = name.to_string();
                    fixture.game = amity_variants::new_game(name);
                }
                ["force"] => forced = true,
                ["setboard", fen @ ..] => {
                    fixture.game = read_position(&fixture.variant, &{
                        let mut words = vec!["fen"];
                        words.extend_from_slice(fen);
                        words
                    })
                }
                ["usermove", token] => {
                    fixture.play(token);
                    if !forced && let Some(answer) = fixture.answer() {
                        fixture.play(&answer);
                        println!("move {answer}");
                    }
                }
                ["go"] => {
                    forced = false;
                    if let Some(answer) = fixture.answer() {
                        fixture.play(&answer);
                        println!("move {answer}");
                    }
                }
                ["quit"] => break,
                _ => {}
            }
            continue;
        }
        match words.as_slice() {
            ["uci"] => {
                println!("id name Broken-{fault:?}");
                println!("uciok");
            }
            ["isready"] => println!("readyok"),
            ["setoption", "name", "UCI_Variant", "value", name] => {
                fixture.variant = name.to_string()
            }
            ["position", rest @ ..] => fixture.game = read_position(&fixture.variant, rest),
            ["go", ..] => {
                if let Some(answer) = fixture.answer() {
                    println!("bestmove {answer}");
                }
            }
            ["quit"] => break,
            _ => {}
        }
    }
    0
}

fn read_position(variant: &str, words: &[&str]) -> Option<AnyGame> {
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
