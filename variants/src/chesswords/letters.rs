//! The lettered board of Secret Chesswords: the six double-sided planks, how a layout (plank
//! order and sides) puts their letters on the 36 squares, and the layout notation `1A2B...`.

use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;

/// The planks as printed, left to right: side A, side B.
pub const PLANKS: [[&str; 2]; 6] = [
    ["setari", "noledc"],
    ["tanesh", "rimole"],
    ["dersop", "catine"],
    ["losegr", "munatb"],
    ["pirend", "hosily"],
    ["faceto", "guwaki"],
];

/// The letters of the 36 squares, a letter index (a = 0 ... z = 25) per square, rank 1 first
/// and a to f within a rank (index `rank * 6 + file`).
pub type Letters = [u8; 36];

/// The layout of the RULES.md reference start.
pub const REFERENCE_LAYOUT: &str = "1A2B3A4B5A6B";

/// Which plank lies on each rank (rank 1 first) and which side is up (`false` = side A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub planks: [(u8, bool); 6],
}

/// Why a layout could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError(pub String);

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad layout '{}': six planks 1-6 once each, each with side A or B (1A2B3A4B5A6B)",
            self.0
        )
    }
}

impl std::error::Error for LayoutError {}

impl Layout {
    /// Reads `1A2B3A4B5A6B`: plank number then side, rank 1 first, each plank once.
    ///
    /// # Errors
    /// [`LayoutError`] for any other text.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let bad = || LayoutError(text.to_string());
        let bytes = text.as_bytes();
        if bytes.len() != 12 {
            return Err(bad());
        }
        let mut planks = [(0u8, false); 6];
        let mut seen = [false; 6];
        for (rank, pair) in bytes.chunks(2).enumerate() {
            let plank = pair[0].wrapping_sub(b'1');
            if plank >= 6 || seen[plank as usize] {
                return Err(bad());
            }
            seen[plank as usize] = true;
            let side_b = match pair[1].to_ascii_uppercase() {
                b'A' => false,
                b'B' => true,
                _ => return Err(bad()),
            };
            planks[rank] = (plank, side_b);
        }
        Ok(Layout { planks })
    }

    /// A layout drawn uniformly from the 46,080.
    pub fn random(rng: &mut impl Rng) -> Layout {
        let mut order = [0u8, 1, 2, 3, 4, 5];
        order.shuffle(rng);
        let mut planks = [(0u8, false); 6];
        for (rank, plank) in order.into_iter().enumerate() {
            planks[rank] = (plank, rng.random_bool(0.5));
        }
        Layout { planks }
    }

    /// The letters this layout puts on the board.
    pub fn letters(&self) -> Letters {
        let mut letters = [0u8; 36];
        for (rank, (plank, side_b)) in self.planks.iter().enumerate() {
            letters[rank * 6..rank * 6 + 6].copy_from_slice(&plank_row(*plank, *side_b, rank));
        }
        letters
    }

    /// Which layout, if any, lays exactly these letters.
    pub fn of_letters(letters: &Letters) -> Option<Layout> {
        let mut planks = [(0u8, false); 6];
        let mut used = [false; 6];
        for (rank, placed) in planks.iter_mut().enumerate() {
            let row = &letters[rank * 6..rank * 6 + 6];
            let (plank, side_b) = (0..6u8)
                .flat_map(|plank| [(plank, false), (plank, true)])
                .find(|(plank, side_b)| {
                    !used[usize::from(*plank)] && plank_row(*plank, *side_b, rank) == row
                })?;
            used[usize::from(plank)] = true;
            *placed = (plank, side_b);
        }
        Some(Layout { planks })
    }
}

/// The six letters (a to f) of `plank` lying on `rank` (0 = rank 1) with side B up or not.
/// Planks on ranks 2, 4 and 6 lie turned round (the checkerboard forces it: every printed side
/// starts on a dark square and a1 is dark), so file a reads their printed side from its end.
fn plank_row(plank: u8, side_b: bool, rank: usize) -> [u8; 6] {
    let printed = PLANKS[usize::from(plank)][usize::from(side_b)].as_bytes();
    let mut row = [0u8; 6];
    for (file, letter) in row.iter_mut().enumerate() {
        let byte = if rank.is_multiple_of(2) {
            printed[file]
        } else {
            printed[5 - file]
        };
        *letter = byte - b'a';
    }
    row
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (plank, side_b) in self.planks {
            write!(f, "{}{}", plank + 1, if side_b { 'B' } else { 'A' })?;
        }
        Ok(())
    }
}

/// The letter (as a char) with index `letter`.
pub fn letter_char(letter: u8) -> char {
    char::from(b'a' + letter.min(25))
}

/// The `letters:` field: rank 6 first, ranks joined by `/`.
pub fn write_letters(letters: &Letters) -> String {
    let mut ranks = Vec::with_capacity(6);
    for rank in (0..6).rev() {
        ranks.push(
            letters[rank * 6..rank * 6 + 6]
                .iter()
                .map(|l| letter_char(*l))
                .collect::<String>(),
        );
    }
    ranks.join("/")
}

/// Reads the `letters:` field (rank 6 first); any a-z letters are accepted, so a board need
/// not come from the planks.
pub fn read_letters(text: &str) -> Option<Letters> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 6 {
        return None;
    }
    let mut letters = [0u8; 36];
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 5 - row;
        let bytes = rank_text.as_bytes();
        if bytes.len() != 6 || !bytes.iter().all(u8::is_ascii_lowercase) {
            return None;
        }
        for (file, byte) in bytes.iter().enumerate() {
            letters[rank * 6 + file] = byte - b'a';
        }
    }
    Some(letters)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_layout_lays_the_reference_letters() {
        let layout = Layout::parse(REFERENCE_LAYOUT).unwrap();
        assert_eq!(
            write_letters(&layout.letters()),
            "ikawug/pirend/btanum/dersop/elomir/setari"
        );
        assert_eq!(Layout::of_letters(&layout.letters()), Some(layout));
        assert_eq!(layout.to_string(), REFERENCE_LAYOUT);
    }

    #[test]
    fn bad_layouts_are_refused() {
        for text in [
            "",
            "1A2B3A4B5A",
            "1A1B3A4B5A6B",
            "1A2C3A4B5A6B",
            "7A2B3A4B5A6B",
        ] {
            assert!(Layout::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn the_planks_have_the_letter_mix_rules_md_gives() {
        let mut counts = [0u32; 26];
        for side in PLANKS.iter().flatten() {
            let mut seen = [false; 26];
            let mut vowels = 0;
            for byte in side.bytes() {
                let letter = usize::from(byte - b'a');
                assert!(!seen[letter], "{side} repeats a letter");
                seen[letter] = true;
                counts[letter] += 1;
                vowels += u32::from(b"aeiou".contains(&byte));
            }
            assert!((2..=3).contains(&vowels), "{side}");
        }
        let count = |c: u8| counts[usize::from(c - b'a')];
        assert_eq!(
            (
                count(b'e'),
                count(b'a'),
                count(b'i'),
                count(b'o'),
                count(b'u')
            ),
            (9, 6, 6, 6, 2)
        );
        for c in b"jqvxz" {
            assert_eq!(count(*c), 0);
        }
    }
}
