//! Chess Territorial PGN with drops (`territorial-pgn`, read back by
//! `kifu_parser::territorial`): `[Game "Chess Territorial"]`, the tags `Event`, `Date`,
//! `Round`, `White`, `Black`, `Result` and the record's other tags (`WhiteScore`,
//! `BlackScore`, …), a blank line, numbered move text (`1. K@e1 K@d8 …`, `--` a pass)
//! with comments as `{…}`, wrapped before 80 columns, the result token (`1-0` White wins,
//! `0-1`, `1/2-1/2`, `*` for a stated unknown result) and a blank line.
//!
//! A game stating no result has neither the `Result` tag nor a result token, so it reads
//! back as stating none (as Xiangqi PGN writes it), not as an unknown result.

use kifu_facts::ResultName;
use kifu_parser::tag::{write_tag, Wrap};
use kifu_parser::territorial::move_text;

use crate::{brace_on_one_line, GameMoves, RecordOut};

const OWN_TAGS: [&str; 7] = ["Game", "Event", "Date", "Round", "White", "Black", "Result"];

/// Appends one game.
pub fn write_record(record: &RecordOut<'_>, out: &mut String) {
    let GameMoves::Territorial(moves) = record.moves else {
        return;
    };
    write_tag(out, "Game", "Chess Territorial");
    let result = record.result.map(|r| match r {
        ResultName::White => "1-0",
        ResultName::Black => "0-1",
        ResultName::Draw => "1/2-1/2",
        _ => "*",
    });
    for (k, v) in [
        ("Event", record.event),
        ("Date", record.date),
        ("Round", record.round),
        ("White", record.player("white")),
        ("Black", record.player("black")),
    ] {
        if let Some(v) = v {
            write_tag(out, k, v);
        }
    }
    if let Some(r) = result {
        write_tag(out, "Result", r);
    }
    for (k, v) in record.extra_tags(&OWN_TAGS) {
        write_tag(out, k, &v);
    }
    out.push('\n');
    let notes = |ply: u32| record.notes_at(ply).map(brace_on_one_line);
    let mut wrap = Wrap::new(out, 79);
    notes(0).for_each(|c| wrap.token(&c));
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            wrap.token(&format!("{}.", i / 2 + 1));
        }
        wrap.token(&move_text(m.to_text()));
        notes(i as u32 + 1).for_each(|c| wrap.token(&c));
    }
    if let Some(r) = result {
        wrap.token(r);
    }
    wrap.finish();
    out.push('\n');
}
