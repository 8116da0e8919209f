//! Moral Support Chess: one test per rule of docs/variants/moralsupport.md (supported
//! captures, en passant support, threat count, frozen king, legality by attacker count, castling, game end, no
//! insufficient-material draw), a slow square-by-square reference generator the fast one must
//! agree with (on rule positions, random playouts and random boards), and random playouts
//! checking the rules' invariants, the hash and FEN round trips.

use crate::common;

use amity_engine::orthodox::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{
    Color, DrawReason, Game, Move, MoveFlag, MoveList, Notation, Outcome, Piece, Position, Rules,
    RulesExt, Square, WinReason, perft::perft,
};
use amity_variants::MoralSupport;
use amity_variants::moralsupport::MoralSupportNetwork;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const RULES: MoralSupport = MoralSupport::with_network(MoralSupportNetwork::linear());

fn position(fen: &str) -> Position<MoralSupport> {
    Position::from_fen(&RULES, fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn legal(fen: &str) -> Vec<String> {
    let pos = position(fen);
    let mut moves = MoveList::new();
    RULES.generate(&pos, &mut moves);
    let mut list: Vec<String> = moves.iter().map(|mv| RULES.format_move(*mv)).collect();
    list.sort();
    list
}

fn has(fen: &str, mv: &str) -> bool {
    legal(fen).iter().any(|m| m == mv)
}

fn outcome(fen: &str) -> Option<Outcome> {
    Game::from_fen(RULES, fen).expect("valid FEN").outcome()
}

// ----- the slow reference: every square, every piece, play the move and count -----

/// Every piece of `color` attacking `target`, found by asking each square in turn.
fn attackers_by_scan(
    pos: &Position<MoralSupport>,
    target: Square,
    color: Color,
    occupied: amity_engine::Bitboard,
) -> Vec<Square> {
    Square::ALL
        .into_iter()
        .filter(|&square| occupied.contains(square))
        .filter(|&square| {
            pos.piece_at(square).is_some_and(|piece| {
                piece.color == color
                    && orthodox::attacks(piece.kind, color, square, occupied).contains(target)
            })
        })
        .collect()
}

fn king_of(pos: &Position<MoralSupport>, color: Color) -> Square {
    pos.pieces(color, KING).first().expect("a king")
}

/// The mover's king after `mv` is attacked at most once.
fn leaves_king_safe(pos: &Position<MoralSupport>, mv: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    RULES.play(&mut after, mv);
    attackers_by_scan(&after, king_of(&after, us), !us, after.occupied()).len() <= 1
}

/// Whether another friendly piece than the one on `from` attacks `target` before the move.
fn supported(pos: &Position<MoralSupport>, from: Square, target: Square) -> bool {
    attackers_by_scan(pos, target, pos.turn(), pos.occupied())
        .into_iter()
        .any(|square| square != from)
}

/// Legal moves worked out square by square from the rule text, with no bitboard tricks.
fn reference_moves(pos: &Position<MoralSupport>) -> Vec<String> {
    let us = pos.turn();
    let occupied = pos.occupied();
    let king = king_of(pos, us);
    let threats = attackers_by_scan(pos, king, !us, occupied).len();
    let frozen = threats >= 2;
    let mut candidates = Vec::new();
    let forward: i32 = if us == Color::White { 8 } else { -8 };
    let last_rank = if us == Color::White { 7 } else { 0 };
    let start_rank = if us == Color::White { 1 } else { 6 };
    for from in Square::ALL {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.color != us || (piece.kind == KING && frozen) {
            continue;
        }
        for to in Square::ALL {
            let target = pos.piece_at(to);
            if target.is_some_and(|t| t.color == us || t.kind == KING) {
                continue;
            }
            let capture = target.is_some();
            let en_passant = piece.kind == PAWN && !capture && pos.en_passant() == Some(to);
            let reaches = if piece.kind == PAWN {
                let step = to as i32 - from as i32;
                let diagonal = orthodox::attacks(PAWN, us, from, occupied).contains(to);
                let middle = Square::new(((from as i32 + to as i32) / 2) as u32);
                (diagonal && (capture || en_passant))
                    || (!capture && step == forward)
                    || (!capture
                        && step == 2 * forward
                        && from.rank() as i32 == start_rank
                        && pos.piece_at(middle).is_none())
            } else {
                orthodox::attacks(piece.kind, us, from, occupied).contains(to)
            };
            if !reaches {
                continue;
            }
            if (capture || en_passant) && !supported(pos, from, to) {
                continue;
            }
            if en_passant {
                candidates.push(Move::en_passant(from, to));
            } else if piece.kind == PAWN && to.rank() as i32 == last_rank {
                for &kind in orthodox::FIDE_PROMOTIONS.iter() {
                    candidates.push(Move::promotion(from, to, kind));
                }
            } else {
                candidates.push(Move::normal(from, to));
            }
        }
    }
    let mut list: Vec<String> = candidates
        .into_iter()
        .filter(|&mv| leaves_king_safe(pos, mv))
        .map(|mv| RULES.format_move(mv))
        .collect();
    // Castling: rights, empty squares, not frozen, destination unattacked after the move.
    if !frozen {
        for rook in pos.castling() {
            let Some(piece) = pos.piece_at(rook) else {
                continue;
            };
            if piece.color != us || rook.rank() != king.rank() {
                continue;
            }
            let (king_to, rook_to) = orthodox::castling_targets(king, rook);
            let lo = [king, rook, king_to, rook_to].into_iter().min().unwrap();
            let hi = [king, rook, king_to, rook_to].into_iter().max().unwrap();
            let clear = (lo as u32..=hi as u32)
                .map(Square::new)
                .filter(|&s| s != king && s != rook)
                .all(|s| pos.piece_at(s).is_none());
            if !clear {
                continue;
            }
            let mv = Move::castle(king, king_to);
            let mut after = pos.clone();
            RULES.play(&mut after, mv);
            if attackers_by_scan(&after, king_to, !us, after.occupied()).is_empty() {
                list.push(RULES.format_move(mv));
            }
        }
    }
    list.sort();
    list
}

fn reference_perft(pos: &Position<MoralSupport>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    RULES.generate(pos, &mut moves);
    let fast: Vec<String> = {
        let mut list: Vec<String> = moves.iter().map(|mv| RULES.format_move(*mv)).collect();
        list.sort();
        list
    };
    assert_eq!(
        fast,
        reference_moves(pos),
        "moves of {}",
        pos.to_fen(&RULES)
    );
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            RULES.play(&mut child, mv);
            reference_perft(&child, depth - 1)
        })
        .sum()
}

