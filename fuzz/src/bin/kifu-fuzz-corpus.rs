//! The fuzz targets' inputs without AFL++:
//!
//! ```sh
//! kifu-fuzz-corpus targets               # the targets' names
//! kifu-fuzz-corpus seeds TARGET DIR      # writes the target's seeds from the real files into DIR
//! kifu-fuzz-corpus run TARGET FILE...    # runs files through the target (a crash, to see it again)
//! kifu-fuzz-corpus time TARGET FILE...   # runs files through the target: runs a second, the slowest
//! ```

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use kifu_fuzz::budget::Budgeted;
use kifu_fuzz::{seeds, Target};

#[global_allocator]
static ALLOCATOR: Budgeted = Budgeted;

const USAGE: &str =
    "usage: kifu-fuzz-corpus targets | seeds TARGET DIR | run TARGET FILE... | time TARGET FILE...";

/// How many of the slowest inputs `time` names.
const SLOWEST: usize = 10;

fn target(name: Option<&String>) -> Result<Target, String> {
    let name = name.ok_or(USAGE)?;
    Target::from_name(name).ok_or_else(|| {
        format!("no target is named {name:?} (`kifu-fuzz-corpus targets` lists them)")
    })
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("targets") => {
            for t in Target::all() {
                println!("{}", t.name());
            }
            Ok(())
        }
        Some("seeds") => {
            let target = target(args.get(1))?;
            let dir = Path::new(args.get(2).ok_or(USAGE)?);
            std::fs::create_dir_all(dir).map_err(|e| format!("create {}: {e}", dir.display()))?;
            let inputs = seeds::for_target(target, &seeds::all());
            if inputs.is_empty() {
                return Err(format!("no real file seeds {}", target.name()));
            }
            for (i, input) in inputs.iter().enumerate() {
                let path = dir.join(format!("seed-{i:03}"));
                std::fs::write(&path, input)
                    .map_err(|e| format!("write {}: {e}", path.display()))?;
            }
            eprintln!(
                "{} seeds of {} written to {}",
                inputs.len(),
                target.name(),
                dir.display()
            );
            Ok(())
        }
        Some("run") => {
            let target = target(args.get(1))?;
            let files = &args[2.min(args.len())..];
            if files.is_empty() {
                return Err(USAGE.into());
            }
            let mut failed = 0;
            for file in files {
                let data = std::fs::read(file).map_err(|e| format!("read {file}: {e}"))?;
                match target.run(&data) {
                    Ok(report) => println!("{file}: {report:?}"),
                    Err(failure) => {
                        failed += 1;
                        println!("{file}: FAILED: {failure}");
                    }
                }
            }
            if failed > 0 {
                return Err(format!("{failed} of {} inputs failed", files.len()));
            }
            Ok(())
        }
        Some("time") => {
            let target = target(args.get(1))?;
            let files = &args[2.min(args.len())..];
            if files.is_empty() {
                return Err(USAGE.into());
            }
            let inputs = files
                .iter()
                .map(|file| {
                    std::fs::read(file)
                        .map(|data| (file.as_str(), data))
                        .map_err(|e| format!("read {file}: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            time(target, &inputs);
            Ok(())
        }
        _ => Err(USAGE.into()),
    }
}

/// Runs each input once through the target (a broken property counts like any run) and
/// prints the runs a second over all, the median run and the slowest inputs: where a
/// target's executions go, without AFL++.
fn time(target: Target, inputs: &[(&str, Vec<u8>)]) {
    let mut runs = Vec::with_capacity(inputs.len());
    let mut total = Duration::ZERO;
    for (file, data) in inputs {
        let start = Instant::now();
        let _ = target.run(data);
        let took = start.elapsed();
        total += took;
        runs.push((took, data.len(), file));
    }
    runs.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (took, len, file) in runs.iter().rev().take(SLOWEST) {
        println!("{:>10.3} ms {len:>9} bytes  {file}", ms(*took));
    }
    println!(
        "{}: {} runs in {:.3} s, {:.1} a second; median {:.3} ms",
        target.name(),
        runs.len(),
        total.as_secs_f64(),
        runs.len() as f64 / total.as_secs_f64(),
        ms(runs[runs.len() / 2].0)
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kifu-fuzz-corpus: {e}");
            ExitCode::FAILURE
        }
    }
}
