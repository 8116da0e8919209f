//! `amity play`: a person against Amity in the terminal, in any variant. The board is drawn with
//! ANSI colours (or plain with `--no-color`), moves are typed in coordinate notation or SAN,
//! and `undo`, `hint`, `flip`, `save`/`load` (PGN), `moves`, `new` and `quit` do what they say.
//! Chance (throws, flips) is drawn with a seeded generator and shown as it happens.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{Color, File, Game, Move, MoveFlag, Rank, Rules, RulesExt, Solver, Square};
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};
use rand::SeedableRng;
use rand::rngs::StdRng;

use amity_match::notation::{self, side_name};
use amity_match::openings::throw;
use amity_match::pgn::{self, PgnGame, PgnMove};

/// Who the person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HumanSide {
    White,
    Black,
    /// Both sides (Amity only gives hints).
    Both,
    /// Neither: watch Amity play itself.
    None,
}

pub struct PlaySettings {
    pub variant: String,
    pub options: VariantOptions,
    pub side: HumanSide,
    pub depth: u32,
    /// Think this many milliseconds per move instead of to a depth.
    pub movetime: Option<u64>,
    pub color: bool,
    pub think: bool,
    pub seed: u64,
    pub fen: Option<String>,
    /// The person's own secret set-up, in the variant's notation.
    pub arrange: Option<String>,
}

/// Runs a game on standard input and output. Returns the process exit code.
pub fn run(settings: &PlaySettings) -> i32 {
    let Some(template) = amity_variants::new_game_with(&settings.variant, &settings.options) else {
        eprintln!(
            "error: unknown variant '{}' (known: {})",
            settings.variant,
            amity_variants::NAMES.join(", ")
        );
        return 2;
    };
    // A solitaire has no opponent: the person plays alone and the solver gives hints.
    let solitaire = crate::solitaire_play::SolitaireSettings {
        seed: settings.seed,
        fen: settings.fen.clone(),
        think: settings.movetime.map(Duration::from_millis),
    };
    match &template {
        AnyGame::Parade(game) => return crate::solitaire_play::run(game.rules(), &solitaire),
        AnyGame::Neighbour(game) => return crate::solitaire_play::run(game.rules(), &solitaire),
        _ => {}
    }
    with_game!(template, start => {
        let game = match &settings.fen {
            Some(fen) => match Game::from_fen(start.rules().clone(), fen) {
                Ok(game) => game,
                Err(error) => {
                    eprintln!("error: {error}");
                    return 2;
                }
            },
            None => {
                // A game that hides information starts from a fresh deal, not the test deal.
                let rules = start.rules().clone();
                let mut rng = StdRng::seed_from_u64(settings.seed);
                if let Some(setup) = &settings.arrange {
                    let seat = if settings.side == HumanSide::Black {
                        Color::Black
                    } else {
                        Color::White
                    };
                    match rules.deal_arranged(seat, setup, &mut rng) {
                        Some(Ok(deal)) => match Game::from_fen(rules.clone(), &deal.to_fen(&rules)) {
                            Ok(game) => game,
                            Err(error) => {
                                eprintln!("error: {error}");
                                return 2;
                            }
                        },
                        Some(Err(error)) => {
                            eprintln!("error: --arrange {setup}: {error}");
                            return 2;
                        }
                        None => {
                            eprintln!("error: {} has no set-up to arrange", rules.name());
                            return 2;
                        }
                    }
                } else {
                match rules.deal(&mut rng) {
                    Some(deal) => Game::from_fen(rules.clone(), &deal.to_fen(&rules))
                        .unwrap_or(start),
                    None => start,
                }
                }
            }
        };
        let stdin = std::io::stdin();
        Table::new(game, settings).run(&mut stdin.lock())
    })
}

struct Table<'a, R: Variant> {
    game: Game<R>,
    settings: &'a PlaySettings,
    searcher: Searcher,
    rng: StdRng,
    flipped: bool,
    announced_end: bool,
}

