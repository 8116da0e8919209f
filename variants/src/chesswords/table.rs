//! A game of Secret Chesswords between two Amity partners in one process, run as a referee
//! runs it: the full state stays here, each decision is taken from the decider's view alone,
//! and a clue in English reaches the mover as its text only. It reports the team score and
//! how often the mover played the move the clue giver wanted.

use amity_engine::{Move, Notation, Position, Rules};

use super::partner::{self, CluePlan};
use super::score::{FinalClues, FinalScore, final_score};
use super::wordnet::WordNet;
use super::words::{counts_of, fits};
use super::{Chesswords, Decision, Stage};

/// How the partners talk.
#[derive(Clone, Copy)]
pub enum Speech<'a> {
    /// Clues are said letters (`say:`, a penalty point each); final words are spelled.
    Letters,
    /// Clues are English words (`word:` with a WordNet clue the mover hears); with `check`
    /// the clue giver keeps only clues it has seen lead to the wanted move.
    English { wordnet: &'a WordNet, check: bool },
}

/// What happened in one game.
#[derive(Clone, Debug)]
pub struct TableReport {
    pub final_position: Position<Chesswords>,
    /// Every decision in order, a word clue with its word.
    pub record: Vec<String>,
    /// The clues said in English, with the word meant and the word the mover understood.
    pub spoken: Vec<(String, String, Option<String>)>,
    /// Clues pointing at a move (`say:` or `word:`).
    pub pointed: u32,
    /// Of those, how often the mover played the wanted move.
    pub followed: u32,
    /// English clues given, and how often the mover then played the wanted move.
    pub english: u32,
    pub english_followed: u32,
    /// English clues after which the mover found no good match.
    pub no_match: u32,
    /// Times the clue giver found no English clue and said the letters.
    pub fallbacks: u32,
    pub score: FinalScore,
    /// The game hit the decision limit before it ended.
    pub truncated: bool,
}

/// Plays `start` (a full state) to its end, or `max_decisions`, with Amity in both seats.
pub fn play(
    rules: &Chesswords,
    start: Position<Chesswords>,
    speech: Speech<'_>,
    max_decisions: usize,
) -> TableReport {
    let mut pos = start;
    let mut report = TableReport {
        final_position: pos.clone(),
        record: Vec::new(),
        spoken: Vec::new(),
        pointed: 0,
        followed: 0,
        english: 0,
        english_followed: 0,
        no_match: 0,
        fallbacks: 0,
        score: final_score(
            rules.lexicon(),
            &pos,
            FinalClues {
                spelled: 0,
                missed: 0,
            },
        ),
        truncated: false,
    };
    // The clue in force: the plan, and the text the mover hears if it was English.
    let mut pending: Option<(CluePlan, Option<String>)> = None;
    while rules.terminal(&pos).is_none() {
        if report.record.len() >= max_decisions {
            report.truncated = true;
            break;
        }
        let decider = pos.turn();
        let view = rules.view(&pos, decider);
        let (mv, token) = match pos.state.stage {
            Stage::Clue => {
                let plan = partner::clue_plan(rules, &view, false);
                let mut decision = (plan.decision, rules.format_move(plan.decision));
                let mut heard = None;
                if let (Decision::Say(first, last), Speech::English { wordnet, check }) =
                    (Decision::of(plan.decision), speech)
                {
                    match partner::english_clue(rules, wordnet, &view, &plan, check) {
                        Some(spoken) => {
                            let word = super::word_decision(first, last);
                            decision = (word, format!("word:{}", spoken.word));
                            heard = Some((spoken.word, spoken.clue.text));
                        }
                        None => report.fallbacks += 1,
                    }
                }
                if matches!(
                    Decision::of(decision.0),
                    Decision::Say(..) | Decision::Word(..)
                ) {
                    report.pointed += 1;
                }
                pending = Some((plan, heard.as_ref().map(|(_, text)| text.clone())));
                if let Some((word, text)) = heard {
                    report.spoken.push((text, word, None));
                    report.english += 1;
                }
                decision
            }
            Stage::MoveWord(_) | Stage::MoveSay(..) | Stage::MovePass => {
                let mv = match (&pending, speech) {
                    (Some((_, Some(text))), Speech::English { wordnet, .. }) => {
                        let (found, word) = partner::move_from_clue(rules, wordnet, &view, text);
                        if let Some(last) = report.spoken.last_mut() {
                            last.2 = word;
                        }
                        found.unwrap_or_else(|| {
                            report.no_match += 1;
                            partner::unclued_move(&view)
                        })
                    }
                    _ => partner::decide(rules, &view, false).unwrap_or(Move::NULL),
                };
                if let Some((plan, text)) = pending.take()
                    && pos.state.stage != Stage::MovePass
                    && mv == plan.wanted
                {
                    report.followed += 1;
                    if text.is_some() {
                        report.english_followed += 1;
                    }
                }
                (mv, rules.format_move(mv))
            }
            _ => {
                let mv = partner::decide(rules, &view, false).unwrap_or(Move::NULL);
                (mv, rules.format_move(mv))
            }
        };
        if mv.is_null() {
            break;
        }
        rules.play_written(&mut pos, mv, &token);
        report.record.push(token);
    }
    let clues = match speech {
        Speech::Letters => FinalClues {
            spelled: 2,
            missed: 0,
        },
        Speech::English { wordnet, .. } => final_clues_in_english(rules, wordnet, &pos),
    };
    report.score = final_score(rules.lexicon(), &pos, clues);
    report.final_position = pos;
    report
}

/// The final words told in English: each player clues the first word of its pair, checking
/// that the partner (who knows the letters) would understand it among the words the letters
/// make; a word no clue gets across is spelled (one penalty point).
fn final_clues_in_english(
    rules: &Chesswords,
    wordnet: &WordNet,
    pos: &Position<Chesswords>,
) -> FinalClues {
    let lexicon = rules.lexicon();
    let letters: String = pos
        .state
        .collected()
        .iter()
        .map(|l| super::letters::letter_char(*l))
        .collect();
    let Some(pair) = super::words::best_pair(lexicon, &letters, pos.state.king_captured) else {
        return FinalClues {
            spelled: 0,
            missed: 0,
        };
    };
    let pool = counts_of(&letters);
    let allowed = |word: &str| fits(&counts_of(word), &pool);
    let understood = [&pair.first, &pair.second].iter().any(|word| {
        wordnet.clues(word).iter().any(|clue| {
            wordnet
                .understand(lexicon, &clue.text, &allowed)
                .is_some_and(|(found, _)| found == **word)
        })
    });
    // Both players hold the same letters and the same best pair.
    FinalClues {
        spelled: if understood { 0 } else { 2 },
        missed: 0,
    }
}
