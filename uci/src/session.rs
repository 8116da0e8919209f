//! The command layer every protocol front end shares: the current game and variant, the
//! options, the searcher and the background job (search or perft) that runs while the front
//! end keeps reading input. Front ends turn text into calls here and results into text.

use amity_engine::RulesExt;
use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use amity_engine::search::{
    Clock, HiddenInformation, Limits, ParameterError, Ponder, Report, Score, SearchParameters,
    SearchResult, Searcher, Strength, TableError, strength,
};
use amity_engine::win_rate::{Wdl, ply_of};
use amity_engine::{
    Color, FenError, Game, Move, MoveError, Notation, Presentation, PuzzleScore, Rules,
    SolveLimits, SolverMemory, perft,
};
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Where protocol output goes; shared by the input loop and the background job.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    /// Writes one line and flushes it (GUIs read line by line). A closed pipe is ignored: the
    /// GUI is gone and nothing useful can be done about it.
    pub fn line(&self, text: &str) {
        let mut writer = match self.0.lock() {
            Ok(writer) => writer,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }
}

/// Why a session call was refused; the front end turns it into its protocol's error message.
#[derive(Debug)]
pub enum SessionError {
    UnknownVariant(String),
    Fen(FenError),
    Move { index: usize, error: MoveError },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::UnknownVariant(name) => write!(
                f,
                "unknown variant '{name}' (known: {})",
                amity_variants::NAMES.join(", ")
            ),
            SessionError::Fen(error) => write!(f, "{error}"),
            SessionError::Move { index, error } => {
                write!(f, "{error} (move {} of the list)", index + 1)
            }
        }
    }
}

impl std::error::Error for SessionError {}

/// What the background job should do.
pub enum Job {
    Search(Limits),
    Perft(u32),
    Bench(crate::bench::BenchConfig),
}

/// Stack of the background job's thread (perft's recursion, the search's caller).
const JOB_STACK_BYTES: usize = 64 << 20;

/// How a finished search is announced.
pub trait Announce: Send + 'static {
    /// Announces a search's progress; `wdl` holds the score's chances when they are to be
    /// shown (`UCI_ShowWDL` and a game with a model).
    fn report<R: Variant>(&self, out: &Output, rules: &R, report: &Report, wdl: Option<Wdl>);
    fn best_move<R: Variant>(&self, out: &Output, rules: &R, result: &SearchResult);

    /// Announces a whole turn of several decisions by one side (`legs`, the first being
    /// `result.best`). Front ends whose protocol carries a turn as one token of comma-joined
    /// legs override this; the default announces the first decision alone.
    fn best_turn<R: Variant>(&self, out: &Output, rules: &R, result: &SearchResult, legs: &[Move]) {
        let _ = legs;
        self.best_move(out, rules, result);
    }

    /// A remark for people reading the engine's output (a solitaire's score); protocols
    /// without a place for it say nothing.
    fn note(&self, out: &Output, text: &str) {
        let _ = (out, text);
    }
}

struct Running {
    handle: JoinHandle<Searcher>,
    stop: Arc<AtomicBool>,
    /// Searches that must not answer before `stop` (infinite, ponder).
    hold: Arc<AtomicBool>,
    /// Whether the job may simply be waited for at end of input (it will end by itself).
    finite: bool,
    /// The ponder search's signal: `ponderhit` starts its clock.
    ponder: Option<Ponder>,
}

/// The shared state behind a protocol front end.
pub struct Session {
    pub out: Output,
    game: AnyGame,
    searcher: Option<Searcher>,
    /// What a solitaire's solver keeps from one decision of the game to the next (the plan
    /// under way), forgotten with the game like the searcher's table.
    solver: Arc<SolverMemory>,
    running: Option<Running>,
    pub move_overhead: Duration,
    /// How many best lines a search reports (the `MultiPV` option).
    pub multipv: usize,
    /// Whether reports carry the score's chances of a win, a draw and a loss
    /// (`UCI_ShowWDL`), in games that have a model of them.
    pub show_wdl: bool,
    /// Options every new game of a variant is built with (set through the protocols).
    pub variant_options: VariantOptions,
    /// Whether searches play below full strength (`UCI_LimitStrength`), at `elo`.
    pub limit_strength: bool,
    /// The level of a limited search (`UCI_Elo`).
    pub elo: u32,
    /// `Skill Level`, 0 to [`strength::MAX_SKILL`]: below the top, the search plays at the
    /// level [`strength::skill_elo`] gives, unless `UCI_LimitStrength` names one.
    pub skill: u32,
    /// The `Seed` option: seeds the throws of chance, the worlds sampled for hidden
    /// information and the choices of a limited strength.
    seed: u64,
    rng: StdRng,
}

