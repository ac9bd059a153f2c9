//! The site of a whole archive (games of more than one event): `index.html` is an events
//! index (each event one row: name, dates, games, players, kind, linking to its page),
//! continued on `events/list-K.html` when there are more events than one page lists;
//! each event has one page `events/N.html` (header, standings, crosstable, games table).
//! The index's search box looks through every game of the site by loading a compact index
//! on demand ([`crate::site::search_index`]).

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::shown_names::{ShownIn, ShownNames};
use kifu_facts::{EventTerms, GameKind};
use kifu_store::search::GameListing;

use crate::escape::escape;
use crate::lang::{Lang, Msg};
use crate::model::DrawnChart;
use crate::site::games_table::{games_html, table_order, GamesTable, Seating};
use crate::site::index::{charts_html, standings_section};
use crate::site::page::{bottom, dates_text, kind_text, top, Fact, Top};
use crate::Presentation;
use kifu_analysis::natural_cmp;

/// Most events one page of the events index lists (a page of 27,000 rows would be
/// megabytes and slow to open).
pub(crate) const EVENTS_PER_PAGE: usize = 1000;

/// One event of the site and its games.
pub(crate) struct EventGroup<'a> {
    /// Its page is `events/{number}.html`, from 1 in index order.
    pub(crate) number: usize,
    /// `None`: the games that name no event.
    pub(crate) name: Option<&'a str>,
    pub(crate) games: Vec<&'a GameListing>,
    pub(crate) first_date: Option<&'a str>,
    pub(crate) last_date: Option<&'a str>,
    pub(crate) players: usize,
    pub(crate) kinds: BTreeSet<GameKind>,
}

impl EventGroup<'_> {
    /// Where the event's name links from a page `base` deep: its own page, or the page of
    /// its one game ([`own_page`]).
    pub(crate) fn href(&self, base: &str, own_page: bool) -> String {
        match (own_page, self.games.as_slice()) {
            (false, [game]) => format!("{base}games/{}.html", game.id),
            _ => format!("{base}events/{}.html", self.number),
        }
    }

    /// The event's name as its pages show it: the curated name where one matches, in the
    /// page's language; the games without one said in that language.
    pub(crate) fn title(&self, terms: Option<&EventTerms>, shown: ShownIn) -> String {
        match terms.map(|t| t.name.as_str()).or(self.name) {
            Some(name) => shown.event(name).to_owned(),
            None => shown.lang.text(Msg::NoEventName).to_owned(),
        }
    }
}

/// The games grouped by event, latest first (undated events last, then by name).
pub(crate) fn group_events(games: &[GameListing]) -> Vec<EventGroup<'_>> {
    let mut by_name: HashMap<Option<&str>, Vec<&GameListing>> = HashMap::new();
    for g in games {
        by_name.entry(g.event.as_deref()).or_default().push(g);
    }
    let mut groups: Vec<EventGroup> = by_name
        .into_iter()
        .map(|(name, games)| {
            let dates: BTreeSet<&str> = games.iter().filter_map(|g| g.date.as_deref()).collect();
            let players: BTreeSet<&str> = games
                .iter()
                .flat_map(|g| g.players.iter().map(|(_, n)| n.as_str()))
                .collect();
            EventGroup {
                number: 0,
                name,
                first_date: dates.first().copied(),
                last_date: dates.last().copied(),
                players: players.len(),
                kinds: games.iter().map(|g| g.kind).collect(),
                games,
            }
        })
        .collect();
    groups.sort_by(|a, b| {
        let dated = match (a.first_date, b.first_date) {
            (Some(x), Some(y)) => y.cmp(x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        dated.then_with(|| match (a.name, b.name) {
            (Some(x), Some(y)) => natural_cmp(x, y),
            (x, y) => y.is_some().cmp(&x.is_some()),
        })
    });
    for (i, g) in groups.iter_mut().enumerate() {
        g.number = i + 1;
    }
    groups
}

/// Whether an event has a page of its own. An event of one game that the curation adds
/// nothing to (terms, a forfeit) links to that game's page instead: its standings would
/// only repeat the game's result, and an archive such as CCPD has 26,000 of them (most of
/// its events name one game), whose pages would double the site.
pub(crate) fn own_page(group: &EventGroup, terms: Option<&EventTerms>, curated: bool) -> bool {
    group.games.len() != 1 || terms.is_some() || curated
}

/// The curation's `[[event]]` entry of an event name, if one matches.
pub(crate) fn terms_of<'t>(terms: &'t [EventTerms], name: Option<&str>) -> Option<&'t EventTerms> {
    let name = name?;
    terms.iter().find(|t| t.name == name)
}

