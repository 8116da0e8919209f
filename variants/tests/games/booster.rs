//! Booster Chess: the perft data confirmed by an independent reference
//! (`booster_reference`, written from the rulings apart from the engine), random games
//! walked beside it, one test per ruling (steps, cancellation, capture inheritance, last-rank
//! return, hobbled moves, matching, castling under booster threats, check by steps, the draw
//! and the reshuffle), FEN round trips and errors, and playouts checking the invariants.

use crate::booster_reference;
use crate::common;

use amity_engine::{
    Color, FenError, Game, Move, MoveError, MoveFlag, Notation, Outcome, Position, Presentation,
    Rules, RulesExt, WinReason, perft::perft,
};
use amity_variants::booster::{self, Booster, START_FEN};
use booster_reference::RefPos;
use common::read_perft_file;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn game(fen: &str) -> Game<Booster> {
    Game::from_fen(Booster, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn position(fen: &str) -> Position<Booster> {
    Position::from_fen(&Booster, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The legal decisions, as sorted tokens.
fn decisions(pos: &Position<Booster>) -> Vec<String> {
    let mut moves = amity_engine::MoveList::new();
    Booster.generate(pos, &mut moves);
    let mut tokens: Vec<String> = moves.iter().map(|mv| Booster.format_move(*mv)).collect();
    tokens.sort();
    tokens
}

fn sorted(mut tokens: Vec<String>) -> Vec<String> {
    tokens.sort();
    tokens
}

fn has(tokens: &[String], token: &str) -> bool {
    tokens.iter().any(|t| t == token)
}

fn perft_cases() -> Vec<common::PerftCase> {
    let path = crate::common::repository_file("tests/perft/booster.perft");
    read_perft_file(&path)
}

// ----- perft -----

#[test]
fn start_position_perft_is_20_600_11680() {
    let pos = position(START_FEN);
    assert_eq!(perft(&Booster, &pos, 1), 20);
    assert_eq!(perft(&Booster, &pos, 2), 600);
    assert_eq!(perft(&Booster, &pos, 3), 11680);
}

#[test]
fn the_engine_counts_the_perft_file() {
    let cases = perft_cases();
    assert!(cases.len() >= 11, "{} positions", cases.len());
    for case in cases {
        let pos = position(&case.fen);
        for (depth, expected) in &case.counts {
            assert_eq!(
                perft(&Booster, &pos, *depth),
                *expected,
                "perft {depth} of {}",
                case.fen
            );
        }
    }
}

#[test]
fn the_reference_confirms_every_line_of_the_perft_file() {
    for case in perft_cases() {
        let reference = RefPos::parse(&case.fen);
        assert_eq!(
            reference.fen(),
            case.fen,
            "the reference reads the FEN back"
        );
        for (depth, expected) in &case.counts {
            assert_eq!(
                reference.perft(*depth),
                *expected,
                "reference perft {depth} of {}",
                case.fen
            );
        }
    }
}

#[test]
fn d_shows_stacks_hands_and_piles() {
    let fen = format!(
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 {}:mid=e4",
        deal("e4w1", "6hQh", "2s3s4s5s6s9s", "-")
    );
    let text = Booster.describe(&position(&fen));
    assert!(text.contains("Stacks: e4w1"), "{text}");
    assert!(
        text.contains("White holds 6hQh (2 cards), 5 checkers in front"),
        "{text}"
    );
    assert!(
        text.contains("Black holds 2s3s4s5s6s9s (6 cards)"),
        "{text}"
    );
    assert!(text.contains("Draw pile (28 cards"), "{text}");
    assert!(text.contains("the piece on e4 has moved"), "{text}");
}

#[test]
fn a_repetition_needs_the_whole_state_and_looks_past_pawn_moves() {
    assert!(!Booster.draw_rules().resets_are_irreversible);
    // Knights out and back: the board repeats, but the hands and piles only while both
    // sides pass; the game sees the third occurrence.
    let mut game = Game::new(Booster);
    for _ in 0..2 {
        for token in ["g1f3,pass", "g8f6,pass", "f3g1,pass", "f6g8,pass"] {
            game.play_token(token).expect("knight turn");
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(amity_engine::DrawReason::Repetition))
    );
}

// ----- random games beside the reference -----

/// Plays the engine's chance decisions for a reshuffle in a random order; returns the order.
fn shuffle_randomly(game: &mut Game<Booster>, rng: &mut StdRng) -> Option<Vec<String>> {
    if game.chance_outcomes().is_empty() {
        return None;
    }
    let mut cards: Vec<String> = game
        .position()
        .state
        .discard
        .cards()
        .iter()
        .map(|c| c.to_string())
        .collect();
    cards.shuffle(rng);
    let token = format!("shuffle:{}", cards.concat());
    booster::play_record_token(game, &token).expect("a shuffle of the discard pile");
    assert!(game.chance_outcomes().is_empty());
    Some(cards)
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut starts: Vec<String> = vec![START_FEN.to_string()];
    starts.extend(perft_cases().into_iter().map(|case| case.fen));
    let games = common::random_board_count(24);
    let mut rng = StdRng::seed_from_u64(0x0B00_57E2);
    let mut decisions_checked = 0;
    let mut reshuffles = 0;
    for index in 0..games {
        let start = &starts[index % starts.len()];
        let mut game = game(start);
        let mut reference = RefPos::parse(start);
        for _ in 0..160 {
            if let Some(order) = shuffle_randomly(&mut game, &mut rng) {
                reshuffles += 1;
                assert!(reference.reshuffle_owed());
                reference.finish_reshuffle(Some(&order));
            }
            let pos = game.position();
            assert_eq!(pos.to_fen(&Booster), reference.fen());
            assert_eq!(pos.hash(), pos.fresh_hash(&Booster));
            let engine_moves = decisions(pos);
            let reference_moves = sorted(reference.legal());
            assert_eq!(engine_moves, reference_moves, "at {}", reference.fen());
            assert_eq!(
                Booster.in_check(pos),
                reference.in_check(reference.white_to_move),
                "check at {}",
                reference.fen()
            );
            if engine_moves.is_empty() {
                let expected = reference.ending();
                match game.outcome() {
                    Some(Outcome::Win {
                        reason: WinReason::Checkmate,
                        ..
                    }) => assert_eq!(expected, Some("checkmate")),
                    Some(_) => assert_eq!(expected, Some("stalemate")),
                    None => panic!("no decision but no result at {}", reference.fen()),
                }
                break;
            }
            // Closing decisions often enough that turns happen, steps sometimes.
            let token = engine_moves[rng.random_range(0..engine_moves.len())].clone();
            game.play_token(&token).expect("a generated decision");
            decisions_checked += 1;
            reference = reference.after(&token);
        }
    }
    assert!(decisions_checked > 1000, "{decisions_checked} decisions");
    assert!(reshuffles > 0, "the games reached a reshuffle");
}

// ----- invariants -----

#[test]
fn random_playouts_keep_checkers_cards_and_hashes() {
    let mut rng = StdRng::seed_from_u64(28);
    let mut reshuffles = 0;
    for _ in 0..common::random_board_count(12) {
        let mut game = Game::new(Booster);
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            if let Some(outcome) = game.draw_chance(&mut rng) {
                reshuffles += 1;
                game.play_unchecked(outcome);
            } else {
                let moves = game.legal_moves();
                let mv = moves.as_slice()[rng.random_range(0..moves.len())];
                // Every generated decision is legal: the mover's king is safe after it.
                let mover = game.position().turn();
                game.play_unchecked(mv);
                if game.position().turn() == mover {
                    assert!(!booster::king_in_danger(game.position(), mover));
                }
            }
            let pos = game.position();
            let state = &pos.state;
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    state.stacks.on_board(color) + state.in_front(color),
                    booster::CHECKERS_PER_SIDE
                );
            }
            let cards = state.hands[0].len()
                + state.hands[1].len()
                + state.draw.len()
                + state.discard.len();
            assert_eq!(cards, booster::DECK_SIZE);
            assert_eq!(pos.hash(), pos.fresh_hash(&Booster));
            let fen = pos.to_fen(&Booster);
            let again = position(&fen);
            assert_eq!(again.to_fen(&Booster), fen);
            assert_eq!(again.hash(), pos.hash(), "{fen}");
            assert_eq!(again.state, pos.state);
        }
    }
    assert!(reshuffles > 0, "the playouts reached a reshuffle");
}

// ----- FEN -----

#[test]
fn fen_round_trips_and_sorts_hands() {
    let unsorted = START_FEN.replace(":6hKh3sQsKs9c:", ":Kh6hKs3s9cQs:");
    let pos = position(&unsorted);
    assert_eq!(pos.to_fen(&Booster), START_FEN);
    let mid = "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 booster:e4w1:6hQh:2s3s4s5s6s9s:2h3h4h5h8h9hThKh2d3d4d5d6d8d9dTd8sTsQsKs2c3c4c5c6c8c9cTc:-:mid=e4";
    assert_eq!(position(mid).to_fen(&Booster), mid);
}

fn fen_error(fen: &str) -> FenError {
    match Position::<Booster>::from_fen(&Booster, fen) {
        Ok(_) => panic!("accepted {fen}"),
        Err(error) => error,
    }
}

#[test]
fn bad_booster_fields_are_refused_with_reasons() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let deal = ":6hKh3sQsKs9c:2d8dTd4s2c8c:9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:-";
    let cases = [
        (board.to_string(), "missing"),
        (format!("{board} booster:-{deal} extra"), "extra"),
        (format!("{board} boost:-{deal}"), "booster:"),
        (format!("{board} booster:e2w7{deal}"), "1 to 6"),
        (format!("{board} booster:e2x1{deal}"), "e2x1"),
        (format!("{board} booster:e4w1{deal}"), "no piece"),
        (
            format!("{board} booster:a2w2,b2w2,c2w2,d2w1{deal}"),
            "checkers",
        ),
        (format!("{board} booster:e2w1,e2w1{deal}"), "twice"),
        (
            format!(
                "{board} booster:-:6hKh3sQsKs9c6h:2d8dTd4s2c8c:9dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:-"
            ),
            "twice",
        ),
        (
            format!(
                "{board} booster:-:6hKh3sQsKs9c:2d8dTd4s2c8c:9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8h:-"
            ),
            "missing",
        ),
        (
            format!(
                "{board} booster:-:6hKh3sQsKs9c:2d8dTd4s2c8c:9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:Xx"
            ),
            "expected cards",
        ),
        (format!("{board} booster:-{deal}:mid=e5"), "mid=e5"),
        (format!("{board} booster:-{deal}:mid=e7"), "mid=e7"),
        (format!("{board} booster:-{deal}:half=e2"), "mid="),
    ];
    for (fen, why) in cases {
        let error = fen_error(&fen).to_string();
        assert!(error.contains(why), "{fen}: '{error}' does not say '{why}'");
    }
    // Black drew last and holds fewer cards than its six checkers in front, with nothing left
    // to reshuffle.
    let short = format!(
        "{board} booster:-:6hKh3sQsKs9c2d8dTd4s2c8c9d6dQh5c6s5d5s9s9h8s3h5hTs3c4hTh2s4d6c2h3d4c8hTc:-:-:-"
    );
    assert!(fen_error(&short).to_string().contains("fewer cards"));
}

