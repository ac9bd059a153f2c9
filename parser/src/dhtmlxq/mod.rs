//! DhtmlXQ records (东萍 dpxq.com viewer): [`Format::DhtmlXq`], in three shapes.
//!
//! 1. **Blocks** in HTML pages or UBB text: `[DhtmlXQ]…[/DhtmlXQ]` holding fields
//!    `[DhtmlXQ_key]value[/DhtmlXQ_key]` (`title`, `event`, `red`, `redteam`, `black`,
//!    `blackteam`, `result`, `date`, `round`, `open`, `binit`, `fen`, `movelist`,
//!    `move_A_B_C`, `commentN`, `commentC_N`, …). Text with fields but no `[DhtmlXQ]`
//!    wrapper is one block. One game per block.
//! 2. **dpxq dict literals**: one Python dict literal per file, `{'movelist': '7747…',
//!    'red': '…', 'comments': '[DhtmlXQ_comment3]…[/DhtmlXQ_comment3]', …}`, parsed here
//!    with nom (single or double quotes, escapes `\'`, `\\`, `\n`, `\uXXXX`, `\xXX`;
//!    integers, `None`, `True`, `False`).
//! 3. **A bare 4-digit move string** (`7747…`, whitespace allowed).
//!
//! Moves: 4 digits `x1 y1 x2 y2`, x 0-8 from Red's left, y 0-9 **from the top**, mapped to
//! [`XqMoveText::Coord`] with rank = 9 − y; `written` keeps the 4 digits. A digit out of
//! range or a non-digit is a [`RawError`] at it; 1-3 trailing digits are dropped with a
//! warning Note `movelist-trailing-digits`; a move list that repeats its own field inside
//! (`…[/DhtmlXQ_movelist][DhtmlXQ_movelist]…`, one dpxq record) keeps the first list
//! (Note `movelist-junk`). A bare string is read with y from the top unless replaying
//! piece occupancy from the standard start works better with y from the bottom (the
//! elephantchess `.ubb` writer): then Note `dhtmlxq-y-from-bottom`.
//!
//! Variations `[DhtmlXQ_move_A_B_C]`: variation `C` branches from line `A` (0 = main
//! line) and its first move replaces that line's move `B`, so `from_ply = B` (plies of the
//! whole game); variations of variations nest, up to [`MAX_VARIATION_DEPTH`] levels
//! (deeper ones are dropped with a warning Note `variations-too-deep`). Comments:
//! `commentN` is after ply N (`comment0` on the start position); `commentC_N` is after
//! ply N of variation C, kept in that variation's comments (one naming no variation of
//! the record stays on the main line, prefixed `(variation C, not in the record) `). `||`
//! in comments is a line break.
//!
//! Header: `red`/`black` are the players (dpxq: `redname`/`blackname` when given — `red`
//! there is "team name", kept in `extra` as `red`); `event`, `round`, `date` (normalized),
//! `open` → `opening` (`recordopen` when there is one, even empty: kifu's export writes
//! the record's own there and its own in `open`), `dpid` → `id`, `result` (`W`/`红胜` → `Win(Seat::FIRST)`, Red's win,
//! `L`/`黑胜` → Black's `Win(Seat::SECOND)`, `D`/`和棋` → `Draw`), other non-empty fields (except viewer
//! settings such as `init`, `ver`, `hits`) in `extra`. `binit` (64 digits, 32 pieces in
//! the order `RNBAKABNRCCPPPPP` then Black's, `99` = off the board) becomes a FEN in
//! [`XqGame::fen`], side to move from the piece on the first move's square; a `binit`
//! that is the standard start leaves `fen` empty.
//!
//! Here the text is decoded and cut into records; `fields` splits a record into its fields,
//! `build` makes the game of them.

mod build;
mod fields;

use crate::raw::{Format, Location, Note, RawError, Span, XqGame};
use crate::{field_text, xq_text};
use build::build;
use fields::{block_fields, dict_literal, Field};

/// The field kifu's writer gives the record's own opening text, beside its own `open`: a
/// block with it (even empty) takes the record's opening from it, and its `open` is kifu's
/// (derived from the moves again).
pub const RECORD_OPEN: &str = "recordopen";
/// The field kifu's writer gives the moves a record wrote after those kifu applied (after
/// the game's end, an illegal move, or a start it could not set up), as written, in the
/// Xiangqi PGN reader's `{kifu:after-end …}` form: read back as main-line moves.
pub const AFTER_END: &str = "afterend";

/// Deepest variation nesting kept (deeper variations are dropped with a note).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Decoded-text positions to source locations.
struct Pos<'a> {
    map: &'a [u32],
    base: u64,
    line_starts: Vec<u64>,
}

