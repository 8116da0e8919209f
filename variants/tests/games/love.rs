//! CHESS with LOVE, ruling by ruling, on hand-built positions: the couple choice and each of
//! its tie-breaks, the love steps, meetings, lovemates and phases, legality after the love
//! steps, the FEN field and throw tokens, the chance outcomes and how the search weighs them.

use amity_engine::game::parse_move;
use amity_engine::search::{Limits, Score, Searcher};
use amity_engine::{
    DrawReason, Game, MoveList, Notation, Outcome, Position, Rules, RulesExt, Square, WinReason,
};
use amity_variants::Love;
use amity_variants::love::{LoveNetwork, LoveState};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// The rules as the classical evaluation plays them, whatever network a build embeds.
const RULES: Love = Love::with_network(LoveNetwork::linear());

fn pos(fen: &str) -> Position<Love> {
    Position::from_fen(&RULES, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn fen(pos: &Position<Love>) -> String {
    pos.to_fen(&RULES)
}

fn legal(pos: &Position<Love>) -> Vec<String> {
    let mut moves = MoveList::new();
    RULES.generate(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|mv| RULES.format_move(*mv)).collect();
    names.sort();
    names
}

/// Plays tokens (moves and `roll:` throws) and checks the hash stays in step.
fn after(pos: &Position<Love>, tokens: &[&str]) -> Position<Love> {
    let mut pos = pos.clone();
    for token in tokens {
        let mv = parse_move(&RULES, &pos, token).unwrap_or_else(|e| panic!("{token}: {e}"));
        RULES.play(&mut pos, mv);
        assert_eq!(pos.hash(), pos.fresh_hash(&RULES), "hash after {token}");
    }
    pos
}

fn couple(pos: &Position<Love>) -> Option<[Square; 2]> {
    pos.state.couple
}

/// The couple two throws select in a position with a throw pending, first lover first (the
/// chance move the throw makes; a two-colour couple is then kept with White's lover first).
fn thrown(fen: &str, first: &str, second: &str) -> Option<[Square; 2]> {
    RULES
        .parse_written(&pos(fen), &format!("roll:{first}{second}"))
        .map(|mv| [mv.from(), mv.to()])
}

fn sq(name: &str) -> Square {
    Square::from_ascii(name.as_bytes()).unwrap()
}

// ----- choosing a couple -----

#[test]
fn first_lover_is_nearest_by_straight_line_distance() {
    // From e4, c6 is sqrt(8) away and e7 is 3: Manhattan distance would prefer e7.
    let fen = "4k3/4p3/2p5/8/8/8/7P/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "e4", "h2"), Some([sq("c6"), sq("h2")]));
}

#[test]
fn first_lover_tie_goes_to_the_piece_nearer_the_centre() {
    // From d4, d6 and b4 are both two squares away; d6 is nearer the centre.
    let fen = "4k3/8/3P4/8/1P6/8/7P/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "d4", "h2"), Some([sq("d6"), sq("h2")]));
}

#[test]
fn first_lover_tie_then_goes_to_white() {
    // From c5, d3 and e6 are equally far and equally near the centre: White's e6 wins even
    // though Black's d3 stands on the lower rank.
    let fen = "4k3/8/4P3/8/8/3p4/7P/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "c5", "h2"), Some([sq("e6"), sq("h2")]));
}

#[test]
fn first_lover_tie_then_goes_to_the_lower_rank() {
    // The same squares, both black: d3 (lower rank) wins.
    let fen = "4k3/8/4p3/8/8/3p4/7P/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "c5", "h2"), Some([sq("d3"), sq("h2")]));
    // And from f4 (also equidistant) the same.
    assert_eq!(thrown(fen, "f4", "h2"), Some([sq("d3"), sq("h2")]));
}

#[test]
fn second_lover_tie_prefers_the_other_colour_over_the_centre() {
    // From c5, d4 and b6 are equally far; d4 is nearer the centre.
    let fen = "4k3/7p/1p6/8/3P4/8/P7/4K3 w - - 0 1 love:1:-";
    // First lover white (a2): the black b6 is preferred despite the centre.
    assert_eq!(thrown(fen, "a2", "c5"), Some([sq("a2"), sq("b6")]));
    let swapped = "4k3/7p/1P6/8/3p4/8/P7/4K3 w - - 0 1 love:1:-";
    // First lover white again: now the black one is d4.
    assert_eq!(thrown(swapped, "a2", "c5"), Some([sq("a2"), sq("d4")]));
    // First lover black (h7): the white b6 is preferred despite the centre.
    assert_eq!(thrown(swapped, "h7", "c5"), Some([sq("h7"), sq("b6")]));
}

#[test]
fn second_lover_tie_of_one_colour_goes_to_the_centre_then_white_then_rank() {
    // Second throw c5; d4 and b6 both black, first lover a2: nearer the centre wins.
    let fen = "4k3/7p/1p6/8/3p4/8/P7/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "a2", "c5"), Some([sq("a2"), sq("d4")]));
    // d3 (black) and e6 (white) tie on distance from c5 and on the centre: with a white
    // first lover the other colour, d3, is preferred over White's e6.
    let mixed = "4k3/8/4P3/8/8/3p4/P7/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(mixed, "a2", "c5"), Some([sq("a2"), sq("d3")]));
    let three = "4k2p/8/4P3/8/8/3P4/8/4K3 w - - 0 1 love:1:-";
    // First lover black h8; d3 and e6 both white, equidistant from c5, equally central:
    // lower rank wins.
    assert_eq!(thrown(three, "h8", "c5"), Some([sq("h8"), sq("d3")]));
}

#[test]
fn a_two_colour_couple_is_kept_with_whites_lover_first() {
    // The throw picks Black's c6 first, then White's h2: the couple is kept as h2 and c6, as
    // a FEN naming it either way is, so the same position reads (and hashes) the same.
    let fen = "4k3/4p3/2p5/8/8/8/7P/4K3 w - - 0 1 love:1:-";
    let thrown_black_first = after(&pos(fen), &["roll:e4h2"]);
    assert_eq!(couple(&thrown_black_first), Some([sq("h2"), sq("c6")]));
    for written in ["c6h2", "h2c6"] {
        let read = pos(&format!(
            "4k3/4p3/2p5/8/8/8/7P/4K3 w - - 0 1 love:1:{written}"
        ));
        assert_eq!(couple(&read), Some([sq("h2"), sq("c6")]));
        assert_eq!(read.hash(), thrown_black_first.hash());
    }
    // A one-colour couple keeps the order chosen: its first-chosen lover steps first.
    let one_colour = "4k3/8/8/8/3p4/8/P6P/4K3 w - - 0 1 love:1:h2a2";
    assert_eq!(couple(&pos(one_colour)), Some([sq("h2"), sq("a2")]));
}

#[test]
fn second_throw_on_the_first_lover_takes_the_next_nearest() {
    let fen = "4k3/8/8/8/3p4/8/P6P/4K3 w - - 0 1 love:1:-";
    assert_eq!(thrown(fen, "a2", "a2"), Some([sq("a2"), sq("d4")]));
}

#[test]
fn exactly_two_eligible_are_the_couple_without_a_throw() {
    // White's first, whatever the squares.
    let p = pos("4k3/8/8/8/3p4/8/7P/4K3 w - - 0 1 love:1:-");
    assert_eq!(couple(&p), Some([sq("h2"), sq("d4")]));
    assert!(p.to_fen(&RULES).ends_with("love:1:h2d4"));
    // One colour: the lower rank first.
    let p = pos("4k3/8/8/8/3P4/8/7P/4K3 w - - 0 1 love:1:-");
    assert_eq!(couple(&p), Some([sq("h2"), sq("d4")]));
    let p = pos("4k3/8/8/8/3p4/8/7p/4K3 w - - 0 1 love:1:-");
    assert_eq!(couple(&p), Some([sq("h2"), sq("d4")]));
    // One colour, one rank: the file nearer to a first. (On the thrown choice this last
    // tie-break can never decide: two squares on one rank equally near the centre are
    // mirror images about the line between the d- and e-files, which no square lies on.)
    let p = pos("4k3/8/8/8/8/8/1p4p1/4K3 w - - 0 1 love:1:-");
    assert_eq!(couple(&p), Some([sq("b2"), sq("g2")]));
    let mut outcomes = Vec::new();
    assert!(!RULES.chance(&p, &mut outcomes));
}

// ----- phases -----

#[test]
fn phase_two_falls_back_to_pawns_with_at_most_one_officer() {
    // One knight and three pawns: pawns join the eligible pieces, so a throw is pending.
    let p = pos("4k3/pp6/8/8/8/8/P7/1N2K3 w - - 0 1 love:2:-");
    let mut outcomes = Vec::new();
    assert!(RULES.chance(&p, &mut outcomes));
    let lovers: Vec<Square> = outcomes
        .iter()
        .flat_map(|o| [o.outcome.from(), o.outcome.to()])
        .collect();
    assert!(lovers.contains(&sq("b1")) && lovers.contains(&sq("a7")));
    // Two officers: only they are eligible, so they are the couple at once.
    let p = pos("4k3/pp6/8/8/8/8/P7/1N2KB2 w - - 0 1 love:2:-");
    assert_eq!(couple(&p), Some([sq("b1"), sq("f1")]));
}

#[test]
fn phases_with_too_few_eligible_pieces_end_at_once() {
    // Phase 1 without pawns, phase 2 without officers or pawns, phase 3 without generals or
    // anything else: straight to the monarchs.
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:1:-");
    assert_eq!(p.state.phase, 4);
    assert_eq!(couple(&p), Some([sq("e1"), sq("e8")]));
    // Phase 3 with one general and one pawn: the fallback gives exactly two.
    let p = pos("4k3/8/8/8/8/8/P7/3QK3 w - - 0 1 love:3:-");
    assert_eq!((p.state.phase, couple(&p)), (3, Some([sq("d1"), sq("a2")])));
}

#[test]
fn lovemate_opens_the_next_phase() {
    // Lovers d4 (white) and e5 (black) meet by the pawn's diagonal step; phase 2 then has
    // two knights only: the couple at once.
    let p = pos("4k1n1/8/8/4p3/3P4/8/8/1N2K3 w - - 3 10 love:1:d4e5");
    let q = after(&p, &["d4e5"]);
    assert_eq!(fen(&q), "4k1n1/8/8/8/8/8/8/1N2K3 b - - 0 10 love:2:b1g8");
}

// ----- pacifists -----

#[test]
fn lovers_cannot_kill_and_attack_nothing() {
    // The white lover rook on a8 "attacks" the black monarch along the rank: no check. It may
    // not kill the pawn on a5 either.
    let p = pos("R3k3/8/8/p7/8/8/7P/4K2r b - - 0 1 love:2:a8h1");
    assert!(!RULES.in_check(&p));
    let q = pos("R3k3/8/8/p7/8/8/7P/4K2r w - - 0 1 love:2:a8h1");
    let moves = legal(&q);
    assert!(!moves.contains(&"a8a5".to_string()));
    assert!(!moves.contains(&"a8e8".to_string()));
    // The black lover rook on h1 does not stop the white monarch going to f1 or d1...
    assert!(moves.contains(&"e1f1".to_string()));
    // ...and does not give check although it stands on the monarch's rank.
    assert!(!RULES.in_check(&q));
}

#[test]
fn lovers_give_no_en_passant() {
    // The black pawn d4 is in love (with the white h2 pawn) and may not take e3.
    let p = pos("4k3/8/8/8/3pP3/8/7P/4K3 b - e3 0 1 love:1:h2d4");
    assert!(!legal(&p).iter().any(|m| m == "d4e3"));
    // The en passant square is dropped: no pawn that may use it.
    assert!(p.en_passant().is_none());
}

// ----- meetings -----

#[test]
fn meeting_by_a_normal_move_never_promotes() {
    let p = pos("4k2p/6P1/8/8/8/8/8/4K3 w - - 0 1 love:1:g7h8");
    let moves = legal(&p);
    assert!(moves.contains(&"g7h8".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("g7h8") && m.len() == 5));
    let q = after(&p, &["g7h8"]);
    assert_eq!(fen(&q), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 love:4:e1e8");
}

#[test]
fn meeting_with_a_lover_of_the_same_colour() {
    // Two white knights in love: one jumps onto the other; both leave.
    let p = pos("4k3/8/8/8/8/8/3N4/1N2K3 w - - 0 1 love:2:b1d2");
    assert!(legal(&p).contains(&"b1d2".to_string()));
    let q = after(&p, &["b1d2"]);
    assert_eq!(fen(&q), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 love:4:e1e8");
}

#[test]
fn meeting_by_love_steps() {
    // Lovers d4 and f4; after any move the white one steps to e4, the black one onto it.
    let p = pos("4k3/8/8/8/3P1p2/8/7P/4K3 w - - 5 20 love:1:d4f4");
    let q = after(&p, &["h2h3"]);
    assert_eq!(fen(&q), "4k3/8/8/8/8/7P/8/4K3 b - - 0 20 love:4:e1e8");
}

#[test]
fn love_step_blocked_on_the_file_axis_takes_the_rank_axis() {
    // White c3 loves black f6; d3 is taken, so c3 steps up to c4; f6 then steps sideways to e6.
    let p = pos("4k3/8/5p2/8/8/2PN4/7P/4K3 w - - 0 1 love:1:c3f6");
    let q = after(&p, &["h2h3"]);
    assert_eq!(fen(&q), "4k3/8/4p3/8/2P5/3N3P/8/4K3 b - - 0 1 love:1:c4e6");
}

#[test]
fn blocked_love_step_never_goes_away_and_never_diagonal() {
    // c3 and c6 on one file; c4 is taken: c3 stays (no sideways step away from the file).
    // White's lover goes first; then c6 steps down to c5.
    let p = pos("4k3/8/2p5/8/2N5/2P5/7P/4K3 w - - 0 1 love:1:c3c6");
    let q = after(&p, &["h2h3"]);
    assert_eq!(fen(&q), "4k3/8/8/2p5/2N5/2P4P/8/4K3 b - - 0 1 love:1:c3c5");
    // Both axes blocked: it stays, though the diagonal d4 is free.
    let p = pos("4k3/8/5p2/8/2N5/2PN4/7P/4K3 w - - 0 1 love:1:c3f6");
    let q = after(&p, &["h2h3"]);
    assert_eq!(fen(&q), "4k3/8/4p3/8/2N5/2PN3P/8/4K3 b - - 0 1 love:1:c3e6");
}

#[test]
fn same_colour_couple_steps_first_chosen_first() {
    // Two black pawns b5 (first-chosen) and d5: b5 steps to c5, then d5 meets it there.
    let p = pos("4k3/8/8/1p1p4/8/8/7P/4K3 w - - 0 1 love:1:b5d5");
    assert_eq!(
        fen(&after(&p, &["h2h3"])),
        "4k3/8/8/8/8/7P/8/4K3 b - - 0 1 love:4:e1e8"
    );
    // With c5 taken, both stay: a lover on the same rank never steps along the file.
    let p = pos("4k3/8/8/1pNp4/8/8/7P/4K3 w - - 0 1 love:1:d5b5");
    assert_eq!(
        fen(&after(&p, &["h2h3"])),
        "4k3/8/8/1pNp4/8/7P/8/4K3 b - - 0 1 love:1:d5b5"
    );
}

#[test]
fn pawn_promoted_by_a_love_step_becomes_a_general() {
    // White b7 loves black d8 (a black pawn may stand on its own first rank in this game).
    // c7 is taken, so b7 steps forward to b8 and becomes a general, still in love; d8 then
    // steps sideways to c8.
    let p = pos("3p3k/1PN5/8/8/8/8/7P/4K3 w - - 0 1 love:1:b7d8");
    let q = after(&p, &["h2h3"]);
    assert_eq!(fen(&q), "1Qp4k/2N5/8/8/8/7P/8/4K3 b - - 0 1 love:1:b8c8");
}

#[test]
fn a_pawn_on_its_own_first_rank_steps_one_square_only() {
    let p = pos("3pk3/8/8/8/8/8/8/P3K3 w - - 0 1 love:1:a1d8");
    let moves = legal(&p);
    assert!(moves.contains(&"a1a2".to_string()));
    assert!(!moves.contains(&"a1a3".to_string()));
}

// ----- the love steps' side effects -----

#[test]
fn love_steps_take_castling_rights_and_en_passant_but_not_the_clock() {
    // The white rook h1 loves the black knight h5 (phase 2): it steps to h2, losing its right.
    let p = pos("4k3/8/8/7n/8/8/8/R3K2R w KQ - 7 1 love:2:h1h5");
    let q = after(&p, &["a1a2"]);
    assert_eq!(fen(&q), "4k3/8/8/8/7n/8/R6R/4K3 b - - 8 1 love:2:h2h4");
    // The white monarch moved by love steps (phase 4) loses both rights.
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 love:4:e1e8");
    let q = after(&p, &["a1b1"]);
    assert_eq!(fen(&q), "8/4k3/8/8/8/8/4K3/1R5R b - - 1 1 love:4:e2e7");
}

#[test]
fn en_passant_lapses_when_a_love_step_moves_the_pawn_or_fills_the_square() {
    // Black pawns d5 (lover, with h2) and e4 (free). White e2-e4... here: white plays d2d4;
    // the black e4 pawn could take en passant on d3. The white lover c3 steps to d3: lapse.
    let p = pos("4k3/8/8/8/4p3/2P4p/3P4/4K3 w - - 0 1 love:1:c3h3");
    let q = after(&p, &["d2d4"]);
    assert!(q.en_passant().is_none(), "{}", fen(&q));
    // (e4d3 is now an ordinary kill of the lover that stepped onto d3.)
    assert_eq!(
        q.piece_at(sq("d3")).map(|p| p.color),
        Some(amity_engine::Color::White)
    );
    // Without the lover in the way the right stands.
    let p = pos("4k3/p7/8/8/4p3/8/P2P4/4K3 w - - 0 1 love:1:a2a7");
    let q = after(&p, &["d2d4"]);
    assert_eq!(q.en_passant(), Some(sq("d3")));
    // The double-stepping lover itself steps on: lapse.
    let p = pos("4k3/8/8/p7/4p3/8/3P4/4K3 w - - 0 1 love:1:d2a5");
    let q = after(&p, &["d2d4"]);
    assert!(q.en_passant().is_none(), "{}", fen(&q));
}

// ----- kills -----

#[test]
fn killing_a_lover_throws_a_new_couple_in_the_same_phase() {
    // The free pawn e4 kills the lover d5 (whose lover is a2).
    let p2 = pos("4k3/pp6/8/3p4/4P3/8/PP6/4K3 w - - 0 1 love:1:a2d5");
    let q = after(&p2, &["e4d5"]);
    assert_eq!(fen(&q), "4k3/pp6/8/3P4/8/8/PP6/4K3 b - - 0 1 love:1:-");
    let mut outcomes = Vec::new();
    assert!(RULES.chance(&q, &mut outcomes));
    assert!(legal(&q).is_empty(), "no move before the throw");
    // The survivor a2 may be chosen again.
    let r = after(&q, &["roll:a2b7"]);
    assert_eq!(couple(&r), Some([sq("a2"), sq("b7")]));
    // The kill of a lover with two pieces left: no throw.
    let p3 = pos("4k3/8/8/3p4/4P3/8/P7/4K3 w - - 0 1 love:1:a2d5");
    let q = after(&p3, &["e4d5"]);
    assert!(fen(&q).ends_with("love:1:a2d5"), "{}", fen(&q));
}

#[test]
fn a_new_couple_makes_its_first_steps_after_the_next_move() {
    let p = pos("4k3/8/8/3p4/4P3/8/P7/4K3 w - - 0 1 love:1:a2d5");
    let q = after(&p, &["e4d5"]);
    // The new couple a2 and d5 did not step after the kill.
    assert!(fen(&q).starts_with("4k3/8/8/3P4/8/8/P7/4K3 b"));
    let r = after(&q, &["e8f8"]);
    // Now they step: a2 to b2, d5 sideways to c5.
    assert_eq!(fen(&r), "5k2/8/8/2P5/8/8/1P6/4K3 w - - 1 2 love:1:b2c5");
}

// ----- legality -----

#[test]
fn a_move_illegal_only_because_of_the_love_steps_after_it() {
    // The white lover e3 shields the monarch from the rook e8; any move lets it step to d3
    // (towards its lover a3), uncovering the monarch. Only moves that deal with it are legal.
    let p = pos("4r2k/8/8/8/8/p3P3/7P/4K3 w - - 0 1 love:1:e3a3");
    let moves = legal(&p);
    assert!(!moves.contains(&"h2h3".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1d1".to_string()));
    // The same position in chess terms would allow h2h3: the pawn is not pinned by itself.
    let p = pos("4r2k/8/8/8/8/p3P3/7P/4K3 w - - 0 1 love:1:h2a3");
    assert!(legal(&p).contains(&"h2h3".to_string()));
}

#[test]
fn a_couple_chosen_by_the_move_is_not_yet_in_love_for_its_legality() {
    // Phase 2, lovers b1 (white knight) and h4 (black bishop); the black rook a5 checks the
    // white monarch. Rxh4 kills a lover and leaves exactly two officers (b1, a5), who become
    // the couple at once; but for this move's legality the rook is not yet in love and its
    // check still counts, so Rxh4 is illegal.
    let p = pos("7k/8/8/r7/7b/8/8/KN5R w - - 0 1 love:2:b1h4");
    assert!(RULES.in_check(&p));
    assert!(!legal(&p).contains(&"h1h4".to_string()));
}

#[test]
fn checkmate_and_stalemate() {
    // Back-rank mate by a free rook.
    let p = pos("R5k1/5ppp/8/8/8/8/P6P/4K3 b - - 0 1 love:1:a2h2");
    assert!(legal(&p).is_empty());
    assert_eq!(
        RULES.no_move_outcome(&p),
        Outcome::Win {
            winner: amity_engine::Color::White,
            reason: WinReason::Checkmate
        }
    );
    // The same with the rook in love: no check, black moves on.
    let p = pos("R5k1/5ppp/8/8/8/8/7P/4K3 b - - 0 1 love:2:a8e1");
    assert!(!RULES.in_check(&p));
}

// ----- phase 4 -----

#[test]
fn monarchs_in_love_may_stand_side_by_side() {
    let p = pos("8/8/8/4k3/8/4K3/8/8 w - - 0 1 love:4:e3e5");
    let moves = legal(&p);
    // The white monarch may step next to the black one: d4, e4 and f4 touch e5.
    for step in ["e3d4", "e3e4", "e3f4"] {
        assert!(moves.contains(&step.to_string()), "{step}");
    }
    // After e3d4 the couple steps: d4 sideways to e4, then e5 onto e4: the lovemate.
    let q = after(&p, &["e3d4"]);
    assert_eq!(fen(&q), "8/8/8/8/8/8/8/8 b - - 0 1 love:4:-");
    assert_eq!(
        RULES.terminal(&q),
        Some(Outcome::Draw(DrawReason::Variant("the monarchs lovemate")))
    );
    // Monarchs side by side whose love steps are blocked (d5, e4 taken) stay so: no check
    // either way, and Black may keep touching the white monarch.
    let p = pos("8/8/8/3Pk3/3KP3/8/8/8 b - - 0 1 love:4:d4e5");
    assert!(!RULES.in_check(&p));
    let moves = legal(&p);
    assert!(moves.contains(&"e5e6".to_string()), "{moves:?}");
    let q = after(&p, &["e5e6"]);
    assert!(!RULES.in_check(&q));
}

#[test]
fn the_monarchs_lovemate_draws_and_round_trips() {
    let p = pos("8/8/8/8/3K1k2/8/7P/8 w - - 0 1 love:4:d4f4");
    let mut game = Game::from_fen(RULES, &fen(&p)).unwrap();
    game.play_token("h2h3").unwrap();
    assert_eq!(fen(game.position()), "8/8/8/8/8/7P/8/8 b - - 0 1 love:4:-");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::Variant("the monarchs lovemate")))
    );
    assert!(game.is_finished_by_rules());
    let again = pos("8/8/8/8/8/7P/8/8 b - - 0 1 love:4:-");
    assert_eq!(fen(&again), "8/8/8/8/8/7P/8/8 b - - 0 1 love:4:-");
    // Without the monarchs the field must say the monarchs met.
    assert!(Position::<Love>::from_fen(&RULES, "8/8/8/8/8/7P/8/8 b - - 0 1 love:3:-").is_err());
}

#[test]
fn lovers_shuttling_by_pawn_moves_repeat_the_position() {
    assert!(!RULES.draw_rules().resets_are_irreversible);
    // From a match game that ran past 14,000 plies: each pawn move (which resets the clock)
    // is undone by the love steps that follow, so the clock never reaches fifty moves and
    // only repetition over the whole game can end it.
    let mut game =
        Game::from_fen(RULES, "8/8/2P5/2pk4/1pp5/1K6/8/8 b - - 0 117 love:3:c6c4").expect("fen");
    let start = fen(game.position());
    game.play_token("c4c3").unwrap();
    game.play_token("c6c7").unwrap();
    assert_eq!(fen(game.position()), start.replace(" 117 ", " 118 "));
    assert_eq!(game.outcome(), None, "twice is not yet a draw");
    game.play_token("c4c3").unwrap();
    game.play_token("c6c7").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn fifty_move_counter_resets_on_lovemate_and_insufficient_material_is_a_draw() {
    let p = pos("4k3/8/8/8/3P1p2/8/7N/4K3 w - - 57 20 love:1:d4f4");
    let q = after(&p, &["h2f3"]);
    assert_eq!(q.halfmove_clock(), 0);
    let game = Game::from_fen(RULES, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

// ----- FEN and tokens -----

#[test]
fn fen_with_the_love_field_round_trips() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 love:1:-",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 love:1:e2d7",
        "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 3 love:2:-",
        "4k1n1/8/8/8/8/8/8/1N2K3 b - - 0 10 love:2:b1g8",
        "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 love:3:d1d8",
        "8/8/8/4k3/8/4K3/8/8 w - - 0 1 love:4:e3e5",
        "8/8/8/8/8/7P/8/8 b - - 0 1 love:4:-",
    ] {
        assert_eq!(fen(&pos(text)), text);
    }
    // Without the field: love:1:-.
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(p.state, LoveState::default());
    for bad in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:5:-",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:1:e1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:1:e1e1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:1:a1e8",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 hate:1:-",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 love:1:- extra",
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 love:1:-",
    ] {
        assert!(Position::<Love>::from_fen(&RULES, bad).is_err(), "{bad}");
    }
}

#[test]
fn perft_throws_are_e4_then_d5() {
    let start = pos(RULES.start_fen());
    let outcome = RULES.perft_chance(&start).unwrap();
    assert_eq!(RULES.format_move(outcome), "roll:e2d7");
    assert_eq!(
        couple(&after(&start, &["roll:e4d5"])),
        Some([sq("e2"), sq("d7")])
    );
}

// ----- chance -----

#[test]
fn chance_outcomes_group_all_4096_throws_exactly() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut positions = vec![pos(RULES.start_fen())];
    positions.push(pos("4k3/pp6/8/3P4/8/8/PP6/4K3 b - - 0 1 love:1:-"));
    positions.push(pos("r3k2r/8/8/8/8/8/8/RN2K1NR w - - 0 1 love:2:-"));
    // Positions from random games with a throw pending.
    let mut game_pos = pos(RULES.start_fen());
    while positions.len() < 12 {
        let mut outcomes = Vec::new();
        if RULES.chance(&game_pos, &mut outcomes) {
            positions.push(game_pos.clone());
            let pick = outcomes.choose(&mut rng).unwrap().outcome;
            RULES.play(&mut game_pos, pick);
            continue;
        }
        let mut moves = MoveList::new();
        RULES.generate(&game_pos, &mut moves);
        if moves.is_empty() {
            game_pos = pos(RULES.start_fen());
            continue;
        }
        // Prefer kills so that new throws come often.
        let kills: Vec<_> = moves
            .iter()
            .copied()
            .filter(|mv| game_pos.theirs().contains(mv.to()))
            .collect();
        let mv = if !kills.is_empty() && rng.random_bool(0.7) {
            *kills.choose(&mut rng).unwrap()
        } else {
            *moves.as_slice().choose(&mut rng).unwrap()
        };
        RULES.play(&mut game_pos, mv);
    }
    for p in &positions {
        let mut outcomes = Vec::new();
        assert!(RULES.chance(p, &mut outcomes), "{}", fen(p));
        let total: u32 = outcomes.iter().map(|o| o.weight).sum();
        assert_eq!(total, 4096);
        // Every throw, parsed as a token, selects a couple; grouped as the outcomes group.
        let mut counted: HashMap<[Square; 2], u32> = HashMap::new();
        for first in 0..64u32 {
            for second in 0..64u32 {
                let (a, b) = (Square::new(first), Square::new(second));
                let token = format!("roll:{a}{b}");
                let mv = parse_move(&RULES, p, &token).unwrap();
                let mut couple = [mv.from(), mv.to()];
                let black = |s: Square| p.color(amity_engine::Color::Black).contains(s);
                if black(couple[0]) && !black(couple[1]) {
                    couple.swap(0, 1);
                }
                *counted.entry(couple).or_default() += 1;
            }
        }
        let grouped: HashMap<[Square; 2], u32> = outcomes
            .iter()
            .map(|o| ([o.outcome.from(), o.outcome.to()], o.weight))
            .collect();
        assert_eq!(grouped, counted, "{}", fen(p));
        // Each outcome's token reproduces its couple.
        for o in &outcomes {
            let token = RULES.format_move(o.outcome);
            assert_eq!(parse_move(&RULES, p, &token).unwrap(), o.outcome);
        }
    }
}

#[test]
fn random_games_keep_hash_fen_and_legality() {
    let mut rng = StdRng::seed_from_u64(60);
    for _ in 0..40 {
        let mut game = Game::new(RULES);
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let p = game.position().clone();
            assert_eq!(p.hash(), p.fresh_hash(&RULES));
            let text = fen(&p);
            let back = pos(&text);
            assert_eq!(fen(&back), text);
            assert_eq!(back.hash(), p.hash(), "{text}");
            let outcomes = game.chance_outcomes();
            if !outcomes.is_empty() {
                let mv = outcomes.choose(&mut rng).unwrap().outcome;
                game.play_unchecked(mv);
                continue;
            }
            let moves = game.legal_moves();
            let mv = *moves.as_slice().choose(&mut rng).unwrap();
            let mover = p.turn();
            game.play_unchecked(mv);
            // The mover's monarch is never left attacked. (A couple the move chose only takes
            // attackers away, so this holds whether or not the move chose one.)
            let after = game.position();
            let attacked = after
                .pieces(mover, amity_engine::orthodox::KING)
                .first()
                .is_some_and(|king| {
                    (amity_engine::orthodox::attackers_to(after, king, !mover, after.occupied())
                        & !after.state.lovers())
                    .any()
                });
            assert!(!attacked, "{} after {}", fen(after), RULES.format_move(mv));
        }
    }
}

// ----- search -----

/// Score of the side to move after a fixed-depth search restricted to one move.
fn search_score(p: &Position<Love>, depth: u32, only: &str) -> i32 {
    let mut limits = Limits::depth(depth);
    limits.search_moves = vec![parse_move(&RULES, p, only).unwrap()];
    let mut searcher = Searcher::new(4, 1);
    let stop = AtomicBool::new(false);
    let mut last = None;
    searcher.search(&RULES, p, &[p.hash()], &limits, &stop, &mut |r| {
        last = Some(r.score)
    });
    match last {
        Some(Score::Centipawns(cp)) => cp,
        other => panic!("unexpected score {other:?}"),
    }
}

/// Checks that a search of `kill` from `fen`, at each of `depths`, values the chance node the
/// kill leads to at the hand-computed mean of its outcomes' static evaluations (every outcome
/// is quiet, so a search of it gives its static evaluation), and that the static evaluation of
/// the pending throw is that mean too. Returns the number of outcomes.
fn check_chance_mean(fen_before: &str, kill: &str, depths: &[u32]) -> usize {
    let p = pos(fen_before);
    let node = after(&p, &[kill]);
    let mut outcomes = Vec::new();
    assert!(RULES.chance(&node, &mut outcomes));
    assert!(outcomes.len() > 1);
    let total: i64 = outcomes.iter().map(|o| o.weight as i64).sum();
    let sum: i64 = outcomes
        .iter()
        .map(|o| {
            let mut child = node.clone();
            RULES.play(&mut child, o.outcome);
            let mut replies = MoveList::new();
            RULES.generate_tactical(&child, &mut replies);
            assert!(replies.is_empty(), "a quiet child: {}", fen(&child));
            RULES.evaluate(&child) as i64 * o.weight as i64
        })
        .sum();
    // Black to move at the node: White's score is minus Black's average.
    let expected = -(sum as f64 / total as f64);
    let evaluated = -(RULES.evaluate(&node) as f64);
    assert!(
        (evaluated - expected).abs() <= 1.0,
        "static {evaluated}, average {expected}"
    );
    for &depth in depths {
        let searched = search_score(&p, depth, kill);
        assert!(
            (searched as f64 - expected).abs() <= 1.0,
            "depth {depth}: search {searched}, average {expected}"
        );
    }
    outcomes.len()
}

#[test]
fn chance_node_value_is_the_weighted_average_of_its_children() {
    // White's knight kills the black lover d5; the throw that follows is the chance node.
    // Three pawns qualify, a handful of couples: the search plays each one out, at the
    // chance node's full depth (quiescence here).
    let small = check_chance_mean(
        "k7/p7/8/3p4/8/2N5/P6P/K7 w - - 0 1 love:1:h2d5",
        "c3d5",
        &[1],
    );
    assert!(small < 8);
    // Sixteen pawns qualify, over a hundred couples: the chance node costs two plies. At
    // depth 1 it is met at the horizon and valued by its static evaluation; at depth 3 (the
    // kill, then the node's two plies) every couple is searched by quiescence.
    let wide = check_chance_mean(
        "7k/pppppppp/8/3p4/8/2N5/PPPPPPPP/K7 w - - 0 1 love:1:h2d5",
        "c3d5",
        &[1, 3],
    );
    assert!(wide >= 64);
}

#[test]
fn search_kills_a_lover_only_when_the_next_couple_is_likely_harmless() {
    // Phase 2. The black knight f5 loves the black bishop a8; White's pawn may kill the
    // knight. A new couple is then thrown among the officers left: the bishop and a pair of
    // rooks side by side in the centre. Thrown coordinates mostly fall nearest the central
    // pair, so the rooks are the likely couple, and lovers side by side lovemate at once.
    // White's rooks there: killing would most likely cost White two rooks for a knight.
    let bad = pos("b6k/8/8/5n2/3RR1P1/8/8/7K w - - 0 1 love:2:f5a8");
    // Black's rooks there: killing costs Black a knight now and likely two rooks soon.
    let good = pos("b6k/8/8/3rrn2/6P1/8/8/7K w - - 0 1 love:2:f5a8");
    let share_of_rook_couples = |p: &Position<Love>| {
        let node = after(p, &["g4f5"]);
        let mut outcomes = Vec::new();
        assert!(RULES.chance(&node, &mut outcomes));
        let rooks = node.kind(amity_engine::orthodox::ROOK);
        let hits: u32 = outcomes
            .iter()
            .filter(|o| rooks.contains(o.outcome.from()) && rooks.contains(o.outcome.to()))
            .map(|o| o.weight)
            .sum();
        f64::from(hits) / 4096.0
    };
    assert!(share_of_rook_couples(&bad) > 0.5);
    assert!(share_of_rook_couples(&good) > 0.5);
    let best = |p: &Position<Love>| {
        let mut searcher = Searcher::new(4, 1);
        let stop = AtomicBool::new(false);
        let result = searcher.search(
            &RULES,
            p,
            &[p.hash()],
            &Limits::depth(3),
            &stop,
            &mut |_| {},
        );
        RULES.format_move(result.best)
    };
    assert_eq!(best(&good), "g4f5");
    assert_ne!(best(&bad), "g4f5");
    // The kill's own value reflects the odds: far below the best move where it is bad.
    assert!(search_score(&bad, 3, "g4f5") + 300 < search_score(&bad, 3, &best(&bad)));
}

/// A network for CHESS with LOVE corrects its classical evaluation (love included): `amity
/// train --on-linear` learns on that evaluation, and the game adds the network's value to it,
/// whether a couple is in love, a throw is pending or the monarchs are closing in.
#[test]
fn a_network_corrects_the_classical_evaluation() {
    use amity_variants::love::{LoveLayout, evaluate};
    crate::correcting_network::corrects_the_classical_evaluation::<LoveLayout, _>(
        &RULES,
        Love::with_network,
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 love:1:-",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 love:1:d2e5",
            "4k3/pp3p2/8/8/8/8/PP3P2/4K3 w - - 0 1 love:1:a2f7",
            "8/5k2/1p6/3p4/3P4/1P6/5K2/8 w - - 0 1 love:4:f2f7",
        ],
        evaluate,
    );
}
