//! The headless Chromium harness of the report tests (shared with the root package's
//! `tests/report_pages.rs`): a page opened, its own check script's verdict read from the
//! DOM, a screenshot taken and checked.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Decodes a PNG: (width, height, RGB(A) pixels, bytes per pixel).
pub fn decode_png(path: &Path) -> (u32, u32, Vec<u8>, usize) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(
        &bytes[..8],
        b"\x89PNG\r\n\x1a\n",
        "{} is not a PNG",
        path.display()
    );
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    let bpp = info.color_type.samples();
    (info.width, info.height, buf, bpp)
}

/// Pixels that are neither the white background: (total, non-white, dark).
pub fn pixel_stats(path: &Path) -> (usize, usize, usize) {
    let (w, h, buf, bpp) = decode_png(path);
    assert!(w > 0 && h > 0);
    let mut non_white = 0;
    let mut dark = 0;
    for px in buf.chunks(bpp) {
        if px[..3] != [255, 255, 255] {
            non_white += 1;
        }
        if px[..3].iter().all(|&c| c < 90) {
            dark += 1;
        }
    }
    ((w * h) as usize, non_white, dark)
}

/// Waits for a child with a time limit; kills it (by its own handle) when over.
fn run_with_timeout(cmd: &mut Command, limit: Duration) -> (bool, String, String) {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let out = child.stdout.take().unwrap();
    let err = child.stderr.take().unwrap();
    let read_out = std::thread::spawn(move || std::io::read_to_string(out).unwrap_or_default());
    let read_err = std::thread::spawn(move || std::io::read_to_string(err).unwrap_or_default());
    let start = Instant::now();
    let ok = loop {
        match child.try_wait().unwrap() {
            Some(status) => break status.success(),
            None if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    };
    (
        ok,
        read_out.join().unwrap_or_default(),
        read_err.join().unwrap_or_default(),
    )
}

pub fn attr(dom: &str, name: &str) -> Option<i64> {
    let body = &dom[dom.find("<body")?..];
    let tag = &body[..body.find('>')?];
    let key = format!("{name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..].split('"').next()?.parse().ok()
}

pub fn chromium_args(profile: &Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(std::iter::once(format!(
        "--user-data-dir={}",
        profile.display()
    )))
    .collect()
}

/// What Chromium saw of a report page.
pub struct PageCheck {
    pub dom: String,
    pub screenshot: PathBuf,
}

/// `/usr/bin/chromium`, or `None` (test skipped) when it is not installed and
/// `KIFU_REQUIRE_CHROMIUM` is not `1`.
pub fn chromium() -> Option<&'static Path> {
    let chromium = Path::new("/usr/bin/chromium");
    if !chromium.exists() {
        if std::env::var("KIFU_REQUIRE_CHROMIUM").as_deref() == Ok("1") {
            panic!("KIFU_REQUIRE_CHROMIUM=1 but /usr/bin/chromium is missing");
        }
        eprintln!("note: /usr/bin/chromium not found; headless browser test skipped");
        return None;
    }
    Some(chromium)
}

/// The DOM after the page's own check script ran, asserted to have run without errors.
fn dump_dom(chromium: &Path, profile: &Path, url: &str) -> String {
    let (ok, dom, err) = run_with_timeout(
        Command::new(chromium)
            .args(chromium_args(profile))
            .arg("--virtual-time-budget=5000")
            // The layout the screenshot shows: tables are measured at this width.
            .arg("--window-size=1280,900")
            .arg("--dump-dom")
            .arg(url),
        Duration::from_secs(180),
    );
    assert!(ok, "chromium --dump-dom failed: {err}");
    assert_eq!(
        attr(&dom, "data-checked"),
        Some(1),
        "check script did not run: {err}"
    );
    assert_eq!(
        attr(&dom, "data-errors"),
        Some(0),
        "page errors: {}",
        attr_text(&dom, "data-error-list").unwrap_or_default()
    );
    dom
}

/// The DOM of `url` after its scripts ran, and Chromium's log with the page's console
/// messages (`…:CONSOLE…` lines); `None` (test skipped) when Chromium is not installed and
/// `KIFU_REQUIRE_CHROMIUM` is not `1`.
pub fn dom_and_console(url: &str) -> Option<(String, String)> {
    let chromium = chromium()?;
    let profile = tempfile::tempdir().unwrap();
    let (ok, dom, err) = run_with_timeout(
        Command::new(chromium)
            .args(chromium_args(profile.path()))
            .arg("--enable-logging=stderr")
            .arg("--v=0")
            .arg("--virtual-time-budget=3000")
            .arg("--window-size=1280,900")
            .arg("--dump-dom")
            .arg(url),
        Duration::from_secs(180),
    );
    assert!(ok, "chromium --dump-dom failed: {err}");
    let console: Vec<&str> = err.lines().filter(|l| l.contains(":CONSOLE")).collect();
    Some((dom, console.join("\n")))
}

/// The DOM of `url` once its scripts ran; `None` (test skipped) when Chromium is not
/// installed and `KIFU_REQUIRE_CHROMIUM` is not `1`.
pub fn dom_of(url: &str) -> Option<String> {
    dom_and_console(url).map(|(dom, _)| dom)
}

/// A 1280 px wide screenshot `height` high into `shot`, checked to be a PNG of that size
/// that is not blank.
fn screenshot(chromium: &Path, profile: &Path, url: &str, shot: &Path, height: u32) {
    let (ok, _, err) = run_with_timeout(
        Command::new(chromium)
            .args(chromium_args(profile))
            .arg(format!("--screenshot={}", shot.display()))
            .arg(format!("--window-size=1280,{height}"))
            .arg(url),
        Duration::from_secs(180),
    );
    assert!(ok, "chromium --screenshot failed: {err}");
    let (w, h, _, _) = decode_png(shot);
    assert_eq!((w, h), (1280, height));
    let (total, non_white, _) = pixel_stats(shot);
    assert!(non_white > total / 20, "screenshot nearly blank");
    assert!(std::fs::metadata(shot).unwrap().len() > 20_000);
    eprintln!("screenshot: {}", shot.display());
}

/// `html`'s `file://` address; a `%` in its path (a percent-encoded file name) is encoded
/// again, as a URL's must be.
pub fn file_url(html: &Path) -> String {
    let path = html.canonicalize().unwrap().display().to_string();
    format!("file://{}", path.replace('%', "%25"))
}

/// Opens `html` in headless Chromium: the DOM after the page's own check script ran (it
/// writes `data-charts`, `data-charts-ok`, `data-errors` … on `<body>`), then a screenshot
/// `height` high saved beside the page. `None` (test skipped) when Chromium is not
/// installed and `KIFU_REQUIRE_CHROMIUM` is not `1`.
pub fn open_in_chromium(html: &Path, height: u32) -> Option<PageCheck> {
    let chromium = chromium()?;
    let url = file_url(html);
    let profile = tempfile::tempdir().unwrap();
    let dom = dump_dom(chromium, profile.path(), &url);
    let shot = html.with_file_name("screenshot.png");
    screenshot(chromium, profile.path(), &url, &shot, height);
    Some(PageCheck {
        dom,
        screenshot: shot,
    })
}

/// Tallest full-page screenshot taken: a bound against a runaway page, well above the
/// reports' own (the demo's is about 41,000 px, drawn whole by headless Chromium).
const MAX_SHOT: i64 = 60_000;

/// The same, the screenshot of the whole page (as high as the check script measured it,
/// which must be at most [`MAX_SHOT`]) saved as `shot`.
pub fn open_full_page(html: &Path, shot: &Path) -> Option<PageCheck> {
    let chromium = chromium()?;
    let url = file_url(html);
    let profile = tempfile::tempdir().unwrap();
    let dom = dump_dom(chromium, profile.path(), &url);
    let height = attr(&dom, "data-page-height").expect("data-page-height");
    assert!(height <= MAX_SHOT, "a page {height} px high");
    screenshot(chromium, profile.path(), &url, shot, height.max(600) as u32);
    Some(PageCheck {
        dom,
        screenshot: shot.to_path_buf(),
    })
}

/// A text attribute of `<body>` (`data-error-list`, `data-overflow-list`), unescaped
/// enough to read.
pub fn attr_text(dom: &str, name: &str) -> Option<String> {
    let body = &dom[dom.find("<body")?..];
    let tag = &body[..body.find('>')?];
    let key = format!("{name}=\"");
    let at = tag.find(&key)? + key.len();
    Some(
        tag[at..]
            .split('"')
            .next()?
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">"),
    )
}
