//! The text of a variant file (Fairy-Stockfish's `variants.ini` format) read into sections of
//! `key = value` entries, each remembering its line, and every problem of that text as a
//! [`FileError`] naming its line. What the keys mean is [`super::definition`]'s business.

use std::fmt;

/// Most sections one file may hold: a file of thousands of games is an attack, not a library.
pub const MAX_SECTIONS: usize = 1000;
/// Longest file read, in bytes.
pub const MAX_BYTES: usize = 1 << 20;
/// Longest line read, in bytes.
pub const MAX_LINE: usize = 4096;

/// One `key = value` line of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    /// The line it stands on (from 1).
    pub line: usize,
}

/// A `[name]` or `[name:parent]` section and its entries, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The line of the header (from 1).
    pub line: usize,
    pub entries: Vec<Entry>,
}

/// A problem of a variant file, at a line (from 1; a problem of the whole file is on line 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub problem: Problem,
}

/// What was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Bytes that are not UTF-8 text, or control characters in it.
    NotText,
    TooLarge {
        bytes: usize,
    },
    LineTooLong {
        bytes: usize,
    },
    TooManySections,
    /// A line starting with `[` that is not `[name]` or `[name:parent]`.
    BadHeader(String),
    DuplicateSection(String),
    /// A `key = value` line before the first section.
    OutsideSection(String),
    /// A line that is neither a header, a comment nor `key = value`.
    NotKeyValue(String),
    DuplicateKey(String),
    UnknownParent {
        name: String,
        parent: String,
    },
    /// A chain of parents that comes back to where it started.
    InheritanceCycle(Vec<String>),
    UnknownKey(String),
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
    BadBetza {
        key: String,
        betza: String,
        why: String,
    },
    /// A key Amity reads but whose value it cannot play yet.
    Unsupported {
        key: String,
        why: String,
    },
    MissingKing(String),
    /// The start position does not fit the game's board and pieces.
    BadStartFen(String),
    /// The game as a whole cannot be played (too many kinds, no way to win...).
    BadGame(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotText => write!(f, "not text (binary data or control characters)"),
            Problem::TooLarge { bytes } => {
                write!(f, "file of {bytes} bytes is larger than {MAX_BYTES}")
            }
            Problem::LineTooLong { bytes } => {
                write!(f, "line of {bytes} bytes is longer than {MAX_LINE}")
            }
            Problem::TooManySections => write!(f, "more than {MAX_SECTIONS} sections"),
            Problem::BadHeader(text) => {
                write!(
                    f,
                    "'{text}' is not a section header [name] or [name:parent]"
                )
            }
            Problem::DuplicateSection(name) => write!(f, "section [{name}] defined twice"),
            Problem::OutsideSection(key) => {
                write!(f, "'{key}' comes before the first [section]")
            }
            Problem::NotKeyValue(text) => write!(f, "'{text}' is not 'key = value'"),
            Problem::DuplicateKey(key) => write!(f, "key '{key}' given twice in one section"),
            Problem::UnknownParent { name, parent } => {
                write!(f, "[{name}] inherits from unknown variant '{parent}'")
            }
            Problem::InheritanceCycle(chain) => {
                write!(f, "inheritance cycle: {}", chain.join(" -> "))
            }
            Problem::UnknownKey(key) => write!(f, "unknown key '{key}'"),
            Problem::BadValue {
                key,
                value,
                expected,
            } => write!(f, "{key}: '{value}' is not {expected}"),
            Problem::BadBetza { key, betza, why } => {
                write!(f, "{key}: bad Betza notation '{betza}': {why}")
            }
            Problem::Unsupported { key, why } => write!(f, "{key}: not supported: {why}"),
            Problem::MissingKing(why) => write!(f, "missing king: {why}"),
            Problem::BadStartFen(why) => write!(f, "startFen does not fit the game: {why}"),
            Problem::BadGame(why) => write!(f, "{why}"),
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

impl std::error::Error for FileError {}

/// Whether `name` may name a variant: what `UCI_Variant` and XBoard can carry in one word.
fn is_variant_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
}

/// Reads the sections of a variant file. Every problem found is reported (a checker lists
/// them all); the sections are those read without one.
pub fn read_sections(bytes: &[u8]) -> (Vec<Section>, Vec<FileError>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut errors = Vec::new();
    if bytes.len() > MAX_BYTES {
        errors.push(FileError {
            line: 1,
            problem: Problem::TooLarge { bytes: bytes.len() },
        });
        return (sections, errors);
    }
    // A section with a broken header swallows its entries, so they are not blamed on the
    // section before it.
    let mut in_broken_section = false;
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = index + 1;
        let mut fail = |problem| errors.push(FileError { line, problem });
        if raw.len() > MAX_LINE {
            fail(Problem::LineTooLong { bytes: raw.len() });
            continue;
        }
        let Ok(text) = std::str::from_utf8(raw) else {
            fail(Problem::NotText);
            continue;
        };
        let text = text.strip_suffix('\r').unwrap_or(text);
        if text.chars().any(|c| c.is_control() && c != '\t') {
            fail(Problem::NotText);
            continue;
        }
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') || text.starts_with(';') {
            continue;
        }
        if text.starts_with('[') {
            in_broken_section = true;
            let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
                fail(Problem::BadHeader(text.to_string()));
                continue;
            };
            let (name, parent) = match inner.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim())),
                None => (inner.trim(), None),
            };
            if !is_variant_name(name) || parent.is_some_and(|p| !is_variant_name(p)) {
                fail(Problem::BadHeader(text.to_string()));
                continue;
            }
            if sections.len() >= MAX_SECTIONS {
                fail(Problem::TooManySections);
                // One report is enough: the rest of the file is not read.
                break;
            }
            if sections.iter().any(|s| s.name == name) {
                fail(Problem::DuplicateSection(name.to_string()));
                continue;
            }
            in_broken_section = false;
            sections.push(Section {
                name: name.to_string(),
                parent: parent.map(str::to_string),
                line,
                entries: Vec::new(),
            });
            continue;
        }
        let Some((key, value)) = text.split_once('=') else {
            fail(Problem::NotKeyValue(text.to_string()));
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            fail(Problem::NotKeyValue(text.to_string()));
            continue;
        }
        if in_broken_section {
            continue;
        }
        let Some(section) = sections.last_mut() else {
            fail(Problem::OutsideSection(key.to_string()));
            continue;
        };
        if section.entries.iter().any(|entry| entry.key == key) {
            fail(Problem::DuplicateKey(key.to_string()));
            continue;
        }
        section.entries.push(Entry {
            key: key.to_string(),
            value: value.to_string(),
            line,
        });
    }
    (sections, errors)
}

