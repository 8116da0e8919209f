//! The message layer between browsers and rooms, without any network: it reads a browser's
//! JSON request, changes the rooms, and says which text goes to which browser. The socket
//! server feeds it; tests drive it directly.

use amity_engine::RulesExt;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use amity_engine::{Presentation, Rules};
use amity_variants::{VariantOptions, with_game};
use serde_json::{Value, json};

use crate::room::{AmityAnswer, AmityJob, ClientId, Level, Player, Room, Sat, ServeError};

/// Games kept at once: a server left running must not grow without end.
pub const MAX_ROOMS: usize = 256;

/// The depth Amity searches to when a new game names neither a level nor a depth.
const DEFAULT_DEPTH: u64 = 3;

/// The longest request a browser may send (bytes): requests are a few hundred.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024;

/// Texts to send: to which browser, what.
pub type Outbox = Vec<(ClientId, String)>;

/// What time it is, for seats kept after their browser went away: the system's clock, or a
/// test's own.
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// Every room and every connected browser.
pub struct Hub {
    rooms: BTreeMap<u64, Room>,
    /// Each browser and the room it sits in, if any.
    clients: HashMap<ClientId, Option<u64>>,
    next_room: u64,
    next_seed: u64,
    /// Rooms where a task is making Amity's decisions: one task per room at most.
    thinking: HashSet<u64>,
    /// Hints asked for and not yet searched: who asked, and the search.
    hints: Vec<(ClientId, AmityJob)>,
    /// The stop flags of searches under way, so a person can cancel them.
    searches: HashMap<Search, Arc<AtomicBool>>,
    clock: Clock,
    /// Rooms forgotten so far (the server gives memory back after some are).
    forgotten: u64,
    /// The variant options games are made with: the loaded variant file's games among them.
    options: VariantOptions,
}

/// A search under way, by what it is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Search {
    /// A hint for this browser.
    Hint(ClientId),
    /// Amity's decision in this room.
    Amity(u64),
}

impl Default for Hub {
    fn default() -> Hub {
        Hub::with_clock(Arc::new(Instant::now))
    }
}

/// An error message as sent to a browser.
pub fn error_text(message: &str) -> String {
    json!({ "type": "error", "message": message }).to_string()
}

fn error(client: ClientId, error: &ServeError) -> Outbox {
    vec![(client, error_text(&error.to_string()))]
}

fn text_field<'a>(request: &'a Value, name: &str) -> Result<&'a str, ServeError> {
    request
        .get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| ServeError::Malformed(format!("'{name}' must be a string")))
}

fn number_field(request: &Value, name: &str) -> Result<u64, ServeError> {
    request
        .get(name)
        .and_then(Value::as_u64)
        .ok_or_else(|| ServeError::Malformed(format!("'{name}' must be a number")))
}

/// Every game the page offers (the built-in ones, then the loaded variant file's): name,
/// seats (name and side), whether it hides information.
pub fn catalogue(options: &VariantOptions) -> Value {
    let games: Vec<Value> = amity_variants::NAMES
        .iter()
        .copied()
        .chain(options.file_variants())
        .filter_map(|name| amity_variants::new_game_with(name, options))
        .map(|game| {
            with_game!(&game, g => {
                let rules = g.rules();
                json!({
                    "name": rules.name(),
                    "seats": rules.seats().iter().map(|s| s.name).collect::<Vec<_>>(),
                    "hides": rules.hides_information(),
                })
            })
        })
        .collect();
    Value::Array(games)
}

impl Hub {
    pub fn new() -> Hub {
        Hub::default()
    }

    /// A hub that reads the time from `clock` (a test moves its own clock past
    /// [`crate::room::SEAT_GRACE`] instead of waiting).
    pub fn with_clock(clock: Clock) -> Hub {
        Hub {
            rooms: BTreeMap::new(),
            clients: HashMap::new(),
            next_room: 0,
            next_seed: 0,
            thinking: HashSet::new(),
            hints: Vec::new(),
            searches: HashMap::new(),
            clock,
            forgotten: 0,
            options: VariantOptions::default(),
        }
    }

    /// The hub with the games of `options`' variant file offered besides the built-in ones
    /// (`amity serve --variants FILE`).
    pub fn with_options(mut self, options: VariantOptions) -> Hub {
        self.options = options;
        self
    }

