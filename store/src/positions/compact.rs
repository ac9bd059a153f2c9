//! Merging small segments (`kifu index --compact`): an index grown by many ingests has a
//! segment per batch, and a lookup reads one row per segment; merging runs of them into
//! segments of up to [`SEGMENT_GAMES`] games, without replaying any game, brings a lookup
//! back to a row per 65,536 games.

use kifu_facts::GameKind;
use rusqlite::params;

use super::format::{part_of, put_entry, BadRow, Entries, EntryFields};
use super::{PART_BITS, SEGMENT_GAMES};
use crate::summary::kind_of;
use crate::{Error, Result, Store};

/// A segment as the merge reads it.
struct Segment {
    id: i64,
    kind: GameKind,
    first_game: i64,
    last_game: i64,
    games: i64,
    entries: i64,
    part_bits: u32,
}

/// What a compaction did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compaction {
    pub segments_before: u64,
    pub segments_after: u64,
}

impl Store {
    /// Merges each run of consecutive small segments of one kind (fewer than
    /// [`SEGMENT_GAMES`] games together, game ranges in order) into one segment, each
    /// merge in its own transaction: a kill leaves the old segments or the new one.
    pub fn compact_index(&mut self) -> Result<Compaction> {
        self.index_needed()?;
        let compacted = self.compact();
        self.in_index(compacted)
    }

    fn compact(&mut self) -> Result<Compaction> {
        let mut stmt = self.conn.prepare(
            "SELECT id, kind, first_game, last_game, games, entries, part_bits
             FROM position_segments ORDER BY kind, first_game",
        )?;
        let segments: Vec<Segment> = stmt
            .query_map([], |r| {
                Ok(Segment {
                    id: r.get(0)?,
                    kind: kind_of(r, 1)?,
                    first_game: r.get(2)?,
                    last_game: r.get(3)?,
                    games: r.get(4)?,
                    entries: r.get(5)?,
                    part_bits: r.get(6)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        drop(stmt);
        let before = segments.len() as u64;
        let mut after = 0;
        let mut run: Vec<&Segment> = Vec::new();
        let mut runs: Vec<Vec<&Segment>> = Vec::new();
        for s in &segments {
            let joins = run.last().is_some_and(|last| {
                last.kind == s.kind
                    && last.last_game < s.first_game
                    && run.iter().map(|r| r.games).sum::<i64>() + s.games <= SEGMENT_GAMES as i64
            });
            if !joins && !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
            run.push(s);
        }
        if !run.is_empty() {
            runs.push(run);
        }
        for run in runs {
            after += 1;
            if run.len() > 1 {
                self.merge(&run)?;
            }
        }
        Ok(Compaction {
            segments_before: before,
            segments_after: after,
        })
    }

    fn merge(&mut self, run: &[&Segment]) -> Result<()> {
        let kind = run[0].kind;
        let bits = PART_BITS;
        let first_game = run[0].first_game;
        let mut parts: Vec<(Vec<u8>, i64)> = vec![(Vec::new(), first_game); 1 << bits];
        let tx = self.conn.transaction()?;
        {
            let mut rows = tx.prepare_cached(
                "SELECT id, data FROM position_postings WHERE id >= ?1 AND id < ?2 ORDER BY id",
            )?;
            for s in run {
                let mut r = rows.query(params![s.id << 16, (s.id + 1) << 16])?;
                while let Some(row) = r.next()? {
                    let id: i64 = row.get(0)?;
                    let data: Vec<u8> = row.get(1)?;
                    let mut append = |key: u64, game: i64, f: &EntryFields| {
                        let (out, last) = &mut parts[part_of(key, bits) as usize];
                        put_entry(out, kind, bits, key, (game - *last) as u64, f);
                        *last = game;
                    };
                    Entries::new(&data, kind, (id & 0xFFFF) as u64, s.part_bits, s.first_game)
                        .all(&mut append)
                        .map_err(|BadRow| {
                            Error::Corrupt(crate::Unreadable::IndexRow { segment: s.id })
                        })?;
                }
            }
            tx.execute(
                "INSERT INTO position_segments (kind, first_game, last_game, games, entries,
                    part_bits) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    kind.name(),
                    first_game,
                    run[run.len() - 1].last_game,
                    run.iter().map(|s| s.games).sum::<i64>(),
                    run.iter().map(|s| s.entries).sum::<i64>(),
                    bits
                ],
            )?;
            let id = tx.last_insert_rowid();
            let mut insert =
                tx.prepare_cached("INSERT INTO position_postings (id, data) VALUES (?1, ?2)")?;
            for (part, (data, _)) in parts.iter().enumerate() {
                if !data.is_empty() {
                    insert.execute(params![id << 16 | part as i64, &data[..]])?;
                }
            }
            let mut delete_rows =
                tx.prepare_cached("DELETE FROM position_postings WHERE id >= ?1 AND id < ?2")?;
            let mut delete_segment =
                tx.prepare_cached("DELETE FROM position_segments WHERE id = ?1")?;
            for s in run {
                delete_rows.execute(params![s.id << 16, (s.id + 1) << 16])?;
                delete_segment.execute(params![s.id])?;
            }
        }
        tx.commit()?;
        Ok(())
    }
}
