//! The index's own file beside the database (`<database>-positions`): its schema, the
//! check that it belongs to the database's games, and how a [`Store`] sees it (attached as
//! the schema `positions`, so the index's tables are read by the same connection as the
//! games).

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{params, Connection, ErrorCode, OptionalExtension};

use super::IndexState;
use crate::reading::{beside, Access};
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

/// How much of an index file is checked before it is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Its header and its mark: what every open reads (cheap at any size).
    Header,
    /// Every page too (`pragma quick_check`): before a rebuild, which reads every game
    /// anyway.
    Whole,
}

/// An index file that could not be read, moved aside (with its `-wal` and `-shm`) so a
/// new one is made from the games: the damaged one is kept for whoever wants to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub file: PathBuf,
    pub kept_as: PathBuf,
    /// Why it could not be read.
    pub cause: String,
}

impl fmt::Display for SetAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position index file {} could not be read ({}): it is kept as {} and a new \
             index is made from the games",
            self.file.display(),
            self.cause,
            self.kept_as.display()
        )
    }
}

/// Makes the index file of a database whose games carry `token` ready: created with its
/// schema when absent; emptied when it belongs to other games (another database's, or a
/// copy of this one's older file) or claims games the database does not hold (one
/// restored from an older copy). `newest` reads the database's newest game: it is read
/// while the index file is locked, so no index writer moves the mark past it meanwhile.
///
/// A file that cannot be read as an index (not a database, damaged, another schema) is
/// left as it is: the answer is why ([`prepare_or_set_aside`] moves it aside instead).
pub(crate) fn prepare(
    path: &Path,
    token: &str,
    newest: impl Fn() -> Result<i64>,
    check: Check,
) -> Result<Option<String>> {
    let mut conn = match open_for_writing(path) {
        Ok(conn) => conn,
        Err(Error::Sqlite(e)) if is_damage(&e) => return Ok(Some(e.to_string())),
        Err(e) => return Err(in_file(path, e)),
    };
    // The games' newest id is read from the database, not this file: its error is not
    // one of the index file's.
    let mut newest_failed = None;
    let ready = (|| -> Result<Option<String>> {
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        if let Some(cause) = damage(&tx, check)? {
            return Ok(Some(cause));
        }
        let version: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version == 0 {
            tx.execute_batch(SCHEMA)?;
            tx.execute(
                "INSERT INTO coverage (id, database, through) VALUES (1, ?1, 0)",
                params![token],
            )?;
            tx.pragma_update(None, "user_version", 1)?;
        } else {
            let (database, through): (String, i64) = tx.query_row(
                "SELECT database, through FROM coverage WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let newest = match newest() {
                Ok(n) => n,
                Err(e) => {
                    newest_failed = Some(e);
                    return Ok(None); // rolled back
                }
            };
            if database != token || through > newest {
                clear(&tx, token)?;
            }
        }
        tx.commit()?;
        Ok(None)
    })();
    if let Some(e) = newest_failed {
        return Err(e);
    }
    match ready {
        Err(Error::Sqlite(e)) if is_damage(&e) => Ok(Some(e.to_string())),
        other => other.map_err(|e| in_file(path, e)),
    }
}

/// [`prepare`], moving a file that cannot be read as an index aside first (to
/// `<file>.damaged-<unix seconds>`): derived data never blocks the games it is made from.
/// The answer says what was set aside, for the caller to tell.
pub(crate) fn prepare_or_set_aside(
    path: &Path,
    token: &str,
    newest: impl Fn() -> Result<i64>,
    check: Check,
) -> Result<Option<SetAside>> {
    let Some(cause) = prepare(path, token, &newest, check)? else {
        return Ok(None);
    };
    let kept_as = set_aside(path)?;
    if let Some(again) = prepare(path, token, &newest, Check::Header)? {
        // A new file that cannot be read either: not the file's fault, say so.
        return Err(Error::IndexUnreadable {
            path: path.to_owned(),
            cause: again,
        });
    }
    // `None`: another process moved it aside first (and says so).
    Ok(kept_as.map(|kept_as| SetAside {
        file: path.to_owned(),
        kept_as,
        cause,
    }))
}

/// Why the index file open in `conn` cannot be used, or `None` when it can (a new, empty
/// file included). Errors that say nothing of the file's content (busy, I/O) are errors.
fn damage(conn: &Connection, check: Check) -> Result<Option<String>> {
    match damage_in(conn, check) {
        Err(e) if is_damage(&e) => Ok(Some(e.to_string())),
        other => Ok(other?),
    }
}

fn damage_in(conn: &Connection, check: Check) -> rusqlite::Result<Option<String>> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let tables: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'
            AND name IN ('coverage', 'position_segments', 'position_postings')",
        [],
        |r| r.get(0),
    )?;
    match version {
        0 => {
            let any: i64 =
                conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
            if any > 0 {
                return Ok(Some("it holds tables but is no position index".into()));
            }
        }
        1 if tables < 3 => return Ok(Some("tables of the index are missing".into())),
        1 => {
            let marks: i64 =
                conn.query_row("SELECT count(*) FROM coverage WHERE id = 1", [], |r| {
                    r.get(0)
                })?;
            if marks != 1 {
                return Ok(Some("its mark is missing".into()));
            }
        }
        found => return Ok(Some(format!("schema version {found}, this kifu knows 1"))),
    }
    if check == Check::Whole {
        let verdict: String = conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0))?;
        if verdict != "ok" {
            return Ok(Some(verdict));
        }
    }
    Ok(None)
}

