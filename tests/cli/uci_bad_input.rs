//! Bad input never crashes or hangs Amity: each malformed command, FEN, move, option or line
//! gets an `info string error: ...` naming what was wrong, the previous state is kept, and the
//! engine keeps answering.

use crate::common;

use common::Engine;
use std::time::Duration;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/// Sends `line` and returns the error lines it produced (up to the next `readyok`).
fn errors_after(engine: &mut Engine, line: &str) -> Vec<String> {
    engine.send(line);
    engine
        .sync()
        .into_iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}

fn assert_one_error(engine: &mut Engine, line: &str, mentions: &str) {
    let errors = errors_after(engine, line);
    assert_eq!(errors.len(), 1, "'{line}' gave {errors:?}");
    assert!(
        errors[0].contains(mentions),
        "'{line}' gave '{}', which does not mention '{mentions}'",
        errors[0]
    );
}

fn engine_after_e4() -> Engine {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.fen(), AFTER_E4);
    engine
}

#[test]
fn unknown_commands_are_reported() {
    let mut engine = engine_after_e4();
    assert_one_error(&mut engine, "xyzzy", "unknown command 'xyzzy'");
    assert_one_error(&mut engine, "go sideways 3", "unexpected 'sideways'");
    assert_one_error(
        &mut engine,
        "go depth deep",
        "'go depth' needs a non-negative number",
    );
    assert_one_error(&mut engine, "go depth", "needs a number");
    assert_one_error(&mut engine, "position", "needs 'startpos' or 'fen <FEN>'");
    assert_one_error(&mut engine, "position midgame", "unexpected 'midgame'");
    assert_one_error(&mut engine, "setoption", "needs 'name <option>");
    assert_eq!(engine.fen(), AFTER_E4);
}

#[test]
fn malformed_fens_keep_the_previous_position() {
    let mut engine = engine_after_e4();
    let cases = [
        ("position fen", "needs a FEN"),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "7 ranks given",
        ),
        (
            "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank '9' is longer than 8 squares",
        ),
        (
            "position fen rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "unknown piece 'x'",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            "castling",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
            "en passant",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "move counter",
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1",
            "0 kings",
        ),
        ("position fen 4k3/8/8/8/8/8/8/R3K2k w - - 0 1", "2 kings"),
        (
            "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            "Black is not to move but is in check",
        ),
        (
            "position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "pawn stands on the first or last rank",
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "unexpected FEN field 'extra'",
        ),
    ];
    for (line, mentions) in cases {
        assert_one_error(&mut engine, line, mentions);
        assert_eq!(engine.fen(), AFTER_E4, "after '{line}'");
    }
}

#[test]
fn illegal_and_malformed_moves_keep_the_previous_position() {
    let mut engine = engine_after_e4();
    assert_one_error(
        &mut engine,
        "position startpos moves e2e4 e7e5 e1e3",
        "illegal move 'e1e3' (move 3 of the list)",
    );
    assert_eq!(engine.fen(), AFTER_E4);
    assert_one_error(
        &mut engine,
        "position startpos moves e2e4 hello",
        "malformed move 'hello'",
    );
    assert_one_error(
        &mut engine,
        "position startpos moves e7e8q",
        "illegal move 'e7e8q'",
    );
    assert_one_error(
        &mut engine,
        "position startpos moves e2e4 e7e5 zz99",
        "malformed move 'zz99'",
    );
    // Moves after checkmate (fool's mate) are refused as the game is over.
    assert_one_error(
        &mut engine,
        "position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3",
        "after the game has ended",
    );
    assert_one_error(
        &mut engine,
        "go searchmoves e7e5 a1a8",
        "illegal move 'a1a8'",
    );
    assert_eq!(engine.fen(), AFTER_E4);
}

#[test]
fn bad_options_and_variants_are_reported() {
    let mut engine = engine_after_e4();
    assert_one_error(
        &mut engine,
        "setoption name Colour value blue",
        "unknown option 'Colour'",
    );
    assert_one_error(
        &mut engine,
        "setoption name Hash value lots",
        "from 1 to 65536, not 'lots'",
    );
    assert_one_error(&mut engine, "setoption name Hash value 0", "not '0'");
    assert_one_error(&mut engine, "setoption name Threads", "needs a value");
    assert_one_error(
        &mut engine,
        "setoption name Ponder value maybe",
        "no choice 'maybe'",
    );
    assert_one_error(
        &mut engine,
        "setoption name UCI_Variant value checkers",
        "no choice 'checkers'",
    );
    assert_eq!(engine.fen(), AFTER_E4);
    // Options are names without case, as the UCI protocol allows.
    assert!(errors_after(&mut engine, "setoption name hash value 32").is_empty());
}

