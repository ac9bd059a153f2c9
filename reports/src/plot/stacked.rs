//! Stacked shares: each row split by the sides' shares of its games, on a 0–100 % axis.

use kifu_facts::ResultName;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{
    draw_legend, e, label_area, row_labels, row_span, rows_legend_x, share_rows_chart, side_bar,
    split_legend, Ctx, Res,
};
use crate::lang::Msg;
use crate::sides::{legend_in, side_colour, Meaning};

pub(super) fn stacked<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    body: &DrawingArea<DB, Shift>,
    labels: &[String],
    series: &[(ResultName, Vec<f64>)],
    ctx: &Ctx,
) -> Res
where
    DB::ErrorType: 'static,
{
    let n = labels.len();
    let area = label_area(labels.iter().map(String::as_str), ctx.layout);
    let entries: Vec<_> = series
        .iter()
        .map(|(side, _)| legend_in(*side, Meaning::Wins, ctx.lang))
        .collect();
    let legend_x = rows_legend_x(area, ctx.layout);
    let (plot, strip) = split_legend(body, &entries, legend_x, ctx.layout);
    let mut chart = share_rows_chart(
        &plot,
        area,
        n,
        ctx.lang.text(Msg::ShareOfGamesWithResult),
        ctx,
    )?;
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
    row_labels(root, &chart, labels, 0.0, ctx)?;
    draw_legend(&strip, legend_x, &entries, 1.0, ctx)
}
