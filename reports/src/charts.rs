//! Charts drawn with plotters from analysis tables, each as SVG and PNG.
//!
//! PNG text is rasterized with DejaVu Sans embedded in the binary (the `dejavu` crate,
//! registered with plotters' `ab_glyph` font backend), so no system font is needed. SVG
//! text stays text: the browser renders it with the page's font stack (CJK names included).

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::FontStyle;
use polars::prelude::*;

use crate::Error;

/// The font family every chart uses; DejaVu Sans is registered under it (and the other
/// generic names plotters may ask for).
const FONT: &str = "sans-serif";

/// A chart request. Column names refer to the DataFrame given.
#[derive(Clone, Debug, PartialEq)]
pub enum ChartSpec {
    /// Win-rate (score) bars with interval whiskers: x labels, value, low, high (0..1).
    ScoreBars {
        title: String,
        label: String,
        value: String,
        low: String,
        high: String,
    },
    /// Stacked result shares per group: label + share columns (each 0..1) with their legend
    /// names.
    StackedShares {
        title: String,
        label: String,
        shares: Vec<(String, String)>,
    },
    /// Histogram from pre-binned rows: from, to, count columns.
    Histogram {
        title: String,
        from: String,
        to: String,
        count: String,
        x_desc: String,
    },
    /// Horizontal bars: label and value columns (findings per event/code).
    Bars {
        title: String,
        label: String,
        value: String,
    },
    /// Line: x and y columns (material curve).
    Line {
        title: String,
        x: String,
        y: String,
        x_desc: String,
        y_desc: String,
    },
}

impl ChartSpec {
    pub fn title(&self) -> &str {
        match self {
            ChartSpec::ScoreBars { title, .. }
            | ChartSpec::StackedShares { title, .. }
            | ChartSpec::Histogram { title, .. }
            | ChartSpec::Bars { title, .. }
            | ChartSpec::Line { title, .. } => title,
        }
    }
}

/// Registers the embedded DejaVu Sans with plotters (once per process).
fn ensure_fonts() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        for family in [FONT, "serif", "monospace", "DejaVu Sans"] {
            let _ =
                plotters::style::register_font(family, FontStyle::Normal, dejavu::sans::regular());
            let _ = plotters::style::register_font(family, FontStyle::Bold, dejavu::sans::bold());
            let _ =
                plotters::style::register_font(family, FontStyle::Oblique, dejavu::sans::oblique());
            let _ =
                plotters::style::register_font(family, FontStyle::Italic, dejavu::sans::oblique());
        }
    });
}

/// The colours of the charts: a calm blue, then a palette for stacked shares.
const ACCENT: RGBColor = RGBColor(47, 110, 186);
const INK: RGBColor = RGBColor(40, 44, 52);
const GRID: RGBColor = RGBColor(225, 228, 234);
const PALETTE: [RGBColor; 8] = [
    RGBColor(47, 110, 186),
    RGBColor(214, 96, 77),
    RGBColor(160, 160, 160),
    RGBColor(92, 168, 98),
    RGBColor(232, 170, 60),
    RGBColor(140, 100, 180),
    RGBColor(70, 170, 190),
    RGBColor(200, 110, 160),
];

/// The rows of a chart, read from the DataFrame once and drawn on both backends.
enum Data {
    Score(Vec<(String, f64, f64, f64)>),
    Stacked {
        labels: Vec<String>,
        series: Vec<(String, Vec<f64>)>,
    },
    Hist(Vec<(f64, f64, f64)>),
    Bars(Vec<(String, f64)>),
    Line(Vec<(f64, f64)>),
}

impl Data {
    fn is_empty(&self) -> bool {
        match self {
            Data::Score(v) => v.is_empty(),
            Data::Stacked { labels, .. } => labels.is_empty(),
            Data::Hist(v) => v.is_empty(),
            Data::Bars(v) => v.is_empty(),
            Data::Line(v) => v.is_empty(),
        }
    }
}

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

