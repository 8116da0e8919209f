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
use amity_engine::{Color, Game, Move, MoveList, Notation, Outcome, Position, Rules, RulesExt};
use amity_variants::SplitBrain;
use amity_variants::splitbrain::seats;
use amity_variants::splitbrain::{self, PartnerModel, Seat, Wing};
use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::engine::{EngineProcess, EngineSpec, Request};
use super::pgn::{PgnGame, PgnMove};
use super::timecontrol::{GameClock, TimeControl};

/// Command-line arguments of `amity seats`.
#[derive(Args, Debug, Clone)]
pub struct SeatsArgs {
    /// The players of Wk, Wq, Bk and Bq, each `amity` (in this process, trusting its partner
    /// to decide alike), `model` (in this process, modelling an unknown partner), `process`
    /// (Amity as its own engine process), `random` or `human` (at this terminal),
    /// comma-separated.
    #[arg(long, default_value = "amity,amity,random,random")]
    pub seats: String,
    /// Games to play; seats swap teams every other game (Wk with Bk, Wq with Bq).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Depth of Amity's board search.
    #[arg(long, default_value_t = seats::SEAT_DEPTH)]
    pub depth: u32,
    /// The temperature (centipawns) of the partner model of `model` seats.
    #[arg(long, default_value_t = DEFAULT_TEMPERATURE)]
    pub temperature: i32,
    /// A game still going after this many team moves is drawn by adjudication.
    #[arg(long, default_value_t = 300)]
    pub max_team_moves: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the games here as PGN.
    #[arg(long)]
    pub pgn: Option<String>,
}

/// The partner model's temperature for `model` seats when none is given (centipawns).
pub const DEFAULT_TEMPERATURE: i32 = 200;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    /// Amity in this process, trusting its partner to decide as it does.
    Amity,
    /// Amity in this process, modelling its partner by a softmax at this temperature.
    Model(i32),
    /// This binary as a separate engine process, one per seat.
    Process,
    /// Any UCI engine that plays seats (told `SplitBrainSeat`), its own process per seat,
    /// on its own clock: how `amity match` seats its engines.
    Engine(Box<EngineSpec>),
    Random,
    /// A person at the terminal, shown the seat's view and asked for a decision.
    Human,
}

impl Player {
    /// How the player is written in the PGN's seat tags.
    fn label(&self) -> String {
        match self {
            Player::Amity => "amity".into(),
            Player::Model(temperature) => format!("amity (partner model {temperature} cp)"),
            Player::Process => "amity process".into(),
            Player::Engine(spec) => spec.name.clone(),
            Player::Random => "random".into(),
            Player::Human => "human".into(),
        }
    }

    /// Whether the player decides as Amity does: two such partners are counted for the
    /// coordination rate.
    fn is_amity(&self) -> bool {
        !matches!(self, Player::Random | Player::Human)
    }
}

/// A `--seats` list that is not four players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatsError(String);

impl fmt::Display for SeatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--seats: {} (four of amity, model, process, random, human)",
            self.0
        )
    }
}

impl std::error::Error for SeatsError {}

