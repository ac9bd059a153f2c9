//! The site's index page (`index.html`): the event header, the standings and crosstables
//! (every result a link to its game), the games table with its search box (`assets/index.js`),
//! the audit summary (counts by severity and code, each finding a link to its game at its
//! ply) and the report's charts. Every string from a record is escaped. The DOM the site's
//! browser test reads is described in the issue-17 site contract: `#search`, `#shown`,
//! `#no-match`, `table#games` of `tr.game[data-game]`, `table.standings` of
//! `tr.standing[data-player][data-place][data-points]`, `a.result`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use kifu_facts::{GameKind, Severity};
use kifu_store::query::FindingRow;
use kifu_store::search::GameListing;

use crate::html::escape;
use crate::model::{DrawnChart, SourceRoot};
use crate::openings::opening_name;
use crate::site::standings::game_href;

/// More findings than this in the audit list: each code's list starts folded.
const OPEN_FINDINGS: usize = 40;

/// What the index shows.
pub(crate) struct Index<'a> {
    pub(crate) title: &'a str,
    /// The filter in words (empty: every game).
    pub(crate) scope: Vec<String>,
    pub(crate) games: &'a [GameListing],
    /// The findings of the filter, in source order.
    pub(crate) findings: &'a [FindingRow],
    /// The standings section's body ([`crate::site::standings::standings_html`]).
    pub(crate) standings: String,
    /// The report's charts: per section, its title and charts (files in `charts/`).
    pub(crate) charts: Vec<(String, Vec<DrawnChart>)>,
}

/// `a`, `a – b` or `a – b and 3 more` style lists of names.
fn names_text(names: &[&str], most: usize) -> String {
    if names.len() <= most {
        names.join(" · ")
    } else {
        format!(
            "{} · and {} more",
            names[..most].join(" · "),
            names.len() - most
        )
    }
}

/// The event header's facts: the events, the dates, games, players and kinds.
fn header(index: &Index) -> String {
    let games = index.games;
    let events: BTreeSet<&str> = games.iter().filter_map(|g| g.event.as_deref()).collect();
    let dates: BTreeSet<&str> = games.iter().filter_map(|g| g.date.as_deref()).collect();
    let players: BTreeSet<&str> = games
        .iter()
        .flat_map(|g| g.players.iter().map(|(_, n)| n.as_str()))
        .collect();
    let kinds: BTreeSet<GameKind> = games.iter().map(|g| g.kind).collect();
    let mut facts = Vec::new();
    if !events.is_empty() {
        let events: Vec<&str> = events.into_iter().collect();
        facts.push(format!(
            "<span class=\"events\">{}</span>",
            escape(&names_text(&events, 4))
        ));
    }
    match (dates.first(), dates.last()) {
        (Some(a), Some(b)) if a == b => {
            facts.push(format!("<span class=\"dates\">{}</span>", escape(a)))
        }
        (Some(a), Some(b)) => facts.push(format!(
            "<span class=\"dates\">{} – {}</span>",
            escape(a),
            escape(b)
        )),
        _ => {}
    }
    let s = |n: usize| if n == 1 { "" } else { "s" };
    facts.push(format!(
        "<span class=\"count\" id=\"game-count\">{} game{}</span>",
        games.len(),
        s(games.len())
    ));
    facts.push(format!(
        "<span class=\"count\">{} player{}</span>",
        players.len(),
        s(players.len())
    ));
    let kinds: Vec<&str> = kinds.into_iter().map(GameKind::title).collect();
    facts.push(format!("<span>{}</span>", kinds.join(" · ")));
    let mut out = format!(
        "<header class=\"top\"><div class=\"wrap\"><p class=\"kicker\">kifu event site</p>\
         <h1>{}</h1><p class=\"sub\">{}</p>",
        escape(index.title),
        facts.join(" <span class=\"dot\">·</span> ")
    );
    if !index.scope.is_empty() {
        let _ = write!(
            out,
            "<p class=\"scope\">{}</p>",
            escape(&index.scope.join(" · "))
        );
    }
    out.push_str("</div></header>\n");
    out
}

/// The counted result, and the recorded one when it differs (the board decided).
fn result_text(g: &GameListing) -> String {
    let counted = g.counted.map_or_else(|| "-".to_string(), |c| c.to_string());
    match (&g.recorded, g.differs) {
        (Some(r), true) => format!("{counted} (recorded {r})"),
        _ => counted,
    }
}

fn opening_text(g: &GameListing) -> String {
    match g.opening.as_deref() {
        None => String::new(),
        Some(code) => match opening_name(g.kind, code) {
            Some(name) => format!("{code} {name}"),
            None => code.to_string(),
        },
    }
}

