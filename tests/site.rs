//! `kifu site` (issue 17): the command's errors, and the index of generated events read
//! back from its HTML: every game of the filter listed with its page, the standings tables
//! equal to `kifu standings --json`, every crosstable result a link to a game of the site,
//! record strings escaped, a rebuilt site replacing the earlier one's pages, and the size of
//! a 2,000-game site, and the search box in headless Chromium.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::common::{files_with_extension, ingest_ok, kifu, kifu_ok, shared};

/// The attributes of each start tag of `html` that begins with `start` (e.g.
/// `<tr class="standing"`), as (name, unescaped value) pairs.
pub(crate) fn tags(html: &str, start: &str) -> Vec<Vec<(String, String)>> {
    html.match_indices(start)
        .map(|(at, _)| {
            let tag = &html[at..at + html[at..].find('>').unwrap()];
            let mut attrs = Vec::new();
            let mut rest = tag;
            while let Some(eq) = rest.find("=\"") {
                let name = rest[..eq].rsplit(' ').next().unwrap().to_string();
                let value_at = eq + 2;
                let end = value_at + rest[value_at..].find('"').unwrap();
                attrs.push((name, unescape(&rest[value_at..end])));
                rest = &rest[end + 1..];
            }
            attrs
        })
        .collect()
}

