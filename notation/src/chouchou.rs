//! ChouChou `.ccn` (`chouchou-ccn`, read back by `kifu_parser::chouchou`): tags `Game`,
//! `Variant`, `Players`, `Teams` (pairs), `Event`, `Round`, `Date`, `P1`…`P4`, `Result`
//! (the winning seat `P1`…, `draw`, or `*`), `Termination` and the record's other tags; a
//! blank line; numbered entries (`1. 2B 2. 3C→1A② x3 …`), the void ones and those after
//! the end included, each annotated with the pieces it took (as the rules engine counts
//! them, or as the record stated where the board does not imply it), comments as `{…}`,
//! lines of at most about 80 bytes, the result and a blank line.

use kifu_facts::ResultName;
use kifu_facts::{ChouChouEntry, ChouChouStatedCount};
use kifu_parser::chouchou::action_text;
use kifu_parser::tag::{write_tag, Wrap};
use kifu_rules::chouchou::{check_annotated, parse_moves, CcActionText, Variant};

use crate::{brace_on_one_line, GameMoves, RecordOut};

const OWN_TAGS: [&str; 13] = [
    "Game",
    "Variant",
    "Players",
    "Teams",
    "Event",
    "Round",
    "Date",
    "P1",
    "P2",
    "P3",
    "P4",
    "Result",
    "Termination",
];

/// The record's entries in order, each with the count it states: the applied actions with
/// the entries not applied put back at their plies. An entry whose stored text no longer
/// reads as an action is left out.
pub fn record_entries(
    actions: &[CcActionText],
    not_applied: &[ChouChouEntry],
    stated_counts: &[ChouChouStatedCount],
) -> Vec<(CcActionText, Option<u32>)> {
    let total = actions.len() + not_applied.len();
    let mut applied = actions.iter();
    let mut others = not_applied.iter().peekable();
    let mut out = Vec::with_capacity(total);
    let parse = |e: &ChouChouEntry| parse_moves(&e.action).ok()?.first().map(|&(a, _)| a);
    for ply in 1..=total as u32 {
        let action = match others.next_if(|e| e.ply == ply) {
            Some(e) => parse(e),
            None => applied.next().copied().or_else(|| {
                // Plies out of step (a hand-made annotation): keep the rest in order.
                others.next().and_then(parse)
            }),
        };
        let stated = stated_counts.iter().find(|c| c.ply == ply).map(|c| c.count);
        if let Some(a) = action {
            out.push((a, stated));
        }
    }
    out
}

/// The count to write after each entry: the one the record states where the board does
/// not imply it, else the pieces the rules engine counts it took (0 for none).
pub fn counts_per_entry(
    variant: Variant,
    players: u8,
    pairs: bool,
    entries: &[(CcActionText, Option<u32>)],
) -> Vec<Option<u32>> {
    let replay = check_annotated(variant, players, pairs, entries);
    let mut counts: Vec<Option<u32>> = entries.iter().map(|&(_, stated)| stated).collect();
    for c in &replay.captures {
        if let Some(n) = counts.get_mut((c.ply as usize).wrapping_sub(1)) {
            n.get_or_insert(c.taken);
        }
    }
    counts
}

/// Appends one game.
pub fn write_record(record: &RecordOut<'_>, out: &mut String) {
    let GameMoves::ChouChou {
        variant,
        players,
        pairs,
        actions,
        not_applied,
        stated_counts,
        termination,
    } = record.moves
    else {
        return;
    };
    let entries = record_entries(actions, not_applied, stated_counts);
    let counts = counts_per_entry(variant, players, pairs, &entries);
    // The result token has no word for an unknown result: the tag says `unknown` and the
    // token `*` (the reader takes the tag first).
    let result = match record.result {
        Some(ResultName::Seat(n)) => format!("P{n}"),
        Some(ResultName::Draw) => "draw".to_owned(),
        Some(ResultName::Unknown) => "unknown".to_owned(),
        _ => "*".to_owned(),
    };
    write_tag(out, "Game", "ChouChou");
    write_tag(out, "Variant", variant.id());
    write_tag(out, "Players", &players.to_string());
    if pairs {
        write_tag(out, "Teams", "pairs");
    }
    for (k, v) in [
        ("Event", record.event),
        ("Round", record.round),
        ("Date", record.date),
    ] {
        if let Some(v) = v {
            write_tag(out, k, v);
        }
    }
    for seat in 1..=players {
        let side = format!("P{seat}");
        if let Some(name) = record.player(&side) {
            write_tag(out, &side, name);
        }
    }
    write_tag(out, "Result", &result);
    if let Some(t) = termination {
        write_tag(out, "Termination", t);
    }
    for (k, v) in record.extra_tags(&OWN_TAGS) {
        write_tag(out, k, &v);
    }
    out.push('\n');
    let notes = |ply: u32| record.notes_at(ply).map(brace_on_one_line);
    let mut wrap = Wrap::new(out, 80);
    notes(0).for_each(|c| wrap.token(&c));
    for (i, ((a, _), &count)) in entries.iter().zip(&counts).enumerate() {
        let mut w = format!("{}. {}", i + 1, action_text(a));
        if let Some(n) = count {
            w.push_str(&format!(" x{n}"));
        }
        wrap.token(&w);
        notes(i as u32 + 1).for_each(|c| wrap.token(&c));
    }
    wrap.token(if record.result == Some(ResultName::Unknown) {
        "*"
    } else {
        &result
    });
    wrap.finish();
    out.push('\n');
}
