//! An independent Booster Chess, written from the rules (docs/variants/booster.md) apart from
//! the engine: its own board of optional pieces, stacks as a pair of counts, cards as text,
//! decisions as tokens, threats by walking every simple step path. It shares nothing with
//! `amity-variants` but the notation, so agreeing with it is evidence, not repetition.

#![allow(dead_code)]

/// Card ranks and suits in canonical order.
const RANK_ORDER: &str = "234568 9TQK";
const SUIT_ORDER: &str = "hdsc";

fn card_sort_key(card: &str) -> (usize, usize) {
    let mut chars = card.chars();
    let rank = chars.next().unwrap_or('?');
    let suit = chars.next().unwrap_or('?');
    (
        SUIT_ORDER.find(suit).unwrap_or(9),
        RANK_ORDER.replace(' ', "").find(rank).unwrap_or(99),
    )
}

fn sort_cards(cards: &mut [String]) {
    cards.sort_by_key(|c| card_sort_key(c));
}

/// The colour (true: White) a card belongs to, and the piece letter it names ('*' for a 6).
fn card_meaning(card: &str) -> (bool, char) {
    let bytes = card.as_bytes();
    let white = bytes[1] == b'h' || bytes[1] == b'd';
    let kind = match bytes[0] {
        b'2'..=b'5' => 'P',
        b'8' => 'N',
        b'9' => 'B',
        b'T' => 'R',
        b'Q' => 'Q',
        b'K' => 'K',
        _ => '*',
    };
    (white, kind)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefPiece {
    pub white: bool,
    /// Upper-case letter: P N B R Q K.
    pub kind: char,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: [Option<RefPiece>; 64],
    /// (White's checkers, Black's checkers) under each square; one of them is always 0.
    pub stacks: [(u8, u8); 64],
    pub white_to_move: bool,
    /// Rook squares that keep a castling right.
    pub rights: Vec<usize>,
    pub ep: Option<usize>,
    pub halfmove: u32,
    pub fullmove: u32,
    pub hands: [Vec<String>; 2],
    pub draw: Vec<String>,
    pub discard: Vec<String>,
    pub mid: Option<usize>,
}

fn file_of(sq: usize) -> i32 {
    (sq % 8) as i32
}
fn rank_of(sq: usize) -> i32 {
    (sq / 8) as i32
}
fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}
pub fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}
fn parse_square(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[1] - b'1') * 8 + (b[0] - b'a')) as usize)
}
fn chebyshev(a: usize, b: usize) -> i32 {
    (file_of(a) - file_of(b))
        .abs()
        .max((rank_of(a) - rank_of(b)).abs())
}
fn dir(white: bool) -> i32 {
    if white { 1 } else { -1 }
}
fn last_rank(white: bool) -> i32 {
    if white { 7 } else { 0 }
}

