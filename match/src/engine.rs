//! Engines as the referee sees them: how one is described on the command line
//! (`cmd=... name=... proto=uci|xboard option.Hash=64 tc=...`) and the driver that starts its
//! process and speaks UCI or XBoard (CECP v2) to it, with a time-out on every wait so a hung
//! engine costs its game, never the tournament.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::timecontrol::{GameClock, TimeControl, TimeControlError};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Xboard,
}

/// An engine as configured for a match.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub name: String,
    pub command: PathBuf,
    pub args: Vec<String>,
    pub directory: Option<PathBuf>,
    pub protocol: Protocol,
    /// Options set at start (`setoption` for UCI, `option` for XBoard), in order.
    pub options: Vec<(String, String)>,
    pub control: TimeControl,
    /// Time an engine may overrun its clock before it loses on time.
    pub margin: Duration,
    /// How long to wait for a move when no clock bounds it (depth and node limits), and for
    /// the handshake.
    pub hang: Duration,
    /// In a game that hides information, the engine is sent the full state (every secret)
    /// instead of its view: only to measure what the secrets are worth (`sees=all`).
    pub sees_everything: bool,
}

/// Why an engine description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    NotKeyValue(String),
    UnknownKey(String),
    BadValue { key: String, value: String },
    TimeControl(TimeControlError),
    NoCommand,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NotKeyValue(text) => write!(f, "'{text}' is not key=value"),
            SpecError::UnknownKey(key) => write!(
                f,
                "unknown engine setting '{key}' (known: cmd, name, proto, arg, dir, option.NAME, \
                 tc, st, nodes, depth, timemargin, timeout)"
            ),
            SpecError::BadValue { key, value } => write!(f, "bad value '{value}' for {key}"),
            SpecError::TimeControl(error) => write!(f, "{error}"),
            SpecError::NoCommand => write!(f, "an engine needs cmd=..."),
        }
    }
}

impl std::error::Error for SpecError {}

/// The running `amity` binary, for `cmd=amity` (Amity itself, whatever its path).
pub fn own_executable() -> PathBuf {
    std::env::current_exe().unwrap_or_else(|_| PathBuf::from("amity"))
}

impl EngineSpec {
    /// Amity itself (this very binary) at a fixed depth.
    pub fn amity_at_depth(depth: u32) -> EngineSpec {
        EngineSpec {
            name: format!("Amity-d{depth}"),
            command: own_executable(),
            args: Vec::new(),
            directory: None,
            protocol: Protocol::Uci,
            options: Vec::new(),
            control: TimeControl::Depth(depth),
            margin: Duration::from_millis(200),
            hang: Duration::from_secs(60),
            sees_everything: false,
        }
    }

