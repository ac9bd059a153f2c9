//! Charts and reports drawn from the analysis tables (plotters).
//!
//! - [`draw`]: one chart ([`ChartSpec`]) from a polars `DataFrame`, as SVG and PNG (text in
//!   the PNG rasterized with the embedded DejaVu Sans, no system font needed).
//! - [`renju_diagram`], [`xiangqi_diagram`], [`territorial_diagram`], [`chouchou_diagram`]:
//!   board diagrams as standalone SVG, the move concerned marked.
//! - [`write_report`]: a self-contained `index.html`, a Markdown `report.md`, the charts and
//!   diagrams as files.

mod build;
mod charts;
mod diagrams;
mod html;

use std::path::{Path, PathBuf};

pub use build::{build_report, ReportOptions};
pub use charts::{draw, ChartSpec};
pub use diagrams::{chouchou_diagram, renju_diagram, territorial_diagram, xiangqi_diagram};
pub use html::{escape, md_escape, write_report, AuditItem, Report, ReportFiles, Section};

use kifu_analysis::polars::prelude::*;
use plotters::prelude::*;

#[derive(Debug)]
pub enum Error {
    Chart(String),
    Data(String),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Chart(e) => write!(f, "chart error: {e}"),
            Error::Data(e) => write!(f, "report data error: {e}"),
            Error::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

impl From<PolarsError> for Error {
    fn from(e: PolarsError) -> Error {
        Error::Data(e.to_string())
    }
}

pub(crate) fn chart_err<E: std::fmt::Display>(e: E) -> Error {
    Error::Chart(e.to_string())
}

/// Draws the findings overview (`kifu_analysis::findings_overview`) as an SVG bar chart:
/// one bar per finding code, coloured by severity, longest first.
pub fn findings_chart(overview: &DataFrame, path: &Path) -> Result<(), Error> {
    charts::ensure_fonts();
    let codes = overview.column("code")?.str()?;
    let severities = overview.column("severity")?.str()?;
    let counts = overview.column("findings")?.cast(&DataType::UInt64)?;
    let counts = counts.u64()?;
    let mut bars: Vec<(String, String, u64)> = Vec::new();
    for i in 0..overview.height() {
        bars.push((
            codes.get(i).unwrap_or("").to_owned(),
            severities.get(i).unwrap_or("").to_owned(),
            counts.get(i).unwrap_or(0),
        ));
    }
    bars.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let n = bars.len().max(1);
    let max = bars.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    let height = 80 + 28 * n as u32;
    let root = SVGBackend::new(path, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(chart_err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Findings by code", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(230)
        .build_cartesian_2d(0u64..max + max / 10 + 1, (0..n - 1).into_segmented())
        .map_err(chart_err)?;
    let labels: Vec<String> = bars.iter().map(|b| format!("{} ({})", b.0, b.1)).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .x_desc("findings")
        .draw()
        .map_err(chart_err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, severity, count))| {
            let color = match severity.as_str() {
                "error" => RGBColor(200, 50, 50),
                "warning" => RGBColor(230, 150, 30),
                _ => RGBColor(70, 120, 190),
            };
            let mut bar = Rectangle::new(
                [
                    (0, SegmentValue::Exact(i)),
                    (*count, SegmentValue::Exact(i + 1)),
                ],
                color.filled(),
            );
            bar.set_margin(4, 4, 0, 0);
            bar
        }))
        .map_err(chart_err)?;
    root.present().map_err(chart_err)?;
    Ok(())
}
