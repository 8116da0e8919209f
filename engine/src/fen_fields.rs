//! The kit for a game's own FEN fields (those after the usual six): taking the fields in
//! order, splitting a field into its `:` parts, reading the shapes games share (numbers, sides,
//! squares, `-` for nothing, `,` lists, `<White's>/<Black's>` pairs) and writing them back.
//! Every error names the field or part, what it expected and what it found.

use shakmaty::{Bitboard, Color, Square};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::fen::FenError;
use crate::rules::Geometry;

/// What was wrong with one of a game's own FEN fields, or with one part of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field or part as the game names it: a field's tag and, for a part, its role.
    pub field: String,
    /// What it should hold.
    pub expected: String,
    /// What it held; `None` when it was missing.
    pub found: Option<String>,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.found {
            Some(found) => write!(
                f,
                "bad {} field: expected {}, found '{found}'",
                self.field, self.expected
            ),
            None => write!(
                f,
                "missing {} field: expected {}",
                self.field, self.expected
            ),
        }
    }
}

impl std::error::Error for FieldError {}

impl From<FieldError> for FenError {
    fn from(error: FieldError) -> FenError {
        FenError::Field(error)
    }
}

/// The error for `field` holding `found` where it should hold `expected`.
pub fn expected(field: impl Into<String>, expected: impl Into<String>, found: &str) -> FenError {
    FenError::Field(FieldError {
        field: field.into(),
        expected: expected.into(),
        found: Some(found.to_string()),
    })
}

/// The error for `field` missing where it should hold `expected`.
pub fn missing(field: impl Into<String>, expected: impl Into<String>) -> FenError {
    FenError::Field(FieldError {
        field: field.into(),
        expected: expected.into(),
        found: None,
    })
}

// ----- fields -----

/// A game's own fields, taken in order.
#[derive(Clone, Debug)]
pub struct ExtraFields<'a> {
    fields: &'a [&'a str],
    next: usize,
}

impl<'a> ExtraFields<'a> {
    pub fn new(fields: &'a [&'a str]) -> ExtraFields<'a> {
        ExtraFields { fields, next: 0 }
    }

    /// The next field, if there is one.
    pub fn optional(&mut self) -> Option<&'a str> {
        let field = self.fields.get(self.next).copied();
        self.next += usize::from(field.is_some());
        field
    }

    /// The next field, which must be there: `name` and `shape` say what it is.
    pub fn next(&mut self, name: &str, shape: &str) -> Result<&'a str, FenError> {
        self.optional().ok_or_else(|| missing(name, shape))
    }

    /// The next field, which must be `<tag>:<value>`: its value.
    pub fn tagged(&mut self, tag: &str, shape: &str) -> Result<&'a str, FenError> {
        let field = self.next(tag, format!("{tag}:{shape}").as_str())?;
        untag(field, tag, shape)
    }

    /// The next field's value if it is `<tag>:<value>`; `None`, and the field left for the
    /// next call, if it has another tag or there is none.
    pub fn tagged_optional(&mut self, tag: &str) -> Option<&'a str> {
        let value = self
            .fields
            .get(self.next)?
            .strip_prefix(tag)?
            .strip_prefix(':')?;
        self.next += 1;
        Some(value)
    }

    /// Every field read: one more is refused.
    pub fn finish(self) -> Result<(), FenError> {
        match self.fields.get(self.next) {
            Some(extra) => Err(FenError::UnexpectedField(extra.to_string())),
            None => Ok(()),
        }
    }

    /// The only field, which must be there (`name` and `shape` say what it is): for a game
    /// with one field of its own.
    pub fn only(fields: &'a [&'a str], name: &str, shape: &str) -> Result<&'a str, FenError> {
        let mut fields = ExtraFields::new(fields);
        let field = fields.next(name, shape)?;
        fields.finish()?;
        Ok(field)
    }
}

/// `field` without its `<tag>:` prefix.
pub fn untag<'a>(field: &'a str, tag: &str, shape: &str) -> Result<&'a str, FenError> {
    field
        .strip_prefix(tag)
        .and_then(|rest| rest.strip_prefix(':'))
        .ok_or_else(|| expected(tag, format!("{tag}:{shape}"), field))
}

/// The `:` parts of one field.
#[derive(Clone, Debug)]
pub struct Parts<'a> {
    field: &'a str,
    parts: Vec<&'a str>,
    next: usize,
}

