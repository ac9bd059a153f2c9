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

/// A comment as a PGN `{…}` carries it: braces dropped, line breaks as spaces, trimmed.
fn comparable(text: &Option<String>) -> Option<String> {
    text.as_ref()
        .map(|t| {
            t.replace(['{', '}'], "")
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
