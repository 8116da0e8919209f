//! CHESS with LOVE: chess in which a couple of pieces, chosen by dice, are in love. Lovers
//! cannot kill, attack nothing, step towards each other after every move and leave the board
//! together when they meet (a lovemate), which opens the next of four phases: pawns, then
//! rooks/knights/bishops, then generals, then monarchs (whose lovemate draws the game).
//! This file owns those rules, the `love:` FEN field, the `roll:` throw tokens, the chance
//! outcomes the search averages over, and the evaluation (classical, or corrected by a network
//! the `EvalFile` option chose).

use amity_engine::castling::{Castle, CastlingNotation, push_castlings};
use amity_engine::fen_fields::{self, ExtraFields, Parts};
use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{
    Bitboard, ChanceOutcome, Color, DrawReason, FenError, File, Identity, Learning, Move, MoveFlag,
    MoveList, Notation, OptionSpec, Outcome, Piece, PieceInfo, Position, Presentation, Rank, Rules,
    Scratch, SearchFlags, Solver, Square,
};
use shakmaty::attacks::pawn_attacks;

use crate::board_network::{self, BoardNetwork, ChosenNetwork, EVAL_FILE, PieceSquares};
use crate::evaluation;

/// The chess pieces under the names the game gives them: the queen is the general, the king
/// the monarch. FEN and move notation keep the usual letters.
pub const LOVE_PIECES: [PieceInfo; 6] = {
    let mut pieces = orthodox::STANDARD_PIECES;
    pieces[QUEEN.index()].name = "general";
    pieces[KING.index()].name = "monarch";
    pieces
};

/// The last phase: the monarchs fall in love.
const LAST_PHASE: u8 = 4;

/// Where love stands: the phase (1 to 4) and the couple, first-chosen lover first. No couple
/// means one must be chosen before the next move (a throw is pending), or, in phase 4 with
/// no monarch left on the board, that the monarchs have lovemated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoveState {
    pub phase: u8,
    pub couple: Option<[Square; 2]>,
}

impl Default for LoveState {
    fn default() -> Self {
        LoveState {
            phase: 1,
            couple: None,
        }
    }
}

impl LoveState {
    /// The squares of the pieces in love.
    #[inline]
    pub fn lovers(&self) -> Bitboard {
        match self.couple {
            Some([a, b]) => Bitboard::from_square(a) | Bitboard::from_square(b),
            None => Bitboard::EMPTY,
        }
    }

    /// The lover of the piece on `square`, if that piece is in love.
    #[inline]
    pub fn partner(&self, square: Square) -> Option<Square> {
        match self.couple {
            Some([a, b]) if a == square => Some(b),
            Some([a, b]) if b == square => Some(a),
            _ => None,
        }
    }
}

/// CHESS with LOVE, evaluated with the network the `EvalFile` option chose (none is embedded:
/// the classical evaluation plays unless a file is chosen).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Love {
    network: LoveNetwork,
}

impl Love {
    /// The game evaluated with `network`.
    pub const fn with_network(network: LoveNetwork) -> Love {
        Love { network }
    }
}

/// CHESS with LOVE as a game evaluated by a piece-square network: chess's pieces and inputs
/// (who is in love is the classical evaluation's to weigh), told apart from chess's networks
/// by the name a network file gives its game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoveLayout;

impl BoardNetwork for LoveLayout {
    const LAYOUT: PieceSquares = crate::chess::network::LAYOUT;
    const GAME: &'static str = "love";
}

/// The network CHESS with LOVE plays with, or none (the classical evaluation alone).
pub type LoveNetwork = ChosenNetwork<LoveLayout>;

amity_engine::state_keys! {
    /// The phase (1 to 4; the first keys keep the hashes `bench` was measured with).
    PHASE_KEYS: 8;
    /// The couple's first square.
    FIRST_LOVER_KEYS: 64;
    /// The couple's second square.
    SECOND_LOVER_KEYS: 64;
}

pub(crate) fn forward(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

pub(crate) fn offset(square: Square, files: i32, ranks: i32) -> Option<Square> {
    let file = square.file() as i32 + files;
    let rank = square.rank() as i32 + ranks;
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| Square::from_coords(File::new(file as u32), Rank::new(rank as u32)))
}

/// Squared Euclidean distance between two squares' centres.
#[inline]
fn distance2(a: Square, b: Square) -> u32 {
    let df = a.file() as i32 - b.file() as i32;
    let dr = a.rank() as i32 - b.rank() as i32;
    (df * df + dr * dr) as u32
}

/// Four times the squared distance from a square's centre to the board's centre (the point
/// between d4, e4, d5 and e5), so it stays an integer.
#[inline]
fn centre4(square: Square) -> u32 {
    let df = 2 * square.file() as i32 - 7;
    let dr = 2 * square.rank() as i32 - 7;
    (df * df + dr * dr) as u32
}

