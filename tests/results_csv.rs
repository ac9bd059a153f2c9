//! A results CSV (`results-csv`): tournament results without moves of all four games in one
//! file. Each row ingests as a game of the kind its `game` column names, each bad row is
//! quarantined at its field, and the games count in the standings and the result tables,
//! never in the tables that need moves.

use std::path::Path;

use serde_json::Value;

use crate::common::{audit_json, ingest_json, kifu, kifu_ok};

/// Every column (the header in its own order and case, an unknown `Section` column), all
/// four games, a BOM, CRLF, quoted fields with a comma, doubled quotes and a line break, a
/// blank line, then one bad row of each kind.
const LINES: [&str; 17] = [
    "Game,Date,Event,Round,Board,Player1,Player2,Player3,Player4,Result,Rule,Forfeit,Section",
    "renju,2024-05-03,Open Cup,1,1,Ana,Ben,,,1-0,rif,,A",
    "renju,2024-05-03,Open Cup,2,1,Ben,Ana,,,1/2-1/2,rif,,A",
    "renju,2024-05-04,Open Cup,3,1,Ana,Ben,,,0-1,rif,yes,A",
    "xiangqi,2024-05,\"City League, Spring\",1,,\"Lee \"\"Tiger\"\" Wu\",Mei,,,0-1,,,",
    "xiangqi,2024-05,\"City League, Spring\",2,,Mei,\"Lee \"\"Tiger\"\" Wu\",,,1-0,,,",
    "territorial,2024-05-04,Open Cup,1,2,Cleo,Dan,,,1-0,,,",
    "chouchou,2024,\"Club\r\nnight\",3,,Aki,Bo,Chie,,P2,,,",
    "",
    "go,2024,Open Cup,1,,X,Y,,,1-0,,,",
    "renju,2024-02-30,Open Cup,4,,Ana,Ben,,,1-0,,,",
    "renju,2024,Open Cup,4,,Ana,,,,1-0,,,",
    "xiangqi,2024,Open Cup,4,,Lee,Mei,,,2-0,,,",
    "territorial,2024,Open Cup,4,,Cleo,Dan,Eve,,1-0,,,",
    "renju,2024,Open Cup,4",
    "renju,2024,\"Open Cup,4,,Ana,Ben,,,1-0,,,",
    "",
];

fn write_csv(dir: &Path) -> std::path::PathBuf {
    let file = dir.join("results.csv");
    std::fs::write(&file, format!("\u{FEFF}{}", LINES.join("\r\n"))).unwrap();
    file
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&kifu_ok(args)).unwrap()
}

