//! The position index: for every game, every position it reaches (at its first visit),
//! keyed by the position's key under its board's symmetries
//! ([`kifu_facts::PositionKey`]), with what the explorer counts. `kifu position` and
//! `kifu explore` read it; the ingest adds to it as it writes the games; `kifu index
//! --rebuild` makes it again from the stored moves.
//!
//! # Layout: segments of packed postings, split by key
//!
//! Each write of the index adds, per game kind, one *segment* of up to [`SEGMENT_GAMES`]
//! games: a row of `position_segments` (the kind and the range of game ids) and up to
//! 2^`part_bits` rows of `position_postings`, one per *part* (the top bits of the key),
//! each packing the segment's entries whose key falls in that part ([`format`]: 5 bytes of key, the
//! game as a small gap, a flag byte with the symmetry, the result and whether the game is
//! a linked copy, the next move and the reply in the canonical orientation, the game's
//! length; about 10 bytes for a Renju entry). Looking a position up reads one row per
//! segment, found by its row id (`segment << 16 | part`), and scans it.
//!
//! # Sizes and costs (measured; `kifu index` prints them for any database)
//!
//! - **train-2** (147,229 Renju games, mean 33 positions a game): 4,938,493 entries,
//!   10.0 bytes each, **336 bytes of entries per game** (49.4 MB); the whole database was
//!   97 MB with the index inside it.
//! - **Generated Renju** (~64 positions a game): ~650 bytes of entries per game, ~720 bytes
//!   of database file per game with SQLite's pages (`kifu bench --positions`).
//! - **Ingest cost**: the keys are computed in the replay pool, beside the replay (8 XORs
//!   and a minimum per Renju move); the index thread appends ~10 bytes per position to a
//!   part buffer and writes up to 4,096 rows per segment, to its own file, while the
//!   games writer writes the games (train-2: ~330 bytes a game of games, 336 of index).
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
//!   part`) and scans the entries in it. Every write gathers up to [`SEGMENT_GAMES`] games
//!   (or [`SEGMENT_ENTRIES`] entries) with [`PART_BITS`] (4,096 parts), so 10 M games are
//!   ~153 segments per kind and a lookup reads 153 rows of ~530 entries. A database grown
//!   by many small ingests (a segment each) is brought back to that by `kifu index
//!   --compact` ([`crate::Store::compact_index`]), which merges runs of small segments
//!   without replaying any game, each merge in its own transaction.
//! - **Explorer**: every field a move row needs (result, copy flag, next move, reply,
//!   length) is in the entry, so the explorer reads no game: from the empty board it
//!   decodes one entry per game (10 M entries, all in one part of each segment).
//! - **Key bits**: 48 bits of the 64-bit key are stored; a stranger sharing them is
//!   dropped by the position search, which replays each listed game and compares the full
//!   key (at 330 M positions a given query meets one with probability ~1e-6).
//!
//! # Derived data, off the games writer's path
//!
//! The games are the truth; the index is made from them. It lives in a file of its own
//! beside the database ([`index_path`]: `<database>-positions`), written by its own
//! connection ([`PositionWriter`]), so an ingest's games writer never waits on it and the
//! two write at once. The file holds a mark (`coverage.through`): it has the entries of
//! every game with an id up to the mark and of no other, and each write adds the entries
//! of the games right after the mark and moves it in one transaction. So a killed ingest
//! leaves the games whole and the index behind by at most what it had not written; the
//! next command that needs the index (`kifu position`, `explore`, `report`, `site`, or
//! `kifu index`) catches it up from the mark, and `kifu index --verify` checks it. The
//! file names the database's games by their token (`identity.token`): a file that belongs
//! to other games, or claims games the database does not hold, is emptied and made again.
//! Readers refuse an index that does not reach the newest game
//! ([`crate::Error::PositionIndex`]).
//!
//! A file that cannot be read as an index (garbage, cut short, another schema) blocks
//! nothing: a reader sees the index as missing and only the commands that need it say so
//! ([`crate::Error::IndexUnreadable`]); the index's writer ([`Store::position_writer`])
//! moves it aside, with its `-wal` and `-shm`, to `<file>.damaged-<unix seconds>`,
//! answers that it did ([`SetAside`], for the command to say), and makes a new index;
//! `kifu index --rebuild` checks every page of the file first.

mod compact;
mod file;
mod format;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use compact::Compaction;
pub(crate) use file::{attach, attach_to_read, prepare, Check, ReaderIndex};
pub use file::{index_path, SetAside};
pub use format::Posting;
pub use read::{GameDigest, IndexSize, IndexSource, PositionGame};
pub use write::{IndexedBatch, IndexedGame, PositionWriter};

use std::fmt;

/// Part bits of a segment: 4,096 rows, ~530 Renju entries each in a full segment.
pub const PART_BITS: u32 = 12;
/// Games a segment gathers at most (and a catch-up reads at once).
pub const SEGMENT_GAMES: usize = 65_536;
/// Entries a segment gathers at most (~40 MB of part buffers), so long games bound the
/// index writer's memory as the games bound short ones.
pub const SEGMENT_ENTRIES: u64 = 4_000_000;

/// Whether the position index covers every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexState {
    /// Every game's positions are indexed.
    Complete,
    /// The older games are indexed, not the newest (an ingest is writing, was killed, or
    /// ran with `--no-index`).
    Behind,
    /// No game is indexed: never built, or the index file is absent or belongs to other
    /// games.
    Missing,
}

impl IndexState {
    pub fn name(self) -> &'static str {
        match self {
            IndexState::Complete => "complete",
            IndexState::Behind => "behind",
            IndexState::Missing => "missing",
        }
    }
}

impl fmt::Display for IndexState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
