//! Stress test of the real binary: random command streams over pipes in every variant, in UCI
//! and XBoard, checking liveness (every `isready`, `ping`, `stop`, `?` and `quit` answered,
//! with the answer's latency recorded), that every `bestmove` and `move` is legal in the
//! position the engine was given, and that the process never crashes.
//!
//! `cargo test` runs a short deterministic stream per variant. A long run:
//!
//! ```text
//! AMITY_STRESS_SECONDS=1200 AMITY_STRESS_SEED=7 AMITY_STRESS_LIMIT_MS=500 \
//!   AMITY_STRESS_BIN=target/release/amity cargo test --test stress -- --nocapture
//! ```
//!
//! A failing stream is written to `target/stress-failures/` twice: `<name>.in`, the lines sent
//! (replay with `amity < file`), and `<name>.log`, the whole exchange with times.

use amity_engine::RulesExt;
use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use amity_engine::options::OptionKind;
use amity_engine::{Game, Notation, Presentation};
use amity_uci::gui::Dialect;
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// How long any answer may take before the engine counts as hung (the stream then ends).
const HANG: Duration = Duration::from_secs(15);

/// Settings of one run.
struct Config {
    seed: u64,
    /// Total wall time; episodes start until it is spent.
    duration: Duration,
    /// Commands per episode (at most).
    commands: usize,
    /// Answers later than this are failures.
    limit: Duration,
    binary: PathBuf,
}

/// Something the stream found.
#[derive(Debug)]
struct Failure {
    kind: &'static str,
    detail: String,
}

fn failure(kind: &'static str, detail: impl Into<String>) -> Failure {
    Failure {
        kind,
        detail: detail.into(),
    }
}

/// Latencies per (variant, command), in microseconds.
#[derive(Default)]
struct Stats {
    latency: BTreeMap<(String, &'static str), Vec<u64>>,
    episodes: usize,
    commands: usize,
    checked_moves: usize,
    /// XBoard moves that repaired XBoard's board instead of playing Amity's move.
    repairs: usize,
}

impl Stats {
    fn record(&mut self, variant: &str, command: &'static str, latency: Duration) {
        self.latency
            .entry((variant.to_string(), command))
            .or_default()
            .push(latency.as_micros() as u64);
    }

    fn table(&mut self) -> String {
        let mut text = format!(
            "{} episodes, {} commands, {} moves checked, {} XBoard repairs\n{:<13} {:<8} {:>6} {:>9} {:>9} {:>9} {:>9}\n",
            self.episodes,
            self.commands,
            self.checked_moves,
            self.repairs,
            "variant",
            "command",
            "count",
            "p50 ms",
            "p90 ms",
            "p99 ms",
            "max ms"
        );
        for ((variant, command), values) in &mut self.latency {
            values.sort_unstable();
            let at = |q: f64| values[((values.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
            let _ = writeln!(
                text,
                "{variant:<13} {command:<8} {:>6} {:>9.2} {:>9.2} {:>9.2} {:>9.2}",
                values.len(),
                at(0.5),
                at(0.9),
                at(0.99),
                at(1.0)
            );
        }
        text
    }
}

/// The engine process, its output lines stamped with their arrival, and the exchange so far.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
    stderr: Arc<Mutex<String>>,
    started: Instant,
    sent: Vec<String>,
    log: String,
}

impl Engine {
    fn start(binary: &PathBuf) -> Engine {
        let mut child = Command::new(binary)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {}: {error}", binary.display()));
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr_pipe = child.stderr.take().expect("stderr is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buffer[..n]).into_owned();
                sink.lock().unwrap().push_str(&text);
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            started: Instant::now(),
            sent: Vec::new(),
            log: String::new(),
        }
    }

    fn stamp(&self, at: Instant) -> f64 {
        at.duration_since(self.started).as_secs_f64() * 1000.0
    }

    fn send(&mut self, line: &str) -> Result<Instant, Failure> {
        let now = Instant::now();
        let _ = writeln!(self.log, "{:>10.1} > {line}", self.stamp(now));
        self.sent.push(line.to_string());
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|error| failure("crash", format!("engine stopped reading: {error}")))?;
        Ok(now)
    }

    /// The next line, or `None` at `until`.
    fn recv(&mut self, until: Instant) -> Result<Option<(Instant, String)>, Failure> {
        let left = until.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok((at, line)) => {
                let _ = writeln!(self.log, "{:>10.1} < {line}", self.stamp(at));
                if line.contains("panicked") {
                    return Err(failure("panic", line));
                }
                Ok(Some((at, line)))
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                std::thread::sleep(Duration::from_millis(50));
                let status = self.child.try_wait().ok().flatten();
                Err(failure(
                    "crash",
                    format!(
                        "engine closed its output (exit {status:?}); stderr: {}",
                        self.stderr.lock().unwrap()
                    ),
                ))
            }
        }
    }

