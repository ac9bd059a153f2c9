//! Xiangqi as DhtmlXQ blocks (`dhtmlxq`, read back by `kifu_parser::dhtmlxq`): one
//! `[DhtmlXQ]…[/DhtmlXQ]` block a game with fields `event`, `round`, `date`, `red`,
//! `black`, `result` (`红胜`, `黑胜`, `和棋`), `open` (kifu's ECCO code and its name),
//! `recordopen` (the record's own code and opening text, empty when it had none),
//! `binit` and `fen` (a start position other than the standard one), `movelist` (4 digits
//! a move: file 0-8 from Red's left, row 0-9 from the top, from and to), `afterend` (the
//! moves the record wrote after those kifu applied, as written, in the Xiangqi PGN reader's
//! `kifu:after-end t1 t2 …` form: squares can only name moves kifu played) and `commentN`
//! (after ply N; `||` is a line break).
//!
//! Variations are `move_A_B_C` fields with `commentC_N` comments ([`write_variations`]).
//!
//! It carries players, event, date, round, result, opening, comments and variations; no
//! other tags (the
//! viewer's fields are its own). A `[` inside a text that would end its field or block
//! (`[/DhtmlXQ_key]`, `[/DhtmlXQ]`) is written `(`. A start
//! position is written as `fen` (read first by kifu's reader: `binit` has no side to move
//! or move number) and, for the viewer, as `binit` when the standard set can make it: the
//! 32 pieces on their squares or off the board (`99`, a missing king too); a board with
//! more pieces of a kind than the standard set has no `binit`.

use kifu_facts::{variation_lines, ResultName, VariationMove};
use kifu_parser::dhtmlxq::{AFTER_END, RECORD_OPEN};
use kifu_parser::xiangqi_pgn::after_end_comment;
use kifu_rules::xiangqi::ecco::Code;
use kifu_rules::xiangqi::{decode_moves, Board, Kind, Move, Side, Square, START_FEN};

use crate::{GameMoves, RecordOut, WriteError};

/// The binit order of one side's pieces.
const ORDER: [Kind; 16] = [
    Kind::Rook,
    Kind::Horse,
    Kind::Elephant,
    Kind::Advisor,
    Kind::King,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Horse,
    Kind::Rook,
    Kind::Cannon,
    Kind::Cannon,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
];

/// `&`, `<` and `>` as HTML entities (the reader unescapes event and comments).
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Writes `[DhtmlXQ_key]value[/DhtmlXQ_key]`. The reader ends a field at its own closing
/// tag and a block at `[/DhtmlXQ]`, wherever they are, so a `[` that would start either
/// inside the value is written `&#91;`, which the reader decodes in every text field
/// ([`text_field`]); other fields (moves, positions, results) hold no `[`.
fn field(out: &mut String, key: &str, value: &str) {
    let own = format!("/DhtmlXQ_{key}]");
    out.push_str("[DhtmlXQ_");
    out.push_str(key);
    out.push(']');
    for (i, c) in value.char_indices() {
        let closes = c == '[' && {
            let rest = &value[i + 1..];
            rest.starts_with("/DhtmlXQ]") || rest.starts_with(&own)
        };
        if closes {
            out.push_str("&#91;");
        } else {
            out.push(c);
        }
    }
    out.push_str("[/DhtmlXQ_");
    out.push_str(key);
    out.push_str("]\n");
}

/// A field of free text (names, event, round, openings): HTML-escaped, as the reader
/// unescapes them.
fn text_field(out: &mut String, key: &str, value: &str) {
    field(out, key, &escape(value));
}

/// The two digits of a square: file from Red's left, row from the top.
fn digits(out: &mut String, s: Square) {
    out.push((b'0' + s.file()) as char);
    out.push((b'0' + 9 - s.rank()) as char);
}

/// The 64-digit `binit` of a board (any board: a missing king is `99` too); `None` when a
/// side has more of a piece than the standard set, which `binit` has no place for.
fn binit(pos: &Board) -> Option<String> {
    let mut out = String::with_capacity(64);
    for side in [Side::Red, Side::Black] {
        let mut taken = [false; 90];
        for kind in ORDER {
            let free = (0..90).map(Square::from_index).find(|&s| {
                !taken[s.index()]
                    && pos
                        .get(s)
                        .is_some_and(|p| p.side() == side && p.kind() == kind)
            });
            match free {
                Some(s) => {
                    taken[s.index()] = true;
                    digits(&mut out, s);
                }
                None => out.push_str("99"),
            }
        }
        for s in (0..90).map(Square::from_index) {
            if !taken[s.index()] && pos.get(s).is_some_and(|p| p.side() == side) {
                return None;
            }
        }
    }
    Some(out)
}

/// A comment as a field's text: HTML-escaped, `||` for a line break.
fn comment_text(text: &str) -> String {
    escape(text.trim()).replace('\n', "||")
}

