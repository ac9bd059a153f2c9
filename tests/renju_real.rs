//! Renju end to end on the real collections in ../shared/data/renju.

use std::io::Read;
use std::path::Path;

use crate::common::{audit_json, count, ingest_json, kifu_ok, shared, table_counts};

/// The one member of the dasimagin archive, decompressed.
fn train2_bytes(archive: &Path) -> Vec<u8> {
    let file = std::fs::File::open(archive).unwrap();
    let mut tar = tar::Archive::new(xz2::read::XzDecoder::new(file));
    let mut entry = tar.entries().unwrap().next().unwrap().unwrap();
    let mut bytes = Vec::new();
    entry.read_to_end(&mut bytes).unwrap();
    bytes
}

#[test]
fn dasimagin_collection_ingests_classifies_audits_and_links() {
    let Some(archive) = shared("renju/games/dasimagin_renju_train-2.tar.xz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("renju.db");
    let s = ingest_json(&db, &[&archive]);
    let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
    // Every line accounted for.
    assert_eq!(n("records"), 147_229, "{s}");
    assert_eq!(n("valid") + n("with_findings") + n("quarantined"), 147_229);
    assert_eq!(n("games"), 147_229);
    assert_eq!(n("quarantined"), 0);
    // Same moves up to one of the 8 symmetries, checked independently by a script.
    assert_eq!(n("duplicates"), 3_707);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL"
        ),
        3_707
    );
    // 145,178 games open with one of the 26 canonical openings (SOURCES.md).
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE opening IS NOT NULL"),
        145_178
    );
    assert_eq!(count(&db, "SELECT count(DISTINCT opening) FROM games"), 26);
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE opening = 'D11'"),
        22_766
    );
    // Results the board contradicts: 1,585 `black` games end with White's five as the last
    // move, 13 more have moves after White's five, 3 `white` games end with Black's five.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM findings WHERE code = 'result-contradicts-board'"
        ),
        1_601
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE recorded_result = 'black' AND derived_result = 'white' AND termination IN ('five', 'overline')"
        ),
        1_598
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE recorded_result = 'white' AND derived_result = 'black'"
        ),
        3
    );

    // Findings point at the offending move text: offset, line and column agree with the
    // decompressed file, and the text there is the move the message names.
    let bytes = train2_bytes(&archive);
    let findings = audit_json(&db, &["--code", "result-contradicts-board"]);
    assert_eq!(findings.len(), 1_601);
    let newlines: Vec<usize> = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .map(|(i, _)| i)
        .collect();
    for f in &findings {
        let offset = f["offset"].as_u64().unwrap() as usize;
        // Lines before the offset = newlines before it.
        let line = newlines.partition_point(|&n| n < offset) + 1;
        let line_start = if line == 1 { 0 } else { newlines[line - 2] + 1 };
        assert_eq!(f["line"].as_u64().unwrap() as usize, line, "{f}");
        assert_eq!(
            f["column"].as_u64().unwrap() as usize,
            offset - line_start + 1,
            "{f}"
        );
        let end = bytes[offset..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(bytes.len(), |e| offset + e);
        let token = std::str::from_utf8(&bytes[offset..end]).unwrap();
        let message = f["message"].as_str().unwrap();
        assert!(
            message.contains(&format!(" {token} at move ")),
            "{token}: {f}"
        );
        assert!(f["source"]
            .as_str()
            .unwrap()
            .ends_with("dasimagin_renju_train-2.tar.xz!train-2.renju"));
        assert_eq!(f["rule"], "renju §8-8");
    }

    // `kifu stats --game renju --by opening --format json`: all 26 openings, every record
    // counted with --with-duplicates (the 145,178), the linked copies left out without.
    let d = db.to_str().unwrap();
    let by_opening = |extra: &[&str]| -> Vec<(String, u64)> {
        let mut args = vec![
            "stats", "--db", d, "--game", "renju", "--by", "opening", "--format", "json",
        ];
        args.extend_from_slice(extra);
        let json: serde_json::Value = serde_json::from_str(&kifu_ok(&args)).unwrap();
        json["renju_balance_by_opening"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["opening"].as_str().unwrap().to_owned(),
                    r["games"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let all = by_opening(&["--with-duplicates"]);
    let mut expected: Vec<String> = (1..=13).map(|n| format!("D{n}")).collect();
    expected.extend((1..=13).map(|n| format!("I{n}")));
    assert_eq!(
        all.iter().map(|r| r.0.clone()).collect::<Vec<_>>(),
        expected
    );
    assert_eq!(all.iter().map(|r| r.1).sum::<u64>(), 145_178);
    assert_eq!(all[10], ("D11".to_string(), 22_766));
    let distinct = by_opening(&[]);
    assert_eq!(distinct.len(), 26);
    assert_eq!(
        distinct.iter().map(|r| r.1).sum::<u64>() as i64,
        count(
            &db,
            "SELECT count(*) FROM games WHERE opening IS NOT NULL AND duplicate_of IS NULL"
        )
    );

    // The same input again adds nothing.
    let before = table_counts(&db);
    let again = ingest_json(&db, &[&archive]);
    assert_eq!(again["files_skipped"], 1);
    assert_eq!(again["records"], 0);
    assert_eq!(table_counts(&db), before);
}

#[test]
fn bdt_files_ingest_with_players_years_and_forfeits() {
    let Some(dir_bdt) = shared("renju/games/bdt") else {
        return;
    };
    let files = [
        "stefs92_PBeMSort.bdt",
        "stefs92_rps.bdt",
        "stefs92_MST-MM-40.bdt",
        "stefs92_Gomoku.bdt",
    ];
    let paths: Vec<_> = files.iter().map(|f| dir_bdt.join(f)).collect();
    let refs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bdt.db");
    let s = ingest_json(&db, &refs);
    // 7,266 + 2,767 + 50 + 787 (one Gomoku line holds two records run together).
    assert_eq!(s["records"], 10_870, "{s}");
    assert_eq!(s["quarantined"], 0);
    let per_source = |name: &str| {
        count(
            &db,
            &format!("SELECT count(*) FROM games g JOIN sources s ON s.id = g.source_id WHERE s.path LIKE '%{name}'"),
        )
    };
    assert_eq!(per_source("PBeMSort.bdt"), 7_266);
    assert_eq!(per_source("rps.bdt"), 2_767);
    assert_eq!(per_source("MST-MM-40.bdt"), 50);
    // Players and years come through.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games g WHERE (SELECT count(*) FROM game_players gp WHERE gp.game_id = g.id) <> 2"
        ),
        0
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE date IS NULL"),
        0
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE date NOT GLOB '[12][0-9][0-9][0-9]'"
        ),
        0,
        "every BDT record carries its year"
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM players WHERE name = 'HASEGAWA K.'"
        ),
        1
    );
    // F / f result codes: read as forfeits and said so.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM findings WHERE code = 'forfeit-result'"
        ),
        763 + 637
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE result_text = 'F' AND recorded_result = 'black'"
        ),
        763
    );
    // The 22 PBeM games and 1 rps game that repeat a point stop at that move.
    assert_eq!(
        count(
            &db,
            "SELECT count(DISTINCT game_id) FROM findings WHERE code = 'illegal-move'"
        ),
        23
    );
}

