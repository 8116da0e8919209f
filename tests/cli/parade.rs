//! Parade Chess Solitaire through the real binary: `go perft` on the test deal (a view is
//! refused), and `go` answering the next action from a view and, with `ParadeOpen`, the first
//! action of an optimal line.

use std::sync::atomic::AtomicBool;

use amity_engine::{Game, MoveList, Notation, Position, RulesExt, SolveLimits, SolverMemory};
use amity_variants::parade::{self, Parade};
use amity_variants::solitaire::solver::{self, Table};

use crate::common::Engine;

const HIDDEN: Parade = Parade { open: false };
const OPEN: Parade = Parade { open: true };

fn position(fen: &str) -> Position<Parade> {
    Position::from_fen(&HIDDEN, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn decisions(pos: &Position<Parade>) -> Vec<String> {
    let mut moves = MoveList::new();
    HIDDEN.generate(pos, &mut moves);
    let mut tokens: Vec<String> = moves.iter().map(|mv| HIDDEN.format_move(*mv)).collect();
    tokens.sort();
    tokens
}

fn limits<'a>(stop: &'a AtomicBool, memory: &'a SolverMemory) -> SolveLimits<'a> {
    SolveLimits {
        deadline: None,
        nodes: None,
        depth: Some(1),
        stop,
        memory,
    }
}

#[test]
fn go_perft_counts_the_test_deal() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value parade");
    engine.send("position startpos");
    let (divide, total) = engine.perft(2);
    assert_eq!(total, 922);
    assert_eq!(divide.len(), 25);
    assert!(
        divide.iter().any(|line| line.starts_with("N@a5: ")),
        "{divide:?}"
    );
    // A view cannot be counted: its cards are unknown.
    engine.send("position fen 8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0");
    engine.send("go perft 1");
    let said = engine.sync();
    assert!(
        said.iter().any(|l| l.contains("this position is a view")),
        "{said:?}"
    );
}

#[test]
fn uci_go_answers_the_next_action_from_a_view() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value parade");
    engine.send("position fen 8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0");
    engine.send("go movetime 3000");
    let said = engine.read_until(std::time::Duration::from_secs(30), |l| {
        l.starts_with("bestmove")
    });
    let best = said
        .last()
        .unwrap()
        .trim_start_matches("bestmove ")
        .to_string();
    let view = position("8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0");
    assert!(decisions(&view).contains(&best), "{said:?}");
    assert!(
        said.iter().any(|l| l.contains("expected score")),
        "{said:?}"
    );
    // With the pile open the answer is the first action of an optimal line, scored exactly.
    engine.send("setoption name ParadeOpen value true");
    engine.send("position startpos");
    engine.send("go depth 1");
    let said = engine.read_until(std::time::Duration::from_secs(30), |l| {
        l.starts_with("bestmove")
    });
    assert!(said.iter().any(|l| l.contains("score cp 400")), "{said:?}");
    assert!(said.iter().any(|l| l == "info string score 4"), "{said:?}");
    let best = said
        .last()
        .unwrap()
        .trim_start_matches("bestmove ")
        .to_string();
    let mut game = Game::from_fen(OPEN, parade::START_FEN).unwrap();
    game.play_token(&best).unwrap();
    let table = Table::new(16);
    let stop = AtomicBool::new(false);
    let memory = SolverMemory::new();
    let rest = solver::solve_open(
        &OPEN,
        game.position(),
        &table,
        limits(&stop, &memory),
        false,
    );
    assert_eq!(rest.cost, Some(3), "{best} keeps the optimum");
}

/// With the pile spent and no win left, the game goes on while the rules offer decisions:
/// the solver proves the loss and still answers one of them (it answered `0000`, which the
/// referee counts as an illegal move).
#[test]
fn a_proven_loss_still_answers_a_legal_decision() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value parade");
    let fen = "8/5r2/4K2b/3Q1N2/1b3R2/kn1B2B1/1r6/1n3R2 w - - 0 1 parade:-:14";
    engine.send(&format!("position fen {fen}"));
    let (divide, _) = engine.perft(1);
    for go in ["go depth 2", "go wtime 32 btime 500 winc 20 binc 20"] {
        engine.send(go);
        let said = engine.read_until(std::time::Duration::from_secs(30), |l| {
            l.starts_with("bestmove")
        });
        let best = said
            .last()
            .unwrap()
            .trim_start_matches("bestmove ")
            .to_string();
        assert!(
            divide
                .iter()
                .any(|line| line.starts_with(&format!("{best}: "))),
            "{go}: {best} is not among {divide:?}"
        );
    }
}
