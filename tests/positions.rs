//! Position search and the opening explorer on real collections, checked against counts
//! the tests make independently (stats, a plain replay of every game), and their refusal
//! of impossible positions.

use std::collections::BTreeSet;
use std::path::Path;

use kifu_rules::renju::{self, Point, Stone, Symmetry};

use crate::common::{assert_index_consistent, ingest_json, kifu, kifu_ok, train2_db};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&kifu_ok(args)).expect("JSON")
}

/// Black's and White's points after `moves` and the side to move.
type Stones = (BTreeSet<Point>, BTreeSet<Point>, Stone);

fn stones_after(moves: &[renju::Move]) -> Stones {
    let (mut black, mut white) = (BTreeSet::new(), BTreeSet::new());
    for (i, m) in moves.iter().enumerate() {
        if let Some(p) = m {
            if i % 2 == 0 {
                black.insert(*p);
            } else {
                white.insert(*p);
            }
        }
    }
    let to_move = if moves.len().is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    };
    (black, white, to_move)
}

fn image(s: Symmetry, (black, white, to_move): &Stones) -> Stones {
    (
        black.iter().map(|&p| s.apply(p)).collect(),
        white.iter().map(|&p| s.apply(p)).collect(),
        *to_move,
    )
}

/// The stones of the board `kifu show ID --ply N` draws (rows 15 to 1, `X` Black, `O`
/// White), with the side to move: its ply's parity.
fn shown_stones(db: &str, game: i64, ply: u32) -> Stones {
    let out = kifu_ok(&[
        "show",
        "--db",
        db,
        &game.to_string(),
        "--ply",
        &ply.to_string(),
    ]);
    let (mut black, mut white) = (BTreeSet::new(), BTreeSet::new());
    let mut rows = 0;
    for line in out.lines() {
        let Ok(row) = line.get(..2).unwrap_or("").trim().parse::<u8>() else {
            continue;
        };
        if !(1..=15).contains(&row) || line.len() < 31 || rows == 15 {
            continue;
        }
        rows += 1;
        let cells: Vec<char> = line.chars().skip(2).collect();
        for col in 0..15u8 {
            let p = Point::new(col, row - 1).unwrap();
            match cells.get(col as usize * 2 + 1) {
                Some('X') => drop(black.insert(p)),
                Some('O') => drop(white.insert(p)),
                _ => {}
            }
        }
    }
    assert_eq!(rows, 15, "a board in:\n{out}");
    let to_move = if ply.is_multiple_of(2) {
        Stone::Black
    } else {
        Stone::White
    };
    (black, white, to_move)
}

/// Games (with linked copies) whose board equals one of the query's 8 images at some
/// ply, by a plain replay of every stored game.
fn games_reaching(db: &Path, query: &Stones) -> u64 {
    let images: Vec<Stones> = Symmetry::ALL.iter().map(|&s| image(s, query)).collect();
    let stones = query.0.len() + query.1.len();
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT m.data FROM games g JOIN moves m ON m.game_id = g.id WHERE g.kind = 'renju'",
        )
        .unwrap();
    let mut rows = stmt.query([]).unwrap();
    let mut n = 0;
    while let Some(row) = rows.next().unwrap() {
        let data: Vec<u8> = row.get(0).unwrap();
        let moves = renju::decode_moves(&data).unwrap();
        let reaches = (stones..=moves.len()).any(|ply| {
            let placed = moves[..ply].iter().filter(|m| m.is_some()).count();
            placed == stones && images.contains(&stones_after(&moves[..ply]))
        });
        n += u64::from(reaches);
    }
    n
}

