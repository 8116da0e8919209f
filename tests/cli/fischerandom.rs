//! Fischer Random chess and chess's `UCI_Chess960` through the protocols: castling written
//! king takes rook, the start chosen by `Chess960Start`, XBoard's own variant name.

use crate::common::Engine;
use std::time::Duration;

/// The castlings `go perft 1` lists (divide lines of king moves onto or past two files).
fn castlings(engine: &mut Engine, candidates: &[&str]) -> Vec<String> {
    let (divide, _) = engine.perft(1);
    let mut found: Vec<String> = divide
        .iter()
        .filter_map(|line| line.split(':').next())
        .filter(|token| candidates.contains(token))
        .map(str::to_string)
        .collect();
    found.sort();
    found
}

#[test]
fn uci_chess960_writes_castling_king_takes_rook_and_reads_any_arrangement() {
    let mut engine = Engine::start();
    let both = ["e1a1", "e1c1", "e1g1", "e1h1"];
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castlings(&mut engine, &both), ["e1c1", "e1g1"]);
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
    assert_eq!(engine.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castlings(&mut engine, &both), ["e1a1", "e1h1"]);
    // A Chess960 arrangement in Shredder-FEN, written back in X-FEN.
    engine.send("position fen rk4rb/8/8/8/8/8/8/RK4RB w GAga - 0 1");
    assert_eq!(engine.fen(), "rk4rb/8/8/8/8/8/8/RK4RB w KQkq - 0 1");
    assert_eq!(castlings(&mut engine, &["b1a1", "b1g1"]), ["b1a1"]);
    // Two rooks on one side: X-FEN's K/Q would name the outer one, so a right kept by the
    // inner rook is written by its file (Shredder's letter), the outer one's by K/Q.
    engine.send("position fen 1r2k1rr/pppppppp/8/8/8/8/PPPPPPPP/1R2K1RR w GBgb - 0 1");
    assert_eq!(
        engine.fen(),
        "1r2k1rr/pppppppp/8/8/8/8/PPPPPPPP/1R2K1RR w GQgq - 0 1"
    );
    assert_eq!(castlings(&mut engine, &["e1g1", "e1h1"]), ["e1g1"]);
    engine.send("position fen 1r2k1rr/pppppppp/8/8/8/8/PPPPPPPP/1R2K1RR w HBhb - 0 1");
    assert_eq!(
        engine.fen(),
        "1r2k1rr/pppppppp/8/8/8/8/PPPPPPPP/1R2K1RR w KQkq - 0 1"
    );
    // Off again: FIDE chess refuses the arrangement's rights.
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position fen rk4rb/8/8/8/8/8/8/RK4RB w GAga - 0 1");
    let errors = engine.sync();
    assert!(
        errors.iter().any(|line| line.contains("castling")),
        "{errors:?}"
    );
}

#[test]
fn fischerandom_starts_from_the_numbered_arrangement() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value fischerandom");
    engine.send("position startpos");
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    engine.send("setoption name Chess960Start value 0");
    engine.send("ucinewgame");
    engine.send("position startpos");
    assert_eq!(
        engine.fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    engine.send("go depth 3");
    let lines = engine.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

#[test]
fn xboard_plays_fischerandom_as_its_own_variant() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(Duration::from_secs(10), |l| l.contains("done=1"));
    assert!(
        features.iter().any(|l| l.contains("fischerandom")),
        "{features:?}"
    );
    engine.send("variant fischerandom");
    engine.send("setboard rk4rb/8/8/8/8/8/8/RK4RB w GAga - 0 1");
    engine.send("force");
    engine.send("usermove b1a1");
    engine.send("ping 1");
    let answer = engine.read_until(Duration::from_secs(10), |l| l == "pong 1");
    assert!(
        !answer
            .iter()
            .any(|l| l.contains("Illegal") || l.contains("setup")),
        "{answer:?}"
    );
}
