//! `amity seats`: the referee of Split-Brain games between four seats, each seat Amity in
//! this process (the same seat decision an engine process makes for `go` with
//! `SplitBrainSeat`), Amity as its own UCI process (`process`: told its seat, sent its view,
//! asked with `go depth`), or a player choosing uniformly among the decisions it owes. The runner holds the full state
//! and hands each seat only its view (the mover never sees the chooser's square); it records
//! team moves in PGN (`amity replay` reads them back) and counts results and how often two
//! Amity partners' squares make their move directly (the coordination rate).

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;

use amity_engine::search::Limits;
use amity_engine::{Color, Game, Move, MoveList, Outcome, Position, Rules};
use amity_uci::seats;
use amity_variants::SplitBrain;
use amity_variants::splitbrain::{self, Seat, Wing};
use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::engine::{EngineProcess, EngineSpec, Request};
use super::pgn::{PgnGame, PgnMove};
use super::timecontrol::GameClock;

/// Command-line arguments of `amity seats`.
#[derive(Args, Debug, Clone)]
pub struct SeatsArgs {
    /// The players of Wk, Wq, Bk and Bq, each `amity` (in this process), `process` (Amity as
    /// its own engine process), `random` or `human` (at this terminal), comma-separated.
    #[arg(long, default_value = "amity,amity,random,random")]
    pub seats: String,
    /// Games to play; seats swap teams every other game (Wk with Bk, Wq with Bq).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Depth of Amity's board search.
    #[arg(long, default_value_t = seats::SEAT_DEPTH)]
    pub depth: u32,
    /// A game still going after this many team moves is drawn by adjudication.
    #[arg(long, default_value_t = 300)]
    pub max_team_moves: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the games here as PGN.
    #[arg(long)]
    pub pgn: Option<String>,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Amity,
    /// This binary as a separate engine process, one per seat.
    Process,
    Random,
    /// A person at the terminal, shown the seat's view and asked for a decision.
    Human,
}

/// A `--seats` list that is not four players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatsError(String);

impl fmt::Display for SeatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--seats: {} (four of amity, process, random, human)",
            self.0
        )
    }
}

impl std::error::Error for SeatsError {}

/// Reads `amity,random,...` into the players of Wk, Wq, Bk, Bq.
pub fn parse_players(text: &str) -> Result<[Player; 4], SeatsError> {
    let players: Vec<Player> = text
        .split(',')
        .map(|name| match name.trim() {
            "amity" => Ok(Player::Amity),
            "process" => Ok(Player::Process),
            "random" => Ok(Player::Random),
            "human" => Ok(Player::Human),
            other => Err(SeatsError(format!("unknown player '{other}'"))),
        })
        .collect::<Result<_, _>>()?;
    players
        .try_into()
        .map_err(|players: Vec<Player>| SeatsError(format!("{} players", players.len())))
}

fn index(seat: Seat) -> usize {
    Seat::ALL.iter().position(|s| *s == seat).unwrap_or(0)
}

/// One finished game.
pub struct SeatGame {
    pub outcome: Option<Outcome>,
    pub record: PgnGame,
    /// Team moves of each team made by two Amity partners, and how many of them 5a made.
    pub partnered: [u32; 2],
    pub direct: [u32; 2],
}

/// Starts the engine process of each `process` seat, told its seat.
fn start_processes(
    players: [Player; 4],
    depth: u32,
) -> Result<Vec<Option<EngineProcess>>, Box<dyn std::error::Error>> {
    let mut processes = Vec::new();
    for (seat, player) in Seat::ALL.iter().zip(players) {
        if player != Player::Process {
            processes.push(None);
            continue;
        }
        let settings = [
            "cmd=amity".to_string(),
            format!("name=Amity {seat}"),
            format!("option.{}={seat}", splitbrain::SEAT_OPTION),
            format!("depth={depth}"),
        ];
        let spec = EngineSpec::parse(&[], &settings)?;
        let mut process = EngineProcess::start(&spec, "splitbrain")?;
        process.new_game("splitbrain", None)?;
        processes.push(Some(process));
    }
    Ok(processes)
}

/// Asks a seat's process for its decision from its view.
fn ask_process(process: &mut EngineProcess, view: &Position<SplitBrain>) -> Option<String> {
    let fen = view.to_fen(&SplitBrain);
    let clock = GameClock::new(&process.spec.control);
    let request = Request {
        start_fen: Some(&fen),
        moves: &[],
        own: &clock,
        other: &clock,
        white_to_move: view.turn() == Color::White,
    };
    process.think(&request).ok().map(|reply| reply.token)
}

/// Shows a person the seat's view and the decisions owed, and reads one (again until it is
/// one of them). `None` at the end of input.
fn ask_human(seat: Seat, view: &Position<SplitBrain>) -> Option<String> {
    let rules = SplitBrain;
    let mut owed = MoveList::new();
    rules.generate(view, &mut owed);
    let tokens: Vec<String> = owed.iter().map(|mv| rules.format_move(*mv)).collect();
    println!("{}", view.diagram(&rules));
    println!("{}: your view {}", seat, view.to_fen(&rules));
    loop {
        println!("{seat}, your decision ({}):", tokens.join(" "));
        let mut line = String::new();
        match std::io::stdin().read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let answer = line.trim();
        if tokens.iter().any(|token| token == answer) {
            return Some(answer.to_string());
        }
        println!("'{answer}' is not a decision you owe");
    }
}

