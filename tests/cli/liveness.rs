//! `stop`, `isready` and `quit` are always heard: every kind of `go`, `bench` and option
//! changes in every variant, mid-turn and chance positions included, and a `Hash` the
//! machine cannot give is refused without harm. The bounds on answers here are generous
//! (seconds, for a loaded two-core CI machine): they catch hangs, not slowness; the stress
//! test reports the real latencies.

use crate::common;

use common::Engine;
use std::time::{Duration, Instant};

/// Longer than any answer to `stop` may take, even on a loaded machine.
const PROMPT: Duration = Duration::from_secs(3);

/// A Gravity position where the side to move plays a turn of two decisions (a pawn step,
/// then a drop): the follow-up decision once ignored `stop` and hung the engine.
const GRAVITY_TWO_LEG_TURN: &str = "position fen 8/8/8/8/8/8/8/8 w - - 0 1 \
     decks:kqrrbbnnppp/KQRRBBNNPPPP flip:p pawns:- moved:- blocked:- moves p@a8";

/// Sends `stop` and returns how long the `bestmove` took, with its line.
fn stop_and_time(engine: &mut Engine) -> (Duration, String) {
    let (took, lines) = stop_and_read(engine);
    (took, lines.last().cloned().unwrap_or_default())
}

/// Sends `stop` and returns how long the `bestmove` took, with every line before it.
fn stop_and_read(engine: &mut Engine) -> (Duration, Vec<String>) {
    let sent = Instant::now();
    engine.send("stop");
    let lines = engine.read_until(PROMPT, |line| line.starts_with("bestmove"));
    (sent.elapsed(), lines)
}

/// The engine still answers `isready` promptly and plays on.
fn assert_alive(engine: &mut Engine) {
    engine.send("isready");
    engine.read_until(PROMPT, |line| line == "readyok");
}

/// Whether `token` (one decision, or a whole turn joined by commas) is legal for the engine
/// in its current position: `position ... moves` accepts it without an error.
fn legal_in(engine: &mut Engine, setup: &str, token: &str) -> bool {
    let line = if setup.contains(" moves ") {
        format!("{setup} {token}")
    } else {
        format!("{setup} moves {token}")
    };
    engine.send(&line);
    !engine
        .sync()
        .iter()
        .any(|l| l.starts_with("info string error"))
}

#[test]
fn a_stopped_gravity_turn_answers_at_once_with_a_whole_legal_turn() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value gravity");
    engine.send(GRAVITY_TWO_LEG_TURN);
    // Depth 30 is out of reach: without a `stop` heard by every leg this never answers.
    engine.send("go depth 30");
    // The position waits for a card: the engine turns it itself and says which.
    let said = engine.read_until(PROMPT, |line| line.starts_with("info string throw "));
    let card = said.last().unwrap()["info string throw ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    std::thread::sleep(Duration::from_millis(300));
    let (took, line) = stop_and_time(&mut engine);
    let turn = line.split_whitespace().nth(1).expect("a move").to_string();
    assert!(turn.contains(','), "a two-decision turn, got '{line}'");
    assert!(
        legal_in(&mut engine, GRAVITY_TWO_LEG_TURN, &format!("{card} {turn}")),
        "'{card} {turn}' is not legal"
    );
    assert!(took < PROMPT, "{took:?}");
    engine.send("quit");
    assert!(engine.wait_exit(PROMPT));
}

#[test]
fn a_hash_larger_than_the_machine_is_refused_and_the_old_table_kept() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(PROMPT, |line| line == "uciok");
    engine.send("setoption name Hash value 65536");
    let said = engine.sync();
    let available = amity_engine::search::transposition::available_memory();
    if available.is_some_and(|bytes| bytes < 65536 << 20) {
        assert!(
            said.iter()
                .any(|l| l.starts_with("info string error:") && l.contains("Hash unchanged")),
            "{said:?}"
        );
    }
    // The engine lives on and searches with the table it had.
    engine.send("go depth 6");
    engine.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    // XBoard's `memory` takes the same path.
    let mut xboard = Engine::start();
    xboard.send("xboard");
    xboard.send("protover 2");
    xboard.send("memory 65536");
    xboard.send("ping 7");
    let said = xboard.read_until(PROMPT, |l| l == "pong 7");
    if available.is_some_and(|bytes| bytes < 65536 << 20) {
        assert!(said.iter().any(|l| l.starts_with("Error (")), "{said:?}");
    }
}

