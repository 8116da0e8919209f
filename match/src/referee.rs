//! The referee of one game: it holds the authoritative position under the variant's rules,
//! asks each engine for its move on its clock, throws the dice when chance acts, rejects
//! illegal moves, notices crashes, hangs and fallen flags, adjudicates by score if asked, and
//! writes the game down as PGN.

use std::sync::Arc;
use std::time::Duration;

use amity_engine::position::color_index;
use amity_engine::rules::Refereed;
use amity_engine::{Color, Game, MoveList, Position, RulesExt};
use amity_variants::{Variant, VariantOptions, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::engine::{EngineError, EngineProcess, EngineSpec, Request};
use super::live::{self, LiveBoard, LiveGame};
use super::notation::{self, side_name};
use super::openings::{Opening, throw};
use super::pgn::{PgnGame, PgnMove};
use super::timecontrol::{GameClock, TimeControl};

/// Ending a game early by the engines' own scores.
#[derive(Clone, Copy, Debug, Default)]
pub struct Adjudication {
    /// Resign: a side whose score stays at or below -`score` for `moves` of its moves in a
    /// row, while its opponent agrees, loses.
    pub resign: Option<ScoreRule>,
    /// Draw: after full move `after`, both sides' scores within `score` of zero for `moves`
    /// moves each.
    pub draw: Option<DrawRule>,
    /// A draw after this many plies, whatever the position.
    pub max_plies: Option<u32>,
}

#[derive(Clone, Copy, Debug)]
pub struct ScoreRule {
    pub moves: u32,
    pub score: i32,
}

#[derive(Clone, Copy, Debug)]
pub struct DrawRule {
    pub after: u32,
    pub moves: u32,
    pub score: i32,
}

/// Everything one game needs.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// From 1, in schedule order.
    pub number: usize,
    pub round: usize,
    pub variant: String,
    /// The variant's options (they change its rules).
    pub options: VariantOptions,
    pub white: EngineSpec,
    pub black: EngineSpec,
    pub opening: Opening,
    /// Seed of this game's chance.
    pub seed: u64,
    pub adjudication: Adjudication,
    pub event: String,
    pub date: String,
    /// Where the game is published as it is played (`--live`).
    pub live: Option<Arc<LiveBoard>>,
}

/// How a game ended, as the PGN `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    Adjudication,
    TimeForfeit,
    /// An illegal move.
    RulesInfraction,
    /// A crash or an engine that would not start.
    Abandoned,
    /// An engine that stopped answering without a clock to run out.
    StalledConnection,
}

impl Termination {
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::StalledConnection => "stalled connection",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub setup: GameSetup,
    pub record: PgnGame,
    /// White's points: 1, 0.5 or 0.
    pub white_points: f64,
    pub termination: Termination,
    /// Why, in words.
    pub reason: String,
}

/// Plays one game to its end. Never fails: whatever an engine does becomes the result.
pub fn play(setup: GameSetup) -> PlayedGame {
    match amity_variants::new_game_with(&setup.variant, &setup.options) {
        Some(template) => with_game!(template, game => Referee::new(game, setup).run()),
        None => {
            // Checked before the tournament starts; kept total so a bad name cannot panic.
            let reason = format!("unknown variant {}", setup.variant);
            let record = PgnGame {
                result: "*".into(),
                ..PgnGame::default()
            };
            PlayedGame {
                setup,
                record,
                white_points: 0.5,
                termination: Termination::Abandoned,
                reason,
            }
        }
    }
}

struct Referee<R: Variant> {
    game: Game<R>,
    setup: GameSetup,
    /// Every decision as sent to the engines, one token per decision.
    tokens: Vec<String>,
    record: PgnGame,
    clocks: [GameClock; 2],
    /// Each side's recent scores, from its own point of view.
    scores: [Vec<i32>; 2],
    rng: StdRng,
    /// In a game that hides information, per seat: its view when the other side's turn
    /// began, and the visible decisions made since (what that seat is sent next).
    views: [Option<SeatView>; 2],
    /// The side asked last, to tell a turn's later request from a new turn.
    last_asked: Option<Color>,
    /// A blind decision the referee has begun to carry out and handed back: the deciding
    /// seat's view with what it turned over shown, on which that seat chooses again.
    awaiting: Option<Position<R>>,
    /// The engines' scores after each of their moves, White's point of view (live view).
    chart: Vec<i32>,
}

