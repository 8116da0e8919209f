//! Conversion instead of capture (`amityConversion`, Pacifist Chess's rule in a file): moves
//! never take; a piece that more enemy pieces influence than friendly ones changes sides.
//!
//! A piece influences the squares it attacks, and a piece riding a line attacks through
//! friendly pieces that ride the same line (a battery). After each move the mover's side
//! converts the other side's overly persuaded pieces, round by round, then the other side
//! converts the mover's; a king may not move where it is overly persuaded, and a side must
//! end its turn with a king. `docs/variants/file.md` gives the rules in full.

use amity_engine::{Bitboard, Color, Kind, Piece, Position, Rank, Square};

use super::FileGame;
use super::definition::{Castling, Definition};
use super::generation::{self, Tables, castling_kings};
use amity_engine::position::color_index;

/// How persuasion and support are weighed (Pacifist Chess's `PacifistMeasure`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The number of pieces on each side.
    Count,
    /// The sum of their values (`amityConversionValues`).
    Value,
    /// That sum over that number (nothing on a side weighs 0).
    Average,
}

/// The pieces of one side that influence a square: how many, and their values summed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    count: u32,
    sum: u32,
}

impl Tally {
    fn add(&mut self, value: u32) {
        self.count += 1;
        self.sum += value;
    }
}

/// A line a piece attacks along: a step and how many of them at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    step: (i8, i8),
    range: u8,
}

/// What conversion needs beyond the move tables: each colour's and kind's attacking lines (to
/// see through batteries), and every step some line takes.
#[derive(Clone, Debug)]
pub struct Conversion {
    measure: Measure,
    /// Per kind: its value under the `value` and `average` measures.
    values: Vec<u32>,
    lines: [Vec<Vec<Line>>; 2],
    steps: Vec<(i8, i8)>,
    files: i8,
    ranks: i8,
    king: Option<Kind>,
    castling: Option<Castling>,
}

impl Conversion {
    /// The lines of every piece of `game` (Black's are White's turned: ranks run the other
    /// way), where the game converts.
    pub fn new(game: &Definition) -> Option<Conversion> {
        let measure = game.amity.conversion?;
        let mut lines: [Vec<Vec<Line>>; 2] = Default::default();
        let mut steps = Vec::new();
        for atoms in &game.moves {
            let white: Vec<Line> = atoms
                .iter()
                .filter(|atom| atom.capture && atom.range > 1)
                .flat_map(|atom| {
                    atom.vectors.iter().map(|&step| Line {
                        step,
                        range: atom.range,
                    })
                })
                .collect();
            let black: Vec<Line> = white
                .iter()
                .map(|line| Line {
                    step: (line.step.0, -line.step.1),
                    range: line.range,
                })
                .collect();
            for line in white.iter().chain(&black) {
                if !steps.contains(&line.step) {
                    steps.push(line.step);
                }
            }
            lines[0].push(white);
            lines[1].push(black);
        }
        Some(Conversion {
            measure,
            values: game.conversion_values.clone(),
            lines,
            steps,
            files: game.geometry.files as i8,
            ranks: game.geometry.ranks as i8,
            king: game.king,
            castling: game.castling,
        })
    }

    fn lines(&self, color: Color, kind: Kind) -> &[Line] {
        &self.lines[color_index(color)][kind.index()]
    }

    /// Whether a piece of `color` and `kind` rides the line of `step` (either way): a ray
    /// along that line continues through it.
    fn rides(&self, color: Color, kind: Kind, step: (i8, i8)) -> bool {
        self.lines(color, kind)
            .iter()
            .any(|line| line.step == step || line.step == (-step.0, -step.1))
    }

    /// Whether a piece of `color` and `kind` attacks `distance` squares along `step`.
    fn reaches(&self, color: Color, kind: Kind, step: (i8, i8), distance: u8) -> bool {
        self.lines(color, kind)
            .iter()
            .any(|line| line.step == step && line.range >= distance)
    }

    fn value(&self, kind: Kind) -> u32 {
        self.values.get(kind.index()).copied().unwrap_or(1)
    }

    /// The pieces of `by` that influence `square` (the piece on `silent`, if any, counting
    /// for nothing, though lines still pass through it).
    fn influencers(
        &self,
        tables: &Tables,
        pos: &Position<FileGame>,
        square: Square,
        by: Color,
        silent: Option<Square>,
    ) -> Tally {
        let silenced = silent.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let mut tally = Tally::default();
        for from in tables.attackers(pos, square, by, false) & !silenced {
            if let Some(piece) = pos.piece_at(from) {
                tally.add(self.value(piece.kind));
            }
        }
        // The first piece on a line is among the attackers already; walk past it while the
        // pieces met are `by`'s and ride the line, counting those behind that attack along it.
        for &step in &self.steps {
            let back = (-step.0, -step.1);
            let mut at = square;
            let mut distance = 0u8;
            let mut behind_the_first = false;
            while let Some(next) = generation::offset(at, step, self.files, self.ranks) {
                at = next;
                distance += 1;
                let Some(piece) = pos.piece_at(at) else {
                    continue;
                };
                if piece.color != by {
                    break;
                }
                if behind_the_first
                    && Some(at) != silent
                    && self.reaches(by, piece.kind, back, distance)
                {
                    tally.add(self.value(piece.kind));
                }
                if !self.rides(by, piece.kind, step) {
                    break;
                }
                behind_the_first = true;
            }
        }
        tally
    }

