//! An archive's lean player page body (its thousands of pages must fit the site's size
//! bound): one table of the player's events — each event's results (games, wins, draws,
//! losses, score, as the record gives them), the player's standings lines in it (place
//! and points) and its games, each a link to its page with its players and result —
//! instead of the one-event page's separate standings, results-by-event and games tables
//! that name each event three times. CCPD's events are mostly of one game: the rows are
//! most of an archive's player pages.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::standings::{points_text, Line, Table};
use kifu_store::search::GameListing;

use super::games_table::{audit_result, table_result};
use super::player::{standings_table, PlayerPage};
use super::standings::game_href;
use crate::escape::escape;
use crate::lang::{Edition, Msg};
use crate::Presentation;

/// `section#by-event`: a row per event of the record (then any event of the page's games
/// or standings the record does not name), with its games and standings lines; the
/// standings lines of an event no row names follow in `section#standings`.
pub(crate) fn events_html(out: &mut String, page: &PlayerPage, p: &Presentation) {
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
        let scoring = super::player::scoring_span(table, lang);
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
