//! XBoard (CECP v2) commands: parsing one line from the GUI into a [`Command`], with a
//! [`CommandError`] naming what was wrong, so the front end can answer `Error (...): ...`.

use std::fmt;
use std::time::Duration;

/// One XBoard command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `xboard`: the GUI says which protocol it speaks (needs no answer).
    Xboard,
    /// `protover N`: answered with the `feature` lines.
    Protover(u32),
    New,
    Variant(String),
    Quit,
    Force,
    Go,
    PlayOther,
    /// `white` / `black` (protocol 1): the side to move becomes this colour, the engine
    /// plays the other.
    SetColor(amity_engine::Color),
    /// `level MPS BASE INC`: moves per session (0 = whole game), base time, increment.
    Level {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
    /// `st SECONDS`: fixed time per move (fractions allowed).
    St(Duration),
    /// `sd DEPTH`.
    Sd(u32),
    /// `nps N`: time is counted in nodes at N nodes per second.
    Nps(u64),
    /// `time N`: the engine's clock, in centiseconds.
    Time(Duration),
    /// `otim N`: the opponent's clock, in centiseconds.
    Otim(Duration),
    /// `usermove MOVE`, or a bare move (protocol 1 style).
    UserMove {
        token: String,
        explicit: bool,
    },
    /// `?`: move now.
    MoveNow,
    Ping(String),
    Draw,
    /// `result RESULT {COMMENT}`: the game is over.
    Result(String),
    SetBoard(String),
    Edit,
    Hint,
    Book,
    Undo,
    Remove,
    Hard,
    Easy,
    Post,
    NoPost,
    Analyze,
    /// `exit`: leave analyze mode.
    Exit,
    /// `.`: status request in analyze mode.
    Status,
    /// `memory N` (MiB).
    Memory(usize),
    /// `cores N`.
    Cores(usize),
    /// `option NAME[=VALUE]`.
    Option {
        name: String,
        value: Option<String>,
    },
    /// `exclude MOVE` / `exclude all` (`None`): leave the move(s) out of the analysis of the
    /// current position.
    Exclude(Option<String>),
    /// `include MOVE` / `include all` (`None`): take the move(s) back into the analysis.
    Include(Option<String>),
    /// `lift SQUARE`: the user picked up the piece there (answered with `highlight`).
    Lift(String),
    /// `put SQUARE`, `hover SQUARE`: the user dropped or moves over a piece; nothing to do.
    Pointer,
    /// Commands that carry information Amity does not use (`accepted`, `rejected`, `random`,
    /// `computer`, `name`, `rating`, `ics`, `pause`, `resume`, `egtpath`...).
    Ignored,
    /// `d`: show the board, as in UCI.
    Display,
    /// `perft N`, an extension: divide and total, as `go perft` in UCI.
    Perft(u32),
}

/// Why a line was refused. The front end prints it as `Error (<this>): <line>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    Unknown,
    MissingArgument(&'static str),
    BadNumber { what: &'static str, value: String },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown => write!(f, "unknown command"),
            CommandError::MissingArgument(what) => write!(f, "missing {what}"),
            CommandError::BadNumber { what, value } => write!(f, "bad {what} '{value}'"),
        }
    }
}

impl std::error::Error for CommandError {}

fn number<T: std::str::FromStr>(
    what: &'static str,
    value: Option<&&str>,
) -> Result<T, CommandError> {
    let value = value.ok_or(CommandError::MissingArgument(what))?;
    value.parse::<T>().map_err(|_| CommandError::BadNumber {
        what,
        value: value.to_string(),
    })
}

/// Seconds, possibly fractional (`0.1`), as a duration; negative or absurd values refused.
fn seconds(what: &'static str, value: Option<&&str>) -> Result<Duration, CommandError> {
    let text = value.ok_or(CommandError::MissingArgument(what))?;
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && (0.0..1e9).contains(s))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| CommandError::BadNumber {
            what,
            value: text.to_string(),
        })
}

