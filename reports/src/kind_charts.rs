//! A registry table's chart ([`kifu_analysis::ChartDef`]) as the report and the site draw
//! it: what to draw ([`ChartSpec`]), the rows drawn (small samples pooled or left out, as
//! its title says) and its file stem.

use kifu_analysis::positions::wilson;
use kifu_analysis::{ChartDef, ChartKind};
use kifu_facts::{GameKind, ResultName};
use polars::prelude::*;

use crate::chart_spec::ChartSpec;
use crate::kind_tables::xiangqi_pooled_results;
use crate::lang::{Lang, Msg};
use crate::openings::opening_label;
use crate::pooling::{
    at_least, drawn, pool, share, FamilyOf, Pooling, MAX_BARS, MIN_CURVE_GAMES, MIN_RESULTS,
};
use crate::sides::sides;
use crate::Error;

/// A chart: what to draw, from which rows, under which file stem.
pub(crate) type Chart = (ChartSpec, DataFrame, String);

/// The chart `chart` of a table of `kind` whose rows are `rows`.
pub(crate) fn kind_chart(
    kind: GameKind,
    chart: &ChartDef,
    rows: &DataFrame,
    public: bool,
    lang: Lang,
) -> Result<Chart, Error> {
    let stem = chart.stem.to_owned();
    let title = lang.text(chart.title);
    Ok(match chart.kind {
        ChartKind::RenjuScore { by } => renju_score_chart(rows, by, title, stem, lang)?,
        ChartKind::PooledShares { by } => pooled_shares_chart(
            kind,
            title,
            by,
            &pooled_shares(rows, kind, by, lang)?,
            stem,
            lang,
        )?,
        ChartKind::XiangqiOpeningShares => {
            let (results, note) = xiangqi_pooled_results(rows, lang)?;
            let (frame, cut) = drawn(&results, "results", "openings", MIN_RESULTS, MAX_BARS, lang)?;
            // The public reads an opening by its name, the code after it.
            let frame = if public {
                named_openings(frame, kind, lang)?
            } else {
                frame
            };
            (
                shares_chart(
                    &format!("{title} — {}", chart_note(&note, cut, lang)),
                    "opening",
                    [
                        ("red_share", ResultName::Red),
                        ("draw_share", ResultName::Draw),
                        ("black_share", ResultName::Black),
                    ],
                ),
                frame,
                stem,
            )
        }
        ChartKind::Histogram {
            from,
            to,
            axis,
            balance,
        } => (
            ChartSpec::Histogram {
                // A game length's title names its kind.
                title: lang.fill(
                    if public {
                        in_moves(chart.title)
                    } else {
                        chart.title
                    },
                    &[("kind", lang.kind(kind))],
                ),
                from: from.into(),
                to: to.into(),
                count: "games".into(),
                x_desc: lang.text(if public { in_moves(axis) } else { axis }).into(),
                sides: balance.then(|| two_sides(kind)),
            },
            rows.clone(),
            stem,
        ),
        ChartKind::MaterialCurve => (
            ChartSpec::Line {
                title: lang.count(chart.title, MIN_CURVE_GAMES as usize),
                x: "ply".into(),
                y: "mean_balance".into(),
                x_desc: lang.text(Msg::AxisPly).into(),
                y_desc: lang.text(Msg::RedMinusBlack).into(),
                sides: Some((ResultName::Red, ResultName::Black)),
            },
            at_least(rows, "games", MIN_CURVE_GAMES)?,
            stem,
        ),
        ChartKind::SeatShares => seat_chart(kind, chart.title, rows, stem, lang)?,
        ChartKind::Bars { label, value } => (
            ChartSpec::Bars {
                title: title.into(),
                label: label.into(),
                value: value.into(),
            },
            rows.clone(),
            stem,
        ),
    })
}

