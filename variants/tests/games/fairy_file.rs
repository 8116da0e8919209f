//! Games defined by the shipped variant file (`variants/fairy.ini`): each game's perft equal to
//! Fairy-Stockfish's built-in twin (the oracle's counts kept in `tests/perft/fairy/`, and an
//! ignored test that asks the oracle again), file-defined chess and Los Alamos equal to the
//! built-in ones, and the reader fed arbitrary bytes and lines without panicking.

use crate::common::{read_perft_file, repository_file};
use amity_engine::perft::perft;
use amity_engine::{Game, Position, Rules};
use amity_variants::file::{FileGame, VariantFile};
use amity_variants::{Chess, LosAlamos};
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// One line of a `tests/perft/fairy/<game>.perft` file: moves from the start, and counts.
struct Line {
    moves: Vec<String>,
    counts: Vec<(u32, u64)>,
}

fn read_lines(game: &str) -> Vec<Line> {
    let path = repository_file(&format!("tests/perft/fairy/{game}.perft"));
    let text = std::fs::read_to_string(&path).expect("perft data readable");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';').map(str::trim);
            let position = parts.next().unwrap();
            let moves = position
                .strip_prefix("startpos")
                .unwrap()
                .trim()
                .strip_prefix("moves")
                .map_or_else(Vec::new, |m| {
                    m.split_whitespace().map(String::from).collect()
                });
            let counts = parts
                .map(|part| {
                    let (depth, count) = part.strip_prefix('D').unwrap().split_once(' ').unwrap();
                    (depth.parse().unwrap(), count.parse().unwrap())
                })
                .collect();
            Line { moves, counts }
        })
        .collect()
}

/// Every game with oracle data: the names of the files in `tests/perft/fairy/`.
fn games_with_data() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(repository_file("tests/perft/fairy"))
        .unwrap()
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".perft").map(String::from)
        })
        .collect();
    games.sort();
    games
}

fn position_after(game: &FileGame, moves: &[String]) -> Position<FileGame> {
    let mut played = Game::new(game.clone());
    for token in moves {
        played
            .play_token(token)
            .unwrap_or_else(|error| panic!("{}: {error} after {moves:?}", game.name()));
    }
    played.position().clone()
}

