//! Charts drawn with plotters from analysis tables, each as SVG and PNG.
//!
//! A chart reads its rows once ([`Rows`], [`crate::chart_spec`]) and draws them on both
//! backends ([`crate::plot`]).
//! Every chart holds for any number of rows: none (or nothing worth drawing) gives a
//! “no data” panel, one row a full-height bar, never a negative size. Sides are coloured
//! as the game colours them ([`crate::sides`]); histograms have integer bins and ticks;
//! PNG text is set in a CJK-capable font ([`crate::fonts`]).
//!
//! A title may carry a note after ` — ` (the minimum sample, how groups were pooled): the
//! chart draws it as a second line under the title.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use polars::prelude::*;

use crate::chart_error::ChartError;
use crate::chart_spec::{Bin, ChartSpec, Rows, ScoreRow, Signs};
use crate::fonts::{chart_font, family_of, ChartFont, FAMILY};
use crate::lang::{Lang, Msg};
use crate::plot::{header_height, header_lines, render, title_step, Layout, NARROW, WIDE};
use crate::raster::PngBackend;
use crate::Error;

/// Why a frame with rows still draws nothing.
const NOTHING_TO_DRAW: &str = "no value to draw for the games selected";
/// Why an empty frame draws nothing.
const NO_ROWS: &str = "nothing to show for the games selected";
/// Why an empty frame of a chart with a minimum sample (its note) draws nothing.
const UNDER_MINIMUM: &str = "too few games for the minimum stated above";

fn strings(df: &DataFrame, name: &str) -> Result<Vec<String>, Error> {
    let col = df.column(name)?;
    (0..df.height())
        .map(|i| {
            let v = col.get(i)?;
            Ok(match v {
                AnyValue::Null => String::new(),
                v => v.str_value().into_owned(),
            })
        })
        .collect()
}

/// A numeric column; nulls and non-finite values are `None`.
fn numbers(df: &DataFrame, name: &str) -> Result<Vec<Option<f64>>, Error> {
    let col = df.column(name)?.cast(&DataType::Float64)?;
    let ca = col.f64()?;
    Ok((0..df.height())
        .map(|i| ca.get(i).filter(|v| v.is_finite()))
        .collect())
}

/// Most bins a histogram draws; more are merged into round multiples of the width.
const MAX_BINS: i64 = 40;

/// Integer bins from `(from, to inclusive, count)` rows: widened to the smallest of 1, 2,
/// 5, 10, 20, 50… times the rows' own width that gives at most [`MAX_BINS`] bins over the
/// range, aligned on multiples of the width; empty bins left out.
pub(crate) fn integer_bins(rows: &[(i64, i64, u64)]) -> Vec<Bin> {
    let rows: Vec<_> = rows.iter().filter(|r| r.2 > 0).collect();
    let Some(base) = rows.iter().map(|r| (r.1 - r.0 + 1).max(1)).min() else {
        return Vec::new();
    };
    let lo = rows.iter().map(|r| r.0).min().unwrap_or(0);
    let hi = rows.iter().map(|r| r.1 + 1).max().unwrap_or(lo + 1);
    let count = |w: i64| (hi - 1).div_euclid(w) - lo.div_euclid(w) + 1;
    let width = (0..18)
        .flat_map(|e| {
            [1i64, 2, 5]
                .into_iter()
                .filter_map(move |step| base.checked_mul(step)?.checked_mul(10i64.checked_pow(e)?))
        })
        .find(|&w| count(w) <= MAX_BINS)
        .unwrap_or((hi - lo).max(1));
    let mut bins: Vec<Bin> = Vec::new();
    for r in rows {
        let start = r.0.div_euclid(width) * width;
        let signs = Signs::of(r.0, r.1, r.2);
        match bins.iter_mut().find(|b| b.start == start) {
            Some(b) => {
                b.count += r.2;
                b.signs.add(signs);
            }
            None => bins.push(Bin {
                start,
                end: start + width,
                count: r.2,
                signs,
            }),
        }
    }
    bins.sort_by_key(|b| b.start);
    bins
}

