//! The search, checked from outside: the staged move picker hands out exactly the legal moves
//! (same perft as plain generation), with the killers and the countermove right after the hash
//! move, the mate suite is solved with the right mate distance within a node budget, 1, 2 and
//! 4 threads give legal moves and agreeing mate scores, and several threads report rising
//! depths. `stop` and `ponderhit` through the binary: `tests/cli/search.rs`.

use crate::common;

use std::sync::atomic::AtomicBool;

use amity_engine::game::parse_move;
use amity_engine::search::ordering::{History, MovePicker, QuietOrder, Stage};
use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{Game, Move, MoveList, Notation, Position, RulesExt, Scratch, perft};
use amity_variants::Chess;
use common::read_perft_file;

/// Perft that walks each node's moves through the staged picker, with hash moves and killers
/// taken from elsewhere in the tree (so often illegal here) to prove they are filtered, and
/// checks that the stages come out in order.
fn picker_perft(pos: &Position<Chess>, depth: u32, foreign: &mut Vec<Move>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let history = History::new();
    let pick = |i: usize| foreign.get(i % foreign.len().max(1)).copied();
    let hash_move = pick(depth as usize * 7).unwrap_or(Move::NULL);
    let killers = [
        pick(depth as usize * 3 + 1).unwrap_or(Move::NULL),
        pick(depth as usize * 5 + 2).unwrap_or(Move::NULL),
        pick(depth as usize * 11 + 3).unwrap_or(Move::NULL),
    ];
    let mut scratch = Scratch::new();
    let mut picker = MovePicker::empty();
    picker.fill(
        &Chess::default(),
        pos,
        hash_move,
        killers,
        QuietOrder::history(&history),
        &mut scratch,
    );
    let (moves, stages): (Vec<Move>, Vec<Stage>) = picker.unzip();
    assert!(
        stages.windows(2).all(|pair| pair[0] <= pair[1]),
        "picker stages out of order at {pos:?}: {stages:?}"
    );
    let mut plain = MoveList::new();
    Chess::default().generate(pos, &mut plain);
    assert_eq!(moves.len(), plain.len(), "picker count differs at {pos:?}");
    for mv in plain.iter() {
        assert!(moves.contains(mv), "picker lost {mv:?} at {pos:?}");
    }
    let mut nodes = 0;
    for &mv in &moves {
        if foreign.len() < 64 {
            foreign.push(mv);
        } else {
            let slot = (nodes as usize + depth as usize) % 64;
            foreign[slot] = mv;
        }
        let mut child = pos.clone();
        Chess::default().play(&mut child, mv);
        nodes += picker_perft(&child, depth - 1, foreign);
    }
    nodes
}

#[test]
fn killers_and_the_countermove_come_after_the_hash_move_in_their_order() {
    let game = Game::from_fen(
        Chess::default(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .expect("start FEN");
    let pos = game.position();
    let uci = |text: &str| parse_move(&Chess::default(), pos, text).expect("a legal move");
    let history = History::new();
    let mut scratch = Scratch::new();
    let mut picker = MovePicker::empty();
    picker.fill(
        &Chess::default(),
        pos,
        uci("c2c4"),
        [uci("g1f3"), uci("e2e4"), uci("d2d4")],
        QuietOrder::history(&history),
        &mut scratch,
    );
    let first: Vec<(String, Stage)> = picker
        .take(4)
        .map(|(mv, stage)| (Chess::default().format_move(mv), stage))
        .collect();
    let expected = [
        ("c2c4", Stage::HashMove),
        ("g1f3", Stage::Killer),
        ("e2e4", Stage::Killer),
        ("d2d4", Stage::Killer),
    ];
    let expected: Vec<(String, Stage)> = expected
        .iter()
        .map(|(text, stage)| (text.to_string(), *stage))
        .collect();
    assert_eq!(first, expected);
}

#[test]
fn staged_picker_gives_the_same_perft_as_plain_generation() {
    let path = crate::common::repository_file("tests/perft/chess.perft");
    let cases = read_perft_file(&path);
    assert!(cases.len() >= 4);
    let mut foreign = Vec::new();
    for case in cases.iter().take(8) {
        let game = Game::from_fen(Chess::default(), &case.fen).expect("perft FEN");
        let pos = game.position();
        let plain = perft::perft(&Chess::default(), pos, 3);
        assert_eq!(
            picker_perft(pos, 3, &mut foreign),
            plain,
            "picker perft differs for {}",
            case.fen
        );
    }
}

/// The mate suite: `FEN ; mate N` lines.
fn mate_suite() -> Vec<(String, i32)> {
    let path = crate::common::repository_file("tests/search/mates.epd");
    let text = std::fs::read_to_string(&path).expect("mate suite readable");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (fen, mate) = line.split_once(';').expect("FEN ; mate N");
            let moves = mate
                .trim()
                .strip_prefix("mate ")
                .and_then(|n| n.trim().parse().ok())
                .expect("mate N");
            (fen.trim().to_string(), moves)
        })
        .collect()
}

/// Mate-in-N must show by depth 2N+8: pruning (reverse futility above all) hides mates behind
/// a winning material score for a few plies, extensions and quiescence do the rest.
fn mate_limits(moves: i32) -> Limits {
    Limits {
        depth: Some(2 * moves as u32 + 8),
        nodes: Some(MATE_NODE_BUDGET),
        ..Limits::default()
    }
}

const MATE_NODE_BUDGET: u64 = 2_000_000;

