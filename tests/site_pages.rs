//! Issue 17's done-when: the sites of four events built with `kifu site` and driven in
//! headless Chromium over the DevTools protocol, as a reader does (keys, clicks, typing).

use crate::cdp::Browser;
use crate::chromium;
use serde_json::json;

/// The driver itself, on a hand-made page: keys, clicks, typing, a fragment change, and a
/// page that logs an error and asks the network are both caught.
#[test]
fn the_driver_presses_keys_clicks_types_and_sees_errors() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    std::fs::write(
        &page,
        r#"<!doctype html><html><body data-n="0"><button id="b">b</button>
<input id="s" type="search"><span id="echo"></span>
<script>
let n = 0;
document.addEventListener('keydown', e => {
  if (e.key === 'ArrowRight') n++;
  if (e.key === 'Home') n = 0;
  document.body.dataset.n = n;
});
document.getElementById('b').addEventListener('click', () => { n += 10; document.body.dataset.n = n; });
document.getElementById('s').addEventListener('input', e => {
  document.getElementById('echo').textContent = e.target.value;
});
window.addEventListener('hashchange', () => { document.body.dataset.hash = location.hash; });
if (location.search === '?bad') {
  console.error('boom');
  fetch('http://example.invalid/x').catch(() => {});
}
</script></body></html>"#,
    )
    .unwrap();
    let Some(mut browser) = Browser::launch(800, 600) else {
        return;
    };
    browser.open(&page);
    let n = |b: &mut Browser| b.eval("document.body.dataset.n");
    browser.key("ArrowRight");
    browser.key("ArrowRight");
    assert_eq!(n(&mut browser), json!("2"));
    browser.click("#b");
    assert_eq!(n(&mut browser), json!("12"));
    browser.key("Home");
    assert_eq!(n(&mut browser), json!("0"));
    browser.type_into("#s", "李明 x");
    assert_eq!(
        browser.eval("document.getElementById('echo').textContent"),
        json!("李明 x")
    );
    browser.clear("#s");
    assert_eq!(
        browser.eval("document.getElementById('echo').textContent"),
        json!("")
    );
    let url = format!("file://{}#ply=7", page.canonicalize().unwrap().display());
    browser.open_url(&url);
    assert!(browser.wait_for("document.body.dataset.hash === '#ply=7'"));
    assert_eq!(browser.problems(), Vec::<String>::new());

    let shot = dir.path().join("shot.png");
    browser.screenshot(&shot, false);
    let (w, h, _, _) = chromium::decode_png(&shot);
    assert_eq!((w, h), (800, 600));

    let bad = format!("file://{}?bad", page.canonicalize().unwrap().display());
    browser.open_url(&bad);
    assert!(browser.wait_for("true"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    let problems = browser.problems();
    assert!(problems.iter().any(|p| p.contains("boom")), "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("request leaves the page: http://example.invalid/x")),
        "{problems:?}"
    );
}

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{audit_json, ingest_ok, kifu_ok, shared, DPXQ, WORLD_CHAMPIONSHIP};

const PBEM: &str = "renju/games/bdt/stefs92_PBeMSort.bdt";

/// Where the sites and their screenshots are kept (printed by the tests).
pub(crate) fn out_root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("site-pages")
}

/// One event's site: its database, the filter that selects it, its directory.
pub(crate) struct Site {
    pub(crate) name: &'static str,
    pub(crate) db: PathBuf,
    pub(crate) filter: Vec<String>,
    pub(crate) dir: PathBuf,
}

impl Site {
    /// `kifu ingest` of `inputs`, then `kifu site FILTER --out DIR`.
    pub(crate) fn build(name: &'static str, inputs: &[&Path], filter: &[&str]) -> Site {
        let root = out_root().join(name);
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let db = root.join("kifu.db");
        ingest_ok(&db, inputs);
        let dir = root.join("site");
        let mut args = vec!["site", "-q", "--db", db.to_str().unwrap()];
        args.extend_from_slice(filter);
        args.extend(["--out", dir.to_str().unwrap()]);
        kifu_ok(&args);
        eprintln!("site: {}", dir.display());
        Site {
            name,
            db,
            filter: filter.iter().map(|s| s.to_string()).collect(),
            dir,
        }
    }

