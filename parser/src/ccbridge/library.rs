//! 象棋桥 (CCBridge) libraries (`.cbl`): a header, an index with one entry per record
//! place, then the records, each a CBR record as [`super`] reads it.
//!
//! **Layout.** Offsets decimal, integers little-endian `u32`, text UTF-16LE cut at its
//! first NUL.
//! - Header: `0` magic `"CCBridgeLibrary\0"`, `16` version (3 in every file seen), `20`
//!   the library's GUID (16 bytes), `56` a byte set when the index holds deleted entries,
//!   `60` the index's capacity `C` (number of entries), `64` name (512 bytes), `576`
//!   source (256), `832` creator (64), `896` creator's e-mail (64), `960` created (64),
//!   `1024` modified (64), `1088` remarks (65,536).
//! - Index: from [`CBL_INDEX_START`] (= 1088 + 65,536), `C` entries of [`CBL_INDEX_ENTRY`]
//!   bytes: `0` flags (0: the entry is empty; `0x07` a live record; `0x05`, without
//!   `0x02`, a record 象棋桥 marks deleted), `4` the entry's number, `8` slots its record
//!   takes, `12` its length in bytes, `20` its GUID as text (`{8-4-4-4-12}`, 80 bytes),
//!   `100` its title (128 bytes).
//! - Records: from `CBL_INDEX_START + 276 × C` (see [`cbl_first_record`]; 101,952 for
//!   128 entries, 137,280 for 256, 207,936 for 512), in slots of [`CBL_SLOT`] bytes. The
//!   non-empty entries, in index order, own consecutive runs of slots: an entry's record
//!   starts at the first slot the entries before it leave free and takes `slots` slots
//!   (a record longer than a slot runs on; one that shrank may leave stale bytes, even an
//!   old record's magic, in its last slots). A record repeats its entry's GUID at its
//!   byte 20, in binary (Windows order: `u32`, `u16`, `u16` little-endian, then 8 bytes).
//!
//! **Sources.** The header fields from 576 on are the ones the 微思象棋 (vschess) reader
//! names (`binaryToBook_CBL`, which itself scans for record magics). The index start,
//! the 276-byte entry and the capacity at 60 are the ones of a public format write-up
//! (checked there on 14 libraries; it also names byte 56) and of readers fitted to
//! 1,570 libraries; cchess (`read_cbr.py`) keeps a table of starts instead, which is this
//! formula at 128, 256, 512 and 1,024 entries (101,952, 137,280, 207,936, 349,248) but
//! not at 384 (151,080 there, 172,608 by the formula), and skips the index. The entry
//! fields (slots, length, GUID, title) and the GUID a record repeats are the ones of a
//! public CBL writer whose authors report that 象棋桥 opens its files and rejects a
//! record whose GUID is not its entry's. All of it was checked on the two shared
//! libraries (93 and 38 records, 128 entries each): every entry's slots, length and GUID
//! match its record, its number (at 4) is its place in the index but for the one entry
//! with flags `0x05`: the 1989 library's last, a copy of the record before it (whose
//! number it keeps), in the one library whose byte 56 is set. [decision] That `0x05`
//! means deleted is inferred from that library alone, so such a record is still read,
//! with an info note `cbl-deleted-entry`; the entry's number is not used.
//!
//! **Reading.** Each record is read where its entry places it, over its slots; a slot no
//! entry owns is not a record. A record the index places past the end of the file is
//! reported once, as a truncated library. When the index cannot be followed (a capacity
//! that is not one, an entry taking no slot or a length its slots cannot hold, an entry
//! whose place holds another record, or whose record is elsewhere), the slots are
//! scanned for the record magic instead, and every record found so carries a warning
//! `cbl-found-by-scan` saying why; a record in a slot no entry owns is read the same
//! way, with that note. The remarks, when there are any, come before the records: a
//! text at place 0 (`cbl-remarks`, info), which the ingest keeps as the library's text.

use super::{looks_like_cbr, number_texts, raw_error, record, utf16, CBR_HEADER_LEN, CBR_MAGIC};
use crate::raw::{Comment, Format, NoGame, RawError, Span, XqGame};
use crate::xq_tree::{loc, note};
use kifu_facts::Severity;
use std::collections::HashMap;
use std::fmt;

