//! The piece-square network evaluation of the games played on one chess-like board (chess and
//! its setups, Los Alamos): which inputs a position activates (one per piece kind, side and
//! square, seen from each player's side of the board), the network a game plays with (the one
//! embedded in the build, a file the `EvalFile` option chose, or none), and the hidden layers a
//! search thread keeps for the last position it evaluated, updated by the pieces that changed
//! since rather than summed again.

use std::fmt::Debug;
use std::marker::PhantomData;
use std::sync::Arc;

use amity_engine::network::{Accumulator, HIDDEN, Network};
use amity_engine::{
    Bitboard, Color, Kind, OptionKind, OptionSpec, Position, Rules, Scratch, Square,
};

/// The option's value that chooses the network embedded in the build (its default; an empty
/// value chooses it too).
pub const EMBEDDED_NAME: &str = "embedded";
/// The option's value that turns the network off: the linear evaluation alone plays.
pub const LINEAR_ONLY: &str = "linear";
/// The option that chooses the network a game plays with: a file `amity train` wrote,
/// [`EMBEDDED_NAME`] or [`LINEAR_ONLY`]. It says how a player plays, not what the rules are.
/// A file trained for another game leaves this one with its embedded network, so one value
/// serves a GUI that switches games (as Fairy-Stockfish's does).
pub const EVAL_FILE: OptionSpec = OptionSpec {
    name: "EvalFile",
    player: true,
    kind: OptionKind::File {
        default: EMBEDDED_NAME,
    },
};

/// [`amity_engine::Learning::network_inputs`] for a game evaluated by a piece-square network,
/// written inside its `impl Learning`: the inputs of `$layout` (a [`BoardNetwork`]).
macro_rules! board_network_inputs {
    ($layout:ty) => {
        fn network_inputs(
            &self,
            pos: &amity_engine::Position<Self>,
            perspective: amity_engine::Color,
            inputs: &mut Vec<u16>,
        ) -> usize {
            let layout = <$layout as $crate::board_network::BoardNetwork>::LAYOUT;
            layout.active(pos, perspective, inputs);
            layout.inputs()
        }
    };
}
pub(crate) use board_network_inputs;

/// Most piece kinds a layout numbers (chess's six).
const MOST_KINDS: usize = 6;
/// More changed pieces than this since the kept position, and summing the layers afresh is
/// cheaper than updating them.
const MOST_CHANGES: u32 = 12;

/// How a game numbers its network's inputs: the viewer's own pieces (`kind * 64 + square`,
/// on the 64-square bitboard whatever the board's size), then the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSquares {
    /// The kinds that have inputs, in input order.
    pub kinds: &'static [Kind],
    /// The board's ranks: Black sees the board turned round over them.
    pub ranks: u32,
}

impl PieceSquares {
    /// How many inputs the network has.
    pub const fn inputs(&self) -> usize {
        2 * self.kinds.len() * 64
    }

    /// The input of a `color` piece of kind index `kind` on `square`, seen from `viewer`'s
    /// side: the board turned round for Black, so both players see their own pieces alike.
    fn input(&self, viewer: Color, color: Color, kind: usize, square: Square) -> u16 {
        let side = usize::from(color != viewer);
        let square = square as usize;
        let square = match viewer {
            Color::White => square,
            Color::Black => (self.ranks as usize - 1 - square / 8) * 8 + square % 8,
        };
        ((side * self.kinds.len() + kind) * 64 + square) as u16
    }

    /// The inputs active in `pos` seen from `viewer`'s side.
    pub fn active<R: Rules>(&self, pos: &Position<R>, viewer: Color, inputs: &mut Vec<u16>) {
        inputs.clear();
        for color in COLORS {
            for (index, &kind) in self.kinds.iter().enumerate() {
                for square in pos.pieces(color, kind) {
                    inputs.push(self.input(viewer, color, index, square));
                }
            }
        }
    }
}

