//! A game in progress: the rules, the start position, the moves played and the positions
//! reached, with the draw rules every variant keeps (a move limit and a repetition rule, chess's
//! fifty moves and threefold unless the game says otherwise, and insufficient material) on
//! top of the variant's own game ends.

use std::fmt;

use crate::fen::FenError;
use crate::moves::{Move, MoveList};
use crate::notation::Notation;
use crate::position::Position;
use crate::rules::{ChanceOutcome, DrawReason, Outcome, Rules, RulesExt};

/// Why a move (or throw) token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The token is not a move in this variant's notation at all.
    Malformed(String),
    /// The token is well-formed but not legal in the position.
    Illegal(String),
    /// The game is already over.
    GameOver(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(token) => write!(f, "malformed move '{token}'"),
            MoveError::Illegal(token) => write!(f, "illegal move '{token}'"),
            MoveError::GameOver(token) => write!(f, "move '{token}' after the game has ended"),
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveError {
    /// The same error, reported for leg `index` (from 0) of the multi-decision `turn`.
    fn in_turn(self, turn: &str, index: usize) -> MoveError {
        let place = |leg: String| format!("{leg} (leg {} of {turn})", index + 1);
        match self {
            MoveError::Malformed(leg) => MoveError::Malformed(place(leg)),
            MoveError::Illegal(leg) => MoveError::Illegal(place(leg)),
            MoveError::GameOver(leg) => MoveError::GameOver(place(leg)),
        }
    }
}

/// Whether `token` looks like coordinate notation (`e2e4`, `e7e8q`, `N@c8`) at all.
fn looks_like_move(token: &str) -> bool {
    let bytes = token.as_bytes();
    let square = |b: &[u8]| b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit();
    (bytes.len() == 4 || bytes.len() == 5) && square(&bytes[0..2]) && square(&bytes[2..4])
        || token.contains('@') && token.len() <= 6
        || token.contains(':')
        || token == "0000"
}

/// How the game ends at `pos` by the position alone, before any draw rule: the game's
/// [`Rules::terminal`] outcome, or, with no chance pending and no decision left, its
/// [`Rules::no_move_outcome`]. `None` while play goes on. [`Game::outcome`] adds the draws
/// that need the clock, the history or a count.
pub fn position_end<R: Rules>(rules: &R, pos: &Position<R>) -> Option<Outcome> {
    if let Some(outcome) = rules.terminal(pos) {
        return Some(outcome);
    }
    let mut chance = Vec::new();
    if rules.chance(pos, &mut chance) {
        return None;
    }
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves.is_empty().then(|| rules.no_move_outcome(pos))
}

/// Finds the legal decision (or chance outcome) written as `token` in the position.
pub fn parse_move<R: Notation>(
    rules: &R,
    pos: &Position<R>,
    token: &str,
) -> Result<Move, MoveError> {
    let mut chance = Vec::new();
    if let Some(written) = rules.parse_written(pos, token) {
        return Ok(written);
    }
    let candidates: Vec<Move> = if rules.chance(pos, &mut chance) {
        chance.iter().map(|outcome| outcome.outcome).collect()
    } else {
        let mut moves = MoveList::new();
        rules.generate(pos, &mut moves);
        moves.as_slice().to_vec()
    };
    candidates
        .into_iter()
        .find(|mv| rules.format_move(*mv) == token)
        .ok_or_else(|| {
            // Tell a typo from a real move that the position does not allow.
            if looks_like_move(token) {
                MoveError::Illegal(token.to_string())
            } else {
                MoveError::Malformed(token.to_string())
            }
        })
}

/// A game: positions reached (for repetition) and the moves between them.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    rules: R,
    positions: Vec<Position<R>>,
    moves: Vec<Move>,
}

