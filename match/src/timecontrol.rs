//! Time controls of a match (`tc=40/60+0.6`, `st=`, `nodes=`, `depth=`) and the clock a referee
//! keeps for each side.

use std::fmt;
use std::time::Duration;

/// How an engine's thinking is bounded.
#[derive(Clone, Debug, PartialEq)]
pub enum TimeControl {
    /// A game clock: `moves` per period (0: the whole game), `base` time, `increment` per move.
    Clock {
        moves: u32,
        base: Duration,
        increment: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed number of nodes per move.
    Nodes(u64),
    /// A fixed depth per move.
    Depth(u32),
}

/// Why a time-control text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control '{}'", self.0)
    }
}

impl std::error::Error for TimeControlError {}

/// A whole number above zero.
fn positive<T: std::str::FromStr + Default + PartialOrd>(text: &str) -> Option<T> {
    text.parse().ok().filter(|n| *n > T::default())
}

fn seconds(text: &str) -> Option<Duration> {
    // `m:ss` as cutechess allows, or plain (fractional) seconds.
    let value = match text.split_once(':') {
        Some((minutes, secs)) => minutes.parse::<f64>().ok()? * 60.0 + secs.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()?,
    };
    (value.is_finite() && value >= 0.0).then(|| Duration::from_secs_f64(value))
}

impl TimeControl {
    /// Reads `moves/time+increment` (`40/60+0.6`, `10+0.1`, `5`), times in seconds.
    pub fn parse_clock(text: &str) -> Result<TimeControl, TimeControlError> {
        let error = || TimeControlError(text.to_string());
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (moves.parse::<u32>().map_err(|_| error())?, rest),
            None => (0, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, increment)) => (
                seconds(base).ok_or_else(error)?,
                seconds(increment).ok_or_else(error)?,
            ),
            None => (seconds(rest).ok_or_else(error)?, Duration::ZERO),
        };
        if base.is_zero() && increment.is_zero() {
            return Err(error());
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }

    /// Reads one `key=value` setting that chooses a time control, if `key` is one.
    pub fn from_setting(key: &str, value: &str) -> Option<Result<TimeControl, TimeControlError>> {
        let error = || TimeControlError(format!("{key}={value}"));
        Some(match key {
            "tc" => TimeControl::parse_clock(value),
            "st" => seconds(value)
                .filter(|d| !d.is_zero())
                .map(TimeControl::MoveTime)
                .ok_or_else(error),
            "nodes" => positive(value).map(TimeControl::Nodes).ok_or_else(error),
            "depth" => positive(value).map(TimeControl::Depth).ok_or_else(error),
            _ => return None,
        })
    }

    /// The PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        match self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                let mut text = String::new();
                if *moves > 0 {
                    text.push_str(&format!("{moves}/"));
                }
                text.push_str(&trim_seconds(*base));
                if !increment.is_zero() {
                    text.push_str(&format!("+{}", trim_seconds(*increment)));
                }
                text
            }
            TimeControl::MoveTime(time) => format!("{}/move", trim_seconds(*time)),
            TimeControl::Nodes(nodes) => format!("{nodes} nodes"),
            TimeControl::Depth(depth) => format!("depth {depth}"),
        }
    }
}

fn trim_seconds(duration: Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One side's clock during a game.
#[derive(Clone, Debug)]
pub struct GameClock {
    pub control: TimeControl,
    /// Time left (clock controls only).
    pub remaining: Duration,
    /// Moves made in this game by this side.
    pub moves_made: u32,
}

impl GameClock {
    pub fn new(control: &TimeControl) -> GameClock {
        let remaining = match control {
            TimeControl::Clock { base, .. } => *base,
            _ => Duration::ZERO,
        };
        GameClock {
            control: control.clone(),
            remaining,
            moves_made: 0,
        }
    }

    /// Moves left until the next time control (clock controls with a move count).
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.control {
            TimeControl::Clock { moves, .. } if moves > 0 => Some(moves - self.moves_made % moves),
            _ => None,
        }
    }

    /// The longest the referee waits for a move before the side has lost on time (or hangs):
    /// `None` when only `hang` bounds it (depth and node limits).
    pub fn allowance(&self, margin: Duration) -> Option<Duration> {
        match self.control {
            TimeControl::Clock { .. } => Some(self.remaining + margin),
            TimeControl::MoveTime(time) => Some(time + margin),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// Charges a move that took `used`; false if the flag fell (beyond `margin`).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        self.moves_made += 1;
        match self.control {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if used > self.remaining + margin {
                    self.remaining = Duration::ZERO;
                    return false;
                }
                self.remaining = self.remaining.saturating_sub(used) + increment;
                if moves > 0 && self.moves_made.is_multiple_of(moves) {
                    self.remaining += base;
                }
                true
            }
            TimeControl::MoveTime(time) => used <= time + margin,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_texts() {
        assert_eq!(
            TimeControl::parse_clock("40/60+0.6"),
            Ok(TimeControl::Clock {
                moves: 40,
                base: Duration::from_secs(60),
                increment: Duration::from_millis(600),
            })
        );
        assert_eq!(
            TimeControl::parse_clock("1:30"),
            Ok(TimeControl::Clock {
                moves: 0,
                base: Duration::from_secs(90),
                increment: Duration::ZERO,
            })
        );
        assert!(TimeControl::parse_clock("x/3").is_err());
        assert!(TimeControl::parse_clock("0").is_err());
        assert_eq!(
            TimeControl::parse_clock("40/60+0.6").unwrap().pgn_tag(),
            "40/60+0.6"
        );
    }

    #[test]
    fn clock_runs_and_refills() {
        let control = TimeControl::parse_clock("2/1+0.1").unwrap();
        let mut clock = GameClock::new(&control);
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.charge(Duration::from_millis(400), Duration::ZERO));
        assert_eq!(clock.remaining, Duration::from_millis(700));
        assert!(clock.charge(Duration::from_millis(100), Duration::ZERO));
        // A new period: base added again.
        assert_eq!(clock.remaining, Duration::from_millis(1700));
        assert!(!clock.charge(Duration::from_secs(2), Duration::ZERO));
    }
}
