//! The score tables alike: the Xiangqi tables by ECCO family and by decade carry the Renju
//! balance tables' score columns, the score and its 95% Wilson interval computed from the
//! counts; and a game dated before its game's recorded history (CCPD's 1193 game) has an
//! `implausible-date` finding and is in no row by decade, said in a note.

use crate::common::{audit_json, ccpd_db, ingest_ok, kifu};

/// One table of `kifu stats --format csv`: its name, columns and rows.
struct CsvTable {
    name: String,
    columns: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl CsvTable {
    fn cell(&self, row: &[String], column: &str) -> String {
        let i = self.columns.iter().position(|c| c == column).unwrap();
        row[i].clone()
    }

    fn number(&self, row: &[String], column: &str) -> f64 {
        self.cell(row, column).parse().unwrap()
    }
}

/// `kifu stats ARGS --format csv`: its tables (each under a `# name` line; the cells of
/// these tables hold no comma) and its standard error.
fn stats_csv(args: &[&str]) -> (Vec<CsvTable>, String) {
    let mut all = vec!["stats", "--format", "csv"];
    all.extend_from_slice(args);
    let out = kifu(&all);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "kifu {all:?}: {stderr}");
    let mut tables: Vec<CsvTable> = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let cells = || line.split(',').map(str::to_owned).collect::<Vec<_>>();
        match (line.strip_prefix("# "), tables.last_mut()) {
            (Some(name), _) => tables.push(CsvTable {
                name: name.to_owned(),
                columns: Vec::new(),
                rows: Vec::new(),
            }),
            (None, Some(t)) if t.columns.is_empty() => t.columns = cells(),
            (None, Some(t)) if !line.is_empty() => t.rows.push(cells()),
            _ => {}
        }
    }
    (tables, stderr)
}

/// The 95% Wilson interval of `p` out of `n`, written out here from its formula.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.959964;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    ((centre - half) / denominator, (centre + half) / denominator)
}

/// The columns of `table` after its first (the grouping), with the first mover's side
/// name and the second's as `first` and `second`.
fn score_columns(table: &CsvTable, first: &str, second: &str) -> Vec<String> {
    table.columns[1..9]
        .iter()
        .map(|c| {
            c.replacen(&format!("{first}_"), "FIRST_", 1).replacen(
                &format!("{second}_"),
                "SECOND_",
                1,
            )
        })
        .collect()
}

#[test]
fn xiangqi_tables_by_family_and_by_decade_have_the_renju_balance_score_columns() {
    let Some(ccpd) = ccpd_db() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let renju = dir.path().join("renju.db");
    ingest_ok(&renju, &[std::path::Path::new("samples/renju/games.renju")]);
    let (balance, _) = stats_csv(&["--db", renju.to_str().unwrap(), "--by", "rule"]);
    let balance = &balance[0];
    assert_eq!(balance.name, "renju_balance_by_rule");
    let wanted = score_columns(balance, "black", "white");
    assert_eq!(
        wanted,
        [
            "games",
            "results",
            "FIRST_wins",
            "SECOND_wins",
            "draws",
            "FIRST_score",
            "wilson_low",
            "wilson_high"
        ]
    );

    let db = ccpd.to_str().unwrap();
    for (by, name) in [
        ("family", "xiangqi_results_by_family"),
        ("decade", "xiangqi_results_by_decade"),
    ] {
        let (tables, _) = stats_csv(&["--db", db, "--game", "xiangqi", "--by", by]);
        let table = tables.iter().find(|t| t.name == name).unwrap();
        assert_eq!(table.columns[0], by);
        assert_eq!(score_columns(table, "red", "black"), wanted, "{name}");
        // The largest group's score and interval, computed here from its counts.
        let row = &table
            .rows
            .iter()
            .max_by_key(|r| table.cell(r, "games").parse::<u64>().unwrap())
            .unwrap();
        let results = table.number(row, "results");
        let score = (table.number(row, "red_wins") + table.number(row, "draws") / 2.0) / results;
        let (low, high) = wilson(score, results);
        for (column, want) in [
            ("red_score", score),
            ("wilson_low", low),
            ("wilson_high", high),
        ] {
            let got = table.number(row, column);
            assert!(
                (got - want).abs() < 1e-9,
                "{name} {column}: {got} != {want}"
            );
        }
        assert!(low < score && score < high, "{name}: {low} {score} {high}");
    }
}

