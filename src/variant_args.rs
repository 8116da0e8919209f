//! The variants' own options on the command line (`--pacifist-measure`), shared by every
//! subcommand that sets up a game, so the tools play the same rules as the UCI and XBoard
//! options choose.

use amity_variants::{PACIFIST_MEASURE_OPTION, PacifistMeasure, VariantOptions};
use clap::Args;

#[derive(Args, Clone, Debug, Default)]
pub struct VariantArgs {
    /// How Pacifist Chess weighs persuasion and support: count, value or average.
    #[arg(long, value_name = "MEASURE", default_value = "count", value_parser = parse_measure)]
    pub pacifist_measure: PacifistMeasure,
}

impl VariantArgs {
    pub fn options(&self) -> VariantOptions {
        VariantOptions {
            pacifist_measure: self.pacifist_measure,
        }
    }
}

fn parse_measure(text: &str) -> Result<PacifistMeasure, String> {
    let mut options = VariantOptions::default();
    options.set(PACIFIST_MEASURE_OPTION, text)?;
    Ok(options.pacifist_measure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measure_parses_by_its_name_and_nothing_else_does() {
        for measure in PacifistMeasure::ALL {
            assert_eq!(parse_measure(measure.name()), Ok(measure));
        }
        let error = parse_measure("weight").unwrap_err();
        assert!(
            error.contains("weight") && error.contains("average"),
            "{error}"
        );
    }
}
