//! DhtmlXQ records (东萍 dpxq.com viewer): [`Format::DhtmlXq`], in three shapes.
//!
//! 1. **Blocks** in HTML pages or UBB text: `[DhtmlXQ]…[/DhtmlXQ]` holding fields
//!    `[DhtmlXQ_key]value[/DhtmlXQ_key]` (`title`, `event`, `red`, `redteam`, `black`,
//!    `blackteam`, `result`, `date`, `round`, `open`, `binit`, `fen`, `movelist`,
//!    `move_A_B_C`, `commentN`, `commentC_N`, …). Text with fields but no `[DhtmlXQ]`
//!    wrapper is one block. One game per block.
//! 2. **dpxq dict literals**: one Python dict literal per file, `{'movelist': '7747…',
//!    'red': '…', 'comments': '[DhtmlXQ_comment3]…[/DhtmlXQ_comment3]', …}`, parsed here
//!    with nom (single or double quotes, escapes `\'`, `\\`, `\n`, `\uXXXX`, `\xXX`;
//!    integers, `None`, `True`, `False`).
//! 3. **A bare 4-digit move string** (`7747…`, whitespace allowed).
//!
//! Moves: 4 digits `x1 y1 x2 y2`, x 0-8 from Red's left, y 0-9 **from the top**, mapped to
//! [`XqMoveText::Coord`] with rank = 9 − y; `written` keeps the 4 digits. A digit out of
//! range or a non-digit is a [`RawError`] at it; 1-3 trailing digits are dropped with a
//! warning Note `movelist-trailing-digits`; a move list that repeats its own field inside
//! (`…[/DhtmlXQ_movelist][DhtmlXQ_movelist]…`, one dpxq record) keeps the first list
//! (Note `movelist-junk`). A bare string is read with y from the top unless replaying
//! piece occupancy from the standard start works better with y from the bottom (the
//! elephantchess `.ubb` writer): then Note `dhtmlxq-y-from-bottom`.
//!
//! Variations `[DhtmlXQ_move_A_B_C]`: variation `C` branches from line `A` (0 = main
//! line) and its first move replaces that line's move `B`, so `from_ply = B` (plies of the
//! whole game); variations of variations nest, up to [`MAX_VARIATION_DEPTH`] levels
//! (deeper ones are dropped with a warning Note `variations-too-deep`). Comments:
//! `commentN` is after ply N (`comment0` on the start position); `commentC_N` is after
//! ply N of variation C, kept in that variation's comments (one naming no variation of
//! the record stays on the main line, prefixed `(variation C, not in the record) `). `||`
//! in comments is a line break.
//!
//! Header: `red`/`black` are the players (dpxq: `redname`/`blackname` when given — `red`
//! there is "team name", kept in `extra` as `red`); `event`, `round`, `date` (normalized),
//! `open` → `opening` (`recordopen` when there is one, even empty: kifu's export writes
//! the record's own there and its own in `open`), `dpid` → `id`, `result` (`W`/`红胜` → `Win(Seat::FIRST)`, Red's win,
//! `L`/`黑胜` → Black's `Win(Seat::SECOND)`, `D`/`和棋` → `Draw`), other non-empty fields (except viewer
//! settings such as `init`, `ver`, `hits`) in `extra`. `binit` (64 digits, 32 pieces in
//! the order `RNBAKABNRCCPPPPP` then Black's, `99` = off the board) becomes a FEN in
//! [`XqGame::fen`], side to move from the piece on the first move's square; a `binit`
//! that is the standard start leaves `fen` empty.

use kifu_facts::Severity;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{opt, recognize};
use nom::{IResult, Parser};

use crate::raw::{
    Comment, Format, Location, Note, RawError, Span, XqGame, XqMove, XqMoveText, XqVariation,
};
use crate::{field_text, xq_text};

