//! Tests of the analysis tables on hand-made databases (every number checked against a
//! value worked out by hand), on the bundled samples and on the real Renju collection.

use kifu_analysis::*;
use kifu_facts::{ForbiddenKind, GameKind, ResultName, Severity, Termination};
use kifu_store::{FindingRecord, GameRecord, NewSource, Record, Store};
use polars::prelude::*;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------------------
// Helpers

fn new_store(dir: &Path) -> (Store, i64) {
    let mut store = Store::open(&dir.join("k.db")).unwrap();
    let id = store
        .begin_source(&NewSource {
            path: "hand.txt".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: "hand".into(),
            format: "hand".into(),
            encoding: "utf-8".into(),
            rules: None,
        })
        .unwrap();
    (store, id)
}

fn finding(code: &str, severity: &str, message: &str) -> FindingRecord {
    FindingRecord {
        ply: Some(1),
        code: code.into(),
        severity: Severity::from_name(severity).unwrap(),
        message: message.into(),
        rule: String::new(),
        node: None,
        offset: 0,
        line: 1,
        column: 1,
        forbidden: None,
    }
}

/// A finding about a forbidden move of `kind`.
fn forbidden(code: &str, kind: ForbiddenKind, message: &str) -> FindingRecord {
    FindingRecord {
        forbidden: Some(kind),
        ..finding(
            code,
            if code == "forbidden-move" {
                "warning"
            } else {
                "info"
            },
            message,
        )
    }
}

/// The database file itself, for counts the tests check the tables against.
fn sql_count(store_path: &Path, sql: &str) -> u32 {
    rusqlite::Connection::open(store_path)
        .unwrap()
        .query_row(sql, [], |r| r.get(0))
        .unwrap()
}

#[allow(clippy::too_many_arguments)]
fn game(
    kind: &str,
    offset: u64,
    rule: Option<&str>,
    opening: Option<&str>,
    recorded: Option<&str>,
    derived: Option<&str>,
    termination: &str,
    plies: u32,
) -> GameRecord {
    GameRecord {
        offset,
        line: offset as u32 + 1,
        column: 1,
        format: "hand".into(),
        rule: rule.map(Into::into),
        opening: opening.map(Into::into),
        recorded_result: recorded.map(|r| ResultName::parse(r).expect("a result name")),
        derived_result: derived.map(|r| ResultName::parse(r).expect("a result name")),
        termination: Termination::parse(kind.parse().unwrap(), termination)
            .expect("a termination of the game"),
        plies,
        // A distinct key per game unless a test sets one: no accidental duplicates.
        canonical_key: offset.to_be_bytes().to_vec().into(),
        moves_encoding: "renju-idx8".into(),
        moves: vec![112],
        ..GameRecord::empty(GameKind::from_name(kind).unwrap())
    }
}

fn write(store: &mut Store, source: i64, games: Vec<GameRecord>) {
    let records: Vec<Record> = games
        .into_iter()
        .map(|mut g| {
            g.source_id = source;
            Record::Game(Box::new(g))
        })
        .collect();
    store.write_batch(&records).unwrap();
}

fn strs(df: &DataFrame, name: &str) -> Vec<String> {
    df.column(name)
        .unwrap()
        .as_materialized_series()
        .cast(&DataType::String)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|v| v.unwrap_or("null").to_owned())
        .collect()
}

fn names(df: &DataFrame) -> Vec<String> {
    df.get_column_names()
        .iter()
        .map(|n| n.to_string())
        .collect()
}

fn u32s(df: &DataFrame, name: &str) -> Vec<u32> {
    let c = df.column(name).unwrap();
    assert_eq!(c.dtype(), &DataType::UInt32, "{name} is u32");
    c.u32().unwrap().into_no_null_iter().collect()
}

fn f64s(df: &DataFrame, name: &str) -> Vec<Option<f64>> {
    let c = df.column(name).unwrap();
    assert_eq!(c.dtype(), &DataType::Float64, "{name} is f64");
    c.f64().unwrap().iter().collect()
}

fn close(actual: &[Option<f64>], expected: &[Option<f64>], what: &str) {
    assert_eq!(actual.len(), expected.len(), "{what}: {actual:?}");
    for (a, e) in actual.iter().zip(expected) {
        match (a, e) {
            (Some(a), Some(e)) => assert!((a - e).abs() < 1e-9, "{what}: {a} != {e}"),
            (None, None) => {}
            _ => panic!("{what}: {actual:?} != {expected:?}"),
        }
    }
}

fn shared_dir() -> Option<PathBuf> {
    kifu_testdata::shared("data").and_then(|data| data.parent().map(Path::to_path_buf))
}

// ---------------------------------------------------------------------------------------
// Renju opening balance on a hand-made database

/// Ten Renju games over two rules and three openings, one unclassified, one linked copy.
///
/// | # | rule      | opening | recorded | board (derived, termination) | counts as | plies | swap | date |
/// |---|-----------|---------|----------|------------------------------|-----------|-------|------|------|
/// | 1 | RIF       | D1      | black    | black, five                  | black     | 21    | 0    | 2001 |
/// | 2 | RIF       | D1      | white    | –, unfinished                | white     | 30    | 1    | 2001 |
/// | 3 | RIF       | D1      | black    | –, unfinished                | black     | 25    | 0    | 2002 |
/// | 4 | RIF       | D2      | draw     | –, unfinished                | draw      | 60    | –    | 2002 |
/// | 5 | RIF       | D2      | black    | white, five (contradiction)  | white     | 40    | –    | –    |
/// | 6 | Yamaguchi | D1      | black    | –, unfinished                | black     | 15    | –    | –    |
/// | 7 | Yamaguchi | I1      | white    | –, unfinished                | white     | 35    | –    | –    |
/// | 8 | Yamaguchi | I1      | unknown  | –, unfinished                | (none)    | 10    | –    | –    |
/// | 9 | Yamaguchi | I1      | unknown  | black, five                  | black     | 29    | –    | –    |
/// |10 | Yamaguchi | –       | black    | –, unfinished                | black     |  9    | –    | –    |
/// |11 | copy of 1 (duplicate_of = 1): left out                                                |
fn balance_db(dir: &Path) -> Store {
    let (mut store, src) = new_store(dir);
    let swap = |v: &str| Some(format!("{{\"swap\":\"{v}\"}}"));
    let mut games = vec![
        GameRecord {
            extra: swap("0"),
            date: Some("2001-05-01".into()),
            ..game(
                "renju",
                1,
                Some("RIF"),
                Some("D1"),
                Some("black"),
                Some("black"),
                "five",
                21,
            )
        },
        GameRecord {
            extra: swap("1"),
            date: Some("2001".into()),
            ..game(
                "renju",
                2,
                Some("RIF"),
                Some("D1"),
                Some("white"),
                None,
                "unfinished",
                30,
            )
        },
        GameRecord {
            extra: swap("0"),
            date: Some("12.03.2002".into()),
            ..game(
                "renju",
                3,
                Some("RIF"),
                Some("D1"),
                Some("black"),
                None,
                "unfinished",
                25,
            )
        },
        GameRecord {
            date: Some("2002".into()),
            ..game(
                "renju",
                4,
                Some("RIF"),
                Some("D2"),
                Some("draw"),
                None,
                "unfinished",
                60,
            )
        },
        game(
            "renju",
            5,
            Some("RIF"),
            Some("D2"),
            Some("black"),
            Some("white"),
            "five",
            40,
        ),
        game(
            "renju",
            6,
            Some("Yamaguchi"),
            Some("D1"),
            Some("black"),
            None,
            "unfinished",
            15,
        ),
        game(
            "renju",
            7,
            Some("Yamaguchi"),
            Some("I1"),
            Some("white"),
            None,
            "unfinished",
            35,
        ),
        game(
            "renju",
            8,
            Some("Yamaguchi"),
            Some("I1"),
            Some("unknown"),
            None,
            "unfinished",
            10,
        ),
        game(
            "renju",
            9,
            Some("Yamaguchi"),
            Some("I1"),
            Some("unknown"),
            Some("black"),
            "five",
            29,
        ),
        game(
            "renju",
            10,
            Some("Yamaguchi"),
            None,
            Some("black"),
            None,
            "unfinished",
            9,
        ),
    ];
    // Game 11: the same moves as game 1 (same canonical key), so a linked copy.
    let mut copy = games[0].clone();
    copy.offset = 11;
    copy.canonical_key = games[0].canonical_key.clone();
    copy.recorded_result = Some(ResultName::White);
    games.push(copy);
    write(&mut store, src, games);
    assert_eq!(store.counts().unwrap().duplicates, 1);
    store
}

