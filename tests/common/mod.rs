//! Shared test helpers: a driver for the real `amity` binary over pipes, as a GUI would use
//! it (send lines, read lines until a pattern, with a time-out so a hung engine fails the test
//! instead of hanging it), and the perft data file reader of the rules tests.

#![allow(dead_code)]

#[path = "../../variants/tests/common/perft_file.rs"]
mod perft_file;

#[allow(unused_imports)]
pub use perft_file::{PerftCase, read_perft_file};

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
