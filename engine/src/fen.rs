//! FEN in and out for any variant: the board (any size up to 8x8, multi-letter piece symbols
//! such as `+C`), side to move, castling, en passant and clocks, plus the variant's own fields.
//! Every malformed FEN gets an error that names what was wrong.

use shakmaty::{Bitboard, Color, File, Rank, Square};
use std::fmt;

use crate::fen_fields::FieldError;
use crate::position::{Kind, Piece, Position};
use crate::rules::Rules;

/// What was wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// The board field has the wrong number of ranks or squares in a rank.
    BoardShape(String),
    /// A character in the board field that is no piece of this variant.
    UnknownPiece(String),
    Turn(String),
    Castling(String),
    EnPassant(String),
    Clock(String),
    /// A field after the usual six that the variant does not expect, or a malformed one.
    UnexpectedField(String),
    /// One of the variant's own fields (or a part of it) is missing or malformed.
    Field(FieldError),
    /// The FEN parses but describes a position the variant's rules forbid.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::BoardShape(why) => write!(f, "bad board field: {why}"),
            FenError::UnknownPiece(what) => write!(f, "unknown piece '{what}' in board field"),
            FenError::Turn(what) => write!(f, "side to move must be 'w' or 'b', not '{what}'"),
            FenError::Castling(why) => write!(f, "bad castling field: {why}"),
            FenError::EnPassant(why) => write!(f, "bad en passant field: {why}"),
            FenError::Clock(what) => write!(f, "bad move counter '{what}'"),
            FenError::UnexpectedField(what) => write!(f, "unexpected FEN field '{what}'"),
            FenError::Field(error) => write!(f, "{error}"),
            FenError::Illegal(why) => write!(f, "illegal position: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Finds the piece whose symbol matches `symbol` (upper case White, lower case Black).
fn piece_from_symbol<R: Rules>(rules: &R, symbol: &str) -> Option<Piece> {
    let color = if symbol.chars().any(|c| c.is_ascii_uppercase()) {
        Color::White
    } else {
        Color::Black
    };
    let upper = symbol.to_ascii_uppercase();
    rules
        .pieces()
        .iter()
        .position(|info| info.symbol == upper)
        .map(|index| Piece::new(color, Kind::new(index as u8)))
}

fn symbol_of<R: Rules>(rules: &R, piece: Piece) -> String {
    let symbol = rules.pieces()[piece.kind.index()].symbol;
    match piece.color {
        Color::White => symbol.to_string(),
        Color::Black => symbol.to_ascii_lowercase(),
    }
}

fn parse_board<R: Rules>(rules: &R, pos: &mut Position<R>, board: &str) -> Result<(), FenError> {
    let geometry = rules.geometry();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geometry.ranks as usize {
        return Err(FenError::BoardShape(format!(
            "{} ranks given, this variant has {}",
            rows.len(),
            geometry.ranks
        )));
    }
    for (row_index, row) in rows.iter().enumerate() {
        let rank = geometry.ranks as usize - 1 - row_index;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(digit) = c.to_digit(10) {
                let mut empty = digit as usize;
                // Saturating: a run of many digits must be "too long", not an overflow.
                while let Some(next) = chars.peek().and_then(|d| d.to_digit(10)) {
                    empty = empty.saturating_mul(10).saturating_add(next as usize);
                    chars.next();
                }
                if empty == 0 {
                    return Err(FenError::BoardShape(format!(
                        "zero empty squares in '{row}'"
                    )));
                }
                file = file.saturating_add(empty);
            } else {
                let symbol = if c == '+' {
                    match chars.next() {
                        Some(letter) => format!("+{letter}"),
                        None => return Err(FenError::UnknownPiece("+".into())),
                    }
                } else {
                    c.to_string()
                };
                let piece = piece_from_symbol(rules, &symbol)
                    .ok_or_else(|| FenError::UnknownPiece(symbol.clone()))?;
                if file >= geometry.files as usize {
                    return Err(FenError::BoardShape(format!(
                        "rank '{row}' is longer than {} squares",
                        geometry.files
                    )));
                }
                pos.put(Square::new((rank * 8 + file) as u32), piece);
                file += 1;
            }
            if file > geometry.files as usize {
                return Err(FenError::BoardShape(format!(
                    "rank '{row}' is longer than {} squares",
                    geometry.files
                )));
            }
        }
        if file != geometry.files as usize {
            return Err(FenError::BoardShape(format!(
                "rank '{row}' has {file} squares, not {}",
                geometry.files
            )));
        }
    }
    Ok(())
}

