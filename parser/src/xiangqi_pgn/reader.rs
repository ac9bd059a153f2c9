//! Splitting a Xiangqi PGN stream into games, and reading their tags.

use kifu_facts::{GameKind, Severity};
use std::io::BufRead;

use super::movetext::{parse_movetext, Hints};
use super::{LineMap, TextLine};
use crate::field_text;
use crate::line::{Bom, LineError, LineReader};
use crate::raw::{Format, Location, Note, RawError, Span, XqGame, MAX_RAW_KEPT};
use crate::tag;
use crate::xq_text::{self, LineDecoding};

/// Applies tags to a game. Returns move-text hints.
pub(crate) fn apply_tags(game: &mut XqGame, tags: &[(String, String, Location)]) -> Hints {
    let mut hints = Hints::default();
    let mut ecco = None;
    let mut white = None;
    // kifu's export: the record's own opening under its own tags, kifu's under the usual.
    let kifu_pair = tags.iter().any(|(k, _, _)| {
        k.eq_ignore_ascii_case(super::RECORD_ECCO) || k.eq_ignore_ascii_case(super::RECORD_OPENING)
    });
    for (key, value, at) in tags {
        if value.is_empty() {
            continue;
        }
        let h = &mut game.header;
        let lower = key.to_ascii_lowercase();
        let (key, lower) = match lower.as_str() {
            "ecco" | "opening" if kifu_pair => continue,
            _ if key.eq_ignore_ascii_case(super::RECORD_ECCO) => ("ECCO".to_owned(), "ecco"),
            _ if key.eq_ignore_ascii_case(super::RECORD_OPENING) => {
                ("Opening".to_owned(), "opening")
            }
            other => (key.clone(), other),
        };
        let key = &key;
        match lower {
            "white" => white = Some(value.clone()),
            "result" => {
                h.result_text = Some(value.clone());
                match xq_text::result_from_text(value) {
                    Some(r) => h.result = Some(r),
                    None => game.notes.push(Note {
                        code: "unknown-result",
                        severity: Severity::Warning,
                        message: format!("result '{value}' is not 1-0, 0-1, 1/2-1/2 or *"),
                        at: *at,
                        ply: None,
                    }),
                }
            }
            "fen" => game.fen = Some(value.clone()),
            "opening" => {
                h.opening = Some(value.clone());
                h.extra.push((key.clone(), value.clone()));
            }
            other => {
                // `Event` is the header's before this: a PyChess event was never a hint.
                let Some(value) = h.apply_tag(GameKind::Xiangqi, other, value.clone()) else {
                    continue;
                };
                match other {
                    "ecco" => ecco = Some(value.clone()),
                    "format" => hints.iccs = value.eq_ignore_ascii_case("iccs"),
                    "variant" => hints.iccs_from_one = true,
                    "site" if value.to_ascii_lowercase().contains("pychess") => {
                        hints.san_from_one = true
                    }
                    _ => {}
                }
                h.extra.push((key.clone(), value));
            }
        }
    }
    if game.header.red.is_none() {
        game.header.red = white;
    }
    if game.header.opening.is_none() {
        game.header.opening = ecco;
    }
    if let Some(e) = &game.header.event {
        if e.to_ascii_lowercase().contains("pychess") {
            hints.san_from_one = true;
        }
    }
    hints
}

/// Sets the result from the move text's result token, or notes a disagreement.
pub(crate) fn apply_result_token(game: &mut XqGame, token: Option<(String, Location)>) {
    let Some((text, at)) = token else { return };
    let r = xq_text::result_from_text(&text);
    match game.header.result {
        None => {
            game.header.result = r;
            game.header.result_text = Some(text);
        }
        Some(tagged) => {
            if r.is_some() && r != Some(tagged) && r != Some(crate::raw::Outcome::Unknown) {
                game.notes.push(Note {
                    code: "result-mismatch",
                    severity: Severity::Warning,
                    message: format!(
                        "the move text ends with '{text}' but the Result tag says '{}'",
                        game.header.result_text.as_deref().unwrap_or("")
                    ),
                    at,
                    ply: None,
                });
            }
        }
    }
}

/// Where a line's decoded text is in [`Chunk::text`] and how it maps to source bytes.
#[derive(Clone, Copy)]
struct LineSpan {
    start: u32,
    end: u32,
    at: Location,
    decoding: LineDecoding,
    /// Where the line's source bytes ([`LineDecoding::Units`]) or map
    /// ([`LineDecoding::Table`]) start in [`Chunk::src`] / [`Chunk::maps`], and how many.
    map_start: u32,
    map_len: u32,
}

