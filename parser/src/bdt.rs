//! ShowRenju `.bdt` archives: one record per line,
//! `YEAR,ID=[BLACK,WHITE,RESULT,HEXMOVES,F5,F6]`.
//!
//! - `YEAR` → `Header::date`; `ID` (may be space-padded) → `Header::id`, trimmed.
//! - `HEXMOVES`: pairs of hex digits `1`–`F` (any case): first digit column (1 = a),
//!   second row (1 = bottom). `88` = h8. A digit `0`, a non-hex byte or an odd count is
//!   an error at that byte.
//! - `RESULT`: `+` Black wins, `-` White wins, `=` draw, empty = no result. `F` / `f`
//!   (undocumented; PBeMSort.bdt) are read as Black / White wins by forfeit or time, with
//!   a `forfeit-result` warning note.
//! - `F5`, `F6` (meaning unknown) → `Header::extra` as `("F5", …)`, `("F6", …)`.
//! - Empty moves: a game with no moves and a `no-moves` info note.
//! - `FF`/`FE` pairs are points (`o15`/`o14`) and are kept as moves. When one stands among
//!   the first three moves (as in Gomoku.bdt, `88FFFE…`, meaning unknown) the record gets
//!   a `bdt-corner-code` warning note: it is probably not a real move.
//! - Two records run together on one line (`…,?]2009,852=[…`, once in Gomoku.bdt) are
//!   both read; the second gets a `records-run-together` warning note.
//! - Names are UTF-8 when valid, else windows-1252 (an `encoding-guess` info note).

use kifu_facts::GameKind;
use kifu_facts::Severity;
use std::io::BufRead;

use nom::bytes::complete::{tag, take_till, take_while, take_while1};
use nom::{IResult, Parser};

use crate::line::{chomp, LineError, LineReader};
use crate::raw::{
    raw_text, Format, Location, Note, Outcome, RawError, RawGame, RawItem, RawMove, Span,
};

/// The fields of one record as written (zero-copy).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields<'a> {
    pub year: &'a [u8],
    pub id: &'a [u8],
    pub black: &'a [u8],
    pub white: &'a [u8],
    pub result: &'a [u8],
    pub moves: &'a [u8],
    pub f5: &'a [u8],
    pub f6: &'a [u8],
}

fn field(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_till(|b| b == b',' || b == b']' || b == b'\n').parse(input)
}

/// The record syntax; returns what follows the closing `]`.
pub fn record(input: &[u8]) -> IResult<&[u8], Fields<'_>> {
    let (rest, (year, _, id, _, black, _, white, _, result, _, moves, _, f5, _, f6, _)) = (
        take_while1(|b: u8| b.is_ascii_digit()),
        tag(","),
        take_till(|b| b == b'=' || b == b'\n'),
        tag("=["),
        field,
        tag(","),
        field,
        tag(","),
        field,
        tag(","),
        take_while(|b: u8| b.is_ascii_alphanumeric()),
        tag(","),
        field,
        tag(","),
        field,
        tag("]"),
    )
        .parse(input)?;
    Ok((
        rest,
        Fields {
            year,
            id,
            black,
            white,
            result,
            moves,
            f5,
            f6,
        },
    ))
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'1'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Decodes a BDT text field: UTF-8 if valid, else windows-1252 (`true` = guessed).
fn text(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.trim().to_string(), false),
        Err(_) => {
            let (s, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
            (s.trim().to_string(), true)
        }
    }
}

fn err(at: Location, start: Location, bytes: &[u8], message: String) -> RawError {
    RawError {
        format: Some(Format::Bdt),
        at,
        start,
        span: Span::new(start.offset, start.offset + bytes.len() as u64),
        message,
        raw: raw_text(bytes),
    }
}

/// Where the syntax first fails, and why.
fn syntax_error(line: &[u8], at: Location) -> RawError {
    // Walk the expected structure to find the offending byte.
    let (i, msg) = diagnose(line);
    err(at.advance(i), at, line, msg)
}

fn diagnose(line: &[u8]) -> (usize, String) {
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return (
            0,
            "expected a year: a BDT record is YEAR,ID=[BLACK,WHITE,RESULT,MOVES,F5,F6]".into(),
        );
    }
    if line.get(digits) != Some(&b',') {
        return (digits, "expected ',' after the year".into());
    }
    let Some(eq) = line.iter().position(|&b| b == b'=') else {
        return (line.len(), "expected '=[' after the id".into());
    };
    if line.get(eq + 1) != Some(&b'[') {
        return (eq + 1, "expected '[' after '='".into());
    }
    let mut i = eq + 2;
    for (n, name) in ["black", "white", "result", "moves", "F5", "F6"]
        .iter()
        .enumerate()
    {
        while i < line.len() && !matches!(line[i], b',' | b']') {
            if n == 3 && !line[i].is_ascii_alphanumeric() {
                return (i, format!("unexpected byte in the {name} field"));
            }
            i += 1;
        }
        let want = if n == 5 { b']' } else { b',' };
        if line.get(i) != Some(&want) {
            return (
                i,
                format!("expected '{}' after the {name} field", want as char),
            );
        }
        i += 1;
    }
    (i, "unexpected text after the record".into())
}

