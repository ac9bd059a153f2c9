//! The event site (`kifu site`): a static, self-contained site for the games a filter
//! selects. Games of one event: an index ([`index`]: header, standings and crosstables
//! linking every game ([`standings`]), the games table with a search box
//! ([`games_table`]), the audit summary in the audit edition, the report's charts). Games
//! of many events (a whole archive, [`events`]): an events index with a search over every
//! game ([`search_index`]) and one page per event. Either way one replayable page per game
//! ([`game`]) and one page per player ([`player`], lean in an archive; their files:
//! [`player_files`]).
//! Plain HTML, one shared style sheet and small scripts in `assets/`; no request leaves a
//! page, so it works from `file://`.
//!
//! Layout: `index.html`, `events/N.html` (`?embed`: its standings alone, to embed),
//! `events/N-all-KIND.EXT` (the event's records) and `events/list-K.html` (archives),
//! `games/ID.html`, `players/NAME.html` (the name percent-encoded), `assets/` (`site.css`,
//! the scripts, the search index, the game pages' files), `charts/` (SVG and PNG).

mod board_png;
mod embed;
mod events;
mod fold;
mod frame_texts;
pub mod frames;
pub mod game;
mod games_table;
mod index;
mod page;
mod player;
mod player_files;
mod rating_chart;
pub mod round_nav;
mod search_index;
pub mod served;
mod share;
mod standings;
pub use standings::event_standings_html;
pub mod variations;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use kifu_analysis::shown_names::ShownNames;
use kifu_analysis::{Filter, TableDef};
use kifu_facts::GameKind;
use kifu_store::query::FindingRow;
use kifu_store::search::{GameListing, GameOrder};
use kifu_store::Store;
use rayon::prelude::*;

use crate::build::{build_report, ReportOptions};
use crate::lang::Edition;
use crate::write::draw_charts;
use crate::Error;

/// The shared style sheet (the index's and the game pages' base).
pub const SITE_CSS: &str = include_str!("site.css");
/// The index's search box.
pub const INDEX_JS: &str = include_str!("index.js");
/// The events index's search over every game of an archive.
pub const ARCHIVE_JS: &str = include_str!("archive.js");
/// Tables wider than a phone's screen stacked.
pub const TABLES_JS: &str = include_str!("tables.js");

/// What a site covers.
#[derive(Clone, Debug)]
pub struct SiteOptions {
    /// The games: the one game filter every command takes.
    pub filter: Filter,
    /// The site's title; by default the event (or events) of its games.
    pub title: Option<String>,
    /// Edition, language and branding.
    pub presentation: crate::Presentation,
    /// The statistics tables whose charts the index shows ([`kifu_analysis::REGISTRY`]).
    pub tables: &'static [TableDef],
}

impl Default for SiteOptions {
    fn default() -> Self {
        SiteOptions {
            filter: Filter::default(),
            title: None,
            presentation: Default::default(),
            tables: kifu_analysis::REGISTRY,
        }
    }
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

/// Game pages read from the store before they are written in parallel.
const PAGES_PER_CHUNK: usize = 256;

/// The folder a site is built in, inside its directory, before it replaces the earlier one.
const STAGING: &str = ".kifu-site-new";

/// The parts of a site [`write_site`] replaces as a whole.
const PARTS: [&str; 5] = ["games", "players", "events", "charts", "assets"];

fn io(p: &Path) -> impl FnOnce(std::io::Error) -> Error {
    let p = p.to_path_buf();
    move |e| Error::Io(p, e)
}

fn write(path: &Path, bytes: &[u8], total: &mut u64) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(io(path))?;
    *total += bytes.len() as u64;
    Ok(())
}

