//! kifu's SQLite store: a database file, its schema migrated by `pragma user_version`,
//! batched writes inside transactions with prepared statements (module `write`), and the
//! queries the CLI and the analysis read.

mod copies;
pub mod curation;
pub mod curation_writer;
pub mod event;
pub mod export;
pub mod filter;
mod first_copies;
mod functions;
pub mod game_curation;
pub mod generation;
mod limit;
pub mod player;
pub mod positions;
pub mod query;
pub mod ratings;
mod reading;
pub mod record;
pub mod schema;
pub mod search;
mod shown;
pub mod summary;
#[cfg(test)]
mod test_store;
pub mod texts;
mod unreadable;
mod write;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use first_copies::FirstCopies;
use rusqlite::{params, Connection};

pub use copies::{
    header_key, record_header_key, FilledHeader, HeaderCopies, HeaderIdentity, Relinked,
};
pub use filter::{FilterError, GameFilter, RulesetChoice};
pub use functions::rule_key;
use positions::{IndexState, IndexedBatch};
pub use reading::{Blocked, NoSharedMemory};

pub use record::{FindingRecord, GameRecord, NewSource, QuarantineRecord, Record, TextRecord};
pub use summary::{GameFacts, GroupingFact};
pub use unreadable::Unreadable;

/// The database file used when none is named.
pub const DEFAULT_DB: &str = "kifu.db";

/// What was looked for and is not there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missing {
    Database(std::path::PathBuf),
    Game(i64),
    /// A player or event named exactly (one player's or one event's record) that no
    /// stored name matches, with the closest that exist.
    Name(search::Unmatched),
    /// A file to open by a URI whose path is not UTF-8, outside Unix (there a path has
    /// no bytes to give).
    UnicodePath(std::path::PathBuf),
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Missing::Database(path) => write!(f, "database {}", path.display()),
            Missing::Game(id) => write!(f, "game {id}"),
            Missing::Name(unmatched) => {
                write!(f, "{} '{}'", unmatched.what, unmatched.given)?;
                if !unmatched.closest.is_empty() {
                    write!(f, " (closest: {})", unmatched.closest.join(", "))?;
                }
                Ok(())
            }
            Missing::UnicodePath(path) => {
                write!(f, "{} as a URI (its path is not UTF-8)", path.display())
            }
        }
    }
}

#[derive(Debug)]
pub enum Error {
    Sqlite(rusqlite::Error),
    /// The file's schema is newer than this build knows.
    TooNew {
        found: i64,
        known: i64,
    },
    NotFound(Missing),
    /// The file's schema is older than this build's and could not be migrated.
    NeedsMigration {
        found: i64,
        known: i64,
        cause: String,
    },
    /// A stored value this build cannot read (a kind, a rule set, annotations, the
    /// position index).
    Corrupt(Unreadable),
    /// A filter value that is not one (an unknown finding code or rule).
    Filter(FilterError),
    /// The position index does not cover every game (it is in this state).
    PositionIndex(IndexState),
    /// The position index file is there but cannot be read (damaged, or where this
    /// reader cannot read it): why.
    IndexUnreadable {
        path: PathBuf,
        cause: String,
    },
    /// An error of SQLite's on the position index file.
    IndexFile {
        path: PathBuf,
        source: rusqlite::Error,
    },
    /// A file kifu moves or reads beside the database.
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A database file a reader cannot open in its folder.
    NoSharedMemory(NoSharedMemory),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Sqlite(e) => write!(f, "database error: {e}"),
            Error::TooNew { found, known } => write!(
                f,
                "database schema version {found} is newer than this kifu knows ({known})"
            ),
            Error::NotFound(missing) => write!(f, "not found: {missing}"),
            Error::NeedsMigration {
                found,
                known,
                cause,
            } => write!(
                f,
                "database schema version {found} is older than this kifu's ({known}) and could \
                 not be migrated ({cause}): open it once with write access"
            ),
            Error::Corrupt(what) => write!(f, "database holds an unreadable value: {what}"),
            Error::Filter(e) => e.fmt(f),
            Error::PositionIndex(IndexState::Missing) => f.write_str(
                "the position index of this database is not built: `kifu index` builds it \
                 (it needs write access beside the database)",
            ),
            Error::PositionIndex(IndexState::Behind) => f.write_str(
                "the position index does not cover the newest games yet: `kifu index` adds \
                 them (it needs write access beside the database)",
            ),
            Error::PositionIndex(IndexState::Complete) => {
                f.write_str("the position index is complete")
            }
            Error::IndexUnreadable { path, cause } => write!(
                f,
                "the position index file {} cannot be read ({cause}): `kifu index --rebuild` \
                 makes it again (it needs write access beside the database)",
                path.display()
            ),
            Error::IndexFile { path, source } => {
                write!(f, "position index file {}: {source}", path.display())
            }
            Error::File { path, source } => write!(f, "{}: {source}", path.display()),
            Error::NoSharedMemory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Sqlite(e) => Some(e),
            Error::Filter(e) => Some(e),
            Error::Corrupt(e) => Some(e),
            Error::IndexFile { source, .. } => Some(source),
            Error::File { source, .. } => Some(source),
            Error::NoSharedMemory(e) => Some(e),
            Error::TooNew { .. }
            | Error::NotFound(_)
            | Error::NeedsMigration { .. }
            | Error::PositionIndex(_)
            | Error::IndexUnreadable { .. } => None,
        }
    }
}