/// One game's lines as read: decoded into one buffer, which holds exactly the text kept
/// as the record's raw text (each line followed by `\n`).
#[derive(Default)]
struct Chunk {
    start: Option<Location>,
    end: u64,
    tags: Vec<(String, String, Location)>,
    /// The move text lines.
    lines: Vec<LineSpan>,
    has_moves: bool,
    in_comment: bool,
    trailer: Option<Location>,
    trailer_lines: u32,
    decode_errors: Option<Location>,
    /// Notes about the tags (a value read in another encoding).
    notes: Vec<Note>,
    /// A line over the length limit: where, and the message.
    error: Option<(Location, String)>,
    /// Decoded lines kept, each followed by `\n`.
    text: String,
    /// Source bytes of the lines decoded one character per source character.
    src: Vec<u8>,
    /// Maps of the lines decoded otherwise.
    maps: Vec<u32>,
    /// How much of `text` is the raw text ([`MAX_RAW_KEPT`]: lines are kept whole while
    /// the raw text is shorter).
    raw_len: usize,
}

impl Chunk {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_moves
    }

    /// Decodes a line onto the end of the buffer (not kept until [`Chunk::keep`]).
    fn decode(&mut self, bytes: &[u8], at: Location, encoding: &str) -> (LineSpan, bool) {
        let start = self.text.len();
        let (src_start, map_start) = (self.src.len(), self.maps.len());
        let (decoding, errors) =
            xq_text::decode_line(bytes, encoding, &mut self.text, &mut self.maps);
        let (map_start, map_len) = match decoding {
            LineDecoding::Same => (0, 0),
            LineDecoding::Units => {
                self.src.extend_from_slice(bytes);
                (src_start, bytes.len())
            }
            LineDecoding::Table => (map_start, self.maps.len() - map_start),
        };
        let span = LineSpan {
            start: start as u32,
            end: self.text.len() as u32,
            at,
            decoding,
            map_start: map_start as u32,
            map_len: map_len as u32,
        };
        (span, errors)
    }

    /// Drops the line just decoded (not part of the game).
    fn drop_line(&mut self, line: &LineSpan) {
        self.text.truncate(line.start as usize);
        match line.decoding {
            LineDecoding::Same => {}
            LineDecoding::Units => self.src.truncate(line.map_start as usize),
            LineDecoding::Table => self.maps.truncate(line.map_start as usize),
        }
    }

    /// Keeps the line just decoded as part of the record's raw text.
    fn keep(&mut self) {
        self.text.push('\n');
        if self.raw_len < MAX_RAW_KEPT {
            self.raw_len = self.text.len();
        }
    }

    /// Keeps text that is no line of the game (the kept part of an over-long line).
    fn keep_text(&mut self, text: &str) {
        self.text.push_str(text);
        self.keep();
    }

    fn raw(&self) -> String {
        self.text[..self.raw_len.min(self.text.len())].to_string()
    }

    fn line(&self, l: &LineSpan, encoding: &str) -> TextLine<'_> {
        let text = &self.text[l.start as usize..l.end as usize];
        let (m0, m1) = (l.map_start as usize, (l.map_start + l.map_len) as usize);
        let map = match l.decoding {
            LineDecoding::Same => LineMap::Same,
            LineDecoding::Units => LineMap::Units {
                src: &self.src[m0..m1],
                encoding: xq_text::encoding_of(encoding),
            },
            LineDecoding::Table => LineMap::Table {
                map: &self.maps[m0..m1],
                base: 0,
            },
        };
        TextLine::new(text, map, l.at)
    }
}

/// Streams Xiangqi PGN games from a reader.
pub struct PgnReader<R: BufRead> {
    src: LineReader<R>,
    encoding: &'static str,
}

impl<R: BufRead> PgnReader<R> {
    /// Reads `reader` decoded from `encoding` (`utf-8`, `gbk`, `big5`).
    pub fn new(reader: R, encoding: &'static str) -> Self {
        // Read as UTF-8, a byte-order mark is left out wherever a line starts with one
        // (collections are often files concatenated).
        let bom = if encoding == "utf-8" {
            Bom::EveryLine
        } else {
            Bom::Keep
        };
        PgnReader {
            src: LineReader::new(reader).with_bom(bom),
            encoding,
        }
    }

