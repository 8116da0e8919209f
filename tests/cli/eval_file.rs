//! The chess network chosen by the `EvalFile` option through the real binary, over UCI and
//! XBoard: a network file plays, `linear` turns the network off, and a missing file or one
//! that is no network is refused in the protocol's error form, the network in use kept; the
//! search answers after each.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use amity_variants::chess::network::ChessNetwork;
use common::Engine;

const WAIT: Duration = Duration::from_secs(60);

/// A directory of network files: the embedded network written out (a good file), a file
/// that is no network, and the name of one that does not exist.
struct Files {
    dir: PathBuf,
    good: PathBuf,
    garbage: PathBuf,
    missing: PathBuf,
}

impl Files {
    fn new(test: &str) -> Files {
        let dir = std::env::temp_dir().join(format!("amity-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let embedded = ChessNetwork::default();
        let good = dir.join("embedded.nnue");
        std::fs::write(&good, embedded.network().unwrap().to_bytes()).unwrap();
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a network").unwrap();
        let missing = dir.join("missing.nnue");
        Files {
            dir,
            good,
            garbage,
            missing,
        }
    }
}

impl Drop for Files {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A fresh game's search after e2e4, to depth 5 with one thread: what each iteration
/// said (depth, score, nodes, line: everything but the clock's readings) and the answer.
/// Two searches with the same evaluation say the same.
fn searched(engine: &mut Engine) -> Vec<String> {
    engine.send("ucinewgame");
    engine.send("position startpos moves e2e4");
    engine.send("go depth 5");
    let said = engine.read_until(WAIT, |line| line.starts_with("bestmove "));
    said.iter()
        .filter(|line| line.starts_with("info depth ") || line.starts_with("bestmove "))
        .map(|line| without_clock(line))
        .collect()
}

/// An `info` line without the fields that depend on how fast the machine is.
fn without_clock(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut kept = Vec::new();
    let mut index = 0;
    while index < words.len() {
        if matches!(words[index], "time" | "nps" | "hashfull") {
            index += 2;
        } else {
            kept.push(words[index]);
            index += 1;
        }
    }
    kept.join(" ")
}

fn set_eval_file(engine: &mut Engine, value: &Path) -> Vec<String> {
    engine.send(&format!(
        "setoption name EvalFile value {}",
        value.display()
    ));
    engine.sync()
}

#[test]
fn uci_eval_file_chooses_the_network_and_a_bad_file_keeps_the_one_in_use() {
    let files = Files::new("uci-eval-file");
    let mut engine = Engine::start();
    engine.send("uci");
    let said = engine.read_until(WAIT, |line| line == "uciok");
    assert!(
        said.iter()
            .any(|line| line == "option name EvalFile type string default embedded"),
        "{said:#?}"
    );
    let embedded = searched(&mut engine);
    assert!(embedded.last().unwrap().starts_with("bestmove "));
    assert_eq!(
        set_eval_file(&mut engine, Path::new("linear")),
        Vec::<String>::new()
    );
    let linear = searched(&mut engine);
    assert_ne!(linear, embedded, "the network plays no part");
    for (bad, complaint) in [
        (&files.missing, "cannot read the file"),
        (&files.garbage, "not an Amity network file"),
    ] {
        let said = set_eval_file(&mut engine, bad);
        let expected = format!(
            "info string error: option 'EvalFile' cannot use '{}': ",
            bad.display()
        );
        assert!(
            said.iter().any(|line| line.starts_with(&expected)
                && line.contains(complaint)
                && line.ends_with("it keeps its previous value")),
            "{said:#?}"
        );
        assert_eq!(
            searched(&mut engine),
            linear,
            "after {}, the linear evaluation still plays",
            bad.display()
        );
    }
    // A file holding the embedded network plays as the embedded network does.
    assert_eq!(
        set_eval_file(&mut engine, &files.good),
        Vec::<String>::new()
    );
    assert_eq!(searched(&mut engine), embedded);
}

#[test]
fn xboard_offers_eval_file_and_refuses_a_bad_file_in_its_error_form() {
    let files = Files::new("xboard-eval-file");
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(WAIT, |line| line == "feature done=1");
    assert!(
        features
            .iter()
            .any(|line| line.contains("option=\"EvalFile -file embedded\"")),
        "{features:#?}"
    );
    let mut ping = 0;
    let mut option = |engine: &mut Engine, value: &Path| {
        ping += 1;
        engine.send(&format!("option EvalFile={}", value.display()));
        engine.send(&format!("ping {ping}"));
        let pong = format!("pong {ping}");
        let mut said = engine.read_until(WAIT, |line| line == pong);
        said.pop();
        said
    };
    for (bad, complaint) in [
        (&files.missing, "cannot read the file"),
        (&files.garbage, "not an Amity network file"),
    ] {
        let said = option(&mut engine, bad);
        let expected = format!("Error (option 'EvalFile' cannot use '{}': ", bad.display());
        let echoed = format!("): option EvalFile={}", bad.display());
        assert!(
            said.iter().any(|line| line.starts_with(&expected)
                && line.contains(complaint)
                && line.ends_with(&echoed)),
            "{said:#?}"
        );
        assert!(
            !said.iter().any(|line| line.starts_with("info string")),
            "{said:#?}"
        );
    }
    assert_eq!(option(&mut engine, &files.good), Vec::<String>::new());
    // The engine plays White from the start with the network the option chose.
    engine.send("new");
    engine.send("sd 3");
    engine.send("go");
    let said = engine.read_until(WAIT, |line| line.starts_with("move "));
    assert!(said.last().unwrap().len() > "move ".len(), "{said:#?}");
}
