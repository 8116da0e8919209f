//! A small neural network evaluation and its training: sparse inputs (a variant numbers them,
//! typically one per piece on a square, seen from each side) feed one hidden layer per side
//! that is cheap to update when a few inputs change, and a squared clipped ReLU joins both
//! sides' layers into one value in centipawns. The engine does not know what the inputs mean;
//! a variant supplies them through
//! [`Learning::network_inputs`](crate::tuning::Learning::network_inputs) and embeds the trained
//! file.
//!
//! Inference is integer: the hidden layer in units of [`HIDDEN_SCALE`], the output weights in
//! units of [`OUTPUT_SCALE`], as the trainer rounds them. Training is in `f32` with Adam, on
//! positions labelled with an expected score.

use std::fmt;

use rayon::prelude::*;

/// Neurons of each side's hidden layer.
pub const HIDDEN: usize = 128;
/// Hidden weights and biases are stored times this (the clipped activation's top is this).
pub const HIDDEN_SCALE: i32 = 255;
/// Output weights are stored times this.
pub const OUTPUT_SCALE: i32 = 64;
/// The file's first bytes: a network that names no game.
const MAGIC: &[u8; 4] = b"AMN2";
/// The first bytes of a network that names its game: the same layout, followed by the name's
/// length (a word) and the name.
const MAGIC_NAMED: &[u8; 4] = b"AMN3";
/// The header's length: the mark and four words.
const HEADER: usize = 20;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with the network format's mark.
    NotANetwork,
    /// The hidden layer's size is not the one this build evaluates with.
    HiddenSize { found: usize, expected: usize },
    /// Fewer or more bytes than the header promises.
    Length { found: usize, expected: usize },
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not an Amity network file"),
            NetworkError::HiddenSize { found, expected } => write!(
                f,
                "the network has {found} hidden neurons a side, this build evaluates {expected}"
            ),
            NetworkError::Length { found, expected } => {
                write!(
                    f,
                    "the network file has {found} bytes, its header says {expected}"
                )
            }
        }
    }
}

impl std::error::Error for NetworkError {}

/// One side's hidden layer before activation, in units of [`HIDDEN_SCALE`].
pub type Accumulator = [i16; HIDDEN];

/// A trained network in the integers inference uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    inputs: usize,
    /// Input-major: the hidden column of input `i` is `hidden_weights[i * HIDDEN..][..HIDDEN]`.
    hidden_weights: Vec<i16>,
    hidden_bias: Accumulator,
    /// The side to move's neurons first, then the other side's.
    output_weights: [i16; 2 * HIDDEN],
    /// In units of `HIDDEN_SCALE * OUTPUT_SCALE`.
    output_bias: i32,
    /// Centipawns per unit of the output.
    centipawns: i32,
    /// Whether the network was trained as a correction to the variant's linear evaluation,
    /// so that its value is added to it, rather than as the whole evaluation.
    adds_to_linear: bool,
    /// The name of the game it was trained for, as the game gives it (empty in files written
    /// before networks named it). Games with the same inputs tell their networks apart by it.
    game: String,
}