    /// Sends `quit` and waits for the process to end; returns the latency.
    fn quit(&mut self) -> Result<Duration, Failure> {
        let sent = self.send("quit")?;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                let latency = sent.elapsed();
                let stderr = self.stderr.lock().unwrap().clone();
                if !status.success() || stderr.contains("panicked") {
                    return Err(failure("crash", format!("exit {status}; stderr: {stderr}")));
                }
                return Ok(latency);
            }
            if sent.elapsed() > HANG {
                return Err(failure("hang", "quit did not end the process"));
            }
            // Keep the output pipe drained so a chatty engine cannot block on it.
            while let Ok((at, line)) = self.lines.try_recv() {
                let _ = writeln!(self.log, "{:>10.1} < {line}", self.stamp(at));
            }
            std::thread::sleep(Duration::from_micros(500));
        }
    }

    /// Writes the stream to `target/stress-failures/<name>.in` and `.log`; returns the path.
    fn save(&self, name: &str, found: &Failure) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/stress-failures");
        let _ = std::fs::create_dir_all(&dir);
        let input = dir.join(format!("{name}.in"));
        let _ = std::fs::write(&input, self.sent.join("\n") + "\n");
        let stderr = self.stderr.lock().unwrap().clone();
        let _ = std::fs::write(
            dir.join(format!("{name}.log")),
            format!(
                "{}: {}\n\n{}\nstderr:\n{stderr}",
                found.kind, found.detail, self.log
            ),
        );
        input
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ----- the library's view: positions and legality -----

/// A random game of `plies` decisions (throws included) from `game`; returns its tokens, legs
/// of one side's turn sometimes joined by commas into one whole-turn token.
fn random_tokens<R: Variant>(game: &mut Game<R>, rng: &mut StdRng, plies: usize) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut joinable = false;
    for _ in 0..plies {
        let side = game.position().turn();
        let outcomes = game.chance_outcomes();
        let (mv, decision) = if let Some(outcome) = outcomes.choose(rng) {
            (outcome.outcome, false)
        } else {
            let moves = game.legal_moves();
            match moves.as_slice().choose(rng) {
                Some(mv) => (*mv, true),
                None => break,
            }
        };
        let token = game.rules().format_move(mv);
        game.play_unchecked(mv);
        match tokens.last_mut() {
            Some(last) if joinable && decision && rng.random_bool(0.5) => {
                last.push(',');
                last.push_str(&token);
            }
            _ => tokens.push(token),
        }
        joinable = decision && game.position().turn() == side;
    }
    tokens
}

/// Whether `turn` (a `bestmove` or `move` token) may be played in `game`.
fn check_turn<R: Variant>(game: &Game<R>, turn: &str) -> Result<(), String> {
    if turn == "0000" {
        return if game.is_finished_by_rules() {
            Ok(())
        } else {
            Err(format!(
                "0000 although {} legal moves exist",
                game.legal_moves().len()
            ))
        };
    }
    let mut copy = game.clone();
    copy.play_token(turn).map(|_| ()).map_err(|e| e.to_string())
}

fn fen_of(game: &AnyGame) -> String {
    with_game!(game, g => g.position().to_fen(g.rules()))
}

/// The game `position` would build (the session's rules: rebuild from the variant options).
fn build(
    variant: &str,
    options: &VariantOptions,
    fen: Option<&str>,
    moves: &[String],
) -> Option<AnyGame> {
    let template = amity_variants::new_game_with(variant, options)?;
    with_game!(template, g => {
        let rules = g.rules().clone();
        let mut game = match fen {
            Some(fen) => Game::from_fen(rules, fen).ok()?,
            None => Game::new(rules),
        };
        for token in moves {
            game.play_token(token).ok()?;
        }
        Some(amity_variants::wrap(game))
    })
}

/// A FEN with a few characters deleted, replaced or inserted.
fn mutate(text: &str, rng: &mut StdRng) -> String {
    const ALPHABET: &[char] = &[
        'p', 'K', 'q', '8', '9', '0', '/', ' ', '-', 'w', 'b', ':', '+', 'x', '@', ',', 'é', '1',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=chars.len());
        let letter = *ALPHABET.choose(rng).unwrap();
        match rng.random_range(0..3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = letter,
            _ => chars.insert(at, letter),
        }
    }
    chars.into_iter().collect()
}

/// Lines no protocol knows, or knows with bad arguments.
fn garbage(rng: &mut StdRng) -> String {
    const LINES: &[&str] = &[
        "xyzzy",
        "go sideways",
        "go depth -3",
        "go depth 99999999999999999999",
        "go movetime",
        "position",
        "position fen",
        "position startpos moves e2e5",
        "position startpos moves ,,",
        "setoption",
        "setoption name",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name UCI_Variant value nonsense",
        "setoption name PacifistMeasure value maybe",
        "usermove",
        "ping",
        "level x y z",
        "st -1",
        "sd many",
        "time -5",
        "variant",
        "setboard 8/8/8 w",
        "♔♕♖ ünïcödé ⚠",
        "\t go \t depth\t1",
        "bench x",
        "perft -1",
        "d d d",
        "register later",
        "debug on",
    ];
    match rng.random_range(0..3) {
        0 => LINES.choose(rng).unwrap().to_string(),
        1 => (0..rng.random_range(1..40))
            .map(|_| char::from(rng.random_range(0x20u8..0x7f)))
            .collect(),
        _ => {
            let word = LINES.choose(rng).unwrap();
            format!("{word} {}", rng.random::<u32>())
        }
    }
}

