//! Xiangqi: results per opening, repetition rulings, captures and material.

use kifu_facts::termination::XiangqiTermination;
use kifu_facts::{GameKind, Termination};
use kifu_rules::xiangqi::ecco::Code;
use polars::prelude::*;

use crate::frame::{f64_col, NONE};
use crate::score::{count_aggs, score_selection, with_score, ResultTally};
use crate::{Dataset, Game, Result};

const XQ_PIECES: [&str; 7] = [
    "rook", "cannon", "horse", "advisor", "elephant", "pawn", "king",
];

pub(crate) fn xq_opening(g: &Game) -> String {
    opening_of(g.facts.opening.as_deref(), Some(g.extra()))
}

/// [`xq_opening`] of a stored opening and the game's extra facts (if read).
pub(crate) fn opening_of(opening: Option<&str>, extra: Option<&kifu_facts::Extra>) -> String {
    match opening.map(str::trim) {
        Some(o) if !o.is_empty() => o.to_owned(),
        _ => match extra
            .and_then(|e| e.annotations.xiangqi())
            .and_then(|a| a.opening_name.as_deref())
            .map(str::trim)
        {
            Some(o) if !o.is_empty() => o.to_owned(),
            _ => NONE.to_owned(),
        },
    }
}

/// The ECCO family (`A`…`E`) of a game's opening, `(none)` when it has no ECCO code.
pub(crate) fn xq_family(g: &Game) -> String {
    family_of(g.facts.opening.as_deref())
}

/// [`xq_family`] of a stored opening.
pub(crate) fn family_of(opening: Option<&str>) -> String {
    opening
        .and_then(|o| o.trim().parse::<Code>().ok())
        .map_or_else(|| NONE.to_owned(), |c| c.family.to_string())
}

/// Xiangqi results per opening (the ECCO code, else the `Opening` tag, else `(none)`).
///
/// Columns: `opening`, then the score columns ([`crate::score_columns`]): `games`,
/// `results`, `red_wins`, `black_wins`, `draws` (u32), `red_score` (f64: `(red_wins +
/// draws/2) / results`), `wilson_low`, `wilson_high` (f64: its 95% Wilson interval). Most
/// games first.
pub fn xiangqi_results(data: &Dataset) -> Result<DataFrame> {
    results_by(data, "opening", xq_opening)
}

/// Xiangqi results per ECCO family (`A`…`E`, `(none)` for games without a code): the
/// columns of [`xiangqi_results`] with `family` first. Most games first.
pub fn xiangqi_results_by_family(data: &Dataset) -> Result<DataFrame> {
    results_by(data, "family", xq_family)
}

