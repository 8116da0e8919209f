//! Los Alamos chess: chess on a 6x6 board without bishops, without the pawn double step (so
//! without en passant) and without castling, pawns promoting to queen, rook or knight. Move
//! generation is the engine's orthodox generator restricted to the 6x6 corner of the bitboard;
//! this file adds the start position and an evaluation tuned to the small board.

use amity_engine::orthodox::{self, KING, KNIGHT, Orthodox, PAWN, QUEEN, ROOK, STANDARD_PIECES};
use amity_engine::{
    Bitboard, Color, FenError, Geometry, Move, MoveList, Outcome, PieceInfo, Position, Rules,
    Square,
};

/// Los Alamos chess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LosAlamos;

const GEOMETRY: Geometry = Geometry { files: 6, ranks: 6 };

/// Promotion choices, best first: there are no bishops to promote to.
const PROMOTIONS: [amity_engine::Kind; 3] = [QUEEN, ROOK, KNIGHT];

const RULES: Orthodox = Orthodox {
    board: GEOMETRY.mask(),
    ranks: 6,
    double_step: false,
    castling: false,
    promotions: &PROMOTIONS,
};

impl Rules for LosAlamos {
    type State = ();

    fn name(&self) -> &'static str {
        "losalamos"
    }

    fn start_fen(&self) -> &'static str {
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"
    }

    fn geometry(&self) -> Geometry {
        GEOMETRY
    }

    fn pieces(&self) -> &'static [PieceInfo] {
        // The standard table keeps the kind numbers the orthodox generator expects; the bishop
        // entry is there but no legal position holds one (validate refuses it).
        &STANDARD_PIECES
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos.kind(orthodox::BISHOP).any() {
            return Err(FenError::Illegal(
                "Los Alamos chess has no bishops".to_string(),
            ));
        }
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
        // Without bishops only a lone knight (or nothing) beside the kings is dead.
        orthodox::insufficient_material(pos)
    }

    fn evaluate(&self, pos: &Position<Self>) -> i32 {
        evaluate(pos)
    }
}

// ----- evaluation -----

/// Piece values on the small board: with only six files the rook has less room and the
/// knight, which reaches most of the board in two jumps, is worth almost as much as in chess.
/// Indexed by kind (the bishop slot is unused).
const VALUE: [i32; 6] = [100, 310, 0, 460, 850, 0];

/// Piece-square tables from White's side, a1 first, six squares a rank.
/// Pawns: each step nearer the promotion rank (two pushes from the start) is worth a lot.
#[rustfmt::skip]
const PAWN_TABLE: [i32; 36] = [
      0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,
      5,  10,  15,  15,  10,   5,
     25,  30,  40,  40,  30,  25,
     70,  80,  90,  90,  80,  70,
      0,   0,   0,   0,   0,   0,
];

/// Knights: the four centre squares reach eight squares, the corners two.
#[rustfmt::skip]
const KNIGHT_TABLE: [i32; 36] = [
    -30, -15, -10, -10, -15, -30,
    -15,   0,  10,  10,   0, -15,
    -10,  10,  20,  20,  10, -10,
    -10,  10,  20,  20,  10, -10,
    -15,   0,  10,  10,   0, -15,
    -30, -15, -10, -10, -15, -30,
];

/// Rooks and queens: a little for the centre files and for reaching the seventh... here the
/// fifth rank, where the enemy pawns stand.
#[rustfmt::skip]
const HEAVY_TABLE: [i32; 36] = [
      0,   0,   5,   5,   0,   0,
      0,   0,   5,   5,   0,   0,
      0,   5,  10,  10,   5,   0,
      0,   5,  10,  10,   5,   0,
     10,  15,  15,  15,  15,  10,
      0,   0,   5,   5,   0,   0,
];

/// The king hides on its first rank while queens are on the board...
#[rustfmt::skip]
const KING_SHELTER_TABLE: [i32; 36] = [
     10,  15,   5,   5,  15,  10,
     -5, -10, -15, -15, -10,  -5,
    -20, -25, -30, -30, -25, -20,
    -30, -35, -40, -40, -35, -30,
    -40, -45, -50, -50, -45, -40,
    -50, -50, -50, -50, -50, -50,
];

/// ...and walks to the centre in the ending.
#[rustfmt::skip]
const KING_ENDGAME_TABLE: [i32; 36] = [
    -30, -20, -10, -10, -20, -30,
    -20,   0,  10,  10,   0, -20,
    -10,  10,  25,  25,  10, -10,
    -10,  10,  25,  25,  10, -10,
    -20,   0,  10,  10,   0, -20,
    -30, -20, -10, -10, -20, -30,
];

/// Non-pawn material of both sides at the start (two knights, two rooks, a queen each).
const OPENING_MATERIAL: i32 = 2 * (2 * 310 + 2 * 460 + 850);

/// Index of a square into a 6x6 table seen from `color`'s side.
#[inline]
fn table_index(color: Color, square: Square) -> usize {
    let file = square.file() as usize;
    let rank = square.rank() as usize;
    let rank = match color {
        Color::White => rank,
        Color::Black => 5 - rank,
    };
    rank * 6 + file
}

/// Material, piece placement and a king that shelters early and centralises late, from the
/// side to move's point of view.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let mut non_pawn = 0;
    for kind in [KNIGHT, ROOK, QUEEN] {
        non_pawn += pos.kind(kind).count() as i32 * VALUE[kind.index()];
    }
    let phase = non_pawn.min(OPENING_MATERIAL);
    let mut score = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let mut side = 0;
        side += placed(pos, color, PAWN, &PAWN_TABLE);
        side += placed(pos, color, KNIGHT, &KNIGHT_TABLE);
        side += placed(pos, color, ROOK, &HEAVY_TABLE);
        side += placed(pos, color, QUEEN, &HEAVY_TABLE);
        if let Some(king) = pos.pieces(color, KING).first() {
            let index = table_index(color, king);
            side += (KING_SHELTER_TABLE[index] * phase
                + KING_ENDGAME_TABLE[index] * (OPENING_MATERIAL - phase))
                / OPENING_MATERIAL;
        }
        score += sign * side;
    }
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

/// Material plus table bonus of one colour's pieces of one kind.
#[inline]
fn placed<R: Rules>(
    pos: &Position<R>,
    color: Color,
    kind: amity_engine::Kind,
    table: &[i32; 36],
) -> i32 {
    let pieces: Bitboard = pos.pieces(color, kind);
    pieces
        .into_iter()
        .map(|square| VALUE[kind.index()] + table[table_index(color, square)])
        .sum()
}
