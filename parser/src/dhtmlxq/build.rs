//! Building a Xiangqi game from a DhtmlXQ record's fields: the 4-digit move lists and
//! their variations, comments, the `binit` start position and the header.

use kifu_facts::Severity;

use super::fields::{block_fields, Field};
use super::{Pos, AFTER_END, MAX_VARIATION_DEPTH, RECORD_OPEN};
use crate::raw::{
    Comment, Format, Location, Note, RawError, Span, XqGame, XqMove, XqMoveText, XqVariation,
};
use crate::xiangqi_pgn::{after_end_texts, unplayed_text};
use crate::xq_text;
use crate::xq_tree::START_BOARD;

/// A field's text with HTML's character references decoded: the named ones writers use
/// (`&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` `&amp;`) and numeric ones (`&#91;`, `&#x5B;`),
/// in one pass, so that `&amp;lt;` stays `&lt;`. Anything else is kept as written.
fn html_unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        match character_reference(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character `text` (starting at `&`) refers to, and the reference's length.
fn character_reference(text: &str) -> Option<(char, usize)> {
    let end = text[1..].find(';').filter(|&e| e <= 10)? + 1;
    let name = &text[1..end];
    let c = match name {
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "amp" => '&',
        _ => {
            let code = match name.strip_prefix('#')? {
                hex if hex.starts_with(['x', 'X']) => u32::from_str_radix(&hex[1..], 16).ok()?,
                dec => dec.parse().ok()?,
            };
            char::from_u32(code).filter(|&c| c != '\0')?
        }
    };
    Some((c, end + 1))
}

/// Fields dpxq/DhtmlXQ writers add for the viewer, not for the record.
const NOISE: &[&str] = &[
    "init",
    "ver",
    "pver",
    "hits",
    "price",
    "hidden",
    "sortid",
    "viewurl",
    "adddate",
    "editdate",
    "moves",
    "comments",
    "movelist",
    "generator",
    "firstnum",
    "length",
];

/// Reads a 4-digit move list. `at`: decoded index of the value (exact when `plain`).
fn read_moves(
    value: &str,
    at: usize,
    plain: bool,
    pos: &Pos,
    notes: &mut Vec<Note>,
) -> Result<Vec<XqMove>, (usize, String)> {
    let mut digits: Vec<(usize, u8)> = Vec::new();
    for (k, c) in value.char_indices() {
        let idx = if plain { at + k } else { at };
        if c.is_ascii_digit() {
            digits.push((idx, c as u8 - b'0'));
        } else if !c.is_whitespace() {
            return Err((idx, format!("'{c}' in a DhtmlXQ move list (digits only)")));
        }
    }
    let whole = digits.len() / 4 * 4;
    if whole < digits.len() {
        notes.push(Note {
            code: "movelist-trailing-digits",
            severity: Severity::Warning,
            message: format!(
                "the move list ends with {} digit(s) that make no move; dropped",
                digits.len() - whole
            ),
            at: pos.loc(digits[whole].0),
            ply: None,
        });
    }
    let mut moves = Vec::with_capacity(whole / 4);
    for g in digits[..whole].chunks(4) {
        let (x1, y1, x2, y2) = (g[0].1, g[1].1, g[2].1, g[3].1);
        let written: String = g.iter().map(|d| (b'0' + d.1) as char).collect();
        if x1 > 8 || x2 > 8 {
            let bad = if x1 > 8 { g[0].0 } else { g[2].0 };
            return Err((
                bad,
                format!("file 9 in DhtmlXQ move '{written}' (files are 0-8)"),
            ));
        }
        let from_off = pos.offset(g[0].0);
        let to_off = pos.offset(g[3].0) + 1;
        moves.push(XqMove {
            text: XqMoveText::Coord {
                from: (x1, 9 - y1),
                to: (x2, 9 - y2),
            },
            written,
            at: pos.loc(g[0].0),
            len: (to_off - from_off).min(u16::MAX as u64) as u16,
        });
    }
    Ok(moves)
}

/// `binit` (64 digits) → FEN board + side to move (from the first move's piece).
fn binit_to_fen(binit: &str, first: Option<&XqMove>) -> Option<String> {
    let b = binit.trim().as_bytes();
    if b.len() != 64 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let order = b"RNBAKABNRCCPPPPPrnbakabnrccppppp";
    let mut grid = [[0u8; 9]; 10];
    for k in 0..32 {
        let x = (b[2 * k] - b'0') as usize;
        let y = (b[2 * k + 1] - b'0') as usize;
        if x <= 8 && y <= 9 {
            grid[y][x] = order[k];
        }
    }
    let mut rows = Vec::new();
    for row in &grid {
        let mut s = String::new();
        let mut empty = 0;
        for &c in row {
            if c == 0 {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push((b'0' + empty) as char);
                    empty = 0;
                }
                s.push(c as char);
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        rows.push(s);
    }
    let board = rows.join("/");
    let side = match first.map(|m| &m.text) {
        Some(XqMoveText::Coord { from, .. }) => {
            let (x, rank) = (from.0 as usize, from.1 as usize);
            let c = grid.get(9 - rank.min(9)).and_then(|r| r.get(x)).copied();
            if c.is_some_and(|c| c.is_ascii_lowercase()) {
                'b'
            } else {
                'w'
            }
        }
        _ => 'w',
    };
    if board == START_BOARD && side == 'w' {
        return Some(String::new());
    }
    Some(format!("{board} {side} - - 0 1"))
}

/// Some writers of bare 4-digit strings (elephantchess `.ubb`) count y from the bottom.
/// Replays piece occupancy from the standard start both ways (no rules: only "a piece of
/// the side to move stands on the from-square") and keeps the better reading.
fn orient_bare(moves: &mut [XqMove], notes: &mut Vec<Note>, at: Location) {
    let mismatches = |flip: bool| {
        // board[rank][file]: Some(true) = Red.
        let mut b = [[None::<bool>; 9]; 10];
        for (rank, row) in START_BOARD.split('/').rev().enumerate() {
            let mut file = 0;
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(d) => file += d as usize,
                    None => {
                        b[rank][file] = Some(c.is_ascii_uppercase());
                        file += 1;
                    }
                }
            }
        }
        let mut bad = 0;
        for (k, m) in moves.iter().enumerate().take(60) {
            let XqMoveText::Coord { from, to } = m.text else {
                continue;
            };
            let (f, t) = if flip {
                ((from.0, 9 - from.1), (to.0, 9 - to.1))
            } else {
                (from, to)
            };
            let piece = b[f.1 as usize][f.0 as usize];
            if piece != Some(k % 2 == 0) {
                bad += 1;
            }
            b[t.1 as usize][t.0 as usize] = piece;
            b[f.1 as usize][f.0 as usize] = None;
        }
        bad
    };
    if mismatches(true) < mismatches(false) {
        for m in moves.iter_mut() {
            if let XqMoveText::Coord { from, to } = &mut m.text {
                from.1 = 9 - from.1;
                to.1 = 9 - to.1;
            }
        }
        notes.push(Note {
            code: "dhtmlxq-y-from-bottom",
            severity: Severity::Info,
            message: "bare move string read with y counted from the bottom (Red's side): \
                      it replays from the start position that way"
                .to_string(),
            at,
            ply: None,
        });
    }
}

