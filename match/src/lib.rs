//! `amity match`: the referee and tournament runner, a crate of its own that needs no web
//! server. It reads the command line (engines, variant, time control, openings, adjudication,
//! SPRT), schedules the games, plays them on worker threads (each game with its own engine
//! processes), shows the running score, writes the PGN and ends with a score table, Elo with
//! error bars, likelihood of superiority and the SPRT state. Also `amity replay`, which
//! re-reads a PGN file and checks every move under its variant, and `amity seats`. SAN
//! ([`notation`]) and PGN ([`pgn`]) are here for every tool that writes or reads games; the
//! binary only hands over its arguments.

pub mod engine;
pub mod live;
pub mod notation;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod seats;
pub mod stats;
pub mod timecontrol;

use std::collections::BTreeSet;
use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

use amity_variants::VariantOptions;
use engine::EngineSpec;
use live::{LiveBoard, TableRow};
use openings::{Opening, RandomOpenings};
use referee::{Adjudication, DrawRule, GameSetup, PlayedGame, ScoreRule};
use stats::{Sprt, SprtVerdict, Tally};

/// Command-line arguments of `amity match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// An engine as key=value settings: cmd=PATH (cmd=amity: this binary) name=NAME
    /// proto=uci|xboard option.NAME=VALUE arg=ARG dir=DIR, and its limits tc=40/60+0.6 st=SECS
    /// nodes=N depth=N timemargin=MS timeout=SECS, and sees=all to send it every secret of a
    /// game that hides information (for measuring only). Give it once per engine; with none,
    /// Amity at depth 4 plays Amity at depth 2.
    #[arg(long = "engine", id = "engine", num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine_settings: Vec<String>,
    /// The settings of each `--engine` occurrence (filled by [`MatchArgs::group_engines`]).
    #[arg(skip)]
    pub engines: Vec<Vec<String>>,
    /// Settings every engine gets (its own settings win), e.g. --each tc=10+0.1.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub each: Vec<String>,
    /// The variant to play.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The variant options the games are played and refereed by (the caller fills them from
    /// its own `--option` arguments).
    #[arg(skip)]
    pub options: VariantOptions,
    /// Games per encounter (pair of engines) and round.
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Rounds: every pair meets this often.
    #[arg(long, default_value_t = 1)]
    pub rounds: usize,
    /// Games played at the same time, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: a file of FEN or EPD lines, or PGN games (.pgn).
    #[arg(long)]
    pub openings: Option<String>,
    /// Take the openings from the file in random order (seeded) instead of in order.
    #[arg(long)]
    pub random_order: bool,
    /// Without an openings file: this many random plies, kept if a short search finds the
    /// position balanced.
    #[arg(long, default_value_t = 6)]
    pub random_plies: u32,
    /// Depth of the search that judges random openings.
    #[arg(long, default_value_t = 4)]
    pub balance_depth: u32,
    /// Largest |score| (centipawns) a random opening may have.
    #[arg(long, default_value_t = 80)]
    pub balance_score: i32,
    /// Play each opening once only (by default each is played twice, colours swapped).
    #[arg(long)]
    pub no_repeat: bool,
    /// Seed for random openings and for chance (dice, cards); both games of a pair (one
    /// opening, colours swapped) draw the same throws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the games to this PGN file (replaced), then re-read and replay it.
    #[arg(long)]
    pub pgnout: Option<String>,
    /// Resign adjudication: movecount=N score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Draw adjudication: movenumber=N movecount=N score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Adjudicate a draw after this many plies.
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Sequential probability ratio test of the first engine against the second:
    /// elo0=0 elo1=5 alpha=0.05 beta=0.05. Stops the match once decided.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// The PGN Event tag.
    #[arg(long, default_value = "Amity match")]
    pub event: String,
    /// Split-Brain: let each engine play a whole team in one process (every decision of its
    /// side) instead of seating each engine once per seat, each seat its own process.
    #[arg(long)]
    pub whole_teams: bool,
    /// Publish the match as it is played into this JSON file, for `amity serve --watch FILE`
    /// (boards, clocks, moves, the score table).
    #[arg(long)]
    pub live: Option<std::path::PathBuf>,
    /// Play only these games of the match, by the numbers `Game N` prints (from 1), e.g.
    /// 1-20 or 3,7,11-14. Every game keeps the opening, colours and chance it has in the
    /// whole match, so parts of one match played apart (amity-cluster's shards) add up to it.
    #[arg(long, value_name = "LIST")]
    pub game_numbers: Option<String>,
}

