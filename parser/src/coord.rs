//! Renju coordinate tokens (RIF / RenjuNet convention) and move lists.
//!
//! A move token is a column letter `a`–`z` (case-insensitive, `a` = left edge) followed by a
//! row number `1`–`99` (`1` = bottom edge): `h8` is `(7, 7)`. Board bounds are *not*
//! checked here (`p16` is `(15, 15)`; the rules engine reports it). Passes are written
//! `--`, `pass` (any case) or `0`.
//!
//! [`move_list`] reads whitespace-separated move tokens with optional move numbers
//! (`1.`, `12.`, `1)`, also glued to the move: `1.h8`, `1)h8`) and gives every move its
//! exact [`Location`], tracking lines and columns through multi-line text.

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while_m_n};
use nom::combinator::{all_consuming, map, map_res, not, value};
use nom::sequence::terminated;
use nom::{IResult, Parser};

use crate::raw::{Location, RawMove};

/// A point `(column, row)`, 0-based from the bottom-left, or `None` for a pass.
pub type Point = Option<(u8, u8)>;

/// The largest row number a move token may carry.
pub const MAX_ROW: u8 = 99;

/// A pass token: `--`, `pass` (any case) or `0`.
pub fn pass(input: &[u8]) -> IResult<&[u8], ()> {
    value((), alt((tag("--"), tag_no_case("pass"), tag("0")))).parse(input)
}

/// A column letter `a`–`z` (any case) → 0-based column.
pub fn column(input: &[u8]) -> IResult<&[u8], u8> {
    map(
        take_while_m_n(1, 1, |b: u8| b.is_ascii_alphabetic()),
        |s: &[u8]| s[0].to_ascii_lowercase() - b'a',
    )
    .parse(input)
}

/// A row number `1`–`99` (not followed by a further digit) → 0-based row.
pub fn row(input: &[u8]) -> IResult<&[u8], u8> {
    map_res(
        terminated(
            take_while_m_n(1, 2, |b: u8| b.is_ascii_digit()),
            not(take_while_m_n(1, 1, |b: u8| b.is_ascii_digit())),
        ),
        |s: &[u8]| {
            let n = s.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
            if n == 0 {
                Err("row 0")
            } else {
                Ok(n - 1)
            }
        },
    )
    .parse(input)
}

/// A point token such as `h8` → `(7, 7)`.
pub fn point(input: &[u8]) -> IResult<&[u8], (u8, u8)> {
    (column, row).parse(input)
}

/// A move token: a point or a pass.
pub fn move_token(input: &[u8]) -> IResult<&[u8], Point> {
    alt((map(point, Some), value(None, pass))).parse(input)
}

/// Reads one whole token as a move. On failure gives the byte index (within `token`) of
/// the offending byte and a message.
pub fn parse_move(token: &[u8]) -> Result<Point, (usize, String)> {
    if let Ok((_, p)) = all_consuming(move_token).parse(token) {
        return Ok(p);
    }
    Err(diagnose(token))
}

/// Why `token` is not a move token, and where (byte index in the token).
fn diagnose(token: &[u8]) -> (usize, String) {
    let show = String::from_utf8_lossy(token);
    let Some(&first) = token.first() else {
        return (0, "empty move token".to_string());
    };
    if !first.is_ascii_alphabetic() {
        return (
            0,
            format!(
                "'{show}' is not a move: expected a column letter a-o, or a pass (--, pass, 0)"
            ),
        );
    }
    let digits = token[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return (
            1,
            format!("'{show}' is not a move: expected a row number 1-15 after the column letter"),
        );
    }
    if digits > 2 {
        return (
            3,
            format!("'{show}' is not a move: row number has more than two digits"),
        );
    }
    let n: u32 = token[1..1 + digits]
        .iter()
        .fold(0, |n, d| n * 10 + u32::from(d - b'0'));
    if n == 0 {
        return (1, format!("'{show}' is not a move: row 0 does not exist"));
    }
    (
        1 + digits,
        format!("'{show}' is not a move: unexpected text after the row number"),
    )
}

/// If `token` starts with a move number (`12.`, `12)`, `12...`), the length of that prefix.
pub fn move_number_prefix(token: &[u8]) -> Option<usize> {
    let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let marks = token[digits..]
        .iter()
        .take_while(|&&b| b == b'.' || b == b')')
        .count();
    if marks == 0 {
        return None;
    }
    Some(digits + marks)
}

/// A whitespace-separated token with where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a [u8],
    pub at: Location,
}

