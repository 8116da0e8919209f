//! Strength levels in every game: each game's scale maps levels monotonically (more nodes and
//! fewer errors the higher the level), the search keeps to the budget of the game's own scale
//! (not chess's), and a limited search plays legal, seed-determined decisions.

use std::sync::atomic::AtomicBool;

use amity_engine::search::{Limits, Searcher, Strength, StrengthScale, strength};
use amity_engine::{Rules, RulesExt, SolveLimits, Solver, SolverMemory};
use amity_variants::{AnyGame, NAMES, new_game, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Every game's scale.
fn scales() -> Vec<(&'static str, StrengthScale)> {
    NAMES
        .iter()
        .map(|&name| {
            let game = new_game(name).expect("a registered game");
            (
                name,
                with_game!(&game, g => g.rules().search_flags().strength),
            )
        })
        .collect()
}

#[test]
fn every_game_maps_higher_levels_to_more_nodes_and_fewer_errors() {
    for (name, scale) in scales() {
        let levels: Vec<Strength> = (strength::MIN_ELO..=strength::MAX_ELO)
            .step_by(10)
            .map(|elo| Strength::new(elo, 1).on_scale(scale))
            .collect();
        for pair in levels.windows(2) {
            let (lower, higher) = (pair[0], pair[1]);
            assert!(
                lower.node_budget() <= higher.node_budget(),
                "{name}: {lower:?} {higher:?}"
            );
            assert!(
                lower.temperature() >= higher.temperature(),
                "{name}: {lower:?} {higher:?}"
            );
        }
        let (weakest, strongest) = (levels[0], levels[levels.len() - 1]);
        assert!(
            strongest.node_budget() > 8 * weakest.node_budget(),
            "{name}"
        );
        assert!(weakest.temperature() > strongest.temperature(), "{name}");
        // Every game's levels meet at its anchor, the reference search.
        assert_eq!(
            Strength::new(scale.reference_elo, 1)
                .on_scale(scale)
                .node_budget(),
            Strength::new(1500, 1).node_budget(),
            "{name}"
        );
    }
}

/// The game after chance's first throws (dealt by a fixed seed), where a player decides.
fn first_decision(name: &str) -> AnyGame {
    let mut game = new_game(name).expect("a registered game");
    let mut dealer = StdRng::seed_from_u64(7);
    with_game!(&mut game, g => {
        while let Some(outcome) = g.draw_chance(&mut dealer) {
            g.play_unchecked(outcome);
        }
    });
    game
}

/// One limited search at `elo` of the game's first decision: the decision and the nodes
/// spent.
fn limited_search(name: &str, elo: u32, seed: u64) -> (String, u64) {
    let game = first_decision(name);
    with_game!(&game, g => {
        let limits = Limits {
            strength: Some(Strength::new(elo, seed)),
            ..Limits::default()
        };
        let mut searcher = Searcher::new(16, 1);
        let stop = AtomicBool::new(false);
        let result = searcher.search_game(g, &limits, &stop, &mut |_| {});
        let mut moves = amity_engine::MoveList::new();
        g.rules().generate(g.position(), &mut moves);
        assert!(moves.contains(result.best), "{name}: illegal {:?}", result.best);
        (format!("{:?}", result.best), result.nodes)
    })
}

/// The game's first decision at `elo` as the protocols make it: by the game's own solver
/// within the level's node budget where the game has one (a solitaire), else by the search.
fn limited_decision(name: &str, elo: u32, seed: u64) -> String {
    let game = first_decision(name);
    with_game!(&game, g => {
        let level = Strength::new(elo, seed).on_scale(g.rules().search_flags().strength);
        let stop = AtomicBool::new(false);
        let memory = SolverMemory::default();
        let limits = SolveLimits {
            deadline: None,
            nodes: Some(level.node_budget()),
            depth: None,
            stop: &stop,
            memory: &memory,
        };
        match g.rules().solve(g.position(), limits) {
            Some(solution) => {
                let first = solution.line.first().copied();
                assert!(first.is_some(), "{name}: the solver found no decision at {elo}");
                format!("{first:?}")
            }
            None => limited_search(name, elo, seed).0,
        }
    })
}

#[test]
fn the_search_keeps_to_the_budget_of_the_games_own_scale() {
    // Los Alamos's scale is not chess's (a doubling of nodes buys more on 6x6): at 1900 its
    // budget is well below chess's, and the search spends it, in blocks of 1024 nodes.
    let scale = new_game("losalamos")
        .map(|game| with_game!(&game, g => g.rules().search_flags().strength))
        .expect("Los Alamos");
    assert_ne!(
        scale.elo_per_doubling,
        StrengthScale::CHESS.elo_per_doubling
    );
    let level = Strength::new(1900, 3);
    let own = level.on_scale(scale).node_budget();
    let chess = level.node_budget();
    let (_, spent) = limited_search("losalamos", 1900, 3);
    assert!(
        spent >= own && spent < own + 2048,
        "spent {spent}, budget {own}"
    );
    assert!(
        spent.abs_diff(chess) > 4096,
        "spent {spent}, chess's {chess}"
    );
}

#[test]
fn levels_on_every_scale_are_legal_and_replay_under_a_seed() {
    for (name, scale) in scales() {
        if scale == StrengthScale::CHESS {
            // Chess's scale is replayed over the protocol (tests/cli/strength.rs).
            continue;
        }
        for elo in [1200, 1800] {
            let first = limited_decision(name, elo, 9);
            assert_eq!(first, limited_decision(name, elo, 9), "{name} at {elo}");
        }
    }
}

#[test]
fn a_game_decided_by_its_policy_errs_at_low_levels_and_not_at_the_top() {
    // Secret Chesswords decides by its partner policy, not by a search: a level chooses among
    // the policy's options by their values, so low levels vary with the seed and the top
    // level always takes the policy's own decision.
    let full = {
        let game = first_decision("chesswords");
        with_game!(&game, g => {
            let mut searcher = Searcher::new(16, 1);
            let stop = AtomicBool::new(false);
            let result = searcher.search_game(g, &Limits::default(), &stop, &mut |_| {});
            format!("{:?}", result.best)
        })
    };
    let weakest: std::collections::BTreeSet<String> = (0..40)
        .map(|seed| limited_search("chesswords", strength::MIN_ELO, seed).0)
        .collect();
    assert!(weakest.len() > 1, "{weakest:?}");
    assert!(weakest.contains(&full), "{weakest:?} without {full}");
    for seed in 0..10 {
        assert_eq!(
            limited_search("chesswords", strength::MAX_ELO, seed).0,
            full
        );
    }
}
