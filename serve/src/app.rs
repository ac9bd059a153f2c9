//! What every request shares: the configuration, the answers, the pooled connections and
//! the readers' turns, the answers kept by their tag, the database's live state.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

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
}

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
}
