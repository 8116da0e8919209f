//! `bench`: a fixed set of positions from several variants searched to a fixed depth (or
//! time) with one thread, printing a table and the totals in the form OpenBench reads. With
//! default settings the node total is the search's signature.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use amity_engine::search::{Limits, Searcher};
use amity_engine::{Game, Notation};
use amity_variants::{VariantOptions, with_game};

use crate::session::Output;

/// Depth of the signature run.
pub const SIGNATURE_DEPTH: u32 = 16;

/// Node cap per position in the signature run. Some variants (chance nodes, multi-decision
/// turns) grow far faster with depth than chess; a cap keeps the run short for them while a
/// single thread keeps it deterministic, so the total is still the search's signature.
pub const SIGNATURE_NODES: u64 = 1_500_000;

/// What to benchmark.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// Only positions of this variant (all variants when `None`).
    pub variant: Option<String>,
    pub depth: Option<u32>,
    /// Node cap per position (deterministic with one thread).
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub threads: usize,
    pub hash_mb: usize,
    /// The variant options the games are built with (the signature's: the defaults).
    pub options: VariantOptions,
}

impl BenchConfig {
    /// The signature run: every bench position, fixed depth, one thread, 16 MiB.
    pub fn signature(depth: Option<u32>) -> BenchConfig {
        BenchConfig {
            variant: None,
            depth: Some(depth.unwrap_or(SIGNATURE_DEPTH)),
            nodes: Some(SIGNATURE_NODES),
            movetime: None,
            threads: 1,
            hash_mb: 16,
            options: VariantOptions::default(),
        }
    }
}

/// Totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTotals {
    pub nodes: u64,
    pub time: Duration,
}

/// Runs the bench and prints the table and totals. Returns the totals. Raising `stop` ends
/// the position being searched and skips the rest; the totals then cover what was done and a
/// line says the run was stopped, so it is never taken for a signature.
pub fn run(out: &Output, config: &BenchConfig, stop: &AtomicBool) -> BenchTotals {
    let positions: Vec<(&str, &str)> = amity_variants::bench_positions()
        .iter()
        .copied()
        .filter(|(variant, _)| {
            config
                .variant
                .as_deref()
                .is_none_or(|only| only == *variant)
        })
        .collect();
    out.line(&format!(
        "{:>3} {:<13} {:>5} {:>12} {:>9} {:>11}  {:<8} fen",
        "#", "variant", "depth", "nodes", "time ms", "nps", "best"
    ));
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    for (index, (variant, fen)) in positions.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            out.line(&format!(
                "info string bench stopped before position {} of {}",
                index + 1,
                positions.len()
            ));
            break;
        }
        let Some(any) = amity_variants::new_game_with(variant, &config.options) else {
            out.line(&format!(
                "info string error: bench variant '{variant}' is unknown"
            ));
            continue;
        };
        let limits = Limits {
            depth: if config.movetime.is_some() {
                None
            } else {
                config.depth
            },
            movetime: config.movetime,
            nodes: if config.movetime.is_some() {
                None
            } else {
                config.nodes
            },
            ..Limits::default()
        };
        let mut searcher = Searcher::new(1, config.threads);
        if let Err(error) = searcher.set_hash(config.hash_mb) {
            out.line(&format!("info string error: {error}; bench not run"));
            break;
        }
        let line = with_game!(any, g => {
            match Game::from_fen(g.rules().clone(), fen) {
                Ok(game) => {
                    let start = Instant::now();
                    let result = searcher.search_game(&game, &limits, stop, &mut |_| {});
                    let time = start.elapsed();
                    total_nodes += result.nodes;
                    total_time += time;
                    let nps = (result.nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
                    format!(
                        "{:>3} {:<13} {:>5} {:>12} {:>9} {:>11}  {:<8} {}",
                        index + 1,
                        variant,
                        result.depth,
                        result.nodes,
                        time.as_millis(),
                        nps,
                        game.rules().format_move(result.best),
                        fen
                    )
                }
                Err(error) => format!("info string error: bench position '{fen}': {error}"),
            }
        });
        out.line(&line);
    }
    let nps = (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64;
    out.line("");
    out.line(&format!("Total time (ms) : {}", total_time.as_millis()));
    out.line(&format!("Nodes searched: {total_nodes}"));
    out.line(&format!("Nodes/second: {nps}"));
    BenchTotals {
        nodes: total_nodes,
        time: total_time,
    }
}
