//! Property tests (proptest) for every variant: FEN written from any position reached by
//! random play reads back to the same position; every legal move's and throw's token parses
//! back to that move, whole-turn tokens too; arbitrary and mutated FENs and tokens never panic
//! and a refused token leaves the game as it was; random UCI and XBoard command lines never
//! panic the in-process front end and every `isready` is answered.
//!
//! Case counts are modest so the file runs in seconds; `PROPTEST_CASES=N` raises them.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use amity_engine::game::parse_move;
use amity_engine::{Game, Notation, Position, RulesExt};
use amity_uci::session::Output;
use amity_variants::{AnyGame, Variant, with_game};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Cases per property unless `PROPTEST_CASES` says otherwise.
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A game of `variant` from its start (`start == None`) or from one of its bench positions.
fn start_game(variant: &str, bench: Option<usize>) -> AnyGame {
    let fresh = amity_variants::new_game(variant).expect("registered variant");
    let fens: Vec<&str> = amity_variants::bench_positions()
        .iter()
        .filter(|(v, _)| *v == variant)
        .map(|(_, fen)| *fen)
        .collect();
    match bench.filter(|_| !fens.is_empty()) {
        None => fresh,
        Some(index) => with_game!(fresh, g => {
            let fen = fens[index % fens.len()];
            let game = Game::from_fen(g.rules().clone(), fen)
                .unwrap_or_else(|e| panic!("bench position {fen}: {e}"));
            amity_variants::wrap(game)
        }),
    }
}

/// Everything that tells two positions apart, for comparing a position with its re-read FEN.
fn identity<R: Variant>(rules: &R, pos: &Position<R>) -> (String, u64, String, Vec<String>) {
    let mut moves: Vec<String> = Vec::new();
    let mut outcomes = Vec::new();
    if rules.chance(pos, &mut outcomes) {
        moves.extend(outcomes.iter().map(|o| rules.format_move(o.outcome)));
    } else {
        let mut list = amity_engine::MoveList::new();
        rules.generate(pos, &mut list);
        moves.extend(list.as_slice().iter().map(|mv| rules.format_move(*mv)));
    }
    moves.sort();
    (pos.to_fen(rules), pos.hash(), format!("{pos:?}"), moves)
}

/// Checks one position: FEN round trip, every decision's (or throw's) token parses back, and
/// where the rules tell a check without playing the move, playing it agrees.
fn check_position<R: Variant>(game: &Game<R>) -> Result<(), TestCaseError> {
    let rules = game.rules();
    let pos = game.position();
    let fen = pos.to_fen(rules);
    let reread = Position::from_fen(rules, &fen).map_err(|e| {
        TestCaseError::fail(format!("{}: own FEN '{fen}' refused: {e}", rules.name()))
    })?;
    prop_assert_eq!(
        identity(rules, &reread),
        identity(rules, pos),
        "{}: FEN round trip of {}",
        rules.name(),
        fen
    );
    let mut outcomes = Vec::new();
    let candidates: Vec<_> = if rules.chance(pos, &mut outcomes) {
        outcomes.iter().map(|o| o.outcome).collect()
    } else {
        game.legal_moves().as_slice().to_vec()
    };
    for &mv in &candidates {
        if let Some(told) = rules.gives_check(pos, mv) {
            let mut child = pos.clone();
            rules.play(&mut child, mv);
            prop_assert_eq!(told, rules.in_check(&child), "{}: does {:?} check", fen, mv);
        }
    }
    for mv in candidates {
        let token = rules.format_move(mv);
        let parsed = parse_move(rules, pos, &token)
            .map_err(|e| TestCaseError::fail(format!("{fen}: own token '{token}': {e}")))?;
        prop_assert_eq!(
            parsed,
            mv,
            "{}: token {} parses to another move",
            fen,
            token
        );
    }
    Ok(())
}