pub(crate) fn get<'a>(attrs: &'a [(String, String)], name: &str) -> &'a str {
    attrs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name} in {attrs:?}"))
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// A database of `games` generated games of `game` (extra `generate` flags in `more`).
fn generated_db(dir: &Path, game: &str, games: usize, more: &[&str]) -> PathBuf {
    let records = dir.join(format!("{game}.txt"));
    let db = dir.join(format!("{game}.db"));
    let n = games.to_string();
    let mut args = vec![
        "generate",
        "--quiet",
        "--game",
        game,
        "--games",
        &n,
        "--out",
        records.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    kifu_ok(&args);
    ingest_ok(&db, &[&records]);
    db
}

/// Builds the site and returns its index's HTML.
pub(crate) fn site(db: &Path, out: &Path, filter: &[&str]) -> String {
    let mut args = vec![
        "site",
        "--quiet",
        "--db",
        db.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(filter);
    let printed = kifu_ok(&args);
    assert_eq!(printed.trim(), out.join("index.html").to_str().unwrap());
    std::fs::read_to_string(out.join("index.html")).unwrap()
}

/// The ids `kifu games --format json` lists for the filter, in id order.
fn listed_ids(db: &Path, filter: &[&str]) -> Vec<i64> {
    let mut args = vec!["games", "--db", db.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(filter);
    kifu_ok(&args)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["id"].as_i64().unwrap()
        })
        .collect()
}

/// The pages that show the site's games: the index of a one-event site; the event pages
/// (`events/N.html`) of a site of many events, one after another, their links read as
/// from the index.
pub(crate) fn event_pages_html(out: &Path, index: &str) -> String {
    let events = out.join("events");
    if !index.contains("<table id=\"events-list\"") {
        return index.to_string();
    }
    let mut pages: Vec<(u64, PathBuf)> = std::fs::read_dir(&events)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            let n = path.file_stem()?.to_str()?.parse().ok()?;
            Some((n, path))
        })
        .collect();
    pages.sort();
    pages
        .iter()
        .map(|(_, p)| {
            std::fs::read_to_string(p)
                .unwrap()
                .replace("../games/", "games/")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The site lists every game of the filter (a one-event site on its index, an archive on
/// its event pages), each with its page; every link to a game page (crosstable results
/// included) names a game of the site.
fn assert_lists_every_game(index: &str, out: &Path, ids: &[i64]) {
    let archive = index.contains("<table id=\"events-list\"");
    let shown = event_pages_html(out, index);
    let mut rows: Vec<i64> = tags(&shown, "<tr class=\"game\"")
        .iter()
        .map(|a| get(a, "data-game").parse().unwrap())
        .collect();
    // An event of one game (nothing curated) has no page: the index links to its game.
    let one_game_events: Vec<i64> = if archive {
        one_game_events(index)
    } else {
        Vec::new()
    };
    rows.extend(&one_game_events);
    // Each table lists its games by round and board.
    rows.sort_unstable();
    assert_eq!(rows, ids);
    if !archive {
        assert!(index.contains(&format!("<span id=\"shown\">{}</span>", ids.len())));
    }
    assert!(index.contains("<input id=\"search\" type=\"search\""));
    assert!(index.contains("<p id=\"no-match\" class=\"note\" hidden>"));
    for id in ids {
        assert!(
            shown.contains(&format!("<a href=\"games/{id}.html\">{id}</a>"))
                || one_game_events.contains(id),
            "game {id} listed"
        );
        assert!(
            out.join(format!("games/{id}.html")).is_file(),
            "page of {id}"
        );
    }
    // One page per game (a site of one event also writes each game's record and picture
    // beside its page).
    let pages = files_with_extension(&out.join("games"), "html");
    assert_eq!(pages, ids.len());
    for asset in ["site.css", "index.js"] {
        assert!(out.join("assets").join(asset).is_file(), "{asset}");
    }
    // Every chart the index shows is there.
    for img in tags(index, "<img ") {
        assert!(out.join(get(&img, "src")).is_file(), "{img:?}");
    }
}

/// The games the events index links to directly: its events of one game.
fn one_game_events(index: &str) -> Vec<i64> {
    index
        .split("<tr class=\"event\"><td><a href=\"games/")
        .skip(1)
        .map(|row| row[..row.find(".html").unwrap()].parse().unwrap())
        .collect()
}

/// The crosstable's result links: the game ids they point at.
fn result_links(index: &str) -> Vec<i64> {
    tags(index, "<a class=\"result\"")
        .iter()
        .map(|a| {
            let href = get(a, "href");
            href.strip_prefix("games/")
                .and_then(|h| h.strip_suffix(".html"))
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect()
}

/// The standings tables of the index as (kind, event, [(player, place, points)]).
pub(crate) type Standings = Vec<(String, String, Vec<(String, u64, String)>)>;

pub(crate) fn index_standings(index: &str) -> Standings {
    let mut out: Standings = Vec::new();
    let tables: Vec<(usize, Vec<(String, String)>)> = index
        .match_indices("<table class=\"standings\"")
        .map(|(at, _)| at)
        .zip(tags(index, "<table class=\"standings\""))
        .collect();
    for (k, (at, attrs)) in tables.iter().enumerate() {
        let end = tables.get(k + 1).map_or(index.len(), |(next, _)| *next);
        let table = &index[*at..end];
        let table = &table[..table.find("</table>").unwrap()];
        let lines = tags(table, "<tr class=\"standing\"")
            .iter()
            .map(|a| {
                (
                    get(a, "data-player").to_string(),
                    get(a, "data-place").parse().unwrap(),
                    get(a, "data-points").to_string(),
                )
            })
            .collect();
        out.push((
            get(attrs, "data-kind").to_string(),
            get(attrs, "data-event").to_string(),
            lines,
        ));
    }
    out
}

/// `kifu standings --json` in the same shape (points as Rust's `{}` of the number).
pub(crate) fn json_standings(db: &Path, filter: &[&str]) -> Standings {
    let mut args = vec!["standings", "--json", "--db", db.to_str().unwrap()];
    args.extend_from_slice(filter);
    let v: serde_json::Value = serde_json::from_str(&kifu_ok(&args)).unwrap();
    let mut out = Vec::new();
    for (kind, tables) in v.as_object().unwrap() {
        for t in tables.as_array().unwrap() {
            let lines = if kind == "chouchou" {
                "standings"
            } else {
                "lines"
            };
            let lines = t[lines]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    let points = match l["points"].as_i64() {
                        Some(p) => p.to_string(),
                        None => format!("{}", l["points"].as_f64().unwrap()),
                    };
                    (
                        l["player"].as_str().unwrap().to_string(),
                        l["place"].as_u64().unwrap(),
                        points,
                    )
                })
                .collect();
            out.push((
                kind.clone(),
                t["event"].as_str().unwrap().to_string(),
                lines,
            ));
        }
    }
    out
}

#[test]
fn site_errors_come_first_and_no_match_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = generated_db(dir.path(), "renju", 6, &[]);
    let db = db.to_str().unwrap();

    // A file where the site's directory would go: an error before any work.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = kifu(&["site", "--db", db, "--out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a file is there"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");

    // A finding code the database does not know: an error naming it.
    let site = dir.path().join("site");
    let out = kifu(&[
        "site",
        "--db",
        db,
        "--code",
        "no-such-code",
        "--out",
        site.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-code"));
    assert!(!site.exists());

    // An event nobody played: named on standard error, no games match, no site.
    let out = kifu(&[
        "site",
        "--db",
        db,
        "--event",
        "No Such Cup",
        "--out",
        site.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("No Such Cup"), "{err}");
    assert!(
        err.contains("kifu site: no games match; no site written"),
        "{err}"
    );
    assert!(!site.join("index.html").exists());
}

#[test]
fn territorial_site_lists_every_game_and_its_standings_equal_kifu_standings() {
    let dir = tempfile::tempdir().unwrap();
    let db = generated_db(dir.path(), "territorial", 60, &[]);
    let out = dir.path().join("site");
    let index = site(&db, &out, &[]);
    let ids = listed_ids(&db, &[]);
    assert_eq!(ids.len(), 60);
    assert_lists_every_game(&index, &out, &ids);

    // Several events: each event's standings on its page.
    let pages = event_pages_html(&out, &index);
    let mut standings = index_standings(&pages);
    assert!(!standings.is_empty());
    standings.sort();
    let mut expected = json_standings(&db, &[]);
    expected.sort();
    assert_eq!(standings, expected);

    // Each decided game is linked from both players' crosstable cells.
    let links = result_links(&pages);
    let linked: BTreeSet<i64> = links.iter().copied().collect();
    let scored: Vec<i64> = kifu_ok(&["games", "--db", db.to_str().unwrap(), "--format", "json"])
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["counted_result"]
                .as_str()
                .map(|_| v["id"].as_i64().unwrap())
        })
        .collect();
    assert_eq!(linked, scored.iter().copied().collect());
    assert_eq!(links.len(), 2 * scored.len());

    // One event of several: the filter's games only.
    let events: Vec<String> = kifu_ok(&["events", "--db", db.to_str().unwrap()])
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("kifu"))
        .map(|l| l.split("  ").next().unwrap().to_string())
        .collect();
    let event = events.first().unwrap().as_str();
    let one = dir.path().join("one");
    let index = site(&db, &one, &["--event", event]);
    let ids = listed_ids(&db, &["--event", event]);
    assert_lists_every_game(&index, &one, &ids);
    assert_eq!(
        index_standings(&index),
        json_standings(&db, &["--event", event])
    );
}

#[test]
fn chouchou_site_standings_equal_kifu_standings() {
    // Pairs (two entries a game) and three players (three entries a game).
    for (more, entries) in [
        (&["--players", "4", "--pairs"][..], 2),
        (&["--players", "3"], 3),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = generated_db(dir.path(), "chouchou", 30, more);
        let out = dir.path().join("site");
        let index = site(&db, &out, &[]);
        let ids = listed_ids(&db, &[]);
        assert_lists_every_game(&index, &out, &ids);
        // Several events: each event's standings on its page.
        let pages = event_pages_html(&out, &index);
        let mut standings = index_standings(&pages);
        assert!(standings.iter().all(|(kind, _, _)| kind == "chouchou"));
        standings.sort();
        let mut expected = json_standings(&db, &[]);
        expected.sort();
        assert_eq!(standings, expected, "{more:?}");
        // Every game is linked from each of its entries' score-sheet cells.
        let links = result_links(&pages);
        assert_eq!(
            links.iter().copied().collect::<BTreeSet<_>>(),
            ids.iter().copied().collect(),
            "{more:?}"
        );
        assert_eq!(links.len(), entries * ids.len(), "{more:?}");
    }
}

#[test]
fn hostile_record_strings_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("hostile.txt");
    let hostile = "<script>alert(\"x\")</script> & 'q'";
    std::fs::write(
        &records,
        format!(
            "[Event \"<b>Cup</b> & co\"]\n[Round \"1<i>\"]\n[Date \"2020-01-01\"]\n\
             [Black \"{}\"]\n[White \"Plain Name\"]\n[Result \"1-0\"]\n\
             1. h8 2. h9 3. i8 4. i9 5. j8 6. j9 7. k8 8. k9 9. l8 1-0\n",
            // The tag's own quotes escaped as the format writes them.
            hostile.replace('"', "\\\"")
        ),
    )
    .unwrap();
    let db = dir.path().join("h.db");
    ingest_ok(&db, &[&records]);
    let out = dir.path().join("site");
    let index = site(&db, &out, &[]);
    assert!(!index.contains("<script>alert"), "unescaped name");
    assert!(!index.contains("<b>Cup"), "unescaped event");
    assert!(!index.contains("1<i>"), "unescaped round");
    let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;";
    assert!(index.contains(&format!(
        "<td class=\"players\">{escaped} – Plain Name</td>"
    )));
    assert!(index.contains("&lt;b&gt;Cup&lt;/b&gt; &amp; co"));
    // The attributes read back as the stored strings.
    let players: Vec<String> = tags(&index, "<tr class=\"standing\"")
        .iter()
        .map(|a| get(a, "data-player").to_string())
        .collect();
    assert!(players.contains(&hostile.to_string()), "{players:?}");
    let events: Vec<String> = tags(&index, "<table class=\"standings\"")
        .iter()
        .map(|a| get(a, "data-event").to_string())
        .collect();
    assert_eq!(events, ["<b>Cup</b> & co"]);
    // The game page too.
    let page = std::fs::read_to_string(out.join("games/1.html")).unwrap();
    assert!(
        !page.contains("<script>alert"),
        "unescaped name in the game page"
    );
    assert!(!page.contains("<b>Cup"), "unescaped event in the game page");
    assert!(
        page.contains("&lt;script&gt;alert("),
        "the name is on the game page"
    );
}

#[test]
fn a_rebuilt_site_replaces_the_earlier_pages_and_keeps_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let db = generated_db(dir.path(), "renju", 12, &[]);
    let out = dir.path().join("site");
    site(&db, &out, &[]);
    std::fs::write(out.join("games/9999.html"), "stale").unwrap();
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    let ids = listed_ids(&db, &["--round", "1"]);
    let index = site(&db, &out, &["--round", "1"]);
    assert_lists_every_game(&index, &out, &ids);
    assert!(!out.join("games/9999.html").exists());
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
    assert!(!out.join(".kifu-site-new").exists());
}

