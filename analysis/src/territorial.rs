//! Chess Territorial: scores, territories and margins.

use kifu_facts::GameKind;
use polars::prelude::*;

use crate::score::{count_aggs, score_selection, with_score, ResultTally};
use crate::{Dataset, Result};

/// Chess Territorial scores, one row per game with a score (a result without moves, of a
/// results file, has none): `game` (i64), `white`, `black` (i64), `margin` (i64: white −
/// black), `result` (str, see the crate docs; null when none). In game order.
pub fn territorial_scores(data: &Dataset) -> Result<DataFrame> {
    let (mut id, mut w, mut b, mut res) = (vec![], vec![], vec![], vec![]);
    for g in data.games(GameKind::Territorial)? {
        let Some(a) = score_of(g) else {
            continue;
        };
        id.push(g.id());
        w.push(i64::from(a.score.white));
        b.push(i64::from(a.score.black));
        res.push(g.result.map(|r| r.name().to_owned()));
    }
    let df = df!("game" => id, "white" => w, "black" => b, "result" => res)?;
    Ok(df
        .lazy()
        .select([
            col("game"),
            col("white"),
            col("black"),
            (col("white") - col("black")).alias("margin"),
            col("result"),
        ])
        .collect()?)
}

/// A game's territorial annotations, where it has a score: a result without moves (of a
/// results file) was never placed on a board.
fn score_of(g: &crate::Game) -> Option<&kifu_facts::TerritorialAnnotations> {
    if g.facts.results_only {
        return None;
    }
    g.extra().annotations.territorial()
}

/// Chess Territorial in one row: `games`, `results`, `white_wins`, `black_wins`, `draws`
/// (u32), `white_score` (f64: White moves first; `(white_wins + draws/2) / results`),
/// `wilson_low`, `wilson_high` (f64: its 95% Wilson interval; the score columns of
/// [`crate::score_columns`]),
/// `white_mean`, `black_mean`, `margin_mean` (f64, over games with a score: results
/// without moves count in the results, not in the scores),
/// `territories` (u32), `doubled_share` (f64: territories counting double, holding the
/// king or the queen).
pub fn territorial_summary(data: &Dataset) -> Result<DataFrame> {
    let mut tally = ResultTally::new(GameKind::Territorial);
    let (mut ws, mut bs) = (vec![], vec![]);
    let (mut terr, mut doubled) = (0u32, 0u32);
    for g in data.games(GameKind::Territorial)? {
        tally.push(g.result);
        let score = score_of(g).map(|a| &a.score);
        ws.push(score.map(|s| f64::from(s.white)));
        bs.push(score.map(|s| f64::from(s.black)));
        for t in score.into_iter().flat_map(|s| &s.territories) {
            terr += 1;
            doubled += (t.multiplier > 1) as u32;
        }
    }
    let mut df = df!("ws" => ws, "bs" => bs)?;
    for column in tally.columns() {
        df.with_column(column)?;
    }
    let mut aggs = count_aggs(GameKind::Territorial).to_vec();
    aggs.extend([
        col("ws").mean().alias("white_mean"),
        col("bs").mean().alias("black_mean"),
        (col("ws") - col("bs")).mean().alias("margin_mean"),
    ]);
    let mut selection = score_selection(GameKind::Territorial);
    selection.extend([
        col("white_mean"),
        col("black_mean"),
        col("margin_mean"),
        col("territories"),
        col("doubled_share"),
    ]);
    Ok(with_score(df.lazy().select(aggs), GameKind::Territorial)
        .with_columns([
            lit(terr).cast(DataType::UInt32).alias("territories"),
            if terr > 0 {
                lit(doubled as f64 / terr as f64)
            } else {
                lit(NULL).cast(DataType::Float64)
            }
            .alias("doubled_share"),
        ])
        .select(selection)
        .collect()?)
}

/// Chess Territorial territories by side and multiplier: `side`, `multiplier` (i64),
/// `territories` (u32), `cells` (i64: their total size), `points` (i64: size × multiplier).
pub fn territorial_multipliers(data: &Dataset) -> Result<DataFrame> {
    let (mut side, mut mult, mut size) = (Vec::<String>::new(), vec![], vec![]);
    for g in data.games(GameKind::Territorial)? {
        let Some(a) = g.extra().annotations.territorial() else {
            continue;
        };
        for t in &a.score.territories {
            side.push(t.side.clone());
            mult.push(i64::from(t.multiplier));
            size.push(i64::from(t.size));
        }
    }
    let df = df!("side" => side, "multiplier" => mult, "size" => size)?;
    Ok(df
        .lazy()
        .group_by([col("side"), col("multiplier")])
        .agg([
            len().cast(DataType::UInt32).alias("territories"),
            col("size").sum().alias("cells"),
            (col("size") * col("multiplier")).sum().alias("points"),
        ])
        .sort(["side", "multiplier"], SortMultipleOptions::default())
        .collect()?)
}

/// Chess Territorial score margins (White − Black) in bins of `bin` points: columns
/// `margin_from`, `margin_to` (i64), `games` (u32), ascending.
pub fn territorial_margins(data: &Dataset, bin: i64) -> Result<DataFrame> {
    let bin = bin.max(1);
    let scores = territorial_scores(data)?;
    let from: Vec<i64> = scores
        .column("margin")?
        .i64()?
        .iter()
        .flatten()
        .map(|m| m.div_euclid(bin) * bin)
        .collect();
    let df = df!("margin_from" => from)?;
    Ok(df
        .lazy()
        .group_by([col("margin_from")])
        .agg([len().cast(DataType::UInt32).alias("games")])
        .select([
            col("margin_from"),
            (col("margin_from") + lit(bin - 1)).alias("margin_to"),
            col("games"),
        ])
        .sort(["margin_from"], SortMultipleOptions::default())
        .collect()?)
}
