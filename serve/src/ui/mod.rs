//! The web UI's routes (all but the explorer's): the home page with its search, a game's
//! page with its replay and a player's page (the static site's, rendered here), an event's
//! page (its standings re-read as games arrive), and the assets they use, every one
//! embedded in the binary.
//!
//! Routes: `/` (also `/index.html`, where the site's pages link their root), `/games/{id}`, `/players/{name}`, `/events/{name}`,
//! `/events/{name}/standings` (the standings as an HTML fragment, tagged by the games'
//! generation), `/assets/{file}` (the site's style sheet and the game pages' script and
//! style) and `/ui/{file}` (the pages' own scripts and style).

mod assets;
mod counts;
mod game;
mod player;
mod shell;
mod standings;

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;

use crate::app::App;
use shell::Page;

/// The UI's routes, merged into the server's router.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/", get(home))
        // The site's pages link their site's root by its file.
        .route("/index.html", get(home))
        .route("/games/{id}", get(game::page))
        .route("/players/{name}", get(player::page))
        .route("/events/{name}", get(event))
        .route("/events/{name}/standings", get(standings::fragment))
        .route("/assets/{file}", get(assets::site_asset))
        .route("/ui/{file}", get(assets::ui_asset))
}

async fn home(State(app): State<Arc<App>>) -> Response {
    match crate::read::in_snapshot(&app, counts::read).await {
        Ok(counts) => html(shell::page(&app.config, &Page::Home(counts))),
        Err(e) => error_page(&app.config, e.status(), e.message()),
    }
}

async fn event(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    // The first view has the standings in it; the script then keeps them current.
    let standings = match standings::read(&app, &name, &HeaderMap::new()).await {
        Ok(standings::Read::Fresh(html, _)) => html,
        Ok(standings::Read::Unchanged(_)) | Err(_) => String::new(),
    };
    html(shell::page(&app.config, &Page::Event { name, standings }))
}

/// A page: HTML, never kept by a cache (the archive changes under it).
fn html(text: String) -> Response {
    crate::response::revalidated(text, "text/html; charset=utf-8")
}

/// A page saying why there is no page (a game id no game has, a failed read).
fn error_page(config: &crate::Config, status: StatusCode, message: &str) -> Response {
    let mut response = html(shell::page(config, &Page::Error(message.to_owned())));
    *response.status_mut() = status;
    response
}
