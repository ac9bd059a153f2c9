//! The read-only connections the requests share: opened on demand, handed back after each
//! request, at most as many in use as the server's readers. A connection opened before the
//! position index existed is replaced once an ingest has written the index.

use std::path::PathBuf;
use std::sync::Mutex;

use kifu_store::Store;

pub(crate) struct Pool {
    db: PathBuf,
    idle: Mutex<Vec<Store>>,
    index_file: PathBuf,
}

impl Pool {
    pub(crate) fn new(db: PathBuf) -> Pool {
        let index_file = kifu_store::positions::index_path(&db);
        Pool {
            db,
            idle: Mutex::new(Vec::new()),
            index_file,
        }
    }

    /// An idle connection, or a new one.
    pub(crate) fn take(&self) -> kifu_store::Result<Store> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        match idle {
            Some(store) if store.index_attached() || !self.index_file.exists() => Ok(store),
            _ => {
                let mut store = Store::open_read_only(&self.db)?;
                // An ingest adds to the index after each batch: the newest games are
                // left out of position answers (which say so) until it has.
                store.read_index_as_it_is();
                Ok(store)
            }
        }
    }

    /// Hands a connection back for the next request.
    pub(crate) fn give_back(&self, store: Store) {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(store);
    }
}
