//! The word list of Secret Chesswords (Debian's `wamerican`, filtered as RULES.md rule 7 says)
//! and the final-word scorer: the best pair of different words the collected letters make, by
//! exact search (rule 11).

use std::cmp::Ordering;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Where Debian puts `wamerican`'s list.
pub const DEBIAN_WORDS: &str = "/usr/share/dict/words";

/// Letter counts of a word or a set of letters, a to z.
pub type Counts = [u8; 26];

/// Counts the letters of `text` (a-z only; anything else is ignored).
pub fn counts_of(text: &str) -> Counts {
    let mut counts = [0u8; 26];
    for byte in text.bytes().filter(u8::is_ascii_lowercase) {
        counts[usize::from(byte - b'a')] += 1;
    }
    counts
}

/// Whether `part` uses no letter more often than `whole` has it.
pub fn fits(part: &Counts, whole: &Counts) -> bool {
    part.iter().zip(whole).all(|(p, w)| p <= w)
}

/// One word of the list with its letter counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub word: String,
    pub counts: Counts,
}

/// The word list: each word once, alphabetical.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lexicon {
    entries: Vec<Entry>,
}

/// Why a word list could not be read.
#[derive(Debug)]
pub struct LexiconError {
    pub path: PathBuf,
    pub error: std::io::Error,
}

impl fmt::Display for LexiconError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the word list {}: {} (install Debian's wamerican: apt-get install wamerican)",
            self.path.display(),
            self.error
        )
    }
}

impl std::error::Error for LexiconError {}

impl Lexicon {
    /// The words of `text`, one a line: the lines made only of lower-case a-z, at least two
    /// letters long (proper nouns, possessives and accented words drop out).
    pub fn from_text(text: &str) -> Lexicon {
        let mut words: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|line| line.len() >= 2 && line.bytes().all(|b| b.is_ascii_lowercase()))
            .collect();
        words.sort_unstable();
        words.dedup();
        Lexicon {
            entries: words
                .into_iter()
                .map(|word| Entry {
                    word: word.to_string(),
                    counts: counts_of(word),
                })
                .collect(),
        }
    }

    /// Reads a word file.
    ///
    /// # Errors
    /// [`LexiconError`] when the file cannot be read.
    pub fn load(path: &Path) -> Result<Lexicon, LexiconError> {
        let bytes = std::fs::read(path).map_err(|error| LexiconError {
            path: path.to_path_buf(),
            error,
        })?;
        // The list is Latin-1 or UTF-8 depending on the release; lines that are not pure a-z
        // are dropped anyway, so a lossy read loses nothing that counts.
        Ok(Lexicon::from_text(&String::from_utf8_lossy(&bytes)))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    pub fn contains(&self, word: &str) -> bool {
        self.entries
            .binary_search_by(|entry| entry.word.as_str().cmp(word))
            .is_ok()
    }

    /// The words whose letters fit in `letters`.
    pub fn fitting(&self, letters: &Counts) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|entry| fits(&entry.counts, letters))
            .collect()
    }

    /// Words that start with `first` and end with `last` (letter indices), shortest first.
    pub fn with_ends(&self, first: u8, last: u8) -> impl Iterator<Item = &Entry> {
        let (first, last) = (b'a' + first, b'a' + last);
        self.entries.iter().filter(move |entry| {
            let bytes = entry.word.as_bytes();
            bytes[0] == first && bytes[bytes.len() - 1] == last
        })
    }
}

/// The scorer's answer: two different words and what they score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    pub first: String,
    pub second: String,
    pub score: i32,
    /// Letters used by the two words together.
    pub used: usize,
}

/// Rule 7's score of two words of lengths `a` and `b` from `total` letters.
pub fn pair_score(a: usize, b: usize, total: usize, king: bool) -> i32 {
    (a * b) as i32 + i32::from(king) - (total as i32 - a as i32 - b as i32)
}

