//! `kifu curate` on real records: one identity for a player's spellings, an event split by
//! its sections and scored 2/1/0, a game without moves filling a missing round, a result
//! correction with its reason, the rules in force, an auditor's decision, errors with
//! their lines, and removal restoring every table.

use std::path::{Path, PathBuf};

use crate::common::{ingest_json, kifu, kifu_ok, shared, table_names, DPXQ, WORLD_CHAMPIONSHIP};
use crate::site::{index_standings, json_standings, site};

const CCPD: &str = "xiangqi/ccpd/ccpd_dataset_big5.tar.xz";

/// Every table's rows, as text, in a stable order: what "restores every table" compares
/// (but the count of writes and the derived data).
fn every_table(db: &Path) -> Vec<(String, Vec<String>)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    table_names(&conn)
        .into_iter()
        // The games' generation counts writes (a curation applied and removed is two); the
        // ratings are derived data, which a write makes stale, and a reader (`site`) may
        // have brought up to date in between.
        .filter(|t| !["generation", "derived", "ratings", "rating_runs"].contains(&t.as_str()))
        .map(|t| {
            let mut stmt = conn.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
            let n = stmt.column_count();
            let mut rows: Vec<String> = stmt
                .query_map([], |r| {
                    Ok((0..n)
                        .map(|i| format!("{:?}", r.get_ref(i).unwrap()))
                        .collect::<Vec<_>>()
                        .join("|"))
                })
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            rows.sort();
            (t, rows)
        })
        .collect()
}

/// The contract game key of the first game the SQL condition (on `g`) selects.
fn game_key(db: &Path, condition: &str) -> (i64, String) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        &format!(
            "SELECT g.id, s.content_hash || ':' || g.member || ':' || g.offset
             FROM games g JOIN sources s ON s.id = g.source_id WHERE {condition}
             ORDER BY g.id LIMIT 1"
        ),
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
    .unwrap()
}

