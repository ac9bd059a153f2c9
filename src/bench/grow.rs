//! `kifu bench --grow M`: adding a little to a lot. A database of M generated Renju games
//! (built once per size, its ratings computed), copied for each run; into the copy, 10 new
//! games with `kifu ingest` (its wall time beside the summary's seconds and steps), then
//! `kifu ratings` (the stored lists brought up to date), each in its own process. Adding N
//! games to M is to cost in proportion to N: the targets are under 1 s and under 5 s for
//! M = 1,000,000. Its table replaces the "Growth" section of the results file.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use kifu_generate::{GameSpec, RenjuNotation, SetSpec};

use super::export::measure;
use super::{build_and_cores, generated, ingest_once, mb, write_section, BenchArgs};

/// The section's heading in the results file.
const HEADING: &str = "## Growth (`kifu bench --grow M`)";
/// The games added to the large database.
const ADDED: usize = 10;
/// Runs of each measurement (the fastest is shown).
const RUNS: usize = 3;
/// Targets for M = 1,000,000 on 2 cores (issue 54).
const INGEST_TARGET: f64 = 1.0;
const RATINGS_TARGET: f64 = 5.0;

/// Copies a database and the files kifu and SQLite keep beside it (`db-wal`,
/// `db-positions`, …) to `to`, replacing what is there.
fn copy_database(from: &Path, to: &Path) -> Result<()> {
    kifu_store::remove_database(to)?;
    let name = from
        .file_name()
        .and_then(|n| n.to_str())
        .context("database name")?;
    let folder = from.parent().unwrap_or(Path::new("."));
    for entry in std::fs::read_dir(folder)? {
        let path = entry?.path();
        let Some(file) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if let Some(suffix) = file.strip_prefix(name) {
            if suffix.is_empty() || suffix.starts_with('-') {
                let target = format!("{}{suffix}", to.display());
                std::fs::copy(&path, &target)?;
                // On disk before the timing starts: else the ingest's first checkpoint
                // (its fsync) writes the copy's dirty pages and is timed for them.
                std::fs::File::open(&target)?.sync_all()?;
            }
        }
    }
    Ok(())
}

/// `kifu ingest --json` of `paths` into `db`: the process's wall seconds and its summary.
fn ingest(db: &Path, paths: &[PathBuf]) -> Result<(f64, serde_json::Value)> {
    let exe = std::env::current_exe().context("locate the kifu binary")?;
    let started = Instant::now();
    let out = Command::new(exe)
        .args(["ingest", "--json", "--db"])
        .arg(db)
        .args(paths)
        .stderr(Stdio::inherit())
        .output()
        .context("start kifu ingest")?;
    let wall = started.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!("kifu ingest into {} failed", db.display());
    }
    let summary = serde_json::from_slice(&out.stdout).with_context(|| {
        format!(
            "kifu ingest --json printed no summary into {}",
            db.display()
        )
    })?;
    Ok((wall, summary))
}

/// One measured run: the ingest's wall time, its summary's seconds and steps, and the
/// ratings' time and peak memory.
struct Run {
    ingest: f64,
    summary: serde_json::Value,
    ratings: f64,
    ratings_peak: u64,
}

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let base = generated(req, GameSpec::Renju(RenjuNotation::Plain), games)?;
    let db = req.work.join(format!("grow-{games}.db"));
    let from_scratch = if db.exists() {
        None
    } else {
        eprintln!("kifu bench: ingest of {games} Renju games, then their ratings (once per size)");
        ingest_once(&db, &base.paths, &kifu_ingest::Options::default())?;
        let db_arg = db.to_string_lossy();
        Some(measure(&[
            "ratings", "-q", "--db", &db_arg, "--game", "renju",
        ])?)
    };
    // New games: another seed, so other bytes and other games.
    let added = req.work.join(format!("grow-added-{ADDED}.renju"));
    if !added.exists() {
        let spec = SetSpec {
            game: GameSpec::Renju(RenjuNotation::Plain),
            games: ADDED,
            seed: 2027,
        };
        crate::generate::write(&spec, &added)?;
    }
    let copy = req.work.join("grow-run.db");
    let mut runs = Vec::new();
    for i in 0..RUNS {
        eprintln!("kifu bench: {ADDED} games into {games}, run {}", i + 1);
        copy_database(&db, &copy)?;
        let (ingest, summary) = ingest(&copy, std::slice::from_ref(&added))?;
        let copy_arg = copy.to_string_lossy();
        let (ratings, ratings_peak) =
            measure(&["ratings", "-q", "--db", &copy_arg, "--game", "renju"])?;
        runs.push(Run {
            ingest,
            summary,
            ratings,
            ratings_peak,
        });
    }
    kifu_store::remove_database(&copy)?;
    let best_ingest = runs
        .iter()
        .min_by(|a, b| a.ingest.total_cmp(&b.ingest))
        .context("no run")?;
    let best_ratings = runs
        .iter()
        .min_by(|a, b| a.ratings.total_cmp(&b.ratings))
        .context("no run")?;

    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "{ADDED} generated Renju games added with `kifu ingest` to a database of {games} \
         (its ratings computed before), then `kifu ratings --game renju`, each in its own \
         process ({}), on a fresh copy of the database each run; the fastest of {RUNS}. \
         The ingest's summary says its own wall time and where it went.\n",
        build_and_cores(),
    )?;
    let steps = &best_ingest.summary["steps"];
    let step = |name: &str| steps[name].as_f64().unwrap_or(f64::NAN);
    writeln!(
        t,
        "| step | seconds | target (M = 1,000,000) |\n|---|---:|---:|"
    )?;
    writeln!(
        t,
        "| `kifu ingest` of {ADDED} games (process wall) | {:.3} | < {INGEST_TARGET:.0} s |",
        best_ingest.ingest
    )?;
    writeln!(
        t,
        "| … its summary's seconds | {:.3} | = wall ± 5% |",
        best_ingest.summary["seconds"].as_f64().unwrap_or(f64::NAN)
    )?;
    for (name, what) in [
        ("start", "reading the arguments"),
        ("open", "opening the database"),
        ("index_catch_up", "position index catch-up"),
        ("pipeline", "read, replay, write"),
        ("curation", "curation applied again"),
        ("close", "closing (WAL checkpoint)"),
    ] {
        writeln!(t, "| … {what} | {:.3} | |", step(name))?;
    }
    writeln!(
        t,
        "| `kifu ratings` after it (stale lists brought up to date) | {:.3} | < {RATINGS_TARGET:.0} s |",
        best_ratings.ratings
    )?;
    writeln!(
        t,
        "| … its peak RSS | {:.0} MB | |",
        mb(best_ratings.ratings_peak)
    )?;
    if let Some((seconds, peak)) = from_scratch {
        writeln!(
            t,
            "| `kifu ratings` of the {games} from scratch (once, building the database) | {seconds:.3} ({:.0} MB) | |",
            mb(peak)
        )?;
    }
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}
