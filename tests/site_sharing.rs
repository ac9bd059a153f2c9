//! Sharing a site (issue 58, item 7) on the 2015 World Xiangqi Championship: every page
//! has its `og:title`, a game page its picture; a game page's download gives a record that
//! `kifu ingest` reads back into a fresh database as the same game, and the event's file
//! as every game (and so for a Renju site, a BDT year's); `embed.html#game=ID` shows that
//! game's board in Chromium.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::cdp::Browser;
use crate::common::{
    count, ingest_ok, kifu_ok, public_edition, shared, world_championship_db, WORLD_CHAMPIONSHIP,
};

/// A year of BDT Renju games (2002, 50 games).
const MST_MM_40: &str = "renju/games/bdt/stefs92_MST-MM-40.bdt";

/// The database and the championship's site (public edition, in Chinese), made once.
struct Site {
    dir: PathBuf,
    db: &'static Path,
    site: PathBuf,
}

fn site() -> Option<&'static Site> {
    static SITE: OnceLock<Option<Site>> = OnceLock::new();
    SITE.get_or_init(|| {
        let db = world_championship_db()?;
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-sharing");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let site = dir.join("site");
        public_edition(
            "site",
            db,
            "zh-Hans",
            &site,
            &["--event", WORLD_CHAMPIONSHIP],
        );
        Some(Site { dir, db, site })
    })
    .as_ref()
}

/// Every `.html` file under `dir`.
fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(pages(&path));
        } else if path.extension().is_some_and(|x| x == "html") {
            out.push(path);
        }
    }
    out
}

/// The `content` of `<meta property|name="key">` in `html`.
fn meta<'a>(html: &'a str, key: &str) -> Option<&'a str> {
    let at = html
        .find(&format!("property=\"{key}\" content=\""))
        .or_else(|| html.find(&format!("name=\"{key}\" content=\"")))?;
    let rest = &html[at..];
    let rest = &rest[rest.find("content=\"")? + "content=\"".len()..];
    Some(&rest[..rest.find('"')?])
}

/// The `href` of the element with `id` (an `<a id=…>` written `id="…" href="…"`).
fn href_of<'a>(html: &'a str, marker: &str) -> Option<&'a str> {
    let rest = &html[html.find(marker)?..];
    let rest = &rest[rest.find("href=\"")? + "href=\"".len()..];
    Some(&rest[..rest.find('"')?])
}

