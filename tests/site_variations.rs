//! Issue 27's done-when for the site: the variations of real XQF/CBR records replayable on
//! their game pages in headless Chromium. Every variation line the page lists is compared
//! with `kifu show --variations` (the moves as the record wrote them), and the board at a
//! variation move with the position `kifu check xiangqi` reaches by playing the line's
//! moves from `kifu show`'s main-line position where it branches.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::common::{kifu_ok, shared};
use crate::site_pages::{assert_board_is_shown, out_root, page_board, xiangqi_fen_cells, Site};

const SAMPLES: &str = "xiangqi/xqf_cbl_samples/walker8088_cchess";

/// One variation move as `kifu show --variations` lists it.
#[derive(Clone, Debug)]
struct ShownMove {
    ply: u32,
    /// As the record wrote it (ICCS in XQF and CBR files).
    text: String,
    comment: Option<String>,
    /// At or after the move `show` marks "not playable" in its line.
    unplayable: bool,
}

/// One line of `kifu show --variations`: `  from move 21: 21.e3e4 {comment} 22.h9h3`.
#[derive(Clone, Debug)]
struct ShownLine {
    depth: usize,
    from: u32,
    moves: Vec<ShownMove>,
}

/// The variation lines of game `id` as `kifu show --variations` lists them, and the number
/// of moves its header counts.
fn shown_lines(site: &Site, id: i64) -> (Vec<ShownLine>, usize) {
    let text = kifu_ok(&[
        "show",
        "--db",
        site.db.to_str().unwrap(),
        &id.to_string(),
        "--variations",
    ]);
    let header = text
        .lines()
        .find_map(|l| l.strip_prefix("variations: "))
        .expect("show counts the variations");
    // `4 line(s), 18 move(s):`
    let total: usize = header
        .split(", ")
        .nth(1)
        .and_then(|m| m.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("the moves' count");
    // A comment may hold line breaks: a line of `show` goes on while a brace is open.
    let mut logical: Vec<String> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        match logical.last_mut() {
            Some(last) if open => {
                last.push('\n');
                last.push_str(line);
            }
            _ => logical.push(line.to_owned()),
        }
        let last = logical.last().unwrap();
        open = last.matches('{').count() > last.matches('}').count();
    }
    let mut lines = Vec::new();
    for line in &logical {
        let Some(at) = line.find("from move ") else {
            continue;
        };
        if !line[..at].chars().all(|c| c == ' ') {
            continue;
        }
        let depth = at / 2;
        let (from, rest) = line[at + "from move ".len()..].split_once(": ").unwrap();
        let mut moves: Vec<ShownMove> = Vec::new();
        let mut unplayable = false;
        let mut rest = rest;
        // Tokens: `N.text`, `{comment}` (may hold spaces), `[not playable: …]`.
        while !rest.is_empty() {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix('{') {
                let (comment, tail) = after.split_once('}').unwrap();
                // A comment before the line's first move belongs to no move.
                if let Some(m) = moves.last_mut() {
                    m.comment = Some(comment.to_owned());
                }
                rest = tail;
            } else if let Some(after) = rest.strip_prefix("[mark ") {
                rest = after.split_once(']').unwrap().1;
            } else if let Some(after) = rest.strip_prefix('[') {
                assert!(after.starts_with("not playable"), "{line}");
                moves.last_mut().unwrap().unplayable = true;
                unplayable = true;
                rest = after.split_once(']').unwrap().1;
            } else {
                let (token, tail) = rest.split_once([' ', '\n']).unwrap_or((rest, ""));
                let (ply, text) = token.split_once('.').unwrap();
                moves.push(ShownMove {
                    ply: ply.parse().unwrap(),
                    text: text.to_owned(),
                    comment: None,
                    unplayable,
                });
                rest = tail;
            }
        }
        lines.push(ShownLine {
            depth,
            from: from.parse().unwrap(),
            moves,
        });
    }
    (lines, total)
}

/// A variation line as the page lists it: its depth, and each of its moves' node, ply,
/// text and whether it is marked not playable.
type PageLine = (u32, Vec<(u32, u32, String, bool)>);