fn numbers(df: &DataFrame, name: &str) -> Result<Vec<f64>, Error> {
    let col = df.column(name)?.cast(&DataType::Float64)?;
    let ca = col.f64()?;
    Ok((0..df.height())
        .map(|i| ca.get(i).filter(|v| v.is_finite()).unwrap_or(0.0))
        .collect())
}

fn read(spec: &ChartSpec, df: &DataFrame) -> Result<Data, Error> {
    Ok(match spec {
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
            Data::Score(
                (0..l.len())
                    .map(|i| (l[i].clone(), v[i], lo[i].min(v[i]), hi[i].max(v[i])))
                    .collect(),
            )
        }
        ChartSpec::StackedShares { label, shares, .. } => {
            let labels = strings(df, label)?;
            let mut series = Vec::new();
            for (col, legend) in shares {
                series.push((legend.clone(), numbers(df, col)?));
            }
            Data::Stacked { labels, series }
        }
        ChartSpec::Histogram {
            from, to, count, ..
        } => {
            let (f, t, c) = (numbers(df, from)?, numbers(df, to)?, numbers(df, count)?);
            let mut bins: Vec<(f64, f64, f64)> =
                (0..f.len()).map(|i| (f[i], t[i].max(f[i]), c[i])).collect();
            bins.sort_by(|a, b| a.0.total_cmp(&b.0));
            Data::Hist(bins)
        }
        ChartSpec::Bars { label, value, .. } => {
            let (l, v) = (strings(df, label)?, numbers(df, value)?);
            Data::Bars(l.into_iter().zip(v).collect())
        }
        ChartSpec::Line { x, y, .. } => {
            let (xs, ys) = (numbers(df, x)?, numbers(df, y)?);
            let mut pts: Vec<(f64, f64)> = xs.into_iter().zip(ys).collect();
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            Data::Line(pts)
        }
    })
}

const WIDTH: u32 = 900;

fn size(data: &Data) -> (u32, u32) {
    if data.is_empty() {
        return (WIDTH, 220);
    }
    match data {
        Data::Score(v) => (WIDTH, 110 + 30 * v.len() as u32),
        Data::Stacked { labels, .. } => (WIDTH, 140 + 30 * labels.len() as u32),
        Data::Bars(v) => (WIDTH, 100 + 28 * v.len() as u32),
        Data::Hist(_) | Data::Line(_) => (WIDTH, 440),
    }
}

/// Long labels are cut to keep the label area sane.
fn short(label: &str) -> String {
    const MAX: usize = 34;
    if label.chars().count() <= MAX {
        label.to_string()
    } else {
        let mut s: String = label.chars().take(MAX - 1).collect();
        s.push('…');
        s
    }
}

/// Width of the label area for horizontal bars: wide characters count double.
fn label_area(labels: impl Iterator<Item = String>) -> u32 {
    let w = labels
        .map(|l| {
            short(&l)
                .chars()
                .map(|c| if (c as u32) < 0x2E80 { 8 } else { 15 })
                .sum::<u32>()
        })
        .max()
        .unwrap_or(40);
    (w + 20).clamp(60, 320)
}

type Res = Result<(), String>;

fn e<T: std::fmt::Display>(err: T) -> String {
    err.to_string()
}