    /// Builds a spec from `key=value` settings: `each` (shared by every engine) first, then
    /// the engine's own.
    pub fn parse(each: &[String], own: &[String]) -> Result<EngineSpec, SpecError> {
        let mut command: Option<PathBuf> = None;
        let mut name: Option<String> = None;
        let mut spec = EngineSpec::amity_at_depth(1);
        let mut control: Option<TimeControl> = None;
        for setting in each.iter().chain(own) {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| SpecError::NotKeyValue(setting.clone()))?;
            let bad = || SpecError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
            };
            if let Some(parsed) = TimeControl::from_setting(key, value) {
                control = Some(parsed.map_err(SpecError::TimeControl)?);
                continue;
            }
            if let Some(option) = key.strip_prefix("option.") {
                spec.options.push((option.to_string(), value.to_string()));
                continue;
            }
            match key {
                "cmd" => {
                    command = Some(match value {
                        "amity" | "self" => own_executable(),
                        path => PathBuf::from(path),
                    })
                }
                "name" => name = Some(value.to_string()),
                "arg" => spec.args.push(value.to_string()),
                "args" => spec
                    .args
                    .extend(value.split_whitespace().map(str::to_string)),
                "dir" => spec.directory = Some(PathBuf::from(value)),
                "proto" => {
                    spec.protocol = match value {
                        "uci" => Protocol::Uci,
                        "xboard" | "cecp" => Protocol::Xboard,
                        _ => return Err(bad()),
                    }
                }
                "sees" => {
                    spec.sees_everything = match value {
                        "all" => true,
                        "view" => false,
                        _ => return Err(bad()),
                    }
                }
                "timemargin" => {
                    spec.margin = Duration::from_millis(value.parse().map_err(|_| bad())?)
                }
                "timeout" => {
                    let seconds: f64 = value.parse().map_err(|_| bad())?;
                    if !(seconds.is_finite() && seconds > 0.0) {
                        return Err(bad());
                    }
                    spec.hang = Duration::from_secs_f64(seconds);
                }
                _ => return Err(SpecError::UnknownKey(key.to_string())),
            }
        }
        spec.command = command.ok_or(SpecError::NoCommand)?;
        spec.control = control.unwrap_or(TimeControl::Depth(4));
        spec.name = name.unwrap_or_else(|| {
            let stem = spec
                .command
                .file_stem()
                .map_or("engine".into(), |s| s.to_string_lossy().to_string());
            match &spec.control {
                TimeControl::Depth(depth) if stem == "amity" => format!("Amity-d{depth}"),
                _ => stem,
            }
        });
        Ok(spec)
    }
}

/// What went wrong talking to an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The process could not be started.
    Start(String),
    /// The process ended (or closed its output).
    Crashed,
    /// No answer in time; what was awaited.
    Timeout(&'static str),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Start(why) => write!(f, "could not start: {why}"),
            EngineError::Crashed => write!(f, "disconnected (the process ended)"),
            EngineError::Timeout(what) => write!(f, "did not answer in time ({what})"),
        }
    }
}

impl std::error::Error for EngineError {}

/// An engine's evaluation of its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Evaluation {
    /// A comparable centipawn value (mates far beyond any material).
    pub fn centipawns(self) -> i32 {
        match self {
            Evaluation::Centipawns(cp) => cp,
            Evaluation::Mate(moves) if moves >= 0 => 100_000 - moves,
            Evaluation::Mate(moves) => -100_000 - moves,
        }
    }

    /// As cutechess writes it in PGN comments: `+0.35`, `-M4`.
    pub fn pgn(self) -> String {
        match self {
            Evaluation::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Evaluation::Mate(moves) if moves >= 0 => format!("+M{moves}"),
            Evaluation::Mate(moves) => format!("-M{}", -moves),
        }
    }
}

/// An engine's answer to "your move".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub token: String,
    pub evaluation: Option<Evaluation>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

/// What the referee tells an engine when asking for a move.
pub struct Request<'a> {
    /// The game's start FEN (`None`: the variant's start position).
    pub start_fen: Option<&'a str>,
    /// Every decision so far, throws included, each its own token.
    pub moves: &'a [String],
    pub own: &'a GameClock,
    pub other: &'a GameClock,
    pub white_to_move: bool,
}

/// A running engine process.
pub struct EngineProcess {
    pub spec: EngineSpec,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// XBoard: how many of the game's tokens the engine already knows.
    known: usize,
    xboard_usermove: bool,
    xboard_setboard: bool,
    xboard_ping: bool,
    xboard_done: bool,
}

