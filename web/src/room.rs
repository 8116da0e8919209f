//! One game at the web table: the full state (which never leaves this module except as a
//! seat's view), who sits at each seat, the public record of finished turns, and the JSON
//! message each seat is sent, derived from that seat's view alone.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use amity_engine::rules::Refereed;
use amity_engine::search::{Limits, Score, Searcher, Strength, strength};
use amity_engine::{
    Color, Game, Move, MoveFlag, MoveList, Notation, Position, Presentation, Rules, RulesExt, Seen,
    Solver, SolverMemory,
};

use crate::color_name;
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

/// Who a browser is: one per open socket.
pub type ClientId = u64;

/// Deepest search a page may ask Amity for: deeper answers take longer than a page waits.
pub const MAX_DEPTH: u32 = 8;

/// How strongly Amity plays in a room: at an Elo level (what the page offers, as the UCI
/// option `UCI_Elo`: a node budget and a seeded share of lesser moves), or to a fixed depth
/// (for measuring: the page's `?depth=N`, the tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Depth(u32),
    Elo(u32),
}

impl Level {
    /// A search to `depth`, refused outside 1 to [`MAX_DEPTH`].
    ///
    /// # Errors
    /// [`ServeError::BadDepth`] for a depth out of range.
    pub fn depth(depth: u64) -> Result<Level, ServeError> {
        u32::try_from(depth)
            .ok()
            .filter(|depth| (1..=MAX_DEPTH).contains(depth))
            .map(Level::Depth)
            .ok_or(ServeError::BadDepth(depth, MAX_DEPTH))
    }

    /// Play at `elo`, refused outside the range `UCI_Elo` has.
    ///
    /// # Errors
    /// [`ServeError::BadElo`] for a level out of range.
    pub fn elo(elo: u64) -> Result<Level, ServeError> {
        u32::try_from(elo)
            .ok()
            .filter(|elo| (strength::MIN_ELO..=strength::MAX_ELO).contains(elo))
            .map(Level::Elo)
            .ok_or(ServeError::BadElo(elo))
    }

    /// The depth a search at this level is like, for what is given a depth (a partner's
    /// decision, the table's size): an Elo level from 2 at the weakest to [`MAX_DEPTH`] at
    /// the strongest.
    pub fn search_depth(self) -> u32 {
        match self {
            Level::Depth(depth) => depth,
            Level::Elo(elo) => (2 + elo.saturating_sub(strength::MIN_ELO) / 300).min(MAX_DEPTH),
        }
    }

    /// The limits of a search at this level, seeded by `seed`, within [`SEARCH_TIME_CAP`].
    fn limits(self, seed: u64) -> Limits {
        let capped = Limits {
            movetime: Some(SEARCH_TIME_CAP),
            ..Limits::default()
        };
        match self {
            Level::Depth(depth) => Limits {
                depth: Some(depth.max(1)),
                ..capped
            },
            Level::Elo(elo) => Limits {
                strength: Some(Strength::new(elo, seed)),
                ..capped
            },
        }
    }
}

/// The longest any one search for the page may take (Amity's decision or a hint): it then
/// answers with the best it has found. The page shows it.
pub const SEARCH_TIME_CAP: Duration = Duration::from_secs(20);

/// How long a puzzle's solver may think for a hint or a move (an open deal is usually solved
/// long before; a hard one answers with the best line found).
const SOLVER_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// How long a seat whose browser went away (a reload, a dropped connection) is kept for the
/// key that took it before anyone else may take it.
pub const SEAT_GRACE: Duration = Duration::from_secs(120);

/// A person's hold on a seat: the browser sitting there, if connected, and the secret key
/// that browser was handed, which alone takes the seat back while it is kept.
#[derive(Clone, Debug)]
struct Holder {
    client: Option<ClientId>,
    key: String,
    /// When the browser went away: the seat is kept for [`SEAT_GRACE`] after.
    away_since: Option<Instant>,
}

/// A seat taken: the key that takes it back, and the browser it was taken from (a tab left
/// open when the same browser came back with the key in another).
pub struct Sat {
    pub key: String,
    pub displaced: Option<ClientId>,
}

/// A fresh secret key for a seat: 128 random bits from the thread's cryptographic generator.
fn seat_key() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at a browser (any browser may take the seat while nobody holds it).
    Person,
    /// Amity, searching from the seat's view.
    Amity,
}

impl Player {
    /// Reads `person` or `amity`.
    pub fn parse(text: &str) -> Option<Player> {
        match text {
            "person" | "human" => Some(Player::Person),
            "amity" => Some(Player::Amity),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Player::Person => "person",
            Player::Amity => "amity",
        }
    }
}

