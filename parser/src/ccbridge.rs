//! 象棋桥 (CCBridge) binary records: `.cbr` (one record) and `.cbl` (a library of them).
//!
//! Layout as understood from walker8088/cchess `read_cbr.py`, the 微思象棋 (vschess)
//! reader, and checked on the shared fixtures (two CBR files, two libraries of 93 and 38
//! records). Offsets are decimal; integers little-endian; text is UTF-16LE, cut at the
//! first NUL of its field.
//!
//! **CBR record (version 2, byte 19)**
//! - `0` magic `"CCBridge Record\0"`, `19` version.
//! - Header fields (offset/bytes): title 180/128, source 564/64, event class 628/64,
//!   event 692/64, round 756/64, group 820/32, table 852/32, date 884/64, site 948/64,
//!   time rule 1012/64, red 1076/64, red team 1140/64, red time 1204/64, red rating
//!   1268/32, black 1300/64, black team 1364/64, black time 1428/64, black rating
//!   1492/32, referee 1524/64, recorder 1588/64, commentator 1652/64, author 1780/64,
//!   created 1908/40, modified 1972/40. `2076` result (0 unknown, 1 Red wins, 2 Black
//!   wins, 3 draw), `2112` side to move (1 Red, 2 Black), `2120..2210` the board: 90
//!   bytes, square `i` = file `i % 9` from Red's left, row `i / 9` from the top (Black's
//!   back rank); pieces `0x11..=0x17` Red 车马相仕帅炮兵, `0x21..=0x27` Black.
//! - Move records from [`CBR_HEADER_LEN`], in preorder (see `xq_tree`): 4 bytes `flags`,
//!   reserved, `from`, `to` (squares as on the board). Flags: `0x01` the line ends here
//!   (no continuation), `0x02` an alternative to this move follows its subtree, `0x04` a
//!   comment follows: an `i32` byte length, then UTF-16LE text. The first record is the
//!   root (the start position): its comment is on the start position and its `0x01` means
//!   the record has no move at all.
//! - Version 1 (an older header layout) is not read: such a record is a [`RawError`].
//!
//! **CBL library**: a header, an index with one entry per record, then the records in
//! 4,096-byte slots, each record placed where its index entry says; the layout, its
//! sources and what happens when the index cannot be followed are in `ccbridge/library.rs`.
//!
//! **Mapping**: one [`XqGame`] per record, `encoding` `utf-16le`, `start` = the record's
//! byte offset. Main line, variations and comments as `xq_tree` lays them out;
//! `XqMove::written` is ICCS (`h2e2`), `at` the move record's offset, `len` 4. `fen` from
//! the board and side (the first move's colour wins over the side byte, with an info
//! note, as for XQF). Header: `event`, `round`, `date` (normalized; the text in extra
//! `Date` when it differs), `red`, `black`, `result` (`result_text` = the byte in
//! decimal); extra `Title`, `Source`, `EventClass`, `Group`, `Table`, `Site`, `TimeRule`,
//! `RedTeam`, `RedTime`, `RedRating`, `BlackTeam`, `BlackTime`, `BlackRating`, `Referee`,
//! `Recorder`, `Commentator`, `Author`, `Created`, `Modified`, and `Library` (the CBL's
//! name). A record with no move, no player and no result whose board is empty or the
//! start (libraries use them as section headings, books for their prefaces) is a title
//! card and holds no game: its `no_game` is an info note `cbr-empty-record` with its title
//! and its place (the record's number), and the ingest stores its title and comments as
//! the library's text. A library's remarks (its header) are a text too, at place 0.
//!
//! **Errors**: a record without the magic, of an unknown version, or cut inside its
//! header is a [`RawError`] at the record's offset; the library's other records are still
//! read. Damage in the move records (cut short, a square above 89, a move from a square
//! to itself, a comment length running past the end) ends reading there: the game keeps
//! the moves read so far plus an `error` note `cbr-damaged` at that offset and ply.

mod library;

pub use library::{
    cbl_first_record, looks_like_cbl, parse_cbl, CBL_INDEX_ENTRY, CBL_INDEX_START, CBL_MAGIC,
    CBL_SLOT,
};

use crate::move_tree::{TreeReader, MAX_VARIATION_DEPTH};
use crate::raw::{
    raw_hex, Format, Header, NoGame, Note, RawError, Span, XqGame, XqMove, XqMoveText,
};
use crate::xq_tree::{loc, note, result_code, START_BOARD};
use kifu_facts::Severity;

