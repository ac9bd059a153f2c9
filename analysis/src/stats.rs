//! `kifu stats`: the tables for the game kinds present, computed from one dataset.

use kifu_facts::GameKind;
use polars::prelude::*;

use crate::games::SHARES_KEYS;
use crate::renju::BALANCE_KEYS;
use crate::usage::{Usage, STATS_KEYS};
use crate::{
    chouchou_captures_by_action, chouchou_summary, findings_by_event, findings_overview,
    first_capture_plies, game_lengths, renju_forbidden, renju_opening_balance, result_shares,
    territorial_multipliers, territorial_scores, territorial_summary, xiangqi_captures,
    xiangqi_material_curve, xiangqi_results, xiangqi_results_by_family, xiangqi_rulings, Dataset,
    Error, Result,
};

/// The tables of `kifu stats`, named, for the game kinds present under the filter.
///
/// Without `by`: per kind present — Renju `renju_balance` (overall), `renju_balance_by_rule`,
/// `renju_balance_by_opening`, `renju_balance_by_rule_opening`, `renju_balance_by_year`
/// (when dates give years), `renju_forbidden`, `renju_lengths`; Xiangqi `xiangqi_results`,
/// `xiangqi_results_by_family`,
/// `xiangqi_rulings`, `xiangqi_captures`, `xiangqi_first_capture`, `xiangqi_material`,
/// `xiangqi_lengths`; Territorial `territorial_summary`, `territorial_scores`,
/// `territorial_multipliers`, `territorial_lengths`; ChouChou `chouchou_summary`,
/// `chouchou_captures`, `chouchou_first_capture`, `chouchou_lengths`; then
/// `findings_overview` and `findings_by_event`.
///
/// With `by` (a comma-separated list for Renju, e.g. `rule,opening`): only the grouped
/// tables — `renju_balance_by_<keys>` for Renju, `<kind>_results_by_<by>`
/// ([`result_shares`]) for the other kinds when `by` is `rule`, `opening`, `event`, `year`
/// or `decade`,
/// and `findings_by_event` when `by` is `event`.
pub fn stats(data: &Dataset, by: Option<&str>) -> Result<Vec<(String, DataFrame)>> {
    let kinds = data.kinds_present()?;
    let mut out: Vec<(String, DataFrame)> = Vec::new();
    if let Some(by) = by {
        let keys: Vec<&str> = by
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .collect();
        let shares_key = (keys.len() == 1 && SHARES_KEYS.contains(&keys[0])).then(|| keys[0]);
        let balance_ok = !keys.is_empty() && keys.iter().all(|k| BALANCE_KEYS.contains(k));
        if shares_key.is_none() && !balance_ok {
            // Name the key that is wrong, with the keys closest to it first.
            return Err(Error::Usage(
                match keys.iter().find(|k| !STATS_KEYS.contains(k)) {
                    Some(wrong) => Usage::StatsGrouping {
                        wrong: (*wrong).to_owned(),
                    },
                    None if keys.is_empty() => Usage::NoStatsGrouping { by: by.to_owned() },
                    None => Usage::StatsGroupingsApart { by: by.to_owned() },
                },
            ));
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
            }
        }
        if shares_key == Some("event") {
            out.push(("findings_by_event".into(), findings_by_event(data)?));
        }
        return Ok(out);
    }
    for (kind, _) in &kinds {
        let kind = *kind;
        match kind {
            GameKind::Renju => {
                out.push(("renju_balance".into(), renju_opening_balance(data, &[])?));
                for keys in [&["rule"][..], &["opening"][..], &["rule", "opening"][..]] {
                    out.push((
                        format!("renju_balance_by_{}", keys.join("_")),
                        renju_opening_balance(data, keys)?,
                    ));
                }
                let by_year = renju_opening_balance(data, &["year"])?;
                if by_year.height() > 0 {
                    out.push(("renju_balance_by_year".into(), by_year));
                }
                out.push(("renju_forbidden".into(), renju_forbidden(data)?));
                out.push(("renju_lengths".into(), game_lengths(data, kind, 10)?));
            }
            GameKind::Xiangqi => {
                out.push(("xiangqi_results".into(), xiangqi_results(data)?));
                out.push((
                    "xiangqi_results_by_family".into(),
                    xiangqi_results_by_family(data)?,
                ));
                out.push(("xiangqi_rulings".into(), xiangqi_rulings(data)?));
                out.push(("xiangqi_captures".into(), xiangqi_captures(data)?));
                out.push((
                    "xiangqi_first_capture".into(),
                    first_capture_plies(data, kind, 5)?,
                ));
                out.push(("xiangqi_material".into(), xiangqi_material_curve(data)?));
                out.push(("xiangqi_lengths".into(), game_lengths(data, kind, 20)?));
            }
            GameKind::Territorial => {
                out.push(("territorial_summary".into(), territorial_summary(data)?));
                out.push(("territorial_scores".into(), territorial_scores(data)?));
                out.push((
                    "territorial_multipliers".into(),
                    territorial_multipliers(data)?,
                ));
                out.push(("territorial_lengths".into(), game_lengths(data, kind, 5)?));
            }
            GameKind::ChouChou => {
                out.push(("chouchou_summary".into(), chouchou_summary(data)?));
                out.push((
                    "chouchou_captures".into(),
                    chouchou_captures_by_action(data)?,
                ));
                out.push((
                    "chouchou_first_capture".into(),
                    first_capture_plies(data, kind, 2)?,
                ));
                out.push(("chouchou_lengths".into(), game_lengths(data, kind, 5)?));
            }
        }
    }
    out.push(("findings_overview".into(), findings_overview(data)?));
    out.push(("findings_by_event".into(), findings_by_event(data)?));
    Ok(out)
}