impl<R: Rules> Game<R> {
    /// A game from the variant's start position.
    pub fn new(rules: R) -> Game<R> {
        let start = Position::from_fen(&rules, rules.start_fen())
            .expect("every variant's start FEN is valid");
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// A game from a FEN.
    pub fn from_fen(rules: R, fen: &str) -> Result<Game<R>, FenError> {
        let start = Position::from_fen(&rules, fen)?;
        Ok(Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
        })
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position<R> {
        self.positions.last().expect("a game always has a position")
    }

    pub fn start_position(&self) -> &Position<R> {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Hashes of the positions since the last irreversible move, oldest first, the current
    /// one last (what repetition detection needs).
    pub fn repetition_history(&self) -> Vec<u64> {
        let mut history = Vec::new();
        let resets_are_irreversible = self.rules.draw_rules().resets_are_irreversible;
        for pos in self.positions.iter().rev() {
            history.push(pos.hash());
            if pos.halfmove_clock() == 0 && resets_are_irreversible {
                break;
            }
        }
        history.reverse();
        history
    }

    /// Legal decisions now (empty when chance must act or the game is over).
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.outcome().is_none() {
            self.rules.generate(self.position(), &mut moves);
        }
        moves
    }

    /// Chance outcomes pending now, if any.
    pub fn chance_outcomes(&self) -> Vec<ChanceOutcome> {
        let mut outcomes = Vec::new();
        self.rules.chance(self.position(), &mut outcomes);
        outcomes
    }

    /// Lets chance act: one of the pending outcomes drawn by `rng` with its weight (one
    /// `random_range` call, so a seeded generator gives the same throws everywhere), or `None`
    /// when no chance is pending.
    pub fn draw_chance(&self, rng: &mut impl rand::Rng) -> Option<Move> {
        let outcomes = self.chance_outcomes();
        let total: u64 = outcomes.iter().map(|o| u64::from(o.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut ticket = rng.random_range(0..total);
        for outcome in &outcomes {
            if ticket < u64::from(outcome.weight) {
                return Some(outcome.outcome);
            }
            ticket -= u64::from(outcome.weight);
        }
        None
    }

    /// Plays a decision already known to be legal.
    pub fn play_unchecked(&mut self, mv: Move) {
        let mut next = self.position().clone();
        self.rules.play(&mut next, mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes the last decision back; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// Whether the rules themselves leave no decision: the variant's own end, or no legal
    /// move (and no chance to act).
    pub fn is_finished_by_rules(&self) -> bool {
        let pos = self.position();
        if self.rules.terminal(pos).is_some() {
            return true;
        }
        let mut chance = Vec::new();
        if self.rules.chance(pos, &mut chance) {
            return false;
        }
        let mut moves = MoveList::new();
        self.rules.generate(pos, &mut moves);
        moves.is_empty()
    }

    /// How the game has ended, if it has: the variant's own ends first, then no legal move,
    /// then the draw rules every variant keeps.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(outcome) = position_end(&self.rules, pos) {
            return Some(outcome);
        }
        let draw_rules = self.rules.draw_rules();
        if draw_rules.move_limit_reached(pos.halfmove_clock()) {
            return Some(Outcome::Draw(match draw_rules.move_limit {
                Some(50) | None => DrawReason::FiftyMoves,
                Some(moves) => DrawReason::MoveLimit(moves),
            }));
        }
        if let Some(times) = draw_rules.repetitions {
            let history = self.repetition_history();
            let current = pos.hash();
            if history.iter().filter(|hash| **hash == current).count() >= times as usize {
                return Some(draw_rules.repetition_outcome(pos.turn()));
            }
        }
        if let Some(reason) = self.rules.position_draw(pos) {
            return Some(Outcome::Draw(reason));
        }
        None
    }
}

/// Moves read as the variant writes them.
impl<R: Notation> Game<R> {
    /// Plays a move or throw given in the variant's notation. On error nothing changes.
    ///
    /// Draws by repetition, fifty moves or material do not stop play here: a GUI that does
    /// not adjudicate them may go on, and the engine must follow. Only a game the rules have
    /// ended (no legal move, or the variant's own end) refuses further moves.
    ///
    /// A token of comma-separated legs (`d8d5,h8h6,n@c8`) is a turn made of several
    /// decisions by one side: each leg is played in order, and if any leg is refused the game
    /// is left exactly as it was (the error names the leg). The last leg's move is returned.
    pub fn play_token(&mut self, token: &str) -> Result<Move, MoveError> {
        let legs: Vec<String> = match self.rules.expand_turn(self.position(), token) {
            Some(legs) => legs,
            None if !token.contains(',') => return self.play_decision(token),
            None => token.split(',').map(str::to_string).collect(),
        };
        let mark = self.moves.len();
        let mut last = Move::NULL;
        for (index, leg) in legs.iter().enumerate() {
            let played = if leg.is_empty() {
                Err(MoveError::Malformed(leg.to_string()))
            } else {
                self.play_decision(leg)
            };
            match played {
                Ok(mv) => last = mv,
                Err(error) => {
                    while self.moves.len() > mark {
                        self.undo();
                    }
                    return Err(error.in_turn(token, index));
                }
            }
        }
        Ok(last)
    }

    /// Plays one decision (or throw) token.
    fn play_decision(&mut self, token: &str) -> Result<Move, MoveError> {
        if self.is_finished_by_rules() {
            return Err(MoveError::GameOver(token.to_string()));
        }
        let mv = parse_move(&self.rules, self.position(), token)?;
        let mut next = self.position().clone();
        self.rules.play_written(&mut next, mv, token);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(mv)
    }
}
