//! Amity as a Secret Chesswords partner: decisions from views alone, whole games between two
//! partners replayed token by token, and the English side (WordNet clues both ways) on a tiny
//! hand-made WordNet (`tests/wordnet`) and, ignored, on Debian's `wordnet-base` and
//! `wamerican`.

use std::path::{Path, PathBuf};

use amity_engine::{Color, Game, Move, Position, Rules, RulesExt, Square};
use amity_variants::chesswords::partner::{self, CluePlan};
use amity_variants::chesswords::score::Grade;
use amity_variants::chesswords::table::{self, Speech};
use amity_variants::chesswords::wordnet::{ClueKind, WordNet};
use amity_variants::chesswords::{self, Chesswords, Stage};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn fixture(name: &str) -> PathBuf {
    crate::common::repository_file("tests").join(name)
}

fn tiny_wordnet() -> WordNet {
    WordNet::load(&fixture("wordnet")).expect("the fixture reads")
}

fn tiny_rules() -> Chesswords {
    Chesswords::with_word_file(fixture("wordnet/words.txt").to_str().unwrap())
}

fn small_rules() -> Chesswords {
    Chesswords::with_word_file(fixture("words/small.txt").to_str().unwrap())
}

fn sq(name: &str) -> Square {
    Square::from_ascii(name.as_bytes()).unwrap()
}

// ----- WordNet -----

#[test]
fn clues_are_synonyms_then_general_words_then_glosses_and_never_hold_the_word() {
    let wordnet = tiny_wordnet();
    let clues = wordnet.clues("car");
    let texts: Vec<(&str, ClueKind)> = clues.iter().map(|c| (c.text.as_str(), c.kind)).collect();
    assert_eq!(
        texts,
        [
            ("automobile", ClueKind::Synonym),
            ("vehicle", ClueKind::General),
            ("a motor vehicle with four wheels", ClueKind::Gloss)
        ]
    );
    for word in ["cab", "taxi", "sea", "ocean", "boat", "vehicle"] {
        for clue in wordnet.clues(word) {
            assert!(!clue.text.contains(word), "{word}: {clue:?}");
        }
    }
    assert!(wordnet.clues("zebra").is_empty());
}

#[test]
fn a_clue_is_understood_as_the_most_related_allowed_word_or_not_at_all() {
    let wordnet = tiny_wordnet();
    let rules = tiny_rules();
    let lexicon = rules.lexicon();
    let any = |_: &str| true;
    let found = |clue: &str, allowed: &dyn Fn(&str) -> bool| {
        wordnet
            .understand(lexicon, clue, allowed)
            .map(|(word, _)| word)
    };
    // A synonym: both words of the synset relate fully; the clue's own word is never the
    // answer, and of the rest the commoner wins.
    assert_eq!(found("automobile", &any).as_deref(), Some("car"));
    // A more general word points down to the more specific ones.
    let starts_c = |w: &str| w.starts_with('c');
    assert_eq!(found("vehicle", &starts_c).as_deref(), Some("car"));
    let starts_t = |w: &str| w.starts_with('t');
    assert_eq!(found("car", &starts_t).as_deref(), Some("taxi"));
    // A gloss is matched by the words it shares.
    assert_eq!(
        found("a large body of salt water", &any).as_deref(),
        Some("ocean")
    );
    // No good match.
    assert_eq!(found("zebra", &any), None);
    assert_eq!(found("ocean", &starts_t), None);
}

#[test]
fn a_missing_wordnet_is_an_error_not_a_crash() {
    let error = WordNet::load(Path::new("/no/such/wordnet")).unwrap_err();
    assert!(error.to_string().contains("wordnet-base"), "{error}");
}