impl MatchArgs {
    /// Splits the `--engine` values by occurrence (clap's derive flattens them).
    pub fn group_engines(&mut self, matches: &clap::ArgMatches) {
        if let Ok(Some(occurrences)) = matches.try_get_occurrences::<String>("engine") {
            self.engines = occurrences
                .map(|values| values.cloned().collect())
                .collect();
        }
    }
}

/// Why a match could not be set up.
#[derive(Debug)]
pub enum MatchError {
    Engine(engine::SpecError),
    Setting(String),
    Openings(openings::OpeningError),
    UnknownVariant(String),
    Pgn(String),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Engine(error) => write!(f, "{error}"),
            MatchError::Setting(text) => write!(f, "{text}"),
            MatchError::Openings(error) => write!(f, "{error}"),
            MatchError::UnknownVariant(name) => write!(
                f,
                "unknown variant '{name}' (known: {})",
                amity_variants::NAMES.join(", ")
            ),
            MatchError::Pgn(text) => write!(f, "{text}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// Reads `key=value` settings into numbers by name.
fn settings(
    what: &str,
    texts: &[String],
    known: &[&str],
) -> Result<Vec<(String, f64)>, MatchError> {
    texts
        .iter()
        .map(|text| {
            let (key, value) = text
                .split_once('=')
                .ok_or_else(|| MatchError::Setting(format!("{what}: '{text}' is not key=value")))?;
            if !known.contains(&key) {
                return Err(MatchError::Setting(format!(
                    "{what}: unknown setting '{key}' (known: {})",
                    known.join(", ")
                )));
            }
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| MatchError::Setting(format!("{what}: bad number '{value}'")))?;
            Ok((key.to_string(), number))
        })
        .collect()
}

fn setting(values: &[(String, f64)], key: &str, default: f64) -> f64 {
    values
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map_or(default, |(_, v)| *v)
}

fn parse_sprt(texts: &[String]) -> Result<Sprt, MatchError> {
    let values = settings("--sprt", texts, &["elo0", "elo1", "alpha", "beta"])?;
    let sprt = Sprt {
        elo0: setting(&values, "elo0", 0.0),
        elo1: setting(&values, "elo1", 5.0),
        alpha: setting(&values, "alpha", 0.05),
        beta: setting(&values, "beta", 0.05),
    };
    let probability = |p: f64| p > 0.0 && p < 0.5;
    if sprt.elo1 <= sprt.elo0 || !probability(sprt.alpha) || !probability(sprt.beta) {
        return Err(MatchError::Setting(
            "--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5".into(),
        ));
    }
    Ok(sprt)
}

/// The game numbers a `--game-numbers` list names (ranges `a-b` and single numbers, comma
/// separated), each between 1 and the match's `total`.
fn parse_game_numbers(text: &str, total: usize) -> Result<BTreeSet<usize>, MatchError> {
    let bad = |why: String| MatchError::Setting(format!("--game-numbers {text}: {why}"));
    let number = |word: &str| -> Result<usize, MatchError> {
        let number: usize = word
            .trim()
            .parse()
            .map_err(|_| bad(format!("'{word}' is not a game number")))?;
        if number == 0 || number > total {
            return Err(bad(format!(
                "the match has games 1 to {total}, not {number}"
            )));
        }
        Ok(number)
    };
    let mut numbers = BTreeSet::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((first, last)) => numbers.extend(number(first)?..=number(last)?),
            None => {
                numbers.insert(number(part)?);
            }
        }
    }
    if numbers.is_empty() {
        return Err(bad("no game".into()));
    }
    Ok(numbers)
}

/// The opening (and chance) slot of game `number` (from 1): a pair of games shares one,
/// colours swapped, unless each opening is played once only.
fn opening_slot(number: usize, no_repeat: bool) -> usize {
    if no_repeat {
        number - 1
    } else {
        (number - 1) / 2
    }
}

