//! An independent Parade and Neighbour Chess Solitaire, written from RULES.md apart from the
//! engine: a board of letters, piles as text, attacks by walking steps and rays, decisions as
//! tokens, connection by breadth-first search. It shares nothing with `amity-variants` but the
//! notation, so agreeing with it is evidence, not repetition.

#![allow(dead_code)]

use std::collections::BTreeSet;

use super::common::{KING_STEPS, KNIGHT_JUMPS};

const ROOK_RAYS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_RAYS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A board of letters, a1 = 0 .. h8 = 63.
pub type Board = [Option<char>; 64];

fn name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then_some((rank * 8 + file) as usize)
}

fn white(letter: char) -> bool {
    letter.is_ascii_uppercase()
}

/// Reads the placement field of a FEN.
pub fn read_board(placement: &str) -> Board {
    let mut board = [None; 64];
    for (row, text) in placement.split('/').enumerate() {
        let rank = 7 - row;
        let mut file = 0;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(empty) => file += empty as usize,
                None => {
                    board[rank * 8 + file] = Some(c);
                    file += 1;
                }
            }
        }
    }
    board
}

/// Writes the placement field of a FEN.
pub fn write_board(board: &Board) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The squares a piece of `letter` on `from` attacks on `board` (rays stop at the first piece,
/// which they include).
pub fn attacks(board: &Board, letter: char, from: usize) -> Vec<usize> {
    let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
    let steps = |offsets: &[(i32, i32)]| -> Vec<usize> {
        offsets
            .iter()
            .filter_map(|(df, dr)| at(file + df, rank + dr))
            .collect()
    };
    let rays = |directions: &[(i32, i32)]| -> Vec<usize> {
        let mut reached = Vec::new();
        for (df, dr) in directions {
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(square) = at(f, r) {
                reached.push(square);
                if board[square].is_some() {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        reached
    };
    match letter.to_ascii_uppercase() {
        'N' => steps(&KNIGHT_JUMPS),
        'K' => steps(&KING_STEPS),
        'R' => rays(&ROOK_RAYS),
        'B' => rays(&BISHOP_RAYS),
        'Q' => {
            let mut all = rays(&ROOK_RAYS);
            all.extend(rays(&BISHOP_RAYS));
            all
        }
        _ => Vec::new(),
    }
}

/// Whether the pieces form one group, touching by sides only or by sides and corners.
pub fn one_group(board: &Board, diagonals: bool) -> bool {
    let pieces: Vec<usize> = (0..64).filter(|s| board[*s].is_some()).collect();
    let Some(&first) = pieces.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut index = 0;
    while index < seen.len() {
        let square = seen[index];
        index += 1;
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        for (df, dr) in KING_STEPS {
            if !diagonals && df != 0 && dr != 0 {
                continue;
            }
            if let Some(next) = at(file + df, rank + dr)
                && board[next].is_some()
                && !seen.contains(&next)
            {
                seen.push(next);
            }
        }
    }
    seen.len() == pieces.len()
}

// ----- Parade -----

/// A Parade full state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parade {
    pub board: Board,
    /// The action pile, top first.
    pub pile: Vec<char>,
    pub negative: u32,
}

fn parade_gap(letter: char) -> usize {
    match letter.to_ascii_uppercase() {
        'N' => 1,
        'B' => 2,
        'R' => 3,
        'Q' => 5,
        _ => 6,
    }
}

impl Parade {
    pub fn from_fen(fen: &str) -> Parade {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let extra: Vec<&str> = fields[6].split(':').collect();
        assert_eq!(extra[0], "parade");
        Parade {
            board: read_board(fields[0]),
            pile: if extra[1] == "-" {
                Vec::new()
            } else {
                extra[1].chars().collect()
            },
            negative: extra[2].parse().unwrap(),
        }
    }

    pub fn to_fen(&self) -> String {
        let pile: String = if self.pile.is_empty() {
            "-".into()
        } else {
            self.pile.iter().collect()
        };
        format!(
            "{} w - - 0 1 parade:{pile}:{}",
            write_board(&self.board),
            self.negative
        )
    }

    /// Sets up a deal of 16 letters: the first eight placed, the rest the pile.
    pub fn deal(letters: &str) -> Parade {
        let letters: Vec<char> = letters.chars().collect();
        let mut state = Parade {
            board: [None; 64],
            pile: letters[8..].to_vec(),
            negative: 0,
        };
        for letter in &letters[..8] {
            let square = state.add_square(*letter).expect("setup pieces fit");
            state.board[square] = Some(*letter);
        }
        state
    }

    /// Rule 3: gap + 1 squares after the highest piece, or square gap + 1 from a1.
    pub fn add_square(&self, letter: char) -> Option<usize> {
        let square = match (0..64).rev().find(|s| self.board[*s].is_some()) {
            Some(last) => last + parade_gap(letter) + 1,
            None => parade_gap(letter),
        };
        (square < 64).then_some(square)
    }

    pub fn won(&self) -> bool {
        one_group(&self.board, false)
    }

    pub fn over(&self) -> bool {
        self.won() || self.decisions().is_empty()
    }

    /// The score if the game is over, with its rules.
    pub fn score(&self) -> Option<i32> {
        if self.won() {
            Some(if self.pile.is_empty() {
                -(self.negative as i32)
            } else {
                self.pile.len() as i32
            })
        } else if self.decisions().is_empty() {
            Some(-16)
        } else {
            None
        }
    }

    pub fn decisions(&self) -> Vec<String> {
        if self.won() || (self.pile.is_empty() && self.negative >= 16) {
            return Vec::new();
        }
        let mut found = BTreeSet::new();
        for x in 0..64 {
            let Some(orderer) = self.board[x] else {
                continue;
            };
            for y in attacks(&self.board, orderer, x) {
                let Some(ordered) = self.board[y] else {
                    continue;
                };
                if white(ordered) == white(orderer) {
                    continue;
                }
                let mut lifted = self.board;
                lifted[y] = None;
                for to in attacks(&lifted, orderer, x) {
                    if to != y && lifted[to].is_none() {
                        found.insert(format!("{}{}", name(y), name(to)));
                    }
                }
            }
        }
        let mut tokens: Vec<String> = found.into_iter().collect();
        if let Some(&top) = self.pile.first()
            && let Some(square) = self.add_square(top)
        {
            tokens.push(format!("{top}@{}", name(square)));
        }
        tokens
    }

    pub fn play(&mut self, token: &str) {
        if let Some((letter, square)) = token.split_once('@') {
            let square = (0..64).find(|s| name(*s) == square).unwrap();
            self.board[square] = letter.chars().next();
            self.pile.remove(0);
            return;
        }
        let from = (0..64).find(|s| name(*s) == token[..2]).unwrap();
        let to = (0..64).find(|s| name(*s) == token[2..4]).unwrap();
        self.board[to] = self.board[from].take();
        if self.pile.is_empty() {
            self.negative += 1;
        } else {
            self.pile.remove(0);
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.decisions()
            .iter()
            .map(|token| {
                let mut next = self.clone();
                next.play(token);
                next.perft(depth - 1)
            })
            .sum()
    }
}

// ----- Neighbour -----

/// A Neighbour full state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour {
    pub board: Board,
    pub pieces: Vec<char>,
    /// Position cards as (value, red), top first.
    pub positions: Vec<(i32, bool)>,
    pub last: Option<usize>,
    pub adding: bool,
}

impl Neighbour {
    pub fn from_fen(fen: &str) -> Neighbour {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let extra: Vec<&str> = fields[6].split(':').collect();
        assert_eq!(extra[0], "neighbour");
        let positions = if extra[2] == "-" {
            Vec::new()
        } else {
            extra[2]
                .as_bytes()
                .chunks(2)
                .map(|card| ((card[0] - b'0') as i32, card[1] == b'r'))
                .collect()
        };
        Neighbour {
            board: read_board(fields[0]),
            pieces: if extra[1] == "-" {
                Vec::new()
            } else {
                extra[1].chars().collect()
            },
            positions,
            last: (extra[3] != "-").then(|| (0..64).find(|s| name(*s) == extra[3]).unwrap()),
            adding: extra[4] == "a",
        }
    }

    pub fn to_fen(&self) -> String {
        let pieces: String = if self.pieces.is_empty() {
            "-".into()
        } else {
            self.pieces.iter().collect()
        };
        let positions: String = if self.positions.is_empty() {
            "-".into()
        } else {
            self.positions
                .iter()
                .map(|(value, red)| format!("{value}{}", if *red { 'r' } else { 'b' }))
                .collect()
        };
        format!(
            "{} w - - 0 1 neighbour:{pieces}:{positions}:{}:{}",
            write_board(&self.board),
            self.last.map_or("-".to_string(), name),
            if self.adding { "a" } else { "m" }
        )
    }

    pub fn count(&self) -> usize {
        self.board.iter().filter(|s| s.is_some()).count()
    }

    pub fn won(&self) -> bool {
        self.count() >= 2 && one_group(&self.board, true)
    }

    pub fn cards_left(&self) -> usize {
        self.pieces.len() + self.positions.len()
    }

    pub fn score(&self) -> Option<i32> {
        if self.won() {
            Some(self.cards_left() as i32)
        } else if self.decisions().is_empty() {
            Some(-1)
        } else {
            None
        }
    }

    /// Rule 2: where the next add lands, and the squares the player may choose.
    pub fn add_squares(&self) -> Vec<usize> {
        let (value, red) = self.positions[0];
        let start = self.last.unwrap_or(0) as i32;
        let (mut file, mut rank) = (start % 8, start / 8);
        if red {
            file = (file + value) % 8;
        } else {
            rank = (rank + value) % 8;
        }
        let landing = (rank * 8 + file) as usize;
        if self.board[landing].is_none() {
            return vec![landing];
        }
        for distance in 1..8 {
            let ring: Vec<usize> = (0..64)
                .filter(|s| {
                    let df = (s % 8) as i32 - file;
                    let dr = (s / 8) as i32 - rank;
                    df.abs().max(dr.abs()) == distance && self.board[*s].is_none()
                })
                .collect();
            if !ring.is_empty() {
                return ring;
            }
        }
        Vec::new()
    }

    pub fn decisions(&self) -> Vec<String> {
        if self.won() {
            return Vec::new();
        }
        if self.adding {
            let letter = self.pieces[0];
            let mut tokens: Vec<String> = self
                .add_squares()
                .into_iter()
                .map(|s| format!("{letter}@{}", name(s)))
                .collect();
            if self.count() >= 2 {
                tokens.push("stop".into());
            }
            return tokens;
        }
        if self.cards_left() == 0 {
            return Vec::new();
        }
        let mut found = BTreeSet::new();
        for from in 0..64 {
            let Some(piece) = self.board[from] else {
                continue;
            };
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            for (df, dr) in KING_STEPS {
                let Some(beside) = at(file + df, rank + dr) else {
                    continue;
                };
                let Some(model) = self.board[beside] else {
                    continue;
                };
                if white(model) != white(piece) {
                    continue;
                }
                for to in attacks(&self.board, model, from) {
                    if self.board[to].is_none() {
                        found.insert(format!("{}{}", name(from), name(to)));
                    }
                }
            }
        }
        found.into_iter().collect()
    }

    pub fn play(&mut self, token: &str) {
        if token == "stop" {
            self.adding = false;
            return;
        }
        if let Some((letter, square)) = token.split_once('@') {
            let square = (0..64).find(|s| name(*s) == square).unwrap();
            self.board[square] = letter.chars().next();
            self.pieces.remove(0);
            self.positions.remove(0);
            self.last = Some(square);
            if self.pieces.is_empty() {
                self.adding = false;
            }
            return;
        }
        let from = (0..64).find(|s| name(*s) == token[..2]).unwrap();
        let to = (0..64).find(|s| name(*s) == token[2..4]).unwrap();
        self.board[to] = self.board[from].take();
        if self.pieces.is_empty() {
            self.positions.remove(0);
        } else {
            self.pieces.remove(0);
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.decisions()
            .iter()
            .map(|token| {
                let mut next = self.clone();
                next.play(token);
                next.perft(depth - 1)
            })
            .sum()
    }
}
