//! Fischer Random chess (Chess960), as Fairy-Stockfish names it `fischerandom`: chess's rules
//! from one of 960 back-rank arrangements, castling king takes rook. The start is the
//! arrangement the `Chess960Start` option numbers (Scharnagl's numbering, 518 the standard
//! one); a GUI usually sends its own start as a FEN, and a FEN with a different arrangement for
//! each side plays double Fischer Random.

use std::sync::OnceLock;

use amity_engine::{OptionKind, OptionSpec, VariantSettings};

use crate::chess::{ChessRules, Setup, network};

/// `Chess960Start`: the number of the start arrangement, 0 to 959.
pub const CHESS960_START: OptionSpec = OptionSpec {
    name: "Chess960Start",
    player: false,
    kind: OptionKind::Spin {
        default: STANDARD as i64,
        min: 0,
        max: ARRANGEMENTS as i64 - 1,
    },
};

/// How many arrangements there are.
pub const ARRANGEMENTS: usize = 960;

/// The number of FIDE chess's arrangement, `RNBQKBNR`.
pub const STANDARD: usize = 518;

/// Fischer Random chess's setup: the number of the start arrangement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrangement {
    number: usize,
}

impl Default for Arrangement {
    fn default() -> Arrangement {
        Arrangement { number: STANDARD }
    }
}

impl Arrangement {
    /// Arrangement `number` (Scharnagl's numbering); `None` beyond 959.
    pub fn numbered(number: usize) -> Option<Arrangement> {
        (number < ARRANGEMENTS).then_some(Arrangement { number })
    }

    pub fn number(&self) -> usize {
        self.number
    }
}

/// Fischer Random chess.
pub type FischerRandom = ChessRules<Arrangement>;

impl Setup for Arrangement {
    const NAME: &'static str = "fischerandom";
    const OPTIONS: &'static [OptionSpec] = &[network::EVAL_FILE, CHESS960_START];

    fn from_settings(settings: &VariantSettings) -> Arrangement {
        settings
            .spin(CHESS960_START.name)
            .and_then(|number| Arrangement::numbered(usize::try_from(number).ok()?))
            .unwrap_or_default()
    }

    fn start_fen(&self) -> &'static str {
        &start_fens()[self.number]
    }

    fn chess960(&self) -> bool {
        true
    }
}

/// The back rank of arrangement `number` (below 960), White's letters from the a file.
/// Scharnagl's numbering: the number's digits in mixed radix place the light-squared bishop
/// (4 files), the dark-squared one (4), the queen (6 free files), the knights (10 pairs of the
/// 5 free files); rook, king and rook take the last three files in that order.
pub fn back_rank(number: usize) -> [char; 8] {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut rank = [' '; 8];
    rank[number % 4 * 2 + 1] = 'B';
    rank[number / 4 % 4 * 2] = 'B';
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|f| rank[*f] == ' ').collect() };
    rank[free(&rank)[number / 16 % 6]] = 'Q';
    let (first, second) = KNIGHTS[number / 96 % 10];
    let files = free(&rank);
    rank[files[first]] = 'N';
    rank[files[second]] = 'N';
    for (file, piece) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[file] = piece;
    }
    rank
}

/// The start FEN of every arrangement, by number, worked out once.
fn start_fens() -> &'static [String] {
    static FENS: OnceLock<Vec<String>> = OnceLock::new();
    FENS.get_or_init(|| {
        (0..ARRANGEMENTS)
            .map(|number| {
                let white: String = back_rank(number).iter().collect();
                format!(
                    "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
                    white.to_ascii_lowercase()
                )
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn scharnagl_numbers_name_the_known_arrangements_and_all_960_differ() {
        let name = |number| back_rank(number).iter().collect::<String>();
        assert_eq!(name(STANDARD), "RNBQKBNR");
        assert_eq!(name(0), "BBQNNRKR");
        assert_eq!(name(959), "RKRNNQBB");
        let all: HashSet<String> = (0..ARRANGEMENTS).map(name).collect();
        assert_eq!(all.len(), ARRANGEMENTS);
    }
}