// ----- the rulings, one test each -----

/// The cards that complete a deal: `hands` and `discard` as given, the rest in the draw pile in
/// canonical order.
fn deal(stacks: &str, white: &str, black: &str, discard: &str) -> String {
    let used: Vec<String> = [white, black, discard]
        .iter()
        .filter(|t| **t != "-")
        .flat_map(|t| (0..t.len()).step_by(2).map(|i| t[i..i + 2].to_string()))
        .collect();
    let rest: String = booster::Card::all()
        .map(|c| c.to_string())
        .filter(|c| !used.contains(c))
        .collect();
    let rest = if rest.is_empty() { "-".into() } else { rest };
    format!("booster:{stacks}:{white}:{black}:{rest}:{discard}")
}

fn square(name: &str) -> amity_engine::Square {
    amity_engine::Square::from_ascii(name.as_bytes()).expect("a square")
}

#[test]
fn a_boosted_piece_steps_after_its_move_capturing_on_the_way() {
    // A white knight on two checkers jumps to d5, steps to c6 taking the hobbled knight (whose
    // white checker joins the stack), and may step on with two.
    let fen = format!(
        "7k/8/2n5/8/8/2N5/8/4K3 w - - 0 1 {}",
        deal("c3w2,c6w1", "6h", "6s9s2s3s4s5s", "-")
    );
    let mut game = game(&fen);
    let start = decisions(game.position());
    assert!(start.iter().all(|t| !t.starts_with("add") && t != "pass"));
    game.play_token("c3d5").expect("normal move");
    assert!(has(&decisions(game.position()), "d5c6"));
    game.play_token("d5c6").expect("step capturing");
    let pos = game.position();
    assert_eq!(pos.state.stacks.get(square("c6")), 2);
    assert_eq!(pos.state.in_front(Color::White), 4);
    assert_eq!(pos.state.mid, Some(square("c6")));
    assert!(has(&decisions(pos), "c6c7"));
    // Spending both leaves a bare knight that cannot step again.
    game.play_token("c6c7").expect("step");
    game.play_token("c7c8").expect("step");
    let last = decisions(game.position());
    assert!(
        last.iter().all(|t| t.starts_with("add") || t == "pass"),
        "{last:?}"
    );
}

