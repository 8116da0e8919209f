//! It is what it is chess: eleven letter-shaped pieces on bent paths (written in the engine's
//! path language), capitals made by reaching the last rank, backspacing with self-capture,
//! three royal targets (Happy Face, Peace Sign, Heart) whose capture wins, no check, and a draw
//! when the side to move has no move. Rules and Amity's decisions: docs/variants/itiswhatitis.md.

use std::sync::LazyLock;

use amity_engine::paths::{Direction, KNIGHT_LEAPS, Leg, Mode, PathTable, PiecePaths, Turn, rose};
use amity_engine::{
    Bitboard, Color, DrawReason, FenError, Geometry, Identity, Kind, Learning, Move, MoveFlag,
    MoveList, Notation, Outcome, Piece, PieceInfo, Position, Presentation, Rank, Rules, Scratch,
    SearchFlags, Solver, WinReason,
};

pub const C: Kind = Kind::new(0);
pub const H: Kind = Kind::new(1);
pub const E: Kind = Kind::new(2);
pub const S: Kind = Kind::new(3);
/// Happy Face, a royal target.
pub const Y: Kind = Kind::new(4);
/// Peace Sign, a royal target.
pub const P: Kind = Kind::new(5);
/// Heart, a royal target.
pub const L: Kind = Kind::new(6);
pub const CAPITAL_C: Kind = Kind::new(7);
pub const CAPITAL_H: Kind = Kind::new(8);
pub const CAPITAL_E: Kind = Kind::new(9);
pub const CAPITAL_S: Kind = Kind::new(10);

/// Number of piece kinds.
pub const KINDS: usize = 11;
/// The three pieces whose capture wins.
pub const ROYALS: [Kind; 3] = [Y, P, L];

/// What a small letter becomes on its last rank.
#[inline]
pub const fn capital_of(kind: Kind) -> Option<Kind> {
    match kind.index() {
        0..=3 => Some(Kind::new(kind.index() as u8 + 7)),
        _ => None,
    }
}

/// Value given to a royal target for move ordering: capturing one ends the game.
const ROYAL_VALUE: i32 = 5000;

/// Material values in centipawns, measured (not guessed) by `examples/piece_values.rs`: each
/// piece's average number of moves at the board densities of random games, turned into
/// centipawns by the straight line that maps chess's knight, bishop, rook and queen mobility,
/// measured the same way, onto their usual 320/330/500/900. docs/variants/itiswhatitis.md has
/// the numbers.
pub const MATERIAL: [i32; KINDS] = [100, 338, 488, 361, 0, 0, 0, 505, 743, 715, 554];

/// A royal target of the side to move under attack: a threat it must answer.
const ROYAL_ATTACKED: i32 = 60;
/// Two or more royal targets of the side to move attacked at once: a fork that usually wins.
const ROYAL_FORKED: i32 = 400;
/// Each square next to a royal target that an enemy piece's paths cover (on an empty board:
/// a cheap measure of pressure that needs no walk).
const ROYAL_ZONE_PRESSURE: i32 = 4;

/// The start position: each side's pieces on its back rank.
const START_FEN: &str = "selpyhcs/8/8/8/8/8/8/SCHYPLES w - - 0 1";

pub const PIECES: [PieceInfo; KINDS] = [
    PieceInfo {
        symbol: "C",
        name: "c-piece",
        value: MATERIAL[0],
    },
    PieceInfo {
        symbol: "H",
        name: "h-piece",
        value: MATERIAL[1],
    },
    PieceInfo {
        symbol: "E",
        name: "e-piece",
        value: MATERIAL[2],
    },
    PieceInfo {
        symbol: "S",
        name: "s-piece",
        value: MATERIAL[3],
    },
    PieceInfo {
        symbol: "Y",
        name: "Happy Face",
        value: ROYAL_VALUE,
    },
    PieceInfo {
        symbol: "P",
        name: "Peace Sign",
        value: ROYAL_VALUE,
    },
    PieceInfo {
        symbol: "L",
        name: "Heart",
        value: ROYAL_VALUE,
    },
    PieceInfo {
        symbol: "+C",
        name: "capital C",
        value: MATERIAL[7],
    },
    PieceInfo {
        symbol: "+H",
        name: "capital H",
        value: MATERIAL[8],
    },
    PieceInfo {
        symbol: "+E",
        name: "capital E",
        value: MATERIAL[9],
    },
    PieceInfo {
        symbol: "+S",
        name: "capital S",
        value: MATERIAL[10],
    },
];

