//! The pages' HTML: the head, the navigation, each page's skeleton with its headings, and
//! the words its script writes (`<script type="application/json" id="ui-data">`), all in
//! the server's language; the scripts fill the rest from the API.

use std::fmt::Write;

use kifu_facts::GameKind;
use kifu_lang::{Lang, Msg};
use kifu_reports::escape;
use serde_json::{json, Map, Value};

use crate::Config;

/// Which page.
pub(crate) enum Page {
    /// The home page, with the archive's counts per kind.
    Home(Vec<super::counts::KindCounts>),
    /// An event, with its standings as first drawn.
    Event { name: String, standings: String },
    /// No page: why.
    Error(String),
}

/// The words the scripts write, by the key they use.
pub(crate) const LABELS: &[(&str, Msg)] = &[
    ("games", Msg::ColGames),
    ("players", Msg::PlayersColumn),
    ("game", Msg::UiGameNumber),
    ("kind", Msg::ColKind),
    ("date", Msg::ColDate),
    ("event", Msg::ColEvent),
    ("round", Msg::ColRound),
    ("result", Msg::ColResult),
    ("plies", Msg::ColPlies),
    ("year", Msg::ColYear),
    ("wins", Msg::ColWins),
    ("draws", Msg::ColDraws),
    ("losses", Msg::ColLosses),
    ("score", Msg::ColScore),
    ("findings", Msg::FindingsHeading),
    ("draw", Msg::Draw),
    ("noResult", Msg::NoResult),
    ("seatWins", Msg::SeatWins),
    ("black", Msg::SideBlack),
    ("white", Msg::SideWhite),
    ("red", Msg::SideRed),
    ("showing", Msg::UiShowing),
    ("noGames", Msg::UiNoGamesMatch),
    ("loading", Msg::UiLoading),
    ("serverSaid", Msg::UiServerSaid),
    ("noRound", Msg::UiNoRound),
    ("noStandings", Msg::UiNoStandings),
    ("lastUpdated", Msg::UiLastUpdated),
    ("liveLost", Msg::UiLiveLost),
];

/// The page's HTML.
pub(crate) fn page(config: &Config, page: &Page) -> String {
    let lang = config.lang;
    let t = |m: Msg| escape(lang.text(m));
    let (kind, title, script) = match page {
        Page::Home(_) => ("home", lang.text(Msg::UiSiteTitle).to_owned(), "home"),
        Page::Event { name, .. } => ("event", name.clone(), "event"),
        Page::Error(_) => ("error", lang.text(Msg::UiSiteTitle).to_owned(), ""),
    };
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"/assets/site.css\">\
         <link rel=\"stylesheet\" href=\"/ui/ui.css\"></head>\n\
         <body data-page=\"{kind}\" data-edition=\"{}\">\n<header><nav class=\"top\">\
         <a href=\"/\">{}</a> <a href=\"/explore\" id=\"explore-link\">{}</a></nav>\
         <h1>{}</h1></header>\n<main>\n",
        lang.tag(),
        escape(&title),
        config.edition.name(),
        t(Msg::UiHome),
        t(Msg::UiExplore),
        escape(&title),
    );
    match page {
        Page::Home(counts) => home(&mut out, config, counts),
        Page::Event { standings, .. } => event(&mut out, standings, lang),
        Page::Error(message) => {
            let _ = write!(out, "<p class=\"error\">{}</p>", escape(message));
        }
    }
    out.push_str("</main>\n");
    if !script.is_empty() {
        let data = ui_data(config, page);
        let _ = write!(
            out,
            "<script type=\"application/json\" id=\"ui-data\">{}</script>\n\
             <script src=\"/ui/common.js\"></script><script src=\"/ui/{script}.js\"></script>\n",
            data.to_string().replace('<', "\\u003c")
        );
    }
    out.push_str("</body></html>\n");
    out
}

/// What the script reads: the words, the kinds' names, the page's subject, the edition.
fn ui_data(config: &Config, page: &Page) -> Value {
    let lang = config.lang;
    let labels: Map<String, Value> = LABELS
        .iter()
        .map(|(key, msg)| ((*key).to_owned(), Value::from(lang.text(*msg))))
        .collect();
    let kinds: Map<String, Value> = GameKind::ALL
        .iter()
        .map(|&k| (k.name().to_owned(), Value::from(lang.kind(k))))
        .collect();
    let subject = match page {
        Page::Event { name, .. } => Value::from(name.as_str()),
        Page::Home(_) | Page::Error(_) => Value::Null,
    };
    json!({
        "labels": labels,
        "kinds": kinds,
        "subject": subject,
        "audit": !config.edition.is_public(),
    })
}

