//! `kifu bench --positions N`: the position index on N generated Renju games: what it adds
//! to the ingest (time and bytes per game), the position search at ply 10, and the
//! explorer from the empty board and from the most played ply-3 position. Its table
//! replaces the "Position index" section of the results file (the rest is kept).

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use kifu_analysis::positions::{explore, search, Selection};
use kifu_facts::GameKind;
use kifu_generate::{GameSpec, RenjuNotation};
use kifu_rules::positions::{stored_board, Board, StoredGame, StoredSetup};
use kifu_store::Store;

use super::{build_and_cores, generated, write_section, BenchArgs};

/// The section's heading in the results file.
const HEADING: &str = "## Position index";
/// Ply-10 positions searched.
const SEARCHES: usize = 20;

fn fresh(db: &Path) {
    let _ = kifu_store::remove_database(db);
}

fn ingest(db: &Path, input: &[std::path::PathBuf], no_index: bool) -> Result<f64> {
    fresh(db);
    let options = kifu_ingest::Options {
        no_index,
        ..Default::default()
    };
    let started = Instant::now();
    kifu_ingest::ingest(db, input, &options)?;
    Ok(started.elapsed().as_secs_f64())
}

/// Milliseconds of `f`, the median of `runs` runs after one warm-up.
fn time_ms<T>(runs: usize, mut f: impl FnMut() -> Result<T>) -> Result<(f64, T)> {
    let mut last = f()?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        last = f()?;
        times.push(started.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    Ok((times[times.len() / 2], last))
}

/// Milliseconds of the position search at ply 10 of games spread over the database,
/// sorted, and the games found.
fn time_searches(store: &Store, stored: u64) -> Result<(Vec<f64>, usize)> {
    let all = Selection {
        with_duplicates: true,
        ..Selection::default()
    };
    let step = (stored / SEARCHES as u64).max(1) as i64;
    let ids: Vec<i64> = (0..SEARCHES as i64).map(|i| 1 + i * step).collect();
    let mut times = Vec::new();
    let mut found = 0;
    for g in store.position_games(&ids)? {
        let Ok(board) = stored_board(
            &StoredGame {
                kind: GameKind::Renju,
                moves: &g.moves,
                setup: StoredSetup::None,
            },
            10,
        ) else {
            continue;
        };
        let (ms, s) = time_ms(3, || Ok(search(store, &board, all)?))?;
        times.push(ms);
        found += s.matches.len();
    }
    times.sort_by(f64::total_cmp);
    Ok((times, found))
}

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let input = generated(req, GameSpec::Renju(RenjuNotation::Lines), games)?;
    let indexed = req.work.join("positions.db");
    let plain = req.work.join("positions-no-index.db");
    eprintln!("kifu bench: ingest of {games} Renju games without and with the index");
    let without = ingest(&plain, &input.paths, true)?;
    let with = ingest(&indexed, &input.paths, false)?;
    let size_without = std::fs::metadata(&plain)?.len();
    let size_with = std::fs::metadata(&indexed)?.len();
    fresh(&plain);

    let store = Store::open_read_only(&indexed)?;
    let size = store.position_index_size()?;
    let stored = store.counts()?.games;
    let all = Selection {
        with_duplicates: true,
        ..Selection::default()
    };

    let (search_ms, found) = time_searches(&store, stored)?;
    let empty = Board::renju_moves("")?;
    let (root_ms, root) = time_ms(3, || Ok(explore(&store, &empty, all, 1, 1)?))?;
    // The most played ply-3 position: the top move at each of three levels.
    let mut board = empty.clone();
    for _ in 0..3 {
        let e = explore(&store, &board, all, 1, 1)?;
        let Some(top) = e.moves.first() else { break };
        board = top.board.clone();
    }
    let (ply3_ms, ply3) = time_ms(3, || Ok(explore(&store, &board, all, 1, 1)?))?;

    drop(store);
    let compaction = Store::open(&indexed)?.compact_index()?;
    let store = Store::open_read_only(&indexed)?;
    let (compact_ms, _) = time_searches(&store, stored)?;

    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "{} generated Renju games ({}). Ingest with and without \
         the index, then queries on a warm read-only connection (median of 3).\n",
        stored,
        build_and_cores(),
    )?;
    writeln!(t, "| measure | value |\n|---|---:|")?;
    writeln!(t, "| ingest without the index | {without:.2} s |")?;
    writeln!(t, "| ingest with the index | {with:.2} s |")?;
    writeln!(
        t,
        "| index cost on ingest (target ≤ 25%) | {:+.1}% |",
        (with / without.max(1e-9) - 1.0) * 100.0
    )?;
    writeln!(
        t,
        "| index entries | {} positions, {} segments |",
        size.entries, size.segments
    )?;
    writeln!(
        t,
        "| entry bytes per game | {:.0} |",
        size.data_bytes as f64 / stored.max(1) as f64
    )?;
    writeln!(
        t,
        "| database bytes per game added by the index | {:.0} |",
        (size_with as f64 - size_without as f64) / stored.max(1) as f64
    )?;
    writeln!(
        t,
        "| position search at ply 10 (target < 50 ms): median / max of {} | {:.1} / {:.1} ms ({} games found) |",
        search_ms.len(),
        search_ms.get(search_ms.len() / 2).copied().unwrap_or(0.0),
        search_ms.last().copied().unwrap_or(0.0),
        found
    )?;
    writeln!(
        t,
        "| the same after `kifu index --compact` ({} → {} segments): median / max | {:.1} / {:.1} ms |",
        compaction.segments_before,
        compaction.segments_after,
        compact_ms.get(compact_ms.len() / 2).copied().unwrap_or(0.0),
        compact_ms.last().copied().unwrap_or(0.0),
    )?;
    writeln!(
        t,
        "| explorer from the empty board (target < 300 ms) | {root_ms:.0} ms ({} games, {} moves) |",
        root.counts.games,
        root.moves.len()
    )?;
    writeln!(
        t,
        "| explorer from the most played ply-3 position (target < 300 ms) | {ply3_ms:.0} ms ({} games, {} moves) |",
        ply3.counts.games,
        ply3.moves.len()
    )?;
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}
