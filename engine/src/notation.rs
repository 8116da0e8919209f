//! How a game's decisions are written: the [`Notation`] hooks that turn a [`Move`] into its
//! token and a token (a decision, a whole turn) back into moves. The protocols, the referee's
//! records and the web page read and write moves through them; a [`Game`](crate::Game) reads
//! its move tokens with them.

use crate::moves::{Move, MoveFlag};
use crate::position::Position;
use crate::rules::{Rules, RulesExt};

/// How a game writes its decisions. The default is the protocols' coordinate notation
/// (`e2e4`, `e7e8q`, `N@c8`), one token per decision; a game implements the hooks where its
/// tokens say more than that.
pub trait Notation: Rules {
    /// A move in the protocol's coordinate notation (`e2e4`, `e7e8q`, `N@c8`).
    fn format_move(&self, mv: Move) -> String {
        let mut text = String::with_capacity(5);
        match mv.flag() {
            MoveFlag::Drop => {
                text.push_str(self.pieces()[mv.kind().index()].symbol);
                text.push('@');
                text.push_str(&mv.to().to_string());
            }
            MoveFlag::Pass => text.push_str("0000"),
            _ => {
                if mv.is_null() {
                    return "0000".into();
                }
                text.push_str(&mv.from().to_string());
                text.push_str(&mv.to().to_string());
                if mv.flag() == MoveFlag::Promotion {
                    text.push_str(&self.pieces()[mv.kind().index()].symbol.to_lowercase());
                }
            }
        }
        text
    }

    /// A decision token that says more than its [`Move`] can carry (a free clue word whose end
    /// letters are all the rules look at, a throw written by whoever ran the game where many
    /// raw throws lead to one chance outcome): the legal decision or pending chance outcome it
    /// stands for, or `None` to match the token against [`Notation::format_move`] as usual.
    /// Only legal decisions, and chance outcomes while chance is pending, may be answered.
    fn parse_written(&self, pos: &Position<Self>, token: &str) -> Option<Move> {
        let _ = (pos, token);
        None
    }

    /// Plays a legal decision as it was written: a variant that keeps the text of a decision
    /// in its state (the clue word a full state records) reads it here. Default:
    /// [`RulesExt::play`], the token says nothing more.
    fn play_written(&self, pos: &mut Position<Self>, mv: Move, token: &str) {
        let _ = token;
        self.play(pos, mv);
    }

    /// A whole turn written in the variant's record notation as the single decision tokens it
    /// stands for, when that notation is more than the decisions joined by `,` (a trailing
    /// move that names choices the decisions leave open). `None`: the token is split at `,`.
    fn expand_turn(&self, pos: &Position<Self>, token: &str) -> Option<Vec<String>> {
        let _ = (pos, token);
        None
    }
}
