//! Couples in love (`amityCouplePhases`, CHESS with LOVE's rules in a file): two pieces at a
//! time, chosen by a throw of two squares, are in love; lovers take nothing and attack
//! nothing, step towards each other after every move, and leave the board together when
//! they meet, which opens the next phase.
//!
//! The throw, the choice of a couple and the love steps are the built-in game's own
//! functions (`crate::love`), shared; this module applies them to a file's pieces: which
//! kinds each phase lets fall in love, the moves a lover may make, and what a love step does
//! to castling rights, en passant and a pawn. `docs/variants/file.md` gives the rules.

use amity_engine::{
    Bitboard, ChanceOutcome, Color, Kind, Move, MoveFlag, MoveList, Piece, Position, Square,
};

use super::FileGame;
use super::definition::CouplePhases;
use super::generation;
use crate::love::{self, LoveState};

/// The chance move's kind, which says nothing (a couple is its two squares).
const CHANCE_KIND: Kind = Kind::new(0);

/// The square `ranks` ahead of `square` for `color` (8 x 8: couples are played on no other
/// board).
fn ahead(square: Square, color: Color, ranks: i32) -> Option<Square> {
    love::offset(square, 0, ranks * love::forward(color))
}

impl FileGame {
    fn couple_phases(&self) -> &CouplePhases {
        self.definition()
            .couples
            .as_ref()
            .expect("asked only of a game with couples")
    }

    /// The pieces that may fall in love in `phase`: its kinds, and its fallback kinds too
    /// while at most one piece of its own kinds is left.
    pub(super) fn eligible(&self, pos: &Position<FileGame>, phase: u8) -> Bitboard {
        let phases = &self.couple_phases().phases;
        let Some(phase) = phases.get(usize::from(phase.max(1)) - 1) else {
            return Bitboard::EMPTY;
        };
        let of = |kinds: &[Kind]| {
            kinds
                .iter()
                .fold(Bitboard::EMPTY, |pieces, &kind| pieces | pos.kind(kind))
        };
        let own = of(&phase.kinds);
        if own.more_than_one() {
            own
        } else {
            own | of(&phase.fallback)
        }
    }

    pub(super) fn last_phase(&self) -> u8 {
        self.couple_phases().phases.len() as u8
    }

    fn royal(&self, pos: &Position<FileGame>) -> Bitboard {
        self.definition()
            .king
            .map_or(Bitboard::EMPTY, |king| pos.kind(king))
    }

    /// Whether a couple must be chosen by a throw before the next move.
    pub(super) fn throw_pending(&self, pos: &Position<FileGame>) -> bool {
        pos.state.love.couple.is_none()
            && self.royal(pos).any()
            && self.eligible(pos, pos.state.love.phase).count() > 2
    }

    /// Whether the royal pieces have met in love: the game is drawn.
    pub(super) fn royals_met(&self, pos: &Position<FileGame>) -> bool {
        self.royal(pos).is_empty() && pos.state.love.phase == self.last_phase()
    }

    fn set_love(&self, pos: &mut Position<FileGame>, love: LoveState) {
        if pos.state.love != love {
            pos.update_state(self, |pos| pos.state.love = love);
        }
    }

    /// Chooses the couple where no throw is needed.
    pub(super) fn settle(&self, pos: &mut Position<FileGame>) {
        let love = love::settled(
            pos.state.love,
            pos.color(Color::Black),
            self.royal(pos),
            self.last_phase(),
            |phase| self.eligible(pos, phase),
        );
        self.set_love(pos, love);
    }

    /// The en passant square stays only while a pawn of the side to move that is not in love
    /// can take there, so that equal positions hash alike.
    pub(super) fn normalize_en_passant(&self, pos: &mut Position<FileGame>) {
        let (Some(square), Some(pawn)) = (pos.en_passant(), self.definition().pawn) else {
            return;
        };
        let us = pos.turn();
        let capturers = pos.pieces(us, pawn) & !pos.state.love.lovers();
        let victim_there = ahead(square, us, -1).is_some_and(|v| pos.pieces(!us, pawn).contains(v));
        let able = self.tables().attackers(pos, square, us, false) & capturers;
        if !victim_there || able.is_empty() {
            pos.set_en_passant(None);
        }
    }

