//! XBoard (CECP v2) transcripts against the real binary: the handshake, every command, each
//! kind of bad input, result claims, analysis and the engine-defined variant messages.

use crate::common;

use std::time::Duration;

use common::Engine;

const WAIT: Duration = Duration::from_secs(30);

/// Starts Amity and completes the XBoard handshake; returns the feature lines.
fn handshake() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until(WAIT, |l| l == "feature done=1");
    (engine, features)
}

/// Sends `ping n` and returns everything said before `pong n`.
fn sync(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    let mut lines = engine.read_until(WAIT, |l| l == pong);
    lines.pop();
    lines
}

/// The FEN `d` shows (as `# Fen: ...` comment lines under XBoard).
fn fen(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = sync(engine, 999);
    let line = lines
        .iter()
        .find(|l| l.starts_with("# Fen: "))
        .expect("d shows the FEN");
    line["# Fen: ".len()..].to_string()
}

#[test]
fn handshake_announces_features_options_and_variants() {
    let (_engine, features) = handshake();
    let first = &features[0];
    for feature in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "time=1",
        "memory=1",
        "smp=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "exclude=1",
        "highlight=1",
        "myname=\"Amity ",
    ] {
        assert!(first.contains(feature), "{feature} missing in {first}");
    }
    let variants = first.split("variants=\"").nth(1).unwrap();
    let variants: Vec<&str> = variants.trim_end_matches('"').split(',').collect();
    assert_eq!(variants.len(), amity_variants::NAMES.len());
    assert!(variants.contains(&"normal"));
    assert!(!variants.contains(&"chess"));
    assert!(features.contains(&"feature option=\"Hash -spin 16 1 65536\"".to_string()));
    assert!(features.contains(&"feature option=\"Threads -spin 1 1 256\"".to_string()));
    assert!(features.contains(&"feature option=\"Clear Hash -button\"".to_string()));
    // Options a variant declares are announced after the engine's own.
    assert!(features.contains(
        &"feature option=\"PacifistMeasure -combo *count /// value /// average\"".to_string()
    ));
    assert!(features.contains(&"feature option=\"Seed -spin 1 0 2147483647\"".to_string()));
    assert!(features.contains(&"feature option=\"MultiPV -spin 1 1 256\"".to_string()));
    // cutechess-cli refuses an option whose spin numbers do not fit a 32-bit signed integer.
    for spin in features.iter().filter(|l| l.contains(" -spin ")) {
        let numbers = spin.split(" -spin ").nth(1).unwrap().trim_end_matches('"');
        for number in numbers.split_whitespace() {
            assert!(number.parse::<i32>().is_ok(), "{spin}");
        }
    }
    assert!(!features.iter().any(|l| l.contains("UCI_Variant")));
    assert_eq!(features.last().unwrap(), "feature done=1");
}

#[test]
fn engine_plays_black_after_new_and_answers_moves() {
    let (mut engine, _) = handshake();
    for line in [
        "new",
        "random",
        "computer",
        "name Tester",
        "rating 2000 1500",
        "accepted ping",
        "rejected sigterm",
        "hard",
        "easy",
        "post",
        "level 0 0:30 0.5",
        "time 3000",
        "otim 3000",
    ] {
        engine.send(line);
    }
    assert!(
        sync(&mut engine, 1).is_empty(),
        "harmless commands are silent"
    );
    engine.send("usermove e2e4");
    let lines = engine.read_until(WAIT, |l| l.starts_with("move "));
    assert!(
        lines
            .iter()
            .any(|l| l.split('\t').count() == 2 && l.starts_with("1 ")),
        "thinking output 'depth score time nodes seldepth nps tbhits<TAB>pv': {lines:?}"
    );
    let reply = lines.last().unwrap()["move ".len()..].to_string();
    // The engine's own move is part of its game: White may now answer it.
    engine.send("usermove d2d4");
    let lines = engine.read_until(WAIT, |l| l.starts_with("move ") || l.starts_with("Illegal"));
    assert!(
        lines.last().unwrap().starts_with("move "),
        "{lines:?} after {reply}"
    );
}

#[test]
fn force_go_playother_st_sd_and_move_now() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.send("usermove e7e5");
    assert!(
        sync(&mut engine, 1).is_empty(),
        "force mode: no thinking, no move"
    );
    engine.send("st 0.2");
    engine.send("go");
    let lines = engine.read_until(WAIT, |l| l.starts_with("move "));
    let white_move = lines.last().unwrap()["move ".len()..].to_string();
    assert!(
        fen(&mut engine).contains(" b "),
        "White's move {white_move} was applied"
    );
    engine.send("force");
    engine.send("usermove b8c6");
    engine.send("sd 2");
    engine.send("level 0 60 0");
    engine.send("go");
    engine.read_until(WAIT, |l| l.starts_with("move "));
    // playother: the engine takes the side not on move and waits for the user.
    engine.send("force");
    engine.send("playother");
    assert!(sync(&mut engine, 2).is_empty());
    engine.send("usermove a7a6");
    engine.read_until(WAIT, |l| l.starts_with("move "));
    // `?` makes a long search move at once.
    engine.send("force");
    engine.send("usermove a2a3");
    engine.send("level 0 100 0");
    engine.send("time 1000000");
    engine.send("go");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("?");
    engine.read_until(WAIT, |l| l.starts_with("move "));
}

