//! Gravity Chess through the real binary: `go perft` prints divide lines, and `bestmove` is a
//! whole turn that replays.

use amity_engine::{Color, Game};
use amity_variants::Gravity;

use crate::common::Engine;

#[test]
fn go_perft_prints_divide_lines() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value gravity");
    engine.send("position startpos");
    let (divide, total) = engine.perft(3);
    assert_eq!(total, 176);
    assert_eq!(divide.len(), 8);
    assert_eq!(divide[0], "k@a8: 16");
    assert_eq!(divide[1], "k@b8: 24");
    // A flip token in the list overrides perft's fixed flip.
    engine.send("position startpos moves flip:p");
    let (divide, total) = engine.perft(2);
    assert_eq!(divide[0], "p@a8: 2");
    assert_eq!(total, 16);
}

#[test]
fn bestmove_is_a_whole_turn_that_replays() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value gravity");
    let moves = "flip:k k@d8 flip:Q d8c7,Q@e8 flip:r";
    engine.send(&format!("position startpos moves {moves}"));
    engine.send("go depth 3");
    let lines = engine.read_until(std::time::Duration::from_secs(60), |l| {
        l.starts_with("bestmove")
    });
    let turn = lines.last().unwrap()["bestmove ".len()..].to_string();
    assert!(
        turn.contains(',') && turn.ends_with(|c: char| c.is_ascii_digit()),
        "{turn}"
    );
    let mut game = Game::new(Gravity);
    for token in moves.split(' ') {
        game.play_token(token).expect(token);
    }
    game.play_token(&turn).expect("the engine's turn is legal");
    assert_eq!(game.position().turn(), Color::Black);
    engine.send(&format!("position startpos moves {moves} {turn}"));
    let errors: Vec<String> = engine
        .sync()
        .into_iter()
        .filter(|l| l.contains("error"))
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    // `d` shows the decks and the stacked pieces.
    engine.send("d");
    let shown = engine.read_until(std::time::Duration::from_secs(10), |l| {
        l.starts_with("Black score")
    });
    assert!(shown.iter().any(|l| l.starts_with("White's deck holds")));
    assert!(shown.iter().any(|l| l.starts_with("Stacked:")));
}