/// The default title: the event of the games, or their events listed (more than a few:
/// what was selected, its kinds and games).
fn default_title(
    events: &BTreeSet<&str>,
    games: &[kifu_store::search::GameListing],
    lang: crate::Lang,
) -> String {
    match events.len() {
        0 => lang.text(crate::lang::Msg::Games).into(),
        1..=3 => events.iter().copied().collect::<Vec<_>>().join(" · "),
        _ => crate::masthead::selection_title(games, lang),
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
        // A site of one event has no `events/`.
        let new = staging.join(part);
        if new.is_dir() {
            std::fs::rename(&new, &old).map_err(io(&new))?;
        }
    }
    // The embeddable pages (a site of one event), replaced or removed with the rest.
    for page in [embed::EMBED_GAME, embed::EMBED_STANDINGS] {
        let (new, old) = (staging.join(page), dir.join(page));
        if new.is_file() {
            std::fs::rename(&new, &old).map_err(io(&new))?;
        } else if old.is_file() {
            std::fs::remove_file(&old).map_err(io(&old))?;
        }
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
    // The standings' rows, ratings and the curation's terms and names, read once: every
    // page names what it shows through them.
    let source =
        standings::StandingsSource::load(store, filter, options.presentation.shows_ratings())?;
    let names = &source.names;
    let shown = names.in_lang(options.presentation.lang);
    let events: BTreeSet<&str> = games
        .iter()
        .filter_map(|g| g.event.as_deref())
        .map(|e| shown.event(e))
        .collect();
    let title = options
        .title
        .clone()
        .unwrap_or_else(|| default_title(&events, &games, options.presentation.lang));

    stage(1, SITE_STAGES[0]);
    let report = build_report(
        store,
        &ReportOptions {
            title: Some(title.clone()),
            filter: filter.clone(),
            audit_limit: 0,
            explorer_depth: 0,
            presentation: options.presentation.clone(),
            tables: options.tables,
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
    let seatings = games_table::seatings(source.rows());
    let groups = events::group_events(&games);
    let own_pages = own_pages(&groups, &source);
    let curated = curated_names(&source);
    let archive_site = groups.len() > 1;
    let player_files = if archive_site {
        player_files::PlayerFiles::numbered(&games)
    } else {
        player_files::PlayerFiles::Named
    };
    let event_pages: Vec<(Option<String>, String)> = groups
        .iter()
        .zip(&own_pages)
        .map(|(g, &own)| {
            let href = round_nav::event_page_href(g, own, archive_site);
            let terms = event_terms(&source.terms, &curated, g);
            let title = if archive_site {
                g.title(terms, names.in_lang(options.presentation.lang))
            } else {
                one_event_title(options, terms, names, title.clone())
            };
            (href, title)
        })
        .collect();
    // Each game's record file and board picture in a site of one event: an archive's
    // would add about a third to its game pages (it writes one record file per event,
    // [`archive`]). Every page has its preview's meta.
    let downloads = !archive_site;
    // The games whose records a download holds: an archive's event of one game has no
    // page, and so no download.
    let recorded: std::collections::HashSet<i64> = groups
        .iter()
        .zip(&own_pages)
        .filter(|&(_, &own)| own || !archive_site)
        .flat_map(|(g, _)| g.games.iter().map(|x| x.id))
        .collect();
    // A picture only a preview reads, and a preview reads only an absolute address.
    let pictures = downloads && options.presentation.base_url.is_some();
    let links = game::GameLinks {
        downloads,
        pictures,
        previews: true,
        round_navs: round_nav::round_navs(
            &groups,
            &event_pages,
            &seatings,
            &round_nav::sections(source.rows()),
        ),
        names: std::sync::Arc::new(names.clone()),
        name_pages: Some(game::NamePages {
            player: format!("../{}/", player_files::PLAYERS_DIR),
            event: None,
            suffix: ".html".into(),
            encoded_files: true,
        }),
        player_numbers: match &player_files {
            player_files::PlayerFiles::Numbered(numbers) => Some(numbers.clone()),
            player_files::PlayerFiles::Named => None,
        },
        ..links
    };
    // The store is read by one thread, a chunk of games at a time; their pages (a replay
    // each, most of a site's time) are written in parallel.
    let games_dir = root.join("games");
    // A field the record lacks and a linked copy gives is shown, and said to be the copy's
    // (as `kifu show` does).
    // The record file is the stored game's own (not the header its copies fill in).
    type Read = (kifu_store::query::GameRow, Option<String>);
    // A page's bytes written, and its game's id and record by kind.
    type Written = (u64, i64, Option<(GameKind, String)>);
    let read = |chunk: &[GameListing]| -> Result<Vec<Read>, Error> {
        chunk
            .iter()
            .map(|g| {
                let row = store.game(g.id)?;
                let record = recorded
                    .contains(&g.id)
                    .then(|| share::record_text(&row))
                    .flatten();
                Ok((
                    game::with_copies_header(
                        row,
                        store.filled_header(g.id)?,
                        options.presentation.lang,
                    ),
                    record,
                ))
            })
            .collect()
    };
    let render = |rows: Vec<Read>| -> Result<Vec<Written>, Error> {
        rows.into_par_iter()
            .map(|(row, record)| {
                let findings = by_game.get(&row.id).map_or(&[][..], Vec::as_slice);
                let mut bytes = 0;
                if pictures {
                    let png = games_dir.join(board_png::picture_file(row.id));
                    bytes += board_png::final_position_png(&row, &png)?;
                }
                // A game the notation cannot hold has no file to link, one that cannot be
                // replayed no picture to name.
                let unwritten;
                let links = if (downloads && record.is_none()) || (pictures && bytes == 0) {
                    unwritten = game::GameLinks {
                        downloads: downloads && record.is_some(),
                        pictures: pictures && bytes > 0,
                        ..links.clone()
                    };
                    &unwritten
                } else {
                    &links
                };
                let page = game::game_page(&row, findings, links)?;
                let path = games_dir.join(format!("{}.html", row.id));
                write(&path, page.as_bytes(), &mut bytes)?;
                if let Some(text) = record.as_ref().filter(|_| downloads) {
                    let file = games_dir.join(share::record_file(row.id, row.kind));
                    write(&file, text.as_bytes(), &mut bytes)?;
                }
                Ok((bytes, row.id, record.map(|r| (row.kind, r))))
            })
            .collect()
    };
    // Every game's record: the event's download (an archive's events each their own).
    let mut records: HashMap<i64, (GameKind, String)> = HashMap::new();
    // This thread reads the next chunk while the pool renders the last one.
    let mut chunks = games.chunks(PAGES_PER_CHUNK);
    let mut next = chunks.next().map(read).transpose()?;
    while let Some(rows) = next.take() {
        let (written, read_next) = std::thread::scope(|scope| {
            let rendering = scope.spawn(|| render(rows));
            let read_next = chunks.next().map(read).transpose();
            (rendering.join().expect("rendering game pages"), read_next)
        });
        let written = written?;
        next = read_next?;
        files.games += written.len();
        for (bytes, id, record) in written {
            files.bytes += bytes;
            if let Some(record) = record {
                records.insert(id, record);
            }
        }
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

    let openings: Vec<String> = games
        .iter()
        .map(|g| {
            games_table::opening_text(g, options.presentation.edition, options.presentation.lang)
        })
        .collect();
    let searched = games
        .iter()
        .flat_map(|g| {
            let names = g.players.iter().map(|(_, n)| n.as_str());
            [g.event.as_deref(), g.round.as_deref()]
                .into_iter()
                .flatten()
                .chain(names)
        })
        .chain(openings.iter().map(String::as_str));
    write(
        &assets.join("fold.js"),
        fold::fold_script(searched).as_bytes(),
        &mut files.bytes,
    )?;
    write(
        &assets.join("tables.js"),
        TABLES_JS.as_bytes(),
        &mut files.bytes,
    )?;
    write(
        &assets.join("archive.js"),
        ARCHIVE_JS.as_bytes(),
        &mut files.bytes,
    )?;
    if let Some(logo) = &options.presentation.logo {
        write(&assets.join(logo_file(logo)), &logo.bytes, &mut files.bytes)?;
    }

    stage(3, SITE_STAGES[2]);
    let charts: Vec<(String, Vec<crate::model::DrawnChart>)> = report
        .sections
        .iter()
        .map(|s| s.title.clone())
        .zip(drawn)
        .collect();
    let tables = source.points_tables();
    let histories = source.histories();
    // An archive's player pages link each game's event page, where it has one.
    let event_hrefs: HashMap<i64, String> = groups
        .iter()
        .zip(&event_pages)
        .filter(|_| archive_site)
        .filter_map(|(g, (href, _))| Some((g, href.as_ref()?)))
        .flat_map(|(g, href)| g.games.iter().map(move |x| (x.id, href.clone())))
        .collect();
    let site = player::SitePlayers::new(
        &games,
        &tables,
        &seatings,
        &title,
        &histories,
        names,
        &event_hrefs,
        &player_files,
    );
    write_player_pages(store, options, root, &site, &mut files.bytes)?;
    let held: BTreeSet<kifu_facts::GameKind> = games.iter().map(|g| g.kind).collect();
    let scope = filter.describe(&held.into_iter().collect::<Vec<_>>());
    if groups.len() > 1 {
        archive(
            root,
            options,
            &Archive {
                title: &title,
                games: &games,
                groups: &groups,
                source: &source,
                seatings: &seatings,
                own_pages: &own_pages,
                records: &records,
                player_files: &player_files,
                scope,
                charts,
            },
            &mut files.bytes,
        )?;
        return Ok(files);
    }
    let events_dir = root.join("events");
    std::fs::remove_dir(&events_dir).map_err(io(&events_dir))?;
    let p = &options.presentation;
    let terms = groups
        .first()
        .and_then(|g| event_terms(&source.terms, &curated, g));
    let title = one_event_title(options, terms, names, title);
    let dates: BTreeSet<&str> = games.iter().filter_map(|g| g.date.as_deref()).collect();
    let players: BTreeSet<&str> = games
        .iter()
        .flat_map(|g| g.players.iter().map(|(_, n)| n.as_str()))
        .collect();
    let kinds: BTreeSet<kifu_facts::GameKind> = games.iter().map(|g| g.kind).collect();
    let facts = events::event_facts(
        terms,
        page::dates_text(dates.first().copied(), dates.last().copied(), p.lang),
        games.len(),
        players.len(),
        &kinds,
        p.lang,
    );
    let findings = match p.edition {
        Edition::Audit => store.findings(filter, None)?,
        Edition::Public => Vec::new(),
    };
    let standings = source.whole().html("", p.lang);
    let record_kinds = write_event_records(
        &root.join("games"),
        "",
        &games.iter().collect::<Vec<_>>(),
        &records,
        &mut files.bytes,
    )?;
    write(
        &root.join(embed::EMBED_GAME),
        embed::embed_game_page(&title, p).as_bytes(),
        &mut files.bytes,
    )?;
    write(
        &root.join(embed::EMBED_STANDINGS),
        embed::embed_standings_page(&title, &standings, p).as_bytes(),
        &mut files.bytes,
    )?;
    let page = index::index_page(&index::Index {
        title: &title,
        facts,
        seatings: &seatings,
        presentation: p,
        scope,
        games: &games,
        findings: &findings,
        standings,
        charts,
        names: &source.names,
        downloads: share::event_downloads_html(&record_kinds, "games/", p.lang),
    });
    write(&root.join("index.html"), page.as_bytes(), &mut files.bytes)?;
    Ok(files)
}

/// One page per player the site's games seat, each rendering the player's record over the
/// site's games and the player's lines of the site's standings. A name with a `*` gets none (a filter would read it as a pattern).
fn write_player_pages(
    store: &Store,
    options: &SiteOptions,
    root: &Path,
    site: &player::SitePlayers,
    bytes: &mut u64,
) -> Result<(), Error> {
    let dir = root.join(player_files::PLAYERS_DIR);
    // Spellings sharing a page (an archive's, [`player_files::PlayerFiles::numbered`]) write it
    // once, headed by the spelling of the most games.
    let mut seated: Vec<&str> = site.seated().into_iter().collect();
    seated.sort_by_key(|name| std::cmp::Reverse(site.games.get(name).map_or(0, Vec::len)));
    let mut written = std::collections::HashSet::new();
    for name in seated {
        let Some(file) = site.files.file(name) else {
            continue;
        };
        if !written.insert(file.clone()) {
            continue;
        }
        let record = kifu_analysis::player::player_results(store, name, &options.filter)?;
        let page = player::PlayerPage::new(&record, site);
        let html = player::player_page(&page, &options.presentation);
        write(&dir.join(file), html.as_bytes(), bytes)?;
    }
    Ok(())
}

/// The records of `games` (those [`share::record_text`] could write), each kind's in one
/// file in `dir` named `{prefix}all-KIND.EXT` ([`share::event_records_file`]), in the
/// games' order: an event's download. The kinds written, in order.
fn write_event_records(
    dir: &Path,
    prefix: &str,
    games: &[&GameListing],
    records: &HashMap<i64, (GameKind, String)>,
    bytes: &mut u64,
) -> Result<Vec<GameKind>, Error> {
    let mut by_kind: std::collections::BTreeMap<GameKind, String> = Default::default();
    for (kind, text) in games.iter().filter_map(|g| records.get(&g.id)) {
        by_kind.entry(*kind).or_default().push_str(text);
    }
    for (kind, text) in &by_kind {
        let file = dir.join(format!("{prefix}{}", share::event_records_file(*kind)));
        write(&file, text.as_bytes(), bytes)?;
    }
    Ok(by_kind.into_keys().collect())
}

/// The logo's file in `assets/`, named by its type.
fn logo_file(logo: &crate::presentation::Logo) -> String {
    let ext = match logo.mime {
        "image/svg+xml" => "svg",
        "image/jpeg" => "jpg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        _ => "png",
    };
    format!("logo.{ext}")
}

/// Each stored game's event as the curation names it (where an `[[event]]` took it).
fn curated_names(source: &standings::StandingsSource) -> HashMap<i64, &str> {
    source
        .rows()
        .filter(|r| !r.is_curated())
        .filter_map(|r| r.event.as_deref().map(|e| (r.game, e)))
        .collect()
}

/// A group's `[[event]]` terms: the curation's entry of its event (by the name the
/// curation gave its games, `curated` ([`curated_names`]), or the recorded one).
fn event_terms<'s>(
    terms: &'s [kifu_facts::EventTerms],
    curated: &HashMap<i64, &str>,
    group: &events::EventGroup,
) -> Option<&'s kifu_facts::EventTerms> {
    let name = group.games.iter().find_map(|x| curated.get(&x.id).copied());
    events::terms_of(terms, name.or(group.name))
}

/// A site of one event's title: the one asked for, else the curation's name of the event,
/// else `default`.
fn one_event_title(
    options: &SiteOptions,
    terms: Option<&kifu_facts::EventTerms>,
    names: &ShownNames,
    default: String,
) -> String {
    match (&options.title, terms) {
        (None, Some(t)) => names
            .in_lang(options.presentation.lang)
            .event(&t.name)
            .to_owned(),
        _ => default,
    }
}

/// Whether each group has a page of its own ([`events::own_page`]): a curation's own row
/// (a forfeit, a game without moves) names the event, or its terms or games call for one.
fn own_pages(groups: &[events::EventGroup], source: &standings::StandingsSource) -> Vec<bool> {
    let curated = curated_names(source);
    let curated_events: BTreeSet<&str> = source
        .rows()
        .filter(|r| r.is_curated())
        .filter_map(|r| r.event.as_deref())
        .collect();
    groups
        .iter()
        .map(|g| {
            let curated_row = g.name.is_some_and(|n| curated_events.contains(n));
            events::own_page(g, event_terms(&source.terms, &curated, g), curated_row)
        })
        .collect()
}

/// What an archive's pages are made of.
struct Archive<'a> {
    title: &'a str,
    games: &'a [GameListing],
    groups: &'a [events::EventGroup<'a>],
    source: &'a standings::StandingsSource,
    seatings: &'a HashMap<i64, games_table::Seating>,
    /// Whether each group has a page of its own ([`own_pages`]).
    own_pages: &'a [bool],
    /// Each game's record ([`share::record_text`]): the event pages' downloads.
    records: &'a HashMap<i64, (GameKind, String)>,
    player_files: &'a player_files::PlayerFiles,
    scope: Vec<String>,
    charts: Vec<(String, Vec<crate::model::DrawnChart>)>,
}

