//! XieXie-style WXF files and bare WXF move lists: [`Format::XiangqiWxf`].
//!
//! **Tagged files** (`.wxf` from XieXie):
//! ```text
//! FORMAT  WXF
//! RED     XieXieMaster;;;
//! BLACK   Fairy Stockfish Winboard;;;
//! DATE    24-12-2022
//! /*Time control G5 inc. 20 seconds.*/
//! START{
//!  1.  C2.4  C2.5     2.  H8+7  H2+3
//! }END
//! ```
//! Header lines are `KEY <spaces/tabs> VALUE`, a trailing `;;;` dropped: `RED`, `BLACK`,
//! `DATE` (day first, normalized), `EVENT`, `ROUND`, `RESULT`; others (`FORMAT`, `GAME`, …)
//! go to `header.extra`. `/*…*/` before `START{` is a comment at ply 0. The moves between
//! `START{` and `}END` are read like PGN move text (see [`crate::xiangqi_pgn`]): move numbers
//! skipped, annotation marks `!`, `!!` before or after moves dropped, `/*…*/` and `{…}`
//! comments kept. Several games may follow each other (a new `FORMAT`/`RED` header after
//! `}END`).
//!
//! **Bare lists** (`1. C2=6 h8+7`, Black in lower case, `R++2`, `R+=1`, `p++1`): the whole
//! file is one game's move text.
//!
//! Moves come out as [`XqMoveText::Wxf`] normalized by [`xq_text::normalize_wxf`]
//! (upper case, `.` → `=`); `written` keeps the text as written.

use crate::raw::{Comment, Format, Location, RawError, Span, XqGame, MAX_RAW_KEPT};
use crate::xiangqi_pgn::{apply_result_token, apply_tags, parse_movetext, split_lines, TextLine};
use crate::xq_text;
use kifu_facts::Severity;

#[cfg(doc)]
use crate::raw::XqMoveText;

/// Parses a `.wxf` file or a bare WXF move list.
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    let (body, base) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(b) => (b, 3u64),
        None => (bytes, 0),
    };
    let enc = xq_text::detect_encoding(&body[..body.len().min(64 * 1024)]);
    let (text, map, _errors) = xq_text::decode_mapped(body, enc);
    let lines = split_lines(&text, &map, Location::new(base, 1, 1));
    let structured = lines.iter().any(|l| {
        let t = l.text.trim_start();
        t.starts_with("START{") || t.starts_with("FORMAT")
    });
    let mut out = Vec::new();
    if !structured {
        if lines.iter().all(|l| l.text.trim().is_empty()) {
            return out;
        }
        let start = lines[0].at;
        let end = base + body.len() as u64;
        out.push(build(&lines, &[], Vec::new(), start, end, enc));
        return out;
    }

    #[derive(PartialEq)]
    enum St {
        Header,
        Body,
    }
    let mut st = St::Header;
    let mut tags: Vec<(String, String, Location)> = Vec::new();
    let mut pre_comments: Vec<String> = Vec::new();
    let mut in_comment = false;
    let mut moves: Vec<TextLine> = Vec::new();
    let mut start: Option<Location> = None;
    for line in &lines {
        let t = line.text.trim();
        match st {
            St::Header => {
                if t.is_empty() {
                    continue;
                }
                if start.is_none() {
                    start = Some(line.at);
                }
                if in_comment || t.starts_with("/*") {
                    let body = t.trim_start_matches("/*");
                    match body.find("*/") {
                        Some(p) => {
                            pre_comments.push(body[..p].trim().to_string());
                            in_comment = false;
                        }
                        None => {
                            pre_comments.push(body.trim().to_string());
                            in_comment = true;
                        }
                    }
                    continue;
                }
                if let Some(p) = line.text.find("START{") {
                    st = St::Body;
                    let from = p + "START{".len();
                    let rest = &line.text[from..];
                    match rest.find('}') {
                        Some(q) => {
                            moves.push(line.slice(from, from + q));
                            let after = from + q + 1;
                            let end = line.loc(after).offset
                                + if line.text[after..].starts_with("END") {
                                    3
                                } else {
                                    0
                                };
                            out.push(build(
                                &moves,
                                &tags,
                                std::mem::take(&mut pre_comments),
                                start.unwrap_or(line.at),
                                end,
                                enc,
                            ));
                            moves.clear();
                            tags.clear();
                            start = None;
                            st = St::Header;
                        }
                        None => moves.push(line.slice(from, line.text.len())),
                    }
                    continue;
                }
                // KEY value
                let key_len = t.find(|c: char| c.is_whitespace()).unwrap_or(t.len());
                let key = &t[..key_len];
                let value = t[key_len..].trim().trim_end_matches(';').trim();
                let off = line.text.len() - line.text.trim_start().len();
                let tag = match key.to_ascii_uppercase().as_str() {
                    "RED" => "Red",
                    "BLACK" => "Black",
                    "DATE" => "Date",
                    "EVENT" => "Event",
                    "ROUND" => "Round",
                    "RESULT" => "Result",
                    "FEN" => "FEN",
                    _ => key,
                };
                tags.push((tag.to_string(), value.to_string(), line.loc(off)));
            }
            St::Body => match line.text.find('}') {
                Some(q) => {
                    moves.push(line.slice(0, q));
                    let end = line.loc(q + 1).offset
                        + if line.text[q + 1..].starts_with("END") {
                            3
                        } else {
                            0
                        };
                    out.push(build(
                        &moves,
                        &tags,
                        std::mem::take(&mut pre_comments),
                        start.unwrap_or(line.at),
                        end,
                        enc,
                    ));
                    moves.clear();
                    tags.clear();
                    start = None;
                    st = St::Header;
                }
                None => moves.push(line.clone()),
            },
        }
    }
    if st == St::Body || !tags.is_empty() {
        let end = base + body.len() as u64;
        let s = start.unwrap_or_default();
        let mut g = build(&moves, &tags, pre_comments, s, end, enc);
        if st == St::Body {
            if let Ok(g) = &mut g {
                g.notes.push(crate::raw::Note {
                    code: "unterminated-moves",
                    severity: Severity::Warning,
                    message: "'START{' without a closing '}END'".to_string(),
                    at: s,
                    ply: None,
                });
            }
        }
        out.push(g);
    }
    out
}

