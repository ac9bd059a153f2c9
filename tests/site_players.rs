//! The site's player pages (issue 58, item 1): on the 2015 World Xiangqi Championship,
//! 郑惟桐's page renders his record as `kifu player --json` gives it, lists his nine games
//! with links that resolve to the site's game pages, and each of those pages links back;
//! the game pages lead on to the previous and next game of the event; with the event's
//! 2/1/0 curation (docs/curation.md) his page, opened in Chromium, shows 15 points.
//! The tests share one ingest of the collection and one curated copy of it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::common::{copy_database, kifu_ok, rel_link, world_championship_db, WORLD_CHAMPIONSHIP};

/// The event's name under the curation.
const CURATED_NAME: &str = "第14届世界象棋锦标赛";
const PLAYER: &str = "郑惟桐";
/// 郑惟桐 percent-encoded: his page's file name in `players/`.
const PLAYER_FILE: &str = "%E9%83%91%E6%83%9F%E6%A1%90.html";
/// The event's entry of docs/curation.md's worked example: sections by the `group` tag,
/// 2/1/0 scoring.
const CURATION: &str = r#"
[[event]]
match = { event = "2015年慕中杯第14届世界象棋锦标赛" }
name = "第14届世界象棋锦标赛"
sections = "group"
scoring = { win = 2, draw = 1, loss = 0 }
tiebreaks = ["sonneborn-berger", "buchholz", "wins", "direct-encounter"]
rules = "world"
dates = "2015-08-22..2015-08-26"
venue = "Munich"
"#;

/// The databases the tests share: the collection as ingested (shared with other test
/// files), and a copy with the event's curation applied.
struct Databases {
    _dir: tempfile::TempDir,
    plain: &'static Path,
    curated: PathBuf,
}

