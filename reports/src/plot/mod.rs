//! Drawing a chart's rows on a plotters area, SVG or bitmap alike: the header (title and
//! note), the plot, the legend of the sides, or the “no data” panel.
//!
//! Every chart is drawn in two [`Layout`]s: wide (900 px, for screens and print) and narrow
//! (320 px, for phones: drawn at about the width a phone shows it, so its text keeps its
//! size; titles and notes wrapped, labels cut shorter, fewer ticks).
//!
//! Rows sit on a continuous axis `0..n` (row `i` from `n - 1 - i` to `n - i`), their labels
//! drawn beside the plot, so one row fills the plot and no size is ever negative.
//!
//! Here are the layout and the parts every chart shares (header, legend, row labels);
//! each kind of plot is drawn by its own module: `score`, `stacked`, `hist`, `bars`, `line`
//! and `no_data`.

mod bars;
mod hist;
mod line;
mod no_data;
mod score;
mod stacked;

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::chart_error::ChartError;
use crate::chart_spec::{ChartSpec, Rows};
use crate::lang::Lang;
use crate::sides::SideColour;
use bars::bars;
use hist::hist;
use line::line;
use no_data::no_data;
use score::score;
use stacked::stacked;

type Res = Result<(), ChartError>;

fn e<E: std::error::Error + Send + Sync + 'static>(err: E) -> ChartError {
    ChartError::draw(err)
}

const ACCENT: RGBColor = RGBColor(47, 110, 186);
const INK: RGBColor = RGBColor(40, 44, 52);
const MUTED: RGBColor = RGBColor(110, 116, 128);
const GRID: RGBColor = RGBColor(225, 228, 234);
/// Height of one row of the legend strip under a plot.
const LEGEND: u32 = 34;
/// Score bars are light, so the interval drawn over them stays readable.
const SCORE_ALPHA: f64 = 0.4;
const HIST_ALPHA: f64 = 0.85;
/// The tint of the half of a balance chart where a side is ahead.
const TINT_ALPHA: f64 = 0.1;
/// The part of a row's height a bar leaves free above and below it.
const ROW_PAD: f64 = 0.17;

/// How large a chart's text is and how much room it has. Sizes are plotters' font sizes:
/// its SVG writes `font-size` as the size / 1.24 (13 gives 10.5 CSS px), the PNG draws
/// glyphs the size itself tall.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Layout {
    /// Canvas width in pixels.
    pub width: u32,
    title_px: f64,
    note_px: f64,
    /// Axis, row and legend text.
    text_px: f64,
    /// The value written after a bar.
    value_px: f64,
    /// Characters of a row label before it is cut with `…`.
    label_chars: usize,
    /// Widest the row labels may be, in pixels.
    max_label_area: u32,
    /// Most ticks on an axis.
    ticks: usize,
    margin: u32,
    margin_right: u32,
    /// Width of the numbers left of a histogram's or a curve's plot.
    y_axis: u32,
}

/// For screens and print.
pub(crate) const WIDE: Layout = Layout {
    width: 900,
    title_px: 21.0,
    note_px: 14.0,
    text_px: 13.0,
    value_px: 12.0,
    label_chars: 34,
    max_label_area: 340,
    ticks: 12,
    margin: 14,
    margin_right: 34,
    y_axis: 64,
};

/// For phones: a 375 px screen shows it at about 1:1 (the pages' narrow style leaves it
/// 319 px or more), so its smallest text (15, an SVG font-size of 12.1 px) stays above 11
/// CSS px there. Whole sizes: plotters cuts an axis label's size to an integer.
pub(crate) const NARROW: Layout = Layout {
    width: 320,
    title_px: 19.0,
    note_px: 15.0,
    text_px: 15.0,
    value_px: 15.0,
    label_chars: 16,
    max_label_area: 130,
    ticks: 5,
    margin: 6,
    margin_right: 16,
    y_axis: 46,
};

impl Layout {
    /// The room a line of text has: the canvas less the header's margins.
    fn line_room(&self) -> u32 {
        self.width.saturating_sub(40)
    }

    fn title_step(&self) -> u32 {
        (self.title_px + 8.0) as u32
    }

    fn note_step(&self) -> u32 {
        (self.note_px + 5.0) as u32
    }
}

