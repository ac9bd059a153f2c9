//! The index's own file beside the database (`<database>-positions`): its schema, the
//! check that it belongs to the database's games, and how a [`Store`] sees it (attached as
//! the schema `positions`, so the index's tables are read by the same connection as the
//! games).

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OptionalExtension};

use super::IndexState;
use crate::{open_for_writing, Error, Result, Store};

/// The index file of the database at `db`.
pub fn index_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-positions");
    PathBuf::from(name)
}

/// The index file's schema (its own `user_version` 1). `coverage.through` is the mark:
/// the index holds the entries of every game with an id up to it, and of no other game.
/// `coverage.database` is the token of the database whose games they are
/// (`identity.token`).
const SCHEMA: &str = r#"
CREATE TABLE coverage (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    database TEXT    NOT NULL,
    through  INTEGER NOT NULL
);

-- A segment: the index entries of the games of one kind that one write added, with the
-- range of their ids. Its entries are split by the top `part_bits` bits of their position
-- key into rows of position_postings.
CREATE TABLE position_segments (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL,
    first_game INTEGER NOT NULL,
    last_game  INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    entries    INTEGER NOT NULL,
    part_bits  INTEGER NOT NULL
);

-- The entries of one segment whose keys share their top bits: row id = segment * 65536 +
-- part, so a lookup reads one row per segment, found by its row id; `data` packs the
-- entries (key bits, game, symmetry, result, next move, reply, game length).
CREATE TABLE position_postings (
    id   INTEGER PRIMARY KEY,
    data BLOB    NOT NULL
);
"#;

/// Makes the index file of a database whose games carry `token` ready: created with its
/// schema when absent; emptied when it belongs to other games (another database's, or a
/// copy of this one's older file) or claims games the database does not hold (one
/// restored from an older copy). `newest` reads the database's newest game: it is read
/// while the index file is locked, so no index writer moves the mark past it meanwhile.
pub(crate) fn prepare(path: &Path, token: &str, newest: impl Fn() -> Result<i64>) -> Result<()> {
    let mut conn = open_for_writing(path)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
    match version {
        0 => {
            tx.execute_batch(SCHEMA)?;
            tx.execute(
                "INSERT INTO coverage (id, database, through) VALUES (1, ?1, 0)",
                params![token],
            )?;
            tx.pragma_update(None, "user_version", 1)?;
        }
        1 => {
            let (database, through): (String, i64) = tx.query_row(
                "SELECT database, through FROM coverage WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            if database != token || through > newest()? {
                clear(&tx, token)?;
            }
        }
        found => {
            return Err(Error::Corrupt(crate::Unreadable::IndexFileVersion {
                path: path.to_path_buf(),
                found,
            }))
        }
    }
    tx.commit()?;
    Ok(())
}

/// Empties the index: it covers no game of the database with `token`.
pub(super) fn clear(conn: &Connection, token: &str) -> Result<()> {
    conn.execute_batch("DELETE FROM position_postings; DELETE FROM position_segments;")?;
    conn.execute(
        "UPDATE coverage SET database = ?1, through = 0 WHERE id = 1",
        params![token],
    )?;
    Ok(())
}

/// Attaches the index file to `conn` as the schema `positions`.
pub(crate) fn attach(conn: &Connection, path: &Path) -> Result<()> {
    let name = path
        .to_str()
        .ok_or_else(|| Error::NotFound(crate::Missing::IndexPath(path.to_owned())))?;
    conn.execute("ATTACH DATABASE ?1 AS positions", params![name])?;
    Ok(())
}

impl Store {
    /// This database's games' token (`identity.token`).
    pub(crate) fn identity(&self) -> Result<String> {
        Ok(self
            .conn
            .query_row("SELECT token FROM identity WHERE id = 1", [], |r| r.get(0))?)
    }

    /// The newest game's id (0 without games).
    pub(crate) fn newest_game(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("SELECT coalesce(max(id), 0) FROM games", [], |r| r.get(0))?)
    }

    /// The index file's mark, when the file is attached and belongs to these games.
    pub fn index_mark(&self) -> Result<Option<i64>> {
        if !self.index_attached {
            return Ok(None);
        }
        let row: Option<(String, i64)> = self
            .conn
            .query_row(
                "SELECT database, through FROM positions.coverage WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        let token = self.identity()?;
        Ok(row.and_then(|(database, through)| (database == token).then_some(through)))
    }

    /// Whether the position index covers every game, and if not how far it goes.
    pub fn position_index_state(&self) -> Result<IndexState> {
        let newest = self.newest_game()?;
        Ok(match self.index_mark()? {
            Some(through) if through >= newest => IndexState::Complete,
            Some(through) if through > 0 => IndexState::Behind,
            _ if newest == 0 => IndexState::Complete,
            _ => IndexState::Missing,
        })
    }

    /// The games the index does not cover yet (those after its mark).
    pub fn games_not_indexed(&self) -> Result<u64> {
        let through = self.index_mark()?.unwrap_or(0);
        Ok(self.conn.query_row(
            "SELECT count(*) FROM games WHERE id > ?1",
            params![through],
            |r| r.get::<_, i64>(0),
        )? as u64)
    }

    /// The index file's path.
    pub fn index_file(&self) -> &Path {
        &self.index_path
    }
}
