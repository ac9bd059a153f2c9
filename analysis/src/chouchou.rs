//! ChouChou: variants, players, captures and penalties.

use kifu_facts::{ChouChouAnnotations, GameKind, ResultName};
use polars::prelude::*;

use crate::frame::{f64_col, ratio, NONE};
use crate::score::{count_aggs, score_selection, with_score, ResultTally};
use crate::{Dataset, Result};

/// The keys of ChouChou's tables by variant: `variant` (`3x3`, `js`, `4x4`), `players`
/// (u32), `pairs` (bool) — a variant played by three is a table of its own, not one of two.
const TABLE_KEYS: [&str; 3] = ["variant", "players", "pairs"];

/// One row per ChouChou game: its table's keys, its result's tally, and its plies and
/// capture counts (`plies` null and `moved` 0 for a result without moves).
fn per_game(data: &Dataset) -> Result<DataFrame> {
    let (mut variant, mut players, mut pairs) = (vec![], vec![], vec![]);
    let (mut plies, mut caps, mut moved) = (vec![], vec![], vec![]);
    let (mut simul, mut chain, mut pen) = (vec![], vec![], vec![]);
    let mut tally = ResultTally::new(GameKind::ChouChou);
    let empty = ChouChouAnnotations::default();
    for g in data.games(GameKind::ChouChou)? {
        let a = g.extra().annotations.chouchou().unwrap_or(&empty);
        variant.push(variant_of(a));
        players.push(a.players);
        pairs.push(a.pairs);
        tally.push_game(g);
        plies.push((!g.facts.results_only).then_some(g.facts.plies));
        moved.push(!g.facts.results_only as u32);
        caps.push(a.captures.len() as u32);
        simul.push(
            a.captures
                .iter()
                .filter(|e| e.steps.first().is_some_and(|&n| n > 1))
                .count() as u32,
        );
        chain.push(a.captures.iter().filter(|e| e.steps.len() > 1).count() as u32);
        pen.push(a.penalty.iter().sum::<u32>());
    }
    let mut df = df!(
        "variant" => variant, "players" => players, "pairs" => pairs, "plies" => plies,
        "moved" => moved, "caps" => caps, "simul" => simul, "chain" => chain, "pen" => pen,
    )?;
    for column in tally.columns() {
        df.with_column(column)?;
    }
    Ok(df)
}

/// `aggs` per ChouChou table (the [`TABLE_KEYS`]), in their order.
fn by_table(data: &Dataset, aggs: Vec<Expr>) -> Result<LazyFrame> {
    Ok(per_game(data)?
        .lazy()
        .group_by(TABLE_KEYS.map(col))
        .agg(aggs))
}

/// ChouChou's results per table — `variant` × `players` × `pairs` ([`TABLE_KEYS`]), asked
/// for as `kifu stats --by variant` — with the score columns of every results table
/// ([`crate::score_columns`]: `games`, `results`, `p1_wins`, `other_wins`, `draws` (u32),
/// `p1_score`, `wilson_low`, `wilson_high` (f64): the first mover's side against the others,
/// as [`crate::ChouChouSides`] decides), then `mean_plies` (f64, over the games with
/// moves: a result without moves, of a results file, counts in the results only). Sorted
/// by variant, players, pairs.
pub fn chouchou_summary(data: &Dataset) -> Result<DataFrame> {
    let mut aggs = count_aggs(GameKind::ChouChou).to_vec();
    aggs.push(f64_col("plies").mean().alias("mean_plies"));
    let mut selection = TABLE_KEYS.map(col).to_vec();
    selection.extend(score_selection(GameKind::ChouChou));
    selection.push(col("mean_plies"));
    Ok(with_score(by_table(data, aggs)?, GameKind::ChouChou)
        .sort(TABLE_KEYS, SortMultipleOptions::default())
        .select(selection)
        .collect()?)
}