/// Centiseconds as XBoard's `time` and `otim` send them. A negative clock (the engine has
/// overstepped) counts as zero rather than an error.
fn centiseconds(what: &'static str, value: Option<&&str>) -> Result<Duration, CommandError> {
    let centis: i64 = number(what, value)?;
    Ok(Duration::from_millis(centis.max(0) as u64 * 10))
}

/// `level`'s base time: minutes, or `minutes:seconds`.
fn base_time(value: Option<&&str>) -> Result<Duration, CommandError> {
    const WHAT: &str = "base time";
    let text = value.ok_or(CommandError::MissingArgument(WHAT))?;
    let bad = || CommandError::BadNumber {
        what: WHAT,
        value: text.to_string(),
    };
    let (minutes, secs) = match text.split_once(':') {
        Some((minutes, secs)) => (minutes, secs.parse::<f64>().map_err(|_| bad())?),
        None => (*text, 0.0),
    };
    let minutes = minutes.parse::<f64>().map_err(|_| bad())?;
    let total = minutes * 60.0 + secs;
    if total.is_finite() && (0.0..1e9).contains(&total) {
        Ok(Duration::from_secs_f64(total))
    } else {
        Err(bad())
    }
}

/// Whether a word can only be a move (XBoard protocol 1 sends moves without `usermove`).
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.len() >= 4
        && bytes[0].is_ascii_lowercase()
        && bytes[1].is_ascii_digit()
        && bytes[2].is_ascii_lowercase()
        && bytes[3].is_ascii_digit()
        || word.contains('@')
        || word.contains(':')
        || word.contains(',')
}