/// A temporary directory holding `k.db`, the shared file `rel` ingested into it, and that
/// file's path; `None` when the shared data is missing.
fn ingested(rel: &str) -> Option<(tempfile::TempDir, PathBuf, PathBuf)> {
    let path = shared(rel)?;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&path]);
    Some((dir, db, path))
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn a_curated_event_is_sectioned_scored_filled_and_corrected_and_removal_restores_all() {
    let Some((dir, db, _)) = ingested(DPXQ) else {
        return;
    };
    let d = db.to_str().unwrap();
    let before = every_table(&db);
    // A men's game of the event, to correct to a loss: 郑惟桐's first as Red (he lost none).
    let (corrected, key) = game_key(
        &db,
        "g.id IN (SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = gp.player_id
                  WHERE p.name = '郑惟桐' AND gp.side = 'red') AND g.duplicate_of IS NULL
         AND g.event_id IN (SELECT id FROM events WHERE name = '2015年慕中杯第14届世界象棋锦标赛')",
    );
    let curation = format!(
        r#"[[event]]
match = {{ event = "{WORLD_CHAMPIONSHIP}" }}
name = "第14届世界象棋锦标赛"
sections = "group"
scoring = {{ win = 2, draw = 1, loss = 0 }}
tiebreaks = ["sonneborn-berger", "buchholz", "wins", "direct-encounter"]
dates = "2015-08-22..2015-08-26"
venue = "Munich"

[[game]]
event = "第14届世界象棋锦标赛"
round = "第08轮"
players = ["赖理兄", "郑亚生"]
result = "draw"
reason = "the arbiter's score sheet"

[[player]]
name = "Zheng Weitong"
aliases = ["郑惟桐"]
"#
    );
    let file = write(dir.path(), "curation.toml", &curation);
    kifu_ok(&["curate", "--check", "--db", d, &file]);
    assert_eq!(every_table(&db), before, "--check applies nothing");
    let applied = kifu_ok(&["curate", "--db", d, &file]);
    assert!(
        applied.contains("第14届世界象棋锦标赛: 241 game(s)"),
        "{applied}"
    );

    let json: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        d,
        "--event",
        "第14届世界象棋锦标赛",
        "--json",
    ]))
    .unwrap();
    let tables = json["xiangqi"].as_array().unwrap();
    let sections: Vec<&str> = tables
        .iter()
        .map(|t| t["section"].as_str().unwrap())
        .collect();
    assert_eq!(sections, ["女子组", "男子组"]);
    let men = &tables[1]["lines"];
    assert_eq!(men[0]["player"], "Zheng Weitong");
    assert_eq!(men[0]["points"], 15.0);
    assert_eq!(tables[1]["scoring"]["win"], 2.0);
    assert_eq!(tables[0]["lines"][0]["player"], "王琳娜");
    // The [[game]] fills 赖理兄's and 郑亚生's round 8.
    let csv = kifu_ok(&[
        "standings",
        "--db",
        d,
        "--event",
        "第14届世界象棋锦标赛",
        "--csv",
    ]);
    for player in ["赖理兄", "郑亚生"] {
        let line = csv.lines().find(|l| l.contains(player)).unwrap();
        assert!(line.contains(",男子组,"), "{line}");
        // No round missing (the crosstable, last, holds every round).
        assert_eq!(line.split(',').nth(13), Some(""), "{line}");
        assert!(line.contains("第08轮:="), "{line}");
        assert!(line.contains(",9,"), "nine games: {line}");
    }
    let text = kifu_ok(&["standings", "--db", d, "--event", "第14届世界象棋锦标赛"]);
    assert!(
        text.contains("第14届世界象棋锦标赛 · 男子组 (scoring 2/1/0)"),
        "{text}"
    );
    assert!(text.contains("Buchholz"), "{text}");

    // The site and the report print the same tables as `kifu standings` (one function):
    // the same players, places and points, section by section.
    let filter = ["--event", "第14届世界象棋锦标赛"];
    let expected = json_standings(&db, &filter);
    assert_eq!(expected.len(), 2);
    let index = site(&db, &dir.path().join("site"), &filter);
    assert_eq!(index_standings(&index), expected);
    // So do the public edition's pages, in Chinese.
    let public = ["--edition", "public", "--lang", "zh-Hans"];
    let index = site(
        &db,
        &dir.path().join("site-public"),
        &[&filter[..], &public[..]].concat(),
    );
    assert_eq!(index_standings(&index), expected);
    for (edition, caption) in [
        (
            &[][..],
            "**Xiangqi · {event} · {section} (scoring 2/1/0): standings",
        ),
        (
            &public[..],
            "**象棋 · {event} · {section} （计分 2/1/0）: 排名",
        ),
    ] {
        let report = dir.path().join("report");
        let _ = std::fs::remove_dir_all(&report);
        let mut args = vec!["report", "--db", d, "--out", report.to_str().unwrap()];
        args.extend_from_slice(&filter);
        args.extend_from_slice(edition);
        kifu_ok(&args);
        let md = std::fs::read_to_string(report.join("report.md")).unwrap();
        for ((_, event, lines), section) in expected.iter().zip(["女子组", "男子组"]) {
            let caption = caption
                .replace("{event}", event)
                .replace("{section}", section);
            let at = md
                .find(&caption)
                .unwrap_or_else(|| panic!("{caption}\n{md}"));
            let rows: Vec<(String, u64, String)> = md[at..]
                .lines()
                .skip(4)
                .take_while(|l| l.starts_with('|'))
                .map(|l| {
                    let cells: Vec<&str> =
                        l.trim_matches('|').split(" | ").map(str::trim).collect();
                    // place, player, games, wins, draws, losses, points (as `1½`)
                    let points = match cells[6].strip_suffix('½') {
                        Some("") => "0.5".to_string(),
                        Some(whole) => format!("{whole}.5"),
                        None => cells[6].to_string(),
                    };
                    (cells[1].to_string(), cells[0].parse().unwrap(), points)
                })
                .collect();
            assert_eq!(&rows, lines, "{section}");
        }
    }

    // A correction: it counts, `show` gives its reason, the standings change.
    let recorded = kifu_ok(&[
        "games",
        "--db",
        d,
        "--game",
        &corrected.to_string(),
        "--format",
        "csv",
    ]);
    let correction = format!(
        "{curation}
[[result]]
game = \"{key}\"
result = \"black\"
reason = \"the arbiter's score sheet\"
by = \"chief arbiter\"
date = \"2026-11-20\"
"
    );
    let file = write(dir.path(), "curation.toml", &correction);
    kifu_ok(&["curate", "--db", d, &file]);
    let shown = kifu_ok(&["show", "--db", d, &corrected.to_string()]);
    assert!(
        shown.contains(
            "corrected: result black (curation line 21); reason: the arbiter's score sheet; by: \
             chief arbiter; date: 2026-11-20"
        ),
        "{shown}"
    );
    assert!(shown.contains("counted: black"), "{shown}");
    assert!(shown.contains("recorded as 郑惟桐"), "{shown}");
    let listed = kifu_ok(&[
        "games",
        "--db",
        d,
        "--game",
        &corrected.to_string(),
        "--format",
        "csv",
    ]);
    assert_ne!(listed, recorded);
    assert!(listed.contains(",black,"), "{listed}");
    let json: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        d,
        "--event",
        "第14届世界象棋锦标赛",
        "--json",
    ]))
    .unwrap();
    let men = json["xiangqi"][1]["lines"].as_array().unwrap();
    let zheng = men.iter().find(|l| l["player"] == "Zheng Weitong").unwrap();
    assert!(zheng["points"].as_f64().unwrap() < 15.0, "{zheng}");

    // Removing the curation restores every table.
    kifu_ok(&["curate", "--remove", "--db", d]);
    assert_eq!(every_table(&db), before);
}

