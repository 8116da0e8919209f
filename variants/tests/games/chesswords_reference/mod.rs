//! An independent Secret Chesswords reference, written from RULES.md alone: a 6x6 array of
//! piece letters, a letter grid, hands and stack as strings, and the turn as a stage string.
//! Its decisions are strings, made and played without the engine's move type, so agreeing
//! perft counts and FENs confirm both.

#[derive(Clone, Debug)]
pub struct RefPos {
    /// `board[rank][file]`, rank 0 is rank 1; `b'.'` is empty.
    board: [[u8; 6]; 6],
    letters: [[u8; 6]; 6],
    checkers: [[bool; 6]; 6],
    /// The FEN side: the mover, or the discarder during a discard.
    side_white: bool,
    fullmove: u32,
    hands: [String; 2],
    stack: String,
    penalties: u32,
    passes: u32,
    king: bool,
    stage: String,
}

type Sq = (i32, i32); // (file, rank)

fn name(sq: Sq) -> String {
    format!("{}{}", (b'a' + sq.0 as u8) as char, sq.1 + 1)
}

fn parse_sq(text: &str) -> Sq {
    let b = text.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn inside(sq: Sq) -> bool {
    (0..6).contains(&sq.0) && (0..6).contains(&sq.1)
}

fn white_piece(p: u8) -> bool {
    p.is_ascii_uppercase()
}

impl RefPos {
    pub fn from_fen(fen: &str) -> RefPos {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut board = [[b'.'; 6]; 6];
        for (row, text) in f[0].split('/').enumerate() {
            let mut file = 0;
            for c in text.bytes() {
                if c.is_ascii_digit() {
                    file += (c - b'0') as usize;
                } else {
                    board[5 - row][file] = c;
                    file += 1;
                }
            }
        }
        let mut letters = [[0u8; 6]; 6];
        let mut checkers = [[false; 6]; 6];
        let mut hands = [String::new(), String::new()];
        let mut stack = String::new();
        let (mut penalties, mut passes, mut king, mut stage) = (0, 0, false, String::new());
        for field in &f[6..] {
            let (key, value) = field.split_once(':').unwrap();
            match key {
                "letters" => {
                    for (row, text) in value.split('/').enumerate() {
                        letters[5 - row].copy_from_slice(text.as_bytes());
                    }
                }
                "checkers" if value != "-" => {
                    for s in value.split(',') {
                        let (x, y) = parse_sq(s);
                        checkers[y as usize][x as usize] = true;
                    }
                }
                "hands" => {
                    let (w, b) = value.split_once('/').unwrap();
                    hands = [w.replace('-', ""), b.replace('-', "")];
                }
                "stack" => stack = value.replace('-', ""),
                "cw" => {
                    let parts: Vec<&str> = value.splitn(4, ':').collect();
                    penalties = parts[0].parse().unwrap();
                    passes = parts[1].parse().unwrap();
                    king = parts[2] == "1";
                    stage = parts[3].to_string();
                }
                _ => {}
            }
        }
        RefPos {
            board,
            letters,
            checkers,
            side_white: f[1] == "w",
            fullmove: f[5].parse().unwrap(),
            hands,
            stack,
            penalties,
            passes,
            king,
            stage,
        }
    }

    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..6).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for file in 0..6 {
                let p = self.board[rank][file];
                if p == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(p as char);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        let letters: Vec<String> = (0..6)
            .rev()
            .map(|r| String::from_utf8(self.letters[r].to_vec()).unwrap())
            .collect();
        let mut checkers = Vec::new();
        for rank in 0..6 {
            for file in 0..6 {
                if self.checkers[rank][file] {
                    checkers.push(name((file as i32, rank as i32)));
                }
            }
        }
        let dash = |s: &str| {
            if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }
        };
        format!(
            "{} {} - - 0 {} letters:{} checkers:{} hands:{}/{} stack:{} cw:{}:{}:{}:{}",
            rows.join("/"),
            if self.side_white { "w" } else { "b" },
            self.fullmove,
            letters.join("/"),
            if checkers.is_empty() {
                "-".into()
            } else {
                checkers.join(",")
            },
            dash(&self.hands[0]),
            dash(&self.hands[1]),
            dash(&self.stack),
            self.penalties,
            self.passes,
            u8::from(self.king),
            self.stage
        )
    }

    fn at(&self, sq: Sq) -> u8 {
        self.board[sq.1 as usize][sq.0 as usize]
    }

    fn letter(&self, sq: Sq) -> char {
        self.letters[sq.1 as usize][sq.0 as usize] as char
    }

    fn blocked(&self, sq: Sq) -> bool {
        self.checkers[sq.1 as usize][sq.0 as usize]
    }

    /// Board moves of one side: (from, to, promotion letter).
    fn board_moves(&self, white: bool) -> Vec<(Sq, Sq, Option<char>)> {
        let mut out = Vec::new();
        let own = |p: u8| p != b'.' && white_piece(p) == white;
        let enemy = |p: u8| p != b'.' && white_piece(p) != white;
        for rank in 0..6 {
            for file in 0..6 {
                let from = (file, rank);
                let p = self.at(from);
                if !own(p) {
                    continue;
                }
                let mut targets = Vec::new();
                match p.to_ascii_lowercase() {
                    b'p' => {
                        let dir = if white { 1 } else { -1 };
                        let ahead = (file, rank + dir);
                        if inside(ahead) && self.at(ahead) == b'.' {
                            targets.push(ahead);
                        }
                        for dx in [-1, 1] {
                            let diag = (file + dx, rank + dir);
                            if inside(diag) && enemy(self.at(diag)) {
                                targets.push(diag);
                            }
                        }
                    }
                    b'n' | b'k' => {
                        let steps: &[(i32, i32)] = if p.eq_ignore_ascii_case(&b'n') {
                            &[
                                (1, 2),
                                (2, 1),
                                (2, -1),
                                (1, -2),
                                (-1, -2),
                                (-2, -1),
                                (-2, 1),
                                (-1, 2),
                            ]
                        } else {
                            &[
                                (1, 0),
                                (1, 1),
                                (0, 1),
                                (-1, 1),
                                (-1, 0),
                                (-1, -1),
                                (0, -1),
                                (1, -1),
                            ]
                        };
                        for (dx, dy) in steps {
                            let to = (file + dx, rank + dy);
                            if inside(to) && !own(self.at(to)) {
                                targets.push(to);
                            }
                        }
                    }
                    kind => {
                        let mut dirs = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
                        if kind == b'q' {
                            dirs.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                        }
                        for (dx, dy) in dirs {
                            let mut to = (file + dx, rank + dy);
                            while inside(to) {
                                if self.at(to) != b'.' {
                                    if enemy(self.at(to)) {
                                        targets.push(to);
                                    }
                                    break;
                                }
                                targets.push(to);
                                to = (to.0 + dx, to.1 + dy);
                            }
                        }
                    }
                }
                for to in targets {
                    if self.blocked(to) {
                        continue;
                    }
                    let last = if white { 5 } else { 0 };
                    if p.eq_ignore_ascii_case(&b'p') && to.1 == last {
                        for promo in ['q', 'r', 'n'] {
                            out.push((from, to, Some(promo)));
                        }
                    } else {
                        out.push((from, to, None));
                    }
                }
            }
        }
        out
    }

    fn mover_white(&self) -> bool {
        self.side_white
    }

    fn hand_index(white: bool) -> usize {
        if white { 0 } else { 1 }
    }

    fn eligible(&self, discarder_white: bool) -> Vec<char> {
        let rest = &self.stage["discard-".len()..];
        let mut chars = rest.chars();
        let captured = chars.next().unwrap();
        let capturer = chars.next().unwrap();
        let mut cards: Vec<char> = self.hands[Self::hand_index(discarder_white)]
            .chars()
            .filter(|c| *c == captured || *c == capturer)
            .collect();
        cards.sort_unstable();
        cards.dedup();
        cards
    }

    /// The legal decisions, as tokens.
    pub fn decisions(&self) -> Vec<String> {
        let stage = self.stage.as_str();
        if stage == "over" {
            return Vec::new();
        }
        if stage == "clue" {
            let moves = self.board_moves(self.mover_white());
            if moves.is_empty() {
                return Vec::new();
            }
            let mut pairs: Vec<String> = moves
                .iter()
                .map(|(f, t, _)| format!("{}{}", self.letter(*f), self.letter(*t)))
                .collect();
            pairs.sort();
            pairs.dedup();
            let mut out = vec!["pass".to_string()];
            out.extend(pairs.iter().map(|p| format!("word:{p}")));
            out.extend(pairs.iter().map(|p| format!("say:{p}")));
            return out;
        }
        if stage.starts_with("move") {
            return self
                .board_moves(self.mover_white())
                .into_iter()
                .map(|(f, t, promo)| {
                    format!(
                        "{}{}{}",
                        name(f),
                        name(t),
                        promo.map(String::from).unwrap_or_default()
                    )
                })
                .collect();
        }
        let mut out = vec!["keep".to_string()];
        for card in self.eligible(self.side_white) {
            out.push(format!("discard:{card}"));
        }
        out
    }

    /// After the capturing turn (or a quiet move): the other side moves next, unless the game
    /// is over.
    fn next_turn(&mut self, next_mover_white: bool, black_just_moved: bool) {
        if black_just_moved {
            self.fullmove += 1;
        }
        self.side_white = next_mover_white;
        if self.king || self.board_moves(next_mover_white).is_empty() {
            self.stage = "over".into();
        } else {
            self.stage = "clue".into();
        }
    }

    pub fn play(&self, token: &str) -> RefPos {
        let mut next = self.clone();
        if token == "pass" {
            if self.passes == 1 {
                next.passes = 2;
                next.stage = "over".into();
            } else {
                next.passes = 1;
                next.stage = "move-pass".into();
            }
        } else if let Some(word) = token.strip_prefix("word:") {
            next.passes = 0;
            next.stage = format!("move-word-{word}");
        } else if let Some(pair) = token.strip_prefix("say:") {
            next.passes = 0;
            next.penalties += 1;
            next.stage = format!("move-say-{pair}");
        } else if token == "keep" || token.starts_with("discard:") {
            let discarder = self.side_white;
            if let Some(card) = token.strip_prefix("discard:") {
                let card = card.chars().next().unwrap();
                let hand = &mut next.hands[Self::hand_index(discarder)];
                let at = hand.find(card).unwrap();
                hand.remove(at);
                let from = parse_sq(&self.stage[self.stage.len() - 2..]);
                next.checkers[from.1 as usize][from.0 as usize] = true;
                if !next.stack.is_empty() {
                    let top = next.stack.remove(0);
                    next.hands[Self::hand_index(discarder)].push(top);
                }
            }
            next.next_turn(discarder, discarder);
        } else {
            let mover = self.side_white;
            let from = parse_sq(&token[0..2]);
            let to = parse_sq(&token[2..4]);
            let piece = self.at(from);
            let victim = self.at(to);
            let mut arrived = piece;
            if let Some(promo) = token.chars().nth(4) {
                arrived = if mover {
                    promo.to_ascii_uppercase() as u8
                } else {
                    promo as u8
                };
            }
            next.board[from.1 as usize][from.0 as usize] = b'.';
            next.board[to.1 as usize][to.0 as usize] = arrived;
            if victim == b'.' {
                next.next_turn(!mover, !mover);
                return next;
            }
            if victim.eq_ignore_ascii_case(&b'k') {
                next.king = true;
            }
            next.stage = format!("discard-{}{}{}", victim as char, piece as char, name(from));
            if next.eligible(!mover).is_empty() {
                next.next_turn(!mover, !mover);
            } else {
                next.side_white = !mover;
            }
        }
        next
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
            .map(|d| self.play(d).perft(depth - 1))
            .sum()
    }
}
