//! The server under load (issue 67): 200 websocket clients play depth-1 chess in 100 rooms
//! (each person asks for a hint, a depth-1 search, then plays it) while one room has Amity
//! search Gravity at depth 8, move after move. It prints the reply times of the depth-1 rooms
//! (p50, p99, per room), the errors, and the server's resident memory before, during and after
//! the rooms close. Ignored by plain `cargo test`: it takes about three minutes and its figures
//! depend on the machine. It fails on an error; the times are reported, not asserted (a shared
//! machine's load moves them).
//!
//! The server runs in a process of its own, so that its memory is its own: the test starts
//! its own binary again with `AMITY_LOAD_SERVER` set, and that run serves instead of loading.
//! `AMITY_LOAD_SECONDS` sets how long the rooms play (60 s); `AMITY_LOAD_ROUNDS` how many times
//! (1) the rooms play, close and are forgotten in the same server, which shows whether memory
//! grows round after round; `AMITY_LOAD_SMAPS=FILE` writes the server's `/proc/PID/smaps` at the
//! end, to see which mappings hold what stayed.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// This test's name, as the harness filters it: the server process runs the same test.
const TEST_NAME: &str = "load::two_hundred_clients_in_a_hundred_rooms_beside_a_depth_eight_search";

/// Set in the server process's environment: that run serves.
const SERVER_ROLE: &str = "AMITY_LOAD_SERVER";

/// How long the rooms play (seconds), unless `AMITY_LOAD_SECONDS` says otherwise.
const DEFAULT_SECONDS: u64 = 60;

/// Rooms of two people each.
const ROOMS: usize = 100;

/// A person's thinking time before each move: people do not answer in no time, and a client
/// that never pauses measures the queue it makes itself rather than the server.
const THINK: std::ops::Range<u64> = 200..800;

/// Rooms (of two clients each) that warm the server up before it is measured, and for how
/// long they play.
const WARM_UP_ROOMS: usize = 4;
const WARM_UP: Duration = Duration::from_secs(5);

/// Amity's decisions in a Gravity game of the deep room before it starts another.
const DEEP_DECISIONS: usize = 3;

/// Longest wait for any answer before it counts as an error.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What the clients measured.
#[derive(Default)]
struct Figures {
    /// Hint answers (a depth-1 search in the pool), by room.
    hints: BTreeMap<usize, Vec<Duration>>,
    /// A move's own state message back to its mover, by room.
    moves: BTreeMap<usize, Vec<Duration>>,
    /// The same move's state message at the opponent, by room.
    told: BTreeMap<usize, Vec<Duration>>,
    games_finished: usize,
    errors: Vec<String>,
    /// Amity's depth-8 Gravity searches: from the person's move to Amity's answer, and the
    /// number of turns in the record then.
    deep: Vec<(Instant, Instant, usize)>,
}

/// The server process, killed when dropped (the test may panic).
struct ServerProcess {
    child: Child,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server's resident memory (kB): all of it, and the anonymous part (its heap, stacks and
/// tables). The rest is pages of its binary and libraries, read in as code runs for the
/// first time and shared with the file: not memory the rooms hold.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Resident {
    anonymous: u64,
    total: u64,
}

impl std::fmt::Display for Resident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} kB ({} kB anonymous)", self.total, self.anonymous)
    }
}

impl ServerProcess {
    /// The server process's resident memory, from /proc.
    fn resident(&self) -> Resident {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let field = |name: &str| -> u64 {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
                .unwrap_or_else(|| panic!("a {name} line"))
        };
        Resident {
            anonymous: field("RssAnon:"),
            total: field("VmRSS:"),
        }
    }
}

/// The server's half of the test: `amity serve` as `amity_web::run` starts it, on a free port
/// it prints for the test, until killed.
fn serve() {
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let address = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let served = runtime.block_on(amity_web::serve(
        address,
        None,
        Default::default(),
        |server| {
            println!("AMITY_LOAD_PORT={}", server.address.port());
            let _ = std::io::stdout().flush();
        },
    ));
    served.expect("the server runs");
}

