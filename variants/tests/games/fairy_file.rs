//! Games defined by the shipped variant file (`variants/fairy.ini`): each game's perft equal to
//! Fairy-Stockfish's built-in twin (the oracle's counts kept in `tests/perft/fairy/`, and an
//! ignored test that asks the oracle again), file-defined chess and Los Alamos equal to the
//! built-in ones, and the reader fed arbitrary bytes and lines without panicking.

use crate::common::{read_perft_file, repository_file};
use amity_engine::perft::perft;
use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{
    Color, DrawReason, Game, GuiBoard, Notation, Outcome, Position, Presentation, Rules, RulesExt,
    WinReason,
};
use amity_variants::file::{FileGame, VariantFile};
use amity_variants::{
    Chess, ItIsWhatItIs, LosAlamos, Love, MoralSupport, Pacifist, PacifistMeasure,
};
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::AtomicBool;

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
        let built_in = Position::from_fen(&LosAlamos::default(), &fen).unwrap();
        assert_eq!(
            perft(&losalamos, &pos, 3),
            perft(&LosAlamos::default(), &built_in, 3),
            "{fen}"
        );
    }
}

/// Starts `/usr/games/fairy-stockfish` with its input and output piped; its input.
fn start_oracle() -> (Child, ChildStdin) {
    let mut oracle = Command::new("/usr/games/fairy-stockfish")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fairy-stockfish installed");
    let input = oracle.stdin.take().unwrap();
    (oracle, input)
}

/// Asks Fairy-Stockfish for every count the data holds. Ignored: it needs
/// `/usr/games/fairy-stockfish` (Debian's `fairy-stockfish`; `.ci/run` installs it).
#[test]
#[ignore]
fn the_oracle_still_counts_the_data() {
    let (mut oracle, mut input) = start_oracle();
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
        "countingRule",
        "shatarMateRule",
        "pocketSize",
        "variantTemplate",
        "stalemateValue",
        "mustCapture",
        "pieceDrops",
        "capturesToHand",
        "dropLoop",
        "promotedPieceType",
        "shogiDoubledPawn",
        "dropNoDoubled",
        "nMoveRule",
        "nFoldRule",
        "amityConversion",
        "amityConversionValues",
        "amitySupportedCaptures",
        "amityCheckAttackers",
        "amityFrozenInCheck",
        "amityPathPiece1",
        "amityPathPiece2",
        "amitySelfCaptureImmune",
    ]);
    let values = prop::sample::select(vec![
        "k",
        "p",
        "makruk",
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
        "p:q r:k",
        "r:q",
        "rnbqk/ppppp/5/PPPPP/RNBQK[Qq] w - - 0 1",
        "rnbqk/ppppp/5/PPPPP/RNBQK[Q w - - 0 1",
        "4k/5/5/5/K3Q~[] w - - 0 1",
        "count",
        "average",
        "p:1 n:3 b:3 r:5 q:9 k:4",
        "p:1 k:x",
        "c:rose(N,cw,4)",
        "+c:N*[|E*] W!",
        "h:N2[>2",
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

fn shipped(name: &str) -> FileGame {
    VariantFile::shipped().game(name).unwrap()
}

fn legal_tokens(game: &Game<FileGame>) -> Vec<String> {
    game.legal_moves()
        .iter()
        .map(|mv| game.rules().format_move(*mv))
        .collect()
}

#[test]
fn pieces_in_hand_and_promoted_pieces_round_trip_in_fen() {
    let crazyhouse = shipped("crazyhouse");
    let fen = "r3k2r/8/8/3Q~4/8/8/8/R3K2R[QNpp] w KQkq - 0 1";
    let pos = Position::from_fen(&crazyhouse, fen).unwrap();
    assert_eq!(pos.to_fen(&crazyhouse), fen);
    assert_eq!(pos.hash(), pos.fresh_hash(&crazyhouse));
    let minishogi = shipped("minishogi");
    let start = Position::from_fen(&minishogi, minishogi.start_fen()).unwrap();
    assert_eq!(start.to_fen(&minishogi), "rbsgk/4p/5/P4/KGSBR[] w - - 0 1");
    let promoted = "4k/4+P/5/5/K4[Sps] b - - 0 1";
    let pos = Position::from_fen(&minishogi, promoted).unwrap();
    assert_eq!(pos.to_fen(&minishogi), promoted);
    for bad in [
        "r3k2r/8/8/8/8/8/8/R3K2R[Z] w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R[K] w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R[Q w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R]Q[ w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R[Q][q] w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R[Q~] w - - 0 1",
    ] {
        assert!(Position::from_fen(&crazyhouse, bad).is_err(), "{bad}");
    }
    let many = format!("4k/5/5/5/K4[{}] w - - 0 1", "P".repeat(65));
    assert!(Position::from_fen(&minishogi, &many).is_err());
    // A game without drops has no hands to write.
    let chess = shipped("chess");
    assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").is_err());
}

#[test]
fn a_capture_goes_to_the_hand_as_what_the_piece_was() {
    // A promoted queen (`Q~`) goes back as a pawn; in loop, as a queen.
    for (name, fen, hand) in [
        ("crazyhouse", "8/8/8/8/8/8/3k4/3Q~3K[] b - - 0 1", "[p]"),
        ("crazyhouse", "8/8/8/8/8/8/3k4/3Q3K[] b - - 0 1", "[q]"),
        ("loop", "8/8/8/8/8/8/3k4/3Q3K[] b - - 0 1", "[q]"),
    ] {
        let mut game = Game::from_fen(shipped(name), fen).unwrap();
        game.play_token("d2d1").unwrap();
        let fen = game.position().to_fen(game.rules());
        assert!(fen.contains(hand), "{name}: {fen}");
    }
    // Shogi: the promoted pawn (`+P`, moving as a gold) goes back as a pawn.
    let mut game = Game::from_fen(shipped("minishogi"), "4k/4+P/5/5/K4[] b - - 0 1").unwrap();
    game.play_token("e5e4").unwrap();
    assert_eq!(
        game.position().to_fen(game.rules()),
        "5/4k/5/5/K4[p] w - - 0 2"
    );
    assert!(legal_tokens(&game).iter().all(|token| !token.contains('@')));
}

#[test]
fn drops_are_written_played_and_searched() {
    let mut game =
        Game::from_fen(shipped("crazyhouse"), "k7/pp6/8/8/8/8/8/K7[R] w - - 0 1").unwrap();
    let tokens = legal_tokens(&game);
    assert!(tokens.contains(&"R@c8".to_string()), "{tokens:?}");
    // Pawns are never dropped on the first or last rank in crazyhouse; in chessgi on the first.
    let pawns = Game::from_fen(shipped("crazyhouse"), "k7/pp6/8/8/8/8/8/K7[P] w - - 0 1").unwrap();
    let drops: Vec<String> = legal_tokens(&pawns)
        .into_iter()
        .filter(|t| t.starts_with("P@"))
        .collect();
    assert_eq!(drops.len(), 48 - 2);
    let chessgi = Game::from_fen(shipped("chessgi"), "k7/pp6/8/8/8/8/8/K7[P] w - - 0 1").unwrap();
    assert!(legal_tokens(&chessgi).contains(&"P@b1".to_string()));
    assert!(!legal_tokens(&chessgi).contains(&"P@b8".to_string()));

    let mut searcher = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let result = searcher.search_game(&game, &Limits::depth(3), &stop, &mut |_| {});
    let best = game.rules().format_move(result.best);
    assert!(best.starts_with("R@") && best.ends_with('8'), "{best}");
    game.play_token(&best).unwrap();
    assert!(matches!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
}

#[test]
fn shogi_drops_keep_nifu_uchifuzume_and_immobility() {
    let minishogi = shipped("minishogi");
    // Uchifuzume as Fairy-Stockfish 11.1 plays it: the pawn drop on e4 mates (the gold
    // guards it, the rook the d file), and so loses for White.
    let mut mate = Game::from_fen(minishogi.clone(), "4k/5/4G/5/K2R1[P] w - - 0 1").unwrap();
    assert!(legal_tokens(&mate).contains(&"P@e4".to_string()));
    mate.play_token("P@e4").unwrap();
    assert!(mate.legal_moves().is_empty());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Variant("mate by a pawn drop")
        })
    );
    // Nifu: not on the a file, which has a White pawn; never on the last rank.
    let nifu = Game::from_fen(minishogi, "4k/5/5/P4/K4[P] w - - 0 1").unwrap();
    let drops: Vec<String> = legal_tokens(&nifu)
        .into_iter()
        .filter(|t| t.starts_with("P@"))
        .collect();
    assert!(
        drops
            .iter()
            .all(|t| !t.starts_with("P@a") && !t.ends_with('5'))
    );
    assert_eq!(drops.len(), 4 * 4, "{drops:?}");
    // A shogi-style promotion is written with `+`, and stays optional.
    let promote = Game::from_fen(shipped("minishogi"), "4k/S4/5/5/K4[] w - - 0 1").unwrap();
    let tokens = legal_tokens(&promote);
    assert!(tokens.contains(&"a4b5+".to_string()) && tokens.contains(&"a4b5".to_string()));
}

