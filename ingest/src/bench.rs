//! The stages of an ingest run alone, for `kifu bench`, which times each one. Not needed
//! to ingest: [`crate::ingest`] runs every stage and writes the database.

use std::path::PathBuf;

use crate::{Error, Mode, Options, Summary};

/// How far [`run`] takes the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Read and parse only.
    Parse,
    /// Read, parse and replay; nothing is written.
    Replay,
}

/// Runs an ingest of `paths` exactly as [`crate::ingest`] does up to `stage`, and no
/// further: no database is opened. The summary counts records read (`Parse`: parsed
/// records count as valid, unreadable ones as quarantined).
pub fn run(paths: &[PathBuf], options: &Options, stage: Stage) -> Result<Summary, Error> {
    let mode = match stage {
        Stage::Parse => Mode::Parse,
        Stage::Replay => Mode::Replay,
    };
    crate::run(paths, options, None, None, mode)
}
