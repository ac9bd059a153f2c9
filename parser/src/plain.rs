//! Plain-text Renju records.
//!
//! **RenjuLines** ([`Format::RenjuLines`]): one game per line, `RESULT mv mv …`, where
//! `RESULT` is `black`, `white`, `draw` or `unknown` (any case) and moves are RIF tokens
//! (`h8`, pass `--`). Blank lines are skipped; a bad line is a [`RawError`] and reading goes on.
//!
//! **RenjuPlain** ([`Format::RenjuPlain`]): a move list `h8 h9 i9 …` or `1. h8 2. h9 …`
//! (also `1.h8`, `1) h8`), possibly over several lines. Games are separated by one or more
//! blank lines. Inside a game:
//! - `#` or `;` lines are comments (the text after the mark, its leading spaces left out),
//!   kept as [`Comment`]s at the ply reached so far; consecutive comment lines are the
//!   lines of one comment;
//! - `[Key "Value"]` lines are PGN-like tags (`Event`, `Round`, `Date`, `Black`, `White`,
//!   `Result`, `Rule`, `Opening`, `Id`; others go to `Header::extra`);
//! - a result token may end the move text: `1-0` (Black wins), `0-1` (White), `1/2-1/2`
//!   (draw), `*` (unknown). It sets the result unless a `Result` tag already did;
//! - variations as in PGN: `( … )` after a move holds moves that replace it, nested at any
//!   depth (up to [`MAX_VARIATION_DEPTH`]); `(` and `)` may stand alone or touch a move
//!   (`(3.`, `i9)`). A comment line inside a variation belongs to it, at the ply reached
//!   along it (one right after `(` comes before the variation's first move). A `(` before
//!   any move of its line, or a `)` with no variation open, fails the record; variations
//!   still open at the end of the game are closed there, with the warning
//!   `unclosed-variation`;
//! - annotation glyphs after a move (`h8!?`, `i9??`) or standing alone (`!`, `$14`) are
//!   marks of the move before them ([`MoveMark`]).
//!
//! A block made only of comment lines is not a game and is skipped. One bad token makes
//! the whole block a [`RawError`] located at the offending byte.
//!
//! Both readers stream: they read line by line into a reused buffer.

use kifu_facts::{GameKind, Severity};
use std::io::BufRead;

use crate::block::RecordText;
use crate::coord::{self, Tokens};
use crate::line::{chomp, LineError, LineReader};
use crate::raw::{
    raw_text, Comment, Format, Location, MoveMark, Note, Outcome, RawError, RawGame, RawItem,
    RenjuVariation, Span,
};
use crate::tag;

/// A result word of the RenjuLines format.
pub fn result_word(word: &[u8]) -> Option<Outcome> {
    let word = std::str::from_utf8(word).ok()?;
    match word.to_ascii_lowercase().as_str() {
        "draw" => Some(Outcome::Draw),
        "unknown" => Some(Outcome::Unknown),
        side => Outcome::side_win(GameKind::Renju, side),
    }
}

/// A result as written in a `Result` tag or at the end of a move list.
pub fn result_value(text: &str) -> Option<Outcome> {
    let side = |name: &str| Outcome::side_win(GameKind::Renju, name);
    let lower = text.trim().to_ascii_lowercase();
    Outcome::from_score(text).or_else(|| match lower.as_str() {
        "b" | "b+" | "+" => side("black"),
        "w" | "w+" | "-" => side("white"),
        "0.5-0.5" | "draw" | "d" | "=" => Some(Outcome::Draw),
        "?" | "unknown" => Some(Outcome::Unknown),
        name => side(name),
    })
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

pub use crate::dates::tag_date as normalize_date;

/// A RenjuPlain move-text token taken apart: `(`s opening variations, the word (a move,
/// a move number, a result, a numeric glyph `$14`), annotation glyphs after it (`!?`),
/// `)`s closing variations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TokenParts<'a> {
    pub opens: usize,
    pub word: &'a [u8],
    pub glyphs: &'a [u8],
    pub closes: usize,
}

impl TokenParts<'_> {
    pub(crate) fn of(token: &[u8]) -> TokenParts<'_> {
        let opens = token.iter().take_while(|&&c| c == b'(').count();
        let body = &token[opens..];
        let closes = body.iter().rev().take_while(|&&c| c == b')').count();
        let core = &body[..body.len() - closes];
        let glyphs = core
            .iter()
            .rev()
            .take_while(|&&c| c == b'!' || c == b'?')
            .count();
        let (word, glyphs) = core.split_at(core.len() - glyphs);
        // `12)` is a move number (`1) h8 2) h9`), not a variation's end.
        if opens == 0
            && closes == 1
            && glyphs.is_empty()
            && !word.is_empty()
            && word.iter().all(u8::is_ascii_digit)
        {
            return TokenParts {
                opens,
                word: token,
                glyphs,
                closes: 0,
            };
        }
        TokenParts {
            opens,
            word,
            glyphs,
            closes,
        }
    }

    /// The word is a numeric annotation glyph (`$14`).
    pub(crate) fn is_nag(&self) -> bool {
        self.word.len() > 1 && self.word[0] == b'$' && self.word[1..].iter().all(u8::is_ascii_digit)
    }
}

