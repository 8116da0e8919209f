//! The chess network evaluation: the inputs chess numbers (one per piece kind, side and
//! square, seen from each player's side of the board) and the network every build plays with
//! ([`ChessNetwork`]: the embedded one unless the `EvalFile` option chose a file or none). The
//! machinery is the board games' shared one ([`crate::board_network`]). The embedded network
//! is a correction to the linear evaluation; `EvalFile` set to `linear` plays with the linear
//! evaluation alone (see `docs/variants/chess.md`).

use std::sync::{Arc, LazyLock};

use amity_engine::network::Network;
use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Kind, Position, Rules, Scratch, tuning};

use super::evaluation::{features, scale_for_drawish_material};
use super::weights::WEIGHTS;
use crate::board_network::{self, BoardNetwork, ChosenNetwork, PieceSquares};

pub use crate::board_network::{EMBEDDED_NAME, EVAL_FILE, LINEAR_ONLY};

const KINDS: [Kind; 6] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
/// Chess's inputs: the viewer's own pieces (`kind * 64 + square`), then the opponent's.
pub const LAYOUT: PieceSquares = PieceSquares {
    kinds: &KINDS,
    ranks: 8,
};
/// How many inputs a chess network has.
pub const INPUTS: usize = LAYOUT.inputs();
/// The network every build plays with: trained by `amity train --on-linear --mirror --penalty`
/// on Stockfish's evaluations of positions from Amity's self-play (how it was made and
/// measured is in `docs/variants/chess.md`).
const EMBEDDED: &[u8] = include_bytes!("chess.nnue");

fn embedded() -> Network {
    board_network::embedded_network(EMBEDDED, &LAYOUT)
}

/// The embedded network, read from the build's bytes once: a constant, like a table worked
/// out before play, which every game that plays with it shares.
static EMBEDDED_NETWORK: LazyLock<Arc<Network>> = LazyLock::new(|| Arc::new(embedded()));

/// Chess as a game evaluated by a piece-square network.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessLayout;

impl BoardNetwork for ChessLayout {
    const LAYOUT: PieceSquares = LAYOUT;
    const GAME: &'static str = "chess";
    const READS_UNNAMED: bool = true;

    fn embedded() -> Option<Arc<Network>> {
        Some(Arc::clone(&EMBEDDED_NETWORK))
    }
}

/// The network chess plays with, or none (the linear evaluation alone).
pub type ChessNetwork = ChosenNetwork<ChessLayout>;

/// The linear evaluation a correcting network adds to, side to move.
fn linear<R: Rules>(pos: &Position<R>) -> i32 {
    tuning::side_to_move_value(pos, &WEIGHTS, features)
}

/// `network`'s evaluation from the side to move's point of view, summed afresh.
pub fn evaluate<R: Rules>(network: &Network, pos: &Position<R>) -> i32 {
    let value = board_network::evaluate(&LAYOUT, network, pos, || linear(pos));
    scale_for_drawish_material(pos, value)
}

/// `network`'s evaluation from the side to move's point of view, with the thread's kept
/// layers.
pub fn evaluate_in<R: Rules>(
    network: &Arc<Network>,
    pos: &Position<R>,
    scratch: &mut Scratch,
) -> i32 {
    let value = board_network::evaluate_in(&LAYOUT, network, pos, scratch, || linear(pos));
    scale_for_drawish_material(pos, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Chess;
    use amity_engine::{Color, Game, RulesExt};

    const FENS: [&str; 3] = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];

    fn tree() -> Vec<Position<Chess>> {
        board_network::testing::tree(&Chess::default(), &FENS, 2)
    }

    /// A network taught the linear evaluation on the tree.
    fn network() -> Network {
        let positions = tree();
        board_network::testing::taught(&LAYOUT, &positions, super::super::evaluation::evaluate, 3)
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
            let game = Game::from_fen(Chess::default(), fen).expect("valid FEN");
            let value = evaluate(&network, game.position());
            assert!(value * sign > 500, "{fen}: {value}");
        }
    }

    #[test]
    fn kept_layers_give_the_fresh_value() {
        // One kept set of layers walks the tree in search order: every value equals the
        // one summed afresh, whatever position came before.
        let network = Arc::new(network());
        let mut scratch = Scratch::new();
        let positions = tree();
        let mut differ = 0;
        for pos in &positions {
            let fresh = evaluate(&network, pos);
            assert_eq!(
                evaluate_in(&network, pos, &mut scratch),
                fresh,
                "{}",
                pos.to_fen(&Chess::default())
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
    fn layers_kept_for_one_network_start_afresh_for_another() {
        // A search thread's scratch outlives a change of `EvalFile`: the layers the last
        // network summed are not the next one's.
        let (trained, embedded) = (Arc::new(network()), ChessNetwork::default());
        let embedded = Arc::clone(
            embedded
                .shared()
                .expect("the default is the embedded network"),
        );
        let mut scratch = Scratch::new();
        let positions = tree();
        let (first, next) = (&positions[0], &positions[1]);
        evaluate_in(&trained, first, &mut scratch);
        assert_eq!(
            evaluate_in(&embedded, next, &mut scratch),
            evaluate(&embedded, next)
        );
        assert_ne!(evaluate(&embedded, next), evaluate(&trained, next));
    }

    #[test]
    fn the_option_chooses_the_network_and_refuses_what_is_none() {
        assert_eq!(
            ChessNetwork::chosen_by("embedded"),
            Ok(ChessNetwork::default())
        );
        assert_eq!(ChessNetwork::chosen_by(""), Ok(ChessNetwork::default()));
        assert_eq!(ChessNetwork::chosen_by("linear").unwrap().network(), None);
        let dir = std::env::temp_dir().join(format!("amity-network-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("trained.nnue");
        let trained = network();
        std::fs::write(&good, trained.to_bytes()).unwrap();
        let chosen = ChessNetwork::chosen_by(good.to_str().unwrap()).unwrap();
        assert_eq!(chosen.network(), Some(&trained));
        let missing = ChessNetwork::chosen_by(dir.join("none.nnue").to_str().unwrap());
        assert!(missing.unwrap_err().contains("cannot read the file"));
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a network").unwrap();
        let refused = ChessNetwork::chosen_by(garbage.to_str().unwrap()).unwrap_err();
        assert!(refused.contains("not an Amity network file"), "{refused}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn both_sides_see_the_board_alike() {
        // The start position seen by either side is the same inputs, so the side to move's
        // value does not depend on its colour.
        let network = network();
        let white =
            Game::from_fen(Chess::default(), Chess::default().start_fen()).expect("valid FEN");
        let black = Game::from_fen(
            Chess::default(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        )
        .expect("valid FEN");
        assert_eq!(
            evaluate(&network, white.position()),
            evaluate(&network, black.position())
        );
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        LAYOUT.active(white.position(), Color::White, &mut ours);
        LAYOUT.active(white.position(), Color::Black, &mut theirs);
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
