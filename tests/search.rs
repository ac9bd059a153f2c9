//! The one game filter through every command that selects games: values that name nothing
//! are errors listing the valid ones closest first; names that match nothing are said, with
//! the closest names, and exit 0; on CCPD one player's games counted by `kifu games` equal
//! the count made here from the PGN tags, and one filter selects the same games through
//! `games`, `audit`, `stats`, `report` and `export`.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::common::{count, ingest_json, kifu, kifu_ok, shared};

/// Every command that takes the filter, with the extra arguments it needs (an output
/// folder under `dir` for those that write files).
fn filter_commands(dir: &Path) -> Vec<Vec<String>> {
    let out = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    vec![
        vec!["games".into()],
        vec!["players".into()],
        vec!["events".into()],
        vec!["audit".into()],
        vec!["stats".into()],
        vec!["standings".into()],
        vec!["report".into(), "--out".into(), out("report")],
        vec![
            "export".into(),
            "--format".into(),
            "csv".into(),
            "--out".into(),
            out("export"),
            "--overwrite".into(),
        ],
    ]
}

/// The bundled samples ingested into a fresh database in `dir`.
fn samples_db(dir: &Path) -> PathBuf {
    let db = dir.join("samples.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    ingest_json(&db, &[&samples]);
    db
}

fn run(command: &[String], db: &Path, extra: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
    args.extend(["--db", db.to_str().unwrap()]);
    args.extend_from_slice(extra);
    kifu(&args)
}

fn strings(db: &Path, sql: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn.prepare(sql).unwrap();
    let rows = stmt.query_map([], |r| r.get(0)).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

#[test]
fn unknown_kinds_codes_openings_rules_and_malformed_dates_are_errors_listing_the_valid() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let cases: [(&[&str], &str); 10] = [
        (
            &["--game", "renjuu"],
            "unknown game `renjuu`; valid, closest first: renju, ",
        ),
        (
            &["--code", "forbiden-move"],
            "unknown finding code `forbiden-move`; valid, closest first: forbidden-move, ",
        ),
        (
            &["--opening", "F00"],
            "malformed opening `F00`: expected a Renju opening D1–D13 or I1–I13, a Xiangqi \
             ECCO code A00–E99",
        ),
        (
            // An empty slot of ECCO 2004 (the group A7 is 空).
            &["--opening", "A70"],
            "unknown ECCO opening `A70`; valid, closest first: A",
        ),
        (
            &["--opening", "C29-C20"],
            "opening range `C29-C20` ends before it starts",
        ),
        (
            &["--game", "renju", "--opening", "C20"],
            "opening `C20` means nothing for renju games (renju openings: D1–D13, I1–I13",
        ),
        (
            &["--rule", "yamaguti"],
            "unknown rule `yamaguti`; valid, closest first: yamaguchi, ",
        ),
        (
            &["--date", "1985-13"],
            "malformed date `1985-13`: expected YYYY, YYYY-MM or YYYY-MM-DD",
        ),
        (
            &["--date", "1990..1985-06"],
            "`1990..1985-06` ends before it starts",
        ),
        (
            &["--player", "x", "--side", "whte"],
            "unknown side `whte`; valid, closest first: white, ",
        ),
    ];
    for command in filter_commands(dir.path()) {
        for (flags, expected) in &cases {
            let out = run(&command, &db, flags);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                !out.status.success(),
                "{command:?} {flags:?} succeeded:\n{stderr}"
            );
            assert!(
                stderr.contains(expected),
                "{command:?} {flags:?}:\n{stderr}\nwanted: {expected}"
            );
            assert!(out.stdout.is_empty(), "{command:?} {flags:?}");
        }
    }
}