#[test]
fn steps_never_capture_a_king_and_a_piece_without_boosters_has_none() {
    // Inside White's turn the knight on e4 (one checker) stands beside the black king.
    let fen = format!(
        "8/8/8/3k4/4N3/8/8/4K3 w - - 0 1 {}:mid=e4",
        deal("e4w1", "6h", "6s9s2s3s4s5s", "-")
    );
    let steps = decisions(&position(&fen));
    assert!(!has(&steps, "e4d5"), "{steps:?}");
    assert!(has(&steps, "e4e5"));
    let bare = fen.replace("e4w1", "-");
    let steps = decisions(&position(&bare));
    assert!(
        steps.iter().all(|t| t.starts_with("add") || t == "pass"),
        "{steps:?}"
    );
}

#[test]
fn capture_cancels_opposite_checkers_pair_by_pair() {
    // A rook on two white checkers takes a bishop on one black checker: one white checker is
    // left, the cancelled pair goes back in front of both.
    let fen = format!(
        "4k3/8/3b4/8/8/8/3R4/4K3 w - - 0 1 {}",
        deal("d2w2,d6b1", "6h9h", "6s9s2s3s4s", "-")
    );
    let mut game = game(&fen);
    game.play_token("d2d6").expect("capture");
    let state = &game.position().state;
    assert_eq!(state.stacks.get(square("d6")), 1);
    assert_eq!(state.in_front(Color::White), 5);
    assert_eq!(state.in_front(Color::Black), 6);
}