fn render<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, spec: &ChartSpec, data: &Data) -> Res
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(e)?;
    let title = spec.title();
    if data.is_empty() {
        let (w, h) = root.dim_in_pixel();
        root.draw(&Text::new(
            title.to_string(),
            (20, 18),
            (FONT, 22).into_font().color(&INK),
        ))
        .map_err(e)?;
        root.draw(&Rectangle::new(
            [(20, 60), (w as i32 - 20, h as i32 - 20)],
            ShapeStyle::from(&GRID).stroke_width(2),
        ))
        .map_err(e)?;
        let style = TextStyle::from((FONT, 26).into_font())
            .color(&RGBColor(140, 146, 158))
            .pos(plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Center,
                plotters::style::text_anchor::VPos::Center,
            ));
        root.draw(&Text::new(
            "no data".to_string(),
            (w as i32 / 2, (h as i32 + 40) / 2),
            style,
        ))
        .map_err(e)?;
        return Ok(());
    }
    let caption = (FONT, 22).into_font().color(&INK);
    match data {
        Data::Score(rows) => {
            let n = rows.len();
            let mut chart = ChartBuilder::on(root)
                .caption(title, caption)
                .margin(14)
                .margin_right(34)
                .x_label_area_size(36)
                .y_label_area_size(label_area(rows.iter().map(|r| r.0.clone())))
                .build_cartesian_2d(0f64..1f64, (0..n - 1).into_segmented())
                .map_err(e)?;
            let labels: Vec<String> = rows.iter().rev().map(|r| short(&r.0)).collect();
            chart
                .configure_mesh()
                .disable_y_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .y_labels(n)
                .y_label_formatter(&|v| seg_label(v, &labels))
                .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
                .x_desc("score (with interval)")
                .label_style((FONT, 13))
                .draw()
                .map_err(e)?;
            chart
                .draw_series(rows.iter().enumerate().map(|(i, r)| {
                    let mut bar = Rectangle::new(
                        [
                            (0.0, SegmentValue::Exact(n - 1 - i)),
                            (r.1.clamp(0.0, 1.0), SegmentValue::Exact(n - i)),
                        ],
                        ACCENT.mix(0.85).filled(),
                    );
                    bar.set_margin(6, 6, 0, 0);
                    bar
                }))
                .map_err(e)?;
            // Whiskers: the interval as a line with caps, the estimate as a dot.
            for (i, r) in rows.iter().enumerate() {
                let (lo, hi) = (r.2.clamp(0.0, 1.0), r.3.clamp(0.0, 1.0));
                let mid = || SegmentValue::CenterOf(n - 1 - i);
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(lo, mid()), (hi, mid())],
                        INK.stroke_width(2),
                    )))
                    .map_err(e)?;
                for x in [lo, hi] {
                    chart
                        .draw_series(std::iter::once(
                            EmptyElement::at((x, mid()))
                                + PathElement::new(vec![(0, -7), (0, 7)], INK.stroke_width(2)),
                        ))
                        .map_err(e)?;
                }
                chart
                    .draw_series(std::iter::once(Circle::new(
                        (r.1.clamp(0.0, 1.0), mid()),
                        4,
                        WHITE.filled(),
                    )))
                    .map_err(e)?;
                chart
                    .draw_series(std::iter::once(Circle::new(
                        (r.1.clamp(0.0, 1.0), mid()),
                        4,
                        INK.stroke_width(2),
                    )))
                    .map_err(e)?;
            }
            // The 50 % line.
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(0.5, SegmentValue::Exact(0)), (0.5, SegmentValue::Exact(n))],
                    RGBColor(214, 96, 77).stroke_width(1),
                )))
                .map_err(e)?;
        }
        Data::Stacked { labels, series } => {
            let n = labels.len();
            let (_, h) = root.dim_in_pixel();
            let (upper, lower) = root.split_vertically(h.saturating_sub(36));
            let area = label_area(labels.iter().cloned());
            let mut chart = ChartBuilder::on(&upper)
                .caption(title, caption)
                .margin(14)
                .margin_right(34)
                .x_label_area_size(36)
                .y_label_area_size(area)
                .build_cartesian_2d(0f64..1f64, (0..n - 1).into_segmented())
                .map_err(e)?;
            let shown: Vec<String> = labels.iter().rev().map(|l| short(l)).collect();
            chart
                .configure_mesh()
                .disable_y_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .y_labels(n)
                .y_label_formatter(&|v| seg_label(v, &shown))
                .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
                .x_desc("share of games")
                .label_style((FONT, 13))
                .draw()
                .map_err(e)?;
            let mut start = vec![0f64; n];
            for (k, (_, values)) in series.iter().enumerate() {
                let color = PALETTE[k % PALETTE.len()];
                let rects: Vec<_> = (0..n)
                    .map(|i| {
                        let v = values.get(i).copied().unwrap_or(0.0).max(0.0);
                        let (a, b) = (start[i], (start[i] + v).min(1.0));
                        start[i] = b;
                        let mut r = Rectangle::new(
                            [
                                (a, SegmentValue::Exact(n - 1 - i)),
                                (b, SegmentValue::Exact(n - i)),
                            ],
                            color.filled(),
                        );
                        r.set_margin(5, 5, 0, 0);
                        r
                    })
                    .collect();
                chart.draw_series(rects).map_err(e)?;
            }
            // The legend in a row under the chart, aligned with the plot.
            let mut x = area as i32 + 14;
            for (k, (legend, _)) in series.iter().enumerate() {
                let color = PALETTE[k % PALETTE.len()];
                lower
                    .draw(&Rectangle::new([(x, 10), (x + 14, 24)], color.filled()))
                    .map_err(e)?;
                lower
                    .draw(&Text::new(
                        legend.clone(),
                        (x + 20, 11),
                        (FONT, 13).into_font().color(&INK),
                    ))
                    .map_err(e)?;
                let wide: i32 = legend
                    .chars()
                    .map(|c| if (c as u32) < 0x2E80 { 8 } else { 14 })
                    .sum();
                x += 44 + wide;
            }
        }
        Data::Hist(bins) => {
            let lo = bins.iter().map(|b| b.0).fold(f64::INFINITY, f64::min);
            let mut hi = bins.iter().map(|b| b.1).fold(f64::NEG_INFINITY, f64::max);
            if hi <= lo {
                hi = lo + 1.0;
            }
            let top = bins.iter().map(|b| b.2).fold(0.0, f64::max).max(1.0) * 1.1;
            let x_desc = match spec {
                ChartSpec::Histogram { x_desc, .. } => x_desc.clone(),
                _ => String::new(),
            };
            let mut chart = ChartBuilder::on(root)
                .caption(title, caption)
                .margin(14)
                .margin_right(34)
                .x_label_area_size(44)
                .y_label_area_size(64)
                .build_cartesian_2d(lo..hi, 0f64..top)
                .map_err(e)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .x_desc(x_desc)
                .y_desc("games")
                .x_label_formatter(&|v| trim_num(*v))
                .y_label_formatter(&|v| trim_num(*v))
                .label_style((FONT, 13))
                .draw()
                .map_err(e)?;
            chart
                .draw_series(bins.iter().map(|&(a, b, c)| {
                    let mut r = Rectangle::new([(a, 0.0), (b, c)], ACCENT.mix(0.85).filled());
                    r.set_margin(0, 0, 1, 1);
                    r
                }))
                .map_err(e)?;
        }
        Data::Bars(rows) => {
            let n = rows.len();
            let max = rows.iter().map(|r| r.1).fold(0.0, f64::max).max(1.0) * 1.12;
            let mut chart = ChartBuilder::on(root)
                .caption(title, caption)
                .margin(14)
                .margin_right(34)
                .x_label_area_size(36)
                .y_label_area_size(label_area(rows.iter().map(|r| r.0.clone())))
                .build_cartesian_2d(0f64..max, (0..n - 1).into_segmented())
                .map_err(e)?;
            let labels: Vec<String> = rows.iter().rev().map(|r| short(&r.0)).collect();
            chart
                .configure_mesh()
                .disable_y_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .y_labels(n)
                .y_label_formatter(&|v| seg_label(v, &labels))
                .x_label_formatter(&|v| trim_num(*v))
                .label_style((FONT, 13))
                .draw()
                .map_err(e)?;
            chart
                .draw_series(rows.iter().enumerate().map(|(i, r)| {
                    let mut bar = Rectangle::new(
                        [
                            (0.0, SegmentValue::Exact(n - 1 - i)),
                            (r.1.max(0.0), SegmentValue::Exact(n - i)),
                        ],
                        ACCENT.mix(0.85).filled(),
                    );
                    bar.set_margin(5, 5, 0, 0);
                    bar
                }))
                .map_err(e)?;
            chart
                .draw_series(rows.iter().enumerate().map(|(i, r)| {
                    Text::new(
                        trim_num(r.1),
                        (r.1.max(0.0) + max * 0.01, SegmentValue::CenterOf(n - 1 - i)),
                        (FONT, 12).into_font().color(&INK),
                    )
                }))
                .map_err(e)?;
        }
        Data::Line(points) => {
            let (x0, mut x1) = (points[0].0, points[points.len() - 1].0);
            if x1 <= x0 {
                x1 = x0 + 1.0;
            }
            let ymin = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
            let ymax = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            let (mut y0, mut y1) = (ymin.min(0.0), ymax.max(0.0));
            if y1 <= y0 {
                y1 = y0 + 1.0;
            }
            let pad = (y1 - y0) * 0.08;
            y0 -= if ymin < 0.0 { pad } else { 0.0 };
            y1 += pad;
            let (x_desc, y_desc) = match spec {
                ChartSpec::Line { x_desc, y_desc, .. } => (x_desc.clone(), y_desc.clone()),
                _ => (String::new(), String::new()),
            };
            let mut chart = ChartBuilder::on(root)
                .caption(title, caption)
                .margin(14)
                .margin_right(34)
                .x_label_area_size(44)
                .y_label_area_size(64)
                .build_cartesian_2d(x0..x1, y0..y1)
                .map_err(e)?;
            chart
                .configure_mesh()
                .light_line_style(TRANSPARENT)
                .bold_line_style(GRID)
                .x_desc(x_desc)
                .y_desc(y_desc)
                .x_label_formatter(&|v| trim_num(*v))
                .y_label_formatter(&|v| trim_num(*v))
                .label_style((FONT, 13))
                .draw()
                .map_err(e)?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x0, 0.0), (x1, 0.0)],
                    RGBColor(150, 150, 150).stroke_width(1),
                )))
                .map_err(e)?;
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    ACCENT.stroke_width(3),
                ))
                .map_err(e)?;
            if points.len() <= 80 {
                chart
                    .draw_series(
                        points
                            .iter()
                            .map(|&p| Circle::new(p, 3, ShapeStyle::from(&ACCENT).filled())),
                    )
                    .map_err(e)?;
            }
        }
    }
    Ok(())
}

