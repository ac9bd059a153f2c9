//! Where kifu's tests find the shared folder of rule texts and real records: one home for
//! the lookup every crate's tests make.
//!
//! The folder is `$KIFU_SHARED`, else `../shared` beside the workspace. A test whose data is
//! missing is skipped with a note, unless `KIFU_REQUIRE_SHARED=1` (as CI sets it): then it
//! fails.

use std::path::{Path, PathBuf};

/// The shared folder: `$KIFU_SHARED`, else `../shared` beside the workspace.
pub fn root() -> PathBuf {
    std::env::var_os("KIFU_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"))
}

/// Whether a missing shared file fails the test (`KIFU_REQUIRE_SHARED=1`).
pub fn required() -> bool {
    std::env::var("KIFU_REQUIRE_SHARED").as_deref() == Ok("1")
}

/// `<shared>/<rel>` (a file or a folder) when it exists. When it does not: a panic if the
/// data is required, else `None` after a note that the test is skipped.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let path = root().join(rel);
    if path.exists() {
        return Some(path);
    }
    if required() {
        panic!("{} is missing and KIFU_REQUIRE_SHARED=1", path.display());
    }
    eprintln!(
        "skipped: {} is missing (set KIFU_SHARED to the shared folder)",
        path.display()
    );
    None
}
