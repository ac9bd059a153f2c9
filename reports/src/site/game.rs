//! One game's page: the board drawn by `assets/game.js` (on the shared board.js, see
//! [`board_script`]) from per-ply frames embedded in the page ([`super::frames`]), the
//! header, the move list in the game's notation, findings and comments at their plies.
//!
//! DOM (the contract of issue 17): `<body data-game data-kind data-plies data-ply>`;
//! `<svg id="board">` holding one `[data-at][data-piece]` element per occupied cell;
//! `<ol id="moves">` of `<li class="move" data-ply>`; buttons `#first #prev #next #last`;
//! `<li class="finding" data-ply data-code data-severity>`; `.comment[data-ply]`; per kind
//! `#classes` (Xiangqi), `#hands` and `#score` (Territorial), `#captured` (ChouChou), and
//! `[data-forbidden][data-forbidden-kind]` on the board (Renju). The data is
//! `<script type="application/json" id="game-data">`.
//!
//! Variations (issue 27), only on pages of games that have them: after the main-line move
//! each replaces, `<li class="branch"><ol class="variation" data-depth>` (1 off the main
//! line, 2 off a depth-1 line, …) of `<li class="variation-move" data-node data-ply>`
//! (`.unplayable` when kifu could not play it), `<li class="variation-comment"
//! data-node>` after a move (`.before` ahead of a line's first move), and nested branches
//! after the move they replace; a finding about a variation move has its `data-node`.
//! While a variation move is shown, `body[data-node]` holds
//! its node and `body[data-ply]` its ply, and `button#main-line` (otherwise hidden) returns
//! to the main line. `#variations-summary` counts them; `#variations-cut` says how many a
//! long record's page leaves out ([`super::variations::SHOWN_MOST`]).

use std::fmt::Write;
use std::sync::OnceLock;

use kifu_analysis::shown_names::ShownNames;
use kifu_facts::{GameKind, ResultName, Termination};
use kifu_rules::xiangqi;
use kifu_store::query::{FindingRow, GameRow};
use serde_json::json;

use super::frame_texts::{localize_frames, move_text};
use super::frames::Frames;
use super::variations::VariationFrames;
use crate::diagrams::{
    chouchou_board, chouchou_size, renju_board, renju_size, territorial_board, territorial_size,
    xiangqi_board, xiangqi_size, Grid, XiangqiCoordinates, CHOUCHOU_GRID, MARK, RENJU_GRID,
    TERRITORIAL_GRID, XIANGQI_GRID,
};
use crate::escape;
use crate::escape::path_segment;
use crate::lang::{Edition, Lang, Msg};
use crate::model::SourceRoot;
use crate::notation::TRADITIONAL;
use crate::presentation::Presentation;
use crate::results::customary_result;
use crate::sides::side_colour;
use crate::Error;

/// Where a game page links back to and what it is called in the site.
#[derive(Clone, Debug, Default)]
pub struct GameLinks {
    /// The index page, relative to the game page (`../index.html`).
    pub index: String,
    /// The site's title (usually the event), shown in the page header.
    pub site_title: String,
    /// The folder the site's sources share: a page shows its source from there (the full
    /// path in a tooltip), as the report does, and no absolute path.
    pub(crate) sources: SourceRoot,
    /// The edition and language the page is written in, and the organizer's branding.
    pub presentation: Presentation,
    /// Where players' and the event's names link, when they have pages (`kifu serve`'s
    /// `/players/` and `/events/`, the site's `../players/NAME.html`): the name,
    /// percent-encoded, follows the prefix, and the suffix the name.
    pub name_pages: Option<NamePages>,
    /// An archive's player pages are numbered (`players/N.html`, a short link on each of
    /// its thousands of game pages): each name's number, where `name_pages` link by
    /// number; a name not here has no page and is not linked.
    pub player_numbers: Option<std::sync::Arc<std::collections::HashMap<String, usize>>>,
    /// Each game's event page and previous and next game (a game not here has none).
    pub round_navs: std::collections::HashMap<i64, super::round_nav::RoundNav>,
    /// The curation's names in other languages: the page shows its players, event and
    /// round in its language (links keep the names the database shows). Shared: a
    /// site's thousands of pages, and a server's every request, read one copy.
    pub names: std::sync::Arc<ShownNames>,
    /// The site writes each game's record beside its page ([`super::share::record_file`]),
    /// and the page links it.
    pub downloads: bool,
    /// The site drew a picture of the game's final position beside its page
    /// ([`super::board_png::picture_file`]), and the page names it its `og:image` (an
    /// absolute address: the site has a `--base-url`).
    pub pictures: bool,
    /// The page carries the `og:` meta of a shared link's preview (every page of a site;
    /// the picture only where `pictures` says).
    pub previews: bool,
}

