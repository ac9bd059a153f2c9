//! The site's pages as `kifu serve` renders them, one request at a time, from the same
//! functions the static site writes them with: a game page's way through its event
//! ([`event_navs`], the site's [`super::round_nav`] over that one event's games) and a
//! player's page ([`player_page`], the site's [`super::player`] over every event the player
//! played in). The server keeps an event's navigation while the games stay as they were
//! read. What the curation gives every page (its names in other languages, its
//! events' terms) is read once into a [`Curated`], which the server keeps while the
//! applied curation stays the same ([`Curated::mark`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

pub use kifu_analysis::shown_names::ShownNames;

use kifu_analysis::ratings::RatingHistory;
use kifu_analysis::standings::{points_tables, Table};
use kifu_analysis::Filter;
use kifu_facts::{EventTerms, GameKind};
use kifu_store::query::ResultRow;
use kifu_store::search::{GameListing, GameOrder};
use kifu_store::Store;

use super::events::{group_events, terms_of};
use super::games_table::seatings;
use super::player::{PlayerPage, SitePlayers};
use super::player_files::PlayerFiles;
use super::round_nav::{round_navs, sections, RoundNav};
use crate::escape::path_segment;
use crate::lang::Lang;
use crate::{Error, Presentation};

/// What the applied curation gives every page, read once: its names in other languages
/// and its events' terms (scoring, tie-breaks, sections).
#[derive(Debug, Default)]
pub struct Curated {
    /// The curation these were read under ([`Curated::mark`]).
    pub mark: Option<String>,
    pub names: Arc<ShownNames>,
    pub terms: Vec<EventTerms>,
}

impl Curated {
    /// What a [`Curated`] is read from, cheaply: the applied curation's SHA-256 (`None`:
    /// none is applied). The names and terms come from the curation's text alone, so a
    /// copy read under the same mark is current; `kifu curate`, a removal and the
    /// server's own decisions each change it.
    pub fn mark(store: &Store) -> Result<Option<String>, Error> {
        Ok(store.curation_sha256()?)
    }

    /// The names and terms of the curation applied to `store`.
    pub fn load(store: &Store) -> Result<Curated, Error> {
        let terms = store.event_terms()?;
        let names = ShownNames::new(store.player_translations()?, &terms);
        Ok(Curated {
            mark: Curated::mark(store)?,
            names: Arc::new(names),
            terms,
        })
    }
}

/// The event game `game` is listed under (the curated name where the curation gives one):
/// what its page leads through. `None`: the game names no event (or is a linked copy,
/// which the events list under the game it copies).
pub fn event_of(store: &Store, game: i64) -> Result<Option<String>, Error> {
    let one = Filter {
        id: Some(game),
        ..Filter::default()
    };
    let listing = store.list_games(&one, GameOrder::Id, None)?;
    Ok(listing.into_iter().next().and_then(|g| g.event))
}

/// The previous and next game of every game of `event` in the order the event's page
/// lists them (as the site's game pages have them), each leading to the event's page
/// `events_prefix` followed by the event's name, percent-encoded. A game not in it has no
/// neighbour (the only game of its event).
pub fn event_navs(
    store: &Store,
    event: &str,
    curated: &Curated,
    lang: Lang,
    events_prefix: &str,
) -> Result<HashMap<i64, RoundNav>, Error> {
    let filter = Filter {
        event: Some(event.to_owned()),
        ..Filter::default()
    };
    let games = store.list_games(&filter, GameOrder::Id, None)?;
    // The rows of each kind the games are of: their boards and sections.
    let kinds: BTreeSet<GameKind> = games.iter().map(|g| g.kind).collect();
    let mut rows = Vec::new();
    for kind in kinds {
        rows.extend(store.results_of(kind, &filter)?);
    }
    // A name with a wildcard selects more than its event: only its own group is walked.
    let groups: Vec<_> = group_events(&games)
        .into_iter()
        .filter(|g| g.name == Some(event))
        .collect();
    let shown = curated.names.in_lang(lang);
    let href = format!("{events_prefix}{}", path_segment(event));
    let pages: Vec<(Option<String>, String)> = groups
        .iter()
        .map(|g| {
            let title = g.title(terms_of(&curated.terms, g.name), shown);
            (Some(href.clone()), title)
        })
        .collect();
    Ok(round_navs(
        &groups,
        &pages,
        &seatings(rows.iter()),
        &sections(rows.iter()),
    ))
}

