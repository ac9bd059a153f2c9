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
//! `Opening` (→ `header.opening`, else `ECCO`; in a game with [`RECORD_ECCO`] or
//! [`RECORD_OPENING`], kifu's export, those two are read as `ECCO` and `Opening` and kifu's
//! own `ECCO` and `Opening` are left out); every other non-empty tag (`Game`, `Site`,
//! `RedTeam`, `BlackTeam`, `ECCO`, `Opening`, `Variation`, `Format`, `Variant`, `SetUp`, …)
//! is kept in `header.extra` in file order. Results: `1-0` → Red's `Win(Seat::FIRST)`, `0-1` →
//! Black's `Win(Seat::SECOND)`, `1/2-1/2` → `Draw`, `*` → `Unknown`; `result_text` keeps the text as written.
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
//! or after a move and NAGs `$n` are dropped. A comment's line breaks are kept (as `\n`).
//! kifu's own comment `{kifu:after-end t1 t2 …}` (`after_end`) is no comment: its texts
//! are moves of the main line, as written (moves after the game's end that kifu's export
//! could not write as moves).
//!
//! A line of `=` signs (`=========`) ends the move text: what follows up to the next tag
//! line (xqbase adverts, "欢迎访问…") is skipped with an info Note `trailer-skipped`.
//! Any other token that is not a move is a [`RawError`] located at it: the whole game is
//! quarantined (we do not guess which moves a garbled token stood for).
//!
//! `reader` splits the stream into games (tags and lines) and reads each one's tags;
//! `movetext` reads the move text (also for `xiangqi_wxf`).
//!
//! [`Format::XiangqiPgn`]: crate::Format::XiangqiPgn
//! [`XqMoveText::Chinese`]: crate::raw::XqMoveText::Chinese
//! [`XqMoveText::Wxf`]: crate::raw::XqMoveText::Wxf
//! [`XqMoveText::Coord`]: crate::raw::XqMoveText::Coord
//! [`XqMoveText::San`]: crate::raw::XqMoveText::San
//! [`Comment`]: crate::raw::Comment
//! [`XqVariation`]: crate::raw::XqVariation

use std::cell::Cell;

/// The tag kifu's writer gives the record's own ECCO code, beside its own `ECCO`: a game
/// with it (or [`RECORD_OPENING`]), even empty, takes its ECCO code and opening text from
/// these two, and its `ECCO` and `Opening` are kifu's (derived from the moves again).
pub const RECORD_ECCO: &str = "RecordECCO";
/// The tag kifu's writer gives the record's own opening text, beside its own `Opening`.
pub const RECORD_OPENING: &str = "RecordOpening";

use crate::mapped_text;
use crate::raw::{Location, RawError, XqGame};
use crate::xq_text;

mod after_end;
mod movetext;
mod reader;

pub use after_end::{after_end_comment, after_end_texts, AFTER_END};
pub(crate) use movetext::{parse_movetext, unplayed_text};
pub use movetext::{reads_as_move, MAX_VARIATION_DEPTH};
pub(crate) use reader::{apply_result_token, apply_tags};
pub use reader::{PgnChunk, PgnReader};

use movetext::{classify, strip_word, Tok};

/// How the decoded bytes of a line map back to its source bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LineMap<'a> {
    /// Decoded byte `k` is source byte `k` (UTF-8 or ASCII source).
    Same,
    /// One decoded character per source character, as [`xq_text::decode_line`] checked:
    /// offsets are counted by walking both (`src`: the line's source bytes).
    Units {
        src: &'a [u8],
        encoding: &'static encoding_rs::Encoding,
    },
    /// `map[k] - base`: source offset of decoded byte `k`; one more entry at the end.
    Table { map: &'a [u32], base: u32 },
}

/// A decoded line (borrowed from its game's buffers) with its map back to source bytes.
#[derive(Clone, Debug)]
pub(crate) struct TextLine<'a> {
    pub text: &'a str,
    pub map: LineMap<'a>,
    pub at: Location,
    /// `(decoded, source)` offsets of the last position [`LineMap::Units`] walked to:
    /// positions are asked for in increasing order, so a line is walked once.
    cursor: Cell<(u32, u32)>,
}