// ----- rule 1: supported capture -----

#[test]
fn an_unsupported_capture_is_not_generated() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert!(!has(fen, "e4d5"));
    assert!(has(fen, "e4e5"));
}

#[test]
fn a_supported_capture_is_generated_for_both_attackers() {
    let fen = "4k3/8/8/3p4/1N2P3/8/8/4K3 w - - 0 1";
    assert!(has(fen, "e4d5"));
    assert!(has(fen, "b4d5"));
}

#[test]
fn the_king_lends_support() {
    // The queen takes on e2 because the king also attacks e2.
    let fen = "4k3/8/8/8/8/8/4p3/4KQ2 w - - 0 1";
    assert!(has(fen, "f1e2"));
    // The king needs the queen's support to take, and gets it.
    assert!(has(fen, "e1e2"));
}

#[test]
fn a_piece_behind_the_capturer_does_not_support_through_it() {
    let fen = "4k3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
    assert!(!has(fen, "d2d5"));
    // A queen on another line does support.
    let fen = "4k3/8/8/3p4/8/1Q6/3R4/3RK3 w - - 0 1";
    assert!(has(fen, "d2d5"));
}

#[test]
fn a_capturing_promotion_needs_support() {
    let fen = "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert!(!has(fen, "e7d8q"));
    let fen = "3rk3/4P3/8/8/8/8/8/3RK3 w - - 0 1";
    assert!(has(fen, "e7d8q"));
    assert!(has(fen, "e7d8n"));
}

