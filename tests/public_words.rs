//! Issue 58's word list: the public edition speaks to spectators. The site and the report
//! of the 2015 World Xiangqi Championship and of a BDT Renju event, in each language, show
//! none of the researchers' words (`Wilson`, `plies`, `canonical`, `ICCS`, `(none)`); in
//! Japanese and Chinese no Latin-script word but the players' and events' names as the
//! store holds them, and kifu's own. Ratings appear on public pages only when asked, as of
//! the event.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::{ingest_ok, public_edition, shared, DPXQ, WORLD_CHAMPIONSHIP};

const BDT: &str = "renju/games/bdt/stefs92_MST-MM-40.bdt";
const LANGS: [&str; 4] = ["en", "ja", "zh-Hans", "zh-Hant"];

/// Words a spectator should not meet in the public edition, in any language.
const JARGON: [&str; 5] = ["Wilson", "plies", "canonical", "ICCS", "(none)"];

/// Latin words a Japanese or Chinese public page may show besides the store's names: the
/// program's name, and the keys the game pages' replay answers to, named as printed on
/// them.
const LATIN_KEPT: [&str; 3] = ["kifu", "Home", "End"];

/// The database with both events, the public editions built from it, and the names
/// (players and events) the store holds.
struct Published {
    root: PathBuf,
    names: BTreeSet<String>,
}

fn published() -> Option<&'static Published> {
    static PUBLISHED: OnceLock<Option<Published>> = OnceLock::new();
    PUBLISHED
        .get_or_init(|| {
            let dpxq = shared(DPXQ)?;
            let bdt = shared(BDT)?;
            let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("public-words");
            let _ = std::fs::remove_dir_all(&root);
            std::fs::create_dir_all(&root).unwrap();
            let db = root.join("kifu.db");
            ingest_ok(&db, &[&dpxq, &bdt]);
            // Each language's site and report of each event, built side by side.
            std::thread::scope(|s| {
                for lang in LANGS {
                    for (event, filter) in [
                        ("wxc", ["--event", WORLD_CHAMPIONSHIP]),
                        ("bdt", ["--game", "renju"]),
                    ] {
                        for command in ["site", "report"] {
                            let out = root.join(format!("{event}-{command}-{lang}"));
                            let db = &db;
                            s.spawn(move || public_edition(command, db, lang, &out, &filter));
                        }
                    }
                }
            });
            Some(Published {
                names: store_names(&db),
                root,
            })
        })
        .as_ref()
}

/// Every player's and event's name in the store.
fn store_names(db: &Path) -> BTreeSet<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT name FROM players UNION SELECT name FROM events")
        .unwrap();
    let names = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    names
}

/// The text a reader sees in an HTML or SVG file: the text between tags (scripts, styles
/// and comments left out), with the `title`, `alt` and `aria-label` attributes that
/// tooltips and screen readers show, entities decoded.
fn visible_text(markup: &str) -> String {
    let mut out = String::new();
    let mut rest = markup;
    while let Some(open) = rest.find('<') {
        out.push_str(&decode(&rest[..open]));
        out.push(' ');
        rest = &rest[open..];
        let skipped = [
            ("<script", "</script>"),
            ("<style", "</style>"),
            ("<!--", "-->"),
        ]
        .into_iter()
        .find(|(start, _)| {
            rest.len() >= start.len()
                && rest.as_bytes()[..start.len()].eq_ignore_ascii_case(start.as_bytes())
        });
        if let Some((_, end)) = skipped {
            let at = rest.find(end).map_or(rest.len(), |i| i + end.len());
            rest = &rest[at..];
            continue;
        }
        let close = rest.find('>').map_or(rest.len(), |i| i + 1);
        for attr in [" title=\"", " alt=\"", " aria-label=\""] {
            let tag = &rest[..close];
            if let Some(at) = tag.find(attr) {
                let value = &tag[at + attr.len()..];
                let value = &value[..value.find('"').unwrap_or(value.len())];
                out.push_str(&decode(value));
                out.push(' ');
            }
        }
        rest = &rest[close..];
    }
    out.push_str(&decode(rest));
    out
}