#[test]
fn names_that_match_nothing_are_said_with_the_closest_and_exit_zero() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    // A real name with its last letter dropped: that name is the closest (it contains
    // what was typed), then the others.
    let player = strings(
        &db,
        "SELECT name FROM players ORDER BY length(name) DESC, name",
    )
    .into_iter()
    .next()
    .unwrap();
    let typo: String = player.chars().take(player.chars().count() - 1).collect();
    assert!(
        strings(&db, "SELECT name FROM players")
            .iter()
            .all(|n| n != &typo),
        "{typo}"
    );
    let event = strings(
        &db,
        "SELECT name FROM events ORDER BY length(name) DESC, name",
    )
    .into_iter()
    .next()
    .unwrap();
    let typo_event = format!("{event}x");
    for command in filter_commands(dir.path()) {
        let out = run(&command, &db, &["--player", &typo]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{command:?}: {stderr}");
        assert!(
            stderr.contains(&format!("no player matches '{typo}'; closest: {player}")),
            "{command:?}: {stderr}"
        );
        let out = run(&command, &db, &["--event", &typo_event]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{command:?}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "no event matches '{typo_event}'; closest: {event}"
            )),
            "{command:?}: {stderr}"
        );
    }
    // `games` lists nothing and says so.
    let out = kifu(&["games", "--db", db.to_str().unwrap(), "--player", &typo]);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("kifu games: no games match"));
}

/// The games `kifu games` lists under `flags`.
fn listed(db: &Path, flags: &[&str]) -> usize {
    let mut args = vec!["games", "--db", db.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(flags);
    kifu_ok(&args).lines().count()
}

#[test]
fn opening_codes_ranges_and_prefixes_select_what_stats_counts_per_opening() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let per_opening = |game: &str, table: &str| -> Vec<(String, usize)> {
        let json: serde_json::Value = serde_json::from_str(&kifu_ok(&[
            "stats", "--db", d, "--game", game, "--by", "opening", "--format", "json",
        ]))
        .unwrap();
        json[table]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                let opening = r["opening"].as_str().unwrap().to_owned();
                (opening, r["games"].as_u64().unwrap() as usize)
            })
            .collect()
    };
    let renju = per_opening("renju", "renju_balance_by_opening");
    assert!(renju.len() >= 5, "{renju:?}");
    // The balance counts the games played out: the forfeits of an opening are listed, but
    // left out of its row.
    let played = |openings: &[&str]| -> usize {
        let mut args = vec!["--game", "renju"];
        for o in openings {
            args.extend(["--opening", o]);
        }
        let all = listed(&db, &args);
        args.extend(["--code", "forfeit-result"]);
        all - listed(&db, &args)
    };
    for (code, games) in &renju {
        assert_eq!(played(&[code]), *games, "{code}");
    }
    let number = |code: &str| code[1..].parse::<u32>().unwrap();
    let sum = |keep: &dyn Fn(&str) -> bool| -> usize {
        renju.iter().filter(|(c, _)| keep(c)).map(|(_, n)| n).sum()
    };
    assert_eq!(played(&["D"]), sum(&|c| c.starts_with('D')));
    assert_eq!(
        played(&["d3-d6"]),
        sum(&|c| c.starts_with('D') && (3..=6).contains(&number(c)))
    );
    assert_eq!(played(&["D4", "I1"]), sum(&|c| c == "D4" || c == "I1"));
    // ECCO codes, read in Xiangqi games only: `C0` and `C00-C09` hold the C0x codes.
    let xiangqi = per_opening("xiangqi", "xiangqi_results_by_opening");
    let c0: usize = xiangqi
        .iter()
        .filter(|(c, _)| c.len() == 3 && c.starts_with("C0"))
        .map(|(_, n)| n)
        .sum();
    assert!(c0 > 0, "{xiangqi:?}");
    assert_eq!(listed(&db, &["--opening", "C0"]), c0);
    assert_eq!(
        listed(&db, &["--game", "xiangqi", "--opening", "C00-C09"]),
        c0
    );
}