#[test]
fn the_games_own_move_and_repetition_rules_end_it() {
    // Minishogi: the fourth time a position stands, the side to move loses.
    let mut game = Game::new(shipped("minishogi"));
    let cycle = ["a1b2", "e5d4", "b2a1", "d4e5"];
    for round in 0..3 {
        for token in cycle {
            assert_eq!(game.outcome(), None, "round {round}");
            game.play_token(token).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Variant("repetition")
        })
    );
    // Chess keeps threefold: after two rounds the start stands a third time.
    let mut chess = Game::new(shipped("chess"));
    for token in ["g1f3", "g8f6", "f3g1", "f6g8"].repeat(2) {
        assert_eq!(chess.outcome(), None);
        chess.play_token(token).unwrap();
    }
    assert_eq!(chess.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    // nMoveRule = 2: four plies without a capture or pawn move draw.
    let file = VariantFile::read(b"[short:chess]\nnMoveRule = 2\nnFoldRule = 9\n").unwrap();
    let mut short = Game::new(file.game("short").unwrap());
    for token in ["g1f3", "g8f6", "f3g1"] {
        short.play_token(token).unwrap();
        assert_eq!(short.outcome(), None);
    }
    short.play_token("f6g8").unwrap();
    // Named by its own number, not as chess's fifty moves.
    assert_eq!(
        short.outcome(),
        Some(Outcome::Draw(DrawReason::MoveLimit(2)))
    );
    assert_eq!(short.outcome().unwrap().reason(), "Draw by 2-move rule");
    // nMoveRule = 0 (makruk): no limit however long the clock.
    let fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 150 80";
    let makruk = Game::from_fen(shipped("makruk"), fen).unwrap();
    assert_eq!(makruk.outcome(), None);
    let chess = Game::from_fen(
        shipped("chess"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100 80",
    )
    .unwrap();
    assert_eq!(chess.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    // Suicide: stalemated with fewer pieces than the other side wins.
    let suicide = Game::from_fen(shipped("suicide"), "8/8/8/p6p/P7/8/8/8 w - - 0 1").unwrap();
    assert!(matches!(
        suicide.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    // Antichess: stalemated wins, whatever the pieces; suicide counts them.
    let antichess = Game::from_fen(shipped("antichess"), "8/8/8/p7/P7/8/8/8 w - - 0 1").unwrap();
    assert!(matches!(
        antichess.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            ..
        })
    ));
    let even = Game::from_fen(shipped("suicide"), "8/8/8/p7/P7/8/8/8 w - - 0 1").unwrap();
    assert!(matches!(even.outcome(), Some(Outcome::Draw(_))));
}

#[test]
fn the_search_scores_a_repetition_by_the_games_rule() {
    // Black may bring the start position back for the second time, with White to move: where
    // that loses for the side to move Black must play it, where it wins Black must not.
    let file = VariantFile::read(
        b"[loss:chess]\nnFoldRule = 2\nnFoldValue = loss\n[win:chess]\nnFoldRule = 2\nnFoldValue = win\n",
    )
    .unwrap();
    for (name, repeats) in [("loss", true), ("win", false)] {
        let mut game = Game::new(file.game(name).unwrap());
        for token in ["g1f3", "g8f6", "f3g1"] {
            game.play_token(token).unwrap();
        }
        let mut searcher = Searcher::new(4, 1);
        let stop = AtomicBool::new(false);
        let result = searcher.search_game(&game, &Limits::depth(3), &stop, &mut |_| {});
        let best = game.rules().format_move(result.best);
        assert_eq!(best == "f6g8", repeats, "{name}: {best}");
    }
}

#[test]
fn bad_drop_keys_are_named_at_their_line() {
    let cases: [(&str, usize, &str); 6] = [
        ("[a:chess]\npieceDrops = maybe\n", 2, "pieceDrops"),
        (
            "[a:minishogi]\npromotedPieceType = p:z\n",
            2,
            "promotedPieceType",
        ),
        (
            "[a:minishogi]\npromotedPieceType = k:g\n",
            2,
            "promotedPieceType",
        ),
        ("[a:minishogi]\ndropNoDoubled = 7\n", 2, "dropNoDoubled"),
        ("[a:crazyhouse]\ndropChecks = false\n", 2, "dropChecks"),
        (
            "[a:crazyhouse]\n\nstartFen = 8/8/8/8/8/8/8/K6k[Qx w - - 0 1\n",
            3,
            "hand",
        ),
    ];
    assert_refused_at_lines(&cases, false);
}

/// Each file of `cases` is refused, its first error at the line given and naming the word
/// given (with `alone`, as its only error).
fn assert_refused_at_lines(cases: &[(&str, usize, &str)], alone: bool) {
    for &(text, line, word) in cases {
        let errors = VariantFile::read(text.as_bytes()).unwrap_err();
        assert!(!alone || errors.len() == 1, "{text}: {errors:?}");
        assert_eq!(errors[0].line, line, "{text}: {errors:?}");
        let shown = errors[0].to_string();
        assert!(shown.contains(word), "{text}: {shown}");
    }
}

#[test]
fn drop_games_keep_their_hash_and_fen_in_random_play() {
    use rand::{Rng, SeedableRng};
    for name in ["crazyhouse", "chessgi", "minishogi"] {
        let rules = shipped(name);
        let mut rng = rand::rngs::StdRng::seed_from_u64(72);
        for _ in 0..20 {
            let mut game = Game::new(rules.clone());
            for _ in 0..80 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[rng.random_range(0..moves.len())];
                game.play_unchecked(mv);
                let pos = game.position();
                assert_eq!(pos.hash(), pos.fresh_hash(&rules), "{name}");
                let fen = pos.to_fen(&rules);
                let again = Position::from_fen(&rules, &fen).unwrap();
                assert_eq!(again.to_fen(&rules), fen, "{name}");
                // A FEN does not say that the last move was a checking pawn drop (which
                // makes a mate lose): only then may the hashes differ.
                if !pos.state.pawn_dropped {
                    assert_eq!(again.hash(), pos.hash(), "{name}: {fen}");
                }
            }
        }
    }
}

#[test]
fn a_drop_keeps_the_castling_rights_of_the_corner_it_is_encoded_from() {
    // A drop's move carries a1 as its origin; it must not take White's queenside right.
    let crazyhouse = VariantFile::shipped().game("crazyhouse").unwrap();
    let mut played = Game::from_fen(
        crazyhouse.clone(),
        "r3k2r/8/8/8/8/8/8/R3K2R[Nn] b KQkq - 0 1",
    )
    .unwrap();
    played.play_token("N@d5").unwrap();
    let fen = played.position().to_fen(&crazyhouse);
    assert!(fen.contains(" w KQkq "), "{fen}");
}

/// The kings walk round, `plies` half-moves of it: White's round e1 f1 f2 e2 and Black's
/// e5 f5 f6 (four moves and three), so no position stands a third time in 48 plies.
fn king_walk(plies: usize) -> Vec<&'static str> {
    let white = ["e1f1", "f1f2", "f2e2", "e2e1"];
    let black = ["e5f5", "f5f6", "f6e5"];
    (0..plies)
        .map(|ply| match ply % 2 {
            0 => white[(ply / 2) % 4],
            _ => black[(ply / 2) % 3],
        })
        .collect()
}