/// Builds the game from parsed fields. `line` is the record's text, `at` its location.
fn build(f: &Fields<'_>, line: &[u8], at: Location) -> RawItem {
    let pos = |s: &[u8]| s.as_ptr() as usize - line.as_ptr() as usize;
    let mut g = RawGame::new(Format::Bdt, at);
    g.span = Span::new(at.offset, at.offset + line.len() as u64);
    let h = &mut g.header;
    h.date = Some(String::from_utf8_lossy(f.year).into_owned());
    let (id, _) = text(f.id);
    h.id = Some(id);
    let (black, gb) = text(f.black);
    let (white, gw) = text(f.white);
    h.black = (!black.is_empty()).then_some(black);
    h.white = (!white.is_empty()).then_some(white);
    let (f5, _) = text(f.f5);
    let (f6, _) = text(f.f6);
    h.extra.push(("F5".to_string(), f5));
    h.extra.push(("F6".to_string(), f6));
    let res_at = at.advance(pos(f.result));
    match f.result {
        b"+" => h.result = Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black),
        b"-" => h.result = Outcome::of(GameKind::Renju, kifu_facts::ResultName::White),
        b"=" => h.result = Some(Outcome::Draw),
        b"" => {}
        b"F" | b"f" => {
            let (r, who) = if f.result == b"F" {
                (
                    Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black),
                    "Black",
                )
            } else {
                (
                    Outcome::of(GameKind::Renju, kifu_facts::ResultName::White),
                    "White",
                )
            };
            h.result = r;
            g.notes.push(Note {
                code: "forfeit-result",
                severity: Severity::Warning,
                message: format!(
                    "result code '{}' read as a {who} win by forfeit or time (undocumented BDT code)",
                    f.result[0] as char
                ),
                at: res_at,
                ply: None,
            });
        }
        other => {
            return Err(err(
                res_at,
                at,
                line,
                format!(
                    "'{}' is not a BDT result: expected +, -, =, F or f",
                    String::from_utf8_lossy(other)
                ),
            ))
        }
    }
    if !f.result.is_empty() {
        g.header.result_text = Some(String::from_utf8_lossy(f.result).into_owned());
    }
    if gb || gw {
        g.notes.push(Note {
            code: "encoding-guess",
            severity: Severity::Info,
            message: "player names are not UTF-8; decoded as windows-1252".to_string(),
            at: at.advance(pos(if gb { f.black } else { f.white })),
            ply: None,
        });
    }
    let m0 = pos(f.moves);
    if f.moves.len() % 2 == 1 {
        let i = m0 + f.moves.len() - 1;
        return Err(err(
            at.advance(i),
            at,
            line,
            format!(
                "odd number of hex digits in the moves ({}): the last pair is incomplete",
                f.moves.len()
            ),
        ));
    }
    g.moves.reserve(f.moves.len() / 2);
    for (k, pair) in f.moves.chunks_exact(2).enumerate() {
        let i = m0 + 2 * k;
        let c = hex(pair[0]).ok_or(0usize);
        let r = hex(pair[1]).ok_or(1usize);
        let (c, r) = match (c, r) {
            (Ok(c), Ok(r)) => (c, r),
            (Err(j), _) | (_, Err(j)) => {
                return Err(err(
                    at.advance(i + j),
                    at,
                    line,
                    format!(
                        "'{}' in move {} is not a BDT coordinate digit (1-9, A-F)",
                        pair[j] as char,
                        k + 1
                    ),
                ))
            }
        };
        let mv_at = at.advance(i);
        if k < 3 && c == 15 && r >= 14 {
            g.notes.push(Note {
                code: "bdt-corner-code",
                severity: Severity::Warning,
                message: format!(
                    "pair '{}' at move {} (o{}) is probably not a real move: Gomoku.bdt uses FF/FE here with unknown meaning",
                    String::from_utf8_lossy(pair),
                    k + 1,
                    r
                ),
                at: mv_at,
                ply: Some(k as u32 + 1),
            });
        }
        g.moves.push(RawMove {
            point: Some((c - 1, r - 1)),
            at: mv_at,
            len: 2,
        });
    }
    if g.moves.is_empty() {
        g.notes.push(Note {
            code: "no-moves",
            severity: Severity::Info,
            message: "the record has no moves".to_string(),
            at: at.advance(m0),
            ply: None,
        });
    }
    Ok(g)
}