    /// A kifu command on the site's database with the site's filter and `extra`.
    pub(crate) fn kifu(&self, command: &str, extra: &[&str]) -> String {
        let mut args = vec![command, "--db", self.db.to_str().unwrap()];
        args.extend(self.filter.iter().map(String::as_str));
        args.extend_from_slice(extra);
        kifu_ok(&args)
    }

    /// The games the filter selects (`kifu games --format json`).
    pub(crate) fn games(&self) -> Vec<Value> {
        self.kifu("games", &["--format", "json"])
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }
}

/// A generated tournament file of `game` (with `extra` generator flags), and the first
/// event it holds.
pub(crate) fn generated(dir: &Path, game: &str, extra: &[&str]) -> (PathBuf, String) {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join(format!("{game}.txt"));
    let mut args = vec![
        "generate",
        "-q",
        "--game",
        game,
        "--games",
        "48",
        "--seed",
        "17",
        "--out",
        file.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    kifu_ok(&args);
    let text = std::fs::read_to_string(&file).unwrap();
    let event = text
        .lines()
        .find_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("[Event \"")?;
            Some(rest.trim_end_matches("\"]").to_owned())
        })
        .expect("a generated tournament names its event");
    (file, event)
}

/// What `kifu show GAME --ply N` shows of the board: the occupied cells (cell → content
/// as the contract writes them), and the side lines the page must repeat.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Shown {
    pub(crate) cells: BTreeMap<String, String>,
    /// Renju: Black's forbidden points (point → kind).
    forbidden: BTreeMap<String, String>,
    /// Territorial: the two hand lines; ChouChou: the captured totals.
    lines: Vec<String>,
}

pub(crate) fn show(site: &Site, game: i64, ply: u32, kind: &str) -> Shown {
    let text = kifu_ok(&[
        "show",
        "--db",
        site.db.to_str().unwrap(),
        &game.to_string(),
        "--ply",
        &ply.to_string(),
    ]);
    let mut shown = Shown::default();
    match kind {
        "renju" => {
            for line in text.lines() {
                let b = line.as_bytes();
                let row: Option<u32> = line.get(0..2).and_then(|s| s.trim().parse().ok());
                let board_row = b.len() >= 31 && b" (".contains(&b[2]) && b".XO".contains(&b[3]);
                if let (Some(row), true) = (row, board_row) {
                    for col in 0..15 {
                        let c = b[3 + 2 * col];
                        if c == b'X' || c == b'O' {
                            let at = format!("{}{row}", (b'a' + col as u8) as char);
                            shown.cells.insert(at, (c as char).to_string());
                        }
                    }
                }
                if let Some(list) = line.strip_prefix("Black's forbidden points: ") {
                    for item in list.split(", ") {
                        let (p, k) = item.split_once(' ').unwrap();
                        shown.forbidden.insert(p.to_owned(), k.to_owned());
                    }
                }
            }
        }
        "xiangqi" => {
            let fen = text
                .lines()
                .find_map(|l| l.split_once("; FEN ").map(|(_, f)| f.to_owned()))
                .expect("show prints the FEN");
            shown.cells = xiangqi_fen_cells(&fen);
        }
        "territorial" => {
            for line in text.lines() {
                let b = line.as_bytes();
                if b.len() >= 17 && (b'1'..=b'8').contains(&b[0]) && b[1] == b' ' {
                    for col in 0..8 {
                        let c = b[2 + 2 * col];
                        if c.is_ascii_alphabetic() {
                            let at = format!("{}{}", (b'a' + col as u8) as char, b[0] as char);
                            shown.cells.insert(at, (c as char).to_string());
                        }
                    }
                }
                if line.starts_with("White hand:") || line.starts_with("Black hand:") {
                    shown.lines.push(line.trim().to_owned());
                }
            }
        }
        "chouchou" => {
            let mut header = false;
            for line in text.lines() {
                if line.starts_with("    1") {
                    header = true;
                    continue;
                }
                let mut words = line.split_whitespace();
                let row = words.next().unwrap_or_default();
                if header && row.len() == 1 && ("A".."E").contains(&row) {
                    for (i, cell) in words.enumerate() {
                        if cell != "." {
                            shown
                                .cells
                                .insert(format!("{}{row}", i + 1), cell.to_owned());
                        }
                    }
                } else {
                    header = header && line.is_empty();
                }
                if let Some((_, totals)) = line.split_once(" actions: ") {
                    shown.lines.push(totals.to_owned());
                }
            }
        }
        other => panic!("kind {other}"),
    }
    shown
}

