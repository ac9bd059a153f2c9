//! Reading text line by line with bounded memory: the one line reader every line-based
//! format uses (RenjuLines, RenjuPlain, BDT, Chess Territorial PGN, ChouChou `.ccn`,
//! Xiangqi PGN).
//!
//! A [`LineReader`] keeps one buffer for the whole input, counts byte offsets and line
//! numbers, strips a UTF-8 byte-order mark as the format asks ([`Bom`]), and reports a
//! line longer than its limit ([`MAX_LINE`] unless set with [`LineReader::with_limit`])
//! as [`LineError::TooLong`]: such a line is consumed whole but only its first bytes are
//! kept, so one enormous line (a 100 MB record, a file with no line breaks) cannot exhaust
//! memory, and no reader mistakes the kept part for the whole line.

use std::io::{self, BufRead};

use crate::raw::Location;

/// The most bytes of one line a line-based reader keeps.
pub const MAX_LINE: usize = 16 << 20;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Where a UTF-8 byte-order mark is not part of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bom {
    /// At the start of the input only (byte offset 0).
    AtStart,
    /// At the start of any line (Xiangqi PGN read as UTF-8: files are often concatenated).
    EveryLine,
    /// Nowhere: the bytes are kept (text that is not UTF-8).
    Keep,
}

/// A line read: its bytes and where they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line with its terminator (`\n` or `\r\n`; none on a last line without one), a
    /// byte-order mark left out.
    pub bytes: &'a [u8],
    /// Where `bytes[0]` is (after a byte-order mark that was left out).
    pub at: Location,
}

impl<'a> Line<'a> {
    /// The line without its terminator (a trailing `\n`, then a trailing `\r`).
    pub fn text(&self) -> &'a [u8] {
        chomp(self.bytes)
    }
}

/// Byte offsets to lines and byte columns, for the readers that parse a whole buffer (the
/// results CSV, the ChouChou spreadsheet): every line's start. Line 1 begins at `first`
/// (after a byte-order mark the reader does not count in columns); the others after each
/// line feed of `text`, whose first byte is at offset `base`.
pub(crate) struct LineStarts {
    starts: Vec<usize>,
}

impl LineStarts {
    pub(crate) fn new(text: &[u8], base: usize, first: usize) -> LineStarts {
        let mut starts = vec![first];
        starts.extend(
            text.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| base + i + 1),
        );
        LineStarts { starts }
    }

    /// The line and column of `offset`.
    pub(crate) fn at(&self, offset: usize) -> Location {
        let k = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        Location::new(
            offset as u64,
            k as u32 + 1,
            (offset.saturating_sub(self.starts[k])) as u32 + 1,
        )
    }
}

/// Strips a trailing `\n`, then a trailing `\r`.
pub fn chomp(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// A line that could not be read whole.
#[derive(Debug)]
pub enum LineError<'a> {
    /// The line is longer than the reader's limit: it was consumed whole (`len` bytes,
    /// terminator included) and only its first bytes are in `kept`.
    TooLong {
        /// Where the line starts (column 1, before any byte-order mark).
        at: Location,
        len: u64,
        kept: &'a [u8],
    },
    /// Reading failed; the reader yields nothing more.
    Io { at: Location, error: io::Error },
}

impl LineError<'_> {
    /// Where the line starts.
    pub fn at(&self) -> Location {
        match self {
            LineError::TooLong { at, .. } | LineError::Io { at, .. } => *at,
        }
    }

    /// The message a record gets for this error: [`too_long`], or `read error: …`.
    pub fn message(&self) -> String {
        match self {
            LineError::TooLong { len, .. } => too_long(*len as usize),
            LineError::Io { error, .. } => format!("read error: {error}"),
        }
    }
}

/// The message for a line cut at [`MAX_LINE`] bytes.
pub fn too_long(consumed: usize) -> String {
    format!(
        "line of {consumed} bytes is longer than the {MAX_LINE}-byte limit: not read (split the record into lines)"
    )
}