/// Magic of a CBL library.
pub const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// Offset of a library's index: after the header and its 65,536-byte remarks.
pub const CBL_INDEX_START: usize = 66_624;
/// Size of one index entry.
pub const CBL_INDEX_ENTRY: usize = 276;
/// Size of a library's record slot.
pub const CBL_SLOT: usize = 4096;

/// Header offset of the index's capacity (its number of entries).
const CAPACITY_AT: usize = 60;
/// Header offset and size of the library's name.
const NAME: (usize, usize) = (64, 512);
/// Header offset and size of the library's remarks.
const REMARKS: (usize, usize) = (1088, 65_536);
/// Entry offsets: flags, slots, length, GUID text (and its size).
const FLAGS_AT: usize = 0;
const SLOTS_AT: usize = 8;
const LENGTH_AT: usize = 12;
const GUID_TEXT: (usize, usize) = (20, 80);
/// Where a record repeats its entry's GUID, in binary.
const RECORD_GUID_AT: usize = 20;
/// The flag live entries hold and deleted ones lack.
const LIVE: u32 = 0x02;

/// Whether `head` starts like a CBL library.
pub fn looks_like_cbl(head: &[u8]) -> bool {
    head.starts_with(CBL_MAGIC)
}

/// Where the records of a library whose index has `capacity` entries start, or `None`
/// when that offset does not fit in a `usize`.
pub fn cbl_first_record(capacity: usize) -> Option<usize> {
    capacity
        .checked_mul(CBL_INDEX_ENTRY)?
        .checked_add(CBL_INDEX_START)
}

/// A non-empty index entry and the place it gives its record.
struct Placed {
    /// Entry number (0-based) and its byte offset.
    number: usize,
    at: usize,
    flags: u32,
    slots: usize,
    /// Byte offset of the record's first slot.
    start: usize,
}

/// Records as the index places them, and the first slot no entry owns.
struct Layout {
    records: Vec<Placed>,
    free: usize,
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// A GUID written `{XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}` as the 16 bytes Windows stores.
fn guid_bytes(text: &str) -> Option<[u8; 16]> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    let parts: Vec<&str> = inner.split('-').collect();
    let lengths: Vec<usize> = parts.iter().map(|p| p.len()).collect();
    if lengths != [8, 4, 4, 4, 12] || !inner.chars().all(|c| c == '-' || c.is_ascii_hexdigit()) {
        return None;
    }
    let hex: Vec<u8> = parts
        .concat()
        .as_bytes()
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
        .collect::<Option<_>>()?;
    let mut out = [0u8; 16];
    // The first three groups are little-endian integers; the last two are bytes.
    for (to, from) in [
        (0, 3),
        (1, 2),
        (2, 1),
        (3, 0),
        (4, 5),
        (5, 4),
        (6, 7),
        (7, 6),
    ] {
        out[to] = hex[from];
    }
    out[8..].copy_from_slice(&hex[8..]);
    Some(out)
}

/// The GUID of the record at byte `at`, if a record starts there.
fn record_guid(bytes: &[u8], at: usize) -> Option<[u8; 16]> {
    let guid = bytes.get(at + RECORD_GUID_AT..at + RECORD_GUID_AT + 16)?;
    looks_like_cbr(&bytes[at..]).then(|| guid.try_into().expect("16 bytes"))
}

/// Every record magic after the header, by the GUID its record holds (the first when
/// several hold one): where an entry's record really is.
fn records_by_guid(bytes: &[u8]) -> HashMap<[u8; 16], usize> {
    let mut out = HashMap::new();
    let mut from = CBL_INDEX_START;
    while let Some(at) = find_record(bytes, from) {
        if let Some(guid) = record_guid(bytes, at) {
            out.entry(guid).or_insert(at);
        }
        from = at + CBR_MAGIC.len();
    }
    out
}

