//! Perft suites: every `tests/perft/<variant>.perft` file checked through the real binary's
//! `go perft`, position by position and depth by depth. Counts above `AMITY_PERFT_MAX_NODES`
//! (default 250 million) are skipped so the suite stays fast; set it higher for a full run.

use crate::common;

use common::{Engine, read_perft_file};
use std::path::Path;

fn max_nodes() -> u64 {
    std::env::var("AMITY_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250_000_000)
}

fn check_file(variant: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(format!("{variant}.perft"));
    let cases = read_perft_file(&path);
    assert!(!cases.is_empty(), "{} has no positions", path.display());
    let mut engine = Engine::start();
    let mut checked = 0;
    for case in cases {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        for line in &case.setup {
            engine.send(line);
        }
        engine.send(&format!("position fen {}", case.fen));
        let errors: Vec<String> = engine
            .sync()
            .into_iter()
            .filter(|l| l.contains("error"))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", case.fen);
        for (depth, expected) in &case.counts {
            if *expected > max_nodes() {
                continue;
            }
            let (_, total) = engine.perft(*depth);
            assert_eq!(total, *expected, "{variant} perft {depth} of {}", case.fen);
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn chess() {
    check_file("chess");
}

#[test]
fn losalamos() {
    check_file("losalamos");
}

#[test]
fn moralsupport() {
    check_file("moralsupport");
}

#[test]
fn pacifist() {
    check_file("pacifist");
}

#[test]
fn itiswhatitis() {
    check_file("itiswhatitis");
}

#[test]
fn love() {
    check_file("love");
}

#[test]
fn fischerandom() {
    check_file("fischerandom");
}

#[test]
fn divide_lines_sum_to_the_total() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    let (divide, total) = engine.perft(3);
    assert_eq!(divide.len(), 20);
    let sum: u64 = divide
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, total);
    assert_eq!(total, 8902);
}

#[test]
fn gravity() {
    check_file("gravity");
}

#[test]
fn parade() {
    check_file("parade");
}

#[test]
fn neighbour() {
    check_file("neighbour");
}

#[test]
fn chesswords() {
    check_file("chesswords");
}

/// `amity perft --option PacifistMeasure=M` counts under that measure: the data file's counts for
/// every position it sets up with a `PacifistMeasure` line, at the shallow depths.
#[test]
fn the_perft_subcommand_takes_the_pacifist_measure_as_an_option() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/pacifist.perft");
    let mut checked = std::collections::HashSet::new();
    for case in read_perft_file(&path) {
        let Some(measure) = case
            .setup
            .iter()
            .rev()
            .find_map(|line| line.strip_prefix("setoption name PacifistMeasure value "))
        else {
            continue;
        };
        let Some(&(depth, expected)) = case
            .counts
            .iter()
            .filter(|(_, count)| *count <= 300_000)
            .max_by_key(|(depth, _)| *depth)
        else {
            continue;
        };
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
            .args(["perft", &depth.to_string(), "--variant", "pacifist"])
            .args(["--option", &format!("PacifistMeasure={}", measure.trim())])
            .args(["--fen", &case.fen])
            .output()
            .expect("amity runs");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains(&format!("Nodes searched: {expected}\n")),
            "{measure} {} depth {depth}: {text}",
            case.fen
        );
        checked.insert(measure.trim().to_string());
    }
    assert_eq!(checked.len(), 3, "every measure checked: {checked:?}");
}