#[test]
fn makruks_count_draws_when_it_runs_out() {
    // A rook against a bare king: the count starts with White's first move, at 16 moves
    // (32 plies) counted from the pieces on the board (3, so 6 plies gone). It runs out
    // when it passes 32: after 28 plies. Fairy-Stockfish 11.1 writes the same count in its
    // FEN (`R4K2 b - 32 6 1` after e1f1, `... w - 32 33 15` after 28 plies).
    let makruk = shipped("makruk");
    let start = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
    let mut game = Game::from_fen(makruk.clone(), start).unwrap();
    for (index, token) in king_walk(28).into_iter().enumerate() {
        assert_eq!(game.outcome(), None, "after {index} plies");
        game.play_token(token).unwrap();
        if index == 0 {
            assert!(game.position().to_fen(&makruk).ends_with(" 6/32"));
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("counting rule")))
    );
    assert!(game.position().to_fen(&makruk).ends_with(" 33/32"));
    // The count never changes perft: a count run out is an end only the game record and
    // the search see.
    let fen = game.position().to_fen(&makruk);
    let uncounted = fen.strip_suffix(" 33/32").unwrap();
    assert_eq!(
        perft(&makruk, game.position(), 3),
        perft(&makruk, &Position::from_fen(&makruk, uncounted).unwrap(), 3)
    );
    // The FEN carries the count: one read back runs out as the game did.
    let read = Game::from_fen(makruk.clone(), &fen).unwrap();
    assert_eq!(read.outcome(), game.outcome());
    // With pawns on the board nothing is counted.
    assert_never_counted(makruk, "8/8/8/4k3/8/p7/8/R3K3 w - - 0 1");
}

/// Walks the kings 40 plies from `fen`: no count starts and the game goes on.
fn assert_never_counted(rules: FileGame, fen: &str) {
    let mut game = Game::from_fen(rules, fen).unwrap();
    for token in king_walk(40) {
        game.play_token(token).unwrap();
    }
    assert_eq!(game.outcome(), None, "{fen}");
    assert_eq!(game.position().state.count.limit, 0, "{fen}");
}

#[test]
fn a_mate_on_the_counts_last_move_still_wins() {
    // Counted out, but mated: the mate stands (Fairy-Stockfish ends by the count only when
    // the side to move is not in check or has a move).
    let makruk = shipped("makruk");
    let mated = Game::from_fen(makruk.clone(), "R3k3/8/4K3/8/8/8/8/8 b - - 0 60 40/32").unwrap();
    assert_eq!(
        mated.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    // In check with a way out: the count draws.
    let checked = Game::from_fen(makruk, "R3k3/8/8/4K3/8/8/8/8 b - - 0 60 40/32").unwrap();
    assert_eq!(
        checked.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("counting rule")))
    );
}

