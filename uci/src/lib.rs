//! Amity's protocol front ends: UCI (and the shared session layer under it), reading GUI
//! input line by line, never crashing on bad input, and the `bench` runner.

pub mod bench;
pub mod command;
pub mod input;
pub mod options;
pub mod session;
pub mod uci;

use std::io::BufRead;

use input::{Line, LineReader};
use session::Output;
use uci::{Flow, Uci};

/// Runs the engine loop over `input` until `quit` or end of input.
pub fn run(input: impl BufRead, out: Output) {
    let mut reader = LineReader::new(input);
    let mut engine = Uci::new(out.clone());
    loop {
        match reader.next_line() {
            Line::Text(line) => {
                if engine.handle_line(&line) == Flow::Quit {
                    break;
                }
            }
            Line::TooLong(length) => out.line(&format!(
                "info string error: line of {length} bytes is longer than the {} allowed; ignored",
                input::MAX_LINE
            )),
            Line::NotUtf8 => out.line("info string error: line is not valid UTF-8; ignored"),
            Line::End => {
                engine.session.finish();
                break;
            }
        }
    }
}

/// Runs the engine loop on standard input and output.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    run(stdin.lock(), Output::new(Box::new(std::io::stdout())));
}
