//! The whole record: every variation move of the real 象棋桥 and XQF files reaches the
//! store, with its comments, and a Xiangqi PGN export carries the variations back.

use std::collections::BTreeMap;
use std::path::Path;

use kifu_facts::VariationMove;
use kifu_store::{GameFilter, Store};

use crate::common::{ingest_json, kifu, kifu_ok, shared};

/// Variation moves per file of `xiangqi/xqf_cbl_samples`, as kifu stores them.
///
/// Counted independently with cchess 1.25.5 (`Game.read_from`, `read_from_cbl`: every
/// node of the move tree less the main line), which gives the same numbers for every file
/// but WildHouse.xqf: there cchess gives 1,605, because its reader drops the 9 moves it
/// cannot play from their position (and hangs their continuations on the move before);
/// kifu keeps all 1,614 as written, the unplayable ones without a code and with a finding.
const NODES: [(&str, u64); 14] = [
    ("030-黄松轩先胜冯敬如.XQF", 4),
    ("1989年龙化杯象棋名师邀请赛35局.CBL", 93),
    ("BadMoveTest2.xqf", 4),
    ("BadMoveTest3.xqf", 8),
    ("BadMoveTest4.xqf", 8),
    ("FiveGoatsTest.xqf", 32_047),
    ("UnitTest.xqf", 14),
    ("WildHouse.xqf", 1_614),
    ("XQFEXAMB.XQF", 348),
    ("game_varations.xqf", 16),
    ("test.cbr", 74),
    ("test_5_variations.xqf", 18),
    ("ucci_test2.xqf", 26),
    ("ucci_test3.xqf", 2),
];

fn nodes_per_file(db: &Path) -> BTreeMap<String, u64> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT s.path, count(*) FROM variations v JOIN games g ON g.id = v.game_id
             JOIN sources s ON s.id = g.source_id GROUP BY s.path",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))
        .unwrap();
    rows.map(|r| {
        let (path, n) = r.unwrap();
        let name = Path::new(&path)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        (name, n as u64)
    })
    .collect()
}

/// Each variation move's line from the start: the main line's codes up to its branch,
/// then its own and its parents' (`None` where kifu could not play one), with its text and
/// comments: the tree as a set, whatever the node numbers.
type Paths = Vec<(Vec<Option<Vec<u8>>>, Option<String>, Option<String>)>;

fn tree_paths(main: &[u8], moves: &[VariationMove]) -> Paths {
    let by_node: BTreeMap<u32, &VariationMove> = moves.iter().map(|m| (m.node, m)).collect();
    let mut paths: Paths = moves
        .iter()
        .map(|m| {
            let mut own = vec![m.code.clone()];
            let mut cur = m;
            while let Some(p) = cur.parent.and_then(|p| by_node.get(&p)) {
                own.push(p.code.clone());
                cur = p;
            }
            let branch = (cur.ply as usize - 1) * 2;
            let mut path: Vec<Option<Vec<u8>>> = main[..branch.min(main.len())]
                .chunks(2)
                .map(|c| Some(c.to_vec()))
                .collect();
            path.extend(own.into_iter().rev());
            (path, comparable(&m.comment), comparable(&m.before))
        })
        .collect();
    paths.sort();
    paths
}

/// A comment as every notation carries it: braces dropped, line breaks as spaces (a CRLF
/// one space: Xiangqi PGN writes it as one LF), trimmed.
fn comparable(text: &Option<String>) -> Option<String> {
    text.as_ref()
        .map(|t| {
            t.replace(['{', '}'], "")
                .replace("\r\n", "\n")
                .replace(['\n', '\r'], " ")
                .trim()
                .to_owned()
        })
        .filter(|t| !t.is_empty())
}

