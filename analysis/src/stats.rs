//! `kifu stats`: the tables for the game kinds present, computed from one dataset.

use kifu_facts::GameKind;
use polars::prelude::*;

use crate::games::SHARES_KEYS;
use crate::registry::{groupings, Scope, TableDef, REGISTRY};
use crate::renju::BALANCE_KEYS;
use crate::usage::Usage;
use crate::{findings_by_event, renju_opening_balance, result_shares, Dataset, Error, Result};

/// The tables of `kifu stats`, named, for the game kinds present under the filter.
///
/// Without `by`: the tables of [`REGISTRY`] that `kifu stats` lists, per kind present, then
/// those of every kind (the findings).
///
/// With `by` (a comma-separated list for Renju, e.g. `rule,opening`; the names are the
/// registry's groupings, [`crate::registry::groupings`]): only the grouped tables —
/// `renju_balance_by_<keys>` for Renju, `<kind>_results_by_<by>` ([`result_shares`]) for
/// the other kinds when `by` is `rule`, `opening`, `event`, `year` or `decade`, a kind's
/// registry tables grouped by `by` otherwise (`xiangqi_results_by_family`; ChouChou's two
/// tables by `variant`), and
/// `findings_by_event` when `by` is `event`.
pub fn stats(data: &Dataset, by: Option<&str>) -> Result<Vec<(String, DataFrame)>> {
    stats_with(data, by, REGISTRY)
}

/// [`stats`] with `tables` in place of [`REGISTRY`] (a test adds one).
pub fn stats_with(
    data: &Dataset,
    by: Option<&str>,
    tables: &[TableDef],
) -> Result<Vec<(String, DataFrame)>> {
    let kinds = data.kinds_present()?;
    let mut out: Vec<(String, DataFrame)> = Vec::new();
    if let Some(by) = by {
        let keys: Vec<&str> = by
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .collect();
        let known = groupings();
        if let Some(wrong) = keys.iter().find(|k| !known.contains(k)) {
            // Name the key that is wrong, with the keys closest to it first.
            return Err(Error::Usage(Usage::StatsGrouping {
                wrong: (*wrong).to_owned(),
                valid: known,
            }));
        }
        let shares_key = (keys.len() == 1 && SHARES_KEYS.contains(&keys[0])).then(|| keys[0]);
        let balance_ok = !keys.is_empty() && keys.iter().all(|k| BALANCE_KEYS.contains(k));
        // A grouping of the registry's own tables alone (Xiangqi's ECCO family).
        let keys_given = keys.as_slice();
        let grouped = move |scope: Scope| {
            tables
                .iter()
                .filter(move |t| t.in_stats && t.scope == scope && t.by == keys_given)
        };
        let registry_only = kinds
            .iter()
            .any(|(kind, _)| grouped(Scope::Kind(*kind)).next().is_some());
        if keys.is_empty() {
            return Err(Error::Usage(Usage::NoStatsGrouping { by: by.to_owned() }));
        }
        if shares_key.is_none() && !balance_ok && !registry_only {
            return Err(Error::Usage(Usage::StatsGroupingsApart {
                by: by.to_owned(),
            }));
        }
        for (kind, _) in &kinds {
            if *kind == GameKind::Renju && balance_ok {
                out.push((
                    format!("renju_balance_by_{}", keys.join("_")),
                    renju_opening_balance(data, &keys)?,
                ));
            } else if let Some(k) = shares_key {
                out.push((
                    format!("{kind}_results_by_{k}"),
                    result_shares(data, *kind, k)?,
                ));
            } else {
                for table in grouped(Scope::Kind(*kind)) {
                    out.push((table.name.to_owned(), (table.compute)(data)?));
                }
            }
        }
        if shares_key == Some("event") {
            out.push(("findings_by_event".into(), findings_by_event(data)?));
        }
        return Ok(out);
    }
    // Each kind present's tables, then those of every kind.
    let scopes = kinds.iter().map(|(kind, _)| Scope::Kind(*kind));
    for scope in scopes.chain([Scope::AllKinds]) {
        for table in tables.iter().filter(|t| t.in_stats && t.scope == scope) {
            if let Some(df) = table.rows(data)? {
                out.push((table.name.to_owned(), df));
            }
        }
    }
    Ok(out)
}