/// SQLite's errors that say the file's bytes are not a sound database.
pub(crate) fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

/// An error of SQLite's on the index file, naming the file (and, when its bytes are
/// damaged, how to make it again).
pub(crate) fn in_file(path: &Path, e: Error) -> Error {
    match e {
        Error::Sqlite(e) if is_damage(&e) => Error::IndexUnreadable {
            path: path.to_owned(),
            cause: e.to_string(),
        },
        Error::Sqlite(source) => Error::IndexFile {
            path: path.to_owned(),
            source,
        },
        e => e,
    }
}

/// Moves the index file and its `-wal` and `-shm` aside, to `<file>.damaged-<unix
/// seconds>` (then `-2`, `-3`, … when taken); `None` when the file is gone already.
///
/// Two writers finding the same damage at once: the second may move aside the new file
/// the first just made. The index is derived, so that costs a catch-up, never a game: the
/// first writer's connection keeps writing to the file it opened, the path holds the
/// second's, which its own catch-up fills.
fn set_aside(path: &Path) -> Result<Option<PathBuf>> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = beside(path, &format!(".damaged-{seconds}"));
    let mut kept_as = base.clone();
    let mut n = 1;
    while kept_as.exists() {
        n += 1;
        kept_as = beside(&base, &format!("-{n}"));
    }
    for suffix in ["", "-wal", "-shm"] {
        match std::fs::rename(beside(path, suffix), beside(&kept_as, suffix)) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if suffix.is_empty() {
                    return Ok(None);
                }
            }
            Err(source) => {
                return Err(Error::File {
                    path: beside(path, suffix),
                    source,
                })
            }
            Ok(()) => {}
        }
    }
    Ok(Some(kept_as))
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

/// Attaches the index file to the writer's `conn` as the schema `positions`.
pub(crate) fn attach(conn: &Connection, path: &Path) -> Result<()> {
    // By URI: SQLite is given the path's bytes even where they are not UTF-8.
    let name = crate::reading::file_uri(path)?;
    conn.execute("ATTACH DATABASE ?1 AS positions", params![name])
        .map_err(|e| in_file(path, e.into()))?;
    Ok(())
}

/// What a reader found of the index file.
pub(crate) enum ReaderIndex {
    Absent,
    Attached,
    /// There, but not readable (damaged, or where it cannot be read): why.
    Unreadable(String),
}

/// Attaches the index file to a reader's `conn` when it can be read: opened as the
/// database's file is ([`crate::reading`]) and checked first, so a damaged file never
/// reaches the connection that reads the games (SQLite reads every attached file's schema
/// before any statement).
pub(crate) fn attach_to_read(conn: &Connection, path: &Path) -> ReaderIndex {
    if !path.exists() {
        return ReaderIndex::Absent;
    }
    let checked = crate::reading::open_to_read(path).and_then(|(index, access)| {
        if let Some(cause) = damage(&index, Check::Header)? {
            return Ok(Err(cause));
        }
        // An empty file (a writer's, just created) holds no index yet.
        let version: i64 = index.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version == 0 {
            return Ok(Ok(false));
        }
        let name = match access {
            Access::Shared => crate::reading::file_uri(path)?,
            Access::Immutable => crate::reading::immutable_uri(path)?,
        };
        drop(index);
        conn.execute("ATTACH DATABASE ?1 AS positions", params![name])?;
        Ok(Ok(true))
    });
    match checked {
        Ok(Ok(true)) => ReaderIndex::Attached,
        Ok(Ok(false)) => ReaderIndex::Absent,
        Ok(Err(cause)) => ReaderIndex::Unreadable(cause),
        // SQLite's own words: the error names the file already.
        Err(Error::Sqlite(e)) => ReaderIndex::Unreadable(e.to_string()),
        Err(e) => ReaderIndex::Unreadable(e.to_string()),
    }
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
            .optional()
            .map_err(|e| in_file(&self.index_path, e.into()))?;
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

    /// Why the index file, there, is not read (damaged, or unreadable where it is).
    pub fn index_unreadable(&self) -> Option<&str> {
        self.index_unreadable.as_deref()
    }

    /// The index as a command that needs it must have it: attached, or an error saying
    /// why not (an unreadable file named, and how to make it again).
    pub(super) fn index_needed(&self) -> Result<()> {
        match &self.index_unreadable {
            Some(cause) => Err(Error::IndexUnreadable {
                path: self.index_path.clone(),
                cause: cause.clone(),
            }),
            None => Ok(()),
        }
    }

    /// `r`, its SQLite error naming the index file: for the queries of the index's tables.
    pub(super) fn in_index<T>(&self, r: Result<T>) -> Result<T> {
        r.map_err(|e| in_file(&self.index_path, e))
    }
}