/// `text` in lines no wider than `room` pixels at `px`: broken between words, and inside a
/// word only when the word alone is too wide (CJK text has no spaces).
fn wrap(text: &str, px: f64, room: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&joined, px) <= room {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if text_width(&line, px) > room {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The title before ` — ` and the note after it, each in lines that fit the layout.
fn header_parts(title: &str, layout: &Layout) -> (Vec<String>, Vec<String>) {
    let (main, note) = title.split_once(" — ").unwrap_or((title, ""));
    let room = layout.line_room();
    let note = if note.is_empty() {
        Vec::new()
    } else {
        wrap(note, layout.note_px, room)
    };
    (wrap(main, layout.title_px, room), note)
}

/// How many lines the title and the note of a chart's header take in `layout`.
pub(crate) fn header_lines(title: &str, layout: &Layout) -> (usize, usize) {
    let (main, note) = header_parts(title, layout);
    (main.len().max(1), note.len())
}

/// The height of one line of a chart's title in `layout`.
pub(crate) fn title_step(layout: &Layout) -> u32 {
    layout.title_step()
}

/// The height of a chart's header (title and note) in `layout`.
pub(crate) fn header_height(title: &str, layout: &Layout) -> u32 {
    let (main, note) = header_parts(title, layout);
    let title_end = 14 + layout.title_step() * main.len().max(1) as u32;
    if note.is_empty() {
        title_end + 3
    } else {
        title_end + 1 + layout.note_step() * note.len() as u32 + 5
    }
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
fn header<DB: DrawingBackend<ErrorType: 'static>>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    layout: &Layout,
    family: &str,
) -> Result<u32, ChartError> {
    let (main, note) = header_parts(title, layout);
    let mut y = 14;
    for line in main {
        root.draw(&Text::new(
            line,
            (20, y),
            anchored(family, layout.title_px, &INK, HPos::Left, VPos::Top),
        ))
        .map_err(e)?;
        y += layout.title_step() as i32;
    }
    y += 1;
    for line in note {
        root.draw(&Text::new(
            line,
            (20, y),
            anchored(family, layout.note_px, &MUTED, HPos::Left, VPos::Top),
        ))
        .map_err(e)?;
        y += layout.note_step() as i32;
    }
    Ok(header_height(title, layout))
}

/// Draws one chart in `layout`: the header, then the plot (or the “no data” panel).
pub(crate) fn render<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    spec: &ChartSpec,
    rows: &Rows,
    layout: &Layout,
    family: &str,
    lang: Lang,
) -> Res
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(e)?;
    let top = header(root, spec.title(), layout, family)?;
    let (_, body) = root.split_vertically(top);
    let ctx = Ctx {
        layout,
        family,
        lang,
    };
    match (rows, spec) {
        (Rows::Empty(why), _) => no_data(&body, why, &ctx),
        (Rows::Score(r), ChartSpec::ScoreBars { side, .. }) => score(root, &body, r, *side, &ctx),
        (Rows::Stacked { labels, series }, _) => stacked(root, &body, labels, series, &ctx),
        (Rows::Hist(bins), ChartSpec::Histogram { x_desc, sides, .. }) => {
            hist(&body, bins, x_desc, *sides, &ctx)
        }
        (Rows::Bars(r), _) => bars(root, &body, r, &ctx),
        (
            Rows::Line(points),
            ChartSpec::Line {
                x_desc,
                y_desc,
                sides,
                ..
            },
        ) => line(&body, points, x_desc, y_desc, *sides, &ctx),
        _ => Err(ChartError::RowsOfAnotherChart {
            title: spec.title().to_owned(),
        }),
    }
}

/// What every part of a chart draws with: the layout and the font family.
struct Ctx<'a> {
    layout: &'a Layout,
    family: &'a str,
    lang: Lang,
}

impl Ctx<'_> {
    fn text(&self) -> (&str, f64) {
        (self.family, self.layout.text_px)
    }
}

