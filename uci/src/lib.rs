//! Amity's protocol front ends: UCI and XBoard (CECP v2) over the shared session layer, the
//! choice between them from the GUI's first command, reading input line by line without
//! ever crashing on bad input, and the `bench` runner.

pub mod bench;
pub mod command;
pub mod gui;
pub mod hangup;
pub mod input;
pub mod options;
pub mod session;
pub mod uci;
pub mod xboard;

use std::io::BufRead;

use amity_variants::VariantOptions;

use input::{Line, LineReader};
use session::Output;
use uci::{Flow, Uci};
use xboard::Xboard;

/// The protocol a GUI speaks, decided by its first command.
enum FrontEnd {
    Uci(Uci),
    Xboard(Xboard),
}

impl FrontEnd {
    /// `xboard` as the first word starts XBoard; anything else (normally `uci`) is UCI. The
    /// variant options start as `preset` (the command line's).
    fn detect(first_line: &str, out: Output, preset: &VariantOptions) -> FrontEnd {
        let mut engine = match first_line.split_whitespace().next() {
            Some("xboard") => FrontEnd::Xboard(Xboard::new(out)),
            _ => FrontEnd::Uci(Uci::new(out)),
        };
        let session = match &mut engine {
            FrontEnd::Uci(uci) => &mut uci.session,
            FrontEnd::Xboard(xboard) => &mut xboard.uci.session,
        };
        session.variant_options = preset.clone();
        engine
    }

    fn handle_line(&mut self, line: &str) -> Flow {
        match self {
            FrontEnd::Uci(engine) => engine.handle_line(line),
            FrontEnd::Xboard(engine) => engine.handle_line(line),
        }
    }

    fn input_error(&self, out: &Output, what: &str) {
        match self {
            FrontEnd::Uci(_) => out.line(&format!("info string error: {what}; ignored")),
            FrontEnd::Xboard(engine) => engine.input_error(what),
        }
    }

    fn finish(&mut self) {
        match self {
            FrontEnd::Uci(engine) => engine.session.finish(),
            FrontEnd::Xboard(engine) => engine.finish(),
        }
    }
}

/// Runs the engine loop over `input` until `quit` or end of input.
pub fn run(input: impl BufRead, out: Output) {
    run_with(input, out, &VariantOptions::default());
}

/// [`run`] with the variant options set beforehand (`amity uci --option VariantPath=FILE`):
/// a file's games are then listed in the first `uci` answer and XBoard's features, which a
/// GUI reads before it could set an option.
pub fn run_with(input: impl BufRead, out: Output, preset: &VariantOptions) {
    let mut reader = LineReader::new(input);
    let mut front_end: Option<FrontEnd> = None;
    loop {
        let problem = match reader.next_line() {
            Line::Text(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                let engine =
                    front_end.get_or_insert_with(|| FrontEnd::detect(&line, out.clone(), preset));
                if engine.handle_line(&line) == Flow::Quit {
                    break;
                }
                continue;
            }
            Line::TooLong(length) => format!(
                "line of {length} bytes is longer than the {} allowed",
                input::MAX_LINE
            ),
            Line::NotUtf8 => "line is not valid UTF-8".to_string(),
            Line::End => {
                if let Some(engine) = &mut front_end {
                    engine.finish();
                }
                break;
            }
        };
        match &front_end {
            Some(engine) => engine.input_error(&out, &problem),
            None => out.line(&format!("info string error: {problem}; ignored")),
        }
    }
}

/// Runs the engine loop on standard input and output, ending at once if the reader of the
/// output goes away.
pub fn run_stdio(preset: &VariantOptions) {
    hangup::end_when_output_closes();
    let stdin = std::io::stdin();
    run_with(
        stdin.lock(),
        Output::new(Box::new(std::io::stdout())),
        preset,
    );
}
