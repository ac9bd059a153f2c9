//! The export's data contract read by another engine: DuckDB (from PyPI) reproduces
//! `kifu stats`' Renju opening table and Xiangqi results table on real collections from the
//! documented columns alone (tests/contract/duckdb_tables.py), and decodes the moves in SQL.
//!
//! The Python that has `duckdb` is `$KIFU_PYTHON` (.ci/run sets it up), else `python3`.
//! Without it the test is skipped, unless `KIFU_REQUIRE_SHARED=1`: then it fails.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{count, ingest_json, kifu_ok, python_json, python_with, shared};

/// Whether two JSON values are equal, numbers to 1e-9 (DuckDB and polars sum floats in
/// different orders).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            (x.as_f64().unwrap() - y.as_f64().unwrap()).abs() < 1e-9
        }
        _ => a == b,
    }
}

/// Asserts DuckDB's rows equal kifu's, column by column of kifu's table, in order.
fn assert_same_table(table: &str, duck: &Value, kifu: &Value) {
    let (duck, kifu) = (duck.as_array().unwrap(), kifu.as_array().unwrap());
    assert_eq!(duck.len(), kifu.len(), "{table}: rows");
    for (d, k) in duck.iter().zip(kifu) {
        for (column, value) in k.as_object().unwrap() {
            assert!(
                same(&d[column], value),
                "{table}.{column}: DuckDB {} but kifu {value}\n{d}\n{k}",
                d[column]
            );
        }
    }
}

/// Games of `kind` whose first move is the two bytes `from`, `to` (standard start only).
fn first_move_games(db: &Path, from: u8, to: u8) -> i64 {
    count(
        db,
        &format!(
            "SELECT count(*) FROM moves m JOIN games g ON g.id = m.game_id
             WHERE g.kind = 'xiangqi' AND substr(m.data, 1, 2) = x'{from:02x}{to:02x}'
               AND json_extract(g.extra, '$.start_fen') IS NULL"
        ),
    )
}

