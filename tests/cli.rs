//! The CLI on hand-made records and the samples: arbiter checks, duplicates, quarantine,
//! show, demo, stats, export, report.

use std::path::Path;

use crate::common::{audit_json, count, ingest_json, kifu, kifu_ok, table_counts};

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn check_renju_lists_forbidden_points_with_kinds() {
    // realcore-01 (overline at k8), from the forbidden-move suite.
    let out = kifu_ok(&[
        "check",
        "renju",
        "--json",
        "--moves",
        "h8 i9 i8 g8 j8 h9 m8 h7 l8 i7",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["to_move"], "black");
    assert_eq!(
        v["forbidden"],
        serde_json::json!([{"point": "k8", "kind": "overline"}])
    );
    assert_eq!(v["winner"], serde_json::Value::Null);
    // A double-three and the text form.
    let out = kifu_ok(&[
        "check",
        "renju",
        "--moves",
        "h8 i9 j11 a1 j12 a2 k10 a3 l10 a4",
    ]);
    assert!(out.contains("forbidden j10: double-three"), "{out}");
    assert!(out.contains("black to move"), "{out}");
    // White to move: nothing is forbidden for White.
    let v: serde_json::Value =
        serde_json::from_str(&kifu_ok(&["check", "renju", "--json", "--moves", "h8"])).unwrap();
    assert_eq!(
        (
            v["to_move"].as_str(),
            v["forbidden"].as_array().map(Vec::len)
        ),
        (Some("white"), Some(0))
    );
    // Won: Black's exact five.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check",
        "renju",
        "--json",
        "--moves",
        "h8 a1 i8 a2 j8 a3 k8 a4 l8",
    ]))
    .unwrap();
    assert_eq!(v["winner"], "black");
    // Bad input is a clear error, not a panic.
    let out = kifu(&["check", "renju", "--moves", "h8 h8"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("h8 is already occupied"), "{err}");
    let out = kifu(&["check", "renju", "--moves", "h8 z99"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn ingest_links_mirrors_quarantines_bad_records_and_locates_findings() {
    let dir = tempfile::tempdir().unwrap();
    let games = write(
        dir.path(),
        "games.renju",
        "black h8 h9 i9 g10 j10 g8 k11 l12 g7\n\
         white h8 h9 zz i10\n\
         black h8 h9 i8 i9 j8 j9 a1 k9 b1 l9\n\
         unknown h8 a1 b2\n",
    );
    // The first game mirrored left-right, in another file and format (plain move list).
    let mirror = write(dir.path(), "mirror.txt", "[Black \"Ann O'Hara\"]\n[White \"中村 茂\"]\n1. h8 2. h9 3. g9 4. i10 5. f10 6. i8 7. e11 8. d12 9. i7\n");
    let db = dir.path().join("k.db");
    let s = ingest_json(&db, &[&games, &mirror]);
    assert_eq!(
        (
            s["records"].as_u64(),
            s["games"].as_u64(),
            s["quarantined"].as_u64()
        ),
        (Some(5), Some(4), Some(1)),
        "{s}"
    );
    assert_eq!(
        s["valid"].as_u64().unwrap() + s["with_findings"].as_u64().unwrap() + 1,
        5
    );
    assert_eq!(s["duplicates"], 1);
    assert_eq!(
        count(
            &db,
            "SELECT duplicate_of FROM games WHERE format = 'renju-plain'"
        ),
        1
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM players WHERE name IN ('Ann O''Hara', '中村 茂')"
        ),
        2
    );

    // The unreadable record is kept whole, with its error located at the bad text.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (raw, line): (String, i64) = conn
        .query_row("SELECT raw, line FROM quarantine", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!((raw.as_str(), line), ("white h8 h9 zz i10", 2));
    let bad = audit_json(&db, &["--code", "unreadable-record"]);
    assert_eq!(bad.len(), 1);
    assert_eq!(
        (bad[0]["line"].as_u64(), bad[0]["severity"].as_str()),
        (Some(2), Some("error"))
    );
    let col = bad[0]["column"].as_u64().unwrap();
    assert!((13..=14).contains(&col), "points into `zz`: {}", bad[0]);
    assert_eq!(bad[0]["game"], serde_json::Value::Null);

    // The contradicted result points at White's fifth stone l9: line 3, column 34.
    let f = audit_json(&db, &["--code", "result-contradicts-board"]);
    assert_eq!(f.len(), 1);
    let expected_offset = "black h8 h9 i9 g10 j10 g8 k11 l12 g7\nwhite h8 h9 zz i10\n".len() + 33;
    assert_eq!(
        (
            f[0]["line"].as_u64(),
            f[0]["column"].as_u64(),
            f[0]["offset"].as_u64(),
            f[0]["ply"].as_u64()
        ),
        (Some(3), Some(34), Some(expected_offset as u64), Some(10))
    );
    assert!(f[0]["source"].as_str().unwrap().ends_with("games.renju"));
    assert_eq!(f[0]["rule"], "renju §8-8");
    // Severity filter: `--severity error` leaves out warnings and info.
    let all = audit_json(&db, &[]);
    let errors = audit_json(&db, &["--severity", "error"]);
    assert!(errors.iter().all(|f| f["severity"] == "error"));
    assert!(all.len() > errors.len());

    // Show: the board with the last move marked and the game's findings.
    let game: i64 = conn
        .query_row(
            "SELECT id FROM games WHERE line = 3 AND format = 'renju-lines'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let out = kifu_ok(&["show", "--db", db.to_str().unwrap(), &game.to_string()]);
    assert!(out.contains("(O)"), "{out}");
    assert!(out.contains("result-contradicts-board"), "{out}");
    let out = kifu_ok(&[
        "show",
        "--db",
        db.to_str().unwrap(),
        &game.to_string(),
        "--ply",
        "6",
    ]);
    assert!(out.contains("move 6, black to move"), "{out}");

    // Again: nothing added.
    let before = table_counts(&db);
    let again = ingest_json(&db, &[&games, &mirror]);
    assert_eq!(again["files_skipped"], 2);
    assert_eq!(table_counts(&db), before);
}

#[test]
fn format_override_and_unknown_format() {
    let dir = tempfile::tempdir().unwrap();
    let odd = write(
        dir.path(),
        "club.dat",
        "2024,    1=[Alice,Bob,+,8889997AAA78BBCC77,?,-]\n",
    );
    let db = dir.path().join("k.db");
    let s = ingest_json(&db, &[&odd]);
    assert_eq!(s["records"], 1);
    let db2 = dir.path().join("k2.db");
    let out = kifu_ok(&[
        "ingest",
        "--json",
        "--format",
        "bdt",
        "--db",
        db2.to_str().unwrap(),
        odd.to_str().unwrap(),
    ]);
    let s: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (s["games"].as_u64(), s["quarantined"].as_u64()),
        (Some(1), Some(0))
    );
    let garbage = write(
        dir.path(),
        "noise.bin",
        "\u{1}\u{2}\u{3} not a record at all",
    );
    let db3 = dir.path().join("k3.db");
    let s = ingest_json(&db3, &[&garbage]);
    assert_eq!(s["quarantined"], 1, "{s}");
    let out = kifu(&[
        "ingest",
        "--format",
        "nonsense",
        "--db",
        db3.to_str().unwrap(),
        garbage.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn demo_ingests_the_samples_of_every_notation() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("demo")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("records read"), "{text}");
    assert!(text.contains("result-contradicts-board"), "{text}");
    // The overview is aligned as `kifu stats` aligns its tables, without polars' frame.
    assert!(text.contains("\nkind "), "{text}");
    assert!(!text.contains("shape:") && !text.contains('┌'), "{text}");
    let db = dir.path().join("kifu-demo.db");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare("SELECT DISTINCT format FROM games ORDER BY 1")
        .unwrap();
    let formats: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        formats,
        [
            "bdt",
            "chouchou-ccn",
            "chouchou-sheet",
            "dhtmlxq",
            "psq",
            "renju-lines",
            "renju-plain",
            "renlib",
            "rif-xml",
            "territorial-pgn",
            "xiangqi-pgn",
            "xqf"
        ]
    );
    // Names from the RIF sample, resolved through its player table.
    assert!(
        count(
            &db,
            "SELECT count(*) FROM games g JOIN game_players gp ON gp.game_id = g.id WHERE g.format = 'rif-xml' AND gp.seat = 1"
        ) >= 6
    );
    // The generated games of every kind joined the samples.
    for (kind, at_least) in [
        ("renju", 240),
        ("xiangqi", 90),
        ("territorial", 60),
        ("chouchou", 94),
    ] {
        let n = count(
            &db,
            &format!("SELECT count(*) FROM games WHERE kind = '{kind}'"),
        );
        assert!(n >= at_least, "{kind}: {n}");
    }
    // The report: HTML, Markdown, every chart as SVG and PNG.
    let report = dir.path().join("kifu-demo-report");
    assert!(
        text.contains("report: kifu-demo-report/index.html"),
        "{text}"
    );
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(html.contains("Renju: opening balance"));
    assert!(html.contains("ChouChou (珠取)"));
    assert!(report.join("report.md").is_file());
    let charts: Vec<_> = std::fs::read_dir(report.join("charts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let svg = charts
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "svg"));
    let png = charts
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "png"));
    // Each chart: a wide SVG and its PNG, and a narrow SVG for phones.
    assert_eq!(svg.count(), 2 * png.count());
    assert!(charts.len() >= 3 * 14, "{charts:?}");
    // Running it again starts afresh and gives the same database.
    let first = table_counts(&db);
    drop(stmt);
    drop(conn);
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("demo")
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(again.status.success());
    assert_eq!(table_counts(&db), first);
}

#[test]
fn compressed_files_and_tar_archives_are_read_as_streams() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let text = "black h8 h9 i9 g10 j10 g8 k11 l12 g7\nwhite h8 i9 j10 h10 i10 i11 g9 j12 k13 h12 g11 f10 i12 g12 f13\n";
    // A single .xz file.
    let xz_path = dir.path().join("games.renju.xz");
    let mut enc = xz2::write::XzEncoder::new(std::fs::File::create(&xz_path).unwrap(), 6);
    enc.write_all(text.as_bytes()).unwrap();
    enc.finish().unwrap();
    // A .tar.xz holding a BDT file and a move list.
    let tar_path = dir.path().join("club.tar.xz");
    let enc = xz2::write::XzEncoder::new(std::fs::File::create(&tar_path).unwrap(), 6);
    let mut builder = tar::Builder::new(enc);
    for (name, body) in [
        (
            "club/a.bdt",
            "2024,    1=[Alice,Bob,+,8889997AAA78BBCC77,?,-]\n",
        ),
        ("club/b.txt", "1. h8 2. a1 3. b2\n"),
    ] {
        let mut header = tar::Header::new_gnu();
        header.set_size(body.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder
            .append_data(&mut header, name, body.as_bytes())
            .unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap();

    let db = dir.path().join("k.db");
    let s = ingest_json(&db, &[&xz_path, &tar_path]);
    assert_eq!(
        (s["records"].as_u64(), s["quarantined"].as_u64()),
        (Some(4), Some(0)),
        "{s}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare("SELECT member, format, line FROM games ORDER BY id")
        .unwrap();
    let rows: Vec<(String, String, i64)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows,
        [
            ("".to_owned(), "renju-lines".to_owned(), 1),
            ("".to_owned(), "renju-lines".to_owned(), 2),
            ("club/a.bdt".to_owned(), "bdt".to_owned(), 1),
            ("club/b.txt".to_owned(), "renju-plain".to_owned(), 1),
        ]
    );
    let findings = audit_json(&db, &[]);
    assert!(findings.iter().any(|f| f["source"]
        .as_str()
        .unwrap()
        .ends_with("club.tar.xz!club/b.txt")));
}

/// The samples ingested into a fresh database in `dir`.
fn samples_db(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("samples.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    ingest_json(&db, &[&samples]);
    db
}

#[test]
fn stats_prints_tables_json_csv_and_parquet() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();

    let text = kifu_ok(&["stats", "--db", d]);
    for name in [
        "renju_balance_by_opening",
        "xiangqi_rulings",
        "territorial_summary",
        "chouchou_summary",
        "findings_overview",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }

    // JSON: one object of tables; the Renju balance per canonical opening (the games
    // classified as one of the 26 and played out: linked copies and forfeits left out).
    let json: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "stats", "--db", d, "--game", "renju", "--by", "opening", "--format", "json",
    ]))
    .unwrap();
    let rows = json["renju_balance_by_opening"].as_array().unwrap();
    let games: u64 = rows.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    assert_eq!(
        games as i64,
        count(
            &db,
            "SELECT count(*) FROM games g
             WHERE kind = 'renju' AND duplicate_of IS NULL AND opening IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                               AND x.code = 'forfeit-result')"
        )
    );
    for r in rows {
        let (w, l, dr) = (
            r["black_wins"].as_u64().unwrap(),
            r["white_wins"].as_u64().unwrap(),
            r["draws"].as_u64().unwrap(),
        );
        assert_eq!(w + l + dr, r["results"].as_u64().unwrap(), "{r}");
    }

    // CSV on stdout: each table under a `# name` line.
    let csv = kifu_ok(&["stats", "--db", d, "--game", "xiangqi", "--format", "csv"]);
    assert!(csv.starts_with("# xiangqi_results\n"), "{csv}");
    assert!(csv.contains("\n# xiangqi_rulings\n"));

    // CSV and Parquet into a directory, one file per table.
    let out = dir.path().join("stats-parquet");
    let listed = kifu_ok(&[
        "stats",
        "--db",
        d,
        "--format",
        "parquet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(listed.lines().count() >= 10, "{listed}");
    for line in listed.lines() {
        let bytes = std::fs::read(line).unwrap();
        assert_eq!(&bytes[..4], b"PAR1", "{line}");
    }

    // Bad requests are clear errors.
    let bad = kifu(&["stats", "--db", d, "--by", "colour"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown grouping"));
    let bad = kifu(&["stats", "--db", d, "--format", "parquet"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("needs --out"));
}

#[test]
fn export_writes_the_contract_tables_and_csv() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let out = dir.path().join("export");
    let o = out.to_str().unwrap();
    let listed = kifu_ok(&["export", "--db", d, "--out", o]);
    // One directory per table of the contract, each with its part files, and the schema.
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
        let parts: Vec<_> = std::fs::read_dir(out.join(table))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert!(!parts.is_empty(), "{table}\n{listed}");
        for part in parts {
            assert!(
                listed.contains(part.to_str().unwrap()),
                "{}",
                part.display()
            );
            let bytes = std::fs::read(&part).unwrap();
            assert_eq!(&bytes[..4], b"PAR1", "{}", part.display());
        }
    }
    assert!(out.join("_schema.json").is_file());
    // Again without --overwrite: an error naming the way out; with it, replaced.
    let again = kifu(&["export", "--db", d, "--out", o]);
    assert!(!again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&again.stderr).trim(),
        format!("kifu: export: {o} exists (--overwrite replaces it)")
    );
    let replaced = kifu_ok(&["export", "--db", d, "--out", o, "--overwrite"]);
    // Nothing new to append: nothing written; both flags at once: refused by the parser.
    let appended = kifu_ok(&["export", "--db", d, "--out", o, "--append"]);
    assert_eq!(appended.trim(), format!("{o}/_export.json"));
    let both = kifu(&["export", "--db", d, "--out", o, "--append", "--overwrite"]);
    assert!(!both.status.success());
    assert_eq!(replaced.lines().count(), listed.lines().count());
    assert!(replaced.lines().all(|l| !listed.contains(l)
        || l.ends_with("_schema.json")
        || l.ends_with("_export.json")));

    let csv = dir.path().join("export-csv");
    kifu_ok(&[
        "export",
        "--db",
        d,
        "--format",
        "csv",
        "--out",
        csv.to_str().unwrap(),
    ]);
    let games = std::fs::read_to_string(csv.join("games.csv")).unwrap();
    assert_eq!(
        games.lines().filter(|l| !l.is_empty()).count() as i64 - 1,
        count(&db, "SELECT count(*) FROM games") + multiline_rows(&games)
    );
    assert!(csv.join("findings.csv").is_file() && csv.join("moves.csv").is_file());
}

/// Extra physical lines in a CSV file from quoted fields that span lines.
fn multiline_rows(csv: &str) -> i64 {
    let mut quoted = false;
    let mut extra = 0;
    for c in csv.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' if quoted => extra += 1,
            _ => {}
        }
    }
    extra
}

