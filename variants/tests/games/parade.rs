//! Parade Chess Solitaire: the set-up of a deal, the perft file and random games against an
//! independent reference (`solitaire_reference`, written from RULES.md apart from the
//! engine), the score and its negative phase, the face-down view and `ParadeOpen`, the
//! solver's optimum on the test deal and on 200 small deals against an exhaustive search,
//! and the hidden-pile policy deciding from the view alone. The protocol:
//! `tests/cli/parade.rs`.

use crate::common;
use crate::solitaire_reference;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;

use amity_engine::perft::perft;
use amity_engine::{
    Color, FenError, Game, MoveList, Notation, Position, Presentation, PuzzleScore, Rules,
    RulesExt, SolveLimits, Solver, SolverMemory,
};
use amity_variants::parade::{self, Parade};
use amity_variants::solitaire::solver::{self, Horizon, Solitaire, Table};
use common::read_perft_file;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use solitaire_reference::Parade as Reference;

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

fn sorted(mut tokens: Vec<String>) -> Vec<String> {
    tokens.sort();
    tokens
}

/// What a solver is lent beside its limits: a stop flag never raised, and the memory of the
/// one game a test plays.
#[derive(Default)]
struct Solving {
    stop: AtomicBool,
    memory: SolverMemory,
}

fn limits(solving: &Solving) -> SolveLimits<'_> {
    SolveLimits {
        deadline: None,
        nodes: None,
        depth: Some(1),
        stop: &solving.stop,
        memory: &solving.memory,
    }
}

