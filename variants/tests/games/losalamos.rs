//! Los Alamos chess: the 6x6 board and its FEN, the rule changes against chess (no double step,
//! no castling, promotion to queen, rook or knight), game ends, and random playouts checking
//! the hash, FEN round trips and that no move leaves the board.

use amity_engine::{
    Color, DrawReason, Game, MoveList, Notation, Outcome, Position, RulesExt, WinReason,
};
use amity_variants::LosAlamos;
use amity_variants::losalamos::network::LosAlamosNetwork;

const RULES: LosAlamos = LosAlamos::with_network(LosAlamosNetwork::linear());

fn legal(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(&RULES, fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    let mut moves = MoveList::new();
    RULES.generate(&pos, &mut moves);
    let mut list: Vec<String> = moves.iter().map(|mv| RULES.format_move(*mv)).collect();
    list.sort();
    list
}

#[test]
fn start_position_has_ten_moves_and_single_pawn_steps() {
    let moves = legal(RULES.start_fen());
    assert_eq!(moves.len(), 10);
    assert!(moves.contains(&"c2c3".to_string()));
    assert!(!moves.contains(&"c2c4".to_string()));
}

#[test]
fn fen_has_six_squares_a_rank_and_round_trips() {
    let fen = "r1qk1r/p1p2Q/2Pp2/1pP2p/PP1KnP/R1N2R b - - 1 13";
    let pos = Position::from_fen(&RULES, fen).expect("valid");
    assert_eq!(pos.to_fen(&RULES), fen);
    for bad in [
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR1 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        "rnqknr/pppppp/6/6/PPPPPP w - - 0 1",
        "rbqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQkq - 0 1",
        "rnqknr/ppp1pp/6/3p2/PPPPPP/RNQKNR w - d5 0 1",
    ] {
        assert!(Position::from_fen(&RULES, bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn pawns_promote_to_queen_rook_or_knight_only() {
    let moves = legal("3k2/P5/6/6/6/3K2 w - - 0 1");
    let promotions: Vec<&String> = moves.iter().filter(|m| m.starts_with("a5a6")).collect();
    assert_eq!(promotions, ["a5a6n", "a5a6q", "a5a6r"]);
    let moves = legal("3k2/6/6/6/p5/3K2 b - - 0 1");
    assert!(moves.contains(&"a2a1q".to_string()));
    assert!(!moves.contains(&"a2a1b".to_string()));
}

#[test]
fn no_move_leaves_the_six_by_six_board() {
    // A rook and knight on the edge files: nothing may reach the g or h file or rank 7.
    let moves = legal("2k3/6/6/5R/6/K4N w - - 0 1");
    assert!(
        moves
            .iter()
            .all(|m| !m.contains('g') && !m.contains('h') && !m.contains('7')),
        "{moves:?}"
    );
    assert!(moves.contains(&"f3f6".to_string()));
    assert!(moves.contains(&"f1e3".to_string()));
}

#[test]
fn checkmate_and_stalemate() {
    let mate = Game::from_fen(RULES, "k5/1Q6/1K4/6/6/6 b - - 0 1");
    assert!(
        mate.is_err(),
        "a queen on b7 of a 6-file board is a malformed rank"
    );
    let mate = Game::from_fen(RULES, "k5/1Q4/1K4/6/6/6 b - - 0 1").expect("valid");
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    let stalemate = Game::from_fen(RULES, "k5/2Q3/1K4/6/6/6 b - - 0 1").expect("valid");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw(DrawReason::Stalemate))
    );
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
fn random_playouts_keep_hash_fen_and_board() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let board = RULES.geometry().mask();
    let start = Position::from_fen(&RULES, RULES.start_fen()).expect("start");
    let mut promotions = 0;
    for _ in 0..2_000 {
        let mut pos = start.clone();
        for _ in 0..100 {
            assert_eq!(pos.hash(), pos.fresh_hash(&RULES));
            assert!(pos.occupied().is_subset(board));
            let fen = pos.to_fen(&RULES);
            let reread = Position::from_fen(&RULES, &fen).expect("own FEN reads back");
            assert_eq!(reread.to_fen(&RULES), fen);
            assert_eq!(reread.hash(), pos.hash());
            let mut moves = MoveList::new();
            RULES.generate(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[rng.below(moves.len())];
            promotions += usize::from(mv.flag() == amity_engine::MoveFlag::Promotion);
            RULES.play(&mut pos, mv);
        }
    }
    assert!(promotions > 100);
}

#[test]
fn bench_positions_are_legal() {
    for (variant, fen) in amity_variants::bench_positions() {
        if *variant == RULES.name() {
            assert!(Position::from_fen(&RULES, fen).is_ok(), "{fen}");
        }
    }
}
