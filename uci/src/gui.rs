//! What GUIs must be told about a variant they may not know: the XBoard name, the `setup` and
//! `piece` lines of an engine-defined variant (with the letters XBoard shall use for each piece
//! kind), the `highlight` board answering `lift`, and UCI's `info string variant ...` line.
//! Everything is derived from the variant's [`Rules`], so a newly registered variant is
//! described the moment it exists.

use amity_engine::RulesExt;
use amity_engine::{File, Game, Kind, MoveFlag, Rank, Square, rules::kinds};
use amity_variants::Variant;

/// Variants XBoard plays by its own rules (its names). Every other variant is sent to XBoard
/// as an engine-defined variant with `setup`.
const XBOARD_NATIVE: &[&str] = &["normal", "fischerandom"];

/// The name XBoard uses for a variant (`normal` for chess).
pub fn xboard_name(variant: &str) -> &str {
    match variant {
        "chess" => "normal",
        other => other,
    }
}

/// The `variants="..."` list of `feature`: every registered variant by its XBoard name, then
/// the games of the variant file `options` loaded.
pub fn xboard_variants(options: &amity_variants::VariantOptions) -> String {
    amity_variants::NAMES
        .iter()
        .map(|name| xboard_name(name))
        .chain(options.file_variants())
        .collect::<Vec<_>>()
        .join(",")
}

/// Whether XBoard needs `setup` to know the variant.
pub fn is_engine_defined(variant: &str) -> bool {
    !XBOARD_NATIVE.contains(&xboard_name(variant))
}

/// Slots of XBoard's piece-to-char table (22 piece types per side, the king last) and the
/// letter XBoard gives each by default; a variant's kinds are placed by name where XBoard has
/// the same piece, else in the first free slot (which only decides the picture XBoard draws).
const XBOARD_DEFAULT_LETTERS: &[u8; 22] = b"PNBRQFEACWMOHIJGDVLSUK";
const KING_SLOT: usize = 21;

fn standard_slot(name: &str) -> Option<usize> {
    match name {
        "pawn" => Some(0),
        "knight" => Some(1),
        "bishop" => Some(2),
        "rook" => Some(3),
        "queen" | "general" => Some(4),
        "king" | "monarch" => Some(KING_SLOT),
        _ => None,
    }
}

/// How a variant's pieces appear to XBoard: a slot in the piece-to-char table and one letter
/// per kind. Symbols of more than one character (`+C`) get a free letter, and FENs are
/// translated between the two alphabets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// Per kind: Amity's symbol (White's, upper case) and XBoard's letter (upper case).
    letters: Vec<(String, char)>,
    /// Per kind: its slot in the piece-to-char table.
    slots: Vec<usize>,
}

impl Dialect {
    pub fn of<R: Variant>(rules: &R) -> Dialect {
        let pieces = rules.pieces();
        let mut letters: Vec<(String, Option<char>)> = pieces
            .iter()
            .map(|piece| {
                let symbol = piece.symbol.to_ascii_uppercase();
                let mut chars = symbol.chars();
                let single = match (chars.next(), chars.next()) {
                    (Some(letter), None) if letter.is_ascii_alphabetic() => Some(letter),
                    _ => None,
                };
                (symbol, single)
            })
            .collect();
        let mut used: Vec<char> = letters.iter().filter_map(|(_, letter)| *letter).collect();
        for entry in letters.iter_mut().filter(|(_, letter)| letter.is_none()) {
            // Prefer the symbol's own last letter (`+C` -> `C`) if it is free, else any free one.
            let own = entry.0.chars().rev().find(char::is_ascii_alphabetic);
            let free = own
                .into_iter()
                .chain('A'..='Z')
                .find(|letter| !used.contains(letter))
                .unwrap_or('X');
            used.push(free);
            entry.1 = Some(free);
        }
        let letters: Vec<(String, char)> = letters
            .into_iter()
            .map(|(symbol, letter)| (symbol, letter.unwrap_or('X')))
            .collect();

        let mut taken = [false; 22];
        let mut slots = vec![usize::MAX; pieces.len()];
        for (index, piece) in pieces.iter().enumerate() {
            if let Some(slot) = standard_slot(piece.name).filter(|slot| !taken[*slot]) {
                taken[slot] = true;
                slots[index] = slot;
            }
        }
        // Pawn and king slots carry XBoard's own rules (promotion, castling): never give them
        // to other pieces. Prefer the slot whose default letter matches, so the picture fits.
        for index in 0..pieces.len() {
            if slots[index] != usize::MAX {
                continue;
            }
            let letter = letters[index].1 as u8;
            let free = |slot: &usize| !taken[*slot] && *slot != 0 && *slot != KING_SLOT;
            let slot = (0..22)
                .filter(free)
                .find(|slot| XBOARD_DEFAULT_LETTERS[*slot] == letter)
                .or_else(|| (0..22).find(free));
            if let Some(slot) = slot {
                taken[slot] = true;
                slots[index] = slot;
            }
        }
        Dialect { letters, slots }
    }