/// An eligible piece as the couple choice sees it.
#[derive(Clone, Copy)]
struct Candidate {
    square: Square,
    black: bool,
}

impl Candidate {
    /// The tie-breaks after distance, packed so that smaller is preferred: nearer the centre,
    /// then White's, then lower rank, then file nearer to a.
    #[inline]
    fn tie_break(self) -> u32 {
        (centre4(self.square) << 7)
            | ((self.black as u32) << 6)
            | ((self.square.rank() as u32) << 3)
            | self.square.file() as u32
    }

    /// Order for the first lover, thrown at `throw`: nearest, then [`Candidate::tie_break`].
    #[inline]
    fn first_key(self, throw: Square) -> u32 {
        (distance2(throw, self.square) << 16) | self.tie_break()
    }

    /// Order for the second lover when the first is black or not: nearest, then the colour
    /// other than the first lover's, then [`Candidate::tie_break`].
    #[inline]
    fn second_key(self, throw: Square, first_black: bool) -> u32 {
        (distance2(throw, self.square) << 16)
            | (((self.black == first_black) as u32) << 15)
            | self.tie_break()
    }
}

/// The `eligible` pieces, Black's on `black`.
fn candidates(black: Bitboard, eligible: Bitboard) -> Vec<Candidate> {
    eligible
        .into_iter()
        .map(|square| Candidate {
            square,
            black: black.contains(square),
        })
        .collect()
}

/// The couple two thrown coordinates select among `eligible` (at least two pieces; Black's
/// on `black`).
pub(crate) fn couple_from_throws(
    black: Bitboard,
    eligible: Bitboard,
    first_throw: Square,
    second_throw: Square,
) -> Option<[Square; 2]> {
    let pieces = candidates(black, eligible);
    let first = *pieces.iter().min_by_key(|c| c.first_key(first_throw))?;
    let second = pieces
        .iter()
        .filter(|c| c.square != first.square)
        .min_by_key(|c| c.second_key(second_throw, first.black))?;
    Some([first.square, second.square])
}

/// With exactly two eligible pieces: White's first, or, if both are of one colour, the one on
/// the lower rank, then the one on the file nearer to a.
fn first_chosen_order(black: Bitboard, a: Square, b: Square) -> [Square; 2] {
    let key = |square: Square| (black.contains(square), square.rank(), square.file());
    if key(a) <= key(b) { [a, b] } else { [b, a] }
}

/// The couple as it is kept: a couple of two colours with White's lover first, a one-colour
/// couple in the order chosen (its first-chosen lover steps first). The order of a two-colour
/// couple changes nothing in play, and keeping one order makes the same position read the
/// same whichever way the couple was chosen (by a thrown token, a grouped chance outcome or a
/// FEN), so repetitions and the hash see it as one.
pub(crate) fn kept_order(black: Bitboard, [a, b]: [Square; 2]) -> [Square; 2] {
    if black.contains(a) && !black.contains(b) {
        [b, a]
    } else {
        [a, b]
    }
}

/// The pieces that may fall in love in `phase`, with the fallbacks when too few are left.
pub fn eligible(pos: &Position<Love>, phase: u8) -> Bitboard {
    let officers = pos.kind(ROOK) | pos.kind(KNIGHT) | pos.kind(BISHOP);
    match phase {
        1 => pos.kind(PAWN),
        2 if officers.more_than_one() => officers,
        2 => officers | pos.kind(PAWN),
        3 if pos.kind(QUEEN).more_than_one() => pos.kind(QUEEN),
        3 => pos.kind(QUEEN) | officers | pos.kind(PAWN),
        _ => pos.kind(KING),
    }
}

/// What happened to the couple during a move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum LoveStep {
    Stayed,
    Moved(Square),
    Met,
}

/// The couple after the throws that need none: while fewer than two pieces are `eligible` in
/// its phase the phase moves on (up to `last_phase`), and exactly two are the couple. Three or
/// more leave a throw pending. Nothing is chosen once the `royal` pieces are gone.
pub(crate) fn settled(
    mut state: LoveState,
    black: Bitboard,
    royal: Bitboard,
    last_phase: u8,
    eligible: impl Fn(u8) -> Bitboard,
) -> LoveState {
    while state.couple.is_none() && royal.any() {
        let eligible = eligible(state.phase);
        match eligible.count() {
            0 | 1 if state.phase < last_phase => state.phase += 1,
            2 => {
                let mut squares = eligible.into_iter();
                if let (Some(a), Some(b)) = (squares.next(), squares.next()) {
                    state.couple = Some(first_chosen_order(black, a, b));
                }
            }
            _ => break,
        }
    }
    state
}