/// Magic of a CBR record.
pub const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// Header length of a version-2 record; its move records start here.
pub const CBR_HEADER_LEN: usize = 2214;

/// FEN letters of piece codes `0x?1..=0x?7` (Red; Black is lower case).
const PIECES: &[u8; 7] = b"RNBAKCP";

/// Whether `head` starts like a CBR record.
pub fn looks_like_cbr(head: &[u8]) -> bool {
    head.starts_with(CBR_MAGIC)
}

fn raw_error(format: Format, bytes: &[u8], base: usize, at: usize, message: String) -> RawError {
    RawError {
        format: Some(format),
        at: loc(at),
        start: loc(base),
        span: Span::new(base as u64, (base + bytes.len()) as u64),
        message,
        raw: raw_hex(bytes),
    }
}

/// UTF-16LE text up to the first NUL, trimmed (`None` when empty), and whether some
/// units were not valid UTF-16.
fn utf16(bytes: &[u8]) -> (Option<String>, bool) {
    let end = bytes
        .chunks_exact(2)
        .position(|u| u == [0, 0])
        .map_or(bytes.len() & !1, |i| i * 2);
    let (text, _, bad) = encoding_rs::UTF_16LE.decode(&bytes[..end]);
    let t = text.trim();
    ((!t.is_empty()).then(|| t.to_string()), bad)
}

/// A header text field of `size` bytes at `off` of a record found at byte `base`.
fn field(
    r: &[u8],
    base: usize,
    (off, size): (usize, usize),
    name: &str,
    notes: &mut Vec<Note>,
) -> Option<String> {
    let (text, bad) = utf16(&r[off..off + size]);
    if bad {
        notes.push(note(
            "cbr-bad-encoding",
            Severity::Warning,
            format!("{name}: units that are not UTF-16 were replaced"),
            base + off,
        ));
    }
    text
}

/// `(file, rank)` of a square byte (rank from Red's side), or `None` above 89.
fn square(b: u8) -> Option<(u8, u8)> {
    (b < 90).then(|| (b % 9, 9 - b / 9))
}

fn iccs((file, rank): (u8, u8)) -> String {
    format!("{}{}", (b'a' + file) as char, rank)
}

/// Parses a `.cbr` file: one record (or one error).
pub fn parse_cbr(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    let mut items = vec![record(Format::Cbr, bytes, 0, None).map(|(g, _)| g)];
    number_texts(&mut items);
    items
}

/// Gives each title card among `items` its place: the record's number in its file (from 1).
fn number_texts(items: &mut [Result<XqGame, RawError>]) {
    for (i, item) in items.iter_mut().enumerate() {
        if let Ok(XqGame {
            no_game: Some(text),
            ..
        }) = item
        {
            text.place = i as u32 + 1;
        }
    }
}