#[test]
fn a_results_csv_of_four_games_ingests_counts_in_standings_and_never_where_moves_are_needed() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_csv(dir.path());
    let db = dir.path().join("k.db");
    let summary = ingest_json(&db, &[&file]);
    assert_eq!(
        (
            summary["games"].as_u64(),
            summary["valid"].as_u64(),
            summary["quarantined"].as_u64()
        ),
        (Some(7), Some(7), Some(7)),
        "{summary}"
    );
    let d = db.to_str().unwrap();

    // The good rows: their kinds, seats in moving order, event, round, date, result.
    let games: Vec<Value> = kifu_ok(&["games", "--db", d, "--format", "json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let shown: Vec<String> = games
        .iter()
        .map(|g| {
            let players: Vec<String> = g["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| format!("{}={}", p["side"].as_str().unwrap(), p["name"]))
                .collect();
            format!(
                "{} {} {} {} {} | {} | {} {} | line {} plies {}",
                g["id"],
                g["kind"].as_str().unwrap(),
                g["date"].as_str().unwrap(),
                g["event"],
                g["round"].as_str().unwrap(),
                players.join(" "),
                g["recorded_result"].as_str().unwrap(),
                g["counted_result"].as_str().unwrap(),
                g["line"],
                g["plies"],
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            "1 renju 2024-05-03 \"Open Cup\" 1 | black=\"Ana\" white=\"Ben\" | black black | line 2 plies 0",
            "2 renju 2024-05-03 \"Open Cup\" 2 | black=\"Ben\" white=\"Ana\" | draw draw | line 3 plies 0",
            "3 renju 2024-05-04 \"Open Cup\" 3 | black=\"Ana\" white=\"Ben\" | white white | line 4 plies 0",
            "4 xiangqi 2024-05 \"City League, Spring\" 1 | red=\"Lee \\\"Tiger\\\" Wu\" black=\"Mei\" | black black | line 5 plies 0",
            "5 xiangqi 2024-05 \"City League, Spring\" 2 | red=\"Mei\" black=\"Lee \\\"Tiger\\\" Wu\" | red red | line 6 plies 0",
            "6 territorial 2024-05-04 \"Open Cup\" 1 | white=\"Cleo\" black=\"Dan\" | white white | line 7 plies 0",
            "7 chouchou 2024 \"Club\\r\\nnight\" 3 | P1=\"Aki\" P2=\"Bo\" P3=\"Chie\" | P2 P2 | line 8 plies 0",
        ]
    );
    // The rule, and the other columns kept as tags.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: Vec<(String, Option<String>, Option<String>)> = conn
        .prepare("SELECT format, rule, extra FROM games ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(stored.iter().all(|(f, _, _)| f == "results-csv"));
    assert_eq!(stored[0].1.as_deref(), Some("rif"));
    assert_eq!(stored[4].1, None);
    let tags =
        |i: usize| -> Value { serde_json::from_str(stored[i].2.as_deref().unwrap()).unwrap() };
    assert_eq!(
        (&tags(0)["board"], &tags(0)["Section"]),
        (&"1".into(), &"A".into())
    );
    assert_eq!(tags(2)["forfeit"], "yes");
    assert_eq!(tags(5)["board"], "2");

    // Each bad row quarantined at its field; the forfeit a note (info) at its field.
    let audit = audit_json(&db, &[]);
    let found: Vec<(&str, u64, u64, u64, &str)> = audit
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap(),
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                f["offset"].as_u64().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    let bad = |line, column, offset, message| ("unreadable-record", line, column, offset, message);
    assert_eq!(
        found,
        [
            (
                "forfeit-result",
                4,
                49,
                248,
                "'yes' in the forfeit column: the result was scored without play"
            ),
            bad(
                11,
                1,
                511,
                "'go' is not a game: expected renju, xiangqi, territorial or chouchou"
            ),
            bad(
                12,
                7,
                551,
                "'2024-02-30' is not a date: expected YYYY-MM-DD, YYYY-MM or YYYY"
            ),
            bad(
                13,
                28,
                619,
                "player2 is empty: a renju game needs player1 and player2"
            ),
            bad(
                14,
                36,
                665,
                "'2-0' is not a result: expected 1-0 (player1 won), 0-1 (player2 won), \
                 1/2-1/2 or ½-½ (a draw) or * (not known)"
            ),
            bad(
                15,
                39,
                711,
                "a territorial game has two seats: player3 must be empty"
            ),
            bad(
                16,
                22,
                745,
                "the row has 4 fields, the header 13 (a row has one field per column, empty \
                 ones included)"
            ),
            bad(
                17,
                12,
                758,
                "the quoted field is never closed (a quote opens it here and no quote ends it)"
            ),
        ]
    );
    // The quarantined record is its row, as written (the quoted line break of the
    // ChouChou row makes the file line 14 the 13th of LINES).
    let raw: String = conn
        .query_row("SELECT raw FROM quarantine WHERE line = 14", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(raw, LINES[12]);

    // The standings count them, each game by its own kind and event.
    let standings = json(&["standings", "--db", d, "--json"]);
    let lines = |kind: &str| -> Vec<(String, f64, u64)> {
        standings[kind][0]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["player"].as_str().unwrap().to_owned(),
                    l["points"].as_f64().unwrap(),
                    l["games"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let line = |p: &str, points, games| (p.to_owned(), points, games);
    assert_eq!(standings["renju"][0]["section"], "A");
    assert_eq!(lines("renju"), [line("Ana", 1.5, 3), line("Ben", 1.5, 3)]);
    assert_eq!(
        lines("xiangqi"),
        [line("Mei", 2.0, 2), line("Lee \"Tiger\" Wu", 0.0, 2)]
    );
    assert_eq!(
        lines("territorial"),
        [line("Cleo", 1.0, 1), line("Dan", 0.0, 1)]
    );
    assert_eq!(standings["chouchou"][0]["standings"][0]["player"], "Bo");
    assert_eq!(standings["chouchou"][0]["standings"][0]["wins"], 1);

    // The result tables count them (the Renju balance by rule, the forfeit left out);
    // the tables that need moves do not: no opening, no length, no score, no capture.
    let out = kifu(&["stats", "--db", d, "--game", "renju", "--format", "json"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 forfeit(s) (a forfeit-result note: not played out) are left out")
            && stderr.contains("2 result(s) without moves (of a results file) count"),
        "{stderr}"
    );
    let renju: Value = serde_json::from_slice(&out.stdout).unwrap();
    let by_rule = &renju["renju_balance_by_rule"][0];
    assert_eq!(
        (
            &by_rule["rule"],
            &by_rule["games"],
            &by_rule["black_wins"],
            &by_rule["draws"]
        ),
        (&"rif".into(), &2.into(), &1.into(), &1.into())
    );
    assert_eq!(renju["renju_balance_by_opening"], serde_json::json!([]));
    assert_eq!(renju["renju_lengths"], serde_json::json!([]));
    let xiangqi = json(&["stats", "--db", d, "--game", "xiangqi", "--format", "json"]);
    assert_eq!(xiangqi["xiangqi_results"][0]["games"], 2);
    assert_eq!(xiangqi["xiangqi_results"][0]["red_wins"], 1);
    assert_eq!(xiangqi["xiangqi_lengths"], serde_json::json!([]));
    let territorial = json(&[
        "stats",
        "--db",
        d,
        "--game",
        "territorial",
        "--format",
        "json",
    ]);
    let summary = &territorial["territorial_summary"][0];
    assert_eq!(
        (&summary["games"], &summary["white_wins"]),
        (&1.into(), &1.into())
    );
    assert_eq!(summary["white_mean"], Value::Null);
    assert_eq!(territorial["territorial_scores"], serde_json::json!([]));
    assert_eq!(territorial["territorial_lengths"], serde_json::json!([]));
    let chouchou = json(&["stats", "--db", d, "--game", "chouchou", "--format", "json"]);
    let summary = &chouchou["chouchou_summary"][0];
    assert_eq!(
        (&summary["players"], &summary["results"]),
        (&3.into(), &1.into())
    );
    let captures = &chouchou["chouchou_captures_by_variant"][0];
    assert_eq!(
        (&summary["mean_plies"], &captures["captures_per_game"]),
        (&Value::Null, &Value::Null)
    );

    // In no position of the index: the explorer finds no game at any start.
    for kind in ["renju", "xiangqi", "territorial", "chouchou"] {
        let explored = kifu_ok(&["explore", "--db", d, "--game", kind]);
        assert!(
            explored.contains("no game reaches this position"),
            "{kind}: {explored}"
        );
    }
    let verified = kifu_ok(&["index", "--db", d, "--verify"]);
    assert!(
        verified.contains("consistent with the 7 games (0 positions)"),
        "{verified}"
    );
}

#[test]
fn a_header_without_the_required_columns_is_one_quarantined_record() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("results.csv");
    std::fs::write(&file, "game,player1,player2,date\nrenju,A,B,2024\n").unwrap();
    let db = dir.path().join("k.db");
    let d = db.to_str().unwrap();
    // Named by --format (detection needs the result column too).
    let out = kifu(&[
        "ingest",
        "--json",
        "--db",
        d,
        "--format",
        "results-csv",
        file.to_str().unwrap(),
    ]);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "no game: {summary}");
    assert_eq!(
        (summary["games"].as_u64(), summary["quarantined"].as_u64()),
        (Some(0), Some(1))
    );
    let audit = audit_json(&db, &[]);
    assert_eq!(audit.len(), 1);
    assert_eq!(
        audit[0]["message"],
        "the header has no result column: a results CSV needs the columns game, player1, \
         player2 and result"
    );
    assert_eq!(
        (&audit[0]["line"], &audit[0]["column"]),
        (&1.into(), &1.into())
    );
}
