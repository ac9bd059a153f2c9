//! Derived data brought up to date by the commands that read it: a write (`ingest`,
//! `curate`) only makes it stale.

use std::path::Path;

use anyhow::{Context, Result};
use kifu_store::Store;

/// Brings the stored ratings of every game (kind) in `db` up to date where the games have changed
/// since they were computed. A database that cannot be opened for writing (a read-only
/// folder) is left as it is: its readers compute a stale list for themselves
/// ([`kifu_analysis::ratings::current_list`]) instead of reading it.
pub(super) fn ratings_up_to_date(db: &Path) -> Result<()> {
    if !db.exists() {
        // The reader that follows says so.
        return Ok(());
    }
    let Ok(mut store) = Store::open(db) else {
        return Ok(());
    };
    for kind in kifu_facts::GameKind::ALL {
        kifu_analysis::ratings::bring_up_to_date(&mut store, kind)
            .with_context(|| format!("rating the {kind} players in {}", db.display()))?;
    }
    Ok(())
}