#[test]
fn an_add_onto_an_opposite_stack_cancels_and_the_adder_draws() {
    // White plays Black's bishop card under Black's boosted bishop: the pair cancels, both
    // checkers go back in front, and White draws back up to six cards.
    let fen = format!(
        "4k3/8/3b4/8/8/8/3R4/4K3 w - - 0 1 {}",
        deal("d6b1", "6h9s", "6s2s3s4s5s", "-")
    );
    let mut refused = game(&fen);
    let error = refused.play_token("d2d3,add:6h@d6").unwrap_err();
    assert!(
        matches!(error, MoveError::Illegal(_)),
        "a white 6 matches only white pieces"
    );
    assert_eq!(
        refused.moves().len(),
        0,
        "a refused turn leaves the game as it was"
    );
    let mut game = game(&fen);
    game.play_token("d2d3,add:9s@d6").expect("hobbling add");
    let state = &game.position().state;
    assert_eq!(state.stacks.get(square("d6")), 0);
    assert_eq!(state.in_front(Color::White), 6);
    assert_eq!(state.in_front(Color::Black), 6);
    assert_eq!(state.hand(Color::White).len(), 6);
    assert_eq!(state.discard.cards()[0].to_string(), "9s");
}

#[test]
fn a_hobbled_piece_moves_like_a_pawn_and_a_hobbled_pawn_not_at_all() {
    let fen = format!(
        "4k3/8/8/3pN3/8/8/3P4/2QK4 w - d6 0 1 {}",
        deal("c1b1,d2b1,d1b1,e5b1", "6h", "6c9c8c3c5d", "-")
    );
    let pos = position(&fen);
    let moves = decisions(&pos);
    // The queen on c1 moves one square forward; the pawn on d2 is frozen; the king moves
    // like a pawn (d1d2 is blocked) and so has no move; the knight on e5 goes e6 or takes
    // en passant on d6.
    assert_eq!(moves, ["c1c2", "e5d6", "e5e6"]);
    let mut game = game(&fen);
    game.play_token("e5d6")
        .expect("en passant by a hobbled knight");
    let pos = game.position();
    assert!(pos.piece_at(square("d5")).is_none());
    // The captured pawn had no checkers; the knight keeps its hobble checker.
    assert_eq!(pos.state.stacks.get(square("d6")), -1);
}