/// Why a library's index cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum IndexError {
    /// The capacity is 0 or too large for any file.
    Capacity(usize),
    /// The file ends inside its index.
    CutShort {
        len: usize,
        capacity: usize,
        first: usize,
    },
    /// An entry's record length does not fit its slots.
    Length {
        number: usize,
        at: usize,
        length: usize,
        slots: usize,
    },
    /// An entry's slots run past any file size.
    Slots { number: usize, at: usize },
    /// An entry names a record that lies elsewhere.
    Elsewhere {
        number: usize,
        at: usize,
        guid: String,
        elsewhere: usize,
        start: usize,
    },
    /// An entry names a record, and its place holds another.
    Another {
        number: usize,
        at: usize,
        guid: String,
        start: usize,
    },
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::Capacity(capacity) => {
                write!(f, "its capacity (byte {CAPACITY_AT}) is {capacity} entries")
            }
            IndexError::CutShort {
                len,
                capacity,
                first,
            } => write!(
                f,
                "the file ends at byte {len} inside its index of {capacity} entries (up to byte {first})"
            ),
            IndexError::Length {
                number,
                at,
                length,
                slots,
            } => write!(
                f,
                "entry {number} (byte {at}) gives a record of {length} bytes in {slots} slot(s)"
            ),
            IndexError::Slots { number, at } => {
                write!(f, "entry {number} (byte {at}) runs past any file size")
            }
            IndexError::Elsewhere {
                number,
                at,
                guid,
                elsewhere,
                start,
            } => write!(
                f,
                "entry {number} (byte {at}) names record {guid}, which is at byte \
                 {elsewhere}, not at byte {start} where the index places it"
            ),
            IndexError::Another {
                number,
                at,
                guid,
                start,
            } => write!(
                f,
                "entry {number} (byte {at}) names record {guid}, the record at byte \
                 {start} is another"
            ),
        }
    }
}

/// Reads the index of library `bytes`, or says why it cannot be followed.
fn read_index(bytes: &[u8]) -> Result<Layout, IndexError> {
    let capacity = u32_at(bytes, CAPACITY_AT) as usize;
    let first = cbl_first_record(capacity)
        .filter(|_| capacity > 0)
        .ok_or(IndexError::Capacity(capacity))?;
    if first > bytes.len() {
        return Err(IndexError::CutShort {
            len: bytes.len(),
            capacity,
            first,
        });
    }
    let held = records_by_guid(bytes);
    let mut records = Vec::new();
    let mut free = first;
    for number in 0..capacity {
        let at = CBL_INDEX_START + number * CBL_INDEX_ENTRY;
        let entry = &bytes[at..at + CBL_INDEX_ENTRY];
        let flags = u32_at(entry, FLAGS_AT);
        if flags == 0 {
            continue;
        }
        let slots = u32_at(entry, SLOTS_AT) as usize;
        let length = u32_at(entry, LENGTH_AT) as usize;
        let fits = slots
            .checked_mul(CBL_SLOT)
            .is_some_and(|room| (CBR_HEADER_LEN..=room).contains(&length));
        if !fits {
            return Err(IndexError::Length {
                number,
                at,
                length,
                slots,
            });
        }
        let start = free;
        free = slots
            .checked_mul(CBL_SLOT)
            .and_then(|run| start.checked_add(run))
            .ok_or(IndexError::Slots { number, at })?;
        let (guid, _) = utf16(&entry[GUID_TEXT.0..GUID_TEXT.0 + GUID_TEXT.1]);
        // [decision] An entry without a readable GUID is placed by its slots alone. One
        // whose record is neither at its place nor anywhere else is read at its place
        // (a damaged record, an error there).
        if let Some((text, guid)) = guid.and_then(|t| guid_bytes(&t).map(|g| (t, g))) {
            let here = record_guid(bytes, start);
            if here != Some(guid) {
                if let Some(&elsewhere) = held.get(&guid) {
                    return Err(IndexError::Elsewhere {
                        number,
                        at,
                        guid: text,
                        elsewhere,
                        start,
                    });
                }
                if here.is_some() {
                    return Err(IndexError::Another {
                        number,
                        at,
                        guid: text,
                        start,
                    });
                }
            }
        }
        records.push(Placed {
            number,
            at,
            flags,
            slots,
            start,
        });
    }
    Ok(Layout { records, free })
}