/// `frame` with each opening code of its `opening` column written as its name, the code
/// after it (`中炮对屏风马 C42`); a label that is not a code (a pool) stays.
fn named_openings(frame: DataFrame, kind: GameKind, lang: Lang) -> Result<DataFrame, Error> {
    let labels: Vec<Option<String>> = frame
        .column("opening")?
        .str()?
        .iter()
        // A family letter alone is a pool's, already named.
        .map(|l| {
            l.map(|l| {
                if l.len() > 1 {
                    opening_label(kind, l, lang)
                } else {
                    l.to_owned()
                }
            })
        })
        .collect();
    let mut frame = frame;
    frame.with_column(Column::new("opening".into(), labels))?;
    Ok(frame)
}

/// A title or axis said in plies as the public edition says it: in moves (each side's
/// move one).
fn in_moves(text: Msg) -> Msg {
    match text {
        Msg::AxisPlies => Msg::AxisMoves,
        Msg::AxisPly => Msg::AxisMove,
        Msg::XiangqiFirstCapture => Msg::XiangqiFirstCaptureMove,
        other => other,
    }
}

/// Whether a chart's bars would all be the games without a value (`(none)`): one bar of
/// nothing in particular says nothing, so it is not drawn.
pub(crate) fn only_none(chart: &ChartDef, rows: &DataFrame) -> bool {
    let Some(column) = chart.kind.group_column() else {
        return false;
    };
    let Ok(values) = rows.column(column).and_then(|c| c.cast(&DataType::String)) else {
        return false;
    };
    let Ok(values) = values.str() else {
        return false;
    };
    !values.is_empty() && values.iter().all(|v| v == Some(kifu_analysis::NONE))
}

/// The first mover and the other side of a two-sided game.
fn two_sides(kind: GameKind) -> (ResultName, ResultName) {
    let s = sides(kind);
    (s[0], s[1])
}

/// What a chart of shares or scores says about its minimum, and about the rows it left
/// out when there were too many.
fn chart_note(note: &str, cut: Option<String>, lang: Lang) -> String {
    let drawn = lang.fill(
        Msg::ChartMinimumNote,
        &[("note", note), ("min", &MIN_RESULTS.to_string())],
    );
    match cut {
        Some(cut) => format!("{drawn}; {cut}"),
        None => drawn,
    }
}

/// Result shares per group as a stacked bar, each share in its side's colour.
fn shares_chart(title: &str, label: &str, shares: [(&str, ResultName); 3]) -> ChartSpec {
    ChartSpec::StackedShares {
        title: title.into(),
        label: label.into(),
        shares: shares
            .into_iter()
            .map(|(c, side)| (c.to_string(), side))
            .collect(),
    }
}

/// `result_shares` of `kind` by `by` with the groups under [`MIN_RESULTS`] pooled into “other”,
/// the shares recomputed; and the note saying so.
fn pooled_shares(
    df: &DataFrame,
    kind: GameKind,
    by: &str,
    lang: Lang,
) -> Result<(DataFrame, String), Error> {
    // The kind's score columns name its sides' wins (Renju `black_wins`, `white_wins`).
    let [games, results, first_wins, second_wins, draws, ..] = kifu_analysis::score_columns(kind);
    let pooled = pool(
        df,
        &Pooling {
            label: by,
            sample: "results",
            min: MIN_RESULTS,
            counts: &[&games, &results, &first_wins, &second_wins, &draws],
            family: None,
            noun: by,
            lang,
        },
    )?;
    let frame = pooled
        .frame
        .lazy()
        .with_columns([
            share(&first_wins, "results").alias("first_share"),
            share("draws", "results").alias("draw_share"),
            share(&second_wins, "results").alias("second_share"),
        ])
        .collect()?;
    Ok((frame, pooled.note))
}

/// The chart of [`pooled_shares`]: the rows reaching the minimum.
fn pooled_shares_chart(
    kind: GameKind,
    title: &str,
    by: &str,
    pooled: &(DataFrame, String),
    stem: String,
    lang: Lang,
) -> Result<Chart, Error> {
    let (first, second) = two_sides(kind);
    let (frame, cut) = drawn(
        &pooled.0,
        "results",
        &format!("{by}s"),
        MIN_RESULTS,
        MAX_BARS,
        lang,
    )?;
    Ok((
        shares_chart(
            &format!("{title} — {}", chart_note(&pooled.1, cut, lang)),
            by,
            [
                ("first_share", first),
                ("draw_share", ResultName::Draw),
                ("second_share", second),
            ],
        ),
        frame,
        stem,
    ))
}

