//! `kifu`: a record database and analytics pipeline for board-game records.

mod bench;
mod choice;
mod cli;
mod failure;
mod generate;
mod stdout;

use std::process::ExitCode;

// The ingest allocates and frees per record on several threads at once (the pool makes
// the records, the release thread frees them); glibc's allocator spent ~10% of the CPU
// on it (CCPD, train-2: `perf`), mimalloc's per-thread heaps far less (bench/RESULTS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
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