impl<'a> Parts<'a> {
    /// `field` as `<tag>:<part>:...`, with `count` parts after the tag; `shape` is how the
    /// parts are written (for the error).
    pub fn tagged(
        field: &'a str,
        tag: &str,
        shape: &str,
        count: RangeInclusive<usize>,
    ) -> Result<Parts<'a>, FenError> {
        let parts: Vec<&str> = field.split(':').collect();
        if parts.first() != Some(&tag) || !count.contains(&(parts.len() - 1)) {
            return Err(expected(tag, format!("{tag}:{shape}"), field));
        }
        Ok(Parts {
            field,
            parts,
            next: 1,
        })
    }

    /// The parts of a game's only field, `<tag>:<part>:...`, which must be there (see
    /// [`Parts::tagged`] and [`ExtraFields::only`]).
    pub fn only(
        fields: &'a [&'a str],
        tag: &str,
        shape: &str,
        count: RangeInclusive<usize>,
    ) -> Result<Parts<'a>, FenError> {
        let field = ExtraFields::only(fields, tag, &format!("{tag}:{shape}"))?;
        Parts::tagged(field, tag, shape, count)
    }

    /// The whole field, for an error about it.
    pub fn field(&self) -> &'a str {
        self.field
    }

    /// The next part: one of those `count` promised.
    pub fn next_part(&mut self) -> &'a str {
        self.optional().unwrap_or("")
    }

    /// The next part, if there is one.
    pub fn optional(&mut self) -> Option<&'a str> {
        let part = self.parts.get(self.next).copied();
        self.next += 1;
        part
    }

    /// The parts not read yet.
    pub fn rest(&mut self) -> &[&'a str] {
        let rest = self.parts.get(self.next..).unwrap_or(&[]);
        self.next = self.parts.len();
        rest
    }
}

// ----- the shapes of parts -----

/// A number in `range`.
pub fn number<T>(name: &str, text: &str, range: RangeInclusive<T>) -> Result<T, FenError>
where
    T: FromStr + PartialOrd + fmt::Display,
{
    text.parse::<T>()
        .ok()
        .filter(|value| range.contains(value))
        .ok_or_else(|| {
            expected(
                name,
                format!("a number from {} to {}", range.start(), range.end()),
                text,
            )
        })
}

/// A side, `w` or `b`.
pub fn side(name: &str, text: &str) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(expected(name, "w or b", text)),
    }
}

/// A square, `e4`.
pub fn square(name: &str, text: &str) -> Result<Square, FenError> {
    Square::from_ascii(text.as_bytes()).map_err(|_| expected(name, "a square", text))
}

/// A square that stands on a board of `geometry`, `e4`.
pub fn square_on(geometry: Geometry, text: &str) -> Result<Square, FenError> {
    let square = Square::from_ascii(text.as_bytes())
        .map_err(|_| FenError::Illegal(format!("'{text}' is not a square")))?;
    if !geometry.mask().contains(square) {
        return Err(FenError::Illegal(format!("{square} is off the board")));
    }
    Ok(square)
}

/// `-` for nothing, else what `read` makes of the text.
pub fn or_none<T>(
    text: &str,
    read: impl FnOnce(&str) -> Result<T, FenError>,
) -> Result<Option<T>, FenError> {
    if text == "-" {
        Ok(None)
    } else {
        read(text).map(Some)
    }
}

/// `<White's part>/<Black's part>`.
pub fn per_side<'a>(name: &str, text: &'a str) -> Result<[&'a str; 2], FenError> {
    match text.split_once('/') {
        Some((white, black)) if !black.contains('/') => Ok([white, black]),
        _ => Err(expected(name, "White's part/Black's part", text)),
    }
}

/// The entries of a `,` list, `-` for none.
pub fn list(text: &str) -> Vec<&str> {
    if text == "-" {
        Vec::new()
    } else {
        text.split(',').collect()
    }
}

/// A `,` list of squares, `-` for none; a square given twice is refused.
pub fn squares(name: &str, text: &str) -> Result<Bitboard, FenError> {
    let mut squares = Bitboard::EMPTY;
    for entry in list(text) {
        if !squares.insert(square(name, entry)?) {
            return Err(expected(name, "each square once", text));
        }
    }
    Ok(squares)
}

// ----- writing -----

/// Appends the entries joined by `,`, or `-` when there are none.
pub fn write_list<T: fmt::Display>(out: &mut String, entries: impl IntoIterator<Item = T>) {
    let mut entries = entries.into_iter();
    let Some(first) = entries.next() else {
        out.push('-');
        return;
    };
    out.push_str(&first.to_string());
    for entry in entries {
        out.push(',');
        out.push_str(&entry.to_string());
    }
}

/// Appends the entries one after another, or `-` when there are none.
pub fn write_run<T: fmt::Display>(out: &mut String, entries: impl IntoIterator<Item = T>) {
    let before = out.len();
    for entry in entries {
        out.push_str(&entry.to_string());
    }
    if out.len() == before {
        out.push('-');
    }
}

/// Appends the value, or `-` for none.
pub fn write_or_none<T: fmt::Display>(out: &mut String, value: Option<T>) {
    match value {
        Some(value) => out.push_str(&value.to_string()),
        None => out.push('-'),
    }
}

/// The letter of a side, `w` or `b`.
pub fn side_letter(side: Color) -> char {
    match side {
        Color::White => 'w',
        Color::Black => 'b',
    }
}
