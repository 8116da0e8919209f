//! `amity train`: trains a variant's evaluation network ([`amity_engine::network`]) on
//! labelled positions, the `fen;score` files `amity tune` makes and
//! `scripts/stockfish_labels.py` relabels, and writes the file the variant embeds.

use amity_engine::RulesExt;
use amity_engine::network::{self, Trainer, TrainingSample, TrainingSettings};
use amity_engine::{Color, Game, Learning};
use amity_variants::{VariantOptions, with_game};
use clap::Args;
use rayon::prelude::*;

use crate::tune::{Labelled, LabelledReader};
use crate::variant_args::{exit_code, unknown_variant};

/// Command-line arguments of `amity train`.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// The variant whose network is trained (one that declares the `EvalFile` option).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Labelled positions, one `fen;score` a line, the score White's expected result (0 to 1):
    /// a file, or a manifest of shard files (`amity-cluster selfplay` or `label`) or its
    /// directory.
    #[arg(long)]
    pub data: String,
    /// The share of positions, taken from the end of the file, kept out of training to
    /// measure the network on.
    #[arg(long, default_value_t = 0.05)]
    pub hold_out: f64,
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Positions read from the file at a time (and shuffled among themselves): memory holds
    /// one part, about 200 bytes a position, however large the file.
    #[arg(long, default_value_t = 1 << 20)]
    pub part: usize,
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    #[arg(long, default_value_t = 0.001)]
    pub rate: f32,
    /// The learning rate is multiplied by this after each epoch.
    #[arg(long, default_value_t = 0.8)]
    pub decay: f32,
    /// Centipawns per unit of the network's output: a score `s` stands for `cp` with
    /// `s = 1 / (1 + e^(-cp / this))`. 174 (400 / ln 10) reads the labels of
    /// `scripts/stockfish_labels.py` in Stockfish's centipawns.
    #[arg(long, default_value_t = 174)]
    pub centipawns: i32,
    /// Train the network as a correction added to the variant's linear evaluation (the one
    /// `amity tune` fits; a game without one: its classical evaluation) rather than as the
    /// whole evaluation.
    #[arg(long)]
    pub on_linear: bool,
    /// Also train on each position without castling rights or a game's own FEN fields
    /// mirrored left to right (files a and h swapped): the same value for a board the rules
    /// treat alike, twice the positions.
    #[arg(long)]
    pub mirror: bool,
    /// Pulls the network's value towards zero, by this weight on its square (in the units
    /// of the logistic curve), so that a correction to the linear evaluation stays small
    /// where the positions do not call for one.
    #[arg(long, default_value_t = 0.0)]
    pub penalty: f32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the trained network to this file (the variant's embedded network).
    #[arg(long)]
    pub write: Option<String>,
}

fn train<R: Learning>(rules: &R, args: &TrainArgs) -> Result<(), String> {
    let template = Game::new(rules.clone());
    let inputs = rules.network_inputs(template.position(), Color::White, &mut Vec::new());
    if inputs == 0 {
        return Err(format!("{} does not evaluate by network", rules.name()));
    }
    if args.on_linear && rules.correction_base(template.position()).is_none() {
        return Err(format!(
            "{} has no evaluation for a network to correct",
            rules.name()
        ));
    }
    let sample_of = |fen: &str, result: f32| {
        let game = Game::from_fen(rules.clone(), fen).ok()?;
        let pos = game.position();
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        rules.network_inputs(pos, pos.turn(), &mut ours);
        rules.network_inputs(pos, !pos.turn(), &mut theirs);
        let target = match pos.turn() {
            Color::White => result,
            Color::Black => 1.0 - result,
        };
        let base = if args.on_linear {
            rules.correction_base(pos).unwrap_or(0) as f32
        } else {
            0.0
        };
        Some(TrainingSample {
            ours,
            theirs,
            target,
            base,
        })
    };
    // Mirrored copies go next to their originals (rayon's collect keeps the order).
    let samples_of = |part: &[Labelled]| -> Vec<TrainingSample> {
        part.par_iter()
            .flat_map_iter(|labelled| {
                let mirrored = args
                    .mirror
                    .then(|| mirrored_fen(&labelled.fen))
                    .flatten()
                    .and_then(|fen| sample_of(&fen, labelled.result));
                sample_of(&labelled.fen, labelled.result)
                    .into_iter()
                    .chain(mirrored)
            })
            .collect()
    };
    let failed = |e: std::io::Error| format!("{}: {e}", args.data);
    // The data are read again each epoch, a part at a time, so memory holds one part however
    // large the file. The held-out tail (positions of the last games, never trained on) is
    // found by counting first.
    let total = LabelledReader::open(&args.data, args.part.max(1))
        .map_err(failed)?
        .try_fold(0, |count, part| part.map(|part| count + part.len()))
        .map_err(failed)?;
    let held = (total as f64 * args.hold_out.clamp(0.0, 0.5)) as usize;
    let trained_on = total - held;
    if trained_on == 0 {
        return Err(format!("{} has no labelled positions", args.data));
    }
    println!(
        "{trained_on} positions to train on, {held} held out; {inputs} inputs; \
         read {} positions at a time",
        args.part
    );
    let settings = TrainingSettings {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.rate,
        decay: args.decay,
        centipawns: args.centipawns,
        adds_to_linear: args.on_linear,
        penalty: args.penalty,
        seed: args.seed,
    };
    // Each part of the file, split at the held-out tail, as samples: (training, held out).
    let for_each_part = |visit: &mut dyn FnMut(Vec<TrainingSample>, bool)| {
        let mut read = 0;
        for part in LabelledReader::open(&args.data, args.part.max(1)).map_err(failed)? {
            let part = part.map_err(failed)?;
            let split = trained_on.saturating_sub(read).min(part.len());
            read += part.len();
            let (training, held_out) = part.split_at(split);
            for (labelled, is_held) in [(training, false), (held_out, true)] {
                if !labelled.is_empty() {
                    visit(samples_of(labelled), is_held);
                }
            }
        }
        Ok::<(), String>(())
    };
    let mut trainer = Trainer::new(inputs, settings);
    for epoch in 1..=settings.epochs {
        for_each_part(&mut |mut samples, is_held| {
            if !is_held {
                trainer.learn(&mut samples);
            }
        })?;
        println!("epoch {epoch}: training error {:.6}", trainer.end_epoch());
    }
    let trained = trainer.network().for_game(rules.name());
    // Mean errors over every part, weighted by its size: [training, held out].
    let mut errors = [(0.0, 0usize); 2];
    for_each_part(&mut |samples, is_held| {
        let (sum, count) = &mut errors[usize::from(is_held)];
        *sum += network::mean_error(&trained, &samples) * samples.len() as f64;
        *count += samples.len();
    })?;
    let mean = |(sum, count): (f64, usize)| sum / count.max(1) as f64;
    println!(
        "rounded network: training error {:.6}, held-out error {:.6}",
        mean(errors[0]),
        mean(errors[1])
    );
    if let Some(path) = &args.write {
        std::fs::write(path, trained.to_bytes()).map_err(|e| format!("{path}: {e}"))?;
        println!("network written to {path}");
    }
    Ok(())
}

