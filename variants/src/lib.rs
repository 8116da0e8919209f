//! Amity's variants: one module per game, each implementing the engine's [`Rules`] hooks, plus
//! the registry of every variant (names, a by-name lookup, one enum the protocols hold) and
//! the positions `bench` searches.

pub mod board_network;
pub mod booster;
pub mod chess;
pub mod chesswords;
pub mod cloakanddagger;
pub mod evaluation;
pub mod file;
pub mod fischerandom;
pub mod gravity;
pub mod itiswhatitis;
pub mod losalamos;
pub mod love;
pub mod moralsupport;
pub mod neighbour;
pub mod pacifist;
pub mod parade;
pub mod pile;
pub mod solitaire;
pub mod splitbrain;
mod threats;
mod words;

use amity_engine::RulesExt;
use amity_engine::{
    Game, Learning, Notation, OptionError, OptionSpec, OptionValue, Partner, Presentation, Rules,
    Solver, VariantSettings,
};

pub use booster::Booster;
pub use chess::Chess;
pub use chesswords::Chesswords;
pub use cloakanddagger::CloakAndDagger;
pub use fischerandom::FischerRandom;
pub use gravity::Gravity;
pub use itiswhatitis::ItIsWhatItIs;
pub use losalamos::LosAlamos;
pub use love::Love;
pub use moralsupport::MoralSupport;
pub use neighbour::Neighbour;
pub use pacifist::{Measure as PacifistMeasure, Pacifist};
pub use parade::Parade;
pub use splitbrain::SplitBrain;
pub use splitbrain::seats::{SEAT_DEPTH, partner_decision, plays_one_seat, seat_answer};

/// Everything a playable game implements: the engine's [`Rules`] and the traits of the other
/// users of a game (its [`Notation`], its [`Presentation`], its [`Learning`], its own
/// [`Solver`] and what it asks of Amity as a [`Partner`] at a table). Code generic over the
/// games of the registry ([`with_game!`]) asks for this; code that only searches or counts
/// asks for [`Rules`] alone.
pub trait Variant: Rules + Notation + Presentation + Learning + Solver + Partner {}

impl<R: Rules + Notation + Presentation + Learning + Solver + Partner> Variant for R {}

/// The values set for the options the variants declare ([`Rules::options`]), by option name
/// and whatever the variant: the protocols and the command line set them, every new game is
/// built from those its variant declares, and the referee tells them to the engines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantOptions {
    /// The options set so far, each once; the rest keep their declared defaults.
    values: Vec<(&'static OptionSpec, OptionValue)>,
    /// What `EvalFile` chose, read when the option is set rather than for each game built;
    /// each game takes its own network from it.
    eval_choice: board_network::EvalChoice,
    /// The games the file `VariantPath` names defines, read when the option is set.
    variant_file: file::VariantFile,
}

