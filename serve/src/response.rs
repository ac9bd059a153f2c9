//! How answers go out: JSON with its ETag and cache headers, refusals as JSON with their
//! status, and the headers every response carries (the Content-Security-Policy that allows
//! only the binary's own assets).

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::Refusal;

/// Only the server's own scripts, styles, images and API: no CDN, no inline script, no
/// framing by another site.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The ETag of an answer: the state of the database it was read from (the games'
/// generation, the position index's mark) and the question, so an unchanged database
/// answers a repeated question `304 Not Modified` without computing it.
pub(crate) fn etag(state: &str, question: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(state.as_bytes());
    hash.update([0]);
    hash.update(question.as_bytes());
    let digest = hash.finalize();
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether the request's `If-None-Match` names `tag`.
pub(crate) fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| {
            let t = t.trim();
            t == "*" || t.trim_start_matches("W/") == tag
        })
}

/// A JSON answer with its ETag; clients revalidate every time (the archive may change at
/// any moment while an event is played), and a revalidation costs no computing.
pub(crate) fn json(body: Vec<u8>, tag: &str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    set_tag(headers, tag);
    response
}

/// A page of the binary's, of `content_type`, revalidated by the client each time (it is
/// rendered from the archive as it is now).
pub(crate) fn revalidated(
    body: impl Into<axum::body::Body>,
    content_type: &'static str,
) -> Response {
    let mut response = (StatusCode::OK, body.into()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// A file of the binary's (a script, a style sheet), of `content_type`: tagged by its
/// contents and revalidated by the client each time, so an unchanged file is a `304` and
/// an upgraded binary's file is never taken from a cache.
pub(crate) fn asset(body: &[u8], content_type: &'static str, request: &HeaderMap) -> Response {
    let tag = etag("asset", &hex_digest(body));
    if not_modified(request, &tag) {
        return unchanged(&tag);
    }
    let mut response = revalidated(body.to_vec(), content_type);
    set_tag(response.headers_mut(), &tag);
    response
}

fn hex_digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `304 Not Modified` for a tag the client has.
pub(crate) fn unchanged(tag: &str) -> Response {
    let mut response = StatusCode::NOT_MODIFIED.into_response();
    set_tag(response.headers_mut(), tag);
    response
}

fn set_tag(headers: &mut HeaderMap, tag: &str) {
    if let Ok(v) = HeaderValue::from_str(tag) {
        headers.insert(header::ETAG, v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
}

/// A refusal as `{"error": message, "status": code}` with its status.
pub(crate) fn refused(refusal: &Refusal) -> Response {
    let status = match refusal {
        Refusal::BadRequest(_) => StatusCode::BAD_REQUEST,
        Refusal::NotFound(_) => StatusCode::NOT_FOUND,
        Refusal::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error(status, refusal.message())
}

/// Any error status with its message, as JSON.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({"error": message, "status": status.as_u16()}).to_string();
    let mut response = (status, body).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The headers every response carries.
pub(crate) fn secure(headers: &mut HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_names_the_state_and_the_question() {
        let a = etag("g1", "/api/games?game=renju");
        assert_eq!(a, etag("g1", "/api/games?game=renju"));
        assert_ne!(a, etag("g2", "/api/games?game=renju"));
        assert_ne!(a, etag("g1", "/api/games?game=xiangqi"));
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"x\", W/{a}")).unwrap(),
        );
        assert!(not_modified(&headers, &a));
        assert!(!not_modified(&headers, &etag("g2", "q")));
    }
}