/// The pages of a site of many events: the events index, one page per event, the search
/// index.
fn archive(root: &Path, options: &SiteOptions, a: &Archive, bytes: &mut u64) -> Result<(), Error> {
    let p = &options.presentation;
    let dir = root.join("events");
    // Each result row goes to the page of its game's event (a curation's game without
    // moves to the event of its name).
    let mut page_of_game: HashMap<i64, usize> = HashMap::new();
    let mut page_of_name: HashMap<&str, usize> = HashMap::new();
    for (i, g) in a.groups.iter().enumerate() {
        for game in &g.games {
            page_of_game.insert(game.id, i);
        }
        if let Some(name) = g.name {
            page_of_name.insert(name, i);
        }
    }
    let parts = a.source.split(a.groups.len(), |row| {
        if row.is_curated() {
            row.event
                .as_deref()
                .and_then(|e| page_of_name.get(e).copied())
        } else {
            page_of_game.get(&row.game).copied()
        }
    });
    let curated = curated_names(a.source);
    let logo = match &p.logo {
        Some(l) => format!(
            "<img class=\"logo\" alt=\"\" src=\"../assets/{}\">",
            logo_file(l)
        ),
        None => String::new(),
    };
    for ((g, rows), &own) in a.groups.iter().zip(&parts).zip(a.own_pages) {
        if !own {
            continue;
        }
        let terms = event_terms(&a.source.terms, &curated, g);
        let standings = rows.html("../", p.lang);
        // Beside the page, `N-all-KIND.EXT`: its games' records.
        let prefix = format!("{}-", g.number);
        let kinds = write_event_records(&dir, &prefix, &g.games, a.records, bytes)?;
        let page_file = format!("{}.html", g.number);
        let page = events::event_page(
            &events::EventPage {
                group: g,
                terms,
                standings,
                seatings: a.seatings,
                site_title: a.title,
                logo: &logo,
                names: &a.source.names,
                downloads: share::event_downloads_html(&kinds, &prefix, p.lang),
                player_files: a.player_files,
            },
            p,
        );
        write(&dir.join(page_file), page.as_bytes(), bytes)?;
    }
    let players: BTreeSet<&str> = a
        .games
        .iter()
        .flat_map(|g| g.players.iter().map(|(_, n)| n.as_str()))
        .collect();
    let kinds: BTreeSet<kifu_facts::GameKind> = a.games.iter().map(|g| g.kind).collect();
    let dates: BTreeSet<&str> = a.games.iter().filter_map(|g| g.date.as_deref()).collect();
    let mut facts = vec![page::Fact::of_class(
        "count",
        share::event_count_text(
            a.groups.len(),
            a.groups.iter().filter(|g| g.games.len() == 1).count(),
            p.lang,
        ),
    )
    .with_id("event-count")];
    facts.extend(events::event_facts(
        None,
        page::dates_text(dates.first().copied(), dates.last().copied(), p.lang),
        a.games.len(),
        players.len(),
        &kinds,
        p.lang,
    ));
    let index = events::EventsIndex {
        title: a.title,
        groups: a.groups,
        terms: &a.source.terms,
        facts,
        scope: a.scope.clone(),
        charts: &a.charts,
        shards: search_index::shard_count(a.games.len()),
        own_pages: a.own_pages,
        names: &a.source.names,
    };
    for (path, html) in events::events_index_pages(&index, p) {
        write(&root.join(path), html.as_bytes(), bytes)?;
    }
    for (name, text) in search_index::search_files(a.groups, a.own_pages, p.edition, p.lang) {
        write(&root.join("assets").join(name), text.as_bytes(), bytes)?;
    }
    Ok(())
}