#[test]
fn illegal_moves_and_bad_commands_are_refused() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    let before = fen(&mut engine);
    let cases = [
        ("usermove e2e5", "Illegal move: e2e5"),
        (
            "usermove zz",
            "Illegal move (not a move of this variant): zz",
        ),
        ("usermove", "Error (missing move): usermove"),
        ("fly away", "Error (unknown command): fly away"),
        ("st fast", "Error (bad seconds 'fast'): st fast"),
        ("sd -3", "Error (bad depth '-3'): sd -3"),
        ("level 40", "Error (missing base time): level 40"),
        ("level 40 x 0", "Error (bad base time 'x'): level 40 x 0"),
        ("time soon", "Error (bad centiseconds 'soon'): time soon"),
        ("memory lots", "Error (bad megabytes 'lots'): memory lots"),
        ("cores", "Error (missing cores): cores"),
        ("protover", "Error (missing version): protover"),
        ("variant", "Error (missing variant name): variant"),
        ("variant nosuch", "Error (unknown variant): variant nosuch"),
        ("setboard", "Error (missing FEN): setboard"),
        ("undo", "Error (no move to take back): undo"),
        ("remove", "Error (no move to take back): remove"),
        (
            "edit",
            "Error (edit mode is not supported; use setboard): edit",
        ),
        (
            "lift z9",
            "Error ('z9' is not a square of this board): lift z9",
        ),
        ("lift", "Error (missing square): lift"),
        ("option", "Error (missing option name): option"),
        (
            "option Nonsense=3",
            "Error (unknown option 'Nonsense'): option Nonsense=3",
        ),
        (
            "option Hash=0",
            "Error (option 'Hash' needs a whole number from 1 to 65536, not '0'): option Hash=0",
        ),
        (
            "option UCI_Variant=chess",
            "Error (not an XBoard option): option UCI_Variant=chess",
        ),
        (
            "option PacifistMeasure=weight",
            "Error (option 'PacifistMeasure' has no choice 'weight' (choices: count, value, \
             average)): option PacifistMeasure=weight",
        ),
        ("perft x", "Error (bad depth 'x'): perft x"),
    ];
    for (line, answer) in cases {
        engine.send(line);
        assert_eq!(
            sync(&mut engine, 9),
            vec![answer.to_string()],
            "for '{line}'"
        );
    }
    engine.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    let lines = sync(&mut engine, 9);
    assert_eq!(lines.len(), 1);
    assert!(
        lines[0].starts_with("Error (")
            && lines[0].ends_with("): setboard 8/8/8/8/8/8/8/8 w - - 0 1"),
        "{lines:?}"
    );
    engine.send_bytes(b"\xff\xfe\n");
    assert_eq!(
        sync(&mut engine, 9),
        vec!["Error (line is not valid UTF-8): line ignored"]
    );
    assert_eq!(fen(&mut engine), before, "nothing changed");
    // A bare move (protocol 1 style) is still understood.
    engine.send("e2e4");
    assert!(sync(&mut engine, 9).is_empty());
    assert!(fen(&mut engine).starts_with("rnbqkbnr/pppppppp/8/8/4P3/"));
}