/// One love step of the lover on `from` towards `target`: sideways first, then along the
/// file, never away, never diagonal, never onto or over another piece but the lover. `walk`
/// moves the piece with the step's side effects.
pub(crate) fn love_step<R: Rules>(
    pos: &mut Position<R>,
    from: Square,
    target: Square,
    walk: &mut impl FnMut(&mut Position<R>, Square, Square),
) -> LoveStep {
    let file_step = (target.file() as i32 - from.file() as i32).signum();
    let rank_step = (target.rank() as i32 - from.rank() as i32).signum();
    let tries = [(file_step, 0), (0, rank_step)];
    for (files, ranks) in tries {
        if files == 0 && ranks == 0 {
            continue;
        }
        let Some(to) = offset(from, files, ranks) else {
            continue;
        };
        if to == target {
            return LoveStep::Met;
        }
        if pos.occupied().contains(to) {
            continue;
        }
        walk(pos, from, to);
        return LoveStep::Moved(to);
    }
    LoveStep::Stayed
}

/// Both lovers step, White's first (or the first-chosen one if both are of one colour),
/// the other towards the first's new square; a meeting is a `lovemate`.
pub(crate) fn love_steps<R: Rules>(
    pos: &mut Position<R>,
    state: &mut LoveState,
    walk: &mut impl FnMut(&mut Position<R>, Square, Square),
    lovemate: impl FnOnce(&mut Position<R>, &mut LoveState, Square, Square),
) {
    let Some([a, b]) = state.couple else {
        return;
    };
    let a_white = pos.color(Color::White).contains(a);
    let b_white = pos.color(Color::White).contains(b);
    let (first, second) = if a_white != b_white && b_white {
        (b, a)
    } else {
        (a, b)
    };
    let first_now = match love_step(pos, first, second, walk) {
        LoveStep::Met => return lovemate(pos, state, first, second),
        LoveStep::Moved(to) => to,
        LoveStep::Stayed => first,
    };
    let second_now = match love_step(pos, second, first_now, walk) {
        LoveStep::Met => return lovemate(pos, state, first_now, second),
        LoveStep::Moved(to) => to,
        LoveStep::Stayed => second,
    };
    state.couple = Some(if first == a {
        [first_now, second_now]
    } else {
        [second_now, first_now]
    });
}

/// The couple after a move that killed on `killed` (if anything) and carried pieces as
/// `moved` says (from, to): a kill of a lover breaks it (the survivor is free, a new couple
/// is chosen); otherwise it follows its pieces and they make their love steps.
pub(crate) fn after_move<R: Rules>(
    pos: &mut Position<R>,
    state: &mut LoveState,
    killed: Option<Square>,
    moved: &[(Square, Square)],
    walk: &mut impl FnMut(&mut Position<R>, Square, Square),
    lovemate: impl FnOnce(&mut Position<R>, &mut LoveState, Square, Square),
) {
    let Some([a, b]) = state.couple else {
        return;
    };
    if killed.is_some_and(|square| square == a || square == b) {
        state.couple = None;
        return;
    }
    let follow = |square: Square| {
        moved
            .iter()
            .find(|(old, _)| *old == square)
            .map_or(square, |(_, new)| *new)
    };
    state.couple = Some([follow(a), follow(b)]);
    love_steps(pos, state, walk, lovemate);
}

/// The distinct couples the 64 x 64 equally likely throws select among `eligible` (Black's on
/// `black`), with how many throws select each, as chance moves (of `kind`, which says
/// nothing). Couples of two colours are grouped whichever lover came first (the order only
/// matters for the love steps of a one-colour couple).
pub(crate) fn couple_outcomes(
    black: Bitboard,
    eligible: Bitboard,
    kind: amity_engine::Kind,
    outcomes: &mut Vec<ChanceOutcome>,
) {
    let pieces = candidates(black, eligible);
    let n = pieces.len();
    if n < 3 {
        return;
    }
    let squares = || (0..64u32).map(Square::new);
    // How many first throws select each piece.
    let mut first_weight = vec![0u32; n];
    for throw in squares() {
        let best = (0..n)
            .min_by_key(|&i| pieces[i].first_key(throw))
            .unwrap_or(0);
        first_weight[best] += 1;
    }
    // For each second throw and colour of the first lover, the two preferred pieces: the
    // second lover is the better of them that is not the first lover.
    let mut preferred = [[(0usize, 0usize); 64]; 2];
    for (colour, table) in preferred.iter_mut().enumerate() {
        let first_black = colour == 1;
        for throw in squares() {
            let key = |i: usize| pieces[i].second_key(throw, first_black);
            let (mut best, mut next) = if key(0) < key(1) { (0, 1) } else { (1, 0) };
            for i in 2..n {
                if key(i) < key(best) {
                    next = best;
                    best = i;
                } else if key(i) < key(next) {
                    next = i;
                }
            }
            table[throw as usize] = (best, next);
        }
    }
    let mut weights = vec![0u32; n * n];
    for (first, &weight) in first_weight.iter().enumerate() {
        if weight == 0 {
            continue;
        }
        let table = &preferred[pieces[first].black as usize];
        for &(best, next) in table.iter() {
            let second = if best == first { next } else { best };
            let (a, b) = if pieces[first].black != pieces[second].black && pieces[first].black {
                (second, first)
            } else {
                (first, second)
            };
            weights[a * n + b] += weight;
        }
    }
    for (index, &weight) in weights.iter().enumerate() {
        if weight > 0 {
            let (a, b) = (pieces[index / n].square, pieces[index % n].square);
            outcomes.push(ChanceOutcome {
                outcome: Move::chance(a, b, kind),
                weight,
            });
        }
    }
}

