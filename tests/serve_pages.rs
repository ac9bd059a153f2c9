//! `kifu serve`'s pages equal to the static site's (issue 58, item 1), on the 2015 World
//! Xiangqi Championship's records (DPXQ) with docs/curation.md's curation of the event
//! (sections by group, 2/1/0) and English names (docs/curation.md's `names`): a game page
//! in English shows the curation's names, and a curation applied while the server runs
//! at the next request; a game page leads to the previous and next game of its event as
//! the site's page does, and those links resolve; 郑惟桐's page is the site's, with his 15
//! points in 男子组 and his nine games; a name no game seats is a 404 page saying so.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::{ingest_ok, kifu_ok, rel_link};
use crate::serve_ui::championship;
use crate::served::Served;
use kifu_serve::query::escape;

const PLAYER: &str = "郑惟桐";
const PLAYER_EN: &str = "Zheng Weitong";
/// The English name of the second curation, applied while a server runs.
const PLAYER_EN_AGAIN: &str = "Weitong Zheng";
const EVENT_EN: &str = "14th World Xiangqi Championship";
/// The event's name under the curation.
const CURATED_NAME: &str = "第14届世界象棋锦标赛";
/// 郑惟桐 percent-encoded: his page's file name in the site's `players/`.
const PLAYER_FILE: &str = "%E9%83%91%E6%83%9F%E6%A1%90.html";

/// docs/curation.md's entry of the event with English names for him, the event, its
/// men's section and its rounds.
const CURATION: &str = r#"
[[player]]
name = "郑惟桐"
names = { en = "Zheng Weitong" }

[[event]]
match = { event = "2015年慕中杯第14届世界象棋锦标赛" }
name = "第14届世界象棋锦标赛"
names = { en = "14th World Xiangqi Championship" }
rounds = { en = "Round {n}" }
sections = "group"
scoring = { win = 2, draw = 1, loss = 0 }
tiebreaks = ["sonneborn-berger", "buchholz", "wins", "direct-encounter"]

[[event.section]]
name = "男子组"
names = { en = "Men" }
"#;

/// The championship's records alone, ingested and curated once (`None` without the
/// shared data): the folder and the database.
fn curated() -> Option<&'static (tempfile::TempDir, PathBuf)> {
    static DB: OnceLock<Option<(tempfile::TempDir, PathBuf)>> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let (early, last) = championship(dir.path())?;
        let db = dir.path().join("curated.db");
        ingest_ok(&db, &[&early, &last]);
        curate(&db, &dir.path().join("curation.toml"), CURATION);
        Some((dir, db))
    })
    .as_ref()
}