impl From<FilterError> for Error {
    fn from(e: FilterError) -> Error {
        Error::Filter(e)
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Error {
        Error::Sqlite(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// What a source lookup found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceState {
    /// Every record of this file is already in the database.
    Complete(i64),
    /// An earlier ingest of this file stopped part way; writing resumes and skips what is there.
    Partial(i64),
}

/// Counts of what a batch did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteStats {
    /// Games inserted.
    pub games: u64,
    /// Of those, games linked to an earlier copy.
    pub duplicates: u64,
    /// Quarantined records inserted.
    pub quarantined: u64,
    /// Library texts inserted (remarks and title cards).
    pub texts: u64,
    /// Records skipped because the same record (source, member, offset) is already stored.
    pub already_present: u64,
}

impl WriteStats {
    pub fn add(&mut self, other: WriteStats) {
        self.games += other.games;
        self.duplicates += other.duplicates;
        self.quarantined += other.quarantined;
        self.texts += other.texts;
        self.already_present += other.already_present;
    }
}

pub struct Store {
    conn: Connection,
    players: HashMap<String, i64>,
    events: HashMap<String, i64>,
    /// The first game of each identity: loaded once per kind, then kept up to date.
    first_copies: FirstCopies,
    /// The position index's file beside the database ([`positions::index_path`]).
    index_path: PathBuf,
    /// Whether that file is attached (as the schema `positions`): when it can be read as
    /// an index (a writer creates it when absent).
    index_attached: bool,
    /// Why the index file, there, was not attached (damaged, or unreadable where it is).
    index_unreadable: Option<String>,
    /// How a reader's connection sees the database file (a writer's is shared).
    access: reading::Access,
    /// Whether each batch written keeps what the position index needs of it
    /// ([`Store::take_indexed`]).
    indexing: bool,
    indexed: IndexedBatch,
    /// Whether position questions read an index behind the games as it is (a server
    /// while an ingest writes) instead of failing ([`Store::read_index_as_it_is`]).
    index_as_it_is: bool,
}

/// Stops a connection's running query from another thread ([`Store::interrupter`]).
pub struct Interrupter(rusqlite::InterruptHandle);

impl Interrupter {
    pub fn interrupt(&self) {
        self.0.interrupt();
    }
}

/// Removes a database file and every file SQLite and kifu keep beside it (its WAL, the
/// position index and its WAL): what is absent is no error.
pub fn remove_database(db: &Path) -> std::io::Result<()> {
    let index = positions::index_path(db);
    for base in [db, index.as_path()] {
        for suffix in ["", "-wal", "-shm"] {
            match std::fs::remove_file(reading::beside(base, suffix)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
    }
    Ok(())
}

/// The page size of a database file `Store::open` creates.
pub const PAGE_SIZE: i64 = 16384;

/// Opens (creating if needed) a database file to write, as kifu writes both its files (the
/// games and the position index).
pub(crate) fn open_for_writing(path: &Path) -> Result<Connection> {
    let conn = Connection::open(path)?;
    // A new file gets 16 KiB pages (SQLite's default is 4 KiB): a bulk ingest's writer,
    // the stage that caps it, spends ~15% less time a game (train-2, measured against
    // 4, 8, 32 and 64 KiB). The page size of an existing file stays as it is.
    let pages: i64 = conn.pragma_query_value(None, "page_count", |r| r.get(0))?;
    if pages == 0 {
        conn.pragma_update(None, "page_size", PAGE_SIZE)?;
    }
    // WAL lets readers (stats, report, audit) work while an ingest writes; with
    // synchronous=NORMAL a crash can lose the last transactions but never corrupt the
    // file, and an interrupted ingest resumes from what was committed.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.busy_timeout(std::time::Duration::from_secs(30))?;
    Ok(conn)
}

impl Store {
    /// One row of `sql` through the connection's kept statements: `Connection::query_row`
    /// prepares its statement again at every call, which a server answering one game
    /// after another pays a dozen times an answer.
    pub(crate) fn kept_row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.conn.prepare_cached(sql)?.query_row(params, f)
    }

    /// Opens (creating if needed) a database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = open_for_writing(path)?;
        functions::register(&conn)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // 64 MiB of page cache: the unique and canonical-key indexes of a bulk load stay
        // in memory.
        conn.pragma_update(None, "cache_size", -65536)?;
        let mut store = Store {
            conn,
            players: HashMap::new(),
            events: HashMap::new(),
            first_copies: FirstCopies::default(),
            index_path: positions::index_path(path),
            index_attached: false,
            index_unreadable: None,
            access: reading::Access::Shared,
            indexing: false,
            indexed: IndexedBatch::default(),
            index_as_it_is: false,
        };
        store.migrate()?;
        store.ensure_indexes()?;
        // An index file that cannot be read is left to the index's writer
        // ([`Store::position_writer`]), which sets it aside and says so: writing games
        // does not need it.
        store.index_unreadable = positions::prepare(
            &store.index_path,
            &store.identity()?,
            || store.newest_game(),
            positions::Check::Header,
        )?;
        if store.index_unreadable.is_none() {
            positions::attach(&store.conn, &store.index_path)?;
            store.index_attached = true;
        }
        Ok(store)
    }

    /// Creates the secondary indexes that are missing (an interrupted bulk load).
    fn ensure_indexes(&mut self) -> Result<()> {
        for (name, sql) in schema::SECONDARY_INDEXES {
            let present: bool = self.conn.query_row(
                "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'index' AND name = ?1",
                params![name],
                |r| r.get(0),
            )?;
            if !present {
                self.conn.execute_batch(sql)?;
            }
        }
        Ok(())
    }

    /// Starts a bulk load: when the database holds no games yet, the secondary indexes are
    /// dropped (rebuilt by [`Store::end_bulk`]), but the few the writer reads
    /// ([`schema::KEPT_IN_BULK`]). Safety is unchanged: each batch is still
    /// one committed transaction in the WAL, and an interrupted load resumes from the last
    /// one. (The WAL keeps SQLite's default checkpoint every 1,000 pages: measured, a
    /// larger interval only moves the copying to a sequential tail at the end.)
    pub fn begin_bulk(&mut self) -> Result<()> {
        // The writer makes every reference it writes from the ids SQLite just gave it, so
        // the foreign-key probes (a B-tree lookup per reference) are checks of nothing
        // during the load: ~7% of the writer's CPU on train-2.
        self.conn.pragma_update(None, "foreign_keys", "OFF")?;
        let empty: bool =
            self.conn
                .query_row("SELECT NOT EXISTS (SELECT 1 FROM games)", [], |r| r.get(0))?;
        if empty {
            let tx = self.conn.transaction()?;
            for (name, _) in schema::SECONDARY_INDEXES {
                if schema::KEPT_IN_BULK.contains(name) {
                    continue;
                }
                tx.execute_batch(&format!("DROP INDEX IF EXISTS {name}"))?;
            }
            tx.commit()?;
        }
        Ok(())
    }

    /// Ends a bulk load: rebuilds the secondary indexes.
    pub fn end_bulk(&mut self) -> Result<()> {
        self.conn.pragma_update(None, "foreign_keys", "ON")?;
        self.ensure_indexes()
    }

    /// Opens an existing database for reading only. In a folder nobody can write it is
    /// read as an unchanging file ([`reading`]). The position index is attached when its
    /// file is there and can be read; otherwise it is missing, and why is kept for the
    /// commands that need it ([`Error::IndexUnreadable`]): no other command depends on it.
    pub fn open_read_only(path: &Path) -> Result<Store> {
        if !path.exists() {
            return Err(Error::NotFound(Missing::Database(path.to_owned())));
        }
        let (mut conn, mut access) = reading::open_to_read(path)?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        let known = schema::MIGRATIONS.len() as i64;
        if version < known {
            // An older schema is brought up to date first (migrations only add), so a
            // reader never queries a column the file does not have yet.
            if access == reading::Access::Immutable {
                return Err(Error::NeedsMigration {
                    found: version,
                    known,
                    cause: format!(
                        "its folder {} cannot be written",
                        path.parent().unwrap_or(Path::new(".")).display()
                    ),
                });
            }
            drop(conn);
            Store::open(path).map_err(|e| Error::NeedsMigration {
                found: version,
                known,
                cause: e.to_string(),
            })?;
            (conn, access) = reading::open_to_read(path)?;
        }
        conn.busy_timeout(std::time::Duration::from_secs(30))?;
        functions::register(&conn)?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version > known {
            return Err(Error::TooNew {
                found: version,
                known,
            });
        }
        let index_path = positions::index_path(path);
        let (index_attached, index_unreadable) = match positions::attach_to_read(&conn, &index_path)
        {
            positions::ReaderIndex::Attached => (true, None),
            positions::ReaderIndex::Absent => (false, None),
            positions::ReaderIndex::Unreadable(cause) => (false, Some(cause)),
        };
        Ok(Store {
            conn,
            players: HashMap::new(),
            events: HashMap::new(),
            first_copies: FirstCopies::default(),
            index_path,
            index_attached,
            index_unreadable,
            access,
            indexing: false,
            indexed: IndexedBatch::default(),
            index_as_it_is: false,
        })
    }

    /// The database was opened as an unchanging file: its folder cannot be written, so
    /// nothing beside it (the position index) can be written either.
    pub fn read_only_folder(&self) -> bool {
        self.access == reading::Access::Immutable
    }

    /// Runs `read` inside one read transaction, so every query it makes sees the same
    /// committed state however many writers commit meanwhile (a server's answer is
    /// consistent with one state, and its ETag is that state's generation).
    pub fn in_one_snapshot<T>(&self, read: impl FnOnce(&Store) -> T) -> Result<T> {
        self.conn.execute_batch("BEGIN DEFERRED")?;
        let out = read(self);
        // Nothing was written: ending the transaction only lets the snapshot go.
        self.conn.execute_batch("COMMIT")?;
        Ok(out)
    }

    /// A handle that stops this connection's running query from another thread (a request
    /// cut by its time limit); the query fails with SQLite's `interrupted`.
    pub fn interrupter(&self) -> Interrupter {
        Interrupter(self.conn.get_interrupt_handle())
    }

    /// Position questions read the index as it is when it is behind the games (an ingest
    /// adds to it after each batch): the newest games are left out of the answer, which
    /// says so ([`Store::games_not_indexed`]), instead of failing. For a reader that
    /// cannot bring the index up to date itself: a server answering while ingests write.
    pub fn read_index_as_it_is(&mut self) {
        self.index_as_it_is = true;
    }

    /// Whether the position index file was attached when this connection opened (a
    /// reader opened before the first index was written does not see it).
    pub fn index_attached(&self) -> bool {
        self.index_attached
    }

    /// Whether the batches written from now on keep what the position index needs of them
    /// (off by default), for [`Store::take_indexed`].
    pub fn set_indexing(&mut self, on: bool) {
        self.indexing = on;
    }

    /// What the position index needs of the batch written last (its games' ids and copy
    /// links), when indexing.
    pub fn take_indexed(&mut self) -> IndexedBatch {
        std::mem::take(&mut self.indexed)
    }

    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?)
    }