#[test]
fn aseans_count_starts_only_against_a_bare_king() {
    // ASEAN: a rook against a bare king is counted 16 moves from zero; a knight alone is not
    // counted at all (the met must be with it).
    let asean = shipped("asean");
    let mut rook = Game::from_fen(asean.clone(), "8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
    let walk = king_walk(34);
    for token in &walk[..33] {
        assert_eq!(rook.outcome(), None);
        rook.play_token(token).unwrap();
    }
    assert_eq!(
        rook.outcome(),
        None,
        "32 plies counted are the count, not past it"
    );
    rook.play_token(walk[33]).unwrap();
    assert_eq!(
        rook.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("counting rule")))
    );
    assert_never_counted(asean, "8/8/8/4k3/8/8/8/N3K3 w - - 0 1");
}

#[test]
fn the_search_scores_a_count_run_out_as_a_draw() {
    // Two plies before the count runs out a rook cannot mate: the search sees the draw.
    let makruk = shipped("makruk");
    let game = Game::from_fen(makruk, "8/8/8/4k3/8/8/8/R3K3 w - - 0 40 31/32").unwrap();
    let mut searcher = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let result = searcher.search_game(&game, &Limits::depth(6), &stop, &mut |_| {});
    assert_eq!(result.score, Score::Centipawns(0));
    // Without the count the same position is a win.
    let free = Game::from_fen(shipped("makruk"), "8/8/8/4k3/8/8/8/R3K3 w - - 0 40").unwrap();
    let result = searcher.search_game(&free, &Limits::depth(6), &stop, &mut |_| {});
    assert!(
        match result.score {
            Score::Centipawns(centipawns) => centipawns > 300,
            Score::Mate(moves) => moves > 0,
        },
        "{:?}",
        result.score
    );
}

/// Fairy-Stockfish's count after each ply of `moves` from `fen`: its FEN's counting limit
/// and ply (the en passant and halfmove fields while a count runs), or `None` before.
fn oracle_counts(game: &str, fen: &str, moves: &[&str]) -> Vec<Option<(u16, u16)>> {
    let (mut oracle, mut input) = start_oracle();
    writeln!(input, "uci\nsetoption name UCI_Variant value {game}").unwrap();
    for plies in 1..=moves.len() {
        writeln!(
            input,
            "position fen {fen} moves {}\nd",
            moves[..plies].join(" ")
        )
        .unwrap();
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    let output = BufReader::new(oracle.stdout.take().unwrap());
    let counts = output
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| line.strip_prefix("Fen: ").map(String::from))
        .map(|fen| {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let limit: Option<u16> = fields[3].parse().ok();
            limit.map(|limit| (limit, fields[4].parse().unwrap()))
        })
        .collect();
    oracle.wait().unwrap();
    counts
}

/// Plays makruk and ASEAN endings in Amity and in Fairy-Stockfish and compares the count
/// after every ply. Ignored: it needs `/usr/games/fairy-stockfish` (`.ci/run` installs it).
#[test]
#[ignore]
fn the_oracle_counts_as_amity_does() {
    let cases = [
        ("makruk", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", king_walk(30)),
        ("makruk", "8/8/3s4/4k3/8/8/8/R3K3 w - - 0 1", {
            let mut moves = vec!["a1a6", "d6c5", "a6a5", "e5d4", "a5c5"];
            moves.extend(["d4d3", "e1f1", "d3d4", "f1e1"].repeat(5));
            moves
        }),
        ("makruk", "8/8/8/4k3/8/8/8/SN2K3 w - - 0 1", king_walk(20)),
        ("asean", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", king_walk(34)),
        ("asean", "8/8/3n4/4k3/8/8/8/R3K3 w - - 0 1", {
            let mut moves = vec!["a1a6", "e5e4", "a6d6"];
            moves.extend(["e4f4", "e1d1", "f4e4", "d1e1"].repeat(9));
            moves
        }),
    ];
    for (name, fen, moves) in cases {
        let rules = shipped(name);
        let mut game = Game::from_fen(rules.clone(), fen).unwrap();
        let expected = oracle_counts(name, fen, &moves);
        assert_eq!(expected.len(), moves.len(), "{name} {fen}");
        for (token, oracle) in moves.iter().zip(expected) {
            game.play_token(token)
                .unwrap_or_else(|error| panic!("{name} {fen} {token}: {error}"));
            let ours = game.position().state.count;
            let ours = (ours.limit > 0).then_some((ours.limit, ours.ply));
            assert_eq!(ours, oracle, "{name} {fen} after {token}");
        }
    }
    // Seeded random games from endings with pieces on both sides: captures restart the
    // count, a pawn's promotion or a bare king changes the rule that counts.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(72);
    let endings = [
        ("makruk", "r3k3/8/3s4/8/8/2m5/8/R3K1N1 w - - 0 1"),
        ("makruk", "4k3/1n6/8/2p5/8/8/3P4/R3K3 w - - 0 1"),
        ("makpong", "r3k3/8/3s4/8/8/2m5/8/R3K1N1 w - - 0 1"),
        ("asean", "r3k3/8/3b4/8/8/2q5/8/R3K1N1 w - - 0 1"),
        ("asean", "4k3/1n6/3q4/8/8/8/8/R3K3 w - - 0 1"),
    ];
    let mut counted = 0;
    for (name, fen) in endings {
        for _ in 0..4 {
            let mut game = Game::from_fen(shipped(name), fen).unwrap();
            let mut moves = Vec::new();
            while moves.len() < 160 {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal.as_slice()[rng.random_range(0..legal.len())];
                moves.push(game.rules().format_move(mv));
                game.play_unchecked(mv);
            }
            let tokens: Vec<&str> = moves.iter().map(String::as_str).collect();
            let expected = oracle_counts(name, fen, &tokens);
            let mut replay = Game::from_fen(shipped(name), fen).unwrap();
            for (token, oracle) in tokens.iter().zip(expected) {
                replay.play_token(token).unwrap();
                let ours = replay.position().state.count;
                let ours = (ours.limit > 0).then_some((ours.limit, ours.ply));
                assert_eq!(ours, oracle, "{name} {fen} moves {}", tokens.join(" "));
            }
            counted += usize::from(replay.position().state.count.limit > 0);
        }
    }
    assert!(counted >= 10, "only {counted} games counted");
    // Its search, like Amity's (`the_search_scores_a_count_run_out_as_a_draw`), sees the
    // draw two plies ahead (its FEN: the limit in the en passant field, the plies gone in
    // the halfmove field), and the win without the count.
    let score = oracle_score(
        "makruk",
        "fen 8/8/8/4k3/8/8/8/R3K3 w - 32 31 40",
        "go depth 6",
    );
    assert_eq!(score, "cp 0");
    let score = oracle_score(
        "makruk",
        "fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 40",
        "go depth 6",
    );
    assert_ne!(score, "cp 0");
}

/// Shatar positions and how each ends, as Fairy-Stockfish 11.1 scores them (`mate 0` for
/// a decided game, `cp 0` for a draw, at the root with no move): a FEN, moves from it, and
/// the winner (`None`: a draw).
const SHATAR_ENDS: [(&str, &str, Option<Color>); 5] = [
    // Smothered by a knight alone: the mater loses.
    ("6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", "", Some(Color::Black)),
    // Mated by a rook, a shak: White wins.
    ("R5k1/5ppp/8/8/8/8/8/K7 b - - 0 1", "", Some(Color::White)),
    // Mated by a bishop with no shak before: niol, a draw.
    ("6bk/7p/8/8/8/8/8/B6K b - - 0 1", "", None),
    // The same bishop mate after a rook's check in the same run: it counts.
    (
        "4R2k/5b1p/8/8/8/4B3/8/7K b - - 0 1",
        "f7g8 e3d4",
        Some(Color::White),
    ),
    // ... and without that check before it, a draw.
    ("4R1bk/7p/8/8/8/4B3/8/7K w - - 0 1", "e3d4", None),
];

fn shatar_after(fen: &str, moves: &str) -> Game<FileGame> {
    let mut game = Game::from_fen(shipped("shatar"), fen).unwrap();
    for token in moves.split_whitespace() {
        game.play_token(token).unwrap();
    }
    game
}

#[test]
fn shatars_mates_count_as_its_rules_say() {
    for (fen, moves, winner) in SHATAR_ENDS {
        let game = shatar_after(fen, moves);
        let mut moves_left = amity_engine::MoveList::new();
        game.rules().generate(game.position(), &mut moves_left);
        assert!(moves_left.is_empty(), "{fen} {moves}: not a mate");
        match (game.outcome(), winner) {
            (Some(Outcome::Win { winner: won, .. }), Some(winner)) => {
                assert_eq!(won, winner, "{fen} {moves}")
            }
            (Some(Outcome::Draw(_)), None) => {}
            (outcome, _) => panic!("{fen} {moves}: {outcome:?}"),
        }
    }
    // Robado: a side left a bare king draws.
    let bare = Game::from_fen(shipped("shatar"), "8/8/8/4k3/8/8/8/R3K3 b - - 0 1").unwrap();
    assert_eq!(
        bare.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("extinction")))
    );
}

