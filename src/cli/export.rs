//! `kifu export`: the data contract's tables (of every record, or of what a filter
//! selects) as a Parquet dataset, or CSV or JSON-lines files, with `_schema.json`.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use kifu_analysis::{ExportOptions, Format};

use super::args::FilterArgs;

pub(super) fn run(
    db: &Path,
    flags: FilterArgs,
    out: &Path,
    options: ExportOptions,
) -> Result<ExitCode> {
    if options.format == Format::Table {
        bail!("kifu export: --format is parquet, csv or json");
    }
    // Every row by default (linked copies and quarantined records included).
    let (store, filter) = super::select::open(db, flags, true, "export")?;
    let summary = kifu_analysis::export_filtered(&store, &filter, options, out)?;
    for f in &summary.files {
        println!("{}", f.display());
    }
    let counts: Vec<String> = summary
        .tables
        .iter()
        .map(|(table, rows)| format!("{rows} {table}"))
        .collect();
    eprintln!(
        "kifu export: {} rows into {}",
        counts.join(", "),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