/// Plays one game between `players` (indexed like [`Seat::ALL`]).
///
/// # Errors
/// When an engine process cannot be started.
pub fn play_game(
    players: [Player; 4],
    depth: u32,
    max_team_moves: u32,
    rng: &mut StdRng,
) -> Result<SeatGame, Box<dyn std::error::Error>> {
    let rules = SplitBrain;
    let mut processes = start_processes(players, depth)?;
    let mut game = Game::new(rules.clone());
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut record = PgnGame::default();
    let (mut partnered, mut direct) = ([0; 2], [0; 2]);
    let mut team_moves = 0;
    let mut turn_start = game.position().clone();
    let mut turn: Vec<Move> = Vec::new();
    while game.outcome().is_none() && team_moves < max_team_moves {
        let pos = game.position().clone();
        let Ok(stage) = splitbrain::stage(&pos) else {
            break;
        };
        let Some(seat) = stage.seat(pos.state.team, pos.state.checker) else {
            break;
        };
        // The seat sees its view only: the mover is not shown the chooser's square.
        let view = rules.view(&pos, seat.team);
        let decision = match players[index(seat)] {
            Player::Amity => seats::answer(&view, seat, &limits, &stop)
                .ok()
                .map(|mv| rules.format_move(mv)),
            Player::Random => {
                let mut owed = MoveList::new();
                rules.generate(&view, &mut owed);
                owed.as_slice().choose(rng).map(|mv| rules.format_move(*mv))
            }
            Player::Human => ask_human(seat, &view),
            Player::Process => processes[index(seat)]
                .as_mut()
                .and_then(|process| ask_process(process, &view)),
        };
        // The decision is checked against the full state; a seat that answers nothing legal
        // ends the game (recorded as an adjudicated draw, and reported).
        let mut legal = MoveList::new();
        rules.generate(&pos, &mut legal);
        let Some(decision) = legal
            .iter()
            .copied()
            .find(|mv| decision.as_deref() == Some(rules.format_move(*mv).as_str()))
        else {
            eprintln!("seat {seat} answered {decision:?}, not a decision it owes");
            break;
        };
        game.play_unchecked(decision);
        turn.push(decision);
        let after = game.position();
        if after.state.team != turn_start.state.team {
            let team = turn_start.state.team;
            let wing = turn_start.state.checker;
            let chooser = players[index(Seat::new(team, wing))];
            let mover = players[index(Seat::new(team, other(wing)))];
            let side = usize::from(team == Color::Black);
            // Amity in this process and Amity as a process decide alike.
            if chooser != Player::Random && mover != Player::Random {
                partnered[side] += 1;
                if !turn
                    .iter()
                    .any(|mv| rules.format_move(*mv).starts_with("r:"))
                {
                    direct[side] += 1;
                }
            }
            let text = rules
                .team_move_token(&turn_start, &turn)
                .unwrap_or_else(|| "?".into());
            record.moves.push(PgnMove {
                number: turn_start.fullmoves(),
                black: team == Color::Black,
                text,
                comment: None,
            });
            team_moves += 1;
            turn.clear();
            turn_start = after.clone();
        }
    }
    let outcome = game.outcome();
    record.set_tag("Event", "amity seats");
    record.set_tag("Variant", "splitbrain");
    for (seat, player) in Seat::ALL.iter().zip(players) {
        record.set_tag(&seat.to_string(), format!("{player:?}").to_lowercase());
    }
    record.result = outcome.map_or("1/2-1/2", |o| o.result()).to_string();
    record.final_comment = Some(outcome.map_or_else(
        || format!("Draw: adjudicated after {max_team_moves} team moves"),
        |o| o.reason(),
    ));
    for process in processes.into_iter().flatten() {
        process.quit();
    }
    Ok(SeatGame {
        outcome,
        record,
        partnered,
        direct,
    })
}

fn other(wing: Wing) -> Wing {
    match wing {
        Wing::King => Wing::Queen,
        Wing::Queen => Wing::King,
    }
}

/// `amity seats`: plays the games and prints the score of the first two players' team.
pub fn run(args: &SeatsArgs) -> Result<(), Box<dyn std::error::Error>> {
    let players = parse_players(&args.seats)?;
    let mut rng = StdRng::seed_from_u64(args.seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let (mut partnered, mut direct) = (0u32, 0u32);
    let mut pgn = String::new();
    for number in 0..args.games {
        // Every other game the first team's players take Black.
        let swapped = number % 2 == 1;
        let seated = if swapped {
            [players[2], players[3], players[0], players[1]]
        } else {
            players
        };
        let played = play_game(seated, args.depth, args.max_team_moves, &mut rng)?;
        let first = if swapped { Color::Black } else { Color::White };
        match played.outcome {
            Some(Outcome::Win { winner, .. }) if winner == first => wins += 1,
            Some(Outcome::Win { .. }) => losses += 1,
            _ => draws += 1,
        }
        partnered += played.partnered.iter().sum::<u32>();
        direct += played.direct.iter().sum::<u32>();
        pgn.push_str(&played.record.to_pgn());
        println!(
            "game {} {}: {} {{{}}}",
            number + 1,
            if swapped {
                "(first team Black)"
            } else {
                "(first team White)"
            },
            played.record.result,
            played.record.final_comment.unwrap_or_default()
        );
    }
    let games = f64::from(wins + draws + losses).max(1.0);
    println!(
        "first team ({:?},{:?}): +{wins} ={draws} -{losses}, score {:.1}%",
        players[0],
        players[1],
        100.0 * (f64::from(wins) + 0.5 * f64::from(draws)) / games
    );
    if partnered > 0 {
        println!(
            "coordination: {direct} of {partnered} team moves by two Amity partners made directly ({:.1}%)",
            100.0 * f64::from(direct) / f64::from(partnered)
        );
    }
    if let Some(path) = &args.pgn {
        std::fs::File::create(path)?.write_all(pgn.as_bytes())?;
    }
    Ok(())
}