/// A game evaluated by a piece-square network: how it numbers the inputs and the network it
/// ships with.
pub trait BoardNetwork: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The inputs.
    const LAYOUT: PieceSquares;
    /// The game's name: a network file that names a game is for that game alone.
    const GAME: &'static str;
    /// Whether a network file that names no game (written before networks named theirs) is
    /// for this game when it has its inputs: for the games that had networks then.
    const READS_UNNAMED: bool = false;

    /// Whether `network` is for this game.
    fn plays(network: &Network) -> bool {
        network.inputs() == Self::LAYOUT.inputs()
            && network
                .game()
                .map_or(Self::READS_UNNAMED, |game| game == Self::GAME)
    }

    /// The network embedded in the build, or none (the default) where the game's own
    /// evaluation plays alone unless a file is chosen.
    fn embedded() -> Option<Arc<Network>> {
        None
    }
}

/// What the `EvalFile` option chose, for every game that declares it: read once when the
/// option is set, then each game built takes its own network from it
/// ([`ChosenNetwork::from_choice`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EvalChoice {
    /// Each game's embedded network.
    #[default]
    Embedded,
    /// No network: the linear evaluation alone.
    Linear,
    /// A network read from a file, for the game whose inputs it has.
    File(Arc<Network>),
}

impl EvalChoice {
    /// The choice an [`EVAL_FILE`] value makes: [`EMBEDDED_NAME`] (or nothing), [`LINEAR_ONLY`],
    /// or the network in the file of that name, which one of `games` (each asked by
    /// [`BoardNetwork::plays`]) must play.
    ///
    /// # Errors
    /// Why the file cannot be read, or is not a network for any of `games`.
    pub fn read(value: &str, games: &[GameNetwork]) -> Result<EvalChoice, String> {
        match value.trim() {
            "" | EMBEDDED_NAME => Ok(EvalChoice::Embedded),
            LINEAR_ONLY => Ok(EvalChoice::Linear),
            path => {
                let bytes = std::fs::read(path)
                    .map_err(|error| format!("cannot read the file ({error})"))?;
                let network = Network::from_bytes(&bytes).map_err(|error| error.to_string())?;
                if games.iter().any(|game| (game.plays)(&network)) {
                    return Ok(EvalChoice::File(Arc::new(network)));
                }
                let known: Vec<String> = games
                    .iter()
                    .map(|game| format!("{} has {}", game.name, game.inputs))
                    .collect();
                let what = match network.game() {
                    Some(game) => format!("for {game} with {} inputs", network.inputs()),
                    None => format!("of {} inputs", network.inputs()),
                };
                Err(format!(
                    "a network {what} is for none of these games ({})",
                    known.join(", ")
                ))
            }
        }
    }
}

/// A game that declares [`EVAL_FILE`], as [`EvalChoice::read`] asks it whether a file is its.
#[derive(Clone, Copy, Debug)]
pub struct GameNetwork {
    pub name: &'static str,
    pub inputs: usize,
    pub plays: fn(&Network) -> bool,
}

impl GameNetwork {
    /// `G` as a game that reads network files.
    pub const fn of<G: BoardNetwork>() -> GameNetwork {
        GameNetwork {
            name: G::GAME,
            inputs: G::LAYOUT.inputs(),
            plays: G::plays,
        }
    }
}

/// The network game `G` plays with, or none (the linear evaluation alone), shared by every
/// game built from one choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenNetwork<G: BoardNetwork> {
    network: Option<Arc<Network>>,
    game: PhantomData<G>,
}

impl<G: BoardNetwork> Default for ChosenNetwork<G> {
    /// The embedded network.
    fn default() -> ChosenNetwork<G> {
        ChosenNetwork {
            network: G::embedded(),
            game: PhantomData,
        }
    }
}

impl<G: BoardNetwork> ChosenNetwork<G> {
    /// No network: the linear evaluation plays alone.
    pub const fn linear() -> ChosenNetwork<G> {
        ChosenNetwork {
            network: None,
            game: PhantomData,
        }
    }

    /// `network`, which `G` plays.
    fn of(network: Arc<Network>) -> ChosenNetwork<G> {
        ChosenNetwork {
            network: Some(network),
            game: PhantomData,
        }
    }

    /// `G`'s network as `choice` has it: a file's network where it is `G`'s, else (another
    /// game's file) the embedded one.
    pub fn from_choice(choice: &EvalChoice) -> ChosenNetwork<G> {
        match choice {
            EvalChoice::Embedded => ChosenNetwork::default(),
            EvalChoice::Linear => ChosenNetwork::linear(),
            EvalChoice::File(network) if G::plays(network) => {
                ChosenNetwork::of(Arc::clone(network))
            }
            EvalChoice::File(_) => ChosenNetwork::default(),
        }
    }

