//! The explorer page's HTML: the query form (its fields named as the API's parameters,
//! which are the CLI's flags), the board, the move line, the table of continuations and
//! the games, with every text the script writes given in the page's language as data
//! (`<script type="application/json" id="explorer-data">`; no inline script runs).
//!
//! DOM (what the tests and the script rely on): `form#query` with `[name=game]`,
//! `[name=moves]`, `[name=player]`, `[name=event]`, `[name=from]`, `[name=to]`,
//! `[name=ruleset]` (Renju), `[name=variant]`, `[name=players]`, `[name=pairs]`
//! (ChouChou); `svg#board`; buttons `#start #back #forward`; `ol#line` of the moves
//! played; `#status` (the counts, "no game", or the API's refusal, `.error`);
//! `table#continuations` whose rows are `tr[data-play][data-move][data-games]` with a
//! `td[data-result=NAME]` per result; `table#games` of `tr[data-game]`.

use std::fmt::Write;

use kifu_facts::{GameKind, ResultName, Seat};
use kifu_lang::Msg;
use kifu_reports::escape;
use kifu_rules::chouchou::Variant;
use serde_json::json;

use crate::Lang;

/// The whole page in `lang`.
pub(super) fn html(lang: Lang) -> String {
    let t = |msg| escape(lang.text(msg));
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{tag}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <link rel=\"stylesheet\" href=\"/explore/assets/explorer.css\">\n</head>\n\
         <body>\n<header><h1>{title}</h1><nav><a href=\"/\">{archive}</a></nav></header>\n",
        tag = lang.tag(),
        title = t(Msg::ExplorerTitle),
        archive = t(Msg::ExplorerArchive),
    );
    form(&mut out, lang);
    let _ = write!(
        out,
        "<main>\n<section id=\"view\">\n<svg id=\"board\" role=\"img\" aria-label=\"{board}\"></svg>\n\
         <div id=\"nav\"><button type=\"button\" id=\"start\">{start}</button>\
         <button type=\"button\" id=\"back\">{back}</button>\
         <button type=\"button\" id=\"forward\">{forward}</button></div>\n\
         <p id=\"to-move\"></p>\n<p id=\"help\"></p>\n<p id=\"forbidden\"></p>\n\
         <ol id=\"line\"></ol>\n</section>\n\
         <section id=\"answers\">\n<p id=\"status\" role=\"status\"></p>\n<ul id=\"notices\"></ul>\n\
         <table id=\"continuations\"><thead><tr></tr></thead><tbody></tbody></table>\n\
         <h2>{heading}</h2>\n\
         <table id=\"games\"><thead><tr><th>{game}</th><th>{ply}</th><th>{date}</th>\
         <th>{players}</th><th>{event}</th><th>{result}</th></tr></thead><tbody></tbody></table>\n\
         <p id=\"games-status\"></p>\n\
         </section>\n</main>\n\
         <script type=\"application/json\" id=\"explorer-data\">{data}</script>\n\
         <script src=\"/explore/assets/board.js\"></script>\n\
         <script src=\"/explore/assets/explorer.js\"></script>\n</body>\n</html>\n",
        board = t(Msg::ExplorerVariant),
        start = t(Msg::ExplorerStart),
        back = t(Msg::ExplorerBack),
        forward = t(Msg::ExplorerForward),
        heading = t(Msg::ExplorerGamesHeading),
        game = t(Msg::ExplorerColGame),
        ply = t(Msg::ExplorerColPly),
        date = t(Msg::ColDate),
        players = t(Msg::ExplorerColPlayers),
        event = t(Msg::ColEvent),
        result = t(Msg::ColResult),
        // `<` written `\u003c`: no text can close the data element.
        data = page_data(lang).to_string().replace('<', "\\u003c"),
    );
    out
}

/// The query form: a GET of `/explore` itself, so it works as a link and on reload.
fn form(out: &mut String, lang: Lang) {
    let t = |msg| escape(lang.text(msg));
    let kinds: String = GameKind::ALL
        .iter()
        .map(|&k| {
            format!(
                "<option value=\"{}\">{}</option>",
                k.name(),
                escape(lang.kind(k))
            )
        })
        .collect();
    let text_field = |name: &str, msg: Msg, class: Option<&str>| {
        format!(
            "<label{}>{} <input name=\"{name}\" type=\"text\" autocomplete=\"off\"></label>\n",
            class.map_or_else(String::new, |c| format!(" class=\"{c}\"")),
            t(msg)
        )
    };
    let _ = write!(
        out,
        "<form id=\"query\" action=\"/explore\" method=\"get\">\n\
         <label>{game} <select name=\"game\">{kinds}</select></label>\n{moves}{player}{event}{from}{to}",
        game = t(Msg::ExplorerGame),
        moves = text_field("moves", Msg::ExplorerMoves, Some("moves")),
        player = text_field("player", Msg::ExplorerPlayer, None),
        event = text_field("event", Msg::ColEvent, None),
        from = text_field("from", Msg::ExplorerFrom, Some("date")),
        to = text_field("to", Msg::ExplorerTo, Some("date")),
    );
    let _ = writeln!(
        out,
        "<label data-for=\"renju\">{rules} <select name=\"ruleset\">\
         <option value=\"\">{renju}</option><option value=\"freestyle\">{free}</option>\
         <option value=\"all\">{all}</option></select></label>",
        rules = t(Msg::ExplorerRuleset),
        renju = t(Msg::ExplorerRulesetRenju),
        free = t(Msg::ExplorerRulesetFreestyle),
        all = t(Msg::ExplorerRulesetAll),
    );
    let variants: String = Variant::ALL
        .iter()
        .map(|v| format!("<option value=\"{0}\">{0}</option>", v.id()))
        .collect();
    let _ = write!(
        out,
        "<label data-for=\"chouchou\">{board} <select name=\"variant\">{variants}</select></label>\n\
         <label data-for=\"chouchou\">{seats} <select name=\"players\">\
         <option>2</option><option>3</option><option>4</option></select></label>\n\
         <label data-for=\"chouchou\"><input name=\"pairs\" type=\"checkbox\" value=\"\"> {pairs}</label>\n\
         <button type=\"submit\">{apply}</button>\n</form>\n",
        board = t(Msg::ExplorerVariant),
        seats = t(Msg::ExplorerSeats),
        pairs = t(Msg::ExplorerPairs),
        apply = t(Msg::ExplorerApply),
    );
}

