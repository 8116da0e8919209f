//! `amity serve`: a web page where people play every game against Amity or each other. The
//! server holds every full state; each browser is a seat and receives only that seat's view
//! ([`room`]); the page (HTML, CSS and the SVG-drawing script) is embedded in the binary.

pub mod hub;
pub mod room;
pub mod search;

// The board JSON belongs to the live file's format, which the match writes and the page draws.
pub use amity_match::live::{board_json, color_name};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::serve::ListenerExt;
use serde_json::json;
use tokio::sync::mpsc;

use hub::{Hub, Outbox};
use room::ClientId;
use search::SearchPool;

const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

/// The longest frame the socket reads (bytes). Longer requests than
/// [`hub::MAX_REQUEST_BYTES`] are read and answered with an error; only a frame past this
/// closes the connection, so nobody can make the server hold megabytes.
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// How often the server frees seats kept past their grace and forgets rooms nobody holds, so
/// the seat shows free without waiting for the next request.
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// What every connection shares.
#[derive(Clone)]
struct Shared {
    hub: Arc<Mutex<Hub>>,
    senders: Arc<Mutex<std::collections::HashMap<ClientId, mpsc::UnboundedSender<String>>>>,
    next_client: Arc<AtomicU64>,
    /// Amity's searches, a few at once, none waiting for another.
    pool: SearchPool,
    /// The live-view file of a match being watched, if any.
    watch: Option<Arc<PathBuf>>,
}

impl Shared {
    fn hub(&self) -> std::sync::MutexGuard<'_, Hub> {
        // A panic elsewhere must not take the page down with it.
        self.hub
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn send(&self, outbox: Outbox) {
        let senders = self
            .senders
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for (client, text) in outbox {
            if let Some(sender) = senders.get(&client) {
                // A browser that has gone is removed by its own connection task.
                let _ = sender.send(text);
            }
        }
    }

    /// Lets Amity make every decision it owes in room `room`, one search at a time, each
    /// in the search pool.
    async fn run_amity(self, room: u64) {
        loop {
            let Some(job) = self.hub().next_amity_job(room) else {
                return;
            };
            let Some(answer) = self.pool.start(job).answer().await else {
                // The search panicked: free the room so a later request can try again.
                self.hub().release_amity(room);
                return;
            };
            let outbox = self.hub().apply_amity(answer);
            self.send(outbox);
        }
    }
}

impl Shared {
    /// Searches a hint off the async threads and sends it to the browser that asked.
    async fn hint(self, asker: ClientId, job: room::AmityJob) {
        let stop = job.stop_flag();
        let answered = self.pool.start(job).answer().await;
        // A hint asked for again meanwhile answers instead of this one.
        if !self.hub().hint_done(asker, &stop) {
            return;
        }
        let text = match answered {
            Some(answer) => answer.hint_text(),
            None => hub::error_text("the hint's search failed"),
        };
        self.send(vec![(asker, text)]);
    }
}

/// Frees lapsed seats and forgets abandoned rooms every [`SWEEP_EVERY`], for as long as the
/// server runs.
async fn sweep_now_and_then(shared: Shared) {
    let mut ticks = tokio::time::interval(SWEEP_EVERY);
    let mut forgotten = 0;
    loop {
        ticks.tick().await;
        let (outbox, now_forgotten) = {
            let mut hub = shared.hub();
            (hub.sweep(), hub.forgotten_rooms())
        };
        shared.send(outbox);
        if now_forgotten != forgotten {
            forgotten = now_forgotten;
            // Idle searchers keep their tables for the rooms they last searched: with those
            // rooms gone, the memory is given back with the rest, and the next search makes
            // a searcher afresh (a millisecond).
            shared.pool.forget_idle();
            // A few milliseconds with the allocator's locks: off the async threads.
            let _ = tokio::task::spawn_blocking(give_back_freed_memory).await;
        }
    }
}

/// Keeps large blocks (search tables, socket buffers) out of glibc's arenas. glibc maps a
/// block of 128 KB or more on its own and unmaps it when freed, but once such a block has
/// been freed it raises that size to the block's (up to 32 MB) and serves smaller blocks from
/// its arenas, where a freed deep search table (16 MB) stayed in the top of a thread's arena
/// that `malloc_trim` does not shrink. Fixing the size keeps it where it starts. In the load
/// test the server stayed at 70 MB after every room had closed without this, against 17 MB
/// warmed up.
fn keep_large_blocks_mapped() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt changes only the size from which later blocks are mapped on their own.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Hands the memory that rooms, their sockets and their searches freed back to the system:
/// glibc keeps freed memory in its arenas for reuse. Without this (and
/// [`keep_large_blocks_mapped`]) the server stayed near its peak (82 MB, against 5 MB at the
/// start) after every room of the load test had closed.
fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns pages the allocator holds free; no live allocation is
    // touched, and it takes the allocator's own locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The router: the page, its script and style, and the socket.
