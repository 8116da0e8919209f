//! `amity tune`: Texel tuning of a variant's linear evaluation. Amity plays itself at a fixed
//! number of nodes from random openings; the quiet positions of those games, each labelled
//! with its game's result, are saved; the evaluation weights are fitted to them by logistic
//! regression ([`amity_engine::tuning`]) and can be written back as the variant's weights file.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use amity_engine::evaluation::Tapered;
use amity_engine::search::{Limits, Searcher};
use amity_engine::tuning::{self, FitSettings, Sample};
use amity_engine::{Color, Game, Learning, MoveList, Outcome, RulesExt};
use amity_variants::{VariantOptions, with_game};
use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rayon::prelude::*;

use crate::variant_args::{exit_code, unknown_variant};

/// Command-line arguments of `amity tune`.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// The variant whose evaluation is tuned (one with a linear evaluation: chess, losalamos), or
    /// with `--epochs 0` any game whose self-play positions are wanted.
    #[arg(long, default_value = "losalamos")]
    pub variant: String,
    /// The positions file (or a manifest of shard files, or its directory): read if it
    /// exists, else made by self-play and saved there.
    #[arg(long, default_value = "tune-positions.txt")]
    pub data: String,
    /// Self-play games to make the positions from.
    #[arg(long, default_value_t = 2000)]
    pub games: usize,
    /// Nodes each move of the self-play games searches.
    #[arg(long, default_value_t = 4000)]
    pub nodes: u64,
    /// Random plies that open each game (not sampled).
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes of gradient descent over the positions.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Step size of the descent (centipawns).
    #[arg(long, default_value_t = 2.0)]
    pub rate: f64,
    /// L2 pull towards the current weights (per centipawn, relative to the error's slope).
    #[arg(long, default_value_t = 1e-7)]
    pub regularization: f64,
    /// Write the fitted weights as Rust source to this file (the variant's weights file).
    #[arg(long)]
    pub write: Option<String>,
}

/// Stack of each self-play thread.
const SEARCH_STACK_BYTES: usize = 64 << 20;

/// One labelled position as the data file holds it.
pub(crate) struct Labelled {
    pub(crate) fen: String,
    /// The game's result for White: 1, 0.5 or 0.
    pub(crate) result: f32,
}

/// Plays one self-play game and returns its quiet positions labelled with the result.
fn self_play<R: Learning>(
    rules: &R,
    args: &TuneArgs,
    searcher: &mut Searcher,
    seed: u64,
) -> Vec<Labelled> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    for _ in 0..args.random_plies {
        if game.outcome().is_some() {
            return Vec::new();
        }
        if let Some(outcome) = game.draw_chance(&mut rng) {
            game.play_unchecked(outcome);
            continue;
        }
        let mut moves = MoveList::new();
        rules.generate(game.position(), &mut moves);
        match moves.as_slice().choose(&mut rng) {
            Some(mv) => game.play_unchecked(*mv),
            None => return Vec::new(),
        }
    }
    searcher.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(args.nodes),
        ..Limits::default()
    };
    let mut quiet = Vec::new();
    let mut plies = 0;
    while game.outcome().is_none() && plies < args.max_plies {
        if let Some(outcome) = game.draw_chance(&mut rng) {
            game.play_unchecked(outcome);
            continue;
        }
        let result = searcher.search_game(&game, &limits, &stop, &mut |_| {});
        if result.best.is_null() {
            break;
        }
        let pos = game.position();
        // Quiet positions only: the static evaluation is meant for positions without a
        // capture pending, and a position whose best move is a capture is not one.
        if !rules.in_check(pos) && !rules.is_tactical(pos, result.best) {
            quiet.push(pos.to_fen(rules));
        }
        game.play_unchecked(result.best);
        plies += 1;
    }
    let result = match game.outcome() {
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    };
    quiet
        .into_iter()
        .map(|fen| Labelled { fen, result })
        .collect()
}

pub(crate) fn read_data(path: &str) -> std::io::Result<Vec<Labelled>> {
    let mut data = Vec::new();
    for part in LabelledReader::open(path, usize::MAX)? {
        data.extend(part?);
    }
    Ok(data)
}