#[test]
fn a_bad_curation_names_each_entry_and_line_and_applies_nothing() {
    let Some((dir, db, _)) = ingested(DPXQ) else {
        return;
    };
    let d = db.to_str().unwrap();
    let before = every_table(&db);
    let file = write(
        dir.path(),
        "bad.toml",
        &format!(
            r#"[[event]]
match = {{ event = "no such event" }}
name = "Nothing"

[[result]]
game = "{}:nowhere:0"
result = "draw"
by = "auditor"
date = "2026-11-27"

[[player]]
name = "A"
aliases = ["郑惟桐"]

[[player]]
name = "B"
aliases = ["郑惟桐"]
"#,
            "0".repeat(64)
        ),
    );
    let out = kifu(&["curate", "--db", d, &file]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            r#"bad.toml:15: [[player]] "B": "郑惟桐" is already a name of [[player]] "A" (line 11)"#
        ),
        "{stderr}"
    );
    // The file's error hides none of the database's: the entries that read are checked.
    assert!(
        stderr.contains(r#"bad.toml:1: [[event]] "Nothing": its `match` matches no stored game"#),
        "{stderr}"
    );
    assert!(stderr.contains("bad.toml:5: [[result]]"), "{stderr}");
    assert!(stderr.contains("no stored game has this key"), "{stderr}");
    assert_eq!(every_table(&db), before, "nothing applied");
}

/// The `kifu curate:` lines naming an error (the last line counts them).
fn error_lines(stderr: &str, file: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.starts_with(&format!("kifu curate: {file}:")))
        .map(str::to_owned)
        .collect()
}

