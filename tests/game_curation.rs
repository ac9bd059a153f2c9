//! Curation holds for the game, not the record (issue 55, P2), on CCPD's linked copies: an
//! event's rules in force reach a copy filed under another event name, a correction shows in
//! the audit (old and new result) and leaves `audit --open`, a `[[copy]]` makes its record
//! the game's, and a key naming a copy applies to its first copy.

use std::path::{Path, PathBuf};

use crate::common::{ccpd_db, count, kifu, kifu_ok};

/// A copy of the shared CCPD database in a temporary directory (a curation changes it,
/// and every test of the binary reads the shared one).
fn curable_ccpd() -> Option<(tempfile::TempDir, PathBuf)> {
    let shared = ccpd_db()?;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    std::fs::copy(&shared, &db).unwrap();
    Some((dir, db))
}

/// The id of the CCPD game whose member ends with `tail` (ids differ by ingest).
fn member(db: &Path, tail: &str) -> i64 {
    count(
        db,
        &format!("SELECT id FROM games WHERE member LIKE '%/{tail}'"),
    )
}

/// The contract game key of game `id`.
fn key(db: &Path, id: i64) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT s.content_hash || ':' || g.member || ':' || g.offset
         FROM games g JOIN sources s ON s.id = g.source_id WHERE g.id = ?1",
        [id],
        |r| r.get(0),
    )
    .unwrap()
}

fn curate(dir: &Path, db: &Path, text: &str) -> String {
    let file = dir.join("c.toml");
    std::fs::write(&file, text).unwrap();
    kifu_ok(&[
        "curate",
        "--db",
        db.to_str().unwrap(),
        file.to_str().unwrap(),
    ])
}

/// `audit --game ID --json`'s findings.
fn audit(db: &Path, id: i64, open: bool) -> Vec<serde_json::Value> {
    let id = id.to_string();
    let mut args = vec![
        "audit",
        "--db",
        db.to_str().unwrap(),
        "--game",
        &id,
        "--json",
    ];
    if open {
        args.push("--open");
    }
    kifu_ok(&args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn show(db: &Path, id: i64) -> String {
    kifu_ok(&["show", "--db", db.to_str().unwrap(), &id.to_string()])
}

const ATTESTED: &str = "by = \"auditor\"\ndate = \"2026-12-01\"\n";

#[test]
fn an_events_rules_hold_for_a_copy_filed_under_another_event() {
    let Some((dir, db)) = curable_ccpd() else {
        return;
    };
    // 43640 (`2009;全國象棋甲級聯賽 R8…`) and its copy 54519 (`2009年惠州華軒杯…`): a draw
    // recorded after a perpetual chase, which the world rules count as red's win.
    let first = member(&db, "以賽事分類/各地杯賽/00001953.pgn");
    let copy = member(&db, "以開局分類/仙人指路/00000042.pgn");
    assert_eq!(
        count(
            &db,
            &format!("SELECT duplicate_of FROM games WHERE id = {copy}")
        ),
        first
    );
    assert!(show(&db, copy).contains("counted: red"));
    curate(
        dir.path(),
        &db,
        "[[event]]\nmatch = { event = \"2009;全國象棋甲級聯賽*\" }\nname = \"2009 甲級聯賽\"\n\
         rules = \"chinese\"\n",
    );
    for id in [first, copy] {
        let shown = show(&db, id);
        assert!(shown.contains("rules in force: chinese"), "{shown}");
        assert!(shown.contains("counted: draw"), "{shown}");
        assert!(
            shown.contains("info result-contradicts-repetition-ruling"),
            "{shown}"
        );
        assert!(shown.contains("curated: event 2009 甲級聯賽"), "{shown}");
    }
    // No record of a game the event took, first copy or copy, counts a world-rules verdict
    // over its recorded result.
    let differing: Vec<i64> = kifu_ok(&[
        "games",
        "--db",
        db.to_str().unwrap(),
        "--with-duplicates",
        "--result-differs",
        "--format",
        "csv",
    ])
    .lines()
    .skip(1)
    .map(|l| l.split(',').next().unwrap().parse().unwrap())
    .collect();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT g.id FROM games g
             WHERE coalesce(g.duplicate_of, g.id) IN (SELECT game_id FROM event_games)
               AND g.termination IN ('perpetual-check', 'perpetual-chase', 'repetition-draw')
               AND g.recorded_result IN ('red', 'black', 'draw')",
        )
        .unwrap();
    let repeated: Vec<i64> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(repeated.contains(&copy), "{repeated:?}");
    let counted_by_verdict: Vec<&i64> = repeated
        .iter()
        .filter(|id| differing.contains(id))
        .collect();
    assert!(counted_by_verdict.is_empty(), "{counted_by_verdict:?}");
}

#[test]
fn a_correction_shows_in_the_audit_once_in_show_and_leaves_the_open_audit() {
    let Some((dir, db)) = curable_ccpd() else {
        return;
    };
    // 17259: a draw recorded after black's perpetual chase (an error by the world rules).
    let id = member(&db, "以棋手分類/許銀川/00003516.pgn");
    let result_codes = |findings: &[serde_json::Value]| -> Vec<String> {
        findings
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_owned())
            .filter(|c| c.starts_with("result-"))
            .collect()
    };
    assert_eq!(
        result_codes(&audit(&db, id, true)),
        ["result-contradicts-repetition-ruling"]
    );
    curate(
        dir.path(),
        &db,
        &format!(
            "[[result]]\ngame = \"{}\"\nresult = \"red\"\nreason = \"perpetual chase\"\n{ATTESTED}",
            key(&db, id)
        ),
    );
    let all = audit(&db, id, false);
    let ruling = all
        .iter()
        .find(|f| f["code"] == "result-contradicts-repetition-ruling")
        .unwrap();
    assert_eq!(ruling["resolution"], "corrected");
    let c = &ruling["correction"];
    assert_eq!(
        (&c["from"], &c["to"], &c["by"], &c["date"], &c["line"]),
        (
            &"draw".into(),
            &"red".into(),
            &"auditor".into(),
            &"2026-12-01".into(),
            &1.into()
        ),
        "{ruling}"
    );
    assert_eq!(c["reason"], "perpetual chase");
    assert!(ruling["decision"].is_null());
    assert!(result_codes(&audit(&db, id, true)).is_empty());

    let text = kifu_ok(&[
        "audit",
        "--db",
        db.to_str().unwrap(),
        "--game",
        &id.to_string(),
    ]);
    assert!(
        text.contains(
            "(corrected: draw → red: perpetual chase, by auditor, 2026-12-01 (curation line 1))"
        ),
        "{text}"
    );
    // `show` says the correction once, and the finding it answers points to it.
    let shown = show(&db, id);
    let corrected: Vec<&str> = shown.lines().filter(|l| l.contains("corrected:")).collect();
    assert_eq!(
        corrected,
        [
            "corrected: result red (curation line 1); reason: perpetual chase; by: auditor; \
          date: 2026-12-01"
        ],
        "{shown}"
    );
    assert!(shown.contains("counted: red"), "{shown}");
    assert!(
        shown.contains("(answered by the correction, curation line 1)"),
        "{shown}"
    );
}

