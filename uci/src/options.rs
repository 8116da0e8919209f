//! The engine's options as the protocols announce them (`option name ... type ...` for UCI):
//! the engine's own and, after them, those the variants declare, all checked by one
//! [`OptionSpec::accept`] from `amity-engine`.

use amity_engine::search::strength;
pub use amity_engine::{OptionError, OptionKind, OptionSpec, OptionValue};

/// The UCI announcement line of an option.
pub fn uci_line(option: &OptionSpec) -> String {
    let name = option.name;
    match option.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, choices } => {
            let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
            format!("option name {name} type combo default {default}{vars}")
        }
        OptionKind::Check { default } => {
            format!("option name {name} type check default {default}")
        }
        // UCI has no way to write an empty default but its `<empty>` convention, and no file
        // type: a file name is a string (as Stockfish's `EvalFile`).
        OptionKind::String { default } | OptionKind::File { default } => {
            let default = if default.is_empty() {
                "<empty>"
            } else {
                default
            };
            format!("option name {name} type string default {default}")
        }
        OptionKind::Button => format!("option name {name} type button"),
    }
}

pub const HASH: &str = "Hash";
pub const THREADS: &str = "Threads";
pub const VARIANT: &str = "UCI_Variant";
pub const CLEAR_HASH: &str = "Clear Hash";
pub const MOVE_OVERHEAD: &str = "Move Overhead";
pub const PONDER: &str = "Ponder";
pub const SAMPLES: &str = "Samples";
pub const FULL_STATE: &str = "FullStateSearch";
pub const VIEW_SEARCH: &str = "ViewSearch";
pub const WORST_OF: &str = "WorstOf";
pub const BASELINE: &str = "BaselinePolicy";
pub const SEED: &str = "Seed";
pub const MULTIPV: &str = "MultiPV";
pub const SHOW_WDL: &str = "UCI_ShowWDL";
pub const SEARCH_PARAMETERS: &str = "SearchParameters";
pub const LIMIT_STRENGTH: &str = "UCI_LimitStrength";
pub const ELO: &str = "UCI_Elo";
pub const SKILL_LEVEL: &str = "Skill Level";

/// An option of the engine's own (a GUI sets it, not a player).
const fn engine(name: &'static str, kind: OptionKind) -> OptionSpec {
    OptionSpec {
        name,
        player: false,
        kind,
    }
}

/// An engine option that is a number from `min` to `max`.
const fn spin(name: &'static str, default: i64, min: i64, max: i64) -> OptionSpec {
    engine(name, OptionKind::Spin { default, min, max })
}

/// An engine option that is on or off.
const fn check(name: &'static str, default: bool) -> OptionSpec {
    engine(name, OptionKind::Check { default })
}

/// Every option Amity has: the engine's own, then those the variants declare.
pub fn table() -> Vec<OptionSpec> {
    use amity_engine::search::HiddenInformation;
    let engine = [
        spin(HASH, 16, 1, 65536),
        spin(THREADS, 1, 1, 256),
        engine(
            VARIANT,
            OptionKind::Combo {
                default: "chess",
                choices: amity_variants::NAMES,
            },
        ),
        engine(CLEAR_HASH, OptionKind::Button),
        spin(MOVE_OVERHEAD, 30, 0, 5000),
        check(PONDER, false),
        // The best lines each search reports, best first (where the game's search finds more
        // than one: see `docs/protocol.md`).
        spin(MULTIPV, 1, 1, 256),
        // Each report's score as chances of a win, a draw and a loss, where the game has a
        // model fitted on its own games.
        check(SHOW_WDL, false),
        // Games that hide information: worlds sampled from the view per decision, and (for
        // comparisons only) deciding from a full state handed over instead of the view.
        spin(
            SAMPLES,
            HiddenInformation::DEFAULT_SAMPLES as i64,
            1,
            HiddenInformation::MAX_SAMPLES as i64,
        ),
        check(FULL_STATE, false),
        // Where the game can: one search over the view, the cards a side may hold weighed by
        // their chances, instead of sampled worlds.
        check(VIEW_SEARCH, HiddenInformation::default().view_search),
        // With one world: draw this many and search the one where the mover fares worst
        // (0: the game's choice).
        spin(
            WORST_OF,
            HiddenInformation::default().worst_of as i64,
            0,
            HiddenInformation::MAX_SAMPLES as i64,
        ),
        // For measuring: the variant's simplest player (forgets what it saw, never guesses).
        check(BASELINE, false),
        // Play below full strength, at the level `UCI_Elo` names (`docs/strength-levels.md`).
        check(LIMIT_STRENGTH, false),
        spin(
            ELO,
            strength::DEFAULT_ELO as i64,
            strength::MIN_ELO as i64,
            strength::MAX_ELO as i64,
        ),
        // Stockfish's other way to weaken: 0 to 19 play at evenly spread `UCI_Elo` levels,
        // 20 at full strength; `UCI_LimitStrength` wins when both are set.
        spin(
            SKILL_LEVEL,
            strength::MAX_SKILL as i64,
            0,
            strength::MAX_SKILL as i64,
        ),
        // For tuning: `name=value` settings of the search's numbers (empty: the defaults).
        engine(SEARCH_PARAMETERS, OptionKind::String { default: "" }),
        // XBoard GUIs (cutechess-cli among them) read a spin's range as 32-bit signed
        // integers and refuse the option otherwise.
        spin(SEED, 1, 0, i64::from(i32::MAX)),
    ];
    let declared = amity_variants::declared_options().into_iter().copied();
    engine.into_iter().chain(declared).collect()
}

