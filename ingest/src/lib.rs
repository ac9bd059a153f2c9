//! The ingest pipeline: find files, ask the parser what each member is and for its
//! records, replay them through the engines in parallel (rayon), and feed one writer thread
//! through a bounded channel.
//!
//! Three stages run at once. The calling thread reads the inputs (module `read`): it
//! decompresses each file, splits archives into members and identifies each member from its
//! head ([`kifu_parser::member`]). A member shorter than `HEAD` is sent on whole; a larger
//! one is read on this thread by its format's reader, which parses its records, except
//! Xiangqi PGN, which it only splits into games (`PgnChunk`s). A replay thread hands each
//! batch to the rayon pool, which parses what is still unparsed (small members, Xiangqi PGN
//! games) and replays every record; a writer thread owns the database connection and writes
//! each batch in one transaction, and hands the batch to a release thread that frees it.

pub mod bench;
pub mod busy;
pub mod convert;
mod damage;
pub mod index;
pub mod input;
pub mod invariants;
mod read;
pub mod sink;

use std::io;
use std::iter::{once, Once};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use std::vec;

use crossbeam_channel::{bounded, Receiver, Sender};
use kifu_facts::{RulesInForce, Ruleset};
use kifu_parser::raw::{AnyGame, AnyItem, XqGame};
use kifu_parser::{Format, Location, RawError, Span};
use kifu_store::positions::{IndexedBatch, PositionWriter};
use kifu_store::{NewSource, Record, Store, WriteStats};
use rayon::iter::Either;
use rayon::prelude::*;
use serde::Serialize;

use convert::{convert, MemberContext, Verdict};
pub use sink::{Sink, SourceStart};

/// Batches in flight between two stages: bounds memory whatever the input size.
const IN_FLIGHT: usize = 4;
/// Bytes read ahead of each member to detect its format; a member shorter than this is
/// parsed whole by the replay pool instead of streamed by the reader.
const HEAD: usize = kifu_parser::member::HEAD;

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Read every file as this format instead of detecting it.
    pub format: Option<Format>,
    /// Replay threads (0 = one per core).
    pub threads: usize,
    /// Draw a progress bar on stderr.
    pub progress: bool,
    /// Leave the new games out of the position index: it stays behind until the next
    /// command that needs it (or `kifu index`) catches it up, in segments of 65,536 games.
    pub no_index: bool,
    /// Replay every Renju-board record by these rules, whatever its rule tag or its file's
    /// name says (`--rule freestyle`).
    pub ruleset: Option<Ruleset>,
    /// The Xiangqi rules in force for every file of the input (`--xiangqi-rules`): under
    /// other rules than the world rules a repetition verdict does not decide the result.
    pub xiangqi_rules: Option<RulesInForce>,
}

/// How far an ingest takes the records ([`ingest`] goes all the way; [`bench::run`] stops
/// short for `kifu bench`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Read, parse, replay and write to the sink.
    Full,
    /// Read, parse and replay; nothing is written (no database is opened).
    Replay,
    /// Read and parse only.
    Parse,
}