/// The 2015 World Xiangqi Championship (dpxq DhtmlXQ, 241 games, its perpetual checks):
/// every game listed and linked twice from the crosstables, the standings as `kifu
/// standings --json`, and every finding `kifu audit` lists for the event linked at its ply.
#[test]
fn world_championship_site_links_every_game_and_finding() {
    let Some(archive) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wc.db");
    ingest_ok(&db, &[&archive]);
    let filter = ["--event", "*第14届世界象棋锦标赛"];
    let out = dir.path().join("site");
    let index = site(&db, &out, &filter);
    let ids = listed_ids(&db, &filter);
    assert_eq!(ids.len(), 241);
    assert_lists_every_game(&index, &out, &ids);
    assert_eq!(index_standings(&index), json_standings(&db, &filter));
    let mut links = result_links(&index);
    links.sort_unstable();
    let twice: Vec<i64> = ids.iter().flat_map(|&id| [id, id]).collect();
    assert_eq!(links, twice);

    let mut args = vec!["audit", "--json", "--db", db.to_str().unwrap()];
    args.extend_from_slice(&filter);
    let mut expected: Vec<(String, String)> = kifu_ok(&args)
        .lines()
        .map(|l| {
            let f: serde_json::Value = serde_json::from_str(l).unwrap();
            let game = f["game"].as_i64().unwrap();
            let href = match f["ply"].as_u64() {
                Some(ply) => format!("games/{game}.html#ply={ply}"),
                None => format!("games/{game}.html"),
            };
            (f["code"].as_str().unwrap().to_string(), href)
        })
        .collect();
    assert!(expected
        .iter()
        .any(|(code, _)| code == "perpetual-check-changed"));
    let mut listed: Vec<(String, String)> = index
        .match_indices("<li class=\"audit-finding\"")
        .map(|(at, _)| {
            let item = &index[at..at + index[at..].find("</li>").unwrap()];
            let attrs = &tags(item, "<li ")[0];
            let link = &tags(item, "<a ")[0];
            (
                get(attrs, "data-code").to_string(),
                get(link, "href").to_string(),
            )
        })
        .collect();
    expected.sort();
    listed.sort();
    assert_eq!(listed, expected);
}