#[test]
fn train2_positions_match_stats_replays_and_show() {
    // The one train-2 database the tests that only read it share.
    let Some(db) = train2_db() else {
        return;
    };
    assert_index_consistent(&db);
    let d = db.to_str().unwrap();

    // D4 reached under any symmetry = the D4 count of `stats` with duplicates.
    let stats = json(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "opening",
        "--format",
        "json",
        "--with-duplicates",
    ]);
    let d4_stats = stats["renju_balance_by_opening"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["opening"] == "D4")
        .unwrap()["games"]
        .as_u64()
        .unwrap();
    let d4_moves = "h8 h9 i9";
    let d4 = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--limit",
        "0",
        "--json",
    ]);
    assert_eq!(
        d4["games"].as_u64().unwrap(),
        d4_stats,
        "{}",
        d4["by_result"]
    );
    let by_result = &d4["by_result"];
    assert_eq!(
        ["black", "white", "draw", "unknown"]
            .iter()
            .map(|k| by_result[k].as_u64().unwrap())
            .sum::<u64>(),
        d4_stats
    );

    // The explorer's children of D4 add up to the games that go past ply 3.
    let tree = json(&[
        "explore",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--json",
    ]);
    assert_eq!(tree["games"].as_u64().unwrap(), d4_stats);
    let children: u64 = tree["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["games"].as_u64().unwrap())
        .sum();
    let d4_all = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--limit",
        "1000000",
        "--json",
    ]);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut plies = conn
        .prepare("SELECT plies FROM games WHERE id = ?1")
        .unwrap();
    let past_ply_3 = d4_all["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            let total: u32 = plies
                .query_row([m["game"].as_i64().unwrap()], |r| r.get(0))
                .unwrap();
            total > m["ply"].as_u64().unwrap() as u32
        })
        .count() as u64;
    assert_eq!(children, past_ply_3);
    assert_eq!(children + tree["ended"].as_u64().unwrap(), d4_stats);

    // The one game filter narrows both: Black's wins reaching D4 are the black column of
    // the unfiltered counts, and the games of 41 plies or more among the listed matches.
    let d4_black = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--result",
        "black",
        "--limit",
        "0",
        "--json",
    ]);
    assert_eq!(d4_black["games"], by_result["black"], "{d4_black}");
    let tree_black = json(&[
        "explore",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--result",
        "black",
        "--json",
    ]);
    assert_eq!(tree_black["games"], by_result["black"], "{tree_black}");
    let long = d4_all["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            let total: u32 = plies
                .query_row([m["game"].as_i64().unwrap()], |r| r.get(0))
                .unwrap();
            total >= 41
        })
        .count() as u64;
    let d4_long = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        d4_moves,
        "--with-duplicates",
        "--plies",
        "41..",
        "--limit",
        "0",
        "--json",
    ]);
    assert_eq!(d4_long["games"].as_u64().unwrap(), long);
    assert!(long > 0 && long < d4_stats, "{long} of {d4_stats}");

    // The researcher's position: the index's count equals a plain replay's, and each
    // listed game shows the position at the listed ply once the symmetry is applied.
    let query_moves = "h8 h9 i9 i8 g7";
    let query = stones_after(&renju::parse_moves(query_moves).unwrap());
    let found = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        query_moves,
        "--with-duplicates",
        "--limit",
        "100000",
        "--json",
    ]);
    let matches = found["matches"].as_array().unwrap();
    assert_eq!(matches.len() as u64, games_reaching(&db, &query));
    assert!(matches.len() > 50, "{}", matches.len());
    for m in matches {
        let (game, ply) = (
            m["game"].as_i64().unwrap(),
            m["ply"].as_u64().unwrap() as u32,
        );
        let s = *Symmetry::ALL
            .iter()
            .find(|s| s.name() == m["symmetry"])
            .unwrap_or_else(|| panic!("a Renju symmetry: {m}"));
        assert_eq!(image(s, &shown_stones(d, game, ply)), query, "{m}");
    }
    // Without duplicates: fewer, and said so.
    let distinct = json(&[
        "position",
        "--db",
        d,
        "--game",
        "renju",
        "--moves",
        query_moves,
        "--json",
    ]);
    assert_eq!(
        distinct["games"].as_u64().unwrap() + distinct["copies_left_out"].as_u64().unwrap(),
        matches.len() as u64
    );
}

