//! The engine's machinery checked through games: move generation against shakmaty, the path
//! language against the native generators, the search (staged move picker, mate suite,
//! threads) on chess, and its genericity on toy games built from the orthodox blocks. They
//! live here because the engine's own crate names no game.

#[path = "../common/mod.rs"]
mod common;

mod differential;
mod paths;
mod search;
mod search_variants;
mod strength;
