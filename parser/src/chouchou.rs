//! ChouChou (珠取) records.
//!
//! **`.ccn`** ([`Format::ChouChouCcn`]): a PGN-style container. Tag lines `[Key "Value"]`
//! (several may share a line; a `;` comment may follow): `Game`, `Variant` (`3x3`, `js`,
//! `4x4`), `Players` (2-4), `Teams` (`pairs` for 2 vs 2), `Event`, `Round`, `Date`,
//! `P1`..`P4` (seat order = play order), `Result` (`P1`…, `draw`, `*`), `Termination`;
//! others go to `Header::extra`. Then the actions, ply numbers optional (`1. 2B`, `1.2B`):
//! - place `3B`; move two `3C→1A②`; swap one `2B→3A①`;
//! - arrows `→` (also `⇒`), `->`, `>`, `-`; counts `②`/`①`, `(2)`/`(1)`, a trailing `2`/`1`;
//! - full-width digits, letters and signs (`３Ｃ－＞１Ａ（２）`), lower case (`3c`);
//! - a capture annotation `x4` / `×4`, glued to the action or as the next token;
//! - a result token `*`, `draw`, `P1`…`P4` may end the move text (unless `[Result]` said).
//!
//! `;` starts a comment to the end of the line, `{…}` an inline comment, and a line
//! starting with `#` is a comment line; comments are kept at the ply reached so far. A game
//! ends at a blank line after its actions, or where a tag line follows actions. One bad
//! token makes the whole game a [`RawError`] located at the offending byte; reading goes on
//! with the next game. Cells are digit (column, 1 = left) then letter (row, A = far side);
//! digits 1-9 and letters A-I are read (the engine judges which are on the board).
//!
//! **Spreadsheet export** ([`Format::ChouChouSheet`]): CSV (comma or semicolon) or TSV with
//! a header row; column names are matched case-insensitively (English or Japanese):
//! `move` (required), `round`, `player`, and optionally `event`, `game`/`table`, `ply`,
//! `captured`, `variant`, `players`, `teams`, `date`, `result`/`winner`, `termination`;
//! other columns are ignored. Rows are grouped into games by (event, round, game); seats
//! are the players in order of first appearance. Quoted fields (with `""` escapes and line
//! breaks) are read. Files that are not UTF-8 are read as Shift_JIS (locations then refer
//! to the decoded text).

use kifu_facts::Severity;
use std::io::BufRead;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of};
use nom::combinator::{map, map_res, value};
use nom::multi::many1;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::line::{chomp, LineError, LineReader};
use crate::plain::normalize_date;
use crate::raw::{
    raw_text, CcAction, CcActionText, CcGame, Comment, Format, Header, Location, Note, RawError,
    RawResult, Span, MAX_RAW_KEPT,
};
use crate::tag::{self, write_tag, Wrap};

// ---------------------------------------------------------------------------------------
// Tokens