#[test]
fn duckdb_reproduces_the_renju_opening_and_xiangqi_results_tables() {
    let Some(renju) = shared("renju/games/dasimagin_renju_train-2.tar.xz") else {
        return;
    };
    let Some(xiangqi) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let Some(python) = python_with(&["duckdb"]) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&renju, &xiangqi]);
    let d = db.to_str().unwrap();
    let out = dir.path().join("export");
    kifu_ok(&["export", "--db", d, "--out", out.to_str().unwrap()]);
    let stats: Value = serde_json::from_str(&kifu_ok(&["stats", "--db", d, "--format", "json"]))
        .expect("stats JSON");

    // DuckDB's tables from an export's Parquet files.
    let duck_tables =
        |export: &Path| python_json(&python, "tests/contract/duckdb_tables.py", &[export]);
    let duck = duck_tables(&out);

    // The same inputs ingested straight to Parquet, no database.
    let shard = dir.path().join("shard");
    let ingested: Value = serde_json::from_str(&kifu_ok(&[
        "ingest",
        "--json",
        "--to-parquet",
        shard.to_str().unwrap(),
        renju.to_str().unwrap(),
        xiangqi.to_str().unwrap(),
    ]))
    .expect("ingest --json gives JSON");
    check_shard(&python, &db, &out, &shard, &ingested, Some(&stats));

    // The two tables, row for row: the counting rules are in the columns.
    assert_eq!(
        stats["renju_balance_by_opening"].as_array().unwrap().len(),
        26
    );
    for table in ["renju_balance_by_opening", "xiangqi_results"] {
        assert_same_table(table, &duck[table], &stats[table]);
    }

    // Every table read, with the database's row counts.
    let c = &duck["counts"];
    assert_eq!(c["games"], count(&db, "SELECT count(*) FROM games"));
    assert_eq!(c["moves"], count(&db, "SELECT count(*) FROM moves"));
    assert_eq!(
        c["players"],
        count(&db, "SELECT count(*) FROM game_players")
    );
    assert_eq!(c["comments"], count(&db, "SELECT count(*) FROM comments"));
    assert_eq!(c["findings"], count(&db, "SELECT count(*) FROM findings"));
    assert_eq!(
        c["quarantine"],
        count(&db, "SELECT count(*) FROM quarantine")
    );
    assert_eq!(c["sources"], 2);
    // The derived ratings table: every stored row, and the top of `kifu ratings` from it.
    assert_eq!(c["ratings"], count(&db, "SELECT count(*) FROM ratings"));
    let top: Value = serde_json::from_str(&kifu_ok(&[
        "ratings", "--db", d, "--game", "xiangqi", "--top", "1", "--format", "json",
    ]))
    .unwrap();
    let duck_top = duck["top_rated"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "xiangqi")
        .expect("xiangqi ratings");
    assert_eq!(duck_top["player"], top["lines"][0]["player"]);
    assert_eq!(duck_top["rating"], top["lines"][0]["rating"]);

    // Renju codes decode in SQL to exactly the exported move texts, on every game.
    let r = &duck["renju_decode"];
    assert_eq!(
        r["games"],
        count(&db, "SELECT count(*) FROM games WHERE kind = 'renju'")
    );
    assert_eq!(
        r["moves"],
        count(
            &db,
            "SELECT sum(length(m.data)) FROM moves m JOIN games g ON g.id = m.game_id
             WHERE g.kind = 'renju'"
        )
    );
    assert_eq!(r["differing"], 0);
    // Xiangqi codes decode in SQL to ICCS; each opening move pairs with its Chinese text,
    // in as many games as the stored move bytes say (square = rank * 9 + file).
    let expected: Vec<Value> = [
        ("b2e2", "炮八平五", 19, 22),
        ("c3c4", "兵七进一", 29, 38),
        ("h0g2", "马二进三", 7, 24),
        ("h2e2", "炮二平五", 25, 22),
    ]
    .into_iter()
    .map(|(iccs, text, from, to)| {
        serde_json::json!({"iccs": iccs, "text": text, "games": first_move_games(&db, from, to)})
    })
    .collect();
    assert_eq!(duck["xiangqi_first"], Value::Array(expected));

    // Findings come through with their code, severity and forbidden kind.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT code, forbidden_kind, severity, count(*) FROM findings
             GROUP BY code, forbidden_kind, severity
             ORDER BY code, forbidden_kind NULLS FIRST, severity",
        )
        .unwrap();
    let stored: Vec<Value> = stmt
        .query_map([], |r| {
            Ok(serde_json::json!({
                "code": r.get::<_, String>(0)?,
                "forbidden_kind": r.get::<_, Option<String>>(1)?,
                "severity": r.get::<_, String>(2)?,
                "findings": r.get::<_, i64>(3)?,
            }))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(stored.iter().any(|f| !f["forbidden_kind"].is_null()));
    assert_eq!(duck["findings_by_kind"], Value::Array(stored));

    // The Parquet files say what they are, and no column needs quoting.
    assert_eq!(
        duck["metadata"],
        serde_json::json!({
            "kifu.version": env!("CARGO_PKG_VERSION"),
            "kifu.schema_version": "2",
            "kifu.table": "games",
        })
    );
    assert_eq!(duck["schema_in_metadata"], 2);
    assert_eq!(duck["reserved_columns"], serde_json::json!([]));

    // With a curation applied (two corrections, and the Chinese rules in force for the
    // World Championship), DuckDB on the export still equals `kifu stats`, and the tables
    // have changed.
    let key = |kind: &str, result: &str| -> String {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row(
            "SELECT s.content_hash || ':' || g.member || ':' || g.offset FROM games g
             JOIN sources s ON s.id = g.source_id
             WHERE g.kind = ?1 AND g.duplicate_of IS NULL AND g.opening IS NOT NULL
               AND g.recorded_result = ?2 AND g.termination NOT IN ('five', 'checkmate')
             ORDER BY g.id LIMIT 1",
            [kind, result],
            |r| r.get(0),
        )
        .unwrap()
    };
    let curation = dir.path().join("curation.toml");
    std::fs::write(
        &curation,
        format!(
            "[[event]]\nmatch = {{ event = \"2015年慕中杯第14届世界象棋锦标赛\" }}\n\
             name = \"World Championship 2015\"\nrules = \"chinese\"\n\n\
             [[result]]\ngame = \"{}\"\nresult = \"draw\"\nreason = \"test\"\n\
             by = \"auditor\"\ndate = \"2026-11-27\"\n\n\
             [[result]]\ngame = \"{}\"\nresult = \"black\"\nreason = \"test\"\n\
             by = \"auditor\"\ndate = \"2026-11-27\"\n",
            key("renju", "black"),
            key("xiangqi", "red"),
        ),
    )
    .unwrap();
    kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    let curated = dir.path().join("curated");
    kifu_ok(&["export", "--db", d, "--out", curated.to_str().unwrap()]);
    let curated_stats: Value =
        serde_json::from_str(&kifu_ok(&["stats", "--db", d, "--format", "json"])).unwrap();
    let curated_duck = duck_tables(&curated);
    for table in ["renju_balance_by_opening", "xiangqi_results"] {
        assert_ne!(
            curated_stats[table], stats[table],
            "{table}: the curation counts"
        );
        assert_same_table(table, &curated_duck[table], &curated_stats[table]);
    }
}

/// `ingest --to-parquet` of a database's inputs (`shard`) against `kifu export` of it
/// (`export`): every table equal on every column that is not an id local to the database
/// or shard; the shard's own ids linked up; its Renju opening and Xiangqi results tables
/// from DuckDB equal to `kifu stats` on the database.
fn check_shard(
    python: &Path,
    db: &Path,
    export: &Path,
    shard: &Path,
    ingested: &Value,
    stats: Option<&Value>,
) {
    let run = |script: &str, args: &[&Path]| -> Value {
        python_json(python, &format!("tests/contract/{script}"), args)
    };
    let compared = run("duckdb_compare.py", &[export, shard]);
    let stored = [
        ("games", count(db, "SELECT count(*) FROM games")),
        ("players", count(db, "SELECT count(*) FROM game_players")),
        ("moves", count(db, "SELECT count(*) FROM moves")),
        ("comments", count(db, "SELECT count(*) FROM comments")),
        ("findings", count(db, "SELECT count(*) FROM findings")),
        ("quarantine", count(db, "SELECT count(*) FROM quarantine")),
        ("sources", count(db, "SELECT count(*) FROM sources")),
        ("variations", count(db, "SELECT count(*) FROM variations")),
        ("move_marks", count(db, "SELECT count(*) FROM move_marks")),
        ("decisions", count(db, "SELECT count(*) FROM decisions")),
        (
            "library_texts",
            count(db, "SELECT count(*) FROM library_texts"),
        ),
    ];
    for (table, rows) in stored {
        let c = &compared[table];
        assert_eq!(c["rows_a"], rows, "{table}: rows of the export");
        assert_eq!(c["rows_b"], rows, "{table}: rows of the shard");
        assert_eq!(
            c["only_a"], 0,
            "{table}: rows of the export not in the shard"
        );
        assert_eq!(
            c["only_b"], 0,
            "{table}: rows of the shard not in the export"
        );
        assert_eq!(
            ingested["tables"][table], rows,
            "{table}: rows ingest reports"
        );
    }
    // Not a column is left out of the comparison but the local ids.
    let games: Vec<&str> = compared["games"]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(games.len(), 34);
    assert!(games.contains(&"first_copy") && games.contains(&"duplicate_of_key"));
    let linked = serde_json::json!({"copies": 0, "findings": 0});
    assert_eq!(compared["unlinked_a"], linked);
    assert_eq!(compared["unlinked_b"], linked);
    let duplicates = count(
        db,
        "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL",
    );
    assert!(duplicates > 0);
    assert_eq!(ingested["duplicates"], duplicates);
    assert_eq!(ingested["games"], count(db, "SELECT count(*) FROM games"));

    let Some(stats) = stats else {
        return;
    };
    let duck = run("duckdb_tables.py", &[shard]);
    for table in ["renju_balance_by_opening", "xiangqi_results"] {
        assert_same_table(table, &duck[table], &stats[table]);
    }
    assert_eq!(duck["renju_decode"]["differing"], 0);
}

/// The samples (all four kinds, comments, linked copies, a quarantined record, several
/// files) ingested both ways give the same dataset.
#[test]
fn ingest_to_parquet_of_the_samples_equals_their_export() {
    let Some(python) = python_with(&["duckdb"]) else {
        return;
    };
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&samples]);
    for table in ["quarantine", "comments", "game_players"] {
        assert!(
            count(&db, &format!("SELECT count(*) FROM {table}")) > 0,
            "{table}"
        );
    }
    assert!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL"
        ) > 0
    );
    assert_eq!(count(&db, "SELECT count(DISTINCT kind) FROM games"), 4);
    export_and_shard(&python, dir.path(), &db, &[&samples]);
}

