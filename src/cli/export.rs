//! `kifu export`: its flags, checked together into what is written; and the data
//! contract's tables (of every record, or of what a filter selects) as a Parquet dataset,
//! or CSV or JSON-lines files, with `_schema.json` (a record notation: [`export_records`]).
//!
//! [`export_records`]: super::export_records

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use kifu_analysis::ExportOptions;
use kifu_notation::{Notation, XqNotation};

use super::args::{DbArg, FilterArgs};
use super::export_format::{parse_export_format, parse_xq_notation, ExportFormat};
use super::export_records::RecordExport;
use super::progress::summary;
use crate::stdout;

/// `kifu export`'s flags.
#[derive(Args)]
pub(super) struct ExportArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// parquet (a directory of part files per table), csv or json (JSON lines); or a
    /// record notation: renju-lines, renju-plain, rif-xml, xiangqi-pgn, dhtmlxq,
    /// territorial-pgn, chouchou-ccn (one file).
    #[arg(long, default_value = "parquet", value_parser = parse_export_format)]
    format: ExportFormat,
    /// The dataset's directory, or the record file: written under a temporary name,
    /// then renamed.
    #[arg(long)]
    out: PathBuf,
    /// Replace `--out` if it exists (whole: no stale part files remain).
    #[arg(long)]
    overwrite: bool,
    /// Add to the Parquet export in `--out` (of every record of this database) the
    /// records ingested since it was written or last appended to.
    #[arg(long, conflicts_with = "overwrite")]
    append: bool,
    /// Record notations: write kifu's findings as comments at their plies.
    #[arg(long)]
    annotate: bool,
    /// xiangqi-pgn: the move notation, chinese (Simplified, the default), wxf or iccs.
    #[arg(long, value_parser = parse_xq_notation)]
    notation: Option<XqNotation>,
}

/// What `kifu export` writes: the tables, or the games in one record notation.
enum Target<'a> {
    Tables(ExportOptions),
    Records(RecordExport<'a>),
}

impl ExportArgs {
    /// The flags checked together: `--annotate` and `--notation` go with a record notation
    /// (`--notation` with xiangqi-pgn), `--append` with the tables.
    fn target(&self) -> Result<Target<'_>> {
        match self.format {
            ExportFormat::Tables(format) => {
                if self.annotate || self.notation.is_some() {
                    bail!(
                        "--annotate and --notation are for record notations, not {}",
                        format.extension()
                    );
                }
                Ok(Target::Tables(ExportOptions {
                    format,
                    overwrite: self.overwrite,
                    append: self.append,
                }))
            }
            ExportFormat::Records(format) => {
                if self.append {
                    bail!(
                        "--append adds to a Parquet export; a {} file is written whole",
                        format.name()
                    );
                }
                if self.notation.is_some() && format != kifu_parser::Format::XiangqiPgn {
                    bail!("--notation is for --format xiangqi-pgn, not {format}");
                }
                let notation =
                    Notation::of_format(format, self.notation.unwrap_or(XqNotation::Chinese))
                        .ok_or_else(|| anyhow!("kifu writes no {format} records"))?;
                Ok(Target::Records(RecordExport {
                    notation,
                    out: &self.out,
                    annotate: self.annotate,
                    overwrite: self.overwrite,
                }))
            }
        }
    }
}

/// `kifu export`: the tables, or the games in a record notation.
pub(super) fn run(args: &ExportArgs) -> Result<ExitCode> {
    match args.target()? {
        Target::Tables(options) => tables(&args.db.db, &args.filter, &args.out, options),
        Target::Records(records) => super::export_records::run(&args.db.db, &args.filter, records),
    }
}

/// The data contract's tables into `out`.
fn tables(db: &Path, flags: &FilterArgs, out: &Path, options: ExportOptions) -> Result<ExitCode> {
    // Every row by default (linked copies and quarantined records included).
    // The ratings table is the stored lists.
    super::derived::ratings_up_to_date(db)?;
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
