//! XBoard's own copy of the board, kept the way XBoard 4.9 keeps it, and the plan that brings it
//! back in line with Amity's game after a move whose after-effects XBoard does not know.
//!
//! With its legality testing off, XBoard applies an engine move blindly: the piece on the
//! from-square goes to the to-square, a second leg (`e4d8,d8e4`) empties its middle square, a
//! promotion letter turns the arriving piece into that piece of the mover's colour, a king two
//! files sideways brings its rook along, a pawn's diagonal step to an empty square after an
//! adjacent double step takes en passant, and `@@@@` passes. It refuses a move whose from-square
//! is empty or holds the other side's piece, and it refuses drops. Those are all the means an
//! engine has to change XBoard's board during a game (a `setup` is only honoured before the
//! first move). So a side can move, retype and remove its own pieces and remove any piece, but
//! never create one: a position that has more pieces of a colour than XBoard shows cannot be
//! drawn.

use amity_engine::Color;

/// XBoard's board: one XBoard letter per square (upper case White), and whose turn XBoard counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mirror {
    files: usize,
    ranks: usize,
    /// Rank 1 first, file a first.
    cells: Vec<Option<char>>,
    white_to_move: bool,
    /// File of a double-stepped pawn with an enemy pawn beside it (XBoard's e.p. status).
    en_passant: Option<usize>,
}

/// One move of XBoard's game that only exists to repair XBoard's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repair {
    /// The board is right: nothing to do.
    Done,
    /// A move in XBoard's notation (`e4d8,d8e4`, `b1c3q`, `@@@@`).
    Ply(String),
    /// The board cannot be repaired: Amity's position has more pieces of a colour.
    Impossible,
}

fn is_white(letter: char) -> bool {
    letter.is_ascii_uppercase()
}

impl Mirror {
    /// XBoard's board for a FEN in XBoard's letters (only the board and side fields are read).
    pub fn from_fen(fen: &str, files: u8, ranks: u8) -> Option<Mirror> {
        let (files, ranks) = (files as usize, ranks as usize);
        let mut fields = fen.split_whitespace();
        let board = fields.next()?;
        let white_to_move = fields.next() != Some("b");
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ranks {
            return None;
        }
        let mut cells = vec![None; files * ranks];
        for (row, text) in rows.iter().enumerate() {
            let rank = ranks - 1 - row;
            let mut file = 0;
            let mut run = 0;
            for c in text.chars() {
                if let Some(digit) = c.to_digit(10) {
                    run = run * 10 + digit as usize;
                    continue;
                }
                file += run;
                run = 0;
                if c.is_ascii_alphabetic() {
                    if file >= files {
                        return None;
                    }
                    cells[rank * files + file] = Some(c);
                    file += 1;
                }
            }
            if file + run != files {
                return None;
            }
        }
        Some(Mirror {
            files,
            ranks,
            cells,
            white_to_move,
            en_passant: None,
        })
    }