/// Parses a `.cbl` library: each record where its index places it, in index order; a
/// bad record is a [`RawError`] and the others are still read.
pub fn parse_cbl(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    if !looks_like_cbl(bytes) || bytes.len() < CBL_INDEX_START {
        let message = if looks_like_cbl(bytes) {
            format!(
                "truncated 象棋桥 library: {} bytes, its index starts at byte {CBL_INDEX_START}",
                bytes.len()
            )
        } else {
            "not a 象棋桥 library (no `CCBridgeLibrary` magic)".into()
        };
        let head = &bytes[..bytes.len().min(CBL_INDEX_START)];
        return vec![Err(raw_error(Format::Cbl, head, 0, head.len(), message))];
    }
    let library = utf16(&bytes[NAME.0..NAME.0 + NAME.1]).0;
    let library = library.as_deref();
    let mut items = records(bytes, library);
    number_texts(&mut items);
    if let Some(remarks) = remarks(bytes, library) {
        items.insert(0, Ok(remarks));
    }
    items
}

/// The library's remarks (its header's text about the book), as a text at place 0, when
/// it has any.
fn remarks(bytes: &[u8], library: Option<&str>) -> Option<XqGame> {
    let field = &bytes[REMARKS.0..REMARKS.0 + REMARKS.1];
    let (text, _) = utf16(field);
    let text = text?;
    let used = field
        .chunks_exact(2)
        .position(|u| u == [0, 0])
        .map_or(field.len(), |i| i * 2);
    let mut game = XqGame::new(Format::Cbl, loc(REMARKS.0));
    game.span = Span::new(REMARKS.0 as u64, (REMARKS.0 + used) as u64);
    game.encoding = "utf-16le";
    if let Some(name) = library {
        game.header
            .extra
            .push(("Library".to_string(), name.to_string()));
    }
    game.comments = vec![Comment { ply: 0, text }];
    game.no_game = Some(NoGame {
        why: note(
            "cbl-remarks",
            Severity::Info,
            "the library's remarks: its text, not a game".into(),
            REMARKS.0,
        ),
        place: 0,
    });
    Some(game)
}

/// The records of library `bytes`, as its index places them or, when the index cannot be
/// followed, as a scan of its slots finds them.
fn records(bytes: &[u8], library: Option<&str>) -> Vec<Result<XqGame, RawError>> {
    match read_index(bytes) {
        Ok(layout) => by_index(bytes, &layout, library),
        Err(why) => {
            let why = format!("the library's index cannot be followed: {why}");
            let capacity = u32_at(bytes, CAPACITY_AT) as usize;
            // Slots start where the capacity says if the first record magic is on a slot
            // boundary from there, else at that magic.
            let magic = find_record(bytes, CBL_INDEX_START);
            let on_slots =
                |f: usize| magic.is_none_or(|m| m >= f && (m - f).is_multiple_of(CBL_SLOT));
            let from = cbl_first_record(capacity)
                .filter(|&f| capacity > 0 && f <= bytes.len() && on_slots(f))
                .or(magic);
            match from {
                Some(from) => scan(bytes, from, library, &why, true),
                None => vec![Err(raw_error(
                    Format::Cbl,
                    &bytes[..bytes.len().min(CBL_INDEX_START)],
                    0,
                    bytes.len(),
                    format!(
                        "truncated 象棋桥 library: no record in its {} bytes; {why}",
                        bytes.len()
                    ),
                ))],
            }
        }
    }
}

/// The records of `layout`, then any record in a slot no entry owns.
fn by_index(bytes: &[u8], layout: &Layout, library: Option<&str>) -> Vec<Result<XqGame, RawError>> {
    let mut out = Vec::new();
    let mut beyond = layout.records.iter().filter(|p| p.start >= bytes.len());
    if let Some(first) = beyond.next() {
        let more = 1 + beyond.count();
        let missing = format!(
            "truncated 象棋桥 library: its index lists {more} more record(s), from entry {} \
             (byte {}) whose record starts at byte {}; the file ends at byte {}",
            first.number,
            first.at,
            first.start,
            bytes.len()
        );
        let tail = &bytes[bytes.len().min(first.at)..(first.at + CBL_INDEX_ENTRY).min(bytes.len())];
        for p in layout.records.iter().filter(|p| p.start < bytes.len()) {
            out.push(placed(bytes, p, library));
        }
        out.push(Err(raw_error(
            Format::Cbl,
            tail,
            first.at,
            bytes.len(),
            missing,
        )));
        return out;
    }
    out.extend(layout.records.iter().map(|p| placed(bytes, p, library)));
    if layout.free < bytes.len() {
        let why = "no entry of the library's index owns its slot";
        out.extend(scan(bytes, layout.free, library, why, false));
    }
    out
}

