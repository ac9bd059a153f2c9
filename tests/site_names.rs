//! Names in every language (issue 58, item 2): with a curation giving English names for
//! 郑惟桐 and the 2015 World Xiangqi Championship (its men's section and its rounds), the
//! English site shows them on the index (title, standings, crosstable, games table) and
//! on the game pages, while its links keep the record's names, and so does the English
//! report; the zh-Hans site shows the record's names; without the curation, the English
//! site shows the record's names.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::{
    copy_database, kifu_ok, public_edition, world_championship_db, WORLD_CHAMPIONSHIP,
};

const PLAYER: &str = "郑惟桐";
const PLAYER_EN: &str = "Zheng Weitong";
const EVENT_EN: &str = "14th World Xiangqi Championship";
const SECTION_EN: &str = "Men";
/// 郑惟桐's page, as a game page links it (percent-encoded twice: a browser decodes it once).
const PLAYER_LINK: &str = "../players/%25E9%2583%2591%25E6%2583%259F%25E6%25A1%2590.html";

const CURATION: &str = r#"
[[player]]
name = "郑惟桐"
names = { en = "Zheng Weitong" }

[[event]]
match = { event = "2015年慕中杯第14届世界象棋锦标赛" }
name = "2015年慕中杯第14届世界象棋锦标赛"
names = { en = "14th World Xiangqi Championship" }
rounds = { en = "Round {n}" }
sections = "group"

[[event.section]]
name = "男子组"
names = { en = "Men" }
"#;

/// The two databases, from one ingest: the records alone (shared with other test files),
/// and a copy with the curation applied. `None` without the shared data.
fn databases() -> Option<&'static (PathBuf, PathBuf)> {
    static DBS: OnceLock<Option<(PathBuf, PathBuf)>> = OnceLock::new();
    DBS.get_or_init(|| {
        let plain = world_championship_db()?.to_path_buf();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-names");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let curated = dir.join("curated.db");
        copy_database(&plain, &curated);
        let file = dir.join("curation.toml");
        std::fs::write(&file, CURATION).unwrap();
        kifu_ok(&[
            "curate",
            "--db",
            curated.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        Some((plain, curated))
    })
    .as_ref()
}

/// The site of the championship from `db` in `lang`, written under `name`: its index and
/// the page of each of 郑惟桐's games.
fn site(db: &Path, lang: &str, name: &str) -> (String, Vec<String>) {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("site-names")
        .join(name);
    public_edition("site", db, lang, &out, &["--event", WORLD_CHAMPIONSHIP]);
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    let mut games = Vec::new();
    for entry in std::fs::read_dir(out.join("games")).unwrap() {
        let path = entry.unwrap().path();
        // Beside each page: its record and its board's picture.
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let page = std::fs::read_to_string(path).unwrap();
        if page.contains(PLAYER_LINK) {
            games.push(page);
        }
    }
    assert_eq!(games.len(), 9, "郑惟桐's games in {name}");
    (index, games)
}

/// The text of the first `<tag …>` element in `html` whose opening tag contains `attr`.
fn element<'a>(html: &'a str, tag: &str, attr: &str) -> &'a str {
    let open = format!("<{tag}");
    let at = html
        .match_indices(&open)
        .map(|(i, _)| i)
        .find(|&i| html[i..i + html[i..].find('>').unwrap()].contains(attr))
        .unwrap_or_else(|| panic!("no <{tag}> with {attr}"));
    let close = format!("</{tag}>");
    &html[at..at + html[at..].find(&close).unwrap()]
}

#[test]
fn the_english_edition_shows_the_curated_english_names() {
    let Some((_, curated)) = databases() else {
        return;
    };
    let (index, games) = site(curated, "en", "curated-en");
    assert!(
        index.contains(&format!("<title>{EVENT_EN}")),
        "the index's title"
    );
    // Standings: his line shows his English name; the line still says who he is.
    let line = element(&index, "tr", &format!("data-player=\"{PLAYER}\""));
    assert!(line.contains(PLAYER_EN), "{line}");
    assert!(
        index.contains(&format!("{EVENT_EN} · {SECTION_EN}")),
        "the standings' heading names the event and section in English"
    );
    // Crosstable: the rounds by the English pattern, his line by his English name, the
    // section named in English.
    let caption = format!("<caption>Crosstable · {SECTION_EN}</caption>");
    let men = &index[index.find(&caption).expect("the men's crosstable")..];
    let crosstable = &men[..men.find("</table>").unwrap()];
    assert!(crosstable.contains("<th class=\"num\">Round 1</th>"));
    assert!(!crosstable.contains("第01轮"), "no round left in Chinese");
    assert!(crosstable.contains(&format!("<td>{PLAYER_EN}</td>")));
    // The games table too.
    let table = element(&index, "table", "id=\"games\"");
    assert!(table.contains(PLAYER_EN) && table.contains(">Round 1<"));
    for page in &games {
        let header = element(page, "dl", "class=\"meta\"");
        assert!(
            header.contains(&format!("<a href=\"{PLAYER_LINK}\">{PLAYER_EN}</a>")),
            "his name links his page by its file: {header}"
        );
        assert!(header.contains(&format!("<dd>{EVENT_EN}</dd>")), "{header}");
        assert!(header.contains("<dd>Round "), "{header}");
        assert!(!header.contains("轮"), "{header}");
        assert!(
            page.contains(&format!("<title>{PLAYER_EN}"))
                || page.contains(&format!(" – {PLAYER_EN}</title>"))
        );
    }
}

#[test]
fn the_chinese_edition_shows_the_records_names() {
    let Some((_, curated)) = databases() else {
        return;
    };
    let (index, games) = site(curated, "zh-Hans", "curated-zh");
    assert!(index.contains(&format!("<title>{WORLD_CHAMPIONSHIP}")));
    for page in std::iter::once(&index).chain(&games) {
        assert!(!page.contains(PLAYER_EN) && !page.contains(EVENT_EN));
        assert!(!page.contains("Round 1"));
    }
    let line = element(&index, "tr", &format!("data-player=\"{PLAYER}\""));
    assert!(line.contains(&format!(">{PLAYER}")), "{line}");
    assert!(games
        .iter()
        .all(|g| g.contains(&format!("<dd>{WORLD_CHAMPIONSHIP}</dd>"))));
}

#[test]
fn without_a_curation_the_english_edition_shows_the_records_names() {
    let Some((records, _)) = databases() else {
        return;
    };
    let (index, games) = site(records, "en", "records-en");
    assert!(index.contains(&format!("<title>{WORLD_CHAMPIONSHIP}")));
    assert!(index.contains("<th class=\"num\">第01轮</th>"));
    for page in std::iter::once(&index).chain(&games) {
        assert!(!page.contains(PLAYER_EN) && !page.contains(EVENT_EN));
    }
    assert!(games.iter().all(|g| g.contains(&format!(">{PLAYER}</a>"))));
}
