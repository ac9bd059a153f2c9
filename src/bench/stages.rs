//! `kifu bench --only stages`: how busy each pipeline stage is per game (the reader, the
//! dispatch thread, the replay pool, the writer, the index thread, which also frees the
//! batches), on 1 and 2 replay threads, a model of the pipeline from those costs that
//! predicts the wall time on more cores, and what the position index costs (the same
//! ingest with `--no-index`).
//!
//! The model: a game passes through four serial stages (reader, dispatch, writer, index),
//! each a thread of its own, and one parallel stage (the pool of T threads). In a pipeline the
//! slowest stage sets the pace, and all of them share C cores, so per game
//!
//! ```text
//! wall = max(reader, dispatch, writer, index, pool / T,
//!            (reader + dispatch + pool + writer + index) / C)
//! ```
//!
//! where the writer's term is its time at work (its CPU and its waits on the disk, which
//! no other stage can take over) and the shared-cores term counts CPU only.
//!
//! plus the serial rest: the process's work outside the stages (opening the database) and
//! the writer's after the last game (building the secondary indexes of a bulk load). The costs are the CPU seconds per game measured on one pool
//! thread, where the pool spins least; the model is checked against the measured wall on
//! 1 and 2 threads before it is used for 8 and 16 cores (T = C). It leaves out what one
//! machine cannot show: memory bandwidth and cache sharing as cores are added.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Result;
use kifu_ingest::busy::StageTimes;

use super::{measure, Input, Run, Stage};

/// Per-game CPU costs of the stages and the process's serial rest, in seconds.
#[derive(Clone, Copy, Debug)]
struct Costs {
    reader: f64,
    dispatch: f64,
    pool: f64,
    writer: f64,
    /// The thread after the writer: the position index and freeing the batches.
    index: f64,
    /// The writer's CPU per game (its pace, [`Costs::writer`], adds the disk waits).
    writer_cpu: f64,
    /// Work of the process outside the five stages, and the writer's work after the last
    /// game (index builds), per game: serial, overlapped by nothing.
    rest: f64,
}

impl Costs {
    fn of(run: &Run) -> Costs {
        let g = run.games.max(1) as f64;
        let s: StageTimes = run.stages;
        Costs {
            reader: s.reader / g,
            dispatch: s.dispatch / g,
            pool: s.pool / g,
            // The writer's pace is its time at work (CPU and disk waits), not its CPU.
            writer: (s.writer_working.max(s.writer) - s.writer_end) / g,
            writer_cpu: (s.writer - s.writer_end) / g,
            index: s.index / g,
            rest: ((run.cpu - s.total()).max(0.0) + s.writer_end) / g,
        }
    }

    /// The model's wall seconds for `games` on `cores` cores with `threads` pool threads.
    fn wall(&self, games: u64, cores: f64, threads: f64) -> f64 {
        let total = self.reader + self.dispatch + self.pool + self.writer_cpu + self.index;
        let paced = self
            .reader
            .max(self.dispatch)
            .max(self.writer)
            .max(self.index)
            .max(self.pool / threads)
            .max(total / cores);
        games as f64 * (paced + self.rest)
    }

    /// The busiest serial stage: its name and cost per game.
    fn serial_cap(&self) -> (&'static str, f64) {
        [
            ("reader", self.reader),
            ("dispatch", self.dispatch),
            ("writer", self.writer),
            ("index", self.index),
        ]
        .into_iter()
        .fold(("reader", 0.0), |a, b| if b.1 > a.1 { b } else { a })
    }
}

fn us(seconds_per_game: f64) -> String {
    format!("{:.1}", seconds_per_game * 1e6)
}