/// The sum of the sizes of every file under `dir`.
fn total_size(dir: &Path) -> u64 {
    let mut total = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let meta = entry.metadata().unwrap();
        total += if meta.is_dir() {
            total_size(&entry.path())
        } else {
            meta.len()
        };
    }
    total
}

/// Issue 17: "a 2,000-game event stays under 20 MB" — 2,000 generated Xiangqi games (the
/// generator's tournaments) in one site.
#[test]
fn a_two_thousand_game_site_stays_under_20_mb() {
    let dir = tempfile::tempdir().unwrap();
    let db = generated_db(dir.path(), "xiangqi", 2000, &[]);
    let out = dir.path().join("site");
    let index = site(&db, &out, &[]);
    let ids = listed_ids(&db, &[]);
    assert_eq!(ids.len(), 2000);
    assert_lists_every_game(&index, &out, &ids);
    let total = total_size(&out);
    let index_size = std::fs::metadata(out.join("index.html")).unwrap().len();
    eprintln!(
        "2,000-game site: {total} bytes in all, index {index_size}, games {}, charts {}, \
         assets {}",
        total_size(&out.join("games")),
        total_size(&out.join("charts")),
        total_size(&out.join("assets"))
    );
    assert!(total < 20_000_000, "{total} bytes");
}