/// An event header's facts: dates (the curation's where it has them), venue, games,
/// players, kinds.
pub(crate) fn event_facts(
    terms: Option<&EventTerms>,
    dates: Option<String>,
    games: usize,
    players: usize,
    kinds: &BTreeSet<GameKind>,
    lang: Lang,
) -> Vec<Fact> {
    let mut facts = Vec::new();
    let curated = terms.and_then(|t| t.dates.as_deref());
    if let Some(d) = curated.map(|d| lang.date_span(d)).or(dates) {
        facts.push(Fact::of_class("dates", d));
    }
    if let Some(v) = terms.and_then(|t| t.venue.as_deref()) {
        facts.push(Fact::of_class(
            "venue",
            lang.fill(Msg::Venue, &[("venue", v)]),
        ));
    }
    facts.push(Fact::of_class("count", lang.count(Msg::GameCount, games)).with_id("game-count"));
    facts.push(Fact::of_class(
        "count",
        lang.count(Msg::PlayerCount, players),
    ));
    let kinds: Vec<&str> = kinds.iter().map(|k| kind_text(*k, lang)).collect();
    facts.push(Fact::plain(kinds.join(" · ")));
    facts
}

/// What an event page shows besides its games.
pub(crate) struct EventPage<'a> {
    pub(crate) group: &'a EventGroup<'a>,
    pub(crate) terms: Option<&'a EventTerms>,
    /// The standings section's body, its links from `events/`.
    pub(crate) standings: String,
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    /// The site's title (the link back to the index).
    pub(crate) site_title: &'a str,
    /// The logo's `<img>` (a shared file).
    pub(crate) logo: &'a str,
    /// The curation's names in other languages.
    pub(crate) names: &'a ShownNames,
    /// Where the games table links its players' pages.
    pub(crate) player_files: &'a crate::site::player_files::PlayerFiles,
    /// The links to the event's record files ([`crate::site::share::event_downloads_html`]).
    pub(crate) downloads: String,
}

/// The HTML text of `events/N.html`.
pub(crate) fn event_page(e: &EventPage, p: &Presentation) -> String {
    let lang = p.lang;
    let g = e.group;
    let title = e.group.title(e.terms, e.names.in_lang(lang));
    let facts = event_facts(
        e.terms,
        dates_text(g.first_date, g.last_date, lang),
        g.games.len(),
        g.players,
        &g.kinds,
        lang,
    );
    let path = format!("events/{}.html", g.number);
    let mut out = top(
        p,
        &Top {
            title: &title,
            base: "../",
            path: &path,
            scripts: &["fold.js", "index.js", "tables.js"],
            body_class: "index event",
            facts: &facts,
            scope: &[],
            logo: e.logo,
            up: Some(e.site_title),
        },
    );
    let _ = write!(
        out,
        "<main class=\"wrap\">\n<nav class=\"toc\"><a href=\"../index.html\">{}</a> \
         <a href=\"#standings\">{}</a> <a href=\"#games-section\">{}</a></nav>\n{}",
        lang.text(Msg::AllEvents),
        lang.text(Msg::Standings),
        lang.text(Msg::Games),
        e.downloads
    );
    // An event of one or two games has no crosstable worth a legend.
    standings_section(&mut out, &g.kinds, &e.standings, g.games.len() < 3, lang);
    let mut games = g.games.clone();
    table_order(&mut games, e.seatings);
    games_html(
        &mut out,
        &GamesTable {
            games: &games,
            seatings: e.seatings,
            base: "../",
            with_event: false,
            names: e.names,
            player_files: Some(e.player_files),
        },
        p,
    );
    out.push_str(&bottom(lang));
    out
}

/// What the events index shows.
pub(crate) struct EventsIndex<'a> {
    pub(crate) title: &'a str,
    pub(crate) groups: &'a [EventGroup<'a>],
    pub(crate) terms: &'a [EventTerms],
    /// The whole site's header facts.
    pub(crate) facts: Vec<Fact>,
    pub(crate) scope: Vec<String>,
    /// The site-wide charts (index page only).
    pub(crate) charts: &'a [(String, Vec<DrawnChart>)],
    /// The search index's shard count ([`crate::site::search_index`]).
    pub(crate) shards: usize,
    /// Per group, whether it has its own page ([`own_page`]).
    pub(crate) own_pages: &'a [bool],
    /// The curation's names in other languages.
    pub(crate) names: &'a ShownNames,
}

/// The pages of the events index: `index.html` first, then `events/list-K.html` (K from
/// 2), each as (path below the site's root, HTML).
pub(crate) fn events_index_pages(x: &EventsIndex, p: &Presentation) -> Vec<(String, String)> {
    let pages = x.groups.len().div_ceil(EVENTS_PER_PAGE).max(1);
    (1..=pages)
        .map(|k| {
            let path = if k == 1 {
                "index.html".to_string()
            } else {
                format!("events/list-{k}.html")
            };
            (path, events_index_page(x, p, k, pages))
        })
        .collect()
}

fn list_href(from_base: &str, k: usize) -> String {
    if k == 1 {
        format!("{from_base}index.html")
    } else {
        format!("{from_base}events/list-{k}.html")
    }
}

