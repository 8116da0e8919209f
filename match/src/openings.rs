//! Where games start: openings read from an EPD/FEN or PGN file, or made of a few random plies
//! that a short search judges balanced. Every opening is checked against the variant's rules
//! when it is made, so a game never starts from a position the referee would refuse.

use std::fmt;
use std::sync::atomic::AtomicBool;

use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{Game, Rules};
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::pgn;

/// A start: a FEN (or the variant's start position) and moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    /// Coordinate tokens, throws included.
    pub moves: Vec<String>,
}

/// Why openings could not be made.
#[derive(Debug)]
pub enum OpeningError {
    Read(String, std::io::Error),
    UnknownVariant(String),
    /// A line (from 1) that is not a legal start.
    BadLine {
        line: usize,
        why: String,
    },
    Empty(String),
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Read(path, error) => write!(f, "cannot read openings {path}: {error}"),
            OpeningError::UnknownVariant(name) => write!(f, "unknown variant '{name}'"),
            OpeningError::BadLine { line, why } => write!(f, "opening {line}: {why}"),
            OpeningError::Empty(path) => write!(f, "no openings in {path}"),
        }
    }
}

impl std::error::Error for OpeningError {}

/// Chooses a weighted chance outcome with `rng`.
pub fn throw<R: Variant>(game: &Game<R>, rng: &mut StdRng) -> Option<amity_engine::Move> {
    game.draw_chance(rng)
}

/// Reads openings from a file: PGN (by extension `.pgn`) or one FEN/EPD per line.
pub fn from_file(
    path: &str,
    variant: &str,
    options: &VariantOptions,
) -> Result<Vec<Opening>, OpeningError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| OpeningError::Read(path.to_string(), e))?;
    let template = game(variant, options)?;
    let mut openings = Vec::new();
    if path.ends_with(".pgn") {
        let games = pgn::read_games(&text).map_err(|e| OpeningError::BadLine {
            line: 0,
            why: e.to_string(),
        })?;
        for (index, record) in games.iter().enumerate() {
            let replay = pgn::replay(record).map_err(|e| OpeningError::BadLine {
                line: index + 1,
                why: e.to_string(),
            })?;
            let moves = replay
                .tokens
                .iter()
                .flat_map(|turn| turn.split(',').map(str::to_string))
                .collect();
            openings.push(Opening {
                fen: record.tag("FEN").map(str::to_string),
                moves,
            });
        }
    } else {
        with_game!(&template, start => {
            for (number, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let fen = fen_of_line(start.rules(), line).ok_or_else(|| OpeningError::BadLine {
                    line: number + 1,
                    why: format!("not a {variant} FEN or EPD: {line}"),
                })?;
                openings.push(Opening { fen: Some(fen), moves: Vec::new() });
            }
        });
    }
    if openings.is_empty() {
        return Err(OpeningError::Empty(path.to_string()));
    }
    Ok(openings)
}

/// The FEN a line of an EPD or FEN file stands for: the whole line if it is a FEN, else its
/// first four fields (EPD) completed with the move counters.
fn fen_of_line<R: Variant>(rules: &R, line: &str) -> Option<String> {
    let before_opcodes = line.split(';').next().unwrap_or(line).trim();
    if Game::from_fen(rules.clone(), before_opcodes).is_ok() {
        return Some(before_opcodes.to_string());
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return None;
    }
    let fen = format!("{} 0 1", fields[..4].join(" "));
    Game::from_fen(rules.clone(), &fen).is_ok().then_some(fen)
}

/// How random openings are made.
#[derive(Clone, Copy, Debug)]
pub struct RandomOpenings {
    pub plies: u32,
    /// Depth of the search that judges balance.
    pub depth: u32,
    /// Largest acceptable |score| in centipawns.
    pub max_score: i32,
    pub seed: u64,
}

/// The game `variant` names, with `options`, at its start.
fn game(variant: &str, options: &VariantOptions) -> Result<AnyGame, OpeningError> {
    amity_variants::new_game_with(variant, options)
        .ok_or_else(|| OpeningError::UnknownVariant(variant.to_string()))
}