/// Why a browser's request was refused. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServeError {
    /// The message is not JSON, or lacks a field it needs.
    Malformed(String),
    UnknownVariant(String),
    UnknownRoom(u64),
    /// The seat number does not exist in this game.
    NoSuchSeat(usize),
    /// Someone else (or Amity) holds the seat.
    SeatTaken(String),
    /// The seat's browser went away and the seat is kept for its key a while.
    SeatKept(String),
    /// The browser already holds another seat (named) of this game, which was not opened
    /// for one person to play several seats.
    OneSeat(String),
    /// The players list does not fit the game's seats.
    BadPlayers(String),
    /// The browser holds no seat in a game.
    NotSeated,
    /// Another seat (named) owes the next decision.
    OutOfTurn(String),
    GameOver(String),
    /// The decision is not one this seat may make now.
    Illegal(String),
    /// Every place for a game is taken by a game someone sits at.
    Full(usize),
    /// A `cancel` while no search runs for the browser.
    NothingToCancel,
    /// A depth Amity does not search to (asked, most allowed).
    BadDepth(u64, u32),
    /// An Elo level Amity does not play at.
    BadElo(u64),
    /// A request longer than a request can be (its length, the most allowed).
    TooLong(usize, usize),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::Malformed(why) => write!(f, "malformed request: {why}"),
            ServeError::UnknownVariant(name) => write!(f, "unknown game '{name}'"),
            ServeError::UnknownRoom(room) => write!(f, "no game number {room}"),
            ServeError::NoSuchSeat(seat) => write!(f, "this game has no seat {seat}"),
            ServeError::SeatTaken(seat) => write!(f, "seat {seat} is already taken"),
            ServeError::SeatKept(seat) => write!(
                f,
                "seat {seat} is kept for its player, who went away less than {} s ago",
                SEAT_GRACE.as_secs()
            ),
            ServeError::OneSeat(seat) => write!(
                f,
                "you already play {seat} in this game; one browser plays one seat"
            ),
            ServeError::BadPlayers(why) => write!(f, "bad players: {why}"),
            ServeError::NotSeated => write!(f, "take a seat in a game first"),
            ServeError::OutOfTurn(seat) => write!(f, "not your turn: {seat} decides now"),
            ServeError::GameOver(result) => write!(f, "the game is over ({result})"),
            ServeError::Illegal(why) => write!(f, "refused: {why}"),
            ServeError::BadDepth(depth, most) => {
                write!(f, "Amity searches to a depth of 1 to {most}, not {depth}")
            }
            ServeError::BadElo(elo) => write!(
                f,
                "Amity plays at {} to {} Elo, not {elo}",
                strength::MIN_ELO,
                strength::MAX_ELO
            ),
            ServeError::TooLong(length, most) => {
                write!(f, "a request of {length} bytes is longer than {most}")
            }
            ServeError::NothingToCancel => {
                write!(f, "nothing is being searched for you to cancel")
            }
            ServeError::Full(games) => {
                write!(
                    f,
                    "the server already holds {games} games in play; try later"
                )
            }
        }
    }
}

impl std::error::Error for ServeError {}

/// A request for Amity's decision at one seat, taken out of the room so the search runs
/// without holding it; [`Room::apply_amity`] plays the answer if nothing moved meanwhile.
pub struct AmityJob {
    pub room: u64,
    /// The room's move counter when the job was made.
    version: u64,
    /// The game, whose full state only the search's own determinization may use: Amity is
    /// given the seat's view, like any player.
    game: AnyGame,
    seat: usize,
    /// The seat's view when it differs from the full state's (a decision waiting for its
    /// second half), as FEN.
    awaiting: Option<String>,
    level: Level,
    /// Seeds the choices of a search at an Elo level.
    seed: u64,
    /// Set to stop the search early (a person cancels it): it answers with what it has.
    stop: Arc<AtomicBool>,
    /// The room's solver memory, whichever worker searches the job.
    solver: Arc<SolverMemory>,
}

impl AmityAnswer {
    /// The answer as a hint for a person: the decision Amity would make, and its score.
    pub fn hint_text(&self) -> String {
        let hint = json!({
            "type": "hint",
            "token": self.token,
            "score": self.score,
            "cancelled": self.cancelled,
        });
        hint.to_string()
    }
}

/// Amity's answer to an [`AmityJob`].
pub struct AmityAnswer {
    pub room: u64,
    version: u64,
    token: Option<String>,
    /// The score from White's point of view (see [`score_json`]).
    score: Option<Value>,
    /// How long Amity thought (microseconds).
    thought: u64,
    /// Whether the search was stopped by a person before it finished.
    pub cancelled: bool,
}

/// A score for the side to move as the page reads it, from White's point of view (`sign`
/// is -1 when Black is to move): `{"cp": 35}`, or `{"mate": 5}` when White mates in five
/// moves (`-5`: Black does). The page turns it to its own seat's side and writes a mate as
/// `#5`, never as a number of centipawns no evaluation reaches.
fn score_json(score: Score, sign: i32) -> Value {
    match score {
        Score::Centipawns(cp) => json!({ "cp": sign * cp }),
        Score::Mate(moves) => json!({ "mate": sign * moves }),
    }
}

impl AmityJob {
    /// How deep the job searches (the room's depth, or the depth its Elo level is like).
    pub fn depth(&self) -> u32 {
        self.level.search_depth()
    }

