//! `kifu audit`: the stored findings of what a filter selects, one per line (text or JSON
//! lines), in source order.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kifu_store::query::FindingRow;
use serde_json::json;

use super::args::FilterArgs;

pub(super) fn run(db: &Path, flags: FilterArgs, json: bool) -> Result<ExitCode> {
    // Every record by default: a linked copy's findings point at its own text.
    let (store, filter) = super::select::open(db, flags, true, "audit")?;
    let findings = store.findings(&filter, None)?;
    if findings.is_empty() {
        eprintln!("kifu audit: no findings match");
    }
    let mut out = std::io::stdout().lock();
    for f in &findings {
        let line = if json {
            finding_json(f).to_string()
        } else {
            finding_line(f)
        };
        if writeln!(out, "{line}").is_err() {
            break; // a closed pipe (`| head`) is not an error
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `source:line:column: @offset game N ply P: severity code: message [rule]`, as `audit`,
/// `show` and `demo` print a finding.
pub(super) fn finding_line(f: &FindingRow) -> String {
    let game = match (f.game, f.quarantine) {
        (Some(g), _) => format!("game {g}"),
        (None, Some(q)) => format!("quarantined {q}"),
        _ => "-".into(),
    };
    let ply = f.ply.map(|p| format!(" ply {p}")).unwrap_or_default();
    let rule = if f.rule.is_empty() {
        String::new()
    } else {
        format!(" [{}]", f.rule)
    };
    format!(
        "{}:{}:{}: @{} {game}{ply}: {} {}: {}{rule}",
        f.source, f.line, f.column, f.offset, f.severity, f.code, f.message
    )
}

fn finding_json(f: &FindingRow) -> serde_json::Value {
    json!({
        "source": f.source,
        "line": f.line,
        "column": f.column,
        "offset": f.offset,
        "game": f.game,
        "quarantined": f.quarantine,
        "ply": f.ply,
        "code": f.code,
        "severity": f.severity.name(),
        "message": f.message,
        "rule": f.rule,
    })
}
