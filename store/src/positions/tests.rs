//! The index through the store's API: batches add entries in their transaction, lookups
//! find every game of a key, the state guards readers, a rebuild gives the same entries.

use kifu_facts::{GameKind, MoveCode, PlyStep, PositionKey, SeatResult};
use rusqlite::Connection;

use super::{IndexState, Posting};
use crate::record::{GameRecord, NewSource, Record};
use crate::{schema, Error, Store};

fn step(key: u64, ply: u32, next: u16) -> PlyStep {
    PlyStep {
        key: PositionKey(key),
        ply,
        symmetry: (ply % 8) as u8,
        next: MoveCode(next),
        reply: MoveCode::NONE,
    }
}

/// A Renju game whose moves are `moves` (bytes) with a made-up trail: the start key `1 <<
/// 60` shared by all, then a key per move.
fn game(source_id: i64, offset: u64, moves: &[u8], result: &str) -> Record {
    let mut trail = vec![step(
        1 << 60,
        0,
        moves.first().map_or(u16::MAX, |&m| m as u16),
    )];
    for (i, &m) in moves.iter().enumerate() {
        trail.push(step(
            (m as u64 + 1) << 56 | i as u64,
            i as u32 + 1,
            moves.get(i + 1).map_or(u16::MAX, |&m| m as u16),
        ));
    }
    Record::Game(Box::new(GameRecord {
        source_id,
        offset,
        line: 1,
        column: 1,
        format: "renju-lines".into(),
        termination: "unfinished".into(),
        plies: moves.len() as u32,
        canonical_key: moves.to_vec(),
        moves_encoding: "renju-idx8".into(),
        moves: moves.to_vec(),
        recorded_result: Some(result.into()),
        trail,
        ..GameRecord::empty(GameKind::Renju)
    }))
}

fn source(store: &mut Store, hash: &str) -> i64 {
    store
        .begin_source(&NewSource {
            path: "g.renju".into(),
            bytes: 1,
            content_hash: hash.into(),
            format: "renju-lines".into(),
            encoding: "ascii".into(),
            rules: None,
        })
        .unwrap()
}

#[test]
fn batches_add_entries_that_lookups_find_with_their_facts() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("k.db")).unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    let id = source(&mut store, "a");
    store
        .write_batch(&[
            game(id, 0, &[112, 113], "black"),
            game(id, 9, &[112, 113], "white"),
        ])
        .unwrap();
    store
        .write_batch(&[game(id, 20, &[112, 99], "draw")])
        .unwrap();
    let root = store
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap();
    assert_eq!(
        root.iter().map(|p| (p.game, p.result)).collect::<Vec<_>>(),
        [
            (1, SeatResult::Win(1)),
            (2, SeatResult::Win(2)),
            (3, SeatResult::Draw)
        ]
    );
    // Game 2 is a linked copy of game 1 (same canonical key).
    assert_eq!(
        root.iter().map(|p| p.duplicate).collect::<Vec<_>>(),
        [false, true, false]
    );
    let after = store
        .postings(GameKind::Renju, PositionKey(113 << 56))
        .unwrap();
    assert_eq!(
        after,
        [
            Posting {
                game: 1,
                symmetry: 1,
                result: SeatResult::Win(1),
                duplicate: false,
                next: MoveCode(113),
                reply: MoveCode::NONE,
                length: 2,
            },
            Posting {
                game: 2,
                duplicate: true,
                result: SeatResult::Win(2),
                ..after[0]
            },
            Posting {
                game: 3,
                result: SeatResult::Draw,
                next: MoveCode(99),
                ..after[0]
            }
        ]
    );
    assert!(store
        .postings(GameKind::Xiangqi, PositionKey(1 << 60))
        .unwrap()
        .is_empty());
    let size = store.position_index_size().unwrap();
    assert_eq!((size.segments, size.entries), (2, 9));
}

