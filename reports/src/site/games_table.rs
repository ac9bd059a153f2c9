//! The games table of a page that shows an event (a one-event site's index, an event page
//! of an archive): one `tr.game[data-game]` per game, in round then board order (numbers
//! inside the names compare as numbers: 第08轮, 第09轮, 第10轮), with the board and the
//! seats' teams where the records or the curation name them. The public edition numbers
//! the games 1, 2, … in that order and writes results as 1–0, 0–1, ½–½; the audit edition
//! keeps the database id, the stored result and the findings counts.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt::Write;

use kifu_analysis::shown_names::ShownNames;
use kifu_facts::ResultName;
use kifu_store::query::ResultRow;
use kifu_store::search::GameListing;

use crate::escape::escape;
use crate::lang::{Edition, Lang, Msg};
use crate::openings::{code_and_name, opening_label};
use crate::results::customary_result;
use crate::site::standings::game_href;
use crate::Presentation;
use kifu_analysis::natural_cmp;

/// The header tags that name a game's board (PGN `Board`, dpxq `table` as in 第01台).
const BOARD_TAGS: [&str; 3] = ["board", "table", "台"];

/// What the result rows know of a game beyond its listing: its board and seats' teams.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Seating {
    pub(crate) board: Option<String>,
    /// Each seat's team, in seat order.
    pub(crate) teams: Vec<Option<String>>,
}

/// Each stored game's board and teams, from its result row.
pub(crate) fn seatings<'a>(rows: impl Iterator<Item = &'a ResultRow>) -> HashMap<i64, Seating> {
    rows.filter(|r| !r.is_curated())
        .map(|r| {
            let board = BOARD_TAGS
                .iter()
                .filter_map(|t| r.extra.tag(t))
                .map(str::trim)
                .find(|b| !b.is_empty())
                .map(str::to_owned);
            (
                r.game,
                Seating {
                    board,
                    teams: r.teams.clone(),
                },
            )
        })
        .collect()
}

/// Missing names last.
fn optional_cmp(a: Option<&str>, b: Option<&str>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => natural_cmp(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The games in table order: round, then board, then id.
pub(crate) fn table_order(games: &mut [&GameListing], seatings: &HashMap<i64, Seating>) {
    let board = |g: &GameListing| seatings.get(&g.id).and_then(|s| s.board.as_deref());
    games.sort_by(|a, b| {
        optional_cmp(a.round.as_deref(), b.round.as_deref())
            .then_with(|| optional_cmp(board(a), board(b)))
            .then(a.id.cmp(&b.id))
    });
}

/// A game's result in the public table: its customary form ([`customary_result`]), a
/// dash when none counts.
pub(crate) fn table_result(g: &GameListing, lang: Lang) -> String {
    match g.counted {
        None | Some(ResultName::Unknown) => "–".to_string(),
        counted => customary_result(g.kind, counted, lang),
    }
}

/// The audit edition's result: the counted one, and the recorded one when it differs.
pub(crate) fn audit_result(g: &GameListing, lang: Lang) -> String {
    let counted = g.counted.map_or_else(|| "-".to_string(), |c| c.to_string());
    match (&g.recorded, g.differs) {
        (Some(r), true) => lang.fill(
            Msg::RecordedResult,
            &[("counted", &counted), ("recorded", r)],
        ),
        _ => counted,
    }
}

/// A game's opening: in the public edition its name first ([`opening_label`]), in the
/// audit edition its code first, the name after.
pub(crate) fn opening_text(g: &GameListing, edition: Edition, lang: Lang) -> String {
    match g.opening.as_deref() {
        None => String::new(),
        Some(code) if edition.is_public() => opening_label(g.kind, code, lang),
        Some(code) => code_and_name(g.kind, code, lang),
    }
}

/// The table's games and how it links them.
pub(crate) struct GamesTable<'a> {
    /// In table order ([`table_order`]).
    pub(crate) games: &'a [&'a GameListing],
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    /// The page's depth below the site's root (`""` or `"../"`).
    pub(crate) base: &'a str,
    /// Whether the games are of more than one event (an event column).
    pub(crate) with_event: bool,
    /// The curation's names in other languages.
    pub(crate) names: &'a ShownNames,
    /// Where each player's name links to the player's page (an archive's event pages;
    /// the game pages link them in every site).
    pub(crate) player_files: Option<&'a super::player_files::PlayerFiles>,
}