/// `count` openings of random plies, each judged by a short search and kept if balanced (the
/// most balanced of a few tries otherwise). Each depends on its index and the seed only; an
/// index `wanted` refuses is left the variant's start, unmade (a part of a match that will not
/// play it need not search for it).
pub fn random(
    variant: &str,
    options: &VariantOptions,
    count: usize,
    wanted: &dyn Fn(usize) -> bool,
    settings: RandomOpenings,
) -> Result<Vec<Opening>, OpeningError> {
    let template = game(variant, options)?;
    with_game!(template, start => Ok((0..count)
        .map(|index| if wanted(index) {
            random_one(&start, settings, index as u64)
        } else {
            Opening::default()
        })
        .collect()))
}

/// Whether the variant hides information (its games start from a fresh deal).
pub fn hides_information(variant: &str, options: &VariantOptions) -> bool {
    amity_variants::new_game_with(variant, options)
        .is_some_and(|template| with_game!(template, game => game.rules().hides_information()))
}

/// `count` fresh deals of a game that hides information, as full-state FENs, from `seed`.
pub fn deals(
    variant: &str,
    options: &VariantOptions,
    count: usize,
    seed: u64,
) -> Result<Vec<Opening>, OpeningError> {
    let template = game(variant, options)?;
    with_game!(template, start => {
        let rules = start.rules().clone();
        Ok((0..count as u64)
            .map(|index| {
                let mut rng = StdRng::seed_from_u64(
                    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index),
                );
                Opening {
                    fen: rules.deal(&mut rng).map(|deal| deal.to_fen(&rules)),
                    ..Opening::default()
                }
            })
            .collect())
    })
}

/// Most nodes one balance search may spend.
const BALANCE_NODES: u64 = 100_000;

fn random_one<R: Variant>(start: &Game<R>, settings: RandomOpenings, index: u64) -> Opening {
    const TRIES: u64 = 24;
    let rules = start.rules().clone();
    let mut searcher = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let mut best: Option<(i32, Vec<String>)> = None;
    for attempt in 0..TRIES {
        let mut rng = StdRng::seed_from_u64(
            settings
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(index * TRIES + attempt),
        );
        let mut game = start.clone();
        let mut tokens = Vec::new();
        let mut decisions = 0;
        while decisions < settings.plies && game.outcome().is_none() {
            let mv = match throw(&game, &mut rng) {
                Some(outcome) => outcome,
                None => {
                    let moves = game.legal_moves();
                    moves.as_slice()[rng.random_range(0..moves.len())]
                }
            };
            if game.chance_outcomes().is_empty() {
                decisions += 1;
            }
            tokens.push(rules.format_move(mv));
            game.play_unchecked(mv);
        }
        if game.outcome().is_some() {
            continue;
        }
        // Let chance act first, so the search judges a position where someone decides.
        let mut judged = game.clone();
        while let Some(outcome) = throw(&judged, &mut rng) {
            judged.play_unchecked(outcome);
        }
        if judged.outcome().is_some() {
            continue;
        }
        let mut score = i32::MAX;
        searcher.search_game(
            &judged,
            &Limits {
                // The node cap keeps judging cheap in variants whose search is expensive
                // (chance nodes); the depth is what balance usually needs.
                nodes: Some(BALANCE_NODES),
                ..Limits::depth(settings.depth.max(1))
            },
            &stop,
            &mut |report| {
                score = match report.score {
                    Score::Centipawns(cp) => cp.abs(),
                    Score::Mate(_) => i32::MAX,
                }
            },
        );
        if best.as_ref().is_none_or(|(b, _)| score < *b) {
            best = Some((score, tokens));
        }
        if score <= settings.max_score {
            break;
        }
    }
    Opening {
        fen: None,
        moves: best.map(|(_, tokens)| tokens).unwrap_or_default(),
    }
}
