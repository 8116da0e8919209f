//! WordNet, read straight from its data files (Debian's `wordnet-base`: `index.*` and
//! `data.*` under `/usr/share/wordnet`), for the English-speaking partner: a clue for a word
//! (a synonym, a more general word or a short gloss, never containing the word), and the
//! words a clue most likely stands for, ranked by how closely WordNet relates them to it.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use super::words::Lexicon;

/// Where Debian puts WordNet's database.
pub const DEBIAN_WORDNET: &str = "/usr/share/wordnet";

/// The parts of speech, as WordNet names their files and marks their pointers.
const PARTS: [(&str, char); 4] = [("noun", 'n'), ("verb", 'v'), ("adj", 'a'), ("adv", 'r')];

/// Common words that say nothing about a gloss's meaning.
const STOP_WORDS: &[&str] = &[
    "a",
    "an",
    "the",
    "of",
    "or",
    "and",
    "to",
    "in",
    "on",
    "for",
    "with",
    "by",
    "as",
    "at",
    "is",
    "be",
    "that",
    "which",
    "who",
    "from",
    "its",
    "it",
    "something",
    "someone",
    "one",
    "used",
    "especially",
    "usually",
    "etc",
    "any",
    "not",
    "has",
    "have",
    "are",
    "into",
    "other",
    "being",
];

/// One synset: its words, the synsets it points at and its gloss (the definition only).
#[derive(Clone, Debug, Default)]
pub struct Synset {
    /// Lower-case, words of a phrase joined by `_` as WordNet writes them.
    pub words: Vec<String>,
    pub hypernyms: Vec<u32>,
    pub hyponyms: Vec<u32>,
    /// Similar adjectives and verb groups: near-synonyms in other synsets.
    pub similar: Vec<u32>,
    pub gloss: String,
}

/// A lemma's senses, most frequent first, and how often its senses were seen tagged in
/// WordNet's corpus (how common the word is).
#[derive(Clone, Debug, Default)]
pub struct Lemma {
    pub senses: Vec<u32>,
    pub tagged: u32,
}

/// Why WordNet could not be read.
#[derive(Debug)]
pub struct WordNetError(pub String);

impl fmt::Display for WordNetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (install Debian's wordnet-base: apt-get install wordnet-base)",
            self.0
        )
    }
}

impl std::error::Error for WordNetError {}

/// The WordNet database in memory.
#[derive(Clone, Debug, Default)]
pub struct WordNet {
    pub synsets: Vec<Synset>,
    pub lemmas: HashMap<String, Lemma>,
    /// Gloss words (not stop words) to the synsets whose gloss holds them.
    gloss_index: HashMap<String, Vec<u32>>,
}

/// A clue for a word and what kind of clue it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub text: String,
    pub kind: ClueKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClueKind {
    Synonym,
    General,
    Gloss,
}

impl fmt::Display for ClueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClueKind::Synonym => "synonym",
            ClueKind::General => "more general word",
            ClueKind::Gloss => "gloss",
        })
    }
}

/// Words a partner at the table would not say aloud, however WordNet glosses them.
fn is_vulgar(word: &str) -> bool {
    [
        "fuck", "shit", "cunt", "piss", "cock", "bitch", "nigger", "whore",
    ]
    .iter()
    .any(|rude| word.starts_with(rude) || word.ends_with(rude))
}

/// The lower-case a-z words of a text.
pub fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

