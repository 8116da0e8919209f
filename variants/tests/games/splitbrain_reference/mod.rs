//! An independent Split-Brain reference, written from RULES.md alone: a 6x6 array board, its
//! own Los Alamos move generator (legality by "is my king attacked after the move"), its own
//! decision sequence and resolution. It shares no code with the engine, so agreeing perft
//! counts confirm both.

/// Pieces as letters, `.` for empty; `board[rank][file]`, rank 0 is White's first.
#[derive(Clone, Debug)]
pub struct RefPos {
    board: [[u8; 6]; 6],
    white: bool,
    /// `true` when the checker is on the kingside.
    checker_king: bool,
    decisions: Vec<String>,
}

type Sq = (i32, i32); // (file, rank)

/// A board move: from, to, promotion letter (lower case) if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefMove {
    from: Sq,
    to: Sq,
    promotion: Option<u8>,
}

fn sq_name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn parse_sq(text: &str) -> Sq {
    let b = text.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn on_board(sq: Sq) -> bool {
    (0..6).contains(&sq.0) && (0..6).contains(&sq.1)
}

fn distance(a: Sq, b: Sq) -> i32 {
    (a.0 - b.0).abs() + (a.1 - b.1).abs()
}

impl RefPos {
    /// Reads the FEN form of RULES.md (board, side, four ignored fields, checker, turn).
    pub fn from_fen(fen: &str) -> RefPos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [[b'.'; 6]; 6];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 5 - row;
            let mut file = 0;
            for c in text.bytes() {
                if c.is_ascii_digit() {
                    file += (c - b'0') as usize;
                } else {
                    board[rank][file] = c;
                    file += 1;
                }
            }
        }
        let mut decisions = Vec::new();
        let mut checker_king = true;
        for field in &fields[6..] {
            if let Some(wing) = field.strip_prefix("checker:") {
                checker_king = wing == "k";
            } else if let Some(turn) = field.strip_prefix("turn:") {
                decisions = turn.split(',').map(str::to_string).collect();
            }
        }
        RefPos {
            board,
            white: fields[1] == "w",
            checker_king,
            decisions,
        }
    }

    fn at(&self, sq: Sq) -> u8 {
        self.board[sq.1 as usize][sq.0 as usize]
    }

    fn is_own(&self, piece: u8, white: bool) -> bool {
        piece != b'.' && piece.is_ascii_uppercase() == white
    }

    /// Whether a piece of `by_white` attacks `target`.
    fn attacked(&self, target: Sq, by_white: bool) -> bool {
        for rank in 0..6 {
            for file in 0..6 {
                let from = (file, rank);
                let piece = self.at(from);
                if !self.is_own(piece, by_white) {
                    continue;
                }
                if self.piece_attacks(from, piece).contains(&target) {
                    return true;
                }
            }
        }
        false
    }

    fn piece_attacks(&self, from: Sq, piece: u8) -> Vec<Sq> {
        let mut out = Vec::new();
        let kind = piece.to_ascii_lowercase();
        let white = piece.is_ascii_uppercase();
        let steps = |list: &[(i32, i32)], out: &mut Vec<Sq>| {
            for (df, dr) in list {
                let to = (from.0 + df, from.1 + dr);
                if on_board(to) {
                    out.push(to);
                }
            }
        };
        let rays = |list: &[(i32, i32)], out: &mut Vec<Sq>| {
            for (df, dr) in list {
                let mut to = (from.0 + df, from.1 + dr);
                while on_board(to) {
                    out.push(to);
                    if self.at(to) != b'.' {
                        break;
                    }
                    to = (to.0 + df, to.1 + dr);
                }
            }
        };
        let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match kind {
            b'p' => {
                let dr = if white { 1 } else { -1 };
                steps(&[(1, dr), (-1, dr)], &mut out);
            }
            b'n' => steps(
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
                &mut out,
            ),
            b'k' => {
                steps(&straight, &mut out);
                steps(&diagonal, &mut out);
            }
            b'r' => rays(&straight, &mut out),
            b'q' => {
                rays(&straight, &mut out);
                rays(&diagonal, &mut out);
            }
            _ => {}
        }
        out
    }

    /// Legal board moves of the side whose team move it is.
    pub fn board_moves(&self) -> Vec<RefMove> {
        let white = self.white;
        let mut moves = Vec::new();
        for rank in 0..6 {
            for file in 0..6 {
                let from = (file, rank);
                let piece = self.at(from);
                if !self.is_own(piece, white) {
                    continue;
                }
                let mut targets = Vec::new();
                if piece.eq_ignore_ascii_case(&b'p') {
                    let dr = if white { 1 } else { -1 };
                    let ahead = (file, rank + dr);
                    if on_board(ahead) && self.at(ahead) == b'.' {
                        targets.push(ahead);
                    }
                    for df in [-1, 1] {
                        let to = (file + df, rank + dr);
                        if on_board(to) && self.is_own(self.at(to), !white) {
                            targets.push(to);
                        }
                    }
                } else {
                    for to in self.piece_attacks(from, piece) {
                        if !self.is_own(self.at(to), white) {
                            targets.push(to);
                        }
                    }
                }
                for to in targets {
                    let last = if white { 5 } else { 0 };
                    let promotes = piece.eq_ignore_ascii_case(&b'p') && to.1 == last;
                    let options: Vec<Option<u8>> = if promotes {
                        vec![Some(b'q'), Some(b'r'), Some(b'n')]
                    } else {
                        vec![None]
                    };
                    for promotion in options {
                        let mv = RefMove {
                            from,
                            to,
                            promotion,
                        };
                        let after = self.apply_board(mv);
                        let king = if white { b'K' } else { b'k' };
                        let king_sq = (0..36)
                            .map(|i| (i % 6, i / 6))
                            .find(|sq| after.at(*sq) == king);
                        let safe = match king_sq {
                            Some(sq) => !after.attacked(sq, !white),
                            None => false,
                        };
                        if safe {
                            moves.push(mv);
                        }
                    }
                }
            }
        }
        moves
    }

    /// The board after `mv` (side and decisions untouched).
    fn apply_board(&self, mv: RefMove) -> RefPos {
        let mut next = self.clone();
        let mut piece = self.at(mv.from);
        if let Some(promotion) = mv.promotion {
            piece = if self.white {
                promotion.to_ascii_uppercase()
            } else {
                promotion
            };
        }
        next.board[mv.from.1 as usize][mv.from.0 as usize] = b'.';
        next.board[mv.to.1 as usize][mv.to.0 as usize] = piece;
        next
    }

    fn value_of(&self, name: &str) -> Option<String> {
        self.decisions
            .iter()
            .find_map(|d| d.strip_prefix(&format!("{name}:")).map(str::to_string))
    }

    /// The board moves rule 5 leaves possible given the decisions so far (after `c:`, `m:`
    /// and any `r:`, `t:`), or `None` when a ruling is still owed.
    fn candidates(&self, legal: &[RefMove]) -> Option<Vec<RefMove>> {
        let c = parse_sq(&self.value_of("c")?);
        let m = parse_sq(&self.value_of("m")?);
        let direct: Vec<RefMove> = legal
            .iter()
            .copied()
            .filter(|mv| mv.from == c && mv.to == m)
            .collect();
        if !direct.is_empty() {
            return Some(direct);
        }
        let ruling = self.value_of("r")?;
        let pool: Vec<RefMove> = if ruling == "piece" {
            let mine: Vec<RefMove> = legal.iter().copied().filter(|mv| mv.from == c).collect();
            let best = mine.iter().map(|mv| distance(mv.to, m)).min().unwrap();
            mine.into_iter()
                .filter(|mv| distance(mv.to, m) == best)
                .collect()
        } else {
            let theirs: Vec<RefMove> = legal.iter().copied().filter(|mv| mv.to == m).collect();
            let best = theirs.iter().map(|mv| distance(mv.from, c)).min().unwrap();
            theirs
                .into_iter()
                .filter(|mv| distance(mv.from, c) == best)
                .collect()
        };
        Some(match self.value_of("t") {
            Some(tie) => {
                let tie = parse_sq(&tie);
                pool.into_iter()
                    .filter(|mv| {
                        if ruling == "piece" {
                            mv.to == tie
                        } else {
                            mv.from == tie
                        }
                    })
                    .collect()
            }
            None => pool,
        })
    }

    /// Every decision token owed now.
    pub fn decisions(&self) -> Vec<String> {
        let legal = self.board_moves();
        if legal.is_empty() {
            return Vec::new();
        }
        let squares = |pick: &dyn Fn(&RefMove) -> Sq, prefix: &str| {
            let mut names: Vec<String> = legal.iter().map(|mv| sq_name(pick(mv))).collect();
            names.sort();
            names.dedup();
            names.into_iter().map(|s| format!("{prefix}:{s}")).collect()
        };
        if self.value_of("c").is_none() {
            return squares(&|mv| mv.from, "c");
        }
        if self.value_of("m").is_none() {
            return squares(&|mv| mv.to, "m");
        }
        let Some(pool) = self.candidates(&legal) else {
            return vec!["r:piece".into(), "r:target".into()];
        };
        let mut squares: Vec<(Sq, Sq)> = pool.iter().map(|mv| (mv.from, mv.to)).collect();
        squares.sort();
        squares.dedup();
        if squares.len() > 1 {
            let piece = self.value_of("r").as_deref() == Some("piece");
            return squares
                .iter()
                .map(|(from, to)| format!("t:{}", sq_name(if piece { *to } else { *from })))
                .collect();
        }
        ["p:q", "p:r", "p:n"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    /// The position after the decision `token` (which must be owed).
    pub fn play(&self, token: &str) -> RefPos {
        let mut next = self.clone();
        next.decisions.push(token.to_string());
        let legal = self.board_moves();
        let Some(pool) = next.candidates(&legal) else {
            return next;
        };
        let chosen: Vec<RefMove> = match token.strip_prefix("p:") {
            Some(letter) => pool
                .into_iter()
                .filter(|mv| mv.promotion == Some(letter.as_bytes()[0]))
                .collect(),
            None => pool,
        };
        if chosen.len() != 1 {
            return next;
        }
        let mut after = self.apply_board(chosen[0]);
        after.decisions.clear();
        if !self.white {
            after.checker_king = !self.checker_king;
        }
        after.white = !self.white;
        after
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let decisions = self.decisions();
        if depth == 1 {
            return decisions.len() as u64;
        }
        decisions
            .iter()
            .map(|token| self.play(token).perft(depth - 1))
            .sum()
    }
}