// The Wilson score interval, z = 1.959964, z² = 3.841458881296:
//   low/high = (p + z²/(2n) ∓ z·sqrt(p(1−p)/n + z²/(4n²))) / (1 + z²/n)
// worked out per group below (p = black_score, n = results).

#[test]
fn renju_opening_balance_by_rule_and_opening() {
    let dir = tempfile::tempdir().unwrap();
    let store = balance_db(dir.path());
    let df = renju_opening_balance(
        &Dataset::new(&store, &Filter::default()),
        &["rule", "opening"],
    )
    .unwrap();
    assert_eq!(
        names(&df),
        [
            "rule",
            "opening",
            "games",
            "results",
            "black_wins",
            "white_wins",
            "draws",
            "black_score",
            "wilson_low",
            "wilson_high",
            "swap_rate",
            "mean_plies"
        ]
    );
    // The unclassified game 10 and the copy 11 are left out.
    assert_eq!(strs(&df, "rule"), ["RIF", "RIF", "Yamaguchi", "Yamaguchi"]);
    assert_eq!(strs(&df, "opening"), ["D1", "D2", "D1", "I1"]);
    assert_eq!(u32s(&df, "games"), [3, 2, 1, 3]);
    // Yamaguchi/I1: game 8 has no result at all.
    assert_eq!(u32s(&df, "results"), [3, 2, 1, 2]);
    // RIF/D1: 1 black, 2 white, 3 black. RIF/D2: 4 draw, 5 white (the board's five
    // overrides the recorded black). Yamaguchi/D1: 6 black. Yamaguchi/I1: 7 white,
    // 9 black (nothing recorded, the board's five).
    assert_eq!(u32s(&df, "black_wins"), [2, 0, 1, 1]);
    assert_eq!(u32s(&df, "white_wins"), [1, 1, 0, 1]);
    assert_eq!(u32s(&df, "draws"), [0, 1, 0, 0]);
    // black_score = (black_wins + draws/2) / results:
    //   RIF/D1 2/3; RIF/D2 (0 + 0.5)/2 = 0.25; Yamaguchi/D1 1/1; Yamaguchi/I1 1/2.
    close(
        &f64s(&df, "black_score"),
        &[Some(2.0 / 3.0), Some(0.25), Some(1.0), Some(0.5)],
        "black_score",
    );
    // RIF/D1, p = 2/3, n = 3:
    //   denominator 1 + 3.841458881296/3 = 2.2804862938
    //   centre      0.6666666667 + 3.841458881296/6 = 1.3069098135
    //   inside sqrt (2/3·1/3)/3 + 3.841458881296/36 = 0.0740740741 + 0.1067071911 = 0.1807812652
    //   half width  1.959964 · sqrt(0.1807812652) = 1.959964 · 0.4251838017 = 0.8333449447
    //   low  (1.3069098135 − 0.8333449447) / 2.2804862938 = 0.2076595988
    //   high (1.3069098135 + 0.8333449447) / 2.2804862938 = 0.9385080560
    // RIF/D2, p = 0.25, n = 2:
    //   denominator 1 + 3.841458881296/2 = 2.9207294406
    //   centre      0.25 + 3.841458881296/4 = 1.2103647203
    //   inside sqrt 0.25·0.75/2 + 3.841458881296/16 = 0.09375 + 0.2400911801 = 0.3338411801
    //   half width  1.959964 · 0.5777899100 = 1.1324474231
    //   low  (1.2103647203 − 1.1324474231) / 2.9207294406 = 0.0266773417
    //   high (1.2103647203 + 1.1324474231) / 2.9207294406 = 0.8021325464
    // Yamaguchi/D1, p = 1, n = 1:
    //   denominator 1 + 3.841458881296 = 4.8414588813
    //   centre      1 + 3.841458881296/2 = 2.9207294406
    //   inside sqrt 0 + 3.841458881296/4 = 0.9603647203; sqrt = 0.979982 (= z/2)
    //   half width  1.959964 · 0.979982 = 1.9207294406
    //   low  (2.9207294406 − 1.9207294406) / 4.8414588813 = 1/4.8414588813 = 0.2065493118
    //   high (2.9207294406 + 1.9207294406) / 4.8414588813 = 1
    // Yamaguchi/I1, p = 0.5, n = 2:
    //   denominator 2.9207294406 (as RIF/D2)
    //   centre      0.5 + 0.9603647203 = 1.4603647203
    //   inside sqrt 0.25/2 + 0.2400911801 = 0.3650911801; sqrt = 0.6042277551
    //   half width  1.959964 · 0.6042277551 = 1.1842646479
    //   low  (1.4603647203 − 1.1842646479) / 2.9207294406 = 0.0945312046
    //   high (1.4603647203 + 1.1842646479) / 2.9207294406 = 0.9054687954
    let rounded = |v: Vec<Option<f64>>| -> Vec<Option<f64>> {
        v.into_iter()
            .map(|x| x.map(|x| (x * 1e10).round() / 1e10))
            .collect()
    };
    close(
        &rounded(f64s(&df, "wilson_low")),
        &[
            Some(0.2076595988),
            Some(0.0266773417),
            Some(0.2065493118),
            Some(0.0945312046),
        ],
        "wilson_low",
    );
    close(
        &rounded(f64s(&df, "wilson_high")),
        &[
            Some(0.9385080560),
            Some(0.8021325464),
            Some(1.0),
            Some(0.9054687954),
        ],
        "wilson_high",
    );
    // Swap decisions are recorded only in RIF/D1: games 1 (0), 2 (1), 3 (0) → 1/3.
    close(
        &f64s(&df, "swap_rate"),
        &[Some(1.0 / 3.0), None, None, None],
        "swap_rate",
    );
    // (21 + 30 + 25)/3 = 25.333…; (60 + 40)/2 = 50; 15; (35 + 10 + 29)/3 = 24.666…
    close(
        &f64s(&df, "mean_plies"),
        &[Some(76.0 / 3.0), Some(50.0), Some(15.0), Some(74.0 / 3.0)],
        "mean_plies",
    );
}