fn page_lines(browser: &mut Browser) -> Vec<PageLine> {
    let v = browser.eval(
        "JSON.stringify([...document.querySelectorAll('ol.variation')].map(ol => \
           [+ol.dataset.depth, [...ol.children].filter(li => li.matches('li.variation-move')) \
             .map(li => [+li.dataset.node, +li.dataset.ply, li.querySelector('.t').textContent, \
                         li.classList.contains('unplayable')])]))",
    );
    serde_json::from_str(v.as_str().unwrap()).unwrap()
}

/// A line as both `show` and the page can say it: (depth, the ply it branches at, its
/// moves as (ply, text as written, not playable)).
type LineKey = (usize, u32, Vec<(u32, String, bool)>);

/// The page's lines as `show` lists them: (depth, from, [(ply, text, unplayable)]), the
/// text of a played move being its ICCS (the English audit page writes `C2=5 h2e2`), sorted.
fn as_shown_by_page(lines: &[PageLine]) -> Vec<LineKey> {
    let mut out: Vec<_> = lines
        .iter()
        .map(|(depth, moves)| {
            let from = moves[0].1;
            let moves = moves
                .iter()
                .map(|(_, ply, text, unplayable)| {
                    let iccs = if *unplayable {
                        text.clone()
                    } else {
                        text.rsplit(' ').next().unwrap().to_owned()
                    };
                    (*ply, iccs, *unplayable)
                })
                .collect();
            (*depth as usize, from, moves)
        })
        .collect();
    out.sort();
    out
}

fn as_shown(lines: &[ShownLine]) -> Vec<LineKey> {
    let mut out: Vec<_> = lines
        .iter()
        .map(|l| {
            let moves = l
                .moves
                .iter()
                .map(|m| (m.ply, m.text.clone(), m.unplayable))
                .collect();
            (l.depth, l.from, moves)
        })
        .collect();
    out.sort();
    out
}

/// The moves from where the outermost line enclosing show's line `index` branches to move
/// `k` of that line (`None`: before its first move): each enclosing line's moves up to the
/// branch, then its own; and the outermost line's index.
fn line_path(lines: &[ShownLine], index: usize, k: Option<usize>) -> (Vec<&ShownMove>, usize) {
    let mut path: Vec<&ShownMove> = lines[index].moves[..k.map_or(0, |k| k + 1)]
        .iter()
        .collect();
    let mut cur = index;
    while lines[cur].depth > 1 {
        // The line it branches from: the nearest one before it, one level up.
        let parent = (0..cur)
            .rev()
            .find(|&i| lines[i].depth == lines[cur].depth - 1)
            .unwrap();
        let before: Vec<&ShownMove> = lines[parent]
            .moves
            .iter()
            .filter(|m| m.ply < lines[cur].from)
            .collect();
        path.splice(0..0, before);
        cur = parent;
    }
    (path, cur)
}

/// The board after the first `k + 1` moves of show's line `index` (`k = None`: before its
/// first move), computed without the page: `kifu show --ply` gives the main line's
/// position where the outermost line branches, and `kifu check xiangqi` plays the moves of
/// each enclosing line up to the branch, then this line's.
fn expected_cells(
    site: &Site,
    id: i64,
    lines: &[ShownLine],
    index: usize,
    k: Option<usize>,
) -> BTreeMap<String, String> {
    let (path, cur) = line_path(lines, index, k);
    let path: Vec<&str> = path.iter().map(|m| m.text.as_str()).collect();
    let show = kifu_ok(&[
        "show",
        "--db",
        site.db.to_str().unwrap(),
        &id.to_string(),
        "--ply",
        &(lines[cur].from - 1).to_string(),
    ]);
    let fen = show
        .lines()
        .find_map(|l| l.split_once("; FEN ").map(|(_, f)| f.to_owned()))
        .expect("show prints the FEN");
    let checked = kifu_ok(&[
        "check",
        "xiangqi",
        "--fen",
        &fen,
        "--moves",
        &path.join(" "),
        "--json",
    ]);
    let checked: Value = serde_json::from_str(&checked).unwrap();
    xiangqi_fen_cells(checked["fen"].as_str().unwrap())
}

