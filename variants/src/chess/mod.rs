//! FIDE chess: the standard pieces, castling, en passant and promotion, checkmate and
//! stalemate, and the dead positions of insufficient material. Everything comes from the
//! engine's orthodox building blocks; this file only chooses them. The evaluation, a tunable
//! form of the standard one, is in [`evaluation`] with its weights in [`weights`].

pub mod evaluation;
pub mod weights;

use amity_engine::orthodox::{self, Orthodox, STANDARD_PIECES};
use amity_engine::search::see;
use amity_engine::{FenError, Kind, Move, MoveList, Outcome, PieceInfo, Position, Rules};

use amity_engine::evaluation::Tapered;
use amity_engine::tuning::Features;

/// FIDE chess.
/// Not `Copy`, like every variant, so generic code clones rules the same way for all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chess;

const RULES: Orthodox = Orthodox::FIDE;

impl Rules for Chess {
    type State = ();

    fn name(&self) -> &'static str {
        "chess"
    }

    fn start_fen(&self) -> &'static str {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    }

    fn pieces(&self) -> &'static [PieceInfo] {
        &STANDARD_PIECES
    }

    fn betza(&self, kind: Kind) -> Option<&'static str> {
        // Pawn (step, diagonal capture, initial double step, en passant), knight, bishop,
        // rook, queen, king with castling.
        ["fmWfceFifmnD", "N", "B", "R", "RB", "KO2"]
            .get(kind.index())
            .copied()
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        RULES.validate(pos)
    }

    #[inline]
    fn generate(&self, pos: &Position<Self>, moves: &mut MoveList) {
        RULES.generate(pos, moves, false);
    }

    #[inline]
    fn generate_tactical(&self, pos: &Position<Self>, moves: &mut MoveList) {
        RULES.generate(pos, moves, true);
    }

    #[inline]
    fn play(&self, pos: &mut Position<Self>, mv: Move) {
        RULES.play(pos, mv);
    }

    #[inline]
    fn in_check(&self, pos: &Position<Self>) -> bool {
        orthodox::checkers(pos).any()
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        RULES.no_move_outcome(pos)
    }

    fn insufficient_material(&self, pos: &Position<Self>) -> bool {
        orthodox::insufficient_material(pos)
    }

    fn static_exchange(&self, pos: &Position<Self>, mv: Move) -> i32 {
        see::orthodox(self, pos, mv)
    }

    fn evaluate(&self, pos: &Position<Self>) -> i32 {
        evaluation::evaluate(pos)
    }

    fn evaluation_features(&self, pos: &Position<Self>, features: &mut Features) -> bool {
        evaluation::features(pos, features);
        true
    }

    fn evaluation_weights(&self) -> (&'static [Tapered], fn(usize) -> String) {
        (&weights::WEIGHTS, evaluation::weight_name)
    }
}
