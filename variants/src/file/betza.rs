//! Betza's notation for how a piece moves, the subset a variant file may use: the atoms
//! (`W F D N A H C Z G`, and `K R B Q` as their sums), riders (an atom doubled, `NN`, or
//! followed by its range, `W4`), direction modifiers (`f b l r v s` and pairs such as `fl`,
//! `fs`, `ff`) and move or capture only (`m`, `c`). Each piece becomes a list of [`Atom`]s, its
//! moves as seen by White (forward is up).

use std::fmt;

/// One family of moves: the vectors it goes along, how far, and what it may do at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    /// (files, ranks) steps, White's view: ranks > 0 is forward.
    pub vectors: Vec<(i8, i8)>,
    /// How many steps along a vector at most: 1 for a leaper.
    pub range: u8,
    /// May end on an empty square.
    pub quiet: bool,
    /// May end on an enemy piece, capturing it.
    pub capture: bool,
}

/// Why a Betza string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError(pub String);

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A range long enough to cross any board Amity plays.
const UNLIMITED: u8 = 8;

/// The basic leaps, and the compounds read as several atoms.
fn base(letter: char) -> Option<&'static [((i8, i8), bool)]> {
    // Each entry: a leap and whether the letter means it as a rider (R, B, Q).
    Some(match letter {
        'W' => &[((0, 1), false)],
        'F' => &[((1, 1), false)],
        'D' => &[((0, 2), false)],
        'N' => &[((1, 2), false)],
        'A' => &[((2, 2), false)],
        'H' => &[((0, 3), false)],
        'C' => &[((1, 3), false)],
        'Z' => &[((2, 3), false)],
        'G' => &[((3, 3), false)],
        'K' => &[((0, 1), false), ((1, 1), false)],
        'R' => &[((0, 1), true)],
        'B' => &[((1, 1), true)],
        'Q' => &[((0, 1), true), ((1, 1), true)],
        _ => return None,
    })
}

/// The eight (or four) images of a leap under the board's symmetries.
fn images((a, b): (i8, i8)) -> Vec<(i8, i8)> {
    let mut all = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let vector = (x * sx, y * sy);
            if !all.contains(&vector) {
                all.push(vector);
            }
        }
    }
    all
}

/// Whether a vector goes the way a direction spec (one or two modifier letters) says.
fn matches(spec: &str, (dx, dy): (i8, i8)) -> bool {
    let vertical = dy.abs() >= dx.abs();
    let horizontal = dx.abs() >= dy.abs();
    let single = |c: char| match c {
        'f' => dy > 0 && vertical,
        'b' => dy < 0 && vertical,
        'l' => dx < 0 && horizontal,
        'r' => dx > 0 && horizontal,
        'v' => dy != 0 && vertical,
        's' => dx != 0 && horizontal,
        _ => false,
    };
    let mut letters = spec.chars();
    match (letters.next(), letters.next()) {
        (Some(c), None) => single(c),
        // `ff`, `bb`, `ll`, `rr`: the narrow moves straight that way.
        (Some(a), Some(b)) if a == b => single(a) && dy.abs() != dx.abs(),
        // `fs`, `bs`: forward or backward, the wide (more sideways) moves.
        (Some(v @ ('f' | 'b')), Some('s')) => {
            (if v == 'f' { dy > 0 } else { dy < 0 }) && dx.abs() > dy.abs()
        }
        // `lv`, `rv`: left or right, the steep (more vertical) moves.
        (Some(h @ ('l' | 'r')), Some('v')) => {
            (if h == 'l' { dx < 0 } else { dx > 0 }) && dy.abs() > dx.abs()
        }
        // `fl`, `rb`...: one quadrant, in either order.
        (Some(a), Some(b)) => {
            let side = |c: char| match c {
                'f' => Some((0, dy > 0)),
                'b' => Some((0, dy < 0)),
                'l' => Some((1, dx < 0)),
                'r' => Some((1, dx > 0)),
                _ => None,
            };
            match (side(a), side(b)) {
                (Some((axis_a, ok_a)), Some((axis_b, ok_b))) if axis_a != axis_b => ok_a && ok_b,
                _ => false,
            }
        }
        _ => false,
    }
}