/// Plays `plies` random decisions and throws from `game`, checking every position reached, and
/// checks that each turn of several decisions also plays as one comma-joined token.
fn playout<R: Variant>(
    game: &mut Game<R>,
    rng: &mut StdRng,
    plies: usize,
) -> Result<(), TestCaseError> {
    // The turn in progress: the game before it and its legs.
    let mut turn: Option<(Game<R>, Vec<String>)> = None;
    for _ in 0..plies {
        check_position(game)?;
        let side = game.position().turn();
        let outcomes = game.chance_outcomes();
        let (mv, decision) = match outcomes.choose(rng) {
            Some(outcome) => (outcome.outcome, false),
            None => match game.legal_moves().as_slice().choose(rng) {
                Some(mv) => (*mv, true),
                None => break,
            },
        };
        let token = game.rules().format_move(mv);
        if decision {
            turn.get_or_insert_with(|| (game.clone(), Vec::new()))
                .1
                .push(token.clone());
        }
        let played = game
            .play_token(&token)
            .map_err(|e| TestCaseError::fail(format!("own token '{token}' refused: {e}")))?;
        prop_assert_eq!(played, mv);
        if (!decision || game.position().turn() != side)
            && let Some((mut before, legs)) = turn.take()
            && legs.len() > 1
        {
            let joined = legs.join(",");
            before
                .play_token(&joined)
                .map_err(|e| TestCaseError::fail(format!("whole turn '{joined}': {e}")))?;
            let rules = game.rules();
            // The turn ended before any throw that followed it.
            let expected = if decision {
                game.position().to_fen(rules)
            } else {
                let mut undone = game.clone();
                undone.undo();
                undone.position().to_fen(rules)
            };
            prop_assert_eq!(before.position().to_fen(rules), expected, "turn {}", joined);
        }
    }
    check_position(game)
}

fn variant_strategy() -> impl Strategy<Value = &'static str> {
    proptest::sample::select(amity_variants::NAMES)
}

proptest! {
    #![proptest_config(cases(24))]

    /// Random playouts from the start and from bench positions keep FENs and tokens honest.
    #[test]
    fn playouts_round_trip_fens_and_tokens(
        variant in variant_strategy(),
        bench in proptest::option::of(0usize..8),
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let mut any = start_game(variant, bench);
        let mut rng = StdRng::seed_from_u64(seed);
        with_game!(&mut any, g => playout(g, &mut rng, plies))?;
    }
}

/// A position reached by random play, its FEN and a few of its tokens.
fn reached(variant: &str, seed: u64, plies: usize) -> (AnyGame, String, Vec<String>) {
    let mut any = amity_variants::new_game(variant).expect("registered variant");
    let mut rng = StdRng::seed_from_u64(seed);
    let (fen, tokens) = with_game!(&mut any, g => {
        for _ in 0..plies {
            let next = g
                .draw_chance(&mut rng)
                .or_else(|| g.legal_moves().as_slice().choose(&mut rng).copied());
            match next {
                Some(mv) => g.play_unchecked(mv),
                None => break,
            }
        }
        let rules = g.rules();
        let mut tokens: Vec<String> = g.legal_moves().as_slice().iter().map(|m| rules.format_move(*m)).collect();
        tokens.extend(g.chance_outcomes().iter().map(|o| rules.format_move(o.outcome)));
        (g.position().to_fen(rules), tokens)
    });
    (any, fen, tokens)
}

/// Text edits: delete, replace or insert characters (FEN-ish, separators, unicode).
fn edits() -> impl Strategy<Value = Vec<(u8, usize, char)>> {
    let letters = prop_oneof![
        proptest::sample::select(vec![
            'p', 'n', 'K', 'Q', 'r', '+', '/', ' ', '-', '0', '1', '8', '9', 'w', 'b', ':', '@',
            ',', 'x', 'e', 'h', 's', 'y', 'l', 'c', 'a', 'z'
        ]),
        any::<char>(),
    ];
    proptest::collection::vec((0u8..3, any::<usize>(), letters), 1..5)
}

