//! Seats belong to the browser that took them: its key alone takes a seat back after a reload
//! or a dropped connection while the room keeps it, the seat is free for anyone once the
//! grace period is over, one browser plays one seat of a game unless the game was opened as
//! a hot seat, rooms nobody holds are forgotten, and the lobby lists only games that wait for
//! a person. Driven through the hub with a clock of the test's own, never by waiting.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use amity_web::hub::{Hub, Outbox};
use amity_web::room::SEAT_GRACE;
use serde_json::{Value, json};

/// A hub on a clock the test moves.
struct Table {
    hub: Hub,
    now: Arc<Mutex<Instant>>,
}

impl Table {
    fn new() -> Table {
        let now = Arc::new(Mutex::new(Instant::now()));
        let read = Arc::clone(&now);
        let hub = Hub::with_clock(Arc::new(move || *read.lock().expect("the test's clock")));
        Table { hub, now }
    }

    fn wait(&mut self, time: Duration) {
        *self.now.lock().expect("the test's clock") += time;
    }

    fn request(&mut self, client: u64, request: Value) -> Outbox {
        self.hub.handle(client, &request.to_string())
    }

    /// A new game of `variant` with `players`, `client` at `seat`: the room and the key.
    fn open(&mut self, client: u64, variant: &str, players: &[&str], seat: usize) -> (u64, String) {
        let out = self.request(
            client,
            json!({"op": "new", "variant": variant, "players": players, "seat": seat, "depth": 1, "seed": 3}),
        );
        let room = find(&out, client, "created")["room"].as_u64().unwrap();
        let key = find(&out, client, "seated")["key"]
            .as_str()
            .unwrap()
            .to_string();
        (room, key)
    }

    fn join(&mut self, client: u64, room: u64, seat: usize, key: Option<&str>) -> Outbox {
        self.request(
            client,
            json!({"op": "join", "room": room, "seat": seat, "key": key}),
        )
    }

