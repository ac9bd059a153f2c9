//! `kifu`: a record database and analytics pipeline for board-game records.

mod bench;
mod choice;
mod cli;
mod failure;
mod generate;
mod stdout;

use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

// The ingest allocates and frees per record on several threads at once (the pool makes
// the records, the release thread frees them); glibc's allocator spent ~10% of the CPU
// on it (CCPD, train-2: `perf`), mimalloc's per-thread heaps far less (bench/RESULTS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// When `main` began: a command's summary counts its time from here.
static STARTED: OnceLock<Instant> = OnceLock::new();

/// The wall seconds since `main` began.
pub fn seconds_since_start() -> f64 {
    STARTED.get_or_init(Instant::now).elapsed().as_secs_f64()
}

fn main() -> ExitCode {
    STARTED.get_or_init(Instant::now);
    match cli::run() {
        Ok(code) => code,
        // The reader went away (`kifu games | head`): what it read was written; no error.
        Err(e) if failure::broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kifu: {}", failure::message(&e));
            ExitCode::from(2)
        }
    }
}