fn start_server() -> (ServerProcess, u16) {
    let child = Command::new(std::env::current_exe().expect("the test binary"))
        .args([TEST_NAME, "--exact", "--ignored", "--nocapture"])
        .env(SERVER_ROLE, "1")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server process starts");
    let mut server = ServerProcess { child };
    let stdout = server.child.stdout.take().expect("its output");
    let mut lines = BufReader::new(stdout).lines();
    let port = loop {
        let line = lines
            .next()
            .expect("the server says its port")
            .expect("its output");
        if let Some(port) = line.strip_prefix("AMITY_LOAD_PORT=") {
            break port.parse().expect("a port");
        }
    };
    // Whatever else it prints is read, so it never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (server, port)
}

async fn connect(port: u16) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://127.0.0.1:{port}/ws"))
        .await
        .expect("the socket opens");
    socket
}

async fn send(socket: &mut Socket, request: &Value) -> Result<(), String> {
    socket
        .send(Message::text(request.to_string()))
        .await
        .map_err(|error| format!("send: {error}"))
}

/// Reads messages until one satisfies `wanted`; an error message, a closed socket or
/// [`ANSWER_TIMEOUT`] is an error.
async fn until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Result<Value, String> {
    let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT;
    loop {
        let next = tokio::time::timeout_at(deadline, socket.next())
            .await
            .map_err(|_| format!("no answer in {ANSWER_TIMEOUT:?}"))?;
        let message = match next {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(_)) => continue,
            Some(Err(error)) => return Err(format!("socket: {error}")),
            None => return Err("socket closed".into()),
        };
        let message: Value =
            serde_json::from_str(message.as_str()).map_err(|error| format!("not JSON: {error}"))?;
        if message["type"] == "error" {
            return Err(format!("error message: {}", message["message"]));
        }
        if wanted(&message) {
            return Ok(message);
        }
    }
}

fn plies(state: &Value) -> usize {
    state["record"].as_array().map_or(0, Vec::len)
}

fn is_state(message: &Value) -> bool {
    message["type"] == "state"
}

/// Two people playing chess at depth 1 in one room after another, each move a hint and then
/// the hinted move, until `stop`.
async fn play_room(
    port: u16,
    index: usize,
    stop: Arc<AtomicBool>,
    figures: Arc<Mutex<Figures>>,
) -> Result<(), String> {
    let mut people = [connect(port).await, connect(port).await];
    let mut rng = StdRng::seed_from_u64(index as u64);
    while !stop.load(Ordering::Relaxed) {
        let new = json!({"op": "new", "variant": "chess", "players": ["person", "person"],
                         "seat": 0, "depth": 1});
        send(&mut people[0], &new).await?;
        let created = until(&mut people[0], |m| m["type"] == "created").await?;
        let room = created["room"].clone();
        send(
            &mut people[1],
            &json!({"op": "join", "room": room, "seat": 1}),
        )
        .await?;
        let mut state = until(&mut people[1], is_state).await?;
        until(&mut people[0], |m| {
            is_state(m) && m["seats"][1]["taken"] == true
        })
        .await?;
        while state["result"].is_null() && !stop.load(Ordering::Relaxed) {
            let mover = state["toDecide"].as_u64().ok_or("nobody decides")? as usize;
            let other = 1 - mover;
            let think = rng.random_range(THINK);
            tokio::time::sleep(Duration::from_millis(think)).await;
            let asked = Instant::now();
            send(&mut people[mover], &json!({"op": "hint"})).await?;
            let hint = until(&mut people[mover], |m| m["type"] == "hint").await?;
            let hinted = asked.elapsed();
            let token = hint["token"]
                .as_str()
                .ok_or("a hint with no move")?
                .to_string();
            let before = plies(&state);
            let sent = Instant::now();
            send(&mut people[mover], &json!({"op": "play", "token": token})).await?;
            state = until(&mut people[mover], |m| is_state(m) && plies(m) > before).await?;
            let moved = sent.elapsed();
            until(&mut people[other], |m| is_state(m) && plies(m) > before).await?;
            let told = sent.elapsed();
            let mut figures = figures.lock().expect("figures");
            figures.hints.entry(index).or_default().push(hinted);
            figures.moves.entry(index).or_default().push(moved);
            figures.told.entry(index).or_default().push(told);
        }
        if !state["result"].is_null() {
            figures.lock().expect("figures").games_finished += 1;
        }
    }
    Ok(())
}