/// The first line of a manifest: `amity-cluster selfplay` and `label` write their data as
/// shard files and a manifest beside them, one further line a shard (`file positions`, the
/// file relative to the manifest), in the order the shards are read.
const MANIFEST_HEADER: &str = "# amity-cluster manifest";

/// The data files `path` stands for: itself, or the shards its manifest lists (a directory
/// stands for its `manifest.txt`).
fn data_files(path: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut path = PathBuf::from(path);
    if path.is_dir() {
        path.push("manifest.txt");
    }
    let mut first = String::new();
    BufReader::new(std::fs::File::open(&path)?).read_line(&mut first)?;
    if !first.starts_with(MANIFEST_HEADER) {
        return Ok(vec![path]);
    }
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(std::fs::read_to_string(&path)?
        .lines()
        .skip(1)
        .filter_map(|entry| entry.split_whitespace().next())
        .map(|file| folder.join(file))
        .collect())
}

/// A data set's labelled positions (`fen;result` lines; others are skipped), from one file or
/// a manifest's shards, in parts of at most a given size, read as they are asked for.
pub(crate) struct LabelledReader {
    /// The files not opened yet, the next one last.
    files: Vec<PathBuf>,
    lines: Option<std::io::Lines<BufReader<std::fs::File>>>,
    part: usize,
}

impl LabelledReader {
    pub(crate) fn open(path: &str, part: usize) -> std::io::Result<LabelledReader> {
        let mut files = data_files(path)?;
        files.reverse();
        Ok(LabelledReader {
            files,
            lines: None,
            part: part.max(1),
        })
    }
}

impl Iterator for LabelledReader {
    type Item = std::io::Result<Vec<Labelled>>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut part = Vec::new();
        while part.len() < self.part {
            if self.lines.is_none() {
                match self.files.pop().map(std::fs::File::open) {
                    Some(Ok(file)) => self.lines = Some(BufReader::new(file).lines()),
                    Some(Err(error)) => return Some(Err(error)),
                    None => break,
                }
            }
            let line = match self.lines.as_mut().and_then(Iterator::next) {
                Some(Ok(line)) => line,
                Some(Err(error)) => return Some(Err(error)),
                None => {
                    self.lines = None;
                    continue;
                }
            };
            let Some((fen, result)) = line.rsplit_once(';') else {
                continue;
            };
            if let Ok(result) = result.trim().parse::<f32>() {
                part.push(Labelled {
                    fen: fen.to_string(),
                    result,
                });
            }
        }
        (!part.is_empty()).then_some(Ok(part))
    }
}

/// Plays the self-play games and writes their positions to the data file as they finish, in
/// the order of the games (whichever thread played them), so memory holds only the games
/// finished ahead of their turn, never the whole data set. Returns how many were written.
fn make_data<R: Learning>(rules: &R, args: &TuneArgs) -> std::io::Result<usize> {
    println!(
        "Playing {} self-play games of {} at {} nodes a move...",
        args.games,
        rules.name(),
        args.nodes
    );
    let mut file = std::io::BufWriter::new(std::fs::File::create(&args.data)?);
    // Plain threads, not a rayon pool: each game's search runs on the searcher's own pool,
    // and a rayon worker waiting for it would steal further games meanwhile, nesting searches
    // (each with its table and thread) until memory ran out.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let (finished, played) = std::sync::mpsc::channel::<(usize, Vec<Labelled>)>();
    let written = std::thread::scope(|scope| {
        for _ in 0..threads {
            let finished = finished.clone();
            let next = &next;
            std::thread::Builder::new()
                // The search recurses one frame per ply: default stacks are too small.
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    // One searcher a thread, cleared for each game: a searcher a game (a
                    // table and a thread each) grew the process by megabytes a game.
                    let mut searcher = Searcher::new(4, 1);
                    loop {
                        let number = next.fetch_add(1, Ordering::Relaxed);
                        if number >= args.games {
                            return;
                        }
                        let seed = args.seed.wrapping_mul(1_000_003) + number as u64;
                        let positions = self_play(rules, args, &mut searcher, seed);
                        // The writer is gone only after a write failed: stop playing.
                        if finished.send((number, positions)).is_err() {
                            return;
                        }
                    }
                })?;
        }
        drop(finished);
        let mut ahead = std::collections::BTreeMap::new();
        let mut turn = 0;
        let mut written = 0;
        for (number, positions) in played {
            ahead.insert(number, positions);
            while let Some(positions) = ahead.remove(&turn) {
                for labelled in &positions {
                    writeln!(file, "{};{}", labelled.fen, labelled.result)?;
                }
                written += positions.len();
                turn += 1;
                if turn % 100 == 0 {
                    println!("{turn} games");
                }
            }
        }
        Ok::<_, std::io::Error>(written)
    })?;
    file.flush()?;
    println!("{written} positions saved to {}", args.data);
    Ok(written)
}

