//! `kifu site`: a static event site (index, one page per game, shared assets and charts)
//! written into a directory.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

use super::args::{DbArg, FilterArgs};
use super::presentation::PresentationArgs;
use super::progress::summary;
use crate::stdout;

/// `kifu site`'s flags.
#[derive(Args)]
pub(super) struct SiteArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// The site's title (by default the event, or events, of its games).
    #[arg(long)]
    title: Option<String>,
    /// The site's directory (created if missing; an earlier site's pages, charts and
    /// assets are replaced once the new site is built).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    presentation: PresentationArgs,
}

pub(super) fn run(args: &SiteArgs) -> Result<ExitCode> {
    let presentation = args.presentation.presentation()?;
    let out = &args.out;
    // The site is a directory: a file in its place is an error before any work.
    if out.exists() && !out.is_dir() {
        anyhow::bail!(
            "--out {}: a file is there; the site is written into a directory",
            out.display()
        );
    }
    // The players' ratings beside their names are the stored lists.
    super::derived::ratings_up_to_date(&args.db.db)?;
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "site")?;
    let games = store.count_games(&filter)?;
    if games == 0 {
        eprintln!("kifu site: no games match; no site written");
        return Ok(ExitCode::SUCCESS);
    }
    let options = kifu_reports::site::SiteOptions {
        filter,
        title: args.title.clone(),
        presentation,
        tables: kifu_analysis::REGISTRY,
    };
    let stages = super::progress::Stages::new(kifu_reports::site::SITE_STAGES.len() as u64);
    std::fs::create_dir_all(out)?;
    let files =
        kifu_reports::site::write_site(&store, &options, out, &mut |n, what| stages.start(n, what));
    stages.finish();
    let files = files?;
    stdout::line(files.index.display())?;
    summary!(
        "kifu site: {games} game{}, {} game pages, {} chart files, {:.1} MB in {}",
        if games == 1 { "" } else { "s" },
        files.games,
        files.charts,
        files.bytes as f64 / 1e6,
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
