//! Amity's variant-independent machine: the bitboard position, the `Rules` trait through which
//! every variant enters, move generation building blocks, FEN, perft, evaluation and search.
//!
//! Nothing in this crate knows which variant it plays: variants live in `amity-variants` and
//! reach the search only through [`Rules`]; how a game is written ([`Notation`]), shown
//! ([`Presentation`]), tuned ([`Learning`]), solved ([`Solver`]) and partnered at a table
//! ([`Partner`]) are traits of their own.

pub mod castling;
pub mod evaluation;
pub mod fen;
pub mod fen_fields;
pub mod game;
pub mod moves;
pub mod network;
pub mod notation;
pub mod options;
pub mod orthodox;
pub mod partner;
pub mod paths;
pub mod perft;
pub mod position;
pub mod presentation;
pub mod puzzle;
pub mod rules;
pub mod scratch;
pub mod search;
pub mod tuning;
pub mod win_rate;

pub mod zobrist;

pub use fen::FenError;
pub use game::{Game, MoveError};
pub use moves::{Move, MoveFlag, MoveList};
pub use notation::Notation;
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue, VariantSettings};
pub use partner::{Partner, PartnerDecision, WordSources};
pub use position::{Kind, Piece, Position};
pub use presentation::{
    BeliefGrid, CardRow, GuiBoard, Presentation, SeatInfo, Seen, SquareLabel, TWO_SEATS,
};
pub use puzzle::{PuzzleScore, Solution, SolveLimits, Solver, SolverMemory};
pub use rules::{
    ChanceOutcome, DrawReason, DrawRules, Geometry, HiddenDecision, Identity, Outcome, PieceInfo,
    PolicyOption, Rules, RulesExt, SearchFlags, Verdict, WinReason,
};
pub use scratch::Scratch;
pub use shakmaty::{Bitboard, Color, File, Rank, Square};
pub use tuning::Learning;