    /// A browser connected: it is told the games and the open rooms.
    pub fn connect(&mut self, client: ClientId) -> Outbox {
        let mut outbox = self.sweep();
        self.clients.insert(client, None);
        let hello = json!({
            "type": "hello",
            "client": client,
            "games": catalogue(&self.options),
            "rooms": self.lobby(),
            "searchSeconds": crate::room::SEARCH_TIME_CAP.as_secs(),
        });
        outbox.push((client, hello.to_string()));
        outbox
    }

    /// A browser went away: its seats are kept for their keys for
    /// [`crate::room::SEAT_GRACE`], then freed by [`Hub::sweep`].
    pub fn disconnect(&mut self, client: ClientId) -> Outbox {
        let now = (self.clock)();
        let room = self.clients.remove(&client).flatten();
        let Some(room) = room.and_then(|room| self.rooms.get_mut(&room)) else {
            return Vec::new();
        };
        let id = room.id;
        if room.step_away(client, now) {
            self.broadcast(id)
        } else {
            Vec::new()
        }
    }

    /// Frees the seats kept longer than [`crate::room::SEAT_GRACE`] (telling the room), and
    /// forgets the rooms where nobody holds a seat any more. The server calls it now and then
    /// as well as with every request.
    pub fn sweep(&mut self) -> Outbox {
        let now = (self.clock)();
        let mut outbox = Vec::new();
        let mut freed = Vec::new();
        for room in self.rooms.values_mut() {
            if room.free_lapsed(now) {
                freed.push(room.id);
            }
        }
        for id in freed {
            outbox.extend(self.broadcast(id));
        }
        let before = self.rooms.len();
        self.rooms.retain(|_, room| !room.is_abandoned());
        self.forgotten += (before - self.rooms.len()) as u64;
        outbox
    }

    /// How many rooms have been forgotten since the hub was made.
    pub fn forgotten_rooms(&self) -> u64 {
        self.forgotten
    }

    /// Makes room for one more game: forgets the oldest game nobody sits at when there are
    /// [`MAX_ROOMS`].
    fn make_room(&mut self) -> Result<(), ServeError> {
        if self.rooms.len() < MAX_ROOMS {
            return Ok(());
        }
        let abandoned = self
            .rooms
            .values()
            .find(|room| room.seated().is_empty())
            .map(|room| room.id)
            .ok_or(ServeError::Full(MAX_ROOMS))?;
        self.rooms.remove(&abandoned);
        Ok(())
    }

    /// The rooms that wait for a person to take a seat.
    fn lobby(&self) -> Vec<Value> {
        self.rooms
            .values()
            .filter(|room| room.waits_for_person())
            .map(Room::summary)
            .collect()
    }

    /// The room with this number (tests look inside).
    pub fn room(&self, id: u64) -> Option<&Room> {
        self.rooms.get(&id)
    }

    /// Handles one text from `client`. A refused request changes nothing and is answered
    /// with an error message to that client alone.
    pub fn handle(&mut self, client: ClientId, text: &str) -> Outbox {
        let mut outbox = self.sweep();
        match self.try_handle(client, text) {
            Ok(answer) => outbox.extend(answer),
            Err(refused) => outbox.extend(error(client, &refused)),
        }
        outbox
    }

    fn try_handle(&mut self, client: ClientId, text: &str) -> Result<Outbox, ServeError> {
        if text.len() > MAX_REQUEST_BYTES {
            return Err(ServeError::TooLong(text.len(), MAX_REQUEST_BYTES));
        }
        let request: Value = serde_json::from_str(text)
            .map_err(|error| ServeError::Malformed(format!("not JSON: {error}")))?;
        match text_field(&request, "op")? {
            "new" => self.create(client, &request),
            "join" => {
                let room = number_field(&request, "room")?;
                let seat = number_field(&request, "seat")? as usize;
                let key = request.get("key").and_then(Value::as_str);
                self.join(client, room, seat, key)
            }
            "play" => {
                let token = text_field(&request, "token")?;
                let room = self.room_of(client)?;
                let room = self
                    .rooms
                    .get_mut(&room)
                    .ok_or(ServeError::UnknownRoom(room))?;
                room.play(client, token)?;
                let id = room.id;
                Ok(self.broadcast(id))
            }
            "hint" => {
                let room = self.room_of(client)?;
                let room = self.rooms.get(&room).ok_or(ServeError::UnknownRoom(room))?;
                let job = room.hint_job(client)?;
                // A new hint replaces the one still searched for this browser.
                if let Some(earlier) = self.searches.insert(Search::Hint(client), job.stop_flag()) {
                    earlier.store(true, Ordering::Relaxed);
                }
                self.hints.push((client, job));
                Ok(Vec::new())
            }
            "cancel" => self.cancel(client),
            "lobby" => Ok(vec![(
                client,
                json!({ "type": "lobby", "rooms": self.lobby() }).to_string(),
            )]),
            other => Err(ServeError::Malformed(format!("unknown op '{other}'"))),
        }
    }

