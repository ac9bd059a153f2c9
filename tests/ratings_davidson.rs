//! `kifu ratings --draws davidson`: Whole-History Rating with a draw as an outcome of its
//! own (Davidson's model), against an independent fit written here on a tiny tournament;
//! on the RenjuNet results file, ν reported and a davidson list never the stored one; the
//! draw model refused where it does not apply.

use std::path::Path;

use serde_json::Value;

use crate::common::{ingest_ok, kifu, kifu_ok, shared};

const RESULTS: &str = "renju/results/whr_renju_additional_input_2023-03-05.tsv";

/// `kifu ratings --format json ARGS…` on `db`, parsed, with what it said on standard error.
fn ratings_json(db: &Path, args: &[&str]) -> (Value, String) {
    let mut all = vec!["ratings", "--db", db.to_str().unwrap(), "--format", "json"];
    all.extend(args);
    let out = kifu(&all);
    assert!(out.status.success(), "{all:?}: {out:?}");
    (
        serde_json::from_slice(&out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Four players, one date (one rating period each), 13 games, 4 of them drawn: (first,
/// second, first's score).
const GAMES: [(&str, &str, f64); 13] = [
    ("Ana", "Ben", 1.0),
    ("Ben", "Ana", 0.5),
    ("Ana", "Cleo", 1.0),
    ("Cleo", "Ana", 0.5),
    ("Ana", "Dan", 1.0),
    ("Ben", "Cleo", 1.0),
    ("Cleo", "Ben", 0.0),
    ("Ben", "Dan", 0.5),
    ("Dan", "Ben", 0.0),
    ("Cleo", "Dan", 1.0),
    ("Dan", "Cleo", 0.5),
    ("Dan", "Ana", 1.0),
    ("Cleo", "Dan", 0.0),
];
const PLAYERS: [&str; 4] = ["Ana", "Ben", "Cleo", "Dan"];

/// WHR's log-posterior for one period under Davidson's model, written out: per game, with
/// `x` half the rating difference (natural units, `γ = e^r`), `ln P` of its outcome among
/// `e^x / Z`, `e^−x / Z`, `ν / Z` (`Z = e^x + e^−x + ν`); per player, WHR's first-day prior,
/// one virtual win and one virtual loss against a player rated 0: `ln σ(r) + ln σ(−r)`.
/// `v`: the four ratings, then `ln ν`.
fn log_posterior(v: &[f64]) -> f64 {
    let index = |name: &str| PLAYERS.iter().position(|p| *p == name).unwrap();
    let nu = v[4].exp();
    let mut total = 0.0;
    for (first, second, score) in GAMES {
        let x = (v[index(first)] - v[index(second)]) / 2.0;
        let z = x.exp() + (-x).exp() + nu;
        let p = if score == 1.0 {
            x.exp() / z
        } else if score == 0.0 {
            (-x).exp() / z
        } else {
            nu / z
        };
        total += p.ln();
    }
    let log_sigma = |r: f64| -(1.0 + (-r).exp()).ln();
    for r in &v[..4] {
        total += log_sigma(*r) + log_sigma(-r);
    }
    total
}

/// Gradient ascent on [`log_posterior`] with central-difference slopes, from zero and
/// ν = 1, until no slope is above 1e-8 (central differences are good to about 1e-10
/// here: the ratings are then within 1e-4 Elo of the maximum).
fn naive_fit() -> Vec<f64> {
    let mut v = vec![0.0; 5];
    let h = 1e-5;
    for _ in 0..200_000 {
        let slopes: Vec<f64> = (0..5)
            .map(|i| {
                let (mut up, mut down) = (v.clone(), v.clone());
                up[i] += h;
                down[i] -= h;
                (log_posterior(&up) - log_posterior(&down)) / (2.0 * h)
            })
            .collect();
        if slopes.iter().all(|s| s.abs() < 1e-8) {
            return v;
        }
        for (value, slope) in v.iter_mut().zip(&slopes) {
            *value += 0.2 * slope;
        }
    }
    panic!("the naive fit did not converge: {v:?}");
}

#[test]
fn davidson_ratings_equal_an_independent_fit_of_the_posterior() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("results.csv");
    let mut text = String::from("Game,Date,Event,Round,Board,Player1,Player2,Result\n");
    for (round, (first, second, score)) in GAMES.iter().enumerate() {
        let result = match score {
            1.0 => "1-0",
            0.0 => "0-1",
            _ => "1/2-1/2",
        };
        text.push_str(&format!(
            "renju,2024-05-03,Club,{},1,{first},{second},{result}\n",
            round + 1
        ));
    }
    std::fs::write(&csv, text).unwrap();
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&csv]);
    let (json, said) = ratings_json(&db, &["--draws", "davidson"]);
    assert_eq!(json["games"], 13);
    assert_eq!(json["periods"], 1);
    let expected = naive_fit();
    let nu = json["draw_parameter"]["nu"].as_f64().unwrap();
    assert!(
        (nu - expected[4].exp()).abs() < 1e-2,
        "ν {nu} against {expected:?}"
    );
    let elo = 400.0 / std::f64::consts::LN_10;
    for line in json["lines"].as_array().unwrap() {
        let player = line["player"].as_str().unwrap();
        let at = PLAYERS.iter().position(|p| *p == player).unwrap();
        let rating = line["rating"].as_f64().unwrap();
        let theirs = 1500.0 + expected[at] * elo;
        assert!(
            (rating - theirs).abs() < 1e-2,
            "{player}: {rating} against {theirs}"
        );
    }
    assert!(said.contains("Davidson's draw parameter ν = "), "{said}");
    // The interval is around ν, and the note says it as the JSON has it.
    let (low, high) = (
        json["draw_parameter"]["low"].as_f64().unwrap(),
        json["draw_parameter"]["high"].as_f64().unwrap(),
    );
    assert!(low < nu && nu < high, "{json}");
    assert!(said.contains(&format!("ν = {nu:.3} (95% interval {low:.3} to {high:.3}")));
    // Draws counted half: no draw parameter, and the ratings are not Davidson's.
    let (half, said) = ratings_json(&db, &[]);
    assert!(half.get("draw_parameter").is_none(), "{half}");
    assert!(!said.contains("Davidson"), "{said}");
    assert_ne!(half["lines"], json["lines"]);
}

/// The RenjuNet results (22,055 results, 1,819 drawn, one period): ν is fitted and said,
/// a davidson request is computed (never the stored list, which stays the half model's),
/// and one player's history carries ν too.
#[test]
fn davidson_on_the_renjunet_results_reports_nu_and_leaves_the_stored_list_alone() {
    let Some(results) = shared(RESULTS) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&results]);
    // Computed and stored (the default terms), then read back: 0 iterations.
    let started = std::time::Instant::now();
    let (half, _) = ratings_json(&db, &[]);
    let half_seconds = started.elapsed().as_secs_f64();
    let (read, _) = ratings_json(&db, &[]);
    assert_eq!(read["iterations"], 0);
    let started = std::time::Instant::now();
    let (json, said) = ratings_json(&db, &["--draws", "davidson"]);
    let davidson_seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "RenjuNet results: half {half_seconds:.2} s (stored), davidson {davidson_seconds:.2} s"
    );
    assert_eq!(json["games"], 22055);
    assert!(
        json["iterations"].as_u64().unwrap() > 0,
        "computed, not read"
    );
    assert!(json["terms"].as_str().unwrap().contains("Davidson"));
    let d = &json["draw_parameter"];
    let (nu, low, high) = (
        d["nu"].as_f64().unwrap(),
        d["low"].as_f64().unwrap(),
        d["high"].as_f64().unwrap(),
    );
    // The adjusted fit (`stats --by rule --adjusted --draws davidson`) finds ν ≈ 0.224 on
    // these results; this model has no first-mover advantage and rates games the adjusted
    // fit leaves out (rule 24's four), so ν may differ in the third digit, not more.
    assert!(nu > 0.20 && nu < 0.25, "{d}");
    assert!(low < nu && nu < high && high - low < 0.05, "{d}");
    // Between equals a draw is likelier than over all pairings, most of them unequal: above
    // the 1,819 / 22,055 drawn.
    assert!(nu / (2.0 + nu) > 1819.0 / 22055.0, "{d}");
    assert!(said.contains("Davidson's draw parameter ν = "), "{said}");
    // The same player heads both lists.
    assert_eq!(json["lines"][0]["player"], half["lines"][0]["player"]);
    // The stored list is still the half model's: read back unchanged.
    let (again, _) = ratings_json(&db, &[]);
    assert_eq!(again["iterations"], 0);
    assert_eq!(again["lines"], read["lines"]);
    let player = json["lines"][0]["player"].as_str().unwrap();
    let (history, _) = ratings_json(
        &db,
        &["--draws", "davidson", "--player", player, "--history"],
    );
    assert_eq!(history["draw_parameter"], json["draw_parameter"]);
    let table = kifu_ok(&[
        "ratings",
        "--db",
        db.to_str().unwrap(),
        "--draws",
        "davidson",
        "--top",
        "3",
    ]);
    assert!(table.contains("Davidson's model"), "{table}");
}

