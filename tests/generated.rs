//! Generated games of all four kinds through the pipeline, and the tournament outputs of
//! Chess Territorial and ChouChou.

use std::path::Path;

use crate::common::{count, generate, ingest_json, kifu_ok};

#[test]
fn generated_games_of_every_kind_ingest_without_findings() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        generate(
            dir.path(),
            &["--game", "renju", "--games", "60", "--seed", "3"],
            "r.txt",
        ),
        generate(
            dir.path(),
            &[
                "--game",
                "renju",
                "--games",
                "40",
                "--seed",
                "4",
                "--notation",
                "lines",
            ],
            "r.renju",
        ),
        generate(
            dir.path(),
            &["--game", "xiangqi", "--games", "30", "--seed", "3"],
            "x.pgn",
        ),
        generate(
            dir.path(),
            &[
                "--game",
                "xiangqi",
                "--games",
                "20",
                "--seed",
                "5",
                "--notation",
                "iccs",
            ],
            "xi.pgn",
        ),
        generate(
            dir.path(),
            &["--game", "territorial", "--games", "40", "--seed", "3"],
            "t.pgn",
        ),
        generate(
            dir.path(),
            &["--game", "chouchou", "--games", "30", "--seed", "3"],
            "c2.ccn",
        ),
        generate(
            dir.path(),
            &[
                "--game",
                "chouchou",
                "--games",
                "20",
                "--seed",
                "3",
                "--players",
                "3",
                "--variant",
                "4x4",
            ],
            "c3.ccn",
        ),
        generate(
            dir.path(),
            &[
                "--game",
                "chouchou",
                "--games",
                "20",
                "--seed",
                "3",
                "--players",
                "4",
                "--pairs",
                "--variant",
                "js",
            ],
            "c4.ccn",
        ),
    ];
    let db = dir.path().join("gen.db");
    let refs: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    let s = ingest_json(&db, &refs);
    assert_eq!(s["records"], 260, "{s}");
    assert_eq!(
        (s["valid"].as_u64(), s["quarantined"].as_u64()),
        (Some(260), Some(0)),
        "{s}"
    );
    assert_eq!(count(&db, "SELECT count(*) FROM findings"), 0);
    for (kind, n) in [
        ("renju", 100),
        ("xiangqi", 50),
        ("territorial", 40),
        ("chouchou", 70),
    ] {
        assert_eq!(
            count(
                &db,
                &format!("SELECT count(*) FROM games WHERE kind = '{kind}'")
            ),
            n,
            "{kind}"
        );
    }
    // Reproducible: the same seed writes the same bytes.
    let again = generate(
        dir.path(),
        &["--game", "territorial", "--games", "40", "--seed", "3"],
        "t2.pgn",
    );
    assert_eq!(
        std::fs::read(&files[4]).unwrap(),
        std::fs::read(again).unwrap()
    );
    // Every generated game has an event and a round, but for the 40 Renju games written
    // one per line, a form that carries moves and results only.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE event_id IS NULL OR round IS NULL"
        ),
        40
    );
}

#[test]
fn check_territorial_scores_a_position() {
    // Hand count (a1 dark; light squares are White's, dark Black's). White: K e1, Q e2 and
    // the empty light squares next to them, d1 and f1 (e3, d2, f2 are dark): one territory
    // of 4 holding king and queen, ×2 = 8. Black: K d8 alone (c8, e8, d7 are light) = 1 ×2;
    // R d5 with the dark squares c5, e5, d4, d6 = 5 ×1. White 8, Black 7.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check",
        "territorial",
        "--json",
        "--moves",
        "K@e1 K@d8 Q@e2 R@d5",
    ]))
    .unwrap();
    assert_eq!(
        v["score"],
        serde_json::json!({"white": 8, "black": 7}),
        "{v}"
    );
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["winner"], serde_json::Value::Null);
    let sizes: Vec<(String, u64, u64)> = v["territories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["side"].as_str().unwrap().to_owned(),
                t["size"].as_u64().unwrap(),
                t["multiplier"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        sizes,
        [
            ("white".to_owned(), 4, 2),
            ("black".to_owned(), 5, 1),
            ("black".to_owned(), 1, 2)
        ]
    );
    // An illegal placement is named with its reason.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check",
        "territorial",
        "--json",
        "--moves",
        "K@e4",
    ]))
    .unwrap();
    assert_eq!(v["findings"][0]["code"], "illegal-placement", "{v}");
}