impl<'a> Pos<'a> {
    fn new(src: &[u8], map: &'a [u32], base: u64) -> Self {
        let mut line_starts = vec![base];
        for (i, &b) in src.iter().enumerate() {
            if b == b'\n' {
                line_starts.push(base + i as u64 + 1);
            }
        }
        Pos {
            map,
            base,
            line_starts,
        }
    }
    fn offset(&self, i: usize) -> u64 {
        let i = i.min(self.map.len().saturating_sub(1));
        self.base + self.map.get(i).copied().unwrap_or(0) as u64
    }
    fn loc(&self, i: usize) -> Location {
        let off = self.offset(i);
        let line = self.line_starts.partition_point(|&s| s <= off).max(1);
        let col = off - self.line_starts[line - 1] + 1;
        Location::new(off, line as u32, col as u32)
    }
}

/// Parses DhtmlXQ text in any of the three shapes.
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    let (src, base) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(b) => (b, 3u64),
        None => (bytes, 0),
    };
    let enc = xq_text::detect_encoding(&src[..src.len().min(64 * 1024)]);
    let (text, map, _) = xq_text::decode_mapped(src, enc);
    let pos = Pos::new(src, &map, base);
    let whole = Span::new(base, base + src.len() as u64);
    let err = |i: usize, span: Span, message: String, raw: &str| RawError {
        format: Some(Format::DhtmlXq),
        at: pos.loc(i),
        start: pos.loc(span.start.saturating_sub(base) as usize),
        span,
        message,
        raw: crate::raw::raw_text(raw.as_bytes()),
    };
    let trimmed = text.trim_start();
    let lead = text.len() - trimmed.len();
    if trimmed.starts_with('{') {
        return vec![match dict_literal(&text, lead) {
            Ok(mut fields) => {
                let notes = reread_fields(&mut fields, src, &pos, enc);
                with_notes(build(&fields, &pos, lead, text.len(), enc, false), notes)
            }
            Err((i, m)) => Err(err(i, whole, m, &text)),
        }];
    }
    if text.contains("[DhtmlXQ") {
        let mut out = Vec::new();
        let mut blocks = Vec::new();
        let mut from = 0;
        while let Some(p) = text[from..].find("[DhtmlXQ]") {
            let s = from + p;
            let body = s + "[DhtmlXQ]".len();
            let e = text[body..]
                .find("[/DhtmlXQ]")
                .map(|q| body + q)
                .unwrap_or(text.len());
            blocks.push((s, body, e));
            from = (e + "[/DhtmlXQ]".len()).min(text.len());
        }
        if blocks.is_empty() {
            // Fields without a `[DhtmlXQ]` opener: each `[/DhtmlXQ]` still closes the
            // block before it, so that no field's value runs across a block's end.
            let mut s = lead;
            while let Some(q) = text[s..].find("[/DhtmlXQ]") {
                blocks.push((s, s, s + q));
                s += q + "[/DhtmlXQ]".len();
            }
            if s < text.len() || blocks.is_empty() {
                blocks.push((s, s, text.len()));
            }
        }
        for (s, body, e) in blocks {
            let mut fields = block_fields(&text, body, e);
            if !fields
                .iter()
                .any(|f| f.key == "movelist" || f.key == "binit")
            {
                continue;
            }
            let end = (e + "[/DhtmlXQ]".len()).min(text.len());
            let notes = reread_fields(&mut fields, src, &pos, enc);
            out.push(with_notes(build(&fields, &pos, s, end, enc, false), notes));
        }
        return out;
    }
    if !trimmed.is_empty()
        && trimmed
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace())
    {
        let fields = vec![Field {
            key: "movelist".to_string(),
            value: text.clone(),
            at: 0,
            plain: true,
        }];
        return vec![build(&fields, &pos, lead, text.len(), enc, true)];
    }
    if trimmed.is_empty() {
        return Vec::new();
    }
    vec![Err(err(
        lead,
        whole,
        "not DhtmlXQ: no [DhtmlXQ] block, dict literal or 4-digit move string".to_string(),
        &text,
    ))]
}

/// Reads each header field's bytes on its own ([`field_text::read_field`]): a field in
/// another encoding than the file's gets that encoding's text and an info note. Move,
/// position and comment fields are left as they are, and so are values with escapes (a
/// dict literal's `\xXX`), whose bytes are not the text's.
fn reread_fields(fields: &mut [Field], src: &[u8], pos: &Pos, enc: &str) -> Vec<Note> {
    let mut notes = Vec::new();
    for f in fields.iter_mut() {
        let k = f.key.as_str();
        let not_header = k == "movelist"
            || k.starts_with("move_")
            || k.starts_with("comment")
            || matches!(k, "binit" | "fen");
        if not_header || !f.plain || f.value.is_ascii() {
            continue;
        }
        let (from, to) = (
            pos.map[f.at] as usize,
            pos.map[f.at + f.value.len()] as usize,
        );
        let kind = field_text::FieldKind::of_key(k);
        let Some(other) = field_text::read_field(&src[from..to], enc, kind).other else {
            continue;
        };
        notes.push(other.note(
            &format!("DhtmlXQ_{k} field"),
            &other.text,
            enc,
            pos.loc(f.at),
        ));
        f.value = other.text;
    }
    notes
}

