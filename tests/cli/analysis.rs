//! What a GUI's analysis asks of the engine, over UCI: several best lines (`MultiPV`), each
//! its own `info ... multipv k` line, best first; `go mate N`, which stops once the mate is
//! found and otherwise ends by whichever other limit comes first; and the score's chances
//! (`UCI_ShowWDL`).

use amity_engine::RulesExt;
use std::time::Duration;

use crate::common::Engine;

/// Long enough for a depth-10 search of four lines on a loaded machine.
const ANSWER: Duration = Duration::from_secs(120);

/// One `info` line's multipv index, depth, score (ordered as a player would: mates beyond
/// every evaluation) and pv.
#[derive(Debug)]
struct Info {
    multipv: usize,
    depth: u32,
    score: i64,
    pv: Vec<String>,
}

fn parse_info(line: &str) -> Option<Info> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || !words.contains(&"pv") {
        return None;
    }
    let after = |key: &str| {
        let at = words.iter().position(|word| *word == key)?;
        words.get(at + 1).copied()
    };
    let score_at = words.iter().position(|word| *word == "score")?;
    let value: i64 = words.get(score_at + 2)?.parse().ok()?;
    let score = match *words.get(score_at + 1)? {
        "cp" => value,
        "mate" if value > 0 => 100_000 - value,
        "mate" => -100_000 - value,
        _ => return None,
    };
    let pv_at = words.iter().position(|word| *word == "pv")?;
    Some(Info {
        multipv: after("multipv")?.parse().ok()?,
        depth: after("depth")?.parse().ok()?,
        score,
        pv: words[pv_at + 1..]
            .iter()
            .map(|word| word.to_string())
            .collect(),
    })
}

/// Whether every move of `pv` can be played one after the other from `fen` in `variant`.
fn plays(variant: &str, fen: &str, pv: &[String]) -> bool {
    let template = amity_variants::new_game(variant).expect("a known game");
    amity_variants::with_game!(&template, g => {
        let Ok(mut game) = amity_engine::Game::from_fen(g.rules().clone(), fen) else {
            return false;
        };
        pv.iter().all(|token| game.play_token(token).is_ok())
    })
}

fn start_fen(variant: &str) -> String {
    let template = amity_variants::new_game(variant).expect("a known game");
    amity_variants::with_game!(&template, g => {
        g.rules().start_fen().to_string()
    })
}

fn uci_engine() -> Engine {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.read_until(Duration::from_secs(10), |line| line == "uciok");
    engine
}

/// Runs `go` and returns the info lines of the deepest depth reported (the last of each
/// index) and the bestmove's move.
fn search(engine: &mut Engine, go: &str) -> (Vec<Info>, String) {
    engine.send(go);
    let lines = engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let infos: Vec<Info> = lines.iter().filter_map(|line| parse_info(line)).collect();
    let deepest = infos.iter().map(|info| info.depth).max().unwrap_or(0);
    let mut last: Vec<Info> = Vec::new();
    for info in infos.into_iter().filter(|info| info.depth == deepest) {
        last.retain(|kept| kept.multipv != info.multipv);
        last.push(info);
    }
    last.sort_by_key(|info| info.multipv);
    (last, best)
}

/// Checks the lines of one MultiPV search: `expected` of them, numbered 1.., distinct first
/// moves, legal, best first, and bestmove the first line's move.
fn assert_lines(variant: &str, fen: &str, lines: &[Info], best: &str, expected: usize) {
    let numbers: Vec<usize> = lines.iter().map(|info| info.multipv).collect();
    assert_eq!(numbers, (1..=expected).collect::<Vec<_>>(), "{lines:?}");
    let mut firsts: Vec<&String> = lines.iter().map(|info| &info.pv[0]).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        expected,
        "lines share a first move: {lines:?}"
    );
    for info in lines {
        assert!(plays(variant, fen, &info.pv), "illegal line {info:?}");
    }
    for pair in lines.windows(2) {
        assert!(pair[0].score >= pair[1].score, "not best first: {lines:?}");
    }
    assert_eq!(best, lines[0].pv[0], "bestmove is not line 1");
}

