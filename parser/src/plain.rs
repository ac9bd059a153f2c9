//! Plain-text Renju records.
//!
//! **RenjuLines** ([`Format::RenjuLines`]): one game per line, `RESULT mv mv …`, where
//! `RESULT` is `black`, `white`, `draw` or `unknown` (any case) and moves are RIF tokens
//! (`h8`, pass `--`). Blank lines are skipped; a bad line is a [`RawError`] and reading goes on.
//!
//! **RenjuPlain** ([`Format::RenjuPlain`]): a move list `h8 h9 i9 …` or `1. h8 2. h9 …`
//! (also `1.h8`, `1) h8`), possibly over several lines. Games are separated by one or more
//! blank lines. Inside a game:
//! - `#` or `;` lines are comments, kept as [`Comment`]s at the ply reached so far;
//! - `[Key "Value"]` lines are PGN-like tags (`Event`, `Round`, `Date`, `Black`, `White`,
//!   `Result`, `Rule`, `Opening`, `Id`; others go to `Header::extra`);
//! - a result token may end the move text: `1-0` (Black wins), `0-1` (White), `1/2-1/2`
//!   (draw), `*` (unknown). It sets the result unless a `Result` tag already did.
//!
//! A block made only of comment lines is not a game and is skipped. One bad token makes
//! the whole block a [`RawError`] located at the offending byte.
//!
//! Both readers stream: they read line by line into a reused buffer.

use kifu_facts::Severity;
use std::io::BufRead;

use crate::block::RecordText;
use crate::coord::{self, Tokens};
use crate::line::{chomp, LineError, LineReader};
use crate::raw::{
    raw_text, Comment, Format, Location, Note, RawError, RawGame, RawItem, RawResult, Span,
};
use crate::tag;

/// A result word of the RenjuLines format.
pub fn result_word(word: &[u8]) -> Option<RawResult> {
    match word.to_ascii_lowercase().as_slice() {
        b"black" => Some(RawResult::BlackWin),
        b"white" => Some(RawResult::WhiteWin),
        b"draw" => Some(RawResult::Draw),
        b"unknown" => Some(RawResult::Unknown),
        _ => None,
    }
}

/// A result as written in a `Result` tag or at the end of a move list.
pub fn result_value(text: &str) -> Option<RawResult> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1-0" | "black" | "b" | "b+" | "+" => Some(RawResult::BlackWin),
        "0-1" | "white" | "w" | "w+" | "-" => Some(RawResult::WhiteWin),
        "1/2-1/2" | "½-½" | "0.5-0.5" | "draw" | "d" | "=" => Some(RawResult::Draw),
        "*" | "?" | "unknown" => Some(RawResult::Unknown),
        _ => None,
    }
}

fn is_result_token(tok: &[u8]) -> bool {
    matches!(tok, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") || tok == "½-½".as_bytes()
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| b.is_ascii_whitespace())
}

fn error(format: Format, at: Location, start: Location, bytes: &[u8], message: String) -> RawError {
    RawError {
        format: Some(format),
        at,
        start,
        span: Span::new(start.offset, start.offset + bytes.len() as u64),
        message,
        raw: raw_text(bytes),
    }
}

/// Parses one RenjuLines record (`line` without its line terminator; a trailing `\r` is
/// ignored). `at` is the location of `line[0]`.
pub fn parse_line(line: &[u8], at: Location) -> RawItem {
    let line = chomp(line);
    let mut toks = Tokens::new(line, at);
    let Some(first) = toks.next() else {
        return Err(error(
            Format::RenjuLines,
            at,
            at,
            line,
            "empty line: expected RESULT followed by moves".to_string(),
        ));
    };
    let Some(result) = result_word(first.text) else {
        return Err(error(
            Format::RenjuLines,
            first.at,
            at,
            line,
            format!(
                "'{}' is not a result: expected black, white, draw or unknown",
                String::from_utf8_lossy(first.text)
            ),
        ));
    };
    let mut game = RawGame::new(Format::RenjuLines, at);
    game.span = Span::new(at.offset, at.offset + line.len() as u64);
    game.header.result = Some(result);
    game.header.result_text = Some(String::from_utf8_lossy(first.text).into_owned());
    for tok in toks {
        match coord::list_token(tok) {
            Ok(Some(mv)) => game.moves.push(mv),
            Ok(None) => {}
            Err((loc, msg)) => return Err(error(Format::RenjuLines, loc, at, line, msg)),
        }
    }
    Ok(game)
}