fn parse_adjudication(args: &MatchArgs) -> Result<Adjudication, MatchError> {
    let mut adjudication = Adjudication {
        max_plies: args.max_plies,
        ..Adjudication::default()
    };
    if let Some(texts) = &args.resign {
        let values = settings("--resign", texts, &["movecount", "score"])?;
        adjudication.resign = Some(ScoreRule {
            moves: setting(&values, "movecount", 3.0).max(1.0) as u32,
            score: setting(&values, "score", 600.0).abs() as i32,
        });
    }
    if let Some(texts) = &args.draw {
        let values = settings("--draw", texts, &["movenumber", "movecount", "score"])?;
        adjudication.draw = Some(DrawRule {
            after: setting(&values, "movenumber", 40.0).max(0.0) as u32,
            moves: setting(&values, "movecount", 8.0).max(1.0) as u32,
            score: setting(&values, "score", 10.0).abs() as i32,
        });
    }
    Ok(adjudication)
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC), from the days since 1970.
fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (seconds / 86_400) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The whole schedule, one setup per game.
fn schedule(
    args: &MatchArgs,
    specs: &[EngineSpec],
    openings: &[Opening],
    adjudication: Adjudication,
    live: Option<&Arc<LiveBoard>>,
) -> Vec<GameSetup> {
    let live = live.cloned();
    let mut setups = Vec::new();
    let date = today();
    let mut order: Vec<usize> = (0..openings.len()).collect();
    if args.random_order {
        order.shuffle(&mut StdRng::seed_from_u64(args.seed));
    }
    for round in 0..args.rounds {
        for first in 0..specs.len() {
            for second in first + 1..specs.len() {
                for game in 0..args.games {
                    let (white, black) = if game % 2 == 0 {
                        (first, second)
                    } else {
                        (second, first)
                    };
                    let number = setups.len() + 1;
                    let slot = opening_slot(number, args.no_repeat);
                    let opening = if openings.is_empty() {
                        Opening::default()
                    } else {
                        openings[order[slot % order.len()]].clone()
                    };
                    // Both games of a pair (one opening, colours swapped) throw from the same
                    // seed: in a game of chance each engine then gets the other's luck once,
                    // and the luck cancels out of the pair instead of adding to the noise.
                    let chance_slot = slot as u64 + 1;
                    setups.push(GameSetup {
                        number,
                        round: round + 1,
                        variant: args.variant.clone(),
                        options: args.options.clone(),
                        white: specs[white].clone(),
                        black: specs[black].clone(),
                        opening,
                        seed: args
                            .seed
                            .wrapping_mul(0x2545_F491_4F6C_DD1D)
                            .wrapping_add(chance_slot),
                        adjudication,
                        event: args.event.clone(),
                        date: date.clone(),
                        live: live.clone(),
                    });
                }
            }
        }
    }
    setups
}

/// Tells `spec` the variant options the referee plays by (an engine that plays other rules
/// would be judged illegal), or refuses an engine set to play by others.
fn agree_on_rules(spec: &mut EngineSpec, args: &MatchArgs) -> Result<(), MatchError> {
    for (name, value) in args.options.rule_settings(&args.variant) {
        match spec
            .options
            .iter()
            .find(|(own, _)| own.eq_ignore_ascii_case(name))
        {
            // An engine may read the game from a file of its own (the same rules, its own
            // piece values, say): the referee still judges every move by the match's file.
            Some(_) if name.eq_ignore_ascii_case(amity_variants::file::VARIANT_PATH.name) => {}
            Some((_, own)) if !own.eq_ignore_ascii_case(&value) => {
                return Err(MatchError::Setting(format!(
                    "{} is set to {name}={own} but the match is refereed with {name}={value} \
                     (choose the rules with the match's own option)",
                    spec.name
                )));
            }
            Some(_) => {}
            None => spec.options.push((name.to_string(), value)),
        }
    }
    Ok(())
}

/// Runs `amity match`. Returns the process exit code.
pub fn run(args: &MatchArgs) -> i32 {
    match run_match(args) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("error: {error}");
            2
        }
    }
}

