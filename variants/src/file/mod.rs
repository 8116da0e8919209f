//! Games defined by a variant file (Fairy-Stockfish's `variants.ini` format, see
//! `docs/variants/file.md`): [`VariantFile`] reads and checks a file into games, and each
//! game is a [`FileGame`], the engine's rules driven by its [`Definition`]. The text is read
//! by [`reader`], the keys by [`definition`], pieces by [`betza`] and [`catalogue`], moves
//! made by [`generation`] and game ends by [`outcome`].

pub mod betza;
pub mod catalogue;
pub mod conversion;
mod couples;
pub mod definition;
pub mod generation;
pub mod outcome;
pub mod paths;
pub mod reader;

use amity_engine::RulesExt;
use std::sync::Arc;

use amity_engine::tuning::Learning;
use amity_engine::{
    Bitboard, Color, DrawReason, DrawRules, FenError, GuiBoard, Identity, Kind, Move, MoveFlag,
    MoveList, Notation, OptionKind, OptionSpec, Outcome, Position, Presentation, Rules, Scratch,
    SearchFlags, Solver, Square, Verdict,
    position::{MAX_KINDS, color_index},
    zobrist,
};

pub use definition::{Definition, GameValue};
pub use reader::{FileError, Problem};

use conversion::Conversion;
use definition::Counted;
use generation::Tables;

/// The option that loads a variant file, as Fairy-Stockfish names it.
pub const VARIANT_PATH: OptionSpec = OptionSpec {
    name: "VariantPath",
    player: false,
    kind: OptionKind::File { default: "" },
};

/// The file shipped with Amity, defining Fairy-Stockfish's built-in games on small boards;
/// a section of any file may inherit from its games.
pub const SHIPPED: &str = include_str!("../../fairy.ini");

/// A game's definition and its compiled move tables, shared by every copy of the rules.
#[derive(Debug)]
struct Compiled {
    definition: Definition,
    tables: Tables,
    conversion: Option<Conversion>,
}

/// The rules of one game a variant file defines.
#[derive(Clone, Debug)]
pub struct FileGame {
    compiled: Arc<Compiled>,
}

impl PartialEq for FileGame {
    fn eq(&self, other: &FileGame) -> bool {
        Arc::ptr_eq(&self.compiled, &other.compiled)
    }
}

impl Eq for FileGame {}

/// A position whose moves mostly need no trial ([`FileGame::untried`]): the side to move's
/// one royal piece and the pieces pinned to it; or, where one piece gives check, the squares
/// a move other than the king's must land on to have a chance (the checker's and those
/// between it and the king).
struct Untried {
    king: Square,
    pinned: Bitboard,
    evasion: Option<Bitboard>,
}

impl Untried {
    /// Whether the plain moves of the piece on `from` must be tried: the king's and a pinned
    /// piece's, and every piece's in check.
    #[inline]
    fn tries_from(&self, from: Square) -> bool {
        from == self.king || self.pinned.contains(from) || self.evasion.is_some()
    }

    /// Whether a pseudo-legal move needs no trial: a piece that is not pinned, moving while
    /// its king is not in check, cannot expose it.
    #[inline]
    fn skips_trial(&self, mv: Move) -> bool {
        match mv.flag() {
            // A drop only blocks lines.
            MoveFlag::Drop => self.evasion.is_none(),
            MoveFlag::Normal | MoveFlag::Promotion => !self.tries_from(mv.from()),
            _ => false,
        }
    }

    /// Whether a pseudo-legal move is illegal without a trial: in check, a move of another
    /// piece than the king (or a drop) that neither takes the checker nor blocks its line.
    #[inline]
    fn rejects(&self, mv: Move) -> bool {
        self.evasion.is_some_and(|evasion| match mv.flag() {
            MoveFlag::Drop => !evasion.contains(mv.to()),
            MoveFlag::Normal | MoveFlag::Promotion => {
                mv.from() != self.king && !evasion.contains(mv.to())
            }
            _ => false,
        })
    }

    /// Whether `mv`, pseudo-legal in `pos`, is legal: untried where it may be, the king's
    /// own step by whether anything attacks its square once it has left its own, the rest
    /// by trial.
    #[inline]
    fn passes(&self, game: &FileGame, pos: &Position<FileGame>, mv: Move) -> bool {
        if self.rejects(mv) {
            return false;
        }
        if self.skips_trial(mv) {
            return true;
        }
        if mv.flag() == MoveFlag::Normal && mv.from() == self.king {
            let without_king = pos.occupied() & !Bitboard::from_square(self.king);
            return !game
                .tables()
                .attacked_through(pos, mv.to(), !pos.turn(), without_king);
        }
        game.legal(pos, mv)
    }
}

/// Counts the moves that need no trial and keeps the others to try: what perft's last ply
/// needs.
struct Counter<'a> {
    untried: &'a Untried,
    counted: usize,
    to_try: MoveList,
}

impl generation::MoveSink for Counter<'_> {
    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        if let Some(evasion) = self.untried.evasion {
            let targets = if from == self.untried.king {
                targets
            } else {
                targets & evasion
            };
            generation::MoveSink::targets(&mut self.to_try, from, targets);
        } else if self.untried.tries_from(from) {
            generation::MoveSink::targets(&mut self.to_try, from, targets);
        } else {
            self.counted += targets.count();
        }
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if self.untried.skips_trial(mv) {
            self.counted += 1;
        } else {
            self.to_try.push(mv);
        }
    }

    #[inline]
    fn shifted(&mut self, targets: Bitboard, shift: i32) {
        if let Some(evasion) = self.untried.evasion {
            for to in targets & evasion {
                self.to_try
                    .push(Move::normal(generation::behind(to, shift), to));
            }
            return;
        }
        let tried = self.untried.pinned | Bitboard::from_square(self.untried.king);
        let to_try = generation::shifted(tried, shift) & targets;
        self.counted += (targets & !to_try).count();
        for to in to_try {
            self.to_try
                .push(Move::normal(generation::behind(to, shift), to));
        }
    }
}