impl Love {
    // ----- state and hash -----

    fn state_key(state: &LoveState) -> u64 {
        let mut key = PHASE_KEYS.key(state.phase as usize);
        if let Some([a, b]) = state.couple {
            key ^= FIRST_LOVER_KEYS.key(a as usize) ^ SECOND_LOVER_KEYS.key(b as usize);
        }
        key
    }

    fn set_state(pos: &mut Position<Love>, state: LoveState) {
        if pos.state != state {
            pos.toggle_hash(Self::state_key(&pos.state) ^ Self::state_key(&state));
            pos.state = state;
        }
    }

    /// Chooses the couple when no throw is needed: the phase moves on while fewer than two
    /// pieces are eligible, and exactly two are the couple. Three or more leave a throw pending.
    fn settle(pos: &mut Position<Love>) {
        let state = settled(
            pos.state,
            pos.color(Color::Black),
            pos.kind(KING),
            LAST_PHASE,
            |phase| eligible(pos, phase),
        );
        Self::set_state(pos, state);
    }

    /// Whether a couple must be chosen by a throw before the next move.
    pub fn throw_pending(pos: &Position<Love>) -> bool {
        pos.state.couple.is_none()
            && pos.kind(KING).any()
            && eligible(pos, pos.state.phase).count() > 2
    }

    /// The en passant square is kept only while a pawn of the side to move that is not in love
    /// can use it, so that equal positions hash alike.
    fn normalize_en_passant(pos: &mut Position<Love>) {
        if let Some(square) = pos.en_passant() {
            let us = pos.turn();
            let capturers = pos.pieces(us, PAWN) & !pos.state.lovers();
            let victim = offset(square, 0, -forward(us));
            let victim_there = victim.is_some_and(|v| pos.pieces(!us, PAWN).contains(v));
            if !victim_there || (pawn_attacks(!us, square) & capturers).is_empty() {
                pos.set_en_passant(None);
            }
        }
    }

    // ----- attacks -----

    /// Pieces of `attacker` that attack `square`: lovers attack nothing, but still block lines.
    #[inline]
    fn attackers(pos: &Position<Love>, square: Square, attacker: Color) -> Bitboard {
        orthodox::attackers_to(pos, square, attacker, pos.occupied()) & !pos.state.lovers()
    }

    /// Whether the monarch of `color` is attacked (false once the monarchs have lovemated).
    fn monarch_attacked(pos: &Position<Love>, color: Color) -> bool {
        pos.pieces(color, KING)
            .first()
            .is_some_and(|king| Self::attackers(pos, king, !color).any())
    }

    // ----- move generation -----

    fn push_pawn_move(moves: &mut MoveList, from: Square, to: Square, color: Color) {
        if to.rank() == color.relative_rank(Rank::Eighth) {
            for kind in orthodox::FIDE_PROMOTIONS {
                moves.push(Move::promotion(from, to, kind));
            }
        } else {
            moves.push(Move::normal(from, to));
        }
    }

    /// Every move the pieces of the side to move can make, before the love steps are played
    /// out to see whether the monarch survives them.
    fn pseudo_legal(pos: &Position<Love>, moves: &mut MoveList) {
        let us = pos.turn();
        let ours = pos.color(us);
        let theirs = pos.color(!us);
        let occupied = pos.occupied();
        let empty = !occupied;
        let state = pos.state;
        for from in ours {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            let partner = state.partner(from);
            // A lover's only "capture" is the meeting onto its lover's square.
            let kill_targets = match partner {
                Some(lover) => Bitboard::from_square(lover),
                None => theirs & !pos.kind(KING),
            };
            if piece.kind == PAWN {
                let step = 8 * forward(us);
                if let Some(one) = offset(from, 0, forward(us))
                    && empty.contains(one)
                {
                    Self::push_pawn_move(moves, from, one, us);
                    if from.rank() == us.relative_rank(Rank::Second) {
                        let two = Square::new((one as i32 + step) as u32);
                        if empty.contains(two) {
                            moves.push(Move::normal(from, two));
                        }
                    }
                }
                for to in pawn_attacks(us, from) & kill_targets {
                    if partner.is_some() {
                        // A meeting never promotes.
                        moves.push(Move::normal(from, to));
                    } else {
                        Self::push_pawn_move(moves, from, to, us);
                    }
                }
                if partner.is_none()
                    && let Some(target) = pos.en_passant()
                    && pawn_attacks(us, from).contains(target)
                    && empty.contains(target)
                    && offset(target, 0, -forward(us))
                        .is_some_and(|victim| pos.pieces(!us, PAWN).contains(victim))
                {
                    moves.push(Move::en_passant(from, target));
                }
            } else {
                let reach = orthodox::attacks(piece.kind, us, from, occupied);
                for to in reach & (empty | kill_targets) {
                    moves.push(Move::normal(from, to));
                }
            }
        }
        Self::castling_moves(pos, moves);
    }

