//! Results without moves are records: the RenjuNet results file (wind23's supplement to the
//! RenjuNet database) ingests as one game per `game` row, counts in the result tables by
//! rule and in the standings, reaches no position, and a curated id names its players.

use std::path::Path;

use crate::common::{ingest_json, kifu, kifu_ok, shared};

const RESULTS: &str = "renju/results/whr_renju_additional_input_2023-03-05.tsv";

fn count(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn the_renjunet_results_file_is_games_without_moves() {
    let Some(file) = shared(RESULTS) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let summary = ingest_json(&db, &[&file]);
    assert_eq!(summary["games"], 22055, "{summary}");
    assert_eq!(summary["quarantined"], 0, "{summary}");
    // Its SOURCES.md counts: 1,753 players and 581 tournaments; no two rows are one game
    // (24 pairs share tournament, round, players and result, but not their game id).
    assert_eq!(count(&db, "SELECT count(*) FROM players"), 1753);
    assert_eq!(count(&db, "SELECT count(*) FROM events"), 581);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL OR plies > 0"
        ),
        0
    );
    let d = db.to_str().unwrap();

    // The result tables by rule count them (each count checked with awk on the file).
    let out = kifu(&[
        "stats", "--db", d, "--game", "renju", "--by", "rule", "--format", "json",
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "22055 result(s) without moves (of a results file) count in the Renju balance \
             tables, except those by opening"
        ),
        "{stderr}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<(String, u64, u64, u64, u64, String)> = json["renju_balance_by_rule"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rule"].as_str().unwrap().to_owned(),
                r["games"].as_u64().unwrap(),
                r["black_wins"].as_u64().unwrap(),
                r["white_wins"].as_u64().unwrap(),
                r["draws"].as_u64().unwrap(),
                format!("{:.3}", r["black_score"].as_f64().unwrap()),
            )
        })
        .collect();
    let row =
        |rule: &str, n, b, w, dr, score: &str| (rule.to_owned(), n, b, w, dr, score.to_owned());
    assert_eq!(
        rows,
        [
            row("renjunet:1", 19119, 9592, 8033, 1494, "0.541"),
            row("renjunet:10", 57, 24, 28, 5, "0.465"),
            row("renjunet:2", 49, 31, 18, 0, "0.633"),
            row("renjunet:24", 4, 3, 1, 0, "0.750"),
            row("renjunet:5", 2715, 1387, 1018, 310, "0.568"),
            row("renjunet:8", 111, 65, 36, 10, "0.631"),
        ]
    );
    // Never in a table that needs moves: no opening, no position.
    let by_opening = kifu_ok(&[
        "stats", "--db", d, "--game", "renju", "--by", "opening", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&by_opening).unwrap();
    assert_eq!(json["renju_balance_by_opening"], serde_json::json!([]));
    let explored = kifu_ok(&["explore", "--db", d, "--game", "renju"]);
    assert!(
        explored.contains("no game reaches this position"),
        "{explored}"
    );
    let verified = kifu_ok(&["index", "--db", d, "--verify"]);
    assert!(
        verified.contains("consistent with the 22055 games"),
        "{verified}"
    );

    // The standings of a tournament, its players named by their ids until the curation
    // names one (by the id the file uses).
    // A line's first cells: place, player, games, wins, draws, losses, points.
    let has_line = |standings: &str, cells: &str| {
        standings
            .lines()
            .any(|l| l.split_whitespace().take(7).eq(cells.split_whitespace()))
    };
    let standings = kifu_ok(&["standings", "--db", d, "--event", "renjunet:2596"]);
    assert!(
        has_line(&standings, "1 renjunet:3556 7 5 2 0 6"),
        "{standings}"
    );
    let curation = dir.path().join("players.toml");
    std::fs::write(
        &curation,
        "[[player]]\nname = \"Player 3556\"\nid = \"renjunet:3556\"\n",
    )
    .unwrap();
    kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    let standings = kifu_ok(&["standings", "--db", d, "--event", "renjunet:2596"]);
    assert!(
        standings
            .lines()
            .any(|l| l.trim_start().starts_with("1  Player 3556")),
        "{standings}"
    );
    assert!(
        has_line(
            &standings.replace("Player 3556", "Player_3556"),
            "1 Player_3556 7 5 2 0 6"
        ),
        "{standings}"
    );
}

/// The curation the next test applies: RenjuNet's rules 1 and 5 named, one player named and
/// three of their tournaments dated (the dates are the test's own, not RenjuNet's).
const NAMED: &str = r#"[[player]]
name = "Player Six"
id = "renjunet:6"

[[rule]]
id = "renjunet:1"
name = "RIF"

[[rule]]
id = "renjunet:5"
name = "Yamaguchi"
description = "as the test names it"

[[event]]
match = { event = "renjunet:195" }
name = "Tournament 195"
dates = "2005-08-01..2005-08-10"

[[event]]
match = { event = "renjunet:164" }
name = "Tournament 164"
dates = "2009-07-01..2009-07-05"

[[event]]
match = { event = "renjunet:1001" }
name = "Tournament 1001"
dates = "2014-05-02"
"#;