    /// Whether a piece of `color` on `square` is overly persuaded: more of the other side's
    /// pieces influence it than of its own others.
    pub fn overly_persuaded(
        &self,
        tables: &Tables,
        pos: &Position<FileGame>,
        square: Square,
        color: Color,
        silent: Option<Square>,
    ) -> bool {
        let persuasion = self.influencers(tables, pos, square, !color, silent);
        let support = self.influencers(tables, pos, square, color, silent);
        match self.measure {
            Measure::Count => persuasion.count > support.count,
            Measure::Value => persuasion.sum > support.sum,
            // The averages compared without dividing: p/n > s/m as p*m > s*n, where a side
            // with no piece averages 0.
            Measure::Average => {
                persuasion.count > 0
                    && (support.count == 0
                        || u64::from(persuasion.sum) * u64::from(support.count)
                            > u64::from(support.sum) * u64::from(persuasion.count))
            }
        }
    }

    /// Turns the piece on `square` to the other side. A rook loses its castling right for
    /// good, and a king on its home square the rights of its first rank.
    fn convert(&self, pos: &mut Position<FileGame>, square: Square) {
        let Some(piece) = pos.remove(square) else {
            return;
        };
        pos.discard_castling(Bitboard::from_square(square));
        let first_rank = match piece.color {
            Color::White => Rank::First,
            Color::Black => Rank::new(self.ranks as u32 - 1),
        };
        if let Some(castling) = self.castling
            && piece.kind == castling.king
            && castling_kings(castling, first_rank).contains(square)
        {
            pos.discard_castling(Bitboard::from_rank(first_rank));
        }
        pos.put(square, Piece::new(!piece.color, piece.kind));
    }

    /// Converts `victims`' overly persuaded pieces, all at once, round after round until none
    /// is; whether any was.
    fn cascade(
        &self,
        tables: &Tables,
        pos: &mut Position<FileGame>,
        victims: Color,
        silent: Option<Square>,
    ) -> bool {
        let mut any = false;
        loop {
            let over: Vec<Square> = pos
                .color(victims)
                .into_iter()
                .filter(|&square| self.overly_persuaded(tables, pos, square, victims, silent))
                .collect();
            if over.is_empty() {
                return any;
            }
            any = true;
            for square in over {
                self.convert(pos, square);
            }
        }
    }

    /// The conversions that end a turn of `us` whose moved piece stands on `moved`: the mover
    /// converts (the moved piece, if overly persuaded as it lands, helping no one), then the
    /// other side. A turn that converts anything resets the move clock.
    pub fn end_turn(
        &self,
        tables: &Tables,
        pos: &mut Position<FileGame>,
        us: Color,
        moved: Square,
    ) {
        let silent = self
            .overly_persuaded(tables, pos, moved, us, None)
            .then_some(moved);
        let ours = self.cascade(tables, pos, !us, silent);
        let theirs = self.cascade(tables, pos, us, None);
        if ours || theirs {
            pos.set_halfmove_clock(0);
        }
    }

    /// Whether `color` has a king.
    pub fn has_king(&self, pos: &Position<FileGame>, color: Color) -> bool {
        self.king
            .is_some_and(|king| !pos.pieces(color, king).is_empty())
    }

    /// Whether `color`'s side is in danger: it has no king where one is `required`, or one
    /// overly persuaded.
    pub fn king_in_danger(
        &self,
        tables: &Tables,
        pos: &Position<FileGame>,
        color: Color,
        required: bool,
    ) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        let kings = pos.pieces(color, king);
        (required && kings.is_empty())
            || kings
                .into_iter()
                .any(|square| self.overly_persuaded(tables, pos, square, color, None))
    }

    /// Whether a piece of `color` would be overly persuaded on `square` with the piece on
    /// `lifted` taken off the board (where a pawn's double step passes, or the squares a
    /// castling king starts on and crosses).
    pub fn persuaded_lifted(
        &self,
        tables: &Tables,
        pos: &Position<FileGame>,
        lifted: Square,
        square: Square,
        color: Color,
    ) -> bool {
        let mut without = pos.clone();
        without.remove(lifted);
        self.overly_persuaded(tables, &without, square, color, None)
    }
}
