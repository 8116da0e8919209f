//! PGN for every variant: the game record the referee writes (tags, moves with comments, the
//! result), a reader for files of games, and a replay that checks every move against the
//! variant's rules. Moves are SAN where SAN has a form, the variant's coordinate token
//! otherwise (throws, drops); a turn of several decisions is its legs joined by commas.

use std::fmt;

use amity_engine::{Game, MoveError};
use amity_variants::{AnyGame, Variant, VariantOptions, with_game};

use super::notation;

/// One move (or throw) of a game record, with the position it was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// Full-move number of the position before the move.
    pub number: u32,
    /// Whether Black made it.
    pub black: bool,
    /// SAN or coordinate token; legs of one turn joined by commas.
    pub text: String,
    pub comment: Option<String>,
}

/// A game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    /// A comment after the last move (why the game ended, when that needs words).
    pub final_comment: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(key, _)| key == name) {
            Some(entry) => entry.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The game as PGN text, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.tags {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{key} \"{escaped}\"]\n"));
        }
        out.push('\n');
        let mut words: Vec<String> = Vec::new();
        let mut previous: Option<&PgnMove> = None;
        let mut after_comment = false;
        for mv in &self.moves {
            let follows_white = previous.is_some_and(|p| !p.black && p.number == mv.number);
            if !mv.black {
                words.push(format!("{}.", mv.number));
            } else if !follows_white || after_comment {
                words.push(format!("{}...", mv.number));
            }
            words.push(mv.text.clone());
            after_comment = false;
            if let Some(comment) = &mv.comment {
                words.extend(comment_words(comment));
                after_comment = true;
            }
            previous = Some(mv);
        }
        if let Some(comment) = &self.final_comment {
            words.extend(comment_words(comment));
        }
        words.push(self.result.clone());
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > 79 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        out.push_str(&line);
        out.push_str("\n\n");
        out
    }
}

fn comment_words(comment: &str) -> Vec<String> {
    let text = comment.replace('}', ")");
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    match words.len() {
        0 => vec!["{}".into()],
        _ => {
            words[0].insert(0, '{');
            if let Some(last) = words.last_mut() {
                last.push('}');
            }
            words
        }
    }
}

/// Why PGN text could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A tag pair line that is not `[Name "value"]`.
    BadTag(String),
    /// A comment or variation that never closes.
    Unterminated(&'static str),
    UnknownVariant(String),
    /// A tag naming a variant option with a value it does not have.
    BadOption(amity_engine::OptionError),
    BadFen(String),
    /// A move the rules refuse: game number (from 1), ply (from 1), the token, why.
    Move {
        ply: usize,
        text: String,
        error: MoveError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag(line) => write!(f, "bad tag pair: {line}"),
            PgnError::Unterminated(what) => write!(f, "unterminated {what}"),
            PgnError::UnknownVariant(name) => write!(
                f,
                "unknown variant '{name}' (known: {})",
                amity_variants::NAMES.join(", ")
            ),
            PgnError::BadOption(error) => write!(f, "bad variant option tag: {error}"),
            PgnError::BadFen(error) => write!(f, "bad FEN tag: {error}"),
            PgnError::Move { ply, text, error } => write!(f, "ply {ply} '{text}': {error}"),
        }
    }
}

impl std::error::Error for PgnError {}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads every game of a PGN text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut started = false;
    let mut next: Option<(u32, bool)> = None;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut at_line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let line_start = at_line_start;
        at_line_start = false;
        if c == '[' && line_start {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |n| i + n);
            let line: String = chars[i..end].iter().collect();
            if started && !game.moves.is_empty() {
                // A new game without a result token: the previous one ended unfinished.
                game.result = "*".into();
                games.push(std::mem::take(&mut game));
            }
            started = true;
            game.tags.push(parse_tag(line.trim())?);
            i = end;
            continue;
        }
        if c == '%' && line_start || c == ';' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '{' {
            let end = chars[i..]
                .iter()
                .position(|&c| c == '}')
                .ok_or(PgnError::Unterminated("comment"))?;
            let comment: String = chars[i + 1..i + end].iter().collect();
            let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
            match game.moves.last_mut() {
                Some(last) if last.comment.is_none() => last.comment = Some(comment),
                Some(_) | None => {
                    // A comment after a commented move or before any move: keep it as the
                    // closing comment (where the referee writes why the game ended).
                    game.final_comment = Some(comment);
                }
            }
            i += end + 1;
            continue;
        }
        if c == '(' {
            let mut depth = 0;
            while i < chars.len() {
                match chars[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    '{' => {
                        while i < chars.len() && chars[i] != '}' {
                            i += 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if depth != 0 {
                return Err(PgnError::Unterminated("variation"));
            }
            i += 1;
            continue;
        }
        let end = chars[i..]
            .iter()
            .position(|&c| c.is_whitespace() || matches!(c, '{' | '(' | ';'))
            .map_or(chars.len(), |n| i + n);
        let word: String = chars[i..end].iter().collect();
        i = end;
        started = true;
        if word.starts_with('$') {
            continue;
        }
        if is_result(&word) {
            game.result = word;
            games.push(std::mem::take(&mut game));
            started = false;
            next = None;
            continue;
        }
        // Move numbers, possibly glued to the move (`12.Nf3`, `12...Nf3`).
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        let mut rest = word.as_str();
        if digits > 0 && word[digits..].starts_with('.') {
            let dots = word[digits..].chars().take_while(|&c| c == '.').count();
            let number = word[..digits].parse().unwrap_or(1);
            next = Some((number, dots >= 3));
            rest = &word[digits + dots..];
            if rest.is_empty() {
                continue;
            }
        }
        let (number, black) = match (next.take(), game.moves.last()) {
            (Some(marker), _) => marker,
            (None, Some(previous)) if !previous.black => (previous.number, true),
            (None, Some(previous)) => (previous.number + 1, false),
            (None, None) => (1, false),
        };
        if let Some(comment) = game.final_comment.take() {
            // A comment before this move belonged to the previous one after all.
            if let Some(last) = game.moves.last_mut() {
                let joined = match last.comment.take() {
                    Some(first) => format!("{first} {comment}"),
                    None => comment,
                };
                last.comment = Some(joined);
            }
        }
        game.moves.push(PgnMove {
            number,
            black,
            text: rest.to_string(),
            comment: None,
        });
    }
    if started && (!game.moves.is_empty() || !game.tags.is_empty()) {
        game.result = "*".into();
        games.push(game);
    }
    Ok(games)
}

fn parse_tag(line: &str) -> Result<(String, String), PgnError> {
    let bad = || PgnError::BadTag(line.to_string());
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, value) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    let mut unescaped = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(next) = chars.next() {
                unescaped.push(next);
            }
        } else {
            unescaped.push(c);
        }
    }
    Ok((name.to_string(), unescaped))
}