/// The prefixes of the pages a game page links its players and event to.
#[derive(Clone, Debug, Default)]
pub struct NamePages {
    pub player: String,
    /// `None`: the event has no page by its name (the static site numbers its event pages).
    pub event: Option<String>,
    /// After the name: `.html` for the site's files, nothing for the server's routes.
    pub suffix: String,
    /// The pages are files named by the percent-encoded name (the site's, safe on every
    /// file system): the link encodes that name again, since a browser decodes a link
    /// once before it asks for the file.
    pub encoded_files: bool,
}

impl NamePages {
    /// The link to `name`'s page under `prefix`.
    fn href(&self, prefix: &str, name: &str) -> String {
        let segment = if self.encoded_files {
            path_segment(&path_segment(name))
        } else {
            path_segment(name)
        };
        format!("{}{segment}{}", escape(prefix), escape(&self.suffix))
    }
}

impl GameLinks {
    /// Links of a site whose games come from `sources` (their paths).
    pub fn new<'a>(
        index: &str,
        site_title: &str,
        sources: impl IntoIterator<Item = &'a str>,
    ) -> GameLinks {
        GameLinks {
            index: index.to_owned(),
            site_title: site_title.to_owned(),
            sources: SourceRoot::common(sources),
            presentation: Presentation::default(),
            name_pages: None,
            player_numbers: None,
            round_navs: Default::default(),
            names: Default::default(),
            downloads: false,
            pictures: false,
            previews: false,
        }
    }

    /// The same links, for pages written as `presentation` says.
    pub fn presented(mut self, presentation: &Presentation) -> GameLinks {
        self.presentation = presentation.clone();
        self
    }
}

/// The game's kind as the page's `data-kind` names it.
pub fn kind_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Renju => "renju",
        GameKind::Xiangqi => "xiangqi",
        GameKind::Territorial => "territorial",
        GameKind::ChouChou => "chouchou",
    }
}

/// The board drawing a game uses: its key in the script's `BOARDS` table and its size.
fn board_of(game: &GameRow, lang: Lang) -> (String, (u32, u32)) {
    match game.kind {
        GameKind::Renju => ("renju".into(), renju_size()),
        // Chinese readers number the files from each side's right, not a–i and 0–9.
        GameKind::Xiangqi if lang.writes_xiangqi_in_chinese() => {
            ("xiangqi-zh".into(), xiangqi_size())
        }
        GameKind::Xiangqi => ("xiangqi".into(), xiangqi_size()),
        GameKind::Territorial => ("territorial".into(), territorial_size()),
        GameKind::ChouChou => {
            let variant = crate::replay::ChouChouSetup::of(game)
                .map(|s| s.variant)
                .unwrap_or(kifu_rules::chouchou::Variant::Standard);
            let n = variant.size() as usize;
            (format!("chouchou{n}"), chouchou_size(n))
        }
    }
}

/// `game` with the header fields its record lacks and a linked copy gives (`filled`), each
/// marked with that copy (`(from its copy, game N)` in `lang`) after the seats' sides, the
/// event and the date.
pub fn with_copies_header(
    mut game: GameRow,
    filled: kifu_store::FilledHeader,
    lang: Lang,
) -> GameRow {
    let from = |id: i64| {
        format!(
            " {}",
            lang.fill(Msg::FromItsCopy, &[("n", &id.to_string())])
        )
    };
    if let Some((id, seats)) = filled.players.filter(|_| game.players.is_empty()) {
        game.players = seats
            .into_iter()
            .map(|(side, name)| (format!("{side}{}", from(id)), name))
            .collect();
    }
    if let Some((id, event)) = filled.event.filter(|_| game.event.is_none()) {
        game.event = Some(format!("{event}{}", from(id)));
    }
    if let Some((id, date)) = filled.date.filter(|_| game.date.is_none()) {
        game.date = Some(format!("{date}{}", from(id)));
    }
    game
}

