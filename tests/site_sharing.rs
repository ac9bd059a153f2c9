//! Sharing a site (issue 58, item 7) on the 2015 World Xiangqi Championship: with
//! `--base-url` every page has its `og:title` and its absolute `og:url`, a game page its
//! picture at an absolute address; a game page's download gives a record that `kifu
//! ingest` reads back into a fresh database as the same game, and the event's file as every
//! game (and so for a Renju site, a BDT year's); `embed.html#game=ID` shows that game's
//! board in Chromium. Generated Chess
//! Territorial and ChouChou events get their pictures too; without `--base-url` no address
//! and no picture is named; a bad one is refused.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::cdp::Browser;
use crate::common::{
    count, files_with_extension, generate, ingest_ok, kifu, kifu_ok, public_edition, shared,
    world_championship_db, WORLD_CHAMPIONSHIP,
};

/// Where the championship's site is said to be served from.
const BASE: &str = "https://example.org/wxc2015/";
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
            // Without its trailing slash: the folder all the same.
            &[
                "--event",
                WORLD_CHAMPIONSHIP,
                "--base-url",
                "https://example.org/wxc2015",
            ],
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

/// The `href` of `<link rel="canonical">` in `html`.
fn canonical(html: &str) -> Option<&str> {
    let rest = &html[html.find("<link rel=\"canonical\" href=\"")? + 28..];
    Some(&rest[..rest.find('"')?])
}

/// The width and height of a PNG file, and its pixels (the PNG decoded).
fn png_pixels(path: &Path) -> ((u32, u32), Vec<u8>) {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    ((info.width, info.height), pixels)
}

/// A page's address below the site's root as its `og:url` ends: the path, with the `%`
/// of a player's percent-encoded file name encoded again.
fn address_below(root: &Path, page: &Path) -> String {
    let rel = page.strip_prefix(root).unwrap();
    let parts: Vec<&str> = rel.iter().map(|p| p.to_str().unwrap()).collect();
    parts.join("/").replace('%', "%25")
}

