//! FIDE chess: the standard pieces, castling, en passant and promotion, checkmate and
//! stalemate, and the dead positions of insufficient material. Everything comes from the
//! engine's orthodox building blocks; this file only chooses them. The evaluation, a tunable
//! form of the standard one, is in [`evaluation`] with its weights in [`weights`]; a network
//! trained by `amity train` corrects it ([`network`]). Fischer Random chess
//! ([`crate::fischerandom`]) is the same rules from another [`Setup`].

pub mod evaluation;
pub mod network;
pub mod weights;

use std::fmt::Debug;

use amity_engine::orthodox::{Orthodox, STANDARD_PIECES, STANDARD_START_FEN};
use amity_engine::search::StrengthScale;
use amity_engine::win_rate::WinRateModel;
use amity_engine::{
    FenError, Identity, Kind, Learning, Notation, OptionKind, OptionSpec, Position, Presentation,
    Rules, Scratch, SearchFlags, Solver, VariantSettings,
};

use amity_engine::evaluation::Tapered;
use amity_engine::tuning::Features;

/// What sets the games played by chess's rules apart: the name, the options, where the pieces
/// start and whether castling follows Chess960.
pub trait Setup: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The game's canonical name.
    const NAME: &'static str;
    /// The options the game declares.
    const OPTIONS: &'static [OptionSpec];

    /// The setup the option values in `settings` choose.
    fn from_settings(settings: &VariantSettings) -> Self;

    /// Where the pieces start.
    fn start_fen(&self) -> &'static str;

    /// Whether kings castle from any arrangement, written king takes rook ([`Orthodox::CHESS960`]).
    fn chess960(&self) -> bool;
}

/// `UCI_Chess960`: FIDE chess read and written as Chess960 (castling king takes rook, any
/// arrangement a FEN gives).
pub const UCI_CHESS960: OptionSpec = OptionSpec {
    name: "UCI_Chess960",
    // How this engine writes castling and which arrangements it reads: the referee imposes
    // it not (its own game decides the notation).
    player: true,
    kind: OptionKind::Check { default: false },
};

/// FIDE chess's setup: the standard start, and Chess960 castling when `UCI_Chess960` is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fide {
    pub chess960: bool,
}

impl Setup for Fide {
    const NAME: &'static str = "chess";
    const OPTIONS: &'static [OptionSpec] = &[network::EVAL_FILE, UCI_CHESS960];

    fn from_settings(settings: &VariantSettings) -> Fide {
        Fide {
            chess960: settings.check(UCI_CHESS960.name).unwrap_or(false),
        }
    }

    fn start_fen(&self) -> &'static str {
        STANDARD_START_FEN
    }

    fn chess960(&self) -> bool {
        self.chess960
    }
}

/// The rules of chess from a [`Setup`], evaluated with the network the `EvalFile` option chose
/// (the default: the embedded one).
/// Not `Copy`, like every variant, so generic code clones rules the same way for all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChessRules<S: Setup> {
    network: network::ChessNetwork,
    setup: S,
}

/// FIDE chess.
pub type Chess = ChessRules<Fide>;

impl<S: Setup> ChessRules<S> {
    /// The game from its default setup, evaluated with `network`.
    pub fn with_network(network: network::ChessNetwork) -> ChessRules<S> {
        ChessRules::with_setup(network, S::default())
    }

    /// The game from `setup`, evaluated with `network`.
    pub fn with_setup(network: network::ChessNetwork, setup: S) -> ChessRules<S> {
        ChessRules { network, setup }
    }

    /// The setup the game is played from.
    pub fn setup(&self) -> &S {
        &self.setup
    }

    /// The standard rules this setup configures.
    #[inline]
    fn rules(&self) -> Orthodox {
        if self.setup.chess960() {
            Orthodox::CHESS960
        } else {
            Orthodox::FIDE
        }
    }
}

impl<S: Setup> Rules for ChessRules<S> {
    type State = ();

    fn identity(&self) -> Identity {
        Identity::new(S::NAME, self.setup.start_fen(), &STANDARD_PIECES)
    }

    fn options() -> &'static [OptionSpec] {
        S::OPTIONS
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        self.rules().validate(pos)
    }

    amity_engine::orthodox_hooks!(|chess: &Self| chess.rules());

    fn search_flags(&self) -> SearchFlags {
        // Levels fitted against Stockfish's own UCI_Elo (Chess960 shares them).
        SearchFlags {
            strength: StrengthScale::CHESS,
            ..SearchFlags::ALL
        }
    }

    fn evaluate_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> i32 {
        match self.network.shared() {
            Some(chosen) => network::evaluate_in(chosen, pos, scratch),
            None => evaluation::evaluate(pos),
        }
    }
}

impl<S: Setup> Notation for ChessRules<S> {}

impl<S: Setup> Presentation for ChessRules<S> {
    fn betza(&self, kind: Kind) -> Option<&'static str> {
        // Pawn (step, diagonal capture, initial double step, en passant), knight, bishop,
        // rook, queen, king with castling.
        ["fmWfceFifmnD", "N", "B", "R", "RB", "KO2"]
            .get(kind.index())
            .copied()
    }

    fn win_rate_model(&self) -> Option<WinRateModel> {
        Some(WIN_RATE)
    }
}

/// Chess's win-draw-loss model, fitted by `scripts/wdl_fit.py` on 75,295 scored moves of 552
/// self-play games at 2+0.02 (`data/wdl/chess.csv`): the log-loss of the results is 0.575
/// nats, against 1.053 for chances that ignore the score.
const WIN_RATE: WinRateModel = WinRateModel {
    a: [2.993, 39.646, -53.909, 115.036],
    b: [-13.201, 84.223, -149.764, 131.574],
    last_ply: 240,
};

impl<S: Setup> Learning for ChessRules<S> {
    crate::board_network::board_network_inputs!(network::ChessLayout);

    fn evaluation_features(&self, pos: &Position<Self>, features: &mut Features) -> bool {
        evaluation::features(pos, features);
        true
    }

    fn evaluation_weights(&self) -> (&'static [Tapered], fn(usize) -> String) {
        (&weights::WEIGHTS, evaluation::weight_name)
    }
}

impl<S: Setup> Solver for ChessRules<S> {}

impl<S: Setup> amity_engine::Partner for ChessRules<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_engine::{Game, MoveList, RulesExt};

    /// Every move of every position within `depth` plies: whether it checks, told without
    /// playing it, against playing it and asking.
    fn compare_checks(pos: &Position<Chess>, depth: u32, checks: &mut usize) {
        let mut moves = MoveList::new();
        Chess::default().generate(pos, &mut moves);
        for &mv in moves.as_slice() {
            let mut child = pos.clone();
            Chess::default().play(&mut child, mv);
            let played = Chess::default().in_check(&child);
            assert_eq!(
                Chess::default().gives_check(pos, mv),
                Some(played),
                "{:?} in {}",
                mv,
                pos.to_fen(&Chess::default())
            );
            *checks += usize::from(played);
            if depth > 1 {
                compare_checks(&child, depth - 1, checks);
            }
        }
    }

    #[test]
    fn checks_are_told_without_playing_the_move() {
        // Castling into check with the rook, en passant uncovering a line, promotions to
        // each piece, checks by every piece and discovered ones.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "3k4/8/8/2pP4/8/8/8/B3K3 w - c6 0 1",
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let game = Game::from_fen(Chess::default(), fen).expect("valid FEN");
            compare_checks(game.position(), 3, &mut checks);
        }
        assert!(checks > 1000, "only {checks} checking moves met");
    }
}