/// The tables: busy time per stage on 1 and 2 threads, then the model against the
/// measurements and its prediction for 8 and 16 cores.
pub(super) fn run(inputs: &[Input], db: &Path) -> Result<String> {
    let cores = super::cores() as f64;
    let mut busy = String::new();
    writeln!(
        busy,
        "| input | threads | games | wall s | CPU s | cores busy | reader µs/game | dispatch µs/game | pool µs/game | writer µs/game | writer at work µs/game | index µs/game | rest µs/game | writer at work ÷ wall |"
    )?;
    writeln!(
        busy,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    )?;
    let mut model = String::new();
    writeln!(
        model,
        "| input | serial cap | 1 thread: measured s / model s | 2 threads: measured s / model s | model 8 cores games/s | model 16 cores games/s | ceiling games/s (serial cap) |"
    )?;
    writeln!(model, "|---|---|---:|---:|---:|---:|---:|")?;
    let mut index = String::new();
    writeln!(
        index,
        "| input | ingest s | `--no-index` s | index cost (wall) | CPU s with / without | writer µs/game with / without |"
    )?;
    writeln!(index, "|---|---:|---:|---:|---:|---:|")?;
    for input in inputs {
        eprintln!("kifu bench: stages of {}", input.name);
        let runs: Vec<Run> = [1, 2]
            .iter()
            .map(|&t| measure(Stage::Ingest, t, db, &input.paths))
            .collect::<Result<_>>()?;
        for (threads, run) in [1, 2].iter().zip(&runs) {
            let c = Costs::of(run);
            writeln!(
                busy,
                "| {} | {threads} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {} | {} | {} | {} | {} | {:.2} |",
                input.name,
                run.games,
                run.seconds,
                run.cpu,
                run.cpu / run.seconds.max(1e-9),
                us(c.reader),
                us(c.dispatch),
                us(c.pool),
                us(c.writer_cpu),
                us(c.writer),
                us(c.index),
                us(c.rest),
                run.stages.writer_working / run.seconds.max(1e-9)
            )?;
        }
        // Best of INDEX_RUNS each way: a single run on a shared machine is off by tens of
        // percent, more than the cost it is meant to show.
        let with = fastest(Some(runs[1].clone()), Stage::Ingest, db, &input.paths)?;
        let bare = fastest(None, Stage::IngestNoIndex, db, &input.paths)?;
        let with = &with;
        writeln!(
            index,
            "| {} | {:.2} | {:.2} | {:+.0}% | {:.2} / {:.2} | {} / {} |",
            input.name,
            with.seconds,
            bare.seconds,
            100.0 * (with.seconds / bare.seconds.max(1e-9) - 1.0),
            with.cpu,
            bare.cpu,
            us(Costs::of(with).writer),
            us(Costs::of(&bare).writer)
        )?;
        let costs = Costs::of(&runs[0]);
        let (cap_name, cap) = costs.serial_cap();
        let games = runs[0].games;
        let rate = |c: f64| games as f64 / costs.wall(games, c, c);
        writeln!(
            model,
            "| {} | {cap_name} {} µs | {:.2} / {:.2} | {:.2} / {:.2} | {:.0} | {:.0} | {:.0} |",
            input.name,
            us(cap),
            runs[0].seconds,
            costs.wall(games, cores, 1.0),
            runs[1].seconds,
            costs.wall(games, cores, 2.0),
            rate(8.0),
            rate(16.0),
            1.0 / (cap + costs.rest).max(1e-12)
        )?;
    }
    let mut out = String::new();
    out.push_str(&busy);
    out.push('\n');
    out.push_str(&model);
    out.push_str(
        "\nThe position index's cost: the same ingest on 2 threads with and without it \
         (`--no-index`; the budget is 25%), the fastest of 3 runs each.\n\n",
    );
    out.push_str(&index);
    Ok(out)
}

/// Runs of each setting behind the index's cost.
const INDEX_RUNS: usize = 3;

/// The fastest of [`INDEX_RUNS`] ingests on 2 threads, `first` (one already made) among them.
fn fastest(first: Option<Run>, stage: Stage, db: &Path, paths: &[PathBuf]) -> Result<Run> {
    let made = usize::from(first.is_some());
    let mut best = first;
    for _ in made..INDEX_RUNS {
        let run = measure(stage, 2, db, paths)?;
        if best.as_ref().is_none_or(|b| run.seconds < b.seconds) {
            best = Some(run);
        }
    }
    best.ok_or_else(|| anyhow::anyhow!("no run made"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn costs(reader: f64, pool: f64, writer: f64) -> Costs {
        Costs {
            reader,
            dispatch: 0.0,
            pool,
            writer,
            writer_cpu: writer,
            index: 0.0,
            rest: 0.0,
        }
    }

    #[test]
    fn the_slowest_stage_or_the_shared_cores_set_the_pace() {
        // The pool is the limit on one thread; the cores on two; the writer on many.
        let c = costs(1.0, 8.0, 2.0);
        assert_eq!(c.wall(1, 2.0, 1.0), 8.0);
        assert_eq!(c.wall(1, 2.0, 2.0), 5.5);
        assert_eq!(c.wall(1, 16.0, 16.0), 2.0);
        assert_eq!(c.serial_cap(), ("writer", 2.0));
    }
}