#[test]
fn multipv_gives_distinct_legal_lines_best_first_in_chess_and_los_alamos() {
    let mut engine = uci_engine();
    engine.send("setoption name MultiPV value 4");
    let chess = [
        start_fen("chess"),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".to_string(),
    ];
    for fen in &chess {
        engine.send(&format!("position fen {fen}"));
        let (lines, best) = search(&mut engine, "go depth 9");
        assert_eq!(lines[0].depth, 9);
        assert_lines("chess", fen, &lines, &best, 4);
    }
    engine.send("setoption name UCI_Variant value losalamos");
    let fen = start_fen("losalamos");
    engine.send("position startpos");
    let (lines, best) = search(&mut engine, "go depth 7");
    assert_lines("losalamos", &fen, &lines, &best, 4);
}

#[test]
fn the_lines_a_stopped_search_shows_last_start_with_distinct_moves() {
    let mut engine = uci_engine();
    engine.send("setoption name MultiPV value 3");
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen}"));
    // Node limits that stop iterations inside their first line and inside the others.
    for nodes in [700, 2_000, 5_000, 12_000, 30_000, 80_000, 200_000] {
        engine.send(&format!("go nodes {nodes}"));
        let said = engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
        let best = said.last().unwrap().split_whitespace().nth(1).unwrap();
        // What a GUI shows: the last line of each index.
        let mut shown: Vec<Info> = Vec::new();
        for info in said.iter().filter_map(|line| parse_info(line)) {
            shown.retain(|kept| kept.multipv != info.multipv);
            shown.push(info);
        }
        shown.sort_by_key(|info| info.multipv);
        let numbers: Vec<usize> = shown.iter().map(|info| info.multipv).collect();
        assert_eq!(numbers, vec![1, 2, 3], "nodes {nodes}: {shown:?}");
        let mut firsts: Vec<&String> = shown.iter().map(|info| &info.pv[0]).collect();
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "nodes {nodes}: {shown:?}");
        assert_eq!(best, shown[0].pv[0], "nodes {nodes}: {shown:?}");
        for info in &shown {
            assert!(plays("chess", fen, &info.pv), "nodes {nodes}: {info:?}");
        }
    }
}

#[test]
fn multipv_never_gives_more_lines_than_moves_and_one_is_the_default() {
    let mut engine = uci_engine();
    // The king has three moves.
    let fen = "k7/8/8/8/8/8/8/2Q3K1 b - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let (lines, _) = search(&mut engine, "go depth 4");
    assert_eq!(lines.len(), 1, "one line by default: {lines:?}");
    engine.send("setoption name MultiPV value 256");
    let moves = amity_variants::with_game!(&amity_variants::new_game("chess").unwrap(), g => {
        amity_engine::Game::from_fen(g.rules().clone(), fen).unwrap().legal_moves().len()
    });
    let (lines, best) = search(&mut engine, "go depth 4");
    assert_lines("chess", fen, &lines, &best, moves);
    // `searchmoves` bounds the lines too.
    engine.send("position startpos");
    let (lines, best) = search(&mut engine, "go depth 3 searchmoves e2e4 d2d4");
    assert_lines("chess", &start_fen("chess"), &lines, &best, 2);
}

#[test]
fn multipv_is_refused_outside_its_range() {
    let mut engine = uci_engine();
    for value in ["0", "257"] {
        engine.send(&format!("setoption name MultiPV value {value}"));
        let said = engine.sync();
        assert!(
            said.iter()
                .any(|line| line.starts_with("info string error")),
            "MultiPV {value}: {said:?}"
        );
    }
}

/// The first positions of the mate suite with their mate distance.
fn mates(count: usize) -> Vec<(String, u32)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/search/mates.epd");
    let text = std::fs::read_to_string(path).expect("the mate suite");
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| {
            let (fen, mate) = line.split_once(';')?;
            let moves = mate.trim().strip_prefix("mate ")?.trim().parse().ok()?;
            Some((fen.trim().to_string(), moves))
        })
        .take(count)
        .collect()
}

