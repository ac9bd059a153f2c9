//! The explorer in the browser (issue 56, item 3): `kifu serve` over a small real Renju
//! and Xiangqi database, `/explore` driven in headless Chromium — a click on the board
//! plays a move and the table of continuations is the one `kifu explore --json` gives for
//! the same moves; the API's refusal is shown as its message; no CSP violation and no
//! request leaves the server.

use std::path::Path;

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::common::{ingest_ok, kifu_ok, shared};
use crate::served::Served;

/// The rows of the table of continuations: move text, games, each result's count.
fn table_rows(browser: &mut Browser) -> Value {
    browser.eval(
        "[...document.querySelectorAll('#continuations tbody tr')].map(tr => ({\
           move: tr.dataset.move, games: Number(tr.dataset.games),\
           by_result: Object.fromEntries([...tr.querySelectorAll('td[data-result]')]\
             .map(td => [td.dataset.result, Number(td.textContent)]))}))",
    )
}

/// The same fields of `kifu explore --json`'s moves.
fn explore_rows(db: &Path, game: &str, moves: &str) -> Value {
    let mut args = vec![
        "explore",
        "--db",
        db.to_str().unwrap(),
        "--game",
        game,
        "--json",
    ];
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    let out: Value = serde_json::from_str(&kifu_ok(&args)).unwrap();
    out["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| json!({"move": m["move"], "games": m["games"], "by_result": m["by_result"]}))
        .collect()
}

/// Waits for the page's next answer (`body[data-loaded]` past `before`).
fn wait_loaded(browser: &mut Browser, before: &Value) {
    let before = before.as_str().unwrap_or("").to_owned();
    assert!(
        browser.wait_for(&format!(
            "document.body.dataset.loaded && document.body.dataset.loaded !== {}",
            json!(before)
        )),
        "the page got no answer; status: {}",
        browser.eval("document.getElementById('status').textContent")
    );
}

fn loaded(browser: &mut Browser) -> Value {
    browser.eval("document.body.dataset.loaded || ''")
}

/// A real left click at the centre of `cell` on the board, where the page's own drawing
/// puts it.
fn click_cell(browser: &mut Browser, cell: &str) {
    let at = browser.eval(&format!(
        "(() => {{ const svg = document.getElementById('board');\
           const g = KIFU_BOARDS.boards[svg.dataset.board];\
           const c = {cell}, file = c.charCodeAt(0) - 97, rank = parseInt(c.slice(1), 10);\
           const p = svg.createSVGPoint();\
           p.x = g.margin + file * g.cell;\
           p.y = g.margin + (svg.dataset.board === 'renju' ? 15 - rank : 9 - rank) * g.cell;\
           const s = p.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; }})()",
        cell = json!(cell)
    ));
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    browser.call(
        "Input.dispatchMouseEvent",
        json!({"type": "mouseMoved", "x": x, "y": y}),
    );
    for kind in ["mousePressed", "mouseReleased"] {
        browser.call(
            "Input.dispatchMouseEvent",
            json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
        );
    }
}

#[test]
fn a_click_on_the_board_plays_a_move_and_the_table_is_the_clis() {
    let (Some(renju), Some(xiangqi)) = (
        shared("renju/games/bdt/stefs92_MST-MM-40.bdt"),
        shared("xiangqi/wxfca_xqdb/sample_xqdb_international.pgn"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("explore.db");
    ingest_ok(&db, &[&renju, &xiangqi]);
    kifu_ok(&["index", "--db", db.to_str().unwrap()]);
    let Some(mut browser) = Browser::launch(1280, 1000) else {
        return;
    };
    // Every CSP violation the page meets, kept where the test can read it.
    browser.call(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": "window.__violations = []; document.addEventListener(\
            'securitypolicyviolation', e => window.__violations.push(\
            e.violatedDirective + ' ' + e.blockedURI));"}),
    );
    let server = Served::start(&db, &[]);

    // Renju: h8 on the empty board.
    browser.open_url(&format!("{}/explore?game=renju", server.origin()));
    wait_loaded(&mut browser, &json!(""));
    assert_eq!(table_rows(&mut browser), explore_rows(&db, "renju", ""));
    let before = loaded(&mut browser);
    click_cell(&mut browser, "h8");
    wait_loaded(&mut browser, &before);
    let expected = explore_rows(&db, "renju", "h8");
    assert!(
        !expected.as_array().unwrap().is_empty(),
        "no game goes on after h8"
    );
    assert_eq!(table_rows(&mut browser), expected);
    assert_eq!(
        browser.eval("new URLSearchParams(location.search).get('moves')"),
        json!("h8")
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('#board [data-piece]').length"),
        json!(1)
    );
    // Back: the empty board again, from the browser's own history too.
    let before = loaded(&mut browser);
    browser.click("#back");
    wait_loaded(&mut browser, &before);
    assert_eq!(table_rows(&mut browser), explore_rows(&db, "renju", ""));
    let before = loaded(&mut browser);
    browser.eval("history.back()");
    wait_loaded(&mut browser, &before);
    assert_eq!(
        browser.eval("new URLSearchParams(location.search).get('moves')"),
        json!("h8")
    );

    // Xiangqi: the most played first move, clicked on the board (its piece, then where it
    // goes).
    browser.open_url(&format!("{}/explore?game=xiangqi", server.origin()));
    wait_loaded(&mut browser, &json!(""));
    let start = explore_rows(&db, "xiangqi", "");
    assert_eq!(table_rows(&mut browser), start);
    let first = browser.eval("document.querySelector('#continuations tbody tr').dataset.play");
    let first = first.as_str().unwrap().to_owned();
    assert_eq!(first.len(), 4, "{first} is no ICCS move");
    click_cell(&mut browser, &first[..2]);
    assert!(browser.wait_for("document.querySelector('#board .selected')"));
    let before = loaded(&mut browser);
    click_cell(&mut browser, &first[2..]);
    wait_loaded(&mut browser, &before);
    assert_eq!(
        table_rows(&mut browser),
        explore_rows(&db, "xiangqi", &first)
    );
    // The row of the most played reply plays it too.
    let reply = browser.eval("document.querySelector('#continuations tbody tr').dataset.play");
    let reply = reply.as_str().unwrap().to_owned();
    let before = loaded(&mut browser);
    browser.click("#continuations tbody tr");
    wait_loaded(&mut browser, &before);
    assert_eq!(
        table_rows(&mut browser),
        explore_rows(&db, "xiangqi", &format!("{first} {reply}"))
    );
    assert!(browser.wait_for("document.querySelectorAll('#games tbody tr[data-game]').length > 0"));

    // An impossible position: the API's message, never a blank table.
    browser.open_url(&format!(
        "{}/explore?game=xiangqi&moves=e0e2",
        server.origin()
    ));
    assert!(browser.wait_for("document.getElementById('status').classList.contains('error')"));
    let said = browser.eval("document.getElementById('status').textContent");
    assert!(said.as_str().unwrap().contains("e0e2"), "{said}");

    assert_eq!(browser.eval("window.__violations"), json!([]));
    let own = format!("request leaves the page: {}/", server.origin());
    let problems: Vec<String> = browser
        .problems()
        .into_iter()
        .filter(|p| !p.starts_with(&own))
        // The refused position's answer is a 400: the browser logs the status.
        .filter(|p| !p.contains("400 (Bad Request)"))
        .collect();
    assert_eq!(problems, Vec::<String>::new());
}

/// `kifu explore --json` gives the position a board draws (the side to move, the cells,
/// Black's forbidden points) and each move as `--moves` reads it: played back, each move
/// reaches its own games.
#[test]
fn explore_json_gives_the_position_and_each_moves_query_text() {
    let (Some(renju), Some(xiangqi)) = (
        shared("renju/games/bdt/stefs92_MST-MM-40.bdt"),
        shared("xiangqi/wxfca_xqdb/sample_xqdb_international.pgn"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("explore.db");
    ingest_ok(&db, &[&renju, &xiangqi]);
    let explore = |game: &str, moves: &str| -> Value {
        let db = db.to_str().unwrap();
        let mut args = vec!["explore", "--db", db, "--game", game, "--json"];
        if !moves.is_empty() {
            args.extend(["--moves", moves]);
        }
        serde_json::from_str(&kifu_ok(&args)).unwrap()
    };

    // Black's h8-j8 and i9-i10 make i8 a double-three.
    let renju = explore("renju", "h8 a1 j8 a3 i9 a5 i10 a7");
    assert_eq!(renju["to_move"], json!("Black"));
    assert_eq!(renju["cells"]["h8"], json!("X"));
    assert_eq!(renju["cells"]["a7"], json!("O"));
    assert_eq!(renju["cells"].as_object().unwrap().len(), 8);
    assert_eq!(renju["forbidden"], json!([["i8", "double-three"]]));
    assert_eq!(explore("renju", "h8")["forbidden"], json!([]));

    let start = explore("xiangqi", "");
    assert_eq!(start["to_move"], json!("Red"));
    assert_eq!(start["cells"]["e0"], json!("K"));
    let moves = start["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let play = m["play"].as_str().unwrap();
        assert!(m["move"].as_str().unwrap().contains(play), "{m}");
        let after = explore("xiangqi", play);
        assert_eq!(after["games"], m["games"], "{play}");
        assert_eq!(after["to_move"], json!("Black"));
        assert_eq!(
            after["cells"][&play[2..]],
            start["cells"][&play[..2]],
            "{play}"
        );
        assert!(after["cells"].get(&play[..2]).is_none(), "{play}");
    }
}
