//! `kifu show --json` (issue 56: the one-game answer the server's `/api/games/ID` gives), on
//! real records: a Renju game's header and moves, a Xiangqi game's comments and variation
//! tree, a finding and its decision, a correction with its provenance, a linked copy's
//! group and a missing id. Moves, comments and variations are compared with what
//! `kifu export` writes for the same game (the data contract's tables), headers with
//! `kifu games --format json`, findings with `kifu audit --json`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common::{ccpd_db, count, ingest_json, kifu, kifu_ok, shared};

fn xiangqi_sample(name: &str) -> Option<PathBuf> {
    shared(&format!("xiangqi/xqf_cbl_samples/{name}"))
}

fn mst() -> Option<PathBuf> {
    shared("renju/games/bdt/stefs92_MST-MM-40.bdt")
}

/// A new database in `dir` holding `inputs`.
fn ingested(dir: &Path, inputs: &[&Path]) -> PathBuf {
    let db = dir.join("k.db");
    ingest_json(&db, inputs);
    db
}

/// `kifu show --json` of `ids`: one object per line, in order.
fn show_json(db: &Path, ids: &[i64]) -> Vec<Value> {
    let ids: Vec<String> = ids.iter().map(i64::to_string).collect();
    let mut args = vec!["show", "--db", db.to_str().unwrap(), "--json"];
    args.extend(ids.iter().map(String::as_str));
    kifu_ok(&args)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn one(db: &Path, id: i64) -> Value {
    show_json(db, &[id]).remove(0)
}

/// The id of the game read from the file whose path ends with `tail`, at `line`.
fn game_at(db: &Path, tail: &str, line: u32) -> i64 {
    count(
        db,
        &format!(
            "SELECT g.id FROM games g JOIN sources s ON s.id = g.source_id
             WHERE s.path LIKE '%{tail}' AND g.line = {line}"
        ),
    )
}

/// `kifu export --game ID --format json`: each table's rows.
fn exported(db: &Path, dir: &Path, id: i64) -> BTreeMap<String, Vec<Value>> {
    let out = dir.join(format!("export-{id}"));
    kifu_ok(&[
        "export",
        "-q",
        "--db",
        db.to_str().unwrap(),
        "--game",
        &id.to_string(),
        "--format",
        "json",
        "--out",
        out.to_str().unwrap(),
    ]);
    ["games", "moves", "comments", "variations"]
        .into_iter()
        .map(|table| {
            let text = std::fs::read_to_string(out.join(format!("{table}.json"))).unwrap();
            let rows = text.lines().map(|l| serde_json::from_str(l).unwrap());
            (table.to_owned(), rows.collect())
        })
        .collect()
}

/// The data contract's game key of game `id`, as a curation names it.
fn game_key(db: &Path, dir: &Path, id: i64) -> String {
    let games = &exported(db, dir, id)["games"];
    games[0]["game_key"].as_str().unwrap().to_owned()
}

fn curate(dir: &Path, db: &Path, text: &str) {
    let file = dir.join("c.toml");
    std::fs::write(&file, text).unwrap();
    kifu_ok(&[
        "curate",
        "--db",
        db.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
}

/// The main line as the moves table writes it: `(move_codes, move_texts)`.
fn main_line(game: &Value) -> (Vec<Value>, Vec<Value>) {
    let moves = game["moves"].as_array().unwrap();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["ply"], i + 1, "{m}");
    }
    (
        moves.iter().map(|m| m["code"].clone()).collect(),
        moves.iter().map(|m| m["move"].clone()).collect(),
    )
}

#[test]
fn a_renju_game_gives_its_header_and_moves() {
    let Some(file) = mst() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&file]);
    let id = game_at(&db, "MST-MM-40.bdt", 1);
    let game = one(&db, id);
    let source = file.to_str().unwrap();
    let expected = json!({
        "id": id, "kind": "renju", "format": "bdt", "source": source, "line": 1,
        "column": 1, "offset": 0, "record_id": "MST-40", "section": null,
        "event": null, "event_from_copy": null, "round": null, "date": "2002",
        "date_from_copy": null, "rule": null, "rule_name": null, "ruleset": "renju",
        "tags": [{"name": "F5", "value": "J10"}, {"name": "F6", "value": "-"}],
        "annotations": {},
        "players": [
            {"seat": 1, "side": "black", "name": "HASEGAWA K."},
            {"seat": 2, "side": "white", "name": "IIO J."},
        ],
        "players_from_copy": null,
        "result": {"recorded": "black", "board": null, "counted": "black", "differs": false,
                   "termination": "unfinished"},
        "opening": {"code": "D3", "name": "Sosei 疎星"},
        "plies": 33,
        "other_comments": [], "other_marks": [], "variations": [], "findings": [],
        "duplicate_of": null,
        "copies": {"first": id, "authoritative": null,
                   "records": [{"id": id, "source": source, "line": 1}]},
        "curation": {"names": [], "event": null, "rules_in_force": null, "correction": null,
                     "authoritative_copy": null, "decisions": []},
    });
    let mut header = game.clone();
    header.as_object_mut().unwrap().remove("moves");
    assert_eq!(header, expected);

    // The moves are the moves table's; a Renju move is its point.
    let tables = exported(&db, dir.path(), id);
    let (codes, texts) = main_line(&game);
    assert_eq!(Value::from(codes), tables["moves"][0]["move_codes"]);
    assert_eq!(Value::from(texts), tables["moves"][0]["move_texts"]);
    for m in game["moves"].as_array().unwrap() {
        assert_eq!(m["coordinate"], m["move"], "{m}");
    }
    assert_eq!(game["moves"][0]["move"], "h8");

    // Every game of the file: what `games` lists, `show --json` says alike.
    let listed = kifu_ok(&["games", "--db", db.to_str().unwrap(), "--format", "json"]);
    let listed: Vec<Value> = listed
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(listed.len(), 50);
    let ids: Vec<i64> = listed.iter().map(|g| g["id"].as_i64().unwrap()).collect();
    for (g, shown) in listed.iter().zip(show_json(&db, &ids)) {
        let players: Vec<Value> = shown["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| json!({"side": p["side"], "name": p["name"]}))
            .collect();
        let as_listed = json!({
            "id": shown["id"], "kind": shown["kind"], "date": shown["date"],
            "event": shown["event"], "round": shown["round"], "players": players,
            "recorded_result": shown["result"]["recorded"],
            "counted_result": shown["result"]["counted"],
            "result_differs": shown["result"]["differs"], "opening": shown["opening"]["code"],
            "plies": shown["plies"], "source": shown["source"], "line": shown["line"],
            "duplicate_of": shown["duplicate_of"],
        });
        let mut g = g.clone();
        let g = g.as_object_mut().unwrap();
        g.remove("findings");
        g.remove("found_through");
        assert_eq!(Value::from(g.clone()), as_listed);
    }
}