/// The field kifu's writer gives the record's own opening text, beside its own `open`: a
/// block with it (even empty) takes the record's opening from it, and its `open` is kifu's
/// (derived from the moves again).
pub const RECORD_OPEN: &str = "recordopen";

/// Deepest variation nesting kept (deeper variations are dropped with a note).
pub const MAX_VARIATION_DEPTH: usize = 64;

const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// One field: key, value, where the value starts in the decoded text, and whether the
/// value's bytes are the text's bytes (no escapes).
struct Field {
    key: String,
    value: String,
    at: usize,
    plain: bool,
}

/// Decoded-text positions to source locations.
struct Pos<'a> {
    map: &'a [u32],
    base: u64,
    line_starts: Vec<u64>,
}

impl<'a> Pos<'a> {
    fn new(src: &[u8], map: &'a [u32], base: u64) -> Self {
        let mut line_starts = vec![base];
        for (i, &b) in src.iter().enumerate() {
            if b == b'\n' {
                line_starts.push(base + i as u64 + 1);
            }
        }
        Pos {
            map,
            base,
            line_starts,
        }
    }
    fn offset(&self, i: usize) -> u64 {
        let i = i.min(self.map.len().saturating_sub(1));
        self.base + self.map.get(i).copied().unwrap_or(0) as u64
    }
    fn loc(&self, i: usize) -> Location {
        let off = self.offset(i);
        let line = self.line_starts.partition_point(|&s| s <= off).max(1);
        let col = off - self.line_starts[line - 1] + 1;
        Location::new(off, line as u32, col as u32)
    }
}

/// Parses DhtmlXQ text in any of the three shapes.
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    let (src, base) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(b) => (b, 3u64),
        None => (bytes, 0),
    };
    let enc = xq_text::detect_encoding(&src[..src.len().min(64 * 1024)]);
    let (text, map, _) = xq_text::decode_mapped(src, enc);
    let pos = Pos::new(src, &map, base);
    let whole = Span::new(base, base + src.len() as u64);
    let err = |i: usize, span: Span, message: String, raw: &str| RawError {
        format: Some(Format::DhtmlXq),
        at: pos.loc(i),
        start: pos.loc(span.start.saturating_sub(base) as usize),
        span,
        message,
        raw: crate::raw::raw_text(raw.as_bytes()),
    };
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    if trimmed.starts_with('{') {
        return vec![match dict_literal(&text, lead) {
            Ok(mut fields) => {
                let notes = reread_fields(&mut fields, src, &pos, enc);
                with_notes(build(&fields, &pos, lead, text.len(), enc, false), notes)
            }
            Err((i, m)) => Err(err(i, whole, m, &text)),
        }];
    }
    if text.contains("[DhtmlXQ") {
        let mut out = Vec::new();
        let mut blocks = Vec::new();
        let mut from = 0;
        while let Some(p) = text[from..].find("[DhtmlXQ]") {
            let s = from + p;
            let body = s + "[DhtmlXQ]".len();
            let e = text[body..]
                .find("[/DhtmlXQ]")
                .map(|q| body + q)
                .unwrap_or(text.len());
            blocks.push((s, body, e));
            from = (e + "[/DhtmlXQ]".len()).min(text.len());
        }
        if blocks.is_empty() {
            // Fields without a `[DhtmlXQ]` opener: each `[/DhtmlXQ]` still closes the
            // block before it, so that no field's value runs across a block's end.
            let mut s = lead;
            while let Some(q) = text[s..].find("[/DhtmlXQ]") {
                blocks.push((s, s, s + q));
                s += q + "[/DhtmlXQ]".len();
            }
            if s < text.len() || blocks.is_empty() {
                blocks.push((s, s, text.len()));
            }
        }
        for (s, body, e) in blocks {
            let mut fields = block_fields(&text, body, e);
            if !fields
                .iter()
                .any(|f| f.key == "movelist" || f.key == "binit")
            {
                continue;
            }
            let end = (e + "[/DhtmlXQ]".len()).min(text.len());
            let notes = reread_fields(&mut fields, src, &pos, enc);
            out.push(with_notes(build(&fields, &pos, s, end, enc, false), notes));
        }
        return out;
    }
    if !trimmed.is_empty()
        && trimmed
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
    {
        let fields = vec![Field {
            key: "movelist".to_string(),
            value: text.clone(),
            at: 0,
            plain: true,
        }];
        return vec![build(&fields, &pos, lead, text.len(), enc, true)];
    }
    if trimmed.is_empty() {
        return Vec::new();
    }
    vec![Err(err(
        lead,
        whole,
        "not DhtmlXQ: no [DhtmlXQ] block, dict literal or 4-digit move string".to_string(),
        &text,
    ))]
}