/// Every piece's paths, indexed by kind, from its owner's point of view.
pub fn piece_paths() -> Vec<PiecePaths> {
    use Direction::*;
    use Turn::*;
    // Backspacing: any capital may step one square to its owner's left, onto an empty square
    // or capturing whatever stands there (the generator spares its own royal targets).
    let backspace = || Leg::step(W).mode(Mode::CaptureAny);
    let c = PiecePaths::new(vec![rose(N, Clockwise, 4, None)]);
    let h = PiecePaths::new(vec![
        Leg::steps(N, 2),
        Leg::steps(S, 2),
        rose(E, Clockwise, 3, None),
    ]);
    let e = PiecePaths::new(vec![
        Leg::steps(W, 2)
            .after(2, Leg::steps(N, 2).after(2, Leg::steps(E, 2)))
            .after(2, Leg::steps(S, 2).after(2, Leg::steps(E, 2))),
        Leg::steps(E, 2).after(2, Leg::steps(N, 2).after(2, Leg::steps(W, 2))),
    ]);
    let s = PiecePaths::new(vec![
        Leg::step(W).after(1, Leg::steps(N, 2).after(2, Leg::steps(E, 2))),
        Leg::step(E).after(1, Leg::steps(S, 2).after(2, Leg::steps(W, 2))),
    ]);
    let happy_face = PiecePaths::new(
        [
            (2, 2),
            (-2, 2),
            (1, -2),
            (-1, -2),
            (2, -1),
            (-2, -1),
            (0, -2),
        ]
        .into_iter()
        .map(|(f, r)| Leg::leap(f, r))
        .collect(),
    );
    let mut peace = vec![Leg::steps(N, 2), Leg::step(SE), Leg::step(SW)];
    // The knight's leaps, then the alfil's and the three-square jumps.
    peace.extend(
        KNIGHT_LEAPS
            .into_iter()
            .chain([
                (2, 2),
                (2, -2),
                (-2, -2),
                (-2, 2),
                (3, 0),
                (-3, 0),
                (0, 3),
                (0, -3),
            ])
            .map(|(f, r)| Leg::leap(f, r)),
    );
    let heart = PiecePaths::new(vec![
        rose(NW, Clockwise, 5, Some(Leg::steps(SE, 2))),
        rose(NE, Anticlockwise, 5, Some(Leg::steps(SW, 2))),
    ]);
    let capital_c = PiecePaths::new(vec![
        Leg::slide(N).at_edge(Leg::slide(E)),
        Leg::slide(S).at_edge(Leg::slide(E)),
        backspace(),
    ]);
    let capital_h = PiecePaths::new(vec![
        Leg::slide(W).at_edge(Leg::slide(N)).at_edge(Leg::slide(S)),
        Leg::slide(E).at_edge(Leg::slide(N)).at_edge(Leg::slide(S)),
        backspace(),
    ]);
    let capital_e = PiecePaths::new(vec![
        Leg::slide(N).at_edge(Leg::slide(E)),
        Leg::slide(S).at_edge(Leg::slide(E)),
        Leg::slide(E),
        backspace(),
    ]);
    let capital_s = PiecePaths::new(vec![
        Leg::slide(W).at_edge(Leg::slide(N).at_edge(Leg::slide(E))),
        Leg::slide(E).at_edge(Leg::slide(S).at_edge(Leg::slide(W))),
        backspace(),
    ]);
    vec![
        c,
        h,
        e,
        s,
        happy_face,
        PiecePaths::new(peace),
        heart,
        capital_c,
        capital_h,
        capital_e,
        capital_s,
    ]
}

static TABLE: LazyLock<PathTable> = LazyLock::new(|| {
    PathTable::compile(Geometry::STANDARD, &piece_paths())
        .expect("the variant's paths are well formed (tested)")
});

/// It is what it is chess.
#[derive(Clone, Debug)]
pub struct ItIsWhatItIs {
    table: &'static PathTable,
}

impl Default for ItIsWhatItIs {
    fn default() -> Self {
        ItIsWhatItIs { table: &TABLE }
    }
}

