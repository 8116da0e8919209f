//! Cloak and Dagger Chess: the perft data confirmed by an independent reference
//! (`cloakanddagger_reference`, written from RULES.md apart from the engine), random games
//! walked beside it, views that follow the other side's announced decisions, belief that always
//! holds the true arrangement, a search whose answer depends on the view alone, FEN errors.

use crate::cloakanddagger_reference;
use crate::common;

use std::sync::atomic::AtomicBool;

use amity_engine::MoveList;
use amity_engine::position::color_index;
use amity_engine::search::{BehaviourBelief, BehaviourModel, HiddenInformation, Limits, Searcher};
use amity_engine::{Color, Game, Notation, Position, Presentation, Rules, RulesExt, perft::perft};
use amity_variants::cloakanddagger::{
    self, Arrangement, CloakAndDagger, IDENTITIES, START_FEN, arrangements, belief, consistent,
};
use cloakanddagger_reference::RefPos;
use common::read_perft_file;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn position(fen: &str) -> Position<CloakAndDagger> {
    Position::from_fen(&CloakAndDagger, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn perft_cases() -> Vec<common::PerftCase> {
    let path = crate::common::repository_file("tests/perft/cloakanddagger.perft");
    read_perft_file(&path)
}

/// The legal decisions, as sorted tokens.
fn decisions(pos: &Position<CloakAndDagger>) -> Vec<String> {
    let mut moves = amity_engine::MoveList::new();
    CloakAndDagger.generate(pos, &mut moves);
    let mut tokens: Vec<String> = moves
        .iter()
        .map(|mv| CloakAndDagger.format_move(*mv))
        .collect();
    tokens.sort();
    tokens
}

#[test]
fn start_position_perft_is_41_820_8468_69152() {
    let pos = position(START_FEN);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&CloakAndDagger, &pos, d)).collect();
    assert_eq!(counts, [41, 820, 8468, 69152]);
}

#[test]
fn the_engine_counts_every_line_of_the_perft_file() {
    let cases = perft_cases();
    assert!(cases.len() >= 14, "{} positions", cases.len());
    for case in cases {
        let pos = position(&case.fen);
        for (depth, expected) in &case.counts {
            assert_eq!(
                perft(&CloakAndDagger, &pos, *depth),
                *expected,
                "{} depth {depth}",
                case.fen
            );
        }
    }
}

#[test]
fn the_reference_confirms_every_line_of_the_perft_file() {
    for case in perft_cases() {
        let reference = RefPos::from_fen(&case.fen);
        for (depth, expected) in &case.counts {
            assert_eq!(
                reference.perft(*depth),
                *expected,
                "reference: {} depth {depth}",
                case.fen
            );
        }
    }
}

/// A game from a random pair of arrangements.
fn dealt_game(rng: &mut StdRng) -> Game<CloakAndDagger> {
    let deal = CloakAndDagger.deal(rng).expect("cloak and dagger deals");
    Game::from_fen(CloakAndDagger, &deal.to_fen(&CloakAndDagger)).expect("a dealt FEN")
}

/// The arrangement each side was dealt, read off a start position.
fn dealt_arrangements(start: &Position<CloakAndDagger>) -> [Arrangement; 2] {
    let mut found = [[amity_engine::orthodox::KING; 8]; 2];
    for (side, rank) in [(0, 0u32), (1, 7u32)] {
        for file in 0..8u32 {
            let square = amity_engine::Square::new(rank * 8 + file);
            found[side][file as usize] = start.piece_at(square).expect("a back-rank piece").kind;
        }
    }
    found
}

#[test]
fn random_games_agree_with_the_reference_decision_by_decision() {
    let mut rng = StdRng::seed_from_u64(0xC10A);
    let mut plies = 0;
    for _ in 0..30 {
        let mut game = dealt_game(&mut rng);
        let mut reference = RefPos::from_fen(&game.position().to_fen(&CloakAndDagger));
        for _ in 0..300 {
            let engine_tokens = decisions(game.position());
            let mut reference_tokens = reference.decisions();
            reference_tokens.sort();
            let fen = game.position().to_fen(&CloakAndDagger);
            assert_eq!(engine_tokens, reference_tokens, "{fen}");
            if engine_tokens.is_empty() || game.outcome().is_some() {
                break;
            }
            let token = &engine_tokens[rng.random_range(0..engine_tokens.len())];
            game.play_token(token).expect("a generated decision");
            reference = reference.play(token);
            let pos = game.position();
            assert_eq!(pos.hash(), pos.fresh_hash(&CloakAndDagger), "{fen} {token}");
            let written = pos.to_fen(&CloakAndDagger);
            assert_eq!(position(&written).to_fen(&CloakAndDagger), written);
            plies += 1;
        }
    }
    assert!(plies > 3000, "{plies} plies");
}

