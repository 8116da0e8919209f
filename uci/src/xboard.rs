//! The XBoard (CECP v2) front end: the `feature` handshake, playing a side (`new`, `go`,
//! `force`, `playother`, moves in both directions), clocks (`level`, `st`, `sd`, `time`,
//! `otim`), analysis, `undo`/`remove`, options, engine-defined variants (`setup`, `piece`,
//! `highlight`) and result claims, over the command layer shared with UCI.

mod command;
mod mirror;

pub use command::{Command, CommandError};
pub use mirror::{Mirror, Repair};

use amity_engine::RulesExt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use amity_engine::search::{Clock, Limits, Report, Score, SearchResult, Searcher};
use amity_engine::win_rate::Wdl;
use amity_engine::{Color, Game, Move, MoveError, Notation, Outcome};
use amity_variants::{AnyGame, Variant, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::gui::{self, Dialect};
use crate::options::{self, OptionKind, OptionSpec, OptionValue};
use crate::session::{Announce, Job, Output, Session};
use crate::uci::{ENGINE_NAME, Flow, Uci};

/// What a finished search hands back to the input loop: the move it announced (the engine's
/// own copy of the game must follow it), or nothing if the search was called off.
#[derive(Default)]
struct Handover {
    /// Set while the front end cancels a search: its answer must not be printed.
    discard: bool,
    played: Option<String>,
    /// The engine has claimed a result after playing the game out itself.
    finished: bool,
}

fn lock(handover: &Mutex<Handover>) -> MutexGuard<'_, Handover> {
    match handover.lock() {
        Ok(guard) => guard,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// The engine's move in a game: announced with `move`.
    Play,
    /// `analyze`: thinking output only, until told otherwise.
    Analyze,
}

/// Prints thinking output and the engine's move the XBoard way.
struct XboardAnnounce {
    handover: Arc<Mutex<Handover>>,
    post: bool,
    purpose: Purpose,
    /// The game searched, to tell whether the move found ends it.
    game: AnyGame,
    /// XBoard's board (engine-defined variants), to tell whether XBoard can show the move.
    mirror: Option<Mirror>,
    seed: u64,
    /// The engine plays one seat of a team game: it answers a referee that judges the game,
    /// so it neither keeps XBoard's board nor claims results.
    seated: bool,
}

/// XBoard's score: centipawns, or 100000 + moves for a mate (negative when mated).
fn xboard_score(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(moves) if moves > 0 => 100_000 + moves,
        Score::Mate(moves) => -100_000 + moves,
    }
}

/// The `RESULT {reason}` line of a finished game.
fn result_line(outcome: Outcome) -> String {
    format!("{} {{{}}}", outcome.result(), outcome.reason())
}

impl Announce for XboardAnnounce {
    /// CECP's thinking output has no place for chances: `wdl` is not shown.
    fn report<R: Variant>(&self, out: &Output, rules: &R, report: &Report, _wdl: Option<Wdl>) {
        if !self.post || lock(&self.handover).discard {
            return;
        }
        let pv: Vec<String> = report.pv.iter().map(|mv| rules.format_move(*mv)).collect();
        // depth score time(centiseconds) nodes, then seldepth nps tbhits, a tab and the PV.
        out.line(&format!(
            "{} {} {} {} {} {} 0\t{}",
            report.depth,
            xboard_score(report.score),
            report.time.as_millis() / 10,
            report.nodes,
            report.seldepth,
            report.nps(),
            pv.join(" ")
        ));
    }

