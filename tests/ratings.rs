//! Ratings: kifu's Whole-History Rating against its peer, the PyPI package
//! `whole-history-rating` (run in the project's venv), on the dated Renju BDT games and on
//! the RenjuNet results file as one period; Elo against a straightforward computation; the
//! stored `ratings` table; the first mover's advantage adjusted for strength.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{ingest_json, kifu, kifu_ok, python_json, python_with, shared};

const RESULTS: &str = "renju/results/whr_renju_additional_input_2023-03-05.tsv";
const BDT: &str = "renju/games/bdt";

/// Each player's stored WHR ratings (the default terms), oldest period first.
fn stored_whr(db: &Path) -> BTreeMap<String, Vec<f64>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT player, rating FROM ratings WHERE kind = 'renju' AND system = 'whr'
             ORDER BY player, period",
        )
        .unwrap();
    let mut out: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for row in stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, f64>(1)?)))
        .unwrap()
    {
        let (player, rating) = row.unwrap();
        out.entry(player).or_default().push(rating);
    }
    out
}

/// Ingests `input`, writes the games kifu rates, runs the peer on them, and checks every
/// player's rating in every period against it: within 1 point (the peer rounds to whole
/// points). Returns the players compared and both programs' times.
fn equals_the_peer(input: &Path) -> Option<(usize, f64, f64)> {
    let python = python_with(&["whr"])?;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[input]);
    let games = dir.path().join("rated.csv");
    let d = db.to_str().unwrap();
    let started = std::time::Instant::now();
    kifu_ok(&[
        "ratings",
        "--db",
        d,
        "--game",
        "renju",
        "--rated-games",
        games.to_str().unwrap(),
    ]);
    let kifu_seconds = started.elapsed().as_secs_f64();
    let peer = python_json(
        &python,
        "tests/ratings/whr_peer.py",
        &[&games, Path::new("14"), Path::new("1")],
    );
    assert_eq!(peer["converged"], true, "the peer did not converge");
    let ours = stored_whr(&db);
    let theirs = peer["ratings"].as_object().unwrap();
    assert_eq!(ours.len(), theirs.len());
    let mut worst = (0.0f64, String::new());
    for (player, days) in theirs {
        let mine = &ours[player];
        let days = days.as_array().unwrap();
        assert_eq!(mine.len(), days.len(), "{player}: periods");
        for (m, day) in mine.iter().zip(days) {
            let elo = 1500.0 + day[1].as_f64().unwrap();
            let diff = (m - elo).abs();
            if diff > worst.0 {
                worst = (diff, player.clone());
            }
        }
    }
    assert!(
        worst.0 <= 1.0,
        "largest difference {} ({})",
        worst.0,
        worst.1
    );
    Some((ours.len(), kifu_seconds, peer["seconds"].as_f64().unwrap()))
}

#[test]
fn whr_on_the_dated_bdt_games_equals_the_peer() {
    let Some(bdt) = shared(BDT) else { return };
    if let Some((players, ours, peer)) = equals_the_peer(&bdt) {
        assert_eq!(players, 950);
        eprintln!("BDT: {players} players; kifu ratings {ours:.2} s, peer fit {peer:.2} s");
    }
}

#[test]
fn whr_on_the_results_file_as_one_period_equals_the_peer() {
    let Some(file) = shared(RESULTS) else { return };
    if let Some((players, ours, peer)) = equals_the_peer(&file) {
        assert_eq!(players, 1753);
        eprintln!("results: {players} players; kifu ratings {ours:.2} s, peer fit {peer:.2} s");
    }
}