/// Parses exactly one record (`line` without its terminator; surrounding spaces allowed).
pub fn parse_record(line: &[u8], at: Location) -> RawItem {
    let line = chomp(line);
    match record(line) {
        Ok((rest, f)) => {
            let used = line.len() - rest.len();
            if rest.iter().any(|b| !b.is_ascii_whitespace()) {
                return Err(err(
                    at.advance(used),
                    at,
                    line,
                    "unexpected text after the record's closing ']'".to_string(),
                ));
            }
            build(&f, &line[..used], at)
        }
        Err(_) => Err(syntax_error(line, at)),
    }
}

/// Parses every record on a line: normally one; records run together (`…]2009,…`) are
/// split, the later ones with a `records-run-together` note.
pub fn parse_records(line: &[u8], at: Location) -> Vec<RawItem> {
    let line = chomp(line);
    let mut out = Vec::with_capacity(1);
    let mut pos = 0;
    loop {
        let here = at.advance(pos);
        let part = &line[pos..];
        match record(part) {
            Ok((rest, f)) => {
                let used = part.len() - rest.len();
                let mut item = build(&f, &part[..used], here);
                if pos > 0 {
                    if let Ok(g) = &mut item {
                        g.notes.push(Note {
                            code: "records-run-together",
                            severity: Severity::Warning,
                            message: "this record follows the previous one on the same line without a line break".to_string(),
                            at: here,
                            ply: None,
                        });
                    }
                }
                out.push(item);
                let ws = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
                pos += used + ws;
                if pos >= line.len() {
                    break;
                }
                if !line[pos].is_ascii_digit() {
                    out.push(Err(err(
                        at.advance(pos),
                        at.advance(pos),
                        &line[pos..],
                        "unexpected text after the record's closing ']'".to_string(),
                    )));
                    break;
                }
            }
            Err(_) => {
                out.push(Err(syntax_error(part, here)));
                break;
            }
        }
    }
    out
}

/// Streams BDT records, line by line (blank lines skipped).
pub struct BdtReader<R: BufRead> {
    src: LineReader<R>,
    pending: std::collections::VecDeque<RawItem>,
}

impl<R: BufRead> BdtReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        BdtReader {
            src: LineReader::new(reader),
            pending: Default::default(),
        }
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }
}

impl<R: BufRead> Iterator for BdtReader<R> {
    type Item = RawItem;

    fn next(&mut self) -> Option<RawItem> {
        loop {
            if let Some(item) = self.pending.pop_front() {
                return Some(item);
            }
            match self.src.next_line()? {
                Ok(line) => {
                    let text = line.text();
                    let lead = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
                    if lead == text.len() {
                        continue;
                    }
                    self.pending
                        .extend(parse_records(&text[lead..], line.at.advance(lead)));
                }
                // A line of records never read cut: the whole line is one error.
                Err(LineError::TooLong { at, len, kept }) => {
                    return Some(Err(RawError {
                        span: Span::new(at.offset, at.offset + len),
                        ..err(at, at, kept, crate::line::too_long(len as usize))
                    }));
                }
                Err(e) => return Some(Err(err(e.at(), e.at(), b"", e.message()))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic() {
        let g = parse_record(b"1999,    3=[a b,c,F,8889AA,?,-]", Location::new(0, 1, 1)).unwrap();
        assert_eq!(g.header.id.as_deref(), Some("3"));
        assert_eq!(g.header.black.as_deref(), Some("a b"));
        assert_eq!(
            g.header.result,
            Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black)
        );
        assert_eq!(g.notes[0].code, "forfeit-result");
        let pts: Vec<_> = g.moves.iter().map(|m| m.point).collect();
        assert_eq!(pts, vec![Some((7, 7)), Some((7, 8)), Some((9, 9))]);
        assert_eq!(g.moves[2].at, Location::new(24, 1, 25));
        let e = parse_record(b"1999,3=[a,c,+,88G9,?,-]", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at.column, 17);
        let e = parse_record(b"1999,3=[a,c,+,8809,?,-]", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at.column, 17);
        let e = parse_record(b"1999,3=[a,c,+,889,?,-]", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at.column, 17);
        let e = parse_record(b"1999,3=[a,c,x,88,?,-]", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at.column, 13);
        let e = parse_record(b"1999,3=[a,c,+,88,?", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(e.at.column, 19);
    }
}
