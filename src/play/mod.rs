//! `amity play`: people and Amity at one table, in any game. The game says what it needs:
//! its seats (the person takes a side's or one named seat), what each seat may see (a view
//! when it hides information), how chance acts, how a decision is refereed on the full state,
//! what words a decision carries, and how Amity decides for its seats (the game's own partner,
//! its solver, else the search). This module sets the table up and runs the loop; `board`
//! draws, `person` reads and plays a person's decisions, `amity` takes Amity's, and `record`
//! saves and loads games.

mod amity;
mod board;
mod person;
mod record;

use amity_engine::RulesExt;
use std::fmt;
use std::io::{BufRead, Write};
use std::time::Duration;

use amity_engine::search::{Searcher, Strength, strength};
use amity_engine::{Color, FenError, Game, Position, SolverMemory};
use amity_variants::{Variant, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

use amity_match::notation::side_name;
use amity_match::openings::throw;

use crate::variant_args::{self, VariantArgs};
use crate::words::WordArgs;
use board::Drawing;

/// Who the person plays, by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HumanSide {
    White,
    Black,
    /// Both sides (Amity only gives hints).
    Both,
    /// Neither: watch Amity play itself.
    None,
}

/// Amity's search depth when `--depth` does not say.
pub const DEFAULT_DEPTH: u32 = 5;

/// How long the solver may think for a hint or a final account when `--movetime` does not
/// say.
const DEFAULT_SOLVER_TIME: Duration = Duration::from_secs(10);

/// What `amity play` was asked: every flag reaches the one table, or is refused with the
/// reason (an option the game's rules do not take, a flag the game cannot use).
#[derive(clap::Args)]
pub struct PlaySettings {
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The side you play (default: white): the seats of that side.
    #[arg(long, value_enum, conflicts_with = "seat")]
    pub side: Option<HumanSide>,
    /// Amity's search depth (default: 5); a solver's look-ahead, when given.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Amity plays at this level (1000-2800 Elo, as the UCI option `UCI_Elo`) instead of
    /// searching to a depth: a node budget and a seeded share of lesser moves (see
    /// docs/strength-levels.md).
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u32)
        .range(i64::from(strength::MIN_ELO)..=i64::from(strength::MAX_ELO)))]
    pub elo: Option<u32>,
    /// Amity thinks this many milliseconds per move instead of to a depth (a solver: per
    /// hint and for the final account).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Draw the board without ANSI colours.
    #[arg(long)]
    pub no_color: bool,
    /// Show Amity's thinking (depth, score, principal variation).
    #[arg(long)]
    pub think: bool,
    /// Seed for chance (dice, cards) and for the deal.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start from this FEN (a full state, not a seat's view).
    #[arg(long, conflicts_with = "arrange")]
    pub fen: Option<String>,
    /// Your own secret set-up, in a game where each side arranges one (Cloak and Dagger:
    /// your back rank as eight letters, e.g. RKRNNBBQ); the other side's is random.
    #[arg(long)]
    pub arrange: Option<String>,
    /// Your one seat in a game of several seats per side (Split-Brain: Wk, Wq, Bk or Bq);
    /// Amity takes the others.
    #[arg(long)]
    pub seat: Option<String>,
    #[command(flatten)]
    pub words: WordArgs,
    #[command(flatten)]
    pub rules: VariantArgs,
}

