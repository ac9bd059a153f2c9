//! An event's standings as the static site draws them
//! ([`kifu_reports::site::event_standings_html`]), read for the event page and, as an HTML
//! fragment at `/events/{name}/standings`, for its live refresh: tagged by the games'
//! generation, so an unchanged archive answers `304 Not Modified`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use kifu_store::GameFilter;

use crate::app::App;
use crate::read::{in_snapshot, store_error, ReadError};
use crate::response;

/// What a read of the standings gave.
pub(crate) enum Read {
    /// The standings' HTML and its tag.
    Fresh(String, String),
    /// The client has them (its `If-None-Match` names the tag).
    Unchanged(String),
}

/// The standings of the games of event `name`, unless `headers` say the client has them.
pub(crate) async fn read(
    app: &Arc<App>,
    name: &str,
    headers: &HeaderMap,
) -> Result<Read, ReadError> {
    let (lang, edition) = (app.config.lang, app.config.edition);
    let question = format!("{}|{}|standings|{name}", edition.name(), lang.tag());
    let (name, headers) = (name.to_owned(), headers.clone());
    in_snapshot(app, move |store| {
        let generation = store.generation().map_err(store_error)?;
        let tag = response::etag(&generation.0.to_string(), &question);
        if response::not_modified(&headers, &tag) {
            return Ok(Read::Unchanged(tag));
        }
        let filter = GameFilter {
            event: Some(name),
            ..GameFilter::default()
        };
        // The public server shows no ratings (it has no switch for them), the audit one does.
        let ratings = !edition.is_public();
        let html = kifu_reports::site::event_standings_html(store, &filter, "/", lang, ratings)
            .map_err(|e| ReadError::Failed(e.to_string()))?;
        Ok(Read::Fresh(html, tag))
    })
    .await
}

/// `/events/{name}/standings`.
pub(crate) async fn fragment(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (mut response, tag) = match read(&app, &name, &headers).await {
        Ok(Read::Fresh(html, tag)) => ((StatusCode::OK, html).into_response(), tag),
        Ok(Read::Unchanged(tag)) => (StatusCode::NOT_MODIFIED.into_response(), tag),
        Err(e) => return response::error(e.status(), e.message()),
    };
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(v) = HeaderValue::from_str(&tag) {
        headers.insert(header::ETAG, v);
    }
    response
}