const KING_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl RefPos {
    pub fn parse(fen: &str) -> RefPos {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [None; 64];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 7 - row as i32;
            let mut file = 0;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as i32;
                } else {
                    board[at(file, rank).unwrap()] = Some(RefPiece {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                    file += 1;
                }
            }
        }
        let mut rights = Vec::new();
        for c in fields[2].chars() {
            match c {
                'K' => rights.push(7),
                'Q' => rights.push(0),
                'k' => rights.push(63),
                'q' => rights.push(56),
                _ => {}
            }
        }
        let parts: Vec<&str> = fields[6].split(':').collect();
        let mut stacks = [(0, 0); 64];
        if parts[1] != "-" {
            for entry in parts[1].split(',') {
                let sq = parse_square(&entry[..2]).unwrap();
                let count: u8 = entry[3..].parse().unwrap();
                stacks[sq] = if &entry[2..3] == "w" {
                    (count, 0)
                } else {
                    (0, count)
                };
            }
        }
        let cards = |text: &str| -> Vec<String> {
            if text == "-" {
                return Vec::new();
            }
            (0..text.len())
                .step_by(2)
                .map(|i| text[i..i + 2].to_string())
                .collect()
        };
        let mut hands = [cards(parts[2]), cards(parts[3])];
        for hand in hands.iter_mut() {
            sort_cards(hand);
        }
        RefPos {
            board,
            stacks,
            white_to_move: fields[1] == "w",
            rights,
            ep: parse_square(fields[3]),
            halfmove: fields[4].parse().unwrap(),
            fullmove: fields[5].parse().unwrap(),
            hands,
            draw: cards(parts[4]),
            discard: cards(parts[5]),
            mid: parts
                .get(6)
                .and_then(|m| m.strip_prefix("mid="))
                .and_then(parse_square),
        }
    }

    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[at(file, rank).unwrap()] {
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(if p.white {
                            p.kind
                        } else {
                            p.kind.to_ascii_lowercase()
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.white_to_move { " w " } else { " b " });
        let mut castling = String::new();
        for (sq, c) in [(7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')] {
            if self.rights.contains(&sq) {
                castling.push(c);
            }
        }
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        out.push_str(&self.ep.map_or("-".to_string(), name));
        out.push_str(&format!(" {} {} booster:", self.halfmove, self.fullmove));
        let stacks: Vec<String> = (0..64)
            .filter(|sq| self.stacks[*sq] != (0, 0))
            .map(|sq| match self.stacks[sq] {
                (w, 0) => format!("{}w{w}", name(sq)),
                (_, b) => format!("{}b{b}", name(sq)),
            })
            .collect();
        out.push_str(&if stacks.is_empty() {
            "-".into()
        } else {
            stacks.join(",")
        });
        let join = |cards: &[String]| {
            if cards.is_empty() {
                "-".to_string()
            } else {
                cards.concat()
            }
        };
        for cards in [&self.hands[0], &self.hands[1], &self.draw, &self.discard] {
            out.push(':');
            out.push_str(&join(cards));
        }
        if let Some(sq) = self.mid {
            out.push_str(&format!(":mid={}", name(sq)));
        }
        out
    }

    fn own(&self, sq: usize, white: bool) -> u8 {
        if white {
            self.stacks[sq].0
        } else {
            self.stacks[sq].1
        }
    }

    fn hobbled(&self, sq: usize) -> bool {
        match self.board[sq] {
            Some(p) => self.own(sq, !p.white) > 0,
            None => false,
        }
    }

    fn front(&self, white: bool) -> u8 {
        let on_board: u8 = (0..64).map(|sq| self.own(sq, white)).sum();
        6 - on_board
    }

    fn enemy_non_king(&self, sq: usize, white: bool) -> bool {
        matches!(self.board[sq], Some(p) if p.white != white && p.kind != 'K')
    }

    /// Whether the piece on `sq` moves like a pawn of its colour (a pawn, or hobbled).
    fn pawn_like(&self, sq: usize) -> bool {
        let p = self.board[sq].unwrap();
        (p.kind == 'P') != self.hobbled(sq)
    }

    /// Squares the piece on `sq` attacks in the chess sense (rays end on the first occupied
    /// square), hobbled pieces as pawns, hobbled pawns not at all.
    fn attacks(&self, sq: usize) -> Vec<usize> {
        let p = self.board[sq].unwrap();
        let (f, r) = (file_of(sq), rank_of(sq));
        let mut out = Vec::new();
        if self.hobbled(sq) && p.kind == 'P' {
            return out;
        }
        if self.pawn_like(sq) {
            for df in [-1, 1] {
                out.extend(at(f + df, r + dir(p.white)));
            }
            return out;
        }
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<usize>| {
            for &(df, dr) in dirs {
                let (mut nf, mut nr) = (f + df, r + dr);
                while let Some(n) = at(nf, nr) {
                    out.push(n);
                    if self.board[n].is_some() {
                        break;
                    }
                    nf += df;
                    nr += dr;
                }
            }
        };
        match p.kind {
            'N' => out.extend(
                crate::common::KNIGHT_JUMPS
                    .iter()
                    .filter_map(|(df, dr)| at(f + df, r + dr)),
            ),
            'K' => out.extend(KING_DIRS.iter().filter_map(|(df, dr)| at(f + df, r + dr))),
            'B' => slide(&KING_DIRS[4..], &mut out),
            'R' => slide(&KING_DIRS[..4], &mut out),
            'Q' => slide(&KING_DIRS, &mut out),
            _ => {}
        }
        out
    }

    /// Normal moves of the piece on `sq` without castling or en passant and without the
    /// mover's king safety: (target, promotes).
    fn plain_moves(&self, sq: usize) -> Vec<(usize, bool)> {
        let p = self.board[sq].unwrap();
        let mut out = Vec::new();
        if p.kind == 'P' && self.hobbled(sq) {
            return out;
        }
        if self.pawn_like(sq) {
            let (f, r) = (file_of(sq), rank_of(sq));
            let promotes = |t: usize| p.kind == 'P' && rank_of(t) == last_rank(p.white);
            if let Some(one) = at(f, r + dir(p.white))
                && self.board[one].is_none()
            {
                out.push((one, promotes(one)));
                let second = if p.white { 1 } else { 6 };
                if p.kind == 'P'
                    && r == second
                    && let Some(two) = at(f, r + 2 * dir(p.white))
                    && self.board[two].is_none()
                {
                    out.push((two, false));
                }
            }
            for df in [-1, 1] {
                if let Some(t) = at(f + df, r + dir(p.white))
                    && self.enemy_non_king(t, p.white)
                {
                    out.push((t, promotes(t)));
                }
            }
            return out;
        }
        for t in self.attacks(sq) {
            match self.board[t] {
                None => out.push((t, false)),
                Some(_) if self.enemy_non_king(t, p.white) => out.push((t, false)),
                _ => {}
            }
        }
        out
    }

    /// What capturing the piece on `sq` does to a budget of `white`'s checkers.
    fn gain(&self, sq: usize, white: bool) -> i32 {
        let (w, b) = self.stacks[sq];
        if white {
            w as i32 - b as i32
        } else {
            b as i32 - w as i32
        }
    }

    /// Whether side `white` could land a piece on `k` in a turn of its own starting now.
    pub fn threatens(&self, k: usize, white: bool) -> bool {
        for sq in 0..64 {
            let Some(p) = self.board[sq] else { continue };
            if p.white != white {
                continue;
            }
            if self.attacks(sq).contains(&k) {
                return true;
            }
            let a = self.own(sq, white) as i32;
            if a == 0 {
                continue;
            }
            for (t, _) in self.plain_moves(sq) {
                if t == k {
                    continue;
                }
                let budget = a + if self.board[t].is_some() {
                    self.gain(t, white)
                } else {
                    0
                };
                let mut visited = [false; 64];
                visited[t] = true;
                if self.walk(t, k, budget, sq, white, &mut visited) {
                    return true;
                }
            }
        }
        false
    }

    /// Simple king-step paths from `cur` to `k`: one checker a step, budget at least 1 before
    /// each step, passing empty squares, the walker's vacated origin, or capturing non-king
    /// pieces of the other side (their stacks change the budget).
    fn walk(
        &self,
        cur: usize,
        k: usize,
        budget: i32,
        origin: usize,
        white: bool,
        visited: &mut [bool; 64],
    ) -> bool {
        if budget < 1 {
            return false;
        }
        let bonus: i32 = (0..64)
            .filter(|s| !visited[*s] && self.enemy_non_king(*s, white))
            .map(|s| self.gain(s, white).max(0))
            .sum();
        if chebyshev(cur, k) > budget + bonus {
            return false;
        }
        for (df, dr) in KING_DIRS {
            let Some(n) = at(file_of(cur) + df, rank_of(cur) + dr) else {
                continue;
            };
            if n == k {
                return true;
            }
            if visited[n] {
                continue;
            }
            let next = if n == origin || self.board[n].is_none() {
                budget - 1
            } else if self.enemy_non_king(n, white) {
                budget - 1 + self.gain(n, white)
            } else {
                continue;
            };
            visited[n] = true;
            let found = self.walk(n, k, next, origin, white, visited);
            visited[n] = false;
            if found {
                return true;
            }
        }
        false
    }

    fn king(&self, white: bool) -> usize {
        (0..64)
            .find(|sq| self.board[*sq] == Some(RefPiece { white, kind: 'K' }))
            .expect("a king")
    }

    pub fn in_check(&self, white: bool) -> bool {
        self.threatens(self.king(white), !white)
    }

    fn move_token(from: usize, to: usize, promotion: Option<char>) -> String {
        let mut token = format!("{}{}", name(from), name(to));
        if let Some(kind) = promotion {
            token.push(kind.to_ascii_lowercase());
        }
        token
    }

    /// Every legal decision, as tokens.
    pub fn legal(&self) -> Vec<String> {
        let us = self.white_to_move;
        if self.reshuffle_owed() {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        match self.mid {
            None => {
                for sq in 0..64 {
                    let Some(p) = self.board[sq] else { continue };
                    if p.white != us {
                        continue;
                    }
                    for (t, promotes) in self.plain_moves(sq) {
                        if promotes {
                            for kind in ['Q', 'R', 'B', 'N'] {
                                candidates.push(Self::move_token(sq, t, Some(kind)));
                            }
                        } else {
                            candidates.push(Self::move_token(sq, t, None));
                        }
                    }
                    if let Some(e) = self.ep
                        && self.pawn_like(sq)
                        && !(p.kind == 'P' && self.hobbled(sq))
                        && rank_of(e) == rank_of(sq) + dir(us)
                        && (file_of(e) - file_of(sq)).abs() == 1
                        && self.board[e].is_none()
                        && self.board[(e as i32 - 8 * dir(us)) as usize]
                            == Some(RefPiece {
                                white: !us,
                                kind: 'P',
                            })
                    {
                        candidates.push(Self::move_token(sq, e, None));
                    }
                }
                candidates.extend(self.castlings());
            }
            Some(sq) => {
                let p = self.board[sq].unwrap();
                if self.own(sq, us) > 0 {
                    for (df, dr) in KING_DIRS {
                        let Some(t) = at(file_of(sq) + df, rank_of(sq) + dr) else {
                            continue;
                        };
                        if self.board[t].is_some() && !self.enemy_non_king(t, us) {
                            continue;
                        }
                        if p.kind == 'P' && rank_of(t) == last_rank(us) {
                            for kind in ['Q', 'R', 'B', 'N'] {
                                candidates.push(Self::move_token(sq, t, Some(kind)));
                            }
                        } else {
                            candidates.push(Self::move_token(sq, t, None));
                        }
                    }
                }
            }
        }
        let mut legal: Vec<String> = candidates
            .into_iter()
            .filter(|token| !self.after(token).in_check(us))
            .collect();
        if self.mid.is_some() {
            if self.front(us) > 0 {
                for card in &self.hands[if us { 0 } else { 1 }] {
                    for sq in self.matches(card) {
                        legal.push(format!("add:{card}@{}", name(sq)));
                    }
                }
            }
            legal.push("pass".into());
        }
        legal
    }

    fn castlings(&self) -> Vec<String> {
        let us = self.white_to_move;
        let home = if us { 4 } else { 60 };
        let mut out = Vec::new();
        if self.board[home]
            != Some(RefPiece {
                white: us,
                kind: 'K',
            })
            || self.stacks[home] != (0, 0)
        {
            return out;
        }
        for &rook in &self.rights {
            if rank_of(rook) != rank_of(home)
                || self.board[rook]
                    != Some(RefPiece {
                        white: us,
                        kind: 'R',
                    })
                || self.stacks[rook] != (0, 0)
            {
                continue;
            }
            let (lo, hi) = (rook.min(home), rook.max(home));
            if (lo + 1..hi).any(|s| self.board[s].is_some()) {
                continue;
            }
            let target = if rook > home { home + 2 } else { home - 2 };
            let (a, b) = (home.min(target), home.max(target));
            if (a..=b).any(|s| self.threatens(s, !us)) {
                continue;
            }
            out.push(Self::move_token(home, target, None));
        }
        out
    }

    /// The squares of the pieces `card` matches.
    fn matches(&self, card: &str) -> Vec<usize> {
        let (white, kind) = card_meaning(card);
        let of_colour: Vec<usize> = (0..64)
            .filter(|s| matches!(self.board[*s], Some(p) if p.white == white))
            .collect();
        let of_kind: Vec<usize> = of_colour
            .iter()
            .copied()
            .filter(|s| self.board[*s].unwrap().kind == kind)
            .collect();
        if kind == '*' || of_kind.is_empty() {
            of_colour
        } else {
            of_kind
        }
    }

    fn settle(&mut self, sq: usize) {
        let (w, b) = self.stacks[sq];
        let pairs = w.min(b);
        self.stacks[sq] = (w - pairs, b - pairs);
    }

    /// Moves the piece with its stack, capturing on `victim`: capture, cancellation,
    /// promotion, last-rank return.
    fn arrive(&mut self, from: usize, to: usize, victim: usize, promotion: Option<char>) {
        let mut p = self.board[from].take().unwrap();
        let mut stack = std::mem::take(&mut self.stacks[from]);
        if self.board[victim].take().is_some() {
            let taken = std::mem::take(&mut self.stacks[victim]);
            stack = (stack.0 + taken.0, stack.1 + taken.1);
            self.halfmove = 0;
        }
        if p.kind == 'P' {
            self.halfmove = 0;
        }
        if let Some(kind) = promotion {
            p.kind = kind;
        }
        self.board[to] = Some(p);
        self.stacks[to] = stack;
        self.settle(to);
        if rank_of(to) == last_rank(p.white) {
            if p.white {
                self.stacks[to].1 = 0;
            } else {
                self.stacks[to].0 = 0;
            }
        }
        self.rights.retain(|r| *r != from && *r != to);
        if p.kind == 'K' {
            let rank = if p.white { 0 } else { 7 };
            self.rights.retain(|r| rank_of(*r) != rank);
        }
    }

    /// The position after a decision token. A draw that empties the draw pile stops there:
    /// the reshuffle is [`RefPos::finish_reshuffle`]'s.
    pub fn after(&self, token: &str) -> RefPos {
        let mut next = self.clone();
        let us = self.white_to_move;
        if token == "pass" {
            next.close();
            return next;
        }
        if let Some(add) = token.strip_prefix("add:") {
            let (card, square) = add.split_once('@').unwrap();
            let sq = parse_square(square).unwrap();
            next.hands[if us { 0 } else { 1 }].retain(|c| c != card);
            next.discard.push(card.to_string());
            if us {
                next.stacks[sq].0 += 1;
            } else {
                next.stacks[sq].1 += 1;
            }
            next.settle(sq);
            next.close();
            return next;
        }
        let from = parse_square(&token[0..2]).unwrap();
        let to = parse_square(&token[2..4]).unwrap();
        let promotion = token[4..].chars().next().map(|c| c.to_ascii_uppercase());
        let p = self.board[from].unwrap();
        if self.mid.is_some() {
            if us {
                next.stacks[from].0 -= 1;
            } else {
                next.stacks[from].1 -= 1;
            }
            next.ep = None;
            next.arrive(from, to, to, promotion);
            next.mid = Some(to);
            return next;
        }
        next.halfmove += 1;
        next.ep = None;
        if p.kind == 'K' && (file_of(to) - file_of(from)).abs() == 2 {
            let (rook, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            next.board[to] = next.board[from].take();
            next.board[rook_to] = next.board[rook].take();
            let rank = rank_of(from);
            next.rights.retain(|r| rank_of(*r) != rank);
        } else if Some(to) == self.ep && self.pawn_like(from) && file_of(to) != file_of(from) {
            let victim = (to as i32 - 8 * dir(us)) as usize;
            next.arrive(from, to, victim, None);
        } else {
            next.arrive(from, to, to, promotion);
            if p.kind == 'P' && (rank_of(to) - rank_of(from)).abs() == 2 {
                next.ep = Some((from + to) / 2);
            }
        }
        next.mid = Some(to);
        next
    }

    /// The end of a turn: the mover draws from the draw pile, the other side moves.
    fn close(&mut self) {
        let us = self.white_to_move;
        self.mid = None;
        if !us {
            self.fullmove += 1;
        }
        self.white_to_move = !us;
        self.draw_for(us);
    }

    fn draw_for(&mut self, white: bool) {
        let wanted = self.front(white) as usize;
        let hand = if white { 0 } else { 1 };
        while self.hands[hand].len() < wanted && !self.draw.is_empty() {
            let card = self.draw.remove(0);
            self.hands[hand].push(card);
        }
        sort_cards(&mut self.hands[hand]);
    }

    /// Whether the side that just closed its turn still owes cards (the draw pile ran out).
    pub fn reshuffle_owed(&self) -> bool {
        let drawer = !self.white_to_move;
        let hand = if drawer { 0 } else { 1 };
        self.mid.is_none() && self.hands[hand].len() < self.front(drawer) as usize
    }

    /// The discard pile becomes the rest of the draw pile, in `order` (top first) or turned
    /// over as it lies, and the owed draw goes on.
    pub fn finish_reshuffle(&mut self, order: Option<&[String]>) {
        let pile = std::mem::take(&mut self.discard);
        match order {
            Some(order) => self.draw.extend(order.iter().cloned()),
            None => self.draw.extend(pile),
        }
        self.draw_for(!self.white_to_move);
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.reshuffle_owed() {
            let mut turned = self.clone();
            turned.finish_reshuffle(None);
            return turned.perft(depth);
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|token| self.after(token).perft(depth - 1))
            .sum()
    }

    /// The result when the side to move has no decision: "checkmate" or "stalemate".
    pub fn ending(&self) -> Option<&'static str> {
        if !self.legal().is_empty() {
            return None;
        }
        Some(if self.in_check(self.white_to_move) {
            "checkmate"
        } else {
            "stalemate"
        })
    }

    pub fn checkers_on_board(&self) -> (u32, u32) {
        self.stacks.iter().fold((0, 0), |(w, b), (sw, sb)| {
            (w + u32::from(*sw), b + u32::from(*sb))
        })
    }
}
