//! Issue 58's print-grade PDF: the public report of the 2015 World Xiangqi Championship
//! printed in zh-Hans on A4 (595 × 842 pt, the default paper) keeps every heading with
//! what follows it (no page ends with one) and writes the moves under its boards in
//! Chinese notation; printed in English with `--paper letter --page-per-round` it is
//! 612 × 792 pt, its board moves are WXF and each round's games start a page. The
//! championship's database is report_print's (one ingest); one PDF per language.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::common::{public_edition, WORLD_CHAMPIONSHIP};
use crate::report_print::printed;

/// One language's printed public report: its HTML page, the PDF and the PDF's text, page
/// by page.
struct Paper {
    html: String,
    pdf: PathBuf,
    pages: Vec<String>,
}

/// The public report in `lang` printed with `extra` flags, under `name`; `None` when the
/// shared data, Chromium or poppler is missing (and not required).
fn print(name: &str, lang: &str, extra: &[&str]) -> Option<Paper> {
    let db = &printed().as_ref()?.db;
    let chromium = crate::chromium::chromium()?;
    if Command::new("pdftotext").arg("-v").output().is_err() {
        assert!(
            std::env::var("KIFU_REQUIRE_CHROMIUM").as_deref() != Ok("1"),
            "KIFU_REQUIRE_CHROMIUM=1 but pdftotext (poppler-utils) is missing"
        );
        return None;
    }
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("report-paper")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let report = root.join("report");
    let pdf = root.join("report.pdf");
    let mut more = vec![
        "--event",
        WORLD_CHAMPIONSHIP,
        "--pdf",
        pdf.to_str().unwrap(),
        "--chromium",
        chromium.to_str().unwrap(),
    ];
    more.extend_from_slice(extra);
    public_edition("report", db, lang, &report, &more);
    eprintln!("{lang} report and PDF: {}", root.display());
    let txt = root.join("report.txt");
    let status = Command::new("pdftotext")
        .arg(&pdf)
        .arg(&txt)
        .status()
        .unwrap();
    assert!(status.success(), "pdftotext failed");
    // pdftotext ends each page with a form feed.
    let text = std::fs::read_to_string(&txt).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    Some(Paper {
        html: std::fs::read_to_string(report.join("index.html")).unwrap(),
        pdf,
        pages,
    })
}

fn zh_hans() -> Option<&'static Paper> {
    static PAPER: OnceLock<Option<Paper>> = OnceLock::new();
    PAPER
        .get_or_init(|| print("zh-Hans", "zh-Hans", &[]))
        .as_ref()
}

fn english_letter() -> Option<&'static Paper> {
    static PAPER: OnceLock<Option<Paper>> = OnceLock::new();
    PAPER
        .get_or_init(|| print("en", "en", &["--paper", "letter", "--page-per-round"]))
        .as_ref()
}

/// The PDF's page size in points, rounded, from pdfinfo's `Page size: 595.276 x 841.89
/// pts (A4)`.
fn page_size(pdf: &Path) -> (u32, u32) {
    let out = Command::new("pdfinfo").arg(pdf).output().expect("pdfinfo");
    let info = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = info
        .lines()
        .find_map(|l| l.strip_prefix("Page size:"))
        .unwrap_or_else(|| panic!("no page size in {info}"));
    let numbers: Vec<f64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0].round() as u32, numbers[1].round() as u32)
}

/// Text without its white space (pdftotext spaces a CJK line as it likes).
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The text of every `<tag>…</tag>` of `html`, its inner tags dropped and the escapes
/// the report writes read back.
fn texts_of(html: &str, tag: &str) -> Vec<String> {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(&open) {
        let inner = &rest[at..];
        let start = inner.find('>').unwrap() + 1;
        let end = inner.find(&close).unwrap();
        let mut text = String::new();
        let mut in_tag = false;
        for c in inner[start..end].chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        out.push(
            text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&"),
        );
        rest = &inner[end..];
    }
    out
}

