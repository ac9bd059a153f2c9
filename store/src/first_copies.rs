//! The writer's cache of first copies ([`FirstCopies`]): which stored game a new record is
//! a copy of, found in memory while a kind is loaded, else by index. Kept true when other
//! writers store games into the same database at the same time ([`FirstCopies::catch_up`]).

use std::collections::HashMap;

use kifu_facts::{CanonicalKey, GameKind, Ruleset};
use rusqlite::{params, Connection, OptionalExtension, Statement, Transaction};

use crate::copies::{key_hash, ruleset_of, HeaderCopies, HeaderIdentity};
use crate::record::GameRecord;
use crate::Result;

/// Games of a kind a database may hold for the writer to load their first copies at once;
/// with more, it looks each new game's first copy up by index until it has looked up this
/// many of the kind in the ingest. Adding a few games to a large database then costs a
/// few index searches, not a read of every game; a large ingest loads them once.
const LOAD_AFTER: u64 = 20_000;

/// The first copy of each identity. While a kind is loaded (a large ingest, or a small
/// database), linking a copy costs a hash lookup instead of an index search: its first
/// copies are in memory and kept up to date. Move keys are held by a 64-bit hash (16 bytes
/// a game instead of the key: a million Xiangqi games would hold ~200 MB of keys), a hit
/// confirmed against the stored key, so a collision never links two games; header keys
/// (records without moves: few) are held whole. Until then each is looked up in the
/// database (which also holds the games this ingest wrote).
pub(crate) struct FirstCopies {
    /// [`LOAD_AFTER`] (another value in tests).
    load_after: u64,
    loaded: Vec<GameKind>,
    /// Per kind not loaded: the lookups made by index so far.
    looked_up: HashMap<GameKind, u64>,
    pub(crate) by_moves: HashMap<u64, i64>,
    by_header: HeaderCopies,
    /// The newest game id the loaded kinds account for: a game with a higher id was
    /// written by another writer since (two ingests into one database at once), and is
    /// read in by [`FirstCopies::catch_up`] before this writer links anything.
    seen: i64,
}

impl Default for FirstCopies {
    fn default() -> FirstCopies {
        FirstCopies::loading_after(LOAD_AFTER)
    }
}

impl FirstCopies {
    /// First copies loaded when a database holds fewer than `load_after` games of a kind,
    /// or after so many lookups; never with `u64::MAX`.
    pub(crate) fn loading_after(load_after: u64) -> FirstCopies {
        FirstCopies {
            load_after,
            loaded: Vec::new(),
            looked_up: HashMap::new(),
            by_moves: HashMap::new(),
            by_header: HeaderCopies::default(),
            seen: 0,
        }
    }

    pub(crate) fn is_loaded(&self, kind: GameKind) -> bool {
        self.loaded.contains(&kind)
    }

    /// Loads the first copies of `kind` when that is the cheaper way: the database holds
    /// few games of it, or this ingest has looked up many (see [`LOAD_AFTER`]).
    pub(crate) fn prepare(&mut self, conn: &Connection, kind: GameKind) -> Result<()> {
        // `u64::MAX`: never (a test's way to look every game up).
        if self.is_loaded(kind) || self.load_after == u64::MAX {
            return Ok(());
        }
        let looked_up = self.looked_up.entry(kind).or_insert(0);
        let load = match *looked_up {
            0 => {
                // Counted by the (kind, key) index, up to the threshold only. (A bulk load
                // into an empty database, its indexes dropped, counts few and loads.)
                let held: u64 = conn.query_row(
                    "SELECT count(*) FROM (SELECT 1 FROM games WHERE kind = ?1 LIMIT ?2)",
                    params![kind.name(), self.load_after.min(i64::MAX as u64) as i64],
                    |r| r.get(0),
                )?;
                held < self.load_after
            }
            n => n >= self.load_after,
        };
        if load {
            self.load(conn, kind)?;
        }
        Ok(())
    }

    /// Brings the loaded kinds up to `newest`, the highest game id in the database, read
    /// inside the writer's transaction (which holds the write lock): the games another
    /// writer stored since this one last wrote are added as if this writer had seen them
    /// written. Links are then those of a sequential run of the two writers' batches in
    /// the order they took the lock. Costs nothing while one writer is alone.
    pub(crate) fn catch_up(&mut self, tx: &Transaction<'_>, newest: i64) -> Result<()> {
        if newest > self.seen {
            for kind in self.loaded.clone() {
                self.read_games(tx, kind, self.seen)?;
            }
        }
        self.seen = newest;
        Ok(())
    }

    /// Records that the games up to `newest` (this writer's own, just written) are known.
    pub(crate) fn written_up_to(&mut self, newest: i64) {
        self.seen = self.seen.max(newest);
    }

