//! Booster Chess through the real binary: `go perft` counts the perft file as the library does.

use std::path::Path;

use crate::common;

fn perft_cases() -> Vec<common::PerftCase> {
    common::read_perft_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft/booster.perft"),
    )
}

/// The binary's `go perft` reads every FEN of the file (`mid=` and reshuffles included) and
/// counts as the library does, at the deepest depth up to 20,000 nodes.
#[test]
fn go_perft_counts_the_perft_file() {
    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value booster");
    engine.send("position startpos");
    let (_, total) = engine.perft(3);
    assert_eq!(total, 11680);
    for case in perft_cases() {
        engine.send(&format!("position fen {}", case.fen));
        let errors: Vec<String> = engine
            .sync()
            .into_iter()
            .filter(|line| line.contains("error"))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", case.fen);
        let Some(&(depth, expected)) = case
            .counts
            .iter()
            .filter(|(_, count)| *count <= 20_000)
            .max_by_key(|(depth, _)| *depth)
        else {
            continue;
        };
        let (_, total) = engine.perft(depth);
        assert_eq!(total, expected, "go perft {depth} of {}", case.fen);
    }
}