/// The variation tree as the variations table lists it: `(node, parent, ply, code, text,
/// comment, before, mark)` per move, in node order.
fn variation_rows(lines: &Value) -> Vec<Value> {
    fn walk(lines: &Value, out: &mut Vec<Value>) {
        for line in lines.as_array().unwrap() {
            let mut parent = line["from_node"].clone();
            for m in line["moves"].as_array().unwrap() {
                out.push(json!([
                    m["node"],
                    parent,
                    m["ply"],
                    m["code"],
                    m["move"],
                    m["comment"],
                    m["before"],
                    m["mark"]
                ]));
                assert_eq!(m["playable"], !m["code"].is_null(), "{m}");
                parent = m["node"].clone();
            }
            walk(&line["variations"], out);
        }
    }
    let mut out = Vec::new();
    walk(lines, &mut out);
    out.sort_by_key(|r| r[0].as_u64());
    out
}

/// A line of the tree as `(from_ply, from_node, depth, moves as written, lines off it)`.
fn tree(lines: &Value) -> Vec<Value> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let moves: Vec<&Value> = l["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| &m["move"])
                .collect();
            json!([
                l["from_ply"],
                l["from_node"],
                l["depth"],
                moves,
                tree(&l["variations"])
            ])
        })
        .collect()
}