/// Long labels are cut to keep the label area sane: at most `label_chars` characters, and
/// no wider than the widest label area leaves them (a long CJK opening name on a phone's
/// chart would otherwise run off the drawing's left edge).
fn short(label: &str, layout: &Layout) -> String {
    let room = layout.max_label_area.saturating_sub(LABEL_PAD);
    let fits = |text: &str| text_width(text, layout.text_px) <= room;
    if label.chars().count() <= layout.label_chars && fits(label) {
        return label.to_string();
    }
    let mut s = String::new();
    for c in label.chars().take(layout.label_chars.saturating_sub(1)) {
        if !fits(&format!("{s}{c}…")) {
            break;
        }
        s.push(c);
    }
    s.push('…');
    s
}

/// Pixel width of a text at `px`: wide (CJK) characters count about double.
fn text_width(label: &str, px: f64) -> u32 {
    let w: f64 = label
        .chars()
        .map(|c| if (c as u32) < 0x2E80 { 0.62 } else { 1.15 })
        .sum();
    (w * px).ceil() as u32
}

/// Room left of a row label in its area, in pixels (the gap to the plot and a margin).
const LABEL_PAD: u32 = 24;

/// Width of the label area for horizontal rows.
fn label_area<'a>(labels: impl Iterator<Item = &'a str>, layout: &Layout) -> u32 {
    let w = labels
        .map(|l| text_width(&short(l, layout), layout.text_px))
        .max()
        .unwrap_or(40);
    (w + LABEL_PAD).clamp(60, layout.max_label_area)
}

/// The rows a legend takes from `x` in a strip `width` wide, and where each entry starts.
fn legend_places(
    entries: &[(String, SideColour)],
    x: i32,
    width: u32,
    layout: &Layout,
) -> Vec<(i32, i32)> {
    let (mut cx, mut row) = (x, 0);
    let mut places = Vec::new();
    for (text, _) in entries {
        let w = 20 + text_width(text, layout.text_px) as i32;
        if cx > x && cx + w > width as i32 - 8 {
            // Not enough room left on this row: the entry starts the next one, at the
            // strip's left edge.
            cx = 8.min(x);
            row += 1;
        }
        places.push((cx, row));
        cx += w + 24;
    }
    places
}

/// The plot and, under it, the strip for `entries` of the legend starting at `x` (none:
/// the whole body for the plot and an empty strip).
fn split_legend<DB: DrawingBackend<ErrorType: 'static>>(
    body: &DrawingArea<DB, Shift>,
    entries: &[(String, SideColour)],
    x: i32,
    layout: &Layout,
) -> (DrawingArea<DB, Shift>, DrawingArea<DB, Shift>) {
    let (w, h) = body.dim_in_pixel();
    let rows = legend_places(entries, x, w, layout)
        .last()
        .map_or(0, |&(_, row)| row as u32 + 1);
    body.split_vertically(h.saturating_sub(LEGEND * rows))
}

