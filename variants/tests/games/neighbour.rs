//! Neighbour Chess Solitaire: deals, the perft file and random games against an independent
//! reference (`solitaire_reference`, written from RULES.md apart from the engine), the
//! add with wrap-around and the nearest free ring, stopping, the moves, the score, the view
//! (contents known, order hidden) and `NeighbourOpen`, the solver's optimum on the test deal
//! and on 200 small deals against an exhaustive search, the bound on boards with frozen and
//! stranded pieces and colour groups that must move away, and the hidden-pile policy. The
//! protocol: `tests/cli/neighbour.rs`.

use crate::common;
use crate::solitaire_reference;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::AtomicBool;

use amity_engine::perft::perft;
use amity_engine::{
    Color, FenError, Game, MoveList, Notation, Position, Presentation, PuzzleScore, Rules,
    RulesExt, SolveLimits, Solver, SolverMemory,
};
use amity_variants::neighbour::{self, Neighbour};
use amity_variants::solitaire::solver::{self, Horizon, Solitaire, Table};
use common::read_perft_file;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use solitaire_reference::Neighbour as Reference;

const HIDDEN: Neighbour = Neighbour { open: false };
const OPEN: Neighbour = Neighbour { open: true };

const TEST_DEAL: &str = "BrrbbRNKQnnBRkqN/4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b";

