//! `kifu export`: the data contract's tables (of every record, or of what a filter
//! selects) as a Parquet dataset, or CSV or JSON-lines files, with `_schema.json`.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use kifu_analysis::{ExportOptions, Format};

use super::args::FilterArgs;
use super::progress::summary;
use crate::stdout;

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
    let bar = super::progress::rows();
    let mut table = String::new();
    let summary = kifu_analysis::export_observed(&store, &filter, options, out, &mut |t, rows| {
        if let Some(bar) = &bar {
            // Each table counts its own rows; the bar is drawn a few times a second.
            bar.set_position(rows);
            if t != table {
                table = t.to_owned();
                bar.set_message(table.clone());
            }
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let summary = summary?;
    for f in &summary.files {
        stdout::line(f.display())?;
    }
    let counts: Vec<String> = summary
        .tables
        .iter()
        .map(|(table, rows)| format!("{rows} {table}"))
        .collect();
    summary!(
        "kifu export: {} rows into {}",
        counts.join(", "),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