/// The 象棋桥 libraries' texts (each library's remarks, the 1989 library's two title
/// cards) are in both datasets alike, and a library's `records` counts its cards.
#[test]
fn library_texts_are_exported_and_sharded_alike() {
    let Some(python) = python_with(&["duckdb"]) else {
        return;
    };
    let mut libraries = Vec::new();
    for name in [
        "1956年全国象棋锦标赛93局.CBL",
        "1989年龙化杯象棋名师邀请赛35局.CBL",
    ] {
        let Some(path) = shared(&format!("xiangqi/xqf_cbl_samples/walker8088_cchess/{name}"))
        else {
            return;
        };
        libraries.push(path);
    }
    let libraries: Vec<&Path> = libraries.iter().map(|p| p.as_path()).collect();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &libraries);
    assert_eq!(count(&db, "SELECT count(*) FROM library_texts"), 4);
    assert_eq!(
        count(&db, "SELECT sum(records) FROM sources"),
        93 + 38,
        "the cards are records, the remarks not"
    );
    export_and_shard(&python, dir.path(), &db, &libraries);
}

/// `kifu export` of `db` and `ingest --to-parquet` of its `inputs`, under `dir`, compared
/// by [`check_shard`].
fn export_and_shard(python: &Path, dir: &Path, db: &Path, inputs: &[&Path]) {
    let out = dir.join("export");
    kifu_ok(&[
        "export",
        "--db",
        db.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let shard = dir.join("shard");
    let mut args = vec!["ingest", "--json", "--to-parquet", shard.to_str().unwrap()];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    let ingested: Value = serde_json::from_str(&kifu_ok(&args)).unwrap();
    check_shard(python, db, &out, &shard, &ingested, None);
}

/// Records without moves linked by their headers (the 228 move-less records of `rps.bdt`
/// and the same records in `full_dataset.txt`) are linked alike in a shard.
#[test]
fn ingest_to_parquet_links_records_without_moves_as_the_database_does() {
    let Some(python) = python_with(&["duckdb"]) else {
        return;
    };
    let (Some(rps), Some(full)) = (
        shared("renju/games/bdt/stefs92_rps.bdt"),
        shared("renju/games/bdt/stefs92_full_dataset.txt"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&rps, &full]);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE plies = 0 AND duplicate_of IS NOT NULL"
        ),
        228
    );
    export_and_shard(&python, dir.path(), &db, &[&rps, &full]);
}

