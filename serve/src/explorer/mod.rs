//! The explorer in the browser: `/explore` (the page; the position in its query,
//! `?game=renju&moves=h8+h9&player=…`, so a position can be linked and reloaded) and its
//! files under `/explore/assets/`. The page asks `/api/explore` and `/api/position` for
//! everything it shows; its board is the site's board drawing (board.js, shared with the
//! static site's game pages).

mod page;

use axum::extract::{Path, RawQuery};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use crate::Lang;

/// The page's script: the board, the table of continuations, the games, the history.
const EXPLORER_JS: &str = include_str!("explorer.js");
/// The page's style sheet.
const EXPLORER_CSS: &str = include_str!("explorer.css");

/// The explorer's routes, `/explore` (in `lang`, the server's language, unless the query
/// names another) and `/explore/assets/{file}`, for any router's state.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>(lang: Lang) -> Router<S> {
    Router::new()
        .route(
            "/explore",
            get(move |RawQuery(raw): RawQuery| async move { explore_page(lang, raw.as_deref()) }),
        )
        .route("/explore/assets/{file}", get(asset))
}

/// The page, in `lang` or the one `?lang=` names.
fn explore_page(lang: Lang, raw: Option<&str>) -> Response {
    let lang = requested_lang(raw).unwrap_or(lang);
    crate::response::revalidated(page::html(lang), "text/html; charset=utf-8")
}

/// The language a query's `lang=` pair names, if it names one.
fn requested_lang(raw: Option<&str>) -> Option<Lang> {
    let params = crate::query::parse(raw?).ok()?;
    Lang::parse(params.get("lang")?)
}

/// One of the page's files, from the binary.
async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let (body, content_type): (&'static [u8], &'static str) = match file.as_str() {
        "board.js" => (
            kifu_reports::site::game::board_script().as_bytes(),
            "text/javascript; charset=utf-8",
        ),
        "explorer.js" => (EXPLORER_JS.as_bytes(), "text/javascript; charset=utf-8"),
        "explorer.css" => (EXPLORER_CSS.as_bytes(), "text/css; charset=utf-8"),
        _ => {
            return crate::response::error(
                StatusCode::NOT_FOUND,
                &format!("nothing at /explore/assets/{file}"),
            )
        }
    };
    crate::response::asset(body, content_type, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lang_pair_chooses_the_pages_language() {
        assert_eq!(requested_lang(Some("game=renju&lang=ja")), Some(Lang::Ja));
        assert_eq!(requested_lang(Some("lang=zh-Hant")), Some(Lang::ZhHant));
        assert_eq!(requested_lang(Some("lang=xx")), None);
        assert_eq!(requested_lang(Some("game=renju")), None);
        assert_eq!(requested_lang(None), None);
    }
}