/// What one seat of a game with hidden information is told next.
#[derive(Clone, Debug)]
struct SeatView {
    fen: String,
    moves: Vec<String>,
}

struct Ending {
    white_points: f64,
    termination: Termination,
    reason: String,
}

impl Ending {
    fn loss(loser: Color, termination: Termination, reason: String) -> Ending {
        Ending {
            white_points: if loser == Color::White { 0.0 } else { 1.0 },
            termination,
            reason,
        }
    }
}

impl<R: Variant> Referee<R> {
    fn new(start: Game<R>, setup: GameSetup) -> Referee<R> {
        let clocks = [
            GameClock::new(&setup.white.control),
            GameClock::new(&setup.black.control),
        ];
        Referee {
            game: start,
            tokens: Vec::new(),
            record: PgnGame::default(),
            clocks,
            scores: [Vec::new(), Vec::new()],
            rng: StdRng::seed_from_u64(setup.seed),
            setup,
            views: [None, None],
            last_asked: None,
            awaiting: None,
            chart: Vec::new(),
        }
    }

    fn run(mut self) -> PlayedGame {
        self.write_tags();
        let ending = self.play_out();
        let result = match ending.white_points {
            p if p > 0.75 => "1-0",
            p if p < 0.25 => "0-1",
            _ => "1/2-1/2",
        };
        self.record.result = result.to_string();
        self.record.set_tag("Result", result);
        self.record.set_tag("Termination", ending.termination.tag());
        for (name, value) in self.game.rules().record_tags(self.game.position()) {
            self.record.set_tag(name, value);
        }
        self.record
            .set_tag("PlyCount", self.record.moves.len().to_string());
        self.record.final_comment = Some(ending.reason.clone());
        self.publish(Some(format!("{result} {{{}}}", ending.reason)));
        PlayedGame {
            setup: self.setup,
            record: self.record,
            white_points: ending.white_points,
            termination: ending.termination,
            reason: ending.reason,
        }
    }

    fn write_tags(&mut self) {
        let setup = &self.setup;
        let record = &mut self.record;
        record.set_tag("Event", setup.event.clone());
        record.set_tag("Site", "amity match");
        record.set_tag("Date", setup.date.clone());
        record.set_tag("Round", setup.round.to_string());
        record.set_tag("White", setup.white.name.clone());
        record.set_tag("Black", setup.black.name.clone());
        record.set_tag("Result", "*");
        record.set_tag("Variant", self.game.rules().name());
        for (name, value) in setup.options.rule_settings(self.game.rules().name()) {
            record.set_tag(name, value);
        }
        if let Some(fen) = &setup.opening.fen {
            record.set_tag("SetUp", "1");
            record.set_tag("FEN", fen.clone());
        }
        let white_tc = setup.white.control.pgn_tag();
        let black_tc = setup.black.control.pgn_tag();
        if white_tc == black_tc {
            record.set_tag("TimeControl", white_tc);
        } else {
            record.set_tag("WhiteTimeControl", white_tc);
            record.set_tag("BlackTimeControl", black_tc);
        }
        record.set_tag("GameNumber", setup.number.to_string());
        record.set_tag("Seed", setup.seed.to_string());
    }

    /// Records a decision already known legal, with its comment.
    fn record_decision(&mut self, legs: &[amity_engine::Move], comment: String) {
        let rules = self.game.rules().clone();
        let before = self.game.position().clone();
        let mut texts = Vec::new();
        for mv in legs {
            let pos = self.game.position().clone();
            texts.push(if legs.len() == 1 {
                notation::san(&rules, &pos, *mv)
            } else {
                rules.format_move(*mv)
            });
            self.tokens.push(rules.format_move(*mv));
            self.game.play_unchecked(*mv);
        }
        self.record.moves.push(PgnMove {
            number: before.fullmoves(),
            black: before.turn() == Color::Black,
            text: texts.join(","),
            comment: Some(comment),
        });
    }

