//! Score bars: a side's score per row on a 0–100 % axis, the interval drawn over each bar.

use kifu_facts::ResultName;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    draw_legend, e, label_area, row_labels, row_span, rows_legend_x, share_rows_chart, side_bar,
    split_legend, Ctx, Res, INK, MUTED, SCORE_ALPHA,
};
use crate::chart_spec::ScoreRow;
use crate::lang::Msg;
use crate::sides::{legend_in, side_colour, Meaning};

pub(super) fn score<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    rows: &[ScoreRow],
    side: ResultName,
    ctx: &Ctx,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = rows.len();
    let area = label_area(rows.iter().map(|r| r.label.as_str()), ctx.layout);
    let entries = [legend_in(side, Meaning::Score, ctx.lang)];
    let legend_x = rows_legend_x(area, ctx.layout);
    let (plot, strip) = split_legend(body, &entries, legend_x, ctx.layout);
    let mut chart = share_rows_chart(&plot, area, n, ctx.lang.text(Msg::ScoreWithInterval), ctx)?;
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
    row_labels(root, &chart, &labels, 0.0, ctx)?;
    draw_legend(&strip, legend_x, &entries, SCORE_ALPHA, ctx)
}