/// What a file-defined game keeps beyond the board: the checks each side still has to give
/// (White's, Black's), where checks are counted, and each side's pieces in hand by kind,
/// where there are drops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileState {
    pub checks: [u8; 2],
    pub hands: [[u8; MAX_KINDS]; 2],
    /// The last move dropped a piece whose drop may not mate (shogi's pawn), giving check:
    /// if it mates, the mated side wins. A FEN does not say so (nor Fairy-Stockfish's).
    pub pawn_dropped: bool,
    /// The counting rule's count, where the game has one. Not in the hash, as neither the
    /// halfmove clock is (nor in Fairy-Stockfish's): a repetition still repeats while it runs.
    pub count: outcome::Count,
    /// Each side's run of checks, where shatar's mating rule needs it. Not in the hash (nor
    /// in Fairy-Stockfish's), nor in the FEN: a FEN's position starts a run afresh.
    pub checks_run: [outcome::Checks; 2],
    /// The phase and the couple in love, where the game has couples (`amityCouplePhases`).
    pub love: crate::love::LoveState,
}

/// The most pieces of one kind a hand may hold (a FEN asking for more is refused).
const MOST_IN_HAND: u8 = 64;

/// The hash of `count` pieces of `kind` in `color`'s hand (nothing for none).
pub(crate) fn hand_key(color: Color, kind: Kind, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    // Keys 256 and up: below them are the counted checks'.
    zobrist::variant(
        256 + (color_index(color) * MAX_KINDS + kind.index()) * 32 + usize::from(count % 32),
    )
}

/// The keys of the couples' phase and squares: those of the hands, which a game with couples
/// does not have (it has no drops).
const LOVE_KEYS: usize = 256;

/// The hash of the phase and the couple in love.
fn love_key(love: &crate::love::LoveState) -> u64 {
    let mut key = zobrist::variant(LOVE_KEYS + usize::from(love.phase));
    if let Some([a, b]) = love.couple {
        key ^= zobrist::variant(LOVE_KEYS + 8 + a as usize)
            ^ zobrist::variant(LOVE_KEYS + 8 + 64 + b as usize);
    }
    key
}

/// Checks counted from when no FEN says otherwise: as in Fairy-Stockfish, the next check
/// wins (Karouk's start position counts no checks, and its first check wins).
const DEFAULT_CHECKS: u8 = 1;

impl FileGame {
    fn new(definition: Definition) -> FileGame {
        let tables = Tables::new(&definition);
        let conversion = Conversion::new(&definition);
        FileGame {
            compiled: Arc::new(Compiled {
                definition,
                tables,
                conversion,
            }),
        }
    }

    /// The definition the game plays by.
    pub fn definition(&self) -> &Definition {
        &self.compiled.definition
    }

    fn tables(&self) -> &Tables {
        &self.compiled.tables
    }

    fn conversion(&self) -> Option<&Conversion> {
        self.compiled.conversion.as_ref()
    }

    /// Whether a side may be without a royal king: when losing all of a counted kind is how
    /// the game is lost (Horde's White).
    fn kingless_allowed(&self) -> bool {
        let game = self.definition();
        match (&game.extinction, game.king) {
            (Some(extinction), Some(king)) => match &extinction.counted {
                Counted::All => true,
                Counted::Kinds(kinds) => kinds.contains(&king),
            },
            (None, Some(_)) => false,
            (_, None) => true,
        }
    }

    /// Where pieces convert: whether a side must keep a king (claim one back when it has
    /// none), which a game that may be played without one (Horde's White) does not ask.
    fn king_required(&self) -> bool {
        self.definition().king.is_some() && !self.kingless_allowed()
    }

    /// Where moves may skip the trial of [`FileGame::legal`]: a game whose only rule on a
    /// move's legality is its one royal piece's safety, that piece not in check. `None`: try
    /// every move.
    fn untried(&self, pos: &Position<Self>) -> Option<Untried> {
        let game = self.definition();
        if game.makpong
            || game.couples.is_some()
            || game.immobility_illegal
            || !game.checking
            || game.amity != definition::AmityRules::FAIRY
            || self.tables().has_paths()
        {
            return None;
        }
        let us = pos.turn();
        let royal = pos.pieces(us, game.king?);
        let king = royal.single_square()?;
        match self.tables().pins_unless_checked(pos, king, us) {
            Some(pinned) => Some(Untried {
                king,
                pinned,
                evasion: None,
            }),
            None => Some(Untried {
                king,
                pinned: Bitboard::EMPTY,
                evasion: Some(self.tables().evasion(pos, king, us)?),
            }),
        }
    }

    /// The moves of `pos` that keep its royal piece safe, as `legal` finds them but tried
    /// only where [`FileGame::untried`] says they must be (before a must-capture rule).
    fn legal_moves(&self, pos: &Position<Self>, moves: &mut MoveList) {
        if self.definition().couples.is_some() {
            self.couple_legal_moves(pos, moves);
            return;
        }
        generation::pseudo_legal(self.definition(), self.tables(), pos, moves);
        match self.untried(pos) {
            Some(untried) => moves.retain(|mv| untried.passes(self, pos, mv)),
            None => moves.retain(|mv| self.legal(pos, mv)),
        }
    }

