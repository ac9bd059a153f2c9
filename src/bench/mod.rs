//! `kifu bench`: the time of each ingest stage per input, as games/s, MB/s and the ratio of
//! the full ingest to the floor, with peak memory; thread and input-size scaling.
//!
//! Every stage of every input runs in a child process (`kifu bench-stage`), so its peak
//! resident memory is its own (read with `wait4`) and no stage warms another's caches
//! beyond the page cache, which the floor stage fills first on purpose: every stage reads
//! warm files, and the floor is the cost of reading them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

mod export;
mod filters;
mod grow;
mod load;
mod positions;
mod ratings;
mod serve;
mod site;
mod stages;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_generate::{GameSpec, RenjuNotation, SetSpec, XqNotation};
use kifu_rules::chouchou::Variant;
use serde::{Deserialize, Serialize};

use crate::stdout;

mod search;

/// A stage of the ingest measured alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reading and decompressing the input, nothing else.
    Floor,
    /// Reading and parsing.
    Parse,
    /// Reading, parsing, replaying and annotating (no database).
    Replay,
    /// The full `kifu ingest` into a fresh database file.
    Ingest,
    /// The same without the position index (`--no-index`): what the index costs.
    IngestNoIndex,
}

impl Stage {
    /// The stages of the main table (the index's cost is measured apart).
    pub const ALL: [Stage; 4] = [Stage::Floor, Stage::Parse, Stage::Replay, Stage::Ingest];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Floor => "floor",
            Stage::Parse => "parse",
            Stage::Replay => "replay",
            Stage::Ingest => "ingest",
            Stage::IngestNoIndex => "ingest-no-index",
        }
    }

    pub fn from_name(s: &str) -> Option<Stage> {
        Stage::ALL
            .into_iter()
            .chain([Stage::IngestNoIndex])
            .find(|st| st.name() == s)
    }
}

/// `kifu bench-stage`'s flags.
#[derive(Args)]
pub struct BenchStageArgs {
    /// The stage: floor, parse, replay, ingest or ingest-no-index.
    #[arg(long, value_parser = |s: &str| Stage::from_name(s).ok_or("floor, parse, replay, ingest or ingest-no-index"))]
    stage: Stage,
    /// Replay threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// The scratch database of the ingest stage.
    #[arg(long)]
    db: PathBuf,
    /// The inputs to time.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
}

/// `kifu bench-stage`: runs one stage in this process and prints one JSON line.
pub fn run_stage(args: &BenchStageArgs) -> Result<ExitCode> {
    let (stage, threads, db, paths) = (args.stage, args.threads, &args.db, &args.paths[..]);
    let started = Instant::now();
    let (records, games, bytes_in, bytes_out, stages) = match stage {
        Stage::Floor => {
            let (disk, out) = read_floor(paths)?;
            (0, 0, disk, out, Default::default())
        }
        Stage::Parse | Stage::Replay | Stage::Ingest | Stage::IngestNoIndex => {
            let options = kifu_ingest::Options {
                threads,
                no_index: stage == Stage::IngestNoIndex,
                ..Default::default()
            };
            let s = match stage {
                Stage::Parse => {
                    kifu_ingest::bench::run(paths, &options, kifu_ingest::bench::Stage::Parse)?
                }
                Stage::Replay => {
                    kifu_ingest::bench::run(paths, &options, kifu_ingest::bench::Stage::Replay)?
                }
                _ => kifu_ingest::ingest(db, paths, &options)?,
            };
            (s.records, s.games, s.bytes, 0, s.stages)
        }
    };
    let output = StageOutput {
        records,
        games,
        bytes_in,
        bytes_out,
        seconds: started.elapsed().as_secs_f64(),
        stages,
    };
    stdout::line(serde_json::to_string(&output)?)?;
    Ok(ExitCode::SUCCESS)
}