/// The page's node for move `k` of show's line `index`, found by the line's content.
fn node_of(page: &[PageLine], lines: &[ShownLine], index: usize, k: usize) -> u32 {
    let want = &as_shown(&lines[index..=index])[0];
    let line = page
        .iter()
        .find(|l| &as_shown_by_page(std::slice::from_ref(*l))[0] == want)
        .unwrap_or_else(|| panic!("the page lists no line {want:?}"));
    line.1[k].0
}

/// The page shows variation move `node` at `ply`, with `cells` on the board.
fn assert_at_node(
    browser: &mut Browser,
    node: u32,
    ply: u32,
    cells: &BTreeMap<String, String>,
    what: &str,
) {
    assert!(
        browser.wait_for(&format!("document.body.dataset.node === '{node}'")),
        "{what}: the page is not at node {node} but {}",
        browser.eval("document.body.dataset.node ?? null")
    );
    let (at, board) = page_board(browser);
    assert_eq!(at, ply, "{what}: data-ply");
    assert_eq!(
        &board.cells, cells,
        "{what}: the page's board (left) and kifu check's (right) differ"
    );
}

/// Clicks the second move of the first line nested three deep or more and checks the page
/// is there with the board `cells(line, Some(1))` gives; that line's index.
fn click_nested_line(
    browser: &mut Browser,
    page: &[PageLine],
    lines: &[ShownLine],
    cells: impl Fn(usize, Option<usize>) -> BTreeMap<String, String>,
    what: &str,
) -> usize {
    let b = lines
        .iter()
        .position(|l| l.depth >= 3 && l.moves.len() >= 2)
        .expect("a line nested three deep");
    let node = node_of(page, lines, b, 1);
    browser.click(&format!("li.variation-move[data-node=\"{node}\"]"));
    assert_at_node(
        browser,
        node,
        lines[b].moves[1].ply,
        &cells(b, Some(1)),
        what,
    );
    b
}

fn game_of(games: &[Value], file: &str) -> (i64, u32) {
    let g = games
        .iter()
        .find(|g| g["source"].as_str().unwrap().ends_with(file))
        .unwrap_or_else(|| panic!("no game from {file}"));
    (
        g["id"].as_i64().unwrap(),
        g["plies"].as_u64().unwrap() as u32,
    )
}

fn file(name: &str) -> Option<PathBuf> {
    shared(&format!("{SAMPLES}/{name}"))
}