/// The variations as `move_A_B_C` fields (variation `C` replaces move `B` of line `A`, 0
/// the main line; each line numbered after the line it branches from) and their comments
/// as `commentC_N` (after ply `N`; `N = B - 1` is before the variation's first move).
///
/// DhtmlXQ writes moves as squares, so a line is written as far as kifu could play it; the
/// moves it could not (an illegal one and those after it) are named in a comment on the
/// last move written, and a line that starts with one is left out with its comment.
fn write_variations(moves: &[VariationMove], out: &mut String) {
    let lines = variation_lines(moves);
    let mut ids: Vec<Option<usize>> = vec![None; lines.len()];
    let mut next = 1;
    for (li, line) in lines.iter().enumerate() {
        let parent = match line.parent_line {
            None => Some(0),
            Some(p) => ids[p],
        };
        let Some(parent) = parent else {
            continue;
        };
        let played: Vec<Move> = line
            .moves
            .iter()
            .map_while(|&i| moves[i].code.as_deref().and_then(decode_moves))
            .filter_map(|m| m.first().copied())
            .collect();
        if played.is_empty() {
            continue;
        }
        let id = next;
        next += 1;
        ids[li] = Some(id);
        let first = &moves[line.moves[0]];
        let mut list = String::with_capacity(4 * played.len());
        for m in &played {
            digits(&mut list, m.from);
            digits(&mut list, m.to);
        }
        field(out, &format!("move_{parent}_{}_{id}", first.ply), &list);
        if let Some(before) = &first.before {
            field(
                out,
                &format!("comment{id}_{}", first.ply - 1),
                &comment_text(before),
            );
        }
        let written = &line.moves[..played.len()];
        for (k, &i) in written.iter().enumerate() {
            let m = &moves[i];
            let mut texts: Vec<String> = m.comment.iter().map(|c| comment_text(c)).collect();
            if k + 1 == written.len() && written.len() < line.moves.len() {
                let rest: Vec<String> = line.moves[written.len()..]
                    .iter()
                    .map(|&j| format!("{}.{}", moves[j].ply, moves[j].text))
                    .collect();
                texts.push(comment_text(&format!(
                    "(the record goes on with moves kifu could not play: {})",
                    rest.join(" ")
                )));
            }
            if !texts.is_empty() {
                field(out, &format!("comment{id}_{}", m.ply), &texts.join("||"));
            }
        }
    }
}

/// Appends one game; nothing when its start position cannot be written.
pub fn write_record(record: &RecordOut<'_>, out: &mut String) -> Result<(), WriteError> {
    let GameMoves::Xiangqi { start_fen, moves } = record.moves else {
        return Ok(());
    };
    // The viewer's `binit` where the board allows it, and the FEN itself (which kifu's
    // reader prefers): `binit` has no side to move or move number.
    let start = match start_fen {
        Some(fen) if fen != START_FEN => {
            let placement = fen.split_whitespace().next().unwrap_or_default();
            let binit = Board::from_placement(placement)
                .ok()
                .and_then(|b| binit(&b));
            Some((fen, binit))
        }
        _ => None,
    };
    out.push_str("[DhtmlXQ]\n");
    if let Some(e) = record.event {
        text_field(out, "event", e);
    }
    for (k, v) in [
        ("round", record.round),
        ("date", record.date),
        ("red", record.player("red")),
        ("black", record.player("black")),
    ] {
        if let Some(v) = v {
            text_field(out, k, v);
        }
    }
    let result = match record.result {
        Some(ResultName::Red) => Some("红胜"),
        Some(ResultName::Black) => Some("黑胜"),
        Some(ResultName::Draw) => Some("和棋"),
        // A result the record states as unknown, which the reader takes `未知` for.
        Some(ResultName::Unknown) => Some("未知"),
        _ => None,
    };
    if let Some(r) = result {
        field(out, "result", r);
    }
    // kifu's code and its name as `open` (a name that starts with its code, `A13 飞相…`,
    // alone); the record's own opening text as `recordopen`, empty when it had none, so
    // that the reader never takes kifu's for the record's.
    let o = &record.opening;
    let open = match (o.code, o.name) {
        (Some(_), Some(n)) if Code::leading(n).is_some() => Some(n.to_owned()),
        (Some(c), Some(n)) => Some(format!("{c} {n}")),
        (c, n) => c.or(n).map(str::to_owned),
    };
    let record_open = match (o.record_code, o.record_name) {
        (Some(_), Some(n)) if Code::leading(n).is_some() => Some(n.to_owned()),
        (Some(c), Some(n)) => Some(format!("{c} {n}")),
        (c, n) => c.or(n).map(str::to_owned),
    };
    if let Some(open) = &open {
        text_field(out, "open", open);
    }
    if open.is_some() || record_open.is_some() {
        text_field(out, RECORD_OPEN, record_open.as_deref().unwrap_or(""));
    }
    if let Some((fen, binit)) = start {
        if let Some(b) = binit {
            field(out, "binit", &b);
        }
        field(out, "fen", fen);
    }
    let mut list = String::with_capacity(4 * moves.len());
    for m in moves {
        digits(&mut list, m.from);
        digits(&mut list, m.to);
    }
    field(out, "movelist", &list);
    // The moves the record wrote after those applied: as written, for the reader to
    // give back (squares could only name moves kifu played).
    if !record.after_end.is_empty() {
        text_field(
            out,
            AFTER_END,
            &after_end_comment(record.after_end.iter().copied()),
        );
    }
    let last = moves.len() as u32;
    for ply in 0..=last {
        let texts: Vec<String> = record.notes_at(ply).map(comment_text).collect();
        if !texts.is_empty() {
            field(out, &format!("comment{ply}"), &texts.join("||"));
        }
    }
    write_variations(record.variations, out);
    out.push_str("[/DhtmlXQ]\n\n");
    Ok(())
}
