//! Moral Support Chess: chess in which a capture needs a second friendly piece attacking the
//! target square, only a double attack on a king is dangerous (a single check may be ignored or
//! even walked into), and a king in double check is frozen. This file owns the move generator
//! for those rules (bitboard attack counts, no per-square scans), their game ends and an
//! evaluation that looks at support and at double attacks near the kings.

use amity_engine::castling::{CastlingNotation, push_castlings};
use amity_engine::orthodox::{
    self, BISHOP, KING, KNIGHT, Orthodox, PAWN, QUEEN, ROOK, STANDARD_PIECES, STANDARD_START_FEN,
    attack_counts, attackers_to, shift_forward,
};

use amity_engine::search::StrengthScale;
use amity_engine::{
    Bitboard, Color, FenError, Identity, Learning, Move, MoveList, Notation, OptionSpec, Outcome,
    Position, Presentation, Rules, Scratch, SearchFlags, Solver, Square,
};

use crate::board_network::{self, BoardNetwork, ChosenNetwork, EVAL_FILE, PieceSquares};
use shakmaty::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, ray, rook_attacks,
};

/// Moral Support Chess, evaluated with the network the `EvalFile` option chose (none is
/// embedded: the classical evaluation plays unless a file is chosen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoralSupport {
    network: MoralSupportNetwork,
}

impl MoralSupport {
    /// The game evaluated with `network`.
    pub const fn with_network(network: MoralSupportNetwork) -> MoralSupport {
        MoralSupport { network }
    }
}

/// Moral Support as a game evaluated by a piece-square network: chess's pieces and inputs,
/// told apart from chess's networks by the name a network file gives its game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoralSupportLayout;

impl BoardNetwork for MoralSupportLayout {
    const LAYOUT: PieceSquares = crate::chess::network::LAYOUT;
    const GAME: &'static str = "moralsupport";
}

/// The network Moral Support plays with, or none (the classical evaluation alone).
pub type MoralSupportNetwork = ChosenNetwork<MoralSupportLayout>;

/// Board, promotions and castling squares are those of chess; only the capture and check rules
/// differ, and those this file generates itself.
const BOARD: Orthodox = Orthodox::FIDE;

impl Rules for MoralSupport {
    type State = ();

    fn identity(&self) -> Identity {
        Identity::new("moralsupport", STANDARD_START_FEN, &STANDARD_PIECES)
    }

