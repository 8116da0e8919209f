//! The UCI front end: the handshake, options, `position`/`go`/`stop`, the extensions `go
//! perft`, `d` and `bench`, and an `info string error: ...` for every line it cannot use.

use amity_variants::Variant;
use std::time::Duration;

use amity_engine::perft::MAX_PERFT_DEPTH;
use amity_engine::search::{Clock, Limits, Ponder, Report, SearchResult};
use amity_engine::win_rate::Wdl;
use amity_engine::{Move, MoveError};

use crate::bench;
use crate::command::{Command, Go, Start};
use crate::options::{self, OptionValue};
use crate::session::{Announce, Job, Output, Session, uci_score};

/// Name and version announced to GUIs.
pub const ENGINE_NAME: &str = concat!("Amity ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Amity developers";

/// Most throws `go` makes for chance pending at the root: more than any game's chance needs
/// in a row (a full deck dealt card by card), so a variant that never stops throwing cannot
/// hang the loop.
const MAX_ROOT_THROWS: usize = 64;

/// Announces search progress and results as UCI `info` and `bestmove` lines.
struct UciAnnounce;

impl Announce for UciAnnounce {
    fn report<R: Variant>(&self, out: &Output, rules: &R, report: &Report, wdl: Option<Wdl>) {
        let pv: Vec<String> = report.pv.iter().map(|mv| rules.format_move(*mv)).collect();
        let chances = wdl.map_or(String::new(), |wdl| {
            format!(" wdl {} {} {}", wdl.win, wdl.draw, wdl.loss)
        });
        out.line(&format!(
            "info depth {} seldepth {} multipv {} score {}{chances} nodes {} nps {} hashfull {} time {} pv {}",
            report.depth,
            report.seldepth,
            report.multipv,
            uci_score(report.score),
            report.nodes,
            report.nps(),
            report.hashfull,
            report.time.as_millis(),
            pv.join(" ")
        ));
    }

    fn best_move<R: Variant>(&self, out: &Output, rules: &R, result: &SearchResult) {
        let best = rules.format_move(result.best);
        match result.ponder {
            Some(ponder) => out.line(&format!(
                "bestmove {best} ponder {}",
                rules.format_move(ponder)
            )),
            None => out.line(&format!("bestmove {best}")),
        }
    }

    fn note(&self, out: &Output, text: &str) {
        out.line(&format!("info string {text}"));
    }

    /// A turn of several decisions is one token, its legs joined by commas (no ponder move:
    /// the reply is a turn of the other side after a chance event).
    fn best_turn<R: Variant>(&self, out: &Output, rules: &R, result: &SearchResult, legs: &[Move]) {
        if legs.len() <= 1 {
            return self.best_move(out, rules, result);
        }
        let turn: Vec<String> = legs.iter().map(|mv| rules.format_move(*mv)).collect();
        out.line(&format!("bestmove {}", turn.join(",")));
    }
}

/// Whether the loop should go on after a command.
#[derive(PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// UCI state on top of the shared session.
pub struct Uci {
    pub session: Session,
}

impl Uci {
    pub fn new(out: Output) -> Uci {
        Uci {
            session: Session::new(out),
        }
    }

    fn error(&self, message: impl std::fmt::Display) {
        self.session
            .out
            .line(&format!("info string error: {message}"));
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match Command::parse(line) {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => Flow::Continue,
            Err(error) => {
                self.error(error);
                Flow::Continue
            }
        }
    }

    pub fn handle(&mut self, command: Command) -> Flow {
        let out = self.session.out.clone();
        match command {
            Command::Uci => {
                out.line(&format!("id name {ENGINE_NAME}"));
                out.line(&format!("id author {AUTHOR}"));
                for option in options::table() {
                    let mut line = options::uci_line(&option);
                    if option.name == options::VARIANT {
                        // A variant file loaded from the command line adds its games.
                        for name in self.session.variant_options.file_variants() {
                            line.push_str(&format!(" var {name}"));
                        }
                    }
                    out.line(&line);
                }
                out.line("uciok");
            }
            Command::IsReady => out.line("readyok"),
            Command::Debug | Command::Register => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.session.new_game(),
            Command::Position { start, moves } => {
                let fen = match &start {
                    Start::StartPos => None,
                    Start::Fen(fen) => Some(fen.as_str()),
                };
                if let Err(error) = self.session.set_position(fen, &moves) {
                    self.error(format_args!("{error}; position unchanged"));
                }
            }
            Command::Go(go) => self.go(go),
            Command::Stop => self.session.stop(),
            Command::PonderHit => self.session.release(),
            Command::Quit => {
                self.session.stop();
                return Flow::Quit;
            }
            Command::Display => {
                for line in self.session.describe().lines() {
                    out.line(line);
                }
            }
            // In the background like a search, so `stop`, `isready` and `quit` are heard.
            Command::Bench { depth } => self.session.start(
                Job::Bench(bench::BenchConfig::signature(depth)),
                false,
                UciAnnounce,
            ),
        }
        Flow::Continue
    }

    /// Sets an option by name; a refusal is said as `info string error: ...`. Any
    /// `setoption`, even one that is refused, stops a running search first (its `bestmove`
    /// comes before the option's effect or error), as `docs/protocol.md` says: one rule a GUI
    /// can rely on, whichever option it is.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) {
        if let Err(error) = self.apply_option(name, value) {
            self.error(error);
        }
    }

    /// [`Uci::set_option`] that hands a refusal back instead of saying it (the XBoard front
    /// end says it in its own form).
    ///
    /// # Errors
    /// Why the option or its value was refused; whatever it set before stays.
    pub fn apply_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        self.session.stop();
        let option = options::find(name).map_err(|error| error.to_string())?;
        // A game the loaded variant file defines is a choice of UCI_Variant too.
        let file_variant = value
            .filter(|_| option.name == options::VARIANT)
            .and_then(|name| self.session.variant_options.file_variant(name));
        let value = match file_variant {
            Some(variant) => OptionValue::Choice(variant),
            None => option.accept(value).map_err(|error| error.to_string())?,
        };
        match (option.name, value) {
            (options::HASH, OptionValue::Number(mb)) => {
                if let Err(error) = self.session.set_hash(mb as usize) {
                    return Err(format!("{error}; Hash unchanged"));
                }
            }
            (options::THREADS, OptionValue::Number(n)) => self.session.set_threads(n as usize),
            (options::MOVE_OVERHEAD, OptionValue::Number(ms)) => {
                self.session.move_overhead = Duration::from_millis(ms as u64)
            }
            (options::SEED, OptionValue::Number(seed)) => self.session.set_seed(seed as u64),
            (options::MULTIPV, OptionValue::Number(lines)) => self.session.multipv = lines as usize,
            (options::SHOW_WDL, OptionValue::Flag(show)) => self.session.show_wdl = show,
            (options::LIMIT_STRENGTH, OptionValue::Flag(limit)) => {
                self.session.limit_strength = limit
            }
            (options::ELO, OptionValue::Number(elo)) => self.session.elo = elo as u32,
            (options::SKILL_LEVEL, OptionValue::Number(skill)) => self.session.skill = skill as u32,
            (options::SAMPLES, OptionValue::Number(samples)) => self
                .session
                .set_hidden_information(|hidden| hidden.samples = samples as u32),
            (options::FULL_STATE, OptionValue::Flag(full)) => self
                .session
                .set_hidden_information(|hidden| hidden.full_state = full),
            (options::VIEW_SEARCH, OptionValue::Flag(view)) => self
                .session
                .set_hidden_information(|hidden| hidden.view_search = view),
            (options::WORST_OF, OptionValue::Number(worlds)) => self
                .session
                .set_hidden_information(|hidden| hidden.worst_of = worlds as u32),
            (options::BASELINE, OptionValue::Flag(baseline)) => self
                .session
                .set_hidden_information(|hidden| hidden.baseline = baseline),
            (options::SEARCH_PARAMETERS, OptionValue::Text(text)) => {
                if let Err(error) = self.session.set_search_parameters(&text) {
                    return Err(format!("{error}; search parameters unchanged"));
                }
            }
            (options::CLEAR_HASH, _) => self.session.clear_hash(),
            (options::VARIANT, OptionValue::Choice(variant)) => {
                match self.session.set_variant(variant) {
                    Ok(()) => {
                        let info = amity_variants::with_game!(self.session.game(), g => {
                            crate::gui::uci_variant_info(g.rules())
                        });
                        self.session.out.line(&info);
                    }
                    Err(error) => return Err(error.to_string()),
                }
            }
            (name, value) if options::is_variant_option(name) => {
                // Games built from now on (the next `position` or `ucinewgame`) use it.
                let text = value.to_string();
                self.session
                    .variant_options
                    .set(name, &text)
                    .map_err(|error| error.to_string())?;
            }
            _ => {}
        }
        Ok(())
    }

    fn go(&mut self, go: Go) {
        self.session.stop();
        if let Some(depth) = go.perft {
            if depth > MAX_PERFT_DEPTH {
                return self.error(format_args!(
                    "perft depth {depth} is beyond the {MAX_PERFT_DEPTH} Amity counts to"
                ));
            }
            if let Some(why) = self.session.perft_refusal() {
                return self.error(why);
            }
            self.session.start(Job::Perft(depth), false, UciAnnounce);
            return;
        }
        // Chance may take several throws before a decision is due (a reshuffled pile is dealt
        // card by card); each is said, so the GUI can follow the game.
        for _ in 0..MAX_ROOT_THROWS {
            let Some(token) = self.session.throw_if_pending() else {
                break;
            };
            self.session.out.line(&format!(
                "info string throw {token} (the engine threw for itself)"
            ));
        }
        let search_moves = match self.parse_search_moves(&go.searchmoves) {
            Ok(moves) => moves,
            Err(error) => return self.error(format_args!("{error} in searchmoves; not searching")),
        };
        let clock = |time: Option<Duration>, increment: Option<Duration>| {
            time.map(|time| Clock {
                time,
                increment: increment.unwrap_or_default(),
            })
        };
        let limits = Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            mate: go.mate,
            clock: self
                .session
                .clock_limits(clock(go.wtime, go.winc), clock(go.btime, go.binc)),
            moves_to_go: go.movestogo,
            infinite: go.infinite,
            move_overhead: self.session.move_overhead,
            search_moves,
            ponder: go.ponder.then(Ponder::new),
            multipv: self.session.multipv,
            strength: None,
            // The GUI's clock started when it sent the `go`: so does ours.
            received: Some(std::time::Instant::now()),
        };
        let hold = go.infinite || go.ponder;
        self.session.start(Job::Search(limits), hold, UciAnnounce);
    }

    fn parse_search_moves(&self, tokens: &[String]) -> Result<Vec<amity_engine::Move>, MoveError> {
        amity_variants::with_game!(self.session.game(), g => tokens
            .iter()
            .map(|token| amity_engine::game::parse_move(g.rules(), g.position(), token))
            .collect())
    }
}
