//! Xiangqi end to end on the real collections in ../shared/data/xiangqi.

use std::path::Path;

use crate::common::{count, ingest_json, kifu_ok, shared};

fn strings(db: &Path, sql: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn.prepare(sql).unwrap();
    let rows = stmt.query_map([], |r| r.get(0)).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

#[test]
fn ccpd_big5_corpus_replays_with_names_intact() {
    let Some(archive) = shared("xiangqi/ccpd/ccpd_dataset_big5.tar.xz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ccpd.db");
    let s = ingest_json(&db, &[&archive]);
    // 58,468 games; LICENSE and README.md are kept as unrecognised records.
    assert_eq!(
        (s["games"].as_u64(), s["quarantined"].as_u64()),
        (Some(58_468), Some(2)),
        "{s}"
    );
    let full = "FROM games WHERE member LIKE 'Dataset/對局/%'";
    assert_eq!(count(&db, &format!("SELECT count(*) {full}")), 53_893);
    // Every full game replays to its end. One, 00000753, has a Black move 70 (士6進5)
    // that does not answer a cannon check: the record's own error, reported at that ply,
    // and the replay goes on as the game did.
    let bad = strings(
        &db,
        &format!(
            "SELECT member {full} AND termination IN ('illegal-move', 'ambiguous-move', 'bad-fen')"
        ),
    );
    assert!(bad.is_empty(), "{bad:?}");
    let finding: (i64, String) = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row(
            "SELECT f.ply, f.message FROM findings f JOIN games g ON g.id = f.game_id
             WHERE g.member LIKE '%/00000753.pgn' AND f.code = 'illegal-move'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(finding.1.contains("own general in check"), "{finding:?}");
    assert_eq!(finding.0, 70, "{finding:?}");
    // Eight set-ups no game reaches, all typing errors in their FEN (checked by hand): six
    // without a general, and two opening records with a piece off its points (00000242's
    // Red elephant on g0 typed as a Black advisor, 00000306's on g1). None is replayed.
    let setups = strings(
        &db,
        "SELECT substr(g.member, 9) || ' ' || substr(f.message, instr(f.message, '\": ') + 3)
         FROM findings f JOIN games g ON g.id = f.game_id
         WHERE f.code = 'bad-fen' AND g.termination = 'bad-fen' ORDER BY g.member",
    );
    assert_eq!(
        setups,
        [
            "中局/00002096.pgn black has 0 kings, expected 1",
            "開局/00000068.pgn red has 0 kings, expected 1",
            "開局/00000100.pgn red has 0 kings, expected 1",
            "開局/00000207.pgn red has 0 kings, expected 1",
            "開局/00000226.pgn red has 0 kings, expected 1",
            "開局/00000240.pgn red has 0 kings, expected 1",
            "開局/00000242.pgn black advisor on g0: advisors stay on their palace's five points",
            "開局/00000306.pgn red elephant on g1: elephants stay on their side's seven points",
        ]
    );
    // Moves written without 前/后 where only one piece can make them: resolved, noted.
    assert!(
        count(
            &db,
            "SELECT count(*) FROM findings WHERE code = 'nonstandard-notation'"
        ) > 20_000
    );
    // Round tags in GBK read as GBK, the shortest (`第3局`, Big5 `菴3擁`; `16进8`, Big5
    // `16輛8`) too; every field read so is a Round tag: no name switches encoding.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE round LIKE '%菴%' OR round LIKE '%擁%'
             OR round LIKE '%謫%' OR round LIKE '%輛%'"
        ),
        0
    );
    let switched = strings(
        &db,
        "SELECT field || ': ' || count(*) FROM (SELECT substr(message, 1,
         instr(message, ' is ') - 1) AS field FROM findings WHERE code = 'field-encoding')
         GROUP BY field",
    );
    assert_eq!(switched, ["the Round tag: 1568"]);
    // Big5 names and events come out as text.
    let members = strings(
        &db,
        "SELECT g.member FROM games g JOIN game_players gp ON gp.game_id = g.id
         JOIN players p ON p.id = gp.player_id WHERE p.name = '東北韓福德' AND gp.side = 'red'",
    );
    assert!(
        members.contains(&"Dataset/全盤戰術/00000042.pgn".to_owned()),
        "{members:?}"
    );
    assert!(
        count(
            &db,
            "SELECT count(*) FROM players WHERE name = '上海胡榮華'"
        ) == 1
    );
}

