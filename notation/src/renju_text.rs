//! Renju in text: `renju-lines` and `renju-plain` (read back by `kifu_parser::plain`).
//!
//! - **renju-lines**: `RESULT mv mv …` on one line (`black`, `white`, `draw`, `unknown`).
//!   It carries the moves and the result only: no players, event, date, round, opening or
//!   comments. A game stating no result is written `unknown` (read back as unknown).
//! - **renju-plain**: tags `Event`, `Round`, `Date`, `Black`, `White`, `Result`, then
//!   `Opening`, `Rule`, `BlackTime`, `WhiteTime` and the record's other tags (the opening
//!   procedure's swap and 5th-move proposals have no tag the reader knows); moves
//!   `1. h8 2. h9 …` ten to a line, comments as `# …` lines after the move they follow
//!   (the reader puts them at the ply reached), each move's variations in `( … )` after it
//!   ([`crate::renju_variations`]), the result token (`1-0` Black wins, `0-1`, `1/2-1/2`,
//!   `*`), a blank line. Variations that replace a move past the last one written have no
//!   move to follow and are left out.

use kifu_facts::ResultName as Recorded;
use kifu_parser::tag::write_tag;
use kifu_rules::renju::{Move, Outcome, Point};

use crate::renju_comment::comment_lines;
use crate::renju_variations::Variations;
use crate::{GameMoves, RecordOut};

/// Appends the RIF name of `p` (`h8`).
pub fn push_point(out: &mut String, p: Point) {
    out.push((b'a' + p.col()) as char);
    let row = p.row() + 1;
    if row >= 10 {
        out.push('1');
    }
    out.push((b'0' + row % 10) as char);
}

/// Appends a move: a point (`h8`) or a pass (`--`).
fn push_move(out: &mut String, m: Move) {
    match m {
        Some(p) => push_point(out, p),
        None => out.push_str("--"),
    }
}

/// Appends one RenjuLines record: the result word, the moves, a newline.
fn push_line(out: &mut String, word: &str, moves: impl Iterator<Item = Move>) {
    out.push_str(word);
    for m in moves {
        out.push(' ');
        push_move(out, m);
    }
    out.push('\n');
}

/// Appends one RenjuLines record: `black h8 h9 i9 …` and a newline.
pub fn write_line_into(out: &mut String, result: Outcome, moves: &[Point]) {
    push_line(
        out,
        result.name(kifu_facts::GameKind::Renju).name(),
        moves.iter().map(|&p| Some(p)),
    );
}

/// One RenjuLines record (`RESULT mv mv …`, `RESULT` = `black` / `white` / `draw`),
/// newline-terminated.
pub fn write_lines(result: Outcome, moves: &[Point]) -> String {
    let mut s = String::with_capacity(8 + 4 * moves.len());
    write_line_into(&mut s, result, moves);
    s
}

fn moves_of<'a>(record: &RecordOut<'a>) -> &'a [Move] {
    match record.moves {
        GameMoves::Renju(m) => m,
        _ => &[],
    }
}

/// The RenjuLines result word of a stated result.
fn result_word(result: Option<Recorded>) -> &'static str {
    match result {
        Some(Recorded::Black) => "black",
        Some(Recorded::White) => "white",
        Some(Recorded::Draw) => "draw",
        _ => "unknown",
    }
}

/// Appends one game as a RenjuLines record.
pub fn write_lines_record(record: &RecordOut<'_>, out: &mut String) {
    push_line(
        out,
        result_word(record.result),
        moves_of(record).iter().copied(),
    );
}

/// The RenjuPlain result token of a stated result (`*` for a stated unknown one).
fn plain_token(result: Recorded) -> &'static str {
    match result {
        Recorded::Black => "1-0",
        Recorded::White => "0-1",
        Recorded::Draw => "1/2-1/2",
        _ => "*",
    }
}

/// Tags a RenjuPlain game writes itself (or that the reader reads as something else).
const OWN_TAGS: [&str; 13] = [
    "Event",
    "Round",
    "Date",
    "Black",
    "White",
    "Result",
    "Opening",
    "Rule",
    "Id",
    "GameId",
    "BlackTime",
    "WhiteTime",
    "Game",
];

/// Appends one RenjuPlain game: tags `Event`, `Round`, `Date`, `Black`, `White`, `Result`
/// (those the record has), `Opening`, `Rule` and its other tags, then `1. h8 2. h9 …` (ten
/// moves a line) with comment lines, ending with the result token, then a blank line.
pub fn write_plain_record(record: &RecordOut<'_>, out: &mut String) {
    for (k, v) in [
        ("Event", record.event),
        ("Round", record.round),
        ("Date", record.date),
        ("Black", record.player("black")),
        ("White", record.player("white")),
    ] {
        if let Some(v) = v {
            write_tag(out, k, v);
        }
    }
    if let Some(r) = record.result {
        write_tag(out, "Result", plain_token(r));
    }
    if let Some(o) = record.opening.name.or(record.opening.code) {
        write_tag(out, "Opening", o);
    }
    if let Some(rule) = record.rule {
        write_tag(out, "Rule", rule);
    }
    if let Some(r) = record.renju {
        for (k, v) in [("BlackTime", &r.black_time), ("WhiteTime", &r.white_time)] {
            if let Some(v) = v {
                write_tag(out, k, v);
            }
        }
    }
    for (k, v) in record.extra_tags(&OWN_TAGS) {
        write_tag(out, k, &v);
    }
    let moves = moves_of(record);
    let has_notes = |ply: u32| record.notes_at(ply).next().is_some();
    let notes = |ply: u32, out: &mut String| {
        for text in record.notes_at(ply) {
            comment_lines(out, text);
        }
    };
    notes(0, out);
    let variations = Variations::new(record.variations);
    // Moves on the current line (a comment line ends one).
    let mut on_line = 0;
    for (i, &m) in moves.iter().enumerate() {
        if on_line > 0 {
            out.push(if on_line == 10 { '\n' } else { ' ' });
            if on_line == 10 {
                on_line = 0;
            }
        }
        out.push_str(&(i + 1).to_string());
        out.push_str(". ");
        push_move(out, m);
        crate::push_marks(out, record.marks_at(i as u32 + 1));
        on_line += 1;
        let ply = i as u32 + 1;
        if has_notes(ply) {
            out.push('\n');
            notes(ply, out);
            on_line = 0;
        }
        variations.write_off_main(ply, &mut on_line, out);
    }
    if let Some(r) = record.result {
        if on_line > 0 {
            out.push(' ');
        }
        out.push_str(plain_token(r));
        on_line += 1;
    }
    if on_line > 0 {
        out.push('\n');
    }
    out.push('\n');
}
