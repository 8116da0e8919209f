//! The page in a real headless Chromium (Debian's `chromium` and `chromium-driver`, driven over
//! WebDriver): games played by clicks, an illegal click refused, a hidden-information game
//! checked for leaks at the browser, a four-seat Split-Brain game with two browsers, the
//! latency of a depth-1 answer, and the screenshots in docs/screenshots/. Ignored by plain
//! `cargo test` (they need the browser); `.ci/run` installs it and runs them with
//! `--ignored`. Without chromium they fail, never skip.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::webdriver::{Browser, Driver};
use amity_engine::{Position, Presentation, Rules};
use amity_variants::with_game;
use amity_web::hub::Hub;
use serde_json::Value;

/// A server on a free port of 127.0.0.1, in a thread of its own.
struct TestServer {
    url: String,
    hub: Arc<Mutex<Hub>>,
}

fn start_server() -> TestServer {
    start_server_watching(None)
}

fn start_server_watching(watch: Option<std::path::PathBuf>) -> TestServer {
    start_server_with(Hub::new(), watch)
}

/// A server whose clock runs ahead of the system's by what the test puts in the returned
/// cell: a kept seat lapses without waiting [`amity_web::room::SEAT_GRACE`].
fn start_server_with_clock() -> (TestServer, Arc<Mutex<Duration>>) {
    let ahead = Arc::new(Mutex::new(Duration::ZERO));
    let read = Arc::clone(&ahead);
    let hub = Hub::with_clock(Arc::new(move || {
        Instant::now() + *read.lock().expect("the test's clock")
    }));
    (start_server_with(hub, None), ahead)
}

fn start_server_with(hub: Hub, watch: Option<std::path::PathBuf>) -> TestServer {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
        let address = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
        let served = runtime.block_on(amity_web::serve_hub(address, watch, hub, |server| {
            let _ = sender.send((server.address, Arc::clone(&server.hub)));
        }));
        served.expect("the server runs");
    });
    let (address, hub) = receiver
        .recv_timeout(Duration::from_secs(10))
        .expect("the server starts");
    TestServer {
        url: format!("http://{address}"),
        hub,
    }
}

/// The last state message the page received.
fn state(browser: &Browser) -> Option<Value> {
    let text = browser.script(
        "const s = window.amityFrames.filter(f => f.includes('\"type\":\"state\"')); \
         return s.length ? s[s.length - 1] : null;",
    );
    text.as_str().and_then(|t| serde_json::from_str(t).ok())
}