impl EngineProcess {
    /// Starts the process and completes the protocol handshake.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(&spec.command);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.directory {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| EngineError::Start(format!("{}: {e}", spec.command.display())))?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| EngineError::Start("no output pipe".into()))?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            known: 0,
            xboard_usermove: false,
            xboard_setboard: false,
            xboard_ping: false,
            xboard_done: false,
        };
        match spec.protocol {
            Protocol::Uci => engine.uci_handshake(variant)?,
            Protocol::Xboard => engine.xboard_handshake()?,
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let stdin = self.stdin.as_mut().ok_or(EngineError::Crashed)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| EngineError::Crashed)
    }

    /// The next line before `deadline`.
    fn next_line(&self, deadline: Instant, what: &'static str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(what)),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Crashed),
        }
    }

    fn wait_for(
        &self,
        timeout: Duration,
        what: &'static str,
        done: impl Fn(&str) -> bool,
    ) -> Result<(), EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            if done(self.next_line(deadline, what)?.trim()) {
                return Ok(());
            }
        }
    }

    fn uci_handshake(&mut self, variant: &str) -> Result<(), EngineError> {
        self.send("uci")?;
        self.wait_for(self.spec.hang, "uciok", |line| line == "uciok")?;
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        if variant != "chess" {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        self.sync()
    }

    fn sync(&mut self) -> Result<(), EngineError> {
        match self.spec.protocol {
            Protocol::Uci => {
                self.send("isready")?;
                self.wait_for(self.spec.hang, "readyok", |line| line == "readyok")
            }
            // Without `ping` there is no way to wait for an XBoard engine; its first move will
            // tell whether it is alive.
            Protocol::Xboard if !self.xboard_ping => Ok(()),
            Protocol::Xboard => {
                self.send("ping 1")?;
                self.wait_for(self.spec.hang, "pong", |line| line.starts_with("pong"))
            }
        }
    }

    fn xboard_handshake(&mut self) -> Result<(), EngineError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        // Engines that never send `done=1` get two seconds, as the protocol suggests.
        let deadline = Instant::now() + Duration::from_secs(2).min(self.spec.hang);
        while !self.xboard_done {
            let line = match self.next_line(deadline, "feature done=1") {
                Ok(line) => line,
                Err(EngineError::Timeout(_)) => break,
                Err(error) => return Err(error),
            };
            if let Some(features) = line.trim().strip_prefix("feature ") {
                for (name, value) in parse_features(features) {
                    match name.as_str() {
                        "usermove" => self.xboard_usermove = value == "1",
                        "setboard" => self.xboard_setboard = value == "1",
                        "ping" => self.xboard_ping = value == "1",
                        "done" if value == "1" => self.xboard_done = true,
                        "done" => {}
                        _ => {}
                    }
                    if name != "done" {
                        self.send(&format!("accepted {name}"))?;
                    }
                }
            }
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("option {name}={value}"))?;
        }
        Ok(())
    }

    /// Prepares a new game from `start_fen` (or the variant's start).
    pub fn new_game(&mut self, variant: &str, start_fen: Option<&str>) -> Result<(), EngineError> {
        match self.spec.protocol {
            Protocol::Uci => {
                self.send("ucinewgame")?;
                self.sync()
            }
            Protocol::Xboard => {
                self.send("new")?;
                if variant != "chess" {
                    self.send(&format!("variant {variant}"))?;
                }
                self.send("force")?;
                if let Some(fen) = start_fen {
                    if !self.xboard_setboard {
                        return Err(EngineError::Start(
                            "the engine does not accept setboard".into(),
                        ));
                    }
                    self.send(&format!("setboard {fen}"))?;
                }
                match &self.spec.control {
                    TimeControl::Clock {
                        moves,
                        base,
                        increment,
                    } => {
                        let seconds = base.as_secs();
                        let base = if seconds % 60 == 0 {
                            format!("{}", seconds / 60)
                        } else {
                            format!("{}:{:02}", seconds / 60, seconds % 60)
                        };
                        self.send(&format!("level {moves} {base} {}", increment.as_secs_f64()))?;
                    }
                    TimeControl::MoveTime(time) => {
                        self.send(&format!("st {}", time.as_secs_f64().max(1.0).floor()))?
                    }
                    TimeControl::Depth(depth) => self.send(&format!("sd {depth}"))?,
                    TimeControl::Nodes(nodes) => self.send(&format!("nps {nodes}"))?,
                }
                self.send("post")?;
                self.send("easy")?;
                self.known = 0;
                self.sync()
            }
        }
    }

    /// Asks for a decision from the position `request.start_fen` alone, forgetting the game
    /// so far (a seat asked from its view): XBoard engines are sent `force` and `setboard`
    /// first, UCI engines get the position as always.
    pub fn think_from_position(&mut self, request: &Request) -> Result<Reply, EngineError> {
        if let (Protocol::Xboard, Some(fen)) = (self.spec.protocol, request.start_fen) {
            self.send("force")?;
            self.send(&format!("setboard {fen}"))?;
            self.known = request.moves.len();
        }
        self.think(request)
    }

    /// Asks for a move and waits for it, within the clock (plus margin) or the hang time-out.
    pub fn think(&mut self, request: &Request) -> Result<Reply, EngineError> {
        let start = Instant::now();
        let allowance = request.own.allowance(self.spec.margin);
        let deadline = start + allowance.unwrap_or(self.spec.hang);
        match self.spec.protocol {
            Protocol::Uci => self.uci_go(request)?,
            Protocol::Xboard => self.xboard_go(request)?,
        }
        let mut evaluation = None;
        let mut depth = None;
        loop {
            let line = self.next_line(deadline, "a move")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match (self.spec.protocol, words.as_slice()) {
                (Protocol::Uci, ["bestmove", token, ..]) => {
                    return Ok(Reply {
                        token: token.to_string(),
                        evaluation,
                        depth,
                        elapsed: start.elapsed(),
                    });
                }
                (Protocol::Uci, ["info", rest @ ..]) => {
                    if let Some((e, d)) = parse_uci_info(rest) {
                        evaluation = Some(e);
                        depth = d.or(depth);
                    }
                }
                (Protocol::Xboard, ["move", token, ..]) => {
                    let elapsed = start.elapsed();
                    // Out of thinking mode at once, so the engine waits for the next request.
                    self.send("force")?;
                    return Ok(Reply {
                        token: token.to_string(),
                        evaluation,
                        depth,
                        elapsed,
                    });
                }
                (Protocol::Xboard, [first, score, ..]) => {
                    let ply = first.trim_end_matches(['.', '&']).parse::<u32>();
                    if let (Ok(ply), Ok(score)) = (ply, score.parse::<i32>()) {
                        depth = Some(ply);
                        evaluation = Some(xboard_score(score));
                    }
                }
                _ => {}
            }
        }
    }

    fn uci_go(&mut self, request: &Request) -> Result<(), EngineError> {
        let mut position = match request.start_fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        self.send(&position)?;
        let go = match &self.spec.control {
            TimeControl::Clock { increment, .. } => {
                let (white, black) = if request.white_to_move {
                    (request.own, request.other)
                } else {
                    (request.other, request.own)
                };
                let other_increment = match &request.other.control {
                    TimeControl::Clock { increment, .. } => *increment,
                    _ => Duration::ZERO,
                };
                let (winc, binc) = if request.white_to_move {
                    (*increment, other_increment)
                } else {
                    (other_increment, *increment)
                };
                let mut go = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    white.remaining.as_millis(),
                    black.remaining.as_millis(),
                    winc.as_millis(),
                    binc.as_millis()
                );
                if let Some(moves) = request.own.moves_to_go() {
                    go.push_str(&format!(" movestogo {moves}"));
                }
                go
            }
            TimeControl::MoveTime(time) => format!("go movetime {}", time.as_millis()),
            TimeControl::Nodes(nodes) => format!("go nodes {nodes}"),
            TimeControl::Depth(depth) => format!("go depth {depth}"),
        };
        self.send(&go)
    }

    fn xboard_go(&mut self, request: &Request) -> Result<(), EngineError> {
        for token in &request.moves[self.known.min(request.moves.len())..] {
            if self.xboard_usermove {
                self.send(&format!("usermove {token}"))?;
            } else {
                self.send(token)?;
            }
        }
        if let TimeControl::Clock { .. } = self.spec.control {
            self.send(&format!("time {}", request.own.remaining.as_millis() / 10))?;
            self.send(&format!(
                "otim {}",
                request.other.remaining.as_millis() / 10
            ))?;
        }
        self.send("go")
    }

    /// Tells the driver how many tokens the game has after the engine's own move was accepted.
    pub fn acknowledge(&mut self, tokens: usize) {
        self.known = tokens;
    }

    /// Asks the engine to quit, then ends the process if it lingers.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Score and depth from the words after `info`.
