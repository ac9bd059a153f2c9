//! Xiangqi PGN move text: words classified by notation, comments, variations, results.

use kifu_facts::Severity;

use super::after_end::after_end_texts;
use super::TextLine;
use crate::raw::{Comment, Location, MoveMark, Note, XqGame, XqMove, XqMoveText, XqVariation};
use crate::xq_text;

/// Deepest variation nesting kept (real records rarely pass 10).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// What the move-text walker sees.
enum Ev<'a> {
    Word(&'a str, usize, usize),
    Comment(String),
    Open(Location),
    Close(Location),
}

/// Walks move text, calling `f(line index, event)`. Errors: an unterminated comment is
/// closed at the end (returned as `Some(location)` of its start for a Note).
fn walk<'a>(lines: &'a [TextLine<'a>], f: &mut dyn FnMut(usize, Ev<'a>)) -> Option<Location> {
    #[derive(PartialEq)]
    enum In {
        Text,
        Brace,
        Block,
    }
    let mut state = In::Text;
    let mut buf = String::new();
    let mut started = Location::default();
    for (li, line) in lines.iter().enumerate() {
        let t = line.text;
        let mut i = 0;
        if state != In::Text {
            buf.push('\n');
        }
        while i < t.len() {
            match state {
                In::Brace | In::Block => {
                    let close = if state == In::Brace { "}" } else { "*/" };
                    match t[i..].find(close) {
                        Some(p) => {
                            buf.push_str(&t[i..i + p]);
                            i += p + close.len();
                            state = In::Text;
                            f(li, Ev::Comment(std::mem::take(&mut buf)));
                        }
                        None => {
                            buf.push_str(&t[i..]);
                            i = t.len();
                        }
                    }
                    continue;
                }
                In::Text => {}
            }
            let c = t[i..].chars().next().unwrap_or(' ');
            if c.is_whitespace() || c == '\u{feff}' {
                i += c.len_utf8();
                continue;
            }
            match c {
                '{' => {
                    state = In::Brace;
                    started = line.loc(i);
                    i += 1;
                }
                '/' if t[i..].starts_with("/*") => {
                    state = In::Block;
                    started = line.loc(i);
                    i += 2;
                }
                ';' => {
                    f(li, Ev::Comment(t[i + 1..].to_string()));
                    i = t.len();
                }
                '%' if i == 0 => i = t.len(),
                '(' => {
                    f(li, Ev::Open(line.loc(i)));
                    i += 1;
                }
                ')' => {
                    f(li, Ev::Close(line.loc(i)));
                    i += 1;
                }
                _ => {
                    let j = t[i..]
                        .char_indices()
                        .find(|&(_, c)| {
                            c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';')
                        })
                        .map(|(p, _)| i + p)
                        .unwrap_or(t.len());
                    let j = if j == i { i + c.len_utf8() } else { j };
                    f(li, Ev::Word(&t[i..j], i, j));
                    i = j;
                }
            }
        }
    }
    if state != In::Text {
        f(lines.len().saturating_sub(1), Ev::Comment(buf));
        return Some(started);
    }
    None
}

/// A word's classification.
pub(super) enum Tok {
    Skip,
    Result(String),
    Chinese(String),
    Wxf(String),
    /// ICCS squares with ranks as written; the word is also valid SAN if `san` is set.
    Iccs((u8, u8), (u8, u8), Option<Vec<u8>>),
    San(Vec<u8>),
    Bad(String),
}

fn is_annotation(c: char) -> bool {
    matches!(c, '!' | '?' | '！' | '？')
}

/// Strips move-number prefixes and annotation marks. Returns (offset into word, body).
pub(super) fn strip_word(word: &str) -> (usize, &str) {
    let mut start = word.len() - word.trim_start_matches(is_annotation).len();
    let mut w = &word[start..];
    // Move number: digits then dots.
    let digits = w.len()
        - w.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
            .len();
    if digits > 0 {
        let after = &w[digits..];
        let dots = after.len() - after.trim_start_matches(['.', '．', '…', '、']).len();
        if dots > 0 {
            start += digits + dots;
            w = &w[digits + dots..];
        }
    }
    let w = w.trim_end_matches(is_annotation);
    (start, w)
}

/// Whether a word is ASCII once full-width forms are made half-width: only such a word
/// can be WXF, ICCS or SAN.
fn may_be_ascii_move(body: &str) -> bool {
    body.is_ascii() || body.chars().all(|c| xq_text::to_half_width(c).is_ascii())
}

