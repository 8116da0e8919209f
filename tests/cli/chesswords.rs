//! Secret Chesswords through the real binary: the protocol reads views and full states (and
//! counts only full states), and the referee plays two Amity partners to the end.

use std::time::Duration;

use amity_variants::chesswords;

use crate::common::Engine;

const START: &str = chesswords::START_FEN;

#[test]
fn the_protocol_reads_views_and_full_states_and_counts_only_full_states() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value chesswords");
    engine.send(&format!(
        "position fen {START} moves word:oar,c2c3 say:pb,a5a4"
    ));
    engine.send("d");
    let lines = engine.read_until(Duration::from_secs(10), |l| l.starts_with("Legal moves"));
    assert!(
        lines.iter().any(|l| l.contains("cw:1:0:0:clue")),
        "{lines:?}"
    );
    let (_, total) = engine.perft(1);
    assert!(total > 1);
    let view = START.replace(
        "hands:PnRp/KqpP stack:NrpPQk",
        "hands:PnRp/???? stack:??????",
    );
    engine.send(&format!("position fen {view}"));
    engine.send("go perft 1");
    let lines = engine.read_until(Duration::from_secs(10), |l| l.contains("view"));
    assert!(lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send(&format!("position fen {view}"));
    engine.send("go depth 1");
    let lines = engine.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap();
    assert!(
        best.starts_with("bestmove ") && best != "bestmove 0000",
        "{lines:?}"
    );
    engine.send(&format!("position fen {START} moves word:xyzzy"));
    engine.send("isready");
    let lines = engine.read_until(Duration::from_secs(10), |l| l == "readyok");
    assert!(lines.iter().any(|l| l.contains("error")), "{lines:?}");
}

/// Two Amity engines as partners under the referee: each is told only its view, the game ends
/// by the rules, and the record carries the team's account.
#[test]
fn the_referee_plays_partners_and_records_the_team_score() {
    let pgn = std::env::temp_dir().join(format!("amity-chesswords-{}.pgn", std::process::id()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .args([
            "match",
            "--variant",
            "chesswords",
            "--games",
            "1",
            "--no-repeat",
        ])
        .args(["--max-plies", "400", "--pgnout", pgn.to_str().unwrap()])
        .output()
        .expect("amity runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("terminations: normal 1"), "{text}");
    assert!(text.contains("re-read and replayed legally"), "{text}");
    let record = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    for tag in [
        "[Letters ",
        "[Words ",
        "[Penalties ",
        "[TeamScore ",
        "[Grade ",
        "[Layout ",
    ] {
        assert!(record.contains(tag), "{tag} in {record}");
    }
}
