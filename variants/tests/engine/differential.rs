//! Differential test against shakmaty, an independent move generator: on positions from
//! seeded random games, Amity and shakmaty must agree on the legal moves, on perft to depth 2,
//! on check, and on how the game ends; Amity's incremental hash must equal a fresh one and its
//! FEN must round-trip. The same in Chess960 (Fischer Random and double Fischer Random starts,
//! castling king takes rook, X-FEN and Shredder-FEN castling fields), with perft on the 960
//! start positions and the FRC perft suite.

use amity_engine::{Game, MoveFlag, MoveList, Notation, Position, Rules, RulesExt, perft::perft};
use amity_variants::Chess;
use amity_variants::fischerandom::{ARRANGEMENTS, FischerRandom};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, EnPassantMode, Position as _};

const POSITIONS: usize = 10_000;

fn shakmaty_position(fen: &str, mode: CastlingMode) -> shakmaty::Chess {
    fen.parse::<Fen>()
        .expect("shakmaty reads Amity's FEN")
        .into_position(mode)
        .expect("shakmaty accepts Amity's position")
}

fn amity_moves<R: Notation>(rules: &R, pos: &Position<R>) -> Vec<String> {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|mv| rules.format_move(*mv)).collect();
    names.sort();
    names
}

fn shakmaty_moves(pos: &shakmaty::Chess, mode: CastlingMode) -> Vec<String> {
    let mut names: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(mode).to_string())
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
    let standard = |_: &mut StdRng| Chess::default().start_fen().to_string();
    let coverage = compare_random_games(
        &Chess::default(),
        CastlingMode::Standard,
        POSITIONS,
        20261121,
        standard,
    );
    assert!(coverage.en_passant >= 20, "{coverage:?}");
    assert!(coverage.castling >= 100, "{coverage:?}");
    assert!(coverage.promotions >= 100, "{coverage:?}");
    assert!(coverage.checks >= 200, "{coverage:?}");
}

/// Fischer Random and double Fischer Random games: a random arrangement for White, for Black
/// the same one or (every other game) another.
#[test]
fn agrees_with_shakmaty_on_random_chess960_games() {
    let start = |rng: &mut StdRng| {
        let white = rng.random_range(0..ARRANGEMENTS);
        let black = if rng.random_bool(0.5) {
            white
        } else {
            rng.random_range(0..ARRANGEMENTS)
        };
        double_fischer_random_fen(white, black)
    };
    let coverage = compare_random_games(
        &FischerRandom::default(),
        CastlingMode::Chess960,
        POSITIONS / 2,
        20261206,
        start,
    );
    assert!(coverage.castling >= 60, "{coverage:?}");
    assert!(coverage.checks >= 100, "{coverage:?}");
}

/// The start of double Fischer Random chess with White's arrangement `white` and Black's
/// `black` (the same number: Fischer Random).
fn double_fischer_random_fen(white: usize, black: usize) -> String {
    let rank = |number: usize| -> String {
        amity_variants::fischerandom::back_rank(number)
            .iter()
            .collect()
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        rank(black).to_ascii_lowercase(),
        rank(white)
    )
}

/// Plays seeded random games from the starts `start` draws, comparing every position with
/// shakmaty's in `mode` until `positions` were compared.
fn compare_random_games<R: Notation>(
    rules: &R,
    mode: CastlingMode,
    positions: usize,
    seed: u64,
    start: impl Fn(&mut StdRng) -> String,
) -> Coverage {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    let mut compared = 0;
    while compared < positions {
        let start_fen = start(&mut rng);
        let mut game = Game::from_fen(rules.clone(), &start_fen).expect("a start reads");
        let mut theirs = shakmaty_position(&start_fen, mode);
        for _ in 0..300 {
            let pos = game.position().clone();
            let fen = pos.to_fen(rules);
            let ours = amity_moves(rules, &pos);
            assert_eq!(
                ours,
                shakmaty_moves(&theirs, mode),
                "legal moves differ in {fen}"
            );
            assert_eq!(
                rules.in_check(&pos),
                theirs.is_check(),
                "check differs in {fen}"
            );
            assert_eq!(pos.hash(), pos.fresh_hash(rules), "stale hash in {fen}");
            let reread = Position::from_fen(rules, &fen).expect("own FEN reads back");
            assert_eq!(reread.to_fen(rules), fen, "FEN round trip");
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
                    shakmaty_moves(&shakmaty_position(&fen, mode), mode),
                    ours,
                    "FEN of {fen}"
                );
                assert_eq!(
                    perft(rules, &pos, 2),
                    shakmaty::perft(&theirs, 2),
                    "perft 2 differs in {fen}"
                );
            }
            coverage.en_passant += ours
                .iter()
                .filter(|m| is_en_passant(&pos, m))
                .count()
                .min(1);
            coverage.castling += theirs.legal_moves().iter().any(|m| m.is_castle()) as usize;
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
    coverage
}

