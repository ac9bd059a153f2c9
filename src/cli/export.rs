//! `kifu export`: the games, moves and findings tables (of every record, or of what a
//! filter selects) as Parquet (partitioned by game kind) or CSV files.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};

use super::args::FilterArgs;

pub(super) fn run(
    db: &Path,
    flags: FilterArgs,
    format: kifu_analysis::Format,
    out: &Path,
) -> Result<ExitCode> {
    if format == kifu_analysis::Format::Table {
        bail!("kifu export: --format is parquet, csv or json");
    }
    // Every row by default (linked copies and quarantined records included).
    let (store, filter) = super::select::open(db, flags, true, "export")?;
    let summary = kifu_analysis::export_filtered(&store, &filter, format, out)?;
    for f in &summary.files {
        println!("{}", f.display());
    }
    eprintln!(
        "kifu export: {} games, {} move lists, {} findings into {}",
        summary.games,
        summary.moves,
        summary.findings,
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
