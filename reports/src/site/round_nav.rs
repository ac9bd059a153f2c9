//! Each game page's way on through its event: the event's page (the index of a site of one
//! event, the event's own page in an archive) and the previous and next game in the order
//! the event's page lists them (by section, then round, board and id), so that the round's
//! last game leads to the next round's first. Plain links (`rel="prev"`, `rel="next"`):
//! the board's arrow keys stay the moves'.

use std::collections::HashMap;
use std::fmt::Write;

use kifu_store::query::ResultRow;
use kifu_store::search::GameListing;

use super::events::EventGroup;
use super::games_table::{table_order, Seating};
use crate::escape::escape;
use crate::lang::{Lang, Msg};

/// One game page's neighbours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundNav {
    /// The event's page, relative to the game page, and the event's name.
    pub event: Option<(String, String)>,
    /// The ids of the previous and next game of the event.
    pub prev: Option<i64>,
    pub next: Option<i64>,
}

/// Where a group's event links from a game page: `None` when it has no page of its own
/// (an archive's event of one game, whose page is the game's).
pub(crate) fn event_page_href(group: &EventGroup, own_page: bool, archive: bool) -> Option<String> {
    match (archive, own_page) {
        (false, _) => Some("../index.html".to_owned()),
        (true, true) => Some(group.href("../", true)),
        (true, false) => None,
    }
}

/// Each game's section, as the standings name it.
pub(crate) fn sections<'a>(rows: impl Iterator<Item = &'a ResultRow>) -> HashMap<i64, String> {
    rows.filter(|r| !r.is_curated())
        .filter_map(|r| Some((r.game, kifu_analysis::standings::section_name(r)?)))
        .collect()
}

/// The neighbours of every game of `groups`; `event_pages` gives each group's page (where
/// it has one) and title, in group order.
pub(crate) fn round_navs(
    groups: &[EventGroup],
    event_pages: &[(Option<String>, String)],
    seatings: &HashMap<i64, Seating>,
    sections: &HashMap<i64, String>,
) -> HashMap<i64, RoundNav> {
    let mut out = HashMap::new();
    for (group, (href, title)) in groups.iter().zip(event_pages) {
        let mut games: Vec<&GameListing> = group.games.clone();
        table_order(&mut games, seatings);
        // Stable: each section's games keep the table's order.
        games.sort_by(|a, b| sections.get(&a.id).cmp(&sections.get(&b.id)));
        let event = href.clone().map(|h| (h, title.clone()));
        for (i, g) in games.iter().enumerate() {
            let nav = RoundNav {
                event: event.clone(),
                prev: i.checked_sub(1).map(|p| games[p].id),
                next: games.get(i + 1).map(|n| n.id),
            };
            if nav != RoundNav::default() {
                out.insert(g.id, nav);
            }
        }
    }
    out
}

/// `<nav id="round-nav">`: the previous game, the event, the next game (those there are).
pub(crate) fn nav_html(out: &mut String, nav: Option<&RoundNav>, lang: Lang) {
    let Some(nav) = nav else {
        return;
    };
    out.push_str("<nav id=\"round-nav\">");
    if let Some(prev) = nav.prev {
        let _ = write!(
            out,
            "<a rel=\"prev\" href=\"{prev}.html\">← {}</a> ",
            escape(lang.text(Msg::PreviousGame))
        );
    }
    if let Some((href, title)) = &nav.event {
        let _ = write!(
            out,
            "<a class=\"event\" href=\"{}\">{}</a> ",
            escape(href),
            escape(title)
        );
    }
    if let Some(next) = nav.next {
        let _ = write!(
            out,
            "<a rel=\"next\" href=\"{next}.html\">{} →</a>",
            escape(lang.text(Msg::NextGame))
        );
    }
    out.push_str("</nav>");
}