/// Splits a run of direction letters into specs: a letter followed by one that pairs with
/// it makes a pair (`fl`, `fs`, `ff`), otherwise each letter stands alone.
fn direction_specs(letters: &str) -> Result<Vec<String>, BetzaError> {
    let chars: Vec<char> = letters.chars().collect();
    let mut specs = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        let first = chars[index];
        let pairs_with = |second: char| match first {
            'f' | 'b' => matches!(second, 'l' | 'r' | 's') || second == first,
            'l' | 'r' => matches!(second, 'f' | 'b' | 'v') || second == first,
            _ => false,
        };
        match chars.get(index + 1) {
            Some(&second) if pairs_with(second) => {
                specs.push(format!("{first}{second}"));
                index += 2;
            }
            _ => {
                specs.push(first.to_string());
                index += 1;
            }
        }
    }
    Ok(specs)
}

/// Reads a Betza string into the atoms it stands for.
///
/// # Errors
/// An empty string, a letter Amity does not read (hoppers `p g`, lame `n`, initial `i` and
/// the other extensions), a modifier with no atom after it, a range of 0 or a direction that
/// selects none of an atom's moves.
pub fn parse(betza: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<char> = betza.chars().collect();
    if chars.is_empty() {
        return Err(BetzaError("empty".into()));
    }
    let mut atoms = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        let mut directions = String::new();
        let mut quiet = false;
        let mut capture = false;
        while let Some(&c) = chars.get(index).filter(|c| c.is_ascii_lowercase()) {
            match c {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => directions.push(c),
                'm' => quiet = true,
                'c' => capture = true,
                other => {
                    return Err(BetzaError(format!(
                        "modifier '{other}' is not supported (supported: f b l r v s m c)"
                    )));
                }
            }
            index += 1;
        }
        let Some(&letter) = chars.get(index) else {
            return Err(BetzaError("modifiers with no atom after them".into()));
        };
        let Some(leaps) = base(letter) else {
            return Err(BetzaError(format!("'{letter}' is not an atom")));
        };
        index += 1;
        let mut range = if leaps[0].1 { UNLIMITED } else { 1 };
        if chars.get(index) == Some(&letter) && range == 1 {
            range = UNLIMITED;
            index += 1;
        } else if chars.get(index).is_some_and(|c| c.is_ascii_digit()) {
            let mut number = 0u32;
            while let Some(digit) = chars.get(index).and_then(|c| c.to_digit(10)) {
                number = (number * 10 + digit).min(1000);
                index += 1;
            }
            if number == 0 {
                return Err(BetzaError(format!("range 0 after '{letter}'")));
            }
            range = number.min(u32::from(UNLIMITED)) as u8;
        }
        if !quiet && !capture {
            quiet = true;
            capture = true;
        }
        let specs = direction_specs(&directions)?;
        for &(leap, _) in leaps {
            let vectors: Vec<(i8, i8)> = images(leap)
                .into_iter()
                .filter(|&v| specs.is_empty() || specs.iter().any(|spec| matches(spec, v)))
                .collect();
            if vectors.is_empty() && leaps.len() == 1 {
                return Err(BetzaError(format!(
                    "directions '{directions}' select no move of '{letter}'"
                )));
            }
            if !vectors.is_empty() {
                atoms.push(Atom {
                    vectors,
                    range,
                    quiet,
                    capture,
                });
            }
        }
    }
    Ok(atoms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(betza: &str) -> Vec<(i8, i8)> {
        let mut all: Vec<(i8, i8)> = parse(betza)
            .unwrap()
            .into_iter()
            .flat_map(|atom| atom.vectors)
            .collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn atoms_and_compounds() {
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("W"), vec![(-1, 0), (0, -1), (0, 1), (1, 0)]);
        assert_eq!(vectors("K").len(), 8);
        let queen = parse("Q").unwrap();
        assert_eq!(queen.len(), 2);
        assert!(queen.iter().all(|atom| atom.range == UNLIMITED));
        assert_eq!(parse("NN").unwrap()[0].range, UNLIMITED);
        assert_eq!(parse("W2").unwrap()[0].range, 2);
    }

    #[test]
    fn directions_and_modes() {
        assert_eq!(vectors("fmW"), vec![(0, 1)]);
        assert_eq!(vectors("fcF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(vectors("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(vectors("flF"), vec![(-1, 1)]);
        assert_eq!(vectors("vW"), vec![(0, -1), (0, 1)]);
        let pawn = parse("fmWfcF").unwrap();
        assert!(pawn[0].quiet && !pawn[0].capture);
        assert!(!pawn[1].quiet && pawn[1].capture);
    }

    #[test]
    fn what_is_not_read_is_refused() {
        for bad in ["", "X", "pR", "nN", "f", "fW0", "iW", "mc"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
