//! Pages on a phone (issue 58, item 6): at 375 CSS pixels the report's standings and
//! crosstable and a site's game page hold no element wider than the screen, except inside
//! a sideways-scrolled container that itself fits (a table's own scroller). Measured in
//! headless Chromium on the 2015 World Xiangqi Championship, public edition in Chinese;
//! the screenshots are kept beside the pages.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::cdp::Browser;
use crate::common::{public_edition, world_championship_db, WORLD_CHAMPIONSHIP};

/// A phone's width in CSS pixels (an iPhone's).
const PHONE: u32 = 375;

/// The folder of this file's pages (kept under the target's temporary folder for a look).
fn dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("phone-widths")
}

/// The championship's report and site, written once: (report folder, site folder).
fn pages() -> Option<&'static (PathBuf, PathBuf)> {
    static PAGES: OnceLock<Option<(PathBuf, PathBuf)>> = OnceLock::new();
    PAGES
        .get_or_init(|| {
            let db = world_championship_db()?;
            let dir = dir();
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let (report, site) = (dir.join("report"), dir.join("site"));
            for (command, out) in [("report", &report), ("site", &site)] {
                public_edition(
                    command,
                    db,
                    "zh-Hans",
                    out,
                    &["--event", WORLD_CHAMPIONSHIP],
                );
            }
            Some((report, site))
        })
        .as_ref()
}

/// What sticks out of the viewport: the document's scroll width and the elements (at most
/// 20 named) whose box passes the right edge, other than those inside an `overflow-x:
/// auto|scroll` container that fits.
const OVERFLOW: &str = r#"(function () {
  var vw = document.documentElement.clientWidth, bad = [];
  function scroller(el) {
    for (var p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      var o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') return p;
    }
    return null;
  }
  document.querySelectorAll('body *').forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    if (r.right <= vw + 0.5 && r.left >= -0.5) return;
    var box = scroller(el);
    if (box) {
      var b = box.getBoundingClientRect();
      if (b.right <= vw + 0.5 && b.left >= -0.5) return;
    }
    var cls = typeof el.className === 'string' && el.className ? '.' + el.className : '';
    bad.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + ' ' +
      Math.round(r.left) + '..' + Math.round(r.right));
  });
  return { viewport: vw, scrollWidth: document.documentElement.scrollWidth,
           overflowing: bad.length, first: bad.slice(0, 20) };
})()"#;

/// Scrolls the first table whose caption contains `caption` (or, `None`, the page's top)
/// into view and saves a screenshot of the screen as `shot` beside `page` (a whole page
/// at a phone's width is taller than Chromium captures).
fn shoot(browser: &mut Browser, page: &Path, caption: Option<&str>, shot: &str) {
    let found = match caption {
        Some(c) => browser.eval(&format!(
            "(function () {{ var c = Array.prototype.find.call(\
             document.querySelectorAll('caption'), function (x) {{ \
             return x.textContent.indexOf({c:?}) >= 0; }}); \
             if (!c) return false; c.closest('table').scrollIntoView(); return true; }})()"
        )),
        None => browser.eval("(function () { window.scrollTo(0, 0); return true; })()"),
    };
    assert_eq!(
        found,
        true,
        "{}: no table captioned {caption:?}",
        page.display()
    );
    let path = page.with_file_name(shot);
    browser.screenshot(&path, false);
    eprintln!("screenshot: {}", path.display());
}

/// Opens `page` at the phone's width and asserts that nothing is wider than the screen.
fn fits_a_phone(browser: &mut Browser, page: &Path) -> Value {
    browser.open(page);
    let measured = browser.eval(OVERFLOW);
    assert_eq!(measured["viewport"], PHONE, "{measured}");
    assert!(
        measured["scrollWidth"].as_u64().unwrap() <= u64::from(PHONE),
        "{}: the page scrolls sideways: {measured}",
        page.display()
    );
    assert_eq!(
        measured["overflowing"],
        0,
        "{}: elements wider than the screen: {measured}",
        page.display()
    );
    measured
}

#[test]
fn the_reports_tables_and_a_game_page_fit_a_phone() {
    let Some((report, site)) = pages() else {
        return;
    };
    let Some(mut browser) = Browser::launch(PHONE, 800) else {
        return;
    };
    browser.set_viewport(PHONE, 800);

    // The report: its standings and crosstable are on its one page.
    let index = report.join("index.html");
    let html = std::fs::read_to_string(&index).unwrap();
    // 对阵表: the crosstable's caption.
    assert!(
        html.contains("对阵表</caption>"),
        "the report has a crosstable"
    );
    fits_a_phone(&mut browser, &index);
    shoot(&mut browser, &index, Some("排名"), "phone-standings.png");
    shoot(&mut browser, &index, Some("对阵表"), "phone-crosstable.png");
    // Its standings' rows stay lines, not blocks a hundred pixels high.
    let tallest = browser.eval(
        "Array.prototype.map.call(document.querySelectorAll('table tbody tr'), \
         function (r) { return [r.getBoundingClientRect().height, r.textContent]; })\
         .sort(function (a, b) { return b[0] - a[0]; })[0]",
    );
    assert!(
        tallest[0].as_f64().unwrap() < 60.0,
        "the tallest row: {tallest}"
    );

    // The site: its index (the same standings and crosstable) and a game page.
    let site_index = site.join("index.html");
    fits_a_phone(&mut browser, &site_index);
    shoot(&mut browser, &site_index, None, "phone-site.png");
    let game = std::fs::read_dir(site.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "html"))
        .min()
        .expect("a game page");
    fits_a_phone(&mut browser, &game);
    shoot(&mut browser, &game, None, "phone-game.png");
    assert!(browser.problems().is_empty(), "{:?}", browser.problems());
}