    fn lobby(&mut self, client: u64) -> Vec<u64> {
        let out = self.request(client, json!({"op": "lobby"}));
        find(&out, client, "lobby")["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|room| room["room"].as_u64().unwrap())
            .collect()
    }
}

/// The messages of `kind` sent to `client`.
fn all(outbox: &Outbox, client: u64, kind: &str) -> Vec<Value> {
    outbox
        .iter()
        .filter(|(to, _)| *to == client)
        .map(|(_, text)| serde_json::from_str::<Value>(text).expect("JSON"))
        .filter(|message| message["type"] == kind)
        .collect()
}

fn find(outbox: &Outbox, client: u64, kind: &str) -> Value {
    all(outbox, client, kind)
        .pop()
        .unwrap_or_else(|| panic!("no {kind} for {client} in {outbox:?}"))
}

fn refusal(outbox: &Outbox, client: u64) -> String {
    find(outbox, client, "error")["message"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A chess game between two browsers, 1 at White and 2 at Black: the room and both keys.
fn two_people(table: &mut Table) -> (u64, String, String) {
    table.hub.connect(1);
    table.hub.connect(2);
    let (room, white) = table.open(1, "chess", &["person", "person"], 0);
    let out = table.join(2, room, 1, None);
    let black = find(&out, 2, "seated")["key"].as_str().unwrap().to_string();
    (room, white, black)
}

#[test]
fn a_reload_with_the_key_keeps_the_seat_and_nobody_else_takes_it() {
    let mut table = Table::new();
    let (room, white, black) = two_people(&mut table);
    assert_ne!(white, black);
    table.request(1, json!({"op": "play", "token": "e2e4"}));
    // White's browser reloads: its old connection drops, a new one comes.
    let out = table.hub.disconnect(1);
    let told = find(&out, 2, "state");
    assert_eq!(told["seats"][0]["taken"], true);
    assert_eq!(told["seats"][0]["away"], true);
    table.wait(SEAT_GRACE / 2);
    table.hub.connect(3);
    for key in [None, Some("not the key")] {
        let out = table.join(3, room, 0, key);
        assert_eq!(
            refusal(&out, 3),
            "seat white is kept for its player, who went away less than 120 s ago"
        );
    }
    // Black's own key is not White's.
    table.hub.connect(4);
    let out = table.join(4, room, 0, Some(&black));
    assert!(
        refusal(&out, 4).starts_with("seat white is kept"),
        "{out:?}"
    );
    let out = table.join(3, room, 0, Some(&white));
    assert_eq!(find(&out, 3, "seated")["key"], white.as_str());
    let state = find(&out, 3, "state");
    assert_eq!(state["seat"], 0);
    assert_eq!(state["record"], json!(["white: e2e4"]));
    assert_eq!(find(&out, 2, "state")["seats"][0]["away"], false);
    // The game goes on with the browser that came back.
    let out = table.request(2, json!({"op": "play", "token": "e7e5"}));
    assert_eq!(find(&out, 3, "state")["toDecide"], 0);
}

#[test]
fn a_key_taken_to_another_tab_moves_the_seat_there() {
    let mut table = Table::new();
    let (room, white, _) = two_people(&mut table);
    // The new connection arrives before the old one is noticed gone.
    table.hub.connect(3);
    let out = table.join(3, room, 0, Some(&white));
    assert_eq!(find(&out, 3, "state")["seat"], 0);
    assert!(
        refusal(&out, 1).contains("taken back with its key"),
        "{out:?}"
    );
    assert!(all(&out, 1, "state").is_empty());
    // The old tab can no longer play, and its closing later frees nothing.
    let out = table.request(1, json!({"op": "play", "token": "e2e4"}));
    assert_eq!(refusal(&out, 1), "take a seat in a game first");
    assert!(table.hub.disconnect(1).is_empty());
    let out = table.request(3, json!({"op": "play", "token": "e2e4"}));
    assert_eq!(find(&out, 2, "state")["toDecide"], 1);
}

#[test]
fn a_seat_nobody_came_back_to_is_free_after_the_grace_period() {
    let mut table = Table::new();
    let (room, white, _) = two_people(&mut table);
    table.hub.disconnect(1);
    table.wait(SEAT_GRACE - Duration::from_secs(1));
    assert!(table.hub.sweep().is_empty(), "still kept");
    table.wait(Duration::from_secs(1));
    let out = table.hub.sweep();
    let told = find(&out, 2, "state");
    assert_eq!(told["seats"][0]["taken"], false);
    assert_eq!(
        told["notice"],
        "white did not come back; the seat is free to take"
    );
    table.hub.connect(3);
    let out = table.join(3, room, 0, None);
    let key = find(&out, 3, "seated")["key"].as_str().unwrap().to_string();
    assert_ne!(key, white, "a seat taken afresh has a fresh key");
    // The old key is worth nothing now.
    table.hub.connect(4);
    let out = table.join(4, room, 0, Some(&white));
    assert_eq!(refusal(&out, 4), "seat white is already taken");
}

#[test]
fn the_opponent_cannot_take_the_second_seat() {
    let mut table = Table::new();
    table.hub.connect(1);
    table.hub.connect(2);
    let (room, _) = table.open(1, "chess", &["person", "person"], 0);
    let out = table.join(1, room, 1, None);
    assert_eq!(
        refusal(&out, 1),
        "you already play white in this game; one browser plays one seat"
    );
    table.join(2, room, 1, None);
    let out = table.join(2, room, 0, None);
    assert_eq!(refusal(&out, 2), "seat white is already taken");
    // Even when White has gone for good, Black's browser may not take White's seat too.
    table.hub.disconnect(1);
    table.wait(SEAT_GRACE);
    table.hub.sweep();
    let out = table.join(2, room, 0, None);
    assert_eq!(
        refusal(&out, 2),
        "you already play black in this game; one browser plays one seat"
    );
}

#[test]
fn a_hot_seat_is_one_browser_at_every_persons_seat() {
    let mut table = Table::new();
    table.hub.connect(1);
    table.hub.connect(2);
    let out = table.request(
        1,
        json!({"op": "new", "variant": "chess", "players": ["person", "person"], "seat": 0, "hotseat": true}),
    );
    let room = find(&out, 1, "created")["room"].as_u64().unwrap();
    assert_eq!(all(&out, 1, "seated").len(), 2);
    // The browser is shown the seat that decides.
    assert_eq!(find(&out, 1, "state")["seat"], 0);
    let out = table.request(1, json!({"op": "play", "token": "e2e4"}));
    assert_eq!(find(&out, 1, "state")["seat"], 1);
    let out = table.request(1, json!({"op": "play", "token": "e7e5"}));
    assert_eq!(
        find(&out, 1, "state")["record"],
        json!(["white: e2e4", "black: e7e5"])
    );
    let out = table.join(2, room, 1, None);
    assert_eq!(refusal(&out, 2), "seat black is already taken");
}

#[test]
fn rooms_nobody_holds_expire() {
    let mut table = Table::new();
    table.hub.connect(1);
    let (against_amity, _) = table.open(1, "chess", &["person", "amity"], 0);
    table.hub.disconnect(1);
    table.hub.sweep();
    assert!(table.hub.room(against_amity).is_some(), "kept for a reload");
    table.wait(SEAT_GRACE);
    table.hub.sweep();
    assert!(table.hub.room(against_amity).is_none(), "forgotten");
    // A finished game too, once its people are gone.
    let (room, _, _) = two_people(&mut table);
    for (client, token) in [(1, "f2f3"), (2, "e7e5"), (1, "g2g4"), (2, "d8h4")] {
        table.request(client, json!({"op": "play", "token": token}));
    }
    table.hub.disconnect(1);
    table.hub.disconnect(2);
    table.wait(SEAT_GRACE);
    table.hub.sweep();
    assert!(table.hub.room(room).is_none());
}

#[test]
fn open_games_are_those_that_wait_for_a_person() {
    let mut table = Table::new();
    for client in 1..=5 {
        table.hub.connect(client);
    }
    let (against_amity, _) = table.open(1, "chess", &["person", "amity"], 0);
    let (waiting, _) = table.open(2, "losalamos", &["person", "person"], 0);
    let (full, _) = table.open(3, "chess", &["person", "person"], 0);
    table.join(4, full, 1, None);
    assert_eq!(
        table.lobby(5),
        vec![waiting],
        "only the game with a free seat"
    );
    // A game against Amity whose person went away waits for nobody else.
    table.hub.disconnect(1);
    assert_eq!(table.lobby(5), vec![waiting]);
    assert!(table.hub.room(against_amity).is_some());
    // A finished game waits for nobody.
    for (client, token) in [(3, "f2f3"), (4, "e7e5"), (3, "g2g4"), (4, "d8h4")] {
        table.request(client, json!({"op": "play", "token": token}));
    }
    table.hub.disconnect(4);
    table.wait(SEAT_GRACE);
    table.hub.sweep();
    assert!(table.hub.room(full).is_some(), "White still sits there");
    assert_eq!(table.lobby(5), vec![waiting]);
    // Once taken, the waiting game is no longer offered.
    table.join(5, waiting, 1, None);
    assert!(table.lobby(5).is_empty());
}