/// The position with its board mirrored left to right, or `None` when it has castling
/// rights (castling is not symmetric), fields after the sixth (a game's own state, such as
/// Love's couple, which may name squares this cannot know to mirror) or is not a FEN this can
/// read. Digits are runs of empty squares, any other character a piece, so the board may be
/// of any width.
fn mirrored_fen(fen: &str) -> Option<String> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if !(4..=6).contains(&fields.len()) || fields[2] != "-" {
        return None;
    }
    let mut width = 0;
    let mut ranks = Vec::new();
    for rank in fields[0].split('/') {
        let mut tokens: Vec<String> = Vec::new();
        for c in rank.chars() {
            match tokens.last_mut() {
                Some(last)
                    if c.is_ascii_digit() && last.starts_with(|l: char| l.is_ascii_digit()) =>
                {
                    last.push(c)
                }
                _ => tokens.push(c.to_string()),
            }
        }
        let squares: usize = tokens.iter().map(|token| token.parse().unwrap_or(1)).sum();
        width = width.max(squares);
        tokens.reverse();
        ranks.push(tokens.concat());
    }
    fields[0] = ranks.join("/");
    if fields[3] != "-" {
        let mut square = fields[3].chars();
        let file = square.next()?;
        let index = (file as u8).checked_sub(b'a')? as usize;
        let mirrored = (b'a' + u8::try_from(width.checked_sub(1 + index)?).ok()?) as char;
        fields[3] = std::iter::once(mirrored).chain(square).collect();
    }
    Some(fields.join(" "))
}

/// Runs `amity train`. Returns the process exit code.
pub fn run(args: &TrainArgs, options: &VariantOptions) -> i32 {
    let Some(any) = amity_variants::new_game_with(&args.variant, options) else {
        return unknown_variant(&args.variant);
    };
    exit_code(with_game!(any, game => train(game.rules(), args)))
}

#[cfg(test)]
mod tests {
    use super::mirrored_fen;

    #[test]
    fn mirroring_swaps_files_and_refuses_castling_rights_and_game_fields() {
        assert_eq!(
            mirrored_fen("4k3/1p6/8/2Pp4/8/8/8/R3K2q w - d6 0 40").as_deref(),
            Some("3k4/6p1/8/4pP2/8/8/8/q2K3R w - e6 0 40")
        );
        assert_eq!(
            mirrored_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            None
        );
        // A run of ten empty squares is one token, not two.
        assert_eq!(
            mirrored_fen("k10/11/K9r w - - 0 1").as_deref(),
            Some("10k/11/r9K w - - 0 1")
        );
        // A game's own field may name squares: the position is not mirrored.
        assert_eq!(
            mirrored_fen("4k3/pp3p2/8/8/8/8/PP3P2/4K3 w - - 0 1 love:1:a2f7"),
            None
        );
    }
}