/// Deepest variation nesting a RenjuPlain game may have (deeper fails the record).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// A game block being read.
struct Block {
    text: RecordText,
    game: RawGame,
    has_content: bool,
    result_from_tag: bool,
    ended: bool,
    /// The variations open, innermost last, with where each `(` is.
    open: Vec<(RenjuVariation, Location)>,
    /// The line before was a comment line: the next one goes on with its comment.
    in_comment: bool,
}

impl Block {
    fn new(start: Location) -> Block {
        Block {
            text: RecordText::new(start),
            game: RawGame::new(Format::RenjuPlain, start),
            has_content: false,
            result_from_tag: false,
            ended: false,
            open: Vec::new(),
            in_comment: false,
        }
    }

    /// The plies played along the line being read (the innermost open variation's, else
    /// the main line's).
    fn line_ply(&self) -> u32 {
        match self.open.last() {
            Some((v, _)) => v.from_ply - 1 + v.moves.len() as u32,
            None => self.game.moves.len() as u32,
        }
    }

    /// A comment line: on the line being read, at the ply reached along it; the lines of
    /// a run of comment lines are one comment.
    fn comment(&mut self, text: String) {
        let ply = self.line_ply();
        let comments = match self.open.last_mut() {
            Some((v, _)) => &mut v.comments,
            None => &mut self.game.comments,
        };
        match comments.last_mut() {
            Some(last) if self.in_comment && last.ply == ply => {
                last.text.push('\n');
                last.text.push_str(&text);
            }
            _ => comments.push(Comment { ply, text }),
        }
        self.in_comment = true;
    }

    /// A mark on the last move of the line being read.
    fn mark(&mut self, text: String) {
        let ply = self.line_ply();
        let marks = match self.open.last_mut() {
            Some((v, _)) => &mut v.marks,
            None => &mut self.game.marks,
        };
        marks.push(MoveMark { ply, text });
    }

    /// `(` at `at`: a variation replacing the last move of the line being read.
    fn open_variation(&mut self, at: Location) {
        let ply = self.line_ply();
        let first = self.open.last().map_or(1, |(v, _)| v.from_ply);
        if ply < first || (self.open.is_empty() && ply == 0) {
            self.fail(
                at,
                "'(' before any move of its line: a variation replaces the move before it"
                    .to_string(),
            );
        } else if self.open.len() >= MAX_VARIATION_DEPTH {
            self.fail(
                at,
                format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels"),
            );
        } else {
            let v = RenjuVariation {
                from_ply: ply,
                ..RenjuVariation::default()
            };
            self.open.push((v, at));
        }
    }

    /// `)` at `at`: the innermost variation ends.
    fn close_variation(&mut self, at: Location) {
        match self.open.pop() {
            Some((v, _)) => match self.open.last_mut() {
                Some((outer, _)) => outer.variations.push(v),
                None => self.game.variations.push(v),
            },
            None => self.fail(at, "')' without an open variation".to_string()),
        }
    }

    fn fail(&mut self, at: Location, msg: String) {
        self.text.fail(at, msg);
    }

    fn set_tag(&mut self, key: &[u8], value: String, at: Location) {
        let h = &mut self.game.header;
        let key_s = String::from_utf8_lossy(key).into_owned();
        let slot = match key_s.to_ascii_lowercase().as_str() {
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
                if let Some(value) = h.apply_tag(GameKind::Renju, &key_s, value) {
                    h.extra.push((key_s, value));
                }
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
            // `(` and `)` alone or touching a move; annotation glyphs after a move (`h8!?`)
            // or alone (`!?`, `$14`): marks of the line's last move.
            let parts = TokenParts::of(tok.text);
            let TokenParts {
                opens,
                word,
                glyphs,
                closes,
            } = parts;
            for k in 0..opens {
                self.open_variation(tok.at.advance(k));
            }
            if parts.is_nag() {
                self.mark(String::from_utf8_lossy(word).into_owned());
            } else if !word.is_empty() {
                let core_tok = coord::Token {
                    text: word,
                    at: tok.at.advance(opens),
                };
                match coord::list_token(core_tok) {
                    Ok(Some(mv)) => match self.open.last_mut() {
                        Some((v, _)) => v.moves.push(mv),
                        None => self.game.moves.push(mv),
                    },
                    Ok(None) => {}
                    Err((loc, msg)) => {
                        self.fail(loc, msg);
                        return;
                    }
                }
            }
            if !glyphs.is_empty() {
                self.mark(String::from_utf8_lossy(glyphs).into_owned());
            }
            for k in 0..closes {
                let at = opens + word.len() + glyphs.len() + k;
                self.close_variation(tok.at.advance(at));
            }
        }
    }

