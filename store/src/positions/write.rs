//! Writing segments: the entries of a batch of games, gathered by kind and by part in
//! memory while the batch is written, then stored as one segment per kind, in the batch's
//! own transaction.

use kifu_facts::{GameKind, PlyStep, SeatResult};
use rusqlite::{params, Transaction};

use super::format::{flags, part_of, put_entry, EntryFields, MIN_PART_BITS};
use crate::Result;

/// One game's entries to add: its trail and what every entry repeats.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameEntries<'a> {
    pub kind: GameKind,
    pub game: i64,
    pub result: SeatResult,
    pub duplicate: bool,
    pub length: u32,
    pub trail: &'a [PlyStep],
}

/// A segment being gathered: one kind's games of a batch.
struct Segment {
    kind: GameKind,
    first_game: i64,
    last_game: i64,
    games: u64,
    entries: u64,
    /// Per part: the bytes so far and the game of its last entry.
    parts: Vec<(Vec<u8>, i64)>,
}

/// The segments of the batch being written, one per kind (the part buffers are kept from
/// batch to batch, so a batch allocates nothing once they have grown).
pub(crate) struct Pending {
    part_bits: u32,
    segments: Vec<Segment>,
}

impl Pending {
    pub(crate) fn new(part_bits: u32) -> Pending {
        assert!(
            (MIN_PART_BITS..=16).contains(&part_bits),
            "part bits {part_bits} out of range"
        );
        Pending {
            part_bits,
            segments: Vec::new(),
        }
    }

    /// Adds a game's entries. Games must come in increasing id order.
    pub(crate) fn add(&mut self, g: &GameEntries<'_>) {
        if g.trail.is_empty() {
            return;
        }
        let parts = 1usize << self.part_bits;
        let segment = match self.segments.iter().position(|s| s.kind == g.kind) {
            Some(i) => &mut self.segments[i],
            None => {
                self.segments.push(Segment {
                    kind: g.kind,
                    first_game: g.game,
                    last_game: g.game,
                    games: 0,
                    entries: 0,
                    parts: vec![(Vec::new(), 0); parts],
                });
                self.segments.last_mut().expect("just pushed")
            }
        };
        if segment.games == 0 {
            segment.first_game = g.game;
            for part in &mut segment.parts {
                part.1 = g.game;
            }
        }
        segment.last_game = g.game;
        segment.games += 1;
        segment.entries += g.trail.len() as u64;
        for step in g.trail {
            let key = step.key.stored();
            let (data, last) = &mut segment.parts[part_of(key, self.part_bits) as usize];
            let gap = (g.game - *last) as u64;
            *last = g.game;
            put_entry(
                data,
                g.kind,
                self.part_bits,
                key,
                gap,
                &EntryFields {
                    flags: flags(step.symmetry, g.result, g.duplicate),
                    next: step.next,
                    reply: step.reply,
                    length: g.length,
                },
            );
        }
    }

    /// Writes the gathered segments in `tx` and empties the buffers.
    pub(crate) fn flush(&mut self, tx: &Transaction<'_>) -> Result<()> {
        let mut insert_segment = tx.prepare_cached(
            "INSERT INTO position_segments (kind, first_game, last_game, games, entries,
                part_bits) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        let mut insert_part =
            tx.prepare_cached("INSERT INTO position_postings (id, data) VALUES (?1, ?2)")?;
        for s in &mut self.segments {
            if s.games == 0 {
                continue;
            }
            insert_segment.execute(params![
                s.kind.name(),
                s.first_game,
                s.last_game,
                s.games as i64,
                s.entries as i64,
                self.part_bits
            ])?;
            let id = tx.last_insert_rowid();
            for (part, (data, _)) in s.parts.iter_mut().enumerate() {
                if !data.is_empty() {
                    insert_part.execute(params![id << 16 | part as i64, &data[..]])?;
                    data.clear();
                }
            }
            s.games = 0;
            s.entries = 0;
        }
        Ok(())
    }
}
