//! The live view of an `amity match` in progress: the referee publishes each game's board,
//! clocks, moves and scores, and the match its score table, into one JSON file that
//! `amity serve --watch FILE` serves to the page. Games that hide information publish no
//! board: a spectator is no seat, and sees only what is public (moves as recorded, clocks,
//! results). A board is drawn from [`board_json`], the JSON the web page draws every board
//! from, its rooms' too.

use amity_engine::RulesExt;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;

use amity_engine::{Color, File, Position, Presentation, Rank, Square};
use serde_json::{Value, json};

/// One game as the live view shows it.
#[derive(Clone, Debug, Default)]
pub struct LiveGame {
    pub number: usize,
    pub white: String,
    pub black: String,
    pub variant: String,
    /// [`board_json`] of the position; `None` for a game that hides information.
    pub board: Option<Value>,
    /// The last moves as recorded (SAN or decision tokens).
    pub moves: Vec<String>,
    /// Seconds left on each clock (White's, Black's), for clock time controls.
    pub clocks: [Option<f64>; 2],
    pub white_to_move: bool,
    /// The engines' scores after each of their moves, from White's point of view.
    pub scores: Vec<i32>,
    /// `1-0 {reason}` once over.
    pub result: Option<String>,
}

/// One engine's line in the score table.
#[derive(Clone, Debug)]
pub struct TableRow {
    pub name: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

#[derive(Debug, Default)]
struct LiveState {
    event: String,
    total: usize,
    finished: usize,
    table: Vec<TableRow>,
    games: BTreeMap<usize, LiveGame>,
}

/// The file a match writes its live view into.
#[derive(Debug)]
pub struct LiveBoard {
    path: PathBuf,
    state: Mutex<LiveState>,
}

/// Games kept in the file: the ones playing and the latest finished.
const GAMES_SHOWN: usize = 8;

impl LiveBoard {
    /// A live view of a match of `total` games, written to `path` at once.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn create(path: PathBuf, event: &str, total: usize) -> std::io::Result<LiveBoard> {
        let board = LiveBoard {
            path,
            state: Mutex::new(LiveState {
                event: event.to_string(),
                total,
                ..LiveState::default()
            }),
        };
        board.write(&board.state())?;
        Ok(board)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, LiveState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Replaces a game's entry and rewrites the file. A failed write is reported and the
    /// match goes on: watching is not worth a game.
    pub fn update_game(&self, game: LiveGame) {
        let mut state = self.state();
        state.games.insert(game.number, game);
        while state.games.len() > GAMES_SHOWN {
            let finished = state
                .games
                .iter()
                .find(|(_, game)| game.result.is_some())
                .map(|(number, _)| *number);
            match finished {
                Some(number) => state.games.remove(&number),
                None => break,
            };
        }
        self.write_or_warn(&state);
    }

    /// Sets the score table after `finished` games.
    pub fn update_table(&self, table: Vec<TableRow>, finished: usize) {
        let mut state = self.state();
        state.table = table;
        state.finished = finished;
        self.write_or_warn(&state);
    }

    fn write_or_warn(&self, state: &LiveState) {
        if let Err(error) = self.write(state) {
            eprintln!(
                "warning: cannot write the live view {}: {error}",
                self.path.display()
            );
        }
    }

    /// The whole view as JSON.
    pub fn to_json(&self) -> Value {
        Self::json_of(&self.state())
    }

    fn json_of(state: &LiveState) -> Value {
        let table: Vec<Value> = state
            .table
            .iter()
            .map(|row| {
                json!({
                    "name": row.name,
                    "wins": row.wins,
                    "draws": row.draws,
                    "losses": row.losses,
                })
            })
            .collect();
        let games: Vec<Value> = state
            .games
            .values()
            .rev()
            .map(|game| {
                json!({
                    "number": game.number,
                    "white": game.white,
                    "black": game.black,
                    "variant": game.variant,
                    "board": game.board,
                    "moves": game.moves,
                    "clocks": game.clocks,
                    "whiteToMove": game.white_to_move,
                    "scores": game.scores,
                    "result": game.result,
                })
            })
            .collect();
        json!({
            "event": state.event,
            "total": state.total,
            "finished": state.finished,
            "table": table,
            "games": games,
        })
    }

    /// Writes the file whole (a reader never sees half of it: written aside, then renamed).
    /// Called with the state locked, so two games' threads never write at once.
    fn write(&self, state: &LiveState) -> std::io::Result<()> {
        let text = Self::json_of(state).to_string();
        let mut aside = self.path.clone().into_os_string();
        aside.push(".part");
        std::fs::write(&aside, text)?;
        std::fs::rename(&aside, &self.path)
    }
}

/// A position's board as the page draws it: its size, every piece (square, symbol, name,
/// colour) and the variant's square labels. Given a view, it shows only the view.
pub fn board_json<R: Presentation>(rules: &R, pos: &Position<R>) -> Value {
    let geometry = rules.geometry();
    let mut pieces = Vec::new();
    for rank in 0..u32::from(geometry.ranks) {
        for file in 0..u32::from(geometry.files) {
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            if let Some(piece) = pos.piece_at(square) {
                let info = rules.pieces()[piece.kind.index()];
                pieces.push(json!({
                    "square": square.to_string(),
                    "symbol": info.symbol,
                    "name": info.name,
                    "color": color_name(piece.color),
                }));
            }
        }
    }
    let labels: Vec<Value> = rules
        .square_labels(pos)
        .into_iter()
        .map(|label| {
            json!({
                "square": label.square.to_string(),
                "text": label.text,
                "owner": label.owner.map(color_name),
            })
        })
        .collect();
    let cards: Vec<Value> = rules
        .card_rows(pos)
        .into_iter()
        .map(|row| {
            json!({
                "title": row.title,
                "owner": row.owner.map(color_name),
                "cards": row.cards,
            })
        })
        .collect();
    json!({
        "files": geometry.files,
        "ranks": geometry.ranks,
        "pieces": pieces,
        "labels": labels,
        "cards": cards,
    })
}

/// A side as the page names it.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}
