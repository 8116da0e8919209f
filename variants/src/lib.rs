//! Amity's variants: one module per game, each implementing the engine's [`Rules`] hooks, plus
//! the registry of every variant (names, a by-name lookup, one enum the protocols hold) and
//! the positions `bench` searches.

pub mod chess;
pub mod evaluation;
pub mod love;

use amity_engine::{Game, Rules};

pub use chess::Chess;
pub use love::Love;

/// Options that change how a variant plays; the protocols set them, every new game gets them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions {}

/// Declares the registry: each line names the enum case, the rules type, its names (the first
/// is the canonical one) and how to build the rules from [`VariantOptions`].
macro_rules! registry {
    ($($case:ident($rules:ty) = [$($name:literal),+] from $options:ident => $build:expr;)+) => {
        /// Every variant Amity plays, as one value the protocol layer can hold.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($case(Game<$rules>),)+
        }

        /// Runs `$body` with `$game` bound to the concrete `Game<R>` inside an [`AnyGame`]:
        /// the one `match` over variants that generic code needs.
        #[macro_export]
        macro_rules! with_game {
            ($any:expr, $game:ident => $body:expr) => {
                match $any {
                    $($crate::AnyGame::$case($game) => $body,)+
                }
            };
        }

        /// The canonical names of every variant, as `UCI_Variant` lists them.
        pub const NAMES: &[&str] = &[$(registry!(@first $($name),+)),+];

        /// A fresh game of the named variant (any of its names), built with `options`.
        pub fn new_game_with(name: &str, options: &VariantOptions) -> Option<AnyGame> {
            match name {
                $($($name)|+ => {
                    let $options = options;
                    let _ = $options;
                    Some(AnyGame::$case(Game::new($build)))
                })+
                _ => None,
            }
        }

        $(impl IntoAnyGame for Game<$rules> {
            fn into_any(self) -> AnyGame {
                AnyGame::$case(self)
            }
        })+
    };
    (@first $first:literal $(, $rest:literal)*) => { $first };
}

registry! {
    Chess(Chess) = ["chess", "normal"] from _options => Chess;
    Love(Love) = ["love"] from _options => Love;
}

/// A fresh game of the named variant with default options.
pub fn new_game(name: &str) -> Option<AnyGame> {
    new_game_with(name, &VariantOptions::default())
}

/// The variant's canonical name.
pub fn name_of(game: &AnyGame) -> &'static str {
    with_game!(game, g => g.rules().name())
}

/// Puts a concrete game back into an [`AnyGame`].
pub trait IntoAnyGame {
    fn into_any(self) -> AnyGame;
}

/// Wraps a concrete game (the inverse of [`with_game!`]).
pub fn wrap<G: IntoAnyGame>(game: G) -> AnyGame {
    game.into_any()
}

/// Positions `bench` searches: (variant, FEN), a few per variant, from openings to endgames.
pub fn bench_positions() -> &'static [(&'static str, &'static str)] {
    &[
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        (
            "chess",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ),
        (
            "chess",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ),
        (
            "chess",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        ),
        (
            "chess",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ),
        (
            "chess",
            "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/4R1K1 w - - 0 20",
        ),
        ("chess", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
        ("chess", "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1"),
        // Small love positions: the baseline search needs minutes at the signature depth on
        // opening positions of this variant (chance nodes, no null move).
        ("love", "4k3/pp3p2/8/8/8/8/PP3P2/4K3 w - - 0 1 love:1:a2f7"),
        ("love", "8/5k2/1p6/3p4/3P4/1P6/5K2/8 w - - 0 1 love:4:f2f7"),
    ]
}
