//! Fuzz target: a variant, a start (its start position or the first line as a FEN) and move
//! tokens (the other lines, legs joined by commas allowed). Parsing never panics, a refused
//! token leaves the game as it was, an accepted one gives a position whose FEN round-trips.

#![no_main]

use amity_engine::{Game, Position};
use amity_variants::with_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let names = amity_variants::NAMES;
    let variant = names[usize::from(choice) % names.len()];
    let mut lines = text.lines();
    let fresh = amity_variants::new_game(variant).expect("registered variant");
    with_game!(fresh, g => {
        let mut game = g;
        // Odd choices start from the FEN on the first line (when it reads).
        if choice & 0x80 != 0 {
            let fen = lines.next().unwrap_or("");
            match Game::from_fen(game.rules().clone(), fen) {
                Ok(from_fen) => game = from_fen,
                Err(_) => return,
            }
        }
        for token in lines.flat_map(str::split_whitespace).take(64) {
            let rules = game.rules().clone();
            let before = (game.position().to_fen(&rules), game.moves().len());
            match game.play_token(token) {
                Ok(_) => {
                    let fen = game.position().to_fen(&rules);
                    let again = Position::from_fen(&rules, &fen)
                        .unwrap_or_else(|e| panic!("{variant}: own FEN '{fen}' refused: {e}"));
                    assert_eq!(again.hash(), game.position().hash(), "{variant}: {fen}");
                }
                Err(_) => {
                    let after = (game.position().to_fen(&rules), game.moves().len());
                    assert_eq!(after, before, "{variant}: refused '{token}' changed the game");
                }
            }
        }
    });
});
