//! Secret Chesswords: the perft data confirmed by an independent reference
//! (`chesswords_reference`, written from RULES.md apart from the engine), random games
//! walked beside it FEN by FEN, decision and whole-turn tokens, views and bad FENs. The
//! protocol and the referee: `tests/cli/chesswords.rs`.

use crate::chesswords_reference;
use crate::common;

use amity_engine::{
    Color, Game, MoveList, Notation, Position, Presentation, Rules, RulesExt, perft::perft,
};
use amity_variants::chesswords::{self, Chesswords, Stage};
use chesswords_reference::RefPos;
use common::read_perft_file;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

const START: &str = chesswords::START_FEN;

fn position(fen: &str) -> Position<Chesswords> {
    Position::from_fen(&Chesswords::default(), fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn decisions(pos: &Position<Chesswords>) -> Vec<String> {
    let rules = Chesswords::default();
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut tokens: Vec<String> = moves.iter().map(|mv| rules.format_move(*mv)).collect();
    tokens.sort();
    tokens
}

fn perft_cases() -> Vec<common::PerftCase> {
    let path = crate::common::repository_file("tests/perft/chesswords.perft");
    read_perft_file(&path)
}

// ----- perft -----

#[test]
fn the_engine_counts_the_perft_file() {
    let cases = perft_cases();
    assert!(cases.len() >= 9, "the start and at least eight positions");
    let rules = Chesswords::default();
    for case in cases {
        let pos = position(&case.fen);
        for (depth, expected) in &case.counts {
            assert_eq!(
                perft(&rules, &pos, *depth),
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
        let reference = RefPos::from_fen(&case.fen);
        assert_eq!(
            reference.to_fen(),
            case.fen,
            "the reference reads its FEN back"
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
fn the_start_counts_are_rules_md_figures() {
    let pos = position(START);
    let rules = Chesswords::default();
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&rules, &pos, depth)).collect();
    assert_eq!(counts, [17, 170, 3570, 35600]);
}

/// Seeded random games over random deals and layouts, decision by decision: the engine and
/// the reference owe the same decisions and reach the same FEN after each.
#[test]
fn random_games_agree_with_the_reference() {
    let rules = Chesswords::default();
    let mut rng = StdRng::seed_from_u64(32);
    let mut decisions_checked = 0;
    let mut captures = 0;
    for _ in 0..60 {
        let mut pos = rules.deal(&mut rng).expect("a deal is a valid position");
        for _ in 0..200 {
            let fen = pos.to_fen(&rules);
            let reference = RefPos::from_fen(&fen);
            assert_eq!(reference.to_fen(), fen);
            let mut expected = reference.decisions();
            expected.sort();
            let owed = decisions(&pos);
            assert_eq!(owed, expected, "decisions of {fen}");
            let Some(token) = owed.choose(&mut rng) else {
                break;
            };
            // Say and word clues cost or keep nothing in a random walk; prefer captures and
            // discards so the walk reaches the special rules.
            let token = owed
                .iter()
                .find(|t| t.starts_with("discard:"))
                .or_else(|| {
                    owed.iter()
                        .find(|t| t.len() >= 4 && pos_has_piece(&fen, &t[2..4]))
                        .filter(|_| rng_coin(&mut rng))
                })
                .unwrap_or(token)
                .clone();
            if token.starts_with("discard:") {
                captures += 1;
            }
            let mut game = Game::from_fen(rules.clone(), &fen).unwrap();
            game.play_token(&token).unwrap();
            pos = game.position().clone();
            assert_eq!(
                pos.hash(),
                pos.fresh_hash(&rules),
                "hash after {token} from {fen}"
            );
            assert_eq!(
                pos.to_fen(&rules),
                reference.play(&token).to_fen(),
                "{token} from {fen}"
            );
            decisions_checked += 1;
        }
    }
    assert!(decisions_checked > 2000, "{decisions_checked}");
    assert!(captures > 20, "the walks discard: {captures}");
}

fn pos_has_piece(fen: &str, square: &str) -> bool {
    let placement = fen.split_whitespace().next().unwrap();
    let file = usize::from(square.as_bytes()[0].wrapping_sub(b'a'));
    let Some(rank) = square.as_bytes()[1].checked_sub(b'1') else {
        return false;
    };
    let Some(row) = placement
        .split('/')
        .nth(5usize.saturating_sub(usize::from(rank)))
    else {
        return false;
    };
    let mut at = 0;
    for c in row.chars() {
        if let Some(gap) = c.to_digit(10) {
            at += gap as usize;
        } else {
            if at == file {
                return true;
            }
            at += 1;
        }
    }
    false
}

fn rng_coin(rng: &mut StdRng) -> bool {
    use rand::Rng;
    rng.random_bool(0.7)
}

// ----- tokens -----

#[test]
fn a_word_clue_keeps_its_word_and_the_mover_sees_a_question_mark() {
    let rules = Chesswords::default();
    let mut game = Game::from_fen(rules.clone(), START).unwrap();
    game.play_token("word:reps").unwrap();
    let pos = game.position().clone();
    assert_eq!(
        pos.to_fen(&rules),
        START.replace("cw:0:0:0:clue", "cw:0:0:0:move-word-reps")
    );
    let view = rules.view(&pos, Color::White);
    assert!(
        view.to_fen(&rules)
            .ends_with("hands:PnRp/???? stack:?????? cw:0:0:0:move-word-?")
    );
    let giver = rules.view(&pos, Color::Black);
    assert!(
        giver
            .to_fen(&rules)
            .ends_with("hands:????/KqpP stack:?????? cw:0:0:0:move-word-reps")
    );
    // The word's ends must fit a legal move: r on e1, s on d3.
    game.play_token("e1d3").unwrap();
    assert_eq!(game.position().state.stage, Stage::Clue);
}

/// What the referee tells each seat of a decision, played on that seat's view, gives the
/// seat's view after it: the mover hears a word clue as `word:?` and learns nothing of the
/// word, while everything else is told alike to both seats.
#[test]
fn each_seat_is_told_a_decision_as_its_view_may_see_it() {
    let rules = Chesswords::default();
    let mut rng = StdRng::seed_from_u64(66);
    let mut words = 0;
    for _ in 0..40 {
        let mut pos = rules.deal(&mut rng).expect("a deal is a valid position");
        for _ in 0..120 {
            let owed = decisions(&pos);
            // Word clues first where there are any, so the walk meets many.
            let words_owed: Vec<&String> = owed.iter().filter(|t| t.starts_with("word:")).collect();
            let token = match words_owed.choose(&mut rng) {
                Some(word) if rng_coin(&mut rng) => (*word).clone(),
                _ => match owed.choose(&mut rng) {
                    Some(token) => token.clone(),
                    None => break,
                },
            };
            let mv = amity_engine::game::parse_move(&rules, &pos, &token).expect("legal");
            let mut after = pos.clone();
            rules.play(&mut after, mv);
            for listener in [Color::White, Color::Black] {
                let told = rules.announce_to(&pos, mv, listener);
                if !token.starts_with("word:") || listener == pos.turn() {
                    assert_eq!(told, rules.announce(&pos, mv), "told alike to both seats");
                }
                // A capture's discard is replayed into a view whose discarder's hand is
                // unseen only with the rest of the turn (docs/variants/chesswords.md), so
                // the view after one decision alone is compared for clues.
                if !["word:", "say:", "pass"]
                    .iter()
                    .any(|clue| token.starts_with(clue))
                {
                    continue;
                }
                if token.starts_with("word:") && listener != pos.turn() {
                    assert_eq!(told, chesswords::UNSEEN_WORD, "the mover hears no letter");
                    words += 1;
                }
                let mut heard =
                    Game::from_fen(rules.clone(), &rules.view(&pos, listener).to_fen(&rules))
                        .expect("a view is a position");
                heard
                    .play_token(&told)
                    .unwrap_or_else(|e| panic!("'{told}' on the view: {e}"));
                assert_eq!(
                    heard.position().to_fen(&rules),
                    rules.view(&after, listener).to_fen(&rules),
                    "{token} told as {told}"
                );
            }
            pos = after;
            if rules.terminal(&pos).is_some() {
                break;
            }
        }
    }
    assert!(words > 20, "only {words} word clues met");
}

#[test]
fn whole_turn_tokens_play_every_decision_or_none() {
    let rules = Chesswords::default();
    let mut game = Game::from_fen(rules.clone(), START).unwrap();
    game.play_token("word:reps,e1d3").unwrap();
    assert_eq!(game.moves().len(), 2);
    game.play_token("say:pb,a5a4").unwrap();
    assert_eq!(game.position().state.penalties, 1);
    let before = game.position().to_fen(&rules);
    for bad in [
        "word:xq,a2a3",
        "pass,a2a5",
        "word:a,a2a3",
        "word:ed,a2a3,discard:P",
        ",a2a3",
        "word:ed,",
    ] {
        assert!(game.play_token(bad).is_err(), "{bad}");
        assert_eq!(
            game.position().to_fen(&rules),
            before,
            "{bad} changed nothing"
        );
    }
    game.play_token("pass,a2a3").unwrap();
    game.play_token("pass").unwrap();
    assert_eq!(game.position().state.stage, Stage::Over);
    assert!(game.legal_moves().is_empty());
    assert!(
        game.play_token("pass").is_err(),
        "a finished game has no decisions"
    );
}

#[test]
fn a_capture_with_a_discard_is_one_turn_token() {
    let rules = Chesswords::default();
    let fen = "3k2/6/2n3/6/6/2QK2 w - - 0 5 letters:ikawug/pirend/btanum/dersop/elomir/setari \
               checkers:- hands:PR/nQp stack:Pp cw:0:1:0:move-pass";
    let mut game = Game::from_fen(rules.clone(), fen).unwrap();
    game.play_token("c1c4,discard:Q").unwrap();
    let pos = game.position();
    let fen = pos.to_fen(&rules);
    assert!(
        fen.contains("checkers:c1 hands:PR/npP stack:p cw:0:1:0:clue"),
        "{fen}"
    );
    // Black discarded and moves next; White gives the clue.
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(rules.fen_turn(pos), Color::Black);
}

// ----- FEN and views -----

#[test]
fn bad_fens_are_refused_with_a_reason() {
    let rules = Chesswords::default();
    let good = START;
    for (bad, why) in [
        (good.replace("letters:ikawug", "letters:ikawu"), "letters"),
        (good.replace("checkers:-", "checkers:a3,a3"), "twice"),
        (good.replace("checkers:-", "checkers:a1"), "checker on a1"),
        (good.replace("checkers:-", "checkers:g1"), "off the board"),
        (good.replace("hands:PnRp", "hands:PnBp"), "hand"),
        (good.replace("hands:PnRp/KqpP", "hands:KKRp/KqpP"), "more"),
        (good.replace("cw:0:0:0:clue", "cw:0:0:0:dance"), "stage"),
        (good.replace("cw:0:0:0:clue", "cw:0:3:0:clue"), "cw passes"),
        (good.replace("cw:0:0:0:clue", "cw:0:2:0:clue"), "passes"),
        (good.replace("cw:0:0:0:clue", "cw:0:0:1:clue"), "king"),
        (
            good.replace("cw:0:0:0:clue", "cw:0:0:0:move-pass"),
            "passes",
        ),
        (
            good.replace("cw:0:0:0:clue", "cw:0:0:0:discard-pNc2"),
            "discard-",
        ),
        (good.replace(" cw:0:0:0:clue", ""), "cw:"),
        (format!("{good} extra"), "extra"),
        (good.replace("RNQKNR w -", "RNQKNR w KQ"), "astling"),
    ] {
        let error = Position::from_fen(&rules, &bad)
            .err()
            .unwrap_or_else(|| panic!("accepted {bad}"));
        assert!(error.to_string().contains(why), "{bad}: {error}");
    }
}

#[test]
fn views_hide_the_partners_hand_and_the_stack_and_samples_fill_them() {
    let rules = Chesswords::default();
    let pos = position(START);
    let view = rules.view(&pos, Color::White);
    assert!(rules.is_view(&view));
    assert!(!rules.is_view(&pos));
    assert!(view.to_fen(&rules).contains("hands:PnRp/???? stack:??????"));
    let reread = position(&view.to_fen(&rules));
    assert_eq!(reread.to_fen(&rules), view.to_fen(&rules));
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..20 {
        let world = rules.sample_state(&view, &mut rng);
        assert!(!rules.is_view(&world));
        assert_eq!(world.hash(), world.fresh_hash(&rules));
        assert_eq!(world.state.hands[0], pos.state.hands[0], "own hand kept");
        // Every sample is a valid full state (the deck is respected).
        position(&world.to_fen(&rules));
    }
}

// ----- the referee -----

/// Boards drawn by a program label every square with its letter (RULES.md's reference layout:
/// rank 1 reads `setari`), a checker's letter in capitals.
#[test]
fn every_square_is_labelled_with_its_letter() {
    let rules = Chesswords::default();
    let labels = rules.square_labels(&position(START));
    assert_eq!(labels.len(), 36);
    let rank1: String = labels.iter().take(6).map(|l| l.text.as_str()).collect();
    assert_eq!(rank1, "setari");
    let marked = START.replace("checkers:-", "checkers:c3");
    let c3 = rules
        .square_labels(&position(&marked))
        .into_iter()
        .find(|l| l.square.to_string() == "c3")
        .unwrap();
    assert_eq!(c3.text, c3.text.to_uppercase());
}