    /// Castling as in chess: rights, empty squares, and the monarch neither in check nor
    /// passing through or arriving on an attacked square, all judged before the move.
    fn castling_moves(pos: &Position<Love>, moves: &mut MoveList) {
        let us = pos.turn();
        let Some(king) = pos.pieces(us, KING).first() else {
            return;
        };
        if king != Square::from_coords(File::E, us.backrank())
            || Self::attackers(pos, king, !us).any()
        {
            return;
        }
        let rooks = pos.castling() & pos.pieces(us, ROOK) & Bitboard::from_rank(us.backrank());
        let notation = CastlingNotation::KingMove;
        push_castlings(king, rooks, pos.occupied(), notation, moves, |castle| {
            castle
                .king_path()
                .into_iter()
                .all(|square| Self::attackers(pos, square, !us).is_empty())
        });
    }

    // ----- making moves -----

    /// Moves a piece by a love step: en passant lapses if the step touches the double step,
    /// a monarch or rook loses its castling rights, a pawn on its last rank becomes a general.
    fn walk(pos: &mut Position<Love>, from: Square, to: Square) {
        let Some(piece) = pos.remove(from) else {
            return;
        };
        if let Some(target) = pos.en_passant() {
            // The turn has not passed yet: the pawn that double-stepped stands just beyond
            // the skipped square in the mover's direction.
            let double_stepped = offset(target, 0, forward(pos.turn()));
            if double_stepped == Some(from) || to == target {
                pos.set_en_passant(None);
            }
        }
        match piece.kind {
            KING => pos.discard_castling(Bitboard::from_rank(piece.color.backrank())),
            ROOK => pos.discard_castling(Bitboard::from_square(from)),
            _ => {}
        }
        let kind = if piece.kind == PAWN && to.rank() == piece.color.relative_rank(Rank::Eighth) {
            QUEEN
        } else {
            piece.kind
        };
        pos.put(to, Piece::new(piece.color, kind));
    }

    /// Both lovers leave the board; the next phase begins (the monarchs keep phase 4: the game
    /// is over).
    fn lovemate(pos: &mut Position<Love>, state: &mut LoveState, a: Square, b: Square) {
        for square in [a, b] {
            if let Some(piece) = pos.remove(square) {
                match piece.kind {
                    KING => pos.discard_castling(Bitboard::from_rank(piece.color.backrank())),
                    _ => pos.discard_castling(Bitboard::from_square(square)),
                }
            }
        }
        state.couple = None;
        state.phase = (state.phase + 1).min(LAST_PHASE);
        pos.set_halfmove_clock(0);
    }

    /// Plays a move and the love steps after it, without choosing a new couple: the position
    /// legality is judged on.
    fn play_without_choice(pos: &mut Position<Love>, mv: Move) {
        let us = pos.turn();
        let from = mv.from();
        let to = mv.to();
        let mut state = pos.state;
        pos.set_en_passant(None);
        pos.discard_castling(Bitboard::from_square(from) | Bitboard::from_square(to));
        pos.set_halfmove_clock(pos.halfmove_clock() + 1);

        let meeting = mv.flag() == MoveFlag::Normal && state.partner(from) == Some(to);
        if meeting {
            Self::lovemate(pos, &mut state, from, to);
        } else {
            let mut killed = None;
            let mut moved = vec![(from, to)];
            match mv.flag() {
                MoveFlag::Normal | MoveFlag::Promotion => {
                    if pos.remove(to).is_some() {
                        killed = Some(to);
                    }
                    if let Some(piece) = pos.remove(from) {
                        let kind = if mv.flag() == MoveFlag::Promotion {
                            mv.kind()
                        } else {
                            piece.kind
                        };
                        pos.put(to, Piece::new(us, kind));
                        if piece.kind == PAWN {
                            pos.set_halfmove_clock(0);
                            if from.rank().distance(to.rank()) == 2 {
                                pos.set_en_passant(offset(from, 0, forward(us)));
                            }
                        } else if piece.kind == KING {
                            pos.discard_castling(Bitboard::from_rank(us.backrank()));
                        }
                    }
                }
                MoveFlag::Castle => {
                    let castle = Castle::of_move(pos, mv);
                    castle.play(pos);
                    pos.discard_castling(Bitboard::from_rank(us.backrank()));
                    moved.push((castle.rook, castle.rook_to));
                }
                MoveFlag::EnPassant => {
                    let victim = Square::from_coords(to.file(), from.rank());
                    pos.remove(victim);
                    pos.relocate(from, to);
                    killed = Some(victim);
                }
                _ => {}
            }
            if killed.is_some() {
                pos.set_halfmove_clock(0);
            }
            after_move(
                pos,
                &mut state,
                killed,
                &moved,
                &mut Self::walk,
                Self::lovemate,
            );
        }
        pos.end_turn();
        Self::set_state(pos, state);
    }