/// The games table with the search box: one `tr.game` per game, in id order.
fn games_html(out: &mut String, games: &[GameListing]) {
    let events: BTreeSet<Option<&str>> = games.iter().map(|g| g.event.as_deref()).collect();
    let with_event = events.len() > 1;
    let _ = write!(
        out,
        "<section id=\"games-section\"><h2>Games</h2>\n<div class=\"search\">\
         <label for=\"search\">Search</label> <input id=\"search\" type=\"search\" \
         placeholder=\"player, round, opening or result\" autocomplete=\"off\"> \
         <span class=\"shown\"><span id=\"shown\">{n}</span> of {n} games shown</span></div>\n\
         <p id=\"no-match\" class=\"note\" hidden>No game matches the search.</p>\n\
         <div class=\"table-wrap\"><table id=\"games\">\n<thead><tr><th class=\"num\">game</th>{}\
         <th>round</th><th>players</th><th>result</th><th>opening</th><th class=\"num\">plies\
         </th><th class=\"num\" title=\"errors / warnings / info\">e/w/i</th></tr></thead>\n\
         <tbody>\n",
        if with_event { "<th>event</th>" } else { "" },
        n = games.len()
    );
    for g in games {
        let players: Vec<&str> = g.players.iter().map(|(_, n)| n.as_str()).collect();
        let event = if with_event {
            format!(
                "<td class=\"event\">{}</td>",
                escape(g.event.as_deref().unwrap_or(""))
            )
        } else {
            String::new()
        };
        let [info, warning, error] = g.findings;
        let _ = writeln!(
            out,
            "<tr class=\"game\" data-game=\"{id}\"><td class=\"num\"><a href=\"{href}\">{id}</a>\
             </td>{event}<td class=\"round\">{}</td><td class=\"players\">{}</td>\
             <td class=\"result\">{}</td><td class=\"opening\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num{}\">{error}/{warning}/{info}</td></tr>",
            escape(g.round.as_deref().unwrap_or("")),
            escape(&players.join(" – ")),
            escape(&result_text(g)),
            escape(&opening_text(g)),
            g.plies,
            if error > 0 {
                " error"
            } else if warning > 0 {
                " warning"
            } else {
                ""
            },
            id = g.id,
            href = game_href(g.id),
        );
    }
    out.push_str("</tbody></table></div></section>\n");
}

/// The audit summary: counts by severity and by code, then each code's findings, each a
/// link to its game at its ply (long lists folded).
fn audit_html(out: &mut String, findings: &[FindingRow]) {
    // Quarantined records are named by their source, from the folder the sources share.
    let sources = SourceRoot::common(findings.iter().map(|f| f.source.as_str()));
    out.push_str("<section id=\"audit\"><h2>Audit</h2>\n");
    if findings.is_empty() {
        out.push_str("<p class=\"intro\">No findings in these games.</p></section>\n");
        return;
    }
    let mut by_severity: BTreeMap<std::cmp::Reverse<Severity>, usize> = BTreeMap::new();
    let mut by_code: BTreeMap<(std::cmp::Reverse<Severity>, &str), Vec<&FindingRow>> =
        BTreeMap::new();
    for f in findings {
        *by_severity
            .entry(std::cmp::Reverse(f.severity))
            .or_default() += 1;
        by_code
            .entry((std::cmp::Reverse(f.severity), f.code.as_str()))
            .or_default()
            .push(f);
    }
    out.push_str("<div class=\"summary\">");
    for (std::cmp::Reverse(s), n) in &by_severity {
        let _ = write!(
            out,
            "<span class=\"pill {s}\" data-severity=\"{s}\" data-count=\"{n}\">{n} {s}</span>",
            s = s.name()
        );
    }
    out.push_str(
        "</div>\n<div class=\"table-wrap\"><table class=\"codes\">\n<thead><tr>\
                  <th>code</th><th>severity</th><th class=\"num\">findings</th>\
                  <th class=\"num\">games</th></tr></thead>\n<tbody>\n",
    );
    for ((std::cmp::Reverse(s), code), list) in &by_code {
        let games: BTreeSet<Option<i64>> = list.iter().map(|f| f.game).collect();
        let _ = writeln!(
            out,
            "<tr class=\"code\" data-code=\"{c}\" data-severity=\"{s}\" data-count=\"{}\">\
             <td><a href=\"#code-{c}\"><code>{c}</code></a></td><td>{s}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
            list.len(),
            list.len(),
            games.len(),
            c = escape(code),
            s = s.name()
        );
    }
    out.push_str("</tbody></table></div>\n");
    let open = findings.len() <= OPEN_FINDINGS;
    for ((std::cmp::Reverse(s), code), list) in &by_code {
        let _ = write!(
            out,
            "<details class=\"findings {s}\" id=\"code-{c}\"{}><summary><code>{c}</code> · {s} · \
             {} finding{}</summary>\n<ol>\n",
            if open { " open" } else { "" },
            list.len(),
            if list.len() == 1 { "" } else { "s" },
            c = escape(code),
            s = s.name()
        );
        for f in list {
            let place = match (f.game, f.ply) {
                (Some(g), Some(p)) => {
                    format!("<a href=\"{}#ply={p}\">game {g}, ply {p}</a>", game_href(g))
                }
                (Some(g), None) => format!("<a href=\"{}\">game {g}</a>", game_href(g)),
                (None, _) => format!(
                    "<span title=\"{}\">{}:{}</span> (quarantined)",
                    escape(&f.source),
                    escape(sources.relative(&f.source)),
                    f.line
                ),
            };
            let rule = if f.rule.is_empty() {
                String::new()
            } else {
                format!(" <span class=\"rule\">[{}]</span>", escape(&f.rule))
            };
            let _ = writeln!(
                out,
                "<li class=\"audit-finding\" data-code=\"{}\" data-severity=\"{}\">{place} — {}{rule}</li>",
                escape(&f.code),
                s.name(),
                escape(&f.message)
            );
        }
        out.push_str("</ol></details>\n");
    }
    out.push_str("</section>\n");
}