/// What an ingest did. `valid + with_findings + quarantined` and the title cards among
/// `texts` = `records`.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Summary {
    /// Input files read.
    pub files: u64,
    /// Files skipped because the same bytes were ingested before.
    pub files_skipped: u64,
    /// Input bytes (on disk) of the files read.
    pub bytes: u64,
    /// Records read from the files (games and unreadable records).
    pub records: u64,
    /// Records that were read as games.
    pub games: u64,
    /// Games with no warning or error finding (info remarks allowed).
    pub valid: u64,
    /// Games with at least one warning or error finding.
    pub with_findings: u64,
    /// Records that could not be read, stored in quarantine with their error.
    pub quarantined: u64,
    /// A library's texts, kept as its text instead of games: its title cards (records,
    /// counted in `records`) and its remarks (its header, not a record).
    pub texts: u64,
    /// Games linked to an earlier copy (same moves up to a board symmetry).
    pub duplicates: u64,
    /// Rows added to the games table.
    pub inserted: u64,
    /// Records already in the database from an earlier, interrupted ingest of the file.
    pub already_present: u64,
    /// Problems with input paths themselves (unreadable, loops, a directory with no file).
    pub input_errors: Vec<String>,
    /// Files whose stream failed part way (cut short, damaged): each is also a quarantined
    /// record where reading stopped, and the records read whole before it are kept.
    pub damaged: Vec<String>,
    /// Files read that gave no game: every record quarantined, or none read (those skipped
    /// as ingested before included).
    pub files_without_games: Vec<String>,
    /// Files skipped as ingested before that gave no game then (joined to
    /// [`Summary::files_without_games`] at the end).
    #[serde(skip)]
    skipped_without_games: Vec<String>,
    /// The curation applied before, applied again to the new games: what did not fit
    /// now (the curation applied before stays as it was then). Empty without a curation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub curation_errors: Vec<String>,
    /// The position index after the ingest: `complete`, or `behind`/`missing` (the next
    /// command that needs it, or `kifu index`, catches it up); empty when nothing was
    /// written to a database.
    pub position_index: String,
    /// The position index file that could not be read and was set aside (a new index
    /// was made from the games), as said on standard error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_set_aside: Option<String>,
    /// Wall seconds, from opening the database to closing it (with `kifu ingest`, from the
    /// command's start): the command's time but for printing this.
    pub seconds: f64,
    pub games_per_second: f64,
    /// Where [`Summary::seconds`] went, step by step (the pipeline alone when nothing was
    /// written to a database).
    pub steps: Steps,
    /// CPU seconds per pipeline stage (see [`busy`]).
    pub stages: busy::StageTimes,
}

#[derive(Debug)]
pub enum Error {
    Store(kifu_store::Error),
    Io(io::Error),
    /// The sink (other than the database) failed.
    Sink(Box<dyn std::error::Error + Send + Sync>),
    /// The replay threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// A stage stopped early (its error is reported separately).
    Stopped(Stage),
    /// The writer could not register a source (the store's error went to the reader that
    /// asked).
    SourceNotRegistered,
}

/// A stage of the ingest, which runs in a thread of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Replay,
    DatabaseWriter,
    IndexWriter,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::Replay => "the replay stage",
            Stage::DatabaseWriter => "the database writer",
            Stage::IndexWriter => "the index writer",
        })
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Store(e) => e.fmt(f),
            Error::Io(e) => write!(f, "I/O error: {e}"),
            Error::Sink(e) => e.fmt(f),
            Error::Threads(e) => write!(f, "ingest stopped: {e}"),
            Error::Stopped(stage) => write!(f, "ingest stopped: {stage} stopped"),
            Error::SourceNotRegistered => {
                f.write_str("ingest stopped: could not register a source")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            Error::Store(e) => Some(e),
            Error::Sink(e) => Some(e.as_ref()),
            Error::Threads(e) => Some(e),
            Error::Stopped(_) | Error::SourceNotRegistered => None,
        }
    }
}