/// What the script needs to know: per kind its name, board, results in column order with
/// their labels and the first mover; the side names; the texts it writes.
fn page_data(lang: Lang) -> serde_json::Value {
    let side = |name: ResultName| lang.side(name);
    let kinds: serde_json::Map<String, serde_json::Value> = GameKind::ALL
        .iter()
        .map(|&kind| {
            let seats = if kind == GameKind::ChouChou { 4 } else { 2 };
            let mut results: Vec<serde_json::Value> = Seat::ALL
                .into_iter()
                .take(seats)
                .map(|s| json!([kind.win(s).name(), side(kind.win(s))]))
                .collect();
            results.push(json!([ResultName::Draw.name(), side(ResultName::Draw)]));
            results.push(json!([
                ResultName::Unknown.name(),
                side(ResultName::Unknown)
            ]));
            let (board, help) = match kind {
                GameKind::Renju => ("renju", Msg::ExplorerHelpRenju),
                GameKind::Xiangqi if lang.writes_xiangqi_in_chinese() => {
                    ("xiangqi-zh", Msg::ExplorerHelpXiangqi)
                }
                GameKind::Xiangqi => ("xiangqi", Msg::ExplorerHelpXiangqi),
                GameKind::Territorial => ("territorial", Msg::ExplorerHelpTable),
                GameKind::ChouChou => ("chouchou3", Msg::ExplorerHelpTable),
            };
            let first = kind.win(Seat::FIRST);
            (
                kind.name().to_owned(),
                json!({
                    "name": lang.kind(kind),
                    "board": board,
                    "results": results,
                    "score": lang.fill(Msg::ExplorerColScore, &[("side", &side(first))]),
                    "help": lang.text(help),
                }),
            )
        })
        .collect();
    // The side to move as the API names it (`Black`, `Red`, `P2`), in the page's words.
    let sides: serde_json::Map<String, serde_json::Value> = [
        ("Black", ResultName::Black),
        ("White", ResultName::White),
        ("Red", ResultName::Red),
    ]
    .into_iter()
    .map(|(api, name)| (api.to_owned(), json!(side(name))))
    .collect();
    let chouchou_boards: serde_json::Map<String, serde_json::Value> = Variant::ALL
        .iter()
        .map(|v| (v.id().to_owned(), json!(format!("chouchou{}", v.size()))))
        .collect();
    let text = |msg| json!(lang.text(msg));
    json!({
        "kinds": kinds,
        "sides": sides,
        "chouchouBoards": chouchou_boards,
        "text": {
            "toMove": text(Msg::ExplorerToMove),
            "move": text(Msg::ExplorerColMove),
            "games": text(Msg::ColGames),
            "plies": text(Msg::ColPlies),
            "continuation": text(Msg::ExplorerColContinuation),
            "reached": text(Msg::ExplorerReached),
            "noGame": text(Msg::ExplorerNoGame),
            "moreGames": text(Msg::ExplorerMoreGames),
            "loading": text(Msg::ExplorerLoading),
            "refused": text(Msg::ExplorerRefused),
            "start": text(Msg::StartPosition),
            "forbiddenList": text(Msg::BlacksForbiddenPoints),
            "forbidden": text(Msg::ForbiddenPoint),
            "forbiddenKinds": {
                "double-three": text(Msg::DoubleThree),
                "double-four": text(Msg::DoubleFour),
                "overline": text(Msg::Overline),
            },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_writes_the_page_without_a_missing_text() {
        for lang in Lang::ALL {
            let page = html(lang);
            assert!(page.contains(&format!("<html lang=\"{}\">", lang.tag())));
            assert!(page.contains(&escape(lang.text(Msg::ExplorerTitle))));
            // Every kind has its board and its column of the first mover's score.
            let data = page_data(lang);
            for kind in GameKind::ALL {
                let k = &data["kinds"][kind.name()];
                assert!(k["board"].is_string(), "{lang} {kind}");
                assert!(!k["score"].as_str().unwrap().contains('{'), "{lang} {kind}");
            }
        }
    }

    #[test]
    fn the_data_cannot_close_its_element() {
        let page = html(Lang::En);
        let start = page.find("id=\"explorer-data\">").unwrap();
        let end = page[start..].find("</script>").unwrap();
        assert!(!page[start + 19..start + end].contains('<'));
    }
}