    /// Detects the encoding from the reader's buffered head (nothing is consumed).
    pub fn detect(mut reader: R) -> Self {
        let enc = match reader.fill_buf() {
            Ok(head) => xq_text::detect_encoding(head),
            Err(_) => "utf-8",
        };
        PgnReader::new(reader, enc)
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }

    /// The encoding the reader decodes from.
    pub fn encoding(&self) -> &'static str {
        self.encoding
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.src.offset()
    }
}

/// One game's lines as [`PgnReader::next_chunk`] split them from the stream, not yet
/// parsed: [`PgnChunk::parse`] reads the game, on whichever thread it runs (an ingest
/// splits a large file on one thread and parses its games on all cores).
pub struct PgnChunk {
    chunk: Chunk,
    encoding: &'static str,
}

impl PgnChunk {
    /// Roughly the heap bytes the chunk holds (its lines' text and source maps), for
    /// callers bounding what they keep in flight.
    pub fn heap_bytes(&self) -> usize {
        let c = &self.chunk;
        c.text.len()
            + c.src.len()
            + 4 * c.maps.len()
            + c.lines.len() * std::mem::size_of::<LineSpan>()
            + 64 * c.tags.len()
    }

    /// Reads the game: tags, move text, result, notes.
    pub fn parse(self) -> Result<XqGame, RawError> {
        let PgnChunk {
            mut chunk,
            encoding,
        } = self;
        let start = chunk.start.unwrap_or_default();
        let span = Span::new(start.offset, chunk.end.max(start.offset));
        if let Some((at, message)) = chunk.error.take() {
            return Err(RawError {
                format: Some(Format::XiangqiPgn),
                at,
                start,
                span,
                message,
                raw: chunk.raw(),
            });
        }
        let mut game = XqGame::new(Format::XiangqiPgn, start);
        game.span = span;
        game.encoding = encoding;
        game.notes.append(&mut chunk.notes);
        let hints = apply_tags(&mut game, &chunk.tags);
        let error = |at: Location, message: String| RawError {
            format: Some(Format::XiangqiPgn),
            at,
            start,
            span,
            message,
            raw: chunk.raw(),
        };
        let lines: Vec<TextLine> = chunk
            .lines
            .iter()
            .map(|l| chunk.line(l, encoding))
            .collect();
        let token = parse_movetext(&lines, &mut game, &hints).map_err(|(at, m)| error(at, m))?;
        apply_result_token(&mut game, token);
        if let Some(at) = chunk.trailer {
            if chunk.trailer_lines > 0 {
                game.notes.push(Note {
                    code: "trailer-skipped",
                    severity: Severity::Info,
                    message: format!(
                        "{} line(s) after the '====' line skipped",
                        chunk.trailer_lines
                    ),
                    at,
                    ply: None,
                });
            }
        }
        if let Some(at) = chunk.decode_errors {
            game.notes.push(Note {
                code: "encoding-errors",
                severity: Severity::Warning,
                message: format!("bytes not valid {encoding} replaced by U+FFFD"),
                at,
                ply: None,
            });
        }
        Ok(game)
    }
}

/// Whether a line (trimmed) is a `====` separator.
fn is_rule_line(t: &str) -> bool {
    let t = t.trim();
    t.len() >= 3 && t.chars().all(|c| c == '=' || c == '＝')
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<XqGame, RawError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_chunk().map(|c| c.and_then(PgnChunk::parse))
    }
}

