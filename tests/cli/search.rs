//! The search through the real binary: `stop` during `go infinite` is answered at once, and a
//! pondering search waits for `ponderhit`, then keeps to the clock.

use std::time::{Duration, Instant};

use crate::common::Engine;

#[test]
fn stop_during_go_infinite_is_answered_within_50ms() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(Duration::from_secs(10), |l| l == "uciok");
    let positions = [
        "position startpos",
        "position fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "position startpos moves d2d4",
        "position fen 2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/4R1K1 w - - 0 20",
    ];
    let mut latencies = Vec::new();
    for position in positions {
        engine.send(position);
        engine.sync();
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        engine.send("stop");
        let lines = engine.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
        latencies.push(asked.elapsed());
        let best = lines.last().expect("a bestmove line");
        assert!(
            !best.contains("0000"),
            "no move from a live position: {best}"
        );
    }
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    assert!(
        median <= Duration::from_millis(50),
        "median stop latency {median:?} (all: {latencies:?})"
    );
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_to_the_clock() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(Duration::from_secs(10), |l| l == "uciok");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    std::thread::sleep(Duration::from_millis(400));
    let early = engine.sync();
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "a pondering search answered before ponderhit: {early:?}"
    );
    let hit = Instant::now();
    engine.send("ponderhit");
    let lines = engine.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    // After ponderhit the search runs on a 2 s clock (its hard limit is half of it): it must
    // answer before that clock runs out, however busy the machine is.
    assert!(
        hit.elapsed() < Duration::from_millis(2000),
        "answered {:?} after ponderhit",
        hit.elapsed()
    );
    assert!(lines.iter().any(|l| l.starts_with("info depth")));

    // A ponder search that is stopped answers at once.
    engine.send("position startpos moves d2d4");
    engine.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    let lines = engine.read_until(Duration::from_secs(5), |l| l.starts_with("bestmove"));
    assert!(!lines.last().unwrap().contains("0000"));
}