fn search(fen: &str, limits: &Limits, threads: usize) -> (Move, Score, u64, bool) {
    let game = Game::from_fen(Chess::default(), fen).expect("suite FEN");
    let mut searcher = Searcher::new(16, threads);
    let stop = AtomicBool::new(false);
    let result = searcher.search_game(&game, limits, &stop, &mut |_| {});
    let legal = game.legal_moves().contains(result.best);
    (result.best, result.score, result.nodes, legal)
}

#[test]
fn mate_suite_is_solved_with_the_right_distance() {
    let suite = mate_suite();
    assert_eq!(suite.len(), 100, "the suite has 100 positions");
    let mut failures = Vec::new();
    let mut total_nodes = 0;
    for (fen, moves) in &suite {
        let (best, score, nodes, legal) = search(fen, &mate_limits(*moves), 1);
        total_nodes += nodes;
        assert!(legal, "illegal best move {best:?} in {fen}");
        if score != Score::Mate(*moves) || nodes > MATE_NODE_BUDGET + 2048 {
            failures.push(format!(
                "{fen}: expected mate {moves}, got {score:?} in {nodes} nodes"
            ));
        }
    }
    assert!(failures.is_empty(), "unsolved:\n{}", failures.join("\n"));
    eprintln!("mate suite: 100/100 in {total_nodes} nodes");
}

#[test]
fn one_two_and_four_threads_agree() {
    let suite = mate_suite();
    for (fen, moves) in suite.iter().step_by(10) {
        for threads in [1, 2, 4] {
            let (best, score, _, legal) = search(fen, &mate_limits(*moves), threads);
            assert!(legal, "{threads} threads: illegal {best:?} in {fen}");
            assert_eq!(score, Score::Mate(*moves), "{threads} threads in {fen}");
        }
    }
    for (_, fen) in amity_variants::bench_positions().iter().take(6) {
        for threads in [1, 2, 4] {
            let (best, _, _, legal) = search(fen, &Limits::depth(7), threads);
            assert!(legal, "{threads} threads: illegal {best:?} in {fen}");
        }
    }
}

/// With several threads a depth may be finished by a helper first; the reports still climb
/// one finished depth after another, and the search ends on the requested depth with the line
/// of the move it plays.
#[test]
fn threads_report_rising_depths_and_end_on_the_requested_one() {
    for (_, fen) in amity_variants::bench_positions().iter().take(4) {
        let game = Game::from_fen(Chess::default(), fen).expect("bench FEN");
        for threads in [2, 4] {
            let mut searcher = Searcher::new(16, threads);
            let stop = AtomicBool::new(false);
            let mut reports = Vec::new();
            let result = searcher.search_game(&game, &Limits::depth(12), &stop, &mut |report| {
                reports.push((report.depth, report.pv.first().copied()))
            });
            let depths: Vec<u32> = reports.iter().map(|(depth, _)| *depth).collect();
            assert!(
                depths.windows(2).all(|pair| pair[0] <= pair[1]),
                "{threads} threads, {fen}: depths {depths:?}"
            );
            assert_eq!(result.depth, 12, "{threads} threads, {fen}");
            assert_eq!(
                reports.last(),
                Some(&(12, Some(result.best))),
                "{threads} threads, {fen}"
            );
        }
    }
}

#[test]
fn threads_keep_what_they_learn_across_moves_until_cleared() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16, 2);
    assert!(searcher.threads_are_fresh());
    let mut game = Game::new(Chess::default());
    searcher.search_game(&game, &Limits::depth(6), &stop, &mut |_| {});
    assert!(
        !searcher.threads_are_fresh(),
        "a search teaches the threads"
    );
    // The next move of the same game starts from what the threads learnt.
    game.play_token("e2e4").expect("legal");
    searcher.search_game(&game, &Limits::depth(6), &stop, &mut |_| {});
    assert!(!searcher.threads_are_fresh());
    // A new game (`ucinewgame`, `Clear Hash`) forgets it, and so does a new thread count.
    searcher.clear();
    assert!(searcher.threads_are_fresh());
    searcher.search_game(&game, &Limits::depth(6), &stop, &mut |_| {});
    searcher.set_threads(3);
    assert!(searcher.threads_are_fresh());
    // A variant that keeps caches in the threads' scratch (Pacifist's nodes and played
    // turns): they too live across the moves of a game and go with a new game.
    let mut game = Game::new(amity_variants::pacifist::Pacifist::default());
    searcher.search_game(&game, &Limits::depth(3), &stop, &mut |_| {});
    assert!(!searcher.threads_are_fresh());
    game.play_token("e2e4").expect("legal");
    searcher.search_game(&game, &Limits::depth(3), &stop, &mut |_| {});
    assert!(!searcher.threads_are_fresh());
    searcher.clear();
    assert!(searcher.threads_are_fresh());
}

/// The clock runs from when the `go` was read (`Limits::received`), not from when the search
/// gets round to looking at it: a search that starts after its whole budget has gone by on a
/// busy machine answers at its first look at the clock, with a legal move, instead of
/// spending the budget a second time.
#[test]
fn the_clock_runs_from_when_the_go_was_read() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let game = Game::from_fen(Chess::default(), start).expect("the start");
    let long_ago = std::time::Instant::now()
        .checked_sub(std::time::Duration::from_secs(10))
        .expect("the machine has been up ten seconds");
    let limits = Limits {
        clock: Some(amity_engine::search::Clock {
            time: std::time::Duration::from_millis(1000),
            increment: std::time::Duration::ZERO,
        }),
        received: Some(long_ago),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(16, 1);
    let result = searcher.search_game(&game, &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(game.legal_moves().contains(result.best));
    assert!(
        result.depth <= 1,
        "a spent clock searched to depth {} ({} nodes)",
        result.depth,
        result.nodes
    );
}
