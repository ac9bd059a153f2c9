//! The routes and what wraps them: the API handler (query decoded, a reader's turn taken,
//! one snapshot read, the answer tagged and kept), `/healthz`, the access log, the security
//! headers, compression, the request-size limit and the time limit.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;

use crate::app::App;
use crate::{query, response, Answers, Config, Endpoint, Params, Refusal};

/// The largest request body read (only the audit edition's decisions have one).
const MAX_BODY_BYTES: usize = 64 * 1024;
pub(crate) async fn serve(
    config: Config,
    answers: Box<dyn Answers>,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    ready(listener.local_addr()?);
    let (live, receiver) = crate::live::watch_state(config.db.clone());
    let app = Arc::new(App::new(config, answers, receiver));
    let stop = async move {
        crate::signal::shutdown().await;
        // The update streams end, so the requests in flight can all finish.
        live.send_modify(|state| state.stopping = true);
    };
    axum::serve(listener, router(app))
        .with_graceful_shutdown(stop)
        .await
}

fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/updates", get(updates))
        .route("/api/{name}", get(api_list))
        .route("/api/{name}/{key}", get(api_one))
        .merge(crate::decide::routes(&app.config))
        .merge(crate::ui::routes())
        .merge(crate::explorer::routes(app.config.lang))
        .fallback(not_found)
        .with_state(app)
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(secure_and_log))
}

async fn healthz() -> &'static str {
    "ok\n"
}

async fn updates(State(app): State<Arc<App>>) -> Response {
    crate::live::updates(app.live.clone()).into_response()
}

async fn not_found(request: Request) -> Response {
    let path = request.uri().path();
    let message = if path.starts_with("/api/") {
        format!(
            "no endpoint {path}: the API's endpoints are {}",
            Endpoint::listed()
        )
    } else {
        format!("nothing at {path}")
    };
    response::error(StatusCode::NOT_FOUND, &message)
}

async fn api_list(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    answer(app, &name, None, raw, headers).await
}

async fn api_one(
    State(app): State<Arc<App>>,
    Path((name, key)): Path<(String, String)>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    answer(app, &name, Some(key), raw, headers).await
}

/// What a blocking reader hands back.
enum Read {
    Unchanged(String),
    Answer(Arc<Vec<u8>>, String),
    Refused(Refusal),
}

async fn answer(
    app: Arc<App>,
    name: &str,
    key: Option<String>,
    raw: Option<String>,
    headers: HeaderMap,
) -> Response {
    let Some(endpoint) = Endpoint::from_path(name, key.as_deref()) else {
        let path = match &key {
            Some(k) => format!("/api/{name}/{k}"),
            None => format!("/api/{name}"),
        };
        return response::error(
            StatusCode::NOT_FOUND,
            &format!(
                "no endpoint {path}: the API's endpoints are {}",
                Endpoint::listed()
            ),
        );
    };
    let raw = raw.unwrap_or_default();
    let params = match query::parse(&raw) {
        Ok(p) => p,
        Err(e) => return response::error(StatusCode::BAD_REQUEST, &e.to_string()),
    };
    let question = format!(
        "{}|{}|{name}/{}?{raw}",
        app.config.edition.name(),
        app.config.lang.tag(),
        key.unwrap_or_default()
    );
    let Ok(_turn) = app.readers.acquire().await else {
        return response::error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let interrupter = Arc::new(Mutex::new(None));
    let task = {
        let (app, interrupter) = (app.clone(), interrupter.clone());
        tokio::task::spawn_blocking(move || {
            read(&app, &endpoint, &params, &question, &headers, &interrupter)
        })
    };
    let limit = app.config.timeout;
    match tokio::time::timeout(limit, task).await {
        Ok(Ok(Read::Answer(body, tag))) => response::json(body.to_vec(), &tag),
        Ok(Ok(Read::Unchanged(tag))) => response::unchanged(&tag),
        Ok(Ok(Read::Refused(r))) => response::refused(&r),
        Ok(Err(_panicked)) => response::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the answer failed (a fault of kifu's: please report the request)",
        ),
        Err(_elapsed) => {
            if let Some(i) = interrupter.lock().unwrap_or_else(|e| e.into_inner()).take() {
                let i: kifu_store::Interrupter = i;
                i.interrupt();
            }
            response::error(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "the answer took longer than {} s and was stopped: narrow the question",
                    limit.as_secs()
                ),
            )
        }
    }
}

/// Reads the answer in one snapshot of the database: its state first (for the tag), then
/// the answer, unless the client or the kept answers already have it.
fn read(
    app: &App,
    endpoint: &Endpoint,
    params: &Params,
    question: &str,
    headers: &HeaderMap,
    interrupter: &Mutex<Option<kifu_store::Interrupter>>,
) -> Read {
    let store = match app.pool.take() {
        Ok(s) => s,
        Err(e) => return Read::Refused(Refusal::Failed(format!("the database: {e}"))),
    };
    *interrupter.lock().unwrap_or_else(|e| e.into_inner()) = Some(store.interrupter());
    let read = store.in_one_snapshot(|store| {
        let state = match (store.generation(), store.index_mark()) {
            (Ok(g), Ok(mark)) => format!("{}:{}", g.0, mark.unwrap_or(-1)),
            (Err(e), _) | (_, Err(e)) => {
                return Read::Refused(Refusal::Failed(format!("the database: {e}")))
            }
        };
        let tag = response::etag(&state, question);
        if response::not_modified(headers, &tag) {
            return Read::Unchanged(tag);
        }
        if let Some(body) = app.kept_answer(&tag) {
            return Read::Answer(body, tag);
        }
        match app.answers.answer(store, endpoint, params) {
            Ok(value) => {
                let body = Arc::new(value.to_string().into_bytes());
                app.keep(&tag, &body);
                Read::Answer(body, tag)
            }
            Err(r) => Read::Refused(r),
        }
    });
    interrupter.lock().unwrap_or_else(|e| e.into_inner()).take();
    match read {
        Ok(read) => {
            app.pool.give_back(store);
            read
        }
        Err(e) => Read::Refused(Refusal::Failed(format!("the database: {e}"))),
    }
}

/// Every response gets the security headers; every request one access-log line on
/// standard error: method, path and query, status, time.
async fn secure_and_log(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let mut response = next.run(request).await;
    response::secure(response.headers_mut());
    let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    // Bounded: a long query is cut in the log (it is bounded again by the parser).
    let target: String = target.chars().take(300).collect();
    eprintln!(
        "{method} {target} {} {:.1} ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    response.into_response()
}
