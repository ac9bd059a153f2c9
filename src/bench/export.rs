//! `kifu bench --export N`: `kifu export` (Parquet, the data contract) of N generated Renju
//! games, in its own process: time, rate, peak resident memory, bytes and part files. The
//! export streams from SQLite in bounded batches, so its peak should not grow with N. Its
//! table replaces the "Export" section of the results file (the rest is kept).

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use super::{generated, mb, rate, wait_with_peak, write_section, Request};

/// The section's heading in the results file.
const HEADING: &str = "## Export";
/// The memory target for 1,000,000 games.
const TARGET_MB: f64 = 300.0;

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

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &Request, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let input = generated(req, "renju", Some("lines"), games)?;
    let db = req.work.join(format!("export-{games}.db"));
    if !db.exists() {
        eprintln!("kifu bench: ingest of {games} Renju games (once per size)");
        let options = kifu_ingest::Options {
            no_index: true,
            ..Default::default()
        };
        let partial = req.work.join(format!("export-{games}.db.partial"));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", partial.display()));
        }
        kifu_ingest::ingest(&partial, &input.paths, &options)?;
        std::fs::rename(&partial, &db)?;
    }
    let stored = kifu_store::Store::open_read_only(&db)?.counts()?.games;
    let out = req.work.join("export-dataset");
    eprintln!("kifu bench: export of {stored} games");
    let exe = std::env::current_exe().context("locate the kifu binary")?;
    let started = Instant::now();
    let child = Command::new(exe)
        .arg("export")
        .arg("--db")
        .arg(&db)
        .arg("--out")
        .arg(&out)
        .arg("--overwrite")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .context("start kifu export")?;
    let (ok, peak) = wait_with_peak(&child)?;
    let seconds = started.elapsed().as_secs_f64();
    if !ok {
        bail!("kifu export failed");
    }
    let (bytes, files) = tree_size(&out)?;

    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "`kifu export` (Parquet, every table of the data contract) of {stored} generated \
         Renju games in its own process ({} build, {} cores); rows stream from SQLite in \
         batches of at most {} rows ({} MB of data), one Parquet row group each.\n",
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        kifu_analysis::contract::ROWS_PER_ROW_GROUP,
        kifu_analysis::contract::BYTES_PER_ROW_GROUP >> 20,
    )?;
    writeln!(t, "| measure | value |\n|---|---:|")?;
    writeln!(t, "| time | {seconds:.1} s |")?;
    writeln!(t, "| games/s | {} |", rate(stored, seconds))?;
    writeln!(
        t,
        "| peak RSS (target < {TARGET_MB:.0} MB at 1,000,000 games) | {:.0} MB |",
        mb(peak)
    )?;
    writeln!(t, "| dataset | {:.1} MB in {files} files |", mb(bytes))?;
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}