impl Network {
    /// Reads the format [`Network::to_bytes`] writes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER || (&bytes[..4] != MAGIC && &bytes[..4] != MAGIC_NAMED) {
            return Err(NetworkError::NotANetwork);
        }
        let named = &bytes[..4] == MAGIC_NAMED;
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let (inputs, hidden, centipawns, adds_to_linear) =
            (word(4), word(8), word(12), word(16) != 0);
        if hidden != HIDDEN {
            return Err(NetworkError::HiddenSize {
                found: hidden,
                expected: HIDDEN,
            });
        }
        let weights_end = HEADER + 2 * (inputs * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        let (file_end, game) = if named {
            let name_length = bytes
                .get(weights_end..weights_end + 4)
                .map_or(0, |_| word(weights_end));
            let start = weights_end + 4;
            let name = bytes.get(start..start + name_length).unwrap_or_default();
            (
                start + name_length,
                String::from_utf8_lossy(name).into_owned(),
            )
        } else {
            (weights_end, String::new())
        };
        if bytes.len() != file_end {
            return Err(NetworkError::Length {
                found: bytes.len(),
                expected: file_end,
            });
        }
        let mut numbers = bytes[HEADER..weights_end - 4]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let hidden_weights: Vec<i16> = numbers.by_ref().take(inputs * HIDDEN).collect();
        let mut hidden_bias = [0; HIDDEN];
        hidden_bias
            .iter_mut()
            .for_each(|b| *b = numbers.next().unwrap_or(0));
        let mut output_weights = [0; 2 * HIDDEN];
        output_weights
            .iter_mut()
            .for_each(|w| *w = numbers.next().unwrap_or(0));
        let output_bias =
            i32::from_le_bytes(bytes[weights_end - 4..weights_end].try_into().unwrap());
        Ok(Network {
            inputs,
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias,
            centipawns: centipawns as i32,
            adds_to_linear,
            game,
        })
    }

    /// The file: a header (mark, inputs, hidden size, centipawns per output unit, whether it
    /// adds to the linear evaluation) and the integers in little-endian order.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = if self.game.is_empty() {
            MAGIC.to_vec()
        } else {
            MAGIC_NAMED.to_vec()
        };
        let words = [
            self.inputs,
            HIDDEN,
            self.centipawns as usize,
            usize::from(self.adds_to_linear),
        ];
        for word in words {
            bytes.extend_from_slice(&(word as u32).to_le_bytes());
        }
        let numbers = self
            .hidden_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights);
        for number in numbers {
            bytes.extend_from_slice(&number.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        if !self.game.is_empty() {
            bytes.extend_from_slice(&(self.game.len() as u32).to_le_bytes());
            bytes.extend_from_slice(self.game.as_bytes());
        }
        bytes
    }

    /// The network, named as trained for `game`.
    pub fn for_game(mut self, game: &str) -> Network {
        self.game = game.to_string();
        self
    }

    /// The game the network was trained for, or `None` for a file that names none.
    pub fn game(&self) -> Option<&str> {
        (!self.game.is_empty()).then_some(self.game.as_str())
    }

    /// How many inputs the network reads.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Whether the network's value is a correction to add to the variant's linear
    /// evaluation (it was trained that way) rather than the whole evaluation.
    pub fn adds_to_linear(&self) -> bool {
        self.adds_to_linear
    }

    /// The hidden layer with no input active.
    pub fn empty_accumulator(&self) -> Accumulator {
        self.hidden_bias
    }

    /// The hidden layer of exactly these inputs.
    pub fn accumulate(&self, inputs: &[u16]) -> Accumulator {
        let mut accumulator = self.hidden_bias;
        for &input in inputs {
            self.add(&mut accumulator, input);
        }
        accumulator
    }

    fn column(&self, input: u16) -> &[i16; HIDDEN] {
        let start = usize::from(input) * HIDDEN;
        self.hidden_weights[start..start + HIDDEN]
            .try_into()
            .expect("a column is HIDDEN long")
    }

    /// Turns an input on.
    #[inline]
    pub fn add(&self, accumulator: &mut Accumulator, input: u16) {
        for (sum, weight) in accumulator.iter_mut().zip(self.column(input)) {
            *sum = sum.wrapping_add(*weight);
        }
    }

    /// Turns an input off.
    #[inline]
    pub fn remove(&self, accumulator: &mut Accumulator, input: u16) {
        for (sum, weight) in accumulator.iter_mut().zip(self.column(input)) {
            *sum = sum.wrapping_sub(*weight);
        }
    }

    /// The value in centipawns for the side whose layer is `ours`.
    #[inline]
    pub fn evaluate(&self, ours: &Accumulator, theirs: &Accumulator) -> i32 {
        let (our_weights, their_weights) = self.output_weights.split_at(HIDDEN);
        // The training clips output weights to 127 / OUTPUT_SCALE, so `active * weight`
        // fits an i16 and a side's sum an i32: the loop stays in the narrow lanes the
        // processor multiplies many of at once.
        let side = |layer: &Accumulator, weights: &[i16]| -> i32 {
            layer
                .iter()
                .zip(weights)
                .map(|(&sum, &weight)| {
                    let active = sum.clamp(0, HIDDEN_SCALE as i16);
                    i32::from(active.wrapping_mul(weight)) * i32::from(active)
                })
                .sum()
        };
        let total = (i64::from(side(ours, our_weights)) + i64::from(side(theirs, their_weights)))
            / i64::from(HIDDEN_SCALE)
            + i64::from(self.output_bias);
        (total * i64::from(self.centipawns) / i64::from(HIDDEN_SCALE * OUTPUT_SCALE)) as i32
    }
}

