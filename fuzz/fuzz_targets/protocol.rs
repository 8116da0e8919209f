//! Fuzz target: bytes as lines for the UCI or XBoard loop (the first byte chooses), with
//! every search bounded (see `bound`) so a case ends by itself. The loop must never panic,
//! nor may any of its search threads.

#![no_main]

use std::io::Cursor;
use std::sync::Once;

use amity_uci::session::Output;
use libfuzzer_sys::fuzz_target;

/// Rewrites lines that would search or count without end (or for longer than a fuzz case
/// should take) into bounded ones; everything else passes unchanged.
fn bound(line: &str, xboard: bool) -> String {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    if xboard {
        match first {
            // `new` lifts the depth limit, and these search or count without one.
            "new" | "variant" => format!("{line}\nsd 2"),
            "sd" => "sd 2".to_string(),
            "analyze" => "analyze\nexit".to_string(),
            "perft" => "perft 2".to_string(),
            "bench" => String::new(),
            _ => line.to_string(),
        }
    } else {
        match first {
            "go" => {
                let kept: Vec<&str> = words
                    .filter(|w| !matches!(*w, "infinite" | "ponder" | "perft" | "depth" | "mate"))
                    .collect();
                format!("go {} depth 2", kept.join(" "))
            }
            "bench" => String::new(),
            _ => line.to_string(),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        // A search thread's panic is caught where the session joins it; abort instead so the
        // fuzzer sees it.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            previous(info);
            std::process::abort();
        }));
    });
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let xboard = choice & 1 == 1;
    let text = String::from_utf8_lossy(rest);
    let mut input = String::from(if xboard {
        "xboard\nprotover 2\nsd 2\n"
    } else {
        "uci\n"
    });
    for line in text.lines().take(48) {
        input.push_str(&bound(line, xboard));
        input.push('\n');
    }
    input.push_str(if xboard {
        "force\nquit\n"
    } else {
        "stop\nquit\n"
    });
    amity_uci::run(
        Cursor::new(input.into_bytes()),
        Output::new(Box::new(std::io::sink())),
    );
});