#[test]
fn every_variation_move_of_the_real_libraries_is_stored() {
    let Some(dir) = shared("xiangqi/xqf_cbl_samples") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("v.db");
    ingest_json(&db, &[&dir]);
    let got = nodes_per_file(&db);
    let expected: BTreeMap<String, u64> = NODES.iter().map(|(f, n)| (f.to_string(), *n)).collect();
    assert_eq!(got, expected);

    let conn = rusqlite::Connection::open(&db).unwrap();
    let one = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    // Every unplayable move is in a line after a finding about that line.
    assert_eq!(
        one("SELECT count(*) FROM variations WHERE move IS NULL"),
        11
    );
    assert_eq!(
        one("SELECT count(*) FROM findings WHERE node IS NOT NULL AND severity = 'warning'"),
        one("SELECT count(DISTINCT game_id) FROM variations WHERE move IS NULL")
    );
    // Comments inside variations are kept on their moves, none prefixed onto the main line.
    assert!(one("SELECT count(*) FROM variations WHERE comment IS NOT NULL") > 0);
    assert_eq!(
        one("SELECT count(*) FROM comments WHERE text LIKE '(variation%'"),
        0
    );

    // `kifu show` says how many, and lists them with --variations.
    let id = one(
        "SELECT g.id FROM games g JOIN sources s ON s.id = g.source_id
         WHERE s.path LIKE '%test_5_variations.xqf'",
    );
    let d = db.to_str().unwrap();
    let plain = kifu_ok(&["show", "--db", d, &id.to_string()]);
    assert!(
        plain.contains("variations: 4 line(s), 18 move(s) (--variations lists them)"),
        "{plain}"
    );
    let listed = kifu_ok(&["show", "--db", d, &id.to_string(), "--variations"]);
    assert!(
        listed.contains(
            "  from move 5: 5.i0h0 6.i9i8 7.h0h6 8.i8d8\n    from move 6: 6.g6g5 7.c3c4 8.i9i8\n"
        ),
        "{listed}"
    );
}

/// The Xiangqi games of `db` exported with `--format` `format` (and its options) into
/// `dir`, then ingested into a new database there: its path.
fn exported_and_back(db: &Path, dir: &Path, format: &[&str]) -> std::path::PathBuf {
    let name = format.join("-");
    let out = dir.join(format!("{name}.out"));
    let mut args = vec!["export", "--db", db.to_str().unwrap(), "--game", "xiangqi"];
    args.push("--format");
    args.extend(format);
    args.extend(["--out", out.to_str().unwrap()]);
    let run = kifu(&args);
    assert!(run.status.success(), "{run:?}");
    let back = dir.join(format!("{name}.db"));
    ingest_json(&back, &[&out]);
    back
}

/// Export → re-ingest gives the same trees, in every Xiangqi PGN notation and in DhtmlXQ
/// (which writes squares: moves kifu could not play are named in a comment instead).
#[test]
fn xiangqi_pgn_export_carries_the_variations_back() {
    let Some(dir) = shared("xiangqi/xqf_cbl_samples") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("v.db");
    ingest_json(&db, &[&dir]);
    let trees = |db: &Path| -> Vec<Paths> {
        let store = Store::open_read_only(db).unwrap();
        let filter = GameFilter {
            game: Some(kifu_facts::GameKind::Xiangqi),
            ..GameFilter::everything()
        };
        store
            .game_ids(&filter)
            .unwrap()
            .into_iter()
            .filter_map(|id| {
                let g = store.game(id).unwrap();
                (!g.variations.is_empty()).then(|| tree_paths(&g.moves, &g.variations))
            })
            .collect()
    };
    let original = trees(&db);
    assert_eq!(original.len(), 21);
    for notation in ["chinese", "wxf", "iccs"] {
        let back = exported_and_back(&db, tmp.path(), &["xiangqi-pgn", "--notation", notation]);
        assert_eq!(trees(&back), original, "{notation}");
    }
    let back = exported_and_back(&db, tmp.path(), &["dhtmlxq"]);
    let playable = |trees: Vec<Paths>| -> Vec<Paths> {
        trees
            .into_iter()
            .map(|paths| {
                paths
                    .into_iter()
                    .filter(|(path, _, _)| path.iter().all(Option::is_some))
                    .map(|(path, comment, before)| {
                        let comment = comment
                            .map(|c| {
                                match c.find("(the record goes on with moves kifu could not play") {
                                    Some(at) => c[..at].trim().to_owned(),
                                    None => c,
                                }
                            })
                            .filter(|c| !c.is_empty());
                        (path, comment, before)
                    })
                    .collect()
            })
            .collect()
    };
    let back_trees = trees(&back);
    assert!(back_trees.iter().flatten().any(|(_, c, _)| c
        .as_deref()
        .is_some_and(|c| c.contains("kifu could not play"))));
    assert_eq!(playable(back_trees), playable(original));
}

