//! The index through the store's API: the index writer adds the entries of the batches the
//! games writer committed, lookups find every game of a key, the mark guards readers, a
//! catch-up gives the same entries, and no entry is written twice or left out.

use kifu_facts::{GameKind, MoveCode, Outcome, PlyStep, PositionKey, Seat};
use rusqlite::Connection;

use super::{IndexState, PositionWriter, Posting};
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
        plies: moves.len() as u32,
        canonical_key: moves.to_vec().into(),
        moves_encoding: "renju-idx8".into(),
        moves: moves.to_vec(),
        recorded_result: kifu_facts::ResultName::parse(result),
        trail,
        ..GameRecord::empty(GameKind::Renju)
    }))
}

fn source(store: &mut Store, hash: &str) -> i64 {
    store
        .begin_source(&NewSource {
            path: "g.renju".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: hash.into(),
            format: "renju-lines".into(),
            encoding: "ascii".into(),
            rules: None,
        })
        .unwrap()
}

/// Writes a batch as an ingest does: the games, then their entries by `writer`.
fn write(store: &mut Store, writer: &mut PositionWriter, records: &[Record]) {
    store.set_indexing(true);
    store.write_batch(records).unwrap();
    let batch = store.take_indexed();
    writer.add_batch(records, &batch).unwrap();
}

/// Writes a batch as its own segment.
fn write_segment(store: &mut Store, records: &[Record]) {
    let mut writer = store.position_writer().unwrap();
    write(store, &mut writer, records);
    writer.finish().unwrap();
}

/// The stored games after `after` with the trails the test makes up for them.
fn stored_with_trails(store: &Store, after: i64) -> Vec<(super::IndexSource, Vec<PlyStep>)> {
    store
        .index_sources(after, 100)
        .unwrap()
        .into_iter()
        .map(|s| {
            let Record::Game(g) = game(0, 0, &s.moves, "black") else {
                unreachable!()
            };
            (s, g.trail)
        })
        .collect()
}

#[test]
fn batches_add_entries_that_lookups_find_with_their_facts() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("k.db")).unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    let id = source(&mut store, "a");
    let mut writer = store.position_writer().unwrap();
    write(
        &mut store,
        &mut writer,
        &[
            game(id, 0, &[112, 113], "black"),
            game(id, 9, &[112, 113], "white"),
        ],
    );
    // The games are committed; their entries wait in the writer: readers refuse.
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
    writer.finish().unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    write_segment(&mut store, &[game(id, 20, &[112, 99], "draw")]);
    let root = store
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap();
    assert_eq!(
        root.iter().map(|p| (p.game, p.result)).collect::<Vec<_>>(),
        [
            (1, Outcome::Win(Seat::FIRST)),
            (2, Outcome::Win(Seat::SECOND)),
            (3, Outcome::Draw)
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
                result: Outcome::Win(Seat::FIRST),
                duplicate: false,
                next: MoveCode(113),
                reply: MoveCode::NONE,
                length: 2,
            },
            Posting {
                game: 2,
                duplicate: true,
                result: Outcome::Win(Seat::SECOND),
                ..after[0]
            },
            Posting {
                game: 3,
                result: Outcome::Draw,
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
fn games_written_without_indexing_leave_the_index_behind_until_caught_up() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.db");
    let mut store = Store::open(&path).unwrap();
    let id = source(&mut store, "a");
    write_segment(&mut store, &[game(id, 0, &[112, 113], "black")]);
    let indexed = store.index_digests().unwrap();
    store.set_indexing(false);
    store
        .write_batch(&[game(id, 5, &[112, 98], "white")])
        .unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Behind);
    assert_eq!(store.games_not_indexed().unwrap(), 1);
    let e = store
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap_err();
    assert!(matches!(e, Error::PositionIndex(IndexState::Behind)), "{e}");
    assert!(e.to_string().contains("`kifu index`"), "{e}");
    // A reader that takes the index as it is (a server while an ingest writes) reads the
    // games indexed: the same postings as before the unindexed game was written.
    let mut reader = Store::open_read_only(&path).unwrap();
    reader.read_index_as_it_is();
    let start = reader
        .postings(GameKind::Renju, PositionKey(1 << 60))
        .unwrap();
    assert_eq!(
        start.iter().map(|p| p.game).collect::<Vec<_>>(),
        vec![1],
        "the start position: the indexed game only"
    );
    // A batch that does not follow on from the mark is not indexed: no hole.
    let mut writer = store.position_writer().unwrap();
    write(&mut store, &mut writer, &[game(id, 9, &[112, 97], "white")]);
    assert!(writer.stopped());
    writer.finish().unwrap();
    assert_eq!(store.index_mark().unwrap(), Some(1));

    // The catch-up from the mark (here with the trails the test made up).
    let mut writer = store.position_writer().unwrap();
    let games = stored_with_trails(&store, writer.through());
    assert_eq!(games.len(), 2);
    writer.add_stored(1, &games).unwrap();
    writer.finish().unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    let digests = store.index_digests().unwrap();
    assert_eq!(digests[&1], indexed[&1], "game 1 kept its entries");
    for (s, trail) in &games {
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
fn two_writers_of_the_same_games_never_write_an_entry_twice() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("k.db")).unwrap();
    let id = source(&mut store, "a");
    let records = [
        game(id, 0, &[112, 113], "black"),
        game(id, 5, &[112, 98], "white"),
    ];
    // An ingest's index writer holds the batch while a catch-up indexes the same games.
    let mut ingest = store.position_writer().unwrap();
    write(&mut store, &mut ingest, &records);
    let mut catch_up = store.position_writer().unwrap();
    catch_up
        .add_stored(0, &stored_with_trails(&store, 0))
        .unwrap();
    catch_up.finish().unwrap();
    ingest.finish().unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    let digests = store.index_digests().unwrap();
    assert_eq!((digests[&1].entries, digests[&2].entries), (3, 3));
}

