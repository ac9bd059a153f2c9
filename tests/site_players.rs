//! The site's player pages (issue 58, item 1): on the 2015 World Xiangqi Championship,
//! 郑惟桐's page renders his record as `kifu player --json` gives it, lists his nine games
//! with links that resolve to the site's game pages, and each of those pages links back.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{ingest_ok, kifu_ok, shared};

const WORLD_CHAMPIONSHIP: &str = "2015年慕中杯第14届世界象棋锦标赛";
const DPXQ: &str = "xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz";
const PLAYER: &str = "郑惟桐";
/// 郑惟桐 percent-encoded: his page's file name in `players/`.
const PLAYER_FILE: &str = "%E9%83%91%E6%83%9F%E6%A1%90.html";

/// A fresh folder under the target's temporary folder (kept for a look).
fn fresh(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("site-players")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every `href` in `html` that begins with `prefix`, in order.
fn hrefs<'a>(html: &'a str, prefix: &str) -> Vec<&'a str> {
    let open = format!("href=\"{prefix}");
    html.match_indices(&open)
        .map(|(at, _)| {
            let rest = &html[at + "href=\"".len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn a_world_championship_player_page_lists_his_games_and_they_link_back() {
    let Some(dpxq) = shared(DPXQ) else {
        return;
    };
    let dir = fresh("world-championship");
    let db = dir.join("kifu.db");
    ingest_ok(&db, &[&dpxq]);
    let out = dir.join("site");
    let db_arg = db.to_str().unwrap();
    kifu_ok(&[
        "site",
        "-q",
        "--db",
        db_arg,
        "--event",
        WORLD_CHAMPIONSHIP,
        "--out",
        out.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(out.join("players").join(PLAYER_FILE))
        .expect("郑惟桐's page exists");
    assert!(page.contains(&format!("<h1>{PLAYER}</h1>")));

    // The page's numbers are the record's (`kifu player --json`, one counting). The site
    // applies no curation, so his points are the record's wins and draws at 2/1/0: 15.
    let record: Value = serde_json::from_str(&kifu_ok(&[
        "player",
        PLAYER,
        "--json",
        "--db",
        db_arg,
        "--event",
        WORLD_CHAMPIONSHIP,
    ]))
    .unwrap();
    let event = &record["by_event"][0];
    assert_eq!(event["event"], WORLD_CHAMPIONSHIP);
    assert_eq!(event["games"], 9);
    let (wins, draws, losses) = (
        event["wins"].as_u64().unwrap(),
        event["draws"].as_u64().unwrap(),
        event["losses"].as_u64().unwrap(),
    );
    assert_eq!(2 * wins + draws, 15, "{event}");
    assert!(
        page.contains(&format!(
            "<tr><td>{WORLD_CHAMPIONSHIP}</td><td>9</td><td>{wins}</td><td>{draws}</td>\
             <td>{losses}</td>"
        )),
        "the by-event row"
    );
    assert!(page.contains("id=\"by-year\""));

    // Nine games, each linking to an existing game page that links back to this page.
    let mut games = hrefs(&page, "../games/");
    games.dedup();
    assert_eq!(games.len(), 9, "{games:?}");
    let back = format!("../players/{}", PLAYER_FILE.replace('%', "%25"));
    for link in games {
        let game = out.join(link.strip_prefix("../").unwrap());
        let html = std::fs::read_to_string(&game)
            .unwrap_or_else(|e| panic!("{link} resolves to a game page: {e}"));
        let players = hrefs(&html, "../players/");
        assert_eq!(players.len(), 2, "{link} links both players");
        assert!(players.contains(&back.as_str()), "{link} links back");
        for p in players {
            let file = p.strip_prefix("../players/").unwrap().replace("%25", "%");
            assert!(out.join("players").join(file).is_file(), "{link}: {p}");
        }
    }
}