    fn best_move<R: Variant>(&self, out: &Output, rules: &R, result: &SearchResult) {
        if self.purpose == Purpose::Analyze || result.best.is_null() {
            return;
        }
        // Holding the lock while printing makes "announced" and "handed over" one event, so
        // a cancel either prevents both or sees the move.
        let mut handover = lock(&self.handover);
        if handover.discard {
            return;
        }
        let token = rules.format_move(result.best);
        if self.seated {
            handover.played = Some(token.clone());
            out.line(&format!("move {token}"));
            return;
        }
        let mut game = self.game.clone();
        if let Some(mirror) = &self.mirror
            && !mirror.clone().apply(&token)
        {
            // XBoard would refuse the move (it cannot create pieces): the game cannot go on
            // in XBoard, so Amity plays it out and claims the result it reaches.
            handover.finished = true;
            let line = with_game!(&mut game, g => complete_game(g, self.seed, &token));
            for text in line {
                out.line(&text);
            }
            return;
        }
        handover.played = Some(token.clone());
        out.line(&format!("move {token}"));
        let outcome = with_game!(&mut game, g => {
            g.play_token(&token).ok().and_then(|_| g.outcome().map(|o| (o, mirror_of(g))))
        });
        if let Some((outcome, real)) = outcome {
            // With after-effects pending XBoard's board is not final yet: the opponent repairs
            // it and claims.
            let shown = self.mirror.clone().map(|mut mirror| {
                mirror.apply(&token);
                mirror
            });
            if shown
                .zip(real)
                .is_none_or(|(shown, real)| shown.same_board(&real))
            {
                out.line(&result_line(outcome));
            }
        }
    }
}

/// Amity's position as XBoard would draw it.
fn mirror_of<R: Variant>(game: &Game<R>) -> Option<Mirror> {
    let rules = game.rules();
    let geometry = rules.geometry();
    let fen = Dialect::of(rules).to_gui_fen(&game.position().to_fen(rules));
    Mirror::from_fen(&fen, geometry.files, geometry.ranks)
}

/// The throw for pending chance: it depends only on `seed` and the position, so two Amity
/// engines in one game throw alike.
fn seeded_throw<R: Variant>(game: &Game<R>, seed: u64) -> Option<Move> {
    game.draw_chance(&mut StdRng::seed_from_u64(seed ^ game.position().hash()))
}

/// Nodes per decision when Amity plays a game out on its own.
const PLAYOUT_NODES: u64 = 4000;
/// How long the playout searches that many nodes a decision; later decisions are searched to
/// depth 1 only. XBoard is waiting for the answer (after `?`, or on the clock), so a long
/// game must not keep it waiting.
const PLAYOUT_TIME: Duration = Duration::from_millis(30);
/// Decisions after which a playout gives up (draw rules end every variant long before).
const PLAYOUT_LIMIT: usize = 5000;
/// Time kept back from a search whose decision may need a playout: XBoard's limit is for the
/// whole answer, and the playout (its searched part, then a depth-1 search a decision: about
/// 100 ms for a Neighbour game of 38 decisions) comes after the search.
const PLAYOUT_RESERVE: Duration = Duration::from_millis(100);

/// Plays the game out from `first` (a decision XBoard cannot show), Amity choosing for both
/// sides with a short search and throwing for chance, and returns the lines that tell XBoard:
/// the moves as `#` comments and the result claim.
fn complete_game<R: Variant>(game: &mut Game<R>, seed: u64, first: &str) -> Vec<String> {
    let mut played = Vec::new();
    if game.play_token(first).is_ok() {
        played.push(first.to_string());
    }
    let mut searcher = Searcher::new(1, 1);
    let stop = AtomicBool::new(false);
    let quick = Limits::depth(1);
    let deadline = Instant::now() + PLAYOUT_TIME;
    while played.len() < PLAYOUT_LIMIT {
        let now = Instant::now();
        // The searched part ends at its deadline, not after the search that crosses it.
        let thorough = Limits {
            nodes: Some(PLAYOUT_NODES),
            movetime: Some(deadline.saturating_duration_since(now)),
            ..Limits::default()
        };
        let limits = if now < deadline { &thorough } else { &quick };
        if let Some(throw) = seeded_throw(game, seed) {
            played.push(game.rules().format_move(throw));
            game.play_unchecked(throw);
            continue;
        }
        if game.outcome().is_some() {
            break;
        }
        let rules = game.rules().clone();
        let result = searcher.search_game(game, limits, &stop, &mut |_| {});
        if result.best.is_null() {
            break;
        }
        played.push(rules.format_move(result.best));
        game.play_unchecked(result.best);
    }
    let mut lines = vec![
        "# XBoard cannot show this position (it would need pieces XBoard cannot place);".into(),
        format!("# Amity completes the game: {}", played.join(" ")),
        format!("# final position: {}", game.position().to_fen(game.rules())),
    ];
    lines.push(match game.outcome() {
        Some(outcome) => format!(
            "{} {{{} (game completed by Amity)}}",
            outcome.result(),
            outcome.reason()
        ),
        None => "1/2-1/2 {no result within the playout limit}".into(),
    });
    lines
}