#[test]
fn the_search_knows_shatars_mates() {
    // A knight's smothered mate would lose: the search does not give it. A rook's wins.
    let mut searcher = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let knight = Game::from_fen(shipped("shatar"), "6rk/6pp/8/4N3/8/8/8/K7 w - - 0 1").unwrap();
    let result = searcher.search_game(&knight, &Limits::depth(3), &stop, &mut |_| {});
    assert_ne!(knight.rules().format_move(result.best), "e5f7");
    let rook = Game::from_fen(shipped("shatar"), "6k1/5ppp/8/8/8/8/8/KR6 w - - 0 1").unwrap();
    let result = searcher.search_game(&rook, &Limits::depth(3), &stop, &mut |_| {});
    assert_eq!(rook.rules().format_move(result.best), "b1b8");
    assert_eq!(result.score, Score::Mate(1));
}

/// Fairy-Stockfish's last `score` for `position` and `go` (its deepest).
fn oracle_score(game: &str, position: &str, go: &str) -> String {
    let (mut oracle, mut input) = start_oracle();
    writeln!(
        input,
        "uci\nsetoption name UCI_Variant value {game}\nposition {position}\n{go}"
    )
    .unwrap();
    let mut output = BufReader::new(oracle.stdout.take().unwrap());
    let mut score = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(output.read_line(&mut line).unwrap() > 0, "oracle ended");
        if let Some((_, after)) = line.split_once(" score ") {
            score = after
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
        }
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    oracle.wait().unwrap();
    score
}