#[test]
fn every_shipped_game_counts_as_fairy_stockfish_does() {
    let file = VariantFile::shipped();
    let games = games_with_data();
    assert!(games.len() >= 16, "{games:?}");
    let mut wrong = Vec::new();
    for name in &games {
        let game = file
            .game(name)
            .unwrap_or_else(|| panic!("{name} has oracle data but no section in fairy.ini"));
        for line in read_lines(name) {
            let pos = position_after(&game, &line.moves);
            for &(depth, expected) in &line.counts {
                let counted = perft(&game, &pos, depth);
                if counted != expected {
                    wrong.push(format!(
                        "{name} after {:?}: perft {depth} {counted}, Fairy-Stockfish {expected}",
                        line.moves
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn file_defined_chess_and_los_alamos_equal_the_built_in_ones() {
    let file = VariantFile::shipped();
    let twins = [("chess", "chess.perft"), ("losalamos", "losalamos.perft")];
    for (name, data) in twins {
        let game = file.game(name).unwrap();
        for case in read_perft_file(&repository_file(&format!("tests/perft/{data}"))) {
            let pos = Position::from_fen(&game, &case.fen).unwrap();
            for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n < 3_000_000) {
                assert_eq!(perft(&game, &pos, depth), expected, "{name} {}", case.fen);
            }
        }
    }
    // And the same counts as the built-in rules, position by position of the oracle's data.
    let chess = file.game("chess").unwrap();
    for line in read_lines("chess") {
        let pos = position_after(&chess, &line.moves);
        let fen = pos.to_fen(&chess);
        let built_in = Position::from_fen(&Chess::default(), &fen).unwrap();
        assert_eq!(
            perft(&chess, &pos, 3),
            perft(&Chess::default(), &built_in, 3),
            "{fen}"
        );
    }
    let losalamos = file.game("losalamos").unwrap();
    for line in read_lines("losalamos") {
        let pos = position_after(&losalamos, &line.moves);
        let fen = pos.to_fen(&losalamos);
        let built_in = Position::from_fen(&LosAlamos, &fen).unwrap();
        assert_eq!(
            perft(&losalamos, &pos, 3),
            perft(&LosAlamos, &built_in, 3),
            "{fen}"
        );
    }
}

/// Asks Fairy-Stockfish for every count the data holds. Ignored: it needs
/// `/usr/games/fairy-stockfish` (Debian's `fairy-stockfish`; `.ci/run` installs it).
#[test]
#[ignore]
fn the_oracle_still_counts_the_data() {
    let mut oracle = Command::new("/usr/games/fairy-stockfish")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fairy-stockfish installed");
    let mut input = oracle.stdin.take().unwrap();
    let mut output = BufReader::new(oracle.stdout.take().unwrap());
    let mut ask = |input: &mut std::process::ChildStdin, command: String| -> u64 {
        writeln!(input, "{command}").unwrap();
        let mut line = String::new();
        loop {
            line.clear();
            assert!(output.read_line(&mut line).unwrap() > 0, "oracle ended");
            if let Some(count) = line.trim().strip_prefix("Nodes searched: ") {
                return count.parse().unwrap();
            }
        }
    };
    for name in games_with_data() {
        for line in read_lines(&name) {
            for &(depth, expected) in &line.counts {
                let moves = if line.moves.is_empty() {
                    String::new()
                } else {
                    format!(" moves {}", line.moves.join(" "))
                };
                let counted = ask(
                    &mut input,
                    format!(
                        "setoption name UCI_Variant value {name}\nposition startpos{moves}\n\
                     go perft {depth}"
                    ),
                );
                assert_eq!(counted, expected, "{name}{moves} depth {depth}");
            }
        }
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    oracle.wait().unwrap();
}

/// Lines a variant file is made of, good and bad: headers, known keys with good and bad
/// values, unknown keys, comments and noise.
fn a_line() -> impl Strategy<Value = String> {
    let keys = prop::sample::select(vec![
        "pawn",
        "king",
        "rook",
        "queen",
        "commoner",
        "customPiece1",
        "customPiece2",
        "maxRank",
        "maxFile",
        "startFen",
        "promotionRank",
        "promotionPieceTypes",
        "castling",
        "doubleStepRank",
        "extinctionValue",
        "extinctionPieceTypes",
        "flagPiece",
        "whiteFlag",
        "checkCounting",
        "kingType",
        "wibble",
        "stalemateValue",
        "mustCapture",
    ]);
    let values = prop::sample::select(vec![
        "k",
        "p",
        "-",
        "a:NN",
        "a:fpR",
        "q:",
        "0",
        "1",
        "6",
        "9",
        "true",
        "nope",
        "win",
        "*",
        "*8",
        "d4 e5",
        "z9",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
        "8/8/8 w",
        "3+3",
        "kqrbnp",
    ]);
    prop_oneof![
        (keys, values).prop_map(|(k, v)| format!("{k} = {v}")),
        prop::sample::select(vec![
            "[a]",
            "[b:a]",
            "[a:b]",
            "[c:chess]",
            "[d:nowhere]",
            "[",
            "[]"
        ])
        .prop_map(String::from),
        "[ -~]{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn arbitrary_bytes_never_panic_the_reader(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        if let Err(errors) = VariantFile::read(&bytes) {
            prop_assert!(errors.iter().all(|error| error.line >= 1));
        }
    }

    #[test]
    fn arbitrary_lines_are_read_or_refused_by_line(lines in prop::collection::vec(a_line(), 0..30)) {
        let text = lines.join("\n");
        match VariantFile::read(text.as_bytes()) {
            Ok(file) => {
                // Every game read is playable from its start position.
                for name in file.names() {
                    let game = file.game(name).unwrap();
                    let pos = Position::from_fen(&game, game.start_fen());
                    prop_assert!(pos.is_ok());
                    perft(&game, &pos.unwrap(), 2);
                }
            }
            Err(errors) => {
                prop_assert!(!errors.is_empty());
                prop_assert!(errors.iter().all(|error| (1..=lines.len().max(1)).contains(&error.line)));
            }
        }
    }
}