// ----- rule 2: en passant -----

#[test]
fn en_passant_needs_a_supporter_of_the_skipped_square() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert!(!has(fen, "e5d6"));
    let fen = "4k3/8/8/1N1pP3/8/8/8/4K3 w - d6 0 2";
    assert!(has(fen, "e5d6"));
    // Support of the pawn's own square (d5) is not what counts.
    let fen = "4k3/8/8/3pP3/8/4N3/8/4K3 w - d6 0 2";
    assert!(!has(fen, "e5d6"));
}

#[test]
fn en_passant_takes_a_checking_pawn_out_of_the_count() {
    // The d5 pawn's double step checks the king beside the rook's check: frozen, but taking the
    // pawn en passant leaves a single check, which rule 5 allows.
    let fen = "k7/8/8/1N1pP3/4K2r/8/8/8 w - d6 0 2";
    assert!(has(fen, "e5d6"));
    assert!(!has(fen, "e4f5"));
}

// ----- rules 3 and 5: threat count and legality -----

#[test]
fn a_single_check_may_be_left_standing() {
    let fen = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
    assert!(has(fen, "a1a5"));
    assert!(has(fen, "e1d1"));
}

#[test]
fn a_king_may_step_into_single_check_but_not_double() {
    let fen = "4k3/8/8/8/8/2n5/8/4K3 w - - 0 1";
    assert!(has(fen, "e1d1"));
    assert!(has(fen, "e1e2"));
    let fen = "3rk3/8/8/8/8/2n5/8/4K3 w - - 0 1";
    assert!(!has(fen, "e1d1"));
    assert!(has(fen, "e1e2"));
}

#[test]
fn the_enemy_king_counts_as_an_attacker() {
    // d4 is attacked by the black king only: a white king may go there.
    let fen = "8/8/8/3k4/8/3K4/8/8 w - - 0 1";
    assert!(has(fen, "d3d4"));
    // With a black knight also on d4's diagonal... a knight on b5 attacks d4: two attackers.
    let fen = "8/8/8/1n1k4/8/3K4/8/8 w - - 0 1";
    assert!(!has(fen, "d3d4"));
}

#[test]
fn a_pinned_piece_may_leave_its_line_only_if_one_attacker_remains() {
    // No check: the knight may leave the e-file, the king is then attacked once.
    let fen = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
    assert!(has(fen, "e2c3"));
    // In check from the bishop: leaving the file would make two attackers, unless the knight
    // blocks the bishop (c3) at the same time.
    let fen = "4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1";
    assert!(has(fen, "e2c3"));
    assert!(!has(fen, "e2g3"));
    assert!(!has(fen, "e2d4"));
}

// ----- rule 4: frozen king -----

#[test]
fn a_king_in_double_check_is_frozen_but_still_supports() {
    // Rook e2 and knight f3 attack e1. The king may not move or take; the bishop takes the
    // rook with the king's support, leaving one attacker.
    let fen = "4k3/8/8/8/8/5n2/4r3/R2BK3 w Q - 0 1";
    let moves = legal(fen);
    assert!(moves.iter().all(|m| !m.starts_with("e1")), "{moves:?}");
    assert_eq!(moves, vec!["d1e2"]);
}

#[test]
fn a_frozen_king_may_not_castle_but_a_block_parries() {
    let fen = "r3k3/4r3/8/8/8/5n2/3B4/R3K2R w KQq - 0 1";
    let moves = legal(fen);
    assert!(!moves.contains(&"e1g1".to_string()));
    assert!(!moves.contains(&"e1c1".to_string()));
    assert_eq!(moves, vec!["d2e3"]);
}

// ----- rule 6: castling -----

#[test]
fn castling_out_of_single_check_and_through_attacked_squares() {
    // The rook on e7 checks; the bishop on h3 attacks f1, the square the king crosses.
    let fen = "4k3/4r3/8/8/8/7b/8/R3K2R w KQ - 0 1";
    assert!(has(fen, "e1g1"));
    assert!(has(fen, "e1c1"));
}