/// `text` without the mark [`with_copies_header`] put after it (`(from its copy, game N)`
/// in `lang`), if it has one.
fn without_copy_mark(text: &str, lang: Lang) -> &str {
    let template = lang.text(Msg::FromItsCopy);
    let Some((before, after)) = template.split_once("{n}") else {
        return text;
    };
    let marked = format!(" {before}");
    match text.rfind(&marked) {
        Some(at)
            if text.ends_with(after)
                && text[at + marked.len()..text.len() - after.len()]
                    .bytes()
                    .all(|b| b.is_ascii_digit()) =>
        {
            &text[..at]
        }
        _ => text,
    }
}

/// JSON for a `<script type="application/json">`: `<` written `\u003c` so no record text
/// can close the script element.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// The HTML text of `games/ID.html` for `game`, with its `findings` (those whose `game` is
/// this game's id), in the edition and language of `links.presentation`.
pub fn game_page(
    game: &GameRow,
    findings: &[FindingRow],
    links: &GameLinks,
) -> Result<String, Error> {
    let presentation = &links.presentation;
    let lang = presentation.lang;
    let public = presentation.edition.is_public();
    // One game whose moves cannot be replayed (corrupt bytes, an unreadable start
    // position) gets a page saying so, not a site without pages.
    let (mut frames, unreplayable) = match Frames::of(game, presentation.edition) {
        Ok(frames) => (frames, None),
        Err(e) => (Frames::start_only(), Some(e.to_string())),
    };
    let audit = presentation.edition == Edition::Audit;
    localize_frames(&mut frames, game.kind, lang, audit);
    let plies = frames.plies();
    let mut variations = VariationFrames::of(game, unreplayable.is_none());
    variations.lang = lang;
    for n in variations.nodes.iter_mut().filter(|n| n.played) {
        n.text = move_text(game.kind, lang, audit, &n.text);
    }
    let (board, (w, h)) = board_of(game, lang);
    let kind = kind_name(game.kind);
    let mut out = String::with_capacity(8192);
    let shown = links.names.in_lang(lang);
    let players: Vec<&str> = game
        .players
        .iter()
        .map(|(_, name)| shown.player(name))
        .collect();
    let title = if players.is_empty() {
        lang.fill(Msg::GameNumbered, &[("n", &game.id.to_string())])
    } else {
        players.join(" – ")
    };
    let index = if links.index.is_empty() {
        "../index.html"
    } else {
        &links.index
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title>\n{}\
         <link rel=\"stylesheet\" href=\"../assets/site.css\">\
         <link rel=\"stylesheet\" href=\"../assets/game.css\">{}</head>\n\
         <body data-game=\"{}\" data-kind=\"{kind}\" data-plies=\"{plies}\" data-ply=\"{plies}\">\n\
         <header>{}<p class=\"back\"><a href=\"{}\">← {}</a></p><h1>{}</h1>",
        lang.tag(),
        escape(&title),
        share_meta(game, &title, links),
        presentation.theme_style(),
        game.id,
        presentation.logo_html(),
        escape(index),
        escape(if links.site_title.is_empty() {
            lang.text(Msg::SiteIndex)
        } else {
            &links.site_title
        }),
        escape(&title)
    );
    header(&mut out, game, links);
    super::round_nav::nav_html(&mut out, links.round_navs.get(&game.id), lang);
    if links.downloads {
        let _ = write!(
            out,
            "<p class=\"downloads\"><a class=\"download\" id=\"download-record\" \
             href=\"{}\" download>{}</a></p>",
            super::share::record_file(game.id, game.kind),
            escape(lang.text(Msg::DownloadRecord))
        );
    }
    out.push_str("</header>\n<main>\n<section id=\"view\">");
    let _ = write!(
        out,
        "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" \
         data-board=\"{board}\" role=\"img\" aria-label=\"{}\"></svg>\
         <nav id=\"nav\"><button id=\"first\" type=\"button\" title=\"{}\">«</button>\
         <button id=\"prev\" type=\"button\" title=\"{}\">◀</button>\
         <span id=\"at\"></span>\
         <button id=\"next\" type=\"button\" title=\"{}\">▶</button>\
         <button id=\"last\" type=\"button\" title=\"{}\">»</button></nav>",
        escape(lang.text(Msg::BoardLabel)),
        escape(lang.text(Msg::ToStart)),
        escape(lang.text(Msg::StepBack)),
        escape(lang.text(Msg::StepForward)),
        escape(lang.text(Msg::ToEnd)),
    );
    if !variations.nodes.is_empty() {
        let _ = write!(
            out,
            "<p id=\"variation-nav\"><button id=\"main-line\" type=\"button\" hidden>{}</button></p>",
            escape(lang.text(Msg::BackToMainLine))
        );
    }
    match game.kind {
        GameKind::Renju => out.push_str("<p id=\"forbidden\"></p>"),
        // Move classes are the audit's reading of each move: the public page has none.
        GameKind::Xiangqi if public => {}
        GameKind::Xiangqi => out.push_str("<div id=\"classes\"></div>"),
        GameKind::Territorial => out.push_str("<div id=\"hands\"></div><p id=\"score\"></p>"),
        GameKind::ChouChou => out.push_str("<div id=\"captured\"></div><p id=\"captures\"></p>"),
    }
    if !game.comments.is_empty() || !variations.nodes.is_empty() {
        out.push_str("<p id=\"comment-now\"></p>");
    }
    if let Some(e) = &unreplayable {
        let _ = write!(
            out,
            "<p class=\"stopped\">{}</p>",
            escape(&lang.fill(Msg::CannotReplay, &[("why", e)]))
        );
    }
    if let Some((ply, why)) = &frames.stopped {
        let why = match lang {
            Lang::En => why.clone(),
            _ => lang.fill(Msg::BoardStopsAt, &[("n", &ply.to_string())]),
        };
        let _ = write!(out, "<p class=\"stopped\">{}</p>", escape(&why));
    }
    // The board's verdict, shown from the move that ended the game (as `kifu show` says
    // it): a five, a forbidden move, a mate, the score at the last placement. The public
    // page gives the result in its header only: the verdict's words are the audit's.
    if game.termination != Termination::unfinished(game.kind) && unreplayable.is_none() && !public {
        let end = frames
            .stopped
            .as_ref()
            .map_or(frames.moves.len() as u32, |(ply, _)| *ply);
        let verdict = format!(
            "{} ({})",
            game.derived_result.map_or("none", ResultName::name),
            game.termination
        );
        let _ = write!(
            out,
            "<p id=\"ending\" data-ply=\"{end}\" hidden>{}</p>",
            escape(&lang.fill(
                Msg::GameOverAt,
                &[("n", &end.to_string()), ("verdict", &verdict)]
            ))
        );
    }
    let _ = write!(
        out,
        "</section>\n<section id=\"record\"><h2>{}</h2>",
        escape(lang.text(Msg::MovesHeading))
    );
    variations_summary(&mut out, &variations, game.id, lang);
    let pairs = pair_offset(game);
    out.push_str(if pairs.is_some() {
        "<ol id=\"moves\" class=\"pairs\">"
    } else {
        "<ol id=\"moves\">"
    });
    let tree = variations.tree();
    // A repetition's cycle is the audit's reading of the moves, as the classes are.
    let cycle: std::collections::HashSet<u32> = if public {
        Default::default()
    } else {
        frames.cycle.iter().copied().collect()
    };
    let mut after_branch = false;
    for (i, text) in frames.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        // Where the game alternates two players, a move pair is one numbered line (`1. 炮二平五
        // 马8进7`): the first move carries the number in bold; the second falls in the
        // list's second column by itself, and is placed there (`second`, numbered `1…`) only
        // when a branch or the start comes before it. A page is mostly this list: each
        // byte a move saves counts.
        let (second, number) = match pairs {
            Some(offset) => {
                let k = ply - 1 + offset;
                let n = k / 2 + 1;
                if k.is_multiple_of(2) {
                    (false, format!("<b>{n}.</b> "))
                } else if after_branch || ply == 1 {
                    (true, format!("<b>{n}…</b> "))
                } else {
                    (false, String::new())
                }
            }
            None => (false, String::new()),
        };
        // No end tag, no class `move` and no `data-ply`: the list is most of a page's HTML,
        // and the script gives each main-line item both, in order, as it loads.
        let class = match (cycle.contains(&ply), second) {
            (false, false) => "",
            (true, false) => " class=cycle",
            (false, true) => " class=second",
            (true, true) => " class=\"second cycle\"",
        };
        // A branch's item counts in the list's numbering: the move after it says its own.
        let value = if after_branch {
            format!(" value={ply}")
        } else {
            String::new()
        };
        let _ = write!(out, "<li{class}{value}>{number}{}", escape(text));
        after_branch = variations.write_off_main(ply, &tree, &mut out);
    }
    for ply in variations.plies_after(plies, &tree) {
        variations.write_off_main(ply, &tree, &mut out);
    }
    out.push_str("</ol>\n");
    if !public {
        findings_list(&mut out, findings, lang);
    }
    if !game.comments.is_empty() {
        let _ = write!(
            out,
            "<h2>{}</h2><ul id=\"comments\">",
            escape(lang.text(Msg::CommentsHeading))
        );
        let at = if game.kind == GameKind::ChouChou {
            Msg::ActionAt
        } else {
            Msg::MoveAt
        };
        for (ply, text) in &game.comments {
            let _ = write!(
                out,
                "<li class=\"comment\" data-ply=\"{ply}\"><span class=\"where\">{}</span> <span class=\"text\">{}</span></li>",
                escape(&lang.fill(at, &[("n", &ply.to_string())])),
                escape(text)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n</main>\n<script type=\"application/json\" id=\"game-data\">");
    let mut data = frames.to_json();
    data["board"] = json!(board);
    if public {
        if let Some(obj) = data.as_object_mut() {
            for key in ["classTexts", "classes", "cycle"] {
                obj.remove(key);
            }
        }
    }
    if !variations.nodes.is_empty() {
        data["variations"] = variations.to_json();
    }
    out.push_str(&script_json(&data));
    out.push_str("</script>\n<script src=\"../assets/game.js\"></script>\n</body></html>\n");
    Ok(out)
}

/// The page's preview as a shared link shows it: the players, what the page is with the
/// event, round and result, and the final position's picture when the site draws one.
fn share_meta(game: &GameRow, title: &str, links: &GameLinks) -> String {
    if !links.previews {
        return String::new();
    }
    let lang = links.presentation.lang;
    let shown = links.names.in_lang(lang);
    let mut about = vec![lang.text(Msg::ShareGamePage).to_owned()];
    if let Some(event) = &game.event {
        about.push(shown.event(event).to_owned());
        about.extend(
            game.round
                .as_deref()
                .map(|r| shown.round(event, r).into_owned()),
        );
    } else {
        about.extend(game.round.clone());
    }
    about.push(customary_result(game.kind, game.counted_result(), lang));
    let page = format!("games/{}.html", game.id);
    let image = format!("games/{}", super::board_png::picture_file(game.id));
    super::share::share_meta(&super::share::ShareMeta {
        title,
        description: &about.join(" · "),
        og_type: "article",
        page: &page,
        image: links.pictures.then_some(image.as_str()),
        base_url: links.presentation.base_url.as_ref(),
    })
}

/// Where move pairs are numbered, how many plies come before the first move in its pair
/// (1 when a Xiangqi record starts with Black to move); `None` for the games that number
/// every move (Renju's stones, ChouChou's turns among up to four seats).
fn pair_offset(game: &GameRow) -> Option<u32> {
    match game.kind {
        GameKind::Xiangqi => {
            let black_first = crate::replay::xiangqi_start(game)
                .is_ok_and(|p| p.side_to_move() == xiangqi::Side::Black);
            Some(u32::from(black_first))
        }
        GameKind::Territorial => Some(0),
        GameKind::Renju | GameKind::ChouChou => None,
    }
}

/// What the move list holds of the variations: how many, how to play them, what is left
/// out or not replayed.
fn variations_summary(out: &mut String, variations: &VariationFrames, game: i64, lang: Lang) {
    if variations.nodes.is_empty() {
        return;
    }
    let lines = lang.count(Msg::VariationLines, variations.lines());
    let shown = variations.nodes.len();
    let moves = lang.count(Msg::VariationMoves, shown);
    let _ = write!(
        out,
        "<p id=\"variations-summary\">{}</p>",
        escape(&lang.fill(
            Msg::VariationsSummary,
            &[("lines", &lines), ("moves", &moves)]
        ))
    );
    if shown < variations.total {
        // The command is code in every language. The table's text is kifu's own (no markup)
        // and its slots are numbers, so it is written as it is.
        let command = format!("<code>kifu show {game} --variations</code>");
        let text = lang
            .text(Msg::VariationsCut)
            .replace("{shown}", &shown.to_string())
            .replace("{total}", &variations.total.to_string())
            .replace("{command}", &command);
        let _ = write!(out, "<p id=\"variations-cut\" class=\"stopped\">{text}</p>");
    }
    if let Some(why) = &variations.not_replayed {
        let _ = write!(
            out,
            "<p class=\"stopped\">{}</p>",
            escape(&lang.fill(Msg::VariationsAsWritten, &[("why", why)]))
        );
    } else if variations.nodes.iter().any(|n| !n.played) {
        let _ = write!(
            out,
            "<p class=\"variations-note\">{}</p>",
            escape(lang.text(Msg::VariationsNotPlayableNote))
        );
    }
}

/// A seat's side as the page's language names it (`red` → `红方`); other names (ChouChou's
/// `P1`, a copy's note) as the record has them.
fn side_label(side: &str, lang: Lang) -> String {
    let (name, rest) = match side.find(' ') {
        Some(at) => side.split_at(at),
        None => (side, ""),
    };
    let msg = match ResultName::parse(name) {
        Some(ResultName::Red) => Msg::RedSide,
        Some(ResultName::Black) => Msg::BlackSide,
        Some(ResultName::White) => Msg::WhiteSide,
        _ => return side.to_owned(),
    };
    format!("{}{rest}", lang.text(msg))
}

/// Players, event, round, date, result, opening; in the audit edition the recorded,
/// counted and board results side by side and the source (from the site's sources).
fn header(out: &mut String, game: &GameRow, links: &GameLinks) {
    let lang = links.presentation.lang;
    let shown = links.names.in_lang(lang);
    let public = links.presentation.edition.is_public();
    out.push_str("<dl class=\"meta\">");
    let pages = links.name_pages.as_ref();
    let numbers = links.player_numbers.as_deref();
    let linked = |pages: Option<&NamePages>, name: &str| match pages {
        Some(p) if numbers.is_some() => match numbers.and_then(|n| n.get(name)) {
            Some(number) => format!(
                "<a href=\"{}{number}{}\">{}</a>",
                escape(&p.player),
                escape(&p.suffix),
                escape(shown.player(name))
            ),
            None => escape(shown.player(name)),
        },
        Some(p) => format!(
            "<a href=\"{}\">{}</a>",
            p.href(&p.player, name),
            escape(shown.player(name))
        ),
        None => escape(shown.player(name)),
    };
    for (side, name) in &game.players {
        let value = linked(pages, name);
        let _ = write!(
            out,
            "<dt>{}</dt><dd>{value}</dd>",
            escape(&side_label(side, lang))
        );
    }
    if let Some(event) = &game.event {
        let value = match pages.and_then(|p| Some((p, p.event.as_ref()?))) {
            // The page of the event itself, not of its name marked with the copy it came
            // from.
            Some((p, prefix)) => format!(
                "<a href=\"{}\">{}</a>",
                p.href(prefix, without_copy_mark(event, lang)),
                escape(shown.event(event))
            ),
            None => escape(shown.event(event)),
        };
        let _ = write!(
            out,
            "<dt>{}</dt><dd>{value}</dd>",
            escape(lang.text(Msg::EventLabel))
        );
    }
    let mut item = |label: &str, value: &str| {
        let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(label), escape(value));
    };
    let rule = game.shown_rule();
    let round = game.round.as_deref().map(|r| {
        shown
            .round(game.event.as_deref().unwrap_or(""), r)
            .into_owned()
    });
    for (label, value) in [
        (Msg::RoundLabel, &round),
        (Msg::DateLabel, &game.date),
        (Msg::RuleLabel, &rule),
    ] {
        if let Some(v) = value {
            item(lang.text(label), v);
        }
    }
    let result = if public {
        customary_result(game.kind, game.counted_result(), lang)
    } else {
        let counted = game.counted_result();
        lang.fill(
            Msg::ResultsCompared,
            &[
                (
                    "recorded",
                    game.recorded_result.map_or("?", ResultName::name),
                ),
                (
                    "counted",
                    &counted
                        .map(|o| o.name().to_owned())
                        .unwrap_or_else(|| "none".into()),
                ),
                (
                    "board",
                    game.derived_result.map_or("none", ResultName::name),
                ),
                ("termination", game.termination.name()),
            ],
        )
    };
    item(lang.text(Msg::ResultLabel), &result);
    // The public reads an opening by its name, the code after it.
    let opening = match game.opening.as_deref() {
        Some(code) if public => Some(crate::openings::opening_label(game.kind, code, lang)),
        code => code.map(|c| crate::openings::code_and_name(game.kind, c, lang)),
    };
    if let Some(name) = opening {
        item(lang.text(Msg::OpeningLabel), &name);
    }
    if !public {
        let _ = write!(
            out,
            "<dt>{}</dt><dd class=\"source\" title=\"{}\">{}:{}</dd>",
            escape(lang.text(Msg::SourceLabel)),
            escape(&game.source),
            escape(links.sources.relative(&game.source)),
            game.line
        );
    }
    out.push_str("</dl>");
}

