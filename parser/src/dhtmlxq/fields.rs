//! Splitting DhtmlXQ text into fields: the `[DhtmlXQ_key]value[/DhtmlXQ_key]` fields of
//! a block (closed late, unclosed or by another tag as writers do) and the key-value pairs
//! of a dpxq Python dict literal, parsed with nom.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

/// One field: key, value, where the value starts in the decoded text, and whether the
/// value's bytes are the text's bytes (no escapes).
pub(super) struct Field {
    pub(super) key: String,
    pub(super) value: String,
    pub(super) at: usize,
    pub(super) plain: bool,
}

/// Where the closing tags `[/DhtmlXQ_key]` of `text[from..to]` start: all of them, and by
/// key. Found in one pass, so that looking for a field's end is a binary search, not a scan
/// to the end of the text for every field (quadratic on thousands of unclosed fields).
struct Closers<'t> {
    all: Vec<usize>,
    by_key: std::collections::HashMap<&'t str, Vec<usize>>,
}

impl<'t> Closers<'t> {
    const PREFIX: &'static str = "[/DhtmlXQ_";

    fn new(text: &'t str, from: usize, to: usize) -> Closers<'t> {
        let mut c = Closers {
            all: Vec::new(),
            by_key: std::collections::HashMap::new(),
        };
        for (p, _) in text[from..to].match_indices(Self::PREFIX) {
            let p = from + p;
            c.all.push(p);
            let ks = p + Self::PREFIX.len();
            if let Some(kl) = text[ks..to].find(']') {
                c.by_key.entry(&text[ks..ks + kl]).or_default().push(p);
            }
        }
        c
    }

    /// The first of `starts` at or after `at`.
    fn first(starts: &[usize], at: usize) -> Option<usize> {
        starts.get(starts.partition_point(|&p| p < at)).copied()
    }

    /// Where `[/DhtmlXQ_{key}]` first starts at or after `at` (as `text[at..to].find`).
    fn of_key(&self, key: &str, at: usize) -> Option<usize> {
        Self::first(self.by_key.get(key)?, at)
    }

    /// Where any closing tag first starts at or after `at`.
    fn any(&self, at: usize, to: usize) -> Option<usize> {
        Self::first(&self.all, at).filter(|p| p + Self::PREFIX.len() <= to)
    }
}

/// `[DhtmlXQ_key]value[/DhtmlXQ_key]` fields in `text[from..to]`.
pub(super) fn block_fields(text: &str, from: usize, to: usize) -> Vec<Field> {
    let mut out = Vec::new();
    let mut i = from;
    let closers = Closers::new(text, from, to);
    while let Some(p) = text[i..to].find("[DhtmlXQ_") {
        let ks = i + p + "[DhtmlXQ_".len();
        let Some(kl) = text[ks..to].find(']') else {
            break;
        };
        let key = &text[ks..ks + kl];
        let vs = ks + kl + 1;
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            i = vs;
            continue;
        }
        let close_len = Closers::PREFIX.len() + key.len() + 1;
        let (ve, next) = match closers.of_key(key, vs) {
            Some(q) => (q, q + close_len),
            None => {
                // Up to the next field (some writers close with a different tag).
                let ve = closers
                    .any(vs, to)
                    .or_else(|| text[vs..to].find("[DhtmlXQ_").map(|q| vs + q))
                    .unwrap_or(to);
                let next = text[ve..to]
                    .find(']')
                    .map(|r| ve + r + 1)
                    .filter(|_| text[ve..].starts_with("[/"))
                    .unwrap_or(ve);
                (ve, next.max(vs))
            }
        };
        out.push(Field {
            key: key.to_ascii_lowercase(),
            value: text[vs..ve].to_string(),
            at: vs,
            plain: true,
        });
        i = next.max(vs);
    }
    out
}

// ---------------------------------------------------------------------------------------
// Python dict literal

fn ws(i: &str) -> IResult<&str, &str> {
    multispace0(i)
}