/// Waits until the page's last state satisfies `ready`.
fn wait_state(browser: &Browser, seconds: u64, ready: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(state) = state(browser)
            && ready(&state)
        {
            return state;
        }
        assert!(
            Instant::now() < deadline,
            "the page never reached the state wanted; last: {:?}",
            state(browser)
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

fn my_turn(state: &Value) -> bool {
    state["toDecide"] == state["seat"] && state["result"].is_null()
}

/// Starts a game from the page's form: `game`, the person at seat `you`, every other seat
/// Amity except those in `people`, Amity at `depth` (the page's `?depth=N`, for measuring;
/// its form offers Elo levels).
fn start_game(browser: &Browser, url: &str, game: &str, you: usize, people: &[usize], depth: u32) {
    browser.go(&format!("{url}/?game={game}&depth={depth}"));
    browser.wait_for(&format!("input[name=you][value='{you}']"), 10);
    browser.click(&format!("input[name=you][value='{you}']"));
    for seat in people {
        browser.select(&format!("player-{seat}"), "person");
    }
    browser.click("#start");
    wait_state(browser, 20, |s| s["variant"] == game);
}

/// Makes one of the seat's decisions by clicks: a board move by its two squares, a decision
/// naming one square by that square, any other by its button; a choice the squares leave
/// open (a promotion) by the button the page then offers.
fn click_decision(browser: &Browser, decision: &Value) {
    let token = decision["token"].as_str().expect("a token");
    let from = decision["from"].as_str();
    let to = decision["to"].as_str();
    match (from, to) {
        (Some(from), Some(to)) => {
            browser.click(&format!("rect[data-square='{from}']"));
            browser.click(&format!("rect[data-square='{to}']"));
        }
        (None, Some(to)) => browser.click(&format!("rect[data-square='{to}']")),
        _ => browser.click(&format!("button.decision[data-token='{token}']")),
    }
    // Several decisions on the same squares: the page offers them as buttons.
    std::thread::sleep(Duration::from_millis(30));
    let offered = browser.find(&format!("button.decision[data-token='{token}']"));
    if offered.is_some() && (from.is_some() || to.is_some()) {
        browser.click(&format!("button.decision[data-token='{token}']"));
    }
}

/// Plays `decisions` of this seat's decisions by clicks, waiting for Amity's answers.
/// Prefers moves on the board, so clicks on squares are what is tested.
fn play_by_clicks(browser: &Browser, decisions: usize) -> Value {
    let mut last = wait_state(browser, 60, |s| my_turn(s) || !s["result"].is_null());
    for _ in 0..decisions {
        if !last["result"].is_null() {
            break;
        }
        let owed = last["decisions"].as_array().expect("decisions").clone();
        let decision = owed
            .iter()
            .find(|d| d["from"].is_string())
            .or_else(|| owed.iter().find(|d| d["to"].is_string()))
            .or_else(|| owed.first())
            .expect("a decision to make")
            .clone();
        let before = last["fen"].clone();
        click_decision(browser, &decision);
        last = wait_state(browser, 60, |s| {
            s["fen"] != before && (my_turn(s) || !s["result"].is_null())
        });
    }
    last
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn games_are_played_by_clicks_in_seven_games() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    for game in [
        "chess",
        "losalamos",
        "moralsupport",
        "pacifist",
        "itiswhatitis",
        "love",
        "gravity",
    ] {
        start_game(&browser, &server.url, game, 0, &[], 1);
        let start = state(&browser).unwrap();
        let end = play_by_clicks(&browser, 3);
        let record = end["record"].as_array().unwrap();
        assert!(
            record.len() >= 4 || !end["result"].is_null(),
            "{game}: three decisions and Amity's answers recorded: {record:?}"
        );
        assert_ne!(start["fen"], end["fen"], "{game}");
        assert!(
            record[0].as_str().unwrap().contains("white: "),
            "{game}: {record:?}"
        );
        if game == "love" {
            // The throw is drawn as dice, two (a file and a rank) for each square thrown.
            let faces = browser.script(
                "return [...document.querySelectorAll('g.die')].map(d => d.dataset.face).join('');",
            );
            let thrown = end["throw"].as_str().unwrap().trim_start_matches("roll:");
            assert_eq!(faces.as_str().unwrap(), thrown, "{game}");
        }
    }
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn an_illegal_click_is_refused_and_the_game_goes_on() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    start_game(&browser, &server.url, "chess", 0, &[], 1);
    let before = state(&browser).unwrap();
    browser.click("rect[data-square='e2']");
    browser.click("rect[data-square='e5']");
    let deadline = Instant::now() + Duration::from_secs(10);
    let message = loop {
        let text = browser.script("return document.getElementById('message').textContent;");
        if text.as_str().is_some_and(|t| !t.is_empty()) {
            break text;
        }
        assert!(Instant::now() < deadline, "no message for an illegal click");
        std::thread::sleep(Duration::from_millis(30));
    };
    assert_eq!(
        message,
        "refused: 'e2e5' is not a decision white may make now"
    );
    // A click on the opponent's piece and a square: refused too, nothing changed.
    browser.click("rect[data-square='e7']");
    browser.click("rect[data-square='e5']");
    assert_eq!(state(&browser).unwrap()["fen"], before["fen"]);
    // Typed nonsense is refused with a message as well.
    browser.type_into("#token", "castle please");
    browser.click("#typed button");
    std::thread::sleep(Duration::from_millis(200));
    let message = browser.script("return document.getElementById('message').textContent;");
    assert_eq!(
        message,
        "refused: 'castle please' is not a decision white may make now"
    );
    // A hint names one of the decisions on offer.
    browser.click("#hint");
    let deadline = Instant::now() + Duration::from_secs(10);
    let hint = loop {
        let text = browser.script("return document.getElementById('hint-text').textContent;");
        if text.as_str().is_some_and(|t| t.starts_with("Hint: ")) {
            break text.as_str().unwrap().to_string();
        }
        assert!(Instant::now() < deadline, "no hint");
        std::thread::sleep(Duration::from_millis(30));
    };
    let token = hint["Hint: ".len()..].split(' ').next().unwrap();
    assert!(
        before["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["token"] == token),
        "{hint}"
    );
    let after = play_by_clicks(&browser, 1);
    assert_eq!(after["record"].as_array().unwrap().len(), 2);
}

/// Every text that left the server for this browser, and the page as it stands.
fn everything_the_browser_holds(browser: &Browser) -> Vec<String> {
    let frames = browser.script("return window.amityFrames;");
    let mut texts: Vec<String> = frames
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    texts.push(browser.source());
    texts.push(
        browser
            .script("return document.body.innerText;")
            .as_str()
            .unwrap_or_default()
            .to_string(),
    );
    texts
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn a_hidden_information_game_leaks_nothing_to_the_browser() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    for game in ["cloakanddagger", "booster"] {
        start_game(&browser, &server.url, game, 0, &[], 1);
        let last = play_by_clicks(&browser, 4);
        let room = last["room"].as_u64().unwrap();
        let full_fen = {
            let hub = server.hub.lock().unwrap();
            hub.room(room).unwrap().full_fen()
        };
        let held = everything_the_browser_holds(&browser);
        let template = amity_variants::new_game(game).unwrap();
        with_game!(&template, g => {
            let rules = g.rules();
            let full = Position::from_fen(rules, &full_fen).unwrap();
            let view = rules.view(&full, rules.seats()[0].side);
            assert_eq!(last["fen"], view.to_fen(rules), "{game}: the page shows the seat's view");
            let view_fen = view.to_fen(rules);
            let mut secrets: Vec<String> = Vec::new();
            let full_fields: Vec<&str> = full_fen.split(' ').collect();
            let view_fields: Vec<&str> = view_fen.split(' ').collect();
            for (full_field, view_field) in full_fields.iter().zip(&view_fields) {
                if !view_field.contains(full_field) {
                    secrets.push(full_field.to_string());
                }
            }
            let seen = rules.describe(&view);
            for line in rules.describe(&full).lines() {
                if !seen.contains(line) {
                    secrets.push(line.to_string());
                }
            }
            assert!(!secrets.is_empty(), "{game}: the full state hides something");
            for secret in &secrets {
                for text in &held {
                    assert!(!text.contains(secret.as_str()), "{game}: '{secret}' reached the browser");
                }
            }
        });
        // The opponent's hidden pieces are drawn as unknown.
        if game == "cloakanddagger" {
            let black_cloaks = browser.script(
                "return [...document.querySelectorAll('g.piece[data-color=black]')]\
                 .filter(g => g.dataset.symbol !== 'P' && g.dataset.symbol !== '?').length;",
            );
            let uncloaked = last["describe"]
                .as_str()
                .unwrap()
                .lines()
                .find(|l| l.starts_with("Black cloaked"))
                .map_or(8, |l| 8 - l.matches('?').count());
            assert!(black_cloaks.as_u64().unwrap() as usize <= uncloaked);
        }
    }
}

/// What the full state of `room` hides from its player: the fields and description lines of
/// the full state that the player's view does not show.
fn solitaire_secrets(server: &TestServer, game: &str, room: u64) -> Vec<String> {
    let (full_fen, view_fen) = {
        let hub = server.hub.lock().unwrap();
        let room = hub.room(room).unwrap();
        (room.full_fen(), room.seat_view_fen(0))
    };
    let template = amity_variants::new_game(game).unwrap();
    with_game!(&template, g => {
        let rules = g.rules();
        let full = Position::from_fen(rules, &full_fen).unwrap();
        let view = Position::from_fen(rules, &view_fen).unwrap();
        let mut secrets = Vec::new();
        for (full_field, view_field) in full_fen.split(' ').zip(view_fen.split(' ')) {
            if !view_field.contains(full_field) {
                secrets.push(full_field.to_string());
            }
        }
        let seen = rules.describe(&view);
        for line in rules.describe(&full).lines() {
            // A pile's order is the secret; its length and the score are not (nor an empty
            // pile, whose line a view only words differently).
            if !seen.contains(line) && line.contains("pile") && !line.contains("(0 cards") {
                secrets.push(line.to_string());
            }
        }
        secrets
    })
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn the_solitaires_are_played_blind_to_the_end_with_hints_and_no_leak() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    for game in ["parade", "neighbour"] {
        start_game(&browser, &server.url, game, 0, &[], 1);
        let mut last = wait_state(&browser, 30, |s| my_turn(s) || !s["result"].is_null());
        let room = last["room"].as_u64().unwrap();
        // The piles are drawn as cards: Parade's face down, Neighbour's face up (sorted).
        let cards = browser
            .script("return [...document.querySelectorAll('g.card')].map(c => c.dataset.card);");
        let cards: Vec<&str> = cards
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert!(!cards.is_empty(), "{game}: cards drawn");
        assert_eq!(
            cards.iter().all(|c| *c == "?"),
            game == "parade",
            "{game}: {cards:?}"
        );
        let mut secrets = Vec::new();
        let mut hints = 0;
        let mut placed = 0;
        for _ in 0..60 {
            if !last["result"].is_null() {
                break;
            }
            secrets.extend(solitaire_secrets(&server, game, room));
            if last["fen"].as_str().unwrap().contains(":place=") {
                placed += 1;
            }
            // Now and then the solver's hint, from the player's view; it must be a decision
            // on offer.
            if hints < 3 {
                browser.click("#hint");
                let deadline = Instant::now() + Duration::from_secs(30);
                let hint = loop {
                    let text =
                        browser.script("return document.getElementById('hint-text').textContent;");
                    let text = text.as_str().unwrap_or_default().to_string();
                    if text.starts_with("Hint: ") {
                        break text;
                    }
                    assert!(Instant::now() < deadline, "no hint: {text}");
                    std::thread::sleep(Duration::from_millis(50));
                };
                let token = hint["Hint: ".len()..].split(' ').next().unwrap();
                assert!(
                    last["decisions"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|d| d["token"] == token),
                    "{game}: hint {hint} not among {}",
                    last["decisions"]
                );
                hints += 1;
            }
            let owed = last["decisions"].as_array().unwrap().clone();
            // Blind adds first (and the square they then ask for), so the piles are used up.
            let decision = owed
                .iter()
                .find(|d| d["token"] == "add")
                .or_else(|| {
                    owed.iter()
                        .find(|d| d["from"].is_null() && d["to"].is_string())
                })
                .or_else(|| owed.first())
                .unwrap()
                .clone();
            let before = last["fen"].clone();
            let records = last["record"].as_array().unwrap().len();
            click_decision(&browser, &decision);
            last = wait_state(&browser, 60, |s| {
                (s["fen"] != before || s["record"].as_array().unwrap().len() != records)
                    && (my_turn(s) || !s["result"].is_null())
            });
        }
        assert!(!last["result"].is_null(), "{game}: the game ended: {last}");
        assert!(
            secrets.iter().any(|s| s.contains(':')),
            "{game}: the piles were hidden"
        );
        let held = everything_the_browser_holds(&browser);
        for secret in &secrets {
            for text in &held {
                assert!(
                    !text.contains(secret.as_str()),
                    "{game}: '{secret}' reached the browser"
                );
            }
        }
        println!(
            "{game}: played to {}, {hints} hints, {placed} squares chosen after a blind add",
            last["result"]
        );
    }
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn a_four_seat_split_brain_game_with_two_browsers() {
    let server = start_server();
    let driver = Driver::start();
    let king_wing = driver.browser(1100, 800);
    let queen_wing = driver.browser(1100, 800);
    // Wk in one browser, Wq a person at another browser, Black's two seats Amity.
    start_game(&king_wing, &server.url, "splitbrain", 0, &[1], 1);
    let room = state(&king_wing).unwrap()["room"].as_u64().unwrap();
    queen_wing.go(&format!("{}/?room={room}&seat=1", server.url));
    wait_state(&queen_wing, 20, |s| s["seat"] == 1 && s["room"] == room);
    let browsers = [&king_wing, &queen_wing];
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut decisions = 0;
    loop {
        let now = state(&king_wing).unwrap();
        let record = now["record"].as_array().unwrap().len();
        if record >= 6 || !now["result"].is_null() {
            break;
        }
        assert!(Instant::now() < deadline, "the game stalled: {now}");
        let due = now["toDecide"].as_u64();
        match due {
            Some(seat @ 0..=1) => {
                let browser = browsers[seat as usize];
                let mine = wait_state(browser, 30, |s| my_turn(s) || !s["result"].is_null());
                if !mine["result"].is_null() {
                    break;
                }
                let before = mine["fen"].clone();
                let owed = mine["decisions"].as_array().unwrap().clone();
                let decision = owed
                    .iter()
                    .find(|d| d["to"].is_string())
                    .unwrap_or(&owed[0]);
                click_decision(browser, decision);
                wait_state(browser, 30, |s| s["fen"] != before);
                decisions += 1;
            }
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    assert!(decisions >= 2, "both people decided");
    let one = wait_state(&king_wing, 30, |s| {
        s["record"].as_array().unwrap().len() >= 6
    });
    let other = wait_state(&queen_wing, 30, |s| s["record"] == one["record"]);
    assert_eq!(one["seat"], 0);
    assert_eq!(other["seat"], 1);
    // Every frame each browser got was for its own seat.
    for (seat, browser) in browsers.iter().enumerate() {
        let frames = browser.script("return window.amityFrames;");
        for frame in frames.as_array().unwrap() {
            let message: Value = serde_json::from_str(frame.as_str().unwrap()).unwrap();
            if message["type"] == "state" {
                assert_eq!(message["seat"], seat);
            }
        }
    }
    // A reload comes back to the same seat: the address names the room and the seat, the
    // browser's storage keeps the seat's key.
    let address = queen_wing.script("return location.hash;");
    assert_eq!(address, format!("#room={room}&seat=1").as_str());
    queen_wing.script("location.reload(); return null;");
    let back = wait_state(&queen_wing, 20, |s| s["seat"] == 1);
    assert!(back["record"].as_array().unwrap().len() >= 6, "{back}");
    // Another browser, without the key, cannot take the seat.
    let third = driver.browser(1100, 800);
    third.go(&format!("{}/?room={room}&seat=1", server.url));
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let shown = third.script("return document.getElementById('message').textContent;");
        if shown == "seat Wq is already taken" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the third browser was not refused: {shown}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        state(&third).is_none(),
        "the third browser was sent no seat's view"
    );
    // A browser closed mid-game keeps its seat for a while: the other sees it away.
    drop(queen_wing);
    let away = wait_state(&king_wing, 30, |s| s["seats"][1]["away"] == true);
    assert_eq!(away["notice"], "Wq went away; the seat is kept for 120 s");
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn the_form_offers_elo_levels_and_amity_plays_at_the_one_chosen() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    browser.go(&format!("{}/?game=chess", server.url));
    browser.wait_for("input[name=you][value='1']", 10);
    browser.click("input[name=you][value='1']");
    browser.select("level", "1200");
    browser.click("#start");
    let state = wait_state(&browser, 30, |s| s["variant"] == "chess" && my_turn(s));
    assert_eq!(state["elo"], 1200, "{state}");
}

#[test]
#[ignore = "needs chromium and chromium-driver; prints the latency of depth-1 answers"]
fn latency_of_a_depth_one_answer_at_the_browser() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    // The test's own moves are poor and Amity mates them soon: new games until enough
    // answers are timed (each page load starts the page's own list afresh).
    let mut times: Vec<f64> = Vec::new();
    let mut thought: Vec<f64> = Vec::new();
    while times.len() < 60 {
        start_game(&browser, &server.url, "chess", 0, &[], 1);
        play_by_clicks(&browser, 30);
        times.extend(
            browser
                .script("return window.amityLatency;")
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_f64),
        );
        // What of it was the search: the server's own count, per answer.
        let searched = browser.script(
            "return window.amityFrames.map(f => JSON.parse(f)).filter(m => m.type === 'state' \
             && m.amityMicros !== null && m.toDecide === m.seat).map(m => m.amityMicros);",
        );
        let mut seen: Vec<f64> = searched
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_f64)
            .map(|micros| micros / 1000.0)
            .collect();
        seen.dedup();
        thought.extend(seen);
    }
    thought.sort_by(f64::total_cmp);
    println!(
        "of which Amity's depth-1 search (ms): n={} median={:.2} max={:.2}",
        thought.len(),
        thought[thought.len() / 2],
        thought[thought.len() - 1]
    );
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "depth-1 answers at the browser (ms, move sent to reply drawn): n={} median={:.1} max={:.1} all={:?}",
        sorted.len(),
        sorted[sorted.len() / 2],
        sorted[sorted.len() - 1],
        times
            .iter()
            .map(|t| (t * 10.0).round() / 10.0)
            .collect::<Vec<_>>()
    );
}

#[test]
#[ignore = "needs chromium and chromium-driver; writes docs/screenshots/web-<game>.png"]
fn screenshots_of_every_game() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1000, 760);
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::create_dir_all(&folder).expect("the screenshots folder");
    let only = std::env::var("AMITY_SCREENSHOTS").ok();
    for game in amity_variants::NAMES {
        if only
            .as_deref()
            .is_some_and(|list| !list.split(',').any(|g| g == *game))
        {
            continue;
        }
        start_game(&browser, &server.url, game, 0, &[], 1);
        play_by_clicks(&browser, 3);
        std::thread::sleep(Duration::from_millis(150));
        let png = browser.screenshot();
        assert!(png.starts_with(b"\x89PNG"), "{game}: a PNG");
        std::fs::write(folder.join(format!("web-{game}.png")), png).expect("writing");
    }
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn the_live_view_shows_a_match_in_progress() {
    use amity_match::live::{LiveBoard, LiveGame, TableRow};
    let path = std::env::temp_dir().join(format!("amity-live-{}.json", std::process::id()));
    let live = LiveBoard::create(path.clone(), "Test match", 4).unwrap();
    let template = amity_variants::new_game("losalamos").unwrap();
    let board = with_game!(&template, g => amity_web::board_json(g.rules(), g.position()));
    live.update_table(
        vec![
            TableRow {
                name: "Amity-d4".into(),
                wins: 1,
                draws: 1,
                losses: 0,
            },
            TableRow {
                name: "Amity-d2".into(),
                wins: 0,
                draws: 1,
                losses: 1,
            },
        ],
        2,
    );
    live.update_game(LiveGame {
        number: 3,
        white: "Amity-d4".into(),
        black: "Amity-d2".into(),
        variant: "losalamos".into(),
        board: Some(board),
        moves: vec!["b3".into(), "b4".into()],
        clocks: [Some(61.5), Some(59.25)],
        white_to_move: true,
        scores: vec![20, 35, -10],
        result: None,
    });
    live.update_game(LiveGame {
        number: 4,
        white: "Amity-d2".into(),
        black: "Amity-d4".into(),
        variant: "cloakanddagger".into(),
        board: None,
        ..LiveGame::default()
    });
    let server = start_server_watching(Some(path.clone()));
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    browser.go(&format!("{}/?watch", server.url));
    browser.wait_for(".live-board rect[data-square='f6']", 10);
    let text = browser
        .script("return document.getElementById('live').innerText;")
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains("Test match: 2 of 4 games finished"), "{text}");
    assert!(
        text.contains("Amity-d4 1:01.5 vs Amity-d2 0:59.3"),
        "{text}"
    );
    assert!(
        text.contains("its board is shown to its seats only"),
        "{text}"
    );
    let pieces = browser.script("return document.querySelectorAll('.live-board g.piece').length;");
    assert_eq!(pieces, 24);
    // The match goes on: the page follows the file.
    live.update_table(
        vec![TableRow {
            name: "Amity-d4".into(),
            wins: 2,
            draws: 1,
            losses: 0,
        }],
        3,
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    while !browser
        .script("return document.getElementById('live').innerText;")
        .as_str()
        .unwrap()
        .contains("3 of 4 games finished")
    {
        assert!(
            Instant::now() < deadline,
            "the live view did not follow the file"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = std::fs::remove_file(path);
}

/// Waits until the page's message line reads `wanted`.
fn wait_message(browser: &Browser, seconds: u64, wanted: &str) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let shown = browser.script("return document.getElementById('message').textContent;");
        if shown == wanted {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the page never said '{wanted}'; it says {shown}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn a_seat_is_its_browsers_until_its_grace_has_passed() {
    let (server, ahead) = start_server_with_clock();
    let driver = Driver::start();
    let first = driver.browser(1100, 800);
    // White in the first browser; Black a person's seat, left free.
    start_game(&first, &server.url, "chess", 0, &[1], 1);
    let room = state(&first).unwrap()["room"].as_u64().unwrap();
    // A reload comes back to the same seat, by the address and the stored key.
    first.script("location.reload(); return null;");
    wait_state(&first, 20, |s| s["seat"] == 0 && s["room"] == room);
    // Someone plays Black, so the room goes on when White's seat is free (a room where
    // nobody holds a seat is forgotten).
    let black = driver.browser(1100, 800);
    black.go(&format!("{}/?room={room}&seat=1", server.url));
    wait_state(&black, 20, |s| s["seat"] == 1 && s["room"] == room);
    // A second browser cannot take White while the first holds it...
    let second = driver.browser(1100, 800);
    second.go(&format!("{}/?room={room}&seat=0", server.url));
    wait_message(&second, 20, "seat white is already taken");
    // ...nor once the first has gone, while the seat is kept for it...
    drop(first);
    let deadline = Instant::now() + Duration::from_secs(20);
    while server
        .hub
        .lock()
        .unwrap()
        .room(room)
        .unwrap()
        .message_for(0)["seats"][0]["away"]
        != true
    {
        assert!(Instant::now() < deadline, "the first browser never went");
        std::thread::sleep(Duration::from_millis(50));
    }
    second.script("location.reload(); return null;");
    wait_message(
        &second,
        20,
        "seat white is kept for its player, who went away less than 120 s ago",
    );
    assert!(state(&second).is_none(), "no view for the second browser");
    // ...and it can once the grace has passed.
    *ahead.lock().unwrap() = amity_web::room::SEAT_GRACE + Duration::from_secs(1);
    second.script("location.reload(); return null;");
    let taken = wait_state(&second, 20, |s| s["seat"] == 0 && s["room"] == room);
    assert!(my_turn(&taken), "White moves first: {taken}");
    let address = second.script("return location.hash;");
    assert_eq!(address, format!("#room={room}&seat=0").as_str());
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn a_chesswords_clue_word_is_typed_whole() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    // The person is Black, who gives the first clue; Amity moves White on it.
    start_game(&browser, &server.url, "chesswords", 1, &[], 1);
    let mine = wait_state(&browser, 30, my_turn);
    let pair = mine["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["token"].as_str()?.strip_prefix("word:"))
        .next()
        .expect("a word clue on offer")
        .to_string();
    // A word the offer does not list, only its two end letters.
    let word = format!("{}eadgea{}", &pair[..1], &pair[1..]);
    // With the clue the giver says, which the mover hears.
    browser.type_into("#token", &format!("word:{word} a dream of the sea"));
    browser.click("#typed button");
    let after = wait_state(&browser, 60, |s| {
        s["record"]
            .to_string()
            .contains(&format!("word:{word} \\\"a dream of the sea\\\""))
    });
    let record = after["record"].to_string();
    assert!(record.contains("black: word:"), "{record}");
    // Amity, the mover, heard the clue and moved: the turn is over and Black clues again.
    let next = wait_state(&browser, 60, |s| my_turn(s) || !s["result"].is_null());
    assert!(
        next["record"].as_array().unwrap().len() > mine["record"].as_array().unwrap().len(),
        "{next}"
    );
    let shown = browser.script("return document.getElementById('record').textContent;");
    assert!(
        shown.as_str().unwrap().contains(&format!("word:{word}")),
        "the page shows the clue: {shown}"
    );
}

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn a_hint_is_cancelled_from_the_page() {
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    // A depth-8 Gravity hint takes far longer than this test waits before cancelling it.
    start_game(&browser, &server.url, "gravity", 0, &[], 8);
    wait_state(&browser, 30, my_turn);
    let hidden = "return document.getElementById('cancel').hidden;";
    assert_eq!(
        browser.script(hidden),
        true,
        "no search yet, nothing to stop"
    );
    browser.click("#hint");
    browser.click("#cancel");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let text = browser.script("return document.getElementById('hint-text').textContent;");
        if text == "Hint cancelled" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the hint was not cancelled: {text}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(browser.script(hidden), true, "the stop button goes");
    // The game goes on: a move is still the person's to make.
    let after = play_by_clicks(&browser, 1);
    assert_eq!(after["record"].as_array().unwrap().len(), 2, "{after}");
}

/// The longest game the test plays through the page (decisions of the person's).
const LONGEST_GAME: usize = 500;

#[test]
#[ignore = "needs chromium and chromium-driver"]
fn every_game_is_played_to_its_end_through_the_page() {
    use rand::{Rng, SeedableRng};
    let server = start_server();
    let driver = Driver::start();
    let browser = driver.browser(1100, 800);
    let mut rng = rand::rngs::StdRng::seed_from_u64(67);
    for game in amity_variants::NAMES {
        // The person at the first seat, Amity at depth 1 at every other.
        start_game(&browser, &server.url, game, 0, &[], 1);
        let mut last = wait_state(&browser, 60, |s| my_turn(s) || !s["result"].is_null());
        let mut decisions = 0;
        while last["result"].is_null() {
            assert!(
                decisions < LONGEST_GAME,
                "{game}: no end after {decisions} decisions"
            );
            // Any decision on offer, by chance: a person's poor play ends a game sooner
            // than careful play, and every kind of decision gets clicked now and then.
            let owed = last["decisions"].as_array().unwrap().clone();
            let decision = owed[rng.random_range(0..owed.len())].clone();
            let (fen, records) = (last["fen"].clone(), last["record"].clone());
            let pieces = last["board"]["pieces"].clone();
            click_decision(&browser, &decision);
            last = wait_state(&browser, 60, |s| {
                (s["fen"] != fen || s["record"] != records)
                    && (my_turn(s) || !s["result"].is_null())
            });
            decisions += 1;
            // Whatever the game, the squares the last decisions changed are highlighted.
            if last["board"]["pieces"] != pieces {
                let lit =
                    browser.script("return document.querySelectorAll('rect[data-last]').length;");
                assert!(
                    lit.as_u64() > Some(0),
                    "{game}: no square highlighted: {last}"
                );
            }
        }
        let turn = browser.script("return document.getElementById('turn').textContent;");
        assert!(
            turn.as_str().unwrap().starts_with("Game over: "),
            "{game}: {turn}"
        );
        // Amity's scores, where the page may show them, read from the person's side, in
        // pawns or as a mate.
        if !last["scores"].as_array().unwrap().is_empty() {
            let chart = browser.script("return document.getElementById('chart').textContent;");
            let chart = chart.as_str().unwrap();
            let shown = chart.split("(last ").nth(1).unwrap_or_default();
            let number = shown.trim_end_matches(')');
            let pawns = number.len() > 3
                && number.starts_with(['+', '-'])
                && number[number.len() - 3..].starts_with('.');
            let mate = number
                .strip_prefix('#')
                .is_some_and(|n| n.parse::<i32>().is_ok());
            assert!(
                chart.starts_with("Amity's score for you (white)") && (pawns || mate),
                "{game}: {chart}"
            );
        }
        // After the game, "New game" leads back to the form with this game chosen.
        browser.click("#new-game");
        let form = browser.script(
            "return [document.getElementById('setup').hidden, \
             document.getElementById('game').value];",
        );
        assert_eq!(form, serde_json::json!([false, game]), "{game}");
        println!("{game}: {} after {decisions} decisions", last["result"]);
    }
}