fn read(spec: &ChartSpec, df: &DataFrame) -> Result<Rows, Error> {
    let rows = match spec {
        ChartSpec::ScoreBars {
            label,
            value,
            low,
            high,
            ..
        } => {
            let (l, v, lo, hi) = (
                strings(df, label)?,
                numbers(df, value)?,
                numbers(df, low)?,
                numbers(df, high)?,
            );
            Rows::Score(
                (0..l.len())
                    .filter_map(|i| {
                        let value = v[i]?.clamp(0.0, 1.0);
                        Some(ScoreRow {
                            label: l[i].clone(),
                            value,
                            low: lo[i].unwrap_or(value).clamp(0.0, value),
                            high: hi[i].unwrap_or(value).clamp(value, 1.0),
                        })
                    })
                    .collect(),
            )
        }
        ChartSpec::StackedShares { label, shares, .. } => {
            let all = strings(df, label)?;
            let columns: Vec<Vec<Option<f64>>> = shares
                .iter()
                .map(|(c, _)| numbers(df, c))
                .collect::<Result<_, _>>()?;
            // A row without any share (no game with a result) has nothing to stack.
            let keep: Vec<usize> = (0..all.len())
                .filter(|&i| columns.iter().any(|c| c[i].is_some_and(|v| v > 0.0)))
                .collect();
            Rows::Stacked {
                labels: keep.iter().map(|&i| all[i].clone()).collect(),
                series: shares
                    .iter()
                    .zip(&columns)
                    .map(|((_, side), c)| {
                        let values = keep.iter().map(|&i| c[i].unwrap_or(0.0).max(0.0));
                        (*side, values.collect())
                    })
                    .collect(),
            }
        }
        ChartSpec::Histogram {
            from, to, count, ..
        } => {
            let (f, t, c) = (numbers(df, from)?, numbers(df, to)?, numbers(df, count)?);
            let rows: Vec<(i64, i64, u64)> = (0..f.len())
                .filter_map(|i| {
                    let a = f[i]?.round() as i64;
                    let b = (t[i]?.round() as i64).max(a);
                    Some((a, b, c[i]?.max(0.0).round() as u64))
                })
                .collect();
            Rows::Hist(integer_bins(&rows))
        }
        ChartSpec::Bars { label, value, .. } => {
            let (l, v) = (strings(df, label)?, numbers(df, value)?);
            Rows::Bars(
                l.into_iter()
                    .zip(v)
                    .map(|(l, v)| (l, v.unwrap_or(0.0).max(0.0)))
                    .collect(),
            )
        }
        ChartSpec::Line { x, y, .. } => {
            let (xs, ys) = (numbers(df, x)?, numbers(df, y)?);
            let mut pts: Vec<(f64, f64)> = xs
                .into_iter()
                .zip(ys)
                .filter_map(|(x, y)| Some((x?, y?)))
                .collect();
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            Rows::Line(pts)
        }
    };
    let empty = match &rows {
        Rows::Score(v) => v.is_empty(),
        Rows::Stacked { labels, .. } => labels.is_empty(),
        Rows::Hist(v) => v.is_empty(),
        Rows::Bars(v) => v.iter().all(|r| r.1 <= 0.0),
        Rows::Line(v) => v.is_empty(),
        Rows::Empty(_) => true,
    };
    Ok(if empty {
        Rows::Empty(NOTHING_TO_DRAW)
    } else {
        rows
    })
}

/// The chart's rows, or the “no data” reason of an empty frame.
pub(crate) fn rows(spec: &ChartSpec, df: &DataFrame, lang: Lang) -> Result<Rows, Error> {
    let why = |english: &'static str, msg: Msg| {
        if lang == Lang::En {
            english
        } else {
            lang.text(msg)
        }
    };
    if df.height() == 0 {
        // The columns are still checked: a misnamed column is an error, not “no data”.
        read(spec, df)?;
        let noted = spec.title().contains(" — ");
        return Ok(Rows::Empty(if noted {
            why(UNDER_MINIMUM, Msg::ChartUnderMinimum)
        } else {
            why(NO_ROWS, Msg::ChartNoRows)
        }));
    }
    Ok(match read(spec, df)? {
        Rows::Empty(_) => Rows::Empty(why(NOTHING_TO_DRAW, Msg::ChartNothingToDraw)),
        rows => rows,
    })
}

