//! Reading the index: its state, a position's postings, the games a rebuild replays and
//! per-game digests to check the index against the games.

use std::collections::HashMap;

use kifu_facts::{GameKind, Outcome, PlyStep, PositionKey, ResultName, Termination};
use rusqlite::types::Type;
use rusqlite::{params, OptionalExtension};

use super::format::{part_of, BadRow, Entries, EntryFields, Posting};
use super::IndexState;
use crate::summary::{kind_of, termination_of};
use crate::{Error, Result, Store};

fn bad_row(segment: i64) -> Error {
    Error::Corrupt(crate::Unreadable::IndexRow { segment })
}

/// A stored game as the index replays it.
#[derive(Clone, Debug)]
pub struct IndexSource {
    pub id: i64,
    pub kind: GameKind,
    pub moves: Vec<u8>,
    /// The stored annotations (JSON), for a Xiangqi start position or a ChouChou setup.
    pub extra: Option<String>,
    pub result: Outcome,
    pub duplicate: bool,
    pub length: u32,
}

/// What the index holds for one game, order aside: its entry count and the sum of their
/// digests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameDigest {
    pub entries: u64,
    pub sum: u64,
}

impl GameDigest {
    fn add(&mut self, stored_key: u64, game: i64, f: &EntryFields) {
        // A fixed mix of every field, summed: equal multisets of entries give equal sums.
        let mut h = stored_key ^ (game as u64).rotate_left(48);
        for v in [
            u64::from(f.flags),
            u64::from(f.next.0),
            u64::from(f.reply.0),
            u64::from(f.length),
        ] {
            h = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        self.entries += 1;
        self.sum = self.sum.wrapping_add(h);
    }

    /// The digest a game's trail should have in the index.
    pub fn of_trail(source: &IndexSource, trail: &[PlyStep]) -> GameDigest {
        let mut d = GameDigest::default();
        for step in trail {
            d.add(
                step.key.stored(),
                source.id,
                &EntryFields {
                    flags: super::format::flags(step.symmetry, source.result, source.duplicate),
                    next: step.next,
                    reply: step.reply,
                    length: source.length,
                },
            );
        }
        d
    }
}

impl Store {
    /// The index entries of every game of `kind` that reaches the position with this key
    /// (any orientation), in game order. An index that does not cover every game is an
    /// error that says how to build it.
    pub fn postings(&self, kind: GameKind, key: PositionKey) -> Result<Vec<Posting>> {
        match self.position_index_state()? {
            IndexState::Complete => {}
            IndexState::Behind if self.index_as_it_is => {}
            state => {
                self.index_needed()?;
                return Err(Error::PositionIndex(state));
            }
        }
        self.in_index(self.postings_of(kind, key))
    }