    fn legal(&self, pos: &Position<Self>, mv: Move) -> bool {
        let game = self.definition();
        let us = pos.turn();
        if let Some(conversion) = self.conversion() {
            return self.legal_converting(conversion, pos, mv);
        }
        if game.amity.supported_captures
            && self.captures(pos, mv)
            && (self.tables().attackers(pos, mv.to(), us, false)
                & !Bitboard::from_square(mv.from()))
            .is_empty()
        {
            return false;
        }
        if game.amity.frozen_in_check
            && mv.flag() != MoveFlag::Drop
            && game
                .king
                .is_some_and(|king| pos.pieces(us, king).contains(mv.from()))
            && self.king_attacked(pos, us)
        {
            return false;
        }
        // Makpong: a king in check may not move, but to take its only checker.
        if game.makpong
            && let Some(king) = game.king
            && pos.pieces(pos.turn(), king).contains(mv.from())
            && mv.flag() != MoveFlag::Drop
        {
            let checkers = self.tables().attackers(pos, mv.from(), !pos.turn(), false);
            if !checkers.is_empty() && checkers != amity_engine::Bitboard::from_square(mv.to()) {
                return false;
            }
        }
        let mut after = pos.clone();
        generation::make(game, &mut after, mv);
        self.legal_after(pos, mv, &after)
    }

    /// Whether `mv` is legal where pieces convert: a pawn's double step does not pass where
    /// it would be overly persuaded, nor a castling king start or cross such a square (each
    /// counted with the piece lifted); a king does not land overly persuaded; and the mover
    /// has a king when its turn's conversions are over.
    fn legal_converting(&self, conversion: &Conversion, pos: &Position<Self>, mv: Move) -> bool {
        let game = self.definition();
        let tables = self.tables();
        let us = pos.turn();
        let (from, to) = (mv.from(), mv.to());
        let moved = (mv.flag() != MoveFlag::Drop)
            .then(|| pos.piece_at(from).map(|piece| piece.kind))
            .flatten();
        let double_step = moved.is_some()
            && moved == game.pawn
            && from.file() == to.file()
            && (from.rank() as i32 - to.rank() as i32).abs() == 2;
        if double_step {
            let passed = Square::from_coords(
                from.file(),
                amity_engine::Rank::new((from.rank() as u32 + to.rank() as u32) / 2),
            );
            if conversion.persuaded_lifted(tables, pos, from, passed, us) {
                return false;
            }
        }
        if mv.flag() == MoveFlag::Castle
            && (shakmaty::attacks::between(from, to) | Bitboard::from_square(from))
                .into_iter()
                .any(|square| conversion.persuaded_lifted(tables, pos, from, square, us))
        {
            return false;
        }
        let mut after = pos.clone();
        generation::make(game, &mut after, mv);
        if moved.is_some()
            && moved == game.king
            && conversion.overly_persuaded(tables, &after, to, us, None)
        {
            return false;
        }
        conversion.end_turn(tables, &mut after, us, to);
        !self.king_required() || conversion.has_king(&after, us)
    }

    /// Whether `mv`, played from `pos` to `after`, leaves no royal piece attacked (and gives
    /// no check where checks are forbidden) and no piece where it can never move again.
    fn legal_after(&self, pos: &Position<Self>, mv: Move, after: &Position<Self>) -> bool {
        let game = self.definition();
        let tables = self.tables();
        let us = pos.turn();
        if let Some(king) = game.king {
            if self.king_attacked(after, us) {
                return false;
            }
            if !game.checking && self.king_attacked(after, !us) {
                return false;
            }
            // Castling asks only that the king's destination be free of attack, counted
            // with king and rook on their new squares.
            if mv.flag() == MoveFlag::Castle
                && game.amity.castling_destination_only
                && after
                    .pieces(us, king)
                    .into_iter()
                    .any(|square| tables.attacked(after, square, !us))
            {
                return false;
            }
        }
        if game.immobility_illegal
            && mv.flag() != MoveFlag::Castle
            && let Some(piece) = after.piece_at(mv.to())
            && tables.is_stuck(us, piece.kind, mv.to())
        {
            return false;
        }
        true
    }

    /// The pieces giving check to the side to move's royal piece.
    fn checkers(&self, pos: &Position<Self>) -> amity_engine::Bitboard {
        let us = pos.turn();
        self.definition()
            .king
            .map_or(amity_engine::Bitboard::EMPTY, |king| {
                pos.pieces(us, king)
                    .into_iter()
                    .fold(amity_engine::Bitboard::EMPTY, |checkers, square| {
                        checkers | self.tables().attackers(pos, square, !us, false)
                    })
            })
    }

    /// Whether `color`'s royal piece is in check: attacked by at least the game's number of
    /// the other side's pieces (one, unless `amityCheckAttackers` says more).
    fn king_attacked(&self, pos: &Position<Self>, color: Color) -> bool {
        let game = self.definition();
        // Where pieces convert, nothing is ever taken: no piece attacks a king.
        if game.amity.conversion.is_some() {
            return false;
        }
        if game.couples.is_some() {
            return self.attacked_by_no_lover(pos, color);
        }
        let needed = usize::from(game.amity.check_attackers);
        game.king.is_some_and(|king| {
            pos.pieces(color, king).into_iter().any(|square| {
                if needed <= 1 {
                    self.tables().attacked(pos, square, !color)
                } else {
                    self.tables().attackers(pos, square, !color, false).count() >= needed
                }
            })
        })
    }

    /// Whether `mv` takes a piece of the other side (en passant included).
    fn captures(&self, pos: &Position<Self>, mv: Move) -> bool {
        match mv.flag() {
            MoveFlag::EnPassant => true,
            MoveFlag::Normal | MoveFlag::Promotion => pos.theirs().contains(mv.to()),
            _ => false,
        }
    }
}

impl Rules for FileGame {
    type State = FileState;