fn is_pawn_move<R: Rules>(pos: &Position<R>, uci: &str) -> bool {
    let from: shakmaty::Square = uci[..2].parse().unwrap();
    pos.piece_at(from)
        .is_some_and(|p| p.kind == amity_engine::orthodox::PAWN)
}

fn is_en_passant<R: Rules>(pos: &Position<R>, uci: &str) -> bool {
    let to: shakmaty::Square = uci[2..4].parse().unwrap();
    is_pawn_move(pos, uci) && Some(to) == pos.en_passant()
}

/// The FRC perft suite's positions (one per start arrangement, each with Shredder-FEN rights).
fn frc_suite() -> Vec<&'static str> {
    include_str!("fischer.epd")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect()
}

/// Perft of `fen` to `depth` in Fischer Random chess, against shakmaty's Chess960 mode.
fn compare_chess960_perft(fen: &str, depth: u32) {
    let rules = FischerRandom::default();
    let ours = Position::from_fen(&rules, fen).expect("Amity reads the position");
    let theirs = shakmaty_position(fen, CastlingMode::Chess960);
    assert_eq!(
        perft(&rules, &ours, depth),
        shakmaty::perft(&theirs, depth),
        "perft {depth} of {fen}"
    );
}

/// Every `step`-th Fischer Random start, the standard one and double Fischer Random starts
/// pairing them, at `depth`.
fn compare_starts(step: usize, depth: u32) {
    let numbers: Vec<usize> = (0..ARRANGEMENTS).step_by(step).chain([518]).collect();
    for (index, &white) in numbers.iter().enumerate() {
        compare_chess960_perft(&double_fischer_random_fen(white, white), depth);
        let black = numbers[(index + 1) % numbers.len()];
        compare_chess960_perft(&double_fischer_random_fen(white, black), depth);
    }
}

#[test]
fn perft_agrees_with_shakmaty_on_a_sample_of_chess960_starts() {
    compare_starts(60, 3);
}

#[test]
fn perft_agrees_with_shakmaty_on_a_sample_of_the_frc_suite() {
    for fen in frc_suite().into_iter().step_by(40) {
        compare_chess960_perft(fen, 3);
    }
}

/// The full sweep: all 960 starts (and as many double Fischer Random pairs) at depth 4, the
/// whole FRC perft suite at depth 5. Minutes in an optimised build: `.ci/run` runs it.
#[test]
#[ignore = "minutes even optimised; .ci/run runs it"]
fn perft_agrees_with_shakmaty_on_every_chess960_start_and_the_frc_suite() {
    compare_starts(1, 4);
    for fen in frc_suite() {
        compare_chess960_perft(fen, 5);
    }
}

/// The castlings legal in `pos`, as written.
fn castlings<R: Notation>(rules: &R, pos: &Position<R>) -> Vec<String> {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves
        .iter()
        .filter(|mv| mv.flag() == MoveFlag::Castle)
        .map(|mv| rules.format_move(*mv))
        .collect()
}

#[test]
fn chess960_castling_is_written_king_takes_rook_and_fide_castling_king_move() {
    // BBQNN1KR with the f1 square free: the king on g1 castles short without moving.
    let rules = FischerRandom::default();
    let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kk - 0 1";
    let pos = Position::from_fen(&rules, fen).expect("a right for the h1 rook");
    assert_eq!(castlings(&rules, &pos), ["g1h1"]);
    assert_eq!(pos.to_fen(&rules), fen);
    // A king that castles without moving is still exposed once its rook leaves: here the
    // queen on a1 would check it along the first rank.
    let shielded = Position::from_fen(&rules, "k7/8/8/8/8/8/8/qRK4R w BH - 0 1").unwrap();
    assert_eq!(castlings(&rules, &shielded), ["c1h1"]);
    let refused = Position::from_fen(
        &rules,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w KQk - 0 1",
    );
    assert!(refused.is_err(), "Q names no rook left of the king");
    let mut chess = Game::new(Chess::default());
    for token in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
        chess
            .play_token(token)
            .expect("FIDE castling is written e1g1");
    }
    let mut chess960 = Game::new(Chess::with_setup(
        Default::default(),
        amity_variants::chess::Fide { chess960: true },
    ));
    for token in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1"] {
        chess960
            .play_token(token)
            .expect("UCI_Chess960 castling is written e1h1");
    }
    assert_eq!(
        chess.position().to_fen(chess.rules()),
        chess960.position().to_fen(chess960.rules())
    );
}