/// The nodes of each shared RenLib library, from `renju/SOURCES.md`'s own walk (2-byte
/// records, a leading start record included).
const RENLIB_NODES: [(&str, u64); 4] = [
    ("Allrenjuopenings.lib", 39_884),
    ("D4.lib", 3_058),
    ("I7.lib", 2_076),
    ("VCF.lib", 741),
];

/// Each variation move of `db` as stored: (game, node, parent, ply, move, text, comment,
/// before), in order.
type Row = (
    i64,
    u32,
    Option<u32>,
    u32,
    Option<Vec<u8>>,
    String,
    Option<String>,
    Option<String>,
);

fn variation_rows(db: &Path) -> Vec<Row> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT game_id, node, parent, ply, move, text, comment, before FROM variations
             ORDER BY game_id, node",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        })
        .unwrap();
    rows.map(Result::unwrap).collect()
}

/// A game's main line as stored: its moves' data and its comments `(ply, text)`.
type MainLine = (Vec<u8>, Vec<(i64, String)>);

/// A RenLib library is one record: its main line and every other node as a variation
/// move, as many as the library's records; a RenjuPlain export carries them back.
#[test]
fn renlib_trees_are_stored_whole_and_carried_back_by_renju_plain() {
    let Some(dir) = shared("renju/renlib") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("r.db");
    let s = ingest_json(&db, &[&dir]);
    assert_eq!(s["records"], 4, "one record per library: {s}");
    let stored = nodes_per_file(&db);
    let conn = rusqlite::Connection::open(&db).unwrap();
    for (file, nodes) in RENLIB_NODES {
        let plies: i64 = conn
            .query_row(
                "SELECT g.plies FROM games g JOIN sources s ON s.id = g.source_id
                 WHERE s.path LIKE '%/' || ?1",
                [file],
                |r| r.get(0),
            )
            .unwrap();
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let start_record = u64::from(bytes[kifu_parser::renlib::HEADER_LEN] == 0);
        assert_eq!(
            stored[file] + plies as u64 + start_record,
            nodes,
            "{file}: variation moves + main line + start record"
        );
    }
    // Every variation move was played; Black's forbidden points in them are said.
    let one = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
    assert_eq!(one("SELECT count(*) FROM variations WHERE move IS NULL"), 0);
    assert_eq!(
        one("SELECT count(*) FROM findings WHERE node IS NOT NULL AND code <> 'variation-forbidden-move'"),
        0
    );
    // The D1 comment is on h10 after h8 h9, wherever the tree puts it.
    assert_eq!(
        one(
            "SELECT count(*) FROM variations v JOIN games g ON g.id = v.game_id
             JOIN sources s ON s.id = g.source_id
             WHERE s.path LIKE '%Allrenjuopenings.lib' AND v.text = 'h10' AND v.ply = 3
               AND v.comment LIKE '%D1%'"
        ) + one(
            "SELECT count(*) FROM comments c JOIN moves m ON m.game_id = c.game_id
             WHERE c.ply = 3 AND substr(m.data, 1, 3) = X'707F8E' AND c.text LIKE '%D1%'"
        ),
        1
    );

    // Export → re-ingest: the same moves, comments and variation rows.
    let out = tmp.path().join("trees.renju");
    kifu_ok(&[
        "export",
        "--db",
        db.to_str().unwrap(),
        "--format",
        "renju-plain",
        "--out",
        out.to_str().unwrap(),
    ]);
    let back = tmp.path().join("back.db");
    ingest_json(&back, &[&out]);
    assert_eq!(variation_rows(&back), variation_rows(&db));
    let main = |db: &Path| -> Vec<MainLine> {
        let conn = rusqlite::Connection::open(db).unwrap();
        let mut stmt = conn
            .prepare("SELECT game_id, data FROM moves ORDER BY game_id")
            .unwrap();
        let games: Vec<(i64, Vec<u8>)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        games
            .into_iter()
            .map(|(id, moves)| {
                let mut c = conn
                    .prepare("SELECT ply, text FROM comments WHERE game_id = ?1 ORDER BY rowid")
                    .unwrap();
                let comments = c
                    .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect();
                (moves, comments)
            })
            .collect()
    };
    assert_eq!(main(&back), main(&db));
}