    /// XBoard's letter for a kind (upper case).
    pub fn letter(&self, kind: Kind) -> char {
        self.letters[kind.index()].1
    }

    /// The piece-to-char table: White's 22 slots then Black's, `.` for unused slots.
    pub fn piece_to_char(&self) -> String {
        let mut white = vec!['.'; 22];
        for (index, slot) in self.slots.iter().enumerate() {
            if let Some(cell) = white.get_mut(*slot) {
                *cell = self.letters[index].1;
            }
        }
        let black: String = white.iter().map(|c| c.to_ascii_lowercase()).collect();
        white.into_iter().collect::<String>() + &black
    }

    /// Whether Amity's and XBoard's FENs differ at all.
    fn translates(&self) -> bool {
        self.letters
            .iter()
            .any(|(symbol, letter)| symbol.len() != 1 || !symbol.starts_with(*letter))
    }

    /// Rewrites the board field of a FEN, symbol by symbol.
    fn map_board(fen: &str, mut map: impl FnMut(&str) -> Option<String>) -> String {
        let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let mut out = String::with_capacity(board.len());
        let mut chars = board.chars().peekable();
        while let Some(c) = chars.next() {
            let mut symbol = c.to_string();
            if c == '+'
                && let Some(next) = chars.next()
            {
                symbol.push(next);
            }
            match map(&symbol) {
                Some(mapped) => out.push_str(&mapped),
                None => out.push_str(&symbol),
            }
        }
        if rest.is_empty() {
            out
        } else {
            format!("{out} {rest}")
        }
    }

    /// Amity's FEN in XBoard's letters.
    pub fn to_gui_fen(&self, fen: &str) -> String {
        if !self.translates() {
            return fen.to_string();
        }
        Dialect::map_board(fen, |symbol| {
            let black = symbol.chars().any(|c| c.is_ascii_lowercase());
            let upper = symbol.to_ascii_uppercase();
            self.letters
                .iter()
                .find(|(own, _)| *own == upper)
                .map(|(_, letter)| {
                    if black {
                        letter.to_ascii_lowercase().to_string()
                    } else {
                        letter.to_string()
                    }
                })
        })
    }

    /// XBoard's FEN in Amity's symbols.
    pub fn from_gui_fen(&self, fen: &str) -> String {
        if !self.translates() {
            return fen.to_string();
        }
        Dialect::map_board(fen, |symbol| {
            let mut chars = symbol.chars();
            let letter = chars.next().filter(|c| c.is_ascii_alphabetic())?;
            if chars.next().is_some() {
                return None;
            }
            self.letters
                .iter()
                .find(|(_, own)| *own == letter.to_ascii_uppercase())
                .map(|(symbol, _)| {
                    if letter.is_ascii_lowercase() {
                        symbol.to_ascii_lowercase()
                    } else {
                        symbol.clone()
                    }
                })
        })
    }
}

/// The lines announcing an engine-defined variant to XBoard: `setup (table) WxH+0_fairy FEN`,
/// then one `piece` line per kind the variant describes in Betza notation.
pub fn xboard_setup<R: Variant>(rules: &R) -> Vec<String> {
    let dialect = Dialect::of(rules);
    let geometry = rules.geometry();
    let board = rules.gui_board();
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{}_{} {}",
        dialect.piece_to_char(),
        geometry.files,
        geometry.ranks,
        board.pocket,
        board.template,
        dialect.to_gui_fen(rules.start_fen())
    )];
    for kind in kinds(rules) {
        if let Some(betza) = rules.betza(kind) {
            lines.push(format!("piece {}& {betza}", dialect.letter(kind)));
        }
    }
    lines
}

/// Why `lift` could not be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl std::fmt::Display for BadSquare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is not a square of this board", self.0)
    }
}

impl std::error::Error for BadSquare {}

