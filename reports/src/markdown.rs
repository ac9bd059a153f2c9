//! The Markdown writer: `report.md` for pasting into a newsletter — tables as pipe tables,
//! charts as links to their PNG, the audit as a list.

use std::fmt::Write;

use polars::prelude::*;

use crate::model::{
    header_text, info_summary, location, severity_counts, split_info, table_cells, DrawnChart,
    SourceRoot,
};
use crate::Report;

/// Escapes text for Markdown: inline markup characters get a backslash, HTML's `< > &`
/// become entities (so a name like `<script>` is shown, never run), line breaks a space.
pub fn md_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '!' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Most table rows shown; the rest are counted in a note.
const MD_ROWS: usize = 100;

/// A captioned pipe table, at most [`MD_ROWS`] rows; a findings table's info rows left
/// out, counted per code.
fn md_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot) {
    match split_info(df) {
        Some((serious, info, per_code)) if info.height() > 0 => {
            if serious.height() > 0 {
                rows_table(out, caption, &serious, root);
            } else {
                let _ = writeln!(
                    out,
                    "**{}**: no warning or error findings.\n",
                    md_escape(caption)
                );
            }
            let _ = writeln!(
                out,
                "_{} not listed here: `kifu audit --severity info` lists them._\n",
                md_escape(&info_summary(&per_code))
            );
        }
        _ => rows_table(out, caption, df, root),
    }
}

fn rows_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot) {
    let (header, rows) = table_cells(df, MD_ROWS, root);
    let _ = writeln!(out, "**{}**\n", md_escape(caption));
    if header.is_empty() {
        out.push_str("_(no columns)_\n\n");
        return;
    }
    out.push('|');
    for (name, _) in &header {
        let _ = write!(out, " {} |", md_escape(&header_text(name)));
    }
    out.push_str("\n|");
    for (_, numeric) in &header {
        out.push_str(if *numeric { " ---: |" } else { " --- |" });
    }
    out.push('\n');
    for row in &rows {
        out.push('|');
        for cell in row {
            let _ = write!(out, " {} |", md_escape(&cell.text));
        }
        out.push('\n');
    }
    if rows.is_empty() {
        out.push_str("\n_(no rows)_\n");
    }
    if rows.iter().flatten().any(|c| c.full.is_some()) {
        out.push_str(
            "\n_Source paths are relative to the folder the sources share (the HTML report \
             shows each full path on hover)._\n",
        );
    }
    if df.height() > MD_ROWS {
        let _ = writeln!(
            out,
            "\n_… and {} more rows (first {MD_ROWS} shown)._",
            df.height() - MD_ROWS
        );
    }
    out.push('\n');
}

/// The document: the sections with their tables and chart links, the audit as a list.
pub(crate) fn render_markdown(
    report: &Report,
    drawn: &[Vec<DrawnChart>],
    diagrams: &[Option<String>],
) -> String {
    let root = SourceRoot::of(report);
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", md_escape(&report.title));
    if !report.subtitle.is_empty() {
        let _ = writeln!(out, "_{}_\n", md_escape(&report.subtitle));
    }
    for (i, s) in report.sections.iter().enumerate() {
        let _ = writeln!(out, "## {}\n", md_escape(&s.title));
        if !s.intro.is_empty() {
            let _ = writeln!(out, "{}\n", md_escape(&s.intro));
        }
        for (caption, df) in &s.tables {
            md_table(&mut out, caption, df, &root);
        }
        for c in &drawn[i] {
            let _ = writeln!(out, "![{}](charts/{}.png)\n", md_escape(&c.title), c.stem);
        }
    }
    out.push_str("## Audit\n\n");
    if report.audit.is_empty() {
        out.push_str("No serious findings.\n");
    } else {
        let counts: Vec<String> = severity_counts(&report.audit)
            .into_iter()
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        let _ = writeln!(out, "{}.\n", counts.join(", "));
    }
    if report.audit_omitted > 0 {
        let _ = writeln!(
            out,
            "{} more warning/error finding{} not shown here: `kifu audit --severity warning` \
             lists every one.\n",
            report.audit_omitted,
            if report.audit_omitted == 1 { "" } else { "s" }
        );
    }
    for (i, item) in report.audit.iter().enumerate() {
        let _ = write!(
            out,
            "- **{}** `{}` — ",
            md_escape(&item.severity),
            item.code.replace('`', "'"),
        );
        if item.game > 0 {
            let _ = write!(out, "game {} ({})", item.game, md_escape(&item.kind));
        } else {
            out.push_str("a quarantined record");
        }
        if let Some(p) = item.ply {
            let _ = write!(out, ", ply {p}");
        }
        if !item.players.is_empty() {
            let _ = write!(out, ", {}", md_escape(&item.players));
        }
        let _ = write!(out, ": {}", md_escape(&item.message));
        if !item.rule.is_empty() {
            let _ = write!(out, " _[{}]_", md_escape(&item.rule));
        }
        let loc = location(item, &root);
        if !loc.is_empty() {
            let _ = write!(out, " — `{}`", loc.replace('`', "'"));
        }
        if let Some(name) = &diagrams[i] {
            let _ = write!(out, " ([diagram](diagrams/{name}))");
        }
        out.push('\n');
    }
    out
}