/// Reads `amity,random,...` into the players of Wk, Wq, Bk, Bq; `model` seats get
/// `temperature`.
pub fn parse_players(text: &str, temperature: i32) -> Result<[Player; 4], SeatsError> {
    let players: Vec<Player> = text
        .split(',')
        .map(|name| match name.trim() {
            "amity" => Ok(Player::Amity),
            "model" => Ok(Player::Model(temperature.max(1))),
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
    /// The winning team, `None` for a draw.
    pub winner: Option<Color>,
    pub record: PgnGame,
    /// Team moves of each team made by two Amity partners, and how many of them 5a made.
    pub partnered: [u32; 2],
    pub direct: [u32; 2],
}

/// Starts the engine process of each `process` or engine seat, told its seat.
fn start_processes(
    players: &[Player; 4],
    depth: u32,
) -> Result<Vec<Option<EngineProcess>>, Box<dyn std::error::Error>> {
    let mut processes = Vec::new();
    for (seat, player) in Seat::ALL.iter().zip(players) {
        let mut spec = match player {
            Player::Process => {
                let settings = [
                    "cmd=amity".to_string(),
                    format!("name=Amity {seat}"),
                    format!("depth={depth}"),
                ];
                EngineSpec::parse(&[], &settings)?
            }
            Player::Engine(spec) => (**spec).clone(),
            _ => {
                processes.push(None);
                continue;
            }
        };
        spec.options
            .retain(|(name, _)| !name.eq_ignore_ascii_case(splitbrain::SEAT_OPTION));
        spec.options
            .push((splitbrain::SEAT_OPTION.to_string(), seat.to_string()));
        let mut process = EngineProcess::start(&spec, "splitbrain")?;
        process.new_game("splitbrain", None)?;
        processes.push(Some(process));
    }
    Ok(processes)
}

/// What a seat's engine process answered.
enum ProcessAnswer {
    Token(String),
    /// Its clock ran out (or it stopped answering): the seat's team loses.
    Failed(String),
}

/// Asks a seat's process for its decision from its view, on the seat's clock.
fn ask_process(
    process: &mut EngineProcess,
    view: &Position<SplitBrain>,
    own: &mut GameClock,
    other: &GameClock,
) -> ProcessAnswer {
    let fen = view.to_fen(&SplitBrain);
    let request = Request {
        start_fen: Some(&fen),
        moves: &[],
        own,
        other,
        white_to_move: view.turn() == Color::White,
    };
    let reply = match process.think_from_position(&request) {
        Ok(reply) => reply,
        Err(error) => return ProcessAnswer::Failed(format!("{}: {error}", process.spec.name)),
    };
    if !own.charge(reply.elapsed, process.spec.margin) {
        return ProcessAnswer::Failed(format!("{} lost on time", process.spec.name));
    }
    ProcessAnswer::Token(reply.token)
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
    players: &[Player; 4],
    depth: u32,
    max_team_moves: u32,
    opening: &mut Opening,
    rng: &mut StdRng,
) -> Result<SeatGame, Box<dyn std::error::Error>> {
    let rules = SplitBrain;
    let mut processes = start_processes(players, depth)?;
    let mut clocks: Vec<GameClock> = Seat::ALL
        .iter()
        .map(|seat| match &processes[index(*seat)] {
            Some(process) => GameClock::new(&process.spec.control),
            None => GameClock::new(&TimeControl::Depth(depth)),
        })
        .collect();
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
    // A seat that fails (no legal answer, a fallen flag, a dead process) loses for its team.
    let mut forfeit: Option<(Color, String)> = None;
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
        let in_opening = team_moves < opening.team_moves;
        let player = if in_opening {
            &Player::Random
        } else {
            &players[index(seat)]
        };
        let decision = match player {
            Player::Amity | Player::Model(_) => {
                let partner = match player {
                    Player::Model(temperature) => PartnerModel::Softmax {
                        temperature: *temperature,
                    },
                    _ => PartnerModel::Alike,
                };
                seats::answer(&view, seat, partner, &limits, &stop)
                    .ok()
                    .map(|mv| rules.format_move(mv))
            }
            Player::Random => {
                let mut owed = MoveList::new();
                rules.generate(&view, &mut owed);
                let rng = if in_opening {
                    &mut opening.rng
                } else {
                    &mut *rng
                };
                owed.as_slice().choose(rng).map(|mv| rules.format_move(*mv))
            }
            Player::Human => ask_human(seat, &view),
            Player::Process | Player::Engine(_) => {
                // The opposing seat on the same wing keeps the other clock.
                let opposite = Seat::new(!seat.team, seat.wing);
                let other = clocks[index(opposite)].clone();
                let Some(process) = processes[index(seat)].as_mut() else {
                    break;
                };
                match ask_process(process, &view, &mut clocks[index(seat)], &other) {
                    ProcessAnswer::Token(token) => Some(token),
                    ProcessAnswer::Failed(why) => {
                        forfeit = Some((seat.team, format!("{seat}: {why}")));
                        break;
                    }
                }
            }
        };
        // The decision is checked against the full state.
        let mut legal = MoveList::new();
        rules.generate(&pos, &mut legal);
        let Some(decision) = legal
            .iter()
            .copied()
            .find(|mv| decision.as_deref() == Some(rules.format_move(*mv).as_str()))
        else {
            let answer = decision.unwrap_or_else(|| "nothing".into());
            forfeit = Some((
                seat.team,
                format!("{seat} answered {answer}, not a decision it owes"),
            ));
            break;
        };
        game.play_unchecked(decision);
        turn.push(decision);
        let after = game.position();
        if after.state.team != turn_start.state.team {
            let team = turn_start.state.team;
            let wing = turn_start.state.checker;
            let chooser = &players[index(Seat::new(team, wing))];
            let mover = &players[index(Seat::new(team, other(wing)))];
            let side = usize::from(team == Color::Black);
            if chooser.is_amity() && mover.is_amity() && !in_opening {
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
                comment: in_opening.then(|| "book".to_string()),
            });
            team_moves += 1;
            turn.clear();
            turn_start = after.clone();
        }
    }
    let (winner, result, reason) = match (&forfeit, game.outcome()) {
        (Some((loser, why)), _) => (Some(!*loser), None, format!("{why}: its team loses")),
        (None, Some(outcome)) => {
            let winner = match outcome {
                Outcome::Win { winner, .. } => Some(winner),
                Outcome::Draw(_) => None,
            };
            (winner, Some(outcome.result()), outcome.reason())
        }
        (None, None) => (
            None,
            None,
            format!("Draw: adjudicated after {max_team_moves} team moves"),
        ),
    };
    record.set_tag("Event", "amity seats");
    record.set_tag("Variant", "splitbrain");
    for (seat, player) in Seat::ALL.iter().zip(players) {
        record.set_tag(&seat.to_string(), player.label());
    }
    record.result = result
        .unwrap_or(match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        })
        .to_string();
    record.final_comment = Some(reason);
    for process in processes.into_iter().flatten() {
        process.quit();
    }
    Ok(SeatGame {
        winner,
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

/// The start of a seat game: its first team moves are random decisions, drawn alike for
/// both games of a pair (colours swapped), so that a series of deterministic players does
/// not replay one game.
pub struct Opening {
    pub team_moves: u32,
    pub rng: StdRng,
}

impl Opening {
    /// No random start.
    pub fn none() -> Opening {
        Opening {
            team_moves: 0,
            rng: StdRng::seed_from_u64(0),
        }
    }
}

/// A series of seat games between two teams.
pub struct Series {
    /// The first team's players (Wk, Wq when it has White), then the second team's.
    pub players: [Player; 4],
    pub names: [String; 2],
    pub games: usize,
    pub depth: u32,
    pub max_team_moves: u32,
    /// Random team moves each pair of games starts with.
    pub opening_team_moves: u32,
    pub seed: u64,
    pub pgn: Option<String>,
    pub event: String,
}

/// Plays a series, teams swapping colours every game, printing each result and then the
/// first team's score and the coordination rate.
///
/// # Errors
/// When an engine cannot be started or the PGN file written.
pub fn play_series(series: &Series) -> Result<(), Box<dyn std::error::Error>> {
    let players = &series.players;
    let mut rng = StdRng::seed_from_u64(series.seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let (mut partnered, mut direct) = (0u32, 0u32);
    let mut pgn = String::new();
    for number in 0..series.games {
        // Every other game the first team's players take Black.
        let swapped = number % 2 == 1;
        let seated = if swapped {
            [
                players[2].clone(),
                players[3].clone(),
                players[0].clone(),
                players[1].clone(),
            ]
        } else {
            players.clone()
        };
        let mut opening = Opening {
            team_moves: series.opening_team_moves,
            rng: StdRng::seed_from_u64(series.seed ^ (number as u64 / 2 + 1) << 32),
        };
        let mut played = play_game(
            &seated,
            series.depth,
            series.max_team_moves,
            &mut opening,
            &mut rng,
        )?;
        let first = if swapped { Color::Black } else { Color::White };
        match played.winner {
            Some(winner) if winner == first => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        partnered += played.partnered.iter().sum::<u32>();
        direct += played.direct.iter().sum::<u32>();
        played.record.set_tag("Event", series.event.clone());
        played.record.set_tag("Round", (number + 1).to_string());
        let (white, black) = if swapped {
            (&series.names[1], &series.names[0])
        } else {
            (&series.names[0], &series.names[1])
        };
        played.record.set_tag("White", white.clone());
        played.record.set_tag("Black", black.clone());
        pgn.push_str(&played.record.to_pgn());
        println!(
            "game {} ({white} vs {black}): {} {{{}}}",
            number + 1,
            played.record.result,
            played.record.final_comment.unwrap_or_default()
        );
    }
    let games = f64::from(wins + draws + losses).max(1.0);
    println!(
        "{} vs {}: +{wins} ={draws} -{losses}, score {:.1}%",
        series.names[0],
        series.names[1],
        100.0 * (f64::from(wins) + 0.5 * f64::from(draws)) / games
    );
    if partnered > 0 {
        println!(
            "coordination: {direct} of {partnered} team moves by two Amity partners made directly ({:.1}%)",
            100.0 * f64::from(direct) / f64::from(partnered)
        );
    }
    if let Some(path) = &series.pgn {
        std::fs::File::create(path)?.write_all(pgn.as_bytes())?;
    }
    Ok(())
}

/// `amity seats`: plays the games and prints the score of the first two players' team.
pub fn run(args: &SeatsArgs) -> Result<(), Box<dyn std::error::Error>> {
    let players = parse_players(&args.seats, args.temperature)?;
    let team_name =
        |first: &Player, second: &Player| format!("{}+{}", first.label(), second.label());
    let names = [
        team_name(&players[0], &players[1]),
        team_name(&players[2], &players[3]),
    ];
    play_series(&Series {
        players,
        names,
        games: args.games,
        depth: args.depth,
        max_team_moves: args.max_team_moves,
        opening_team_moves: 0,
        seed: args.seed,
        pgn: args.pgn.clone(),
        event: "amity seats".into(),
    })
}
