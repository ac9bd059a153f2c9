//! PGN-style tag pairs `[Name "value"]`: the one scanner every reader uses and the one
//! writer every record writer uses, plus the line-wrapping writer for move text.
//!
//! **Reading.** A scanner returns a [`RawTag`] borrowed from the line; its value keeps its
//! escapes until [`RawTag::decode`] undoes them (`\"` → `"`, `\\` → `\`), allocating only
//! when there is one. Two grammars, on purpose:
//! - [`scan`], strict (RenjuPlain, Chess Territorial, ChouChou `.ccn`, format detection):
//!   blanks (space, tab) allowed before `[`, after `[`, before `]` and after it; at least one
//!   blank between name and value; the value quoted, with `\"` and `\\` the only escapes.
//!   Anything else is an error at the byte where the syntax fails, and the record it is in
//!   is quarantined.
//! - [`scan_lenient`], for Xiangqi PGN as decoded text: collections from many programs
//!   write `[Name"value"]`, unquoted values `[Name value]`, stray quotes inside a value and
//!   full-width blanks, and a line that is not all tags is move text, not an error.
//!
//! The name is ASCII letters, digits, `_` and `-` in both.
//!
//! **Writing.** [`write_tag`] writes one tag line with the escapes a reader undoes;
//! [`Wrap`] writes tokens separated by one space in lines of at most a given width.

use std::borrow::Cow;

use nom::bytes::complete::{escaped, is_not, tag, take_while1};
use nom::character::complete::{char, one_of, space0, space1};
use nom::combinator::opt;
use nom::sequence::delimited;
use nom::{IResult, Parser};

/// A tag pair as written, borrowed from its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawTag<'a> {
    /// The name (ASCII letters, digits, `_`, `-`).
    pub name: &'a [u8],
    /// The value as written between the quotes, escapes not undone (for an unquoted
    /// lenient value: up to the `]`).
    pub value: &'a [u8],
    /// The value was quoted: its escapes are undone by [`RawTag::decode`].
    quoted: bool,
}

impl<'a> RawTag<'a> {
    /// The name as text (names are ASCII).
    pub fn name(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.name)
    }

    /// The value with `\"` and `\\` undone (any other backslash is kept; an unquoted value
    /// is as written): borrowed unless the value holds an escape.
    pub fn decode(&self) -> Cow<'a, [u8]> {
        let v = self.value;
        if !self.quoted || !v.contains(&b'\\') {
            return Cow::Borrowed(v);
        }
        let mut out = Vec::with_capacity(v.len());
        let mut i = 0;
        while i < v.len() {
            if v[i] == b'\\' && matches!(v.get(i + 1), Some(b'"' | b'\\')) {
                i += 1;
            }
            out.push(v[i]);
            i += 1;
        }
        Cow::Owned(out)
    }

    /// The same tag with its value written as `value` (the same bytes read in another
    /// encoding): its escapes are undone as this tag's would be.
    pub fn with_value<'b>(&self, value: &'b [u8]) -> RawTag<'b>
    where
        'a: 'b,
    {
        RawTag { value, ..*self }
    }

    /// The decoded value as trimmed text: UTF-8 when valid, else windows-1252 (names typed
    /// on old Western systems: `Café` as one byte 0xE9), never replacement characters.
    pub fn value_text(&self) -> String {
        let bytes = self.decode();
        match std::str::from_utf8(&bytes) {
            Ok(s) => s.trim().to_string(),
            Err(_) => encoding_rs::WINDOWS_1252
                .decode(&bytes)
                .0
                .trim()
                .to_string(),
        }
    }
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

fn strict(input: &[u8]) -> IResult<&[u8], RawTag<'_>> {
    let quoted = delimited(
        char('"'),
        opt(escaped(is_not("\\\""), '\\', one_of("\"\\"))),
        char('"'),
    );
    let (rest, (_, _, _, name, _, value, _, _, _)) = (
        space0,
        tag("["),
        space0,
        take_while1(is_name_byte),
        space1,
        quoted,
        space0,
        tag("]"),
        space0,
    )
        .parse(input)?;
    let value = value.unwrap_or(b"");
    Ok((
        rest,
        RawTag {
            name,
            value,
            quoted: true,
        },
    ))
}

/// Reads one strict tag at the start of `input` (blanks before it allowed): the tag and
/// what follows it (blanks after it skipped), or the byte offset in `input` where the
/// syntax fails.
pub fn scan(input: &[u8]) -> Result<(RawTag<'_>, &[u8]), usize> {
    strict(input)
        .map(|(rest, t)| (t, rest))
        .map_err(|e| match e {
            nom::Err::Error(e) | nom::Err::Failure(e) => input.len() - e.input.len(),
            // Complete parsers never ask for more input.
            nom::Err::Incomplete(_) => input.len(),
        })
}

/// Blanks before a lenient tag.
const LENIENT_BLANKS: [char; 4] = [' ', '\t', '\u{3000}', '\u{feff}'];

