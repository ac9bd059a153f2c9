//! The public edition in its reader's script and with its counts (issue 58's review): the
//! 2015 World Xiangqi Championship's ECCO opening names, published in Simplified
//! characters, are shown in Traditional characters on zh-Hant pages and in the Japanese
//! forms on ja pages (site game pages, the site's games table, the report's chart of
//! openings with its pooled families); a player's score is written with the games it is
//! taken over (`83.3 % of 9 games`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common::{public_edition, world_championship_db, WORLD_CHAMPIONSHIP};

/// Game 5923, round 1: its ECCO code is A31, 飞相进右马对左过宫炮(其他).
const GAME: i64 = 5923;
/// 郑惟桐's page (his name percent-encoded): six wins and three draws in nine games.
const PLAYER_FILE: &str = "%E9%83%91%E6%83%9F%E6%A1%90.html";
/// Simplified characters of the ECCO names that Traditional and Japanese write otherwise.
const SIMPLIFIED_ONLY: [char; 8] = ['对', '马', '车', '进', '过', '边', '飞', '风'];

/// The folder of this file's outputs (kept under the target's temporary folder).
fn root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("public-scripts")
}

/// The championship's public `command` (`site` or `report`) in `lang`, built once per pair
/// (`None` without the shared data).
fn built(command: &'static str, lang: &'static str) -> Option<PathBuf> {
    static ROOT: OnceLock<()> = OnceLock::new();
    let db = world_championship_db()?;
    ROOT.get_or_init(|| {
        let _ = std::fs::remove_dir_all(root());
        std::fs::create_dir_all(root()).unwrap();
    });
    let out = root().join(format!("{command}-{lang}"));
    public_edition(command, db, lang, &out, &["--event", WORLD_CHAMPIONSHIP]);
    Some(out)
}

/// The text of game `id`'s opening on its page (`<dt>…</dt><dd>OPENING</dd>`, the last
/// item of its facts that ends with an ECCO code).
fn opening_on_page(site: &Path, id: i64) -> String {
    let html = std::fs::read_to_string(site.join("games").join(format!("{id}.html"))).unwrap();
    html.match_indices("<dd>")
        .map(|(at, _)| &html[at + 4..at + 4 + html[at + 4..].find("</dd>").unwrap()])
        .find(|dd| dd.ends_with(" A31"))
        .expect("the opening's item")
        .to_owned()
}

/// Every `<td class="opening">` of the site's games table.
fn opening_cells(index: &str) -> Vec<&str> {
    let key = "<td class=\"opening\">";
    index
        .match_indices(key)
        .map(|(at, _)| {
            let rest = &index[at + key.len()..];
            &rest[..rest.find("</td>").unwrap()]
        })
        .collect()
}

#[test]
fn zh_hant_pages_write_the_opening_names_in_traditional_characters() {
    let Some(site) = built("site", "zh-Hant") else {
        return;
    };
    assert_eq!(
        opening_on_page(&site, GAME),
        "飛相進右馬對左過宮炮(其他) A31"
    );
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    let cells = opening_cells(&index);
    // The event's 241 games, each with its opening.
    assert_eq!(cells.len(), 241);
    assert_eq!(
        cells.iter().filter(|c| **c == "中炮對列炮 D50").count(),
        5,
        "the five D50 games"
    );
    for cell in cells {
        assert!(
            !cell.chars().any(|c| SIMPLIFIED_ONLY.contains(&c)),
            "{cell} keeps a Simplified character"
        );
    }

    let report = built("report", "zh-Hant").unwrap();
    let html = std::fs::read_to_string(report.join("index.html")).unwrap();
    // The chart of openings: a code's name, and a family pooling its small openings.
    assert!(html.contains("中炮對列炮 D50"));
    assert!(html.contains("中炮對屏風馬 C（合併 34 個開局）"));
    assert!(!html.contains("中炮对屏风马"));
}

#[test]
fn ja_pages_write_the_opening_names_in_japanese_forms() {
    let Some(site) = built("site", "ja") else {
        return;
    };
    // 對 is 対 in Japanese; 馬, 進, 過 and 宮 are the Traditional forms.
    assert_eq!(
        opening_on_page(&site, GAME),
        "飛相進右馬対左過宮炮(其他) A31"
    );
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert_eq!(
        opening_cells(&index)
            .iter()
            .filter(|c| **c == "中炮対列炮 D50")
            .count(),
        5
    );
}

#[test]
fn a_players_score_says_how_many_games_it_is_taken_over() {
    for (lang, score) in [("en", "83.3 % of 9 games"), ("zh-Hans", "9 局中 83.3 %")] {
        let Some(site) = built("site", lang) else {
            return;
        };
        let page = std::fs::read_to_string(site.join("players").join(PLAYER_FILE)).unwrap();
        let cell = format!("<td class=\"score\">{score}</td>");
        // His line of the event and of the year 2015.
        assert_eq!(page.matches(&cell).count(), 2, "{lang}: {cell}");
    }
}