/// What `kifu bench-stage` prints, one JSON line, and `kifu bench` reads back.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
struct StageOutput {
    records: u64,
    games: u64,
    /// Bytes read from disk.
    bytes_in: u64,
    /// Bytes decompressed (the floor stage only).
    bytes_out: u64,
    seconds: f64,
    /// CPU seconds per pipeline stage (the ingest stages).
    stages: kifu_ingest::busy::StageTimes,
}

/// The floor of an ingest: every input file read and decompressed (archives split into
/// members), nothing else. Returns (bytes on disk, bytes decompressed).
fn read_floor(paths: &[PathBuf]) -> Result<(u64, u64)> {
    use kifu_ingest::input;
    let (files, _) = input::discover(paths);
    let counter = Arc::new(AtomicU64::new(0));
    let mut out = 0u64;
    for file in &files {
        let (_, stream) = input::open_decompressed(file, counter.clone())?;
        input::for_each_member(stream, &Arc::new(input::Watch::default()), |mut member| {
            out += std::io::copy(&mut member.reader, &mut std::io::sink())?;
            Ok(())
        })?;
    }
    Ok((counter.load(Ordering::Relaxed), out))
}

/// One measured run of a stage.
#[derive(Clone, Debug, Default)]
struct Run {
    records: u64,
    games: u64,
    bytes_in: u64,
    seconds: f64,
    peak_rss: u64,
    /// The process's CPU seconds (user + system).
    cpu: f64,
    /// CPU seconds per pipeline stage.
    stages: kifu_ingest::busy::StageTimes,
}

/// Runs `kifu bench-stage` and reads its peak RSS.
fn measure(stage: Stage, threads: usize, db: &Path, paths: &[PathBuf]) -> Result<Run> {
    let _ = kifu_store::remove_database(db);
    let exe = std::env::current_exe().context("locate the kifu binary")?;
    let mut child = Command::new(exe)
        .arg("bench-stage")
        .args([
            "--stage",
            stage.name(),
            "--threads",
            &threads.to_string(),
            "--db",
        ])
        .arg(db)
        .args(paths)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("start kifu bench-stage")?;
    let stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout));
    let (ok, peak_rss, cpu) = wait_with_peak(&child)?;
    let text = reader.join().expect("reader thread")?;
    if !ok {
        bail!("kifu bench-stage {} failed", stage.name());
    }
    let out: StageOutput = serde_json::from_str(text.trim()).context("bench-stage output")?;
    Ok(Run {
        records: out.records,
        games: out.games,
        bytes_in: out.bytes_in,
        seconds: out.seconds,
        peak_rss,
        cpu,
        stages: out.stages,
    })
}

/// Waits for a child: whether it exited 0, its peak resident memory in bytes, and its CPU
/// seconds (user + system).
fn wait_with_peak(child: &std::process::Child) -> Result<(bool, u64, f64)> {
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child's pid, writing into the structs given.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    if pid < 0 {
        bail!("wait4: {}", std::io::Error::last_os_error());
    }
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    // ru_maxrss is in KiB on Linux.
    Ok((ok, usage.ru_maxrss as u64 * 1024, cpu))
}

/// An input set of the benchmark.
struct Input {
    name: String,
    paths: Vec<PathBuf>,
}

/// A part of `kifu bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The ingest stages per input, and scaling.
    Ingest,
    /// Header search (player, event) on generated Renju games.
    Search,
    /// Busy time per pipeline stage on 1 and 2 threads, and the scaling model.
    Stages,
    /// Every filter option: `games --limit 20` and `stats` with it (alone).
    Filters,
}

impl Part {
    pub fn from_name(s: &str) -> Option<Part> {
        match s {
            "ingest" => Some(Part::Ingest),
            "search" => Some(Part::Search),
            "stages" => Some(Part::Stages),
            "filters" => Some(Part::Filters),
            _ => None,
        }
    }
}

