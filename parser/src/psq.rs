//! Piskvork / Gomocup `.psq` records (one game per file).
//!
//! ```text
//! Piskvorky 20x20, 7:7, 0
//! 10,10,456
//! 11,12,4500
//! …
//! pisq7.exe          (optional: engine of player 1)
//! renjusolver.ZIP    (optional: engine of player 2)
//! 0                  (optional: result / error code)
//! ```
//!
//! The header gives the board size (`<W>x<H>`, → `board_width`/`board_height`), two
//! numbers (`<a>:<b>`, kept as `Header::extra` `("psq-levels", "a:b")`) and the first
//! player (`("psq-first-player", …)`). A move line is `x,y[,ms]`, 1-based, `x` the column
//! from the left, `y` the row from the **top**: on an `H`-row board the 0-based row is
//! `H - y`. The time goes to nothing (it is not a move property in [`RawMove`]).
//! After the moves, non-move lines are kept in `Header::extra`: text lines as
//! `("psq-engine-1", …)`, `("psq-engine-2", …)`, a bare number as `("psq-result-code", …)`.
//! The parser does not judge the board size: a 20×20 game is read; the rules engine says
//! it is not renju.

use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{map_res, opt};
use nom::{IResult, Parser};

use crate::raw::{raw_text, Format, Location, RawError, RawGame, RawItem, RawMove, Span};

fn number(input: &[u8]) -> IResult<&[u8], u32> {
    map_res(digit1, |d: &[u8]| {
        std::str::from_utf8(d)
            .map_err(|_| ())
            .and_then(|s| s.parse::<u32>().map_err(|_| ()))
    })
    .parse(input)
}

/// Header fields: width, height, the two level numbers, the rest (first player) as text.
pub type PsqHeader<'a> = (u32, u32, Option<(u32, u32)>, &'a [u8]);

/// `Piskvorky <W>x<H>, <a>:<b>, <first>`; the level and first-player parts are optional.
pub fn header_line(input: &[u8]) -> IResult<&[u8], PsqHeader<'_>> {
    let (rest, (_, _, w, _, h, _)) = (
        tag_no_case("Piskvorky"),
        space1,
        number,
        tag_no_case("x"),
        number,
        space0,
    )
        .parse(input)?;
    let (rest, levels) = opt((tag(","), space0, number, tag(":"), number, space0)).parse(rest)?;
    let (rest, _) = opt((tag(","), space0)).parse(rest)?;
    Ok((
        &rest[rest.len()..],
        (w, h, levels.map(|(_, _, a, _, b, _)| (a, b)), rest),
    ))
}

/// A move line `x,y[,ms]`.
pub fn move_line(input: &[u8]) -> IResult<&[u8], (u32, u32, Option<u32>)> {
    let (rest, (_, x, _, _, _, y, _, t, _)) = (
        space0,
        number,
        space0,
        tag(","),
        space0,
        number,
        space0,
        opt((tag(","), space0, number, space0)),
        nom::combinator::eof,
    )
        .parse(input)?;
    Ok((rest, (x, y, t.map(|(_, _, t, _)| t))))
}

fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, u32, &[u8])> {
    let mut off = 0usize;
    let mut no = 0u32;
    std::iter::from_fn(move || {
        if off >= bytes.len() {
            return None;
        }
        let rest = &bytes[off..];
        let n = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |p| p + 1);
        let mut line = &rest[..n];
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        let start = off;
        off += n;
        no += 1;
        Some((start, no, line))
    })
}

/// Parses a `.psq` file: one game, or one error located at the offending byte.
pub fn parse(bytes: &[u8]) -> Vec<RawItem> {
    vec![parse_game(bytes)]
}