    /// The flag that stops this job's search early.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches the seat's view at the job's level, for at most [`SEARCH_TIME_CAP`] and until
    /// its stop flag is set: the decision and its score.
    pub fn think(self, searcher: &mut Searcher) -> AmityAnswer {
        let started = std::time::Instant::now();
        let stop = &*self.stop;
        let (token, score) = with_game!(&self.game, game => {
            let rules = game.rules();
            let side = rules.seats()[self.seat].side;
            let view = seat_view(rules, game.position(), side, self.awaiting.as_deref());
            let view_fen = view.to_fen(rules);
            // A one-player puzzle answers with its own solver from the seat's view, within a
            // time a person waits for a hint.
            let solved = rules.solve(
                &view,
                amity_engine::puzzle::SolveLimits {
                    deadline: Some(started + SOLVER_TIME.min(SEARCH_TIME_CAP)),
                    nodes: None,
                    depth: None,
                    stop,
                    memory: &self.solver,
                },
            );
            let partner = amity_variants::partner_decision(
                &self.game,
                &view_fen,
                self.seat,
                self.level.search_depth(),
            );
            match (solved, partner) {
                (Some(solution), _) => (
                    solution.line.first().map(|mv| rules.format_move(*mv)),
                    None,
                ),
                (None, Some(token)) => (token, None),
                (None, None) => {
                    let limits = self.level.limits(self.seed);
                    let mut last = None;
                    let result = if rules.hides_information() || self.awaiting.is_some() {
                        searcher.search(rules, &view, &[view.hash()], &limits, stop, &mut |r| {
                            last = Some(r.score)
                        })
                    } else {
                        searcher.search_game(game, &limits, stop, &mut |r| last = Some(r.score))
                    };
                    let token = (!result.best.is_null()).then(|| rules.format_move(result.best));
                    let sign = if view.turn() == Color::White { 1 } else { -1 };
                    (token, last.map(|score| score_json(score, sign)))
                }
            }
        });
        AmityAnswer {
            room: self.room,
            version: self.version,
            token,
            score,
            thought: started.elapsed().as_micros() as u64,
            cancelled: self.stop.load(Ordering::Relaxed),
        }
    }
}

/// One game and its seats.
pub struct Room {
    pub id: u64,
    game: AnyGame,
    players: Vec<Player>,
    /// Who holds each seat (always `None` at Amity's).
    holders: Vec<Option<Holder>>,
    /// Whether one browser may hold several seats: a game opened for one person to play
    /// every person's seat at one screen.
    hotseat: bool,
    level: Level,
    /// Seeds the choices of Amity's searches at an Elo level.
    seed: u64,
    rng: StdRng,
    /// Finished turns as the rules announce them ("white: e2e4"), one record per seat: a
    /// decision may be told to one seat and kept from another (a clue word from its mover).
    records: Vec<Vec<String>>,
    /// Announcements of the turn under way, per seat, told when it ends.
    pending: Vec<Vec<String>>,
    /// The side whose turn `pending` belongs to.
    pending_side: Option<Color>,
    /// Amity's scores (White's point of view, see [`score_json`]) by decision number, for
    /// the chart.
    scores: Vec<(usize, Value)>,
    /// Counts every change, so an answer to an old job is not played.
    version: u64,
    /// The last thing that happened, for every seat (a refused Amity answer, a seat left).
    pub notice: Option<String>,
    /// How long Amity thought over its last decision here (microseconds): what of a
    /// reply's time is the search's.
    thought: Option<u64>,
    /// The deciding seat's view (as FEN) after a decision the referee has half carried out:
    /// it turned over something hidden and waits for the same seat's further choice. The
    /// full state does not change until that choice is made.
    awaiting: Option<String>,
    /// What a solitaire's solver keeps from one of this game's decisions to the next (the
    /// plan under way): the room's own, lent to each of its jobs, whichever worker takes it.
    solver: Arc<SolverMemory>,
    /// The last throw of chance, in a game that hides nothing (the page draws it as dice).
    last_throw: Option<String>,
}

impl Room {
    /// A new game of `variant` (a fresh deal where the game has one) with `players` in the
    /// game's seat order.
    ///
    /// # Errors
    /// An unknown variant, players that do not fit its seats, or a depth outside 1 to
    /// [`MAX_DEPTH`].
    pub fn new(
        id: u64,
        variant: &str,
        players: &[Player],
        depth: u64,
        seed: u64,
    ) -> Result<Room, ServeError> {
        Room::at_level(
            id,
            variant,
            players,
            Level::depth(depth)?,
            seed,
            &VariantOptions::default(),
        )
    }

    /// A new game as [`Room::new`] makes, Amity playing at `level`.
    ///
    /// # Errors
    /// An unknown variant or players that do not fit its seats.
    pub fn at_level(
        id: u64,
        variant: &str,
        players: &[Player],
        level: Level,
        seed: u64,
        options: &VariantOptions,
    ) -> Result<Room, ServeError> {
        let template = amity_variants::new_game_with(variant, options)
            .ok_or_else(|| ServeError::UnknownVariant(variant.to_string()))?;
        let mut rng = StdRng::seed_from_u64(seed);
        let game = with_game!(template, start => {
            let rules = start.rules().clone();
            if players.len() != rules.seats().len() {
                return Err(ServeError::BadPlayers(format!(
                    "{} has {} seats, {} players given",
                    rules.name(),
                    rules.seats().len(),
                    players.len()
                )));
            }
            let game = match rules.deal(&mut rng) {
                Some(deal) => Game::from_fen(rules.clone(), &deal.to_fen(&rules)).unwrap_or(start),
                None => start,
            };
            amity_variants::wrap(game)
        });
        let mut room = Room {
            id,
            game,
            players: players.to_vec(),
            holders: vec![None; players.len()],
            hotseat: false,
            level,
            seed,
            rng,
            records: vec![Vec::new(); players.len()],
            pending: vec![Vec::new(); players.len()],
            pending_side: None,
            scores: Vec::new(),
            version: 0,
            notice: None,
            thought: None,
            awaiting: None,
            last_throw: None,
            solver: Arc::default(),
        };
        room.let_chance_act();
        Ok(room)
    }

