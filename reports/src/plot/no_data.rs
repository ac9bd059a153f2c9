//! The “no data” panel: drawn in place of a chart's plot when it has no rows, saying why.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::{anchored, e, wrap, Ctx, Res, GRID, MUTED};
use crate::lang::Msg;

/// A framed panel saying there is nothing to draw, and why.
pub(super) fn no_data<DB: DrawingBackend<ErrorType: 'static>>(
    body: &DrawingArea<DB, Shift>,
    why: &str,
    ctx: &Ctx,
) -> Res {
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
        ctx.lang.text(Msg::NoData).to_string(),
        (w / 2, h / 2 - 14),
        anchored(ctx.family, 28.0, &MUTED, HPos::Center, VPos::Center),
    ))
    .map_err(e)?;
    let px = 15.0;
    for (k, line) in wrap(why, px, (w - 60).max(40) as u32)
        .into_iter()
        .enumerate()
    {
        body.draw(&Text::new(
            line,
            (w / 2, h / 2 + 20 + k as i32 * (px as i32 + 4)),
            anchored(ctx.family, px, &MUTED, HPos::Center, VPos::Center),
        ))
        .map_err(e)?;
    }
    Ok(())
}
