//! Split-Brain Chess: the perft data confirmed by an independent reference
//! (`splitbrain_reference`, written from RULES.md apart from the engine), random games
//! walked beside it, the resolution function on every case rule 5 describes, the team-move
//! token, the checker, views and FEN errors.

use crate::common;
use crate::splitbrain_reference;

use amity_engine::orthodox::{KNIGHT, QUEEN, ROOK};
use amity_engine::{
    Bitboard, Color, Game, Move, MoveList, Notation, Position, Presentation, Rules, RulesExt,
    Square, perft::perft,
};
use amity_variants::splitbrain::{
    self, Choices, PartnerModel, Resolution, ResolveError, Resolved, Seat, SplitBrain, Stage, Wing,
    resolve,
};
use common::read_perft_file;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use splitbrain_reference::RefPos;
use std::collections::BTreeSet;

const START: &str = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k";

fn position(fen: &str) -> Position<SplitBrain> {
    Position::from_fen(&SplitBrain, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn decisions(pos: &Position<SplitBrain>) -> Vec<String> {
    let mut moves = MoveList::new();
    SplitBrain.generate(pos, &mut moves);
    let mut tokens: Vec<String> = moves.iter().map(|mv| SplitBrain.format_move(*mv)).collect();
    tokens.sort();
    tokens
}

fn play(pos: &Position<SplitBrain>, token: &str) -> Position<SplitBrain> {
    let mut moves = MoveList::new();
    SplitBrain.generate(pos, &mut moves);
    let mv = moves
        .iter()
        .copied()
        .find(|mv| SplitBrain.format_move(*mv) == token)
        .unwrap_or_else(|| panic!("{token} is not owed in {}", pos.to_fen(&SplitBrain)));
    let mut next = pos.clone();
    SplitBrain.play(&mut next, mv);
    next
}

fn sq(name: &str) -> Square {
    Square::from_ascii(name.as_bytes()).unwrap()
}

fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|name| sq(name)).collect()
}

/// The legal board moves of the moving team of a FEN.
fn legal_moves(fen: &str) -> Vec<Move> {
    splitbrain::team_moves(&position(fen)).as_slice().to_vec()
}

fn perft_cases() -> Vec<common::PerftCase> {
    let path = crate::common::repository_file("tests/perft/splitbrain.perft");
    read_perft_file(&path)
}

// ----- perft -----