/// A token normalized to ASCII upper case, with the source byte offset of every byte.
struct Normal {
    text: String,
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

fn normalize(tok: &str) -> Normal {
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
enum Token {
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
fn read_token(tok: &str) -> Result<Token, (usize, String)> {
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
enum Piece<'a> {
    Token(&'a str, usize),
    Comment(&'a str),
}

/// Splits move text into tokens and comments (`;` to the end, `{…}`); an unclosed `{` is an
/// error at its byte.
fn pieces(line: &str) -> Result<Vec<Piece<'_>>, (usize, String)> {
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
struct MoveState {
    ended: bool,
    result_from_tag: bool,
}

/// Reads move text into `game`; `at` is the location of `line[0]`.
fn read_moves(
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
                    game.header.result = result_code(&r);
                    game.header.result_text = Some(r);
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

fn result_code(text: &str) -> Option<RawResult> {
    match text.trim().to_ascii_lowercase().as_str() {
        "draw" => Some(RawResult::Draw),
        "*" | "?" | "unknown" => Some(RawResult::Unknown),
        _ => None,
    }
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

/// An empty record.
fn new_game(format: Format, start: Location) -> CcGame {
    CcGame {
        format,
        start,
        span: Span::new(start.offset, start.offset),
        header: Header::default(),
        variant: None,
        player_count: None,
        pairs: false,
        termination: None,
        actions: Vec::new(),
        comments: Vec::new(),
        notes: Vec::new(),
    }
}

// ---------------------------------------------------------------------------------------
// .ccn reader

/// `[Teams]` values meaning 2 vs 2.
fn is_pairs_value(v: &str) -> Option<bool> {
    let t: String = v
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    match t.as_str() {
        "pairs" | "pair" | "2v2" | "2vs2" | "2-2" | "ペア" | "ペア戦" | "yes" | "true" | "1" => {
            Some(true)
        }
        "" | "individual" | "none" | "no" | "false" | "0" | "個人戦" => Some(false),
        _ => None,
    }
}

fn note(code: &'static str, severity: Severity, message: String, at: Location) -> Note {
    Note {
        code,
        severity,
        message,
        at,
        ply: None,
    }
}

fn set_tag(game: &mut CcGame, st: &mut MoveState, key: &str, value: String, at: Location) {
    let lower = key.to_ascii_lowercase();
    let h = &mut game.header;
    match lower.as_str() {
        "game" => {
            let v = value.to_lowercase().replace([' ', '-', '_'], "");
            if !matches!(v.as_str(), "chouchou" | "珠取" | "シュシュ" | "shushu") {
                game.notes.push(note(
                    "not-chouchou",
                    Severity::Warning,
                    format!("[Game \"{value}\"] is not ChouChou; read as ChouChou"),
                    at,
                ));
            }
        }
        "variant" => game.variant = Some(value),
        "players" => match value.trim().parse::<u8>() {
            Ok(n) => game.player_count = Some(n),
            Err(_) => game.notes.push(note(
                "bad-tag",
                Severity::Warning,
                format!("[Players \"{value}\"] is not a number; ignored"),
                at,
            )),
        },
        "teams" => match is_pairs_value(&value) {
            Some(p) => game.pairs = p,
            None => game.notes.push(note(
                "bad-tag",
                Severity::Warning,
                format!("[Teams \"{value}\"] is not understood (expected \"pairs\"); ignored"),
                at,
            )),
        },
        "event" => h.event = Some(value),
        "round" => h.round = Some(value),
        "date" => h.date = Some(normalize_date(&value)),
        "p1" | "p2" | "p3" | "p4" => {
            let i = (lower.as_bytes()[1] - b'1') as usize;
            if h.players.len() <= i {
                h.players.resize(i + 1, String::new());
            }
            h.players[i] = value;
        }
        "result" => {
            h.result = result_code(&value);
            h.result_text = Some(value);
            st.result_from_tag = true;
        }
        "termination" => game.termination = Some(value),
        _ => h.extra.push((key.to_string(), value)),
    }
}

/// A game being read.
struct Block {
    start: Location,
    raw: Vec<u8>,
    end: u64,
    game: CcGame,
    st: MoveState,
    has_content: bool,
    has_moves: bool,
    error: Option<(Location, String)>,
}

impl Block {
    fn new(start: Location) -> Block {
        Block {
            start,
            raw: Vec::new(),
            end: start.offset,
            game: new_game(Format::ChouChouCcn, start),
            st: MoveState::default(),
            has_content: false,
            has_moves: false,
            error: None,
        }
    }

    fn fail(&mut self, at: Location, msg: String) {
        if self.error.is_none() {
            self.error = Some((at, msg));
        }
    }

    /// Tag line(s), possibly followed by a comment or move text.
    fn tags(&mut self, body: &[u8], at: Location) {
        let mut rest = body;
        loop {
            let i = body.len() - rest.len();
            let trimmed = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let r = &rest[trimmed..];
            if r.is_empty() {
                return;
            }
            if r[0] != b'[' {
                let i = i + trimmed;
                match std::str::from_utf8(&body[i..]) {
                    Ok(text) => {
                        let t = text.trim();
                        if !t.is_empty() && !t.starts_with(';') {
                            self.has_moves = true;
                        }
                        if let Err((loc, m)) =
                            read_moves(text, at.advance(i), &mut self.game, &mut self.st, None)
                        {
                            self.fail(loc, m);
                        }
                    }
                    Err(e) => self.fail(
                        at.advance(i + e.valid_up_to()),
                        "the text is not UTF-8".to_string(),
                    ),
                }
                return;
            }
            match tag::scan(rest) {
                Ok((t, r2)) => {
                    let key = t.name();
                    set_tag(
                        &mut self.game,
                        &mut self.st,
                        &key,
                        t.value_text(),
                        at.advance(i),
                    );
                    rest = r2;
                }
                Err(k) => {
                    self.fail(
                        at.advance(i + k),
                        "malformed tag: expected [Key \"Value\"]".to_string(),
                    );
                    return;
                }
            }
        }
    }

    fn finish(mut self) -> Result<CcGame, RawError> {
        let span = Span::new(self.start.offset, self.end);
        if let Some((at, message)) = self.error {
            return Err(RawError {
                format: Some(Format::ChouChouCcn),
                at,
                start: self.start,
                span,
                message,
                raw: raw_text(&self.raw),
            });
        }
        self.game.span = span;
        Ok(self.game)
    }
}

/// Streams `.ccn` games.
pub struct CcnReader<R: BufRead> {
    src: LineReader<R>,
    done: bool,
}

impl<R: BufRead> CcnReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        CcnReader {
            src: LineReader::new(reader),
            done: false,
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

impl<R: BufRead> Iterator for CcnReader<R> {
    type Item = Result<CcGame, RawError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            if let Some(item) = self.next_block() {
                return Some(item);
            }
        }
        None
    }
}

impl<R: BufRead> CcnReader<R> {
    /// Reads one block; `None` when it held no game.
    fn next_block(&mut self) -> Option<Result<CcGame, RawError>> {
        let mut block: Option<Block> = None;
        loop {
            let (full, at) = match self.src.next_line() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Err(LineError::TooLong { at, len, kept })) => {
                    // Move text of the game being read (or the start of one); never read cut.
                    let b = block.get_or_insert_with(|| Block::new(at));
                    if b.raw.len() < MAX_RAW_KEPT {
                        b.raw.extend_from_slice(kept);
                    }
                    b.end = at.offset + len;
                    b.has_content = true;
                    b.has_moves = true;
                    b.fail(at, crate::line::too_long(len as usize));
                    continue;
                }
                Some(Err(e)) => {
                    self.done = true;
                    let at = e.at();
                    let b = block.get_or_insert_with(|| Block::new(at));
                    b.has_content = true;
                    b.fail(at, e.message());
                    break;
                }
                Some(Ok(line)) => (line.bytes, line.at),
            };
            let line = chomp(full);
            let indent = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            let body = &line[indent..];
            let body_at = at.advance(indent);
            if body.is_empty() {
                match &block {
                    Some(b) if b.has_moves => break,
                    _ => continue,
                }
            }
            if body[0] == b'[' && block.as_ref().is_some_and(|b| b.has_moves) {
                self.src.unread();
                break;
            }
            let b = block.get_or_insert_with(|| Block::new(at));
            if b.raw.len() < MAX_RAW_KEPT {
                b.raw.extend_from_slice(full);
            }
            b.end = at.offset + full.len() as u64;
            match body[0] {
                b'#' => {
                    let text = String::from_utf8_lossy(&body[1..]).trim().to_string();
                    let ply = b.game.actions.len() as u32;
                    b.game.comments.push(Comment { ply, text });
                }
                b'[' => {
                    b.has_content = true;
                    b.tags(body, body_at);
                }
                _ => match std::str::from_utf8(body) {
                    Ok(text) => {
                        let only_comment = text.starts_with(';')
                            || (text.starts_with('{') && text.trim_end().ends_with('}'));
                        if !only_comment {
                            b.has_content = true;
                            b.has_moves = true;
                        }
                        if let Err((loc, m)) =
                            read_moves(text, body_at, &mut b.game, &mut b.st, None)
                        {
                            b.fail(loc, m);
                        }
                    }
                    Err(e) => {
                        b.has_content = true;
                        b.has_moves = true;
                        b.fail(
                            body_at.advance(e.valid_up_to()),
                            "the text is not UTF-8".to_string(),
                        );
                    }
                },
            }
        }
        match block {
            Some(b) if b.has_content => Some(b.finish()),
            _ => None,
        }
    }
}

/// Reads every `.ccn` game of a byte slice.
pub fn parse_ccn(bytes: &[u8]) -> Vec<Result<CcGame, RawError>> {
    CcnReader::new(bytes).collect()
}

/// Whether the start of a file looks like `.ccn`: a `[Game "ChouChou"]` tag, or move text
/// made of ChouChou actions.
pub fn looks_like_ccn(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let mut actions = 0;
    let mut other = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(30)
    {
        if line.starts_with('[') {
            let l = line.to_lowercase().replace(' ', "");
            if l.contains("[game\"chouchou\"]") || l.contains("[game\"珠取\"]") {
                return true;
            }
            continue;
        }
        if line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let Ok(ps) = pieces(line) else {
            other += 1;
            continue;
        };
        for p in ps {
            if let Piece::Token(t, _) = p {
                match read_token(t) {
                    Ok(Token::Action { .. }) => actions += 1,
                    Ok(_) => {}
                    Err(_) => other += 1,
                }
            }
        }
    }
    actions >= 2 && actions >= 4 * other
}

// ---------------------------------------------------------------------------------------
// Spreadsheet export

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Round,
    Player,
    Move,
    Event,
    Game,
    Captured,
    Ply,
    Variant,
    Players,
    Teams,
    Date,
    Result,
    Termination,
}

fn column_kind(name: &str) -> Option<Col> {
    let n: String = normalize(name.trim())
        .text
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '_' | '-' | '.'))
        .collect();
    Some(match n.as_str() {
        "round" | "rd" | "rnd" | "回戦" | "ラウンド" | "回" => Col::Round,
        "player" | "name" | "playername" | "mover" | "対局者" | "プレイヤー" | "選手" | "氏名"
        | "名前" => Col::Player,
        "move" | "moves" | "action" | "指し手" | "指手" | "手" | "棋譜" | "着手" => {
            Col::Move
        }
        "event" | "tournament" | "大会" | "大会名" => Col::Event,
        "game" | "gameid" | "game#" | "table" | "board" | "match" | "対局" | "卓" | "テーブル" => {
            Col::Game
        }
        "captured" | "capture" | "captures" | "taken" | "取り" | "取った駒" | "取" | "取得" => {
            Col::Captured
        }
        "ply" | "no" | "#" | "手数" | "turn" | "moveno" | "movenumber" => Col::Ply,
        "variant" | "盤" => Col::Variant,
        "players" | "人数" => Col::Players,
        "teams" | "team" | "pairs" | "ペア" => Col::Teams,
        "date" | "日付" | "日時" => Col::Date,
        "result" | "winner" | "勝者" | "結果" => Col::Result,
        "termination" => Col::Termination,
        _ => return None,
    })
}

/// The delimiter of a header line: tab, comma or semicolon, whichever occurs most outside
/// quotes (tab on a tie).
fn delimiter(line: &str) -> char {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '\t' if !quoted => counts[0] += 1,
            ',' if !quoted => counts[1] += 1,
            ';' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    ['\t', ',', ';'][best]
}

/// One field: its text (quotes removed, `""` unescaped) and where its content starts.
#[derive(Debug)]
struct Field {
    text: String,
    /// Absolute offset of the content's first byte.
    start: usize,
    /// Source offset of every byte of `text` (quoted fields with escapes shift).
    map: Vec<usize>,
}

#[derive(Debug)]
struct Row {
    fields: Vec<Field>,
    start: usize,
    end: usize,
}

/// Splits the text into rows of fields. An unterminated quote is an error at the quote.
fn rows(text: &str, base: usize, delim: char) -> Result<Vec<Row>, (usize, String)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let d = delim as u8;
    let mut i = 0;
    while i < b.len() {
        let row_start = i;
        let mut fields = Vec::new();
        loop {
            // One field.
            if i < b.len() && b[i] == b'"' {
                let q = i;
                i += 1;
                let mut t = Vec::new();
                let mut map = Vec::new();
                loop {
                    if i >= b.len() {
                        return Err((base + q, "unterminated quoted field".to_string()));
                    }
                    if b[i] == b'"' {
                        if i + 1 < b.len() && b[i + 1] == b'"' {
                            t.push(b'"');
                            map.push(base + i);
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    t.push(b[i]);
                    map.push(base + i);
                    i += 1;
                }
                // The content ends at the closing quote, or after anything between the
                // closing quote and the delimiter (kept as is).
                let mut content_end = i - 1;
                while i < b.len() && b[i] != d && b[i] != b'\n' && b[i] != b'\r' {
                    t.push(b[i]);
                    map.push(base + i);
                    i += 1;
                    content_end = i;
                }
                map.push(base + content_end);
                fields.push(Field {
                    text: String::from_utf8_lossy(&t).into_owned(),
                    start: base + q + 1,
                    map,
                });
            } else {
                let s = i;
                while i < b.len() && b[i] != d && b[i] != b'\n' && b[i] != b'\r' {
                    i += 1;
                }
                fields.push(Field {
                    text: text[s..i].to_string(),
                    start: base + s,
                    map: (base + s..=base + i).collect(),
                });
            }
            if i < b.len() && b[i] == d {
                i += 1;
                continue;
            }
            break;
        }
        let end = i;
        if i < b.len() && b[i] == b'\r' {
            i += 1;
        }
        if i < b.len() && b[i] == b'\n' {
            i += 1;
        }
        out.push(Row {
            fields,
            start: base + row_start,
            end: base + end,
        });
    }
    Ok(out)
}

/// Offsets → locations (line and byte column).
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(text: &str, base: usize) -> Lines {
        let mut starts = vec![0];
        for (i, c) in text.bytes().enumerate() {
            if c == b'\n' {
                starts.push(base + i + 1);
            }
        }
        Lines { starts }
    }

    fn at(&self, offset: usize) -> Location {
        let k = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        Location::new(
            offset as u64,
            k as u32 + 1,
            (offset - self.starts[k]) as u32 + 1,
        )
    }
}

fn sheet_error(at: Location, start: Location, span: Span, message: String, raw: &[u8]) -> RawError {
    RawError {
        format: Some(Format::ChouChouSheet),
        at,
        start,
        span,
        message,
        raw: raw_text(raw),
    }
}

/// Reads a spreadsheet export (CSV or TSV): one item per game.
pub fn parse_sheet(bytes: &[u8]) -> Vec<Result<CcGame, RawError>> {
    let (bom, body) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(b) => (3, b),
        None => (0, bytes),
    };
    let mut notes = Vec::new();
    let decoded: String = match std::str::from_utf8(body) {
        Ok(t) => t.to_string(),
        Err(_) => {
            let (t, _, _) = encoding_rs::SHIFT_JIS.decode(body);
            notes.push(note(
                "encoding-guess",
                Severity::Info,
                "the file is not UTF-8: read as Shift_JIS (locations refer to the decoded text)"
                    .to_string(),
                Location::new(0, 1, 1),
            ));
            t.into_owned()
        }
    };
    let text = decoded.as_str();
    let lines = Lines::new(text, bom);
    let whole = Span::new(0, bytes.len() as u64);
    let first = Location::new(bom as u64, 1, bom as u32 + 1);
    let header_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delim = delimiter(header_line);
    let all = match rows(text, bom, delim) {
        Ok(r) => r,
        Err((off, m)) => return vec![Err(sheet_error(lines.at(off), first, whole, m, bytes))],
    };
    let mut all = all
        .into_iter()
        .filter(|r| r.fields.iter().any(|f| !f.text.trim().is_empty()));
    let Some(header) = all.next() else {
        return Vec::new();
    };
    let cols: Vec<Option<Col>> = header.fields.iter().map(|f| column_kind(&f.text)).collect();
    let find = |c: Col| cols.iter().position(|&k| k == Some(c));
    let Some(move_col) = find(Col::Move) else {
        return vec![Err(sheet_error(
            lines.at(header.start),
            lines.at(header.start),
            whole,
            "no move column in the header row (expected columns such as round, player, move)"
                .to_string(),
            bytes,
        ))];
    };
    let (round_col, player_col, event_col, game_col) = (
        find(Col::Round),
        find(Col::Player),
        find(Col::Event),
        find(Col::Game),
    );
    let get = |r: &Row, c: Option<usize>| -> String {
        c.and_then(|c| r.fields.get(c))
            .map_or(String::new(), |f| f.text.trim().to_string())
    };
    // Group rows by (event, round, game), in order of first appearance (indexed: a sheet
    // of thousands of one-row games must not compare every row with every game).
    let mut keys: Vec<(String, String, String)> = Vec::new();
    let mut groups: Vec<Vec<Row>> = Vec::new();
    let mut index: std::collections::HashMap<(String, String, String), usize> =
        std::collections::HashMap::new();
    for r in all {
        if get(&r, Some(move_col)).is_empty() {
            continue;
        }
        let key = (get(&r, event_col), get(&r, round_col), get(&r, game_col));
        match index.get(&key) {
            Some(&i) => groups[i].push(r),
            None => {
                index.insert(key.clone(), keys.len());
                keys.push(key);
                groups.push(vec![r]);
            }
        }
    }
    let mut out = Vec::new();
    for (key, mut rows) in keys.into_iter().zip(groups) {
        if let Some(pc) = find(Col::Ply) {
            let plies: Vec<Option<u32>> =
                rows.iter().map(|r| get(r, Some(pc)).parse().ok()).collect();
            if plies.iter().all(Option::is_some) {
                let mut idx: Vec<usize> = (0..rows.len()).collect();
                idx.sort_by_key(|&i| plies[i]);
                let mut taken: Vec<Option<Row>> = rows.into_iter().map(Some).collect();
                rows = idx.into_iter().filter_map(|i| taken[i].take()).collect();
            }
        }
        let start_off = rows.iter().map(|r| r.start).min().unwrap_or(0);
        let end_off = rows.iter().map(|r| r.end).max().unwrap_or(0);
        let start = lines.at(start_off);
        let span = Span::new(start_off as u64, end_off as u64);
        let raw = text
            .get(start_off.saturating_sub(bom)..end_off.saturating_sub(bom))
            .unwrap_or("")
            .as_bytes();
        let mut game = new_game(Format::ChouChouSheet, start);
        game.span = span;
        game.notes = notes.clone();
        if !key.0.is_empty() {
            game.header.event = Some(key.0.clone());
        }
        if !key.1.is_empty() {
            game.header.round = Some(key.1.clone());
        }
        if !key.2.is_empty() {
            game.header.extra.push(("Game".to_string(), key.2.clone()));
        }
        let first_value = |c: Col| {
            find(c).and_then(|c| rows.iter().map(|r| get(r, Some(c))).find(|v| !v.is_empty()))
        };
        game.variant = first_value(Col::Variant);
        game.player_count = first_value(Col::Players).and_then(|v| v.parse().ok());
        game.pairs = first_value(Col::Teams)
            .and_then(|v| is_pairs_value(&v))
            .unwrap_or(false);
        game.header.date = first_value(Col::Date).map(|d| normalize_date(&d));
        if let Some(r) = first_value(Col::Result) {
            game.header.result = result_code(&r);
            game.header.result_text = Some(r);
        }
        game.termination = first_value(Col::Termination);
        let mut error = None;
        let mut seen = std::collections::HashSet::new();
        for r in &rows {
            let player = get(r, player_col);
            if !player.is_empty() && seen.insert(player.clone()) {
                game.header.players.push(player.clone());
            }
            let Some(f) = r.fields.get(move_col) else {
                continue;
            };
            let before = game.actions.len();
            let mut st = MoveState::default();
            let lead = f.text.len() - f.text.trim_start().len();
            let field_at = lines.at(f.map.get(lead).copied().unwrap_or(f.start));
            let res = read_moves(
                f.text.trim(),
                field_at,
                &mut game,
                &mut st,
                (!player.is_empty()).then_some(player.as_str()),
            );
            // Locations inside a quoted field with escapes: remap through the field's map.
            let res = res.map_err(|(loc, m)| {
                let i = (loc.offset - field_at.offset) as usize + lead;
                (
                    lines.at(f.map.get(i).copied().unwrap_or(loc.offset as usize)),
                    m,
                )
            });
            let res = res.and_then(|()| match game.actions.len() - before {
                1 => Ok(()),
                0 => Err((field_at, format!("'{}' holds no action", f.text.trim()))),
                _ => Err((
                    game.actions[before + 1].at,
                    "more than one action in one move cell".to_string(),
                )),
            });
            if let Err(e) = res {
                error = Some(e);
                break;
            }
            for a in &mut game.actions[before..] {
                let i = (a.at.offset - field_at.offset) as usize + lead;
                a.at = lines.at(f.map.get(i).copied().unwrap_or(a.at.offset as usize));
            }
            if let Some(c) = find(Col::Captured) {
                let v = get(r, Some(c));
                if let (Ok(k), Some(a)) = (v.parse::<u32>(), game.actions.last_mut()) {
                    if a.annotated_captures.is_none() {
                        a.annotated_captures = Some(k);
                    }
                }
            }
        }
        out.push(match error {
            Some((at, m)) => Err(sheet_error(at, start, span, m, raw)),
            None => Ok(game),
        });
    }
    out
}

