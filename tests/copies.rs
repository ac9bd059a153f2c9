//! Copies that are copies, and one ruleset default (issue 27), on real records. The
//! expected counts were established apart from kifu, by reading the `.bdt` lines with a
//! script of their own (moves as written; the 8 board symmetries for Gomoku.bdt) and by
//! SQL over the stored seats for the CCPD names.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{ccpd_db, count, ingest_json, kifu, kifu_ok, shared};

fn bdt(name: &str) -> Option<PathBuf> {
    shared(&format!("renju/games/bdt/stefs92_{name}"))
}

/// Every game's copy group as the archive members of its copies (file name, member,
/// offset): equal partitions whichever copy of a group came first.
fn copy_groups(db: &Path) -> BTreeSet<Vec<(String, String, i64)>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT coalesce(g.duplicate_of, g.id), s.path, g.member, g.offset
             FROM games g JOIN sources s ON s.id = g.source_id",
        )
        .unwrap();
    let mut groups: std::collections::BTreeMap<i64, Vec<(String, String, i64)>> =
        Default::default();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get(2)?,
                r.get(3)?,
            ))
        })
        .unwrap();
    for row in rows {
        let (group, path, member, offset) = row.unwrap();
        let file = Path::new(&path).file_name().unwrap().to_string_lossy();
        groups
            .entry(group)
            .or_default()
            .push((file.into_owned(), member, offset));
    }
    groups
        .into_values()
        .map(|mut g| {
            g.sort();
            g
        })
        .collect()
}

#[test]
fn records_cut_short_alike_are_copies_only_when_they_go_on_alike() {
    let (Some(pbem), Some(full)) = (bdt("PBeMSort.bdt"), bdt("full_dataset.txt")) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&pbem, &full]);
    // PBeMSort line 352 stops at move 23 (on an occupied point); 14 PBeM records share its
    // 22 played moves, each also in full_dataset.txt: 28 records, 14 games of 2 records.
    let prefix = "(SELECT m.data FROM games g JOIN moves m ON m.game_id = g.id
                    JOIN sources s ON s.id = g.source_id
                    WHERE s.path LIKE '%PBeMSort.bdt' AND g.line = 352)";
    let same = format!("FROM games g JOIN moves m ON m.game_id = g.id WHERE m.data = {prefix}");
    assert_eq!(count(&db, &format!("SELECT count(*) {same}")), 28);
    assert_eq!(
        count(
            &db,
            &format!("SELECT count(*) {same} AND g.duplicate_of IS NULL")
        ),
        14
    );
    assert_eq!(
        count(
            &db,
            &format!("SELECT count(DISTINCT g.duplicate_of) {same}")
        ),
        14
    );
    // Every link joins the two files' copies of one record.
    assert_eq!(
        count(
            &db,
            &format!(
                "SELECT count(*) {same} AND g.duplicate_of IS NOT NULL
                 AND (SELECT f.source_id FROM games f WHERE f.id = g.duplicate_of) = g.source_id"
            )
        ),
        0
    );
    // Line 352's one copy is full_dataset.txt's line 1498, the same line of text.
    assert_eq!(
        count(
            &db,
            "SELECT c.line FROM games c JOIN games f ON f.id = c.duplicate_of
             JOIN sources s ON s.id = f.source_id
             WHERE s.path LIKE '%PBeMSort.bdt' AND f.line = 352"
        ),
        1498
    );
}

