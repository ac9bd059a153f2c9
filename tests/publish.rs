//! Issue 30's public edition: the pages an organizer publishes hold no finding code, no
//! source path and no move class, speak the chosen language (`lang` set, no label left in
//! English), and print every player of the event.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::common::{
    audit_codes, ingest_ok, kifu_ok, shared, world_championship_db, WORLD_CHAMPIONSHIP,
};

/// Where the pages are kept (printed by the tests).
fn out_root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("publish")
}

/// The championship's database (ingested once for every test file that reads it), and
/// this file's output folder emptied once.
fn championship_db() -> Option<&'static Path> {
    static ROOT: OnceLock<()> = OnceLock::new();
    let db = world_championship_db()?;
    ROOT.get_or_init(|| {
        let root = out_root();
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
    });
    Some(db)
}

/// What a published page must never show: the event's finding codes, its sources' paths,
/// the replay's move classes and kifu's internal headings.
fn internal_words(db: &Path) -> Vec<String> {
    let mut words = audit_codes(db, &["--event", WORLD_CHAMPIONSHIP]);
    assert!(words.contains("ecco-differs"), "{words:?}");
    for w in [
        "dpxq",
        ".tar.xz",
        "chess_manual",
        "kifu event site",
        "kifu report",
        "idle",
        "chase ",
        "棋例",
        "counted black",
        "(unfinished)",
        "event *",
    ] {
        words.insert(w.to_owned());
    }
    words.into_iter().collect()
}

/// Every player of the event (`kifu standings --json`).
fn players(db: &Path) -> Vec<String> {
    let json: Value = serde_json::from_str(&kifu_ok(&[
        "standings",
        "--db",
        db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--json",
    ]))
    .unwrap();
    let mut names = BTreeSet::new();
    for table in json["xiangqi"].as_array().unwrap() {
        for line in table["lines"].as_array().unwrap() {
            names.insert(line["player"].as_str().unwrap().to_owned());
        }
    }
    assert!(names.len() > 60, "{names:?}");
    names.into_iter().collect()
}

/// `kifu report` of the championship in `lang`, public edition.
fn public_report(db: &Path, lang: &str) -> PathBuf {
    let out = out_root().join(format!("report-public-{lang}"));
    kifu_ok(&[
        "report",
        "-q",
        "--db",
        db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--edition",
        "public",
        "--lang",
        lang,
        "--out",
        out.to_str().unwrap(),
    ]);
    out
}

/// Words of three or more ASCII letters in `text` that are not names or abbreviations.
fn english_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !["SVG", "PNG", "ECCO", "kifu"].contains(w))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_public_report_shows_the_event_not_the_audit_in_english_and_chinese() {
    let Some(db) = championship_db() else {
        return;
    };
    let internal = internal_words(db);
    let players = players(db);
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    for lang in ["en", "zh-Hans"] {
        let out = public_report(db, lang);
        browser.open(&out.join("index.html"));
        assert_eq!(browser.eval("document.documentElement.lang"), lang);
        assert_eq!(browser.eval("document.body.dataset.edition"), "public");
        let text = browser.eval("document.body.innerText");
        let text = text.as_str().unwrap();
        let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
        for page in [text, markdown.as_str()] {
            for word in &internal {
                assert!(
                    !page.contains(word.as_str()),
                    "{lang}: the public report shows {word:?}"
                );
            }
            for name in &players {
                assert!(
                    page.contains(name.as_str()),
                    "{lang}: {name} is not in the report"
                );
            }
        }
        // The header is the event's, the games are printed with their moves.
        let h1 = browser.eval("document.querySelector('h1').textContent");
        assert_eq!(h1, WORLD_CHAMPIONSHIP);
        let games = browser.eval("document.querySelectorAll('article.game-sheet').length");
        assert_eq!(games, 241, "{lang}");
        let first = browser.eval("document.querySelector('article.game-sheet .moves').textContent");
        assert!(
            first.as_str().unwrap().starts_with("1. "),
            "{lang}: {first}"
        );
        if lang == "zh-Hans" {
            let left = english_words(text);
            assert!(left.is_empty(), "zh-Hans report keeps English: {left:?}");
        }
        assert_eq!(browser.problems(), Vec::<String>::new());
    }
}

