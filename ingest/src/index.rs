//! The position index made from the stored games: caught up from its mark (the games it
//! does not cover yet: [`catch_up`], which `kifu index`, the ingest and every command that
//! reads the index run first), made again from nothing (`--rebuild`), and checked against
//! them (`--verify`). Each replays the stored move blobs through the engines
//! (`kifu_rules::positions::stored_trail`, the function the ingest runs) on all cores,
//! chunk by chunk, with a reader thread and a writer thread around the pool as in the
//! ingest.

use std::collections::HashMap;
use std::path::Path;
use std::time::Instant;

use crossbeam_channel::bounded;
use kifu_facts::PlyStep;
use kifu_rules::positions::{stored_trail, with_stored};
use kifu_store::positions::{
    GameDigest, IndexSource, IndexState, PositionWriter, SetAside, SEGMENT_GAMES,
};
use kifu_store::Store;
use rayon::prelude::*;
use serde::Serialize;

use crate::Error;

/// What a catch-up or a rebuild did.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct RebuildSummary {
    pub games: u64,
    /// Index entries written (positions summed over games).
    pub entries: u64,
    pub seconds: f64,
    /// The index file that could not be read, set aside before the index was made again
    /// (the command says so).
    #[serde(skip)]
    pub set_aside: Option<SetAside>,
}

/// What a check of the index against the games found.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct VerifySummary {
    pub state: String,
    pub games: u64,
    /// Games after the index's mark: not indexed yet (a catch-up adds them).
    pub not_indexed: u64,
    /// Entries the games' moves give (of the games up to the mark).
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
                let chunk = store.index_sources(last, SEGMENT_GAMES)?;
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
        .map_err(Error::Threads)
}

/// Adds to the position index every game after its mark (none when it is complete).
pub fn catch_up(db: &Path, threads: usize) -> Result<RebuildSummary, Error> {
    let store = Store::open_read_only(db)?;
    if store.position_index_state()? == IndexState::Complete {
        return Ok(RebuildSummary::default());
    }
    let writer = store.position_writer()?;
    drop(store);
    fill(db, threads, writer)
}

/// Empties the position index and makes it again from every stored game.
pub fn rebuild(db: &Path, threads: usize) -> Result<RebuildSummary, Error> {
    let mut writer = Store::open_read_only(db)?.position_writer_to_rebuild()?;
    writer.clear()?;
    fill(db, threads, writer)
}

/// Indexes the stored games after the writer's mark, until none is left (an ingest may add
/// games meanwhile: each pass takes those too).
fn fill(db: &Path, threads: usize, writer: PositionWriter) -> Result<RebuildSummary, Error> {
    let started = Instant::now();
    let pool = pool(threads)?;
    let mut summary = RebuildSummary {
        set_aside: writer.set_aside().cloned(),
        ..RebuildSummary::default()
    };
    let mut writer = writer;
    loop {
        let from = writer.through();
        let (to_writer, from_pool) = bounded::<Vec<(IndexSource, Vec<PlyStep>)>>(2);
        let (w, games, entries) = std::thread::scope(|scope| {
            // Written in the order read, on a thread of its own while the pool replays the
            // next chunk; each chunk follows on from the last.
            let index_writer = scope.spawn(move || -> Result<(PositionWriter, u64, u64), Error> {
                let (mut games, mut entries) = (0, 0);
                for chunk in from_pool {
                    games += chunk.len() as u64;
                    entries += chunk.iter().map(|(_, t)| t.len() as u64).sum::<u64>();
                    let after = writer.through();
                    writer.add_stored(after, &chunk)?;
                }
                Ok((writer, games, entries))
            });
            let read = for_each_chunk(db, &pool, from, |chunk| {
                to_writer
                    .send(chunk)
                    .map_err(|_| Error::Stopped(crate::Stage::IndexWriter))
            });
            drop(to_writer);
            // The writer's error first: the reader's is only that the writer stopped.
            let written = index_writer.join().expect("index writer panicked");
            written.and_then(|w| read.map(|_| w))
        })?;
        summary.games += games;
        summary.entries += entries;
        if games == 0 || w.stopped() {
            // Nothing was left, or another writer moved the mark: it carries on from there.
            w.finish()?;
            break;
        }
        writer = w;
    }
    summary.seconds = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// Checks that the index holds exactly the entries the stored games' moves give.
pub fn verify(db: &Path, threads: usize) -> Result<VerifySummary, Error> {
    let pool = pool(threads)?;
    let store = Store::open_read_only(db)?;
    let state = store.position_index_state()?;
    let through = store.index_mark()?.unwrap_or(0);
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
            // A game after the mark has no entry yet.
            let expected = if source.id <= through {
                summary.expected_entries += trail.len() as u64;
                GameDigest::of_trail(source, trail)
            } else {
                summary.not_indexed += 1;
                GameDigest::default()
            };
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
