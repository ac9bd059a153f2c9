//! How a drawn chart shows on a page: the wide drawing, and below a width breakpoint the
//! narrow one (for phones), so its text keeps a readable size on a small screen. The
//! site links the files in a `<picture>`; the self-contained report inlines both drawings
//! and lets its style sheet show one.

use crate::escape::escape;
use crate::model::DrawnChart;

/// The media query under which the narrow drawing shows.
pub(crate) const NARROW_MEDIA: &str = "(max-width: 600px)";

/// A chart as `<picture>` for a page that links its files from `dir` (`charts`): the
/// narrow SVG below [`NARROW_MEDIA`], else the wide one; `alt` is the chart's title.
// The site's charts section (`charts_html` in site/index.rs) calls it once merged with
// the session that owns that file; until then only the tests do.
#[allow(dead_code)]
pub(crate) fn picture_html(chart: &DrawnChart, dir: &str) -> String {
    format!(
        "<picture><source media=\"{NARROW_MEDIA}\" srcset=\"{dir}/{narrow}.svg\">\
         <img src=\"{dir}/{stem}.svg\" alt=\"{alt}\" loading=\"lazy\"></picture>",
        dir = escape(dir),
        narrow = escape(&chart.narrow_stem),
        stem = escape(&chart.stem),
        alt = escape(&chart.title),
    )
}

/// A chart's two drawings inlined: the wide one in `.plot-wide`, the narrow one in
/// `.plot-narrow` (the report's style sheet shows one of them, by [`NARROW_MEDIA`]).
pub(crate) fn inline_plots_html(chart: &DrawnChart) -> String {
    format!(
        "<div class=\"plot plot-wide\">{}</div><div class=\"plot plot-narrow\">{}</div>",
        chart.svg, chart.narrow_svg
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> DrawnChart {
        DrawnChart {
            title: "Renju: \"score\" <by> rule".into(),
            stem: "renju-score".into(),
            svg: "<svg id=\"w\"></svg>".into(),
            narrow_stem: "renju-score-narrow".into(),
            narrow_svg: "<svg id=\"n\"></svg>".into(),
        }
    }

    #[test]
    fn a_picture_offers_the_narrow_drawing_to_small_screens() {
        assert_eq!(
            picture_html(&chart(), "charts"),
            "<picture><source media=\"(max-width: 600px)\" \
             srcset=\"charts/renju-score-narrow.svg\"><img src=\"charts/renju-score.svg\" \
             alt=\"Renju: &quot;score&quot; &lt;by&gt; rule\" loading=\"lazy\"></picture>"
        );
    }

    #[test]
    fn the_inlined_chart_holds_both_drawings() {
        assert_eq!(
            inline_plots_html(&chart()),
            "<div class=\"plot plot-wide\"><svg id=\"w\"></svg></div>\
             <div class=\"plot plot-narrow\"><svg id=\"n\"></svg></div>"
        );
    }
}
