//! Xiangqi PGN (xqbase convention and its dialects): [`Format::XiangqiPgn`].
//!
//! A file holds one or more games. A game is a block of tag lines `[Key "Value"]`
//! followed by move text; the next tag line after some move text (or a repeated tag key)
//! starts the next game (move text without any tags is one game up to the next tag line:
//! blank lines do not separate tagless games). Text is decoded line by line from the encoding given to
//! [`PgnReader::new`] (or detected by [`PgnReader::detect`]): UTF-8, GBK or Big5. Every
//! location is in source bytes (line and byte column), whatever the encoding.
//!
//! **Tags.** `Red` (or `White`), `Black`, `Event`, `Round`, `Date` (normalized to
//! `YYYY[-MM[-DD]]`; an unreadable date is kept in `extra`), `Result`, `FEN`,
//! `Opening` (→ `header.opening`, else `ECCO`); every other non-empty tag (`Game`, `Site`,
//! `RedTeam`, `BlackTeam`, `ECCO`, `Opening`, `Variation`, `Format`, `Variant`, `SetUp`, …)
//! is kept in `header.extra` in file order. Results: `1-0` Red wins → `WhiteWin`, `0-1` →
//! `BlackWin`, `1/2-1/2` → `Draw`, `*` → `Unknown`; `result_text` keeps the text as written.
//!
//! **Move text.** Move numbers (`1.`, `1...`, `3.          马８进７`, full-width digits) are
//! skipped and moves are emitted in the order written (so CCPD's `1. 車５平８` for a Black
//! first move from a FEN comes out as ply 1; the engine knows the side from the FEN).
//! Accepted notations, chosen per token:
//! - Chinese (Simplified or Traditional, full-width or ASCII digits; `前/中/后` and
//!   numbered pawns) → [`XqMoveText::Chinese`], normalized by [`xq_text::normalize_chinese`];
//! - WXF (ASCII or full-width, `.` or `=` for traverse, tandem `+R=1` / `R+=1`) →
//!   [`XqMoveText::Wxf`], normalized by [`xq_text::normalize_wxf`];
//! - ICCS (`h2e2`, `H2-E2`) → [`XqMoveText::Coord`] with ranks mapped to 0-9;
//! - SAN (WinBoard `Cbe2`, pychess `Rb10`) → [`XqMoveText::San`] as written.
//!
//! A token `a0b1`-like is read as ICCS unless the game also holds SAN-only tokens (then
//! SAN). ICCS/SAN ranks are 0-9 unless rank 10 appears, or (no rank 0 nor 10 appears and)
//! an ICCS game has a `Variant` tag (Fairy-Stockfish) or a SAN game comes from pychess
//! (`Site`/`Event`): then [`XqGame::ranks_from_one`] is set and a Note
//! `iccs-ranks-1-10` says why. A game writing both rank 0 and rank 10 is an error.
//!
//! Comments `{…}` (over several lines), `/*…*/` and `;` to the end of the line become
//! [`Comment`]s at the ply reached (comments inside variations are prefixed
//! `(variation) `); `%` lines are skipped. Variations `( … )`, nested, become
//! [`XqVariation`]s replacing the last move played (`from_ply` counts plies of the whole
//! game). Result tokens `1-0 0-1 1/2-1/2 *` (and 红胜/黑胜/和棋) set the result when no
//! `Result` tag did (a disagreement is a Note). Annotation marks `!`, `?`, `!!`, `?!` before
//! or after a move and NAGs `$n` are dropped.
//!
//! A line of `=` signs (`=========`) ends the move text: what follows up to the next tag
//! line (xqbase adverts, "欢迎访问…") is skipped with an info Note `trailer-skipped`.
//! Any other token that is not a move is a [`RawError`] located at it: the whole game is
//! quarantined (we do not guess which moves a garbled token stood for).

use kifu_facts::Severity;
use std::io::BufRead;

use crate::line::{Bom, LineError, LineReader};
use crate::raw::{
    Comment, Format, Location, Note, RawError, Span, XqGame, XqMove, XqMoveText, XqVariation,
    MAX_RAW_KEPT,
};
use crate::tag;
use crate::xq_text;

/// A decoded line with its map back to source bytes.
#[derive(Clone, Debug)]
pub(crate) struct TextLine {
    pub text: String,
    /// `map[k]`: source offset (from `at`) of decoded byte `k`; one more entry at the end.
    pub map: Vec<u32>,
    pub at: Location,
}