/// The page's headings (`h1`–`h3`), squeezed.
fn headings(html: &str) -> BTreeSet<String> {
    ["h1", "h2", "h3"]
        .iter()
        .flat_map(|tag| texts_of(html, tag))
        .map(|t| squeezed(&t))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The moves written under the boards: what follows `：` (zh) or `: ` (en) on a board
/// caption's line (`第 74 步：炮五平四`, `move 74: C5=4`).
fn board_moves(pages: &[String], caption: fn(&str) -> Option<&str>) -> Vec<String> {
    pages
        .iter()
        .flat_map(|p| p.lines())
        .filter_map(|l| caption(l.trim()))
        .map(str::to_owned)
        .collect()
}

fn zh_caption(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('第')?;
    let (n, text) = rest.split_once("步：")?;
    n.trim().parse::<u32>().ok()?;
    text.split_whitespace().next()
}

fn en_caption(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("move ")?;
    let (n, text) = rest.split_once(": ")?;
    n.parse::<u32>().ok()?;
    text.split_whitespace().next()
}

/// `h2e2`: an ICCS move.
fn is_iccs(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 4
        && (b'a'..=b'i').contains(&b[0])
        && b[1].is_ascii_digit()
        && (b'a'..=b'i').contains(&b[2])
        && b[3].is_ascii_digit()
}

/// `炮二平五`, `马8进7`, `前车进一`: a Chinese move of four characters ending in a
/// number, its third character the move's direction.
fn is_chinese_move(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    c.len() == 4
        && "进退平".contains(c[2])
        && ("一二三四五六七八九".contains(c[3]) || c[3].is_ascii_digit())
}

/// `C2=5`, `H8+7`, `+R-1`: a WXF move.
fn is_wxf(text: &str) -> bool {
    let c: Vec<char> = text.chars().collect();
    c.len() == 4 && "+-=.".contains(c[2]) && c[3].is_ascii_digit()
}

#[test]
fn the_chinese_pdf_is_a4() {
    let Some(p) = zh_hans() else {
        return;
    };
    assert_eq!(page_size(&p.pdf), (595, 842));
}

#[test]
fn the_letter_pdf_is_letter() {
    let Some(p) = english_letter() else {
        return;
    };
    assert_eq!(page_size(&p.pdf), (612, 792));
}

#[test]
fn no_page_ends_with_a_heading() {
    let Some(p) = zh_hans() else {
        return;
    };
    let heads = headings(&p.html);
    // The title, contents, sections and a heading per game.
    assert!(heads.len() > 50, "{heads:?}");
    assert!(p.pages.len() >= 10, "{} pages", p.pages.len());
    let lone: Vec<(usize, String)> = p
        .pages
        .iter()
        .enumerate()
        .filter_map(|(i, page)| {
            let last = page.lines().map(squeezed).rfind(|l| !l.is_empty())?;
            heads.contains(&last).then_some((i + 1, last))
        })
        .collect();
    assert_eq!(
        lone,
        Vec::<(usize, String)>::new(),
        "pages ending with a heading"
    );
}

#[test]
fn the_chinese_pdf_writes_its_board_moves_in_chinese() {
    let Some(p) = zh_hans() else {
        return;
    };
    let moves = board_moves(&p.pages, zh_caption);
    // A board under each printed game.
    let games = texts_of(&p.html, "h3").len();
    assert!(
        games >= 30 && moves.len() == games,
        "{games} games, {moves:?}"
    );
    let not_chinese: Vec<&String> = moves.iter().filter(|m| !is_chinese_move(m)).collect();
    assert_eq!(not_chinese, Vec::<&String>::new());
    let iccs: Vec<&str> = p
        .pages
        .iter()
        .flat_map(|page| page.split_whitespace())
        .filter(|w| is_iccs(w))
        .collect();
    assert_eq!(iccs, Vec::<&str>::new());
}

#[test]
fn the_english_pdf_writes_its_board_moves_in_wxf() {
    let Some(p) = english_letter() else {
        return;
    };
    let moves = board_moves(&p.pages, en_caption);
    assert!(moves.len() >= 30, "{moves:?}");
    let not_wxf: Vec<&String> = moves.iter().filter(|m| !is_wxf(m)).collect();
    assert_eq!(not_wxf, Vec::<&String>::new());
}

#[test]
fn each_round_starts_a_page_when_asked() {
    let Some(p) = english_letter() else {
        return;
    };
    // Game headings read `game 3 · 第01轮 · 2015-08-22`: the round is the second part;
    // a game is found on its page by `game 3 ·` (pdftotext may set the rest apart).
    let games: Vec<(String, String)> = texts_of(&p.html, "h3")
        .into_iter()
        .filter_map(|h| {
            let mut parts = h.split(" · ");
            let number = parts.next()?;
            Some((format!("{number} ·"), parts.next()?.to_owned()))
        })
        .collect();
    let rounds: BTreeSet<&str> = games.iter().map(|(_, r)| r.as_str()).collect();
    assert!(rounds.len() >= 5, "{rounds:?}");
    let page_of = |head: &str| {
        p.pages
            .iter()
            .position(|page| page.lines().any(|l| l.trim_start().starts_with(head)))
            .unwrap_or_else(|| panic!("{head} is on no page"))
    };
    let mut new_pages = 0;
    for pair in games.windows(2) {
        let [(before_head, before), (head, round)] = pair else {
            unreachable!()
        };
        if before != round {
            // A round's first game heads its page: no game of the round before shares it.
            assert!(
                page_of(before_head) < page_of(head),
                "{head}: on the page of the round before"
            );
            new_pages += 1;
        }
    }
    assert!(new_pages >= rounds.len() - 1, "{new_pages} rounds began");
}