#[test]
fn go_mate_stops_by_itself_once_the_mate_is_found() {
    let mut engine = uci_engine();
    for (fen, moves) in mates(6) {
        engine.send(&format!("position fen {fen}"));
        // No other limit: only finding the mate ends this search.
        let (lines, best) = search(&mut engine, &format!("go mate {moves}"));
        let line = &lines[0];
        let found = 100_000 - line.score;
        assert!(
            line.score > 90_000 && found <= i64::from(moves),
            "{fen}: mate in {moves} asked, {line:?}"
        );
        assert_eq!(best, line.pv[0]);
        assert!(plays("chess", &fen, &line.pv));
    }
}

#[test]
fn go_mate_ends_by_the_first_limit_reached() {
    let mut engine = uci_engine();
    engine.send("position startpos");
    // No mate in the start position: the depth or the node count ends the search.
    let (lines, _) = search(&mut engine, "go mate 2 depth 3");
    assert_eq!(lines[0].depth, 3);
    engine.send("go mate 2 nodes 20000");
    engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
    // A mate limit alone searches on until `stop`.
    engine.send("go mate 1");
    let early = engine.read_for(Duration::from_millis(500));
    assert!(
        !early.iter().any(|line| line.starts_with("bestmove")),
        "a mate search without a mate answered: {early:?}"
    );
    engine.send("stop");
    engine.read_until(Duration::from_secs(10), |line| line.starts_with("bestmove"));
}

/// The `wdl W D L` triples of a search's info lines, with the line's score in centipawns
/// (mates as +-100000).
fn chances(lines: &[String]) -> Vec<(i64, [u32; 3])> {
    lines
        .iter()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|word| *word == "wdl")?;
            let wdl: Vec<u32> = (1..=3)
                .map(|k| words.get(at + k)?.parse().ok())
                .collect::<Option<_>>()?;
            Some((parse_info(line)?.score, [wdl[0], wdl[1], wdl[2]]))
        })
        .collect()
}

#[test]
fn show_wdl_adds_chances_that_follow_the_score_in_chess_and_los_alamos() {
    for (variant, fen) in [
        ("chess", "4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 30"),
        ("chess", "startpos"),
        ("losalamos", "startpos"),
    ] {
        let mut engine = uci_engine();
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        // Off by default: no chances.
        let position = match fen {
            "startpos" => "position startpos".to_string(),
            fen => format!("position fen {fen}"),
        };
        engine.send(&position);
        engine.send("go depth 4");
        let lines = engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
        assert!(chances(&lines).is_empty(), "{variant}: {lines:?}");
        engine.send("setoption name UCI_ShowWDL value true");
        engine.send(&position);
        engine.send("go depth 6");
        let lines = engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
        let found = chances(&lines);
        assert!(!found.is_empty(), "{variant}: {lines:?}");
        for (score, [win, draw, loss]) in found {
            assert_eq!(win + draw + loss, 1000, "{variant}: {lines:?}");
            // More wins than losses exactly when the score is above the even score.
            if score > 50 {
                assert!(win > loss, "{variant} {score}: {win} {draw} {loss}");
            }
            if score < -50 {
                assert!(win < loss, "{variant} {score}: {win} {draw} {loss}");
            }
            if fen != "startpos" {
                // Four pawns up: the win is all but certain.
                assert!(win > 900, "{variant} {score}: {win} {draw} {loss}");
            }
        }
    }
}

#[test]
fn show_wdl_shows_nothing_where_the_game_has_no_model_and_takes_only_a_check() {
    let mut engine = uci_engine();
    engine.send("setoption name UCI_ShowWDL value maybe");
    let refused = engine.sync();
    assert!(
        refused.iter().any(|line| line.contains("UCI_ShowWDL")),
        "{refused:?}"
    );
    engine.send("setoption name UCI_ShowWDL value true");
    engine.send("setoption name UCI_Variant value pacifist");
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.read_until(ANSWER, |line| line.starts_with("bestmove"));
    assert!(chances(&lines).is_empty(), "{lines:?}");
}