/// Reads one record `r` found at byte `base` of its file. Returns the game and the number
/// of bytes its header and move records take.
fn record(
    format: Format,
    r: &[u8],
    base: usize,
    library: Option<&str>,
) -> Result<(XqGame, usize), RawError> {
    let err = |at: usize, message: String| {
        let cut = &r[..r.len().min(CBR_HEADER_LEN + 4096)];
        raw_error(format, cut, base, base + at, message)
    };
    if !looks_like_cbr(r) {
        return Err(err(
            0,
            "not a 象棋桥 record (no `CCBridge Record` magic)".into(),
        ));
    }
    if r.len() < CBR_HEADER_LEN {
        return Err(err(
            r.len(),
            format!(
                "象棋桥 record at byte {base} cut short: {} bytes, its header has {CBR_HEADER_LEN}",
                r.len()
            ),
        ));
    }
    let version = r[19];
    if version != 2 {
        return Err(err(
            19,
            format!("象棋桥 record version {version} is not read (only version 2 is)"),
        ));
    }
    let mut notes = Vec::new();
    let mut header = Header::default();
    let mut extra = Vec::new();
    let text = |off: usize, size: usize, name: &str, notes: &mut Vec<Note>| {
        field(r, base, (off, size), name, notes)
    };
    if let Some(t) = text(180, 128, "title", &mut notes) {
        extra.push(("Title".to_string(), t));
    }
    for (off, size, name) in [(564, 64, "Source"), (628, 64, "EventClass")] {
        if let Some(t) = text(off, size, name, &mut notes) {
            extra.push((name.to_string(), t));
        }
    }
    header.event = text(692, 64, "event", &mut notes);
    header.round = text(756, 64, "round", &mut notes);
    for (off, size, name) in [(820, 32, "Group"), (852, 32, "Table")] {
        if let Some(t) = text(off, size, name, &mut notes) {
            extra.push((name.to_string(), t));
        }
    }
    if let Some(d) = text(884, 64, "date", &mut notes) {
        header.date = crate::xq_text::normalize_date(&d);
        if header.date.as_deref() != Some(d.as_str()) {
            extra.push(("Date".to_string(), d));
        }
    }
    header.red = text(1076, 64, "red", &mut notes);
    header.black = text(1300, 64, "black", &mut notes);
    for (off, size, name) in [
        (948, 64, "Site"),
        (1012, 64, "TimeRule"),
        (1140, 64, "RedTeam"),
        (1204, 64, "RedTime"),
        (1268, 32, "RedRating"),
        (1364, 64, "BlackTeam"),
        (1428, 64, "BlackTime"),
        (1492, 32, "BlackRating"),
        (1524, 64, "Referee"),
        (1588, 64, "Recorder"),
        (1652, 64, "Commentator"),
        (1780, 64, "Author"),
        (1908, 40, "Created"),
        (1972, 40, "Modified"),
    ] {
        if let Some(t) = text(off, size, name, &mut notes) {
            extra.push((name.to_string(), t));
        }
    }
    if let Some(name) = library {
        extra.push(("Library".to_string(), name.to_string()));
    }
    let result = r[2076];
    header.result_text = Some(result.to_string());
    header.result = result_code(result).or_else(|| {
        notes.push(note(
            "cbr-unknown-result",
            Severity::Warning,
            format!("unknown result code {result}"),
            base + 2076,
        ));
        None
    });
    header.extra = extra;

    let board = board(&r[2120..2210], base + 2120, &mut notes);
    let (tree, first_from, used) = read_tree(r, base, &mut notes);
    let lines = tree.finish();
    if lines.dropped > 0 {
        notes.push(note(
            "cbr-variation-too-deep",
            Severity::Warning,
            format!(
                "{} variation(s) nested deeper than {MAX_VARIATION_DEPTH} dropped",
                lines.dropped
            ),
            base + CBR_HEADER_LEN,
        ));
    }
    let mut side = match r[2112] {
        1 => 'w',
        2 => 'b',
        n => {
            notes.push(note(
                "cbr-unknown-side",
                Severity::Warning,
                format!("unknown side-to-move code {n}; Red assumed"),
                base + 2112,
            ));
            'w'
        }
    };
    if let Some(piece) = first_from.and_then(|f| board[f as usize]) {
        let mover = if piece.is_ascii_uppercase() { 'w' } else { 'b' };
        if mover != side {
            notes.push(note(
                "cbr-side-from-first-move",
                Severity::Info,
                format!(
                    "header says {} to move, the first move is {}'s; the latter is used",
                    if side == 'w' { "Red" } else { "Black" },
                    if mover == 'w' { "Red" } else { "Black" }
                ),
                base + 2112,
            ));
            side = mover;
        }
    }

    let no_game = title_card(&header, &lines.moves, &board, result).map(|why| {
        let title = header
            .extra
            .iter()
            .find(|(name, _)| name == "Title")
            .map_or(String::new(), |(_, t)| format!(" «{t}»"));
        NoGame {
            why: note(
                "cbr-empty-record",
                Severity::Info,
                format!("{why}: a title card{title}, not a game"),
                base,
            ),
            place: 0,
        }
    });
    let mut game = XqGame::new(format, loc(base));
    game.span = Span::new(base as u64, (base + used) as u64);
    game.encoding = "utf-16le";
    game.header = header;
    game.fen = Some(format!("{} {side}", placement(&board)));
    game.moves = lines.moves;
    game.variations = lines.variations;
    game.comments = lines.comments;
    game.notes = notes;
    game.no_game = no_game;
    Ok((game, used))
}

/// Why a record is a title card (象棋桥 libraries head their sections with them, and
/// books their prefaces), or `None` when it may be a game: no move, no player, no result,
/// and a board with no piece or with the start set up (a card made from a new record).
fn title_card(
    header: &Header,
    moves: &[XqMove],
    board: &[Option<u8>; 90],
    result: u8,
) -> Option<&'static str> {
    if !moves.is_empty() || header.red.is_some() || header.black.is_some() || result != 0 {
        return None;
    }
    if board.iter().all(Option::is_none) {
        Some("no piece on the board and no move")
    } else if placement(board) == START_BOARD {
        Some("no move, no player and no result from the start position")
    } else {
        None
    }
}

