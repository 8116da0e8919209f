//! `amity match` end to end: a small tournament of Amity against Amity at a lower depth whose
//! PGN the runner's own reader replays and round-trips; broken engines (illegal move, hang,
//! crash, silence without a clock) that lose their games while the tournament goes on; an
//! XBoard engine; an SPRT that stops a lopsided match early; paired games that throw alike.

use std::path::PathBuf;
use std::process::Command;

fn amity(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(args)
        .output()
        .expect("amity runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.success(), text)
}

/// Booster's fixed test deal, which real games must not use.
const START_DEAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
     booster:-:6hKh3sQsKs9c:2d8dTd4s2c8c:9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:-";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("amity-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The games of a PGN file as (tags, movetext) pairs, read naively (no shared code with the
/// runner's reader).
fn games(text: &str) -> Vec<(Vec<(String, String)>, String)> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.is_empty() {
                games.push((std::mem::take(&mut tags), std::mem::take(&mut movetext)));
            }
            let (name, value) = tag.split_once(' ').expect("tag pair");
            tags.push((
                name.to_string(),
                value.trim_end_matches(']').trim_matches('"').to_string(),
            ));
        } else if !line.trim().is_empty() {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    if !movetext.is_empty() {
        games.push((tags, movetext));
    }
    games
}

/// `amity match` of Amity at `depth` against Amity at depth 1 with the `extra` arguments,
/// writing its games to a scratch PGN named `name`: whether it succeeded, its output and the
/// PGN's path.
fn against_depth_one(name: &str, depth: &str, extra: &[&str]) -> (bool, String, String) {
    let path = scratch(name).to_str().unwrap().to_string();
    let engines = [
        "--engine",
        "cmd=amity",
        depth,
        "--engine",
        "cmd=amity",
        "depth=1",
    ];
    let args = [&["match"][..], &engines, extra, &["--pgnout", &path]].concat();
    let (ok, out) = amity(&args);
    (ok, out, path)
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.as_str())
        .unwrap_or_else(|| panic!("tag {name} missing in {tags:?}"))
}

#[test]
fn amity_against_lower_depth_writes_a_pgn_that_replays() {
    let (ok, out, path) = against_depth_one(
        "tournament.pgn",
        "depth=3",
        &["--games", "4", "--concurrency", "2", "--seed", "7"],
    );
    let path = path.as_str();
    assert!(ok, "{out}");
    assert!(
        out.contains("Amity-d3 vs Amity-d1 plays 4 game(s) of chess with concurrency 2"),
        "{out}"
    );
    assert!(out.contains("Elo difference: "), "{out}");
    assert!(out.contains("LOS: "), "{out}");
    assert!(out.contains("PGN check: 4 game(s)"), "{out}");

    let text = std::fs::read_to_string(path).unwrap();
    let games = games(&text);
    assert_eq!(games.len(), 4);
    let mut white_players = Vec::new();
    for (tags, movetext) in &games {
        assert_eq!(tag(tags, "Variant"), "chess");
        let result = tag(tags, "Result");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result));
        assert!(movetext.trim_end().ends_with(result), "{movetext}");
        assert!(!tag(tags, "Termination").is_empty());
        // Book moves, then engine moves with {score/depth time}.
        assert!(movetext.contains("{book}"));
        let commented = movetext
            .split('{')
            .skip(1)
            .filter(|c| {
                let c = c.split('}').next().unwrap();
                let (score, time) = c.split_once(' ').unwrap_or(("", ""));
                (score.starts_with('+') || score.starts_with('-'))
                    && score.contains('/')
                    && time.ends_with('s')
            })
            .count();
        assert!(commented > 0, "no engine comments in {movetext}");
        white_players.push(tag(tags, "White").to_string());
    }
    // Colours alternate.
    white_players.sort();
    assert_eq!(
        white_players,
        ["Amity-d1", "Amity-d1", "Amity-d3", "Amity-d3"]
    );

    // The runner's own reader replays every game legally and the writer reproduces it.
    let (ok, replay) = amity(&["replay", path, "--verbose"]);
    assert!(ok, "{replay}");
    assert!(
        replay.contains("4 game(s) read, 4 replayed legally and round-tripped, 0 refused"),
        "{replay}"
    );

    // And it notices an illegal move: turn the first engine move into a king walk.
    let tampered = scratch("tampered.pgn");
    let mut broken = text.clone();
    let at = text
        .match_indices(" {+")
        .chain(text.match_indices(" {-"))
        .map(|(at, _)| at)
        .min()
        .expect("an engine move");
    let start = text[..at].rfind(' ').unwrap() + 1;
    broken.replace_range(start..at, "Ke5");
    std::fs::write(&tampered, broken).unwrap();
    let (ok, refused) = amity(&["replay", tampered.to_str().unwrap()]);
    assert!(!ok, "{refused}");
    assert!(refused.contains("'Ke5'"), "{refused}");
}

