//! UCI commands: parsing one line of GUI input into a [`Command`], with a [`CommandError`]
//! that names what was wrong for anything malformed.

use std::fmt;
use std::time::Duration;

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    pub mate: Option<u32>,
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
}

/// One UCI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    /// Show the board, FEN and hash (`d`).
    Display,
    /// Fixed-depth benchmark over built-in positions (`bench [depth]`).
    Bench {
        depth: Option<u32>,
    },
    /// Turn debug output on or off; accepted and ignored.
    Debug,
    /// `register`: Amity needs no registration.
    Register,
}

/// Why a line was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Unknown(String),
    MissingArgument {
        command: &'static str,
        what: &'static str,
    },
    BadNumber {
        command: &'static str,
        field: String,
        value: String,
    },
    UnexpectedToken {
        command: &'static str,
        token: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(f, "unknown command '{word}'"),
            CommandError::MissingArgument { command, what } => {
                write!(f, "'{command}' needs {what}")
            }
            CommandError::BadNumber {
                command,
                field,
                value,
            } => write!(
                f,
                "'{command} {field}' needs a non-negative number, not '{value}'"
            ),
            CommandError::UnexpectedToken { command, token } => {
                write!(f, "unexpected '{token}' in '{command}'")
            }
        }
    }
}

impl std::error::Error for CommandError {}

fn number<T: std::str::FromStr>(
    command: &'static str,
    field: &str,
    value: Option<&str>,
) -> Result<T, CommandError> {
    let value = value.ok_or(CommandError::MissingArgument {
        command,
        what: "a number after each limit",
    })?;
    value.parse::<T>().map_err(|_| CommandError::BadNumber {
        command,
        field: field.to_string(),
        value: value.to_string(),
    })
}

fn millis(field: &str, value: Option<&str>) -> Result<Duration, CommandError> {
    // GUIs sometimes send negative clock times when a player is over time: treat as zero.
    if let Some(text) = value
        && let Some(stripped) = text.strip_prefix('-')
        && stripped.parse::<u64>().is_ok()
    {
        return Ok(Duration::ZERO);
    }
    number::<u64>("go", field, value).map(Duration::from_millis)
}

fn parse_go(tokens: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < tokens.len() {
        let field = tokens[i];
        let value = tokens.get(i + 1).copied();
        i += 2;
        match field {
            "depth" => go.depth = Some(number("go", field, value)?),
            "nodes" => go.nodes = Some(number("go", field, value)?),
            "mate" => go.mate = Some(number("go", field, value)?),
            "movetime" => go.movetime = Some(millis(field, value)?),
            "wtime" => go.wtime = Some(millis(field, value)?),
            "btime" => go.btime = Some(millis(field, value)?),
            "winc" => go.winc = Some(millis(field, value)?),
            "binc" => go.binc = Some(millis(field, value)?),
            "movestogo" => go.movestogo = Some(number("go", field, value)?),
            "perft" => go.perft = Some(number("go", field, value)?),
            "infinite" => {
                go.infinite = true;
                i -= 1;
            }
            "ponder" => {
                go.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                while i < tokens.len() && !is_go_keyword(tokens[i]) {
                    go.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
            }
            other => {
                return Err(CommandError::UnexpectedToken {
                    command: "go",
                    token: other.to_string(),
                });
            }
        }
    }
    Ok(go)
}

fn is_go_keyword(token: &str) -> bool {
    matches!(
        token,
        "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "perft"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

fn parse_position(tokens: &[&str]) -> Result<Command, CommandError> {
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(index) => (&tokens[..index], &tokens[index + 1..]),
        None => (tokens, &[][..]),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if let Some(extra) = head.get(1) {
                return Err(CommandError::UnexpectedToken {
                    command: "position",
                    token: extra.to_string(),
                });
            }
            Start::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Err(CommandError::MissingArgument {
                    command: "position fen",
                    what: "a FEN",
                });
            }
            Start::Fen(head[1..].join(" "))
        }
        Some(other) => {
            return Err(CommandError::UnexpectedToken {
                command: "position",
                token: other.to_string(),
            });
        }
        None => {
            return Err(CommandError::MissingArgument {
                command: "position",
                what: "'startpos' or 'fen <FEN>'",
            });
        }
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_setoption(tokens: &[&str]) -> Result<Command, CommandError> {
    if tokens.first() != Some(&"name") || tokens.len() < 2 {
        return Err(CommandError::MissingArgument {
            command: "setoption",
            what: "'name <option> [value <value>]'",
        });
    }
    let rest = &tokens[1..];
    let value_at = rest.iter().position(|t| *t == "value");
    let (name, value) = match value_at {
        Some(index) => (rest[..index].join(" "), Some(rest[index + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        return Err(CommandError::MissingArgument {
            command: "setoption",
            what: "an option name",
        });
    }
    Ok(Command::SetOption { name, value })
}

impl Command {
    /// Parses one line. Empty lines are `Ok(None)`.
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&word, rest)) = tokens.split_first() else {
            return Ok(None);
        };
        let command = match word {
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "setoption" => parse_setoption(rest)?,
            "ucinewgame" => Command::UciNewGame,
            "position" => parse_position(rest)?,
            "go" => Command::Go(parse_go(rest)?),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "quit" => Command::Quit,
            "d" => Command::Display,
            "debug" => Command::Debug,
            "register" => Command::Register,
            "bench" => Command::Bench {
                depth: match rest.first() {
                    Some(value) => Some(number("bench", "depth", Some(value))?),
                    None => None,
                },
            },
            other => return Err(CommandError::Unknown(other.to_string())),
        };
        Ok(Some(command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_position_with_moves() {
        let command = Command::parse("position startpos moves e2e4 e7e5").unwrap();
        assert_eq!(
            command,
            Some(Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            })
        );
    }

    #[test]
    fn parses_fen_with_spaces() {
        let command = Command::parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap();
        assert!(
            matches!(command, Some(Command::Position { start: Start::Fen(f), .. }) if f == "8/8/8/8/8/8/8/K1k5 w - - 0 1")
        );
    }

    #[test]
    fn parses_go_clock() {
        let Some(Command::Go(go)) =
            Command::parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5").unwrap()
        else {
            panic!("not a go");
        };
        assert_eq!(go.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.binc, Some(Duration::from_millis(20)));
        assert_eq!(go.movestogo, Some(5));
    }

    #[test]
    fn rejects_bad_numbers_and_unknown_words() {
        assert!(matches!(
            Command::parse("go depth x"),
            Err(CommandError::BadNumber { .. })
        ));
        assert!(matches!(
            Command::parse("go sideways"),
            Err(CommandError::UnexpectedToken { .. })
        ));
        assert!(matches!(
            Command::parse("fly"),
            Err(CommandError::Unknown(_))
        ));
        assert!(matches!(
            Command::parse("position"),
            Err(CommandError::MissingArgument { .. })
        ));
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            Command::parse("setoption name Clear Hash").unwrap(),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            Command::parse("setoption name Move Overhead value 50").unwrap(),
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
    }
}