/// Reads lines from a [`BufRead`] into one reused buffer, with locations.
pub struct LineReader<R> {
    reader: R,
    buf: Vec<u8>,
    /// Where the text of the line in `buf` starts (past a byte-order mark).
    text_start: usize,
    /// Where the line in `buf` is.
    last_at: Location,
    offset: u64,
    line: u32,
    limit: usize,
    bom: Bom,
    failed: bool,
    /// The line in `buf` is to be returned again ([`LineReader::unread`]).
    again: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Reads from offset 0, line 1, keeping at most [`MAX_LINE`] bytes of a line, and
    /// leaving out a byte-order mark at the start of the input ([`Bom::AtStart`]).
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            buf: Vec::with_capacity(4096),
            text_start: 0,
            last_at: Location::default(),
            offset: 0,
            line: 1,
            limit: MAX_LINE,
            bom: Bom::AtStart,
            failed: false,
            again: false,
        }
    }

    /// Keeps at most `limit` bytes of a line (terminator included); a longer line is a
    /// [`LineError::TooLong`]. Tests use a small limit; readers keep [`MAX_LINE`].
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Sets where a byte-order mark is left out.
    pub fn with_bom(mut self, bom: Bom) -> Self {
        self.bom = bom;
        self
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next line, `None` at the end of the input (and after a read error, which is
    /// returned once as [`LineError::Io`]).
    pub fn next_line(&mut self) -> Option<Result<Line<'_>, LineError<'_>>> {
        if self.again {
            self.again = false;
            return Some(Ok(Line {
                bytes: &self.buf[self.text_start..],
                at: self.last_at,
            }));
        }
        if self.failed {
            return None;
        }
        self.buf.clear();
        let at = Location::new(self.offset, self.line, 1);
        match read_line_capped(&mut self.reader, &mut self.buf, self.limit) {
            Ok((0, _)) => None,
            Ok((n, cut)) => {
                self.offset += n as u64;
                self.line += 1;
                if cut {
                    return Some(Err(LineError::TooLong {
                        at,
                        len: n as u64,
                        kept: &self.buf,
                    }));
                }
                let strip = match self.bom {
                    Bom::AtStart => at.offset == 0,
                    Bom::EveryLine => true,
                    Bom::Keep => false,
                };
                let (start, at) = if strip && self.buf.starts_with(BOM) {
                    (BOM.len(), at.advance(BOM.len()))
                } else {
                    (0, at)
                };
                self.text_start = start;
                self.last_at = at;
                Some(Ok(Line {
                    bytes: &self.buf[start..],
                    at,
                }))
            }
            Err(error) => {
                self.failed = true;
                Some(Err(LineError::Io { at, error }))
            }
        }
    }

    /// Makes the next [`next_line`](Self::next_line) return the line just read again: one
    /// line of look-ahead, for formats where a line that ends one record starts the next.
    /// Only a line returned as `Ok` can be read again.
    pub fn unread(&mut self) {
        self.again = true;
    }
}

/// Like `read_until(b'\n', buf)`, but appends at most `limit` bytes of the line to `buf`.
/// Returns the bytes consumed (the whole line, newline included; 0 at the end) and whether
/// the kept part was cut short.
fn read_line_capped<R: BufRead + ?Sized>(
    reader: &mut R,
    buf: &mut Vec<u8>,
    limit: usize,
) -> io::Result<(usize, bool)> {
    let mut consumed = 0;
    let mut cut = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((consumed, cut));
        }
        let (done, used) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (true, i + 1),
            None => (false, available.len()),
        };
        let room = limit.saturating_sub(buf.len());
        if used > room {
            cut = true;
        }
        buf.extend_from_slice(&available[..used.min(room)]);
        reader.consume(used);
        consumed += used;
        if done {
            return Ok((consumed, cut));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_read_as_read_until_does() {
        let mut r: &[u8] = b"ab\ncd";
        let mut buf = Vec::new();
        assert_eq!(
            read_line_capped(&mut r, &mut buf, MAX_LINE).unwrap(),
            (3, false)
        );
        assert_eq!(buf, b"ab\n");
        buf.clear();
        assert_eq!(
            read_line_capped(&mut r, &mut buf, MAX_LINE).unwrap(),
            (2, false)
        );
        assert_eq!(buf, b"cd");
        buf.clear();
        assert_eq!(
            read_line_capped(&mut r, &mut buf, MAX_LINE).unwrap(),
            (0, false)
        );
    }

    #[test]
    fn a_line_over_the_real_cap_is_consumed_whole_and_reported() {
        let text = [vec![b'x'; MAX_LINE + 10], b"\nnext\n".to_vec()].concat();
        let mut lines = LineReader::new(io::BufReader::with_capacity(1 << 12, &text[..]));
        match lines.next_line() {
            Some(Err(LineError::TooLong { at, len, kept })) => {
                assert_eq!(at, Location::new(0, 1, 1));
                assert_eq!(len, MAX_LINE as u64 + 11);
                assert_eq!(kept.len(), MAX_LINE);
            }
            other => panic!("expected a too-long line, got {other:?}"),
        }
        let next = lines.next_line().unwrap().unwrap();
        assert_eq!(next.bytes, b"next\n");
        assert_eq!(next.at, Location::new(MAX_LINE as u64 + 11, 2, 1));
        assert!(lines.next_line().is_none());
    }

    #[test]
    fn the_limit_counts_the_terminator() {
        let mut lines = LineReader::new(&b"abc\nabcd\nab"[..]).with_limit(4);
        assert_eq!(lines.next_line().unwrap().unwrap().text(), b"abc");
        let e = lines.next_line().unwrap().unwrap_err();
        assert_eq!(e.at(), Location::new(4, 2, 1));
        assert!(matches!(
            e,
            LineError::TooLong {
                len: 5,
                kept: b"abcd",
                ..
            }
        ));
        assert_eq!(e.message(), too_long(5));
        let last = lines.next_line().unwrap().unwrap();
        assert_eq!((last.bytes, last.at), (&b"ab"[..], Location::new(9, 3, 1)));
        assert_eq!(lines.offset(), 11);
    }

    #[test]
    fn byte_order_marks_and_terminators() {
        let text = b"\xEF\xBB\xBFa\r\n\xEF\xBB\xBFb\n";
        let mut lines = LineReader::new(&text[..]);
        let first = lines.next_line().unwrap().unwrap();
        assert_eq!((first.bytes, first.text()), (&b"a\r\n"[..], &b"a"[..]));
        assert_eq!(first.at, Location::new(3, 1, 4));
        let second = lines.next_line().unwrap().unwrap();
        assert_eq!(second.bytes, b"\xEF\xBB\xBFb\n");

        let mut lines = LineReader::new(&text[..]).with_bom(Bom::EveryLine);
        lines.next_line();
        let second = lines.next_line().unwrap().unwrap();
        assert_eq!(
            (second.bytes, second.at),
            (&b"b\n"[..], Location::new(9, 2, 4))
        );

        let mut lines = LineReader::new(&text[..]).with_bom(Bom::Keep);
        assert_eq!(
            lines.next_line().unwrap().unwrap().bytes,
            b"\xEF\xBB\xBFa\r\n"
        );
    }

    #[test]
    fn a_line_read_again() {
        let mut lines = LineReader::new(&b"\xEF\xBB\xBFa\nb\n"[..]);
        let a = lines.next_line().unwrap().unwrap();
        assert_eq!(a.at, Location::new(3, 1, 4));
        lines.unread();
        let again = lines.next_line().unwrap().unwrap();
        assert_eq!(
            (again.bytes, again.at),
            (&b"a\n"[..], Location::new(3, 1, 4))
        );
        assert_eq!(lines.next_line().unwrap().unwrap().bytes, b"b\n");
        assert!(lines.next_line().is_none());
    }

    #[test]
    fn a_read_error_is_reported_once() {
        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut lines = LineReader::new(io::BufReader::new(Failing));
        let e = lines.next_line().unwrap().unwrap_err();
        assert_eq!(e.message(), "read error: disk on fire");
        assert!(lines.next_line().is_none());
    }
}