#[test]
fn a_view_follows_the_other_sides_announced_decisions_to_the_next_view() {
    // What the referee relies on: a seat given its view when the other side's turn begins,
    // then that side's decisions as announced, holds exactly its view of the new full state.
    let mut rng = StdRng::seed_from_u64(0x5EA7);
    let mut turns = 0;
    let mut passed_over = 0;
    for _ in 0..300 {
        let mut game = dealt_game(&mut rng);
        for _ in 0..150 {
            if game.outcome().is_some() {
                break;
            }
            let mover = game.position().turn();
            let watcher = !mover;
            let before = CloakAndDagger.view(game.position(), watcher);
            let mut announced = Vec::new();
            while game.position().turn() == mover && game.outcome().is_none() {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves.as_slice()[rng.random_range(0..moves.len())];
                announced.push(CloakAndDagger.announce(game.position(), mv));
                game.play_unchecked(mv);
            }
            let mut followed = before.clone();
            passed_over += announced
                .iter()
                .filter(|turn| turn.contains(",done:"))
                .count();
            for token in announced.iter().flat_map(|turn| turn.split(',')) {
                let mv = amity_engine::game::parse_move(&CloakAndDagger, &followed, token)
                    .unwrap_or_else(|e| {
                        panic!("{token} on {}: {e}", followed.to_fen(&CloakAndDagger))
                    });
                CloakAndDagger.play(&mut followed, mv);
            }
            if game.outcome().is_some() {
                break;
            }
            assert_eq!(
                followed.to_fen(&CloakAndDagger),
                CloakAndDagger
                    .view(game.position(), watcher)
                    .to_fen(&CloakAndDagger),
                "after {announced:?} from {}",
                before.to_fen(&CloakAndDagger)
            );
            turns += 1;
        }
    }
    assert!(turns > 1000, "{turns} turns");
    // Turns whose uncloaking was passed over with the king alone in check: the view hears
    // `done:<n>=K`, and the comparison above checks what it learns from it.
    assert!(passed_over > 10, "{passed_over} turns passed over");
}

#[test]
fn belief_always_holds_the_true_arrangement() {
    // Random self-play from random deals: at every ply, each seat's view of the full state
    // leaves the opponent's true arrangement among those it believes possible, and sampling
    // draws only believed arrangements.
    let mut rng = StdRng::seed_from_u64(0xBE11EF);
    let mut plies = 0;
    let mut narrowed = 0usize;
    while plies < 10_000 {
        let mut game = dealt_game(&mut rng);
        let truth = dealt_arrangements(game.position());
        while game.outcome().is_none() && plies < 10_000 {
            for seat in [Color::White, Color::Black] {
                let view = CloakAndDagger.view(game.position(), seat);
                let view = position(&view.to_fen(&CloakAndDagger));
                let believed = belief(&view, !seat);
                let true_one = truth[amity_engine::position::color_index(!seat)];
                assert!(
                    believed
                        .iter()
                        .any(|(arrangement, _)| *arrangement == true_one),
                    "{} lost the truth",
                    view.to_fen(&CloakAndDagger)
                );
                narrowed += arrangements().len() - believed.len();
            }
            let moves = game.legal_moves();
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            game.play_unchecked(mv);
            plies += 1;
        }
    }
    assert!(narrowed > 0);
}

/// Plays `tokens` in the full state `fen` and follows them, as the referee announces them, in
/// Black's view; returns the view followed, after checking it is the referee's view of the
/// new full state, and the announcements.
fn black_follows(fen: &str, tokens: &[&str]) -> (Position<CloakAndDagger>, Vec<String>) {
    let mut game = Game::from_fen(CloakAndDagger, fen).unwrap();
    let mut followed = CloakAndDagger.view(game.position(), Color::Black);
    let mut announced = Vec::new();
    for token in tokens {
        let before = game.position().clone();
        let mv = game.play_token(token).unwrap();
        announced.push(CloakAndDagger.announce(&before, mv));
    }
    for leg in announced.iter().flat_map(|turn| turn.split(',')) {
        let mv = amity_engine::game::parse_move(&CloakAndDagger, &followed, leg)
            .unwrap_or_else(|e| panic!("{leg}: {e}"));
        CloakAndDagger.play(&mut followed, mv);
    }
    assert_eq!(
        followed.to_fen(&CloakAndDagger),
        CloakAndDagger
            .view(game.position(), Color::Black)
            .to_fen(&CloakAndDagger)
    );
    (followed, announced)
}