    fn options() -> &'static [OptionSpec] {
        &[EVAL_FILE]
    }

    /// Standard setup checks; the side that has just moved may stand in single check but not
    /// in double check (that would have been an illegal move).
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        BOARD.validate_waiting_king(pos, Bitboard::more_than_one, "its king is attacked twice")
    }

    amity_engine::generate_by_flag!(|_, pos, moves, tactical| generate(pos, moves, tactical));

    #[inline]
    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        BOARD.play(pos, mv);
    }

    /// The forcing danger is a double check (a frozen king), not a single one.
    #[inline]
    fn in_check(&self, pos: &Position<Self>) -> bool {
        orthodox::checkers(pos).more_than_one()
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::checkmate_or_stalemate(pos.turn(), orthodox::checkers(pos).more_than_one())
    }

    // Insufficient material is no draw here: the default (never) stands.

    fn search_flags(&self) -> SearchFlags {
        // Null move: passing is legal-looking in every position search passes in (the side to
        // move is at most in single check, which it may leave standing), and zugzwang is no
        // more common than in chess. Check extension: `in_check` reports double check only,
        // the forcing situation (a frozen king that loses unless a piece parries), while a
        // single check is a quiet fact. Nodes buy more than in chess: a king in check may stay
        // in check, so a shallow search misses more (self-play ladder,
        // docs/strength-levels.md).
        SearchFlags {
            strength: StrengthScale::new(250),
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    fn evaluate_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> i32 {
        self.network.evaluate_in(pos, scratch, || evaluate(pos))
    }
}

impl Notation for MoralSupport {}

impl Presentation for MoralSupport {}

impl Learning for MoralSupport {
    board_network::board_network_inputs!(MoralSupportLayout);

    /// A network corrects the classical evaluation (there is no linear one to tune).
    fn correction_base(&self, pos: &Position<Self>) -> Option<i32> {
        Some(evaluate(pos))
    }
}

impl Solver for MoralSupport {}

impl amity_engine::Partner for MoralSupport {}

/// Legal moves of the side to move; with `tactical_only` just supported captures (en passant
/// included) and promotions.
///
/// Legality is decided without playing moves: a move other than the king's changes the number
/// of enemy pieces attacking the king only by taking a checker (-1), blocking a checker's line
/// (-1) or, for a pinned piece leaving its line, uncovering the pinner (+1). No single move
/// does two of the minus kinds, so with three checkers nothing is legal.
pub fn generate<R: Rules>(pos: &Position<R>, moves: &mut MoveList, tactical_only: bool) {
    let us = pos.turn();
    let them = !us;
    let ours = pos.color(us);
    let theirs = pos.color(them);
    let occupied = ours | theirs;
    let Some(king) = pos.pieces(us, KING).first() else {
        return;
    };
    let checkers = attackers_to(pos, king, them, occupied);
    let threat_count = checkers.count();
    if threat_count >= 3 {
        return;
    }
    let frozen = threat_count == 2;

    // Supported captures: the capturer attacks the target, so the target needs a second
    // attacker of ours. Their king is never capturable (it can be attacked once at most).
    let (_, support) = attack_counts(pos, us, occupied);
    let capturable = theirs & support & !pos.kind(KING);
    // Quiescence asks often and supported captures are rare: stop early when there is
    // nothing tactical at all.
    if tactical_only
        && capturable.is_empty()
        && pos.en_passant().is_none()
        && (pos.pieces(us, PAWN) & BOARD.rank(us, 6)).is_empty()
    {
        return;
    }
    let quiet = if tactical_only {
        Bitboard::EMPTY
    } else {
        !occupied
    };
    let destinations = capturable | quiet;

    // The king: not when frozen; a destination may be attacked once but not twice, counted
    // with the king gone from its square so lines through it are seen.
    if !frozen {
        let without_king = occupied ^ Bitboard::from_square(king);
        for to in king_attacks(king) & destinations {
            if !attackers_to(pos, to, them, without_king).more_than_one() {
                moves.push(Move::normal(king, to));
            }
        }
    }

    // Squares where a move takes away one of the current attackers of the king.
    let mut relief = checkers;
    for checker in checkers {
        relief |= between(king, checker);
    }
    let pinned = orthodox::pinned(pos, king, us, occupied);
    // Targets a piece on `from` may reach without leaving its king attacked twice.
    let allowed = |from: Square| -> Bitboard {
        let keeps_line = if pinned.contains(from) {
            ray(king, from)
        } else {
            Bitboard::FULL
        };
        match threat_count {
            0 => Bitboard::FULL,
            1 => keeps_line | relief,
            _ => keeps_line & relief,
        }
    };

    for from in pos.pieces(us, KNIGHT) {
        for to in knight_attacks(from) & destinations & allowed(from) {
            moves.push(Move::normal(from, to));
        }
    }
    let queens = pos.pieces(us, QUEEN);
    for from in pos.pieces(us, BISHOP) | queens {
        let targets = bishop_attacks(from, occupied);
        for to in targets & destinations & allowed(from) {
            moves.push(Move::normal(from, to));
        }
    }
    for from in pos.pieces(us, ROOK) | queens {
        let targets = rook_attacks(from, occupied);
        for to in targets & destinations & allowed(from) {
            moves.push(Move::normal(from, to));
        }
    }

    // Pawns: pushes set-wise, then each checked against its own allowed targets.
    let pawns = pos.pieces(us, PAWN);
    let promotion_rank = BOARD.rank(us, 7);
    let empty = !occupied;
    let single = shift_forward(pawns, us) & empty;
    let pushes = if tactical_only {
        single & promotion_rank
    } else {
        single
    };
    for to in pushes {
        let from = behind(to, us, 1);
        if allowed(from).contains(to) {
            push_pawn_move(moves, from, to, promotion_rank.contains(to));
        }
    }
    if !tactical_only {
        let doubles = shift_forward(single & BOARD.rank(us, 2), us) & empty;
        for to in doubles {
            let from = behind(to, us, 2);
            if allowed(from).contains(to) {
                moves.push(Move::normal(from, to));
            }
        }
    }
    for from in pawns {
        for to in pawn_attacks(us, from) & capturable & allowed(from) {
            push_pawn_move(moves, from, to, promotion_rank.contains(to));
        }
    }

    if let Some(en_passant) = pos.en_passant() {
        generate_en_passant(pos, moves, king, en_passant, support);
    }

    if !tactical_only && !frozen {
        generate_castling(pos, moves, king);
    }
}

/// The square `steps` ranks behind `square` from `color`'s side.
#[inline]
fn behind(square: Square, color: Color, steps: i32) -> Square {
    let forward = if color == Color::White { 8 } else { -8 };
    Square::new((square as i32 - steps * forward) as u32)
}

#[inline]
fn push_pawn_move(moves: &mut MoveList, from: Square, to: Square, promotes: bool) {
    if promotes {
        for &kind in BOARD.promotions {
            moves.push(Move::promotion(from, to, kind));
        }
    } else {
        moves.push(Move::normal(from, to));
    }
}

/// En passant: the skipped square needs a supporter besides the capturing pawn. Rare, so the
/// king's safety is checked by counting attackers on the board after the capture.
fn generate_en_passant<R: Rules>(
    pos: &Position<R>,
    moves: &mut MoveList,
    king: Square,
    en_passant: Square,
    support: Bitboard,
) {
    let us = pos.turn();
    let them = !us;
    let occupied = pos.occupied();
    let victim = behind(en_passant, us, 1);
    if occupied.contains(en_passant)
        || !pos.pieces(them, PAWN).contains(victim)
        || !support.contains(en_passant)
    {
        return;
    }
    for from in pawn_attacks(them, en_passant) & pos.pieces(us, PAWN) {
        let after = (occupied ^ Bitboard::from_square(from) ^ Bitboard::from_square(victim))
            | Bitboard::from_square(en_passant);
        let attackers = attackers_to(pos, king, them, after) & !Bitboard::from_square(victim);
        if !attackers.more_than_one() {
            moves.push(Move::en_passant(from, en_passant));
        }
    }
}

/// Castling as in chess, except that only the king's destination must be free of attack
/// (counted with king and rook already on their new squares); the king may castle out of a
/// single check and across attacked squares.
fn generate_castling<R: Rules>(pos: &Position<R>, moves: &mut MoveList, king: Square) {
    let us = pos.turn();
    let occupied = pos.occupied();
    let rooks = pos.castling() & pos.pieces(us, ROOK) & BOARD.rank(us, 0);
    push_castlings(
        king,
        rooks,
        occupied,
        CastlingNotation::KingMove,
        moves,
        |castle| {
            let after = castle.lifted(occupied)
                | Bitboard::from_square(castle.king_to)
                | Bitboard::from_square(castle.rook_to);
            attackers_to(pos, castle.king_to, !us, after).is_empty()
        },
    );
}

// ----- evaluation -----

const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Material, square control, the safety of pieces from supported captures and the danger of
/// a double attack on each king, from the side to move's point of view.
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let occupied = pos.occupied();
    let white = attack_counts(pos, Color::White, occupied);
    let black = attack_counts(pos, Color::Black, occupied);
    let score =
        side_score(pos, Color::White, white, black) - side_score(pos, Color::Black, black, white);
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

/// One side's terms. `own` and `enemy` are (attacked once, attacked twice) maps.
fn side_score<R: Rules>(
    pos: &Position<R>,
    color: Color,
    own: (Bitboard, Bitboard),
    enemy: (Bitboard, Bitboard),
) -> i32 {
    // Population counts are kept few: without a target CPU they are software loops, and this
    // runs at every quiescence node. Sparse sets are walked bit by bit instead.
    let mut score = 0;
    for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
        score += VALUE[kind.index()] * pos.pieces(color, kind).count() as i32;
    }
    let men = pos.color(color) & !pos.kind(KING);
    // Supported-ness: a piece the enemy attacks twice can be taken; if we attack its square
    // twice as well the taker can be taken back, so the danger is smaller.
    for square in men & enemy.1 {
        let value = pos
            .piece_at(square)
            .map_or(0, |piece| VALUE[piece.kind.index()]);
        score -= if own.1.contains(square) {
            value / 24
        } else {
            value / 6
        };
    }
    // A piece attacked by a single enemy is immune for now; a piece of ours that a friend
    // attacks already supports the next capture there.
    score += 6 * (men & own.0).count() as i32;
    // Square control: every square we attack is a square where our captures can be supported.
    score += 2 * own.0.count() as i32 + 3 * own.1.count() as i32;
    // Pawns close to promotion.
    let pawns = pos.pieces(color, PAWN);
    for square in pawns & (BOARD.rank(color, 5) | BOARD.rank(color, 6)) {
        score += if BOARD.rank(color, 6).contains(square) {
            50
        } else {
            20
        };
    }

    // King danger: one attacker now means one more makes a frozen king; squares around it that
    // the enemy attacks twice are closed to it.
    if let Some(king) = pos.pieces(color, KING).first() {
        let zone = king_attacks(king);
        if enemy.0.contains(king) {
            score -= 35;
        }
        score -= 12 * (zone & enemy.1).into_iter().count() as i32;
        score -= 4 * (zone & enemy.0).into_iter().count() as i32;
        // Flight squares that stay open however the enemy continues.
        let flight = zone & !pos.color(color) & !enemy.1;
        if flight.is_empty() {
            score -= 25;
        }
    }
    score
}
