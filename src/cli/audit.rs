//! `kifu audit`: the stored findings of what a filter selects, one per line (text or JSON
//! lines), in source order.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_store::curation::DecisionRow;
use kifu_store::query::FindingRow;
use serde_json::json;

use super::args::{DbArg, FilterArgs};
use crate::stdout::Stdout;

/// `kifu audit`'s flags.
#[derive(Args)]
pub(super) struct AuditArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// JSON lines instead of text.
    #[arg(long)]
    json: bool,
    /// Only the findings no `[[decision]]` of the curation has decided.
    #[arg(long)]
    open: bool,
}

pub(super) fn run(args: &AuditArgs) -> Result<ExitCode> {
    // Every record by default: a linked copy's findings point at its own text.
    let (store, filter) = super::select::open(&args.db.db, &args.filter, true, "audit")?;
    let mut findings = store.findings(&filter, None)?;
    if args.open {
        let all = findings.len();
        findings.retain(|f| f.decision.is_none());
        if all > findings.len() && !super::progress::quiet() {
            eprintln!(
                "kifu audit: {} decided finding(s) left out (--open)",
                all - findings.len()
            );
        }
    }
    if findings.is_empty() {
        eprintln!("kifu audit: no findings match");
    }
    let mut out = Stdout::lock();
    for f in &findings {
        let line = if args.json {
            finding_json(f).to_string()
        } else {
            finding_line(f)
        };
        writeln!(out, "{line}")?;
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
    let decided = f
        .decision
        .as_ref()
        .map(|d| format!(" (decided: {})", decision_text(d)))
        .unwrap_or_default();
    format!(
        "{}:{}:{}: @{} {game}{ply}: {} {}: {}{rule}{decided}",
        f.source, f.line, f.column, f.offset, f.severity, f.code, f.message
    )
}

/// `dismissed: the reason, by X, 2026-11-20 (curation line 12)`.
pub(super) fn decision_text(d: &DecisionRow) -> String {
    let p = &d.provenance;
    let mut text = d.verdict.to_string();
    if let Some(r) = &p.reason {
        text.push_str(&format!(": {r}"));
    }
    if let Some(b) = &p.by {
        text.push_str(&format!(", by {b}"));
    }
    if let Some(date) = &p.date {
        text.push_str(&format!(", {date}"));
    }
    text.push_str(&format!(" (curation line {})", d.line));
    text
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
        "decision": f.decision.as_ref().map(|d| json!({
            "decision": d.verdict.name(),
            "reason": d.provenance.reason,
            "by": d.provenance.by,
            "date": d.provenance.date,
            "line": d.line,
        })),
    })
}