#[test]
fn games_written_without_indexing_leave_the_index_missing_until_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.db");
    let mut store = Store::open(&path).unwrap();
    let id = source(&mut store, "a");
    store
        .write_batch(&[game(id, 0, &[112, 113], "black")])
        .unwrap();
    let indexed = store.index_digests().unwrap();
    store.set_indexing(false);
    store
        .write_batch(&[game(id, 5, &[112, 98], "white")])
        .unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
    let e = store
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap_err();
    assert!(
        matches!(e, Error::PositionIndex(IndexState::Missing)),
        "{e}"
    );
    assert!(e.to_string().contains("kifu index --rebuild"), "{e}");
    // Indexing again does not repair it: the missing game is still missing.
    store.set_indexing(true);
    store
        .write_batch(&[game(id, 9, &[112, 97], "white")])
        .unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);

    // A rebuild from the stored games (here with the trails the test made up).
    store.begin_index_rebuild().unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Building);
    let sources = store.index_sources(0, 10).unwrap();
    assert_eq!(sources.len(), 3);
    let with_trails: Vec<_> = sources
        .into_iter()
        .map(|s| {
            let Record::Game(g) = game(0, 0, &s.moves, "black") else {
                unreachable!()
            };
            (s, g.trail)
        })
        .collect();
    store.write_index_chunk(&with_trails[..2]).unwrap();
    assert!(
        !store.finish_index_rebuild(2).unwrap(),
        "game 3 is not indexed yet"
    );
    store.write_index_chunk(&with_trails[2..]).unwrap();
    assert!(store.finish_index_rebuild(3).unwrap());
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    let digests = store.index_digests().unwrap();
    assert_eq!(
        digests[&1], indexed[&1],
        "the rebuild gives game 1 the same entries"
    );
    for (s, trail) in &with_trails {
        assert_eq!(digests[&s.id], super::GameDigest::of_trail(s, trail));
    }
    assert_eq!(
        store
            .postings(GameKind::Renju, PositionKey(1 << 60))
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn migrating_a_database_with_games_leaves_its_index_to_build() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let mut conn = Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        for m in &schema::MIGRATIONS[..2] {
            tx.execute_batch(m).unwrap();
        }
        tx.pragma_update(None, "user_version", 2).unwrap();
        tx.execute_batch(
            "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
             VALUES (1, 'a', 1, 'h', 'renju-lines', 'ascii');
             INSERT INTO games (source_id, offset, line, \"column\", length, kind, format,
                termination, plies) VALUES (1, 0, 1, 1, 3, 'renju', 'renju-lines',
                'unfinished', 0);",
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
}

#[test]
fn compaction_merges_small_segments_and_keeps_every_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("k.db")).unwrap();
    let id = source(&mut store, "a");
    for batch in 0..5u64 {
        let games: Vec<Record> = (0..3u64)
            .map(|i| {
                let offset = batch * 100 + i * 10;
                let moves = [112, 100 + batch as u8, 50 + i as u8];
                game(id, offset, &moves, if i == 0 { "black" } else { "white" })
            })
            .collect();
        store.write_batch(&games).unwrap();
    }
    let digests = store.index_digests().unwrap();
    let root = store
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap();
    let some = store
        .postings(GameKind::Renju, PositionKey(102 << 56 | 1))
        .unwrap();
    assert_eq!((root.len(), some.len()), (15, 3));
    assert_eq!(store.position_index_size().unwrap().segments, 5);

    let c = store.compact_index().unwrap();
    assert_eq!((c.segments_before, c.segments_after), (5, 1));
    let size = store.position_index_size().unwrap();
    assert_eq!((size.segments, size.entries), (1, 15 * 4));
    assert_eq!(store.index_digests().unwrap(), digests);
    assert_eq!(
        store
            .postings(GameKind::Renju, PositionKey(1 << 60))
            .unwrap(),
        root
    );
    assert_eq!(
        store
            .postings(GameKind::Renju, PositionKey(102 << 56 | 1))
            .unwrap(),
        some
    );
    // Already compact: nothing to do.
    let again = store.compact_index().unwrap();
    assert_eq!((again.segments_before, again.segments_after), (1, 1));
}
