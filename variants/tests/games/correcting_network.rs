//! What every game whose network corrects its classical evaluation shares: `amity train
//! --on-linear` learns on that evaluation (the game's `Learning::correction_base`), and the
//! game adds the network's value to it, on the inputs its layout numbers.

use std::sync::Arc;

use amity_engine::network::{TrainingSample, TrainingSettings, train};
use amity_engine::{Learning, Position, Rules, Scratch};
use amity_variants::board_network::{self, BoardNetwork, ChosenNetwork, EvalChoice};

/// Trains a small network for `G` on `fens` and checks that `playing` (the game built with a
/// network) evaluates each position as the network's correction plus `classical`, while
/// `classical_rules` (the game with none) plays `classical` alone, and that `classical` is the
/// base training corrects.
pub fn corrects_the_classical_evaluation<G: BoardNetwork, R: Rules + Learning>(
    classical_rules: &R,
    playing: impl Fn(ChosenNetwork<G>) -> R,
    fens: &[&str],
    classical: fn(&Position<R>) -> i32,
) {
    let position = |fen: &str| {
        Position::from_fen(classical_rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    };
    let inputs = G::LAYOUT.inputs();
    let mut samples = Vec::new();
    for fen in fens {
        let pos = position(fen);
        assert_eq!(
            classical_rules.correction_base(&pos),
            Some(classical(&pos)),
            "{fen}"
        );
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        assert_eq!(
            classical_rules.network_inputs(&pos, pos.turn(), &mut ours),
            inputs
        );
        classical_rules.network_inputs(&pos, !pos.turn(), &mut theirs);
        samples.push(TrainingSample {
            ours,
            theirs,
            target: 0.8,
            base: classical(&pos) as f32,
        });
    }
    let settings = TrainingSettings {
        epochs: 20,
        batch: 3,
        learning_rate: 0.01,
        decay: 1.0,
        centipawns: 174,
        adds_to_linear: true,
        penalty: 0.0,
        seed: 1,
    };
    let network = Arc::new(train(inputs, &mut samples, &settings, |_, _| {}).for_game(G::GAME));
    let rules = playing(ChosenNetwork::from_choice(&EvalChoice::File(Arc::clone(
        &network,
    ))));
    let mut differ = 0;
    for fen in fens {
        let pos = position(fen);
        let correction = board_network::evaluate(&G::LAYOUT, &network, &pos, || 0);
        let value = rules.evaluate_in(&pos, &mut Scratch::new());
        assert_eq!(value, correction + classical(&pos), "{fen}");
        differ += usize::from(correction != 0);
        assert_eq!(
            classical_rules.evaluate_in(&pos, &mut Scratch::new()),
            classical(&pos)
        );
    }
    assert!(differ > 0, "the trained correction is nothing");
}