    // ----- chance -----

    /// The distinct couples a throw may select, with how many throws select each.
    fn couples(pos: &Position<Love>, outcomes: &mut Vec<ChanceOutcome>) {
        let eligible = eligible(pos, pos.state.phase);
        couple_outcomes(pos.color(Color::Black), eligible, PAWN, outcomes);
    }

    /// The couple chosen by two thrown coordinates, as the chance move that makes it.
    fn throw(pos: &Position<Love>, first: Square, second: Square) -> Option<Move> {
        if !Self::throw_pending(pos) {
            return None;
        }
        let eligible = eligible(pos, pos.state.phase);
        let [a, b] = couple_from_throws(pos.color(Color::Black), eligible, first, second)?;
        Some(Move::chance(a, b, PAWN))
    }

    // ----- evaluation -----

    /// How much of a lover's value is expected to survive: a couple `steps` apart (in love
    /// steps, both lovers closing in) is likely to lovemate soon, taking both off the board.
    fn survival(steps: i32) -> (i32, i32) {
        (steps, steps + 4)
    }

    /// White's evaluation `white` (without love) adjusted for `couple` in love on `pos`.
    fn with_couple(pos: &Position<Love>, white: i32, [a, b]: [Square; 2]) -> i32 {
        let steps = a.file().distance(b.file()) as i32 + a.rank().distance(b.rank()) as i32;
        let (keep, of) = Self::survival(steps);
        if pos.kind(KING).contains(a) {
            // The monarchs close in on a draw: an advantage fades as they near.
            return white * keep / of;
        }
        // Lovers are material that cannot fight and will leave with their lover.
        let mut white = white;
        for square in [a, b] {
            if let Some(piece) = pos.piece_at(square) {
                let worth = LOVE_PIECES[piece.kind.index()].value;
                let sign = if piece.color == Color::White { 1 } else { -1 };
                white -= sign * (worth - worth * keep / of);
            }
        }
        white
    }
}

/// Parses `love:<phase>:<couple>`.
pub(crate) fn parse_love_field(field: &str, last_phase: u8) -> Result<LoveState, FenError> {
    let mut parts = Parts::tagged(field, "love", "<phase>:<couple or ->", 2..=2)?;
    let phase = fen_fields::number("love phase", parts.next_part(), 1..=last_phase)?;
    let couple = fen_fields::or_none(parts.next_part(), |couple| {
        let squares = (couple.len() == 4)
            .then(|| {
                let a = Square::from_ascii(&couple.as_bytes()[..2]).ok()?;
                let b = Square::from_ascii(&couple.as_bytes()[2..]).ok()?;
                Some([a, b])
            })
            .flatten();
        squares.ok_or_else(|| fen_fields::expected("love couple", "two squares or -", couple))
    })?;
    Ok(LoveState { phase, couple })
}

/// Writes ` love:<phase>:<couple>`.
pub(crate) fn write_love_field(state: &LoveState, out: &mut String) {
    out.push_str(&format!(" love:{}:", state.phase));
    fen_fields::write_or_none(out, state.couple.map(|[a, b]| format!("{a}{b}")));
}

impl Rules for Love {
    type State = LoveState;

    fn identity(&self) -> Identity {
        Identity::new(
            "love",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 love:1:-",
            &LOVE_PIECES,
        )
    }

