//! FEN in and out for any variant: the board (any size up to 8x8, multi-letter piece symbols
//! such as `+C`), side to move, castling, en passant and clocks, plus the variant's own fields.
//! Every malformed FEN gets an error that names what was wrong.

use crate::rules::RulesExt;
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
                // A piece that came from a promotion, in games where it goes back to a hand
                // as what it was, is marked `~` (crazyhouse's `Q~`): the mark is part of the
                // symbol of the kind the game gives such pieces.
                let symbol = if chars.peek() == Some(&'~') {
                    chars.next();
                    format!("{symbol}~")
                } else {
                    symbol
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

/// The squares of the pieces written `K` and `R` (a king and rooks, in the games that have
/// them) of `color` on the rank `rank`: what X-FEN's `K` and `Q` are read against.
fn king_and_rooks<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    color: Color,
    rank: Rank,
) -> (Option<Square>, Bitboard) {
    let on_rank = |symbol: &str| {
        piece_from_symbol(rules, symbol).map_or(Bitboard::EMPTY, |piece| {
            pos.color(color) & pos.kind(piece.kind) & Bitboard::from_rank(rank)
        })
    };
    let kings = on_rank("K");
    let king = if kings.more_than_one() {
        None
    } else {
        kings.first()
    };
    (king, on_rank("R"))
}

/// Reads the castling field into the rook squares that keep a right. Shredder-FEN names the
/// rook's file (`HAha`); X-FEN's `K` and `Q` name the outermost rook on that side of the king
/// (the corner, as in FIDE chess, when that rook or the king cannot be found; the rules then
/// judge the right).
fn parse_castling<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    field: &str,
) -> Result<Bitboard, FenError> {
    let geometry = rules.geometry();
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    let last_file = File::new(geometry.files as u32 - 1);
    // A view writes the rights hidden from its seat as `?`: nothing to read there.
    for c in field.chars().filter(|c| *c != '?') {
        let (color, rank) = if c.is_ascii_uppercase() {
            (Color::White, Rank::First)
        } else {
            (Color::Black, Rank::new(geometry.ranks as u32 - 1))
        };
        let (king, rooks) = king_and_rooks(rules, pos, color, rank);
        let outermost = |kingside: bool| {
            let king = king?;
            let mut side = rooks
                .into_iter()
                .filter(|rook| (rook.file() > king.file()) == kingside && *rook != king);
            if kingside {
                side.next_back()
            } else {
                side.next()
            }
        };
        let square = match c.to_ascii_lowercase() {
            'k' => outermost(true).unwrap_or(Square::from_coords(last_file, rank)),
            'q' => outermost(false).unwrap_or(Square::from_coords(File::A, rank)),
            letter @ 'a'..='h' if (letter as u32 - 'a' as u32) < geometry.files as u32 => {
                Square::from_coords(File::new(letter as u32 - 'a' as u32), rank)
            }
            _ => {
                return Err(FenError::Castling(format!(
                    "'{c}' is not one of K, Q, k, q or a file letter"
                )));
            }
        };
        if !rights.insert(square) {
            return Err(FenError::Castling(format!("'{c}' given twice")));
        }
    }
    Ok(rights)
}

/// The castling field in X-FEN: `K` and `Q` for the outermost rook on each side of the king
/// (so FIDE chess's rights read `KQkq` as ever), the rook's file for an inner one. White's
/// rights first, the king's side before the queen's.
pub fn x_fen_castling<R: Rules>(rules: &R, pos: &Position<R>) -> String {
    write_castling(pos, |square, color| {
        let (king, rooks) = king_and_rooks(rules, pos, color, square.rank());
        let beyond = |toward_h: bool| {
            rooks.into_iter().any(|rook| {
                if toward_h {
                    rook.file() > square.file()
                } else {
                    rook.file() < square.file()
                }
            })
        };
        let last_file = rules.geometry().files as u32 - 1;
        match king {
            Some(king) if square.file() > king.file() && !beyond(true) => 'k',
            Some(king) if square.file() < king.file() && !beyond(false) => 'q',
            Some(_) => square.file().char(),
            // No king to tell the sides: the corners are K and Q, as in FIDE chess.
            None if square.file() as u32 == last_file => 'k',
            None if square.file() == File::A => 'q',
            None => square.file().char(),
        }
    })
}

/// Writes the rights in FEN order, each letter chosen by `letter` (lower case) and upper-cased
/// for White; `-` for none.
fn write_castling<R: Rules>(pos: &Position<R>, letter: impl Fn(Square, Color) -> char) -> String {
    if pos.castling().is_empty() {
        return "-".into();
    }
    let mut rights: Vec<Square> = pos.castling().into_iter().collect();
    rights.sort_by_key(|sq| (sq.rank() != Rank::First, std::cmp::Reverse(sq.file())));
    rights
        .into_iter()
        .map(|square| {
            if square.rank() == Rank::First {
                letter(square, Color::White).to_ascii_uppercase()
            } else {
                letter(square, Color::Black)
            }
        })
        .collect()
}

/// Splits a board field into its ranks and the pieces in hand that drop games write in
/// brackets after them (`RNBQKBNR[Qp]`).
fn split_hand(board: &str) -> Result<(&str, Option<&str>), FenError> {
    match board.split_once('[') {
        None if board.contains(']') => Err(FenError::BoardShape(format!(
            "']' without '[' in '{board}'"
        ))),
        None => Ok((board, None)),
        Some((ranks, rest)) => match rest.strip_suffix(']') {
            Some(hand) if !hand.contains(['[', ']']) => Ok((ranks, Some(hand))),
            _ => Err(FenError::BoardShape(format!(
                "pieces in hand must be one '[...]' at the end of the board, not '[{rest}'"
            ))),
        },
    }
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
    /// the variant. A FEN in another engine's layout is read in the game's own
    /// ([`Rules::fen_in_own_layout`]).
    pub fn from_fen(rules: &R, fen: &str) -> Result<Position<R>, FenError> {
        match rules.fen_in_own_layout(fen) {
            Some(own) => Self::from_own_fen(rules, &own),
            None => Self::from_own_fen(rules, fen),
        }
    }

    /// [`Position::from_fen`] of a FEN in Amity's layout.
    fn from_own_fen(rules: &R, fen: &str) -> Result<Position<R>, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(FenError::Empty);
        };
        let mut pos = Position::empty();
        let (board, hand) = split_hand(board)?;
        parse_board(rules, &mut pos, board)?;
        match fields.get(1).copied().unwrap_or("w") {
            "w" => pos.set_turn(Color::White),
            "b" => pos.set_turn(Color::Black),
            other => return Err(FenError::Turn(other.to_string())),
        }
        let rights = parse_castling(rules, &pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.set_castling(rights);
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
        if let Some(hand) = hand {
            rules.read_hand(&mut pos, hand)?;
        }
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
        if let Some(hand) = rules.write_hand(self) {
            fen.push('[');
            fen.push_str(&hand);
            fen.push(']');
        }
        fen.push(' ');
        fen.push(if rules.fen_turn(self) == Color::White {
            'w'
        } else {
            'b'
        });
        fen.push(' ');
        match rules.castling_field(self) {
            Some(field) => fen.push_str(&field),
            None => fen.push_str(&x_fen_castling(rules, self)),
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
