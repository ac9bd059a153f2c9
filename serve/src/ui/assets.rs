//! The files the pages load, embedded in the binary: the static site's style sheet and
//! game-page script and style under `/assets/` (where the site's game page looks for them),
//! and the pages' own scripts and style under `/ui/`.

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

/// The pages' own files, as (name under `/ui/`, contents).
const UI_FILES: [(&str, &str); 4] = [
    ("ui.css", include_str!("assets/ui.css")),
    ("common.js", include_str!("assets/common.js")),
    ("home.js", include_str!("assets/home.js")),
    ("event.js", include_str!("assets/event.js")),
];

/// `/assets/{file}`: the static site's shared files.
pub(crate) async fn site_asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    if file == "site.css" {
        return asset(&file, kifu_reports::site::SITE_CSS.as_bytes(), &headers);
    }
    // The player pages' stacking of wide tables on a phone.
    if file == "tables.js" {
        return asset(&file, kifu_reports::site::TABLES_JS.as_bytes(), &headers);
    }
    match kifu_reports::site::game::game_assets()
        .into_iter()
        .find(|(name, _)| *name == file)
    {
        Some((name, bytes)) => asset(name, bytes, &headers),
        None => missing(&file),
    }
}

/// `/ui/{file}`: the pages' own files.
pub(crate) async fn ui_asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    match UI_FILES.iter().find(|(name, _)| *name == file) {
        Some((name, text)) => asset(name, text.as_bytes(), &headers),
        None => missing(&file),
    }
}

fn asset(name: &str, bytes: &'static [u8], request: &HeaderMap) -> Response {
    let kind = if name.ends_with(".css") {
        "text/css; charset=utf-8"
    } else {
        "text/javascript; charset=utf-8"
    };
    crate::response::asset(bytes, kind, request)
}

fn missing(file: &str) -> Response {
    crate::response::error(StatusCode::NOT_FOUND, &format!("no asset {file}"))
}
