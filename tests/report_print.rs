//! Issue 30's "print and PDF" and "charts on phones": the report of the 2015 World Xiangqi
//! Championship printed with `kifu report --pdf` (every player named in the PDF's text, no
//! table cut at a page's right edge), and its charts read on a 375 px phone (no chart text
//! under 11 CSS px, nothing wider than the screen). Files are kept under the target's tmp
//! dir (paths printed).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::cdp::Browser;
use crate::common::{kifu_ok, world_championship_db, WORLD_CHAMPIONSHIP};

/// The phone width of the done-when.
const PHONE: u32 = 375;
/// The smallest chart text a phone may show, in CSS pixels.
const MIN_TEXT_PX: f64 = 11.0;

/// The printed report: its database, directory and PDF.
pub(crate) struct Printed {
    pub(crate) db: &'static Path,
    report: PathBuf,
    pdf: PathBuf,
    root: PathBuf,
}

fn required() -> bool {
    std::env::var("KIFU_REQUIRE_CHROMIUM").as_deref() == Ok("1")
}

/// The championship ingested and reported with `--pdf`, once for every test here; `None`
/// when the shared data or Chromium is missing (and not required).
pub(crate) fn printed() -> &'static Option<Printed> {
    static PRINTED: OnceLock<Option<Printed>> = OnceLock::new();
    PRINTED.get_or_init(|| {
        let db = world_championship_db()?;
        let chromium = crate::chromium::chromium()?;
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-print");
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let report = root.join("report");
        let pdf = root.join("world-championship.pdf");
        let out = kifu_ok(&[
            "report",
            "--db",
            db.to_str().unwrap(),
            "--event",
            WORLD_CHAMPIONSHIP,
            "--out",
            report.to_str().unwrap(),
            "--pdf",
            pdf.to_str().unwrap(),
            "--chromium",
            chromium.to_str().unwrap(),
        ]);
        // The PDF's path is printed after the report's two files.
        assert_eq!(out.lines().last(), pdf.to_str(), "{out}");
        eprintln!("report and PDF: {}", root.display());
        Some(Printed {
            db,
            report,
            pdf,
            root,
        })
    })
}

/// A poppler tool, or `None` (the check skipped) when it is not installed and Chromium is
/// not required (CI installs poppler-utils with Chromium).
fn poppler(tool: &str) -> Option<&'static str> {
    let found = Command::new(tool).arg("-v").output().is_ok();
    match (found, required()) {
        (true, _) => Some(if tool == "pdftotext" {
            "pdftotext"
        } else {
            "pdftoppm"
        }),
        (false, true) => panic!("KIFU_REQUIRE_CHROMIUM=1 but {tool} (poppler-utils) is missing"),
        (false, false) => {
            eprintln!("note: {tool} not found; PDF check skipped");
            None
        }
    }
}

/// Every player of the event's games, from `kifu games --format json`.
fn players(db: &Path) -> BTreeSet<String> {
    let lines = kifu_ok(&[
        "games",
        "--db",
        db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--format",
        "json",
    ]);
    let mut names = BTreeSet::new();
    for line in lines.lines().filter(|l| !l.trim().is_empty()) {
        let game: Value = serde_json::from_str(line).unwrap();
        for p in game["players"].as_array().unwrap() {
            names.insert(p["name"].as_str().unwrap().to_string());
        }
    }
    names
}

