//! A RenjuNet XML export names its rules and dates its tournaments: a small export made here
//! (two named rules, three tournaments two years apart) shows each rule by the export's name
//! beside the id kifu stores, as a curated `[[rule]]` name is shown (a curation naming it
//! otherwise wins), carries the name into the exports, and dates each game by its
//! tournament, so a player's ratings have a period per tournament.

use std::path::Path;

use crate::common::{ingest_json, kifu, kifu_ok};
use crate::results::{column, periods};

/// The export's six players, `Player A` … `Player F`.
const PLAYERS: u32 = 6;

/// The export's tournaments: id, name, first and last day, and the RenjuNet rule id its
/// games are played under (1: RIF, 5: Yamaguchi).
const TOURNAMENTS: [(u32, &str, &str, &str, u32); 3] = [
    (1, "Spring Open", "2015-04-10", "2015-04-12", 1),
    (2, "Summer Cup", "2017-07-01", "2017-07-03", 5),
    (3, "Autumn Open", "2019-10-05", "2019-10-06", 1),
];

/// Black's score in the `n`-th game (from 1): a win, a loss, a win, a draw, over and over.
fn bresult(n: u32) -> &'static str {
    ["1", "0", "1", "0.5"][(n % 4) as usize]
}

/// The export: each tournament a double round robin of the six players (30 games), every
/// game opening h8 h9 i9 (Kagetsu) and then two moves of its own, so no two are copies.
/// The first tournament's games name their rule; the others' take their tournament's.
fn export_xml() -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<database>\n<rules>\n\
         <rule id=\"1\" name=\"RIF\" category=\"1\"/>\n\
         <rule id=\"5\" name=\"Yamaguchi\" category=\"1\"/>\n</rules>\n\
         <openings>\n<opening id=\"4\" name=\"Kagetsu\" abbr=\"D4\"/>\n</openings>\n<players>\n",
    );
    for p in 1..=PLAYERS {
        let surname = char::from(b'A' + p as u8 - 1);
        xml += &format!(
            "<player id=\"{p}\" name=\"Player\" surname=\"{surname}\" country=\"0\" city=\"0\"/>\n"
        );
    }
    xml += "</players>\n<tournaments>\n";
    for (id, name, start, end, rule) in TOURNAMENTS {
        xml += &format!(
            "<tournament id=\"{id}\" name=\"{name}\" country=\"0\" city=\"0\" year=\"{}\" \
             month=\"{}\" start=\"{start}\" end=\"{end}\" rule=\"{rule}\" rated=\"1\"/>\n",
            &start[..4],
            start[5..7].trim_start_matches('0'),
        );
    }
    xml += "</tournaments>\n<games>\n";
    let mut n = 0;
    for (tournament, _, _, _, rule) in TOURNAMENTS {
        for round in 1..=2 {
            for i in 1..=PLAYERS {
                for j in i + 1..=PLAYERS {
                    n += 1;
                    let (black, white) = if round == 1 { (i, j) } else { (j, i) };
                    // The 4th and 5th moves on lines 1-7 and 15, apart from the first three.
                    let file = char::from(b'a' + (n % 15) as u8);
                    let moves = format!("h8 h9 i9 {file}{} {file}15", 1 + n / 15);
                    let rule = if tournament == 1 {
                        format!(" rule=\"{rule}\"")
                    } else {
                        String::new()
                    };
                    xml += &format!(
                        "<game id=\"{n}\" tournament=\"{tournament}\" round=\"{round}\"{rule} \
                         black=\"{black}\" white=\"{white}\" bresult=\"{}\" opening=\"4\">\
                         <move>{moves}</move></game>\n",
                        bresult(n)
                    );
                }
            }
        }
    }
    xml + "</games>\n</database>\n"
}

/// The `(rule, rule_name)` of every game `kifu export --format json` writes, counted.
fn exported_rules(db: &str, dir: &Path) -> Vec<(String, String, usize)> {
    let out = dir.join("export");
    let _ = std::fs::remove_dir_all(&out);
    kifu_ok(&[
        "export",
        "--db",
        db,
        "--format",
        "json",
        "--out",
        out.to_str().unwrap(),
    ]);
    let lines = std::fs::read_to_string(out.join("games.json")).unwrap();
    let mut counted: Vec<(String, String, usize)> = Vec::new();
    for line in lines.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let pair = (
            game["rule"].as_str().unwrap().to_owned(),
            game["rule_name"].as_str().unwrap().to_owned(),
        );
        match counted
            .iter_mut()
            .find(|(r, n, _)| (r, n) == (&pair.0, &pair.1))
        {
            Some(row) => row.2 += 1,
            None => counted.push((pair.0, pair.1, 1)),
        }
    }
    counted.sort();
    counted
}

