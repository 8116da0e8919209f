//! Hidden information on Booster Chess through the real binary: a view is searched (several
//! worlds, one, the worst of several) and shown, and refused by perft.

use amity_variants::booster::START_FEN;

use crate::common;

#[test]
fn over_uci_a_view_is_searched_shown_and_refused_by_perft() {
    let view = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 \
                booster:e7w1:?5:2d8dTd4s2c8c:?24:3s";
    let mut engine = common::Engine::start();
    engine.send("uci");
    engine.send("setoption name UCI_Variant value booster");
    engine.send(&format!("position fen {view} moves a7a6,pass"));
    engine.send("d");
    let shown = engine.sync().join("\n");
    assert!(shown.contains("This is a view"), "{shown}");
    // Black passed with six checkers in front and six cards: nothing to draw, nothing seen.
    assert!(shown.contains(":?5:2d8dTd4s2c8c:?24:3s"), "{shown}");
    engine.send("go perft 1");
    let refused = engine.sync().join("\n");
    assert!(
        refused.contains("info string error: perft counts the decisions of a full state"),
        "{refused}"
    );
    // Several worlds, one, the worst of four (Booster's choice), the worst of two as asked.
    for (samples, worlds) in [("3", "0"), ("1", "1"), ("1", "0"), ("1", "2")] {
        engine.send(&format!("setoption name Samples value {samples}"));
        engine.send(&format!("setoption name WorstOf value {worlds}"));
        engine.send("go depth 3");
        let answer = engine.read_until(std::time::Duration::from_secs(30), |line| {
            line.starts_with("bestmove")
        });
        let bestmove = answer.last().expect("an answer");
        assert!(
            bestmove.ends_with("pass") || bestmove.contains(",add:"),
            "Samples {samples}, WorstOf {worlds}: {bestmove}"
        );
    }
    // A full state is shown with the mover's view beside it.
    engine.send(&format!("position fen {START_FEN}"));
    engine.send("d");
    let full = engine.sync().join("\n");
    assert!(full.contains("White's view: "), "{full}");
    assert!(full.contains(":6hKh3sQsKs9c:?6:?24:-"), "{full}");
}
