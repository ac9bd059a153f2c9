//! The Spark job (`scale/spark/`) in local mode on the real Renju and CCPD sets: its
//! summary tables equal `kifu stats` on a database of the same inputs, and its dataset
//! equals `kifu export` of that database on every column (ids included) but the time of
//! writing, with copies linked across shards.
//!
//! It needs a Python with pyspark and duckdb (`$KIFU_PYTHON`, set up by .ci/run) and a
//! Java runtime; without them the test is skipped, unless `KIFU_REQUIRE_SHARED=1`.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use crate::common::{count, ingest_json, kifu_ok, python_json, python_with, shared};

/// Whether `java` runs; a skip (or, with `KIFU_REQUIRE_SHARED=1`, a failure) when not.
fn java_present() -> bool {
    let ok = Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        if std::env::var("KIFU_REQUIRE_SHARED").as_deref() == Ok("1") {
            panic!("no Java runtime (`java -version` fails) and KIFU_REQUIRE_SHARED=1");
        }
        eprintln!("skipped: no Java runtime for pyspark");
    }
    ok
}

/// The Spark job's command with its arguments, ready to run.
fn spark_job(python: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(python);
    cmd.arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scale/spark/kifu_spark.py"))
        .args(["--kifu", env!("CARGO_BIN_EXE_kifu")])
        .args(args)
        .env("PYSPARK_PYTHON", python)
        // Local mode on this machine's cores, whatever the environment says, bound to the
        // loopback address (a container's host name may not resolve).
        .env_remove("SPARK_HOME")
        .env_remove("MASTER")
        .env("SPARK_LOCAL_IP", "127.0.0.1");
    cmd
}

