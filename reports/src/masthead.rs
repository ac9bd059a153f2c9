//! The header of a published report or site: its title and what the public reads under it
//! (the event's dates and venue). The curation's `[[event]]` is the authority: a report of
//! one curated event is headed by its name, dates and venue; otherwise by the events the
//! records name (more than a few: what was selected, its kinds and games, for a collection's
//! "events" are often its categories). A title the organizer gives wins over both.

use std::collections::BTreeSet;

use kifu_analysis::shown_names::ShownIn;
use kifu_analysis::Filter;
use kifu_facts::GameKind;
use kifu_store::search::GameListing;
use kifu_store::search::GameOrder;
use kifu_store::Store;

use crate::lang::{Lang, Msg};
use crate::Error;

/// A page's title and the facts under it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Masthead {
    pub title: String,
    /// `2015-08-22 – 2015-08-26`: the curated dates, else the games' first and last.
    pub dates: Option<String>,
    pub venue: Option<String>,
}

/// What was selected, for a title where the events are too many to name: its kinds of game
/// and its games (`Xiangqi · 31079 games`).
pub(crate) fn selection_title(games: &[GameListing], lang: Lang) -> String {
    let kinds: BTreeSet<GameKind> = games.iter().map(|g| g.kind).collect();
    let mut parts: Vec<String> = kinds.into_iter().map(|k| lang.kind(k).to_owned()).collect();
    parts.push(lang.count(Msg::GameCount, games.len()));
    parts.join(" · ")
}

/// Most event names listed in a title; more are summed up by [`selection_title`].
const NAMED_EVENTS: usize = 3;

impl Masthead {
    /// The masthead of the games under `filter`, named as `shown` (the curation's names in
    /// the page's language) names them; `title` (the organizer's) wins.
    pub fn of(
        store: &Store,
        filter: &Filter,
        title: Option<&str>,
        shown: ShownIn,
    ) -> Result<Masthead, Error> {
        let lang = shown.lang;
        let curated = store.curated_events_of(filter)?;
        let games = store.list_games(filter, GameOrder::Id, None)?;
        let dates: BTreeSet<&str> = games.iter().filter_map(|g| g.date.as_deref()).collect();
        let played = match (dates.first(), dates.last()) {
            (Some(a), Some(b)) => Some(lang.dates(a, b)),
            _ => None,
        };
        let mut head = Masthead {
            dates: played,
            ..Masthead::default()
        };
        if let [(name, _)] = curated.as_slice() {
            let terms = store.event_terms()?;
            if let Some(t) = terms.iter().find(|t| &t.name == name) {
                if let Some(d) = &t.dates {
                    head.dates = Some(lang.date_span(d));
                }
                head.venue = t.venue.clone();
            }
            head.title = shown.event(name).to_owned();
        } else {
            let events: BTreeSet<&str> = games.iter().filter_map(|g| g.event.as_deref()).collect();
            let mut names: Vec<&str> = if curated.is_empty() {
                events.into_iter().map(|e| shown.event(e)).collect()
            } else {
                curated.iter().map(|(n, _)| shown.event(n)).collect()
            };
            head.title = match names.len() {
                0 => lang.text(Msg::ReportTitle).to_owned(),
                n if n <= NAMED_EVENTS => {
                    names.sort();
                    names.join(" · ")
                }
                _ => selection_title(&games, lang),
            };
        }
        if let Some(t) = title {
            head.title = t.to_owned();
        }
        Ok(head)
    }
}