    fn migrate(&mut self) -> Result<()> {
        let known = schema::MIGRATIONS.len() as i64;
        // Up to date: no write lock taken (a database in a read-only folder opens).
        if self.schema_version()? == known {
            return Ok(());
        }
        loop {
            // Each step holds the write lock from its start and reads the version under it:
            // two processes opening one new (or old) database at once take turns, and the
            // second finds the steps the first made done.
            let tx = self
                .conn
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            if version > known {
                return Err(Error::TooNew {
                    found: version,
                    known,
                });
            }
            let Some(sql) = schema::MIGRATIONS.get(version as usize) else {
                return Ok(());
            };
            tx.execute_batch(sql)?;
            if *sql == schema::MIGRATION_COPIES {
                copies::relink(&tx)?;
            }
            if *sql == schema::MIGRATION_FOLD_CHINESE
                || *sql == schema::MIGRATION_RESULT_NAMES
                || *sql == schema::MIGRATION_FOLD_SPACES
            {
                copies::relink_headers(&tx)?;
            }
            // Findings written change what the games say: derived data is stale.
            if *sql == schema::MIGRATION_COPY_FINDINGS && copies::refresh_every_group(&tx)? > 0 {
                generation::bump(&tx)?;
            }
            tx.pragma_update(None, "user_version", version + 1)?;
            tx.commit()?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::Counts;
    use kifu_facts::{BySeat, CanonicalKey, GameKind, ResultName, Severity};

    fn source(hash: &str) -> NewSource {
        NewSource {
            path: "games/a b'c.renju".into(),
            path_bytes: None,
            bytes: 10,
            content_hash: hash.into(),
            format: "renju-lines".into(),
            encoding: "ascii".into(),
            rules: None,
        }
    }

    fn game(source_id: i64, offset: u64, key: &[u8]) -> Record {
        Record::Game(Box::new(GameRecord {
            source_id,
            offset,
            line: 1,
            column: 1,
            format: "renju-lines".into(),
            players: BySeat::from(["中村 茂".into(), "O'Brien \"x\"".into()]),
            termination: kifu_facts::termination::RenjuTermination::Five.into(),
            plies: key.len() as u32,
            canonical_key: CanonicalKey::from(key.to_vec()),
            moves_encoding: "renju-idx8".into(),
            moves: key.to_vec(),
            findings: vec![FindingRecord {
                ply: Some(1),
                code: "illegal-move".into(),
                severity: Severity::Error,
                message: "m".into(),
                rule: "§8".into(),
                offset,
                line: 1,
                column: 3,
                forbidden: None,
                node: None,
            }],
            ..GameRecord::empty(GameKind::Renju)
        }))
    }

    #[test]
    fn a_reader_migrates_an_older_database_and_fills_forbidden_kinds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            // A version-1 database with one forbidden-move finding written by an older kifu.
            let mut conn = Connection::open(&path).unwrap();
            let tx = conn.transaction().unwrap();
            tx.execute_batch(schema::MIGRATIONS[0]).unwrap();
            tx.pragma_update(None, "user_version", 1).unwrap();
            tx.execute_batch(
                "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'a', 1, 'h', 'renju-lines', 'ascii');
                 INSERT INTO findings (source_id, ply, code, severity, message, offset, line,
                    \"column\")
                 VALUES (1, 9, 'forbidden-unclaimed', 'info',
                    'move 9 (black h8) is a double-four, a forbidden move', 0, 1, 1);",
            )
            .unwrap();
            tx.commit().unwrap();
        }
        let store = Store::open_read_only(&path).unwrap();
        assert_eq!(
            store.schema_version().unwrap(),
            schema::MIGRATIONS.len() as i64
        );
        // Without games, there is nothing to index: the index is complete.
        assert_eq!(
            store.position_index_state().unwrap(),
            positions::IndexState::Complete
        );
        let mut rows = Vec::new();
        store
            .each_export_finding(
                &GameFilter::everything(),
                &export::IdWindow::upto(store.export_marks().unwrap()),
                |x| {
                    rows.push(x);
                    Ok::<_, Error>(())
                },
            )
            .unwrap();
        assert_eq!(
            rows[0].forbidden_kind,
            Some(kifu_facts::ForbiddenKind::DoubleFour)
        );
    }

    #[test]
    fn results_an_older_build_stored_as_written_are_read_back_as_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            // As the build before MIGRATION_RESULT_NAMES left them: a ChouChou result as
            // written, free text, a board's name in another case.
            let before = schema::MIGRATIONS
                .iter()
                .position(|m| *m == schema::MIGRATION_RESULT_NAMES)
                .unwrap();
            let mut conn = Connection::open(&path).unwrap();
            functions::register(&conn).unwrap();
            let tx = conn.transaction().unwrap();
            for sql in &schema::MIGRATIONS[..before] {
                tx.execute_batch(sql).unwrap();
            }
            tx.pragma_update(None, "user_version", before as i64)
                .unwrap();
            tx.execute_batch(
                "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'a', 1, 'abc', 'renju-lines', 'ascii');",
            )
            .unwrap();
            for (id, recorded, text, derived) in [
                (1, "Draw", None, None),
                (2, "?", None, None),
                (3, "p3", None, None),
                (4, "j1", None, None),
                (5, "black", Some("B+"), Some("White")),
            ] {
                tx.execute(
                    "INSERT INTO games (id, source_id, offset, line, \"column\", length, kind,
                        format, recorded_result, result_text, derived_result, termination, plies)
                     VALUES (?1, 1, ?1, 1, 1, 1, 'renju', 'renju-lines', ?2, ?3, ?4, 'five', 2)",
                    params![id, recorded, text, derived],
                )
                .unwrap();
            }
            tx.commit().unwrap();
        }
        let store = Store::open_read_only(&path).unwrap();
        let read = |id: i64| {
            let g = store.game(id).unwrap();
            let text: Option<String> = store
                .conn
                .query_row("SELECT result_text FROM games WHERE id = ?1", [id], |r| {
                    r.get(0)
                })
                .unwrap();
            (g.recorded_result, text, g.derived_result)
        };
        assert_eq!(read(1).0, Some(ResultName::Draw));
        assert_eq!(read(2).0, Some(ResultName::Unknown));
        assert_eq!(read(3).0, Some(ResultName::Seat(3)));
        assert_eq!(read(4), (None, Some("j1".into()), None));
        assert_eq!(read(5).0, Some(ResultName::Black));
        assert_eq!(read(5).2, Some(ResultName::White));
    }

    #[test]
    fn migrates_once_and_reopens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.db");
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.schema_version().unwrap(),
            schema::MIGRATIONS.len() as i64
        );
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.schema_version().unwrap(),
            schema::MIGRATIONS.len() as i64
        );
        let ro = Store::open_read_only(&path).unwrap();
        assert_eq!(ro.counts().unwrap(), Counts::default());
    }

    fn index_sql(store: &Store) -> Vec<(String, String)> {
        let mut stmt = store
            .conn
            .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    #[test]
    fn bulk_load_rebuilds_the_indexes_as_migrated_and_open_repairs_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.db");
        let mut store = Store::open(&path).unwrap();
        let migrated = index_sql(&store);
        assert_eq!(migrated.len(), schema::SECONDARY_INDEXES.len());
        store.begin_bulk().unwrap();
        let kept: Vec<String> = index_sql(&store).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            kept,
            ["findings_copies", "games_duplicate"],
            "the rest dropped for the load"
        );
        let id = store.begin_source(&source("h")).unwrap();
        store
            .write_batch(&[game(id, 0, &[112, 113]), game(id, 5, &[112, 113])])
            .unwrap();
        store.end_bulk().unwrap();
        assert_eq!(index_sql(&store), migrated);
        // A load into a database holding games keeps its indexes.
        store.begin_bulk().unwrap();
        assert_eq!(index_sql(&store), migrated);
        store.end_bulk().unwrap();
        // An interrupted load (indexes dropped, never rebuilt): the next open repairs it.
        store
            .conn
            .execute_batch("DROP INDEX games_canonical")
            .unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(index_sql(&store), migrated);
    }

    #[test]
    fn a_key_hash_collision_never_links_different_games() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("k.db")).unwrap();
        let id = store.begin_source(&source("c")).unwrap();
        store.write_batch(&[game(id, 0, &[1, 2, 3])]).unwrap();
        // Pretend the hash of another key points at game 1.
        store.first_copies.by_moves.insert(
            copies::key_hash(GameKind::Renju, None, &CanonicalKey::from(vec![9, 9])),
            1,
        );
        let stats = store
            .write_batch(&[
                game(id, 10, &[9, 9]),
                game(id, 20, &[9, 9]),
                game(id, 30, &[1, 2, 3]),
            ])
            .unwrap();
        assert_eq!(stats.games, 3);
        // [9, 9] is new (not linked to game 1); its copy is found by the key itself.
        assert_eq!(store.game(2).unwrap().duplicate_of, None);
        assert_eq!(store.game(3).unwrap().duplicate_of, Some(2));
        assert_eq!(store.game(4).unwrap().duplicate_of, Some(1));
    }

    #[test]
    fn writes_links_duplicates_and_ignores_repeats() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("k.db")).unwrap();
        let id = store.begin_source(&source("abc")).unwrap();
        let batch = vec![
            game(id, 0, &[112, 113]),
            game(id, 10, &[112, 113]),
            game(id, 20, &[]),
        ];
        let stats = store.write_batch(&batch).unwrap();
        assert_eq!(stats.games, 3);
        assert_eq!(stats.duplicates, 1);
        let again = store.write_batch(&batch).unwrap();
        assert_eq!(again.already_present, 3);
        assert_eq!(again.games, 0);
        store.finish_source(id, "renju-lines", "ascii").unwrap();
        assert_eq!(
            store.source_state("abc").unwrap(),
            Some(SourceState::Complete(id))
        );
        let c = store.counts().unwrap();
        assert_eq!((c.games, c.duplicates, c.players, c.findings), (3, 1, 2, 3));
        let g = store.game(2).unwrap();
        assert_eq!(g.duplicate_of, Some(1));
        assert_eq!(
            g.players,
            [
                ("black".to_owned(), "中村 茂".to_owned()),
                ("white".to_owned(), "O'Brien \"x\"".to_owned())
            ]
        );
        assert_eq!(g.source, "games/a b'c.renju");
        let f = store
            .findings(
                &GameFilter {
                    severity: Some(Severity::Error),
                    ..GameFilter::everything()
                },
                None,
            )
            .unwrap();
        assert_eq!(f.len(), 3);
        assert_eq!((f[1].offset, f[1].column, f[1].game), (10, 3, Some(2)));
    }

    #[test]
    fn a_game_is_linked_alike_whether_first_copies_are_loaded_or_looked_up() {
        let dir = tempfile::tempdir().unwrap();
        let links = |store: &mut Store| -> Vec<Option<i64>> {
            let mut out = Vec::new();
            for (hash, keys) in [
                (
                    "one",
                    vec![&[112u8, 113][..], &[], &[114], &[], &[112, 113]],
                ),
                // The same games again from another file: the move copies link to the
                // first; the two move-less records pair off with the first file's two.
                ("two", vec![&[], &[113, 112], &[], &[112, 113], &[]]),
                ("three", vec![&[], &[114]]),
            ] {
                let id = store.begin_source(&source(hash)).unwrap();
                let batch: Vec<Record> = keys
                    .iter()
                    .enumerate()
                    .map(|(i, k)| game(id, 10 * i as u64, k))
                    .collect();
                store.write_batch(&batch).unwrap();
                store.finish_source(id, "renju-lines", "ascii").unwrap();
            }
            let n = store.counts().unwrap().games as i64;
            for g in 1..=n {
                out.push(store.game(g).unwrap().duplicate_of);
            }
            out
        };
        let mut loaded = Store::open(&dir.path().join("loaded.db")).unwrap();
        let expected = links(&mut loaded);
        assert!(loaded.first_copies.is_loaded(GameKind::Renju));
        let mut looked_up = Store::open(&dir.path().join("looked-up.db")).unwrap();
        looked_up.first_copies = first_copies::FirstCopies::loading_after(u64::MAX);
        assert_eq!(links(&mut looked_up), expected);
        assert!(!looked_up.first_copies.is_loaded(GameKind::Renju));
        assert_eq!(
            expected,
            [
                // one: two move games, two move-less records (not copies: one file), a
                // copy of the first
                None,
                None,
                None,
                None,
                Some(1),
                // two: the move-less records pair off with one's, the third has none
                // left; the mirrored moves are another game
                Some(2),
                None,
                Some(4),
                Some(1),
                None,
                // three
                Some(2),
                Some(3)
            ]
        );
    }
}