fn router(shared: Shared) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE) }),
        )
        .route(
            "/app.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    SCRIPT,
                )
            }),
        )
        .route(
            "/style.css",
            get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }),
        )
        .route("/ws", get(socket))
        .route("/live.json", get(live_view))
        .with_state(shared)
}

/// The watched match's live view as the match last wrote it.
async fn live_view(State(shared): State<Shared>) -> impl IntoResponse {
    let json_type = [(header::CONTENT_TYPE, "application/json")];
    let Some(path) = shared.watch else {
        let text = json!({ "error": "no match is watched: start amity serve --watch FILE" });
        return (StatusCode::NOT_FOUND, json_type, text.to_string());
    };
    // A small file, read at once: not worth a blocking task of its own.
    match std::fs::read_to_string(path.as_path()) {
        Ok(text) => (StatusCode::OK, json_type, text),
        Err(error) => {
            let text = json!({ "error": format!("cannot read {}: {error}", path.display()) });
            (StatusCode::NOT_FOUND, json_type, text.to_string())
        }
    }
}

async fn socket(upgrade: WebSocketUpgrade, State(shared): State<Shared>) -> impl IntoResponse {
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |socket| connection(socket, shared))
}

/// One browser: its requests go to the hub, the hub's texts for it come back.
async fn connection(mut socket: WebSocket, shared: Shared) {
    let client = shared.next_client.fetch_add(1, Ordering::Relaxed) + 1;
    let (sender, mut outgoing) = mpsc::unbounded_channel();
    shared
        .senders
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(client, sender);
    let hello = shared.hub().connect(client);
    shared.send(hello);
    loop {
        tokio::select! {
            text = outgoing.recv() => {
                let Some(text) = text else { break };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            received = socket.recv() => {
                match received {
                    Some(Ok(Message::Text(text))) => {
                        let (outbox, room, hints) = {
                            let mut hub = shared.hub();
                            let outbox = hub.handle(client, text.as_str());
                            let hints = hub.take_hints();
                            let room = hub
                                .room_of_client(client)
                                .filter(|room| hub.claim_amity(*room));
                            (outbox, room, hints)
                        };
                        shared.send(outbox);
                        for (asker, job) in hints {
                            tokio::spawn(shared.clone().hint(asker, job));
                        }
                        if let Some(room) = room {
                            tokio::spawn(shared.clone().run_amity(room));
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        let refused = hub::error_text("send text (JSON), not binary frames");
                        shared.send(vec![(client, refused)]);
                    }
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => break,
                }
            }
        }
    }
    shared
        .senders
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .remove(&client);
    let outbox = shared.hub().disconnect(client);
    shared.send(outbox);
}

/// A running server: its address and the hub it serves (tests look at the full states).
pub struct Server {
    pub address: SocketAddr,
    pub hub: Arc<Mutex<Hub>>,
}

/// Binds `address` and serves until the process ends; `started` is called once bound.
///
/// # Errors
/// When the address cannot be bound.
pub async fn serve(
    address: SocketAddr,
    watch: Option<PathBuf>,
    options: amity_variants::VariantOptions,
    started: impl FnOnce(&Server),
) -> Result<(), std::io::Error> {
    serve_hub(address, watch, Hub::new().with_options(options), started).await
}

/// [`serve`] with a hub of the caller's (a browser test's own clock, to see a kept seat
/// freed without waiting [`room::SEAT_GRACE`]).
///
/// # Errors
/// When the address cannot be bound.
pub async fn serve_hub(
    address: SocketAddr,
    watch: Option<PathBuf>,
    hub: Hub,
    started: impl FnOnce(&Server),
) -> Result<(), std::io::Error> {
    keep_large_blocks_mapped();
    let shared = Shared {
        hub: Arc::new(Mutex::new(hub)),
        senders: Arc::default(),
        next_client: Arc::default(),
        pool: SearchPool::default(),
        watch: watch.map(Arc::new),
    };
    let listener = tokio::net::TcpListener::bind(address).await?;
    tokio::spawn(sweep_now_and_then(shared.clone()));
    started(&Server {
        address: listener.local_addr()?,
        hub: Arc::clone(&shared.hub),
    });
    // Without TCP_NODELAY a state message sent right after another (a move, then Amity's
    // answer) waits for the browser's delayed acknowledgement of the first: up to 40 ms.
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            eprintln!("warning: TCP_NODELAY not set: {error}");
        }
    });
    axum::serve(listener, router(shared)).await
}

/// `amity serve`: serves on 127.0.0.1:`port` until stopped, with the live view of the match
/// writing `watch`, if given. Returns the exit code.
pub fn run(port: u16, watch: Option<PathBuf>, options: amity_variants::VariantOptions) -> i32 {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the server: {error}");
            return 1;
        }
    };
    let address = SocketAddr::from(([127, 0, 0, 1], port));
    let served = runtime.block_on(serve(address, watch, options, |server| {
        println!("Amity serves http://{}/ (Ctrl-C stops)", server.address);
    }));
    match served {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("error: cannot serve on {address}: {error}");
            1
        }
    }
}
