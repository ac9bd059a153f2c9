//! `kifu index`: the position index made again from the stored games (`--rebuild`), and
//! checked against them (`--verify`). Both replay every stored move blob through the
//! engines (`kifu_rules::positions::stored_trail`, the function the ingest runs) on all
//! cores, chunk by chunk, with a reader thread and a writer thread around the pool as in
//! the ingest.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use crossbeam_channel::bounded;
use kifu_facts::PlyStep;
use kifu_rules::positions::{stored_trail, with_stored};
use kifu_store::positions::{GameDigest, IndexSource, REBUILD_GAMES};
use kifu_store::Store;
use rayon::prelude::*;
use serde::Serialize;

use crate::Error;

/// What a rebuild did.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct RebuildSummary {
    pub games: u64,
    /// Index entries written (positions summed over games).
    pub entries: u64,
    pub seconds: f64,
}

/// What a check of the index against the games found.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct VerifySummary {
    pub state: String,
    pub games: u64,
    /// Entries the games' moves give.
    pub expected_entries: u64,
    /// Entries the index holds.
    pub stored_entries: u64,
    /// Games whose entries in the index differ from what their moves give (at most 20
    /// listed), and how many there are.
    pub differing_games: Vec<i64>,
    pub differing: u64,
    /// Entries of games that are not in the database.
    pub entries_of_absent_games: u64,
}

impl VerifySummary {
    /// The index holds exactly the entries of the games stored.
    pub fn consistent(&self) -> bool {
        self.differing == 0 && self.entries_of_absent_games == 0
    }
}

/// A stored game's trail, as the ingest computed it.
pub fn trail_of(source: &IndexSource) -> Vec<PlyStep> {
    with_stored(source.kind, &source.moves, source.extra.as_deref(), |g| {
        stored_trail(g).unwrap_or_default()
    })
}

/// Reads the stored games chunk by chunk on a thread of its own (its own read-only
/// connection) and hands each chunk, with the trails the pool computes, to `each`.
fn for_each_chunk(
    db: &Path,
    pool: &rayon::ThreadPool,
    after: i64,
    mut each: impl FnMut(Vec<(IndexSource, Vec<PlyStep>)>) -> Result<(), Error>,
) -> Result<i64, Error> {
    let (tx, rx) = bounded::<Vec<IndexSource>>(2);
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || -> Result<(), Error> {
            let store = Store::open_read_only(db)?;
            let mut last = after;
            loop {
                let chunk = store.index_sources(last, REBUILD_GAMES)?;
                let Some(end) = chunk.last() else {
                    return Ok(());
                };
                last = end.id;
                if tx.send(chunk).is_err() {
                    return Ok(()); // the consumer stopped: its error explains why
                }
            }
        });
        let mut last = after;
        let mut result = Ok(());
        for chunk in rx {
            last = chunk.last().map_or(last, |g| g.id);
            let with_trails: Vec<(IndexSource, Vec<PlyStep>)> = pool.install(|| {
                chunk
                    .into_par_iter()
                    .map(|g| {
                        let t = trail_of(&g);
                        (g, t)
                    })
                    .collect()
            });
            if let Err(e) = each(with_trails) {
                result = Err(e);
                break;
            }
        }
        let read = reader.join().expect("index reader panicked");
        result.and(read).map(|()| last)
    })
}

fn pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Pipeline(e.to_string()))
}

/// Empties the position index and makes it again from every stored game.
pub fn rebuild(db: &Path, threads: usize) -> Result<RebuildSummary, Error> {
    let started = Instant::now();
    let pool = pool(threads)?;
    let mut store = Store::open(db)?;
    store.begin_index_rebuild()?;
    let mut summary = RebuildSummary::default();
    let mut last = 0;
    loop {
        // Chunks are written in the order read, each in its own transaction; the index
        // stays `building` (readers refuse it) until the last one.
        let (to_writer, from_pool) = bounded::<Vec<(IndexSource, Vec<PlyStep>)>>(2);
        let store_ref = &mut store;
        let written = std::thread::scope(|scope| {
            let writer = scope.spawn(move || -> Result<(u64, u64), Error> {
                let (mut games, mut entries) = (0, 0);
                for chunk in from_pool {
                    games += chunk.len() as u64;
                    entries += chunk.iter().map(|(_, t)| t.len() as u64).sum::<u64>();
                    store_ref.write_index_chunk(&chunk)?;
                }
                Ok((games, entries))
            });
            let read = for_each_chunk(db, &pool, last, |chunk| {
                to_writer
                    .send(chunk)
                    .map_err(|_| Error::Pipeline("the index writer stopped".into()))
            });
            drop(to_writer);
            let counts = writer.join().expect("index writer panicked")?;
            Ok::<_, Error>((read?, counts))
        })?;
        let (read_to, (games, entries)) = written;
        last = read_to;
        summary.games += games;
        summary.entries += entries;
        // Games an ingest added meanwhile are indexed by another pass.
        if store.finish_index_rebuild(last)? {
            break;
        }
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Checks that the index holds exactly the entries the stored games' moves give.
pub fn verify(db: &Path, threads: usize) -> Result<VerifySummary, Error> {
    let pool = pool(threads)?;
    let store = Store::open_read_only(db)?;
    let state = store.position_index_state()?;
    let mut stored: HashMap<i64, GameDigest> = store.index_digests()?;
    drop(store);
    let mut summary = VerifySummary {
        state: state.name().into(),
        stored_entries: stored.values().map(|d| d.entries).sum(),
        ..VerifySummary::default()
    };
    for_each_chunk(db, &pool, 0, |chunk| {
        for (source, trail) in &chunk {
            summary.games += 1;
            summary.expected_entries += trail.len() as u64;
            let expected = GameDigest::of_trail(source, trail);
            let held = stored.remove(&source.id).unwrap_or_default();
            if held != expected {
                summary.differing += 1;
                if summary.differing_games.len() < 20 {
                    summary.differing_games.push(source.id);
                }
            }
        }
        Ok(())
    })?;
    summary.entries_of_absent_games = stored.values().map(|d| d.entries).sum();
    Ok(summary)
}
