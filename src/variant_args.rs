//! The variants' own options on the command line (`--option NAME=VALUE`, repeatable), shared
//! by every subcommand that sets up a game, so the tools play the same rules as the UCI and
//! XBoard options choose. The names and values are checked against the variants'
//! declarations, as the protocols check them.

use std::fmt;

use amity_engine::OptionError;
use amity_variants::{AnyGame, VariantOptions};
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
    /// Loads the variant file `path` first (`--variants FILE`, the same as `--option
    /// VariantPath=FILE`; an explicit `--option VariantPath` still wins).
    ///
    /// # Errors
    /// Why the file cannot be used, each problem with its line.
    pub fn load_file(&mut self, path: &str) -> Result<(), String> {
        let name = amity_variants::file::VARIANT_PATH.name;
        VariantOptions::default()
            .set(name, path)
            .map_err(|error| format!("--variants {path}: {error}"))?;
        self.settings.insert(
            0,
            Setting {
                name: name.to_string(),
                value: path.to_string(),
            },
        );
        Ok(())
    }

    /// The variant options the command line sets, the rest at their defaults.
    pub fn options(&self) -> VariantOptions {
        let mut options = VariantOptions::default();
        for setting in &self.settings {
            // Each setting passed `parse_setting`, which checked it with this same call.
            let _ = options.set(&setting.name, &setting.value);
        }
        options
    }

    /// The options the command line sets for a game of `variant`, refusing one that is not
    /// among the options of its rules (another game's, or one that describes an engine
    /// player rather than the rules).
    ///
    /// # Errors
    /// [`ForeignOption`] naming the first such option.
    pub fn options_for(&self, variant: &str) -> Result<VariantOptions, ForeignOption> {
        let declared = amity_variants::options_of(variant);
        for setting in &self.settings {
            let name = amity_variants::declaration(&setting.name)
                .map_or(setting.name.as_str(), |spec| spec.name);
            // The variant file is what names a file's game: an option of every game.
            if name == amity_variants::file::VARIANT_PATH.name {
                continue;
            }
            let declaration = declared.iter().find(|spec| spec.name == name);
            let own = declaration.is_some();
            if declaration.is_none_or(|spec| spec.player) {
                return Err(ForeignOption {
                    name: name.to_string(),
                    variant: variant.to_string(),
                    player: own,
                });
            }
        }
        Ok(self.options())
    }
}

/// An option set on the command line that the game's rules do not take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignOption {
    pub name: String,
    pub variant: String,
    /// The game declares it, for an engine playing one of its seats.
    pub player: bool,
}

impl fmt::Display for ForeignOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.player {
            write!(
                f,
                "--option {}: it tells an engine which player it is, not the rules of {}",
                self.name, self.variant
            )
        } else {
            write!(
                f,
                "--option {}: not an option of {} (its options: {})",
                self.name,
                self.variant,
                option_names(self.variant.as_str())
            )
        }
    }
}

impl std::error::Error for ForeignOption {}

fn option_names(variant: &str) -> String {
    let names: Vec<&str> = amity_variants::options_of(variant)
        .iter()
        .map(|spec| spec.name)
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
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

/// No variant is called this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            amity_variants::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

/// A fresh game of the variant `name` built with `options`.
///
/// # Errors
/// [`UnknownVariant`] when no variant is called `name`.
pub fn new_game(name: &str, options: &VariantOptions) -> Result<AnyGame, UnknownVariant> {
    amity_variants::new_game_with(name, options).ok_or_else(|| UnknownVariant(name.to_string()))
}

/// Says that no variant is called `name` (listing those that are) and gives the exit code.
pub fn unknown_variant(name: &str) -> i32 {
    eprintln!("error: {}", UnknownVariant(name.to_string()));
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
