//! `kifu ingest`: read record files into the database and print what was read.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};

/// Ingests `paths` into `db`; exit code 1 when an input could not be read.
pub(super) fn run(
    db: &Path,
    options: &kifu_ingest::Options,
    json: bool,
    paths: &[PathBuf],
) -> Result<ExitCode> {
    check_paths(paths)?;
    let summary = kifu_ingest::ingest(db, paths, options)
        .with_context(|| format!("ingest into {}", db.display()))?;
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&summary)?)?;
    } else {
        print_summary(&mut out, db, &summary)?;
    }
    Ok(if summary.input_errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `ingest --to-parquet`: ingests `paths` into a new data-contract dataset `dir`; exit code
/// 1 when an input could not be read.
pub(super) fn run_to_parquet(
    dir: &Path,
    overwrite: bool,
    options: &kifu_ingest::Options,
    json: bool,
    paths: &[PathBuf],
) -> Result<ExitCode> {
    check_paths(paths)?;
    let summary = kifu_analysis::ingest_to_parquet(dir, paths, options, overwrite)
        .with_context(|| format!("ingest into {}", dir.display()))?;
    let mut out = std::io::stdout().lock();
    let s = &summary.ingest;
    if json {
        let mut value = serde_json::to_value(s)?;
        value["tables"] = summary
            .export
            .tables
            .iter()
            .map(|(t, n)| (t.to_string(), serde_json::Value::from(*n)))
            .collect::<serde_json::Map<_, _>>()
            .into();
        writeln!(out, "{value}")?;
    } else {
        print_summary(&mut out, dir, s)?;
        for (table, rows) in &summary.export.tables {
            writeln!(out, "{table:<17}{rows:>10} rows")?;
        }
    }
    Ok(if s.input_errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Every path named on the command line exists, or an error naming each one that does not,
/// before the database or the directory is created and anything is printed. (A file that
/// cannot be read inside a directory or an archive is an input error of the batch instead.)
fn check_paths(paths: &[PathBuf]) -> Result<()> {
    let missing: Vec<String> = paths
        .iter()
        .filter_map(|p| match std::fs::metadata(p) {
            Ok(_) => None,
            Err(e) => Some(format!("{}: {e}", p.display())),
        })
        .collect();
    if !missing.is_empty() {
        anyhow::bail!("cannot read {} (nothing was ingested)", missing.join("; "));
    }
    Ok(())
}

/// The summary as `ingest` and `demo` print it.
pub(super) fn print_summary(
    out: &mut impl Write,
    db: &Path,
    s: &kifu_ingest::Summary,
) -> Result<()> {
    writeln!(
        out,
        "{} file(s) read, {} skipped as already ingested, {:.1} MB into {}",
        s.files,
        s.files_skipped,
        s.bytes as f64 / 1e6,
        db.display()
    )?;
    writeln!(out, "records read     {:>10}", s.records)?;
    writeln!(out, "  games          {:>10}", s.games)?;
    writeln!(out, "    valid        {:>10}", s.valid)?;
    writeln!(out, "    with findings{:>10}", s.with_findings)?;
    writeln!(out, "  quarantined    {:>10}", s.quarantined)?;
    writeln!(out, "duplicates       {:>10}", s.duplicates)?;
    if s.already_present > 0 {
        writeln!(out, "already stored   {:>10}", s.already_present)?;
    }
    writeln!(out, "{:.2} s, {:.0} games/s", s.seconds, s.games_per_second)?;
    match s.position_index.as_str() {
        "" | "complete" => {}
        "missing" => writeln!(
            out,
            "position index   missing: build it with `kifu index --rebuild`"
        )?,
        other => writeln!(out, "position index   {other}")?,
    }
    for e in &s.input_errors {
        writeln!(out, "input error: {e}")?;
    }
    Ok(())
}
