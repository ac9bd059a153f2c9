//! The Markdown writer: `report.md` for pasting into a newsletter — tables as pipe tables,
//! charts as links to their PNG, the audit as a list.

use std::fmt::Write;

use polars::prelude::*;

use crate::lang::{column_label, severity_count, severity_label, Lang, Msg};
use crate::model::{
    info_summary, location, severity_counts, split_info, table_cells, DrawnChart, SourceRoot,
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
fn md_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot, lang: Lang) {
    match split_info(df) {
        Some((serious, info, per_code)) if info.height() > 0 => {
            if serious.height() > 0 {
                rows_table(out, caption, &serious, root, lang);
            } else {
                let _ = writeln!(
                    out,
                    "**{}**: {}\n",
                    md_escape(caption),
                    lang.text(Msg::NoSeriousRows)
                );
            }
            let _ = writeln!(
                out,
                "_{}_ — `kifu audit --severity info`\n",
                md_escape(&info_summary(&per_code, lang))
            );
        }
        _ => rows_table(out, caption, df, root, lang),
    }
}

fn rows_table(out: &mut String, caption: &str, df: &DataFrame, root: &SourceRoot, lang: Lang) {
    let (header, rows) = table_cells(df, MD_ROWS, root);
    let _ = writeln!(out, "**{}**\n", md_escape(caption));
    if header.is_empty() {
        out.push_str("_(no columns)_\n\n");
        return;
    }
    out.push('|');
    for (name, _) in &header {
        let _ = write!(out, " {} |", md_escape(&column_label(name, lang)));
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
        let _ = writeln!(out, "\n_({})_", lang.text(Msg::NoRows));
    }
    if rows.iter().flatten().any(|c| c.full.is_some()) {
        let _ = writeln!(out, "\n_{}_", lang.text(Msg::SourcesRelative));
    }
    if df.height() > MD_ROWS {
        let more = lang.count(Msg::MoreRows, df.height() - MD_ROWS);
        let _ = writeln!(
            out,
            "\n_{}_",
            md_escape(&more.replace("{shown}", &MD_ROWS.to_string()))
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
    let lang = report.presentation.lang;
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
            md_table(&mut out, caption, df, &root, lang);
        }
        for c in &drawn[i] {
            let _ = writeln!(out, "![{}](charts/{}.png)\n", md_escape(&c.title), c.stem);
        }
    }
    if !report.games.is_empty() {
        let _ = writeln!(out, "## {}\n", lang.text(Msg::Games));
        if report.games_total > report.games.len() {
            let note = lang.fill(
                Msg::GamesPrintedLimit,
                &[
                    ("shown", &report.games.len().to_string()),
                    ("n", &report.games_total.to_string()),
                ],
            );
            let _ = writeln!(out, "_{}_\n", md_escape(&note));
        }
        for (g, head) in report
            .games
            .iter()
            .zip(crate::games::headings(&report.games, lang))
        {
            let _ = writeln!(
                out,
                "**{}** — {} **{}**\n\n{}\n",
                md_escape(&head),
                md_escape(&g.players.join(" – ")),
                md_escape(&g.result),
                md_escape(&g.moves)
            );
        }
    }
    if report.presentation.edition.is_public() {
        return out;
    }
    let _ = writeln!(out, "## {}\n", lang.text(Msg::Audit));
    if report.audit.is_empty() {
        let _ = writeln!(out, "{}", lang.text(Msg::NoSeriousFindings));
    } else {
        let counts: Vec<String> = severity_counts(&report.audit)
            .into_iter()
            .map(|(s, n)| severity_count(s, n, lang))
            .collect();
        let _ = writeln!(out, "{}\n", lang.sentence_of(&counts));
    }
    if report.audit_omitted > 0 {
        let _ = writeln!(
            out,
            "{}\n",
            lang.count(Msg::AuditOmitted, report.audit_omitted)
        );
    }
    for (i, item) in report.audit.iter().enumerate() {
        let _ = write!(
            out,
            "- **{}** `{}` — ",
            severity_label(&item.severity, lang),
            item.code.replace('`', "'"),
        );
        if item.game > 0 {
            let game = lang.fill(Msg::GameNumber, &[("n", &item.game.to_string())]);
            let _ = write!(out, "{game} ({})", md_escape(&item.kind));
        } else {
            out.push_str(lang.text(Msg::QuarantinedRecord));
        }
        if let Some(p) = item.ply {
            let _ = write!(
                out,
                ", {}",
                lang.fill(Msg::PlyNumber, &[("n", &p.to_string())])
            );
        }
        if !item.players.is_empty() {
            let _ = write!(out, ", {}", md_escape(&item.players));
        }
        let _ = write!(out, ": {}", md_escape(&item.message));
        if !item.rule.is_empty() {
            let _ = write!(out, " _[{}]_", md_escape(&item.rule));
        }
        if let Some(r) = &item.resolution {
            let _ = write!(out, " ({})", md_escape(r));
        }
        let loc = location(item, &root);
        if !loc.is_empty() {
            let _ = write!(out, " — `{}`", loc.replace('`', "'"));
        }
        if let Some(name) = &diagrams[i] {
            let _ = write!(out, " ([{}](diagrams/{name}))", lang.text(Msg::Diagram));
        }
        out.push('\n');
    }
    out
}