/// The marks of `db` as stored: the main lines' `(game, ply, mark)` and the variation
/// moves' `(game, node, mark)`.
type Marks = (Vec<(i64, u32, String)>, Vec<(i64, u32, String)>);

fn marks(db: &Path) -> Marks {
    let conn = rusqlite::Connection::open(db).unwrap();
    let main = conn
        .prepare("SELECT game_id, ply, mark FROM move_marks ORDER BY game_id, rowid")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let nodes = conn
        .prepare(
            "SELECT game_id, node, mark FROM variations WHERE mark IS NOT NULL
             ORDER BY game_id, node",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    (main, nodes)
}

/// Annotation glyphs are move marks, on the main line and in variations, and the notations
/// that hold them carry them back.
#[test]
fn move_marks_are_kept_and_carried_back() {
    let tmp = tempfile::tempdir().unwrap();
    let pgn = tmp.path().join("marked.pgn");
    std::fs::write(
        &pgn,
        "[Game \"Chinese Chess\"]\n[Event \"marks\"]\n[Red \"A\"]\n[Black \"B\"]\n\
         [Result \"*\"]\n1. 炮二平五!? 马8进7 $14 2. 马二进三 (2. 兵七进一?! 车9平8 ?? ) 车9平8! *\n",
    )
    .unwrap();
    let renju = tmp.path().join("marked.txt");
    std::fs::write(
        &renju,
        "[Event \"marks\"]\n1. h8 2. h9?! 3. i9 $4 ( 3. h10!! 4. i10 ) 4. i8 *\n",
    )
    .unwrap();
    let db = tmp.path().join("m.db");
    ingest_json(&db, &[&pgn, &renju]);
    let stored = marks(&db);
    assert_eq!(
        stored,
        (
            vec![
                (1, 1, "!?".to_owned()),
                (1, 2, "$14".to_owned()),
                (1, 4, "!".to_owned()),
                (2, 2, "?!".to_owned()),
                (2, 3, "$4".to_owned()),
            ],
            vec![
                (1, 1, "?!".to_owned()),
                (1, 2, "??".to_owned()),
                (2, 1, "!!".to_owned()),
            ]
        )
    );
    let d = db.to_str().unwrap();
    let shown = kifu_ok(&["show", "--db", d, "1", "--variations"]);
    assert!(shown.contains("mark at move 1: !?\n"), "{shown}");
    assert!(shown.contains("3.兵七进一 [mark ?!]"), "{shown}");
    for (game, format) in [
        ("xiangqi", vec!["xiangqi-pgn"]),
        ("xiangqi", vec!["xiangqi-pgn", "--notation", "wxf"]),
        ("xiangqi", vec!["xiangqi-pgn", "--notation", "iccs"]),
        ("renju", vec!["renju-plain"]),
    ] {
        let name = format.join("-");
        let out = tmp.path().join(format!("{name}.out"));
        let mut args = vec!["export", "--db", d, "--game", game, "--format"];
        args.extend(&format);
        args.extend(["--out", out.to_str().unwrap()]);
        kifu_ok(&args);
        let back = tmp.path().join(format!("{name}.db"));
        ingest_json(&back, &[&out]);
        let only = |m: &Marks, id: i64| -> Marks {
            (
                m.0.iter()
                    .filter(|r| r.0 == id)
                    .map(|r| (1, r.1, r.2.clone()))
                    .collect(),
                m.1.iter()
                    .filter(|r| r.0 == id)
                    .map(|r| (1, r.1, r.2.clone()))
                    .collect(),
            )
        };
        let id = if game == "xiangqi" { 1 } else { 2 };
        assert_eq!(only(&marks(&back), 1), only(&stored, id), "{name}");
    }
}