/// A Xiangqi FEN's pieces as the page's cells: the ICCS square `e0` → the FEN letter.
pub(crate) fn xiangqi_fen_cells(fen: &str) -> BTreeMap<String, String> {
    let mut cells = BTreeMap::new();
    let board = fen.split(' ').next().unwrap();
    for (r, rank) in board.split('/').enumerate() {
        let row = 9 - r;
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else {
                cells.insert(format!("{}{row}", (b'a' + file) as char), c.to_string());
                file += 1;
            }
        }
    }
    cells
}

/// What the game page shows now: its ply and its board as the contract exposes it.
pub(crate) fn page_board(browser: &mut Browser) -> (u32, Shown) {
    let v = browser.eval(
        "JSON.stringify({
           ply: document.body.dataset.ply,
           cells: [...document.querySelectorAll('#board [data-piece]')]
             .map(e => [e.dataset.at, e.dataset.piece]),
           forbidden: [...document.querySelectorAll('#board [data-forbidden]')]
             .map(e => [e.dataset.forbidden, e.dataset.forbiddenKind]),
           hands: document.getElementById('hands')?.innerText ?? null,
           captured: document.getElementById('captured')?.textContent ?? null
         })",
    );
    let v: Value = serde_json::from_str(v.as_str().unwrap()).unwrap();
    let pairs = |key: &str| -> BTreeMap<String, String> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p[0].as_str().unwrap().to_owned(),
                    p[1].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let mut lines = Vec::new();
    if let Some(hands) = v["hands"].as_str() {
        lines.extend(
            hands
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    if let Some(captured) = v["captured"].as_str() {
        lines.push(captured.trim().to_owned());
    }
    let ply = v["ply"].as_str().unwrap().parse().unwrap();
    (
        ply,
        Shown {
            cells: pairs("cells"),
            forbidden: pairs("forbidden"),
            lines,
        },
    )
}

/// The page's board at its current ply equals `kifu show` at that ply.
pub(crate) fn assert_board_is_shown(
    site: &Site,
    browser: &mut Browser,
    game: i64,
    kind: &str,
    ply: u32,
) {
    let (at, mut page) = page_board(browser);
    assert_eq!(
        at, ply,
        "{}: game {game}: the page is at ply {at}",
        site.name
    );
    let shown = show(site, game, ply, kind);
    if kind == "chouchou" {
        // The page may say more around the totals (`captured after N actions: …`).
        let totals = &shown.lines[0];
        assert!(
            page.lines.iter().any(|l| l.contains(totals.as_str())),
            "{}: game {game} ply {ply}: captured {:?}, show says {totals}",
            site.name,
            page.lines
        );
        page.lines = shown.lines.clone();
    }
    assert_eq!(
        page, shown,
        "{}: game {game} at ply {ply}: the page (left) and kifu show (right) differ",
        site.name
    );
}

/// Standings tables as (event, [(player, place, points)]).
type StandingTables = Vec<(String, Vec<(String, String, String)>)>;

/// The JSON number as the contract writes `data-points` (`3`, `0.5`, `-2`).
fn points_text(v: &Value) -> String {
    let p = v.as_f64().expect("points");
    format!("{p}")
}

/// The index: every game listed (and its page written), the standings equal to `kifu
/// standings`, crosstable results linking to the event's games, the search box.
fn check_index(site: &Site, browser: &mut Browser, kind: &str, games: &[Value]) {
    let n = site.name;
    browser.open(&site.dir.join("index.html"));
    let ids: Vec<i64> = games.iter().map(|g| g["id"].as_i64().unwrap()).collect();
    let mut listed: Vec<i64> = serde_json::from_value(
        browser.eval("[...document.querySelectorAll('tr.game')].map(r => +r.dataset.game)"),
    )
    .unwrap();
    // The table lists the games by round and board, `kifu games` by id.
    listed.sort_unstable();
    assert_eq!(
        listed, ids,
        "{n}: the index lists other games than `kifu games`"
    );
    for id in &ids {
        assert!(
            site.dir.join(format!("games/{id}.html")).is_file(),
            "{n}: no page for game {id}"
        );
        let link = format!("tr.game[data-game=\"{id}\"] a[href=\"games/{id}.html\"]");
        assert_eq!(
            browser.eval(&format!("!!document.querySelector({})", json!(link))),
            json!(true),
            "{n}: game {id}'s row does not link to its page"
        );
    }

    // Standings: the tables `kifu standings` prints, line for line.
    let standings: Value = serde_json::from_str(&site.kifu("standings", &["--json"])).unwrap();
    let mut expected: StandingTables = Vec::new();
    for table in standings[kind].as_array().unwrap() {
        let lines = table
            .get("lines")
            .or(table.get("standings"))
            .and_then(Value::as_array)
            .unwrap();
        if lines.is_empty() {
            continue;
        }
        let rows: Vec<(String, String, String)> = lines
            .iter()
            .map(|l| {
                (
                    l["player"].as_str().unwrap().to_owned(),
                    l["place"].to_string(),
                    points_text(&l["points"]),
                )
            })
            .collect();
        expected.push((table["event"].as_str().unwrap().to_owned(), rows));
    }
    let page: StandingTables = serde_json::from_value(browser.eval(
        "[...document.querySelectorAll('table.standings')]
           .map(t => [t.dataset.event, [...t.querySelectorAll('tr.standing')]
             .map(r => [r.dataset.player, r.dataset.place, r.dataset.points])])
           .filter(t => t[1].length > 0)",
    ))
    .unwrap();
    assert_eq!(
        page, expected,
        "{n}: the standings differ from `kifu standings`"
    );
    let linked: BTreeSet<i64> = serde_json::from_value::<Vec<String>>(
        browser.eval("[...document.querySelectorAll('a.result')].map(a => a.getAttribute('href'))"),
    )
    .unwrap()
    .iter()
    .map(|h| {
        let id = h
            .strip_prefix("games/")
            .and_then(|h| h.strip_suffix(".html"))
            .unwrap_or_else(|| panic!("{n}: a result links to {h}"));
        id.parse().unwrap()
    })
    .collect();
    // A crosstable is drawn by rounds: an event whose records name rounds has one, and
    // its results link to the games.
    let has_rounds = games.iter().any(|g| !g["round"].is_null());
    if !expected.is_empty() && has_rounds {
        assert!(!linked.is_empty(), "{n}: no crosstable result links a game");
    }
    let all: BTreeSet<i64> = ids.iter().copied().collect();
    assert!(
        linked.is_subset(&all),
        "{n}: results link to games outside the site: {:?}",
        linked.difference(&all).collect::<Vec<_>>()
    );

    // The search box: a player's name narrows the list to that player's games.
    let visible = |b: &mut Browser| -> Vec<i64> {
        serde_json::from_value(b.eval(
            "[...document.querySelectorAll('tr.game')].filter(r => !r.hidden && \
             r.getClientRects().length > 0).map(r => +r.dataset.game)",
        ))
        .unwrap()
    };
    let player = games
        .iter()
        .flat_map(|g| g["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .next()
        .expect("a named player");
    let wanted: Vec<i64> = games
        .iter()
        .filter(|g| {
            g["players"].as_array().unwrap().iter().any(|p| {
                p["name"]
                    .as_str()
                    .unwrap()
                    .to_lowercase()
                    .contains(&player.to_lowercase())
            })
        })
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    browser.type_into("#search", &player);
    assert!(browser.wait_for(&format!(
        "document.querySelectorAll('tr.game:not([hidden])').length === {}",
        wanted.len()
    )));
    let mut found = visible(browser);
    found.sort_unstable();
    assert_eq!(found, wanted, "{n}: searching {player}");
    assert!(wanted.len() < ids.len(), "{n}: the search did not narrow");
    assert_eq!(
        browser.eval("document.getElementById('shown').textContent.trim()"),
        json!(wanted.len().to_string())
    );
    browser.clear("#search");
    browser.type_into("#search", "zq-no-such-thing-qz");
    assert!(browser.wait_for("document.querySelectorAll('tr.game:not([hidden])').length === 0"));
    assert_eq!(
        browser.eval(
            "(() => { const e = document.getElementById('no-match'); \
             return !!e && !e.hidden && e.getClientRects().length > 0; })()"
        ),
        json!(true),
        "{n}: a search matching nothing does not say so"
    );
    browser.clear("#search");
    assert!(browser.wait_for(&format!(
        "document.querySelectorAll('tr.game:not([hidden])').length === {}",
        ids.len()
    )));
}

/// Moves the page to ply `ply` through its URL (`#ply=N`).
fn go_by_link(browser: &mut Browser, page: &Path, ply: u32) {
    let url = format!(
        "file://{}#ply={ply}",
        page.canonicalize().unwrap().display()
    );
    browser.open_url(&url);
    assert!(
        browser.wait_for(&format!("document.body.dataset.ply === '{ply}'")),
        "#ply={ply} did not move {} there",
        page.display()
    );
}

/// One game's page: opened, driven by keys, clicks and links, its boards compared with
/// `kifu show`, its findings checked at their plies.
fn check_game(site: &Site, browser: &mut Browser, game: &Value, kind: &str) {
    let n = site.name;
    let id = game["id"].as_i64().unwrap();
    let plies = game["plies"].as_u64().unwrap() as u32;
    let page = site.dir.join(format!("games/{id}.html"));
    browser.open(&page);
    assert_eq!(
        browser.eval("document.body.dataset.game"),
        json!(id.to_string())
    );
    assert_eq!(browser.eval("document.body.dataset.kind"), json!(kind));
    assert_eq!(
        browser.eval("document.body.dataset.plies"),
        json!(plies.to_string())
    );
    let compare = |browser: &mut Browser, ply: u32| {
        assert!(
            browser.wait_for(&format!("document.body.dataset.ply === '{ply}'")),
            "{n}: game {id}: not at ply {ply} but {}",
            browser.eval("document.body.dataset.ply")
        );
        assert_board_is_shown(site, browser, id, kind, ply);
    };
    // Keys.
    browser.key("End");
    compare(browser, plies);
    // The board's verdict at the end, as `kifu show` gives it (`board white (five)`).
    let verdict = kifu_ok(&["show", "--db", site.db.to_str().unwrap(), &id.to_string()])
        .lines()
        .find_map(|l| l.split_once(", board ").map(|(_, v)| v.to_owned()))
        .and_then(|v| v.rsplit_once(", ").map(|(v, _)| v.to_owned()))
        .expect("show prints the board's result");
    let ending = |b: &mut Browser| {
        b.eval(
            "(() => { const e = document.getElementById('ending');              return e && !e.hidden ? e.textContent : null; })()",
        )
    };
    if verdict.ends_with("(unfinished)") {
        assert_eq!(ending(browser), Value::Null, "{n}: game {id} is unfinished");
    } else {
        let text = ending(browser);
        assert!(
            text.as_str().is_some_and(|t| t.ends_with(&verdict)),
            "{n}: game {id} ends `{verdict}`, the page says {text}"
        );
    }
    browser.key("Home");
    compare(browser, 0);
    if plies > 0 {
        assert_eq!(
            ending(browser),
            Value::Null,
            "{n}: game {id} over at the start"
        );
    }
    let steps = plies.min(3);
    for _ in 0..steps {
        browser.key("ArrowRight");
    }
    compare(browser, steps);
    // Clicks: a move in the list, then the buttons.
    let mid = plies / 2;
    if mid > 0 {
        browser.click(&format!("#moves li.move[data-ply=\"{mid}\"]"));
        compare(browser, mid);
        assert_eq!(
            browser.eval("document.querySelector('#moves li.move.current')?.dataset.ply"),
            json!(mid.to_string()),
            "{n}: game {id}: the current move is not marked"
        );
        browser.click("#prev");
        compare(browser, mid - 1);
        browser.key("ArrowLeft");
        compare(browser, mid.saturating_sub(2));
    }
    browser.click("#last");
    compare(browser, plies);
    browser.click("#first");
    compare(browser, 0);
    if plies > 0 {
        browser.click("#next");
        compare(browser, 1);
    }

    // Findings: each at its ply (opened by link), plyless ones always shown.
    let findings: Vec<Value> = audit_json(&site.db, &["--game", &id.to_string()]);
    let on_page: Vec<(String, String)> = serde_json::from_value(browser.eval(
        "[...document.querySelectorAll('li.finding')].map(f => [f.dataset.code, f.dataset.ply])",
    ))
    .unwrap();
    let mut want: Vec<(String, String)> = findings
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap().to_owned(),
                f["ply"].as_u64().map(|p| p.to_string()).unwrap_or_default(),
            )
        })
        .collect();
    let mut got = on_page.clone();
    want.sort();
    got.sort();
    assert_eq!(
        got, want,
        "{n}: game {id}: the findings listed differ from `kifu audit`"
    );
    for f in &findings {
        let code = f["code"].as_str().unwrap();
        let rule = f["rule"].as_str().unwrap();
        let selector = match f["ply"].as_u64() {
            Some(ply) => {
                go_by_link(browser, &page, ply as u32);
                assert_board_is_shown(site, browser, id, kind, ply as u32);
                format!("li.finding.current[data-ply=\"{ply}\"][data-code=\"{code}\"]")
            }
            None => format!("li.finding[data-ply=\"\"][data-code=\"{code}\"]"),
        };
        let shown = browser.eval(&format!(
            "(() => {{ const e = document.querySelector({}); \
             return e && e.getClientRects().length > 0 ? e.textContent : null; }})()",
            json!(selector)
        ));
        let text = shown
            .as_str()
            .unwrap_or_else(|| panic!("{n}: game {id}: {selector} is not shown"));
        if !rule.is_empty() {
            assert!(
                text.contains(rule),
                "{n}: game {id}: {code} without its rule {rule}"
            );
        }
    }
}

