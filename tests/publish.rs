//! Issue 30's public edition: the pages an organizer publishes hold no finding code, no
//! source path and no move class, speak the chosen language (`lang` set, no label left in
//! English), and print every player of the event.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::cdp::Browser;
use crate::common::{kifu_ok, shared};

const WORLD_CHAMPIONSHIP: &str = "2015年慕中杯第14届世界象棋锦标赛";
const DPXQ: &str = "xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz";

/// Where the pages are kept (printed by the tests).
fn out_root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("publish")
}

/// The championship's database, ingested once for every test here.
fn championship_db() -> Option<&'static PathBuf> {
    static DB: OnceLock<Option<PathBuf>> = OnceLock::new();
    DB.get_or_init(|| {
        let dpxq = shared(DPXQ)?;
        let root = out_root();
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let db = root.join("kifu.db");
        kifu_ok(&[
            "ingest",
            "-q",
            "--db",
            db.to_str().unwrap(),
            dpxq.to_str().unwrap(),
        ]);
        Some(db)
    })
    .as_ref()
}

/// What a published page must never show: the event's finding codes, its sources' paths,
/// the replay's move classes and kifu's internal headings.
fn internal_words(db: &Path) -> Vec<String> {
    let audit = kifu_ok(&[
        "audit",
        "--db",
        db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--json",
    ]);
    let mut words: BTreeSet<String> = audit
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["code"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
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
