//! The real `amity` binary, driven over pipes as a GUI or a person would: the UCI and XBoard
//! protocols (bad input, liveness, `go perft` on every perft file), each game's protocol
//! (views, whole turns, seats), and the subcommands (`play`, `match`, `solve`, `tune`,
//! `train`, `words`). One test binary; the time-limit test (`tests/limits.rs`) and the stress
//! test (`tests/stress.rs`) keep their own, so nothing else runs beside them.

#[path = "../common/mod.rs"]
mod common;

// The protocols.
mod analysis;
mod eval_file;
mod liveness;
mod perft;
mod strength;
mod uci_bad_input;
mod variant_file;
mod xboard;

// Each game through the protocol.
mod booster;
mod chesswords;
mod chesswords_partner;
mod fischerandom;
mod gravity;
mod hidden;
mod love;
mod neighbour;
mod parade;
mod search;
mod splitbrain;

// The subcommands.
mod matches;
mod play;
mod solve;
mod train;
mod tune;
mod words;
