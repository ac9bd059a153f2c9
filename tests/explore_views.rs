//! `kifu explore`'s views of one tree (issue 57, item 4): `--min-games` leaves rare moves
//! out of the rows and says how many, `--sort` orders each level, `--format csv` writes a
//! row per move; checked on train-2 against `explore --json` of the same position, and a
//! row's games are its wins, draws and no-result in the table, the CSV and the JSON.

use serde_json::Value;

use crate::common::{kifu, kifu_ok, train2_db};

/// The least games of a listed move in these tests.
const MIN_GAMES: u64 = 1000;

/// One move of `explore --json`'s tree, in the tree's preorder, with its level and path.
#[derive(Clone, Debug)]
struct JsonRow {
    depth: u64,
    path: String,
    text: String,
    games: u64,
    results: [u64; 4],
    score: Option<f64>,
    children: Vec<JsonRow>,
}

fn json_rows(moves: &Value, depth: u64, line: &str) -> Vec<JsonRow> {
    let moves = moves.as_array().expect("a list of moves");
    moves
        .iter()
        .map(|m| {
            let play = m["play"].as_str().unwrap();
            let path = if line.is_empty() {
                play.to_owned()
            } else {
                format!("{line} {play}")
            };
            let r = &m["by_result"];
            let count = |k: &str| r[k].as_u64().unwrap();
            JsonRow {
                depth,
                text: m["move"].as_str().unwrap().to_owned(),
                games: m["games"].as_u64().unwrap(),
                results: [
                    count("black"),
                    count("white"),
                    count("draw"),
                    count("unknown"),
                ],
                score: m["first_mover_score"].as_f64(),
                children: json_rows(&m["children"], depth + 1, &path),
                path,
            }
        })
        .collect()
}

/// The rows `--min-games MIN_GAMES --sort score` should give, from the whole tree: rare
/// moves out (and below them nothing), each level by score, highest first, then games;
/// and how many moves (and their games) go.
fn expected(rows: &[JsonRow], out: &mut Vec<JsonRow>, left_out: &mut (u64, u64)) {
    let mut kept: Vec<&JsonRow> = Vec::new();
    for r in rows {
        if r.games >= MIN_GAMES {
            kept.push(r);
        } else {
            left_out.0 += 1;
            left_out.1 += r.games;
        }
    }
    kept.sort_by(|a, b| {
        let (x, y) = (a.score.unwrap_or(-1.0), b.score.unwrap_or(-1.0));
        y.total_cmp(&x).then(b.games.cmp(&a.games))
    });
    for r in kept {
        out.push(r.clone());
        expected(&r.children, out, left_out);
    }
}

/// The CSV's rows as `column -> cell` maps, checking its header.
fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    assert_eq!(
        header,
        [
            "depth",
            "path",
            "move",
            "games",
            "black_wins",
            "white_wins",
            "draws",
            "no_result",
            "first_mover_score",
            "wilson_low",
            "wilson_high",
            "mean_plies",
            "continuation",
            "continuation_games"
        ]
    );
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{l}");
            header
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.to_string(), c.to_owned()))
                .collect()
        })
        .collect()
}