#[test]
fn setboard_undo_remove_and_new() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    let start = fen(&mut engine);
    for mv in ["e2e4", "e7e5", "g1f3"] {
        engine.send(&format!("usermove {mv}"));
    }
    engine.send("undo");
    assert!(fen(&mut engine).starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"));
    engine.send("remove");
    assert_eq!(fen(&mut engine), start);
    engine.send("setboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(fen(&mut engine), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    engine.send("usermove e2e4");
    engine.send("undo");
    assert_eq!(fen(&mut engine), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    engine.send("undo");
    assert_eq!(
        sync(&mut engine, 3),
        vec!["Error (no move to take back): undo"]
    );
    engine.send("new");
    assert_eq!(fen(&mut engine), start);
    engine.send("variant normal");
    assert!(
        sync(&mut engine, 4).is_empty(),
        "XBoard knows normal: no setup"
    );
}

#[test]
fn results_are_claimed_by_the_rules() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    engine.send("usermove f7g7");
    // In force mode the engine plays no side and claims nothing.
    assert!(sync(&mut engine, 1).is_empty());
    engine.send("undo");
    engine.send("playother");
    engine.send("usermove f7g7");
    assert_eq!(sync(&mut engine, 2), vec!["1-0 {White mates}"]);
    engine.send("usermove h8g7");
    assert_eq!(
        sync(&mut engine, 3),
        vec!["Illegal move (the game is over): h8g7"]
    );
    // Stalemate, and the engine's own finishing move claimed after `move`.
    engine.send("setboard 7k/5K2/8/6Q1/8/8/8/8 w - - 0 1");
    engine.send("usermove g5g6");
    assert_eq!(sync(&mut engine, 4), vec!["1/2-1/2 {Stalemate}"]);
    // Told to move in a finished game, the engine states the result instead.
    engine.send("go");
    assert_eq!(sync(&mut engine, 4), vec!["1/2-1/2 {Stalemate}"]);
    engine.send("setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    engine.send("sd 3");
    engine.send("go");
    let lines = engine.read_until(WAIT, |l| l.starts_with("1-0"));
    assert_eq!(lines.last().unwrap(), "1-0 {White mates}");
    assert!(lines[lines.len() - 2].starts_with("move f1"), "{lines:?}");
    engine.send("result 1-0 {White mates}");
    assert!(sync(&mut engine, 5).is_empty());
}

#[test]
fn analyze_exit_and_position_changes() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("post");
    engine.send("analyze");
    let lines = engine.read_until(WAIT, |l| l.starts_with("4 "));
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    engine.send("usermove e2e4");
    engine.send("undo");
    engine.send(".");
    engine.send("exit");
    let lines = sync(&mut engine, 1);
    assert!(lines.iter().all(|l| !l.starts_with("move")), "{lines:?}");
    // Analysis is over: nothing more arrives.
    assert!(sync(&mut engine, 2).is_empty());
}

#[test]
fn analysis_shows_one_thinking_line_per_multipv_line_best_first() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("option MultiPV=3");
    engine.send("post");
    engine.send("analyze");
    let lines = engine.read_until(WAIT, |l| l.starts_with("5 "));
    engine.send("exit");
    sync(&mut engine, 1);
    // Depth 4 is finished: its three lines, best first, each from a move of its own.
    let depth_four: Vec<(i64, &str)> = lines
        .iter()
        .filter(|l| l.starts_with("4 "))
        .map(|l| {
            let score = l.split_whitespace().nth(1).unwrap().parse().unwrap();
            let first = l
                .split('\t')
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap();
            (score, first)
        })
        .collect();
    assert_eq!(depth_four.len(), 3, "{lines:?}");
    assert!(depth_four.windows(2).all(|pair| pair[0].0 >= pair[1].0));
    let mut firsts: Vec<&str> = depth_four.iter().map(|(_, first)| *first).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{lines:?}");
}

/// The first move of each thinking line (`depth score time nodes ...<TAB>pv`).
fn first_moves(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.split_once('\t'))
        .filter_map(|(_, pv)| pv.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// The thinking lines of a search that restarts now: from its depth 1 line to its first line
/// at `depth`.
fn restarted_analysis(engine: &mut Engine, depth: u32) -> Vec<String> {
    engine.read_until(WAIT, |l| l.starts_with("1 "));
    let done = format!("{depth} ");
    engine.read_until(WAIT, |l| l.starts_with(&done))
}

#[test]
fn exclude_and_include_narrow_the_analysis_of_the_position() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("post");
    engine.send("analyze");
    let lines = engine.read_until(WAIT, |l| l.starts_with("4 "));
    let best = first_moves(&lines).pop().expect("a pv at depth 4");
    // Without the best move the analysis starts again and never shows it.
    engine.send(&format!("exclude {best}"));
    let lines = restarted_analysis(&mut engine, 4);
    let firsts = first_moves(&lines);
    assert!(!firsts.is_empty(), "{lines:?}");
    assert!(firsts.iter().all(|first| *first != best), "{lines:?}");
    // Every move out: nothing to analyse. One back in: it alone is analysed.
    engine.send("exclude all");
    let lines = sync(&mut engine, 1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("# every move is excluded")),
        "{lines:?}"
    );
    engine.send("include g1f3");
    let lines = restarted_analysis(&mut engine, 3);
    let firsts = first_moves(&lines);
    assert!(!firsts.is_empty(), "{lines:?}");
    assert!(firsts.iter().all(|first| first == "g1f3"), "{lines:?}");
    // A move that is not legal here is refused and changes nothing.
    engine.send("exclude e2e5");
    let lines = sync(&mut engine, 2);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Error (") && l.ends_with("exclude e2e5")),
        "{lines:?}"
    );
    // A new position forgets the exclusions: Black's analysis has all its moves again.
    engine.send("exclude all");
    engine.send("usermove e2e4");
    let lines = restarted_analysis(&mut engine, 3);
    assert!(!first_moves(&lines).is_empty(), "{lines:?}");
    // So does taking the move back: White's best move is analysed again.
    engine.send("exclude all");
    engine.send("undo");
    let lines = restarted_analysis(&mut engine, 3);
    assert!(!first_moves(&lines).is_empty(), "{lines:?}");
    engine.send("exit");
    sync(&mut engine, 3);
}

