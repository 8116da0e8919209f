//! An independent Cloak and Dagger Chess, written from RULES.md apart from the engine: a
//! mailbox of optional pieces that carry their checker number, attacks by walking directions,
//! decisions as tokens, a turn as a part letter. It shares nothing with `amity-variants` but
//! the notation, so agreeing with it is evidence, not repetition. Full states only (no views).

#![allow(dead_code)]

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefPiece {
    pub white: bool,
    /// Upper-case letter: P N B R Q K.
    pub kind: char,
    /// Checker number while cloaked, 0 when visible.
    pub number: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: [Option<RefPiece>; 64],
    pub white_to_move: bool,
    /// Rook squares that keep a castling right.
    pub rights: Vec<usize>,
    pub ep: Option<usize>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Pawns to drop: White, Black.
    pub reserve: [u32; 2],
    /// Who owes a bonus: Some(true) White.
    pub owed: Option<bool>,
    /// (guesser is White, number, letter, right)
    pub guesses: Vec<(bool, u8, char, bool)>,
    /// The part due: 'a' owed bonus, 'b' guess, 'c' regular move, 'd' earned bonus, 'e' uncloak.
    pub part: char,
    pub earned: bool,
    pub last: u8,
    pub won: bool,
}

fn sq(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}

fn name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % 8) as u8) as char, s / 8 + 1)
}

fn file(s: usize) -> i32 {
    (s % 8) as i32
}