// ----- UCI -----

/// A background job the engine has not finished yet.
enum Job {
    /// A `go` whose `bestmove` has not come, with the game it was given.
    Search(AnyGame),
    /// `go perft`, done at its `Nodes searched` (or the line saying it was stopped).
    Perft,
    /// `bench`, done at its `Nodes/second`.
    Bench,
}

struct UciRun<'a> {
    engine: Engine,
    rng: StdRng,
    stats: &'a mut Stats,
    config: &'a Config,
    variant: &'static str,
    options: VariantOptions,
    game: AnyGame,
    /// A `go` was sent in a position where chance acts first: the engine throws for itself
    /// (into its own game) and says so before the next command is read.
    throw_awaited: bool,
    /// Jobs in the order they were started (each `go` or `bench` stops the one before).
    jobs: VecDeque<Job>,
    readies: VecDeque<Instant>,
    stop_sent: Option<Instant>,
    fen_shown: Option<String>,
    uciok: bool,
}

impl UciRun<'_> {
    /// Reads one line (or times out at `until`) and updates what is awaited.
    fn pump(&mut self, until: Instant) -> Result<bool, Failure> {
        let Some((at, line)) = self.engine.recv(until)? else {
            return Ok(false);
        };
        let variant = self.variant;
        if let Some(rest) = line.strip_prefix("bestmove ") {
            let Some(Job::Search(game)) = self.jobs.pop_front() else {
                return Err(failure(
                    "protocol",
                    format!("'{line}' with no search first"),
                ));
            };
            let mut words = rest.split_whitespace();
            let best = words.next().unwrap_or("");
            // An engine told its seat of a team game answers `0000` when another seat owes the
            // decision (it says which in an info string), and only then.
            let seat = match self.options.get("SplitBrainSeat") {
                Some(amity_engine::OptionValue::Choice(seat))
                    if seat != "all" && matches!(game, amity_variants::AnyGame::SplitBrain(_)) =>
                {
                    Some(seat.to_string())
                }
                _ => None,
            };
            let verdict = if let Some(seat) = seat.filter(|_| best == "0000") {
                with_game!(&game, g => {
                    let rules = g.rules();
                    let own = rules.seats().iter().position(|info| info.name == seat);
                    let due = rules.seat_to_decide(g.position());
                    if own.is_some() && due != own {
                        Ok(())
                    } else {
                        Err(format!("seat {seat} answered 0000 although it owes the decision"))
                    }
                })
            } else {
                with_game!(&game, g => {
                    check_turn(g, best).and_then(|()| match (words.next(), words.next()) {
                        (Some("ponder"), Some(ponder)) => {
                            let mut after = g.clone();
                            after.play_token(best).map_err(|e| e.to_string())?;
                            check_turn(&after, ponder).map_err(|e| format!("ponder: {e}"))
                        }
                        (None, _) => Ok(()),
                        _ => Err("malformed bestmove line".to_string()),
                    })
                })
            };
            self.stats.checked_moves += 1;
            if let Err(why) = verdict {
                return Err(failure(
                    "illegal",
                    format!("'{line}' in {}: {why}", fen_of(&game)),
                ));
            }
            self.answered_stop(at)?;
        } else if line == "readyok" {
            let sent = self
                .readies
                .pop_front()
                .ok_or_else(|| failure("protocol", "readyok without isready"))?;
            self.late(variant, "isready", at - sent)?;
        } else if (line.starts_with("Nodes searched: ")
            || line.starts_with("info string perft ") && line.contains(" stopped"))
            && matches!(self.jobs.front(), Some(Job::Perft))
        {
            self.jobs.pop_front();
            self.answered_stop(at)?;
        } else if line == "uciok" {
            self.uciok = true;
        } else if line.starts_with("Nodes/second: ") {
            if !matches!(self.jobs.pop_front(), Some(Job::Bench)) {
                return Err(failure("protocol", "bench totals with no bench first"));
            }
            self.answered_stop(at)?;
        } else if let Some(rest) = line.strip_prefix("info string throw ") {
            let token = rest.split_whitespace().next().unwrap_or("");
            let Some(Job::Search(game)) = self.jobs.back_mut() else {
                return Err(failure("protocol", format!("'{line}' with no search")));
            };
            with_game!(game, g => g.play_token(token))
                .map_err(|e| failure("illegal", format!("'{line}': {e}")))?;
            self.game = game.clone();
            self.throw_awaited = false;
        } else if let Some(fen) = line.strip_prefix("Fen: ") {
            self.fen_shown = Some(fen.to_string());
        }
        Ok(true)
    }

    fn answered_stop(&mut self, at: Instant) -> Result<(), Failure> {
        if self.jobs.is_empty()
            && let Some(sent) = self.stop_sent.take()
        {
            self.late(self.variant, "stop", at - sent)?;
        }
        Ok(())
    }

    fn late(
        &mut self,
        variant: &str,
        command: &'static str,
        took: Duration,
    ) -> Result<(), Failure> {
        self.stats.record(variant, command, took);
        if took > self.config.limit {
            return Err(failure(
                "slow",
                format!("{command} answered after {took:?} in {variant}"),
            ));
        }
        Ok(())
    }

    /// Reads until `done` holds, failing as a hang after [`HANG`].
    fn wait(&mut self, what: &str, done: impl Fn(&Self) -> bool) -> Result<(), Failure> {
        let until = Instant::now() + HANG;
        while !done(self) {
            if !self.pump(until)? {
                return Err(failure("hang", format!("no answer to {what} in {HANG:?}")));
            }
        }
        Ok(())
    }

    /// Reads whatever comes for `time`.
    fn idle(&mut self, time: Duration) -> Result<(), Failure> {
        let until = Instant::now() + time;
        while self.pump(until)? {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<Instant, Failure> {
        self.stats.commands += 1;
        self.engine.send(line)
    }

    fn isready(&mut self) -> Result<(), Failure> {
        let sent = self.send("isready")?;
        self.readies.push_back(sent);
        self.wait("isready", |run| run.readies.is_empty())
    }

    fn stop(&mut self) -> Result<(), Failure> {
        let running = !self.jobs.is_empty();
        let sent = self.send("stop")?;
        if running {
            self.stop_sent = Some(sent);
            self.wait("stop", |run| run.jobs.is_empty())?;
        }
        Ok(())
    }

    fn go_line(&mut self) -> (String, bool) {
        let rng = &mut self.rng;
        let ms = |rng: &mut StdRng, low: u64, high: u64| rng.random_range(low..high);
        let chance = with_game!(&self.game, g => !g.chance_outcomes().is_empty());
        let (line, endless) = match rng.random_range(0..11) {
            0 => (format!("go depth {}", rng.random_range(1..7)), false),
            1 => (format!("go nodes {}", ms(rng, 1, 60_000)), false),
            2 => (format!("go movetime {}", ms(rng, 1, 300)), false),
            3 => (
                format!(
                    "go wtime {} btime {} winc {} binc {}{}",
                    ms(rng, 0, 3000),
                    ms(rng, 0, 3000),
                    ms(rng, 0, 100),
                    ms(rng, 0, 100),
                    if rng.random_bool(0.3) {
                        " movestogo 5"
                    } else {
                        ""
                    }
                ),
                false,
            ),
            4 | 5 => ("go infinite".to_string(), true),
            6 => (
                format!(
                    "go ponder wtime {} btime {}",
                    ms(rng, 50, 2000),
                    ms(rng, 50, 2000)
                ),
                true,
            ),
            7 => (format!("go mate {}", rng.random_range(1..4)), true),
            8 => {
                let depth = rng.random_range(0..6);
                self.jobs.push_back(Job::Perft);
                return (format!("go perft {depth}"), false);
            }
            9 if !chance => {
                let tokens: Vec<String> = with_game!(&self.game, g => g
                    .legal_moves()
                    .as_slice()
                    .iter()
                    .map(|mv| g.rules().format_move(*mv))
                    .collect());
                let picked: Vec<&String> = tokens.choose_multiple(rng, 3).collect();
                let list: Vec<&str> = picked.iter().map(|t| t.as_str()).collect();
                (
                    format!(
                        "go depth {} searchmoves {}",
                        rng.random_range(1..5),
                        list.join(" ")
                    ),
                    false,
                )
            }
            _ => (format!("go depth 3 nodes {}", ms(rng, 1, 5000)), false),
        };
        self.jobs.push_back(Job::Search(self.game.clone()));
        (line, endless)
    }

    fn go(&mut self) -> Result<(), Failure> {
        let (line, endless) = self.go_line();
        self.throw_awaited = !line.starts_with("go perft")
            && with_game!(&self.game, g => !g.chance_outcomes().is_empty());
        self.send(&line)?;
        // Wait for the throw so the next command's model is the engine's game.
        self.wait("throw", |run| !run.throw_awaited)?;
        let pause = Duration::from_millis(self.rng.random_range(0..250));
        match self.rng.random_range(0..10) {
            // Leave it running: the next command meets a busy engine.
            0..=2 => Ok(()),
            3 => {
                self.idle(pause)?;
                self.isready()?;
                self.stop()
            }
            4 if line.starts_with("go ponder") => {
                self.idle(pause)?;
                self.send("ponderhit")?;
                self.idle(pause)?;
                self.stop()
            }
            5 | 6 if !endless => {
                let until = Instant::now() + Duration::from_secs(3);
                while !self.jobs.is_empty() && self.pump(until)? {}
                self.stop()
            }
            _ => {
                self.idle(pause)?;
                self.stop()
            }
        }
    }

    fn position(&mut self) -> Result<(), Failure> {
        let rng = &mut self.rng;
        let fresh = amity_variants::new_game_with(self.variant, &self.options).unwrap();
        let (fen, mut moves) = with_game!(fresh, g => {
            let mut g = g;
            let bench: Vec<&str> = amity_variants::bench_positions()
                .iter()
                .filter(|(v, _)| *v == self.variant)
                .map(|(_, fen)| *fen)
                .collect();
            if let Some(fen) = bench.choose(rng).filter(|_| rng.random_bool(0.3))
                && let Ok(game) = Game::from_fen(g.rules().clone(), fen)
            {
                g = game;
            }
            let plies = rng.random_range(0..60);
            let before = random_tokens(&mut g, rng, plies);
            let fen = g.position().to_fen(g.rules());
            let plies = rng.random_range(0..8);
            let after = random_tokens(&mut g, rng, plies);
            match rng.random_range(0..3) {
                0 if g.start_position().to_fen(g.rules()) == g.rules().start_fen() => {
                    (None, [before, after].concat())
                }
                0 | 1 => (Some(fen), after),
                _ => (Some(g.start_position().to_fen(g.rules())), [before, after].concat()),
            }
        });
        let fen = match fen {
            Some(fen) if rng.random_bool(0.1) => Some(mutate(&fen, rng)),
            other => other,
        };
        if rng.random_bool(0.05) {
            moves.push(
                ["z9z9", "e2e4", "a1a1", "e7e8q", "N@c3", ","]
                    .choose(rng)
                    .unwrap()
                    .to_string(),
            );
        }
        let line = match &fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        let line = if moves.is_empty() && rng.random_bool(0.5) {
            line
        } else {
            format!("{line} moves {}", moves.join(" "))
        };
        // A FEN with spaces in odd places is read differently by the engine's tokenizer;
        // mirror what the engine sees by re-splitting the line as it does.
        let words: Vec<&str> = line.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (head, tail) = match moves_at {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (&words[..], &[][..]),
        };
        let parsed_fen = (head.get(1) == Some(&"fen")).then(|| head[2..].join(" "));
        let parsed_moves: Vec<String> = tail.iter().map(|t| t.to_string()).collect();
        let start_ok = match head.get(1) {
            Some(&"startpos") => head.len() == 2,
            Some(&"fen") => head.len() > 2,
            _ => false,
        };
        self.send(&line)?;
        if start_ok
            && let Some(game) = build(
                self.variant,
                &self.options,
                parsed_fen.as_deref(),
                &parsed_moves,
            )
        {
            self.game = game;
        }
        Ok(())
    }

    fn setoption(&mut self) -> Result<(), Failure> {
        let rng = &mut self.rng;
        let line = match rng.random_range(0..9) {
            0 => {
                let mb = if rng.random_bool(0.2) {
                    *[65536u64, 32768, 100_000].choose(rng).unwrap()
                } else {
                    rng.random_range(1..64)
                };
                format!("setoption name Hash value {mb}")
            }
            1 => format!("setoption name Threads value {}", rng.random_range(1..4)),
            2 => "setoption name Clear Hash".to_string(),
            3 => format!("setoption name Seed value {}", rng.random::<u32>()),
            4 | 5 => {
                let name = if rng.random_bool(0.9) {
                    amity_variants::NAMES.choose(rng).unwrap()
                } else {
                    "nonsense"
                };
                if let Some(game) = amity_variants::new_game_with(name, &self.options) {
                    self.variant = amity_variants::name_of(&game);
                    self.game = game;
                }
                format!("setoption name UCI_Variant value {name}")
            }
            6 => {
                // The options the variants declare, whatever their names.
                let declared = amity_variants::declared_options();
                let Some(spec) = declared.choose(rng) else {
                    return Ok(());
                };
                let value = match spec.kind {
                    OptionKind::Spin { min, max, .. } => {
                        if rng.random_bool(0.1) {
                            max.saturating_add(1).to_string()
                        } else {
                            rng.random_range(min..=max).to_string()
                        }
                    }
                    OptionKind::Combo { choices, .. } => {
                        let bogus: &[&str] = &["bogus"];
                        (*[choices, bogus].concat().choose(rng).unwrap()).to_string()
                    }
                    OptionKind::Check { .. } => rng.random_bool(0.5).to_string(),
                    OptionKind::String { .. } | OptionKind::File { .. } => garbage(rng),
                    OptionKind::Button => String::new(),
                };
                let _ = self.options.set(spec.name, &value);
                if value.is_empty() {
                    format!("setoption name {}", spec.name)
                } else {
                    format!("setoption name {} value {value}", spec.name)
                }
            }
            7 => format!(
                "setoption name Move Overhead value {}",
                rng.random_range(0..100)
            ),
            _ => format!("setoption name Ponder value {}", rng.random_bool(0.5)),
        };
        // Sent whatever runs: an option change stops the job first (its bestmove comes).
        self.send(&line)?;
        Ok(())
    }

    fn display(&mut self) -> Result<(), Failure> {
        self.fen_shown = None;
        self.send("d")?;
        self.wait("d", |run| run.fen_shown.is_some())?;
        let shown = self.fen_shown.take().unwrap();
        let expected = fen_of(&self.game);
        if shown != expected {
            return Err(failure(
                "state",
                format!("engine shows {shown}, the stream gave {expected}"),
            ));
        }
        Ok(())
    }

    fn step(&mut self) -> Result<(), Failure> {
        match self.rng.random_range(0..100) {
            0..=29 => self.go(),
            30..=49 => self.position(),
            50..=57 => self.isready(),
            58..=65 => self.setoption(),
            66..=69 => {
                self.send("ucinewgame")?;
                self.game = amity_variants::new_game_with(self.variant, &self.options).unwrap();
                Ok(())
            }
            70..=77 => {
                if !self.jobs.is_empty() {
                    // `d` while searching is fine, but the comparison needs the searched
                    // position to stay put; a throw may still be on its way.
                    self.stop()?;
                }
                self.display()
            }
            78 => {
                let depth = self.rng.random_range(1..4);
                self.jobs.push_back(Job::Bench);
                self.send(&format!("bench {depth}"))?;
                if self.rng.random_bool(0.5) {
                    let pause = Duration::from_millis(self.rng.random_range(0..200));
                    self.idle(pause)?;
                    self.stop()
                } else {
                    self.wait("bench", |run| run.jobs.is_empty())
                }
            }
            79..=88 => {
                let line = garbage(&mut self.rng);
                if line.starts_with("go ")
                    || line.starts_with("position")
                    || line.starts_with("\t go")
                {
                    // Garbage that happens to parse would start a search the model misses.
                    self.stop()?;
                    self.send(&format!("{line} garbage"))?;
                    return Ok(());
                }
                if line.starts_with("bench ") || line.starts_with("d") {
                    return Ok(());
                }
                self.send(&line).map(|_| ())
            }
            89..=92 => self.stop(),
            93 => self.send("ponderhit").map(|_| ()),
            _ => {
                let pause = Duration::from_millis(self.rng.random_range(0..50));
                self.idle(pause)
            }
        }
    }
}

fn uci_episode(
    config: &Config,
    stats: &mut Stats,
    seed: u64,
    variant: &'static str,
) -> (Result<(), Failure>, Engine) {
    let mut run = UciRun {
        engine: Engine::start(&config.binary),
        rng: StdRng::seed_from_u64(seed),
        stats,
        config,
        variant,
        options: VariantOptions::default(),
        game: amity_variants::new_game(variant).unwrap(),
        throw_awaited: false,
        jobs: VecDeque::new(),
        readies: VecDeque::new(),
        stop_sent: None,
        fen_shown: None,
        uciok: false,
    };
    let result = (|| {
        run.send("uci")?;
        run.wait("uci", |run| run.uciok)?;
        run.send(&format!("setoption name UCI_Variant value {variant}"))?;
        run.isready()?;
        let commands = run.rng.random_range(config.commands / 2..=config.commands);
        for _ in 0..commands {
            run.step()?;
        }
        if run.rng.random_bool(0.5) {
            run.stop()?;
            run.isready()?;
        }
        let took = run.engine.quit()?;
        run.stats.record(variant, "quit", took);
        if took > config.limit {
            return Err(failure("slow", format!("quit took {took:?}")));
        }
        Ok(())
    })();
    (result, run.engine)
}

// ----- XBoard -----

struct XboardRun<'a> {
    engine: Engine,
    rng: StdRng,
    stats: &'a mut Stats,
    config: &'a Config,
    variant: &'static str,
    pings: u32,
}

