//! Tables every game kind has: result shares, game lengths, first captures.

use kifu_facts::{Annotations, GameKind, ResultName, Seat};
use polars::prelude::*;

use crate::frame::{bins, or_none, period_of, ratio};
use crate::usage::Usage;
use crate::{Dataset, Error, Game, Result};

/// The groupings of [`result_shares`].
pub(crate) const SHARES_KEYS: [&str; 5] = ["rule", "opening", "event", "year", "decade"];

/// Results of one game kind per `by` (`rule`, `opening`, `event`, `year`, `decade`).
///
/// Columns: `<by>` (str), `games` (u32), `results` (u32: games with a result),
/// `first_wins` (u32: wins of the side moving first — Renju Black, Xiangqi Red,
/// Territorial White, ChouChou P1), `second_wins` (wins of any other side), `draws`,
/// `first_share`, `second_share`, `draw_share` (f64, of `results`). Most games first; by
/// year or decade, in time order, games without a year left out.
pub fn result_shares(data: &Dataset, kind: GameKind, by: &str) -> Result<DataFrame> {
    if !SHARES_KEYS.contains(&by) {
        return Err(Error::Usage(Usage::SharesGrouping {
            by: by.to_owned(),
            valid: &SHARES_KEYS,
        }));
    }
    let by_period = by == "year" || by == "decade";
    let first = kind.win(Seat::FIRST);
    let (mut key, mut fw, mut sw, mut dr, mut sc) = (vec![], vec![], vec![], vec![], vec![]);
    for g in data.games(kind)? {
        let r = g.result;
        if by_period {
            let Some(period) = period_of(by, g.facts.date.as_deref()) else {
                continue;
            };
            key.push(period);
        } else {
            key.push(or_none(match by {
                "rule" => &g.facts.rule,
                "opening" => &g.facts.opening,
                _ => &g.facts.event,
            }));
        }
        fw.push((r == Some(first)) as u32);
        dr.push((r == Some(ResultName::Draw)) as u32);
        sw.push(r.is_some_and(|r| r != first && r != ResultName::Draw) as u32);
        sc.push(r.is_some() as u32);
    }
    let df = df!(by => key, "f" => fw, "s" => sw, "d" => dr, "r" => sc)?;
    Ok(df
        .lazy()
        .group_by([col(by)])
        .agg([
            len().cast(DataType::UInt32).alias("games"),
            col("r").sum().cast(DataType::UInt32).alias("results"),
            col("f").sum().cast(DataType::UInt32).alias("first_wins"),
            col("s").sum().cast(DataType::UInt32).alias("second_wins"),
            col("d").sum().cast(DataType::UInt32).alias("draws"),
        ])
        .with_columns([
            ratio(col("first_wins"), "results").alias("first_share"),
            ratio(col("second_wins"), "results").alias("second_share"),
            ratio(col("draws"), "results").alias("draw_share"),
        ])
        .sort_by_exprs(
            if by_period {
                vec![col(by)]
            } else {
                vec![col("games"), col(by)]
            },
            SortMultipleOptions::default().with_order_descending_multi(if by_period {
                vec![false]
            } else {
                vec![true, false]
            }),
        )
        .collect()?)
}

/// Game lengths of one kind: columns `plies_from`, `plies_to` (u32, inclusive bin
/// bounds, `bin` plies wide), `games` (u32); ascending, empty bins left out. A result
/// without moves (of a results file) has no length: it is left out.
pub fn game_lengths(data: &Dataset, kind: GameKind, bin: u32) -> Result<DataFrame> {
    let plies = data
        .games(kind)?
        .iter()
        .filter(|g| !g.facts.results_only)
        .map(|g| g.facts.plies)
        .collect();
    bins(plies, bin)
}

/// The ply of a game's first capture: Xiangqi's recorded first capture, ChouChou the
/// smallest capture ply.
fn first_capture(g: &Game) -> Option<u32> {
    match &g.extra().annotations {
        Annotations::Xiangqi(a) => a.captures.first_capture_ply,
        Annotations::ChouChou(a) => a.captures.iter().map(|c| c.ply).min(),
        _ => None,
    }
}

/// Distribution of the first-capture ply (`xiangqi` or `chouchou`): columns
/// `plies_from`, `plies_to`, `games` (u32); games without a capture are left out.
pub fn first_capture_plies(data: &Dataset, kind: GameKind, bin: u32) -> Result<DataFrame> {
    let plies = data.games(kind)?.iter().filter_map(first_capture).collect();
    bins(plies, bin)
}
