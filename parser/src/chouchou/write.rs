//! The `.ccn` writer.

use crate::raw::{CcActionText, CcGame};
use crate::tag::{self, write_tag, Wrap};

fn cell_text(c: (u8, u8)) -> String {
    format!(
        "{}{}",
        (b'1' + c.0.min(8)) as char,
        (b'A' + c.1.min(8)) as char
    )
}

/// The canonical text of an action: `3B`, `3C→1A②`, `2B→3A①`.
pub fn action_text(a: &CcActionText) -> String {
    match *a {
        CcActionText::Place { cell } => cell_text(cell),
        CcActionText::MoveTwo { from, to } => format!("{}→{}②", cell_text(from), cell_text(to)),
        CcActionText::SwapOne { from, to } => format!("{}→{}①", cell_text(from), cell_text(to)),
    }
}

/// Writes a game as `.ccn` (tags, then numbered actions with capture annotations, comments
/// as `{…}`), lines of at most about 80 bytes, ending with a blank line.
pub fn write_ccn(game: &CcGame) -> String {
    let mut out = String::new();
    let h = &game.header;
    let mut put = |k: &str, v: &str| write_tag(&mut out, k, v);
    put("Game", "ChouChou");
    put("Variant", game.variant.as_deref().unwrap_or("3x3"));
    let players = game
        .player_count
        .map(|n| n as usize)
        .unwrap_or(h.players.len().max(if game.pairs { 4 } else { 2 }));
    put("Players", &players.to_string());
    if game.pairs {
        put("Teams", "pairs");
    }
    for (k, v) in [("Event", &h.event), ("Round", &h.round), ("Date", &h.date)] {
        if let Some(v) = v {
            put(k, v);
        }
    }
    for (i, p) in h.players.iter().enumerate() {
        put(&format!("P{}", i + 1), p);
    }
    put("Result", h.result_text.as_deref().unwrap_or("*"));
    if let Some(t) = &game.termination {
        put("Termination", t);
    }
    for (k, v) in &h.extra {
        if tag::is_tag_name(k) {
            put(k, v);
        }
    }
    out.push('\n');
    let mut wrap = Wrap::new(&mut out, 80);
    let comments_at = |ply: usize| {
        game.comments
            .iter()
            .filter(move |c| c.ply as usize == ply)
            .map(|c| format!("{{{}}}", c.text.replace(['{', '}'], "")))
    };
    comments_at(0).for_each(|c| wrap.token(&c));
    for (i, a) in game.actions.iter().enumerate() {
        let mut w = format!("{}. {}", i + 1, action_text(&a.text));
        if let Some(k) = a.annotated_captures {
            w.push_str(&format!(" x{k}"));
        }
        wrap.token(&w);
        comments_at(i + 1).for_each(|c| wrap.token(&c));
    }
    wrap.token(h.result_text.as_deref().unwrap_or("*"));
    wrap.finish();
    out.push('\n');
    out
}