/// The index in headless Chromium, opened with `#search=words`: its DOM once the search
/// script ran. `None` (skipped) without Chromium unless `KIFU_REQUIRE_CHROMIUM=1`.
fn searched_dom(index: &Path, words: &str) -> Option<String> {
    let url = format!("{}#search={words}", crate::chromium::file_url(index));
    crate::chromium::dom_of(&url)
}

/// The search box narrows the games table: rows not matching every word are hidden, the
/// count says how many are shown, and a search matching nothing says so.
#[test]
fn the_search_box_narrows_the_games_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = generated_db(dir.path(), "territorial", 30, &[]);
    let out = dir.path().join("site");
    site(&db, &out, &[]);
    let games: Vec<serde_json::Value> =
        kifu_ok(&["games", "--db", db.to_str().unwrap(), "--format", "json"])
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
    // A player's games of round 2 (case-insensitive): the player as listed, lower-cased.
    let player = games[0]["players"][0]["name"].as_str().unwrap().to_string();
    let expected: Vec<i64> = games
        .iter()
        .filter(|g| {
            g["round"].as_str() == Some("2")
                && g["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|p| p["name"].as_str().unwrap().contains(&player))
        })
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert!(!expected.is_empty());
    let first_word = player.split(' ').next().unwrap().to_lowercase();
    let words = format!("{}%20{}", encode(&first_word), "2");
    let Some(dom) = searched_dom(&out.join("index.html"), &words) else {
        return;
    };
    assert!(
        dom.contains("data-search-ready=\"1\""),
        "script did not run"
    );
    let shown: Vec<i64> = tags(&dom, "<tr class=\"game\"")
        .iter()
        .filter(|a| a.iter().all(|(n, _)| n != "hidden"))
        .map(|a| get(a, "data-game").parse().unwrap())
        .collect();
    // Round "2" also matches a player or result holding a 2; the first word must match.
    assert!(expected.iter().all(|id| shown.contains(id)), "{shown:?}");
    assert!(shown.len() < games.len());
    assert!(dom.contains(&format!("<span id=\"shown\">{}</span>", shown.len())));
    assert!(dom.contains("<p id=\"no-match\" class=\"note\" hidden"));

    let dom = searched_dom(&out.join("index.html"), "zzz-no-such-player").unwrap();
    assert!(dom.contains("<span id=\"shown\">0</span>"));
    assert!(
        dom.contains("<p id=\"no-match\" class=\"note\">"),
        "no-match not shown"
    );
}

/// Percent-encoding of a search word for the URL's fragment.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