fn apply_edits(text: &str, edits: &[(u8, usize, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, letter) in edits {
        let at = at % (chars.len() + 1);
        match kind {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = letter,
            _ => chars.insert(at, letter),
        }
    }
    chars.into_iter().collect()
}

/// Reads `fen` in every variant: no panic, and a FEN that reads writes a FEN that reads back
/// to the same position.
fn read_anywhere(fen: &str) -> Result<(), TestCaseError> {
    for variant in amity_variants::NAMES {
        let fresh = amity_variants::new_game(variant).unwrap();
        with_game!(fresh, g => {
            let rules = g.rules();
            if let Ok(pos) = Position::from_fen(rules, fen) {
                let written = pos.to_fen(rules);
                let again = Position::from_fen(rules, &written).map_err(|e| {
                    TestCaseError::fail(format!("{variant}: '{fen}' read, but its rewrite '{written}' does not: {e}"))
                })?;
                prop_assert_eq!(identity(rules, &again), identity(rules, &pos), "{}: {}", variant, fen);
            }
        });
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(64))]

    /// Mutated FENs of reachable positions never panic the reader of any variant.
    #[test]
    fn mutated_fens_never_panic(
        variant in variant_strategy(),
        seed in any::<u64>(),
        plies in 0usize..60,
        edits in edits(),
    ) {
        let (_, fen, _) = reached(variant, seed, plies);
        read_anywhere(&apply_edits(&fen, &edits))?;
    }

    /// Arbitrary strings never panic the FEN reader.
    #[test]
    fn arbitrary_fens_never_panic(text in "\\PC{0,80}|[pnbrqkPNBRQK1-9/ wb:+@-]{0,90}") {
        read_anywhere(&text)?;
    }

    /// Mutated, joined and arbitrary tokens never panic the move parser, and a refused one
    /// leaves the game exactly as it was.
    #[test]
    fn refused_tokens_change_nothing(
        variant in variant_strategy(),
        seed in any::<u64>(),
        plies in 0usize..60,
        pick in any::<proptest::sample::Index>(),
        edits in edits(),
        noise in "\\PC{0,12}",
        shape in 0u8..4,
    ) {
        let (mut any, _, tokens) = reached(variant, seed, plies);
        let base = if tokens.is_empty() { noise.clone() } else { pick.get(&tokens).clone() };
        let token = match shape {
            0 => apply_edits(&base, &edits),
            1 => format!("{base},{}", apply_edits(&base, &edits)),
            2 => noise,
            _ => format!("{base},{base}"),
        };
        with_game!(&mut any, g => {
            let before = (g.position().to_fen(g.rules()), g.position().hash(), g.moves().to_vec());
            let _ = parse_move(g.rules(), g.position(), &token);
            if g.play_token(&token).is_err() {
                let after = (g.position().to_fen(g.rules()), g.position().hash(), g.moves().to_vec());
                prop_assert_eq!(after, before, "refused '{}' changed the game", token);
            }
        });
    }
}

// ----- the protocols, in process -----

/// Output collected in memory.
#[derive(Clone, Default)]
struct Collected(Arc<Mutex<Vec<u8>>>);

impl Write for Collected {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Panics of unnamed threads: the engine's search threads and the loop under test (a search
/// thread's panic is caught where the session joins it, so only a hook sees it). Test
/// threads are named, so other tests failing in parallel do not count.
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name().is_none() {
                PANICS.fetch_add(1, Ordering::SeqCst);
            }
            previous(info);
        }));
    });
}