impl<'a, R: Variant> Table<'a, R> {
    fn new(game: Game<R>, settings: &'a PlaySettings) -> Table<'a, R> {
        Table {
            game,
            settings,
            searcher: Searcher::new(16, 1),
            rng: StdRng::seed_from_u64(settings.seed),
            flipped: settings.side == HumanSide::Black,
            announced_end: false,
        }
    }

    /// In a game that hides information with the person on one side: that side, whose view
    /// is all the table shows. `None` shows everything.
    fn shown_seat(&self) -> Option<Color> {
        if !self.game.rules().hides_information() {
            return None;
        }
        match self.settings.side {
            HumanSide::White => Some(Color::White),
            HumanSide::Black => Some(Color::Black),
            HumanSide::Both | HumanSide::None => None,
        }
    }

    fn human_moves(&self, color: Color) -> bool {
        match self.settings.side {
            HumanSide::White => color == Color::White,
            HumanSide::Black => color == Color::Black,
            HumanSide::Both => true,
            HumanSide::None => false,
        }
    }

    fn run(&mut self, input: &mut dyn BufRead) -> i32 {
        println!(
            "Amity: {} ({}). Type a move (e2e4 or Nf3) or 'help'.",
            self.game.rules().name(),
            match self.settings.side {
                HumanSide::White => "you play White",
                HumanSide::Black => "you play Black",
                HumanSide::Both => "you play both sides",
                HumanSide::None => "Amity plays itself",
            }
        );
        self.show_board();
        loop {
            if self.advance() {
                continue;
            }
            let prompt = match self.game.outcome() {
                Some(_) => "(game over)".to_string(),
                None => format!("{} to move", side_name(self.game.position().turn())),
            };
            print!("{prompt}> ");
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

    /// Lets chance and Amity act while it is not the person's turn; true if something
    /// happened.
    fn advance(&mut self) -> bool {
        if let Some(outcome) = self.game.outcome() {
            if !self.announced_end {
                println!("Game over: {} {{{}}}", outcome.result(), outcome.reason());
                self.announced_end = true;
            }
            return false;
        }
        if let Some(outcome) = throw(&self.game, &mut self.rng) {
            let token = self.game.rules().format_move(outcome);
            // A secret throw (the order of a shuffled pile) is not shown.
            if self.shown_seat().is_none() {
                println!("Chance: {token}");
            }
            self.game.play_unchecked(outcome);
            self.show_board();
            return true;
        }
        let turn = self.game.position().turn();
        if self.human_moves(turn) {
            return false;
        }
        let Some((mv, note)) = self.search(self.settings.think) else {
            return false;
        };
        let san = notation::san(self.game.rules(), self.game.position(), mv);
        println!("Amity plays {san} ({note})");
        self.game.play_unchecked(mv);
        self.show_board();
        true
    }

    /// Searches the current position: the best move and a note on its score.
    fn search(&mut self, show_thinking: bool) -> Option<(Move, String)> {
        let stop = AtomicBool::new(false);
        let limits = match self.settings.movetime {
            Some(ms) => Limits {
                movetime: Some(Duration::from_millis(ms)),
                ..Limits::default()
            },
            None => Limits::depth(self.settings.depth.max(1)),
        };
        let rules = self.game.rules().clone();
        let mut last = None;
        let result = self
            .searcher
            .search_game(&self.game, &limits, &stop, &mut |report| {
                last = Some((report.score, report.depth));
                if show_thinking {
                    let pv: Vec<String> = report.pv.iter().map(|m| rules.format_move(*m)).collect();
                    println!(
                        "  depth {:>2}  score {:>8}  nodes {:>9}  pv {}",
                        report.depth,
                        describe(report.score),
                        report.nodes,
                        pv.join(" ")
                    );
                }
            });
        if result.best.is_null() {
            return None;
        }
        let note = match last {
            Some((score, depth)) => format!("{} at depth {depth}", describe(score)),
            None => "no score".into(),
        };
        Some((result.best, note))
    }

    /// Handles one line; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return true;
        };
        let argument = words.collect::<Vec<_>>().join(" ");
        match first {
            "quit" | "exit" => return false,
            "help" | "?" => print_help(),
            "flip" => {
                self.flipped = !self.flipped;
                self.show_board();
            }
            "undo" | "takeback" => self.undo(),
            "hint" => match self.game.outcome() {
                Some(_) => println!("The game is over."),
                None => match self.search(false) {
                    Some((mv, note)) => println!(
                        "Hint: {} ({note})",
                        notation::san(self.game.rules(), self.game.position(), mv)
                    ),
                    None => println!("No move to suggest."),
                },
            },
            "moves" | "legal" => {
                let rules = self.game.rules().clone();
                let pos = self.game.position().clone();
                let moves: Vec<String> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|mv| {
                        format!(
                            "{} ({})",
                            rules.format_move(*mv),
                            notation::san(&rules, &pos, *mv)
                        )
                    })
                    .collect();
                println!("Legal moves: {}", moves.join(", "));
            }
            "fen" => println!("{}", self.game.position().to_fen(self.game.rules())),
            "new" => {
                self.game = Game::from_fen(
                    self.game.rules().clone(),
                    &self.game.start_position().to_fen(self.game.rules()),
                )
                .unwrap_or_else(|_| Game::new(self.game.rules().clone()));
                self.announced_end = false;
                println!("New game.");
                self.show_board();
            }
            "save" if !argument.is_empty() => {
                match std::fs::write(&argument, self.record().to_pgn()) {
                    Ok(()) => println!("Saved to {argument}."),
                    Err(error) => println!("Cannot save to {argument}: {error}"),
                }
            }
            "load" if !argument.is_empty() => self.load(&argument),
            "save" | "load" => println!("Usage: {first} FILE"),
            token => self.human_move(token),
        }
        true
    }

