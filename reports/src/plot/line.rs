//! Line charts: points over a numeric axis, a balance line's halves tinted by the side ahead.

use kifu_facts::ResultName;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{draw_legend, e, split_legend, trim_num, Ctx, Res, GRID, INK, TINT_ALPHA};
use crate::sides::{legend_in, side_colour, Meaning};

pub(super) fn line<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    points: &[(f64, f64)],
    x_desc: &str,
    y_desc: &str,
    sides: Option<(ResultName, ResultName)>,
    ctx: &Ctx,
) -> Res
where
    DB::ErrorType: 'static,
{
    let entries: Vec<_> = sides
        .map(|(above, below)| {
            vec![
                legend_in(above, Meaning::Ahead, ctx.lang),
                legend_in(below, Meaning::Ahead, ctx.lang),
            ]
        })
        .unwrap_or_default();
    let legend_x = ctx.layout.y_axis as i32 + 14;
    let (plot, strip) = split_legend(body, &entries, legend_x, ctx.layout);
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
        .margin(ctx.layout.margin)
        .margin_right(ctx.layout.margin_right)
        .x_label_area_size(44)
        .y_label_area_size(ctx.layout.y_axis)
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
        .x_labels(((x1 - x0) as usize + 1).min(ctx.layout.ticks))
        .y_labels(ctx.layout.ticks.min(10))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .y_label_formatter(&|v| trim_num(*v))
        .label_style(ctx.text())
        .axis_desc_style(ctx.text())
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
    draw_legend(&strip, legend_x, &entries, TINT_ALPHA, ctx)
}