/// Whether `name` is an option a variant declares (its value goes to the session's variant
/// options, which the next game is built from).
pub fn is_variant_option(name: &str) -> bool {
    amity_variants::declaration(name).is_some()
}

/// Finds an option by name, ignoring case as UCI allows.
pub fn find(name: &str) -> Result<OptionSpec, OptionError> {
    table()
        .into_iter()
        .find(|option| option.is_named(name))
        .ok_or_else(|| OptionError::Unknown(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_options_follow_the_engines_own_and_keep_their_uci_line() {
        let table = table();
        let engine = table
            .iter()
            .take_while(|option| option.name != SEED)
            .count()
            + 1;
        let declared = amity_variants::declared_options();
        assert_eq!(table.len(), engine + declared.len());
        for (listed, spec) in table[engine..].iter().zip(&declared) {
            assert_eq!(listed, *spec);
        }
        let measure = find("pacifistmeasure").unwrap();
        assert_eq!(
            uci_line(&measure),
            "option name PacifistMeasure type combo default count var count var value var average"
        );
    }

    #[test]
    fn no_variant_option_shadows_an_engine_option() {
        // `find` returns the first match, so a clash would hide the variant's option.
        for spec in amity_variants::declared_options() {
            assert_eq!(find(spec.name).as_ref(), Ok(spec), "{}", spec.name);
        }
    }

    #[test]
    fn every_spin_range_fits_a_32_bit_signed_integer() {
        // XBoard GUIs (cutechess-cli) refuse a spin option whose numbers do not; UCI GUIs
        // read them the same way.
        let fits = |number: i64| i32::try_from(number).is_ok();
        for option in table() {
            if let OptionKind::Spin { default, min, max } = option.kind {
                assert!(
                    fits(default) && fits(min) && fits(max) && min <= default && default <= max,
                    "{}: {default} {min} {max}",
                    option.name
                );
            }
        }
        let multipv = find("multipv").unwrap();
        assert_eq!(
            uci_line(&multipv),
            "option name MultiPV type spin default 1 min 1 max 256"
        );
    }

    #[test]
    fn every_kind_has_a_uci_line() {
        let line = |kind| {
            uci_line(&OptionSpec {
                name: "X",
                player: false,
                kind,
            })
        };
        assert_eq!(
            line(OptionKind::String { default: "" }),
            "option name X type string default <empty>"
        );
        assert_eq!(
            line(OptionKind::Spin {
                default: 4,
                min: 2,
                max: 6
            }),
            "option name X type spin default 4 min 2 max 6"
        );
        assert_eq!(
            line(OptionKind::Check { default: true }),
            "option name X type check default true"
        );
        assert_eq!(
            line(OptionKind::File {
                default: "net.nnue"
            }),
            "option name X type string default net.nnue"
        );
    }
}