/// Streams RenjuLines records, one per non-blank line.
pub struct LinesReader<R: BufRead> {
    src: LineReader<R>,
}

impl<R: BufRead> LinesReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        LinesReader {
            src: LineReader::new(reader),
        }
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.src.offset()
    }
}

impl<R: BufRead> Iterator for LinesReader<R> {
    type Item = RawItem;

    fn next(&mut self) -> Option<RawItem> {
        loop {
            let line = match self.src.next_line()? {
                Ok(line) => line,
                Err(e) => {
                    let at = e.at();
                    return Some(Err(error(Format::RenjuLines, at, at, b"", e.message())));
                }
            };
            if is_blank(line.text()) {
                continue;
            }
            return Some(parse_line(line.text(), line.at));
        }
    }
}

/// Whether a tag line is not valid UTF-8 (its value was read as windows-1252).
pub fn is_not_utf8(line: &[u8]) -> bool {
    std::str::from_utf8(line).is_err()
}

/// `2001.05.03` / `2001/05/03` → `2001-05-03`; unknown parts (`??`) end the date.
pub fn normalize_date(value: &str) -> String {
    let parts: Vec<&str> = value.trim().split(['.', '/', '-']).collect();
    if parts.len() > 1 && parts.iter().all(|p| !p.is_empty()) {
        let known: Vec<&str> = parts
            .iter()
            .take_while(|p| p.chars().all(|c| c.is_ascii_digit()))
            .copied()
            .collect();
        if !known.is_empty() {
            return known.join("-");
        }
    }
    value.trim().to_string()
}

/// A game block being read.
struct Block {
    text: RecordText,
    game: RawGame,
    has_content: bool,
    result_from_tag: bool,
    ended: bool,
}

impl Block {
    fn new(start: Location) -> Block {
        Block {
            text: RecordText::new(start),
            game: RawGame::new(Format::RenjuPlain, start),
            has_content: false,
            result_from_tag: false,
            ended: false,
        }
    }

    fn fail(&mut self, at: Location, msg: String) {
        self.text.fail(at, msg);
    }

    fn set_tag(&mut self, key: &[u8], value: String, at: Location) {
        let h = &mut self.game.header;
        let key_s = String::from_utf8_lossy(key).into_owned();
        let slot = match key_s.to_ascii_lowercase().as_str() {
            "event" => &mut h.event,
            "round" => &mut h.round,
            "date" => {
                h.date = Some(normalize_date(&value));
                return;
            }
            "black" => &mut h.black,
            "white" => &mut h.white,
            "rule" => &mut h.rule,
            "opening" => &mut h.opening,
            "id" | "gameid" => &mut h.id,
            "blacktime" => &mut h.black_time,
            "whitetime" => &mut h.white_time,
            "result" => {
                h.result = result_value(&value);
                if h.result.is_none() {
                    self.game.notes.push(Note {
                        code: "unknown-result",
                        severity: Severity::Warning,
                        message: format!("result '{value}' is not understood; read as no result"),
                        at,
                        ply: None,
                    });
                }
                h.result_text = Some(value);
                self.result_from_tag = true;
                return;
            }
            _ => {
                h.extra.push((key_s, value));
                return;
            }
        };
        *slot = Some(value);
    }