    /// Stops the searches a browser waits for: its hint (answered as cancelled) and Amity's
    /// decision in its game (Amity plays the best it has found).
    fn cancel(&mut self, client: ClientId) -> Result<Outbox, ServeError> {
        let mut stopped = false;
        let amity = self.room_of_client(client).map(Search::Amity);
        for search in [Some(Search::Hint(client)), amity].into_iter().flatten() {
            if let Some(stop) = self.searches.get(&search) {
                stop.store(true, Ordering::Relaxed);
                stopped = true;
            }
        }
        if stopped {
            Ok(Vec::new())
        } else {
            Err(ServeError::NothingToCancel)
        }
    }

    /// A hint's search for `client` ended (answered or failed): true if it is still the
    /// hint the browser waits for, whose stop flag is then dropped; false if a newer hint took
    /// its place (its answer is of no use).
    pub fn hint_done(&mut self, client: ClientId, stop: &Arc<AtomicBool>) -> bool {
        let current = self
            .searches
            .get(&Search::Hint(client))
            .is_some_and(|current| Arc::ptr_eq(current, stop));
        if current {
            self.searches.remove(&Search::Hint(client));
        }
        current
    }

    fn room_of(&self, client: ClientId) -> Result<u64, ServeError> {
        self.clients
            .get(&client)
            .copied()
            .flatten()
            .ok_or(ServeError::NotSeated)
    }

    fn create(&mut self, client: ClientId, request: &Value) -> Result<Outbox, ServeError> {
        let variant = text_field(request, "variant")?;
        let players: Vec<Player> = request
            .get("players")
            .and_then(Value::as_array)
            .ok_or_else(|| ServeError::Malformed("'players' must be a list".into()))?
            .iter()
            .map(|player| {
                player
                    .as_str()
                    .and_then(Player::parse)
                    .ok_or_else(|| ServeError::BadPlayers(format!("{player} (person or amity)")))
            })
            .collect::<Result<_, _>>()?;
        let seat = number_field(request, "seat")? as usize;
        let hotseat = request
            .get("hotseat")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        // An Elo level (what the page offers) or, for measuring, a depth.
        let level = match (request.get("elo"), request.get("depth")) {
            (Some(elo), _) if !elo.is_null() => Level::elo(
                elo.as_u64()
                    .ok_or_else(|| ServeError::Malformed("'elo' must be a number".into()))?,
            )?,
            (_, None | Some(Value::Null)) => Level::depth(DEFAULT_DEPTH)?,
            (_, Some(depth)) => Level::depth(
                depth
                    .as_u64()
                    .ok_or_else(|| ServeError::Malformed("'depth' must be a number".into()))?,
            )?,
        };
        let seed = match request.get("seed").and_then(Value::as_u64) {
            Some(seed) => seed,
            None => {
                self.next_seed += 1;
                rand::random::<u64>() ^ self.next_seed
            }
        };
        self.make_room()?;
        self.next_room += 1;
        let mut room = Room::at_level(
            self.next_room,
            variant,
            &players,
            level,
            seed,
            &self.options,
        )?;
        // One person at every person's seat, or at the one chosen.
        let seats = if hotseat {
            room.allow_hotseat();
            room.person_seats()
        } else {
            vec![seat]
        };
        let mut keys = Vec::new();
        for seat in seats {
            keys.push((seat, room.sit(client, seat, None)?.key));
        }
        let id = room.id;
        self.leave_current(client);
        self.rooms.insert(id, room);
        self.clients.insert(client, Some(id));
        let mut outbox = vec![(client, json!({ "type": "created", "room": id }).to_string())];
        for (seat, key) in keys {
            outbox.push((client, seated_text(id, seat, &key)));
        }
        outbox.extend(self.broadcast(id));
        Ok(outbox)
    }

