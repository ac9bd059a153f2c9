//! `kifu audit`: the stored findings of what a filter selects, one per line (text or JSON
//! lines), in source order.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_facts::curation::Provenance;
use kifu_facts::ResultName;
use kifu_store::curation::DecisionRow;
use kifu_store::query::{FindingRow, Resolution};
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
    /// Only the findings the curation leaves open: none a `[[decision]]` decides, a
    /// `[[result]]` corrects or a `[[copy]]` answers.
    #[arg(long)]
    open: bool,
}

pub(super) fn run(args: &AuditArgs) -> Result<ExitCode> {
    // Every record by default: a linked copy's findings point at its own text.
    let (store, filter) = super::select::open(&args.db.db, &args.filter, true, "audit")?;
    let mut findings = store.findings(&filter, None)?;
    if args.open {
        let all = findings.len();
        findings.retain(|f| f.resolution.is_none());
        if all > findings.len() && !super::progress::quiet() {
            eprintln!(
                "kifu audit: {} decided or corrected finding(s) left out (--open)",
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

/// `source:line:column: @offset game N ply P: severity code: message [rule] (decided: …)`,
/// as `audit` and `demo` print a finding: [`finding_head`] and how the curation answers it.
pub(super) fn finding_line(f: &FindingRow) -> String {
    let resolved = f
        .resolution
        .as_ref()
        .map(|r| format!(" ({})", resolution_text(r)))
        .unwrap_or_default();
    format!("{}{resolved}", finding_head(f))
}

/// `source:line:column: @offset game N ply P: severity code: message [rule]`: a finding
/// without what the curation says of it (`show` says a correction once, above).
pub(super) fn finding_head(f: &FindingRow) -> String {
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

/// How the curation answers a finding: `decided: dismissed: the reason, by X,
/// 2026-11-20 (curation line 12)`, `corrected: draw → red: …`, `authoritative copy: game
/// 10399: …`.
pub(super) fn resolution_text(r: &Resolution) -> String {
    match r {
        Resolution::Decided(d) => format!("decided: {}", decision_text(d)),
        Resolution::Corrected {
            from,
            to,
            provenance,
            line,
        } => format!(
            "corrected: {} → {to}{}",
            from.map_or("?", ResultName::name),
            attested_text(provenance, *line)
        ),
        Resolution::Authoritative {
            copy,
            provenance,
            line,
        } => format!(
            "authoritative copy: game {copy}{}",
            attested_text(provenance, *line)
        ),
    }
}

/// `dismissed: the reason, by X, 2026-11-20 (curation line 12)`.
fn decision_text(d: &DecisionRow) -> String {
    format!("{}{}", d.verdict, attested_text(&d.provenance, d.line))
}

/// `: the reason, by X, 2026-11-20 (curation line 12)`: who answers for an entry.
fn attested_text(p: &Provenance, line: u32) -> String {
    let mut text = String::new();
    if let Some(r) = &p.reason {
        text.push_str(&format!(": {r}"));
    }
    if let Some(b) = &p.by {
        text.push_str(&format!(", by {b}"));
    }
    if let Some(date) = &p.date {
        text.push_str(&format!(", {date}"));
    }
    text.push_str(&format!(" (curation line {line})"));
    text
}

/// A finding as `audit --json` writes it (and `show --json` lists a game's): where it
/// is, what it says and how the curation answers it.
pub(super) fn finding_json(f: &FindingRow) -> serde_json::Value {
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
        "resolution": f.resolution.as_ref().map(|r| match r {
            Resolution::Decided(_) => "decided",
            Resolution::Corrected { .. } => "corrected",
            Resolution::Authoritative { .. } => "authoritative-copy",
        }),
        "decision": f.decision().map(decision_json),
        "correction": match &f.resolution {
            Some(Resolution::Corrected { from, to, provenance, line }) => {
                correction_json(*from, *to, provenance, *line)
            }
            _ => serde_json::Value::Null,
        },
        "authoritative_copy": match &f.resolution {
            Some(Resolution::Authoritative { copy, provenance, line }) => {
                authoritative_copy_json(*copy, provenance, *line)
            }
            _ => serde_json::Value::Null,
        },
    })
}

/// A `[[decision]]`: `{"decision", "reason", "by", "date", "line"}`.
pub(super) fn decision_json(d: &DecisionRow) -> serde_json::Value {
    json!({
        "decision": d.verdict.name(),
        "reason": d.provenance.reason,
        "by": d.provenance.by,
        "date": d.provenance.date,
        "line": d.line,
    })
}

/// A `[[result]]` correcting `from` (what the record says) to `to`:
/// `{"from", "to", "reason", "by", "date", "line"}`.
pub(super) fn correction_json(
    from: Option<ResultName>,
    to: ResultName,
    provenance: &Provenance,
    line: u32,
) -> serde_json::Value {
    json!({
        "from": from.map(ResultName::name),
        "to": to.name(),
        "reason": provenance.reason,
        "by": provenance.by,
        "date": provenance.date,
        "line": line,
    })
}

/// A `[[copy]]` naming `copy` the game's authoritative record:
/// `{"game", "reason", "by", "date", "line"}`.
pub(super) fn authoritative_copy_json(
    copy: i64,
    provenance: &Provenance,
    line: u32,
) -> serde_json::Value {
    json!({
        "game": copy,
        "reason": provenance.reason,
        "by": provenance.by,
        "date": provenance.date,
        "line": line,
    })
}
