//! `kifu bench --export N`: `kifu export` (Parquet, the data contract) of N generated Renju
//! games, and `kifu ingest --to-parquet` of the same file, each in its own process: time,
//! rate, peak resident memory, bytes and part files. The export streams from SQLite in
//! bounded batches, so its peak should not grow with N; the shard writer holds a row group
//! per table and a few fixed-size fields per distinct game. Its table replaces the "Export"
//! section of the results file (the rest is kept).

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use kifu_generate::{GameSpec, RenjuNotation};

use super::{
    build_and_cores, generated, ingest_once, mb, rate, wait_with_peak, write_section, BenchArgs,
};

/// The section's heading in the results file.
const HEADING: &str = "## Export";
/// The memory target of an export of 1,000,000 games (issue 15).
const TARGET_MB: f64 = 300.0;
/// The memory target of any 1,000,000-game ingest (issue 18).
const INGEST_TARGET_MB: f64 = 500.0;

/// Bytes and files under `dir`, recursively.
fn tree_size(dir: &Path) -> Result<(u64, usize)> {
    let (mut bytes, mut files) = (0, 0);
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        if meta.is_dir() {
            let (b, f) = tree_size(&entry.path())?;
            bytes += b;
            files += f;
        } else {
            bytes += meta.len();
            files += 1;
        }
    }
    Ok((bytes, files))
}

/// Runs kifu with `args` in its own process: its wall time (s) and peak RSS (bytes).
pub(super) fn measure(args: &[&str]) -> Result<(f64, u64)> {
    let exe = std::env::current_exe().context("locate the kifu binary")?;
    let started = Instant::now();
    let child = Command::new(exe)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("start kifu {}", args[0]))?;
    let (ok, peak, _) = wait_with_peak(&child)?;
    let seconds = started.elapsed().as_secs_f64();
    if !ok {
        bail!("kifu {} failed", args.join(" "));
    }
    Ok((seconds, peak))
}

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let input = generated(req, GameSpec::Renju(RenjuNotation::Lines), games)?;
    let db = req.work.join(format!("export-{games}.db"));
    if !db.exists() {
        eprintln!("kifu bench: ingest of {games} Renju games (once per size)");
        let options = kifu_ingest::Options {
            no_index: true,
            ..Default::default()
        };
        ingest_once(&db, &input.paths, &options)?;
    }
    let stored = kifu_store::Store::open_read_only(&db)?.counts()?.games;
    let out = req.work.join("export-dataset");
    eprintln!("kifu bench: export of {stored} games");
    let db_arg = db.to_string_lossy();
    let out_arg = out.to_string_lossy();
    let export = measure(&["export", "--db", &db_arg, "--out", &out_arg, "--overwrite"])?;
    let (bytes, files) = tree_size(&out)?;
    eprintln!("kifu bench: ingest --to-parquet of the same {games} games");
    let shard = req.work.join("export-shard");
    let shard_arg = shard.to_string_lossy();
    let mut args = vec!["ingest", "--to-parquet", &shard_arg, "--overwrite"];
    let inputs: Vec<String> = input
        .paths
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    args.extend(inputs.iter().map(String::as_str));
    let to_parquet = measure(&args)?;
    let (shard_bytes, shard_files) = tree_size(&shard)?;

    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "`kifu export` (Parquet, every table of the data contract) of {stored} generated \
         Renju games, and `kifu ingest --to-parquet` of the same file, each in its own \
         process ({}); rows go out in batches of at most {} rows ({} MB of \
         data), one Parquet row group each.\n",
        build_and_cores(),
        kifu_analysis::contract::ROWS_PER_ROW_GROUP,
        kifu_analysis::contract::BYTES_PER_ROW_GROUP >> 20,
    )?;
    writeln!(
        t,
        "| command | time | games/s | peak RSS | target at 1,000,000 games | dataset |"
    )?;
    writeln!(t, "|---|---:|---:|---:|---:|---:|")?;
    for (name, (seconds, peak), target, bytes, files) in [
        (
            "`export` (from the database)",
            export,
            TARGET_MB,
            bytes,
            files,
        ),
        (
            "`ingest --to-parquet` (from the file, no database)",
            to_parquet,
            INGEST_TARGET_MB,
            shard_bytes,
            shard_files,
        ),
    ] {
        writeln!(
            t,
            "| {name} | {seconds:.1} s | {} | {:.0} MB | < {target:.0} MB | {:.1} MB in {files} files |",
            rate(stored, seconds),
            mb(peak),
            mb(bytes)
        )?;
    }
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}