fn charts_html(out: &mut String, charts: &[(String, Vec<DrawnChart>)]) {
    if charts.iter().all(|(_, c)| c.is_empty()) {
        return;
    }
    out.push_str("<section id=\"charts\"><h2>Charts</h2>\n");
    for (title, list) in charts.iter().filter(|(_, c)| !c.is_empty()) {
        let _ = writeln!(out, "<h3>{}</h3>", escape(title));
        for c in list {
            let _ = writeln!(
                out,
                "<figure class=\"chart\"><img src=\"charts/{stem}.svg\" alt=\"{t}\" \
                 loading=\"lazy\"><figcaption><b>{t}</b> · <a href=\"charts/{stem}.png\">PNG\
                 </a></figcaption></figure>",
                t = escape(&c.title),
                stem = escape(&c.stem)
            );
        }
    }
    out.push_str("</section>\n");
}

/// The HTML text of `index.html`.
pub(crate) fn index_page(index: &Index) -> String {
    let mut out = String::with_capacity(4096 + index.games.len() * 400);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"assets/site.css\">\n\
         <script src=\"assets/index.js\" defer></script>\n</head>\n<body class=\"index\">\n",
        escape(index.title)
    );
    out.push_str(&header(index));
    out.push_str(
        "<main class=\"wrap\">\n<nav class=\"toc\"><a href=\"#standings\">Standings</a> \
         <a href=\"#games-section\">Games</a> <a href=\"#audit\">Audit</a>",
    );
    if index.charts.iter().any(|(_, c)| !c.is_empty()) {
        out.push_str(" <a href=\"#charts\">Charts</a>");
    }
    out.push_str("</nav>\n<section id=\"standings\"><h2>Standings</h2>\n");
    if index.standings.is_empty() {
        out.push_str("<p class=\"intro\">No game has two named players to table.</p>\n");
    } else {
        out.push_str("<p class=\"intro\">");
        if index.games.iter().any(|g| g.kind != GameKind::ChouChou) {
            out.push_str(
                "Two-player games score 1 for a win, ½ for a draw; places by points, then \
                 Sonneborn-Berger, then wins. In a crosstable +n is a win against line n, =n \
                 a draw, −n a loss (each a link to the game), ? a game without a result, ⚠ a \
                 round without a game, “bye” a round sat out. ",
            );
        }
        if index.games.iter().any(|g| g.kind == GameKind::ChouChou) {
            out.push_str(
                "ChouChou: the federation's standings (wins, points, best bonus, worst \
                 penalty) and score sheet (○ won, × lost, the round's points; each a link \
                 to the game).",
            );
        }
        out.push_str("</p>\n");
        out.push_str(&index.standings);
    }
    out.push_str("</section>\n");
    games_html(&mut out, index.games);
    audit_html(&mut out, index.findings);
    charts_html(&mut out, &index.charts);
    out.push_str(
        "</main>\n<footer>Made by kifu · static pages, no server needed</footer>\n\
         </body>\n</html>\n",
    );
    out
}
