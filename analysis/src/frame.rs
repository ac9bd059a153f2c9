//! Helpers the tables share: grouping keys and periods, ratios, Wilson bounds and bins.

use kifu_facts::{GameKind, PartialDate};
use polars::prelude::*;

use crate::Result;

/// The group of a missing grouping value (no rule, no event, no opening).
pub const NONE: &str = "(none)";
/// The 97.5% quantile of the standard normal distribution (two-sided 95%).
pub const Z95: f64 = 1.959964;

/// The first four-digit year (1000–2999) in a date as written.
pub(crate) fn year_of(date: &str) -> Option<String> {
    let b = date.as_bytes();
    (0..b.len().saturating_sub(3)).find_map(|i| {
        let w = &b[i..i + 4];
        let digits = w.iter().all(u8::is_ascii_digit);
        let bounded = (i == 0 || !b[i - 1].is_ascii_digit())
            && (i + 4 == b.len() || !b[i + 4].is_ascii_digit());
        (digits && bounded && (w[0] == b'1' || w[0] == b'2'))
            .then(|| String::from_utf8_lossy(w).into_owned())
    })
}

/// The decade of a date, as `1990s`.
pub(crate) fn decade_of(date: &str) -> Option<String> {
    year_of(date).map(|y| format!("{}0s", &y[..3]))
}

/// The period key `by` (`year` or `decade`) of a game's date, `None` without a year.
pub(crate) fn period_of(by: &str, date: Option<&str>) -> Option<String> {
    let date = date?;
    match by {
        "decade" => decade_of(date),
        _ => year_of(date),
    }
}

/// The periods of games' dates, judged against one day.
pub(crate) struct Periods {
    today: i32,
}

impl Periods {
    /// Periods judged against today.
    pub(crate) fn new() -> Periods {
        Periods {
            today: kifu_facts::today(),
        }
    }

    /// The year of a game of `kind` dated `date` (the first four-digit year written), if
    /// its date has one and could be when the game was played.
    pub(crate) fn year(&self, kind: GameKind, date: Option<&str>) -> Option<String> {
        let date = date?;
        let year = year_of(date)?;
        (!self.implausible(kind, date)).then_some(year)
    }

    /// The period key `by` (`year`, or `decade` as `1990s`) of a game of `kind` dated
    /// `date`: `None` where [`Periods::year`] has none.
    pub(crate) fn of(&self, kind: GameKind, by: &str, date: Option<&str>) -> Option<String> {
        let year = self.year(kind, date)?;
        Some(match by {
            "decade" => format!("{}0s", &year[..3]),
            _ => year,
        })
    }

    /// Whether `date` (as stored) cannot be when a game of `kind` was played.
    pub(crate) fn implausible(&self, kind: GameKind, date: &str) -> bool {
        PartialDate::read_stored(date)
            .is_some_and(|d| kifu_facts::implausible_date(kind, &d, self.today).is_some())
    }
}

/// Sort key of a Renju opening code: D1..D13 then I1..I13, anything else after.
pub(crate) fn opening_key(code: &str) -> i32 {
    let n: i32 = code.get(1..).and_then(|s| s.parse().ok()).unwrap_or(99);
    match code.as_bytes().first() {
        Some(b'D') => n,
        Some(b'I') => 100 + n,
        _ => 1000,
    }
}

pub(crate) fn or_none(s: &Option<String>) -> String {
    match s.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => v.to_owned(),
        _ => NONE.to_owned(),
    }
}

pub(crate) fn f64_col(name: &str) -> Expr {
    col(name).cast(DataType::Float64)
}

/// `num / den` as f64, null when `den` is 0.
pub(crate) fn ratio(num: Expr, den: &str) -> Expr {
    when(col(den).gt(lit(0)))
        .then(num.cast(DataType::Float64) / f64_col(den))
        .otherwise(lit(NULL).cast(DataType::Float64))
}

/// Lower and upper 95% Wilson score bounds of the proportion in `p` out of `n` trials:
/// `(p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n)`, null when `n` is 0.
pub(crate) fn wilson(p: &str, n: &str) -> [Expr; 2] {
    let z2 = Z95 * Z95;
    let nn = f64_col(n);
    let pp = col(p);
    let denom = lit(1.0) + lit(z2) / nn.clone();
    let center = pp.clone() + lit(z2) / (lit(2.0) * nn.clone());
    let half = lit(Z95)
        * (pp.clone() * (lit(1.0) - pp) / nn.clone() + lit(z2) / (lit(4.0) * nn.clone() * nn))
            .sqrt();
    let bound = |e: Expr| {
        when(col(n).gt(lit(0)))
            .then(e / denom.clone())
            .otherwise(lit(NULL).cast(DataType::Float64))
    };
    [
        bound(center.clone() - half.clone()).alias("wilson_low"),
        bound(center + half).alias("wilson_high"),
    ]
}

/// Counts `plies` values into bins `[from, from + bin − 1]`, ascending.
pub(crate) fn bins(values: Vec<u32>, bin: u32) -> Result<DataFrame> {
    let bin = bin.max(1);
    let from: Vec<u32> = values.iter().map(|v| v / bin * bin).collect();
    let df = df!("plies_from" => from)?;
    Ok(df
        .lazy()
        .group_by([col("plies_from")])
        .agg([len().cast(DataType::UInt32).alias("games")])
        .select([
            col("plies_from"),
            (col("plies_from") + lit(bin - 1)).alias("plies_to"),
            col("games"),
        ])
        .sort(["plies_from"], SortMultipleOptions::default())
        .collect()?)
}
