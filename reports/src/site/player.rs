//! One player's page of the site (`players/NAME.html`, the name percent-encoded): it
//! renders the player's [`PlayerRecord`] (the spellings the records give, the results by
//! event and by year with their scores) and lists the player's games of the site, each
//! linking to its page. Every number is the record's: the page counts nothing itself.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::player::PlayerRecord;
use kifu_analysis::shown_names::{ShownIn, ShownNames};
use kifu_store::player::ResultsLine;
use kifu_store::search::GameListing;

use super::game::path_segment;
use super::games_table::{games_html, table_order, GamesTable, Seating};
use super::page::{bottom, top, Top};
use crate::escape::escape;
use crate::lang::Msg;
use crate::Presentation;

/// The folder of the player pages, below the site's root.
pub(crate) const PLAYERS_DIR: &str = "players";

/// A player's page's file name in [`PLAYERS_DIR`].
pub(crate) fn page_file(name: &str) -> String {
    format!("{}.html", path_segment(name))
}

/// What one player's page is made of.
pub(crate) struct PlayerPage<'a> {
    pub(crate) record: &'a PlayerRecord,
    /// The site's games that seat one of the record's spellings.
    pub(crate) games: Vec<&'a GameListing>,
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    pub(crate) site_title: &'a str,
    /// The curation's names in other languages: the page's name, events and games are
    /// shown in its language (its file keeps the name the database shows).
    pub(crate) names: &'a ShownNames,
}

impl<'a> PlayerPage<'a> {
    /// The page of `record` over the site's `games`: those seating a spelling the record
    /// counts under (the record's own grouping says who the player is).
    pub(crate) fn new(
        record: &'a PlayerRecord,
        games: &'a [GameListing],
        seatings: &'a HashMap<i64, Seating>,
        site_title: &'a str,
        names: &'a ShownNames,
    ) -> PlayerPage<'a> {
        let spellings: BTreeSet<&str> = record
            .spellings
            .iter()
            .filter_map(|l| l.key.as_deref())
            .chain([record.name.as_str()])
            .collect();
        let mut mine: Vec<&GameListing> = games
            .iter()
            .filter(|g| {
                g.players
                    .iter()
                    .any(|(_, n)| spellings.contains(n.as_str()))
            })
            .collect();
        table_order(&mut mine, seatings);
        PlayerPage {
            record,
            games: mine,
            seatings,
            site_title,
            names,
        }
    }
}

/// The HTML of a player's page.
pub(crate) fn player_page(page: &PlayerPage, p: &Presentation) -> String {
    let lang = p.lang;
    let shown = page.names.in_lang(lang);
    let record = page.record;
    let [games, wins, draws, losses, _] = record.total();
    let facts = [
        format!(
            "<span class=\"count\" id=\"player-games\">{games} {}</span>",
            escape(lang.text(Msg::ColGames))
        ),
        format!(
            "<span id=\"player-total\">{wins}–{draws}–{losses} ({})</span>",
            escape(&format!(
                "{}–{}–{}",
                lang.text(Msg::ColWins),
                lang.text(Msg::ColDraws),
                lang.text(Msg::ColLosses)
            ))
        ),
    ];
    let mut out = top(
        p,
        &Top {
            title: shown.player(&record.name),
            base: "../",
            scripts: &["tables.js"],
            body_class: "index player",
            facts: &facts,
            scope: &[],
            logo: "",
            up: Some(page.site_title),
        },
    );
    let _ = write!(
        out,
        "<main class=\"wrap\">\n<nav class=\"toc\"><a href=\"#by-event\">{}</a> \
         <a href=\"#by-year\">{}</a> <a href=\"#games-section\">{}</a></nav>\n",
        escape(lang.text(Msg::UiResultsByEvent)),
        escape(lang.text(Msg::UiResultsByYear)),
        escape(lang.text(Msg::Games))
    );
    let others: Vec<&str> = record
        .spellings
        .iter()
        .filter_map(|l| l.key.as_deref())
        .filter(|s| *s != record.name)
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            out,
            "<p id=\"spellings\">{}: {}</p>",
            escape(lang.text(Msg::UiSpellings)),
            others
                .iter()
                .map(|s| format!("<span class=\"spelling\">{}</span>", escape(s)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    results_table(
        &mut out,
        "by-event",
        Msg::UiResultsByEvent,
        Msg::ColEvent,
        &record.by_event,
        shown,
    );
    results_table(
        &mut out,
        "by-year",
        Msg::UiResultsByYear,
        Msg::ColYear,
        &record.by_year,
        shown,
    );
    games_html(
        &mut out,
        &GamesTable {
            games: &page.games,
            seatings: page.seatings,
            base: "../",
            with_event: page
                .games
                .iter()
                .map(|g| g.event.as_deref())
                .collect::<BTreeSet<_>>()
                .len()
                > 1,
            names: page.names,
        },
        p,
    );
    out.push_str(&bottom(lang));
    out
}

/// One table of the record's results, a row per group (`key` names the group's column:
/// an event is shown in the page's language): games, wins, draws, losses and the score
/// the record gives.
fn results_table(
    out: &mut String,
    id: &str,
    heading: Msg,
    key: Msg,
    lines: &[ResultsLine],
    shown: ShownIn,
) {
    let lang = shown.lang;
    let _ = write!(
        out,
        "<section id=\"{id}\"><h2>{}</h2>\n<table class=\"results\"><thead><tr>",
        escape(lang.text(heading))
    );
    for column in [
        key,
        Msg::ColGames,
        Msg::ColWins,
        Msg::ColDraws,
        Msg::ColLosses,
        Msg::ColScore,
    ] {
        let _ = write!(out, "<th>{}</th>", escape(lang.text(column)));
    }
    out.push_str("</tr></thead><tbody>\n");
    for line in lines {
        let score = line
            .score()
            .map_or_else(|| "–".to_owned(), |s| format!("{:.1}%", s * 100.0));
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td class=\"score\">{score}</td></tr>",
            escape(line.key.as_deref().map_or("–", |k| match key {
                Msg::ColEvent => shown.event(k),
                _ => k,
            })),
            line.games,
            line.wins,
            line.draws,
            line.losses
        );
    }
    out.push_str("</tbody></table></section>\n");
}
