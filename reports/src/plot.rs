//! Drawing a chart's rows on a plotters area, SVG or bitmap alike: the header (title and
//! note), the plot, the legend of the sides, or the “no data” panel.
//!
//! Rows sit on a continuous axis `0..n` (row `i` from `n - 1 - i` to `n - i`), their labels
//! drawn beside the plot, so one row fills the plot and no size is ever negative.

use kifu_facts::Outcome;
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::charts::{Bin, ChartSpec, Rows, ScoreRow};
use crate::sides::{legend, side_colour, Meaning, SideColour};

type Res = Result<(), String>;

fn e<T: std::fmt::Display>(err: T) -> String {
    err.to_string()
}

const ACCENT: RGBColor = RGBColor(47, 110, 186);
const INK: RGBColor = RGBColor(40, 44, 52);
const MUTED: RGBColor = RGBColor(110, 116, 128);
const GRID: RGBColor = RGBColor(225, 228, 234);
/// Height of the legend strip under a plot.
const LEGEND: u32 = 34;
/// Score bars are light, so the interval drawn over them stays readable.
const SCORE_ALPHA: f64 = 0.4;
const HIST_ALPHA: f64 = 0.85;
/// The tint of the half of a balance chart where a side is ahead.
const TINT_ALPHA: f64 = 0.1;
/// The part of a row's height a bar leaves free above and below it.
const ROW_PAD: f64 = 0.17;

/// The title before ` — `, and the note after it in lines of at most ~110 characters.
fn header_parts(title: &str) -> (String, Vec<String>) {
    let Some((main, note)) = title.split_once(" — ") else {
        return (title.to_string(), Vec::new());
    };
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in note.split(' ') {
        if !line.is_empty() && line.chars().count() + word.chars().count() > 110 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    (main.to_string(), lines)
}

fn anchored<'a>(
    family: &'a str,
    size: f64,
    colour: &'static RGBColor,
    h: HPos,
    v: VPos,
) -> TextStyle<'a> {
    TextStyle::from((family, size).into_font())
        .color(colour)
        .pos(Pos::new(h, v))
}

/// Draws the title and its note; returns the height they take.
fn header<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    family: &str,
) -> Result<u32, String> {
    let (main, note) = header_parts(title);
    root.draw(&Text::new(
        main,
        (20, 14),
        anchored(family, 21.0, &INK, HPos::Left, VPos::Top),
    ))
    .map_err(e)?;
    for (k, line) in note.iter().enumerate() {
        root.draw(&Text::new(
            line.clone(),
            (20, 44 + 19 * k as i32),
            anchored(family, 14.0, &MUTED, HPos::Left, VPos::Top),
        ))
        .map_err(e)?;
    }
    Ok(if note.is_empty() {
        46
    } else {
        50 + 19 * note.len() as u32
    })
}

/// Draws one chart: the header, then the plot (or the “no data” panel).
pub(crate) fn render<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    rows: &Rows,
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(e)?;
    let top = header(root, spec.title(), family)?;
    let (_, body) = root.split_vertically(top);
    match (rows, spec) {
        (Rows::Empty(why), _) => no_data(&body, why, family),
        (Rows::Score(r), ChartSpec::ScoreBars { side, .. }) => score(root, &body, r, *side, family),
        (Rows::Stacked { labels, series }, _) => stacked(root, &body, labels, series, family),
        (Rows::Hist(bins), ChartSpec::Histogram { x_desc, sides, .. }) => {
            hist(&body, bins, x_desc, *sides, family)
        }
        (Rows::Bars(r), _) => bars(root, &body, r, family),
        (
            Rows::Line(points),
            ChartSpec::Line {
                x_desc,
                y_desc,
                sides,
                ..
            },
        ) => line(&body, points, x_desc, y_desc, *sides, family),
        _ => Err(format!("{}: rows of another kind of chart", spec.title())),
    }
}