/// One training position: the inputs active from the side to move's view and from the other
/// side's, the expected score of the side to move (0 to 1), and the value in centipawns the
/// network's is added to (the linear evaluation's, or 0 when the network is the whole).
#[derive(Clone, Debug)]
pub struct TrainingSample {
    pub ours: Vec<u16>,
    pub theirs: Vec<u16>,
    pub target: f32,
    pub base: f32,
}

/// How a training run goes.
#[derive(Clone, Copy, Debug)]
pub struct TrainingSettings {
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// The learning rate is multiplied by this after each epoch.
    pub decay: f32,
    /// Centipawns per unit of the output: the expected score is `1 / (1 + e^(-cp/this))`.
    pub centipawns: i32,
    /// The samples' `base` is the linear evaluation, which the network learns to correct.
    pub adds_to_linear: bool,
    /// Weight of the network's own output squared (in logistic units) added to the error,
    /// which keeps a correction small unless the positions ask for it.
    pub penalty: f32,
    pub seed: u64,
}

/// The network in real numbers while it learns.
struct RealNetwork {
    inputs: usize,
    /// Input-major, like [`Network::hidden_weights`].
    hidden_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    output_weights: Vec<f32>,
    output_bias: f32,
}

impl RealNetwork {
    fn new(inputs: usize, seed: u64) -> RealNetwork {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut uniform = |scale: f32| (rng.random::<f32>() * 2.0 - 1.0) * scale;
        // Small random weights: about thirty inputs are active, so each hidden neuron starts
        // near a tenth of its clipping range.
        RealNetwork {
            inputs,
            hidden_weights: (0..inputs * HIDDEN).map(|_| uniform(0.05)).collect(),
            hidden_bias: (0..HIDDEN).map(|_| 0.1 + uniform(0.05)).collect(),
            output_weights: (0..2 * HIDDEN).map(|_| uniform(0.1)).collect(),
            output_bias: 0.0,
        }
    }

    fn parameters(&self) -> usize {
        self.hidden_weights.len() + HIDDEN + 2 * HIDDEN + 1
    }

    /// Every weight, in one order, for the optimiser.
    fn flat_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.hidden_weights
            .iter_mut()
            .chain(self.hidden_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }

    fn layer(&self, inputs: &[u16], layer: &mut [f32]) {
        layer.copy_from_slice(&self.hidden_bias);
        for &input in inputs {
            let start = usize::from(input) * HIDDEN;
            for (sum, weight) in layer
                .iter_mut()
                .zip(&self.hidden_weights[start..start + HIDDEN])
            {
                *sum += weight;
            }
        }
    }

    /// The output (before the logistic curve) of one sample, and its layers.
    fn forward(&self, sample: &TrainingSample, ours: &mut [f32], theirs: &mut [f32]) -> f32 {
        self.layer(&sample.ours, ours);
        self.layer(&sample.theirs, theirs);
        let (our_weights, their_weights) = self.output_weights.split_at(HIDDEN);
        let side = |layer: &[f32], weights: &[f32]| -> f32 {
            layer
                .iter()
                .zip(weights)
                .map(|(&sum, &weight)| {
                    let active = sum.clamp(0.0, 1.0);
                    active * active * weight
                })
                .sum()
        };
        side(ours, our_weights) + side(theirs, their_weights) + self.output_bias
    }