/// The game page on a phone and on paper: no sideways scrolling at 375 px; printed, the
/// board and every move without the buttons.
fn check_mobile_and_print(site: &Site, browser: &mut Browser, game: i64) {
    let n = site.name;
    let page = site.dir.join(format!("games/{game}.html"));
    browser.set_viewport(375, 800);
    browser.open(&page);
    let wide = browser.eval(
        "[document.documentElement.scrollWidth, document.getElementById('board').getBoundingClientRect().width]",
    );
    assert!(
        wide[0].as_f64().unwrap() <= 376.0 && wide[1].as_f64().unwrap() <= 376.0,
        "{n}: game {game} is wider than a phone: {wide}"
    );
    browser.set_viewport(1280, 900);
    browser.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    let print = browser.eval(
        "(() => { const seen = e => !!e && e.getClientRects().length > 0 && \
                    getComputedStyle(e).visibility !== 'hidden'; \
           const moves = [...document.querySelectorAll('#moves li.move')]; \
           return [seen(document.getElementById('board')), \
                   moves.length > 0 && moves.every(seen), \
                   seen(document.getElementById('next'))]; })()",
    );
    browser.call("Emulation.setEmulatedMedia", json!({"media": ""}));
    assert_eq!(
        print,
        json!([true, true, false]),
        "{n}: printed, the game page shows (board, every move, buttons)"
    );
}