#[test]
fn an_index_file_of_other_games_is_emptied_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.db"), dir.path().join("b.db"));
    for path in [&a, &b] {
        let mut store = Store::open(path).unwrap();
        let id = source(&mut store, "a");
        write_segment(&mut store, &[game(id, 0, &[112, 113], "black")]);
        assert_eq!(store.position_index_state().unwrap(), IndexState::Complete);
    }
    // b's index file put beside a (a copy, a restore): a reader does not take it...
    std::fs::copy(super::index_path(&b), super::index_path(&a)).unwrap();
    let reader = Store::open_read_only(&a).unwrap();
    assert_eq!(reader.position_index_state().unwrap(), IndexState::Missing);
    drop(reader);
    // ...and a writer empties it.
    let store = Store::open(&a).unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
    assert_eq!(store.position_index_size().unwrap().entries, 0);
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
        write_segment(&mut store, &games);
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

/// A database with three indexed games, closed (no `-wal` left), and its index file.
fn indexed_database(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let path = dir.join("k.db");
    let mut store = Store::open(&path).unwrap();
    let id = source(&mut store, "a");
    write_segment(
        &mut store,
        &[
            game(id, 0, &[112, 113], "black"),
            game(id, 9, &[112, 114], "white"),
            game(id, 20, &[112, 99], "draw"),
        ],
    );
    drop(store);
    let index = super::index_path(&path);
    assert!(!crate::reading::beside(&index, "-wal").exists());
    (path, index)
}

/// The files in `dir` whose names start with `prefix`.
fn kept_aside(dir: &std::path::Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    names
}

/// Every way of damaging the file a test below tries: garbage, cut to half.
fn damage(index: &std::path::Path, how: &str) {
    let bytes = std::fs::read(index).unwrap();
    match how {
        "garbage" => std::fs::write(index, vec![0x5A; bytes.len()]).unwrap(),
        "half" => std::fs::write(index, &bytes[..bytes.len() / 2]).unwrap(),
        _ => unreachable!(),
    }
}

