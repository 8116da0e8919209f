//! The search's tunable numbers, named in one place: their defaults, the ranges a tuner may move
//! them in, and the `name=value` text that sets them (the `SearchParameters` option), so SPSA can
//! tune them from outside through matches without a rebuild. Time management is not among them:
//! SPSA plays at fixed node counts, which a shared machine keeps fair and clocks do not.

use std::fmt;

/// Why a `name=value` list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParameterError {
    /// A word that is not `name=value`.
    Malformed(String),
    /// No parameter of that name.
    Unknown(String),
    /// The value is not a whole number within the parameter's range.
    OutOfRange {
        name: &'static str,
        value: String,
        min: i32,
        max: i32,
    },
}

impl fmt::Display for ParameterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParameterError::Malformed(word) => {
                write!(f, "'{word}' is not a search parameter setting (name=value)")
            }
            ParameterError::Unknown(name) => write!(
                f,
                "no search parameter is called '{name}' (known: {})",
                PARAMETERS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ParameterError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "search parameter {name} takes a whole number from {min} to {max}, not '{value}'"
            ),
        }
    }
}

impl std::error::Error for ParameterError {}

/// One tunable number: its name, default, the range it may take, and the step SPSA perturbs it
/// by at first (about a tenth of the range a tuner should explore).
#[derive(Clone, Copy, Debug)]
pub struct Parameter {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: i32,
    get: fn(&SearchParameters) -> i32,
    set: fn(&mut SearchParameters, i32),
}

impl Parameter {
    pub fn get(&self, parameters: &SearchParameters) -> i32 {
        (self.get)(parameters)
    }

    pub fn set(&self, parameters: &mut SearchParameters, value: i32) {
        (self.set)(parameters, value)
    }
}

/// Declares the parameters once: the struct, its defaults and the table a tuner reads.
macro_rules! search_parameters {
    ($($(#[doc = $doc:literal])* $field:ident: $name:literal = $default:literal
        in $min:literal..=$max:literal step $step:literal;)*) => {
        /// Every number the search's pruning, reductions and ordering use.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParameters {
            $($(#[doc = $doc])* pub $field: i32,)*
        }

        impl Default for SearchParameters {
            fn default() -> Self {
                SearchParameters { $($field: $default,)* }
            }
        }

        /// The parameters in the order they are declared.
        pub const PARAMETERS: &[Parameter] = &[$(Parameter {
            name: $name,
            default: $default,
            min: $min,
            max: $max,
            step: $step,
            get: |p| p.$field,
            set: |p, v| p.$field = v,
        },)*];
    };
}

search_parameters! {
    /// Late-move reductions: `base/100 + ln(depth) ln(moves) * 100/divisor`.
    lmr_base: "LmrBase" = 75 in 0..=200 step 10;
    lmr_divisor: "LmrDivisor" = 225 in 100..=400 step 15;
    /// History (butterfly plus continuation) worth one ply less or more of reduction.
    lmr_history: "LmrHistory" = 8000 in 2000..=20000 step 800;
    /// Reverse futility: margin per ply of depth.
    rfp_margin: "RfpMargin" = 75 in 30..=200 step 8;
    rfp_depth: "RfpDepth" = 7 in 3..=12 step 1;
    /// Null move: the reduction is `base + depth/divisor + min((eval-beta)/eval_divisor, 3)`.
    null_base: "NullBase" = 3 in 1..=6 step 1;
    null_depth_divisor: "NullDepthDivisor" = 4 in 2..=8 step 1;
    null_eval_divisor: "NullEvalDivisor" = 200 in 50..=400 step 20;
    /// Late-move pruning: quiet moves beyond `(base + depth^2)` (halved if not improving).
    lmp_base: "LmpBase" = 3 in 0..=10 step 1;
    /// Futility pruning: margin `base + per_depth * depth`.
    futility_base: "FutilityBase" = 100 in 0..=300 step 15;
    futility_per_depth: "FutilityPerDepth" = 90 in 30..=200 step 10;
    /// Pruning depth for futility, late moves and losing exchanges.
    prune_depth: "PruneDepth" = 6 in 2..=10 step 1;
    /// Losing exchanges are pruned below `-margin * depth`.
    see_margin: "SeeMargin" = 90 in 20..=200 step 10;
    /// Quiescence delta pruning margin.
    delta_margin: "DeltaMargin" = 200 in 50..=500 step 20;
    /// History bonus per squared ply of depth, and its cap.
    history_bonus: "HistoryBonus" = 16 in 4..=64 step 3;
    history_cap: "HistoryCap" = 1600 in 400..=4000 step 150;
    /// Singular extensions from this depth, with a margin below the table's score of
    /// `margin * depth / 8`.
    singular_depth: "SingularDepth" = 8 in 4..=14 step 1;
    singular_margin: "SingularMargin" = 16 in 4..=64 step 3;
    /// First half-width of the aspiration window.
    aspiration: "Aspiration" = 18 in 5..=60 step 3;
}

impl SearchParameters {
    /// Reads `name=value` settings separated by spaces or commas, over the defaults. Empty text
    /// gives the defaults.
    pub fn parse(text: &str) -> Result<SearchParameters, ParameterError> {
        let mut parameters = SearchParameters::default();
        for word in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| ParameterError::Malformed(word.to_string()))?;
            let parameter = PARAMETERS
                .iter()
                .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| ParameterError::Unknown(name.trim().to_string()))?;
            let number = value
                .trim()
                .parse::<i32>()
                .ok()
                .filter(|n| (parameter.min..=parameter.max).contains(n))
                .ok_or_else(|| ParameterError::OutOfRange {
                    name: parameter.name,
                    value: value.trim().to_string(),
                    min: parameter.min,
                    max: parameter.max,
                })?;
            parameter.set(&mut parameters, number);
        }
        Ok(parameters)
    }
}

impl fmt::Display for SearchParameters {
    /// The settings that differ from the defaults, as [`SearchParameters::parse`] reads them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = SearchParameters::default();
        let changed: Vec<String> = PARAMETERS
            .iter()
            .filter(|p| p.get(self) != p.get(&defaults))
            .map(|p| format!("{}={}", p.name, p.get(self)))
            .collect();
        f.write_str(&changed.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_bad_ones_are_named() {
        assert_eq!(SearchParameters::parse(""), Ok(SearchParameters::default()));
        let tuned = SearchParameters::parse("RfpMargin=80, lmrbase=60").unwrap();
        assert_eq!((tuned.rfp_margin, tuned.lmr_base), (80, 60));
        assert_eq!(tuned.to_string(), "LmrBase=60 RfpMargin=80");
        assert_eq!(SearchParameters::parse(&tuned.to_string()), Ok(tuned));
        assert_eq!(
            SearchParameters::parse("Nonsense=1"),
            Err(ParameterError::Unknown("Nonsense".into()))
        );
        assert!(matches!(
            SearchParameters::parse("RfpMargin=9999"),
            Err(ParameterError::OutOfRange { .. })
        ));
        assert!(matches!(
            SearchParameters::parse("RfpMargin"),
            Err(ParameterError::Malformed(_))
        ));
    }

    #[test]
    fn defaults_lie_within_their_ranges() {
        for p in PARAMETERS {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(p.step > 0 && p.step <= p.max - p.min, "{}", p.name);
        }
    }
}