#[test]
fn check_chouchou_shows_captures_and_steps() {
    // 1A (P1) 2A (P2) 3A (P1): row A becomes 1·1·1, P1 takes P2's piece on 2A.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check", "chouchou", "--json", "--moves", "1A 2A 3A",
    ]))
    .unwrap();
    assert_eq!(v["captured"], serde_json::json!({"P1": 1, "P2": 0}), "{v}");
    assert_eq!(
        v["captures"],
        serde_json::json!([{"ply": 3, "player": "P1", "taken": 1, "steps": [1]}]),
        "{v}"
    );
    assert_eq!(v["winner"], serde_json::Value::Null);
    // Two piece moves in a row by P1 (a 2-player game): void, and 5 penalty pieces to P2.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check",
        "chouchou",
        "--json",
        "--moves",
        "1A 3C 1A 3B 1A→2B② 3C 2B→1C② 2C",
    ]))
    .unwrap();
    let codes: Vec<&str> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"consecutive-move"), "{v}");
    assert_eq!(v["captured"]["P2"], 5, "{v}");
}

#[test]
fn chouchou_standings_match_a_hand_checked_tournament() {
    let dir = tempfile::tempdir().unwrap();
    // Round 1: Sato (P1) takes Suzuki's 2A with 3A (1 piece), then wins on time.
    // Round 2: Suzuki (P1) takes Sato's 2A the same way, and loses on time.
    // Threshold 10 (3x3). Points (rule 5): a winner's bonus is captured − 10, at least 0;
    // a loser's penalty is −(10 − captured). Sato: R1 +0, R2 +0 → 2 wins, 0 points.
    // Suzuki: R1 −10, R2 −9 → 0 wins, −19.
    let text = "[Game \"ChouChou\"]\n[Variant \"3x3\"]\n[Players \"2\"]\n[Event \"Club\"]\n[Round \"1\"]\n\
                [P1 \"Sato\"]\n[P2 \"Suzuki\"]\n[Termination \"time\"]\n[Result \"P1\"]\n1. 1A 2. 2A 3. 3A x1\n\n\
                [Game \"ChouChou\"]\n[Variant \"3x3\"]\n[Players \"2\"]\n[Event \"Club\"]\n[Round \"2\"]\n\
                [P1 \"Suzuki\"]\n[P2 \"Sato\"]\n[Termination \"time\"]\n[Result \"P2\"]\n1. 1A 2. 2A 3. 3A x1\n";
    let file = dir.path().join("club.ccn");
    std::fs::write(&file, text).unwrap();
    let db = dir.path().join("club.db");
    let s = ingest_json(&db, &[&file]);
    assert_eq!(
        (s["games"].as_u64(), s["quarantined"].as_u64()),
        (Some(2), Some(0)),
        "{s}"
    );
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "chouchou",
        "--json",
    ]))
    .unwrap();
    let event = &v["chouchou"][0];
    assert_eq!(event["event"], "Club");
    let table: Vec<(u64, String, u64, i64)> = event["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["place"].as_u64().unwrap(),
                t["player"].as_str().unwrap().to_owned(),
                t["wins"].as_u64().unwrap(),
                t["points"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        table,
        [
            (1, "Sato".to_owned(), 2, 0),
            (2, "Suzuki".to_owned(), 0, -19)
        ]
    );
    let sheet = &event["sheet"];
    let suzuki = sheet
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == "Suzuki")
        .unwrap();
    let points: Vec<i64> = suzuki["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["points"].as_i64().unwrap())
        .collect();
    assert_eq!(points, [-10, -9]);
    let text = kifu_ok(&[
        "standings",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "chouchou",
    ]);
    assert!(
        text.contains("score sheet") && text.contains("× -10"),
        "{text}"
    );
    // CSV: ChouChou's own header only (no two-player header above it).
    let csv = kifu_ok(&[
        "standings",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "chouchou",
        "--csv",
    ]);
    assert_eq!(
        csv.lines().take(3).collect::<Vec<_>>(),
        [
            "game,event,place,player,wins,points,best_bonus,worst_penalty,decided_by",
            "chouchou,Club,1,Sato,2,0,0,0,wins",
            "chouchou,Club,2,Suzuki,0,-19,0,-10,wins",
        ],
        "{csv}"
    );
}