#[test]
fn the_engine_counts_the_perft_file() {
    let cases = perft_cases();
    assert!(cases.len() >= 9, "the start and at least eight positions");
    for case in cases {
        let pos = position(&case.fen);
        for (depth, expected) in &case.counts {
            assert_eq!(
                perft(&SplitBrain, &pos, *depth),
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

/// Seeded random games, decision by decision: the engine and the reference owe the same
/// decisions; the incremental hash equals a fresh one; the FEN reads back to the same state.
#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(30);
    for _ in 0..40 {
        let mut pos = position(START);
        for _ in 0..160 {
            let fen = pos.to_fen(&SplitBrain);
            let reference = RefPos::from_fen(&fen);
            let mut expected = reference.decisions();
            expected.sort();
            let tokens = decisions(&pos);
            assert_eq!(tokens, expected, "{fen}");
            assert_eq!(pos.hash(), pos.fresh_hash(&SplitBrain), "{fen}");
            let again = position(&fen);
            assert_eq!(again.state, pos.state, "{fen}");
            assert_eq!(again.turn(), pos.turn(), "{fen}");
            assert_eq!(again.hash(), pos.hash(), "{fen}");
            let Some(token) = tokens.choose(&mut rng) else {
                break;
            };
            pos = play(&pos, token);
        }
    }
}

// ----- rule 5: the resolution function -----

#[test]
fn squares_that_make_a_move_are_the_move() {
    // 5a: the knight on e1 reaches d3.
    let legal = legal_moves(START);
    assert_eq!(
        resolve(&legal, sq("e1"), sq("d3"), Choices::default()),
        Ok(Resolved::Move(Move::normal(sq("e1"), sq("d3"))))
    );
    // A ruling where none is owed is refused.
    let ruled = Choices {
        resolution: Some(Resolution::Piece),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("e1"), sq("d3"), ruled),
        Err(ResolveError::ResolutionNotOwed)
    );
}

#[test]
fn invalid_squares_are_refused() {
    let legal = legal_moves(START);
    // d1 is the king, which has no move; a4 is reached by no move; e4 is empty.
    assert_eq!(
        resolve(&legal, sq("d1"), sq("a3"), Choices::default()),
        Err(ResolveError::InvalidChooser(sq("d1")))
    );
    assert_eq!(
        resolve(&legal, sq("e4"), sq("a3"), Choices::default()),
        Err(ResolveError::InvalidChooser(sq("e4")))
    );
    assert_eq!(
        resolve(&legal, sq("a2"), sq("a4"), Choices::default()),
        Err(ResolveError::InvalidTarget(sq("a4")))
    );
}

#[test]
fn otherwise_the_opposing_chooser_rules_and_both_rulings_differ() {
    // 5b: the knight on b1 does not reach b3.
    let legal = legal_moves(START);
    assert_eq!(
        resolve(&legal, sq("b1"), sq("b3"), Choices::default()),
        Ok(Resolved::NeedsResolution)
    );
    // 5d, one nearest piece: only the b2 pawn reaches b3.
    let target = Choices {
        resolution: Some(Resolution::Target),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("b1"), sq("b3"), target),
        Ok(Resolved::Move(Move::normal(sq("b2"), sq("b3"))))
    );
    // 5c, a tie: a3 and c3 are both one step from b3; the mover picks.
    let piece = Choices {
        resolution: Some(Resolution::Piece),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("b1"), sq("b3"), piece),
        Ok(Resolved::NeedsTie(
            Resolution::Piece,
            squares(&["a3", "c3"])
        ))
    );
    for end in ["a3", "c3"] {
        let broken = Choices {
            tie: Some(sq(end)),
            ..piece
        };
        assert_eq!(
            resolve(&legal, sq("b1"), sq("b3"), broken),
            Ok(Resolved::Move(Move::normal(sq("b1"), sq(end))))
        );
    }
    // A tie-break that is not among the nearest, or where there is no tie, is refused.
    let far = Choices {
        tie: Some(sq("d2")),
        ..piece
    };
    assert_eq!(
        resolve(&legal, sq("b1"), sq("b3"), far),
        Err(ResolveError::BadTie(sq("d2")))
    );
    let needless = Choices {
        tie: Some(sq("b2")),
        ..target
    };
    assert_eq!(
        resolve(&legal, sq("b1"), sq("b3"), needless),
        Err(ResolveError::BadTie(sq("b2")))
    );
}

#[test]
fn piece_takes_the_end_square_nearest_the_target() {
    // 5c, unique: the knight on e1 aimed at c3 ends on d3 (one away), not f3 (three); the
    // pawn on a2 aimed at f3 has a3 alone.
    let legal = legal_moves(START);
    let piece = Choices {
        resolution: Some(Resolution::Piece),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("e1"), sq("c3"), piece),
        Ok(Resolved::Move(Move::normal(sq("e1"), sq("d3"))))
    );
    assert_eq!(
        resolve(&legal, sq("a2"), sq("f3"), piece),
        Ok(Resolved::Move(Move::normal(sq("a2"), sq("a3"))))
    );
    // A three-way tie: the knight on b1 aimed at b2 ends on a3, c3 or d2, each two away.
    let fen = "5k/6/6/6/R1R3/1N3K w - - 0 1 checker:k";
    assert_eq!(
        resolve(&legal_moves(fen), sq("b1"), sq("b2"), piece),
        Ok(Resolved::NeedsTie(
            Resolution::Piece,
            squares(&["a3", "c3", "d2"])
        ))
    );
}

#[test]
fn target_takes_the_piece_nearest_the_chosen_square() {
    let fen = "5k/6/6/6/R1R3/1N3K w - - 0 1 checker:k";
    let target = Choices {
        resolution: Some(Resolution::Target),
        ..Choices::default()
    };
    // Both rooks reach b2 and stand two from b1: the chooser picks.
    assert_eq!(
        resolve(&legal_moves(fen), sq("b1"), sq("b2"), target),
        Ok(Resolved::NeedsTie(
            Resolution::Target,
            squares(&["a2", "c2"])
        ))
    );
    assert_eq!(
        resolve(
            &legal_moves(fen),
            sq("b1"),
            sq("b2"),
            Choices {
                tie: Some(sq("c2")),
                ..target
            }
        ),
        Ok(Resolved::Move(Move::normal(sq("c2"), sq("b2"))))
    );
    // Unique: aimed at a3 from f1 (the king), the rook on a2 (distance 6) and the knight on
    // b1 (distance 4) reach a3; the knight is nearer.
    assert_eq!(
        resolve(&legal_moves(fen), sq("f1"), sq("a3"), target),
        Ok(Resolved::Move(Move::normal(sq("b1"), sq("a3"))))
    );
}