impl TextLine {
    pub fn loc(&self, i: usize) -> Location {
        let i = i.min(self.map.len().saturating_sub(1));
        self.at
            .advance(self.map.get(i).copied().unwrap_or(0) as usize)
    }
    /// Source length of decoded bytes `i..j`.
    pub fn src_len(&self, i: usize, j: usize) -> usize {
        let a = self.map.get(i).copied().unwrap_or(0);
        let b = self.map.get(j).copied().unwrap_or(a);
        b.saturating_sub(a) as usize
    }
    /// The part of the line from decoded byte `i` to `j`.
    pub fn slice(&self, i: usize, j: usize) -> TextLine {
        let base = self.map[i];
        TextLine {
            text: self.text[i..j].to_string(),
            map: self.map[i..=j].iter().map(|m| m - base).collect(),
            at: self.at.advance(base as usize),
        }
    }
}

/// Splits decoded text (one string, with a map to source offsets from `base`) into lines.
pub(crate) fn split_lines(text: &str, map: &[u32], base: Location) -> Vec<TextLine> {
    let mut out = Vec::new();
    let mut line_no = base.line.max(1);
    let mut start = 0;
    let bytes = text.as_bytes();
    loop {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|p| start + p)
            .unwrap_or(bytes.len());
        let mut e = end;
        if e > start && bytes[e - 1] == b'\r' {
            e -= 1;
        }
        let off = map[start];
        let at = Location::new(base.offset + off as u64, line_no, 1);
        out.push(TextLine {
            text: text[start..e].to_string(),
            map: map[start..=e].iter().map(|m| m - off).collect(),
            at,
        });
        if end >= bytes.len() {
            break;
        }
        start = end + 1;
        line_no += 1;
    }
    out
}

// ---------------------------------------------------------------------------------------
// Move text

/// What the move-text walker sees.
/// Deepest variation nesting kept (real records rarely pass 10).
pub const MAX_VARIATION_DEPTH: usize = 100;

enum Ev<'a> {
    Word(&'a str, usize, usize),
    Comment(String),
    Open(Location),
    Close(Location),
}

