//! The rules of every game, checked in process: one module per game (one test per ruling,
//! FEN and token round trips, random playouts checking the invariants), the perft data
//! confirmed by independent references written from the rules apart from the engine, views,
//! and searches whose answer depends on the view alone. One test binary, so the games share
//! one build and one link; `cargo test -p amity-variants` runs them.

#[path = "../common/mod.rs"]
mod common;

mod booster_reference;
mod chesswords_reference;
mod cloakanddagger_reference;
mod solitaire_reference;
mod splitbrain_reference;

mod announcements;
mod booster;
mod chesswords;
mod chesswords_partner;
mod cloakanddagger;
mod correcting_network;
mod fairy_file;
mod gravity;
mod hidden;
mod itiswhatitis;
mod losalamos;
mod love;
mod love_reference;
mod moralsupport;
mod neighbour;
mod pacifist;
mod parade;
mod splitbrain;
mod state_hash;
