//! `kifu stats`: the summary tables for the games in scope, as text tables, CSV, JSON or
//! Parquet, on standard output or into files.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use super::args::FilterArgs;

pub(super) fn run(
    db: &Path,
    flags: FilterArgs,
    by: Option<&str>,
    format: kifu_analysis::Format,
    out: Option<&Path>,
) -> Result<ExitCode> {
    use kifu_analysis::Format as F;
    // polars' text tables: every row and column (a statistics table is read whole).
    for (key, value) in [
        ("POLARS_FMT_MAX_ROWS", "200"),
        ("POLARS_FMT_MAX_COLS", "-1"),
        ("POLARS_TABLE_WIDTH", "250"),
        ("POLARS_FMT_STR_LEN", "60"),
    ] {
        if std::env::var_os(key).is_none() {
            std::env::set_var(key, value);
        }
    }
    let (store, filter) = super::select::open(db, flags, false, "stats")?;
    let mut tables = kifu_analysis::stats(&kifu_analysis::Dataset::new(&store, &filter), by)?;
    if tables.is_empty() {
        eprintln!("kifu stats: no games match");
    }
    match (format, out) {
        (F::Json, _) => {
            let text = kifu_analysis::frames_to_json(&mut tables)?;
            write_text(out, &(text + "\n"))?;
        }
        (F::Table, _) => {
            let mut text = String::new();
            for (name, df) in &tables {
                text.push_str(&format!("{name}\n{df}\n\n"));
            }
            write_text(out, &text)?;
        }
        (F::Csv | F::Parquet, Some(dir)) => {
            std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
            for (name, df) in tables.iter_mut() {
                let path = dir.join(format!("{name}.{}", format.extension()));
                kifu_analysis::write_frame(df, format, &path)?;
                println!("{}", path.display());
            }
        }
        (F::Csv, None) => {
            // Several CSV tables on one stream: each under a `# name` line.
            let mut stdout = std::io::stdout().lock();
            for (i, (name, df)) in tables.iter_mut().enumerate() {
                if i > 0 {
                    writeln!(stdout)?;
                }
                writeln!(stdout, "# {name}")?;
                kifu_analysis::write_frame_to(df, F::Csv, &mut stdout)?;
            }
        }
        (F::Parquet, None) => bail!("--format parquet needs --out DIR"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `text` into the file `out`, or on standard output.
fn write_text(out: Option<&Path>, text: &str) -> Result<()> {
    match out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("write {}", path.display()))?
        }
        None => super::text::print_out(text),
    }
    Ok(())
}
