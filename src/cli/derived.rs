//! Derived data brought up to date by the commands that read it: a write (`ingest`,
//! `curate`) only makes it stale.

use std::path::Path;

use anyhow::{Context, Result};
use kifu_store::Store;

/// `db` opened to store derived data in, when it exists and can be written: `None` for a
/// missing database (the reader that follows says so) or one that cannot be written (a
/// read-only folder), whose readers compute stale derived data for themselves.
pub(super) fn writable(db: &Path) -> Option<Store> {
    if !db.exists() {
        return None;
    }
    Store::open(db).ok()
}

/// Brings the stored ratings of every game (kind) in `db` up to date where the games have
/// changed since they were computed; a database [`writable`] refuses is left as it is (its
/// readers use [`kifu_analysis::ratings::current_lists`]).
pub(super) fn ratings_up_to_date(db: &Path) -> Result<()> {
    let Some(mut store) = writable(db) else {
        return Ok(());
    };
    for kind in kifu_facts::GameKind::ALL {
        kifu_analysis::ratings::bring_up_to_date(&mut store, kind)
            .with_context(|| format!("rating the {kind} players in {}", db.display()))?;
    }
    Ok(())
}
