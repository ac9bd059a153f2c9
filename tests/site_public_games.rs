//! The game pages of `kifu site --edition public --lang zh-Hans` (issue 30): Chinese
//! labels and `lang`, a Xiangqi board numbered 九…一 and 1…9, moves numbered by pairs as
//! `kifu show` gives them, no audit (finding codes, move classes, source paths, the
//! recorded/counted/board result line), the customary result; on a phone the board in view
//! and nothing wider than the screen. The audit edition in English keeps the audit.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::common::{audit_json, ingest_ok, kifu_ok, world_championship_db, WORLD_CHAMPIONSHIP};

/// A championship game with a comment and a line the audit has words for.
const SMALL_PGN: &str = "[Game \"Chinese Chess\"]\n[Event \"Cup\"]\n[Round \"3\"]\n\
    [Date \"2024.03.16\"]\n[Red \"Lü Qin\"]\n[Black \"Xu Yinchuan\"]\n[Result \"1-0\"]\n\
    [Format \"ICCS\"]\n\n1. h2-e2 h9-g7 2. h0-g2 {a quiet answer} i9-h9 3. i0-h0 1-0\n";

/// A fresh folder under the target's temporary folder (kept for a look).
fn fresh(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("site-public-games")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `kifu site` of `filter`'s games with `options`, into `dir/site`; the site's folder.
fn site(db: &Path, dir: &Path, filter: &[&str], options: &[&str]) -> PathBuf {
    let out = dir.join("site");
    let mut args = vec!["site", "-q", "--db", db.to_str().unwrap()];
    args.extend_from_slice(filter);
    args.extend_from_slice(options);
    args.extend(["--out", out.to_str().unwrap()]);
    kifu_ok(&args);
    out
}

/// The moves `kifu show ID` lists (`moves: 1.炮二平五 2.马8进7 …`), without their numbers.
fn shown_moves(db: &Path, id: i64) -> Vec<String> {
    let shown = kifu_ok(&["show", "--db", db.to_str().unwrap(), &id.to_string()]);
    let line = shown
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .expect("show lists the moves");
    line.split(' ')
        .map(|m| m.split_once('.').expect("a numbered move").1.to_owned())
        .collect()
}

/// The game's moves as ICCS coordinates, as `kifu show --json` gives them.
fn shown_coordinates(db: &Path, id: i64) -> Vec<String> {
    let shown = kifu_ok(&[
        "show",
        "--json",
        "--db",
        db.to_str().unwrap(),
        &id.to_string(),
    ]);
    let shown: serde_json::Value = serde_json::from_str(&shown).unwrap();
    shown["moves"]
        .as_array()
        .expect("show --json lists the moves")
        .iter()
        .map(|m| m["coordinate"].as_str().unwrap().to_owned())
        .collect()
}

/// The move list as numbered lines (`1. 炮二平五 马8进7`), from the page's `li.move`s:
/// a line begins at each move that carries its number (in bold).
const MOVE_LINES: &str = "(() => { const lines = []; \
    for (const li of document.querySelectorAll('#moves > li.move')) { \
      const n = li.querySelector('b'); \
      const text = li.lastChild.textContent.trim(); \
      if (n || !lines.length) lines.push((n ? n.textContent + ' ' : '') + text); \
      else lines[lines.length - 1] += ' ' + text; } \
    return lines; })()";

#[test]
fn a_public_chinese_page_numbers_move_pairs_and_hides_the_audit() {
    let dir = fresh("small");
    let pgn = dir.join("cup.pgn");
    std::fs::write(&pgn, SMALL_PGN).unwrap();
    let db = dir.join("kifu.db");
    ingest_ok(&db, &[&pgn]);
    let logo = dir.join("logo.svg");
    std::fs::write(&logo, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>").unwrap();
    let theme = dir.join("theme.css");
    std::fs::write(&theme, ":root { --accent: #006400; }").unwrap();
    let out = site(
        &db,
        &dir,
        &[],
        &[
            "--edition",
            "public",
            "--lang",
            "zh-Hans",
            "--logo",
            logo.to_str().unwrap(),
            "--theme",
            theme.to_str().unwrap(),
        ],
    );
    let page = std::fs::read_to_string(out.join("games/1.html")).unwrap();
    assert!(page.contains("<html lang=\"zh-Hans\">"));
    // The organizer's theme last in <head>, its logo first in the header.
    assert!(page.contains(
        "<link rel=\"stylesheet\" href=\"../assets/game.css\"><style id=\"theme\">\n\
         :root { --accent: #006400; }\n</style>\n</head>"
    ));
    assert!(page.contains("<header><img class=\"logo\" alt=\"\" src=\"data:image/svg+xml;base64,"));
    // The header is the record's, in Chinese, the result as players write it.
    assert!(page.contains(
        "<dl class=\"meta\"><dt>红方</dt><dd><a href=\"../players/L%25C3%25BC%2520Qin.html\">\
         Lü Qin</a></dd><dt>黑方</dt><dd><a href=\"../players/Xu%2520Yinchuan.html\">\
         Xu Yinchuan</a></dd>\
         <dt>赛事</dt><dd>Cup</dd><dt>轮次</dt><dd>3</dd><dt>日期</dt><dd>2024-03-16</dd>\
         <dt>结果</dt><dd>1–0</dd>"
    ));
    // Red's move and Black's answer on one numbered line, in Chinese only.
    assert!(page.contains(
        "<ol id=\"moves\" class=\"pairs\"><li><b>1.</b> 炮二平五<li>马8进7\
         <li><b>2.</b> 马二进三<li>车9平8<li><b>3.</b> 车一平二</ol>"
    ));
    assert!(page.contains("data-board=\"xiangqi-zh\""));
    assert!(page.contains("<h2>棋谱</h2>"));
    // The comment is kept, at its move.
    assert!(page.contains(
        "<li class=\"comment\" data-ply=\"3\"><span class=\"where\">第 3 步</span> \
         <span class=\"text\">a quiet answer</span></li>"
    ));
    // No audit: findings, classes, cycles, the source, the three results.
    for audit in [
        "id=\"findings\"",
        "id=\"no-findings\"",
        "id=\"classes\"",
        "classTexts",
        "id=\"ending\"",
        "cup.pgn",
        "class=\"source\"",
        "记录",
        "recorded",
        "h2e2",
    ] {
        assert!(!page.contains(audit), "{audit} on the public page");
    }
    // The buttons speak Chinese.
    assert!(page.contains("<button id=\"next\" type=\"button\" title=\"前进一步 (→)\">▶</button>"));

    // The audit edition in English: moves in WXF, as the report writes them, with the ICCS.
    let audit_dir = fresh("small-audit");
    let out = site(
        &db,
        &audit_dir,
        &[],
        &["--edition", "audit", "--lang", "en"],
    );
    let page = std::fs::read_to_string(out.join("games/1.html")).unwrap();
    assert!(page.contains("<html lang=\"en\">"));
    assert!(page.contains("data-board=\"xiangqi\""));
    assert!(page.contains("<ol id=\"moves\" class=\"pairs\"><li><b>1.</b> C2=5 h2e2<li>"));
    assert!(
        page.contains("<dt>result</dt><dd>recorded red, counted red, board none (unfinished)</dd>")
    );
    assert!(page.contains("<dt>source</dt><dd class=\"source\""));
    assert!(page.contains("<div id=\"classes\"></div>"));
    assert!(page.contains("<h2>Findings</h2>"));
}

/// What the page shows of the audit, read in the browser: the page's visible text holding
/// a finding code, a move class or the source.
fn audit_words_shown(browser: &mut Browser, codes: &BTreeSet<String>) -> Vec<String> {
    let text = browser.eval("document.body.innerText");
    let text = text.as_str().unwrap();
    let mut shown: Vec<String> = codes
        .iter()
        .filter(|c| text.contains(c.as_str()))
        .cloned()
        .collect();
    for word in [
        "dpxq",
        ".txt:",
        "idle",
        "chase",
        "棋例",
        "forbidden",
        "recorded",
        "counted",
    ] {
        if text.contains(word) {
            shown.push(word.to_owned());
        }
    }
    shown
}

#[test]
fn world_championship_public_pages_in_simplified_chinese() {
    let Some(db) = world_championship_db() else {
        return;
    };
    let dir = fresh("world-championship");
    let filter = ["--event", WORLD_CHAMPIONSHIP];
    let public = site(
        db,
        &dir,
        &filter,
        &["--edition", "public", "--lang", "zh-Hans"],
    );
    let mut args = vec!["games", "--db", db.to_str().unwrap(), "--format", "json"];
    args.extend_from_slice(&filter);
    let games: Vec<Value> = kifu_ok(&args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 241);
    let mut audit_args = vec![];
    audit_args.extend_from_slice(&filter);
    let findings = audit_json(db, &audit_args);
    let codes: BTreeSet<String> = findings
        .iter()
        .filter_map(|f| f["code"].as_str().map(str::to_owned))
        .collect();
    assert!(codes.iter().any(|c| c.contains("perpetual")), "{codes:?}");
    // No page's text holds a code (kebab-case, never Chinese words), a class or a path.
    for g in &games {
        let id = g["id"].as_i64().unwrap();
        let page = std::fs::read_to_string(public.join(format!("games/{id}.html"))).unwrap();
        assert!(page.contains("<html lang=\"zh-Hans\">"), "game {id}");
        for code in codes.iter().filter(|c| c.contains('-')) {
            assert!(!page.contains(code.as_str()), "game {id} shows {code}");
        }
        for audit in [
            "dpxq",
            ".txt:",
            "idle",
            "棋例",
            "classTexts",
            "id=\"findings\"",
        ] {
            assert!(!page.contains(audit), "game {id} shows {audit}");
        }
    }

    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    // The first game, a game with a perpetual-check ruling, the last game.
    let ruled = findings
        .iter()
        .find(|f| f["code"].as_str().unwrap_or_default().contains("perpetual"))
        .and_then(|f| f["game"].as_i64())
        .unwrap();
    let sample = [
        games[0]["id"].as_i64().unwrap(),
        ruled,
        games[240]["id"].as_i64().unwrap(),
    ];
    for id in sample {
        let page = public.join(format!("games/{id}.html"));
        browser.set_viewport(1280, 900);
        browser.open(&page);
        assert_eq!(
            browser.eval("document.documentElement.lang"),
            json!("zh-Hans")
        );
        let files = browser.eval(
            "['file red', 'file black'].map(c => [...document.querySelectorAll('#board text')] \
               .filter(t => t.getAttribute('class') === c).map(t => t.textContent))",
        );
        assert_eq!(
            files,
            json!([
                ["九", "八", "七", "六", "五", "四", "三", "二", "一"],
                ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
            ]),
            "game {id}"
        );
        let latin = browser.eval(
            "[...document.querySelectorAll('#board text')].map(t => t.textContent) \
               .filter(t => /^[a-i0]$/.test(t))",
        );
        assert_eq!(latin, json!([]), "game {id}: ICCS coordinates on the board");
        // The moves of `kifu show`, a pair to a numbered line.
        let moves = shown_moves(db, id);
        let want: Vec<String> = moves
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect();
        assert_eq!(browser.eval(MOVE_LINES), json!(want), "game {id}");
        // The board's caption at the last move, in Chinese.
        assert_eq!(
            browser.eval("document.getElementById('note-text').textContent"),
            json!(format!("第 {} 步：{}", moves.len(), moves[moves.len() - 1])),
            "game {id}"
        );
        assert_eq!(
            audit_words_shown(&mut browser, &codes),
            Vec::<String>::new(),
            "game {id}"
        );
        // The result as players write it.
        let result = browser.eval(
            "[...document.querySelectorAll('.meta dt')].find(d => d.textContent === '结果') \
               .nextElementSibling.textContent",
        );
        let game = games.iter().find(|g| g["id"] == json!(id)).unwrap();
        let customary = match game["counted_result"].as_str() {
            Some("red") => "1–0",
            Some("black") => "0–1",
            Some("draw") => "½–½",
            _ => "无结果",
        };
        assert_eq!(result, json!(customary), "game {id}");

        // On a phone: the board in view on opening, nothing wider than the screen, the
        // window not scrolled to the move list.
        browser.set_viewport(375, 667);
        browser.open(&page);
        let phone = browser.eval(
            "(() => { const top = document.getElementById('board').getBoundingClientRect().top; \
               return [document.documentElement.scrollWidth <= 375, \
                       top >= 0 && top < innerHeight, scrollY]; })()",
        );
        assert_eq!(phone, json!([true, true, 0]), "game {id} on a phone");
        // Stepping through the moves leaves the window where it is.
        browser.key("Home");
        browser.key("ArrowRight");
        assert!(browser.wait_for("document.body.dataset.ply === '1'"));
        assert_eq!(browser.eval("scrollY"), json!(0), "game {id}");
    }
    assert_eq!(browser.problems(), Vec::<String>::new());

    // The same games in the English audit edition keep the audit.
    let audit_dir = fresh("world-championship-audit");
    let audit = site(
        db,
        &audit_dir,
        &filter,
        &["--edition", "audit", "--lang", "en"],
    );
    browser.set_viewport(1280, 900);
    browser.open(&audit.join(format!("games/{ruled}.html")));
    assert_eq!(browser.eval("document.documentElement.lang"), json!("en"));
    let shown = audit_words_shown(&mut browser, &codes);
    assert!(shown.iter().any(|w| w.contains("perpetual")), "{shown:?}");
    assert!(shown.contains(&".txt:".to_owned()), "{shown:?}");
    assert!(shown.contains(&"recorded".to_owned()), "{shown:?}");
    let listed: usize =
        serde_json::from_value(browser.eval("document.querySelectorAll('li.finding').length"))
            .unwrap();
    let want = findings
        .iter()
        .filter(|f| f["game"] == json!(ruled))
        .count();
    assert_eq!(listed, want);
    let latin = browser.eval(
        "[...document.querySelectorAll('#board text')].map(t => t.textContent) \
           .filter(t => /^[a-i]$/.test(t)).join('')",
    );
    assert_eq!(latin, json!("abcdefghi"));
    // Moves in WXF with their ICCS, by pairs: `1. E3+5 g0e2 C2=5 b7e7`.
    let lines = browser.eval(MOVE_LINES);
    let first: Vec<&str> = lines[0].as_str().unwrap().split(' ').collect();
    let moves = shown_coordinates(db, ruled);
    assert_eq!(first[0], "1.", "{first:?}");
    assert_eq!((first[2], first[4]), (&*moves[0], &*moves[1]), "{first:?}");
    for wxf in [first[1], first[3]] {
        assert!(
            wxf.len() == 4 && wxf.is_ascii() && !wxf.contains(char::is_lowercase),
            "{first:?}"
        );
    }
    assert_eq!(browser.problems(), Vec::<String>::new());
}
