//! `amity solve` through the real binary: the best line and `score N` for RULES.md's test deals
//! (open piles), the hidden-pile policy's next decision and expected score from a view, the
//! benchmark's summary and CSV table, and bad input refused with a message and exit code 2.

use std::process::Command;

use amity_engine::Game;
use amity_variants::neighbour::{self, Neighbour};
use amity_variants::parade::{self, Parade};

/// Runs `amity solve` with `args`: exit code, standard output and standard error.
fn solve(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .arg("solve")
        .args(args)
        .output()
        .expect("amity runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A benchmark run with `args` writing its CSV to a file of its own (`name` tells the
/// tests apart): the exit code, stdout, stderr and the table written.
fn benchmark(name: &str, args: &[&str]) -> (Option<i32>, String, String, String) {
    let path = std::env::temp_dir().join(format!("amity-solve-{name}-{}.csv", std::process::id()));
    let csv = path.to_string_lossy().into_owned();
    let args: Vec<&str> = args.iter().copied().chain(["--csv", &csv]).collect();
    let (code, out, err) = solve(&args);
    let table = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    (code, out, err, table)
}

/// The tokens of the `line ...` the tool printed.
fn line_of(out: &str) -> Vec<String> {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("line"))
        .unwrap_or_else(|| panic!("no line in {out}"));
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn the_parade_test_deal_scores_four_with_a_line_that_connects() {
    let (code, out, err) = solve(&[
        "--variant",
        "parade",
        "--deal",
        "BRqNknrbNrKbQnRB",
        "--option",
        "ParadeOpen=true",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l == "score 4"), "{out}");
    assert!(out.contains(&format!("fen {}", parade::START_FEN)), "{out}");
    let line = line_of(&out);
    assert_eq!(line.len(), 4, "{out}");
    let mut game = Game::from_fen(Parade { open: true }, parade::START_FEN).unwrap();
    for token in &line {
        game.play_token(token).unwrap();
    }
    assert_eq!(parade::final_score(game.position()), Some(4));
}

#[test]
fn the_neighbour_test_deal_scores_twenty_four() {
    let (code, out, err) = solve(&[
        "--variant",
        "neighbour",
        "--fen",
        neighbour::START_FEN,
        "--option",
        "NeighbourOpen=true",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().any(|l| l == "score 24"), "{out}");
    let mut game = Game::from_fen(Neighbour { open: true }, neighbour::START_FEN).unwrap();
    for token in line_of(&out) {
        game.play_token(&token).unwrap();
    }
    assert_eq!(neighbour::final_score(game.position()), Some(24));
}

#[test]
fn a_view_gets_the_policys_next_decision_and_an_expected_score() {
    let (code, out, err) = solve(&[
        "--variant",
        "parade",
        "--fen",
        "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0",
        "--time-limit",
        "5",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(line_of(&out).len(), 1, "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("score ") && l.contains("expected")),
        "{out}"
    );
}

#[test]
fn the_benchmark_prints_a_histogram_and_writes_one_csv_line_per_deal() {
    let (code, out, err, table) = benchmark(
        "histogram",
        &[
            "--variant",
            "parade",
            "--deals",
            "3",
            "--seed",
            "4",
            "--open-only",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("3 deals of parade (seed 4)"), "{out}");
    assert!(out.contains("(3 of 3 deals proven)"), "{out}");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(lines[0].starts_with("deal,score,"));
    // Every deal is 16 letters and a proven score between -16 and 8.
    for row in &lines[1..] {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields[0].len(), 16, "{row}");
        let score: i32 = fields[1].parse().unwrap();
        assert!((-16..=8).contains(&score), "{row}");
    }
}

#[test]
fn a_deal_cut_short_reports_its_interval_with_the_beam_width_and_table_asked_for() {
    let (code, out, err, table) = benchmark(
        "beam",
        &[
            "--variant",
            "neighbour",
            "--deals",
            "1",
            "--seed",
            "1",
            "--open-only",
            "--node-limit",
            "300",
            "--hash",
            "4",
            "--beam-width",
            "40",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("(0 of 1 deals proven)"), "{out}");
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    let row: Vec<&str> = table.lines().nth(1).unwrap().split(',').collect();
    let field = |name: &str| row[header.iter().position(|column| *column == name).unwrap()];
    assert_eq!(field("score"), "", "{table}");
    // The beam found a win, which no proven limit undercuts.
    let found: i32 = field("best_found").parse().unwrap();
    let at_most: i32 = field("score_at_most").parse().unwrap();
    assert!((0..=at_most).contains(&found), "{table}");
}

#[test]
fn bad_input_is_refused_with_a_message() {
    for args in [
        &["--variant", "parade", "--fen", "junk"][..],
        &["--variant", "chess", "--seed", "1"][..],
        &["--variant", "nosuchgame", "--seed", "1"][..],
        &["--variant", "parade", "--deal", "KQRRBBNNkqrrbbn"][..],
        &["--variant", "neighbour", "--deal", "KQ/2r"][..],
        &[
            "--variant",
            "neighbour",
            "--deals",
            "1",
            "--beam-width",
            "wide",
        ][..],
        &["--variant", "neighbour", "--deals", "1", "--hash", "-1"][..],
    ] {
        let (code, _, err) = solve(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}
