//! The chess network evaluation: what the network's inputs are (one per piece kind, side and
//! square, seen from each player's side of the board), the network chess plays with (the one
//! embedded in the build, or a file that `amity train` wrote when `AMITY_CHESS_NETWORK` names
//! one), and the hidden layers a search thread keeps for the last position it evaluated,
//! updated by the pieces that changed since rather than summed again. The embedded network is
//! a correction to the linear evaluation; `AMITY_CHESS_NETWORK=linear` plays with the linear
//! evaluation alone (see `docs/variants/chess.md`).

use std::sync::LazyLock;

use amity_engine::network::{Accumulator, Network};
use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::tuning;
use amity_engine::{Bitboard, Color, Kind, Position, Rules, Scratch, Square};

use super::evaluation::{features, scale_for_drawish_material};
use super::weights::WEIGHTS;

const KINDS: [Kind; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
/// Inputs: the viewer's own pieces (`kind * 64 + square`), then the opponent's.
pub const INPUTS: usize = 2 * 6 * 64;
/// More changed pieces than this since the kept position, and summing the layers afresh is
/// cheaper than updating them.
const MOST_CHANGES: u32 = 12;
/// The environment variable naming the network file to play with instead of the embedded one.
pub const NETWORK_VARIABLE: &str = "AMITY_CHESS_NETWORK";
/// The variable's value that turns the network off: the linear evaluation alone plays.
pub const LINEAR_ONLY: &str = "linear";
/// The network every build plays with: trained by `amity train --on-linear --mirror --penalty`
/// on Stockfish's evaluations of positions from Amity's self-play (how it was made and
/// measured is in `docs/variants/chess.md`).
const EMBEDDED: &[u8] = include_bytes!("chess.nnue");

/// A network file's contents as a chess network, or why they are not one.
fn chess_network(bytes: &[u8]) -> Result<Network, String> {
    let network = Network::from_bytes(bytes).map_err(|error| error.to_string())?;
    (network.inputs() == INPUTS)
        .then_some(network)
        .ok_or_else(|| format!("not a chess network (chess has {INPUTS} inputs)"))
}

fn embedded() -> Network {
    chess_network(EMBEDDED).expect("the embedded chess network is checked by a test")
}

/// The network chess plays with, read once: the one [`NETWORK_VARIABLE`] names, none for
/// [`LINEAR_ONLY`], else the embedded one. A file that cannot be read, or is not a chess
/// network, is reported on standard error (standard output is the protocol's) and chess
/// plays on with the embedded network.
static CHOSEN: LazyLock<Option<Network>> = LazyLock::new(|| {
    let Some(path) = std::env::var_os(NETWORK_VARIABLE) else {
        return Some(embedded());
    };
    if path == LINEAR_ONLY {
        return None;
    }
    let read = std::fs::read(&path)
        .map_err(|error| error.to_string())
        .and_then(|bytes| chess_network(&bytes));
    match read {
        Ok(network) => Some(network),
        Err(error) => {
            eprintln!(
                "{NETWORK_VARIABLE}={}: {error}; chess plays with its embedded network",
                path.to_string_lossy()
            );
            Some(embedded())
        }
    }
});

/// The network chess plays with, or none when the linear evaluation plays alone.
pub fn chosen() -> Option<&'static Network> {
    CHOSEN.as_ref()
}

/// The input of a `color` piece of kind index `kind` on `square`, seen from `viewer`'s side:
/// the board turned round for Black, so both players see their own pieces the same way.
fn input(viewer: Color, color: Color, kind: usize, square: Square) -> u16 {
    let side = usize::from(color != viewer);
    let square = match viewer {
        Color::White => square as usize,
        Color::Black => square as usize ^ 56,
    };
    (side * 384 + kind * 64 + square) as u16
}

/// The inputs active in `pos` seen from `viewer`'s side.
pub fn inputs<R: Rules>(pos: &Position<R>, viewer: Color, inputs: &mut Vec<u16>) {
    inputs.clear();
    for color in [Color::White, Color::Black] {
        for (index, &kind) in KINDS.iter().enumerate() {
            for square in pos.pieces(color, kind) {
                inputs.push(input(viewer, color, index, square));
            }
        }
    }
}

