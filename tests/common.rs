//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// `<shared>/data/<rel>`, or `None` when it is missing (see [`kifu_testdata::shared`]).
pub fn shared(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(&format!("data/{rel}"))
}

pub fn kifu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("run kifu")
}

/// Runs kifu, asserts success, returns stdout.
pub fn kifu_ok(args: &[&str]) -> String {
    let out = kifu(args);
    assert!(
        out.status.success(),
        "kifu {args:?} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// `kifu ingest -q --db DB INPUTS…`, which must succeed.
pub fn ingest_ok(db: &Path, inputs: &[&Path]) {
    let mut args = vec!["ingest", "-q", "--db", db.to_str().unwrap()];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    kifu_ok(&args);
}

/// `kifu ingest --json`, parsed. Its exit status must be the one the summary calls for: 1
/// when an input could not be read, was damaged or gave no game (the tests ingest such
/// inputs on purpose), else 0.
pub fn ingest_json(db: &Path, paths: &[&Path]) -> serde_json::Value {
    let mut args = vec!["ingest", "--json", "--db", db.to_str().unwrap()];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    let out = kifu(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("kifu {args:?}: no JSON ({e}): {stderr}"));
    let problems: usize = ["input_errors", "damaged", "files_without_games"]
        .iter()
        .map(|k| summary[k].as_array().expect("a list").len())
        .sum();
    let expected = if problems == 0 { 0 } else { 1 };
    assert_eq!(
        out.status.code(),
        Some(expected),
        "kifu {args:?}: {summary}\n{stderr}"
    );
    // Each problem is said on standard error, one line each.
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with("kifu: ")).count(),
        problems,
        "{stderr}"
    );
    summary
}

/// Audit findings as parsed JSON lines.
pub fn audit_json(db: &Path, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["audit", "--json", "--db", db.to_str().unwrap()];
    args.extend_from_slice(extra);
    kifu_ok(&args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The finding codes `kifu audit --json` lists for `db` under the filter `extra`.
pub fn audit_codes(db: &Path, extra: &[&str]) -> std::collections::BTreeSet<String> {
    audit_json(db, extra)
        .iter()
        .filter_map(|f| f["code"].as_str().map(str::to_owned))
        .collect()
}

/// The bytes of the files under `p` (a directory, or one file).
pub fn bytes_under(p: &Path) -> u64 {
    if p.is_dir() {
        std::fs::read_dir(p)
            .unwrap()
            .map(|e| bytes_under(&e.unwrap().path()))
            .sum()
    } else {
        std::fs::metadata(p).unwrap().len()
    }
}

pub fn count(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// The names of the database's tables, in name order.
pub fn table_names(conn: &rusqlite::Connection) -> Vec<String> {
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Row counts of every table, to show that a second ingest adds nothing.
pub fn table_counts(db: &Path) -> Vec<(String, i64)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    table_names(&conn)
        .into_iter()
        .map(|t| {
            let n = conn
                .query_row(&format!("SELECT count(*) FROM \"{t}\""), [], |r| r.get(0))
                .unwrap();
            (t, n)
        })
        .collect()
}

/// The tables' row counts (the position index is a file of its own: its entries are
/// compared by [`index_verify`]).
pub fn game_table_counts(db: &Path) -> Vec<(String, i64)> {
    table_counts(db)
        .into_iter()
        .filter(|(t, _)| !t.starts_with("position_"))
        .collect()
}

/// `kifu index --verify --json`, parsed: the index against the stored games.
pub fn index_verify(db: &Path) -> serde_json::Value {
    let out = kifu(&["index", "--verify", "--json", "--db", db.to_str().unwrap()]);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "index --verify gave no JSON ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Asserts the position index is complete and holds exactly the stored games' entries.
pub fn assert_index_consistent(db: &Path) {
    let v = index_verify(db);
    assert_eq!(v["state"], "complete", "{v}");
    assert_eq!(assert_index_follows_its_mark(db), 0, "{v}");
}

/// Asserts the position index holds exactly the entries of the games up to its mark and no
/// other (it may be behind: a killed ingest); how many games it does not cover yet.
pub fn assert_index_follows_its_mark(db: &Path) -> u64 {
    let v = index_verify(db);
    assert_eq!(v["differing"], 0, "{v}");
    assert_eq!(v["entries_of_absent_games"], 0, "{v}");
    assert_eq!(v["expected_entries"], v["stored_entries"], "{v}");
    v["not_indexed"].as_u64().unwrap()
}

/// `kifu generate ARGS --out dir/name`; the file's path.
pub fn generate(dir: &Path, args: &[&str], name: &str) -> PathBuf {
    let out = dir.join(name);
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap()]);
    kifu_ok(&all);
    out
}

/// The Python interpreter that imports every one of `modules`: `$KIFU_PYTHON` (.ci/run
/// sets up one with duckdb and pyspark), else `python3`; `None` (the test skips) when it
/// cannot, unless `KIFU_REQUIRE_SHARED=1`: then the test fails.
pub fn python_with(modules: &[&str]) -> Option<PathBuf> {
    let python = std::env::var_os("KIFU_PYTHON").map_or_else(|| "python3".into(), PathBuf::from);
    let ok = Command::new(&python)
        .args(["-c", &format!("import {}", modules.join(", "))])
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        return Some(python);
    }
    let why = format!(
        "{} cannot import {} (set KIFU_PYTHON to a Python with `pip install {}`)",
        python.display(),
        modules.join(", "),
        modules.join(" ")
    );
    if kifu_testdata::required() {
        panic!("{why} and KIFU_REQUIRE_SHARED=1");
    }
    eprintln!("skipped: {why}");
    None
}

/// Runs a Python script of the repository, asserts success, returns its stdout as JSON.
pub fn python_json(python: &Path, script: &str, args: &[&Path]) -> serde_json::Value {
    let run = Command::new(python)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(script))
        .args(args)
        .env("PYSPARK_PYTHON", python)
        .output()
        .expect("run python");
    assert!(
        run.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).expect("the script's JSON")
}

