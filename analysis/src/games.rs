//! Tables every game kind has: result shares, game lengths, first captures.

use kifu_facts::{Annotations, GameKind};
use polars::prelude::*;

use crate::frame::{bins, or_none, ratio, Periods};
use crate::score::{count_aggs, score_columns, score_selection, with_score, ResultTally};
use crate::usage::Usage;
use crate::{Dataset, Error, Game, Result};

/// The groupings of [`result_shares`].
pub(crate) const SHARES_KEYS: [&str; 5] = ["rule", "opening", "event", "year", "decade"];

/// Results of one game kind per `by` (`rule`, `opening`, `event`, `year`, `decade`).
///
/// Columns: `<by>` (str), the score columns of the kind ([`crate::score_columns`]:
/// `games`, `results`, the first and second sides' wins — Renju `black_wins`,
/// `white_wins`, Xiangqi `red_wins`, `black_wins`, Territorial `white_wins`, `black_wins`,
/// ChouChou `p1_wins`, `other_wins` (the first mover's side and the others,
/// [`crate::ChouChouSides`]) — `draws`, the first mover's score
/// and its 95% Wilson interval), then `first_share`, `second_share`, `draw_share` (f64, of
/// `results`). Most games first; by year or decade, in time order, games without a
/// plausible year (see [`crate::periods_left_out`]) left out.
pub fn result_shares(data: &Dataset, kind: GameKind, by: &str) -> Result<DataFrame> {
    if !SHARES_KEYS.contains(&by) {
        return Err(Error::Usage(Usage::SharesGrouping {
            by: by.to_owned(),
            valid: &SHARES_KEYS,
        }));
    }
    let by_period = by == "year" || by == "decade";
    let periods = Periods::new();
    let (mut key, mut tally) = (vec![], ResultTally::new(kind));
    for g in data.games(kind)? {
        if by_period {
            let Some(period) = periods.of(kind, by, g.facts.date.as_deref()) else {
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
        tally.push_game(g);
    }
    let [_, results, first, second, draws, ..] = score_columns(kind);
    let mut columns = vec![Column::new(by.into(), key)];
    columns.extend(tally.columns());
    let counts = DataFrame::new_infer_height(columns)?
        .lazy()
        .group_by([col(by)])
        .agg(count_aggs(kind));
    let mut selection = vec![col(by)];
    selection.extend(score_selection(kind));
    selection.extend([
        ratio(col(&first), &results).alias("first_share"),
        ratio(col(&second), &results).alias("second_share"),
        ratio(col(&draws), &results).alias("draw_share"),
    ]);
    Ok(with_score(counts, kind)
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
        .select(selection)
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