/// Whether an XBoard line ends the engine's turn: a move, a result claim or a resignation.
fn ends_turn(line: &str) -> bool {
    line.starts_with("move ")
        || line.starts_with("1-0")
        || line.starts_with("0-1")
        || line.starts_with("1/2-1/2")
        || line.starts_with("resign")
}

impl XboardRun<'_> {
    fn send(&mut self, line: &str) -> Result<Instant, Failure> {
        self.stats.commands += 1;
        self.engine.send(line)
    }

    /// Reads until a line satisfies `done` (or `until`); returns the lines read and when the
    /// last came, or `None` at `until`.
    fn read_until(
        &mut self,
        until: Instant,
        done: impl Fn(&str) -> bool,
    ) -> Result<(Vec<String>, Option<Instant>), Failure> {
        let mut seen = Vec::new();
        while let Some((at, line)) = self.engine.recv(until)? {
            let finished = done(&line);
            seen.push(line);
            if finished {
                return Ok((seen, Some(at)));
            }
        }
        Ok((seen, None))
    }

    fn ping(&mut self) -> Result<Vec<String>, Failure> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        let sent = self.send(&format!("ping {}", self.pings))?;
        let (lines, at) = self.read_until(Instant::now() + HANG, |l| l == pong)?;
        let at = at.ok_or_else(|| failure("hang", format!("no {pong} in {HANG:?}")))?;
        self.stats.record(self.variant, "ping", at - sent);
        if at - sent > self.config.limit {
            return Err(failure(
                "slow",
                format!("ping answered after {:?}", at - sent),
            ));
        }
        Ok(lines)
    }

    /// The engine's game, read from `d`.
    fn game(&mut self) -> Result<AnyGame, Failure> {
        self.send("d")?;
        let lines = self.ping()?;
        // The last FEN: garbage such as `d d d` also displays the board.
        let fen = lines
            .iter()
            .rev()
            .find_map(|l| l.strip_prefix("# Fen: "))
            .ok_or_else(|| failure("protocol", "d shows no FEN"))?;
        build(self.variant, &VariantOptions::default(), Some(fen), &[])
            .ok_or_else(|| failure("state", format!("d shows a FEN that does not read: {fen}")))
    }

    /// Waits for the engine to end its turn (`?` after a random patience), measuring `?`.
    fn await_turn(&mut self, patience: Duration) -> Result<Vec<String>, Failure> {
        let (mut lines, at) = self.read_until(Instant::now() + patience, ends_turn)?;
        if at.is_none() {
            let sent = self.send("?")?;
            let (more, answered) = self.read_until(Instant::now() + HANG, ends_turn)?;
            lines.extend(more);
            let answered =
                answered.ok_or_else(|| failure("hang", format!("no move after ? in {HANG:?}")))?;
            self.stats.record(self.variant, "?", answered - sent);
            if answered - sent > self.config.limit {
                return Err(failure(
                    "slow",
                    format!("? answered after {:?}", answered - sent),
                ));
            }
        }
        Ok(lines)
    }

    /// `go` from force mode; the move must be legal in the game `d` showed just before.
    /// In a variant XBoard does not know, the engine's turn in XBoard's game may instead be a
    /// move that repairs XBoard's board (a piece Amity's rules moved or removed, `a8e7,e7a8`);
    /// those are counted, not checked against Amity's rules.
    fn go(&mut self) -> Result<(), Failure> {
        let mut game = self.game()?;
        if with_game!(&game, g => g.outcome().is_some()) {
            return Ok(());
        }
        self.send("go")?;
        let engine_defined = amity_uci::gui::is_engine_defined(self.variant);
        let patience = Duration::from_millis(self.rng.random_range(0..1500));
        for line in self.await_turn(patience)? {
            if let Some(rest) = line.strip_prefix("# Amity threw ") {
                let token = rest.split_whitespace().next().unwrap_or("");
                with_game!(&mut game, g => g.play_token(token))
                    .map_err(|e| failure("illegal", format!("'{line}': {e}")))?;
            }
            let Some(token) = line.strip_prefix("move ") else {
                continue;
            };
            match with_game!(&game, g => check_turn(g, token)) {
                Ok(()) => self.stats.checked_moves += 1,
                Err(_) if engine_defined => self.stats.repairs += 1,
                Err(why) => {
                    return Err(failure(
                        "illegal",
                        format!("'{line}' in {}: {why}", fen_of(&game)),
                    ));
                }
            }
        }
        self.send("force")?;
        Ok(())
    }

    fn usermove(&mut self) -> Result<(), Failure> {
        let game = self.game()?;
        let rng = &mut self.rng;
        let token = with_game!(&game, g => {
            let moves = g.legal_moves();
            moves.as_slice().choose(rng).map(|mv| g.rules().format_move(*mv))
        });
        let token = match token {
            Some(token) if self.rng.random_bool(0.9) => token,
            _ => ["e2e4", "a1a1", "z9z9", "e7e8q", "P@e4"]
                .choose(&mut self.rng)
                .unwrap()
                .to_string(),
        };
        self.send(&format!("usermove {token}")).map(|_| ())
    }

    fn setboard(&mut self) -> Result<(), Failure> {
        let rng = &mut self.rng;
        let mut fresh = amity_variants::new_game(self.variant).unwrap();
        let fen = with_game!(&mut fresh, g => {
            let plies = rng.random_range(0..50);
            let _ = random_tokens(g, rng, plies);
            Dialect::of(g.rules()).to_gui_fen(&g.position().to_fen(g.rules()))
        });
        let fen = if rng.random_bool(0.1) {
            mutate(&fen, rng)
        } else {
            fen
        };
        self.send(&format!("setboard {fen}")).map(|_| ())
    }

    fn step(&mut self) -> Result<(), Failure> {
        match self.rng.random_range(0..100) {
            0..=19 => self.go(),
            20..=34 => self.usermove(),
            35..=44 => self.ping().map(|_| ()),
            45..=52 => self.setboard(),
            53..=57 => {
                // `new` is a game of chess until `variant` says otherwise.
                self.variant = "chess";
                self.send("new")?;
                self.send("force").map(|_| ())
            }
            58..=61 => {
                let name = amity_uci::gui::xboard_name(
                    amity_variants::NAMES.choose(&mut self.rng).unwrap(),
                );
                let variant = amity_variants::NAMES
                    .iter()
                    .find(|v| amity_uci::gui::xboard_name(v) == name)
                    .unwrap();
                self.variant = variant;
                self.send("new")?;
                self.send(&format!("variant {name}"))?;
                self.send("force").map(|_| ())
            }
            62..=65 => {
                let line = *["undo", "remove"].choose(&mut self.rng).unwrap();
                self.send(line).map(|_| ())
            }
            66..=69 => {
                self.send("analyze")?;
                let pause = Duration::from_millis(self.rng.random_range(0..300));
                let _ = self.read_until(Instant::now() + pause, |_| false)?;
                self.send("exit")?;
                self.ping().map(|_| ())
            }
            70..=79 => {
                let line = match self.rng.random_range(0..9) {
                    0 => format!("sd {}", self.rng.random_range(1..8)),
                    1 => format!("st {}", self.rng.random_range(1..3)),
                    2 => format!("level 40 0:{:02} 0", self.rng.random_range(2..30)),
                    3 => format!("time {}", self.rng.random_range(0..3000)),
                    4 => format!("otim {}", self.rng.random_range(0..3000)),
                    5 => format!("memory {}", self.rng.random_range(1..64)),
                    6 => format!("cores {}", self.rng.random_range(1..3)),
                    7 => ["post", "nopost", "hard", "easy", "random", "computer"]
                        .choose(&mut self.rng)
                        .unwrap()
                        .to_string(),
                    _ => format!("option Seed={}", self.rng.random::<u16>()),
                };
                self.send(&line).map(|_| ())
            }
            80..=89 => {
                let line = garbage(&mut self.rng);
                // Lines that would start a search or game the run does not follow.
                if [
                    "go",
                    "usermove",
                    "analyze",
                    "playother",
                    "white",
                    "black",
                    "perft",
                    "bench",
                ]
                .iter()
                .any(|w| line.trim_start().starts_with(w))
                {
                    return Ok(());
                }
                self.send(&line).map(|_| ())
            }
            90..=92 => self.send("?").map(|_| ()),
            _ => {
                let pause = Duration::from_millis(self.rng.random_range(0..50));
                self.read_until(Instant::now() + pause, |_| false)
                    .map(|_| ())
            }
        }
    }
}