#[test]
fn ccpd_finds_a_xiangqi_position_and_its_mirror_together() {
    // The one CCPD database the tests that only read it share.
    let Some(db) = crate::common::ccpd_db() else {
        return;
    };
    let d = db.to_str().unwrap();
    // The central cannon against the screen horse, and its mirror image.
    let left = json(&[
        "position",
        "--db",
        d,
        "--game",
        "xiangqi",
        "--moves",
        "h2e2 h9g7",
        "--with-duplicates",
        "--limit",
        "100000",
        "--json",
    ]);
    let right = json(&[
        "position",
        "--db",
        d,
        "--game",
        "xiangqi",
        "--moves",
        "b2e2 b9c7",
        "--with-duplicates",
        "--limit",
        "100000",
        "--json",
    ]);
    assert!(left["games"].as_u64().unwrap() > 100, "{}", left["games"]);
    // The same games at the same plies, each symmetry composed with the mirror.
    let swapped: Vec<serde_json::Value> = right["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut m = m.clone();
            m["symmetry"] = if m["symmetry"] == "mirror" {
                "identity"
            } else {
                "mirror"
            }
            .into();
            m
        })
        .collect();
    assert_eq!(left["matches"].as_array().unwrap(), &swapped);
    let symmetries: BTreeSet<&str> = left["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["symmetry"].as_str().unwrap())
        .collect();
    assert_eq!(symmetries, BTreeSet::from(["identity", "mirror"]));
    // The same position in Chinese notation.
    let chinese = json(&[
        "position",
        "--db",
        d,
        "--game",
        "xiangqi",
        "--moves",
        "炮二平五 马8进7",
        "--with-duplicates",
        "--limit",
        "0",
        "--json",
    ]);
    assert_eq!(chinese["games"], left["games"]);
    // Its explorer shows Chinese notation and ICCS.
    let tree = json(&["explore", "--db", d, "--game", "xiangqi", "--json"]);
    let first = tree["moves"][0]["move"].as_str().unwrap();
    assert!(first.contains('(') && first.ends_with(')'), "{first}");
}

