//! The bytes of a postings row: one entry per (game, position), packed.
//!
//! An entry, in the order written:
//! - the position key's stored bits below the row's part bits, 5 bytes little-endian
//!   (48 − `part_bits` ≤ 40 bits);
//! - the game id as a varint: the first entry of a row counts from the segment's first
//!   game, the others from the previous entry's game (entries are in game order, so the
//!   gaps are small: one byte for most);
//! - one flag byte: the symmetry onto the canonical orientation (bits 0–2), the result by
//!   seat (bits 3–5, [`Outcome::code`]), a linked copy (bit 6);
//! - the next move and the reply in the canonical orientation, 1 byte each for Renju
//!   (a point index, 225 a pass, 255 none), 2 bytes little-endian for the other games;
//! - the game's length in plies, a varint.
//!
//! A Renju entry is about 10 bytes.

use kifu_facts::{GameKind, MoveCode, Outcome, PositionKey};

/// Bytes of key stored per entry.
const KEY_BYTES: usize = 5;

/// The fewest part bits a segment may use: the key bits below them must fit in
/// [`KEY_BYTES`].
pub(crate) const MIN_PART_BITS: u32 = PositionKey::STORED_BITS - 8 * KEY_BYTES as u32;

/// The Renju byte for "no move".
const RENJU_NONE: u8 = 255;

/// One index entry: a game that reached the looked-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    pub game: i64,
    /// The symmetry (index in the game's list) that maps the game's position onto the
    /// canonical orientation.
    pub symmetry: u8,
    /// The result that counts, by seat.
    pub result: Outcome,
    /// The game is a linked copy (`duplicate_of` set).
    pub duplicate: bool,
    /// The move the game played from the position, in the canonical orientation.
    pub next: MoveCode,
    /// The move after it.
    pub reply: MoveCode,
    /// The game's length in plies (all its recorded moves).
    pub length: u32,
}

/// The row (part) a stored key falls in, for a segment with `part_bits`.
pub(crate) fn part_of(stored_key: u64, part_bits: u32) -> u64 {
    stored_key >> (PositionKey::STORED_BITS - part_bits)
}

fn low_bits(stored_key: u64, part_bits: u32) -> u64 {
    stored_key & ((1u64 << (PositionKey::STORED_BITS - part_bits)) - 1)
}

fn move_width(kind: GameKind) -> usize {
    match kind {
        GameKind::Renju => 1,
        _ => 2,
    }
}

/// The flag byte.
pub(crate) fn flags(symmetry: u8, result: Outcome, duplicate: bool) -> u8 {
    (symmetry & 7) | (result.code() << 3) | (u8::from(duplicate) << 6)
}

/// What an entry says besides its game and key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EntryFields {
    pub flags: u8,
    pub next: MoveCode,
    pub reply: MoveCode,
    pub length: u32,
}

/// Appends one entry; `gap` is its game's distance from the previous entry's (or from the
/// segment's first game for a row's first entry).
pub(crate) fn put_entry(
    out: &mut Vec<u8>,
    kind: GameKind,
    part_bits: u32,
    stored_key: u64,
    gap: u64,
    e: &EntryFields,
) {
    // Built on the stack and appended at once: one capacity check per entry, not one
    // per field (the writer thread appends tens of millions of entries).
    let mut entry = [0u8; MAX_ENTRY_BYTES];
    entry[..KEY_BYTES].copy_from_slice(&low_bits(stored_key, part_bits).to_le_bytes()[..KEY_BYTES]);
    let mut at = KEY_BYTES;
    at = varint_into(&mut entry, at, gap);
    entry[at] = e.flags;
    at += 1;
    for m in [e.next, e.reply] {
        match kind {
            GameKind::Renju => {
                entry[at] = if m.is_none() { RENJU_NONE } else { m.0 as u8 };
                at += 1;
            }
            _ => {
                entry[at..at + 2].copy_from_slice(&m.0.to_le_bytes());
                at += 2;
            }
        }
    }
    at = varint_into(&mut entry, at, u64::from(e.length));
    out.extend_from_slice(&entry[..at]);
}

/// The longest entry: the key, a 10-byte varint gap, the flags, two 2-byte moves and a
/// 5-byte varint length.
const MAX_ENTRY_BYTES: usize = KEY_BYTES + 10 + 1 + 4 + 5;

/// Writes `v` as a varint at `at`, returning the index after it.
fn varint_into(buf: &mut [u8], mut at: usize, mut v: u64) -> usize {
    while v >= 0x80 {
        buf[at] = v as u8 | 0x80;
        v >>= 7;
        at += 1;
    }
    buf[at] = v as u8;
    at + 1
}

/// A row's bytes could not be read back: the database was changed by something else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BadRow;

/// Reads a row's entries in order: `(stored key, game, fields)`.
pub(crate) struct Entries<'a> {
    data: &'a [u8],
    at: usize,
    kind: GameKind,
    /// The part's bits, shifted into place, to rebuild each stored key.
    high: u64,
    game: i64,
}