    fn finish(mut self) -> RawItem {
        if let Some(&(_, at)) = self.open.first() {
            let n = self.open.len();
            while !self.open.is_empty() {
                self.close_variation(at);
            }
            self.game.notes.push(Note {
                code: "unclosed-variation",
                severity: Severity::Warning,
                message: format!(
                    "{n} variation(s) still open at the end of the game (the first opened \
                     here) were closed there"
                ),
                at,
                ply: None,
            });
        }
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
            let comment_line = matches!(body[0], b'#' | b';');
            if !comment_line {
                b.in_comment = false;
            }
            match body[0] {
                b'#' | b';' => {
                    let text = String::from_utf8_lossy(&body[1..]).trim_start().to_string();
                    b.comment(text);
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
        assert_eq!(
            g.header.result,
            Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black)
        );
        assert_eq!(g.moves.len(), 4);
        assert_eq!(g.moves[3].point, None);
        assert_eq!(g.moves[1].at, Location::new(19, 2, 10));
        let e = parse_line(b"white h8 q", Location::new(0, 7, 1)).unwrap_err();
        assert_eq!(e.at, Location::new(10, 7, 11));
        let e = parse_line(b"  won h8", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at, Location::new(2, 1, 3));
    }

    #[test]
    fn variations_nest_and_keep_their_comments() {
        let text = b"1. h8 2. h9 3. h10\n# main 3\n ( 3. i9 4. g10\n# after g10\n (4. j10) ) (\n# before\n3. j10) 4. i8 (4. --) *\n";
        let g = PlainReader::new(&text[..]).next().unwrap().unwrap();
        assert_eq!(g.moves.len(), 4);
        assert_eq!(
            g.comments,
            [Comment {
                ply: 3,
                text: "main 3".into()
            }]
        );
        let v: Vec<(u32, usize, usize, usize)> = g
            .variations
            .iter()
            .map(|v| {
                (
                    v.from_ply,
                    v.moves.len(),
                    v.comments.len(),
                    v.variations.len(),
                )
            })
            .collect();
        assert_eq!(v, [(3, 2, 1, 1), (3, 1, 1, 0), (4, 1, 0, 0)]);
        assert_eq!(g.variations[0].comments[0].ply, 4);
        assert_eq!(g.variations[0].variations[0].from_ply, 4);
        assert_eq!(g.variations[0].variations[0].moves[0].point, Some((9, 9)));
        assert_eq!(
            g.variations[1].comments[0],
            Comment {
                ply: 2,
                text: "before".into()
            }
        );
        assert_eq!(g.variations[2].moves[0].point, None);
        assert!(g.notes.is_empty());
        let marked = PlainReader::new(&b"1. h8 2. h9!? 3. i9 $14 ( 3. h10?? ) *\n"[..])
            .next()
            .unwrap()
            .unwrap();
        let marks: Vec<(u32, &str)> = marked
            .marks
            .iter()
            .map(|m| (m.ply, m.text.as_str()))
            .collect();
        assert_eq!(marks, [(2, "!?"), (3, "$14")]);
        assert_eq!(marked.variations[0].marks[0].text, "??");
        assert_eq!(marked.moves.len(), 3);
    }

    #[test]
    fn variation_errors() {
        let e = PlainReader::new(&b"( 1. h8\n"[..])
            .next()
            .unwrap()
            .unwrap_err();
        assert!(e.message.contains("'(' before any move"), "{}", e.message);
        assert_eq!(e.at, Location::new(0, 1, 1));
        let e = PlainReader::new(&b"1. h8 2. h9)\n"[..])
            .next()
            .unwrap()
            .unwrap_err();
        assert_eq!(e.at, Location::new(11, 1, 12));
        let g = PlainReader::new(&b"1. h8 2. h9 (2. i9 (2. i8\n"[..])
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(g.notes[0].code, "unclosed-variation");
        assert_eq!(g.variations.len(), 1);
        assert_eq!(g.variations[0].variations.len(), 1);
    }

    #[test]
    fn dates() {
        assert_eq!(normalize_date("2001.05.??"), "2001-05");
        assert_eq!(normalize_date("2001"), "2001");
        // Texts that are no date keep the shape this reader has always stored.
        assert_eq!(normalize_date(" 2001.5.3 "), "2001-5-3");
        assert_eq!(normalize_date("3/5/2001"), "3-5-2001");
        assert_eq!(normalize_date("2001.13.01"), "2001-13-01");
        assert_eq!(normalize_date("2001..05"), "2001..05");
        assert_eq!(normalize_date("2001年"), "2001年");
    }
}