/// Reads each header field's bytes on its own ([`field_text::read_field`]): a field in
/// another encoding than the file's gets that encoding's text and an info note. Move,
/// position and comment fields are left as they are, and so are values with escapes (a
/// dict literal's `\xXX`), whose bytes are not the text's.
fn reread_fields(fields: &mut [Field], src: &[u8], pos: &Pos, enc: &str) -> Vec<Note> {
    let mut notes = Vec::new();
    for f in fields.iter_mut() {
        let k = f.key.as_str();
        let not_header = k == "movelist"
            || k.starts_with("move_")
            || k.starts_with("comment")
            || matches!(k, "binit" | "fen");
        if not_header || !f.plain || f.value.is_ascii() {
            continue;
        }
        let (from, to) = (
            pos.map[f.at] as usize,
            pos.map[f.at + f.value.len()] as usize,
        );
        let Some(other) = field_text::read_field(&src[from..to], enc).other else {
            continue;
        };
        notes.push(other.note(
            &format!("DhtmlXQ_{k} field"),
            &other.text,
            enc,
            pos.loc(f.at),
        ));
        f.value = other.text;
    }
    notes
}

/// `game` with `notes` added.
fn with_notes(game: Result<XqGame, RawError>, notes: Vec<Note>) -> Result<XqGame, RawError> {
    game.map(|mut g| {
        g.notes.extend(notes);
        g
    })
}