    fn identity(&self) -> Identity {
        let game = self.definition();
        Identity::new(game.name, game.start_fen, game.pieces).on(game.geometry)
    }

    fn options() -> &'static [OptionSpec] {
        &[VARIANT_PATH]
    }

    /// The fields after the move number: the checks each side has yet to give (`3+3`) where
    /// checks are counted, and a running count (`5/32`) where the game has a counting rule.
    fn read_extra_fen(&self, pos: &mut Position<Self>, fields: &[&str]) -> Result<(), FenError> {
        let game = self.definition();
        if game.check_counting {
            pos.state.checks = [DEFAULT_CHECKS; 2];
        }
        let (mut checks_read, mut count_read) = (false, false);
        for field in fields {
            if game.couples.is_some() && field.starts_with("love:") {
                pos.state.love = crate::love::parse_love_field(field, self.last_phase())?;
            } else if game.check_counting && !checks_read && !field.contains('/') {
                let parsed = field
                    .split_once('+')
                    .and_then(|(w, b)| Some([w.parse().ok()?, b.parse().ok()?]));
                match parsed {
                    Some(checks) if checks.iter().all(|c: &u8| *c <= 99) => {
                        pos.state.checks = checks;
                        checks_read = true;
                    }
                    _ => {
                        return Err(FenError::UnexpectedField(format!(
                            "{field} (checks to give, as 3+3)"
                        )));
                    }
                }
            } else if game.counting.is_some() && !count_read {
                let parsed = field
                    .split_once('/')
                    .and_then(|(ply, limit)| Some((ply.parse().ok()?, limit.parse().ok()?)));
                match parsed {
                    Some((ply, limit)) if limit > 0 && limit <= 128 && ply <= 256 => {
                        pos.state.count = outcome::Count { limit, ply };
                        count_read = true;
                    }
                    _ => {
                        return Err(FenError::UnexpectedField(format!(
                            "{field} (the count's plies gone and allowed, as 5/32)"
                        )));
                    }
                }
            } else {
                return Err(FenError::UnexpectedField(field.to_string()));
            }
        }
        Ok(())
    }

    fn read_hand(&self, pos: &mut Position<Self>, hand: &str) -> Result<(), FenError> {
        let game = self.definition();
        if game.drops.is_none() {
            return Err(FenError::BoardShape(format!(
                "pieces in hand '[{hand}]' in a game without drops"
            )));
        }
        if hand == "-" {
            return Ok(());
        }
        for letter in hand.chars() {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let symbol = letter.to_ascii_uppercase().to_string();
            let kind = self
                .pieces()
                .iter()
                .position(|info| info.symbol == symbol)
                .map(|index| Kind::new(index as u8))
                .filter(|kind| game.demoted[kind.index()] == *kind && Some(*kind) != game.king)
                .ok_or_else(|| {
                    FenError::BoardShape(format!("'{letter}' in hand is no piece a hand holds"))
                })?;
            let count = &mut pos.state.hands[color_index(color)][kind.index()];
            if *count >= MOST_IN_HAND {
                return Err(FenError::BoardShape(format!(
                    "more than {MOST_IN_HAND} '{letter}' in hand"
                )));
            }
            *count += 1;
        }
        Ok(())
    }

    fn write_hand(&self, pos: &Position<Self>) -> Option<String> {
        self.definition().drops.as_ref()?;
        let mut text = String::new();
        for color in [Color::White, Color::Black] {
            let hand = pos.state.hands[color_index(color)];
            for (info, &count) in self.pieces().iter().zip(&hand).rev() {
                let symbol = info.symbol;
                let letter = match color {
                    Color::White => symbol.to_string(),
                    Color::Black => symbol.to_ascii_lowercase(),
                };
                for _ in 0..count {
                    text.push_str(&letter);
                }
            }
        }
        Some(text)
    }

    /// Fairy-Stockfish's FEN of its game: its check count and running count moved to
    /// Amity's fields ([`definition::amity_fen`]).
    fn fen_in_own_layout(&self, fen: &str) -> Option<String> {
        let own = definition::amity_fen(fen);
        (own != fen).then_some(own)
    }

    /// Gates are written as Fairy-Stockfish writes them: each gate's file letter, White's
    /// upper-case first, each side's from the a-file (`DEde`).
    fn castling_field(&self, pos: &Position<Self>) -> Option<String> {
        if !self.definition().gating {
            return None;
        }
        let last = amity_engine::Rank::new(u32::from(self.geometry().ranks) - 1);
        let mut field = String::new();
        for (rank, case) in [(amity_engine::Rank::First, true), (last, false)] {
            for square in pos.castling() & Bitboard::from_rank(rank) {
                let letter = square.file().char();
                field.push(if case {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        Some(field)
    }

    fn write_extra_fen(&self, pos: &Position<Self>, out: &mut String) {
        let count = pos.state.count;
        if self.definition().counting.is_some() && count.limit > 0 {
            out.push_str(&format!(" {}/{}", count.ply, count.limit));
        }
        if self.definition().check_counting {
            let [white, black] = pos.state.checks;
            out.push_str(&format!(" {white}+{black}"));
        }
        if self.definition().couples.is_some() {
            crate::love::write_love_field(&pos.state.love, out);
        }
    }

    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        let game = self.definition();
        if let Some(shatar) = &game.shatar_mate {
            let checkers = self.checkers(pos);
            pos.state.checks_run = [outcome::Checks::None; 2];
            pos.state.checks_run[color_index(pos.turn())] =
                outcome::next_checks(shatar, pos, checkers, outcome::Checks::None);
        }
        if let Some(king) = game.king {
            for color in [Color::White, Color::Black] {
                let kings = pos.pieces(color, king).count();
                // Where pieces convert, a side may hold two kings, or none while it is to
                // move (it must claim one back); the side not to move ended its turn with one.
                if game.amity.conversion.is_some() {
                    if kings == 0 && color != pos.turn() && self.king_required() {
                        return Err(FenError::Illegal(format!(
                            "{} is not to move and has no king",
                            amity_engine::orthodox::color_name(color)
                        )));
                    }
                    continue;
                }
                if kings > 1 {
                    return Err(FenError::Illegal(format!(
                        "{} has {kings} kings",
                        amity_engine::orthodox::color_name(color)
                    )));
                }
                if kings == 0 && !self.kingless_allowed() && !self.royals_met(pos) {
                    return Err(FenError::Illegal(format!(
                        "{} has no king",
                        amity_engine::orthodox::color_name(color)
                    )));
                }
            }
            if self.king_attacked(pos, !pos.turn()) {
                return Err(FenError::Illegal("the side not to move is in check".into()));
            }
        }
        // Rights without a castling rook on their square, or in a game without castling,
        // are no rights (Fairy-Stockfish's start positions write KQkq regardless), unless
        // the game's rights are gates: those stay where the field puts them, as in
        // Fairy-Stockfish.
        if !game.gating {
            let rooks = match game.castling {
                Some(castling) => {
                    pos.pieces(Color::White, castling.rook)
                        | pos.pieces(Color::Black, castling.rook)
                }
                None => amity_engine::Bitboard::EMPTY,
            };
            pos.set_castling(pos.castling() & rooks);
        }
        if let Some(square) = pos.en_passant() {
            let mut moves = MoveList::new();
            generation::pseudo_legal(game, self.tables(), pos, &mut moves);
            if !moves
                .iter()
                .any(|mv| mv.flag() == MoveFlag::EnPassant && mv.to() == square)
            {
                pos.set_en_passant(None);
            }
        }
        if game.couples.is_some() {
            self.validate_couple(pos).map_err(FenError::Illegal)?;
            self.settle(pos);
            self.normalize_en_passant(pos);
        }
        Ok(())
    }

    fn state_hash(&self, state: &FileState) -> u64 {
        let game = self.definition();
        let mut hash = 0;
        if game.check_counting {
            hash ^= zobrist::variant(usize::from(state.checks[0]))
                ^ zobrist::variant(128 + usize::from(state.checks[1]));
        }
        if state.pawn_dropped {
            hash ^= zobrist::variant(250);
        }
        if game.couples.is_some() {
            hash ^= love_key(&state.love);
        }
        if game.drops.is_some() {
            for color in [Color::White, Color::Black] {
                for (index, &count) in state.hands[color_index(color)].iter().enumerate() {
                    hash ^= hand_key(color, Kind::new(index as u8), count);
                }
            }
        }
        hash
    }

    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        let game = self.definition();
        if outcome::terminal(game, pos).is_some() {
            return;
        }
        self.legal_moves(pos, moves);
        if game.must_capture {
            let captures = |mv: Move| {
                mv.flag() == MoveFlag::EnPassant
                    || (mv.flag() != MoveFlag::Castle && pos.theirs().contains(mv.to()))
            };
            if moves.iter().any(|mv| captures(*mv)) {
                moves.retain(captures);
            }
        }
    }

    /// Counts without listing where it can: the moves that need no trial
    /// ([`FileGame::untried`]) are counted by the square, only the others listed and tried.
    fn count_moves_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> usize {
        let game = self.definition();
        if outcome::terminal(game, pos).is_some() {
            return 0;
        }
        let untried = match self.untried(pos) {
            Some(untried) if !game.must_capture => untried,
            _ => {
                let mut moves = MoveList::new();
                self.generate_in(pos, &mut moves, scratch);
                return moves.len();
            }
        };
        let mut counter = Counter {
            untried: &untried,
            counted: 0,
            to_try: MoveList::new(),
        };
        generation::pseudo_legal(game, self.tables(), pos, &mut counter);
        counter.counted
            + counter
                .to_try
                .iter()
                .filter(|mv| untried.passes(self, pos, **mv))
                .count()
    }

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        let game = self.definition();
        let us = pos.turn();
        let (count, pieces) = (pos.state.count, pos.occupied().count());
        if game.couples.is_some() {
            self.play_with_couples(pos, mv);
            if mv.flag() == MoveFlag::Chance {
                return;
            }
        } else {
            generation::make(game, pos, mv);
        }
        if let Some(conversion) = self.conversion() {
            conversion.end_turn(self.tables(), pos, us, mv.to());
        }
        if game.counting.is_some() {
            let captured = pos.occupied().count() < pieces;
            pos.state.count = outcome::next_count(game, pos, count, captured);
        }
        if let Some(shatar) = &game.shatar_mate {
            let side = color_index(!us);
            let checkers = self.checkers(pos);
            pos.state.checks_run[side] =
                outcome::next_checks(shatar, pos, checkers, pos.state.checks_run[side]);
        }
        // Uchifuzume as Fairy-Stockfish plays it: the drop is legal, and a mate it gives
        // loses (see `outcome::no_move`).
        let pawn_dropped = mv.flag() == MoveFlag::Drop
            && game
                .drops
                .as_ref()
                .is_some_and(|drops| drops.no_drop_mate == Some(mv.kind()))
            && self.king_attacked(pos, !us);
        if pos.state.pawn_dropped != pawn_dropped {
            pos.update_state(self, |pos| pos.state.pawn_dropped = pawn_dropped);
        }
        if game.check_counting && self.king_attacked(pos, !us) {
            let before = self.state_hash(&pos.state);
            let left = &mut pos.state.checks[color_index(us)];
            *left = left.saturating_sub(1);
            let after = self.state_hash(&pos.state);
            pos.toggle_hash(before ^ after);
        }
    }

    /// A pass breaks every run of checks (as Fairy-Stockfish's null move breaks the chain
    /// its shatar rule walks back).
    fn play_null(&self, pos: &mut Position<Self>) {
        pos.set_en_passant(None);
        pos.flip_turn();
        pos.state.checks_run = [outcome::Checks::None; 2];
    }

    /// Where pieces convert: the side to move has no king, or one overly persuaded.
    fn in_check(&self, pos: &Position<Self>) -> bool {
        match self.conversion() {
            Some(conversion) => {
                conversion.king_in_danger(self.tables(), pos, pos.turn(), self.king_required())
            }
            None => self.king_attacked(pos, pos.turn()),
        }
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        if self.definition().couples.is_some() && self.royals_met(pos) {
            return Some(Outcome::Draw(DrawReason::Variant("the royal lovers met")));
        }
        outcome::terminal(self.definition(), pos)
    }

    fn chance(
        &self,
        pos: &Position<Self>,
        outcomes: &mut Vec<amity_engine::ChanceOutcome>,
    ) -> bool {
        if self.definition().couples.is_none() || !self.throw_pending(pos) {
            return false;
        }
        self.couple_outcomes(pos, outcomes);
        true
    }

    /// Perft resolves a pending throw without a ply as the built-in CHESS with LOVE does: the
    /// couple the squares e4 and d5 choose.
    fn perft_chance(&self, pos: &Position<Self>) -> Option<Move> {
        self.definition().couples.as_ref()?;
        self.throw(pos, Square::E4, Square::D5)
    }

    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        let game = self.definition();
        if let Some(conversion) = self.conversion() {
            // A side without a king that cannot claim one back has lost; with a king and no
            // move, it is stalemated.
            if self.king_required() && !conversion.has_king(pos, pos.turn()) {
                return Outcome::Win {
                    winner: !pos.turn(),
                    reason: amity_engine::WinReason::Variant("no king to claim"),
                };
            }
            return outcome::no_move(game, pos, false);
        }
        let in_check = self.in_check(pos);
        match &game.shatar_mate {
            Some(shatar) if in_check => outcome::shatar_mate(game, shatar, pos, self.checkers(pos)),
            _ => outcome::no_move(game, pos, in_check),
        }
    }

    /// Makruk's and ASEAN's count run out, unless the side to move is mated (as
    /// Fairy-Stockfish 11.1 ends it).
    fn position_draw(&self, pos: &Position<Self>) -> Option<DrawReason> {
        if !outcome::count_ran_out(self.definition(), pos) {
            return None;
        }
        if self.in_check(pos) {
            let mut moves = MoveList::new();
            self.generate_in(pos, &mut moves, &mut Scratch::default());
            if moves.is_empty() {
                return None;
            }
        }
        Some(DrawReason::Variant("counting rule"))
    }

    /// The game's `nMoveRule` (0: none), `nFoldRule` and `nFoldValue`. With drops a captured
    /// piece comes back, so a capture does not end what can repeat.
    fn draw_rules(&self) -> DrawRules {
        let game = self.definition();
        DrawRules {
            move_limit: (game.move_rule > 0).then_some(game.move_rule),
            repetitions: Some(game.fold_rule),
            repetition: match game.fold_value {
                GameValue::Win => Verdict::Win,
                GameValue::Loss => Verdict::Loss,
                GameValue::Draw => Verdict::Draw,
            },
            // A piece that converts may convert back, and a pawn turned pushes back the way
            // it came: where pieces convert, a reset does not end what can repeat either.
            resets_are_irreversible: game.drops.is_none() && game.amity.conversion.is_none(),
        }
    }

    fn search_flags(&self) -> SearchFlags {
        let game = self.definition();
        // Passing is a fair guess of a position's worth only where having to move never
        // hurts: a king to protect, no forced captures, stalemate a draw.
        let null_move =
            game.king.is_some() && !game.must_capture && game.stalemate == GameValue::Draw;
        // Where pieces convert, a quiet move often sets up a conversion a move later, and a
        // pass dodges the passer's own conversions: as the built-in Pacifist Chess measured,
        // neither a pass nor a late quiet move is a fair guess there.
        let converts = game.amity.conversion.is_some();
        // A pass would skip the love steps every real move brings.
        let couples = game.couples.is_some();
        SearchFlags {
            null_move: null_move && !converts && !couples,
            late_move_reductions: !converts,
            check_extension: game.king.is_some(),
            exchange_reductions: false,
            ..SearchFlags::ALL
        }
    }

    /// Material on the board and in hand, each piece by its weights (its nominal value unless
    /// `amityPieceValues` says otherwise), blended from middlegame to endgame as the pieces
    /// but pawns and kings come off.
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        let mut features = amity_engine::tuning::Features::default();
        self.material_features(pos, &mut features);
        let white = features.value(self.definition().piece_weights);
        if pos.turn() == Color::White {
            white
        } else {
            -white
        }
    }
}