    fn play_out(&mut self) -> Ending {
        let hides = self.game.rules().hides_information();
        let start_fen = self.setup.opening.fen.clone();
        if let Some(fen) = &start_fen {
            match Game::from_fen(self.game.rules().clone(), fen) {
                Ok(game) => self.game = game,
                Err(error) => {
                    return Ending {
                        white_points: 0.5,
                        termination: Termination::Abandoned,
                        reason: format!("bad opening FEN: {error}"),
                    };
                }
            }
        }
        for token in self.setup.opening.moves.clone() {
            let rules = self.game.rules().clone();
            match notation::parse_any(&rules, self.game.position(), &token) {
                Ok(mv) => self.record_decision(&[mv], "book".into()),
                Err(error) => {
                    return Ending {
                        white_points: 0.5,
                        termination: Termination::Abandoned,
                        reason: format!("bad opening move: {error}"),
                    };
                }
            }
        }
        let variant = self.setup.variant.clone();
        let mut engines: [Option<EngineProcess>; 2] = [None, None];
        for color in [Color::White, Color::Black] {
            let spec = match color {
                Color::White => &self.setup.white,
                Color::Black => &self.setup.black,
            };
            // An engine never sees the full state of a game that hides information: it is sent
            // its view before each decision instead.
            let engine_start = if hides && !spec.sees_everything {
                None
            } else {
                start_fen.as_deref()
            };
            let started = EngineProcess::start(spec, &variant).and_then(|mut engine| {
                engine.new_game(&variant, engine_start)?;
                Ok(engine)
            });
            match started {
                Ok(engine) => engines[color_index(color)] = Some(engine),
                Err(error) => {
                    return Ending::loss(
                        color,
                        Termination::Abandoned,
                        format!("{} ({}) {error}", spec.name, side_name(color)),
                    );
                }
            }
        }
        let ending = self.referee(&mut engines, start_fen.as_deref());
        for engine in engines.into_iter().flatten() {
            engine.quit();
        }
        ending
    }

    fn referee(
        &mut self,
        engines: &mut [Option<EngineProcess>; 2],
        start_fen: Option<&str>,
    ) -> Ending {
        loop {
            if let Some(outcome) = self.game.outcome() {
                return Ending {
                    white_points: match outcome.result() {
                        "1-0" => 1.0,
                        "0-1" => 0.0,
                        _ => 0.5,
                    },
                    termination: Termination::Normal,
                    reason: outcome.reason(),
                };
            }
            if let Some(limit) = self.setup.adjudication.max_plies
                && self.tokens.len() as u32 >= limit
            {
                return Ending {
                    white_points: 0.5,
                    termination: Termination::Adjudication,
                    reason: format!("Draw by adjudication: {limit} plies"),
                };
            }
            if let Some(outcome) = throw(&self.game, &mut self.rng) {
                self.record_decision(&[outcome], "chance".into());
                continue;
            }
            let color = self.game.position().turn();
            let side = color_index(color);
            let Some(engine) = engines[side].as_mut() else {
                return Ending::loss(color, Termination::Abandoned, "no engine".into());
            };
            let name = engine.spec.name.clone();
            let margin = engine.spec.margin;
            let hides = self.game.rules().hides_information();
            let told = (hides && !engine.spec.sees_everything).then(|| self.tell(color));
            let request = match &told {
                Some(view) => Request {
                    start_fen: Some(&view.fen),
                    moves: &view.moves,
                    own: &self.clocks[side],
                    other: &self.clocks[1 - side],
                    white_to_move: color == Color::White,
                },
                None => Request {
                    start_fen,
                    moves: &self.tokens,
                    own: &self.clocks[side],
                    other: &self.clocks[1 - side],
                    white_to_move: color == Color::White,
                },
            };
            let reply = match engine.think(&request) {
                Ok(reply) => reply,
                Err(EngineError::Timeout(_)) => {
                    let clocked = self.clocks[side].allowance(margin).is_some();
                    return if clocked {
                        Ending::loss(
                            color,
                            Termination::TimeForfeit,
                            format!("{} loses on time", side_name(color)),
                        )
                    } else {
                        Ending::loss(
                            color,
                            Termination::StalledConnection,
                            format!("{} ({name}) stopped answering", side_name(color)),
                        )
                    };
                }
                Err(error) => {
                    return Ending::loss(
                        color,
                        Termination::Abandoned,
                        format!("{} ({name}) {error}", side_name(color)),
                    );
                }
            };
            if !self.clocks[side].charge(reply.elapsed, margin) {
                return Ending::loss(
                    color,
                    Termination::TimeForfeit,
                    format!("{} loses on time", side_name(color)),
                );
            }
            let deciding_view = told.is_some().then_some(color);
            let (legs, awaiting) = match self.legal_legs(&reply.token, deciding_view) {
                Ok(judged) => judged,
                Err(why) => {
                    let mut reason = format!(
                        "{} makes an illegal move: {}",
                        side_name(color),
                        reply.token
                    );
                    if !why.starts_with("illegal move") {
                        reason.push_str(&format!(" ({why})"));
                    }
                    return Ending::loss(color, Termination::RulesInfraction, reason);
                }
            };
            let mut comment = match reply.evaluation {
                Some(evaluation) => evaluation.pgn(),
                None => "-".to_string(),
            };
            if let Some(depth) = reply.depth {
                comment.push_str(&format!("/{depth}"));
            }
            comment.push_str(&format!(" {}", seconds(reply.elapsed)));
            if hides && let Some(view) = &mut self.views[1 - side] {
                // Every decision of a turn is public; what the mover draws is not a decision.
                // Each is told as the rules tell it to the other seat (with any identity it
                // reveals, without what that seat may not read).
                let rules = self.game.rules().clone();
                let mut before = self.game.position().clone();
                for mv in &legs {
                    view.moves.push(rules.announce_to(&before, *mv, !color));
                    rules.play(&mut before, *mv);
                }
            }
            self.awaiting = awaiting;
            if legs.is_empty() {
                // The seat's blind decision turned something over; it chooses again on that.
                continue;
            }
            self.record_decision(&legs, comment);
            engine.acknowledge(self.tokens.len());
            if let Some(evaluation) = reply.evaluation {
                self.scores[side].push(evaluation.centipawns());
                let sign = if color == Color::White { 1 } else { -1 };
                self.chart.push(sign * evaluation.centipawns());
            }
            self.publish(None);
            if let Some(ending) = self.adjudicate(color) {
                return ending;
            }
        }
    }

