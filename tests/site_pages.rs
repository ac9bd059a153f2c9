//! Issue 17's done-when: the sites of four events built with `kifu site` and driven in
//! headless Chromium over the DevTools protocol, as a reader does (keys, clicks, typing).

#[path = "../reports/tests/chromium/cdp.rs"]
mod cdp;
#[path = "../reports/tests/chromium/mod.rs"]
mod chromium;

use cdp::Browser;
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