    /// Adds the gradient of the squared error (and of the penalty on the network's own
    /// output) for one sample to `gradient` (laid out as
    /// [`RealNetwork::flat_mut`]) and returns the error. `per_centipawn` turns the sample's
    /// base into output units.
    fn backward(
        &self,
        sample: &TrainingSample,
        per_centipawn: f32,
        penalty: f32,
        gradient: &mut [f32],
    ) -> f32 {
        let mut ours = [0f32; HIDDEN];
        let mut theirs = [0f32; HIDDEN];
        let own = self.forward(sample, &mut ours, &mut theirs);
        let output = own + sample.base * per_centipawn;
        let expected = 1.0 / (1.0 + (-output).exp());
        let miss = expected - sample.target;
        let slope = 2.0 * miss * expected * (1.0 - expected) + 2.0 * penalty * own;
        let hidden_weights = self.hidden_weights.len();
        let (hidden, rest) = gradient.split_at_mut(hidden_weights);
        let (bias, rest) = rest.split_at_mut(HIDDEN);
        let (output_weights, output_bias) = rest.split_at_mut(2 * HIDDEN);
        output_bias[0] += slope;
        for (side, (layer, inputs)) in [(&ours, &sample.ours), (&theirs, &sample.theirs)]
            .into_iter()
            .enumerate()
        {
            let weights = &self.output_weights[side * HIDDEN..][..HIDDEN];
            let mut layer_slope = [0f32; HIDDEN];
            for neuron in 0..HIDDEN {
                let sum = layer[neuron];
                let active = sum.clamp(0.0, 1.0);
                output_weights[side * HIDDEN + neuron] += slope * active * active;
                if sum > 0.0 && sum < 1.0 {
                    layer_slope[neuron] = slope * weights[neuron] * 2.0 * sum;
                }
            }
            for (b, s) in bias.iter_mut().zip(&layer_slope) {
                *b += s;
            }
            for &input in inputs.iter() {
                let column = &mut hidden[usize::from(input) * HIDDEN..][..HIDDEN];
                for (g, s) in column.iter_mut().zip(&layer_slope) {
                    *g += s;
                }
            }
        }
        miss * miss
    }

    /// Rounds the weights to the integers inference uses (clipping what does not fit).
    fn quantise(&self, centipawns: i32, adds_to_linear: bool) -> Network {
        let round = |value: f32, scale: i32| {
            (value * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let mut hidden_bias = [0; HIDDEN];
        for (q, r) in hidden_bias.iter_mut().zip(&self.hidden_bias) {
            *q = round(*r, HIDDEN_SCALE);
        }
        let mut output_weights = [0; 2 * HIDDEN];
        for (q, r) in output_weights.iter_mut().zip(&self.output_weights) {
            *q = round(*r, OUTPUT_SCALE);
        }
        Network {
            inputs: self.inputs,
            hidden_weights: self
                .hidden_weights
                .iter()
                .map(|w| round(*w, HIDDEN_SCALE))
                .collect(),
            hidden_bias,
            output_weights,
            output_bias: (self.output_bias * (HIDDEN_SCALE * OUTPUT_SCALE) as f32).round() as i32,
            centipawns,
            adds_to_linear,
            game: String::new(),
        }
    }

    /// Keeps the weights where their integers cannot overflow. An output weight of at most
    /// 127 / [`OUTPUT_SCALE`] keeps `active * weight` inside an `i16` and a side's sum inside
    /// an `i32` ([`Network::evaluate`]); a hidden weight of at most a 32nd of the `i16` range
    /// keeps the sum of some thirty active inputs inside the accumulator's `i16`.
    fn clip(&mut self) {
        let output_limit = 127.0 / OUTPUT_SCALE as f32;
        for weight in &mut self.output_weights {
            *weight = weight.clamp(-output_limit, output_limit);
        }
        let hidden_limit = f32::from(i16::MAX) / HIDDEN_SCALE as f32 / 32.0;
        for weight in self.hidden_weights.iter_mut().chain(&mut self.hidden_bias) {
            *weight = weight.clamp(-hidden_limit, hidden_limit);
        }
    }
}

/// The mean squared error of `network`'s expected scores over `samples`.
pub fn mean_error(network: &Network, samples: &[TrainingSample]) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .par_iter()
        .map(|sample| {
            let value = network.evaluate(
                &network.accumulate(&sample.ours),
                &network.accumulate(&sample.theirs),
            ) + sample.base as i32;
            let expected = 1.0 / (1.0 + (-f64::from(value) / f64::from(network.centipawns)).exp());
            let miss = expected - f64::from(sample.target);
            miss * miss
        })
        .sum();
    total / samples.len() as f64
}

/// Trains a network of `inputs` inputs on `samples` from random weights (Adam on the squared
/// error of the expected score), reporting each epoch's training error to `progress`, and
/// returns it rounded for inference. The samples are all in memory; [`Trainer`] takes them
/// in parts instead.
pub fn train(
    inputs: usize,
    samples: &mut [TrainingSample],
    settings: &TrainingSettings,
    mut progress: impl FnMut(usize, f64),
) -> Network {
    let mut trainer = Trainer::new(inputs, *settings);
    for epoch in 0..settings.epochs {
        trainer.learn(samples);
        progress(epoch + 1, trainer.end_epoch());
    }
    trainer.network()
}

/// A network as it learns, fed one part of the samples at a time, so that a data set larger
/// than memory can be read in parts each epoch: each part is shuffled and cut into batches
/// (Adam on the squared error of the expected score).
pub struct Trainer {
    settings: TrainingSettings,
    network: RealNetwork,
    rng: rand::rngs::StdRng,
    first_moment: Vec<f32>,
    second_moment: Vec<f32>,
    rate: f32,
    step: i32,
    /// This epoch's summed error and samples so far.
    error: f64,
    seen: usize,
}

impl Trainer {
    /// A network of `inputs` inputs with random weights drawn from `settings.seed`.
    pub fn new(inputs: usize, settings: TrainingSettings) -> Trainer {
        use rand::SeedableRng;
        let network = RealNetwork::new(inputs, settings.seed);
        let parameters = network.parameters();
        Trainer {
            settings,
            network,
            rng: rand::rngs::StdRng::seed_from_u64(settings.seed),
            first_moment: vec![0f32; parameters],
            second_moment: vec![0f32; parameters],
            rate: settings.learning_rate,
            step: 0,
            error: 0.0,
            seen: 0,
        }
    }