/// The canvas of a chart in `layout`: the wide one 900 wide, tall enough for its rows;
/// the narrow one 320 wide, its header as tall as its wrapped title and note need.
pub(crate) fn size(rows: &Rows, title: &str, layout: &Layout) -> (u32, u32) {
    let n = |k: usize| k.min(400) as u32;
    if layout.width >= WIDE.width {
        // A title too long for one line takes room of its own, not the plot's.
        let (title_lines, _) = header_lines(title, layout);
        let extra = title_lines.saturating_sub(1) as u32 * title_step(layout);
        return (
            WIDE.width,
            extra
                + match rows {
                    Rows::Empty(_) => 240,
                    Rows::Score(v) => 170 + 30 * n(v.len()),
                    Rows::Stacked { labels, .. } => 170 + 30 * n(labels.len()),
                    Rows::Bars(v) => 140 + 28 * n(v.len()),
                    Rows::Hist(_) | Rows::Line(_) => 460,
                },
        );
    }
    // The body under the header: the plot, its axis and a legend of up to two rows.
    let body = match rows {
        Rows::Empty(_) => 190,
        Rows::Score(v) => 150 + 26 * n(v.len()),
        Rows::Stacked { labels, .. } => 150 + 26 * n(labels.len()),
        Rows::Bars(v) => 70 + 26 * n(v.len()),
        Rows::Hist(_) | Rows::Line(_) => 330,
    };
    (layout.width, header_height(title, layout) + body)
}

/// A file stem safe on every file system: letters, digits, `-`, `_`.
pub(crate) fn safe_stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() {
        "chart".to_string()
    } else {
        s
    }
}

fn chart_err<E: std::error::Error + Send + Sync + 'static>(e: E) -> Error {
    Error::Chart(ChartError::draw(e))
}

/// Draw one chart as SVG and PNG (same name, .svg/.png) into dir; returns the two paths.
/// An empty frame, or one with nothing worth drawing, draws a “no data” panel.
pub fn draw(
    spec: &ChartSpec,
    df: &DataFrame,
    dir: &Path,
    name: &str,
) -> Result<(PathBuf, PathBuf), Error> {
    draw_in(spec, df, dir, name, Lang::En)
}

/// [`draw`] with the chart's own words (legends, axes, “no data”) in `lang`.
pub fn draw_in(
    spec: &ChartSpec,
    df: &DataFrame,
    dir: &Path,
    name: &str,
    lang: Lang,
) -> Result<(PathBuf, PathBuf), Error> {
    chart_font()?;
    std::fs::create_dir_all(dir).map_err(|err| Error::Io(dir.to_path_buf(), err))?;
    let rows = rows(spec, df, lang)?;
    let stem = safe_stem(name);
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    let dim = size(&rows, spec.title(), &WIDE);
    {
        let root = SVGBackend::new(&svg, dim).into_drawing_area();
        render(&root, spec, &rows, &WIDE, FAMILY, lang).map_err(Error::Chart)?;
        root.present().map_err(chart_err)?;
    }
    {
        let root = PngBackend::new(BitMapBackend::new(&png, dim)).into_drawing_area();
        render(&root, spec, &rows, &WIDE, FAMILY, lang).map_err(Error::Chart)?;
        root.present().map_err(chart_err)?;
    }
    Ok((svg, png))
}

/// The stem of a chart's narrow drawing (for phones) beside the wide one.
pub(crate) fn narrow_stem(stem: &str) -> String {
    format!("{stem}-narrow")
}

