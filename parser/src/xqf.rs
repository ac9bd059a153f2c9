//! XQ Wizard / XQStudio (象棋演播室) `.xqf` binary records, versions 0x0A–0x12.
//!
//! Layout as understood from the XQF 1.0 description shipped with ElephantEye
//! (`XQFTOOLS/XQF.TXT`), ElephantEye's `xqf2pgn.cpp` and walker8088/cchess
//! `read_xqf.py`, and checked on 1,807 real files. Offsets are hexadecimal.
//!
//! **Header (0x000–0x3FF)**
//! - `000` `"XQ"`, `002` version (0x0A plain; 0x0B–0x12 encrypted), `003` key mask,
//!   `004..008` product id, `008..00C` key-or bytes A–D, `00C` key sum, `00D` key XY
//!   (piece array), `00E` key XYf (from squares), `00F` key XYt (to squares).
//! - `010..030` 32 piece squares: red 车马相仕帅仕相马车炮炮兵×5, then black in the same
//!   order; a square is `x*10+y`, `x` 0–8 from Red's left, `y` 0–9 from Red's side;
//!   a value above 89 (usually 0xFF) = piece not on the board.
//! - `032` side to move (0 red, 1 black), `033` result (0 unknown, 1 red wins,
//!   2 black wins, 3 draw; cchess also reads 4 as a draw), `040` type (0 全局, 1 布局,
//!   2 中局, 3 残局).
//! - Pascal strings (length byte + GBK bytes, field size − 1 bytes at most): `050` title
//!   (128: the spec gives 64 and keeps `090..0D0` reserved, but long titles run on into
//!   it, length bytes up to 0x42 are seen), `0D0` event (64), `110` date (16), `120` site (16), `130` red (16),
//!   `140` black (16), `150` time rule (64), `190` red time (16), `1A0` black time (16),
//!   `1D0` commentator (16), `1E0` author (16). The format has no team fields.
//!
//! **Encryption (versions ≥ 0x0B, the ElephantEye algorithm)**: with `f(b) = b*b*54+221`
//! (mod 256), `kXY = f(h[0D])*h[0D]`, `kF = f(h[0E])*kXY`, `kT = f(h[0F])*kF` (all
//! mod 256), comment key `(h[0C]*256 + h[0D]) % 32000 + 767`, and a 32-byte stream
//! `s[i] = "[(C) Copyright Mr. Dong Shiwei.]"[i] & (h[08 + i%4] | (h[0C + i%4] & h[03]))`.
//! Piece squares: `sq - kXY`; from version 0x0C on the array is also rotated: stored
//! byte `i` belongs to piece `(kXY + 1 + i) % 32`. Every byte from `0x400` on is
//! decrypted as `b - s[(offset - 0x400) % 32]`.
//!
//! **Move records (from 0x400, preorder)**: 4 bytes `from + 24 (+ kF)`, `to + 32 (+ kT)`,
//! `flags`, reserved. Version 0x0A: `flags & 0xF0` = has a next move, `flags & 0x0F` =
//! has a variation, and a little-endian `i32` comment length always follows. Later
//! versions: `0x80` next, `0x40` variation, `0x20` comment (then an `i32` length
//! `+ comment key`). The comment's GBK bytes follow. The first record is a dummy root
//! (its comment is on the start position). After a record with "next" comes its
//! continuation; once that whole subtree is read, a record with "variation" is followed
//! by an alternative to itself (same parent).
//!
//! **Mapping**: one [`XqGame`] per file, `encoding` `gbk`. The tree becomes the main line
//! and nested [`crate::raw::XqVariation`]s as `xq_tree` (shared with 象棋桥) lays out: main
//! line = first continuations, every alternative a variation whose `from_ply` is the
//! absolute (1-based) ply of its first move (nesting capped at [`MAX_VARIATION_DEPTH`]). Squares map to `(file, rank)` as
//! `(x, y)` unchanged. `XqMove::written` is the move in ICCS (`h2e2`); `at` is the
//! record's byte offset, `len` 4. Main-line comments are [`crate::raw::Comment`]s (ply = moves
//! played; the root's is ply 0); comments inside variations have no place in the raw
//! types and are only counted in an info note. `fen` is always built from the piece
//! array (`board side`, e.g. `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w`),
//! the side from byte `032`; if the first main-line move starts on a piece of the other
//! colour, that colour is used instead (as ElephantEye does) with an info note.
//! Header: `red`, `black`, `event`, `date` (normalized `YYYY[-MM[-DD]]` when the text
//! allows, the text itself in extra `Date` when it differs), `result` (Red wins →
//! `Win(Seat::FIRST)`) with `result_text` = the result byte in decimal; extra `Title`, `Site`,
//! `TimeRule`, `RedTime`, `BlackTime`, `Commentator`, `Author`, `GameType`
//! (全局/布局/中局/残局) and `XqfVersion` (`0x12`).
//!
//! **Errors**: no `XQ` magic or a header shorter than 1,024 bytes is a [`RawError`]
//! (raw = the file in hex, capped). Damage in the move stream (truncation, a square byte
//! above 89 after decryption, a comment length running past the end) ends reading there:
//! the game keeps the moves read so far plus an `error` note at that offset and ply.
//! The parser checks syntax only: a move from an empty square is emitted as written.