/// Reads a line of lenient tags `[A "x"] [B "y"]` (see the module notes): each tag with
/// the byte offset of its `[` in `line`, or `None` if the line is not tags alone.
pub fn scan_lenient(line: &str) -> Option<Vec<(RawTag<'_>, usize)>> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(LENIENT_BLANKS);
        if trimmed.is_empty() {
            break;
        }
        let at = line.len() - trimmed.len();
        let after = trimmed.strip_prefix('[')?;
        let name_len = after.bytes().take_while(|&b| is_name_byte(b)).count();
        if name_len == 0 {
            return None;
        }
        let name = &after.as_bytes()[..name_len];
        let after = after[name_len..].trim_start_matches([' ', '\t']);
        let (value, quoted, after) = if let Some(q) = after.strip_prefix('"') {
            // Up to the closing `"` followed by `]` (a stray `"` inside is kept).
            let b = q.as_bytes();
            let mut end = None;
            let mut i = 0;
            while i < b.len() {
                if b[i] == b'\\' && i + 1 < b.len() {
                    i += 2;
                    continue;
                }
                if b[i] == b'"' && q[i + 1..].trim_start().starts_with(']') {
                    end = Some(i);
                    break;
                }
                i += 1;
            }
            let end = end?;
            let after = q[end + 1..].trim_start();
            (&b[..end], true, after.strip_prefix(']')?)
        } else {
            let close = after.find(']')?;
            (&after.as_bytes()[..close], false, &after[close + 1..])
        };
        out.push((
            RawTag {
                name,
                value,
                quoted,
            },
            at,
        ));
        rest = after;
    }
    if out.is_empty() {
        None
    } else {
        Some(out)
    }
}

/// Appends a tag line `[Name "value"]` and a newline, escaping `"` and `\` in the value
/// (the name is written as given: callers pass names made of [`RawTag::name`] bytes).
pub fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// Whether `name` can be written as a tag name as it is (non-empty, ASCII letters, digits,
/// `_`, `-`).
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(is_name_byte)
}

/// Writes tokens separated by one space, starting a new line before a token that would
/// make the line longer than `width` bytes (a token longer than `width` stands alone on
/// its line). [`Wrap::finish`] ends the last line.
pub struct Wrap<'a> {
    out: &'a mut String,
    width: usize,
    /// Bytes on the current line.
    line: usize,
}

impl<'a> Wrap<'a> {
    /// Appends to `out`, on a new line (`out` is empty or ends with a newline).
    pub fn new(out: &'a mut String, width: usize) -> Wrap<'a> {
        Wrap {
            out,
            width,
            line: 0,
        }
    }

    /// Appends one token (it must not hold a newline).
    pub fn token(&mut self, token: &str) {
        if self.line > 0 {
            if self.line + 1 + token.len() > self.width {
                self.out.push('\n');
                self.line = 0;
            } else {
                self.out.push(' ');
                self.line += 1;
            }
        }
        self.out.push_str(token);
        self.line += token.len();
    }

    /// Ends the last line with a newline (an empty line when no token was written).
    pub fn finish(self) {
        self.out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_tags() {
        let (t, rest) = scan(br#" [ Black  "A \"B\" C" ] [White "x"]"#).unwrap();
        assert_eq!(t.name, b"Black");
        assert_eq!(t.value, br#"A \"B\" C"#);
        assert_eq!(t.decode(), &b"A \"B\" C"[..]);
        assert_eq!(rest, br#"[White "x"]"#);
        let (t, rest) = scan(br#"[Empty ""]"#).unwrap();
        assert_eq!((t.value, rest), (&b""[..], &b""[..]));
        assert!(matches!(t.decode(), Cow::Borrowed(_)));
        // Where the syntax fails.
        assert_eq!(scan(b"x"), Err(0));
        assert_eq!(scan(b"[ ]"), Err(2));
        assert_eq!(scan(br#"[Key"v"]"#), Err(4));
        assert_eq!(scan(b"[Key v]"), Err(5));
        assert_eq!(scan(br#"[Key "v\n"]"#), Err(6));
        assert_eq!(scan(br#"[Key "v"x"#), Err(8));
        assert_eq!(scan(br#"[Key "v"#), Err(7));
    }

    #[test]
    fn value_text_guesses_windows_1252() {
        let (t, _) = scan(b"[Black \" Caf\xE9 \"]").unwrap();
        assert_eq!(t.value_text(), "Café");
        let (t, _) = scan("[Black \"Café\"]".as_bytes()).unwrap();
        assert_eq!(t.value_text(), "Café");
    }

    #[test]
    fn lenient_tags() {
        let line = "\u{3000}[Event\"a \\\"b\\\"\"] [Red 胡荣华] [Site \"x \"y\" \\n\" ]";
        let tags = scan_lenient(line).unwrap();
        assert_eq!(tags.len(), 3);
        assert_eq!(tags[0].0.name, b"Event");
        assert_eq!(tags[0].0.value_text(), "a \"b\"");
        assert_eq!(tags[0].1, 3);
        assert_eq!(tags[1].0.value_text(), "胡荣华");
        assert_eq!(tags[2].0.value_text(), "x \"y\" \\n");
        assert!(scan_lenient("1. h2e2").is_none());
        assert!(scan_lenient("[Red \"a\"] 1. h2e2").is_none());
        assert!(scan_lenient("[ Red \"a\"]").is_none());
        assert!(scan_lenient("").is_none());
        let tags = scan_lenient(r"[Site a\b\]").unwrap();
        assert_eq!(tags[0].0.decode(), &br"a\b\"[..]);
    }

    #[test]
    fn written_tags_read_back() {
        let mut out = String::new();
        write_tag(&mut out, "Black", "A \"B\" \\ C");
        assert_eq!(out, "[Black \"A \\\"B\\\" \\\\ C\"]\n");
        let (t, _) = scan(out.trim_end().as_bytes()).unwrap();
        assert_eq!(t.value_text(), "A \"B\" \\ C");
        assert!(is_tag_name("White-Elo_2") && !is_tag_name("") && !is_tag_name("a b"));
    }

    #[test]
    fn wrapping() {
        let mut out = String::new();
        let mut w = Wrap::new(&mut out, 10);
        for t in ["1.", "abc", "def", "2.", "toolongtoken", "x"] {
            w.token(t);
        }
        w.finish();
        assert_eq!(out, "1. abc def\n2.\ntoolongtoken\nx\n");
        let mut out = String::new();
        Wrap::new(&mut out, 80).finish();
        assert_eq!(out, "\n");
    }
}