#[test]
fn en_passant_only_after_a_double_step_with_no_step_after_it() {
    let fen = format!(
        "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 {}",
        deal("d7b1", "6h2h3h4h5h8h", "6s", "-")
    );
    let mut stepped = game(&fen);
    stepped
        .play_token("d7d5,d5d4,pass")
        .expect("double step then a step");
    assert!(!has(&decisions(stepped.position()), "e5d6"));
    assert_eq!(stepped.position().en_passant(), None);
    let mut plain = game(&fen);
    plain.play_token("d7d5,pass").expect("double step");
    assert!(has(&decisions(plain.position()), "e5d6"));
}

#[test]
fn arriving_on_the_last_rank_returns_the_hobble_checkers() {
    let fen = format!(
        "4k3/R7/8/8/8/8/1r6/4K3 w - - 0 1 {}",
        deal("a7b2,b2w1", "6hTh", "6s9s2s3s4s5s", "-")
    );
    let mut game = game(&fen);
    assert_eq!(
        decisions(game.position())
            .iter()
            .filter(|t| t.starts_with("a7"))
            .count(),
        1
    );
    game.play_token("a7a8")
        .expect("the hobbled rook steps forward like a pawn");
    let state = &game.position().state;
    assert_eq!(state.stacks.get(square("a8")), 0);
    assert_eq!(state.in_front(Color::Black), 6);
    // An add onto a piece already on its last rank stays.
    let fen = format!(
        "R7/7k/8/8/8/8/8/4K3 w - - 0 1 {}",
        deal("-", "6h", "6s9s2s3s4sTh", "-")
    );
    let mut black = self::game(&fen);
    black.play_token("e1e2,pass").expect("white turn");
    black
        .play_token("h7g7,add:Th@a8")
        .expect("black hobbles the rook on a8");
    assert_eq!(black.position().state.stacks.get(square("a8")), -1);
}

#[test]
fn a_pawn_stepping_onto_the_last_rank_promotes_and_steps_on() {
    let fen = format!(
        "4k3/5P2/8/8/8/8/8/4K3 w - - 0 1 {}:mid=f7",
        deal("f7w2", "6hKh", "6s9s2s3s4s5s", "-")
    );
    let mut game = game(&fen);
    let moves = decisions(game.position());
    for kind in ["q", "r", "b", "n"] {
        assert!(has(&moves, &format!("f7g8{kind}")));
    }
    game.play_token("f7g8n").expect("promotion by a step");
    let pos = game.position();
    assert_eq!(pos.piece_at(square("g8")).map(|p| p.kind.index()), Some(1));
    assert_eq!(pos.state.stacks.get(square("g8")), 1);
    assert!(has(&decisions(pos), "g8h8"));
}

