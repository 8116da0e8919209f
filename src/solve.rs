//! `amity solve`: the solitaires' solvers from the command line. One position (a FEN, a deal
//! written out, or a deal shuffled from a seed) gets its best line and `score N`: exact when
//! the piles are open, the expected score of the best policy from the player's view when they
//! are not. With `--deals N` it is the benchmark instead: N seeded deals solved open and
//! hidden, a table of every deal (`--csv`) and a summary (histogram, times, mean); with
//! `--deals N --play-out`, the hidden-pile policy played out against each deal's real cards
//! (each decision within the time and node limits), and the mean score it reached. `--deal-file`
//! benchmarks the deals of a file (a benchmark's CSV reads back) instead of seeded ones.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use amity_engine::{Color, Position, RulesExt, SolveLimits, SolverMemory};
use amity_variants::solitaire::solver::{self, Expectimax, Horizon, Solitaire, Table};
use amity_variants::{AnyGame, Variant};

/// What `amity solve` was asked.
#[derive(clap::Args)]
pub struct SolveSettings {
    #[arg(long)]
    pub variant: String,
    /// Solve this position (a full state or a view) instead of a deal.
    #[arg(long, conflicts_with_all = ["deal", "seed"])]
    pub fen: Option<String>,
    /// A deal written out (Parade: 16 letters; Neighbour: 16 letters/20 cards).
    #[arg(long, conflicts_with = "seed")]
    pub deal: Option<String>,
    /// Shuffle a deal with this seed (with --deals: the seed of the whole series).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Give up after this many seconds and print the best line found (with --deals: each
    /// search of each deal gets this long, and a deal not proven in time is counted apart).
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Give up each search after this many positions (a limit the machine's load does
    /// not change); with --deals, each search of each deal.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// With hidden piles: also play the policy out against the deal's real cards. With
    /// --deals: the play-out benchmark (mean score ± standard error) instead of the open
    /// and first-view solves.
    #[arg(long)]
    pub play_out: bool,
    /// How many cards the hidden-pile policy may look ahead through blind, for
    /// --play-out and the benchmark (a plain solve deepens while time allows).
    #[arg(long, default_value_t = 2)]
    pub horizon: u32,
    /// Benchmark: solve this many seeded deals (open, and the hidden-pile policy).
    #[arg(long, conflicts_with_all = ["fen", "deal"])]
    pub deals: Option<usize>,
    /// Benchmark: solve the deals of this file instead, one a line (text after a comma is
    /// ignored, so a benchmark's CSV can be read back).
    #[arg(long, conflicts_with_all = ["fen", "deal", "deals"])]
    pub deal_file: Option<String>,
    /// Benchmark: write one line per deal to this CSV file.
    #[arg(long, requires = "series")]
    pub csv: Option<String>,
    /// Benchmark: solve this many deals at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Benchmark: only the open piles.
    #[arg(long, requires = "series")]
    pub open_only: bool,
    /// Benchmark: no beam search for the best win of a deal left unproven (its
    /// best_found stays empty): a quicker run when only the proofs matter.
    #[arg(long, requires = "series")]
    pub no_best_found: bool,
    /// Benchmark: MiB of transposition table each open solve keeps (a long search
    /// outgrows the default).
    #[arg(long, default_value_t = BENCH_TABLE_MB, requires = "series")]
    pub hash: usize,
    /// Benchmark: positions per count of cards spent that the beam search for an
    /// unproven deal's best win keeps (wider finds cheaper wins, slower).
    #[arg(long, default_value_t = BEST_FOUND_WIDTH, requires = "series")]
    pub beam_width: usize,
    #[command(flatten)]
    pub rules: crate::variant_args::VariantArgs,
}

impl SolveSettings {
    /// `--time-limit` as a duration (none when it is not one).
    fn time_limit(&self) -> Option<Duration> {
        self.time_limit
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
    }
}

/// Megabytes of table each benchmark thread keeps (cleared between deals), unless `--hash`
/// says otherwise for the open solves.
pub const BENCH_TABLE_MB: usize = 64;

/// How many positions per count of cards spent the beam search for an unproven deal's best
/// win keeps, unless `--beam-width` says otherwise.
pub const BEST_FOUND_WIDTH: usize = 1000;

/// Runs the tool; the process exit code.
pub fn run(settings: &SolveSettings) -> i32 {
    let options = settings.rules.options();
    let Some(game) = amity_variants::new_game_with(&settings.variant, &options) else {
        return crate::variant_args::unknown_variant(&settings.variant);
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

fn run_for<R: Solitaire + Variant>(rules: &R, settings: &SolveSettings) -> i32 {
    if settings.deals.is_some() || settings.deal_file.is_some() {
        return benchmark(rules, settings);
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
    let memory = SolverMemory::new();
    let started = Instant::now();
    let limits = SolveLimits {
        deadline: settings.time_limit().map(|limit| started + limit),
        nodes: settings.node_limit,
        depth: None,
        stop: &stop,
        memory: &memory,
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
        let out = play_out(
            rules,
            &start,
            Horizon::Fixed(settings.horizon),
            settings.time_limit(),
            settings.node_limit,
            &stop,
        );
        println!("played {}", out.line.join(" "));
        println!("played score {}", out.score);
    }
    0
}

/// The position to solve: the FEN, the deal written out, a deal from the seed, or the test
/// deal.
fn start_position<R: Solitaire + Variant>(
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

/// What a play-out of the hidden-pile policy did.
pub struct PlayOut {
    /// The tokens played.
    pub line: Vec<String>,
    pub score: i32,
    /// Decisions that had a choice.
    pub decisions: u32,
    /// Of those, the ones whose search ran out of its limits before finishing (the policy
    /// then takes the best answer it has: the decision with the best bound, or the start of
    /// the best win a beam search finds).
    pub unfinished: u32,
}

/// Plays the hidden-pile policy against the real cards of `start`: each decision from the
/// view, the full state moved on by it, as `amity play` does. Every decision gets `time`
/// and `nodes` of its own.
pub fn play_out<R: Solitaire + Variant>(
    rules: &R,
    start: &Position<R>,
    horizon: Horizon,
    time: Option<Duration>,
    nodes: Option<u64>,
    stop: &AtomicBool,
) -> PlayOut {
    let table = Table::new(BENCH_TABLE_MB);
    // The play-out is a game of its own: what the solver keeps is kept for it alone.
    let memory = SolverMemory::new();
    let mut state = start.clone();
    let mut out = PlayOut {
        line: Vec::new(),
        score: rules.lost_score(),
        decisions: 0,
        unfinished: 0,
    };
    loop {
        if rules.won(&state) {
            out.score = rules.score_after(&state, 0);
            return out;
        }
        let limits = limits_from_now(time, nodes, stop, &memory);
        let mut search = Expectimax::new(rules, &table, limits);
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
            out.decisions += 1;
            let answer = solver::solve_open(rules, &view, &table, limits, false);
            match answer.line.first() {
                Some(first) => Some(*first),
                None if answer.complete => None,
                None => {
                    out.unfinished += 1;
                    solver::unsolved_decision(rules, &view, PLAY_OUT_BEAM_WIDTH, &memory)
                }
            }
        } else {
            out.decisions += 1;
            let policy = search.decide(&view, horizon);
            if !policy.complete {
                out.unfinished += 1;
            }
            policy.decision.and_then(|mv| {
                solver::full_state_decision(rules, &state, &view, mv, &mut search, horizon)
            })
        };
        let Some(mv) = decision else {
            out.score = rules.lost_score();
            return out;
        };
        out.line.push(rules.format_move(mv));
        rules.play(&mut state, mv);
    }
}

/// The beam width that finds a line where a play-out's open solve ran out of positions.
const PLAY_OUT_BEAM_WIDTH: usize = 300;

/// The play-out benchmark: the hidden-pile policy played against each deal's real cards.
fn play_out_benchmark<R: Solitaire + Variant>(
    rules: &R,
    settings: &SolveSettings,
    deals: &[String],
    pool: &rayon::ThreadPool,
) -> i32 {
    let mut csv = None;
    if let Some(path) = &settings.csv {
        match std::fs::File::create(path).and_then(|mut file| {
            file.write_all(b"deal,played,play_cpu_ms,decisions,unfinished,line\n")?;
            Ok(file)
        }) {
            Ok(file) => csv = Some(std::sync::Mutex::new(file)),
            Err(error) => {
                eprintln!("error: cannot write {path}: {error}");
                return 2;
            }
        }
    }
    let horizon = Horizon::Fixed(settings.horizon);
    let started = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Result<(i32, Duration, u32, u32), String>> = pool.install(|| {
        deals
            .par_iter()
            .map(|deal| {
                let start = rules.deal_from_text(deal)?;
                let stop = AtomicBool::new(false);
                let (out, wall, cpu) = timed(|| {
                    play_out(
                        rules,
                        &start,
                        horizon,
                        settings.time_limit(),
                        settings.node_limit,
                        &stop,
                    )
                });
                let time = cpu.unwrap_or(wall);
                if let Some(csv) = &csv
                    && let Ok(mut file) = csv.lock()
                {
                    let line = format!(
                        "{deal},{},{:.3},{},{},{}\n",
                        out.score,
                        time.as_secs_f64() * 1000.0,
                        out.decisions,
                        out.unfinished,
                        out.line.join(" ")
                    );
                    let _ = file.write_all(line.as_bytes());
                }
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if finished.is_multiple_of(50) {
                    eprintln!(
                        "{finished} deals played, {:.0} s",
                        started.elapsed().as_secs_f64()
                    );
                }
                Ok((out.score, time, out.decisions, out.unfinished))
            })
            .collect()
    });
    let results: Vec<(i32, Duration, u32, u32)> = match results.into_iter().collect() {
        Ok(results) => results,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
    let count = results.len().max(1) as f64;
    let mean = results.iter().map(|r| f64::from(r.0)).sum::<f64>() / count;
    let variance = results
        .iter()
        .map(|r| (f64::from(r.0) - mean).powi(2))
        .sum::<f64>()
        / (count - 1.0).max(1.0);
    println!(
        "{} deals of {} (seed {}) played out by the hidden-pile policy (horizon {} blind \
         card(s)), {:.1} s in all",
        results.len(),
        rules.name(),
        settings.seed.unwrap_or(1),
        settings.horizon,
        started.elapsed().as_secs_f64()
    );
    println!(
        "mean score played {mean:.4} +- {:.4} (standard error)",
        (variance / count).sqrt()
    );
    let decisions: u32 = results.iter().map(|r| r.2).sum();
    let unfinished: u32 = results.iter().map(|r| r.3).sum();
    println!("decisions with a choice {decisions}, of which unfinished searches {unfinished}");
    let mut times: Vec<Duration> = results.iter().map(|r| r.1).collect();
    times.sort_unstable();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "play-out processor time per deal: median {:.3} ms, worst {:.3} ms, total {:.1} s",
            median.as_secs_f64() * 1000.0,
            worst.as_secs_f64() * 1000.0,
            times.iter().map(Duration::as_secs_f64).sum::<f64>()
        );
    }
    0
}

/// One deal of the benchmark.
struct DealResult {
    deal: String,
    /// Optimal open score (the lost score when no win exists); `None` when the time limit
    /// ended the search first.
    score: Option<i32>,
    /// The open solve's processor time (its wall time where that cannot be measured).
    open_time: Duration,
    open_wall: Duration,
    open_nodes: u64,
    /// The most the open score can be: the score of the fewest cards IDA* did not rule out
    /// (the optimum itself when proven).
    score_at_most: i32,
    /// The best score of a win found, proven optimal or not (`None`: no win found).
    best_found: Option<i32>,
    /// The hidden-pile policy, when asked for and finished within the time limit.
    hidden: Option<HiddenResult>,
}

/// The hidden-pile policy on one deal.
#[derive(Clone, Copy)]
struct HiddenResult {
    /// Its expected score from the deal's first view (to the benchmark's horizon).
    expected: f64,
    /// The processor time of that search (wall time where that cannot be measured).
    time: Duration,
    /// The score it reached played against the deal's real cards (`None`: out of time).
    played: Option<i32>,
}

/// The benchmark's deals: read from `--deal-file`, or shuffled from the seed.
fn benchmark_deals<R: Solitaire + Variant>(
    rules: &R,
    settings: &SolveSettings,
) -> Result<Vec<String>, String> {
    if let Some(path) = &settings.deal_file {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("cannot read {path}: {error}"))?;
        return Ok(text
            .lines()
            .filter_map(|line| line.split(',').next())
            .map(str::trim)
            .filter(|deal| !deal.is_empty() && *deal != "deal")
            .map(String::from)
            .collect());
    }
    let mut rng = StdRng::seed_from_u64(settings.seed.unwrap_or(1));
    Ok((0..settings.deals.unwrap_or(0))
        .map(|_| rules.random_deal_text(&mut rng))
        .collect())
}

fn benchmark<R: Solitaire + Variant>(rules: &R, settings: &SolveSettings) -> i32 {
    let deals = match benchmark_deals(rules, settings) {
        Ok(deals) => deals,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
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
    if settings.play_out {
        return play_out_benchmark(rules, settings, &deals, &pool);
    }
    // Each deal's line is written as soon as it is solved, so a long run stopped early still
    // leaves its table.
    let csv = match &settings.csv {
        Some(path) => match std::fs::File::create(path) {
            Ok(mut file) => {
                let header = "deal,score,open_cpu_ms,open_wall_ms,open_nodes,hidden_expected,\
                              hidden_cpu_ms,hidden_played,score_at_most,best_found\n";
                if let Err(error) = file.write_all(header.as_bytes()) {
                    eprintln!("error: cannot write {path}: {error}");
                    return 2;
                }
                Some(std::sync::Mutex::new(file))
            }
            Err(error) => {
                eprintln!("error: cannot write {path}: {error}");
                return 2;
            }
        },
        None => None,
    };
    let started = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Result<DealResult, String>> = pool.install(|| {
        deals
            .par_iter()
            .map(|deal| {
                let hidden = (!settings.open_only).then_some(Horizon::Fixed(settings.horizon));
                let result = solve_deal(rules, deal, settings, hidden);
                if let (Some(csv), Ok(result)) = (&csv, &result)
                    && let Ok(mut file) = csv.lock()
                {
                    let _ = file.write_all(csv_line(result).as_bytes());
                }
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if finished.is_multiple_of(50) {
                    eprintln!(
                        "{finished} deals done, {:.0} s",
                        started.elapsed().as_secs_f64()
                    );
                }
                result
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
    print_summary(rules, settings, &results, started.elapsed());
    0
}

/// One deal's line of the benchmark's CSV table.
fn csv_line(result: &DealResult) -> String {
    let or_blank = |value: Option<String>| value.unwrap_or_default();
    let hidden = match result.hidden {
        Some(hidden) => format!(
            "{:.6},{:.3},{}",
            hidden.expected,
            hidden.time.as_secs_f64() * 1000.0,
            or_blank(hidden.played.map(|score| score.to_string()))
        ),
        None => ",,".into(),
    };
    format!(
        "{},{},{:.3},{:.3},{},{hidden},{},{}\n",
        result.deal,
        or_blank(result.score.map(|score| score.to_string())),
        result.open_time.as_secs_f64() * 1000.0,
        result.open_wall.as_secs_f64() * 1000.0,
        result.open_nodes,
        result.score_at_most,
        or_blank(result.best_found.map(|score| score.to_string())),
    )
}

/// The benchmark's limits for one search: `time` from now and `nodes` positions, within
/// the game whose solver keeps `memory`.
fn limits_from_now<'a>(
    time: Option<Duration>,
    nodes: Option<u64>,
    stop: &'a AtomicBool,
    memory: &'a SolverMemory,
) -> SolveLimits<'a> {
    SolveLimits {
        deadline: time.map(|limit| Instant::now() + limit),
        nodes,
        depth: None,
        stop,
        memory,
    }
}

/// The processor time the calling thread has used, where the system tells it (Linux's
/// schedstat, in nanoseconds): solve times on a shared machine are measured in it, since
/// the wall clock also counts the time other programs ran.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Times `work` on the wall clock and, where it can, in the thread's processor time.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration, Option<Duration>) {
    let cpu_before = thread_cpu_time();
    let wall = Instant::now();
    let value = work();
    let wall = wall.elapsed();
    let cpu = cpu_before.and_then(|before| Some(thread_cpu_time()?.saturating_sub(before)));
    (value, wall, cpu)
}

/// Solves one deal open and, with `hidden`, from its first view: each search within its own
/// limits.
fn solve_deal<R: Solitaire + Variant>(
    rules: &R,
    deal: &str,
    settings: &SolveSettings,
    hidden: Option<Horizon>,
) -> Result<DealResult, String> {
    let start = rules.deal_from_text(deal)?;
    let stop = AtomicBool::new(false);
    let memory = SolverMemory::new();
    let (time, nodes) = (settings.time_limit(), settings.node_limit);
    let table = Table::new(settings.hash);
    let (answer, open_time, open_cpu) = timed(|| {
        solver::solve_open(
            rules,
            &start,
            &table,
            limits_from_now(time, nodes, &stop, &memory),
            false,
        )
    });
    // Unproven: the best win a beam search finds (not timed with the solve) bounds the
    // optimum below.
    let found = match answer.cost {
        Some(cost) => Some(cost),
        None if !answer.complete && !settings.no_best_found => {
            solver::best_found(rules, &start, settings.beam_width).map(|(cost, _)| cost)
        }
        None => None,
    };
    let score = answer.complete.then(|| match answer.cost {
        Some(cost) => rules.score_after(&start, cost),
        None => rules.lost_score(),
    });
    let score_at_most = if answer.at_least > rules.budget(&start) {
        rules.lost_score()
    } else {
        rules.score_after(&start, answer.at_least)
    };
    let best_found = found.map(|cost| rules.score_after(&start, cost));
    let hidden = hidden.and_then(|horizon| {
        let view = rules.view(&start, Color::White);
        let table = Table::new(BENCH_TABLE_MB);
        let (policy, time_taken, cpu) = timed(|| {
            solver::expectimax(
                rules,
                &view,
                &table,
                limits_from_now(time, nodes, &stop, &memory),
                horizon,
            )
        });
        if !policy.complete {
            return None;
        }
        let out = play_out(rules, &start, horizon, time, nodes, &stop);
        Some(HiddenResult {
            expected: policy.expected,
            time: cpu.unwrap_or(time_taken),
            played: Some(out.score),
        })
    });
    Ok(DealResult {
        deal: deal.to_string(),
        score,
        open_time: open_cpu.unwrap_or(open_time),
        open_wall: open_time,
        open_nodes: answer.nodes,
        score_at_most,
        best_found,
        hidden,
    })
}

fn print_summary<R: Variant>(
    rules: &R,
    settings: &SolveSettings,
    results: &[DealResult],
    wall: Duration,
) {
    println!(
        "{} deals of {} (seed {}), {} thread(s), {:.1} s in all{}",
        results.len(),
        rules.name(),
        settings.seed.unwrap_or(1),
        settings.threads.max(1),
        wall.as_secs_f64(),
        match (settings.time_limit(), settings.node_limit) {
            (Some(limit), _) => format!(", {:.1} s per search at most", limit.as_secs_f64()),
            (None, Some(nodes)) => format!(", {nodes} positions per search at most"),
            (None, None) => String::new(),
        }
    );
    let mut scores: Vec<i32> = results.iter().filter_map(|result| result.score).collect();
    scores.sort_unstable();
    println!(
        "optimal open score: count ({} of {} deals proven)",
        scores.len(),
        results.len()
    );
    let mut index = 0;
    while index < scores.len() {
        let score = scores[index];
        let count = scores[index..].iter().take_while(|s| **s == score).count();
        println!("  {score:>4}: {count:>5} {}", "#".repeat(count.div_ceil(5)));
        index += count;
    }
    let unproven = results.len() - scores.len();
    if unproven > 0 {
        println!("  not proven within the time limit: {unproven}");
    }
    let mean = scores.iter().map(|s| f64::from(*s)).sum::<f64>() / scores.len().max(1) as f64;
    println!("mean optimal open score {mean:.4} (proven deals)");
    if let Some(median) = scores.get(scores.len() / 2) {
        println!("median optimal open score {median} (proven deals)");
    }
    let mut times: Vec<Duration> = results.iter().map(|result| result.open_time).collect();
    times.sort_unstable();
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        let slowest = results
            .iter()
            .max_by_key(|result| result.open_time)
            .map_or("", |result| result.deal.as_str());
        println!(
            "open solve processor time (all deals, unproven ones at the limit): median {:.3} \
             ms, worst {:.3} ms (deal {slowest})",
            median.as_secs_f64() * 1000.0,
            worst.as_secs_f64() * 1000.0
        );
    }
    if settings.open_only {
        return;
    }
    let hidden: Vec<HiddenResult> = results.iter().filter_map(|r| r.hidden).collect();
    println!(
        "hidden-pile policy (horizon {} blind card(s)): finished on {} of {} deals",
        settings.horizon,
        hidden.len(),
        results.len()
    );
    if !hidden.is_empty() {
        let count = hidden.len() as f64;
        let expected = hidden.iter().map(|h| h.expected).sum::<f64>() / count;
        println!("hidden-pile policy: mean expected score {expected:.4} (from each deal's view)");
        let played: Vec<i32> = hidden.iter().filter_map(|h| h.played).collect();
        if !played.is_empty() {
            let mean = played.iter().map(|p| f64::from(*p)).sum::<f64>() / played.len() as f64;
            println!(
                "hidden-pile policy: mean score played against the real piles {mean:.4} ({} \
                 deals)",
                played.len()
            );
        }
        let both: Vec<(f64, i32)> = results
            .iter()
            .filter_map(|r| Some((r.hidden?.expected, r.score?)))
            .collect();
        if !both.is_empty() {
            let count = both.len() as f64;
            println!(
                "on the {} deals with both: mean expected hidden {:.4}, mean open optimum {:.4}",
                both.len(),
                both.iter().map(|b| b.0).sum::<f64>() / count,
                both.iter().map(|b| f64::from(b.1)).sum::<f64>() / count
            );
        }
        let mut times: Vec<Duration> = hidden.iter().map(|h| h.time).collect();
        times.sort_unstable();
        if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
            println!(
                "hidden-pile policy processor time (finished deals): median {:.3} ms, worst \
                 {:.3} ms",
                median.as_secs_f64() * 1000.0,
                worst.as_secs_f64() * 1000.0
            );
        }
    }
}