#[test]
fn xqf_collection_replays_all_but_the_two_bad_files() {
    let Some(archive) = shared("xiangqi/xqf_collections/walker8088_XQMagic_Books_xqf.tar.xz")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("xqf.db");
    ingest_json(&db, &[&archive]);
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE format = 'xqf'"),
        1_807
    );
    let bad = strings(
        &db,
        "SELECT g.member || ' @' || f.ply FROM findings f JOIN games g ON g.id = f.game_id
         WHERE f.code = 'illegal-move' AND f.severity = 'error' ORDER BY g.member",
    );
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad[0].ends_with("例29.xqf @35"), "{bad:?}");
    assert!(bad[1].ends_with("第79局 黑右正马式.XQF @23"), "{bad:?}");
    // GBK header strings decode.
    assert!(count(&db, "SELECT count(*) FROM players WHERE name = '陶汉明'") >= 1);
}

#[test]
fn ccbridge_libraries_and_records_ingest_and_replay() {
    let dir = "xiangqi/xqf_cbl_samples/walker8088_cchess/";
    let mut paths = Vec::new();
    for name in [
        "1956年全国象棋锦标赛93局.CBL",
        "1989年龙化杯象棋名师邀请赛35局.CBL",
        "test.cbr",
        "test2.cbr",
        "test.cbf",
        "test2.cbf",
    ] {
        let Some(p) = shared(&format!("{dir}{name}")) else {
            return;
        };
        paths.push(p);
    }
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("ccbridge.db");
    let paths: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let s = ingest_json(&db, &paths);
    // 93 + 38 library records, two CBR, two CBF: 135 records, of which the 1989 library's
    // two section cards hold no game and are kept as its text, with each library's
    // remarks; its last record repeats the one before it.
    assert_eq!(
        (
            s["games"].as_u64(),
            s["quarantined"].as_u64(),
            s["duplicates"].as_u64(),
            s["texts"].as_u64(),
            s["records"].as_u64(),
        ),
        (Some(133), Some(0), Some(1), Some(4), Some(135)),
        "{s}"
    );
    let per_format = strings(
        &db,
        "SELECT format || ' ' || count(*) FROM games GROUP BY format ORDER BY format",
    );
    assert_eq!(per_format, ["cbf 2", "cbl 129", "cbr 2"]);
    // Every game replays to its end, from a position that is one.
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games
             WHERE termination IN ('illegal-move', 'ambiguous-move', 'bad-fen')"
        ),
        0
    );
    // Each library's records count its cards, not its remarks.
    assert_eq!(
        strings(
            &db,
            "SELECT CAST(records AS TEXT) FROM sources WHERE format = 'cbl' ORDER BY id"
        ),
        ["93", "38"]
    );
    // The 1989 library's texts, in its order: its remarks (the book it comes from), then
    // the two section cards, the first with its text about the event.
    let show = kifu_ok(&[
        "show",
        "--db",
        db.to_str().unwrap(),
        "--texts",
        "--source",
        "*1989*",
    ]);
    let headings: Vec<&str> = show.lines().filter(|l| l.starts_with("== ")).collect();
    assert_eq!(headings.len(), 3, "{show}");
    assert!(
        headings[0].ends_with(".CBL byte 1088: the library's remarks"),
        "{show}"
    );
    assert!(
        headings[1].ends_with(".CBL byte 101952: record 1: 龙化杯象棋名师邀请赛对局（男子组20局）"),
        "{show}"
    );
    assert!(
        headings[2]
            .ends_with(".CBL byte 187968: record 22: 龙化杯象棋名师邀请赛对局（女子组15局）"),
        "{show}"
    );
    assert!(
        show.contains("\n《银荔杯象棋全国冠军赛对局赏析》"),
        "{show}"
    );
    assert!(
        show.contains("“龙化杯”全国象棋名师邀请赛1989年6月3日至9日在广西柳州市举行"),
        "{show}"
    );
    // A game names the section it comes under.
    let women = count(
        &db,
        "SELECT g.id FROM games g JOIN sources s ON s.id = g.source_id
         WHERE s.path LIKE '%1989%' AND g.offset = 187968 + 4096",
    );
    let game = kifu_ok(&["show", "--db", db.to_str().unwrap(), &women.to_string()]);
    assert!(
        game.contains("section: 龙化杯象棋名师邀请赛对局（女子组15局） (the library's record 22;"),
        "{game}"
    );
    // No file matches: nothing to print, exit 1.
    let none = crate::common::kifu(&[
        "show",
        "--db",
        db.to_str().unwrap(),
        "--texts",
        "--source",
        "*nothing*",
    ]);
    assert_eq!(none.status.code(), Some(1));
    // UTF-16 names decode.
    assert!(count(&db, "SELECT count(*) FROM players WHERE name = '徐天红'") == 1);
}