impl<'a> TextLine<'a> {
    pub fn new(text: &'a str, map: LineMap<'a>, at: Location) -> TextLine<'a> {
        TextLine {
            text,
            map,
            at,
            cursor: Cell::new((0, 0)),
        }
    }

    /// Source offset (from `at`) of decoded byte `i` (a byte inside a character maps to
    /// the character's start; past the end, to the end).
    pub fn src_offset(&self, i: usize) -> usize {
        let i = i.min(self.text.len());
        match self.map {
            LineMap::Same => i,
            LineMap::Table { map, base } => (map[i] - base) as usize,
            LineMap::Units { src, encoding } => {
                let (mut dec, mut at) = self.cursor.get();
                if (dec as usize) > i {
                    (dec, at) = (0, 0);
                }
                let (mut dec, mut at) = (dec as usize, at as usize);
                let bytes = self.text.as_bytes();
                while dec < i {
                    let len = mapped_text::utf8_len(bytes[dec]);
                    if dec + len > i {
                        break;
                    }
                    dec += len;
                    at += mapped_text::unit_len(src, at, encoding);
                }
                self.cursor.set((dec as u32, at as u32));
                at
            }
        }
    }

    pub fn loc(&self, i: usize) -> Location {
        self.at.advance(self.src_offset(i))
    }
    /// Source length of decoded bytes `i..j`.
    pub fn src_len(&self, i: usize, j: usize) -> usize {
        let a = self.src_offset(i);
        let b = self.src_offset(j);
        b.saturating_sub(a)
    }
    /// The part of the line from decoded byte `i` to `j`.
    pub fn slice(&self, i: usize, j: usize) -> TextLine<'a> {
        let base = self.src_offset(i);
        let map = match self.map {
            LineMap::Same => LineMap::Same,
            LineMap::Units { src, encoding } => LineMap::Units {
                src: &src[base..],
                encoding,
            },
            LineMap::Table { map, base: b } => LineMap::Table {
                map: &map[i..=j],
                base: b + base as u32,
            },
        };
        TextLine::new(&self.text[i..j], map, self.at.advance(base))
    }
}

/// Splits decoded text (one string, with a map to source offsets from `base`) into lines.
pub(crate) fn split_lines<'a>(text: &'a str, map: &'a [u32], base: Location) -> Vec<TextLine<'a>> {
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
        out.push(TextLine::new(
            &text[start..e],
            LineMap::Table {
                map: &map[start..=e],
                base: off,
            },
            at,
        ));
        if end >= bytes.len() {
            break;
        }
        start = end + 1;
        line_no += 1;
    }
    out
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
    use crate::raw::XqMoveText;

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

    #[test]
    fn kifus_after_end_comment_is_moves_and_a_comment_keeps_its_line_breaks() {
        let text = "[Result \"1-0\"]\n1. 炮二平五 {one\ntwo} 马8进7 {kifu:after-end 7747 a%20b}\n\
                    {note} 1-0\n";
        let games = parse(text.as_bytes());
        let g = games[0].as_ref().unwrap();
        let written: Vec<&str> = g.moves.iter().map(|m| m.written.as_str()).collect();
        assert_eq!(written, ["炮二平五", "马8进7", "7747", "a b"]);
        let comments: Vec<(u32, &str)> = g
            .comments
            .iter()
            .map(|c| (c.ply, c.text.as_str()))
            .collect();
        assert_eq!(comments, [(1, "one\ntwo"), (4, "note")]);
    }

    #[test]
    fn a_word_is_written_as_a_move_only_where_it_reads_back_as_written() {
        for text in ["炮二平五", "馬８進７", "C2.5", "前卒进1"] {
            assert!(reads_as_move(text), "{text}");
        }
        // ICCS (read by the game's other words), numbered, marked, result, split or
        // unreadable words.
        for text in [
            "h2e2",
            "1.炮二平五",
            "炮二平五!",
            "1-0",
            "红胜",
            "a b",
            "7747",
            "",
            "{x}",
        ] {
            assert!(!reads_as_move(text), "{text}");
        }
    }

    #[test]
    fn a_gbk_tag_in_a_big5_file_is_read_as_gbk_with_an_info_note() {
        let big5 = |s: &str| encoding_rs::BIG5.encode(s).0.into_owned();
        let mut file = big5("[Event \"全國象棋個人賽\"]\n[Red \"許銀川\"]\n[Round \"");
        let round_at = file.len();
        file.extend(encoding_rs::GBK.encode("第22轮").0.iter());
        file.extend(big5("\"]\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 1-0\n"));
        let games = PgnReader::new(&file[..], "big5").collect::<Vec<_>>();
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.header.round.as_deref(), Some("第22轮"));
        // The Big5 fields around it are Big5's (許 ends in a backslash byte).
        assert_eq!(g.header.event.as_deref(), Some("全國象棋個人賽"));
        assert_eq!(g.header.red.as_deref(), Some("許銀川"));
        assert_eq!(g.moves.len(), 2);
        let notes: Vec<_> = g
            .notes
            .iter()
            .map(|n| (n.code, n.severity, n.at.offset))
            .collect();
        assert_eq!(
            notes,
            [(
                "field-encoding",
                kifu_facts::Severity::Info,
                round_at as u64
            )]
        );
        assert_eq!(
            g.notes[0].message,
            "the Round tag is gbk text in a big5 file: read as '第22轮' (as big5 it reads '菴22謫')"
        );
    }

    #[test]
    fn a_tag_no_encoding_reads_keeps_its_decoding_errors() {
        let mut file = b"[Red \"".to_vec();
        file.extend(b"\xFF\xFF\xFF");
        file.extend(b"\"]\n1. h2e2 h9g7 *\n");
        let games = PgnReader::new(&file[..], "gbk").collect::<Vec<_>>();
        let g = games[0].as_ref().unwrap();
        let codes: Vec<_> = g.notes.iter().map(|n| n.code).collect();
        assert_eq!(codes, ["encoding-errors"]);
    }
}