fn curate(db: &Path, file: &Path, text: &str) {
    std::fs::write(file, text).unwrap();
    kifu_ok(&[
        "curate",
        "--db",
        db.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
}

/// The ids of his games of the event, as `kifu games` lists them.
fn his_games(db: &Path) -> Vec<i64> {
    kifu_ok(&[
        "games",
        "--db",
        db.to_str().unwrap(),
        "--player",
        PLAYER,
        "--format",
        "json",
    ])
    .lines()
    .map(|l| {
        serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
            .as_i64()
            .unwrap()
    })
    .collect()
}

/// `GET path`, which must answer 200: its body.
fn page(server: &Served, path: &str) -> String {
    let reply = server.get(path);
    assert_eq!(reply.status, 200, "{path}: {}", reply.text());
    reply.text()
}

/// The public site of the curated event in `lang` (as the server's default edition),
/// written to `out`.
fn site(db: &Path, lang: &str, out: &Path) {
    kifu_ok(&[
        "site",
        "-q",
        "--edition",
        "public",
        "--lang",
        lang,
        "--db",
        db.to_str().unwrap(),
        "--event",
        CURATED_NAME,
        "--out",
        out.to_str().unwrap(),
    ]);
}

/// The section `<section id="ID">…</section>` of `html`.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let open = format!("<section id=\"{id}\"");
    let at = html
        .find(&open)
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = at + html[at..].find("</section>").unwrap() + "</section>".len();
    &html[at..end]
}

#[test]
fn an_english_game_page_shows_the_curations_names_and_a_new_curation_at_once() {
    let Some((_, curated)) = curated() else {
        return;
    };
    // Its own copy: a second curation is applied to it while the server runs.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    std::fs::copy(curated, &db).unwrap();
    let game = his_games(&db)[0];
    let server = Served::start(&db, &["--lang", "en"]);
    let html = page(&server, &format!("/games/{game}"));
    assert!(
        html.contains(&format!(">{PLAYER_EN}</a>")),
        "his name in English"
    );
    assert!(
        html.contains(&format!(">{EVENT_EN}</a>")),
        "the event in English"
    );
    assert!(
        !html.contains(&format!(">{PLAYER}</a>")),
        "no record's name shown"
    );

    let again = CURATION.replace(PLAYER_EN, PLAYER_EN_AGAIN);
    curate(&db, &dir.path().join("again.toml"), &again);
    let html = page(&server, &format!("/games/{game}"));
    assert!(
        html.contains(&format!(">{PLAYER_EN_AGAIN}</a>")),
        "the new curation's name, at the next request"
    );
    assert!(!html.contains(PLAYER_EN), "the old name is gone");
    let player = page(&server, &format!("/players/{}", escape(PLAYER)));
    assert!(player.contains(&format!("<h1>{PLAYER_EN_AGAIN}</h1>")));
}

#[test]
fn game_pages_lead_to_their_events_neighbours_as_the_sites_do() {
    let Some((_, db)) = curated() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    site(db, "en", out.path());
    let server = Served::start(db, &["--lang", "en"]);
    let games = his_games(db);
    assert_eq!(games.len(), 9);
    let event_link = format!(
        "<a class=\"event\" href=\"/events/{}\">",
        escape(CURATED_NAME)
    );
    for id in games {
        let html = page(&server, &format!("/games/{id}"));
        let site_page =
            std::fs::read_to_string(out.path().join("games").join(format!("{id}.html"))).unwrap();
        assert!(html.contains(&event_link), "{id} links its event");
        page(&server, &format!("/events/{}", escape(CURATED_NAME)));
        for (rel, back) in [("prev", "next"), ("next", "prev")] {
            // The same neighbour as the site's page, by the same link (`ID.html`).
            let link = rel_link(&html, rel);
            assert_eq!(link, rel_link(&site_page, rel), "{id}'s {rel}");
            let Some(link) = link else {
                continue;
            };
            let other = page(&server, &format!("/games/{link}"));
            assert_eq!(
                rel_link(&other, back),
                Some(format!("{id}.html").as_str()),
                "{id}'s {rel} leads back"
            );
        }
        assert!(
            rel_link(&html, "prev").is_some() || rel_link(&html, "next").is_some(),
            "{id} has a neighbour"
        );
    }
}

#[test]
fn his_player_page_is_the_sites_with_15_points_and_9_games() {
    let Some((_, db)) = curated() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    // In Chinese: the names are the records'.
    site(db, "zh-Hans", out.path());
    let site_page = std::fs::read_to_string(out.path().join("players").join(PLAYER_FILE)).unwrap();
    let server = Served::start(db, &["--lang", "zh-Hans"]);
    let html = page(&server, &format!("/players/{}", escape(PLAYER)));
    assert!(html.contains(&format!("<h1>{PLAYER}</h1>")));

    // His line under the event's 2/1/0 scoring: 15 points in 男子组.
    let standings = section(&html, "standings");
    assert!(
        standings.contains(&format!("{CURATED_NAME} · 男子组")),
        "{standings}"
    );
    assert!(
        standings.contains("<td class=\"points\">15</td>"),
        "{standings}"
    );
    // Nine games, each a link that resolves here.
    let games = section(&html, "games-section");
    let mut links: Vec<&str> = games
        .match_indices("href=\"../games/")
        .map(|(at, _)| {
            let rest = &games[at + "href=\"".len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    links.dedup();
    assert_eq!(links.len(), 9, "{links:?}");
    for link in links {
        page(&server, &format!("/{}", link.strip_prefix("../").unwrap()));
    }
    // The numbers are the site's: the same standings, results and games.
    for id in ["standings", "by-event", "by-year", "games-section"] {
        assert_eq!(section(&html, id), section(&site_page, id), "section {id}");
    }
    // The page's style sheet, script and way up are the server's.
    for asset in ["/assets/site.css", "/assets/tables.js", "/index.html"] {
        page(&server, asset);
    }
}

#[test]
fn a_player_no_game_seats_is_a_404_page_saying_so() {
    let Some((_, db)) = curated() else {
        return;
    };
    let server = Served::start(db, &["--lang", "en"]);
    let reply = server.get(&format!("/players/{}", escape("郑惟")));
    assert_eq!(reply.status, 404);
    let text = reply.text();
    assert!(
        text.contains("No game of the archive seats the player 郑惟"),
        "{text}"
    );
    assert!(text.contains(&format!("closest: {PLAYER}")), "{text}");
}