fn parse_uci_info(words: &[&str]) -> Option<(Evaluation, Option<u32>)> {
    let mut evaluation = None;
    let mut depth = None;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => depth = words.get(i + 1).and_then(|w| w.parse().ok()),
            "score" => {
                evaluation = match (words.get(i + 1), words.get(i + 2)) {
                    (Some(&"cp"), Some(value)) => value.parse().ok().map(Evaluation::Centipawns),
                    (Some(&"mate"), Some(value)) => value.parse().ok().map(Evaluation::Mate),
                    _ => None,
                };
            }
            // The principal variation and strings run to the end of the line.
            "pv" | "string" => break,
            _ => {}
        }
        i += 1;
    }
    evaluation.map(|e| (e, depth))
}

/// XBoard scores: centipawns, with mates written as 100000 + distance by convention.
fn xboard_score(score: i32) -> Evaluation {
    if score.abs() >= 99_000 {
        let plies = 100_000 - score.abs();
        let moves = (plies + 1) / 2;
        Evaluation::Mate(if score > 0 { moves } else { -moves })
    } else {
        Evaluation::Centipawns(score)
    }
}

/// `name=value` pairs of an XBoard `feature` line; values may be quoted.
fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut features = Vec::new();
    let mut rest = text.trim();
    while let Some((name, after)) = rest.split_once('=') {
        let after = after.trim_start();
        let (value, remainder) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.split_once('"') {
                Some((value, remainder)) => (value, remainder),
                None => (quoted, ""),
            }
        } else {
            after.split_once(char::is_whitespace).unwrap_or((after, ""))
        };
        features.push((name.trim().to_string(), value.to_string()));
        rest = remainder.trim_start();
    }
    features
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_settings() {
        let each = vec!["tc=10+0.1".to_string()];
        let own: Vec<String> = ["cmd=/usr/games/stockfish", "option.Hash=32", "proto=uci"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let spec = EngineSpec::parse(&each, &own).unwrap();
        assert_eq!(spec.name, "stockfish");
        assert_eq!(spec.options, vec![("Hash".into(), "32".into())]);
        assert_eq!(spec.control, TimeControl::parse_clock("10+0.1").unwrap());
        assert!(matches!(
            EngineSpec::parse(&[], &["name=x".into()]),
            Err(SpecError::NoCommand)
        ));
        assert!(matches!(
            EngineSpec::parse(&[], &["cmd=x".into(), "colour=red".into()]),
            Err(SpecError::UnknownKey(_))
        ));
        assert!(EngineSpec::parse(&[], &["cmd=x".into(), "proto=winboard2".into()]).is_err());
    }

    #[test]
    fn protocol_lines() {
        let words: Vec<&str> = "depth 12 seldepth 18 score cp -35 nodes 1000 pv e2e4"
            .split_whitespace()
            .collect();
        assert_eq!(
            parse_uci_info(&words),
            Some((Evaluation::Centipawns(-35), Some(12)))
        );
        assert_eq!(xboard_score(99_995), Evaluation::Mate(3));
        assert_eq!(
            parse_features("myname=\"Fairy-Max 5.0b\" setboard=1 done=0"),
            vec![
                ("myname".into(), "Fairy-Max 5.0b".into()),
                ("setboard".into(), "1".into()),
                ("done".into(), "0".into())
            ]
        );
        assert_eq!(Evaluation::Mate(-4).pgn(), "-M4");
        assert_eq!(Evaluation::Centipawns(35).pgn(), "+0.35");
    }
}