/// Moves as Fairy-Stockfish writes them: `P@e4` for a drop, `e7e8q` for a pawn's promotion
/// (whatever kind the promoted piece becomes), `a4a5+` for a shogi-style one.
impl Notation for FileGame {
    /// A throw, where the game has couples: `roll:<square><square>`, the two squares thrown.
    fn parse_written(&self, pos: &Position<Self>, token: &str) -> Option<Move> {
        let squares = token.strip_prefix("roll:")?.as_bytes();
        if self.definition().couples.is_none() || squares.len() != 4 {
            return None;
        }
        let first = Square::from_ascii(&squares[..2]).ok()?;
        let second = Square::from_ascii(&squares[2..]).ok()?;
        self.throw(pos, first, second)
    }

    fn format_move(&self, mv: Move) -> String {
        match mv.flag() {
            // The lovers' own squares are a throw that selects exactly this couple.
            MoveFlag::Chance => format!("roll:{}{}", mv.from(), mv.to()),
            MoveFlag::Drop => format!("{}@{}", self.pieces()[mv.kind().index()].symbol, mv.to()),
            MoveFlag::Pass => "0000".into(),
            _ if mv.is_null() => "0000".into(),
            MoveFlag::Promotion => format!(
                "{}{}{}",
                mv.from(),
                mv.to(),
                self.definition().promotion_token[mv.kind().index()]
            ),
            _ => format!("{}{}", mv.from(), mv.to()),
        }
    }
}