/// How the engine's thinking time is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TimeControl {
    /// `st`: this long per move.
    Fixed(Duration),
    /// `level`: a clock with moves per session (0: the whole game) and an increment.
    Clock {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
}

/// XBoard state on top of the shared session (held inside the UCI front end, whose option
/// handling it reuses).
pub struct Xboard {
    pub uci: Uci,
    /// The colour the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    post: bool,
    control: TimeControl,
    depth: Option<u32>,
    nps: Option<u64>,
    /// The engine's clock as `time` last set it (`otim`, the opponent's, is not needed).
    engine_clock: Option<Duration>,
    /// Seed of the throws the engine makes for the game (option `Seed`).
    seed: u64,
    handover: Arc<Mutex<Handover>>,
    searching: Option<Purpose>,
    /// After `result`: no more moves of our own until a new game or position.
    game_over: bool,
    /// Per move the GUI knows, how many decisions it was in Amity's game (the move and the
    /// throws the engine made after it; 0 for a repair), so `undo` takes back exactly one GUI
    /// move.
    turns: Vec<usize>,
    /// XBoard's board in an engine-defined variant, which XBoard keeps by its own simple
    /// rules; `None` for the variants XBoard referees itself.
    mirror: Option<Box<Mirror>>,
    /// XBoard's board before each move of `turns`.
    mirrors: Vec<Mirror>,
    /// The moves `exclude` leaves out of the analysis of the current position (CECP v2);
    /// forgotten whenever the position changes, as the protocol says.
    excluded: Vec<Move>,
}

impl Xboard {
    pub fn new(out: Output) -> Xboard {
        Xboard {
            uci: Uci::new(out),
            engine_side: Some(Color::Black),
            analyzing: false,
            post: false,
            control: TimeControl::Clock {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO,
            },
            depth: None,
            nps: None,
            engine_clock: None,
            seed: 1,
            handover: Arc::new(Mutex::new(Handover::default())),
            searching: None,
            game_over: false,
            turns: Vec::new(),
            mirror: None,
            mirrors: Vec::new(),
            excluded: Vec::new(),
        }
    }

    fn session(&mut self) -> &mut Session {
        &mut self.uci.session
    }

    fn out(&self) -> Output {
        self.uci.session.out.clone()
    }

    fn error(&self, kind: impl std::fmt::Display, line: &str) {
        self.out().line(&format!("Error ({kind}): {}", line.trim()));
    }

    /// A line the reader could not use (too long, not UTF-8).
    pub fn input_error(&self, what: &str) {
        self.out().line(&format!("Error ({what}): line ignored"));
    }

    fn turn(&self) -> Color {
        with_game!(self.uci.session.game(), g => g.position().turn())
    }

    fn outcome(&self) -> Option<Outcome> {
        with_game!(self.uci.session.game(), g => g.outcome())
    }

    fn dialect(&self) -> Dialect {
        with_game!(self.uci.session.game(), g => Dialect::of(g.rules()))
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.collect();
        match Command::parse(line) {
            Ok(Some(command)) => self.handle(command, line),
            Ok(None) => Flow::Continue,
            Err(error) => {
                self.error(error, line);
                Flow::Continue
            }
        }
    }

    /// At end of input: a search for a move is finished (its move printed), analysis stopped.
    pub fn finish(&mut self) {
        self.uci.session.finish();
        self.collect();
    }