/// `kifu bench`'s flags.
#[derive(Args)]
pub struct BenchArgs {
    /// Games in each large generated set (the small sets have a tenth).
    #[arg(long, default_value_t = 100_000)]
    pub games: usize,
    /// Leave out the real collections in ../shared/data.
    #[arg(long)]
    pub no_real: bool,
    /// Only one part: ingest (the stages and scaling), stages (busy time per pipeline stage and the scaling model), search (header search) or filters (every filter option with `games` and `stats`, alone).
    #[arg(long, value_parser = |s: &str| Part::from_name(s).ok_or("ingest, stages, search or filters"))]
    pub only: Option<Part>,
    /// Generated Renju games in the header-search database (built once per size in
    /// --work).
    #[arg(long, default_value_t = 1_000_000)]
    pub search_games: usize,
    /// Where generated inputs and the scratch database go.
    #[arg(long, default_value = "target/kifu-bench")]
    pub work: PathBuf,
    /// The results file (Markdown) the tables are written to.
    #[arg(long, default_value = "bench/RESULTS.md")]
    pub out: PathBuf,
    /// Only the position index benchmark (index cost on ingest, bytes per game,
    /// position search, explorer) on this many generated Renju games; its section of
    /// the results file is replaced, the rest kept.
    #[arg(long)]
    pub positions: Option<usize>,
    /// Only the export benchmark: `kifu export` of this many generated Renju games
    /// (the database built once per size in --work), its time and peak RSS; its section
    /// of the results file is replaced, the rest kept.
    #[arg(long)]
    pub export: Option<usize>,
    /// Only the ratings benchmark: `kifu ratings` (WHR, Elo) of this many generated
    /// dated results among 1,000 players; its section of the results file is replaced,
    /// the rest kept.
    #[arg(long)]
    pub ratings: Option<usize>,
    /// Only the growth benchmark: 10 new games ingested into a database of this many
    /// generated Renju games (rated before), then `kifu ratings`; its section of the
    /// results file is replaced, the rest kept.
    #[arg(long)]
    pub grow: Option<usize>,
    /// Only the site benchmark: `kifu site` of all of CCPD (from ../shared/data), its
    /// time, memory and size; its section of the results file is replaced, the rest
    /// kept.
    #[arg(long)]
    pub site: bool,
    /// Only the server benchmark: `kifu serve` under 1, 8 and 64 concurrent clients on a
    /// database of this many generated Renju games and on CCPD (games, one game, position,
    /// explorer: requests/s, p50/p99, errors, peak memory); its section of the results file
    /// is replaced, the rest kept.
    #[arg(long)]
    pub serve: Option<usize>,
}

fn shared_data() -> Option<PathBuf> {
    let root = std::env::var_os("KIFU_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let data = root.join("data");
    data.is_dir().then_some(data)
}

/// `games` games of `game` from seed 2026, generated into the work folder when missing.
fn generated(req: &BenchArgs, game: GameSpec, games: usize) -> Result<Input> {
    let kind = game.kind();
    let name = format!("generated {kind} ×{games}");
    let file = req
        .work
        .join(format!("{kind}-{games}.{}", game.extension()));
    if !file.exists() {
        let spec = SetSpec {
            game,
            games,
            seed: 2026,
        };
        crate::generate::write(&spec, &file)?;
    }
    Ok(Input {
        name,
        paths: vec![file],
    })
}

/// `db` ingested from `paths` once: built under another name and renamed when complete
/// (checkpointed first, since the WAL is named by the path), so a run stopped half-way
/// leaves no database a later run would take for a whole one. An existing `db` is kept.
fn ingest_once(db: &Path, paths: &[PathBuf], options: &kifu_ingest::Options) -> Result<()> {
    if db.exists() {
        return Ok(());
    }
    let partial = PathBuf::from(format!("{}.partial", db.display()));
    let _ = kifu_store::remove_database(&partial);
    kifu_ingest::ingest(&partial, paths, options)?;
    kifu_store::Store::open(&partial)?;
    // The index file first: the database's name is what says the load is whole.
    let index = kifu_store::positions::index_path(&partial);
    if index.exists() {
        std::fs::rename(&index, kifu_store::positions::index_path(db))?;
    }
    std::fs::rename(&partial, db)
        .map_err(|e| anyhow::anyhow!("rename to {}: {e}", db.display()))?;
    Ok(())
}

/// The kind of build running (`debug` or `release`), as every results table says it.
fn build_kind() -> &'static str {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
}

