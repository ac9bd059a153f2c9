//! How busy each stage of the pipeline was: the CPU time of the reader thread, of the
//! thread that hands batches to the replay pool, of the pool's threads together, of the
//! writer thread and of the thread that frees what it wrote. `kifu bench` divides them by
//! the games to find the serial stage that caps an ingest, and models how it would scale on
//! more cores.
//!
//! CPU time, not wall time: a thread blocked on a full channel costs nothing, so a busy
//! time near the wall time means the stage itself is the limit. The pool's time includes
//! rayon's short spinning before an idle thread sleeps.

use serde::{Deserialize, Serialize};

/// CPU seconds per pipeline stage of one ingest.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct StageTimes {
    /// Finding, reading, decompressing and splitting the files; parsing what is not
    /// left to the pool.
    pub reader: f64,
    /// Handing batches to the pool and their results on to the writer.
    pub dispatch: f64,
    /// The replay pool's threads together: parsing work items, replaying, annotating.
    pub pool: f64,
    /// The single writer (SQLite, or the Parquet sink), [`StageTimes::writer_end`]
    /// included.
    pub writer: f64,
    /// The writer's work after the last game (the secondary indexes built after a bulk
    /// load): serial, with nothing left to overlap it.
    pub writer_end: f64,
    /// The writer's wall seconds at work, not waiting for the next batch: its CPU time
    /// plus what it waited on the disk. Near the ingest's wall time, the writer is the cap.
    pub writer_working: f64,
    /// The thread after the writer: adding the written batches to the position index (its
    /// own file) and freeing them, so the writer does neither.
    #[serde(default)]
    pub index: f64,
}

impl StageTimes {
    /// All stages' CPU seconds.
    pub fn total(&self) -> f64 {
        self.reader + self.dispatch + self.pool + self.writer + self.index
    }
}

/// This thread's CPU time so far, in seconds.
pub fn thread_cpu() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into `ts`, which lives for the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0.0;
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 / 1e9
}

/// The CPU seconds the pool's threads have used so far, together.
pub fn pool_cpu(pool: &rayon::ThreadPool) -> f64 {
    pool.broadcast(|_| thread_cpu()).into_iter().sum()
}

/// Measures one thread's part: the CPU seconds `work` took on this thread.
pub fn timed<T>(work: impl FnOnce() -> T) -> (T, f64) {
    let start = thread_cpu();
    let out = work();
    (out, thread_cpu() - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_thread_counts_its_work_and_a_sleeping_one_does_not() {
        let (_, busy) = timed(|| {
            let mut x = 0u64;
            for i in 0..20_000_000u64 {
                x = x.wrapping_add(std::hint::black_box(i));
            }
            x
        });
        let (_, idle) = timed(|| std::thread::sleep(std::time::Duration::from_millis(100)));
        assert!(busy > 0.0, "work counted as no time");
        assert!(idle < 0.01, "100 ms of sleep counted as {idle} s of CPU");
    }
}