/// Fairy-Stockfish scores each of [`SHATAR_ENDS`] as decided or drawn as Amity ends it, and
/// its knight's smothered mate as lost for the mater. Ignored: it needs
/// `/usr/games/fairy-stockfish` (`.ci/run` installs it).
#[test]
#[ignore]
fn the_oracle_ends_shatar_as_amity_does() {
    for (fen, moves, winner) in SHATAR_ENDS {
        let position = if moves.is_empty() {
            format!("fen {fen}")
        } else {
            format!("fen {fen} moves {moves}")
        };
        let score = oracle_score("shatar", &position, "go depth 1");
        let expected = if winner.is_some() { "mate 0" } else { "cp 0" };
        assert_eq!(score, expected, "{fen} {moves}");
    }
    let score = oracle_score(
        "shatar",
        "fen 6rk/6pp/8/4N3/8/8/8/K7 w - - 0 1",
        "go depth 1 searchmoves e5f7",
    );
    assert_eq!(score, "mate -1");
    let after = shatar_after("6rk/6pp/8/4N3/8/8/8/K7 w - - 0 1", "e5f7");
    assert!(matches!(
        after.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

#[test]
fn drop_games_tell_guis_their_pockets_and_show_their_hands() {
    // As Fairy-Stockfish's `info string variant`: crazyhouse's pockets hold its six kinds,
    // minishogi's the five its file says; a game without drops has none.
    let board = |name: &str| shipped(name).gui_board();
    assert_eq!(
        board("crazyhouse"),
        GuiBoard {
            pocket: 6,
            template: "crazyhouse"
        }
    );
    assert_eq!(board("loop"), board("crazyhouse"));
    assert_eq!(
        board("minishogi"),
        GuiBoard {
            pocket: 5,
            template: "shogi"
        }
    );
    assert_eq!(board("makruk"), GuiBoard::PLAIN);
    // `d` shows the hands, and a running count.
    let crazyhouse = shipped("crazyhouse");
    let mut game = Game::new(crazyhouse.clone());
    for token in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        game.play_token(token).unwrap();
    }
    assert_eq!(
        crazyhouse.describe(game.position()),
        "White's hand: P\nBlack's hand: p\n"
    );
    let makruk = shipped("makruk");
    let counted = Position::from_fen(&makruk, "8/8/8/4k3/8/8/8/R3K3 w - - 0 40 6/32").unwrap();
    assert_eq!(
        makruk.describe(&counted),
        "Count: 6 of 32 plies (a draw when it passes)\n"
    );
}

#[test]
fn bad_values_of_the_new_keys_are_named_at_their_line() {
    let cases: [(&str, usize, &str); 5] = [
        ("[a:makruk]\n\ncountingRule = thai\n", 3, "countingRule"),
        ("[a:chess]\nshatarMateRule = yes\n", 2, "shatarMateRule"),
        ("[a:crazyhouse]\npocketSize = 99\n", 2, "pocketSize"),
        ("[a:crazyhouse]\npocketSize = -1\n", 2, "pocketSize"),
        (
            "[a:chess]\nvariantTemplate = two words\n",
            2,
            "variantTemplate",
        ),
    ];
    assert_refused_at_lines(&cases, true);
    // Their good values read.
    let good = "[a:makruk]\ncountingRule = asean\n[b:chess]\nshatarMateRule = true\n\
                [c:crazyhouse]\npocketSize = 3\nvariantTemplate = bughouse\n";
    let file = VariantFile::read(good.as_bytes()).unwrap();
    assert_eq!(file.game("c").unwrap().gui_board().pocket, 3);
}

#[test]
fn a_count_and_counted_checks_read_from_one_fen() {
    // A game may count both: each field is read by its form, and bad ones are refused.
    let file = VariantFile::read(b"[both:makruk]\ncheckCounting = true\n").unwrap();
    let both = file.game("both").unwrap();
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 40 2+3 6/32";
    let pos = Position::from_fen(&both, fen).unwrap();
    assert_eq!(pos.state.checks, [2, 3]);
    assert_eq!(pos.state.count.limit, 32);
    assert_eq!(
        pos.to_fen(&both),
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 40 6/32 2+3"
    );
    // Fairy-Stockfish's own FEN of the same: the count's limit in the en passant field, its
    // plies in the halfmove field, the check count before the clocks.
    let fairy = Position::from_fen(&both, "8/8/8/4k3/8/8/8/R3K3 w - 32 2+3 6 40").unwrap();
    assert_eq!(fairy.to_fen(&both), pos.to_fen(&both));
    let makruk = shipped("makruk");
    for bad in ["x", "6/0", "6/32 7/32", "3+3", "-1/32"] {
        let fen = format!("8/8/8/4k3/8/8/8/R3K3 w - - 0 40 {bad}");
        assert!(Position::from_fen(&makruk, &fen).is_err(), "{bad}");
    }
}

#[test]
fn cambodian_first_moves_use_and_lose_their_gates() {
    let cambodian = shipped("cambodian");
    // The king on its gate leaps as a knight to the rank in front; the met jumps two ahead.
    let start = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1";
    let game = Game::from_fen(cambodian.clone(), start).unwrap();
    let tokens = legal_tokens(&game);
    for first in ["d1b2", "d1f2", "e1e3"] {
        assert!(tokens.contains(&first.to_string()), "{first} in {tokens:?}");
    }
    // Each move spends the gate of the piece that made it, and the FEN says so.
    for (token, left) in [("d1b2", "E"), ("e1e3", "D"), ("e1d2", "D"), ("d1c2", "E")] {
        let mut played = game.clone();
        played.play_token(token).unwrap();
        let fen = played.position().to_fen(&cambodian);
        assert_eq!(fen.split(' ').nth(2), Some(left), "{token}: {fen}");
    }
    // No leap out of check, and none once the gate is gone.
    let checked = Game::from_fen(cambodian.clone(), "4k3/3r4/8/8/8/8/8/3KM3 w DE - 0 1").unwrap();
    assert!(
        !legal_tokens(&checked)
            .iter()
            .any(|t| t == "d1b2" || t == "d1f2")
    );
    let spent = Game::from_fen(cambodian.clone(), "4k3/8/8/8/8/8/8/3KM3 w - - 0 1").unwrap();
    assert!(
        !legal_tokens(&spent)
            .iter()
            .any(|t| ["d1b2", "d1f2", "e1e3"].contains(&t.as_str()))
    );
    // A met on its gate attacks the square two ahead: a king there is in check, and a
    // capture on the gate spends it.
    let attacked = "8/8/8/8/8/4k3/8/3KM3 b DE - 0 1";
    let pos = Position::from_fen(&cambodian, attacked).unwrap();
    assert!(cambodian.in_check(&pos));
    let gone = Position::from_fen(&cambodian, "8/8/8/8/8/4k3/8/3KM3 b D - 0 1").unwrap();
    assert!(!cambodian.in_check(&gone));
    // A GUI is told the first moves, as Fairy-Stockfish tells XBoard; and the chess pawn's
    // double step, which makruk's pawn has not.
    let told = |game: &FileGame, letter: &str| {
        let kind = game
            .pieces()
            .iter()
            .position(|p| p.symbol == letter)
            .unwrap();
        game.betza(amity_engine::Kind::new(kind as u8)).unwrap()
    };
    assert_eq!(told(&cambodian, "K"), "KismN");
    assert_eq!(told(&cambodian, "M"), "FifD");
    assert_eq!(told(&cambodian, "P"), "fmWfcF");
    assert_eq!(told(&shipped("chess"), "P"), "fmWfcFifmnD");
    let mut taken = Game::from_fen(cambodian.clone(), "4k3/8/8/8/8/8/4r3/3KM3 b DE - 0 1").unwrap();
    taken.play_token("e2e1").unwrap();
    let fen = taken.position().to_fen(&cambodian);
    assert_eq!(fen.split(' ').nth(2), Some("D"), "{fen}");
}

#[test]
fn karouks_first_check_wins() {
    let karouk = shipped("karouk");
    let game = Game::new(karouk.clone());
    // Fairy-Stockfish's start FEN gives no count: the next check wins, 1+1.
    assert_eq!(game.position().state.checks, [1, 1]);
    let fairy = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1";
    let read = Position::from_fen(&karouk, &amity_variants::file::definition::amity_fen(fairy));
    assert_eq!(
        read.unwrap().to_fen(&karouk),
        game.position().to_fen(&karouk)
    );
    let mut checking = Game::from_fen(karouk, "4k3/8/8/8/8/8/8/R2K4 w - - 0 1").unwrap();
    checking.play_token("a1a8").unwrap();
    assert!(
        matches!(
            checking.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ),
        "{:?}",
        checking.outcome()
    );
}

/// The games of `variants/amity.ini`, Amity's own games written with Amity's keys.
fn amity_file_game(name: &str) -> FileGame {
    let text = std::fs::read(repository_file("variants/amity.ini")).unwrap();
    VariantFile::read(&text).unwrap().game(name).unwrap()
}

/// The FENs of the positions the legal moves of `pos` lead to, sorted: what a move does,
/// whatever either game calls it.
fn children<R: Rules>(rules: &R, pos: &Position<R>) -> Vec<String> {
    let mut moves = amity_engine::MoveList::new();
    rules.generate(pos, &mut moves);
    let mut fens: Vec<String> = moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            rules.play(&mut child, mv);
            child.to_fen(rules)
        })
        .collect();
    fens.sort();
    fens
}