/// The record of entry `p`, read over its slots.
fn placed(bytes: &[u8], p: &Placed, library: Option<&str>) -> Result<XqGame, RawError> {
    let end = p.start.saturating_add(p.slots * CBL_SLOT).min(bytes.len());
    let (mut game, _) = record(Format::Cbl, &bytes[p.start..end], p.start, library)?;
    if p.flags & LIVE == 0 {
        game.notes.push(note(
            "cbl-deleted-entry",
            Severity::Info,
            format!(
                "entry {} of the library's index (byte {}) has flags 0x{:02X}, without the \
                 0x02 of live entries (象棋桥's mark of a deleted entry, as far as known); \
                 its record is still in the file and is read",
                p.number, p.at, p.flags
            ),
            p.at,
        ));
    }
    Ok(game)
}

/// Byte offset of the first record magic at or after `from`.
fn find_record(bytes: &[u8], from: usize) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(CBR_MAGIC.len())
        .position(|w| w == CBR_MAGIC)
        .map(|i| from + i)
}

/// Reads the slots from `from` on as the index would not: every slot starting with the
/// record magic is a record, noted as found by scanning and `why`. A slot without the
/// magic is an error when `report` (and not inside a record or all zero), else skipped.
fn scan(
    bytes: &[u8],
    from: usize,
    library: Option<&str>,
    why: &str,
    report: bool,
) -> Vec<Result<XqGame, RawError>> {
    let starts: Vec<usize> = (from..bytes.len()).step_by(CBL_SLOT).collect();
    let mut out = Vec::new();
    // Bytes up to here belong to the last record read (it may run over several slots).
    let mut covered = from;
    for (i, &start) in starts.iter().enumerate() {
        let slot_end = starts.get(i + 1).copied().unwrap_or(bytes.len());
        let slot = &bytes[start..slot_end];
        if !looks_like_cbr(slot) {
            if report && start >= covered && slot.iter().any(|&b| b != 0) {
                out.push(Err(raw_error(
                    Format::Cbl,
                    slot,
                    start,
                    start,
                    format!(
                        "library slot at byte {start} holds no 象棋桥 record (no `CCBridge \
                         Record` magic); the slots are scanned as {why}"
                    ),
                )));
            }
            continue;
        }
        // The record may run on until the next slot holding a record.
        let end = starts[i + 1..]
            .iter()
            .copied()
            .find(|&s| looks_like_cbr(&bytes[s..]))
            .unwrap_or(bytes.len());
        match record(Format::Cbl, &bytes[start..end], start, library) {
            Ok((mut game, used)) => {
                // A damaged record may have lost its end: the slots up to the next record
                // are taken as its own rather than reported once more.
                let damaged = game.notes.iter().any(|n| n.code == "cbr-damaged");
                covered = if damaged { end } else { start + used };
                game.notes.push(note(
                    "cbl-found-by-scan",
                    Severity::Warning,
                    format!("record found by scanning the library's slots for its magic: {why}"),
                    start,
                ));
                out.push(Ok(game));
            }
            Err(e) => {
                covered = end;
                out.push(Err(e));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::cbr;
    use super::*;

    /// A record with one move, `h2e2`, that ends the line.
    fn short() -> Vec<u8> {
        cbr(&[0, 0, 0, 0, 0x01, 0, 70, 67])
    }

    /// A record whose start position carries a comment of `units` UTF-16 units (丫).
    fn commented(units: usize) -> Vec<u8> {
        let mut root = vec![0x05, 0, 0, 0];
        root.extend_from_slice(&(units as i32 * 2).to_le_bytes());
        root.extend(std::iter::repeat_n([0x2B, 0x4E], units).flatten());
        cbr(&root)
    }

    /// GUID `k` of a test library, in the binary order a record holds.
    fn guid(k: usize) -> [u8; 16] {
        let mut g = [0u8; 16];
        for (i, b) in g.iter_mut().enumerate() {
            *b = (k * 16 + i) as u8 ^ 0xA5;
        }
        g
    }

    /// The text an index entry holds for binary GUID `g`.
    fn guid_text(g: &[u8; 16]) -> String {
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02X}")).collect::<String>();
        let rev = |b: &[u8]| b.iter().rev().copied().collect::<Vec<u8>>();
        format!(
            "{{{}-{}-{}-{}-{}}}",
            hex(&rev(&g[0..4])),
            hex(&rev(&g[4..6])),
            hex(&rev(&g[6..8])),
            hex(&g[8..10]),
            hex(&g[10..])
        )
    }

    fn utf16le(text: &str) -> Vec<u8> {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    /// An index entry: its flags, the slots its record takes, and the record (`None`: the
    /// entry is empty, its bytes `stale` left over).
    struct Entry {
        flags: u32,
        slots: usize,
        record: Option<Vec<u8>>,
        stale: Vec<u8>,
    }

    fn live(slots: usize, record: Vec<u8>) -> Entry {
        Entry {
            flags: 0x07,
            slots,
            record: Some(record),
            stale: Vec::new(),
        }
    }

    /// A library with an index of `capacity` entries, the records placed as the format
    /// says (each entry's run of slots after the previous one's), then `tail`.
    fn library(capacity: usize, entries: &[Entry], tail: &[u8]) -> Vec<u8> {
        let first = cbl_first_record(capacity).unwrap();
        let mut lib = vec![0u8; first];
        lib[..16].copy_from_slice(CBL_MAGIC);
        lib[16] = 3;
        lib[CAPACITY_AT..CAPACITY_AT + 4].copy_from_slice(&(capacity as u32).to_le_bytes());
        let name = utf16le("测试库");
        lib[NAME.0..NAME.0 + name.len()].copy_from_slice(&name);
        for (k, e) in entries.iter().enumerate() {
            let at = CBL_INDEX_START + k * CBL_INDEX_ENTRY;
            let entry = &mut lib[at..at + CBL_INDEX_ENTRY];
            let Some(record) = &e.record else {
                // Flags 0 (empty), whatever else the entry still holds.
                entry[100..100 + e.stale.len()].copy_from_slice(&e.stale);
                continue;
            };
            entry[..4].copy_from_slice(&e.flags.to_le_bytes());
            entry[4..8].copy_from_slice(&(k as u32).to_le_bytes());
            entry[8..12].copy_from_slice(&(e.slots as u32).to_le_bytes());
            entry[12..16].copy_from_slice(&(record.len() as u32).to_le_bytes());
            let text = utf16le(&guid_text(&guid(k)));
            entry[20..20 + text.len()].copy_from_slice(&text);
            let title = utf16le(&format!("第{k}局"));
            entry[100..100 + title.len()].copy_from_slice(&title);
            let start = lib.len();
            lib.extend_from_slice(record);
            lib[start + 20..start + 36].copy_from_slice(&guid(k));
            lib.resize(start + e.slots * CBL_SLOT, 0);
        }
        lib.extend_from_slice(tail);
        lib
    }

    /// Five records, one empty entry between them, and slots no entry owns: record 1
    /// runs over two slots, record 2 shrank and left an old record in its second slot,
    /// record 3 is marked deleted; after them a slot of zeros and one of stale bytes.
    fn sample(capacity: usize) -> Vec<u8> {
        let mut shrunk = short();
        shrunk.resize(CBL_SLOT, 0x33);
        shrunk.extend_from_slice(&commented(10));
        let stale_entry = utf16le("已删除的旧条目");
        let entries = [
            live(1, short()),
            live(2, commented(2500)),
            Entry {
                slots: 2,
                ..live(2, short())
            },
            Entry {
                flags: 0x05,
                ..live(1, short())
            },
            Entry {
                flags: 0,
                slots: 0,
                record: None,
                stale: stale_entry,
            },
            live(1, commented(3)),
        ];
        let mut lib = library(capacity, &entries, &[]);
        // Record 2's second slot: the old version's remains, magic included.
        let second = cbl_first_record(capacity).unwrap() + 4 * CBL_SLOT;
        lib[second..second + shrunk.len() - CBL_SLOT].copy_from_slice(&shrunk[CBL_SLOT..]);
        lib.resize(lib.len() + CBL_SLOT, 0);
        lib.extend(std::iter::repeat_n(0x5Au8, CBL_SLOT));
        lib
    }

    fn codes(g: &XqGame) -> Vec<&'static str> {
        g.notes.iter().map(|n| n.code).collect()
    }

    #[test]
    fn records_start_after_an_index_of_any_capacity() {
        let starts: Vec<usize> = [128, 256, 512, 140, 1024]
            .iter()
            .map(|&c| cbl_first_record(c).unwrap())
            .collect();
        assert_eq!(starts, [101_952, 137_280, 207_936, 105_264, 349_248]);
        assert_eq!(cbl_first_record(usize::MAX), None);
    }

    #[test]
    fn libraries_of_any_capacity_are_read_from_their_index() {
        for capacity in [128, 256, 512, 140] {
            let lib = sample(capacity);
            let first = cbl_first_record(capacity).unwrap();
            let games: Vec<XqGame> = parse_cbl(&lib)
                .into_iter()
                .map(|i| i.unwrap_or_else(|e| panic!("{capacity}: {e}")))
                .collect();
            let starts: Vec<usize> = games.iter().map(|g| g.start.offset as usize).collect();
            let slots = [0, 1, 3, 5, 6].map(|s| first + s * CBL_SLOT);
            assert_eq!(starts, slots, "capacity {capacity}");
            assert_eq!(games[1].comments[0].text.chars().count(), 2500);
            assert_eq!(games[1].span.len(), commented(2500).len() as u64);
            assert_eq!(games[4].comments[0].text, "丫丫丫");
            for i in [0, 2, 3] {
                assert_eq!(games[i].moves[0].written, "h2e2");
            }
            let library = games[0].header.extra.iter().find(|(k, _)| k == "Library");
            assert_eq!(library.map(|(_, v)| v.as_str()), Some("测试库"));
            let notes: Vec<Vec<&str>> = games.iter().map(codes).collect();
            assert_eq!(
                notes,
                [vec![], vec![], vec![], vec!["cbl-deleted-entry"], vec![]]
            );
            let deleted = &games[3].notes[0];
            assert_eq!(deleted.severity, Severity::Info);
            assert_eq!(
                deleted.at.offset as usize,
                CBL_INDEX_START + 3 * CBL_INDEX_ENTRY
            );
            assert!(
                deleted.message.contains("flags 0x05"),
                "{}",
                deleted.message
            );
        }
    }

    #[test]
    fn a_damaged_index_falls_back_to_scanning_with_a_note() {
        let lib = sample(256);
        let first = cbl_first_record(256).unwrap();
        let entry = |k: usize| CBL_INDEX_START + k * CBL_INDEX_ENTRY;
        let mut no_slots = lib.clone();
        no_slots[entry(1) + SLOTS_AT] = 0;
        let mut swapped = lib.clone();
        let (a, b) = (entry(0) + GUID_TEXT.0, entry(5) + GUID_TEXT.0);
        let five = swapped[b..b + GUID_TEXT.1].to_vec();
        swapped.copy_within(a..a + GUID_TEXT.1, b);
        swapped[a..a + GUID_TEXT.1].copy_from_slice(&five);
        let capacity = |c: u32| {
            let mut bad = lib.clone();
            bad[CAPACITY_AT..CAPACITY_AT + 4].copy_from_slice(&c.to_le_bytes());
            bad
        };
        let cases = [
            (
                no_slots,
                format!(
                    "entry 1 (byte 66900) gives a record of {} bytes in 0 slot(s)",
                    commented(2500).len()
                ),
            ),
            (
                swapped,
                format!(
                    "entry 0 (byte 66624) names record {}, which is at byte {}, not at byte \
                     {first} where the index places it",
                    guid_text(&guid(5)),
                    first + 6 * CBL_SLOT
                ),
            ),
            (
                capacity(64),
                format!(
                    "entry 0 (byte 66624) names record {}, which is at byte {first}, not at \
                     byte {} where the index places it",
                    guid_text(&guid(0)),
                    cbl_first_record(64).unwrap()
                ),
            ),
            (
                capacity(u32::MAX),
                format!(
                    "the file ends at byte {} inside its index of {} entries (up to byte {})",
                    lib.len(),
                    u32::MAX,
                    CBL_INDEX_START + u32::MAX as usize * CBL_INDEX_ENTRY
                ),
            ),
            (
                capacity(0),
                "its capacity (byte 60) is 0 entries".to_string(),
            ),
        ];
        for (bad, why) in cases {
            let why = why.as_str();
            let items = parse_cbl(&bad);
            // Without the index, the old record left in record 2's second slot is one
            // more, and the stale slot at the end is an error.
            let starts: Vec<(usize, bool)> = items
                .iter()
                .map(|i| match i {
                    Ok(g) => (g.start.offset as usize, true),
                    Err(e) => (e.start.offset as usize, false),
                })
                .collect();
            let expected = [
                (0, true),
                (1, true),
                (3, true),
                (4, true),
                (5, true),
                (6, true),
            ]
            .into_iter()
            .chain([(8, false)])
            .map(|(s, ok)| (first + s * CBL_SLOT, ok))
            .collect::<Vec<_>>();
            assert_eq!(starts, expected, "{why}");
            for g in items.iter().filter_map(|i| i.as_ref().ok()) {
                let n = g
                    .notes
                    .iter()
                    .find(|n| n.code == "cbl-found-by-scan")
                    .unwrap();
                assert_eq!(n.severity, Severity::Warning);
                assert_eq!(n.at, g.start);
                assert!(n.message.ends_with(why), "{}", n.message);
            }
        }
    }

    #[test]
    fn a_record_no_entry_owns_is_read_with_a_note() {
        let mut lib = library(128, &[live(1, short()), live(1, short())], &[]);
        lib.extend_from_slice(&commented(4));
        let items = parse_cbl(&lib);
        assert_eq!(items.len(), 3);
        let orphan = items[2].as_ref().unwrap();
        assert_eq!(orphan.start.offset as usize, 101_952 + 2 * CBL_SLOT);
        assert_eq!(codes(orphan), ["cbl-found-by-scan"]);
        assert!(orphan.notes[0]
            .message
            .ends_with("no entry of the library's index owns its slot"));
        assert!(items[..2]
            .iter()
            .all(|i| codes(i.as_ref().unwrap()).is_empty()));
    }

    #[test]
    fn a_cut_library_says_how_many_records_its_index_lists_past_the_end() {
        let lib = library(
            128,
            &[live(1, short()), live(2, commented(2500)), live(1, short())],
            &[],
        );
        // Cut inside record 1's comment: it is damaged there, and record 2 is missing.
        let cut = 101_952 + CBL_SLOT + 6000;
        let items = parse_cbl(&lib[..cut]);
        assert_eq!(items.len(), 3);
        let g = items[1].as_ref().unwrap();
        assert!(codes(g).contains(&"cbr-damaged"));
        let e = items[2].as_ref().unwrap_err();
        assert_eq!((e.start.offset, e.at.offset), (67_176, cut as u64));
        assert!(
            e.message.contains("lists 1 more record(s), from entry 2"),
            "{e}"
        );
        // Cut where the records start: all three are missing, said once.
        let items = parse_cbl(&lib[..101_952]);
        assert_eq!(items.len(), 1);
        let e = items[0].as_ref().unwrap_err();
        assert!(
            e.message.contains("lists 3 more record(s), from entry 0"),
            "{e}"
        );
        // Cut inside the index: one error at the cut.
        let items = parse_cbl(&lib[..80_000]);
        assert_eq!(items.len(), 1);
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(e.at.offset, 80_000);
        assert!(e.message.contains("inside its index of 128 entries"), "{e}");
        // A library whose index lists nothing holds no record.
        assert!(parse_cbl(&library(128, &[], &[])).is_empty());
    }
}