    /// Every move of the side to move before the love steps: lovers take nothing (nor en
    /// passant) but may meet, onto their lover's square wherever they could take a piece
    /// standing there; no move takes a royal piece.
    fn couple_moves(&self, pos: &Position<FileGame>, moves: &mut MoveList) {
        let game = self.definition();
        let us = pos.turn();
        let love = pos.state.love;
        let royal = self.royal(pos);
        let mut all = MoveList::new();
        generation::pseudo_legal(game, self.tables(), pos, &mut all);
        for &mv in all.iter() {
            let takes = match mv.flag() {
                MoveFlag::EnPassant => true,
                MoveFlag::Normal | MoveFlag::Promotion => pos.theirs().contains(mv.to()),
                _ => false,
            };
            let lover = mv.flag() != MoveFlag::Drop && love.partner(mv.from()).is_some();
            if takes && (lover || royal.contains(mv.to())) {
                continue;
            }
            moves.push(mv);
        }
        for from in love.lovers() & pos.ours() {
            if let Some(lover) = love.partner(from)
                && self
                    .tables()
                    .attackers(pos, lover, us, false)
                    .contains(from)
            {
                moves.push(Move::normal(from, lover));
            }
        }
    }

    /// Whether `color`'s royal piece is attacked by a piece not in love (lovers attack
    /// nothing, though they still block lines).
    pub(super) fn attacked_by_no_lover(&self, pos: &Position<FileGame>, color: Color) -> bool {
        let lovers = pos.state.love.lovers();
        self.definition().king.is_some_and(|king| {
            pos.pieces(color, king)
                .into_iter()
                .any(|square| (self.tables().attackers(pos, square, !color, false) & !lovers).any())
        })
    }

    /// The legal moves: each played with its love steps, the mover's royal piece not attacked
    /// after them (a couple the move itself leads to is not chosen yet).
    pub(super) fn couple_legal_moves(&self, pos: &Position<FileGame>, moves: &mut MoveList) {
        if pos.state.love.couple.is_none() {
            // A throw is pending, or the royal pieces have met.
            return;
        }
        let us = pos.turn();
        let mut candidates = MoveList::new();
        self.couple_moves(pos, &mut candidates);
        for &mv in candidates.iter() {
            let mut after = pos.clone();
            self.play_without_choice(&mut after, mv);
            if !self.attacked_by_no_lover(&after, us) {
                moves.push(mv);
            }
        }
    }

    /// Moves a piece by a love step: en passant lapses if the step moves the pawn that just
    /// double-stepped or fills the square it passed; a castling king or rook loses its rights;
    /// a pawn on its last rank becomes the step's promotion.
    fn walk(&self, pos: &mut Position<FileGame>, mover: Color, from: Square, to: Square) {
        let game = self.definition();
        let Some(piece) = pos.remove(from) else {
            return;
        };
        if let Some(target) = pos.en_passant()
            && (ahead(target, mover, 1) == Some(from) || to == target)
        {
            pos.set_en_passant(None);
        }
        if let Some(castling) = game.castling {
            if piece.kind == castling.king {
                pos.discard_castling(Bitboard::from_rank(piece.color.backrank()));
            } else if piece.kind == castling.rook {
                pos.discard_castling(Bitboard::from_square(from));
            }
        }
        let last = (!piece.color).backrank();
        let kind = if Some(piece.kind) == game.pawn && to.rank() == last {
            self.couple_phases().step_promotion
        } else {
            piece.kind
        };
        pos.put(to, Piece::new(piece.color, kind));
    }

    /// Both lovers leave the board and the next phase begins (the royal pieces' phase is the
    /// last: the game is over).
    fn lovemate(&self, pos: &mut Position<FileGame>, love: &mut LoveState, a: Square, b: Square) {
        let castling_king = self.definition().castling.map(|castling| castling.king);
        for square in [a, b] {
            if let Some(piece) = pos.remove(square) {
                if Some(piece.kind) == castling_king {
                    pos.discard_castling(Bitboard::from_rank(piece.color.backrank()));
                } else {
                    pos.discard_castling(Bitboard::from_square(square));
                }
            }
        }
        love.couple = None;
        love.phase = (love.phase + 1).min(self.last_phase());
        pos.set_halfmove_clock(0);
    }

