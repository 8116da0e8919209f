//! The hash kept in step with every game's state: random playouts of every registered game
//! (from its start and from random deals, through chance, views and sampled states), with the
//! incremental hash compared to the one computed from scratch at every step.

use amity_engine::{Game, Position, Rules, RulesExt};
use amity_variants::{NAMES, new_game, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plies of one playout; long enough to reach every part of a turn in every game.
const PLIES: usize = 60;

/// Checks `pos` and, for a game that hides information, each seat's view of it and a state
/// sampled from that view.
fn check_hashes<R: Rules>(rules: &R, pos: &Position<R>, rng: &mut StdRng, name: &str) {
    let fen = pos.to_fen(rules);
    assert_eq!(pos.hash(), pos.fresh_hash(rules), "{name}: {fen}");
    if rules.hides_information() {
        let seat = pos.turn();
        let view = rules.view(pos, seat);
        assert_eq!(view.hash(), view.fresh_hash(rules), "{name} view: {fen}");
        let sample = rules.sample_state(&view, rng);
        assert_eq!(
            sample.hash(),
            sample.fresh_hash(rules),
            "{name} sample: {fen}"
        );
    }
}

/// A random playout of `game`'s rules from `start`, checking the hash at every step; how many
/// decisions it played.
fn playout<R: Rules>(game: &Game<R>, start: Position<R>, rng: &mut StdRng, name: &str) -> usize {
    let rules = game.rules();
    let mut pos = start;
    let mut played = 0;
    for _ in 0..PLIES {
        check_hashes(rules, &pos, rng, name);
        let mut chance = Vec::new();
        let decision = if rules.chance(&pos, &mut chance) {
            chance[rng.random_range(0..chance.len())].outcome
        } else {
            if rules.terminal(&pos).is_some() {
                break;
            }
            let mut moves = amity_engine::MoveList::new();
            rules.generate(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            moves.as_slice()[rng.random_range(0..moves.len())]
        };
        rules.play(&mut pos, decision);
        played += 1;
    }
    check_hashes(rules, &pos, rng, name);
    played
}

#[test]
fn incremental_hash_equals_the_fresh_hash_in_every_game() {
    let mut rng = StdRng::seed_from_u64(68);
    for name in NAMES {
        let game = new_game(name).expect("a registered name");
        let played = with_game!(game, game => {
            let mut played = 0;
            for _ in 0..4 {
                let start = game.start_position().clone();
                played += playout(&game, start, &mut rng, name);
                if let Some(deal) = game.rules().deal(&mut rng) {
                    played += playout(&game, deal, &mut rng, name);
                }
            }
            played
        });
        assert!(played > 0, "{name}: no decision was played");
    }
}