fn content_tokens(text: &str) -> Vec<String> {
    let mut found: Vec<String> = tokens(text)
        .into_iter()
        .filter(|t| t.len() > 1 && !STOP_WORDS.contains(&t.as_str()))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// A raw data line: where it is, its words, pointers (symbol, part, offset), gloss.
type RawSynset = (Vec<String>, Vec<(String, char, u64)>, String);

fn parse_data_line(line: &str) -> Option<(u64, RawSynset)> {
    let (head, gloss) = line.split_once(" | ").unwrap_or((line, ""));
    let fields: Vec<&str> = head.split_whitespace().collect();
    let offset: u64 = fields.first()?.parse().ok()?;
    let word_count = usize::from_str_radix(fields.get(3)?, 16).ok()?;
    let mut at = 4;
    let mut words = Vec::with_capacity(word_count);
    for _ in 0..word_count {
        let word = fields.get(at)?;
        // Adjectives may carry a syntactic marker: `good(a)`.
        let word = word.split('(').next().unwrap_or(word);
        words.push(word.to_ascii_lowercase());
        at += 2;
    }
    let pointer_count: usize = fields.get(at)?.parse().ok()?;
    at += 1;
    let mut pointers = Vec::with_capacity(pointer_count);
    for _ in 0..pointer_count {
        let symbol = fields.get(at)?.to_string();
        let target: u64 = fields.get(at + 1)?.parse().ok()?;
        let part = fields.get(at + 2)?.chars().next()?;
        // Satellite adjectives live in the adjective file.
        let part = if part == 's' { 'a' } else { part };
        pointers.push((symbol, part, target));
        at += 4;
    }
    let definition = gloss.split(';').next().unwrap_or("").trim().to_string();
    Some((offset, (words, pointers, definition)))
}

impl WordNet {
    /// Reads the `data.*` and `index.*` files of `dir` (those present; at least one pair).
    ///
    /// # Errors
    /// [`WordNetError`] when no part of speech can be read.
    pub fn load(dir: &Path) -> Result<WordNet, WordNetError> {
        let mut raw: Vec<(char, u64, RawSynset)> = Vec::new();
        let mut index_texts = Vec::new();
        for (name, part) in PARTS {
            let data = dir.join(format!("data.{name}"));
            let index = dir.join(format!("index.{name}"));
            let (Ok(data), Ok(index)) = (std::fs::read(&data), std::fs::read(&index)) else {
                continue;
            };
            for line in String::from_utf8_lossy(&data).lines() {
                if line.starts_with(' ') {
                    continue; // the licence header
                }
                if let Some((offset, synset)) = parse_data_line(line) {
                    raw.push((part, offset, synset));
                }
            }
            index_texts.push((part, String::from_utf8_lossy(&index).to_string()));
        }
        if raw.is_empty() {
            return Err(WordNetError(format!(
                "no WordNet data files in {}",
                dir.display()
            )));
        }
        let mut position: HashMap<(char, u64), u32> = HashMap::with_capacity(raw.len());
        for (number, (part, offset, _)) in raw.iter().enumerate() {
            position.insert((*part, *offset), number as u32);
        }
        let mut wordnet = WordNet::default();
        for (_, _, (words, pointers, gloss)) in raw {
            let mut synset = Synset {
                words,
                gloss,
                ..Synset::default()
            };
            for (symbol, part, offset) in pointers {
                let Some(target) = position.get(&(part, offset)).copied() else {
                    continue;
                };
                match symbol.as_str() {
                    "@" | "@i" => synset.hypernyms.push(target),
                    "~" | "~i" => synset.hyponyms.push(target),
                    "&" | "$" => synset.similar.push(target),
                    _ => {}
                }
            }
            wordnet.synsets.push(synset);
        }
        for (part, text) in index_texts {
            for line in text.lines().filter(|l| !l.starts_with(' ')) {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let (Some(lemma), Some(count), Some(pointers)) = (
                    fields.first(),
                    fields.get(2).and_then(|c| c.parse::<usize>().ok()),
                    fields.get(3).and_then(|c| c.parse::<usize>().ok()),
                ) else {
                    continue;
                };
                let tagged: u32 = fields
                    .get(5 + pointers)
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(0);
                let entry = wordnet
                    .lemmas
                    .entry(lemma.to_ascii_lowercase())
                    .or_default();
                entry.tagged += tagged;
                for offset in fields.iter().skip(6 + pointers).take(count) {
                    if let Some(sense) = offset
                        .parse()
                        .ok()
                        .and_then(|offset| position.get(&(part, offset)))
                    {
                        entry.senses.push(*sense);
                    }
                }
            }
        }
        for (number, synset) in wordnet.synsets.iter().enumerate() {
            for token in content_tokens(&synset.gloss) {
                wordnet
                    .gloss_index
                    .entry(token)
                    .or_default()
                    .push(number as u32);
            }
        }
        Ok(wordnet)
    }

    pub fn synset(&self, number: u32) -> &Synset {
        &self.synsets[number as usize]
    }

    /// How common a word is (WordNet's tagged sense count); 0 for a word WordNet lacks.
    pub fn commonness(&self, word: &str) -> u32 {
        self.lemmas.get(word).map_or(0, |lemma| lemma.tagged)
    }

    pub fn knows(&self, word: &str) -> bool {
        self.lemmas.get(word).is_some_and(|l| !l.senses.is_empty())
    }

    /// Clues for `word`, best first: synonyms of its senses (most frequent first), then the
    /// more general words above its first senses, then its first sense's gloss shortened.
    /// A clue never contains the word, nor is it contained in it.
    pub fn clues(&self, word: &str) -> Vec<Clue> {
        let Some(lemma) = self.lemmas.get(word) else {
            return Vec::new();
        };
        let fair = |text: &str| {
            let spaced = text.replace('_', " ");
            !spaced.contains(word)
                && !word.contains(spaced.as_str())
                && !spaced.is_empty()
                && !tokens(&spaced).iter().any(|t| is_vulgar(t))
        };
        let mut clues: Vec<Clue> = Vec::new();
        let push = |text: String, kind: ClueKind, clues: &mut Vec<Clue>| {
            let text = text.replace('_', " ");
            if fair(&text) && !clues.iter().any(|c| c.text == text) {
                clues.push(Clue { text, kind });
            }
        };
        for sense in lemma.senses.iter().take(3) {
            for other in &self.synset(*sense).words {
                push(other.clone(), ClueKind::Synonym, &mut clues);
            }
        }
        for sense in lemma.senses.iter().take(2) {
            for general in &self.synset(*sense).hypernyms {
                if let Some(first) = self.synset(*general).words.first() {
                    push(first.clone(), ClueKind::General, &mut clues);
                }
            }
        }
        if let Some(sense) = lemma.senses.first() {
            let gloss: Vec<&str> = self
                .synset(*sense)
                .gloss
                .split_whitespace()
                .take(8)
                .collect();
            let gloss = gloss.join(" ");
            if !tokens(&gloss).iter().any(|t| t == word) {
                push(gloss, ClueKind::Gloss, &mut clues);
            }
        }
        clues
    }

    /// How closely each word WordNet relates to `clue` is related to it (0 to 1): the words of
    /// the clue's senses (1), of the more specific senses below them (0.8: the clue is more
    /// general than the word), of similar senses (0.6), of the senses above (0.5), and the
    /// words of senses whose gloss shares the clue's words (0.9 times the share).
    pub fn related(&self, clue: &str) -> HashMap<String, f64> {
        let mut scores: HashMap<String, f64> = HashMap::new();
        let mut credit = |synset: &Synset, score: f64| {
            for word in &synset.words {
                let held = scores.entry(word.clone()).or_insert(0.0);
                if score > *held {
                    *held = score;
                }
            }
        };
        let lemma_key = tokens(clue).join("_");
        if let Some(lemma) = self.base_form(&lemma_key) {
            for (rank, sense) in lemma.senses.iter().enumerate() {
                // Rarer senses of the clue count a little less.
                let weight = 1.0 / (1.0 + 0.1 * rank as f64);
                let synset = self.synset(*sense);
                credit(synset, weight);
                for below in &synset.hyponyms {
                    credit(self.synset(*below), 0.8 * weight);
                }
                for near in &synset.similar {
                    credit(self.synset(*near), 0.6 * weight);
                }
                for above in &synset.hypernyms {
                    credit(self.synset(*above), 0.5 * weight);
                }
            }
        }
        let clue_tokens = content_tokens(clue);
        if clue_tokens.len() >= 2 {
            let mut shared: HashMap<u32, usize> = HashMap::new();
            for token in &clue_tokens {
                for synset in self.gloss_index.get(token).into_iter().flatten() {
                    *shared.entry(*synset).or_insert(0) += 1;
                }
            }
            for (synset, count) in shared {
                let share = count as f64 / clue_tokens.len() as f64;
                if share >= 0.5 {
                    credit(self.synset(synset), 0.9 * share);
                }
            }
        }
        scores
    }

    /// The lemma of `word`, or of its base form when it is inflected (`chambers`, `walked`,
    /// `boxes`, `running` without their endings).
    fn base_form(&self, word: &str) -> Option<&Lemma> {
        if let Some(lemma) = self.lemmas.get(word) {
            return Some(lemma);
        }
        ["s", "es", "ed", "d", "ing"]
            .iter()
            .filter_map(|ending| word.strip_suffix(ending))
            .filter(|base| base.len() >= 2)
            .find_map(|base| self.lemmas.get(base))
    }

    /// The word of `lexicon` that `clue` most likely stands for among those `allowed` lets
    /// through, with its relatedness; `None` when no allowed word is related well enough
    /// ([`GOOD_MATCH`]). Ties go to the more common word, then the alphabet.
    pub fn understand(
        &self,
        lexicon: &Lexicon,
        clue: &str,
        allowed: &dyn Fn(&str) -> bool,
    ) -> Option<(String, f64)> {
        let mut best: Option<(String, f64, u32)> = None;
        let said = tokens(clue);
        for (word, score) in self.related(clue) {
            // A clue never holds its word, so a word the clue says is not the answer.
            let in_clue = said.iter().any(|t| t.contains(word.as_str()));
            if score < GOOD_MATCH || in_clue || !allowed(&word) || !lexicon.contains(&word) {
                continue;
            }
            let common = self.commonness(&word);
            let better = match &best {
                None => true,
                Some((held, held_score, held_common)) => {
                    (score, common) > (*held_score, *held_common)
                        || ((score, common) == (*held_score, *held_common) && word < *held)
                }
            };
            if better {
                best = Some((word, score, common));
            }
        }
        best.map(|(word, score, _)| (word, score))
    }
}

/// The least relatedness the mover takes as an answer; below it the mover says it found no
/// good match.
pub const GOOD_MATCH: f64 = 0.4;

/// WordNet read when first needed; empty if it cannot be read.
#[derive(Debug)]
pub struct LazyWordNet {
    dir: PathBuf,
    cell: std::sync::OnceLock<Option<WordNet>>,
}

impl Default for LazyWordNet {
    fn default() -> LazyWordNet {
        LazyWordNet::from_dir(DEBIAN_WORDNET)
    }
}

impl LazyWordNet {
    pub fn from_dir(dir: impl Into<PathBuf>) -> LazyWordNet {
        LazyWordNet {
            dir: dir.into(),
            cell: std::sync::OnceLock::new(),
        }
    }

    pub fn get(&self) -> Option<&WordNet> {
        self.cell
            .get_or_init(|| WordNet::load(&self.dir).ok())
            .as_ref()
    }
}