/// The games section: its search box (`#search`, `#shown`, `#no-match`) and `table#games`.
pub(crate) fn games_html(out: &mut String, t: &GamesTable, p: &Presentation) {
    let lang = p.lang;
    let shown = t.names.in_lang(lang);
    let audit = p.edition == Edition::Audit;
    let boards = t
        .games
        .iter()
        .any(|g| t.seatings.get(&g.id).is_some_and(|s| s.board.is_some()));
    let teams = t.games.iter().any(|g| {
        t.seatings
            .get(&g.id)
            .is_some_and(|s| s.teams.iter().any(Option::is_some))
    });
    let n = t.games.len();
    let _ = write!(
        out,
        "<section id=\"games-section\"><h2>{}</h2>\n<div class=\"search\">\
         <label for=\"search\">{}</label> <input id=\"search\" type=\"search\" \
         placeholder=\"{}\" autocomplete=\"off\"> <span class=\"shown\">{}</span></div>\n\
         <p id=\"no-match\" class=\"note\" hidden>{}</p>\n\
         <div class=\"table-wrap\"><table id=\"games\">\n<thead><tr><th class=\"num\">{}</th>",
        lang.text(Msg::Games),
        lang.text(Msg::Search),
        escape(lang.text(Msg::SearchGames)),
        lang.fill(
            Msg::GamesShown,
            &[
                ("shown", &format!("<span id=\"shown\">{n}</span>")),
                ("n", &n.to_string())
            ]
        ),
        lang.text(Msg::NoMatch),
        lang.text(Msg::GameColumn),
    );
    if t.with_event {
        let _ = write!(out, "<th>{}</th>", lang.text(Msg::EventColumn));
    }
    let _ = write!(out, "<th>{}</th>", lang.text(Msg::RoundColumn));
    if boards {
        let _ = write!(out, "<th>{}</th>", lang.text(Msg::BoardColumn));
    }
    let _ = write!(out, "<th>{}</th>", lang.text(Msg::PlayersColumn));
    if teams {
        let _ = write!(out, "<th>{}</th>", lang.text(Msg::TeamsColumn));
    }
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th><th class=\"num\">{}</th>",
        lang.text(Msg::ResultColumn),
        lang.text(Msg::OpeningColumn),
        lang.text(if audit {
            Msg::PliesColumn
        } else {
            Msg::MovesColumn
        }),
    );
    if audit {
        let _ = write!(
            out,
            "<th class=\"num\" title=\"{}\">{}</th>",
            lang.text(Msg::FindingsColumnTitle),
            lang.text(Msg::FindingsColumn)
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let none = Seating::default();
    for (number, g) in t.games.iter().enumerate() {
        let seating = t.seatings.get(&g.id).unwrap_or(&none);
        let players: Vec<String> = g
            .players
            .iter()
            .map(|(_, n)| {
                let name = escape(shown.player(n));
                match t.player_files.and_then(|f| f.href(t.base, n)) {
                    Some(href) => format!("<a href=\"{href}\">{name}</a>"),
                    None => name,
                }
            })
            .collect();
        // The public edition numbers the event's games in table order; the id stays in
        // the link and in `data-game`.
        let label = if audit { g.id } else { number as i64 + 1 };
        let _ = write!(
            out,
            "<tr class=\"game\" data-game=\"{id}\"><td class=\"num\"><a href=\"{}\">{label}</a>\
             </td>",
            game_href(t.base, g.id),
            id = g.id,
        );
        if t.with_event {
            let _ = write!(
                out,
                "<td class=\"event\">{}</td>",
                escape(shown.event(g.event.as_deref().unwrap_or("")))
            );
        }
        let _ = write!(
            out,
            "<td class=\"round\">{}</td>",
            escape(&shown.round(
                g.event.as_deref().unwrap_or(""),
                g.round.as_deref().unwrap_or("")
            ))
        );
        if boards {
            let _ = write!(
                out,
                "<td class=\"board\">{}</td>",
                escape(seating.board.as_deref().unwrap_or(""))
            );
        }
        let _ = write!(out, "<td class=\"players\">{}</td>", players.join(" – "));
        if teams {
            let names: Vec<&str> = seating
                .teams
                .iter()
                .map(|t| t.as_deref().unwrap_or("?"))
                .collect();
            let _ = write!(
                out,
                "<td class=\"teams\">{}</td>",
                escape(&names.join(" – "))
            );
        }
        let result = if audit {
            audit_result(g, lang)
        } else {
            table_result(g, lang)
        };
        let _ = write!(
            out,
            "<td class=\"result\">{}</td><td class=\"opening\">{}</td><td class=\"num\">{}</td>",
            escape(&result),
            escape(&opening_text(g, p.edition, lang)),
            g.plies,
        );
        if audit {
            let [info, warning, error] = g.findings;
            let class = if error > 0 {
                " error"
            } else if warning > 0 {
                " warning"
            } else {
                ""
            };
            let _ = write!(
                out,
                "<td class=\"num{class}\">{error}/{warning}/{info}</td>"
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div></section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_facts::GameKind;

    fn listing(kind: GameKind, sides: [&str; 2], counted: Option<ResultName>) -> GameListing {
        GameListing {
            id: 1,
            kind,
            date: None,
            event: None,
            round: None,
            players: sides
                .iter()
                .map(|s| (s.to_string(), format!("{s} player")))
                .collect(),
            recorded: None,
            counted,
            differs: false,
            opening: None,
            plies: 0,
            findings: [0; 3],
            source: String::new(),
            line: 0,
            duplicate_of: None,
            found_through: None,
        }
    }

    #[test]
    fn results_read_from_the_first_seat() {
        let en = Lang::En;
        let xq = |o| table_result(&listing(GameKind::Xiangqi, ["red", "black"], o), en);
        assert_eq!(xq(Some(ResultName::Red)), "1–0");
        assert_eq!(xq(Some(ResultName::Black)), "0–1");
        assert_eq!(xq(Some(ResultName::Draw)), "½–½");
        assert_eq!(xq(None), "–");
        let renju = |o| table_result(&listing(GameKind::Renju, ["black", "white"], o), en);
        assert_eq!(renju(Some(ResultName::White)), "0–1");
        assert_eq!(renju(Some(ResultName::Black)), "1–0");
        // Territorial: White places first and is listed first.
        let terr = |o| table_result(&listing(GameKind::Territorial, ["white", "black"], o), en);
        assert_eq!(terr(Some(ResultName::White)), "1–0");
        assert_eq!(terr(Some(ResultName::Black)), "0–1");
        let chou = table_result(
            &listing(GameKind::ChouChou, ["P1", "P2"], Some(ResultName::Seat(2))),
            en,
        );
        assert_eq!(chou, "P2 wins");
    }
}