/// The entities kifu's pages write.
fn decode(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e < 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let c = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The Latin-script words of `text`: runs of ASCII letters and digits with at least two
/// letters (`Wilson`, `f9e8`), so that board points (`h8`), opening codes (`D11`, `C42`)
/// and marks (`+3`) are not words.
fn latin_words(text: &str) -> BTreeSet<&str> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 2)
        .collect()
}

/// Every HTML and SVG file under `dir`.
fn pages(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(pages(&path));
        } else if path.extension().is_some_and(|e| e == "html" || e == "svg") {
            out.push(path);
        }
    }
    out
}

#[test]
fn the_public_edition_speaks_plain_words_in_every_language() {
    let Some(p) = published() else {
        return;
    };
    let allowed: BTreeSet<&str> = p
        .names
        .iter()
        .flat_map(|n| latin_words(n))
        .chain(LATIN_KEPT)
        .collect();
    let mut found = Vec::new();
    for lang in LANGS {
        for event in ["wxc", "bdt"] {
            for command in ["site", "report"] {
                let dir = p.root.join(format!("{event}-{command}-{lang}"));
                let files = pages(&dir);
                assert!(files.len() > 1, "{}: no pages", dir.display());
                for file in files {
                    let text = visible_text(&std::fs::read_to_string(&file).unwrap());
                    let shown = file.strip_prefix(&p.root).unwrap().display();
                    for word in JARGON {
                        if text.to_lowercase().contains(&word.to_lowercase()) {
                            found.push(format!("{shown}: {word}"));
                        }
                    }
                    if lang == "ja" || lang.starts_with("zh") {
                        let latin: Vec<&str> = latin_words(&text)
                            .into_iter()
                            .filter(|w| !allowed.contains(w))
                            .collect();
                        if !latin.is_empty() {
                            found.push(format!("{shown}: {latin:?}"));
                        }
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_visible_text_is_what_a_reader_sees() {
    let html = "<style>p{}</style><p title=\"a &amp; b\">x&lt;y</p><script>Wilson</script>\
                <!-- plies --><img alt=\"board\">";
    let text = visible_text(html);
    assert!(text.contains("a & b") && text.contains("x<y") && text.contains("board"));
    assert!(!text.contains("Wilson") && !text.contains("plies") && !text.contains("p{}"));
    assert_eq!(
        latin_words("第 95 步：f5g5 h8 D11 +3 Kansei"),
        BTreeSet::from(["Kansei", "f5g5"])
    );
}

#[test]
fn public_pages_show_ratings_only_when_asked_and_as_of_the_event() {
    let Some(p) = published() else {
        return;
    };
    // Without --ratings the public site shows none.
    let index =
        std::fs::read_to_string(p.root.join("wxc-site-zh-Hans").join("index.html")).unwrap();
    assert!(!index.contains("class=\"rating\""));

    let db = p.root.join("kifu.db");
    let out = p.root.join("wxc-site-ratings");
    public_edition(
        "site",
        &db,
        "zh-Hans",
        &out,
        &["--event", WORLD_CHAMPIONSHIP, "--ratings"],
    );
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    // The event's last games were played on 26 August 2015.
    let label = "kifu 等级分（截至 2015年8月26日）";
    let spans: Vec<&str> = index
        .match_indices("<span class=\"rating\" title=\"")
        .map(|(at, _)| &index[at..at + index[at..].find("</span>").unwrap()])
        .collect();
    assert!(!spans.is_empty(), "no rating shown with --ratings");
    for span in &spans {
        assert!(span.contains(label), "{span}");
    }
    assert!(index.contains(&format!("<p class=\"note rating-note\">{label}</p>")));
}