impl Session {
    pub fn new(out: Output) -> Session {
        Session {
            out,
            game: amity_variants::new_game("chess").expect("chess exists"),
            searcher: Some(Searcher::default()),
            solver: Arc::default(),
            running: None,
            move_overhead: Duration::from_millis(30),
            multipv: 1,
            show_wdl: false,
            variant_options: VariantOptions::default(),
            limit_strength: false,
            elo: strength::DEFAULT_ELO,
            skill: strength::MAX_SKILL,
            seed: 1,
            rng: StdRng::seed_from_u64(1),
        }
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn variant(&self) -> &'static str {
        amity_variants::name_of(&self.game)
    }

    /// Waits for the background job to finish by itself.
    pub fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            self.searcher = Some(running.handle.join().unwrap_or_default());
        }
    }

    /// Stops the background job and waits for it (its `bestmove` is printed by then).
    pub fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::SeqCst);
            running.hold.store(false, Ordering::SeqCst);
        }
        self.wait();
    }

    /// Lets a held search (ponder, infinite) answer as soon as it is done; a pondering search
    /// switches to its clock limits.
    pub fn release(&mut self) {
        if let Some(running) = &self.running {
            if let Some(ponder) = &running.ponder {
                ponder.hit();
            }
            running.hold.store(false, Ordering::SeqCst);
        }
    }

    pub fn is_busy(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|running| !running.handle.is_finished())
    }

    /// At end of input: a job with limits of its own is waited for, an endless one stopped.
    pub fn finish(&mut self) {
        match &self.running {
            Some(running) if running.finite => self.wait(),
            _ => self.stop(),
        }
    }

    /// The searcher, for changing its settings: a running job is stopped first (it answers
    /// as `stop` makes it), never waited for, since an endless search would never end and
    /// the input loop, blocked here, could never read the `stop` that ends it.
    fn searcher(&mut self) -> &mut Searcher {
        self.stop();
        self.searcher.get_or_insert_with(Searcher::default)
    }

    /// Resizes the hash table; on an error the old table stays.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), TableError> {
        self.searcher().set_hash(megabytes)
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.searcher().set_threads(threads);
    }

    /// Forgets what the searcher and the solver learnt (a new game, `Clear Hash`).
    pub fn clear_hash(&mut self) {
        self.searcher().clear();
        self.solver.clear();
    }

    /// Seeds the throws of chance, the worlds sampled for hidden information and the choices
    /// of a limited strength.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = StdRng::seed_from_u64(seed);
        self.set_hidden_information(|hidden| hidden.seed = seed);
    }

    /// Sets the search's tunable numbers from `name=value` text (empty: the defaults); on an
    /// error the numbers in use stay.
    pub fn set_search_parameters(&mut self, text: &str) -> Result<(), ParameterError> {
        let parameters = SearchParameters::parse(text)?;
        self.searcher().set_parameters(parameters);
        Ok(())
    }

    /// Changes how games that hide information are searched.
    pub fn set_hidden_information(&mut self, change: impl FnOnce(&mut HiddenInformation)) {
        let searcher = self.searcher();
        let mut hidden = searcher.hidden_information();
        change(&mut hidden);
        searcher.set_hidden_information(hidden);
    }

    /// Switches variant (the start position of the new one), keeping everything else.
    pub fn set_variant(&mut self, name: &str) -> Result<(), SessionError> {
        let game = amity_variants::new_game_with(name, &self.variant_options)
            .ok_or_else(|| SessionError::UnknownVariant(name.to_string()))?;
        self.stop();
        self.game = game;
        self.clear_hash();
        Ok(())
    }

    /// A new game of the current variant.
    pub fn new_game(&mut self) {
        self.stop();
        let name = self.variant();
        if let Some(game) = amity_variants::new_game_with(name, &self.variant_options) {
            self.game = game;
        }
        self.clear_hash();
    }

    /// Sets the position from the start (or a FEN) and a list of move tokens. On any error
    /// the previous position stays.
    pub fn set_position(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), SessionError> {
        // Rules are rebuilt from the current options, so an option set since the last
        // position takes effect here.
        let template = amity_variants::new_game_with(self.variant(), &self.variant_options)
            .unwrap_or_else(|| self.game.clone());
        let fresh = with_game!(&template, g => {
            let rules = g.rules().clone();
            let mut game = match fen {
                Some(fen) => Game::from_fen(rules, fen).map_err(SessionError::Fen)?,
                None => Game::new(rules),
            };
            for (index, token) in moves.iter().enumerate() {
                game.play_token(token)
                    .map_err(|error| SessionError::Move { index, error })?;
            }
            amity_variants::wrap(game)
        });
        self.stop();
        self.game = fresh;
        Ok(())
    }

    /// Plays one more move token in the current game.
    pub fn play(&mut self, token: &str) -> Result<(), MoveError> {
        self.stop();
        with_game!(&mut self.game, g => g.play_token(token).map(|_| ()))
    }

    /// Takes back the last `decisions` decisions (moves and throws); false, changing nothing,
    /// if the game has fewer.
    pub fn undo(&mut self, decisions: usize) -> bool {
        self.stop();
        let played = with_game!(&self.game, g => g.moves().len());
        if played < decisions {
            return false;
        }
        with_game!(&mut self.game, g => {
            for _ in 0..decisions {
                g.undo();
            }
        });
        true
    }

    /// If chance must act at the root (a throw pending), throws with the session's seeded
    /// generator, plays the outcome and returns its token.
    pub fn throw_if_pending(&mut self) -> Option<String> {
        let rng = &mut self.rng;
        with_game!(&mut self.game, g => {
            let chosen = g.draw_chance(rng)?;
            let token = g.rules().format_move(chosen);
            g.play_unchecked(chosen);
            Some(token)
        })
    }

    /// Builds search limits for the side to move from clock readings.
    pub fn clock_limits(&self, white: Option<Clock>, black: Option<Clock>) -> Option<Clock> {
        let turn = with_game!(&self.game, g => g.position().turn());
        match turn {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The level searches play at (`None`: full strength), on the game's scale, so the node
    /// budget that binds solvers and seat searches is the game's too.
    pub fn strength(&self) -> Option<Strength> {
        let scale = with_game!(&self.game, g => g.rules().search_flags().strength);
        let elo = if self.limit_strength {
            Some(self.elo)
        } else {
            strength::skill_elo(self.skill)
        };
        elo.map(|elo| Strength::new(elo, self.seed).on_scale(scale))
    }

    /// Starts a job in the background. `hold` keeps the answer back until [`Session::stop`]
    /// or [`Session::release`] (UCI's infinite and ponder searches). A search plays at the
    /// session's strength; its node budget binds solvers and seat searches too.
    pub fn start<A: Announce>(&mut self, mut job: Job, hold: bool, announce: A) {
        // The GUI's clock runs from the `go`: so does ours, before the old job is joined.
        if let Job::Search(limits) = &mut job {
            limits.received.get_or_insert_with(Instant::now);
        }
        self.stop();
        if let (Job::Search(limits), Some(level)) = (&mut job, self.strength()) {
            limits.strength = Some(level);
            limits.nodes = limits.node_limit();
        }
        let mut searcher = self.searcher.take().unwrap_or_default();
        let stop = Arc::new(AtomicBool::new(false));
        let held = Arc::new(AtomicBool::new(hold));
        let finite = match &job {
            Job::Perft(_) | Job::Bench(_) => true,
            Job::Search(limits) => !hold && limits.ends_by_itself(),
        };
        let ponder = match &job {
            Job::Search(limits) => limits.ponder.clone(),
            Job::Perft(_) | Job::Bench(_) => None,
        };
        let game = self.game.clone();
        let out = self.out.clone();
        let options = self.variant_options.clone();
        let show_wdl = self.show_wdl;
        let solver = Arc::clone(&self.solver);
        let (stop_flag, hold_flag) = (Arc::clone(&stop), Arc::clone(&held));
        // Perft recurses one frame per ply on this thread: room for the deepest it counts.
        let spawned = std::thread::Builder::new()
            .name("amity-job".into())
            .stack_size(JOB_STACK_BYTES)
            .spawn(move || {
            // A seat of a team game answers only its own decision (the game's seat search).
            // It keeps the UCI contract like every search: held answers wait for the release.
            let seat_answer = match &job {
                Job::Search(limits) => {
                    amity_variants::seat_answer(&game, &options, limits, &stop_flag)
                }
                Job::Perft(_) | Job::Bench(_) => None,
            };
            if let Some(answer) = seat_answer {
                let best = answer.unwrap_or_else(|error| {
                    out.line(&format!("info string error: {error}"));
                    Move::NULL
                });
                wait_for_release(&hold_flag, &stop_flag);
                let result = SearchResult {
                    best,
                    ponder: None,
                    nodes: 0,
                    depth: 0,
                    score: Score::Centipawns(0),
                };
                with_game!(&game, g => announce.best_turn(&out, g.rules(), &result, &[best]));
                return searcher;
            }
            with_game!(&game, g => match job {
                Job::Perft(depth) => run_perft(&out, g, depth, &stop_flag),
                Job::Bench(config) => {
                    crate::bench::run(&out, &config, &stop_flag);
                }
                Job::Search(limits) => {
                    let started = limits.received.unwrap_or_else(Instant::now);
                    let rules = g.rules();
                    // A one-seat game for a score answers with its own solver.
                    let solved = solve(g, &limits, started, &stop_flag, &solver, &out, &announce);
                    if let Some(result) = solved {
                        wait_for_release(&hold_flag, &stop_flag);
                        announce.best_move(&out, rules, &result);
                        return searcher;
                    }
                    // The chances of a report's score, from the root's ply.
                    let root = g.position();
                    let ply = ply_of(root.fullmoves(), root.turn() == Color::Black);
                    let model = rules.win_rate_model().filter(|_| show_wdl);
                    let result = searcher.search_game(g, &limits, &stop_flag, &mut |report| {
                        let wdl = model.map(|model| model.wdl(report.score, ply));
                        announce.report(&out, rules, report, wdl)
                    });
                    wait_for_release(&hold_flag, &stop_flag);
                    let legs = finish_turn(
                        &mut searcher,
                        g,
                        &limits,
                        &result,
                        started.elapsed(),
                        &stop_flag,
                    );
                    announce.best_turn(&out, rules, &result, &legs);
                }
            });
            searcher
        });
        let handle = match spawned {
            Ok(handle) => handle,
            Err(error) => {
                self.out.line(&format!(
                    "info string error: cannot start a thread: {error}"
                ));
                return;
            }
        };
        self.running = Some(Running {
            handle,
            stop,
            hold: held,
            finite,
            ponder,
        });
    }

    /// Why `go perft` cannot count here: a view's decisions are not the full state's.
    pub fn perft_refusal(&self) -> Option<&'static str> {
        with_game!(&self.game, g => g
            .rules()
            .is_view(g.position())
            .then_some("perft counts the decisions of a full state, and this position is a view (its hidden parts are ?)"))
    }

    /// The board, FEN and hash, for `d`.
    pub fn describe(&self) -> String {
        with_game!(&self.game, g => {
            let pos = g.position();
            let rules = g.rules();
            let mut text = pos.diagram(rules);
            text.push_str(&format!("\nVariant: {}\n", rules.name()));
            text.push_str(&format!("Fen: {}\n", pos.to_fen(rules)));
            text.push_str(&format!("Key: {:016X}\n", pos.hash()));
            if rules.hides_information() {
                let mover = if pos.turn() == Color::White { "White" } else { "Black" };
                if rules.is_view(pos) {
                    text.push_str("This is a view: what is hidden is written ?\n");
                } else {
                    // A full state: the search decides from the mover's view of it.
                    let view = rules.view(pos, pos.turn());
                    text.push_str(&format!("{mover}'s view: {}\n", view.to_fen(rules)));
                }
            }
            text.push_str(&rules.describe(pos));
            text.push_str(&format!(
                "Side to move: {}{}\n",
                if pos.turn() == Color::White { "White" } else { "Black" },
                if rules.in_check(pos) { " (in check)" } else { "" }
            ));
            let outcomes = g.chance_outcomes();
            if !outcomes.is_empty() {
                text.push_str(&format!("Chance pending: {} outcomes\n", outcomes.len()));
            } else {
                text.push_str(&format!("Legal moves: {}\n", g.legal_moves().len()));
            }
            if let Some(outcome) = g.outcome() {
                text.push_str(&format!("Game over: {} {{{}}}\n", outcome.result(), outcome.reason()));
            }
            text
        })
    }
}