#[test]
fn renju_opening_balance_by_opening_overall_and_year() {
    let dir = tempfile::tempdir().unwrap();
    let store = balance_db(dir.path());
    let f = Filter::default();
    let rounded = |v: Vec<Option<f64>>| -> Vec<Option<f64>> {
        v.into_iter()
            .map(|x| x.map(|x| (x * 1e10).round() / 1e10))
            .collect()
    };

    // By opening, D1..D13 then I1..I13 order.
    let df = renju_opening_balance(&Dataset::new(&store, &f), &["opening"]).unwrap();
    assert_eq!(strs(&df, "opening"), ["D1", "D2", "I1"]);
    assert_eq!(u32s(&df, "games"), [4, 2, 3]);
    assert_eq!(u32s(&df, "results"), [4, 2, 2]);
    assert_eq!(u32s(&df, "black_wins"), [3, 0, 1]);
    assert_eq!(u32s(&df, "white_wins"), [1, 1, 1]);
    assert_eq!(u32s(&df, "draws"), [0, 1, 0]);
    close(
        &f64s(&df, "black_score"),
        &[Some(0.75), Some(0.25), Some(0.5)],
        "black_score",
    );
    // D1, p = 3/4, n = 4:
    //   denominator 1 + 3.841458881296/4 = 1.9603647203
    //   centre      0.75 + 3.841458881296/8 = 1.2301823602
    //   inside sqrt 0.75·0.25/4 + 3.841458881296/64 = 0.046875 + 0.0600227950 = 0.1068977950
    //   half width  1.959964 · 0.3269522825 = 0.6408147034
    //   low  (1.2301823602 − 0.6408147034) / 1.9603647203 = 0.3006418401
    //   high (1.2301823602 + 0.6408147034) / 1.9603647203 = 0.9544127397
    // D2 and I1 as RIF/D2 and Yamaguchi/I1 above.
    close(
        &rounded(f64s(&df, "wilson_low")),
        &[Some(0.3006418401), Some(0.0266773417), Some(0.0945312046)],
        "wilson_low",
    );
    close(
        &rounded(f64s(&df, "wilson_high")),
        &[Some(0.9544127397), Some(0.8021325464), Some(0.9054687954)],
        "wilson_high",
    );
    close(
        &f64s(&df, "swap_rate"),
        &[Some(1.0 / 3.0), None, None],
        "swap_rate",
    );
    // (21 + 30 + 25 + 15)/4 = 22.75
    close(
        &f64s(&df, "mean_plies"),
        &[Some(22.75), Some(50.0), Some(74.0 / 3.0)],
        "mean_plies",
    );

    // Overall: games 1–10 (the unclassified game 10 counts), 9 with a result:
    // black 1, 3, 6, 9, 10 = 5; white 2, 5, 7 = 3; draw 4 = 1.
    let df = renju_opening_balance(&Dataset::new(&store, &f), &[]).unwrap();
    assert_eq!(df.height(), 1);
    assert_eq!(df.width(), 10);
    assert_eq!(u32s(&df, "games"), [10]);
    assert_eq!(u32s(&df, "results"), [9]);
    assert_eq!(u32s(&df, "black_wins"), [5]);
    assert_eq!(u32s(&df, "white_wins"), [3]);
    assert_eq!(u32s(&df, "draws"), [1]);
    // p = (5 + 0.5)/9 = 0.6111111111, n = 9:
    //   denominator 1 + 3.841458881296/9 = 1.4268287646
    //   centre      0.6111111111 + 3.841458881296/18 = 0.8245254934
    //   inside sqrt 0.6111·0.3889/9 + 3.841458881296/324 = 0.0264060357 + 0.0118563546
    //               = 0.0382623902; sqrt = 0.1956077459
    //   half width  1.959964 · 0.1956077459 = 0.3833841400
    //   low  (0.8245254934 − 0.3833841400) / 1.4268287646 = 0.3091761004
    //   high (0.8245254934 + 0.3833841400) / 1.4268287646 = 0.8465694436
    close(&f64s(&df, "black_score"), &[Some(5.5 / 9.0)], "black_score");
    close(
        &rounded(f64s(&df, "wilson_low")),
        &[Some(0.3091761004)],
        "wilson_low",
    );
    close(
        &rounded(f64s(&df, "wilson_high")),
        &[Some(0.8465694436)],
        "wilson_high",
    );
    close(&f64s(&df, "swap_rate"), &[Some(1.0 / 3.0)], "swap_rate");
    // (21+30+25+60+40+15+35+10+29+9)/10 = 274/10
    close(&f64s(&df, "mean_plies"), &[Some(27.4)], "mean_plies");

    // By year: games 1, 2 (2001) and 3, 4 (2002); the others have no date.
    let df = renju_opening_balance(&Dataset::new(&store, &f), &["year"]).unwrap();
    assert_eq!(strs(&df, "year"), ["2001", "2002"]);
    assert_eq!(u32s(&df, "games"), [2, 2]);
    assert_eq!(u32s(&df, "black_wins"), [1, 1]);
    assert_eq!(u32s(&df, "white_wins"), [1, 0]);
    assert_eq!(u32s(&df, "draws"), [0, 1]);
    // 2001: p = 0.5, n = 2 → as Yamaguchi/I1. 2002: p = 0.75, n = 2:
    //   centre 0.75 + 0.9603647203 = 1.7103647203; inside sqrt 0.75·0.25/2 + 0.2400911801
    //   = 0.3338411801; half width 1.1324474231; denominator 2.9207294406
    //   low 0.5779172972/2.9207294406 = 0.1978674536; high 2.8428121434/2.9207294406 = 0.9733226583
    close(
        &rounded(f64s(&df, "wilson_low")),
        &[Some(0.0945312046), Some(0.1978674536)],
        "wilson_low",
    );
    close(
        &rounded(f64s(&df, "wilson_high")),
        &[Some(0.9054687954), Some(0.9733226583)],
        "wilson_high",
    );
    // 2001: swaps 0 and 1 → 0.5; 2002: game 3 (0) → 0.
    close(
        &f64s(&df, "swap_rate"),
        &[Some(0.5), Some(0.0)],
        "swap_rate",
    );

    // The linked copy counts when asked for; it records White's win.
    let with = Filter {
        with_duplicates: true,
        ..Filter::default()
    };
    let df = renju_opening_balance(&Dataset::new(&store, &with), &["opening"]).unwrap();
    assert_eq!(u32s(&df, "games"), [5, 2, 3]);
    assert_eq!(u32s(&df, "white_wins"), [1, 1, 1]); // the copy's board says black (five)

    // Unknown grouping keys are refused; the event filter selects nothing here.
    assert!(renju_opening_balance(&Dataset::new(&store, &f), &["colour"]).is_err());
    let none = Filter {
        event: Some("nowhere".into()),
        ..Filter::default()
    };
    let df = renju_opening_balance(&Dataset::new(&store, &none), &["opening"]).unwrap();
    assert_eq!(df.height(), 0);
    let df = renju_opening_balance(&Dataset::new(&store, &Filter::game(GameKind::Xiangqi)), &[])
        .unwrap();
    assert_eq!(u32s(&df, "games"), [0]);
    assert_eq!(f64s(&df, "black_score"), [None]);
}

// ---------------------------------------------------------------------------------------
// Other tables on small hand-made sets

