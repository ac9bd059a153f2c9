//! Derived data off the write path: an ingest only makes the stored ratings stale, the
//! first command that reads them (`ratings`, `export`, `site`) brings them up to date, and a
//! killed update leaves the old lists or the new, each marked with what it was computed
//! from, never a mix.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::common::{copy_database, ingest_ok, kifu_ok, shared};

/// Dated Renju games in two parts: 5,020 rated games, then 3,460 more.
const FIRST: &str = "renju/games/bdt/stefs92_PBeMSort.bdt";
const MORE: [&str; 3] = [
    "renju/games/bdt/stefs92_full_dataset.txt",
    "renju/games/bdt/stefs92_rps.bdt",
    "renju/games/bdt/stefs92_MST-MM-40.bdt",
];

/// The two parts, when the shared data is there.
fn parts() -> Option<(PathBuf, Vec<PathBuf>)> {
    let more = MORE.iter().map(|m| shared(m)).collect::<Option<Vec<_>>>()?;
    Some((shared(FIRST)?, more))
}

fn refs(paths: &[PathBuf]) -> Vec<&Path> {
    paths.iter().map(PathBuf::as_path).collect()
}

/// The games' generation, and the one the Renju ratings were computed from (`None`: never).
fn generations(db: &Path) -> (i64, Option<i64>) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let games = conn
        .query_row("SELECT games FROM generation", [], |r| r.get(0))
        .unwrap();
    let ratings = conn
        .query_row(
            "SELECT generation FROM derived WHERE name = 'ratings/renju'",
            [],
            |r| r.get(0),
        )
        .ok();
    (games, ratings)
}

/// Every stored rating row of Renju: system, player, period, rating, sd, games.
type Row = (String, String, i64, f64, Option<f64>, i64);

fn stored(db: &Path) -> Vec<Row> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT system, player, period, rating, sd, games FROM ratings
             WHERE kind = 'renju' ORDER BY system, player, period",
        )
        .unwrap();
    stmt.query_map([], |r| {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
        ))
    })
    .unwrap()
    .map(Result::unwrap)
    .collect()
}

/// The same players, periods and games; ratings within `tolerance` (a warm-started WHR
/// meets the cold fit's fixed point to its tolerance, not to the last bit).
fn assert_same_lists(ours: &[Row], reference: &[Row], tolerance: f64) {
    assert_eq!(ours.len(), reference.len(), "rows");
    for (o, r) in ours.iter().zip(reference) {
        assert_eq!((&o.0, &o.1, o.2, o.5), (&r.0, &r.1, r.2, r.5));
        assert!((o.3 - r.3).abs() <= tolerance, "{o:?} against {r:?}");
        match (o.4, r.4) {
            (Some(a), Some(b)) => assert!((a - b).abs() <= tolerance, "{o:?} against {r:?}"),
            (a, b) => assert_eq!(a, b),
        }
    }
}

fn ratings_text(db: &Path) -> String {
    kifu_ok(&["ratings", "--db", db.to_str().unwrap(), "--game", "renju"])
}

/// A database of both parts, rated from scratch in one go: the reference.
fn reference(dir: &Path, first: &Path, more: &[PathBuf]) -> (PathBuf, String) {
    let db = dir.join("reference.db");
    let mut all = vec![first];
    all.extend(refs(more));
    ingest_ok(&db, &all);
    let text = ratings_text(&db);
    (db, text)
}

#[test]
fn a_write_makes_the_ratings_stale_and_their_first_reader_brings_them_up_to_date() {
    let Some((first, more)) = parts() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let d = db.to_str().unwrap();

    ingest_ok(&db, &[&first]);
    let (after_ingest, rated) = generations(&db);
    assert_eq!(rated, None, "the ingest rated the players");
    assert!(stored(&db).is_empty());

    ratings_text(&db);
    assert_eq!(generations(&db), (after_ingest, Some(after_ingest)));
    let first_lists = stored(&db);
    assert!(first_lists.len() > 1000, "{} rows", first_lists.len());

    // More games: the lists stay as they were, marked with the older generation.
    ingest_ok(&db, &refs(&more));
    let (now, rated) = generations(&db);
    assert!(now > after_ingest);
    assert_eq!(rated, Some(after_ingest));
    assert_eq!(stored(&db), first_lists);

    // `export` reads the stored lists: it brings them up to date first, from the old ones
    // as WHR's start, to what rating both parts from scratch gives.
    let out = dir.path().join("export");
    kifu_ok(&["export", "--db", d, "--out", out.to_str().unwrap(), "-q"]);
    assert_eq!(generations(&db), (now, Some(now)));
    let (reference_db, reference_text) = reference(dir.path(), &first, &more);
    assert_same_lists(&stored(&db), &stored(&reference_db), 1e-3);
    assert_eq!(ratings_text(&db), reference_text);

    // Reading current lists writes nothing.
    let before = stored(&db);
    ratings_text(&db);
    assert_eq!(stored(&db), before);
    assert_eq!(generations(&db), (now, Some(now)));
}

#[test]
fn a_killed_ratings_update_leaves_the_old_lists_or_the_new_never_a_mix() {
    let Some((first, more)) = parts() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // Stale lists: rated after the first part, then the rest ingested.
    let stale = dir.path().join("stale.db");
    ingest_ok(&stale, &[&first]);
    ratings_text(&stale);
    ingest_ok(&stale, &refs(&more));
    let old_lists = stored(&stale);
    let (now, Some(old)) = generations(&stale) else {
        panic!("the first part's lists are stored");
    };
    let (reference_db, reference_text) = reference(dir.path(), &first, &more);
    let new_lists = stored(&reference_db);

    // How long an update takes here, uninterrupted.
    let timing = dir.path().join("timing.db");
    copy_database(&stale, &timing);
    let started = Instant::now();
    ratings_text(&timing);
    let whole = started.elapsed();

    let mut outcomes = [0usize; 2];
    for eighth in 1..=7u32 {
        let db = dir.path().join(format!("killed-{eighth}.db"));
        copy_database(&stale, &db);
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args([
                "ratings",
                "-q",
                "--db",
                db.to_str().unwrap(),
                "--game",
                "renju",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(whole * eighth / 8);
        // SIGKILL: no destructor, no rollback but SQLite's own.
        let _ = child.kill();
        child.wait().unwrap();

        let conn = rusqlite::Connection::open(&db).unwrap();
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok", "killed at {eighth}/8");
        drop(conn);
        match generations(&db) {
            (games, Some(rated)) if games == now && rated == old => {
                assert_eq!(
                    stored(&db),
                    old_lists,
                    "killed at {eighth}/8: old mark, new rows"
                );
                outcomes[0] += 1;
            }
            (games, Some(rated)) if games == now && rated == now => {
                assert_same_lists(&stored(&db), &new_lists, 1e-3);
                outcomes[1] += 1;
            }
            other => panic!("killed at {eighth}/8: generations {other:?}"),
        }
        // Whatever the kill left, the next reader gives the lists of the games as they are.
        assert_eq!(ratings_text(&db), reference_text, "killed at {eighth}/8");
        assert_eq!(generations(&db), (now, Some(now)));
        assert_same_lists(&stored(&db), &new_lists, 1e-3);
    }
    eprintln!(
        "ratings update of {whole:?} killed at 7 points: {} left the old lists, {} the new",
        outcomes[0], outcomes[1]
    );
}
