//! Gravity Chess: one test per ruling of docs/variants/gravity.md (the fall and its order,
//! blocked pieces, gravity moves, stacking, the add, White's last turn, scoring and
//! tie-breaks), turn tokens, random playouts checking hash and FEN invariants, and an
//! independent reference (its own board, written from that page) that the engine's decisions
//! and perft must match on positions from random games. The protocol: `tests/cli/gravity.rs`.

use crate::common;

use amity_engine::orthodox::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{
    Color, Game, Kind, Move, MoveError, MoveList, Notation, Outcome, Position, Rules, RulesExt,
    Square, WinReason,
};
use amity_variants::gravity::{self, Gravity};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn game(fen: &str) -> Game<Gravity> {
    Game::from_fen(Gravity, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn position(fen: &str) -> Position<Gravity> {
    Position::from_fen(&Gravity, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The legal decisions, as sorted tokens.
fn decisions(game: &Game<Gravity>) -> Vec<String> {
    let mut tokens: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| Gravity.format_move(*mv))
        .collect();
    tokens.sort();
    tokens
}

fn legs(tokens: &[String]) -> Vec<&str> {
    tokens
        .iter()
        .filter(|t| !t.contains('@') && *t != "end")
        .map(String::as_str)
        .collect()
}

fn adds(tokens: &[String]) -> Vec<&str> {
    tokens
        .iter()
        .filter(|t| t.contains('@'))
        .map(String::as_str)
        .collect()
}

fn targets(pos: &Position<Gravity>, square: Square) -> Vec<String> {
    gravity::targets(pos, square)
        .into_iter()
        .map(|s| s.to_string())
        .collect()
}

/// The booklet's order example: White has flipped a black rook. Its bishop on d3 stands under
/// its top pawn on d4; its lower pawn on g3 stands on a black pawn.
const BOOKLET_ORDER: &str =
    "8/8/8/8/3P4/3B2P1/6p1/8 w - - 0 5 decks:kqrbbnpp/KQRRBNNPP flip:r pawns:- moved:- blocked:-";

#[test]
fn a_fall_where_order_matters_bishop_then_pawn() {
    let start = game(BOOKLET_ORDER);
    // Only the bishop can move, and the fall may not end before it has.
    let now = decisions(&start);
    assert_eq!(legs(&now), ["d3b1", "d3c2", "d3e2", "d3f1"]);
    assert!(adds(&now).is_empty(), "{now:?}");
    // Bishop first: the top pawn may follow...
    let mut bishop_then_pawn = start.clone();
    bishop_then_pawn
        .play_token("d3c2,d4d3,r@a8")
        .expect("bishop, then pawn");
    assert_eq!(bishop_then_pawn.position().turn(), Color::Black);
    // ...or stay: it had no move before the bishop left, so it may be skipped.
    let mut bishop_only = start.clone();
    bishop_only
        .play_token("d3c2,r@a8")
        .expect("bishop, pawn skipped");
    // Pawn first is impossible: it has no move until the bishop has gone.
    let mut pawn_first = start.clone();
    assert!(matches!(
        pawn_first.play_token("d4d3,d3c2,r@a8"),
        Err(MoveError::Illegal(_))
    ));
    // The lower pawn never moves in either order.
    let mut after_bishop = start.clone();
    after_bishop.play_token("d3c2").expect("leg");
    assert_eq!(
        legs(&decisions(&after_bishop)),
        ["d4d3"],
        "g3 stays blocked"
    );
    assert_eq!(adds(&decisions(&after_bishop)).len(), 8);
}

#[test]
fn a_piece_blocked_at_a_later_moment_may_be_skipped() {
    // White knight f5 and a pawn e4 that has moved before. If the knight lands on e3 first,
    // the pawn is blocked at that moment and the turn may end without it.
    let fen =
        "8/8/8/5N2/4P3/8/8/8 w - - 0 5 decks:kqrbbnpp/KQRRBNPPP flip:r pawns:- moved:- blocked:-";
    let start = game(fen);
    let mut knight_blocks_pawn = start.clone();
    knight_blocks_pawn.play_token("f5e3").expect("leg");
    let now = decisions(&knight_blocks_pawn);
    assert!(legs(&now).is_empty(), "{now:?}");
    assert_eq!(adds(&now).len(), 8, "the pawn was blocked at this moment");
    // Pawn first: the knight still has moves, so the turn cannot end yet.
    let mut pawn_first = start.clone();
    pawn_first.play_token("e4e3").expect("leg");
    assert!(adds(&decisions(&pawn_first)).is_empty());
    // A turn token that stops early is refused, and nothing changes.
    let mut early = start.clone();
    let before = early.position().to_fen(&Gravity);
    assert!(early.play_token("e4e3,r@a8").is_err());
    assert_eq!(early.position().to_fen(&Gravity), before);
    assert_eq!(early.moves().len(), 0);
}

#[test]
fn an_early_stop_is_illegal() {
    let mut start = game(BOOKLET_ORDER);
    for stop in ["r@a8", "r@h8"] {
        assert!(matches!(start.play_token(stop), Err(MoveError::Illegal(_))));
    }
    // A piece that has moved cannot move again in the same turn.
    start.play_token("d3c2").expect("leg");
    assert!(start.play_token("c2b1").is_err());
}

#[test]
fn captures_on_the_same_rank_but_never_sideways_moves() {
    // White rook a5 and king g4; black unstacked pieces e5 (same rank as the rook) and h4
    // (beside the king); f3 is empty.
    let pos = position(
        "8/8/8/R3p3/6Kn/8/8/8 w - - 0 5 decks:kqrbbnppp/QRBBNNPPPP flip:r pawns:- moved:- blocked:-",
    );
    let rook = targets(&pos, Square::A5);
    assert!(rook.contains(&"e5".to_string()), "{rook:?}");
    for sideways in ["b5", "c5", "d5", "a6", "f5"] {
        assert!(
            !rook.contains(&sideways.to_string()),
            "{sideways} in {rook:?}"
        );
    }
    assert!(rook.contains(&"a1".to_string()));
    let king = targets(&pos, Square::G4);
    assert!(king.contains(&"h4".to_string()), "{king:?}");
    assert!(!king.contains(&"f4".to_string()) && !king.contains(&"g5".to_string()));
    // Pawns only capture diagonally downwards.
    let pawns = position(
        "8/8/8/2pPp3/8/8/8/8 w - - 0 5 decks:kqrbbnp/KQRRBBNN flip:r pawns:- moved:- blocked:-",
    );
    assert_eq!(targets(&pawns, Square::D5), ["d4"]);
}

#[test]
fn stacked_pieces_neither_move_nor_are_captured() {
    // The booklet's picture: two pieces on rank 1; on rank 2 a queen, a rook and a bishop.
    // Only the rook (over f1) is stacked; the bishop may fall to h1, the queen to d1/e1, and
    // the queen cannot take the stacked rook.
    let pos = position(
        "8/8/8/8/8/8/4QRb1/r4n2 w - - 0 5 decks:kqbnpppp/KRBBNNPPP flip:r pawns:- moved:- blocked:-",
    );
    let stacked = pos.state.stacked;
    assert!(stacked.contains(Square::A1) && stacked.contains(Square::F1));
    assert!(stacked.contains(Square::F2));
    assert!(!stacked.contains(Square::E2) && !stacked.contains(Square::G2));
    assert!(gravity::targets(&pos, Square::F2).is_empty());
    assert_eq!(targets(&pos, Square::E2), ["d1", "e1"]);
    assert_eq!(targets(&pos, Square::G2), ["h1"]);
    // A stacked piece beside an enemy does not capture it either, and the king may not take
    // a stacked piece on its own rank.
    let beside = position(
        "8/8/8/8/8/8/8/Rn5K w - - 0 5 decks:kqrbbnppp/QRBBNNPPPP flip:r pawns:- moved:- blocked:-",
    );
    assert!(gravity::targets(&beside, Square::A1).is_empty());
    assert!(gravity::targets(&beside, Square::H1).is_empty());
}

#[test]
fn stacking_through_a_knights_four_lower_targets() {
    // A white knight on d3; its lower targets are b2, f2, c1 and e1.
    let three = position(
        "8/8/8/8/8/3N4/1p3p2/2p5 w - - 0 5 decks:kqrbbnnp/KQRRBBNPP flip:r pawns:- moved:- blocked:-",
    );
    assert!(!three.state.stacked.contains(Square::D3), "e1 is empty");
    let four = position(
        "8/8/8/8/8/3N4/1p3p2/2p1p3 w - - 0 5 decks:kqrbbnn/KQRRBBNP flip:r pawns:- moved:- blocked:-",
    );
    // b2 and f2 stand on nothing: they are not stacked, so neither is the knight.
    assert!(!four.state.stacked.contains(Square::D3));
    let supported = position(
        "8/8/8/8/8/3N4/1p3p2/1Pp1pP2 w - - 0 5 decks:kqrbbnn/KQRRBBNP flip:r pawns:- moved:- blocked:-",
    );
    assert!(supported.state.stacked.contains(Square::B2));
    assert!(supported.state.stacked.contains(Square::D3));
    // On the edge only the on-board targets count: a knight on a2 needs c1 alone.
    let edge = position(
        "8/8/8/8/8/8/N7/2p5 w - - 0 5 decks:kqrbbnnppp/KQRRBBNPPPP flip:r pawns:- moved:- blocked:-",
    );
    assert!(edge.state.stacked.contains(Square::A2));
    // Stacking is decided upwards: a rook on a stacked knight is stacked too.
    let tower = position(
        "8/8/8/8/8/R7/N7/2p5 w - - 0 5 decks:kqrbbnnpp/KQRBBNPPPP flip:r pawns:- moved:- blocked:-",
    );
    assert!(tower.state.stacked.contains(Square::A3));
}

#[test]
fn the_add_uses_rank_8_or_the_highest_rank_with_room() {
    // Rank 8 full of black pieces: White's flipped pawn goes on rank 7.
    let full =
        game("rnbqkbnr/8/8/8/8/8/8/8 w - - 0 5 decks:ppp/KQRR flip:p pawns:- moved:- blocked:-");
    let now = decisions(&full);
    assert_eq!(
        now,
        [
            "p@a7", "p@b7", "p@c7", "p@d7", "p@e7", "p@f7", "p@g7", "p@h7"
        ]
    );
    // One hole left on rank 8: only there.
    let hole =
        game("rnbq1bnr/8/8/8/8/8/8/8 w - - 0 5 decks:ppp/QRRN flip:k pawns:- moved:- blocked:-");
    assert_eq!(decisions(&hole), ["k@e8"]);
    // An added pawn has not moved: it may double-step on its owner's next turn.
    let mut pawn = game(
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP flip:- pawns:- moved:- blocked:-",
    );
    for token in ["flip:p", "p@c8", "flip:Q"] {
        pawn.play_token(token).expect(token);
    }
    assert_eq!(legs(&decisions(&pawn)), ["c8c6", "c8c7"]);
    pawn.play_token("c8c7,Q@h8").expect("turn");
    pawn.play_token("flip:p").expect("flip");
    pawn.play_token("h8h1,p@a8").expect("turn");
    pawn.play_token("flip:R").expect("flip");
    assert_eq!(legs(&decisions(&pawn)), ["a8a6", "a8a7", "c7c6"]);
}

#[test]
fn whites_first_turn_has_no_fall() {
    let mut start = Game::new(Gravity);
    assert!(
        start.legal_moves().is_empty(),
        "a card must be flipped first"
    );
    let outcomes = start.chance_outcomes();
    let weights: Vec<(String, u32)> = outcomes
        .iter()
        .map(|o| (Gravity.format_move(o.outcome), o.weight))
        .collect();
    assert_eq!(
        weights,
        [
            ("flip:k".to_string(), 1),
            ("flip:q".to_string(), 1),
            ("flip:r".to_string(), 2),
            ("flip:b".to_string(), 2),
            ("flip:n".to_string(), 2),
            ("flip:p".to_string(), 4)
        ]
    );
    start.play_token("flip:n").expect("flip");
    assert_eq!(
        decisions(&start),
        [
            "n@a8", "n@b8", "n@c8", "n@d8", "n@e8", "n@f8", "n@g8", "n@h8"
        ]
    );
    // A turn token without its flip is an error.
    start.play_token("n@c8").expect("add");
    assert!(start.play_token("c8a7,Q@a8").is_err());
}

#[test]
fn whites_last_turn_is_a_fall_ended_by_end() {
    // Both decks are empty: White's thirteenth turn. The rook on b8 must fall first.
    let mut last =
        game("1R6/8/8/8/8/8/1p6/1n6 w - - 1 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert!(last.chance_outcomes().is_empty(), "nothing to flip");
    let now = decisions(&last);
    assert!(
        !now.contains(&"end".to_string()),
        "the rook has to move: {now:?}"
    );
    assert!(now.contains(&"b8b3".to_string()));
    assert!(last.play_token("end").is_err());
    last.play_token("b8b3,end").expect("the last turn");
    assert!(last.legal_moves().is_empty());
    assert!(last.is_finished_by_rules());
    let outcome = last.outcome().expect("the game is over");
    // White: kills 12 - 2 = 10, rook b3 stacked on b2 over b1: 3. Black: kills 11, 1 + 2.
    assert_eq!(gravity::score(last.position(), Color::White), 13);
    assert_eq!(gravity::score(last.position(), Color::Black), 14);
    assert!(matches!(
        outcome,
        Outcome::Win {
            winner: Color::Black,
            ..
        }
    ));
    assert!(last.play_token("flip:K").is_err());
    // With nothing able to move, the last turn is just `end`.
    let idle = game("8/8/8/8/8/8/8/1R6 w - - 1 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert_eq!(decisions(&idle), ["end"]);
}

#[test]
fn the_score_is_kills_plus_stacked_ranks() {
    // White: a1, a2 stacked (1 + 2), 11 kills (one black piece on the board). Black: b1
    // stacked (1), 10 kills.
    let pos = position("8/8/8/8/8/8/P7/Pp6 b - - 0 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert_eq!(gravity::kills(&pos, Color::White), 11);
    assert_eq!(gravity::kills(&pos, Color::Black), 10);
    assert_eq!(gravity::score(&pos, Color::White), 14);
    assert_eq!(gravity::score(&pos, Color::Black), 11);
    assert_eq!(
        Gravity.terminal(&pos),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Variant("more points")
        })
    );
    // Unstacked pieces score nothing (but are not kills for the enemy either).
    let hovering =
        position("8/8/8/8/7N/8/P7/Pp6 b - - 0 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert_eq!(gravity::score(&hovering, Color::White), 14);
    assert_eq!(gravity::score(&hovering, Color::Black), 10);
}

#[test]
fn equal_scores_are_broken_by_the_highest_rank_with_a_difference() {
    // 14 points each; White has a stacked piece on rank 3, Black none.
    let rank3 =
        position("8/8/8/7N/8/R7/Ppp5/Ppp5 b - - 0 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert_eq!(gravity::score(&rank3, Color::White), 14);
    assert_eq!(gravity::score(&rank3, Color::Black), 14);
    assert!(matches!(
        Gravity.terminal(&rank3),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Variant(_)
        })
    ));
    // 15 each, one stacked piece each on rank 3; on rank 2 Black has two, White one.
    let rank2 = position(
        "8/8/8/7n/8/rR6/pP1p4/pPPpPN2 b - - 0 13 decks:-/- flip:- pawns:- moved:- blocked:-",
    );
    assert_eq!(gravity::score(&rank2, Color::White), 15);
    assert_eq!(gravity::score(&rank2, Color::Black), 15);
    assert_eq!(
        gravity::stacked_by_rank(&rank2, Color::White)[2],
        gravity::stacked_by_rank(&rank2, Color::Black)[2]
    );
    assert!(matches!(
        Gravity.terminal(&rank2),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
    // Everything equal: a draw.
    let level =
        position("8/8/8/8/8/8/Pp6/Pp6 b - - 0 13 decks:-/- flip:- pawns:- moved:- blocked:-");
    assert!(matches!(Gravity.terminal(&level), Some(Outcome::Draw(_))));
}

#[test]
fn a_turn_token_is_all_or_nothing() {
    let mut start = game(BOOKLET_ORDER);
    let before = start.position().to_fen(&Gravity);
    let error = start.play_token("d3c2,d4d3,r@z9").expect_err("bad add");
    assert!(error.to_string().contains("leg 3"), "{error}");
    assert_eq!(start.position().to_fen(&Gravity), before);
    assert!(start.moves().is_empty());
    assert!(start.play_token("d3c2,,r@a8").is_err());
    assert_eq!(start.position().to_fen(&Gravity), before);
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:KQRRBBNNPPPP/kqrrbbnnpppp",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnppppp/KQRRBBNNPPPP",
        "8/8/8/8/8/8/8/8 b - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP",
        "8/8/8/8/8/8/8/8 w KQ - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP flip:K",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP moved:e4",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP pawns:z9",
        "8/8/8/8/8/8/8/8 w - - 0 1 decks:kqrrbbnnpppp/KQRRBBNNPPPP colour:blue",
    ] {
        assert!(Position::from_fen(&Gravity, fen).is_err(), "{fen} accepted");
    }
}

/// Random games with random flips: every decision generated is legal when replayed by
/// token, the incremental hash equals the fresh one, and FEN round-trips.
#[test]
fn random_playouts_keep_hash_fen_and_tokens_consistent() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut game = Game::new(Gravity);
        let mut tokens: Vec<String> = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        while game.outcome().is_none() {
            let outcomes = game.chance_outcomes();
            let mv: Move = if outcomes.is_empty() {
                let moves = game.legal_moves();
                moves.as_slice()[rng.random_range(0..moves.len())]
            } else {
                outcomes[rng.random_range(0..outcomes.len())].outcome
            };
            let side = game.position().turn();
            let token = Gravity.format_move(mv);
            game.play_unchecked(mv);
            let pos = game.position();
            assert_eq!(pos.hash(), pos.fresh_hash(&Gravity));
            let fen = pos.to_fen(&Gravity);
            let again = Position::from_fen(&Gravity, &fen).expect("own FEN reads back");
            assert_eq!(again.to_fen(&Gravity), fen);
            assert_eq!(again.hash(), pos.hash(), "{fen}");
            if token.starts_with("flip:") {
                tokens.push(token);
            } else {
                turn.push(token);
                if game.position().turn() != side || game.outcome().is_some() {
                    tokens.push(turn.join(","));
                    turn.clear();
                }
            }
        }
        // 24 flips, 24 adds and White's last turn.
        assert_eq!(tokens.len(), 49, "{tokens:?}");
        let mut replay = Game::new(Gravity);
        for token in &tokens {
            replay.play_token(token).expect("replay by turn tokens");
        }
        assert_eq!(
            replay.position().to_fen(&Gravity),
            game.position().to_fen(&Gravity)
        );
        assert_eq!(replay.outcome(), game.outcome());
    }
}

// ----- an independent reference, written from docs/variants/gravity.md with its own board -----

/// A gravity position as the rules describe it: a plain board of (colour, kind) by square
/// index (file + 8 * rank, rank 0 the bottom), the decks by holder, the flipped card, the
/// pawns that have not moved since they entered, and this turn's moved and stuck pieces (those
/// that had no legal move at some moment of the turn).
#[derive(Clone)]
struct Reference {
    board: [Option<(Color, Kind)>; 64],
    to_move: Color,
    decks: [[u8; 6]; 2],
    flipped: Option<Kind>,
    fresh_pawns: Vec<usize>,
    moved: Vec<usize>,
    stuck: Vec<usize>,
}

/// The order in which perft resolves a flip.
const FLIP_ORDER: [Kind; 6] = [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN];

fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8 + 1)
}

fn letter_of(color: Color, kind: Kind) -> String {
    let symbol = ["P", "N", "B", "R", "Q", "K"][kind.index()];
    match color {
        Color::White => symbol.to_string(),
        Color::Black => symbol.to_lowercase(),
    }
}

impl Reference {
    /// Copies a position of the engine: the board square by square, the rest from its state
    /// (the turn's history cannot be read off the board).
    fn of(pos: &Position<Gravity>) -> Reference {
        let squares = |set: amity_engine::Bitboard| set.into_iter().map(|s| s as usize).collect();
        let mut board = [None; 64];
        for (index, cell) in board.iter_mut().enumerate() {
            *cell = pos
                .piece_at(Square::new(index as u32))
                .map(|piece| (piece.color, piece.kind));
        }
        Reference {
            board,
            to_move: pos.turn(),
            decks: pos.state.decks,
            flipped: pos.state.flipped,
            fresh_pawns: squares(pos.state.unmoved_pawns),
            moved: squares(pos.state.moved),
            stuck: squares(pos.state.blocked),
        }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Option<(Color, Kind)>> {
        ((0..8).contains(&file) && (0..8).contains(&rank))
            .then(|| self.board[(file + 8 * rank) as usize])
    }

    /// Rule 4, from rank 1 upwards: a piece is stacked when each square beneath it in its
    /// downward directions is off the board or holds a stacked piece.
    fn stacked(&self) -> [bool; 64] {
        let mut stacked = [false; 64];
        for index in 0..64 {
            let Some((_, kind)) = self.board[index] else {
                continue;
            };
            let (file, rank) = ((index % 8) as i32, (index / 8) as i32);
            let beneath: &[(i32, i32)] = match kind {
                PAWN | ROOK => &[(0, -1)],
                BISHOP => &[(-1, -1), (1, -1)],
                QUEEN | KING => &[(-1, -1), (0, -1), (1, -1)],
                _ => &[(-2, -1), (-1, -2), (1, -2), (2, -1)],
            };
            stacked[index] = beneath.iter().all(|(df, dr)| {
                let (f, r) = (file + df, rank + dr);
                !((0..8).contains(&f) && (0..8).contains(&r)) || stacked[(f + 8 * r) as usize]
            });
        }
        stacked
    }

    /// Rule 3: where the piece on `index` may go.
    fn targets(&self, index: usize, stacked: &[bool; 64]) -> Vec<usize> {
        let Some((color, kind)) = self.board[index] else {
            return Vec::new();
        };
        if stacked[index] {
            return Vec::new();
        }
        let (file, rank) = ((index % 8) as i32, (index / 8) as i32);
        let victim = |f: i32, r: i32| {
            self.board[(f + 8 * r) as usize]
                .is_some_and(|(c, _)| c != color && !stacked[(f + 8 * r) as usize])
        };
        let mut found = Vec::new();
        let mut consider = |f: i32, r: i32| -> bool {
            // Returns whether a slider goes on past this square.
            match self.at(f, r) {
                None => false,
                Some(None) => {
                    if r < rank {
                        found.push((f + 8 * r) as usize);
                    }
                    true
                }
                Some(Some(_)) => {
                    if r <= rank && victim(f, r) {
                        found.push((f + 8 * r) as usize);
                    }
                    false
                }
            }
        };
        match kind {
            PAWN => {
                if self.at(file, rank - 1) == Some(None) {
                    found.push((file + 8 * (rank - 1)) as usize);
                    if self.fresh_pawns.contains(&index) && self.at(file, rank - 2) == Some(None) {
                        found.push((file + 8 * (rank - 2)) as usize);
                    }
                }
                for df in [-1, 1] {
                    if self
                        .at(file + df, rank - 1)
                        .is_some_and(|cell| cell.is_some())
                        && victim(file + df, rank - 1)
                    {
                        found.push((file + df + 8 * (rank - 1)) as usize);
                    }
                }
            }
            KNIGHT | KING => {
                let steps = if kind == KNIGHT {
                    &common::KNIGHT_JUMPS
                } else {
                    &common::KING_STEPS
                };
                for (df, dr) in steps {
                    consider(file + df, rank + dr);
                }
            }
            _ => {
                let mut directions = Vec::new();
                if matches!(kind, ROOK | QUEEN) {
                    directions.extend([(1, 0), (-1, 0), (0, 1), (0, -1)]);
                }
                if matches!(kind, BISHOP | QUEEN) {
                    directions.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                }
                for (df, dr) in directions {
                    let (mut f, mut r) = (file + df, rank + dr);
                    while consider(f, r) {
                        f += df;
                        r += dr;
                    }
                }
            }
        }
        found.sort_unstable();
        found
    }

    fn deck_empty(&self) -> bool {
        self.decks.iter().flatten().all(|count| *count == 0)
    }

    /// White's thirteenth turn: nothing to flip, a fall only.
    fn final_turn(&self) -> bool {
        self.to_move == Color::White && self.flipped.is_none() && self.deck_empty()
    }

    fn in_fall(&self) -> bool {
        self.flipped.is_some() || self.final_turn()
    }

    /// The side to move's active pieces that have not moved this turn.
    fn unmoved_active(&self, stacked: &[bool; 64]) -> Vec<usize> {
        (0..64)
            .filter(|&i| {
                self.board[i].is_some_and(|(c, _)| c == self.to_move)
                    && !stacked[i]
                    && !self.moved.contains(&i)
            })
            .collect()
    }

    /// This moment of the fall: an unmoved active piece without a legal move is stuck for
    /// the rest of the turn.
    fn note_stuck(&mut self) {
        let stacked = self.stacked();
        for index in self.unmoved_active(&stacked) {
            if self.targets(index, &stacked).is_empty() && !self.stuck.contains(&index) {
                self.stuck.push(index);
            }
        }
    }

    /// Perft resolves a pending flip with the first kind left in the mover's deck.
    fn resolve_flip(&mut self) {
        if self.in_fall() {
            return;
        }
        let deck = &mut self.decks[side(self.to_move)];
        if let Some(kind) = FLIP_ORDER.into_iter().find(|k| deck[k.index()] > 0) {
            deck[kind.index()] -= 1;
            self.flipped = Some(kind);
            self.note_stuck();
        }
    }

    /// The decisions (rule 7), as tokens, with the position each leads to.
    fn decisions(&self) -> Vec<(String, Reference)> {
        let mut out = Vec::new();
        if !self.in_fall() {
            return out;
        }
        let stacked = self.stacked();
        let unmoved = self.unmoved_active(&stacked);
        for &from in &unmoved {
            for to in self.targets(from, &stacked) {
                let mut next = self.clone();
                let piece = next.board[from].take();
                next.board[to] = piece;
                next.fresh_pawns.retain(|&s| s != from && s != to);
                next.stuck.retain(|&s| s != from);
                next.moved.push(to);
                next.note_stuck();
                out.push((format!("{}{}", name(from), name(to)), next));
            }
        }
        if unmoved.iter().all(|s| self.stuck.contains(s)) {
            match self.flipped {
                Some(kind) => {
                    let empty = |r: usize| (0..8).filter(move |f| self.board[f + 8 * r].is_none());
                    if let Some(rank) = (0..8).rev().find(|&r| empty(r).next().is_some()) {
                        for file in empty(rank) {
                            let to = file + 8 * rank;
                            let mut next = self.clone();
                            next.board[to] = Some((!self.to_move, kind));
                            if kind == PAWN {
                                next.fresh_pawns.push(to);
                            }
                            next.end_turn();
                            out.push((
                                format!("{}@{}", letter_of(!self.to_move, kind), name(to)),
                                next,
                            ));
                        }
                    }
                }
                None => {
                    let mut next = self.clone();
                    next.end_turn();
                    out.push(("end".to_string(), next));
                }
            }
        }
        out
    }

    fn end_turn(&mut self) {
        self.flipped = None;
        self.moved.clear();
        self.stuck.clear();
        self.to_move = !self.to_move;
        if self.final_turn() {
            self.note_stuck();
        }
    }
}

/// Walks the engine and the reference side by side to `depth`: the same decisions at every
/// node, and the same perft count.
fn walk(pos: &Position<Gravity>, reference: &Reference, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut reference = reference.clone();
    let mut pos = pos.clone();
    if let Some(flip) = Gravity.perft_chance(&pos) {
        Gravity.play(&mut pos, flip);
        reference.resolve_flip();
    }
    let mut moves = MoveList::new();
    Gravity.generate(&pos, &mut moves);
    let mut engine: Vec<(String, Move)> = moves
        .iter()
        .map(|&mv| (Gravity.format_move(mv), mv))
        .collect();
    engine.sort_by(|a, b| a.0.cmp(&b.0));
    let mut expected = reference.decisions();
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        engine.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        expected.iter().map(|(n, _)| n).collect::<Vec<_>>(),
        "decisions of {}",
        pos.to_fen(&Gravity)
    );
    let mut leaves = 0;
    for ((_, mv), (_, next)) in engine.iter().zip(&expected) {
        let mut child = pos.clone();
        Gravity.play(&mut child, *mv);
        leaves += walk(&child, next, depth - 1);
    }
    leaves
}

/// Positions from seeded random games (every stage: early adds, crowded falls, the last
/// turn) agree with the reference to depth 3: the decisions at every node and perft's count.
#[test]
fn reference_agrees_on_random_game_positions() {
    let mut rng = StdRng::seed_from_u64(0x4752_4156);
    let mut checked = 0;
    for _ in 0..60 {
        let mut game = Game::new(Gravity);
        while game.outcome().is_none() {
            let outcomes = game.chance_outcomes();
            let mv: Move = if outcomes.is_empty() {
                if rng.random_bool(0.15) {
                    let pos = game.position();
                    let leaves = walk(pos, &Reference::of(pos), 3);
                    assert_eq!(leaves, amity_engine::perft::perft(&Gravity, pos, 3));
                    checked += 1;
                }
                let moves = game.legal_moves();
                moves.as_slice()[rng.random_range(0..moves.len())]
            } else {
                outcomes[rng.random_range(0..outcomes.len())].outcome
            };
            game.play_unchecked(mv);
        }
        // The finished game, and a flip pending at the start of a turn.
        let pos = game.position();
        assert_eq!(walk(pos, &Reference::of(pos), 2), 0);
    }
    eprintln!("{checked} positions agree with the reference to depth 3");
    assert!(checked > 500, "only {checked} positions checked");
}

#[test]
fn stacked_pieces_are_labelled_with_the_rank_they_score() {
    let fen = "2p5/1b6/2K1N3/8/PP6/8/8/BrRnrnp1 b - - 1 8 decks:kqpp/QRNP flip:P pawns:c8 moved:e1 blocked:-";
    let pos = amity_engine::Position::from_fen(&amity_variants::Gravity, fen).unwrap();
    let labels = amity_engine::Presentation::square_labels(&amity_variants::Gravity, &pos);
    assert!(!labels.is_empty(), "rank 1 is full: its pieces are stacked");
    let labelled: Vec<amity_engine::Square> = labels.iter().map(|label| label.square).collect();
    let stacked: Vec<amity_engine::Square> = pos.state.stacked.into_iter().collect();
    assert_eq!(labelled, stacked);
    for label in &labels {
        assert_eq!(label.text, (label.square.rank() as u32 + 1).to_string());
        assert_eq!(label.owner, pos.piece_at(label.square).map(|p| p.color));
    }
}
