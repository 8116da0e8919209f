//! `amity train`: a chess network is trained on `amity tune`'s positions file and written,
//! chess plays with it when the `EvalFile` option names it, a file that is no network is
//! reported and play goes on with the network it had, `linear` turns the network off, and a
//! variant without a network is refused with a reason.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn amity() -> Command {
    Command::new(env!("CARGO_BIN_EXE_amity"))
}

/// Runs a UCI search to depth 4 after e2e4 with `EvalFile` set to `network`.
fn search_with(network: impl AsRef<Path>) -> Output {
    let mut child = amity()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!(
        "uci\nsetoption name EvalFile value {}\nisready\nposition startpos moves e2e4\n\
         go depth 4\nisready\nquit\n",
        network.as_ref().display()
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn train_writes_a_network_chess_plays_with() {
    let dir = std::env::temp_dir().join(format!("amity-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("positions.txt");
    let made = amity()
        .args([
            "tune",
            "--variant",
            "chess",
            "--games",
            "4",
            "--nodes",
            "200",
        ])
        .args(["--epochs", "0", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    // The second is read from the file a few positions at a time, as a large file would be.
    for (name, extra) in [
        ("pure.bin", &[][..]),
        ("linear.bin", &["--on-linear", "--part", "100"][..]),
    ] {
        let network = dir.join(name);
        let trained = amity()
            .args([
                "train",
                "--variant",
                "chess",
                "--epochs",
                "3",
                "--batch",
                "64",
            ])
            .arg("--data")
            .arg(&data)
            .arg("--write")
            .arg(&network)
            .args(extra)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&trained.stdout);
        assert!(trained.status.success(), "{said}{trained:?}");
        assert!(said.contains("epoch 3: training error 0."), "{said}");
        assert!(said.contains("held-out error 0."), "{said}");
        let played = search_with(&network);
        let out = String::from_utf8_lossy(&played.stdout);
        assert!(out.contains("bestmove "), "{out}");
        assert!(!out.contains("error"), "{out}");
        assert!(played.stderr.is_empty(), "{played:?}");
    }
    // A file that is no network: said as the protocol's error, and the search still answers.
    let bad = dir.join("bad.bin");
    std::fs::write(&bad, b"not a network").unwrap();
    let played = search_with(&bad);
    let out = String::from_utf8_lossy(&played.stdout);
    assert!(out.contains("bestmove "), "{out}");
    assert!(
        out.lines().any(
            |line| line.starts_with("info string error: option 'EvalFile'")
                && line.contains("not an Amity network file")
                && line.contains("keeps its previous value")
        ),
        "{out}"
    );
    let linear = search_with("linear");
    let out = String::from_utf8_lossy(&linear.stdout);
    assert!(out.contains("bestmove "), "{out}");
    assert!(!out.contains("error"), "{out}");
    assert!(linear.stderr.is_empty(), "{linear:?}");
    let gravity = amity()
        .args(["train", "--variant", "gravity", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert!(!gravity.status.success());
    assert!(String::from_utf8_lossy(&gravity.stderr).contains("does not evaluate by network"));
    let _ = std::fs::remove_dir_all(&dir);
}
