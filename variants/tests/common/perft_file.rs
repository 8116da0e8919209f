//! The perft data file reader: `tests/perft/<variant>.perft`, shared by the rules tests in
//! `variants/tests` and the binary's `go perft` tests in `tests/cli`.

/// One position of a perft data file with its expected counts by depth.
pub struct PerftCase {
    /// `setoption` lines in force for this position.
    pub setup: Vec<String>,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `tests/perft/<variant>.perft`: `fen ; D1 n ; D2 n ...` per line, `#` comments, and
/// `setoption ...` lines that apply to the positions after them.
pub fn read_perft_file(path: &std::path::Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path).expect("perft file readable");
    let mut setup: Vec<String> = Vec::new();
    let mut cases = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with("setoption ") {
            setup.push(line.to_string());
            continue;
        }
        let mut parts = line.split(';').map(str::trim);
        let fen = parts.next().unwrap().to_string();
        let counts = parts
            .map(|part| {
                let (depth, count) = part
                    .strip_prefix('D')
                    .and_then(|p| p.split_once(' '))
                    .unwrap_or_else(|| {
                        panic!("{}:{}: bad count '{part}'", path.display(), number + 1)
                    });
                (depth.trim().parse().unwrap(), count.trim().parse().unwrap())
            })
            .collect();
        cases.push(PerftCase {
            setup: setup.clone(),
            fen,
            counts,
        });
    }
    cases
}