impl Presentation for FileGame {
    /// The hands, where there are drops, and the count and the runs of checks where the game
    /// keeps them: what the FEN's board does not show at a glance.
    fn describe(&self, pos: &Position<Self>) -> String {
        let game = self.definition();
        let mut text = String::new();
        if game.drops.is_some() {
            for color in [Color::White, Color::Black] {
                let hand: String = self
                    .pieces()
                    .iter()
                    .zip(&pos.state.hands[color_index(color)])
                    .flat_map(|(info, &count)| std::iter::repeat_n(info.symbol, count.into()))
                    .collect();
                let hand = match color {
                    Color::White => hand,
                    Color::Black => hand.to_ascii_lowercase(),
                };
                let name = amity_engine::orthodox::color_name(color);
                let hand = if hand.is_empty() { "-" } else { hand.as_str() };
                text.push_str(&format!("{name}'s hand: {hand}\n"));
            }
        }
        let count = pos.state.count;
        if game.counting.is_some() && count.limit > 0 {
            text.push_str(&format!(
                "Count: {} of {} plies (a draw when it passes)\n",
                count.ply, count.limit
            ));
        }
        if game.couples.is_some() {
            let love = pos.state.love;
            let couple = match love.couple {
                Some([a, b]) => format!("{a} and {b} in love"),
                None if self.throw_pending(pos) => "a throw chooses the couple".into(),
                None => "no couple".into(),
            };
            text.push_str(&format!("Love: phase {}; {couple}\n", love.phase));
        }
        text
    }