#[test]
fn the_mover_picks_the_promotion_whatever_fixed_the_move() {
    let fen = "r3k1/1P4/6/6/6/3K2 w - - 0 1 checker:q";
    let legal = legal_moves(fen);
    // 5a.
    assert_eq!(
        resolve(&legal, sq("b5"), sq("b6"), Choices::default()),
        Ok(Resolved::NeedsPromotion(sq("b5"), sq("b6")))
    );
    for kind in [QUEEN, ROOK, KNIGHT] {
        let promote = Choices {
            promotion: Some(kind),
            ..Choices::default()
        };
        assert_eq!(
            resolve(&legal, sq("b5"), sq("a6"), promote),
            Ok(Resolved::Move(Move::promotion(sq("b5"), sq("a6"), kind)))
        );
    }
    // 5d: the king on d1 cannot reach b6; the pawn can, and promotes.
    let target = Choices {
        resolution: Some(Resolution::Target),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("d1"), sq("b6"), target),
        Ok(Resolved::NeedsPromotion(sq("b5"), sq("b6")))
    );
    // 5c: the pawn aimed at the king's square c2 ends nearest on... b6 (4) or a6 (5): b6.
    let piece = Choices {
        resolution: Some(Resolution::Piece),
        ..Choices::default()
    };
    assert_eq!(
        resolve(&legal, sq("b5"), sq("c2"), piece),
        Ok(Resolved::NeedsPromotion(sq("b5"), sq("b6")))
    );
    // A promotion piece for a move that does not promote is refused.
    assert_eq!(
        resolve(
            &legal,
            sq("d1"),
            sq("c2"),
            Choices {
                promotion: Some(QUEEN),
                ..Choices::default()
            }
        ),
        Err(ResolveError::BadPromotion)
    );
}

// ----- seats, checker, decisions -----

#[test]
fn seats_owe_the_decisions_rule_2_and_7_give_them() {
    let start = position(START);
    let owed = |pos: &Position<SplitBrain>| {
        splitbrain::stage(pos)
            .unwrap()
            .seat(pos.state.team, pos.state.checker)
            .map(|seat| seat.to_string())
    };
    assert_eq!(owed(&start).as_deref(), Some("Wk"));
    let chosen = play(&start, "c:b1");
    assert_eq!(owed(&chosen).as_deref(), Some("Wq"));
    let aimed = play(&chosen, "m:b3");
    assert_eq!(owed(&aimed).as_deref(), Some("Bk"));
    assert_eq!(
        aimed.turn(),
        Color::Black,
        "the ruling is the other team's ply"
    );
    assert!(
        aimed.to_fen(&SplitBrain).contains(" w "),
        "the FEN names the team"
    );
    let piece = play(&aimed, "r:piece");
    assert_eq!(
        owed(&piece).as_deref(),
        Some("Wq"),
        "the mover breaks a piece tie"
    );
    assert_eq!(piece.turn(), Color::White);
    // The checker stays after White's team move and changes after Black's.
    let white_moved = play(&piece, "t:c3");
    assert_eq!(white_moved.state.checker, Wing::King);
    assert_eq!(owed(&white_moved).as_deref(), Some("Bk"));
    let mut black = white_moved;
    for token in ["c:b6", "m:b4", "r:target"] {
        black = play(&black, token);
    }
    assert_eq!(black.state.checker, Wing::Queen);
    assert_eq!(owed(&black).as_deref(), Some("Wq"));
    assert_eq!(
        Seat::parse("bQ").map(|seat| seat.to_string()).as_deref(),
        Some("Bq")
    );
    assert_eq!(Seat::parse("Wx"), None);
}

#[test]
fn valid_squares_are_the_decisions() {
    let start = position(START);
    // Pawns a2..f2 and the knights b1, e1 have moves; rooks, queen and king do not.
    assert_eq!(
        decisions(&start),
        [
            "c:a2", "c:b1", "c:b2", "c:c2", "c:d2", "c:e1", "c:e2", "c:f2"
        ]
    );
    // Every square some move reaches: a3..f3 (pawns and knights) and d2 is occupied.
    assert_eq!(
        decisions(&play(&start, "c:a2")),
        ["m:a3", "m:b3", "m:c3", "m:d3", "m:e3", "m:f3"]
    );
}

