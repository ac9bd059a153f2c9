//! Team standings: the 2016 Chinese Xiangqi league's records name each board's teams
//! (dpxq's `redteam`/`blackteam`), so its games form team matches; a world championship's
//! records name each player's country and form none; a curation names teams where the
//! records do not, and gives an event its team scoring and ranking. `kifu standings`, the
//! report and the site print the same team table.

use std::path::Path;

use crate::common::{copy_database, ingest_json, kifu, kifu_ok, shared, world_championship_db};
use crate::site::{event_pages_html, get, site, tags};

const LEAGUE: &str = "2016年天天象棋全国象棋甲级联赛";

/// The team table of `event` from `kifu standings --teams --json`.
fn team_json(db: &Path, event: &str) -> serde_json::Value {
    let out = kifu_ok(&[
        "standings",
        "--db",
        db.to_str().unwrap(),
        "--teams",
        "--json",
        "--event",
        event,
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["xiangqi"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["event"] == event)
        .unwrap_or_else(|| panic!("no team table of {event}: {out}"))["teams"]
        .clone()
}

/// `(team, place, match points, board points)` of each line, as the JSON gives them.
fn json_lines(teams: &serde_json::Value) -> Vec<(String, u64, f64, f64)> {
    teams["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["team"].as_str().unwrap().to_owned(),
                l["place"].as_u64().unwrap(),
                l["match_points"].as_f64().unwrap(),
                l["board_points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// `1½` → 1.5.
fn points(text: &str) -> f64 {
    match text.strip_suffix('½') {
        Some("") => 0.5,
        Some(whole) => whole.parse::<f64>().unwrap() + 0.5,
        None => text.parse().unwrap(),
    }
}

#[test]
fn a_leagues_boards_make_team_matches_and_the_three_outputs_agree() {
    let Some(shared_db) = world_championship_db() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    // Curated below: a copy.
    copy_database(shared_db, &db);
    let d = db.to_str().unwrap();

    let teams = team_json(&db, LEAGUE);
    let lines = json_lines(&teams);
    assert_eq!(lines.len(), 14);
    // 22 rounds of 7 matches; the 611 first copies of its 616 records are the boards.
    let matches = teams["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 154);
    let boards: u64 = matches.iter().map(|m| m["games"].as_u64().unwrap()).sum();
    assert_eq!(boards, 611);
    assert_eq!(lines.iter().map(|l| l.3).sum::<f64>(), 611.0);
    assert_eq!(lines.iter().map(|l| l.2).sum::<f64>(), 2.0 * 154.0);
    // Round 1, boards 1–4 (checked by hand): 金波–许银川 drawn, 郑惟桐 (广东) beat 蒋川,
    // 张学潮 (广东) beat 赵殿宇, and 广东's red on board 4 won: 京冀联队 ½–3½ 广东碧桂园.
    assert_eq!(
        matches[0],
        serde_json::json!({
            "round": "第01轮", "teams": ["京冀联队", "广东碧桂园"],
            "board_points": [0.5, 3.5], "games": 4, "match_points": [0.0, 2.0]
        })
    );
    assert_eq!(
        teams["lines"][0],
        serde_json::json!({
            "place": 1, "team": "内蒙古伊泰", "matches": 22, "wins": 17, "draws": 4,
            "losses": 1, "match_points": 38.0, "board_points": 58.5,
            "direct_encounter": null, "games": 88
        })
    );
    // Its records' group tag names each match (`京冀联队-广东`), not a section: the
    // players' table is one.
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        d,
        "--json",
        "--event",
        LEAGUE,
    ]))
    .unwrap();
    let of_league: Vec<&serde_json::Value> = v["xiangqi"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["event"] == LEAGUE)
        .collect();
    assert_eq!(of_league.len(), 1);
    assert!(of_league[0].get("section").is_none());
    // An individual championship whose players sit in two groups at most (some move from
    // 男子乙组 to 男子甲组) keeps its sections: the women's table stays apart.
    let individual = "2016年全国象棋个人赛";
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        d,
        "--json",
        "--event",
        individual,
    ]))
    .unwrap();
    let sections: Vec<&str> = v["xiangqi"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["event"] == individual)
        .map(|t| t["section"].as_str().unwrap())
        .collect();
    assert_eq!(sections, ["女子组", "男子乙组", "男子甲组"]);

    // The world championship's records name countries, but a country's players meet
    // several countries in a round: no team table, and `--teams` says so.
    let out = kifu(&[
        "standings",
        "--db",
        d,
        "--teams",
        "--event",
        "2015年慕中杯第14届世界象棋锦标赛",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no team table"));

    // The site and the report print the same team table.
    let filter = ["--event", LEAGUE];
    let out = dir.path().join("site");
    let index = site(&db, &out, &filter);
    // The league's linked copies bring two more events: its standings are on its page.
    let index = event_pages_html(&out, &index);
    let at = index
        .find(&format!(
            "<table class=\"team-standings\" data-event=\"{LEAGUE}\""
        ))
        .expect("the site's team table");
    let table = &index[at..at + index[at..].find("</table>").unwrap()];
    let site_lines: Vec<(String, u64, f64, f64)> = tags(table, "<tr class=\"team-standing\"")
        .iter()
        .map(|a| {
            (
                get(a, "data-team").to_owned(),
                get(a, "data-place").parse().unwrap(),
                get(a, "data-match-points").parse().unwrap(),
                get(a, "data-board-points").parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(site_lines, lines);
    let report = dir.path().join("report");
    let mut args = vec!["report", "--db", d, "--out", report.to_str().unwrap()];
    args.extend_from_slice(&filter);
    kifu_ok(&args);
    let md = std::fs::read_to_string(report.join("report.md")).unwrap();
    let caption = format!(
        "**Xiangqi · {LEAGUE}: Teams (matches 2/1/0; by match points, board points, direct \
         encounter)"
    );
    let at = md
        .find(&caption)
        .unwrap_or_else(|| panic!("{caption}\n{md}"));
    let report_lines: Vec<(String, u64, f64, f64)> = md[at..]
        .lines()
        .skip(4)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            // place, team, matches, wins, draws, losses, match points, board points, …
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            (
                cells[1].to_owned(),
                cells[0].parse().unwrap(),
                points(cells[6]),
                points(cells[7]),
            )
        })
        .collect();
    assert_eq!(report_lines, lines);

    // The federation's terms: matches 3/1/0, placed by board points first.
    let file = dir.path().join("league.toml");
    std::fs::write(
        &file,
        format!(
            "[[event]]\nmatch = {{ event = \"{LEAGUE}\" }}\nname = \"2016 象甲\"\n\
             team_scoring = {{ win = 3, draw = 1, loss = 0 }}\nteam_ranking = \"board-points\"\n"
        ),
    )
    .unwrap();
    let applied = kifu_ok(&["curate", "--db", d, file.to_str().unwrap()]);
    // The event's games: of its 616 records, 5 are linked by their moves alone to games of
    // other players (short lines played alike: 3 in the 2015 league and another event, 2 in
    // this one), which the curation does not take into the event; its games' copies filed
    // under other events stay there.
    assert!(
        applied.contains("event 2016 象甲: 611 game(s)"),
        "{applied}"
    );
    let teams = team_json(&db, "2016 象甲");
    let top: Vec<(String, u64, f64, f64)> = json_lines(&teams).into_iter().take(11).collect();
    let line = |team: &str, place: u64, mp: f64, bp: f64| (team.to_owned(), place, mp, bp);
    assert_eq!(
        top,
        [
            // 17 wins × 3 + 4 draws; the wins, draws and board points are those above.
            line("内蒙古伊泰", 1, 55.0, 58.5),
            line("广东碧桂园", 2, 48.0, 57.0),
            line("上海金外滩", 3, 43.0, 53.0),
            line("京冀联队", 4, 40.0, 51.0),
            line("杭州环境集团", 5, 40.0, 49.5),
            line("浙江民泰银行", 6, 29.0, 46.5),
            // Level on 42 board points: match points (7-7-8 → 28, 5-11-6 → 26) decide.
            line("四川成都龙翔通讯", 7, 28.0, 42.0),
            line("山东中国重汽", 8, 26.0, 42.0),
            line("黑龙江农村信用社", 9, 28.0, 41.0),
            line("武汉光谷湖北象棋", 10, 25.0, 41.0),
            line("厦门海翼", 11, 21.0, 41.0),
        ]
    );
    let csv = kifu_ok(&["standings", "--db", d, "--teams", "--csv"]);
    assert!(csv.starts_with(
        "game,event,section,place,team,matches,wins,draws,losses,match_points,board_points,"
    ));
    assert!(
        csv.contains("\nxiangqi,2016 象甲,,7,四川成都龙翔通讯,22,7,7,8,28,42,,88,,\n"),
        "{csv}"
    );
}

#[test]
fn a_curation_names_teams_the_records_do_not() {
    let Some(bdt) = shared("renju/games/bdt/stefs92_MST-MM-40.bdt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_json(&db, &[&bdt]);
    let d = db.to_str().unwrap();
    let curate = |text: &str| {
        let file = dir.path().join("teams.toml");
        std::fs::write(&file, text).unwrap();
        kifu_ok(&["curate", "--db", d, file.to_str().unwrap()]);
    };
    let players = "[[player]]\nname = \"Hasegawa\"\nteam = \"Kansai\"\n\n\
                   [[player]]\nname = \"Yamaguchi\"\nteam = \"Kanto\"\n\n";
    let event = "[[event]]\nmatch = { players = [\"Hasegawa\", \"Yamaguchi\"] }\n\
                 name = \"MM-40 title match\"\n";
    // Teams, but four games without rounds between one pair: nothing shows a team match.
    curate(&format!("{players}{event}"));
    let out = kifu(&["standings", "--db", d, "--teams"]);
    assert_eq!(out.status.code(), Some(1));
    // The event says its games are team matches: one match, Yamaguchi's three wins of
    // four (games 47, 48 and 50 won by White, 49 by Black, Hasegawa).
    curate(&format!("{players}{event}team_matches = true\n"));
    let v: serde_json::Value =
        serde_json::from_str(&kifu_ok(&["standings", "--db", d, "--teams", "--json"])).unwrap();
    let teams = &v["renju"][0]["teams"];
    assert_eq!(
        teams["matches"],
        serde_json::json!([{
            "round": null, "teams": ["Kansai", "Kanto"], "board_points": [1.0, 3.0],
            "games": 4, "match_points": [0.0, 2.0]
        }])
    );
    let placed: Vec<(String, u64, f64, f64)> = json_lines(teams);
    assert_eq!(
        placed,
        [
            ("Kanto".to_owned(), 1, 2.0, 3.0),
            ("Kansai".to_owned(), 2, 0.0, 1.0)
        ]
    );
    // A bad team term is an error with its line.
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, format!("{players}{event}team_ranking = \"games\"\n")).unwrap();
    let out = kifu(&["curate", "--check", "--db", d, file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "bad.toml:9: [[event]] \"MM-40 title match\": unknown team_ranking \"games\" (known: \
             match-points, board-points)"
        ),
        "{stderr}"
    );
}
