//! ChouChou move text: tokens (actions, capture counts, ply numbers, results), comments,
//! and the bare action lists `kifu check chouchou` reads.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of};
use nom::combinator::{map, map_res, value};
use nom::multi::many1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::{new_game, set_result};
use crate::raw::{
    raw_text, CcAction, CcActionText, CcGame, Comment, Format, Location, RawError, Span,
};

/// A token normalized to ASCII upper case, with the source byte offset of every byte.
pub(super) struct Normal {
    pub(super) text: String,
    /// `map[i]` = byte offset in the source token of normalized byte `i`; one extra entry
    /// for the end.
    map: Vec<usize>,
}

fn normal_char(c: char) -> Option<&'static str> {
    Some(match c {
        '→' | '⇒' | '➡' | '⟶' | '＞' => ">",
        '－' | '−' | 'ー' | '‐' | '–' => "-",
        '①' | '❶' | '⑴' => "(1)",
        '②' | '❷' | '⑵' => "(2)",
        '×' | '✕' | '✖' => "X",
        _ => return None,
    })
}

pub(super) fn normalize(tok: &str) -> Normal {
    let mut text = String::with_capacity(tok.len());
    let mut map = Vec::with_capacity(tok.len() + 1);
    for (off, c) in tok.char_indices() {
        let start = text.len();
        if let Some(s) = normal_char(c) {
            text.push_str(s);
        } else if ('\u{FF01}'..='\u{FF5E}').contains(&c) {
            let a = char::from_u32(c as u32 - 0xFEE0).unwrap_or('?');
            text.push(a.to_ascii_uppercase());
        } else {
            text.push(c.to_ascii_uppercase());
        }
        map.extend(std::iter::repeat_n(off, text.len() - start));
    }
    map.push(tok.len());
    Normal { text, map }
}

/// A cell `3B` → `(2, 1)`: digit 1-9 (column from the left), letter A-I (row from the
/// far side).
fn cell(input: &str) -> IResult<&str, (u8, u8)> {
    map(
        (one_of("123456789"), one_of("ABCDEFGHI")),
        |(d, l): (char, char)| (d as u8 - b'1', l as u8 - b'A'),
    )
    .parse(input)
}

fn arrow(input: &str) -> IResult<&str, ()> {
    value((), alt((tag("->"), tag(">"), tag("-")))).parse(input)
}

fn count(input: &str) -> IResult<&str, u8> {
    alt((
        value(1, tag("(1)")),
        value(2, tag("(2)")),
        value(1, tag("1")),
        value(2, tag("2")),
    ))
    .parse(input)
}

fn number(input: &str) -> IResult<&str, u32> {
    map_res(digit1, str::parse::<u32>).parse(input)
}

fn annotation(input: &str) -> IResult<&str, u32> {
    preceded(tag("X"), number).parse(input)
}

fn ply_number(input: &str) -> IResult<&str, ()> {
    value((), (digit1, many1(one_of(".)")))).parse(input)
}

/// What one whitespace-separated token is.
#[derive(Debug, PartialEq)]
pub(super) enum Token {
    /// An action; `start..end` = its source bytes in the token (annotation included).
    Action {
        text: CcActionText,
        annotated: Option<u32>,
        start: usize,
        end: usize,
    },
    /// A capture annotation on its own (`x4`).
    Annotation(u32),
    PlyNumber,
    /// `*`, `draw`, `P1`…`P4`.
    Result(String),
}

/// Reads one token; on failure the byte offset in the token and a message.
pub(super) fn read_token(tok: &str) -> Result<Token, (usize, String)> {
    let n = normalize(tok);
    let norm = n.text.as_str();
    let src = |r: &str| n.map[norm.len() - r.len()];
    let mut rest = norm;
    if let Ok((r, ())) = ply_number(rest) {
        if r.is_empty() {
            return Ok(Token::PlyNumber);
        }
        rest = r;
    }
    match rest {
        "*" => return Ok(Token::Result("*".to_string())),
        "DRAW" => return Ok(Token::Result("draw".to_string())),
        "P1" | "P2" | "P3" | "P4" => return Ok(Token::Result(rest.to_string())),
        _ => {}
    }
    if let Ok((r, k)) = annotation(rest) {
        if r.is_empty() {
            return Ok(Token::Annotation(k));
        }
        return Err((
            src(r),
            format!("unexpected '{}' after the capture count", &tok[src(r)..]),
        ));
    }
    let start = src(rest);
    let (r, from) = cell(rest).map_err(|_| match rest.as_bytes().first() {
        Some(b'1'..=b'9') => (
            src(&rest[1..]),
            "expected a row letter A-D after the column digit".to_string(),
        ),
        _ => (
            start,
            format!(
                "'{}' is not a ChouChou action: expected a cell such as 3B (digit 1-4, letter A-D)",
                &tok[start..]
            ),
        ),
    })?;
    rest = r;
    let mut text = CcActionText::Place { cell: from };
    if let Ok((r, ())) = arrow(rest) {
        let (r2, to) = cell(r).map_err(|_| match r.as_bytes().first() {
            Some(b'1'..=b'9') => (
                src(&r[1..]),
                "expected the destination's row letter A-D".to_string(),
            ),
            _ => (
                src(r),
                "expected the destination cell after the arrow (e.g. 3C→1A②)".to_string(),
            ),
        })?;
        let (r3, k) = count(r2).map_err(|_| {
            (
                src(r2),
                "expected the count after the destination: ② or ① ((2)/(1), or 2/1)".to_string(),
            )
        })?;
        text = if k == 2 {
            CcActionText::MoveTwo { from, to }
        } else {
            CcActionText::SwapOne { from, to }
        };
        rest = r3;
    }
    let mut annotated = None;
    if let Ok((r, k)) = annotation(rest) {
        annotated = Some(k);
        rest = r;
    }
    if !rest.is_empty() {
        let at = src(rest);
        return Err((at, format!("unexpected '{}' after the action", &tok[at..])));
    }
    Ok(Token::Action {
        text,
        annotated,
        start,
        end: tok.len(),
    })
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{3000}'
}