#[test]
fn renlib_files_yield_one_record_per_library() {
    let Some(dir_lib) = shared("renju/renlib") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    let s = ingest_json(&db, &[&dir_lib]);
    assert_eq!(s["records"], 4, "{s}");
    // The main lines follow first children: Allrenjuopenings opens with D1 (h8 h9 h10),
    // whose comment names it; the trees' other lines are variations
    // (tests/variations.rs counts them).
    let conn = rusqlite::Connection::open(&db).unwrap();
    let d1: i64 = conn
        .query_row(
            "SELECT count(*) FROM comments c JOIN moves m ON m.game_id = c.game_id
             WHERE c.ply = 3 AND substr(m.data, 1, 3) = X'707F8E' AND c.text LIKE '%D1%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(d1, 1, "the D1 comment on h8 h9 h10");
    let openings: Vec<String> = conn
        .prepare(
            "SELECT g.opening FROM games g JOIN sources s ON s.id = g.source_id ORDER BY s.path",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(openings, ["D1", "D4", "I7", "D3"]);
}

#[test]
fn psq_board_that_is_not_15x15_is_a_finding_not_a_crash() {
    let Some(psq) = shared("renju/psq/gomocuponline_testdata_1x0-16_2.psq") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("psq.db");
    let s = ingest_json(&db, &[&psq]);
    assert_eq!(s["records"], 1);
    let f = audit_json(&db, &["--code", "not-renju-board"]);
    assert_eq!(f.len(), 1);
    assert!(
        f[0]["message"].as_str().unwrap().contains("20×20"),
        "{}",
        f[0]
    );
}