/// Whether every arrangement Black's view believes makes White's checker `number` the king,
/// and whether any does.
fn king_believed_at(view: &Position<CloakAndDagger>, number: usize) -> (bool, bool) {
    let believed = belief(view, Color::White);
    let at = |(arrangement, _): &(Arrangement, u32)| {
        arrangement[number - 1] == amity_engine::orthodox::KING
    };
    (believed.iter().all(at), believed.iter().any(at))
}

#[test]
fn a_turn_that_ends_without_a_choice_shows_the_king() {
    // White's only cloaked checker, 5 on e1, is its king, and Black's visible rook attacks it:
    // after White's move the uncloaking part is passed over, which everyone at the table sees.
    let fen = "4r2k/8/8/8/8/8/P7/4K3 w - - 0 1 cloak:5e1/-:0/0:-:-/-:-";
    let before = CloakAndDagger.view(&position(fen), Color::Black);
    assert_eq!(king_believed_at(&before, 5), (false, true));
    let (after, announced) = black_follows(fen, &["a2a3"]);
    assert_eq!(announced, ["a2a3,done:5=K"]);
    assert_eq!(king_believed_at(&after, 5), (true, true));
}

#[test]
fn a_turn_ended_by_choice_beside_a_checker_in_check_shows_it_is_not_the_king() {
    // White's king is checker 2 (the others gone were seen when they were shown); after
    // uncloaking 3, its only checker left is 5, a queen in check from the rook. It may be
    // uncloaked, so `done` is a choice: 5 is not the king, and so 2 is.
    let fen = "4r2k/8/8/8/8/8/P7/1KB1Q3 w - - 0 1 \
               cloak:2b1,3c1,5e1/-:0/0:-:-/-:-:seen=1R,4N,6B,7N,8R/-";
    let (at_uncloak, _) = black_follows(fen, &["a2a3", "uncloak:3"]);
    // Black's view cannot tell yet which of the two ends it will hear.
    let ends: Vec<String> = decisions(&at_uncloak)
        .into_iter()
        .filter(|token| token.starts_with("done"))
        .collect();
    assert_eq!(ends, ["done", "done:5=K"]);
    assert_eq!(king_believed_at(&at_uncloak, 5), (false, true));
    let (after, announced) = black_follows(fen, &["a2a3", "uncloak:3", "done"]);
    assert_eq!(announced, ["a2a3", "uncloak:3=B", "done"]);
    assert_eq!(king_believed_at(&after, 5), (false, false));
    assert_eq!(king_believed_at(&after, 2), (true, true));
    // Heard in a full state, the view's form is no decision of White's.
    let mut game = Game::from_fen(CloakAndDagger, fen).unwrap();
    game.play_token("a2a3").unwrap();
    assert!(game.play_token("done:5=K").is_err());
}

#[test]
fn the_views_write_the_opponents_cloaked_pieces_as_question_marks() {
    let start = position(START_FEN);
    let view = CloakAndDagger.view(&start, Color::White);
    assert_eq!(
        view.to_fen(&CloakAndDagger),
        "????????/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AH? - 0 1 \
         cloak:1a1,2b1,3c1,4d1,5e1,6f1,7g1,8h1/1a8,2b8,3c8,4d8,5e8,6f8,7g8,8h8:0/0:-:-/-:-:view=w"
    );
    let mut game = Game::from_fen(CloakAndDagger, START_FEN).unwrap();
    for token in ["guess:none", "g1f3", "done", "guess:none", "b8c6", "done"] {
        game.play_token(token).unwrap();
    }
    let black_view = CloakAndDagger
        .view(game.position(), Color::Black)
        .to_fen(&CloakAndDagger);
    assert!(black_view.contains(":seen=7N*/2N*:view=b"), "{black_view}");
    // What the knight's jump showed: checker 7 is a knight in every believed arrangement.
    let believed = belief(&position(&black_view), Color::White);
    assert!(believed.iter().all(|(a, _)| a[6] == IDENTITIES[0]));
    assert_eq!(believed.len(), 960 * 2 / 8);
}