    fn options() -> &'static [OptionSpec] {
        &[EVAL_FILE]
    }

    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let mut fields = ExtraFields::new(fields);
        pos.state = match fields.optional() {
            Some(field) => parse_love_field(field, LAST_PHASE)?,
            None => LoveState::default(),
        };
        fields.finish()
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        write_love_field(&pos.state, out);
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        let state = pos.state;
        let kings = pos.kind(KING);
        let monarchs_met = kings.is_empty() && state.phase == LAST_PHASE && state.couple.is_none();
        if !monarchs_met {
            for color in [Color::White, Color::Black] {
                let count = pos.pieces(color, KING).count();
                if count != 1 {
                    return Err(FenError::Illegal(format!(
                        "{} has {count} monarchs, needs exactly one (none for both only after \
                         the monarchs' lovemate, love:4:-)",
                        orthodox::color_name(color)
                    )));
                }
            }
        }
        // A love step may carry a pawn back to its own first rank; its last rank it never
        // reaches as a pawn.
        if (pos.pieces(Color::White, PAWN) & Bitboard::from_rank(Rank::Eighth)).any()
            || (pos.pieces(Color::Black, PAWN) & Bitboard::from_rank(Rank::First)).any()
        {
            return Err(FenError::Illegal("a pawn stands on its last rank".into()));
        }
        if let Some([a, b]) = state.couple {
            if a == b || !pos.occupied().contains(a) || !pos.occupied().contains(b) {
                return Err(FenError::Illegal(format!(
                    "the couple {a}{b} must be two different occupied squares"
                )));
            }
            if state.phase == LAST_PHASE && !(kings.contains(a) && kings.contains(b)) {
                return Err(FenError::Illegal(
                    "in phase 4 only the monarchs can be in love".into(),
                ));
            }
            // The hash is computed after validation: the state may simply be replaced.
            pos.state.couple = Some(kept_order(pos.color(Color::Black), [a, b]));
        }
        for right in pos.castling() {
            let color = amity_engine::castling::right_owner(right);
            let king_home = Square::from_coords(File::E, color.backrank());
            if right.rank() != color.backrank()
                || !pos.pieces(color, ROOK).contains(right)
                || !pos.pieces(color, KING).contains(king_home)
                || !(right.file() == File::A || right.file() == File::H)
            {
                return Err(FenError::Castling(format!(
                    "no {} monarch on {king_home} and rook on {right} for that right",
                    orthodox::color_name(color)
                )));
            }
        }
        if let Some(square) = pos.en_passant() {
            let us = pos.turn();
            let pusher = offset(square, 0, -forward(us));
            // The square the pawn left may be filled again: a love step after the double
            // step may land there and en passant stays (only the skipped square counts).
            let plausible = square.rank()
                == match us {
                    Color::White => Rank::Sixth,
                    Color::Black => Rank::Third,
                }
                && !pos.occupied().contains(square)
                && pusher.is_some_and(|p| pos.pieces(!us, PAWN).contains(p));
            if !plausible {
                return Err(FenError::EnPassant(format!(
                    "no {} pawn can just have passed {square}",
                    orthodox::color_name(!us)
                )));
            }
        }
        if Self::monarch_attacked(pos, !pos.turn()) {
            return Err(FenError::Illegal(format!(
                "{} is not to move but its monarch is attacked",
                orthodox::color_name(!pos.turn())
            )));
        }
        Self::settle(pos);
        Self::normalize_en_passant(pos);
        Ok(())
    }

    fn state_hash(&self, state: &LoveState) -> u64 {
        Self::state_key(state)
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if pos.state.couple.is_none() {
            // A throw is pending, or the monarchs have lovemated.
            return;
        }
        let us = pos.turn();
        let mut candidates = MoveList::new();
        Self::pseudo_legal(pos, &mut candidates);
        for &mv in candidates.iter() {
            let mut after = pos.clone();
            Self::play_without_choice(&mut after, mv);
            if !Self::monarch_attacked(&after, us) {
                moves.push(mv);
            }
        }
    }

    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> bool {
        mv.flag() == MoveFlag::Promotion
            || mv.flag() == MoveFlag::EnPassant
            || (mv.flag() == MoveFlag::Normal && pos.occupied().contains(mv.to()))
    }

    fn gain_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> i32 {
        let value = |square: Square| {
            pos.piece_at(square)
                .map_or(0, |piece| LOVE_PIECES[piece.kind.index()].value)
        };
        match mv.flag() {
            MoveFlag::EnPassant => LOVE_PIECES[PAWN.index()].value,
            MoveFlag::Normal if pos.state.partner(mv.from()) == Some(mv.to()) => {
                // A meeting: both lovers go; what the mover gains is the enemy lover, if any.
                let theirs = pos.theirs().contains(mv.to());
                (if theirs {
                    value(mv.to())
                } else {
                    -value(mv.to())
                }) - value(mv.from())
            }
            MoveFlag::Normal | MoveFlag::Promotion if pos.theirs().contains(mv.to()) => {
                value(mv.to())
            }
            _ => 0,
        }
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        if mv.flag() == MoveFlag::Chance {
            let mut state = pos.state;
            state.couple = Some(kept_order(pos.color(Color::Black), [mv.from(), mv.to()]));
            Self::set_state(pos, state);
        } else {
            Self::play_without_choice(pos, mv);
            Self::settle(pos);
        }
        Self::normalize_en_passant(pos);
    }

    fn search_flags(&self) -> SearchFlags {
        // A pass would skip the love steps every real move triggers, so null-move pruning
        // would reason about a position the rules never produce.
        SearchFlags {
            null_move: false,
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    fn in_check(&self, pos: &Position<Self>) -> bool {
        Self::monarch_attacked(pos, pos.turn())
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        (pos.kind(KING).is_empty() && pos.state.phase == LAST_PHASE)
            .then_some(Outcome::Draw(DrawReason::Variant("the monarchs lovemate")))
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        Outcome::checkmate_or_stalemate(pos.turn(), self.in_check(pos))
    }

    fn position_draw(&self, pos: &Position<Self>) -> Option<DrawReason> {
        (pos.kind(KING).any() && orthodox::insufficient_material(pos))
            .then_some(DrawReason::InsufficientMaterial)
    }

    /// Love steps move pawns sideways and backwards, so a pawn move (which resets the clock)
    /// can be undone by the steps that follow: two lovers can shuttle forever, every ply a
    /// pawn move, and repetition must look at the whole game to see it.
    fn draw_rules(&self) -> amity_engine::DrawRules {
        amity_engine::DrawRules::CHESS_REVERSIBLE
    }

    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if !Self::throw_pending(pos) {
            return false;
        }
        Self::couples(pos, outcomes);
        true
    }

    fn perft_chance(&self, pos: &Position<Self>) -> Option<Move> {
        Self::throw(pos, Square::E4, Square::D5)
    }

    fn evaluate_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> i32 {
        self.network.evaluate_in(pos, scratch, || evaluate(pos))
    }
}

