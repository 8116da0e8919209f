//! `amity play` for the solitaires (Parade, Neighbour): a person plays a deal alone, seeing
//! only what the rules let the player see (the face-down piles as `?`, unless the variant's
//! open option is set), `hint` asks the solver from that same view, and at the end the
//! person's score is shown beside the optimum of the deal with its piles known.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use amity_engine::game::parse_move;
use amity_engine::rules::Refereed;
use amity_engine::{Color, File, MoveList, Position, PuzzleScore, Rank, RulesExt, Square};
use amity_variants::Variant;
use amity_variants::solitaire::solver::{self, Horizon, Solitaire, Table};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// How long `hint` and the final optimum may think when `--movetime` does not say.
const DEFAULT_THINK: Duration = Duration::from_secs(10);

/// What the table needs of `amity play`'s settings.
pub struct SolitaireSettings {
    pub seed: u64,
    pub fen: Option<String>,
    /// How long the solver may think for a hint or the final optimum.
    pub think: Option<Duration>,
}

/// Plays a deal of `rules` on standard input and output; the process exit code.
pub fn run<R: Solitaire + Variant>(rules: &R, settings: &SolitaireSettings) -> i32 {
    let start = match &settings.fen {
        Some(fen) => match Position::from_fen(rules, fen) {
            Ok(pos) if rules.is_view(&pos) => {
                eprintln!(
                    "error: {fen} is a player's view; play needs the full state (the piles' \
                     order) to turn the cards"
                );
                return 2;
            }
            Ok(pos) => pos,
            Err(error) => {
                eprintln!("error: {error}");
                return 2;
            }
        },
        None => match rules.deal(&mut StdRng::seed_from_u64(settings.seed)) {
            Some(pos) => pos,
            None => {
                eprintln!("error: {} deals no game", rules.name());
                return 2;
            }
        },
    };
    let stdin = std::io::stdin();
    let think = settings.think.unwrap_or(DEFAULT_THINK);
    SolitaireTable::new(rules, start, think).run(&mut stdin.lock())
}

/// One moment of the game, for `undo`.
#[derive(Clone)]
struct Moment<R: Solitaire + Variant> {
    /// The full state, which the person never sees unless the piles are open.
    state: Position<R>,
    /// After a blind add whose card(s) need a square chosen: the person's view with the cards
    /// turned, waiting for the choice.
    placing: Option<Position<R>>,
    /// The decisions typed so far.
    played: Vec<String>,
}

struct SolitaireTable<'a, R: Solitaire + Variant> {
    rules: &'a R,
    start: Position<R>,
    now: Moment<R>,
    history: Vec<Moment<R>>,
    think: Duration,
    hints: u32,
    announced_end: bool,
    /// What the solver keeps from one hint of this game to the next (the plan under way).
    solver: amity_engine::SolverMemory,
}

impl<'a, R: Solitaire + Variant> SolitaireTable<'a, R> {
    fn new(rules: &'a R, start: Position<R>, think: Duration) -> Self {
        SolitaireTable {
            rules,
            now: Moment {
                state: start.clone(),
                placing: None,
                played: Vec::new(),
            },
            start,
            history: Vec::new(),
            think,
            hints: 0,
            solver: amity_engine::SolverMemory::new(),
            announced_end: false,
        }
    }

    /// What the person sees now: the view of the state, or the view with the cards turned.
    fn seen(&self) -> Position<R> {
        self.now
            .placing
            .clone()
            .unwrap_or_else(|| self.rules.view(&self.now.state, Color::White))
    }

    fn over(&self) -> bool {
        let state = &self.now.state;
        if self.now.placing.is_some() {
            return false;
        }
        let mut moves = MoveList::new();
        self.rules.generate(state, &mut moves);
        self.rules.won(state) || moves.is_empty()
    }

    fn score(&self) -> i32 {
        if self.rules.won(&self.now.state) {
            self.rules.score_after(&self.now.state, 0)
        } else {
            self.rules.lost_score()
        }
    }