/// A table's column `key` for every row, from `stats --format json`.
pub(crate) fn column(db: &str, args: &[&str], table: &str, key: &str) -> Vec<serde_json::Value> {
    let mut all = vec!["stats", "--db", db, "--game", "renju", "--format", "json"];
    all.extend(args);
    let json: serde_json::Value = serde_json::from_str(&kifu_ok(&all)).unwrap();
    json[table]
        .as_array()
        .unwrap_or_else(|| panic!("{json}"))
        .iter()
        .map(|r| r[key].clone())
        .collect()
}

/// The dated lines (periods) of `ratings --history` for one player.
pub(crate) fn periods(db: &str, player: &str) -> Vec<String> {
    let out = kifu_ok(&[
        "ratings",
        "--db",
        db,
        "--game",
        "renju",
        "--player",
        player,
        "--history",
    ]);
    out.lines()
        .filter(|l| {
            l.get(..4)
                .is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|l| l.split_whitespace().next().unwrap().to_owned())
        .collect()
}

#[test]
fn curated_rules_name_the_tables_and_dated_tournaments_date_their_games() {
    let Some(file) = shared(RESULTS) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&file]);
    let d = db.to_str().unwrap();
    let curation = dir.path().join("named.toml");
    std::fs::write(&curation, NAMED).unwrap();
    let applied = kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    assert!(applied.contains("2 rule(s) named"), "{applied}");

    // Each rule by its name, the id beside it; a rule not named as recorded.
    let adjusted = kifu_ok(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
    ]);
    assert!(adjusted.contains("RIF (renjunet:1)"), "{adjusted}");
    assert!(adjusted.contains("Yamaguchi (renjunet:5)"), "{adjusted}");
    let rules = column(d, &["--by", "rule"], "renju_balance_by_rule", "rule");
    assert_eq!(
        rules,
        [
            "RIF (renjunet:1)",
            "Yamaguchi (renjunet:5)",
            "renjunet:10",
            "renjunet:2",
            "renjunet:24",
            "renjunet:8"
        ]
    );
    let games = column(d, &["--by", "rule"], "renju_balance_by_rule", "games");
    assert_eq!(games[..2], [19119, 2715]);
    // `--rule` takes the name as well as the id.
    for rule in ["yamaguchi", "renjunet:5"] {
        let listed = kifu(&["games", "--db", d, "--rule", rule, "--limit", "1"]);
        let said = String::from_utf8_lossy(&listed.stderr);
        assert!(said.contains("of 2715 games"), "{rule}: {said}");
    }
    // Compared by its name as well as by its label.
    let compared = kifu_ok(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "rule",
        "--compare",
        "RIF",
        "renjunet:5",
    ]);
    assert!(compared.contains("Yamaguchi (renjunet:5)"), "{compared}");
    let shown = kifu_ok(&["show", "--db", d, "1"]);
    assert!(shown.contains("rule: RIF (renjunet:1)\n"), "{shown}");

    // A dated tournament's games take its last day, in the tables by year and in the
    // ratings: the named player has a period per tournament.
    let years = column(d, &["--by", "year"], "renju_balance_by_year", "year");
    let counts = column(d, &["--by", "year"], "renju_balance_by_year", "games");
    assert_eq!(years, ["2005", "2009", "2014"]);
    assert_eq!(counts, [24, 395, 42]);
    assert_eq!(
        periods(d, "Player Six"),
        ["2005-08-10", "2009-07-05", "2014-05-02"]
    );

    // Removed, every table is as the records make it.
    kifu_ok(&["curate", "--db", d, "--remove"]);
    let rules = column(d, &["--by", "rule"], "renju_balance_by_rule", "rule");
    assert_eq!(rules[..2], ["renjunet:1", "renjunet:10"]);
    let years = column(d, &["--by", "year"], "renju_balance_by_year", "year");
    assert!(years.is_empty(), "{years:?}");
}