#[test]
fn variations_are_replayable_on_the_game_page() {
    let (Some(cbr), Some(wild), Some(goats)) = (
        file("test.cbr"),
        file("WildHouse.xqf"),
        file("FiveGoatsTest.xqf"),
    ) else {
        return;
    };
    let site = Site::build("variations", &[&cbr, &wild, &goats], &[]);
    let games = site.games();
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };
    let shots = out_root();

    // test.cbr: nested variations with comments, every move playable.
    let (id, _plies) = game_of(&games, "test.cbr");
    let (lines, total) = shown_lines(&site, id);
    let page_file = site.dir.join(format!("games/{id}.html"));
    browser.open(&page_file);
    let page = page_lines(&mut browser);
    assert_eq!(
        as_shown_by_page(&page),
        as_shown(&lines),
        "test.cbr: the lines"
    );
    let moves: usize = page.iter().map(|l| l.1.len()).sum();
    assert_eq!(moves, total, "test.cbr: every variation move is listed");
    assert_eq!(
        browser.eval("document.getElementById('variations-summary').textContent.split(',').slice(0, 2).join(',')"),
        json!(format!("{} variation lines, {total} moves", lines.len())),
    );
    assert_eq!(
        browser.eval("document.getElementById('main-line').hidden"),
        json!(true)
    );
    // A branch is an item of the main list: the move after it carries its own number.
    assert_eq!(
        browser.eval(
            "(() => { const after = [...document.querySelectorAll('#moves > li.branch + li.move')]; \
               return [after.length > 0, after.filter(li => li.value !== +li.dataset.ply).length]; })()"
        ),
        json!([true, 0])
    );

    // Into the first depth-1 line with three moves or more, at its third move.
    let a = lines
        .iter()
        .position(|l| l.depth == 1 && l.moves.len() >= 3)
        .expect("a line of three moves");
    let node = |k: usize| node_of(&page, &lines, a, k);
    browser.click(&format!("li.variation-move[data-node=\"{}\"]", node(2)));
    let cells = expected_cells(&site, id, &lines, a, Some(2));
    assert_at_node(
        &mut browser,
        node(2),
        lines[a].moves[2].ply,
        &cells,
        "clicked",
    );
    assert_eq!(
        browser.eval("document.getElementById('main-line').hidden"),
        json!(false)
    );
    // ▶ on, ◀ back twice: along the line.
    browser.click("#next");
    let cells = expected_cells(&site, id, &lines, a, Some(3));
    assert_at_node(&mut browser, node(3), lines[a].moves[3].ply, &cells, "next");
    browser.click("#prev");
    browser.click("#prev");
    let cells = expected_cells(&site, id, &lines, a, Some(1));
    assert_at_node(
        &mut browser,
        node(1),
        lines[a].moves[1].ply,
        &cells,
        "prev twice",
    );
    // The comment written after a move is said when it is shown.
    let (k, comment) = lines[a]
        .moves
        .iter()
        .enumerate()
        .find_map(|(k, m)| m.comment.clone().map(|c| (k, c)))
        .expect("test.cbr comments a variation move");
    browser.click(&format!("li.variation-move[data-node=\"{}\"]", node(k)));
    let cells = expected_cells(&site, id, &lines, a, Some(k));
    assert_at_node(
        &mut browser,
        node(k),
        lines[a].moves[k].ply,
        &cells,
        "commented",
    );
    assert_eq!(
        browser.eval("document.getElementById('comment-now').textContent"),
        json!(comment)
    );

    // A line nested two deep or more, at its second move; ◀ from its first move goes to
    // the move of the enclosing line it follows.
    let b = click_nested_line(
        &mut browser,
        &page,
        &lines,
        |i, k| expected_cells(&site, id, &lines, i, k),
        "nested",
    );
    let nested = |k: usize| node_of(&page, &lines, b, k);
    browser.key("ArrowLeft");
    browser.key("ArrowLeft");
    let parent = (0..b)
        .rev()
        .find(|&i| lines[i].depth == lines[b].depth - 1)
        .unwrap();
    let pk = lines[parent]
        .moves
        .iter()
        .rposition(|m| m.ply < lines[b].from)
        .unwrap();
    let cells = expected_cells(&site, id, &lines, parent, Some(pk));
    let at = node_of(&page, &lines, parent, pk);
    assert_at_node(
        &mut browser,
        at,
        lines[b].from - 1,
        &cells,
        "back out of nesting",
    );
    browser.click(&format!("li.variation-move[data-node=\"{}\"]", nested(1)));
    assert!(browser.wait_for(&format!("document.body.dataset.node === '{}'", nested(1))));
    browser.screenshot(&shots.join("variations-1280.png"), false);

    // Back to the main line: at the move the outermost variation replaces.
    let mut root = b;
    while lines[root].depth > 1 {
        root = (0..root)
            .rev()
            .find(|&i| lines[i].depth == lines[root].depth - 1)
            .unwrap();
    }
    browser.click("#main-line");
    assert!(browser.wait_for("document.body.dataset.node === undefined"));
    assert_board_is_shown(&site, &mut browser, id, "xiangqi", lines[root].from);
    assert_eq!(
        browser.eval("document.getElementById('main-line').hidden"),
        json!(true)
    );
    // And by a click on a main-line move.
    browser.click(&format!("li.variation-move[data-node=\"{}\"]", node(0)));
    assert!(browser.wait_for(&format!("document.body.dataset.node === '{}'", node(0))));
    browser.click("li.move[data-ply=\"5\"]");
    assert!(browser.wait_for("document.body.dataset.node === undefined"));
    assert_board_is_shown(&site, &mut browser, id, "xiangqi", 5);

    // A link to a variation move opens the page there.
    let url = format!(
        "file://{}#node={}",
        page_file.canonicalize().unwrap().display(),
        node(2)
    );
    browser.open_url(&url);
    let cells = expected_cells(&site, id, &lines, a, Some(2));
    assert_at_node(
        &mut browser,
        node(2),
        lines[a].moves[2].ply,
        &cells,
        "#node=",
    );

    // On a phone: no sideways scrolling, the nested lines included.
    browser.set_viewport(375, 800);
    browser.open_url(&format!(
        "file://{}#node={}",
        page_file.canonicalize().unwrap().display(),
        nested(1)
    ));
    assert!(browser.wait_for(&format!("document.body.dataset.node === '{}'", nested(1))));
    let wide = browser.eval("document.documentElement.scrollWidth");
    assert!(
        wide.as_f64().unwrap() <= 376.0,
        "wider than a phone: {wide}"
    );
    browser.screenshot(&shots.join("variations-375.png"), true);
    browser.set_viewport(1280, 900);

    // WildHouse.xqf: moves kifu could not play are marked, and show the board before them.
    let (id, _) = game_of(&games, "WildHouse.xqf");
    let (lines, total) = shown_lines(&site, id);
    browser.open(&site.dir.join(format!("games/{id}.html")));
    let page = page_lines(&mut browser);
    assert_eq!(
        as_shown_by_page(&page),
        as_shown(&lines),
        "WildHouse: the lines"
    );
    let unplayable = lines
        .iter()
        .flat_map(|l| &l.moves)
        .filter(|m| m.unplayable)
        .count();
    assert!(unplayable > 0, "WildHouse has moves kifu could not play");
    assert_eq!(
        browser.eval("document.querySelectorAll('li.variation-move.unplayable').length"),
        json!(unplayable)
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('li.variation-move').length"),
        json!(total)
    );
    let (c, k) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            l.moves
                .iter()
                .position(|m| m.unplayable)
                .filter(|&k| k > 0)
                .map(|k| (i, k))
        })
        .expect("a line that goes on after a playable move");
    let at = node_of(&page, &lines, c, k);
    browser.click(&format!("li.variation-move[data-node=\"{at}\"]"));
    let cells = expected_cells(&site, id, &lines, c, Some(k - 1));
    assert_at_node(
        &mut browser,
        at,
        lines[c].moves[k].ply,
        &cells,
        "not playable",
    );
    assert!(browser
        .eval("document.getElementById('note-text').textContent")
        .as_str()
        .unwrap()
        .contains("not playable"));

    // The finding about that move is shown with it, and a click on it goes there.
    let finding = format!("li.finding[data-node=\"{at}\"]");
    assert!(browser
        .eval(&format!(
            "document.querySelector('{finding}').classList.contains('current')"
        ))
        .as_bool()
        .unwrap());
    browser.click("li.move[data-ply=\"1\"]");
    assert!(browser.wait_for("document.body.dataset.node === undefined"));
    browser.click(&finding);
    assert_at_node(
        &mut browser,
        at,
        lines[c].moves[k].ply,
        &cells,
        "its finding",
    );

    // FiveGoatsTest.xqf: tens of thousands of variation moves, the page lists the first
    // ones and says how many it leaves out.
    let (id, _) = game_of(&games, "FiveGoatsTest.xqf");
    let (_, total) = shown_lines(&site, id);
    let page_file = site.dir.join(format!("games/{id}.html"));
    browser.open(&page_file);
    let listed = browser
        .eval("document.querySelectorAll('li.variation-move').length")
        .as_u64()
        .unwrap() as usize;
    assert_eq!(
        listed,
        kifu_reports::site::variations::SHOWN_MOST.min(total)
    );
    assert!(listed < total, "FiveGoatsTest has more than a page lists");
    let cut = browser.eval("document.getElementById('variations-cut').textContent");
    assert!(
        cut.as_str().unwrap().contains(&format!(
            "the first {listed} of the record's {total} variation moves"
        )),
        "{cut}"
    );
    let size = std::fs::metadata(&page_file).unwrap().len();
    eprintln!("FiveGoatsTest: {listed} of {total} variation moves listed, page {size} bytes");
    assert!(size < 400_000, "FiveGoatsTest's page: {size} bytes");

    assert_eq!(
        browser.problems(),
        Vec::<String>::new(),
        "console errors or requests"
    );
    eprintln!("variations: screenshots in {}", shots.display());
}

