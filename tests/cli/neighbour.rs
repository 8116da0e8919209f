//! Neighbour Chess Solitaire through the real binary: `go perft` on the test deal, and `go`
//! answering the next action from a view and, with `NeighbourOpen`, from the open deal.

use crate::common::Engine;

fn sorted(mut tokens: Vec<String>) -> Vec<String> {
    tokens.sort();
    tokens
}

#[test]
fn go_perft_counts_the_test_deal() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value neighbour");
    engine.send("position startpos");
    let (divide, total) = engine.perft(8);
    assert_eq!(total, 615);
    assert_eq!(divide, vec!["B@a5: 615".to_string()]);
    engine.send("position startpos moves B@a5 r@a7");
    let (divide, total) = engine.perft(1);
    assert_eq!(total, 2);
    assert_eq!(
        sorted(divide),
        vec!["r@e7: 1".to_string(), "stop: 1".to_string()]
    );
}

#[test]
fn uci_go_answers_the_next_action_from_a_view() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value neighbour");
    engine.send("position fen 8/8/8/B7/8/8/8/r7 w - - 0 1 neighbour:?KQRRBNNkqrbbnn:?2r2r3r3r4r4r5r5r6r6r2b3b3b4b4b5b5b6b6b:a7:a");
    let said = engine.sync();
    assert!(
        said.iter().any(|l| l.contains("error")),
        "a7 is empty: {said:?}"
    );
    engine.send("position fen 8/r7/8/B7/8/8/8/8 w - - 0 1 neighbour:?KQRRBNNkqrbbnn:?2r2r3r3r4r4r5r5r6r6r2b3b3b4b4b5b5b6b6b:a7:a");
    engine.send("go depth 0");
    let said = engine.read_until(std::time::Duration::from_secs(60), |l| {
        l.starts_with("bestmove")
    });
    assert_eq!(
        said.last().map(String::as_str),
        Some("bestmove add"),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l.contains("expected score")),
        "{said:?}"
    );
    engine.send("setoption name NeighbourOpen value true");
    engine.send("position startpos");
    engine.send("go depth 1");
    let said = engine.read_until(std::time::Duration::from_secs(60), |l| {
        l.starts_with("bestmove")
    });
    assert!(said.iter().any(|l| l == "info string score 24"), "{said:?}");
    assert_eq!(said.last().map(String::as_str), Some("bestmove B@a5"));
}
