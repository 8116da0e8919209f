//! Reading protocol input one line at a time with a bound on line length, so an endless or
//! binary line cannot exhaust memory or stop the loop.

use std::io::BufRead;

/// Longest line accepted (a `position` with a thousand moves is a few kilobytes).
pub const MAX_LINE: usize = 1 << 20;

/// One unit of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (its length), skipped whole.
    TooLong(usize),
    NotUtf8,
    End,
}

pub struct LineReader<B: BufRead> {
    input: B,
}

impl<B: BufRead> LineReader<B> {
    pub fn new(input: B) -> LineReader<B> {
        LineReader { input }
    }

    pub fn next_line(&mut self) -> Line {
        let mut buffer = Vec::new();
        let mut length = 0usize;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return Line::End,
            };
            if chunk.is_empty() {
                if length == 0 {
                    return Line::End;
                }
                break;
            }
            let (used, done) = match chunk.iter().position(|b| *b == b'\n') {
                Some(index) => (index + 1, true),
                None => (chunk.len(), false),
            };
            let take = if done { used - 1 } else { used };
            if length + take <= MAX_LINE {
                buffer.extend_from_slice(&chunk[..take]);
            }
            length += take;
            self.input.consume(used);
            if done {
                break;
            }
        }
        if length > MAX_LINE {
            return Line::TooLong(length);
        }
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
        match String::from_utf8(buffer) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_and_strips_carriage_returns() {
        let mut reader = LineReader::new(&b"uci\r\nisready\nlast"[..]);
        assert_eq!(reader.next_line(), Line::Text("uci".into()));
        assert_eq!(reader.next_line(), Line::Text("isready".into()));
        assert_eq!(reader.next_line(), Line::Text("last".into()));
        assert_eq!(reader.next_line(), Line::End);
    }

    #[test]
    fn skips_overlong_lines_whole() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nisready\n");
        let mut reader = LineReader::new(&input[..]);
        assert_eq!(reader.next_line(), Line::TooLong(MAX_LINE + 10));
        assert_eq!(reader.next_line(), Line::Text("isready".into()));
    }

    #[test]
    fn reports_invalid_utf8() {
        let mut reader = LineReader::new(&b"\xff\xfe\nuci\n"[..]);
        assert_eq!(reader.next_line(), Line::NotUtf8);
        assert_eq!(reader.next_line(), Line::Text("uci".into()));
    }
}
