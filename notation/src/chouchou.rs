//! ChouChou `.ccn` (`chouchou-ccn`, read back by `kifu_parser::chouchou`): tags `Game`,
//! `Variant`, `Players`, `Teams` (pairs), `Event`, `Round`, `Date`, `P1`…`P4`, `Result`
//! (the winning seat `P1`…, `draw`, or `*`), `Termination` and the record's other tags; a
//! blank line; numbered actions (`1. 2B 2. 3C→1A② x3 …`) each annotated with the pieces it
//! took (as the rules engine counts them), comments as `{…}`, lines of at most about 80
//! bytes, the result and a blank line.

use kifu_facts::Outcome;
use kifu_parser::chouchou::action_text;
use kifu_parser::tag::{write_tag, Wrap};
use kifu_rules::chouchou::{check, CcActionText, Variant};

use crate::{brace, GameMoves, RecordOut};

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

/// The pieces each action took (0 for none), as the rules engine counts them: the `x3`
/// annotations of the record.
pub fn taken_per_action(
    variant: Variant,
    players: u8,
    pairs: bool,
    actions: &[CcActionText],
) -> Vec<u32> {
    let replay = check(variant, players, pairs, actions);
    let mut taken = vec![0u32; actions.len()];
    for c in &replay.captures {
        if let Some(t) = taken.get_mut((c.ply as usize).wrapping_sub(1)) {
            *t = c.taken;
        }
    }
    taken
}

/// Appends one game.
pub fn write_record(record: &RecordOut<'_>, out: &mut String) {
    let GameMoves::ChouChou {
        variant,
        players,
        pairs,
        actions,
        termination,
    } = record.moves
    else {
        return;
    };
    let taken = taken_per_action(variant, players, pairs, actions);
    // The result token has no word for an unknown result: the tag says `unknown` and the
    // token `*` (the reader takes the tag first).
    let result = match record.result {
        Some(Outcome::Seat(n)) => format!("P{n}"),
        Some(Outcome::Draw) => "draw".to_owned(),
        Some(Outcome::Unknown) => "unknown".to_owned(),
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
    let notes = |ply: u32| record.notes_at(ply).map(brace);
    let mut wrap = Wrap::new(out, 80);
    notes(0).for_each(|c| wrap.token(&c));
    for (i, (a, &t)) in actions.iter().zip(&taken).enumerate() {
        let mut w = format!("{}. {}", i + 1, action_text(a));
        if t > 0 {
            w.push_str(&format!(" x{t}"));
        }
        wrap.token(&w);
        notes(i as u32 + 1).for_each(|c| wrap.token(&c));
    }
    wrap.token(if record.result == Some(Outcome::Unknown) {
        "*"
    } else {
        &result
    });
    wrap.finish();
    out.push('\n');
}