#[test]
fn bad_fens_are_refused_with_reasons() {
    for (fen, why) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
            "missing cloak",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 cloak:9a1/-:0/0:-:-/-:-",
            "checker number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 cloak:1a2/-:0/0:-:-/-:-",
            "no piece other than a pawn",
        ),
        (
            "????????/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AH - 0 1 cloak:-/-:0/0:-:-/-:-",
            "only the opponent's view may hide",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 cloak:-/-:0/0:-:-/-:w9Q+",
            "checker number",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 cloak:-/-:0/0:-:-/-:-:at=X",
            "at=X",
        ),
    ] {
        let error = Position::from_fen(&CloakAndDagger, fen)
            .expect_err(fen)
            .to_string();
        assert!(error.contains(why), "{fen}: {error}");
    }
}

#[test]
fn identity_probabilities_sum_to_one_per_checker() {
    let view = CloakAndDagger.view(&position(START_FEN), Color::Black);
    let table = cloakanddagger::identity_probabilities(&view, Color::White);
    for (number, row) in table.iter().enumerate().skip(1) {
        let total: f64 = row.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "checker {number}: {row:?}");
    }
    // Uniform over the 960: the king stands on files b-g only, never a corner.
    assert_eq!(table[1][4], 0.0);
    assert!(table[4][4] > 0.0);
}

fn best_move(searcher: &mut Searcher, pos: &Position<CloakAndDagger>, depth: u32) -> String {
    searcher.clear();
    let stop = AtomicBool::new(false);
    let result = searcher.search(
        &CloakAndDagger,
        pos,
        &[pos.hash()],
        &Limits::depth(depth),
        &stop,
        &mut |_| {},
    );
    CloakAndDagger.format_move(result.best)
}