#[test]
fn a_damaged_index_file_blocks_no_reader_and_its_writer_sets_it_aside() {
    for how in ["garbage", "half"] {
        let dir = tempfile::tempdir().unwrap();
        let (path, index) = indexed_database(dir.path());
        damage(&index, how);
        // A reader reads the games; the index is missing, and a lookup says why, naming
        // the file.
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(reader.counts().unwrap().games, 3, "{how}");
        assert_eq!(reader.position_index_state().unwrap(), IndexState::Missing);
        assert!(reader.index_unreadable().is_some(), "{how}");
        let e = reader
            .postings(GameKind::Renju, PositionKey(1 << 60))
            .unwrap_err();
        assert!(matches!(e, Error::IndexUnreadable { .. }), "{how}: {e}");
        assert!(e.to_string().contains(&index.display().to_string()), "{e}");
        assert!(e.to_string().contains("kifu index --rebuild"), "{e}");
        drop(reader);
        // A writer of the games leaves the file as it is.
        let store = Store::open(&path).unwrap();
        assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
        assert_eq!(kept_aside(dir.path(), "k.db-positions.damaged-").len(), 0);
        // The index's writer moves it aside and starts a new one, which a catch-up fills.
        let mut writer = store.position_writer().unwrap();
        let set_aside = writer.set_aside().cloned().expect("set aside");
        assert_eq!(set_aside.file, index);
        assert!(set_aside.kept_as.exists(), "{how}");
        assert_eq!(
            kept_aside(dir.path(), "k.db-positions.damaged-"),
            [set_aside.kept_as.file_name().unwrap().to_string_lossy()],
            "{how}"
        );
        writer
            .add_stored(0, &stored_with_trails(&store, 0))
            .unwrap();
        writer.finish().unwrap();
        drop(store);
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(reader.position_index_state().unwrap(), IndexState::Complete);
        assert_eq!(reader.index_unreadable(), None);
        let root = reader
            .postings(GameKind::Renju, PositionKey(1 << 60))
            .unwrap();
        assert_eq!(root.len(), 3, "{how}");
        // The file is sound now: nothing more is set aside.
        assert!(reader.position_writer().unwrap().set_aside().is_none());
    }
}

#[test]
fn a_rebuild_sets_aside_a_file_damaged_deep_inside() {
    let dir = tempfile::tempdir().unwrap();
    let (path, index) = indexed_database(dir.path());
    // The last page (a postings page) overwritten; the header and the mark are sound.
    let mut bytes = std::fs::read(&index).unwrap();
    let page = crate::PAGE_SIZE as usize;
    assert!(bytes.len() >= 3 * page, "{} bytes", bytes.len());
    let last = bytes.len() - page;
    bytes[last..].fill(0x5A);
    std::fs::write(&index, &bytes).unwrap();
    let store = Store::open_read_only(&path).unwrap();
    // Found when read: the error names the file and how to make it again.
    let e = store.index_digests().unwrap_err();
    assert!(matches!(e, Error::IndexUnreadable { .. }), "{e}");
    assert!(e.to_string().contains(&index.display().to_string()), "{e}");
    assert!(store.position_writer().unwrap().set_aside().is_none());
    let writer = store.position_writer_to_rebuild().unwrap();
    let set_aside = writer.set_aside().expect("set aside");
    assert!(set_aside.kept_as.exists());
    assert_eq!(writer.through(), 0);
}

#[test]
fn an_index_file_of_another_schema_version_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let (path, index) = indexed_database(dir.path());
    Connection::open(&index)
        .unwrap()
        .pragma_update(None, "user_version", 9)
        .unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.position_index_state().unwrap(), IndexState::Missing);
    let writer = store.position_writer().unwrap();
    let set_aside = writer.set_aside().expect("set aside");
    assert!(set_aside.cause.contains("schema version 9"), "{set_aside}");
}

#[test]
fn an_empty_index_file_is_missing_to_a_reader_and_made_by_a_writer() {
    let dir = tempfile::tempdir().unwrap();
    let (path, index) = indexed_database(dir.path());
    std::fs::write(&index, b"").unwrap();
    let reader = Store::open_read_only(&path).unwrap();
    assert_eq!(reader.position_index_state().unwrap(), IndexState::Missing);
    assert_eq!(reader.games_not_indexed().unwrap(), 3);
    assert_eq!(reader.index_unreadable(), None);
    let writer = reader.position_writer().unwrap();
    assert!(writer.set_aside().is_none());
    assert_eq!(writer.through(), 0);
}