    fn gui_board(&self) -> GuiBoard {
        self.definition().gui_board
    }

    fn betza(&self, kind: Kind) -> Option<&'static str> {
        self.definition()
            .betza
            .get(kind.index())
            .copied()
            .filter(|betza| !betza.is_empty())
    }
}

impl FileGame {
    /// Each kind's count on the board and in hand, White's beyond Black's, and the phase: the
    /// pieces but pawns and kings left of the start position's.
    fn material_features(
        &self,
        pos: &Position<Self>,
        features: &mut amity_engine::tuning::Features,
    ) {
        let game = self.definition();
        let mut officers = 0;
        for index in 0..game.piece_weights.len() {
            let kind = Kind::new(index as u8);
            let [white_hand, black_hand] = pos.state.hands.map(|hand| i32::from(hand[index]));
            let (white, black) = (
                pos.pieces(Color::White, kind).count() as i32 + white_hand,
                pos.pieces(Color::Black, kind).count() as i32 + black_hand,
            );
            features.add(index, white - black);
            if Some(kind) != game.pawn && Some(kind) != game.king {
                officers += white + black;
            }
        }
        features.phase = (amity_engine::tuning::PHASE_FULL * officers)
            .checked_div(game.phase_pieces as i32)
            .unwrap_or(0)
            .min(amity_engine::tuning::PHASE_FULL);
    }
}

/// The tuner's name of a weight: a piece kind's (the report lists them by number; the line
/// it writes names the pieces by symbol).
fn kind_weight_name(index: usize) -> String {
    format!("piece kind {index}")
}

/// `amity tune` fits the pieces' values and writes them as the section's `amityPieceValues`.
impl Learning for FileGame {
    fn evaluation_features(
        &self,
        pos: &Position<Self>,
        features: &mut amity_engine::tuning::Features,
    ) -> bool {
        self.material_features(pos, features);
        true
    }

    fn evaluation_weights(
        &self,
    ) -> (
        &'static [amity_engine::evaluation::Tapered],
        fn(usize) -> String,
    ) {
        (self.definition().piece_weights, kind_weight_name)
    }

    fn weights_as_definition(
        &self,
        weights: &[amity_engine::evaluation::Tapered],
    ) -> Option<String> {
        let pieces: Vec<String> = self
            .pieces()
            .iter()
            .zip(weights)
            .map(|(info, weight)| format!("{}:{}/{}", info.symbol, weight.mg, weight.eg))
            .collect();
        Some(format!("amityPieceValues = {}", pieces.join(" ")))
    }
}

impl Solver for FileGame {}

impl amity_engine::Partner for FileGame {}

/// The games of one variant file, each checked: what `VariantPath` loads.
#[derive(Clone, Debug, Default)]
pub struct VariantFile {
    games: Vec<FileGame>,
}

impl PartialEq for VariantFile {
    fn eq(&self, other: &VariantFile) -> bool {
        self.games == other.games
    }
}

impl Eq for VariantFile {}

impl VariantFile {
    /// Reads a variant file: every section becomes a game.
    ///
    /// # Errors
    /// Every problem of the file, each at its line, in line order; nothing is loaded then.
    pub fn read(bytes: &[u8]) -> Result<VariantFile, Vec<FileError>> {
        let (library, _) = reader::read_sections(SHIPPED.as_bytes());
        Self::read_with(bytes, &library)
    }