impl From<kifu_store::Error> for Error {
    fn from(e: kifu_store::Error) -> Error {
        Error::Store(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Io(e)
    }
}

/// Messages to the writer thread, in the order they must be applied.
enum ToWriter {
    Begin(NewSource, Sender<Result<SourceStart, Error>>),
    Batch(Vec<Record>),
    Finish {
        source_id: i64,
        format: String,
        encoding: String,
    },
}

/// What the replay stage receives: a record read by the reader thread, or a whole small
/// member (its bytes, format detected) for the replay pool to parse as well.
// Records are the common case and move once into a batch: boxing them would add an
// allocation per game to save a few hundred bytes per slot.
#[allow(clippy::large_enum_variant)]
enum Work {
    Record(Arc<MemberContext>, AnyItem),
    /// A Xiangqi PGN game split from a large file by the reader, parsed in the pool.
    XqChunk(Arc<MemberContext>, kifu_parser::xiangqi_pgn::PgnChunk),
    Member {
        ctx: Arc<MemberContext>,
        format: Format,
        encoding: &'static str,
        bytes: Vec<u8>,
    },
}

impl Work {
    /// The records of this piece of work, read (parsed) where it runs: one record without
    /// a vector for it (the common case), or a whole member's.
    fn records(
        self,
    ) -> (
        Arc<MemberContext>,
        Either<Once<AnyItem>, vec::IntoIter<AnyItem>>,
    ) {
        match self {
            Work::Record(ctx, item) => (ctx, Either::Left(once(item))),
            Work::XqChunk(ctx, chunk) => {
                (ctx, Either::Left(once(chunk.parse().map(AnyGame::Xiangqi))))
            }
            Work::Member {
                ctx,
                format,
                encoding,
                bytes,
            } => (
                ctx,
                Either::Right(kifu_parser::member::records(format, encoding, &bytes).into_iter()),
            ),
        }
    }
}

/// Messages to the replay stage.
enum ToReplay {
    /// Records with the member each came from: a batch spans the members of an archive,
    /// so a tar of 50,000 one-game files is written in a few transactions, not 50,000.
    Batch(Vec<Work>),
    Finish {
        source_id: i64,
        /// The file's place in the list of files read.
        file: usize,
        format: String,
        encoding: String,
    },
}

/// Per-record verdict counts gathered by the replay stage.
#[derive(Default)]
struct Tally {
    valid: AtomicU64,
    with_findings: AtomicU64,
    quarantined: AtomicU64,
    /// Library texts, and of those the title cards (records; the remarks are not).
    texts: AtomicU64,
    title_cards: AtomicU64,
}

/// Ingests files and directories into the database at `db`.
pub fn ingest(db: &Path, paths: &[PathBuf], options: &Options) -> Result<Summary, Error> {
    let started = Instant::now();
    let mut lap = Lap::new(started);
    let mut steps = Steps::default();
    let mut store = Store::open(db)?;
    steps.open = lap.next();
    let mut index_set_aside = None;
    let positions = if options.no_index {
        None
    } else {
        // Games an earlier run left out of the index (killed, or `--no-index`) first, so
        // the new games follow on from its mark.
        let caught_up = index::catch_up(db, options.threads)?;
        if caught_up.set_aside.is_some() {
            // Opened before its index file was made again: open it with the new one.
            store = Store::open(db)?;
        }
        let writer = store.position_writer()?;
        index_set_aside = caught_up.set_aside.or_else(|| writer.set_aside().cloned());
        Some(writer)
    };
    store.set_indexing(positions.is_some());
    steps.index_catch_up = lap.next();
    let mut summary = run(paths, options, Some(&mut store), positions, Mode::Full)?;
    steps.pipeline = lap.next();
    // Only new games can change what the curation matches.
    if summary.inserted > 0 {
        summary.curation_errors = reapply_curation(&mut store)?;
    }
    steps.curation = lap.next();
    summary.position_index = store.position_index_state()?.name().to_owned();
    summary.index_set_aside = index_set_aside.map(|s| s.to_string());
    // Closing checkpoints the WAL into the database file: part of the command's time.
    drop(store);
    steps.close = lap.next();
    summary.steps = steps;
    summary.set_seconds(started.elapsed().as_secs_f64());
    Ok(summary)
}

/// The wall seconds between successive calls.
struct Lap(Instant);

impl Lap {
    fn new(at: Instant) -> Lap {
        Lap(at)
    }

