//! One player's page of the site (`players/NAME.html`, the name percent-encoded): it
//! renders the player's [`PlayerRecord`] (the spellings the records give, the results by
//! event and by year with their scores), the player's lines of the site's standings (place
//! and points under the event's curated scoring), the rating history as a chart where the
//! site shows ratings ([`super::rating_chart`]), and lists the player's games of the site,
//! each linking to its page. Every number is the record's or the standings': the page
//! counts nothing itself. An archive's page is lean ([`PlayerPage::lean`]): one table of
//! the player's events holds the results, standings lines and games.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::player::PlayerRecord;
use kifu_analysis::ratings::RatingHistory;
use kifu_analysis::shown_names::{ShownIn, ShownNames};
use kifu_analysis::standings::{points_text, Line, Table};
use kifu_facts::GameKind;
use kifu_store::player::ResultsLine;
use kifu_store::search::GameListing;

use super::games_table::{
    audit_result, games_html, table_order, table_result, GamesTable, Seating,
};
use super::page::{bottom, top, Fact, Top};
use super::player_files::{PlayerFiles, PLAYERS_DIR};
use super::rating_chart::{rating_chart, EventEnd};
use super::standings::game_href;
use crate::escape::escape;
use crate::escape::path_segment;
use crate::lang::{Edition, Lang, Msg};
use crate::standings::event_shown;
use crate::Presentation;

/// What every player's page of a site reads from: the site's games and standings, each
/// indexed by the names it seats or places (thousands of pages each look up their own).
pub(crate) struct SitePlayers<'a> {
    /// The site's games by each name they seat.
    pub(crate) games: HashMap<&'a str, Vec<&'a GameListing>>,
    /// The lines of the site's standings tables
    /// ([`super::standings::StandingsSource::points_tables`]) by the name they place, each
    /// with its place in the tables' order.
    pub(crate) lines: HashMap<&'a str, Vec<(usize, &'a Table, &'a Line)>>,
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    pub(crate) site_title: &'a str,
    /// Each kind's rating history (the standings'): empty where the site shows no
    /// ratings.
    pub(crate) ratings: &'a [(GameKind, &'a RatingHistory)],
    /// The curation's names in other languages: the pages show names, events and games in
    /// their language (their files keep the names the database shows).
    pub(crate) names: &'a ShownNames,
    /// Each game's event's page from a player's page, where it has one (an archive's
    /// [`lean`](PlayerPage::lean) pages link their events).
    pub(crate) event_pages: &'a HashMap<i64, String>,
    /// How the pages' files are named; numbered: an archive's lean pages
    /// ([`PlayerPage::lean`]).
    pub(crate) files: &'a PlayerFiles,
}

impl<'a> SitePlayers<'a> {
    /// The index of `games` and `tables` by name.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        games: &'a [GameListing],
        tables: &'a [Table],
        seatings: &'a HashMap<i64, Seating>,
        site_title: &'a str,
        ratings: &'a [(GameKind, &'a RatingHistory)],
        names: &'a ShownNames,
        event_pages: &'a HashMap<i64, String>,
        files: &'a PlayerFiles,
    ) -> SitePlayers<'a> {
        let mut by_name: HashMap<&str, Vec<&GameListing>> = HashMap::new();
        for g in games {
            let seated: BTreeSet<&str> = g.players.iter().map(|(_, n)| n.as_str()).collect();
            for name in seated {
                by_name.entry(name).or_default().push(g);
            }
        }
        let mut lines: HashMap<&str, Vec<(usize, &Table, &Line)>> = HashMap::new();
        let all = tables
            .iter()
            .flat_map(|t| t.lines.iter().map(move |l| (t, l)));
        for (order, (t, l)) in all.enumerate() {
            lines
                .entry(l.player.as_str())
                .or_default()
                .push((order, t, l));
        }
        SitePlayers {
            games: by_name,
            lines,
            seatings,
            site_title,
            ratings,
            names,
            event_pages,
            files,
        }
    }

    /// The names the site's games seat.
    pub(crate) fn seated(&self) -> BTreeSet<&'a str> {
        self.games.keys().copied().collect()
    }
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
    pub(crate) event_pages: &'a HashMap<i64, String>,
    /// One table of the player's events, each with its results, standings lines and
    /// games, without the games table's search box, openings and lengths: an archive
    /// writes thousands of these pages ([`lean_events_html`]).
    pub(crate) lean: bool,
}

