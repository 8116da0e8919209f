//! `amity words`: the best pair of final words for a set of Secret Chesswords letters, by the
//! exact search of RULES.md rule 11, with its score.

use std::path::Path;

use amity_engine::WordSources;
use amity_variants::chesswords::words::{self, DEBIAN_WORDS, Lexicon};

/// What `amity words` was asked.
#[derive(clap::Args)]
pub struct WordsSettings {
    /// The collected letters (a-z, repeats allowed), e.g. `aeinorst`.
    #[arg(long)]
    pub letters: String,
    /// A king was captured (one bonus point).
    #[arg(long)]
    pub king: bool,
    /// The word list, one word a line (default: Debian's /usr/share/dict/words).
    #[arg(long)]
    pub word_file: Option<String>,
}

/// Where a game that talks in words finds them (`--word-file`, `--wordnet`): the flags of
/// every subcommand that plays such a game.
#[derive(clap::Args)]
pub struct WordArgs {
    /// A game that talks in words (Secret Chesswords): the word list, one word a line
    /// (default: Debian's /usr/share/dict/words).
    #[arg(long)]
    pub word_file: Option<String>,
    /// A game that talks in words: WordNet's directory (default: /usr/share/wordnet).
    #[arg(long)]
    pub wordnet: Option<String>,
}

impl WordArgs {
    /// The sources these flags name; `None` when they name none (the game's defaults).
    pub fn sources(&self) -> Option<WordSources<'_>> {
        (self.word_file.is_some() || self.wordnet.is_some()).then_some(WordSources {
            word_file: self.word_file.as_deref(),
            wordnet: self.wordnet.as_deref(),
        })
    }
}

/// Prints the best pair and `score N`; exit code 2 for bad letters or an unreadable list.
pub fn run(settings: &WordsSettings) -> i32 {
    let letters = settings.letters.to_ascii_lowercase();
    if letters.is_empty() || !letters.bytes().all(|b| b.is_ascii_lowercase()) {
        eprintln!(
            "error: --letters takes letters a-z only, got '{}'",
            settings.letters
        );
        return 2;
    }
    let path = settings.word_file.as_deref().unwrap_or(DEBIAN_WORDS);
    let lexicon = match Lexicon::load(Path::new(path)) {
        Ok(lexicon) => lexicon,
        Err(error) => {
            eprintln!("error: {error}");
            return 2;
        }
    };
    println!(
        "letters {letters} ({} letters, {} words in {path})",
        letters.len(),
        lexicon.len()
    );
    match words::best_pair(&lexicon, &letters, settings.king) {
        Some(pair) => {
            println!("words {} {}", pair.first, pair.second);
            println!("score {}", pair.score);
        }
        None => {
            println!("words -");
            println!("score 0");
        }
    }
    0
}