#[test]
fn the_answer_depends_on_the_view_alone() {
    let mut searcher = Searcher::new(4, 1);
    searcher.set_hidden_information(HiddenInformation {
        samples: 2,
        seed: 99,
        full_state: false,
        baseline: false,
        ..HiddenInformation::default()
    });
    let mut rng = StdRng::seed_from_u64(0xF00D);
    let mut checked = 0;
    let mut differing_states = 0;
    while checked < 150 {
        let mut game = dealt_game(&mut rng);
        let plies = rng.random_range(0..60);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play_unchecked(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        if game.outcome().is_some() || game.legal_moves().is_empty() {
            continue;
        }
        let full = game.position().clone();
        let view = CloakAndDagger.view(&full, full.turn());
        let other = CloakAndDagger.sample_state(&view, &mut rng);
        if other.to_fen(&CloakAndDagger) != full.to_fen(&CloakAndDagger) {
            differing_states += 1;
        }
        assert_eq!(
            best_move(&mut searcher, &full, 3),
            best_move(&mut searcher, &other, 3),
            "{} and {}",
            full.to_fen(&CloakAndDagger),
            other.to_fen(&CloakAndDagger)
        );
        checked += 1;
    }
    assert!(differing_states > 100, "{differing_states}");
}

#[test]
fn belief_predicts_identities_better_than_the_uniform_belief() {
    // Log-loss (nats per cloaked enemy checker and ply) of the identity predictions, tracked
    // belief against the baseline's uniform belief over the 960, over random self-play.
    let mut rng = StdRng::seed_from_u64(0x1055);
    let (mut tracked, mut uniform, mut predictions) = (0.0f64, 0.0f64, 0usize);
    for _ in 0..40 {
        let mut game = dealt_game(&mut rng);
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            let full = game.position().clone();
            let seat = full.turn();
            let view = CloakAndDagger.view(&full, seat);
            let forgetful = CloakAndDagger.baseline_view(&view);
            let believed = cloakanddagger::identity_probabilities(&view, !seat);
            let uniform_odds = cloakanddagger::identity_probabilities(&forgetful, !seat);
            for square in full.color(!seat) & full.state.cloaked {
                let number = usize::from(full.state.number(square));
                let kind = full.piece_at(square).expect("a piece").kind;
                let index = IDENTITIES
                    .iter()
                    .position(|k| *k == kind)
                    .expect("an identity");
                tracked -= believed[number][index].max(1e-12).ln();
                uniform -= uniform_odds[number][index].max(1e-12).ln();
                predictions += 1;
            }
            let moves = game.legal_moves();
            game.play_unchecked(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    let (tracked, uniform) = (tracked / predictions as f64, uniform / predictions as f64);
    eprintln!(
        "log-loss over {predictions} predictions: tracked belief {tracked:.4}, uniform {uniform:.4}"
    );
    assert!(tracked < uniform * 0.9, "{tracked} against {uniform}");
}

/// Scores for the options that are arbitrary but depend on the world they are judged in: the
/// weighting must keep the truth alive whatever a shallow search makes of the options.
fn arbitrary_scores(world: &Position<CloakAndDagger>, options: &MoveList) -> Vec<i32> {
    options
        .iter()
        .map(|mv| {
            let mixed =
                (world.hash() ^ u64::from(mv.to_bits())).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (mixed >> 40) as i32 % 1201 - 600
        })
        .collect()
}

fn arrangement_index(arrangement: &Arrangement) -> usize {
    arrangements()
        .iter()
        .position(|a| a == arrangement)
        .expect("one of the 960")
}

#[test]
fn the_weighted_belief_never_weighs_the_true_arrangement_zero() {
    // 10,000 plies of random games; each seat weighs every decision of the other on its own
    // view, and the true arrangement must always remain possible with a weight above zero.
    let mut rng = StdRng::seed_from_u64(0x7E1E);
    let (mut plies, mut reweighed) = (0, 0usize);
    while plies < 10_000 {
        let mut game = dealt_game(&mut rng);
        let truth = dealt_arrangements(game.position());
        let mut beliefs = [BehaviourBelief::new(), BehaviourBelief::new()];
        beliefs[0].follow(Color::White, 1);
        beliefs[1].follow(Color::Black, 1);
        while game.outcome().is_none() && plies < 10_000 {
            for seat in [Color::White, Color::Black] {
                let observer = &beliefs[color_index(seat)];
                let view = CloakAndDagger.view(game.position(), seat);
                let possible = consistent(&view, !seat);
                let true_index = arrangement_index(&truth[color_index(!seat)]);
                let at = possible
                    .iter()
                    .position(|&index| index == true_index)
                    .unwrap_or_else(|| panic!("{} lost the truth", view.to_fen(&CloakAndDagger)));
                let weights = observer.weights(&possible);
                assert!(weights[at] > 0.0, "{}", view.to_fen(&CloakAndDagger));
                if weights.iter().any(|w| *w != weights[0]) {
                    reweighed += 1;
                }
            }
            let moves = game.legal_moves();
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            let mover = game.position().turn();
            let before = CloakAndDagger.view(game.position(), !mover);
            beliefs[color_index(!mover)].observe(
                &CloakAndDagger,
                &before,
                mv,
                BehaviourModel::FITTED,
                &mut arbitrary_scores,
            );
            game.play_unchecked(mv);
            plies += 1;
        }
    }
    assert!(reweighed > 1000, "{reweighed}");
}

#[test]
fn the_weighting_reads_the_view_not_the_hidden_truth() {
    // Two full states with one view: the seat weighs the opponent's decision the same in
    // both (with the engine's own shallow search), and handed a full state it learns nothing.
    let mut rng = StdRng::seed_from_u64(0x5EC2E7);
    let mut scorer = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let mut compared = 0;
    while compared < 6 {
        let mut game = dealt_game(&mut rng);
        for _ in 0..rng.random_range(4..30) {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play_unchecked(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            continue;
        }
        let mover = game.position().turn();
        let seat = !mover;
        let view = CloakAndDagger.view(game.position(), seat);
        // Another full state the seat cannot tell from this one: the mover's army redrawn.
        let other = CloakAndDagger.sample_state(&view, &mut rng);
        let other_view = CloakAndDagger.view(&other, seat);
        assert_eq!(
            view.to_fen(&CloakAndDagger),
            other_view.to_fen(&CloakAndDagger)
        );
        let mv = moves.as_slice()[rng.random_range(0..moves.len())];
        let mut beliefs = [
            BehaviourBelief::new(),
            BehaviourBelief::new(),
            BehaviourBelief::new(),
        ];
        for belief in &mut beliefs {
            belief.follow(seat, 1);
        }
        let mut score = |world: &Position<CloakAndDagger>, options: &MoveList| {
            scorer
                .option_scores(&CloakAndDagger, world, options, &stop)
                .0
        };
        let weighed = beliefs[0].observe(
            &CloakAndDagger,
            &view,
            mv,
            BehaviourModel::FITTED,
            &mut score,
        );
        beliefs[1].observe(
            &CloakAndDagger,
            &other_view,
            mv,
            BehaviourModel::FITTED,
            &mut score,
        );
        let from_truth = beliefs[2].observe(
            &CloakAndDagger,
            game.position(),
            mv,
            BehaviourModel::FITTED,
            &mut score,
        );
        assert_eq!(from_truth, 0, "a full state is not a view");
        let all: Vec<usize> = (0..arrangements().len()).collect();
        assert_eq!(beliefs[0].weights(&all), beliefs[1].weights(&all));
        assert!(beliefs[2].weights(&all).iter().all(|w| *w == 1.0));
        if weighed > 0 {
            compared += 1;
        }
    }
}