/// A copy of [`ccpd_db`] in `dir` (`dir/k.db`, with the files beside it: its WAL and its
/// position index), for a test that writes to it (curates): a copy takes a second where an
/// ingest takes a minute.
pub fn ccpd_db_copy(dir: &Path) -> Option<PathBuf> {
    let copy = dir.join("k.db");
    copy_database(&ccpd_db()?, &copy);
    Some(copy)
}

/// Copies the database `from` and the files SQLite and kifu keep beside it (its WAL and
/// its position index, but the shared memory index, which each opener makes) to `to`.
pub fn copy_database(from: &Path, to: &Path) {
    let name = from.file_name().unwrap().to_str().unwrap();
    for entry in std::fs::read_dir(from.parent().unwrap()).unwrap() {
        let path = entry.unwrap().path();
        let Some(file) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if let Some(suffix) = file.strip_prefix(name) {
            if (suffix.is_empty() || suffix.starts_with('-')) && !suffix.ends_with("-shm") {
                std::fs::copy(&path, format!("{}{suffix}", to.display())).unwrap();
            }
        }
    }
}

/// The 2015 World Xiangqi Championship, as its records name it.
pub const WORLD_CHAMPIONSHIP: &str = "2015年慕中杯第14届世界象棋锦标赛";
/// The DPXQ collection that holds it.
pub const DPXQ: &str = "xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz";

/// A database of [`DPXQ`] alone, ingested once for the tests that only read it; a test
/// that writes (curates) works on a [`copy_database`]. `None` when the collection is
/// missing (see [`shared`]).
pub fn world_championship_db() -> Option<&'static Path> {
    static DB: OnceLock<Option<PathBuf>> = OnceLock::new();
    DB.get_or_init(|| {
        let dpxq = shared(DPXQ)?;
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("world-championship");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("kifu.db");
        ingest_ok(&db, &[&dpxq]);
        Some(db)
    })
    .as_deref()
}

/// `kifu COMMAND -q --db DB --edition public --lang LANG --out OUT MORE…`, which must
/// succeed (COMMAND `site` or `report`; MORE its filter and other flags): the public
/// edition as the tests build it. Returns stdout.
pub fn public_edition(command: &str, db: &Path, lang: &str, out: &Path, more: &[&str]) -> String {
    let mut args = vec![
        command,
        "-q",
        "--db",
        db.to_str().unwrap(),
        "--edition",
        "public",
        "--lang",
        lang,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    kifu_ok(&args)
}

/// A database of CCPD alone, ingested once for the tests that only read it (`None` when
/// the archive is missing: see [`shared`]).
pub fn ccpd_db() -> Option<PathBuf> {
    static DB: OnceLock<Option<tempfile::TempDir>> = OnceLock::new();
    let dir = DB.get_or_init(|| {
        let ccpd = shared("xiangqi/ccpd/ccpd_dataset_big5.tar.xz")?;
        let dir = tempfile::tempdir().unwrap();
        ingest_json(&dir.path().join("k.db"), &[&ccpd]);
        Some(dir)
    });
    dir.as_ref().map(|d| d.path().join("k.db"))
}

/// A database of train-2 alone (147k Renju games), ingested once for the tests that only
/// read it (`None` when the archive is missing: see [`shared`]).
pub fn train2_db() -> Option<PathBuf> {
    static DB: OnceLock<Option<tempfile::TempDir>> = OnceLock::new();
    let dir = DB.get_or_init(|| {
        let archive = shared("renju/games/dasimagin_renju_train-2.tar.xz")?;
        let dir = tempfile::tempdir().unwrap();
        ingest_json(&dir.path().join("renju.db"), &[&archive]);
        Some(dir)
    });
    dir.as_ref().map(|d| d.path().join("renju.db"))
}

/// How many files in `dir` (not below it) end in `.EXT`: a site's game pages, pictures or
/// records.
pub fn files_with_extension(dir: &Path, ext: &str) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == ext)
        })
        .count()
}

/// The `href` of the link marked `rel="REL"` in `html`, if there is one.
pub fn rel_link<'a>(html: &'a str, rel: &str) -> Option<&'a str> {
    let open = format!("rel=\"{rel}\" href=\"");
    let rest = &html[html.find(&open)? + open.len()..];
    Some(&rest[..rest.find('"').unwrap()])
}