#[test]
fn train2_rare_moves_left_out_sorted_by_score_as_csv() {
    let Some(db) = train2_db() else {
        return;
    };
    let d = db.to_str().unwrap();
    let ask = |extra: &[&str]| {
        let mut args = vec![
            "explore", "--db", d, "--game", "renju", "--moves", "h8", "--depth", "2",
        ];
        args.extend_from_slice(extra);
        kifu(&args)
    };
    // The whole tree, every move listed.
    let whole: Value = serde_json::from_str(&kifu_ok(&[
        "explore", "--db", d, "--game", "renju", "--moves", "h8", "--depth", "2", "--json",
    ]))
    .unwrap();
    assert_eq!(whole["left_out"]["moves"], 0, "{}", whole["left_out"]);
    // --format json is --json, and the two may be given together.
    for format in [&["--format", "json"][..], &["--json", "--format", "json"]] {
        let same = ask(format);
        assert_eq!(
            serde_json::from_slice::<Value>(&same.stdout).unwrap(),
            whole
        );
    }
    let tree = json_rows(&whole["moves"], 1, "");
    let mut want = Vec::new();
    let mut left_out = (0, 0);
    expected(&tree, &mut want, &mut left_out);
    assert!(want.len() >= 3, "{want:?}");
    assert!(left_out.0 > 0, "train-2 has rare replies to h8");

    let csv = ask(&[
        "--min-games",
        &MIN_GAMES.to_string(),
        "--sort",
        "score",
        "--format",
        "csv",
    ]);
    assert!(csv.status.success(), "{csv:?}");
    let rows = csv_rows(&String::from_utf8(csv.stdout).unwrap());
    let number = |r: &std::collections::HashMap<String, String>, c: &str| -> u64 {
        r[c].parse().unwrap_or_else(|_| panic!("{c}: {r:?}"))
    };
    assert_eq!(rows.len(), want.len());
    for (got, want) in rows.iter().zip(&want) {
        assert_eq!(number(got, "depth"), want.depth, "{got:?}");
        assert_eq!(got["path"], want.path);
        assert_eq!(got["move"], want.text);
        assert_eq!(number(got, "games"), want.games, "{got:?}");
        assert!(want.games >= MIN_GAMES);
        let results = ["black_wins", "white_wins", "draws", "no_result"].map(|c| number(got, c));
        assert_eq!(results, want.results, "{got:?}");
        assert_eq!(results.iter().sum::<u64>(), want.games, "{got:?}");
        let score: f64 = got["first_mover_score"].parse().unwrap();
        assert!((score - want.score.unwrap()).abs() < 1e-12, "{got:?}");
    }
    // What was left out is said on standard error, and in the JSON.
    let said = String::from_utf8_lossy(&csv.stderr);
    assert!(
        said.contains(&format!(
            "{} move(s) played in fewer than {MIN_GAMES} games left out ({} games in all)",
            left_out.0, left_out.1
        )),
        "{said}"
    );
    let filtered = ask(&["--min-games", &MIN_GAMES.to_string(), "--json"]);
    let filtered: Value = serde_json::from_slice(&filtered.stdout).unwrap();
    assert_eq!(
        (
            filtered["left_out"]["moves"].as_u64(),
            filtered["left_out"]["games"].as_u64()
        ),
        (Some(left_out.0), Some(left_out.1))
    );
    // Every JSON row's games are its results summed.
    fn check_sums(rows: &[JsonRow]) {
        for r in rows {
            assert_eq!(r.results.iter().sum::<u64>(), r.games, "{r:?}");
            check_sums(&r.children);
        }
    }
    check_sums(&json_rows(&filtered["moves"], 1, ""));
    check_sums(&tree);

    // The text table: the same rows, games = black + white + draws + no result.
    let table = ask(&["--min-games", &MIN_GAMES.to_string(), "--sort", "score"]);
    assert!(table.status.success(), "{table:?}");
    let text = String::from_utf8(table.stdout).unwrap();
    let mut lines = text.lines().skip_while(|l| !l.starts_with("move "));
    let header = lines.next().expect("the table's header");
    assert!(header.contains("no result"), "{header}");
    let moves: Vec<Vec<&str>> = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(moves.len(), want.len(), "{text}");
    for (cells, want) in moves.iter().zip(&want) {
        assert_eq!(cells[0], want.text, "{cells:?}");
        let n: Vec<u64> = cells[1..6].iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(n[0], want.games, "{cells:?}");
        assert_eq!(n[1..], want.results, "{cells:?}");
    }
    assert!(String::from_utf8_lossy(&table.stderr).contains("left out"));
}

#[test]
fn explore_formats_and_orders_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("none.db");
    let d = db.to_str().unwrap();
    let refused = |extra: &[&str], says: &str| {
        let mut args = vec!["explore", "--db", d, "--game", "renju"];
        args.extend_from_slice(extra);
        let out = kifu(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{extra:?}");
        assert!(stderr.contains(says), "{extra:?}: {stderr}");
    };
    refused(
        &["--sort", "elo"],
        "unknown sort `elo`; valid, closest first:",
    );
    refused(&["--format", "xml"], "parquet");
    refused(&["--json", "--format", "csv"], "--format csv");
    refused(&["--format", "parquet"], "needs --out FILE");
    refused(
        &["--format", "csv", "--out", dir.path().to_str().unwrap()],
        "a directory is there",
    );
}