/// `(red, black)` of every game in the CCPD archive, from its PGN tags (Big5).
fn ccpd_players(archive: &Path) -> Vec<(String, String)> {
    let file = std::fs::File::open(archive).unwrap();
    let mut tar = tar::Archive::new(xz2::read::XzDecoder::new(file));
    let mut games = Vec::new();
    for entry in tar.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        if !path.ends_with(".pgn") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        let (text, _, _) = encoding_rs::BIG5.decode(&bytes);
        let tag = |line: &str, name: &str| -> Option<String> {
            let rest = line.trim().strip_prefix('[')?.strip_prefix(name)?;
            let value = rest.trim().strip_prefix('"')?;
            Some(value[..value.rfind('"')?].to_owned())
        };
        // One game per tag section: a game starts at its first tag after movetext.
        let (mut red, mut black, mut in_tags) = (None, None, false);
        for line in text.lines() {
            let is_tag = line.trim_start().starts_with('[');
            if is_tag && !in_tags {
                if red.is_some() || black.is_some() {
                    games.push((
                        red.take().unwrap_or_default(),
                        black.take().unwrap_or_default(),
                    ));
                }
                in_tags = true;
            } else if !is_tag && !line.trim().is_empty() {
                in_tags = false;
            }
            red = tag(line, "Red ").or(red);
            black = tag(line, "Black ").or(black);
        }
        if red.is_some() || black.is_some() {
            games.push((red.unwrap_or_default(), black.unwrap_or_default()));
        }
    }
    games
}

/// The game ids (the second column, after the game key) of an exported CSV text
/// (quoted fields may span lines).
fn csv_ids(csv: &str) -> BTreeSet<i64> {
    let mut ids = BTreeSet::new();
    let (mut field, mut quoted, mut column, mut header) = (String::new(), false, 0, true);
    for c in csv.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                if column == 1 && !header {
                    ids.insert(field.parse().unwrap());
                }
                column += 1;
            }
            '\n' if !quoted => {
                (column, header) = (0, false);
                field.clear();
            }
            c if column == 1 => field.push(c),
            _ => {}
        }
    }
    ids
}

