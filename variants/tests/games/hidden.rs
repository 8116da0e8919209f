//! Hidden information on Booster Chess: a seat's view as RULES.md writes it, views that follow
//! the other side's public decisions, sampling that keeps to the view, and a search whose
//! answer depends on the view alone.

use crate::common;

use std::sync::atomic::AtomicBool;

use amity_engine::search::{HiddenInformation, Limits, Searcher, Strength};
use amity_engine::{Color, Game, HiddenDecision, Notation, Position, Rules};
use amity_variants::booster::{self, Booster, START_FEN};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn position(fen: &str) -> Position<Booster> {
    Position::from_fen(&Booster, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn view_fen(pos: &Position<Booster>, seat: Color) -> String {
    Booster.view(pos, seat).to_fen(&Booster)
}

/// Resolves a pending reshuffle in a random order, as a referee would.
fn shuffle_if_owed(game: &mut Game<Booster>, rng: &mut StdRng) {
    if game.chance_outcomes().is_empty() {
        return;
    }
    let mut cards: Vec<String> = (game.position().state.discard.cards().iter())
        .map(|card| card.to_string())
        .collect();
    cards.shuffle(rng);
    booster::play_record_token(game, &format!("shuffle:{}", cards.concat()))
        .expect("a shuffle of the discard pile");
}

/// Plays one random turn (normal move, some steps, the closing add or pass); the tokens.
fn random_turn(game: &mut Game<Booster>, rng: &mut StdRng) -> Option<Vec<String>> {
    let mover = game.position().turn();
    let mut tokens = Vec::new();
    while game.position().turn() == mover && game.outcome().is_none() {
        let moves = game.legal_moves();
        let &mv = moves
            .as_slice()
            .get(rng.random_range(0..moves.len().max(1)))?;
        let token = Booster.format_move(mv);
        game.play_token(&token).expect("a generated decision");
        tokens.push(token);
    }
    Some(tokens)
}

/// Random games from fresh deals: the full state at the start of every turn.
fn random_positions(count: usize, seed: u64) -> Vec<Position<Booster>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    while positions.len() < count {
        let deal = Booster.deal(&mut rng).expect("booster deals");
        let mut game = Game::from_fen(Booster, &deal.to_fen(&Booster)).expect("a dealt FEN");
        let turns = rng.random_range(2..60);
        for _ in 0..turns {
            shuffle_if_owed(&mut game, &mut rng);
            if game.outcome().is_some() || random_turn(&mut game, &mut rng).is_none() {
                break;
            }
        }
        shuffle_if_owed(&mut game, &mut rng);
        if game.outcome().is_none() {
            positions.push(game.position().clone());
        }
    }
    positions
}

#[test]
fn the_view_hides_the_other_hand_and_the_draw_pile_as_rules_md_writes_it() {
    let mut game = Game::from_fen(Booster, START_FEN).unwrap();
    game.play_token("e2e4").unwrap();
    game.play_token("add:3s@e7").unwrap();
    let view = view_fen(game.position(), Color::Black);
    assert_eq!(
        view,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 \
         booster:e7w1:?5:2d8dTd4s2c8c:?24:3s"
    );
    // A view reads back as the same view, and is a view.
    let again = position(&view);
    assert!(Booster.is_view(&again));
    assert!(!Booster.is_view(game.position()));
    assert_eq!(again.to_fen(&Booster), view);
    assert_eq!(again.hash(), again.fresh_hash(&Booster));
    // White's view of the same moment shows White's hand and hides Black's.
    assert_eq!(
        view_fen(game.position(), Color::White).split(' ').nth(6),
        Some("booster:e7w1:6hKhQsKs9c:?6:?24:3s")
    );
}

#[test]
fn bad_views_are_refused_with_reasons() {
    let base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for (field, expected) in [
        ("booster:-:6hKh3sQsKs9c:?6:?23:-", "accounts for 35 cards"),
        ("booster:-:6hKh3sQsKs9c:?x:?24:-", "number of unknown cards"),
        ("booster:-:6hKh3sQsKs9c:?6:2d?23:-", "?<count> alone"),
        (
            "booster:-:6hKh3sQsKs9c:?99:?24:-",
            "number of unknown cards",
        ),
    ] {
        let fen = format!("{base} {field}");
        let error = Position::<Booster>::from_fen(&Booster, &fen)
            .expect_err(&fen)
            .to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
}

#[test]
fn a_view_follows_the_other_sides_public_decisions_to_the_next_view() {
    // What the referee relies on: a seat given its view when the other side's turn begins,
    // then that side's decisions, holds exactly its view of the new full state, reshuffles
    // and unknown cards played included.
    let mut rng = StdRng::seed_from_u64(0x5EA7);
    let mut turns = 0;
    let mut unseen_adds = 0;
    let mut reshuffles = 0;
    for _ in 0..40 {
        let deal = Booster.deal(&mut rng).unwrap();
        let mut game = Game::from_fen(Booster, &deal.to_fen(&Booster)).unwrap();
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            let watcher = !game.position().turn();
            let before = view_fen(game.position(), watcher);
            let Some(tokens) = random_turn(&mut game, &mut rng) else {
                break;
            };
            if !game.chance_outcomes().is_empty() {
                reshuffles += 1;
            }
            shuffle_if_owed(&mut game, &mut rng);
            let mut followed = Game::from_fen(Booster, &before).expect("a view reads");
            for token in &tokens {
                if token.starts_with("add:") && !before.contains(&token[4..6]) {
                    unseen_adds += 1;
                }
                followed
                    .play_token(token)
                    .unwrap_or_else(|e| panic!("{token} on {before}: {e}"));
            }
            assert_eq!(
                followed.position().to_fen(&Booster),
                view_fen(game.position(), watcher),
                "after {tokens:?} from {before}"
            );
            turns += 1;
        }
    }
    assert!(turns > 1000, "{turns} turns");
    assert!(unseen_adds > 50, "{unseen_adds} adds of unseen cards");
    assert!(reshuffles > 0, "no reshuffle");
}

#[test]
fn sampled_states_keep_to_the_view_and_vary_what_it_hides() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut differing = 0;
    for full in random_positions(200, 11) {
        let seat = full.turn();
        let view = Booster.view(&full, seat);
        let world = Booster.sample_state(&view, &mut rng);
        assert!(!Booster.is_view(&world));
        assert_eq!(view_fen(&world, seat), view.to_fen(&Booster));
        assert_eq!(world.hash(), world.fresh_hash(&Booster));
        // A sampled state is a legal full state: it reads back from its FEN.
        position(&world.to_fen(&Booster));
        if world.to_fen(&Booster) != full.to_fen(&Booster) {
            differing += 1;
        }
    }
    assert!(
        differing > 190,
        "only {differing} samples differ from the truth"
    );
}

