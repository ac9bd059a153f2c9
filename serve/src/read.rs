//! The one read of the database every answer makes (the API's, the pages', the live
//! standings'): a reader's turn, a pooled read-only connection, one snapshot, within the
//! server's time limit (the query interrupted past it).

use std::sync::{Arc, Mutex};

use kifu_store::Store;

use crate::app::App;

/// Why a read gave nothing.
pub(crate) enum ReadError {
    /// What the request names is not there (a game id no game has): `404`.
    NotFound(String),
    /// The read failed: `500`.
    Failed(String),
    /// The read took longer than the server's limit and was stopped, or the server is
    /// stopping: `503`.
    Unavailable(String),
}

impl ReadError {
    /// The status a response says it with.
    pub(crate) fn status(&self) -> axum::http::StatusCode {
        use axum::http::StatusCode;
        match self {
            ReadError::NotFound(_) => StatusCode::NOT_FOUND,
            ReadError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ReadError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub(crate) fn message(&self) -> &str {
        match self {
            ReadError::NotFound(m) | ReadError::Failed(m) | ReadError::Unavailable(m) => m,
        }
    }
}

/// `read` run on one snapshot of the database, on a blocking thread.
pub(crate) async fn in_snapshot<T: Send + 'static>(
    app: &Arc<App>,
    read: impl FnOnce(&Store) -> Result<T, ReadError> + Send + 'static,
) -> Result<T, ReadError> {
    let Ok(_turn) = app.readers.acquire().await else {
        return Err(ReadError::Unavailable("the server is stopping".into()));
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
            "the answer failed (a fault of kifu's: please report the request)".into(),
        )),
        Err(_elapsed) => {
            let taken = interrupter.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some(interrupter) = taken {
                interrupter.interrupt();
            }
            Err(ReadError::Unavailable(format!(
                "the answer took longer than {} s and was stopped: narrow the question",
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