/// `file_game`, defined in `variants/amity.ini`, plays as `built_in` does: every count of the
/// built-in game's perft data under a million nodes (where `setup` names a `setoption` line,
/// only the cases it is the last one for), and FEN, check and perft 2 at every ply of twelve
/// seeded random games.
fn equals_the_built_in_game<R: Rules>(
    file_game: &FileGame,
    built_in: &R,
    data: &str,
    setup: Option<&str>,
) {
    let cases = read_perft_file(&repository_file(data));
    let cases: Vec<_> = cases
        .into_iter()
        .filter(|case| setup.is_none_or(|line| case.setup.last().map(String::as_str) == Some(line)))
        .collect();
    assert!(!cases.is_empty(), "no case of {data} under {setup:?}");
    for case in cases {
        let pos = Position::from_fen(file_game, &case.fen).unwrap();
        for &(depth, expected) in case.counts.iter().filter(|(_, n)| *n < 1_000_000) {
            assert_eq!(perft(file_game, &pos, depth), expected, "{}", case.fen);
        }
        let built_in_pos = Position::from_fen(built_in, &case.fen).unwrap();
        assert_eq!(
            children(file_game, &pos),
            children(built_in, &built_in_pos),
            "{}",
            case.fen
        );
    }
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(68);
    for _ in 0..12 {
        let mut game = Game::new(built_in.clone());
        for _ in 0..120 {
            let fen = game.position().to_fen(built_in);
            let twin = Position::from_fen(file_game, &fen).unwrap();
            assert_eq!(twin.to_fen(file_game), fen);
            assert_eq!(
                file_game.in_check(&twin),
                built_in.in_check(game.position()),
                "{fen}"
            );
            assert_eq!(
                perft(file_game, &twin, 2),
                perft(built_in, game.position(), 2),
                "{fen}"
            );
            assert_eq!(
                children(file_game, &twin),
                children(built_in, game.position()),
                "{fen}"
            );
            // Chance: both games offer the same outcomes, equally weighted; one is played.
            let (mut outcomes, mut twin_outcomes) = (Vec::new(), Vec::new());
            if built_in.chance(game.position(), &mut outcomes) {
                assert!(file_game.chance(&twin, &mut twin_outcomes), "{fen}");
                let described = |outcomes: &[amity_engine::ChanceOutcome]| {
                    let mut all: Vec<_> = outcomes
                        .iter()
                        .map(|o| (o.outcome.from(), o.outcome.to(), o.weight))
                        .collect();
                    all.sort();
                    all
                };
                assert_eq!(described(&outcomes), described(&twin_outcomes), "{fen}");
                let outcome = outcomes[rng.random_range(0..outcomes.len())].outcome;
                game.play_unchecked(outcome);
                continue;
            }
            assert!(!file_game.chance(&twin, &mut twin_outcomes), "{fen}");
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            game.play_unchecked(mv);
        }
    }
}

#[test]
fn moral_support_from_the_file_equals_the_built_in_game() {
    equals_the_built_in_game(
        &amity_file_game("moralsupport-file"),
        &MoralSupport::default(),
        "tests/perft/moralsupport.perft",
        None,
    );
    // A bad value of an Amity key is named at its line, as any other key's.
    let errors = VariantFile::read(b"[x:chess]\namityCheckAttackers = 0\n").unwrap_err();
    assert!(
        errors[0]
            .to_string()
            .contains("line 2: amityCheckAttackers"),
        "{}",
        errors[0]
    );
}

#[test]
fn it_is_what_it_is_from_the_file_equals_the_built_in_game() {
    equals_the_built_in_game(
        &amity_file_game("itiswhatitis-file"),
        &ItIsWhatItIs::default(),
        "tests/perft/itiswhatitis.perft",
        None,
    );
    // Paths are checked as they are read, each problem at its line.
    let errors = VariantFile::read(b"[x]\nking = k\namityPathPiece1 = a:N2[>2\n").unwrap_err();
    assert!(
        errors[0]
            .to_string()
            .contains("line 3: path piece 1: bad paths"),
        "{}",
        errors[0]
    );
}