/// Elo has no draw model: `--draws davidson` with it is refused before the database is
/// even opened (a path where none is still gets this answer), exit 2, as is any term of
/// the other system (`--w2` with Elo, `--k` with WHR); an unknown model names the two.
#[test]
fn davidson_under_elo_is_refused_before_anything_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.db");
    let out = kifu(&[
        "ratings",
        "--db",
        missing.to_str().unwrap(),
        "--system",
        "elo",
        "--draws",
        "davidson",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--draws davidson is Whole-History Rating's (--system whr)"),
        "{said}"
    );
    assert!(!missing.exists());
    // Each system's terms are refused with the other, where they would change nothing.
    for (args, said) in [
        (
            ["--system", "elo", "--w2", "3"],
            "--w2 is Whole-History Rating's (--system whr)",
        ),
        (
            ["--system", "whr", "--k", "30"],
            "--k is Elo's (--system elo)",
        ),
    ] {
        let mut all = vec!["ratings", "--db", missing.to_str().unwrap()];
        all.extend(args);
        let out = kifu(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(said),
            "{out:?}"
        );
    }
    assert!(!missing.exists());
    let out = kifu(&[
        "ratings",
        "--db",
        missing.to_str().unwrap(),
        "--draws",
        "third",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("half, davidson"), "{said}");
}
