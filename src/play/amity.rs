//! Amity's turns at the `amity play` table, and its hints: a decision from the deciding seat's
//! view by the game's own partner ([`amity_engine::Partner`]), else its solver, else the
//! search (to `--depth`, at an `--elo` level or for `--movetime`, its thinking shown with
//! `--think`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use amity_engine::search::{Limits, Score};
use amity_engine::{Move, Position, PuzzleScore, Solution};
use amity_match::notation;
use amity_variants::Variant;

use super::person::Carried;
use super::{DEFAULT_DEPTH, Table};

/// A decision Amity has taken, before it is carried out.
struct Decided {
    decision: Move,
    /// Its token, which may say more than the decision (a secret clue word).
    written: String,
    /// Words said with it, which the next decider hears.
    speech: Option<String>,
    /// What Amity says about it.
    remark: Option<String>,
    /// How good Amity finds it (a score at a depth), for people.
    note: Option<String>,
}

impl<R: Variant> Table<'_, R> {
    /// Amity decides for seat number `seat`; true if the game moved on.
    pub(super) fn amity_decides(&mut self, seat: usize) -> bool {
        let view = self.view_of(seat);
        let heard = self.heard.take();
        let Some(decided) = self.decide(seat, &view, heard.as_deref(), self.settings.think) else {
            println!("Amity finds no decision.");
            return false;
        };
        let rules = self.rules().clone();
        let before = self.game.position().clone();
        let carried = self.carry_out(&view, decided.decision, &decided.written);
        let seats = rules.seats();
        let told = match carried {
            Ok(Carried::Played(mv)) => match self.shown_side() {
                // Told as the rules tell the person's side, which may not learn all of it (a
                // partner's secret choice, a clue word).
                Some(side) => rules.announce_to(&before, mv, side),
                None => notation::san(&rules, &before, mv),
            },
            Ok(Carried::Awaiting) => format!("{}: the cards are turned", decided.written),
            Err(error) => {
                println!("Amity's decision {} was refused: {error}", decided.written);
                return false;
            }
        };
        let who = if seats.len() > 2 {
            format!("Amity ({})", seats[seat].name)
        } else {
            "Amity".to_string()
        };
        match &decided.note {
            Some(note) => println!("{who} plays {told} ({note})"),
            None => println!("{who} plays {told}"),
        }
        if let Some(remark) = &decided.remark {
            println!("{who}: {remark}");
        }
        self.heard = decided.speech;
        self.show_board();
        true
    }

    /// The hint for the person's decision: what Amity would decide in their seat.
    pub(super) fn hint(&mut self) {
        let Some(seat) = self.seat_to_decide() else {
            return println!("The game is over.");
        };
        let view = self.view_of(seat);
        let heard = self.heard.clone();
        self.hints += 1;
        match self.decide(seat, &view, heard.as_deref(), false) {
            Some(decided) => {
                let text = if decided.written == self.rules().format_move(decided.decision) {
                    notation::san(self.rules(), &view, decided.decision)
                } else {
                    decided.written
                };
                let about = decided.note.or(decided.remark);
                match about {
                    Some(about) => println!("Hint: {text} ({about})"),
                    None => println!("Hint: {text}"),
                }
            }
            None => println!("Hint: nothing to suggest."),
        }
    }

    /// The decision for `seat` from `view`: the game's partner, else its solver, else the
    /// search.
    fn decide(
        &mut self,
        seat: usize,
        view: &Position<R>,
        heard: Option<&str>,
        show_thinking: bool,
    ) -> Option<Decided> {
        let stop = AtomicBool::new(false);
        let limits = self.search_limits();
        let rules = self.rules().clone();
        if let Some(partner) = rules.decide_as_partner(view, seat, heard, &limits, &stop) {
            if show_thinking {
                println!("  no search: the game's own partner decides");
            }
            return Some(Decided {
                decision: partner.decision,
                written: partner.written,
                speech: partner.speech,
                remark: partner.remark,
                note: None,
            });
        }
        if let Some(solution) = rules.solve(view, self.solve_limits(&stop)) {
            let decision = *solution.line.first()?;
            return Some(Decided {
                decision,
                written: rules.format_move(decision),
                speech: None,
                remark: None,
                note: Some(solution_note(&solution)),
            });
        }
        self.search(view, &limits, show_thinking)
    }

    fn search_limits(&self) -> Limits {
        let depth = self.settings.depth.unwrap_or(DEFAULT_DEPTH).max(1);
        let strength = self.strength();
        match (self.settings.movetime, strength) {
            (Some(ms), _) => Limits {
                movetime: Some(Duration::from_millis(ms)),
                strength,
                ..Limits::default()
            },
            // The level's node budget bounds the search.
            (None, Some(_)) => Limits {
                strength,
                ..Limits::default()
            },
            (None, None) => Limits::depth(depth),
        }
    }

    /// The search's best decision from `view`: from the whole game (its repetitions, and a
    /// hidden game's information sets) unless a view waits for a further choice.
    fn search(
        &mut self,
        view: &Position<R>,
        limits: &Limits,
        show_thinking: bool,
    ) -> Option<Decided> {
        let stop = AtomicBool::new(false);
        let rules = self.rules().clone();
        let mut last = None;
        let mut report = |report: &amity_engine::search::Report| {
            last = Some((report.score, report.depth));
            if show_thinking {
                let pv: Vec<String> = report.pv.iter().map(|m| rules.format_move(*m)).collect();
                println!(
                    "  depth {:>2}  score {:>8}  nodes {:>9}  pv {}",
                    report.depth,
                    describe(report.score),
                    report.nodes,
                    pv.join(" ")
                );
            }
        };
        let result = match &self.awaiting {
            None => self
                .searcher
                .search_game(&self.game, limits, &stop, &mut report),
            Some(_) => {
                let history = [view.hash()];
                self.searcher
                    .search(&rules, view, &history, limits, &stop, &mut report)
            }
        };
        if result.best.is_null() {
            return None;
        }
        if show_thinking && last.is_none() {
            println!("  no search: the game's own policy decides");
        }
        let note = match last {
            Some((score, depth)) => format!("{} at depth {depth}", describe(score)),
            None => "no score".into(),
        };
        Some(Decided {
            decision: result.best,
            written: rules.format_move(result.best),
            speech: None,
            remark: None,
            note: Some(note),
        })
    }
}

/// A solver's answer for people: its score, and whether it is proven.
fn solution_note(solution: &Solution) -> String {
    let proven = if solution.complete {
        ""
    } else {
        ", not proven in the time given"
    };
    match solution.score {
        PuzzleScore::Exact(score) => format!("best score {score}{proven}"),
        PuzzleScore::Expected(mean) => {
            format!("expected score {mean:.2} over the unseen cards{proven}")
        }
    }
}

fn describe(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}
