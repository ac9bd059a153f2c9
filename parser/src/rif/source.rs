//! The input as the XML reader sees it: a [`BufRead`] that counts lines and keeps the bytes
//! of the current record.

use std::io::{BufRead, Read};

use crate::raw::{Location, MAX_RAW_KEPT};

const CHUNK: usize = 64 * 1024;

/// The input as quick-xml sees it. It remembers, from a mark on, the offsets of line feeds
/// (to turn any later byte offset into line and column) and the bytes themselves (capped,
/// for the raw text of a record).
pub(super) struct Source<R> {
    inner: R,
    buf: Vec<u8>,
    start: usize,
    end: usize,
    eof: bool,
    /// Bytes consumed so far (absolute offset of `buf[start]`).
    pub(super) pos: u64,
    /// Offset from which the fields below are kept.
    pub(super) mark: u64,
    /// 1-based line number at `mark` and the offset where that line starts.
    mark_line: u32,
    mark_line_start: u64,
    /// Offsets of the `\n` bytes consumed at or after `mark`.
    newlines: Vec<u64>,
    /// Bytes consumed from `mark` on (at most `MAX_RAW_KEPT + 1`).
    capture: Vec<u8>,
    /// Synthetic bytes served before the input (after a resync: the open elements), not
    /// counted in `pos`.
    pub(super) prefix: Vec<u8>,
}

impl<R: BufRead> Source<R> {
    pub(super) fn new(inner: R) -> Self {
        Source {
            inner,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            eof: false,
            pos: 0,
            mark: 0,
            mark_line: 1,
            mark_line_start: 0,
            newlines: Vec::new(),
            capture: Vec::new(),
            prefix: Vec::new(),
        }
    }

    /// Reads more input unless `n` bytes are already buffered; false at the end of input.
    pub(super) fn fill_to(&mut self, n: usize) -> std::io::Result<bool> {
        while self.end - self.start < n && !self.eof {
            if self.start > 0 {
                self.buf.copy_within(self.start..self.end, 0);
                self.end -= self.start;
                self.start = 0;
            }
            if self.end == self.buf.len() {
                self.buf.resize(self.buf.len() * 2, 0);
            }
            let got = loop {
                match self.inner.read(&mut self.buf[self.end..]) {
                    Ok(k) => break k,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            if got == 0 {
                self.eof = true;
            }
            self.end += got;
        }
        Ok(self.end - self.start >= n)
    }

    /// Moves the mark forward to `offset` (which must not be past the consumed bytes).
    pub(super) fn set_mark(&mut self, offset: u64) {
        if offset < self.mark {
            return; // inside the synthetic prefix
        }
        debug_assert!(offset <= self.pos);
        let before = self.newlines.partition_point(|&nl| nl < offset);
        if before > 0 {
            self.mark_line += before as u32;
            self.mark_line_start = self.newlines[before - 1] + 1;
            self.newlines.drain(..before);
        }
        let drop = ((offset - self.mark) as usize).min(self.capture.len());
        self.capture.drain(..drop);
        self.mark = offset;
    }

    /// Line and column of `offset` (at or after the mark).
    pub(super) fn location(&self, offset: u64) -> Location {
        let before = self.newlines.partition_point(|&nl| nl < offset);
        let line_start = if before > 0 {
            self.newlines[before - 1] + 1
        } else {
            self.mark_line_start
        };
        Location::new(
            offset,
            self.mark_line + before as u32,
            (offset.saturating_sub(line_start) + 1) as u32,
        )
    }

    /// The kept bytes between `from` and `to` (both at or after the mark), capped.
    pub(super) fn captured(&self, from: u64, to: u64) -> &[u8] {
        let a = (from.saturating_sub(self.mark) as usize).min(self.capture.len());
        let b = (to.saturating_sub(self.mark) as usize).clamp(a, self.capture.len());
        &self.capture[a..b]
    }

    /// Skips to the next `<game` tag and leaves it unread. False at the end of input.
    pub(super) fn skip_to_game(&mut self) -> std::io::Result<bool> {
        loop {
            if !self.fill_to(1)? {
                return Ok(false);
            }
            let window = &self.buf[self.start..self.end];
            match window.iter().position(|&b| b == b'<') {
                None => {
                    let n = window.len();
                    self.consume(n);
                }
                Some(i) => {
                    self.consume(i);
                    if !self.fill_to(6)? {
                        let n = self.end - self.start;
                        self.consume(n);
                        return Ok(false);
                    }
                    let head = &self.buf[self.start..self.start + 6];
                    if &head[..5] == b"<game"
                        && matches!(head[5], b' ' | b'\t' | b'\r' | b'\n' | b'>' | b'/')
                    {
                        return Ok(true);
                    }
                    self.consume(1);
                }
            }
        }
    }
}

impl<R: BufRead> Read for Source<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Source<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if !self.prefix.is_empty() {
            return Ok(&self.prefix);
        }
        if self.start == self.end {
            self.fill_to(1)?;
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, amt: usize) {
        if !self.prefix.is_empty() {
            let amt = amt.min(self.prefix.len());
            self.prefix.drain(..amt);
            return;
        }
        let amt = amt.min(self.end - self.start);
        let bytes = &self.buf[self.start..self.start + amt];
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                self.newlines.push(self.pos + i as u64);
            }
        }
        let room = (MAX_RAW_KEPT + 1).saturating_sub(self.capture.len());
        self.capture.extend_from_slice(&bytes[..amt.min(room)]);
        self.start += amt;
        self.pos += amt as u64;
    }
}