/// A Python string literal body (quote already consumed): returns (value, plain).
fn py_string(input: &str) -> IResult<&str, (String, bool)> {
    let (i, q) = alt((char('\''), char('"'))).parse(input)?;
    let mut out = String::new();
    let mut plain = true;
    let mut chars = i.char_indices();
    while let Some((k, c)) = chars.next() {
        if c == q {
            return Ok((&i[k + 1..], (out, plain)));
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        plain = false;
        let Some((_, e)) = chars.next() else { break };
        let mut hex = |n: usize| -> Option<char> {
            let mut v = 0u32;
            for _ in 0..n {
                let (_, h) = chars.next()?;
                v = v * 16 + h.to_digit(16)?;
            }
            char::from_u32(v)
        };
        match e {
            '\\' => out.push('\\'),
            '\'' => out.push('\''),
            '"' => out.push('"'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '0' => out.push('\0'),
            '\n' => {}
            'x' => out.push(hex(2).unwrap_or('\u{FFFD}')),
            'u' => out.push(hex(4).unwrap_or('\u{FFFD}')),
            'U' => out.push(hex(8).unwrap_or('\u{FFFD}')),
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Err(nom::Err::Error(nom::error::Error::new(
        input,
        nom::error::ErrorKind::Char,
    )))
}

/// A value: string, number, `None`, `True`, `False`.
fn py_value(input: &str) -> IResult<&str, (String, bool)> {
    if input.starts_with(['\'', '"']) {
        return py_string(input);
    }
    let (rest, v) = alt((
        tag("None"),
        tag("True"),
        tag("False"),
        recognize((
            opt(char('-')),
            take_while1(|c: char| c.is_ascii_digit()),
            take_while(|c: char| c.is_ascii_digit() || c == '.' || c == 'e' || c == 'E'),
        )),
    ))
    .parse(input)?;
    let v = if v == "None" { "" } else { v };
    Ok((rest, (v.to_string(), true)))
}

/// Parses `{'key': value, …}`; errors are (decoded index, message).
pub(super) fn dict_literal(text: &str, from: usize) -> Result<Vec<Field>, (usize, String)> {
    let at = |rest: &str| text.len() - rest.len();
    let mut out = Vec::new();
    let (mut i, _) = (ws, char('{'))
        .parse(&text[from..])
        .map_err(|_: nom::Err<nom::error::Error<&str>>| (from, "expected '{'".to_string()))?;
    loop {
        let (r, _) = ws(i).unwrap_or((i, ""));
        i = r;
        if let Some(r) = i.strip_prefix('}') {
            i = r;
            break;
        }
        let (r, (key, _)) =
            py_string(i).map_err(|_| (at(i), "expected a quoted key".to_string()))?;
        let (r, _) = (ws, char(':'), ws)
            .parse(r)
            .map_err(|_: nom::Err<nom::error::Error<&str>>| (at(r), "expected ':'".to_string()))?;
        let vstart = at(r) + 1;
        let (r, (value, plain)) = py_value(r).map_err(|_| {
            (
                at(r),
                format!("value of '{key}' is not a string, number or None"),
            )
        })?;
        out.push(Field {
            key: key.to_ascii_lowercase(),
            value,
            at: vstart,
            plain,
        });
        let (r, _) = ws(r).unwrap_or((r, ""));
        i = r;
        if let Some(r) = i.strip_prefix(',') {
            i = r;
        } else if !i.starts_with('}') {
            return Err((at(i), "expected ',' or '}'".to_string()));
        }
    }
    if !i.trim().is_empty() {
        return Err((at(i), "text after the closing '}'".to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_closed_late_unclosed_or_by_another_tag() {
        let t = "[DhtmlXQ_movelist]7747[DhtmlXQ_red]A[/DhtmlXQ_x][DhtmlXQ_black]B\
                 [DhtmlXQ_title]T[/DhtmlXQ_title][/DhtmlXQ_movelist]";
        let f = block_fields(t, 0, t.len());
        let kv: Vec<(&str, &str)> = f.iter().map(|f| (&f.key[..], &f.value[..])).collect();
        assert_eq!(
            kv,
            [(
                "movelist",
                "7747[DhtmlXQ_red]A[/DhtmlXQ_x][DhtmlXQ_black]B[DhtmlXQ_title]T\
                     [/DhtmlXQ_title]"
            ),]
        );
        // Unclosed: up to the next closing tag, else the next field.
        let t = "[DhtmlXQ_red]A[/DhtmlXQ_x][DhtmlXQ_black]B[DhtmlXQ_title]T[/DhtmlXQ_title]";
        let f = block_fields(t, 0, t.len());
        let kv: Vec<(&str, &str)> = f.iter().map(|f| (&f.key[..], &f.value[..])).collect();
        assert_eq!(kv, [("red", "A"), ("black", "B[DhtmlXQ_title]T")]);
        let t = "[DhtmlXQ_red]A[DhtmlXQ_black]B[DhtmlXQ_red]C[/DhtmlXQ_red]";
        let f = block_fields(t, 0, t.len());
        let kv: Vec<(&str, &str)> = f.iter().map(|f| (&f.key[..], &f.value[..])).collect();
        assert_eq!(kv, [("red", "A[DhtmlXQ_black]B[DhtmlXQ_red]C")]);
        let t = "[DhtmlXQ_red]A[DhtmlXQ_black]B[DhtmlXQ_title]T";
        let f = block_fields(t, 0, t.len());
        let kv: Vec<(&str, &str)> = f.iter().map(|f| (&f.key[..], &f.value[..])).collect();
        assert_eq!(kv, [("red", "A"), ("black", "B"), ("title", "T")]);
    }
}
