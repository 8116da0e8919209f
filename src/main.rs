//! The `amity` binary: with no subcommand, the engine speaking UCI on standard input and
//! output (what GUIs start); with one, the tools around it.

mod chesswords_games;
mod fixture;
mod play;
mod play_chesswords;
mod selfplay;
mod solitaire_play;
mod solve;
mod train;
mod tune;
mod variant_args;
mod words;

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
        /// The variants' options (`--option EvalFile=chess.nnue`); any other than the
        /// defaults changes the node count, which is then no signature.
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Referee a tournament between engines (UCI or XBoard), in any variant; with no engines
    /// given, Amity at depth 4 plays Amity at depth 2.
    Match {
        #[command(flatten)]
        args: Box<amity_match::MatchArgs>,
        #[command(flatten)]
        rules: VariantArgs,
    },
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
        /// Your seat in a game of four seats (Split-Brain: Wk, Wq, Bk or Bq); Amity takes
        /// the other three.
        #[arg(long)]
        seat: Option<String>,
        /// Secret Chesswords: the word list (default: Debian's /usr/share/dict/words).
        #[arg(long)]
        word_file: Option<String>,
        /// Secret Chesswords: WordNet's directory (default: /usr/share/wordnet).
        #[arg(long)]
        wordnet: Option<String>,
        #[command(flatten)]
        rules: VariantArgs,
    },
    /// Solve a solitaire (parade, neighbour): the best line and `score N`, exact with open
    /// piles, expected from the player's view with hidden ones; `--deals N` benchmarks.
    #[command(group(clap::ArgGroup::new("series").args(["deals", "deal_file"])))]
    Solve {
        #[arg(long)]
        variant: String,
        /// Solve this position (a full state or a view) instead of a deal.
        #[arg(long, conflicts_with_all = ["deal", "seed"])]
        fen: Option<String>,
        /// A deal written out (Parade: 16 letters; Neighbour: 16 letters/20 cards).
        #[arg(long, conflicts_with = "seed")]
        deal: Option<String>,
        /// Shuffle a deal with this seed (with --deals: the seed of the whole series).
        #[arg(long)]
        seed: Option<u64>,
        /// Give up after this many seconds and print the best line found (with --deals: each
        /// search of each deal gets this long, and a deal not proven in time is counted apart).
        #[arg(long)]
        time_limit: Option<f64>,
        /// Give up each search after this many positions (a limit the machine's load does
        /// not change); with --deals, each search of each deal.
        #[arg(long)]
        node_limit: Option<u64>,
        /// With hidden piles: also play the policy out against the deal's real cards. With
        /// --deals: the play-out benchmark (mean score ± standard error) instead of the open
        /// and first-view solves.
        #[arg(long)]
        play_out: bool,
        /// How many cards the hidden-pile policy may look ahead through blind, for
        /// --play-out and the benchmark (a plain solve deepens while time allows).
        #[arg(long, default_value_t = 2)]
        horizon: u32,
        /// Benchmark: solve this many seeded deals (open, and the hidden-pile policy).
        #[arg(long, conflicts_with_all = ["fen", "deal"])]
        deals: Option<usize>,
        /// Benchmark: solve the deals of this file instead, one a line (text after a comma is
        /// ignored, so a benchmark's CSV can be read back).
        #[arg(long, conflicts_with_all = ["fen", "deal", "deals"])]
        deal_file: Option<String>,
        /// Benchmark: write one line per deal to this CSV file.
        #[arg(long, requires = "series")]
        csv: Option<String>,
        /// Benchmark: solve this many deals at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Benchmark: only the open piles.
        #[arg(long, requires = "series")]
        open_only: bool,
        /// Benchmark: no beam search for the best win of a deal left unproven (its
        /// best_found stays empty): a quicker run when only the proofs matter.
        #[arg(long, requires = "series")]
        no_best_found: bool,
        /// Benchmark: MiB of transposition table each open solve keeps (a long search
        /// outgrows the default).
        #[arg(long, default_value_t = solve::BENCH_TABLE_MB, requires = "series")]
        hash: usize,
        /// Benchmark: positions per count of cards spent that the beam search for an
        /// unproven deal's best win keeps (wider finds cheaper wins, slower).
        #[arg(long, default_value_t = solve::BEST_FOUND_WIDTH, requires = "series")]
        beam_width: usize,
        #[command(flatten)]
        rules: VariantArgs,
    },
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
    /// Serve a web page on 127.0.0.1 where people play every game against Amity or each
    /// other, each browser seeing only its seat's view.
    Serve {
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Show the match writing this live-view file (`amity match --live FILE`) at /?watch.
        #[arg(long)]
        watch: Option<std::path::PathBuf>,
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
            rules,
        }) => {
            let mut config = BenchConfig::signature(depth);
            config.variant = variant;
            config.options = rules.options();
            config.movetime = movetime.map(Duration::from_millis);
            config.threads = threads.max(1);
            config.hash_mb = hash.max(1);
            let never_stopped = std::sync::atomic::AtomicBool::new(false);
            amity_uci::hangup::end_when_output_closes();
            bench::run(&stdout(), &config, &never_stopped);
            0
        }
        Some(Tool::Match { mut args, rules }) => {
            if let Some(("match", sub)) = matches.subcommand() {
                args.group_engines(sub);
            }
            args.options = rules.options();
            amity_match::run(&args)
        }
        Some(Tool::Play {
            variant,
            depth,
            seed,
            seat: Some(seat),
            ..
        }) => match amity_variants::new_game(&variant) {
            Some(amity_variants::AnyGame::SplitBrain(_)) => {
                match amity_match::seats::play_human(&seat, depth, seed) {
                    Ok(()) => 0,
                    Err(error) => {
                        eprintln!("error: {error}");
                        2
                    }
                }
            }
            _ => {
                eprintln!("error: --seat is for games of several seats per side (splitbrain)");
                2
            }
        },
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
            ..
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
        Some(Tool::Solve {
            variant,
            fen,
            deal,
            seed,
            time_limit,
            node_limit,
            play_out,
            horizon,
            deals,
            deal_file,
            csv,
            threads,
            open_only,
            no_best_found,
            hash,
            beam_width,
            rules,
        }) => solve::run(&solve::SolveSettings {
            variant,
            options: rules.options(),
            fen,
            deal,
            seed,
            time_limit: time_limit.and_then(|seconds| Duration::try_from_secs_f64(seconds).ok()),
            node_limit,
            play_out,
            horizon,
            deals,
            deal_file,
            csv,
            threads,
            open_only,
            no_best_found,
            hash,
            beam_width,
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
        Some(Tool::Replay { file, verbose }) => amity_match::replay_file(&file, verbose),
        Some(Tool::Tune { args, rules }) => tune::run(&args, &rules.options()),
        Some(Tool::Train { args, rules }) => train::run(&args, &rules.options()),
        Some(Tool::SearchParameters) => {
            let mut table = String::from("name default min max step\n");
            for p in amity_engine::search::parameters::PARAMETERS {
                let line = format!("{} {} {} {} {}\n", p.name, p.default, p.min, p.max, p.step);
                table.push_str(&line);
            }
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = std::io::Write::write_all(&mut std::io::stdout(), table.as_bytes());
            0
        }
        Some(Tool::Seats(args)) => match amity_match::seats::run(&args) {
            Ok(()) => 0,
            Err(error) => {
                eprintln!("error: {error}");
                2
            }
        },
        Some(Tool::Serve { port, watch }) => amity_web::run(port, watch),
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