/// A framed panel saying there is nothing to draw, and why.
fn no_data<DB: DrawingBackend>(body: &DrawingArea<DB, Shift>, why: &str, family: &str) -> Res {
    let (w, h) = body.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    body.draw(&Rectangle::new(
        [(20, 6), (w - 20, h - 20)],
        RGBColor(247, 248, 250).filled(),
    ))
    .map_err(e)?;
    body.draw(&Rectangle::new(
        [(20, 6), (w - 20, h - 20)],
        ShapeStyle::from(&GRID).stroke_width(2),
    ))
    .map_err(e)?;
    body.draw(&Text::new(
        "no data".to_string(),
        (w / 2, h / 2 - 14),
        anchored(family, 28.0, &MUTED, HPos::Center, VPos::Center),
    ))
    .map_err(e)?;
    body.draw(&Text::new(
        why.to_string(),
        (w / 2, h / 2 + 20),
        anchored(family, 15.0, &MUTED, HPos::Center, VPos::Center),
    ))
    .map_err(e)?;
    Ok(())
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

/// Pixel width of a label at 13 px: wide (CJK) characters count double.
fn text_width(label: &str) -> u32 {
    label
        .chars()
        .map(|c| if (c as u32) < 0x2E80 { 8 } else { 15 })
        .sum()
}

/// Width of the label area for horizontal rows.
fn label_area<'a>(labels: impl Iterator<Item = &'a str>) -> u32 {
    let w = labels.map(|l| text_width(&short(l))).max().unwrap_or(40);
    (w + 24).clamp(60, 340)
}

/// The plot and, under it, the strip for the legend.
fn split_legend<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let (_, h) = body.dim_in_pixel();
    body.split_vertically(h.saturating_sub(LEGEND))
}

/// [`split_legend`] when the chart has a legend; else the whole body for the plot and an
/// empty strip.
fn split_legend_if<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    legend: bool,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    if legend {
        split_legend(body)
    } else {
        body.split_vertically(body.dim_in_pixel().1)
    }
}

/// One legend row: a swatch (fill at the bars' `alpha`, and edge) and the text of each
/// entry, from `x`.
fn draw_legend<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    x: i32,
    entries: &[(String, SideColour)],
    alpha: f64,
    family: &str,
) -> Res {
    let mut x = x;
    for (text, colour) in entries {
        strip
            .draw(&Rectangle::new(
                [(x, 8), (x + 14, 22)],
                colour.fill_rgb().mix(alpha).filled(),
            ))
            .map_err(e)?;
        strip
            .draw(&Rectangle::new(
                [(x, 8), (x + 14, 22)],
                ShapeStyle::from(&colour.edge_rgb()).stroke_width(1),
            ))
            .map_err(e)?;
        strip
            .draw(&Text::new(
                text.clone(),
                (x + 20, 15),
                anchored(family, 13.0, &INK, HPos::Left, VPos::Center),
            ))
            .map_err(e)?;
        x += 44 + text_width(text) as i32;
    }
    Ok(())
}

/// A bar with its side's fill and edge (a white side stays visible).
fn side_bar<X: Clone, Y: Clone>(
    a: (X, Y),
    b: (X, Y),
    colour: SideColour,
    alpha: f64,
) -> [Rectangle<(X, Y)>; 2] {
    [
        Rectangle::new(
            [a.clone(), b.clone()],
            colour.fill_rgb().mix(alpha).filled(),
        ),
        Rectangle::new([a, b], ShapeStyle::from(&colour.edge_rgb()).stroke_width(1)),
    ]
}

/// Where row `i` of `n` lies on the `0..n` axis: (bottom, top) with the pad taken off.
fn row_span(i: usize, n: usize) -> (f64, f64) {
    let y = (n - 1 - i) as f64;
    (y + ROW_PAD, y + 1.0 - ROW_PAD)
}