#[test]
fn move_less_records_are_linked_by_their_headers_paired_off_between_files() {
    let (Some(rps), Some(full)) = (bdt("rps.bdt"), bdt("full_dataset.txt")) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&rps, &full]);
    // 228 move-less records in each file, 201 headers: four forfeits between the same two
    // players in 2002 are four games, paired off with the other file's four.
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE plies = 0"),
        456
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE plies = 0 AND duplicate_of IS NULL"
        ),
        228
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games c JOIN games f ON f.id = c.duplicate_of
             WHERE c.plies = 0 AND f.source_id = c.source_id"
        ),
        0
    );
    assert_eq!(
        count(
            &db,
            "SELECT count(DISTINCT header_key) FROM games WHERE plies = 0"
        ),
        201
    );
    // The balance leaves them out (no opening reached), and says so.
    let out = kifu(&[
        "stats",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "renju",
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    let short = count(
        &db,
        "SELECT count(*) FROM games WHERE duplicate_of IS NULL AND plies < 3",
    );
    assert!(short >= 228, "{short}");
    assert!(
        said.contains(&format!("{short} game(s) that never reached an opening")),
        "{said}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let counted = count(
        &db,
        "SELECT count(*) FROM games g WHERE duplicate_of IS NULL AND plies >= 3
         AND NOT EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                         AND x.code = 'forfeit-result')",
    );
    assert_eq!(json["renju_balance"][0]["games"].as_i64(), Some(counted));
}

#[test]
fn a_game_is_found_by_any_copys_header() {
    let Some(db) = ccpd_db() else {
        return;
    };
    let d = db.to_str().unwrap();
    let listed = kifu_ok(&[
        "games",
        "--db",
        d,
        "--player",
        "*胡榮華*",
        "--limit",
        "100000",
        "--format",
        "csv",
    ]);
    // A game is his where the seats it shows name him: its holder's, its own or, where it
    // names no one, the earliest copy's naming players. Of the 2,355 games a copy of which
    // names him, 5 show other players (issue 55: 3762, 呂欽–趙國榮, whose copy names
    // 上海胡榮華): a copy's other names credit no one.
    let holders = "SELECT CASE WHEN EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)
                       THEN f.id
                       ELSE coalesce((SELECT min(c.id) FROM games c WHERE c.duplicate_of = f.id
                                      AND EXISTS (SELECT 1 FROM game_players
                                                  WHERE game_id = c.id)), f.id) END AS holder
                   FROM games f WHERE f.duplicate_of IS NULL";
    let named = "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = gp.player_id
                 WHERE p.key GLOB '*胡荣华*'";
    let his = count(
        &db,
        &format!("SELECT count(*) FROM ({holders}) WHERE holder IN ({named})"),
    );
    let any_copy = count(
        &db,
        &format!(
            "SELECT count(DISTINCT coalesce(g.duplicate_of, g.id)) FROM games g
             WHERE g.id IN ({named})"
        ),
    );
    assert_eq!((his, any_copy), (2350, 2355));
    assert_eq!(listed.lines().count() as i64, his + 1);
    let lu_zhao = ccpd_game(&db, "呂欽/00000502.pgn");
    assert!(
        !listed
            .lines()
            .any(|l| l.starts_with(&format!("{lu_zhao},"))),
        "game {lu_zhao} is not his"
    );
    // Each game shows a seat naming him, or says which copy did.
    let json = kifu_ok(&[
        "games",
        "--db",
        d,
        "--player",
        "*胡榮華*",
        "--limit",
        "100000",
        "--format",
        "json",
    ]);
    for line in json.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let shows_him = game["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| kifu_facts::fold_name(p["name"].as_str().unwrap()).contains("胡荣华"));
        assert!(shows_him || !game["found_through"].is_null(), "{line}");
    }
    // His name in Simplified characters finds the same games (names fold Traditional to
    // Simplified), with a pattern and as a whole name.
    let found = |pattern: &str| {
        kifu_ok(&[
            "games", "--db", d, "--player", pattern, "--limit", "100000", "--format", "csv",
        ])
    };
    assert_eq!(found("*胡荣华*"), listed);
    assert_eq!(found("胡荣华"), found("胡榮華"));
    assert!(found("胡荣华").lines().count() > 1000);
    let own = "SELECT DISTINCT gp.game_id FROM game_players gp
               JOIN players p ON p.id = gp.player_id WHERE p.key GLOB '*胡荣华*'";
    assert_eq!(
        count(
            &db,
            &format!("SELECT count(*) FROM games WHERE duplicate_of IS NULL AND id IN ({own})")
        ),
        2291
    );
    let found_by_copy = format!(
        "FROM games f WHERE f.duplicate_of IS NULL AND f.id NOT IN ({own})
         AND EXISTS (SELECT 1 FROM games c WHERE c.duplicate_of = f.id AND c.id IN ({own}))"
    );
    assert_eq!(count(&db, &format!("SELECT count(*) {found_by_copy}")), 64);
    assert_eq!(
        count(
            &db,
            &format!(
                "SELECT count(*) {found_by_copy}
                 AND NOT EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)"
            )
        ),
        59
    );
    // `show` gives the names a copy gives, and says which copy.
    let nameless = count(
        &db,
        &format!(
            "SELECT min(f.id) {found_by_copy}
             AND NOT EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)"
        ),
    );
    let shown = kifu_ok(&["show", "--db", d, &nameless.to_string()]);
    assert!(shown.contains("胡榮華"), "{shown}");
    assert!(
        shown.contains("(not in this record: from its copy, game "),
        "{shown}"
    );
    // So do the standings: the game counts for the players its copy names.
    let standings = kifu_ok(&[
        "standings",
        "--db",
        d,
        "--game",
        &nameless.to_string(),
        "--json",
    ]);
    assert!(standings.contains("胡榮華"), "{standings}");
}