/// `<ul id="findings">`: every finding with its ply, code, severity, message and rule.
fn findings_list(out: &mut String, findings: &[FindingRow], lang: Lang) {
    let _ = write!(out, "<h2>{}</h2>", escape(lang.text(Msg::FindingsHeading)));
    if findings.is_empty() {
        let _ = writeln!(
            out,
            "<p id=\"no-findings\">{}</p>",
            escape(lang.text(Msg::GameNoFindings))
        );
        return;
    }
    out.push_str("<ul id=\"findings\">");
    for f in findings {
        let ply = f.ply.map(|p| p.to_string()).unwrap_or_default();
        // A finding about a variation move is shown with that move, not the main line's.
        let (node, line) = match f.variation_node {
            Some(n) => (format!(" data-node=\"{n}\""), Msg::VariationMoveAt),
            None => (String::new(), Msg::MoveAt),
        };
        let at = f
            .ply
            .map(|p| {
                format!(
                    "<span class=\"where\">{}</span> ",
                    escape(&lang.fill(line, &[("n", &p.to_string())]))
                )
            })
            .unwrap_or_default();
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
        let _ = write!(
            out,
            "<li class=\"finding\" data-ply=\"{ply}\"{node} data-code=\"{}\" data-severity=\"{}\">\
             {at}<span class=\"sev\">{}</span> <code>{}</code>: {}{rule}</li>",
            escape(&f.code),
            f.severity,
            f.severity,
            escape(&f.code),
            escape(&f.message)
        );
    }
    out.push_str("</ul>\n");
}

