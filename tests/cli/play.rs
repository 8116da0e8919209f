//! `amity play` driven through piped input: a whole short game with an illegal move refused
//! and a move taken back, play against the engine with undo and hint, and save/load of PGN;
//! then the one table in each kind of game (chess on a move time, a Secret Chesswords table,
//! a solitaire Amity solves, a Split-Brain seat), Amity at an Elo level, and the flags a game
//! refuses.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `amity play` with `args`, feeds `input` and returns what it printed.
fn play(args: &[&str], input: &str) -> String {
    let mut child = common::spawn_piped(&[&["play"], args].concat());
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input accepted");
    let output = child.wait_with_output().expect("amity ends");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn last_fen(out: &str) -> &str {
    out.rsplit("FEN: ")
        .next()
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .trim()
}

#[test]
fn a_whole_short_game_with_an_illegal_move_and_an_undo() {
    let out = play(
        &["--side", "both", "--no-color"],
        "f2f3\ne7e5\ne2e5\ng2g4\nundo\ng2g4\nQh4\n",
    );
    // The illegal pawn jump is refused with a message and changes nothing.
    assert!(out.contains("Rejected: illegal move 'e2e5'"), "{out}");
    assert!(out.contains("Took back 1 decision(s)"), "{out}");
    assert!(out.contains("You play Qh4#"), "{out}");
    assert!(out.contains("Game over: 0-1 {Black mates}"), "{out}");
    assert_eq!(
        last_fen(&out),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
    // Plain boards: no escape sequences with --no-color.
    assert!(!out.contains('\x1b'));
}

#[test]
fn against_the_engine_undo_returns_to_the_players_turn() {
    let out = play(
        &["--depth", "2", "--no-color"],
        "e2e4\nundo\nhint\nbanana\nflip\n",
    );
    assert!(out.contains("You play e4"), "{out}");
    assert!(out.contains("Amity plays "), "{out}");
    // Amity's reply and the person's move are both taken back.
    assert!(out.contains("Took back 2 decision(s)"), "{out}");
    assert_eq!(
        last_fen(&out),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Rejected: malformed move 'banana'"), "{out}");
    // Flipped: Black's back rank is drawn last.
    let flipped = out.rsplit("White to move> ").nth(1).unwrap();
    let ranks: Vec<&str> = flipped
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(
        ranks
            .first()
            .is_some_and(|l| l.trim_start().starts_with('1')),
        "{flipped}"
    );
}

#[test]
fn colours_and_engine_play_as_black() {
    let out = play(&["--side", "black", "--depth", "1"], "");
    // Amity opens as White; the board is drawn with ANSI colours.
    assert!(out.contains("Amity plays "), "{out}");
    assert!(out.contains("\x1b[48;5;"), "{out}");
}

#[test]
fn amity_plays_at_an_elo_level_and_refuses_one_out_of_range() {
    let out = play(&["--side", "black", "--elo", "1200", "--no-color"], "");
    assert!(out.contains("Amity plays "), "{out}");
    // The same level and seed play the same move.
    let again = play(&["--side", "black", "--elo", "1200", "--no-color"], "");
    assert_eq!(last_fen(&out), last_fen(&again));
    for refused in [&["--elo", "999"][..], &["--elo", "2000", "--depth", "3"]] {
        let output = common::spawn_piped(&[&["play"], refused].concat())
            .wait_with_output()
            .expect("amity ends");
        assert!(!output.status.success(), "{refused:?}");
    }
}

#[test]
fn save_and_load_a_game() {
    let dir = std::env::temp_dir().join(format!("amity-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.pgn");
    let path = file.to_str().unwrap();
    let out = play(
        &["--side", "both", "--no-color"],
        &format!("e4\ne5\nNf3\nNc6\nBb5\nsave {path}\n"),
    );
    assert!(out.contains(&format!("Saved to {path}")), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Variant \"chess\"]"), "{text}");
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 *"), "{text}");

    let out = play(
        &["--side", "both", "--no-color"],
        &format!("load {path}\na6\nload /nonexistent/game.pgn\n"),
    );
    assert!(out.contains("Loaded 5 decision(s)"), "{out}");
    assert!(out.contains("Cannot read /nonexistent/game.pgn"), "{out}");
    assert_eq!(
        last_fen(&out),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
}

#[test]
fn booster_deals_and_shows_the_person_only_their_own_hand() {
    let out = play(
        &["--variant", "booster", "--depth", "2", "--no-color"],
        "e2e4,pass\nquit\n",
    );
    // A fresh deal, not the fixed test deal.
    assert!(!out.contains("6hKh3sQsKs9c"), "{out}");
    let fen = last_fen(&out);
    let field: Vec<&str> = fen.split_whitespace().last().unwrap().split(':').collect();
    assert_eq!(field[0], "booster", "{fen}");
    // White's hand is shown card by card, Black's and the draw pile only as counts.
    assert!(!field[2].contains('?'), "{fen}");
    assert!(field[3].starts_with('?'), "{fen}");
    assert!(field[4].starts_with('?'), "{fen}");
    assert!(out.contains("Black holds 6 unseen cards"), "{out}");
    assert!(out.contains("Amity plays"), "{out}");
    assert!(!out.contains("shuffle:"), "{out}");
}

/// The test deal of RULES.md's Parade, set up.
const PARADE_DEAL: &str = "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:NrKbQnRB:0";

#[test]
fn a_parade_played_to_the_optimum_with_the_pile_open() {
    let out = play(
        &[
            "--variant",
            "parade",
            "--option",
            "ParadeOpen=true",
            "--fen",
            PARADE_DEAL,
        ],
        "g1f2\nc1c1\nhint\nf2e4\nundo\nf2e4\ne2f4\nc1g3\n",
    );
    assert!(out.contains("Rejected: illegal move 'c1c1'"), "{out}");
    // From the position after g1f2 the best is three more actions: score 4.
    assert!(out.contains("(best score 4)"), "{out}");
    assert!(out.contains("Took back 1 decision(s)."), "{out}");
    assert!(
        out.contains("Game over: 1-0 {White wins: the parade stands connected}"),
        "{out}"
    );
    assert!(out.contains("Your score: 4"), "{out}");
    assert!(out.contains("Your line: g1f2 f2e4 e2f4 c1g3"), "{out}");
    assert!(out.contains("Optimum with the piles known: 4 ("), "{out}");
}

#[test]
fn a_parade_with_the_pile_face_down_shows_only_the_view() {
    let out = play(
        &[
            "--variant",
            "parade",
            "--fen",
            PARADE_DEAL,
            "--movetime",
            "3000",
        ],
        "moves\nhint\nadd\nfen\nquit\n",
    );
    // The pile is never shown, even after an add turns its top card (a knight).
    assert!(!out.contains("NrKbQnRB"), "{out}");
    assert!(out.contains("parade:????????:0"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("expected score"), "{out}");
    assert!(out.contains("You play add: N@"), "{out}");
    assert!(out.contains("parade:???????:0"), "{out}");
}

#[test]
fn a_neighbour_deal_played_blind_to_rules_md_optimum() {
    let out = play(
        &[
            "--variant",
            "neighbour",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:BrrbbRNKQnnBRkqN:4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b:-:a",
        ],
        "add\nadd\nadd\nadd\nstop\na7b6\nb6d8\ne7c7\nb7b6\n",
    );
    assert!(out.contains("You play add: B@a5"), "{out}");
    assert!(out.contains("You play add: b@b7"), "{out}");
    assert!(out.contains("Game over: 1-0 {White wins"), "{out}");
    assert!(out.contains("Your score: 24"), "{out}");
    assert!(out.contains("Optimum with the piles known: 24 ("), "{out}");
}

#[test]
fn a_solitaire_view_is_no_deal_to_play() {
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args([
            "play",
            "--variant",
            "parade",
            "--fen",
            "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("amity runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("view"));
}

#[test]
fn chess_on_a_move_time_shows_amitys_thinking() {
    let out = play(
        &["--movetime", "300", "--think", "--no-color"],
        "e2e4\nquit\n",
    );
    assert!(out.contains("You play e4"), "{out}");
    // The search's reports, then the move with its score.
    assert!(out.contains("  depth  1  score"), "{out}");
    assert!(out.contains("Amity plays "), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

fn fixture(name: &str) -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_chesswords_table_draws_letters_plainly_and_says_how_amity_decides() {
    let words = fixture("wordnet/words.txt");
    let wordnet = fixture("wordnet");
    let out = play(
        &[
            "--variant",
            "chesswords",
            "--side",
            "black",
            "--fen",
            amity_variants::chesswords::START_FEN,
            "--word-file",
            &words,
            "--wordnet",
            &wordnet,
            "--depth",
            "2",
            "--think",
            "--no-color",
        ],
        "pass\nquit\n",
    );
    assert!(!out.contains('\x1b'), "{out}");
    // Each square's letter beside its piece (flipped: f1, a white rook on i, first), the
    // hands as the person's view shows them.
    assert!(out.contains(" 1 Ri Nr Ka Qt Ne Rs"), "{out}");
    assert!(out.contains("White's hand: ? ? ? ?"), "{out}");
    // After the person's pass Amity moves by the game's own policy (no search to a depth:
    // --think says so), then clues through its partner.
    assert!(out.contains("You play pass"), "{out}");
    assert!(
        out.contains("  no search: the game's own policy decides"),
        "{out}"
    );
    assert!(
        out.contains("  no search: the game's own partner decides"),
        "{out}"
    );
    assert!(out.contains("Amity: "), "{out}");
}

#[test]
fn amity_plays_a_solitaire_by_its_solver() {
    let out = play(
        &[
            "--variant",
            "parade",
            "--option",
            "ParadeOpen=true",
            "--fen",
            PARADE_DEAL,
            "--side",
            "none",
            "--no-color",
        ],
        "hint\n",
    );
    assert!(out.contains("Amity plays "), "{out}");
    assert!(out.contains("(best score 4)"), "{out}");
    assert!(out.contains("Your score: 4"), "{out}");
    assert!(out.contains("Optimum with the piles known: 4 ("), "{out}");
    assert!(out.contains("The game is over."), "{out}");
}

#[test]
fn a_split_brain_seat_sees_its_view_and_amity_takes_the_other_three() {
    let out = play(
        &[
            "--variant",
            "splitbrain",
            "--seat",
            "Wk",
            "--depth",
            "1",
            "--no-color",
        ],
        "moves\nc:b2\nquit\n",
    );
    // The king-side chooser owes the first decision.
    assert!(out.contains("Wk to decide> Legal moves: c:"), "{out}");
    assert!(out.contains("You play c:b2"), "{out}");
    // Its partner names its square (public once made); then Black's two seats.
    assert!(out.contains("Amity (Wq) plays m:"), "{out}");
    assert!(out.contains("Amity (Bk) plays c:"), "{out}");
}

#[test]
fn a_split_brain_mover_is_not_told_its_choosers_square() {
    let out = play(
        &[
            "--variant",
            "splitbrain",
            "--seat",
            "Wq",
            "--depth",
            "1",
            "--no-color",
        ],
        "quit\n",
    );
    // The partner chooses first; the person, who names the target without knowing the
    // chosen piece (rule 9), hears only that a square was chosen.
    assert!(out.contains("Amity (Wk) plays c:?"), "{out}");
    assert!(out.contains("Wq to decide>"), "{out}");
}

#[test]
fn a_flag_the_game_cannot_use_is_refused_with_why() {
    for (args, complaint) in [
        (
            &["--variant", "chess", "--word-file", "words.txt"][..],
            "--word-file/--wordnet: chess reads no words",
        ),
        (
            &["--variant", "chess", "--option", "ParadeOpen=true"][..],
            "--option ParadeOpen: not an option of chess",
        ),
        (
            &["--variant", "splitbrain", "--option", "SplitBrainSeat=Wq"][..],
            "--option SplitBrainSeat: it tells an engine which player it is",
        ),
        (
            &["--variant", "chess", "--arrange", "RKRNNBBQ"][..],
            "--arrange: chess has no set-up to arrange",
        ),
        (
            &["--variant", "parade", "--side", "black"][..],
            "--side: parade has no seat for Black",
        ),
        (
            &["--variant", "chess", "--side", "black", "--seat", "Wq"][..],
            "cannot be used with",
        ),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_amity"))
            .arg("play")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("amity runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(complaint), "{args:?}: {stderr}");
    }
}