    fn load(&mut self, conn: &Connection, kind: GameKind) -> Result<()> {
        self.read_games(conn, kind, 0)?;
        self.loaded.push(kind);
        self.looked_up.remove(&kind);
        Ok(())
    }

    /// Adds the first copies of `kind` with an id above `after`.
    fn read_games(&mut self, conn: &Connection, kind: GameKind, after: i64) -> Result<()> {
        let mut stmt = conn.prepare_cached(
            "SELECT ruleset, canonical_key, min(id) FROM games
             WHERE id > ?2 AND kind = ?1 AND canonical_key IS NOT NULL AND duplicate_of IS NULL
             GROUP BY ruleset, canonical_key",
        )?;
        let mut rows = stmt.query(params![kind.name(), after])?;
        while let Some(row) = rows.next()? {
            let ruleset = ruleset_of(row.get(0)?)?;
            let key: CanonicalKey = row.get(1)?;
            // On a (never seen) collision the earlier game stays the one found: the
            // confirmation in `BatchWriter::first_copy` then falls back to a search.
            self.by_moves
                .entry(key_hash(kind, ruleset, &key))
                .or_insert(row.get(2)?);
        }
        let mut stmt = conn.prepare_cached(
            "SELECT id, ruleset, header_key, duplicate_of, source_id FROM games
             WHERE id > ?2 AND kind = ?1 AND header_key IS NOT NULL ORDER BY id",
        )?;
        let mut rows = stmt.query(params![kind.name(), after])?;
        while let Some(row) = rows.next()? {
            let identity = (kind, ruleset_of(row.get(1)?)?, row.get(2)?);
            self.by_header
                .add(identity, row.get(0)?, row.get(3)?, row.get(4)?);
        }
        Ok(())
    }

    /// The first copy of a move-less record of `source` with this header: the earliest
    /// first copy with the header that no record of `source` is (a copy of).
    pub(crate) fn by_header(
        &mut self,
        tx: &Transaction<'_>,
        identity: &HeaderIdentity,
        source: i64,
    ) -> Result<Option<i64>> {
        let (kind, ruleset, header) = identity;
        if self.is_loaded(*kind) {
            return Ok(self.by_header.first_copy(identity, source));
        }
        *self.looked_up.entry(*kind).or_insert(0) += 1;
        Ok(tx
            .prepare_cached(
                "SELECT g.id FROM games g
                 WHERE g.kind = ?1 AND g.header_key = ?2 AND g.ruleset IS ?3
                   AND g.duplicate_of IS NULL AND g.source_id <> ?4
                   AND NOT EXISTS (SELECT 1 FROM games c
                                   WHERE c.duplicate_of = g.id AND c.source_id = ?4)
                 ORDER BY g.id LIMIT 1",
            )?
            .query_row(
                params![kind.name(), header, ruleset.map(Ruleset::name), source],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Registers a game just written with its link (a kind not loaded finds it in the
    /// database).
    pub(crate) fn add(
        &mut self,
        g: &GameRecord,
        header: Option<String>,
        id: i64,
        linked: Option<i64>,
    ) {
        if !self.is_loaded(g.kind) {
            return;
        }
        if let Some(header) = header {
            self.by_header
                .add((g.kind, g.ruleset, header), id, linked, g.source_id);
        } else if linked.is_none() && !g.canonical_key.is_empty() {
            // A colliding hash keeps the earlier game: see `BatchWriter::first_copy`.
            self.by_moves
                .entry(key_hash(g.kind, g.ruleset, &g.canonical_key))
                .or_insert(id);
        }
    }

    /// The first stored game with `g`'s move key: found by its hash, confirmed against the
    /// stored key (on a collision, searched for by the key itself); searched for by the
    /// key while its kind is not loaded.
    pub(crate) fn by_moves(
        &mut self,
        tx: &Transaction<'_>,
        stored_key: &mut Statement<'_>,
        g: &GameRecord,
    ) -> Result<Option<i64>> {
        if self.is_loaded(g.kind) {
            let hash = key_hash(g.kind, g.ruleset, &g.canonical_key);
            let Some(&id) = self.by_moves.get(&hash) else {
                return Ok(None);
            };
            let (kind, ruleset, key): (String, Option<String>, CanonicalKey) =
                stored_key.query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
            if kind == g.kind.name()
                && ruleset.as_deref() == g.ruleset.map(Ruleset::name)
                && key == g.canonical_key
            {
                return Ok(Some(id));
            }
        } else {
            *self.looked_up.entry(g.kind).or_insert(0) += 1;
        }
        Ok(tx
            .prepare_cached(
                "SELECT min(id) FROM games
                 WHERE kind = ?1 AND ruleset IS ?2 AND canonical_key = ?3 AND duplicate_of IS NULL",
            )?
            .query_row(
                params![g.kind.name(), g.ruleset.map(Ruleset::name), g.canonical_key],
                |r| r.get(0),
            )
            .optional()?
            .flatten())
    }
}
