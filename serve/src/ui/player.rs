//! `/players/{name}`: a player's page, the static site's own
//! ([`kifu_reports::site::served::player_page`]) rendered for this player from a pooled
//! connection over the whole archive, in the server's language and edition, with the
//! curation's names the server keeps ([`crate::app::App::curated`]). Its links, written
//! for a page one folder below the site's root, lead to this server's `/games/ID.html`,
//! `/assets/` and `/index.html`. A name no game seats is a `404` page saying so, with the
//! closest names. A page once rendered is kept by the games' generation and the question
//! (an unchanged archive answers the next ask from memory, as the API does).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::Response;
use kifu_lang::Msg;
use kifu_reports::site::served::player_page;
use kifu_reports::Presentation;

use crate::app::App;
use crate::read::{in_snapshot, store_error, ReadError};

pub(crate) async fn page(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    let config = &app.config;
    let presentation = Presentation {
        edition: config.edition,
        lang: config.lang,
        ..Presentation::default()
    };
    let site_title = config.lang.text(Msg::UiSiteTitle).to_owned();
    let shared = app.clone();
    let asked = name.clone();
    let question = format!(
        "{}|{}|player-page|{name}",
        config.edition.name(),
        config.lang.tag()
    );
    let rendered = in_snapshot(&app, move |store| {
        let generation = store.generation().map_err(store_error)?;
        let tag = crate::response::etag(&generation.0.to_string(), &question);
        if let Some(kept) = shared.kept_answer(&tag) {
            return Ok(kept);
        }
        let curated = shared
            .curated(store)
            .map_err(|e| ReadError::Failed(e.to_string()))?;
        let html = player_page(store, &asked, &presentation, &curated, &site_title).map_err(
            |e| match e.not_found() {
                Some(detail) => ReadError::NotFound(format!(
                    "{} ({detail})",
                    presentation
                        .lang
                        .fill(Msg::UiNoSuchPlayer, &[("name", &asked)])
                )),
                None => ReadError::Failed(e.to_string()),
            },
        )?;
        let html = Arc::new(html.into_bytes());
        shared.keep(&tag, &html);
        Ok(html)
    })
    .await;
    match rendered {
        Ok(html) => crate::response::revalidated(html.as_ref().clone(), "text/html; charset=utf-8"),
        Err(e) => super::error_page(config, e.status(), e.message()),
    }
}