#[test]
fn a_xiangqi_game_gives_its_comments_and_variation_tree() {
    let (Some(examb), Some(five)) = (
        xiangqi_sample("eleeye_xqftools/XQFEXAMB.XQF"),
        xiangqi_sample("walker8088_cchess/test_5_variations.xqf"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&examb, &five]);

    // XQFEXAMB (七星聚会): its comments and 348 variation moves, as the export's tables.
    let id = game_at(&db, "XQFEXAMB.XQF", 0);
    let game = one(&db, id);
    let tables = exported(&db, dir.path(), id);
    let (codes, texts) = main_line(&game);
    assert_eq!(codes.len(), 87);
    assert_eq!(Value::from(codes), tables["moves"][0]["move_codes"]);
    assert_eq!(Value::from(texts), tables["moves"][0]["move_texts"]);
    let mut comments: Vec<Value> = game["other_comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!([c["ply"], c["text"]]))
        .collect();
    for m in game["moves"].as_array().unwrap() {
        for c in m["comments"].as_array().unwrap() {
            comments.push(json!([m["ply"], c]));
        }
    }
    let mut stored: Vec<Value> = tables["comments"]
        .iter()
        .map(|c| json!([c["ply"], c["comment_text"]]))
        .collect();
    comments.sort_by_key(|c| c[0].as_u64());
    stored.sort_by_key(|c| c[0].as_u64());
    assert_eq!(comments.len(), 8);
    assert_eq!(comments, stored);
    assert!(game["other_comments"][0]["text"]
        .as_str()
        .unwrap()
        .starts_with("“七星”，可有三种解释"));
    assert_eq!(
        game["moves"][11]["comments"],
        json!(["如黑方改走车5平3，则速和。详细走法可查看变着。"])
    );
    let rows = variation_rows(&game["variations"]);
    assert_eq!(rows.len(), 348);
    let stored: Vec<Value> = tables["variations"]
        .iter()
        .map(|v| {
            json!([
                v["node"],
                v["parent"],
                v["ply"],
                v["move_code"],
                v["move_text"],
                v["comment_text"],
                v["comment_before"],
                v["move_mark"]
            ])
        })
        .collect();
    assert_eq!(rows, stored);
    // An XQF record writes its moves as coordinates: a played one reads back as written.
    assert_eq!(game["variations"][0]["moves"][0]["coordinate"], "e9c9");
    assert_eq!(
        game["variations"][0]["moves"][7]["comment"],
        "双方不变，速和"
    );

    // test_5_variations: four lines, one nested, as `show --variations` indents them.
    let game = one(&db, game_at(&db, "test_5_variations.xqf", 0));
    assert_eq!(
        Value::from(tree(&game["variations"])),
        json!([
            [1, null, 1, ["h2d2", "h9g7", "h0g2", "i9h9", "i0h0"], []],
            [
                5,
                null,
                1,
                ["i0h0", "i9i8", "h0h6", "i8d8"],
                [[6, 6, 2, ["g6g5", "c3c4", "i9i8"], []]]
            ],
            [
                5,
                null,
                1,
                ["i0i1", "i9h9", "i1d1", "b9c7", "b0c2", "c6c5"],
                []
            ],
        ])
    );
    assert_eq!(
        main_line(&game).1,
        [
            "炮二平五",
            "炮8平5",
            "马二进三",
            "马8进7",
            "兵三进一",
            "车9平8"
        ]
    );
    assert_eq!(game["moves"][0]["coordinate"], "h2e2");
}

/// A game of a 象棋桥 library names the title card it comes under, as `show` does: the
/// 1989 library's 36 records: 20 under its first card (the men's), 16 under card 22 (the
/// women's, titled 15 games).
#[test]
fn a_library_game_names_its_section() {
    let Some(file) = xiangqi_sample("walker8088_cchess/1989年龙化杯象棋名师邀请赛35局.CBL")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&file]);
    let ids: Vec<i64> = (1..=count(&db, "SELECT max(id) FROM games")).collect();
    let mut sections: BTreeMap<String, usize> = BTreeMap::new();
    for game in show_json(&db, &ids) {
        *sections.entry(game["section"].to_string()).or_default() += 1;
    }
    let men = json!({"title": "龙化杯象棋名师邀请赛对局（男子组20局）", "place": 1});
    let women = json!({"title": "龙化杯象棋名师邀请赛对局（女子组15局）", "place": 22});
    let expected: BTreeMap<String, usize> = [(men.to_string(), 20), (women.to_string(), 16)]
        .into_iter()
        .collect();
    assert_eq!(sections, expected);
    let first = &show_json(&db, &[1])[0];
    assert_eq!(first["section"], men);
    let text = kifu_ok(&["show", "--db", db.to_str().unwrap(), "1"]);
    assert!(
        text.contains("section: 龙化杯象棋名师邀请赛对局（男子组20局） (the library's record 1;"),
        "{text}"
    );
}