/// The CCPD game whose member ends with `path`.
fn ccpd_game(db: &Path, path: &str) -> i64 {
    count(
        db,
        &format!("SELECT id FROM games WHERE member LIKE '%/以棋手分類/{path}'"),
    )
}

/// Game 12702 of the issue names 上海胡榮華 in both seats: a warning on it, as on every
/// record whose two seats name one folded name, and no win, draw or loss of his.
#[test]
fn one_player_in_both_seats_is_a_warning_and_no_result() {
    let Some(db) = ccpd_db() else {
        return;
    };
    let d = db.to_str().unwrap();
    let twice = count(
        &db,
        "SELECT count(DISTINCT a.game_id) FROM game_players a
         JOIN game_players b ON b.game_id = a.game_id AND b.seat > a.seat
         JOIN players pa ON pa.id = a.player_id JOIN players pb ON pb.id = b.player_id
         WHERE pa.key = pb.key AND pa.key <> ''",
    );
    let warned = count(
        &db,
        "SELECT count(DISTINCT game_id) FROM findings
         WHERE code = 'same-player-both-seats' AND severity = 'warning'",
    );
    assert_eq!((twice, warned), (45, 45));
    let game = ccpd_game(&db, "胡榮華/00002089.pgn").to_string();
    let audit = kifu_ok(&[
        "audit",
        "--db",
        d,
        "--game",
        &game,
        "--code",
        "same-player-both-seats",
        "--json",
    ]);
    let finding: serde_json::Value = serde_json::from_str(audit.trim()).unwrap();
    assert_eq!(
        finding["message"],
        "the red and black seats name one player: 上海胡榮華"
    );
    let players = kifu_ok(&["players", "--db", d, "--game", &game, "--format", "json"]);
    let lines: Vec<serde_json::Value> = players
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{players}");
    let counts =
        ["games", "wins", "draws", "losses", "no_result"].map(|k| lines[0][k].as_i64().unwrap());
    assert_eq!(lines[0]["player"], "上海胡榮華");
    assert_eq!(counts, [1, 0, 0, 0, 1]);
}