/// The boards the script draws on: each empty board as the report's diagrams draw it, its
/// geometry, and the colours and piece names of the game.
fn boards_script() -> &'static str {
    static SCRIPT: OnceLock<String> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let geometry = |g: Grid| json!({"margin": g.margin, "cell": g.cell});
        let mut boards = serde_json::Map::new();
        let mut add = |key: &str, size: (u32, u32), g: Grid, svg: String| {
            let mut v = geometry(g);
            v["w"] = json!(size.0);
            v["h"] = json!(size.1);
            v["svg"] = json!(svg);
            boards.insert(key.to_owned(), v);
        };
        let mut svg = String::new();
        renju_board(&mut svg);
        add("renju", renju_size(), RENJU_GRID, svg);
        for (key, coordinates) in [
            ("xiangqi", XiangqiCoordinates::Iccs),
            ("xiangqi-zh", XiangqiCoordinates::Chinese),
        ] {
            let mut svg = String::new();
            xiangqi_board(&mut svg, coordinates);
            add(key, xiangqi_size(), XIANGQI_GRID, svg);
        }
        let mut svg = String::new();
        territorial_board(&mut svg, None);
        add("territorial", territorial_size(), TERRITORIAL_GRID, svg);
        for n in [3usize, 4] {
            let mut svg = String::new();
            chouchou_board(&mut svg, n, None);
            add(
                &format!("chouchou{n}"),
                chouchou_size(n),
                CHOUCHOU_GRID,
                svg,
            );
        }
        let chinese: serde_json::Map<String, serde_json::Value> = "KABNRCPkabnrcp"
            .chars()
            .filter_map(xiangqi::Piece::from_fen_char)
            .map(|p| (p.fen_char().to_string(), json!(p.chinese().to_string())))
            .collect();
        let colours = json!({
            "black": side_colour(ResultName::Black).hex(),
            "white": side_colour(ResultName::White).hex(),
            "red": side_colour(ResultName::Red).hex(),
            "seats": (1..=4u8).map(|s| side_colour(ResultName::Seat(s)).hex()).collect::<Vec<_>>(),
            "mark": MARK,
        });
        let traditional: serde_json::Map<String, serde_json::Value> = TRADITIONAL
            .iter()
            .map(|(s, t)| (s.to_string(), json!(t.to_string())))
            .collect();
        let all = json!({
            "boards": boards,
            "chinese": chinese,
            "traditional": traditional,
            "labels": script_labels(),
            "colours": colours,
            "abbreviations": super::frames::CLASS_ABBREVIATIONS,
            "xiangqiStart": super::frames::xiangqi_start_text(),
        });
        format!(
            "// Generated by kifu from its board diagrams (reports/src/diagrams/).\n\
             var KIFU_BOARDS = {all};\n"
        )
    })
}