/// Page `k` of `pages` of the events index.
fn events_index_page(x: &EventsIndex, p: &Presentation, k: usize, pages: usize) -> String {
    let lang = p.lang;
    let base = if k == 1 { "" } else { "../" };
    let logo = p.logo_html();
    let path = list_href("", k);
    let mut out = top(
        p,
        &Top {
            title: x.title,
            base,
            path: &path,
            scripts: if k == 1 {
                &["fold.js", "archive.js", "tables.js"]
            } else {
                &["tables.js"]
            },
            body_class: "index events",
            facts: &x.facts,
            scope: &x.scope,
            logo: &logo,
            up: None,
        },
    );
    out.push_str("<main class=\"wrap\">\n");
    if k == 1 {
        search_html(&mut out, x.shards, lang);
    }
    let from = (k - 1) * EVENTS_PER_PAGE;
    let shown = &x.groups[from.min(x.groups.len())..(k * EVENTS_PER_PAGE).min(x.groups.len())];
    let _ = write!(
        out,
        "<section id=\"events\"><h2>{}</h2>\n<p class=\"intro\">{}</p>\n",
        lang.text(Msg::Events),
        lang.fill(
            Msg::EventsShown,
            &[
                ("from", &(from + 1).min(x.groups.len()).to_string()),
                ("to", &(from + shown.len()).to_string()),
                ("n", &x.groups.len().to_string()),
            ]
        )
    );
    pager_html(&mut out, base, k, pages, lang);
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table id=\"events-list\" data-events=\"{}\">\n<thead><tr>\
         <th>{}</th><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th>{}</th>\
         </tr></thead>\n<tbody>\n",
        x.groups.len(),
        lang.text(Msg::EventColumn),
        lang.text(Msg::DatesColumn),
        lang.text(Msg::GamesColumn),
        lang.text(Msg::PlayersColumn),
        lang.text(Msg::KindColumn),
    );
    for (g, &own) in shown
        .iter()
        .zip(&x.own_pages[from.min(x.own_pages.len())..])
    {
        let kinds: Vec<&str> = g.kinds.iter().map(|k| kind_text(*k, lang)).collect();
        // Kept terse: the first page of a large archive lists a thousand of these.
        let _ = writeln!(
            out,
            "<tr class=\"event\"><td><a href=\"{}\">{}</a></td><td>{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            g.href(base, own),
            escape(&g.title(terms_of(x.terms, g.name), x.names.in_lang(lang))),
            escape(&dates_text(g.first_date, g.last_date, lang).unwrap_or_default()),
            g.games.len(),
            g.players,
            kinds.join(" · ")
        );
    }
    out.push_str("</tbody></table></div>\n");
    pager_html(&mut out, base, k, pages, lang);
    out.push_str("</section>\n");
    if k == 1 {
        charts_html(&mut out, x.charts, "", lang);
    }
    out.push_str(&bottom(lang));
    out
}

/// Links to every page of the events index (none when there is one).
fn pager_html(out: &mut String, base: &str, k: usize, pages: usize, lang: Lang) {
    if pages < 2 {
        return;
    }
    let _ = write!(out, "<nav class=\"pages\">{}:", lang.text(Msg::Pages));
    for j in 1..=pages {
        if j == k {
            let _ = write!(out, " <b>{j}</b>");
        } else {
            let _ = write!(out, " <a href=\"{}\">{j}</a>", list_href(base, j));
        }
    }
    out.push_str("</nav>\n");
}

/// The search over every game: the box, the count, and the table the script fills with
/// the games that match (`tr.game[data-game]`, as on an event page).
fn search_html(out: &mut String, shards: usize, lang: Lang) {
    let _ = write!(
        out,
        "<section id=\"games-section\"><h2>{}</h2>\n<div class=\"search\">\
         <label for=\"search\">{}</label> <input id=\"search\" type=\"search\" \
         placeholder=\"{}\" autocomplete=\"off\" data-shards=\"{shards}\"> \
         <span class=\"shown\"><span id=\"shown\"></span></span></div>\n\
         <p id=\"search-loading\" class=\"note\" hidden>{}</p>\n\
         <p id=\"no-match\" class=\"note\" hidden>{}</p>\n\
         <p id=\"search-more\" class=\"note\" hidden></p>\n\
         <div class=\"table-wrap\"><table id=\"games\" hidden data-more=\"{}\">\n<thead><tr>\
         <th class=\"num\">{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>\
         </tr></thead>\n<tbody></tbody></table></div></section>\n",
        lang.text(Msg::Games),
        lang.text(Msg::Search),
        escape(lang.text(Msg::SearchEveryGame)),
        lang.text(Msg::SearchLoading),
        lang.text(Msg::NoMatch),
        escape(lang.text(Msg::SearchFirstShown)),
        lang.text(Msg::GameColumn),
        lang.text(Msg::EventColumn),
        lang.text(Msg::RoundColumn),
        lang.text(Msg::PlayersColumn),
        lang.text(Msg::ResultColumn),
        lang.text(Msg::OpeningColumn),
    );
}
