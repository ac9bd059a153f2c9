//! One game's page: the board drawn by `assets/game.js` from per-ply frames embedded in the
//! page ([`super::frames`]), the header, the move list in the game's notation, findings and
//! comments at their plies.
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

use kifu_facts::{GameKind, Outcome};
use kifu_rules::xiangqi;
use kifu_store::query::{FindingRow, GameRow};
use serde_json::json;

use super::frames::Frames;
use super::variations::VariationFrames;
use crate::diagrams::{
    chouchou_board, chouchou_size, renju_board, renju_size, territorial_board, territorial_size,
    xiangqi_board, xiangqi_size, Grid, CHOUCHOU_GRID, MARK, RENJU_GRID, TERRITORIAL_GRID,
    XIANGQI_GRID,
};
use crate::escape;
use crate::model::SourceRoot;
use crate::replay::opening_name;
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
        }
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
fn board_of(game: &GameRow) -> (String, (u32, u32)) {
    match game.kind {
        GameKind::Renju => ("renju".into(), renju_size()),
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
/// marked with that copy: `(from its copy, game N)` after the seats' sides, the event and
/// the date.
pub fn with_copies_header(mut game: GameRow, filled: kifu_store::FilledHeader) -> GameRow {
    let from = |id: i64| format!(" (from its copy, game {id})");
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

/// JSON for a `<script type="application/json">`: `<` written `\u003c` so no record text
/// can close the script element.
fn script_json(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// The HTML text of `games/ID.html` for `game`, with its `findings` (those whose `game` is
/// this game's id).
pub fn game_page(
    game: &GameRow,
    findings: &[FindingRow],
    links: &GameLinks,
) -> Result<String, Error> {
    // One game whose moves cannot be replayed (corrupt bytes, an unreadable start
    // position) gets a page saying so, not a site without pages.
    let (frames, unreplayable) = match Frames::of(game) {
        Ok(frames) => (frames, None),
        Err(e) => (Frames::start_only(), Some(e.to_string())),
    };
    let plies = frames.plies();
    let variations = VariationFrames::of(game, unreplayable.is_none());
    let (board, (w, h)) = board_of(game);
    let kind = kind_name(game.kind);
    let mut out = String::with_capacity(8192);
    let players: Vec<String> = game.players.iter().map(|(_, name)| name.clone()).collect();
    let title = if players.is_empty() {
        format!("game {}", game.id)
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
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title>\
         <link rel=\"stylesheet\" href=\"../assets/site.css\">\
         <link rel=\"stylesheet\" href=\"../assets/game.css\"></head>\n\
         <body data-game=\"{}\" data-kind=\"{kind}\" data-plies=\"{plies}\" data-ply=\"{plies}\">\n\
         <header><p class=\"back\"><a href=\"{}\">← {}</a></p><h1>{}</h1>",
        escape(&title),
        game.id,
        escape(index),
        escape(if links.site_title.is_empty() {
            "index"
        } else {
            &links.site_title
        }),
        escape(&title)
    );
    header(&mut out, game, &links.sources);
    out.push_str("</header>\n<main>\n<section id=\"view\">");
    let _ = write!(
        out,
        "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" \
         data-board=\"{board}\" role=\"img\" aria-label=\"board\"></svg>\
         <nav id=\"nav\"><button id=\"first\" type=\"button\" title=\"start (Home)\">«</button>\
         <button id=\"prev\" type=\"button\" title=\"back (←)\">◀</button>\
         <span id=\"at\"></span>\
         <button id=\"next\" type=\"button\" title=\"forward (→)\">▶</button>\
         <button id=\"last\" type=\"button\" title=\"end (End)\">»</button></nav>"
    );
    if !variations.nodes.is_empty() {
        out.push_str(
            "<p id=\"variation-nav\"><button id=\"main-line\" type=\"button\" hidden>\
             ← back to the main line</button></p>",
        );
    }
    match game.kind {
        GameKind::Renju => out.push_str("<p id=\"forbidden\"></p>"),
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
            "<p class=\"stopped\">the moves cannot be replayed: {}</p>",
            escape(e)
        );
    }
    if let Some((_, why)) = &frames.stopped {
        let _ = write!(out, "<p class=\"stopped\">{}</p>", escape(why));
    }
    // The board's verdict, shown from the move that ended the game (as `kifu show` says
    // it): a five, a forbidden move, a mate, the score at the last placement.
    if game.termination != "unfinished" && unreplayable.is_none() {
        let end = frames
            .stopped
            .as_ref()
            .map_or(frames.moves.len() as u32, |(ply, _)| *ply);
        let _ = write!(
            out,
            "<p id=\"ending\" data-ply=\"{end}\" hidden>game over at move {end}: {} ({})</p>",
            escape(game.derived_result.as_deref().unwrap_or("none")),
            escape(&game.termination)
        );
    }
    out.push_str("</section>\n<section id=\"record\"><h2>Moves</h2>");
    variations_summary(&mut out, &variations, game.id);
    out.push_str("<ol id=\"moves\">");
    let tree = variations.tree();
    let cycle: std::collections::HashSet<u32> = frames.cycle.iter().copied().collect();
    let mut after_branch = false;
    for (i, text) in frames.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        // Unquoted attributes and no end tag: the list is most of a page's HTML.
        let class = if cycle.contains(&ply) {
            "\"move cycle\""
        } else {
            "move"
        };
        // A branch's item counts in the list's numbering: the move after it says its own.
        let value = if after_branch {
            format!(" value={ply}")
        } else {
            String::new()
        };
        let _ = write!(
            out,
            "<li class={class} data-ply={ply}{value}>{}",
            escape(text)
        );
        after_branch = variations.write_off_main(ply, &tree, &mut out);
    }
    for ply in variations.plies_after(plies, &tree) {
        variations.write_off_main(ply, &tree, &mut out);
    }
    out.push_str("</ol>\n");
    findings_list(&mut out, findings);
    if !game.comments.is_empty() {
        out.push_str("<h2>Comments</h2><ul id=\"comments\">");
        for (ply, text) in &game.comments {
            let _ = write!(
                out,
                "<li class=\"comment\" data-ply=\"{ply}\"><span class=\"where\">move {ply}</span> <span class=\"text\">{}</span></li>",
                escape(text)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n</main>\n<script type=\"application/json\" id=\"game-data\">");
    let mut data = frames.to_json();
    data["board"] = json!(board);
    if !variations.nodes.is_empty() {
        data["variations"] = variations.to_json();
    }
    out.push_str(&script_json(&data));
    out.push_str("</script>\n<script src=\"../assets/game.js\"></script>\n</body></html>\n");
    Ok(out)
}

/// What the move list holds of the variations: how many, how to play them, what is left
/// out or not replayed.
fn variations_summary(out: &mut String, variations: &VariationFrames, game: i64) {
    if variations.nodes.is_empty() {
        return;
    }
    let lines = variations.lines();
    let shown = variations.nodes.len();
    let _ = write!(
        out,
        "<p id=\"variations-summary\">{lines} variation line{}, {shown} move{}, listed where \
         they branch: click a variation move to see its board (◀ ▶ then walk along its line).</p>",
        if lines == 1 { "" } else { "s" },
        if shown == 1 { "" } else { "s" },
    );
    if shown < variations.total {
        let _ = write!(
            out,
            "<p id=\"variations-cut\" class=\"stopped\">the list shows the first {shown} of the \
             record's {} variation moves, to keep the page small; <code>kifu show {game} \
             --variations</code> lists them all.</p>",
            variations.total
        );
    }
    if let Some(why) = &variations.not_replayed {
        let _ = write!(
            out,
            "<p class=\"stopped\">the variations are listed as written, not replayed: {}</p>",
            escape(why)
        );
    } else if variations.nodes.iter().any(|n| !n.played) {
        out.push_str(
            "<p class=\"variations-note\">moves marked “not playable” are ones kifu could not \
             play (and those after them in their line): they are written as the record has \
             them, and the board stays at the last move it could play.</p>",
        );
    }
}

/// Players, event, round, date, results, opening, source (from the site's `sources`).
fn header(out: &mut String, game: &GameRow, sources: &SourceRoot) {
    out.push_str("<dl class=\"meta\">");
    let mut item = |label: &str, value: &str| {
        let _ = write!(out, "<dt>{}</dt><dd>{}</dd>", escape(label), escape(value));
    };
    for (side, name) in &game.players {
        item(side, name);
    }
    for (label, value) in [
        ("event", &game.event),
        ("round", &game.round),
        ("date", &game.date),
        ("rule", &game.rule),
    ] {
        if let Some(v) = value {
            item(label, v);
        }
    }
    let counted = game.counted_result();
    item(
        "result",
        &format!(
            "recorded {}, counted {}, board {} ({})",
            game.recorded_result.as_deref().unwrap_or("?"),
            counted
                .map(|o| o.name().into_owned())
                .unwrap_or_else(|| "none".into()),
            game.derived_result.as_deref().unwrap_or("none"),
            game.termination
        ),
    );
    if let Some(name) = opening_name(game.kind, game.opening.as_deref()) {
        item("opening", &name);
    }
    let _ = write!(
        out,
        "<dt>source</dt><dd class=\"source\" title=\"{}\">{}:{}</dd>",
        escape(&game.source),
        escape(sources.relative(&game.source)),
        game.line
    );
    out.push_str("</dl>");
}

/// `<ul id="findings">`: every finding with its ply, code, severity, message and rule.
fn findings_list(out: &mut String, findings: &[FindingRow]) {
    out.push_str("<h2>Findings</h2>");
    if findings.is_empty() {
        out.push_str("<p id=\"no-findings\">no findings</p>\n");
        return;
    }
    out.push_str("<ul id=\"findings\">");
    for f in findings {
        let ply = f.ply.map(|p| p.to_string()).unwrap_or_default();
        // A finding about a variation move is shown with that move, not the main line's.
        let (node, line) = match f.variation_node {
            Some(n) => (format!(" data-node=\"{n}\""), "variation move"),
            None => (String::new(), "move"),
        };
        let at = f
            .ply
            .map(|p| format!("<span class=\"where\">{line} {p}</span> "))
            .unwrap_or_default();
        let rule = if f.rule.is_empty() {
            String::new()
        } else {
            format!(" <span class=\"rule\">[{}]</span>", escape(&f.rule))
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
        let mut svg = String::new();
        xiangqi_board(&mut svg);
        add("xiangqi", xiangqi_size(), XIANGQI_GRID, svg);
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
            "black": side_colour(Outcome::Black).hex(),
            "white": side_colour(Outcome::White).hex(),
            "red": side_colour(Outcome::Red).hex(),
            "seats": (1..=4u8).map(|s| side_colour(Outcome::Seat(s)).hex()).collect::<Vec<_>>(),
            "mark": MARK,
        });
        let all = json!({
            "boards": boards,
            "chinese": chinese,
            "colours": colours,
            "abbreviations": super::frames::CLASS_ABBREVIATIONS,
        });
        format!(
            "// Generated by kifu from its board diagrams (reports/src/diagrams.rs).\n\
             var KIFU_BOARDS = {all};\n"
        )
    })
}

/// The shared files game pages use, as (path under the site's `assets/`, contents).
pub fn game_assets() -> Vec<(&'static str, &'static [u8])> {
    static JS: OnceLock<String> = OnceLock::new();
    let js = JS.get_or_init(|| format!("{}{}", boards_script(), include_str!("game.js")));
    vec![
        ("game.js", js.as_bytes()),
        ("game.css", include_str!("game.css").as_bytes()),
    ]
}