/// The weights as a Rust source file: one weight a line, named.
fn weights_source(
    variant: &str,
    weights: &[Tapered],
    name: fn(usize) -> String,
    positions: usize,
) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The {variant} evaluation weights, in the layout of its evaluation module. Written by\n\
         //! `amity tune --variant {variant}` from {positions} quiet positions of self-play games;\n\
         //! change them by tuning, not by hand.\n\n\
         use amity_engine::evaluation::{{Tapered, s}};\n\n\
         /// Every weight, middlegame and endgame.\n\
         pub const WEIGHTS: [Tapered; {}] = [",
        weights.len()
    );
    for (index, weight) in weights.iter().enumerate() {
        let _ = writeln!(
            text,
            "    s({}, {}), // {}",
            weight.mg,
            weight.eg,
            name(index)
        );
    }
    text.push_str("];\n");
    text
}

fn tune<R: Learning>(rules: &R, args: &TuneArgs) -> Result<(), String> {
    let (start, name) = rules.evaluation_weights();
    let mut probe = tuning::Features::default();
    let template = Game::new(rules.clone());
    let tunable = !start.is_empty() && rules.evaluation_features(template.position(), &mut probe);
    // Positions alone (`--epochs 0`, for `amity train` or a labeller) need no linear evaluation.
    if !tunable && args.epochs != 0 {
        return Err(format!(
            "{} has no linear evaluation to tune (--epochs 0 still makes self-play positions)",
            rules.name()
        ));
    }
    let data = match read_data(&args.data) {
        Ok(data) if !data.is_empty() => {
            println!("{} positions read from {}", data.len(), args.data);
            if !tunable {
                return Ok(());
            }
            data
        }
        _ => {
            make_data(rules, args).map_err(|e| format!("{}: {e}", args.data))?;
            // Data made for training elsewhere (`--epochs 0`) is not read back to be fitted.
            if args.epochs == 0 {
                return Ok(());
            }
            read_data(&args.data).map_err(|e| format!("{}: {e}", args.data))?
        }
    };
    let samples: Vec<Sample> = data
        .par_iter()
        .filter_map(|labelled| {
            let game = Game::from_fen(rules.clone(), &labelled.fen).ok()?;
            let mut features = tuning::Features::default();
            rules
                .evaluation_features(game.position(), &mut features)
                .then_some(Sample {
                    features,
                    result: labelled.result,
                })
        })
        .collect();
    let scale = tuning::fit_scale(&samples, start);
    let before = tuning::mean_error(&samples, start, scale);
    println!(
        "{} samples; logistic scale {scale:.3}; error of the current weights {before:.6}",
        samples.len()
    );
    let settings = FitSettings {
        epochs: args.epochs,
        rate: args.rate,
        frozen_below: 0,
        regularization: args.regularization,
    };
    let fitted = tuning::fit(&samples, start, scale, settings, |epoch, error| {
        println!("epoch {epoch}: error {error:.6}");
    });
    let after = tuning::mean_error(&samples, &fitted, scale);
    println!("error {before:.6} -> {after:.6}");
    let mut changes: Vec<(usize, i32)> = start
        .iter()
        .zip(&fitted)
        .enumerate()
        .map(|(index, (old, new))| (index, (old.mg - new.mg).abs() + (old.eg - new.eg).abs()))
        .collect();
    changes.sort_by_key(|(_, change)| -change);
    println!("largest changes:");
    for (index, _) in changes.iter().take(12) {
        println!(
            "  {}: ({}, {}) -> ({}, {})",
            name(*index),
            start[*index].mg,
            start[*index].eg,
            fitted[*index].mg,
            fitted[*index].eg
        );
    }
    if let Some(path) = &args.write
        && let Some(line) = rules.weights_as_definition(&fitted)
    {
        // A game defined by a file takes its weights as a key of its section.
        std::fs::write(path, format!("{line}\n")).map_err(|e| format!("{path}: {e}"))?;
        println!("weights written to {path}: {line}");
    } else if let Some(path) = &args.write {
        let source = weights_source(rules.name(), &fitted, name, samples.len());
        std::fs::write(path, source).map_err(|e| format!("{path}: {e}"))?;
        // rustfmt aligns the comments its own way; let it, so the file is committed as
        // written. It comes with every Rust toolchain, but the weights stand without it.
        let formatted = std::process::Command::new("rustfmt")
            .args(["--edition", "2024", path])
            .status()
            .is_ok_and(|status| status.success());
        println!(
            "weights written to {path}{}",
            if formatted {
                " and formatted"
            } else {
                " (rustfmt not run)"
            }
        );
    }
    Ok(())
}

