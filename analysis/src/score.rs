//! The score columns every table of results has, whatever the game and the grouping:
//! `games`, `results`, the first and second sides' wins, `draws`, the first mover's score
//! and its 95% Wilson interval (`wilson_low`, `wilson_high`), named as the Renju balance
//! tables name them. [`ResultTally`] counts each game's result, [`count_aggs`] sums the
//! counts per group, and [`with_score`] turns the counts into the score and its interval.

use kifu_facts::{GameKind, ResultName, Seat};
use polars::prelude::*;

use crate::frame::{f64_col, ratio, wilson};

/// The names a game's score columns give its sides: its own (`black`/`white` for Renju,
/// `red`/`black` for Xiangqi, `white`/`black` for Chess Territorial); ChouChou's first
/// player `p1` and the players after them `other`.
fn sides(kind: GameKind) -> (&'static str, &'static str) {
    match kind {
        GameKind::ChouChou => ("p1", "other"),
        _ => (kind.win(Seat::FIRST).name(), kind.win(Seat::SECOND).name()),
    }
}

/// The names of the score columns of `kind`'s tables, in their order: `games`, `results`,
/// `<first>_wins`, `<second>_wins`, `draws`, `<first>_score`, `wilson_low`, `wilson_high`
/// (Renju: `black_wins`, `white_wins`, `black_score`; Xiangqi: `red_wins`, `black_wins`,
/// `red_score`).
pub fn score_columns(kind: GameKind) -> [String; 8] {
    let (first, second) = sides(kind);
    [
        "games".to_owned(),
        "results".to_owned(),
        format!("{first}_wins"),
        format!("{second}_wins"),
        "draws".to_owned(),
        format!("{first}_score"),
        "wilson_low".to_owned(),
        "wilson_high".to_owned(),
    ]
}

// The per-game columns a tally adds to a table's frame before it is grouped.
const FIRST: &str = "_first_win";
const SECOND: &str = "_second_win";
const DRAW: &str = "_draw";
const RESULT: &str = "_result";

/// Each game's result that counts, as the counts the score columns sum.
pub(crate) struct ResultTally {
    kind: GameKind,
    first: Vec<u32>,
    second: Vec<u32>,
    draw: Vec<u32>,
    result: Vec<u32>,
}

impl ResultTally {
    pub(crate) fn new(kind: GameKind) -> ResultTally {
        ResultTally {
            kind,
            first: Vec::new(),
            second: Vec::new(),
            draw: Vec::new(),
            result: Vec::new(),
        }
    }

    /// One game's result that counts (`None`: no result, counted in `games` only). A win
    /// of any seat but the first is the second side's (ChouChou's other players).
    pub(crate) fn push(&mut self, result: Option<ResultName>) {
        let first = self.kind.win(Seat::FIRST);
        self.first.push((result == Some(first)) as u32);
        self.draw.push((result == Some(ResultName::Draw)) as u32);
        self.second
            .push(result.is_some_and(|r| r != first && r != ResultName::Draw) as u32);
        self.result.push(result.is_some() as u32);
    }

    /// The tally's columns, one row per game pushed, to put beside the table's keys.
    pub(crate) fn columns(self) -> Vec<Column> {
        vec![
            Column::new(FIRST.into(), self.first),
            Column::new(SECOND.into(), self.second),
            Column::new(DRAW.into(), self.draw),
            Column::new(RESULT.into(), self.result),
        ]
    }
}

/// The counts of a group of games' tallies: `games` (every row), `results`, the two sides'
/// wins and `draws` (u32), named as [`score_columns`] names them.
pub(crate) fn count_aggs(kind: GameKind) -> [Expr; 5] {
    let [games, results, first, second, draws, ..] = score_columns(kind);
    let sum = |c: &str, name: String| col(c).sum().cast(DataType::UInt32).alias(name);
    [
        len().cast(DataType::UInt32).alias(games),
        sum(RESULT, results),
        sum(FIRST, first),
        sum(SECOND, second),
        sum(DRAW, draws),
    ]
}

/// The first mover's score, `(first wins + draws/2) / results`, and its 95% Wilson
/// interval (z = [`crate::Z95`], n = `results`; null without a result), from the counts
/// [`count_aggs`] makes: the one place a table's score is computed.
pub(crate) fn with_score(counts: LazyFrame, kind: GameKind) -> LazyFrame {
    let [_, results, first, _, draws, score, ..] = score_columns(kind);
    counts
        .with_column(
            ratio(f64_col(&first) + f64_col(&draws) * lit(0.5), &results).alias(score.as_str()),
        )
        .with_columns(wilson(&score, &results))
}

/// The score columns as expressions, to select them in order after a table's keys.
pub(crate) fn score_selection(kind: GameKind) -> Vec<Expr> {
    score_columns(kind)
        .iter()
        .map(|c| col(c.as_str()))
        .collect()
}