fn results_by(data: &Dataset, label: &str, key: fn(&Game) -> String) -> Result<DataFrame> {
    let (mut keys, mut tally) = (vec![], ResultTally::new(GameKind::Xiangqi));
    for g in data.games(GameKind::Xiangqi)? {
        keys.push(key(g));
        tally.push(g.result);
    }
    let mut columns = vec![Column::new(label.into(), keys)];
    columns.extend(tally.columns());
    let counts = DataFrame::new_infer_height(columns)?
        .lazy()
        .group_by([col(label)])
        .agg(count_aggs(GameKind::Xiangqi));
    let mut selection = vec![col(label)];
    selection.extend(score_selection(GameKind::Xiangqi));
    Ok(with_score(counts, GameKind::Xiangqi)
        .sort_by_exprs(
            [col("games"), col(label)],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .select(selection)
        .collect()?)
}

/// Xiangqi repetition rulings: columns `kind` (`perpetual-check`, `perpetual-chase`,
/// `repetition-draw` — the game's termination), `games` (u32: games the ruling decided, the
/// record ending within the repeating cycle), `contradicted` (u32: of those, games whose
/// recorded result contradicts the ruling), `changed` (u32: rulings play went past — a
/// move left the cycle, so they decided nothing: findings `<kind>-changed`). All three
/// kinds, always.
pub fn xiangqi_rulings(data: &Dataset) -> Result<DataFrame> {
    let rulings = [
        XiangqiTermination::PerpetualCheck,
        XiangqiTermination::PerpetualChase,
        XiangqiTermination::RepetitionDraw,
    ];
    let kinds = rulings.map(XiangqiTermination::name);
    let mut kind: Vec<&str> = kinds.to_vec();
    let mut key: Vec<u32> = vec![0, 1, 2];
    let mut one: Vec<u32> = vec![0; 3];
    let mut contra: Vec<u32> = vec![0; 3];
    let mut changed: Vec<u32> = vec![0; 3];
    let games = data.games(GameKind::Xiangqi)?;
    let contradicted = if games.is_empty() {
        Default::default()
    } else {
        data.store().games_with_finding(
            GameKind::Xiangqi,
            "result-contradicts-repetition-ruling",
            data.filter(),
        )?
    };
    for g in games {
        let Termination::Xiangqi(ended) = g.facts.termination else {
            continue;
        };
        let Some(i) = rulings.iter().position(|&r| r == ended) else {
            continue;
        };
        kind.push(kinds[i]);
        key.push(i as u32);
        one.push(1);
        contra.push(contradicted.contains(&g.id()) as u32);
        changed.push(0);
    }
    if !games.is_empty() {
        for (i, k) in passed_rulings(data)? {
            kind.push(kinds[i]);
            key.push(i as u32);
            one.push(0);
            contra.push(0);
            changed.push(k);
        }
    }
    let df = df!("kind" => kind, "key" => key, "one" => one, "c" => contra, "x" => changed)?;
    Ok(df
        .lazy()
        .group_by([col("kind")])
        .agg([
            col("key").first(),
            col("one").sum().cast(DataType::UInt32).alias("games"),
            col("c").sum().cast(DataType::UInt32).alias("contradicted"),
            col("x").sum().cast(DataType::UInt32).alias("changed"),
        ])
        .sort(["key"], SortMultipleOptions::default())
        .select([
            col("kind"),
            col("games"),
            col("contradicted"),
            col("changed"),
        ])
        .collect()?)
}

/// Rulings play went past, per kind (index into the rulings table's kinds): the number of
/// `perpetual-check-changed`, `perpetual-chase-changed` and `repetition-draw-changed`
/// findings of the Xiangqi games under the filter.
fn passed_rulings(data: &Dataset) -> Result<Vec<(usize, u32)>> {
    const CODES: [&str; 3] = [
        "perpetual-check-changed",
        "perpetual-chase-changed",
        "repetition-draw-changed",
    ];
    let mut filter = data.filter().clone();
    filter.game.get_or_insert(GameKind::Xiangqi);
    let mut n = [0u32; 3];
    for f in data.store().finding_facts(&filter)? {
        if f.kind != Some(GameKind::Xiangqi) {
            continue;
        }
        if let Some(i) = CODES.iter().position(|c| *c == f.code) {
            n[i] += 1;
        }
    }
    Ok(n.into_iter().enumerate().collect())
}

/// Xiangqi pieces taken: columns `side` (the capturing side, `red`/`black`), `piece`
/// (`rook`, `cannon`, `horse`, `advisor`, `elephant`, `pawn`), `taken` (u32). Every side ×
/// piece, Red first, pieces by value.
pub fn xiangqi_captures(data: &Dataset) -> Result<DataFrame> {
    let (mut side, mut piece, mut key, mut taken) = (vec![], vec![], vec![], vec![]);
    let sides = GameKind::Xiangqi.seats();
    let side_name = |seat| GameKind::Xiangqi.win(seat).name();
    for (si, &seat) in sides.iter().enumerate() {
        for (pi, p) in XQ_PIECES[..6].iter().enumerate() {
            side.push(side_name(seat).to_owned());
            piece.push((*p).to_owned());
            key.push((si * 10 + pi) as u32);
            taken.push(0u32);
        }
    }
    for g in data.games(GameKind::Xiangqi)? {
        let Some(a) = g.extra().annotations.xiangqi() else {
            continue;
        };
        for (si, &seat) in sides.iter().enumerate() {
            let Some(m) = a.captures.by(seat) else {
                continue;
            };
            for (p, n) in &m.0 {
                let pi = XQ_PIECES.iter().position(|x| x == p).unwrap_or(9);
                side.push(side_name(seat).to_owned());
                piece.push(p.clone());
                key.push((si * 10 + pi) as u32);
                taken.push(*n);
            }
        }
    }
    let df = df!("side" => side, "piece" => piece, "key" => key, "n" => taken)?;
    Ok(df
        .lazy()
        .group_by([col("side"), col("piece")])
        .agg([
            col("key").first(),
            col("n").sum().cast(DataType::UInt32).alias("taken"),
        ])
        .sort(["key"], SortMultipleOptions::default())
        .select([col("side"), col("piece"), col("taken")])
        .collect()?)
}

/// Xiangqi material balance (Red − Black, half-pawn units: rook 18, cannon 9, horse 8,
/// advisor 4, elephant 4, pawn 2) after each ply: columns `ply` (u32, 1-based),
/// `mean_balance` (f64), `games` (u32: games that reached the ply).
pub fn xiangqi_material_curve(data: &Dataset) -> Result<DataFrame> {
    let (mut ply, mut bal) = (Vec::new(), Vec::new());
    for g in data.games(GameKind::Xiangqi)? {
        let Some(a) = g.extra().annotations.xiangqi() else {
            continue;
        };
        for (i, v) in a.captures.material.iter().enumerate() {
            ply.push(i as u32 + 1);
            bal.push(i64::from(*v));
        }
    }
    let df = df!("ply" => ply, "b" => bal)?;
    Ok(df
        .lazy()
        .group_by([col("ply")])
        .agg([
            f64_col("b").mean().alias("mean_balance"),
            len().cast(DataType::UInt32).alias("games"),
        ])
        .sort(["ply"], SortMultipleOptions::default())
        .collect()?)
}