#[test]
fn renju_forbidden_shares_and_lengths() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, src) = new_store(dir.path());
    // h8 i9 ... : a real double-three by Black as the last move (claimed: recorded white).
    // Black: h8 (112), j8, i7 ... let the engine tell: f8 g8 (two open twos) is simpler to
    // build with explicit points: black h8, white a1, black j8, white a3, black i9,
    // white a5, black i7, white a7, black i8 → i8 makes three h8-i8-j8 and i7-i8-i9.
    let idx = |c: u8, r: u8| (r - 1) * 15 + (c - b'a');
    let dt = vec![
        idx(b'h', 8),
        idx(b'a', 1),
        idx(b'j', 8),
        idx(b'a', 3),
        idx(b'i', 9),
        idx(b'a', 5),
        idx(b'i', 7),
        idx(b'a', 7),
        idx(b'i', 8),
    ];
    let mut claimed = game(
        "renju",
        1,
        Some("RIF"),
        Some("D1"),
        Some("white"),
        Some("white"),
        "forbidden-move",
        9,
    );
    claimed.moves = dt;
    let mut g2 = game(
        "renju",
        2,
        Some("RIF"),
        Some("D2"),
        Some("black"),
        Some("black"),
        "five",
        31,
    );
    g2.findings = vec![
        forbidden(
            "forbidden-unclaimed",
            ForbiddenKind::DoubleFour,
            "move 11 (black h9) is a double-four, a forbidden move, but White played on",
        ),
        forbidden(
            "overline-unclaimed",
            ForbiddenKind::Overline,
            "move 21 (black h9) makes an overline",
        ),
    ];
    let mut g3 = game(
        "renju",
        3,
        None,
        Some("D2"),
        Some("draw"),
        Some("white"),
        "forbidden-move",
        12,
    );
    g3.findings = vec![forbidden(
        "forbidden-move",
        ForbiddenKind::DoubleThree,
        "the last move, move 11 (black h9), is a double-three, a forbidden move that White can claim",
    )];
    write(&mut store, src, vec![claimed, g2, g3]);

    let df = renju_forbidden(&Dataset::new(&store, &Filter::default())).unwrap();
    assert_eq!(names(&df), ["kind", "unclaimed", "claimed_wins", "total"]);
    assert_eq!(
        strs(&df, "kind"),
        ["double-three", "double-four", "overline"]
    );
    assert_eq!(u32s(&df, "unclaimed"), [1, 1, 1]);
    assert_eq!(u32s(&df, "claimed_wins"), [1, 0, 0]);
    assert_eq!(u32s(&df, "total"), [2, 1, 1]);

    // Shares by rule: RIF = games 1 (white), 2 (black); (none) = game 3 (draw recorded;
    // the board did not decide it, so the draw stands).
    let df = result_shares(
        &Dataset::new(&store, &Filter::default()),
        GameKind::Renju,
        "rule",
    )
    .unwrap();
    assert_eq!(
        names(&df),
        [
            "rule",
            "games",
            "results",
            "black_wins",
            "white_wins",
            "draws",
            "black_score",
            "wilson_low",
            "wilson_high",
            "first_share",
            "second_share",
            "draw_share"
        ]
    );
    assert_eq!(strs(&df, "rule"), ["RIF", "(none)"]);
    assert_eq!(u32s(&df, "games"), [2, 1]);
    assert_eq!(u32s(&df, "black_wins"), [1, 0]);
    assert_eq!(u32s(&df, "white_wins"), [1, 0]);
    assert_eq!(u32s(&df, "draws"), [0, 1]);
    close(
        &f64s(&df, "first_share"),
        &[Some(0.5), Some(0.0)],
        "first_share",
    );
    close(
        &f64s(&df, "draw_share"),
        &[Some(0.0), Some(1.0)],
        "draw_share",
    );
    // By period: a year or a decade; any other grouping is an error.
    assert!(result_shares(
        &Dataset::new(&store, &Filter::default()),
        GameKind::Renju,
        "decade"
    )
    .is_ok());
    assert!(result_shares(
        &Dataset::new(&store, &Filter::default()),
        GameKind::Renju,
        "month"
    )
    .is_err());

    // Lengths 9, 31, 12 in bins of 10: 0–9: 1, 10–19: 1, 30–39: 1.
    let df = game_lengths(
        &Dataset::new(&store, &Filter::default()),
        GameKind::Renju,
        10,
    )
    .unwrap();
    assert_eq!(u32s(&df, "plies_from"), [0, 10, 30]);
    assert_eq!(u32s(&df, "plies_to"), [9, 19, 39]);
    assert_eq!(u32s(&df, "games"), [1, 1, 1]);
}

