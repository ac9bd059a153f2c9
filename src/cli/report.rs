//! `kifu report`: the HTML and Markdown report, its charts and board diagrams, written
//! into a directory.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use kifu_store::Store;

use super::args::{DbArg, FilterArgs};
use super::pdf::{find_chromium, print_to_pdf, PdfArgs};
use super::presentation::PresentationArgs;
use super::progress::summary;
use crate::stdout;

/// Builds and writes a report; replaces the charts and diagrams of an earlier one, once the
/// new report is built (a report that cannot be built leaves the earlier one whole).
pub(super) fn write_report(
    store: &Store,
    options: &kifu_reports::ReportOptions,
    dir: &Path,
) -> Result<kifu_reports::ReportFiles> {
    let stages = super::progress::Stages::new(2);
    stages.start(1, "tables, charts and diagrams");
    let report = kifu_reports::build_report(store, options);
    stages.start(2, "writing the files");
    let written = report.map_err(anyhow::Error::from).and_then(|report| {
        for sub in ["charts", "diagrams"] {
            let p = dir.join(sub);
            if p.is_dir() {
                std::fs::remove_dir_all(&p).with_context(|| format!("remove {}", p.display()))?;
            }
        }
        Ok(kifu_reports::write_report(&report, dir)?)
    });
    stages.finish();
    written
}

/// `kifu report`'s flags.
#[derive(Args)]
pub(super) struct ReportArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// The report's title.
    #[arg(long)]
    title: Option<String>,
    /// Most warning/error findings shown with a board diagram.
    #[arg(long, default_value_t = 60)]
    audit_limit: usize,
    /// Moves deep of the opening explorer's trees (0 leaves them out).
    #[arg(long, default_value_t = 2)]
    explorer_depth: u32,
    /// The report's directory (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    presentation: PresentationArgs,
    #[command(flatten)]
    pdf: PdfArgs,
}

pub(super) fn run(args: &ReportArgs) -> Result<ExitCode> {
    let presentation = args.presentation.presentation()?;
    let (db, out, pdf, explorer_depth) = (&args.db.db, &args.out, &args.pdf, args.explorer_depth);
    // The report is a directory: a file in its place is an error before any work.
    if out.exists() && !out.is_dir() {
        anyhow::bail!(
            "--out {}: a file is there; the report is written into a directory",
            out.display()
        );
    }
    // Chromium is looked for before the work, so a missing one fails at once.
    let chromium = match &pdf.pdf {
        Some(_) => Some(find_chromium(pdf.chromium.as_deref())?),
        None => None,
    };
    if explorer_depth > 0 {
        // Without the index the report leaves its opening trees out and says so.
        if let Err(e) = super::select::catch_up_index(db, "report") {
            eprintln!("kifu report: {}", crate::failure::message(&e));
        }
    }
    let (store, filter) = super::select::open(db, &args.filter, false, "report")?;
    let games = store.count_games(&filter)?;
    if games == 0 {
        eprintln!("kifu report: no games match; the report has no game sections");
    }
    let options = kifu_reports::ReportOptions {
        filter,
        audit_limit: args.audit_limit,
        explorer_depth,
        presentation,
        title: args.title.clone(),
        tables: kifu_analysis::REGISTRY,
    };
    let files = write_report(&store, &options, out)?;
    stdout::line(files.html.display())?;
    stdout::line(files.markdown.display())?;
    if let (Some(file), Some(chromium)) = (&pdf.pdf, &chromium) {
        print_to_pdf(chromium, &files.html, file)?;
        stdout::line(file.display())?;
    }
    summary!(
        "kifu report: {games} games, {} charts (SVG, PNG, narrow SVG) in {}, {} board diagrams",
        files.charts.len() / 3,
        out.join("charts").display(),
        files.diagrams.len()
    );
    Ok(ExitCode::SUCCESS)
}
