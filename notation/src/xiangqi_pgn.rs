//! Xiangqi PGN (`xiangqi-pgn`, read back by `kifu_parser::xiangqi_pgn`), in the xqbase
//! conventions: UTF-8, tags `Game "Chinese Chess"`, `Event`, `Round`, `Date`, `Red`,
//! `Black`, `Result`, `ECCO` and `Opening` (kifu's ECCO code and its name, one pair),
//! `RecordECCO` and `RecordOpening` (the record's own code and opening text, empty when it
//! had none: the reader takes them back as the record's `ECCO` and `Opening`), `FEN` (a
//! start position other than the standard one), `Format` (`Chinese`, `WXF` or `ICCS`) and
//! the record's other tags; then one numbered move pair a line (`1. 炮二平五 马8进7`),
//! comments as `{…}` after the move they follow (line breaks kept), the moves the record
//! wrote after those kifu applied (after the game's end, an illegal move, or a start kifu
//! cannot set up, which is written as its FEN) as written: as moves where the reader takes
//! them back so, else as one comment `{kifu:after-end t1 t2 …}` the reader turns back into
//! those moves; the result token (`1-0` Red wins, `0-1`, `1/2-1/2`, `*`) and a blank line.
//!
//! Moves in Simplified Chinese (the default), WXF or ICCS (`h2e2`): [`XqNotation`]. Variations follow the move they replace, `( … )`, nested
//! ([`crate::xiangqi_variations`]): it carries everything kifu keeps of a game.

use kifu_facts::ResultName as Recorded;
use kifu_parser::tag::write_tag;
use kifu_parser::xiangqi_pgn::{after_end_comment, reads_as_move, RECORD_ECCO, RECORD_OPENING};
use kifu_rules::xiangqi::Position;

pub use crate::xiangqi_move::XqNotation;
use crate::xiangqi_move::{push_iccs, push_move};
use crate::xiangqi_variations::Variations;
use crate::{brace, GameMoves, Notation, RecordOut, WriteError};

/// The token of a stated result (`*` for a stated unknown one).
fn token(result: Recorded) -> &'static str {
    match result {
        Recorded::Red => "1-0",
        Recorded::Black => "0-1",
        Recorded::Draw => "1/2-1/2",
        _ => "*",
    }
}

/// Starts the move at index `i` (ply `i + 1`): a new numbered line for Red's moves (one
/// pair a line), then a space.
fn push_move_number(out: &mut String, i: usize) {
    if i.is_multiple_of(2) {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&(i / 2 + 1).to_string());
        out.push('.');
    }
    out.push(' ');
}

/// Tags written here (or read as something else by the reader: `Variant` and a `Site`
/// naming pychess change how ICCS/SAN ranks are read).
const OWN_TAGS: [&str; 16] = [
    "Game",
    "Event",
    "Round",
    "Date",
    "Red",
    "White",
    "Black",
    "Result",
    "ECCO",
    "Opening",
    RECORD_ECCO,
    RECORD_OPENING,
    "FEN",
    "Format",
    "Variant",
    "Site",
];