    fn next(&mut self) -> f64 {
        let now = Instant::now();
        let seconds = (now - self.0).as_secs_f64();
        self.0 = now;
        seconds
    }
}

/// The wall seconds of each step of [`ingest`], one after the other: together they are
/// the summary's seconds (the pipeline's stages, in [`busy::StageTimes`], run inside
/// `pipeline`).
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct Steps {
    /// Before the ingest: the command reading its arguments and checking its paths.
    pub start: f64,
    /// Opening the database (its schema brought up to date, the position index prepared).
    pub open: f64,
    /// Indexing the games an earlier ingest left out of the position index.
    pub index_catch_up: f64,
    /// Reading, replaying and writing the inputs.
    pub pipeline: f64,
    /// The stored curation applied again to take the new games.
    pub curation: f64,
    /// Closing the database (the WAL checkpointed into it).
    pub close: f64,
}

/// Applies the stored curation again, so its events, identities and corrections take the
/// games just added; what no longer fits, each as `PATH:LINE: …` (then nothing changes).
pub fn reapply_curation(store: &mut Store) -> Result<Vec<String>, Error> {
    let Some(stored) = store.stored_curation()? else {
        return Ok(Vec::new());
    };
    let (curation, mut errors) = kifu_parser::curation::read(&stored.text);
    if errors.is_empty() {
        errors = store
            .apply_curation(&curation, &stored.path, &stored.sha256, &stored.text, false)?
            .err()
            .unwrap_or_default();
    }
    Ok(errors
        .iter()
        .map(|e| format!("{}:{}", stored.path, e))
        .collect())
}

/// Ingests files and directories into `sink`: the same pipeline as [`ingest`], another
/// writer at its end.
pub fn ingest_into(
    sink: &mut dyn Sink,
    paths: &[PathBuf],
    options: &Options,
) -> Result<Summary, Error> {
    run(paths, options, Some(sink), None, Mode::Full)
}

/// The pipeline; `positions` (with a sink that keeps what the index needs of each batch)
/// adds the written games to the position index on a thread of its own.
fn run(
    paths: &[PathBuf],
    options: &Options,
    sink: Option<&mut dyn Sink>,
    positions: Option<PositionWriter>,
    mode: Mode,
) -> Result<Summary, Error> {
    let started = Instant::now();
    let (files, input_errors) = input::discover(paths);
    let mut summary = Summary {
        input_errors: input_errors.iter().map(|e| e.to_string()).collect(),
        ..Summary::default()
    };
    let total_bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let progress = progress_bar(options.progress, total_bytes);
    let bytes_read = Arc::new(AtomicU64::new(0));

    // Named threads, so a profile (`perf report --sort comm`) tells the stages apart.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .thread_name(|i| format!("kifu-replay-{i}"))
        .build()
        .map_err(Error::Threads)?;
    let tally = Tally::default();

    let (to_writer, writer_rx) = bounded::<ToWriter>(IN_FLIGHT);
    let (to_replay, replay_rx) = bounded::<ToReplay>(IN_FLIGHT);

    let (to_index, index_rx) = bounded::<Written>(IN_FLIGHT);

    let pool_before = busy::pool_cpu(&pool);
    let outcome = std::thread::scope(|scope| {
        // Adds the written batches to the position index (its own file, its own
        // connection) and frees them, off the games writer, the stage that caps a Renju
        // ingest: the index was a fifth of its work, freeing a batch ~15% (train-2).
        let indexer = std::thread::Builder::new()
            .name("kifu-index".into())
            .spawn_scoped(scope, move || {
                busy::timed(|| index_and_release(positions, index_rx))
            })
            // As `scope.spawn` does: a thread the system cannot start is not an input error.
            .expect("start the index thread");
        let writer = std::thread::Builder::new()
            .name("kifu-writer".into())
            .spawn_scoped(scope, move || {
                busy::timed(|| write_all(sink, writer_rx, to_index))
            })
            .expect("start the writer thread");
        let replay_to_writer = to_writer.clone();
        let tally_ref = &tally;
        let pool_ref = &pool;
        let replayer = std::thread::Builder::new()
            .name("kifu-dispatch".into())
            .spawn_scoped(scope, move || {
                busy::timed(|| replay_all(pool_ref, replay_rx, replay_to_writer, tally_ref, mode))
            })
            .expect("start the dispatch thread");

        let reader_before = busy::thread_cpu();
        let mut read_result = Ok(());
        for (i, file) in files.iter().enumerate() {
            if let Err(e) = read::read_file(
                file,
                i,
                options,
                &to_writer,
                &to_replay,
                &bytes_read,
                &mut summary,
            ) {
                match e {
                    // A stage downstream has stopped: its own error explains why.
                    Error::Threads(_) | Error::Stopped(_) | Error::SourceNotRegistered => {
                        read_result = Err(e);
                        break;
                    }
                    other => summary
                        .input_errors
                        .push(format!("{}: {other}", kifu_facts::shown_path(file))),
                }
            }
            if let Some(bar) = &progress {
                bar.set_position(bytes_read.load(Ordering::Relaxed));
            }
        }
        drop(to_replay);
        drop(to_writer);
        let reader = busy::thread_cpu() - reader_before;
        let (replayed, dispatch) = replayer.join().expect("replay thread panicked");
        let (written, writer) = writer.join().expect("writer thread panicked");
        let (indexed, index) = indexer.join().expect("index thread panicked");
        let (writer_end, writer_working) = written
            .as_ref()
            .map_or((0.0, 0.0), |w| (w.end_cpu, w.working));
        let written = indexed.and(written);
        let stages = busy::StageTimes {
            reader,
            dispatch,
            pool: 0.0,
            writer,
            writer_end,
            writer_working,
            index,
        };
        (read_result, replayed, written, stages)
    });
    let pool_busy = busy::pool_cpu(&pool) - pool_before;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let (read_result, replayed, written, mut stages) = outcome;
    stages.pool = pool_busy;
    summary.stages = stages;
    let WriterTotals { stats, .. } = written?;
    let without_games = replayed?;
    read_result?;
    summary.files_without_games = without_games
        .into_iter()
        .map(|(file, records)| {
            let path = kifu_facts::shown_path(&files[file]);
            match records {
                0 => format!("{path}: no record read"),
                1 => format!("{path}: its one record is quarantined"),
                n => format!("{path}: all its {n} records are quarantined"),
            }
        })
        .chain(std::mem::take(&mut summary.skipped_without_games))
        .collect();

    summary.valid = tally.valid.load(Ordering::Relaxed);
    summary.with_findings = tally.with_findings.load(Ordering::Relaxed);
    summary.quarantined = tally.quarantined.load(Ordering::Relaxed);
    summary.texts = tally.texts.load(Ordering::Relaxed);
    summary.records = summary.valid
        + summary.with_findings
        + summary.quarantined
        + tally.title_cards.load(Ordering::Relaxed);
    summary.games = summary.valid + summary.with_findings;
    summary.duplicates = stats.duplicates;
    summary.inserted = stats.games;
    summary.already_present = stats.already_present;
    summary.set_seconds(started.elapsed().as_secs_f64());
    summary.steps.pipeline = summary.seconds;
    Ok(summary)
}

impl Summary {
    /// Counts `seconds` spent before the ingest began (by the command that called it) in
    /// its time, as its first step.
    pub fn began_earlier(&mut self, seconds: f64) {
        self.steps.start = seconds;
        self.set_seconds(self.seconds + seconds);
    }