impl<R: BufRead> PgnReader<R> {
    /// The next game's lines, split from the stream but not parsed (see [`PgnChunk`]);
    /// `Err` for a read error.
    pub fn next_chunk(&mut self) -> Option<Result<PgnChunk, RawError>> {
        let mut chunk = Chunk::default();
        while let Some(next) = self.src.next_line() {
            let (bytes, at) = match next {
                Ok(line) => (line.text(), line.at),
                Err(LineError::TooLong { at, len, kept }) => {
                    // Part of the game being read (or the start of one); never read
                    // cut: the game is an error at this line.
                    let kept = &kept[..kept.len().min(MAX_RAW_KEPT)];
                    chunk.keep_text(&xq_text::decode(kept, self.encoding).0);
                    chunk.start.get_or_insert(at);
                    chunk.end = at.offset + len;
                    chunk.has_moves = true;
                    chunk
                        .error
                        .get_or_insert((at, crate::line::too_long(len as usize)));
                    continue;
                }
                Err(e) => {
                    if !chunk.is_empty() {
                        // Report the game read so far first; the error ends the stream.
                        break;
                    }
                    let at = e.at();
                    return Some(Err(RawError {
                        format: Some(Format::XiangqiPgn),
                        at,
                        start: at,
                        span: Span::new(at.offset, at.offset),
                        message: e.message(),
                        raw: String::new(),
                    }));
                }
            };
            let line_end = at.offset + bytes.len() as u64;
            let (span, errors) = chunk.decode(bytes, at, self.encoding);
            let text = &chunk.text[span.start as usize..span.end as usize];
            let trimmed = text.trim_start_matches([' ', '\t', '\u{3000}', '\u{feff}']);
            if !chunk.in_comment && trimmed.starts_with('[') {
                if let Some(tags) = tag::scan_lenient(text) {
                    let repeated = tags.iter().any(|(t, _)| {
                        chunk
                            .tags
                            .iter()
                            .any(|(k2, _, _)| k2.as_bytes().eq_ignore_ascii_case(t.name))
                    });
                    if chunk.has_moves || chunk.trailer.is_some() || repeated {
                        // The next game's first line: read again then.
                        chunk.drop_line(&span);
                        self.src.unread();
                        break;
                    }
                    if chunk.start.is_none() {
                        chunk.start = Some(at);
                    }
                    let line = chunk.line(&span, self.encoding);
                    let mut read = Vec::with_capacity(tags.len());
                    let mut kept_errors = false;
                    for (t, i) in tags {
                        // Each value is read on its own: a field copied from a file in
                        // another encoding reads as that encoding's text.
                        let from = t.value.as_ptr() as usize - text.as_ptr() as usize;
                        let source =
                            &bytes[line.src_offset(from)..line.src_offset(from + t.value.len())];
                        let name = t.name().into_owned();
                        let field = field_text::read_field(
                            source,
                            self.encoding,
                            field_text::FieldKind::of_key(&name),
                        );
                        let value = match &field.other {
                            Some(other) => t.with_value(other.text.as_bytes()).value_text(),
                            None => t.value_text(),
                        };
                        kept_errors |= field.errors;
                        read.push((name, value, line.loc(i), field.other, line.loc(from)));
                    }
                    for (name, value, at, other, value_at) in read {
                        if let Some(other) = other {
                            chunk.notes.push(other.note(
                                &format!("{name} tag"),
                                &value,
                                self.encoding,
                                value_at,
                            ));
                        }
                        chunk.tags.push((name, value, at));
                    }
                    chunk.keep();
                    chunk.end = line_end;
                    // The errors of values read in another encoding are gone.
                    if errors && kept_errors && chunk.decode_errors.is_none() {
                        chunk.decode_errors = Some(at);
                    }
                    continue;
                }
            }
            if chunk.trailer.is_some() {
                if !trimmed.trim().is_empty() {
                    chunk.trailer_lines += 1;
                    chunk.keep();
                } else {
                    chunk.drop_line(&span);
                }
                chunk.end = line_end;
                continue;
            }
            if !chunk.in_comment && is_rule_line(trimmed) {
                if !chunk.is_empty() {
                    chunk.trailer = Some(at);
                    chunk.keep();
                    chunk.end = line_end;
                } else {
                    chunk.drop_line(&span);
                }
                continue;
            }
            if trimmed.trim().is_empty() && chunk.is_empty() {
                chunk.drop_line(&span);
                continue;
            }
            if chunk.start.is_none() {
                chunk.start = Some(at);
            }
            // Track comments across lines and whether there is move text.
            let mut in_c = chunk.in_comment;
            let mut has_moves = false;
            for c in text.chars() {
                if in_c {
                    if c == '}' {
                        in_c = false;
                    }
                } else if c == '{' {
                    in_c = true;
                } else if c == ';' {
                    break;
                } else if !c.is_whitespace() && c != '\u{feff}' {
                    has_moves = true;
                }
            }
            chunk.has_moves |= has_moves;
            chunk.in_comment = in_c;
            if errors && chunk.decode_errors.is_none() {
                chunk.decode_errors = Some(at);
            }
            chunk.keep();
            chunk.end = line_end;
            chunk.lines.push(span);
        }
        if chunk.is_empty() {
            return None;
        }
        Some(Ok(PgnChunk {
            chunk,
            encoding: self.encoding,
        }))
    }
}
