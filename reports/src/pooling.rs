//! Minimum samples. A share or a score of a handful of games says nothing, so groups with
//! fewer than a minimum of games with a result are pooled: by family where a group has one
//! (Xiangqi ECCO `B05` into family B, Renju `D4` into the direct openings), the rest into
//! “other”. Charts then show only rows that reach the minimum; curves stop where fewer
//! games than their minimum remain. Every caption states the minimum.

use polars::prelude::*;

use crate::lang::{Lang, Msg};
use crate::Error;

/// Games with a result a group needs for its shares or score to be shown on their own.
pub const MIN_RESULTS: u32 = 5;
/// Games a curve's point must average over (the material balance after a ply).
pub const MIN_CURVE_GAMES: u32 = 10;

/// The family of a group's label (`ECCO B` for `B05`) as `lang` names it, `None` when it
/// has none.
pub(crate) type FamilyOf = fn(&str, Lang) -> Option<String>;

/// How the small groups of a table are pooled.
pub(crate) struct Pooling<'a> {
    /// The group column (text).
    pub label: &'a str,
    /// The column that must reach `min`: games with a result.
    pub sample: &'a str,
    pub min: u32,
    /// The count columns, summed over a pool (the sample among them).
    pub counts: &'a [&'a str],
    /// A group's family and what a family is called, where small groups pool by family
    /// before the rest go into “other”.
    pub family: Option<(FamilyOf, &'a str)>,
    /// What one group is (`opening`, `rule`, `event`), for the column counting the groups
    /// in a row (`openings`) and the note.
    pub noun: &'a str,
    /// The language of the labels of the pools and of the note.
    pub lang: Lang,
}

/// A table after pooling, and the sentence that says how it was pooled.
pub(crate) struct Pooled {
    pub frame: DataFrame,
    pub note: String,
}

/// The name of the pool of small groups no family takes.
pub const OTHER: &str = "other";

/// A pooling noun (`opening`, `ECCO family`, `game`, `findings`) in `lang`: itself in
/// English, else its message (the noun itself when it has none).
fn noun_in(noun: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return noun.to_owned();
    }
    let msg = match noun.trim_end_matches('s') {
        "opening" => Msg::NounOpening,
        "rule" => Msg::NounRule,
        "event" => Msg::NounEvent,
        "code" => Msg::NounCode,
        "ECCO family" => Msg::NounEccoFamily,
        "direct and indirect opening" => Msg::NounDirectIndirect,
        "finding" => Msg::NounFinding,
        "decade" => Msg::NounDecade,
        "year" => Msg::NounYear,
        "table" => Msg::NounTable,
        _ => return noun.to_owned(),
    };
    lang.text(msg).to_owned()
}

/// The pool of small groups no family takes, in `lang`.
fn other_in(lang: Lang) -> &'static str {
    if lang == Lang::En {
        OTHER
    } else {
        lang.text(Msg::PoolOther)
    }
}

/// `{name} (pooled: 3 openings)` in `lang`.
fn pooled_label(name: &str, groups: usize, noun: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return format!("{name} (pooled: {})", plural(groups, noun));
    }
    lang.fill(
        Msg::PoolLabel,
        &[
            ("name", name),
            ("n", &groups.to_string()),
            ("noun", &noun_in(noun, lang)),
        ],
    )
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn u64s(df: &DataFrame, name: &str) -> Result<Vec<u64>, Error> {
    let col = df.column(name)?.cast(&DataType::UInt64)?;
    Ok(col.u64()?.iter().map(|v| v.unwrap_or(0)).collect())
}

