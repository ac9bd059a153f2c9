//! Histograms: bins on a numeric axis, a balance chart's bins split by the side its games
//! went to (ahead below zero, level, ahead above).

use kifu_facts::ResultName;
use plotters::coord::Shift;
use plotters::prelude::*;

use super::{draw_legend, e, side_bar, split_legend, Ctx, Res, ACCENT, GRID, HIST_ALPHA};
use crate::chart_spec::Bin;
use crate::lang::{Lang, Msg};
use crate::sides::{legend_in, side_colour, Meaning, SideColour};

/// The colour of a histogram without sides.
const PLAIN_BIN: SideColour = SideColour {
    fill: (ACCENT.0, ACCENT.1, ACCENT.2),
    edge: (ACCENT.0, ACCENT.1, ACCENT.2),
};

/// The parts of a bin's bar, bottom up, as (from, to, colour): in a balance chart the bin
/// is split by what it holds — the games where the side below zero is ahead, the level
/// ones, the games where the side above is ahead — so a bin's colour never hides which
/// side its games went to; a plain histogram's bin is one part.
pub(crate) fn bin_segments(
    bin: &Bin,
    sides: Option<(ResultName, ResultName)>,
) -> Vec<(u64, u64, SideColour)> {
    let Some((above, below)) = sides else {
        return vec![(0, bin.count, PLAIN_BIN)];
    };
    let mut parts = Vec::new();
    let mut y = 0;
    for (n, side) in [
        (bin.signs.below, below),
        (bin.signs.zero, ResultName::Draw),
        (bin.signs.above, above),
    ] {
        if n > 0 {
            parts.push((y, y + n, side_colour(side)));
            y += n;
        }
    }
    parts
}

/// What the grey part of a balance histogram holds.
pub(super) const LEVEL: &str = "level (0)";

/// [`LEVEL`] in `lang`.
fn level_text(lang: Lang) -> String {
    if lang == Lang::En {
        LEVEL.to_owned()
    } else {
        lang.text(Msg::LevelZero).to_owned()
    }
}

/// Ticks on bin edges from `lo` to `hi`: every edge, or every k-th when there would be
/// more than `most`.
fn bin_ticks(lo: i64, hi: i64, width: i64, most: usize) -> Vec<i64> {
    let most = most.max(2) as i64;
    let edges = (hi - lo) / width + 1;
    let step = width * ((edges + most - 1) / most).max(1);
    (0..)
        .map(|k| lo + k * step)
        .take_while(|&x| x <= hi)
        .collect()
}

pub(super) fn hist<DB: DrawingBackend>(
    body: &DrawingArea<DB, Shift>,
    bins: &[Bin],
    x_desc: &str,
    sides: Option<(ResultName, ResultName)>,
    ctx: &Ctx,
) -> Res
where
    DB::ErrorType: 'static,
{
    let mut entries = Vec::new();
    if let Some((above, below)) = sides {
        entries.push(legend_in(above, Meaning::Ahead, ctx.lang));
        entries.push(legend_in(below, Meaning::Ahead, ctx.lang));
        if bins.iter().any(|b| b.signs.zero > 0) {
            entries.push((level_text(ctx.lang), side_colour(ResultName::Draw)));
        }
    }
    let legend_x = ctx.layout.y_axis as i32 + 14;
    let (plot, strip) = split_legend(body, &entries, legend_x, ctx.layout);
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
        .margin(ctx.layout.margin)
        .margin_right(ctx.layout.margin_right)
        .x_label_area_size(44)
        .y_label_area_size(ctx.layout.y_axis)
        .build_cartesian_2d(
            (lo..hi).with_key_points(bin_ticks(lo, hi, width, ctx.layout.ticks)),
            0u64..top,
        )
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(GRID)
        .y_labels((top as usize + 1).min(ctx.layout.ticks.min(10)))
        .x_desc(if ctx.lang == Lang::En {
            format!("{x_desc} (bins of {width})")
        } else {
            ctx.lang.fill(
                Msg::BinsOf,
                &[("axis", x_desc), ("width", &width.to_string())],
            )
        })
        .y_desc(ctx.lang.text(Msg::AxisGames))
        .label_style(ctx.text())
        .axis_desc_style(ctx.text())
        .draw()
        .map_err(e)?;
    for bin in bins {
        for (from, to, colour) in bin_segments(bin, sides) {
            let mut r = side_bar((bin.start, from), (bin.end, to), colour, HIST_ALPHA);
            // A hair of white between neighbouring bars.
            r.iter_mut().for_each(|r| {
                r.set_margin(0, 0, 1, 1);
            });
            chart.draw_series(r).map_err(e)?;
        }
    }
    draw_legend(&strip, legend_x, &entries, HIST_ALPHA, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_spec::Signs;

    #[test]
    fn a_balance_bin_is_split_by_the_side_its_games_went_to() {
        // The Territorial margin bin [0, 5): 5 level games and 13 White ahead, drawn as
        // grey at the bottom and White above it, not grey as a whole.
        let bin = Bin {
            start: 0,
            end: 5,
            count: 18,
            signs: Signs {
                above: 13,
                zero: 5,
                below: 0,
            },
        };
        let sides = Some((ResultName::White, ResultName::Black));
        assert_eq!(
            bin_segments(&bin, sides),
            [
                (0, 5, side_colour(ResultName::Draw)),
                (5, 18, side_colour(ResultName::White))
            ]
        );
        let below = Bin {
            start: -5,
            end: 0,
            count: 4,
            signs: Signs {
                above: 0,
                zero: 0,
                below: 4,
            },
        };
        assert_eq!(
            bin_segments(&below, sides),
            [(0, 4, side_colour(ResultName::Black))]
        );
        assert_eq!(bin_segments(&bin, None), [(0, 18, PLAIN_BIN)]);
    }
}
