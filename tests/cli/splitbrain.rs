//! Split-Brain Chess through the real binary and the protocol crate: team-move tokens in
//! `position`, seats that answer their own decision (over UCI and through `amity_variants::splitbrain::seats`),
//! seat games under `amity match` with every engine in its own process, an XBoard engine in a
//! seat, and a person in a seat under `amity seats` and `amity play`.

use std::path::Path;

use amity_engine::{Color, Move, MoveList, Notation, Position, RulesExt, Square};
use amity_variants::splitbrain::{
    self, Choices, PartnerModel, Resolution, Resolved, Seat, SplitBrain, resolve,
};

use crate::common;

const START: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k";

fn position(fen: &str) -> Position<SplitBrain> {
    Position::from_fen(&SplitBrain, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn play(pos: &Position<SplitBrain>, token: &str) -> Position<SplitBrain> {
    let mut moves = MoveList::new();
    SplitBrain.generate(pos, &mut moves);
    let mv = moves
        .iter()
        .copied()
        .find(|mv| SplitBrain.format_move(*mv) == token)
        .unwrap_or_else(|| panic!("{token} is not owed in {}", pos.to_fen(&SplitBrain)));
    let mut next = pos.clone();
    SplitBrain.play(&mut next, mv);
    next
}

fn sq(name: &str) -> Square {
    Square::from_ascii(name.as_bytes()).unwrap()
}

/// The legal board moves of the moving team of a FEN.
fn legal_moves(fen: &str) -> Vec<Move> {
    splitbrain::team_moves(&position(fen)).as_slice().to_vec()
}

/// The binary reads team-move tokens in `position ... moves` and counts perft from a FEN
/// inside a team move.
#[test]
fn the_protocol_plays_team_moves() {
    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value splitbrain");
    engine.send("position startpos moves c:b1,m:b3,r:piece,b1c3 c:b6 m:b4 r:target");
    assert_eq!(
        engine.fen(),
        "rnqknr/p1pppp/1p4/2N3/PPPPPP/R1QKNR w - - 0 2 checker:q"
    );
    engine.send(&format!("position fen {START} turn:c:b1,m:b3"));
    let (_, total) = engine.perft(3);
    assert_eq!(total, 64);
}

/// Each seat answers only its own decision; two Amity partners agree (the chooser's piece
/// and the mover's square make the team's move directly); the mover's answer is the same
/// from the full state and from its view, so it cannot depend on the hidden square.
#[test]
fn seats_answer_their_own_decision_and_partners_agree() {
    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value splitbrain");
    engine.send("setoption name SplitBrainSeat value Wq");
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.read_until(std::time::Duration::from_secs(30), |l| {
        l.starts_with("bestmove")
    });
    assert!(
        lines
            .iter()
            .any(|l| l.contains("error: seat Wq owes no decision now: Wk does"))
    );
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
    let mut answer = |seat: &str, fen: &str| -> String {
        engine.send(&format!("setoption name SplitBrainSeat value {seat}"));
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 3");
        let lines = engine.read_until(std::time::Duration::from_secs(30), |l| {
            l.starts_with("bestmove")
        });
        lines
            .last()
            .unwrap()
            .trim_start_matches("bestmove ")
            .to_string()
    };
    let chooser = answer("Wk", START);
    let full = answer("Wq", &format!("{START} turn:{chooser}"));
    for hidden in ["c:?", "c:a2", "c:f2"] {
        let view = if hidden == "c:?" {
            format!("{START} turn:c:?")
        } else {
            format!("{START} turn:{hidden}")
        };
        assert_eq!(answer("Wq", &view), full, "{view}");
    }
    let pos = play(&play(&position(START), &chooser), &full);
    assert_eq!(
        pos.state.team,
        Color::Black,
        "{chooser} {full}: a move directly"
    );
    // The opposing chooser answers r: from the knight aimed at b3.
    let ruling = answer("Bk", &format!("{START} turn:c:b1,m:b3"));
    assert!(ruling == "r:piece" || ruling == "r:target", "{ruling}");
}

/// `amity seats` plays four seats (each shown only its view), records team moves and
/// `amity replay` accepts them; a bad seat list is an error, not a crash.
#[test]
fn seat_games_are_recorded_and_replay() {
    let dir = std::env::temp_dir().join(format!("amity-seats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["seats", "--games", "2", "--depth", "2", "--seats"])
        .arg("process,random,random,amity")
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Variant \"splitbrain\"]"));
    assert!(text.contains(",m:"), "team-move tokens: {text}");
    let replay = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .arg("replay")
        .arg(&pgn)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&replay.stdout);
    assert!(said.contains("2 replayed legally"), "{said}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(["seats", "--seats", "amity,nobody"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown player 'nobody'"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary with `args`, typing `input` and then ending it.
fn run_with_input(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// `amity match --variant splitbrain` seats every engine once per seat, each seat its own
/// process told `SplitBrainSeat`: two engines play one team each (here one speaks XBoard),
/// four engines one seat each (on clocks, one modelling its partner); the record names the
/// seats and replays. Another number of engines is refused with a reason.
#[test]
fn amity_match_seats_every_engine_in_its_own_process() {
    let dir = std::env::temp_dir().join(format!("amity-seat-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |engines: &[&[&str]], pgn: &Path| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_amity"));
        command.args(["match", "--variant", "splitbrain", "--games", "2"]);
        for engine in engines {
            command.arg("--engine").args(*engine);
        }
        command.arg("--pgnout").arg(pgn).output().unwrap()
    };
    let two = dir.join("two.pgn");
    let played = run(
        &[
            &["cmd=amity", "name=X", "proto=xboard", "depth=2"],
            &["cmd=amity", "name=U", "depth=1"],
        ],
        &two,
    );
    let said = String::from_utf8_lossy(&played.stdout);
    assert!(played.status.success(), "{said}");
    assert!(said.contains("X vs U: +"), "{said}");
    assert!(said.contains("PGN check: 2 game(s)"), "{said}");
    let text = std::fs::read_to_string(&two).unwrap();
    for tag in [
        "[Wk \"X\"]",
        "[Wq \"X\"]",
        "[Bk \"U\"]",
        "[Bk \"X\"]",
        "[White \"U\"]",
    ] {
        assert!(text.contains(tag), "{tag}: {text}");
    }
    assert!(!text.contains("did not answer"), "{text}");
    let four = dir.join("four.pgn");
    let played = run(
        &[
            &["cmd=amity", "name=A", "tc=10+0.1"],
            &[
                "cmd=amity",
                "name=M",
                "tc=10+0.1",
                "option.SplitBrainPartnerTemperature=200",
            ],
            &["cmd=amity", "name=B", "depth=1"],
            &["cmd=amity", "name=C", "depth=1"],
        ],
        &four,
    );
    let said = String::from_utf8_lossy(&played.stdout);
    assert!(played.status.success(), "{said}");
    assert!(said.contains("A+M vs B+C: +"), "{said}");
    let text = std::fs::read_to_string(&four).unwrap();
    assert!(
        text.contains("[Wq \"M\"]") && text.contains("[Bq \"C\"]"),
        "{text}"
    );
    let three = run(
        &[&["cmd=amity"], &["cmd=amity"], &["cmd=amity"]],
        &dir.join("three.pgn"),
    );
    assert!(!three.status.success());
    assert!(
        String::from_utf8_lossy(&three.stderr).contains("two engines (one per team) or four"),
        "{}",
        String::from_utf8_lossy(&three.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Over XBoard a seat is set with `option SplitBrainSeat=...` and asked with `setboard` (its
/// view, with the variant's fields) and `go`: it answers its decision with `move`, claims no
/// result, and names the seat that owes when it owes nothing.
#[test]
fn an_xboard_engine_plays_a_seat() {
    let mut engine = common::Engine::start();
    for line in ["xboard", "protover 2", "variant splitbrain"] {
        engine.send(line);
    }
    let mut ask = |seat: &str, fen: &str| -> Vec<String> {
        engine.send("force");
        engine.send(&format!("option SplitBrainSeat={seat}"));
        engine.send(&format!("setboard {fen}"));
        engine.send("go");
        engine.read_until(std::time::Duration::from_secs(30), |l| {
            l.starts_with("move ") || l.contains("owes no decision")
        })
    };
    let mover = ask("Wq", &format!("{START} turn:c:?"));
    let answer = mover.last().unwrap();
    assert!(answer.starts_with("move m:"), "{mover:?}");
    let ruling = ask("Bk", &format!("{START} turn:c:b1,m:b3"));
    assert!(
        ruling.last().unwrap() == "move r:piece" || ruling.last().unwrap() == "move r:target",
        "{ruling:?}"
    );
    let none = ask("Bq", START);
    assert!(
        none.last()
            .unwrap()
            .contains("seat Bq owes no decision now: Wk does"),
        "{none:?}"
    );
    for lines in [&mover, &ruling] {
        assert!(!lines.iter().any(|l| l.contains("1/2-1/2")), "{lines:?}");
    }
}

/// `amity play --variant splitbrain --seat Wq` seats a person as the queenside partner with
/// Amity in the other three seats; a seat that is not one, or `--seat` in a game without
/// seats, is refused.
#[test]
fn amity_play_takes_a_seat() {
    let output = run_with_input(
        &[
            "play",
            "--variant",
            "splitbrain",
            "--seat",
            "Wq",
            "--depth",
            "2",
        ],
        b"m:z9\nm:b3\n",
    );
    assert!(output.status.success());
    let said = String::from_utf8_lossy(&output.stdout);
    // The person sees the queenside's view: the chooser's square hidden.
    assert!(said.contains(&format!("FEN: {START} turn:c:?")), "{said}");
    assert!(said.contains("Wq to decide> "), "{said}");
    assert!(said.contains("Rejected: illegal move 'm:z9'"), "{said}");
    // After m:b3 the game goes on until the person is asked again and input ends.
    assert!(said.contains("answered nothing"), "{said}");
    for (args, complaint) in [
        (
            ["--variant", "splitbrain", "--seat", "Zz"],
            "'Zz' is not a seat",
        ),
        (
            ["--variant", "chess", "--seat", "Wq"],
            "--seat is for games",
        ),
    ] {
        let refused = std::process::Command::new(env!("CARGO_BIN_EXE_amity"))
            .arg("play")
            .args(args)
            .output()
            .unwrap();
        assert!(!refused.status.success());
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert!(stderr.contains(complaint), "{stderr}");
    }
}

/// The opposing chooser rules for the option worse for the movers: `piece` would let the rook
/// on a1 take the queen on a5 (its end square nearest b6), `target` only brings the knight
/// to b6.
#[test]
fn the_opposing_chooser_picks_the_ruling_worse_for_the_movers() {
    let fen = "5k/q5/2N3/6/6/R2K2 w - - 0 1 checker:k turn:c:a1,m:b6";
    let pos = position(fen);
    let piece = Choices {
        resolution: Some(Resolution::Piece),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal_moves(fen), sq("a1"), sq("b6"), piece),
        Ok(Resolved::Move(Move::normal(sq("a1"), sq("a5"))))
    );
    let stop = std::sync::atomic::AtomicBool::new(false);
    let limits = amity_engine::search::Limits {
        depth: Some(2),
        ..Default::default()
    };
    let bk = Seat::parse("Bk").unwrap();
    let ruling =
        amity_variants::splitbrain::seats::answer(&pos, bk, PartnerModel::Alike, &limits, &stop)
            .unwrap();
    assert_eq!(SplitBrain.format_move(ruling), "r:target");
    // Nobody else owes it.
    for other in ["Wk", "Wq", "Bq"] {
        let seat = Seat::parse(other).unwrap();
        assert!(
            amity_variants::splitbrain::seats::answer(
                &pos,
                seat,
                PartnerModel::Alike,
                &limits,
                &stop
            )
            .is_err()
        );
    }
}

/// A seat given a node budget and no depth (`go nodes`, a strength level) searches as deep
/// as the budget reaches: Black's rook lift c6-e6 mates in three (Fairy-Stockfish agrees),
/// which the fixed depth used without limits does not see, so only the budgeted chooser
/// picks the rook.
#[test]
fn a_seat_bound_by_nodes_alone_searches_past_the_fixed_depth() {
    let pos = position("r1r3/1k4/p4p/Pn1p1P/3P1K/6 b - - 3 28 checker:k");
    let stop = std::sync::atomic::AtomicBool::new(false);
    let bk = Seat::parse("Bk").unwrap();
    let choose = |limits: amity_engine::search::Limits| {
        let decision = amity_variants::splitbrain::seats::answer(
            &pos,
            bk,
            PartnerModel::Alike,
            &limits,
            &stop,
        )
        .unwrap();
        SplitBrain.format_move(decision)
    };
    let budgeted = amity_engine::search::Limits {
        nodes: Some(50_000),
        ..Default::default()
    };
    assert_eq!(choose(budgeted), "c:c6");
    assert_eq!(choose(Default::default()), "c:b3");
}

/// A person in seat Wq sees the mover's view (`turn:c:?`) and the decisions owed; the end of
/// input ends the game without a crash.
#[test]
fn a_human_seat_is_shown_its_view() {
    let output = run_with_input(
        &[
            "seats",
            "--games",
            "1",
            "--depth",
            "2",
            "--seats",
            "amity,human,amity,amity",
        ],
        b"c:a2\nm:b3\n",
    );
    assert!(output.status.success());
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains(&format!("Wq: your view {START} turn:c:?")),
        "{said}"
    );
    assert!(said.contains("'c:a2' is not a decision you owe"), "{said}");
    assert!(
        said.contains("Wq, your decision (m:a3 m:b3 m:c3 m:d3 m:e3 m:f3)"),
        "{said}"
    );
}