/// The rows of `stats --by rule --adjusted --min-games 10` (text): each fitted rule's
/// label and games, as printed.
fn adjusted_rules(db: &str) -> Vec<(String, String)> {
    let out = kifu_ok(&[
        "stats",
        "--db",
        db,
        "--game",
        "renju",
        "--by",
        "rule",
        "--adjusted",
        "--min-games",
        "10",
    ]);
    // The label ends where its id's closing parenthesis does; the games follow.
    out.lines()
        .filter_map(|l| {
            let (label, rest) = l.split_once(") ")?;
            let games = rest.split_whitespace().next()?;
            Some((format!("{label})"), games.to_owned()))
        })
        .collect()
}

#[test]
fn an_exports_rule_names_and_tournament_dates_show_in_the_tables_and_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("renjunet_v10_20240101.rif");
    std::fs::write(&file, export_xml()).unwrap();
    let db = dir.path().join("k.db");
    let summary = ingest_json(&db, &[&file]);
    assert_eq!(summary["games"], 90, "{summary}");
    assert_eq!(summary["quarantined"], 0, "{summary}");
    assert_eq!(summary["duplicates"], 0, "{summary}");
    let d = db.to_str().unwrap();

    // Each rule by the export's name, the stored id beside it, in every table: the
    // adjusted fit (both rules have enough games), the balance, a game shown.
    let fitted = [
        ("RIF (rif)".to_owned(), "60".to_owned()),
        ("Yamaguchi (yamaguchi)".to_owned(), "30".to_owned()),
    ];
    assert_eq!(adjusted_rules(d), fitted);
    let by_rule = |key| column(d, &["--by", "rule"], "renju_balance_by_rule", key);
    assert_eq!(by_rule("rule"), ["RIF (rif)", "Yamaguchi (yamaguchi)"]);
    assert_eq!(by_rule("games"), [60, 30]);
    assert_eq!(by_rule("black_wins"), [30, 15]);
    assert_eq!(by_rule("white_wins"), [16, 7]);
    assert_eq!(by_rule("draws"), [14, 8]);
    let shown = kifu_ok(&["show", "--db", d, "1"]);
    assert!(shown.contains("rule: RIF (rif)\n"), "{shown}");
    // The export's name finds the rule, as a curated name does.
    let listed = kifu(&["games", "--db", d, "--rule", "Yamaguchi", "--limit", "1"]);
    let said = String::from_utf8_lossy(&listed.stderr);
    assert!(said.contains("of 30 games"), "{said}");

    // Each game dated by its tournament (its first day): a period per tournament.
    assert_eq!(
        periods(d, "Player A"),
        ["2015-04-10", "2017-07-01", "2019-10-05"]
    );
    let years = column(d, &["--by", "year"], "renju_balance_by_year", "year");
    assert_eq!(years, ["2015", "2017", "2019"]);

    // The exports carry the name beside the stored id.
    let named = |rule: &str, name: &str, games| (rule.to_owned(), name.to_owned(), games);
    assert_eq!(
        exported_rules(d, dir.path()),
        [named("rif", "RIF", 60), named("yamaguchi", "Yamaguchi", 30)]
    );

    // A curation naming the rule otherwise wins, in the tables and the exports; checked
    // without a database first, it counts its rule entry.
    let curation = dir.path().join("rules.toml");
    std::fs::write(
        &curation,
        "[[rule]]\nid = \"yamaguchi\"\nname = \"Yamaguchi, as curated\"\n",
    )
    .unwrap();
    let nowhere = dir.path().join("none.db");
    let checked = kifu_ok(&[
        "curate",
        "--check",
        "--db",
        nowhere.to_str().unwrap(),
        curation.to_str().unwrap(),
    ]);
    assert!(
        checked.contains(": 0 player(s), 1 rule(s), 0 event(s), 0 correction(s)"),
        "{checked}"
    );
    assert!(!nowhere.exists());
    let applied = kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    assert!(applied.contains("1 rule(s) named"), "{applied}");
    // Its facts for a dataset built without the database (the Spark job) name the rule.
    let facts = dir.path().join("facts");
    let written = kifu_ok(&["curate", "--db", d, "--facts", facts.to_str().unwrap()]);
    assert!(
        written
            .lines()
            .any(|l| l.split_whitespace().eq(["curated_rules", "1", "rows"])),
        "{written}"
    );
    assert_eq!(
        by_rule("rule"),
        ["RIF (rif)", "Yamaguchi, as curated (yamaguchi)"]
    );
    assert_eq!(
        exported_rules(d, dir.path()),
        [
            named("rif", "RIF", 60),
            named("yamaguchi", "Yamaguchi, as curated", 30)
        ]
    );

    // Removed, the export's own names again.
    kifu_ok(&["curate", "--db", d, "--remove"]);
    assert_eq!(adjusted_rules(d), fitted);
}
