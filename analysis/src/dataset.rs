//! The games a command covers, read from the store once per game kind.

use std::cell::OnceCell;

use kifu_facts::{Extra, GameKind, ResultName};
use kifu_store::{GameFacts, Store};

use crate::{Filter, Result};

/// One game as the tables need it: its stored facts and the result that counts.
#[derive(Clone, Debug)]
pub struct Game {
    pub facts: GameFacts,
    /// [`kifu_facts::counted_result`] of the game.
    pub result: Option<ResultName>,
}

impl Game {
    pub fn id(&self) -> i64 {
        self.facts.id
    }

    pub fn extra(&self) -> &Extra {
        &self.facts.extra
    }
}

/// A store and a filter; each kind's games are loaded on first use and kept, so a report
/// or a `stats` call reads every game once however many tables it computes.
pub struct Dataset<'a> {
    store: &'a Store,
    filter: Filter,
    games: [OnceCell<Vec<Game>>; 4],
}

impl<'a> Dataset<'a> {
    pub fn new(store: &'a Store, filter: &Filter) -> Dataset<'a> {
        Dataset {
            store,
            filter: filter.clone(),
            games: Default::default(),
        }
    }

    pub fn store(&self) -> &'a Store {
        self.store
    }

    pub fn filter(&self) -> &Filter {
        &self.filter
    }

    /// The games of `kind` under the filter, by id (none when the filter names another
    /// kind).
    pub fn games(&self, kind: GameKind) -> Result<&[Game]> {
        let cell = &self.games[kind as usize];
        if let Some(games) = cell.get() {
            return Ok(games);
        }
        let games = if self.filter.admits_kind(kind) {
            self.store
                .game_facts(kind, &self.filter)?
                .into_iter()
                .map(|facts| Game {
                    result: facts.counted,
                    facts,
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(cell.get_or_init(|| games))
    }

    /// The game kinds present under the filter, with their game counts.
    pub fn kinds_present(&self) -> Result<Vec<(GameKind, u64)>> {
        Ok(self.store.kind_counts(&self.filter)?)
    }
}