/// Why a table cannot be set up.
#[derive(Debug)]
pub enum PlayError {
    UnknownVariant(variant_args::UnknownVariant),
    Option(variant_args::ForeignOption),
    Fen(FenError),
    /// `--fen` gave a seat's view: the table holds the full state.
    View(String),
    /// `--arrange` in a game without a set-up to choose.
    NothingToArrange(&'static str),
    Arrange(String, FenError),
    /// `--seat` in a game of one seat a side.
    OneSeatASide(&'static str),
    NotASeat {
        name: String,
        game: &'static str,
        seats: Vec<&'static str>,
    },
    /// `--side` names a side without a seat.
    NoSeatOfSide(&'static str, Color),
    /// `--word-file` or `--wordnet` in a game that reads no words.
    NoWords(&'static str),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::UnknownVariant(error) => error.fmt(f),
            PlayError::Option(error) => error.fmt(f),
            PlayError::Fen(error) => error.fmt(f),
            PlayError::View(fen) => write!(
                f,
                "--fen {fen} is a player's view; play needs the full state (the hidden parts) \
                 to referee the game"
            ),
            PlayError::NothingToArrange(game) => {
                write!(f, "--arrange: {game} has no set-up to arrange")
            }
            PlayError::Arrange(setup, error) => write!(f, "--arrange {setup}: {error}"),
            PlayError::OneSeatASide(game) => write!(
                f,
                "--seat is for games of several seats per side; {game} has one a side (use \
                 --side)"
            ),
            PlayError::NotASeat { name, game, seats } => write!(
                f,
                "--seat: '{name}' is not a seat of {game} ({})",
                seats.join(", ")
            ),
            PlayError::NoSeatOfSide(game, side) => {
                write!(f, "--side: {game} has no seat for {}", side_name(*side))
            }
            PlayError::NoWords(game) => write!(
                f,
                "--word-file/--wordnet: {game} reads no words (its partner says none)"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// Runs a game on standard input and output. Returns the process exit code.
pub fn run(settings: &PlaySettings) -> i32 {
    let stdin = std::io::stdin();
    match set_up_and_run(settings, &mut stdin.lock()) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error}");
            2
        }
    }
}

fn set_up_and_run(settings: &PlaySettings, input: &mut dyn BufRead) -> Result<i32, PlayError> {
    let options = settings
        .rules
        .options_for(&settings.variant)
        .map_err(PlayError::Option)?;
    let template =
        variant_args::new_game(&settings.variant, &options).map_err(PlayError::UnknownVariant)?;
    with_game!(template, template => {
        let mut table = Table::set_up(template.rules(), settings)?;
        Ok(table.run(input))
    })
}

/// One decision the person typed, for the line a one-seat game shows at its end.
struct Typed {
    /// Decisions in the game when it was typed: an undo past them takes it back.
    at: usize,
    text: String,
}

/// The table: the full state, who holds which seat, and what the loop keeps between lines.
struct Table<'a, R: Variant> {
    game: Game<R>,
    settings: &'a PlaySettings,
    /// For each of the game's seats, whether the person holds it.
    held: Vec<bool>,
    /// The deciding seat's view after a decision the referee has half carried out (cards
    /// turned), waiting for that seat's further choice.
    awaiting: Option<Position<R>>,
    /// The words said with the last decision (a clue), which the next decider hears.
    heard: Option<String>,
    typed: Vec<Typed>,
    searcher: Searcher,
    solver: SolverMemory,
    rng: StdRng,
    drawing: Drawing,
    announced_end: bool,
    hints: u32,
}

impl<'a, R: Variant> Table<'a, R> {
    fn set_up(rules: &R, settings: &'a PlaySettings) -> Result<Table<'a, R>, PlayError> {
        let rules = with_words(rules, settings)?;
        let held = held_seats(&rules, settings)?;
        let person_side = rules
            .seats()
            .iter()
            .zip(&held)
            .find(|(_, held)| **held)
            .map(|(seat, _)| seat.side);
        let game = start_game(rules, settings, person_side.unwrap_or(Color::White))?;
        Ok(Table {
            game,
            settings,
            held,
            awaiting: None,
            heard: None,
            typed: Vec::new(),
            searcher: Searcher::new(16, 1),
            solver: SolverMemory::new(),
            rng: StdRng::seed_from_u64(settings.seed),
            drawing: Drawing {
                color: !settings.no_color,
                flipped: person_side == Some(Color::Black),
            },
            announced_end: false,
            hints: 0,
        })
    }

    fn rules(&self) -> &R {
        self.game.rules()
    }

    /// The seat that owes the next decision, if any.
    fn seat_to_decide(&self) -> Option<usize> {
        if self.game.outcome().is_some() {
            return None;
        }
        self.rules().seat_to_decide(self.game.position())
    }

    fn person_decides(&self) -> bool {
        self.seat_to_decide().is_some_and(|seat| self.held[seat])
    }

    /// In a game that hides information, the side whose view the table shows: the person's,
    /// when every seat they hold is on one side. `None` shows the full state.
    fn shown_side(&self) -> Option<Color> {
        if !self.rules().hides_information() {
            return None;
        }
        let mut sides = self
            .rules()
            .seats()
            .iter()
            .zip(&self.held)
            .filter(|(_, held)| **held)
            .map(|(seat, _)| seat.side);
        let first = sides.next()?;
        sides.all(|side| side == first).then_some(first)
    }

    /// What seat number `seat` sees now: a view waiting for its choice, or its side's view.
    fn view_of(&self, seat: usize) -> Position<R> {
        match &self.awaiting {
            Some(view) => view.clone(),
            None => self
                .rules()
                .view(self.game.position(), self.rules().seats()[seat].side),
        }
    }

    /// What the table shows the person.
    fn shown(&self) -> Position<R> {
        if let (Some(view), true) = (&self.awaiting, self.person_decides()) {
            return view.clone();
        }
        match self.shown_side() {
            Some(side) => self.rules().view(self.game.position(), side),
            None => self.game.position().clone(),
        }
    }

    fn show_board(&self) {
        let shown = self.shown();
        let last = self.game.moves().last().copied();
        print!(
            "{}",
            board::board_text(self.rules(), &shown, last, self.drawing)
        );
        let _ = std::io::stdout().flush();
    }

    fn run(&mut self, input: &mut dyn BufRead) -> i32 {
        println!(
            "Amity: {} ({}). Type a decision (e2e4, Nf3; 'moves' lists them) or 'help'.",
            self.rules().name(),
            self.who_plays()
        );
        self.show_board();
        loop {
            if self.advance() {
                continue;
            }
            print!("{}> ", self.prompt());
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    println!();
                    self.input_ended();
                    return 0;
                }
                Ok(_) => {}
            }
            if !self.command(line.trim()) {
                return 0;
            }
        }
    }

    fn who_plays(&self) -> String {
        let seats = self.rules().seats();
        let names: Vec<&str> = seats
            .iter()
            .zip(&self.held)
            .filter(|(_, held)| **held)
            .map(|(seat, _)| seat.name)
            .collect();
        match names.len() {
            0 => "Amity plays itself".into(),
            1 if seats.len() == 1 => "you play alone".into(),
            held if held == seats.len() => "you play every seat".into(),
            _ => format!("you play {}", names.join(", ")),
        }
    }

    fn prompt(&self) -> String {
        let Some(seat) = self.seat_to_decide() else {
            return "(game over)".into();
        };
        let seats = self.rules().seats();
        let info = seats[seat];
        if seats.len() == 1 {
            "you".into()
        } else if seats.iter().filter(|other| other.side == info.side).count() == 1 {
            format!("{} to move", side_name(info.side))
        } else {
            format!("{} to decide", info.name)
        }
    }

    /// Lets chance and Amity act while no seat of the person's decides; true if something
    /// happened.
    fn advance(&mut self) -> bool {
        if let Some(outcome) = self.game.outcome() {
            if !self.announced_end {
                self.announced_end = true;
                println!("Game over: {} {{{}}}", outcome.result(), outcome.reason());
                self.final_account();
            }
            return false;
        }
        if self.awaiting.is_none()
            && let Some(outcome) = throw(&self.game, &mut self.rng)
        {
            // A secret throw (the order of a shuffled pile) is not shown.
            if self.shown_side().is_none() {
                println!("Chance: {}", self.rules().format_move(outcome));
            }
            self.game.play_unchecked(outcome);
            self.show_board();
            return true;
        }
        match self.seat_to_decide() {
            Some(seat) if !self.held[seat] => self.amity_decides(seat),
            _ => false,
        }
    }

    fn final_account(&mut self) {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let lines = self.rules().final_account(
            self.game.start_position(),
            self.game.position(),
            self.solve_limits(&stop),
        );
        for line in lines {
            println!("{line}");
        }
        if self.rules().seats().len() == 1 {
            let line: Vec<&str> = self.typed.iter().map(|t| t.text.as_str()).collect();
            println!("Your line: {}", line.join(" "));
        }
        if self.hints > 0 {
            println!("Hints asked: {}", self.hints);
        }
    }

    /// The end of input before the game's end: says who owed a decision.
    fn input_ended(&self) {
        if let Some(seat) = self.seat_to_decide().filter(|seat| self.held[*seat]) {
            println!(
                "{} answered nothing: the game stops unfinished.",
                self.rules().seats()[seat].name
            );
        }
    }

    /// Handles one line; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let (first, argument) = line.split_once(' ').unwrap_or((line, ""));
        let argument = argument.trim();
        match first {
            "" => {}
            "quit" | "exit" => return false,
            "help" | "?" => print_help(),
            "flip" => {
                self.drawing.flipped = !self.drawing.flipped;
                self.show_board();
            }
            "undo" | "takeback" => self.undo(),
            "hint" => self.hint(),
            "moves" | "legal" => self.list_moves(),
            "fen" => println!("{}", self.shown().to_fen(self.rules())),
            "new" => self.new_game(),
            "save" if !argument.is_empty() => self.save(argument),
            "load" if !argument.is_empty() => self.load(argument),
            "save" | "load" => println!("Usage: {first} FILE"),
            _ => self.person_decides_line(line),
        }
        true
    }