/// Pools the groups of `df` under `p.min` (see the module documentation). The frame
/// returned has the label, the count columns (u32) and `<noun>s` (u32: groups in the row);
/// the groups that reach the minimum first in their order, then the family pools by
/// family, then “other”.
pub(crate) fn pool(df: &DataFrame, p: &Pooling) -> Result<Pooled, Error> {
    let label_col = df.column(p.label)?.cast(&DataType::String)?;
    let labels: Vec<String> = label_col
        .str()?
        .iter()
        .map(|v| v.unwrap_or("").to_owned())
        .collect();
    let counts: Vec<Vec<u64>> = p
        .counts
        .iter()
        .map(|c| u64s(df, c))
        .collect::<Result<_, _>>()?;
    let sample = u64s(df, p.sample)?;
    let min = u64::from(p.min);

    // Rows: (label, counts, groups).
    let mut rows: Vec<(String, Vec<u64>, u64)> = Vec::new();
    let mut families: Vec<(String, Vec<u64>, u64, u64)> = Vec::new();
    let mut other = (vec![0u64; counts.len()], 0u64);
    let mut small = 0usize;
    for i in 0..labels.len() {
        let row: Vec<u64> = counts.iter().map(|c| c[i]).collect();
        if sample[i] >= min {
            rows.push((labels[i].clone(), row, 1));
            continue;
        }
        small += 1;
        let family = p.family.and_then(|(f, _)| f(&labels[i], p.lang));
        match family {
            Some(fam) => {
                let at = match families.iter().position(|f| f.0 == fam) {
                    Some(at) => at,
                    None => {
                        families.push((fam, vec![0; counts.len()], 0, 0));
                        families.len() - 1
                    }
                };
                let f = &mut families[at];
                f.1.iter_mut().zip(&row).for_each(|(a, b)| *a += b);
                f.2 += 1;
                f.3 += sample[i];
            }
            None => {
                other.0.iter_mut().zip(&row).for_each(|(a, b)| *a += b);
                other.1 += 1;
            }
        }
    }
    families.sort_by(|a, b| a.0.cmp(&b.0));
    let mut family_rows = 0;
    for (fam, row, groups, fam_sample) in families {
        if fam_sample >= min {
            let name = pooled_label(&fam, groups as usize, p.noun, p.lang);
            rows.push((name, row, groups));
            family_rows += 1;
        } else {
            other.0.iter_mut().zip(&row).for_each(|(a, b)| *a += b);
            other.1 += groups;
        }
    }
    if other.1 > 0 {
        let name = pooled_label(other_in(p.lang), other.1 as usize, p.noun, p.lang);
        rows.push((name, other.0, other.1));
    }

    let mut columns: Vec<Column> = vec![Column::new(
        p.label.into(),
        rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
    )];
    for (k, name) in p.counts.iter().enumerate() {
        columns.push(Column::new(
            (*name).into(),
            rows.iter().map(|r| r.1[k] as u32).collect::<Vec<_>>(),
        ));
    }
    columns.push(Column::new(
        format!("{}s", p.noun).into(),
        rows.iter().map(|r| r.2 as u32).collect::<Vec<_>>(),
    ));
    let frame = DataFrame::new(rows.len(), columns)?;

    let lang = p.lang;
    let note = if lang != Lang::En {
        let noun = noun_in(p.noun, lang);
        let min = p.min.to_string();
        match p.family {
            _ if small == 0 => lang.fill(Msg::PoolEvery, &[("noun", &noun), ("min", &min)]),
            Some((_, what)) if family_rows > 0 => lang.fill(
                Msg::PoolByFamily,
                &[
                    ("n", &small.to_string()),
                    ("noun", &noun),
                    ("min", &min),
                    ("family", &noun_in(what, lang)),
                    ("other", other_in(lang)),
                ],
            ),
            _ => lang.fill(
                Msg::PoolIntoOther,
                &[
                    ("n", &small.to_string()),
                    ("noun", &noun),
                    ("min", &min),
                    ("other", other_in(lang)),
                ],
            ),
        }
    } else if small == 0 {
        format!(
            "every {} has at least {} with a result",
            p.noun,
            plural(p.min as usize, "game")
        )
    } else {
        let by_family = match p.family {
            Some((_, what)) if family_rows > 0 => format!(" by {what}, the rest"),
            _ => String::new(),
        };
        format!(
            "{} with fewer than {} with a result pooled{by_family} into \"{OTHER}\"",
            plural(small, p.noun),
            plural(p.min as usize, "game")
        )
    };
    Ok(Pooled { frame, note })
}

/// The rows of `df` whose `sample` column reaches `min` (what a chart of shares shows).
pub(crate) fn at_least(df: &DataFrame, sample: &str, min: u32) -> Result<DataFrame, Error> {
    Ok(df
        .clone()
        .lazy()
        .filter(
            col(sample)
                .cast(DataType::UInt64)
                .gt_eq(lit(u64::from(min))),
        )
        .collect()?)
}

/// Most bars a bar chart draws; the rest are counted in its title.
pub const MAX_BARS: usize = 30;

