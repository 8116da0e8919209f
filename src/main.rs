//! The `amity` binary: with no subcommand, the engine speaking UCI on standard input and
//! output (what GUIs start); with one, the tools around it.

mod chesswords_games;
mod fixture;
mod play;
mod selfplay;
mod solve;
mod train;
mod tune;
mod variant_args;
mod words;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::time::Duration;

use amity_uci::bench::{self, BenchConfig};
use amity_uci::session::Output;
use variant_args::VariantArgs;

#[derive(Parser)]
#[command(name = "amity", version, about = "A chess variant engine (UCI)")]
struct Cli {
    /// A variant file (Fairy-Stockfish's variants.ini format) whose games the tool may play by
    /// name, before or after the tool's name: the same as `--option VariantPath=FILE`
    #[arg(long, global = true, value_name = "FILE")]
    variants: Option<String>,
    #[command(subcommand)]
    command: Option<Tool>,
}

impl Tool {
    /// The variant options of a tool that sets up games.
    fn rules_mut(&mut self) -> Option<&mut VariantArgs> {
        match self {
            Tool::Uci(rules)
            | Tool::Match { rules, .. }
            | Tool::Train { rules, .. }
            | Tool::Tune { rules, .. }
            | Tool::Serve { rules, .. } => Some(rules),
            Tool::Selfplay(args) => Some(&mut args.rules),
            Tool::Perft(args) => Some(&mut args.rules),
            Tool::Bench(args) => Some(&mut args.rules),
            Tool::Play(settings) => Some(&mut settings.rules),
            Tool::Solve(settings) => Some(&mut settings.rules),
            _ => None,
        }
    }
}