    /// The summary's wall time, and the rate it gives.
    fn set_seconds(&mut self, seconds: f64) {
        self.seconds = seconds;
        self.games_per_second = if seconds > 0.0 {
            self.games as f64 / seconds
        } else {
            0.0
        };
    }

    /// Whether every input was read whole and gave a game: no input error, no damaged
    /// file, no file without a game (a file skipped as ingested before counts by the games
    /// it gave then).
    pub fn all_read(&self) -> bool {
        self.input_errors.is_empty()
            && self.damaged.is_empty()
            && self.files_without_games.is_empty()
    }

    /// What the user is to look at, one line each: input errors, damaged files, files
    /// without a game, curation errors, a position index file set aside.
    pub fn problems(&self) -> impl Iterator<Item = String> + '_ {
        self.input_errors
            .iter()
            .map(|e| format!("input error: {e}"))
            .chain(self.damaged.iter().map(|e| format!("damaged: {e}")))
            .chain(
                self.files_without_games
                    .iter()
                    .map(|e| format!("no game read: {e}")),
            )
            .chain(
                self.curation_errors
                    .iter()
                    .map(|e| format!("curation: {e}")),
            )
            .chain(self.index_set_aside.clone())
    }
}

fn progress_bar(enabled: bool, total: u64) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !enabled || !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// A batch the writer committed, with what the position index needs of it.
type Written = (Vec<Record>, IndexedBatch);

