//! The ECCO classifier: its table against the published definitions, hand-checked lines,
//! and agreement with the ECCO tags of real collections (`$KIFU_SHARED`, else `../shared`
//! next to the workspace; missing data is skipped, or a panic when `KIFU_REQUIRE_SHARED=1`).
//!
//! The disagreement table of the notes: `cargo test -p kifu-rules --test ecco --release --
//! --ignored --nocapture disagreements`.

use std::path::PathBuf;

#[path = "ecco/agreement.rs"]
mod agreement;
#[path = "ecco/corpus.rs"]
mod corpus;
#[path = "ecco/definitions.rs"]
mod definitions;
#[path = "ecco/lines.rs"]
mod lines;

/// A file under the shared data directory, or `None` (after a skip note).
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(rel)
}