#[test]
fn an_unknown_key_hides_none_of_eight_content_errors() {
    let dir = tempfile::tempdir().unwrap();
    let key = format!("{}::120", "0123456789abcdef".repeat(4));
    let file = write(
        dir.path(),
        "bad.toml",
        &format!(
            r#"[[player]]
name = "A"
nickname = "x"
aliases = ["a b"]

[[player]]
name = "B"
aliases = ["Ａ"]

[[event]]
match = {{}}
name = "Cup"
scoring = {{ win = 1, draw = -1, loss = 0 }}
tiebreaks = ["coin-toss"]

[[result]]
game = "38265"
result = "maybe"
by = "auditor"
date = "2026-11-27"

[[decision]]
game = "{key}"
code = "no-such-code"
decision = "perhaps"
by = "auditor"
date = "2026-11-27"
"#
        ),
    );
    // No database: the file alone is checked, and none is created.
    let db = dir.path().join("none.db");
    let out = kifu(&["curate", "--check", "--db", db.to_str().unwrap(), &file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!db.exists());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<String> = error_lines(&stderr, &file)
        .iter()
        .map(|l| l[format!("kifu curate: {file}:").len()..].to_owned())
        .collect();
    let entry = |line: u32, entry: &str, message: &str| format!("{line}: {entry}: {message}");
    let decision = format!("[[decision]] {key:?}");
    assert_eq!(
        lines,
        [
            entry(
                3,
                r#"[[player]] "A""#,
                "unknown key `nickname` (known: name, aliases, id, country, female, team, names)"
            ),
            entry(
                6,
                r#"[[player]] "B""#,
                r#""Ａ" is already a name of [[player]] "A" (line 1)"#
            ),
            entry(
                10,
                r#"[[event]] "Cup""#,
                "`match` names no condition (event, source, date or players)"
            ),
            entry(
                10,
                r#"[[event]] "Cup""#,
                "scoring: a draw scores -1: points are not negative"
            ),
            entry(
                10,
                r#"[[event]] "Cup""#,
                "unknown tie-break \"coin-toss\" (known: sonneborn-berger, buchholz, \
                 buchholz-cut1, wins, direct-encounter)"
            ),
            entry(
                16,
                r#"[[result]] "38265""#,
                r#""38265" is not a game key (<source sha256>:<member>:<byte offset>)"#
            ),
            entry(
                16,
                r#"[[result]] "38265""#,
                r#"result "maybe" is none of black, white, red, draw, P1…P4"#
            ),
            entry(22, &decision, r#"unknown finding code "no-such-code""#),
            entry(
                22,
                &decision,
                r#"decision "perhaps" is neither confirmed nor dismissed"#
            ),
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "kifu curate: 9 error(s) in {file}: nothing applied"
        )),
        "{stderr}"
    );
}

#[test]
fn a_malformed_game_key_hides_no_key_for_a_missing_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/audit-examples.renju");
    ingest_json(&db, &[&sample]);
    let d = db.to_str().unwrap();
    let before = every_table(&db);
    let file = write(
        dir.path(),
        "keys.toml",
        &format!(
            r#"[[result]]
game = "38265"
result = "draw"
by = "auditor"
date = "2026-11-27"

[[result]]
game = "{}:nowhere:0"
result = "draw"
by = "auditor"
date = "2026-11-27"
"#,
            "0".repeat(64)
        ),
    );
    for check in [true, false] {
        let mut args = vec!["curate", "--db", d, &file];
        if check {
            args.push("--check");
        }
        let out = kifu(&args);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines = error_lines(&stderr, &file);
        assert_eq!(lines.len(), 2, "{stderr}");
        assert!(
            lines[0].ends_with(r#":1: [[result]] "38265": "38265" is not a game key (<source sha256>:<member>:<byte offset>)"#),
            "{stderr}"
        );
        assert!(
            lines[1].contains(":7: [[result]] ")
                && lines[1].ends_with(": no stored game has this key"),
            "{stderr}"
        );
        assert_eq!(every_table(&db), before, "nothing applied");
    }
}

#[test]
fn one_identity_the_rules_in_force_and_a_decision_on_ccpd() {
    let Some(ccpd) = shared(CCPD) else {
        return;
    };
    // A copy of the one CCPD database the tests share: this test curates it.
    let dir = tempfile::tempdir().unwrap();
    let db = crate::common::ccpd_db_copy(dir.path()).unwrap();
    let d = db.to_str().unwrap();
    let differing = |db: &str| {
        kifu_ok(&["games", "--db", db, "--result-differs", "--format", "csv"])
            .lines()
            .count()
            - 1
    };
    let world = differing(d);
    // Simplified finds traditional, wildcards too.
    let ids = |player: &str| kifu_ok(&["games", "--db", d, "--player", player, "--format", "csv"]);
    assert_eq!(ids("胡荣华"), ids("胡榮華"));
    assert_eq!(ids("*胡荣华*"), ids("*胡榮華*"));

    // The 1998 石林杯 game recorded 0–1 after a repetition: a draw by the world rules.
    let (game, key) = game_key(
        &db,
        "g.termination = 'repetition-draw' AND g.recorded_result = 'black'
         AND g.date LIKE '1998%' AND g.event_id IN
             (SELECT id FROM events WHERE name LIKE '“石林杯”全國象棋團體錦標賽%')",
    );
    let id = game.to_string();
    assert!(kifu_ok(&["show", "--db", d, &id]).contains("counted: draw"));

    // Decorated and spaced spellings fold to a plain one (issue 55): before any curation
    // they are proposed with it, and a search for it finds their games.
    let suggested = |pattern: &str| {
        kifu_ok(&[
            "players",
            "--db",
            d,
            "--suggest-aliases",
            "--player",
            pattern,
        ])
    };
    let proposed = suggested("*胡榮華*");
    for spelling in ["//上海胡榮華", "上海胡榮華.", "五、六十年代隊胡榮華"] {
        assert!(
            proposed.contains(&format!("\"{spelling}\",  # ")),
            "{spelling}: {proposed}"
        );
    }
    let proposed = suggested("*張江*");
    for spelling in ["張  江", "河北 張　江", "河北　張　江"] {
        assert!(
            proposed.contains(&format!("\"{spelling}\",  # ")),
            "{spelling}: {proposed}"
        );
    }
    let ids_of = |rows: &str| -> std::collections::BTreeSet<String> {
        rows.lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().to_owned())
            .collect()
    };
    let mut credited = 0;
    for (typed, spellings) in [
        ("上海胡榮華", &["//上海胡榮華", "上海胡榮華."][..]),
        ("胡榮華", &["五、六十年代隊胡榮華"][..]),
        ("張江", &["張  江"][..]),
    ] {
        let found = ids_of(&ids(typed));
        for spelling in spellings {
            // The games a record spelling it credits: its game's holder (its own seats, or
            // the earliest copy's naming players) names the same folded name in that seat.
            let listed: Vec<String> = {
                let conn = rusqlite::Connection::open(&db).unwrap();
                let mut stmt = conn
                    .prepare(
                        "SELECT DISTINCT f.id FROM game_players gp
                         JOIN players p ON p.id = gp.player_id JOIN games g ON g.id = gp.game_id
                         JOIN games f ON f.id = coalesce(g.duplicate_of, g.id)
                         WHERE p.name = ?1 AND EXISTS (
                             SELECT 1 FROM game_players hp JOIN players hq ON hq.id = hp.player_id
                             WHERE hp.seat = gp.seat AND hq.key = p.key AND hp.game_id =
                                 CASE WHEN EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)
                                 THEN f.id
                                 ELSE (SELECT min(c.id) FROM games c WHERE c.duplicate_of = f.id
                                       AND EXISTS (SELECT 1 FROM game_players
                                                   WHERE game_id = c.id)) END)",
                    )
                    .unwrap();
                let rows = stmt.query_map([spelling], |r| r.get::<_, i64>(0)).unwrap();
                rows.map(|r| r.unwrap().to_string()).collect()
            };
            // A spelling only copies give credits no game where their holder spells the
            // seat otherwise (`上海胡榮華.`: two copies of 劉殿中–胡榮華); it still folds to
            // the name typed.
            assert_eq!(
                kifu_facts::fold_name(spelling),
                kifu_facts::fold_name(typed),
                "{spelling}"
            );
            credited += listed.len();
            assert!(
                listed.iter().all(|g| found.contains(g)),
                "{typed} finds {spelling}'s games"
            );
        }
    }
    assert!(credited > 0, "the spellings credit games");
    let file = write(
        dir.path(),
        "c.toml",
        &format!(
            r#"[[player]]
name = "胡荣华"
aliases = ["胡榮華", "上海胡榮華", "上海 胡榮華", "中國胡榮華"]

[[event]]
match = {{ event = "“石林杯”全國象棋團體錦標賽*", date = "1998" }}
name = "1998 石林杯"
rules = "chinese"

[[decision]]
game = "{key}"
code = "result-contradicts-repetition-ruling"
decision = "dismissed"
reason = "played under the Chinese rules"
by = "auditor"
date = "2026-11-27"
"#
        ),
    );
    kifu_ok(&["curate", "--db", d, &file]);
    let shown = kifu_ok(&["show", "--db", d, &id]);
    assert!(shown.contains("rules in force: chinese"), "{shown}");
    assert!(shown.contains("counted: black"), "{shown}");
    // The verdict is information under these rules, and the auditor's decision is shown.
    assert!(
        shown.contains("info result-contradicts-repetition-ruling"),
        "{shown}"
    );
    assert!(shown.contains("decided: dismissed: played under the Chinese rules"));
    let all = kifu_ok(&["audit", "--db", d, "--game", &id]);
    let open = kifu_ok(&["audit", "--db", d, "--game", &id, "--open"]);
    assert!(all.contains("result-contradicts-repetition-ruling"));
    assert!(
        !open.contains("result-contradicts-repetition-ruling"),
        "{open}"
    );

    // One identity: every spelling listed finds all of the person's games, once each.
    let players = kifu_ok(&[
        "players",
        "--db",
        d,
        "--player",
        "上海胡榮華",
        "--format",
        "csv",
    ]);
    let lines: Vec<&str> = players.lines().skip(1).collect();
    assert_eq!(lines.len(), 1, "{players}");
    assert!(lines[0].starts_with("胡荣华,"), "{players}");
    let found = kifu_ok(&[
        "games",
        "--db",
        d,
        "--player",
        "中國胡榮華",
        "--format",
        "csv",
    ]);
    let games: usize = lines[0].split(',').nth(1).unwrap().parse().unwrap();
    assert_eq!(games, found.lines().count() - 1);
    assert!(games > 2_000, "{players}");

    // `--xiangqi-rules chinese` for the whole input: no world-rules repetition verdict
    // decides a result. 73 first copies whose record states a result other than the verdict
    // keep their recorded result (3 more record none, and have none that counts).
    let chinese = dir.path().join("chinese.db");
    let out = kifu(&[
        "ingest",
        "--db",
        chinese.to_str().unwrap(),
        "--xiangqi-rules",
        "chinese",
        ccpd.to_str().unwrap(),
    ]);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    assert_eq!(world - differing(chinese.to_str().unwrap()), 73);

    // The names not curated yet: the rest of 胡榮華's spellings are proposed, the team or
    // city prefixes named, a pair (伍霞胡榮華: two players in one seat) left out.
    let proposed = kifu_ok(&[
        "players",
        "--db",
        d,
        "--suggest-aliases",
        "--player",
        "*胡榮華*",
    ]);
    assert!(proposed.contains("more names for the curated [[player]] \"胡荣华\""));
    assert!(proposed.contains("\"南方胡榮華\","), "{proposed}");
    assert!(proposed.contains(": prefix 南方\n"), "{proposed}");
    assert!(!proposed.contains("伍霞胡榮華"), "{proposed}");
}