/// Labels beside the rows, right-aligned against the plot, drawn on the root area.
fn row_labels<DB: DrawingBackend, X: Ranged<ValueType = f64>>(
    root: &DrawingArea<DB, Shift>,
    chart: &ChartContext<'_, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    labels: &[String],
    x0: f64,
    family: &str,
) -> Res {
    let n = labels.len();
    for (i, label) in labels.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(x0, (n - 1 - i) as f64 + 0.5));
        root.draw(&Text::new(
            short(label),
            (px - 8, py),
            anchored(family, 13.0, &INK, HPos::Right, VPos::Center),
        ))
        .map_err(e)?;
    }
    Ok(())
}

/// The plot of `n` rows (labels `area` wide) over a 0–100 % axis described by `x_desc`,
/// its mesh drawn: the frame the score and share charts draw their bars in.
fn share_rows_chart<'a, DB: DrawingBackend>(
    plot: &'a DrawingArea<DB, Shift>,
    area: u32,
    n: usize,
    x_desc: &str,
    family: &str,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, String>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(plot)
        .margin(14)
        .margin_right(34)
        .x_label_area_size(40)
        .y_label_area_size(area)
        .build_cartesian_2d(0f64..1f64, 0f64..n as f64)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_desc(x_desc)
        .label_style((family, 13))
        .axis_desc_style((family, 13))
        .draw()
        .map_err(e)?;
    Ok(chart)
}

fn score<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    rows: &[ScoreRow],
    side: Outcome,
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let (plot, strip) = split_legend(body);
    let area = label_area(rows.iter().map(|r| r.label.as_str()));
    let mut chart = share_rows_chart(&plot, area, n, "score, with its 95% interval", family)?;
    // The 50 % line: an even score.
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(0.5, 0.0), (0.5, n as f64)],
            MUTED.stroke_width(1),
        )))
        .map_err(e)?;
    let colour = side_colour(side);
    for (i, r) in rows.iter().enumerate() {
        let (y0, y1) = row_span(i, n);
        chart
            .draw_series(side_bar((0.0, y0), (r.value, y1), colour, SCORE_ALPHA))
            .map_err(e)?;
        // The interval as a line with caps, the estimate as a dot.
        let mid = (y0 + y1) / 2.0;
        let cap = (y1 - y0) * 0.3;
        let ink = INK.stroke_width(2);
        chart
            .draw_series([
                PathElement::new(vec![(r.low, mid), (r.high, mid)], ink),
                PathElement::new(vec![(r.low, mid - cap), (r.low, mid + cap)], ink),
                PathElement::new(vec![(r.high, mid - cap), (r.high, mid + cap)], ink),
            ])
            .map_err(e)?;
        chart
            .draw_series([
                Circle::new((r.value, mid), 4, WHITE.filled()),
                Circle::new((r.value, mid), 4, INK.stroke_width(2)),
            ])
            .map_err(e)?;
    }
    let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
    row_labels(root, &chart, &labels, 0.0, family)?;
    draw_legend(
        &strip,
        area as i32 + 14,
        &[legend(side, Meaning::Score)],
        SCORE_ALPHA,
        family,
    )
}

fn stacked<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    labels: &[String],
    series: &[(Outcome, Vec<f64>)],
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = labels.len();
    let (plot, strip) = split_legend(body);
    let area = label_area(labels.iter().map(String::as_str));
    let mut chart = share_rows_chart(&plot, area, n, "share of the games with a result", family)?;
    let mut start = vec![0f64; n];
    for (side, values) in series {
        let colour = side_colour(*side);
        for (i, s) in start.iter_mut().enumerate() {
            let v = values.get(i).copied().unwrap_or(0.0);
            let (a, b) = (*s, (*s + v).min(1.0));
            *s = b;
            if b > a {
                let (y0, y1) = row_span(i, n);
                chart
                    .draw_series(side_bar((a, y0), (b, y1), colour, 1.0))
                    .map_err(e)?;
            }
        }
    }
    row_labels(root, &chart, labels, 0.0, family)?;
    let entries: Vec<_> = series
        .iter()
        .map(|(side, _)| legend(*side, Meaning::Wins))
        .collect();
    draw_legend(&strip, area as i32 + 14, &entries, 1.0, family)
}

