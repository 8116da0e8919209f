//! `amity solve`: the solitaires' solvers from the command line. One position (a FEN, a deal
//! written out, or a deal shuffled from a seed) gets its best line and `score N`: exact when
//! the piles are open, the expected score of the best policy from the player's view when they
//! are not. With `--deals N` it is the benchmark instead: N seeded deals solved open and
//! hidden, a table of every deal (`--csv`) and a summary (histogram, times, mean).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use amity_engine::{Color, Position, Rules, SolveLimits};
use amity_variants::solitaire::solver::{self, Expectimax, Horizon, Solitaire, Table};
use amity_variants::{AnyGame, VariantOptions};

/// What `amity solve` was asked.
pub struct SolveSettings {
    pub variant: String,
    pub options: VariantOptions,
    pub fen: Option<String>,
    pub deal: Option<String>,
    pub seed: Option<u64>,
    /// Give up after this long (the best line so far is printed, marked unproven).
    pub time_limit: Option<Duration>,
    /// From a full state with hidden piles: play the policy out against the real cards.
    pub play_out: bool,
    /// The hidden-pile policy's look-ahead in blind adds for `--play-out` and the benchmark.
    pub horizon: u32,
    /// The benchmark: this many seeded deals.
    pub deals: Option<usize>,
    /// The benchmark's table of deals, as CSV.
    pub csv: Option<String>,
    /// The benchmark's threads (solves run side by side; each is timed alone).
    pub threads: usize,
    /// The benchmark skips the hidden-pile policy.
    pub open_only: bool,
}

/// Megabytes of table each benchmark thread keeps (cleared between deals).
const BENCH_TABLE_MB: usize = 64;

/// Runs the tool; the process exit code.
pub fn run(settings: &SolveSettings) -> i32 {
    let Some(game) = amity_variants::new_game_with(&settings.variant, &settings.options) else {
        eprintln!(
            "error: unknown variant '{}' (known: {})",
            settings.variant,
            amity_variants::NAMES.join(", ")
        );
        return 2;
    };
    match game {
        AnyGame::Parade(game) => run_for(game.rules(), settings),
        AnyGame::Neighbour(game) => run_for(game.rules(), settings),
        _ => {
            eprintln!(
                "error: '{}' is not a solitaire; solve plays parade and neighbour",
                settings.variant
            );
            2
        }
    }
}

