//! Los Alamos chess: chess on a 6x6 board without bishops, without the pawn double step (so
//! without en passant) and without castling, pawns promoting to queen, rook or knight. Move
//! generation is the engine's orthodox generator restricted to the 6x6 corner of the bitboard;
//! this file adds the start position and the orthodox static exchange and check answers for
//! search; the evaluation, tuned to the small board, is in [`evaluation`] with its weights in
//! [`weights`], and the network that may correct it in [`network`].

pub mod evaluation;
pub mod network;
pub mod weights;

pub use evaluation::evaluate;

use amity_engine::evaluation::Tapered;
use amity_engine::orthodox::{self, KNIGHT, Orthodox, QUEEN, ROOK, STANDARD_PIECES};
use amity_engine::search::StrengthScale;
use amity_engine::tuning::Features;
use amity_engine::win_rate::WinRateModel;
use amity_engine::{
    FenError, Geometry, Identity, Learning, Notation, OptionSpec, Position, Presentation, Rules,
    Scratch, SearchFlags, Solver,
};

use crate::board_network::EVAL_FILE;
use network::LosAlamosNetwork;

/// Los Alamos chess, evaluated with the network the `EvalFile` option chose (the default: the
/// embedded one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LosAlamos {
    network: LosAlamosNetwork,
}

impl LosAlamos {
    /// The game evaluated with `network`.
    pub const fn with_network(network: LosAlamosNetwork) -> LosAlamos {
        LosAlamos { network }
    }
}

const GEOMETRY: Geometry = Geometry { files: 6, ranks: 6 };

const START_FEN: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1";

/// Promotion choices, best first: there are no bishops to promote to.
const PROMOTIONS: [amity_engine::Kind; 3] = [QUEEN, ROOK, KNIGHT];

const RULES: Orthodox = Orthodox {
    board: GEOMETRY.mask(),
    ranks: 6,
    double_step: false,
    castling: None,
    promotions: &PROMOTIONS,
};

impl Rules for LosAlamos {
    type State = ();

    fn identity(&self) -> Identity {
        // The standard table keeps the kind numbers the orthodox generator expects; the bishop
        // entry is there but no legal position holds one (validate refuses it).
        Identity::new("losalamos", START_FEN, &STANDARD_PIECES).on(GEOMETRY)
    }

    fn options() -> &'static [OptionSpec] {
        &[EVAL_FILE]
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos.kind(orthodox::BISHOP).any() {
            return Err(FenError::Illegal(
                "Los Alamos chess has no bishops".to_string(),
            ));
        }
        RULES.validate(pos)
    }

    // FIDE's dead positions hold here too: without bishops only a lone knight (or nothing)
    // beside the kings is dead.
    amity_engine::orthodox_hooks!(|_| RULES);

    fn search_flags(&self) -> SearchFlags {
        // Exchange reductions were measured in chess only: Los Alamos keeps the search its
        // strength against Fairy-Stockfish was measured with.
        // A doubling of nodes buys more on 6x6 than in chess (self-play ladder,
        // docs/strength-levels.md).
        SearchFlags {
            exchange_reductions: false,
            strength: StrengthScale::new(190),
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    fn evaluate_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> i32 {
        match self.network.shared() {
            Some(chosen) => network::evaluate_in(chosen, pos, scratch),
            None => evaluate(pos),
        }
    }
}

impl Notation for LosAlamos {}

impl Presentation for LosAlamos {
    fn win_rate_model(&self) -> Option<WinRateModel> {
        Some(WIN_RATE)
    }
}

/// Los Alamos's win-draw-loss model, fitted by `scripts/wdl_fit.py` on 16,810 scored moves of
/// 252 self-play games at 15,000 nodes a move (`data/wdl/losalamos.csv`): the log-loss of the
/// results is 0.498 nats, against 1.082 for chances that ignore the score. Too few games went
/// past ply 87 to fit, so later plies count as that one.
const WIN_RATE: WinRateModel = WinRateModel {
    a: [-286.534, 608.248, -240.215, 120.971],
    b: [-146.798, 315.562, -213.286, 110.779],
    last_ply: 87,
};

impl Learning for LosAlamos {
    crate::board_network::board_network_inputs!(network::LosAlamosLayout);

    fn evaluation_features(&self, pos: &Position<Self>, features: &mut Features) -> bool {
        evaluation::features(pos, features);
        true
    }

    fn evaluation_weights(&self) -> (&'static [Tapered], fn(usize) -> String) {
        (&weights::WEIGHTS, evaluation::weight_name)
    }
}

impl Solver for LosAlamos {}

impl amity_engine::Partner for LosAlamos {}