impl<'a> PlayerPage<'a> {
    /// The page of `record` over the `site`'s games and standings: the games and lines of
    /// a spelling the record counts under (the record's own grouping says who the player
    /// is).
    pub(crate) fn new(record: &'a PlayerRecord, site: &SitePlayers<'a>) -> PlayerPage<'a> {
        let spellings: BTreeSet<&str> = record
            .spellings
            .iter()
            .filter_map(|l| l.key.as_deref())
            .chain([record.name.as_str()])
            .collect();
        // A game seating two spellings of the player is listed once.
        let mut seen = BTreeSet::new();
        let mut mine: Vec<&GameListing> = spellings
            .iter()
            .filter_map(|n| site.games.get(n))
            .flatten()
            .copied()
            .filter(|g| seen.insert(g.id))
            .collect();
        mine.sort_by_key(|g| g.id);
        table_order(&mut mine, site.seatings);
        // In the tables' order, as the site's standings list them.
        let mut ordered: Vec<(usize, &Table, &Line)> = spellings
            .iter()
            .filter_map(|n| site.lines.get(n))
            .flatten()
            .copied()
            .collect();
        ordered.sort_by_key(|(order, _, _)| *order);
        let standings = ordered.into_iter().map(|(_, t, l)| (t, l)).collect();
        PlayerPage {
            record,
            games: mine,
            seatings: site.seatings,
            site_title: site.site_title,
            standings,
            ratings: site.ratings,
            names: site.names,
            event_pages: site.event_pages,
            lean: matches!(site.files, PlayerFiles::Numbered(_)),
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
    let standings_link = if page.standings.is_empty() || page.lean {
        String::new()
    } else {
        format!(
            "<a href=\"#standings\">{}</a> ",
            escape(lang.text(Msg::Standings))
        )
    };
    // A lean page lists its games and standings lines in its events' table.
    let games_link = if page.lean {
        String::new()
    } else {
        format!(
            " <a href=\"#games-section\">{}</a>",
            escape(lang.text(Msg::Games))
        )
    };
    let _ = write!(
        out,
        "<main class=\"wrap\">\n<nav class=\"toc\">{standings_link}<a href=\"#by-event\">{}</a> \
         <a href=\"#by-year\">{}</a>{games_link}</nav>\n",
        escape(lang.text(Msg::UiResultsByEvent)),
        escape(lang.text(Msg::UiResultsByYear)),
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
    // A lean page's events table holds its standings lines and games.
    if page.lean {
        rating_history(&mut out, page, lang);
        lean_events_html(&mut out, page, p);
    } else {
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
    }
    results_table(
        &mut out,
        "by-year",
        Msg::UiResultsByYear,
        Msg::ColYear,
        &record.by_year,
        shown,
    );
    if !page.lean {
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
                player_files: None,
            },
            p,
        );
    }
    out.push_str(&bottom(lang));
    out
}

