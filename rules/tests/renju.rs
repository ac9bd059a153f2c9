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
    let dir = kifu_testdata::root();
    dir.is_dir().then_some(dir)
}

pub fn require_shared() -> bool {
    kifu_testdata::required()
}

/// A file under the shared data directory, or `None` (after a skip note) when it is
/// missing and the data is not required.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(rel)
}
