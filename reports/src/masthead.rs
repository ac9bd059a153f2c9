//! The header of a published report or site: its title and what the public reads under it
//! (the event's dates and venue). The curation's `[[event]]` is the authority: a report of
//! one curated event is headed by its name, dates and venue; otherwise by the events the
//! records name. A title the organizer gives wins over both.

use std::collections::BTreeSet;

use kifu_analysis::Filter;
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

/// Most event names listed in a title; more are counted.
const NAMED_EVENTS: usize = 3;

impl Masthead {
    /// The masthead of the games under `filter`; `title` (the organizer's) wins.
    pub fn of(
        store: &Store,
        filter: &Filter,
        title: Option<&str>,
        lang: Lang,
    ) -> Result<Masthead, Error> {
        let curated = store.curated_events_of(filter)?;
        let games = store.list_games(filter, GameOrder::Id, None)?;
        let dates: BTreeSet<&str> = games.iter().filter_map(|g| g.date.as_deref()).collect();
        let played = match (dates.first(), dates.last()) {
            (Some(a), Some(b)) if a == b => Some(a.to_string()),
            (Some(a), Some(b)) => Some(format!("{a} – {b}")),
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
                    head.dates = Some(d.replace("..", " – "));
                }
                head.venue = t.venue.clone();
            }
            head.title = name.clone();
        } else {
            let events: BTreeSet<&str> = games.iter().filter_map(|g| g.event.as_deref()).collect();
            let mut names: Vec<&str> = if curated.is_empty() {
                events.into_iter().collect()
            } else {
                curated.iter().map(|(n, _)| n.as_str()).collect()
            };
            head.title = match names.len() {
                0 => lang.text(Msg::ReportTitle).to_owned(),
                n if n <= NAMED_EVENTS => {
                    names.sort();
                    names.join(" · ")
                }
                n => lang.count(Msg::EventCount, n),
            };
        }
        if let Some(t) = title {
            head.title = t.to_owned();
        }
        Ok(head)
    }
}