fn parse_castling<R: Rules>(rules: &R, field: &str) -> Result<Bitboard, FenError> {
    let geometry = rules.geometry();
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    // A view writes the rights hidden from its seat as `?`: nothing to read there.
    for c in field.chars().filter(|c| *c != '?') {
        let rank = if c.is_ascii_uppercase() {
            0
        } else {
            geometry.ranks as u32 - 1
        };
        let file = match c.to_ascii_lowercase() {
            'k' => geometry.files as u32 - 1,
            'q' => 0,
            letter @ 'a'..='h' if (letter as u32 - 'a' as u32) < geometry.files as u32 => {
                letter as u32 - 'a' as u32
            }
            _ => {
                return Err(FenError::Castling(format!(
                    "'{c}' is not one of K, Q, k, q or a file letter"
                )));
            }
        };
        let square = Square::from_coords(File::new(file), Rank::new(rank));
        if !rights.insert(square) {
            return Err(FenError::Castling(format!("'{c}' given twice")));
        }
    }
    Ok(rights)
}

fn parse_clock(field: Option<&&str>, default: u32) -> Result<u32, FenError> {
    match field {
        None => Ok(default),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|value| *value < 100_000)
            .ok_or_else(|| FenError::Clock(text.to_string())),
    }
}

impl<R: Rules> Position<R> {
    /// Reads a FEN. The counters may be left out (EPD style); fields after the sixth belong to
    /// the variant.
    pub fn from_fen(rules: &R, fen: &str) -> Result<Position<R>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(FenError::Empty);
        };
        let mut pos = Position::empty();
        parse_board(rules, &mut pos, board)?;
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.set_turn(Color::White),
            "b" => pos.set_turn(Color::Black),
            other => return Err(FenError::Turn(other.to_string())),
        }
        pos.set_castling(parse_castling(
            rules,
            fields.get(2).copied().unwrap_or("-"),
        )?);
        match fields.get(3).copied().unwrap_or("-") {
            "-" => {}
            text => {
                let square = Square::from_ascii(text.as_bytes())
                    .map_err(|_| FenError::EnPassant(format!("'{text}' is not a square")))?;
                if !rules.geometry().mask().contains(square) {
                    return Err(FenError::EnPassant(format!("{text} is off the board")));
                }
                pos.set_en_passant(Some(square));
            }
        }
        pos.set_halfmove_clock(parse_clock(fields.get(4), 0)?);
        let fullmoves = parse_clock(fields.get(5), 1)?;
        pos.set_fullmoves(fullmoves.max(1));
        rules.read_extra_fen(&mut pos, fields.get(6..).unwrap_or(&[]))?;
        rules.validate(&mut pos)?;
        pos.refresh_hash(rules);
        Ok(pos)
    }

    /// Writes the position as FEN, with the variant's own fields at the end.
    pub fn to_fen(&self, rules: &R) -> String {
        let geometry = rules.geometry();
        let mut fen = String::with_capacity(96);
        for rank in (0..geometry.ranks as u32).rev() {
            let mut empty = 0;
            for file in 0..geometry.files as u32 {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                match self.piece_at(square) {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push_str(&symbol_of(rules, piece));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push(if rules.fen_turn(self) == Color::White {
            'w'
        } else {
            'b'
        });
        fen.push(' ');
        if let Some(field) = rules.castling_field(self) {
            fen.push_str(&field);
        } else if self.castling().is_empty() {
            fen.push('-');
        } else {
            // White's rights first, king side before queen side, as FEN writers do.
            let mut rights: Vec<Square> = self.castling().into_iter().collect();
            rights.sort_by_key(|sq| (sq.rank() != Rank::First, std::cmp::Reverse(sq.file())));
            for square in rights {
                let letter = if square.file() as u32 == geometry.files as u32 - 1 {
                    'k'
                } else if square.file() == File::A {
                    'q'
                } else {
                    square.file().char()
                };
                fen.push(if square.rank() == Rank::First {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        fen.push(' ');
        match self.en_passant() {
            Some(square) => fen.push_str(&square.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(" {} {}", self.halfmove_clock(), self.fullmoves()));
        rules.write_extra_fen(self, &mut fen);
        fen
    }

    /// A text diagram of the board (White at the bottom), with the variant's piece symbols.
    pub fn diagram(&self, rules: &R) -> String {
        let geometry = rules.geometry();
        let separator = format!("\n {}+\n", "+---".repeat(geometry.files as usize));
        let mut out = separator.clone();
        for rank in (0..geometry.ranks as u32).rev() {
            out.push(' ');
            for file in 0..geometry.files as u32 {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                let symbol = self
                    .piece_at(square)
                    .map_or(" ".to_string(), |piece| symbol_of(rules, piece));
                out.push_str(&format!("|{symbol:^3}"));
            }
            out.push_str(&format!("| {}", rank + 1));
            out.push_str(&separator);
        }
        out.push(' ');
        for file in 0..geometry.files as u32 {
            out.push_str(&format!("  {} ", File::new(file).char()));
        }
        out.push('\n');
        out
    }
}