#[test]
fn copies_that_disagree_are_found_once_per_game_and_field() {
    let Some(db) = ccpd_db() else {
        return;
    };
    let d = db.to_str().unwrap();
    let listed = kifu_ok(&["audit", "--db", d, "--code", "copies-disagree", "--json"]);
    let findings: Vec<serde_json::Value> = listed
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let on = |field: &str| {
        let prefix = format!("copies disagree on the {field}");
        findings
            .iter()
            .filter(|f| f["message"].as_str().unwrap().starts_with(&prefix))
            .count() as i64
    };
    // Each copy group (a first copy and the copies linked to it) by the values its copies
    // record, a field's empty values left out.
    let groups = |values: &str, from: &str| {
        count(
            &db,
            &format!(
                "SELECT count(*) FROM (SELECT coalesce(g.duplicate_of, g.id) AS game {from}
                 GROUP BY game HAVING count(DISTINCT {values}) > 1)"
            ),
        )
    };
    let results = groups(
        "g.recorded_result",
        "FROM games g WHERE g.recorded_result IN ('red', 'black', 'draw')",
    );
    assert_eq!(results, 138);
    assert_eq!(on("result"), results);
    assert_eq!(
        on("date"),
        groups("trim(g.date)", "FROM games g WHERE trim(g.date) <> ''")
    );
    assert_eq!(
        on("round"),
        groups("trim(g.round)", "FROM games g WHERE trim(g.round) <> ''")
    );
    assert_eq!(
        on("event"),
        groups("e.key", "FROM games g JOIN events e ON e.id = g.event_id")
    );
    // Players: a seat two copies fill with different (folded) names.
    let players = count(
        &db,
        "SELECT count(DISTINCT game) FROM (
             SELECT coalesce(g.duplicate_of, g.id) AS game FROM games g
             JOIN game_players gp ON gp.game_id = g.id JOIN players p ON p.id = gp.player_id
             GROUP BY game, gp.seat HAVING count(DISTINCT p.key) > 1)",
    );
    assert_eq!(on("players"), players);
    // One finding a field, on the first copy, warning for the result and players only.
    assert_eq!(
        findings.len() as i64,
        count(
            &db,
            "SELECT count(DISTINCT x.game_id || substr(x.message, 1, 30)) FROM findings x
             JOIN games g ON g.id = x.game_id
             WHERE x.code = 'copies-disagree' AND g.duplicate_of IS NULL"
        )
    );
    for f in &findings {
        let serious = f["severity"] == "warning";
        let message = f["message"].as_str().unwrap();
        assert_eq!(
            serious,
            message.contains(" the result:") || message.contains(" the players"),
            "{f}"
        );
    }
    // Games 10271 and 10399 of the issue: the same 112 plies, a red win and a black win.
    let red = ccpd_game(&db, "楊官璘/00000740.pgn");
    let black = ccpd_game(&db, "楊官璘/00000868.pgn");
    for game in [red, black] {
        let audit = kifu_ok(&["audit", "--db", d, "--game", &game.to_string(), "--json"]);
        let result = audit
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|f| {
                f["code"] == "copies-disagree"
                    && f["message"]
                        .as_str()
                        .unwrap()
                        .starts_with("copies disagree on the result:")
            })
            .unwrap_or_else(|| panic!("game {game}: {audit}"));
        assert_eq!(result["game"], red);
        assert_eq!(result["severity"], "warning");
        let message = result["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("red in game {red} (")),
            "{message}"
        );
        assert!(
            message.contains(&format!("black in game {black} (")),
            "{message}"
        );
        assert!(
            message.ends_with(&format!(
                "red in game {red} (…/00000740.pgn:1), black in game {black} (…/00000868.pgn:1)"
            )),
            "{message}"
        );
    }
}

#[test]
fn the_same_files_give_the_same_links_in_any_order() {
    let (Some(full), Some(gomoku)) = (bdt("full_dataset.txt"), bdt("Gomoku.bdt")) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.db");
    let two = dir.path().join("two.db");
    ingest_json(&one, &[&full]);
    ingest_json(&one, &[&gomoku]);
    ingest_json(&two, &[&gomoku]);
    ingest_json(&two, &[&full]);
    assert_eq!(copy_groups(&one), copy_groups(&two));
    for db in [&one, &two] {
        // No free-style game is a copy of a Renju game, or the other way.
        assert_eq!(
            count(
                db,
                "SELECT count(*) FROM games c JOIN games f ON f.id = c.duplicate_of
                 WHERE c.ruleset IS NOT f.ruleset"
            ),
            0
        );
        // Gomoku.bdt's 787 records are 772 games under the 8 board symmetries.
        let listed = kifu_ok(&[
            "games",
            "--db",
            db.to_str().unwrap(),
            "--ruleset",
            "freestyle",
            "--limit",
            "10000",
            "--format",
            "csv",
        ]);
        assert_eq!(listed.lines().count(), 772 + 1);
    }
}