/// An event whose site is published: its database and the filter that selects it.
struct Event {
    name: &'static str,
    db: PathBuf,
    filter: Vec<String>,
}

impl Event {
    fn args(&self, command: &str, extra: &[&str]) -> Vec<String> {
        let mut args = vec![
            command.to_owned(),
            "--db".into(),
            self.db.to_str().unwrap().into(),
        ];
        args.extend(self.filter.iter().cloned());
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    }

    fn kifu(&self, command: &str, extra: &[&str]) -> String {
        let args = self.args(command, extra);
        kifu_ok(&args.iter().map(String::as_str).collect::<Vec<_>>())
    }
}

/// The four events issue 30 publishes: the championship, a Renju BDT year, generated
/// Territorial and ChouChou (pairs) events.
fn published_events() -> Option<Vec<Event>> {
    let db = championship_db()?.to_path_buf();
    let pbem = shared("renju/games/bdt/stefs92_PBeMSort.bdt")?;
    let root = out_root().join("inputs");
    std::fs::create_dir_all(&root).unwrap();
    let bdt_db = root.join("bdt.db");
    if !bdt_db.exists() {
        ingest_ok(&bdt_db, &[&pbem]);
    }
    let mut events = vec![
        Event {
            name: "world-championship",
            db,
            filter: vec!["--event".into(), WORLD_CHAMPIONSHIP.into()],
        },
        Event {
            name: "renju-bdt-2004",
            db: bdt_db,
            filter: vec!["--date".into(), "2004".into()],
        },
    ];
    for (name, game, extra) in [
        ("territorial", "territorial", &[][..]),
        (
            "chouchou-pairs",
            "chouchou",
            &["--players", "4", "--pairs"][..],
        ),
    ] {
        let (file, event) = crate::site_pages::generated(&root.join(name), game, extra);
        let db = root.join(format!("{name}.db"));
        let _ = std::fs::remove_file(&db);
        ingest_ok(&db, &[&file]);
        events.push(Event {
            name,
            db,
            filter: vec!["--event".into(), event],
        });
    }
    Some(events)
}

/// The smallest chart text on the page as drawn, in CSS px: each SVG chart's smallest
/// `font-size`, scaled by how wide the image is drawn against its own width.
fn smallest_chart_text(browser: &mut Browser, page: &Path) -> Option<f64> {
    let images = browser.eval(
        "[...document.querySelectorAll('img')].filter(i => i.currentSrc.endsWith('.svg') && \
         i.getClientRects().length > 0).map(i => [decodeURIComponent(new URL(i.currentSrc).pathname), \
         i.getBoundingClientRect().width])",
    );
    let mut smallest: Option<f64> = None;
    for image in images.as_array().unwrap() {
        let path = Path::new(image[0].as_str().unwrap());
        let drawn = image[1].as_f64().unwrap();
        let svg =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let width: f64 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.trim_end_matches("px").parse().ok())
            .unwrap_or_else(|| panic!("{}: no width", page.display()));
        for size in svg.split("font-size=\"").skip(1) {
            let px: f64 = size
                .split('"')
                .next()
                .and_then(|s| s.trim_end_matches("px").parse().ok())
                .unwrap();
            let shown = px * drawn / width;
            smallest = Some(smallest.map_or(shown, |s: f64| s.min(shown)));
        }
    }
    smallest
}

/// The pages of a site to look at: the index, up to three event pages, and the first,
/// second and last game pages.
fn sample_pages(dir: &Path) -> Vec<PathBuf> {
    let mut pages = vec![dir.join("index.html")];
    for sub in ["events", "games"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "html"));
        files.sort_by_key(|p| {
            p.file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.parse::<u64>().ok())
                .unwrap_or(u64::MAX)
        });
        let n = files.len();
        for (i, f) in files.into_iter().enumerate() {
            if i < 2 || i + 1 == n {
                pages.push(f);
            }
        }
    }
    pages
}