#[test]
fn matching_is_by_current_kind_and_falls_back_to_every_piece() {
    // White has no knight: its knight card matches every white piece. The queen card matches
    // the promoted queen only; the 6 every white piece. Two pawn cards make the same add as
    // two decisions.
    let fen = format!(
        "4k3/8/8/8/8/8/PP3P2/Q3K3 w - - 0 1 {}:mid=f2",
        deal("-", "2h3h8hQh6h", "6s9s2s3s4s5s", "-")
    );
    let moves = decisions(&position(&fen));
    let adds = |card: &str| -> Vec<&str> {
        moves
            .iter()
            .filter(|t| t.starts_with(&format!("add:{card}@")))
            .map(String::as_str)
            .collect()
    };
    assert_eq!(adds("8h").len(), 5);
    assert_eq!(adds("6h").len(), 5);
    assert_eq!(adds("Qh"), ["add:Qh@a1"]);
    assert_eq!(adds("2h"), ["add:2h@a2", "add:2h@b2", "add:2h@f2"]);
    assert_eq!(adds("3h"), ["add:3h@a2", "add:3h@b2", "add:3h@f2"]);
}

#[test]
fn no_add_without_a_checker_in_front() {
    let fen = format!(
        "4k3/8/8/8/8/8/PPPPPP2/4K3 w - - 0 1 {}:mid=f2",
        deal("a2w1,b2w1,c2w1,d2w1,e2w1,f2w1", "2h3h", "6s9s2s3s4s5s", "-")
    );
    let moves = decisions(&position(&fen));
    assert!(moves.iter().all(|t| !t.starts_with("add")), "{moves:?}");
    assert!(has(&moves, "pass"));
}

#[test]
fn castling_is_refused_through_booster_threats_and_with_checkers() {
    // The black knight on h4 with one checker can jump to g2 and step to f1 or g1: the king
    // may not pass there, but may castle long.
    let fen = format!(
        "r3k2r/8/8/8/7n/8/8/R3K2R w KQkq - 0 1 {}",
        deal("h4b1", "6hKh", "6s9s2s3s4s", "-")
    );
    let moves = decisions(&position(&fen));
    assert!(!has(&moves, "e1g1"), "{moves:?}");
    assert!(has(&moves, "e1c1"));
    // A rook on any checker may not castle.
    let fen = format!(
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 {}",
        deal("a1w1,a8b1", "6hKh", "6s9s2s3s4s", "-")
    );
    let moves = decisions(&position(&fen));
    assert!(has(&moves, "e1g1"));
    assert!(!has(&moves, "e1c1"));
    let mut game = game(&fen);
    game.play_token("e1e2,pass").expect("king move");
    let moves = decisions(game.position());
    assert!(has(&moves, "e8g8"));
    assert!(!has(&moves, "e8c8"));
}

#[test]
fn check_by_steps_must_be_answered_by_the_normal_move() {
    // White's knight on c3 (two checkers) can jump to b5, take the hobbled knight on c6
    // (gaining its white checker) and walk d7, e8: Black is in check though nothing attacks
    // its king.
    let fen = format!(
        "r3k2r/ppp2ppp/2n1b3/3p4/8/2N5/PPP2PPP/R3K2R b KQkq - 0 1 {}",
        deal("c3w2,c6w1", "6hKh2h3h", "6s9c8sTs2c3c", "-")
    );
    let pos = position(&fen);
    assert!(Booster.in_check(&pos));
    let moves = decisions(&pos);
    // Castling out of check is refused; every answer leaves the king safe at once.
    assert!(!has(&moves, "e8g8") && !has(&moves, "e8c8"));
    for token in &moves {
        let mut game = Game::from_fen(Booster, &fen).expect("fen");
        game.play_token(token).expect("legal");
        assert!(
            !booster::king_in_danger(game.position(), Color::Black),
            "{token}"
        );
    }
    // Taking the d7 path away by moving the king's neighbour does not help if the knight can
    // still walk: e.g. a7a6 leaves the check.
    assert!(!has(&moves, "a7a6"));
}

#[test]
fn a_move_exposing_the_king_is_illegal_even_if_a_step_would_cover_it() {
    // The white bishop on e2 shields its king from the rook on e8. Moving it away exposes the
    // king at once, even though a step back could cover again.
    let fen = format!(
        "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 {}",
        deal("e2w2", "6h", "6s9s2s3s4s5s", "-")
    );
    let moves = decisions(&position(&fen));
    assert!(moves.iter().all(|t| !t.starts_with("e2")), "{moves:?}");
}

