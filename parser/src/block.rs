//! What every block reader (RenjuPlain, Chess Territorial PGN, ChouChou `.ccn`) keeps of
//! the record it is reading, apart from the game itself: where the record starts and ends,
//! its text for quarantine (the first [`MAX_RAW_KEPT`] bytes), and its first error.

use crate::line::too_long;
use crate::raw::{raw_text, Format, Location, RawError, Span, MAX_RAW_KEPT};

/// The text of a record being read, line by line.
pub(crate) struct RecordText {
    start: Location,
    raw: Vec<u8>,
    end: u64,
    error: Option<(Location, String)>,
}

impl RecordText {
    /// A record whose first line starts at `start`.
    pub(crate) fn new(start: Location) -> RecordText {
        RecordText {
            start,
            raw: Vec::new(),
            end: start.offset,
            error: None,
        }
    }

    /// Adds a line of the record (as read, terminator included) that starts at `at`.
    pub(crate) fn keep(&mut self, line: &[u8], at: Location) {
        if self.raw.len() < MAX_RAW_KEPT {
            self.raw.extend_from_slice(line);
        }
        self.end = at.offset + line.len() as u64;
    }

    /// Adds a line over the length limit (`len` bytes from `at`, `kept` its start): it
    /// fails the record, which is never read cut short.
    pub(crate) fn keep_too_long(&mut self, at: Location, len: u64, kept: &[u8]) {
        if self.raw.len() < MAX_RAW_KEPT {
            self.raw.extend_from_slice(kept);
        }
        self.end = at.offset + len;
        self.fail(at, too_long(len as usize));
    }

    /// Records an error at `at`; the first one is the record's.
    pub(crate) fn fail(&mut self, at: Location, message: String) {
        if self.error.is_none() {
            self.error = Some((at, message));
        }
    }

    pub(crate) fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The record's span when it read cleanly, else the record as a [`RawError`] of
    /// `format` with its first error.
    pub(crate) fn finish(self, format: Format) -> Result<Span, RawError> {
        let span = Span::new(self.start.offset, self.end);
        match self.error {
            None => Ok(span),
            Some((at, message)) => Err(RawError {
                format: Some(format),
                at,
                start: self.start,
                span,
                message,
                raw: raw_text(&self.raw),
            }),
        }
    }
}
