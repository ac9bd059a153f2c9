//! Test support: a fresh database with one source, for the store's unit tests.

use crate::{NewSource, Store};

/// A database in `dir` with one Xiangqi PGN source, `cup.pgn`: the store and the source's id.
pub(crate) fn with_a_source(dir: &tempfile::TempDir) -> (Store, i64) {
    let mut store = Store::open(&dir.path().join("k.db")).unwrap();
    let source = store
        .begin_source(&NewSource {
            path: "cup.pgn".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: "c".repeat(64),
            format: "xiangqi-pgn".into(),
            encoding: "utf-8".into(),
            rules: None,
        })
        .unwrap();
    (store, source)
}