/// Feeds `input` to the front end on its own thread; fails on a panic or if it has not ended
/// after a minute. Returns the output.
fn run_protocol(input: String) -> Result<String, TestCaseError> {
    count_panics();
    let panics = PANICS.load(Ordering::SeqCst);
    let collected = Collected::default();
    let out = Output::new(Box::new(collected.clone()));
    let (done, finished) = std::sync::mpsc::channel();
    let text = input.clone();
    std::thread::spawn(move || {
        let result = std::panic::catch_unwind(|| amity_uci::run(std::io::Cursor::new(text), out));
        let _ = done.send(result.is_ok());
    });
    match finished.recv_timeout(Duration::from_secs(60)) {
        Ok(true) => {}
        Ok(false) => {
            return Err(TestCaseError::fail(format!(
                "the loop panicked on:\n{input}"
            )));
        }
        Err(_) => return Err(TestCaseError::fail(format!("the loop hung on:\n{input}"))),
    }
    prop_assert_eq!(
        PANICS.load(Ordering::SeqCst),
        panics,
        "a thread panicked on:\n{}",
        input
    );
    let bytes = collected.0.lock().unwrap().clone();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// One UCI line: real commands with bounded searches, or pieces of them mixed with garbage.
fn uci_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("isready".to_string()),
        Just("ucinewgame".to_string()),
        Just("stop".to_string()),
        Just("d".to_string()),
        Just("ponderhit".to_string()),
        (1u32..4).prop_map(|d| format!("go depth {d}")),
        (1u64..3000).prop_map(|n| format!("go nodes {n}")),
        (1u64..30).prop_map(|ms| format!("go movetime {ms}")),
        (0u32..3).prop_map(|d| format!("go perft {d}")),
        (0u64..300, 0u64..300).prop_map(|(w, b)| format!("go wtime {w} btime {b} winc 1 binc 1")),
        Just("go mate 1".to_string()),
        Just("go infinite\nstop".to_string()),
        Just("go ponder\nponderhit\nstop".to_string()),
        Just("go depth 2 searchmoves e2e4 a1a1 z".to_string()),
        variant_strategy().prop_map(|v| format!("setoption name UCI_Variant value {v}")),
        (1u32..32).prop_map(|mb| format!("setoption name Hash value {mb}")),
        (1u32..3).prop_map(|n| format!("setoption name Threads value {n}")),
        Just("setoption name Clear Hash".to_string()),
        any::<u32>().prop_map(|s| format!("setoption name Seed value {s}")),
        "[a-z]{0,8}".prop_map(|m| format!("setoption name PacifistMeasure value {m}")),
        (variant_strategy(), any::<u64>(), 0usize..40, 0usize..3).prop_map(
            |(v, seed, plies, cut)| {
                let (_, fen, tokens) = reached(v, seed, plies);
                let moves: Vec<&str> = tokens.iter().take(cut).map(|s| s.as_str()).collect();
                format!("position fen {fen} moves {}", moves.join(" "))
            }
        ),
        (variant_strategy(), any::<u64>(), 0usize..40, edits()).prop_map(
            |(v, seed, plies, edits)| {
                let (_, fen, _) = reached(v, seed, plies);
                format!("position fen {}", apply_edits(&fen, &edits))
            }
        ),
        "position startpos moves( [a-h][1-8][a-h][1-8]){0,4}",
        // Real command words with garbage after them (no search without a bound).
        (
            proptest::sample::select(vec![
                "uci",
                "isready",
                "position",
                "setoption",
                "setoption name",
                "stop",
                "quitx",
                "debug",
                "register",
                "d",
                "ucinewgame",
                "go depth",
                "go nodes",
                "position fen",
            ]),
            "\\PC{0,30}",
        )
            .prop_map(|(word, rest)| format!("{word} {rest}")),
        "[^\n\r]{0,40}".prop_filter("no unbounded command", |l| {
            let first = l.split_whitespace().next().unwrap_or("");
            !matches!(first, "go" | "bench" | "quit")
        }),
    ]
}

/// One XBoard line; searches are bounded by `sd 2`, which each `new` is followed by.
fn xboard_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("new\nsd 2".to_string()),
        Just("force".to_string()),
        Just("go".to_string()),
        Just("?".to_string()),
        Just("undo".to_string()),
        Just("remove".to_string()),
        Just("post".to_string()),
        Just("hard".to_string()),
        Just("d".to_string()),
        Just("analyze\nexit".to_string()),
        (0u32..1000).prop_map(|n| format!("ping {n}")),
        (1u32..3).prop_map(|n| format!("sd {n}")),
        (0u32..500).prop_map(|n| format!("time {n}")),
        (0u32..500).prop_map(|n| format!("otim {n}")),
        (1u32..3).prop_map(|n| format!("perft {n}")),
        (1u32..16).prop_map(|n| format!("memory {n}")),
        variant_strategy()
            .prop_map(|v| format!("variant {}\nsd 2", amity_uci::gui::xboard_name(v))),
        "usermove [a-h][1-8][a-h][1-8][qnrb]?",
        "[a-h][1-8][a-h][1-8]",
        (
            variant_strategy(),
            any::<u64>(),
            0usize..40,
            proptest::option::of(edits())
        )
            .prop_map(|(v, seed, plies, edits)| {
                let (_, fen, _) = reached(v, seed, plies);
                match edits {
                    Some(edits) => format!("setboard {}", apply_edits(&fen, &edits)),
                    None => format!("setboard {fen}"),
                }
            }),
        (
            proptest::sample::select(vec![
                "level", "st", "setboard", "usermove", "variant", "option", "result", "lift",
                "ping", "protover", "accepted", "rejected", "name", "rating", "cores",
            ]),
            "\\PC{0,30}",
        )
            .prop_map(|(word, rest)| format!("{word} {rest}")),
        "[^\n\r]{0,40}".prop_filter("no unbounded command", |l| {
            let first = l.split_whitespace().next().unwrap_or("");
            !matches!(
                first,
                "go" | "analyze"
                    | "new"
                    | "sd"
                    | "bench"
                    | "playother"
                    | "white"
                    | "black"
                    | "quit"
                    | "perft"
                    | "variant"
                    | "hint"
                    | "st"
                    | "level"
            )
        }),
    ]
}