/// The 90 board bytes as FEN letters per square (index = byte index).
fn board(bytes: &[u8], at: usize, notes: &mut Vec<Note>) -> [Option<u8>; 90] {
    let mut out = [None; 90];
    for (i, &b) in bytes.iter().enumerate() {
        let kind = (b & 0x0F) as usize;
        out[i] = match b >> 4 {
            _ if b == 0 => None,
            1 | 2 if (1..=7).contains(&kind) => {
                let letter = PIECES[kind - 1];
                Some(if b >> 4 == 2 {
                    letter.to_ascii_lowercase()
                } else {
                    letter
                })
            }
            _ => {
                notes.push(note(
                    "cbr-unknown-piece",
                    Severity::Warning,
                    format!("unknown piece code 0x{b:02X}; the square is left empty"),
                    at + i,
                ));
                None
            }
        };
    }
    out
}

/// FEN placement: board rows from the top (byte order), `/`-separated.
fn placement(board: &[Option<u8>; 90]) -> String {
    let mut s = String::new();
    for (row, squares) in board.chunks(9).enumerate() {
        let mut empty = 0u8;
        for sq in squares {
            match sq {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(*c as char);
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if row < 9 {
            s.push('/');
        }
    }
    s
}

/// Reads the move records of record `r` (at file offset `base`); damage ends them with a
/// note. Returns the tree, the first move's from-square byte and the bytes used.
fn read_tree(
    r: &[u8],
    base: usize,
    notes: &mut Vec<Note>,
) -> (TreeReader<XqMove>, Option<u8>, usize) {
    let mut pos = CBR_HEADER_LEN;
    let mut tree: Option<TreeReader<XqMove>> = None;
    let mut first_from = None;
    loop {
        let ply = tree.as_ref().and_then(|t| t.next_ply()).unwrap_or(0);
        let fail = |notes: &mut Vec<Note>, at: usize, msg: String| {
            notes.push(Note {
                code: "cbr-damaged",
                severity: Severity::Error,
                message: msg,
                at: loc(base + at),
                ply: (ply > 0).then_some(ply),
            });
        };
        if pos + 4 > r.len() {
            let what = if tree.is_none() {
                "the root record is missing".to_string()
            } else {
                format!("the record of ply {ply} is cut short")
            };
            fail(notes, pos, format!("move records end early: {what}"));
            break;
        }
        let (flags, from, to) = (r[pos], r[pos + 2], r[pos + 3]);
        let at = pos;
        let mut next = pos + 4;
        let mut comment = None;
        if flags & 0x04 != 0 {
            let Some(len) = r
                .get(next..next + 4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            else {
                fail(notes, next, "comment length cut short".into());
                break;
            };
            next += 4;
            let end = usize::try_from(len).ok().and_then(|l| next.checked_add(l));
            let Some(end) = end.filter(|&e| e <= r.len()) else {
                fail(
                    notes,
                    next - 4,
                    format!(
                        "comment length {len} runs past the record's end ({} bytes left)",
                        r.len() - next
                    ),
                );
                break;
            };
            let (text, bad) = utf16(&r[next..end]);
            if bad {
                notes.push(note(
                    "cbr-bad-encoding",
                    Severity::Warning,
                    "comment: units that are not UTF-16 were replaced".into(),
                    base + next,
                ));
            }
            comment = text;
            next = end;
        }
        let has_next = flags & 0x01 == 0;
        let has_alternative = flags & 0x02 != 0;
        match tree.as_mut() {
            None => {
                pos = next;
                tree = Some(TreeReader::new(comment, has_next));
            }
            Some(t) => {
                let (Some(f), Some(s)) = (square(from), square(to)) else {
                    fail(
                        notes,
                        at,
                        format!("square byte out of range (from {from}, to {to}; at most 89)"),
                    );
                    break;
                };
                if from == to {
                    fail(notes, at, format!("a move from square {from} to itself"));
                    break;
                }
                pos = next;
                first_from.get_or_insert(from);
                let mv = XqMove {
                    text: XqMoveText::Coord { from: f, to: s },
                    written: format!("{}{}", iccs(f), iccs(s)),
                    at: loc(base + at),
                    len: 4,
                };
                t.push(mv, comment, has_next, has_alternative);
            }
        }
        if tree.as_ref().is_some_and(|t| t.next_ply().is_none()) {
            break;
        }
    }
    (
        tree.unwrap_or_else(|| TreeReader::new(None, false)),
        first_from,
        pos,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record: header with `side` and the standard board, then `records`.
    pub(super) fn cbr(records: &[u8]) -> Vec<u8> {
        let mut r = vec![0u8; CBR_HEADER_LEN];
        r[..16].copy_from_slice(CBR_MAGIC);
        r[19] = 2;
        r[2112] = 1;
        let red = |k: u8| 0x10 | k;
        let black = |k: u8| 0x20 | k;
        let back = [1, 2, 3, 4, 5, 4, 3, 2, 1];
        for x in 0..9 {
            r[2120 + x] = black(back[x]);
            r[2120 + 81 + x] = red(back[x]);
        }
        for x in [1, 7] {
            r[2120 + 2 * 9 + x] = black(6);
            r[2120 + 7 * 9 + x] = red(6);
        }
        for x in [0, 2, 4, 6, 8] {
            r[2120 + 3 * 9 + x] = black(7);
            r[2120 + 6 * 9 + x] = red(7);
        }
        r.extend_from_slice(records);
        r
    }

    #[test]
    fn standard_board_and_a_tree() {
        // root; h2e2 (alternative follows); h9g7 ends; alternative b2e2 ends.
        let r = cbr(&[
            0, 0, 0, 0, // root
            0x02, 0, 70, 67, // h2e2, has an alternative
            0x01, 0, 1, 20, // b9c7 ends
            0x05, 0, 64, 67, 4, 0, 0, 0, b'h', 0, b'i', 0, // b2e2 ends, comment "hi"
        ]);
        let g = &parse_cbr(&r)[0].as_ref().unwrap().clone();
        assert_eq!(
            g.fen.as_deref(),
            Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
        );
        let w: Vec<&str> = g.moves.iter().map(|m| m.written.as_str()).collect();
        assert_eq!(w, ["h2e2", "b9c7"]);
        assert_eq!(g.variations.len(), 1);
        assert_eq!(g.variations[0].from_ply, 1);
        assert_eq!(g.variations[0].moves[0].written, "b2e2");
        assert_eq!(g.span, Span::new(0, r.len() as u64));
        assert!(g.notes.is_empty());
    }

    /// A title card made from a new record: the start set up, no move, no player, no
    /// result (the 1966 library's cards); its text is its title and its root comment.
    #[test]
    fn a_record_with_the_start_board_and_nothing_else_is_a_title_card() {
        let comment = "序".encode_utf16().flat_map(u16::to_le_bytes);
        let mut records = vec![0x05, 0, 0, 0, 2, 0, 0, 0];
        records.extend(comment);
        let mut r = cbr(&records);
        r[180..184].copy_from_slice(&[0x4D, 0x52, 0x00, 0x8A]); // the title 前言
        let g = parse_cbr(&r).remove(0).unwrap();
        let text = g.no_game.as_ref().expect("a title card");
        assert_eq!((text.why.code, text.place), ("cbr-empty-record", 1));
        assert!(
            text.why
                .message
                .starts_with("no move, no player and no result from the start"),
            "{}",
            text.why.message
        );
        assert!(text
            .why
            .message
            .ends_with("a title card «前言», not a game"));
        assert_eq!(g.comments[0].text, "序");

        // The same board with a player named, or a result recorded, may be a game.
        let mut named = r.clone();
        named[1076..1080].copy_from_slice(&[b'A', 0, b'n', 0]);
        assert!(parse_cbr(&named)[0].as_ref().unwrap().no_game.is_none());
        let mut decided = r.clone();
        decided[2076] = 3;
        assert!(parse_cbr(&decided)[0].as_ref().unwrap().no_game.is_none());
    }

    #[test]
    fn a_cut_tree_keeps_its_moves_and_says_where() {
        let r = cbr(&[0, 0, 0, 0, 0, 0, 70, 67, 0x01, 0]);
        let g = parse_cbr(&r).remove(0).unwrap();
        assert_eq!(g.moves.len(), 1);
        let n = g.notes.iter().find(|n| n.code == "cbr-damaged").unwrap();
        assert_eq!((n.at.offset, n.ply), ((CBR_HEADER_LEN + 8) as u64, Some(2)));
    }

    #[test]
    fn a_cut_header_is_an_error_at_the_record() {
        let r = cbr(&[0, 0, 0, 0]);
        let e = parse_cbr(&r[..1000]).remove(0).unwrap_err();
        assert_eq!((e.start.offset, e.at.offset), (0, 1000));
        assert!(e.message.contains("cut short"), "{e}");
    }
}