/// The legend: a swatch (fill at the bars' `alpha`, and edge) and the text of each entry,
/// from `x`, wrapped into rows when the strip is too narrow.
fn draw_legend<DB: DrawingBackend<ErrorType: 'static>>(
    strip: &DrawingArea<DB, Shift>,
    x: i32,
    entries: &[(String, SideColour)],
    alpha: f64,
    ctx: &Ctx,
) -> Res {
    let places = legend_places(entries, x, strip.dim_in_pixel().0, ctx.layout);
    for ((text, colour), (x, row)) in entries.iter().zip(places) {
        let y = row * LEGEND as i32;
        strip
            .draw(&Rectangle::new(
                [(x, y + 8), (x + 14, y + 22)],
                colour.fill_rgb().mix(alpha).filled(),
            ))
            .map_err(e)?;
        strip
            .draw(&Rectangle::new(
                [(x, y + 8), (x + 14, y + 22)],
                ShapeStyle::from(&colour.edge_rgb()).stroke_width(1),
            ))
            .map_err(e)?;
        strip
            .draw(&Text::new(
                text.clone(),
                (x + 20, y + 15),
                anchored(
                    ctx.family,
                    ctx.layout.text_px,
                    &INK,
                    HPos::Left,
                    VPos::Center,
                ),
            ))
            .map_err(e)?;
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
fn row_labels<DB: DrawingBackend<ErrorType: 'static>, X: Ranged<ValueType = f64>>(
    root: &DrawingArea<DB, Shift>,
    chart: &ChartContext<'_, DB, Cartesian2d<X, plotters::coord::types::RangedCoordf64>>,
    labels: &[String],
    x0: f64,
    ctx: &Ctx,
) -> Res {
    let n = labels.len();
    for (i, label) in labels.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(x0, (n - 1 - i) as f64 + 0.5));
        root.draw(&Text::new(
            short(label, ctx.layout),
            (px - 8, py),
            anchored(
                ctx.family,
                ctx.layout.text_px,
                &INK,
                HPos::Right,
                VPos::Center,
            ),
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
    ctx: &Ctx,
) -> Result<ChartContext<'a, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>, ChartError>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(plot)
        .margin(ctx.layout.margin)
        .margin_right(ctx.layout.margin_right)
        .x_label_area_size(40)
        .y_label_area_size(area)
        .build_cartesian_2d(0f64..1f64, 0f64..n as f64)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels(ctx.layout.ticks.min(11))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .x_desc(x_desc)
        .label_style(ctx.text())
        .axis_desc_style(ctx.text())
        .draw()
        .map_err(e)?;
    Ok(chart)
}

/// Where the legend under a chart of rows starts: under the plot, or at the left edge in
/// the narrow layout (where the label area leaves too little room beside it).
fn rows_legend_x(area: u32, layout: &Layout) -> i32 {
    if layout.width < WIDE.width {
        8
    } else {
        area as i32 + 14
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

#[cfg(test)]
mod tests {
    use super::hist::LEVEL;
    use super::*;
    use crate::sides::{legend_in, side_colour, Meaning};

    #[test]
    fn a_long_chinese_label_is_cut_to_fit_a_phone_charts_label_area() {
        let long = "中炮过河车互进七兵对屏风马平炮兑车 C48";
        let cut = short(long, &NARROW);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')));
        assert!(text_width(&cut, NARROW.text_px) <= NARROW.max_label_area - LABEL_PAD);
        // The wide layout has the room for it; a short label is never cut.
        assert_eq!(short("中炮对屏风马 C42", &WIDE), "中炮对屏风马 C42");
        assert_eq!(short("C42", &NARROW), "C42");
    }
    use kifu_facts::ResultName;

    #[test]
    fn a_note_after_the_dash_becomes_lines_under_the_title() {
        let (main, note) = header_parts("Xiangqi: shares — openings with at least 5 games", &WIDE);
        assert_eq!(main, ["Xiangqi: shares"]);
        assert_eq!(note, ["openings with at least 5 games"]);
        let long = format!("T — {}", "word ".repeat(40));
        let (_, note) = header_parts(&long, &WIDE);
        assert_eq!(note.len(), 2);
        assert!(note
            .iter()
            .all(|l| text_width(l, WIDE.note_px) <= WIDE.line_room()));
    }

    #[test]
    fn the_narrow_layout_wraps_the_title_and_cuts_cjk_words() {
        let (main, note) = header_parts(
            "Xiangqi: mean material balance after each ply — plies reached by at least 10 games",
            &NARROW,
        );
        assert_eq!(main, ["Xiangqi: mean material", "balance after each ply"]);
        assert_eq!(note, ["plies reached by at least 10", "games"]);
        let lines = wrap(&"象".repeat(40), NARROW.title_px, NARROW.line_room());
        assert_eq!(
            lines.iter().map(|l| l.chars().count()).collect::<Vec<_>>(),
            [12, 12, 12, 4]
        );
        assert!(lines
            .iter()
            .all(|l| text_width(l, NARROW.title_px) <= NARROW.line_room()));
    }

    #[test]
    fn a_legend_too_wide_for_a_narrow_chart_wraps() {
        let entries = [
            legend_in(ResultName::White, Meaning::Ahead, Lang::En),
            legend_in(ResultName::Black, Meaning::Ahead, Lang::En),
            (LEVEL.to_string(), side_colour(ResultName::Draw)),
        ];
        let places = legend_places(&entries, 60, NARROW.width, &NARROW);
        assert_eq!(places.iter().map(|p| p.1).max(), Some(1));
        let places = legend_places(&entries, 78, WIDE.width, &WIDE);
        assert!(places.iter().all(|p| p.1 == 0));
    }
}