/// The board after the first `k + 1` moves of show's Renju line `index` (`k = None`:
/// before its first move), computed without the page: `kifu show --ply` gives the main
/// line's board where the outermost line branches, then each enclosing line's moves up to
/// the branch and this line's own are put on it, Black on odd plies.
fn expected_renju_cells(
    site: &Site,
    id: i64,
    lines: &[ShownLine],
    index: usize,
    k: Option<usize>,
) -> BTreeMap<String, String> {
    let (path, cur) = line_path(lines, index, k);
    let mut cells = crate::site_pages::show(site, id, lines[cur].from - 1, "renju").cells;
    for m in path {
        if m.text != "--" {
            let stone = if m.ply % 2 == 1 { "X" } else { "O" };
            assert!(
                cells.insert(m.text.clone(), stone.to_owned()).is_none(),
                "{} is taken",
                m.text
            );
        }
    }
    cells
}

#[test]
fn renju_variations_are_replayable_on_the_game_page() {
    let Some(i7) = shared("renju/renlib/I7.lib") else {
        return;
    };
    let sample =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/opening-tree.lib");
    let site = Site::build("renju-variations", &[&sample, &i7], &[]);
    let games = site.games();
    let Some(mut browser) = Browser::launch(1280, 900) else {
        return;
    };

    // The sample library: one record, its other lines listed as variations.
    let (id, plies) = game_of(&games, "opening-tree.lib");
    assert_eq!(plies, 3, "the main line h8 h9 h10");
    let (lines, total) = shown_lines(&site, id);
    assert_eq!((lines.len(), total), (3, 6));
    browser.open(&site.dir.join(format!("games/{id}.html")));
    let page = page_lines(&mut browser);
    assert_eq!(
        as_shown_by_page(&page),
        as_shown(&lines),
        "the sample's lines"
    );
    // Renju numbers every move: `4. g10`, not Xiangqi's pairs.
    assert_eq!(
        browser.eval("document.querySelector('li.variation-move[data-ply=\"4\"] .n').textContent"),
        json!("4.")
    );
    // Into `i9 g10 j10` (D4 Kagetsu) at its last move, then back along it.
    let a = lines
        .iter()
        .position(|l| l.moves.len() == 3)
        .expect("the line i9 g10 j10");
    let node = |k: usize| node_of(&page, &lines, a, k);
    browser.click(&format!("li.variation-move[data-node=\"{}\"]", node(2)));
    let cells = expected_renju_cells(&site, id, &lines, a, Some(2));
    assert_eq!(cells.len(), 5);
    assert_at_node(&mut browser, node(2), 5, &cells, "sample: clicked");
    assert_eq!(
        browser.eval("document.getElementById('comment-now').textContent"),
        json!("strong for Black")
    );
    browser.click("#prev");
    let cells = expected_renju_cells(&site, id, &lines, a, Some(1));
    assert_at_node(&mut browser, node(1), 4, &cells, "sample: prev");
    browser.click("#main-line");
    assert!(browser.wait_for("document.body.dataset.node === undefined"));
    assert_board_is_shown(&site, &mut browser, id, "renju", lines[a].from);

    // I7.lib: variations nested deep; a line three deep or more, at its second move.
    let (id, _) = game_of(&games, "I7.lib");
    let (lines, total) = shown_lines(&site, id);
    browser.open(&site.dir.join(format!("games/{id}.html")));
    let page = page_lines(&mut browser);
    let listed: usize = page.iter().map(|l| l.1.len()).sum();
    assert_eq!(
        listed,
        kifu_reports::site::variations::SHOWN_MOST.min(total)
    );
    click_nested_line(
        &mut browser,
        &page,
        &lines,
        |i, k| expected_renju_cells(&site, id, &lines, i, k),
        "I7: nested",
    );
    assert_eq!(
        browser.problems(),
        Vec::<String>::new(),
        "console errors or requests"
    );
}