    fn join(
        &mut self,
        client: ClientId,
        id: u64,
        seat: usize,
        key: Option<&str>,
    ) -> Result<Outbox, ServeError> {
        let room = self.rooms.get_mut(&id).ok_or(ServeError::UnknownRoom(id))?;
        if seat >= room.seat_count() {
            return Err(ServeError::NoSuchSeat(seat));
        }
        let Sat { key, displaced } = room.sit(client, seat, key)?;
        if self.clients.get(&client).copied().flatten() != Some(id) {
            self.leave_current(client);
        }
        self.clients.insert(client, Some(id));
        let mut outbox = vec![(client, seated_text(id, seat, &key))];
        if let Some(displaced) = displaced {
            // The same person came back with the seat's key (a reload, another tab): the
            // browser it left holds nothing here any more.
            if self
                .rooms
                .get(&id)
                .is_some_and(|room| room.seats_of(displaced).is_empty())
            {
                self.clients.insert(displaced, None);
            }
            outbox.push((
                displaced,
                error_text("this seat was taken back with its key, in another tab or window"),
            ));
        }
        outbox.extend(self.broadcast(id));
        Ok(outbox)
    }

    /// Takes `client` out of the room it sat in.
    fn leave_current(&mut self, client: ClientId) {
        if let Some(room) = self
            .clients
            .get(&client)
            .copied()
            .flatten()
            .and_then(|room| self.rooms.get_mut(&room))
        {
            room.leave(client);
        }
    }

    /// Every seated browser of room `id` gets its seat's message: at a hot seat, the
    /// message of the seat that decides next if it is one of the browser's, else of its
    /// first seat.
    pub fn broadcast(&self, id: u64) -> Outbox {
        let Some(room) = self.rooms.get(&id) else {
            return Vec::new();
        };
        let due = room.seat_to_decide();
        let mut shown: BTreeMap<ClientId, usize> = BTreeMap::new();
        for (client, seat) in room.seated() {
            let current = shown.entry(client).or_insert(seat);
            if Some(seat) == due {
                *current = seat;
            }
        }
        shown
            .into_iter()
            .map(|(client, seat)| (client, room.message_for(seat).to_string()))
            .collect()
    }

    /// Amity's next decision in room `id`, if it owes one.
    pub fn amity_job(&self, id: u64) -> Option<AmityJob> {
        self.rooms.get(&id)?.amity_job()
    }

    /// The room `client` sits in.
    pub fn room_of_client(&self, client: ClientId) -> Option<u64> {
        self.clients.get(&client).copied().flatten()
    }

    /// Claims room `id` for a task making Amity's decisions there: false if one already
    /// runs (it will see the new state itself).
    pub fn claim_amity(&mut self, id: u64) -> bool {
        self.thinking.insert(id)
    }

    /// The hints asked for since the last call, to be searched.
    pub fn take_hints(&mut self) -> Vec<(ClientId, AmityJob)> {
        std::mem::take(&mut self.hints)
    }

    /// Gives up room `id`'s claim.
    pub fn release_amity(&mut self, id: u64) {
        self.thinking.remove(&id);
        self.searches.remove(&Search::Amity(id));
    }

    /// For the task holding room `id`'s claim: the next job (its stop flag kept for a
    /// `cancel`), or `None` after releasing the claim (both under the same lock, so no owed
    /// decision is missed).
    pub fn next_amity_job(&mut self, id: u64) -> Option<AmityJob> {
        let job = self.amity_job(id);
        match &job {
            Some(job) => {
                self.searches.insert(Search::Amity(id), job.stop_flag());
            }
            None => self.release_amity(id),
        }
        job
    }

    /// Plays Amity's answer and tells the seats.
    pub fn apply_amity(&mut self, answer: AmityAnswer) -> Outbox {
        let id = answer.room;
        self.searches.remove(&Search::Amity(id));
        match self.rooms.get_mut(&id) {
            Some(room) => {
                room.apply_amity(answer);
                self.broadcast(id)
            }
            None => Vec::new(),
        }
    }
}

/// The message handing a browser the key of the seat it took: kept by the page, it alone
/// takes the seat back after a reload or a dropped connection.
fn seated_text(room: u64, seat: usize, key: &str) -> String {
    json!({ "type": "seated", "room": room, "seat": seat, "key": key }).to_string()
}

/// Rules used only to name things in tests.
pub fn seat_names(variant: &str) -> Vec<&'static str> {
    amity_variants::new_game(variant).map_or_else(
        Vec::new,
        |game| with_game!(&game, g => g.rules().seats().iter().map(|s| s.name).collect()),
    )
}