#[test]
fn checkmate_when_no_normal_move_and_in_check_stalemate_otherwise() {
    let mate = format!(
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1 {}",
        deal("-", "6h2h3h4h5h8h", "6s9s2s3s4s5s", "-")
    );
    let game = game(&mate);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    let stalemate = format!(
        "7k/8/6QK/8/8/8/8/8 b - - 0 1 {}",
        deal("-", "6h2h3h4h5h8h", "6s9s2s3s4s5s", "-")
    );
    assert_eq!(
        self::game(&stalemate).outcome(),
        Some(Outcome::Draw(amity_engine::DrawReason::Stalemate))
    );
}

#[test]
fn the_fifty_move_counter_counts_turns_and_adds_do_not_reset_it() {
    let fen = format!(
        "4k3/8/8/8/8/8/8/R3K3 w - - 7 20 {}",
        deal("-", "6h", "6s9s2s3s4s5s", "-")
    );
    let mut game = game(&fen);
    game.play_token("a1a2,add:6h@a2").expect("turn");
    assert_eq!(game.position().halfmove_clock(), 8);
    game.play_token("e8e7,pass").expect("turn");
    assert_eq!(game.position().halfmove_clock(), 9);
    assert_eq!(game.position().fullmoves(), 21);
}

#[test]
fn the_draw_fills_the_hand_to_the_checkers_in_front_and_never_discards() {
    let fen = format!(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 {}",
        deal("-", "6h2h3h4h5h8h9h", "6s9s2s3s4s5s", "-")
    );
    let mut game = game(&fen);
    game.play_token("a1a2,add:6h@a2").expect("turn");
    // Five checkers in front, six cards left: no draw, no discard.
    assert_eq!(game.position().state.hand(Color::White).len(), 6);
    assert_eq!(game.position().state.draw.len(), 36 - 7 - 6);
}

#[test]
fn the_reshuffle_is_chance_and_perft_turns_the_pile_over() {
    // White holds one card and has six checkers in front; the draw pile is empty.
    let discard = "2d3d4d5d6d8d9dTd2c3c4c5c6c8c9cTc8sTsQsKs2h3h4h5h8h9hThQhKh";
    let fen = format!("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 booster:-:6h:6s9s2s3s4s5s:-:{discard}");
    let mut game = game(&fen);
    game.play_token("a1a2,pass").expect("turn");
    assert_eq!(game.chance_outcomes().len(), 29);
    assert!(game.legal_moves().is_empty());
    assert!(game.outcome().is_none());
    // Perft's convention: the oldest discarded card becomes the top.
    let mut turned = game.position().clone();
    while let Some(mv) = Booster.perft_chance(&turned) {
        assert_eq!(mv.flag(), MoveFlag::Chance);
        Booster.play(&mut turned, mv);
    }
    let hand: Vec<String> = turned
        .state
        .hand(Color::White)
        .cards()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(hand, ["6h", "2d", "3d", "4d", "5d", "6d"]);
    assert_eq!(turned.state.draw.len(), 24);
    // A shuffle token gives any order.
    let mut order: Vec<String> = (0..discard.len())
        .step_by(2)
        .map(|i| discard[i..i + 2].to_string())
        .collect();
    order.reverse();
    let token = format!("shuffle:{}", order.concat());
    let mut shuffled = game.clone();
    booster::play_record_token(&mut shuffled, &token).expect("shuffle");
    let hand: Vec<String> = shuffled
        .position()
        .state
        .hand(Color::White)
        .cards()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(hand, ["6h", "8h", "9h", "Th", "Qh", "Kh"]);
    // A shuffle token that is not exactly the discard pile, or comes when no draw waits, is
    // refused.
    assert!(booster::play_record_token(&mut game.clone(), "shuffle:Kh").is_err());
    let mut fresh = Game::new(Booster);
    assert!(booster::play_record_token(&mut fresh, &token).is_err());
    // A record with no shuffle token: the next turn comes after the pile turned over.
    let mut unshuffled = game.clone();
    booster::play_record_token(&mut unshuffled, "e8e7").expect("Black's turn");
    let hand: Vec<String> = unshuffled
        .position()
        .state
        .hand(Color::White)
        .cards()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(hand, ["6h", "2d", "3d", "4d", "5d", "6d"]);
    assert_eq!(unshuffled.position().turn(), Color::White);
}