#[test]
fn published_sites_speak_the_public_and_fit_a_phone() {
    let Some(events) = published_events() else {
        return;
    };
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    for event in &events {
        let filter: Vec<&str> = event.filter.iter().map(String::as_str).collect();
        let mut internal = audit_codes(&event.db, &filter);
        for g in event.kifu("games", &["--format", "json"]).lines() {
            let g: Value = serde_json::from_str(g).unwrap();
            let source = g["source"].as_str().unwrap();
            let file = source.rsplit(['/', '!']).next().unwrap();
            internal.insert(file.to_owned());
        }
        for w in [
            "kifu event site",
            "idle",
            "chase ",
            "(forbidden",
            "(allowed",
            "counted ",
        ] {
            internal.insert(w.to_owned());
        }
        for edition in ["public", "audit"] {
            for lang in ["en", "zh-Hans"] {
                let dir = out_root().join(format!("{}-{edition}-{lang}", event.name));
                let _ = std::fs::remove_dir_all(&dir);
                event.kifu(
                    "site",
                    &[
                        "-q",
                        "--edition",
                        edition,
                        "--lang",
                        lang,
                        "--out",
                        dir.to_str().unwrap(),
                    ],
                );
                let what = format!("{} {edition} {lang}", event.name);
                for page in sample_pages(&dir) {
                    browser.set_viewport(1280, 900);
                    browser.open(&page);
                    assert_eq!(
                        browser.eval("document.documentElement.lang"),
                        lang,
                        "{what}: {}",
                        page.display()
                    );
                    if edition == "public" {
                        let text = browser.eval("document.body.innerText");
                        for word in &internal {
                            assert!(
                                !text.as_str().unwrap().contains(word.as_str()),
                                "{what}: {} shows {word:?}",
                                page.display()
                            );
                        }
                        // A game page opens at its last move: the score line, the last
                        // captures and the legend are in the page's language.
                        if lang == "zh-Hans" {
                            for word in ["wins", "captured", "team ", "White", "hand:", "draw"] {
                                assert!(
                                    !text.as_str().unwrap().contains(word),
                                    "{what}: {} shows {word:?}",
                                    page.display()
                                );
                            }
                        }
                    }
                    browser.set_viewport(375, 800);
                    browser.open(&page);
                    let fit =
                        browser.eval("[document.documentElement.scrollWidth, window.innerWidth]");
                    assert!(
                        fit[0].as_f64().unwrap() <= fit[1].as_f64().unwrap(),
                        "{what}: {} is wider than a phone: {fit}",
                        page.display()
                    );
                    // Nor is any table (one scrolled inside its frame would be): their
                    // columns wrap, or a crosstable's lines stack.
                    let wide = browser.eval(
                        "[...document.querySelectorAll('table')].filter(t => t.getClientRects().length)                         .map(t => [t.id || t.className, Math.ceil(t.getBoundingClientRect().right)])                         .filter(t => t[1] > window.innerWidth)",
                    );
                    assert_eq!(
                        wide,
                        json!([]),
                        "{what}: {} has tables wider than a phone",
                        page.display()
                    );
                    if let Some(px) = smallest_chart_text(&mut browser, &page) {
                        assert!(
                            px >= 11.0,
                            "{what}: {} has chart text of {px:.1} px",
                            page.display()
                        );
                    }
                    if page.parent().is_some_and(|p| p.ends_with("games")) {
                        let board = browser.eval(
                            "(() => { const r = document.getElementById('board').getBoundingClientRect(); \
                             return [r.top, r.bottom, window.innerHeight]; })()",
                        );
                        let (top, height) =
                            (board[0].as_f64().unwrap(), board[2].as_f64().unwrap());
                        assert!(
                            (0.0..height).contains(&top),
                            "{what}: {} opens with the board out of view: {board}",
                            page.display()
                        );
                    }
                }
            }
        }
    }
    assert_eq!(browser.problems(), Vec::<String>::new());
}