    /// [`VariantFile::read`] with `library` as the games sections may inherit from besides
    /// their own file's.
    fn read_with(bytes: &[u8], library: &[reader::Section]) -> Result<VariantFile, Vec<FileError>> {
        let (sections, mut errors) = reader::read_sections(bytes);
        let mut games = Vec::new();
        for section in &sections {
            let entries = match reader::inherited_entries(section, &sections, library) {
                Ok(entries) => entries,
                Err(error) => {
                    errors.push(error);
                    continue;
                }
            };
            match definition::define(&section.name, section.line, &entries) {
                Ok(draft) => {
                    let start_line = draft.start_line;
                    let game = FileGame::new(draft.definition);
                    match Position::from_fen(&game, game.start_fen()) {
                        Ok(_) => games.push(game),
                        Err(error) => errors.push(FileError {
                            line: start_line,
                            problem: match error {
                                FenError::Illegal(why) if why.ends_with("no king") => {
                                    Problem::MissingKing(format!("{why} in startFen"))
                                }
                                other => Problem::BadStartFen(other.to_string()),
                            },
                        }),
                    }
                }
                Err(found) => errors.extend(found),
            }
        }
        if errors.is_empty() {
            Ok(VariantFile { games })
        } else {
            errors.sort_by_key(|error| error.line);
            Err(errors)
        }
    }

    /// Reads the variant file at `path`.
    ///
    /// # Errors
    /// Why the file cannot be read, or every problem in it, one per line of the text.
    pub fn load(path: &str) -> Result<VariantFile, String> {
        let bytes = std::fs::read(path).map_err(|error| format!("cannot read {path}: {error}"))?;
        VariantFile::read(&bytes).map_err(|errors| {
            let lines: Vec<String> = errors.iter().map(|e| format!("{path}: {e}")).collect();
            lines.join("\n")
        })
    }

    /// The file Amity ships, with Fairy-Stockfish's games on small boards.
    pub fn shipped() -> VariantFile {
        // The shipped file is checked by the tests; reading it cannot fail.
        VariantFile::read_with(SHIPPED.as_bytes(), &[]).unwrap_or_default()
    }

    /// The games' names, in file order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.games.iter().map(|game| game.name())
    }

    /// The game named `name`.
    pub fn game(&self, name: &str) -> Option<FileGame> {
        self.games.iter().find(|game| game.name() == name).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_engine::perft::perft;

    #[test]
    fn the_shipped_file_reads_without_a_problem() {
        let (library, _) = reader::read_sections(SHIPPED.as_bytes());
        let read = VariantFile::read_with(SHIPPED.as_bytes(), &library);
        assert!(read.is_ok(), "{:?}", read.err());
        assert!(VariantFile::shipped().game("chess").is_some());
    }

    #[test]
    fn chess_from_the_file_counts_as_chess() {
        let chess = VariantFile::shipped().game("chess").unwrap();
        let start = Position::from_fen(&chess, chess.start_fen()).unwrap();
        assert_eq!(perft(&chess, &start, 3), 8902);
        let kiwipete = Position::from_fen(
            &chess,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        assert_eq!(perft(&chess, &kiwipete, 2), 2039);
    }

    /// The moves that skip the trial ([`FileGame::untried`]) and the counts that skip the
    /// list agree with trying every pseudo-legal move, in every shipped game, over random
    /// games long enough to reach checks, pins, promotions and drops.
    #[test]
    fn untried_moves_and_bulk_counts_agree_with_trying_every_move() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let file = VariantFile::shipped();
        let mut rng = StdRng::seed_from_u64(2026);
        let mut scratch = Scratch::new();
        let (mut positions, mut untried, mut evasions) = (0, 0, 0);
        for name in file.names() {
            let game = file.game(name).unwrap();
            for _ in 0..4 {
                let mut pos = Position::from_fen(&game, game.start_fen()).unwrap();
                for _ in 0..120 {
                    let mut tried = MoveList::new();
                    generation::pseudo_legal(game.definition(), game.tables(), &pos, &mut tried);
                    tried.retain(|mv| game.legal(&pos, mv));
                    let mut fast = MoveList::new();
                    game.legal_moves(&pos, &mut fast);
                    let fen = pos.to_fen(&game);
                    assert_eq!(fast.as_slice(), tried.as_slice(), "{name}: {fen}");
                    let mut generated = MoveList::new();
                    game.generate_in(&pos, &mut generated, &mut scratch);
                    assert_eq!(
                        game.count_moves_in(&pos, &mut scratch),
                        generated.len(),
                        "{name}: {fen}"
                    );
                    positions += 1;
                    untried += usize::from(game.untried(&pos).is_some());
                    evasions += usize::from(
                        game.untried(&pos)
                            .is_some_and(|untried| untried.evasion.is_some()),
                    );
                    if generated.is_empty() {
                        break;
                    }
                    let mv = generated.as_slice()[rng.random_range(0..generated.len())];
                    game.play_in(&mut pos, mv, &mut scratch);
                }
            }
        }
        assert!(positions > 5000, "{positions}");
        assert!(untried * 2 > positions, "{untried} of {positions}");
        // Checks, where the fast path keeps only the moves that take or block the checker.
        assert!(evasions > 100, "{evasions} of {positions}");
    }

    #[test]
    fn a_bad_start_position_is_named() {
        let errors = VariantFile::read(b"[mini:chess]\nmaxRank = 6\n").unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(
            matches!(errors[0].problem, Problem::BadStartFen(_)),
            "{errors:?}"
        );
        let errors =
            VariantFile::read(b"[nok:chess]\nstartFen = 8/8/8/8/8/8/8/k7 w - - 0 1\n").unwrap_err();
        assert_eq!(errors[0].line, 2);
        assert!(
            matches!(errors[0].problem, Problem::MissingKing(_)),
            "{errors:?}"
        );
    }
}
