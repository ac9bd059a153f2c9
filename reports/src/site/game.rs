//! One game's page: the board drawn by `assets/game.js` from per-ply frames embedded in the
//! page, the header, the move list in the game's notation, findings at their plies.

use kifu_store::query::{FindingRow, GameRow};

use crate::Error;

/// Where a game page links back to and what it is called in the site.
#[derive(Clone, Debug, Default)]
pub struct GameLinks {
    /// The index page, relative to the game page (`../index.html`).
    pub index: String,
    /// The site's title (usually the event), shown in the page header.
    pub site_title: String,
}

/// The HTML text of `games/ID.html` for `game`, with its `findings` (those whose `game` is
/// this game's id).
pub fn game_page(
    game: &GameRow,
    findings: &[FindingRow],
    links: &GameLinks,
) -> Result<String, Error> {
    let _ = (game, findings, links);
    Err(Error::Data("game pages are not written yet".into()))
}

/// The shared files game pages use, as (path under the site's `assets/`, contents).
pub fn game_assets() -> Vec<(&'static str, &'static [u8])> {
    Vec::new()
}