#[test]
fn a_finished_game_has_no_decisions() {
    // White is mated: the Black rooks hold ranks 1 and 2.
    let mated = position("3k2/6/6/6/r5/1r1K2 w - - 0 1 checker:k");
    assert!(decisions(&mated).is_empty());
    let outcome = SplitBrain.no_move_outcome(&mated);
    assert_eq!(outcome.result(), "0-1");
}

// ----- notation -----

#[test]
fn team_move_tokens_name_their_decisions() {
    let start = position(START);
    let cases = [
        ("c:e1,m:d3,e1d3", vec!["c:e1", "m:d3"]),
        (
            "c:b1,m:b3,r:piece,b1c3",
            vec!["c:b1", "m:b3", "r:piece", "t:c3"],
        ),
        ("c:a2,m:b3,r:target,b2b3", vec!["c:a2", "m:b3", "r:target"]),
    ];
    for (token, expected) in cases {
        let decisions = SplitBrain
            .team_move_decisions(&start, token)
            .unwrap_or_else(|| panic!("{token}"));
        let names: Vec<String> = decisions
            .iter()
            .map(|mv| SplitBrain.format_move(*mv))
            .collect();
        assert_eq!(names, expected, "{token}");
        assert_eq!(
            SplitBrain.team_move_token(&start, &decisions).as_deref(),
            Some(token)
        );
    }
    let promotion = position("4k1/P5/6/6/6/3K2 w - - 0 1 checker:q");
    let decisions = SplitBrain
        .team_move_decisions(&promotion, "c:a5,m:a6,a5a6q")
        .unwrap();
    let names: Vec<String> = decisions
        .iter()
        .map(|mv| SplitBrain.format_move(*mv))
        .collect();
    assert_eq!(names, ["c:a5", "m:a6", "p:q"]);
    // A move the decisions do not give is no team move.
    for wrong in [
        "c:e1,m:d3,e1f3",
        "c:b1,m:b3,b1c3",
        "c:b1,m:b3,r:piece,b2b3",
        "c:e1,e1d3",
    ] {
        assert_eq!(
            SplitBrain.team_move_decisions(&start, wrong),
            None,
            "{wrong}"
        );
    }
}

#[test]
fn games_take_team_moves_and_refuse_wrong_ones() {
    let mut game = Game::new(SplitBrain);
    game.play_token("c:b1,m:b3,r:piece,b1c3").unwrap();
    game.play_token("c:b6,m:b4,r:target,b5b4").unwrap();
    assert_eq!(
        game.position().to_fen(&SplitBrain),
        "rnqknr/p1pppp/1p4/2N3/PPPPPP/R1QKNR w - - 0 2 checker:q"
    );
    let before = game.position().to_fen(&SplitBrain);
    assert!(game.play_token("c:a2,m:a3,a2b3").is_err());
    assert!(game.play_token("c:a2,m:zz").is_err());
    assert_eq!(game.position().to_fen(&SplitBrain), before);
}

#[test]
fn there_are_104_whole_white_team_moves_at_the_start() {
    fn walk(pos: &Position<SplitBrain>, line: &mut Vec<Move>, tokens: &mut BTreeSet<String>) {
        let start = position(START);
        let mut moves = MoveList::new();
        SplitBrain.generate(pos, &mut moves);
        for mv in moves.iter().copied() {
            let mut next = pos.clone();
            SplitBrain.play(&mut next, mv);
            line.push(mv);
            if next.state.team == Color::Black {
                tokens.insert(SplitBrain.team_move_token(&start, line).unwrap());
            } else {
                walk(&next, line, tokens);
            }
            line.pop();
        }
    }
    let mut tokens = BTreeSet::new();
    walk(&position(START), &mut Vec::new(), &mut tokens);
    assert_eq!(tokens.len(), 104);
}

// ----- FEN and views -----