#[test]
fn the_two_bdt_events_are_split_and_hasegawas_spellings_are_proposed() {
    let Some((dir, db, _)) = ingested("renju/games/bdt/stefs92_MST-MM-40.bdt") else {
        return;
    };
    let d = db.to_str().unwrap();
    // The file names no event: one "(no event)" table of 50 games.
    let before = kifu_ok(&["standings", "--db", d, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&before).unwrap();
    assert_eq!(v["renju"].as_array().unwrap().len(), 1);

    let proposed = kifu_ok(&["players", "--db", d, "--suggest-aliases"]);
    assert!(
        proposed.contains(
            "name = \"HASEGAWA K.\"\naliases = [\n    \"Hasegawa\",  # 4 records, 2002..2002: \
             initials or word order"
        ),
        "{proposed}"
    );
    assert!(proposed.contains("\"Yamaguchi\""), "{proposed}");
    // Pasted (with a name of the curator's choosing), they are one line each in `players`.
    let file = write(
        dir.path(),
        "bdt.toml",
        r#"[[player]]
name = "Hasegawa Kenji"
aliases = ["Hasegawa", "HASEGAWA K."]

[[player]]
name = "Alice Smith"
aliases = ["Alice"]

[[event]]
match = { source = "MST-MM-40.bdt", players = ["Hasegawa", "Yamaguchi"] }
name = "MM-40 title match"

[[event]]
match = { source = "MST-MM-40.bdt" }
name = "MST-40"
"#,
    );
    let applied = kifu_ok(&["curate", "--db", d, &file]);
    assert!(
        applied.contains("event MM-40 title match: 4 game(s)"),
        "{applied}"
    );
    assert!(applied.contains("event MST-40: 46 game(s)"), "{applied}");
    let players = kifu_ok(&[
        "players",
        "--db",
        d,
        "--player",
        "*hasegawa*",
        "--format",
        "csv",
    ]);
    assert_eq!(
        players.lines().collect::<Vec<_>>(),
        [
            "player,games,wins,draws,losses,no_result,kinds",
            "Hasegawa Kenji,13,8,2,3,0,renju"
        ]
    );
    let v: serde_json::Value =
        serde_json::from_str(&kifu_ok(&["standings", "--db", d, "--json"])).unwrap();
    let events: Vec<(&str, usize)> = v["renju"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["event"].as_str().unwrap(),
                t["lines"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(events, [("MM-40 title match", 2), ("MST-40", 10)]);
    let events = kifu_ok(&["events", "--db", d, "--format", "csv"]);
    assert!(events.contains("MST-40,46,"), "{events}");

    // A player no stored game names yet is noted; a later ingest applies the curation to
    // its new games, so Alice's club games are Alice Smith's.
    assert!(
        applied.contains("[[player]] \"Alice Smith\": no stored game names them yet"),
        "{applied}"
    );
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/club.bdt");
    ingest_json(&db, &[&club]);
    let alice = kifu_ok(&["players", "--db", d, "--player", "Alice", "--format", "csv"]);
    assert_eq!(
        alice
            .lines()
            .nth(1)
            .map(|l| l.split(',').take(2).collect::<Vec<_>>()),
        Some(vec!["Alice Smith", "2"]),
        "{alice}"
    );
}