impl ItIsWhatItIs {
    pub fn new() -> ItIsWhatItIs {
        ItIsWhatItIs::default()
    }

    /// The compiled paths, for tests and diagrams.
    pub fn table(&self) -> &'static PathTable {
        self.table
    }

    /// The owner's last rank, where small letters become capitals.
    #[inline]
    pub fn last_rank(color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard::from_rank(Rank::Eighth),
            Color::Black => Bitboard::from_rank(Rank::First),
        }
    }

    #[inline]
    fn royals<R: Rules>(pos: &Position<R>, color: Color) -> Bitboard {
        pos.pieces(color, Y) | pos.pieces(color, P) | pos.pieces(color, L)
    }

    /// Whether `color` still has all three royal targets.
    #[inline]
    fn intact(pos: &Position<Self>, color: Color) -> bool {
        ROYALS.iter().all(|&kind| pos.pieces(color, kind).any())
    }

    /// Safety of `color`'s royal targets: (how many are attacked now, how many squares next
    /// to them the enemy's paths cover on an empty board). Only pieces whose empty-board span
    /// touches a royal target are walked, so this costs a few lookups per piece.
    fn royal_danger(&self, pos: &Position<Self>, color: Color) -> (u32, u32) {
        let royals = Self::royals(pos, color);
        let zone = royals.into_iter().fold(Bitboard::EMPTY, |zone, square| {
            zone | amity_engine::orthodox::attacks(
                amity_engine::orthodox::KING,
                Color::White,
                square,
                Bitboard::EMPTY,
            )
        });
        let enemy = !color;
        let (ours, theirs) = (pos.color(enemy), pos.color(color));
        let mut attacked = Bitboard::EMPTY;
        let mut pressure = 0;
        for kind in 0..KINDS {
            for from in pos.pieces(enemy, Kind::new(kind as u8)) {
                let span = self.table.span(enemy, kind, from);
                pressure += (span & zone).count() as u32;
                if span.intersects(royals) {
                    attacked |= self.table.reach(enemy, kind, from, ours, theirs).captures & royals;
                }
            }
        }
        (attacked.count() as u32, pressure)
    }

    fn generate_moves(&self, pos: &Position<Self>, moves: &mut MoveList, tactical_only: bool) {
        let us = pos.turn();
        if !Self::intact(pos, us) || !Self::intact(pos, !us) {
            return;
        }
        let ours = pos.ours();
        let theirs = pos.theirs();
        let spared = Self::royals(pos, us);
        let last_rank = Self::last_rank(us);
        for kind in 0..KINDS {
            let capital = capital_of(Kind::new(kind as u8));
            for from in pos.pieces(us, Kind::new(kind as u8)) {
                let reach = self.table.reach(us, kind, from, ours, theirs);
                // A move is its start and end square: the bitboards merge the paths.
                let mut targets = if tactical_only {
                    reach.captures
                } else {
                    reach.quiet | reach.captures | (reach.own_captures & !spared)
                };
                if let Some(capital) = capital {
                    let promotions = if tactical_only {
                        (reach.quiet | reach.captures) & last_rank
                    } else {
                        targets & last_rank
                    };
                    for to in promotions {
                        moves.push(Move::promotion(from, to, capital));
                    }
                    targets &= !last_rank;
                }
                for to in targets {
                    moves.push(Move::normal(from, to));
                }
            }
        }
    }
}

impl Rules for ItIsWhatItIs {
    type State = ();

    fn identity(&self) -> Identity {
        Identity::new("itiswhatitis", START_FEN, &PIECES)
    }

    /// No castling in this game; an en passant square is accepted and dropped (there are no
    /// pawns); a side may lack royal targets only if the game is over, so not both sides.
    fn validate(&self, pos: &mut Position<Self>) -> Result<(), FenError> {
        if pos.castling().any() {
            return Err(FenError::Castling(
                "It is what it is chess has no castling".into(),
            ));
        }
        pos.set_en_passant(None);
        if !Self::intact(pos, Color::White) && !Self::intact(pos, Color::Black) {
            return Err(FenError::Illegal(
                "both sides lack a royal target (Y, P or L); only one can have lost".into(),
            ));
        }
        Ok(())
    }