/// Gravity against Amity at depth 8, Amity moving first: Gravity's turns are several
/// decisions, and each of Amity's is a deep search (at most [`SEARCH_TIME_CAP`] long), so
/// one runs nearly all the time the rooms play. The person answers at once, by chance.
///
/// [`SEARCH_TIME_CAP`]: amity_web::room::SEARCH_TIME_CAP
async fn search_deep(port: u16, stop: Arc<AtomicBool>, figures: Arc<Mutex<Figures>>) {
    let mut socket = connect(port).await;
    let new = json!({"op": "new", "variant": "gravity", "players": ["amity", "person"],
                     "seat": 1, "depth": 8});
    let mut rng = StdRng::seed_from_u64(8);
    let mut sent = send(&mut socket, &new).await;
    // Since when the seat that decides now has been deciding, and whether it is Amity.
    let mut since = Instant::now();
    let mut amity_decides = false;
    let mut searches_this_game = 0;
    while sent.is_ok() && !stop.load(Ordering::Relaxed) {
        // Every decision, Amity's or the person's, is told in a state message.
        let state = match until(&mut socket, is_state).await {
            Ok(state) => state,
            Err(error) => {
                sent = Err(error);
                break;
            }
        };
        if amity_decides {
            let searched = (since, Instant::now(), plies(&state));
            figures.lock().expect("figures").deep.push(searched);
            searches_this_game += 1;
        }
        since = Instant::now();
        amity_decides = state["result"].is_null() && state["toDecide"] != state["seat"];
        // Gravity's first decisions are the deep ones (at the cap); later ones, with fewer
        // pieces free to fall, take a second or less even at depth 8: a new game then, on
        // the person's turn, so that no search goes on in the room left.
        let person_decides = state["toDecide"] == state["seat"];
        if !state["result"].is_null() || (searches_this_game >= DEEP_DECISIONS && person_decides) {
            searches_this_game = 0;
            amity_decides = false;
            sent = send(&mut socket, &new).await;
        } else if person_decides {
            let owed = state["decisions"].as_array().cloned().unwrap_or_default();
            let pick = &owed[rng.random_range(0..owed.len())];
            sent = send(&mut socket, &json!({"op": "play", "token": pick["token"]})).await;
        }
    }
    if let Err(error) = sent {
        figures
            .lock()
            .expect("figures")
            .errors
            .push(format!("deep room: {error}"));
    }
}

/// A depth-8 Gravity search by Amity, stopped after a while with `cancel`: Amity then plays
/// the best it has found.
async fn search_a_while(port: u16) -> Result<(), String> {
    let mut socket = connect(port).await;
    let new = json!({"op": "new", "variant": "gravity", "players": ["amity", "person"],
                     "seat": 1, "depth": 8});
    send(&mut socket, &new).await?;
    until(&mut socket, is_state).await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    send(&mut socket, &json!({"op": "cancel"})).await?;
    until(&mut socket, |m| is_state(m) && m["toDecide"] == m["seat"]).await?;
    Ok(())
}