#[test]
fn spark_job_equals_kifu_stats_and_export_on_the_renju_and_ccpd_sets() {
    let Some(renju) = shared("renju/games") else {
        return;
    };
    let Some(ccpd) = shared("xiangqi/ccpd/ccpd_dataset_big5.tar.xz") else {
        return;
    };
    // Results without moves: counted in the balance by rule, by the contract's
    // results_only_formats.
    let Some(results) = shared("renju/results") else {
        return;
    };
    let Some(python) = python_with(&["pyspark", "duckdb"]) else {
        return;
    };
    if !java_present() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&renju, &ccpd, &results]);
    let d = db.to_str().unwrap();
    let uncurated: Value =
        serde_json::from_str(&kifu_ok(&["stats", "--db", d, "--format", "json"])).unwrap();
    // With a curation applied: an identity, a named rule (`RIF (renjunet:1)`), an event
    // under the Chinese rules, a correction and a decision. The job joins its facts (`kifu curate --facts`) on by game key.
    let one = |sql: &str| -> (String, String) {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row(sql, [], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
    };
    let (corrected, _) = one(
        "SELECT s.content_hash || ':' || g.member || ':' || g.offset, g.kind FROM games g
         JOIN sources s ON s.id = g.source_id
         WHERE g.kind = 'renju' AND g.duplicate_of IS NULL AND g.opening IS NOT NULL
           AND g.recorded_result = 'black' AND g.termination <> 'five'
         ORDER BY g.id LIMIT 1",
    );
    let (decided, code) = one(
        "SELECT s.content_hash || ':' || g.member || ':' || g.offset, x.code FROM findings x
         JOIN games g ON g.id = x.game_id JOIN sources s ON s.id = g.source_id
         ORDER BY x.id LIMIT 1",
    );
    let curation = dir.path().join("curation.toml");
    std::fs::write(
        &curation,
        format!(
            "[[player]]\nname = \"胡荣华\"\naliases = [\"胡榮華\", \"上海胡榮華\"]\n\n\
             [[rule]]\nid = \"renjunet:1\"\nname = \"RIF\"\n\n\
             [[event]]\nmatch = {{ event = \"“石林杯”全國象棋團體錦標賽*\", date = \"1998\" }}\n\
             name = \"1998 石林杯\"\nrules = \"chinese\"\n\n\
             [[result]]\ngame = \"{corrected}\"\nresult = \"white\"\nreason = \"test\"\n\
             by = \"auditor\"\ndate = \"2026-11-27\"\n\n\
             [[decision]]\ngame = \"{decided}\"\ncode = \"{code}\"\ndecision = \"confirmed\"\n\
             by = \"auditor\"\ndate = \"2026-11-27\"\n"
        ),
    )
    .unwrap();
    kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    let facts = dir.path().join("facts");
    kifu_ok(&["curate", "--db", d, "--facts", facts.to_str().unwrap()]);
    let stats = dir.path().join("stats.json");
    let curated = kifu_ok(&["stats", "--db", d, "--format", "json"]);
    let curated_json: Value = serde_json::from_str(&curated).unwrap();
    for table in [
        "renju_balance_by_opening",
        "renju_balance_by_rule",
        "findings_by_event",
        "xiangqi_results",
    ] {
        assert_ne!(
            curated_json[table], uncurated[table],
            "{table}: the curation counts"
        );
    }
    std::fs::write(&stats, curated).unwrap();
    let export = dir.path().join("export");
    kifu_ok(&["export", "--db", d, "--out", export.to_str().unwrap()]);

    let out = dir.path().join("spark");
    let staging = dir.path().join("staging");
    let (out_s, staging_s) = (out.to_str().unwrap(), staging.to_str().unwrap());
    let inputs = [
        renju.to_str().unwrap(),
        ccpd.to_str().unwrap(),
        results.to_str().unwrap(),
    ];
    let facts_s = facts.to_str().unwrap();
    let mut args = vec![
        "--out",
        out_s,
        "--staging",
        staging_s,
        "--partitions",
        "3",
        "--curation",
        facts_s,
    ];
    args.extend(inputs);
    let run = spark_job(&python, &args)
        .output()
        .expect("run the Spark job");
    assert!(
        run.status.success(),
        "the Spark job failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: Value = serde_json::from_slice(&run.stdout).expect("the job's JSON report");
    eprintln!("Spark job: {report}");

    // Eight files over three shards; every game, and copies linked across shards.
    assert_eq!(report["files"], 8);
    assert_eq!(report["shards"].as_array().unwrap().len(), 3);
    assert_eq!(report["games"], count(&db, "SELECT count(*) FROM games"));
    assert_eq!(
        report["first_copies"],
        count(&db, "SELECT count(*) FROM games WHERE duplicate_of IS NULL")
    );
    assert!(report["linked_across_shards"].as_i64().unwrap() > 0);

    // The summary tables, row for row, equal to kifu's.
    let compared = python_json(
        &python,
        "tests/spark/compare_stats.py",
        &[&out.join("_stats.json"), &stats],
    );
    let tables: Vec<&str> = compared
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        tables,
        [
            "findings_by_event",
            "findings_overview",
            "renju_balance",
            "renju_balance_by_opening",
            "renju_balance_by_rule",
            "renju_balance_by_rule_opening",
            "renju_balance_by_year",
            "xiangqi_results",
            "xiangqi_results_by_family",
        ]
    );
    let differ: Vec<String> = compared
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, c)| c["rows_spark"] != c["rows_kifu"] || c["differing"] != 0)
        .map(|(table, c)| format!("{table}: {c}"))
        .collect();
    assert!(
        differ.is_empty(),
        "tables that differ:\n{}",
        differ.join("\n")
    );
    assert_eq!(compared["renju_balance_by_opening"]["rows_kifu"], 26);

    // The dataset is kifu's export of the same inputs, ids included.
    let same = python_json(
        &python,
        "tests/contract/duckdb_compare.py",
        &[&export, &out, Path::new("--ids")],
    );
    for table in [
        "games",
        "players",
        "moves",
        "comments",
        "findings",
        "quarantine",
        "sources",
        "variations",
        "move_marks",
        "decisions",
        "library_texts",
    ] {
        let c = &same[table];
        assert_eq!(c["rows_a"], c["rows_b"], "{table}: rows\n{c}");
        assert_eq!(c["only_a"], 0, "{table}: export rows not in Spark's\n{c}");
        assert_eq!(c["only_b"], 0, "{table}: Spark rows not in the export\n{c}");
    }
    let linked = serde_json::json!({"copies": 0, "findings": 0});
    assert_eq!(same["unlinked_b"], linked);

    // Bad input: an existing dataset without --overwrite, a missing input path.
    let fresh = dir.path().join("x");
    for (args, message) in [
        (vec!["--out", out_s, inputs[1]], "exists (use --overwrite"),
        (
            vec!["--out", fresh.to_str().unwrap(), "/no/such/records"],
            "/no/such/records: no such file or directory",
        ),
    ] {
        let run = spark_job(&python, &args).output().unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(run.stdout.is_empty());
    }
    assert!(!fresh.exists());
}