/// The texts the script writes, in every language (`{n}`-style slots it fills), by the
/// language tag the page's `<html lang>` gives.
fn script_labels() -> serde_json::Value {
    let labels: serde_json::Map<String, serde_json::Value> = Lang::ALL
        .iter()
        .map(|&lang| {
            let t = |msg| json!(lang.text(msg));
            (
                lang.tag().to_owned(),
                json!({
                    "move": t(Msg::MoveAt),
                    "action": t(Msg::ActionAt),
                    "note": t(Msg::MoveNote),
                    "start": t(Msg::StartPosition),
                    "variation": t(Msg::VariationWord),
                    "notPlayable": t(Msg::NotPlayableBoard),
                    "forbiddenList": t(Msg::BlacksForbiddenPoints),
                    "forbidden": t(Msg::ForbiddenPoint),
                    "forbiddenOnMainLine": t(Msg::ForbiddenOnMainLine),
                    "kinds": {
                        "double-three": t(Msg::DoubleThree),
                        "double-four": t(Msg::DoubleFour),
                        "overline": t(Msg::Overline),
                    },
                }),
            )
        })
        .collect();
    serde_json::Value::Object(labels)
}

/// The board drawing every page with a board shares: the boards' data (`KIFU_BOARDS`)
/// and the script drawing a position on them (`KIFU_BOARD.create`, board.js).
pub fn board_script() -> &'static str {
    static JS: OnceLock<String> = OnceLock::new();
    JS.get_or_init(|| format!("{}{}", boards_script(), include_str!("board.js")))
}

