//! Amity at a table with people (`amity play`), where a game asks more of it than the search
//! and the solver: a seat that decides apart from its partner, clues said and heard in words,
//! the words such a game reads, and what a finished game tells its players. The [`Partner`]
//! hooks; the search never uses them.

use std::sync::atomic::AtomicBool;

use crate::moves::Move;
use crate::position::Position;
use crate::presentation::Presentation;
use crate::puzzle::SolveLimits;
use crate::search::Limits;

/// A decision Amity takes at the table in its own way, with what it says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartnerDecision {
    /// The decision, as the deciding seat's view knows it.
    pub decision: Move,
    /// The token that plays it on the full state: it may say more than the view's token (a
    /// secret clue word).
    pub written: String,
    /// Free words said with the decision, which every seat hears (a clue).
    pub speech: Option<String>,
    /// What Amity tells the people at the table about its decision.
    pub remark: Option<String>,
}

/// Where a game that talks finds its words; `None` keeps the game's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WordSources<'a> {
    /// A word list, one word a line.
    pub word_file: Option<&'a str>,
    /// A WordNet database's directory.
    pub wordnet: Option<&'a str>,
}

/// What a game asks of Amity as a partner of people at a table. Every default leaves the
/// decision to the solver or the search and says nothing more.
pub trait Partner: Presentation {
    /// The game rebuilt to read its words from `sources`; `None` when it reads no words.
    fn with_words(&self, sources: &WordSources) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = sources;
        None
    }

    /// Amity's decision for seat number `seat` (in [`Presentation::seats`]' order) from
    /// `view`, that seat's view, when the game has a way of its own (seats of one side
    /// deciding apart, clues in words), having heard `heard`, the words said with the last
    /// decision. `None`: the solver or the search decides.
    fn decide_as_partner(
        &self,
        view: &Position<Self>,
        seat: usize,
        heard: Option<&str>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Option<PartnerDecision> {
        let _ = (view, seat, heard, limits, stop);
        None
    }

    /// Lines telling the players of the finished game that went from `start` to `end` (full
    /// states) how they did, beyond its result: a score, the best the start allowed (worked
    /// out within `limits`). Default: nothing beyond the result.
    fn final_account(
        &self,
        start: &Position<Self>,
        end: &Position<Self>,
        limits: SolveLimits,
    ) -> Vec<String> {
        let _ = (start, end, limits);
        Vec::new()
    }
}
