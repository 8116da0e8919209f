//! The text form of Amity's path language (`amityPathPieceN = letter:paths`, an Amity key):
//! pieces on bent routes that Betza cannot write, read into the engine's
//! [`amity_engine::paths`] legs. The grammar is in `docs/variants/file.md` ("Pieces on
//! paths"); in short, paths separated by spaces, each a leg:
//!
//! - `N`, `NE2`, `W*`: one, up to two, or any number of king steps in a compass direction
//!   from the owner's side (N is forward);
//! - `(1,2)`: one leap by (files, ranks);
//! - `rose(NW,cw,5)` or `rose(NW,cw,5,SE2)`: a rose arc of single steps, each turned 45° the
//!   same way (`cw` or `acw`), with an optional leg after its last step;
//! - after a leg, its mode: `!` it may also take its own pieces, `m` it only moves, `c` it
//!   only takes; then its continuations in brackets, `>2 LEG` after exactly two steps and
//!   `|LEG` from the board's edge, separated by commas: `W2[>2 N2[>2 E2],>2 S2]`.

use amity_engine::paths::{Direction, Leg, Mode, PiecePaths, Turn, rose};

/// Reads a piece's paths; the error says what was expected where.
pub fn parse(text: &str) -> Result<PiecePaths, String> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
    };
    let mut legs = Vec::new();
    loop {
        reader.skip_spaces();
        if reader.peek().is_none() {
            break;
        }
        legs.push(reader.leg()?);
    }
    if legs.is_empty() {
        return Err("no path".into());
    }
    Ok(PiecePaths::new(legs))
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