    fn postings_of(&self, kind: GameKind, key: PositionKey) -> Result<Vec<Posting>> {
        let stored = key.stored();
        let mut segments = self.conn.prepare_cached(
            "SELECT id, first_game, part_bits FROM position_segments WHERE kind = ?1
             ORDER BY first_game",
        )?;
        let segments: Vec<(i64, i64, u32)> = segments
            .query_map(params![kind.name()], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut row = self
            .conn
            .prepare_cached("SELECT data FROM position_postings WHERE id = ?1")?;
        let mut out = Vec::new();
        for (segment, first_game, bits) in segments {
            let part = part_of(stored, bits);
            // Decoded in place, without copying the row out of SQLite.
            let decoded = row
                .query_row(params![segment << 16 | part as i64], |r| {
                    let data = r.get_ref(0)?.as_blob().map_err(|_| {
                        rusqlite::Error::InvalidColumnType(0, "data".into(), Type::Blob)
                    })?;
                    Ok(Entries::new(data, kind, part, bits, first_game).matching(stored, &mut out))
                })
                .optional()?;
            if let Some(Err(BadRow)) = decoded {
                return Err(bad_row(segment));
            }
        }
        Ok(out)
    }

    /// Entries, segments and bytes of entry data in the index.
    pub fn position_index_size(&self) -> Result<IndexSize> {
        if !self.index_attached {
            return Ok(IndexSize::default());
        }
        self.in_index(self.index_size())
    }

    fn index_size(&self) -> Result<IndexSize> {
        let (segments, entries): (i64, Option<i64>) = self.conn.query_row(
            "SELECT count(*), sum(entries) FROM position_segments",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let (rows, bytes): (i64, Option<i64>) = self.conn.query_row(
            "SELECT count(*), sum(length(data)) FROM position_postings",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(IndexSize {
            segments: segments as u64,
            rows: rows as u64,
            entries: entries.unwrap_or(0) as u64,
            data_bytes: bytes.unwrap_or(0) as u64,
        })
    }

    /// Up to `limit` games with an id above `after`, in id order, as the index replays
    /// them.
    pub fn index_sources(&self, after: i64, limit: usize) -> Result<Vec<IndexSource>> {
        // The result that counts with the curation's corrections and rules in force: a
        // rebuild after `kifu curate` indexes the curated results.
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT g.id, g.kind, m.data, g.extra, {counted},
                    g.duplicate_of IS NOT NULL, g.plies
             FROM games g LEFT JOIN moves m ON m.game_id = g.id
             WHERE g.id > ?1 ORDER BY g.id {limit}",
            counted = crate::shown::counted("g"),
            limit = crate::limit::clause(Some(limit as u64)),
        ))?;
        let rows = stmt.query_map(params![after], |r| {
            let kind = kind_of(r, 1)?;
            let counted: Option<String> = r.get(4)?;
            Ok(IndexSource {
                id: r.get(0)?,
                kind,
                moves: r.get::<_, Option<Vec<u8>>>(2)?.unwrap_or_default(),
                extra: r.get(3)?,
                result: Outcome::counted(kind, counted.as_deref().and_then(ResultName::parse)),
                duplicate: r.get(5)?,
                length: r.get(6)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// What the index holds per game (games without entries are absent).
    pub fn index_digests(&self) -> Result<HashMap<i64, GameDigest>> {
        if !self.index_attached {
            return Ok(HashMap::new());
        }
        self.in_index(self.digests())
    }

    fn digests(&self) -> Result<HashMap<i64, GameDigest>> {
        let mut segments = self
            .conn
            .prepare("SELECT id, kind, first_game, part_bits FROM position_segments ORDER BY id")?;
        let segments: Vec<(i64, GameKind, i64, u32)> = segments
            .query_map([], |r| {
                Ok((r.get(0)?, kind_of(r, 1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut rows = self
            .conn
            .prepare("SELECT id, data FROM position_postings WHERE id >= ?1 AND id < ?2")?;
        let mut out: HashMap<i64, GameDigest> = HashMap::new();
        let mut seen_rows = 0u64;
        for (segment, kind, first_game, bits) in segments {
            let mut r = rows.query(params![segment << 16, (segment + 1) << 16])?;
            while let Some(row) = r.next()? {
                let id: i64 = row.get(0)?;
                let data: Vec<u8> = row.get(1)?;
                seen_rows += 1;
                Entries::new(&data, kind, (id & 0xFFFF) as u64, bits, first_game)
                    .all(|key, game, f| out.entry(game).or_default().add(key, game, f))
                    .map_err(|BadRow| bad_row(segment))?;
            }
        }
        let total: i64 =
            self.conn
                .query_row("SELECT count(*) FROM position_postings", [], |r| r.get(0))?;
        if total as u64 != seen_rows {
            return Err(Error::Corrupt(crate::Unreadable::OrphanIndexRows(
                total as u64 - seen_rows,
            )));
        }
        Ok(out)
    }
}

/// What the position search shows of a game it found, with what it needs to replay it.
#[derive(Clone, Debug)]
pub struct PositionGame {
    pub id: i64,
    pub kind: GameKind,
    pub moves: Vec<u8>,
    /// The stored annotations (JSON): a Xiangqi start position, a ChouChou setup.
    pub extra: Option<String>,
    /// `(side, name)` in seat order.
    pub players: Vec<(String, String)>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub recorded_result: Option<ResultName>,
    pub derived_result: Option<ResultName>,
    pub termination: Termination,
    pub duplicate_of: Option<i64>,
    /// The result that counts, the curation's correction and rules in force applied.
    pub counted: Option<ResultName>,
}

impl Store {
    /// The games with these ids (in this order; an id not stored is left out).
    pub fn position_games(&self, ids: &[i64]) -> Result<Vec<PositionGame>> {
        let mut game = self.conn.prepare_cached(&format!(
            "SELECT g.id, g.kind, m.data, g.extra, g.date, {event}, g.recorded_result,
                    g.derived_result, g.termination, g.duplicate_of, {counted}
             FROM games g LEFT JOIN moves m ON m.game_id = g.id
             LEFT JOIN events e ON e.id = g.event_id WHERE g.id = ?1",
            event = crate::shown::event_name("g", "e.name"),
            counted = crate::shown::counted("g"),
        ))?;
        let mut out = Vec::with_capacity(ids.len());
        for &id in ids {
            let row = game
                .query_row(params![id], |r| {
                    let kind = kind_of(r, 1)?;
                    Ok(PositionGame {
                        id: r.get(0)?,
                        kind,
                        moves: r.get::<_, Option<Vec<u8>>>(2)?.unwrap_or_default(),
                        extra: r.get(3)?,
                        players: Vec::new(),
                        date: r.get(4)?,
                        event: r.get(5)?,
                        recorded_result: r.get(6)?,
                        derived_result: r.get(7)?,
                        termination: termination_of(r, 8, kind)?,
                        duplicate_of: r.get(9)?,
                        counted: r.get(10)?,
                    })
                })
                .optional()?;
            if let Some(mut g) = row {
                g.players = crate::query::seats(&self.conn, id)?;
                out.push(g);
            }
        }
        Ok(out)
    }
}

/// How big the index is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndexSize {
    pub segments: u64,
    /// Postings rows.
    pub rows: u64,
    pub entries: u64,
    /// Bytes of entry data (without SQLite's row and page overhead).
    pub data_bytes: u64,
}