#[test]
fn pacifist_from_the_file_equals_the_built_in_game() {
    equals_the_built_in_game(
        &amity_file_game("pacifist-file"),
        &Pacifist::new(PacifistMeasure::Count),
        "tests/perft/pacifist.perft",
        Some("setoption name PacifistMeasure value count"),
    );
    // The other measures weigh by the values the file gives.
    for (name, measure) in [
        ("pacifist-value", PacifistMeasure::Value),
        ("pacifist-average", PacifistMeasure::Average),
    ] {
        equals_the_built_in_game(
            &amity_file_game(name),
            &Pacifist::new(measure),
            "tests/perft/pacifist.perft",
            Some(&format!(
                "setoption name PacifistMeasure value {}",
                measure.name()
            )),
        );
    }
    // A measure by value needs a value for every piece, and values need such a measure; and
    // pieces never taken never go to a hand.
    for (file, problem) in [
        (
            "[x:chess]\namityConversion = value\n",
            "line 2: amityConversion",
        ),
        (
            "[x:chess]\namityConversion = most\n",
            "line 2: amityConversion",
        ),
        (
            "[x:chess]\namityConversion = average\namityConversionValues = p:1 n:3\n",
            "a value for every piece",
        ),
        (
            "[x:chess]\namityConversion = value\namityConversionValues = p:1 z:3\n",
            "line 3: amityConversionValues",
        ),
        (
            "[x:chess]\namityConversion = count\namityConversionValues = p:1\n",
            "line 3: amityConversionValues",
        ),
    ] {
        let errors = VariantFile::read(file.as_bytes()).unwrap_err();
        assert!(
            errors[0].to_string().contains(problem),
            "{file}: {}",
            errors[0]
        );
    }
    let errors = VariantFile::read(b"[x:chess]\namityConversion = value\n").unwrap_err();
    assert!(
        errors[0].to_string().contains("line 2: amityConversion"),
        "{}",
        errors[0]
    );
    // A side with two kings castles only with the one on its home square, and only that one's
    // move costs the rights (a king claimed back may stand on the first rank, or walk).
    let (file_game, built_in) = (
        amity_file_game("pacifist-file"),
        Pacifist::new(PacifistMeasure::Count),
    );
    for fen in [
        "4k3/8/8/8/8/3K4/8/R3K2R w KQ - 0 1",
        "4k3/8/8/8/8/8/8/RK2K2R w KQ - 0 1",
        "r3k2r/8/8/8/8/8/8/4K1k1 b kq - 0 1",
    ] {
        let twin = Position::from_fen(&file_game, fen).unwrap();
        let pos = Position::from_fen(&built_in, fen).unwrap();
        assert_eq!(
            perft(&file_game, &twin, 3),
            perft(&built_in, &pos, 3),
            "{fen}"
        );
    }
    // Where a side may be without a king (Horde's White), it need not claim one: White moves
    // from Horde's start as in Horde, where nothing can be taken yet.
    let file = VariantFile::read(b"[peaceful-horde:horde]\namityConversion = count\n").unwrap();
    let (peaceful, horde) = (
        file.game("peaceful-horde").unwrap(),
        VariantFile::shipped().game("horde").unwrap(),
    );
    let start = |game: &FileGame| Position::from_fen(game, game.start_fen()).unwrap();
    let moves = perft(&peaceful, &start(&peaceful), 1);
    assert!(moves > 0);
    assert_eq!(moves, perft(&horde, &start(&horde), 1));
    assert!(!peaceful.in_check(&start(&peaceful)));
    let errors = VariantFile::read(b"[x:crazyhouse]\namityConversion = count\n").unwrap_err();
    assert!(
        errors[0]
            .to_string()
            .contains("not possible in a game with drops"),
        "{}",
        errors[0]
    );
}

#[test]
fn love_from_the_file_equals_the_built_in_game() {
    equals_the_built_in_game(
        &amity_file_game("love-file"),
        &Love::default(),
        "tests/perft/love.perft",
        None,
    );
    // Throws are written as the built-in game writes them, and the start position is told
    // with its love field.
    let file_game = amity_file_game("love-file");
    assert_eq!(file_game.start_fen(), Love::default().start_fen());
    let mut game = Game::new(file_game.clone());
    game.play_token("roll:e2d7").unwrap();
    assert_eq!(
        game.position().to_fen(&file_game),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 love:1:e2d7"
    );
    // The phases are checked as they are read, each problem at its line.
    for (file, problem) in [
        (
            "[x:chess]\namityCouplePhases = p; q\n",
            "line 2: amityCouplePhases",
        ),
        (
            "[x:chess]\namityCouplePhases = p; z; k\n",
            "line 2: amityCouplePhases",
        ),
        (
            "[x:crazyhouse]\namityCouplePhases = p; k\n",
            "line 2: amityCouplePhases",
        ),
        (
            "[x:gardner]\namityCouplePhases = p; k\n",
            "line 2: amityCouplePhases",
        ),
        (
            "[x:chess]\namityCoupleStepPromotion = q\n",
            "line 2: amityCoupleStepPromotion",
        ),
    ] {
        let errors = VariantFile::read(file.as_bytes()).unwrap_err();
        assert!(
            errors[0].to_string().contains(problem),
            "{file}: {}",
            errors[0]
        );
    }
}

#[test]
fn a_file_games_piece_values_are_weights_the_tuner_writes_back() {
    use amity_engine::tuning::Learning;
    // Without the key, each piece weighs its nominal value in both phases: the evaluation is
    // the material count it always was.
    let makruk = shipped("makruk");
    let (weights, _) = makruk.evaluation_weights();
    assert!(weights.iter().all(|weight| weight.mg == weight.eg));
    let pos = Position::from_fen(&makruk, makruk.start_fen()).unwrap();
    let mut features = amity_engine::tuning::Features::default();
    assert!(makruk.evaluation_features(&pos, &mut features));
    assert_eq!(features.phase, amity_engine::tuning::PHASE_FULL);
    assert_eq!(makruk.evaluate(&pos), 0);
    // The tuner's line, put in a section, gives the game those weights; a position's value
    // is its features scored by them, blended by the phase.
    let tuned: Vec<_> = weights
        .iter()
        .enumerate()
        .map(|(index, weight)| amity_engine::evaluation::s(weight.mg + index as i32, weight.eg * 2))
        .collect();
    let line = makruk.weights_as_definition(&tuned).unwrap();
    let text = format!("[tuned:makruk]\n{line}\n");
    let file = VariantFile::read(text.as_bytes()).unwrap();
    let game = file.game("tuned").unwrap();
    assert_eq!(game.evaluation_weights().0, tuned.as_slice());
    let fen = "8/8/3k4/8/2R5/4K3/8/8 w - - 0 1";
    let pos = Position::from_fen(&game, fen).unwrap();
    let mut features = amity_engine::tuning::Features::default();
    game.evaluation_features(&pos, &mut features);
    assert!(features.phase < amity_engine::tuning::PHASE_FULL);
    assert_eq!(game.evaluate(&pos), features.value(&tuned));
    // Bad values are named at their line.
    for value in ["Z:100", "R:lots", "R:1/2/3", "R"] {
        let text = format!("[x:makruk]\namityPieceValues = {value}\n");
        let errors = VariantFile::read(text.as_bytes()).unwrap_err();
        assert!(
            errors[0].to_string().contains("line 2: amityPieceValues"),
            "{value}: {}",
            errors[0]
        );
    }
}
