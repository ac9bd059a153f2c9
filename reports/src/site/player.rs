//! One player's page of the site (`players/NAME.html`, the name percent-encoded): it
//! renders the player's [`PlayerRecord`] (the spellings the records give, the results by
//! event and by year with their scores), the player's lines of the site's standings (place
//! and points under the event's curated scoring), the rating history as a chart where the
//! site shows ratings ([`super::rating_chart`]), and lists the player's games of the site,
//! each linking to its page. Every number is the record's or the standings': the page
//! counts nothing itself.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::player::PlayerRecord;
use kifu_analysis::ratings::RatingHistory;
use kifu_analysis::shown_names::{ShownIn, ShownNames};
use kifu_analysis::standings::{points_text, Line, Table};
use kifu_facts::GameKind;
use kifu_store::player::ResultsLine;
use kifu_store::search::GameListing;

use super::game::path_segment;
use super::games_table::{games_html, table_order, GamesTable, Seating};
use super::page::{bottom, top, Fact, Top};
use super::rating_chart::{rating_chart, EventEnd};
use crate::escape::escape;
use crate::lang::{Lang, Msg};
use crate::standings::event_shown;
use crate::Presentation;

/// The folder of the player pages, below the site's root.
pub(crate) const PLAYERS_DIR: &str = "players";

/// A player's page's file name in [`PLAYERS_DIR`].
pub(crate) fn page_file(name: &str) -> String {
    format!("{}.html", path_segment(name))
}

/// What every player's page of a site reads from: the site's games and standings.
pub(crate) struct SitePlayers<'a> {
    pub(crate) games: &'a [GameListing],
    /// The site's standings tables ([`super::standings::StandingsSource::points_tables`]).
    pub(crate) tables: &'a [Table],
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    pub(crate) site_title: &'a str,
    /// Each kind's rating history (the standings'): empty where the site shows no
    /// ratings.
    pub(crate) ratings: &'a [(GameKind, &'a RatingHistory)],
    /// The curation's names in other languages: the pages show names, events and games in
    /// their language (their files keep the names the database shows).
    pub(crate) names: &'a ShownNames,
}

/// What one player's page is made of.
pub(crate) struct PlayerPage<'a> {
    pub(crate) record: &'a PlayerRecord,
    /// The site's games that seat one of the record's spellings.
    pub(crate) games: Vec<&'a GameListing>,
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    pub(crate) site_title: &'a str,
    /// The player's line in each standings table of the site that places them.
    pub(crate) standings: Vec<(&'a Table, &'a Line)>,
    pub(crate) ratings: &'a [(GameKind, &'a RatingHistory)],
    pub(crate) names: &'a ShownNames,
}