#[derive(Subcommand)]
enum Tool {
    /// Speak UCI on standard input and output (the default); XBoard when the first command
    /// is `xboard`. `--option VariantPath=FILE` loads a variant file before the GUI asks.
    Uci(VariantArgs),
    /// Watch Amity play a game against itself, the board drawn after every move.
    Selfplay(SelfplayArgs),
    /// Count move paths to a depth (divide by root move), as `go perft` does.
    Perft(PerftArgs),
    /// Search fixed positions and report nodes and speed (OpenBench reads the totals).
    Bench(BenchArgs),
    /// Referee a tournament between engines (UCI or XBoard), in any variant; with no engines
    /// given, Amity at depth 4 plays Amity at depth 2.
    Match {
        #[command(flatten)]
        args: Box<amity_match::MatchArgs>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Play against Amity in the terminal.
    Play(play::PlaySettings),
    /// Solve a solitaire (parade, neighbour): the best line and `score N`, exact with open
    /// piles, expected from the player's view with hidden ones; `--deals N` benchmarks.
    #[command(group(clap::ArgGroup::new("series").args(["deals", "deal_file"])))]
    Solve(solve::SolveSettings),
    /// Split-Brain games between four seats (Amity, Amity modelling its partner, Amity
    /// processes, uniformly random players or a person).
    Seats(amity_match::seats::SeatsArgs),
    /// List the search's tunable numbers (name, default, min, max, SPSA step), which the
    /// SearchParameters option sets as `name=value,...` and scripts/spsa.py tunes.
    SearchParameters,
    /// Train a variant's evaluation network on labelled positions (`amity tune`'s files).
    Train {
        #[command(flatten)]
        args: train::TrainArgs,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Fit a variant's evaluation weights to self-play games (Texel tuning).
    Tune {
        #[command(flatten)]
        args: tune::TuneArgs,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Secret Chesswords: the best pair of final words for a set of letters, and its score.
    Words(words::WordsSettings),
    /// Secret Chesswords games between two Amity partners on random deals: team scores,
    /// grades and how often the mover plays the move the clue giver wanted.
    ChesswordsGames(chesswords_games::GamesSettings),
    /// Re-read a PGN file and replay every game under its variant's rules.
    Replay {
        file: String,
        /// Print each game's length, result and final position.
        #[arg(long)]
        verbose: bool,
    },
    /// Serve a web page on 127.0.0.1 where people play every game against Amity or each
    /// other, each browser seeing only its seat's view.
    Serve {
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Show the match writing this live-view file (`amity match --live FILE`) at /?watch.
        #[arg(long)]
        watch: Option<std::path::PathBuf>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Check a variant file (Fairy-Stockfish's variants.ini format): each problem with its
    /// line, or the games it defines. Loads nothing; the exit status is 1 on any problem.
    CheckVariants { file: std::path::PathBuf },
    /// A deliberately broken engine for the referee's tests.
    #[command(hide = true)]
    Fixture {
        #[arg(value_enum)]
        fault: fixture::Fault,
        /// Speak XBoard instead of UCI.
        #[arg(long)]
        xboard: bool,
    },
}

#[derive(Args)]
struct SelfplayArgs {
    /// Variant to play.
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Search depth per move.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Stop after this many moves (plies) if the game has not ended.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Seed for chance (dice, cards).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print only the moves and the result, not the boards.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    rules: VariantArgs,
}

#[derive(Args)]
struct PerftArgs {
    /// Depth in plies.
    depth: u32,
    #[arg(long, default_value = "chess")]
    variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    #[command(flatten)]
    rules: VariantArgs,
}

#[derive(Args)]
struct BenchArgs {
    /// Depth (default: the signature depth).
    depth: Option<u32>,
    /// Only positions of this variant.
    #[arg(long)]
    variant: Option<String>,
    /// Search each position this many milliseconds instead of to a depth.
    #[arg(long)]
    movetime: Option<u64>,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash table size in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// The variants' options (`--option EvalFile=chess.nnue`); any other than the
    /// defaults changes the node count, which is then no signature.
    #[command(flatten)]
    rules: VariantArgs,
}

fn main() {
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    if let Some(path) = &cli.variants {
        let tool = cli
            .command
            .get_or_insert_with(|| Tool::Uci(VariantArgs::default()));
        let loaded = match tool.rules_mut() {
            Some(rules) => rules.load_file(path),
            None => Err(format!(
                "--variants {path}: this tool plays no variant by name"
            )),
        };
        if let Err(error) = loaded {
            eprintln!("error: {error}");
            std::process::exit(2);
        }
    }
    let code = match cli.command {
        None => {
            amity_uci::run_stdio(&amity_variants::VariantOptions::default());
            0
        }
        Some(Tool::Uci(args)) => {
            amity_uci::run_stdio(&args.options());
            0
        }
        Some(Tool::Selfplay(args)) => selfplay(args),
        Some(Tool::Perft(args)) => {
            let options = args.rules.options();
            selfplay::perft(&args.variant, &options, args.fen.as_deref(), args.depth)
        }
        Some(Tool::Bench(args)) => bench(args),
        Some(Tool::Match { mut args, rules }) => {
            if let Some(("match", sub)) = matches.subcommand() {
                args.group_engines(sub);
            }
            args.options = rules.options();
            amity_match::run(&args)
        }
        Some(Tool::Play(settings)) => play::run(&settings),
        Some(Tool::Solve(settings)) => solve::run(&settings),
        Some(Tool::Words(settings)) => words::run(&settings),
        Some(Tool::ChesswordsGames(settings)) => chesswords_games::run(&settings),
        Some(Tool::Replay { file, verbose }) => amity_match::replay_file(&file, verbose),
        Some(Tool::Tune { args, rules }) => tune::run(&args, &rules.options()),
        Some(Tool::Train { args, rules }) => train::run(&args, &rules.options()),
        Some(Tool::SearchParameters) => search_parameters(),
        Some(Tool::Seats(args)) => exit_code(amity_match::seats::run(&args)),
        Some(Tool::Serve { port, watch, rules }) => amity_web::run(port, watch, rules.options()),
        Some(Tool::Fixture { fault, xboard }) => fixture::run(fault, xboard),
        Some(Tool::CheckVariants { file }) => check_variants(&file),
    };
    std::process::exit(code);
}

/// `amity check-variants FILE`: every problem of the file on its own line (`FILE: line N:
/// ...`), or the names of its games.
fn check_variants(path: &std::path::Path) -> i32 {
    let shown = path.display();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{shown}: cannot read: {error}");
            return 2;
        }
    };
    match amity_variants::file::VariantFile::read(&bytes) {
        Ok(file) => {
            let names: Vec<&str> = file.names().collect();
            println!("{shown}: {} games: {}", names.len(), names.join(", "));
            0
        }
        Err(problems) => {
            for problem in problems {
                println!("{shown}: {problem}");
            }
            1
        }
    }
}

/// The exit code of a tool that failed with `error` or succeeded, saying the error.
fn exit_code(outcome: Result<(), Box<dyn std::error::Error>>) -> i32 {
    variant_args::exit_code(outcome.map_err(|error| error.to_string()))
}

fn selfplay(args: SelfplayArgs) -> i32 {
    selfplay::run(&selfplay::Settings {
        options: args.rules.options(),
        variant: args.variant,
        depth: args.depth,
        max_plies: args.max_plies,
        seed: args.seed,
        quiet: args.quiet,
    })
}

fn bench(args: BenchArgs) -> i32 {
    let mut config = BenchConfig::signature(args.depth);
    config.variant = args.variant;
    config.options = args.rules.options();
    config.movetime = args.movetime.map(Duration::from_millis);
    config.threads = args.threads.max(1);
    config.hash_mb = args.hash.max(1);
    let never_stopped = std::sync::atomic::AtomicBool::new(false);
    amity_uci::hangup::end_when_output_closes();
    let stdout = Output::new(Box::new(std::io::stdout()));
    bench::run(&stdout, &config, &never_stopped);
    0
}

fn search_parameters() -> i32 {
    let mut table = String::from("name default min max step\n");
    for p in amity_engine::search::parameters::PARAMETERS {
        let line = format!("{} {} {} {} {}\n", p.name, p.default, p.min, p.max, p.step);
        table.push_str(&line);
    }
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout(), table.as_bytes());
    0
}