    /// Applies the move a finished search announced, so the engine's game follows the GUI's.
    fn collect(&mut self) {
        let played = lock(&self.handover).played.take();
        if let Some(token) = played {
            self.searching = None;
            if self.session().play(&token).is_ok() {
                let throws = self.resolve_chance();
                self.record(1 + throws, &token);
            }
        }
        if std::mem::take(&mut lock(&self.handover).finished) {
            self.searching = None;
            self.game_over = true;
        }
    }

    /// Stops whatever runs without letting it announce a move; a move it already announced
    /// is kept (the GUI has seen it).
    fn abort(&mut self) {
        lock(&self.handover).discard = true;
        self.session().stop();
        lock(&self.handover).discard = false;
        self.collect();
        self.searching = None;
    }

    /// Throws for chance pending at the root (dice, cards) until a decision is due. The throw
    /// depends only on the `Seed` option and the position, so two Amity engines in one game
    /// throw alike and stay in step although XBoard never sees the throws.
    fn resolve_chance(&mut self) -> usize {
        let mut throws = 0;
        while throws < 1024 {
            let seed = self.seed;
            let token = with_game!(self.uci.session.game(), g => {
                seeded_throw(g, seed).map(|throw| g.rules().format_move(throw))
            });
            let Some(token) = token else { break };
            if self.session().play(&token).is_err() {
                break;
            }
            self.out().line(&format!("# Amity threw {token}"));
            throws += 1;
        }
        throws
    }

    /// Notes a move of XBoard's game: `decisions` of Amity's game, and how XBoard's board
    /// changes with `token`.
    fn record(&mut self, decisions: usize, token: &str) {
        self.excluded.clear();
        self.turns.push(decisions);
        if let Some(mirror) = &mut self.mirror {
            self.mirrors.push((**mirror).clone());
            mirror.apply(token);
        }
    }

    /// Amity's position as XBoard would draw it.
    fn target(&self) -> Option<Mirror> {
        with_game!(self.uci.session.game(), g => mirror_of(g))
    }

    /// Whether XBoard's board and turn are Amity's (always, for variants XBoard referees).
    fn in_step(&self) -> bool {
        match (&self.mirror, self.target()) {
            (Some(mirror), Some(target)) => **mirror == target,
            _ => true,
        }
    }

    /// After a move of XBoard's game: if XBoard's turn is the engine's, move, repair XBoard's
    /// board, or claim the result once XBoard shows the final position.
    fn next_step(&mut self) {
        let Some(mirror) = self.mirror.as_deref().cloned() else {
            self.claim();
            return self.resume();
        };
        if self.analyzing {
            return self.analyze();
        }
        if self.game_over || self.engine_side != Some(mirror.turn()) {
            return;
        }
        let Some(target) = self.target() else { return };
        if let Some(outcome) = self.outcome()
            && mirror.same_board(&target)
        {
            self.out().line(&result_line(outcome));
            return;
        }
        match mirror.repair(&target, mirror.turn()) {
            Repair::Done => self.resume(),
            Repair::Ply(ply) => {
                self.out().line(&format!("move {ply}"));
                self.record(0, &ply);
            }
            Repair::Impossible => {
                let seed = self.seed;
                let mut game = self.uci.session.game().clone();
                let lines = with_game!(&mut game, g => complete_game(g, seed, ""));
                for text in lines {
                    self.out().line(&text);
                }
                self.game_over = true;
            }
        }
    }

    /// Claims the result if the game has ended by the rules while the engine plays a side.
    fn claim(&self) -> bool {
        match self.outcome() {
            Some(outcome) => {
                if self.engine_side.is_some() {
                    self.out().line(&result_line(outcome));
                }
                true
            }
            None => false,
        }
    }

    /// Whether the engine plays one seat of a team game for a referee.
    fn seated(&self) -> bool {
        amity_variants::plays_one_seat(&self.uci.session.variant_options)
    }

    fn announcer(&self, purpose: Purpose) -> XboardAnnounce {
        XboardAnnounce {
            handover: Arc::clone(&self.handover),
            post: self.post || purpose == Purpose::Analyze,
            purpose,
            game: self.uci.session.game().clone(),
            mirror: self.mirror.as_deref().cloned(),
            seed: self.seed,
            seated: self.seated(),
        }
    }