/// `show --json`'s findings are `audit --json`'s, each with its id.
fn findings_as_audited(db: &Path, game: &Value) -> Vec<Value> {
    let id = game["id"].to_string();
    let audited: Vec<Value> = kifu_ok(&[
        "audit",
        "--db",
        db.to_str().unwrap(),
        "--game",
        &id,
        "--json",
    ])
    .lines()
    .map(|l| serde_json::from_str(l).unwrap())
    .collect();
    let shown = game["findings"].as_array().unwrap();
    let without_ids: Vec<Value> = shown
        .iter()
        .map(|f| {
            assert!(f["id"].as_i64().is_some(), "{f}");
            let mut f = f.clone();
            f.as_object_mut().unwrap().remove("id");
            f
        })
        .collect();
    assert_eq!(without_ids, audited);
    shown.clone()
}

#[test]
fn a_finding_and_its_decision() {
    let Some(file) = xiangqi_sample("walker8088_cchess/BadMoveTest3.xqf") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&file]);
    let id = game_at(&db, "BadMoveTest3.xqf", 0);
    let game = one(&db, id);
    let findings = findings_as_audited(&db, &game);
    assert_eq!(findings.len(), 1);
    let f = &findings[0];
    let expected = json!({
        "id": f["id"], "source": file.to_str().unwrap(), "line": 0, "column": 0,
        "offset": 1106, "game": id, "quarantined": null, "ply": 10, "code": "illegal-move",
        "severity": "error", "message": "e1f0 is not a legal move", "rule": "xiangqi §play",
        "resolution": null, "decision": null, "correction": null, "authoritative_copy": null,
    });
    assert_eq!(f, &expected);
    // The replay stopped at the illegal 10th move: nine moves played.
    assert_eq!(game["moves"].as_array().unwrap().len(), 9);
    assert_eq!(game["result"]["termination"], "illegal-move");

    let key = game_key(&db, dir.path(), id);
    curate(
        dir.path(),
        &db,
        &format!(
            "[[decision]]\ngame = \"{key}\"\ncode = \"illegal-move\"\ndecision = \"confirmed\"\n\
             reason = \"the score sheet has it too\"\nby = \"auditor\"\ndate = \"2026-12-01\"\n"
        ),
    );
    let game = one(&db, id);
    let decision = json!({"decision": "confirmed", "reason": "the score sheet has it too",
                          "by": "auditor", "date": "2026-12-01", "line": 1});
    let findings = findings_as_audited(&db, &game);
    assert_eq!(findings[0]["resolution"], "decided");
    assert_eq!(findings[0]["decision"], decision);
    let mut listed = decision.clone();
    listed["code"] = json!("illegal-move");
    assert_eq!(game["curation"]["decisions"], json!([listed]));
}

#[test]
fn a_correction_shows_with_its_provenance() {
    let Some(file) = mst() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&file]);
    let id = game_at(&db, "MST-MM-40.bdt", 1);
    let key = game_key(&db, dir.path(), id);
    curate(
        dir.path(),
        &db,
        &format!(
            "# the arbiter's sheet\n[[result]]\ngame = \"{key}\"\nresult = \"white\"\n\
             reason = \"the arbiter's score sheet\"\nby = \"chief arbiter\"\ndate = \"2026-11-20\"\n"
        ),
    );
    let game = one(&db, id);
    assert_eq!(
        game["curation"]["correction"],
        json!({"from": "black", "to": "white", "reason": "the arbiter's score sheet",
               "by": "chief arbiter", "date": "2026-11-20", "line": 2, "matched": id})
    );
    assert_eq!(
        game["result"],
        json!({"recorded": "black", "board": null, "counted": "white", "differs": true,
               "termination": "unfinished"})
    );
    // As `games` lists it.
    let listed: Value = serde_json::from_str(
        kifu_ok(&[
            "games",
            "--db",
            db.to_str().unwrap(),
            "--game",
            &id.to_string(),
            "--format",
            "json",
        ])
        .trim(),
    )
    .unwrap();
    assert_eq!(listed["counted_result"], "white");
    assert_eq!(listed["result_differs"], true);
}

