//! Differential test against shakmaty, an independent move generator: on positions from
//! seeded random games, Amity and shakmaty must agree on the legal moves, on perft to depth 2,
//! on check, and on how the game ends; Amity's incremental hash must equal a fresh one and its
//! FEN must round-trip.

use amity_engine::{Game, MoveList, Notation, Position, Rules, RulesExt, perft::perft};
use amity_variants::Chess;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position as _};

const POSITIONS: usize = 10_000;

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    fen.parse::<Fen>()
        .expect("shakmaty reads Amity's FEN")
        .into_position(CastlingMode::Standard)
        .expect("shakmaty accepts Amity's position")
}

fn amity_moves(pos: &Position<Chess>) -> Vec<String> {
    let mut moves = MoveList::new();
    Chess::default().generate(pos, &mut moves);
    let mut names: Vec<String> = moves
        .iter()
        .map(|mv| Chess::default().format_move(*mv))
        .collect();
    names.sort();
    names
}

fn shakmaty_moves(pos: &shakmaty::Chess) -> Vec<String> {
    let mut names: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(CastlingMode::Standard).to_string())
        .collect();
    names.sort();
    names
}

#[derive(Default, Debug)]
struct Coverage {
    en_passant: usize,
    castling: usize,
    promotions: usize,
    checks: usize,
    mates: usize,
}

#[test]
fn agrees_with_shakmaty_on_random_games() {
    let mut rng = StdRng::seed_from_u64(20261121);
    let mut coverage = Coverage::default();
    let mut compared = 0;
    while compared < POSITIONS {
        let mut game = Game::new(Chess::default());
        let mut theirs = shakmaty::Chess::default();
        for _ in 0..300 {
            let pos = game.position().clone();
            let fen = pos.to_fen(&Chess::default());
            let ours = amity_moves(&pos);
            assert_eq!(ours, shakmaty_moves(&theirs), "legal moves differ in {fen}");
            assert_eq!(
                Chess::default().in_check(&pos),
                theirs.is_check(),
                "check differs in {fen}"
            );
            assert_eq!(
                pos.hash(),
                pos.fresh_hash(&Chess::default()),
                "stale hash in {fen}"
            );
            let reread = Position::from_fen(&Chess::default(), &fen).expect("own FEN reads back");
            assert_eq!(reread.to_fen(&Chess::default()), fen, "FEN round trip");
            assert_eq!(
                reread.hash(),
                pos.hash(),
                "hash after FEN round trip of {fen}"
            );
            let legal_fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
            let board_fields = |f: &str| f.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert_eq!(board_fields(&fen), board_fields(&legal_fen));
            if compared % 10 == 0 {
                // FEN interchange: shakmaty reads Amity's FEN as the same position.
                assert_eq!(
                    shakmaty_moves(&shakmaty_position(&fen)),
                    ours,
                    "FEN of {fen}"
                );
                assert_eq!(
                    perft(&Chess::default(), &pos, 2),
                    shakmaty::perft(&theirs, 2),
                    "perft 2 differs in {fen}"
                );
            }
            coverage.en_passant += ours
                .iter()
                .filter(|m| is_en_passant(&pos, m))
                .count()
                .min(1);
            coverage.castling += ours.iter().any(|m| is_castle(m)) as usize;
            coverage.promotions += ours.iter().any(|m| m.len() == 5) as usize;
            coverage.checks += theirs.is_check() as usize;
            compared += 1;
            if ours.is_empty() {
                coverage.mates += theirs.is_checkmate() as usize;
                assert!(game.outcome().is_some());
                break;
            }
            // Prefer captures, promotions and pawn moves a little, so games reach endgames
            // with promotions and en passant chances more often than uniform play would.
            let choice = if rng.random_bool(0.5) {
                ours.iter()
                    .filter(|m| m.len() == 5 || is_pawn_move(&pos, m))
                    .collect::<Vec<_>>()
                    .choose(&mut rng)
                    .map(|m| (*m).clone())
                    .unwrap_or_else(|| ours.choose(&mut rng).unwrap().clone())
            } else {
                ours.choose(&mut rng).unwrap().clone()
            };
            game.play_token(&choice).expect("generated move plays");
            let uci: shakmaty::uci::UciMove = choice.parse().unwrap();
            let mv = uci.to_move(&theirs).expect("shakmaty knows the move");
            theirs.play_unchecked(mv);
            if game.outcome().is_some() {
                break;
            }
        }
    }
    eprintln!("coverage over {compared} positions: {coverage:?}");
    assert!(coverage.en_passant >= 20, "{coverage:?}");
    assert!(coverage.castling >= 100, "{coverage:?}");
    assert!(coverage.promotions >= 100, "{coverage:?}");
    assert!(coverage.checks >= 200, "{coverage:?}");
}

fn is_pawn_move(pos: &Position<Chess>, uci: &str) -> bool {
    let from: shakmaty::Square = uci[..2].parse().unwrap();
    pos.piece_at(from)
        .is_some_and(|p| p.kind == amity_engine::orthodox::PAWN)
}

fn is_en_passant(pos: &Position<Chess>, uci: &str) -> bool {
    let to: shakmaty::Square = uci[2..4].parse().unwrap();
    is_pawn_move(pos, uci) && Some(to) == pos.en_passant()
}

fn is_castle(uci: &str) -> bool {
    matches!(uci, "e1g1" | "e1c1" | "e8g8" | "e8c8")
}
