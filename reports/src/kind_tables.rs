//! A registry table as the report shows it ([`kifu_analysis::ReportTable`]): its rows as
//! the report reads them (small samples blanked or pooled, openings named) under its
//! caption.

use kifu_analysis::{ReportRows, ReportTable};
use kifu_facts::GameKind;
use kifu_rules::xiangqi::ecco::Code;
use polars::prelude::*;

use crate::lang::{Lang, Msg};
use crate::openings::{opening_label, with_opening_names};
use crate::pooling::{pool, share, Pooling, MIN_RESULTS};
use crate::Error;

/// The caption and rows of a table of `kind` titled `title`, shown as `shown` says.
pub(crate) fn report_table(
    kind: GameKind,
    title: Msg,
    shown: &ReportTable,
    rows: DataFrame,
    lang: Lang,
) -> Result<(String, DataFrame), Error> {
    let (caption, rows) = match shown.rows {
        ReportRows::AsComputed => (lang.text(title).to_owned(), rows),
        ReportRows::ScoresOverMinimum => {
            let scored = lang.fill(Msg::ScoresOnlyWhere, &[("min", &MIN_RESULTS.to_string())]);
            (
                lang.fill(title, &[("scored", &scored)]),
                blank_small_scores(rows)?,
            )
        }
        ReportRows::PooledByEccoFamily => {
            let (results, note) = xiangqi_pooled_results(&rows, lang)?;
            let table = results.select([
                "opening",
                "games",
                "results",
                "red_wins",
                "black_wins",
                "draws",
                "red_score",
                "openings",
            ])?;
            (lang.fill(title, &[("note", &note)]), table)
        }
    };
    let rows = match shown.opening_names {
        Some(column) => with_opening_names(rows, kind, column, lang)?,
        None => rows,
    };
    Ok((caption, rows))
}

/// The scores of a Renju balance table blanked where fewer than [`MIN_RESULTS`] games
/// have a result (the counts stay).
fn blank_small_scores(df: DataFrame) -> Result<DataFrame, Error> {
    let keep = col("results")
        .cast(DataType::UInt64)
        .gt_eq(lit(u64::from(MIN_RESULTS)));
    Ok(df
        .lazy()
        .with_columns(["black_score", "wilson_low", "wilson_high"].map(|c| {
            when(keep.clone())
                .then(col(c))
                .otherwise(lit(NULL).cast(DataType::Float64))
                .alias(c)
        }))
        .collect()?)
}

/// Xiangqi results per opening (`xiangqi_results`) with the openings under
/// [`MIN_RESULTS`] pooled by ECCO family, then into “other”; Red's score and the shares
/// recomputed; and the note saying what was pooled.
pub(crate) fn xiangqi_pooled_results(
    results: &DataFrame,
    lang: Lang,
) -> Result<(DataFrame, String), Error> {
    // English names a family by its ECCO letter; Chinese and Japanese readers by its
    // name, the letter after it.
    fn ecco_family(opening: &str, lang: Lang) -> Option<String> {
        let family = opening.trim().parse::<Code>().ok()?.family;
        Some(match lang {
            Lang::En => format!("ECCO {family}"),
            // The family's name in the page's script (`中炮對屏風馬 C` in zh-Hant).
            _ => opening_label(GameKind::Xiangqi, &family.to_string(), lang),
        })
    }
    let pooled = pool(
        results,
        &Pooling {
            label: "opening",
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "red_wins", "black_wins", "draws"],
            family: Some((ecco_family, "ECCO family")),
            noun: "opening",
            lang,
        },
    )?;
    let frame = pooled
        .frame
        .lazy()
        .with_columns([
            share("red_wins", "results").alias("red_share"),
            share("draws", "results").alias("draw_share"),
            share("black_wins", "results").alias("black_share"),
        ])
        .with_column((col("red_share") + col("draw_share") * lit(0.5)).alias("red_score"))
        .collect()?;
    Ok((frame, pooled.note))
}
