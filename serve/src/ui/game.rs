//! `/games/{id}`: one game's page with its replay, the static site's own page
//! ([`kifu_reports::site::game::game_page`]) rendered for this game from a pooled
//! connection, its players and event linked to their pages here, its names in the
//! server's language (the curation's, as the server keeps them: [`App::curated`]), and the
//! previous and next game of its event ([`App::event_navs`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use kifu_reports::site::game::{game_page, with_copies_header, GameLinks, NamePages};
use kifu_reports::site::served::event_of;
use kifu_reports::Presentation;
use kifu_store::GameFilter;

use crate::app::App;
use crate::read::{in_snapshot, store_error, ReadError};

/// The site's game page with the auditors' forms: the record's section names the game
/// (`data-kifu-game`, `data-kifu-kind`, where decide.js finds it, findings or none) and
/// the page loads decide.js.
fn with_decision_forms(html: String, id: i64, kind: kifu_facts::GameKind) -> String {
    html.replacen(
        "<section id=\"record\"",
        &format!(
            "<section id=\"record\" data-kifu-game=\"{id}\" data-kifu-kind=\"{}\"",
            kind.name()
        ),
        1,
    )
    .replacen(
        "</body>",
        "<script src=\"/ui/decide.js\" defer></script>\n</body>",
        1,
    )
}

pub(crate) async fn page(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let config = &app.config;
    // `/games/7.html` too: the standings' links are the site's.
    let Ok(id) = id.trim_end_matches(".html").parse::<i64>() else {
        return super::error_page(
            config,
            StatusCode::NOT_FOUND,
            &format!("no game {id}: a game is named by its number"),
        );
    };
    let presentation = Presentation {
        edition: config.edition,
        lang: config.lang,
        ..Presentation::default()
    };
    let site_title = config.lang.text(kifu_lang::Msg::UiSiteTitle).to_owned();
    // The auditors' forms (decide.js), where this server takes decisions.
    let decisions = !config.edition.is_public() && config.writes.is_some();
    let shared = app.clone();
    let rendered = in_snapshot(&app, move |store| {
        let lang = presentation.lang;
        let game = with_copies_header(
            store.game(id).map_err(store_error)?,
            store.filled_header(id).map_err(store_error)?,
            lang,
        );
        // The public page shows no findings: they are not read.
        let findings = if presentation.edition.is_public() {
            Vec::new()
        } else {
            let one = GameFilter {
                id: Some(id),
                with_duplicates: true,
                ..GameFilter::default()
            };
            store.findings(&one, None).map_err(store_error)?
        };
        let mut links =
            GameLinks::new("/", &site_title, [game.source.as_str()]).presented(&presentation);
        links.name_pages = Some(NamePages {
            player: "/players/".into(),
            event: Some("/events/".into()),
            suffix: String::new(),
            encoded_files: false,
        });
        let failed = |e: kifu_reports::Error| ReadError::Failed(e.to_string());
        let curated = shared.curated(store).map_err(failed)?;
        links.names = curated.names.clone();
        // The neighbours' links (`ID.html`) resolve beside this page: `/games/ID.html`.
        if let Some(event) = event_of(store, id).map_err(failed)? {
            let navs = shared.event_navs(store, &event, &curated).map_err(failed)?;
            links
                .round_navs
                .extend(navs.get(&id).map(|nav| (id, nav.clone())));
        }
        let html =
            game_page(&game, &findings, &links).map_err(|e| ReadError::Failed(e.to_string()))?;
        Ok(if decisions {
            with_decision_forms(html, id, game.kind)
        } else {
            html
        })
    })
    .await;
    match rendered {
        Ok(html) => super::html(html),
        Err(e) => super::error_page(config, e.status(), e.message()),
    }
}