/// Whether the start of a file looks like a ChouChou spreadsheet export: a header row with
/// a move column and a round or player column.
pub fn looks_like_sheet(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let Some(line) = text.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let d = delimiter(line);
    let kinds: Vec<Option<Col>> = line
        .split(d)
        .map(|f| column_kind(f.trim().trim_matches('"')))
        .collect();
    kinds.contains(&Some(Col::Move))
        && (kinds.contains(&Some(Col::Round)) || kinds.contains(&Some(Col::Player)))
}

// ---------------------------------------------------------------------------------------
// Writer

fn cell_text(c: (u8, u8)) -> String {
    format!(
        "{}{}",
        (b'1' + c.0.min(8)) as char,
        (b'A' + c.1.min(8)) as char
    )
}

/// The canonical text of an action: `3B`, `3C→1A②`, `2B→3A①`.
pub fn action_text(a: &CcActionText) -> String {
    match *a {
        CcActionText::Place { cell } => cell_text(cell),
        CcActionText::MoveTwo { from, to } => format!("{}→{}②", cell_text(from), cell_text(to)),
        CcActionText::SwapOne { from, to } => format!("{}→{}①", cell_text(from), cell_text(to)),
    }
}

/// Writes a game as `.ccn` (tags, then numbered actions with capture annotations, comments
/// as `{…}`), lines of at most about 80 bytes, ending with a blank line.
pub fn write_ccn(game: &CcGame) -> String {
    let mut out = String::new();
    let h = &game.header;
    let mut put = |k: &str, v: &str| write_tag(&mut out, k, v);
    put("Game", "ChouChou");
    put("Variant", game.variant.as_deref().unwrap_or("3x3"));
    let players = game
        .player_count
        .map(|n| n as usize)
        .unwrap_or(h.players.len().max(if game.pairs { 4 } else { 2 }));
    put("Players", &players.to_string());
    if game.pairs {
        put("Teams", "pairs");
    }
    for (k, v) in [("Event", &h.event), ("Round", &h.round), ("Date", &h.date)] {
        if let Some(v) = v {
            put(k, v);
        }
    }
    for (i, p) in h.players.iter().enumerate() {
        put(&format!("P{}", i + 1), p);
    }
    put("Result", h.result_text.as_deref().unwrap_or("*"));
    if let Some(t) = &game.termination {
        put("Termination", t);
    }
    for (k, v) in &h.extra {
        if tag::is_tag_name(k) {
            put(k, v);
        }
    }
    out.push('\n');
    let mut wrap = Wrap::new(&mut out, 80);
    let comments_at = |ply: usize| {
        game.comments
            .iter()
            .filter(move |c| c.ply as usize == ply)
            .map(|c| format!("{{{}}}", c.text.replace(['{', '}'], "")))
    };
    comments_at(0).for_each(|c| wrap.token(&c));
    for (i, a) in game.actions.iter().enumerate() {
        let mut w = format!("{}. {}", i + 1, action_text(&a.text));
        if let Some(k) = a.annotated_captures {
            w.push_str(&format!(" x{k}"));
        }
        wrap.token(&w);
        comments_at(i + 1).for_each(|c| wrap.token(&c));
    }
    wrap.token(h.result_text.as_deref().unwrap_or("*"));
    wrap.finish();
    out.push('\n');
    out
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