#[test]
fn samples_are_uniform_over_the_unseen_cards() {
    // From the start deal's view for White, each unseen card is in Black's six-card hand with
    // probability 6/30.
    let view = Booster.view(&position(START_FEN), Color::White);
    let mut rng = StdRng::seed_from_u64(3);
    let draws = 6000;
    let mut counts = std::collections::HashMap::new();
    for _ in 0..draws {
        let world = Booster.sample_state(&view, &mut rng);
        for card in world.state.hand(Color::Black).cards() {
            *counts.entry(card.to_string()).or_insert(0) += 1;
        }
    }
    assert_eq!(counts.len(), 30);
    let expected = draws as f64 * 6.0 / 30.0;
    for (card, count) in counts {
        let deviation = (count as f64 - expected).abs() / expected;
        assert!(
            deviation < 0.12,
            "{card} drawn {count} times, expected {expected}"
        );
    }
}

/// Deep enough that the other side's turn, and so its hidden hand, is inside the search.
const DEPTH: u32 = 4;

fn best_move(searcher: &mut Searcher, pos: &Position<Booster>, depth: u32) -> String {
    searcher.clear();
    let stop = AtomicBool::new(false);
    let result = searcher.search(
        &Booster,
        pos,
        &[pos.hash()],
        &Limits::depth(depth),
        &stop,
        &mut |_| {},
    );
    Booster.format_move(result.best)
}

/// `count` random full states inside games (seeded by `seed`), each with another full state
/// sampled from its mover's view (seeded by `sample_seed`): two states one view cannot tell
/// apart.
fn pairs_with_one_view(
    count: usize,
    seed: u64,
    sample_seed: u64,
) -> Vec<(Position<Booster>, Position<Booster>)> {
    let mut rng = StdRng::seed_from_u64(sample_seed);
    random_positions(count, seed)
        .into_iter()
        .map(|full| {
            let view = Booster.view(&full, full.turn());
            let other = Booster.sample_state(&view, &mut rng);
            (full, other)
        })
        .collect()
}

