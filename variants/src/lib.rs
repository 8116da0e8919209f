//! Amity's variants: one module per game, each implementing the engine's [`Rules`] hooks, plus
//! the list of every variant and a by-name lookup for the protocols.

pub mod chess;
pub mod evaluation;

use amity_engine::{Game, Rules};

pub use chess::Chess;

/// Every variant Amity plays, as one value the protocol layer can hold.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Chess(Game<Chess>),
}

/// Runs `$body` with `$game` bound to the concrete `Game<R>` inside an [`AnyGame`]: the one
/// `match` over variants that generic code needs.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::Chess($game) => $body,
        }
    };
}

/// The names of every variant, as `UCI_Variant` lists them.
pub const NAMES: &[&str] = &["chess"];

/// A fresh game of the named variant (XBoard's `normal` is chess).
pub fn new_game(name: &str) -> Option<AnyGame> {
    match name {
        "chess" | "normal" => Some(AnyGame::Chess(Game::new(Chess))),
        _ => None,
    }
}

/// The variant's name, as `UCI_Variant` shows it.
pub fn name_of(game: &AnyGame) -> &'static str {
    with_game!(game, g => g.rules().name())
}
