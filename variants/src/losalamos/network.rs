//! The Los Alamos network evaluation: the inputs the game numbers (one per piece kind, side
//! and square of the 6x6 board, seen from each player's side) and the network it plays with
//! ([`LosAlamosNetwork`]: the embedded one unless the `EvalFile` option chose a file or none).
//! The machinery is the board games' shared one ([`crate::board_network`]). The embedded
//! network is a correction to the linear evaluation (see `docs/variants/losalamos.md`).

use std::sync::{Arc, LazyLock};

use amity_engine::network::Network;
use amity_engine::orthodox::{KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Kind, Position, Rules, Scratch};

use crate::board_network::{self, BoardNetwork, ChosenNetwork, PieceSquares};

const KINDS: [Kind; 5] = [PAWN, KNIGHT, ROOK, QUEEN, KING];
/// Los Alamos's inputs: the viewer's own pieces (`kind * 64 + square`, on the 64-square
/// bitboard the 6x6 board sits in), then the opponent's.
pub const LAYOUT: PieceSquares = PieceSquares {
    kinds: &KINDS,
    ranks: 6,
};
/// How many inputs a Los Alamos network has.
pub const INPUTS: usize = LAYOUT.inputs();

/// The network every build plays with: trained by `scripts/network_from_nothing.sh` on
/// Fairy-Stockfish's evaluations of positions from Amity's self-play, and embedded because it
/// beat the linear evaluation alone (`docs/variants/losalamos.md`).
const EMBEDDED: &[u8] = include_bytes!("losalamos.nnue");

fn embedded() -> Network {
    board_network::embedded_network(EMBEDDED, &LAYOUT)
}

/// The embedded network, read from the build's bytes once: a constant, like a table worked
/// out before play, which every game that plays with it shares.
static EMBEDDED_NETWORK: LazyLock<Arc<Network>> = LazyLock::new(|| Arc::new(embedded()));

/// Los Alamos as a game evaluated by a piece-square network.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LosAlamosLayout;

impl BoardNetwork for LosAlamosLayout {
    const LAYOUT: PieceSquares = LAYOUT;
    const GAME: &'static str = "losalamos";
    const READS_UNNAMED: bool = true;

    fn embedded() -> Option<Arc<Network>> {
        Some(Arc::clone(&EMBEDDED_NETWORK))
    }
}

/// The network Los Alamos plays with, or none (the linear evaluation alone).
pub type LosAlamosNetwork = ChosenNetwork<LosAlamosLayout>;

