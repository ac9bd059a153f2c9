//! `kifu serve`'s web pages in headless Chromium, over the 2015 World Xiangqi
//! Championship's records (DPXQ): the home page's search lists what `kifu games` lists, a
//! player's and an event's page count what the archive holds, a game's page replays, the
//! event's standings change on the open page when another round is ingested, and every
//! page in each language is whole, with no CSP violation and no request leaving the server.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cdp::Browser;
use crate::common::{ingest_ok, kifu_ok, shared, DPXQ};
use crate::served::Served;
use kifu_serve::query::escape;

const EVENT: &str = "2015年慕中杯第14届世界象棋锦标赛";
const LAST_ROUND: &str = "第09轮";
/// A question the API refuses (400): the page says its message.
const REFUSED: &str = "from=not-a-date";

/// The championship's records split in two folders: every round but the last, and the
/// last; `None` when the shared data is missing.
pub(crate) fn championship(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    let tar_xz = shared(DPXQ)?;
    let (early, last) = (dir.join("early"), dir.join("last"));
    std::fs::create_dir_all(&early).unwrap();
    std::fs::create_dir_all(&last).unwrap();
    let file = std::fs::File::open(tar_xz).unwrap();
    let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(file));
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let name = entry.path().unwrap().file_name().unwrap().to_owned();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        if !text.contains(&format!("'event': '{EVENT}'")) {
            continue;
        }
        let folder = if text.contains(&format!("'round': '{LAST_ROUND}'")) {
            &last
        } else {
            &early
        };
        std::fs::write(folder.join(name), &bytes).unwrap();
    }
    Some((early, last))
}

/// The problems the browser saw but the requests to the servers the tests started (all
/// on 127.0.0.1: any other host is a request leaving the server).
fn outside_problems(browser: &mut Browser) -> Vec<String> {
    browser
        .problems()
        .into_iter()
        .filter(|p| !p.starts_with("request leaves the page: http://127.0.0.1:"))
        // The update stream is cut when the page is left; the browser asks for an icon
        // the server has not; the refused question is refused on purpose.
        .filter(|p| {
            !p.contains("ERR_ABORTED") && !p.contains("favicon.ico") && !p.contains(REFUSED)
        })
        .collect()
}

fn ids(games: &[Value]) -> Vec<i64> {
    games.iter().map(|g| g["id"].as_i64().unwrap()).collect()
}

fn int(browser: &mut Browser, expression: &str) -> i64 {
    browser.eval(expression).as_i64().unwrap_or(-1)
}

