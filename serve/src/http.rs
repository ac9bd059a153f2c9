//! The routes and what wraps them: the API handler (query decoded, one read of the
//! database as every answer makes it ([`crate::read`]), the answer tagged and kept), `/healthz`, the access log, the security
//! headers, compression, the request-size limit and the time limit.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Path, RawQuery, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;

use kifu_store::Store;

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
    let outcome = {
        let reader = app.clone();
        crate::read::in_snapshot(&app, move |store| {
            Ok(read(
                &reader, store, &endpoint, &params, &question, &headers,
            ))
        })
        .await
    };
    match outcome {
        Ok(Read::Answer(body, tag)) => response::json(body.to_vec(), &tag),
        Ok(Read::Unchanged(tag)) => response::unchanged(&tag),
        Ok(Read::Refused(r)) => response::refused(&r),
        Err(e) => response::error(e.status(), e.message()),
    }
}

/// Reads the answer in one snapshot of the database: its state first (for the tag), then
/// the answer, unless the client or the kept answers already have it.
fn read(
    app: &App,
    store: &Store,
    endpoint: &Endpoint,
    params: &Params,
    question: &str,
    headers: &HeaderMap,
) -> Read {
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
