//! Every limit a GUI can set ends the search by itself, in every game, from a full state, from
//! a seat's view and for every seat that decides: `go depth`, `go nodes`, `go movetime`, the
//! clocks with and without `movestogo`, `go infinite` and `go ponder` (which must not answer
//! before `stop`/`ponderhit`), and XBoard's `sd`, `st` and `level`. A timed answer may come at
//! most [`OVERRUN`] plus one batch of nodes after its limit.
//!
//! Each search is alone on the machine (one test in this file, one engine thread), so the
//! allowance measures the engine, not the test's neighbours.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use amity_engine::search::{Clock, Limits};
use common::Engine;

/// How late a timed answer may be, besides one batch of nodes between two looks at the clock
/// (see [`node_batch`]).
const OVERRUN: Duration = Duration::from_millis(50);

/// How many positions the search and the solvers visit between two looks at the clock.
const NODE_BATCH: u64 = 1024;

/// Longer than any depth- or node-limited search here may take, even in a debug build: a
/// search that has not answered by then never will.
const ENDS: Duration = Duration::from_secs(60);

/// How long a held search (infinite, ponder) is watched for an answer it must not give.
const HELD: Duration = Duration::from_millis(700);

/// The engine's default `Move Overhead`: the share of a limit kept for the GUI's side.
const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// Where each game is tried: its start, and for games that hide information one of its
/// seat's views (what a referee that keeps secrets sends).
fn setups(engine: &mut Engine, variant: &str) -> Vec<String> {
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("position startpos");
    let mut setups = vec!["position startpos".to_string()];
    engine.send("d");
    let said = engine.read_until(ENDS, |l| l.starts_with("Side to move"));
    if let Some(view) = said.iter().find_map(|l| l.split_once("'s view: ")) {
        setups.push(format!("position fen {}", view.1));
    }
    setups
}

/// Sends `go` and waits for its `bestmove`; how long it took and the line (`no answer` if
/// none came in [`ENDS`], after which the search is stopped so the next one can start).
fn answer(engine: &mut Engine, go: &str) -> (Duration, String) {
    let sent = Instant::now();
    engine.send(go);
    while sent.elapsed() < ENDS {
        let said = engine.read_for(Duration::from_millis(5));
        if let Some(line) = said.iter().find(|l| l.starts_with("bestmove")) {
            return (sent.elapsed(), line.clone());
        }
    }
    engine.send("stop");
    engine.read_until(ENDS, |l| l.starts_with("bestmove"));
    (sent.elapsed(), "no answer".to_string())
}