    fn new_game(&mut self) {
        let rules = self.rules().clone();
        self.game = Game::from_fen(rules.clone(), &self.game.start_position().to_fen(&rules))
            .unwrap_or_else(|_| Game::new(rules));
        self.forget_turn();
        self.typed.clear();
        self.solver.clear();
        println!("New game.");
        self.show_board();
    }

    /// Forgets what belonged to the decisions under way (after an undo, a load, a new game).
    fn forget_turn(&mut self) {
        self.awaiting = None;
        self.heard = None;
        self.announced_end = false;
        let now = self.game.moves().len();
        self.typed.retain(|typed| typed.at < now);
    }

    fn undo(&mut self) {
        if self.awaiting.is_none() && self.game.moves().is_empty() {
            println!("Nothing to undo.");
            return;
        }
        let mut taken = 1;
        if self.awaiting.take().is_none() {
            self.game.undo();
        }
        // Back to a point where the person decides: past Amity's replies and any throw.
        while !self.game.moves().is_empty()
            && !self.person_decides()
            && self.held.iter().any(|held| *held)
        {
            self.game.undo();
            taken += 1;
        }
        self.forget_turn();
        println!("Took back {taken} decision(s).");
        self.show_board();
    }

    /// The level Amity plays at (`--elo`), seeded by `--seed`; `None`: full strength.
    fn strength(&self) -> Option<Strength> {
        let scale = self.rules().search_flags().strength;
        self.settings
            .elo
            .map(|elo| Strength::new(elo, self.settings.seed).on_scale(scale))
    }