fn run_match(args: &MatchArgs) -> Result<(), MatchError> {
    let variant = amity_variants::new_game_with(&args.variant, &args.options)
        .map(|game| amity_variants::name_of(&game).to_string())
        .ok_or_else(|| MatchError::UnknownVariant(args.variant.clone()))?;
    let args = MatchArgs {
        variant,
        ..args.clone()
    };
    let specs: Vec<EngineSpec> = if args.engines.is_empty() {
        let defaults = [
            vec!["cmd=amity".to_string(), "depth=4".to_string()],
            vec!["cmd=amity".to_string(), "depth=2".to_string()],
        ];
        defaults
            .iter()
            .map(|own| EngineSpec::parse(&args.each, own))
            .collect::<Result<_, _>>()
    } else {
        args.engines
            .iter()
            .map(|own| EngineSpec::parse(&args.each, own))
            .collect::<Result<_, _>>()
    }
    .map_err(MatchError::Engine)?;
    if specs.len() < 2 {
        return Err(MatchError::Setting(
            "a match needs at least two engines".into(),
        ));
    }
    let mut names: Vec<String> = Vec::new();
    let mut specs = specs;
    let hides = openings::hides_information(&args.variant, &args.options);
    // Split-Brain seats each engine once per seat, every seat its own process, asked from its
    // view with `setboard` or `position fen` alone: XBoard engines can take seats.
    let seated = matches!(
        amity_variants::new_game_with(&args.variant, &args.options),
        Some(amity_variants::AnyGame::SplitBrain(_))
    ) && !args.whole_teams;
    for spec in &mut specs {
        agree_on_rules(spec, &args)?;
        if hides && !seated && spec.protocol == engine::Protocol::Xboard {
            // XBoard has no way to take a view and the other side's decisions on it (its
            // engines follow one game from `new`), so only UCI engines play these games.
            return Err(MatchError::Setting(format!(
                "{} hides information: the referee sends each engine its view over UCI, and \
                 {} speaks XBoard",
                args.variant, spec.name
            )));
        }
        // Two engines of one name would merge in the table: number the later ones.
        let base = spec.name.clone();
        let mut suffix = 2;
        while names.contains(&spec.name) {
            spec.name = format!("{base}-{suffix}");
            suffix += 1;
        }
        names.push(spec.name.clone());
    }
    if seated {
        if args.game_numbers.is_some() {
            return Err(MatchError::Setting(
                "a Split-Brain seat match is played whole (no --game-numbers)".into(),
            ));
        }
        return run_seat_match(&args, &specs);
    }
    let adjudication = parse_adjudication(&args)?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    let pairs = specs.len() * (specs.len() - 1) / 2;
    let total = args.games * args.rounds * pairs;
    let wanted = args
        .game_numbers
        .as_deref()
        .map(|text| parse_game_numbers(text, total))
        .transpose()?;
    // The games this run plays: the whole match, or the part `--game-numbers` names.
    let playing = wanted.as_ref().map_or(total, BTreeSet::len);
    let slot_wanted = |slot: usize| {
        wanted.as_ref().is_none_or(|numbers| {
            numbers
                .iter()
                .any(|&number| opening_slot(number, args.no_repeat) == slot)
        })
    };
    let openings = match &args.openings {
        Some(path) => {
            openings::from_file(path, &args.variant, &args.options).map_err(MatchError::Openings)?
        }
        None if openings::hides_information(&args.variant, &args.options) => {
            // The deal is the opening: each is played twice, colours swapped, unless told not.
            let slots = if args.no_repeat {
                total
            } else {
                total.div_ceil(2)
            };
            openings::deals(&args.variant, &args.options, slots, args.seed)
                .map_err(MatchError::Openings)?
        }
        None if args.random_plies > 0 => {
            let slots = if args.no_repeat {
                total
            } else {
                total.div_ceil(2)
            };
            println!(
                "Making {} opening(s) of {} random plies (balanced by a depth {} search)...",
                (0..slots).filter(|&slot| slot_wanted(slot)).count(),
                args.random_plies,
                args.balance_depth
            );
            openings::random(
                &args.variant,
                &args.options,
                slots,
                &slot_wanted,
                RandomOpenings {
                    plies: args.random_plies,
                    depth: args.balance_depth,
                    max_score: args.balance_score,
                    seed: args.seed,
                },
            )
            .map_err(MatchError::Openings)?
        }
        None => Vec::new(),
    };
    let live = match &args.live {
        Some(path) => Some(Arc::new(
            LiveBoard::create(path.clone(), &args.event, playing)
                .map_err(|e| MatchError::Setting(format!("--live {}: {e}", path.display())))?,
        )),
        None => None,
    };
    if let Some(live) = &live {
        let table = names
            .iter()
            .map(|name| TableRow {
                name: name.clone(),
                wins: 0,
                draws: 0,
                losses: 0,
            })
            .collect();
        live.update_table(table, 0);
    }
    let mut setups = schedule(&args, &specs, &openings, adjudication, live.as_ref());
    if let Some(numbers) = &wanted {
        setups.retain(|setup| numbers.contains(&setup.number));
    }
    let mut pgn_file = match &args.pgnout {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| MatchError::Pgn(format!("cannot write {path}: {e}")))?,
        ),
        None => None,
    };
    println!(
        "{} plays {} game(s) of {} with concurrency {}.",
        names.join(" vs "),
        playing,
        args.variant,
        args.concurrency.max(1)
    );

    let setups = Arc::new(setups);
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, results) = mpsc::channel::<PlayedGame>();
    let workers: Vec<_> = (0..args.concurrency.clamp(1, playing.max(1)))
        .map(|_| {
            let (setups, next, stop, sender) = (
                Arc::clone(&setups),
                Arc::clone(&next),
                Arc::clone(&stop),
                sender.clone(),
            );
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(setup) = setups.get(index) else {
                        break;
                    };
                    if sender.send(referee::play(setup.clone())).is_err() {
                        break;
                    }
                }
            })
        })
        .collect();
    drop(sender);

    let mut field: Vec<Tally> = vec![Tally::default(); specs.len()];
    // The first engine against the second: the pairing Elo, LOS and SPRT are about.
    let mut head_to_head = Tally::default();
    let mut finished = 0;
    let mut terminations: Vec<(&'static str, usize)> = Vec::new();
    let mut verdict = SprtVerdict::Continue;
    for played in results {
        finished += 1;
        let white = names.iter().position(|n| *n == played.setup.white.name);
        let black = names.iter().position(|n| *n == played.setup.black.name);
        let (Some(white), Some(black)) = (white, black) else {
            continue;
        };
        let white_points = match played.white_points {
            p if p > 0.75 => stats::Points::Win,
            p if p < 0.25 => stats::Points::Loss,
            _ => stats::Points::Draw,
        };
        let black_points = match white_points {
            stats::Points::Win => stats::Points::Loss,
            stats::Points::Loss => stats::Points::Win,
            stats::Points::Draw => stats::Points::Draw,
        };
        field[white].record(white_points);
        field[black].record(black_points);
        match (white, black) {
            (0, 1) => head_to_head.record(white_points),
            (1, 0) => head_to_head.record(black_points),
            _ => {}
        }
        if let Some(live) = &live {
            let table = names
                .iter()
                .zip(&field)
                .map(|(name, tally)| TableRow {
                    name: name.clone(),
                    wins: tally.wins,
                    draws: tally.draws,
                    losses: tally.losses,
                })
                .collect();
            live.update_table(table, finished);
        }
        let tag = played.termination.tag();
        match terminations.iter_mut().find(|(name, _)| *name == tag) {
            Some(entry) => entry.1 += 1,
            None => terminations.push((tag, 1)),
        }
        if let Some(file) = pgn_file.as_mut() {
            let written = file.write_all(played.record.to_pgn().as_bytes());
            if let Err(error) = written {
                eprintln!("warning: writing the PGN failed: {error}");
            }
        }
        let width = 20;
        let filled = finished * width / playing.max(1);
        println!(
            "Game {} ({} vs {}): {} {{{}}}",
            played.setup.number,
            played.setup.white.name,
            played.setup.black.name,
            played.record.result,
            played.reason
        );
        println!(
            "[{}{}] {finished}/{playing}  Score of {} vs {}: {} - {} - {}  [{:.3}]",
            "#".repeat(filled),
            ".".repeat(width - filled),
            names[0],
            names[1],
            head_to_head.wins,
            head_to_head.losses,
            head_to_head.draws,
            head_to_head.score()
        );
        if let Some(sprt) = sprt
            && verdict == SprtVerdict::Continue
        {
            verdict = sprt.verdict(&head_to_head);
            if verdict != SprtVerdict::Continue {
                println!("SPRT decided; no new games are started.");
                stop.store(true, Ordering::SeqCst);
            }
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
    drop(pgn_file);

    print_summary(&names, &field, &head_to_head);
    let endings: Vec<String> = terminations
        .iter()
        .map(|(name, count)| format!("{name} {count}"))
        .collect();
    println!(
        "Games played: {finished}; terminations: {}",
        endings.join(", ")
    );
    if let Some(sprt) = sprt {
        let llr = sprt.log_likelihood_ratio(&head_to_head);
        let (lower, upper) = sprt.bounds();
        let state = match sprt.verdict(&head_to_head) {
            SprtVerdict::AcceptH0 => "H0 was accepted",
            SprtVerdict::AcceptH1 => "H1 was accepted",
            SprtVerdict::Continue => "no decision yet",
        };
        println!(
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: llr {llr:.2} ({:.1}%), lbound {lower:.2}, \
             ubound {upper:.2} - {state}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            100.0 * llr / upper
        );
    }
    if let Some(path) = &args.pgnout {
        let checked = check_pgn_file(path)?;
        println!("PGN check: {checked} game(s) in {path} re-read and replayed legally.");
    }
    Ok(())
}

/// A Split-Brain match with every seat its own engine process: two engines (each one team,
/// a process per seat) or four (one per seat: the first two one team, the last two the
/// other); teams swap colours every game.
fn run_seat_match(args: &MatchArgs, specs: &[EngineSpec]) -> Result<(), MatchError> {
    if let Some(path) = &args.openings {
        return Err(MatchError::Setting(format!(
            "a Split-Brain seat match starts from random team moves (--random-plies) and \
             cannot read openings ({path})"
        )));
    }
    let player = |spec: &EngineSpec| seats::Player::Engine(Box::new(spec.clone()));
    let (players, names) = match specs {
        [first, second] => (
            [player(first), player(first), player(second), player(second)],
            [first.name.clone(), second.name.clone()],
        ),
        [a, b, c, d] => (
            [player(a), player(b), player(c), player(d)],
            [
                format!("{}+{}", a.name, b.name),
                format!("{}+{}", c.name, d.name),
            ],
        ),
        _ => {
            return Err(MatchError::Setting(format!(
                "a Split-Brain match seats two engines (one per team) or four (one per seat), not {}",
                specs.len()
            )));
        }
    };
    let games = args.games * args.rounds;
    println!(
        "{} vs {}: {games} game(s) of splitbrain, every seat its own process.",
        names[0], names[1]
    );
    seats::play_series(&seats::Series {
        players,
        names,
        games,
        depth: seats_depth(specs),
        max_team_moves: args.max_plies.map_or(300, |plies| plies.div_ceil(2)),
        // A team move is one ply of the board.
        opening_team_moves: args.random_plies,
        seed: args.seed,
        pgn: args.pgnout.clone(),
        event: args.event.clone(),
    })
    .map_err(|error| MatchError::Setting(error.to_string()))?;
    if let Some(path) = &args.pgnout {
        let checked = check_pgn_file(path)?;
        println!("PGN check: {checked} game(s) in {path} re-read and replayed legally.");
    }
    Ok(())
}

/// The depth a seat's clock stands for when an engine plays to a depth (for the record; each
/// engine is asked with its own limits).
fn seats_depth(specs: &[EngineSpec]) -> u32 {
    specs
        .iter()
        .find_map(|spec| match spec.control {
            timecontrol::TimeControl::Depth(depth) => Some(depth),
            _ => None,
        })
        .unwrap_or(amity_variants::SEAT_DEPTH)
}

fn print_summary(names: &[String], field: &[Tally], head_to_head: &Tally) {
    println!();
    println!(
        "{:<4} {:<24} {:>8} {:>8} {:>6} {:>7} {:>6}",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|a, b| field[*b].score().total_cmp(&field[*a].score()));
    for (rank, &engine) in order.iter().enumerate() {
        let tally = &field[engine];
        let elo = tally.elo();
        println!(
            "{:<4} {:<24} {:>8} {:>8} {:>6} {:>6.1}% {:>5.1}%",
            rank + 1,
            names[engine],
            stats::show_elo(elo.difference),
            stats::show_elo(elo.margin),
            tally.games(),
            100.0 * tally.score(),
            100.0 * f64::from(tally.draws) / f64::from(tally.games().max(1))
        );
    }
    println!();
    println!(
        "{} vs {}: {} - {} - {} (W-L-D)",
        names[0], names[1], head_to_head.wins, head_to_head.losses, head_to_head.draws
    );
    println!(
        "Elo difference: {}, LOS: {:.1} %, DrawRatio: {:.1} %",
        head_to_head.elo(),
        100.0 * head_to_head.likelihood_of_superiority(),
        100.0 * f64::from(head_to_head.draws) / f64::from(head_to_head.games().max(1))
    );
}

/// Re-reads a PGN file and replays every game under its variant; the number of games.
pub fn check_pgn_file(path: &str) -> Result<usize, MatchError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| MatchError::Pgn(format!("cannot read {path}: {e}")))?;
    let games = pgn::read_games(&text).map_err(|e| MatchError::Pgn(format!("{path}: {e}")))?;
    for (number, game) in games.iter().enumerate() {
        pgn::replay(game)
            .map_err(|e| MatchError::Pgn(format!("{path}: game {}: {e}", number + 1)))?;
        let rewritten = game.to_pgn();
        let reread = pgn::read_games(&rewritten)
            .map_err(|e| MatchError::Pgn(format!("{path}: game {}: {e}", number + 1)))?;
        if reread.first() != Some(game) {
            return Err(MatchError::Pgn(format!(
                "{path}: game {} does not read back the same after writing",
                number + 1
            )));
        }
    }
    Ok(games.len())
}