#[test]
fn report_writes_html_markdown_charts_and_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let out = dir.path().join("report");
    let listed = kifu_ok(&["report", "--db", d, "--out", out.to_str().unwrap()]);
    assert!(listed.contains("index.html") && listed.contains("report.md"));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // Self-contained: nothing loaded from the network.
    for remote in ["src=\"http", "href=\"http", "url(http", "<link", "@import"] {
        assert!(!html.contains(remote), "index.html loads {remote}");
    }
    for expected in [
        "Renju: opening balance",
        "Xiangqi: results, repetition rulings, captures",
        "Chess Territorial: scores and territories",
        "ChouChou (珠取): captures and penalties",
        "result-contradicts-board",
        "renju §8-8",
        "示例邀请赛",
    ] {
        assert!(html.contains(expected), "index.html lacks {expected}");
    }
    // One diagram per game finding of the games the report covers (by the default, the
    // Renju rules: free-style games left out, as is the quarantined record, which has no
    // board).
    let warnings_and_errors = audit_json(&db, &["--severity", "warning", "--ruleset", "renju"]);
    let diagrams = std::fs::read_dir(out.join("diagrams")).unwrap().count();
    let of_games = warnings_and_errors
        .iter()
        .filter(|f| f["game"].is_i64())
        .count();
    assert_eq!(diagrams, of_games);

    // One event only, and a limit on the audit: the rest is counted.
    let out2 = dir.path().join("report-xq");
    kifu_ok(&[
        "report",
        "--db",
        d,
        "--game",
        "renju",
        "--audit-limit",
        "1",
        "--out",
        out2.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(out2.join("index.html")).unwrap();
    assert!(html.contains("Renju: opening balance"));
    assert!(!html.contains("Xiangqi: results"));
    // The report covers the Renju rules' games (the default): free-style games left out.
    let renju_serious = audit_json(&db, &["--severity", "warning", "--ruleset", "renju"])
        .iter()
        .filter(|f| {
            f["game"].as_i64().is_some_and(|g| {
                count(
                    &db,
                    &format!("SELECT kind = 'renju' FROM games WHERE id = {g}"),
                ) == 1
            })
        })
        .count();
    assert!(html.contains(&format!("{} more warning/error finding", renju_serious - 1)));
}

/// Names and paths with quotes, spaces, markup and non-ASCII characters go through ingest,
/// audit, stats and report as text: stored as written, escaped in the HTML and Markdown.
#[test]
fn hostile_names_and_paths_round_trip_and_are_escaped_in_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("a 'b' \"c\" 名前");
    std::fs::create_dir_all(&sub).unwrap();
    let record = write(
        &sub,
        "evil \"x\" <y>.txt",
        "[Event \"<b>Cup</b> & 'Co' 名人戦\"]\n[Black \"<script>alert(1)</script>\"]\n\
         [White \"Ann & 'Bob'; DROP TABLE games; --\"]\n[Result \"0-1\"]\n\
         1. h8 2. h9 3. i8 4. i9 5. j8 6. j9 7. k8 8. k9 9. l8\n0-1\n",
    );
    let db = dir.path().join("db 'x'.db");
    let s = ingest_json(&db, &[&record]);
    assert_eq!(s["games"], 1, "{s}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let names: Vec<String> = conn
        .prepare("SELECT name FROM players ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        names,
        [
            "<script>alert(1)</script>",
            "Ann & 'Bob'; DROP TABLE games; --"
        ]
    );
    let path: String = conn
        .query_row("SELECT path FROM sources", [], |r| r.get(0))
        .unwrap();
    assert!(
        path.ends_with("a 'b' \"c\" 名前/evil \"x\" <y>.txt"),
        "{path}"
    );
    // Black's five at move 9 against a recorded White win: an error the audit shows.
    let findings = audit_json(&db, &["--event", "<b>Cup</b> & 'Co' 名人戦"]);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["code"], "result-contradicts-board");
    assert_eq!(findings[0]["source"], path.as_str());

    let out = dir.path().join("report <z>");
    kifu_ok(&[
        "report",
        "--db",
        db.to_str().unwrap(),
        "--event",
        "<b>Cup</b> & 'Co' 名人戦",
        "--out",
        out.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    for text in [&html, &md] {
        assert!(!text.contains("<script>alert"), "unescaped name");
        assert!(!text.contains("<b>Cup"), "unescaped event");
        assert!(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(text.contains("名人戦"));
    }
    assert!(html.contains("Ann &amp; &#39;Bob&#39;; DROP TABLE games; --"));
    assert!(html.contains("evil &quot;x&quot; &lt;y&gt;.txt"));
    // Nothing dropped by the SQL-looking name.
    assert_eq!(count(&db, "SELECT count(*) FROM games"), 1);
}

/// `kifu show` draws Chess Territorial and ChouChou games too, at the end or at a ply.
#[test]
fn show_draws_territorial_and_chouchou_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let first = |kind: &str| -> String {
        count(
            &db,
            &format!("SELECT min(id) FROM games WHERE kind = '{kind}' AND plies > 4"),
        )
        .to_string()
    };
    let ct = kifu_ok(&["show", "--db", d, &first("territorial")]);
    assert!(ct.contains("\nmoves: 1.K@"), "{ct}");
    let cc = kifu_ok(&["show", "--db", d, &first("chouchou"), "--ply", "4"]);
    assert!(cc.contains("captured after 4 actions: P1 "), "{cc}");
    assert!(cc.contains("\nmoves: 1."), "{cc}");
}
