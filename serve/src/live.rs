//! What changed, as it changes: one watcher reads the database's state (the games'
//! generation and the position index's mark) every [`POLL`], and `/api/updates` sends each
//! new state to every open page as a server-sent event, so an event page's standings follow
//! an `ingest` of the next round without reloading. The streams end when the server stops.

use std::convert::Infallible;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::watch;

/// How often the watcher reads the state.
pub(crate) const POLL: Duration = Duration::from_millis(500);

/// The database's state as a page sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// The games' generation (every write that changes what the games say bumps it).
    pub(crate) generation: i64,
    /// The last game the position index covers (-1: no index).
    pub(crate) indexed: i64,
    /// When the watcher first saw this state, in seconds since 1970 (UTC).
    pub(crate) since: u64,
    /// The server is stopping: every stream ends.
    pub(crate) stopping: bool,
}

impl State {
    fn json(&self) -> String {
        serde_json::json!({
            "generation": self.generation,
            "indexed": self.indexed,
            "since": self.since,
        })
        .to_string()
    }
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Reads the state of `db` (a fresh read-only connection each time: a long-lived one would
/// keep the index as it was when opened).
fn read_state(db: &std::path::Path) -> Option<(i64, i64)> {
    let store = kifu_store::Store::open_read_only(db).ok()?;
    let generation = store.generation().ok()?.0;
    let indexed = store.index_mark().ok()?.unwrap_or(-1);
    Some((generation, indexed))
}

/// Starts the watcher; the receiver follows the state.
pub(crate) fn watch_state(db: PathBuf) -> (watch::Sender<State>, watch::Receiver<State>) {
    let (generation, indexed) = read_state(&db).unwrap_or((0, -1));
    let (sender, receiver) = watch::channel(State {
        generation,
        indexed,
        since: now(),
        stopping: false,
    });
    let watcher = sender.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(POLL);
        loop {
            tick.tick().await;
            if watcher.borrow().stopping || watcher.is_closed() {
                return;
            }
            let db = db.clone();
            let Ok(Some((generation, indexed))) =
                tokio::task::spawn_blocking(move || read_state(&db)).await
            else {
                continue;
            };
            watcher.send_if_modified(|state| {
                let changed = state.generation != generation || state.indexed != indexed;
                if changed {
                    state.generation = generation;
                    state.indexed = indexed;
                    state.since = now();
                }
                changed
            });
        }
    });
    (sender, receiver)
}

/// `/api/updates`: the state now, then each new one, as `state` events (JSON: generation,
/// indexed, since), with a comment every 15 s to keep proxies from closing the stream.
pub(crate) fn updates(
    receiver: watch::Receiver<State>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let stream = stream::unfold((receiver, true), |(mut receiver, first)| async move {
        if !first && receiver.changed().await.is_err() {
            return None;
        }
        let state = receiver.borrow_and_update().clone();
        if state.stopping {
            return None;
        }
        let event = Event::default().event("state").data(state.json());
        Some((Ok(event), (receiver, false)))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
