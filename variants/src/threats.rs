//! The features of the tuned evaluations (chess, Los Alamos) that weigh one side's attacks
//! against the other's: threats on pieces and pawns, safe checks, and how free passed pawns
//! are to advance. Each evaluation gathers a [`SideAttacks`] per side while counting that
//! side's own features, then [`add_threat_features`] counts these into its own layout.

use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::tuning::Features;
use amity_engine::{Bitboard, Color, Kind, Position, Rules};

/// What one side's pieces attack and which of its pawns are passed.
#[derive(Default)]
pub(crate) struct SideAttacks {
    /// Squares attacked by each kind, indexed by the kind's number (pawn, knight, bishop,
    /// rook, queen, king).
    pub by_kind: [u64; 6],
    /// Squares attacked by any piece.
    pub all: u64,
    pub passers: u64,
}

impl SideAttacks {
    /// Marks what every kind attacks as attacked by the side.
    pub fn gather(&mut self) {
        self.all = self.by_kind.iter().fold(0, |all, kind| all | kind);
    }
}

/// Threat weights per half: the side to move's threats come first, then the other side's.
pub(crate) const THREAT_KINDS: usize = 5;
/// Within a half: enemy knights, bishops, rooks and queens a pawn attacks.
pub(crate) const PAWN_THREAT: usize = 0;
/// Enemy rooks and queens a knight or bishop attacks.
pub(crate) const MINOR_THREAT: usize = 1;
/// Enemy queens a rook attacks.
pub(crate) const ROOK_THREAT: usize = 2;
/// Enemy pieces (not pawns or king) attacked and not defended.
pub(crate) const HANGING_PIECE: usize = 3;
/// Enemy pawns attacked and not defended.
pub(crate) const HANGING_PAWN: usize = 4;

/// The name of the threat weight `offset` places after the first, for the tuner's report.
pub(crate) fn threat_name(offset: usize) -> String {
    let threat = [
        "pawn attacks a piece",
        "minor attacks a rook or queen",
        "rook attacks a queen",
        "piece attacked and undefended",
        "pawn attacked and undefended",
    ][offset % THREAT_KINDS];
    let side = if offset < THREAT_KINDS {
        "side to move"
    } else {
        "side not to move"
    };
    format!("{threat}, by the {side}")
}

/// Where an evaluation keeps these weights, and the board they are counted on.
pub(crate) struct ThreatLayout {
    /// The first threat weight: the side to move's threats, which it can act on at once, then
    /// from `threats + THREAT_KINDS` the other side's, which the side to move may parry.
    pub threats: usize,
    /// One weight per kind in `check_kinds`: squares it could check the enemy king from,
    /// reached and safe.
    pub safe_check: usize,
    pub check_kinds: &'static [Kind],
    /// Passed pawns whose stop square is occupied, by relative rank.
    pub passer_blocked: usize,
    /// Passed pawns whose stop square is empty and not attacked by the enemy, by relative rank.
    pub passer_free: usize,
    /// The board's squares within the bitboard, and its ranks.
    pub board: u64,
    pub ranks: usize,
}

/// Adds `us`'s threat, safe-check and passer features, with `+1` for White and `−1` for Black.
pub(crate) fn add_threat_features<R: Rules>(
    pos: &Position<R>,
    us: Color,
    ours: &SideAttacks,
    theirs: &SideAttacks,
    layout: &ThreatLayout,
    features: &mut Features,
) {
    let sign = if us == Color::White { 1 } else { -1 };
    let them = !us;
    let threats = if pos.turn() == us {
        layout.threats
    } else {
        layout.threats + THREAT_KINDS
    };
    let attacked_by = |kind: Kind| ours.by_kind[kind.index()];
    let enemy = |kind| pos.pieces(them, kind).0;
    let minors = enemy(KNIGHT) | enemy(BISHOP);
    let majors = enemy(ROOK) | enemy(QUEEN);
    let pieces = minors | majors;
    let count = |bits: u64| sign * bits.count_ones() as i32;
    features.add(threats + PAWN_THREAT, count(attacked_by(PAWN) & pieces));
    features.add(
        threats + MINOR_THREAT,
        count((attacked_by(KNIGHT) | attacked_by(BISHOP)) & majors),
    );
    features.add(
        threats + ROOK_THREAT,
        count(attacked_by(ROOK) & enemy(QUEEN)),
    );
    features.add(
        threats + HANGING_PIECE,
        count(ours.all & pieces & !theirs.all),
    );
    features.add(
        threats + HANGING_PAWN,
        count(ours.all & enemy(PAWN) & !theirs.all),
    );

    let occupied = pos.occupied();
    if let Some(king) = pos.pieces(them, KING).first() {
        let safe = !theirs.all & !pos.color(us).0 & layout.board;
        // A piece checks from the squares it would reach from the king's square; a queen's
        // are a bishop's and a rook's together, so the line lookups are made once.
        let diagonal = orthodox::attacks(BISHOP, them, king, occupied).0;
        let straight = orthodox::attacks(ROOK, them, king, occupied).0;
        for (index, &kind) in layout.check_kinds.iter().enumerate() {
            let checks = match kind {
                BISHOP => diagonal,
                ROOK => straight,
                QUEEN => diagonal | straight,
                _ => orthodox::attacks(kind, them, king, occupied).0,
            };
            features.add(
                layout.safe_check + index,
                count(checks & attacked_by(kind) & safe),
            );
        }
    }

    for square in Bitboard(ours.passers) {
        let rank = square.rank() as usize;
        let rank = match us {
            Color::White => rank,
            Color::Black => layout.ranks - 1 - rank,
        };
        // A pawn on the last rank has promoted; a passer's stop square is always on the board.
        if rank + 1 >= layout.ranks {
            continue;
        }
        let stop_bit = match us {
            Color::White => 1u64 << (square as u32 + 8),
            Color::Black => 1u64 << (square as u32 - 8),
        };
        if occupied.0 & stop_bit != 0 {
            features.add(layout.passer_blocked + rank, sign);
        } else if theirs.all & stop_bit == 0 {
            features.add(layout.passer_free + rank, sign);
        }
    }
}

/// The features `features_of` finds in `fen`, as the net count (White's counts minus Black's)
/// of each index: for tests of the features.
#[cfg(test)]
pub(crate) fn counts_in<R: Rules>(
    rules: R,
    fen: &str,
    features_of: fn(&Position<R>, &mut Features),
) -> impl Fn(usize) -> i32 {
    let game = amity_engine::Game::from_fen(rules, fen).expect("valid FEN");
    let mut features = Features::default();
    features_of(game.position(), &mut features);
    move |index| {
        features
            .terms
            .iter()
            .filter(|(i, _)| usize::from(*i) == index)
            .map(|(_, n)| i32::from(*n))
            .sum()
    }
}
