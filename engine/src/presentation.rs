//! How a game shows itself to people and seats, beyond its rules: the [`Presentation`] hooks
//! (labels, cards and beliefs for a page that draws the board, the text of the `d` command, the
//! seats at the table and what each is told of a decision, the tags of a finished record).
//! The web page, the protocols and the referee use them; the search never does.

use shakmaty::{Color, Square};

use crate::moves::Move;
use crate::notation::Notation;
use crate::position::{Kind, Position};
use crate::win_rate::WinRateModel;

/// A decision as one seat saw it, for [`Presentation::in_words`]: made in `before` (the seat's view,
/// or the full state), which is all the words may tell; given `after` (the same seat's view
/// once it was made), the words may say what it led to ("guessed checker 3 is a knight:
/// right"). A decision not yet made (a button) has no `after`.
pub struct Seen<'a, R: crate::Rules> {
    pub before: &'a Position<R>,
    pub decision: Move,
    pub after: Option<&'a Position<R>>,
}

/// One seat at the table: who may make decisions in a game, and which side's view it sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name people and protocols use (`white`, `Wk`).
    pub name: &'static str,
    /// The side the seat plays for: the seat sees [`Rules::view`](crate::Rules::view) of
    /// this side.
    pub side: Color,
}

/// The seats of an ordinary two-player game.
pub const TWO_SEATS: [SeatInfo; 2] = [
    SeatInfo {
        name: "white",
        side: Color::White,
    },
    SeatInfo {
        name: "black",
        side: Color::Black,
    },
];

/// A short text a variant shows on a square besides its piece (a number, a count, a letter),
/// for boards drawn by a program that does not know the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareLabel {
    pub square: Square,
    pub text: String,
    /// Whose the thing labelled is, if anyone's (drawn in that side's colour).
    pub owner: Option<Color>,
}

/// A row of cards as a position shows them (a hand, a pile), for boards drawn by a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardRow {
    /// What the row is ("White's hand", "discard pile").
    pub title: String,
    /// Whose the cards are, if anyone's.
    pub owner: Option<Color>,
    /// Each card as the variant writes it (`Qh`, `9c`); `?` for a card whose face is unseen.
    pub cards: Vec<String>,
}

/// What a seat believes about hidden things, as probabilities in a table: one row per hidden
/// thing, one column per thing it might be.
#[derive(Clone, Debug, PartialEq)]
pub struct BeliefGrid {
    pub title: String,
    pub rows: Vec<String>,
    pub columns: Vec<String>,
    /// `cells[row][column]`, each from 0 to 1.
    pub cells: Vec<Vec<f64>>,
}

/// What a game shows of itself to people and to the seats at its table. Every hook has a
/// default that fits a two-seat game with nothing beyond its board; a game implements the
/// ones where it shows more.
/// How a GUI that knows Fairy-Stockfish's games draws a board it is told about (XBoard's
/// `setup`, UCI's `info string variant`): how many kinds its pockets show (0: no hands) and
/// the template it draws the game with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuiBoard {
    pub pocket: usize,
    pub template: &'static str,
}

impl GuiBoard {
    /// A board without pockets, drawn as Fairy-Stockfish's plain `fairy` template.
    pub const PLAIN: GuiBoard = GuiBoard {
        pocket: 0,
        template: "fairy",
    };
}

pub trait Presentation: Notation {
    /// Lines describing the variant's own state for people (`d`), each ending in a newline;
    /// empty when there is nothing beyond the board.
    fn describe(&self, pos: &Position<Self>) -> String {
        let _ = pos;
        String::new()
    }