    /// What the seat of `color` is sent before its decision in a game that hides information.
    /// The other seat's turn begins now (its draw and any reshuffle are done), so its view is
    /// taken as the base of what it hears next. `color` gets its view from when this turn
    /// began and the other side's decisions since, which it can follow on that view; a later
    /// request inside the same turn gets the view as it is now.
    fn tell(&mut self, color: Color) -> SeatView {
        let rules = self.game.rules().clone();
        if let Some(choice) = &self.awaiting {
            return SeatView {
                fen: choice.to_fen(&rules),
                moves: Vec::new(),
            };
        }
        let position = self.game.position();
        let view_of = |seat: Color| rules.view(position, seat).to_fen(&rules);
        let side = color_index(color);
        let fresh = SeatView {
            fen: view_of(color),
            moves: Vec::new(),
        };
        let told = match (&self.views[side], self.last_asked) {
            (Some(view), last) if last != Some(color) => view.clone(),
            _ => fresh,
        };
        if self.last_asked != Some(color) {
            self.views[1 - side] = Some(SeatView {
                fen: view_of(!color),
                moves: Vec::new(),
            });
        }
        self.last_asked = Some(color);
        told
    }

    /// The legal decisions of the full state a reply token stands for (legs of one turn
    /// joined by commas), or why it is illegal, and the view handed back if the token ends
    /// inside a blind decision. A seat that decided on its view (`deciding_view`) had its
    /// decisions read on that view and carried out by the rules' referee, as the web page
    /// and the terminal do: a blind decision names no hidden thing. The game is not changed.
    fn legal_legs(
        &self,
        token: &str,
        deciding_view: Option<Color>,
    ) -> Result<(Vec<amity_engine::Move>, Option<Position<R>>), String> {
        let mut trial = self.game.clone();
        let mut legs = Vec::new();
        let mut awaiting = self.awaiting.clone();
        let mover = trial.position().turn();
        for (number, leg) in token.split(',').enumerate() {
            if number > 0
                && awaiting.is_none()
                && (trial.position().turn() != mover || !trial.chance_outcomes().is_empty())
            {
                return Err("the turn was already over".into());
            }
            let rules = trial.rules().clone();
            if trial.is_finished_by_rules() {
                return Err("the game is over".into());
            }
            let refereed = match deciding_view {
                Some(seat) => {
                    let handed_back = awaiting.take();
                    let choosing = handed_back.is_some();
                    let view = handed_back.unwrap_or_else(|| rules.view(trial.position(), seat));
                    match amity_engine::game::parse_move(&rules, &view, leg) {
                        Ok(decision) => rules.referee(trial.position(), &view, decision),
                        Err(error) if choosing => return Err(error.to_string()),
                        // A token that says more than the view can read (a typed clue word)
                        // is read on the full state below.
                        Err(_) => None,
                    }
                }
                None => None,
            };
            let mv = match refereed {
                Some(Refereed::Choose(next)) => {
                    awaiting = Some(next);
                    continue;
                }
                Some(Refereed::Decision(mv)) => {
                    let mut legal = MoveList::new();
                    rules.generate(trial.position(), &mut legal);
                    if !legal.contains(mv) {
                        return Err(format!("'{leg}' has no counterpart in the game"));
                    }
                    mv
                }
                // Engines must speak coordinates; SAN is not accepted from them.
                None => amity_engine::game::parse_move(&rules, trial.position(), leg)
                    .map_err(|e| e.to_string())?,
            };
            trial.play_unchecked(mv);
            legs.push(mv);
        }
        Ok((legs, awaiting))
    }