impl Command {
    /// Parses one line. Empty lines are `Ok(None)`.
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let trimmed = line.trim();
        let tokens: Vec<&str> = trimmed.split_whitespace().collect();
        let Some((&word, rest)) = tokens.split_first() else {
            return Ok(None);
        };
        let argument = || trimmed[word.len()..].trim().to_string();
        let command = match word {
            "xboard" => Command::Xboard,
            "protover" => Command::Protover(number("version", rest.first())?),
            "new" => Command::New,
            "variant" => match rest.first() {
                Some(name) => Command::Variant(name.to_string()),
                None => return Err(CommandError::MissingArgument("variant name")),
            },
            "quit" => Command::Quit,
            "force" => Command::Force,
            "go" => Command::Go,
            "playother" => Command::PlayOther,
            "white" => Command::SetColor(amity_engine::Color::White),
            "black" => Command::SetColor(amity_engine::Color::Black),
            "level" => Command::Level {
                moves: number("moves per session", rest.first())?,
                base: base_time(rest.get(1))?,
                increment: seconds("increment", rest.get(2))?,
            },
            "st" => Command::St(seconds("seconds", rest.first())?),
            "sd" => Command::Sd(number("depth", rest.first())?),
            "nps" => Command::Nps(number("nodes per second", rest.first())?),
            "time" => Command::Time(centiseconds("centiseconds", rest.first())?),
            "otim" => Command::Otim(centiseconds("centiseconds", rest.first())?),
            "usermove" => match rest.first() {
                Some(token) => Command::UserMove {
                    token: token.to_string(),
                    explicit: true,
                },
                None => return Err(CommandError::MissingArgument("move")),
            },
            "?" => Command::MoveNow,
            "ping" => Command::Ping(argument()),
            "draw" => Command::Draw,
            "result" => Command::Result(argument()),
            "setboard" => {
                let fen = argument();
                if fen.is_empty() {
                    return Err(CommandError::MissingArgument("FEN"));
                }
                Command::SetBoard(fen)
            }
            "edit" => Command::Edit,
            "hint" => Command::Hint,
            "bk" => Command::Book,
            "undo" => Command::Undo,
            "remove" => Command::Remove,
            "hard" => Command::Hard,
            "easy" => Command::Easy,
            "post" => Command::Post,
            "nopost" => Command::NoPost,
            "analyze" => Command::Analyze,
            "exit" => Command::Exit,
            "." => Command::Status,
            "memory" => Command::Memory(number("megabytes", rest.first())?),
            "cores" => Command::Cores(number("cores", rest.first())?),
            "option" => {
                let text = argument();
                if text.is_empty() {
                    return Err(CommandError::MissingArgument("option name"));
                }
                match text.split_once('=') {
                    Some((name, value)) => Command::Option {
                        name: name.trim().to_string(),
                        value: Some(value.trim().to_string()),
                    },
                    None => Command::Option {
                        name: text,
                        value: None,
                    },
                }
            }
            "lift" => match rest.first() {
                Some(square) => Command::Lift(square.to_string()),
                None => return Err(CommandError::MissingArgument("square")),
            },
            "exclude" | "include" => {
                let target = match rest.first() {
                    Some(&"all") => None,
                    Some(token) => Some(token.to_string()),
                    None => return Err(CommandError::MissingArgument("move or 'all'")),
                };
                if word == "exclude" {
                    Command::Exclude(target)
                } else {
                    Command::Include(target)
                }
            }
            "put" | "hover" => Command::Pointer,
            "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
            | "pause" | "resume" | "egtpath" | "partner" | "ptell" | "setscore" | "lift-off" => {
                Command::Ignored
            }
            "d" => Command::Display,
            "perft" => Command::Perft(number("depth", rest.first())?),
            other if looks_like_move(other) && rest.is_empty() => Command::UserMove {
                token: other.to_string(),
                explicit: false,
            },
            _ => return Err(CommandError::Unknown),
        };
        Ok(Some(command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_clocks_and_levels() {
        assert_eq!(
            Command::parse("level 40 5 0").unwrap(),
            Some(Command::Level {
                moves: 40,
                base: Duration::from_secs(300),
                increment: Duration::ZERO
            })
        );
        assert_eq!(
            Command::parse("level 0 2:30 1.5").unwrap(),
            Some(Command::Level {
                moves: 0,
                base: Duration::from_secs(150),
                increment: Duration::from_millis(1500)
            })
        );
        assert_eq!(
            Command::parse("st 0.1").unwrap(),
            Some(Command::St(Duration::from_millis(100)))
        );
        assert_eq!(
            Command::parse("time 1234").unwrap(),
            Some(Command::Time(Duration::from_millis(12340)))
        );
        assert_eq!(
            Command::parse("otim -5").unwrap(),
            Some(Command::Otim(Duration::ZERO))
        );
    }

    #[test]
    fn parses_options_and_moves() {
        assert_eq!(
            Command::parse("option Clear Hash").unwrap(),
            Some(Command::Option {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            Command::parse("option Move Overhead=50").unwrap(),
            Some(Command::Option {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
        assert_eq!(
            Command::parse("e2e4").unwrap(),
            Some(Command::UserMove {
                token: "e2e4".into(),
                explicit: false
            })
        );
        assert_eq!(
            Command::parse("setboard 8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap(),
            Some(Command::SetBoard("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()))
        );
        assert_eq!(
            Command::parse("exclude e2e4").unwrap(),
            Some(Command::Exclude(Some("e2e4".into())))
        );
        assert_eq!(
            Command::parse("include all").unwrap(),
            Some(Command::Include(None))
        );
        assert!(matches!(
            Command::parse("exclude"),
            Err(CommandError::MissingArgument(_))
        ));
    }

    #[test]
    fn refuses_bad_input() {
        assert_eq!(Command::parse("fly"), Err(CommandError::Unknown));
        assert!(matches!(
            Command::parse("st fast"),
            Err(CommandError::BadNumber { .. })
        ));
        assert!(matches!(
            Command::parse("level 40"),
            Err(CommandError::MissingArgument(_))
        ));
        assert!(matches!(
            Command::parse("st -1"),
            Err(CommandError::BadNumber { .. })
        ));
        assert!(matches!(
            Command::parse("sd 1.5"),
            Err(CommandError::BadNumber { .. })
        ));
        assert_eq!(Command::parse("   ").unwrap(), None);
    }
}
