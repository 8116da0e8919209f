//! The server's message layer without a network: bad requests are refused with a clear
//! message and change nothing, seats are kept, and no message to a seat carries what that
//! seat may not see (random hidden-information games, every message checked).

use amity_engine::search::Searcher;
use amity_engine::{Position, Presentation, Rules};

use amity_variants::with_game;
use amity_web::hub::Hub;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("the hub sends JSON")
}

/// The messages `client` got in `outbox`.
fn to(outbox: &[(u64, String)], client: u64) -> Vec<Value> {
    outbox
        .iter()
        .filter(|(c, _)| *c == client)
        .map(|(_, text)| parse(text))
        .collect()
}

fn last_state(outbox: &[(u64, String)], client: u64) -> Value {
    to(outbox, client)
        .into_iter()
        .rev()
        .find(|m| m["type"] == "state")
        .expect("a state message")
}

fn error_of(outbox: &[(u64, String)], client: u64) -> String {
    let messages = to(outbox, client);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["type"], "error", "{messages:?}");
    messages[0]["message"].as_str().unwrap().to_string()
}

fn new_game(hub: &mut Hub, client: u64, variant: &str, players: &[&str], seat: usize) -> u64 {
    let out = hub.handle(
        client,
        &json!({"op": "new", "variant": variant, "players": players, "seat": seat, "depth": 1, "seed": 7})
            .to_string(),
    );
    let created = to(&out, client);
    assert_eq!(created[0]["type"], "created", "{created:?}");
    created[0]["room"].as_u64().unwrap()
}

fn play(hub: &mut Hub, client: u64, token: &str) -> Vec<(u64, String)> {
    hub.handle(client, &json!({"op": "play", "token": token}).to_string())
}