/// Text without its white space: a name wrapped in a narrow cell still reads whole.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_pdf_names_every_player() {
    let Some(p) = printed() else {
        return;
    };
    let bytes = std::fs::read(&p.pdf).unwrap();
    assert!(
        bytes.starts_with(b"%PDF"),
        "{} is not a PDF",
        p.pdf.display()
    );
    let Some(pdftotext) = poppler("pdftotext") else {
        return;
    };
    let txt = p.root.join("world-championship.txt");
    let status = Command::new(pdftotext)
        .arg(&p.pdf)
        .arg(&txt)
        .status()
        .unwrap();
    assert!(status.success(), "pdftotext failed");
    let text = squeezed(&std::fs::read_to_string(&txt).unwrap());
    let names = players(p.db);
    // The championship's field: dozens of players (Chinese, Vietnamese, European names).
    assert!(names.len() >= 30, "{names:?}");
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !text.contains(&squeezed(n)))
        .collect();
    assert!(missing.is_empty(), "not in the PDF's text: {missing:?}");
    assert!(text.contains(&squeezed(WORLD_CHAMPIONSHIP)));
}

/// The rightmost column with ink on a page image, and the image's width.
fn rightmost_ink(png: &Path) -> (u32, u32) {
    let (w, h, buf, bpp) = crate::chromium::decode_png(png);
    let mut right = 0;
    for y in 0..h {
        for x in (right..w).rev() {
            let i = ((y * w + x) as usize) * bpp;
            // Ink: clearly darker than the paper (a light table stripe is not a cut).
            if buf[i..i + 3].iter().any(|&c| c < 200) {
                right = x;
                break;
            }
        }
    }
    (right, w)
}

#[test]
fn no_pdf_page_cuts_a_table_at_its_right_edge() {
    let Some(p) = printed() else {
        return;
    };
    let Some(pdftoppm) = poppler("pdftoppm") else {
        return;
    };
    let pages = p.root.join("pages");
    let _ = std::fs::remove_dir_all(&pages);
    std::fs::create_dir_all(&pages).unwrap();
    let status = Command::new(pdftoppm)
        .args(["-r", "50", "-png"])
        .arg(&p.pdf)
        .arg(pages.join("page"))
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm failed");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{} pages", files.len());
    // The print style's page margin is 10 mm at the sides: 19.7 px at 50 dpi. A table cut
    // at the edge would have ink in that margin.
    let margin = (10.0 / 25.4 * 50.0) as u32;
    for f in &files {
        let (right, width) = rightmost_ink(f);
        assert!(
            right < width - margin + 2,
            "{}: ink at x = {right} of {width}, inside the {margin} px margin",
            f.display()
        );
    }
}

#[test]
fn printed_tables_fit_the_page_width() {
    let Some(p) = printed() else {
        return;
    };
    // A4, the default paper, less the print style's 10 mm sides: 190 mm, 718 CSS px.
    let mut browser = Browser::launch(718, 1000).expect("chromium");
    browser.set_viewport(718, 1000);
    browser.call("Emulation.setEmulatedMedia", json!({"media": "print"}));
    browser.open(&p.report.join("index.html"));
    let result = browser.eval(
        r#"(() => {
          const page = document.documentElement.clientWidth, over = [];
          let shown = 0;
          for (const t of document.querySelectorAll('table')) {
            if (!t.offsetParent) continue; // folded away: not printed
            shown++;
            const box = t.parentElement, r = t.getBoundingClientRect();
            if (box.scrollWidth > box.clientWidth + 1 || r.right > page + 1) {
              const cap = t.querySelector('caption');
              over.push((cap ? cap.textContent : 'table') + ': ' + Math.round(r.right) + ' > ' + page);
            }
          }
          return { shown, over, page };
        })()"#,
    );
    assert!(result["shown"].as_u64().unwrap() >= 5, "{result}");
    assert_eq!(result["over"], json!([]), "{result}");
    // The print style repeats a table's header row on each page.
    let repeat = browser.eval("getComputedStyle(document.querySelector('thead')).display");
    assert_eq!(repeat, json!("table-header-group"));
    assert_eq!(browser.problems(), Vec::<String>::new());
}

