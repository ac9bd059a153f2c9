//! Free-style gomoku (issue 16): records replayed by its rules (`ingest --rule freestyle`,
//! a `Rule` tag, or a file name with `gomoku`) have no forbidden-move findings, an overline
//! wins for either side and their results stand; the Renju balance leaves them out and says
//! so, and `--ruleset` selects them.

use std::path::Path;

use crate::common::{audit_json, count, kifu, kifu_ok, shared};

/// Black's overline on move 11 (k8 joins h8-j8 and l8-m8: six), recorded as a Black win;
/// White's overline on move 12; a Black double-three (h8) played on, Black recorded winner.
const GAMES: &str = "\
black h8 h9 i8 i9 j8 a1 l8 a3 m8 a5 k8
white h8 h9 a1 i9 a3 j9 a5 l9 a7 m9 a9 k9
black g8 a1 i8 a3 h7 a5 h9 a7 h8 a9 b2
";

const FORBIDDEN_CODES: [&str; 3] = [
    "forbidden-move",
    "forbidden-unclaimed",
    "overline-unclaimed",
];

fn codes(db: &Path) -> Vec<String> {
    audit_json(db, &[])
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_owned())
        .collect()
}

fn ingest(db: &Path, extra: &[&str], file: &Path) {
    let mut args = vec!["ingest", "--json", "--db", db.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push(file.to_str().unwrap());
    kifu_ok(&args);
}

/// (derived result, termination, ruleset) of each game, by id.
fn games(db: &Path) -> Vec<(String, String, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT coalesce(derived_result, ''), termination, ruleset FROM games ORDER BY id")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn row(derived: &str, termination: &str, ruleset: &str) -> (String, String, String) {
    (derived.into(), termination.into(), ruleset.into())
}

#[test]
fn a_freestyle_overline_wins_without_forbidden_move_findings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("club.renju");
    std::fs::write(&file, GAMES).unwrap();

    // By the Renju rules: Black's overline is forbidden (White wins by claim, the record
    // says black: `forbidden-move`), the double-three was played on.
    let renju = dir.path().join("renju.db");
    ingest(&renju, &[], &file);
    let found = codes(&renju);
    assert!(found.iter().any(|c| c == "forbidden-move"), "{found:?}");
    assert!(
        found.iter().any(|c| c == "forbidden-unclaimed"),
        "{found:?}"
    );
    assert_eq!(games(&renju)[0], row("white", "forbidden-move", "renju"));

    // By free-style's: Black's overline wins and the record's `black` stands; no
    // forbidden-move finding of any kind, no contradiction.
    let expected = vec![
        row("black", "overline", "freestyle"),
        row("white", "overline", "freestyle"),
        row("", "unfinished", "freestyle"),
    ];
    let free = dir.path().join("free.db");
    ingest(&free, &["--rule", "freestyle"], &file);
    assert_eq!(games(&free), expected);
    assert_eq!(codes(&free), Vec::<String>::new());
    // Free-style games are selected by --ruleset (the default is the Renju rules).
    let listed = kifu_ok(&[
        "games",
        "--db",
        free.to_str().unwrap(),
        "--ruleset",
        "freestyle",
        "--format",
        "json",
    ]);
    let first: serde_json::Value = serde_json::from_str(listed.lines().next().unwrap()).unwrap();
    assert_eq!(first["recorded_result"], "black", "{first}");
    assert_eq!(first["counted_result"], "black", "{first}");
    assert_eq!(first["result_differs"], false, "{first}");

    // `show` names the rules and marks no forbidden point (by Renju's, Black's h8 in the
    // third game's position before move 9 is a double-three).
    let show = |db: &Path| kifu_ok(&["show", "--db", db.to_str().unwrap(), "3", "--ply", "8"]);
    let shown = show(&free);
    assert!(shown.contains("rules: free-style gomoku"), "{shown}");
    assert!(!shown.contains("forbidden points"), "{shown}");
    let shown = show(&renju);
    assert!(
        shown.contains("Black's forbidden points: h8 double-three"),
        "{shown}"
    );
    // The same records, marked by the file's name, or by a `Rule` tag.
    let named = dir.path().join("club-Gomoku.renju");
    std::fs::write(&named, GAMES).unwrap();
    let by_name = dir.path().join("named.db");
    ingest(&by_name, &[], &named);
    assert_eq!(games(&by_name), expected);
    let tagged = dir.path().join("tagged.txt");
    std::fs::write(
        &tagged,
        "[Rule \"Freestyle\"]\n[Result \"1-0\"]\nh8 h9 i8 i9 j8 a1 l8 a3 m8 a5 k8\n",
    )
    .unwrap();
    let by_tag = dir.path().join("tagged.db");
    ingest(&by_tag, &[], &tagged);
    assert_eq!(games(&by_tag), vec![row("black", "overline", "freestyle")]);
    assert_eq!(codes(&by_tag), Vec::<String>::new());

    // --rule is checked like every name.
    let out = kifu(&[
        "ingest",
        "--db",
        free.to_str().unwrap(),
        "--rule",
        "freestlye",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("unknown rules `freestlye`; valid, closest first: freestyle, renju"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_renju_balance_leaves_freestyle_games_out_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mixed.db");
    let d = db.to_str().unwrap();
    let free = dir.path().join("free.renju");
    std::fs::write(&free, GAMES).unwrap();
    ingest(&db, &["--rule", "freestyle"], &free);
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/games.renju");
    ingest(&db, &[], &samples);
    let renju = count(
        &db,
        "SELECT count(*) FROM games WHERE ruleset = 'renju' AND duplicate_of IS NULL",
    );
    let freestyle = count(
        &db,
        "SELECT count(*) FROM games WHERE ruleset = 'freestyle' AND duplicate_of IS NULL",
    );
    assert_eq!(freestyle, 3);
    assert!(renju > 0);

    let balance = |extra: &[&str]| -> (i64, String) {
        let mut args = vec!["stats", "--db", d, "--game", "renju", "--format", "json"];
        args.extend_from_slice(extra);
        let out = kifu(&args);
        assert!(out.status.success());
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (
            json["renju_balance"][0]["games"].as_i64().unwrap(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (games, said) = balance(&[]);
    assert_eq!(games, renju);
    assert!(
        said.contains("3 free-style gomoku game(s) left out (Renju rules by default"),
        "{said}"
    );
    let (games, said) = balance(&["--ruleset", "freestyle"]);
    assert_eq!(games, freestyle);
    assert!(!said.contains("left out"), "{said}");
    let (games, _) = balance(&["--ruleset", "renju"]);
    assert_eq!(games, renju);
    // The export's games table says each game's rules.
    let export = dir.path().join("export");
    kifu_ok(&[
        "export",
        "--db",
        d,
        "--format",
        "csv",
        "--out",
        export.to_str().unwrap(),
    ]);
    let csv = std::fs::read_to_string(export.join("games.csv")).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",ruleset,header_key,recorded_event,corrected_result,correction_reason"),
        "{csv}"
    );
    // The ruleset is the fifth column from the end (no later one holds a comma here).
    let ends = |r: &str| {
        csv.lines()
            .filter(|l| l.rsplit(',').nth(4) == Some(r))
            .count() as i64
    };
    assert_eq!(ends("freestyle"), freestyle);
    assert_eq!(ends("renju"), renju);
    // The filter everywhere: `games` lists the free-style ones.
    let listed = kifu_ok(&[
        "games",
        "--db",
        d,
        "--ruleset",
        "freestyle",
        "--format",
        "csv",
    ]);
    assert_eq!(listed.lines().count() as i64, freestyle + 1);
    // The report says so in its Renju section.
    let report = dir.path().join("report");
    kifu_ok(&["report", "--db", d, "--out", report.to_str().unwrap()]);
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    assert!(
        md.contains("3 free-style gomoku game(s) (no forbidden moves, an overline wins) are left out of the balance"),
        "{md}"
    );
}

/// Gomoku.bdt (786 free-style games, SOURCES.md) is free-style by its name: no
/// forbidden-move finding, no Renju opening, and its two Black wins that end in an overline
/// stand as Black wins.
#[test]
fn gomoku_bdt_is_read_as_freestyle() {
    let Some(file) = shared("renju/games/bdt/stefs92_Gomoku.bdt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gomoku.db");
    ingest(&db, &[], &file);
    let games = count(&db, "SELECT count(*) FROM games");
    assert!(games >= 786, "{games}");
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE ruleset = 'freestyle'"
        ),
        games
    );
    for code in FORBIDDEN_CODES
        .iter()
        .chain(&["non-canonical-opening", "result-contradicts-board"])
    {
        assert_eq!(
            count(
                &db,
                &format!("SELECT count(*) FROM findings WHERE code = '{code}'")
            ),
            0,
            "{code}"
        );
    }
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM games WHERE termination = 'overline' AND derived_result = 'black'
               AND recorded_result = 'black'"
        ),
        2
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM games WHERE opening IS NOT NULL"),
        0
    );
}