/// The variant a record is played in (`Variant` tag; chess without one).
pub fn variant_of(game: &PgnGame) -> &str {
    match game.tag("Variant") {
        None => "chess",
        Some(name) if name.eq_ignore_ascii_case("standard") => "chess",
        Some(name) => name,
    }
}

/// The variant options a record's tags set (as the referee writes them); defaults for the rest.
pub fn options_of(record: &PgnGame) -> Result<VariantOptions, PgnError> {
    let mut options = VariantOptions::default();
    // Only the tags that name a declared option set one; the others are the record's own.
    for (name, value) in &record.tags {
        if amity_variants::declaration(name).is_some() {
            options.set(name, value).map_err(PgnError::BadOption)?;
        }
    }
    Ok(options)
}

/// A record replayed under its variant's rules.
pub struct Replay {
    /// The game at its end.
    pub game: AnyGame,
    /// Every decision as the variant's coordinate token, throws included, turn by turn.
    pub tokens: Vec<String>,
}

/// Replays a record move by move under its variant's rules: every move must be legal.
pub fn replay(record: &PgnGame) -> Result<Replay, PgnError> {
    let name = variant_of(record);
    let template = amity_variants::new_game_with(&name.to_ascii_lowercase(), &options_of(record)?)
        .ok_or_else(|| PgnError::UnknownVariant(name.to_string()))?;
    with_game!(template, start => {
        let rules = start.rules().clone();
        let mut game = match record.tag("FEN") {
            Some(fen) => Game::from_fen(rules, fen).map_err(|e| PgnError::BadFen(e.to_string()))?,
            None => start,
        };
        let mut tokens = Vec::new();
        for (index, mv) in record.moves.iter().enumerate() {
            let legs = play_turn(&mut game, &mv.text).map_err(|error| PgnError::Move {
                ply: index + 1,
                text: mv.text.clone(),
                error,
            })?;
            tokens.push(legs.join(","));
        }
        Ok(Replay {
            game: amity_variants::wrap(game),
            tokens,
        })
    })
}

/// Plays one turn given as SAN or coordinate legs joined by commas. If any leg is refused the
/// game is left as it was before the turn.
pub fn play_turn<R: Variant>(game: &mut Game<R>, text: &str) -> Result<Vec<String>, MoveError> {
    let mut played = Vec::new();
    // A record token that is more than its legs joined (a team move) names its legs itself.
    let legs = game
        .rules()
        .expand_turn(game.position(), text)
        .unwrap_or_else(|| text.split(',').map(str::to_string).collect());
    for leg in &legs {
        let leg = leg.as_str();
        let rules = game.rules().clone();
        let outcome = if game.is_finished_by_rules() {
            Err(MoveError::GameOver(leg.to_string()))
        } else {
            notation::parse_any(&rules, game.position(), leg)
        };
        match outcome {
            Ok(mv) => {
                game.play_unchecked(mv);
                played.push(rules.format_move(mv));
            }
            Err(error) => {
                for _ in 0..played.len() {
                    game.undo();
                }
                return Err(error);
            }
        }
    }
    Ok(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "[Event \"Test \\\"quoted\\\"\"]\n[Variant \"chess\"]\n\n1. e4 {+0.20/5 0.01s} 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O {+0.1/3 0.01s}\n{White resigns} 0-1\n\n";

    #[test]
    fn reads_and_replays() {
        let games = read_games(SAMPLE).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.tag("Event"), Some("Test \"quoted\""));
        assert_eq!(game.moves.len(), 9);
        assert_eq!(game.moves[1].number, 1);
        assert!(game.moves[1].black);
        assert_eq!(game.moves[8].text, "O-O");
        assert_eq!(game.final_comment.as_deref(), Some("White resigns"));
        let replay = replay(game).unwrap();
        assert_eq!(replay.tokens[8], "e1g1");
    }

    #[test]
    fn written_text_reads_back_the_same() {
        let game = &read_games(SAMPLE).unwrap()[0];
        let text = game.to_pgn();
        let again = &read_games(&text).unwrap()[0];
        assert_eq!(again, game);
        assert_eq!(again.to_pgn(), text);
    }

    #[test]
    fn illegal_moves_are_reported_with_their_ply() {
        let games = read_games("1. e4 e5 2. Ke3 *").unwrap();
        match replay(&games[0]) {
            Err(PgnError::Move { ply: 3, text, .. }) => assert_eq!(text, "Ke3"),
            other => panic!("expected an illegal third ply, got {:?}", other.err()),
        }
    }
}