/// The `highlight` board for a piece lifted on `square`: the board in FEN layout with `Y` on
/// each square it may move to, `R` where that move captures and `M` where it promotes, so
/// XBoard (with its own legality testing off) lets a person make exactly the legal moves.
pub fn highlight<R: Variant>(game: &Game<R>, square: &str) -> Result<String, BadSquare> {
    let rules = game.rules();
    let pos = game.position();
    let geometry = rules.geometry();
    let from = Square::from_ascii(square.as_bytes())
        .ok()
        .filter(|sq| geometry.mask().contains(*sq))
        .ok_or_else(|| BadSquare(square.to_string()))?;
    let mut marks = [None; 64];
    for mv in game.legal_moves().iter().copied() {
        let token = rules.format_move(mv);
        // Only plain from-to moves can be shown; drops and multi-leg turns have no lifted piece.
        let (Some(start), Some(target)) = (token.get(0..2), token.get(2..4)) else {
            continue;
        };
        let Ok(to) = Square::from_ascii(target.as_bytes()) else {
            continue;
        };
        if start != square || token.contains(['@', ',', ':']) {
            continue;
        }
        let captures = mv.flag() == MoveFlag::EnPassant
            || pos
                .piece_at(to)
                .is_some_and(|piece| piece.color != pos.turn() && mv.flag() != MoveFlag::Castle);
        let mark = if mv.flag() == MoveFlag::Promotion {
            'M'
        } else if captures {
            'R'
        } else {
            'Y'
        };
        let cell = &mut marks[to as usize];
        // A promotion beats a capture beats a quiet move in what the colour tells.
        let rank = |m: char| "YRM".find(m);
        if cell.is_none_or(|old| rank(mark) > rank(old)) {
            *cell = Some(mark);
        }
    }
    let _ = from;
    let mut board = String::new();
    for rank in (0..geometry.ranks as u32).rev() {
        let mut empty = 0;
        for file in 0..geometry.files as u32 {
            let sq = Square::from_coords(File::new(file), Rank::new(rank));
            match marks[sq as usize] {
                Some(mark) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(mark);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank > 0 {
            board.push('/');
        }
    }
    Ok(board)
}

/// The line variant GUIs read after `UCI_Variant` is set (the form Fairy-Stockfish uses):
/// `info string variant <name> files <n> ranks <n> pocket <n> template <t> startpos <FEN>`.
pub fn uci_variant_info<R: Variant>(rules: &R) -> String {
    let geometry = rules.geometry();
    let board = rules.gui_board();
    format!(
        "info string variant {} files {} ranks {} pocket {} template {} startpos {}",
        rules.name(),
        geometry.files,
        geometry.ranks,
        board.pocket,
        board.template,
        rules.start_fen()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_variants::Chess;

    #[test]
    fn chess_is_normal_and_native() {
        assert_eq!(xboard_name("chess"), "normal");
        assert!(!is_engine_defined("chess"));
        assert!(
            xboard_variants(&Default::default())
                .split(',')
                .any(|name| name == "normal")
        );
    }

    #[test]
    fn chess_as_an_engine_defined_variant() {
        let lines = xboard_setup(&Chess::default());
        assert_eq!(
            lines[0],
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert!(lines.contains(&"piece N& N".to_string()));
        assert_eq!(lines.len(), 7);
    }

    #[test]
    fn highlight_marks_quiet_capture_and_promotion() {
        let game = Game::from_fen(Chess::default(), "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(highlight(&game, "b7").unwrap(), "MM6/8/8/8/8/8/8/8");
        let game = Game::new(Chess::default());
        assert_eq!(highlight(&game, "g1").unwrap(), "8/8/8/8/8/5Y1Y/8/8");
        assert_eq!(highlight(&game, "e1").unwrap(), "8/8/8/8/8/8/8/8");
        assert!(highlight(&game, "z9").is_err());
        let game = Game::from_fen(Chess::default(), "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(highlight(&game, "e4").unwrap(), "8/8/8/3RY3/8/8/8/8");
    }

    #[test]
    fn dialect_gives_multi_character_symbols_free_letters() {
        let dialect = Dialect {
            letters: vec![("C".into(), 'C'), ("+C".into(), 'A')],
            slots: vec![8, 7],
        };
        let fen = "c+c6/8/8/8/8/8/8/+CC6 w - - 0 1";
        let gui = dialect.to_gui_fen(fen);
        assert_eq!(gui, "ca6/8/8/8/8/8/8/AC6 w - - 0 1");
        assert_eq!(dialect.from_gui_fen(&gui), fen);
        assert_eq!(
            dialect.piece_to_char(),
            ".......AC.............\
             .......ac............."
        );
    }

    #[test]
    fn uci_info_line() {
        assert_eq!(
            uci_variant_info(&Chess::default()),
            "info string variant chess files 8 ranks 8 pocket 0 template fairy startpos \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }
}
