//! Plain bars: one value per row, its number written at the bar's end.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::{
    anchored, e, label_area, row_labels, row_span, trim_num, Ctx, Res, ACCENT, GRID, INK, WIDE,
};

pub(super) fn bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    rows: &[(String, f64)],
    ctx: &Ctx,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let max = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    // Counts: an integer axis with room for the value written after the longest bar (more
    // room in the narrow layout, where the value takes a larger part of the plot).
    let room = if ctx.layout.width < WIDE.width {
        1.35
    } else {
        1.15
    };
    let top = (max * room).ceil().max(max + 1.0).max(1.0);
    let area = label_area(rows.iter().map(|r| r.0.as_str()), ctx.layout);
    let mut chart = ChartBuilder::on(body)
        .margin(ctx.layout.margin)
        .margin_right(ctx.layout.margin_right)
        .x_label_area_size(36)
        .y_label_area_size(area)
        .build_cartesian_2d(0f64..top, 0f64..n as f64)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_labels((top as usize + 1).min(ctx.layout.ticks.min(10)))
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .x_label_formatter(&|v| {
            if v.fract() == 0.0 {
                trim_num(*v)
            } else {
                String::new()
            }
        })
        .label_style(ctx.text())
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
                anchored(
                    ctx.family,
                    ctx.layout.value_px,
                    &INK,
                    HPos::Left,
                    VPos::Center,
                ),
            )))
            .map_err(e)?;
    }
    let labels: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    row_labels(root, &chart, &labels, 0.0, ctx)
}