#[test]
fn impossible_positions_are_refused_citing_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("empty.db");
    let d = db.to_str().unwrap();
    let refused = |args: &[&str]| -> String {
        let mut all = vec![args[0], "--db", d];
        all.extend_from_slice(&args[1..]);
        let out = kifu(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    let e = refused(&["position", "--game", "renju", "--moves", "h8 h9 h8"]);
    assert!(
        e.contains("move 3 (black h8): h8 is already occupied"),
        "{e}"
    );
    let e = refused(&[
        "explore", "--game", "renju", "--black", "h8 i9", "--white", "i9",
    ]);
    assert!(e.contains("i9 is given twice"), "{e}");
    let e = refused(&[
        "position",
        "--game",
        "renju",
        "--black",
        "h8 i9 j10",
        "--white",
        "h9",
    ]);
    assert!(e.contains("3 black and 1 white stones"), "{e}");
    let e = refused(&[
        "position",
        "--game",
        "xiangqi",
        "--fen",
        "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    ]);
    assert!(e.contains("black has 0 kings"), "{e}");
    let e = refused(&["position", "--game", "xiangqi", "--moves", "h2e2 h9g7 e2e9"]);
    assert!(e.contains("move 3 (e2e9)"), "{e}");
    let e = refused(&["explore", "--game", "territorial", "--moves", "K@e1 K@e1"]);
    assert!(e.contains("move 2 (Black K@e1)"), "{e}");
    let e = refused(&[
        "position",
        "--game",
        "chouchou",
        "--variant",
        "js",
        "--moves",
        "1A 1A 1A 1A",
    ]);
    assert!(e.contains("move 4: 1A by P2"), "{e}");
    // Nothing was created for a refused query.
    assert!(!db.exists());
}

/// An index built file by file during ingest and one rebuilt after an ingest without it
/// hold the same entries and answer the same.
#[test]
fn incremental_and_rebuilt_indexes_agree() {
    let dir = tempfile::tempdir().unwrap();
    let a = crate::common::generate(
        dir.path(),
        &["--game", "renju", "--games", "1500", "--seed", "41"],
        "a.renju",
    );
    let b = crate::common::generate(
        dir.path(),
        &["--game", "renju", "--games", "1500", "--seed", "42"],
        "b.renju",
    );
    let incremental = dir.path().join("incremental.db");
    ingest_json(&incremental, &[&a]);
    ingest_json(&incremental, &[&b]);
    assert_index_consistent(&incremental);
    // Two ingests of 1,500 games: a segment each, merged into one.
    let c = json(&[
        "index",
        "--compact",
        "--json",
        "--db",
        incremental.to_str().unwrap(),
    ]);
    assert_eq!(
        (c["segments_before"].as_u64(), c["segments_after"].as_u64()),
        (Some(2), Some(1)),
        "{c}"
    );
    assert_index_consistent(&incremental);

    let rebuilt = dir.path().join("rebuilt.db");
    let r = rebuilt.to_str().unwrap();
    let s = json(&[
        "ingest",
        "--json",
        "--no-index",
        "--db",
        r,
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(s["position_index"], "missing", "{s}");
    // The first command that needs the index builds it, and says so.
    let out = kifu(&["position", "--db", r, "--game", "renju", "--moves", "h8"]);
    assert_eq!(out.status.code(), Some(0));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("indexing the positions of 3000 game(s) the position index does not cover"),
        "{e}"
    );
    assert_index_consistent(&rebuilt);
    let done = json(&["index", "--rebuild", "--json", "--db", r]);
    assert_eq!(done["games"], 3000, "{done}");
    assert_index_consistent(&rebuilt);

    let i = incremental.to_str().unwrap();
    for moves in ["", "h8 h9 i9", "h8 i9 j10 h9"] {
        let ask = |db: &str, cmd: &str| {
            let mut args = vec![
                cmd,
                "--db",
                db,
                "--game",
                "renju",
                "--moves",
                moves,
                "--with-duplicates",
                "--json",
            ];
            if cmd == "explore" {
                args.extend(["--depth", "2"]);
            }
            json(&args)
        };
        let tree = ask(i, "explore");
        assert_eq!(tree, ask(r, "explore"), "{moves}");
        // Each move's most common continuation is one of its children (written the same
        // way), reached by no more games than the child's, which also counts games
        // that reach it by another move order.
        for m in tree["moves"].as_array().unwrap() {
            let children = m["children"].as_array().unwrap();
            if m["continuation"].is_null() {
                continue;
            }
            // Equivalent replies (images under the position's own symmetries) may be
            // written differently: compare the positions they reach.
            let reached = |reply: &serde_json::Value| -> Vec<Stones> {
                let line = format!(
                    "{moves} {} {}",
                    m["move"].as_str().unwrap(),
                    reply.as_str().unwrap()
                );
                let stones = stones_after(&renju::parse_moves(&line).unwrap());
                Symmetry::ALL.iter().map(|&s| image(s, &stones)).collect()
            };
            let images = reached(&m["continuation"]["move"]);
            let child = children
                .iter()
                .find(|c| images.contains(&reached(&c["move"])[0]))
                .unwrap_or_else(|| panic!("the continuation among the children: {m}"));
            assert!(
                m["continuation"]["games"].as_u64() <= child["games"].as_u64(),
                "{m}"
            );
        }
        let p = ask(i, "position");
        assert_eq!(p, ask(r, "position"), "{moves}");
    }
    let root = json(&["explore", "--db", i, "--game", "renju", "--json"]);
    assert_eq!(root["games"], 3000);
    // A position no game reaches: said so, exit 0.
    for cmd in ["position", "explore"] {
        let text = kifu_ok(&[cmd, "--db", i, "--game", "renju", "--moves", "a1 o15"]);
        assert!(
            text.contains("no game reaches this position under any symmetry"),
            "{text}"
        );
    }

    // The report's explorer: the first row of each opening's tree is that opening's most
    // played next move, with the games `explore` counts for it.
    let out = dir.path().join("report");
    kifu_ok(&[
        "report",
        "--db",
        i,
        "--explorer-depth",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let trees: Vec<&str> = md.split("**Renju explorer from ").skip(1).collect();
    assert_eq!(trees.len(), 3, "three most played openings");
    for tree in trees {
        let code = tree.split_whitespace().next().unwrap();
        let opening = renju::opening::Opening::by_code(code).unwrap();
        let moves: Vec<String> = opening.moves.iter().map(|p| p.to_string()).collect();
        let e = json(&[
            "explore",
            "--db",
            i,
            "--game",
            "renju",
            "--moves",
            &moves.join(" "),
            "--json",
        ]);
        let first_row = tree
            .lines()
            .find(|l| l.starts_with("| ") && !l.starts_with("| line") && !l.starts_with("| ---"));
        let cells: Vec<&str> = first_row.unwrap().split('|').map(str::trim).collect();
        assert_eq!(cells[1], e["moves"][0]["move"], "{code}");
        assert_eq!(cells[2], e["moves"][0]["games"].to_string(), "{code}");
    }
}
