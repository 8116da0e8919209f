//! The Secret Chesswords word scorer (RULES.md rule 11) checked by brute force: every ordered
//! pair of different words of a list, scored and ranked by rule 11's order, against the exact
//! search, on a small hand-made list (always) and on Debian's `wamerican` (ignored: it needs
//! `apt-get install wamerican`); and `amity words` on the command line.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use amity_variants::chesswords::words::{Lexicon, best_pair};

fn small_list() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/words/small.txt")
}

/// The list as the rules read it, by this test's own reading: lower-case a-z, two or more.
fn own_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .lines()
        .filter(|l| l.len() >= 2 && l.chars().all(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect();
    words.sort();
    words.dedup();
    words
}

fn tally(text: &str) -> HashMap<char, usize> {
    let mut counts = HashMap::new();
    for c in text.chars() {
        *counts.entry(c).or_insert(0) += 1;
    }
    counts
}

/// Every ordered pair of different words, the best by rule 11: score, letters used, longer
/// first word, alphabetical. `(first, second, score)`.
fn brute_force(words: &[String], letters: &str, king: bool) -> Option<(String, String, i64)> {
    let pool = tally(letters);
    let fits = |text: &str| {
        tally(text)
            .iter()
            .all(|(c, n)| pool.get(c).copied().unwrap_or(0) >= *n)
    };
    let usable: Vec<&String> = words.iter().filter(|w| fits(w)).collect();
    let total = letters.len() as i64;
    let mut best: Option<(i64, i64, i64, String, String)> = None;
    for first in &usable {
        for second in &usable {
            if first == second || !fits(&format!("{first}{second}")) {
                continue;
            }
            let (a, b) = (first.len() as i64, second.len() as i64);
            let score = a * b + i64::from(king) - (total - a - b);
            // Larger is better for the first three, smaller for the words.
            let key = (score, a + b, a, first.to_string(), second.to_string());
            let wins = match &best {
                None => true,
                Some(held) => {
                    (key.0, key.1, key.2) > (held.0, held.1, held.2)
                        || ((key.0, key.1, key.2) == (held.0, held.1, held.2)
                            && (&key.3, &key.4) < (&held.3, &held.4))
                }
            };
            if wins {
                best = Some(key);
            }
        }
    }
    best.map(|(score, _, _, first, second)| (first, second, score))
}

fn check(text: &str, sets: &[(&str, bool)]) -> usize {
    let lexicon = Lexicon::from_text(text);
    let words = own_words(text);
    assert_eq!(lexicon.len(), words.len());
    let mut with_pair = 0;
    for (letters, king) in sets {
        let exact = best_pair(&lexicon, letters, *king)
            .map(|pair| (pair.first, pair.second, i64::from(pair.score)));
        let brute = brute_force(&words, letters, *king);
        assert_eq!(exact, brute, "{letters} king {king}");
        with_pair += usize::from(brute.is_some());
    }
    with_pair
}

const SETS: &[(&str, bool)] = &[
    ("aeinorst", false),
    ("aeinorst", true),
    ("aeinorstlmcd", false),
    ("esaatrdoo", false),
    ("eeaaiioorsttnl", false),
    ("eaioustrnldchp", true),
    ("tacosnote", false),
    ("listensilent", false),
    ("rationsstone", true),
    ("ammunitionx", false),
    ("xyz", false),
    ("at", false),
    ("aatt", false),
    ("dinnerdiner", false),
];

#[test]
fn the_exact_search_agrees_with_brute_force_on_a_small_list() {
    let text = std::fs::read_to_string(small_list()).unwrap();
    let with_pair = check(&text, SETS);
    assert!(with_pair >= 10, "most sets make a pair: {with_pair}");
}

#[test]
#[ignore = "needs Debian's wamerican (apt-get install wamerican)"]
fn the_exact_search_agrees_with_brute_force_on_wamerican() {
    let text =
        String::from_utf8_lossy(&std::fs::read("/usr/share/dict/words").unwrap()).to_string();
    // Brute force over the whole list is too slow; over the words that fit the letters it
    // still looks at every pair the rules allow.
    let with_pair = check(&text, &SETS[..10]);
    assert_eq!(with_pair, 10);
    // The booklet's perfect game: fourteen letters, two seven-letter words.
    let lexicon = Lexicon::from_text(&text);
    let pair = best_pair(&lexicon, "eeaaiioorsttnl", true).unwrap();
    assert_eq!(pair.score, 50, "{pair:?}");
}

fn amity_words(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_amity"))
        .arg("words")
        .args(args)
        .output()
        .expect("amity runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).to_string(),
        String::from_utf8_lossy(&output.stderr).to_string(),
    )
}

#[test]
fn amity_words_prints_the_pair_and_its_score() {
    let list = small_list();
    let list = list.to_str().unwrap();
    let (code, out, _) = amity_words(&["--letters", "aeinorst", "--word-file", list]);
    assert_eq!(code, 0);
    assert!(out.contains("\nwords east iron\nscore 16\n"), "{out}");
    let (_, out, _) = amity_words(&["--letters", "aeinorst", "--king", "--word-file", list]);
    assert!(out.contains("\nscore 17\n"), "{out}");
    let (_, out, _) = amity_words(&["--letters", "xyz", "--word-file", list]);
    assert!(out.contains("\nwords -\nscore 0\n"), "{out}");
    let (code, _, err) = amity_words(&["--letters", "ab1", "--word-file", list]);
    assert_eq!(code, 2);
    assert!(err.contains("a-z"), "{err}");
    let (code, _, err) = amity_words(&["--letters", "abc", "--word-file", "/no/such/list"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the word list"), "{err}");
}