/// The shared files game pages use, as (path under the site's `assets/`, contents).
pub fn game_assets() -> Vec<(&'static str, &'static [u8])> {
    static JS: OnceLock<String> = OnceLock::new();
    let js = JS.get_or_init(|| format!("{}{}", board_script(), include_str!("game.js")));
    vec![
        ("game.js", js.as_bytes()),
        ("game.css", include_str!("game.css").as_bytes()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_from_a_copy_links_the_event_not_its_marked_name() {
        for lang in Lang::ALL {
            let marked = format!(
                "Kifu Club Championship {}",
                lang.fill(Msg::FromItsCopy, &[("n", "19")])
            );
            assert_eq!(without_copy_mark(&marked, lang), "Kifu Club Championship");
        }
        // A name that only looks like it keeps its text.
        assert_eq!(
            without_copy_mark("Cup (from its copy, game x)", Lang::En),
            "Cup (from its copy, game x)"
        );
        assert_eq!(without_copy_mark("Cup", Lang::En), "Cup");
    }

    #[test]
    fn sides_are_named_in_the_pages_language() {
        assert_eq!(side_label("red", Lang::ZhHans), "红方");
        assert_eq!(side_label("black", Lang::ZhHant), "黑方");
        assert_eq!(side_label("white", Lang::Ja), "白");
        // A copy's note stays after the side; other seats as the record has them.
        assert_eq!(
            side_label("red (from its copy, game 4)", Lang::ZhHans),
            "红方 (from its copy, game 4)"
        );
        assert_eq!(side_label("P2", Lang::ZhHans), "P2");
    }
}