    pub fn variant(&self) -> &'static str {
        amity_variants::name_of(&self.game)
    }

    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// Opens the game for one person to play several seats from one browser.
    pub fn allow_hotseat(&mut self) {
        self.hotseat = true;
    }

    /// The seats a person plays here (Amity's are not among them).
    pub fn person_seats(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|seat| self.players[*seat] == Player::Person)
            .collect()
    }

    /// The seats `client` holds here.
    pub fn seats_of(&self, client: ClientId) -> Vec<usize> {
        (0..self.holders.len())
            .filter(|seat| self.client_at(*seat) == Some(client))
            .collect()
    }

    fn client_at(&self, seat: usize) -> Option<ClientId> {
        self.holders[seat].as_ref().and_then(|holder| holder.client)
    }

    /// The clients seated here, with their seat.
    pub fn seated(&self) -> Vec<(ClientId, usize)> {
        (0..self.holders.len())
            .filter_map(|seat| self.client_at(seat).map(|client| (client, seat)))
            .collect()
    }

    /// Whether no seat is held, not even kept for a browser that went away.
    pub fn is_abandoned(&self) -> bool {
        self.holders.iter().all(Option::is_none)
    }

    /// Whether the game waits for a person: it goes on, someone holds a seat, and a
    /// person's seat is free to take.
    pub fn waits_for_person(&self) -> bool {
        self.seat_to_decide().is_some()
            && !self.is_abandoned()
            && self
                .person_seats()
                .into_iter()
                .any(|seat| self.holders[seat].is_none())
    }

    /// Seats a person's browser. A free seat is taken with a fresh key; a held seat only with
    /// its key, which takes it from any browser still sitting there.
    ///
    /// # Errors
    /// No such seat, the seat is Amity's or held by another browser (or kept for one that
    /// went away), or the browser plays another seat of a game that is not a hot seat.
    pub fn sit(
        &mut self,
        client: ClientId,
        seat: usize,
        key: Option<&str>,
    ) -> Result<Sat, ServeError> {
        let name = self.seat_name(seat).ok_or(ServeError::NoSuchSeat(seat))?;
        if self.players[seat] != Player::Person {
            return Err(ServeError::SeatTaken(format!("{name} (Amity's)")));
        }
        // Refused for what the seat is first; then for what the browser already holds.
        match &self.holders[seat] {
            Some(holder) if key == Some(holder.key.as_str()) || holder.client == Some(client) => {}
            Some(holder) if holder.client.is_some() => return Err(ServeError::SeatTaken(name)),
            Some(_) => return Err(ServeError::SeatKept(name)),
            None => {}
        }
        if !self.hotseat
            && let Some(other) = self.seats_of(client).into_iter().find(|s| *s != seat)
        {
            return Err(ServeError::OneSeat(
                self.seat_name(other).unwrap_or_default(),
            ));
        }
        match &mut self.holders[seat] {
            Some(holder) => {
                let displaced = holder.client.filter(|other| *other != client);
                holder.client = Some(client);
                holder.away_since = None;
                Ok(Sat {
                    key: holder.key.clone(),
                    displaced,
                })
            }
            None => {
                let key = seat_key();
                self.holders[seat] = Some(Holder {
                    client: Some(client),
                    key: key.clone(),
                    away_since: None,
                });
                Ok(Sat {
                    key,
                    displaced: None,
                })
            }
        }
    }

    /// Frees every seat of `client` now (it left for another game); true if it held one.
    pub fn leave(&mut self, client: ClientId) -> bool {
        let mine = self.seats_of(client);
        for seat in &mine {
            self.holders[*seat] = None;
            let name = self.seat_name(*seat).unwrap_or_default();
            self.notice = Some(format!("{name} left; the seat is free to take"));
        }
        !mine.is_empty()
    }

    /// `client` went away at `now` (a reload, a dropped connection): its seats are kept for
    /// their key for [`SEAT_GRACE`]. True if it held one.
    pub fn step_away(&mut self, client: ClientId, now: Instant) -> bool {
        let mine = self.seats_of(client);
        for seat in &mine {
            if let Some(holder) = &mut self.holders[*seat] {
                holder.client = None;
                holder.away_since = Some(now);
            }
            let name = self.seat_name(*seat).unwrap_or_default();
            self.notice = Some(format!(
                "{name} went away; the seat is kept for {} s",
                SEAT_GRACE.as_secs()
            ));
        }
        !mine.is_empty()
    }

    /// Frees the seats kept longer than [`SEAT_GRACE`] by `now`; true if any was.
    pub fn free_lapsed(&mut self, now: Instant) -> bool {
        let mut freed = false;
        for seat in 0..self.holders.len() {
            let lapsed = self.holders[seat]
                .as_ref()
                .and_then(|holder| holder.away_since)
                .is_some_and(|since| now.saturating_duration_since(since) >= SEAT_GRACE);
            if lapsed {
                self.holders[seat] = None;
                let name = self.seat_name(seat).unwrap_or_default();
                self.notice = Some(format!(
                    "{name} did not come back; the seat is free to take"
                ));
                freed = true;
            }
        }
        freed
    }

    fn seat_name(&self, seat: usize) -> Option<String> {
        with_game!(&self.game, g => g.rules().seats().get(seat).map(|s| s.name.to_string()))
    }

    /// The seat owing the next decision, if the game goes on.
    pub fn seat_to_decide(&self) -> Option<usize> {
        with_game!(&self.game, g => {
            if g.outcome().is_some() {
                None
            } else {
                g.rules().seat_to_decide(g.position())
            }
        })
    }

    /// Plays `token` (one decision, or a turn's decisions joined by `,`) for `client`.
    /// Every decision must be owed by a seat the client holds and be legal in that seat's
    /// view; if any is refused, the game is left as it was.
    ///
    /// # Errors
    /// Why the decision was refused.
    pub fn play(&mut self, client: ClientId, token: &str) -> Result<(), ServeError> {
        let mine = self.seats_of(client);
        if mine.is_empty() {
            return Err(ServeError::NotSeated);
        }
        let token = token.trim();
        if token.is_empty() || token.len() > 200 {
            return Err(ServeError::Malformed(
                "a decision token of 1 to 200 characters".into(),
            ));
        }
        let saved = (
            self.game.clone(),
            self.records.clone(),
            self.pending.clone(),
            self.pending_side,
            self.rng.clone(),
            self.awaiting.clone(),
        );
        for leg in token.split(',') {
            if let Err(error) = self.play_one(&mine, leg.trim()) {
                (
                    self.game,
                    self.records,
                    self.pending,
                    self.pending_side,
                    self.rng,
                    self.awaiting,
                ) = saved;
                return Err(error);
            }
        }
        self.version += 1;
        self.notice = None;
        Ok(())
    }

    fn play_one(&mut self, mine: &[usize], leg: &str) -> Result<(), ServeError> {
        let seat = with_game!(&self.game, game => {
            if let Some(outcome) = game.outcome() {
                return Err(ServeError::GameOver(outcome.result().to_string()));
            }
            let rules = game.rules();
            let Some(seat) = rules.seat_to_decide(game.position()) else {
                return Err(ServeError::Illegal("no seat decides now".into()));
            };
            if !mine.contains(&seat) {
                return Err(ServeError::OutOfTurn(rules.seats()[seat].name.to_string()));
            }
            seat
        });
        self.decide(seat, leg)
    }

    /// Plays `leg`, a decision of `seat` (the seat that owes one), as the referee carries it
    /// out on the full state.
    fn decide(&mut self, seat: usize, leg: &str) -> Result<(), ServeError> {
        // Free words said with a decision follow its token after a space (`word:end
        // conclusion`): checked here, then told to every seat with the decision.
        let typed = leg;
        let (leg, speech) = match leg.split_once(char::is_whitespace) {
            Some((token, said)) => (token, Some(speech_of(said)?)),
            None => (leg, None),
        };
        let awaiting = self.awaiting.as_deref();
        let done = with_game!(&mut self.game, game => {
            let rules = game.rules().clone();
            // Legal in the seat's own view first, so a refusal never tells the seat more
            // than its view does; then the referee carries it out on the full state.
            let view = seat_view(&rules, game.position(), rules.seats()[seat].side, awaiting);
            let mut owed = MoveList::new();
            rules.generate(&view, &mut owed);
            // A token that says more than its decision (a typed clue word) stands for the
            // decision it names, if that is one the seat may make.
            let decision = owed
                .iter()
                .copied()
                .find(|mv| rules.format_move(*mv) == leg)
                .or_else(|| rules.parse_written(&view, leg).filter(|mv| owed.contains(*mv)));
            let Some(decision) = decision else {
                return Err(ServeError::Illegal(format!(
                    "'{typed}' is not a decision {} may make now",
                    rules.seats()[seat].name
                )));
            };
            if speech.is_some() && !rules.takes_speech(&view, decision) {
                return Err(ServeError::Illegal(format!(
                    "'{leg}' is made without words: send the decision alone"
                )));
            }
            let before = game.position().clone();
            let refereed = match rules.referee(&before, &view, decision) {
                None => Refereed::Decision(
                    amity_engine::game::parse_move(&rules, &before, leg)
                        .map_err(|error| ServeError::Illegal(error.to_string()))?,
                ),
                Some(refereed) => refereed,
            };
            match refereed {
                Refereed::Choose(next) => Done::Awaiting(next.to_fen(&rules)),
                Refereed::Decision(mv) => {
                    let mut legal = MoveList::new();
                    rules.generate(&before, &mut legal);
                    if !legal.contains(mv) {
                        return Err(ServeError::Illegal(format!(
                            "'{leg}' has no counterpart in the game"
                        )));
                    }
                    let mut told = told_to_seats(&rules, &before, mv);
                    // The full state keeps what the token says beyond its decision, and the
                    // seat that wrote it reads it in its own record as written (its clue
                    // word, not the letter pair the others may be told).
                    if rules.parse_written(&before, leg) == Some(mv) {
                        game.play_token(leg)
                            .map_err(|error| ServeError::Illegal(error.to_string()))?;
                        told[seat] = leg.to_string();
                    } else {
                        game.play_unchecked(mv);
                    }
                    Done::Played(in_words(&rules, &before, game.position(), told, speech))
                }
            }
        });
        match done {
            Done::Awaiting(view) => self.awaiting = Some(view),
            Done::Played(announced) => {
                self.awaiting = None;
                self.note_decision(seat, &announced);
                self.let_chance_act();
            }
        }
        Ok(())
    }

    /// Adds a decision's announcement to each seat to the turn under way, and ends the turn
    /// in the records once the side whose turn it is changes.
    fn note_decision(&mut self, seat: usize, announced: &[String]) {
        let (name, side) = with_game!(&self.game, g => {
            let seat = g.rules().seats()[seat];
            (seat.name, seat.side)
        });
        if self.pending_side.is_some_and(|pending| pending != side) {
            self.close_turn();
        }
        self.pending_side = Some(side);
        for (pending, told) in self.pending.iter_mut().zip(announced) {
            pending.push(format!("{name}: {told}"));
        }
        self.close_turn_if_over();
    }

    fn close_turn_if_over(&mut self) {
        let (turn_side, over, alone) = with_game!(&self.game, g => {
            (
                g.rules().fen_turn(g.position()),
                g.outcome().is_some(),
                g.rules().seats().len() == 1,
            )
        });
        // A player alone at the table never hands the turn on: each decision is its line.
        if over || alone || self.pending_side.is_some_and(|side| side != turn_side) {
            self.close_turn();
        }
    }

    fn close_turn(&mut self) {
        for (record, pending) in self.records.iter_mut().zip(&mut self.pending) {
            if !pending.is_empty() {
                record.push(pending.join(", "));
                pending.clear();
            }
        }
        self.pending_side = None;
    }

    /// Adds what every seat is told alike (chance) to the turn under way.
    fn note_for_all(&mut self, told: &str) {
        for pending in &mut self.pending {
            pending.push(told.to_string());
        }
    }

    /// Draws chance (throws, shuffles) while it is due. A throw is announced only in games
    /// that hide nothing: in the others it may be the order of a hidden pile.
    fn let_chance_act(&mut self) {
        loop {
            let thrown = with_game!(&mut self.game, game => {
                if game.outcome().is_some() {
                    None
                } else {
                    game.draw_chance(&mut self.rng).map(|throw| {
                        let shown = (!game.rules().hides_information())
                            .then(|| game.rules().format_move(throw));
                        game.play_unchecked(throw);
                        shown
                    })
                }
            });
            match thrown {
                Some(Some(token)) => {
                    self.note_for_all(&format!("throw {token}"));
                    self.last_throw = Some(token);
                }
                Some(None) => self.note_for_all("chance acts"),
                None => break,
            }
        }
        self.close_turn_if_over();
    }

    /// A search for a hint to `client`: Amity's choice from the view of the client's seat
    /// that owes the next decision.
    ///
    /// # Errors
    /// The client holds no seat here, or none of its seats decides now.
    pub fn hint_job(&self, client: ClientId) -> Result<AmityJob, ServeError> {
        let mine = self.seats_of(client);
        if mine.is_empty() {
            return Err(ServeError::NotSeated);
        }
        let seat = self.seat_to_decide().ok_or_else(|| {
            ServeError::GameOver(
                with_game!(&self.game, g => g.outcome().map_or("*", |o| o.result())).to_string(),
            )
        })?;
        if !mine.contains(&seat) {
            let name = self.seat_name(seat).unwrap_or_default();
            return Err(ServeError::OutOfTurn(name));
        }
        Ok(self.job_for(seat))
    }

    /// Amity's next decision to make here, if Amity owes one.
    pub fn amity_job(&self) -> Option<AmityJob> {
        let seat = self.seat_to_decide()?;
        (self.players[seat] == Player::Amity).then(|| self.job_for(seat))
    }

    /// A search of Amity's decision for `seat` on the game as it stands.
    fn job_for(&self, seat: usize) -> AmityJob {
        AmityJob {
            room: self.id,
            version: self.version,
            game: self.game.clone(),
            seat,
            awaiting: self.awaiting.clone(),
            level: self.level,
            seed: self.seed,
            stop: Arc::default(),
            solver: Arc::clone(&self.solver),
        }
    }

    /// Plays Amity's answer, unless the game changed since the job was made. True if played.
    pub fn apply_amity(&mut self, answer: AmityAnswer) -> bool {
        if answer.version != self.version {
            return false;
        }
        let Some(seat) = self.seat_to_decide() else {
            return false;
        };
        let Some(token) = answer.token else {
            self.notice = Some("Amity found no decision to make".into());
            return false;
        };
        // Amity answers from the seat's view, so its token is one of the view's decisions and
        // goes to the referee like a person's; one the view does not list (a token that says
        // more than its decision) is read on the full state as written.
        let decided = self
            .decide(seat, &token)
            .or_else(|_| self.decide_on_full_state(seat, &token));
        match decided {
            Ok(()) => {
                // A half-made decision scores nothing yet: the score comes with the rest.
                if self.awaiting.is_none() {
                    let played = with_game!(&self.game, g => g.moves().len());
                    self.thought = Some(answer.thought);
                    if let Some(score) = answer.score {
                        self.scores.push((played, score));
                    }
                }
                self.version += 1;
                true
            }
            Err(error) => {
                self.notice = Some(format!("Amity's answer was refused: {error}"));
                false
            }
        }
    }

    /// Plays `token` for `seat` as the full state reads it.
    fn decide_on_full_state(&mut self, seat: usize, token: &str) -> Result<(), ServeError> {
        let announced = with_game!(&mut self.game, game => {
            let before = game.position().clone();
            let mv = amity_engine::game::parse_move(game.rules(), &before, token)
                .map_err(|error| ServeError::Illegal(error.to_string()))?;
            game.play_unchecked(mv);
            let told = told_to_seats(game.rules(), &before, mv);
            in_words(game.rules(), &before, game.position(), told, None)
        });
        self.awaiting = None;
        self.note_decision(seat, &announced);
        self.let_chance_act();
        Ok(())
    }

    /// The message for `seat`: everything its browser may know, derived from its view.
    pub fn message_for(&self, seat: usize) -> Value {
        with_game!(&self.game, game => self.seat_message(game, game.position(), seat))
    }

    /// The message for `seat` had the full state been `full` (a test swaps in another full
    /// state consistent with the seat's view and expects the same message).
    fn seat_message<R: Variant>(&self, game: &Game<R>, full: &Position<R>, seat: usize) -> Value {
        let rules = game.rules();
        let seats = rules.seats();
        let side = seats[seat].side;
        let to_decide = game
            .outcome()
            .is_none()
            .then(|| rules.seat_to_decide(full))
            .flatten();
        let awaiting = self.awaiting.as_deref().filter(|_| to_decide == Some(seat));
        let view = seat_view(rules, full, side, awaiting);
        let mut decisions = Vec::new();
        if to_decide == Some(seat) {
            let mut owed = MoveList::new();
            rules.generate(&view, &mut owed);
            decisions = owed
                .iter()
                .map(|mv| decision_json(rules, &view, *mv))
                .collect();
        }
        let belief = rules.belief_grid(&view).map(|grid| {
            json!({
                "title": grid.title,
                "rows": grid.rows,
                "columns": grid.columns,
                "cells": grid.cells,
            })
        });
        let last = game.moves().last().and_then(|mv| {
            // The last decision's squares, when a move of the board (a secret one is not
            // a board move).
            matches!(
                mv.flag(),
                MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::Castle | MoveFlag::EnPassant
            )
            .then(|| json!([mv.from().to_string(), mv.to().to_string()]))
        });
        let seat_list: Vec<Value> = seats
            .iter()
            .enumerate()
            .map(|(index, info)| {
                json!({
                    "name": info.name,
                    "side": color_name(info.side),
                    "player": self.players[index].name(),
                    "taken": self.holders[index].is_some(),
                    "away": self.holders[index].as_ref().is_some_and(|h| h.client.is_none()),
                })
            })
            .collect();
        json!({
            "type": "state",
            "room": self.id,
            "variant": rules.name(),
            "seat": seat,
            "seats": seat_list,
            "board": crate::board_json(rules, &view),
            "fen": view.to_fen(rules),
            "describe": rules.describe(&view),
            "inCheck": to_decide == Some(seat) && rules.in_check(&view),
            "toDecide": to_decide,
            "decisions": decisions,
            "record": self.records[seat],
            "last": last,
            "result": game.outcome().map(|o| format!("{} {{{}}}", o.result(), o.reason())),
            // Amity's scores come from its own seat's view: in a game that hides information
            // they would tell another seat what that view holds.
            "scores": self
                .scores
                .iter()
                .filter(|_| !rules.hides_information())
                .map(|(ply, score)| json!([ply, score]))
                .collect::<Vec<_>>(),
            "belief": belief,
            "depth": self.level.search_depth(),
            "elo": match self.level {
                Level::Elo(elo) => Some(elo),
                Level::Depth(_) => None,
            },
            "searchSeconds": SEARCH_TIME_CAP.as_secs(),
            "notice": self.notice,
            // How long a search took could tell what it saw: games that hide information
            // never say.
            "amityMicros": self.thought.filter(|_| !rules.hides_information()),
            "throw": self.last_throw,
        })
    }

    /// The room as the lobby lists it: game, seats and which are free.
    pub fn summary(&self) -> Value {
        with_game!(&self.game, game => {
            let seats: Vec<Value> = game
                .rules()
                .seats()
                .iter()
                .enumerate()
                .map(|(index, info)| json!({
                    "name": info.name,
                    "player": self.players[index].name(),
                    "taken": self.holders[index].is_some(),
                }))
                .collect();
            json!({
                "room": self.id,
                "variant": game.rules().name(),
                "seats": seats,
                "over": game.outcome().is_some(),
            })
        })
    }

    /// Test access: the full state's FEN (never sent to a browser).
    pub fn full_fen(&self) -> String {
        with_game!(&self.game, g => g.position().to_fen(g.rules()))
    }

    /// Test access: the FEN of the view `seat` is shown (its view of the full state, or the
    /// view a half-made decision waits in).
    pub fn seat_view_fen(&self, seat: usize) -> String {
        with_game!(&self.game, game => {
            let rules = game.rules();
            let awaiting = self
                .awaiting
                .as_deref()
                .filter(|_| self.seat_to_decide() == Some(seat));
            seat_view(rules, game.position(), rules.seats()[seat].side, awaiting).to_fen(rules)
        })
    }

    /// Whether a decision is half made, waiting for its seat's further choice.
    pub fn is_awaiting(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Test access: the message for `seat` computed as if the full state were a fresh sample
    /// consistent with that seat's view; equal to [`Room::message_for`] when nothing hidden
    /// reaches the message.
    pub fn message_for_resampled(&self, seat: usize, seed: u64) -> Value {
        with_game!(&self.game, game => {
            let rules = game.rules();
            let view = rules.view(game.position(), rules.seats()[seat].side);
            let mut rng = StdRng::seed_from_u64(seed);
            let other = if rules.is_view(&view) {
                rules.sample_state(&view, &mut rng)
            } else {
                game.position().clone()
            };
            self.seat_message(game, &other, seat)
        })
    }
}

