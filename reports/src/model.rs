//! The report model — sections of tables and charts, then the audit, and the charts once
//! drawn — and how its values read as text in both writers (table cells, severity counts, a
//! finding's location).

use polars::prelude::*;

use crate::charts::ChartSpec;

/// A report: sections of tables and charts, then the audit.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub title: String,
    pub subtitle: String,
    pub sections: Vec<Section>,
    pub audit: Vec<AuditItem>,
    /// Serious findings left out of `audit` (over the report's limit), counted in a note.
    pub audit_omitted: usize,
}

/// One part of the report: an introduction, captioned tables and charts.
#[derive(Clone, Debug, Default)]
pub struct Section {
    pub title: String,
    pub intro: String,
    /// Captioned tables.
    pub tables: Vec<(String, DataFrame)>,
    /// Charts: what to draw, from which frame, under which file stem.
    pub charts: Vec<(ChartSpec, DataFrame, String)>,
}

/// One serious finding for the audit section.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AuditItem {
    pub game: i64,
    /// The game kind (`renju`, `xiangqi`, …).
    pub kind: String,
    pub source: String,
    pub line: u32,
    pub column: u32,
    pub players: String,
    pub ply: Option<u32>,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub rule: String,
    /// The board diagram (from one of the `*_diagram` functions).
    pub diagram_svg: Option<String>,
}

/// One table cell as text (numbers are right-aligned).
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) numeric: bool,
}

/// A frame's header and cells as text, numbers formatted.
pub(crate) fn table_cells(
    df: &DataFrame,
    max_rows: usize,
) -> (Vec<(String, bool)>, Vec<Vec<Cell>>) {
    let cols = df.columns();
    let header = cols
        .iter()
        .map(|c| (c.name().to_string(), c.dtype().is_numeric()))
        .collect();
    let rows = (0..df.height().min(max_rows))
        .map(|i| {
            cols.iter()
                .map(|c| {
                    let numeric = c.dtype().is_numeric();
                    let text = match c.get(i) {
                        Ok(AnyValue::Null) | Err(_) => String::new(),
                        Ok(v) if c.dtype().is_float() => match v.extract::<f64>() {
                            Some(f) if f.is_finite() => format!("{f:.3}"),
                            Some(f) => f.to_string(),
                            None => v.str_value().into_owned(),
                        },
                        Ok(v) => v.str_value().into_owned(),
                    };
                    Cell { text, numeric }
                })
                .collect()
        })
        .collect();
    (header, rows)
}

/// Text that names the columns of a table in headers: `win_rate` → `win rate`.
pub(crate) fn header_text(name: &str) -> String {
    name.replace('_', " ")
}

/// `error`, `warning` or `info` for a severity name (anything else is `info`).
pub(crate) fn severity_class(s: &str) -> &'static str {
    match s.to_ascii_lowercase().as_str() {
        "error" => "error",
        "warning" => "warning",
        _ => "info",
    }
}

/// `source:line:column` of a finding (the source alone without a line; empty without one).
pub(crate) fn location(item: &AuditItem) -> String {
    if item.source.is_empty() {
        String::new()
    } else if item.line > 0 {
        format!("{}:{}:{}", item.source, item.line, item.column)
    } else {
        item.source.clone()
    }
}

/// How many audit items of each severity, errors first, zero counts left out.
pub(crate) fn severity_counts(audit: &[AuditItem]) -> Vec<(&'static str, usize)> {
    ["error", "warning", "info"]
        .into_iter()
        .map(|s| {
            (
                s,
                audit
                    .iter()
                    .filter(|a| severity_class(&a.severity) == s)
                    .count(),
            )
        })
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// A chart drawn to files, its SVG kept for inlining.
pub(crate) struct DrawnChart {
    pub(crate) title: String,
    pub(crate) stem: String,
    pub(crate) svg: String,
}

/// The `<svg …>…</svg>` part of an SVG document (drops an XML prolog or doctype).
pub(crate) fn svg_element(doc: &str) -> &str {
    match doc.find("<svg") {
        Some(i) => doc[i..].trim_end(),
        None => "",
    }
}
