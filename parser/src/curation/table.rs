//! One table of a curation file read key by key (an entry, or a table inside one): every
//! key it does not know, every required key it lacks, every value of the wrong type and
//! every string over its size limit is a problem at its own place, and the rest reads.
//!
//! The keys a table knows are the keys its reader asks for, in the order asked: the list
//! an unknown key's problem names is never a second list to keep in step.

use std::ops::Range;

use kifu_facts::curation::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// What is wrong, and where: a byte offset in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Problem {
    pub offset: usize,
    pub message: String,
}

/// One string of a table of strings, under its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Keyed {
    pub key: String,
    pub text: String,
}

/// How long a string may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Size {
    /// A name, an alias, a pattern, a code, an author, a date: [`MAX_NAME_CHARS`].
    Name,
    /// A reason, a venue, a game key or a path: [`MAX_TEXT_CHARS`].
    Text,
}

impl Size {
    pub(super) fn limit(self) -> usize {
        match self {
            Size::Name => MAX_NAME_CHARS,
            Size::Text => MAX_TEXT_CHARS,
        }
    }
}

/// A table being read; [`Table::finish`] reports the keys no read asked for.
pub(super) struct Table<'t, 'i, 'p> {
    table: &'t DeTable<'i>,
    /// Where the table starts: a missing key is said there.
    start: usize,
    /// `match.` for a table inside an entry: keys are named from the entry.
    prefix: String,
    known: Vec<&'static str>,
    problems: &'p mut Vec<Problem>,
}