/// A field's text with HTML's character references decoded: the named ones writers use
/// (`&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` `&amp;`) and numeric ones (`&#91;`, `&#x5B;`),
/// in one pass, so that `&amp;lt;` stays `&lt;`. Anything else is kept as written.
fn html_unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        match character_reference(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character `text` (starting at `&`) refers to, and the reference's length.
fn character_reference(text: &str) -> Option<(char, usize)> {
    let end = text[1..].find(';').filter(|&e| e <= 10)? + 1;
    let name = &text[1..end];
    let c = match name {
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "amp" => '&',
        _ => {
            let code = match name.strip_prefix('#')? {
                hex if hex.starts_with(['x', 'X']) => u32::from_str_radix(&hex[1..], 16).ok()?,
                dec => dec.parse().ok()?,
            };
            char::from_u32(code).filter(|&c| c != '\0')?
        }
    };
    Some((c, end + 1))
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
fn block_fields(text: &str, from: usize, to: usize) -> Vec<Field> {
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
fn dict_literal(text: &str, from: usize) -> Result<Vec<Field>, (usize, String)> {
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

// ---------------------------------------------------------------------------------------
// Games

/// Fields dpxq/DhtmlXQ writers add for the viewer, not for the record.
const NOISE: &[&str] = &[
    "init",
    "ver",
    "pver",
    "hits",
    "price",
    "hidden",
    "sortid",
    "viewurl",
    "adddate",
    "editdate",
    "moves",
    "comments",
    "movelist",
    "generator",
    "firstnum",
    "length",
];

/// Reads a 4-digit move list. `at`: decoded index of the value (exact when `plain`).
fn read_moves(
    value: &str,
    at: usize,
    plain: bool,
    pos: &Pos,
    notes: &mut Vec<Note>,
) -> Result<Vec<XqMove>, (usize, String)> {
    let mut digits: Vec<(usize, u8)> = Vec::new();
    for (k, c) in value.char_indices() {
        let idx = if plain { at + k } else { at };
        if c.is_ascii_digit() {
            digits.push((idx, c as u8 - b'0'));
        } else if !c.is_whitespace() {
            return Err((idx, format!("'{c}' in a DhtmlXQ move list (digits only)")));
        }
    }
    let whole = digits.len() / 4 * 4;
    if whole < digits.len() {
        notes.push(Note {
            code: "movelist-trailing-digits",
            severity: Severity::Warning,
            message: format!(
                "the move list ends with {} digit(s) that make no move; dropped",
                digits.len() - whole
            ),
            at: pos.loc(digits[whole].0),
            ply: None,
        });
    }
    let mut moves = Vec::with_capacity(whole / 4);
    for g in digits[..whole].chunks(4) {
        let (x1, y1, x2, y2) = (g[0].1, g[1].1, g[2].1, g[3].1);
        let written: String = g.iter().map(|d| (b'0' + d.1) as char).collect();
        if x1 > 8 || x2 > 8 {
            let bad = if x1 > 8 { g[0].0 } else { g[2].0 };
            return Err((
                bad,
                format!("file 9 in DhtmlXQ move '{written}' (files are 0-8)"),
            ));
        }
        let from_off = pos.offset(g[0].0);
        let to_off = pos.offset(g[3].0) + 1;
        moves.push(XqMove {
            text: XqMoveText::Coord {
                from: (x1, 9 - y1),
                to: (x2, 9 - y2),
            },
            written,
            at: pos.loc(g[0].0),
            len: (to_off - from_off).min(u16::MAX as u64) as u16,
        });
    }
    Ok(moves)
}

/// `binit` (64 digits) → FEN board + side to move (from the first move's piece).
fn binit_to_fen(binit: &str, first: Option<&XqMove>) -> Option<String> {
    let b = binit.trim().as_bytes();
    if b.len() != 64 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let order = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";
    let mut grid = [[0u8; 9]; 10];
    for k in 0..32 {
        let x = (b[2 * k] - b'0') as usize;
        let y = (b[2 * k + 1] - b'0') as usize;
        if x <= 8 && y <= 9 {
            grid[y][x] = order[k];
        }
    }
    let mut rows = Vec::new();
    for row in &grid {
        let mut s = String::new();
        let mut empty = 0;
        for &c in row {
            if c == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                s.push(c as char);
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        rows.push(s);
    }
    let board = rows.join("/");
    let side = match first.map(|m| &m.text) {
        Some(XqMoveText::Coord { from, .. }) => {
            let (x, rank) = (from.0 as usize, from.1 as usize);
            let c = grid.get(9 - rank.min(9)).and_then(|r| r.get(x)).copied();
            if c.is_some_and(|c| c.is_ascii_lowercase()) {
                'b'
            } else {
                'w'
            }
        }
        _ => 'w',
    };
    if board == START_BOARD && side == 'w' {
        return Some(String::new());
    }
    Some(format!("{board} {side} - - 0 1"))
}

/// Some writers of bare 4-digit strings (elephantchess `.ubb`) count y from the bottom.
/// Replays piece occupancy from the standard start both ways (no rules: only "a piece of
/// the side to move stands on the from-square") and keeps the better reading.
fn orient_bare(moves: &mut [XqMove], notes: &mut Vec<Note>, at: Location) {
    let mismatches = |flip: bool| {
        // board[rank][file]: Some(true) = Red.
        let mut b = [[None::<bool>; 9]; 10];
        for (rank, row) in START_BOARD.split('/').rev().enumerate() {
            let mut file = 0;
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(d) => file += d as usize,
                    None => {
                        b[rank][file] = Some(c.is_ascii_uppercase());
                        file += 1;
                    }
                }
            }
        }
        let mut bad = 0;
        for (k, m) in moves.iter().enumerate().take(60) {
            let XqMoveText::Coord { from, to } = m.text else {
                continue;
            };
            let (f, t) = if flip {
                ((from.0, 9 - from.1), (to.0, 9 - to.1))
            } else {
                (from, to)
            };
            let piece = b[f.1 as usize][f.0 as usize];
            if piece != Some(k % 2 == 0) {
                bad += 1;
            }
            b[t.1 as usize][t.0 as usize] = piece;
            b[f.1 as usize][f.0 as usize] = None;
        }
        bad
    };
    if mismatches(true) < mismatches(false) {
        for m in moves.iter_mut() {
            if let XqMoveText::Coord { from, to } = &mut m.text {
                from.1 = 9 - from.1;
                to.1 = 9 - to.1;
            }
        }
        notes.push(Note {
            code: "dhtmlxq-y-from-bottom",
            severity: Severity::Info,
            message: "bare move string read with y counted from the bottom (Red's side): \
                      it replays from the start position that way"
                .to_string(),
            at,
            ply: None,
        });
    }
}

fn build(
    fields: &[Field],
    pos: &Pos,
    start_i: usize,
    end_i: usize,
    enc: &'static str,
    bare: bool,
) -> Result<XqGame, RawError> {
    let start = pos.loc(start_i);
    let span = Span::new(start.offset, pos.offset(end_i).max(start.offset));
    let mut game = XqGame::new(Format::DhtmlXq, start);
    game.span = span;
    game.encoding = enc;
    let error = |i: usize, message: String| {
        let mut raw = String::new();
        for f in fields {
            if raw.len() < crate::raw::MAX_RAW_KEPT {
                raw.push_str(&format!(
                    "[DhtmlXQ_{}]{}[/DhtmlXQ_{}]\n",
                    f.key, f.value, f.key
                ));
            }
        }
        RawError {
            format: Some(Format::DhtmlXq),
            at: pos.loc(i),
            start,
            span,
            message,
            raw,
        }
    };
    let get = |k: &str| {
        fields
            .iter()
            .find(|f| f.key == k)
            .map(|f| f.value.trim())
            .filter(|v| !v.is_empty())
    };
    // Moves.
    if let Some(f) = fields.iter().find(|f| f.key == "movelist") {
        let mut value = f.value.as_str();
        // Scraped records sometimes repeat the field inside the value
        // (`7747…[/DhtmlXQ_movelist][DhtmlXQ_movelist]7747…`): keep the first list.
        if let Some(cut) = value.find("[/DhtmlXQ_movelist]") {
            if value[..cut]
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_whitespace())
            {
                game.notes.push(Note {
                    code: "movelist-junk",
                    severity: Severity::Warning,
                    message: "text after '[/DhtmlXQ_movelist]' inside the move list ignored"
                        .to_string(),
                    at: pos.loc(if f.plain { f.at + cut } else { f.at }),
                    ply: None,
                });
                value = &value[..cut];
            }
        }
        game.moves =
            read_moves(value, f.at, f.plain, pos, &mut game.notes).map_err(|(i, m)| error(i, m))?;
        if bare {
            orient_bare(&mut game.moves, &mut game.notes, start);
        }
    }
    // Variations: move_A_B_C.
    let mut vars: Vec<(u32, u32, u32, XqVariation)> = Vec::new();
    for f in fields {
        let Some(ids) = f.key.strip_prefix("move_") else {
            continue;
        };
        let n: Vec<u32> = ids.split('_').filter_map(|s| s.parse().ok()).collect();
        if n.len() != 3 {
            game.notes.push(Note {
                code: "bad-variation-key",
                severity: Severity::Warning,
                message: format!("variation field 'move_{ids}' is not move_A_B_C; skipped"),
                at: pos.loc(f.at),
                ply: None,
            });
            continue;
        }
        let moves = read_moves(&f.value, f.at, f.plain, pos, &mut game.notes)
            .map_err(|(i, m)| error(i, m))?;
        vars.push((
            n[0],
            n[1],
            n[2],
            XqVariation {
                from_ply: n[1].max(1),
                moves,
                ..XqVariation::default()
            },
        ));
    }
    // Comments: direct fields or inside a dpxq 'comments' value.
    let mut comment_fields: Vec<(String, String)> = Vec::new();
    for f in fields {
        if f.key.starts_with("comment") && f.key != "comments" {
            comment_fields.push((f.key.clone(), f.value.clone()));
        } else if f.key == "comments" && f.value.contains("[DhtmlXQ_") {
            for c in block_fields(&f.value, 0, f.value.len()) {
                if c.key.starts_with("comment") {
                    comment_fields.push((c.key, c.value));
                }
            }
        }
    }
    for (key, value) in comment_fields {
        let ids: Vec<u32> = key["comment".len()..]
            .split('_')
            .filter_map(|s| s.parse().ok())
            .collect();
        let text = html_unescape(value.trim()).replace("||", "\n");
        let text = text.trim().to_string();
        if text.is_empty() {
            continue;
        }
        match ids.as_slice() {
            [ply] | [0, ply] => game.comments.push(Comment { ply: *ply, text }),
            // A variation's comment: on the line with that id (absolute ply, as its
            // moves); a comment naming no variation is kept on the main line, saying so.
            [var, ply] => match vars.iter_mut().find(|v| v.2 == *var) {
                Some(v) => v.3.comments.push(Comment { ply: *ply, text }),
                None => game.comments.push(Comment {
                    ply: *ply,
                    text: format!("(variation {var}, not in the record) {text}"),
                }),
            },
            _ => {}
        }
    }
    game.comments.sort_by_key(|c| c.ply);
    for v in &mut vars {
        v.3.comments.sort_by_key(|c| c.ply);
    }
    // Nest children into parents, deepest (highest id) first.
    vars.sort_by_key(|v| v.2);
    // A variation's parent is the first one with the parent's id, when that id is lower
    // (higher ids are nested before it, so no longer there); anything else is top level.
    // Variations nested deeper than MAX_VARIATION_DEPTH are dropped, with their children.
    let mut depth = vec![1usize; vars.len()];
    for (k, &(parent, _, id, _)) in vars.iter().enumerate() {
        if parent != 0 && parent < id {
            let p = vars.partition_point(|v| v.2 < parent);
            if vars.get(p).is_some_and(|v| v.2 == parent) {
                depth[k] = depth[p] + 1;
            }
        }
    }
    let deep = depth.iter().filter(|&&d| d > MAX_VARIATION_DEPTH).count();
    if deep > 0 {
        let mut depth = depth.into_iter();
        vars.retain(|_| depth.next().is_some_and(|d| d <= MAX_VARIATION_DEPTH));
        game.notes.push(Note {
            code: "variations-too-deep",
            severity: Severity::Warning,
            message: format!(
                "{deep} variation(s) nested deeper than {MAX_VARIATION_DEPTH} levels dropped"
            ),
            at: start,
            ply: None,
        });
    }
    while let Some((parent, _, id, var)) = vars.pop() {
        // The first remaining variation with id `parent` (sorted: a binary search).
        let p = vars.partition_point(|v| v.2 < parent);
        if parent == 0 || parent == id {
            game.variations.push(var);
        } else if let Some(p) = vars.get_mut(p).filter(|v| v.2 == parent) {
            p.3.variations.push(var);
        } else {
            game.variations.push(var);
        }
    }
    game.variations.sort_by_key(|v| v.from_ply);
    // Start position.
    if let Some(fen) = get("fen") {
        game.fen = Some(fen.to_string());
    } else if let Some(binit) = get("binit") {
        match binit_to_fen(binit, game.moves.first()) {
            Some(f) if f.is_empty() => {}
            Some(f) => game.fen = Some(f),
            None => game.notes.push(Note {
                code: "bad-binit",
                severity: Severity::Warning,
                message: format!("binit '{binit}' is not 64 digits; start position ignored"),
                at: start,
                ply: None,
            }),
        }
    }
    // Header.
    let h = &mut game.header;
    h.red = get("redname").or(get("red")).map(html_unescape);
    h.black = get("blackname").or(get("black")).map(html_unescape);
    h.event = get("event").map(html_unescape);
    h.round = get("round").map(html_unescape);
    h.opening = if fields.iter().any(|f| f.key == RECORD_OPEN) {
        get(RECORD_OPEN)
    } else {
        get("open")
    }
    .map(html_unescape);
    h.id = get("dpid").map(str::to_string);
    if let Some(d) = get("date") {
        match xq_text::normalize_date(d) {
            Some(n) => h.date = Some(n),
            None => h.extra.push(("date".to_string(), d.to_string())),
        }
    }
    if let Some(r) = get("result") {
        h.result_text = Some(r.to_string());
        h.result = xq_text::result_from_text(r);
        if h.result.is_none() {
            game.notes.push(Note {
                code: "unknown-result",
                severity: Severity::Warning,
                message: format!("result '{r}' is not W/L/D, 红胜/黑胜/和棋"),
                at: start,
                ply: None,
            });
        }
    }
    let used_red = game.header.red.is_some() && get("redname").is_some();
    let used_black = game.header.black.is_some() && get("blackname").is_some();
    for f in fields {
        let k = f.key.as_str();
        let v = f.value.trim();
        if v.is_empty()
            || NOISE.contains(&k)
            || k.starts_with("move_")
            || k.starts_with("comment")
            || matches!(
                k,
                "redname"
                    | "blackname"
                    | "event"
                    | "round"
                    | "open"
                    | RECORD_OPEN
                    | "dpid"
                    | "date"
                    | "result"
                    | "binit"
                    | "fen"
            )
            || (k == "red" && !used_red)
            || (k == "black" && !used_black)
        {
            continue;
        }
        game.header.extra.push((k.to_string(), html_unescape(v)));
    }
    Ok(game)
}

/// Whether the head looks like DhtmlXQ: a `[DhtmlXQ` field, a dpxq dict literal with a
/// `'movelist'` key, or a bare string of digits whose length is a multiple of 4.
pub fn looks_like(head: &[u8]) -> bool {
    looks_like_text(&xq_text::decode(head, xq_text::detect_encoding(head)).0)
}

/// [`looks_like`] on the head already decoded.
pub(crate) fn looks_like_text(text: &str) -> bool {
    if text.contains("[DhtmlXQ") {
        return true;
    }
    let t = text.trim();
    if t.starts_with('{') && (t.contains("'movelist'") || t.contains("\"movelist\"")) {
        return true;
    }
    let digits: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    digits.len() >= 8 && digits.len().is_multiple_of(4) && digits.iter().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dict() {
        let t = r#"{'movelist': '77477062', 'red': 'T \'A\'', 'redname': '甲\u3000', 'dpid': 5, 'result': '红胜', 'x': None}"#;
        let g = parse(t.as_bytes()).pop().unwrap().unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(
            g.moves[0].text,
            XqMoveText::Coord {
                from: (7, 2),
                to: (4, 2)
            }
        );
        assert_eq!(g.moves[1].at.offset, 18);
        assert_eq!(g.header.red.as_deref(), Some("甲"));
        assert_eq!(g.header.id.as_deref(), Some("5"));
        assert_eq!(
            g.header.result,
            crate::raw::Outcome::of(kifu_facts::GameKind::Xiangqi, kifu_facts::ResultName::Red)
        );
    }

    #[test]
    fn a_big5_field_in_a_gbk_block_is_read_as_big5_with_an_info_note() {
        let gbk = |s: &str| encoding_rs::GBK.encode(s).0.into_owned();
        let mut file = gbk("[DhtmlXQ][DhtmlXQ_event]全国象棋个人赛[/DhtmlXQ_event][DhtmlXQ_red]");
        let red_at = file.len() as u64;
        file.extend(encoding_rs::BIG5.encode("許銀川").0.iter());
        file.extend(gbk("[/DhtmlXQ_red][DhtmlXQ_black]吕钦[/DhtmlXQ_black]\
             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]"));
        let games = parse(&file);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.encoding, "gbk");
        assert_eq!(g.header.red.as_deref(), Some("許銀川"));
        assert_eq!(g.header.black.as_deref(), Some("吕钦"));
        assert_eq!(g.header.event.as_deref(), Some("全国象棋个人赛"));
        let notes: Vec<_> = g.notes.iter().map(|n| (n.code, n.at.offset)).collect();
        assert_eq!(notes, [("field-encoding", red_at)]);
        assert!(g.notes[0]
            .message
            .starts_with("the DhtmlXQ_red field is big5 text in a gbk file: read as '許銀川'"));
    }

    #[test]
    fn binit() {
        let std = "8979695949392919097717866646260600102030405060708012720323436383";
        assert_eq!(binit_to_fen(std, None).as_deref(), Some(""));
    }

    #[test]
    fn character_references() {
        assert_eq!(html_unescape("A &amp; B &lt;c&gt;"), "A & B <c>");
        assert_eq!(
            html_unescape("&#91;/DhtmlXQ] &#x5B; &#X5b;"),
            "[/DhtmlXQ] [ ["
        );
        // One pass: an escaped ampersand is not read again.
        assert_eq!(html_unescape("&amp;lt; &amp;#91;"), "&lt; &#91;");
        // Not references: kept as written.
        assert_eq!(
            html_unescape("A&B &#; &#x; &#0; &unknown; &#99999999;"),
            "A&B &#; &#x; &#0; &unknown; &#99999999;"
        );
        assert_eq!(html_unescape("&"), "&");
    }

    #[test]
    fn without_an_opener_each_block_closer_still_ends_a_block() {
        // Found by fuzzing: the value of `red` ran across `[/DhtmlXQ]` into the next block,
        // so the record written back could not hold it.
        let t = "[DhtmlXQ_red]A[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n\
                 [DhtmlXQ_red]B[/DhtmlXQ][DhtmlXQ_black]C[/DhtmlXQ_black]\
                 [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
        let games: Vec<XqGame> = parse(t.as_bytes())
            .into_iter()
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].header.red.as_deref(), Some("A"));
        assert_eq!(games[0].moves.len(), 1);
        assert_eq!(
            &t[games[0].span.start as usize..games[0].span.end as usize],
            &t[..t.find('\n').unwrap()]
        );
        // The second block's `red` is unclosed and ends at the closer: its own block
        // (`[DhtmlXQ_black]…`) holds the moves.
        assert_eq!(games[1].header.red, None);
        assert_eq!(games[1].header.black.as_deref(), Some("C"));
        assert_eq!(games[1].moves.len(), 2);
    }

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

    #[test]
    fn variations_nested_too_deep_are_dropped() {
        let mut t = String::from("[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]");
        for k in 1..=MAX_VARIATION_DEPTH + 10 {
            t.push_str(&format!("[DhtmlXQ_move_{}_2_{k}]7967", k - 1));
        }
        t.push_str("[/DhtmlXQ]");
        let g = parse(t.as_bytes()).pop().unwrap().unwrap();
        let mut depth = 0;
        let mut vars = &g.variations;
        while let Some(v) = vars.first() {
            depth += 1;
            vars = &v.variations;
        }
        assert_eq!(depth, MAX_VARIATION_DEPTH);
        assert!(g.notes.iter().any(|n| n.code == "variations-too-deep"));
    }
}
