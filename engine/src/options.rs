//! Declared options: a name with a type and range ([`OptionSpec`]), checking a value given as
//! text against it, and the checked values of one variant's options ([`VariantSettings`]).
//!
//! The protocols announce and parse every option through these declarations, the engine's own
//! (`Hash`, `Threads`) and those a variant declares through [`crate::Rules::options`], so no
//! front end needs to know an option's name to list it, check it or pass it on.

use std::fmt;

/// The type and range of one option (the four UCI types a GUI can draw, a button, and a file
/// name, which UCI writes as a string and XBoard offers with a file chooser).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin { default: i64, min: i64, max: i64 },
    /// One of a fixed list of words, matched ignoring case.
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
    /// `true` or `false`.
    Check { default: bool },
    /// Free text (may be empty).
    String { default: &'static str },
    /// The name of a file to read, or a word the option gives a meaning of its own (the
    /// default's): free text, which the owner of the option reads when it is set.
    File { default: &'static str },
    /// An action without a value (`Clear Hash`).
    Button,
}

/// One declared option: its name as the protocols and PGN tags spell it, its type, and whether
/// it says how one player plays rather than what the rules are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    /// A player's option (which seat it takes, how it models a partner, which network it
    /// evaluates with): a referee neither imposes it on every engine nor writes it into the
    /// record. The engine's own options are all players' options in this sense, but the flag
    /// matters only among the options a variant declares ([`crate::Rules::options`]).
    pub player: bool,
    pub kind: OptionKind,
}

/// A value accepted for an option, in the option's own type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Number(i64),
    /// The choice as the declaration spells it, whatever case it was given in.
    Choice(&'static str),
    Flag(bool),
    Text(String),
    Pressed,
}

impl fmt::Display for OptionValue {
    /// The value as a protocol line or a PGN tag writes it (and [`OptionSpec::accept`] reads).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Number(number) => write!(f, "{number}"),
            OptionValue::Choice(choice) => f.write_str(choice),
            OptionValue::Flag(flag) => write!(f, "{flag}"),
            OptionValue::Text(text) => f.write_str(text),
            OptionValue::Pressed => Ok(()),
        }
    }
}