/// A piece of move text: a token, or a comment.
pub(super) enum Piece<'a> {
    Token(&'a str, usize),
    Comment(&'a str),
}

/// Splits move text into tokens and comments (`;` to the end, `{…}`); an unclosed `{` is an
/// error at its byte.
pub(super) fn pieces(line: &str) -> Result<Vec<Piece<'_>>, (usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < line.len() {
        let c = line[i..].chars().next().unwrap_or(' ');
        if is_space(c) {
            i += c.len_utf8();
            continue;
        }
        if c == ';' {
            out.push(Piece::Comment(line[i + 1..].trim()));
            break;
        }
        if c == '{' {
            match line[i..].find('}') {
                Some(k) => {
                    out.push(Piece::Comment(line[i + 1..i + k].trim()));
                    i += k + 1;
                    continue;
                }
                None => return Err((i, "unclosed comment: '{' without '}'".to_string())),
            }
        }
        let start = i;
        while i < line.len() {
            let c = line[i..].chars().next().unwrap_or(' ');
            if is_space(c) || c == ';' || c == '{' {
                break;
            }
            i += c.len_utf8();
        }
        out.push(Piece::Token(&line[start..i], start));
    }
    Ok(out)
}

/// What reading move text adds to a game.
#[derive(Default)]
pub(super) struct MoveState {
    ended: bool,
    pub(super) result_from_tag: bool,
}

/// Reads move text into `game`; `at` is the location of `line[0]`.
pub(super) fn read_moves(
    line: &str,
    at: Location,
    game: &mut CcGame,
    st: &mut MoveState,
    player: Option<&str>,
) -> Result<(), (Location, String)> {
    for p in pieces(line).map_err(|(i, m)| (at.advance(i), m))? {
        let (tok, off) = match p {
            Piece::Comment(text) => {
                if !text.is_empty() {
                    game.comments.push(Comment {
                        ply: game.actions.len() as u32,
                        text: text.to_string(),
                    });
                }
                continue;
            }
            Piece::Token(t, off) => (t, off),
        };
        let tok_at = at.advance(off);
        let token = read_token(tok).map_err(|(i, m)| (tok_at.advance(i), m))?;
        if st.ended && token != Token::PlyNumber {
            return Err((
                tok_at,
                format!("'{tok}' after the result token: actions must come before the result"),
            ));
        }
        match token {
            Token::PlyNumber => {}
            Token::Result(r) => {
                if !st.result_from_tag {
                    set_result(game, r, tok_at);
                }
                st.ended = true;
            }
            Token::Annotation(k) => match game.actions.last_mut() {
                Some(a) if a.annotated_captures.is_none() => a.annotated_captures = Some(k),
                Some(_) => {
                    return Err((tok_at, "a second capture count for one action".to_string()))
                }
                None => {
                    return Err((
                        tok_at,
                        "a capture count with no action before it".to_string(),
                    ))
                }
            },
            Token::Action {
                text,
                annotated,
                start,
                end,
            } => game.actions.push(CcAction {
                text,
                annotated_captures: annotated,
                player: player.map(str::to_string),
                written: tok[start..end].to_string(),
                at: tok_at.advance(start),
                len: (end - start).min(u16::MAX as usize) as u16,
            }),
        }
    }
    Ok(())
}

/// Reads a bare action list (`"1A 2A 3C→1A② x3"`, as typed for `kifu check chouchou`),
/// located from offset 0, line 1, column 1. Comments and ply numbers are allowed; a result
/// token ends the list.
pub fn parse_action_list(text: &str) -> Result<Vec<CcAction>, RawError> {
    let mut game = new_game(Format::ChouChouCcn, Location::new(0, 1, 1));
    let mut st = MoveState::default();
    let mut offset = 0u64;
    for (n, line) in text.split('\n').enumerate() {
        let at = Location::new(offset, n as u32 + 1, 1);
        offset += line.len() as u64 + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Err((loc, message)) = read_moves(line, at, &mut game, &mut st, None) {
            return Err(RawError {
                format: Some(Format::ChouChouCcn),
                at: loc,
                start: Location::new(0, 1, 1),
                span: Span::new(0, text.len() as u64),
                message,
                raw: raw_text(text.as_bytes()),
            });
        }
    }
    Ok(game.actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(
            read_token("３Ｃ－＞１Ａ（２）"),
            Ok(Token::Action {
                text: CcActionText::MoveTwo {
                    from: (2, 2),
                    to: (0, 0)
                },
                annotated: None,
                start: 0,
                end: "３Ｃ－＞１Ａ（２）".len()
            })
        );
        assert!(matches!(read_token("12."), Ok(Token::PlyNumber)));
        assert!(matches!(read_token("×4"), Ok(Token::Annotation(4))));
        assert_eq!(read_token("3Z").unwrap_err().0, 1);
        assert_eq!(read_token("1.3C>1A").unwrap_err().0, 7);
    }
}