#[test]
fn every_kind_of_go_stops_in_every_variant() {
    let kinds = [
        "go depth 60",
        "go nodes 4000000000",
        "go movetime 600000",
        "go infinite",
        "go ponder wtime 600000 btime 600000",
        "go wtime 3600000 btime 3600000 movestogo 1",
        "go mate 40",
        "go perft 12",
    ];
    let mut engine = Engine::start();
    for variant in amity_variants::NAMES {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        for kind in kinds {
            engine.send(kind);
            std::thread::sleep(Duration::from_millis(150));
            let sent = Instant::now();
            if kind.contains("perft") {
                engine.send("stop");
                // A solitaire's short games may be counted out before the stop arrives.
                engine.read_until(PROMPT, |l| {
                    l.contains("perft 12 stopped") || l.starts_with("Nodes searched")
                });
            } else {
                let (_, line) = stop_and_time(&mut engine);
                assert!(line.starts_with("bestmove "), "{variant} {kind}: {line}");
                assert_ne!(line, "bestmove 0000", "{variant} {kind}");
            }
            assert!(sent.elapsed() < PROMPT, "{variant} {kind}");
            assert_alive(&mut engine);
        }
    }
    engine.send("quit");
    assert!(engine.wait_exit(PROMPT));
}

#[test]
fn mid_turn_and_chance_positions_stop_too() {
    let setups = [
        // Gravity, waiting for a card to be turned (chance at the root).
        ("gravity", GRAVITY_TWO_LEG_TURN.to_string()),
        // Gravity, a turn of two decisions after its first one.
        ("gravity", format!("{GRAVITY_TWO_LEG_TURN} flip:P a8a7")),
        // CHESS with LOVE before the couple is thrown (chance at the root).
        ("love", "position startpos".to_string()),
        ("love", "position startpos moves roll:h7b7 e2e4".to_string()),
    ];
    let mut engine = Engine::start();
    for (variant, setup) in &setups {
        for kind in ["go infinite", "go depth 60"] {
            engine.send(&format!("setoption name UCI_Variant value {variant}"));
            engine.send(setup);
            assert!(
                !engine
                    .sync()
                    .iter()
                    .any(|l| l.starts_with("info string error")),
                "{setup}"
            );
            engine.send(kind);
            std::thread::sleep(Duration::from_millis(200));
            let (took, line) = stop_and_time(&mut engine);
            assert!(took < PROMPT, "{setup} {kind}");
            assert!(line.starts_with("bestmove "), "{setup}: {line}");
        }
    }
}

#[test]
fn options_during_an_endless_search_neither_hang_nor_get_lost() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    // The option stops the search (its answer comes) and then takes effect.
    let sent = Instant::now();
    engine.send("setoption name Hash value 32");
    engine.read_until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(sent.elapsed() < PROMPT);
    for option in [
        "setoption name Threads value 2",
        "setoption name Clear Hash",
        "setoption name UCI_Variant value losalamos",
    ] {
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(100));
        engine.send(option);
        engine.read_until(PROMPT, |l| l.starts_with("bestmove"));
    }
    assert_alive(&mut engine);
    engine.send("d");
    engine.read_until(PROMPT, |l| l == "Variant: losalamos");
}

#[test]
fn bench_and_perft_hear_stop_and_quit() {
    let mut engine = Engine::start();
    engine.send("bench 40");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    engine.read_until(PROMPT, |l| l == "readyok");
    engine.send("stop");
    engine.read_until(PROMPT, |l| l.starts_with("info string bench stopped"));
    engine.send("go perft 20");
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    engine.send("quit");
    assert!(engine.wait_exit(PROMPT));
    assert!(sent.elapsed() < PROMPT);
}