/// The colour of a balance bin: the side ahead, or the draw colour for the bin holding 0.
fn bin_colour(bin: &Bin, sides: Option<(Outcome, Outcome)>) -> SideColour {
    match sides {
        None => SideColour {
            fill: (ACCENT.0, ACCENT.1, ACCENT.2),
            edge: (ACCENT.0, ACCENT.1, ACCENT.2),
        },
        Some((above, _)) if bin.start > 0 => side_colour(above),
        Some((_, below)) if bin.end <= 0 => side_colour(below),
        Some(_) => side_colour(Outcome::Draw),
    }
}

/// Ticks on bin edges from `lo` to `hi`: every edge, or every k-th when there would be
/// more than 12.
fn bin_ticks(lo: i64, hi: i64, width: i64) -> Vec<i64> {
    let edges = (hi - lo) / width + 1;
    let step = width * ((edges + 11) / 12).max(1);
    (0..)
        .map(|k| lo + k * step)
        .take_while(|&x| x <= hi)
        .collect()
}

fn hist<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    bins: &[Bin],
    x_desc: &str,
    sides: Option<(Outcome, Outcome)>,
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    let (plot, strip) = split_legend_if(body, sides.is_some());
    let width = bins.iter().map(|b| b.end - b.start).min().unwrap_or(1);
    let mut lo = bins.iter().map(|b| b.start).min().unwrap_or(0);
    let mut hi = bins.iter().map(|b| b.end).max().unwrap_or(lo + 1);
    if bins.len() == 1 {
        // One bar gets a bin of room on each side (not below zero for counts of plies).
        lo = if lo >= 0 {
            (lo - width).max(0)
        } else {
            lo - width
        };
        hi += width;
    }
    let most = bins.iter().map(|b| b.count).max().unwrap_or(1);
    let top = (most + 1).max((most as f64 * 1.1).ceil() as u64);
    let mut chart = ChartBuilder::on(&plot)
        .margin(14)
        .margin_right(34)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(
            (lo..hi).with_key_points(bin_ticks(lo, hi, width)),
            0u64..top,
        )
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .y_labels((top as usize + 1).min(10))
        .x_desc(format!("{x_desc} (bins of {width})"))
        .y_desc("games")
        .label_style((family, 13))
        .axis_desc_style((family, 13))
        .draw()
        .map_err(e)?;
    for bin in bins {
        let colour = bin_colour(bin, sides);
        let mut r = side_bar((bin.start, 0), (bin.end, bin.count), colour, HIST_ALPHA);
        // A hair of white between neighbouring bars.
        r.iter_mut().for_each(|r| {
            r.set_margin(0, 0, 1, 1);
        });
        chart.draw_series(r).map_err(e)?;
    }
    if let Some((above, below)) = sides {
        draw_legend(
            &strip,
            78,
            &[
                legend(above, Meaning::Ahead),
                legend(below, Meaning::Ahead),
                ("bin holding 0".to_string(), side_colour(Outcome::Draw)),
            ],
            HIST_ALPHA,
            family,
        )?;
    }
    Ok(())
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