/// `network`'s evaluation from the side to move's point of view, summed afresh.
pub fn evaluate<R: Rules>(network: &Network, pos: &Position<R>) -> i32 {
    let mut layers = Layers::default();
    layers.refresh(network, pos);
    layers.value(network, pos)
}

/// `network`'s evaluation from the side to move's point of view, with the thread's kept
/// layers (one network a process: the layers do not say whose they are).
pub fn evaluate_in<R: Rules>(network: &Network, pos: &Position<R>, scratch: &mut Scratch) -> i32 {
    let layers = scratch.get::<Layers>();
    layers.update(network, pos);
    layers.value(network, pos)
}

/// The hidden layers of the last position evaluated, with its pieces.
struct Layers {
    /// Piece bitboards by colour (White first) and kind.
    boards: [[Bitboard; 6]; 2],
    /// White's view, then Black's.
    views: [Accumulator; 2],
    /// Whether the layers belong to `boards` (false before the first position).
    kept: bool,
}

impl Default for Layers {
    fn default() -> Layers {
        Layers {
            boards: [[Bitboard::EMPTY; 6]; 2],
            views: [[0; amity_engine::network::HIDDEN]; 2],
            kept: false,
        }
    }
}

const COLORS: [Color; 2] = [Color::White, Color::Black];

impl Layers {
    fn refresh<R: Rules>(&mut self, network: &Network, pos: &Position<R>) {
        let mut active = Vec::with_capacity(32);
        for (view, viewer) in COLORS.into_iter().enumerate() {
            inputs(pos, viewer, &mut active);
            self.views[view] = network.accumulate(&active);
        }
        for (side, color) in COLORS.into_iter().enumerate() {
            for (index, &kind) in KINDS.iter().enumerate() {
                self.boards[side][index] = pos.pieces(color, kind);
            }
        }
        self.kept = true;
    }

    /// Brings the layers to `pos` by the pieces that left or reached a square.
    fn update<R: Rules>(&mut self, network: &Network, pos: &Position<R>) {
        let mut changes = 0;
        if self.kept {
            for (side, color) in COLORS.into_iter().enumerate() {
                for (index, &kind) in KINDS.iter().enumerate() {
                    changes += (self.boards[side][index] ^ pos.pieces(color, kind)).count() as u32;
                }
            }
        }
        if !self.kept || changes > MOST_CHANGES {
            self.refresh(network, pos);
            return;
        }
        for (side, color) in COLORS.into_iter().enumerate() {
            for (index, &kind) in KINDS.iter().enumerate() {
                let (before, now) = (self.boards[side][index], pos.pieces(color, kind));
                for square in before & !now {
                    for (view, viewer) in COLORS.into_iter().enumerate() {
                        network.remove(&mut self.views[view], input(viewer, color, index, square));
                    }
                }
                for square in now & !before {
                    for (view, viewer) in COLORS.into_iter().enumerate() {
                        network.add(&mut self.views[view], input(viewer, color, index, square));
                    }
                }
                self.boards[side][index] = now;
            }
        }
    }