/// The cores the machine offers.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `release build, 2 cores`: what a table's figures were measured on.
fn build_and_cores() -> String {
    format!("{} build, {} cores", build_kind(), cores())
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

fn rate(n: u64, secs: f64) -> String {
    if secs > 0.0 {
        format!("{:.0}", n as f64 / secs)
    } else {
        "—".into()
    }
}

/// `kifu bench`.
pub fn run(req: &BenchArgs) -> Result<ExitCode> {
    if let Some(games) = req.positions {
        stdout::print(&positions::run(req, games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(games) = req.serve {
        stdout::print(&serve::run(req, games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    if req.site {
        stdout::print(&site::run(req)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(games) = req.grow {
        stdout::print(&grow::run(req, games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(games) = req.ratings {
        stdout::print(&ratings::run(req, games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(games) = req.export {
        stdout::print(&export::run(req, games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    std::fs::create_dir_all(&req.work).with_context(|| format!("create {}", req.work.display()))?;
    if req.only == Some(Part::Filters) {
        stdout::print(&filters::run(req, req.search_games)?)?;
        eprintln!("kifu bench: written to {}", req.out.display());
        return Ok(ExitCode::SUCCESS);
    }
    let mut body = String::new();
    if req.only.is_none_or(|p| p == Part::Ingest) {
        writeln!(
            body,
            "Stages, each in its own process on warm files: **floor** = read and decompress; \
             **parse** = + split and parse; **replay** = + replay and annotate on all cores (no \
             database); **ingest** = the full `kifu ingest` into a fresh SQLite file. Rates are \
             of the full ingest; MB are bytes on disk. Peak RSS is the largest of the four \
             stages.\n"
        )?;
        body.push_str(&ingest_tables(req)?);
    }
    if req.only.is_none_or(|p| p == Part::Stages) {
        if !body.is_empty() {
            body.push('\n');
        }
        let start = body.len();
        writeln!(
            body,
            "Pipeline stages: CPU seconds per game of the reader thread (find, read, \
             decompress, split, detect), the dispatch thread, the replay pool (parse what is \
             left, replay, annotate; rayon's idle spinning included), the writer and the thread \
             after it that adds the written batches to the position index, its own file, and \
             frees them (**index**), from \
             `kifu ingest` into a fresh database on 1 and 2 pool threads (the writer's \
             columns are its batches: its CPU, and its wall time at work, CPU and disk \
             waits); **rest** is the process's CPU outside the stages plus \
             the writer's after the last game (index builds). **Cores busy** = CPU ÷ wall. \
             The model (see `src/bench/stages.rs`): per game, wall = max(reader, dispatch, writer, index, \
             pool ÷ threads, all stages ÷ cores) + rest, from the 1-thread costs.\n"
        )?;
        body.push_str(&stages_table(req)?);
        if req.only == Some(Part::Stages) {
            // Alone, the stages replace their own section of the results and keep the rest.
            let section = format!(
                "{STAGES_HEADING}\n\n{}\n\n{}",
                machine_line(),
                &body[start..]
            );
            write_section(&req.out, STAGES_HEADING, &section)?;
            stdout::print(&section)?;
            eprintln!("kifu bench: written to {}", req.out.display());
            return Ok(ExitCode::SUCCESS);
        }
    }
    if req.only.is_none_or(|p| p == Part::Search) {
        if !body.is_empty() {
            body.push('\n');
        }
        writeln!(
            body,
            "Header search as `kifu games` runs it, in one process on a warm database: the \
             filter checked (a name that matches nothing is told apart), the first page \
             listed, and the games counted; the median of 7 runs.\n"
        )?;
        body.push_str(&search::run(&req.work, req.search_games)?);
    }
    write_results(req, &body)
}

/// The real collections of the benchmark, where ../shared/data has them.
fn real_inputs(req: &BenchArgs) -> Vec<Input> {
    let mut inputs = Vec::new();
    if !req.no_real {
        match shared_data() {
            Some(data) => {
                for (name, rel) in [
                    (
                        "Renju dasimagin train-2 (lines, .tar.xz)",
                        "renju/games/dasimagin_renju_train-2.tar.xz",
                    ),
                    (
                        "Xiangqi CCPD (Big5 Chinese PGN, .tar.xz)",
                        "xiangqi/ccpd/ccpd_dataset_big5.tar.xz",
                    ),
                    (
                        "Xiangqi XQF collection (.tar.xz)",
                        "xiangqi/xqf_collections/walker8088_XQMagic_Books_xqf.tar.xz",
                    ),
                    (
                        "Xiangqi DhtmlXQ dpxq (.tar.xz)",
                        "xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz",
                    ),
                ] {
                    let p = data.join(rel);
                    if p.is_file() {
                        inputs.push(Input {
                            name: name.into(),
                            paths: vec![p],
                        });
                    }
                }
            }
            None => eprintln!("kifu bench: ../shared/data not found; real collections left out"),
        }
    }
    inputs
}

/// The heading of `kifu bench --only stages`'s section of the results.
const STAGES_HEADING: &str =
    "## Pipeline stages, the scaling model and the index's cost (`kifu bench --only stages`)";

/// The generated sets of each kind, `games` games each.
const GENERATED: [GameSpec; 4] = [
    GameSpec::Renju(RenjuNotation::Lines),
    GameSpec::Xiangqi(XqNotation::Chinese),
    GameSpec::Territorial,
    GameSpec::ChouChou {
        variant: Variant::Standard,
        players: 2,
        pairs: false,
    },
];

/// The pipeline stages' busy times on the two largest real collections (train-2, CCPD)
/// and the large generated sets.
fn stages_table(req: &BenchArgs) -> Result<String> {
    let mut inputs: Vec<Input> = real_inputs(req)
        .into_iter()
        .filter(|i| i.name.contains("train-2") || i.name.contains("CCPD"))
        .collect();
    for game in GENERATED {
        inputs.push(generated(req, game, req.games)?);
    }
    stages::run(&inputs, &req.work.join("bench.db"))
}

/// The ingest stages of every input, and thread and input-size scaling.
fn ingest_tables(req: &BenchArgs) -> Result<String> {
    let mut inputs = real_inputs(req);
    let small = (req.games / 10).max(1);
    let mut scaling = Vec::new();
    for game in GENERATED {
        let a = generated(req, game, small)?;
        let b = generated(req, game, req.games)?;
        scaling.push((game.kind(), inputs.len(), inputs.len() + 1));
        inputs.push(a);
        inputs.push(b);
    }

    let db = req.work.join("bench.db");
    let mut table = String::new();
    writeln!(
        table,
        "| input | MB | games | floor s | parse s | replay s | ingest s | ingest games/s | ingest MB/s | ingest ÷ floor | peak RSS MB |"
    )?;
    writeln!(
        table,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    )?;
    let mut ingest_runs: Vec<Run> = Vec::new();
    for input in &inputs {
        eprintln!("kifu bench: {}", input.name);
        let runs: Vec<Run> = Stage::ALL
            .iter()
            .map(|&st| measure(st, 0, &db, &input.paths))
            .collect::<Result<_>>()?;
        let (floor, ingest) = (&runs[0], &runs[3]);
        let peak = runs.iter().map(|r| r.peak_rss).max().unwrap_or(0);
        writeln!(
            table,
            "| {} | {:.1} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {:.1} | {:.1}× | {:.0} |",
            input.name,
            mb(ingest.bytes_in),
            ingest.games,
            floor.seconds,
            runs[1].seconds,
            runs[2].seconds,
            ingest.seconds,
            rate(ingest.games, ingest.seconds),
            mb(ingest.bytes_in) / ingest.seconds.max(1e-9),
            ingest.seconds / floor.seconds.max(1e-9),
            mb(peak)
        )?;
        debug_assert!(runs[1].records >= ingest.records);
        ingest_runs.push(ingest.clone());
    }

    writeln!(table)?;
    writeln!(
        table,
        "| scaling | games | 1 thread s | 2 threads s | speed-up | 10× input: time ratio | peak RSS MB 1× → 10× |"
    )?;
    writeln!(table, "|---|---:|---:|---:|---:|---:|---:|")?;
    for (game, small_i, large_i) in scaling {
        let large = &inputs[large_i];
        let one = measure(Stage::Ingest, 1, &db, &large.paths)?;
        let two = &ingest_runs[large_i];
        let small_run = &ingest_runs[small_i];
        writeln!(
            table,
            "| {game} | {} | {:.2} | {:.2} | {:.2}× | {:.1}× | {:.0} → {:.0} |",
            two.games,
            one.seconds,
            two.seconds,
            one.seconds / two.seconds.max(1e-9),
            two.seconds / small_run.seconds.max(1e-9),
            mb(small_run.peak_rss),
            mb(two.peak_rss)
        )?;
    }
    Ok(table)
}

/// Where and on what a benchmark ran: `date · cores · CPU · kifu version (build)`.
fn machine_line() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = cores();
    let date = Command::new("date")
        .arg("-u")
        .arg("+%Y-%m-%d %H:%M UTC")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    format!(
        "{date} · {cores} cores · {cpu} · kifu {} ({} build)",
        env!("CARGO_PKG_VERSION"),
        build_kind()
    )
}

/// Writes the results document: where and on what it ran, then `body`, in place of the
/// document's top; its sections (from the first `## ` heading on: the other benchmarks'
/// and the earlier runs kept by hand) are kept.
fn write_results(req: &BenchArgs, body: &str) -> Result<ExitCode> {
    let mut top = String::new();
    writeln!(top, "# kifu bench results\n")?;
    writeln!(top, "{}\n", machine_line())?;
    top.push_str(body);
    stdout::print(&top)?;
    if let Some(dir) = req.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let old = std::fs::read_to_string(&req.out).unwrap_or_default();
    let doc = with_top(&old, &top);
    std::fs::write(&req.out, &doc).with_context(|| format!("write {}", req.out.display()))?;
    eprintln!("kifu bench: written to {}", req.out.display());
    Ok(ExitCode::SUCCESS)
}

/// `old` with its top (everything before the first `## ` heading) replaced by `top`.
fn with_top(old: &str, top: &str) -> String {
    let sections = if old.starts_with("## ") {
        Some(old)
    } else {
        old.find("\n## ").map(|at| &old[at + 1..])
    };
    match sections {
        Some(sections) => format!("{}\n\n{sections}", top.trim_end()),
        None => top.to_owned(),
    }
}

/// Replaces one benchmark's section (from its `heading` to the next `## `) of the results
/// file, or appends it; the rest is kept.
fn write_section(out: &Path, heading: &str, section: &str) -> Result<()> {
    let old = std::fs::read_to_string(out).unwrap_or_default();
    let kept = match old.find(heading) {
        Some(start) => {
            let rest = &old[start + heading.len()..];
            let end = rest
                .find("\n## ")
                .map_or(old.len(), |e| start + heading.len() + e + 1);
            format!("{}{}", &old[..start], &old[end..])
        }
        None => old,
    };
    let mut doc = kept.trim_end().to_owned();
    if !doc.is_empty() {
        doc.push_str("\n\n");
    }
    doc.push_str(section);
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(out, doc).with_context(|| format!("write {}", out.display()))
}

#[cfg(test)]
mod tests {
    use super::with_top;

    #[test]
    fn a_new_top_keeps_the_sections_below_it() {
        let old = "# kifu bench results\n\nold run\n\n## Growth\n\ntable\n\n## Earlier\n\nkept\n";
        assert_eq!(
            with_top(old, "# kifu bench results\n\nnew run\n"),
            "# kifu bench results\n\nnew run\n\n## Growth\n\ntable\n\n## Earlier\n\nkept\n"
        );
        assert_eq!(with_top("", "top\n"), "top\n");
        assert_eq!(with_top("only a top\n", "top\n"), "top\n");
    }
}
