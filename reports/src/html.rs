//! The HTML writer: one self-contained page (inline CSS, SVG charts and diagrams, a script
//! that checks every chart on load), every string from a record escaped.

use std::fmt::Write;

use polars::prelude::*;

use crate::escape::escape;
use crate::figures::inline_plots_html;
use crate::games::headings;
use crate::lang::{column_label, severity_count, severity_label, Lang, Msg};
use crate::model::{
    info_summary, location, severity_class, severity_counts, split_info, svg_element, table_cells,
    DrawnChart, SourceRoot,
};
use crate::standings::MISSING;
use crate::Report;

/// Most table rows shown; the rest are counted in a note.
const HTML_ROWS: usize = 500;

/// Text cells this short (a name, a code, a crosstable entry) are kept on one line; longer
/// ones wrap.
const SHORT_CELL: usize = 12;

/// Tables with more columns than this are set compact (a crosstable's rounds).
const WIDE_COLUMNS: usize = 10;

/// Tables with more columns than this print in smaller type still (a round robin of many
/// players, one column per opponent).
const CROWDED_COLUMNS: usize = 20;

/// A captioned table, at most [`HTML_ROWS`] rows; a findings table's info rows folded
/// away in a `<details>` under their count per code.
fn html_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot, lang: Lang) {
    match split_info(df) {
        Some((serious, info, per_code)) if info.height() > 0 => {
            if serious.height() > 0 {
                rows_table(out, caption, &serious, root, lang);
            } else {
                let _ = writeln!(
                    out,
                    "<p class=\"note\"><b>{}</b>: {}</p>",
                    escape(caption),
                    lang.text(Msg::NoSeriousRows)
                );
            }
            let summary = info_summary(&per_code, lang);
            let _ = write!(
                out,
                "<details class=\"info\"><summary>{}</summary>",
                escape(&lang.fill(Msg::InfoFolded, &[("summary", &summary)]))
            );
            let caption = lang.fill(Msg::InfoLevel, &[("caption", caption)]);
            rows_table(out, &caption, &info, root, lang);
            out.push_str("</details>\n");
        }
        _ => rows_table(out, caption, df, root, lang),
    }
}

fn rows_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot, lang: Lang) {
    let (header, rows) = table_cells(df, HTML_ROWS, root);
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table{}>",
        if header.len() > CROWDED_COLUMNS {
            " class=\"wide crowded\""
        } else if header.len() > WIDE_COLUMNS {
            " class=\"wide\""
        } else {
            ""
        }
    );
    let _ = write!(out, "<caption>{}</caption><thead><tr>", escape(caption));
    for (name, numeric) in &header {
        let _ = write!(
            out,
            "<th{}>{}</th>",
            if *numeric { " class=\"num\"" } else { "" },
            escape(&column_label(name, lang))
        );
    }
    out.push_str("</tr></thead><tbody>");
    if rows.is_empty() {
        let _ = write!(
            out,
            "<tr><td class=\"empty\" colspan=\"{}\">{}</td></tr>",
            header.len().max(1),
            lang.text(Msg::NoRows)
        );
    }
    for row in &rows {
        out.push_str("<tr>");
        for cell in row {
            let class = if cell.numeric {
                " class=\"num\""
            } else if cell.text.starts_with(MISSING) {
                " class=\"flag\""
            } else if cell.text.chars().count() <= SHORT_CELL {
                " class=\"short\""
            } else {
                ""
            };
            let title = match &cell.full {
                Some(full) => format!(" title=\"{}\"", escape(full)),
                None => String::new(),
            };
            let _ = write!(out, "<td{class}{title}>{}</td>", escape(&cell.text));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    if df.height() > HTML_ROWS {
        let more = lang.count(Msg::MoreRows, df.height() - HTML_ROWS);
        let _ = write!(
            out,
            "<p class=\"note\">{}</p>",
            escape(&more.replace("{shown}", &HTML_ROWS.to_string()))
        );
    }
    out.push_str("</div>\n");
}

/// The anchor of section `i`: `s2-renju-opening-balance`.
fn slug(i: usize, title: &str) -> String {
    let words: String = title
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let words: Vec<&str> = words.split('-').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        format!("s{}", i + 1)
    } else {
        format!("s{}-{}", i + 1, words.join("-"))
    }
}