fn build(
    lines: &[TextLine],
    tags: &[(String, String, Location)],
    pre_comments: Vec<String>,
    start: Location,
    end: u64,
    enc: &'static str,
) -> Result<XqGame, RawError> {
    let mut game = XqGame::new(Format::XiangqiWxf, start);
    game.span = Span::new(start.offset, end.max(start.offset));
    game.encoding = enc;
    let hints = apply_tags(&mut game, tags);
    for c in pre_comments {
        if !c.is_empty() {
            game.comments.push(Comment { ply: 0, text: c });
        }
    }
    match parse_movetext(lines, &mut game, &hints) {
        Ok(token) => {
            apply_result_token(&mut game, token);
            Ok(game)
        }
        Err((at, message)) => {
            let mut raw = String::new();
            for (k, v, _) in tags {
                raw.push_str(&format!("{k} {v}\n"));
            }
            for l in lines {
                if raw.len() < MAX_RAW_KEPT {
                    raw.push_str(l.text);
                    raw.push('\n');
                }
            }
            Err(RawError {
                format: Some(Format::XiangqiWxf),
                at,
                start,
                span: game.span,
                message,
                raw,
            })
        }
    }
}

/// Whether the head looks like a XieXie `.wxf` file (`FORMAT WXF`, `START{`) or a bare
/// WXF move list (mostly WXF moves such as `C2=5`, `h8+7`, `R++2`, no PGN tags).
pub fn looks_like(head: &[u8]) -> bool {
    looks_like_text(&xq_text::decode(head, xq_text::detect_encoding(head)).0)
}

/// [`looks_like`] on the head already decoded.
pub(crate) fn looks_like_text(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with("FORMAT") && t.lines().next().is_some_and(|l| l.contains("WXF")) {
        return true;
    }
    if text.contains("START{") && (text.contains("RED") || text.contains("BLACK")) {
        return true;
    }
    if text.contains('[') {
        return false;
    }
    let (mut wxf, mut other) = (0, 0);
    for w in text.split_whitespace().take(200) {
        let w = w.trim_matches(['!', '?']);
        if w.is_empty() || w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let n = xq_text::normalize_wxf(w);
        if xq_text::is_wxf_move(&n) {
            wxf += 1;
        } else {
            other += 1;
        }
    }
    wxf >= 4 && wxf > other * 4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-line `START{…}` ends at its `}`, and at `END` only where `END` follows (found
    /// by fuzzing: the span always took 3 bytes more, past the end of the file).
    #[test]
    fn a_one_line_move_block_ends_at_its_end_marker_only_where_there_is_one() {
        for (text, end) in [
            ("START{C2.5}END\n", 14),
            ("START{C2.5}\n", 11),
            ("START{C2.5}", 11),
            ("START{C2.5}EN", 11),
        ] {
            let games = parse(text.as_bytes());
            let g = games[0].as_ref().unwrap();
            assert_eq!((g.span.start, g.span.end), (0, end), "{text:?}");
        }
    }
}