fn xboard_episode(
    config: &Config,
    stats: &mut Stats,
    seed: u64,
    variant: &'static str,
) -> (Result<(), Failure>, Engine) {
    let mut run = XboardRun {
        engine: Engine::start(&config.binary),
        rng: StdRng::seed_from_u64(seed),
        stats,
        config,
        variant,
        pings: 0,
    };
    let result = (|| {
        run.send("xboard")?;
        run.send("protover 2")?;
        let (_, done) = run.read_until(Instant::now() + HANG, |l| l == "feature done=1")?;
        done.ok_or_else(|| failure("hang", "no feature done=1"))?;
        run.send("new")?;
        run.send(&format!("variant {}", amity_uci::gui::xboard_name(variant)))?;
        run.send("force")?;
        let limit = ["sd 3", "st 1", "sd 20", "level 40 0:10 0"]
            .choose(&mut run.rng)
            .unwrap();
        run.send(limit)?;
        run.ping()?;
        let commands = run.rng.random_range(config.commands / 2..=config.commands);
        for _ in 0..commands {
            run.step()?;
        }
        let took = run.engine.quit()?;
        run.stats.record(variant, "quit", took);
        if took > config.limit {
            return Err(failure("slow", format!("quit took {took:?}")));
        }
        Ok(())
    })();
    (result, run.engine)
}