/// The RenjuNet results file (undated) beside a dated BDT file: the results have no place
/// among the dated games. By default they are left out, said once with their count and the
/// two ways to include them; `--undated own-period` rates them as a period of their own,
/// and every player of the results file is then listed.
#[test]
fn results_without_a_date_are_said_and_rated_as_their_own_period_when_asked() {
    let (Some(results), Some(bdt)) = (shared(RESULTS), shared(BDT)) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let alone = dir.path().join("results.db");
    ingest_json(&alone, &[&results]);
    let json = |db: &Path, extra: &[&str]| -> (serde_json::Value, String) {
        let mut args = vec!["ratings", "--db", db.to_str().unwrap(), "--format", "json"];
        args.extend(extra);
        let out = kifu(&args);
        assert!(out.status.success(), "{out:?}");
        (
            serde_json::from_slice(&out.stdout).unwrap(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The results file alone: one period, every result rated.
    let (alone_json, said) = json(&alone, &[]);
    assert_eq!(alone_json["games"], 22055);
    assert!(!said.contains("without a date"), "{said}");
    let results_players = alone_json["lines"].as_array().unwrap().len();
    assert_eq!(results_players, 1753);

    let db = dir.path().join("both.db");
    ingest_json(&db, &[&results, &bdt.join("stefs92_rps.bdt")]);
    let (left_out, said) = json(&db, &[]);
    let note = "kifu ratings: 22055 results without a date left out: give their events dates \
                ([[event]] dates = \"…\") or rate them as a period of their own with \
                --undated own-period";
    assert_eq!(said.matches(note).count(), 1, "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert_eq!(left_out["not_rated"]["undated"], 22055);
    // The report's ratings section says it too, in its language.
    let report = dir.path().join("report");
    kifu_ok(&[
        "report",
        "--db",
        db.to_str().unwrap(),
        "--out",
        report.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    assert!(
        md.contains("Renju: 22055 results without a date are left out of the ratings"),
        "{md}"
    );
    let dated_games = left_out["games"].as_u64().unwrap();
    let dated_players = left_out["lines"].as_array().unwrap().len();
    assert!(left_out["terms"]
        .as_str()
        .unwrap()
        .ends_with("against 1500"));

    let (own, said) = json(&db, &["--undated", "own-period"]);
    assert!(!said.contains("left out"), "{said}");
    assert!(
        said.contains("22055 results without a date rated as one period"),
        "{said}"
    );
    assert_eq!(own["not_rated"]["undated"], 0);
    assert_eq!(own["games"].as_u64().unwrap(), dated_games + 22055);
    assert_eq!(own["periods"], left_out["periods"].as_u64().unwrap() + 1);
    let lines = own["lines"].as_array().unwrap();
    // The results file's players (named `renjunet:N`, no BDT player's name) are all rated,
    // their last game undated.
    let undated_only = lines.iter().filter(|l| l["last_game"].is_null()).count();
    assert_eq!(undated_only, results_players);
    assert_eq!(lines.len(), dated_players + results_players);
    assert!(own["terms"]
        .as_str()
        .unwrap()
        .contains("results without a date rated as one period"));
    // The stored lists keep the default: the non-default choice is fitted, not stored.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let stored: String = conn
        .query_row(
            "SELECT terms FROM rating_runs WHERE kind = 'renju' AND system = 'whr'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(!stored.contains("without a date"), "{stored}");
}

/// Elo is one update per game in date order: K × (score − expected) with expected =
/// 1 / (1 + 10^((Rb − Ra) / 400)), the second player losing what the first gains, both
/// from their ratings before the game; computed here from the games kifu says it rated.
#[test]
fn elo_equals_a_straightforward_computation() {
    let Some(bdt) = shared(BDT) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&bdt]);
    let games = dir.path().join("rated.csv");
    let out = kifu_ok(&[
        "ratings",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "renju",
        "--system",
        "elo",
        "--format",
        "json",
        "--rated-games",
        games.to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = std::fs::read_to_string(&games).unwrap();
    let mut rating: BTreeMap<String, f64> = BTreeMap::new();
    let mut count: BTreeMap<String, u32> = BTreeMap::new();
    let mut rated = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (a, b, score) = (f[0], f[1], f[2].parse::<f64>().unwrap());
        let ra = *rating.get(a).unwrap_or(&1500.0);
        let rb = *rating.get(b).unwrap_or(&1500.0);
        let expected = 1.0 / (1.0 + 10f64.powf((rb - ra) / 400.0));
        rating.insert(a.to_owned(), ra + 20.0 * (score - expected));
        rating.insert(b.to_owned(), rb - 20.0 * (score - expected));
        *count.entry(a.to_owned()).or_default() += 1;
        *count.entry(b.to_owned()).or_default() += 1;
        rated += 1;
    }
    assert_eq!(json["games"], rated);
    let lines = json["lines"].as_array().unwrap();
    assert_eq!(lines.len(), rating.len());
    for l in lines {
        let player = l["player"].as_str().unwrap();
        assert_eq!(l["rating"].as_f64().unwrap(), rating[player], "{player}");
        assert_eq!(l["games"].as_u64().unwrap(), u64::from(count[player]));
        assert!(l["sd"].is_null());
    }
    // The list is by rating, highest first, ranked from 1.
    assert_eq!(lines[0]["rank"], 1);
    let ratings: Vec<f64> = lines
        .iter()
        .map(|l| l["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn a_players_history_and_the_lists_answers() {
    let Some(bdt) = shared(BDT) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&bdt]);
    let d = db.to_str().unwrap();
    let top = kifu_ok(&["ratings", "--db", d, "--game", "renju", "--top", "3"]);
    let lines: Vec<&str> = top.lines().collect();
    assert!(
        lines[0].starts_with("renju ratings: 950 players, "),
        "{top}"
    );
    assert!(lines[1].starts_with("WHR: w² 14 Elo² per day"), "{top}");
    assert_eq!(lines.len(), 3 + 1 + 3, "{top}");
    // One player's history: a period per year played.
    let history = kifu_ok(&[
        "ratings",
        "--db",
        d,
        "--game",
        "renju",
        "--player",
        "takagawa",
        "--history",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&history).unwrap();
    let points = json["history"].as_array().unwrap();
    assert!(!points.is_empty());
    let games: u64 = points.iter().map(|p| p["games"].as_u64().unwrap()).sum();
    assert!(games > 0 && games <= 427, "{games}");
    // --as-of rates the games played by then only.
    let as_of = kifu_ok(&[
        "ratings", "--db", d, "--game", "renju", "--as-of", "2000", "--format", "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&as_of).unwrap();
    for l in json["lines"].as_array().unwrap() {
        assert!(l["last_game"].as_str().unwrap() <= "2000", "{l}");
    }
    // An unknown player is an error naming the closest; --history needs a player.
    let out = kifu(&[
        "ratings", "--db", d, "--game", "renju", "--player", "takagwa",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("takagawa"));
    let out = kifu(&["ratings", "--db", d, "--game", "renju", "--history"]);
    assert!(!out.status.success());
    // A system that does not exist is named with the valid ones.
    let out = kifu(&["ratings", "--db", d, "--system", "glicko"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("whr"));
}

/// The stats table `name` of `kifu stats … --format json`.
fn stats_json(args: &[&str]) -> (serde_json::Value, String) {
    let out = kifu(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Rounded to 4 decimals: the fit is deterministic, these are its values.
fn r4(v: &serde_json::Value) -> f64 {
    (v.as_f64().unwrap() * 1e4).round() / 1e4
}

/// On the RenjuNet results file: Black's advantage per rule id adjusted for the players'
/// strengths, every rule fitted (`--min-games 1`), and rule 1 against rule 5.
#[test]
fn the_advantage_per_rule_adjusted_for_strength_and_rule_1_against_rule_5() {
    let Some(file) = shared(RESULTS) else { return };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&file]);
    let (json, stderr) = stats_json(&[
        "stats",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
        "--compare",
        "renjunet:1",
        "renjunet:5",
        "--min-games",
        "1",
        "--format",
        "json",
    ]);
    assert!(
        stderr.contains("adjusted for the strengths of 1753 players"),
        "{stderr}"
    );
    assert!(stderr.contains("likelihood-ratio test"), "{stderr}");
    let rows: Vec<(String, u64, f64, f64, f64, f64, f64)> = json["renju_adjusted_by_rule"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rule"].as_str().unwrap().to_owned(),
                r["games"].as_u64().unwrap(),
                r4(&r["score"]),
                r4(&r["expected"]),
                r4(&r["advantage"]),
                r4(&r["advantage_low"]),
                r4(&r["advantage_high"]),
            )
        })
        .collect();
    let row = |rule: &str, games, score, expected, a, low, high| {
        (rule.to_owned(), games, score, expected, a, low, high)
    };
    assert_eq!(
        rows,
        vec![
            row(
                "renjunet:1",
                19119,
                0.5408,
                0.5244,
                15.7076,
                9.6329,
                21.7823
            ),
            row(
                "renjunet:2",
                49,
                0.6327,
                0.5842,
                43.0557,
                -71.8327,
                157.9441
            ),
            row("renjunet:5", 2715, 0.568, 0.5277, 37.5366, 21.9853, 53.0879),
            row(
                "renjunet:8",
                111,
                0.6306,
                0.5646,
                73.9894,
                -13.214,
                161.1927
            ),
            row(
                "renjunet:10",
                57,
                0.4649,
                0.4965,
                -32.211,
                -144.3681,
                79.9462
            ),
            row(
                "renjunet:24",
                4,
                0.75,
                0.6181,
                108.3852,
                -386.0442,
                602.8147
            ),
        ]
    );
    let c = &json["renju_compare_by_rule"][0];
    assert_eq!(
        (
            r4(&c["difference"]),
            r4(&c["difference_low"]),
            r4(&c["difference_high"]),
            r4(&c["statistic"]),
            r4(&c["p_value"]),
        ),
        (-21.8291, -38.5269, -5.1313, 6.5841, 0.0103)
    );
    // A group no game is in is an error naming the valid ones; so is a grouping that
    // does not exist.
    let d = db.to_str().unwrap();
    let out = kifu(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "rule",
        "--compare",
        "renjunet:1",
        "renjunet:3",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("renjunet:1"));
    let out = kifu(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "event",
        "--adjusted",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("opening"));
    tiny_groups_are_flagged_and_the_p_values_adjusted(d);
    davidson_fits_a_draw_parameter(d);
    the_report_shows_the_table_stats_adjusted_prints(&db);
}

/// The report's adjusted table by rule is `kifu stats --by rule --adjusted`'s, row for row
/// and column for column (the same CSV), its notes say the same, and its chart has a bar
/// per fitted rule only (rule 24, left out, has no estimate to draw).
fn the_report_shows_the_table_stats_adjusted_prints(db: &std::path::Path) {
    let d = db.to_str().unwrap();
    let out = kifu(&[
        "stats",
        "--db",
        d,
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
        "--format",
        "csv",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout.clone()).unwrap();
    let printed = printed
        .strip_prefix("# renju_adjusted_by_rule\n")
        .unwrap_or_else(|| panic!("{printed}"));

    let store = kifu_store::Store::open_read_only(db).unwrap();
    let options = kifu_reports::ReportOptions {
        filter: kifu_store::GameFilter {
            game: Some(kifu_facts::GameKind::Renju),
            ..Default::default()
        },
        explorer_depth: 0,
        ..Default::default()
    };
    let report = kifu_reports::build_report(&store, &options).unwrap();
    let ratings = report
        .sections
        .iter()
        .find(|s| s.title == "Ratings and the balance adjusted for strength")
        .expect("the ratings section");
    let (caption, table) = ratings
        .tables
        .iter()
        .find(|(c, _)| c.starts_with("Renju: advantage by rule adjusted for strength"))
        .expect("the adjusted table by rule");
    // Rule 24's 4 games left out, the players only they name are not in the fit.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("strengths of 1747 players"), "{stderr}");
    assert!(caption.ends_with("(1747 players)"), "{caption}");
    let mut shown = Vec::new();
    kifu_analysis::write_frame_to(&mut table.clone(), kifu_analysis::Format::Csv, &mut shown)
        .unwrap();
    assert_eq!(String::from_utf8(shown).unwrap(), printed);
    // The notes `kifu stats` says on standard error, in the report's words.
    for said in [
        "Renju: advantage by rule adjusted for strength: 5 groups tested for no advantage",
        "Renju: advantage by rule adjusted for strength: 1 group listed but left out of the \
         fit (fewer than 30 games, or no opening): renjunet:24 (4 games, too-few-games).",
    ] {
        assert!(ratings.intro.contains(said), "{said}\n{}", ratings.intro);
    }
    let (_, bars, _) = ratings
        .charts
        .iter()
        .find(|(_, _, stem)| stem == "renju-adjusted-by-rule")
        .expect("the chart by rule");
    let rules: Vec<&str> = bars
        .column("rule")
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "renjunet:1",
            "renjunet:2",
            "renjunet:5",
            "renjunet:8",
            "renjunet:10"
        ]
    );
}

/// By default (`--min-games` 30) rule 24's 4 games are listed, flagged and left out of the
/// fit; the five rules fitted have their p-values and Holm's adjustment of them.
fn tiny_groups_are_flagged_and_the_p_values_adjusted(db: &str) {
    let (json, stderr) = stats_json(&[
        "stats",
        "--db",
        db,
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
        "--format",
        "json",
    ]);
    let rows = json["renju_adjusted_by_rule"].as_array().unwrap();
    let tiny = rows.iter().find(|r| r["rule"] == "renjunet:24").unwrap();
    assert_eq!(tiny["games"], 4, "{tiny}");
    assert_eq!(tiny["flag"], "too-few-games", "{tiny}");
    assert!(
        tiny["advantage"].is_null() && tiny["p_holm"].is_null(),
        "{tiny}"
    );
    assert!(
        stderr.contains("5 rule group(s) tested for no advantage"),
        "{stderr}"
    );
    assert!(
        stderr.contains("renjunet:24 (4 game(s), too-few-games)"),
        "{stderr}"
    );
    // Holm, independently: sorted p-values times 5, 4, 3, …, each at least the one before.
    let mut tested: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| !r["p_value"].is_null())
        .map(|r| {
            (
                r["p_value"].as_f64().unwrap(),
                r["p_holm"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(tested.len(), 5);
    tested.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut floor = 0.0f64;
    for (rank, (p, holm)) in tested.iter().enumerate() {
        floor = floor.max(((5 - rank) as f64 * p).min(1.0));
        assert!((holm - floor).abs() < 1e-12, "{tested:?}");
    }
    // Rule 1's 19,119 games: an advantage far from none, even after the adjustment.
    let rule1 = rows.iter().find(|r| r["rule"] == "renjunet:1").unwrap();
    assert!(rule1["p_holm"].as_f64().unwrap() < 1e-4, "{rule1}");
    assert!(rule1["flag"].is_null(), "{rule1}");
    // A compared group the fit leaves out is refused, saying why.
    let out = kifu(&[
        "stats",
        "--db",
        db,
        "--game",
        "renju",
        "--by",
        "rule",
        "--compare",
        "renjunet:1",
        "renjunet:24",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("renjunet:24` (4 game(s), too-few-games)"),
        "{said}"
    );
}

/// `--draws davidson` fits ν beside the strengths (1,819 draws in 22,055 results) and says
/// it; the advantages move, their order stays.
fn davidson_fits_a_draw_parameter(db: &str) {
    let (json, stderr) = stats_json(&[
        "stats",
        "--db",
        db,
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
        "--draws",
        "davidson",
        "--format",
        "json",
    ]);
    let note = stderr
        .lines()
        .find(|l| l.contains("Davidson's draw parameter ν = "))
        .unwrap_or_else(|| panic!("{stderr}"));
    let nu: f64 = note
        .split("ν = ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{note}"));
    // Between equals P(draw) = ν/(2+ν): near the 8% of results drawn.
    assert!(nu > 0.1 && nu < 0.4, "{note}");
    let rows = json["renju_adjusted_by_rule"].as_array().unwrap();
    let advantage = |rule: &str| {
        rows.iter().find(|r| r["rule"] == rule).unwrap()["advantage"]
            .as_f64()
            .unwrap()
    };
    assert!(advantage("renjunet:5") > advantage("renjunet:1"));
    assert!(advantage("renjunet:1") > 0.0);
    let out = kifu(&[
        "stats",
        "--db",
        db,
        "--by",
        "rule",
        "--draws",
        "third",
        "--adjusted",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("davidson"));
}

/// The Xiangqi samples by ECCO family: the game without an ECCO code is a row of its own,
/// `(none)`, flagged and left out of the fit, unless `--with-no-opening` fits it.
#[test]
fn the_games_without_an_opening_are_a_row_left_out_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    crate::common::ingest_ok(&db, &[&samples]);
    let d = db.to_str().unwrap();
    let family = |extra: &[&str]| {
        let mut args = vec![
            "stats",
            "--db",
            d,
            "--game",
            "xiangqi",
            "--by",
            "family",
            "--adjusted",
            "--format",
            "json",
        ];
        args.extend(extra);
        let (json, stderr) = stats_json(&args);
        let none = json["xiangqi_adjusted_by_family"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["family"] == "(none)")
            .cloned()
            .unwrap_or_else(|| panic!("{json}"));
        (none, stderr)
    };
    let (none, stderr) = family(&[]);
    assert_eq!(none["flag"], "no-opening", "{none}");
    assert!(none["advantage"].is_null(), "{none}");
    assert!(stderr.contains("(none) ("), "{stderr}");
    let (none, _) = family(&["--with-no-opening", "--min-games", "1"]);
    assert!(none["advantage"].is_f64(), "{none}");
    assert_ne!(none["flag"], "no-opening", "{none}");
    // The fit's flags without --adjusted or --compare change nothing: refused.
    let out = kifu(&["stats", "--db", d, "--by", "family", "--with-no-opening"]);
    assert!(!out.status.success());
}

/// `--compare` names are checked before any fit: a decade written as a year is refused at
/// once, with the decades there are (closest first).
#[test]
fn a_compared_name_that_is_no_group_is_refused_before_the_fit() {
    let Some(bdt) = shared(BDT) else { return };
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&bdt)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bdt"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let paths: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    ingest_json(&db, &paths);
    let started = std::time::Instant::now();
    let out = kifu(&[
        "stats",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "renju",
        "--by",
        "decade",
        "--compare",
        "1990",
        "2000",
    ]);
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(
            "no game of renju is in the decade `1990`; valid, closest first: 1990s, 2000s"
        ),
        "{said}"
    );
    // Loosely: a debug build on a busy machine; the fit alone takes longer.
    assert!(took < std::time::Duration::from_secs(2), "{took:?}");
}

/// On train-2 (no players named) and the BDT games (players named): the per-opening table
/// fits the games with players and says how many had none.
#[test]
fn the_per_opening_table_fits_the_games_with_players_and_counts_the_rest() {
    let (Some(train), Some(bdt)) = (
        shared("renju/games/dasimagin_renju_train-2.tar.xz"),
        shared(BDT),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&train, &bdt]);
    let (json, stderr) = stats_json(&[
        "stats",
        "--db",
        db.to_str().unwrap(),
        "--game",
        "renju",
        "--by",
        "opening",
        "--adjusted",
        "--format",
        "json",
    ]);
    let rows = json["renju_adjusted_by_opening"].as_array().unwrap();
    // The 26 openings, and the games without one listed apart, left out of the fit.
    assert_eq!(rows.len(), 27, "{json}");
    let none = &rows[26];
    assert_eq!(
        (&none["opening"], &none["flag"]),
        (&"(none)".into(), &"no-opening".into())
    );
    assert!(none["advantage"].is_null(), "{none}");
    let fitted: u64 = rows.iter().map(|r| r["games"].as_u64().unwrap()).sum();
    let note = stderr
        .lines()
        .find(|l| l.contains("without both players named"))
        .unwrap_or_else(|| panic!("{stderr}"));
    let without: u64 = note
        .trim_start_matches("kifu stats: ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(without > 100_000, "{note}");
    assert!(fitted > 5_000, "{fitted}");
    // D3 is fitted on its BDT games: Black below what the strengths predict.
    let d3 = rows.iter().find(|r| r["opening"] == "D3").unwrap();
    assert!(d3["advantage"].as_f64().unwrap() < 0.0, "{d3}");
    // Every fitted opening has a p-value and Holm's adjustment, never below it; the
    // openings with fewer than 30 games are flagged and left out.
    let tested = rows.iter().filter(|r| !r["p_value"].is_null()).count();
    assert!(
        stderr.contains(&format!("{tested} opening group(s) tested")),
        "{stderr}"
    );
    for r in rows {
        let games = r["games"].as_u64().unwrap();
        if r["flag"] == "no-opening" {
            continue;
        }
        if games < 30 {
            assert_eq!(r["flag"], "too-few-games", "{r}");
            assert!(r["advantage"].is_null(), "{r}");
        } else {
            let (p, holm) = (
                r["p_value"].as_f64().unwrap(),
                r["p_holm"].as_f64().unwrap(),
            );
            assert!(holm >= p && holm <= 1.0, "{r}");
        }
    }
    assert!(rows.iter().any(|r| r["flag"] == "too-few-games"), "{json}");
}

/// The ratings are a derived table of the export: written whole, and on `--append` replaced
/// (old parts removed) when new games came in, left as they were when none did.
#[test]
fn an_append_rewrites_the_ratings_when_the_games_changed() {
    let Some(bdt) = shared(BDT) else { return };
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&bdt)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bdt"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let out = dir.path().join("export");
    let (d, o) = (db.to_str().unwrap(), out.to_str().unwrap());
    let parts = |out: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(out.join("ratings"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    ingest_json(&db, &[&files[0]]);
    kifu_ok(&["export", "--db", d, "--out", o]);
    let first = parts(&out);
    assert_eq!(first.len(), 1, "{first:?}");
    // Nothing new: the ratings stay as written.
    kifu_ok(&["export", "--db", d, "--out", o, "--append"]);
    assert_eq!(parts(&out), first);
    // New games: new ratings, the old part gone.
    ingest_json(&db, &[&files[1]]);
    let appended = kifu_ok(&["export", "--db", d, "--out", o, "--append"]);
    let now = parts(&out);
    assert_eq!(now.len(), 1, "{now:?}");
    assert_ne!(now, first);
    assert!(appended.contains(&now[0]), "{appended}");
}
