//! The index page of a one-event site (`index.html`): the event header, the standings and
//! crosstables (every result a link to its game), the games table with its search box
//! (`assets/index.js`), in the audit edition the audit summary (counts by severity and code, each finding a link to its game at its
//! ply) and the report's charts. Every string from a record is escaped. The DOM the site's
//! browser test reads is described in the issue-17 site contract: `#search`, `#shown`,
//! `#no-match`, `table#games` of `tr.game[data-game]`, `table.standings` of
//! `tr.standing[data-player][data-place][data-points]`, `a.result`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

use kifu_analysis::shown_names::ShownNames;
use kifu_facts::{GameKind, Severity};
use kifu_store::query::FindingRow;
use kifu_store::search::GameListing;

use crate::escape::escape;
use crate::lang::{Edition, Lang, Msg};
use crate::model::{DrawnChart, SourceRoot};
use crate::site::games_table::{games_html, table_order, GamesTable, Seating};
use crate::site::page::{bottom, top, Top};
use crate::site::standings::game_href;
use crate::Presentation;

/// More findings than this in the audit list: each code's list starts folded.
const OPEN_FINDINGS: usize = 40;

/// What the index shows.
pub(crate) struct Index<'a> {
    pub(crate) title: &'a str,
    /// The header's facts line ([`crate::site::events::event_facts`]).
    pub(crate) facts: Vec<crate::site::page::Fact>,
    pub(crate) seatings: &'a HashMap<i64, Seating>,
    pub(crate) presentation: &'a Presentation,
    /// The filter in words (empty: every game).
    pub(crate) scope: Vec<String>,
    pub(crate) games: &'a [GameListing],
    /// The findings of the filter, in source order.
    pub(crate) findings: &'a [FindingRow],
    /// The standings section's body ([`crate::site::standings::standings_html`]).
    pub(crate) standings: String,
    /// The report's charts: per section, its title and charts (files in `charts/`).
    pub(crate) charts: Vec<(String, Vec<DrawnChart>)>,
    /// The curation's names in other languages.
    pub(crate) names: &'a ShownNames,
    /// The links to the event's record files (HTML; empty when the site writes none).
    pub(crate) downloads: String,
}

