//! The variants' own options on the command line (`--option NAME=VALUE`, repeatable), shared
//! by every subcommand that sets up a game, so the tools play the same rules as the UCI and
//! XBoard options choose. The names and values are checked against the variants'
//! declarations, as the protocols check them.

use std::fmt;

use amity_engine::OptionError;
use amity_variants::VariantOptions;
use clap::Args;

#[derive(Args, Clone, Debug, Default)]
pub struct VariantArgs {
    /// Set an option a variant declares, by the name UCI `setoption` and the PGN tags give it
    /// (any case); repeat for several. UCI's `uci` lists them after the engine's own options.
    #[arg(
        long = "option",
        short = 'o',
        value_name = "NAME=VALUE",
        value_parser = parse_setting
    )]
    settings: Vec<Setting>,
}

/// One `NAME=VALUE` from the command line, already checked against its declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Setting {
    name: String,
    value: String,
}

impl VariantArgs {
    /// The variant options the command line sets, the rest at their defaults.
    pub fn options(&self) -> VariantOptions {
        let mut options = VariantOptions::default();
        for setting in &self.settings {
            // Each setting passed `parse_setting`, which checked it with this same call.
            let _ = options.set(&setting.name, &setting.value);
        }
        options
    }
}

/// Why a `--option` argument was refused.
#[derive(Debug)]
enum SettingError {
    /// No `=` between a name and a value.
    NotAssignment(String),
    /// The declaration refuses the name or the value.
    Option(OptionError),
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::NotAssignment(text) => write!(f, "'{text}' is not NAME=VALUE"),
            SettingError::Option(OptionError::Unknown(name)) => {
                let known: Vec<&str> = amity_variants::declared_options()
                    .iter()
                    .map(|spec| spec.name)
                    .collect();
                write!(
                    f,
                    "no variant declares an option '{name}' (declared: {})",
                    known.join(", ")
                )
            }
            SettingError::Option(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SettingError {}

fn parse_setting(text: &str) -> Result<Setting, SettingError> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| SettingError::NotAssignment(text.to_string()))?;
    VariantOptions::default()
        .set(name.trim(), value)
        .map_err(SettingError::Option)?;
    Ok(Setting {
        name: name.trim().to_string(),
        value: value.to_string(),
    })
}

/// Says that no variant is called `name` (listing those that are) and gives the exit code.
pub fn unknown_variant(name: &str) -> i32 {
    eprintln!(
        "error: unknown variant '{name}' (known: {})",
        amity_variants::NAMES.join(", ")
    );
    2
}

/// The exit code of a tool's run, saying its error if it failed.
pub fn exit_code(outcome: Result<(), String>) -> i32 {
    match outcome {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("error: {error}");
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amity_engine::OptionValue;

    #[test]
    fn a_declared_option_parses_in_any_case_and_sets_the_value() {
        let args = VariantArgs {
            settings: vec![parse_setting("pacifistmeasure=AVERAGE").unwrap()],
        };
        assert_eq!(
            args.options().get("PacifistMeasure"),
            Some(OptionValue::Choice("average"))
        );
        assert_eq!(VariantArgs::default().options(), VariantOptions::default());
    }

    #[test]
    fn bad_settings_are_refused_with_the_reason() {
        let no_choice = parse_setting("PacifistMeasure=weight").unwrap_err();
        assert!(no_choice.to_string().contains("no choice 'weight'"));
        let unknown = parse_setting("Colour=blue").unwrap_err().to_string();
        assert!(
            unknown.contains("'Colour'") && unknown.contains("PacifistMeasure"),
            "{unknown}"
        );
        assert_eq!(
            parse_setting("PacifistMeasure").unwrap_err().to_string(),
            "'PacifistMeasure' is not NAME=VALUE"
        );
    }
}