/// `game` with `notes` added.
fn with_notes(game: Result<XqGame, RawError>, notes: Vec<Note>) -> Result<XqGame, RawError> {
    game.map(|mut g| {
        g.notes.extend(notes);
        g
    })
}

/// Whether the head looks like DhtmlXQ: a `[DhtmlXQ` field, a dpxq dict literal with a
/// `'movelist'` key, or a bare string of digits whose length is a multiple of 4.
pub fn looks_like(head: &[u8]) -> bool {
    looks_like_text(&xq_text::decode(head, xq_text::detect_encoding(head)).0)
}

/// [`looks_like`] on the head already decoded.
pub(crate) fn looks_like_text(text: &str) -> bool {
    if text.contains("[DhtmlXQ") {
        return true;
    }
    let t = text.trim();
    if t.starts_with('{') && (t.contains("'movelist'") || t.contains("\"movelist\"")) {
        return true;
    }
    let digits: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
    digits.len() >= 8 && digits.len().is_multiple_of(4) && digits.iter().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::XqMoveText;

    #[test]
    fn dict() {
        let t = r#"{'movelist': '77477062', 'red': 'T \'A\'', 'redname': '甲\u3000', 'dpid': 5, 'result': '红胜', 'x': None}"#;
        let g = parse(t.as_bytes()).pop().unwrap().unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(
            g.moves[0].text,
            XqMoveText::Coord {
                from: (7, 2),
                to: (4, 2)
            }
        );
        assert_eq!(g.moves[1].at.offset, 18);
        assert_eq!(g.header.red.as_deref(), Some("甲"));
        assert_eq!(g.header.id.as_deref(), Some("5"));
        assert_eq!(
            g.header.result,
            crate::raw::Outcome::of(kifu_facts::GameKind::Xiangqi, kifu_facts::ResultName::Red)
        );
    }

    #[test]
    fn a_big5_field_in_a_gbk_block_is_read_as_big5_with_an_info_note() {
        let gbk = |s: &str| encoding_rs::GBK.encode(s).0.into_owned();
        let mut file = gbk("[DhtmlXQ][DhtmlXQ_event]全国象棋个人赛[/DhtmlXQ_event][DhtmlXQ_red]");
        let red_at = file.len() as u64;
        file.extend(encoding_rs::BIG5.encode("許銀川").0.iter());
        file.extend(gbk("[/DhtmlXQ_red][DhtmlXQ_black]吕钦[/DhtmlXQ_black]\
             [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]"));
        let games = parse(&file);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.encoding, "gbk");
        assert_eq!(g.header.red.as_deref(), Some("許銀川"));
        assert_eq!(g.header.black.as_deref(), Some("吕钦"));
        assert_eq!(g.header.event.as_deref(), Some("全国象棋个人赛"));
        let notes: Vec<_> = g.notes.iter().map(|n| (n.code, n.at.offset)).collect();
        assert_eq!(notes, [("field-encoding", red_at)]);
        assert!(g.notes[0]
            .message
            .starts_with("the DhtmlXQ_red field is big5 text in a gbk file: read as '許銀川'"));
    }

    #[test]
    fn without_an_opener_each_block_closer_still_ends_a_block() {
        // Found by fuzzing: the value of `red` ran across `[/DhtmlXQ]` into the next block,
        // so the record written back could not hold it.
        let t = "[DhtmlXQ_red]A[/DhtmlXQ_red][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]\n\
                 [DhtmlXQ_red]B[/DhtmlXQ][DhtmlXQ_black]C[/DhtmlXQ_black]\
                 [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
        let games: Vec<XqGame> = parse(t.as_bytes())
            .into_iter()
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].header.red.as_deref(), Some("A"));
        assert_eq!(games[0].moves.len(), 1);
        assert_eq!(
            &t[games[0].span.start as usize..games[0].span.end as usize],
            &t[..t.find('\n').unwrap()]
        );
        // The second block's `red` is unclosed and ends at the closer: its own block
        // (`[DhtmlXQ_black]…`) holds the moves.
        assert_eq!(games[1].header.red, None);
        assert_eq!(games[1].header.black.as_deref(), Some("C"));
        assert_eq!(games[1].moves.len(), 2);
    }

    #[test]
    fn variations_nested_too_deep_are_dropped() {
        let mut t = String::from("[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]");
        for k in 1..=MAX_VARIATION_DEPTH + 10 {
            t.push_str(&format!("[DhtmlXQ_move_{}_2_{k}]7967", k - 1));
        }
        t.push_str("[/DhtmlXQ]");
        let g = parse(t.as_bytes()).pop().unwrap().unwrap();
        let mut depth = 0;
        let mut vars = &g.variations;
        while let Some(v) = vars.first() {
            depth += 1;
            vars = &v.variations;
        }
        assert_eq!(depth, MAX_VARIATION_DEPTH);
        assert!(g.notes.iter().any(|n| n.code == "variations-too-deep"));
    }
}