/// Hidden entries beside `out` that an export of it writes while it runs.
fn leftovers(out: &Path) -> Vec<String> {
    let prefix = format!(".{}.kifu-", out.file_name().unwrap().to_string_lossy());
    std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .collect()
}

/// Waits (at most 60 s) until `ready` holds while `child` still runs, then kills it.
fn kill_when(mut child: std::process::Child, what: &str, ready: impl Fn() -> bool) {
    let started = std::time::Instant::now();
    while !ready() {
        assert!(
            started.elapsed().as_secs() < 60,
            "{what}: not under way in 60 s"
        );
        assert!(child.try_wait().unwrap().is_none(), "{what} ended first");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(child.try_wait().unwrap().is_none(), "{what} ended first");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_killed_export_leaves_nothing_under_the_final_name() {
    let dir = tempfile::tempdir().unwrap();
    let input = crate::common::generate(
        dir.path(),
        &["--game", "renju", "--games", "20000"],
        "g.renju",
    );
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&input]);
    let out = dir.path().join("export");
    let child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["export", "--db", db.to_str().unwrap(), "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once it has written its first games part (it writes for seconds more).
    let first_part = || {
        leftovers(&out).iter().any(|t| {
            std::fs::read_dir(dir.path().join(t).join("games"))
                .is_ok_and(|mut d| d.next().is_some())
        })
    };
    kill_when(child, "the export", first_part);
    assert!(!out.exists(), "a half-written dataset under the final name");
    assert_eq!(leftovers(&out).len(), 1);
    // The next export completes, and removes what the killed one left.
    kifu_ok(&[
        "export",
        "--db",
        db.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(out.join("_schema.json").is_file());
    assert_eq!(leftovers(&out), Vec::<String>::new());
}

#[test]
fn a_killed_ingest_to_parquet_leaves_nothing_under_the_final_name() {
    let dir = tempfile::tempdir().unwrap();
    let input = crate::common::generate(
        dir.path(),
        &["--game", "renju", "--games", "20000"],
        "g.renju",
    );
    let out = dir.path().join("shard");
    let child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["ingest", "--threads", "1", "--to-parquet"])
        .arg(&out)
        .arg(&input)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it 300 ms after it has begun its dataset (it reads and writes for seconds
    // more; its first part is written only when a row group fills).
    let begun = std::cell::Cell::new(None::<std::time::Instant>);
    let under_way = || {
        if begun.get().is_none() && !leftovers(&out).is_empty() {
            begun.set(Some(std::time::Instant::now()));
        }
        begun
            .get()
            .is_some_and(|t| t.elapsed() >= std::time::Duration::from_millis(300))
    };
    kill_when(child, "the ingest", under_way);
    assert!(!out.exists(), "a half-written dataset under the final name");
    assert_eq!(leftovers(&out).len(), 1);
    // The next run completes, and removes what the killed one left.
    let (o, i) = (out.to_str().unwrap(), input.to_str().unwrap());
    let done: Value =
        serde_json::from_str(&kifu_ok(&["ingest", "--json", "--to-parquet", o, i])).unwrap();
    assert_eq!(done["games"], 20000);
    assert_eq!(done["tables"]["games"], 20000);
    assert!(out.join("_schema.json").is_file());
    assert_eq!(leftovers(&out), Vec::<String>::new());
    // A second run may not write over it unless told to.
    let again = crate::common::kifu(&["ingest", "--to-parquet", o, i]);
    assert!(!again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&again.stderr).trim(),
        format!("kifu: ingest into {o}: ingest --to-parquet: {o} exists (--overwrite replaces it)")
    );
    kifu_ok(&["ingest", "--to-parquet", o, "--overwrite", i]);
    assert_eq!(leftovers(&out), Vec::<String>::new());
}