/// Rule 11's order: higher score, more letters used, longer first word, then alphabetical.
/// `Less` means `x` is the better pair.
pub fn better(x: &Pair, y: &Pair) -> Ordering {
    y.score
        .cmp(&x.score)
        .then(y.used.cmp(&x.used))
        .then(y.first.len().cmp(&x.first.len()))
        .then_with(|| (&x.first, &x.second).cmp(&(&y.first, &y.second)))
}

/// The best pair of different words from the list whose letters together fit in `letters`
/// (letters a-z, each usable once), with the king bonus if `king`; `None` when no two words
/// fit. Exact: every fitting pair that could beat the best so far is looked at.
pub fn best_pair(lexicon: &Lexicon, letters: &str, king: bool) -> Option<Pair> {
    let pool = counts_of(letters);
    let total: usize = pool.iter().map(|c| usize::from(*c)).sum();
    let mut fitting = lexicon.fitting(&pool);
    // Longest first, so the inner loop can stop once shorter words can no longer win.
    fitting.sort_by(|x, y| y.word.len().cmp(&x.word.len()).then(x.word.cmp(&y.word)));
    let mut best: Option<Pair> = None;
    for (i, long) in fitting.iter().enumerate() {
        let a = long.word.len();
        let mut rest = pool;
        for (r, c) in rest.iter_mut().zip(&long.counts) {
            *r -= c;
        }
        // The best this first word could do: a second word as long as the letters allow.
        let b_max = a.min(total - a);
        if b_max < 2 {
            continue;
        }
        if let Some(best) = &best
            && (pair_score(a, b_max, total, king), a + b_max) < (best.score, best.used)
        {
            continue;
        }
        for (j, short) in fitting.iter().enumerate() {
            let b = short.word.len();
            if b > a || i == j {
                continue;
            }
            if let Some(best) = &best
                && (pair_score(a, b, total, king), a + b) < (best.score, best.used)
            {
                // Every later word is no longer, so none can reach the best.
                break;
            }
            if !fits(&short.counts, &rest) {
                continue;
            }
            let candidate = Pair {
                first: long.word.clone(),
                second: short.word.clone(),
                score: pair_score(a, b, total, king),
                used: a + b,
            };
            if best
                .as_ref()
                .is_none_or(|best| better(&candidate, best) == Ordering::Less)
            {
                best = Some(candidate);
            }
        }
    }
    best
}

/// A word list read when first needed (reading `wamerican` takes a moment, and most uses of
/// the rules never need it). A list that cannot be read is empty.
#[derive(Debug)]
pub struct LazyLexicon {
    path: PathBuf,
    cell: OnceLock<Lexicon>,
}

impl Default for LazyLexicon {
    fn default() -> LazyLexicon {
        LazyLexicon::from_path(DEBIAN_WORDS)
    }
}

impl LazyLexicon {
    pub fn from_path(path: impl Into<PathBuf>) -> LazyLexicon {
        LazyLexicon {
            path: path.into(),
            cell: OnceLock::new(),
        }
    }

    /// The list, read now if not yet.
    pub fn get(&self) -> &Lexicon {
        self.cell
            .get_or_init(|| Lexicon::load(&self.path).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexicon() -> Lexicon {
        Lexicon::from_text("Apple\ncat\nact\ntac\ndog\ngod\ndogs\na\nit's\ncafé\ncat\nto\nat\n")
    }

    #[test]
    fn the_list_keeps_only_lower_case_words_of_two_letters_or_more() {
        let lexicon = lexicon();
        let words: Vec<&str> = lexicon.entries().iter().map(|e| e.word.as_str()).collect();
        assert_eq!(
            words,
            ["act", "at", "cat", "dog", "dogs", "god", "tac", "to"]
        );
    }

    #[test]
    fn the_best_pair_prefers_score_then_letters_then_alphabet() {
        let pair = best_pair(&lexicon(), "catdogs", false).unwrap();
        assert_eq!((pair.first.as_str(), pair.second.as_str()), ("dogs", "act"));
        assert_eq!(pair.score, 12);
        let pair = best_pair(&lexicon(), "catdogsx", true).unwrap();
        assert_eq!(pair.score, 12 + 1 - 1);
        assert_eq!(best_pair(&lexicon(), "cat", false), None);
    }
}