fn xiangqi_db(dir: &Path) -> Store {
    let (mut store, src) = new_store(dir);
    let extra = |red: &str, black: &str, first: Option<u32>, material: &str, name: &str| {
        Some(format!(
            "{{\"opening_name\":\"{name}\",\"captures\":{{\"red\":{red},\"black\":{black},\
             \"first_capture_ply\":{},\"material\":{material}}}}}",
            first.map_or("null".to_owned(), |p| p.to_string())
        ))
    };
    let mut g1 = game(
        "xiangqi",
        1,
        None,
        Some("C45"),
        Some("red"),
        Some("red"),
        "checkmate",
        4,
    );
    g1.extra = extra(
        r#"{"rook":1,"pawn":2}"#,
        r#"{"horse":1}"#,
        Some(3),
        "[0,0,18,10]",
        "",
    );
    let mut g2 = game(
        "xiangqi",
        2,
        None,
        Some("C45"),
        Some("draw"),
        Some("draw"),
        "repetition-draw",
        2,
    );
    g2.extra = extra("{}", r#"{"pawn":1}"#, Some(2), "[0,-2]", "");
    let mut g3 = game(
        "xiangqi",
        3,
        None,
        None,
        None,
        Some("black"),
        "perpetual-check",
        13,
    );
    g3.extra = extra("{}", "{}", None, "[]", "中炮对屏风马");
    g3.findings = vec![finding(
        "result-contradicts-repetition-ruling",
        "error",
        "m",
    )];
    let mut g4 = game(
        "xiangqi",
        4,
        None,
        Some("A00"),
        Some("unknown"),
        None,
        "unfinished",
        27,
    );
    g4.extra = extra(r#"{"cannon":1}"#, "{}", Some(7), "[0]", "");
    // Rulings play went past (the record left the cycle): two perpetual checks and a
    // drawn repetition in one unfinished game, a drawn repetition before g1's mate.
    g4.findings = vec![
        finding("perpetual-check-changed", "info", "m"),
        finding("repetition-draw-changed", "info", "m"),
        finding("perpetual-check-changed", "info", "m"),
    ];
    g1.findings = vec![finding("repetition-draw-changed", "info", "m")];
    write(&mut store, src, vec![g1, g2, g3, g4]);
    store
}

#[test]
fn xiangqi_tables() {
    let dir = tempfile::tempdir().unwrap();
    let store = xiangqi_db(dir.path());
    let f = Filter::default();

    let df = xiangqi_results(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(
        names(&df),
        [
            "opening",
            "games",
            "results",
            "red_wins",
            "black_wins",
            "draws",
            "red_score",
            "wilson_low",
            "wilson_high"
        ]
    );
    assert_eq!(strs(&df, "opening"), ["C45", "A00", "中炮对屏风马"]);

    // By ECCO family: C45 twice, A00 once, the game with no code under (none).
    let fam = xiangqi_results_by_family(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(names(&fam)[0], "family");
    assert_eq!(strs(&fam, "family"), ["C", "(none)", "A"]);
    assert_eq!(u32s(&fam, "games"), [2, 1, 1]);
    assert_eq!(u32s(&fam, "red_wins"), [1, 0, 0]);
    assert_eq!(u32s(&fam, "black_wins"), [0, 1, 0]);
    assert_eq!(u32s(&fam, "draws"), [1, 0, 0]);
    assert_eq!(u32s(&df, "games"), [2, 1, 1]);
    assert_eq!(u32s(&df, "results"), [2, 0, 1]);
    assert_eq!(u32s(&df, "red_wins"), [1, 0, 0]);
    assert_eq!(u32s(&df, "black_wins"), [0, 0, 1]);
    assert_eq!(u32s(&df, "draws"), [1, 0, 0]);
    close(
        &f64s(&df, "red_score"),
        &[Some(0.75), None, Some(0.0)],
        "red_score",
    );

    let df = xiangqi_rulings(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(
        strs(&df, "kind"),
        ["perpetual-check", "perpetual-chase", "repetition-draw"]
    );
    assert_eq!(u32s(&df, "games"), [1, 0, 1]);
    assert_eq!(u32s(&df, "contradicted"), [1, 0, 0]);
    assert_eq!(u32s(&df, "changed"), [2, 0, 2]);

    let df = xiangqi_captures(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(df.height(), 12);
    assert_eq!(
        strs(&df, "piece")[..6],
        ["rook", "cannon", "horse", "advisor", "elephant", "pawn"]
    );
    assert_eq!(
        strs(&df, "side")[..7],
        ["red"; 6]
            .iter()
            .chain(&["black"])
            .map(|s| s.to_string())
            .collect::<Vec<_>>()[..]
    );
    // red: rook 1, cannon 1, pawn 2; black: horse 1, pawn 1.
    assert_eq!(u32s(&df, "taken"), [1, 1, 0, 0, 0, 2, 0, 0, 1, 0, 0, 1]);

    let df = first_capture_plies(&Dataset::new(&store, &f), GameKind::Xiangqi, 5).unwrap();
    assert_eq!(u32s(&df, "plies_from"), [0, 5]);
    assert_eq!(u32s(&df, "plies_to"), [4, 9]);
    assert_eq!(u32s(&df, "games"), [2, 1]);

    // Material: ply 1: 0, 0, 0 → 0 (3 games); ply 2: 0, −2 → −1; ply 3: 18; ply 4: 10.
    let df = xiangqi_material_curve(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(u32s(&df, "ply"), [1, 2, 3, 4]);
    close(
        &f64s(&df, "mean_balance"),
        &[Some(0.0), Some(-1.0), Some(18.0), Some(10.0)],
        "mean_balance",
    );
    assert_eq!(u32s(&df, "games"), [3, 2, 1, 1]);

    let df = result_shares(&Dataset::new(&store, &f), GameKind::Xiangqi, "opening").unwrap();
    assert_eq!(strs(&df, "opening"), ["C45", "(none)", "A00"]);
}

#[test]
fn territorial_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, src) = new_store(dir.path());
    let score = |w: u32, b: u32, t: &str| {
        Some(format!(
            "{{\"score\":{{\"white\":{w},\"black\":{b},\"territories\":[{t}]}}}}"
        ))
    };
    let t = |side: &str, size: u32, m: u32| {
        format!("{{\"side\":\"{side}\",\"size\":{size},\"multiplier\":{m},\"king\":{},\"queen\":false}}", m == 2)
    };
    let mut g1 = game(
        "territorial",
        1,
        None,
        None,
        Some("white"),
        Some("white"),
        "all-placed",
        30,
    );
    g1.extra = score(20, 8, &[t("white", 10, 2), t("black", 8, 1)].join(","));
    let mut g2 = game(
        "territorial",
        2,
        None,
        None,
        None,
        Some("black"),
        "all-placed",
        32,
    );
    g2.extra = score(6, 12, &[t("white", 6, 1), t("black", 6, 2)].join(","));
    let mut g3 = game(
        "territorial",
        3,
        None,
        None,
        Some("draw"),
        None,
        "unfinished",
        7,
    );
    g3.extra = score(5, 5, &[t("white", 5, 1), t("black", 5, 1)].join(","));
    write(&mut store, src, vec![g1, g2, g3]);
    let f = Filter::default();

    let df = territorial_scores(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(names(&df), ["game", "white", "black", "margin", "result"]);
    assert_eq!(
        df.column("margin")
            .unwrap()
            .i64()
            .unwrap()
            .into_no_null_iter()
            .collect::<Vec<_>>(),
        [12, -6, 0]
    );
    assert_eq!(strs(&df, "result"), ["white", "black", "draw"]);

    let df = territorial_summary(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(u32s(&df, "games"), [3]);
    assert_eq!(u32s(&df, "white_wins"), [1]);
    assert_eq!(u32s(&df, "black_wins"), [1]);
    assert_eq!(u32s(&df, "draws"), [1]);
    close(&f64s(&df, "white_score"), &[Some(0.5)], "white_score");
    close(&f64s(&df, "white_mean"), &[Some(31.0 / 3.0)], "white_mean");
    close(&f64s(&df, "black_mean"), &[Some(25.0 / 3.0)], "black_mean");
    close(&f64s(&df, "margin_mean"), &[Some(2.0)], "margin_mean");
    assert_eq!(u32s(&df, "territories"), [6]);
    close(
        &f64s(&df, "doubled_share"),
        &[Some(2.0 / 6.0)],
        "doubled_share",
    );

    let df = territorial_multipliers(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(strs(&df, "side"), ["black", "black", "white", "white"]);
    assert_eq!(strs(&df, "multiplier"), ["1", "2", "1", "2"]);
    assert_eq!(u32s(&df, "territories"), [2, 1, 2, 1]);
    assert_eq!(strs(&df, "cells"), ["13", "6", "11", "10"]);
    assert_eq!(strs(&df, "points"), ["13", "12", "11", "20"]);

    let df = game_lengths(&Dataset::new(&store, &f), GameKind::Territorial, 5).unwrap();
    assert_eq!(u32s(&df, "plies_from"), [5, 30]);
    assert_eq!(u32s(&df, "games"), [1, 2]);
}

#[test]
fn chouchou_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, src) = new_store(dir.path());
    let extra = |variant: &str, players: u32, penalty: &str, captures: &str| {
        Some(format!(
            "{{\"variant\":\"{variant}\",\"players\":{players},\"pairs\":false,\
             \"penalty\":{penalty},\"captures\":[{captures}]}}"
        ))
    };
    let cap = |ply: u32, action: &str, steps: &[u32]| {
        format!(
            "{{\"ply\":{ply},\"player\":\"P1\",\"taken\":{},\"steps\":{steps:?},\"action\":\"{action}\"}}",
            steps.iter().sum::<u32>()
        )
    };
    let mut g1 = game("chouchou", 1, None, None, None, Some("P1"), "threshold", 20);
    g1.extra = extra(
        "3x3",
        2,
        "[0,5]",
        &[cap(5, "place", &[2]), cap(9, "move-two", &[1, 3])].join(","),
    );
    let mut g2 = game(
        "chouchou",
        2,
        None,
        None,
        Some("P2"),
        Some("P2"),
        "threshold",
        30,
    );
    g2.extra = extra("3x3", 2, "[0,0]", &cap(7, "place", &[1]));
    let mut g3 = game("chouchou", 3, None, None, None, Some("P1"), "threshold", 41);
    g3.extra = extra("4x4", 3, "[0,0,0]", "");
    // Every player passed: a draw, the point shared by the three (P1's third of it).
    let mut g4 = game(
        "chouchou",
        4,
        None,
        None,
        Some("draw"),
        Some("draw"),
        "no-legal-action",
        41,
    );
    g4.extra = extra("4x4", 3, "[0,0,0]", "");
    write(&mut store, src, vec![g1, g2, g3, g4]);
    let f = Filter::default();

    let df = chouchou_summary(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(strs(&df, "variant"), ["3x3", "4x4"]);
    assert_eq!(u32s(&df, "players"), [2, 3]);
    assert_eq!(u32s(&df, "games"), [2, 2]);
    // The score columns every results table has: P1's side against the others.
    let columns: Vec<&str> = df.get_column_names().iter().map(|c| c.as_str()).collect();
    assert_eq!(columns[3..11], score_columns(GameKind::ChouChou));
    assert_eq!(u32s(&df, "results"), [2, 2]);
    assert_eq!(u32s(&df, "p1_wins"), [1, 1]);
    assert_eq!(u32s(&df, "other_wins"), [1, 0]);
    assert_eq!(u32s(&df, "draws"), [0, 1]);
    close(
        &f64s(&df, "p1_score"),
        &[Some(0.5), Some((1.0 + 1.0 / 3.0) / 2.0)],
        "p1_score",
    );
    close(
        &f64s(&df, "mean_plies"),
        &[Some(25.0), Some(41.0)],
        "mean_plies",
    );

    let df = chouchou_captures_by_variant(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(strs(&df, "variant"), ["3x3", "4x4"]);
    assert_eq!(u32s(&df, "games"), [2, 2]);
    // 3x3: 3 capture events over 2 games; simultaneous step > 1 piece: the first (2);
    // with a chain: the second ([1, 3]).
    close(
        &f64s(&df, "captures_per_game"),
        &[Some(1.5), Some(0.0)],
        "captures_per_game",
    );
    close(
        &f64s(&df, "simultaneous_share"),
        &[Some(1.0 / 3.0), None],
        "simultaneous_share",
    );
    close(
        &f64s(&df, "chain_share"),
        &[Some(1.0 / 3.0), None],
        "chain_share",
    );
    assert_eq!(u32s(&df, "penalties"), [5, 0]);
    assert_eq!(u32s(&df, "penalty_games"), [1, 0]);

    let df = chouchou_captures_by_action(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(strs(&df, "action"), ["place", "move-two"]);
    assert_eq!(u32s(&df, "captures"), [2, 1]);
    assert_eq!(u32s(&df, "pieces"), [3, 4]);
    assert_eq!(u32s(&df, "chains"), [0, 1]);

    let df = first_capture_plies(&Dataset::new(&store, &f), GameKind::ChouChou, 5).unwrap();
    assert_eq!(u32s(&df, "plies_from"), [5]);
    assert_eq!(u32s(&df, "games"), [2]);
}

#[test]
fn findings_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, src) = new_store(dir.path());
    let mut g1 = game("renju", 1, None, None, None, None, "unfinished", 3);
    g1.event = Some("Cup".into());
    g1.findings = vec![
        finding("illegal-move", "error", "m"),
        finding("illegal-move", "error", "m"),
        finding("pass-in-opening", "info", "m"),
    ];
    let mut g2 = game("xiangqi", 2, None, None, None, None, "unfinished", 3);
    g2.findings = vec![finding("illegal-move", "error", "m")];
    write(&mut store, src, vec![g1, g2]);
    let f = Filter::default();

    let df = findings_overview(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(
        names(&df),
        ["source", "event", "kind", "code", "severity", "findings", "records"]
    );
    assert_eq!(strs(&df, "kind"), ["renju", "xiangqi", "renju"]);
    assert_eq!(
        strs(&df, "code"),
        ["illegal-move", "illegal-move", "pass-in-opening"]
    );
    assert_eq!(strs(&df, "event"), ["Cup", "(none)", "Cup"]);
    assert_eq!(strs(&df, "source"), ["hand.txt"; 3]);
    assert_eq!(u32s(&df, "findings"), [2, 1, 1]);
    assert_eq!(u32s(&df, "records"), [1, 1, 1]);

    let df = findings_overview(&Dataset::new(&store, &Filter::game(GameKind::Xiangqi))).unwrap();
    assert_eq!(df.height(), 1);

    let df = findings_by_event(&Dataset::new(&store, &f)).unwrap();
    assert_eq!(strs(&df, "event"), ["(none)", "Cup"]);
    assert_eq!(u32s(&df, "info"), [0, 1]);
    assert_eq!(u32s(&df, "warning"), [0, 0]);
    assert_eq!(u32s(&df, "error"), [1, 2]);
    assert_eq!(u32s(&df, "total"), [1, 3]);
}

// ---------------------------------------------------------------------------------------
// stats, write_frame and export on the bundled samples

fn samples_db(dir: &Path) -> PathBuf {
    let db = dir.join("samples.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
    kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
    db
}

#[test]
fn stats_on_the_samples() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let store = Store::open(&db).unwrap();
    let tables = stats(&Dataset::new(&store, &Filter::default()), None).unwrap();
    let names: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
    for want in [
        "renju_balance",
        "renju_balance_by_opening",
        "renju_forbidden",
        "xiangqi_results",
        "xiangqi_results_by_family",
        "xiangqi_material",
        "territorial_summary",
        "chouchou_summary",
        "chouchou_captures_by_variant",
        "findings_overview",
        "findings_by_event",
    ] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    // Every game kind's table counts every non-duplicate game of that kind.
    let count = |kind: &str| -> u32 {
        sql_count(
            &db,
            &format!("SELECT count(*) FROM games WHERE kind = '{kind}' AND duplicate_of IS NULL"),
        )
    };
    let get = |name: &str| &tables.iter().find(|(n, _)| n == name).unwrap().1;
    // The Renju balance leaves free-style gomoku out (samples/renju/gomoku-20x20.psq is
    // free-style by its name).
    let free = sql_count(
        &db,
        "SELECT count(*) FROM games WHERE ruleset = 'freestyle' AND duplicate_of IS NULL",
    );
    assert_eq!(free, 1);
    // ... and the games that never reached an opening (3 moves) or were forfeited.
    let not_played = sql_count(
        &db,
        "SELECT count(*) FROM games g WHERE kind = 'renju' AND ruleset = 'renju'
         AND duplicate_of IS NULL AND (plies < 3 OR EXISTS (SELECT 1 FROM findings x
             WHERE x.game_id = g.id AND x.code = 'forfeit-result'))",
    );
    assert_eq!(not_played, 2);
    assert_eq!(
        u32s(get("renju_balance"), "games"),
        [count("renju") - free - not_played]
    );
    assert_eq!(
        u32s(get("territorial_summary"), "games"),
        [count("territorial")]
    );
    let sum = |df: &DataFrame, c: &str| u32s(df, c).iter().sum::<u32>();
    assert_eq!(sum(get("xiangqi_results"), "games"), count("xiangqi"));
    assert_eq!(
        sum(get("xiangqi_results_by_family"), "games"),
        count("xiangqi")
    );
    assert_eq!(sum(get("chouchou_summary"), "games"), count("chouchou"));
    assert_eq!(sum(get("renju_lengths"), "games"), count("renju"));

    // Only one kind's tables under a filter; a `by` gives the grouped tables.
    let only = stats(
        &Dataset::new(&store, &Filter::game(GameKind::Renju)),
        Some("opening"),
    )
    .unwrap();
    assert_eq!(only.len(), 1);
    assert_eq!(only[0].0, "renju_balance_by_opening");
    let by_event = stats(&Dataset::new(&store, &Filter::default()), Some("event")).unwrap();
    assert!(by_event
        .iter()
        .any(|(n, _)| n == "xiangqi_results_by_event"));
    assert!(stats(&Dataset::new(&store, &Filter::default()), Some("colour")).is_err());

    // Writing every table in every format.
    let mut tables = tables;
    for (name, df) in tables.iter_mut() {
        for format in [Format::Table, Format::Csv, Format::Json, Format::Parquet] {
            let path = dir
                .path()
                .join("out")
                .join(format!("{name}.{}", format.extension()));
            write_frame(df, format, &path).unwrap();
            assert!(std::fs::metadata(&path).unwrap().len() > 0);
        }
    }
    let json = frames_to_json(&mut tables[..2]).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v[&tables[0].0].is_array());
}

#[test]
fn export_writes_every_contract_table_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let store = Store::open(&db).unwrap();
    let c = store.counts().unwrap();
    assert!(c.games > 0 && c.findings > 0 && c.quarantined > 0);
    let seats = u64::from(sql_count(&db, "SELECT count(*) FROM game_players"));
    let comments = u64::from(sql_count(&db, "SELECT count(*) FROM comments"));
    let variations = u64::from(sql_count(&db, "SELECT count(*) FROM variations"));
    let marks = u64::from(sql_count(&db, "SELECT count(*) FROM move_marks"));

    let out = dir.path().join("parquet");
    let summary = export(&store, Format::Parquet, &out).unwrap();
    let expected = [
        ("games", c.games),
        ("players", seats),
        ("moves", c.moves),
        ("comments", comments),
        ("findings", c.findings),
        ("quarantine", c.quarantined),
        ("sources", c.sources),
        ("variations", variations),
        ("move_marks", marks),
        ("decisions", 0),
        // No 象棋桥 library among the records.
        ("library_texts", 0),
        // Never stored in this database (the first reader that can write stores them): the
        // lists as the games are now, computed for the export.
        ("ratings", rating_rows(&store)),
    ];
    assert_eq!(summary.tables, expected);
    let part_names = |out: &Path| -> Vec<String> {
        let mut names = Vec::new();
        for t in contract::TABLES {
            for entry in std::fs::read_dir(out.join(t.name)).unwrap() {
                names.push(entry.unwrap().file_name().to_string_lossy().into_owned());
            }
        }
        names
    };
    // Every table has its directory and its part files, with the contract's columns.
    for t in contract::TABLES {
        let mut rows = 0u64;
        let mut parts = 0;
        for entry in std::fs::read_dir(out.join(t.name)).unwrap() {
            let part = entry.unwrap().path();
            let name = part.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                name.starts_with("part-") && name.ends_with(".parquet"),
                "{name}"
            );
            let df = ParquetReader::new(std::fs::File::open(&part).unwrap())
                .finish()
                .unwrap();
            let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
            let documented: Vec<&str> = t.columns.iter().map(|c| c.name).collect();
            assert_eq!(names, documented, "{}", t.name);
            rows += df.height() as u64;
            parts += 1;
        }
        assert!(parts >= 1, "{}", t.name);
        assert_eq!(rows, summary.rows(t.name), "{} rows read back", t.name);
    }
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("_schema.json")).unwrap()).unwrap();
    assert_eq!(schema["schema_version"], contract::SCHEMA_VERSION);
    assert_eq!(schema["kifu_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(schema["tables"][0]["name"], "games");

    // An existing destination is an error and stays as it was; --overwrite replaces it
    // whole (no part of the first export remains).
    let before = part_names(&out);
    let err = export(&store, Format::Parquet, &out).unwrap_err();
    assert!(matches!(err, Error::OutputExists(_)), "{err}");
    assert!(err.to_string().contains("--overwrite"), "{err}");
    assert_eq!(part_names(&out), before);
    let options = ExportOptions {
        overwrite: true,
        ..ExportOptions::new(Format::Parquet)
    };
    let again = export_filtered(&store, &Filter::everything(), options, &out).unwrap();
    assert_eq!(again.tables, expected);
    let after = part_names(&out);
    assert_eq!(after.len(), before.len());
    assert!(after.iter().all(|n| !before.contains(n)), "{after:?}");
    // --overwrite replaces only an export (or an empty directory), never anything else.
    let precious = dir.path().join("precious");
    std::fs::create_dir_all(&precious).unwrap();
    std::fs::write(precious.join("notes.txt"), "keep me").unwrap();
    let err = export_filtered(&store, &Filter::everything(), options, &precious).unwrap_err();
    assert!(err.to_string().contains("is not a kifu export"), "{err}");
    assert!(precious.join("notes.txt").is_file());
    std::fs::remove_dir_all(&precious).unwrap();
    // Nothing is left beside it (the temporary and the replaced directories are gone).
    let siblings: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("kifu-"))
        .collect();
    assert!(siblings.is_empty(), "{siblings:?}");

    // An empty selection still writes every table, with its schema.
    let nothing = Filter {
        event: Some("no such event anywhere".into()),
        ..Filter::everything()
    };
    let empty_out = dir.path().join("empty");
    let empty = export_filtered(
        &store,
        &nothing,
        ExportOptions::new(Format::Parquet),
        &empty_out,
    );
    let empty = empty.unwrap();
    // The ratings are derived from every game, whatever the filter: written whole.
    assert!(
        empty.tables.iter().all(|(t, n)| *n == 0 || *t == "ratings"),
        "{:?}",
        empty.tables
    );
    let games = ParquetReader::new(
        std::fs::File::open(
            empty
                .files
                .iter()
                .find(|f| f.starts_with(empty_out.join("games")))
                .unwrap(),
        )
        .unwrap(),
    )
    .finish()
    .unwrap();
    assert_eq!(games.height(), 0);
    assert_eq!(games.width(), contract::TABLES[0].columns.len());

    // CSV: one file per table, list columns as space-separated items.
    let out = dir.path().join("csv");
    let summary = export(&store, Format::Csv, &out).unwrap();
    assert_eq!(summary.tables, expected);
    for (table, rows) in expected {
        let df = CsvReadOptions::default()
            .with_has_header(true)
            .map_parse_options(|o| o.with_try_parse_dates(false))
            .try_into_reader_with_file_path(Some(out.join(format!("{table}.csv"))))
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(df.height() as u64, rows, "{table} csv rows");
    }
}

// ---------------------------------------------------------------------------------------
// The real Renju collection

#[test]
fn real_renju_collection_has_26_openings() {
    let Some(shared) = shared_dir() else { return };
    let archive = shared.join("data/renju/games/dasimagin_renju_train-2.tar.xz");
    if !archive.is_file() {
        if std::env::var("KIFU_REQUIRE_SHARED").as_deref() == Ok("1") {
            panic!("{} missing", archive.display());
        }
        eprintln!("note: {} missing; test skipped", archive.display());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("renju.db");
    kifu_ingest::ingest(&db, &[archive], &kifu_ingest::Options::default()).unwrap();
    let store = Store::open(&db).unwrap();
    let classified = |dups: bool| -> u32 {
        sql_count(
            &db,
            &format!(
                "SELECT count(*) FROM games WHERE kind = 'renju' AND opening IS NOT NULL
                   AND ({dups} OR duplicate_of IS NULL)"
            ),
        )
    };
    assert_eq!(classified(true), 145_178);

    // Every record, linked copies included: the issue's count.
    let with = Filter {
        game: Some(GameKind::Renju),
        with_duplicates: true,
        ..Filter::default()
    };
    let df = renju_opening_balance(&Dataset::new(&store, &with), &["opening"]).unwrap();
    assert_eq!(df.height(), 26);
    let mut expected: Vec<String> = (1..=13).map(|n| format!("D{n}")).collect();
    expected.extend((1..=13).map(|n| format!("I{n}")));
    assert_eq!(strs(&df, "opening"), expected);
    assert_eq!(u32s(&df, "games").iter().sum::<u32>(), 145_178);
    let w = u32s(&df, "black_wins");
    let l = u32s(&df, "white_wins");
    let d = u32s(&df, "draws");
    let r = u32s(&df, "results");
    for i in 0..26 {
        assert_eq!(w[i] + l[i] + d[i], r[i]);
    }
    let low = f64s(&df, "wilson_low");
    let high = f64s(&df, "wilson_high");
    let score = f64s(&df, "black_score");
    for i in 0..26 {
        let (lo, s, hi) = (low[i].unwrap(), score[i].unwrap(), high[i].unwrap());
        assert!(0.0 <= lo && lo <= s && s <= hi && hi <= 1.0);
    }

    // The statistics proper leave the linked copies out.
    let df = renju_opening_balance(
        &Dataset::new(&store, &Filter::game(GameKind::Renju)),
        &["opening"],
    )
    .unwrap();
    assert_eq!(df.height(), 26);
    assert_eq!(u32s(&df, "games").iter().sum::<u32>(), classified(false));

    let mut tables = stats(&Dataset::new(&store, &with), Some("opening")).unwrap();
    assert_eq!(tables.len(), 1);
    let json = frames_to_json(&mut tables).unwrap();
    assert!(json.starts_with("{\"renju_balance_by_opening\":[{\"opening\":\"D1\""));
}

// ---------------------------------------------------------------------------------------
// One result that counts

/// A game whose record contradicts the board: standings and stats count the same result.
#[test]
fn standings_and_stats_count_the_same_result() {
    let dir = tempfile::tempdir().unwrap();
    let (mut store, src) = new_store(dir.path());
    // Recorded `black`, but the board ends with White's five: White won.
    let contradicted = game(
        "renju",
        1,
        Some("RIF"),
        Some("D4"),
        Some("black"),
        Some("white"),
        "five",
        40,
    );
    // Recorded `white` on an unfinished board: the record decides.
    let unfinished = game(
        "renju",
        2,
        Some("RIF"),
        Some("D4"),
        Some("white"),
        None,
        "unfinished",
        20,
    );
    write(&mut store, src, vec![contradicted, unfinished]);

    let rows = store.results(GameKind::Renju, None).unwrap();
    let counted: Vec<_> = rows.iter().map(|r| r.result).collect();
    assert_eq!(
        counted,
        [
            Some(kifu_facts::ResultName::White),
            Some(kifu_facts::ResultName::White)
        ]
    );

    let df = renju_opening_balance(&Dataset::new(&store, &Filter::default()), &[]).unwrap();
    assert_eq!(u32s(&df, "white_wins"), [2]);
    assert_eq!(u32s(&df, "black_wins"), [0]);
    let df = result_shares(
        &Dataset::new(&store, &Filter::default()),
        GameKind::Renju,
        "rule",
    )
    .unwrap();
    assert_eq!(u32s(&df, "white_wins"), [2]);
}

/// Rows of each contract table in an export directory, and the games' keys.
fn dataset_rows(out: &Path) -> (Vec<(&'static str, u64)>, Vec<String>) {
    let mut rows = Vec::new();
    let mut keys = Vec::new();
    for t in contract::TABLES.iter().chain(contract::DERIVED_TABLES) {
        let mut n = 0u64;
        for entry in std::fs::read_dir(out.join(t.name)).unwrap() {
            let df = ParquetReader::new(std::fs::File::open(entry.unwrap().path()).unwrap())
                .finish()
                .unwrap();
            n += df.height() as u64;
            if t.name == "games" {
                let col = df.column("game_key").unwrap().str().unwrap().clone();
                keys.extend(col.iter().flatten().map(str::to_owned));
            }
        }
        rows.push((t.name, n));
    }
    (rows, keys)
}

#[test]
fn export_append_adds_exactly_the_records_ingested_since() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
    let ingest = |what: &[&str]| {
        let paths: Vec<PathBuf> = what.iter().map(|w| samples.join(w)).collect();
        kifu_ingest::ingest(&db, &paths, &kifu_ingest::Options::default()).unwrap();
    };
    ingest(&["renju"]);
    let out = dir.path().join("dataset");
    let first = export(&Store::open(&db).unwrap(), Format::Parquet, &out).unwrap();
    assert!(first.rows("games") > 0);
    ingest(&["xiangqi", "territorial", "chouchou"]);
    let store = Store::open(&db).unwrap();
    let append = ExportOptions {
        append: true,
        ..ExportOptions::new(Format::Parquet)
    };
    let added = export_filtered(&store, &Filter::everything(), append, &out).unwrap();
    // The dataset now holds what a fresh export of the database holds, each game once.
    let full = export(&store, Format::Parquet, &dir.path().join("full")).unwrap();
    let (rows, keys) = dataset_rows(&out);
    assert_eq!(rows, full.tables);
    for (table, n) in &full.tables {
        if *table == "ratings" {
            // Derived from every game: replaced whole.
            assert_eq!(added.rows(table), *n, "{table}");
        } else {
            assert_eq!(first.rows(table) + added.rows(table), *n, "{table}");
        }
    }
    let unique: std::collections::BTreeSet<_> = keys.iter().collect();
    assert_eq!(unique.len(), keys.len());
    assert!(added.rows("games") > 0 && added.rows("sources") > 0);

    // Nothing new: nothing written, not even an empty part.
    let files = |d: &Path| {
        let mut n = 0;
        for t in contract::TABLES {
            n += std::fs::read_dir(d.join(t.name)).unwrap().count();
        }
        n
    };
    let before = files(&out);
    let again = export_filtered(&store, &Filter::everything(), append, &out).unwrap();
    // The ratings are computed again but not written: the games did not change.
    assert!(
        again.tables.iter().all(|(t, n)| *n == 0 || *t == "ratings"),
        "{:?}",
        again.tables
    );
    assert_eq!(files(&out), before);

    // What an append cannot add to is refused, saying why.
    let refused = |filter: &Filter, options: ExportOptions, out: &Path| {
        export_filtered(&store, filter, options, out)
            .unwrap_err()
            .to_string()
    };
    let renju_only = Filter {
        game: Some(GameKind::Renju),
        ..Filter::everything()
    };
    assert!(refused(&renju_only, append, &out).contains("takes no filter"));
    let csv = ExportOptions {
        format: Format::Csv,
        ..append
    };
    assert!(refused(&Filter::everything(), csv, &out).contains("only a Parquet export"));
    let nowhere = dir.path().join("nowhere");
    assert!(refused(&Filter::everything(), append, &nowhere).contains("no _export.json"));
    let other_db = dir.path().join("other.db");
    kifu_ingest::ingest(
        &other_db,
        &[samples.join("xiangqi")],
        &kifu_ingest::Options::default(),
    )
    .unwrap();
    let other = Store::open(&other_db).unwrap();
    let err = export_filtered(&other, &Filter::everything(), append, &out).unwrap_err();
    assert!(err.to_string().contains("another database"), "{err}");
}

/// The rows of every stored rating list of `store`'s games as they are now.
fn rating_rows(store: &Store) -> u64 {
    kifu_facts::GameKind::ALL
        .into_iter()
        .map(|kind| {
            let (_, lists) = kifu_analysis::ratings::compute_lists(store, kind).unwrap();
            lists.iter().map(|l| l.rows.len() as u64).sum::<u64>()
        })
        .sum()
}
