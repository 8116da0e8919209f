//! Fuzz target: any text as a FEN in every variant. Reading never panics; a FEN that reads
//! writes a FEN that reads back to the same position (same FEN, same hash), and so does each
//! side's view of it.

#![no_main]

use amity_engine::{Color, Position, Rules};
use amity_variants::with_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(fen) = std::str::from_utf8(data) else {
        return;
    };
    for variant in amity_variants::NAMES {
        let game = amity_variants::new_game(variant).expect("registered variant");
        with_game!(game, g => {
            let rules = g.rules();
            if let Ok(pos) = Position::from_fen(rules, fen) {
                let written = pos.to_fen(rules);
                let again = Position::from_fen(rules, &written)
                    .unwrap_or_else(|e| panic!("{variant}: '{fen}' reads, its FEN '{written}' not: {e}"));
                assert_eq!(again.to_fen(rules), written, "{variant}: FEN of '{fen}'");
                assert_eq!(again.hash(), pos.hash(), "{variant}: hash of '{fen}'");
                for seat in [Color::White, Color::Black] {
                    let view = rules.view(&pos, seat).to_fen(rules);
                    let read = Position::from_fen(rules, &view).unwrap_or_else(|e| {
                        panic!("{variant}: {seat:?}'s view '{view}' of '{fen}' does not read: {e}")
                    });
                    assert_eq!(read.to_fen(rules), view, "{variant}: {seat:?}'s view of '{fen}'");
                }
            }
        });
    }
});