    /// How a kind moves in Betza's notation (`N`, `fmWfceFifmnD`), for GUIs that draw and
    /// check the pieces of a game they do not know. `None` when the notation cannot say it
    /// (the GUI then learns the legal moves from the engine alone).
    fn betza(&self, kind: Kind) -> Option<&'static str> {
        let _ = kind;
        None
    }

    /// How a GUI is to draw the board: its pockets and template. Default: no pockets, the
    /// plain board.
    fn gui_board(&self) -> GuiBoard {
        GuiBoard::PLAIN
    }

    /// The seats of the game, in a fixed order. Default: White and Black.
    fn seats(&self) -> &'static [SeatInfo] {
        &TWO_SEATS
    }

    /// The index in [`Presentation::seats`] of the seat that owes the next decision in `pos`
    /// (a full state), or `None` when no seat does (chance acts, or the game is over).
    /// Default: the seat of the side to move.
    fn seat_to_decide(&self, pos: &Position<Self>) -> Option<usize> {
        let turn = pos.turn();
        self.seats().iter().position(|seat| seat.side == turn)
    }

    /// Labels for squares beyond their pieces, as `pos` (a full state or a view) shows them.
    /// Default: none.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<SquareLabel> {
        let _ = pos;
        Vec::new()
    }

    /// The cards `pos` (a full state or a view) shows, row by row: hands and piles, unseen
    /// cards as `?`. Default: none.
    fn card_rows(&self, pos: &Position<Self>) -> Vec<CardRow> {
        let _ = pos;
        Vec::new()
    }

    /// What the holder of the view `pos` believes about what it does not see, if the game
    /// keeps such a belief. Default: none.
    fn belief_grid(&self, pos: &Position<Self>) -> Option<BeliefGrid> {
        let _ = pos;
        None
    }

    /// Whether the mover cannot know from the view `pos` what decision `mv` leads to (a guess
    /// whose answer only the referee knows): an answer giving a whole turn stops after it, and
    /// the seat is asked again with the answer in its view. Default: never.
    fn outcome_hidden(&self, pos: &Position<Self>, mv: Move) -> bool {
        let _ = (pos, mv);
        false
    }

    /// How a decision `mv` made in `pos` is told to the other seats: its token, plus whatever
    /// the rules make public with it (an identity it reveals). Default: the token.
    fn announce(&self, pos: &Position<Self>, mv: Move) -> String {
        let _ = pos;
        self.format_move(mv)
    }

    /// How a decision `mv` made in the full state `pos` is told to the seats of side
    /// `listener`: what [`Presentation::announce`] makes public, less what the rules keep from
    /// that listener even after the decision (a clue word the mover must not read). A listener
    /// whose view cannot tell `mv` from another decision must not be able to tell them apart
    /// by this either. Default: the announcement, the same for every listener.
    fn announce_to(&self, pos: &Position<Self>, mv: Move, listener: Color) -> String {
        let _ = listener;
        self.announce(pos, mv)
    }

    /// A decision in plain words, as a player at the table would say it ("guess checker 3 is
    /// a knight"), told from what `seen` shows (see [`Seen`]). `None` when the token says it
    /// plainly (a move on the board). Default: `None`.
    fn in_words(&self, seen: &Seen<'_, Self>) -> Option<String> {
        let _ = seen;
        None
    }

    /// Whether a player may say free words with the decision `mv` in `pos` (the clue said for
    /// a secret clue word): words every seat hears, which the rules do not read. Default:
    /// never.
    fn takes_speech(&self, pos: &Position<Self>, mv: Move) -> bool {
        let _ = (pos, mv);
        false
    }

    /// How the game's scores turn into chances of a win, a draw and a loss, fitted on its own
    /// games (`scripts/wdl_fit.py`), for GUIs that show chances (UCI's `UCI_ShowWDL`).
    /// Default: none, and no chances are shown.
    fn win_rate_model(&self) -> Option<WinRateModel> {
        None
    }

    /// PGN tags a finished game's record carries besides its result, as name and value: what
    /// the result alone cannot say (a cooperative game's team score and grade). Default: none.
    fn record_tags(&self, pos: &Position<Self>) -> Vec<(&'static str, String)> {
        let _ = pos;
        Vec::new()
    }
}