/// Legs may nest no deeper than this (a hostile file's brackets stop here).
const MOST_NESTING: usize = 16;

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), String> {
        if self.peek() == Some(wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.wanted(&format!("'{wanted}'")))
        }
    }

    /// "expected WHAT at character N".
    fn wanted(&self, what: &str) -> String {
        match self.peek() {
            Some(found) => format!(
                "{what} expected at character {}, found '{found}'",
                self.at + 1
            ),
            None => format!("{what} expected at the end"),
        }
    }

    fn leg(&mut self) -> Result<Leg, String> {
        self.leg_at(0)
    }

    fn leg_at(&mut self, depth: usize) -> Result<Leg, String> {
        if depth > MOST_NESTING {
            return Err(format!("legs nested deeper than {MOST_NESTING}"));
        }
        let mut leg = match self.peek() {
            Some('(') => self.leap()?,
            Some('r') => self.rose(depth)?,
            _ => {
                let direction = self.direction()?;
                match self.peek() {
                    Some('*') => {
                        self.at += 1;
                        Leg::slide(direction)
                    }
                    Some(digit @ '1'..='9') => {
                        self.at += 1;
                        Leg::steps(direction, digit as u8 - b'0')
                    }
                    _ => Leg::step(direction),
                }
            }
        };
        let mode = match self.peek() {
            Some('!') => Some(Mode::CaptureAny),
            Some('m') => Some(Mode::MoveOnly),
            Some('c') => Some(Mode::CaptureOnly),
            _ => None,
        };
        if let Some(mode) = mode {
            self.at += 1;
            leg = leg.mode(mode);
        }
        if self.peek() == Some('[') {
            self.at += 1;
            loop {
                leg = match self.peek() {
                    Some('>') => {
                        self.at += 1;
                        let steps = self.digit()?;
                        self.skip_spaces();
                        let next = self.leg_at(depth + 1)?;
                        leg.after(steps, next)
                    }
                    Some('|') => {
                        self.at += 1;
                        let next = self.leg_at(depth + 1)?;
                        leg.at_edge(next)
                    }
                    _ => return Err(self.wanted("'>N' or '|' before a continuation")),
                };
                match self.peek() {
                    Some(',') => {
                        self.at += 1;
                        self.skip_spaces();
                    }
                    Some(']') => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(self.wanted("',' or ']'")),
                }
            }
        }
        Ok(leg)
    }

    fn digit(&mut self) -> Result<u8, String> {
        match self.peek() {
            Some(digit @ '1'..='9') => {
                self.at += 1;
                Ok(digit as u8 - b'0')
            }
            _ => Err(self.wanted("a digit from 1 to 9")),
        }
    }

    fn direction(&mut self) -> Result<Direction, String> {
        let rest: String = self.chars[self.at..].iter().take(2).collect();
        for (name, direction) in [
            ("NE", Direction::NE),
            ("NW", Direction::NW),
            ("SE", Direction::SE),
            ("SW", Direction::SW),
            ("N", Direction::N),
            ("E", Direction::E),
            ("S", Direction::S),
            ("W", Direction::W),
        ] {
            if rest.starts_with(name) {
                self.at += name.len();
                return Ok(direction);
            }
        }
        Err(self.wanted("a direction (N NE E SE S SW W NW), '(' or 'rose('"))
    }

    /// `(files,ranks)`, each from -7 to 7 and not both zero.
    fn leap(&mut self) -> Result<Leg, String> {
        self.expect('(')?;
        let files = self.number()?;
        self.expect(',')?;
        let ranks = self.number()?;
        self.expect(')')?;
        if files == 0 && ranks == 0 {
            return Err("a leap of (0,0) goes nowhere".into());
        }
        Ok(Leg::leap(files, ranks))
    }

    fn number(&mut self) -> Result<i8, String> {
        let negative = self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        match self.peek() {
            Some(digit @ '0'..='7') => {
                self.at += 1;
                let value = digit as i8 - b'0' as i8;
                Ok(if negative { -value } else { value })
            }
            _ => Err(self.wanted("a number from -7 to 7")),
        }
    }

    /// `rose(DIR,cw|acw,LENGTH[,LEG])`.
    fn rose(&mut self, depth: usize) -> Result<Leg, String> {
        for wanted in "rose(".chars() {
            self.expect(wanted)?;
        }
        let first = self.direction()?;
        self.expect(',')?;
        let turn = if self.chars[self.at..].starts_with(&['a', 'c', 'w']) {
            self.at += 3;
            Turn::Anticlockwise
        } else if self.chars[self.at..].starts_with(&['c', 'w']) {
            self.at += 2;
            Turn::Clockwise
        } else {
            return Err(self.wanted("'cw' or 'acw'"));
        };
        self.expect(',')?;
        let length = self.digit()?;
        let tail = if self.peek() == Some(',') {
            self.at += 1;
            Some(self.leg_at(depth + 1)?)
        } else {
            None
        };
        self.expect(')')?;
        Ok(rose(first, turn, length, tail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_engine::paths::Direction::*;

    #[test]
    fn the_text_reads_as_the_builders_write() {
        let e = parse("W2[>2 N2[>2 E2],>2 S2[>2 E2]] E2[>2 N2[>2 W2]]").unwrap();
        assert_eq!(
            e.legs,
            vec![
                Leg::steps(W, 2)
                    .after(2, Leg::steps(N, 2).after(2, Leg::steps(E, 2)))
                    .after(2, Leg::steps(S, 2).after(2, Leg::steps(E, 2))),
                Leg::steps(E, 2).after(2, Leg::steps(N, 2).after(2, Leg::steps(W, 2))),
            ]
        );
        let heart = parse("rose(NW,cw,5,SE2) rose(NE,acw,5,SW2)").unwrap();
        assert_eq!(
            heart.legs,
            vec![
                rose(NW, Turn::Clockwise, 5, Some(Leg::steps(SE, 2))),
                rose(NE, Turn::Anticlockwise, 5, Some(Leg::steps(SW, 2))),
            ]
        );
        let capital = parse("W*[|N*,|S*] W! (1,-2) Nm Sc").unwrap();
        assert_eq!(
            capital.legs,
            vec![
                Leg::slide(W).at_edge(Leg::slide(N)).at_edge(Leg::slide(S)),
                Leg::step(W).mode(Mode::CaptureAny),
                Leg::leap(1, -2),
                Leg::step(N).mode(Mode::MoveOnly),
                Leg::step(S).mode(Mode::CaptureOnly),
            ]
        );
    }

    #[test]
    fn bad_paths_say_what_was_expected_where() {
        for (text, said) in [
            ("", "no path"),
            (
                "Q2",
                "a direction (N NE E SE S SW W NW), '(' or 'rose(' expected at character 1, \
                 found 'Q'",
            ),
            (
                "N2[",
                "'>N' or '|' before a continuation expected at the end",
            ),
            (
                "N2[>0 E]",
                "a digit from 1 to 9 expected at character 5, found '0'",
            ),
            ("(0,0)", "a leap of (0,0) goes nowhere"),
            (
                "(9,1)",
                "a number from -7 to 7 expected at character 2, found '9'",
            ),
            (
                "rose(N,up,3)",
                "'cw' or 'acw' expected at character 8, found 'u'",
            ),
            ("N[|E", "',' or ']' expected at the end"),
        ] {
            assert_eq!(parse(text).unwrap_err(), said, "{text}");
        }
        let deep = format!("{}N{}", "N[|".repeat(40), "]".repeat(40));
        assert!(parse(&deep).unwrap_err().contains("nested deeper"));
    }
}