impl<'a> Entries<'a> {
    pub(crate) fn new(
        data: &'a [u8],
        kind: GameKind,
        part: u64,
        part_bits: u32,
        first_game: i64,
    ) -> Entries<'a> {
        Entries {
            data,
            at: 0,
            kind,
            high: part << (PositionKey::STORED_BITS - part_bits),
            game: first_game,
        }
    }

    fn byte(&mut self) -> Result<u8, BadRow> {
        let b = *self.data.get(self.at).ok_or(BadRow)?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, BadRow> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7F) << shift;
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err(BadRow)
    }

    fn mv(&mut self) -> Result<MoveCode, BadRow> {
        Ok(match self.kind {
            GameKind::Renju => match self.byte()? {
                RENJU_NONE => MoveCode::NONE,
                b => MoveCode(u16::from(b)),
            },
            _ => MoveCode(u16::from_le_bytes([self.byte()?, self.byte()?])),
        })
    }

    /// The next entry's key alone, skipping the rest of the entry unless it is wanted.
    fn entry(&mut self, wanted: Option<u64>) -> Result<(u64, i64, Option<EntryFields>), BadRow> {
        let bytes = self.data.get(self.at..self.at + KEY_BYTES).ok_or(BadRow)?;
        let mut low = [0u8; 8];
        low[..KEY_BYTES].copy_from_slice(bytes);
        self.at += KEY_BYTES;
        let key = self.high | u64::from_le_bytes(low);
        self.game += i64::try_from(self.varint()?).map_err(|_| BadRow)?;
        if wanted.is_some_and(|w| w != key) {
            // Skip the flags, two moves and the length.
            self.at += 1 + 2 * move_width(self.kind);
            self.varint()?;
            return Ok((key, self.game, None));
        }
        let flags = self.byte()?;
        let next = self.mv()?;
        let reply = self.mv()?;
        let length = u32::try_from(self.varint()?).map_err(|_| BadRow)?;
        Ok((
            key,
            self.game,
            Some(EntryFields {
                flags,
                next,
                reply,
                length,
            }),
        ))
    }

    /// The entries whose stored key is `key`, as postings.
    pub(crate) fn matching(mut self, key: u64, out: &mut Vec<Posting>) -> Result<(), BadRow> {
        while self.at < self.data.len() {
            if let (_, game, Some(f)) = self.entry(Some(key))? {
                out.push(posting(game, &f)?);
            }
        }
        Ok(())
    }

    /// Every entry: `(stored key, game, fields)`.
    pub(crate) fn all(
        mut self,
        mut each: impl FnMut(u64, i64, &EntryFields),
    ) -> Result<(), BadRow> {
        while self.at < self.data.len() {
            if let (key, game, Some(f)) = self.entry(None)? {
                each(key, game, &f);
            }
        }
        Ok(())
    }
}

pub(crate) fn posting(game: i64, f: &EntryFields) -> Result<Posting, BadRow> {
    Ok(Posting {
        game,
        symmetry: f.flags & 7,
        result: Outcome::from_code((f.flags >> 3) & 7).ok_or(BadRow)?,
        duplicate: f.flags & 0x40 != 0,
        next: f.next,
        reply: f.reply,
        length: f.length,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_as_written() {
        for kind in [GameKind::Renju, GameKind::Xiangqi] {
            let bits = 8;
            let key_a = 0xAB12_3456_789A;
            let key_b = 0xAB00_0000_0001;
            assert_eq!(part_of(key_a, bits), 0xAB);
            let fields = |n: u16| EntryFields {
                flags: flags(5, Outcome::Win(kifu_facts::Seat::SECOND), true),
                next: MoveCode(n),
                reply: MoveCode::NONE,
                length: 300,
            };
            let mut row = Vec::new();
            put_entry(&mut row, kind, bits, key_a, 3, &fields(17));
            put_entry(&mut row, kind, bits, key_b, 200, &fields(18));
            put_entry(&mut row, kind, bits, key_a, 1, &fields(19));
            let mut found = Vec::new();
            Entries::new(&row, kind, 0xAB, bits, 100)
                .matching(key_a, &mut found)
                .unwrap();
            assert_eq!(found.len(), 2);
            assert_eq!(
                found[0],
                Posting {
                    game: 103,
                    symmetry: 5,
                    result: Outcome::Win(kifu_facts::Seat::SECOND),
                    duplicate: true,
                    next: MoveCode(17),
                    reply: MoveCode::NONE,
                    length: 300,
                }
            );
            assert_eq!((found[1].game, found[1].next), (304, MoveCode(19)));
            let mut all = Vec::new();
            Entries::new(&row, kind, 0xAB, bits, 100)
                .all(|k, g, _| all.push((k, g)))
                .unwrap();
            assert_eq!(all, [(key_a, 103), (key_b, 303), (key_a, 304)]);
            // A cut row is an error, not a panic.
            assert_eq!(
                Entries::new(&row[..row.len() - 1], kind, 0xAB, bits, 100).all(|_, _, _| ()),
                Err(BadRow)
            );
        }
        assert_eq!(MIN_PART_BITS, 8);
    }
}