/// A clock limit: the time the engine may spend by its own budget, and the `go` that sets it.
fn clock_limit(time_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> (Duration, String) {
    let limits = Limits {
        clock: Some(Clock {
            time: Duration::from_millis(time_ms),
            increment: Duration::from_millis(increment_ms),
        }),
        moves_to_go,
        move_overhead: MOVE_OVERHEAD,
        ..Limits::default()
    };
    let hard = limits.budget().hard.expect("a clock is a time limit") + MOVE_OVERHEAD;
    let mut go =
        format!("go wtime {time_ms} btime {time_ms} winc {increment_ms} binc {increment_ms}");
    if let Some(moves) = moves_to_go {
        go.push_str(&format!(" movestogo {moves}"));
    }
    (hard, go)
}

/// How long one batch of [`NODE_BATCH`] nodes takes from the position the engine holds, answer
/// included: the quickest of three `go nodes` searches, so that a late answer is judged
/// against what this game costs on this machine in this build, not a guess.
fn node_batch(engine: &mut Engine) -> Duration {
    (0..3)
        .map(|_| answer(engine, &format!("go nodes {NODE_BATCH}")).0)
        .min()
        .unwrap_or(ENDS)
}

/// Tries every UCI limit from the position `setup` sets; returns the node batch it allowed.
fn every_uci_limit(
    engine: &mut Engine,
    what: &str,
    setup: &str,
    failures: &mut Vec<String>,
) -> Duration {
    engine.send(setup);
    let batch = node_batch(engine);
    let allowance = OVERRUN + batch;
    println!("{what}: {NODE_BATCH} nodes take {batch:?}; a late answer may be {allowance:?} late");
    let mut check = |failures: &mut Vec<String>, go: &str, limit: Option<Duration>| {
        let (took, line) = answer(engine, go);
        if !line.starts_with("bestmove ") {
            failures.push(format!("{what}: '{go}' answered '{line}'"));
        }
        if let Some(limit) = limit
            && took > limit + allowance
        {
            failures.push(format!(
                "{what}: '{go}' took {took:?}, limit {limit:?} (+{OVERRUN:?} +{batch:?})"
            ));
        }
    };
    check(failures, "go depth 2", None);
    check(failures, "go nodes 20000", None);
    check(
        failures,
        "go movetime 300",
        Some(Duration::from_millis(300)),
    );
    let (hard, go) = clock_limit(2000, 20, None);
    check(failures, &go, Some(hard));
    let (hard, go) = clock_limit(1000, 0, Some(1));
    check(failures, &go, Some(hard));
    let (hard, go) = clock_limit(5000, 0, Some(12));
    check(failures, &go, Some(hard));

    // Held searches answer only when released, then at once (well, within the allowance).
    for (go, release) in [
        ("go infinite", "stop"),
        ("go ponder wtime 60000 btime 60000", "stop"),
    ] {
        engine.send(go);
        let early = engine.read_for(HELD);
        if let Some(line) = early.iter().find(|l| l.starts_with("bestmove")) {
            failures.push(format!(
                "{what}: '{go}' answered '{line}' before '{release}'"
            ));
            continue;
        }
        let (took, line) = answer(engine, release);
        if !line.starts_with("bestmove ") || took > allowance {
            failures.push(format!(
                "{what}: '{go}' then '{release}': '{line}' after {took:?}"
            ));
        }
    }
    // A ponder hit turns the held search into a timed one: it ends by its clock.
    let (hard, _) = clock_limit(1000, 0, None);
    engine.send("go ponder wtime 1000 btime 1000");
    let early = engine.read_for(Duration::from_millis(300));
    if let Some(line) = early.iter().find(|l| l.starts_with("bestmove")) {
        failures.push(format!(
            "{what}: 'go ponder' answered '{line}' before 'ponderhit'"
        ));
    } else {
        let (took, line) = answer(engine, "ponderhit");
        if !line.starts_with("bestmove ") || took > hard + allowance {
            failures.push(format!(
                "{what}: 'ponderhit' answered '{line}' after {took:?}, limit {hard:?}"
            ));
        }
    }
    batch
}

/// One test, so that no other search shares the machine with the one being timed.
#[test]
fn every_limit_ends_the_search_in_every_game_view_seat_and_protocol() {
    let mut failures = Vec::new();
    let batches = uci_limits(&mut failures);
    xboard_limits(&batches, &mut failures);
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Every UCI limit in every game; returns each game's node batch at its start, which the
/// XBoard searches (from the same starts) are allowed.
fn uci_limits(failures: &mut Vec<String>) -> HashMap<&'static str, Duration> {
    let mut batches = HashMap::new();
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(ENDS, |l| l == "uciok");
    for &variant in amity_variants::NAMES {
        for setup in setups(&mut engine, variant) {
            let what = format!("{variant} ({setup})");
            let batch = every_uci_limit(&mut engine, &what, &setup, failures);
            batches.entry(variant).or_insert(batch);
        }
    }
    // Split-Brain's seats: each process answers its own decision, under the same contract.
    engine.send("setoption name UCI_Variant value splitbrain");
    engine.send("setoption name SplitBrainSeat value Wk");
    every_uci_limit(
        &mut engine,
        "splitbrain seat Wk",
        "position startpos",
        failures,
    );
    engine.send("quit");
    batches
}

fn xboard_limits(batches: &HashMap<&'static str, Duration>, failures: &mut Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.read_until(ENDS, |l| l == "feature done=1");
    for variant in amity_variants::NAMES {
        let allowance = OVERRUN + batches.get(variant).copied().unwrap_or_default();
        // `level 0 0:02 0`: two seconds for the game, as `time 200` (centiseconds) reads it.
        let (clock, _) = clock_limit(2000, 0, None);
        for (settings, limit) in [
            (vec!["sd 2"], None),
            (vec!["st 0.3"], Some(Duration::from_millis(300))),
            (vec!["level 0 0:02 0", "time 200", "otim 200"], Some(clock)),
        ] {
            engine.send("new");
            engine.send(&format!("variant {variant}"));
            engine.send("force");
            for line in &settings {
                engine.send(line);
            }
            let sent = Instant::now();
            engine.send("go");
            let lines = engine.read_until(ENDS, |l| {
                l.starts_with("move ") || l.starts_with("Error") || l.contains(" {")
            });
            let took = sent.elapsed();
            let last = lines.last().cloned().unwrap_or_default();
            if !last.starts_with("move ") && !last.contains(" {") {
                failures.push(format!("{variant} {settings:?}: '{last}'"));
            }
            if let Some(limit) = limit
                && took > limit + allowance
            {
                failures.push(format!(
                    "{variant} {settings:?}: took {took:?}, limit {limit:?} (+{allowance:?})"
                ));
            }
        }
    }
    engine.send("quit");
}