/// The archive's counts, the search form (its fields the API's parameters, so the page's
/// address is the question), the answer's table.
fn home(out: &mut String, config: &Config, counts: &[super::counts::KindCounts]) {
    let lang = config.lang;
    let t = |m: Msg| escape(lang.text(m));
    let _ = write!(
        out,
        "<section id=\"archive\"><h2>{}</h2><ul id=\"counts\">",
        t(Msg::UiInArchive)
    );
    super::counts::html(out, counts, lang);
    let _ = write!(
        out,
        "</ul></section>\n<section id=\"search\"><h2>{}</h2>\
         <form id=\"search-form\" action=\"/\" method=\"get\">",
        t(Msg::UiSearchGames),
    );
    let field = |out: &mut String, name: &str, label: Msg, kind: &str| {
        let _ = write!(
            out,
            "<label>{} <input name=\"{name}\" type=\"{kind}\"></label>",
            t(label)
        );
    };
    field(out, "player", Msg::ColPlayer, "search");
    field(out, "opponent", Msg::ColOpponent, "search");
    field(out, "event", Msg::ColEvent, "search");
    let _ = write!(
        out,
        "<label>{} <select name=\"game\"><option value=\"\">{}</option>",
        t(Msg::ColKind),
        t(Msg::UiAnyKind)
    );
    for kind in GameKind::ALL {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            kind.name(),
            escape(lang.kind(kind))
        );
    }
    out.push_str("</select></label>");
    field(out, "from", Msg::UiDateFrom, "text");
    field(out, "to", Msg::UiDateTo, "text");
    field(out, "round", Msg::ColRound, "text");
    let _ = write!(
        out,
        "<label>{} <select name=\"result\"><option value=\"\">{}</option>",
        t(Msg::ColResult),
        t(Msg::UiAnyResult)
    );
    for (value, msg) in [
        ("black", Msg::SideBlack),
        ("white", Msg::SideWhite),
        ("red", Msg::SideRed),
        ("draw", Msg::Draw),
        ("unknown", Msg::UiUnknownResult),
    ] {
        let _ = write!(out, "<option value=\"{value}\">{}</option>", t(msg));
    }
    out.push_str("</select></label>");
    field(out, "opening", Msg::OpeningLabel, "text");
    if !config.edition.is_public() {
        field(out, "code", Msg::FindingsHeading, "text");
    }
    let _ = write!(out, "<label>{} <select name=\"sort\">", t(Msg::UiSortBy));
    for (value, msg) in [
        ("id", Msg::UiSortId),
        ("date", Msg::ColDate),
        ("event", Msg::ColEvent),
        ("plies", Msg::ColPlies),
    ] {
        let _ = write!(out, "<option value=\"{value}\">{}</option>", t(msg));
    }
    let _ = writeln!(
        out,
        "</select></label> <button type=\"submit\">{}</button></form>",
        t(Msg::Search)
    );
    games_block(out, lang);
    out.push_str("</section>\n");
}

/// A list of games the script fills: its status line, the API's notices, the table, the
/// button asking for more.
fn games_block(out: &mut String, lang: Lang) {
    let _ = writeln!(
        out,
        "<p id=\"games-status\"></p><ul id=\"notices\"></ul>\
         <div class=\"table-wrap\"><table id=\"games\" class=\"games\"></table></div>\
         <button id=\"more\" type=\"button\" hidden>{}</button>",
        escape(lang.text(Msg::UiMoreGames))
    );
}

fn event(out: &mut String, standings: &str, lang: Lang) {
    let t = |m: Msg| escape(lang.text(m));
    let _ = write!(
        out,
        "<p id=\"live\">{} <span id=\"updated\"></span></p>\n\
         <section id=\"standings-section\"><h2>{}</h2><div id=\"standings\">{standings}</div></section>\n\
         <section id=\"rounds-section\"><h2>{}</h2><p id=\"games-status\"></p><ul id=\"notices\"></ul>\
         <div id=\"rounds\"></div></section>\n",
        t(Msg::UiLiveNote),
        t(Msg::Standings),
        t(Msg::UiGamesByRound),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_the_scripts_use_is_given() {
        let scripts = [
            include_str!("assets/common.js"),
            include_str!("assets/home.js"),
            include_str!("assets/event.js"),
        ]
        .concat();
        // The scripts name their words `L.key`.
        let used: std::collections::BTreeSet<&str> = scripts
            .match_indices("L.")
            .filter(|(at, _)| {
                let before = scripts[..*at].chars().next_back().unwrap_or(' ');
                !before.is_ascii_alphanumeric() && before != '_' && before != '.'
            })
            .map(|(at, _)| {
                let rest = &scripts[at + 2..];
                let end = rest
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(rest.len());
                &rest[..end]
            })
            .filter(|k| !k.is_empty())
            .collect();
        let given: std::collections::BTreeSet<&str> = LABELS.iter().map(|(k, _)| *k).collect();
        let missing: Vec<&&str> = used.difference(&given).collect();
        assert!(
            missing.is_empty(),
            "labels the scripts use and no Msg gives: {missing:?}"
        );
        for lang in Lang::ALL {
            for (key, msg) in LABELS {
                assert!(!lang.text(*msg).trim().is_empty(), "{key} in {lang}");
            }
        }
    }
}