fn parse_game(bytes: &[u8]) -> RawItem {
    let start = Location::new(0, 1, 1);
    let fail = |at: Location, message: String| RawError {
        format: Some(Format::Psq),
        at,
        start,
        span: Span::new(0, bytes.len() as u64),
        message,
        raw: raw_text(bytes),
    };
    let mut it = lines(bytes).filter(|(_, _, l)| l.iter().any(|b| !b.is_ascii_whitespace()));
    let Some((off, no, first)) = it.next() else {
        return Err(fail(
            start,
            "empty file: expected a 'Piskvorky WxH' header".into(),
        ));
    };
    let mut first = first;
    let mut at0 = Location::new(off as u64, no, 1);
    if off == 0 && first.starts_with(b"\xEF\xBB\xBF") {
        first = &first[3..];
        at0 = at0.advance(3);
    }
    let (w, h, levels, who) = match header_line(first) {
        Ok((_, hd)) => hd,
        Err(e) => {
            let rest = match e {
                nom::Err::Error(e) | nom::Err::Failure(e) => e.input.len(),
                nom::Err::Incomplete(_) => 0,
            };
            return Err(fail(
                at0.advance(first.len() - rest),
                "expected the header 'Piskvorky <W>x<H>, <a>:<b>, <first>'".into(),
            ));
        }
    };
    if !(1..=255).contains(&w) || !(1..=255).contains(&h) {
        return Err(fail(
            at0.advance(10),
            format!("board size {w}x{h} is out of range (1-255)"),
        ));
    }
    let mut g = RawGame::new(Format::Psq, start);
    g.span = Span::new(0, bytes.len() as u64);
    g.board_width = w as u8;
    g.board_height = h as u8;
    if let Some((a, b)) = levels {
        g.header
            .extra
            .push(("psq-levels".into(), format!("{a}:{b}")));
    }
    let who = String::from_utf8_lossy(who).trim().to_string();
    if !who.is_empty() {
        g.header.extra.push(("psq-first-player".into(), who));
    }
    let mut engines = 0;
    let mut in_moves = true;
    for (off, no, line) in it {
        let at = Location::new(off as u64, no, 1);
        let indent = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let body = &line[indent..];
        let body_at = at.advance(indent);
        if in_moves {
            if let Ok((_, (x, y, _ms))) = move_line(body) {
                if x == 0 || x > w {
                    return Err(fail(
                        body_at,
                        format!("x = {x} is outside the board (1-{w})"),
                    ));
                }
                if y == 0 || y > h {
                    let i = body.iter().position(|&b| b == b',').map_or(0, |p| p + 1);
                    return Err(fail(
                        body_at.advance(i),
                        format!("y = {y} is outside the board (1-{h})"),
                    ));
                }
                g.moves.push(RawMove {
                    point: Some(((x - 1) as u8, (h - y) as u8)),
                    at: body_at,
                    len: body.len().min(u16::MAX as usize) as u16,
                });
                continue;
            }
            // A line that starts like a move but is not one is an error.
            if body.first().is_some_and(|b| b.is_ascii_digit()) && body.contains(&b',') {
                let good = body
                    .iter()
                    .take_while(|b| b.is_ascii_digit() || **b == b',' || **b == b' ')
                    .count();
                return Err(fail(
                    body_at.advance(good),
                    "malformed move line: expected x,y,ms".into(),
                ));
            }
            in_moves = false;
        }
        let text = String::from_utf8_lossy(body).trim().to_string();
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
            g.header.extra.push(("psq-result-code".into(), text));
        } else {
            engines += 1;
            g.header.extra.push((format!("psq-engine-{engines}"), text));
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small() {
        let g = parse_game(b"Piskvorky 15x15, 11:11, 1\r\n8,8,100\r\n9,7,20\r\n").unwrap();
        assert_eq!((g.board_width, g.board_height), (15, 15));
        assert_eq!(g.moves[0].point, Some((7, 7)));
        assert_eq!(g.moves[1].point, Some((8, 8)));
        assert_eq!(g.moves[1].at, Location::new(36, 3, 1));
        let e = parse_game(b"Piskvorky 15x15, 1:1, 1\n8,8,1\n8,x,2\n").unwrap_err();
        assert_eq!(e.at, Location::new(32, 3, 3));
        let e = parse_game(b"Piskvorky 15y15").unwrap_err();
        assert_eq!(e.at.column, 13);
    }
}