/// Asks the variant's own solver (a solitaire's), if it has one: its line and score are
/// reported like a search's (the score in hundredths where a centipawn score goes) and noted
/// in the game's own terms; the answer is the line's first decision alone, since the player
/// decides again once the next card is seen. `None` for games the search decides.
fn solve<R: Variant, A: Announce>(
    game: &Game<R>,
    limits: &Limits,
    started: Instant,
    stop: &AtomicBool,
    memory: &SolverMemory,
    out: &Output,
    announce: &A,
) -> Option<SearchResult> {
    let rules = game.rules();
    // A solver answers at the soft deadline, the clock's share for one decision: it has no
    // iterations whose settling could earn it the hard one, and a solitaire of thirty-odd
    // decisions on a fast clock loses on time if each takes four shares.
    let deadline = if limits.infinite || limits.ponder.is_some() {
        None
    } else {
        limits.deadlines(started).0
    };
    // A depth alone would not bound a solver's work: the GUI gets an answer all the same.
    let nodes = match (limits.nodes, deadline, limits.depth) {
        (None, None, Some(depth)) if !limits.infinite && limits.ponder.is_none() => {
            Some(SolveLimits::depth_only_nodes(depth))
        }
        (nodes, _, _) => nodes,
    };
    let solve = |stop: &AtomicBool| {
        rules.solve(
            game.position(),
            SolveLimits {
                deadline,
                nodes,
                depth: limits.depth,
                stop,
                memory,
            },
        )
    };
    let solution = match &limits.ponder {
        None => solve(stop)?,
        // A solver's deadline is fixed when it starts, so a pondering one is stopped from
        // outside once the clock that `ponderhit` starts runs out.
        Some(ponder) => {
            let ponder_stop = AtomicBool::new(false);
            let done = AtomicBool::new(false);
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    stop_after_ponder_hit(ponder, limits.budget().soft, stop, &ponder_stop, &done)
                });
                let solution = solve(&ponder_stop);
                done.store(true, Ordering::SeqCst);
                solution
            })?
        }
    };
    let score = Score::Centipawns(solution.score.hundredths());
    announce.report(
        out,
        rules,
        &Report {
            multipv: 1,
            depth: solution.horizon.unwrap_or(solution.line.len() as u32),
            seldepth: solution.line.len() as u32,
            score,
            nodes: solution.nodes,
            time: started.elapsed(),
            hashfull: 0,
            pv: solution.line.clone(),
        },
        None,
    );
    let proven = if solution.complete {
        ""
    } else {
        " (stopped early: not proven)"
    };
    let note = match (solution.score, solution.horizon) {
        (PuzzleScore::Exact(score), _) => format!("score {score}{proven}"),
        (PuzzleScore::Expected(mean), None) => format!("expected score {mean:.4}{proven}"),
        (PuzzleScore::Expected(mean), Some(blind)) => format!(
            "expected score {mean:.4} looking {blind} blind card(s) ahead (a lower bound){proven}"
        ),
    };
    announce.note(out, &note);
    Some(SearchResult {
        best: solution.line.first().copied().unwrap_or(Move::NULL),
        ponder: None,
        nodes: solution.nodes,
        depth: solution.line.len() as u32,
        score,
    })
}

