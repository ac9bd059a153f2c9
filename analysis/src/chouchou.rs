//! ChouChou: variants, players, captures and penalties.

use kifu_facts::{ChouChouAnnotations, GameKind, ResultName};
use polars::prelude::*;

use crate::frame::{f64_col, ratio, NONE};
use crate::{Dataset, Result};

/// ChouChou per `variant` (`3x3`, `js`, `4x4`) × `players` (u32) × `pairs` (bool):
/// `games`, `results` (u32: games with a winner), `first_player_wins` (u32: P1 won),
/// `first_player_share` (f64, of `results`), `mean_plies` (f64), `captures_per_game`
/// (f64: capture events per game; this and `mean_plies` over the games with moves: a
/// result without moves, of a results file, counts in the results only), `simultaneous_share` (f64: capture events whose
/// simultaneous step took more than one piece — the store keeps pieces per step, not the
/// lines formed), `chain_share` (f64: capture events with at least one chain step),
/// `penalties` (u32: penalty pieces received, all games), `penalty_games` (u32: games
/// with a penalty). Sorted by variant, players, pairs.
pub fn chouchou_summary(data: &Dataset) -> Result<DataFrame> {
    let (mut variant, mut players, mut pairs) = (vec![], vec![], vec![]);
    let (mut p1, mut sc, mut plies, mut caps) = (vec![], vec![], vec![], vec![]);
    let mut moved = vec![];
    let (mut simul, mut chain, mut pen) = (vec![], vec![], vec![]);
    let empty = ChouChouAnnotations::default();
    for g in data.games(GameKind::ChouChou)? {
        let r = g.result;
        let a = g.extra().annotations.chouchou().unwrap_or(&empty);
        variant.push(if a.variant.is_empty() {
            NONE.to_owned()
        } else {
            a.variant.clone()
        });
        players.push(a.players);
        pairs.push(a.pairs);
        p1.push((r == Some(ResultName::Seat(1))) as u32);
        sc.push(r.is_some() as u32);
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
    let df = df!(
        "variant" => variant, "players" => players, "pairs" => pairs, "p1" => p1,
        "sc" => sc, "plies" => plies, "moved" => moved, "caps" => caps, "simul" => simul,
        "chain" => chain, "pen" => pen,
    )?;
    Ok(df
        .lazy()
        .group_by([col("variant"), col("players"), col("pairs")])
        .agg([
            len().cast(DataType::UInt32).alias("games"),
            col("sc").sum().cast(DataType::UInt32).alias("results"),
            col("p1")
                .sum()
                .cast(DataType::UInt32)
                .alias("first_player_wins"),
            f64_col("plies").mean().alias("mean_plies"),
            col("moved")
                .sum()
                .cast(DataType::UInt32)
                .alias("with_moves"),
            col("caps")
                .sum()
                .cast(DataType::UInt32)
                .alias("capture_events"),
            col("simul").sum().alias("simul"),
            col("chain").sum().alias("chain"),
            col("pen").sum().cast(DataType::UInt32).alias("penalties"),
            col("pen")
                .gt(lit(0))
                .cast(DataType::UInt32)
                .sum()
                .cast(DataType::UInt32)
                .alias("penalty_games"),
        ])
        .with_columns([
            ratio(col("first_player_wins"), "results").alias("first_player_share"),
            ratio(col("capture_events"), "with_moves").alias("captures_per_game"),
            ratio(col("simul"), "capture_events").alias("simultaneous_share"),
            ratio(col("chain"), "capture_events").alias("chain_share"),
        ])
        .sort(
            ["variant", "players", "pairs"],
            SortMultipleOptions::default(),
        )
        .select([
            col("variant"),
            col("players"),
            col("pairs"),
            col("games"),
            col("results"),
            col("first_player_wins"),
            col("first_player_share"),
            col("mean_plies"),
            col("captures_per_game"),
            col("simultaneous_share"),
            col("chain_share"),
            col("penalties"),
            col("penalty_games"),
        ])
        .collect()?)
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
        let variant = if a.variant.is_empty() {
            NONE.to_owned()
        } else {
            a.variant.clone()
        };
        let row = tables.entry((variant, a.players, a.pairs)).or_default();
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
