//! A page's read of the database: a reader's turn, a pooled read-only connection, one
//! snapshot, within the server's time limit (the query interrupted past it), as the API
//! reads.

use std::sync::{Arc, Mutex};

use kifu_store::Store;

use crate::app::App;

/// Why a page's read gave nothing.
pub(crate) enum ReadError {
    /// What the page names is not there (a game id no game has).
    NotFound(String),
    /// The read failed or took too long.
    Failed(String),
}

/// `read` run on one snapshot of the database, on a blocking thread.
pub(crate) async fn in_snapshot<T: Send + 'static>(
    app: &Arc<App>,
    read: impl FnOnce(&Store) -> Result<T, ReadError> + Send + 'static,
) -> Result<T, ReadError> {
    let Ok(_turn) = app.readers.acquire().await else {
        return Err(ReadError::Failed("the server is stopping".into()));
    };
    let interrupter: Arc<Mutex<Option<kifu_store::Interrupter>>> = Arc::new(Mutex::new(None));
    let task = {
        let (app, interrupter) = (app.clone(), interrupter.clone());
        tokio::task::spawn_blocking(move || {
            let store = app
                .pool
                .take()
                .map_err(|e| ReadError::Failed(format!("the database: {e}")))?;
            *interrupter.lock().unwrap_or_else(|e| e.into_inner()) = Some(store.interrupter());
            let out = store.in_one_snapshot(read);
            interrupter.lock().unwrap_or_else(|e| e.into_inner()).take();
            match out {
                Ok(out) => {
                    app.pool.give_back(store);
                    out
                }
                Err(e) => Err(ReadError::Failed(format!("the database: {e}"))),
            }
        })
    };
    let limit = app.config.timeout;
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(out)) => out,
        Ok(Err(_panicked)) => Err(ReadError::Failed(
            "the page failed (a fault of kifu's: please report the request)".into(),
        )),
        Err(_elapsed) => {
            let taken = interrupter.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(interrupter) = taken {
                interrupter.interrupt();
            }
            Err(ReadError::Failed(format!(
                "the page took longer than {} s and was stopped",
                limit.as_secs()
            )))
        }
    }
}

/// A database error as a read error: a missing game is not found, the rest failed.
pub(crate) fn store_error(e: kifu_store::Error) -> ReadError {
    match e {
        kifu_store::Error::NotFound(m) => ReadError::NotFound(format!("no {m}")),
        e => ReadError::Failed(format!("the database: {e}")),
    }
}