/// The points tables of every event of `games`, each read whole (a place needs every
/// line of its table), as the site's standings draw them (the event's curated scoring and
/// tie-breaks; ChouChou has none), with the result rows of the games read.
fn event_tables(
    store: &Store,
    games: &[GameListing],
    terms: &[EventTerms],
) -> Result<(Vec<Table>, Vec<ResultRow>), Error> {
    // Each event's kinds, as the player's games give them (the events' whole game lists
    // are not needed: the rows are).
    let mut events: BTreeMap<&str, BTreeSet<GameKind>> = BTreeMap::new();
    for g in games {
        if let Some(event) = g.event.as_deref() {
            events.entry(event).or_default().insert(g.kind);
        }
    }
    // A name with a wildcard reads other events' tables too: each table is kept once.
    let mut tables: BTreeMap<(GameKind, String, Option<String>), Table> = BTreeMap::new();
    let mut all_rows = Vec::new();
    for (event, kinds) in events {
        let filter = Filter {
            event: Some(event.to_owned()),
            ..Filter::default()
        };
        for kind in kinds {
            let rows = store.results_of(kind, &filter)?;
            if kind != GameKind::ChouChou {
                for t in points_tables(&rows, terms) {
                    tables
                        .entry((kind, t.event.clone(), t.section.clone()))
                        .or_insert(t);
                }
            }
            all_rows.extend(rows);
        }
    }
    Ok((tables.into_values().collect(), all_rows))
}

/// Player `name`'s page, as the site's player page renders it (its record over the whole
/// archive, the player's line of the standings of every event they played in, every game,
/// the rating history per kind where `p` shows ratings), links from a page one folder
/// below the server's root (`/players/NAME`): `../games/ID.html` is the server's
/// `/games/ID.html`. A name no game seats is [`kifu_store::Error::NotFound`] naming the
/// closest stored names.
pub fn player_page(
    store: &Store,
    name: &str,
    p: &Presentation,
    curated: &Curated,
    site_title: &str,
) -> Result<String, Error> {
    let record = kifu_analysis::player::player_results(store, name, &Filter::default())?;
    let games = store.list_games(
        &Filter {
            player: Some(name.to_owned()),
            ..Filter::default()
        },
        GameOrder::Id,
        None,
    )?;
    let (tables, rows) = event_tables(store, &games, &curated.terms)?;
    let kinds: BTreeSet<GameKind> = games.iter().map(|g| g.kind).collect();
    let histories: Vec<(GameKind, RatingHistory)> = if p.shows_ratings() {
        kinds
            .into_iter()
            .filter(|k| *k != GameKind::ChouChou)
            .map(|k| Ok((k, RatingHistory::whr(store, k)?)))
            .collect::<Result<_, Error>>()?
    } else {
        Vec::new()
    };
    let ratings: Vec<(GameKind, &RatingHistory)> = histories.iter().map(|(k, h)| (*k, h)).collect();
    let seatings: HashMap<i64, _> = seatings(rows.iter());
    // The full page (its files by name): its events are linked from its games' pages.
    let event_pages = HashMap::new();
    let site = SitePlayers::new(
        &games,
        &tables,
        &seatings,
        site_title,
        &ratings,
        &curated.names,
        &event_pages,
        &PlayerFiles::Named,
    );
    Ok(super::player::player_page(
        &PlayerPage::new(&record, &site),
        p,
    ))
}
