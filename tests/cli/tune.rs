//! `amity tune`: self-play positions are made, saved and read back, the weights are fitted and
//! written as a weights file the evaluation can use; a variant without a linear evaluation is
//! refused with a reason.

use std::process::Command;

#[test]
fn tune_makes_data_fits_and_writes_weights() {
    let dir = std::env::temp_dir().join(format!("amity-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("positions.txt");
    let weights = dir.join("weights.rs");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_amity"))
            .args([
                "tune",
                "--variant",
                "losalamos",
                "--games",
                "6",
                "--nodes",
                "300",
            ])
            .args(["--epochs", "20", "--data"])
            .arg(&data)
            .args(extra)
            .output()
            .unwrap()
    };
    let first = run(&["--write", weights.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&first.stdout);
    assert!(
        first.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(said.contains("positions saved to"), "{said}");
    assert!(said.contains("error 0."), "{said}");
    // Every saved line is a FEN and a result for White.
    let saved = std::fs::read_to_string(&data).unwrap();
    assert!(saved.lines().count() > 20, "{saved}");
    for line in saved.lines() {
        let (_, result) = line.rsplit_once(';').unwrap();
        assert!(["1", "0", "0.5"].contains(&result), "{line}");
    }
    let source = std::fs::read_to_string(&weights).unwrap();
    let count = amity_variants::losalamos::evaluation::COUNT;
    assert!(
        source.contains(&format!("pub const WEIGHTS: [Tapered; {count}]")),
        "{source}"
    );
    assert_eq!(source.matches("    s(").count(), count);
    assert!(source.contains("// knight mobility"));
    // A second run reads the saved positions instead of playing.
    let second = run(&[]);
    let said = String::from_utf8_lossy(&second.stdout);
    assert!(said.contains("positions read from"), "{said}");
    let gravity = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["tune", "--variant", "gravity", "--games", "1", "--data"])
        .arg(dir.join("gravity.txt"))
        .output()
        .unwrap();
    assert!(!gravity.status.success());
    assert!(String::from_utf8_lossy(&gravity.stderr).contains("no linear evaluation"));
    // Positions alone, for a network or a labeller, need no linear evaluation.
    let positions = dir.join("moralsupport.txt");
    let made = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args([
            "tune",
            "--variant",
            "moralsupport",
            "--games",
            "2",
            "--nodes",
            "200",
        ])
        .args(["--epochs", "0", "--data"])
        .arg(&positions)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let made = std::fs::read_to_string(&positions).unwrap();
    assert!(made.lines().count() > 10, "{made}");
    assert!(made.lines().all(|line| line.contains(';')), "{made}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Data made for training elsewhere (`--epochs 0`) is written game by game in the order of
/// the games, whichever thread played them, and is not read back to be fitted: two runs with
/// the same seed write the same file.
#[test]
fn data_for_training_is_written_in_game_order_and_not_fitted() {
    let dir = std::env::temp_dir().join(format!("amity-tune-order-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let make = |name: &str| {
        let data = dir.join(name);
        let output = Command::new(env!("CARGO_BIN_EXE_amity"))
            .args([
                "tune",
                "--variant",
                "losalamos",
                "--games",
                "8",
                "--nodes",
                "200",
            ])
            .args(["--seed", "5", "--epochs", "0", "--data"])
            .arg(&data)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(output.status.success(), "{said}");
        assert!(said.contains("positions saved to"), "{said}");
        assert!(!said.contains("samples; logistic scale"), "fitted: {said}");
        std::fs::read_to_string(&data).unwrap()
    };
    let first = make("first.txt");
    assert!(first.lines().count() > 20, "{first}");
    assert_eq!(first, make("second.txt"));
    let _ = std::fs::remove_dir_all(&dir);
}