#[test]
fn castling_onto_an_attacked_square_is_not_allowed() {
    // The bishop on a7 attacks g1.
    let fen = "4k3/b3r3/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(!has(fen, "e1g1"));
    assert!(has(fen, "e1c1"));
}

// ----- rules 7 and 8: game end -----

#[test]
fn double_check_without_a_parry_loses() {
    let fen = "4k3/4r3/8/8/8/5n2/8/4K3 w - - 0 1";
    assert!(legal(fen).is_empty());
    assert_eq!(
        outcome(fen),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn no_legal_move_without_double_check_is_a_draw() {
    // Rook g8 with knights e3 and e2 attack g2 and g1 twice each; h2 is blocked.
    let fen = "6rk/8/8/8/8/4n2p/4n2P/7K w - - 0 1";
    assert!(legal(fen).is_empty());
    assert_eq!(outcome(fen), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Single check and no move is also a draw.
    // The bishop on a8 checks through g2.
    let fen = "b5rk/8/8/8/8/4n2p/4n2P/7K w - - 0 1";
    assert!(legal(fen).is_empty(), "{:?}", legal(fen));
    assert_eq!(outcome(fen), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn bare_kings_are_not_a_draw_by_material() {
    let fen = "8/8/8/3k4/8/3K4/8/8 w - - 0 1";
    assert_eq!(outcome(fen), None);
    assert!(RULES.position_draw(&position(fen)).is_none());
}

#[test]
fn a_position_with_the_waiting_king_in_double_check_is_refused() {
    // White to move while Black's king is attacked by rook and knight: Black moved illegally.
    let fen = "4k3/8/3N4/8/8/8/8/4RK2 w - - 0 1";
    assert!(Position::<MoralSupport>::from_fen(&RULES, fen).is_err());
    // A single attack on the waiting king is allowed.
    let fen = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1";
    assert!(Position::<MoralSupport>::from_fen(&RULES, fen).is_ok());
}

// ----- the fast generator against the reference -----

#[test]
fn fast_generator_agrees_with_the_reference_on_the_rule_positions() {
    let path = crate::common::repository_file("tests/perft/moralsupport.perft");
    let mut checked = 0;
    for case in common::read_perft_file(&path) {
        let pos = position(&case.fen);
        for &(depth, count) in &case.counts {
            if count > 300_000 {
                continue;
            }
            assert_eq!(
                reference_perft(&pos, depth),
                count,
                "{} depth {depth}",
                case.fen
            );
            assert_eq!(perft(&RULES, &pos, depth), count);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

/// A small deterministic generator, so the playouts are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn random_playouts_keep_the_rules_invariants() {
    const GAMES: usize = 10_000;
    const MAX_PLIES: usize = 60;
    // The slow reference runs on the first games only; the invariants on all of them.
    const REFERENCE_GAMES: usize = 300;
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0u64;
    let mut captures = 0u64;
    let mut en_passants = 0u64;
    let mut castles = 0u64;
    let mut frozen = 0u64;
    let mut losses = 0u64;
    let mut draws = 0u64;
    let start = position(RULES.start_fen());
    for game in 0..GAMES {
        let mut pos = start.clone();
        for _ in 0..MAX_PLIES {
            positions += 1;
            assert_eq!(pos.hash(), pos.fresh_hash(&RULES), "{}", pos.to_fen(&RULES));
            let fen = pos.to_fen(&RULES);
            let reread = position(&fen);
            assert_eq!(reread.to_fen(&RULES), fen);
            assert_eq!(reread.hash(), pos.hash(), "{fen}");

            let us = pos.turn();
            let king = king_of(&pos, us);
            let threats = attackers_by_scan(&pos, king, !us, pos.occupied()).len();
            if threats >= 2 {
                frozen += 1;
            }
            let mut moves = MoveList::new();
            RULES.generate(&pos, &mut moves);
            if game < REFERENCE_GAMES {
                let mut fast: Vec<String> = moves.iter().map(|mv| RULES.format_move(*mv)).collect();
                fast.sort();
                assert_eq!(fast, reference_moves(&pos), "{fen}");
            }
            for &mv in moves.iter() {
                let is_capture = mv.flag() == MoveFlag::EnPassant
                    || (matches!(mv.flag(), MoveFlag::Normal | MoveFlag::Promotion)
                        && pos.theirs().contains(mv.to()));
                if is_capture {
                    captures += 1;
                    assert!(
                        supported(&pos, mv.from(), mv.to()),
                        "unsupported capture {} in {fen}",
                        RULES.format_move(mv)
                    );
                }
                if threats >= 2 {
                    assert!(
                        mv.from() != king,
                        "frozen king moves: {} in {fen}",
                        RULES.format_move(mv)
                    );
                }
                en_passants += u64::from(mv.flag() == MoveFlag::EnPassant);
                castles += u64::from(mv.flag() == MoveFlag::Castle);
            }
            if moves.is_empty() {
                match RULES.no_move_outcome(&pos) {
                    Outcome::Win { .. } => {
                        assert!(threats >= 2, "{fen}");
                        losses += 1;
                    }
                    Outcome::Draw(_) => {
                        assert!(threats < 2, "{fen}");
                        draws += 1;
                    }
                }
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            RULES.play(&mut pos, mv);
            let after_king = king_of(&pos, us);
            assert!(
                attackers_by_scan(&pos, after_king, !us, pos.occupied()).len() <= 1,
                "{} leaves the king attacked twice in {fen}",
                RULES.format_move(mv)
            );
        }
    }
    eprintln!(
        "{GAMES} games, {positions} positions, {captures} captures, {en_passants} en passant, \
         {castles} castlings, {frozen} frozen kings, {losses} losses, {draws} draws"
    );
    assert!(captures > 10_000 && en_passants > 0 && castles > 0 && frozen > 0);
}

/// A random board, not reached by play: both kings (often at home, with rooks in the corners),
/// up to 20 other pieces (line pieces weighted
/// up, a third of the pawns on their fifth rank beside an enemy pawn that may just have
/// double-stepped), castling rights where king and rook stand at home, and an en passant
/// square where one is possible. Built through the engine's own FEN, so that it is validated as
/// any user's board would be; `None` when that refuses it (the waiting king in double check).
fn random_position(rng: &mut StdRng) -> Option<Position<MoralSupport>> {
    let mut pos = Position::<MoralSupport>::empty();
    let to_move = common::random_color(rng);
    for color in [Color::White, Color::Black] {
        let home = if color == Color::White { 4 } else { 60 };
        let square = if rng.random_bool(0.4) {
            home
        } else {
            rng.random_range(0..64u32)
        };
        if pos.piece_at(Square::new(square)).is_some() {
            return None;
        }
        pos.replace(Square::new(square), Piece::new(color, KING));
        if square == home {
            // Rooks at home beside it, for castling.
            for corner in [home - 4, home + 3] {
                if rng.random_bool(0.5) {
                    pos.replace(Square::new(corner), Piece::new(color, ROOK));
                }
            }
        }
    }
    let mut en_passant = None;
    for _ in 0..rng.random_range(0..=20) {
        let mut square = rng.random_range(0..64u32);
        let kind =
            [PAWN, PAWN, PAWN, KNIGHT, BISHOP, BISHOP, ROOK, ROOK, QUEEN][rng.random_range(0..9)];
        let color = common::random_color(rng);
        if kind == PAWN && color == to_move && rng.random_bool(0.3) {
            // On its fifth rank, beside an enemy pawn that has just passed the square behind it.
            let (fifth, step): (u32, i32) = if color == Color::White {
                (32, 8)
            } else {
                (24, -8)
            };
            square = fifth + square % 8;
            let file = square % 8;
            let beside = if file == 0 || (file < 7 && rng.random_bool(0.5)) {
                square + 1
            } else {
                square - 1
            };
            let skipped = (beside as i32 + step) as u32;
            let origin = (skipped as i32 + step) as u32;
            let free = |s: u32| pos.piece_at(Square::new(s)).is_none();
            if free(square) && free(beside) && free(skipped) && free(origin) {
                pos.replace(Square::new(beside), Piece::new(!color, PAWN));
                en_passant = Some(Square::new(skipped));
            }
        }
        if kind == PAWN && !(8..56).contains(&square) {
            continue;
        }
        if pos
            .piece_at(Square::new(square))
            .is_some_and(|p| p.kind == KING)
        {
            continue;
        }
        pos.replace(Square::new(square), Piece::new(color, kind));
    }
    pos.set_turn(to_move);
    pos.set_castling(common::random_castling_rights(&pos, rng));
    // The square may have been filled since; the FEN check then refuses the board.
    pos.set_en_passant(en_passant.filter(|_| rng.random_bool(0.8)));
    Position::from_fen(&RULES, &pos.to_fen(&RULES)).ok()
}

/// Random boards, not reached by play: the engine's moves and its count agree with the
/// reference, and so does perft to depth 2 (the reference checks every board one move on);
/// a board without moves ends as rule 7 says. Playouts from the start position rarely build
/// frozen kings beside en passant, castling beside long rays, or promotions with support.
/// 10,000 boards; `AMITY_RANDOM_POSITIONS=N` checks N instead.
#[test]
fn reference_agrees_on_random_positions() {
    let boards: usize = common::random_board_count(10_000);
    let mut rng = StdRng::seed_from_u64(0x4d53_5550);
    let (mut checked, mut en_passants, mut castles, mut frozen, mut ended) = (0, 0, 0, 0, 0);
    while checked < boards {
        let Some(pos) = random_position(&mut rng) else {
            continue;
        };
        let fen = pos.to_fen(&RULES);
        let mut moves = MoveList::new();
        RULES.generate(&pos, &mut moves);
        assert_eq!(RULES.count_moves(&pos), moves.len(), "count of {fen}");
        assert_eq!(
            perft(&RULES, &pos, 2),
            reference_perft(&pos, 2),
            "perft 2 of {fen}"
        );
        let us = pos.turn();
        let threats = attackers_by_scan(&pos, king_of(&pos, us), !us, pos.occupied()).len();
        frozen += u64::from(threats >= 2);
        en_passants += u64::from(moves.iter().any(|mv| mv.flag() == MoveFlag::EnPassant));
        castles += u64::from(moves.iter().any(|mv| mv.flag() == MoveFlag::Castle));
        if moves.is_empty() {
            ended += 1;
            let lost = matches!(RULES.no_move_outcome(&pos), Outcome::Win { .. });
            assert_eq!(lost, threats >= 2, "outcome of {fen}");
        }
        checked += 1;
    }
    eprintln!(
        "{checked} boards: {en_passants} with en passant, {castles} with castling, \
         {frozen} frozen kings, {ended} without moves"
    );
    assert!(en_passants > 0 && castles > 0 && frozen > 0 && ended > 0);
}

#[test]
fn bench_positions_are_legal() {
    for (variant, fen) in amity_variants::bench_positions() {
        if *variant == RULES.name() {
            assert!(
                Position::<MoralSupport>::from_fen(&RULES, fen).is_ok(),
                "{fen}"
            );
        }
    }
}

/// A network for Moral Support corrects its classical evaluation: `amity train --on-linear`
/// learns on that evaluation, and the game adds the network's value to it.
#[test]
fn a_network_corrects_the_classical_evaluation() {
    use amity_variants::moralsupport::{MoralSupportLayout, evaluate};
    crate::correcting_network::corrects_the_classical_evaluation::<MoralSupportLayout, _>(
        &RULES,
        MoralSupport::with_network,
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 4 5",
            "4k3/2r2pp1/8/3N4/8/2B5/5PP1/3RK3 w - - 0 30",
        ],
        evaluate,
    );
}