    fn human_move(&mut self, token: &str) {
        if let Some(outcome) = self.game.outcome() {
            println!(
                "The game is over ({}); 'undo', 'new' or 'quit'.",
                outcome.result()
            );
            return;
        }
        if !self.human_moves(self.game.position().turn()) {
            println!("It is Amity's turn.");
            return;
        }
        let rules = self.game.rules().clone();
        let mut legs = Vec::new();
        let mut trial = self.game.clone();
        for leg in token.split(',') {
            match notation::parse_any(&rules, trial.position(), leg) {
                Ok(mv) => {
                    legs.push(notation::san(&rules, trial.position(), mv));
                    trial.play_unchecked(mv);
                }
                Err(error) => {
                    println!(
                        "Rejected: {error}. Type 'moves' for the legal moves, 'help' for \
                         commands."
                    );
                    return;
                }
            }
        }
        self.game = trial;
        println!("You play {}", legs.join(","));
        self.show_board();
    }

    fn undo(&mut self) {
        if self.game.moves().is_empty() {
            println!("Nothing to undo.");
            return;
        }
        let mut taken = 0;
        self.game.undo();
        taken += 1;
        // Back to a point where the person decides: past Amity's replies and any throw.
        while !self.game.moves().is_empty()
            && (!self.human_moves(self.game.position().turn())
                || !self.game.chance_outcomes().is_empty())
            && self.settings.side != HumanSide::None
        {
            self.game.undo();
            taken += 1;
        }
        self.announced_end = false;
        println!("Took back {taken} decision(s).");
        self.show_board();
    }