    /// Whether some decision here is one XBoard cannot show, so that playing it means a
    /// playout (see [`complete_game`]).
    fn may_need_playout(&self) -> bool {
        let Some(mirror) = &self.mirror else {
            return false;
        };
        with_game!(self.uci.session.game(), g => {
            let rules = g.rules();
            g.legal_moves()
                .iter()
                .any(|&mv| !(**mirror).clone().apply(&rules.format_move(mv)))
        })
    }

    fn play_limits(&self) -> Limits {
        let reserve = if self.may_need_playout() {
            PLAYOUT_RESERVE
        } else {
            Duration::ZERO
        };
        let mut limits = Limits {
            depth: self.depth,
            move_overhead: self.uci.session.move_overhead + reserve,
            multipv: self.uci.session.multipv,
            ..Limits::default()
        };
        match self.control {
            TimeControl::Fixed(per_move) => match self.nps {
                Some(nps) => {
                    limits.nodes = Some((nps as f64 * per_move.as_secs_f64()).max(1.0) as u64)
                }
                None => limits.movetime = Some(per_move),
            },
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                limits.clock = Some(Clock {
                    time: self.engine_clock.unwrap_or(base),
                    increment,
                });
                if moves > 0 {
                    let made = with_game!(self.uci.session.game(), g => g.position().fullmoves())
                        .saturating_sub(1);
                    limits.moves_to_go = Some(moves - made % moves);
                }
            }
        }
        limits
    }

    /// Starts thinking about the engine's move.
    fn think(&mut self) {
        let limits = self.play_limits();
        let announce = self.announcer(Purpose::Play);
        self.session().start(Job::Search(limits), false, announce);
        self.searching = Some(Purpose::Play);
    }

    fn analyze(&mut self) {
        if self.outcome().is_some() {
            return;
        }
        // `exclude`d moves: the root searches the others (an empty list would mean all).
        let search_moves: Vec<Move> = if self.excluded.is_empty() {
            Vec::new()
        } else {
            let legal = with_game!(self.uci.session.game(), g => g.legal_moves());
            legal
                .iter()
                .copied()
                .filter(|mv| !self.excluded.contains(mv))
                .collect()
        };
        if !self.excluded.is_empty() && search_moves.is_empty() {
            self.out()
                .line("# every move is excluded: nothing to analyse");
            return;
        }
        let limits = Limits {
            infinite: true,
            move_overhead: self.uci.session.move_overhead,
            multipv: self.uci.session.multipv,
            search_moves,
            ..Limits::default()
        };
        let announce = self.announcer(Purpose::Analyze);
        self.session().start(Job::Search(limits), false, announce);
        self.searching = Some(Purpose::Analyze);
    }

    /// After the position changed: analyse it, or move if it is the engine's turn.
    fn resume(&mut self) {
        if self.analyzing {
            self.analyze();
        } else if !self.game_over
            && self.engine_side == Some(self.turn())
            && self.outcome().is_none()
        {
            self.think();
        }
    }

    /// `exclude`/`include` one move of the current position (`None`: every move), then
    /// analyse again without (or with) it.
    fn exclusion(&mut self, target: Option<&str>, exclude: bool, line: &str) {
        match target {
            None if exclude => {
                let legal = with_game!(self.uci.session.game(), g => g.legal_moves());
                self.excluded = legal.iter().copied().collect();
            }
            None => self.excluded.clear(),
            Some(token) => {
                let parsed = with_game!(self.uci.session.game(), g => {
                    amity_engine::game::parse_move(g.rules(), g.position(), token)
                });
                match parsed {
                    Ok(mv) => {
                        self.excluded.retain(|excluded| *excluded != mv);
                        if exclude {
                            self.excluded.push(mv);
                        }
                    }
                    Err(error) => return self.error(error, line),
                }
            }
        }
        if self.analyzing {
            self.abort();
            self.analyze();
        }
    }

    /// Forgets the move history the GUI knows and settles chance at the new start.
    fn fresh_start(&mut self) {
        self.excluded.clear();
        self.turns.clear();
        self.mirrors.clear();
        self.game_over = false;
        self.resolve_chance();
        let variant = self.uci.session.variant();
        self.mirror = if gui::is_engine_defined(variant) {
            self.target().map(Box::new)
        } else {
            None
        };
    }

    fn features(&self) {
        let out = self.out();
        out.line(&format!(
            "feature ping=1 setboard=1 usermove=1 time=1 memory=1 smp=1 colors=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 exclude=1 highlight=1 nps=1 myname=\"{ENGINE_NAME}\" \
             variants=\"{}\"",
            gui::xboard_variants(&self.uci.session.variant_options)
        ));
        for option in options::table() {
            if let Some(text) = xboard_option(&option) {
                out.line(&format!("feature option=\"{text}\""));
            }
        }
        out.line("feature done=1");
    }

    fn user_move(&mut self, token: &str, explicit: bool, line: &str) {
        self.abort();
        if !self.in_step() {
            // XBoard's board still lags behind Amity's: this move only repairs it.
            let accepted = self.mirror.as_ref().is_some_and(|m| m.clone().apply(token));
            if accepted {
                self.record(0, token);
                self.next_step();
            } else {
                self.out().line(&format!(
                    "Illegal move (XBoard's board is being brought in line with the game): {token}"
                ));
            }
            return;
        }
        match self.session().play(token) {
            Ok(()) => {
                let throws = self.resolve_chance();
                self.record(1 + throws, token);
                self.game_over = false;
                self.next_step();
            }
            Err(MoveError::Malformed(_)) if !explicit => self.error("unknown command", line),
            Err(error) => {
                let out = self.out();
                match error {
                    MoveError::Illegal(_) => out.line(&format!("Illegal move: {token}")),
                    MoveError::Malformed(_) => out.line(&format!(
                        "Illegal move (not a move of this variant): {token}"
                    )),
                    MoveError::GameOver(_) => {
                        out.line(&format!("Illegal move (the game is over): {token}"))
                    }
                }
                if self.analyzing {
                    self.analyze();
                }
            }
        }
    }

    fn take_back(&mut self, gui_moves: usize, line: &str) {
        self.abort();
        if self.turns.len() < gui_moves {
            return self.error("no move to take back", line);
        }
        let decisions: usize = self.turns[self.turns.len() - gui_moves..].iter().sum();
        if self.session().undo(decisions) {
            self.excluded.clear();
            self.turns.truncate(self.turns.len() - gui_moves);
            if self.mirror.is_some() && self.mirrors.len() >= gui_moves {
                let keep = self.mirrors.len() - gui_moves;
                self.mirror = Some(Box::new(self.mirrors[keep].clone()));
                self.mirrors.truncate(keep);
            }
            self.game_over = false;
            if self.analyzing {
                self.analyze();
            }
        } else {
            self.error("no move to take back", line);
        }
    }

    fn set_board(&mut self, fen: &str, line: &str) {
        self.abort();
        // A FEN with the variant's own fields (a seat's view inside a Split-Brain team move)
        // says more than XBoard's six and is always taken as given.
        let gui_fen = fen.split_whitespace().count() <= 6;
        if let Some(mirror) = self.mirror.as_deref().cloned().filter(|_| gui_fen) {
            let geometry = with_game!(self.uci.session.game(), g => g.rules().geometry());
            if let Some(sent) = Mirror::from_fen(fen, geometry.files, geometry.ranks)
                && sent.same_board(&mirror)
            {
                // XBoard's FEN carries only the six standard fields: the board Amity already
                // has (the start of a game, with the variant's own state kept), or, with the
                // other side to move, a pass in XBoard's game (XBoard sends passes this way).
                if sent.turn() != mirror.turn() {
                    self.record(0, "@@@@");
                    self.next_step();
                }
                return;
            }
        }
        let fen = self.dialect().from_gui_fen(fen);
        match self.session().set_position(Some(&fen), &[]) {
            Ok(()) => {
                self.fresh_start();
                self.resume();
            }
            Err(error) => self.error(error, line),
        }
    }

    /// Protocol 1's `white`/`black`: that side is to move, the engine plays the other.
    fn set_color(&mut self, color: Color, line: &str) {
        self.abort();
        let fen = with_game!(self.uci.session.game(), g => g.position().to_fen(g.rules()));
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let Some(side) = fields.get_mut(1) {
            *side = if color == Color::White { "w" } else { "b" };
        }
        let fen = fields.join(" ");
        match self.session().set_position(Some(&fen), &[]) {
            Ok(()) => {
                self.fresh_start();
                self.engine_side = Some(!color);
            }
            Err(error) => self.error(error, line),
        }
    }

    fn option(&mut self, name: &str, value: Option<&str>, line: &str) {
        let option = match options::find(name) {
            Ok(option) if xboard_option(&option).is_some() => option,
            Ok(_) => return self.error("not an XBoard option", line),
            Err(error) => return self.error(error, line),
        };
        // XBoard sends check options as 1 or 0.
        let value = match (&option.kind, value) {
            (OptionKind::Check { .. }, Some("1")) => Some("true"),
            (OptionKind::Check { .. }, Some("0")) => Some("false"),
            (_, value) => value,
        };
        match option.accept(value) {
            Ok(accepted) => {
                self.abort();
                if let (options::SEED, OptionValue::Number(seed)) = (option.name, &accepted) {
                    self.seed = *seed as u64;
                }
                if let Err(error) = self.uci.apply_option(option.name, value) {
                    self.error(error, line);
                }
            }
            Err(error) => self.error(error, line),
        }
    }

    pub fn handle(&mut self, command: Command, line: &str) -> Flow {
        let out = self.out();
        match command {
            Command::Xboard | Command::Draw | Command::Pointer | Command::Ignored => {}
            Command::Protover(_) => self.features(),
            Command::New => {
                self.abort();
                if let Err(error) = self.session().set_variant("chess") {
                    self.error(error, line);
                }
                self.session().new_game();
                self.engine_side = Some(Color::Black);
                self.depth = None;
                self.engine_clock = None;
                self.fresh_start();
                if self.analyzing {
                    self.analyze();
                }
            }
            Command::Variant(name) => {
                self.abort();
                match self.session().set_variant(&name) {
                    Ok(()) => {
                        self.fresh_start();
                        let variant = self.uci.session.variant();
                        if gui::is_engine_defined(variant) {
                            let lines = with_game!(self.uci.session.game(), g => gui::xboard_setup(g.rules()));
                            for text in lines {
                                out.line(&text);
                            }
                        }
                        if self.analyzing {
                            self.analyze();
                        }
                    }
                    Err(_) => self.error("unknown variant", line),
                }
            }
            Command::Quit => {
                self.abort();
                return Flow::Quit;
            }
            Command::Force => {
                if self.searching == Some(Purpose::Play) {
                    self.abort();
                }
                self.engine_side = None;
            }
            Command::Go => {
                self.abort();
                self.analyzing = false;
                self.game_over = false;
                // A seat answers the decision owed now for whichever team owes it, and so
                // does an engine whose game waits on the side XBoard thinks is not to move
                // (a Chesswords clue giver): XBoard's board has no say then, and a decision
                // it cannot show ends the game in XBoard with Amity playing it out.
                let turn = self.turn();
                let mirror = self
                    .mirror
                    .as_deref()
                    .filter(|mirror| !self.seated() && mirror.turn() == turn);
                match mirror.map(Mirror::turn) {
                    Some(turn) => {
                        self.engine_side = Some(turn);
                        self.next_step();
                    }
                    None => {
                        self.engine_side = Some(self.turn());
                        if !self.claim() {
                            self.think();
                        }
                    }
                }
            }
            Command::PlayOther => {
                self.abort();
                self.engine_side = Some(!self.turn());
            }
            Command::SetColor(color) => self.set_color(color, line),
            Command::Level {
                moves,
                base,
                increment,
            } => {
                self.control = TimeControl::Clock {
                    moves,
                    base,
                    increment,
                };
                self.engine_clock = None;
            }
            Command::St(per_move) => self.control = TimeControl::Fixed(per_move),
            Command::Sd(depth) => self.depth = Some(depth.max(1)),
            Command::Nps(nps) => self.nps = (nps > 0).then_some(nps),
            Command::Time(time) => self.engine_clock = Some(time),
            Command::Otim(_) => {}
            Command::UserMove { token, explicit } => self.user_move(&token, explicit, line),
            Command::MoveNow => {
                if self.searching == Some(Purpose::Play) {
                    self.session().stop();
                    self.collect();
                }
            }
            Command::Ping(tag) => out.line(format!("pong {tag}").trim_end()),
            Command::Result(_) => {
                self.abort();
                self.game_over = true;
                self.analyzing = false;
            }
            Command::SetBoard(fen) => self.set_board(&fen, line),
            Command::Edit => self.error("edit mode is not supported; use setboard", line),
            Command::Hint | Command::Book => {}
            Command::Undo => self.take_back(1, line),
            Command::Remove => self.take_back(2, line),
            // Amity does not ponder under XBoard: the engine's time is its own turn only.
            Command::Hard | Command::Easy => {}
            Command::Post => self.post = true,
            Command::NoPost => self.post = false,
            Command::Analyze => {
                self.abort();
                self.analyzing = true;
                self.engine_side = None;
                self.analyze();
            }
            Command::Exit => {
                if self.analyzing {
                    self.abort();
                    self.analyzing = false;
                }
            }
            Command::Status => {}
            Command::Memory(megabytes) => {
                self.abort();
                if let Err(error) = self.session().set_hash(megabytes.clamp(1, 65536)) {
                    self.out()
                        .line(&format!("Error ({error}): memory {megabytes}"));
                }
            }
            Command::Cores(cores) => {
                self.abort();
                self.session().set_threads(cores.clamp(1, 256));
            }
            Command::Option { name, value } => self.option(&name, value.as_deref(), line),
            Command::Exclude(target) => self.exclusion(target.as_deref(), true, line),
            Command::Include(target) => self.exclusion(target.as_deref(), false, line),
            Command::Lift(square) => {
                let answer = with_game!(self.uci.session.game(), g => gui::highlight(g, &square));
                match answer {
                    Ok(board) => out.line(&format!("highlight {board}")),
                    Err(error) => self.error(error, line),
                }
            }
            Command::Display => {
                for text in self.uci.session.describe().lines() {
                    out.line(&format!("# {text}"));
                }
            }
            Command::Perft(depth) if depth > amity_engine::perft::MAX_PERFT_DEPTH => {
                self.error("perft depth too large", line);
            }
            Command::Perft(_) if self.uci.session.perft_refusal().is_some() => {
                let why = self.uci.session.perft_refusal().unwrap_or_default();
                self.error(why, line);
            }
            Command::Perft(depth) => {
                self.abort();
                let announce = self.announcer(Purpose::Analyze);
                self.session().start(Job::Perft(depth), false, announce);
            }
        }
        Flow::Continue
    }
}

/// The `feature option` text of an option, or `None` for options XBoard sets by its own
/// commands (the variant by `variant`, pondering by `hard`/`easy`).
fn xboard_option(option: &OptionSpec) -> Option<String> {
    if [options::VARIANT, options::PONDER, options::SHOW_WDL].contains(&option.name) {
        return None;
    }
    let name = option.name;
    Some(match &option.kind {
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(*default)),
        OptionKind::Combo { default, choices } => {
            let choices: Vec<String> = choices
                .iter()
                .map(|choice| {
                    if choice == default {
                        format!("*{choice}")
                    } else {
                        choice.to_string()
                    }
                })
                .collect();
            format!("{name} -combo {}", choices.join(" /// "))
        }
        OptionKind::String { default } => format!("{name} -string {default}"),
        OptionKind::File { default } => format!("{name} -file {default}"),
        OptionKind::Button => format!("{name} -button"),
    })
}