    fn solve_limits<'s>(
        &'s self,
        stop: &'s std::sync::atomic::AtomicBool,
    ) -> amity_engine::SolveLimits<'s> {
        let time = self
            .settings
            .movetime
            .map_or(DEFAULT_SOLVER_TIME, Duration::from_millis);
        amity_engine::SolveLimits {
            deadline: Some(std::time::Instant::now() + time),
            nodes: self.strength().map(|level| level.node_budget()),
            depth: self.settings.depth,
            stop,
            memory: &self.solver,
        }
    }
}

/// The rules reading their words where `--word-file` and `--wordnet` say.
fn with_words<R: Variant>(rules: &R, settings: &PlaySettings) -> Result<R, PlayError> {
    let Some(sources) = settings.words.sources() else {
        return Ok(rules.clone());
    };
    rules
        .with_words(&sources)
        .ok_or(PlayError::NoWords(rules.name()))
}

/// The seats the person holds: the one `--seat` names, else those of `--side`'s side.
fn held_seats<R: Variant>(rules: &R, settings: &PlaySettings) -> Result<Vec<bool>, PlayError> {
    let seats = rules.seats();
    if let Some(name) = &settings.seat {
        let one_a_side = seats
            .iter()
            .all(|seat| seats.iter().filter(|s| s.side == seat.side).count() == 1);
        if one_a_side {
            return Err(PlayError::OneSeatASide(rules.name()));
        }
        let Some(index) = seats.iter().position(|seat| seat.name == name) else {
            return Err(PlayError::NotASeat {
                name: name.clone(),
                game: rules.name(),
                seats: seats.iter().map(|seat| seat.name).collect(),
            });
        };
        return Ok((0..seats.len()).map(|seat| seat == index).collect());
    }
    let side = match settings.side.unwrap_or(HumanSide::White) {
        HumanSide::White => Some(Color::White),
        HumanSide::Black => Some(Color::Black),
        HumanSide::Both => return Ok(vec![true; seats.len()]),
        HumanSide::None => return Ok(vec![false; seats.len()]),
    };
    let held: Vec<bool> = seats.iter().map(|seat| Some(seat.side) == side).collect();
    match side {
        // Only a side asked for by name must exist: a one-seat game is the person's by default.
        Some(side) if !held.iter().any(|held| *held) && settings.side.is_some() => {
            Err(PlayError::NoSeatOfSide(rules.name(), side))
        }
        _ if !held.iter().any(|held| *held) => Ok(vec![true; seats.len()]),
        _ => Ok(held),
    }
}