/// Splits `text` into whitespace-separated tokens, tracking line and column from `at`
/// (a `\n` starts a new line at column 1; for binary locations, line 0, only offsets move).
pub struct Tokens<'a> {
    text: &'a [u8],
    pos: usize,
    loc: Location,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a [u8], at: Location) -> Tokens<'a> {
        Tokens {
            text,
            pos: 0,
            loc: at,
        }
    }

    fn step(&mut self) {
        let b = self.text[self.pos];
        self.pos += 1;
        self.loc.offset += 1;
        if self.loc.line != 0 {
            if b == b'\n' {
                self.loc.line += 1;
                self.loc.column = 1;
            } else {
                self.loc.column += 1;
            }
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.step();
        }
        if self.pos >= self.text.len() {
            return None;
        }
        let start = self.pos;
        let at = self.loc;
        while self.pos < self.text.len() && !self.text[self.pos].is_ascii_whitespace() {
            self.step();
        }
        Some(Token {
            text: &self.text[start..self.pos],
            at,
        })
    }
}

/// Reads one token of a move list: `Ok(None)` for a bare move number, `Ok(Some(move))`
/// for a move (optionally with a glued move number), `Err` with the offending location.
pub fn list_token(tok: Token<'_>) -> Result<Option<RawMove>, (Location, String)> {
    let mut text = tok.text;
    let mut at = tok.at;
    // A lone `0` is a pass, not a move number.
    if let Some(n) = move_number_prefix(text) {
        text = &text[n..];
        at = at.advance(n);
        if text.is_empty() {
            return Ok(None);
        }
    }
    match parse_move(text) {
        Ok(point) => Ok(Some(RawMove {
            point,
            at,
            len: text.len().min(u16::MAX as usize) as u16,
        })),
        Err((i, msg)) => Err((at.advance(i), msg)),
    }
}

/// Reads a move list `h8 h9 i9 …` or `1. h8 2. h9 …` (tokens separated by any ASCII
/// whitespace, newlines included). `at` is the location of `text[0]`. Every move gets its
/// exact location; the first bad token gives the location of its offending byte.
pub fn move_list(text: &[u8], at: Location) -> Result<Vec<RawMove>, (Location, String)> {
    let mut moves = Vec::new();
    for tok in Tokens::new(text, at) {
        if let Some(mv) = list_token(tok)? {
            moves.push(mv);
        }
    }
    Ok(moves)
}

/// The RIF name of a point: `(7, 7)` → `h8`. Columns past `z` are written `?`.
pub fn point_name(p: Point) -> String {
    match p {
        None => "--".to_string(),
        Some((c, r)) => {
            let letter = if c < 26 { (b'a' + c) as char } else { '?' };
            format!("{letter}{}", u32::from(r) + 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(parse_move(b"h8"), Ok(Some((7, 7))));
        assert_eq!(parse_move(b"H8"), Ok(Some((7, 7))));
        assert_eq!(parse_move(b"a1"), Ok(Some((0, 0))));
        assert_eq!(parse_move(b"o15"), Ok(Some((14, 14))));
        assert_eq!(parse_move(b"p16"), Ok(Some((15, 15))));
        assert_eq!(parse_move(b"z99"), Ok(Some((25, 98))));
        assert_eq!(parse_move(b"--"), Ok(None));
        assert_eq!(parse_move(b"PASS"), Ok(None));
        assert_eq!(parse_move(b"0"), Ok(None));
        assert_eq!(parse_move(b"h0").unwrap_err().0, 1);
        assert_eq!(parse_move(b"h100").unwrap_err().0, 3);
        assert_eq!(parse_move(b"h8x").unwrap_err().0, 2);
        assert_eq!(parse_move(b"8h").unwrap_err().0, 0);
        assert_eq!(parse_move(b"hh").unwrap_err().0, 1);
        assert_eq!(point_name(Some((7, 7))), "h8");
    }

    #[test]
    fn list_locations() {
        let text = b"1. h8 2.h9\n  3) i9 --";
        let mv = move_list(text, Location::new(100, 5, 10)).unwrap();
        let pts: Vec<_> = mv.iter().map(|m| m.point).collect();
        assert_eq!(pts, vec![Some((7, 7)), Some((7, 8)), Some((8, 8)), None]);
        assert_eq!(mv[0].at, Location::new(103, 5, 13));
        assert_eq!(mv[1].at, Location::new(108, 5, 18));
        assert_eq!(mv[2].at, Location::new(116, 6, 6));
        assert_eq!(mv[3].at, Location::new(119, 6, 9));
        let err = move_list(b"h8\nh9 #7", Location::new(0, 1, 1)).unwrap_err();
        assert_eq!(err.0, Location::new(6, 2, 4));
    }
}