/// Pacifist positions whose perft 2 differs by measure: count 256, value 120, average 109.
const PACIFIST_BATTERY: &str = "k7/8/8/8/b7/1b6/8/R3K2R w KQ - 0 1";

#[test]
fn a_variant_option_is_listed_and_a_bad_value_keeps_the_one_set_before() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.read_until(Duration::from_secs(10), |l| l == "uciok");
    assert!(
        lines.contains(
            &"option name PacifistMeasure type combo default count var count var value var average"
                .to_string()
        ),
        "{lines:?}"
    );
    engine.send("setoption name UCI_Variant value pacifist");
    assert!(errors_after(&mut engine, "setoption name pacifistmeasure value VALUE").is_empty());
    assert_one_error(
        &mut engine,
        "setoption name PacifistMeasure value weight",
        "option 'PacifistMeasure' has no choice 'weight' (choices: count, value, average)",
    );
    assert_one_error(
        &mut engine,
        "setoption name PacifistMeasure",
        "option 'PacifistMeasure' needs a value",
    );
    engine.send(&format!("position fen {PACIFIST_BATTERY}"));
    assert_eq!(engine.perft(2).1, 120);
}

/// The node count of a fresh depth-7 search from the start (the table cleared first, so only the
/// search parameters decide it).
fn fresh_search_nodes(engine: &mut Engine) -> u64 {
    engine.send("setoption name Clear Hash");
    engine.send("position startpos");
    engine.send("go depth 7");
    let lines = engine.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    lines
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .next_back()
        .expect("the search reports its nodes")
}

#[test]
fn bad_search_parameters_keep_the_ones_set_before() {
    let mut engine = Engine::start();
    let defaults = fresh_search_nodes(&mut engine);
    assert!(
        errors_after(
            &mut engine,
            "setoption name SearchParameters value RfpMargin=40,LmpBase=0"
        )
        .is_empty()
    );
    let tuned = fresh_search_nodes(&mut engine);
    assert_ne!(tuned, defaults, "the parameters change the search");
    assert_one_error(
        &mut engine,
        "setoption name SearchParameters value RfpMargin=9999",
        "search parameter RfpMargin takes a whole number from 30 to 200, not '9999'",
    );
    assert_one_error(
        &mut engine,
        "setoption name SearchParameters value Razor=3",
        "no search parameter is called 'Razor'",
    );
    assert_one_error(
        &mut engine,
        "setoption name SearchParameters value LmrBase",
        "'LmrBase' is not a search parameter setting",
    );
    assert_eq!(fresh_search_nodes(&mut engine), tuned);
    assert!(errors_after(&mut engine, "setoption name SearchParameters value").is_empty());
    assert_eq!(fresh_search_nodes(&mut engine), defaults);
}

#[test]
fn overlong_and_binary_lines_are_skipped() {
    let mut engine = engine_after_e4();
    let mut long = b"position startpos moves ".to_vec();
    long.extend(std::iter::repeat_n(b'a', 2 << 20));
    long.push(b'\n');
    engine.send_bytes(&long);
    let errors = errors_after(&mut engine, "");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("longer than"), "{errors:?}");
    engine.send_bytes(b"\xff\xfe position\n");
    let errors = errors_after(&mut engine, "");
    assert!(errors[0].contains("not valid UTF-8"), "{errors:?}");
    assert_eq!(engine.fen(), AFTER_E4);
}

#[test]
fn end_of_input_finishes_a_finite_search_and_exits() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go depth 3");
    engine.close_input();
    let lines = engine.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    assert!(lines.last().unwrap().len() > "bestmove ".len());
    assert!(engine.wait_exit(Duration::from_secs(10)));
}

#[test]
fn end_of_input_stops_an_infinite_search() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.close_input();
    engine.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    assert!(engine.wait_exit(Duration::from_secs(10)));
}

#[test]
fn no_legal_move_answers_bestmove_0000() {
    let mut engine = Engine::start();
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    engine.send("go depth 3");
    let lines = engine.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    // Stalemate too.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go movetime 100");
    let lines = engine.read_until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
}

#[test]
fn the_engine_still_works_after_every_kind_of_error() {
    let mut engine = engine_after_e4();
    for line in [
        "xyzzy",
        "position fen junk",
        "setoption name Nope value 1",
        "go depth x",
    ] {
        errors_after(&mut engine, line);
    }
    engine.send("go depth 4");
    let lines = engine.read_until(Duration::from_secs(30), |l| l.starts_with("bestmove"));
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    engine.send(&format!("position startpos moves e2e4 {best}"));
    assert!(engine.sync().iter().all(|l| !l.contains("error")));
    assert_ne!(engine.fen(), START);
}