/// On a 375 px page: the smallest chart text shown (CSS px, the SVG's scale applied), how
/// many texts were measured, and the page's scroll width.
const CHART_TEXT: &str = r#"(() => {
  let min = Infinity, count = 0, worst = '';
  for (const t of document.querySelectorAll('figure.chart svg text')) {
    const r = t.getBoundingClientRect();
    if (!t.textContent.trim() || (r.width === 0 && r.height === 0)) continue;
    const svg = t.ownerSVGElement;
    const scale = svg.getBoundingClientRect().width / svg.width.baseVal.value;
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    count++;
    if (px < min) { min = px; worst = t.textContent; }
  }
  return { min, count, worst, scroll: document.documentElement.scrollWidth };
})()"#;

#[test]
fn report_charts_keep_readable_text_on_a_phone() {
    let Some(p) = printed() else {
        return;
    };
    let mut browser = Browser::launch(PHONE, 800).expect("chromium");
    browser.set_viewport(PHONE, 800);
    browser.open(&p.report.join("index.html"));
    let r = browser.eval(CHART_TEXT);
    let charts = browser.eval("document.querySelectorAll('figure.chart').length");
    assert!(charts.as_u64().unwrap() >= 4, "{charts}");
    // Every chart shows its narrow drawing: dozens of texts measured.
    assert!(r["count"].as_u64().unwrap() > 40, "{r}");
    assert!(r["min"].as_f64().unwrap() >= MIN_TEXT_PX, "{r}");
    assert!(r["scroll"].as_u64().unwrap() <= u64::from(PHONE), "{r}");
    let wide_shown = browser
        .eval("[...document.querySelectorAll('.plot-wide')].filter(e => e.offsetParent).length");
    assert_eq!(wide_shown, json!(0));
    assert_eq!(browser.problems(), Vec::<String>::new());
}

/// The smallest `font-size` in an SVG file and its `width`.
fn svg_text_sizes(path: &Path) -> (f64, f64) {
    let svg = std::fs::read_to_string(path).unwrap();
    let number = |at: usize| -> f64 {
        let rest = &svg[at..];
        let end = rest.find('"').unwrap();
        rest[..end].trim_end_matches("px").parse().unwrap()
    };
    let width = number(svg.find("width=\"").unwrap() + 7);
    let min = svg
        .match_indices("font-size=\"")
        .map(|(at, key)| number(at + key.len()))
        .fold(f64::INFINITY, f64::min);
    (min, width)
}

#[test]
fn site_charts_keep_readable_text_on_a_phone() {
    let Some(p) = printed() else {
        return;
    };
    let site = p.root.join("site");
    kifu_ok(&[
        "site",
        "--db",
        p.db.to_str().unwrap(),
        "--event",
        WORLD_CHAMPIONSHIP,
        "--out",
        site.to_str().unwrap(),
    ]);
    let mut browser = Browser::launch(PHONE, 800).expect("chromium");
    browser.set_viewport(PHONE, 800);
    browser.open(&site.join("index.html"));
    // The images load lazily: scroll each into view and wait for it.
    let shown = browser.eval(
        r#"(async () => {
          const out = [];
          for (const img of document.querySelectorAll('figure.chart img')) {
            img.loading = 'eager';
            img.scrollIntoView();
            if (!img.complete) await new Promise(ok => { img.onload = ok; img.onerror = ok; });
            out.push([decodeURIComponent(img.currentSrc), img.getBoundingClientRect().width]);
          }
          return { out, scroll: document.documentElement.scrollWidth };
        })()"#,
    );
    let list = shown["out"].as_array().unwrap();
    assert!(list.len() >= 4, "{shown}");
    for item in list {
        let src = item[0].as_str().unwrap();
        let path = Path::new(src.strip_prefix("file://").unwrap());
        let (min, width) = svg_text_sizes(path);
        let px = min * item[1].as_f64().unwrap() / width;
        assert!(px >= MIN_TEXT_PX, "{src}: text of {px:.1} px");
    }
    assert!(
        shown["scroll"].as_u64().unwrap() <= u64::from(PHONE),
        "{shown}"
    );
}