#[test]
fn the_test_deal_sets_up_as_rules_md_writes_it() {
    let pos = parade::deal_from_letters("BRqNknrbNrKbQnRB").unwrap();
    assert_eq!(pos.to_fen(&HIDDEN), parade::START_FEN);
    assert_eq!(
        Reference::deal("BRqNknrbNrKbQnRB").to_fen(),
        parade::START_FEN
    );
    // A bishop first goes on c1, a king first on g1.
    let bishop_first = parade::deal_from_letters("BKQRRNNbkqrrbnnB").unwrap();
    assert!(
        bishop_first
            .to_fen(&HIDDEN)
            .ends_with("2B5 w - - 0 1 parade:kqrrbnnB:0")
    );
    let king_first = parade::deal_from_letters("KBQRRNNbkqrrbnnB").unwrap();
    assert!(king_first.to_fen(&HIDDEN).contains("6K1 w - - 0 1"));
    for bad in [
        "BRqNknrbNrKbQnR",
        "BRqNknrbNrKbQnRBB",
        "BRqNknrbNrKbQnRK",
        "BRqNknrbNrKbQnRP",
    ] {
        assert!(parade::deal_from_letters(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_reference_confirms_every_line_of_the_perft_file() {
    let path = crate::common::repository_file("tests/perft/parade.perft");
    let cases = read_perft_file(&path);
    assert!(
        cases.len() >= 9,
        "the test deal and at least eight special positions"
    );
    for case in cases {
        let reference = Reference::from_fen(&case.fen);
        let pos = position(&case.fen);
        assert_eq!(
            reference.to_fen(),
            pos.to_fen(&HIDDEN),
            "both read {}",
            case.fen
        );
        for (depth, expected) in &case.counts {
            assert_eq!(
                reference.perft(*depth),
                *expected,
                "reference perft {depth} {}",
                case.fen
            );
            assert_eq!(
                perft(&HIDDEN, &pos, *depth),
                *expected,
                "engine perft {depth} {}",
                case.fen
            );
        }
    }
}

/// Random games from random deals: the engine's decisions, FEN and score agree with the
/// reference's at every step, and the hash is kept in step.
#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(31);
    let mut plies = 0;
    for _ in 0..common::random_board_count(60) {
        let deal = parade::random_deal(&mut rng);
        let mut pos = parade::deal_from_letters(&deal).unwrap();
        let mut reference = Reference::deal(&deal);
        // Some games start late in the negative phase, so its end is reached too.
        if rng.random_bool(0.3) {
            let spent = rng.random_range(0..=16);
            let fen = pos.to_fen(&HIDDEN).replace(
                &format!("parade:{}:0", &deal[8..]),
                &format!("parade:-:{spent}"),
            );
            pos = position(&fen);
            reference = Reference::from_fen(&fen);
        }
        loop {
            let fen = pos.to_fen(&HIDDEN);
            assert_eq!(fen, reference.to_fen(), "{deal}");
            assert_eq!(position(&fen).hash(), pos.hash(), "{fen}");
            assert_eq!(pos.fresh_hash(&HIDDEN), pos.hash(), "{fen}");
            let tokens = decisions(&pos);
            assert_eq!(tokens, sorted(reference.decisions()), "{fen}");
            assert_eq!(parade::final_score(&pos), reference.score(), "{fen}");
            let Some(token) = tokens.choose(&mut rng) else {
                break;
            };
            let mut game = Game::from_fen(HIDDEN, &fen).unwrap();
            game.play_token(token).unwrap();
            pos = game.position().clone();
            reference.play(token);
            plies += 1;
        }
    }
    assert!(
        plies > 500,
        "the games were too short to test anything: {plies}"
    );
}

#[test]
fn the_score_counts_cards_left_or_negative_cards_spent() {
    // Connected with three cards left.
    let won = position("8/8/8/8/8/8/8/KQ6 w - - 0 1 parade:NBr:0");
    assert_eq!(parade::final_score(&won), Some(3));
    assert_eq!(
        Game::from_fen(HIDDEN, &won.to_fen(&HIDDEN))
            .unwrap()
            .outcome()
            .map(|o| o.result()),
        Some("1-0")
    );
    // Connected in the negative phase after five cards.
    let late = position("8/8/8/8/8/8/8/KQ6 w - - 0 1 parade:-:5");
    assert_eq!(parade::final_score(&late), Some(-5));
    // Sixteen negative cards spent without connecting.
    let over = position("8/8/8/8/8/8/8/K1Q5 w - - 0 1 parade:-:16");
    assert_eq!(parade::final_score(&over), Some(-16));
    let game = Game::from_fen(HIDDEN, &over.to_fen(&HIDDEN)).unwrap();
    assert_eq!(game.outcome().map(|o| o.result()), Some("0-1"));
    // No action possible: a lone pair of same-coloured pieces far apart orders nobody.
    let stuck = position("7K/8/8/8/8/8/8/Q7 w - - 0 1 parade:-:3");
    assert!(decisions(&stuck).is_empty());
    assert_eq!(parade::final_score(&stuck), Some(-16));
    // The last card of the pile spent on a Move that connects scores 0.
    let last = position("8/8/8/8/8/8/8/K1q5 w - - 0 1 parade:n:0");
    let mut game = Game::from_fen(HIDDEN, &last.to_fen(&HIDDEN)).unwrap();
    game.play_token("a1b1").unwrap();
    assert_eq!(parade::final_score(game.position()), Some(0));
}

#[test]
fn the_view_turns_the_pile_face_down_unless_the_pile_is_open() {
    let pos = position(parade::START_FEN);
    let view = HIDDEN.view(&pos, Color::White);
    assert_eq!(
        view.to_fen(&HIDDEN),
        "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:????????:0"
    );
    assert!(HIDDEN.is_view(&view) && !HIDDEN.is_view(&pos));
    assert_eq!(
        OPEN.view(&pos, Color::White).to_fen(&OPEN),
        parade::START_FEN
    );
    assert!(HIDDEN.hides_information() && !OPEN.hides_information());
    // A view decides Moves as the state does, and `add` for the card it cannot see.
    let mut tokens = decisions(&view);
    assert!(tokens.contains(&"add".to_string()), "{tokens:?}");
    tokens.retain(|t| t != "add");
    let mut state_moves = decisions(&pos);
    state_moves.retain(|t| !t.contains('@'));
    assert_eq!(tokens, state_moves);
    // After `add` chance turns the card: any card not on the board, as often as it may be.
    let mut game = Game::from_fen(HIDDEN, &view.to_fen(&HIDDEN)).unwrap();
    game.play_token("add").unwrap();
    assert!(
        game.position()
            .to_fen(&HIDDEN)
            .ends_with("parade:????????:0:add")
    );
    let outcomes = game.chance_outcomes();
    let total: u32 = outcomes.iter().map(|o| o.weight).sum();
    assert_eq!(total, 8, "the eight cards not on the board");
    assert!(game.legal_moves().is_empty());
    game.play_token("K@f5").unwrap();
    assert_eq!(
        game.position().to_fen(&HIDDEN),
        "8/8/8/5K2/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:???????:0"
    );
    // A Move spends a card nobody sees.
    game.play_token("g2e3").unwrap();
    assert!(game.position().to_fen(&HIDDEN).ends_with("parade:??????:0"));
    // Samples of the view are full states that agree with it.
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..20 {
        let world = HIDDEN.sample_state(&view, &mut rng);
        assert!(!HIDDEN.is_view(&world));
        assert_eq!(
            HIDDEN.view(&world, Color::White).to_fen(&HIDDEN),
            view.to_fen(&HIDDEN)
        );
    }
}

#[test]
fn an_add_that_may_not_fit_is_not_offered_blind() {
    // The last piece on d8: a knight would fit on f8, a king (possible) would not.
    let pos = position("3q4/8/8/8/8/2K5/1n6/2B5 w - - 0 1 parade:Nkr:0");
    assert!(decisions(&pos).contains(&"N@f8".to_string()));
    let view = HIDDEN.view(&pos, Color::White);
    assert!(!decisions(&view).contains(&"add".to_string()));
}

fn fen_error(fen: &str) -> FenError {
    Position::from_fen(&HIDDEN, fen).expect_err(fen)
}

#[test]
fn bad_fens_are_refused_with_reasons() {
    let board = "8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1";
    for (fen, reason) in [
        (format!("{board} w - - 0 1"), "missing parade"),
        (format!("{board} b - - 0 1 parade:N:0"), "always w - - 0 1"),
        (format!("{board} w - - 3 1 parade:N:0"), "always w - - 0 1"),
        (
            format!("{board} w - - 0 1 parade:NX:0"),
            "expected piece cards",
        ),
        (
            format!("{board} w - - 0 1 parade:N?:0"),
            "expected piece cards",
        ),
        (
            format!("{board} w - - 0 1 parade:NNN:0"),
            "more of some card",
        ),
        (
            format!("{board} w - - 0 1 parade:NrKbQnRBq:0"),
            "more than 8",
        ),
        (
            format!("{board} w - - 0 1 parade:N:3"),
            "only once the action pile is empty",
        ),
        (format!("{board} w - - 0 1 parade:-:17"), "from 0 to 16"),
        (format!("{board} w - - 0 1 parade:N:0:add"), "only a view"),
        (format!("{board} w - - 0 1 parade:N:0 extra"), "extra"),
        (
            "8/8/8/8/8/8/8/8 w - - 0 1 parade:N:0".to_string(),
            "needs pieces",
        ),
        (
            "8/8/8/8/8/8/P7/K7 w - - 0 1 parade:N:0".to_string(),
            "no pawns",
        ),
    ] {
        let error = fen_error(&fen).to_string();
        assert!(error.contains(reason), "{fen}: {error}");
    }
}

#[test]
fn a_refused_token_changes_nothing() {
    let mut game = Game::from_fen(HIDDEN, parade::START_FEN).unwrap();
    let before = game.position().to_fen(&HIDDEN);
    for token in ["g1f1", "N@c4", "add", "c1b2", "g1f2,zz", "", "d4:c1b2"] {
        assert!(game.play_token(token).is_err(), "{token}");
        assert_eq!(game.position().to_fen(&HIDDEN), before);
    }
    game.play_token("g1f2,f2e4").unwrap();
    assert!(game.position().to_fen(&HIDDEN).ends_with("parade:KbQnRB:0"));
}

#[test]
fn the_test_deal_is_solved_in_four_actions() {
    let solving = Solving::default();
    let pos = position(parade::START_FEN);
    let table = Table::new(16);
    let answer = solver::solve_open(&OPEN, &pos, &table, limits(&solving), false);
    assert_eq!(answer.cost, Some(4));
    assert!(answer.complete);
    let solution = OPEN.solve(&pos, limits(&solving)).unwrap();
    assert_eq!(solution.score, PuzzleScore::Exact(4));
    // The solver's line and RULES.md's both connect the parade with four cards left.
    for line in [
        solution
            .line
            .iter()
            .map(|mv| OPEN.format_move(*mv))
            .collect::<Vec<_>>(),
        ["g1f2", "f2e4", "e2f4", "c1g3"].map(String::from).to_vec(),
    ] {
        let mut game = Game::from_fen(OPEN, parade::START_FEN).unwrap();
        for token in &line {
            game.play_token(token).unwrap();
        }
        assert_eq!(parade::final_score(game.position()), Some(4), "{line:?}");
    }
}

/// The fewest actions to connect, by breadth-first search over every reference state: no
/// bound, no table, nothing shared with the solver. `None` when no win exists. A board and
/// pile seen at an earlier level is not searched again (the same actions are open to it,
/// with more cards).
fn exhaustive_parade(start: &Reference) -> Option<u32> {
    let key = |state: &Reference| (state.board, state.pile.clone());
    let mut level = vec![start.clone()];
    let mut seen = HashSet::from([key(start)]);
    for actions in 0.. {
        if level.is_empty() {
            return None;
        }
        if level.iter().any(Reference::won) {
            return Some(actions);
        }
        let mut next = Vec::new();
        for state in &level {
            for token in state.decisions() {
                let mut child = state.clone();
                child.play(&token);
                if seen.insert(key(&child)) {
                    next.push(child);
                }
            }
        }
        level = next;
    }
    None
}

/// A small deal: three or four setup cards placed by the gap rule and up to two pile cards,
/// so that an exhaustive search sees the whole game (the negative phase included).
fn small_deal(rng: &mut StdRng) -> String {
    let mut cards: Vec<char> = "KQRRBBNNkqrrbbnn".chars().collect();
    cards.shuffle(rng);
    let setup = rng.random_range(3..=4);
    let pile = rng.random_range(0..=2);
    let mut reference = Reference {
        board: [None; 64],
        pile: cards[setup..setup + pile].to_vec(),
        negative: 0,
    };
    for letter in &cards[..setup] {
        let square = reference.add_square(*letter).expect("a few pieces fit");
        reference.board[square] = Some(*letter);
    }
    if pile == 0 {
        reference.negative = rng.random_range(0..=14);
    }
    reference.to_fen()
}

#[test]
fn the_solver_matches_an_exhaustive_search_on_200_small_deals() {
    let mut rng = StdRng::seed_from_u64(2024);
    let solving = Solving::default();
    let table = Table::new(16);
    let mut compared = 0;
    let mut wins = 0;
    while compared < 200 {
        let fen = small_deal(&mut rng);
        let pos = position(&fen);
        let reference = Reference::from_fen(&fen);
        let exhaustive = exhaustive_parade(&reference);
        let answer = solver::solve_open(&OPEN, &pos, &table, limits(&solving), false);
        assert!(answer.complete);
        assert_eq!(answer.cost, exhaustive, "{fen}");
        // Both agree on the score too (the reference's own rules for it).
        if let Some(cost) = answer.cost {
            wins += 1;
            assert_eq!(answer.line.len() as u32, cost, "{fen}");
            let mut game = Game::from_fen(OPEN, &fen).unwrap();
            for mv in &answer.line {
                game.play_token(&OPEN.format_move(*mv)).unwrap();
            }
            assert!(parade::connected(game.position()), "{fen}");
        }
        compared += 1;
    }
    assert!(wins > 100, "most small deals connect: {wins}");
}

#[test]
fn the_hidden_pile_policy_decides_from_the_view_alone() {
    let solving = Solving::default();
    let start = position(parade::START_FEN);
    let view = HIDDEN.view(&start, Color::White);
    let table = Table::new(16);
    let policy = solver::expectimax(&HIDDEN, &view, &table, limits(&solving), Horizon::Fixed(1));
    assert!(policy.complete);
    // Never worse than the open optimum's Moves alone (4 here), never better than knowing
    // the pile (the open optimum is 4 too).
    assert!((policy.expected - 4.0).abs() < 1e-9, "{}", policy.expected);
    // Every full state with that view gets the same answer.
    let mut rng = StdRng::seed_from_u64(9);
    let mut answers = HashSet::new();
    for _ in 0..4 {
        let world = HIDDEN.sample_state(&view, &mut rng);
        let solution = HIDDEN.solve(&world, limits(&solving)).unwrap();
        answers.insert(solution.line.first().map(|mv| HIDDEN.format_move(*mv)));
    }
    assert_eq!(answers.len(), 1, "{answers:?}");
}

#[test]
fn a_horizon_the_limits_cut_short_leaves_the_shallower_answer() {
    let solving = Solving::default();
    let view = HIDDEN.view(&position(parade::START_FEN), Color::White);
    let policy = |nodes: Option<u64>, horizon| {
        let limits = SolveLimits {
            nodes,
            ..limits(&solving)
        };
        solver::expectimax(&HIDDEN, &view, &Table::new(16), limits, horizon)
    };
    let moves_alone = policy(None, Horizon::Fixed(0));
    let one_card = policy(None, Horizon::Fixed(1));
    assert!(moves_alone.complete && one_card.complete);
    // Room for horizon 0 and half of what horizon 1 adds: horizon 1 cannot finish.
    let between = moves_alone.nodes + (one_card.nodes - moves_alone.nodes) / 2;
    assert!(between > moves_alone.nodes + 2048, "{between}");
    let cut = policy(Some(between), Horizon::Fixed(1));
    assert!(cut.complete);
    assert_eq!(cut.horizon, Some(0));
    assert_eq!(cut.decision, moves_alone.decision);
    assert_eq!(cut.expected, moves_alone.expected);
    // With no room even for horizon 0, the first action of a win a beam search finds.
    let starved = policy(Some(1), Horizon::Fixed(1));
    assert!(!starved.complete);
    let (_, line) = solver::best_found(&HIDDEN, &view, solver::FALLBACK_BEAM_WIDTH).unwrap();
    assert_eq!(starved.decision, line.first().copied());
}

/// The plain expectimax over every decision and card, with nothing cut, to a horizon of
/// `blind` cards turned blind: what the policy's expected score must equal, so this checks
/// the policy's pruning (Star1, fail-soft bounds), floors, horizon and memory. Once the pile
/// is empty the game is certain and IDA* finishes it, with a table of its own (IDA* itself is
/// checked against the exhaustive search above). Values are remembered by FEN and horizon,
/// which only saves work: a view's FEN is all it is.
fn plain_expectimax(
    pos: &Position<Parade>,
    blind: u32,
    memory: &mut HashMap<(String, u32), f64>,
    leaves: &Table,
) -> f64 {
    if let Some(score) = parade::final_score(pos) {
        return f64::from(score);
    }
    let key = (pos.to_fen(&HIDDEN), blind);
    if let Some(value) = memory.get(&key) {
        return *value;
    }
    let mut outcomes = Vec::new();
    let value = if HIDDEN.chance(pos, &mut outcomes) {
        let total: u32 = outcomes.iter().map(|o| o.weight).sum();
        outcomes
            .iter()
            .map(|outcome| {
                let mut child = pos.clone();
                HIDDEN.play(&mut child, outcome.outcome);
                f64::from(outcome.weight) / f64::from(total)
                    * plain_expectimax(&child, blind, memory, leaves)
            })
            .sum()
    } else if !HIDDEN.is_view(pos) {
        let solving = Solving::default();
        match solver::solve_open(&OPEN, pos, leaves, limits(&solving), false).cost {
            Some(actions) => f64::from(parade::score_now(pos) - actions as i32),
            None => f64::from(parade::WORST_SCORE),
        }
    } else {
        let mut moves = MoveList::new();
        HIDDEN.generate(pos, &mut moves);
        moves
            .iter()
            .filter_map(|&mv| {
                let mut child = pos.clone();
                HIDDEN.play(&mut child, mv);
                let blind_add = HIDDEN.chance(&child, &mut Vec::new());
                match (blind_add, blind) {
                    (true, 0) => None,
                    (true, _) => Some(plain_expectimax(&child, blind - 1, memory, leaves)),
                    (false, _) => Some(plain_expectimax(&child, blind, memory, leaves)),
                }
            })
            .fold(f64::from(parade::WORST_SCORE), f64::max)
    };
    memory.insert(key, value);
    value
}

#[test]
fn the_policy_equals_a_plain_expectimax_on_small_views() {
    let mut rng = StdRng::seed_from_u64(77);
    let solving = Solving::default();
    let table = Table::new(16);
    let leaves = Table::new(16);
    let mut memory = HashMap::new();
    let mut checked = 0;
    while checked < 30 {
        let fen = small_deal(&mut rng);
        let pos = position(&fen);
        if pos.state.pile_len() == 0 || pos.occupied().count() > 3 {
            continue;
        }
        let view = HIDDEN.view(&pos, Color::White);
        for blind in 0..=2 {
            let policy = solver::expectimax(
                &HIDDEN,
                &view,
                &table,
                limits(&solving),
                Horizon::Fixed(blind),
            );
            let plain = plain_expectimax(&view, blind, &mut memory, &leaves);
            assert!(
                (policy.expected - plain).abs() < 1e-6,
                "{fen} blind {blind}: {} vs {plain}",
                policy.expected
            );
        }
        checked += 1;
    }
}

#[test]
fn the_solitaire_hooks_agree_with_the_rules() {
    let pos = position(parade::START_FEN);
    assert_eq!(OPEN.budget(&pos), 8 + 16);
    assert_eq!(OPEN.score_after(&pos, 4), 4);
    assert_eq!(OPEN.score_after(&pos, 10), -2);
    assert!(OPEN.lower_bound(&pos) <= 4);
    let mut rng = StdRng::seed_from_u64(3);
    let moves = decisions(&pos);
    let token = moves.choose(&mut rng).unwrap();
    let mut game = Game::from_fen(OPEN, parade::START_FEN).unwrap();
    game.play_token(token).unwrap();
    assert_eq!(OPEN.budget(game.position()), 8 + 16 - 1);
}

/// A finished deal's record carries its score (RULES.md's test deal won in 4 actions scores
/// 4; a deal that ran out of cards scores the worst), and a game still going carries none.
#[test]
fn a_finished_deal_records_its_score() {
    let start = position(parade::START_FEN);
    assert!(HIDDEN.record_tags(&start).is_empty());
    let mut won = start.clone();
    for token in ["g1f2", "f2e4", "e2f4", "c1g3"] {
        let mv = amity_engine::game::parse_move(&HIDDEN, &won, token).expect(token);
        HIDDEN.play(&mut won, mv);
    }
    assert_eq!(HIDDEN.record_tags(&won), vec![("Score", "4".to_string())]);
    let lost = position("8/8/8/8/3r2b1/5k1n/4q1N1/2B3R1 w - - 0 1 parade:-:16");
    assert!(HIDDEN.terminal(&lost).is_some());
    assert_eq!(
        HIDDEN.record_tags(&lost),
        vec![("Score", parade::WORST_SCORE.to_string())]
    );
}