/// `network`'s evaluation from the side to move's point of view, with the thread's kept
/// layers.
pub fn evaluate_in<R: Rules>(
    network: &Arc<Network>,
    pos: &Position<R>,
    scratch: &mut Scratch,
) -> i32 {
    board_network::evaluate_in(&LAYOUT, network, pos, scratch, || {
        super::evaluation::evaluate(pos)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LosAlamos;
    use crate::board_network::{ChosenNetwork, EvalChoice};
    use amity_engine::{Color, Game, RulesExt};

    fn rules() -> LosAlamos {
        LosAlamos::with_network(LosAlamosNetwork::linear())
    }

    /// Every position within three plies of the start and of a middlegame.
    fn tree() -> Vec<Position<LosAlamos>> {
        let fens = [
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
            "r2k1r/1p1q2/p1n1P1/2P1N1/1P3P/R2QK1 w - - 0 15",
        ];
        board_network::testing::tree(&rules(), &fens, 3)
    }

    /// A network taught the linear evaluation on the tree.
    fn network() -> Network {
        let positions = tree();
        board_network::testing::taught(&LAYOUT, &positions, super::super::evaluation::evaluate, 5)
    }

    #[test]
    fn both_sides_see_the_six_ranks_alike() {
        // The start seen from White and from Black is the same set of inputs: Black's board
        // turns round over six ranks, not eight.
        let start = Game::from_fen(rules(), rules().start_fen()).expect("valid FEN");
        let (mut white, mut black) = (Vec::new(), Vec::new());
        LAYOUT.active(start.position(), Color::White, &mut white);
        LAYOUT.active(start.position(), Color::Black, &mut black);
        white.sort_unstable();
        black.sort_unstable();
        assert_eq!(white, black);
        assert_eq!(white.len(), 24);
        // Every piece of a crowded middlegame has its own input, within the network's.
        let game = Game::from_fen(rules(), "r2k1r/1p1q2/p1n1P1/2P1N1/1P3P/R2QK1 w - - 0 15")
            .expect("valid FEN");
        for viewer in [Color::White, Color::Black] {
            let mut active = Vec::new();
            LAYOUT.active(game.position(), viewer, &mut active);
            let count = active.len();
            active.sort_unstable();
            active.dedup();
            assert_eq!(active.len(), count);
            assert!(active.iter().all(|&input| usize::from(input) < INPUTS));
        }
    }

    #[test]
    fn kept_layers_give_the_fresh_value_and_the_network_plays() {
        let network = Arc::new(network());
        let chosen = LosAlamosNetwork::from_choice(&EvalChoice::File(Arc::clone(&network)));
        let playing = LosAlamos::with_network(chosen);
        let mut scratch = Scratch::new();
        let positions = tree();
        assert!(positions.len() > 2000, "only {} positions", positions.len());
        let mut agree = 0;
        for pos in &positions {
            let fresh = board_network::evaluate(&LAYOUT, &network, pos, || 0);
            assert_eq!(evaluate_in(&network, pos, &mut scratch), fresh);
            // The game evaluates with the network it was built with.
            assert_eq!(playing.evaluate_in(pos, &mut Scratch::new()), fresh);
            let taught = super::super::evaluation::evaluate(pos);
            agree += usize::from(taught.abs() < 150 || fresh.signum() == taught.signum());
        }
        assert!(
            agree * 10 > positions.len() * 9,
            "{agree} of {}",
            positions.len()
        );
    }

    #[test]
    fn the_embedded_network_is_a_correction_that_judges_material() {
        let network = embedded();
        assert!(network.adds_to_linear());
        assert_eq!(
            LosAlamos::default(),
            LosAlamos::with_network(LosAlamosNetwork::from_choice(&EvalChoice::Embedded))
        );
        // A queen up is a win whichever side has it, and the correction does not turn that.
        for (fen, sign) in [
            ("rn1knr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 1),
            ("rn1knr/pppppp/6/6/PPPPPP/RNQKNR b - - 0 1", -1),
        ] {
            let game = Game::from_fen(rules(), fen).expect("valid FEN");
            let pos = game.position();
            let value = board_network::evaluate(&LAYOUT, &network, pos, || {
                super::super::evaluation::evaluate(pos)
            });
            assert!(value * sign > 500, "{fen}: {value}");
        }
        let start = Game::from_fen(rules(), rules().start_fen()).expect("valid FEN");
        let pos = start.position();
        let value = board_network::evaluate(&LAYOUT, &network, pos, || {
            super::super::evaluation::evaluate(pos)
        });
        // The mover is better by about a pawn: Fairy-Stockfish, whose labels the network
        // learnt, gives the start 96 centipawns at 1,000 nodes.
        assert!((0..200).contains(&value), "the start: {value}");
    }

    #[test]
    fn another_games_file_leaves_the_embedded_network() {
        let own = Arc::new(network());
        let chess = crate::chess::network::ChessNetwork::default();
        let chess = Arc::clone(chess.shared().expect("chess embeds a network"));
        let for_own = EvalChoice::File(Arc::clone(&own));
        let for_chess = EvalChoice::File(chess);
        assert_eq!(
            LosAlamosNetwork::from_choice(&for_own).network(),
            Some(&*own)
        );
        assert_eq!(
            LosAlamosNetwork::from_choice(&for_chess),
            LosAlamosNetwork::default()
        );
        assert_eq!(
            crate::chess::network::ChessNetwork::from_choice(&for_own),
            crate::chess::network::ChessNetwork::default()
        );
        assert_eq!(
            ChosenNetwork::<LosAlamosLayout>::from_choice(&EvalChoice::Linear).network(),
            None
        );
    }
}