#[test]
fn dhtmlxq_records_replay_and_data_errors_are_located() {
    let Some(archive) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dpxq.db");
    let s = ingest_json(&db, &[&archive]);
    assert_eq!(
        (s["games"].as_u64(), s["quarantined"].as_u64()),
        (Some(10_021), Some(0)),
        "{s}"
    );
    // 23 records hold a move no piece can make there (checked independently: e.g. 73627
    // has two Red moves in a row); everything else replays: 9,998 of 10,021.
    let failing = count(
        &db,
        "SELECT count(*) FROM games WHERE termination IN ('illegal-move', 'ambiguous-move', 'bad-fen')",
    );
    assert_eq!(failing, 23);
    // Three more play a move that leaves the mover's own general in check (送将): an
    // error at that ply, and the replay goes on to the end of the record (66412 move 72
    // e7c5 uncovers Black's general to the cannon on e6).
    let self_check = strings(
        &db,
        "SELECT g.member || ' @' || f.ply || ' ' || g.termination || ' ' || g.plies
         FROM findings f JOIN games g ON g.id = f.game_id
         WHERE f.code = 'illegal-move' AND f.message LIKE '%own general in check%'
         ORDER BY g.member",
    );
    assert_eq!(
        self_check,
        [
            "chess_manual/66412.txt @72 unfinished 150",
            "chess_manual/66728.txt @84 unfinished 87",
            "chess_manual/71541.txt @71 unfinished 84"
        ]
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM players WHERE name = '王天一'"),
        1
    );
    let results = strings(
        &db,
        "SELECT recorded_result || ':' || count(*) FROM games GROUP BY recorded_result ORDER BY 1",
    );
    assert_eq!(results, ["black:2478", "draw:4063", "red:3480"]);
}

#[test]
fn one_game_set_in_three_notations_gives_the_same_moves() {
    let Some(dir_xq) = shared("xiangqi/wxfca_xqdb") else {
        return;
    };
    let files = [
        "sample_xqdb_traditional.pgn",
        "sample_xqdb_international.pgn",
        "sample_bulk_games_uci.pgn",
    ];
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("three.db");
    let paths: Vec<_> = files.iter().map(|f| dir_xq.join(f)).collect();
    let refs: Vec<&Path> = paths.iter().map(|p| p.as_path()).collect();
    let s = ingest_json(&db, &refs);
    assert_eq!(s["games"], 45, "{s}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let moves = |file: &str| -> Vec<Vec<u8>> {
        let mut stmt = conn
            .prepare(
                "SELECT m.data FROM games g JOIN moves m ON m.game_id = g.id
                 JOIN sources s ON s.id = g.source_id WHERE s.path LIKE ?1 ORDER BY g.offset",
            )
            .unwrap();
        let rows = stmt.query_map([format!("%{file}")], |r| r.get(0)).unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    };
    let chinese = moves(files[0]);
    let wxf = moves(files[1]);
    let iccs = moves(files[2]);
    assert_eq!(chinese.len(), 15);
    assert_eq!(chinese, wxf, "Chinese and WXF notations");
    for (i, (c, u)) in chinese.iter().zip(&iccs).enumerate() {
        if i == 1 {
            // Game 2, move 71: the Chinese and WXF files write 后兵进一 (e3e4), the ICCS
            // file e5e6; both are legal, the ICCS file is the odd one out.
            assert_eq!(c.len(), u.len());
            let differing: Vec<usize> = (0..c.len() / 2)
                .filter(|&k| c[2 * k..2 * k + 2] != u[2 * k..2 * k + 2])
                .collect();
            assert_eq!(differing, [70], "only ply 71 differs");
        } else {
            assert_eq!(c, u, "game {}", i + 1);
        }
    }
    // Identical games are linked: 14 WXF and 14 ICCS copies of the Chinese ones, plus the
    // WXF copy of game 2.
    assert_eq!(s["duplicates"], 29);
}

