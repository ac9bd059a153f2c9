//! The event site (`kifu site`): a static, self-contained site for the games a filter
//! selects: an index ([`index`]: header, standings and crosstables linking every game
//! ([`standings`]), the games table with a search box, the audit summary, the report's
//! charts) and one replayable page per game ([`game`]). Plain HTML, one shared style sheet
//! and small scripts in `assets/`; no request leaves a page, so it works from `file://`.
//!
//! Layout: `index.html`, `games/ID.html`, `assets/` (`site.css`, `index.js`, the game
//! pages' files), `charts/` (SVG and PNG).

pub mod frames;
pub mod game;
mod index;
mod standings;
pub mod variations;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use kifu_analysis::Filter;
use kifu_store::query::FindingRow;
use kifu_store::search::GameOrder;
use kifu_store::Store;

use crate::build::{build_report, ReportOptions};
use crate::write::draw_charts;
use crate::Error;

/// The shared style sheet (the index's and the game pages' base).
pub const SITE_CSS: &str = include_str!("site.css");
/// The index's search box.
pub const INDEX_JS: &str = include_str!("index.js");

/// What a site covers.
#[derive(Clone, Debug, Default)]
pub struct SiteOptions {
    /// The games: the one game filter every command takes.
    pub filter: Filter,
    /// The site's title; by default the event (or events) of its games.
    pub title: Option<String>,
    /// Edition, language and branding.
    pub presentation: crate::Presentation,
}

/// What [`write_site`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteFiles {
    pub index: PathBuf,
    /// Game pages written.
    pub games: usize,
    /// Chart files (SVG and PNG).
    pub charts: usize,
    /// The site's total size in bytes (every file it wrote).
    pub bytes: u64,
}

/// The stages [`write_site`] reports through its callback, in order.
pub const SITE_STAGES: [&str; 4] = [
    "the report's charts",
    "game pages",
    "the index",
    "replacing the earlier site",
];

/// The folder a site is built in, inside its directory, before it replaces the earlier one.
const STAGING: &str = ".kifu-site-new";

/// The parts of a site [`write_site`] replaces as a whole.
const PARTS: [&str; 3] = ["games", "charts", "assets"];

fn io(p: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let p = p.to_path_buf();
    move |e| Error::Io(p, e)
}

fn write(path: &Path, bytes: &[u8], total: &mut u64) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(io(path))?;
    *total += bytes.len() as u64;
    Ok(())
}

/// The default title: the event of the games, or their events listed.
fn default_title(events: &BTreeSet<&str>) -> String {
    match events.len() {
        0 => "kifu event site".into(),
        1..=3 => events.iter().copied().collect::<Vec<_>>().join(" · "),
        n => format!("{n} events"),
    }
}

/// Writes the site of the games under `options.filter` into `dir`: built whole in a folder
/// inside `dir` first, then its `index.html`, `games/`, `charts/` and `assets/` replace an
/// earlier site's (a site that cannot be built leaves the earlier one whole). `stage` is
/// called as each of [`SITE_STAGES`] begins (from 1).
pub fn write_site(
    store: &Store,
    options: &SiteOptions,
    dir: &Path,
    stage: &mut dyn FnMut(u64, &str),
) -> Result<SiteFiles, Error> {
    let staging = dir.join(STAGING);
    if staging.exists() {
        std::fs::remove_dir_all(&staging).map_err(io(&staging))?;
    }
    let built = build(store, options, &staging, stage);
    let mut files = match built {
        Ok(files) => files,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
    };
    stage(4, SITE_STAGES[3]);
    for part in PARTS {
        let old = dir.join(part);
        if old.is_dir() {
            std::fs::remove_dir_all(&old).map_err(io(&old))?;
        }
        let new = staging.join(part);
        std::fs::rename(&new, &old).map_err(io(&new))?;
    }
    let index = dir.join("index.html");
    std::fs::rename(staging.join("index.html"), &index).map_err(io(&index))?;
    std::fs::remove_dir_all(&staging).map_err(io(&staging))?;
    files.index = index;
    Ok(files)
}

/// The whole site in `root` (the staging folder).
fn build(
    store: &Store,
    options: &SiteOptions,
    root: &Path,
    stage: &mut dyn FnMut(u64, &str),
) -> Result<SiteFiles, Error> {
    let filter = &options.filter;
    let mut files = SiteFiles::default();
    for part in PARTS {
        let p = root.join(part);
        std::fs::create_dir_all(&p).map_err(io(&p))?;
    }
    let games = store.list_games(filter, GameOrder::Id, None)?;
    let events: BTreeSet<&str> = games.iter().filter_map(|g| g.event.as_deref()).collect();
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| default_title(&events));

    stage(1, SITE_STAGES[0]);
    let report = build_report(
        store,
        &ReportOptions {
            title: Some(title.clone()),
            filter: filter.clone(),
            audit_limit: 0,
            explorer_depth: 0,
            presentation: options.presentation.clone(),
        },
    )?;
    let mut chart_files = Vec::new();
    let drawn = draw_charts(&report, &root.join("charts"), &mut chart_files)?;
    for f in &chart_files {
        files.bytes += std::fs::metadata(f).map_err(io(f))?.len();
    }
    files.charts = chart_files.len();

    stage(2, SITE_STAGES[1]);
    // A game page shows every finding of its game, whatever codes the filter names.
    let all_findings = store.findings(
        &Filter {
            codes: Vec::new(),
            severity: None,
            ..filter.clone()
        },
        None,
    )?;
    let mut by_game: std::collections::HashMap<i64, Vec<FindingRow>> = Default::default();
    for f in all_findings {
        if let Some(g) = f.game {
            by_game.entry(g).or_default().push(f);
        }
    }
    let links = game::GameLinks::new(
        "../index.html",
        &title,
        games.iter().map(|g| g.source.as_str()),
    )
    .presented(&options.presentation);
    for g in &games {
        // A field the record lacks and a linked copy gives is shown, and said to be the
        // copy's (as `kifu show` does).
        let row = game::with_copies_header(store.game(g.id)?, store.filled_header(g.id)?);
        let findings = by_game.get(&g.id).map_or(&[][..], Vec::as_slice);
        let page = game::game_page(&row, findings, &links)?;
        let path = root.join("games").join(format!("{}.html", g.id));
        write(&path, page.as_bytes(), &mut files.bytes)?;
        files.games += 1;
    }
    let assets = root.join("assets");
    write(
        &assets.join("site.css"),
        SITE_CSS.as_bytes(),
        &mut files.bytes,
    )?;
    write(
        &assets.join("index.js"),
        INDEX_JS.as_bytes(),
        &mut files.bytes,
    )?;
    for (name, bytes) in game::game_assets() {
        write(&assets.join(name), bytes, &mut files.bytes)?;
    }

    stage(3, SITE_STAGES[2]);
    let findings = store.findings(filter, None)?;
    let page = index::index_page(&index::Index {
        title: &title,
        scope: filter.describe(),
        games: &games,
        findings: &findings,
        standings: standings::standings_html(store, filter)?,
        charts: report
            .sections
            .iter()
            .map(|s| s.title.clone())
            .zip(drawn)
            .collect(),
    });
    write(&root.join("index.html"), page.as_bytes(), &mut files.bytes)?;
    Ok(files)
}