#[test]
fn arrival_order_is_capture_cancellation_promotion_last_rank_return() {
    // The pawn on g7 (one white checker) takes the knight on h8 carrying three black checkers:
    // one pair cancels, the pawn promotes hobbled by two, and arriving on rank 8 frees it.
    let fen = format!(
        "4k2n/6P1/8/8/8/8/8/4K3 w - - 0 1 {}",
        deal("g7w1,h8b3", "6h", "6s9s2s", "-")
    );
    let mut game = game(&fen);
    game.play_token("g7h8q").expect("capture and promotion");
    let pos = game.position();
    assert_eq!(pos.piece_at(square("h8")).map(|p| p.kind.index()), Some(4));
    assert_eq!(pos.state.stacks.get(square("h8")), 0);
    assert_eq!(pos.state.in_front(Color::White), 6);
    assert_eq!(pos.state.in_front(Color::Black), 6);
    // No checker left, so no step: only adds and pass.
    assert!(
        decisions(pos)
            .iter()
            .all(|t| t.starts_with("add") || t == "pass")
    );
}

#[test]
fn whole_turn_tokens_read_with_or_without_their_closing_pass() {
    let mut game = Game::new(Booster);
    booster::play_record_token(&mut game, "e2e4").expect("a turn without its close");
    assert_eq!(game.position().turn(), Color::Black);
    let mut written = Game::new(Booster);
    written.play_token("e2e4,pass").expect("a whole turn");
    assert_eq!(
        written.position().to_fen(&Booster),
        game.position().to_fen(&Booster)
    );
    let pos = Position::<Booster>::from_fen(&Booster, START_FEN).expect("start");
    let mut after = pos.clone();
    let mv = amity_engine::game::parse_move(&Booster, &pos, "e2e4").expect("e2e4");
    Booster.play(&mut after, mv);
    let adds: Vec<String> = decisions(&after)
        .into_iter()
        .filter(|t| t.starts_with("add"))
        .collect();
    assert!(has(&adds, "add:6h@e4") && has(&adds, "add:Kh@e1") && has(&adds, "add:3s@e7"));
    assert_eq!(Booster.format_move(Move::pass()), "pass");
}

#[test]
fn the_hash_covers_hands_and_pile_order() {
    let base = position(START_FEN);
    let swapped_hand =
        position(&START_FEN.replace(":6hKh3sQsKs9c:2d8dTd4s2c8c:", ":2d8dTd4s2c8c:6hKh3sQsKs9c:"));
    assert_ne!(base.hash(), swapped_hand.hash());
    let reordered = position(&START_FEN.replace(":9d6dQh", ":6d9dQh"));
    assert_ne!(base.hash(), reordered.hash());
}

#[test]
fn an_add_needs_no_test_even_when_it_leaves_the_adder_threatened() {
    // Hobbling the black rook on e2 makes it attack d1 and f1 like a black pawn, next to the
    // white king: the add is legal all the same, and the FEN of the result is accepted.
    let fen = format!(
        "4k3/8/8/8/8/8/P3r3/3K4 w - - 0 1 {}",
        deal("-", "6hTs", "2s3s4s5s6s9s", "-")
    );
    let mut game = game(&fen);
    game.play_token("a2a3,add:Ts@e2").expect("hobbling add");
    let pos = game.position();
    assert!(booster::king_in_danger(pos, Color::White));
    assert!(!Booster.in_check(pos), "Black, to move, is not in check");
    let again = position(&pos.to_fen(&Booster));
    assert_eq!(again.hash(), pos.hash());
    // The hobbled rook moves like a black pawn: e2e1 (freed on its last rank), never onto d1.
    let moves = decisions(pos);
    assert!(has(&moves, "e2e1") && !has(&moves, "e2d1"), "{moves:?}");
    game.play_token("e2e1").expect("forward");
    assert_eq!(game.position().state.stacks.get(square("e1")), 0);
}
