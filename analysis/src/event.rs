//! One event's record, the model an event's page renders (`kifu event`, the server's
//! `/api/events/NAME` and its page): the event as the events list has it, its rounds in
//! the order a tournament lists them, and its standings (every section's table, crosstable
//! and team tables: [`crate::standings::of_games`], the one computation `kifu standings`
//! renders).

use kifu_facts::GameKind;
use kifu_store::event::RoundLine;
use kifu_store::search::{EventListing, NameOrder};
use kifu_store::{Missing, Store};

use crate::standings::{round_order, KindTables};
use crate::{Error, Filter, Result, Usage};

/// One event's record under a filter.
#[derive(Clone, Debug)]
pub struct EventRecord {
    /// The name asked for.
    pub name: String,
    /// The events list's lines the name matches (one, unless stored names the fold makes
    /// one are two events).
    pub listed: Vec<EventListing>,
    /// Its rounds, by their number (games without a round last).
    pub rounds: Vec<RoundLine>,
    /// Each kind's standings.
    pub standings: Vec<(GameKind, KindTables)>,
}

/// The record of event `name` (compared as a filter's `event` is: folded, through curated
/// events; a name, not a pattern) in the games `filter` selects. A name no stored event
/// has is [`Missing::Name`], with the closest that exist.
pub fn event_record(store: &Store, name: &str, filter: &Filter) -> Result<EventRecord> {
    if name.contains('*') {
        return Err(Error::Usage(Usage::NamePattern {
            what: "event",
            name: name.to_owned(),
        }));
    }
    let filter = Filter {
        event: Some(name.to_owned()),
        ..filter.clone()
    };
    if let Some(unmatched) = store
        .check_filter(&filter)?
        .into_iter()
        .find(|u| u.what == "event")
    {
        return Err(kifu_store::Error::NotFound(Missing::Name(unmatched)).into());
    }
    let mut rounds = store.rounds(&filter)?;
    rounds.sort_by(|a, b| match (&a.round, &b.round) {
        (Some(x), Some(y)) => round_order(x, y),
        (x, y) => x.is_none().cmp(&y.is_none()),
    });
    let listed = store.list_events(&filter, NameOrder::Games, None)?;
    // The standings of the kinds the event has games of.
    let mut kinds: Vec<GameKind> = listed.iter().flat_map(|e| e.kinds.clone()).collect();
    kinds.sort();
    kinds.dedup();
    let mut standings = Vec::new();
    for kind in kinds {
        let of_kind = Filter {
            game: Some(kind),
            ..filter.clone()
        };
        standings.extend(crate::standings::of_games(store, &of_kind, false)?);
    }
    Ok(EventRecord {
        name: name.to_owned(),
        listed,
        rounds,
        standings,
    })
}
