//! The site's pages for embedding in another site's `<iframe>`: `embed.html#game=ID`
//! opens game ID's own page in its embedded form (`games/ID.html?embed`: the board, its
//! buttons and the players, drawn by the same game.js from the same frames), and
//! `embed-standings.html` is the event's standings alone, its links opening in the
//! embedding page's window.

use std::fmt::Write;

use super::share::{share_meta, ShareMeta};
use crate::escape::escape;
use crate::lang::Msg;
use crate::Presentation;

/// The embeddable board's page, at the site's root.
pub(crate) const EMBED_GAME: &str = "embed.html";
/// The embeddable standings, at the site's root.
pub(crate) const EMBED_STANDINGS: &str = "embed-standings.html";

/// The head both pages share: language, title, the shared style sheet, the preview of the
/// page at `path` (below the site's root).
fn head(p: &Presentation, title: &str, description: &str, path: &str) -> String {
    let mut out = String::with_capacity(1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n",
        p.lang.tag(),
        escape(title)
    );
    out.push_str(&share_meta(&ShareMeta {
        title,
        description,
        og_type: "website",
        page: path,
        image: None,
        base_url: p.base_url.as_ref(),
    }));
    out
}

/// `embed.html`: goes on to the embedded form of the game its address names
/// (`#game=ID`, optionally `&ply=N`); without one, a link to the site's index.
pub(crate) fn embed_game_page(site_title: &str, p: &Presentation) -> String {
    let lang = p.lang;
    let mut out = head(p, site_title, lang.text(Msg::ShareGamePage), EMBED_GAME);
    out.push_str(
        "<script>\n(function () {\n  \
         var m = /^#game=(\\d+)(?:&ply=(\\d+))?$/.exec(location.hash);\n  \
         if (m) location.replace(\"games/\" + m[1] + \".html?embed\" + \
         (m[2] ? \"#ply=\" + m[2] : \"\"));\n})();\n</script>\n",
    );
    let _ = write!(
        out,
        "</head>\n<body>\n<p><a href=\"index.html\" target=\"_top\">{}</a></p>\n</body>\n</html>\n",
        escape(site_title)
    );
    out
}

/// `embed-standings.html`: the standings tables (the index's, `standings` their HTML)
/// with the site's style sheet and table script; every link opens in the top window.
pub(crate) fn embed_standings_page(site_title: &str, standings: &str, p: &Presentation) -> String {
    let lang = p.lang;
    let mut out = head(p, site_title, lang.text(Msg::Standings), EMBED_STANDINGS);
    out.push_str(
        "<base target=\"_top\">\n<link rel=\"stylesheet\" href=\"assets/site.css\">\n\
         <script src=\"assets/tables.js\" defer></script>\n",
    );
    out.push_str(&p.theme_style());
    let _ = write!(
        out,
        "</head>\n<body class=\"embed-standings\">\n<main class=\"wrap\">\n\
         <h1><a href=\"index.html\">{}</a></h1>\n{standings}</main>\n</body>\n</html>\n",
        escape(site_title)
    );
    out
}