#[test]
fn ccpd_one_players_games_and_the_same_filter_through_every_command() {
    let Some(archive) = shared("xiangqi/ccpd/ccpd_dataset_big5.tar.xz") else {
        return;
    };
    const NAME: &str = "胡榮華";
    let tagged = ccpd_players(&archive);
    let as_red = tagged.iter().filter(|(r, _)| r.contains(NAME)).count();
    let as_black = tagged.iter().filter(|(_, b)| b.contains(NAME)).count();
    let either = tagged
        .iter()
        .filter(|(r, b)| r.contains(NAME) || b.contains(NAME))
        .count();
    assert!(as_red > 100 && as_black > 100, "{as_red} {as_black}");

    // The one CCPD database the tests that only read it share.
    let dir = tempfile::tempdir().unwrap();
    let db = crate::common::ccpd_db().unwrap();
    let d = db.to_str().unwrap();
    let pattern = format!("*{NAME}*");
    let games = |extra: &[&str]| -> Vec<serde_json::Value> {
        let mut args = vec![
            "games",
            "--db",
            d,
            "--format",
            "json",
            "--duplicates",
            "include",
        ];
        args.extend_from_slice(extra);
        kifu_ok(&args)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    // The records that name him are stored with his name, each seat as tagged; a search
    // finds a game by the seats it shows (its holder's: its own, or the earliest copy's
    // naming players), and by a copy's seat only where the holder's same seat names the
    // same folded name (issue 55), so with the copies listed too it lists every record of
    // a game one of whose records names him so (in that seat).
    let named = |name: &str, side: &str| {
        format!(
            "SELECT gp.game_id FROM game_players gp JOIN players p ON p.id = gp.player_id
             WHERE {name} AND gp.side GLOB '{side}'"
        )
    };
    let his = format!("instr(p.name, '{NAME}') > 0");
    let in_groups_of = |name: &str, side: &str| {
        count(
            &db,
            &format!(
                "SELECT count(*) FROM games g WHERE coalesce(g.duplicate_of, g.id) IN
                   (SELECT f.id FROM game_players gp JOIN players p ON p.id = gp.player_id
                    JOIN games c ON c.id = gp.game_id
                    JOIN games f ON f.id = coalesce(c.duplicate_of, c.id)
                    WHERE {name} AND gp.side GLOB '{side}' AND EXISTS (
                        SELECT 1 FROM game_players hp JOIN players hq ON hq.id = hp.player_id
                        WHERE hp.seat = gp.seat AND hq.key = p.key AND hp.game_id =
                            CASE WHEN EXISTS (SELECT 1 FROM game_players WHERE game_id = f.id)
                            THEN f.id
                            ELSE (SELECT min(h.id) FROM games h WHERE h.duplicate_of = f.id
                                  AND EXISTS (SELECT 1 FROM game_players
                                              WHERE game_id = h.id)) END))"
            ),
        ) as usize
    };
    let in_groups = |side: &str| in_groups_of(&his, side);
    let own = |side: &str| {
        count(
            &db,
            &format!(
                "SELECT count(DISTINCT game_id) FROM ({})",
                named(&his, side)
            ),
        ) as usize
    };
    assert_eq!(
        (own("*"), own("red"), own("black")),
        (either, as_red, as_black)
    );
    assert_eq!(games(&["--player", &pattern]).len(), in_groups("*"));
    assert_eq!(
        games(&["--player", &pattern, "--side", "red"]).len(),
        in_groups("red")
    );
    assert_eq!(
        games(&["--player", &pattern, "--side", "black"]).len(),
        in_groups("black")
    );
    // Full-width and half-width forms are one: a full-width `＊` is the wildcard too, and
    // `上海　胡榮華` (ideographic space) and `上海 胡榮華` are one name, as the tags hold both.
    assert_eq!(
        games(&["--player", &format!("＊{NAME}＊")]).len(),
        in_groups("*")
    );
    let spaced = format!("上海 {NAME}");
    let is_spaced = |tag: &str| tag.trim().replace('\u{3000}', " ") == spaced;
    let both = tagged
        .iter()
        .filter(|(r, b)| is_spaced(r) || is_spaced(b))
        .count();
    let wide = tagged
        .iter()
        .filter(|(r, b)| {
            r.contains('\u{3000}') && is_spaced(r) || b.contains('\u{3000}') && is_spaced(b)
        })
        .count();
    assert!(wide > 0 && both > wide, "{both} {wide}");
    let spaced_sql = format!("replace(trim(p.name), '\u{3000}', ' ') = '{spaced}'");
    assert_eq!(
        count(
            &db,
            &format!(
                "SELECT count(DISTINCT game_id) FROM ({})",
                named(&spaced_sql, "*")
            )
        ),
        both as i64
    );
    // Spaces between CJK characters fold away (issue 55): the spaced spellings, the
    // unspaced one and the decorated ones (`//上海胡榮華`, `上海胡榮華.`) are one name.
    let spaced_games = in_groups_of(&spaced_sql, "*");
    let one_name = in_groups_of(
        &format!(
            "replace(replace(replace(replace(trim(p.name), '\u{3000}', ''), ' ', ''), '//', ''),
                     '.', '') = '上海{NAME}'"
        ),
        "*",
    );
    assert!(one_name > spaced_games, "{one_name} {spaced_games}");
    for typed in [
        format!("上海\u{3000}{NAME}"),
        spaced.clone(),
        format!("上海{NAME}"),
        format!("上  海 {NAME}"),
    ] {
        assert_eq!(games(&["--player", &typed]).len(), one_name, "{typed}");
    }

    // A name no one has: said, with the nearest names first (those it contains).
    let typo = format!("{NAME}華");
    let out = kifu(&["games", "--db", d, "--player", &typo]);
    assert!(out.status.success() && out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "kifu games: no player matches '{typo}'; closest: {NAME}, "
        )),
        "{stderr}"
    );

    // Same filter, same games: one player's wins as Red, the games in the listing, the
    // export, the findings of the audit, and the totals of stats and of the report.
    let filter = [
        "--game",
        "xiangqi",
        "--player",
        pattern.as_str(),
        "--side",
        "red",
        "--result",
        "red",
        "--duplicates",
        "exclude",
    ];
    let listed = games(&filter[..8]);
    let listed: Vec<&serde_json::Value> = listed
        .iter()
        .filter(|g| g["duplicate_of"].is_null())
        .collect();
    let ids: BTreeSet<i64> = listed.iter().map(|g| g["id"].as_i64().unwrap()).collect();
    let again: BTreeSet<i64> = {
        let mut args = vec!["games", "--db", d, "--format", "json"];
        args.extend_from_slice(&filter);
        kifu_ok(&args)
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                    .as_i64()
                    .unwrap()
            })
            .collect()
    };
    assert_eq!(ids, again);
    assert!(ids.len() > 50, "{}", ids.len());
    assert!(listed
        .iter()
        .all(|g| g["counted_result"] == "red" && g["kind"] == "xiangqi"));

    let with = |command: &[&str]| -> String {
        let mut args = command.to_vec();
        args.extend(["--db", d]);
        args.extend_from_slice(&filter);
        kifu_ok(&args)
    };
    let export = dir.path().join("export");
    with(&[
        "export",
        "--format",
        "csv",
        "--out",
        export.to_str().unwrap(),
    ]);
    let exported = std::fs::read_to_string(export.join("games.csv")).unwrap();
    assert_eq!(csv_ids(&exported), ids);
    let moves = std::fs::read_to_string(export.join("moves.csv")).unwrap();
    let moved: BTreeSet<i64> = csv_ids(&moves);
    assert_eq!(moved, ids);

    let audited: BTreeSet<i64> = with(&["audit", "--json"])
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["game"]
                .as_i64()
                .unwrap()
        })
        .collect();
    let flagged: BTreeSet<i64> = listed
        .iter()
        .filter(|g| {
            let f = &g["findings"];
            f["error"].as_u64().unwrap()
                + f["warning"].as_u64().unwrap()
                + f["info"].as_u64().unwrap()
                > 0
        })
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(audited, flagged);

    let stats: serde_json::Value =
        serde_json::from_str(&with(&["stats", "--format", "json"])).unwrap();
    let results = stats["xiangqi_results"].as_array().unwrap();
    let total = |column: &str| -> u64 { results.iter().map(|r| r[column].as_u64().unwrap()).sum() };
    assert_eq!(
        (total("games"), total("red_wins")),
        (ids.len() as u64, ids.len() as u64)
    );
    let overview = stats["findings_overview"].to_string();
    assert!(!overview.contains("unreadable"), "{overview}");

    let report = dir.path().join("report");
    with(&["report", "--out", report.to_str().unwrap()]);
    let markdown = std::fs::read_to_string(report.join("report.md")).unwrap();
    let row = markdown
        .lines()
        .find(|l| l.starts_with("| xiangqi |"))
        .unwrap_or_else(|| panic!("{markdown}"));
    // Records there count linked copies too (as ingest does); the games are the rest.
    let cells: Vec<u64> = row
        .split('|')
        .skip(2)
        .take(2)
        .map(|c| c.trim().parse().unwrap())
        .collect();
    assert_eq!(cells[0] - cells[1], ids.len() as u64, "{row}");
}