fn rank(s: usize) -> i32 {
    (s / 8) as i32
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl RefPos {
    /// Reads a full-state FEN (RULES.md's form).
    pub fn from_fen(fen: &str) -> RefPos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [None; 64];
        for (row, text) in fields[0].split('/').enumerate() {
            let r = 7 - row as i32;
            let mut f = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as i32;
                } else {
                    board[at(f, r).unwrap()] = Some(RefPiece {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                        number: 0,
                    });
                    f += 1;
                }
            }
        }
        let white_to_move = fields[1] == "w";
        let mut rights = Vec::new();
        for c in fields[2].chars().filter(|c| *c != '-') {
            let r = if c.is_ascii_uppercase() { 0 } else { 7 };
            rights.push((r * 8 + (c.to_ascii_lowercase() as u8 - b'a') as i32) as usize);
        }
        let ep = sq(fields[3]);
        let parts: Vec<&str> = fields[6].split(':').collect();
        for (side, list) in parts[1].split('/').enumerate() {
            for entry in list.split(',').filter(|e| *e != "-") {
                let number = entry[..1].parse::<u8>().unwrap();
                let s = sq(&entry[1..]).unwrap();
                let piece = board[s].as_mut().unwrap();
                assert_eq!(piece.white, side == 0);
                piece.number = number;
            }
        }
        let reserves: Vec<u32> = parts[2].split('/').map(|n| n.parse().unwrap()).collect();
        let owed = match parts[3] {
            "w" => Some(true),
            "b" => Some(false),
            _ => None,
        };
        let mut guesses = Vec::new();
        for entry in parts[5].split(',').filter(|e| *e != "-") {
            let b: Vec<char> = entry.chars().collect();
            guesses.push((b[0] == 'w', b[1] as u8 - b'0', b[2], b[3] == '+'));
        }
        let mut pos = RefPos {
            board,
            white_to_move,
            rights,
            ep,
            halfmove: fields[4].parse().unwrap(),
            fullmove: fields[5].parse().unwrap(),
            reserve: [reserves[0], reserves[1]],
            owed,
            guesses,
            part: 'a',
            earned: false,
            last: 0,
            won: false,
        };
        let mut explicit = false;
        for extra in &parts[6..] {
            if let Some(code) = extra.strip_prefix("at=") {
                explicit = true;
                pos.part = match code {
                    "B0" => 'a',
                    "G" => 'b',
                    "M" => 'c',
                    "B1" => 'd',
                    _ => 'e',
                };
            } else if *extra == "earned" {
                pos.earned = true;
            } else if let Some(n) = extra.strip_prefix("last=") {
                pos.last = n.parse().unwrap();
            } else if extra.starts_with("won=") {
                pos.won = true;
            }
        }
        if !explicit {
            pos.part = if pos.owed == Some(pos.white_to_move) {
                'a'
            } else {
                'b'
            };
        }
        pos.skip_empty_parts();
        pos
    }

    fn me(&self) -> bool {
        self.white_to_move
    }

    /// Squares a piece of `kind` and colour `white` on `s` attacks.
    fn attacks(&self, s: usize, kind: char, white: bool) -> Vec<usize> {
        let (f, r) = (file(s), rank(s));
        let mut out = Vec::new();
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<usize>| {
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(t) = at(x, y) {
                    out.push(t);
                    if self.board[t].is_some() {
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        };
        match kind {
            'P' => {
                let dr = if white { 1 } else { -1 };
                out.extend([at(f - 1, r + dr), at(f + 1, r + dr)].into_iter().flatten());
            }
            'N' => out.extend(KNIGHT_JUMPS.iter().filter_map(|(a, b)| at(f + a, r + b))),
            'B' => slide(&BISHOP_DIRS, &mut out),
            'R' => slide(&ROOK_DIRS, &mut out),
            'Q' => {
                slide(&BISHOP_DIRS, &mut out);
                slide(&ROOK_DIRS, &mut out);
            }
            _ => {
                for df in -1..=1 {
                    for dr in -1..=1 {
                        if (df, dr) != (0, 0)
                            && let Some(t) = at(f + df, r + dr)
                        {
                            out.push(t);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether a visible piece of colour `by` attacks `target`.
    fn seen_attack(&self, target: usize, by: bool) -> bool {
        (0..64).any(|s| {
            self.board[s].is_some_and(|p| {
                p.white == by && p.number == 0 && self.attacks(s, p.kind, p.white).contains(&target)
            })
        })
    }

    /// The uncloaked king of `white`, if any.
    fn open_king(&self, white: bool) -> Option<usize> {
        (0..64).find(|s| {
            self.board[*s].is_some_and(|p| p.white == white && p.kind == 'K' && p.number == 0)
        })
    }

    pub fn in_check(&self, white: bool) -> bool {
        self.open_king(white)
            .is_some_and(|k| self.seen_attack(k, !white))
    }

    fn enemy_takeable(&self, t: usize, white: bool) -> bool {
        self.board[t].is_some_and(|p| p.white != white && !(p.kind == 'K' && p.number == 0))
    }

    /// Pawn moves of the side to move as tokens.
    fn pawn_tokens(&self, out: &mut Vec<String>) {
        let me = self.me();
        let dr = if me { 1 } else { -1 };
        let start_rank = if me { 1 } else { 6 };
        let end_rank = if me { 7 } else { 0 };
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if p.white != me || p.kind != 'P' {
                continue;
            }
            let mut targets = Vec::new();
            if let Some(one) = at(file(s), rank(s) + dr)
                && self.board[one].is_none()
            {
                targets.push(one);
                if rank(s) == start_rank
                    && let Some(two) = at(file(s), rank(s) + 2 * dr)
                    && self.board[two].is_none()
                {
                    targets.push(two);
                }
            }
            for t in self.attacks(s, 'P', me) {
                if self.enemy_takeable(t, me) {
                    targets.push(t);
                }
                if Some(t) == self.ep && self.board[t].is_none() {
                    let victim = at(file(t), rank(t) - dr).unwrap();
                    if self.board[victim].is_some_and(|v| v.white != me && v.kind == 'P') {
                        out.push(format!("{}{}", name(s), name(t)));
                    }
                }
            }
            for t in targets {
                if rank(t) == end_rank {
                    for promo in ["q", "r", "b", "n"] {
                        out.push(format!("{}{}{promo}", name(s), name(t)));
                    }
                } else {
                    out.push(format!("{}{}", name(s), name(t)));
                }
            }
        }
    }

    fn bonus_tokens(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.pawn_tokens(&mut out);
        let side = if self.me() { 0 } else { 1 };
        if self.reserve[side] > 0 {
            let r = if self.me() { 1 } else { 6 };
            for f in 0..8 {
                let s = at(f, r).unwrap();
                if self.board[s].is_none() {
                    out.push(format!("P@{}", name(s)));
                }
            }
        }
        self.keep_safe(out)
    }

    fn regular_tokens(&self) -> Vec<String> {
        let me = self.me();
        let mut out = Vec::new();
        self.pawn_tokens(&mut out);
        for s in 0..64 {
            let Some(p) = self.board[s] else { continue };
            if p.white != me || p.kind == 'P' {
                continue;
            }
            for t in self.attacks(s, p.kind, me) {
                if self.board[t].is_none() || self.enemy_takeable(t, me) {
                    out.push(format!("{}{}", name(s), name(t)));
                }
            }
        }
        // Castling: king and a rook with a right on the back rank.
        let back = if me { 0 } else { 7 };
        if let Some(k) = (0..64).find(|s| {
            self.board[*s].is_some_and(|p| p.white == me && p.kind == 'K') && rank(*s) == back
        }) {
            for &rook in &self.rights {
                if rank(rook) != back
                    || !self.board[rook].is_some_and(|p| p.white == me && p.kind == 'R')
                {
                    continue;
                }
                let (kt, rt) = if file(rook) > file(k) {
                    (at(6, back).unwrap(), at(5, back).unwrap())
                } else {
                    (at(2, back).unwrap(), at(3, back).unwrap())
                };
                let span = |a: usize, b: usize| {
                    let (lo, hi) = (a.min(b), a.max(b));
                    (lo..=hi).collect::<Vec<usize>>()
                };
                let clear = span(k, kt)
                    .into_iter()
                    .chain(span(rook, rt))
                    .all(|s| s == k || s == rook || self.board[s].is_none());
                if !clear {
                    continue;
                }
                let king_open = self.board[k].is_some_and(|p| p.number == 0);
                if king_open && span(k, kt).into_iter().any(|s| self.seen_attack(s, !me)) {
                    continue;
                }
                out.push(format!("{}{}", name(k), name(rook)));
            }
        }
        self.keep_safe(out)
    }

    fn keep_safe(&self, tokens: Vec<String>) -> Vec<String> {
        let me = self.me();
        tokens
            .into_iter()
            .filter(|t| {
                let after = self.board_move(t);
                after.won || !after.in_check(me)
            })
            .collect()
    }

    fn guess_numbers(&self) -> Vec<u8> {
        let me = self.me();
        let mut numbers: Vec<u8> = (0..64)
            .filter_map(|s| self.board[s])
            .filter(|p| p.white != me && p.number > 0)
            .map(|p| p.number)
            .filter(|n| !self.guesses.iter().any(|g| g.0 == me && g.1 == *n && g.3))
            .collect();
        numbers.sort();
        numbers
    }

    fn uncloak_numbers(&self) -> Vec<u8> {
        let me = self.me();
        let mut numbers: Vec<u8> = (0..64)
            .filter(|s| {
                self.board[*s].is_some_and(|p| {
                    p.white == me
                        && p.number > self.last
                        && !(p.kind == 'K' && self.seen_attack(*s, !me))
                })
            })
            .map(|s| self.board[s].unwrap().number)
            .collect();
        numbers.sort();
        numbers
    }

    /// Every legal decision, as tokens.
    pub fn decisions(&self) -> Vec<String> {
        if self.won {
            return Vec::new();
        }
        match self.part {
            'a' | 'd' => {
                let mut out = self.bonus_tokens();
                if !out.is_empty() {
                    out.push("bonus:none".into());
                }
                out
            }
            'b' => {
                if self.regular_tokens().is_empty() {
                    return Vec::new();
                }
                let mut out = Vec::new();
                for n in self.guess_numbers() {
                    for letter in ['N', 'B', 'R', 'Q', 'K'] {
                        out.push(format!("guess:{n}={letter}"));
                    }
                }
                out.push("guess:none".into());
                out
            }
            'c' => self.regular_tokens(),
            _ => {
                let mut out: Vec<String> = self
                    .uncloak_numbers()
                    .into_iter()
                    .map(|n| format!("uncloak:{n}"))
                    .collect();
                if !out.is_empty() {
                    out.push("done".into());
                }
                out
            }
        }
    }

    /// The position after a pawn move, drop, piece move or castling token (no part change).
    fn board_move(&self, token: &str) -> RefPos {
        let mut next = self.clone();
        let me = self.me();
        let side = if me { 0 } else { 1 };
        next.ep = None;
        if let Some(target) = token.strip_prefix("P@") {
            let s = sq(target).unwrap();
            next.board[s] = Some(RefPiece {
                white: me,
                kind: 'P',
                number: 0,
            });
            next.reserve[side] -= 1;
            return next;
        }
        let from = sq(&token[0..2]).unwrap();
        let to = sq(&token[2..4]).unwrap();
        let mover = self.board[from].unwrap();
        if self.board[to].is_some_and(|p| p.white == me) {
            // Castling: king takes own rook.
            let back = rank(from);
            let (kt, rt) = if file(to) > file(from) {
                (at(6, back).unwrap(), at(5, back).unwrap())
            } else {
                (at(2, back).unwrap(), at(3, back).unwrap())
            };
            let rook = self.board[to];
            next.board[from] = None;
            next.board[to] = None;
            next.board[kt] = Some(mover);
            next.board[rt] = rook;
            next.rights.retain(|r| rank(*r) != back);
            return next;
        }
        let mut victim_square = to;
        if mover.kind == 'P' && file(from) != file(to) && self.board[to].is_none() {
            victim_square = at(file(to), rank(from)).unwrap();
        }
        if let Some(victim) = self.board[victim_square] {
            next.board[victim_square] = None;
            if victim.number > 0 {
                if victim.kind == 'K' {
                    next.won = true;
                }
            } else if victim.kind == 'P' {
                next.reserve[if victim.white { 0 } else { 1 }] += 1;
            }
        }
        next.board[from] = None;
        let mut arrived = mover;
        if token.len() == 5 {
            arrived = RefPiece {
                white: me,
                kind: token.as_bytes()[4].to_ascii_uppercase() as char,
                number: 0,
            };
        }
        next.board[to] = Some(arrived);
        if mover.kind == 'P' && (rank(to) - rank(from)).abs() == 2 {
            next.ep = at(file(from), (rank(from) + rank(to)) / 2);
        }
        next.rights.retain(|r| *r != from && *r != to);
        if mover.kind == 'K' {
            let back = if me { 0 } else { 7 };
            next.rights.retain(|r| rank(*r) != back);
        }
        next
    }

    /// Plays one decision token (assumed legal).
    pub fn play(&self, token: &str) -> RefPos {
        let me = self.me();
        let mut next = match self.part {
            'a' | 'c' | 'd' if token != "bonus:none" => self.board_move(token),
            _ => self.clone(),
        };
        match self.part {
            'a' => {
                next.owed = None;
                next.part = 'b';
            }
            'b' => {
                if let Some(rest) = token.strip_prefix("guess:")
                    && rest != "none"
                {
                    let n = rest.as_bytes()[0] - b'0';
                    let letter = rest.as_bytes()[2] as char;
                    let right = (0..64).any(|s| {
                        self.board[s]
                            .is_some_and(|p| p.white != me && p.number == n && p.kind == letter)
                    });
                    next.guesses.push((me, n, letter, right));
                    if right {
                        next.earned = true;
                    } else {
                        next.owed = Some(!me);
                    }
                }
                next.part = 'c';
            }
            'c' => next.part = if next.earned { 'd' } else { 'e' },
            'd' => next.part = 'e',
            _ => {
                if let Some(n) = token.strip_prefix("uncloak:") {
                    let n: u8 = n.parse().unwrap();
                    for s in 0..64 {
                        if let Some(p) = next.board[s].as_mut()
                            && p.white == me
                            && p.number == n
                        {
                            p.number = 0;
                        }
                    }
                    next.last = n;
                } else {
                    next.end_turn();
                }
            }
        }
        next.skip_empty_parts();
        next
    }

    fn end_turn(&mut self) {
        if !self.white_to_move {
            self.fullmove += 1;
        }
        self.white_to_move = !self.white_to_move;
        self.earned = false;
        self.last = 0;
        self.part = if self.owed == Some(self.white_to_move) {
            'a'
        } else {
            'b'
        };
    }

    fn skip_empty_parts(&mut self) {
        while !self.won {
            match self.part {
                'a' if self.bonus_tokens().is_empty() => {
                    self.owed = None;
                    self.part = 'b';
                }
                'b' if self.guess_numbers().is_empty() => self.part = 'c',
                'd' if self.bonus_tokens().is_empty() => self.part = 'e',
                'e' if self.uncloak_numbers().is_empty() => self.end_turn(),
                _ => return,
            }
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let tokens = self.decisions();
        if depth == 1 {
            return tokens.len() as u64;
        }
        tokens.iter().map(|t| self.play(t).perft(depth - 1)).sum()
    }
}