impl VariantOptions {
    /// Sets the variant option `name` (any case) from text, checked against its declaration.
    /// A file option's file is read here, once.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] when no variant declares the option, why the declaration
    /// refuses the value, or [`OptionError::Unusable`] when its file cannot be used; the
    /// options are then unchanged.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = declaration(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let value = spec.accept(Some(value))?;
        if spec.name == board_network::EVAL_FILE.name {
            let text = value.to_string();
            let games = [
                board_network::GameNetwork::of::<chess::network::ChessLayout>(),
                board_network::GameNetwork::of::<losalamos::network::LosAlamosLayout>(),
                board_network::GameNetwork::of::<moralsupport::MoralSupportLayout>(),
                board_network::GameNetwork::of::<love::LoveLayout>(),
            ];
            self.eval_choice =
                board_network::EvalChoice::read(&text, &games).map_err(|reason| {
                    OptionError::Unusable {
                        name: spec.name,
                        value: text,
                        reason,
                    }
                })?;
        }
        if spec.name == file::VARIANT_PATH.name {
            let path = value.to_string();
            // An empty path unloads the file's games; a bad file leaves the loaded ones.
            self.variant_file = if path.is_empty() {
                file::VariantFile::default()
            } else {
                file::VariantFile::load(&path).map_err(|reason| OptionError::Unusable {
                    name: spec.name,
                    value: path.clone(),
                    reason: reason.replace('\n', "; "),
                })?
            };
        }
        match self
            .values
            .iter_mut()
            .find(|(set, _)| set.name == spec.name)
        {
            Some((_, current)) => *current = value,
            None => self.values.push((spec, value)),
        }
        Ok(())
    }

    /// The value of the variant option `name` (any case): the one set, else its default.
    pub fn get(&self, name: &str) -> Option<OptionValue> {
        let spec = declaration(name)?;
        Some(
            self.values
                .iter()
                .find(|(set, _)| set.name == spec.name)
                .map_or_else(|| spec.default_value(), |(_, value)| value.clone()),
        )
    }

    /// The games the loaded variant file defines (none until `VariantPath` names one).
    pub fn variant_file(&self) -> &file::VariantFile {
        &self.variant_file
    }

    /// The loaded file's games that `UCI_Variant` (and XBoard's `variant`) take besides
    /// [`NAMES`]: those whose names no built-in game has.
    pub fn file_variants(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.variant_file
            .names()
            .filter(|name| !NAMES.contains(name))
    }

    /// The name of the loaded file's game `name`, if the file defines one and no built-in
    /// game has that name: a choice `UCI_Variant` takes besides [`NAMES`].
    pub fn file_variant(&self, name: &str) -> Option<&'static str> {
        if NAMES.contains(&name) {
            return None;
        }
        self.variant_file.names().find(|known| *known == name)
    }

    /// The values of the options in `declared` (one variant's declaration), defaults included:
    /// what that variant's rules are built from.
    pub fn settings(&self, declared: &'static [OptionSpec]) -> VariantSettings {
        let mut settings = VariantSettings::defaults(declared);
        for (spec, value) in &self.values {
            // Every value here passed its declaration, and a name has one declaration.
            let _ = settings.set(spec.name, Some(&value.to_string()));
        }
        settings
    }

    /// The options that change the rules of `variant` (any of its names), as option name and
    /// value, defaults included: what a referee must tell the engines and write into the record.
    pub fn rule_settings(&self, variant: &str) -> Vec<(&'static str, String)> {
        let mut settings: Vec<(&'static str, String)> = self
            .settings(options_of(variant))
            .iter()
            .filter(|(spec, _)| !spec.player)
            .map(|(spec, value)| (spec.name, value.to_string()))
            .collect();
        // A game of the loaded file: its rules are the file's, which the engines must load.
        if self.file_variant(variant).is_some()
            && let Some(path) = self.get(file::VARIANT_PATH.name)
        {
            settings.push((file::VARIANT_PATH.name, path.to_string()));
        }
        settings
    }
}

/// Every option any variant declares, each name once (in the registry's order): what the
/// protocols announce besides the engine's own options.
pub fn declared_options() -> Vec<&'static OptionSpec> {
    let mut declared: Vec<&'static OptionSpec> = Vec::new();
    for spec in DECLARATIONS.iter().flat_map(|declared| declared()) {
        if !declared.iter().any(|seen| seen.name == spec.name) {
            declared.push(spec);
        }
    }
    declared
}

/// The declaration of the variant option `name` (any case), if a variant declares one.
pub fn declaration(name: &str) -> Option<&'static OptionSpec> {
    DECLARATIONS
        .iter()
        .flat_map(|declared| declared())
        .find(|spec| spec.is_named(name))
}

/// Declares the registry: each line names the enum case, the rules type, its names (the first
/// is the canonical one) and how to build the rules from the [`VariantSettings`] of the
/// options the type declares (and, where a line names them, from the [`VariantOptions`]
/// themselves, which hold what a file option's file held).
macro_rules! registry {
    ($($case:ident($rules:ty) = [$($name:literal),+]
        from $settings:ident $(, $options:ident)? => $build:expr;)+) => {
        /// Every variant Amity plays, as one value the protocol layer can hold.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($case(Game<$rules>),)+
            /// A game a variant file defines.
            File(Game<file::FileGame>),
        }

        /// Runs `$body` with `$game` bound to the concrete `Game<R>` inside an [`AnyGame`]:
        /// the one `match` over variants that generic code needs.
        #[macro_export]
        macro_rules! with_game {
            ($any:expr, $game:ident => $body:expr) => {
                match $any {
                    $($crate::AnyGame::$case($game) => $body,)+
                    $crate::AnyGame::File($game) => $body,
                }
            };
        }

        /// The canonical names of every variant, as `UCI_Variant` lists them.
        pub const NAMES: &[&str] = &[$(registry!(@first $($name),+)),+];

        /// A fresh game of the named variant (any of its names), built with `options`.
        pub fn new_game_with(name: &str, options: &VariantOptions) -> Option<AnyGame> {
            match name {
                $($($name)|+ => {
                    let $settings = &options.settings(<$rules as Rules>::options());
                    let _ = $settings;
                    $(let $options = options;)?
                    Some(AnyGame::$case(Game::new($build)))
                })+
                _ => options.variant_file.game(name).map(|rules| AnyGame::File(Game::new(rules))),
            }
        }

        /// The options the named variant (any of its names) declares; none for an unknown name.
        pub fn options_of(name: &str) -> &'static [OptionSpec] {
            match name {
                $($($name)|+ => <$rules as Rules>::options(),)+
                _ => &[],
            }
        }

        /// Every variant's declaration, in the registry's order.
        const DECLARATIONS: &[fn() -> &'static [OptionSpec]] =
            &[$(<$rules as Rules>::options,)+ <file::FileGame as Rules>::options];

        $(impl IntoAnyGame for Game<$rules> {
            fn into_any(self) -> AnyGame {
                AnyGame::$case(self)
            }
        })+

        impl IntoAnyGame for Game<file::FileGame> {
            fn into_any(self) -> AnyGame {
                AnyGame::File(self)
            }
        }
    };
    (@first $first:literal $(, $rest:literal)*) => { $first };
}