fn position(fen: &str) -> Position<Neighbour> {
    Position::from_fen(&HIDDEN, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn decisions(pos: &Position<Neighbour>) -> Vec<String> {
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

fn play(fen: &str, tokens: &[&str]) -> Position<Neighbour> {
    let mut game = Game::from_fen(HIDDEN, fen).unwrap();
    for token in tokens {
        game.play_token(token)
            .unwrap_or_else(|error| panic!("{token}: {error}"));
    }
    game.position().clone()
}

#[test]
fn the_test_deal_starts_as_rules_md_writes_it() {
    let pos = neighbour::deal_from_text(TEST_DEAL).unwrap();
    assert_eq!(pos.to_fen(&HIDDEN), neighbour::START_FEN);
    for bad in [
        "BrrbbRNKQnnBRkqN",
        "BrrbbRNKQnnBRkq/4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b",
        "BrrbbRNKQnnBRkqN/4b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b",
        "BrrbbRNKQnnBRkqN/4b4b4b5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b5b",
        "BrrbbRNKQnnBRkqN/7b2b4r5r6r6b3b5b2r2r5r6r3r2b3r4r3b4b6b",
    ] {
        assert!(neighbour::deal_from_text(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_reference_confirms_every_line_of_the_perft_file() {
    let path = crate::common::repository_file("tests/perft/neighbour.perft");
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
    let mut rng = StdRng::seed_from_u64(17);
    let mut plies = 0;
    let mut rings = 0;
    for _ in 0..common::random_board_count(60) {
        let deal = neighbour::random_deal(&mut rng);
        let mut pos = neighbour::deal_from_text(&deal).unwrap();
        let mut reference = Reference::from_fen(&pos.to_fen(&HIDDEN));
        // Stop late as often as early, so moving phases of every size are seen.
        let patience = rng.random_range(0.0..1.0);
        loop {
            let fen = pos.to_fen(&HIDDEN);
            assert_eq!(fen, reference.to_fen(), "{deal}");
            assert_eq!(position(&fen).hash(), pos.hash(), "{fen}");
            assert_eq!(pos.fresh_hash(&HIDDEN), pos.hash(), "{fen}");
            let tokens = decisions(&pos);
            assert_eq!(tokens, sorted(reference.decisions()), "{fen}");
            assert_eq!(neighbour::final_score(&pos), reference.score(), "{fen}");
            if tokens.iter().filter(|t| t.contains('@')).count() > 1 {
                rings += 1;
            }
            let token = if tokens.contains(&"stop".to_string()) && rng.random_bool(patience) {
                tokens.iter().find(|t| t.contains('@')).cloned()
            } else {
                tokens.choose(&mut rng).cloned()
            };
            let Some(token) = token else {
                break;
            };
            let mut game = Game::from_fen(HIDDEN, &fen).unwrap();
            game.play_token(&token).unwrap();
            pos = game.position().clone();
            reference.play(&token);
            plies += 1;
        }
    }
    assert!(
        plies > 500,
        "the games were too short to test anything: {plies}"
    );
    assert!(rings > 10, "few taken landing squares were seen: {rings}");
}

#[test]
fn adds_land_right_or_up_with_wrap_around_and_the_first_from_a1() {
    // The test deal: 4b from a1 is a5, 2b from a5 is a7, 4r from a7 is e7, 5r from e7 wraps
    // to b7.
    let pos = play(neighbour::START_FEN, &["B@a5", "r@a7", "r@e7", "b@b7"]);
    assert_eq!(pos.state.last, Some(amity_engine::Square::B7));
    // From d8 a black 4 wraps to d4.
    let wrap = position("3q4/8/8/8/8/8/8/8 w - - 0 1 neighbour:R:4b:d8:a");
    assert_eq!(decisions(&wrap), vec!["R@d4".to_string()]);
}

#[test]
fn a_taken_landing_square_offers_the_nearest_free_ring_without_wrapping() {
    let pos = position("1q5K/8/8/8/8/8/8/8 w - - 0 1 neighbour:Rn:2r3b:h8:a");
    assert_eq!(
        decisions(&pos),
        sorted(
            ["R@a8", "R@c8", "R@a7", "R@b7", "R@c7", "stop"]
                .map(String::from)
                .to_vec()
        )
    );
    let full = position("3q4/8/8/2KQR3/2RBB3/2NNk3/8/8 w - - 0 1 neighbour:r:4b2r:d8:a");
    let tokens = decisions(&full);
    assert_eq!(
        tokens.len(),
        17,
        "the second ring's 16 squares and stop: {tokens:?}"
    );
    assert!(tokens.contains(&"r@b2".to_string()) && tokens.contains(&"r@f6".to_string()));
}

#[test]
fn stopping_needs_two_pieces_and_adding_ends_with_the_piece_deck() {
    let one = position("8/8/8/8/3R4/8/8/8 w - - 0 1 neighbour:Qn:5r2b3r:d4:a");
    assert!(!decisions(&one).contains(&"stop".to_string()));
    let two = play(&one.to_fen(&HIDDEN), &["Q@a4"]);
    assert!(decisions(&two).contains(&"stop".to_string()));
    let last = play(&two.to_fen(&HIDDEN), &["n@a6"]);
    assert!(!last.state.adding, "the last piece card ends the adding");
    assert!(last.to_fen(&HIDDEN).ends_with(":a6:m"));
}

#[test]
fn a_piece_moves_with_its_same_coloured_neighbours_moves() {
    let pos = position("8/8/3b4/2Q5/3R4/4N3/8/7n w - - 0 1 neighbour:-:2r3b4r:d4:m");
    let tokens = decisions(&pos);
    // The rook on d4 moves like the queen (c5) and the knight (e3) beside it.
    assert!(tokens.contains(&"d4h8".to_string()) && tokens.contains(&"d4f5".to_string()));
    // The queen on c5 moves like the rook beside it, along lines only.
    assert!(tokens.contains(&"c5c8".to_string()) && !tokens.contains(&"c5a7".to_string()));
    // The knight on e3 moves like the rook; the black pieces have no black neighbour.
    assert!(tokens.contains(&"e3e1".to_string()));
    assert!(
        !tokens
            .iter()
            .any(|t| t.starts_with("d6") || t.starts_with("h1"))
    );
    // Sliders stop at the first piece: the rook on d4 cannot pass the bishop on d6.
    assert!(!tokens.contains(&"d4d7".to_string()));
}

#[test]
fn moves_spend_the_piece_pile_first_and_the_score_is_the_cards_left() {
    let pos = position("8/8/8/8/2BN4/8/5r2/1k6 w - - 0 1 neighbour:K:2r:-:m");
    let after = play(&pos.to_fen(&HIDDEN), &["c4e5"]);
    assert!(after.to_fen(&HIDDEN).ends_with("neighbour:-:2r:-:m"));
    let won = position("8/8/8/8/8/8/8/KQ6 w - - 0 1 neighbour:-:2r3b4r:b1:m");
    assert_eq!(neighbour::final_score(&won), Some(3));
    let out = position("8/8/8/8/8/8/8/K1Q5 w - - 0 1 neighbour:-:-:c1:m");
    assert_eq!(neighbour::final_score(&out), Some(neighbour::LOST_SCORE));
    let game = Game::from_fen(HIDDEN, &out.to_fen(&HIDDEN)).unwrap();
    assert_eq!(game.outcome().map(|o| o.result()), Some("0-1"));
    // Connected by an add: won at once (with two cards left), more adds would only cost.
    let adding = position("8/8/8/8/8/8/8/1K1kR3 w - - 0 1 neighbour:Qn:6r3b:e1:a");
    assert!(neighbour::final_score(&adding).is_none());
    let joined = play(&adding.to_fen(&HIDDEN), &["Q@c1"]);
    assert_eq!(neighbour::final_score(&joined), Some(2));
    assert!(decisions(&joined).is_empty());
}

#[test]
fn the_view_knows_the_piles_contents_but_not_their_order() {
    let pos = position(neighbour::START_FEN);
    let view = HIDDEN.view(&pos, Color::White);
    assert_eq!(
        view.to_fen(&HIDDEN),
        "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:?KQRRBBNNkqrrbbnn:\
         ?2r2r3r3r4r4r5r5r6r6r2b2b3b3b4b4b5b5b6b6b:-:a"
    );
    assert_eq!(
        OPEN.view(&pos, Color::White).to_fen(&OPEN),
        neighbour::START_FEN
    );
    // The view adds blind; chance turns a piece card and a position card, each as often as
    // the piles hold them.
    let mut game = Game::from_fen(HIDDEN, &view.to_fen(&HIDDEN)).unwrap();
    assert_eq!(
        sorted(
            game.legal_moves()
                .iter()
                .map(|m| HIDDEN.format_move(*m))
                .collect()
        ),
        vec!["add".to_string()]
    );
    game.play_token("add").unwrap();
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 100);
    assert_eq!(outcomes.iter().map(|o| o.weight).sum::<u32>(), 16 * 20);
    game.play_token("B/4b").unwrap();
    assert_eq!(
        game.position().to_fen(&HIDDEN),
        "8/8/8/B7/8/8/8/8 w - - 0 1 neighbour:?KQRRBNNkqrrbbnn:\
         ?2r2r3r3r4r4r5r5r6r6r2b2b3b3b4b5b5b6b6b:a5:a"
    );
    // A taken landing square: the view chooses the square once the cards are turned.
    game.play_token("add,r/2r").unwrap();
    game.play_token("add,q/2r").unwrap();
    assert!(game.position().to_fen(&HIDDEN).ends_with(":e5:a"));
    // From e5 a red 4 wraps to a5, taken.
    game.play_token("add").unwrap();
    game.play_token("n/4r").unwrap();
    let fen = game.position().to_fen(&HIDDEN);
    assert!(fen.ends_with(":e5:a:place=n/4r"), "{fen}");
    assert_eq!(position(&fen).to_fen(&HIDDEN), fen);
    let squares = sorted(
        game.legal_moves()
            .iter()
            .map(|m| HIDDEN.format_move(*m))
            .collect(),
    );
    assert_eq!(squares.len(), 5, "{squares:?}");
    game.play_token(&squares[0]).unwrap();
    // Samples of a view are full states with the same view.
    let mut rng = StdRng::seed_from_u64(8);
    let now = HIDDEN.view(game.position(), Color::White);
    for _ in 0..20 {
        let world = HIDDEN.sample_state(&now, &mut rng);
        assert!(!HIDDEN.is_view(&world));
        assert_eq!(
            HIDDEN.view(&world, Color::White).to_fen(&HIDDEN),
            now.to_fen(&HIDDEN)
        );
    }
}

fn fen_error(fen: &str) -> FenError {
    Position::from_fen(&HIDDEN, fen).expect_err(fen)
}

#[test]
fn bad_fens_are_refused_with_reasons() {
    let empty = "8/8/8/8/8/8/8/8";
    for (fen, reason) in [
        (format!("{empty} w - - 0 1"), "missing neighbour"),
        (
            format!("{empty} b - - 0 1 neighbour:N:2r:-:a"),
            "always w - - 0 1",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:X:2r:-:a"),
            "piece pile",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:N:7r:-:a"),
            "position pile",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:N:2r2r2r:-:a"),
            "more than twice",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:KK:2r3r:-:a"),
            "more of some card",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:NB:2r:-:a"),
            "a card for every piece",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:-:2r:-:a"),
            "adding has stopped",
        ),
        (format!("{empty} w - - 0 1 neighbour:N:2r:-:x"), "phase"),
        (
            format!("{empty} w - - 0 1 neighbour:N:2r:e4:a"),
            "last added",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:N:2r:z9:a"),
            "last added square",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:N:2r:-:a:add"),
            "only a view",
        ),
        (
            format!("{empty} w - - 0 1 neighbour:?N:2r:-:a"),
            "both piles",
        ),
        (
            "8/8/8/8/8/8/8/P7 w - - 0 1 neighbour:N:2r:-:m".to_string(),
            "no pawns",
        ),
    ] {
        let error = fen_error(&fen).to_string();
        assert!(error.contains(reason), "{fen}: {error}");
    }
}

#[test]
fn a_refused_token_changes_nothing() {
    let mut game = Game::from_fen(HIDDEN, neighbour::START_FEN).unwrap();
    let before = game.position().to_fen(&HIDDEN);
    for token in ["stop", "B@a4", "add", "a5a6", "B@a5,stop", "", "B/4b"] {
        assert!(game.play_token(token).is_err(), "{token}");
        assert_eq!(game.position().to_fen(&HIDDEN), before);
    }
}

#[test]
fn the_test_deal_is_solved_spending_twelve_cards() {
    let solving = Solving::default();
    let pos = position(neighbour::START_FEN);
    let table = Table::new(16);
    let answer = solver::solve_open(&OPEN, &pos, &table, limits(&solving), false);
    assert_eq!(answer.cost, Some(12));
    let solution = OPEN.solve(&pos, limits(&solving)).unwrap();
    assert_eq!(solution.score, PuzzleScore::Exact(24));
    let rules_line = [
        "B@a5", "r@a7", "r@e7", "b@b7", "stop", "a7b6", "b6d8", "e7c7", "b7b6",
    ];
    let solver_line: Vec<String> = solution
        .line
        .iter()
        .map(|mv| OPEN.format_move(*mv))
        .collect();
    for line in [solver_line, rules_line.map(String::from).to_vec()] {
        let tokens: Vec<&str> = line.iter().map(String::as_str).collect();
        let end = play(neighbour::START_FEN, &tokens);
        assert_eq!(neighbour::final_score(&end), Some(24), "{line:?}");
    }
}

/// The fewest cards that win, by uniform-cost search over every reference state (adds cost
/// two, moves one, stop nothing): no bound, no table, nothing shared with the solver.
/// `None` when no win exists.
fn exhaustive_neighbour(start: &Reference) -> Option<u32> {
    let mut frontier: BTreeMap<u32, Vec<Reference>> = BTreeMap::from([(0, vec![start.clone()])]);
    let mut best: HashMap<String, u32> = HashMap::from([(start.to_fen(), 0)]);
    while let Some((cost, states)) = frontier.pop_first() {
        for state in states {
            if best.get(&state.to_fen()) != Some(&cost) {
                continue;
            }
            if state.won() {
                return Some(cost);
            }
            for token in state.decisions() {
                let price = if token == "stop" {
                    0
                } else if token.contains('@') {
                    2
                } else {
                    1
                };
                let mut child = state.clone();
                child.play(&token);
                let key = child.to_fen();
                if best.get(&key).is_none_or(|known| *known > cost + price) {
                    best.insert(key, cost + price);
                    frontier.entry(cost + price).or_default().push(child);
                }
            }
        }
    }
    None
}

/// The twenty position cards, shuffled.
fn shuffled_position_cards(rng: &mut StdRng) -> Vec<String> {
    let mut positions: Vec<String> = ["2", "3", "4", "5", "6"]
        .iter()
        .flat_map(|v| {
            [
                format!("{v}r"),
                format!("{v}r"),
                format!("{v}b"),
                format!("{v}b"),
            ]
        })
        .collect();
    positions.shuffle(rng);
    positions
}

/// A reference game in the moving phase: `board`, and `cards` (such as `3r`) left to spend.
fn moving_game(board: [Option<char>; 64], cards: &[String]) -> Reference {
    Reference {
        board,
        pieces: Vec::new(),
        positions: cards
            .iter()
            .map(|card| {
                let value = i32::from(card.as_bytes()[0] - b'0');
                (value, card.ends_with('r'))
            })
            .collect(),
        last: None,
        adding: false,
    }
}

/// A small game, so that an exhaustive search sees all of it: every other one a deal from an
/// empty board (two to four piece cards, a few position cards beyond them), the others three
/// to six pieces scattered in a 4x4 box, not yet connected, in the moving phase with two to
/// six cards left (many of these connect, where few small deals from the empty board can).
fn small_deal(rng: &mut StdRng, from_empty_board: bool) -> String {
    let mut pieces: Vec<char> = "KQRRBBNNkqrrbbnn".chars().collect();
    pieces.shuffle(rng);
    let positions = shuffled_position_cards(rng);
    if from_empty_board {
        let count = rng.random_range(2..=4);
        let extra = rng.random_range(0..=2);
        return format!(
            "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:{}:{}:-:a",
            pieces[..count].iter().collect::<String>(),
            positions[..count + extra].concat()
        );
    }
    loop {
        let count = rng.random_range(3..=6);
        let (left, bottom) = (rng.random_range(0..5), rng.random_range(0..5));
        let mut squares: Vec<usize> = (0..16)
            .map(|cell| (bottom + cell / 4) * 8 + left + cell % 4)
            .collect();
        squares.shuffle(rng);
        let mut board = [None; 64];
        for (square, piece) in squares.iter().zip(&pieces[..count]) {
            board[*square] = Some(*piece);
        }
        let cards = rng.random_range(2..=6);
        let game = moving_game(board, &positions[..cards]);
        if !game.won() {
            return game.to_fen();
        }
    }
}

#[test]
fn the_solver_matches_an_exhaustive_search_on_200_small_deals() {
    let mut rng = StdRng::seed_from_u64(4048);
    let solving = Solving::default();
    let table = Table::new(16);
    let mut wins = 0;
    for index in 0..200 {
        let fen = small_deal(&mut rng, index % 2 == 0);
        let pos = position(&fen);
        let exhaustive = exhaustive_neighbour(&Reference::from_fen(&fen));
        let answer = solver::solve_open(&OPEN, &pos, &table, limits(&solving), false);
        assert!(answer.complete);
        assert_eq!(answer.cost, exhaustive, "{fen}");
        if let Some(cost) = answer.cost {
            wins += 1;
            let tokens: Vec<String> = answer.line.iter().map(|mv| OPEN.format_move(*mv)).collect();
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let end = play(&fen, &tokens);
            assert_eq!(
                neighbour::final_score(&end),
                Some(pos.state.cards_left() as i32 - cost as i32),
                "{fen}"
            );
        }
    }
    assert!(wins > 60, "enough small deals connect: {wins}");
}

/// The bound is admissible where it is strongest: at the start of small deals and one
/// decision on (pieces of a colour that can never move again, frozen where they stand, are
/// common there), it never exceeds the exhaustive optimum. The beam search's win is a real
/// win no cheaper than the optimum, and IDA*'s floor is the optimum once proven.
#[test]
fn the_bound_the_beam_and_the_floor_agree_with_an_exhaustive_search() {
    let mut rng = StdRng::seed_from_u64(4049);
    let solving = Solving::default();
    let table = Table::new(16);
    let mut frozen_boards = 0;
    for index in 0..120 {
        let fen = small_deal(&mut rng, index % 3 == 0);
        let pos = position(&fen);
        let exhaustive = exhaustive_neighbour(&Reference::from_fen(&fen));
        let bound = OPEN.lower_bound(&pos);
        if let Some(cost) = exhaustive {
            assert!(bound <= cost, "{fen}: bound {bound} > {cost}");
        }
        let mut moves = MoveList::new();
        OPEN.generate(&pos, &mut moves);
        for &mv in moves.iter() {
            let mut child = pos.clone();
            OPEN.play(&mut child, mv);
            let child_fen = child.to_fen(&OPEN);
            if let Some(cost) = exhaustive_neighbour(&Reference::from_fen(&child_fen)) {
                let bound = OPEN.lower_bound(&child);
                assert!(bound <= cost, "{child_fen}: bound {bound} > {cost}");
            }
        }
        let colour_frozen = |colour: Color| {
            let side = pos.color(colour);
            side.count() >= 1
                && side
                    .into_iter()
                    .all(|square| (side & shakmaty::attacks::king_attacks(square)).is_empty())
        };
        if !pos.state.adding && (colour_frozen(Color::White) || colour_frozen(Color::Black)) {
            frozen_boards += 1;
        }
        let answer = solver::solve_open(&OPEN, &pos, &table, limits(&solving), false);
        assert!(answer.complete);
        if let Some(cost) = answer.cost {
            assert_eq!(answer.at_least, cost, "{fen}");
        }
        if let Some((cost, line)) = solver::best_found(&OPEN, &pos, 50) {
            let optimum = exhaustive.expect("the beam found a win, so one exists");
            assert!(cost >= optimum, "{fen}");
            assert_eq!(solver::line_cost(&OPEN, &pos, &line), cost, "{fen}");
            let tokens: Vec<String> = line.iter().map(|mv| OPEN.format_move(*mv)).collect();
            let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let end = play(&fen, &tokens);
            assert!(neighbour::connected(&end), "{fen}: {tokens:?}");
        }
    }
    assert!(
        frozen_boards > 10,
        "enough boards with a frozen colour: {frozen_boards}"
    );
}

/// A moving-phase board with pieces spread over a 5x5 box, at least one of them stranded:
/// no piece of its colour beside it, while its colour can still move.
fn stranded_board(rng: &mut StdRng) -> String {
    loop {
        let mut pieces: Vec<char> = "KQRRBBNNkqrrbbnn".chars().collect();
        pieces.shuffle(rng);
        let count = rng.random_range(4..=6);
        let (left, bottom) = (rng.random_range(0..4), rng.random_range(0..4));
        let mut squares: Vec<usize> = (0..25)
            .map(|cell| (bottom + cell / 5) * 8 + left + cell % 5)
            .collect();
        squares.shuffle(rng);
        let mut board = [None; 64];
        for (square, piece) in squares.iter().zip(&pieces[..count]) {
            board[*square] = Some(*piece);
        }
        let same_colour = |a: char, b: char| a.is_ascii_uppercase() == b.is_ascii_uppercase();
        let placed: Vec<(usize, char)> = (0..64)
            .filter_map(|square| board[square].map(|piece| (square, piece)))
            .collect();
        let has_partner = |(square, piece): (usize, char)| {
            placed
                .iter()
                .any(|&(other, kind)| beside(square, other) && same_colour(piece, kind))
        };
        // A stranded piece whose colour has a pair that can still move.
        let stranded = placed.iter().any(|&(square, piece)| {
            !has_partner((square, piece))
                && placed
                    .iter()
                    .any(|&(other, kind)| same_colour(piece, kind) && has_partner((other, kind)))
        });
        let cards = rng.random_range(3..=5);
        let positions = shuffled_position_cards(rng);
        let game = moving_game(board, &positions[..cards]);
        if stranded && !game.won() {
            return game.to_fen();
        }
    }
}

/// The bound of `fen` and the exhaustive optimum, once checked that the bound does not exceed
/// it.
fn checked_bound(fen: &str) -> (u32, Option<u32>) {
    let bound = OPEN.lower_bound(&position(fen));
    let exhaustive = exhaustive_neighbour(&Reference::from_fen(fen));
    if let Some(cost) = exhaustive {
        assert!(bound <= cost, "{fen}: bound {bound} > {cost}");
    }
    (bound, exhaustive)
}

/// A stranded piece that must move needs a partner to come first, and that partner either
/// stays beside it or moves again. The bound counts that, and stays admissible: on boards
/// with stranded pieces it never exceeds the exhaustive optimum.
#[test]
fn the_bound_counts_the_partner_a_stranded_piece_waits_for() {
    let mut rng = StdRng::seed_from_u64(4050);
    let (mut wins, mut tight) = (0, 0);
    for _ in 0..150 {
        let (bound, exhaustive) = checked_bound(&stranded_board(&mut rng));
        if let Some(cost) = exhaustive {
            wins += 1;
            tight += u32::from(bound == cost);
        }
    }
    assert!(wins > 40 && tight > wins / 3, "{wins} wins, {tight} tight");
    // A deal's best stop: bishops a1 b1 and a knight d1 (White), and a bishop a7 alone, far
    // from a king, knight and queen on f1 g1 h1 (Black). Filling c1 and e1 would join all
    // but a7 in two moves, but a7 and d1 have no partner beside them: three at least. (The
    // best line moves nine times.)
    let deal = "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:bBNkqnBRQbrnrKRN:\
                6b2b3r2r2r6r3r5b5r3b4b6b4r6r4r4b5r2b5b3b:-:a";
    let stop = play(
        deal,
        &[
            "b@a7", "B@a1", "N@d1", "k@f1", "q@h1", "n@g1", "B@b1", "stop",
        ],
    );
    assert_eq!(OPEN.lower_bound(&stop), 3);
}

/// Whether two squares (0..64) are different and touch, diagonally included.
fn beside(a: usize, b: usize) -> bool {
    a != b && (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
}

/// The moving phase on `board` with three to six position cards left, drawn from `rng`.
fn with_a_few_cards(board: [Option<char>; 64], rng: &mut StdRng) -> Reference {
    let cards = rng.random_range(3..=6);
    moving_game(board, &shuffled_position_cards(rng)[..cards])
}

/// A moving-phase board with four to seven pieces spread over a 5x5 box, at least two of one
/// colour side by side (a colour group that can move, but whose last piece to leave needs a
/// partner to come back for it).
fn paired_board(rng: &mut StdRng) -> String {
    loop {
        let mut pieces: Vec<char> = "KQRRBBNNkqrrbbnn".chars().collect();
        pieces.shuffle(rng);
        let count = rng.random_range(4..=7);
        let (left, bottom) = (rng.random_range(0..4), rng.random_range(0..4));
        let mut squares: Vec<usize> = (0..25)
            .map(|cell| (bottom + cell / 5) * 8 + left + cell % 5)
            .collect();
        squares.shuffle(rng);
        let placed: Vec<(usize, char)> = squares.iter().copied().zip(pieces).take(count).collect();
        let same_colour = |a: char, b: char| a.is_ascii_uppercase() == b.is_ascii_uppercase();
        let paired = placed.iter().any(|&(a, p)| {
            placed
                .iter()
                .any(|&(b, q)| beside(a, b) && same_colour(p, q))
        });
        let mut board = [None; 64];
        for &(square, piece) in &placed {
            board[square] = Some(piece);
        }
        let game = with_a_few_cards(board, rng);
        if paired && !game.won() {
            return game.to_fen();
        }
    }
}

/// A colour group that must leave where it stands (a pair of rooks, say) waits, like a lone
/// piece, for a partner to come beside the last of its pieces to move: that partner stays
/// (the final group reaches the group's square) or moves again. The bound counts that and
/// stays admissible: on boards with such groups it never exceeds the exhaustive optimum.
#[test]
fn the_bound_counts_the_partner_the_last_piece_of_a_colour_group_waits_for() {
    let mut rng = StdRng::seed_from_u64(4052);
    let (mut wins, mut tight) = (0, 0);
    for _ in 0..150 {
        let (bound, exhaustive) = checked_bound(&paired_board(&mut rng));
        if let Some(cost) = exhaustive {
            wins += 1;
            tight += u32::from(bound == cost);
        }
    }
    assert!(wins > 40 && tight > wins / 3, "{wins} wins, {tight} tight");
    // White rooks a1 a2 and White's king and knight c8 d8, four cards left. Bridging a2 to
    // c8 fills five squares; moving either pair away whole costs two moves, and a third for
    // the partner its last piece waits for (a lone-piece count would say two).
    let mut board = [None; 64];
    for (square, piece) in [(0, 'R'), (8, 'R'), (58, 'K'), (59, 'N')] {
        board[square] = Some(piece);
    }
    let cards: Vec<String> = ["2r", "3r", "4b", "5b"].map(String::from).to_vec();
    let fen = moving_game(board, &cards).to_fen();
    let (bound, exhaustive) = checked_bound(&fen);
    assert_eq!(bound, 3, "{fen}");
    assert!(exhaustive.is_none_or(|cost| cost >= 3), "{fen}");
}

/// A moving-phase board where one colour can never move again (two to four of its pieces,
/// none beside another of its colour) spread over a 6x6 box, and two or three pieces of the
/// other colour, at least two of them side by side, with a few cards left.
fn frozen_spread_board(rng: &mut StdRng) -> String {
    loop {
        let (mut frozen, mut mobile): (Vec<char>, Vec<char>) = if rng.random_bool(0.5) {
            ("KQRRBBNN".chars().collect(), "kqrrbbnn".chars().collect())
        } else {
            ("kqrrbbnn".chars().collect(), "KQRRBBNN".chars().collect())
        };
        frozen.shuffle(rng);
        mobile.shuffle(rng);
        let mut squares: Vec<usize> = (0..36).map(|cell| (cell / 6) * 8 + cell % 6).collect();
        squares.shuffle(rng);
        let frozen_count = rng.random_range(2..=4);
        let mobile_count = rng.random_range(2..=3);
        let (frozen_squares, rest) = squares.split_at(frozen_count);
        let mobile_squares = &rest[..mobile_count];
        let apart = frozen_squares
            .iter()
            .all(|&a| frozen_squares.iter().all(|&b| !beside(a, b)));
        let paired = mobile_squares
            .iter()
            .any(|&a| mobile_squares.iter().any(|&b| beside(a, b)));
        if !apart || !paired {
            continue;
        }
        let mut board = [None; 64];
        for (square, piece) in frozen_squares.iter().zip(&frozen) {
            board[*square] = Some(*piece);
        }
        for (square, piece) in mobile_squares.iter().zip(&mobile) {
            board[*square] = Some(*piece);
        }
        let game = with_a_few_cards(board, rng);
        if !game.won() {
            return game.to_fen();
        }
    }
}

/// The final group is exactly the pieces there are, and pieces that can never move stand in
/// it where they are. When no connected set of that many squares holds them all, no line
/// wins, and the bound says so at once; it never says so of a board that can still be won.
#[test]
fn frozen_pieces_no_group_of_the_pieces_can_hold_are_a_lost_game() {
    let mut rng = StdRng::seed_from_u64(4051);
    let (mut hopeless, mut wins) = (0, 0);
    for _ in 0..150 {
        let fen = frozen_spread_board(&mut rng);
        let (bound, exhaustive) = checked_bound(&fen);
        wins += u32::from(exhaustive.is_some());
        if bound >= solver::UNREACHABLE {
            assert_eq!(exhaustive, None, "{fen}");
            hopeless += 1;
        }
    }
    assert!(
        hopeless > 30 && wins > 10,
        "{hopeless} hopeless, {wins} wins"
    );
    // A deal stopped after seven adds: White's knights b3 and f3, rook h3 and king h1 stand
    // apart, so White never moves again; Black's rook and bishops d1 e1 f1 can. A connected
    // set holding b3, f3, h3 and h1 has eight squares at least, one more than the pieces.
    let deal = "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:rbNNRKbBBkRnqnrQ:\
                3r2r2b4r6r6b5r4b3b3r5b3b2r5r2b5b4b4r6b6r:-:a";
    let stopped = play(
        deal,
        &[
            "r@d1", "b@f1", "N@f3", "N@b3", "R@h3", "K@h1", "b@e1", "stop",
        ],
    );
    assert_eq!(OPEN.lower_bound(&stopped), solver::UNREACHABLE);
}

/// Along an optimal line, the bound at each step never exceeds the cards the rest of the line
/// spends. This deal stops with White's bishop a6, knight d3 and rook f3 apart (frozen), the
/// six pieces need all six squares of the final group, and Black's stranded pieces leave
/// their squares: a bound that put a stranded piece's square in the final group would be too
/// high here.
#[test]
fn the_bound_stays_below_the_rest_of_an_optimal_line() {
    let deal = "8/8/8/8/8/8/8/8 w - - 0 1 neighbour:rBnRbNRrQqNbnKkB:\
                2b3b5r5b3r2r4r5r3b4b6b2b6r6r2r5b4b4r6b3r:-:a";
    let line = [
        "r@a3", "B@a6", "n@f6", "R@f3", "b@b3", "N@d3", "stop", "a3b2", "b2e5", "f6f4", "f4e4",
        "e5c4", "b3b5",
    ];
    let total: u32 = line
        .iter()
        .map(|token| {
            if token.contains('@') {
                2
            } else {
                u32::from(*token != "stop")
            }
        })
        .sum();
    assert_eq!(total, 18);
    let mut spent = 0;
    for played in 0..=line.len() {
        let pos = play(deal, &line[..played]);
        let bound = OPEN.lower_bound(&pos);
        assert!(
            bound <= total - spent,
            "after {:?}: bound {bound} > {}",
            &line[..played],
            total - spent
        );
        if let Some(token) = line.get(played) {
            spent += if token.contains('@') {
                2
            } else {
                u32::from(*token != "stop")
            };
        }
    }
    assert!(neighbour::connected(&play(deal, &line)));
}

#[test]
fn the_hidden_pile_policy_decides_from_the_view_alone() {
    let solving = Solving::default();
    // Two pieces down: stopping loses (no neighbours), so the policy adds.
    let start = play(neighbour::START_FEN, &["B@a5", "r@a7"]);
    let view = HIDDEN.view(&start, Color::White);
    let mut rng = StdRng::seed_from_u64(12);
    let mut answers = std::collections::HashSet::new();
    // Horizon 0: the add is valued by the sampled estimate alone (horizon 1 estimates every
    // add after each card the first add may turn, too slow for a test).
    fn limits(solving: &Solving) -> SolveLimits<'_> {
        SolveLimits {
            depth: Some(0),
            ..self::limits(solving)
        }
    }
    for _ in 0..3 {
        let world = HIDDEN.sample_state(&view, &mut rng);
        let solution = HIDDEN.solve(&world, limits(&solving)).unwrap();
        // In a full state the blind add is the add of the card on top.
        let first = solution.line.first().copied().unwrap();
        let mut moves = MoveList::new();
        HIDDEN.generate(&world, &mut moves);
        assert!(moves.contains(first));
        answers.insert(HIDDEN.format_move(first) == "stop");
    }
    assert_eq!(answers, std::collections::HashSet::from([false]));
    let table = Table::new(16);
    let policy = solver::expectimax(&HIDDEN, &view, &table, limits(&solving), Horizon::Fixed(0));
    assert!(policy.complete);
    assert_eq!(
        policy.decision.map(|mv| HIDDEN.format_move(mv)),
        Some("add".to_string())
    );
    assert!(policy.expected > f64::from(neighbour::LOST_SCORE) && policy.expected <= 32.0);
}

/// A deal that ends with no action possible before the pieces connect (a real match game)
/// records the worst score, as one that runs out of cards does.
#[test]
fn a_deal_left_without_an_action_records_the_worst_score() {
    let fen = "8/8/8/8/8/8/8/8 w - - 0 1 \
               neighbour:nQRbNkrRnbKrqBBN:5b5r4r3r3r6b6r5b5r2b6r4b3b2r2b4b2r6b3b4r:-:a";
    let mut game = Game::from_fen(HIDDEN, fen).expect("the deal");
    let line = "n@a6 Q@f6 R@b6 b@e6 N@h6 k@h4 r@f4 R@f1 n@c1 b@c3 K@a3 r@a7 q@a2 B@c2 B@c4 \
                N@c8 a6a4";
    for token in line.split_whitespace() {
        let mv = amity_engine::game::parse_move(&HIDDEN, game.position(), token).expect(token);
        game.play_unchecked(mv);
        if game.outcome().is_none() {
            assert!(HIDDEN.record_tags(game.position()).is_empty(), "{token}");
        }
    }
    assert!(game.outcome().is_some());
    assert_eq!(
        HIDDEN.record_tags(game.position()),
        vec![("Score", neighbour::LOST_SCORE.to_string())]
    );
}