    fn value<R: Rules>(&self, network: &Network, pos: &Position<R>) -> i32 {
        let [white, black] = &self.views;
        let mut value = match pos.turn() {
            Color::White => network.evaluate(white, black),
            Color::Black => network.evaluate(black, white),
        };
        if network.adds_to_linear() {
            value += tuning::side_to_move_value(pos, &WEIGHTS, features);
        }
        scale_for_drawish_material(pos, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;
    use amity_engine::network::{TrainingSample, TrainingSettings, train};
    use amity_engine::{Game, MoveList, RulesExt};

    const FENS: [&str; 3] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];

    /// Every position within `depth` plies of `pos`.
    fn positions(pos: &Position<Chess>, depth: u32, found: &mut Vec<Position<Chess>>) {
        found.push(pos.clone());
        if depth == 0 {
            return;
        }
        let mut moves = MoveList::new();
        Chess.generate(pos, &mut moves);
        for &mv in moves.as_slice() {
            let mut child = pos.clone();
            Chess.play(&mut child, mv);
            positions(&child, depth - 1, found);
        }
    }

    fn tree() -> Vec<Position<Chess>> {
        let mut found = Vec::new();
        for fen in FENS {
            let game = Game::from_fen(Chess, fen).expect("valid FEN");
            positions(game.position(), 2, &mut found);
        }
        found
    }

    /// A network trained for a few epochs to agree with the linear evaluation on the tree's
    /// positions: real weights of the real layout, to test the chess side with.
    fn network() -> Network {
        let mut samples: Vec<TrainingSample> = tree()
            .iter()
            .map(|pos| {
                let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                inputs(pos, pos.turn(), &mut ours);
                inputs(pos, !pos.turn(), &mut theirs);
                let value = super::super::evaluation::evaluate(pos) as f32;
                TrainingSample {
                    ours,
                    theirs,
                    target: 1.0 / (1.0 + (-value / 174.0).exp()),
                    base: 0.0,
                }
            })
            .collect();
        let settings = TrainingSettings {
            epochs: 4,
            batch: 256,
            learning_rate: 0.002,
            decay: 0.9,
            centipawns: 174,
            adds_to_linear: false,
            penalty: 0.0,
            seed: 3,
        };
        train(INPUTS, &mut samples, &settings, |_, _| {})
    }

    #[test]
    fn the_embedded_network_is_a_chess_correction_that_judges_material() {
        let network = embedded();
        assert!(network.adds_to_linear());
        // A queen up is a win whichever side has it, and the correction does not turn that.
        for (fen, sign) in [
            (
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                1,
            ),
            (
                "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
                -1,
            ),
        ] {
            let game = Game::from_fen(Chess, fen).expect("valid FEN");
            let value = evaluate(&network, game.position());
            assert!(value * sign > 500, "{fen}: {value}");
        }
    }

    #[test]
    fn kept_layers_give_the_fresh_value() {
        // One kept set of layers walks the tree in search order: every value equals the
        // one summed afresh, whatever position came before.
        let network = network();
        let mut scratch = Scratch::new();
        let positions = tree();
        let mut differ = 0;
        for pos in &positions {
            let fresh = evaluate(&network, pos);
            assert_eq!(
                evaluate_in(&network, pos, &mut scratch),
                fresh,
                "{}",
                pos.to_fen(&Chess)
            );
            differ += usize::from(fresh != evaluate(&network, &positions[0]));
        }
        assert!(positions.len() > 2000, "only {} positions", positions.len());
        assert!(
            differ > positions.len() / 2,
            "the network hardly tells positions apart"
        );
    }

    #[test]
    fn both_sides_see_the_board_alike() {
        // The start position seen by either side is the same inputs, so the side to move's
        // value does not depend on its colour.
        let network = network();
        let white = Game::from_fen(Chess, Chess.start_fen()).expect("valid FEN");
        let black = Game::from_fen(
            Chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        )
        .expect("valid FEN");
        assert_eq!(
            evaluate(&network, white.position()),
            evaluate(&network, black.position())
        );
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        inputs(white.position(), Color::White, &mut ours);
        inputs(white.position(), Color::Black, &mut theirs);
        ours.sort_unstable();
        theirs.sort_unstable();
        assert_eq!(ours, theirs);
        assert!(ours.iter().all(|&i| usize::from(i) < INPUTS));
    }

    #[test]
    fn a_trained_network_agrees_with_what_it_was_taught() {
        // Where the linear evaluation it learnt from is clear about who stands better, the
        // network says the same: inputs, training and inference read the board alike.
        let network = network();
        let (mut clear, mut agree) = (0, 0);
        for pos in tree() {
            let taught = super::super::evaluation::evaluate(&pos);
            if taught.abs() > 150 {
                clear += 1;
                agree += usize::from(evaluate(&network, &pos).signum() == taught.signum());
            }
        }
        assert!(clear > 200, "only {clear} clear positions");
        assert!(agree * 10 > clear * 9, "{agree} of {clear} agree");
    }
}