fn run_for<R: Solitaire>(rules: &R, settings: &SolveSettings) -> i32 {
    if let Some(count) = settings.deals {
        return benchmark(rules, settings, count);
    }
    let start = match start_position(rules, settings) {
        Ok(start) => start,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
    println!("fen {}", start.to_fen(rules));
    let view = if rules.is_view(&start) {
        start.clone()
    } else {
        rules.view(&start, Color::White)
    };
    if rules.is_view(&view) && !rules.is_view(&start) {
        println!("view {}", view.to_fen(rules));
    }
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let limits = SolveLimits {
        deadline: settings.time_limit.map(|limit| started + limit),
        depth: None,
        stop: &stop,
    };
    let solution = solver::decide(rules, &start, limits, Horizon::Deepening);
    if let Some(horizon) = solution.horizon {
        println!(
            "info the policy looked {horizon} blind add(s) ahead (the score is exact for such \
             policies, a lower bound on the best)"
        );
    }
    let tokens: Vec<String> = solution
        .line
        .iter()
        .map(|mv| rules.format_move(*mv))
        .collect();
    println!("line {}", tokens.join(" "));
    if !solution.complete {
        println!("info the time limit ended the search: the line is the best found, not proven");
    }
    println!(
        "info nodes {} time {} ms",
        solution.nodes,
        started.elapsed().as_millis()
    );
    match solution.score {
        amity_engine::PuzzleScore::Exact(score) => println!("score {score}"),
        amity_engine::PuzzleScore::Expected(mean) => {
            println!("score {mean:.4} (expected over the cards not yet seen)")
        }
    }
    if settings.play_out && !rules.is_view(&start) && rules.is_view(&view) {
        let (line, score) = play_out(rules, &start, Horizon::Fixed(settings.horizon), limits);
        println!("played {}", line.join(" "));
        println!("played score {score}");
    }
    0
}

/// The position to solve: the FEN, the deal written out, a deal from the seed, or the test
/// deal.
fn start_position<R: Solitaire>(
    rules: &R,
    settings: &SolveSettings,
) -> Result<Position<R>, String> {
    if let Some(fen) = &settings.fen {
        return Position::from_fen(rules, fen).map_err(|error| error.to_string());
    }
    let text = match (&settings.deal, settings.seed) {
        (Some(deal), _) => deal.clone(),
        (None, Some(seed)) => rules.random_deal_text(&mut StdRng::seed_from_u64(seed)),
        (None, None) => {
            return Position::from_fen(rules, rules.start_fen()).map_err(|e| e.to_string());
        }
    };
    println!("deal {text}");
    rules.deal_from_text(&text)
}

/// Plays the hidden-pile policy against the real cards of `start`: each decision from the
/// view, the full state moved on by it. The tokens played and the score reached.
pub fn play_out<R: Solitaire>(
    rules: &R,
    start: &Position<R>,
    horizon: Horizon,
    limits: SolveLimits,
) -> (Vec<String>, i32) {
    let table = Table::new(BENCH_TABLE_MB);
    let mut search = Expectimax::new(rules, &table, limits);
    let mut state = start.clone();
    let mut played = Vec::new();
    loop {
        if rules.won(&state) {
            return (played, rules.score_after(&state, 0));
        }
        let view = rules.view(&state, Color::White);
        let mut decisions = amity_engine::MoveList::new();
        rules.generate(&view, &mut decisions);
        let decision = if decisions.len() == 1 {
            // Nothing to choose (a forced add).
            solver::full_state_decision(
                rules,
                &state,
                &view,
                decisions.as_slice()[0],
                &mut search,
                horizon,
            )
        } else if rules.certain(&view) {
            let answer = solver::solve_open(rules, &view, &table, limits, false);
            answer.line.first().copied()
        } else {
            search.decide(&view, horizon).decision.and_then(|mv| {
                solver::full_state_decision(rules, &state, &view, mv, &mut search, horizon)
            })
        };
        let Some(mv) = decision else {
            return (played, rules.lost_score());
        };
        played.push(rules.format_move(mv));
        rules.play(&mut state, mv);
    }
}

/// One deal of the benchmark.
struct DealResult {
    deal: String,
    /// Optimal open score (the lost score when no win exists).
    score: i32,
    open_time: Duration,
    open_nodes: u64,
    /// The hidden-pile policy's expected score from the view of the deal, its time, and the
    /// score it reaches when played against the deal's real cards.
    hidden: Option<(f64, Duration, i32)>,
}

fn benchmark<R: Solitaire>(rules: &R, settings: &SolveSettings, count: usize) -> i32 {
    let mut rng = StdRng::seed_from_u64(settings.seed.unwrap_or(1));
    let deals: Vec<String> = (0..count)
        .map(|_| rules.random_deal_text(&mut rng))
        .collect();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads.max(1))
        .build()
    {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start threads: {error}");
            return 2;
        }
    };
    let stop = AtomicBool::new(false);
    let limits = SolveLimits {
        deadline: None,
        depth: None,
        stop: &stop,
    };
    let started = Instant::now();
    let results: Vec<Result<DealResult, String>> = pool.install(|| {
        deals
            .par_iter()
            .map(|deal| {
                let hidden = (!settings.open_only).then_some(Horizon::Fixed(settings.horizon));
                solve_deal(rules, deal, limits, hidden)
            })
            .collect()
    });
    let results: Vec<DealResult> = match results.into_iter().collect() {
        Ok(results) => results,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
    if let Some(path) = &settings.csv {
        let mut csv =
            String::from("deal,score,open_ms,open_nodes,hidden_expected,hidden_ms,hidden_played\n");
        for result in &results {
            let hidden = match result.hidden {
                Some((expected, time, played)) => {
                    format!("{expected:.6},{:.3},{played}", time.as_secs_f64() * 1000.0)
                }
                None => ",,".into(),
            };
            csv.push_str(&format!(
                "{},{},{:.3},{},{hidden}\n",
                result.deal,
                result.score,
                result.open_time.as_secs_f64() * 1000.0,
                result.open_nodes
            ));
        }
        if let Err(error) = std::fs::write(path, csv) {
            eprintln!("error: cannot write {path}: {error}");
            return 2;
        }
    }
    print_summary(rules, settings, &results, started.elapsed());
    0
}

