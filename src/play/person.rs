//! A person's decisions at the `amity play` table: a line read as decisions of the seat the
//! person holds (legs joined by commas, words after a decision that takes them), each checked
//! in that seat's view and carried out by the referee on the full state; and the decisions
//! listed, as the seat sees them.

use std::fmt;

use amity_engine::rules::Refereed;
use amity_engine::{Move, MoveError, MoveList, RulesExt};
use amity_match::notation;
use amity_variants::Variant;

use super::{Table, Typed};

/// Why a person's decision was refused.
#[derive(Debug)]
pub enum Refusal {
    GameOver(&'static str),
    /// No seat of the person's owes a decision now.
    NotYourTurn,
    Move(MoveError),
    /// Words said with a decision that takes none.
    NoWords(String),
    /// The referee found nothing on the full state for a decision of the view.
    NoCounterpart(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver(result) => {
                write!(f, "the game is over ({result}); 'undo', 'new' or 'quit'")
            }
            Refusal::NotYourTurn => write!(f, "it is Amity's turn"),
            Refusal::Move(error) => error.fmt(f),
            Refusal::NoWords(token) => write!(f, "'{token}' is made without words"),
            Refusal::NoCounterpart(token) => write!(
                f,
                "'{token}' has no counterpart in the game (please report this)"
            ),
        }
    }
}

/// What became of one decision carried out at the table.
pub enum Carried {
    /// Played on the full state, as this move.
    Played(Move),
    /// Half carried out: the seat's view waits for its further choice.
    Awaiting,
}

impl<R: Variant> Table<'_, R> {
    /// Plays the line as the person's decisions, all or none.
    pub(super) fn person_decides_line(&mut self, line: &str) {
        let saved = (
            self.game.clone(),
            self.awaiting.clone(),
            self.heard.clone(),
            self.typed.len(),
        );
        let mut said = Vec::new();
        for leg in line.split(',') {
            match self.person_leg(leg.trim()) {
                Ok(text) => said.push(text),
                Err(error) => {
                    (self.game, self.awaiting, self.heard) = (saved.0, saved.1, saved.2);
                    self.typed.truncate(saved.3);
                    return println!(
                        "Rejected: {error}. Type 'moves' for the decisions open to you, 'help' \
                         for commands."
                    );
                }
            }
        }
        println!("You play {}", said.join(","));
        self.show_board();
    }

    /// One decision of the person's: what it is told as.
    fn person_leg(&mut self, leg: &str) -> Result<String, Refusal> {
        if let Some(outcome) = self.game.outcome() {
            return Err(Refusal::GameOver(outcome.result()));
        }
        let seat = self
            .seat_to_decide()
            .filter(|seat| self.held[*seat])
            .ok_or(Refusal::NotYourTurn)?;
        let (token, speech) = match leg.split_once(char::is_whitespace) {
            Some((token, said)) => (token, Some(said.trim().to_string())),
            None => (leg, None),
        };
        let view = self.view_of(seat);
        let rules = self.rules().clone();
        let mut owed = MoveList::new();
        rules.generate(&view, &mut owed);
        // A token that says more than its decision (a secret clue word) stands for the
        // decision it names.
        let decision = match rules
            .parse_written(&view, token)
            .filter(|mv| owed.contains(*mv))
        {
            Some(mv) => mv,
            None => notation::parse_any(&rules, &view, token).map_err(Refusal::Move)?,
        };
        if speech.is_some() && !rules.takes_speech(&view, decision) {
            return Err(Refusal::NoWords(token.to_string()));
        }
        let before = self.game.position().clone();
        let at = self.game.moves().len();
        let told = match self.carry_out(&view, decision, token)? {
            Carried::Awaiting => format!("{token}: the cards are turned; choose a square"),
            Carried::Played(mv) if rules.parse_written(&before, token) == Some(mv) => {
                token.to_string()
            }
            Carried::Played(mv) if mv == decision => notation::san(&rules, &before, mv),
            Carried::Played(mv) => format!("{token}: {}", notation::san(&rules, &before, mv)),
        };
        self.heard = speech.filter(|said| !said.is_empty());
        self.typed.push(Typed {
            at,
            text: leg.to_string(),
        });
        Ok(told)
    }

    /// Carries out `decision`, made in the deciding seat's `view` and written `written`, on
    /// the full state, as the referee rules it.
    pub(super) fn carry_out(
        &mut self,
        view: &amity_engine::Position<R>,
        decision: Move,
        written: &str,
    ) -> Result<Carried, Refusal> {
        let rules = self.rules().clone();
        let before = self.game.position().clone();
        let mut legal = MoveList::new();
        rules.generate(&before, &mut legal);
        let mv = match rules.referee(&before, view, decision) {
            Some(Refereed::Choose(next)) => {
                self.awaiting = Some(next);
                return Ok(Carried::Awaiting);
            }
            Some(Refereed::Decision(mv)) => mv,
            None if legal.contains(decision) => decision,
            None => amity_engine::game::parse_move(&rules, &before, written)
                .map_err(|_| Refusal::NoCounterpart(written.to_string()))?,
        };
        if !legal.contains(mv) {
            return Err(Refusal::NoCounterpart(written.to_string()));
        }
        // The full state keeps what the token says beyond its decision (a clue word).
        if rules.parse_written(&before, written) == Some(mv) {
            self.game
                .play_token(written)
                .map_err(|_| Refusal::NoCounterpart(written.to_string()))?;
        } else {
            self.game.play_unchecked(mv);
        }
        self.awaiting = None;
        Ok(Carried::Played(mv))
    }

    /// Lists the decisions open to the seat that decides, as it sees them.
    pub(super) fn list_moves(&self) {
        let Some(seat) = self.seat_to_decide() else {
            return println!("No decision is owed.");
        };
        let rules = self.rules();
        let view = self.view_of(seat);
        let mut owed = MoveList::new();
        rules.generate(&view, &mut owed);
        let moves: Vec<String> = owed
            .iter()
            .map(|mv| {
                let token = rules.format_move(*mv);
                let san = notation::san(rules, &view, *mv);
                if san == token {
                    token
                } else {
                    format!("{token} ({san})")
                }
            })
            .collect();
        println!("Legal moves: {}", moves.join(", "));
    }
}
