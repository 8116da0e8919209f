//! The search's genericity over the variant hooks, checked on two toy games built from the
//! orthodox blocks: one where a coin is thrown after every move (chance nodes whose outcomes
//! differ in value), one where every turn is a move followed by a pass of the same side
//! (same-side plies; a pass counts as a ply, so depths are about doubled). Both must still find
//! forced mates, with 1 and 2 threads.

use std::sync::atomic::AtomicBool;

use amity_engine::orthodox::{self, Orthodox, STANDARD_PIECES};
use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{
    ChanceOutcome, FenError, Game, Identity, Kind, Move, MoveFlag, MoveList, Outcome, Position,
    Rules, Scratch, Square, zobrist,
};
use amity_variants::evaluation;

const RULES: Orthodox = Orthodox::FIDE;
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Chess where a coin is thrown after each move: heads changes nothing, tails gives the side
/// that just moved a small bonus in the evaluation (so outcomes differ and weights matter).
#[derive(Clone, Debug, Default)]
struct CoinChess;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Coin {
    pending: bool,
    tails: bool,
}

impl Rules for CoinChess {
    type State = Coin;

    fn identity(&self) -> Identity {
        Identity::new("coinchess", START_FEN, &STANDARD_PIECES)
    }
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        RULES.validate(pos)
    }
    fn state_hash(&self, state: &Coin) -> u64 {
        let mut hash = 0;
        if state.pending {
            hash ^= zobrist::variant(0);
        }
        if state.tails {
            hash ^= zobrist::variant(1);
        }
        hash
    }
    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if !pos.state.pending {
            RULES.generate(pos, moves, false);
        }
    }
    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        let before = self.state_hash(&pos.state);
        if mv.flag() == MoveFlag::Chance {
            pos.state = Coin {
                pending: false,
                tails: mv.kind() == Kind::new(1),
            };
        } else {
            RULES.play(pos, mv);
            pos.state = Coin {
                pending: true,
                tails: false,
            };
        }
        let after = self.state_hash(&pos.state);
        pos.toggle_hash(before ^ after);
    }
    fn in_check(&self, pos: &Position<Self>) -> bool {
        orthodox::checkers(pos).any()
    }
    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        RULES.no_move_outcome(pos)
    }
    fn chance(&self, pos: &Position<Self>, outcomes: &mut Vec<ChanceOutcome>) -> bool {
        if !pos.state.pending {
            return false;
        }
        outcomes.push(ChanceOutcome {
            outcome: Move::chance(Square::A1, Square::A1, Kind::new(0)),
            weight: 3,
        });
        outcomes.push(ChanceOutcome {
            outcome: Move::chance(Square::A1, Square::A1, Kind::new(1)),
            weight: 1,
        });
        true
    }
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        // Tails favours the side that just moved (not the side to move).
        evaluation::standard(pos) - if pos.state.tails { 30 } else { 0 }
    }
}

/// Chess where every turn is a move followed by a pass by the same side.
#[derive(Clone, Debug, Default)]
struct PassingChess;

impl Rules for PassingChess {
    type State = bool;

    fn identity(&self) -> Identity {
        Identity::new("passingchess", START_FEN, &STANDARD_PIECES)
    }
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        RULES.validate(pos)
    }
    fn state_hash(&self, pass_pending: &bool) -> u64 {
        if *pass_pending {
            zobrist::variant(0)
        } else {
            0
        }
    }
    fn generate_in(&self, pos: &Position<Self>, moves: &mut MoveList, _scratch: &mut Scratch) {
        if pos.state {
            moves.push(Move::pass());
        } else {
            RULES.generate(pos, moves, false);
        }
    }
    fn generate_tactical_in(
        &self,
        pos: &Position<Self>,
        moves: &mut MoveList,
        _scratch: &mut Scratch,
    ) {
        if pos.state {
            moves.push(Move::pass());
        } else {
            RULES.generate(pos, moves, true);
        }
    }
    fn is_tactical_in(&self, pos: &Position<Self>, mv: Move, _scratch: &mut Scratch) -> bool {
        mv.flag() == MoveFlag::Pass
            || mv.flag() == MoveFlag::Promotion
            || mv.flag() == MoveFlag::EnPassant
            || (mv.flag() == MoveFlag::Normal && pos.theirs().contains(mv.to()))
    }
    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        if mv.flag() == MoveFlag::Pass {
            pos.state = false;
            pos.toggle_hash(zobrist::variant(0));
            pos.flip_turn();
        } else {
            RULES.play(pos, mv);
            // The mover keeps the turn until it passes.
            pos.flip_turn();
            pos.state = true;
            pos.toggle_hash(zobrist::variant(0));
        }
    }
    fn in_check(&self, pos: &Position<Self>) -> bool {
        orthodox::checkers(pos).any()
    }
    fn no_move_outcome(&self, pos: &Position<Self>) -> Outcome {
        RULES.no_move_outcome(pos)
    }
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        evaluation::standard(pos)
    }
}

const MATES: [&str; 4] = [
    "3k4/pQ1r3p/n3Rp2/2P5/P5P1/BP4P1/2P3P1/6K1 w - - 0 29",
    "r1b1k3/ppp3qR/3p4/2N2p2/7Q/2PPP1P1/PP1N4/R3KB2 w Q - 2 24",
    "3k4/pQ1b1r1p/n3Rp2/2P5/P5P1/BP4P1/2P3P1/3R2K1 w - - 3 28",
    "r1bk4/ppp3qR/3p4/2N2p2/5Q2/2PPP1P1/PP1N4/R3KB2 w Q - 0 23",
];

fn search<R: Rules>(rules: R, fen: &str, depth: u32, threads: usize) -> (Move, Score, bool) {
    let game = Game::from_fen(rules, fen).expect("valid FEN");
    let mut searcher = Searcher::new(8, threads);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(3_000_000),
        ..Limits::default()
    };
    let result = searcher.search_game(&game, &limits, &stop, &mut |_| {});
    let legal = game.legal_moves().contains(result.best);
    (result.best, result.score, legal)
}

#[test]
fn chance_nodes_still_find_forced_mates() {
    for fen in MATES {
        let (best, score, legal) = search(CoinChess, fen, 12, 1);
        assert!(legal, "illegal {best:?} in {fen}");
        assert!(
            matches!(score, Score::Mate(n) if n > 0),
            "{score:?} in {fen}"
        );
        // With two threads the subtrees of the outcomes may be searched to different depths
        // when the node budget runs out: the mean of a mate and a big advantage is no mate
        // score, but it must still be a decisive win.
        let (best, score, legal) = search(CoinChess, fen, 12, 2);
        assert!(legal, "2 threads: illegal {best:?} in {fen}");
        assert!(
            matches!(score, Score::Mate(n) if n > 0)
                || matches!(score, Score::Centipawns(cp) if cp > 1500),
            "2 threads: {score:?} in {fen}"
        );
    }
}

#[test]
fn chance_values_are_weighted_means() {
    // A quiet position: the value is between the outcomes' values, not equal to either.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (_, score, legal) = search(CoinChess, fen, 3, 1);
    assert!(legal);
    assert!(
        matches!(score, Score::Centipawns(cp) if cp > 50),
        "{score:?}"
    );
}

#[test]
fn same_side_plies_still_find_forced_mates() {
    for fen in MATES {
        for threads in [1, 2] {
            let (best, score, legal) = search(PassingChess, fen, 24, threads);
            assert!(legal, "illegal {best:?} in {fen}");
            assert!(
                matches!(score, Score::Mate(n) if n > 0),
                "{threads} threads: {score:?} in {fen}"
            );
        }
    }
}