#[test]
fn bad_requests_are_refused_clearly_and_change_nothing() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    assert!(error_of(&hub.handle(1, "{not json"), 1).starts_with("malformed request: not JSON"));
    assert_eq!(
        error_of(&hub.handle(1, r#"{"op":"dance"}"#), 1),
        "malformed request: unknown op 'dance'"
    );
    assert_eq!(
        error_of(&hub.handle(1, r#"{"op":"play","token":"e2e4"}"#), 1),
        "take a seat in a game first"
    );
    assert_eq!(
        error_of(
            &hub.handle(
                1,
                r#"{"op":"new","variant":"chequers","players":["person","amity"],"seat":0}"#
            ),
            1
        ),
        "unknown game 'chequers'"
    );
    assert_eq!(
        error_of(
            &hub.handle(
                1,
                r#"{"op":"new","variant":"chess","players":["person"],"seat":0}"#
            ),
            1
        ),
        "bad players: chess has 2 seats, 1 players given"
    );
    // A depth Amity does not search to is refused, not quietly changed.
    for (depth, expected) in [
        (json!(9), "Amity searches to a depth of 1 to 8, not 9"),
        (json!(0), "Amity searches to a depth of 1 to 8, not 0"),
        (json!("deep"), "malformed request: 'depth' must be a number"),
    ] {
        let out = hub.handle(
            1,
            &json!({"op":"new","variant":"chess","players":["person","amity"],"seat":0,"depth":depth})
                .to_string(),
        );
        assert_eq!(error_of(&out, 1), expected);
    }
    // So is an Elo level Amity does not play at.
    for (elo, expected) in [
        (json!(999), "Amity plays at 1000 to 2800 Elo, not 999"),
        (json!(2801), "Amity plays at 1000 to 2800 Elo, not 2801"),
        (json!("strong"), "malformed request: 'elo' must be a number"),
    ] {
        let out = hub.handle(
            1,
            &json!({"op":"new","variant":"chess","players":["person","amity"],"seat":0,"elo":elo})
                .to_string(),
        );
        assert_eq!(error_of(&out, 1), expected);
    }
    // A request past the limit is answered, not dropped.
    let long =
        json!({"op": "play", "token": "x".repeat(amity_web::hub::MAX_REQUEST_BYTES)}).to_string();
    assert_eq!(
        error_of(&hub.handle(1, &long), 1),
        format!("a request of {} bytes is longer than 16384", long.len())
    );
    let room = new_game(&mut hub, 1, "chess", &["person", "person"], 0);
    let before = hub.room(room).unwrap().full_fen();
    for (token, expected) in [
        (
            "e2e5",
            "refused: 'e2e5' is not a decision white may make now",
        ),
        ("zz", "refused: 'zz' is not a decision white may make now"),
        (
            "",
            "malformed request: a decision token of 1 to 200 characters",
        ),
        ("e2e4,e7e5", "not your turn: black decides now"),
    ] {
        assert_eq!(error_of(&play(&mut hub, 1, token), 1), expected, "{token}");
        assert_eq!(hub.room(room).unwrap().full_fen(), before, "{token}");
    }
    assert_eq!(
        error_of(&hub.handle(1, r#"{"op":"play","token":7}"#), 1),
        "malformed request: 'token' must be a string"
    );
    // A seat taken twice, a seat that does not exist, a seat that is Amity's.
    assert_eq!(
        error_of(
            &hub.handle(2, &json!({"op":"join","room":room,"seat":0}).to_string()),
            2
        ),
        "seat white is already taken"
    );
    assert_eq!(
        error_of(
            &hub.handle(2, &json!({"op":"join","room":room,"seat":5}).to_string()),
            2
        ),
        "this game has no seat 5"
    );
    assert_eq!(
        error_of(
            &hub.handle(2, &json!({"op":"join","room":99,"seat":0}).to_string()),
            2
        ),
        "no game number 99"
    );
    let out = hub.handle(2, &json!({"op":"join","room":room,"seat":1}).to_string());
    assert_eq!(last_state(&out, 2)["seat"], 1);
    // Out of turn.
    assert_eq!(
        error_of(&play(&mut hub, 2, "e7e5"), 2),
        "not your turn: white decides now"
    );
    let out = play(&mut hub, 1, "e2e4");
    assert_eq!(last_state(&out, 2)["toDecide"], 1);
    assert_eq!(last_state(&out, 1)["record"], json!(["white: e2e4"]));
    let amity_room = new_game(&mut hub, 2, "chess", &["amity", "person"], 1);
    assert_eq!(
        error_of(
            &hub.handle(
                1,
                &json!({"op":"join","room":amity_room,"seat":0}).to_string()
            ),
            1
        ),
        "seat white (Amity's) is already taken"
    );
}

#[test]
fn a_closed_socket_mid_game_loses_nothing() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    let room = new_game(&mut hub, 1, "losalamos", &["person", "person"], 0);
    let out = hub.handle(2, &json!({"op":"join","room":room,"seat":1}).to_string());
    let key = to(&out, 2)[0]["key"].as_str().unwrap().to_string();
    play(&mut hub, 1, "b2b3");
    let fen = hub.room(room).unwrap().full_fen();
    let out = hub.disconnect(2);
    let told = last_state(&out, 1);
    assert_eq!(told["seats"][1]["away"], true);
    assert_eq!(
        told["notice"],
        "black went away; the seat is kept for 120 s"
    );
    assert_eq!(hub.room(room).unwrap().full_fen(), fen);
    // The browser comes back with its key and the game goes on from where it was.
    hub.connect(3);
    let out = hub.handle(
        3,
        &json!({"op":"join","room":room,"seat":1,"key":key}).to_string(),
    );
    assert_eq!(last_state(&out, 3)["fen"], fen);
    let out = play(&mut hub, 3, "b5b4");
    assert_eq!(
        last_state(&out, 1)["record"],
        json!(["white: b2b3", "black: b5b4"])
    );
}

#[test]
fn amity_answers_and_a_stale_answer_is_not_played() {
    let mut hub = Hub::new();
    hub.connect(1);
    let room = new_game(&mut hub, 1, "chess", &["person", "amity"], 0);
    assert!(
        hub.amity_job(room).is_none(),
        "White (the person) decides first"
    );
    play(&mut hub, 1, "e2e4");
    let mut searcher = Searcher::new(1, 1);
    let job = hub.amity_job(room).expect("Amity owes Black's move");
    let answer = job.think(&mut searcher);
    let out = hub.apply_amity(answer);
    let state = last_state(&out, 1);
    assert_eq!(state["toDecide"], 0);
    assert_eq!(state["record"].as_array().unwrap().len(), 2);
    assert_eq!(state["scores"].as_array().unwrap().len(), 1);
    // A job made before the game changed is not played after it.
    play(
        &mut hub,
        1,
        state["decisions"][0]["token"].as_str().unwrap(),
    );
    let stale = hub.amity_job(room).unwrap();
    let answer = stale.think(&mut searcher);
    let fresh = hub.amity_job(room).unwrap().think(&mut searcher);
    hub.apply_amity(fresh);
    let fen = hub.room(room).unwrap().full_fen();
    hub.apply_amity(answer);
    assert_eq!(hub.room(room).unwrap().full_fen(), fen);
}

/// The first FEN field (the board) of `fen`.
fn board_field(fen: &str) -> &str {
    fen.split(' ').next().unwrap_or("")
}

/// A table of `variant` dealt from `seed` with a browser at every seat (client `seat + 1`)
/// and `history` (seat, token) played on it: the same table every time.
fn table(variant: &str, seed: u64, history: &[(usize, String)]) -> (Hub, u64) {
    let seats = amity_web::hub::seat_names(variant).len();
    let mut hub = Hub::new();
    for client in 1..=seats as u64 {
        hub.connect(client);
    }
    let out = hub.handle(
        1,
        &json!({"op": "new", "variant": variant, "players": vec!["person"; seats], "seat": 0, "depth": 1, "seed": seed})
            .to_string(),
    );
    let room = to(&out, 1)[0]["room"].as_u64().expect("a room");
    for seat in 1..seats {
        let client = seat as u64 + 1;
        hub.handle(
            client,
            &json!({"op":"join","room":room,"seat":seat}).to_string(),
        );
    }
    for (seat, token) in history {
        let out = play(&mut hub, *seat as u64 + 1, token);
        assert_eq!(to(&out, *seat as u64 + 1)[0]["type"], "state", "{out:?}");
    }
    (hub, room)
}

/// Plays random games of `variant` with every seat a browser, and checks every message each
/// seat receives: it must equal the message computed from another full state consistent with
/// the seat's view (so nothing hidden shaped it), carry the view's FEN, and never the full
/// state's board or hidden fields where they differ from the view. And after each decision,
/// every other seat whose view would be the same had another of the decider's decisions been
/// made instead (a clue word, a card played face down), though the full state would differ,
/// must be sent the same message: nothing it is told, the record included, may tell the two
/// apart. Returns how many such pairs of
/// decisions were compared.
fn no_message_leaks(variant: &str, games: u64, decisions: usize) -> usize {
    let seats = amity_web::hub::seat_names(variant).len();
    let mut checked = 0;
    let mut compared = 0;
    for game in 0..games {
        let mut rng = StdRng::seed_from_u64(game);
        let (mut hub, room) = table(variant, game, &[]);
        let mut history: Vec<(usize, String)> = Vec::new();
        let mut outbox = hub.broadcast(room);
        for _ in 0..decisions {
            for (client, text) in &outbox {
                let seat = (*client - 1) as usize;
                check_message(&hub, room, seat, text, game);
                checked += 1;
            }
            let room_now = hub.room(room).unwrap();
            let Some(seat) = room_now.seat_to_decide() else {
                break;
            };
            let message = room_now.message_for(seat);
            let offered: Vec<String> = message["decisions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["token"].as_str().unwrap().to_string())
                .collect();
            let Some(token) = offered.choose(&mut rng).cloned() else {
                break;
            };
            // Now and then a bad token from a seat that does not decide: refused, no leak.
            if seats > 1 && rng.random_range(0..8) == 0 {
                let other = (seat + 1) % seats;
                let out = play(&mut hub, other as u64 + 1, &token);
                assert_eq!(to(&out, other as u64 + 1)[0]["type"], "error");
            }
            outbox = play(&mut hub, seat as u64 + 1, &token);
            if seats > 1 {
                for alternative in offered.choose_multiple(&mut rng, 3) {
                    if *alternative == token {
                        continue;
                    }
                    let (mut other, _) = table(variant, game, &history);
                    let otherwise = play(&mut other, seat as u64 + 1, alternative);
                    // Two decisions that leave the same full state (two moves to one square
                    // in Love) differ only in what is public: their tokens.
                    if other.room(room).unwrap().full_fen() == hub.room(room).unwrap().full_fen() {
                        continue;
                    }
                    for listener in (0..seats).filter(|listener| *listener != seat) {
                        let client = listener as u64 + 1;
                        let told = last_state(&outbox, client);
                        let told_otherwise = last_state(&otherwise, client);
                        if told["fen"] == told_otherwise["fen"] {
                            let apart: Vec<String> = told
                                .as_object()
                                .unwrap()
                                .iter()
                                .filter(|(key, value)| told_otherwise[key.as_str()] != **value)
                                .map(|(key, value)| {
                                    format!("{key}: {value} / {}", told_otherwise[key.as_str()])
                                })
                                .collect();
                            assert!(
                                apart.is_empty(),
                                "{variant}: seat {listener}, whose view is the same, is told \
                                 '{token}' apart from '{alternative}' by {apart:?}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
            history.push((seat, token));
        }
    }
    assert!(checked > 50, "{variant}: only {checked} messages checked");
    compared
}

fn check_message(hub: &Hub, room: u64, seat: usize, text: &str, seed: u64) {
    let room = hub.room(room).unwrap();
    let message = parse(text);
    assert_eq!(message["seat"], seat, "{text}");
    let game = amity_variants::new_game(room.variant()).unwrap();
    let full_fen = room.full_fen();
    with_game!(&game, g => {
        let rules = g.rules();
        let full = Position::from_fen(rules, &full_fen).unwrap();
        let view = rules.view(&full, rules.seats()[seat].side);
        let view_fen = view.to_fen(rules);
        if room.is_awaiting() && room.seat_to_decide() == Some(seat) {
            // A half-made decision: the seat sees what it turned over, nothing more.
            let shown = room.seat_view_fen(seat);
            assert_eq!(message["fen"], shown.as_str(), "the message carries the seat's view");
            assert!(rules.hides_information() && shown != full_fen, "{shown}");
        } else {
            assert_eq!(message["fen"], view_fen.as_str(), "the message carries the seat's view");
        }
        if board_field(&full_fen) != board_field(&view_fen) {
            assert!(!text.contains(board_field(&full_fen)), "the full board leaked: {text}");
        }
        let full_fields: Vec<&str> = full_fen.split(' ').skip(6).collect();
        let view_fields: Vec<&str> = view_fen.split(' ').skip(6).collect();
        for (full_field, view_field) in full_fields.iter().zip(&view_fields) {
            // A view may add to a field (who views); what it keeps of the full field is public.
            if !view_field.contains(full_field) {
                assert!(!text.contains(full_field), "hidden field {full_field} leaked: {text}");
            }
        }
        for sample in 0..3 {
            let resampled = room.message_for_resampled(seat, seed * 10 + sample);
            assert_eq!(resampled, room.message_for(seat), "the message depends on the hidden state");
        }
    });
}

#[test]
fn no_message_to_a_booster_seat_leaks() {
    no_message_leaks("booster", 4, 60);
}

#[test]
fn no_message_to_a_cloak_and_dagger_seat_leaks() {
    no_message_leaks("cloakanddagger", 3, 40);
}

#[test]
fn no_message_to_a_split_brain_seat_leaks() {
    // The mover's view hides the chooser's square until the mover has decided.
    assert!(no_message_leaks("splitbrain", 4, 60) > 0);
}

#[test]
fn no_message_to_any_seat_of_any_game_leaks() {
    for variant in amity_variants::NAMES {
        // A solitaire's game may be short, and has no other seat to compare.
        let games = if amity_web::hub::seat_names(variant).len() == 1 {
            20
        } else {
            3
        };
        no_message_leaks(variant, games, 40);
    }
}

#[test]
fn the_split_brain_mover_never_learns_the_choosers_square_early() {
    let mut hub = Hub::new();
    for client in 1..=4 {
        hub.connect(client);
    }
    let room = new_game(&mut hub, 1, "splitbrain", &["person"; 4], 0);
    for seat in 1..4u64 {
        hub.handle(
            seat + 1,
            &json!({"op":"join","room":room,"seat":seat}).to_string(),
        );
    }
    // The chooser (the seat named by the checker) picks a square.
    let chooser = hub.room(room).unwrap().seat_to_decide().unwrap();
    let message = hub.room(room).unwrap().message_for(chooser);
    let token = message["decisions"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(token.starts_with("c:"), "{token}");
    let out = play(&mut hub, chooser as u64 + 1, &token);
    let mover = hub.room(room).unwrap().seat_to_decide().unwrap();
    assert_ne!(mover, chooser);
    let square = &token[2..];
    for (client, text) in &out {
        if *client == mover as u64 + 1 {
            assert!(!text.contains(&token), "{text}");
            let state = parse(text);
            assert!(!state["fen"].as_str().unwrap().contains(square), "{text}");
        }
    }
}

#[test]
fn every_game_starts_and_lists_decisions_for_the_seat_to_decide() {
    for name in amity_variants::NAMES {
        let mut hub = Hub::new();
        hub.connect(1);
        let seats = amity_web::hub::seat_names(name);
        let mut players = vec!["amity"; seats.len()];
        players[0] = "person";
        let room = new_game(&mut hub, 1, name, &players, 0);
        let room = hub.room(room).unwrap();
        let message = room.message_for(0);
        assert_eq!(message["variant"], *name);
        // Gravity's pieces wait beside the board, and a solitaire may start on an empty one.
        let empty_board = message["fen"]
            .as_str()
            .is_some_and(|fen| fen.starts_with("8/8/8/8/8/8/8/8 "));
        assert!(
            !message["board"]["pieces"].as_array().unwrap().is_empty()
                || *name == "gravity"
                || empty_board,
            "{name}"
        );
        if room.seat_to_decide() == Some(0) {
            assert!(
                !message["decisions"].as_array().unwrap().is_empty(),
                "{name}"
            );
        } else {
            assert!(
                message["decisions"].as_array().unwrap().is_empty(),
                "{name}"
            );
        }
    }
}

#[test]
fn a_hint_is_searched_from_the_seat_that_decides_and_sent_to_it_alone() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    let room = new_game(&mut hub, 1, "losalamos", &["person", "person"], 0);
    hub.handle(2, &json!({"op":"join","room":room,"seat":1}).to_string());
    assert_eq!(
        error_of(&hub.handle(2, r#"{"op":"hint"}"#), 2),
        "not your turn: white decides now"
    );
    assert!(hub.handle(1, r#"{"op":"hint"}"#).is_empty());
    let mut hints = hub.take_hints();
    assert_eq!(hints.len(), 1);
    let (asker, job) = hints.remove(0);
    assert_eq!(asker, 1);
    let hint = parse(&job.think(&mut Searcher::new(1, 1)).hint_text());
    assert_eq!(hint["type"], "hint");
    let token = hint["token"].as_str().unwrap();
    let decisions = hub.room(room).unwrap().message_for(0)["decisions"].clone();
    assert!(
        decisions
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["token"] == token),
        "{token}"
    );
    // A hint changes nothing.
    assert_eq!(hub.room(room).unwrap().seat_to_decide(), Some(0));
}

#[test]
fn the_rooms_are_bounded() {
    let mut hub = Hub::new();
    hub.connect(1);
    let room = new_game(&mut hub, 1, "losalamos", &["person", "person"], 0);
    hub.disconnect(1);
    assert!(hub.room(room).is_some(), "its seat is kept");
    for client in 3..(3 + amity_web::hub::MAX_ROOMS as u64) {
        hub.connect(client);
        new_game(&mut hub, client, "chess", &["person", "amity"], 0);
    }
    assert!(
        hub.room(room).is_none(),
        "the oldest game nobody sat at made room"
    );
    let out = hub.handle(
        9999,
        r#"{"op":"new","variant":"chess","players":["person","amity"],"seat":0}"#,
    );
    assert_eq!(
        error_of(&out, 9999),
        format!(
            "the server already holds {} games in play; try later",
            amity_web::hub::MAX_ROOMS
        )
    );
}

#[test]
fn no_message_to_a_chesswords_partner_leaks() {
    // The mover's view hides the clue word: what it is told must not tell one from another.
    assert!(no_message_leaks("chesswords", 3, 60) > 0);
}

#[test]
fn no_message_to_a_parade_player_shows_the_face_down_pile() {
    no_message_leaks("parade", 8, 40);
}

#[test]
fn no_message_to_a_neighbour_player_shows_the_face_down_piles() {
    no_message_leaks("neighbour", 20, 40);
}

/// Plays a solitaire with its piles face down to the end from the message layer, adding
/// blind whenever it may (then choosing the first square offered), and returns every view
/// FEN the player was sent.
fn play_blind_to_the_end(variant: &str, seed: u64) -> (Vec<String>, Value) {
    let mut hub = Hub::new();
    hub.connect(1);
    let out = hub.handle(
        1,
        &json!({"op": "new", "variant": variant, "players": ["person"], "seat": 0, "depth": 1, "seed": seed})
            .to_string(),
    );
    let room = to(&out, 1)[0]["room"].as_u64().unwrap();
    let mut seen = Vec::new();
    let mut message = hub.room(room).unwrap().message_for(0);
    for _ in 0..80 {
        seen.push(message["fen"].as_str().unwrap().to_string());
        if !message["result"].is_null() {
            break;
        }
        let decisions = message["decisions"].as_array().unwrap();
        let token = decisions
            .iter()
            .map(|d| d["token"].as_str().unwrap())
            .find(|t| *t == "add" || t.contains('@'))
            .or_else(|| decisions.first().and_then(|d| d["token"].as_str()))
            .expect("a decision while the game goes on")
            .to_string();
        let out = play(&mut hub, 1, &token);
        message = last_state(&out, 1);
    }
    (seen, message)
}

#[test]
fn a_parade_with_its_pile_face_down_is_played_blind_to_the_end() {
    for seed in 0..3 {
        let (seen, last) = play_blind_to_the_end("parade", seed);
        assert!(!last["result"].is_null(), "{last}");
        assert!(seen.iter().any(|fen| fen.contains("parade:?")), "{seen:?}");
        // Each blind add turned a card: the record names the card placed.
        let record = last["record"].to_string();
        assert!(record.contains('@'), "{record}");
    }
}

#[test]
fn a_neighbour_with_its_piles_face_down_asks_for_a_square_when_the_landing_is_taken() {
    let mut placed = 0;
    for seed in 0..6 {
        let (seen, last) = play_blind_to_the_end("neighbour", seed);
        assert!(!last["result"].is_null(), "{last}");
        placed += seen.iter().filter(|fen| fen.contains(":place=")).count();
    }
    assert!(placed > 0, "some blind add landed on a taken square");
}

#[test]
fn a_hint_for_a_half_made_decision_chooses_among_its_squares() {
    for seed in 0..20 {
        let mut hub = Hub::new();
        hub.connect(1);
        let out = hub.handle(
            1,
            &json!({"op": "new", "variant": "neighbour", "players": ["person"], "seat": 0, "depth": 1, "seed": seed})
                .to_string(),
        );
        let room = to(&out, 1)[0]["room"].as_u64().unwrap();
        for _ in 0..12 {
            if hub.room(room).unwrap().seat_to_decide().is_none() {
                break;
            }
            play(&mut hub, 1, "add");
            if hub.room(room).unwrap().is_awaiting() {
                let message = hub.room(room).unwrap().message_for(0);
                hub.handle(1, r#"{"op":"hint"}"#);
                let (_, job) = hub.take_hints().remove(0);
                let hint = parse(&job.think(&mut Searcher::new(1, 1)).hint_text());
                let token = hint["token"].as_str().unwrap().to_string();
                assert!(
                    message["decisions"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|d| d["token"] == token.as_str()),
                    "{token} in {message}"
                );
                let out = play(&mut hub, 1, &token);
                assert_eq!(to(&out, 1)[0]["type"], "state", "{out:?}");
                assert!(!hub.room(room).unwrap().is_awaiting());
                return;
            }
        }
    }
    panic!("no deal put a blind add on a taken square");
}

#[test]
fn cards_are_sent_as_the_seat_sees_them_and_throws_where_nothing_is_hidden() {
    let mut hub = Hub::new();
    hub.connect(1);
    // Parade's face-down pile: backs only, as many as the pile holds.
    let room = new_game(&mut hub, 1, "parade", &["person"], 0);
    let message = hub.room(room).unwrap().message_for(0);
    let pile = message["board"]["cards"][0]["cards"].as_array().unwrap();
    assert!(
        !pile.is_empty() && pile.iter().all(|card| card == "?"),
        "{message}"
    );
    // Chesswords: the seat's own hand face up, the partner's hand and the stack as backs.
    let room = new_game(&mut hub, 1, "chesswords", &["person", "amity"], 0);
    let message = hub.room(room).unwrap().message_for(0);
    let rows = message["board"]["cards"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{message}");
    assert!(
        rows[0]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c != "?")
    );
    for row in &rows[1..] {
        assert!(row["cards"].as_array().unwrap().iter().all(|c| c == "?"));
    }
    // Neighbour's piles: what they hold is known, so the cards are face up, sorted.
    let room = new_game(&mut hub, 1, "neighbour", &["person"], 0);
    let message = hub.room(room).unwrap().message_for(0);
    assert_eq!(message["board"]["cards"].as_array().unwrap().len(), 2);
    // Love's throw of the dice is sent for the page to draw; a hidden game sends none.
    let room = new_game(&mut hub, 1, "love", &["person", "person"], 0);
    let message = hub.room(room).unwrap().message_for(0);
    assert!(
        message["throw"].as_str().unwrap().starts_with("roll:"),
        "{message}"
    );
    let room = new_game(&mut hub, 1, "booster", &["person", "person"], 0);
    assert!(hub.room(room).unwrap().message_for(0)["throw"].is_null());
}

/// A person types a whole clue word, not only the letter pair the decision list offers: the
/// game keeps the word for the clue giver, and the mover hears `word:?`.
#[test]
fn a_chesswords_clue_word_can_be_typed_whole() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    let room = new_game(&mut hub, 1, "chesswords", &["person", "person"], 0);
    let joined = hub.handle(
        2,
        &json!({"op": "join", "room": room, "seat": 1}).to_string(),
    );
    assert!(
        to(&joined, 2).iter().all(|m| m["type"] != "error"),
        "{joined:?}"
    );
    let giver_seat = (0..2)
        .find(|&seat| {
            let message = hub.room(room).unwrap().message_for(seat);
            message["decisions"].as_array().is_some_and(|decisions| {
                decisions
                    .iter()
                    .any(|d| d["token"].as_str().is_some_and(|d| d.starts_with("word:")))
            })
        })
        .expect("a seat owes a clue");
    let giver = giver_seat as u64 + 1;
    let message = hub.room(room).unwrap().message_for(giver_seat);
    let pair = message["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["token"].as_str()?.strip_prefix("word:"))
        .next()
        .expect("a word clue")
        .to_string();
    let (first, last) = (&pair[..1], &pair[1..]);
    let word = format!("{first}eadgea{last}");
    let out = play(&mut hub, giver, &format!("word:{word}"));
    assert!(
        to(&out, giver).iter().all(|m| m["type"] != "error"),
        "word:{word} refused: {out:?}"
    );
    let giver_fen = hub.room(room).unwrap().message_for(giver_seat)["fen"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        giver_fen.ends_with(&format!("move-word-{word}")),
        "{giver_fen}"
    );
    // The giver reads its word in its own record as it typed it.
    let giver_record = hub.room(room).unwrap().message_for(giver_seat)["record"].to_string();
    assert!(
        giver_record.contains(&format!("word:{word}")),
        "{giver_record}"
    );
    let mover = hub.room(room).unwrap().message_for(1 - giver_seat);
    assert!(
        mover["fen"].as_str().unwrap().ends_with("move-word-?"),
        "{mover}"
    );
    assert!(!mover.to_string().contains(&word), "{mover}");
}

#[test]
fn amity_plays_a_solitaire_with_its_piles_face_down() {
    use amity_web::room::{Player, Room};
    for variant in ["parade", "neighbour"] {
        let mut room = Room::new(1, variant, &[Player::Amity], 1, 3).unwrap();
        let mut searcher = Searcher::new(1, 1);
        for _ in 0..6 {
            let Some(job) = room.amity_job() else {
                break;
            };
            let before = room.seat_view_fen(0);
            assert!(room.apply_amity(job.think(&mut searcher)), "{variant}");
            assert!(room.notice.is_none(), "{variant}: {:?}", room.notice);
            assert_ne!(
                room.seat_view_fen(0),
                before,
                "{variant}: Amity's answer was played"
            );
        }
    }
}

#[test]
fn nothing_amity_saw_in_its_own_view_reaches_a_person() {
    // Amity's score (and how long it searched) is made from its seat's view: in a game that
    // hides information the person at another seat must not be sent it.
    let mut searcher = Searcher::new(1, 1);
    let mut answered = 0;
    for variant in amity_variants::NAMES {
        let seats = amity_web::hub::seat_names(variant).len();
        let hides = amity_variants::new_game(variant)
            .is_some_and(|game| with_game!(&game, g => g.rules().hides_information()));
        if !hides || seats < 2 {
            continue;
        }
        let mut rng = StdRng::seed_from_u64(5);
        let mut hub = Hub::new();
        hub.connect(1);
        let mut players = vec!["amity"; seats];
        players[0] = "person";
        let room = new_game(&mut hub, 1, variant, &players, 0);
        let mut outbox = hub.broadcast(room);
        for _ in 0..16 {
            for message in to(&outbox, 1) {
                assert_eq!(message["scores"], json!([]), "{variant}: {message}");
                assert!(message["amityMicros"].is_null(), "{variant}: {message}");
            }
            outbox = match hub.amity_job(room) {
                Some(job) => {
                    answered += 1;
                    hub.apply_amity(job.think(&mut searcher))
                }
                None => {
                    let message = hub.room(room).unwrap().message_for(0);
                    let Some(decision) = message["decisions"].as_array().unwrap().choose(&mut rng)
                    else {
                        break;
                    };
                    play(&mut hub, 1, decision["token"].as_str().unwrap())
                }
            };
        }
    }
    assert!(answered > 10, "Amity decided {answered} times");
}

/// A clue word goes with the clue its giver says: both seats hear the words, the mover never
/// the word; words with a decision that takes none, or too many, are refused and change
/// nothing.
#[test]
fn a_chesswords_clue_is_said_with_its_secret_word() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    let room = new_game(&mut hub, 1, "chesswords", &["person", "person"], 0);
    hub.handle(
        2,
        &json!({"op": "join", "room": room, "seat": 1}).to_string(),
    );
    let giver_seat = hub.room(room).unwrap().message_for(0)["toDecide"]
        .as_u64()
        .unwrap() as usize;
    let giver = giver_seat as u64 + 1;
    let message = hub.room(room).unwrap().message_for(giver_seat);
    let offered = message["decisions"].as_array().unwrap();
    let word_decision = offered
        .iter()
        .find(|d| d["token"].as_str().unwrap().starts_with("word:"))
        .expect("a word clue");
    assert_eq!(word_decision["speech"], true, "{word_decision}");
    let pair = word_decision["token"].as_str().unwrap()["word:".len()..].to_string();
    assert_eq!(
        word_decision["words"].as_str().unwrap(),
        format!("a clue word from {} to {}", &pair[..1], &pair[1..])
    );
    let pass = offered.iter().find(|d| d["token"] == "pass").unwrap();
    assert_eq!(pass["speech"], false);
    let word = format!("{}ucalypt{}", &pair[..1], &pair[1..]);

    let before = hub.room(room).unwrap().message_for(giver_seat);
    for refused in [
        "pass look at the rook".to_string(),
        format!("word:{word} {}", "x".repeat(121)),
        format!("word:{word} two\u{7}lines"),
    ] {
        let out = play(&mut hub, giver, &refused);
        assert!(!error_of(&out, giver).is_empty(), "{refused}: {out:?}");
        assert_eq!(
            hub.room(room).unwrap().message_for(giver_seat),
            before,
            "{refused} changed the game"
        );
    }

    let said = "a tree from far away";
    let out = play(&mut hub, giver, &format!("word:{word} {said}"));
    assert!(
        to(&out, giver).iter().all(|m| m["type"] != "error"),
        "{out:?}"
    );
    let giver_record = hub.room(room).unwrap().message_for(giver_seat)["record"].to_string();
    assert!(
        giver_record.contains(&format!("word:{word} \\\"{said}\\\"")),
        "{giver_record}"
    );
    let mover = hub.room(room).unwrap().message_for(1 - giver_seat);
    let mover_record = mover["record"].to_string();
    assert!(
        mover_record.contains(&format!("word:? \\\"{said}\\\" (a secret clue word)")),
        "{mover_record}"
    );
    assert!(!mover.to_string().contains(&word), "{mover}");
}

/// Plays the first decision on offer, seat by seat, until `wanted` picks one from the offer of
/// the seat to decide; returns that seat after playing the picked decision, or `None`.
fn play_until(
    hub: &mut Hub,
    room: u64,
    steps: usize,
    wanted: impl Fn(&Value) -> bool,
) -> Option<(usize, String)> {
    for _ in 0..steps {
        let message = hub.room(room).unwrap().message_for(0);
        let seat = message["toDecide"].as_u64()? as usize;
        let offer = hub.room(room).unwrap().message_for(seat)["decisions"].clone();
        let offer = offer.as_array()?;
        let (token, found) = match offer.iter().find(|d| wanted(d)) {
            Some(d) => (d["token"].as_str()?.to_string(), true),
            None => (offer.first()?["token"].as_str()?.to_string(), false),
        };
        let out = play(hub, seat as u64 + 1, &token);
        assert!(error_of_any(&out).is_none(), "{token}: {out:?}");
        if found {
            return Some((seat, token));
        }
    }
    None
}

fn error_of_any(outbox: &[(u64, String)]) -> Option<String> {
    outbox
        .iter()
        .map(|(_, text)| parse(text))
        .find(|m| m["type"] == "error")
        .map(|m| m.to_string())
}

/// Buttons and the record speak plain words: a Cloak and Dagger guess is offered as "guess
/// checker N is a ...", and both seats read in their record whether it was right.
#[test]
fn a_guess_is_offered_and_recorded_in_plain_words() {
    let mut hub = Hub::new();
    hub.connect(1);
    hub.connect(2);
    let room = new_game(&mut hub, 1, "cloakanddagger", &["person", "person"], 0);
    hub.handle(
        2,
        &json!({"op": "join", "room": room, "seat": 1}).to_string(),
    );
    let is_guess = |d: &Value| {
        let token = d["token"].as_str().unwrap_or("");
        token.starts_with("guess:") && token != "guess:none"
    };
    // Every offered guess has its words.
    let (seat, token) = play_until(&mut hub, room, 200, |d| {
        if is_guess(d) {
            let words = d["words"].as_str().unwrap_or("");
            assert!(words.starts_with("guess checker "), "{d}");
        }
        is_guess(d)
    })
    .expect("a guess came within 200 decisions");
    // The record gets the turn once it is over.
    let line = format!("{token} (guessed checker ");
    let recorded = |hub: &Hub| {
        hub.room(room).unwrap().message_for(seat)["record"]
            .to_string()
            .contains(&line)
    };
    for _ in 0..20 {
        if recorded(&hub) {
            break;
        }
        play_until(&mut hub, room, 1, |_| false);
    }
    for listener in [seat, 1 - seat] {
        let record = hub.room(room).unwrap().message_for(listener)["record"].to_string();
        let at = record
            .find(&line)
            .unwrap_or_else(|| panic!("seat {listener}: no '{line}' in {record}"));
        let rest = &record[at..];
        assert!(
            rest.contains(": right)") || rest.contains(": wrong)"),
            "seat {listener}: {rest}"
        );
    }
}

/// Love's couple and It is what it is's royal targets are marked on their pieces.
#[test]
fn the_couple_and_the_royal_targets_are_marked() {
    let mut hub = Hub::new();
    hub.connect(1);
    let room = new_game(&mut hub, 1, "love", &["person", "person"], 0);
    let labels = hub.room(room).unwrap().message_for(0)["board"]["labels"].clone();
    let hearts = labels
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["text"] == "\u{2665}")
        .count();
    assert_eq!(hearts, 2, "{labels}");
    let room = new_game(&mut hub, 1, "itiswhatitis", &["person", "person"], 0);
    let labels = hub.room(room).unwrap().message_for(0)["board"]["labels"].clone();
    let crowns = labels
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["text"] == "\u{265b}")
        .count();
    assert_eq!(crowns, 6, "three royal targets a side: {labels}");
}

#[test]
fn a_served_variant_file_offers_its_games_and_plays_them() {
    // `amity serve --variants variants/amity.ini`: the file's games are in the catalogue
    // beside the built-in ones, and a room plays one (a throw, then a move) to a legal state.
    let mut options = amity_variants::VariantOptions::default();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/amity.ini");
    options.set("VariantPath", path).unwrap();
    let mut hub = Hub::new().with_options(options);
    let hello = to(&hub.connect(1), 1);
    let games: Vec<&str> = hello[0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["name"].as_str().unwrap())
        .collect();
    assert!(
        games.contains(&"chess") && games.contains(&"love-file"),
        "{games:?}"
    );
    let room = new_game(&mut hub, 1, "love-file", &["person", "person"], 0);
    // The server threw for the couple, as for the built-in game, and a move is played.
    let message = hub.room(room).unwrap().message_for(0);
    assert!(
        message["throw"].as_str().unwrap().starts_with("roll:"),
        "{message}"
    );
    let out = play(&mut hub, 1, "e2e4");
    assert!(to(&out, 1).iter().all(|m| m["type"] != "error"), "{out:?}");
    assert_eq!(last_state(&out, 1)["type"], "state");
    // A hub without the file does not know the game.
    let mut plain = Hub::new();
    to(&plain.connect(2), 2);
    let out = plain.handle(
        2,
        &json!({"op": "new", "variant": "love-file", "players": ["person", "person"], "seat": 0})
            .to_string(),
    );
    assert!(error_of(&out, 2).contains("love-file"), "{out:?}");
}