pub(super) fn classify(body: &str) -> Tok {
    if body.is_empty()
        || body.trim_start_matches(['.', '…']).is_empty()
        || (body.starts_with('$') && body[1..].chars().all(|c| c.is_ascii_digit()))
    {
        return Tok::Skip;
    }
    match body {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "红胜" | "黑胜" | "和棋" | "紅勝" | "黑勝"
        | "红先胜" | "红先负" | "红先和" | "紅先勝" | "紅先負" | "紅先和" => {
            return Tok::Result(body.to_string())
        }
        _ => {}
    }
    if !may_be_ascii_move(body) {
        let norm = xq_text::normalize_chinese(body);
        if xq_text::is_chinese_move(&norm) {
            return Tok::Chinese(norm);
        }
        return Tok::Bad(format!("'{body}' is not a Chinese, WXF, ICCS or SAN move"));
    }
    let half: String = body.chars().map(xq_text::to_half_width).collect();
    let wxf = xq_text::normalize_wxf(&half);
    if xq_text::is_wxf_move(&wxf) {
        return Tok::Wxf(wxf);
    }
    let san_body = half.trim_end_matches(['+', '#']);
    if let Some((from, to)) = xq_text::parse_iccs(san_body) {
        let san = xq_text::parse_san(&half);
        return Tok::Iccs(from, to, san);
    }
    if let Some(ranks) = xq_text::parse_san(&half) {
        return Tok::San(ranks);
    }
    Tok::Bad(format!("'{body}' is not a Chinese, WXF, ICCS or SAN move"))
}

/// Whether `text`, written alone as a word of move text, is read back as one move with
/// that text as written: a Chinese or WXF move with no move number, mark or character
/// that ends a word. (ICCS and SAN words are left out: how they read depends on the other
/// words of the game.)
pub fn reads_as_move(text: &str) -> bool {
    let ends_word =
        |c: char| c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | ';' | '\u{feff}');
    !text.is_empty()
        && !text.contains(ends_word)
        && !text.starts_with(['%', '/'])
        && strip_word(text) == (0, text)
        && matches!(classify(text), Tok::Chinese(_) | Tok::Wxf(_))
}

/// The move text of a move kifu wrote in an after-end comment: as a word of move text
/// would read (ICCS ranks 0-9), or, for a text no notation reads, the text itself as
/// Chinese, which the replay reports as unreadable if it ever comes to it.
pub(crate) fn unplayed_text(written: &str) -> XqMoveText {
    match classify(strip_word(written).1) {
        Tok::Chinese(n) => XqMoveText::Chinese(n),
        Tok::Wxf(n) => XqMoveText::Wxf(n),
        Tok::Iccs(from, to, _) => XqMoveText::Coord { from, to },
        Tok::San(_) => XqMoveText::San(written.to_string()),
        _ => XqMoveText::Chinese(written.to_string()),
    }
}

/// Tag hints for the move-text reader.
#[derive(Default)]
pub(crate) struct Hints {
    /// `Format "ICCS"`: a token valid as ICCS and SAN is ICCS.
    pub iccs: bool,
    /// An ICCS game with these tags writes ranks 1-10 (Fairy-Stockfish `Variant`).
    pub iccs_from_one: bool,
    /// A SAN game from pychess writes ranks 1-10.
    pub san_from_one: bool,
}