/// `section#standings`: the player's line of each standings table (event and section,
/// with the event's scoring named where it is not 1/½/0; place, games, wins, draws, losses,
/// and the points under that scoring). Nothing when no table places the player.
pub(super) fn standings_table(out: &mut String, lines: &[(&Table, &Line)], shown: ShownIn) {
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
        let scoring = scoring_span(table, lang);
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
/// the record gives, with the games it is taken over.
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
        // The score with the games it is taken over: `83.3 % of 9 games`.
        let score = line.score().map_or_else(
            || "–".to_owned(),
            |s| {
                let percent = format!("{:.1}", s * 100.0);
                lang.count_fill(
                    Msg::ScoreOfGames,
                    line.decided() as usize,
                    &[("score", &percent)],
                )
            },
        );
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

/// A table's scoring when it is not the usual one (`<span class="scoring">`), else
/// nothing: beside the player's points, on the full page and the lean one.
fn scoring_span(table: &Table, lang: Lang) -> String {
    table
        .scoring_note()
        .map(|s| {
            format!(
                " <span class=\"scoring\">{}</span>",
                escape(&lang.fill(Msg::ScoringNote, &[("scoring", &s)]))
            )
        })
        .unwrap_or_default()
}

// An archive's lean page body (its thousands of pages must fit the site's size bound):
// one table of the player's events — each event's results (games, wins, draws, losses,
// score, as the record gives them), the player's standings lines in it (place and
// points) and its games, each a link to its page with its players and result — instead
// of the one-event page's separate standings, results-by-event and games tables that
// name each event three times. CCPD's events are mostly of one game: the rows are most
// of an archive's player pages.

/// `section#by-event`: a row per event of the record (then any event of the page's games
/// or standings the record does not name), with its games and standings lines; the
/// standings lines of an event no row names follow in `section#standings`.
fn lean_events_html(out: &mut String, page: &PlayerPage, p: &Presentation) {
    let lang = p.lang;
    let shown = page.names.in_lang(lang);
    let mut games: HashMap<Option<&str>, Vec<&GameListing>> = HashMap::new();
    for g in &page.games {
        games.entry(g.event.as_deref()).or_default().push(g);
    }
    let mut lines: HashMap<&str, Vec<(&Table, &Line)>> = HashMap::new();
    for &(t, l) in &page.standings {
        lines.entry(t.event.as_str()).or_default().push((t, l));
    }
    let _ = write!(
        out,
        "<section id=\"by-event\"><h2>{}</h2>\n<div class=\"table-wrap\">\
         <table class=\"results\"><thead><tr>",
        escape(lang.text(Msg::UiResultsByEvent))
    );
    let record = format!(
        "{}–{}–{}",
        lang.text(Msg::ColWins),
        lang.text(Msg::ColDraws),
        lang.text(Msg::ColLosses)
    );
    for column in [
        lang.text(Msg::ColEvent),
        lang.text(Msg::ColGames),
        &record,
        lang.text(Msg::ColScore),
        lang.text(Msg::ColPlace),
        lang.text(Msg::ColPoints),
        lang.text(Msg::Games),
    ] {
        let _ = write!(out, "<th>{}</th>", escape(column));
    }
    out.push_str("</tr></thead><tbody>\n");
    let mut named: BTreeSet<Option<&str>> = BTreeSet::new();
    for line in &page.record.by_event {
        let key = line.key.as_deref();
        named.insert(key);
        let score = line
            .score()
            .map_or_else(|| "–".to_owned(), |s| format!("{:.1}%", s * 100.0));
        // Every byte of a row counts (the module's doc): wins, draws and losses share a
        // cell, and no cell has a class.
        let counts = format!(
            "<td>{}<td>{}–{}–{}<td>{score}",
            line.games, line.wins, line.draws, line.losses
        );
        event_row(out, page, p, key, &counts, &games, &mut lines);
    }
    // The page's games of an event the record does not name (none, when the record and
    // the site read the same games): their row has no counts.
    let mut rest: Vec<Option<&str>> = games
        .keys()
        .copied()
        .filter(|k| !named.contains(k))
        .collect();
    rest.sort();
    let dashes = "<td>–".repeat(3);
    for key in rest {
        event_row(out, page, p, key, &dashes, &games, &mut lines);
    }
    out.push_str("</tbody></table></div></section>\n");
    // Standings lines of an event no row names (a curated name the games do not carry).
    // In the page's order of standings lines: those of the events still left in `lines`.
    let unplaced: Vec<(&Table, &Line)> = page
        .standings
        .iter()
        .filter(|(t, _)| lines.contains_key(t.event.as_str()))
        .copied()
        .collect();
    if !unplaced.is_empty() {
        standings_table(out, &unplaced, shown);
    }
}

/// One event's row: its name (linked to its page where it has one), `counts` (three
/// cells, their end tags left out as HTML allows), the player's place and points in each of its standings tables, its games.
fn event_row<'a>(
    out: &mut String,
    page: &PlayerPage,
    p: &Presentation,
    key: Option<&str>,
    counts: &str,
    games: &HashMap<Option<&str>, Vec<&GameListing>>,
    lines: &mut HashMap<&'a str, Vec<(&'a Table, &'a Line)>>,
) {
    let lang = p.lang;
    let shown = page.names.in_lang(lang);
    let audit = p.edition == Edition::Audit;
    let mine = games.get(&key).map_or(&[][..], Vec::as_slice);
    let name = escape(key.map_or("–", |k| shown.event(k)));
    let event = match mine.first().and_then(|g| page.event_pages.get(&g.id)) {
        Some(href) => format!("<a href=\"{href}\">{name}</a>"),
        None => name,
    };
    let (mut places, mut points) = (Vec::new(), Vec::new());
    for (table, line) in key.and_then(|k| lines.remove(k)).unwrap_or_default() {
        let section = table
            .section
            .as_deref()
            .map(|s| format!("{}: ", escape(shown.section(&table.event, s))))
            .unwrap_or_default();
        places.push(format!("{section}{}", line.place));
        let scoring = scoring_span(table, lang);
        points.push(format!("{section}{}{scoring}", points_text(line.points)));
    }
    let links: Vec<String> = mine
        .iter()
        .map(|g| {
            let players: Vec<&str> = g.players.iter().map(|(_, n)| shown.player(n)).collect();
            let result = if audit {
                audit_result(g, lang)
            } else {
                table_result(g, lang)
            };
            format!(
                "<a href=\"{}\">{} {}</a>",
                game_href("../", g.id),
                escape(&players.join(" – ")),
                escape(&result)
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "<tr><td>{event}{counts}<td>{}<td>{}<td>{}</tr>",
        places.join("<br>"),
        points.join("<br>"),
        links.join("<br>")
    );
}