    /// The network an [`EVAL_FILE`] value chooses for `G` alone.
    ///
    /// # Errors
    /// Why the file cannot be read, or is not a network for `G`.
    pub fn chosen_by(value: &str) -> Result<ChosenNetwork<G>, String> {
        match EvalChoice::read(value, &[GameNetwork::of::<G>()])? {
            EvalChoice::File(network) => Ok(ChosenNetwork::of(network)),
            choice => Ok(ChosenNetwork::from_choice(&choice)),
        }
    }

    /// The network, or none when the linear evaluation plays alone.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The network as the games that play with it share it (see [`evaluate_in`]).
    pub fn shared(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// The evaluation of `pos` (side to move) by a game whose network, where it plays one,
    /// corrects `classical`: the network's value with `classical` added, or `classical` alone.
    pub fn evaluate_in<R: Rules>(
        &self,
        pos: &Position<R>,
        scratch: &mut Scratch,
        classical: impl FnOnce() -> i32,
    ) -> i32 {
        match self.shared() {
            Some(network) => evaluate_in(&G::LAYOUT, network, pos, scratch, classical),
            None => classical(),
        }
    }
}

/// The network embedded in the build for `layout`, read from its bytes. Bytes that are no
/// network for the layout are a broken build, which each game's test of its embedded network
/// would have caught.
pub fn embedded_network(bytes: &[u8], layout: &PieceSquares) -> Network {
    let network = Network::from_bytes(bytes).expect("the embedded network is checked by a test");
    assert_eq!(
        network.inputs(),
        layout.inputs(),
        "the embedded network has its game's inputs"
    );
    network
}

/// `network`'s evaluation of `pos` from the side to move's point of view, summed afresh,
/// with `linear` (the game's linear evaluation, side to move) added where the network was
/// trained as a correction to it.
pub fn evaluate<R: Rules>(
    layout: &PieceSquares,
    network: &Network,
    pos: &Position<R>,
    linear: impl FnOnce() -> i32,
) -> i32 {
    let mut layers = Layers::default();
    layers.refresh(layout, network, pos);
    layers.value(network, pos, linear)
}

/// [`evaluate`] with the thread's kept layers, which start afresh when they were kept for
/// another network (a search thread outlives the games it searches, and `EvalFile` may
/// change between them).
pub fn evaluate_in<R: Rules>(
    layout: &PieceSquares,
    network: &Arc<Network>,
    pos: &Position<R>,
    scratch: &mut Scratch,
    linear: impl FnOnce() -> i32,
) -> i32 {
    let layers = scratch.get::<Layers>();
    if !layers.summed_with(network) {
        *layers = Layers {
            network: Some(Arc::clone(network)),
            ..Layers::default()
        };
    }
    layers.update(layout, network, pos);
    layers.value(network, pos, linear)
}

/// The hidden layers of the last position evaluated, with its pieces.
struct Layers {
    /// Piece bitboards by colour (White first) and the layout's kind index.
    boards: [[Bitboard; MOST_KINDS]; 2],
    /// White's view, then Black's.
    views: [Accumulator; 2],
    /// Whether the layers belong to `boards` (false before the first position).
    kept: bool,
    /// The network the layers are summed with. Held, not just named: while the layers hold
    /// it, no other network can come to live at its address and pass for it. A network's
    /// inputs fix its layout, so the network also names the layout the boards follow.
    network: Option<Arc<Network>>,
}

impl Default for Layers {
    fn default() -> Layers {
        Layers {
            boards: [[Bitboard::EMPTY; MOST_KINDS]; 2],
            views: [[0; HIDDEN]; 2],
            kept: false,
            network: None,
        }
    }
}

const COLORS: [Color; 2] = [Color::White, Color::Black];

impl Layers {
    fn summed_with(&self, network: &Arc<Network>) -> bool {
        self.network
            .as_ref()
            .is_some_and(|summed| Arc::ptr_eq(summed, network))
    }

    fn refresh<R: Rules>(&mut self, layout: &PieceSquares, network: &Network, pos: &Position<R>) {
        let mut active = Vec::with_capacity(32);
        for (view, viewer) in COLORS.into_iter().enumerate() {
            layout.active(pos, viewer, &mut active);
            self.views[view] = network.accumulate(&active);
        }
        for (side, color) in COLORS.into_iter().enumerate() {
            for (index, &kind) in layout.kinds.iter().enumerate() {
                self.boards[side][index] = pos.pieces(color, kind);
            }
        }
        self.kept = true;
    }