/// Runs `amity tune`. Returns the process exit code.
pub fn run(args: &TuneArgs, options: &VariantOptions) -> i32 {
    let Some(any) = amity_variants::new_game_with(&args.variant, options) else {
        return unknown_variant(&args.variant);
    };
    exit_code(with_game!(any, game => tune(game.rules(), args)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_file_is_read_in_parts_that_lose_nothing() {
        let path = std::env::temp_dir().join(format!("amity-parts-{}.txt", std::process::id()));
        let lines = [
            "8/8/8/8/8/8/8/K6k w - - 0 1;1",
            "not a labelled line",
            "8/8/8/8/8/8/8/K6k b - - 0 1;0.5",
            "8/8/8/8/8/8/8/K5k1 w - - 0 1;0",
            "8/8/8/8/8/8/8/K4k2 w - - 0 1;bad",
            "8/8/8/8/8/8/8/K3k3 w - - 0 1; 1",
            "8/8/8/8/8/8/8/K2k4 w - - 0 1;0",
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let path = path.to_str().unwrap();
        let sizes: Vec<usize> = LabelledReader::open(path, 2)
            .unwrap()
            .map(|part| part.unwrap().len())
            .collect();
        assert_eq!(sizes, [2, 2, 1]);
        let whole = read_data(path).unwrap();
        let results: Vec<f32> = whole.iter().map(|labelled| labelled.result).collect();
        assert_eq!(results, [1.0, 0.5, 0.0, 1.0, 0.0]);
        assert_eq!(whole[4].fen, "8/8/8/8/8/8/8/K2k4 w - - 0 1");
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn a_manifest_reads_its_shards_in_order_as_one_data_set() {
        let folder = std::env::temp_dir().join(format!("amity-shards-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let shards = [
            (
                "shard-00000.txt",
                "8/8/8/8/8/8/8/K6k w - - 0 1;1\n8/8/8/8/8/8/8/K5k1 w - - 0 1;0\n",
            ),
            ("shard-00001.txt", "8/8/8/8/8/8/8/K4k2 w - - 0 1;0.5\n"),
        ];
        for (name, text) in shards {
            std::fs::write(folder.join(name), text).unwrap();
        }
        let manifest = "# amity-cluster manifest: label positions=3\n\
                        shard-00000.txt 2\nshard-00001.txt 1\n";
        std::fs::write(folder.join("manifest.txt"), manifest).unwrap();
        let by_manifest = folder.join("manifest.txt");
        for path in [folder.to_str().unwrap(), by_manifest.to_str().unwrap()] {
            let sizes: Vec<usize> = LabelledReader::open(path, 2)
                .unwrap()
                .map(|part| part.unwrap().len())
                .collect();
            assert_eq!(sizes, [2, 1]);
            let results: Vec<f32> = read_data(path).unwrap().iter().map(|l| l.result).collect();
            assert_eq!(results, [1.0, 0.0, 0.5]);
        }
        std::fs::remove_file(folder.join("shard-00001.txt")).unwrap();
        assert!(read_data(folder.to_str().unwrap()).is_err());
        let _ = std::fs::remove_dir_all(&folder);
    }
}