/// Searches `count` random positions inside games, seeded by `seed`, and another full state
/// sampled from the mover's view of each: both must get the same move. Returns how many of
/// the pairs differ in what the view hides.
fn same_answers_for_one_view(searcher: &mut Searcher, count: usize, seed: u64) -> usize {
    let mut differing_states = 0;
    for (full, other) in pairs_with_one_view(count, seed, seed ^ 0xF00D) {
        if other.to_fen(&Booster) != full.to_fen(&Booster) {
            differing_states += 1;
        }
        assert_eq!(
            best_move(searcher, &full, DEPTH),
            best_move(searcher, &other, DEPTH),
            "{} and {}",
            full.to_fen(&Booster),
            other.to_fen(&Booster)
        );
    }
    differing_states
}

#[test]
fn the_answer_depends_on_the_view_alone() {
    // Many random positions inside games: the full state and another full state sampled from
    // the mover's view of it must get the same move from the same seed. Hidden parts differ in
    // nearly every pair, and an engine that peeked would often answer differently (checked
    // below with the full-state search).
    let count = common::random_board_count(1000);
    let mut searcher = Searcher::new(4, 1);
    searcher.set_hidden_information(HiddenInformation {
        samples: 2,
        seed: 99,
        ..HiddenInformation::default()
    });
    let differing_states = same_answers_for_one_view(&mut searcher, count, 0xBEEF);
    eprintln!("{count} positions, {differing_states} with other hidden cards: same answers");
    assert!(differing_states * 10 > count * 9, "{differing_states}");
}

#[test]
fn the_worst_of_several_worlds_depends_on_the_view_alone() {
    // `WorstOf`: the worlds drawn and the one kept come from the view, so two full states
    // with one view get the same move.
    let mut searcher = Searcher::new(4, 1);
    searcher.set_hidden_information(HiddenInformation {
        worst_of: 4,
        seed: 98,
        ..HiddenInformation::default()
    });
    let differing_states = same_answers_for_one_view(&mut searcher, 100, 0xBEEE);
    assert!(differing_states * 10 > 100 * 9, "{differing_states}");
}

