//! How a reader opens one of kifu's database files (the games' or the position index's):
//! read-only, sharing the write-ahead log with any writer, or, in a folder nobody can
//! write, as an unchanging file.
//!
//! Both files are in WAL mode. A reader of a WAL database needs the `-shm` file (the WAL's
//! index in shared memory) and creates it, with the `-wal`, when they are absent: in a
//! folder it may not write, that fails (`SQLITE_READONLY_DIRECTORY`, or `SQLITE_CANTOPEN`
//! on a read-only file system) although nothing is to be written. SQLite's answer is the
//! URI parameter `immutable=1`: no locks, no WAL, no `-shm`. It is correct only when the
//! file cannot change while it is read and holds the whole database, so it is used then
//! only:
//! - the folder cannot be written by anyone (no write bit, or a read-only file system):
//!   a writer would need to create the `-wal` and `-shm` there too, so none can start;
//! - no `-shm` is there: a live WAL connection always has one (a `-shm` and `-wal` left
//!   by a writer are read the ordinary way, which SQLite does without writing them);
//! - no `-wal` with content is there: `immutable` reads the main file alone, and changes
//!   still in a log would be silently missed. That case is an error saying why.
//!
//! A folder writable by someone else (not by this user) is no case for `immutable`:
//! another user may be writing the file meanwhile, and a torn read is worse than an error.

use std::fmt;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode, OpenFlags};

use crate::{Error, Result};

/// How a reader's connection sees its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// Read-only, beside any writer, through the WAL (the usual case).
    Shared,
    /// As an unchanging file (`immutable=1`): its folder cannot be written by anyone.
    Immutable,
}

/// Why a reader cannot open a database file in a folder where it cannot create the WAL's
/// `-shm` file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The folder may be written by others, so the file may change while it is read.
    OthersMayWrite,
    /// Its `-wal` holds changes not yet copied into the file, and without a `-shm`
    /// SQLite cannot read them.
    PendingLog,
}

/// A database file a reader cannot open where it is.
#[derive(Debug)]
pub struct NoSharedMemory {
    pub path: PathBuf,
    pub why: Blocked,
    /// What SQLite said.
    pub source: rusqlite::Error,
}

impl fmt::Display for NoSharedMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match self.why {
            Blocked::OthersMayWrite => write!(
                f,
                "cannot read {path}: SQLite needs to create {path}-shm beside it and may \
                 not, and others may write in that folder, so the file could change while \
                 it is read: read it with write access to its folder, or make the folder \
                 read-only for everyone"
            ),
            Blocked::PendingLog => write!(
                f,
                "cannot read {path}: its write-ahead log {path}-wal holds changes not yet in \
                 the file, which SQLite reads only through {path}-shm, and that cannot be \
                 created in this read-only folder: open the database once with write access \
                 to its folder"
            ),
        }
    }
}

impl std::error::Error for NoSharedMemory {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// `path` with `suffix` appended to its file name (`-wal`, `-shm`).
pub(crate) fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The prepared statements a reading connection keeps.
const READ_STATEMENTS: usize = 128;

/// Opens an existing database file to read, and reads its header (SQLite sets the WAL up
/// at the first read, so a folder it cannot use fails here, not at a later query).
pub(crate) fn open_to_read(path: &Path) -> Result<(Connection, Access)> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let conn = Connection::open_with_flags(path, flags)?;
    // A server's connection answers every kind of question in turn: keep each one's
    // statements prepared (rusqlite keeps 16; one game's answer alone uses 13).
    conn.set_prepared_statement_cache_capacity(READ_STATEMENTS);
    let failure = match read_header(&conn) {
        Ok(()) => return Ok((conn, Access::Shared)),
        Err(e) if no_shared_memory(&e) => e,
        Err(e) => return Err(e.into()),
    };
    drop(conn);
    if !folder_read_only(path) {
        return Err(Error::NoSharedMemory(NoSharedMemory {
            path: path.to_owned(),
            why: Blocked::OthersMayWrite,
            source: failure,
        }));
    }
    if beside(path, "-shm").exists() {
        // SQLite fails with a `-shm` there for another reason: say its own error.
        return Err(failure.into());
    }
    let log_bytes = std::fs::metadata(beside(path, "-wal")).map_or(0, |m| m.len());
    if log_bytes > 0 {
        return Err(Error::NoSharedMemory(NoSharedMemory {
            path: path.to_owned(),
            why: Blocked::PendingLog,
            source: failure,
        }));
    }
    let conn = Connection::open_with_flags(immutable_uri(path)?, flags)?;
    conn.set_prepared_statement_cache_capacity(READ_STATEMENTS);
    read_header(&conn)?;
    Ok((conn, Access::Immutable))
}

