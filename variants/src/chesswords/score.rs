//! The end of a Secret Chesswords game (rule 7): the letters under the checkers, each
//! player's best pair of final words, the team score with its penalties, and the grade.

use std::fmt;

use amity_engine::Position;

use super::Chesswords;
use super::letters::letter_char;
use super::words::{self, Lexicon, Pair};

/// The booklet's grades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    A,
    B,
    C,
    D,
    Loss,
}

impl Grade {
    /// The grade of a team score: 85+ A, 75+ B, 60+ C, 50+ D, below 50 a loss.
    pub fn of(team: i32) -> Grade {
        match team {
            85.. => Grade::A,
            75..85 => Grade::B,
            60..75 => Grade::C,
            50..60 => Grade::D,
            _ => Grade::Loss,
        }
    }

    pub const ALL: [Grade; 5] = [Grade::A, Grade::B, Grade::C, Grade::D, Grade::Loss];
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Grade::A => "A",
            Grade::B => "B",
            Grade::C => "C",
            Grade::D => "D",
            Grade::Loss => "loss",
        })
    }
}

/// How the final words were told to the partner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinalClues {
    /// Words spelled out (one penalty point each; they count as guessed).
    pub spelled: u32,
    /// Words clued and not guessed (that player scores 0).
    pub missed: u32,
}

/// The game's final account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalScore {
    /// The collected letters, a to f and rank 1 up.
    pub letters: String,
    /// The best pair (both players have the same letters and form the same best pair).
    pub pair: Option<Pair>,
    pub king_captured: bool,
    /// One player's score for a guessed pair.
    pub player: i32,
    /// Penalty points of the game and of the final clues.
    pub penalties: u32,
    pub team: i32,
    pub grade: Grade,
}

/// The final account of a finished (or abandoned) game: both players form the best pair of
/// the letters (exact scorer); `clues` says how their words reached the partner.
pub fn final_score(lexicon: &Lexicon, pos: &Position<Chesswords>, clues: FinalClues) -> FinalScore {
    let state = &pos.state;
    let letters: String = state.collected().iter().map(|l| letter_char(*l)).collect();
    let pair = words::best_pair(lexicon, &letters, state.king_captured);
    let player = pair.as_ref().map_or(0, |pair| pair.score);
    let scoring_players = if pair.is_some() {
        2 - clues.missed.min(2)
    } else {
        0
    };
    let penalties = state.penalties + clues.spelled;
    let team = player * scoring_players as i32 - penalties as i32;
    FinalScore {
        letters,
        pair,
        king_captured: state.king_captured,
        player,
        penalties,
        team,
        grade: Grade::of(team),
    }
}

/// The final account of `pos` for the players at the table, with the final words spelled:
/// the letters, the best pair, each player's score, penalties, team score and grade.
pub fn account_lines(lexicon: &Lexicon, pos: &Position<Chesswords>) -> Vec<String> {
    let spelled = FinalClues {
        spelled: 2,
        missed: 0,
    };
    let account = final_score(lexicon, pos, spelled);
    let letters = if account.letters.is_empty() {
        "-"
    } else {
        &account.letters
    };
    let pair = account
        .pair
        .as_ref()
        .map_or("none".to_string(), |p| format!("{} {}", p.first, p.second));
    vec![format!(
        "Letters: {letters}; best pair: {pair}; each player {}, penalties {} (final words \
         spelled), team score {}, grade {}.",
        account.player, account.penalties, account.team, account.grade
    )]
}