/// The page's style sheet.
const CSS: &str = r#"
:root {
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
          "Noto Sans CJK JP", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Microsoft YaHei",
          "PingFang SC", sans-serif;
  --ink: #22262e; --muted: #5f6673; --line: #e3e6ec; --bg: #f6f7f9; --card: #fff;
  --accent: #2f6eba; --error: #c8372d; --warning: #d98a1c; --info: #4a7fc1;
}
* { box-sizing: border-box; }
html { font-size: 16px; }
body { margin: 0; font-family: var(--font); color: var(--ink); background: var(--bg);
       line-height: 1.5; }
.wrap { max-width: 1120px; margin: 0 auto; padding: 0 24px; }
header.top { background: linear-gradient(135deg, #1f3f6b, #2f6eba); color: #fff;
             padding: 36px 0 30px; }
header.top .kicker { margin: 0; text-transform: uppercase; letter-spacing: .12em;
                     font-size: .78rem; opacity: .8; }
header.top h1 { margin: 6px 0 4px; font-size: 2.1rem; font-weight: 650; }
header.top .sub { margin: 0; opacity: .9; }
main { padding: 24px 0 48px; }
nav.toc { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
          padding: 14px 22px; margin: 0 0 28px; }
nav.toc h2 { font-size: .85rem; text-transform: uppercase; letter-spacing: .08em;
             color: var(--muted); margin: 0 0 6px; border: 0; padding: 0; }
nav.toc ol { margin: 0; padding-left: 22px; columns: 2; column-gap: 40px; }
nav.toc a { color: var(--accent); text-decoration: none; }
nav.toc a:hover { text-decoration: underline; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
          padding: 8px 26px 22px; margin: 0 0 28px; }
section > h2 { font-size: 1.45rem; margin: 16px 0 6px; padding-bottom: 8px;
               border-bottom: 2px solid var(--line); }
p.intro { color: var(--muted); margin: 8px 0 16px; }
.table-wrap { overflow-x: auto; margin: 14px 0 20px; max-width: 100%; }
table { border-collapse: collapse; width: auto; min-width: 50%; max-width: 100%;
        font-size: .92rem; }
caption { text-align: left; font-weight: 600; padding: 4px 0 8px; }
th, td { padding: 6px 12px; border-bottom: 1px solid var(--line); text-align: left;
         vertical-align: top; }
/* Long text (paths, names) wraps inside its cell instead of widening the table. */
td { overflow-wrap: anywhere; }
th { background: #eef1f6; font-weight: 600; overflow-wrap: normal; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
table.wide { font-size: .8rem; }
table.wide th, table.wide td { padding: 4px 6px; }
td.flag { color: var(--warning); font-weight: 600; }
td.short { white-space: nowrap; }
td[title] { cursor: help; text-decoration: underline dotted var(--line); }
details.info { margin: 6px 0 20px; }
details.info > summary { cursor: pointer; color: var(--muted); }
tbody tr:nth-child(even) td { background: #fafbfc; }
td.empty { color: var(--muted); font-style: italic; }
p.note { color: var(--muted); font-size: .85rem; }
figure.chart { margin: 18px 0 26px; }
figure.chart .plot { border: 1px solid var(--line); border-radius: 8px; padding: 8px;
                     background: #fff; overflow: hidden; }
figure.chart svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
svg text { font-family: var(--font); }
figcaption { color: var(--muted); font-size: .88rem; margin-top: 6px; }
figcaption b { color: var(--ink); }
figcaption a { color: var(--accent); }
.summary { display: flex; gap: 12px; flex-wrap: wrap; margin: 10px 0 18px; }
.pill { border-radius: 999px; padding: 3px 12px; font-size: .85rem; font-weight: 600;
        color: #fff; }
.pill.error, .badge.error { background: var(--error); }
.pill.warning, .badge.warning { background: var(--warning); }
.pill.info, .badge.info { background: var(--info); }
article.finding { display: grid; grid-template-columns: minmax(240px, 400px) 1fr; gap: 22px;
                  align-items: start; border: 1px solid var(--line);
                  border-left: 5px solid var(--info); border-radius: 8px; padding: 16px;
                  margin: 0 0 18px; background: #fff; }
article.finding.error { border-left-color: var(--error); }
article.finding.warning { border-left-color: var(--warning); }
article.finding .board svg { display: block; max-width: 100%; height: auto; }
article.finding .board.none { color: var(--muted); font-style: italic; padding: 20px;
                              background: #fafbfc; border-radius: 6px; }
article.finding h3 { margin: 0 0 8px; font-size: 1.05rem; display: flex; gap: 10px;
                     align-items: center; flex-wrap: wrap; }
.badge { border-radius: 4px; padding: 1px 8px; font-size: .75rem; color: #fff;
         text-transform: uppercase; letter-spacing: .05em; }
code { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
       background: #eef1f6; border-radius: 4px; padding: 1px 6px; font-size: .9em; }
.message { font-size: 1rem; margin: 6px 0 12px; }
blockquote.rule { margin: 0 0 12px; padding: 8px 14px; border-left: 3px solid var(--accent);
                  background: #f1f5fb; color: var(--ink); border-radius: 0 6px 6px 0; }
blockquote.rule span { color: var(--muted); font-size: .8rem; text-transform: uppercase;
                       letter-spacing: .06em; display: block; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0;
          font-size: .88rem; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
footer { color: var(--muted); font-size: .8rem; text-align: center; padding: 0 0 30px; }
article.game-sheet { display: grid; grid-template-columns: minmax(200px, 300px) 1fr;
                     grid-template-areas: "head head" "board moves"; gap: 4px 22px;
                     border-top: 1px solid var(--line); padding: 14px 0; }
article.game-sheet h3 { grid-area: head; margin: 0; font-size: 1rem; }
article.game-sheet .players { grid-area: head; margin: 1.6em 0 6px; }
article.game-sheet .board { grid-area: board; }
article.game-sheet .board svg { display: block; max-width: 100%; height: auto; }
article.game-sheet .moves { grid-area: moves; margin: 0; line-height: 1.7; }
header.top img.logo { float: right; max-height: 64px; max-width: 30%; margin: 0 0 8px 16px; }
/* Each chart is drawn twice: wide, and narrow for phones (its text keeps its size there). */
.plot-narrow { display: none; }
@media (max-width: 760px) {
  article.finding { grid-template-columns: 1fr; }
  article.game-sheet { grid-template-columns: 1fr; grid-template-areas: "head" "board" "moves"; }
  nav.toc ol { columns: 1; }
}
/* Phones: the narrow drawing, shown at about its own 320 px, so the page's side padding
   is cut to leave it that room at 375 px. */
@media (max-width: 600px) {
  .wrap { padding: 0 10px; }
  header.top h1 { font-size: 1.5rem; overflow-wrap: anywhere; }
  section { padding: 4px 10px 14px; border-radius: 6px; }
  nav.toc { padding: 10px 14px; }
  figure.chart .plot { padding: 0; }
  figure.chart .plot-wide { display: none; }
  figure.chart .plot-narrow { display: block; }
  article.finding { padding: 10px; gap: 12px; }
  th, td { padding: 4px 6px; }
  /* A table wider than the screen scrolls sideways in its box with its first column (the
     rank, the name) kept in view; its caption wraps at the screen's width and stays put;
     names and headings keep their words on a line, long text a readable column. */
  table { min-width: 0; max-width: none; }
  caption { position: sticky; left: 0; max-width: calc(100vw - 42px); }
  th, td { overflow-wrap: normal; }
  th, td.short { white-space: nowrap; }
  td:not(.num):not(.short) { min-width: 9em; }
  .table-wrap th:first-child, .table-wrap td:first-child { position: sticky; left: 0; z-index: 1;
    background: var(--card); box-shadow: 1px 0 0 var(--line); }
  .table-wrap thead th:first-child { background: #eef1f6; }
}
/* Paper: every table fits the page width (cells wrap, nothing scrolls or is cut) or
   breaks across pages with its header row repeated; a row, a chart or a board is never
   split. */
@media print {
  @page { margin: 12mm 10mm; }
  html { font-size: 10pt; }
  body { background: #fff; line-height: 1.35; }
  .wrap { max-width: none; padding: 0; }
  header.top { background: none; color: var(--ink); padding: 0 0 6px;
               border-bottom: 2px solid var(--ink); }
  main { padding: 10px 0 0; }
  section, nav.toc { border: 0; padding: 0; margin: 0 0 14px; border-radius: 0; }
  section > h2, caption, h3 { break-after: avoid; }
  /* A game on paper: its board beside its moves (not the narrow screen's stack, which
     gave a page-wide board and one game a page), never split across pages. */
  article.game-sheet { grid-template-columns: 38% 1fr; grid-template-areas: "head head" "board moves";
                       break-inside: avoid; }
  article.game-sheet.new-round { break-before: page; }
  a { color: inherit; text-decoration: none; }
  .table-wrap { overflow: visible; max-width: 100%; }
  table { width: 100%; min-width: 0; font-size: 8pt; }
  table.wide { font-size: 7pt; }
  table.crowded { font-size: 6pt; }
  table.crowded th, table.crowded td { padding: 1px 2px; }
  thead { display: table-header-group; }
  tr, figure, svg, article.finding, .board { break-inside: avoid; }
  th, td, td.num, td.short, td.flag { white-space: normal; overflow-wrap: anywhere;
                                      padding: 2px 4px; }
  /* A header word or a number is never split: "games" does not read "game s". */
  th, td.num { overflow-wrap: normal; }
  details.info > summary { list-style: none; }
  figure.chart .plot { border: 0; padding: 0; }
  figure.chart .plot-wide { display: block; }
  figure.chart .plot-narrow { display: none; }
  article.finding { grid-template-columns: 40% 1fr; gap: 12px; padding: 8px; }
  footer { padding: 8px 0 0; }
}
"#;

/// Collects script errors from the start (resource errors too: capture phase).
const HEAD_SCRIPT: &str = r#"
window.__kifuErrors = [];
window.addEventListener('error', function (e) {
  window.__kifuErrors.push(String((e && (e.message || (e.target && (e.target.src || e.target.href)))) || 'error'));
}, true);
window.addEventListener('unhandledrejection', function (e) {
  window.__kifuErrors.push('unhandled rejection: ' + String(e && e.reason));
});
"#;

/// Checks the page once loaded and writes the result on `<body>`: every chart and diagram
/// drawn (`data-charts`, `data-charts-ok`), charts with no mark of data
/// (`data-charts-empty`, their names in `data-empty-list`), SVG shapes of negative size
/// (`data-svg-negative`), tables wider than their container (`data-tables`,
/// `data-tables-overflow`, their captions in `data-overflow-list`), and whether CJK text
/// renders as glyphs rather than the missing-glyph box (`data-cjk`: 1 or 0), script errors
/// (`data-errors`).
const CHECK_SCRIPT: &str = r#"
(function () {
  function num(el, name) {
    var v = el.getAttribute(name);
    return v === null ? null : parseFloat(v);
  }
  // Marks of data in a chart: a shape with an area that is not the background, or a line
  // through three points or more (axes and ticks are two-point lines).
  function marks(svg) {
    var box = svg.getBoundingClientRect(), n = 0;
    var shapes = svg.querySelectorAll('rect, circle, ellipse, polygon, path, polyline');
    for (var i = 0; i < shapes.length; i++) {
      var s = shapes[i], tag = s.tagName.toLowerCase(), r = s.getBoundingClientRect();
      if (tag === 'rect') {
        var w = num(s, 'width'), h = num(s, 'height');
        if (!(w > 0 && h > 0)) continue;
        if (r.width >= 0.9 * box.width && r.height >= 0.9 * box.height) continue;
        n++;
      } else if (tag === 'polyline' || tag === 'polygon') {
        var pts = (s.getAttribute('points') || '').trim().split(/\s+/).filter(Boolean);
        if (pts.length >= 3) n++;
      } else if (r.width > 0 || r.height > 0) {
        n++;
      }
    }
    return n;
  }
  function negative(svg) {
    var n = 0, all = [svg].concat(Array.prototype.slice.call(svg.querySelectorAll('*')));
    for (var i = 0; i < all.length; i++) {
      var names = ['width', 'height', 'r', 'rx', 'ry'];
      for (var k = 0; k < names.length; k++) {
        var v = num(all[i], names[k]);
        if (v !== null && v < 0) { n++; break; }
      }
    }
    return n;
  }
  // A CJK glyph drawn in the page's font differs from the missing-glyph box (drawn for a
  // code point no font has) and leaves ink.
  function glyph(ch, font) {
    var c = document.createElement('canvas');
    c.width = 64; c.height = 64;
    var g = c.getContext('2d');
    g.fillStyle = '#fff'; g.fillRect(0, 0, 64, 64);
    g.fillStyle = '#000'; g.font = '40px ' + font; g.textBaseline = 'middle';
    g.fillText(ch, 8, 32);
    var d = g.getImageData(0, 0, 64, 64).data, out = [], ink = 0;
    for (var i = 0; i < d.length; i += 4) { out.push(d[i] < 128 ? 1 : 0); ink += d[i] < 128 ? 1 : 0; }
    return { bits: out.join(''), ink: ink };
  }
  function cjkRenders() {
    var font = getComputedStyle(document.body).fontFamily;
    var boxes = [glyph('\u0378', font).bits, glyph('\uE000', font).bits, glyph('\uFFFF', font).bits];
    var text = '象棋連珠珠取王';
    for (var i = 0; i < text.length; i++) {
      var gl = glyph(text[i], font);
      if (gl.ink === 0 || boxes.indexOf(gl.bits) >= 0) return false;
    }
    return true;
  }
  function check() {
    var figs = document.querySelectorAll('[data-chart]');
    var ok = 0, empty = [], neg = 0;
    for (var i = 0; i < figs.length; i++) {
      var f = figs[i], good = false;
      // A chart holds a wide and a narrow drawing, one of them hidden: check the shown one.
      var svgs = f.querySelectorAll('svg'), svg = svgs[0] || null;
      for (var k = 0; k < svgs.length; k++) {
        if (svgs[k].getBoundingClientRect().width > 0) { svg = svgs[k]; break; }
      }
      var img = f.querySelector('img');
      if (svg) {
        var r = svg.getBoundingClientRect();
        good = svg.childElementCount > 0 && r.width > 0 && r.height > 0;
        neg += negative(svg);
        if (f.tagName.toLowerCase() === 'figure' && marks(svg) === 0) empty.push(f.getAttribute('data-chart'));
      } else if (img) {
        good = img.complete && img.naturalWidth > 0;
      }
      f.setAttribute('data-chart-ok', good ? '1' : '0');
      if (good) ok++;
    }
    // Tables, folded ones opened for the measure.
    var details = document.querySelectorAll('details');
    var closed = [];
    for (var i = 0; i < details.length; i++) if (!details[i].open) { closed.push(details[i]); details[i].open = true; }
    var tables = document.querySelectorAll('table'), over = [];
    for (var i = 0; i < tables.length; i++) {
      var t = tables[i], box = t.parentElement;
      var tw = t.getBoundingClientRect().width, bw = box.clientWidth;
      if (tw > bw + 1 || box.scrollWidth > box.clientWidth + 1) {
        var cap = t.querySelector('caption');
        over.push(cap ? cap.textContent : 'table ' + (i + 1));
      }
    }
    for (var i = 0; i < closed.length; i++) closed[i].open = false;
    var b = document.body;
    b.setAttribute('data-charts', String(figs.length));
    b.setAttribute('data-charts-ok', String(ok));
    b.setAttribute('data-charts-empty', String(empty.length));
    if (empty.length) b.setAttribute('data-empty-list', empty.join(' | '));
    b.setAttribute('data-svg-negative', String(neg));
    b.setAttribute('data-tables', String(tables.length));
    b.setAttribute('data-tables-overflow', String(over.length));
    if (over.length) b.setAttribute('data-overflow-list', over.join(' | '));
    b.setAttribute('data-cjk', cjkRenders() ? '1' : '0');
    b.setAttribute('data-errors', String(window.__kifuErrors.length));
    if (window.__kifuErrors.length) b.setAttribute('data-error-list', window.__kifuErrors.join(' | '));
    b.setAttribute('data-page-height', String(Math.ceil(document.documentElement.scrollHeight)));
    b.setAttribute('data-checked', '1');
  }
  try { check(); } catch (e) { window.__kifuErrors.push(String(e)); }
  window.addEventListener('load', function () {
    try { check(); } catch (e) { window.__kifuErrors.push(String(e)); check(); }
  });
})();
"#;

/// The footer's counts, of what the page shows: its charts, the findings its tables count,
/// and the findings its audit lists.
fn footer_text(report: &Report, drawn: &[Vec<DrawnChart>]) -> String {
    let lang = report.presentation.lang;
    let charts = drawn.iter().map(Vec::len).sum::<usize>();
    let mut parts = vec![
        lang.text(Msg::GeneratedBy).to_string(),
        lang.count(Msg::ChartCount, charts),
    ];
    // The public edition lists no finding.
    if report.presentation.edition.is_public() {
        return parts.join(" · ");
    }
    let counted = findings_in_tables(report) as usize;
    if counted > 0 {
        parts.push(lang.count(Msg::FindingsInTables, counted));
    }
    parts.push(lang.count(Msg::FindingsInAudit, report.audit.len()));
    parts.join(" · ")
}

/// The findings a report's tables count: the `findings` column of its tables by severity
/// (the findings section's table by source, code and severity).
fn findings_in_tables(report: &Report) -> u64 {
    report
        .sections
        .iter()
        .flat_map(|s| &s.tables)
        .filter(|(_, df)| df.column("severity").is_ok())
        .filter_map(|(_, df)| {
            let col = df.column("findings").ok()?.cast(&DataType::UInt64).ok()?;
            let sum: u64 = col.u64().ok()?.iter().flatten().sum();
            Some(sum)
        })
        .sum()
}

/// The report's preview as a shared link shows it: its title, what it is and its facts.
fn share_meta(report: &Report) -> String {
    let lang = report.presentation.lang;
    let what = lang.text(Msg::ShareReport);
    let description = match (report.subtitle.is_empty(), lang) {
        (true, _) => what.to_owned(),
        (false, Lang::En) => format!("{what}: {}", report.subtitle),
        (false, _) => format!("{what}：{}", report.subtitle),
    };
    crate::share_meta::share_meta(&crate::share_meta::ShareMeta {
        title: &report.title,
        description: &description,
        og_type: "article",
        // The report is its folder's `index.html`.
        page: "index.html",
        image: None,
        base_url: report.presentation.base_url.as_ref(),
    })
}

/// The page: contents, the sections with their tables and inlined charts, the audit (the
/// audit edition's).
pub(crate) fn render_html(
    report: &Report,
    drawn: &[Vec<DrawnChart>],
    diagrams: &[Option<String>],
) -> String {
    let look = &report.presentation;
    let lang = look.lang;
    let public = look.edition.is_public();
    let total: usize = drawn.iter().map(|v| v.len()).sum::<usize>()
        + report
            .audit
            .iter()
            .filter(|a| a.diagram_svg.is_some())
            .count();
    let root = SourceRoot::of(report);
    let mut out = String::with_capacity(1 << 16);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"kifu report\">\n<title>{}</title>\n{}\
         <style>{CSS}</style>\n<script>{HEAD_SCRIPT}</script>\n{}{}</head>\n\
         <body data-charts=\"{total}\" data-charts-ok=\"0\" data-errors=\"0\" data-edition=\"{}\">\n",
        lang.tag(),
        escape(&report.title),
        share_meta(report),
        look.paper_style(),
        look.theme_style(),
        look.edition.name(),
    );
    let _ = write!(
        out,
        "<header class=\"top\"><div class=\"wrap\">{}{}\
         <h1>{}</h1>{}</div></header>\n<main class=\"wrap\">\n",
        look.logo_html(),
        if public {
            ""
        } else {
            "<p class=\"kicker\">kifu report</p>"
        },
        escape(&report.title),
        if report.subtitle.is_empty() {
            String::new()
        } else {
            format!("<p class=\"sub\">{}</p>", escape(&report.subtitle))
        }
    );
    // Table of contents.
    let _ = write!(
        out,
        "<nav class=\"toc\"><h2>{}</h2><ol>",
        lang.text(Msg::Contents)
    );
    for (i, s) in report.sections.iter().enumerate() {
        let _ = write!(
            out,
            "<li><a href=\"#{}\">{}</a></li>",
            slug(i, &s.title),
            escape(&s.title)
        );
    }
    if !report.games.is_empty() {
        let _ = write!(
            out,
            "<li><a href=\"#games\">{}</a></li>",
            lang.text(Msg::Games)
        );
    }
    if !public {
        let _ = write!(
            out,
            "<li><a href=\"#audit\">{}</a></li>",
            escape(&lang.count(Msg::AuditFindings, report.audit.len()))
        );
    }
    out.push_str("</ol></nav>\n");
    let mut figure = 0;
    for (i, s) in report.sections.iter().enumerate() {
        let _ = write!(
            out,
            "<section id=\"{}\">\n<h2>{}</h2>\n",
            slug(i, &s.title),
            escape(&s.title)
        );
        if !s.intro.is_empty() {
            let _ = writeln!(out, "<p class=\"intro\">{}</p>", escape(&s.intro));
        }
        for (caption, df) in &s.tables {
            html_table(&mut out, caption, df, &root, lang);
        }
        for c in &drawn[i] {
            figure += 1;
            let _ = writeln!(
                out,
                "<figure class=\"chart\" data-chart=\"{stem}\">{plots}\
                 <figcaption><b>{label}</b> {title} — \
                 <a href=\"charts/{stem}.svg\">{svg}</a> · <a href=\"charts/{stem}.png\">{png}</a>\
                 </figcaption></figure>",
                svg = lang.text(Msg::ChartVectorFile),
                png = lang.text(Msg::ChartImageFile),
                stem = escape(&c.stem),
                plots = inline_plots_html(c),
                label = lang.fill(Msg::Figure, &[("n", &figure.to_string())]),
                title = escape(&c.title),
            );
        }
        out.push_str("</section>\n");
    }
    if !report.games.is_empty() {
        games_html(&mut out, report);
    }
    if !public {
        audit_html(&mut out, report, diagrams, &root);
    }
    out.push_str("</main>\n");
    let _ = writeln!(
        out,
        "<footer>{}</footer>",
        escape(&footer_text(report, drawn))
    );
    let _ = write!(out, "<script>{CHECK_SCRIPT}</script>\n</body>\n</html>\n");
    out
}

/// The audit section: each serious finding with its diagram, rule and place.
fn audit_html(out: &mut String, report: &Report, diagrams: &[Option<String>], root: &SourceRoot) {
    let lang = report.presentation.lang;
    let _ = write!(
        out,
        "<section id=\"audit\">\n<h2>{}</h2>\n",
        lang.text(Msg::Audit)
    );
    if report.audit.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"intro\">{}</p>",
            lang.text(Msg::NoSeriousFindings)
        );
    } else {
        let _ = write!(
            out,
            "<p class=\"intro\">{}</p>\n<div class=\"summary\">",
            lang.text(Msg::AuditIntro)
        );
        for (s, n) in severity_counts(&report.audit) {
            let _ = write!(
                out,
                "<span class=\"pill {s}\">{}</span>",
                severity_count(s, n, lang)
            );
        }
        out.push_str("</div>\n");
    }
    if report.audit_omitted > 0 {
        let _ = writeln!(
            out,
            "<p class=\"note\">{}</p>",
            code_spans(&lang.count(Msg::AuditOmitted, report.audit_omitted))
        );
    }
    for (i, item) in report.audit.iter().enumerate() {
        let sev = severity_class(&item.severity);
        let _ = write!(
            out,
            "<article class=\"finding {sev}\" id=\"finding-{}\">",
            i + 1
        );
        match &item.diagram_svg {
            Some(svg) => {
                let _ = write!(
                    out,
                    "<div class=\"board\" data-chart=\"diagram-{}\">{}</div>",
                    i + 1,
                    svg_element(svg)
                );
            }
            None => {
                let why = item
                    .no_diagram
                    .as_deref()
                    .unwrap_or(lang.text(Msg::NoDiagram));
                let _ = write!(out, "<div class=\"board none\">{}</div>", escape(why));
            }
        }
        let _ = write!(
            out,
            "<div class=\"text\"><h3><span class=\"badge {sev}\">{}</span><code>{}</code></h3>\
             <p class=\"message\">{}</p>",
            severity_label(sev, lang),
            escape(&item.code),
            escape(&item.message)
        );
        if let Some(r) = &item.resolution {
            let _ = write!(out, "<p class=\"resolution\">{}</p>", escape(r));
        }
        if !item.rule.is_empty() {
            let _ = write!(
                out,
                "<blockquote class=\"rule\"><span>{}</span>{}</blockquote>",
                lang.text(Msg::RuleCited),
                escape(&item.rule)
            );
        }
        out.push_str("<dl class=\"meta\">");
        if item.game > 0 {
            let _ = write!(
                out,
                "<dt>{}</dt><dd>#{} {}</dd>",
                lang.text(Msg::Game),
                item.game,
                escape(&item.kind)
            );
        } else {
            let _ = write!(
                out,
                "<dt>{}</dt><dd>{}</dd>",
                lang.text(Msg::Record),
                lang.text(Msg::QuarantinedRecord)
            );
        }
        if !item.players.is_empty() {
            let _ = write!(
                out,
                "<dt>{}</dt><dd class=\"players\">{}</dd>",
                lang.text(Msg::Players),
                escape(&item.players)
            );
        }
        if let Some(p) = item.ply {
            let _ = write!(out, "<dt>{}</dt><dd>{p}</dd>", lang.text(Msg::Ply));
        }
        let loc = location(item, root);
        if !loc.is_empty() {
            let _ = write!(
                out,
                "<dt>{}</dt><dd><code title=\"{}\">{}</code></dd>",
                lang.text(Msg::Source),
                escape(&item.source),
                escape(&loc)
            );
        }
        if let Some(name) = &diagrams[i] {
            let _ = write!(
                out,
                "<dt>{}</dt><dd><a href=\"diagrams/{1}\">{1}</a></dd>",
                lang.text(Msg::Diagram),
                escape(name)
            );
        }
        out.push_str("</dl></div></article>\n");
    }
    out.push_str("</section>\n");
}

/// The public edition's games: each with its header, moves and final position.
fn games_html(out: &mut String, report: &Report) {
    let lang = report.presentation.lang;
    let _ = write!(
        out,
        "<section id=\"games\">\n<h2>{}</h2>\n",
        lang.text(Msg::Games)
    );
    if report.games_total > report.games.len() {
        let _ = writeln!(
            out,
            "<p class=\"note\">{}</p>",
            escape(&lang.fill(
                Msg::GamesPrintedLimit,
                &[
                    ("shown", &report.games.len().to_string()),
                    ("n", &report.games_total.to_string()),
                ],
            ))
        );
    }
    let mut round = None;
    for (i, (g, head)) in report
        .games
        .iter()
        .zip(headings(&report.games, lang))
        .enumerate()
    {
        // With --page-per-round, a round's first game (after the first round's) starts a
        // printed page.
        let new_round = i > 0 && round != Some((&g.event, &g.round));
        round = Some((&g.event, &g.round));
        let _ = write!(
            out,
            "<article class=\"game-sheet{}\"><h3>{}</h3><p class=\"players\">{} \
             <b class=\"result\">{}</b></p>",
            if new_round && report.presentation.page_per_round {
                " new-round"
            } else {
                ""
            },
            escape(&head),
            escape(&g.players.join(" – ")),
            escape(&g.result)
        );
        if let Some(svg) = &g.diagram_svg {
            let _ = write!(out, "<div class=\"board\">{}</div>", svg_element(svg));
        }
        let _ = writeln!(out, "<p class=\"moves\">{}</p></article>", escape(&g.moves));
    }
    out.push_str("</section>\n");
}

/// Escaped text whose `backticked` parts are set as code (a command to run).
fn code_spans(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{}</code>", escape(part));
        } else {
            out.push_str(&escape(part));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AuditItem, Section};

    #[test]
    fn the_theme_and_the_logo_are_in_the_page_and_so_in_its_pdf() {
        let report = Report {
            title: "Season".into(),
            presentation: crate::Presentation {
                theme_css: Some(":root { --accent: #8a1538; }".into()),
                logo: Some(crate::Logo {
                    mime: "image/png",
                    bytes: b"png".to_vec(),
                }),
                ..Default::default()
            },
            ..Report::default()
        };
        let html = render_html(&report, &[], &[]);
        let head = &html[..html.find("</head>").unwrap()];
        // The theme after the built-in style sheet, so its custom properties win.
        let theme = head
            .find("<style id=\"theme\">\n:root { --accent: #8a1538; }")
            .unwrap();
        assert!(head.find("<style>").unwrap() < theme);
        let header = &html[html.find("<header").unwrap()..html.find("</header>").unwrap()];
        assert!(header.contains("<img class=\"logo\" alt=\"\" src=\"data:image/png;base64,cG5n\">"));
    }

    #[test]
    fn the_paper_comes_before_the_theme_and_each_round_can_start_a_page() {
        let sheet = |round: &str| crate::GameSheet {
            event: "Cup".into(),
            round: Some(round.into()),
            ..Default::default()
        };
        let mut report = Report {
            title: "Cup".into(),
            games: vec![sheet("1"), sheet("1"), sheet("2")],
            presentation: crate::Presentation {
                theme_css: Some("@page { size: A5; }".into()),
                paper: crate::Paper::Letter,
                page_per_round: true,
                ..Default::default()
            },
            ..Report::default()
        };
        let html = render_html(&report, &[], &[]);
        // The theme's own @page comes later, so it wins.
        let paper = html
            .find("<style id=\"paper\">@page { size: letter; }")
            .unwrap();
        assert!(paper < html.find("<style id=\"theme\">").unwrap());
        let sheets: Vec<&str> = html
            .match_indices("<article class=\"")
            .map(|(at, _)| &html[at..at + html[at..].find('>').unwrap()])
            .collect();
        assert_eq!(
            sheets,
            [
                "<article class=\"game-sheet\"",
                "<article class=\"game-sheet\"",
                "<article class=\"game-sheet new-round\""
            ]
        );
        report.presentation.page_per_round = false;
        assert!(!render_html(&report, &[], &[]).contains("game-sheet new-round\""));
    }

    #[test]
    fn the_footer_counts_the_findings_the_page_lists() {
        // 26 findings counted in the findings table, none serious: the footer says both,
        // not "0 findings" under a table of 26.
        let overview = df!(
            "source" => ["a.xqf", "b.xqf"],
            "code" => ["ecco-differs", "repetition-draw"],
            "severity" => ["info", "info"],
            "findings" => [19u32, 7],
        )
        .unwrap();
        let mut report = Report {
            sections: vec![Section {
                title: "Findings".into(),
                tables: vec![("Findings by source, code and severity".into(), overview)],
                ..Section::default()
            }],
            ..Report::default()
        };
        assert_eq!(
            footer_text(&report, &[Vec::new()]),
            "Generated by kifu · 0 charts · 26 findings in the tables · 0 findings in the audit"
        );
        report.audit.push(AuditItem::default());
        report.sections[0].tables.clear();
        assert_eq!(
            footer_text(&report, &[Vec::new()]),
            "Generated by kifu · 0 charts · 1 finding in the audit"
        );
    }
}