proptest! {
    #![proptest_config(cases(24))]

    /// Random UCI streams never panic the loop, and every `isready` gets its `readyok`.
    #[test]
    fn uci_lines_never_panic(lines in proptest::collection::vec(uci_line(), 1..16)) {
        let isready = lines.iter().flat_map(|l| l.lines()).filter(|l| l.trim() == "isready").count();
        let input = format!("uci\n{}\nstop\nquit\n", lines.join("\n"));
        let output = run_protocol(input)?;
        let readyok = output.lines().filter(|l| *l == "readyok").count();
        prop_assert!(readyok >= isready, "{} isready, {} readyok:\n{}", isready, readyok, output);
    }

    /// Random XBoard streams never panic the loop, and every `ping n` gets its `pong n`.
    #[test]
    fn xboard_lines_never_panic(lines in proptest::collection::vec(xboard_line(), 1..16)) {
        let pings: Vec<String> = lines
            .iter()
            .flat_map(|l| l.lines())
            .filter_map(|l| {
                l.strip_prefix("ping ")
                    .map(|n| format!("pong {}", n.trim()).trim_end().to_string())
            })
            .collect();
        let input = format!("xboard\nprotover 2\nsd 2\n{}\nforce\nquit\n", lines.join("\n"));
        let output = run_protocol(input)?;
        for pong in pings {
            prop_assert!(output.lines().any(|l| l == pong), "no '{}':\n{}", pong, output);
        }
    }
}

/// The loop itself survives bytes that are no text at all.
#[test]
fn bytes_that_are_not_lines_never_panic() {
    let mut rng = StdRng::seed_from_u64(34);
    for _ in 0..32 {
        let mut bytes: Vec<u8> = (0..rng.random_range(0..200))
            .map(|_| rng.random())
            .collect();
        bytes.extend_from_slice(b"\nisready\nquit\n");
        let collected = Collected::default();
        amity_uci::run(
            std::io::Cursor::new(bytes),
            Output::new(Box::new(collected.clone())),
        );
        let text = String::from_utf8_lossy(&collected.0.lock().unwrap()).into_owned();
        assert!(
            text.lines().any(|l| l == "readyok"),
            "no readyok after bytes: {text}"
        );
    }
}

/// Found by `playouts_round_trip_fens_and_tokens`: in Love, a love step onto the square a pawn
/// has just left by its double step keeps en passant (only filling the skipped square ends
/// it), and the FEN reader refused the FEN the writer gave for such a position.
#[test]
fn love_en_passant_after_a_love_step_onto_the_pawns_start_round_trips() {
    use amity_variants::Love;
    for fen in [
        "rnb1kb1r/pppqp3/5pp1/2Pp3p/5P2/8/PP1P3P/RN1QKBNR w KQkq d6 0 6 love:3:d1d7",
        "1rb5/p5Bq/1p2k3/P2pP3/2P1Pp2/1P3R2/3NK3/8 b - e3 0 34 love:4:e2e6",
    ] {
        let rules = Love::default();
        let pos = Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_fen(&rules), fen);
    }
    let mut game = start_game("love", None);
    let mut rng = StdRng::seed_from_u64(6192005217531541757);
    with_game!(&mut game, g => playout(g, &mut rng, 12)).expect("the playout that found it");
}

/// Found by the `fen` fuzz target: a run of many digits in a rank overflowed the count of
/// empty squares (a panic with overflow checks, a wrapped count without them).
#[test]
fn a_long_run_of_digits_in_a_rank_is_refused() {
    for variant in amity_variants::NAMES {
        let game = amity_variants::new_game(variant).unwrap();
        with_game!(game, g => {
            let geometry = g.rules().geometry();
            let mut rows = vec![geometry.files.to_string(); geometry.ranks as usize - 1];
            rows.push(format!("{}1", "8".repeat(40)));
            let fen = format!("{} w - - 0 1", rows.join("/"));
            let error = Position::from_fen(g.rules(), &fen).expect_err("a rank of 10^40 squares");
            assert!(error.to_string().contains("longer than"), "{variant}: {error}");
        });
    }
}