/// Runs `amity replay FILE`: reads every game, replays it, prints each game's final position
/// and result. Returns the process exit code.
pub fn replay_file(path: &str, verbose: bool) -> i32 {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {path}: {error}");
            return 2;
        }
    };
    let games = match pgn::read_games(&text) {
        Ok(games) => games,
        Err(error) => {
            eprintln!("error: {path}: {error}");
            return 1;
        }
    };
    let mut bad = 0;
    for (number, game) in games.iter().enumerate() {
        match pgn::replay(game) {
            Ok(replay) => {
                let fen =
                    amity_variants::with_game!(&replay.game, g => g.position().to_fen(g.rules()));
                let same =
                    pgn::read_games(&game.to_pgn()).is_ok_and(|again| again.first() == Some(game));
                if !same {
                    bad += 1;
                    println!(
                        "game {}: does not round-trip through the writer",
                        number + 1
                    );
                } else if verbose {
                    println!(
                        "game {}: {} plies, {} {{{}}}, final FEN {fen}",
                        number + 1,
                        replay.tokens.len(),
                        game.result,
                        game.final_comment.as_deref().unwrap_or("")
                    );
                }
            }
            Err(error) => {
                bad += 1;
                println!("game {}: {error}", number + 1);
            }
        }
    }
    println!(
        "{} game(s) read, {} replayed legally and round-tripped, {} refused.",
        games.len(),
        games.len() - bad,
        bad
    );
    i32::from(bad > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_numbers_read_ranges_and_refuse_games_outside_the_match() {
        let numbers = parse_game_numbers("3,7,11-14", 20).unwrap();
        assert_eq!(
            numbers.into_iter().collect::<Vec<_>>(),
            [3, 7, 11, 12, 13, 14]
        );
        assert_eq!(parse_game_numbers("1-20", 20).unwrap().len(), 20);
        for bad in ["0", "21", "4-21", "x", "3,,4", ""] {
            assert!(parse_game_numbers(bad, 20).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_pair_of_games_shares_its_opening_slot() {
        let slots: Vec<usize> = (1..=6).map(|number| opening_slot(number, false)).collect();
        assert_eq!(slots, [0, 0, 1, 1, 2, 2]);
        let once: Vec<usize> = (1..=3).map(|number| opening_slot(number, true)).collect();
        assert_eq!(once, [0, 1, 2]);
    }
}