/// Raises `solver_stop` when the job is stopped, or when `hard` has passed since the ponder
/// search was hit (never, without a hit or a time limit); returns once `done` is raised.
fn stop_after_ponder_hit(
    ponder: &Ponder,
    hard: Option<Duration>,
    job_stop: &AtomicBool,
    solver_stop: &AtomicBool,
    done: &AtomicBool,
) {
    while !done.load(Ordering::SeqCst) {
        // The clock counts from the hit itself, not from when this loop first sees it.
        let deadline = ponder
            .clock_start()
            .and_then(|hit| hard.map(|hard| hit + hard));
        if job_stop.load(Ordering::SeqCst) || deadline.is_some_and(|end| Instant::now() >= end) {
            solver_stop.store(true, Ordering::SeqCst);
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The rest of a turn made of several decisions by one side: after the best decision, while
/// the same side is still to move and the game goes on, search again from the position
/// reached and collect the legs, so the answer is the whole turn. The follow-up searches go
/// as deep as asked (or as the first search got); under a time limit they share what the
/// turn has left ([`FollowUpTime`]), so a turn of many legs never overruns the clock.
///
/// `stop` is the job's own flag. While it is down, each leg listens to it, so a `stop`
/// arriving during a leg ends that leg at once. Once it is up (the GUI is waiting for the
/// answer), the legs still to come share [`STOPPED_TURN_RESERVE`] under a flag of their own:
/// a stopped search must still answer with a whole, legal turn, and quickly.
fn finish_turn<R: Variant>(
    searcher: &mut Searcher,
    game: &Game<R>,
    limits: &Limits,
    result: &SearchResult,
    first_search_time: Duration,
    stop: &AtomicBool,
) -> Vec<Move> {
    let mut legs = vec![result.best];
    if result.best.is_null() {
        return legs;
    }
    let mut time = FollowUpTime::new(limits, first_search_time);
    let side = game.position().turn();
    let mut game = game.clone();
    let after_stop = AtomicBool::new(false);
    while let Some(&last) = legs.last() {
        let rules = game.rules();
        if rules.is_view(game.position()) && rules.outcome_hidden(game.position(), last) {
            break;
        }
        game.play_unchecked(last);
        let same_turn = game.position().turn() == side;
        if !same_turn || game.is_finished_by_rules() || !game.chance_outcomes().is_empty() {
            break;
        }
        let stopped = stop.load(Ordering::SeqCst);
        if stopped {
            time.stopped();
        }
        let follow_up = Limits {
            depth: limits.depth.or(Some(result.depth.max(1))),
            nodes: limits.nodes,
            movetime: time.next_leg(),
            ..Limits::default()
        };
        let leg_stop = if stopped { &after_stop } else { stop };
        let started = Instant::now();
        let next = searcher.search_game(&game, &follow_up, leg_stop, &mut |_| {});
        time.spend(started.elapsed());
        if next.best.is_null() {
            break;
        }
        legs.push(next.best);
    }
    legs
}

/// The time the follow-up legs of a turn may take. Each leg gets at most what the first
/// search took and half of what the turn has left, so however many legs follow, together
/// they stay within the turn's hard limit (or, for a search the GUI stopped, within
/// [`STOPPED_TURN_RESERVE`]: the GUI is waiting for the answer).
struct FollowUpTime {
    /// `None`: not timed (depth or nodes bound the legs).
    left: Option<Duration>,
    per_leg: Duration,
}

/// Time the legs after a stopped search (`stop`, or the end of an `infinite` or pondering
/// one) may take together: short, since the GUI is waiting and expects an answer at once.
const STOPPED_TURN_RESERVE: Duration = Duration::from_millis(20);
/// The shortest leg search: enough for a shallow depth, so a leg is never a blind guess.
const SHORTEST_LEG: Duration = Duration::from_millis(2);

impl FollowUpTime {
    fn new(limits: &Limits, first_search_time: Duration) -> FollowUpTime {
        let left = if limits.infinite || limits.ponder.is_some() {
            Some(STOPPED_TURN_RESERVE)
        } else {
            limits
                .budget()
                .hard
                .map(|hard| hard.saturating_sub(first_search_time))
        };
        FollowUpTime {
            left,
            per_leg: first_search_time,
        }
    }

    /// The job was stopped: what is left of the turn must fit in the stopped reserve.
    fn stopped(&mut self) {
        let reserve = match self.left {
            Some(left) => left.min(STOPPED_TURN_RESERVE),
            None => STOPPED_TURN_RESERVE,
        };
        self.left = Some(reserve);
    }

    /// The movetime of the next leg (`None`: untimed).
    fn next_leg(&self) -> Option<Duration> {
        self.left
            .map(|left| self.per_leg.min(left / 2).max(SHORTEST_LEG))
    }

    fn spend(&mut self, spent: Duration) {
        if let Some(left) = &mut self.left {
            *left = left.saturating_sub(spent);
        }
    }
}

/// UCI: an infinite or pondering search answers only when told to stop (or, pondering, when
/// the ponder move was played), however early it finished.
fn wait_for_release(hold: &AtomicBool, stop: &AtomicBool) {
    while hold.load(Ordering::SeqCst) && !stop.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `go perft`: the divide listing and total, or, when stopped, one line saying so (a
/// partial count would read as a wrong one).
fn run_perft<R: Variant>(out: &Output, game: &Game<R>, depth: u32, stop: &AtomicBool) {
    let start = Instant::now();
    let rules = game.rules();
    let mut total = 0;
    if depth > 0 {
        let Some(counts) = perft::divide_until(rules, game.position(), depth, stop) else {
            out.line(&format!(
                "info string perft {depth} stopped after {} ms",
                start.elapsed().as_millis()
            ));
            return;
        };
        for (mv, count) in counts {
            out.line(&format!("{}: {count}", rules.format_move(mv)));
            total += count;
        }
    } else {
        total = 1;
    }
    let elapsed = start.elapsed();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out.line(&format!(
        "info string perft {depth} took {} ms ({nps} nodes/s)",
        elapsed.as_millis()
    ));
    out.line("");
    out.line(&format!("Nodes searched: {total}"));
}

/// Formats a score the UCI way (`cp 35`, `mate -3`).
pub fn uci_score(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the legs of a turn, each taking all the time it is given; the total.
    fn turn_time(limits: &Limits, first: Duration, legs: usize) -> Duration {
        let mut time = FollowUpTime::new(limits, first);
        let mut total = first;
        for _ in 0..legs {
            let leg = time.next_leg().expect("timed");
            time.spend(leg);
            total += leg;
        }
        total
    }

    #[test]
    fn many_follow_up_legs_stay_within_the_movetime() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        // The first search used 600 ms of 1000: fifteen more legs share the rest.
        let total = turn_time(&limits, Duration::from_millis(600), 15);
        assert!(
            total <= Duration::from_millis(1000) + 15 * SHORTEST_LEG,
            "{total:?}"
        );
    }

    #[test]
    fn follow_up_legs_under_a_clock_stay_within_the_hard_limit() {
        let limits = Limits {
            clock: Some(Clock {
                time: Duration::from_secs(10),
                increment: Duration::ZERO,
            }),
            ..Limits::default()
        };
        let hard = limits.budget().hard.unwrap();
        let first = limits.budget().soft.unwrap();
        let total = turn_time(&limits, first, 16);
        assert!(total <= hard + 16 * SHORTEST_LEG, "{total:?} > {hard:?}");
        // A leg may take as long as the first search when the turn has time for it.
        let time = FollowUpTime::new(&limits, Duration::from_millis(50));
        assert_eq!(time.next_leg(), Some(Duration::from_millis(50)));
    }

    #[test]
    fn after_a_stopped_search_the_legs_are_quick_and_untimed_ones_stay_untimed() {
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        let total = turn_time(&infinite, Duration::from_secs(60), 10);
        assert!(
            total <= Duration::from_secs(60) + STOPPED_TURN_RESERVE + 10 * SHORTEST_LEG,
            "{total:?}"
        );
        let depth = Limits::depth(5);
        assert_eq!(
            FollowUpTime::new(&depth, Duration::from_secs(3)).next_leg(),
            None
        );
    }
}
