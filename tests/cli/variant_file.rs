//! Games from a variant file through the real binary: `amity check-variants` names each
//! problem with its line and exits non-zero, `VariantPath` loads a file whose games
//! `UCI_Variant` then plays (perft as the oracle counts it), and a bad file is refused with
//! its line while the games loaded before stay.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::Engine;

/// A variant file written for one test, removed after it.
struct TempFile(PathBuf);

impl TempFile {
    fn new(test: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("amity-{test}-{}.ini", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const GOOD: &str = "# two games\n[mini:losalamos]\n\n[fat:chess]\nqueen = -\namazon = q\n";
const BAD: &str = "[mini:losalamos]\nwibble = 1\n[loop:loop]\n[nok:chess]\n\
                   startFen = 8/8/8/8/8/8/8/k7 w - - 0 1\ncustomPiece1 = a:pR\n";

fn check(text: &str, test: &str) -> (i32, String) {
    let file = TempFile::new(test, text);
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["check-variants", file.path()])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&output.stdout).replace(file.path(), "FILE");
    (output.status.code().unwrap(), shown)
}

#[test]
fn check_variants_names_each_problem_by_line() {
    assert_eq!(
        check(GOOD, "check-good"),
        (0, "FILE: 2 games: mini, fat\n".to_string())
    );
    let (code, shown) = check(BAD, "check-bad");
    assert_eq!(code, 1);
    assert_eq!(
        shown,
        "FILE: line 2: unknown key 'wibble'\n\
         FILE: line 3: inheritance cycle: loop -> loop\n\
         FILE: line 6: custom piece 1: bad Betza notation 'pR': modifier 'p' is not \
         supported (supported: f b l r v s m c)\n"
    );
    let (code, shown) = check(
        "[nok:chess]\nstartFen = 8/8/8/8/8/8/8/k7 w - - 0 1\n",
        "nok",
    );
    assert_eq!(code, 1);
    assert_eq!(
        shown,
        "FILE: line 2: missing king: White has no king in startFen\n"
    );
    let (code, shown) = check("[a:chess]\n\u{0}\u{1}\u{2}\n", "binary");
    assert_eq!(code, 1);
    assert_eq!(
        shown,
        "FILE: line 2: not text (binary data or control characters)\n"
    );
}

#[test]
fn a_loaded_file_plays_and_a_bad_one_changes_nothing() {
    let good = TempFile::new("uci-good", GOOD);
    let bad = TempFile::new("uci-bad", BAD);
    let mut engine = Engine::start();
    engine.send("uci");
    engine.send(&format!("setoption name VariantPath value {}", good.path()));
    engine.send("setoption name UCI_Variant value fat");
    engine.send("position startpos");
    let errors: Vec<String> = engine
        .sync()
        .into_iter()
        .filter(|line| line.contains("error"))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // Chess with amazons for queens, as Fairy-Stockfish's Amazon counts.
    assert_eq!(engine.perft(3).1, 12483);
    engine.send(&format!("setoption name VariantPath value {}", bad.path()));
    let said = engine.sync();
    let error = said
        .iter()
        .find(|line| line.starts_with("info string error"))
        .unwrap_or_else(|| panic!("{said:?}"));
    assert!(error.contains("line 2: unknown key 'wibble'"), "{error}");
    assert!(error.contains("line 3: inheritance cycle"), "{error}");
    // The games loaded before stay playable.
    engine.send("setoption name UCI_Variant value mini");
    engine.send("position startpos");
    assert!(engine.sync().iter().all(|line| !line.contains("error")));
    assert_eq!(engine.perft(3).1, 1212);
}

#[test]
fn a_file_on_the_command_line_is_listed_before_the_gui_asks() {
    let good = TempFile::new("preset", GOOD);
    let option = format!("VariantPath={}", good.path());
    let answer = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_amity"))
            .args(["uci", "--option", &option])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    // UCI: the file's games are choices of UCI_Variant in the first answer.
    let uci = answer("uci\nquit\n");
    let variant = uci
        .lines()
        .find(|line| line.starts_with("option name UCI_Variant"))
        .unwrap();
    assert!(variant.ends_with(" var mini var fat"), "{variant}");
    // XBoard: in the features' variants list, and playable by `variant`.
    let xboard = answer("xboard\nprotover 2\nvariant fat\nnew\nquit\n");
    let features = xboard.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(features.contains(",mini,fat\""), "{features}");
    assert!(xboard.contains("piece Q& QN"), "{xboard}");
    assert!(!xboard.to_lowercase().contains("error"), "{xboard}");
    // A file that cannot be read stops the command line at once, naming it.
    let refused = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["uci", "--option", "VariantPath=/no/such/file.ini"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("/no/such/file.ini"));
}

#[test]
fn amity_match_referees_a_file_game_and_tells_the_engines_the_file() {
    // The referee reads the game from the file, and each engine is told to load it too.
    let good = TempFile::new("match", GOOD);
    let pgn = std::env::temp_dir().join(format!("amity-file-match-{}.pgn", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args([
            "match",
            "--variant",
            "mini",
            "--games",
            "2",
            "--each",
            "depth=2",
        ])
        .args(["-o", &format!("VariantPath={}", good.path())])
        .arg("--pgnout")
        .arg(&pgn)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("Games played: 2"), "{text}");
    let record = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert!(record.contains("[Variant \"mini\"]"), "{record}");
    // Without the file, the game is unknown: a clear error, no match.
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["match", "--variant", "mini", "--games", "2"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown variant 'mini'"));
}

#[test]
fn variants_on_the_command_line_serve_every_tool_before_or_after_its_name() {
    let good = TempFile::new("variants-flag", GOOD);
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_amity"))
            .args(args)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        (output.status.code(), text)
    };
    // perft of the file's game, the flag before the tool's name and after it.
    for args in [
        vec!["--variants", good.path(), "perft", "--variant", "mini", "2"],
        vec!["perft", "--variant", "mini", "2", "--variants", good.path()],
    ] {
        let (code, text) = run(&args);
        assert_eq!(code, Some(0), "{args:?}: {text}");
        assert!(text.contains("Nodes searched: "), "{text}");
    }
    // A file that cannot be read, or a tool that plays no variant by name: a clear error.
    let (code, text) = run(&["--variants", "/no/such/file.ini", "perft", "2"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("--variants /no/such/file.ini"), "{text}");
    let (code, text) = run(&["--variants", good.path(), "check-variants", good.path()]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("plays no variant by name"), "{text}");
}