#[test]
fn a_rule_no_game_gives_or_named_twice_is_an_error_at_its_line() {
    let Some(file) = shared(RESULTS) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&file]);
    let d = db.to_str().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "[[rule]]\nid = \"renjunet:1\"\nname = \"RIF\"\n\n\
         [[rule]]\nid = \"renjunet:99\"\nname = \"Nothing\"\n\n\
         [[rule]]\nid = \"renjunet:5\"\nname = \"rif\"\n\n\
         [[rule]]\nid = \"renjunet:1\"\nname = \"Other\"\n",
    )
    .unwrap();
    let out = kifu(&["curate", "--db", d, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let b = bad.display();
    for line in [
        format!("{b}:5: [[rule]] \"renjunet:99\": no stored game gives this rule"),
        format!("{b}:9: [[rule]] \"renjunet:5\": \"rif\" is already the name of \"renjunet:1\" (line 1)"),
        format!("{b}:13: [[rule]] \"renjunet:1\": the rule \"renjunet:1\" is already named at line 1"),
        format!("3 error(s) in {b}: nothing applied"),
    ] {
        assert!(stderr.contains(&line), "{line}\n{stderr}");
    }
    // Nothing applied: the rules as recorded.
    let rules = column(d, &["--by", "rule"], "renju_balance_by_rule", "rule");
    assert_eq!(rules[0], "renjunet:1");
}

#[test]
fn a_bad_results_row_is_quarantined_with_its_place_and_the_rest_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("results.tsv");
    std::fs::write(
        &file,
        "game\tG1\t7\t1\t1\t10\t11\tB\n\
         game\tG2\t7\t1\t1\t12\t13\tX\n\
         player\t10\tAna\tStepanova\tRUS\t1\n\
         game\tG3\t7\t2\t1\t10\t12\n\
         game\tG4\t7\t2\t1\t11\t13\tD\n",
    )
    .unwrap();
    let db = dir.path().join("k.db");
    let summary = ingest_json(&db, &[&file]);
    assert_eq!(
        (summary["games"].as_u64(), summary["quarantined"].as_u64()),
        (Some(2), Some(2)),
        "{summary}"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT line, \"column\", offset, message FROM findings
             WHERE quarantine_id IS NOT NULL ORDER BY line",
        )
        .unwrap();
    let bad: Vec<(i64, i64, i64, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        bad,
        [
            (
                2,
                21,
                22 + 20,
                "'X' is not a result: expected B, W or D".to_owned()
            ),
            (
                4,
                1,
                22 + 22 + 30,
                "a game row has 8 tab-separated fields, this one 7".to_owned()
            ),
        ]
    );
    // The player row names player 10 in the games read.
    let named = count(
        &db,
        "SELECT count(*) FROM game_players gp JOIN players p ON p.id = gp.player_id
         WHERE p.name = 'Ana Stepanova'",
    );
    assert_eq!(named, 1);
}

/// Xiangqi's first seat is Red from the record to the standings and back out: a `1-0`
/// counts for the player the `Red` tag names, the side filter finds Red's games under
/// `red`, and every notation kifu writes the game in names Red first and the win Red's.
#[test]
fn xiangqis_first_seat_is_red_in_the_standings_and_the_exports() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("cup.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Cup\"]\n[Round \"1\"]\n[Red \"Li\"]\n[Black \"Zhang\"]\n[Result \"1-0\"]\n\n\
         1. 炮二平五 马8进7 1-0\n\n\
         [Event \"Cup\"]\n[Round \"2\"]\n[Red \"Li\"]\n[Black \"Zhang\"]\n[Result \"0-1\"]\n\n\
         1. 炮二平五 炮8平5 0-1\n\n\
         [Event \"Cup\"]\n[Round \"3\"]\n[Red \"Zhang\"]\n[Black \"Li\"]\n[Result \"1-0\"]\n\n\
         1. 马二进三 马8进7 1-0\n",
    )
    .unwrap();
    let db = dir.path().join("cup.db");
    let d = db.to_str().unwrap();
    ingest_json(&db, &[&pgn]);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE recorded_result = 'red' AND derived_result IS NULL"
        ),
        2
    );
    let json: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        d,
        "--event",
        "Cup",
        "--json",
    ]))
    .unwrap();
    let line = |name: &str| {
        let l = json["xiangqi"][0]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["player"] == name)
            .unwrap_or_else(|| panic!("{name} in {json}"));
        ["games", "wins", "draws", "losses", "points"]
            .map(|k| l[k].to_string())
            .join(" ")
    };
    // games, wins, draws, losses, points: Li won round 1 as Red and lost the other two.
    assert_eq!(line("Li"), "3 1 0 2 1.0", "{json}");
    assert_eq!(line("Zhang"), "3 2 0 1 2.0", "{json}");
    // Two players: a match, its games from Zhang's seat (Li won round 1 as Red).
    let standings = kifu_ok(&["standings", "--db", d, "--event", "Cup"]);
    assert!(standings.contains("Zhang 2–1 Li"), "{standings}");
    let results: Vec<&str> = standings
        .lines()
        .filter_map(|l| {
            l.trim()
                .strip_suffix("–0")
                .or(l.trim().strip_suffix("–1"))
                .map(|_| l)
        })
        .map(|l| l.split_whitespace().last().unwrap())
        .collect();
    assert_eq!(results, ["0–1", "1–0", "1–0"], "{standings}");
    let red = kifu_ok(&["games", "--db", d, "--player", "Li", "--side", "red"]);
    assert_eq!(
        red.lines().filter(|l| l.contains("Cup")).count(),
        2,
        "{red}"
    );

    for (format, red_first, red_win) in [
        ("xiangqi-pgn", "[Red \"Li\"]", "[Result \"1-0\"]"),
        (
            "dhtmlxq",
            "[DhtmlXQ_red]Li[/DhtmlXQ_red]",
            "[DhtmlXQ_result]红胜[/DhtmlXQ_result]",
        ),
    ] {
        let out = dir.path().join(format);
        kifu_ok(&[
            "export",
            "--db",
            d,
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
            "--game",
            "1",
        ]);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains(red_first), "{format}: {text}");
        assert!(text.contains(red_win), "{format}: {text}");
    }
}
