//! The `amity` binary: with no arguments the UCI engine on standard input and output; with a
//! subcommand, the tools around it (`bench`, `perft`, `selfplay`).

fn main() {
    amity_uci::run_stdio();
}