#[test]
fn options_memory_cores_and_lift() {
    let (mut engine, _) = handshake();
    engine.send("new");
    for line in [
        "memory 32",
        "cores 2",
        "option Hash=8",
        "option Threads=1",
        "option Clear Hash",
        "option Move Overhead=20",
        "option Seed=7",
        "nps 100000",
        "hint",
        "bk",
        "draw",
        "hover e2",
        "put e4",
    ] {
        engine.send(line);
    }
    assert!(sync(&mut engine, 1).is_empty());
    engine.send("lift e2");
    assert_eq!(sync(&mut engine, 2), vec!["highlight 8/8/8/8/4Y3/4Y3/8/8"]);
    engine.send("lift e7");
    assert_eq!(sync(&mut engine, 3), vec!["highlight 8/8/8/8/8/8/8/8"]);
    engine.send("setboard r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    engine.send("lift e1");
    assert_eq!(
        sync(&mut engine, 4),
        vec!["highlight 8/8/8/8/8/8/3YYY2/2YY1YY1"]
    );
    engine.send("lift b7");
    assert_eq!(sync(&mut engine, 5), vec!["highlight MM6/8/8/8/8/8/8/8"]);
    engine.send("lift a1");
    assert_eq!(
        sync(&mut engine, 6),
        vec!["highlight R7/Y7/Y7/Y7/Y7/Y7/Y7/1YYY4"]
    );
    // nps with st turns time into nodes.
    engine.send("force");
    engine.send("st 1");
    engine.send("go");
    engine.read_until(WAIT, |l| l.starts_with("move "));
}

#[test]
fn quit_ends_the_engine_and_end_of_input_finishes_a_search() {
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("quit");
    assert!(engine.wait_exit(WAIT));

    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("sd 3");
    engine.send("go");
    engine.close_input();
    let lines = engine.read_until(WAIT, |l| l.starts_with("move "));
    assert!(lines.last().unwrap().starts_with("move "));
    assert!(engine.wait_exit(WAIT));
}

#[test]
fn uci_is_still_the_default_and_describes_its_variant() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(WAIT, |l| l == "uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name Amity")));
    engine.send("setoption name UCI_Variant value chess");
    let lines = engine.sync();
    assert_eq!(
        lines,
        vec![
            "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        ]
    );
    // Once UCI is chosen, `xboard` is just an unknown command.
    engine.send("xboard");
    assert_eq!(
        engine.sync(),
        vec!["info string error: unknown command 'xboard'"]
    );
}

#[test]
fn after_effects_xboard_cannot_show_end_in_a_completed_game_and_a_claim() {
    // Pacifist: Qa2-a4 converts three black pieces, which XBoard could only show by creating
    // white pieces; Amity (playing Black) plays the game out and claims its result.
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("variant pacifist");
    engine.send("setboard 7k/8/3r2b1/1n6/8/8/Q7/7K w - - 0 1");
    engine.send("usermove a2a4");
    let lines = engine.read_until(WAIT, |l| l.contains("(game completed by Amity)"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("# Amity completes the game: "))
    );
    let claim = lines.last().expect("a claim");
    assert!(
        ["1-0 {", "0-1 {", "1/2-1/2 {"]
            .iter()
            .any(|start| claim.starts_with(start)),
        "{claim}"
    );
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "{lines:?}");
    // XBoard's board still lags behind: a move XBoard itself would refuse is refused here too.
    engine.send("usermove h1h2");
    let lines = sync(&mut engine, 1);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Illegal move (XBoard's board is being brought in line")),
        "{lines:?}"
    );
}

#[test]
fn setboard_of_the_board_xboard_shows_keeps_the_variant_state() {
    // XBoard sends only the six standard FEN fields: gravity's decks must survive it.
    let (mut engine, _) = handshake();
    engine.send("new");
    engine.send("force");
    engine.send("variant gravity");
    let before = fen(&mut engine);
    engine.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    let lines = sync(&mut engine, 2);
    assert!(!lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
    assert_eq!(fen(&mut engine), before);
    assert!(before.contains(" decks:"), "{before}");
    // A different board is a new position, checked as usual.
    engine.send("setboard 8/8/8/8/8/8/8/K7 w - - 0 1");
    let lines = sync(&mut engine, 3);
    assert!(lines.iter().any(|l| l.starts_with("Error")), "{lines:?}");
}