#[test]
fn the_most_threads_a_gui_may_ask_for_search_and_stop() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 256");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let (took, line) = stop_and_time(&mut engine);
    assert!(line.starts_with("bestmove "), "{line}");
    assert!(took < PROMPT);
    engine.send("setoption name Threads value 1");
    assert_alive(&mut engine);
}

#[test]
fn extreme_limits_are_searched_or_refused_never_a_crash() {
    let mut engine = Engine::start();
    let stopped_later = [
        "go depth 4294967295",
        "go mate 4294967295",
        "go movetime 18446744073709551615",
        "go nodes 18446744073709551615",
        "go wtime 18446744073709551615 winc 18446744073709551615 btime 1",
        "go perft 64",
    ];
    for go in stopped_later {
        engine.send(go);
        std::thread::sleep(Duration::from_millis(100));
        engine.send("stop");
        assert_alive(&mut engine);
    }
    let answered_at_once = [
        "go wtime 0 btime 0",
        "go wtime -100 btime -100",
        "go nodes 1",
        "go depth 0",
        "go movetime 0",
        "go movestogo 0 wtime 1000 btime 1000",
    ];
    for go in answered_at_once {
        engine.send(go);
        engine.read_until(PROMPT, |l| {
            l.starts_with("bestmove ") || l.contains("error")
        });
    }
    engine.send("go perft 4294967295");
    let said = engine.sync();
    assert!(
        said.iter()
            .any(|l| l.contains("perft depth 4294967295 is beyond")),
        "{said:?}"
    );
    engine.send("setoption name Move Overhead value 5000");
    engine.send("go wtime 10 btime 10");
    engine.read_until(PROMPT, |l| l.starts_with("bestmove "));
    engine.send("quit");
    assert!(engine.wait_exit(PROMPT));
}

/// Starts Amity with piped standard streams, sends `commands`, waits `after`, then closes the
/// reader of its output as a GUI that quits does, and returns whether it exited in time
/// with nothing on standard error.
fn ends_when_its_reader_goes(args: &[&str], commands: &str, after: Duration) -> (bool, String) {
    use std::io::{Read, Write};
    let mut child = common::spawn_piped(args);
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(commands.as_bytes()).expect("engine reads");
    stdin.flush().expect("flush");
    std::thread::sleep(after);
    // The GUI goes away: the reader closes while the engine's input stays open.
    drop(child.stdout.take());
    let closed = Instant::now();
    let mut exited = false;
    while closed.elapsed() < PROMPT {
        if let Ok(Some(_)) = child.try_wait() {
            exited = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    if !exited {
        let _ = child.kill();
    }
    let _ = child.wait();
    let mut errors = String::new();
    if let Some(mut stderr) = child.stderr.take() {
        let _ = stderr.read_to_string(&mut errors);
    }
    drop(stdin);
    (exited, errors)
}

#[test]
fn a_gui_that_stops_reading_ends_the_engine_quietly() {
    let cases: [(&[&str], &str); 4] = [
        (&[], "uci\ngo infinite\n"),
        (
            &[],
            "uci\nsetoption name UCI_Variant value booster\ngo depth 30\n",
        ),
        (&[], "uci\nbench 30\n"),
        (&["bench", "30"], ""),
    ];
    let mut rng_delay = 37u64;
    for (args, commands) in cases {
        for _ in 0..3 {
            // At a different point of the search each time.
            rng_delay = (rng_delay * 7919 + 13) % 400;
            let after = Duration::from_millis(50 + rng_delay);
            let (exited, errors) = ends_when_its_reader_goes(args, commands, after);
            assert!(
                exited,
                "{args:?} {commands:?}: still running after its reader went"
            );
            assert!(errors.is_empty(), "{args:?} {commands:?}: said {errors}");
        }
    }
}