    amity_engine::generate_by_flag!(|rules: &Self, pos, moves, tactical| {
        rules.generate_moves(pos, moves, tactical)
    });

    fn play_in(&self, pos: &mut Position<Self>, mv: Move, _scratch: &mut Scratch) {
        let us = pos.turn();
        let captured = pos.remove(mv.to()).is_some();
        let Some(piece) = pos.remove(mv.from()) else {
            return;
        };
        let promoted = mv.flag() == MoveFlag::Promotion;
        let placed = if promoted {
            Piece::new(us, mv.kind())
        } else {
            piece
        };
        pos.put(mv.to(), placed);
        let clock = if captured || promoted {
            0
        } else {
            pos.halfmove_clock() + 1
        };
        pos.set_halfmove_clock(clock);
        pos.end_turn();
    }

    /// Nothing here is check: the royal targets are simply pieces whose loss ends the game.
    fn in_check(&self, _pos: &Position<Self>) -> bool {
        false
    }

    fn terminal(&self, pos: &Position<Self>) -> Option<Outcome> {
        for loser in [pos.turn(), !pos.turn()] {
            if !Self::intact(pos, loser) {
                return Some(Outcome::Win {
                    winner: !loser,
                    reason: WinReason::Variant("a royal target was captured"),
                });
            }
        }
        None
    }

    fn no_move_outcome(&self, _pos: &Position<Self>) -> Outcome {
        Outcome::Draw(DrawReason::Variant("no legal move"))
    }

    /// Null move: sound here as in chess. Passing is never illegal (no check), and a pass that
    /// leaves a royal target en prise is refuted by the reduced search itself, which sees the
    /// capture (a won game) at once; zugzwang is as rare as in chess middlegames because every
    /// piece keeps moves in both directions. Check extension: meaningless, there is no check
    /// (`in_check` is always false). Quiescence: captures and promotions, royal captures
    /// included, so an en prise royal target is always seen. Late move reductions: ordering
    /// puts royal captures and other captures first, as in chess.
    fn search_flags(&self) -> SearchFlags {
        SearchFlags {
            check_extension: false,
            ..SearchFlags::BEFORE_COUNTERMOVES
        }
    }

    /// Material (measured values) and the safety of the three royal targets, from the side to
    /// move's point of view.
    fn evaluate_in(&self, pos: &Position<Self>, _scratch: &mut Scratch) -> i32 {
        let us = pos.turn();
        let mut score = 0;
        for (index, &kind_value) in MATERIAL.iter().enumerate() {
            if kind_value != 0 {
                let kind = Kind::new(index as u8);
                let balance =
                    pos.pieces(us, kind).count() as i32 - pos.pieces(!us, kind).count() as i32;
                score += kind_value * balance;
            }
        }
        // A royal target the side to move attacks is as good as taken; quiescence finds the
        // capture, so the static score needs only the side to move's own danger.
        let (threatened, our_pressure) = self.royal_danger(pos, us);
        let (_, their_pressure) = self.royal_danger(pos, !us);
        score -= match threatened {
            0 => 0,
            1 => ROYAL_ATTACKED,
            _ => ROYAL_FORKED,
        };
        score += ROYAL_ZONE_PRESSURE * (their_pressure as i32 - our_pressure as i32);
        score
    }
}

impl Notation for ItIsWhatItIs {
    /// Promotion is automatic, so a move is written as its two squares alone (`c7c8`).
    fn format_move(&self, mv: Move) -> String {
        if mv.is_null() {
            return "0000".into();
        }
        format!("{}{}", mv.from(), mv.to())
    }
}

impl Presentation for ItIsWhatItIs {
    /// A crown on each royal target, whose capture wins.
    fn square_labels(&self, pos: &Position<Self>) -> Vec<amity_engine::SquareLabel> {
        let mut labels = Vec::new();
        for color in [Color::White, Color::Black] {
            for kind in ROYALS {
                labels.extend(pos.pieces(color, kind).into_iter().map(|square| {
                    amity_engine::SquareLabel {
                        square,
                        text: "\u{265b}".into(),
                        owner: Some(color),
                    }
                }));
            }
        }
        labels
    }
}

impl Learning for ItIsWhatItIs {}

impl Solver for ItIsWhatItIs {}

impl amity_engine::Partner for ItIsWhatItIs {}