#[test]
fn broken_engines_lose_and_the_tournament_goes_on() {
    let pgn = scratch("broken.pgn");
    let path = pgn.to_str().unwrap();
    let (ok, out) = amity(&[
        "match",
        "--engine",
        "cmd=amity",
        "depth=1",
        "name=Sound",
        "--engine",
        "cmd=amity",
        "args=fixture illegal",
        "name=Illegal",
        "--engine",
        "cmd=amity",
        "args=fixture hang",
        "name=Hang",
        "tc=1+0.05",
        "--engine",
        "cmd=amity",
        "args=fixture crash",
        "name=Crash",
        "--engine",
        "cmd=amity",
        "args=fixture hang",
        "name=Stall",
        "timeout=1",
        "--engine",
        "cmd=/nonexistent/engine",
        "name=Missing",
        "--games",
        "2",
        "--concurrency",
        "2",
        "--pgnout",
        path,
    ]);
    assert!(ok, "{out}");
    // Six engines, fifteen pairs, two games each: every one finished.
    assert!(out.contains("Games played: 30"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = games(&text);
    assert_eq!(games.len(), 30);
    for (tags, movetext) in &games {
        let (white, black) = (tag(tags, "White"), tag(tags, "Black"));
        if white != "Sound" && black != "Sound" {
            continue;
        }
        let broken = if white == "Sound" { black } else { white };
        let sound_won = if white == "Sound" { "1-0" } else { "0-1" };
        assert_eq!(tag(tags, "Result"), sound_won, "{broken}: {movetext}");
        let expected = match broken {
            "Illegal" => "rules infraction",
            "Hang" => "time forfeit",
            "Crash" | "Missing" => "abandoned",
            "Stall" => "stalled connection",
            other => panic!("unexpected engine {other}"),
        };
        assert_eq!(tag(tags, "Termination"), expected, "{broken}: {movetext}");
        if broken == "Illegal" {
            assert!(
                movetext.contains("makes an illegal move: a1a1"),
                "{movetext}"
            );
        }
    }
    assert!(out.contains("Sound"), "{out}");
    assert!(out.contains("PGN check: 30 game(s)"), "{out}");
}

#[test]
fn xboard_engines_play_through_the_driver() {
    let (ok, out) = amity(&[
        "match",
        "--engine",
        "cmd=amity",
        "depth=1",
        "--engine",
        "cmd=amity",
        "args=fixture none --xboard",
        "proto=xboard",
        "name=XBoard",
        "--games",
        "2",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.contains("Games played: 2; terminations: normal 2"),
        "{out}"
    );
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let (ok, out) = amity(&[
        "match",
        "--engine",
        "cmd=amity",
        "depth=1",
        "--engine",
        "cmd=amity",
        "args=fixture illegal",
        "name=Illegal",
        "--games",
        "400",
        "--concurrency",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=100",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(ok, "{out}");
    assert!(out.contains("H1 was accepted"), "{out}");
    let played: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("Games played: "))
        .and_then(|l| l.split(';').next())
        .and_then(|n| n.parse().ok())
        .expect("a game count");
    assert!(played < 400, "{out}");
}

#[test]
fn bad_settings_are_refused_with_a_message() {
    for (args, message) in [
        (&["match", "--variant", "nosuchgame"][..], "unknown variant"),
        (
            &["match", "--engine", "cmd=amity", "tc=fast"][..],
            "bad time control",
        ),
        (
            &[
                "match",
                "--engine",
                "cmd=amity",
                "colour=red",
                "--engine",
                "cmd=amity",
            ][..],
            "unknown engine setting",
        ),
        (
            &["match", "--engine", "cmd=amity"][..],
            "at least two engines",
        ),
        (
            &["match", "--openings", "/nonexistent.epd"][..],
            "cannot read openings",
        ),
        (&["match", "--sprt", "elo0=5", "elo1=0"][..], "elo0 < elo1"),
        (
            &[
                "match",
                "--variant",
                "splitbrain",
                "--openings",
                "book.epd",
                "--engine",
                "cmd=amity",
                "--engine",
                "cmd=amity",
            ][..],
            "cannot read openings (book.epd)",
        ),
    ] {
        let (ok, out) = amity(args);
        assert!(!ok, "{args:?} was accepted: {out}");
        assert!(out.contains(message), "{args:?}: {out}");
    }
}

#[test]
fn openings_from_an_epd_file() {
    let epd = scratch("openings.epd");
    std::fs::write(
        &epd,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"ruy\";\n\
         rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n",
    )
    .unwrap();
    let pgn = scratch("epd.pgn");
    let (ok, out) = amity(&[
        "match",
        "--openings",
        epd.to_str().unwrap(),
        "--games",
        "4",
        "--each",
        "depth=1",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let fens: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[FEN \""))
        .collect();
    // Each opening twice, colours swapped.
    assert_eq!(fens.len(), 4);
    assert_eq!(fens[0], fens[1]);
    assert!(fens[0].starts_with("r1bqkbnr/pppp1ppp/2n5"));
    assert!(fens[2].starts_with("rnbqkbnr/pp1ppppp"));
}

#[test]
fn both_games_of_a_pair_draw_the_same_throws() {
    let (ok, out, path) = against_depth_one(
        "gravity-pairs.pgn",
        "depth=2",
        &["--variant", "gravity", "--games", "4", "--seed", "5"],
    );
    assert!(ok, "{out}");
    let games = games(&std::fs::read_to_string(&path).unwrap());
    assert_eq!(games.len(), 4);
    // The flips the referee threw (the opening's are marked as book), in order.
    let thrown = |movetext: &str| -> Vec<String> {
        let tokens: Vec<&str> = movetext.split_whitespace().collect();
        tokens
            .windows(2)
            .filter(|pair| pair[0].starts_with("flip:") && pair[1] == "{chance}")
            .map(|pair| pair[0].to_string())
            .collect()
    };
    let flips: Vec<Vec<String>> = games.iter().map(|(_, movetext)| thrown(movetext)).collect();
    for pair in flips.chunks(2) {
        assert!(pair[0].len() >= 6, "too few throws to compare: {pair:?}");
        let both = pair[0].len().min(pair[1].len());
        assert_eq!(pair[0][..both], pair[1][..both], "a pair threw differently");
    }
    // Different pairs throw differently.
    assert_ne!(flips[0], flips[2]);
    for (tags, _) in &games {
        assert!(!tag(tags, "Seed").is_empty());
    }
    assert_eq!(tag(&games[0].0, "Seed"), tag(&games[1].0, "Seed"));
    assert_ne!(tag(&games[1].0, "Seed"), tag(&games[2].0, "Seed"));
}

#[test]
fn a_pacifist_match_is_refereed_and_recorded_under_the_chosen_measure() {
    let (ok, out, path) = against_depth_one(
        "pacifist-value.pgn",
        "depth=2",
        &[
            "--variant",
            "pacifist",
            "--option",
            "PacifistMeasure=value",
            "--games",
            "2",
            "--max-plies",
            "40",
        ],
    );
    let path = path.as_str();
    assert!(ok, "{out}");
    assert!(out.contains("PGN check: 2 game(s)"), "{out}");
    let text = std::fs::read_to_string(path).unwrap();
    for (tags, _) in games(&text) {
        assert_eq!(tag(&tags, "Variant"), "pacifist");
        assert_eq!(tag(&tags, "PacifistMeasure"), "value");
    }
    let (ok, out) = amity(&["replay", path]);
    assert!(ok && out.contains("0 refused"), "{out}");

    // A record naming a measure that does not exist is refused, not replayed under another.
    let bad = scratch("pacifist-bad-measure.pgn");
    std::fs::write(
        &bad,
        text.replace(
            "[PacifistMeasure \"value\"]",
            "[PacifistMeasure \"weight\"]",
        ),
    )
    .unwrap();
    let (ok, out) = amity(&["replay", bad.to_str().unwrap()]);
    assert!(!ok, "{out}");
    assert!(out.contains("bad variant option tag"), "{out}");

    // An engine told to play by other rules than the referee's is refused before any game.
    let (ok, out) = amity(&[
        "match",
        "--variant",
        "pacifist",
        "-o",
        "pacifistmeasure=average",
        "--engine",
        "cmd=amity",
        "option.PacifistMeasure=count",
        "--engine",
        "cmd=amity",
    ]);
    assert!(!ok, "{out}");
    assert!(
        out.contains(
            "PacifistMeasure=count but the match is refereed with PacifistMeasure=average"
        ),
        "{out}"
    );
    let (ok, out) = amity(&["match", "--option", "PacifistMeasure=weight"]);
    assert!(!ok && out.contains("no choice 'weight'"), "{out}");
    let (ok, out) = amity(&["match", "--option", "Colour=blue"]);
    assert!(
        !ok && out.contains("no variant declares an option 'Colour'"),
        "{out}"
    );
}

#[test]
fn a_booster_referee_deals_and_sends_each_engine_only_its_view() {
    // One engine is Amity behind a tap that writes down every line it is sent.
    let log = scratch("booster-spy.log");
    let spy = scratch("booster-spy.sh");
    std::fs::write(
        &spy,
        format!(
            "#!/bin/sh\ntee -a '{}' | exec '{}' \"$@\"\n",
            log.display(),
            env!("CARGO_BIN_EXE_amity")
        ),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&spy, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let pgn = scratch("booster.pgn");
    let (ok, out) = amity(&[
        "match",
        "--variant",
        "booster",
        "--engine",
        &format!("cmd={}", spy.display()),
        "name=Spy",
        "depth=1",
        "--engine",
        "cmd=amity",
        "depth=1",
        "--games",
        "8",
        "--seed",
        "5",
        "--max-plies",
        "120",
        "--pgnout",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = games(&text);
    // Depth 1 against the worst of four worlds ends games in a few turns: eight games give
    // the spy enough positions to check.
    assert_eq!(games.len(), 8);
    // Each pair of games is a fresh deal, kept in the FEN tag, played with colours swapped.
    let deals: Vec<&str> = games.iter().map(|(tags, _)| tag(tags, "FEN")).collect();
    assert_eq!(deals[0], deals[1]);
    assert_eq!(deals[2], deals[3]);
    assert_ne!(deals[0], deals[2]);
    assert_ne!(deals[0], START_DEAL);
    for (tags, movetext) in &games {
        assert_eq!(tag(tags, "SetUp"), "1");
        assert!(
            movetext.contains(",pass") || movetext.contains(",add:"),
            "{movetext}"
        );
    }
    let sent = std::fs::read_to_string(&log).unwrap();
    let mut positions = 0;
    for line in sent.lines().filter(|line| line.starts_with("position")) {
        positions += 1;
        let field = line
            .split_whitespace()
            .find(|word| word.starts_with("booster:"))
            .unwrap_or_else(|| panic!("no booster field in {line}"));
        let parts: Vec<&str> = field.split(':').collect();
        let hidden_hands = [parts[2], parts[3]]
            .iter()
            .filter(|hand| hand.starts_with('?'))
            .count();
        assert_eq!(hidden_hands, 1, "one hand is hidden in {line}");
        assert!(
            parts[4].starts_with('?'),
            "the draw pile is hidden in {line}"
        );
        assert!(
            !line.contains("shuffle:"),
            "a secret shuffle was sent: {line}"
        );
    }
    assert!(positions > 20, "{positions} positions sent");
    // Every decision replays against the full state of the deal.
    let (ok, replay) = amity(&["replay", pgn.to_str().unwrap()]);
    assert!(ok, "{replay}");
    assert!(replay.contains("8 replayed legally"), "{replay}");
}

#[test]
fn a_game_that_hides_information_refuses_xboard_engines() {
    let (ok, out) = amity(&[
        "match",
        "--variant",
        "booster",
        "--engine",
        "cmd=amity",
        "proto=xboard",
        "name=Xb",
        "--engine",
        "cmd=amity",
    ]);
    assert!(!ok, "{out}");
    assert!(
        out.contains("booster hides information") && out.contains("Xb speaks XBoard"),
        "{out}"
    );
}

#[test]
fn blind_decisions_of_a_hidden_pile_are_carried_out_by_the_referee() {
    // Each engine sees only its view, where the top card is unknown: it answers `add`, the
    // referee turns the card and hands the choice of a square back. Before the referee did
    // this, every Neighbour game ended "illegal move: add".
    for variant in ["neighbour", "parade"] {
        let pgn = scratch(&format!("{variant}-blind.pgn"));
        let (ok, out) = amity(&[
            "match",
            "--variant",
            variant,
            "--engine",
            "cmd=amity",
            "nodes=1000",
            "--engine",
            "cmd=amity",
            "nodes=1000",
            "--games",
            "2",
            "--seed",
            "3",
            "--pgnout",
            pgn.to_str().unwrap(),
        ]);
        assert!(ok, "{out}");
        assert!(
            out.contains("Games played: 2; terminations: normal 2"),
            "{variant}: {out}"
        );
        let text = std::fs::read_to_string(&pgn).unwrap();
        for (tags, movetext) in games(&text) {
            assert!(
                tag(&tags, variant_tag(variant)) == "false",
                "{variant} played with its pile open: {tags:?}"
            );
            // Every placement is recorded as the full state's decision, never as `add`.
            assert!(!movetext.contains("add "), "{movetext}");
        }
        let (ok, replay) = amity(&["replay", pgn.to_str().unwrap()]);
        assert!(ok && replay.contains("2 replayed legally"), "{replay}");
    }
}

fn variant_tag(variant: &str) -> &'static str {
    match variant {
        "neighbour" => "NeighbourOpen",
        _ => "ParadeOpen",
    }
}

#[test]
fn games_played_by_number_equal_the_same_games_of_the_whole_match() {
    // Chance (Gravity's flips) and random openings: both drawn from the seed and the game's
    // number, so the parts of a match played apart are the games of the whole match.
    let whole_games = ["--variant", "gravity", "--games", "6", "--seed", "9"];
    let (ok, out, whole) = against_depth_one("numbers-whole.pgn", "depth=2", &whole_games);
    assert!(ok, "{out}");
    let moves_of = |path: &str| -> Vec<(String, String)> {
        games(&std::fs::read_to_string(path).unwrap())
            .into_iter()
            .map(|(tags, movetext)| {
                // The moves without their comments (which hold the time each move took).
                let moves: Vec<&str> = movetext
                    .split('{')
                    .map(|piece| piece.split_once('}').map_or(piece, |(_, after)| after))
                    .collect();
                (tag(&tags, "Seed").to_string(), moves.concat())
            })
            .collect()
    };
    let whole = moves_of(&whole);
    assert_eq!(whole.len(), 6);
    let mut parts = Vec::new();
    for (name, numbers) in [("numbers-a.pgn", "2-4"), ("numbers-b.pgn", "1,5-6")] {
        let extra = [&whole_games[..], &["--game-numbers", numbers]].concat();
        let (ok, out, path) = against_depth_one(name, "depth=2", &extra);
        assert!(ok, "{out}");
        assert!(out.contains(&format!("plays {} game(s)", 3)), "{out}");
        parts.push(moves_of(&path));
    }
    // Games 2, 3, 4 and then 1, 5, 6, each as the whole match played it.
    assert_eq!(parts[0], whole[1..4]);
    assert_eq!(parts[1], [&whole[0..1], &whole[4..6]].concat());
    let (ok, out) = amity(&["match", "--games", "4", "--game-numbers", "5"]);
    assert!(
        !ok && out.contains("the match has games 1 to 4, not 5"),
        "{out}"
    );
}