/// The classical evaluation of `pos` from the side to move's point of view: standard material
/// and placement, then what love does to it (see `docs/variants/love.md`).
pub fn evaluate(pos: &Position<Love>) -> i32 {
    let mut white = evaluation::standard(pos);
    if pos.turn() == Color::Black {
        white = -white;
    }
    let white = match pos.state.couple {
        Some(couple) => Love::with_couple(pos, white, couple),
        None if Love::throw_pending(pos) => {
            // A couple is about to be chosen: the mean of the evaluations the possible
            // couples give, weighted by the throws that choose them. The search values a
            // pending throw at its horizon by this, so it is the same number as averaging
            // the outcomes one by one, at the cost of one grouping instead of a position
            // per couple.
            let mut outcomes = Vec::new();
            Love::couples(pos, &mut outcomes);
            let total: i64 = outcomes.iter().map(|o| i64::from(o.weight)).sum();
            let sum: i64 = outcomes
                .iter()
                .map(|o| {
                    let couple = [o.outcome.from(), o.outcome.to()];
                    i64::from(o.weight) * i64::from(Love::with_couple(pos, white, couple))
                })
                .sum();
            if total > 0 {
                (sum / total) as i32
            } else {
                white
            }
        }
        None => white,
    };
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

impl Notation for Love {
    /// `roll:<square><square>`: the two squares a throw named, whichever couple they select.
    fn parse_written(&self, pos: &Position<Self>, token: &str) -> Option<Move> {
        let squares = token.strip_prefix("roll:")?.as_bytes();
        if squares.len() != 4 {
            return None;
        }
        let first = Square::from_ascii(&squares[..2]).ok()?;
        let second = Square::from_ascii(&squares[2..]).ok()?;
        Self::throw(pos, first, second)
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            // The lovers' own squares are a throw that selects exactly this couple.
            MoveFlag::Chance => format!("roll:{}{}", mv.from(), mv.to()),
            MoveFlag::Promotion => format!(
                "{}{}{}",
                mv.from(),
                mv.to(),
                LOVE_PIECES[mv.kind().index()].symbol.to_lowercase()
            ),
            _ if mv.is_null() => "0000".into(),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for Love {
    /// A heart on each piece of the couple in love.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<amity_engine::SquareLabel> {
        pos.state
            .couple
            .into_iter()
            .flatten()
            .map(|square| amity_engine::SquareLabel {
                square,
                text: "\u{2665}".into(),
                owner: pos.piece_at(square).map(|piece| piece.color),
            })
            .collect()
    }

    fn describe(&self, pos: &Position<Self>) -> String {
        let state = pos.state;
        let phase = match state.phase {
            1 => "pawns",
            2 => "rooks, knights and bishops",
            3 => "generals",
            _ => "monarchs",
        };
        let couple = match state.couple {
            Some(squares) => squares
                .iter()
                .map(|&square| match pos.piece_at(square) {
                    Some(piece) => format!(
                        "{} {} on {square}",
                        if piece.color == Color::White {
                            "white"
                        } else {
                            "black"
                        },
                        LOVE_PIECES[piece.kind.index()].name
                    ),
                    None => square.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" loves "),
            None if Self::throw_pending(pos) => "to be thrown".into(),
            None if pos.kind(KING).is_empty() => "the monarchs have lovemated".into(),
            None => "none".into(),
        };
        format!("Love: phase {} ({phase}); couple: {couple}\n", state.phase)
    }
}

impl Learning for Love {
    board_network::board_network_inputs!(LoveLayout);

    /// A network corrects the classical evaluation (there is no linear one to tune).
    fn correction_base(&self, pos: &Position<Self>) -> Option<i32> {
        Some(evaluate(pos))
    }
}

impl Solver for Love {}

impl amity_engine::Partner for Love {}