/// Black's score and its 95% Wilson interval from the counts of a (pooled) Renju frame.
fn with_black_score(df: DataFrame) -> Result<DataFrame, Error> {
    let count = |name: &str| -> Result<Vec<f64>, Error> {
        let c = df.column(name)?.cast(&DataType::Float64)?;
        Ok(c.f64()?.iter().map(|v| v.unwrap_or(0.0)).collect())
    };
    let (wins, draws, results) = (count("black_wins")?, count("draws")?, count("results")?);
    let mut score = Vec::new();
    let (mut low, mut high) = (Vec::new(), Vec::new());
    for i in 0..df.height() {
        if results[i] > 0.0 {
            let p = (wins[i] + draws[i] / 2.0) / results[i];
            let (l, h) = wilson(p, results[i]);
            score.push(Some(p));
            low.push(Some(l));
            high.push(Some(h));
        } else {
            score.push(None);
            low.push(None);
            high.push(None);
        }
    }
    let mut df = df;
    df.with_column(Column::new("black_score".into(), score))?;
    df.with_column(Column::new("wilson_low".into(), low))?;
    df.with_column(Column::new("wilson_high".into(), high))?;
    Ok(df)
}

/// The Renju score chart per `by`: groups under the minimum pooled (canonical openings by
/// direct and indirect), rows reaching it drawn.
fn renju_score_chart(
    by_frame: &DataFrame,
    by: &str,
    title: &str,
    stem: String,
    lang: Lang,
) -> Result<Chart, Error> {
    fn direct_or_indirect(code: &str, lang: Lang) -> Option<String> {
        match code.as_bytes().first() {
            Some(b'D') => Some(lang.text(Msg::DirectOpenings).into()),
            Some(b'I') => Some(lang.text(Msg::IndirectOpenings).into()),
            _ => None,
        }
    }
    let pooled = pool(
        by_frame,
        &Pooling {
            label: by,
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "black_wins", "white_wins", "draws"],
            family: (by == "opening").then_some((
                direct_or_indirect as FamilyOf,
                "direct and indirect openings",
            )),
            noun: by,
            lang,
        },
    )?;
    let scored = with_black_score(pooled.frame)?;
    let (frame, cut) = drawn(
        &scored,
        "results",
        &format!("{by}s"),
        MIN_RESULTS,
        MAX_BARS,
        lang,
    )?;
    Ok((
        ChartSpec::ScoreBars {
            title: format!(
                "{title} {} — {}",
                lang.text(Msg::WilsonInterval),
                chart_note(&pooled.note, cut, lang)
            ),
            label: by.into(),
            value: "black_score".into(),
            low: "wilson_low".into(),
            high: "wilson_high".into(),
            side: ResultName::Black,
        },
        frame,
        stem,
    ))
}

/// ChouChou's wins per seat as stacked shares, the seats and the draw each in its colour
/// (a column nobody won left out), the tables under [`MIN_RESULTS`] results left out.
fn seat_chart(
    kind: GameKind,
    title: Msg,
    seats: &DataFrame,
    stem: String,
    lang: Lang,
) -> Result<Chart, Error> {
    let mut shares = Vec::new();
    for side in sides(kind).into_iter().chain([ResultName::Draw]) {
        let (wins, share) = match side {
            ResultName::Seat(n) => (format!("p{n}_wins"), format!("p{n}_share")),
            _ => ("draws".to_string(), "draw_share".to_string()),
        };
        let total = seats.column(&wins)?.as_materialized_series().sum::<u64>()?;
        if total > 0 {
            shares.push((share, side));
        }
    }
    Ok((
        ChartSpec::StackedShares {
            title: lang.count(title, MIN_RESULTS as usize),
            label: "table".into(),
            shares,
        },
        at_least(seats, "results", MIN_RESULTS)?,
        stem,
    ))
}