/// Walks move text, calling `f(line index, event)`. Errors: an unterminated comment is
/// closed at the end (returned as `Some(location)` of its start for a Note).
fn walk<'a>(lines: &'a [TextLine], f: &mut dyn FnMut(usize, Ev<'a>)) -> Option<Location> {
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
        let t = line.text.as_str();
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
enum Tok {
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
fn strip_word(word: &str) -> (usize, &str) {
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

fn classify(body: &str) -> Tok {
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

/// Reads move text into `game`. Returns the result token and its location, if any.
pub(crate) fn parse_movetext(
    lines: &[TextLine],
    game: &mut XqGame,
    hints: &Hints,
) -> Result<Option<(String, Location)>, (Location, String)> {
    // Survey: which notation, which ranks.
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

    struct Line {
        var: XqVariation,
        base: u32,
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
                match stack.last() {
                    None => comments.push(Comment {
                        ply: main_moves.len() as u32,
                        text,
                    }),
                    Some(l) => comments.push(Comment {
                        ply: l.base + l.var.moves.len() as u32,
                        text: format!("(variation) {text}"),
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
                        moves: Vec::new(),
                        variations: Vec::new(),
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
                let text = match classify(body) {
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
    if coord_seen {
        if let Some((true, why)) = from_one {
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

// ---------------------------------------------------------------------------------------
// Games

/// Applies tags to a game. Returns move-text hints.
pub(crate) fn apply_tags(game: &mut XqGame, tags: &[(String, String, Location)]) -> Hints {
    let mut hints = Hints::default();
    let mut ecco = None;
    let mut white = None;
    for (key, value, at) in tags {
        if value.is_empty() {
            continue;
        }
        let h = &mut game.header;
        match key.to_ascii_lowercase().as_str() {
            "red" => h.red = Some(value.clone()),
            "white" => white = Some(value.clone()),
            "black" => h.black = Some(value.clone()),
            "event" => h.event = Some(value.clone()),
            "round" => h.round = Some(value.clone()),
            "date" => match xq_text::normalize_date(value) {
                Some(d) => h.date = Some(d),
                None => h.extra.push((key.clone(), value.clone())),
            },
            "result" => {
                h.result_text = Some(value.clone());
                match xq_text::result_from_text(value) {
                    Some(r) => h.result = Some(r),
                    None => game.notes.push(Note {
                        code: "unknown-result",
                        severity: Severity::Warning,
                        message: format!("result '{value}' is not 1-0, 0-1, 1/2-1/2 or *"),
                        at: *at,
                        ply: None,
                    }),
                }
            }
            "fen" => game.fen = Some(value.clone()),
            "opening" => {
                h.opening = Some(value.clone());
                h.extra.push((key.clone(), value.clone()));
            }
            other => {
                match other {
                    "ecco" => ecco = Some(value.clone()),
                    "format" => hints.iccs = value.eq_ignore_ascii_case("iccs"),
                    "variant" => hints.iccs_from_one = true,
                    "site" | "event" if value.to_ascii_lowercase().contains("pychess") => {
                        hints.san_from_one = true
                    }
                    _ => {}
                }
                h.extra.push((key.clone(), value.clone()));
            }
        }
    }
    if game.header.red.is_none() {
        game.header.red = white;
    }
    if game.header.opening.is_none() {
        game.header.opening = ecco;
    }
    if let Some(e) = &game.header.event {
        if e.to_ascii_lowercase().contains("pychess") {
            hints.san_from_one = true;
        }
    }
    hints
}

/// Sets the result from the move text's result token, or notes a disagreement.
pub(crate) fn apply_result_token(game: &mut XqGame, token: Option<(String, Location)>) {
    let Some((text, at)) = token else { return };
    let r = xq_text::result_from_text(&text);
    match game.header.result {
        None => {
            game.header.result = r;
            game.header.result_text = Some(text);
        }
        Some(tagged) => {
            if r.is_some() && r != Some(tagged) && r != Some(crate::raw::RawResult::Unknown) {
                game.notes.push(Note {
                    code: "result-mismatch",
                    severity: Severity::Warning,
                    message: format!(
                        "the move text ends with '{text}' but the Result tag says '{}'",
                        game.header.result_text.as_deref().unwrap_or("")
                    ),
                    at,
                    ply: None,
                });
            }
        }
    }
}

/// One game's lines as read.
#[derive(Default)]
struct Chunk {
    start: Option<Location>,
    end: u64,
    tags: Vec<(String, String, Location)>,
    lines: Vec<TextLine>,
    has_moves: bool,
    in_comment: bool,
    trailer: Option<Location>,
    trailer_lines: u32,
    decode_errors: Option<Location>,
    /// A line over the length limit: where, and the message.
    error: Option<(Location, String)>,
    raw: String,
}

impl Chunk {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && !self.has_moves
    }
    fn keep_raw(&mut self, text: &str) {
        if self.raw.len() < MAX_RAW_KEPT {
            self.raw.push_str(text);
            self.raw.push('\n');
        }
    }
}

/// Streams Xiangqi PGN games from a reader.
pub struct PgnReader<R: BufRead> {
    src: LineReader<R>,
    encoding: &'static str,
    /// A tag line read that starts the next game.
    pending: Option<(TextLine, bool)>,
}

impl<R: BufRead> PgnReader<R> {
    /// Reads `reader` decoded from `encoding` (`utf-8`, `gbk`, `big5`).
    pub fn new(reader: R, encoding: &'static str) -> Self {
        // Read as UTF-8, a byte-order mark is left out wherever a line starts with one
        // (collections are often files concatenated).
        let bom = if encoding == "utf-8" {
            Bom::EveryLine
        } else {
            Bom::Keep
        };
        PgnReader {
            src: LineReader::new(reader).with_bom(bom),
            encoding,
            pending: None,
        }
    }

    /// Detects the encoding from the reader's buffered head (nothing is consumed).
    pub fn detect(mut reader: R) -> Self {
        let enc = match reader.fill_buf() {
            Ok(head) => xq_text::detect_encoding(head),
            Err(_) => "utf-8",
        };
        PgnReader::new(reader, enc)
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }

    /// The encoding the reader decodes from.
    pub fn encoding(&self) -> &'static str {
        self.encoding
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.src.offset()
    }
}

/// One game's lines as [`PgnReader::next_chunk`] split them from the stream, not yet
/// parsed: [`PgnChunk::parse`] reads the game, on whichever thread it runs (an ingest
/// splits a large file on one thread and parses its games on all cores).
pub struct PgnChunk {
    chunk: Chunk,
    encoding: &'static str,
}

impl PgnChunk {
    /// Roughly the heap bytes the chunk holds (its lines' text and source maps), for
    /// callers bounding what they keep in flight.
    pub fn heap_bytes(&self) -> usize {
        let lines: usize = self
            .chunk
            .lines
            .iter()
            .map(|l| l.text.len() + 4 * l.map.len() + std::mem::size_of::<TextLine>())
            .sum();
        lines + self.chunk.raw.len() + 64 * self.chunk.tags.len()
    }

    /// Reads the game: tags, move text, result, notes.
    pub fn parse(self) -> Result<XqGame, RawError> {
        let PgnChunk { chunk, encoding } = self;
        let start = chunk.start.unwrap_or_default();
        let span = Span::new(start.offset, chunk.end.max(start.offset));
        if let Some((at, message)) = chunk.error {
            return Err(RawError {
                format: Some(Format::XiangqiPgn),
                at,
                start,
                span,
                message,
                raw: chunk.raw,
            });
        }
        let mut game = XqGame::new(Format::XiangqiPgn, start);
        game.span = span;
        game.encoding = encoding;
        let hints = apply_tags(&mut game, &chunk.tags);
        let error = |at: Location, message: String| RawError {
            format: Some(Format::XiangqiPgn),
            at,
            start,
            span,
            message,
            raw: chunk.raw.clone(),
        };
        let token =
            parse_movetext(&chunk.lines, &mut game, &hints).map_err(|(at, m)| error(at, m))?;
        apply_result_token(&mut game, token);
        if let Some(at) = chunk.trailer {
            if chunk.trailer_lines > 0 {
                game.notes.push(Note {
                    code: "trailer-skipped",
                    severity: Severity::Info,
                    message: format!(
                        "{} line(s) after the '====' line skipped",
                        chunk.trailer_lines
                    ),
                    at,
                    ply: None,
                });
            }
        }
        if let Some(at) = chunk.decode_errors {
            game.notes.push(Note {
                code: "encoding-errors",
                severity: Severity::Warning,
                message: format!("bytes not valid {encoding} replaced by U+FFFD"),
                at,
                ply: None,
            });
        }
        Ok(game)
    }
}

/// Whether a line (trimmed) is a `====` separator.
fn is_rule_line(t: &str) -> bool {
    let t = t.trim();
    t.len() >= 3 && t.chars().all(|c| c == '=' || c == '＝')
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<XqGame, RawError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_chunk().map(|c| c.and_then(PgnChunk::parse))
    }
}

impl<R: BufRead> PgnReader<R> {
    /// The next game's lines, split from the stream but not parsed (see [`PgnChunk`]);
    /// `Err` for a read error.
    pub fn next_chunk(&mut self) -> Option<Result<PgnChunk, RawError>> {
        let mut chunk = Chunk::default();
        loop {
            let (line, errors) = match self.pending.take() {
                Some(p) => p,
                None => match self.src.next_line() {
                    None => break,
                    Some(Ok(line)) => {
                        let (text, map, errors) =
                            xq_text::decode_mapped(line.text(), self.encoding);
                        (
                            TextLine {
                                text,
                                map,
                                at: line.at,
                            },
                            errors,
                        )
                    }
                    Some(Err(LineError::TooLong { at, len, kept })) => {
                        // Part of the game being read (or the start of one); never read
                        // cut: the game is an error at this line.
                        let kept = &kept[..kept.len().min(MAX_RAW_KEPT)];
                        chunk.keep_raw(&xq_text::decode(kept, self.encoding).0);
                        chunk.start.get_or_insert(at);
                        chunk.end = at.offset + len;
                        chunk.has_moves = true;
                        chunk
                            .error
                            .get_or_insert((at, crate::line::too_long(len as usize)));
                        continue;
                    }
                    Some(Err(e)) => {
                        if !chunk.is_empty() {
                            // Report the game read so far first; the error ends the stream.
                            break;
                        }
                        let at = e.at();
                        return Some(Err(RawError {
                            format: Some(Format::XiangqiPgn),
                            at,
                            start: at,
                            span: Span::new(at.offset, at.offset),
                            message: e.message(),
                            raw: String::new(),
                        }));
                    }
                },
            };
            let line_end = line.at.offset + line.map.last().copied().unwrap_or(0) as u64;
            let trimmed = line
                .text
                .trim_start_matches([' ', '\t', '\u{3000}', '\u{feff}']);
            if !chunk.in_comment && trimmed.starts_with('[') {
                if let Some(tags) = tag::scan_lenient(&line.text) {
                    let repeated = tags.iter().any(|(t, _)| {
                        chunk
                            .tags
                            .iter()
                            .any(|(k2, _, _)| k2.as_bytes().eq_ignore_ascii_case(t.name))
                    });
                    if chunk.has_moves || chunk.trailer.is_some() || repeated {
                        self.pending = Some((line, errors));
                        break;
                    }
                    if chunk.start.is_none() {
                        chunk.start = Some(line.at);
                    }
                    for (t, i) in tags {
                        let at = line.loc(i);
                        chunk.tags.push((t.name().into_owned(), t.value_text(), at));
                    }
                    chunk.keep_raw(&line.text);
                    chunk.end = line_end;
                    if errors && chunk.decode_errors.is_none() {
                        chunk.decode_errors = Some(line.at);
                    }
                    continue;
                }
            }
            if chunk.trailer.is_some() {
                if !trimmed.trim().is_empty() {
                    chunk.trailer_lines += 1;
                    chunk.keep_raw(&line.text);
                }
                chunk.end = line_end;
                continue;
            }
            if !chunk.in_comment && is_rule_line(trimmed) {
                if !chunk.is_empty() {
                    chunk.trailer = Some(line.at);
                    chunk.keep_raw(&line.text);
                    chunk.end = line_end;
                }
                continue;
            }
            if trimmed.trim().is_empty() && chunk.is_empty() {
                continue;
            }
            if chunk.start.is_none() {
                chunk.start = Some(line.at);
            }
            // Track comments across lines and whether there is move text.
            let mut in_c = chunk.in_comment;
            for c in line.text.chars() {
                if in_c {
                    if c == '}' {
                        in_c = false;
                    }
                } else if c == '{' {
                    in_c = true;
                } else if c == ';' {
                    break;
                } else if !c.is_whitespace() && c != '\u{feff}' {
                    chunk.has_moves = true;
                }
            }
            chunk.in_comment = in_c;
            if errors && chunk.decode_errors.is_none() {
                chunk.decode_errors = Some(line.at);
            }
            chunk.keep_raw(&line.text);
            chunk.end = line_end;
            chunk.lines.push(line);
        }
        if chunk.is_empty() {
            return None;
        }
        Some(Ok(PgnChunk {
            chunk,
            encoding: self.encoding,
        }))
    }
}

/// Parses a whole Xiangqi PGN file held in memory (encoding detected from the head).
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    PgnReader::new(bytes, xq_text::detect_encoding(head)).collect()
}

/// Whether the head of a file looks like Xiangqi PGN: xiangqi tags (`[Game "Chinese
/// Chess"]`, `[Format "ICCS"]`, `[Variant "xiangqi"]`, `[Red …]`), Chinese move text, or a
/// numbered ICCS move list (`1. h2e2 h9g7`).
pub fn looks_like(head: &[u8]) -> bool {
    looks_like_text(&xq_text::decode(head, xq_text::detect_encoding(head)).0)
}

/// [`looks_like`] on the head already decoded.
pub(crate) fn looks_like_text(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower.contains("[game \"chinese chess\"]")
        || lower.contains("[variant \"xiangqi\"]")
        || lower.contains("[format \"iccs\"]")
        || lower.contains("[format \"wxf\"]")
        || lower.contains("[format \"chinese\"]")
    {
        return true;
    }
    if text.contains("[DhtmlXQ") || text.contains("START{") {
        return false;
    }
    let mut chinese = 0;
    let mut iccs = 0;
    let mut wxf = 0;
    for w in text.split_whitespace().take(400) {
        let (_, body) = strip_word(w);
        if body.is_empty() {
            continue;
        }
        match classify(body) {
            Tok::Chinese(_) => chinese += 1,
            Tok::Iccs(..) if body.len() >= 4 => iccs += 1,
            Tok::Wxf(_) => wxf += 1,
            _ => {}
        }
    }
    let has_tags = lower.contains("[red ") || lower.contains("[black ");
    let numbered = text.contains("1.");
    chinese >= 2 || (has_tags && (iccs >= 2 || wxf >= 2)) || (numbered && (iccs >= 4 || wxf >= 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_game() {
        let text =
            "[Red \"R\"]\n[Result \"1-0\"]\n1. 炮二平五 {c} 馬８進７ (1... 炮８平５) 2. h0g2! *\n";
        let games = parse(text.as_bytes());
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.variations.len(), 1);
        assert_eq!(g.variations[0].from_ply, 2);
        assert_eq!(g.comments[0].ply, 1);
        assert_eq!(g.moves[1].text, XqMoveText::Chinese("马8进7".into()));
    }
}
