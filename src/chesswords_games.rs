//! `amity chesswords-games`: Secret Chesswords games between two Amity partners on random
//! deals, with said letters or English clues, and the figures the issue asks for: team
//! scores, grades, and how often the mover plays the move the clue giver wanted.

use std::collections::BTreeMap;
use std::path::Path;

use amity_engine::Rules;
use amity_variants::chesswords::Chesswords;
use amity_variants::chesswords::score::Grade;
use amity_variants::chesswords::table::{self, Speech};
use amity_variants::chesswords::wordnet::{DEBIAN_WORDNET, WordNet};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::words::WordArgs;

/// How the partners talk, as the command line says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SpeechArg {
    /// `say:` the two letters (a penalty point each).
    Letters,
    /// English clues from WordNet; the mover hears only the clue.
    English,
}

/// What `amity chesswords-games` was asked.
#[derive(clap::Args)]
pub struct GamesSettings {
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Seed of the first deal (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How the partners clue.
    #[arg(long, value_enum, default_value = "letters")]
    pub speech: SpeechArg,
    /// English clues: the clue giver keeps only clues its model of the mover follows.
    #[arg(long)]
    pub check: bool,
    /// Stop a game after this many decisions.
    #[arg(long, default_value_t = 600)]
    pub max_decisions: usize,
    #[command(flatten)]
    pub words: WordArgs,
    /// Print every game's decisions, clues and final position.
    #[arg(long)]
    pub verbose: bool,
}

pub fn run(settings: &GamesSettings) -> i32 {
    let rules = match &settings.words.word_file {
        Some(path) => Chesswords::with_word_file(path),
        None => Chesswords::default(),
    };
    if rules.lexicon().is_empty() {
        eprintln!("error: the word list is empty or unreadable (apt-get install wamerican)");
        return 2;
    }
    let wordnet = match settings.speech {
        SpeechArg::Letters => None,
        SpeechArg::English => {
            let dir = settings.words.wordnet.as_deref().unwrap_or(DEBIAN_WORDNET);
            match WordNet::load(Path::new(dir)) {
                Ok(wordnet) => Some(wordnet),
                Err(error) => {
                    eprintln!("error: {error}");
                    return 2;
                }
            }
        }
    };
    let speech = match &wordnet {
        Some(wordnet) => Speech::English {
            wordnet,
            check: settings.check,
        },
        None => Speech::Letters,
    };
    let mut grades: BTreeMap<Grade, u32> = BTreeMap::new();
    let (mut total, mut pointed, mut followed) = (0i64, 0u32, 0u32);
    let (mut english, mut english_followed, mut no_match, mut fallbacks) = (0u32, 0u32, 0u32, 0u32);
    let (mut letters, mut truncated, mut king) = (0usize, 0u32, 0u32);
    let mut scores = Vec::new();
    for game in 0..settings.games {
        let mut rng = StdRng::seed_from_u64(settings.seed.wrapping_add(u64::from(game)));
        let Some(start) = rules.deal(&mut rng) else {
            eprintln!("error: no deal");
            return 2;
        };
        let report = table::play(&rules, start, speech, settings.max_decisions);
        let score = &report.score;
        *grades.entry(score.grade).or_default() += 1;
        total += i64::from(score.team);
        scores.push(score.team);
        pointed += report.pointed;
        followed += report.followed;
        english += report.english;
        english_followed += report.english_followed;
        no_match += report.no_match;
        fallbacks += report.fallbacks;
        letters += score.letters.len();
        truncated += u32::from(report.truncated);
        king += u32::from(score.king_captured);
        let pair = score
            .pair
            .as_ref()
            .map_or("-".to_string(), |p| format!("{} {}", p.first, p.second));
        println!(
            "game {:3} letters {:14} pair {:24} player {:3} penalties {:3} team {:4} grade {:4} followed {}/{}{}",
            game + 1,
            score.letters,
            pair,
            score.player,
            score.penalties,
            score.team,
            score.grade,
            report.followed,
            report.pointed,
            if report.truncated {
                " (decision limit)"
            } else {
                ""
            }
        );
        if settings.verbose {
            for (text, word, understood) in &report.spoken {
                println!(
                    "    clue \"{text}\" for {word}: understood {}",
                    understood.as_deref().unwrap_or("(no good match)")
                );
            }
            println!("    {}", report.record.join(" "));
            println!("    {}", report.final_position.to_fen(&rules));
        }
    }
    let games = settings.games.max(1);
    scores.sort_unstable();
    println!("games {}", settings.games);
    println!(
        "team score: mean {:.1}, median {}, min {}, max {}",
        total as f64 / f64::from(games),
        scores.get(scores.len() / 2).copied().unwrap_or(0),
        scores.first().copied().unwrap_or(0),
        scores.last().copied().unwrap_or(0)
    );
    let distribution: Vec<String> = Grade::ALL
        .iter()
        .map(|grade| format!("{grade} {}", grades.get(grade).copied().unwrap_or(0)))
        .collect();
    println!("grades: {}", distribution.join(", "));
    println!(
        "letters collected: mean {:.1}; king captured in {king} games; {truncated} games hit the decision limit",
        letters as f64 / f64::from(games)
    );
    let rate = |part: u32, whole: u32| 100.0 * f64::from(part) / f64::from(whole.max(1));
    println!(
        "clues pointing at a move: {pointed}, mover played the wanted move {followed} ({:.1}%)",
        rate(followed, pointed)
    );
    if settings.speech == SpeechArg::English {
        println!(
            "english clues: {english}, mover played the wanted move {english_followed} ({:.1}%), no good match {no_match}, letters said instead {fallbacks}",
            rate(english_followed, english)
        );
    }
    0
}