#[test]
fn an_english_clue_leads_the_mover_to_the_wanted_move() {
    // Letters: z everywhere but b1 (c), c3 (r) and a3 (b), so b1c3 is "c..r" and b1a3 "c..b".
    let mut letters = ["zzzzzz"; 6];
    letters[3] = "bzrzzz"; // rank 3
    letters[5] = "zczzzz"; // rank 1
    let fen = format!(
        "3k2/6/6/6/6/1N1K2 w - - 0 1 letters:{} checkers:- hands:-/- stack:- cw:0:0:0:clue",
        letters.join("/")
    );
    let rules = tiny_rules();
    let wordnet = tiny_wordnet();
    let pos = Position::from_fen(&rules, &fen).unwrap();
    let view = rules.view(&pos, Color::Black);
    let wanted = Move::normal(sq("b1"), sq("c3"));
    let plan = CluePlan {
        decision: chesswords::say_decision(2, 17),
        wanted,
    };
    let spoken = partner::english_clue(&rules, &wordnet, &view, &plan, true).unwrap();
    assert_eq!(spoken.word, "car");
    assert!(!spoken.clue.text.contains("car"));
    // The mover hears only the clue text and sees move-word-?.
    let mut game = Game::from_fen(rules.clone(), &fen).unwrap();
    game.play_token(&format!("word:{}", spoken.word)).unwrap();
    let mover_view = rules.view(game.position(), Color::White);
    assert_eq!(mover_view.state.stage, Stage::MoveWord(None));
    let (mv, word) = partner::move_from_clue(&rules, &wordnet, &mover_view, &spoken.clue.text);
    assert_eq!((mv, word.as_deref()), (Some(wanted), Some("car")));
    // The cab (c..b) is the answer to "taxi"; a clue WordNet cannot place is no match.
    let (mv, _) = partner::move_from_clue(&rules, &wordnet, &mover_view, "taxi");
    assert_eq!(mv, Some(Move::normal(sq("b1"), sq("a3"))));
    assert_eq!(
        partner::move_from_clue(&rules, &wordnet, &mover_view, "zebra"),
        (None, None)
    );
}

// ----- the partner's decisions -----

/// The partner decides from the view alone: resampling the hidden cards (and the hidden word)
/// never changes its decision, and the decision is legal in the full state.
#[test]
fn decisions_depend_on_the_view_only() {
    let rules = small_rules();
    let mut rng = StdRng::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..6 {
        let mut pos = rules.deal(&mut rng).unwrap();
        for _ in 0..80 {
            if rules.terminal(&pos).is_some() {
                break;
            }
            let seat = pos.turn();
            let view = rules.view(&pos, seat);
            let decision = partner::decide(&rules, &view, false).expect("a decision");
            let mut legal = amity_engine::MoveList::new();
            rules.generate(&pos, &mut legal);
            assert!(legal.contains(decision), "{}", pos.to_fen(&rules));
            for _ in 0..3 {
                let world = rules.sample_state(&view, &mut rng);
                let again = rules.view(&world, seat);
                assert_eq!(again.to_fen(&rules), view.to_fen(&rules));
                assert_eq!(partner::decide(&rules, &again, false), Some(decision));
                checked += 1;
            }
            rules.play(&mut pos, decision);
        }
    }
    assert!(checked > 300, "{checked}");
}

/// Games between two partners: the record replays through the game's own token reader to
/// the same end, and the account adds up.
#[test]
fn partner_games_replay_and_their_scores_add_up() {
    let rules = small_rules();
    for seed in 0..4 {
        let mut rng = StdRng::seed_from_u64(seed);
        let start = rules.deal(&mut rng).unwrap();
        let report = table::play(&rules, start.clone(), Speech::Letters, 600);
        assert!(!report.truncated);
        assert!(rules.terminal(&report.final_position).is_some());
        let mut game = Game::from_fen(rules.clone(), &start.to_fen(&rules)).unwrap();
        for token in &report.record {
            game.play_token(token)
                .unwrap_or_else(|e| panic!("{token}: {e}"));
        }
        assert_eq!(
            game.position().to_fen(&rules),
            report.final_position.to_fen(&rules)
        );
        let score = &report.score;
        assert_eq!(
            score.letters.len(),
            report.final_position.state.checkers.count()
        );
        let scoring = if score.pair.is_some() { 2 } else { 0 };
        assert_eq!(score.team, scoring * score.player - score.penalties as i32);
        assert_eq!(score.grade, Grade::of(score.team));
        assert_eq!(score.penalties, report.final_position.state.penalties + 2);
        assert!(report.followed <= report.pointed);
    }
}

#[test]
fn grades_follow_the_booklet() {
    assert_eq!(Grade::of(100), Grade::A);
    assert_eq!(Grade::of(85), Grade::A);
    assert_eq!(Grade::of(84), Grade::B);
    assert_eq!(Grade::of(75), Grade::B);
    assert_eq!(Grade::of(60), Grade::C);
    assert_eq!(Grade::of(50), Grade::D);
    assert_eq!(Grade::of(49), Grade::Loss);
    assert_eq!(Grade::of(-3), Grade::Loss);
}