/// The entries a section stands for once its parents' are folded in (a child's own entry
/// wins), found among `sections` first and then among `library` (variants already defined,
/// such as the shipped file's). A parent's entries keep their lines, so an error in them
/// names the line where the parent said it; a library parent's answer at `section`'s header.
///
/// # Errors
/// An unknown parent or a cycle, at the line of the section header that names it.
pub fn inherited_entries(
    section: &Section,
    sections: &[Section],
    library: &[Section],
) -> Result<Vec<Entry>, FileError> {
    let mut chain: Vec<&Section> = vec![section];
    let mut current = section;
    while let Some(parent) = &current.parent {
        let found = sections
            .iter()
            .find(|s| &s.name == parent)
            .or_else(|| library.iter().find(|s| &s.name == parent));
        let Some(next) = found else {
            return Err(FileError {
                line: current.line,
                problem: Problem::UnknownParent {
                    name: current.name.clone(),
                    parent: parent.clone(),
                },
            });
        };
        if chain.iter().any(|seen| std::ptr::eq(*seen, next)) {
            let mut names: Vec<String> = chain.iter().map(|s| s.name.clone()).collect();
            names.push(next.name.clone());
            return Err(FileError {
                line: section.line,
                problem: Problem::InheritanceCycle(names),
            });
        }
        chain.push(next);
        current = next;
    }
    let mut entries: Vec<Entry> = Vec::new();
    for ancestor in chain.iter().rev() {
        // A library game's lines are in another file: its entries answer at this header.
        let from_library = !sections.iter().any(|s| std::ptr::eq(s, *ancestor));
        for entry in &ancestor.entries {
            let mut entry = entry.clone();
            if from_library {
                entry.line = section.line;
            }
            match entries.iter_mut().find(|e| e.key == entry.key) {
                Some(existing) => *existing = entry,
                None => entries.push(entry),
            }
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &[u8]) -> Vec<(usize, Problem)> {
        read_sections(text)
            .1
            .into_iter()
            .map(|e| (e.line, e.problem))
            .collect()
    }

    #[test]
    fn sections_keep_their_entries_and_lines() {
        let (sections, errors) =
            read_sections(b"# comment\n[mini:chess]\nmaxRank = 6\n\n[other]\nking = k\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].parent.as_deref(), Some("chess"));
        assert_eq!(sections[0].entries[0].line, 3);
        assert_eq!(sections[1].entries[0].value, "k");
    }

    #[test]
    fn each_problem_names_its_line() {
        assert_eq!(
            problems(b"key = 1\n[a]\nnonsense\n[b\n[a]\nx = 1\nx = 2\n"),
            vec![
                (1, Problem::OutsideSection("key".into())),
                (3, Problem::NotKeyValue("nonsense".into())),
                (4, Problem::BadHeader("[b".into())),
                (5, Problem::DuplicateSection("a".into())),
            ]
        );
        assert_eq!(
            problems(b"[a]\nx = 1\nx = 2\n"),
            vec![(3, Problem::DuplicateKey("x".into()))]
        );
        assert_eq!(problems(b"[a]\n\xff\xfe\n"), vec![(2, Problem::NotText)]);
        assert_eq!(problems(b"[a]\nk = \x00\n"), vec![(2, Problem::NotText)]);
    }

    #[test]
    fn too_many_sections_are_refused_once() {
        let text: String = (0..10_000).map(|i| format!("[v{i}]\n")).collect();
        assert_eq!(
            problems(text.as_bytes()),
            vec![(MAX_SECTIONS + 1, Problem::TooManySections)]
        );
    }

    #[test]
    fn inheritance_folds_parents_and_finds_cycles() {
        let (sections, _) = read_sections(b"[a:b]\nx = 1\n[b:c]\nx = 2\ny = 2\n[c:a]\n[d:b2]\n");
        let error = inherited_entries(&sections[0], &sections, &[]).unwrap_err();
        assert_eq!(error.line, 1);
        assert_eq!(
            error.problem,
            Problem::InheritanceCycle(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
        let (library, _) = read_sections(b"[c]\nz = 3\n");
        let (sections, _) = read_sections(b"[a:b]\nx = 1\n[b:c]\nx = 2\ny = 2\n");
        let entries = inherited_entries(&sections[0], &sections, &library).unwrap();
        let pairs: Vec<(&str, &str, usize)> = entries
            .iter()
            .map(|e| (e.key.as_str(), e.value.as_str(), e.line))
            .collect();
        assert_eq!(pairs, vec![("z", "3", 1), ("x", "1", 2), ("y", "2", 5)]);
        let (orphan, _) = read_sections(b"[d:nowhere]\n");
        assert!(matches!(
            inherited_entries(&orphan[0], &orphan, &library)
                .unwrap_err()
                .problem,
            Problem::UnknownParent { .. }
        ));
    }
}