/// Thousands separated by commas: `11,592`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// For a bar chart: the `n` rows of `df` with the largest `value` (ties in label order), as
/// `label` (str) and `value` (f64) columns; and the note counting the rest, with their sum
/// of `value` (what it counts named by `counted`, plural: `findings`; `None` when nothing
/// was cut). The rest is not a bar: a long tail summed into
/// one would dwarf the bars it follows.
pub(crate) fn largest(
    df: &DataFrame,
    label: &str,
    value: &str,
    n: usize,
    noun: &str,
    counted: &str,
    lang: Lang,
) -> Result<(DataFrame, Option<String>), Error> {
    let labels = df.column(label)?.cast(&DataType::String)?;
    let labels: Vec<String> = labels
        .str()?
        .iter()
        .map(|v| v.unwrap_or("").to_owned())
        .collect();
    let values = df.column(value)?.cast(&DataType::Float64)?;
    let values: Vec<f64> = values.f64()?.iter().map(|v| v.unwrap_or(0.0)).collect();
    let mut rows: Vec<(String, f64)> = labels.into_iter().zip(values).collect();
    let note = if rows.len() > n {
        rows.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let rest: Vec<(String, f64)> = rows.split_off(n);
        let sum: f64 = rest.iter().map(|r| r.1).sum();
        if lang != Lang::En {
            let note = lang.fill(
                Msg::LongTail,
                &[
                    ("n", &n.to_string()),
                    ("noun", &noun_in(noun, lang)),
                    ("more", &grouped(rest.len() as u64)),
                    ("sum", &grouped(sum.round() as u64)),
                    ("counted", &noun_in(counted, lang)),
                ],
            );
            return largest_frame(label, value, &rows).map(|f| (f, Some(note)));
        }
        let more = if rest.len() == 1 {
            format!("1 more {noun}")
        } else {
            format!("{} more {noun}s", grouped(rest.len() as u64))
        };
        Some(format!(
            "the {n} {noun}s with the most; {more} with {} {counted} in all, not drawn",
            grouped(sum.round() as u64)
        ))
    } else {
        None
    };
    Ok((largest_frame(label, value, &rows)?, note))
}

/// The `label` and `value` columns of the bars [`largest`] keeps.
fn largest_frame(label: &str, value: &str, rows: &[(String, f64)]) -> Result<DataFrame, Error> {
    Ok(DataFrame::new(
        rows.len(),
        vec![
            Column::new(
                label.into(),
                rows.iter().map(|r| r.0.as_str()).collect::<Vec<_>>(),
            ),
            Column::new(value.into(), rows.iter().map(|r| r.1).collect::<Vec<_>>()),
        ],
    )?)
}

/// The rows of a pooled frame a chart draws: those whose `sample` reaches `min`, and of
/// them at most `n`: every pool (`groups` above 1) and the single groups in the frame's
/// order (most games first). With the note when single groups were left out.
pub(crate) fn drawn(
    df: &DataFrame,
    sample: &str,
    groups: &str,
    min: u32,
    n: usize,
    lang: Lang,
) -> Result<(DataFrame, Option<String>), Error> {
    let shown = at_least(df, sample, min)?;
    if shown.height() <= n {
        return Ok((shown, None));
    }
    let sizes = u64s(&shown, groups)?;
    let pools = sizes.iter().filter(|&&g| g > 1).count();
    let room = n.saturating_sub(pools);
    let mut singles = 0;
    let keep: BooleanChunked = sizes
        .iter()
        .map(|&g| {
            if g > 1 {
                true
            } else {
                singles += 1;
                singles <= room
            }
        })
        .collect();
    let left_out = singles.saturating_sub(room);
    let frame = shown.filter(&keep)?;
    let note = if lang == Lang::En {
        format!("the {room} largest drawn, {left_out} more in the table")
    } else {
        lang.fill(
            Msg::LargestDrawn,
            &[("room", &room.to_string()), ("more", &left_out.to_string())],
        )
    };
    Ok((frame, Some(note)))
}