    /// Learns from one part of this epoch's samples, in an order shuffled within the part.
    pub fn learn(&mut self, samples: &mut [TrainingSample]) {
        use rand::seq::SliceRandom;
        samples.shuffle(&mut self.rng);
        let settings = self.settings;
        let parameters = self.network.parameters();
        let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
        // Output units per centipawn of a sample's base.
        let per_centipawn = 1.0 / settings.centipawns as f32;
        let threads = rayon::current_num_threads().max(1);
        for batch in samples.chunks(settings.batch.max(1)) {
            let part = batch.len().div_ceil(threads);
            let network = &self.network;
            let (gradient, batch_error) = batch
                .par_chunks(part)
                .map(|chunk| {
                    let mut gradient = vec![0f32; parameters];
                    let error: f64 = chunk
                        .iter()
                        .map(|sample| {
                            f64::from(network.backward(
                                sample,
                                per_centipawn,
                                settings.penalty,
                                &mut gradient,
                            ))
                        })
                        .sum();
                    (gradient, error)
                })
                .reduce(
                    || (vec![0f32; parameters], 0.0),
                    |(mut a, ea), (b, eb)| {
                        a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                        (a, ea + eb)
                    },
                );
            self.error += batch_error;
            self.step += 1;
            let correction1 = 1.0 - beta1.powi(self.step);
            let correction2 = 1.0 - beta2.powi(self.step);
            let size = batch.len() as f32;
            let rate = self.rate;
            for (((weight, g), m), v) in self
                .network
                .flat_mut()
                .zip(&gradient)
                .zip(&mut self.first_moment)
                .zip(&mut self.second_moment)
            {
                let g = g / size;
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                *weight -= rate * (*m / correction1) / ((*v / correction2).sqrt() + epsilon);
            }
            self.network.clip();
        }
        self.seen += samples.len();
    }

    /// Ends an epoch: the learning rate decays; returns the epoch's mean training error.
    pub fn end_epoch(&mut self) -> f64 {
        let error = self.error / self.seen.max(1) as f64;
        self.error = 0.0;
        self.seen = 0;
        self.rate *= self.settings.decay;
        error
    }

