//! The engine's options as the protocols announce them (`option name ... type ...` for UCI),
//! and checking a value a GUI sets against its option's type and range.

use std::fmt;

/// The type and range of one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Combo {
        default: &'static str,
        choices: Vec<&'static str>,
    },
    Check {
        default: bool,
    },
    Button,
}

/// One engine option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// A value accepted for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Number(i64),
    Choice(&'static str),
    Flag(bool),
    Pressed,
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(&'static str),
    OutOfRange {
        name: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    NoSuchChoice {
        name: &'static str,
        value: String,
        choices: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
            OptionError::MissingValue(name) => write!(f, "option '{name}' needs a value"),
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "option '{name}' needs a whole number from {min} to {max}, not '{value}'"
            ),
            OptionError::NoSuchChoice {
                name,
                value,
                choices,
            } => write!(
                f,
                "option '{name}' has no choice '{value}' (choices: {choices})"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl EngineOption {
    /// The UCI announcement line.
    pub fn uci_line(&self) -> String {
        match &self.kind {
            OptionKind::Spin { default, min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                self.name
            ),
            OptionKind::Combo { default, choices } => {
                let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                format!(
                    "option name {} type combo default {default}{vars}",
                    self.name
                )
            }
            OptionKind::Check { default } => {
                format!("option name {} type check default {default}", self.name)
            }
            OptionKind::Button => format!("option name {} type button", self.name),
        }
    }

    /// Checks a value given for this option.
    pub fn accept(&self, value: Option<&str>) -> Result<OptionValue, OptionError> {
        match &self.kind {
            OptionKind::Button => Ok(OptionValue::Pressed),
            OptionKind::Check { .. } => match value.map(|v| v.trim().to_ascii_lowercase()) {
                Some(text) if text == "true" => Ok(OptionValue::Flag(true)),
                Some(text) if text == "false" => Ok(OptionValue::Flag(false)),
                Some(text) => Err(OptionError::NoSuchChoice {
                    name: self.name,
                    value: text,
                    choices: "true, false".into(),
                }),
                None => Err(OptionError::MissingValue(self.name)),
            },
            OptionKind::Spin { min, max, .. } => {
                let text = value
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .ok_or(OptionError::MissingValue(self.name))?;
                text.parse::<i64>()
                    .ok()
                    .filter(|number| (*min..=*max).contains(number))
                    .map(OptionValue::Number)
                    .ok_or_else(|| OptionError::OutOfRange {
                        name: self.name,
                        value: text.to_string(),
                        min: *min,
                        max: *max,
                    })
            }
            OptionKind::Combo { choices, .. } => {
                let text = value
                    .map(str::trim)
                    .filter(|v| !v.is_empty())
                    .ok_or(OptionError::MissingValue(self.name))?;
                choices
                    .iter()
                    .find(|choice| choice.eq_ignore_ascii_case(text))
                    .map(|choice| OptionValue::Choice(choice))
                    .ok_or_else(|| OptionError::NoSuchChoice {
                        name: self.name,
                        value: text.to_string(),
                        choices: choices.join(", "),
                    })
            }
        }
    }
}

pub const HASH: &str = "Hash";
pub const THREADS: &str = "Threads";
pub const VARIANT: &str = "UCI_Variant";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const PONDER: &str = "Ponder";
pub const SEED: &str = "Seed";
pub const PACIFIST_MEASURE: &str = amity_variants::PACIFIST_MEASURE_OPTION;

/// Every option Amity has.
pub fn table() -> Vec<EngineOption> {
    vec![
        EngineOption {
            name: HASH,
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 65536,
            },
        },
        EngineOption {
            name: THREADS,
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
        },
        EngineOption {
            name: VARIANT,
            kind: OptionKind::Combo {
                default: "chess",
                choices: amity_variants::NAMES.to_vec(),
            },
        },
        EngineOption {
            name: CLEAR_HASH,
            kind: OptionKind::Button,
        },
        EngineOption {
            name: MOVE_OVERHEAD,
            kind: OptionKind::Spin {
                default: 30,
                min: 0,
                max: 5000,
            },
        },
        EngineOption {
            name: PONDER,
            kind: OptionKind::Check { default: false },
        },
        EngineOption {
            name: SEED,
            kind: OptionKind::Spin {
                default: 1,
                min: 0,
                max: i64::from(u32::MAX),
            },
        },
        EngineOption {
            name: PACIFIST_MEASURE,
            kind: OptionKind::Combo {
                default: amity_variants::PacifistMeasure::default().name(),
                choices: amity_variants::PacifistMeasure::ALL
                    .iter()
                    .map(|measure| measure.name())
                    .collect(),
            },
        },
    ]
}

/// Finds an option by name, ignoring case as UCI allows.
pub fn find(name: &str) -> Result<EngineOption, OptionError> {
    table()
        .into_iter()
        .find(|option| option.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| OptionError::Unknown(name.to_string()))
}