fn bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    rows: &[(String, f64)],
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let max = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    // Counts: an integer axis with room for the value written after the longest bar.
    let top = (max * 1.15).ceil().max(max + 1.0).max(1.0);
    let area = label_area(rows.iter().map(|r| r.0.as_str()));
    let mut chart = ChartBuilder::on(body)
        .margin(14)
        .margin_right(34)
        .x_label_area_size(36)
        .y_label_area_size(area)
        .build_cartesian_2d(0f64..top, 0f64..n as f64)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels((top as usize + 1).min(10))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_label_formatter(&|v| {
            if v.fract() == 0.0 {
                trim_num(*v)
            } else {
                String::new()
            }
        })
        .label_style((family, 13))
        .draw()
        .map_err(e)?;
    for (i, r) in rows.iter().enumerate() {
        let (y0, y1) = row_span(i, n);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, y0), (r.1, y1)],
                ACCENT.mix(0.85).filled(),
            )))
            .map_err(e)?;
        chart
            .draw_series(std::iter::once(Text::new(
                trim_num(r.1),
                (r.1 + top * 0.01, (y0 + y1) / 2.0),
                anchored(family, 12.0, &INK, HPos::Left, VPos::Center),
            )))
            .map_err(e)?;
    }
    let labels: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    row_labels(root, &chart, &labels, 0.0, family)
}

fn line<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    points: &[(f64, f64)],
    x_desc: &str,
    y_desc: &str,
    sides: Option<(Outcome, Outcome)>,
    family: &str,
) -> Res
where
    DB::ErrorType: 'static,
{
    let (plot, strip) = split_legend_if(body, sides.is_some());
    // x is a count (plies): an integer axis.
    let x0 = points[0].0.floor() as i64;
    let x1 = (points[points.len() - 1].0.ceil() as i64).max(x0 + 1);
    let ymin = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let ymax = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let (mut y0, mut y1) = (ymin.min(0.0), ymax.max(0.0));
    if y1 - y0 < 1.0 {
        y1 = y0 + 1.0;
    }
    let pad = (y1 - y0) * 0.08;
    y0 -= if ymin < 0.0 { pad } else { 0.0 };
    y1 += pad;
    let mut chart = ChartBuilder::on(&plot)
        .margin(14)
        .margin_right(34)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(e)?;
    if let Some((above, below)) = sides {
        // The half where a side is ahead, tinted in its colour.
        chart
            .draw_series([
                Rectangle::new(
                    [(x0, 0.0), (x1, y1)],
                    side_colour(above).fill_rgb().mix(TINT_ALPHA).filled(),
                ),
                Rectangle::new(
                    [(x0, y0), (x1, 0.0)],
                    side_colour(below).fill_rgb().mix(TINT_ALPHA).filled(),
                ),
            ])
            .map_err(e)?;
    }
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_labels(((x1 - x0) as usize + 1).min(12))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .y_label_formatter(&|v| trim_num(*v))
        .label_style((family, 13))
        .axis_desc_style((family, 13))
        .draw()
        .map_err(e)?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(x0, 0.0), (x1, 0.0)],
            RGBColor(150, 150, 150).stroke_width(1),
        )))
        .map_err(e)?;
    let pts: Vec<(i64, f64)> = points.iter().map(|p| (p.0.round() as i64, p.1)).collect();
    chart
        .draw_series(LineSeries::new(pts.iter().copied(), INK.stroke_width(2)))
        .map_err(e)?;
    if pts.len() <= 80 {
        chart
            .draw_series(pts.iter().map(|&p| Circle::new(p, 3, INK.filled())))
            .map_err(e)?;
    }
    if let Some((above, below)) = sides {
        draw_legend(
            &strip,
            78,
            &[legend(above, Meaning::Ahead), legend(below, Meaning::Ahead)],
            TINT_ALPHA,
            family,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_after_the_dash_becomes_lines_under_the_title() {
        let (main, note) = header_parts("Xiangqi: shares — openings with at least 5 games");
        assert_eq!(main, "Xiangqi: shares");
        assert_eq!(note, ["openings with at least 5 games"]);
        let long = format!("T — {}", "word ".repeat(40));
        let (_, note) = header_parts(&long);
        assert_eq!(note.len(), 2);
        assert!(note.iter().all(|l| l.chars().count() <= 110));
    }
}