/// How much of `window` the deep searches covered.
fn covered(searches: &[(Instant, Instant, usize)], window: (Instant, Instant)) -> Duration {
    searches
        .iter()
        .map(|(from, to, _)| {
            (*to)
                .min(window.1)
                .saturating_duration_since((*from).max(window.0))
        })
        .sum()
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((sorted.len() as f64 * fraction).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn millis(duration: Duration) -> String {
    format!("{:.1} ms", duration.as_secs_f64() * 1000.0)
}

/// p50, p99 and the largest of every room's times together.
fn summary(name: &str, by_room: &BTreeMap<usize, Vec<Duration>>) -> Duration {
    let mut all: Vec<Duration> = by_room.values().flatten().copied().collect();
    all.sort();
    println!(
        "{name}: {} answers, p50 {}, p99 {}, max {}",
        all.len(),
        millis(percentile(&all, 0.5)),
        millis(percentile(&all, 0.99)),
        millis(all.last().copied().unwrap_or_default()),
    );
    percentile(&all, 0.99)
}

/// Whether the rooms were served alike: each room's moves and its own p99.
fn fairness(by_room: &BTreeMap<usize, Vec<Duration>>) {
    let mut counts: Vec<usize> = by_room.values().map(Vec::len).collect();
    counts.sort_unstable();
    let mut p99s: Vec<Duration> = by_room
        .values()
        .map(|times| {
            let mut times = times.clone();
            times.sort();
            percentile(&times, 0.99)
        })
        .collect();
    p99s.sort();
    println!(
        "per room: {} rooms moved; moves min {} median {} max {}; each room's p99 of its hints: \
         best {}, median {}, worst {}",
        counts.len(),
        counts.first().unwrap_or(&0),
        counts.get(counts.len() / 2).unwrap_or(&0),
        counts.last().unwrap_or(&0),
        millis(p99s.first().copied().unwrap_or_default()),
        millis(percentile(&p99s, 0.5)),
        millis(p99s.last().copied().unwrap_or_default()),
    );
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
#[ignore = "a load test of about three minutes that prints its figures"]
fn two_hundred_clients_in_a_hundred_rooms_beside_a_depth_eight_search() {
    if std::env::var_os(SERVER_ROLE).is_some() {
        serve();
        return;
    }
    let seconds = std::env::var("AMITY_LOAD_SECONDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(DEFAULT_SECONDS);
    println!("load average before: {}", load_average());
    let (server, port) = start_server();
    std::thread::sleep(Duration::from_secs(1));
    let rss_cold = server.resident();
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    // A server that has served holds what it keeps for the next answers: its search
    // workers, each with a small table and its histories, as many as have searched at once
    // (at most SEARCH_WORKERS). Warm it up with a few rooms and as many deep searches at once,
    // so that what stays after the load is measured against a server that has served.
    runtime.block_on(async {
        let (stop, figures) = (Arc::new(AtomicBool::new(false)), Arc::default());
        let rooms: Vec<_> = (0..WARM_UP_ROOMS)
            .map(|index| {
                let (stop, figures) = (Arc::clone(&stop), Arc::clone(&figures));
                tokio::spawn(play_room(port, ROOMS + index, stop, figures))
            })
            .collect();
        let deep: Vec<_> = (0..amity_web::search::SEARCH_WORKERS)
            .map(|_| tokio::spawn(search_a_while(port)))
            .collect();
        for search in deep {
            search
                .await
                .expect("a warm-up search's task")
                .expect("a warm-up search");
        }
        tokio::time::sleep(WARM_UP).await;
        stop.store(true, Ordering::Relaxed);
        for room in rooms {
            room.await
                .expect("a warm-up room's task")
                .expect("a warm-up room");
        }
    });
    std::thread::sleep(Duration::from_secs(1));
    let rss_before = server.resident();
    // The warm-up's sockets close with its runtime.
    drop(runtime);
    let rounds = std::env::var("AMITY_LOAD_ROUNDS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1);
    for round in 1..=rounds {
        println!("round {round} of {rounds}");
        load_round(&server, port, seconds, (rss_cold, rss_before));
    }
}

/// One round of the load: the rooms play for `seconds` beside the deep search, close, and
/// are forgotten; prints its figures (memory against `before`, the server started and warmed
/// up) and fails on an error.
fn load_round(server: &ServerProcess, port: u16, seconds: u64, before: (Resident, Resident)) {
    let (rss_cold, rss_before) = before;
    let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let figures = Arc::new(Mutex::new(Figures::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let mut rss_during = Vec::new();
    let mut window = (Instant::now(), Instant::now());
    runtime.block_on(async {
        let deep = tokio::spawn(search_deep(port, Arc::clone(&stop), Arc::clone(&figures)));
        // The deep search starts first, so every depth-1 answer is measured beside it.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let rooms: Vec<_> = (0..ROOMS)
            .map(|index| {
                let (stop, figures) = (Arc::clone(&stop), Arc::clone(&figures));
                tokio::spawn(async move {
                    if let Err(error) = play_room(port, index, stop, Arc::clone(&figures)).await {
                        figures
                            .lock()
                            .expect("figures")
                            .errors
                            .push(format!("room {index}: {error}"));
                    }
                })
            })
            .collect();
        window.0 = Instant::now();
        let until = window.0 + Duration::from_secs(seconds);
        while Instant::now() < until {
            tokio::time::sleep(Duration::from_secs(1)).await;
            rss_during.push(server.resident());
        }
        stop.store(true, Ordering::Relaxed);
        window.1 = Instant::now();
        for room in rooms {
            room.await.expect("a room's task");
        }
        deep.await.expect("the deep room's task");
    });
    // Every socket is closed with the runtime.
    drop(runtime);
    let rss_closed = server.resident();
    // Seats are kept for their browsers for the grace, then freed by the next sweep, and a
    // room nobody holds is forgotten.
    let grace = amity_web::room::SEAT_GRACE + Duration::from_secs(10);
    println!("waiting {grace:?} for the seats' grace to pass and the rooms to go");
    std::thread::sleep(grace);
    let rss_after = server.resident();
    if let Some(path) = std::env::var_os("AMITY_LOAD_SMAPS") {
        let smaps = std::fs::read_to_string(format!("/proc/{}/smaps", server.child.id()));
        std::fs::write(path, smaps.unwrap_or_default()).expect("smaps written");
    }
    println!("load average after: {}", load_average());

    let figures = figures.lock().expect("figures");
    println!(
        "{ROOMS} rooms of two clients, {seconds} s, {} games finished",
        figures.games_finished
    );
    let hint_p99 = summary("hint (depth-1 search)", &figures.hints);
    let move_p99 = summary("move (own state back)", &figures.moves);
    summary("move (state at the opponent)", &figures.told);
    fairness(&figures.hints);
    println!(
        "depth-8 Gravity: {} answers (seconds, turns recorded: {}), a search under way {:.0} % \
         of the time the rooms played",
        figures.deep.len(),
        figures
            .deep
            .iter()
            .map(|(from, to, turns)| format!("{:.1} s {turns}", (*to - *from).as_secs_f64()))
            .collect::<Vec<_>>()
            .join(", "),
        100.0 * covered(&figures.deep, window).as_secs_f64() / (window.1 - window.0).as_secs_f64(),
    );
    let peak = rss_during.iter().max().copied().unwrap_or_default();
    println!(
        "server memory: started {rss_cold}, warmed up {rss_before}; during: peak {peak}, last \
         {}; sockets closed {rss_closed}; rooms gone {rss_after}: anonymous {:+.1} % of warmed up",
        rss_during.last().copied().unwrap_or_default(),
        100.0 * (rss_after.anonymous as f64 - rss_before.anonymous as f64)
            / rss_before.anonymous as f64,
    );
    println!("errors: {}", figures.errors.len());
    for error in figures.errors.iter().take(10) {
        println!("  {error}");
    }
    println!(
        "target p99 < 100 ms: hints {}, moves {}",
        if hint_p99 < Duration::from_millis(100) {
            "met"
        } else {
            "missed"
        },
        if move_p99 < Duration::from_millis(100) {
            "met"
        } else {
            "missed"
        },
    );
    assert!(
        figures.errors.is_empty(),
        "errors under load: {:?}",
        figures.errors
    );
    assert!(
        !figures.hints.is_empty() && !figures.deep.is_empty(),
        "nothing was measured"
    );
}