    /// Publishes the game to the live view, if the match keeps one. A game that hides
    /// information is published without its board: a spectator is no seat.
    fn publish(&self, result: Option<String>) {
        let Some(live) = &self.setup.live else {
            return;
        };
        let rules = self.game.rules();
        let board =
            (!rules.hides_information()).then(|| live::board_json(rules, self.game.position()));
        let clock = |clock: &GameClock| {
            matches!(clock.control, TimeControl::Clock { .. })
                .then(|| clock.remaining.as_secs_f64())
        };
        let shown = self.record.moves.len().saturating_sub(LIVE_MOVES);
        live.update_game(LiveGame {
            number: self.setup.number,
            white: self.setup.white.name.clone(),
            black: self.setup.black.name.clone(),
            variant: rules.name().to_string(),
            board,
            moves: self.record.moves[shown..]
                .iter()
                .map(|mv| mv.text.clone())
                .collect(),
            clocks: [clock(&self.clocks[0]), clock(&self.clocks[1])],
            white_to_move: self.game.position().turn() == Color::White,
            scores: self.chart.clone(),
            result,
        });
    }

    fn adjudicate(&self, mover: Color) -> Option<Ending> {
        let side = color_index(mover);
        let adjudication = self.setup.adjudication;
        let recent = |scores: &Vec<i32>, count: u32| -> Option<Vec<i32>> {
            let count = count as usize;
            (count > 0 && scores.len() >= count).then(|| scores[scores.len() - count..].to_vec())
        };
        if let Some(rule) = adjudication.resign
            && let Some(own) = recent(&self.scores[side], rule.moves)
        {
            let other = recent(&self.scores[1 - side], rule.moves);
            let agreed = other.is_none_or(|other| other.iter().all(|s| *s >= rule.score));
            if own.iter().all(|s| *s <= -rule.score) && agreed {
                return Some(Ending::loss(
                    mover,
                    Termination::Adjudication,
                    format!("{} resigns (adjudication)", side_name(mover)),
                ));
            }
        }
        if let Some(rule) = adjudication.draw
            && self.game.position().fullmoves() > rule.after
            && let (Some(own), Some(other)) = (
                recent(&self.scores[side], rule.moves),
                recent(&self.scores[1 - side], rule.moves),
            )
            && own.iter().chain(&other).all(|s| s.abs() <= rule.score)
        {
            return Some(Ending {
                white_points: 0.5,
                termination: Termination::Adjudication,
                reason: "Draw by adjudication: scores near zero".into(),
            });
        }
        None
    }
}

/// Moves of a game the live view shows (the latest).
const LIVE_MOVES: usize = 16;

fn seconds(duration: Duration) -> String {
    format!("{:.3}s", duration.as_secs_f64())
}