/// What became of a decision at the table.
enum Done {
    /// Played on the full state, announced so to each seat.
    Played(Vec<String>),
    /// Half carried out: the seat's view (FEN) waiting for its further choice.
    Awaiting(String),
}

/// How decision `mv`, made in the full state `before`, is told to each seat, in seat order.
fn told_to_seats<R: Variant>(rules: &R, before: &Position<R>, mv: Move) -> Vec<String> {
    rules
        .seats()
        .iter()
        .map(|seat| rules.announce_to(before, mv, seat.side))
        .collect()
}

/// The most a player may say with a decision, in characters.
pub const MAX_SPEECH: usize = 120;

/// Free words said with a decision, checked: one line of at most [`MAX_SPEECH`] characters.
fn speech_of(said: &str) -> Result<String, ServeError> {
    let said = said.trim();
    if said.is_empty() || said.chars().count() > MAX_SPEECH || said.chars().any(char::is_control) {
        return Err(ServeError::Malformed(format!(
            "words said with a decision: one line of 1 to {MAX_SPEECH} characters"
        )));
    }
    Ok(said.to_string())
}

/// Each seat's record line for a decision played from the full state `before` to `after`:
/// what the seat was told (`told`, in seat order), the words said with it, and the same in
/// plain words as the seat's own views before and after show it, so the words can tell a
/// seat nothing its views do not.
fn in_words<R: Variant>(
    rules: &R,
    before: &Position<R>,
    after: &Position<R>,
    told: Vec<String>,
    speech: Option<String>,
) -> Vec<String> {
    rules
        .seats()
        .iter()
        .zip(told)
        .map(|(seat, told)| {
            let mut line = told.clone();
            if let Some(said) = &speech {
                line.push_str(&format!(" \"{said}\""));
            }
            if let Some(words) = told_in_words(rules, before, after, &told, seat.side) {
                line.push_str(&format!(" ({words})"));
            }
            line
        })
        .collect()
}