fn solve_deal<R: Solitaire>(
    rules: &R,
    deal: &str,
    limits: SolveLimits,
    hidden: Option<Horizon>,
) -> Result<DealResult, String> {
    let start = rules.deal_from_text(deal)?;
    let table = Table::new(BENCH_TABLE_MB);
    let timer = Instant::now();
    let answer = solver::solve_open(rules, &start, &table, limits, false);
    let open_time = timer.elapsed();
    let score = match answer.cost {
        Some(cost) => rules.score_after(&start, cost),
        None => rules.lost_score(),
    };
    let hidden = hidden.map(|horizon| {
        let timer = Instant::now();
        let (_, played) = play_out(rules, &start, horizon, limits);
        let time = timer.elapsed();
        let view = rules.view(&start, Color::White);
        let table = Table::new(BENCH_TABLE_MB);
        let policy = solver::expectimax(rules, &view, &table, limits, horizon);
        (policy.expected, time, played)
    });
    Ok(DealResult {
        deal: deal.to_string(),
        score,
        open_time,
        open_nodes: answer.nodes,
        hidden,
    })
}

fn print_summary<R: Rules>(
    rules: &R,
    settings: &SolveSettings,
    results: &[DealResult],
    wall: Duration,
) {
    println!(
        "{} deals of {} (seed {}), {} thread(s), {:.1} s in all",
        results.len(),
        rules.name(),
        settings.seed.unwrap_or(1),
        settings.threads.max(1),
        wall.as_secs_f64()
    );
    let mut scores: Vec<i32> = results.iter().map(|result| result.score).collect();
    scores.sort_unstable();
    println!("optimal open score: count");
    let mut index = 0;
    while index < scores.len() {
        let score = scores[index];
        let count = scores[index..].iter().take_while(|s| **s == score).count();
        println!("  {score:>4}: {count:>5} {}", "#".repeat(count.div_ceil(5)));
        index += count;
    }
    let mean = scores.iter().map(|s| f64::from(*s)).sum::<f64>() / scores.len().max(1) as f64;
    println!("mean optimal open score {mean:.4}");
    let mut times: Vec<Duration> = results.iter().map(|result| result.open_time).collect();
    times.sort_unstable();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        let slowest = results
            .iter()
            .max_by_key(|result| result.open_time)
            .map_or("", |result| result.deal.as_str());
        println!(
            "open solve time: median {:.3} ms, worst {:.3} ms (deal {slowest})",
            median.as_secs_f64() * 1000.0,
            worst.as_secs_f64() * 1000.0
        );
    }
    let hidden: Vec<(f64, Duration, i32)> = results.iter().filter_map(|r| r.hidden).collect();
    if !hidden.is_empty() {
        let count = hidden.len() as f64;
        let expected = hidden.iter().map(|h| h.0).sum::<f64>() / count;
        let played = hidden.iter().map(|h| f64::from(h.2)).sum::<f64>() / count;
        let mut times: Vec<Duration> = hidden.iter().map(|h| h.1).collect();
        times.sort_unstable();
        println!("hidden-pile policy: mean expected score {expected:.4} (from each deal's view)");
        println!("hidden-pile policy: mean score played against the real piles {played:.4}");
        if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
            println!(
                "hidden-pile policy time: median {:.3} ms, worst {:.3} ms",
                median.as_secs_f64() * 1000.0,
                worst.as_secs_f64() * 1000.0
            );
        }
    }
}