impl<'a> PlayerPage<'a> {
    /// The page of `record` over the `site`'s games and standings: the games and lines of
    /// a spelling the record counts under (the record's own grouping says who the player
    /// is).
    pub(crate) fn new(record: &'a PlayerRecord, site: &SitePlayers<'a>) -> PlayerPage<'a> {
        let SitePlayers {
            games,
            tables,
            seatings,
            site_title,
            ratings,
            names,
        } = *site;
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
        let standings = tables
            .iter()
            .flat_map(|t| t.lines.iter().map(move |l| (t, l)))
            .filter(|(_, l)| spellings.contains(l.player.as_str()))
            .collect();
        PlayerPage {
            record,
            games: mine,
            seatings,
            site_title,
            standings,
            ratings,
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
        Fact::of_class("count", format!("{games} {}", lang.text(Msg::ColGames)))
            .with_id("player-games"),
        Fact::plain(format!(
            "{wins}–{draws}–{losses} ({}–{}–{})",
            lang.text(Msg::ColWins),
            lang.text(Msg::ColDraws),
            lang.text(Msg::ColLosses)
        ))
        .with_id("player-total"),
    ];
    let path = format!(
        "{PLAYERS_DIR}/{}.html",
        path_segment(&path_segment(&record.name))
    );
    let mut out = top(
        p,
        &Top {
            title: shown.player(&record.name),
            base: "../",
            path: &path,
            scripts: &["tables.js"],
            body_class: "index player",
            facts: &facts,
            scope: &[],
            logo: "",
            up: Some(page.site_title),
        },
    );
    let standings_link = if page.standings.is_empty() {
        String::new()
    } else {
        format!(
            "<a href=\"#standings\">{}</a> ",
            escape(lang.text(Msg::Standings))
        )
    };
    let _ = write!(
        out,
        "<main class=\"wrap\">\n<nav class=\"toc\">{standings_link}<a href=\"#by-event\">{}</a> \
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
    standings_table(&mut out, &page.standings, shown);
    rating_history(&mut out, page, lang);
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

/// `section#standings`: the player's line of each standings table (event and section,
/// with the event's scoring named where it is not 1/½/0; place, games, wins, draws, losses,
/// and the points under that scoring). Nothing when no table places the player.
fn standings_table(out: &mut String, lines: &[(&Table, &Line)], shown: ShownIn) {
    let lang = shown.lang;
    if lines.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section id=\"standings\"><h2>{}</h2>\n<table class=\"results\"><thead><tr>",
        escape(lang.text(Msg::Standings))
    );
    for column in [
        Msg::ColEvent,
        Msg::ColPlace,
        Msg::ColGames,
        Msg::ColWins,
        Msg::ColDraws,
        Msg::ColLosses,
        Msg::ColPoints,
    ] {
        let _ = write!(out, "<th>{}</th>", escape(lang.text(column)));
    }
    out.push_str("</tr></thead><tbody>\n");
    for (table, line) in lines {
        let event = match &table.section {
            Some(section) => format!(
                "{} · {}",
                event_shown(&table.event, shown),
                shown.section(&table.event, section)
            ),
            None => event_shown(&table.event, shown).to_owned(),
        };
        let scoring = table
            .scoring_note()
            .map(|s| {
                format!(
                    " <span class=\"scoring\">{}</span>",
                    escape(&lang.fill(Msg::ScoringNote, &[("scoring", &s)]))
                )
            })
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "<tr><td>{}{scoring}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td class=\"points\">{}</td></tr>",
            escape(&event),
            line.place,
            line.games,
            line.wins,
            line.draws,
            line.losses,
            points_text(line.points),
        );
    }
    out.push_str("</tbody></table></section>\n");
}

/// Each event of the page's games and the player's last date in it, by date.
fn event_ends(games: &[&GameListing]) -> Vec<EventEnd> {
    let mut last: HashMap<&str, &str> = HashMap::new();
    for g in games {
        let (Some(event), Some(date)) = (g.event.as_deref(), g.date.as_deref()) else {
            continue;
        };
        let at = last.entry(event).or_insert(date);
        if date > *at {
            *at = date;
        }
    }
    let mut ends: Vec<EventEnd> = last
        .into_iter()
        .map(|(event, date)| EventEnd {
            event: event.to_owned(),
            date: date.to_owned(),
        })
        .collect();
    ends.sort_by(|a, b| a.date.cmp(&b.date).then_with(|| a.event.cmp(&b.event)));
    ends
}

/// `section#rating-history`: per kind whose stored list rates the player (under one of
/// the record's listed names), the chart of the history as of each event's end. Nothing
/// where the site shows no ratings or no list has a dated period before an event.
fn rating_history(out: &mut String, page: &PlayerPage, lang: Lang) {
    let ends = event_ends(&page.games);
    let charts: Vec<String> = page
        .ratings
        .iter()
        .filter_map(|&(kind, history)| {
            let name = page
                .record
                .listed
                .iter()
                .map(|p| p.name.as_str())
                .find(|name| !history.points(name).is_empty())?;
            let label = format!("{} · {}", lang.text(Msg::UiRatingHistory), lang.kind(kind));
            rating_chart(history, name, &ends, &label)
        })
        .collect();
    if charts.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section id=\"rating-history\"><h2>{}</h2>\n{}</section>\n",
        escape(lang.text(Msg::UiRatingHistory)),
        charts.join("\n")
    );
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