// ----- the runs -----

fn env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Runs episodes (every variant in turn, three UCI to one XBoard) until the time is spent, or
/// one UCI and one XBoard episode per variant when no time is given. Returns the failures.
fn run(config: &Config, stats: &mut Stats) -> Vec<String> {
    let started = Instant::now();
    let mut found = Vec::new();
    let mut episode = 0u64;
    loop {
        let variant = amity_variants::NAMES[(episode / 2) as usize % amity_variants::NAMES.len()];
        let xboard = if config.duration.is_zero() {
            episode % 2 == 1
        } else {
            episode % 4 == 3
        };
        let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(episode);
        let (outcome, engine) = if xboard {
            xboard_episode(config, stats, seed, variant)
        } else {
            uci_episode(config, stats, seed, variant)
        };
        stats.episodes += 1;
        if let Err(what) = outcome {
            let protocol = if xboard { "xboard" } else { "uci" };
            let name = format!("{}-{variant}-{protocol}-{seed}", what.kind);
            let path = engine.save(&name, &what);
            found.push(format!("{name}: {} ({})", what.detail, path.display()));
        }
        episode += 1;
        let done = if config.duration.is_zero() {
            episode >= 2 * amity_variants::NAMES.len() as u64
        } else {
            started.elapsed() >= config.duration
        };
        if done {
            return found;
        }
    }
}

#[test]
fn random_command_streams_keep_the_engine_live_and_legal() {
    let long = env::<u64>("AMITY_STRESS_SECONDS");
    let config = Config {
        seed: env("AMITY_STRESS_SEED").unwrap_or(34),
        duration: Duration::from_secs(long.unwrap_or(0)),
        commands: env("AMITY_STRESS_COMMANDS").unwrap_or(if long.is_some() { 120 } else { 40 }),
        limit: Duration::from_millis(env("AMITY_STRESS_LIMIT_MS").unwrap_or(2000)),
        binary: std::env::var_os("AMITY_STRESS_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_amity"))),
    };
    let mut stats = Stats::default();
    let found = run(&config, &mut stats);
    let table = stats.table();
    println!("{table}");
    let report = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/stress-report.txt");
    let _ = std::fs::write(&report, format!("{table}\n{}\n", found.join("\n")));
    assert!(
        stats.checked_moves > 0,
        "the streams checked no move: the stress test tests nothing"
    );
    assert!(
        found.is_empty(),
        "the stress test found:\n{}",
        found.join("\n")
    );
}
