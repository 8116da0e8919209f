//! How `amity play` draws a position for people: the board with coordinates (in ANSI colours
//! or plain), each square's label beside its piece, the last decision marked, then the rows
//! of cards, the game's own description and the FEN of what is shown.

use amity_engine::RulesExt;
use amity_engine::{Color, File, Move, MoveFlag, Position, Rank, Square};
use amity_match::notation::side_name;
use amity_variants::Variant;

/// How to draw: colours or plain characters, and which way up.
#[derive(Clone, Copy, Debug)]
pub struct Drawing {
    pub color: bool,
    /// Black's side at the bottom.
    pub flipped: bool,
}

/// `pos` (a full state or a seat's view) as text, `last` (the decision that led to it)
/// marked on the board.
pub fn board_text<R: Variant>(
    rules: &R,
    pos: &Position<R>,
    last: Option<Move>,
    drawing: Drawing,
) -> String {
    let geometry = rules.geometry();
    let labels = rules.square_labels(pos);
    let mut ranks: Vec<u32> = (0..u32::from(geometry.ranks)).rev().collect();
    let mut files: Vec<u32> = (0..u32::from(geometry.files)).collect();
    if drawing.flipped {
        ranks.reverse();
        files.reverse();
    }
    let mut out = String::from("\n");
    for &rank in &ranks {
        out.push_str(&format!("{:>2} ", rank + 1));
        for &file in &files {
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            let label = labels
                .iter()
                .find(|label| label.square == square)
                .map_or("", |label| label.text.as_str());
            out.push_str(&square_text(rules, pos, square, label, last, drawing.color));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &file in &files {
        out.push_str(&format!(" {} ", File::new(file).char()));
    }
    out.push('\n');
    for row in rules.card_rows(pos) {
        let cards = if row.cards.is_empty() {
            "-".to_string()
        } else {
            row.cards.join(" ")
        };
        out.push_str(&format!("{}: {cards}\n", row.title));
    }
    out.push_str(&rules.describe(pos));
    out.push_str(&format!(
        "{} to move{}   FEN: {}\n",
        side_name(pos.turn()),
        if rules.in_check(pos) {
            " (in check)"
        } else {
            ""
        },
        pos.to_fen(rules)
    ));
    out
}

/// One square: its piece (or an empty square's mark) and its label, three or more
/// characters wide.
fn square_text<R: Variant>(
    rules: &R,
    pos: &Position<R>,
    square: Square,
    label: &str,
    last: Option<Move>,
    color: bool,
) -> String {
    let file = u32::from(square.file());
    let rank = u32::from(square.rank());
    let light = (file + rank) % 2 == 1;
    let marked = last.is_some_and(|mv| {
        matches!(
            mv.flag(),
            MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::Castle | MoveFlag::EnPassant
        ) && (mv.from() == square || mv.to() == square)
            || mv.flag() == MoveFlag::Drop && mv.to() == square
    });
    let piece = pos.piece_at(square);
    let symbol = piece.map(|p| {
        let symbol = rules.pieces()[p.kind.index()].symbol;
        if p.color == Color::White {
            symbol.to_uppercase()
        } else {
            symbol.to_lowercase()
        }
    });
    if color {
        let background = match (marked, light) {
            (true, true) => "48;5;186",
            (true, false) => "48;5;143",
            (false, true) => "48;5;180",
            (false, false) => "48;5;137",
        };
        let foreground = match piece.map(|p| p.color) {
            Some(Color::White) => "1;97",
            _ => "1;30",
        };
        let text = format!("{}{label}", symbol.unwrap_or_default());
        format!("\x1b[{background};{foreground}m{text:^3}\x1b[0m")
    } else {
        let empty = if marked {
            "*"
        } else if light {
            "."
        } else {
            ":"
        };
        let text = format!("{}{label}", symbol.unwrap_or_else(|| empty.to_string()));
        format!("{text:^3}")
    }
}