    fn load(&mut self, path: &str) {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return println!("Cannot read {path}: {error}"),
        };
        let record = match pgn::read_games(&text) {
            Ok(games) if !games.is_empty() => games[0].clone(),
            Ok(_) => return println!("No game in {path}."),
            Err(error) => return println!("Cannot read {path}: {error}"),
        };
        if pgn::variant_of(&record) != self.game.rules().name() {
            return println!(
                "{path} is a game of {}; this is {} (start with --variant).",
                pgn::variant_of(&record),
                self.game.rules().name()
            );
        }
        let mut game = match record.tag("FEN") {
            Some(fen) => match Game::from_fen(self.game.rules().clone(), fen) {
                Ok(game) => game,
                Err(error) => return println!("Bad FEN in {path}: {error}"),
            },
            None => Game::new(self.game.rules().clone()),
        };
        for (ply, mv) in record.moves.iter().enumerate() {
            if let Err(error) = pgn::play_turn(&mut game, &mv.text) {
                return println!("{path}: ply {}: {error}", ply + 1);
            }
        }
        self.game = game;
        self.announced_end = false;
        println!("Loaded {} decision(s) from {path}.", record.moves.len());
        self.show_board();
    }

    fn record(&self) -> PgnGame {
        let rules = self.game.rules();
        let name = |color: Color| {
            if self.human_moves(color) {
                "Human"
            } else {
                "Amity"
            }
        };
        let mut record = PgnGame::default();
        record.set_tag("Event", "Amity play");
        record.set_tag("Site", "amity play");
        record.set_tag("White", name(Color::White));
        record.set_tag("Black", name(Color::Black));
        let result = self.game.outcome().map_or("*", |o| o.result());
        record.set_tag("Result", result);
        record.set_tag("Variant", rules.name());
        let start = self.game.start_position().to_fen(rules);
        if start != rules.start_fen() {
            record.set_tag("SetUp", "1");
            record.set_tag("FEN", start);
        }
        let mut pos = self.game.start_position().clone();
        for mv in self.game.moves() {
            record.moves.push(PgnMove {
                number: pos.fullmoves(),
                black: pos.turn() == Color::Black,
                text: notation::san(rules, &pos, *mv),
                comment: None,
            });
            rules.play(&mut pos, *mv);
        }
        record.final_comment = self.game.outcome().map(|o| o.reason());
        record.result = result.to_string();
        record
    }

    fn show_board(&self) {
        print!("{}", self.board_text());
        let _ = std::io::stdout().flush();
    }

    /// The board with coordinates, the last move marked, the side to move and the FEN (which
    /// carries any state of the variant beyond the board).
    fn board_text(&self) -> String {
        let rules = self.game.rules();
        let seen = self
            .shown_seat()
            .map(|seat| rules.view(self.game.position(), seat));
        let pos = seen.as_ref().unwrap_or(self.game.position());
        let geometry = rules.geometry();
        let last = self.game.moves().last().copied();
        let marked = |square: Square| {
            last.is_some_and(|mv| {
                matches!(
                    mv.flag(),
                    MoveFlag::Normal | MoveFlag::Promotion | MoveFlag::Castle | MoveFlag::EnPassant
                ) && (mv.from() == square || mv.to() == square)
                    || mv.flag() == MoveFlag::Drop && mv.to() == square
            })
        };
        let color = self.settings.color;
        let mut ranks: Vec<u32> = (0..u32::from(geometry.ranks)).rev().collect();
        let mut files: Vec<u32> = (0..u32::from(geometry.files)).collect();
        if self.flipped {
            ranks.reverse();
            files.reverse();
        }
        let mut out = String::from("\n");
        for &rank in &ranks {
            out.push_str(&format!("{:>2} ", rank + 1));
            for &file in &files {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                let light = (file + rank) % 2 == 1;
                let piece = pos.piece_at(square);
                let symbol = piece.map(|p| {
                    let symbol = rules.pieces()[p.kind.index()].symbol;
                    if p.color == Color::White {
                        symbol.to_uppercase()
                    } else {
                        symbol.to_lowercase()
                    }
                });
                if color {
                    let background = match (marked(square), light) {
                        (true, true) => "48;5;186",
                        (true, false) => "48;5;143",
                        (false, true) => "48;5;180",
                        (false, false) => "48;5;137",
                    };
                    let foreground = match piece.map(|p| p.color) {
                        Some(Color::White) => "1;97",
                        _ => "1;30",
                    };
                    let text = symbol.unwrap_or_default();
                    out.push_str(&format!("\x1b[{background};{foreground}m{text:^3}\x1b[0m"));
                } else {
                    let empty = if marked(square) {
                        "*"
                    } else if light {
                        "."
                    } else {
                        ":"
                    };
                    let text = symbol.unwrap_or_else(|| empty.to_string());
                    out.push_str(&format!("{text:^3}"));
                }
            }
            out.push('\n');
        }
        out.push_str("   ");
        for &file in &files {
            out.push_str(&format!(" {} ", File::new(file).char()));
        }
        out.push('\n');
        out.push_str(&format!(
            "{} to move{}   FEN: {}\n",
            side_name(pos.turn()),
            if rules.in_check(pos) {
                " (in check)"
            } else {
                ""
            },
            pos.to_fen(rules)
        ));
        if rules.hides_information() {
            out.push_str(&rules.describe(pos));
        }
        out
    }
}

fn describe(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

fn print_help() {
    println!(
        "Moves: coordinates (e2e4, e7e8q, N@c3) or SAN (Nf3, O-O); a turn of several decisions \
         as legs joined by commas.\n\
         Commands: undo (take back your last move), hint, flip (turn the board), moves (legal \
         moves), fen, save FILE, load FILE (PGN), new, help, quit."
    );
}