/// Draws one chart as SVG in the narrow layout (320 px wide, for phones) into dir, named
/// after `name` with [`narrow_stem`]; returns the path.
pub fn draw_narrow(
    spec: &ChartSpec,
    df: &DataFrame,
    dir: &Path,
    name: &str,
    lang: Lang,
) -> Result<PathBuf, Error> {
    chart_font()?;
    std::fs::create_dir_all(dir).map_err(|err| Error::Io(dir.to_path_buf(), err))?;
    let rows = rows(spec, df, lang)?;
    let svg = dir.join(format!("{}.svg", narrow_stem(&safe_stem(name))));
    let layout: &Layout = &NARROW;
    {
        let root = SVGBackend::new(&svg, size(&rows, spec.title(), layout)).into_drawing_area();
        render(&root, spec, &rows, layout, FAMILY, lang).map_err(Error::Chart)?;
        root.present().map_err(chart_err)?;
    }
    Ok(svg)
}

/// Draws one chart as PNG only, its text set in `font` whatever [`chart_font`] chose (to
/// compare the system font with the bundled one).
pub fn draw_png_with(
    spec: &ChartSpec,
    df: &DataFrame,
    font: &ChartFont,
    path: &Path,
) -> Result<(), Error> {
    let family = family_of(font)?;
    let rows = rows(spec, df, Lang::En)?;
    let dim = size(&rows, spec.title(), &WIDE);
    let root = PngBackend::new(BitMapBackend::new(path, dim)).into_drawing_area();
    render(&root, spec, &rows, &WIDE, &family, Lang::En).map_err(Error::Chart)?;
    root.present().map_err(chart_err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_value_keeps_its_own_integer_bin() {
        assert_eq!(
            integer_bins(&[(60, 64, 1)]),
            [Bin {
                start: 60,
                end: 65,
                count: 1,
                signs: Signs {
                    above: 1,
                    zero: 0,
                    below: 0
                }
            }]
        );
    }

    #[test]
    fn many_bins_merge_into_round_multiples() {
        // 0..=399 in bins of 1: 400 bins → width 10, 40 bins.
        let rows: Vec<(i64, i64, u64)> = (0..400).map(|v| (v, v, 1)).collect();
        let bins = integer_bins(&rows);
        assert_eq!(bins.len(), 40);
        assert!(bins.iter().all(|b| b.end - b.start == 10 && b.count == 10));
        // Bins of 5 over 0..=999: width 25 (5 × 5) would still give 40: 1000/25 = 40.
        let rows: Vec<(i64, i64, u64)> = (0..200).map(|k| (5 * k, 5 * k + 4, 2)).collect();
        let bins = integer_bins(&rows);
        assert!(bins.len() as i64 <= MAX_BINS);
        assert_eq!(bins.iter().map(|b| b.count).sum::<u64>(), 400);
        assert!(bins.iter().all(|b| (b.end - b.start) % 5 == 0));
    }

    #[test]
    fn a_bin_counts_its_values_by_sign() {
        // Margins in bins of 1 from -120 to 79 merge into 40 bins of 5. The bin [0, 5)
        // holds 5 level games and 13 won by the side above (the user's 18 games).
        let rows = [
            (-120, -120, 1),
            (-3, -3, 2),
            (0, 0, 5),
            (1, 1, 4),
            (4, 4, 9),
            (79, 79, 1),
        ];
        let bins = integer_bins(&rows);
        let at = |start: i64| bins.iter().find(|b| b.start == start).copied();
        let signs = |above, zero, below| Signs { above, zero, below };
        assert_eq!(
            at(0),
            Some(Bin {
                start: 0,
                end: 5,
                count: 18,
                signs: signs(13, 5, 0)
            })
        );
        assert_eq!(at(-5).map(|b| b.signs), Some(signs(0, 0, 2)));
        assert_eq!(at(75).map(|b| b.signs), Some(signs(1, 0, 0)));
        // A row the analysis binned across zero cannot be split: it counts as at zero.
        assert_eq!(integer_bins(&[(-2, 2, 3)])[0].signs, signs(0, 3, 0));
    }

    #[test]
    fn negative_values_bin_below_zero() {
        let bins = integer_bins(&[(-5, -1, 3), (0, 4, 2)]);
        assert_eq!(bins[0].start, -5);
        assert_eq!(bins[0].end, 0);
        assert_eq!(bins[1].start, 0);
    }
}
