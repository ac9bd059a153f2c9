//! Text more than one command writes (a Xiangqi move's classes and ChouChou captured totals
//! live in `kifu_reports::replay`, shared with the site): an engine finding's line, a CSV field and line.

use kifu_rules::Finding;

/// `severity code: move P: message [rule]` and a line break: an engine finding as the
/// `check` commands print it.
pub(super) fn finding_text(f: &Finding) -> String {
    let ply = f.ply.map(|p| format!("move {p}: ")).unwrap_or_default();
    format!(
        "{} {}: {ply}{} [{}]\n",
        f.severity, f.code, f.message, f.rule
    )
}

/// A CSV field, quoted when it needs to be.
pub(super) fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// One CSV line of `fields`, each quoted when it needs to be.
pub(super) fn csv_line(fields: &[String]) -> String {
    let fields: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
    fields.join(",") + "\n"
}