#[test]
fn every_page_has_its_preview_and_a_game_page_its_picture() {
    let Some(s) = site() else {
        return;
    };
    let all = pages(&s.site);
    assert!(all.len() > 200, "{} pages", all.len());
    let mut game_pages = 0;
    for page in &all {
        let html = std::fs::read_to_string(page).unwrap();
        for key in ["og:title", "og:type", "og:description", "twitter:card"] {
            let value = meta(&html, key).unwrap_or_else(|| panic!("{}: {key}", page.display()));
            assert!(!value.is_empty(), "{}: {key} empty", page.display());
        }
        // The page's own absolute address, as og:url and as the canonical link.
        let address = format!("{BASE}{}", address_below(&s.site, page));
        assert_eq!(
            meta(&html, "og:url"),
            Some(address.as_str()),
            "{}",
            page.display()
        );
        assert_eq!(
            canonical(&html),
            Some(address.as_str()),
            "{}",
            page.display()
        );
        if !page.parent().unwrap().ends_with("games") {
            assert_eq!(meta(&html, "og:image"), None, "{}", page.display());
            continue;
        }
        // A game page names its final position's picture, a small PNG beside it, by its
        // absolute address.
        game_pages += 1;
        let id = page.file_stem().unwrap().to_str().unwrap();
        let image = meta(&html, "og:image").unwrap_or_else(|| panic!("{id}: og:image"));
        assert_eq!(image, format!("{BASE}games/{id}.png"));
        assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
        let png = s.site.join(image.strip_prefix(BASE).unwrap());
        let bytes = std::fs::read(&png).unwrap();
        assert!(bytes.len() < 8_000, "{} bytes", bytes.len());
        // Xiangqi's 9 files and 10 ranks, 20 px apart, 14 px from the edges.
        assert_eq!(png_pixels(&png).0, (188, 208), "{}", png.display());
    }
    let games = files_with_extension(&s.site.join("games"), "png");
    assert_eq!(games, game_pages, "one picture per game page");
    for root in ["index.html", "embed.html", "embed-standings.html"] {
        assert!(s.site.join(root).is_file(), "{root}");
    }
    let index = std::fs::read_to_string(s.site.join("index.html")).unwrap();
    assert_eq!(meta(&index, "og:title"), Some(WORLD_CHAMPIONSHIP));
    // The description is the header's facts in words, an `&` or `<` escaped once.
    assert_eq!(
        meta(&index, "og:description"),
        Some("排名、对阵表与棋局：2015年8月22日 – 2015年8月26日 · 241 局 · 61 名棋手 · 象棋")
    );

    // The report has its preview too, at its own address.
    let report = s.dir.join("report");
    kifu_ok(&[
        "report",
        "-q",
        "--db",
        s.db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--base-url",
        "https://example.org/reports/wxc2015/",
        "--out",
        report.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    assert!(meta(&html, "og:title").is_some_and(|t| !t.is_empty()));
    assert_eq!(
        meta(&html, "og:url"),
        Some("https://example.org/reports/wxc2015/index.html")
    );
}

/// The final position as `kifu show` prints it: the lines between the result and the
/// moves.
fn final_position(db: &Path, id: &str) -> String {
    let shown = kifu_ok(&["show", id, "--db", db.to_str().unwrap()]);
    let from = shown.find("counted:").unwrap();
    let to = shown.find("\nmoves:").unwrap();
    shown[from..to].to_owned()
}

#[test]
fn territorial_and_chouchou_game_pages_share_their_final_position() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-sharing-kinds");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Each set an event of its own (the generated sets share an event name): (records,
    // the picture's side: 8 squares of 32 px, 3 or 4 cells of 64 px, 14 px from the edges).
    let sets = [
        (&["--game", "territorial", "--seed", "3"][..], 284),
        (&["--game", "chouchou", "--seed", "3"][..], 220),
        (
            &[
                "--game",
                "chouchou",
                "--seed",
                "4",
                "--players",
                "3",
                "--variant",
                "4x4",
            ][..],
            284,
        ),
    ];
    let base = "https://example.org/kinds/";
    for (n, (args, side)) in sets.into_iter().enumerate() {
        let kind = args[1];
        let mut args = args.to_vec();
        args.extend(["--games", "6"]);
        let ext = if kind == "territorial" { "pgn" } else { "ccn" };
        let records = generate(&dir, &args, &format!("set-{n}.{ext}"));
        let db = dir.join(format!("set-{n}.db"));
        ingest_ok(&db, &[&records]);
        let site = dir.join(format!("site-{n}"));
        kifu_ok(&[
            "site",
            "-q",
            "--db",
            db.to_str().unwrap(),
            "--base-url",
            base,
            "--out",
            site.to_str().unwrap(),
        ]);
        let mut pictures: Vec<(String, String, Vec<u8>)> = Vec::new();
        for page in pages(&site.join("games")) {
            let html = std::fs::read_to_string(&page).unwrap();
            let id = page.file_stem().unwrap().to_str().unwrap().to_owned();
            let image = meta(&html, "og:image").unwrap_or_else(|| panic!("{kind} {id}: og:image"));
            assert_eq!(image, format!("{base}games/{id}.png"));
            let (dimensions, pixels) = png_pixels(&site.join("games").join(format!("{id}.png")));
            let position = final_position(&db, &id);
            assert_eq!(dimensions, (side, side), "{kind} {id}");
            pictures.push((id, position, pixels));
        }
        assert_eq!(pictures.len(), 6, "{kind}");
        // Two games whose final positions differ have pictures that differ.
        let mut compared = 0;
        for (i, a) in pictures.iter().enumerate() {
            for b in &pictures[i + 1..] {
                if a.1 != b.1 {
                    assert_ne!(a.2, b.2, "{kind}: games {} and {} drawn alike", a.0, b.0);
                    compared += 1;
                }
            }
        }
        assert!(compared > 0, "{kind}: no two final positions differ");
    }

    // Without --base-url a page names no address and no picture, and none is drawn.
    let site = dir.join("no-base");
    kifu_ok(&[
        "site",
        "-q",
        "--db",
        dir.join("set-0.db").to_str().unwrap(),
        "--out",
        site.to_str().unwrap(),
    ]);
    for page in pages(&site) {
        let html = std::fs::read_to_string(&page).unwrap();
        for key in ["og:url", "og:image"] {
            assert_eq!(meta(&html, key), None, "{}: {key}", page.display());
        }
        assert_eq!(canonical(&html), None, "{}", page.display());
        assert_eq!(
            meta(&html, "twitter:card"),
            Some("summary"),
            "{}",
            page.display()
        );
    }
    let drawn = files_with_extension(&site.join("games"), "png");
    assert_eq!(drawn, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_base_url_that_is_no_sites_address_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    for (url, why) in [
        (
            "example.org/wxc2015/",
            "it is not absolute (no http:// or https://)",
        ),
        (
            "ftp://example.org/wxc2015/",
            "the scheme \"ftp\" is not http or https",
        ),
        ("https://example.org/wxc 2015/", "it has the character ' '"),
        (
            "https://example.org/?event=wxc2015",
            "it has a query or fragment",
        ),
    ] {
        for command in ["site", "report"] {
            let run = kifu(&[command, "--base-url", url, "--out", out.to_str().unwrap()]);
            assert_eq!(run.status.code(), Some(2), "{command} {url}");
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(
                stderr.contains(&format!("invalid value '{url}' for '--base-url <URL>'"))
                    && stderr.contains(why),
                "{command} {url}: {stderr}"
            );
            assert!(!out.exists(), "{command} {url} wrote {}", out.display());
        }
    }
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
    let pages = files_with_extension(&site.join("games"), "html");
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