registry! {
    Chess(Chess) = ["chess", "normal"] from settings, options =>
        Chess::with_setup(
            chess::network::ChessNetwork::from_choice(&options.eval_choice),
            chess::Setup::from_settings(settings),
        );
    LosAlamos(LosAlamos) = ["losalamos"] from _settings, options =>
        LosAlamos::with_network(losalamos::network::LosAlamosNetwork::from_choice(
            &options.eval_choice,
        ));
    MoralSupport(MoralSupport) = ["moralsupport"] from _settings, options =>
        MoralSupport::with_network(moralsupport::MoralSupportNetwork::from_choice(
            &options.eval_choice,
        ));
    Pacifist(Pacifist) = ["pacifist"] from settings => Pacifist::from_settings(settings);
    ItIsWhatItIs(ItIsWhatItIs) = ["itiswhatitis"] from _settings => ItIsWhatItIs::new();
    Gravity(Gravity) = ["gravity"] from _settings => Gravity;
    Love(Love) = ["love"] from _settings, options =>
        Love::with_network(love::LoveNetwork::from_choice(&options.eval_choice));
    Booster(Booster) = ["booster"] from _settings => Booster;
    Parade(Parade) = ["parade"] from settings => Parade::from_settings(settings);
    Neighbour(Neighbour) = ["neighbour"] from settings => Neighbour::from_settings(settings);
    CloakAndDagger(CloakAndDagger) = ["cloakanddagger"] from _settings => CloakAndDagger;
    SplitBrain(SplitBrain) = ["splitbrain"] from _settings => SplitBrain;
    Chesswords(Chesswords) = ["chesswords"] from _settings => Chesswords::default();
    FischerRandom(FischerRandom) = ["fischerandom"] from settings, options =>
        FischerRandom::with_setup(
            chess::network::ChessNetwork::from_choice(&options.eval_choice),
            chess::Setup::from_settings(settings),
        );
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
        ("losalamos", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"),
        (
            "losalamos",
            "r1qk1r/pp1ppp/2n1n1/2p3/2PPN1/RNQK1R w - - 0 5",
        ),
        ("losalamos", "3k2/1p3r/p1n3/2P1N1/PP2R1/3K2 w - - 0 20"),
        (
            "losalamos",
            "r2k1r/1pp1p1/p1n2p/2P1N1/PP2Q1/R2K1R w - - 0 12",
        ),
        (
            "moralsupport",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "moralsupport",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 5",
        ),
        (
            "moralsupport",
            "r3k2r/ppp2ppp/2nqbn2/3pp3/3PP3/2NQBN2/PPP2PPP/R3K2R w KQkq - 0 9",
        ),
        (
            "moralsupport",
            "4k3/2r2pp1/8/3N4/8/2B5/5PP1/3RK3 w - - 0 30",
        ),
        (
            "pacifist",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "pacifist",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5",
        ),
        (
            "pacifist",
            "r2q1rk1/pp2bppp/2np1n2/2p1p1B1/4P3/2NP1N2/PPPQ1PPP/R3KB1R w KQ - 0 9",
        ),
        ("pacifist", "4k3/2p5/3n4/8/3R4/2B5/8/4K3 w - - 0 1"),
        ("itiswhatitis", "selpyhcs/8/8/8/8/8/8/SCHYPLES w - - 0 1"),
        (
            "itiswhatitis",
            "s1l1yh1s/2e1p3/3c4/8/2C1H3/4P3/1E6/S2Y1L1S w - - 0 1",
        ),
        (
            "itiswhatitis",
            "1+h1ylp2/2S1C3/8/3+e4/4+C3/8/3ch1e1/SYPL4 b - - 0 1",
        ),
        (
            "itiswhatitis",
            "ylp5/8/8/2C+C1+h+c1/8/2+E+S+H3/8/5YPL w - - 0 1",
        ),
        (
            "gravity",
            "2p5/1b6/2K1N3/8/PP6/8/8/BrRnrnp1 b - - 1 8 decks:kqpp/QRNP flip:P pawns:c8 moved:e1 blocked:-",
        ),
        (
            "gravity",
            "1R6/3p4/7B/8/2bP4/B3Rp1P/3rQ1np/1P1nqb1K w - - 1 13 decks:-/- flip:- pawns:- moved:- blocked:-",
        ),
        // Small love positions: the baseline search needs minutes at the signature depth on
        // opening positions of this variant (chance nodes, no null move).
        ("love", "4k3/pp3p2/8/8/8/8/PP3P2/4K3 w - - 0 1 love:1:a2f7"),
        ("love", "8/5k2/1p6/3p4/3P4/1P6/5K2/8 w - - 0 1 love:4:f2f7"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_engine::OptionKind;

    #[test]
    fn an_option_declared_by_several_variants_has_one_declaration() {
        // One announcement per name must fit every variant that declares it.
        let every: Vec<&OptionSpec> = DECLARATIONS.iter().flat_map(|d| d()).collect();
        for spec in &every {
            assert_eq!(declaration(spec.name), Some(*spec), "{}", spec.name);
        }
        let names: Vec<&str> = declared_options().iter().map(|spec| spec.name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{names:?}");
    }

    #[test]
    fn pacifist_declares_its_measure_and_builds_by_it() {
        let declared = options_of("pacifist");
        assert_eq!(declared.len(), 1);
        let OptionKind::Combo { default, choices } = declared[0].kind else {
            panic!("the measure is a combo: {:?}", declared[0]);
        };
        assert_eq!(default, PacifistMeasure::default().name());
        let names: Vec<&str> = PacifistMeasure::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(choices, names.as_slice());
        for measure in PacifistMeasure::ALL {
            let mut options = VariantOptions::default();
            options
                .set("pacifistmeasure", &measure.name().to_uppercase())
                .unwrap();
            let Some(AnyGame::Pacifist(game)) = new_game_with("pacifist", &options) else {
                panic!("pacifist is a variant");
            };
            assert_eq!(game.rules().measure, measure);
        }
        assert_eq!(options_of("losalamos"), [board_network::EVAL_FILE]);
        assert!(options_of("gravity").is_empty());
        assert!(options_of("no such game").is_empty());
    }

    /// An untrained network of `inputs` inputs, as a file in `dir`.
    fn network_file(dir: &std::path::Path, inputs: usize) -> std::path::PathBuf {
        use amity_engine::network::{TrainingSettings, train};
        let settings = TrainingSettings {
            epochs: 0,
            batch: 1,
            learning_rate: 0.001,
            decay: 1.0,
            centipawns: 174,
            adds_to_linear: false,
            penalty: 0.0,
            seed: 1,
        };
        let path = dir.join(format!("{inputs}.nnue"));
        std::fs::write(
            &path,
            train(inputs, &mut [], &settings, |_, _| {}).to_bytes(),
        )
        .unwrap();
        path
    }

    #[test]
    fn one_eval_file_serves_the_game_it_was_trained_for() {
        // Chess and Los Alamos both declare EvalFile: a Los Alamos network plays Los Alamos
        // and leaves chess its embedded network; a network for neither game is refused, the
        // choice before kept.
        let dir = std::env::temp_dir().join(format!("amity-eval-choice-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let los_alamos = network_file(&dir, losalamos::network::INPUTS);
        let mut options = VariantOptions::default();
        options
            .set("EvalFile", los_alamos.to_str().unwrap())
            .unwrap();
        let Some(AnyGame::LosAlamos(game)) = new_game_with("losalamos", &options) else {
            panic!("losalamos is a variant");
        };
        let chosen = losalamos::network::LosAlamosNetwork::chosen_by(los_alamos.to_str().unwrap());
        assert_eq!(game.rules(), &LosAlamos::with_network(chosen.unwrap()));
        assert!(game.rules() != &LosAlamos::default());
        let Some(AnyGame::Chess(chess)) = new_game_with("chess", &options) else {
            panic!("chess is a variant");
        };
        assert_eq!(chess.rules(), &Chess::default());
        let before = options.clone();
        let foreign = network_file(&dir, 100);
        let refused = options
            .set("EvalFile", foreign.to_str().unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("a network of 100 inputs is for none of these games")
                && refused.contains("chess has 768")
                && refused.contains("losalamos has 640"),
            "{refused}"
        );
        assert_eq!(options, before);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn games_with_the_same_inputs_tell_their_networks_apart_by_name() {
        // Chess and Moral Support number the same 768 inputs: a file named for Moral Support
        // plays Moral Support and leaves chess its embedded network; a file that names no game
        // (written before networks were named) is chess's, as it was.
        use amity_engine::network::Network;
        let dir = std::env::temp_dir().join(format!("amity-eval-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let unnamed = network_file(&dir, chess::network::INPUTS);
        let bytes = std::fs::read(&unnamed).unwrap();
        let named = dir.join("moralsupport.nnue");
        let moral = Network::from_bytes(&bytes)
            .unwrap()
            .for_game("moralsupport");
        std::fs::write(&named, moral.to_bytes()).unwrap();
        let built = |file: &std::path::Path| {
            let mut options = VariantOptions::default();
            options.set("EvalFile", file.to_str().unwrap()).unwrap();
            let Some(AnyGame::Chess(chess)) = new_game_with("chess", &options) else {
                panic!("chess is a variant");
            };
            let Some(AnyGame::MoralSupport(moral)) = new_game_with("moralsupport", &options) else {
                panic!("moralsupport is a variant");
            };
            (chess.rules().clone(), moral.rules().clone())
        };
        let (chess_game, moral_game) = built(&named);
        assert_eq!(chess_game, Chess::default());
        assert_eq!(
            moral_game,
            MoralSupport::with_network(moralsupport::MoralSupportNetwork::from_choice(
                &board_network::EvalChoice::File(std::sync::Arc::new(moral.clone()))
            ))
        );
        assert!(moral_game != MoralSupport::default());
        let (chess_game, moral_game) = built(&unnamed);
        assert!(chess_game != Chess::default());
        assert_eq!(moral_game, MoralSupport::default());
        // A file named for a game that plays no network is refused, naming it.
        let other = dir.join("gravity.nnue");
        std::fs::write(&other, moral.for_game("gravity").to_bytes()).unwrap();
        let refused = VariantOptions::default()
            .set("EvalFile", other.to_str().unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("a network for gravity with 768 inputs is for none of these games"),
            "{refused}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn chess_declares_its_network_as_a_player_option() {
        assert_eq!(
            options_of("chess"),
            [chess::network::EVAL_FILE, chess::UCI_CHESS960]
        );
        assert!(options_of("chess").iter().all(|spec| spec.player));
        // The referee neither imposes it nor records it.
        assert!(VariantOptions::default().rule_settings("chess").is_empty());
        let mut options = VariantOptions::default();
        options.set("evalfile", "linear").unwrap();
        let before = options.clone();
        let refused = options.set("EvalFile", "/no/such/network.nnue");
        assert!(
            matches!(refused, Err(OptionError::Unusable { .. })),
            "{refused:?}"
        );
        assert_eq!(options, before);
        let Some(AnyGame::Chess(game)) = new_game_with("chess", &options) else {
            panic!("chess is a variant");
        };
        assert_eq!(
            game.rules(),
            &Chess::with_network(chess::network::ChessNetwork::linear())
        );
    }

    #[test]
    fn a_bad_setting_is_refused_and_changes_nothing() {
        let mut options = VariantOptions::default();
        options.set("PacifistMeasure", "value").unwrap();
        let before = options.clone();
        assert_eq!(
            options
                .set("PacifistMeasure", "weight")
                .unwrap_err()
                .to_string(),
            "option 'PacifistMeasure' has no choice 'weight' (choices: count, value, average)"
        );
        assert_eq!(
            options.set("Hash", "64"),
            Err(OptionError::Unknown("Hash".into()))
        );
        assert_eq!(options, before);
        assert_eq!(
            options.get("PACIFISTMEASURE"),
            Some(OptionValue::Choice("value"))
        );
    }

    #[test]
    fn rule_settings_list_a_variants_options_with_their_values() {
        let mut options = VariantOptions::default();
        assert_eq!(
            options.rule_settings("pacifist"),
            vec![("PacifistMeasure", "count".to_string())]
        );
        options.set("PacifistMeasure", "Average").unwrap();
        assert_eq!(
            options.rule_settings("pacifist"),
            vec![("PacifistMeasure", "average".to_string())]
        );
        assert!(options.rule_settings("chess").is_empty());
        assert!(options.rule_settings("normal").is_empty());
    }
}