    fn run(&mut self, input: &mut dyn BufRead) -> i32 {
        println!(
            "Amity: {} solitaire. Type a decision (as 'moves' lists them), 'hint', 'undo' or \
             'help'.",
            self.rules.name()
        );
        self.show();
        loop {
            if self.over() && !self.announced_end {
                self.announce_end();
            }
            print!("{}> ", if self.over() { "(game over)" } else { "you" });
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    println!();
                    return 0;
                }
                Ok(_) => {}
            }
            if !self.command(line.trim()) {
                return 0;
            }
        }
    }

    /// Handles one line; false to quit.
    fn command(&mut self, line: &str) -> bool {
        match line {
            "" => {}
            "quit" | "exit" => return false,
            "help" | "?" => println!(
                "Decisions: a Move as from- and to-square (c1b2), an add as 'add' when the pile \
                 is face down (else N@e4), a square for a turned card (N@e4), 'stop' \
                 (Neighbour). Commands: moves, hint, undo, fen, help, quit."
            ),
            "moves" | "legal" => {
                let seen = self.seen();
                let mut moves = MoveList::new();
                self.rules.generate(&seen, &mut moves);
                let tokens: Vec<String> =
                    moves.iter().map(|mv| self.rules.format_move(*mv)).collect();
                println!("Decisions: {}", tokens.join(" "));
            }
            "fen" => println!("{}", self.seen().to_fen(self.rules)),
            "hint" => self.hint(),
            "undo" | "takeback" => match self.history.pop() {
                Some(moment) => {
                    self.now = moment;
                    self.announced_end = false;
                    println!("Took back 1 decision.");
                    self.show();
                }
                None => println!("Nothing to undo."),
            },
            token => self.decide(token),
        }
        true
    }

    fn limits<'s>(&'s self, stop: &'s AtomicBool) -> amity_engine::SolveLimits<'s> {
        amity_engine::SolveLimits {
            deadline: Some(Instant::now() + self.think),
            nodes: None,
            depth: None,
            stop,
            memory: &self.solver,
        }
    }

    /// The solver's decision from what the person sees (never from the hidden cards).
    fn hint(&mut self) {
        if self.over() {
            println!("The game is over.");
            return;
        }
        let stop = AtomicBool::new(false);
        let seen = self.seen();
        let solution = solver::decide(self.rules, &seen, self.limits(&stop), Horizon::Deepening);
        self.hints += 1;
        let Some(first) = solution.line.first() else {
            println!("Hint: nothing wins from here.");
            return;
        };
        let proven = if solution.complete {
            ""
        } else {
            ", not proven in the time given"
        };
        let score = match solution.score {
            PuzzleScore::Exact(score) => format!("best score {score}{proven}"),
            PuzzleScore::Expected(mean) => {
                format!("expected score {mean:.2} over the unseen cards{proven}")
            }
        };
        println!("Hint: {} ({score})", self.rules.format_move(*first));
    }

    /// Plays the person's decision, made on what they see, on the full state.
    fn decide(&mut self, token: &str) {
        if self.over() {
            println!("The game is over; 'undo' or 'quit'.");
            return;
        }
        let rules = self.rules;
        let seen = self.seen();
        let decision = match parse_move(rules, &seen, token) {
            Ok(mv) => mv,
            Err(error) => {
                println!("Rejected: {error}. Type 'moves' for the decisions open to you.");
                return;
            }
        };
        let before = self.now.clone();
        // The referee (the rules' own) carries the decision out on the full state: a blind
        // add turns the cards on top, and may hand the choice of a square back.
        let mv = match rules.referee(&self.now.state, &seen, decision) {
            Some(Refereed::Decision(mv)) => mv,
            None => decision,
            Some(Refereed::Choose(turned)) => {
                self.history.push(before);
                self.now.placing = Some(turned);
                self.now.played.push(token.to_string());
                println!("You play {token}: the cards are turned; choose a square.");
                self.show();
                return;
            }
        };
        let mut state_moves = MoveList::new();
        rules.generate(&self.now.state, &mut state_moves);
        if !state_moves.contains(mv) {
            println!("Rejected: '{token}' has no counterpart in the game (please report this).");
            return;
        }
        self.history.push(before);
        rules.play(&mut self.now.state, mv);
        self.now.placing = None;
        self.now.played.push(token.to_string());
        if token == rules.format_move(mv) {
            println!("You play {token}");
        } else {
            println!("You play {token}: {}", rules.format_move(mv));
        }
        self.show();
    }

    fn announce_end(&mut self) {
        self.announced_end = true;
        let score = self.score();
        let result = if self.rules.won(&self.now.state) {
            "connected"
        } else {
            "not connected"
        };
        println!("Game over: {result}. Your score: {score}");
        println!("Your line: {}", self.now.played.join(" "));
        let stop = AtomicBool::new(false);
        let table = Table::new(solver::TABLE_MB);
        let optimum = solver::solve_open(self.rules, &self.start, &table, self.limits(&stop), true);
        let tokens: Vec<String> = optimum
            .line
            .iter()
            .map(|mv| self.rules.format_move(*mv))
            .collect();
        match (optimum.complete, optimum.cost) {
            (true, Some(cost)) => println!(
                "Optimum with the piles known: {} ({})",
                self.rules.score_after(&self.start, cost),
                tokens.join(" ")
            ),
            (true, None) => println!(
                "Optimum with the piles known: {} (no line connects)",
                self.rules.lost_score()
            ),
            (false, _) => println!(
                "Optimum with the piles known: not proven within {} s",
                self.think.as_secs_f64()
            ),
        }
        if self.hints > 0 {
            println!("Hints asked: {}", self.hints);
        }
    }

    fn show(&self) {
        let seen = self.seen();
        let mut out = String::from("\n");
        for rank in (0..8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8 {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                let symbol = match seen.piece_at(square) {
                    Some(piece) => {
                        let symbol = self.rules.pieces()[piece.kind.index()].symbol;
                        match piece.color {
                            Color::White => symbol.to_uppercase(),
                            Color::Black => symbol.to_lowercase(),
                        }
                    }
                    None => ".".to_string(),
                };
                out.push_str(&format!(" {symbol}"));
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out.push_str(&format!("FEN: {}\n", seen.to_fen(self.rules)));
        out.push_str(&self.rules.describe(&seen));
        print!("{out}");
        let _ = std::io::stdout().flush();
    }
}