/// `num / of` as f64, null where `of` is zero.
pub(crate) fn share(num: &str, of: &str) -> Expr {
    when(col(of).gt(lit(0)))
        .then(col(num).cast(DataType::Float64) / col(of).cast(DataType::Float64))
        .otherwise(lit(NULL).cast(DataType::Float64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(f: &'a DataFrame, column: &str) -> Vec<&'a str> {
        f.column(column)
            .unwrap()
            .str()
            .unwrap()
            .iter()
            .flatten()
            .collect()
    }

    fn counts(f: &DataFrame, column: &str) -> Vec<u32> {
        f.column(column)
            .unwrap()
            .u32()
            .unwrap()
            .iter()
            .flatten()
            .collect()
    }

    fn family(code: &str, _: Lang) -> Option<String> {
        code.get(..1).map(str::to_owned)
    }

    fn frame() -> DataFrame {
        df!(
            "opening" => ["B05", "B07", "A61", "A53", "A29", "C47", "(none)"],
            "results" => [16u32, 8, 3, 3, 2, 2, 1],
            "red_wins" => [7u32, 4, 2, 0, 2, 2, 1],
        )
        .unwrap()
    }

    fn pooling() -> Pooling<'static> {
        Pooling {
            label: "opening",
            sample: "results",
            min: 5,
            counts: &["results", "red_wins"],
            family: Some((family, "ECCO family")),
            noun: "opening",
            lang: Lang::En,
        }
    }

    #[test]
    fn small_groups_pool_by_family_then_into_other() {
        let pooled = pool(&frame(), &pooling()).unwrap();
        let f = &pooled.frame;
        let labels = texts(f, "opening");
        // A61 + A53 + A29 = 8 results reach 5; C47 (2) and the family-less (none) (1) do not.
        assert_eq!(
            labels,
            [
                "B05",
                "B07",
                "A (pooled: 3 openings)",
                "other (pooled: 2 openings)"
            ]
        );
        let results = counts(f, "results");
        assert_eq!(results, [16, 8, 8, 3]);
        let wins = counts(f, "red_wins");
        assert_eq!(wins, [7, 4, 4, 3]);
        let groups = counts(f, "openings");
        assert_eq!(groups, [1, 1, 3, 2]);
        assert_eq!(
            pooled.note,
            "5 openings with fewer than 5 games with a result pooled by ECCO family, the rest into \"other\""
        );
        let shown = at_least(f, "results", 5).unwrap();
        assert_eq!(shown.height(), 3);
    }

    #[test]
    fn largest_keeps_the_top_bars_and_counts_the_rest() {
        let df = df!(
            "event" => ["a", "b", "c", "d"],
            "total" => [3u32, 9, 2, 9],
        )
        .unwrap();
        let (top, note) = largest(&df, "event", "total", 2, "event", "findings", Lang::En).unwrap();
        // The long tail is no bar: it is counted in the note.
        let labels = texts(&top, "event");
        assert_eq!(labels, ["b", "d"]);
        let totals: Vec<f64> = top
            .column("total")
            .unwrap()
            .f64()
            .unwrap()
            .iter()
            .flatten()
            .collect();
        assert_eq!(totals, [9.0, 9.0]);
        assert_eq!(
            note.unwrap(),
            "the 2 events with the most; 2 more events with 5 findings in all, not drawn"
        );
        let (_, note) = largest(&df, "event", "total", 3, "event", "findings", Lang::En).unwrap();
        assert_eq!(
            note.unwrap(),
            "the 3 events with the most; 1 more event with 2 findings in all, not drawn"
        );
        let (all, note) = largest(&df, "event", "total", 4, "event", "findings", Lang::En).unwrap();
        assert_eq!(all.height(), 4);
        assert!(note.is_none());
    }

    #[test]
    fn a_long_tail_is_counted_with_thousands_grouped() {
        let events: Vec<String> = (0..11_622).map(|k| format!("e{k:05}")).collect();
        let totals: Vec<u32> = (0..11_622u32)
            .map(|k| if k < 30 { 500 } else { 2 })
            .collect();
        let df = df!("event" => events, "total" => totals).unwrap();
        let (top, note) = largest(
            &df,
            "event",
            "total",
            MAX_BARS,
            "event",
            "findings",
            Lang::En,
        )
        .unwrap();
        assert_eq!(top.height(), 30);
        assert_eq!(
            note.unwrap(),
            "the 30 events with the most; 11,592 more events with 23,184 findings in all, not drawn"
        );
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn drawn_keeps_every_pool_and_the_largest_single_groups() {
        let df = df!(
            "opening" => ["B05", "B07", "A61", "ECCO C (pooled: 3 openings)", "other (pooled: 2 openings)"],
            "results" => [16u32, 8, 6, 9, 3],
            "openings" => [1u32, 1, 1, 3, 2],
        )
        .unwrap();
        // “other” has 3 results: under the minimum, not drawn.
        let (all, cut) = drawn(&df, "results", "openings", 5, 10, Lang::En).unwrap();
        assert_eq!(all.height(), 4);
        assert!(cut.is_none());
        let (some, cut) = drawn(&df, "results", "openings", 5, 3, Lang::En).unwrap();
        let labels = texts(&some, "opening");
        assert_eq!(labels, ["B05", "B07", "ECCO C (pooled: 3 openings)"]);
        assert_eq!(cut.unwrap(), "the 2 largest drawn, 1 more in the table");
    }

    #[test]
    fn nothing_small_pools_nothing() {
        let mut p = pooling();
        p.min = 1;
        let pooled = pool(&frame(), &p).unwrap();
        assert_eq!(pooled.frame.height(), 7);
        assert_eq!(
            pooled.note,
            "every opening has at least 1 game with a result"
        );
    }
}