impl<'t, 'i, 'p> Table<'t, 'i, 'p> {
    pub(super) fn new(
        table: &'t DeTable<'i>,
        start: usize,
        problems: &'p mut Vec<Problem>,
    ) -> Table<'t, 'i, 'p> {
        Table {
            table,
            start,
            prefix: String::new(),
            known: Vec::new(),
            problems,
        }
    }

    fn problem(&mut self, offset: usize, message: String) {
        self.problems.push(Problem { offset, message });
    }

    /// The key as the file writes it from its entry (`match.event`).
    fn named(&self, key: &str) -> String {
        format!("`{}{key}`", self.prefix)
    }

    /// Whether the table gives `key` (which this does not make known).
    pub(super) fn has(&self, key: &str) -> bool {
        self.table.iter().any(|(k, _)| k.get_ref().as_ref() == key)
    }

    /// The value of `key`, which is now known.
    fn value(&mut self, key: &'static str) -> Option<&'t Spanned<DeValue<'i>>> {
        if !self.known.contains(&key) {
            self.known.push(key);
        }
        let table: &'t DeTable<'i> = self.table;
        table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }

    /// A problem where a value of `key` is not what it should be.
    fn wrong_type(&mut self, key: &str, value: &Spanned<DeValue<'_>>, expected: &str) {
        let message = format!(
            "{} must be {expected} (it is {})",
            self.named(key),
            type_name(value.get_ref())
        );
        self.problem(value.span().start, message);
    }

    fn missing(&mut self, key: &str) {
        let message = format!("{} is missing", self.named(key));
        self.problem(self.start, message);
    }

    /// A string within its size, or a problem.
    fn string_of(
        &mut self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
        size: Size,
        expected: &str,
    ) -> Option<String> {
        let DeValue::String(s) = value.get_ref() else {
            self.wrong_type(key, value, expected);
            return None;
        };
        let chars = s.chars().count();
        if chars > size.limit() {
            let message = format!(
                "{} is {chars} characters long: at most {} are read",
                self.named(key),
                size.limit()
            );
            self.problem(value.span().start, message);
            return None;
        }
        Some(s.to_string())
    }

    /// An optional string.
    pub(super) fn text(&mut self, key: &'static str, size: Size) -> Option<String> {
        let value = self.value(key)?;
        self.string_of(key, value, size, "a string")
    }

    /// A string the table must have.
    pub(super) fn required_text(&mut self, key: &'static str, size: Size) -> Option<String> {
        if self.value(key).is_none() {
            self.missing(key);
            return None;
        }
        self.text(key, size)
    }

    /// An optional list of strings; one wrong item is a problem (the list does not read).
    pub(super) fn texts(&mut self, key: &'static str, size: Size) -> Option<Vec<String>> {
        let value = self.value(key)?;
        let DeValue::Array(items) = value.get_ref() else {
            self.wrong_type(key, value, "a list of strings");
            return None;
        };
        let mut out = Vec::with_capacity(items.len());
        let mut whole = true;
        for item in items.iter() {
            match self.string_of(key, item, size, "a list of strings") {
                Some(s) => out.push(s),
                None => whole = false,
            }
        }
        whole.then_some(out)
    }

    /// A list of strings the table must have.
    pub(super) fn required_texts(&mut self, key: &'static str, size: Size) -> Option<Vec<String>> {
        if self.value(key).is_none() {
            self.missing(key);
            return None;
        }
        self.texts(key, size)
    }

    /// An optional table of strings under keys of the file's choosing (`names = { en =
    /// "…" }`): each key, its string and where the string is. One wrong item is a
    /// problem (the table does not read).
    pub(super) fn keyed_texts(&mut self, key: &'static str, size: Size) -> Option<Vec<Keyed>> {
        let value = self.value(key)?;
        let DeValue::Table(inner) = value.get_ref() else {
            self.wrong_type(key, value, "a table of strings");
            return None;
        };
        let mut out = Vec::with_capacity(inner.len());
        let mut whole = true;
        for (k, v) in inner.iter() {
            let item_key = format!("{key}.{}", k.get_ref());
            match self.string_of(&item_key, v, size, "a string") {
                Some(text) => out.push(Keyed {
                    key: k.get_ref().to_string(),
                    text,
                }),
                None => whole = false,
            }
        }
        whole.then_some(out)
    }

    pub(super) fn bool(&mut self, key: &'static str) -> Option<bool> {
        let value = self.value(key)?;
        match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                self.wrong_type(key, value, "true or false");
                None
            }
        }
    }

    /// A number the table must have: an integer or a float.
    pub(super) fn required_number(&mut self, key: &'static str) -> Option<f64> {
        let Some(value) = self.value(key) else {
            self.missing(key);
            return None;
        };
        let number = match value.get_ref() {
            DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix())
                .ok()
                .map(|i| i as f64),
            DeValue::Float(f) => f.as_str().parse().ok(),
            _ => None,
        };
        if number.is_none() {
            self.wrong_type(key, value, "a number");
        }
        number
    }

    /// An optional table, read by `read` (`None` when absent or when it did not read).
    pub(super) fn table<T>(
        &mut self,
        key: &'static str,
        read: impl FnOnce(&mut Table<'t, 'i, '_>) -> Option<T>,
    ) -> Option<T> {
        let value = self.value(key)?;
        let DeValue::Table(inner) = value.get_ref() else {
            self.wrong_type(key, value, "a table");
            return None;
        };
        self.inner(key, inner, value.span(), read)
    }

    /// A table the table must have.
    pub(super) fn required_table<T>(
        &mut self,
        key: &'static str,
        read: impl FnOnce(&mut Table<'t, 'i, '_>) -> Option<T>,
    ) -> Option<T> {
        if self.value(key).is_none() {
            self.missing(key);
            return None;
        }
        self.table(key, read)
    }

    /// An optional list of tables (`[[event.section]]`), each read by `read`: `None` when
    /// absent or when one did not read.
    pub(super) fn tables<T>(
        &mut self,
        key: &'static str,
        mut read: impl FnMut(&mut Table<'t, 'i, '_>) -> Option<T>,
    ) -> Option<Vec<T>> {
        let value = self.value(key)?;
        let DeValue::Array(items) = value.get_ref() else {
            self.wrong_type(key, value, "a list of tables");
            return None;
        };
        let mut out = Vec::with_capacity(items.len());
        let mut whole = true;
        for item in items.iter() {
            let DeValue::Table(inner) = item.get_ref() else {
                self.wrong_type(key, item, "a list of tables");
                whole = false;
                continue;
            };
            match self.inner(key, inner, item.span(), &mut read) {
                Some(t) => out.push(t),
                None => whole = false,
            }
        }
        whole.then_some(out)
    }

    fn inner<T>(
        &mut self,
        key: &str,
        inner: &'t DeTable<'i>,
        span: Range<usize>,
        read: impl FnOnce(&mut Table<'t, 'i, '_>) -> Option<T>,
    ) -> Option<T> {
        let mut table = Table {
            table: inner,
            start: span.start,
            prefix: format!("{}{key}.", self.prefix),
            known: Vec::new(),
            problems: &mut *self.problems,
        };
        let read = read(&mut table);
        table.finish();
        read
    }

    /// Each key no read asked for is a problem at its place, naming the keys known.
    pub(super) fn finish(self) {
        for (key, _) in self.table.iter() {
            let name = key.get_ref().as_ref();
            if !self.known.contains(&name) {
                let message = format!(
                    "unknown key `{}{name}` (known: {})",
                    self.prefix,
                    self.known.join(", ")
                );
                self.problems.push(Problem {
                    offset: key.span().start,
                    message,
                });
            }
        }
    }
}

/// A value's type as a sentence says it.
pub(super) fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a TOML date: quote it",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}