/// Why a value was refused for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name is declared.
    Unknown(String),
    /// The option needs a value and none was given.
    MissingValue(&'static str),
    /// A spin option was given something other than a whole number in its range.
    OutOfRange {
        name: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    /// A combo or check option was given a word that is not one of its choices.
    NoSuchChoice {
        name: &'static str,
        value: String,
        choices: String,
    },
    /// The owner of the option could not use the value (a file that cannot be read, or
    /// does not hold what the option needs); `reason` says why.
    Unusable {
        name: &'static str,
        value: String,
        reason: String,
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
            OptionError::Unusable {
                name,
                value,
                reason,
            } => write!(
                f,
                "option '{name}' cannot use '{value}': {reason}; it keeps its previous value"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// Whether `name` names this option (protocols compare option names ignoring case).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.trim())
    }

    /// The value the option has until something sets it.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Spin { default, .. } => OptionValue::Number(default),
            OptionKind::Combo { default, .. } => OptionValue::Choice(default),
            OptionKind::Check { default } => OptionValue::Flag(default),
            OptionKind::String { default } | OptionKind::File { default } => {
                OptionValue::Text(default.to_string())
            }
            OptionKind::Button => OptionValue::Pressed,
        }
    }

    /// Checks a value given as text for this option.
    ///
    /// # Errors
    /// [`OptionError::MissingValue`] when a spin, combo or check option gets no value,
    /// [`OptionError::OutOfRange`] for a spin value that is not a whole number in range, and
    /// [`OptionError::NoSuchChoice`] for a combo or check value that is none of its words.
    pub fn accept(&self, value: Option<&str>) -> Result<OptionValue, OptionError> {
        let given = value.map(str::trim).filter(|v| !v.is_empty());
        match self.kind {
            OptionKind::Button => Ok(OptionValue::Pressed),
            // UCI writes an empty string as `<empty>`; a missing value is empty too.
            OptionKind::String { .. } | OptionKind::File { .. } => {
                Ok(OptionValue::Text(match given {
                    None | Some("<empty>") => String::new(),
                    Some(text) => text.to_string(),
                }))
            }
            OptionKind::Check { .. } => {
                let text = given.ok_or(OptionError::MissingValue(self.name))?;
                if text.eq_ignore_ascii_case("true") {
                    Ok(OptionValue::Flag(true))
                } else if text.eq_ignore_ascii_case("false") {
                    Ok(OptionValue::Flag(false))
                } else {
                    Err(OptionError::NoSuchChoice {
                        name: self.name,
                        value: text.to_string(),
                        choices: "true, false".into(),
                    })
                }
            }
            OptionKind::Spin { min, max, .. } => {
                let text = given.ok_or(OptionError::MissingValue(self.name))?;
                text.parse::<i64>()
                    .ok()
                    .filter(|number| (min..=max).contains(number))
                    .map(OptionValue::Number)
                    .ok_or_else(|| OptionError::OutOfRange {
                        name: self.name,
                        value: text.to_string(),
                        min,
                        max,
                    })
            }
            OptionKind::Combo { choices, .. } => {
                let text = given.ok_or(OptionError::MissingValue(self.name))?;
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

/// The checked value of every option one variant declares: what its rules are built from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSettings {
    values: Vec<(&'static OptionSpec, OptionValue)>,
}

impl VariantSettings {
    /// Every declared option at its default.
    pub fn defaults(declared: &'static [OptionSpec]) -> VariantSettings {
        VariantSettings {
            values: declared
                .iter()
                .map(|spec| (spec, spec.default_value()))
                .collect(),
        }
    }

    /// Sets the declared option `name` (any case) from text.
    ///
    /// # Errors
    /// [`OptionError::Unknown`] when the variant declares no such option, or the error
    /// [`OptionSpec::accept`] gives for the value; the setting is then unchanged.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let (spec, current) = self
            .values
            .iter_mut()
            .find(|(spec, _)| spec.is_named(name))
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        *current = spec.accept(value)?;
        Ok(())
    }

    /// The value of the declared option `name` (any case).
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.values
            .iter()
            .find(|(spec, _)| spec.is_named(name))
            .map(|(_, value)| value)
    }

    /// A spin option's number; `None` if no spin option has that name.
    pub fn spin(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(OptionValue::Number(number)) => Some(*number),
            _ => None,
        }
    }

    /// A combo option's choice, spelled as declared; `None` if no combo option has that name.
    pub fn choice(&self, name: &str) -> Option<&'static str> {
        match self.get(name) {
            Some(OptionValue::Choice(choice)) => Some(choice),
            _ => None,
        }
    }

    /// A check option's flag; `None` if no check option has that name.
    pub fn check(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(OptionValue::Flag(flag)) => Some(*flag),
            _ => None,
        }
    }

    /// A string option's text; `None` if no string option has that name.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(OptionValue::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// Every declared option with its value, in the order of the declaration.
    pub fn iter(&self) -> impl Iterator<Item = (&'static OptionSpec, &OptionValue)> {
        self.values.iter().map(|(spec, value)| (*spec, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARED: &[OptionSpec] = &[
        OptionSpec {
            name: "Seats",
            player: false,
            kind: OptionKind::Spin {
                default: 4,
                min: 2,
                max: 6,
            },
        },
        OptionSpec {
            name: "Measure",
            player: false,
            kind: OptionKind::Combo {
                default: "count",
                choices: &["count", "value"],
            },
        },
        OptionSpec {
            name: "OpenPiles",
            player: false,
            kind: OptionKind::Check { default: false },
        },
        OptionSpec {
            name: "Deck",
            player: false,
            kind: OptionKind::String { default: "full" },
        },
    ];

    #[test]
    fn every_option_starts_at_its_default() {
        let settings = VariantSettings::defaults(DECLARED);
        assert_eq!(settings.spin("Seats"), Some(4));
        assert_eq!(settings.choice("Measure"), Some("count"));
        assert_eq!(settings.check("OpenPiles"), Some(false));
        assert_eq!(settings.text("Deck"), Some("full"));
    }

    #[test]
    fn names_and_choices_are_matched_ignoring_case_and_kept_as_declared() {
        let mut settings = VariantSettings::defaults(DECLARED);
        settings.set("measure", Some("VALUE")).unwrap();
        settings.set("OPENPILES", Some("True")).unwrap();
        settings.set("seats", Some(" 6 ")).unwrap();
        assert_eq!(settings.choice("MEASURE"), Some("value"));
        assert_eq!(settings.check("openpiles"), Some(true));
        assert_eq!(settings.spin("Seats"), Some(6));
    }

    #[test]
    fn a_refused_value_leaves_the_setting_unchanged() {
        let mut settings = VariantSettings::defaults(DECLARED);
        let out_of_range = settings.set("Seats", Some("7")).unwrap_err();
        assert_eq!(
            out_of_range.to_string(),
            "option 'Seats' needs a whole number from 2 to 6, not '7'"
        );
        assert!(matches!(
            settings.set("Seats", Some("four")),
            Err(OptionError::OutOfRange { .. })
        ));
        let no_choice = settings.set("Measure", Some("weight")).unwrap_err();
        assert_eq!(
            no_choice.to_string(),
            "option 'Measure' has no choice 'weight' (choices: count, value)"
        );
        assert_eq!(
            settings.set("OpenPiles", Some("yes")),
            Err(OptionError::NoSuchChoice {
                name: "OpenPiles",
                value: "yes".into(),
                choices: "true, false".into()
            })
        );
        assert_eq!(
            settings.set("Measure", None),
            Err(OptionError::MissingValue("Measure"))
        );
        assert_eq!(settings, VariantSettings::defaults(DECLARED));
    }

    #[test]
    fn an_undeclared_name_is_unknown() {
        let mut settings = VariantSettings::defaults(DECLARED);
        assert_eq!(
            settings.set("Hash", Some("16")),
            Err(OptionError::Unknown("Hash".into()))
        );
        assert_eq!(settings.get("Hash"), None);
        // A getter of the wrong type finds nothing rather than a value of another type.
        assert_eq!(settings.spin("Measure"), None);
    }

    #[test]
    fn a_string_option_takes_any_text_and_uci_empty() {
        let mut settings = VariantSettings::defaults(DECLARED);
        settings.set("Deck", Some("short 32")).unwrap();
        assert_eq!(settings.text("Deck"), Some("short 32"));
        settings.set("Deck", Some("<empty>")).unwrap();
        assert_eq!(settings.text("Deck"), Some(""));
    }

    #[test]
    fn a_value_reads_back_as_its_text() {
        for (spec, text) in DECLARED.iter().zip(["5", "value", "true", "half"]) {
            let value = spec.accept(Some(text)).unwrap();
            assert_eq!(value.to_string(), text);
            assert_eq!(spec.accept(Some(&value.to_string())), Ok(value));
        }
    }
}