    /// Plays a move and the love steps after it, without choosing a new couple: the position
    /// legality is judged on.
    fn play_without_choice(&self, pos: &mut Position<FileGame>, mv: Move) {
        let game = self.definition();
        let us = pos.turn();
        let (from, to) = (mv.from(), mv.to());
        let mut love = pos.state.love;
        if mv.flag() == MoveFlag::Normal && love.partner(from) == Some(to) {
            pos.set_en_passant(None);
            pos.discard_castling(Bitboard::from_square(from) | Bitboard::from_square(to));
            self.lovemate(pos, &mut love, from, to);
            pos.end_turn();
            self.set_love(pos, love);
            return;
        }
        let killed = match mv.flag() {
            MoveFlag::EnPassant => Some(Square::from_coords(to.file(), from.rank())),
            MoveFlag::Normal | MoveFlag::Promotion if pos.theirs().contains(to) => Some(to),
            _ => None,
        };
        let mut moved = vec![(from, to)];
        if mv.flag() == MoveFlag::Castle
            && let Some(rook) = generation::castling_rook(game, pos, from, to)
        {
            moved.push(rook);
        }
        // Every double step opens en passant here (the love steps may bring a pawn that can
        // use it); the square is dropped after the steps where no free pawn can.
        let double_step = game.pawn.is_some()
            && pos.piece_at(from).map(|piece| piece.kind) == game.pawn
            && from.file() == to.file()
            && (from.rank() as i32 - to.rank() as i32).abs() == 2;
        generation::make(game, pos, mv);
        if double_step {
            pos.set_en_passant(ahead(from, us, 1));
        }
        love::after_move(
            pos,
            &mut love,
            killed,
            &moved,
            &mut |pos, from, to| self.walk(pos, us, from, to),
            |pos, love, a, b| self.lovemate(pos, love, a, b),
        );
        self.set_love(pos, love);
    }

    /// Plays a move (then chooses the couple where no throw is needed), or the chance move of
    /// a throw.
    pub(super) fn play_with_couples(&self, pos: &mut Position<FileGame>, mv: Move) {
        if mv.flag() == MoveFlag::Chance {
            let mut love = pos.state.love;
            love.couple = Some(love::kept_order(
                pos.color(Color::Black),
                [mv.from(), mv.to()],
            ));
            self.set_love(pos, love);
        } else {
            self.play_without_choice(pos, mv);
            self.settle(pos);
        }
        self.normalize_en_passant(pos);
    }

    /// The couples a pending throw may choose, weighted by the throws that choose them.
    pub(super) fn couple_outcomes(
        &self,
        pos: &Position<FileGame>,
        outcomes: &mut Vec<ChanceOutcome>,
    ) {
        let eligible = self.eligible(pos, pos.state.love.phase);
        love::couple_outcomes(pos.color(Color::Black), eligible, CHANCE_KIND, outcomes);
    }

    /// The couple two thrown squares choose, as its chance move.
    pub(super) fn throw(
        &self,
        pos: &Position<FileGame>,
        first: Square,
        second: Square,
    ) -> Option<Move> {
        if !self.throw_pending(pos) {
            return None;
        }
        let eligible = self.eligible(pos, pos.state.love.phase);
        let [a, b] = love::couple_from_throws(pos.color(Color::Black), eligible, first, second)?;
        Some(Move::chance(a, b, CHANCE_KIND))
    }

    /// What a FEN's couple must be: two different occupied squares, the royal pieces in the
    /// last phase; kept in the order play keeps it.
    pub(super) fn validate_couple(&self, pos: &mut Position<FileGame>) -> Result<(), String> {
        let love = pos.state.love;
        if love.phase > self.last_phase() {
            return Err(format!(
                "love phase {} of a game of {} phases",
                love.phase,
                self.last_phase()
            ));
        }
        if let Some([a, b]) = love.couple {
            if a == b || !pos.occupied().contains(a) || !pos.occupied().contains(b) {
                return Err(format!(
                    "the couple {a}{b} must be two different occupied squares"
                ));
            }
            let royal = self.royal(pos);
            if love.phase == self.last_phase() && !(royal.contains(a) && royal.contains(b)) {
                return Err("in the last phase only the royal pieces can be in love".into());
            }
            pos.state.love.couple = Some(love::kept_order(pos.color(Color::Black), [a, b]));
        }
        Ok(())
    }
}