fn seg_label(v: &SegmentValue<usize>, labels: &[String]) -> String {
    match v {
        SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
        _ => String::new(),
    }
}

/// `3`, `2.5`, `0.125`: numbers without trailing zeros.
fn trim_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

fn chart_err<E: std::fmt::Display>(e: E) -> Error {
    Error::Chart(e.to_string())
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

/// Draw one chart as SVG and PNG (same name, .svg/.png) into dir; returns the two paths.
/// Empty frames draw a "no data" chart rather than failing.
pub fn draw(
    spec: &ChartSpec,
    df: &DataFrame,
    dir: &Path,
    name: &str,
) -> Result<(PathBuf, PathBuf), Error> {
    ensure_fonts();
    std::fs::create_dir_all(dir).map_err(|err| Error::Io(dir.to_path_buf(), err))?;
    let data = if df.height() == 0 {
        Data::Bars(Vec::new())
    } else {
        read(spec, df)?
    };
    let stem = safe_stem(name);
    let svg = dir.join(format!("{stem}.svg"));
    let png = dir.join(format!("{stem}.png"));
    let dim = size(&data);
    {
        let root = SVGBackend::new(&svg, dim).into_drawing_area();
        render(&root, spec, &data).map_err(Error::Chart)?;
        root.present().map_err(chart_err)?;
    }
    {
        let root = BitMapBackend::new(&png, dim).into_drawing_area();
        render(&root, spec, &data).map_err(Error::Chart)?;
        root.present().map_err(chart_err)?;
    }
    Ok((svg, png))
}