/// The shared databases, made once (`None` when the collection is missing: see
/// [`shared`]).
fn databases() -> Option<&'static Databases> {
    static DBS: OnceLock<Option<Databases>> = OnceLock::new();
    DBS.get_or_init(|| {
        let plain = world_championship_db()?;
        let dir = tempfile::tempdir().unwrap();
        let curated = dir.path().join("curated.db");
        copy_database(plain, &curated);
        let file = dir.path().join("curation.toml");
        std::fs::write(&file, CURATION).unwrap();
        kifu_ok(&[
            "curate",
            "--db",
            curated.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        Some(Databases {
            _dir: dir,
            plain,
            curated,
        })
    })
    .as_ref()
}

/// A fresh folder under the target's temporary folder (kept for a look).
fn fresh(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("site-players")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The public site of `event` in `db`, written to `out`.
fn site(db: &Path, event: &str, out: &Path) {
    kifu_ok(&[
        "site",
        "-q",
        "--db",
        db.to_str().unwrap(),
        "--event",
        event,
        "--out",
        out.to_str().unwrap(),
    ]);
}

/// Every `href` in `html` that begins with `prefix`, in order.
fn hrefs<'a>(html: &'a str, prefix: &str) -> Vec<&'a str> {
    let open = format!("href=\"{prefix}");
    html.match_indices(&open)
        .map(|(at, _)| {
            let rest = &html[at + "href=\"".len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

/// The player's game links of his page, deduplicated; each must resolve to a game page
/// of `site` that links both players (their pages exist), one of them back to his page.
fn assert_games_link_back(page: &str, site: &Path) -> Vec<String> {
    let mut games: Vec<String> = hrefs(page, "../games/")
        .into_iter()
        .map(str::to_owned)
        .collect();
    games.dedup();
    let back = format!("../players/{}", PLAYER_FILE.replace('%', "%25"));
    for link in &games {
        let game = site.join(link.strip_prefix("../").unwrap());
        let html = std::fs::read_to_string(&game)
            .unwrap_or_else(|e| panic!("{link} resolves to a game page: {e}"));
        let players = hrefs(&html, "../players/");
        assert_eq!(players.len(), 2, "{link} links both players");
        assert!(players.contains(&back.as_str()), "{link} links back");
        for p in players {
            let file = p.strip_prefix("../players/").unwrap().replace("%25", "%");
            assert!(site.join("players").join(file).is_file(), "{link}: {p}");
        }
    }
    games
}

#[test]
fn a_world_championship_player_page_lists_his_games_and_they_link_back() {
    let Some(dbs) = databases() else {
        return;
    };
    let dir = fresh("world-championship");
    let out = dir.join("site");
    site(dbs.plain, WORLD_CHAMPIONSHIP, &out);
    let page = std::fs::read_to_string(out.join("players").join(PLAYER_FILE))
        .expect("郑惟桐's page exists");
    assert!(page.contains(&format!("<h1>{PLAYER}</h1>")));

    // The page's numbers are the record's (`kifu player --json`, one counting). Without
    // the curation his points are the standings' at 1/½/0: half of 15.
    let record: Value = serde_json::from_str(&kifu_ok(&[
        "player",
        PLAYER,
        "--json",
        "--db",
        dbs.plain.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
    ]))
    .unwrap();
    let event = &record["by_event"][0];
    assert_eq!(event["event"], WORLD_CHAMPIONSHIP);
    assert_eq!(event["games"], 9);
    let (wins, draws, losses) = (
        event["wins"].as_u64().unwrap(),
        event["draws"].as_u64().unwrap(),
        event["losses"].as_u64().unwrap(),
    );
    assert_eq!(2 * wins + draws, 15, "{event}");
    assert!(
        page.contains(&format!(
            "<tr><td>{WORLD_CHAMPIONSHIP}</td><td>9</td><td>{wins}</td><td>{draws}</td>\
             <td>{losses}</td>"
        )),
        "the by-event row"
    );
    assert!(page.contains("id=\"by-year\""));
    assert!(page.contains("<td class=\"points\">7½</td>"), "7½ points");

    // Nine games, each linking to an existing game page that links back to this page.
    let games = assert_games_link_back(&page, &out);
    assert_eq!(games.len(), 9, "{games:?}");

    // The audit edition shows ratings: the chart marks the event's end with the stored
    // history's rating of his last day in it (`kifu player --json`'s history).
    let last_day = kifu_ok(&[
        "games",
        "--db",
        dbs.plain.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--player",
        PLAYER,
        "--format",
        "json",
    ])
    .lines()
    .filter_map(|l| {
        let game: Value = serde_json::from_str(l).unwrap();
        Some(game["date"].as_str()?.to_owned())
    })
    .max()
    .expect("his games are dated");
    let history = record["ratings"][0]["history"]
        .as_array()
        .expect("a history");
    let rating = history
        .iter()
        .rev()
        .find(|p| p["date"].as_str().is_some_and(|d| d <= last_day.as_str()))
        .expect("a period by the event's end")["rating"]
        .as_f64()
        .unwrap();
    let chart = &page[page.find("id=\"rating-history\"").expect("a rating chart")..];
    assert_eq!(chart.matches("<circle class=\"event-end\"").count(), 1);
    assert!(
        chart.contains(&format!(
            "data-date=\"{last_day}\" data-rating=\"{rating:.0}\""
        )),
        "{last_day} {rating}: {}",
        &chart[..chart.find("</section>").unwrap()]
    );

    // Each game page leads to the event (the index) and on through the event's games:
    // the previous game's next is the game itself.
    for link in &games {
        let html = std::fs::read_to_string(out.join(link.strip_prefix("../").unwrap())).unwrap();
        let id = link.rsplit('/').next().unwrap();
        assert!(
            html.contains("<a class=\"event\" href=\"../index.html\">"),
            "{link} links the event"
        );
        for (rel, back) in [("prev", "next"), ("next", "prev")] {
            let Some(other) = rel_link(&html, rel) else {
                continue;
            };
            let other = std::fs::read_to_string(out.join("games").join(other))
                .unwrap_or_else(|e| panic!("{link}'s {rel} game {other}: {e}"));
            assert_eq!(
                rel_link(&other, back),
                Some(id),
                "{link}'s {rel} leads back"
            );
        }
        assert!(
            rel_link(&html, "prev").is_some() || rel_link(&html, "next").is_some(),
            "{link} has a neighbour"
        );
    }
}

#[test]
fn with_the_curated_scoring_his_page_in_chromium_shows_15_points_and_his_9_games() {
    let Some(dbs) = databases() else {
        return;
    };
    let dir = fresh("curated");
    let out = dir.join("site");
    site(&dbs.curated, CURATED_NAME, &out);
    let page = out.join("players").join(PLAYER_FILE);
    let Some(dom) = crate::chromium::dom_of(&crate::chromium::file_url(&page)) else {
        return;
    };
    assert!(
        dom.contains(&format!("<h1>{PLAYER}</h1>")),
        "his page opened"
    );
    // His line of the standings under the event's 2/1/0 scoring, as `kifu standings`
    // prints it (docs/curation.md): 15 points.
    let standings = &dom[dom.find("id=\"standings\"").expect("a standings section")..];
    assert!(
        standings.contains(&format!("{CURATED_NAME} · 男子组")),
        "{standings}"
    );
    assert!(
        standings.contains("<td class=\"points\">15</td>"),
        "{standings}"
    );
    let games = assert_games_link_back(&dom, &out);
    assert_eq!(games.len(), 9, "{games:?}");
}