/// `told` (one decision or a comma-joined run) in plain words, from `side`'s views before and
/// after it; `None` when no part of it reads better in words than as its token.
fn told_in_words<R: Variant>(
    rules: &R,
    before: &Position<R>,
    after: &Position<R>,
    told: &str,
    side: Color,
) -> Option<String> {
    let mut view = rules.view(before, side);
    let after_view = rules.view(after, side);
    let legs: Vec<&str> = told.split(',').collect();
    let mut words = Vec::with_capacity(legs.len());
    let mut any = false;
    for (index, leg) in legs.iter().enumerate() {
        let mv = amity_engine::game::parse_move(rules, &view, leg).ok()?;
        let last = index + 1 == legs.len();
        let seen = Seen {
            before: &view,
            decision: mv,
            after: last.then_some(&after_view),
        };
        match rules.in_words(&seen) {
            Some(said) => {
                any = true;
                words.push(said);
            }
            None => words.push((*leg).to_string()),
        }
        rules.play(&mut view, mv);
    }
    any.then(|| words.join(", "))
}

/// What `side` sees of `full`: its view, or the view `awaiting` (FEN) while a decision of
/// its waits for a further choice.
fn seat_view<R: Variant>(
    rules: &R,
    full: &Position<R>,
    side: Color,
    awaiting: Option<&str>,
) -> Position<R> {
    awaiting
        .and_then(|fen| Position::from_fen(rules, fen).ok())
        .unwrap_or_else(|| rules.view(full, side))
}

/// A decision as the page sees it from the seat's view `view`: its token, the same in plain
/// words where the rules have them (for its button), whether words may be said with it, and
/// the squares it names (for clicks).
fn decision_json<R: Variant>(rules: &R, view: &Position<R>, mv: Move) -> Value {
    let token = rules.format_move(mv);
    let words = rules.in_words(&Seen {
        before: view,
        decision: mv,
        after: None,
    });
    let speech = rules.takes_speech(view, mv);
    let board_move = matches!(
        mv.flag(),
        MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::Castle | MoveFlag::EnPassant
    ) && !mv.is_null();
    // A square is clickable for the decision only where its token names it: decisions
    // that carry a square for the rules' own bookkeeping are chosen by button.
    let from =
        (board_move && token.contains(&mv.from().to_string())).then(|| mv.from().to_string());
    let to = ((board_move || mv.flag() == MoveFlag::Drop) && token.contains(&mv.to().to_string()))
        .then(|| mv.to().to_string());
    json!({ "token": token, "words": words, "speech": speech, "from": from, "to": to })
}