#[test]
fn an_authoritative_copy_gives_the_games_facts_and_answers_its_copies() {
    let Some((dir, db)) = curable_ccpd() else {
        return;
    };
    // 10271 records red's win, its copy 10399 black's, over the same 112 moves.
    let first = member(&db, "以棋手分類/楊官璘/00000740.pgn");
    let copy = member(&db, "以棋手分類/楊官璘/00000868.pgn");
    let counted = |db: &Path| -> String {
        let row = kifu_ok(&[
            "games",
            "--db",
            db.to_str().unwrap(),
            "--game",
            &first.to_string(),
            "--format",
            "json",
        ]);
        let row: serde_json::Value = serde_json::from_str(row.trim()).unwrap();
        row["counted_result"].as_str().unwrap().to_owned()
    };
    assert_eq!(counted(&db), "red");
    let result_disagreement = |open: bool| {
        audit(&db, first, open).into_iter().find(|f| {
            f["code"] == "copies-disagree"
                && f["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("copies disagree on the result")
        })
    };
    assert!(result_disagreement(true).is_some());
    curate(
        dir.path(),
        &db,
        &format!(
            "[[copy]]\ngame = \"{}\"\nreason = \"the score sheet\"\n{ATTESTED}",
            key(&db, copy)
        ),
    );
    assert_eq!(counted(&db), "black");
    let row = result_disagreement(false).unwrap();
    assert_eq!(row["resolution"], "authoritative-copy");
    assert_eq!(row["authoritative_copy"]["game"], copy);
    assert!(result_disagreement(true).is_none());
    for id in [first, copy] {
        let shown = show(&db, id);
        assert!(
            shown.contains(&format!(
                "authoritative copy: game {copy} (curation line 1)"
            )),
            "{shown}"
        );
        assert!(shown.contains("counted: black"), "{shown}");
    }
    assert!(show(&db, copy).contains(&format!(
        "game {first}'s facts (this record is copy {copy})"
    )));
}

#[test]
fn a_key_naming_a_copy_applies_to_its_first_copy_and_one_game_takes_one_entry() {
    let Some((dir, db)) = curable_ccpd() else {
        return;
    };
    let first = member(&db, "以棋手分類/楊官璘/00000740.pgn");
    let copy = member(&db, "以棋手分類/楊官璘/00000868.pgn");
    let (first_key, copy_key) = (key(&db, first), key(&db, copy));
    // The copies-disagree finding is on the first copy: a decision keyed by the copy finds it.
    curate(
        dir.path(),
        &db,
        &format!(
            "[[result]]\ngame = \"{copy_key}\"\nresult = \"black\"\n{ATTESTED}\n\
             [[decision]]\ngame = \"{copy_key}\"\ncode = \"copies-disagree\"\n\
             decision = \"confirmed\"\n{ATTESTED}"
        ),
    );
    let shown = show(&db, first);
    assert!(
        shown.contains(&format!(
            "corrected: result black (curation line 1, matched through copy {copy})"
        )),
        "{shown}"
    );
    assert!(shown.contains("counted: black"), "{shown}");
    assert!(show(&db, copy).contains("corrected: result black (curation line 1);"));
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM result_corrections rc JOIN decisions d ON d.game_id = rc.game_id"
        ),
        1
    );
    assert_eq!(count(&db, "SELECT game_id FROM result_corrections"), first);
    assert_eq!(count(&db, "SELECT matched FROM result_corrections"), copy);
    assert!(audit(&db, first, true)
        .iter()
        .all(|f| f["code"] != "copies-disagree"
            || !f["message"].as_str().unwrap().contains("result")));

    // Two corrections of one game, through its two copies: an error naming both lines.
    let file = dir.path().join("two.toml");
    std::fs::write(
        &file,
        format!(
            "[[result]]\ngame = \"{first_key}\"\nresult = \"red\"\n{ATTESTED}\n\
             [[result]]\ngame = \"{copy_key}\"\nresult = \"black\"\n{ATTESTED}"
        ),
    )
    .unwrap();
    let out = kifu(&[
        "curate",
        "--db",
        db.to_str().unwrap(),
        "--check",
        file.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "two.toml:7: [[result]] \"{copy_key}\": copy {copy} of game {first} has its \
             result corrected at line 1 too"
        )),
        "{stderr}"
    );
}