    fn moves_line(&mut self, line: &[u8], at: Location) {
        for tok in Tokens::new(line, at) {
            if self.ended {
                self.fail(
                    tok.at,
                    format!(
                        "'{}' after the result token: moves must come before the result",
                        String::from_utf8_lossy(tok.text)
                    ),
                );
                return;
            }
            if is_result_token(tok.text) {
                let text = String::from_utf8_lossy(tok.text).into_owned();
                if !self.result_from_tag {
                    self.game.header.result = result_value(&text);
                    self.game.header.result_text = Some(text);
                }
                self.ended = true;
                continue;
            }
            match coord::list_token(tok) {
                Ok(Some(mv)) => self.game.moves.push(mv),
                Ok(None) => {}
                Err((loc, msg)) => {
                    self.fail(loc, msg);
                    return;
                }
            }
        }
    }

    fn finish(mut self) -> RawItem {
        self.game.span = self.text.finish(Format::RenjuPlain)?;
        Ok(self.game)
    }
}

/// Streams RenjuPlain games (blank-line separated blocks).
pub struct PlainReader<R: BufRead> {
    src: LineReader<R>,
    done: bool,
}

impl<R: BufRead> PlainReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        PlainReader {
            src: LineReader::new(reader),
            done: false,
        }
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }
}

impl<R: BufRead> Iterator for PlainReader<R> {
    type Item = RawItem;

    fn next(&mut self) -> Option<RawItem> {
        if self.done {
            return None;
        }
        let mut block: Option<Block> = None;
        loop {
            let (full, at) = match self.src.next_line() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Err(e)) => {
                    // A read error ends the source; a line over the length limit fails
                    // the record it is in (and ends it).
                    self.done = matches!(e, LineError::Io { .. });
                    let at = e.at();
                    let b = block.get_or_insert_with(|| Block::new(at));
                    b.has_content = true;
                    b.fail(at, e.message());
                    break;
                }
                Some(Ok(line)) => (line.bytes, line.at),
            };
            let line = chomp(full);
            if is_blank(line) {
                match &block {
                    Some(b) if b.has_content => break,
                    _ => {
                        block = None;
                        continue;
                    }
                }
            }
            let b = block.get_or_insert_with(|| Block::new(at));
            b.text.keep(full, at);
            let indent = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            let body = &line[indent..];
            let body_at = at.advance(indent);
            match body[0] {
                b'#' | b';' => {
                    let text = String::from_utf8_lossy(&body[1..]).trim().to_string();
                    let ply = b.game.moves.len() as u32;
                    b.game.comments.push(Comment { ply, text });
                }
                b'[' => {
                    b.has_content = true;
                    let malformed = "malformed tag line: expected [Key \"Value\"]";
                    match tag::scan(body) {
                        Ok((t, [])) => {
                            let (k, v) = (t.name, t.value_text());
                            if is_not_utf8(body) {
                                b.game.notes.push(Note {
                                    code: "encoding-guess",
                                    severity: Severity::Info,
                                    message: format!(
                                        "tag {} is not valid UTF-8: read as windows-1252 ({v:?})",
                                        String::from_utf8_lossy(k)
                                    ),
                                    at: body_at,
                                    ply: None,
                                });
                            }
                            b.set_tag(k, v, body_at)
                        }
                        // Text after the tag.
                        Ok((_, rest)) => {
                            b.fail(body_at.advance(body.len() - rest.len()), malformed.into())
                        }
                        Err(i) => b.fail(body_at.advance(i), malformed.into()),
                    }
                }
                _ => {
                    b.has_content = true;
                    b.moves_line(body, body_at);
                }
            }
        }
        match block {
            Some(b) if b.has_content => Some(b.finish()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line() {
        let g = parse_line(b"black h8 h9 i9 --\r", Location::new(10, 2, 1)).unwrap();
        assert_eq!(g.header.result, Some(RawResult::BlackWin));
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[3].point, None);
        assert_eq!(g.moves[1].at, Location::new(19, 2, 10));
        let e = parse_line(b"white h8 q", Location::new(0, 7, 1)).unwrap_err();
        assert_eq!(e.at, Location::new(10, 7, 11));
        let e = parse_line(b"  won h8", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at, Location::new(2, 1, 3));
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("2001.05.??"), "2001-05");
        assert_eq!(normalize_date("2001"), "2001");
    }
}
