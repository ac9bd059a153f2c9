//! The audit tables: findings per source, event, kind and code; the database overview.

use kifu_facts::{GameKind, Severity};
use polars::prelude::*;

use crate::frame::or_none;
use crate::{Dataset, Result};

/// The `kind` of quarantined records in the audit tables.
const UNREADABLE: &str = "unreadable";

/// Findings rows `(source, event, kind, code, severity, record)` under the filter (each
/// meeting its code and severity). A quarantined record has kind `unreadable` and no
/// event; it is kept only when the filter sets nothing a quarantined record lacks
/// ([`crate::Filter::admits_quarantined`]). Findings of linked copies follow `with_duplicates`.
fn finding_rows(data: &Dataset) -> Result<DataFrame> {
    let (mut source, mut event, mut kind) = (vec![], vec![], vec![]);
    let (mut code, mut severity, mut record) = (vec![], vec![], vec![]);
    for f in data.store().finding_facts(data.filter())? {
        source.push(f.source);
        event.push(or_none(&f.event));
        kind.push(f.kind.map_or(UNREADABLE, GameKind::name));
        code.push(f.code);
        severity.push(f.severity.name());
        record.push(f.record);
    }
    Ok(df!(
        "source" => source, "event" => event, "kind" => kind, "code" => code,
        "severity" => severity, "record" => record,
    )?)
}

/// The audit overview: findings per source file (with `!member` inside an archive),
/// event, game kind (`unreadable` for quarantined records), code and severity.
///
/// Columns: `source`, `event`, `kind`, `code`, `severity` (str), `findings` (u32),
/// `records` (u32: distinct games or quarantined records touched). Most findings first.
pub fn findings_overview(data: &Dataset) -> Result<DataFrame> {
    Ok(finding_rows(data)?
        .lazy()
        .group_by([
            col("source"),
            col("event"),
            col("kind"),
            col("code"),
            col("severity"),
        ])
        .agg([
            len().cast(DataType::UInt32).alias("findings"),
            col("record")
                .n_unique()
                .cast(DataType::UInt32)
                .alias("records"),
        ])
        .sort_by_exprs(
            [
                col("findings"),
                col("source"),
                col("event"),
                col("kind"),
                col("code"),
                col("severity"),
            ],
            SortMultipleOptions::default()
                .with_order_descending_multi([true, false, false, false, false, false]),
        )
        .collect()?)
}

/// Findings per event and severity: `event`, `info`, `warning`, `error` (u32), `total`.
/// Sorted by event.
pub fn findings_by_event(data: &Dataset) -> Result<DataFrame> {
    let sev = |s: Severity| {
        col("severity")
            .eq(lit(s.name()))
            .cast(DataType::UInt32)
            .sum()
            .cast(DataType::UInt32)
            .alias(s.name())
    };
    Ok(finding_rows(data)?
        .lazy()
        .group_by([col("event")])
        .agg([
            sev(Severity::Info),
            sev(Severity::Warning),
            sev(Severity::Error),
            len().cast(DataType::UInt32).alias("total"),
        ])
        .sort(["event"], SortMultipleOptions::default())
        .collect()?)
}

/// The database in one table: per game kind, `records` (games stored, linked copies
/// included), `linked_copies`, `valid` and `with_findings` (games without / with a warning
/// or error finding; linked copies included, as `kifu ingest` counts them), `events`; and
/// a row `unreadable` with the quarantined records when the filter admits them.
pub fn overview(data: &Dataset) -> Result<DataFrame> {
    let f = data.filter();
    let (mut kind, mut records, mut copies, mut valid, mut flagged, mut events) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for k in data.store().kind_overview(f)? {
        kind.push(k.kind.name());
        records.push(k.records as u32);
        copies.push(k.linked_copies as u32);
        valid.push((k.records - k.with_findings) as u32);
        flagged.push(k.with_findings as u32);
        events.push(k.events as u32);
    }
    if f.admits_quarantined() {
        let quarantined = data.store().quarantined_count(f)?;
        if quarantined > 0 {
            kind.push(UNREADABLE);
            records.push(quarantined as u32);
            copies.push(0);
            valid.push(0);
            flagged.push(quarantined as u32);
            events.push(0);
        }
    }
    Ok(df!(
        "kind" => kind, "records" => records, "linked_copies" => copies, "valid" => valid,
        "with_findings" => flagged, "events" => events,
    )?)
}
