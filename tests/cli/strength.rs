//! Strength levels over the protocols: `UCI_LimitStrength`, `UCI_Elo` and `Skill Level` are
//! announced in UCI and XBoard, refused out of range with the value before kept, a limited
//! engine answers with a legal decision in every game, and the same `Seed` replays the same
//! moves.

use std::time::Duration;

use crate::common::Engine;

/// Long enough for a small search on a loaded machine.
const ANSWER: Duration = Duration::from_secs(60);

fn uci_engine() -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(Duration::from_secs(10), |line| line == "uciok");
    engine
}

/// Runs `go` and returns what the engine said up to and with its `bestmove`.
fn think(engine: &mut Engine, go: &str) -> Vec<String> {
    engine.send(go);
    engine.read_until(ANSWER, |line| line.starts_with("bestmove"))
}

fn best_move(said: &[String]) -> String {
    let last = said.last().expect("a bestmove line");
    last.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// The node count of the last `info` line that has one.
fn nodes(said: &[String]) -> u64 {
    said.iter()
        .rev()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|word| *word == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .next()
        .expect("an info line with nodes")
}

#[test]
fn the_options_are_announced_in_uci_and_xboard() {
    let mut engine = Engine::start();
    engine.send("uci");
    let said = engine.read_until(Duration::from_secs(10), |line| line == "uciok");
    for option in [
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1500 min 1000 max 2800",
        "option name Skill Level type spin default 20 min 0 max 20",
    ] {
        assert!(said.iter().any(|line| line == option), "{option}: {said:?}");
    }
    let mut xboard = Engine::start();
    xboard.send("xboard");
    xboard.send("protover 2");
    let features = xboard.read_until(Duration::from_secs(10), |l| l == "feature done=1");
    for feature in [
        "feature option=\"UCI_LimitStrength -check 0\"",
        "feature option=\"UCI_Elo -spin 1500 1000 2800\"",
        "feature option=\"Skill Level -spin 20 0 20\"",
    ] {
        assert!(features.iter().any(|line| line == feature), "{feature}");
    }
    // XBoard sets them too, and refuses a level out of range in its own form.
    xboard.send("option UCI_LimitStrength=1");
    xboard.send("option UCI_Elo=900");
    xboard.send("ping 3");
    let said = xboard.read_until(Duration::from_secs(10), |l| l == "pong 3");
    assert!(
        said.iter().any(|line| line.starts_with("Error (")),
        "{said:?}"
    );
    assert_eq!(said.iter().filter(|l| l.starts_with("Error (")).count(), 1);
}

#[test]
fn a_level_out_of_range_is_refused_and_the_level_before_kept() {
    let mut engine = uci_engine();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1000");
    for (name, value) in [
        ("UCI_Elo", "999"),
        ("UCI_Elo", "2801"),
        ("UCI_Elo", "strong"),
        ("UCI_LimitStrength", "maybe"),
    ] {
        engine.send(&format!("setoption name {name} value {value}"));
        let said = engine.sync();
        assert!(
            said.iter()
                .any(|line| line.starts_with("info string error") && line.contains(name)),
            "{name} {value}: {said:?}"
        );
    }
    // Still limited, still at the weakest level: its small node budget binds a search that
    // has all the time in the world.
    engine.send("position startpos");
    let said = think(&mut engine, "go wtime 600000 btime 600000");
    assert!(nodes(&said) < 10_000, "{said:?}");
    // Without the limit the same search goes much further.
    engine.send("setoption name UCI_LimitStrength value false");
    let said = think(&mut engine, "go nodes 50000");
    assert!(nodes(&said) > 10_000, "{said:?}");
}

/// Plays `plies` decisions of Amity against itself from the start, each a fresh `position`
/// with every token so far, with the limited engine's own throws of chance; the tokens.
fn self_play(engine: &mut Engine, plies: usize) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    for _ in 0..plies {
        let position = if tokens.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", tokens.join(" "))
        };
        engine.send(&position);
        let said = think(engine, "go wtime 60000 btime 60000");
        for line in &said {
            if let Some(rest) = line.strip_prefix("info string throw ") {
                tokens.extend(rest.split_whitespace().next().map(str::to_string));
            }
        }
        let best = best_move(&said);
        if best == "0000" || best.is_empty() {
            break;
        }
        tokens.push(best);
    }
    tokens
}

#[test]
fn a_limited_engine_plays_legal_decisions_in_every_game() {
    let mut engine = uci_engine();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1000");
    for variant in amity_variants::NAMES {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("ucinewgame");
        let tokens = self_play(&mut engine, 4);
        assert!(!tokens.is_empty(), "{variant}: no decision");
        let template = amity_variants::new_game(variant).expect("a known game");
        amity_variants::with_game!(&template, g => {
            let mut game = g.clone();
            for token in &tokens {
                assert!(game.play_token(token).is_ok(), "{variant}: {token} in {tokens:?}");
            }
        });
    }
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    let game = |seed: u32| {
        let mut engine = uci_engine();
        engine.send("setoption name UCI_LimitStrength value true");
        engine.send("setoption name UCI_Elo value 1100");
        engine.send(&format!("setoption name Seed value {seed}"));
        self_play(&mut engine, 12)
    };
    let first = game(5);
    assert_eq!(first.len(), 12);
    assert_eq!(first, game(5));
    // Other seeds choose other moves somewhere in a dozen plies at this level.
    assert!((6..10).any(|seed| game(seed) != first));
}

#[test]
fn a_skill_level_below_the_top_limits_the_search_and_the_elo_option_wins() {
    let mut engine = uci_engine();
    engine.send("position startpos");
    // Skill 0 is the weakest level: its node budget binds a search with all the time in the
    // world.
    engine.send("setoption name Skill Level value 0");
    let said = think(&mut engine, "go wtime 600000 btime 600000");
    let weakest = nodes(&said);
    assert!(weakest < 10_000, "{said:?}");
    for value in ["21", "-1", "high"] {
        engine.send(&format!("setoption name Skill Level value {value}"));
        let said = engine.sync();
        assert!(
            said.iter()
                .any(|line| line.starts_with("info string error") && line.contains("Skill Level")),
            "{value}: {said:?}"
        );
    }
    // The refused values kept skill 0; a named Elo level (2800, the strongest) wins over it.
    let said = think(&mut engine, "go wtime 600000 btime 600000");
    assert!(nodes(&said) < 10_000, "{said:?}");
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 2800");
    let said = think(&mut engine, "go nodes 50000");
    assert!(nodes(&said) > 4 * weakest, "{said:?}");
    // Skill 20, without the limit: full strength, as far as `go nodes` lets it.
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("setoption name Skill Level value 20");
    let said = think(&mut engine, "go nodes 50000");
    assert!(nodes(&said) > 10_000, "{said:?}");
}
