//! Shared test helpers: a driver for the real `amity` binary over pipes, as a GUI would use
//! it (send lines, read lines until a pattern, with a time-out so a hung engine fails the test
//! instead of hanging it), the perft data file reader, the parts of random boards that
//! every variant's random-board test builds alike, and the board geometry the independent
//! references share (written out here, never taken from the engine's tables).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Starts the `amity` binary with `args` and every standard stream piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_amity"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("amity starts")
}

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_amity"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("amity starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        writeln!(stdin, "{line}").expect("engine accepts input");
        stdin.flush().expect("flush");
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("engine accepts input");
        stdin.flush().expect("flush");
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Reads lines until one satisfies `done`; returns every line read, that one last.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("engine did not answer in {timeout:?}; it said: {seen:#?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("engine closed its output; it said: {seen:#?}")
                }
            }
        }
    }

    /// Every line said within `duration`, none awaited: for checking that nothing is said.
    pub fn read_for(&mut self, duration: Duration) -> Vec<String> {
        let deadline = Instant::now() + duration;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => seen.push(line),
                Err(_) => return seen,
            }
        }
    }

    /// Sends `isready` and returns everything said before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(Duration::from_secs(60), |l| l == "readyok");
        lines.pop();
        lines
    }

    /// The FEN `d` shows.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until(Duration::from_secs(10), |l| l.starts_with("Fen: "));
        lines.last().unwrap()["Fen: ".len()..].to_string()
    }

    /// Runs `go perft depth` and returns the divide lines and the total.
    pub fn perft(&mut self, depth: u32) -> (Vec<String>, u64) {
        self.send(&format!("go perft {depth}"));
        let lines = self.read_until(Duration::from_secs(600), |l| {
            l.starts_with("Nodes searched: ")
        });
        let total = lines.last().unwrap()["Nodes searched: ".len()..]
            .trim()
            .parse()
            .expect("a node count");
        let divide = lines
            .iter()
            .filter(|l| l.contains(": ") && !l.starts_with("info"))
            .take_while(|l| !l.starts_with("Nodes searched"))
            .cloned()
            .collect();
        (divide, total)
    }

    /// Waits for the process to exit and returns whether it exited successfully.
    pub fn wait_exit(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("engine did not exit within {timeout:?}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One position of a perft data file with its expected counts by depth.
pub struct PerftCase {
    /// `setoption` lines in force for this position.
    pub setup: Vec<String>,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `tests/perft/<variant>.perft`: `fen ; D1 n ; D2 n ...` per line, `#` comments, and
/// `setoption ...` lines that apply to the positions after them.
pub fn read_perft_file(path: &std::path::Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).expect("perft file readable");
    let mut setup: Vec<String> = Vec::new();
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with("setoption ") {
            setup.push(line.to_string());
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().unwrap().to_string();
        let counts = parts
            .map(|part| {
                let (depth, count) = part
                    .strip_prefix('D')
                    .and_then(|p| p.split_once(' '))
                    .unwrap_or_else(|| {
                        panic!("{}:{}: bad count '{part}'", path.display(), number + 1)
                    });
                (depth.trim().parse().unwrap(), count.trim().parse().unwrap())
            })
            .collect();
        cases.push(PerftCase {
            setup: setup.clone(),
            fen,
            counts,
        });
    }
    cases
}

/// How many boards a random-board test checks: `AMITY_RANDOM_POSITIONS` when set, else
/// `default`.
pub fn random_board_count(default: usize) -> usize {
    std::env::var("AMITY_RANDOM_POSITIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Castling rights for a random board: where a king and a rook of one colour stand on their
/// start squares (e1 with a1 or h1, e8 with a8 or h8), the right is given four times in five.
pub fn random_castling_rights<R: amity_engine::Rules>(
    pos: &amity_engine::Position<R>,
    rng: &mut rand::rngs::StdRng,
) -> amity_engine::Bitboard {
    use amity_engine::orthodox::{KING, ROOK};
    use amity_engine::{Bitboard, Color, Piece, Square};
    use rand::Rng;
    let mut rights = Bitboard::EMPTY;
    for (color, king, rook) in [
        (Color::White, 4, 7),
        (Color::White, 4, 0),
        (Color::Black, 60, 63),
        (Color::Black, 60, 56),
    ] {
        let (king, rook) = (Square::new(king), Square::new(rook));
        if pos.piece_at(king) == Some(Piece::new(color, KING))
            && pos.piece_at(rook) == Some(Piece::new(color, ROOK))
            && rng.random_bool(0.8)
        {
            rights.add(rook);
        }
    }
    rights
}

/// A colour for a random board, either with even odds.
pub fn random_color(rng: &mut rand::rngs::StdRng) -> amity_engine::Color {
    use rand::Rng;
    if rng.random_bool(0.5) {
        amity_engine::Color::White
    } else {
        amity_engine::Color::Black
    }
}

/// A knight's eight jumps as (file, rank) steps, for the independent references.
pub const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A king's eight steps as (file, rank) steps, for the independent references.
pub const KING_STEPS: [(i32, i32); 8] = [
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
];
