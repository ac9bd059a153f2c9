//! The engine's CPU per game on CCPD's distinct files (every folder, read by the real
//! parser): the replay, and the ECCO classification of the games from the standard start,
//! each the fastest of five passes in CPU time. A measurement, not a check: run it by name,
//! `cargo test -p kifu-rules --test xiangqi replay_cost -- --ignored --nocapture`.

use crate::shared_file;
use kifu_parser::member;
use kifu_parser::raw::{AnyGame, XqGame};
use kifu_rules::xiangqi::{ecco, replay, START_FEN};
use std::collections::HashSet;
use std::io::Read;
use std::time::{Duration, Instant};

/// CCPD's distinct `.pgn` files, parsed.
fn ccpd_games() -> Option<Vec<XqGame>> {
    let path = shared_file("data/xiangqi/ccpd/ccpd_dataset_big5.tar.xz")?;
    let f = std::fs::File::open(path).unwrap();
    let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(f));
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let name = entry.path().unwrap().to_string_lossy().into_owned();
        if !name.to_ascii_lowercase().ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        if !seen.insert(bytes.clone()) {
            continue;
        }
        let head = &bytes[..bytes.len().min(member::HEAD)];
        let (Some(format), encoding) = member::identify(head, Some(&name), None) else {
            continue;
        };
        for item in member::records(format, encoding, &bytes) {
            if let Ok(AnyGame::Xiangqi(g)) = item {
                games.push(g);
            }
        }
    }
    Some(games)
}

/// The CPU time this thread has used (Linux's scheduler statistics, in nanoseconds);
/// `None` elsewhere. CPU time, not wall time: the machine is shared, and a pass that
/// waits for a core is not slower.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The fastest of five runs of `pass`, in CPU time where the system tells it, else in
/// wall time.
fn fastest(mut pass: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let (cpu, wall) = (thread_cpu(), Instant::now());
            pass();
            match (cpu, thread_cpu()) {
                (Some(a), Some(b)) => b - a,
                _ => wall.elapsed(),
            }
        })
        .min()
        .unwrap()
}

#[test]
#[ignore]
fn replay_cost() {
    let Some(games) = ccpd_games() else { return };
    let n = games.len() as f64;
    let mut plies = 0;
    let replay_time = fastest(|| {
        plies = games.iter().map(|g| replay(g).moves.len()).sum::<usize>();
    });
    let lines: Vec<_> = games
        .iter()
        .map(replay)
        .filter(|r| r.start_fen == START_FEN)
        .map(|r| r.moves)
        .collect();
    let mut coded = 0;
    let ecco_time = fastest(|| {
        coded = lines.iter().filter(|m| ecco::classify(m).is_some()).count();
    });
    eprintln!(
        "replay: {} games, {plies} plies, {:.1} µs/game; ECCO: {} games from the start, {coded} coded, {:.1} µs/game",
        games.len(),
        replay_time.as_secs_f64() * 1e6 / n,
        lines.len(),
        ecco_time.as_secs_f64() * 1e6 / lines.len().max(1) as f64
    );
    assert!(plies > 0);
}
