//! Renju engine tests against the shared rule data (`$KIFU_SHARED`, else `../shared` next
//! to the workspace). Missing data: skipped with a note, or a panic when
//! `KIFU_REQUIRE_SHARED=1`.

use std::path::PathBuf;

#[path = "renju/dataset.rs"]
mod dataset;
#[path = "renju/forbidden.rs"]
mod forbidden;
#[path = "renju/openings.rs"]
mod openings;
#[path = "renju/replay.rs"]
mod replay;

/// The shared data directory, if present.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("KIFU_SHARED") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    };
    dir.is_dir().then_some(dir)
}

pub fn require_shared() -> bool {
    std::env::var("KIFU_REQUIRE_SHARED").is_ok_and(|v| v == "1")
}

/// A file under the shared data directory, or `None` (after a skip note) when it is
/// missing and the data is not required.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    let found = shared_dir().map(|d| d.join(rel)).filter(|p| p.is_file());
    if found.is_none() {
        if require_shared() {
            panic!("shared data file {rel} not found (KIFU_REQUIRE_SHARED=1)");
        }
        eprintln!("skipping: shared data file {rel} not found (set KIFU_SHARED)");
    }
    found
}