#[test]
fn a_linked_copy_shows_its_group() {
    let (Some(pgn), Some(xqf)) = (
        xiangqi_sample("eleeye_xqftools/SAMPLE.PGN"),
        xiangqi_sample("eleeye_xqftools/SAMPLE.XQF"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&pgn, &xqf]);
    let first = game_at(&db, "SAMPLE.PGN", 1);
    let copy = game_at(&db, "SAMPLE.XQF", 0);
    let records = json!([
        {"id": first, "source": pgn.to_str().unwrap(), "line": 1},
        {"id": copy, "source": xqf.to_str().unwrap(), "line": 0},
    ]);
    let shown = show_json(&db, &[first, copy]);
    for game in &shown {
        assert_eq!(
            game["copies"],
            json!({"first": first, "authoritative": null, "records": records})
        );
    }
    assert_eq!(shown[0]["duplicate_of"], Value::Null);
    assert_eq!(shown[1]["duplicate_of"], first);
    // One game: the same moves from either record.
    assert_eq!(main_line(&shown[0]), main_line(&shown[1]));
    assert_eq!(main_line(&shown[0]).0.len(), 75);

    let key = game_key(&db, dir.path(), copy);
    curate(
        dir.path(),
        &db,
        &format!(
            "[[copy]]\ngame = \"{key}\"\nreason = \"the XQF file is the editor's\"\n\
             by = \"auditor\"\ndate = \"2026-12-02\"\n"
        ),
    );
    let entry = json!({"game": copy, "reason": "the XQF file is the editor's",
                       "by": "auditor", "date": "2026-12-02", "line": 1});
    for game in show_json(&db, &[first, copy]) {
        assert_eq!(game["copies"]["authoritative"], copy);
        assert_eq!(game["copies"]["records"], records);
        assert_eq!(game["curation"]["authoritative_copy"], entry);
    }
}

/// Where the first copy lacks its players or date, a linked copy's are shown, with that
/// copy's id (as `show` marks them: "not in this record: from its copy, game N").
#[test]
fn what_a_copy_fills_in_names_the_copy() {
    let Some(db) = ccpd_db() else {
        return;
    };
    let lacking = |column: &str, has: &str| {
        let first = count(
            &db,
            &format!(
                "SELECT min(f.id) FROM games f WHERE f.duplicate_of IS NULL AND {column}
                 AND EXISTS (SELECT 1 FROM games c WHERE c.duplicate_of = f.id AND {has})"
            ),
        );
        let giver = count(
            &db,
            &format!("SELECT min(c.id) FROM games c WHERE c.duplicate_of = {first} AND {has}"),
        );
        (first, giver)
    };
    let own_players = "EXISTS (SELECT 1 FROM game_players WHERE game_id = c.id)";
    let (nameless, named) = lacking(
        "NOT EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)",
        own_players,
    );
    let (shown, giver) = (one(&db, nameless), one(&db, named));
    assert_eq!(shown["players_from_copy"], named);
    assert_eq!(shown["players"], giver["players"]);
    assert_eq!(giver["players_from_copy"], Value::Null);
    assert_eq!(shown["players"].as_array().unwrap().len(), 2);
    let text = kifu_ok(&["show", "--db", db.to_str().unwrap(), &nameless.to_string()]);
    assert!(
        text.contains(&format!(
            "(not in this record: from its copy, game {named})"
        )),
        "{text}"
    );

    let (undated, dated) = lacking("f.date IS NULL", "c.date IS NOT NULL");
    let (shown, giver) = (one(&db, undated), one(&db, dated));
    assert_eq!(shown["date_from_copy"], dated);
    assert_eq!(shown["date"], giver["date"]);
    assert!(giver["date"].is_string());
    assert_eq!(shown["copies"]["first"], undated);
    assert!(shown["copies"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == dated));
}

#[test]
fn a_missing_id_is_an_error_naming_it() {
    let Some(file) = mst() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = ingested(dir.path(), &[&file]);
    let out = kifu(&["show", "--db", db.to_str().unwrap(), "--json", "999999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "kifu: not found: game 999999\n"
    );
    // `--json` shapes no text: the text form's flags do not go with it.
    let out = kifu(&[
        "show",
        "--db",
        db.to_str().unwrap(),
        "--json",
        "1",
        "--ply",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(2));
}