#[test]
fn a_limited_strength_keeps_one_world() {
    // The levels were fitted with one world: at a limited strength Booster's default (the
    // worst of four) plays exactly as one world does.
    let decide = |worst_of: u32, pos: &Position<Booster>| {
        let mut searcher = Searcher::new(4, 1);
        searcher.set_hidden_information(HiddenInformation {
            worst_of,
            ..HiddenInformation::default()
        });
        let limits = Limits {
            strength: Some(Strength::new(1500, 3)),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let result = searcher.search(&Booster, pos, &[pos.hash()], &limits, &stop, &mut |_| {});
        (Booster.format_move(result.best), result.nodes)
    };
    for full in random_positions(20, 0xBEED) {
        assert_eq!(
            decide(0, &full),
            decide(1, &full),
            "{}",
            full.to_fen(&Booster)
        );
    }
}

#[test]
fn an_engine_handed_the_full_state_does_use_it() {
    // The control for the test above: searching the full states themselves, the answers differ
    // somewhere, so the agreement there is the view's doing.
    let mut searcher = Searcher::new(4, 1);
    searcher.set_hidden_information(HiddenInformation {
        full_state: true,
        ..HiddenInformation::default()
    });
    let mut differing_answers = 0;
    for (full, other) in pairs_with_one_view(150, 0xBEEF, 0xF00D) {
        if best_move(&mut searcher, &full, DEPTH) != best_move(&mut searcher, &other, DEPTH) {
            differing_answers += 1;
        }
    }
    eprintln!("full-state search: {differing_answers} of 150 answers change with the secrets");
    assert!(differing_answers > 0);
}

/// White to make its add in Black's view, after `e2e4,add:3s@e7` and `d7d5,pass`, `g1f3`:
/// White holds five cards Black has not seen, out of the 29 it has not seen.
fn white_adding_in_blacks_view() -> Game<Booster> {
    let mut game = Game::from_fen(Booster, START_FEN).expect("the start deal");
    for token in ["e2e4", "add:3s@e7", "d7d5", "pass"] {
        game.play_token(token).expect(token);
    }
    let mut view = Game::from_fen(Booster, &view_fen(game.position(), Color::Black))
        .expect("a view is a position");
    view.play_token("g1f3").expect("g1f3");
    view
}

/// What the search is told of the decision `token` in `game`'s position.
fn hidden_decision_of(game: &Game<Booster>, token: &str) -> HiddenDecision {
    let decision = game.clone().play_token(token).expect(token);
    Booster.hidden_decision(game.position(), decision)
}

/// The chance that `unknown` cards drawn from `pool` hold at least one of `alike`.
fn chance_of_one_of(alike: u64, unknown: u64, pool: u64) -> f64 {
    let none: f64 = (0..unknown)
        .map(|drawn| (pool - alike - drawn) as f64 / (pool - drawn) as f64)
        .product();
    1.0 - none
}

#[test]
fn a_card_the_mover_may_hold_counts_by_the_chance_it_holds_one_alike() {
    let view = white_adding_in_blacks_view();
    assert_eq!(view.position().state.hand_size(Color::White), 5);
    assert_eq!(view.position().state.unseen().len(), 29);
    let chance = |token| match hidden_decision_of(&view, token) {
        HiddenDecision::Chance { probability, .. } => probability,
        other => panic!("{token}: {other:?}"),
    };
    // The only white queen card, Qh: five chances in 29.
    assert!((chance("add:Qh@d1") - 5.0 / 29.0).abs() < 1e-12);
    // Seven white pawn cards are unseen (2d is Black's): the first, 2h, stands for them all.
    assert!((chance("add:2h@a2") - chance_of_one_of(7, 5, 29)).abs() < 1e-12);
    assert_eq!(
        hidden_decision_of(&view, "add:3h@a2"),
        HiddenDecision::Duplicate
    );
    // Black cards White may hold hobble Black's pieces: 2s is White's first unseen black pawn.
    assert!(matches!(
        hidden_decision_of(&view, "add:2s@a7"),
        HiddenDecision::Chance { .. }
    ));
    // Moves and passes are certain, and so is everything in a full state.
    assert_eq!(hidden_decision_of(&view, "pass"), HiddenDecision::Certain);
    let mut full = Game::from_fen(Booster, START_FEN).expect("the start deal");
    for token in ["e2e4", "add:3s@e7", "d7d5", "pass", "g1f3"] {
        full.play_token(token).expect(token);
    }
    for decision in full.legal_moves().iter() {
        assert_eq!(
            Booster.hidden_decision(full.position(), *decision),
            HiddenDecision::Certain
        );
    }
}

#[test]
fn a_card_the_mover_holds_is_certain_and_its_alikes_duplicates() {
    // Black's own turn in its view: every card it may play is in its hand.
    let view = Booster.view(&position(START_FEN), Color::Black);
    let mut game = Game::from_fen(Booster, &view.to_fen(&Booster)).expect("a view");
    // White's turn, then Black adds: Black holds 2d8dTd4s2c8c, all seen.
    for token in ["e2e4", "add:3s@e7", "d7d5"] {
        game.play_token(token).expect(token);
    }
    assert_eq!(
        hidden_decision_of(&game, "add:2d@a2"),
        HiddenDecision::Certain
    );
    assert_eq!(
        hidden_decision_of(&game, "add:8d@b1"),
        HiddenDecision::Certain
    );
}

#[test]
fn the_view_search_answers_from_the_view_alone_with_a_legal_decision() {
    // As `the_answer_depends_on_the_view_alone`, searching the view itself.
    let mut searcher = Searcher::new(4, 1);
    searcher.set_hidden_information(HiddenInformation {
        view_search: true,
        ..HiddenInformation::default()
    });
    for (full, other) in pairs_with_one_view(common::random_board_count(200), 0xCAFE, 0xF00D) {
        let answer = best_move(&mut searcher, &full, DEPTH);
        assert_eq!(answer, best_move(&mut searcher, &other, DEPTH));
        let legal = Game::from_fen(Booster, &full.to_fen(&Booster))
            .expect("a full state")
            .legal_moves();
        assert!(
            legal.iter().any(|mv| Booster.format_move(*mv) == answer),
            "{answer} in {}",
            full.to_fen(&Booster)
        );
    }
}