/// The game the table starts: `--fen` (a full state), the person's `--arrange`d set-up, or a
/// fresh deal drawn with `--seed` (a game that hides information starts from one, not from
/// the test deal).
fn start_game<R: Variant>(
    rules: R,
    settings: &PlaySettings,
    person: Color,
) -> Result<Game<R>, PlayError> {
    let mut rng = StdRng::seed_from_u64(settings.seed);
    if let Some(fen) = &settings.fen {
        let game = Game::from_fen(rules, fen).map_err(PlayError::Fen)?;
        if game.rules().is_view(game.position()) {
            return Err(PlayError::View(fen.clone()));
        }
        return Ok(game);
    }
    let start = match &settings.arrange {
        Some(setup) => match rules.deal_arranged(person, setup, &mut rng) {
            Some(Ok(deal)) => Some(deal),
            Some(Err(error)) => return Err(PlayError::Arrange(setup.clone(), error)),
            None => return Err(PlayError::NothingToArrange(rules.name())),
        },
        None => rules.deal(&mut rng),
    };
    match start {
        Some(deal) => Game::from_fen(rules.clone(), &deal.to_fen(&rules)).map_err(PlayError::Fen),
        None => Ok(Game::new(rules)),
    }
}

fn print_help() {
    println!(
        "Decisions: coordinates (e2e4, e7e8q, N@c3) or SAN (Nf3, O-O), or the game's own \
         tokens ('moves' lists them); a turn of several decisions as legs joined by commas. A \
         decision that carries words (a clue) takes them after a space: word:oven stove.\n\
         Commands: undo (take back your last decision), hint, flip (turn the board), moves \
         (the decisions open to you), fen, save FILE, load FILE (PGN), new, help, quit."
    );
}
