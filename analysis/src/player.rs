//! One player's record, the model a player's page renders (`kifu player`, the server's
//! `/api/players/NAME` and its page): who the name is in the players list, the spellings
//! records give it, the results by year, event and game kind, and the rating history of
//! each kind the stored lists rate. Every count is the store's one counting of a player's
//! games ([`kifu_store::Store::list_players`], [`kifu_store::Store::player_results`]), every
//! rating the stored list's ([`crate::ratings::of_stored_list`]), so the page, the list and
//! `kifu ratings` agree.

use kifu_facts::GameKind;
use kifu_store::player::{ResultsBy, ResultsLine};
use kifu_store::search::{NameOrder, PlayerListing};
use kifu_store::{Missing, Store};

use crate::ratings::{HistoryPoint, RatingLine};
use crate::{Error, Filter, Result, Usage};

/// One player's record under a filter.
#[derive(Clone, Debug)]
pub struct PlayerRecord {
    /// The name asked for.
    pub name: String,
    /// The players list's lines the name matches: one person, or (uncurated spellings
    /// the fold makes one name, `ABC` and `abc`) each stored spelling apart.
    pub listed: Vec<PlayerListing>,
    /// The results under each spelling the records give.
    pub spellings: Vec<ResultsLine>,
    pub by_year: Vec<ResultsLine>,
    pub by_event: Vec<ResultsLine>,
    pub by_kind: Vec<ResultsLine>,
    /// The player's line and history in each kind's stored rating list that rates them.
    pub ratings: Vec<PlayerRating>,
}

/// A player's place in one kind's stored rating list.
#[derive(Clone, Debug)]
pub struct PlayerRating {
    pub kind: GameKind,
    /// The list's system and terms in words.
    pub terms: String,
    pub line: RatingLine,
    /// Oldest period first.
    pub history: Vec<HistoryPoint>,
}

impl PlayerRecord {
    /// The games, wins, draws, losses and games without a result over all the lines of
    /// [`PlayerRecord::listed`] (a game seating two of them counts for each).
    pub fn total(&self) -> [u64; 5] {
        self.listed.iter().fold([0; 5], |t, p| {
            [
                t[0] + p.games,
                t[1] + p.wins,
                t[2] + p.draws,
                t[3] + p.losses,
                t[4] + p.unknown,
            ]
        })
    }
}

/// The record of `name` (compared as a filter's `player` is: folded, through curated
/// identities; a name, not a pattern) in the games `filter` selects. A name no stored
/// player has is [`Missing::Name`], with the closest that exist; a `*` is refused (it
/// would be a pattern, many players).
pub fn player_record(store: &Store, name: &str, filter: &Filter) -> Result<PlayerRecord> {
    let mut record = player_results(store, name, filter)?;
    for line in &record.by_kind {
        let Some(kind) = line.key.as_deref().and_then(GameKind::from_name) else {
            continue;
        };
        if kind == GameKind::ChouChou {
            continue;
        }
        if let Some(rating) = rating_of(store, kind, &record.listed)? {
            record.ratings.push(rating);
        }
    }
    Ok(record)
}

/// [`player_record`] without the ratings (left empty): the counts alone, for pages
/// written by the hundred (the static site's), where reading each kind's whole rating
/// list once per player would cost more than every count.
pub fn player_results(store: &Store, name: &str, filter: &Filter) -> Result<PlayerRecord> {
    if name.contains('*') {
        return Err(Error::Usage(Usage::NamePattern {
            what: "player",
            name: name.to_owned(),
        }));
    }
    let filter = Filter {
        player: Some(name.to_owned()),
        ..filter.clone()
    };
    if let Some(unmatched) = store
        .check_filter(&filter)?
        .into_iter()
        .find(|u| u.what == "player")
    {
        return Err(kifu_store::Error::NotFound(Missing::Name(unmatched)).into());
    }
    let listed = store.list_players(&filter, NameOrder::Games, None)?;
    let results = |by| store.player_results(&filter, by);
    Ok(PlayerRecord {
        name: name.to_owned(),
        spellings: results(ResultsBy::Spelling)?,
        by_year: results(ResultsBy::Year)?,
        by_event: results(ResultsBy::Event)?,
        by_kind: results(ResultsBy::Kind)?,
        listed,
        ratings: Vec::new(),
    })
}

/// The stored list's line of the listed player (the first the list rates) in `kind`.
fn rating_of(
    store: &Store,
    kind: GameKind,
    listed: &[PlayerListing],
) -> Result<Option<PlayerRating>> {
    let ratings = crate::ratings::of_stored_list(store, kind)?;
    let Some(line) = listed.iter().find_map(|p| ratings.line(&p.name)) else {
        return Ok(None);
    };
    Ok(Some(PlayerRating {
        kind,
        terms: ratings.terms.clone(),
        history: ratings
            .histories
            .get(&line.player)
            .cloned()
            .unwrap_or_default(),
        line: line.clone(),
    }))
}