/// The audit summary: counts by severity and by code, then each code's findings, each a
/// link to its game at its ply (long lists folded).
fn audit_html(out: &mut String, findings: &[FindingRow], lang: Lang) {
    // Quarantined records are named by their source, from the folder the sources share.
    let sources = SourceRoot::common(findings.iter().map(|f| f.source.as_str()));
    let _ = writeln!(
        out,
        "<section id=\"audit\"><h2>{}</h2>",
        lang.text(Msg::Audit)
    );
    if findings.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"intro\">{}</p></section>",
            lang.text(Msg::NoFindings)
        );
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
            "<span class=\"pill {s}\" data-severity=\"{s}\" data-count=\"{n}\">{}</span>",
            crate::lang::severity_count(s.name(), *n, lang),
            s = s.name()
        );
    }
    let _ = write!(
        out,
        "</div>\n<div class=\"table-wrap\"><table class=\"codes\">\n<thead><tr>\
         <th>{}</th><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th></tr>\
         </thead>\n<tbody>\n",
        lang.text(Msg::FindingCode),
        lang.text(Msg::FindingSeverity),
        lang.text(Msg::FindingsWord),
        lang.text(Msg::GamesColumn),
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
                (Some(g), Some(p)) => format!(
                    "<a href=\"{}#ply={p}\">{}</a>",
                    game_href("", g),
                    lang.fill(
                        Msg::GameAtPly,
                        &[("game", &g.to_string()), ("ply", &p.to_string())]
                    )
                ),
                (Some(g), None) => format!(
                    "<a href=\"{}\">{}</a>",
                    game_href("", g),
                    lang.fill(Msg::FindingGame, &[("game", &g.to_string())])
                ),
                (None, _) => format!(
                    "<span title=\"{}\">{}:{}</span> {}",
                    escape(&f.source),
                    escape(sources.relative(&f.source)),
                    f.line,
                    lang.text(Msg::Quarantined)
                ),
            };
            let rule = if f.rule.is_empty() {
                String::new()
            } else {
                format!(" <span class=\"rule\">[{}]</span>", escape(&f.rule))
            };
            // How the curation answers it (corrected, decided), after the rule it cites.
            let rule = match &f.resolution {
                Some(r) => format!(
                    "{rule} <span class=\"resolution\">({})</span>",
                    escape(&crate::audit::resolution_sentence(r, lang))
                ),
                None => rule,
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

/// The report's charts (files in `charts/`, below the page by `base`).
pub(crate) fn charts_html(
    out: &mut String,
    charts: &[(String, Vec<DrawnChart>)],
    base: &str,
    lang: Lang,
) {
    if charts.iter().all(|(_, c)| c.is_empty()) {
        return;
    }
    let _ = writeln!(
        out,
        "<section id=\"charts\"><h2>{}</h2>",
        lang.text(Msg::Charts)
    );
    for (title, list) in charts.iter().filter(|(_, c)| !c.is_empty()) {
        let _ = writeln!(out, "<h3>{}</h3>", escape(title));
        for c in list {
            let _ = writeln!(
                out,
                "<figure class=\"chart\">{picture}<figcaption><b>{t}</b> · \
                 <a href=\"{base}charts/{stem}.png\">{png}</a></figcaption></figure>",
                png = lang.text(Msg::ChartImageFile),
                t = escape(&c.title),
                stem = escape(&c.stem),
                picture = crate::figures::picture_html(c, &format!("{base}charts")),
            );
        }
    }
    out.push_str("</section>\n");
}

/// The standings section: its intro (by the kinds of the games; left out for `terse`, an
/// archive's event of a game or two, thousands of which would each repeat it) and tables.
pub(crate) fn standings_section(
    out: &mut String,
    kinds: &BTreeSet<GameKind>,
    body: &str,
    terse: bool,
    lang: Lang,
) {
    let _ = writeln!(
        out,
        "<section id=\"standings\"><h2>{}</h2>",
        lang.text(Msg::Standings)
    );
    if body.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"intro\">{}</p>",
            lang.text(Msg::NoStandings)
        );
    } else if terse {
        out.push_str(body);
    } else {
        let mut intro = Vec::new();
        if kinds.iter().any(|k| *k != GameKind::ChouChou) {
            intro.push(lang.text(Msg::SiteStandingsIntroPoints));
        }
        if kinds.contains(&GameKind::ChouChou) {
            intro.push(lang.text(Msg::SiteStandingsIntroChouChou));
        }
        let _ = writeln!(out, "<p class=\"intro\">{}</p>", intro.join(" "));
        out.push_str(body);
    }
    out.push_str("</section>\n");
}

/// The HTML text of a one-event site's `index.html`.
pub(crate) fn index_page(index: &Index) -> String {
    let p = index.presentation;
    let lang = p.lang;
    let audit = p.edition == Edition::Audit;
    let mut out = String::with_capacity(4096 + index.games.len() * 400);
    out.push_str(&top(
        p,
        &Top {
            title: index.title,
            base: "",
            path: "index.html",
            scripts: &["fold.js", "index.js", "tables.js"],
            body_class: "index",
            facts: &index.facts,
            scope: &index.scope,
            logo: &p.logo_html(),
            up: None,
        },
    ));
    let _ = write!(
        out,
        "<main class=\"wrap\">\n<nav class=\"toc\"><a href=\"#standings\">{}</a> \
         <a href=\"#games-section\">{}</a>",
        lang.text(Msg::Standings),
        lang.text(Msg::Games)
    );
    if audit {
        let _ = write!(out, " <a href=\"#audit\">{}</a>", lang.text(Msg::Audit));
    }
    if index.charts.iter().any(|(_, c)| !c.is_empty()) {
        let _ = write!(out, " <a href=\"#charts\">{}</a>", lang.text(Msg::Charts));
    }
    out.push_str("</nav>\n");
    out.push_str(&index.downloads);
    let kinds: BTreeSet<GameKind> = index.games.iter().map(|g| g.kind).collect();
    standings_section(&mut out, &kinds, &index.standings, false, lang);
    let mut games: Vec<&GameListing> = index.games.iter().collect();
    table_order(&mut games, index.seatings);
    let events: BTreeSet<Option<&str>> = games.iter().map(|g| g.event.as_deref()).collect();
    games_html(
        &mut out,
        &GamesTable {
            games: &games,
            seatings: index.seatings,
            base: "",
            with_event: events.len() > 1,
            names: index.names,
            player_files: None,
        },
        p,
    );
    if audit {
        audit_html(&mut out, index.findings, lang);
    }
    charts_html(&mut out, &index.charts, "", lang);
    out.push_str(&bottom(lang));
    out
}