/// ChouChou's captures and penalties per table ([`TABLE_KEYS`], as
/// [`chouchou_summary`]): `games` (u32), `captures_per_game` (f64: capture events per game
/// with moves), `simultaneous_share` (f64: capture events whose simultaneous step took more
/// than one piece — the store keeps pieces per step, not the lines formed), `chain_share`
/// (f64: capture events with at least one chain step), `penalties` (u32: penalty pieces
/// received, all games), `penalty_games` (u32: games with a penalty). Sorted by variant,
/// players, pairs.
pub fn chouchou_captures_by_variant(data: &Dataset) -> Result<DataFrame> {
    let sum = |c: &str, name: &str| col(c).sum().cast(DataType::UInt32).alias(name);
    let aggs = vec![
        len().cast(DataType::UInt32).alias("games"),
        sum("moved", "with_moves"),
        sum("caps", "capture_events"),
        sum("simul", "simul"),
        sum("chain", "chain"),
        sum("pen", "penalties"),
        col("pen")
            .gt(lit(0))
            .cast(DataType::UInt32)
            .sum()
            .cast(DataType::UInt32)
            .alias("penalty_games"),
    ];
    let mut selection = TABLE_KEYS.map(col).to_vec();
    selection.extend([
        col("games"),
        col("captures_per_game"),
        col("simultaneous_share"),
        col("chain_share"),
        col("penalties"),
        col("penalty_games"),
    ]);
    Ok(by_table(data, aggs)?
        .with_columns([
            ratio(col("capture_events"), "with_moves").alias("captures_per_game"),
            ratio(col("simul"), "capture_events").alias("simultaneous_share"),
            ratio(col("chain"), "capture_events").alias("chain_share"),
        ])
        .sort(TABLE_KEYS, SortMultipleOptions::default())
        .select(selection)
        .collect()?)
}

/// A game's variant as the tables group it (`(none)` when the record names none).
fn variant_of(a: &ChouChouAnnotations) -> String {
    if a.variant.is_empty() {
        NONE.to_owned()
    } else {
        a.variant.clone()
    }
}

/// ChouChou captures per action type: `action` (`place`, `move-two`, `swap-one`,
/// `penalty`), `captures` (u32: capture events), `pieces` (u32: pieces taken),
/// `chains` (u32: events with a chain step). Most captures first.
pub fn chouchou_captures_by_action(data: &Dataset) -> Result<DataFrame> {
    let (mut action, mut taken, mut chain) = (vec![], vec![], vec![]);
    for g in data.games(GameKind::ChouChou)? {
        let Some(a) = g.extra().annotations.chouchou() else {
            continue;
        };
        for e in &a.captures {
            action.push(e.action.clone());
            taken.push(e.taken);
            chain.push((e.steps.len() > 1) as u32);
        }
    }
    let df = df!("action" => action, "t" => taken, "c" => chain)?;
    Ok(df
        .lazy()
        .group_by([col("action")])
        .agg([
            len().cast(DataType::UInt32).alias("captures"),
            col("t").sum().cast(DataType::UInt32).alias("pieces"),
            col("c").sum().cast(DataType::UInt32).alias("chains"),
        ])
        .sort_by_exprs(
            [col("captures"), col("action")],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?)
}

/// ChouChou wins by seat per table (`variant` × `players` × `pairs`), for charts in the
/// players' colours: `table` (str: `3x3 · 2 players`, `4x4 · 4 players in pairs`),
/// `games`, `results` (u32: games with a winner or a draw), `p1_wins` … `p4_wins`, `draws`
/// (u32), and `p1_share` … `p4_share`, `draw_share` (f64, of `results`). Sorted by
/// variant, players, pairs.
pub fn chouchou_seat_wins(data: &Dataset) -> Result<DataFrame> {
    use std::collections::BTreeMap;
    // (variant, players, pairs) → games, results, wins of P1..P4, draws.
    let mut tables: BTreeMap<(String, u32, bool), [u32; 7]> = BTreeMap::new();
    let empty = ChouChouAnnotations::default();
    for g in data.games(GameKind::ChouChou)? {
        let a = g.extra().annotations.chouchou().unwrap_or(&empty);
        let row = tables
            .entry((variant_of(a), a.players, a.pairs))
            .or_default();
        row[0] += 1;
        match g.result {
            Some(ResultName::Seat(n @ 1..=4)) => {
                row[1] += 1;
                row[1 + usize::from(n)] += 1;
            }
            Some(ResultName::Draw) => {
                row[1] += 1;
                row[6] += 1;
            }
            _ => {}
        }
    }
    let label = |(v, p, pairs): &(String, u32, bool)| {
        let pairs = if *pairs { " in pairs" } else { "" };
        format!("{v} · {p} players{pairs}")
    };
    let col_of = |k: usize| tables.values().map(|r| r[k]).collect::<Vec<u32>>();
    let df = df!(
        "table" => tables.keys().map(label).collect::<Vec<_>>(),
        "games" => col_of(0),
        "results" => col_of(1),
        "p1_wins" => col_of(2),
        "p2_wins" => col_of(3),
        "p3_wins" => col_of(4),
        "p4_wins" => col_of(5),
        "draws" => col_of(6),
    )?;
    Ok(df
        .lazy()
        .with_columns([
            ratio(col("p1_wins"), "results").alias("p1_share"),
            ratio(col("p2_wins"), "results").alias("p2_share"),
            ratio(col("p3_wins"), "results").alias("p3_share"),
            ratio(col("p4_wins"), "results").alias("p4_share"),
            ratio(col("draws"), "results").alias("draw_share"),
        ])
        .collect()?)
}
