//! What a side is told of its own decisions, in every game that hides information: never
//! more than its view learns. Two decisions of a side that leave its view of the game alike
//! must be told to it alike, or the announcement would leak what the view keeps from one of
//! its seats (a partner's secret square, a clue word). What the other side is told may carry
//! more than its view shows at once (a card discarded in the open): the leak tests of each
//! game and of the web page check those.

use std::collections::HashMap;

use amity_engine::{MoveList, Position, Rules, RulesExt};
use amity_variants::{NAMES, Variant, new_game, with_game};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plies of one playout.
const PLIES: usize = 80;

/// Checks that the decisions owed in `pos` whose results the deciding side views alike are
/// announced to it alike; how many groups of two or more decisions it compared.
fn told_no_more_than_seen<R: Variant>(rules: &R, pos: &Position<R>, name: &str) -> usize {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut compared = 0;
    let listener = pos.turn();
    let mut told_by_view: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for &mv in moves.iter() {
        let mut after = pos.clone();
        rules.play(&mut after, mv);
        let seen = rules.view(&after, listener).to_fen(rules);
        let told = rules.announce_to(pos, mv, listener);
        told_by_view
            .entry(seen)
            .or_default()
            .push((rules.format_move(mv), told));
    }
    for (seen, told) in told_by_view {
        if told.len() < 2 {
            continue;
        }
        compared += 1;
        let first = &told[0];
        for other in &told[1..] {
            assert_eq!(
                first.1,
                other.1,
                "{name}: {} and {} both leave {listener:?}'s view {seen} but are told apart \
                     (from {})",
                first.0,
                other.0,
                pos.to_fen(rules)
            );
        }
    }
    compared
}

#[test]
fn no_side_is_told_more_of_its_own_decision_than_its_view_learns() {
    let mut rng = StdRng::seed_from_u64(70);
    let mut compared = HashMap::new();
    for name in NAMES {
        let game = new_game(name).expect("a registered name");
        with_game!(game, game => {
            let rules = game.rules();
            let games = if rules.hides_information() { 6 } else { 0 };
            for _ in 0..games {
                let mut pos = match rules.deal(&mut rng) {
                    Some(deal) => deal,
                    None => game.start_position().clone(),
                };
                for _ in 0..PLIES {
                    let mut chance = Vec::new();
                    let decision = if rules.chance(&pos, &mut chance) {
                        chance[rng.random_range(0..chance.len())].outcome
                    } else {
                        if rules.terminal(&pos).is_some() {
                            break;
                        }
                        *compared.entry(*name).or_insert(0) +=
                            told_no_more_than_seen(rules, &pos, name);
                        let mut moves = MoveList::new();
                        rules.generate(&pos, &mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        moves.as_slice()[rng.random_range(0..moves.len())]
                    };
                    rules.play(&mut pos, decision);
                }
            }
        });
    }
    // Split-Brain's chooser decisions all leave the moving team's view alike: the check must
    // have compared them.
    assert!(
        compared.get("splitbrain").copied().unwrap_or(0) > 0,
        "{compared:?}"
    );
}