/// The game as `kifu show --json` gives it: players, event, round, date, result, the
/// moves.
fn game_facts(db: &Path, id: i64) -> Value {
    let shown: Value = serde_json::from_str(&kifu_ok(&[
        "show",
        &id.to_string(),
        "--json",
        "--db",
        db.to_str().unwrap(),
    ]))
    .unwrap();
    let moves: Vec<&Value> = shown["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["coordinate"])
        .collect();
    serde_json::json!({
        "players": shown["players"],
        "event": shown["event"],
        "round": shown["round"],
        "date": shown["date"],
        "result": shown["result"]["recorded"],
        "counted": shown["result"]["counted"],
        "moves": moves,
    })
}

/// The one game id of a database.
fn only_game(db: &Path) -> i64 {
    only_game_where(db, "1")
}

/// The one game id of a database whose row meets `condition` (SQL).
fn only_game_where(db: &Path, condition: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    let ids: Vec<i64> = conn
        .prepare(&format!("SELECT id FROM games WHERE {condition}"))
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    ids[0]
}

#[test]
fn every_page_has_its_preview_and_a_game_page_its_picture() {
    let Some(s) = site() else {
        return;
    };
    let all = pages(&s.site);
    assert!(all.len() > 200, "{} pages", all.len());
    for page in &all {
        let html = std::fs::read_to_string(page).unwrap();
        for key in ["og:title", "og:type", "og:description", "twitter:card"] {
            let value = meta(&html, key).unwrap_or_else(|| panic!("{}: {key}", page.display()));
            assert!(!value.is_empty(), "{}: {key} empty", page.display());
        }
    }
    for root in ["index.html", "embed.html", "embed-standings.html"] {
        assert!(s.site.join(root).is_file(), "{root}");
    }
    let index = std::fs::read_to_string(s.site.join("index.html")).unwrap();
    assert_eq!(meta(&index, "og:title"), Some(WORLD_CHAMPIONSHIP));

    // A game page names its final position's picture, a small PNG beside it.
    let game = all
        .iter()
        .find(|p| p.parent().unwrap().ends_with("games"))
        .unwrap();
    let html = std::fs::read_to_string(game).unwrap();
    let image = meta(&html, "og:image").expect("og:image");
    let png = game.with_file_name(image);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert!(bytes.len() < 8_000, "{} bytes", bytes.len());

    // The report has its preview too.
    let report = s.dir.join("report");
    kifu_ok(&[
        "report",
        "-q",
        "--db",
        s.db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--out",
        report.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(meta(&html, "og:title").is_some_and(|t| !t.is_empty()));
}

/// Game `id`'s page in `site` (of the games in `db`) offers its record, named `ID.EXT`,
/// which `kifu ingest` reads into a fresh database (under `work`) as the same game: the
/// same players, event, round, result, date and `plies` moves; the index's download reads
/// back as one game per game page.
fn assert_downloads_read_back(
    db: &Path,
    site: &Path,
    work: &Path,
    id: i64,
    ext: &str,
    plies: usize,
) {
    let page = site.join("games").join(format!("{id}.html"));
    let html = std::fs::read_to_string(&page).unwrap();
    let link = href_of(&html, "id=\"download-record\"").expect("the download link");
    assert_eq!(link, format!("{id}.{ext}"));
    let record = page.with_file_name(link);
    let fresh = work.join("fresh.db");
    let _ = std::fs::remove_file(&fresh);
    ingest_ok(&fresh, &[&record]);
    let original = game_facts(db, id);
    assert_eq!(original["moves"].as_array().unwrap().len(), plies);
    assert_eq!(game_facts(&fresh, only_game(&fresh)), original);

    // The index's link gives every game of the event in one file.
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    let all = href_of(&index, "class=\"download\"").expect("the event's download");
    let event = work.join("event.db");
    let _ = std::fs::remove_file(&event);
    ingest_ok(&event, &[&site.join(all)]);
    let pages = std::fs::read_dir(site.join("games"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "html")
        })
        .count();
    assert_eq!(
        count(&event, "SELECT COUNT(*) FROM games") as usize,
        pages,
        "one game read back per game page"
    );
}

#[test]
fn a_game_pages_download_reads_back_as_the_same_game() {
    let Some(s) = site() else {
        return;
    };
    assert_downloads_read_back(s.db, &s.site, &s.dir, 5923, "pgn", 95);
}

/// The same for Renju: the public site (in Japanese) of a BDT year, MST-MM-40's 50 games
/// of 2002. Its records name no event, so the event compared is none on both sides.
#[test]
fn a_renju_game_pages_download_reads_back_as_the_same_game() {
    let Some(bdt) = shared(MST_MM_40) else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-sharing-renju");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("kifu.db");
    ingest_ok(&db, &[&bdt]);
    let site = dir.join("site");
    public_edition("site", &db, "ja", &site, &["--game", "renju"]);
    // Its first game: HASEGAWA K. beat IIO J. in 33 moves.
    let id = only_game_where(&db, "line = 1");
    let facts = game_facts(&db, id);
    assert_eq!(facts["players"][0]["name"], "HASEGAWA K.");
    assert_eq!(facts["players"][1]["name"], "IIO J.");
    assert_eq!(facts["result"], "black");
    assert_eq!(facts["event"], Value::Null);
    assert_downloads_read_back(&db, &site, &dir, id, "txt", 33);
}

#[test]
fn the_embedded_board_shows_the_game_it_names() {
    let Some(s) = site() else {
        return;
    };
    let Some(mut browser) = Browser::launch(600, 700) else {
        return;
    };
    let embed = s.site.join("embed.html").canonicalize().unwrap();
    browser.open_url(&format!("file://{}#game=5923&ply=10", embed.display()));
    assert!(browser.wait_for(
        "document.body && document.body.classList.contains('embed') && \
         document.body.getAttribute('data-ply') === '10'"
    ));
    assert_eq!(browser.eval("document.body.dataset.game"), "5923");
    // The board is drawn; the record's move list is not shown.
    assert!(
        browser
            .eval("document.querySelectorAll('#board [data-piece]').length")
            .as_u64()
            > Some(0)
    );
    assert_eq!(
        browser.eval("getComputedStyle(document.getElementById('record')).display"),
        "none"
    );
    assert!(browser.problems().is_empty(), "{:?}", browser.problems());
}
