//! The report model — sections of tables and charts, then the audit, and the charts once
//! drawn — and how its values read as text in both writers (table cells, severity counts, a
//! finding's location).

use polars::prelude::*;

use crate::chart_spec::ChartSpec;

/// A report: sections of tables and charts, then the audit.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub title: String,
    pub subtitle: String,
    pub sections: Vec<Section>,
    pub audit: Vec<AuditItem>,
    /// Serious findings left out of `audit` (over the report's limit), counted in a note.
    pub audit_omitted: usize,
    /// Edition, language and branding.
    pub presentation: crate::Presentation,
    /// The public edition's games, as a bulletin prints them (at most
    /// [`crate::PRINTED_GAMES`]).
    pub games: Vec<crate::GameSheet>,
    /// How many games the report covers (more than `games` holds when over the limit).
    pub games_total: usize,
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
    /// How the curation answers it (corrected, decided, an authoritative copy), in the
    /// report's language: `None` while it is open.
    pub resolution: Option<String>,
    /// The board diagram (from one of the `*_diagram` functions).
    pub diagram_svg: Option<String>,
    /// Why there is no diagram, when the record's own position cannot be drawn (a start
    /// position that cannot be read): shown in its place, never another position.
    pub no_diagram: Option<String>,
}

/// One table cell as text (numbers are right-aligned).
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) numeric: bool,
    /// The full text when `text` is abbreviated (a source path): a tooltip in HTML.
    pub(crate) full: Option<String>,
}

/// The folder a report's source paths are shown from: the one all its sources share, so a
/// path reads `games/a.pgn` (the full path in a tooltip), and no absolute path is printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SourceRoot {
    /// Ends with `/`; empty when the sources share no folder.
    prefix: String,
}

/// The column of a table that holds source paths.
pub(crate) const SOURCE_COLUMN: &str = "source";

impl SourceRoot {
    /// The deepest folder every path lies under (an archive member's path counts as its
    /// archive's).
    pub(crate) fn common<'a>(paths: impl IntoIterator<Item = &'a str>) -> SourceRoot {
        let mut prefix: Option<Vec<&str>> = None;
        for p in paths {
            let file = p.split('!').next().unwrap_or(p);
            let mut dirs: Vec<&str> = file.split('/').collect();
            dirs.pop();
            prefix = Some(match prefix {
                None => dirs,
                Some(cur) => cur
                    .iter()
                    .zip(&dirs)
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| *a)
                    .collect(),
            });
        }
        let dirs = prefix.unwrap_or_default();
        SourceRoot {
            prefix: if dirs.is_empty() {
                String::new()
            } else {
                format!("{}/", dirs.join("/"))
            },
        }
    }

    /// The sources of a report: its tables' source columns and its audit.
    pub(crate) fn of(report: &Report) -> SourceRoot {
        let mut paths: Vec<String> = report
            .audit
            .iter()
            .filter(|a| !a.source.is_empty())
            .map(|a| a.source.clone())
            .collect();
        for (_, df) in report.sections.iter().flat_map(|s| &s.tables) {
            if let Ok(col) = df.column(SOURCE_COLUMN).and_then(|c| c.str().cloned()) {
                paths.extend(col.iter().flatten().map(str::to_owned));
            }
        }
        SourceRoot::common(paths.iter().map(String::as_str))
    }

    /// `path` from the root (unchanged when not under it).
    pub(crate) fn relative<'a>(&self, path: &'a str) -> &'a str {
        match path.strip_prefix(self.prefix.as_str()) {
            Some(rest) if !self.prefix.is_empty() && !rest.is_empty() => rest,
            _ => path,
        }
    }
}

/// A frame's header and cells as text, numbers formatted, source paths relative to `root`.
pub(crate) fn table_cells(
    df: &DataFrame,
    max_rows: usize,
    root: &SourceRoot,
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
                    if c.name().as_str() == SOURCE_COLUMN {
                        let short = root.relative(&text).to_owned();
                        let full = (short != text).then_some(text);
                        return Cell {
                            text: short,
                            numeric,
                            full,
                        };
                    }
                    Cell {
                        text,
                        numeric,
                        full: None,
                    }
                })
                .collect()
        })
        .collect();
    (header, rows)
}

/// A findings table split by severity: the warning and error rows, the info rows (folded
/// away by the writers), and the info findings per code.
pub(crate) type InfoSplit = (DataFrame, DataFrame, Vec<(String, u64)>);

/// [`InfoSplit`] of a findings table; `None` for a table without a `severity` column.
pub(crate) fn split_info(df: &DataFrame) -> Option<InfoSplit> {
    let severity = df.column("severity").ok()?.str().ok()?.clone();
    let info: BooleanChunked = severity
        .iter()
        .map(|s| Some(severity_class(s.unwrap_or("")) == "info"))
        .collect();
    let serious = df.filter(&!&info).ok()?;
    let folded = df.filter(&info).ok()?;
    let codes = folded
        .column("code")
        .ok()
        .and_then(|c| c.str().ok().cloned());
    let counts = folded
        .column("findings")
        .ok()
        .and_then(|c| c.cast(&DataType::UInt64).ok());
    let mut per_code: Vec<(String, u64)> = Vec::new();
    for i in 0..folded.height() {
        let code = codes
            .as_ref()
            .and_then(|c| c.get(i))
            .unwrap_or("info")
            .to_owned();
        let n = counts
            .as_ref()
            .and_then(|c| c.get(i).ok())
            .and_then(|v| v.extract::<u64>())
            .unwrap_or(1);
        match per_code.iter_mut().find(|(c, _)| *c == code) {
            Some((_, total)) => *total += n,
            None => per_code.push((code, n)),
        }
    }
    per_code.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Some((serious, folded, per_code))
}

/// `26 info-level findings (ecco-differs 7, repetition-draw 4)`.
pub(crate) fn info_summary(per_code: &[(String, u64)], lang: crate::Lang) -> String {
    let total: u64 = per_code.iter().map(|(_, n)| n).sum();
    let codes: Vec<String> = per_code.iter().map(|(c, n)| format!("{c} {n}")).collect();
    lang.count(crate::Msg::InfoSummary, total as usize)
        .replace("{codes}", &codes.join(", "))
}

/// `error`, `warning` or `info` for a severity name (anything else is `info`).
pub(crate) fn severity_class(s: &str) -> &'static str {
    match s.to_ascii_lowercase().as_str() {
        "error" => "error",
        "warning" => "warning",
        _ => "info",
    }
}

/// `source:line:column` of a finding, the source relative to `root` (the source alone
/// without a line; empty without one).
pub(crate) fn location(item: &AuditItem, root: &SourceRoot) -> String {
    let source = root.relative(&item.source);
    if source.is_empty() {
        String::new()
    } else if item.line > 0 {
        format!("{source}:{}:{}", item.line, item.column)
    } else {
        source.to_owned()
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

/// A chart drawn to files, wide and narrow, their SVG kept for inlining.
pub(crate) struct DrawnChart {
    pub(crate) title: String,
    pub(crate) stem: String,
    pub(crate) svg: String,
    /// The stem of the narrow drawing (for phones): `<stem>-narrow`.
    pub(crate) narrow_stem: String,
    pub(crate) narrow_svg: String,
}

/// The `<svg …>…</svg>` part of an SVG document (drops an XML prolog or doctype).
pub(crate) fn svg_element(doc: &str) -> &str {
    match doc.find("<svg") {
        Some(i) => doc[i..].trim_end(),
        None => "",
    }
}