pub(super) fn build(
    fields: &[Field],
    pos: &Pos,
    start_i: usize,
    end_i: usize,
    enc: &'static str,
    bare: bool,
) -> Result<XqGame, RawError> {
    let start = pos.loc(start_i);
    let span = Span::new(start.offset, pos.offset(end_i).max(start.offset));
    let mut game = XqGame::new(Format::DhtmlXq, start);
    game.span = span;
    game.encoding = enc;
    let error = |i: usize, message: String| {
        let mut raw = String::new();
        for f in fields {
            if raw.len() < crate::raw::MAX_RAW_KEPT {
                raw.push_str(&format!(
                    "[DhtmlXQ_{}]{}[/DhtmlXQ_{}]\n",
                    f.key, f.value, f.key
                ));
            }
        }
        RawError {
            format: Some(Format::DhtmlXq),
            at: pos.loc(i),
            start,
            span,
            message,
            raw,
        }
    };
    let get = |k: &str| {
        fields
            .iter()
            .find(|f| f.key == k)
            .map(|f| f.value.trim())
            .filter(|v| !v.is_empty())
    };
    // Moves.
    if let Some(f) = fields.iter().find(|f| f.key == "movelist") {
        let mut value = f.value.as_str();
        // Scraped records sometimes repeat the field inside the value
        // (`7747…[/DhtmlXQ_movelist][DhtmlXQ_movelist]7747…`): keep the first list.
        if let Some(cut) = value.find("[/DhtmlXQ_movelist]") {
            if value[..cut]
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_whitespace())
            {
                game.notes.push(Note {
                    code: "movelist-junk",
                    severity: Severity::Warning,
                    message: "text after '[/DhtmlXQ_movelist]' inside the move list ignored"
                        .to_string(),
                    at: pos.loc(if f.plain { f.at + cut } else { f.at }),
                    ply: None,
                });
                value = &value[..cut];
            }
        }
        game.moves =
            read_moves(value, f.at, f.plain, pos, &mut game.notes).map_err(|(i, m)| error(i, m))?;
        if bare {
            orient_bare(&mut game.moves, &mut game.notes, start);
        }
    }
    // kifu's export: the moves after those kifu applied, as the record wrote them.
    if let Some(f) = fields.iter().find(|f| f.key == AFTER_END) {
        if let Some(texts) = after_end_texts(&html_unescape(f.value.trim())) {
            let at = pos.loc(f.at);
            game.moves.extend(texts.into_iter().map(|written| XqMove {
                text: unplayed_text(&written),
                written,
                at,
                len: 0,
            }));
        }
    }
    // Variations: move_A_B_C.
    let mut vars: Vec<(u32, u32, u32, XqVariation)> = Vec::new();
    for f in fields {
        let Some(ids) = f.key.strip_prefix("move_") else {
            continue;
        };
        let n: Vec<u32> = ids.split('_').filter_map(|s| s.parse().ok()).collect();
        if n.len() != 3 {
            game.notes.push(Note {
                code: "bad-variation-key",
                severity: Severity::Warning,
                message: format!("variation field 'move_{ids}' is not move_A_B_C; skipped"),
                at: pos.loc(f.at),
                ply: None,
            });
            continue;
        }
        let moves = read_moves(&f.value, f.at, f.plain, pos, &mut game.notes)
            .map_err(|(i, m)| error(i, m))?;
        vars.push((
            n[0],
            n[1],
            n[2],
            XqVariation {
                from_ply: n[1].max(1),
                moves,
                ..XqVariation::default()
            },
        ));
    }
    // Comments: direct fields or inside a dpxq 'comments' value.
    let mut comment_fields: Vec<(String, String)> = Vec::new();
    for f in fields {
        if f.key.starts_with("comment") && f.key != "comments" {
            comment_fields.push((f.key.clone(), f.value.clone()));
        } else if f.key == "comments" && f.value.contains("[DhtmlXQ_") {
            for c in block_fields(&f.value, 0, f.value.len()) {
                if c.key.starts_with("comment") {
                    comment_fields.push((c.key, c.value));
                }
            }
        }
    }
    for (key, value) in comment_fields {
        let ids: Vec<u32> = key["comment".len()..]
            .split('_')
            .filter_map(|s| s.parse().ok())
            .collect();
        let text = html_unescape(value.trim()).replace("||", "\n");
        let text = text.trim().to_string();
        if text.is_empty() {
            continue;
        }
        match ids.as_slice() {
            [ply] | [0, ply] => game.comments.push(Comment { ply: *ply, text }),
            // A variation's comment: on the line with that id (absolute ply, as its
            // moves); a comment naming no variation is kept on the main line, saying so.
            [var, ply] => match vars.iter_mut().find(|v| v.2 == *var) {
                Some(v) => v.3.comments.push(Comment { ply: *ply, text }),
                None => game.comments.push(Comment {
                    ply: *ply,
                    text: format!("(variation {var}, not in the record) {text}"),
                }),
            },
            _ => {}
        }
    }
    game.comments.sort_by_key(|c| c.ply);
    for v in &mut vars {
        v.3.comments.sort_by_key(|c| c.ply);
    }
    // Nest children into parents, deepest (highest id) first.
    vars.sort_by_key(|v| v.2);
    // A variation's parent is the first one with the parent's id, when that id is lower
    // (higher ids are nested before it, so no longer there); anything else is top level.
    // Variations nested deeper than MAX_VARIATION_DEPTH are dropped, with their children.
    let mut depth = vec![1usize; vars.len()];
    for (k, &(parent, _, id, _)) in vars.iter().enumerate() {
        if parent != 0 && parent < id {
            let p = vars.partition_point(|v| v.2 < parent);
            if vars.get(p).is_some_and(|v| v.2 == parent) {
                depth[k] = depth[p] + 1;
            }
        }
    }
    let deep = depth.iter().filter(|&&d| d > MAX_VARIATION_DEPTH).count();
    if deep > 0 {
        let mut depth = depth.into_iter();
        vars.retain(|_| depth.next().is_some_and(|d| d <= MAX_VARIATION_DEPTH));
        game.notes.push(Note {
            code: "variations-too-deep",
            severity: Severity::Warning,
            message: format!(
                "{deep} variation(s) nested deeper than {MAX_VARIATION_DEPTH} levels dropped"
            ),
            at: start,
            ply: None,
        });
    }
    while let Some((parent, _, id, var)) = vars.pop() {
        // The first remaining variation with id `parent` (sorted: a binary search).
        let p = vars.partition_point(|v| v.2 < parent);
        if parent == 0 || parent == id {
            game.variations.push(var);
        } else if let Some(p) = vars.get_mut(p).filter(|v| v.2 == parent) {
            p.3.variations.push(var);
        } else {
            game.variations.push(var);
        }
    }
    game.variations.sort_by_key(|v| v.from_ply);
    // Start position.
    if let Some(fen) = get("fen") {
        game.fen = Some(fen.to_string());
    } else if let Some(binit) = get("binit") {
        match binit_to_fen(binit, game.moves.first()) {
            Some(f) if f.is_empty() => {}
            Some(f) => game.fen = Some(f),
            None => game.notes.push(Note {
                code: "bad-binit",
                severity: Severity::Warning,
                message: format!("binit '{binit}' is not 64 digits; start position ignored"),
                at: start,
                ply: None,
            }),
        }
    }
    // Header.
    let h = &mut game.header;
    h.red = get("redname").or(get("red")).map(html_unescape);
    h.black = get("blackname").or(get("black")).map(html_unescape);
    h.event = get("event").map(html_unescape);
    h.round = get("round").map(html_unescape);
    h.opening = if fields.iter().any(|f| f.key == RECORD_OPEN) {
        get(RECORD_OPEN)
    } else {
        get("open")
    }
    .map(html_unescape);
    h.id = get("dpid").map(str::to_string);
    if let Some(d) = get("date") {
        match xq_text::normalize_date(d) {
            Some(n) => h.date = Some(n),
            None => h.extra.push(("date".to_string(), d.to_string())),
        }
    }
    if let Some(r) = get("result") {
        h.result_text = Some(r.to_string());
        h.result = xq_text::result_from_text(r);
        if h.result.is_none() {
            game.notes.push(Note {
                code: "unknown-result",
                severity: Severity::Warning,
                message: format!("result '{r}' is not W/L/D, 红胜/黑胜/和棋"),
                at: start,
                ply: None,
            });
        }
    }
    let used_red = game.header.red.is_some() && get("redname").is_some();
    let used_black = game.header.black.is_some() && get("blackname").is_some();
    for f in fields {
        let k = f.key.as_str();
        let v = f.value.trim();
        if v.is_empty()
            || NOISE.contains(&k)
            || k.starts_with("move_")
            || k.starts_with("comment")
            || matches!(
                k,
                "redname"
                    | "blackname"
                    | "event"
                    | "round"
                    | "open"
                    | RECORD_OPEN
                    | AFTER_END
                    | "dpid"
                    | "date"
                    | "result"
                    | "binit"
                    | "fen"
            )
            || (k == "red" && !used_red)
            || (k == "black" && !used_black)
        {
            continue;
        }
        game.header.extra.push((k.to_string(), html_unescape(v)));
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binit() {
        let std = "8979695949392919097717866646260600102030405060708012720323436383";
        assert_eq!(binit_to_fen(std, None).as_deref(), Some(""));
    }

    #[test]
    fn character_references() {
        assert_eq!(html_unescape("A &amp; B &lt;c&gt;"), "A & B <c>");
        assert_eq!(
            html_unescape("&#91;/DhtmlXQ] &#x5B; &#X5b;"),
            "[/DhtmlXQ] [ ["
        );
        // One pass: an escaped ampersand is not read again.
        assert_eq!(html_unescape("&amp;lt; &amp;#91;"), "&lt; &#91;");
        // Not references: kept as written.
        assert_eq!(
            html_unescape("A&B &#; &#x; &#0; &unknown; &#99999999;"),
            "A&B &#; &#x; &#0; &unknown; &#99999999;"
        );
        assert_eq!(html_unescape("&"), "&");
    }
}