    /// The network as it is now, rounded for inference.
    pub fn network(&self) -> Network {
        self.network
            .quantise(self.settings.centipawns, self.settings.adds_to_linear)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(ours: &[u16], theirs: &[u16], target: f32) -> TrainingSample {
        TrainingSample {
            ours: ours.to_vec(),
            theirs: theirs.to_vec(),
            target,
            base: 0.0,
        }
    }

    /// Input 0 is good for whoever has it, input 1 bad: a network learns both and scores them
    /// in the right direction after rounding.
    fn learnt() -> Network {
        learnt_with_penalty(0.0)
    }

    fn learnt_with_penalty(penalty: f32) -> Network {
        let mut samples = Vec::new();
        for _ in 0..200 {
            samples.push(sample(&[0, 2], &[2], 0.9));
            samples.push(sample(&[2], &[0, 2], 0.1));
            samples.push(sample(&[1, 2], &[2], 0.2));
            samples.push(sample(&[2], &[1, 2], 0.8));
            samples.push(sample(&[2], &[2], 0.5));
        }
        let settings = TrainingSettings {
            epochs: 60,
            batch: 100,
            learning_rate: 0.01,
            decay: 0.97,
            centipawns: 200,
            adds_to_linear: false,
            penalty,
            seed: 7,
        };
        train(3, &mut samples, &settings, |_, _| {})
    }

    #[test]
    fn training_learns_which_inputs_win_and_rounding_keeps_it() {
        let network = learnt();
        let value = |ours: &[u16], theirs: &[u16]| {
            network.evaluate(&network.accumulate(ours), &network.accumulate(theirs))
        };
        let level = value(&[2], &[2]);
        assert!(level.abs() < 30, "even position valued {level}");
        // 0.9 expected is 200 ln 9 = 439 cp; 0.2 is -277 cp.
        let good = value(&[0, 2], &[2]);
        assert!((300..600).contains(&good), "good input valued {good}");
        let bad = value(&[1, 2], &[2]);
        assert!((-400..-150).contains(&bad), "bad input valued {bad}");
        assert!(value(&[2], &[0, 2]) < -300, "the opponent's good input");
    }

    #[test]
    fn a_penalty_shrinks_the_value_but_keeps_its_direction() {
        let free = learnt();
        let held = learnt_with_penalty(0.05);
        let value = |network: &Network, ours: &[u16]| {
            network.evaluate(&network.accumulate(ours), &network.accumulate(&[2]))
        };
        for ours in [&[0u16, 2][..], &[1, 2]] {
            let (free, held) = (value(&free, ours), value(&held, ours));
            assert!(
                held.signum() == free.signum() && held.abs() < free.abs() * 9 / 10,
                "penalised {held}, free {free}"
            );
        }
    }

    #[test]
    fn updates_match_a_fresh_accumulation_and_files_round_trip() {
        let network = learnt();
        let mut accumulator = network.accumulate(&[2, 1]);
        network.remove(&mut accumulator, 1);
        network.add(&mut accumulator, 0);
        assert_eq!(accumulator, network.accumulate(&[0, 2]));
        let bytes = network.to_bytes();
        assert_eq!(Network::from_bytes(&bytes), Ok(network));
        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length {
                found: bytes.len() - 1,
                expected: bytes.len()
            })
        );
        assert_eq!(
            Network::from_bytes(b"not a network at all"),
            Err(NetworkError::NotANetwork)
        );
        // A named network keeps its name, and a file cut short is still refused.
        let named = learnt().for_game("some game");
        let bytes = named.to_bytes();
        assert_eq!(&bytes[..4], b"AMN3");
        let read = Network::from_bytes(&bytes).unwrap();
        assert_eq!(read.game(), Some("some game"));
        assert_eq!(read, named);
        assert_eq!(learnt().game(), None);
        for cut in [1, 5, 13] {
            assert!(matches!(
                Network::from_bytes(&bytes[..bytes.len() - cut]),
                Err(NetworkError::Length { .. })
            ));
        }
    }
}