#[test]
fn a_ccpd_game_dated_1193_is_said_implausible_and_left_out_of_the_decades() {
    let Some(ccpd) = ccpd_db() else {
        return;
    };
    let found = audit_json(&ccpd, &["--code", "implausible-date"]);
    assert_eq!(found.len(), 1, "{found:?}");
    let message = found[0]["message"].as_str().unwrap();
    assert!(message.contains("1193-04-30"), "{message}");
    assert_eq!(found[0]["severity"], "info");

    let db = ccpd.to_str().unwrap();
    let (tables, stderr) = stats_csv(&["--db", db, "--game", "xiangqi", "--by", "decade"]);
    let decades = tables
        .iter()
        .find(|t| t.name == "xiangqi_results_by_decade")
        .unwrap();
    let rows: Vec<String> = decades.rows.iter().map(|r| r[0].clone()).collect();
    assert!(!rows.contains(&"1190s".to_owned()), "{rows:?}");
    assert_eq!(rows.first().map(String::as_str), Some("1880s"), "{rows:?}");
    assert!(
        stderr.contains(
            "1 xiangqi game(s) dated before Xiangqi's recorded history (its first recorded \
             year: 1400) or after today (an implausible-date finding) are left out of the \
             tables by year and decade"
        ),
        "{stderr}"
    );
}

/// ChouChou's tables by variant, asked for by their registry name (`--by variant`): the
/// summary has the score columns of every results table (its captures and penalties are a
/// table of their own): the first mover's side (P1; in pairs P1 and P3) against
/// the others, on the bundled ChouChou samples (the league sheet and the tournament
/// records: the 4x4 pairs game is won by P4, P2's partner, so by the other side).
#[test]
fn chouchou_summary_by_variant_has_the_score_columns_of_the_first_movers_side() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("chouchou.db");
    ingest_ok(&db, &[std::path::Path::new("samples/chouchou")]);
    let (tables, _) = stats_csv(&["--db", db.to_str().unwrap(), "--by", "variant"]);
    let names: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["chouchou_summary", "chouchou_captures_by_variant"]);
    let summary = &tables[0];
    assert_eq!(summary.columns[..3], ["variant", "players", "pairs"]);
    assert_eq!(
        summary.columns[3..11],
        [
            "games",
            "results",
            "p1_wins",
            "other_wins",
            "draws",
            "p1_score",
            "wilson_low",
            "wilson_high"
        ]
    );
    assert_eq!(summary.columns[11..], ["mean_plies"]);
    let counts: Vec<[&str; 8]> = summary
        .rows
        .iter()
        .map(|r| [0, 1, 2, 3, 4, 5, 6, 7].map(|i| r[i].as_str()))
        .collect();
    assert_eq!(
        counts,
        [
            ["3x3", "2", "false", "6", "6", "2", "4", "0"],
            ["4x4", "3", "false", "1", "1", "1", "0", "0"],
            ["4x4", "4", "true", "1", "1", "0", "1", "0"],
            ["js", "2", "false", "1", "1", "1", "0", "0"],
        ]
    );
    for (row, score) in summary.rows.iter().zip([1.0 / 3.0, 1.0, 0.0, 1.0]) {
        let (low, high) = wilson(score, summary.number(row, "results"));
        for (column, want) in [
            ("p1_score", score),
            ("wilson_low", low),
            ("wilson_high", high),
        ] {
            let got = summary.number(row, column);
            assert!(
                (got - want).abs() < 1e-9,
                "{row:?} {column}: {got} != {want}"
            );
        }
    }
    // The results by rule count the sides alike: 4 games of P1's side, 5 of the others.
    let (tables, _) = stats_csv(&["--db", db.to_str().unwrap(), "--by", "rule"]);
    let by_rule = tables
        .iter()
        .find(|t| t.name == "chouchou_results_by_rule")
        .unwrap();
    let row = &by_rule.rows[0];
    assert_eq!(
        ["games", "p1_wins", "other_wins", "draws"].map(|c| by_rule.cell(row, c)),
        ["9", "4", "5", "0"]
    );
}