/// How a game writes coordinates, from a survey of its ASCII words: whether SAN is read
/// (else ICCS), and whether ranks are 1-10 (`None`: both 0 and 10 appear) and why.
struct Coords {
    san_mode: bool,
    from_one: Option<(bool, &'static str)>,
    what: &'static str,
}

/// Surveys the whole move text for [`Coords`]: which notation, which ranks. Only games
/// with coordinate moves need it (asked for at the first one).
fn survey(lines: &[TextLine], hints: &Hints) -> Coords {
    let mut san_only = false;
    let mut iccs_ranks = (false, false); // (0 seen, 10 seen)
    let mut san_ranks = (false, false);
    walk(lines, &mut |_, ev| {
        if let Ev::Word(w, _, _) = ev {
            let body = strip_word(w).1;
            if !may_be_ascii_move(body) {
                // Chinese or unreadable: says nothing of ranks.
                return;
            }
            match classify(body) {
                Tok::San(r) => {
                    san_only = true;
                    san_ranks.0 |= r.contains(&0);
                    san_ranks.1 |= r.contains(&10);
                }
                Tok::Iccs(f, t, san) => {
                    iccs_ranks.0 |= f.1 == 0 || t.1 == 0;
                    iccs_ranks.1 |= f.1 == 10 || t.1 == 10;
                    if let Some(r) = san {
                        san_ranks.0 |= r.contains(&0);
                        san_ranks.1 |= r.contains(&10);
                    }
                }
                _ => {}
            }
        }
    });
    let san_mode = san_only && !hints.iccs;
    let (ranks, default_one, what) = if san_mode {
        (san_ranks, hints.san_from_one, "SAN")
    } else {
        (iccs_ranks, hints.iccs_from_one, "ICCS")
    };
    let from_one = match ranks {
        (true, true) => None,
        (false, true) => Some((true, "rank 10 appears")),
        (true, false) => Some((false, "")),
        (false, false) => Some((default_one, "the tags say so (Fairy-Stockfish/pychess)")),
    };
    Coords {
        san_mode,
        from_one,
        what,
    }
}

/// Reads move text into `game`. Returns the result token and its location, if any.
pub(crate) fn parse_movetext(
    lines: &[TextLine],
    game: &mut XqGame,
    hints: &Hints,
) -> Result<Option<(String, Location)>, (Location, String)> {
    let mut coords: Option<Coords> = None;

    struct Line {
        var: XqVariation,
        base: u32,
    }
    /// A mark on the last move of the line being read (the innermost open variation's,
    /// else the main line's).
    fn mark_last(stack: &mut [Line], main: (u32, &mut Vec<MoveMark>), text: String) {
        let (ply, marks) = match stack.last_mut() {
            None => main,
            Some(l) => (l.base + l.var.moves.len() as u32, &mut l.var.marks),
        };
        marks.push(MoveMark { ply, text });
    }
    let mut main_moves: Vec<XqMove> = Vec::new();
    let mut main_vars: Vec<XqVariation> = Vec::new();
    let mut stack: Vec<Line> = Vec::new();
    let mut result: Option<(String, Location)> = None;
    let mut err: Option<(Location, String)> = None;
    let mut coord_seen = false;
    // Variations nested deeper than MAX_VARIATION_DEPTH are skipped whole (with a note):
    // the tree stays shallow enough for every later walk over it.
    let mut too_deep: usize = 0;
    let mut skipped: Option<(Location, usize)> = None;
    let comments = &mut game.comments;
    let main_marks = &mut game.marks;
    let unterminated = walk(lines, &mut |li, ev| {
        if err.is_some() {
            return;
        }
        let line = &lines[li];
        if too_deep > 0 {
            match ev {
                Ev::Open(_) => too_deep += 1,
                Ev::Close(_) => too_deep -= 1,
                _ => {}
            }
            return;
        }
        match ev {
            Ev::Open(at) if stack.len() >= MAX_VARIATION_DEPTH => {
                too_deep = 1;
                let s = skipped.get_or_insert((at, 0));
                s.1 += 1;
            }
            Ev::Comment(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return;
                }
                // kifu's own comment of moves after the end: the moves, not a comment.
                if let (true, Some(texts)) = (stack.is_empty(), after_end_texts(&text)) {
                    let at = line.loc(0);
                    main_moves.extend(texts.into_iter().map(|written| XqMove {
                        text: unplayed_text(&written),
                        written,
                        at,
                        len: 0,
                    }));
                    return;
                }
                match stack.last_mut() {
                    None => comments.push(Comment {
                        ply: main_moves.len() as u32,
                        text,
                    }),
                    Some(l) => l.var.comments.push(Comment {
                        ply: l.base + l.var.moves.len() as u32,
                        text,
                    }),
                }
            }
            Ev::Open(_) => {
                let (len, base) = match stack.last() {
                    None => (main_moves.len() as u32, 0),
                    Some(l) => (l.var.moves.len() as u32, l.base),
                };
                let from_ply = base + len.max(1);
                stack.push(Line {
                    var: XqVariation {
                        from_ply,
                        ..XqVariation::default()
                    },
                    base: from_ply - 1,
                });
            }
            Ev::Close(at) => match stack.pop() {
                None => err = Some((at, "')' closes no variation".to_string())),
                Some(l) => match stack.last_mut() {
                    None => main_vars.push(l.var),
                    Some(p) => p.var.variations.push(l.var),
                },
            },
            Ev::Word(w, i, j) => {
                let (off, body) = strip_word(w);
                let start = i + off;
                let at = line.loc(start);
                let end = start + body.len();
                let tok = classify(body);
                // Annotation glyphs on the word (`!?` before or after it), or a word that
                // is one (`$14`, a lone `!`): marks of the line's last move.
                let lead = w.len() - w.trim_start_matches(is_annotation).len();
                let (before, after) = (&w[..lead.min(off)], &w[off + body.len()..]);
                // Almost every word has none: no string is made for them.
                let glyphs = if before.is_empty() && after.is_empty() {
                    String::new()
                } else {
                    [before, after].concat()
                };
                let nag = body.starts_with('$') && body.len() > 1;
                if matches!(tok, Tok::Skip) && (nag || !glyphs.is_empty()) {
                    let text = if nag { body.to_string() } else { glyphs };
                    mark_last(&mut stack, (main_moves.len() as u32, main_marks), text);
                    return;
                }
                if matches!(tok, Tok::Iccs(..) | Tok::San(_)) && coords.is_none() {
                    coords = Some(survey(lines, hints));
                }
                let (san_mode, from_one) = match &coords {
                    Some(c) => (c.san_mode, c.from_one),
                    None => (false, None),
                };
                let text = match tok {
                    Tok::Skip => return,
                    Tok::Result(r) => {
                        if stack.is_empty() && result.is_none() {
                            result = Some((r, at));
                        }
                        return;
                    }
                    Tok::Bad(m) => {
                        err = Some((at, m));
                        return;
                    }
                    Tok::Chinese(n) => XqMoveText::Chinese(n),
                    Tok::Wxf(n) => XqMoveText::Wxf(n),
                    Tok::Iccs(from, to, _) if !san_mode => {
                        coord_seen = true;
                        match from_one {
                            None => {
                                err = Some((
                                    at,
                                    format!(
                                        "ICCS ranks 0 and 10 both appear in this game ('{body}')"
                                    ),
                                ));
                                return;
                            }
                            Some((true, _)) => {
                                if from.1 == 0 || to.1 == 0 {
                                    err =
                                        Some((at, format!("rank 0 in a 1-10 ICCS game: '{body}'")));
                                    return;
                                }
                                XqMoveText::Coord {
                                    from: (from.0, from.1 - 1),
                                    to: (to.0, to.1 - 1),
                                }
                            }
                            Some((false, _)) => XqMoveText::Coord { from, to },
                        }
                    }
                    Tok::Iccs(_, _, None) => {
                        err = Some((at, format!("'{body}' is ICCS in a SAN game")));
                        return;
                    }
                    Tok::Iccs(_, _, Some(_)) | Tok::San(_) => {
                        coord_seen = true;
                        if from_one.is_none() {
                            err = Some((
                                at,
                                format!("SAN ranks 0 and 10 both appear in this game ('{body}')"),
                            ));
                            return;
                        }
                        XqMoveText::San(body.to_string())
                    }
                };
                let _ = j;
                let mv = XqMove {
                    text,
                    written: body.to_string(),
                    at,
                    len: line.src_len(start, end).min(u16::MAX as usize) as u16,
                };
                match stack.last_mut() {
                    None => main_moves.push(mv),
                    Some(l) => l.var.moves.push(mv),
                }
                if !glyphs.is_empty() {
                    mark_last(&mut stack, (main_moves.len() as u32, main_marks), glyphs);
                }
            }
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    if let Some((at, n)) = skipped {
        game.notes.push(Note {
            code: "variations-too-deep",
            severity: Severity::Warning,
            message: format!(
                "{n} variation(s) nested deeper than {MAX_VARIATION_DEPTH} levels skipped"
            ),
            at,
            ply: None,
        });
    }
    // Unclosed variations are closed at the end.
    if !stack.is_empty() {
        let at = lines
            .last()
            .map(|l| l.loc(l.text.len()))
            .unwrap_or_default();
        game.notes.push(Note {
            code: "unclosed-variation",
            severity: Severity::Warning,
            message: format!("{} variation(s) not closed by ')'", stack.len()),
            at,
            ply: None,
        });
        while let Some(l) = stack.pop() {
            match stack.last_mut() {
                None => main_vars.push(l.var),
                Some(p) => p.var.variations.push(l.var),
            }
        }
    }
    if let Some(at) = unterminated {
        game.notes.push(Note {
            code: "unterminated-comment",
            severity: Severity::Warning,
            message: "a comment is not closed before the end of the game".to_string(),
            at,
            ply: None,
        });
    }
    if let (true, Some(c)) = (coord_seen, &coords) {
        if let Some((true, why)) = c.from_one {
            let what = c.what;
            game.ranks_from_one = true;
            game.notes.push(Note {
                code: "iccs-ranks-1-10",
                severity: Severity::Info,
                message: format!("{what} ranks read as 1-10 (Fairy-Stockfish/pychess): {why}"),
                at: game.start,
                ply: None,
            });
        }
    }
    game.moves = main_moves;
    game.variations = main_vars;
    Ok(result)
}