/// The whole check of one site: the index, a sample of games (the first, the last, those
/// with findings at a ply, and `extra`), a click from the index into a game, mobile and
/// print, screenshots, and no console error or outside request anywhere.
fn check_site(site: &Site, kind: &str, extra: &[i64]) {
    let n = site.name;
    let games = site.games();
    assert!(games.len() > 1, "{n}: {} games", games.len());
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    check_index(site, &mut browser, kind, &games);
    let shots = out_root();
    browser.open(&site.dir.join("index.html"));
    browser.screenshot(&shots.join(format!("{n}-index.png")), true);

    // From the index into a game, by a click on its row's link.
    let first = games[0]["id"].as_i64().unwrap();
    browser.click(&format!("tr.game[data-game=\"{first}\"] a"));
    assert!(
        browser.wait_for(&format!(
            "location.pathname.endsWith('/games/{first}.html') && document.readyState === 'complete' \
             && document.body.dataset.game === '{first}'"
        )),
        "{n}: clicking game {first} in the index did not open its page"
    );

    let with_findings: BTreeSet<i64> = audit_json(
        &site.db,
        &site.filter.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .iter()
    .filter(|f| !f["ply"].is_null())
    .filter_map(|f| f["game"].as_i64())
    .collect();
    let mut sample: Vec<i64> = vec![first, games.last().unwrap()["id"].as_i64().unwrap()];
    sample.extend(with_findings.iter().take(4));
    sample.extend_from_slice(extra);
    sample.sort();
    sample.dedup();
    for id in &sample {
        let game = games
            .iter()
            .find(|g| g["id"].as_i64() == Some(*id))
            .unwrap_or_else(|| panic!("{n}: game {id} is not in the site"));
        check_game(site, &mut browser, game, kind);
    }
    // A game page at its most serious finding with a ply (or at its last move), for the
    // note.
    let findings = audit_json(
        &site.db,
        &site.filter.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let rank = |f: &&Value| match f["severity"].as_str() {
        Some("error") => 0,
        Some("warning") => 1,
        _ => 2,
    };
    let (shot_game, shot_ply) = match findings
        .iter()
        .filter(|f| f["ply"].is_u64() && f["game"].is_i64())
        .min_by_key(rank)
    {
        Some(f) => (
            f["game"].as_i64().unwrap(),
            f["ply"].as_u64().unwrap() as u32,
        ),
        None => (first, games[0]["plies"].as_u64().unwrap() as u32),
    };
    let page = site.dir.join(format!("games/{shot_game}.html"));
    browser.open(&page);
    go_by_link(&mut browser, &page, shot_ply);
    browser.screenshot(
        &shots.join(format!("{n}-game-{shot_game}-ply-{shot_ply}.png")),
        false,
    );

    check_mobile_and_print(site, &mut browser, first);
    assert_eq!(
        browser.problems(),
        Vec::<String>::new(),
        "{n}: console errors or requests"
    );
    eprintln!("{n}: screenshots in {}", shots.display());
}

/// The size bound: the whole site within 10 KB a game plus the shared parts' 2 MB.
fn assert_site_size(site: &Site, games: usize) {
    let total = crate::common::bytes_under(&site.dir);
    eprintln!("{}: {games} games, site {total} bytes", site.name);
    assert!(
        total < 2_000_000 + 10_000 * games as u64,
        "{}: {total} bytes for {games} games",
        site.name
    );
}

#[test]
fn world_championship_site() {
    let Some(dpxq) = shared(DPXQ) else {
        return;
    };
    let site = Site::build(
        "world-championship",
        &[&dpxq],
        &["--event", WORLD_CHAMPIONSHIP],
    );
    let games = site.games();
    assert_eq!(games.len(), 241, "the championship's games");
    // The games with a perpetual-check ruling, beside the sample.
    let rulings: BTreeSet<i64> = audit_json(&site.db, &["--event", WORLD_CHAMPIONSHIP])
        .iter()
        .filter(|f| f["code"].as_str().unwrap_or_default().contains("perpetual"))
        .filter_map(|f| f["game"].as_i64())
        .collect();
    let extra: Vec<i64> = rulings.iter().take(2).copied().collect();
    check_site(&site, "xiangqi", &extra);
    assert_site_size(&site, games.len());
}

#[test]
fn renju_bdt_site_with_forbidden_moves() {
    let Some(pbem) = shared(PBEM) else {
        return;
    };
    // The 2004 games of the play-by-e-mail archive: 289 games, four lost by a forbidden move.
    let site = Site::build("renju-bdt", &[&pbem], &["--date", "2004"]);
    let games = site.games();
    let forbidden: Vec<i64> = {
        let conn = rusqlite::Connection::open(&site.db).unwrap();
        let mut stmt = conn
            .prepare(
                "SELECT id FROM games WHERE termination = 'forbidden-move' AND date LIKE '2004%' \
                 ORDER BY id",
            )
            .unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(forbidden.len(), 4, "the forbidden moves of 2004");
    check_site(&site, "renju", &forbidden);
    // The forbidden move itself: at the ply before it, the page marks the point Black
    // then played as forbidden.
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    for id in &forbidden {
        let game = games
            .iter()
            .find(|g| g["id"].as_i64() == Some(*id))
            .unwrap();
        let plies = game["plies"].as_u64().unwrap() as u32;
        let page = site.dir.join(format!("games/{id}.html"));
        browser.open(&page);
        go_by_link(&mut browser, &page, plies - 1);
        assert_board_is_shown(&site, &mut browser, *id, "renju", plies - 1);
        let (_, board) = page_board(&mut browser);
        browser.key("ArrowRight");
        assert!(browser.wait_for(&format!("document.body.dataset.ply === '{plies}'")));
        let (_, after) = page_board(&mut browser);
        let played: Vec<&String> = after
            .cells
            .keys()
            .filter(|c| !board.cells.contains_key(*c))
            .collect();
        assert_eq!(played.len(), 1, "game {id}: the last move");
        assert!(
            board.forbidden.contains_key(played[0]),
            "game {id}: Black's last move {} is not marked forbidden at ply {}",
            played[0],
            plies - 1
        );
        if *id == forbidden[0] {
            go_by_link(&mut browser, &page, plies - 1);
            let shot = out_root().join(format!("renju-bdt-game-{id}-ply-{}.png", plies - 1));
            browser.screenshot(&shot, false);
        }
    }
    assert_eq!(browser.problems(), Vec::<String>::new());
}

#[test]
fn territorial_tournament_site() {
    let root = out_root().join("territorial-input");
    let (file, event) = generated(&root, "territorial", &[]);
    let site = Site::build("territorial", &[&file], &["--event", &event]);
    check_site(&site, "territorial", &[]);
    assert_site_size(&site, site.games().len());
}

#[test]
fn chouchou_pairs_tournament_site() {
    let root = out_root().join("chouchou-input");
    let (file, event) = generated(&root, "chouchou", &["--players", "4", "--pairs"]);
    let site = Site::build("chouchou-pairs", &[&file], &["--event", &event]);
    check_site(&site, "chouchou", &[]);
    assert_site_size(&site, site.games().len());
}
