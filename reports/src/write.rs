//! Writing a report into a directory: the charts drawn as SVG and PNG, the diagrams as SVG
//! files, then `index.html` and `report.md`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::charts::{draw_in, draw_narrow, narrow_stem, safe_stem};
use crate::html::render_html;
use crate::markdown::render_markdown;
use crate::model::{svg_element, DrawnChart};
use crate::{Error, Report};

/// The files [`write_report`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReportFiles {
    pub html: PathBuf,
    pub markdown: PathBuf,
    /// SVG and PNG of every chart.
    pub charts: Vec<PathBuf>,
    pub diagrams: Vec<PathBuf>,
}

/// `stem`, or `stem-2`, `stem-3`… when already used.
fn unique(stem: String, used: &mut HashSet<String>) -> String {
    if used.insert(stem.clone()) {
        return stem;
    }
    let mut k = 2;
    loop {
        let s = format!("{stem}-{k}");
        if used.insert(s.clone()) {
            return s;
        }
        k += 1;
    }
}

/// Draws every section's charts into `charts_dir` as SVG and PNG, and as a narrow SVG for
/// phones (file stems made unique), adding the files to `written`; per section, the charts
/// drawn with their SVG elements.
pub(crate) fn draw_charts(
    report: &Report,
    charts_dir: &Path,
    written: &mut Vec<PathBuf>,
) -> Result<Vec<Vec<DrawnChart>>, Error> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |e| Error::Io(p, e)
    };
    let mut used = HashSet::new();
    let mut drawn: Vec<Vec<DrawnChart>> = Vec::new();
    for section in &report.sections {
        let mut v = Vec::new();
        for (spec, df, stem) in &section.charts {
            // The narrow drawing's name is taken too: no chart may be called like it.
            let mut stem = unique(safe_stem(stem), &mut used);
            while !used.insert(narrow_stem(&stem)) {
                stem = unique(stem, &mut used);
            }
            let lang = report.presentation.lang;
            let (svg, png) = draw_in(spec, df, charts_dir, &stem, lang)?;
            let narrow = draw_narrow(spec, df, charts_dir, &stem, lang)?;
            let doc = std::fs::read_to_string(&svg).map_err(io(&svg))?;
            let narrow_doc = std::fs::read_to_string(&narrow).map_err(io(&narrow))?;
            written.push(svg);
            written.push(png);
            written.push(narrow);
            v.push(DrawnChart {
                title: spec.title().to_string(),
                narrow_stem: narrow_stem(&stem),
                stem,
                svg: svg_element(&doc).to_string(),
                narrow_svg: svg_element(&narrow_doc).to_string(),
            });
        }
        drawn.push(v);
    }
    Ok(drawn)
}

/// Writes DIR/index.html (self-contained: charts and diagrams inlined as SVG, no external
/// CSS, JS or fonts; an inline script checks every chart on load and writes
/// `data-charts`, `data-charts-ok` and `data-errors` on `<body>`), DIR/report.md (tables
/// as pipe tables, charts as `![](charts/x.png)`, the audit list), DIR/charts/*.svg|png
/// and DIR/diagrams/*.svg. Every string from a record is escaped.
pub fn write_report(report: &Report, dir: &Path) -> Result<ReportFiles, Error> {
    let io = |p: &Path| {
        let p = p.to_path_buf();
        move |e| Error::Io(p, e)
    };
    let charts_dir = dir.join("charts");
    let diagrams_dir = dir.join("diagrams");
    std::fs::create_dir_all(&charts_dir).map_err(io(&charts_dir))?;
    let mut files = ReportFiles {
        html: dir.join("index.html"),
        markdown: dir.join("report.md"),
        ..ReportFiles::default()
    };

    // Charts first: every section's charts drawn to files, their SVG kept for inlining.
    let drawn = draw_charts(report, &charts_dir, &mut files.charts)?;

    // Diagrams.
    let mut diagram_names: Vec<Option<String>> = Vec::new();
    for (i, item) in report.audit.iter().enumerate() {
        match &item.diagram_svg {
            Some(svg) => {
                if files.diagrams.is_empty() {
                    std::fs::create_dir_all(&diagrams_dir).map_err(io(&diagrams_dir))?;
                }
                let name = format!(
                    "{:03}-game-{}-ply-{}.svg",
                    i + 1,
                    item.game,
                    item.ply.unwrap_or(0)
                );
                let path = diagrams_dir.join(&name);
                let mut doc = String::new();
                if !svg.trim_start().starts_with("<?xml") {
                    doc.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
                }
                doc.push_str(svg);
                doc.push('\n');
                std::fs::write(&path, doc).map_err(io(&path))?;
                files.diagrams.push(path);
                diagram_names.push(Some(name));
            }
            None => diagram_names.push(None),
        }
    }

    let html = render_html(report, &drawn, &diagram_names);
    std::fs::write(&files.html, html).map_err(io(&files.html))?;
    let md = render_markdown(report, &drawn, &diagram_names);
    std::fs::write(&files.markdown, md).map_err(io(&files.markdown))?;
    Ok(files)
}