/// The index thread: adds each written batch to the position index (when `positions`)
/// and frees it. An index that cannot be written stops the ingest with its error once the
/// games are written (the games are the truth; the index is caught up later).
fn index_and_release(
    mut positions: Option<PositionWriter>,
    rx: Receiver<Written>,
) -> Result<(), Error> {
    let mut result = Ok(());
    for (records, batch) in rx {
        if let (Some(writer), Ok(())) = (positions.as_mut(), &result) {
            result = writer.add_batch(&records, &batch).map_err(Error::from);
        }
        drop(records);
    }
    match positions {
        Some(writer) if result.is_ok() => Ok(writer.finish()?),
        _ => result,
    }
}

/// What the writer thread did: the counts, and how long it worked.
struct WriterTotals {
    stats: WriteStats,
    /// CPU seconds of the sink's end (the index builds after a bulk load).
    end_cpu: f64,
    /// Wall seconds at work (not waiting for the next message): CPU and the disk.
    working: f64,
}

/// The writer thread: applies the messages in order, and hands each written batch to
/// the index thread (which frees it).
fn write_all(
    sink: Option<&mut dyn Sink>,
    rx: Receiver<ToWriter>,
    index: Sender<Written>,
) -> Result<WriterTotals, Error> {
    let mut written = WriterTotals {
        stats: WriteStats::default(),
        end_cpu: 0.0,
        working: 0.0,
    };
    let Some(store) = sink else {
        // No database: every file is new, records are dropped.
        for msg in rx {
            if let ToWriter::Begin(_, reply) = msg {
                let _ = reply.send(Ok(SourceStart::Read(0)));
            }
        }
        return Ok(written);
    };
    let started = Instant::now();
    store.start()?;
    written.working += started.elapsed().as_secs_f64();
    for msg in rx {
        let started = Instant::now();
        match msg {
            ToWriter::Begin(source, reply) => {
                let answer = store.begin_source(&source);
                let failed = answer.is_err();
                let _ = reply.send(answer);
                if failed {
                    return Err(Error::SourceNotRegistered);
                }
            }
            ToWriter::Batch(records) => {
                written.stats.add(store.write_batch(&records)?);
                // A stopped index thread only means this one frees the batch (its error
                // is reported at the end).
                let _ = index.send((records, store.take_indexed()));
            }
            ToWriter::Finish {
                source_id,
                format,
                encoding,
            } => store.finish_source(source_id, &format, &encoding)?,
        }
        written.working += started.elapsed().as_secs_f64();
    }
    let started = Instant::now();
    let (ended, end_cpu) = busy::timed(|| store.end());
    written.working += started.elapsed().as_secs_f64();
    ended?;
    written.end_cpu = end_cpu;
    Ok(written)
}