fn read_header(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
        .map(|_| ())
}

/// SQLite could not open or create the WAL's files beside the database.
fn no_shared_memory(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen)
    )
}

/// Nobody can create a file in the folder of `path`: it has no write permission bit, or
/// it is on a read-only file system.
fn folder_read_only(path: &Path) -> bool {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if std::fs::metadata(folder).is_ok_and(|m| m.permissions().mode() & 0o222 == 0) {
            return true;
        }
    }
    // Opening the file for writing (it is neither truncated nor written) tells a
    // read-only file system from a folder this user may not write. (Closing it would drop
    // the POSIX locks of any SQLite connection of this process on the file; there is none
    // that locks: SQLite just failed to open it, and one reading it as immutable takes no
    // locks.)
    matches!(
        std::fs::OpenOptions::new().write(true).open(path),
        Err(e) if e.kind() == std::io::ErrorKind::ReadOnlyFilesystem
    )
}

/// The URI that opens `path` as an unchanging file ([`file_uri`]).
pub(crate) fn immutable_uri(path: &Path) -> Result<String> {
    Ok(file_uri(path)? + "?mode=ro&immutable=1")
}

/// The `file:` URI of `path`, for SQLite (every connection here reads URIs: `ATTACH`
/// takes one). `%`, `?` and `#` are escaped, and so is every byte of a path that is not
/// UTF-8, so such a path opens the file it names; SQLite reads every other byte as it is.
/// Outside Unix a path that is not UTF-8 has no bytes to give: an error.
pub(crate) fn file_uri(path: &Path) -> Result<String> {
    let bytes = path_bytes(path)?;
    let mut uri = String::from("file:");
    match std::str::from_utf8(&bytes) {
        Ok(text) => {
            for c in text.chars() {
                match c {
                    '%' | '?' | '#' => uri.push_str(&format!("%{:02x}", c as u32)),
                    c => uri.push(c),
                }
            }
        }
        Err(_) => {
            for b in bytes {
                match b {
                    b'%' | b'?' | b'#' | 0x80.. => uri.push_str(&format!("%{b:02x}")),
                    b => uri.push(char::from(b)),
                }
            }
        }
    }
    Ok(uri)
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Result<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    Ok(path.as_os_str().as_bytes().to_vec())
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Result<Vec<u8>> {
    path.to_str()
        .map(|s| s.as_bytes().to_vec())
        .ok_or_else(|| Error::NotFound(crate::Missing::UnicodePath(path.to_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path that is not UTF-8 (byte 0xFF) opens the file it names.
    #[cfg(unix)]
    #[test]
    fn a_path_that_is_not_utf8_has_its_bytes_escaped() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"/d/db_\xff%.db"));
        assert_eq!(file_uri(path).unwrap(), "file:/d/db_%ff%25.db");
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join(std::ffi::OsStr::from_bytes(b"k\xff.db"));
        Connection::open(&db)
            .unwrap()
            .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (7);")
            .unwrap();
        let conn = Connection::open_in_memory().unwrap();
        conn.execute("ATTACH DATABASE ?1 AS other", [file_uri(&db).unwrap()])
            .unwrap();
        let x: i64 = conn
            .query_row("SELECT x FROM other.t", [], |r| r.get(0))
            .unwrap();
        assert_eq!(x, 7);
    }

    #[test]
    fn an_immutable_uri_escapes_what_a_uri_reads_as_syntax() {
        assert_eq!(
            immutable_uri(Path::new("/a b/c%d?e#f.db")).unwrap(),
            "file:/a b/c%25d%3fe%23f.db?mode=ro&immutable=1"
        );
    }

    #[test]
    fn a_file_with_odd_characters_opens_immutable() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("odd %3f?#name.db");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch("PRAGMA user_version = 7").unwrap();
        }
        let conn = Connection::open_with_flags(
            immutable_uri(&path).unwrap(),
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
        )
        .unwrap();
        let v: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(v, 7);
    }
}
