//! Splitting a Xiangqi PGN stream into games, and reading their tags.

use kifu_facts::Severity;
use std::io::BufRead;

use super::movetext::{parse_movetext, Hints};
use super::TextLine;
use crate::line::{Bom, LineError, LineReader};
use crate::raw::{Format, Location, Note, RawError, Span, XqGame, MAX_RAW_KEPT};
use crate::tag;
use crate::xq_text;

/// Applies tags to a game. Returns move-text hints.
pub(crate) fn apply_tags(game: &mut XqGame, tags: &[(String, String, Location)]) -> Hints {
    let mut hints = Hints::default();
    let mut ecco = None;
    let mut white = None;
    for (key, value, at) in tags {
        if value.is_empty() {
            continue;
        }
        let h = &mut game.header;
        match key.to_ascii_lowercase().as_str() {
            "red" => h.red = Some(value.clone()),
            "white" => white = Some(value.clone()),
            "black" => h.black = Some(value.clone()),
            "event" => h.event = Some(value.clone()),
            "round" => h.round = Some(value.clone()),
            "date" => match xq_text::normalize_date(value) {
                Some(d) => h.date = Some(d),
                None => h.extra.push((key.clone(), value.clone())),
            },
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
                match other {
                    "ecco" => ecco = Some(value.clone()),
                    "format" => hints.iccs = value.eq_ignore_ascii_case("iccs"),
                    "variant" => hints.iccs_from_one = true,
                    "site" | "event" if value.to_ascii_lowercase().contains("pychess") => {
                        hints.san_from_one = true
                    }
                    _ => {}
                }
                h.extra.push((key.clone(), value.clone()));
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
            if r.is_some() && r != Some(tagged) && r != Some(crate::raw::RawResult::Unknown) {
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

/// One game's lines as read.
#[derive(Default)]
struct Chunk {
    start: Option<Location>,
    end: u64,
    tags: Vec<(String, String, Location)>,
    lines: Vec<TextLine>,
    has_moves: bool,
    in_comment: bool,
    trailer: Option<Location>,
    trailer_lines: u32,
    decode_errors: Option<Location>,
    /// A line over the length limit: where, and the message.
    error: Option<(Location, String)>,
    raw: String,
}

impl Chunk {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_moves
    }
    fn keep_raw(&mut self, text: &str) {
        if self.raw.len() < MAX_RAW_KEPT {
            self.raw.push_str(text);
            self.raw.push('\n');
        }
    }
}

/// Streams Xiangqi PGN games from a reader.
pub struct PgnReader<R: BufRead> {
    src: LineReader<R>,
    encoding: &'static str,
    /// A tag line read that starts the next game.
    pending: Option<(TextLine, bool)>,
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
            pending: None,
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
        let lines: usize = self
            .chunk
            .lines
            .iter()
            .map(|l| l.text.len() + 4 * l.map.len() + std::mem::size_of::<TextLine>())
            .sum();
        lines + self.chunk.raw.len() + 64 * self.chunk.tags.len()
    }

    /// Reads the game: tags, move text, result, notes.
    pub fn parse(self) -> Result<XqGame, RawError> {
        let PgnChunk { chunk, encoding } = self;
        let start = chunk.start.unwrap_or_default();
        let span = Span::new(start.offset, chunk.end.max(start.offset));
        if let Some((at, message)) = chunk.error {
            return Err(RawError {
                format: Some(Format::XiangqiPgn),
                at,
                start,
                span,
                message,
                raw: chunk.raw,
            });
        }
        let mut game = XqGame::new(Format::XiangqiPgn, start);
        game.span = span;
        game.encoding = encoding;
        let hints = apply_tags(&mut game, &chunk.tags);
        let error = |at: Location, message: String| RawError {
            format: Some(Format::XiangqiPgn),
            at,
            start,
            span,
            message,
            raw: chunk.raw.clone(),
        };
        let token =
            parse_movetext(&chunk.lines, &mut game, &hints).map_err(|(at, m)| error(at, m))?;
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
        loop {
            let (line, errors) = match self.pending.take() {
                Some(p) => p,
                None => match self.src.next_line() {
                    None => break,
                    Some(Ok(line)) => {
                        let (text, map, errors) =
                            xq_text::decode_mapped(line.text(), self.encoding);
                        (
                            TextLine {
                                text,
                                map,
                                at: line.at,
                            },
                            errors,
                        )
                    }
                    Some(Err(LineError::TooLong { at, len, kept })) => {
                        // Part of the game being read (or the start of one); never read
                        // cut: the game is an error at this line.
                        let kept = &kept[..kept.len().min(MAX_RAW_KEPT)];
                        chunk.keep_raw(&xq_text::decode(kept, self.encoding).0);
                        chunk.start.get_or_insert(at);
                        chunk.end = at.offset + len;
                        chunk.has_moves = true;
                        chunk
                            .error
                            .get_or_insert((at, crate::line::too_long(len as usize)));
                        continue;
                    }
                    Some(Err(e)) => {
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
                },
            };
            let line_end = line.at.offset + line.map.last().copied().unwrap_or(0) as u64;
            let trimmed = line
                .text
                .trim_start_matches([' ', '\t', '\u{3000}', '\u{feff}']);
            if !chunk.in_comment && trimmed.starts_with('[') {
                if let Some(tags) = tag::scan_lenient(&line.text) {
                    let repeated = tags.iter().any(|(t, _)| {
                        chunk
                            .tags
                            .iter()
                            .any(|(k2, _, _)| k2.as_bytes().eq_ignore_ascii_case(t.name))
                    });
                    if chunk.has_moves || chunk.trailer.is_some() || repeated {
                        self.pending = Some((line, errors));
                        break;
                    }
                    if chunk.start.is_none() {
                        chunk.start = Some(line.at);
                    }
                    for (t, i) in tags {
                        let at = line.loc(i);
                        chunk.tags.push((t.name().into_owned(), t.value_text(), at));
                    }
                    chunk.keep_raw(&line.text);
                    chunk.end = line_end;
                    if errors && chunk.decode_errors.is_none() {
                        chunk.decode_errors = Some(line.at);
                    }
                    continue;
                }
            }
            if chunk.trailer.is_some() {
                if !trimmed.trim().is_empty() {
                    chunk.trailer_lines += 1;
                    chunk.keep_raw(&line.text);
                }
                chunk.end = line_end;
                continue;
            }
            if !chunk.in_comment && is_rule_line(trimmed) {
                if !chunk.is_empty() {
                    chunk.trailer = Some(line.at);
                    chunk.keep_raw(&line.text);
                    chunk.end = line_end;
                }
                continue;
            }
            if trimmed.trim().is_empty() && chunk.is_empty() {
                continue;
            }
            if chunk.start.is_none() {
                chunk.start = Some(line.at);
            }
            // Track comments across lines and whether there is move text.
            let mut in_c = chunk.in_comment;
            for c in line.text.chars() {
                if in_c {
                    if c == '}' {
                        in_c = false;
                    }
                } else if c == '{' {
                    in_c = true;
                } else if c == ';' {
                    break;
                } else if !c.is_whitespace() && c != '\u{feff}' {
                    chunk.has_moves = true;
                }
            }
            chunk.in_comment = in_c;
            if errors && chunk.decode_errors.is_none() {
                chunk.decode_errors = Some(line.at);
            }
            chunk.keep_raw(&line.text);
            chunk.end = line_end;
            chunk.lines.push(line);
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