// ----- the real word list and WordNet (ignored: apt-get install wamerican wordnet-base) -----

#[test]
#[ignore = "needs Debian's wamerican and wordnet-base"]
fn real_wordnet_clues_never_hold_their_word_and_are_mostly_understood() {
    let wordnet = WordNet::load(Path::new("/usr/share/wordnet")).unwrap();
    let rules = Chesswords::default();
    let lexicon = rules.lexicon();
    assert!(lexicon.len() > 50_000);
    let mut understood = 0;
    let words = [
        "car", "ocean", "teacher", "bread", "silent", "rapid", "start", "lemon",
    ];
    for word in words {
        let clues = wordnet.clues(word);
        assert!(!clues.is_empty(), "{word}");
        for clue in &clues {
            assert!(!clue.text.contains(word), "{word}: {clue:?}");
        }
        let first = word.as_bytes()[0];
        let last = word.as_bytes()[word.len() - 1];
        let allowed = |w: &str| w.as_bytes()[0] == first && w.as_bytes()[w.len() - 1] == last;
        if clues.iter().any(|clue| {
            wordnet
                .understand(lexicon, &clue.text, &allowed)
                .is_some_and(|(found, _)| found == word)
        }) {
            understood += 1;
        }
    }
    assert!(understood >= 6, "{understood} of {}", words.len());
}

#[test]
#[ignore = "needs Debian's wamerican and wordnet-base"]
fn english_games_end_and_replay() {
    let wordnet = WordNet::load(Path::new("/usr/share/wordnet")).unwrap();
    let rules = Chesswords::default();
    let mut english = 0;
    for seed in 0..3 {
        let start = rules.deal(&mut StdRng::seed_from_u64(seed)).unwrap();
        let speech = Speech::English {
            wordnet: &wordnet,
            check: true,
        };
        let report = table::play(&rules, start.clone(), speech, 600);
        assert!(rules.terminal(&report.final_position).is_some());
        let mut game = Game::from_fen(rules.clone(), &start.to_fen(&rules)).unwrap();
        for token in &report.record {
            game.play_token(token).unwrap();
        }
        assert_eq!(
            game.position().to_fen(&rules),
            report.final_position.to_fen(&rules)
        );
        english += report.english;
    }
    assert!(english > 0);
}

// ----- a person at the table -----

/// What a weaker partner chooses among: the policy's own decision first, valued at least as
/// highly as any other, then distinct legal decisions by falling value.
#[test]
fn a_weaker_partners_options_start_with_the_policys_decision() {
    let rules = small_rules();
    let mut rng = StdRng::seed_from_u64(11);
    let (mut positions, mut with_choice) = (0, 0);
    for _ in 0..4 {
        let mut pos = rules.deal(&mut rng).unwrap();
        for _ in 0..80 {
            if rules.terminal(&pos).is_some() {
                break;
            }
            let view = rules.view(&pos, pos.turn());
            let decision = partner::decide(&rules, &view, false).expect("a decision");
            let options = partner::options(&rules, &view, false, 4);
            assert_eq!(options[0].decision, decision, "{}", pos.to_fen(&rules));
            assert!(options.len() <= 4);
            let mut legal = amity_engine::MoveList::new();
            rules.generate(&view, &mut legal);
            for (index, option) in options.iter().enumerate() {
                assert!(legal.contains(option.decision), "{option:?}");
                assert!(option.value <= options[0].value, "{option:?}");
                if index > 1 {
                    assert!(option.value <= options[index - 1].value, "{options:?}");
                }
                assert!(
                    options[..index]
                        .iter()
                        .all(|o| o.decision != option.decision),
                    "{options:?}"
                );
            }
            // The baseline and a single option are the policy's decision alone.
            assert_eq!(partner::options(&rules, &view, false, 1).len(), 1);
            assert_eq!(partner::options(&rules, &view, true, 4).len(), 1);
            positions += 1;
            with_choice += usize::from(options.len() > 1);
            rules.play(&mut pos, decision);
        }
    }
    assert!(positions > 100, "{positions}");
    assert!(with_choice * 2 > positions, "{with_choice} of {positions}");
}
