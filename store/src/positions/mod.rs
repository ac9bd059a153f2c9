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
//! # Sizes and costs (measured; `kifu index` prints them for any database)
//!
//! - **train-2** (147,229 Renju games, mean 33 positions a game): 4,938,493 entries,
//!   10.0 bytes each, **336 bytes of entries per game** (49.4 MB), in 144 segments (one per
//!   ingest batch of ~1,000 games) and 23,717 rows; the whole database is 97 MB.
//! - **Generated Renju** (~64 positions a game): ~650 bytes of entries per game, ~720 bytes
//!   of database file per game with SQLite's pages (`kifu bench --positions`).
//! - **Ingest cost**: the keys are computed in the replay pool, beside the replay (8 XORs
//!   and a minimum per Renju move); the writer thread only appends ~10 bytes per position
//!   to a part buffer and writes 256 rows per batch. The index about doubles the bytes
//!   the writer stores (train-2: ~330 bytes a game without it, 336 more with it).
//!   `kifu bench --positions 100000` on 2 shared, loaded
//!   cores, in a dev build with kifu-store and kifu-analysis at opt-level 2 (as rules
//!   and parser already are; without it the store's unoptimized encoding doubles the
//!   cost): ingest 4.26 s → 5.25 s (+23%; +27% and +37% in two runs before, the noise
//!   of a shared machine); position search at ply 10: 1.5 ms median, 3.3 ms max;
//!   explorer from the empty board 10 ms, from the most played ply-3 position 2 ms. The
//!   release figures on 1 M games, which the targets are about, are for
//!   `bench/RESULTS.md`. If the ingest figure is over 25%, the next saving is the game
//!   length, now repeated in every entry (~1 byte of 10): one per game per segment.
//!
//! # Designed for 10 million games
//!
//! - **Size**: 10 M games of train-2's length are 330 M entries, ~3.4 GB of entries. An
//!   exact-position index must hold one entry per (game, position) to list games and
//!   their plies; a SQLite row per entry (key, game, fields, plus the B-tree index on the
//!   key) would take 25–40 bytes an entry, 8–13 GB, and a B-tree insert per position.
//! - **Ingest**: entries arrive in game order and are appended to the part buffers: nothing
//!   is sorted and no existing row is rewritten, so the cost per game is the same at 10 M
//!   games as at 1,000. An aggregated move table (counts per position and move, as
//!   lichess keeps) would need an upsert into a B-tree per position, and could not
//!   answer a filtered query (a player's games) or list the games.
//! - **Search**: a lookup reads one row per segment by its row id (`segment << 16 |
//!   part`) and scans ~130 entries in it. An index built by ingest batches of ~1,000 games
//!   has ~1,000 segments per million games; `kifu index --rebuild` writes segments of
//!   [`REBUILD_GAMES`] games with [`REBUILD_PART_BITS`] (4,096 parts), so 10 M games
//!   rebuilt are ~153 segments per kind and a lookup reads 153 rows of ~530 entries.
//!   A database grown to 10 M games by many ingests (10,000 segments: a lookup reads
//!   10,000 rows) is brought back to that by `kifu index --compact`
//!   ([`Store::compact_index`]), which merges runs of small segments without replaying
//!   any game, each merge in its own transaction. Ingest does not merge by itself, to
//!   keep its cost; merging at the end of large ingests is a possible next step.
//! - **Explorer**: every field a move row needs (result, copy flag, next move, reply,
//!   length) is in the entry, so the explorer reads no game: from the empty board it
//!   decodes one entry per game (10 M entries, all in one part of each segment).
//! - **Key bits**: 48 bits of the 64-bit key are stored; a stranger sharing them is
//!   dropped by the position search, which replays each listed game and compares the full
//!   key (at 330 M positions a given query meets one with probability ~1e-6).
//!
//! Consistency: a batch's entries are written in the batch's own transaction, so a kill
//! leaves the index holding exactly the committed games. A rebuild marks the index
//! `building` first and `complete` in the transaction that writes its last entries;
//! readers refuse an index that is not complete ([`crate::Error::PositionIndex`]).

mod compact;
mod format;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use compact::Compaction;
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