/// The replay stage: replays each batch on the pool and sends it to the writer. Returns
/// the files that gave no game (by their place in the list read, with their records, all
/// quarantined): a file's batches come before its `Finish`, and no batch spans two files.
fn replay_all(
    pool: &rayon::ThreadPool,
    rx: Receiver<ToReplay>,
    tx: Sender<ToWriter>,
    tally: &Tally,
    mode: Mode,
) -> Result<Vec<(usize, u64)>, Error> {
    let stopped = || Error::Stopped(Stage::DatabaseWriter);
    let mut without_games = Vec::new();
    // The records and games of the file being read.
    let (mut records, mut games) = (0u64, 0u64);
    for msg in rx {
        match msg {
            ToReplay::Batch(work) if mode == Mode::Parse => {
                let parsed: Vec<AnyItem> = pool.install(|| {
                    work.into_par_iter()
                        .flat_map_iter(|w| w.records().1)
                        .collect()
                });
                for item in &parsed {
                    let counter = match item {
                        Ok(AnyGame::Xiangqi(XqGame {
                            no_game: Some(text),
                            ..
                        })) => {
                            if text.place > 0 {
                                records += 1;
                                tally.title_cards.fetch_add(1, Ordering::Relaxed);
                            }
                            &tally.texts
                        }
                        Ok(_) => {
                            records += 1;
                            games += 1;
                            &tally.valid
                        }
                        Err(_) => {
                            records += 1;
                            &tally.quarantined
                        }
                    };
                    counter.fetch_add(1, Ordering::Relaxed);
                }
            }
            ToReplay::Batch(work) => {
                // Order is kept: records are written in the order they were read.
                let converted: Vec<(Record, Verdict)> = pool.install(|| {
                    // Pieces of at least 32 records: finer splitting cost more in
                    // wake-ups than it gained in balance (measured: 32 < 64 < 256 < 1).
                    work.into_par_iter()
                        .with_min_len(32)
                        .flat_map_iter(|w| {
                            let (ctx, items) = w.records();
                            items.map(move |item| convert(&ctx, item))
                        })
                        .collect()
                });
                let mut batch = Vec::with_capacity(converted.len());
                for (record, verdict) in converted {
                    let counter = match verdict {
                        Verdict::Valid => &tally.valid,
                        Verdict::WithFindings => &tally.with_findings,
                        Verdict::Quarantined => &tally.quarantined,
                        Verdict::Text => &tally.texts,
                    };
                    match &record {
                        // A library's remarks are its header's text, not one of its records.
                        Record::Text(text) if text.place == 0 => {}
                        Record::Text(_) => {
                            tally.title_cards.fetch_add(1, Ordering::Relaxed);
                            records += 1;
                        }
                        Record::Game(_) => {
                            games += 1;
                            records += 1;
                        }
                        Record::Quarantined(_) => records += 1,
                    }
                    counter.fetch_add(1, Ordering::Relaxed);
                    batch.push(record);
                }
                tx.send(ToWriter::Batch(batch)).map_err(|_| stopped())?;
            }
            ToReplay::Finish {
                source_id,
                file,
                format,
                encoding,
            } => {
                if games == 0 {
                    without_games.push((file, records));
                }
                (records, games) = (0, 0);
                tx.send(ToWriter::Finish {
                    source_id,
                    format,
                    encoding,
                })
                .map_err(|_| stopped())?
            }
        }
    }
    Ok(without_games)
}

