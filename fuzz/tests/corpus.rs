//! CI's replay of every fuzz target's inputs, without fuzzing: each target's seeds from the
//! real files, the corpus kept from fuzz runs (`fuzz/corpus/TARGET/`) and the inputs of
//! crashes found and fixed (`testdata/fuzz/TARGET/`), each under its memory budget (the
//! allocator of this test binary is the fuzz binaries' own). Every property a target
//! checks must hold; a panic is caught and reported with the input's path.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use kifu_fuzz::budget::Budgeted;
use kifu_fuzz::{seeds, Target};

#[global_allocator]
static ALLOCATOR: Budgeted = Budgeted;

/// The saved corpus's bound, all targets together.
const CORPUS_BOUND: u64 = 20 << 20;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The files (or, with `folders`, the folders) in `dir`, in name order (none when it does
/// not exist).
fn entries(dir: &Path, folders: bool) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| if folders { p.is_dir() } else { p.is_file() })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn every_target_holds_on_its_seeds_corpus_and_regressions() {
    // The shared data is required in CI; without it the samples still seed the targets.
    let shared = kifu_testdata::shared("data");
    let real = seeds::all();
    let mut failures = Vec::new();
    let mut summary = Vec::new();
    for target in Target::all() {
        let mut inputs: Vec<(String, Vec<u8>)> = seeds::for_target(target, &real)
            .into_iter()
            .enumerate()
            .map(|(i, bytes)| (format!("seed {i}"), bytes))
            .collect();
        if shared.is_some() {
            assert!(
                !inputs.is_empty(),
                "no real file seeds the target {}",
                target.name()
            );
        }
        for dir in [
            workspace().join("fuzz/corpus").join(target.name()),
            workspace().join("testdata/fuzz").join(target.name()),
        ] {
            for path in entries(&dir, false) {
                let bytes = std::fs::read(&path).expect("read a corpus file");
                inputs.push((path.display().to_string(), bytes));
            }
        }
        let started = Instant::now();
        let (mut records, mut round_trips) = (0, 0);
        for (what, bytes) in &inputs {
            match panic::catch_unwind(AssertUnwindSafe(|| target.run(bytes))) {
                Ok(Ok(report)) => {
                    records += report.records;
                    round_trips += report.round_trips;
                }
                Ok(Err(failure)) => failures.push(format!("{} {what}: {failure}", target.name())),
                Err(_) => failures.push(format!("{} {what}: panicked (above)", target.name())),
            }
        }
        summary.push(format!(
            "{}: {} inputs, {records} records, {round_trips} round trips, {:.1?}",
            target.name(),
            inputs.len(),
            started.elapsed()
        ));
    }
    eprintln!("{}", summary.join("\n"));
    assert!(
        failures.is_empty(),
        "{} inputs break a target's properties:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_saved_corpus_stays_under_its_bound() {
    let root = workspace().join("fuzz/corpus");
    let mut total = 0;
    for dir in entries(&root, true) {
        for f in entries(&dir, false) {
            total += std::fs::metadata(&f).map(|m| m.len()).unwrap_or(0);
        }
    }
    assert!(
        total < CORPUS_BOUND,
        "fuzz/corpus holds {total} bytes, more than {CORPUS_BOUND}: minimize it (fuzz/keep.sh)"
    );
    for dir in entries(&root, true) {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            Target::from_name(&name).is_some(),
            "fuzz/corpus/{name} names no target"
        );
    }
}
