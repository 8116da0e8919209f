//! The `amity` binary: with no subcommand, the engine speaking UCI on standard input and
//! output (what GUIs start); with one, the tools around it.

mod chesswords_games;
mod fixture;
mod play;
mod play_chesswords;
mod selfplay;
mod variant_args;
mod words;
// `match` is a keyword, so the module that lives in src/match/ goes by another name.
#[path = "match/mod.rs"]
mod tournament;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::time::Duration;

use amity_uci::bench::{self, BenchConfig};
use amity_uci::session::Output;
use variant_args::VariantArgs;

#[derive(Parser)]
#[command(name = "amity", version, about = "A chess variant engine (UCI)")]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Speak UCI on standard input and output (the default).
    Uci,
    /// Watch Amity play a game against itself, the board drawn after every move.
    Selfplay {
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
    },
    /// Count move paths to a depth (divide by root move), as `go perft` does.
    Perft {
        /// Depth in plies.
        depth: u32,
        #[arg(long, default_value = "chess")]
        variant: String,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Search fixed positions and report nodes and speed (OpenBench reads the totals).
    Bench {
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
    },
    /// Referee a tournament between engines (UCI or XBoard), in any variant; with no engines
    /// given, Amity at depth 4 plays Amity at depth 2.
    Match(Box<tournament::MatchArgs>),
    /// Play against Amity in the terminal.
    Play {
        #[arg(long, default_value = "chess")]
        variant: String,
        /// The side you play.
        #[arg(long, value_enum, default_value = "white")]
        side: play::HumanSide,
        /// Amity's search depth.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Amity thinks this many milliseconds per move instead of to a depth.
        #[arg(long)]
        movetime: Option<u64>,
        /// Draw the board without ANSI colours.
        #[arg(long)]
        no_color: bool,
        /// Show Amity's thinking (depth, score, principal variation).
        #[arg(long)]
        think: bool,
        /// Seed for chance (dice, cards).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this FEN.
        #[arg(long)]
        fen: Option<String>,
        /// Your own secret set-up, in a game where each side arranges one (Cloak and Dagger:
        /// your back rank as eight letters, e.g. RKRNNBBQ); the other side's is random.
        #[arg(long)]
        arrange: Option<String>,
        /// Secret Chesswords: the word list (default: Debian's /usr/share/dict/words).
        #[arg(long)]
        word_file: Option<String>,
        /// Secret Chesswords: WordNet's directory (default: /usr/share/wordnet).
        #[arg(long)]
        wordnet: Option<String>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Split-Brain games between four seats (Amity or uniformly random), in this process.
    Seats(tournament::seats::SeatsArgs),
    /// Secret Chesswords: the best pair of final words for a set of letters, and its score.
    Words {
        /// The collected letters (a-z, repeats allowed), e.g. `aeinorst`.
        #[arg(long)]
        letters: String,
        /// A king was captured (one bonus point).
        #[arg(long)]
        king: bool,
        /// The word list, one word a line (default: Debian's /usr/share/dict/words).
        #[arg(long)]
        word_file: Option<String>,
    },
    /// Secret Chesswords games between two Amity partners on random deals: team scores,
    /// grades and how often the mover plays the move the clue giver wanted.
    ChesswordsGames {
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Seed of the first deal (game i uses seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How the partners clue.
        #[arg(long, value_enum, default_value = "letters")]
        speech: chesswords_games::SpeechArg,
        /// English clues: the clue giver keeps only clues its model of the mover follows.
        #[arg(long)]
        check: bool,
        /// Stop a game after this many decisions.
        #[arg(long, default_value_t = 600)]
        max_decisions: usize,
        /// The word list (default: Debian's /usr/share/dict/words).
        #[arg(long)]
        word_file: Option<String>,
        /// WordNet's directory (default: /usr/share/wordnet).
        #[arg(long)]
        wordnet: Option<String>,
        /// Print every game's decisions, clues and final position.
        #[arg(long)]
        verbose: bool,
    },
    /// Re-read a PGN file and replay every game under its variant's rules.
    Replay {
        file: String,
        /// Print each game's length, result and final position.
        #[arg(long)]
        verbose: bool,
    },
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

fn main() {
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    let stdout = || Output::new(Box::new(std::io::stdout()));
    let code = match cli.command {
        None | Some(Tool::Uci) => {
            amity_uci::run_stdio();
            0
        }
        Some(Tool::Selfplay {
            variant,
            depth,
            max_plies,
            seed,
            quiet,
            rules,
        }) => selfplay::run(&selfplay::Settings {
            variant,
            options: rules.options(),
            depth,
            max_plies,
            seed,
            quiet,
        }),
        Some(Tool::Perft {
            depth,
            variant,
            fen,
            rules,
        }) => selfplay::perft(&variant, &rules.options(), fen.as_deref(), depth),
        Some(Tool::Bench {
            depth,
            variant,
            movetime,
            threads,
            hash,
        }) => {
            let mut config = BenchConfig::signature(depth);
            config.variant = variant;
            config.movetime = movetime.map(Duration::from_millis);
            config.threads = threads.max(1);
            config.hash_mb = hash.max(1);
            let never_stopped = std::sync::atomic::AtomicBool::new(false);
            bench::run(&stdout(), &config, &never_stopped);
            0
        }
        Some(Tool::Match(mut args)) => {
            if let Some(("match", sub)) = matches.subcommand() {
                args.group_engines(sub);
            }
            tournament::run(&args)
        }
        Some(Tool::Play {
            variant,
            side,
            depth,
            movetime,
            no_color,
            think,
            seed,
            fen,
            arrange,
            word_file,
            wordnet,
            rules,
        }) if variant == "chesswords" => {
            let _ = (depth, movetime, no_color, think, arrange, rules);
            play_chesswords::run(&play_chesswords::TableSettings {
                person: if side == play::HumanSide::Black {
                    amity_engine::Color::Black
                } else {
                    amity_engine::Color::White
                },
                seed,
                fen,
                word_file,
                wordnet,
            })
        }
        Some(Tool::Play {
            variant,
            side,
            depth,
            movetime,
            no_color,
            think,
            seed,
            fen,
            arrange,
            rules,
            ..
        }) => play::run(&play::PlaySettings {
            variant,
            options: rules.options(),
            side,
            depth,
            movetime,
            color: !no_color,
            think,
            seed,
            fen,
            arrange,
        }),
        Some(Tool::Words {
            letters,
            king,
            word_file,
        }) => words::run(&words::WordsSettings {
            letters,
            king,
            word_file,
        }),
        Some(Tool::ChesswordsGames {
            games,
            seed,
            speech,
            check,
            max_decisions,
            word_file,
            wordnet,
            verbose,
        }) => chesswords_games::run(&chesswords_games::GamesSettings {
            games,
            seed,
            speech,
            check,
            max_decisions,
            word_file,
            wordnet,
            verbose,
        }),
        Some(Tool::Replay { file, verbose }) => tournament::replay_file(&file, verbose),
        Some(Tool::Seats(args)) => match tournament::seats::run(&args) {
            Ok(()) => 0,
            Err(error) => {
                eprintln!("error: {error}");
                2
            }
        },
        Some(Tool::Fixture { fault, xboard }) => fixture::run(fault, xboard),
    };
    std::process::exit(code);
}
