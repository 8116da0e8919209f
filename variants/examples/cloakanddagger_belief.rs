//! Measures Cloak and Dagger's belief weighted by the opponent's behaviour against the
//! uniform one: self-play games at a fixed node count, and at the start of every turn the
//! log-loss of the mover's predictions of the true identity of each enemy checker still
//! cloaked. The engine's players decide from their views only; this program is the referee
//! and alone holds the full state.
//!
//! Usage: `cloakanddagger_belief <games> <seed> <nodes> <temperatures,...> <noise> [--debug]`
//! (`--debug`: every world's option scores on stderr); prints
//! one CSV row per (game, ply, checker): the probability of the truth under the uniform
//! belief and under each temperature.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use amity_engine::position::Position;
use amity_engine::rules::{Rules, RulesExt};
use amity_engine::search::{BehaviourBelief, BehaviourModel, HiddenInformation, Limits, Searcher};
use amity_engine::{Move, MoveList};
use amity_variants::CloakAndDagger;
use amity_variants::cloakanddagger::{arrangements, consistent};
use rand::SeedableRng;
use rand::rngs::StdRng;
use shakmaty::Color;

/// A game ends here if nothing else ended it (plies are decisions).
const MAX_PLIES: usize = 400;

fn arg<T: std::str::FromStr>(args: &[String], index: usize, default: T) -> T {
    args.get(index)
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

/// The probability of each enemy checker's true identity, from `observer`'s view `view` of
/// `state`, under `belief`'s weights (`None`: uniform over what the view leaves possible).
fn truth_probabilities(
    state: &Position<CloakAndDagger>,
    view: &Position<CloakAndDagger>,
    observer: Color,
    belief: Option<&BehaviourBelief>,
) -> Vec<(u8, f64)> {
    let owner = !observer;
    let possible = consistent(view, owner);
    let weights = match belief {
        Some(belief) => belief.weights(&possible),
        None => vec![1.0; possible.len()],
    };
    let total: f64 = weights.iter().sum();
    let mut found = Vec::new();
    for square in state.color(owner) & state.state.cloaked {
        let number = state.state.number(square);
        let Some(piece) = state.piece_at(square) else {
            continue;
        };
        let right: f64 = possible
            .iter()
            .zip(&weights)
            .filter(|(index, _)| arrangements()[**index][usize::from(number) - 1] == piece.kind)
            .map(|(_, weight)| weight)
            .sum();
        found.push((number, if total > 0.0 { right / total } else { 0.0 }));
    }
    found.sort_by_key(|(number, _)| *number);
    found
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = arg(&args, 1, 10);
    let seed: u64 = arg(&args, 2, 1);
    let nodes: u64 = arg(&args, 3, 2000);
    let temperatures: Vec<f64> = args
        .get(4)
        .map(|text| text.split(',').filter_map(|t| t.parse().ok()).collect())
        .unwrap_or_else(|| vec![100.0]);
    let noise: f64 = arg(&args, 5, 0.05);
    let rules = CloakAndDagger;
    let stop = AtomicBool::new(false);
    let mut scorer = Searcher::new(16, 1);
    print!("seed,game,ply,observer,number,uniform");
    for temperature in &temperatures {
        print!(",t{temperature}");
    }
    println!();
    for game in 0..games {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(game));
        let Some(mut state) = rules.deal(&mut rng) else {
            return;
        };
        // The players: one sampled world each, no behaviour model (the opponents the belief
        // learns to read), a fixed node count so the games do not depend on the machine.
        let mut players = [Searcher::new(16, 1), Searcher::new(16, 1)];
        for (index, player) in players.iter_mut().enumerate() {
            player.set_hidden_information(HiddenInformation {
                samples: 1,
                seed: seed ^ game << 8 ^ index as u64,
                behaviour: None,
                ..HiddenInformation::default()
            });
        }
        let mut beliefs: Vec<[BehaviourBelief; 2]> = temperatures
            .iter()
            .map(|_| {
                let mut pair = [BehaviourBelief::new(), BehaviourBelief::new()];
                pair[0].follow(Color::White, 1);
                pair[1].follow(Color::Black, 1);
                pair
            })
            .collect();
        for ply in 0..MAX_PLIES {
            let mut moves = MoveList::new();
            if rules.terminal(&state).is_some() {
                break;
            }
            rules.generate(&state, &mut moves);
            let Some(&first) = moves.as_slice().first() else {
                break;
            };
            let mover = state.turn();
            let seat = usize::from(mover == Color::Black);
            let view = rules.view(&state, mover);
            if !state.state.in_turn {
                let uniform = truth_probabilities(&state, &view, mover, None);
                let weighted: Vec<Vec<(u8, f64)>> = beliefs
                    .iter()
                    .map(|pair| truth_probabilities(&state, &view, mover, Some(&pair[seat])))
                    .collect();
                for (at, (number, p)) in uniform.iter().enumerate() {
                    print!("{seed},{game},{ply},{},{number},{p:.6}", seat);
                    for column in &weighted {
                        print!(",{:.6}", column[at].1);
                    }
                    println!();
                }
            }
            let result = players[seat].search(
                &rules,
                &view,
                &[view.hash()],
                &Limits {
                    nodes: Some(nodes),
                    ..Limits::default()
                },
                &stop,
                &mut |_| {},
            );
            let decision: Move = if moves.contains(result.best) {
                result.best
            } else {
                first
            };
            // The other seat weighs the decision on its own view (the mover to move there).
            let before = rules.view(&state, !mover);
            let mut memo: HashMap<u64, Vec<i32>> = HashMap::new();
            for (pair, temperature) in beliefs.iter_mut().zip(&temperatures) {
                let model = BehaviourModel {
                    temperature: *temperature,
                    noise,
                };
                pair[1 - seat].observe(&rules, &before, decision, model, &mut |world, options| {
                    memo.entry(world.hash())
                        .or_insert_with(|| {
                            let scores = scorer.option_scores(&rules, world, options, &stop).0;
                            if std::env::args().any(|a| a == "--debug") {
                                eprintln!("{} {:?}", world.to_fen(&rules), scores);
                            }
                            scores
                        })
                        .clone()
                });
            }
            rules.play(&mut state, decision);
        }
        eprintln!("game {game} done");
    }
}
