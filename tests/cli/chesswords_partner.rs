//! Amity as a Secret Chesswords partner in the terminal: `amity play` with the tiny hand-made
//! WordNet (`tests/wordnet`).

use std::path::{Path, PathBuf};

use amity_variants::chesswords;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

/// `amity play --variant chesswords`: the person's clue text reaches Amity (which says when it
/// finds no good match), Amity's clue reaches the person, and bad input is refused.
#[test]
fn a_person_and_amity_clue_each_other_in_the_terminal() {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["play", "--variant", "chesswords", "--side", "black"])
        .args(["--fen", chesswords::START_FEN])
        .args([
            "--word-file",
            fixture("wordnet/words.txt").to_str().unwrap(),
        ])
        .args(["--wordnet", fixture("wordnet").to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("amity starts");
    // word:zz fits no move; word:reps (r on e1, s on d3) with a clue the tiny WordNet lacks.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"word:zz nothing\nword:reps zebra\nquit\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("Rejected: illegal move 'word:zz'"), "{text}");
    assert!(
        text.contains("Amity: I find no good match for \"zebra\""),
        "{text}"
    );
    // Then Amity clues the person, who plays Black and moves next.
    assert!(text.contains("Amity: "), "{text}");
    assert!(text.contains("Black to move> "), "{text}");
}
