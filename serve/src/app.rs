//! What every request shares: the configuration, the answers, the pooled connections and
//! the readers' turns, the answers kept by their tag, the database's live state, and one
//! copy of the applied curation's names and terms, read again when the curation changes,
//! and the game pages' way through the events last shown, read again when the games change.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

use kifu_reports::site::round_nav::RoundNav;
use kifu_reports::site::served::{event_navs, Curated};
use kifu_store::Store;

use crate::pool::Pool;
use crate::{Answers, Config};

/// What every request shares.
pub(crate) struct App {
    pub(crate) config: Config,
    pub(crate) answers: Box<dyn Answers>,
    pub(crate) pool: Pool,
    /// A turn to read the database (at most `config.readers` at once).
    pub(crate) readers: Semaphore,
    kept: Mutex<Kept>,
    pub(crate) live: tokio::sync::watch::Receiver<crate::live::State>,
    /// The curation's names and terms as last read ([`App::curated`]).
    curated: Mutex<Option<Arc<Curated>>>,
    /// Each event's navigation as last read ([`App::event_navs`]).
    navs: Mutex<EventNavs>,
}

/// The events' navigations read at one generation of the games.
#[derive(Default)]
struct EventNavs {
    generation: i64,
    by_event: HashMap<String, Arc<HashMap<i64, RoundNav>>>,
}

/// Events whose navigation is kept at once: a reader going through the games of a few
/// events finds them read; past this, the kept ones are let go.
const KEPT_EVENTS: usize = 64;

/// Answers already computed, by ETag (the tag names the database's state, so a kept
/// answer is never stale: a new state asks new tags).
#[derive(Default)]
struct Kept {
    answers: HashMap<String, Arc<Vec<u8>>>,
    bytes: usize,
}

impl App {
    pub(crate) fn new(
        config: Config,
        answers: Box<dyn Answers>,
        live: tokio::sync::watch::Receiver<crate::live::State>,
    ) -> App {
        App {
            pool: Pool::new(config.db.clone()),
            readers: Semaphore::new(config.readers.max(1)),
            kept: Mutex::new(Kept::default()),
            curated: Mutex::new(None),
            navs: Mutex::new(EventNavs::default()),
            live,
            answers,
            config,
        }
    }

    pub(crate) fn kept_answer(&self, tag: &str) -> Option<Arc<Vec<u8>>> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.answers.get(tag).cloned()
    }

    pub(crate) fn keep(&self, tag: &str, body: &Arc<Vec<u8>>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let most = self.config.kept_bytes;
        // No one answer takes more than an eighth of the room (none, with no room).
        if body.len() > most / 8 || most == 0 {
            return;
        }
        if kept.bytes + body.len() > most {
            kept.answers.clear();
            kept.bytes = 0;
        }
        kept.bytes += body.len();
        kept.answers.insert(tag.to_owned(), body.clone());
    }

    /// The applied curation's names and terms as `store` (a request's snapshot) has them:
    /// the copy kept while the curation is the one it was read under, else read again
    /// (derived lazily, by the request that finds it stale, never by the write) and kept.
    /// The lock is held while reading, so requests that find it stale together read once.
    pub(crate) fn curated(&self, store: &Store) -> Result<Arc<Curated>, kifu_reports::Error> {
        let mark = Curated::mark(store)?;
        let mut kept = self.curated.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(current) = kept.as_ref().filter(|c| c.mark == mark) {
            return Ok(current.clone());
        }
        let fresh = Arc::new(Curated::load(store)?);
        *kept = Some(fresh.clone());
        Ok(fresh)
    }

    /// The previous and next game of every game of `event` (a game page's links), as
    /// `store` (a request's snapshot) has its games: kept while the games' generation is
    /// the one they were read at (an ingest, a curation or a decision moves it on), else
    /// read again by the request that asks.
    pub(crate) fn event_navs(
        &self,
        store: &Store,
        event: &str,
        curated: &Curated,
    ) -> Result<Arc<HashMap<i64, RoundNav>>, kifu_reports::Error> {
        let generation = store.generation()?.0;
        {
            let kept = self.navs.lock().unwrap_or_else(|e| e.into_inner());
            if kept.generation == generation {
                if let Some(navs) = kept.by_event.get(event) {
                    return Ok(navs.clone());
                }
            }
        }
        let navs = Arc::new(event_navs(
            store,
            event,
            curated,
            self.config.lang,
            "/events/",
        )?);
        let mut kept = self.navs.lock().unwrap_or_else(|e| e.into_inner());
        if kept.generation != generation || kept.by_event.len() >= KEPT_EVENTS {
            *kept = EventNavs {
                generation,
                by_event: HashMap::new(),
            };
        }
        kept.by_event.insert(event.to_owned(), navs.clone());
        Ok(navs)
    }
}