    pub fn turn(&self) -> Color {
        if self.white_to_move {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Whether the pieces stand alike (turns aside).
    pub fn same_board(&self, other: &Mirror) -> bool {
        self.cells == other.cells
    }

    fn square(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let file = chars.next()? as usize;
        let file = file.checked_sub('a' as usize)?;
        let rank: usize = chars.as_str().parse().ok()?;
        (file < self.files && (1..=self.ranks).contains(&rank))
            .then(|| (rank - 1) * self.files + file)
    }

    fn name(&self, index: usize) -> String {
        let file = (b'a' + (index % self.files) as u8) as char;
        format!("{file}{}", index / self.files + 1)
    }

    /// Splits `e2e4` / `e7e8q` into from, to and promotion letter.
    fn split_leg(&self, leg: &str) -> Option<(usize, usize, Option<char>)> {
        let digits: Vec<usize> = leg
            .char_indices()
            .filter(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .collect();
        // Coordinates are letter-digits-letter-digits; a trailing letter is the promotion.
        let second = *digits.get(1)?;
        let from = self.square(&leg[..second])?;
        let rest = &leg[second..];
        let end = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let to = self.square(&rest[..end])?;
        let promotion = rest[end..].chars().next();
        Some((from, to, promotion))
    }

    /// Applies a move as XBoard would; `false` (board unchanged) when XBoard would refuse it.
    pub fn apply(&mut self, token: &str) -> bool {
        if token == "@@@@" {
            self.white_to_move = !self.white_to_move;
            self.en_passant = None;
            return true;
        }
        let (first, second) = match token.split_once(',') {
            Some((first, second)) => (first, Some(second)),
            None => (token, None),
        };
        let Some((from, mut to, mut promotion)) = self.split_leg(first) else {
            return false;
        };
        let mut kill = None;
        if let Some(second) = second {
            let Some((middle, last, last_promotion)) = self.split_leg(second) else {
                return false;
            };
            if middle != to && from != to {
                return false;
            }
            kill = Some(middle);
            if from == to {
                // XBoard 4.9 relays a removal `c2d4,d4c2` to the other engine as `c2c2,d4..`
                // (from and to first, then the removed square, then a stray square): the piece
                // stays, the middle square is emptied.
                promotion = None;
            } else {
                to = last;
                promotion = last_promotion;
            }
        }
        let Some(piece) = self.cells[from] else {
            return false;
        };
        if is_white(piece) != self.white_to_move || (from == to && kill.is_none()) {
            return false;
        }
        let old_en_passant = self.en_passant.take();
        if let Some(kill) = kill {
            self.cells[kill] = None;
        }
        if from != to {
            self.move_piece(piece, from, to, promotion, old_en_passant);
        }
        self.white_to_move = !self.white_to_move;
        true
    }

    fn move_piece(
        &mut self,
        piece: char,
        from: usize,
        to: usize,
        promotion: Option<char>,
        old_en_passant: Option<usize>,
    ) {
        let files = self.files;
        let (from_file, from_rank) = (from % files, from / files);
        let (to_file, to_rank) = (to % files, to / files);
        let white = is_white(piece);
        let kind = piece.to_ascii_uppercase();
        let pawn = kind == 'P';
        if pawn && from_rank.abs_diff(to_rank) == 2 && from_file == to_file {
            let enemy = if white { 'p' } else { 'P' };
            let beside = |file: Option<usize>| {
                file.filter(|f| *f < files)
                    .is_some_and(|f| self.cells[to_rank * files + f] == Some(enemy))
            };
            if beside(to_file.checked_sub(1)) || beside(Some(to_file + 1)) {
                self.en_passant = Some(to_file);
            }
        }
        let target = self.cells[to];
        let own_rook = if white { 'R' } else { 'r' };
        let castle_side = kind == 'K'
            && from_rank == to_rank
            && from_file != 0
            && from_file != files - 1
            && to_file.abs_diff(from_file) > 1;
        if kind == 'K' && target == Some(own_rook) {
            // XBoard reads "king takes own rook" as castling.
            self.cells[from] = None;
            self.cells[to] = None;
            let row = from_rank * files;
            let (king_file, rook_file) = if to_file > from_file {
                (files - 2, files - 3)
            } else {
                (2, 3)
            };
            self.cells[row + king_file] = Some(piece);
            self.cells[row + rook_file] = Some(own_rook);
            return;
        }
        if castle_side {
            let row = from_rank * files;
            let (corner, beside) = if to_file > from_file {
                (files - 1, to_file - 1)
            } else {
                (0, to_file + 1)
            };
            self.cells[from] = None;
            self.cells[to] = Some(piece);
            self.cells[row + beside] = self.cells[row + corner].take();
            return;
        }
        let half = self.ranks / 2;
        let en_passant_side = if white {
            from_rank >= half
        } else {
            from_rank < half
        };
        if pawn
            && from_file != to_file
            && target.is_none()
            && en_passant_side
            && old_en_passant == Some(to_file)
        {
            let victim = if white { to - files } else { to + files };
            self.cells[victim] = None;
        }
        self.cells[from] = None;
        let arriving = match promotion {
            Some(letter) if letter.is_ascii_alphabetic() => {
                if white {
                    letter.to_ascii_uppercase()
                } else {
                    letter.to_ascii_lowercase()
                }
            }
            _ => piece,
        };
        self.cells[to] = Some(arriving);
    }

    /// Whether two squares share a rank, file or diagonal.
    fn aligned(&self, a: usize, b: usize) -> bool {
        let (fa, ra) = (a % self.files, a / self.files);
        let (fb, rb) = (b % self.files, b / self.files);
        fa == fb || ra == rb || fa.abs_diff(fb) == ra.abs_diff(rb)
    }

    /// The next move `side` makes in XBoard's game to bring its board towards `target` (whose
    /// turn is `target.turn()`): [`Repair::Done`] when board and turn agree already.
    pub fn repair(&self, target: &Mirror, side: Color) -> Repair {
        if self.same_board(target) {
            return if self.turn() == target.turn() {
                Repair::Done
            } else {
                Repair::Ply("@@@@".into())
            };
        }
        let count = |m: &Mirror, white: bool| {
            m.cells
                .iter()
                .flatten()
                .filter(|c| is_white(**c) == white)
                .count()
        };
        // Pieces of each colour XBoard shows beyond Amity's: only those may be removed.
        let surplus =
            [true, false].map(|white| count(self, white) as isize - count(target, white) as isize);
        if surplus.iter().any(|extra| *extra < 0) {
            return Repair::Impossible;
        }
        let white = side == Color::White;
        let mine = |c: &Option<char>| c.is_some_and(|c| is_white(c) == white);
        let squares = 0..self.cells.len();
        // Squares where one of `side`'s pieces is missing or of the wrong kind.
        let needed: Vec<usize> = squares
            .clone()
            .filter(|&s| mine(&target.cells[s]) && self.cells[s] != target.cells[s])
            .collect();
        // `side`'s pieces that stand where they should not.
        let spare: Vec<usize> = squares
            .clone()
            .filter(|&s| mine(&self.cells[s]) && self.cells[s] != target.cells[s])
            .collect();
        // Squares that must become empty and whose piece is not wanted anywhere else.
        let clear: Vec<usize> = squares
            .clone()
            .filter(|&s| {
                target.cells[s].is_none()
                    && self.cells[s].is_some_and(|c| surplus[usize::from(!is_white(c))] > 0)
            })
            .collect();
        if let Some(&to) = needed.first() {
            let wanted = target.cells[to];
            let from = spare
                .iter()
                .copied()
                .filter(|&s| s != to)
                .max_by_key(|&s| self.cells[s] == wanted);
            if let Some(from) = from {
                let kill = clear
                    .iter()
                    .copied()
                    .find(|&s| s != from && s != to && !self.aligned(from, s));
                let promotion = if self.cells[from] == wanted {
                    String::new()
                } else {
                    wanted.map_or(String::new(), |c| c.to_ascii_lowercase().to_string())
                };
                let (from_name, to_name) = (self.name(from), self.name(to));
                return Repair::Ply(match kill {
                    Some(kill) => {
                        let kill = self.name(kill);
                        format!("{from_name}{kill},{kill}{to_name}{promotion}")
                    }
                    None => format!("{from_name}{to_name}{promotion}"),
                });
            }
            // The only piece to use stands on the square itself with the wrong kind: step off
            // to an empty square first, and come back retyped next time.
            if let Some(free) = squares
                .clone()
                .find(|&s| self.cells[s].is_none() && target.cells[s].is_none())
            {
                return Repair::Ply(format!("{}{}", self.name(to), self.name(free)));
            }
        }
        if let Some(&kill) = clear.first() {
            // A piece of `side` that stays where it is carries the removal as its second leg.
            // Not a king, and not on a line with the removed square: XBoard 4.9 relays such
            // moves to the other engine in another form (`d2c3,c3d2` as `d2d2,c3e2`,
            // `c1f4,f4c1` as `c1c1,f4b1`, seen in real games), while `e4d8,d8e4` and
            // `b5d4,d4b5` arrive as sent.
            let king = |s: usize| self.cells[s].is_some_and(|c| c.eq_ignore_ascii_case(&'K'));
            let usable = |s: usize| mine(&self.cells[s]) && s != kill;
            let off_line = |s: usize| usable(s) && !self.aligned(s, kill);
            let anchor = squares
                .clone()
                .find(|&s| off_line(s) && !king(s) && !clear.contains(&s))
                .or_else(|| squares.clone().find(|&s| off_line(s) && !king(s)))
                .or_else(|| squares.clone().find(|&s| off_line(s)))
                .or_else(|| squares.clone().find(|&s| usable(s)));
            if let Some(anchor) = anchor {
                let (anchor, kill) = (self.name(anchor), self.name(kill));
                return Repair::Ply(format!("{anchor}{kill},{kill}{anchor}"));
            }
        }
        Repair::Ply("@@@@".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Mirror {
        Mirror::from_fen(fen, 8, 8).expect("fen")
    }

    #[test]
    fn applies_moves_as_xboard_does() {
        let mut mirror = board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert!(mirror.apply("e1g1"));
        assert_eq!(mirror, {
            let mut m = board("r3k2r/8/8/8/8/8/8/R4RK1 b - - 0 1");
            m.en_passant = None;
            m
        });
        assert!(
            !mirror.apply("e1e2"),
            "White's pieces cannot move on Black's turn"
        );
        assert!(
            mirror.apply("e8d8,d8e8"),
            "a second leg removes its middle square"
        );
        assert!(mirror.apply("@@@@"));
        assert_eq!(mirror.turn(), Color::Black);
        let mut pawn = board("8/4P3/8/8/8/8/8/8 w - - 0 1");
        assert!(pawn.apply("e7e8q"));
        assert!(pawn.same_board(&board("4Q3/8/8/8/8/8/8/8 b - - 0 1")));
        let mut passant = board("8/8/8/8/3p4/8/4P3/8 w - - 0 1");
        assert!(passant.apply("e2e4") && passant.apply("d4e3"));
        assert!(passant.same_board(&board("8/8/8/8/8/4p3/8/8 w - - 0 1")));
    }

    #[test]
    fn repairs_moves_and_removals_and_refuses_creation() {
        // A love step moved the white knight b1 to c1 and the black bishop h4 to g4 unseen.
        let shown = board("4k3/8/8/8/7b/8/8/1N2K3 b - - 0 1");
        let real = board("4k3/8/8/8/6b1/8/8/2N1K3 b - - 0 1");
        let mut mirror = shown.clone();
        let mut side = Color::Black;
        let mut plies = 0;
        while let Repair::Ply(ply) = mirror.repair(&real, side) {
            assert!(mirror.apply(&ply), "{ply}");
            side = !side;
            plies += 1;
            assert!(plies < 10);
        }
        assert_eq!(mirror.repair(&real, side), Repair::Done);
        assert_eq!(mirror, real);
        // A removal is carried by a piece off the lines through the removed square.
        let lovemate = board("4k3/8/8/8/8/8/3K4/1N2Q3 w - - 0 1");
        let after = board("4k3/8/8/8/8/8/3K4/4Q3 w - - 0 1");
        assert_eq!(
            lovemate.repair(&after, Color::White),
            Repair::Ply("d2b1,b1d2".into()),
            "the queen shares a rank with b1; the king is off every line through it"
        );
        // A conversion needs a piece XBoard does not have.
        let converted = board("4k3/8/8/8/7B/8/8/1N2K3 b - - 0 1");
        assert_eq!(shown.repair(&converted, Color::White), Repair::Impossible);
    }
}