    /// Brings the layers to `pos` by the pieces that left or reached a square.
    fn update<R: Rules>(&mut self, layout: &PieceSquares, network: &Network, pos: &Position<R>) {
        let mut changes = 0;
        if self.kept {
            for (side, color) in COLORS.into_iter().enumerate() {
                for (index, &kind) in layout.kinds.iter().enumerate() {
                    changes += (self.boards[side][index] ^ pos.pieces(color, kind)).count() as u32;
                }
            }
        }
        if !self.kept || changes > MOST_CHANGES {
            self.refresh(layout, network, pos);
            return;
        }
        for (side, color) in COLORS.into_iter().enumerate() {
            for (index, &kind) in layout.kinds.iter().enumerate() {
                let (before, now) = (self.boards[side][index], pos.pieces(color, kind));
                for square in before & !now {
                    for (view, viewer) in COLORS.into_iter().enumerate() {
                        let input = layout.input(viewer, color, index, square);
                        network.remove(&mut self.views[view], input);
                    }
                }
                for square in now & !before {
                    for (view, viewer) in COLORS.into_iter().enumerate() {
                        let input = layout.input(viewer, color, index, square);
                        network.add(&mut self.views[view], input);
                    }
                }
                self.boards[side][index] = now;
            }
        }
    }

    fn value<R: Rules>(
        &self,
        network: &Network,
        pos: &Position<R>,
        linear: impl FnOnce() -> i32,
    ) -> i32 {
        let [white, black] = &self.views;
        let value = match pos.turn() {
            Color::White => network.evaluate(white, black),
            Color::Black => network.evaluate(black, white),
        };
        if network.adds_to_linear() {
            value + linear()
        } else {
            value
        }
    }
}

/// What the games' network tests share: positions to walk and a network taught on them.
#[cfg(test)]
pub(crate) mod testing {
    use amity_engine::network::{Network, TrainingSample, TrainingSettings, train};
    use amity_engine::{Game, MoveList, Position, Rules, RulesExt};

    use super::PieceSquares;

    /// Every position within `depth` plies of each of `fens`.
    pub fn tree<R: Rules>(rules: &R, fens: &[&str], depth: u32) -> Vec<Position<R>> {
        fn walk<R: Rules>(rules: &R, pos: &Position<R>, depth: u32, found: &mut Vec<Position<R>>) {
            found.push(pos.clone());
            if depth == 0 {
                return;
            }
            let mut moves = MoveList::new();
            rules.generate(pos, &mut moves);
            for &mv in moves.as_slice() {
                let mut child = pos.clone();
                rules.play(&mut child, mv);
                walk(rules, &child, depth - 1, found);
            }
        }
        let mut found = Vec::new();
        for fen in fens {
            let game = Game::from_fen(rules.clone(), fen).expect("valid FEN");
            walk(rules, game.position(), depth, &mut found);
        }
        found
    }

    /// A network trained for a few epochs to agree with `value` (side to move) on `positions`:
    /// real weights of the real layout, to test a game's side with.
    pub fn taught<R: Rules>(
        layout: &PieceSquares,
        positions: &[Position<R>],
        value: impl Fn(&Position<R>) -> i32,
        seed: u64,
    ) -> Network {
        let mut samples: Vec<TrainingSample> = positions
            .iter()
            .map(|pos| {
                let (mut ours, mut theirs) = (Vec::new(), Vec::new());
                layout.active(pos, pos.turn(), &mut ours);
                layout.active(pos, !pos.turn(), &mut theirs);
                let value = value(pos) as f32;
                TrainingSample {
                    ours,
                    theirs,
                    target: 1.0 / (1.0 + (-value / 174.0).exp()),
                    base: 0.0,
                }
            })
            .collect();
        let settings = TrainingSettings {
            epochs: 4,
            batch: 256,
            learning_rate: 0.002,
            decay: 0.9,
            centipawns: 174,
            adds_to_linear: false,
            penalty: 0.0,
            seed,
        };
        train(layout.inputs(), &mut samples, &settings, |_, _| {})
    }
}