#[test]
fn the_pages_search_show_and_follow_an_event_live() {
    let dir = tempfile::tempdir().unwrap();
    let Some((early, last)) = championship(dir.path()) else {
        return;
    };
    let Some(mut browser) = Browser::launch(1200, 900) else {
        return;
    };
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&early]);
    let d = db.to_str().unwrap();
    let games_of = |flags: &[&str]| -> Vec<Value> {
        let mut args = vec!["games", "--db", d, "--format", "json"];
        args.extend(flags);
        kifu_ok(&args)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let event_games = games_of(&["--event", EVENT]);
    assert!(event_games.len() > 150, "{} games", event_games.len());
    let player = event_games[0]["players"][0]["name"]
        .as_str()
        .unwrap()
        .to_owned();
    let player_games = games_of(&["--player", &player]);
    let server = Served::start(&db, &[]);
    let base = server.origin();

    // The home page: the archive's counts, and a search by player listing what `kifu
    // games --player` lists.
    browser.open_url(&format!("{base}/"));
    assert_eq!(
        int(
            &mut browser,
            "+document.querySelector('#counts li[data-kind=xiangqi]').dataset.games"
        ),
        event_games.len() as i64
    );
    browser.type_into("#search-form input[name=player]", &player);
    browser.click("#search-form button[type=submit]");
    assert!(
        browser.wait_for("location.search.includes('player=') && document.querySelectorAll('#games tr.game').length > 0"),
        "the search listed no games"
    );
    let listed: Vec<i64> = browser
        .eval("[...document.querySelectorAll('#games tr.game')].map(r => +r.dataset.game)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(listed, ids(&player_games));
    // A long answer comes a page at a time: "Show more" adds the page after the last game.
    browser.open_url(&format!("{base}/?event={}", escape(EVENT)));
    assert!(browser.wait_for("document.querySelectorAll('#games tr.game').length === 100"));
    while browser.eval("document.getElementById('more').hidden") == Value::Bool(false) {
        let before = int(
            &mut browser,
            "document.querySelectorAll('#games tr.game').length",
        );
        browser.click("#more");
        assert!(browser.wait_for(&format!(
            "document.querySelectorAll('#games tr.game').length > {before}"
        )));
    }
    let paged: Vec<i64> = browser
        .eval("[...document.querySelectorAll('#games tr.game')].map(r => +r.dataset.game)")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(paged, ids(&event_games), "the pages are the whole list");
    // A search matching nothing says so.
    browser.open_url(&format!("{base}/?player=nobody%20at%20all"));
    assert!(browser.wait_for(
        "document.querySelector('#games-status').textContent.includes('No games match')"
    ));
    // A refused question shows the API's message.
    browser.open_url(&format!("{base}/?{REFUSED}"));
    assert!(browser.wait_for("document.querySelector('#games-status').classList.contains('error')"));

    // The player's page (the site's, rendered by the server) lists the player's games and
    // counts them by event. The public edition charts no ratings, as the site's does not.
    browser.open_url(&format!("{base}/players/{}", escape(&player)));
    assert_eq!(
        int(
            &mut browser,
            "document.querySelectorAll('#games-section tr.game').length"
        ),
        player_games.len() as i64
    );
    assert_eq!(
        int(&mut browser, "[...document.querySelectorAll('#by-event tbody tr')].reduce((n, r) => n + +r.cells[1].textContent, 0)"),
        player_games.len() as i64
    );
    assert!(browser
        .eval("!document.querySelector('#rating-history')")
        .as_bool()
        .unwrap());

    // A game's page: the site's replay, its players and event linked here.
    let game = player_games[0]["id"].as_i64().unwrap();
    browser.open_url(&format!("{base}/games/{game}"));
    assert!(browser.eval("!!document.querySelector('dl.meta a[href^=\"/players/\"]') && !!document.querySelector('dl.meta a[href^=\"/events/\"]')").as_bool().unwrap());
    browser.click("#first");
    assert!(browser.wait_for("document.body.dataset.ply === '0'"));
    assert_eq!(
        int(
            &mut browser,
            "document.querySelectorAll('#board [data-piece]').length"
        ),
        32
    );
    browser.click("#next");
    assert!(browser.wait_for("document.body.dataset.ply === '1'"));

    // The event's page, live: the last round ingested while it is open changes its
    // standings and adds its games, without a reload.
    browser.open_url(&format!("{base}/events/{}", escape(EVENT)));
    assert!(browser.wait_for("document.querySelectorAll('#standings tr.standing').length > 0"));
    assert!(browser.wait_for("document.querySelectorAll('#rounds section.round').length > 0"));
    let rounds = int(
        &mut browser,
        "document.querySelectorAll('#rounds section.round').length",
    );
    let listed = int(
        &mut browser,
        "document.querySelectorAll('#rounds tr.game').length",
    );
    assert_eq!(listed, event_games.len() as i64);
    assert!(browser.wait_for("document.body.dataset.generation !== undefined"));
    browser.eval("window.before = document.querySelector('#standings').innerText; 1");
    ingest_ok(&db, &[&last]);
    assert!(
        browser.wait_for(&format!(
            "document.querySelectorAll('#rounds section.round').length === {} \
             && document.querySelector('#standings').innerText !== window.before",
            rounds + 1
        )),
        "the event page did not follow the ingest"
    );
    assert!(browser
        .eval("document.querySelector('#updated').textContent.length > 0")
        .as_bool()
        .unwrap());
    let problems = outside_problems(&mut browser);
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn every_page_in_every_language_is_whole() {
    let dir = tempfile::tempdir().unwrap();
    let Some((early, _)) = championship(dir.path()) else {
        return;
    };
    let Some(mut browser) = Browser::launch(1000, 800) else {
        return;
    };
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&early]);
    let first: Value = serde_json::from_str(
        kifu_ok(&[
            "games",
            "--db",
            db.to_str().unwrap(),
            "--format",
            "json",
            "--limit",
            "1",
        ])
        .lines()
        .next()
        .unwrap(),
    )
    .unwrap();
    let player = first["players"][0]["name"].as_str().unwrap();
    let pages = [
        "/".to_owned(),
        format!("/players/{}", escape(player)),
        format!("/events/{}", escape(EVENT)),
        format!("/games/{}", first["id"]),
    ];
    for (lang, edition) in [
        ("en", "public"),
        ("ja", "audit"),
        ("zh-Hans", "public"),
        ("zh-Hant", "audit"),
    ] {
        let server = Served::start(&db, &["--lang", lang, "--edition", edition]);
        for page in &pages {
            browser.open_url(&format!("{}{page}", server.origin()));
            // The script's tables are filled (a games table, or the game's board).
            assert!(
                browser.wait_for(
                    "document.querySelectorAll('tr.game, #board [data-piece]').length > 0"
                ),
                "{lang} {page}: nothing listed"
            );
            let text =
                browser.eval("document.documentElement.lang + '\\n' + document.body.innerText");
            let text = text.as_str().unwrap();
            assert!(
                text.starts_with(lang),
                "{lang} {page}: {}",
                &text[..20.min(text.len())]
            );
            for broken in [
                "undefined",
                "null",
                "NaN",
                "{n}",
                "{name}",
                "{time}",
                "{kind}",
            ] {
                assert!(!text.contains(broken), "{lang} {page} shows {broken:?}");
            }
            if lang != "en" {
                for english in [
                    "Search games",
                    "Games of",
                    "Results by",
                    "Standings",
                    "Show more",
                ] {
                    assert!(!text.contains(english), "{lang} {page} shows {english:?}");
                }
            }
            if edition == "public" {
                assert!(!text.contains(".txt"), "{lang} {page} shows a source path");
            }
        }
        let problems = outside_problems(&mut browser);
        assert!(problems.is_empty(), "{lang}: {problems:#?}");
    }
}