#[test]
fn gbk_pgn_names_and_show_with_move_classes() {
    let Some(ccgc) = shared("xiangqi/misc_dialects/eleeye_ccgc") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ccgc.db");
    let s = ingest_json(&db, &[&ccgc]);
    assert_eq!(s["games"], 20, "{s}");
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM players WHERE name IN ('宝岛一号', '相眼竞技', '象棋旋风')"
        ),
        3
    );
    let out = kifu_ok(&["show", "--db", db.to_str().unwrap(), "1"]);
    assert!(out.contains("Red: 宝岛一号"), "{out}");
    assert!(out.contains("last moves and their classes"), "{out}");
    assert!(out.contains("帅") && out.contains("将"), "{out}");
}

#[test]
fn check_xiangqi_reports_classes_and_repetition_verdicts() {
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check",
        "xiangqi",
        "--json",
        "--moves",
        "h2e2 h9g7",
    ]))
    .unwrap();
    assert_eq!(v["to_move"], "red");
    assert_eq!(v["legal_moves"].as_array().unwrap().len(), 35);
    assert_eq!(v["moves"][0]["move"], "h2e2");
    assert_eq!(v["moves"][1]["classes"], serde_json::json!(["idle"]));
    assert_eq!(v["verdict"], serde_json::Value::Null);
    // Fairy-Stockfish's case 7: Black's pawn checks on every move of the cycle, Red's
    // pawn only sometimes: at the third occurrence Black loses by perpetual check (棋例1).
    let fen = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1";
    let moves = "d6e6 e4d4 e6d6 d4e4 d6e6 e4d4 e6d6 d4e4";
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check", "xiangqi", "--json", "--fen", fen, "--moves", moves,
    ]))
    .unwrap();
    assert_eq!(v["verdict"]["loser"], "black", "{v}");
    assert_eq!(v["verdict"]["result"], "red", "{v}");
    assert_eq!(v["verdict"]["rule"], "xiangqi 棋例1", "{v}");
    // Red then leaves the cycle (e2f2): the verdict play went past decides nothing.
    let moves = format!("{moves} e2f2");
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "check", "xiangqi", "--json", "--fen", fen, "--moves", &moves,
    ]))
    .unwrap();
    assert_eq!(v["verdict"], serde_json::Value::Null, "{v}");
    let p = &v["passed"][0];
    assert_eq!(
        (
            &p["kind"],
            &p["loser"],
            &p["ply"],
            &p["left_at"],
            &p["left_by"]
        ),
        (
            &serde_json::json!("perpetual-check"),
            &serde_json::json!("black"),
            &serde_json::json!(8),
            &serde_json::json!(9),
            &serde_json::json!("red")
        ),
        "{v}"
    );
    let text = kifu_ok(&["check", "xiangqi", "--fen", fen, "--moves", &moves]);
    assert!(
        text.contains("passed: perpetual-check at move 8, xiangqi 棋例1: black had to change; red left the cycle at move 9"),
        "{text}"
    );
}