/// Reads one member's bytes in memory exactly as `ingest` reads a file (format detected
/// from the content and `name` unless given, encoding detected) and replays every record:
/// no database. For fuzzing and for checking a record without storing it.
pub fn check_bytes(
    bytes: &[u8],
    name: Option<&str>,
    format: Option<Format>,
) -> Vec<(kifu_store::Record, convert::Verdict)> {
    let head = &bytes[..bytes.len().min(HEAD)];
    let ctx = MemberContext {
        source_id: 0,
        member: String::new(),
        index: true,
        ruleset: None,
        named_ruleset: name.and_then(Ruleset::from_file_name),
    };
    let items = match kifu_parser::member::identify(head, name, format) {
        (Some(format), encoding) => kifu_parser::member::records(format, encoding, bytes),
        (None, _) => vec![Err(RawError {
            format: None,
            at: Location::new(0, 1, 1),
            start: Location::new(0, 1, 1),
            span: Span::new(0, bytes.len() as u64),
            message: "unrecognised record format".into(),
            raw: kifu_parser::member::unrecognised_text(bytes),
        })],
    };
    items.into_iter().map(|item| convert(&ctx, item)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generated game (`kifu generate --game territorial --seed 1`, game 309) whose two
    /// closing passes are left out: after 16. N@b3 White's hand is empty and Black's two
    /// pawns have no square left. The record has ended all the same: stored with the
    /// board's result, the termination the board decides on, and an info note.
    #[test]
    fn a_territorial_record_without_its_closing_passes_is_scored() {
        let text = "[Game \"Chess Territorial\"]\n[White \"A\"]\n[Black \"B\"]\n\
            [Result \"1-0\"]\n[WhiteScore \"34\"]\n[BlackScore \"21\"]\n\n\
            1. K@g8 K@h8 2. Q@g5 Q@h3 3. P@d2 P@f3 4. P@g3 B@g4 5. P@f4 P@f5 6. R@f8 P@g2\n\
            7. B@h2 B@f6 8. B@b4 R@h7 9. N@e7 R@f7 10. R@e5 N@e8 11. P@g7 N@g6 12. P@h6\n\
            P@h5 13. P@h4 P@c7 14. P@a5 P@d6 15. P@e1 -- 16. N@b3 1-0\n";
        let out = check_bytes(text.as_bytes(), None, Some(Format::TerritorialPgn));
        assert_eq!(out.len(), 1);
        let (Record::Game(g), verdict) = &out[0] else {
            panic!("quarantined: {out:?}");
        };
        assert_eq!(g.termination.name(), "no-placement");
        assert!(g.termination.board_decides());
        assert_eq!(g.derived_result, Some(kifu_facts::ResultName::White));
        assert_eq!(g.recorded_result, Some(kifu_facts::ResultName::White));
        assert_eq!(g.plies, 31);
        let codes: Vec<_> = g
            .findings
            .iter()
            .map(|f| (f.code.as_str(), f.severity))
            .collect();
        assert_eq!(
            codes,
            [("closing-passes-missing", kifu_facts::Severity::Info)]
        );
        assert!(matches!(verdict, convert::Verdict::Valid));
    }

    /// A results CSV's rows are games of their own kinds, without moves: no engine finding
    /// (the board they would judge was never recorded), no derived result, no position;
    /// only the parser's notes (a forfeit). The same games in their own notations, without
    /// moves, still get the engines' findings.
    #[test]
    fn results_without_moves_of_each_game_have_no_board_to_judge() {
        use kifu_facts::GameKind;
        let text = "game,player1,player2,player3,result,forfeit,ECCO\n\
            renju,A,B,,1-0,,\n\
            xiangqi,A,B,,0-1,,C20\n\
            territorial,A,B,,1/2-1/2,yes,\n\
            chouchou,A,B,C,P3,,\n\
            go,A,B,,1-0,,\n";
        let out = check_bytes(text.as_bytes(), Some("results.csv"), None);
        let games: Vec<_> = out
            .iter()
            .filter_map(|(r, v)| match r {
                Record::Game(g) => Some((g, v)),
                Record::Quarantined(_) | Record::Text(_) => None,
            })
            .collect();
        assert_eq!(out.len(), 5);
        let kinds: Vec<GameKind> = games.iter().map(|(g, _)| g.kind).collect();
        assert_eq!(
            kinds,
            [
                GameKind::Renju,
                GameKind::Xiangqi,
                GameKind::Territorial,
                GameKind::ChouChou
            ]
        );
        for (g, verdict) in &games {
            assert_eq!(g.format, "results-csv");
            assert_eq!((g.plies, g.derived_result), (0, None), "{g:?}");
            assert!(g.moves.is_empty() && g.trail.is_empty() && g.opening.is_none());
            let codes: Vec<&str> = g.findings.iter().map(|f| f.code.as_str()).collect();
            let expected: &[&str] = if g.kind == GameKind::Territorial {
                &["forfeit-result"]
            } else {
                &[]
            };
            assert_eq!(codes, expected, "{g:?}");
            assert!(matches!(verdict, convert::Verdict::Valid));
        }
        let recorded: Vec<Option<&str>> = games
            .iter()
            .map(|(g, _)| g.recorded_result.map(kifu_facts::ResultName::name))
            .collect();
        assert_eq!(
            recorded,
            [Some("black"), Some("black"), Some("draw"), Some("P3")]
        );
        assert_eq!(
            games[3].0.players_by_side().collect::<Vec<_>>(),
            [("P1", "A"), ("P2", "B"), ("P3", "C")]
        );
        assert!(matches!(
            &out[4],
            (Record::Quarantined(_), convert::Verdict::Quarantined)
        ));

        // In their own notations, the engines judge what the records say.
        let ccn = "[Game \"ChouChou\"]\n[P1 \"A\"]\n[P2 \"B\"]\n[Result \"P2\"]\n";
        let out = check_bytes(ccn.as_bytes(), None, Some(Format::ChouChouCcn));
        let (Record::Game(g), _) = &out[0] else {
            panic!("{out:?}")
        };
        assert!(
            g.findings.iter().any(|f| f.code == "capture-mismatch"),
            "{g:?}"
        );
    }
}