/// Appends one game; nothing when its start position or a move cannot be written.
pub fn write_record(
    record: &RecordOut<'_>,
    notation: XqNotation,
    out: &mut String,
) -> Result<(), WriteError> {
    let GameMoves::Xiangqi { start_fen, moves } = record.moves else {
        return Ok(());
    };
    let this = Notation::XiangqiPgn(notation);
    // Chinese and WXF need the position to name each move; a start kifu cannot set up
    // (no king, say) is still written as its FEN when no move needs it.
    let needs_position = notation != XqNotation::Iccs && !moves.is_empty();
    let mut pos = match start_fen {
        None => Some(Position::startpos()),
        Some(fen) => match Position::from_fen(fen) {
            Ok(p) => Some(p),
            Err(_) if !needs_position => None,
            Err(e) => {
                return Err(WriteError::StartPosition {
                    notation: this,
                    fen: fen.to_owned(),
                    reason: Some(e),
                })
            }
        },
    };
    write_tag(out, "Game", "Chinese Chess");
    for (k, v) in [
        ("Event", record.event),
        ("Round", record.round),
        ("Date", record.date),
        ("Red", record.player("red")),
        ("Black", record.player("black")),
    ] {
        if let Some(v) = v {
            write_tag(out, k, v);
        }
    }
    if let Some(r) = record.result {
        write_tag(out, "Result", token(r));
    }
    let o = &record.opening;
    if let Some(code) = o.code {
        write_tag(out, "ECCO", code);
    }
    if let Some(name) = o.name {
        write_tag(out, "Opening", name);
    }
    // The record's own beside kifu's pair, empty where it had none, so that a reader
    // never takes kifu's pair for the record's.
    if o.code.is_some() || o.name.is_some() || o.record_code.is_some() || o.record_name.is_some() {
        write_tag(out, RECORD_ECCO, o.record_code.unwrap_or(""));
        write_tag(out, RECORD_OPENING, o.record_name.unwrap_or(""));
    }
    if let Some(fen) = start_fen {
        write_tag(out, "FEN", fen);
    }
    write_tag(out, "Format", notation.tag());
    for (k, v) in record.extra_tags(&OWN_TAGS) {
        write_tag(out, k, &v);
    }
    // The moves after those applied: as moves when the reader takes each back as written,
    // else in kifu's comment, which the reader turns back into moves.
    let after_end = &record.after_end;
    let after_end_as_moves = after_end.iter().all(|t| reads_as_move(t));
    let last = (moves.len() + after_end.len()) as u32;
    let notes = |ply: u32| record.notes_up_to(ply, last).map(brace);
    let before: Vec<String> = notes(0).collect();
    if !before.is_empty() {
        out.push_str(&before.join(" "));
        out.push('\n');
    }
    let variations = Variations::new(record.variations, notation);
    for (i, &m) in moves.iter().enumerate() {
        let before_move = pos.clone();
        push_move_number(out, i);
        match (notation, pos.as_mut()) {
            (XqNotation::Iccs, _) => {
                push_iccs(out, m);
                if let Some(p) = pos.as_mut() {
                    p.make(m);
                }
            }
            (_, Some(p)) => {
                if p.piece_at(m.from).map(|x| x.side()) != Some(p.side_to_move()) {
                    return Err(WriteError::IllegalMove {
                        notation: this,
                        ply: i as u32 + 1,
                        text: m.iccs(),
                    });
                }
                push_move(out, notation, p, m);
                p.make(m);
            }
            // Not reached: without a position there is no move to write.
            (_, None) => {
                return Err(WriteError::StartPosition {
                    notation: this,
                    fen: start_fen.unwrap_or_default().to_owned(),
                    reason: None,
                })
            }
        }
        crate::push_marks(out, record.marks_at(i as u32 + 1));
        for c in notes(i as u32 + 1) {
            out.push(' ');
            out.push_str(&c);
        }
        variations.write_off_main(i as u32 + 1, before_move.as_ref(), out);
    }
    if after_end_as_moves {
        for (i, text) in after_end.iter().enumerate() {
            let i = moves.len() + i;
            push_move_number(out, i);
            out.push_str(text);
            for c in notes(i as u32 + 1) {
                out.push(' ');
                out.push_str(&c);
            }
        }
    } else {
        if !moves.is_empty() {
            out.push(' ');
        }
        out.push_str(&brace(&after_end_comment(after_end.iter().copied())));
        for ply in moves.len() as u32 + 1..=last {
            for c in notes(ply) {
                out.push(' ');
                out.push_str(&c);
            }
        }
    }
    if let Some(r) = record.result {
        if last > 0 {
            out.push(' ');
        }
        out.push_str(token(r));
    }
    out.push_str("\n\n");
    Ok(())
}