/// Names fold inner whitespace beside CJK characters (`吕 钦` is `吕钦`, as the 1981
/// library writes him six times of ten), and keep Latin words apart (`Li Na` is not
/// `LiNa`): both spellings find both games, whichever is typed.
#[test]
fn a_cjk_name_is_found_however_it_is_spaced_and_latin_words_stay_apart() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("spaced.pgn");
    std::fs::write(
        &pgn,
        "[Event \"Cup\"]\n[Red \"吕 钦\"]\n[Black \"Li Na\"]\n[Result \"1-0\"]\n\n\
         1. 炮二平五 马8进7 1-0\n\n\
         [Event \"Cup\"]\n[Red \"吕钦\"]\n[Black \"LiNa\"]\n[Result \"0-1\"]\n\n\
         1. 炮二平五 炮8平5 0-1\n\n\
         [Event \"Cup\"]\n[Red \"//吕　钦.\"]\n[Black \"Zhang\"]\n[Result \"1/2-1/2\"]\n\n\
         1. 马二进三 马8进7 1/2-1/2\n",
    )
    .unwrap();
    let db = dir.path().join("spaced.db");
    ingest_json(&db, &[&pgn]);
    for typed in ["吕钦", "吕 钦", "呂欽", "*钦"] {
        assert_eq!(listed(&db, &["--player", typed]), 3, "{typed}");
    }
    assert_eq!(listed(&db, &["--player", "Li Na"]), 1);
    assert_eq!(listed(&db, &["--player", "li  na"]), 1);
    assert_eq!(listed(&db, &["--player", "LiNa"]), 1);
}
