//! CHESS with LOVE through the real binary: throws in a `position` command give the position
//! that playing the tokens one by one in the library gives.

use amity_engine::game::parse_move;
use amity_engine::{Game, MoveList, Notation, Position, Rules, RulesExt, Square};
use amity_variants::Love;
use amity_variants::love::LoveNetwork;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::common;

const RULES: Love = Love::with_network(LoveNetwork::linear());

fn pos(fen: &str) -> Position<Love> {
    Position::from_fen(&RULES, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen(pos: &Position<Love>) -> String {
    pos.to_fen(&RULES)
}

#[test]
fn throws_in_a_position_command_match_move_by_move_play() {
    // A seeded random game that kills lovers often, throws written as random coordinates.
    let mut rng = StdRng::seed_from_u64(16);
    let mut tokens: Vec<String> = Vec::new();
    let mut p = pos(RULES.start_fen());
    while tokens.len() < 80 {
        let mut outcomes = Vec::new();
        if RULES.chance(&p, &mut outcomes) {
            let (a, b) = (
                Square::new(rng.random_range(0..64)),
                Square::new(rng.random_range(0..64)),
            );
            tokens.push(format!("roll:{a}{b}"));
        } else {
            let mut moves = MoveList::new();
            RULES.generate(&p, &mut moves);
            let Some(&first) = moves.as_slice().first() else {
                break;
            };
            let kill = moves
                .iter()
                .copied()
                .find(|mv| p.state.lovers().contains(mv.to()));
            let mv = match kill {
                Some(kill) if rng.random_bool(0.8) => kill,
                _ => *moves.as_slice().choose(&mut rng).unwrap_or(&first),
            };
            tokens.push(RULES.format_move(mv));
        }
        let mv = parse_move(&RULES, &p, tokens.last().unwrap()).unwrap();
        RULES.play(&mut p, mv);
    }
    assert!(
        tokens.iter().filter(|t| t.starts_with("roll:")).count() >= 3,
        "{tokens:?}"
    );
    // Library, one token at a time through the chance outcomes themselves.
    let mut game = Game::new(RULES);
    for token in &tokens {
        let outcomes = game.chance_outcomes();
        if token.starts_with("roll:") {
            let mv = parse_move(&RULES, game.position(), token).unwrap();
            let wanted = {
                let mut set = [mv.from(), mv.to()];
                set.sort();
                set
            };
            // The throw's couple is among the grouped outcomes.
            assert!(outcomes.iter().any(|o| {
                let mut set = [o.outcome.from(), o.outcome.to()];
                set.sort();
                set == wanted
            }));
            game.play_unchecked(mv);
        } else {
            assert!(outcomes.is_empty());
            game.play_token(token).unwrap();
        }
    }
    let expected = fen(game.position());
    let key = format!("Key: {:016X}", game.position().hash());
    // The binary, all at once.
    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value love");
    engine.send(&format!("position startpos moves {}", tokens.join(" ")));
    assert!(engine.sync().iter().all(|l| !l.contains("error")));
    engine.send("d");
    let lines = engine.read_until(std::time::Duration::from_secs(10), |l| {
        l.starts_with("Key:")
    });
    assert!(
        lines.iter().any(|l| *l == format!("Fen: {expected}")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), &key);
    // And move by move.
    let mut engine = common::Engine::start();
    engine.send("setoption name UCI_Variant value love");
    for n in 1..=tokens.len() {
        engine.send(&format!(
            "position startpos moves {}",
            tokens[..n].join(" ")
        ));
    }
    assert_eq!(engine.fen(), expected);
    // A roll where none is pending, or a move where a roll is, is refused.
    engine.send("position startpos moves e2e4");
    assert!(engine.sync().iter().any(|l| l.contains("error")));
    engine.send("position startpos moves roll:e4d5 roll:e4d5");
    assert!(engine.sync().iter().any(|l| l.contains("error")));
}