use crate::move_tree::TreeReader;
pub use crate::move_tree::MAX_VARIATION_DEPTH;
use crate::raw::{
    raw_hex, Format, Header, Note, Outcome, RawError, Span, XqGame, XqMove, XqMoveText,
};
use crate::xq_tree::{loc, note, result_code};
use kifu_facts::{PartialDate, Severity};

/// Header length; move records start here.
pub const HEADER_LEN: usize = 0x400;

const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// Piece letters of the 16 pieces of one side, in array order (FEN letters, red).
const PIECE_LETTERS: &[u8; 16] = b"RNBAKABNRCCPPPPP";
/// The standard start position's piece array (red right to left, then black).
pub const STANDARD_PIECES: [u8; 32] = [
    80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69, 79,
    89, 17, 77, 6, 26, 46, 66, 86,
];

/// Whether `head` starts like an XQF file (`XQ`, then a small version byte).
pub fn looks_like(head: &[u8]) -> bool {
    head.len() >= 2 && &head[..2] == b"XQ" && (head.len() < 3 || head[2] < 0x20)
}

/// Decryption keys (all zero for plain files).
#[derive(Clone, Debug, Default)]
struct Keys {
    piece: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

fn keys(h: &[u8], version: u8) -> Keys {
    if version <= 0x0A {
        return Keys::default();
    }
    let f = |b: u8| -> u8 { (b as u32 * b as u32 * 54 + 221) as u8 };
    let piece = f(h[0x0D]).wrapping_mul(h[0x0D]);
    let from = f(h[0x0E]).wrapping_mul(piece);
    let to = f(h[0x0F]).wrapping_mul(from);
    let comment = ((h[0x0C] as i64 * 256 + h[0x0D] as i64) % 32000) + 767;
    let mut stream = [0u8; 32];
    for (i, s) in stream.iter_mut().enumerate() {
        let k = h[0x08 + i % 4] | (h[0x0C + i % 4] & h[0x03]);
        *s = STREAM_MASK[i] & k;
    }
    Keys {
        piece,
        from,
        to,
        comment,
        stream,
    }
}

/// The 32 piece squares after decryption (index = piece, see [`PIECE_LETTERS`]).
fn pieces(h: &[u8], version: u8, k: &Keys) -> [u8; 32] {
    let mut out = [0u8; 32];
    for i in 0..32 {
        let v = h[0x10 + i].wrapping_sub(k.piece);
        if version >= 0x0C {
            out[(k.piece as usize + 1 + i) % 32] = v;
        } else {
            out[i] = v;
        }
    }
    out
}

fn hex(bytes: &[u8]) -> String {
    raw_hex(bytes)
}

fn raw_error(bytes: &[u8], at: usize, message: String) -> RawError {
    RawError {
        format: Some(Format::Xqf),
        at: loc(at),
        start: loc(0),
        span: Span::new(0, bytes.len() as u64),
        message,
        raw: hex(bytes),
    }
}

/// GBK text, trimmed; `None` when empty.
fn gbk(bytes: &[u8]) -> (Option<String>, bool) {
    let (text, _, bad) = encoding_rs::GBK.decode(bytes);
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\0');
    ((!t.is_empty()).then(|| t.to_string()), bad)
}

/// A Pascal string of a header field of `size` bytes at `off`.
fn field(h: &[u8], off: usize, size: usize, name: &str, notes: &mut Vec<Note>) -> Option<String> {
    let mut len = h[off] as usize;
    if len > size - 1 {
        notes.push(note(
            "xqf-bad-string",
            Severity::Warning,
            format!(
                "{name}: length byte {len} exceeds the field ({} bytes); text cut",
                size - 1
            ),
            off,
        ));
        len = size - 1;
    }
    let (text, bad) = gbk(&h[off + 1..off + 1 + len]);
    if bad {
        notes.push(note(
            "xqf-bad-encoding",
            Severity::Warning,
            format!("{name}: bytes that are not GBK were replaced"),
            off,
        ));
    }
    text
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` from texts like `1997年11月16日`, `2006-11-15`,
/// `2007.3.2`, `1939年` ([`PartialDate::from_leading_numbers`]); `None` when the text
/// does not start with a 4-digit year.
pub fn normalize_date(text: &str) -> Option<String> {
    PartialDate::from_leading_numbers(text).map(|date| date.to_string())
}

/// FEN board and side from the piece array.
fn fen(pieces: &[u8; 32], side: char, notes: &mut Vec<Note>) -> String {
    let mut board = [[0u8; 9]; 10];
    for (i, &sq) in pieces.iter().enumerate() {
        if sq > 89 {
            continue;
        }
        let (x, y) = ((sq / 10) as usize, (sq % 10) as usize);
        let mut letter = PIECE_LETTERS[i % 16];
        if i >= 16 {
            letter = letter.to_ascii_lowercase();
        }
        if board[y][x] != 0 {
            notes.push(note(
                "xqf-piece-overlap",
                Severity::Warning,
                format!("two pieces on square {sq}; the later one is kept"),
                0x10 + i,
            ));
        }
        board[y][x] = letter;
    }
    let mut s = String::new();
    for y in (0..10).rev() {
        let mut empty = 0;
        for &c in &board[y] {
            if c == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push(char::from(b'0' + empty));
                    empty = 0;
                }
                s.push(c as char);
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if y > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(side);
    s
}

fn iccs(sq: u8) -> String {
    format!("{}{}", (b'a' + sq / 10) as char, sq % 10)
}

/// Reads the move tree from the decrypted stream `body` (which starts at file offset
/// 0x400); damage ends it with a note. Returns the tree and the first move's from-square.
fn read_tree(
    body: &[u8],
    version: u8,
    k: &Keys,
    notes: &mut Vec<Note>,
) -> (TreeReader<XqMove>, Option<u8>) {
    let plain = version <= 0x0A;
    let mut pos = 0usize;
    // `None` until the root record is read.
    let mut tree: Option<TreeReader<XqMove>> = None;
    let mut first_from = None;
    let mut damaged = false;
    loop {
        let at = HEADER_LEN + pos;
        let ply = tree.as_ref().and_then(|t| t.next_ply()).unwrap_or(0);
        let mut fail = |notes: &mut Vec<Note>, msg: String| {
            damaged = true;
            notes.push(Note {
                code: "xqf-damaged",
                severity: Severity::Error,
                message: msg,
                at: loc(at),
                ply: (ply > 0).then_some(ply),
            });
        };
        if pos + 4 > body.len() {
            let what = if tree.is_none() {
                "the root record is missing".to_string()
            } else {
                format!(
                    "move record for ply {ply} cut off ({} bytes left)",
                    body.len() - pos
                )
            };
            fail(notes, format!("truncated: {what}; moves read so far kept"));
            break;
        }
        let rec = &body[pos..pos + 4];
        let from = rec[0].wrapping_sub(24).wrapping_sub(k.from);
        let to = rec[1].wrapping_sub(32).wrapping_sub(k.to);
        let flags = rec[2];
        let (has_next, has_var, has_comment) = if plain {
            (flags & 0xF0 != 0, flags & 0x0F != 0, true)
        } else {
            (flags & 0x80 != 0, flags & 0x40 != 0, flags & 0x20 != 0)
        };
        let mut next = pos + 4;
        let mut comment_len = 0i64;
        if has_comment {
            if next + 4 > body.len() {
                fail(notes, "truncated: comment length cut off".to_string());
                break;
            }
            let b = &body[next..next + 4];
            comment_len = i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64;
            if !plain {
                comment_len -= k.comment;
            }
            next += 4;
        }
        let left = (body.len() - next) as i64;
        if comment_len < 0 || comment_len > left {
            fail(
                notes,
                format!(
                    "comment length {comment_len} does not fit ({left} bytes left): {}",
                    hex(&body[pos..next])
                ),
            );
            break;
        }
        if tree.is_some() && (from > 89 || to > 89) {
            fail(
                notes,
                format!(
                    "square byte out of the board (from {from}, to {to}): record {}",
                    hex(rec)
                ),
            );
            break;
        }
        let comment_bytes = &body[next..next + comment_len as usize];
        let comment = gbk(comment_bytes).0;
        next += comment_len as usize;
        pos = next;
        match tree.as_mut() {
            None => {
                if has_var {
                    notes.push(note(
                        "xqf-root-variation",
                        Severity::Warning,
                        "the root record has the variation flag; ignored".to_string(),
                        at,
                    ));
                }
                tree = Some(TreeReader::new(comment, has_next));
            }
            Some(t) => {
                first_from.get_or_insert(from);
                let mv = XqMove {
                    text: XqMoveText::Coord {
                        from: (from / 10, from % 10),
                        to: (to / 10, to % 10),
                    },
                    written: format!("{}{}", iccs(from), iccs(to)),
                    at: loc(at),
                    len: 4,
                };
                t.push(mv, comment, has_next, has_var);
            }
        }
        if tree.as_ref().is_some_and(|t| t.next_ply().is_none()) {
            break;
        }
    }
    if pos < body.len() && !damaged {
        notes.push(note(
            "xqf-trailing-bytes",
            Severity::Warning,
            format!("{} bytes after the last move record", body.len() - pos),
            HEADER_LEN + pos,
        ));
    }
    (
        tree.unwrap_or_else(|| TreeReader::new(None, false)),
        first_from,
    )
}

/// Parses one XQF file: one game (or one error).
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    vec![parse_one(bytes)]
}

fn parse_one(bytes: &[u8]) -> Result<XqGame, RawError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(raw_error(
            bytes,
            0,
            "not an XQF file (no `XQ` magic)".into(),
        ));
    }
    if bytes.len() < HEADER_LEN {
        return Err(raw_error(
            bytes,
            bytes.len(),
            format!(
                "truncated XQF header: {} bytes, the header has {HEADER_LEN}",
                bytes.len()
            ),
        ));
    }
    let h = &bytes[..HEADER_LEN];
    let version = h[2];
    let mut notes = Vec::new();
    if !(0x0A..=0x12).contains(&version) {
        notes.push(note(
            "xqf-unknown-version",
            Severity::Warning,
            format!(
                "unknown XQF version 0x{version:02X}; read as {}",
                if version <= 0x0A {
                    "plain (0x0A)"
                } else {
                    "encrypted"
                }
            ),
            2,
        ));
    }
    let k = keys(h, version);
    let pieces = pieces(h, version, &k);

    let mut header = Header::default();
    let mut extra = Vec::new();
    if let Some(t) = field(h, 0x50, 128, "title", &mut notes) {
        extra.push(("Title".to_string(), t));
    }
    header.event = field(h, 0xD0, 64, "event", &mut notes);
    if let Some(d) = field(h, 0x110, 16, "date", &mut notes) {
        header.date = normalize_date(&d);
        if header.date.as_deref() != Some(d.as_str()) {
            extra.push(("Date".to_string(), d));
        }
    }
    for (off, size, name) in [(0x120, 16, "Site")] {
        if let Some(t) = field(h, off, size, name, &mut notes) {
            extra.push((name.to_string(), t));
        }
    }
    header.red = field(h, 0x130, 16, "red", &mut notes);
    header.black = field(h, 0x140, 16, "black", &mut notes);
    for (off, size, name) in [
        (0x150, 64, "TimeRule"),
        (0x190, 16, "RedTime"),
        (0x1A0, 16, "BlackTime"),
        (0x1D0, 16, "Commentator"),
        (0x1E0, 16, "Author"),
    ] {
        if let Some(t) = field(h, off, size, name, &mut notes) {
            extra.push((name.to_string(), t));
        }
    }
    let result = h[0x33];
    header.result_text = Some(result.to_string());
    header.result = match result_code(result) {
        Some(r) => Some(r),
        None if result == 4 => {
            notes.push(note(
                "xqf-result-4",
                Severity::Info,
                "result code 4 read as a draw".into(),
                0x33,
            ));
            Some(Outcome::Draw)
        }
        None => {
            notes.push(note(
                "xqf-unknown-result",
                Severity::Warning,
                format!("unknown result code {result}"),
                0x33,
            ));
            None
        }
    };
    let kind = match h[0x40] {
        0 => "全局".to_string(),
        1 => "布局".to_string(),
        2 => "中局".to_string(),
        3 => "残局".to_string(),
        n => {
            notes.push(note(
                "xqf-unknown-type",
                Severity::Warning,
                format!("unknown game type code {n}"),
                0x40,
            ));
            format!("unknown ({n})")
        }
    };
    extra.push(("GameType".to_string(), kind));
    extra.push(("XqfVersion".to_string(), format!("0x{version:02X}")));
    header.extra = extra;

    // Decrypt the move stream.
    let body: Vec<u8> = bytes[HEADER_LEN..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(k.stream[i % 32]))
        .collect();
    let (tree, first_from) = read_tree(&body, version, &k, &mut notes);
    let lines = tree.finish();

    let mut game = XqGame::new(Format::Xqf, loc(0));
    game.span = Span::new(0, bytes.len() as u64);
    game.encoding = "gbk";
    game.moves = lines.moves;
    game.variations = lines.variations;
    let comments = lines.comments;
    if lines.dropped > 0 {
        notes.push(note(
            "xqf-variation-too-deep",
            Severity::Warning,
            format!(
                "{} variation(s) nested deeper than {MAX_VARIATION_DEPTH} dropped",
                lines.dropped
            ),
            HEADER_LEN,
        ));
    }

    // Side to move: header byte 0x32, unless the first move says otherwise.
    let mut side = match h[0x32] {
        0 => 'w',
        1 => 'b',
        n => {
            notes.push(note(
                "xqf-unknown-side",
                Severity::Warning,
                format!("unknown side-to-move code {n}; Red assumed"),
                0x32,
            ));
            'w'
        }
    };
    if let Some(from) = first_from {
        if let Some(i) = pieces.iter().position(|&p| p == from) {
            let mover = if i < 16 { 'w' } else { 'b' };
            if mover != side {
                notes.push(note(
                    "xqf-side-from-first-move",
                    Severity::Info,
                    format!(
                        "header says {} to move, the first move is {}'s; the latter is used",
                        if side == 'w' { "Red" } else { "Black" },
                        if mover == 'w' { "Red" } else { "Black" }
                    ),
                    0x32,
                ));
                side = mover;
            }
        }
    }
    game.fen = Some(fen(&pieces, side, &mut notes));
    game.header = header;
    game.comments = comments;
    game.notes = notes;
    Ok(game)
}

/// A main-line move for [`write_plain`]: XQF squares `x*10+y` and an optional comment.
#[derive(Clone, Debug)]
pub struct PlainMove<'a> {
    pub from: u8,
    pub to: u8,
    pub comment: Option<&'a str>,
}

/// Header fields for [`write_plain`] (strings are written in GBK, cut to the field).
#[derive(Clone, Debug, Default)]
pub struct PlainHeader<'a> {
    pub title: &'a str,
    pub event: &'a str,
    pub date: &'a str,
    pub site: &'a str,
    pub red: &'a str,
    pub black: &'a str,
    /// 0 unknown, 1 red wins, 2 black wins, 3 draw.
    pub result: u8,
    /// 0 全局, 1 布局, 2 中局, 3 残局.
    pub kind: u8,
    /// 0 red, 1 black.
    pub side: u8,
}

/// Writes a plain (version 0x0A) XQF file with a main line only, as the XQF 1.0
/// description lays it out: header, the dummy root record, then one record per move.
pub fn write_plain(h: &PlainHeader, pieces: &[u8; 32], moves: &[PlainMove]) -> Vec<u8> {
    let mut out = vec![0u8; HEADER_LEN];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = 0x0A;
    out[0x10..0x30].copy_from_slice(pieces);
    out[0x32] = h.side;
    out[0x33] = h.result;
    out[0x40] = h.kind;
    let mut put = |off: usize, size: usize, text: &str| {
        let (b, _, _) = encoding_rs::GBK.encode(text);
        let n = b.len().min(size - 1);
        out[off] = n as u8;
        out[off + 1..off + 1 + n].copy_from_slice(&b[..n]);
    };
    put(0x50, 128, h.title);
    put(0xD0, 64, h.event);
    put(0x110, 16, h.date);
    put(0x120, 16, h.site);
    put(0x130, 16, h.red);
    put(0x140, 16, h.black);
    let record = |out: &mut Vec<u8>, from: u8, to: u8, last: bool, comment: Option<&str>| {
        let c = comment.map(|c| encoding_rs::GBK.encode(c).0.into_owned());
        let len = c.as_ref().map_or(0, |c| c.len() as u32);
        out.extend_from_slice(&[
            from.wrapping_add(24),
            to.wrapping_add(32),
            if last { 0x00 } else { 0xF0 },
            0,
        ]);
        out.extend_from_slice(&len.to_le_bytes());
        if let Some(c) = c {
            out.extend_from_slice(&c);
        }
    };
    record(&mut out, 0, 0, moves.is_empty(), None);
    let n = moves.len();
    for (i, m) in moves.iter().enumerate() {
        record(&mut out, m.from, m.to, i + 1 == n, m.comment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::Comment;

    #[test]
    fn dates() {
        assert_eq!(
            normalize_date("1997年11月16日").as_deref(),
            Some("1997-11-16")
        );
        assert_eq!(normalize_date("2006-11-15").as_deref(), Some("2006-11-15"));
        assert_eq!(normalize_date("1939年").as_deref(), Some("1939"));
        assert_eq!(normalize_date("1928年秋").as_deref(), Some("1928"));
        assert_eq!(normalize_date("10-10-2000"), None);
        assert_eq!(normalize_date("民国时期"), None);
    }

    #[test]
    fn standard_fen() {
        let mut notes = Vec::new();
        assert_eq!(
            fen(&STANDARD_PIECES, 'w', &mut notes),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        );
        assert!(notes.is_empty());
    }

    #[test]
    fn roundtrip_plain() {
        let h = PlainHeader {
            title: "测试",
            red: "红方",
            black: "黑方",
            result: 1,
            ..Default::default()
        };
        let moves = [
            PlainMove {
                from: 72,
                to: 42,
                comment: Some("中炮"),
            },
            PlainMove {
                from: 79,
                to: 67,
                comment: None,
            },
        ];
        let bytes = write_plain(&h, &STANDARD_PIECES, &moves);
        let g = parse(&bytes).remove(0).unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.moves[0].written, "h2e2");
        assert_eq!(g.moves[1].written, "h9g7");
        assert_eq!(g.header.red.as_deref(), Some("红方"));
        assert_eq!(
            g.header.result,
            Outcome::of(kifu_facts::GameKind::Xiangqi, kifu_facts::ResultName::Red)
        );
        assert_eq!(
            g.comments,
            vec![Comment {
                ply: 1,
                text: "中炮".into()
            }]
        );
        assert!(g.notes.is_empty(), "{:?}", g.notes);
    }
}