#[test]
fn explore_position_and_stats_count_d4_alike() {
    let Some(renju) = shared("renju") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&renju]);
    let d = db.to_str().unwrap();
    let run = |args: &[&str]| -> (serde_json::Value, String) {
        let out = kifu(args);
        assert!(out.status.success(), "{args:?}");
        (
            serde_json::from_slice(&out.stdout).unwrap(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let freestyle = count(
        &db,
        "SELECT count(*) FROM games WHERE ruleset = 'freestyle' AND duplicate_of IS NULL",
    );
    assert_eq!(freestyle, 772);
    let left_out = format!("{freestyle} free-style gomoku game(s) left out");
    let (position, said) = run(&[
        "position", "--db", d, "--game", "renju", "--moves", "h8 h9 i9", "--limit", "0", "--json",
    ]);
    assert!(said.contains(&left_out), "{said}");
    let (explored, said) = run(&[
        "explore", "--db", d, "--game", "renju", "--moves", "h8 h9", "--json",
    ]);
    assert!(said.contains(&left_out), "{said}");
    let (stats, said) = run(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--opening",
        "D4",
        "--format",
        "json",
    ]);
    let d4 = position["games"].as_u64().unwrap();
    let via_explore = explored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "i9")
        .unwrap()["games"]
        .as_u64()
        .unwrap();
    assert_eq!(via_explore, d4);
    // The balance counts the D4 games that were played; the one forfeit is said.
    let balance = stats["renju_balance"][0]["games"].as_u64().unwrap();
    assert!(said.contains("1 forfeit(s)"), "{said}");
    assert_eq!(balance + 1, d4);
    // 4,583 games and the D4.lib library, one record whose main line opens D4 (its other
    // lines are variations, which the position index leaves out).
    assert_eq!(d4, 4584);
    // An empty answer says why.
    let out = kifu(&[
        "stats",
        "--db",
        d,
        "--ruleset",
        "freestyle",
        "--by",
        "opening",
    ]);
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "renju_balance_by_opening is empty: free-style gomoku games have no Renju opening"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Two ingests into one database at once (the CCPD and dpxq archive) link every copy
/// as one ingest after the other does: the same groups, the same number of first copies.
#[test]
fn two_ingests_at_once_link_copies_as_one_after_the_other() {
    let (Some(alone), Some(dpxq)) = (
        ccpd_db(),
        shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz"),
    ) else {
        return;
    };
    let ccpd = shared("xiangqi/ccpd/ccpd_dataset_big5.tar.xz").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let sequential = dir.path().join("sequential.db");
    std::fs::copy(&alone, &sequential).unwrap();
    ingest_json(&sequential, &[&dpxq]);

    let together = dir.path().join("together.db");
    // Both start on a database neither has made: they take turns at its schema too.
    let ingest = |input: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["ingest", "--json", "--db", together.to_str().unwrap()])
            .arg(input)
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let (mut a, mut b) = (ingest(&ccpd), ingest(&dpxq));
    let (a, b) = (a.wait().unwrap(), b.wait().unwrap());
    assert!(a.code() == Some(0) && b.code() == Some(0), "{a} {b}");

    let firsts = "SELECT count(*) FROM games WHERE duplicate_of IS NULL";
    assert_eq!(count(&together, firsts), count(&sequential, firsts));
    assert_eq!(copy_groups(&together), copy_groups(&sequential));
}
