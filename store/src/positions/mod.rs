//! The position index: for every game, every position it reaches (at its first visit),
//! keyed by the position's key under its board's symmetries
//! ([`kifu_facts::PositionKey`]), with what the explorer counts. `kifu position` and
//! `kifu explore` read it; the ingest adds to it batch by batch; `kifu index --rebuild`
//! makes it again from the stored moves.
//!
//! # Layout: segments of packed postings, split by key
//!
//! Each batch the writer commits adds, per game kind, one *segment*: a row of
//! `position_segments` (the kind and the range of game ids) and up to 2^`part_bits` rows
//! of `position_postings`, one per *part* (the top bits of the key), each packing the
//! entries of the batch whose key falls in that part ([`format`]: 5 bytes of key, the
//! game as a small gap, a flag byte with the symmetry, the result and whether the game is
//! a linked copy, the next move and the reply in the canonical orientation, the game's
//! length; about 10 bytes for a Renju entry). Looking a position up reads one row per
//! segment, found by its row id (`segment << 16 | part`), and scans it.
//!
//! Why, measured on train-2 (147,229 games, 4.8 million positions; `bench/RESULTS.md`):
//! - **One SQLite row per (position, game)** (`WITHOUT ROWID` keyed by key, or a rowid
//!   table with the key index built sorted at the end of a bulk load) costs 1.6–8 µs a
//!   row: 8–40 s on top of a 1.2 s ingest, and 25–43 bytes a row. The 25% budget allows
//!   about 60 ns a position.
//! - **Packed rows**, written as the batch's games are (entries arrive in game order, so
//!   nothing is sorted), cost one SQLite row per part instead: 256 rows a batch. Rows stay
//!   under SQLite's in-page limit (~4 KB) and ids only grow, so pages fill completely.
//! - **Every field an explorer row needs is in the entry** (result, copy flag, next move,
//!   reply, length): the explorer at the root of a million games decodes a million entries
//!   and reads no game. An aggregate table (lichess-style counts per position and move)
//!   would have to be updated in place per batch: upserts into a B-tree, measured slower
//!   than the whole entry write, and useless once a filter admits only some games.
//! - **No merging.** A lookup reads one row per segment; a million games are a thousand
//!   segments of the ingest (a few ms to read). `kifu index --rebuild` writes segments of
//!   [`REBUILD_GAMES`] games with [`REBUILD_PART_BITS`], so a rebuilt database of 10
//!   million games has about 150 segments per kind; an ingest adds one segment per batch.
//!
//! Consistency: a batch's entries are written in the batch's own transaction, so a kill
//! leaves the index holding exactly the committed games. A rebuild marks the index
//! `building` first and `complete` in the transaction that writes its last entries;
//! readers refuse an index that is not complete ([`crate::Error::PositionIndex`]).

mod format;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use format::Posting;
pub use read::{GameDigest, IndexSize, IndexSource, PositionGame};
pub(crate) use write::{GameEntries, Pending};

use std::fmt;

use kifu_facts::PlyStep;
use rusqlite::{params, TransactionBehavior};

use crate::{Result, Store};

/// Part bits of the segments an ingest writes: 256 rows a batch, ~130 Renju entries each.
pub const INGEST_PART_BITS: u32 = 8;
/// Part bits of the segments a rebuild writes.
pub const REBUILD_PART_BITS: u32 = 12;
/// Games per segment a rebuild writes.
pub const REBUILD_GAMES: usize = 65_536;

/// Whether the position index covers every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexState {
    /// Every game's positions are indexed.
    Complete,
    /// Not built: the database was made before the index existed, or an ingest ran
    /// without indexing.
    Missing,
    /// A rebuild is running, or was interrupted.
    Building,
}

impl IndexState {
    pub fn name(self) -> &'static str {
        match self {
            IndexState::Complete => "complete",
            IndexState::Missing => "missing",
            IndexState::Building => "building",
        }
    }
}

impl fmt::Display for IndexState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Store {
    /// Starts a rebuild: marks the index `building` and empties it, in one transaction.
    pub fn begin_index_rebuild(&mut self) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "UPDATE position_index SET state = 'building' WHERE id = 1",
            [],
        )?;
        tx.execute("DELETE FROM position_postings", [])?;
        tx.execute("DELETE FROM position_segments", [])?;
        tx.commit()?;
        Ok(())
    }

    /// Writes the entries of a chunk of a rebuild (games in id order, each with its
    /// trail) in one transaction: one segment per kind.
    pub fn write_index_chunk(&mut self, games: &[(IndexSource, Vec<PlyStep>)]) -> Result<()> {
        let mut pending = Pending::new(REBUILD_PART_BITS);
        for (g, trail) in games {
            pending.add(&GameEntries {
                kind: g.kind,
                game: g.id,
                result: g.result,
                duplicate: g.duplicate,
                length: g.length,
                trail,
            });
        }
        let tx = self.conn.transaction()?;
        pending.flush(&tx)?;
        tx.commit()?;
        Ok(())
    }

    /// Ends a rebuild that has indexed every game up to `last`: marks the index complete
    /// and returns true, unless an ingest added games meanwhile (returns false: index
    /// them and call again). The check and the mark are one write transaction, so no game
    /// can slip in between.
    pub fn finish_index_rebuild(&mut self, last: i64) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let newer: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM games WHERE id > ?1)",
            params![last],
            |r| r.get(0),
        )?;
        if !newer {
            tx.execute(
                "UPDATE position_index SET state = 'complete' WHERE id = 1",
                [],
            )?;
        }
        tx.commit()?;
        Ok(!newer)
    }
}