#[test]
fn the_mover_sees_the_chooser_square_as_a_question_mark() {
    let chosen = play(&position(START), "c:b1");
    let fen = chosen.to_fen(&SplitBrain);
    assert_eq!(fen, format!("{START} turn:c:b1"));
    let mover = SplitBrain.view(&chosen, Color::White);
    assert_eq!(mover.to_fen(&SplitBrain), format!("{START} turn:c:?"));
    assert!(SplitBrain.is_view(&mover));
    assert_eq!(mover.hash(), mover.fresh_hash(&SplitBrain));
    // The view reads back and owes the same m: decisions as the full state.
    let read = position(&format!("{START} turn:c:?"));
    assert_eq!(decisions(&read), decisions(&chosen));
    // The other team sees everything; so does everyone once m: is made.
    assert_eq!(
        SplitBrain.view(&chosen, Color::Black).to_fen(&SplitBrain),
        fen
    );
    let aimed = play(&chosen, "m:b3");
    assert_eq!(
        SplitBrain.view(&aimed, Color::White).to_fen(&SplitBrain),
        aimed.to_fen(&SplitBrain)
    );
    // A sampled world fills in a valid chooser square.
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..20 {
        let world = SplitBrain.sample_state(&mover, &mut rng);
        assert!(!SplitBrain.is_view(&world));
        assert_eq!(splitbrain::stage(&world), Ok(Stage::Target));
        assert_eq!(world.hash(), world.fresh_hash(&SplitBrain));
        let chooser = world.state.chooser.unwrap();
        assert!(decisions(&position(START)).contains(&format!("c:{chooser}")));
    }
}

#[test]
fn bad_fens_are_refused() {
    for fen in [
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:x",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:m:b3",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:d1",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:a2,m:a4",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:e1,m:d3",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:b1,m:b3,r:target",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:b1,m:b3,r:piece,t:d2",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:?,m:b3",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:h8",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:b1,,",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k turn:c:b1 extra",
        "rbqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 checker:k",
    ] {
        assert!(Position::from_fen(&SplitBrain, fen).is_err(), "{fen}");
    }
}

// ----- playing one seat -----

/// Against an unknown partner a seat plays a best response to a softmax model of it. Here the
/// rook on f1 has the best move (f1f2) but also a blunder (f1e2), and the knight's squares
/// are all good: trusting the partner names f1, but a partner choosing almost at random makes
/// f1 dangerous (a `piece` ruling sends the rook to e2 whenever the target is on the queenside),
/// so the model names b1. The mover reasons alike about the chooser.
#[test]
fn the_partner_model_answers_a_partner_that_may_choose_anything() {
    let values = [
        (Move::normal(sq("f1"), sq("f2")), 100),
        (Move::normal(sq("f1"), sq("e2")), -500),
        (Move::normal(sq("b1"), sq("a2")), 55),
        (Move::normal(sq("b1"), sq("b2")), 55),
        (Move::normal(sq("b1"), sq("c2")), 55),
    ];
    // Nearly certain partner: the best move's own squares.
    assert_eq!(splitbrain::best_chooser_square(&values, 1), sq("f1"));
    assert_eq!(splitbrain::best_mover_square(&values, 1), sq("f2"));
    // A partner that might choose anything: the square that is safe against every choice.
    assert_eq!(splitbrain::best_chooser_square(&values, 100_000), sq("b1"));
    // The mover keeps f2: a chooser on b1 then gets b1c2 (`piece`) or f1f2 (`target`), both
    // good, while a knight square risks the blunder whenever the chooser names the rook.
    assert_eq!(splitbrain::best_mover_square(&values, 100_000), sq("f2"));
    // Temperature 0 is the alike model; any positive one a softmax.
    assert_eq!(PartnerModel::from_temperature(0), PartnerModel::Alike);
    assert_eq!(
        PartnerModel::from_temperature(150),
        PartnerModel::Softmax { temperature: 150 }
    );
}

#[test]
fn the_seat_hooks_name_the_four_seats_and_the_one_that_owes() {
    let names: Vec<&str> = SplitBrain.seats().iter().map(|seat| seat.name).collect();
    let expected: Vec<String> = Seat::ALL.iter().map(Seat::to_string).collect();
    assert_eq!(names, expected);
    for (info, seat) in SplitBrain.seats().iter().zip(Seat::ALL) {
        assert_eq!(info.side, seat.team);
    }
    let mut rng = StdRng::seed_from_u64(5);
    let mut game = Game::new(SplitBrain);
    for _ in 0..200 {
        let pos = game.position().clone();
        let owed = splitbrain::stage(&pos)
            .ok()
            .and_then(|stage| stage.seat(pos.state.team, pos.state.checker));
        let hooked = SplitBrain
            .seat_to_decide(&pos)
            .map(|index| Seat::ALL[index]);
        assert_eq!(hooked, owed, "{}", pos.to_fen(&SplitBrain));
        let moves = game.legal_moves();
        let Some(mv) = moves.as_slice().choose(&mut rng) else {
            break;
        };
        game.play_unchecked(*mv);
    }
}
