//! 象棋桥 (CCBridge) XML records, `.cbf`: one game a file.
//!
//! ```xml
//! <ChineseChessRecord Version="1.0">
//!  <Head><Name>…</Name><Contest>…</Contest><Red/>…<RecordResult>3</RecordResult>
//!   <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN></Head>
//!  <MoveList>
//!   <Move value="00-00"><![CDATA[comment on the start position]]></Move>
//!   <Move value="77-47"/>
//!   …
//!   <Move value="23-29" end="1"><![CDATA[last comment]]></Move>
//!  </MoveList>
//! </ChineseChessRecord>
//! ```
//!
//! **Text**: a UTF-8 or UTF-16 byte-order mark decides; else the XML declaration's
//! `encoding` (`UTF-8`, `GBK`/`GB2312`/`GB18030`, `Big5`); else
//! [`crate::xq_text::detect_encoding`]. The document must be well-formed XML: a syntax
//! error, a mismatched or unclosed element, a bad entity or attribute, or no
//! `ChineseChessRecord` root makes the file a [`RawError`] at the XML parser's line and
//! column (columns count bytes of the source, as everywhere in kifu).
//!
//! **Moves**: `value="x1y1-x2y2"`, `x` 0–8 from Red's left, `y` 0–9 from the top (Black's
//! back rank); `00-00` first is the start position, whose text is the start comment. A
//! `Move`'s text (usually CDATA) is the comment after it. The records are the preorder of
//! the same move tree as CBR: `end="1"` ends the line. 象棋桥's alternative flag has no
//! documented attribute and none of the known files carries one, so `Move`s after the
//! main line's `end="1"` are not guessed into a tree: they are counted in a warning note
//! (`cbf-moves-after-end`). An unreadable `value` ends the move list there with an
//! `error` note (`cbf-bad-move`) at it; the moves before it are kept.
//!
//! **Header**: `Contest` → `event`, `Round`, `Date` (normalized; the text in extra `Date`
//! when it differs), `Red`, `Black`, `RecordResult` (0 unknown, 1 Red wins, 2 Black wins,
//! 3 draw; `result_text` as written), `ECCO` → `opening` (and extra `ECCO`), `FEN` →
//! `fen`; `Name` → extra `Title`, `Site`, and every other non-empty `Head` element into
//! extra under its own name, in file order.

use crate::move_tree::{TreeReader, MAX_VARIATION_DEPTH};
use crate::raw::{
    raw_text, Format, Header, Location, Note, Outcome, RawError, Span, XqGame, XqMove, XqMoveText,
};
use kifu_facts::GameKind;
use kifu_facts::Severity;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// The root element's name.
const ROOT: &[u8] = b"ChineseChessRecord";

/// Whether `head` (the first bytes of a file) looks like a CBF record: its root element
/// `<ChineseChessRecord` within the first KiB (UTF-8, or ASCII-compatible encodings).
pub fn looks_like(head: &[u8]) -> bool {
    let cut = &head[..head.len().min(1024)];
    cut.windows(ROOT.len() + 1)
        .any(|w| w[0] == b'<' && &w[1..] == ROOT)
}

/// The decoded document and the source offset of each of its bytes.
struct Source {
    text: String,
    /// `map[k]` = source offset of decoded byte `k`; `map[text.len()]` = the source length.
    map: Vec<u32>,
    /// Decoded offsets where lines start.
    line_starts: Vec<usize>,
    encoding: &'static str,
}

impl Source {
    fn new(bytes: &[u8]) -> Source {
        if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
            return Source::mapped(rest, 3, "utf-8");
        }
        for (bom, enc, name) in [
            (b"\xFF\xFE", encoding_rs::UTF_16LE, "utf-16le"),
            (b"\xFE\xFF", encoding_rs::UTF_16BE, "utf-16be"),
        ] {
            if let Some(rest) = bytes.strip_prefix(bom) {
                let (text, _) = enc.decode_without_bom_handling(rest);
                let mut map = Vec::with_capacity(text.len() + 1);
                let mut at = 2u32;
                for c in text.chars() {
                    map.extend(std::iter::repeat_n(at, c.len_utf8()));
                    at += 2 * c.len_utf16() as u32;
                }
                map.push(bytes.len() as u32);
                return Source::with_lines(text.into_owned(), map, name);
            }
        }
        let encoding = declared_encoding(bytes)
            .unwrap_or_else(|| crate::xq_text::detect_encoding(&bytes[..bytes.len().min(8192)]));
        Source::mapped(bytes, 0, encoding)
    }

    fn mapped(bytes: &[u8], skip: u32, encoding: &'static str) -> Source {
        let (text, mut map, _) = crate::xq_text::decode_mapped(bytes, encoding);
        for m in &mut map {
            *m += skip;
        }
        Source::with_lines(text, map, encoding)
    }

    fn with_lines(text: String, map: Vec<u32>, encoding: &'static str) -> Source {
        let line_starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        Source {
            text,
            map,
            line_starts,
            encoding,
        }
    }

    /// The source location of decoded offset `pos`: line from the text, column in
    /// source bytes from the line's start (both 1-based).
    fn location(&self, pos: usize) -> Location {
        let pos = pos.min(self.text.len());
        // The last line starting at or before `pos` (line 1 starts at 0).
        let line = self.line_starts.partition_point(|&s| s <= pos);
        let line_start = self.line_starts[line - 1];
        let offset = self.map[pos];
        // Counted from the line's first decoded byte, so a BOM is not a column.
        let column = offset.saturating_sub(self.map[line_start]) + 1;
        Location::new(offset as u64, line as u32, column)
    }
}

/// The decoder named by the XML declaration (`<?xml … encoding="GBK"?>`), if it is one
/// kifu decodes Xiangqi text with.
fn declared_encoding(bytes: &[u8]) -> Option<&'static str> {
    let head = &bytes[..bytes.len().min(200)];
    let decl = head.strip_prefix(b"<?xml")?;
    let decl = &decl[..decl.windows(2).position(|w| w == b"?>")?];
    let i = decl.windows(8).position(|w| w == b"encoding")?;
    let rest = decl[i + 8..].trim_ascii_start().strip_prefix(b"=")?;
    let rest = rest.trim_ascii_start();
    let quote = *rest.first()?;
    let rest = &rest[1..];
    let value = &rest[..rest.iter().position(|&b| b == quote)?];
    match value.to_ascii_lowercase().as_slice() {
        b"utf-8" | b"utf8" => Some("utf-8"),
        b"gbk" | b"gb2312" | b"gb18030" | b"cp936" => Some("gbk"),
        b"big5" | b"big-5" => Some("big5"),
        _ => None,
    }
}

/// Parses one `.cbf` file: one game (or one error).
pub fn parse(bytes: &[u8]) -> Vec<Result<XqGame, RawError>> {
    vec![parse_one(bytes)]
}

/// What the document holds, read in one pass.
#[derive(Default)]
struct Doc {
    /// `Head` children: name, text, where the element starts (decoded offset).
    head: Vec<(String, String, usize)>,
    /// `Move`s: value, `end="1"`, comment, where the element starts.
    moves: Vec<(String, bool, Option<String>, usize)>,
}

fn parse_one(bytes: &[u8]) -> Result<XqGame, RawError> {
    let src = Source::new(bytes);
    let doc = read_doc(&src).map_err(|(pos, message)| RawError {
        format: Some(Format::Cbf),
        at: src.location(pos),
        start: Location::new(0, 1, 1),
        span: Span::new(0, bytes.len() as u64),
        message,
        raw: raw_text(bytes),
    })?;
    let mut game = XqGame::new(Format::Cbf, Location::new(0, 1, 1));
    game.span = Span::new(0, bytes.len() as u64);
    game.encoding = src.encoding;
    let mut notes = Vec::new();
    game.header = header(&doc, &src, &mut game.fen, &mut notes);
    read_moves(&doc, &src, &mut game, &mut notes);
    game.notes = notes;
    Ok(game)
}

/// Why an element's attribute cannot be read.
#[derive(Debug)]
enum AttrError {
    Malformed(quick_xml::events::attributes::AttrError),
    NotUtf8(std::str::Utf8Error),
    /// An escape in the value of the attribute named.
    Escape(String, quick_xml::escape::EscapeError),
}

impl std::fmt::Display for AttrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AttrError::Malformed(err) => write!(f, "malformed attribute: {err}"),
            AttrError::NotUtf8(err) => write!(f, "{err}"),
            AttrError::Escape(name, err) => write!(f, "attribute {name}: {err}"),
        }
    }
}

fn attr(e: &BytesStart<'_>, name: &[u8]) -> Result<Option<String>, AttrError> {
    for a in e.attributes() {
        let a = a.map_err(AttrError::Malformed)?;
        if a.key.as_ref() == name {
            let raw = std::str::from_utf8(&a.value).map_err(AttrError::NotUtf8)?;
            let value = quick_xml::escape::unescape(raw).map_err(|err| {
                AttrError::Escape(String::from_utf8_lossy(name).into_owned(), err)
            })?;
            return Ok(Some(value.into_owned()));
        }
    }
    Ok(None)
}

/// Reads the document, checking that it is well-formed; `Err` = (decoded offset, what).
fn read_doc(src: &Source) -> Result<Doc, (usize, String)> {
    let mut reader = Reader::from_str(&src.text);
    reader.config_mut().check_end_names = true;
    let mut doc = Doc::default();
    // Open elements: name and decoded offset of the `<`.
    let mut open: Vec<(Vec<u8>, usize)> = Vec::new();
    let mut root_seen = false;
    // Text of the element being read (a Head child or a Move).
    let mut text = String::new();
    // The Move being read, until its end tag.
    let mut current_move: Option<(String, bool, usize)> = None;
    loop {
        let tag_at = reader.buffer_position() as usize;
        let event = reader.read_event().map_err(|e| {
            (
                reader.error_position() as usize,
                format!("not well-formed XML: {e}"),
            )
        })?;
        // Where this event's markup starts (skipping whitespace before it).
        let at = tag_at + src.text[tag_at..].len() - src.text[tag_at..].trim_start().len();
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let name = e.name().as_ref().to_vec();
                if open.is_empty() {
                    if root_seen {
                        return Err((at, "a second root element".into()));
                    }
                    if name != ROOT {
                        return Err((
                            at,
                            format!(
                                "root element <{}> is not <ChineseChessRecord>",
                                String::from_utf8_lossy(&name)
                            ),
                        ));
                    }
                    root_seen = true;
                }
                let parent = open.last().map(|(n, _)| n.as_slice());
                if name == b"Move" && parent == Some(b"MoveList") {
                    let value = attr(e, b"value")
                        .map_err(|m| (at, m.to_string()))?
                        .unwrap_or_default();
                    let end =
                        attr(e, b"end").map_err(|m| (at, m.to_string()))?.as_deref() == Some("1");
                    if empty {
                        doc.moves.push((value, end, None, at));
                    } else {
                        current_move = Some((value, end, at));
                    }
                } else if parent == Some(b"Head") && empty {
                    doc.head.push((
                        String::from_utf8_lossy(&name).into_owned(),
                        String::new(),
                        at,
                    ));
                } else {
                    // Check its attributes too: a malformed one makes the file not well-formed.
                    for a in e.attributes() {
                        a.map_err(|err| (at, format!("malformed attribute: {err}")))?;
                    }
                }
                text.clear();
                if !empty {
                    open.push((name, at));
                }
            }
            Event::End(_) => {
                let Some((name, start)) = open.pop() else {
                    return Err((
                        at,
                        "not well-formed XML: an end tag with no element open".into(),
                    ));
                };
                let parent = open.last().map(|(n, _)| n.as_slice());
                if name == b"Move" {
                    if let Some((value, end, at)) = current_move.take() {
                        let comment = text.trim();
                        let comment = (!comment.is_empty()).then(|| comment.to_string());
                        doc.moves.push((value, end, comment, at));
                    }
                } else if parent == Some(b"Head") {
                    doc.head.push((
                        String::from_utf8_lossy(&name).into_owned(),
                        text.trim().to_string(),
                        start,
                    ));
                }
                text.clear();
            }
            Event::Text(t) => {
                if open.is_empty() && !t.trim_ascii().is_empty() {
                    return Err((at, "text outside the root element".into()));
                }
                let raw = t.decode().map_err(|e| (at, e.to_string()))?;
                let value = quick_xml::escape::unescape(&raw)
                    .map_err(|e| (at, format!("bad entity reference: {e}")))?;
                text.push_str(&value);
            }
            Event::CData(t) => {
                text.push_str(&String::from_utf8_lossy(&t));
            }
            Event::GeneralRef(r) => {
                let raw = format!("&{};", String::from_utf8_lossy(&r));
                let value = quick_xml::escape::unescape(&raw)
                    .map_err(|e| (at, format!("bad entity reference: {e}")))?;
                text.push_str(&value);
            }
            Event::Eof => {
                if let Some((name, start)) = open.last() {
                    let l = src.location(*start);
                    return Err((
                        src.text.len(),
                        format!(
                            "not well-formed XML: <{}> opened at {}:{} is not closed",
                            String::from_utf8_lossy(name),
                            l.line,
                            l.column
                        ),
                    ));
                }
                if !root_seen {
                    return Err((0, "no <ChineseChessRecord> element".into()));
                }
                return Ok(doc);
            }
            Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_) => {}
        }
    }
}

fn header(doc: &Doc, src: &Source, fen: &mut Option<String>, notes: &mut Vec<Note>) -> Header {
    let mut h = Header::default();
    for (name, value, at) in &doc.head {
        if value.is_empty() {
            continue;
        }
        let v = Some(value.clone());
        match name.as_str() {
            "Contest" => h.event = v,
            "Round" => h.round = v,
            "Red" => h.red = v,
            "Black" => h.black = v,
            "FEN" => *fen = v,
            "Date" => {
                h.date = crate::xq_text::normalize_date(value);
                if h.date.as_deref() != Some(value.as_str()) {
                    h.extra.push(("Date".into(), value.clone()));
                }
            }
            "ECCO" => {
                h.opening = v;
                h.extra.push(("ECCO".into(), value.clone()));
            }
            "RecordResult" => {
                h.result_text = v;
                h.result = match value.as_str() {
                    "0" => Some(Outcome::Unknown),
                    "1" => Outcome::of(GameKind::Xiangqi, kifu_facts::ResultName::Red),
                    "2" => Outcome::of(GameKind::Xiangqi, kifu_facts::ResultName::Black),
                    "3" => Some(Outcome::Draw),
                    _ => {
                        notes.push(Note {
                            code: "cbf-unknown-result",
                            severity: Severity::Warning,
                            message: format!("unknown RecordResult {value:?}"),
                            at: src.location(*at),
                            ply: None,
                        });
                        None
                    }
                };
            }
            "Name" => h.extra.push(("Title".into(), value.clone())),
            _ => h.extra.push((name.clone(), value.clone())),
        }
    }
    h
}

/// `x1y1-x2y2` → from and to `(file, rank)`.
fn coords(value: &str) -> Option<((u8, u8), (u8, u8))> {
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b'-' {
        return None;
    }
    let d = |i: usize| b[i].is_ascii_digit().then(|| b[i] - b'0');
    let square = |x: u8, y: u8| (x <= 8).then_some((x, 9 - y));
    Some((square(d(0)?, d(1)?)?, square(d(3)?, d(4)?)?))
}

fn read_moves(doc: &Doc, src: &Source, game: &mut XqGame, notes: &mut Vec<Note>) {
    let mut moves = doc.moves.iter().peekable();
    let mut tree = match moves.peek() {
        Some((value, end, comment, _)) if value == "00-00" => {
            let t = TreeReader::new(comment.clone(), !end);
            moves.next();
            t
        }
        // No start-position record: the first move opens the line.
        _ => TreeReader::new(None, true),
    };
    let mut after_end = 0;
    for (value, end, comment, at) in moves {
        let Some(ply) = tree.next_ply() else {
            after_end += 1;
            continue;
        };
        let loc = src.location(*at);
        let Some((from, to)) = coords(value).filter(|(f, t)| f != t) else {
            notes.push(Note {
                code: "cbf-bad-move",
                severity: Severity::Error,
                message: format!("move value {value:?} is not two squares `xy-xy`; the moves from here on are not read"),
                at: loc,
                ply: Some(ply),
            });
            break;
        };
        // The move's text is the attribute value inside the tag (else: the tag).
        let tag = &src.text[*at..];
        let tag = &tag[..tag.find('>').unwrap_or(tag.len())];
        let (value_at, value_len) = tag
            .find(value.as_str())
            .map_or((*at, tag.len()), |i| (*at + i, value.len()));
        let mv = XqMove {
            text: XqMoveText::Coord { from, to },
            written: value.clone(),
            at: src.location(value_at),
            len: (src.map[value_at + value_len] - src.map[value_at]).min(u16::MAX as u32) as u16,
        };
        tree.push(mv, comment.clone(), !end, false);
    }
    if after_end > 0 {
        notes.push(Note {
            code: "cbf-moves-after-end",
            severity: Severity::Warning,
            message: format!(
                "{after_end} Move element(s) after the main line's end=\"1\" not read (象棋桥 CBF marks no alternatives kifu knows)"
            ),
            at: game.start,
            ply: None,
        });
    }
    let lines = tree.finish();
    if lines.dropped > 0 {
        // Cannot happen without alternatives; kept for when they are read.
        notes.push(Note {
            code: "cbf-variations-dropped",
            severity: Severity::Info,
            message: format!(
                "{} variation(s) deeper than {MAX_VARIATION_DEPTH} not kept",
                lines.dropped
            ),
            at: game.start,
            ply: None,
        });
    }
    game.moves = lines.moves;
    game.variations = lines.variations;
    game.comments = lines.comments;
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Red>甲</Red>\n  <Black />\n  <RecordResult>1</RecordResult>\n </Head>\n <MoveList>\n  <Move value=\"00-00\"><![CDATA[start]]></Move>\n  <Move value=\"77-47\" />\n  <Move value=\"70-62\" end=\"1\">a &amp; b</Move>\n </MoveList>\n</ChineseChessRecord>\n";

    #[test]
    fn a_small_record() {
        let g = parse(DOC.as_bytes()).remove(0).unwrap();
        assert_eq!(g.header.red.as_deref(), Some("甲"));
        assert_eq!(g.header.black, None);
        assert_eq!(
            g.header.result,
            Outcome::of(GameKind::Xiangqi, kifu_facts::ResultName::Red)
        );
        let m: Vec<_> = g.moves.iter().map(|m| m.text.clone()).collect();
        assert_eq!(
            m,
            [
                XqMoveText::Coord {
                    from: (7, 2),
                    to: (4, 2)
                },
                XqMoveText::Coord {
                    from: (7, 9),
                    to: (6, 7)
                }
            ]
        );
        assert_eq!(g.comments.len(), 2);
        assert_eq!(g.comments[1].text, "a & b");
        assert_eq!(g.comments[1].ply, 2);
        // Line 10 holds the first real move, its value from column 16.
        assert_eq!((g.moves[0].at.line, g.moves[0].at.column), (10, 16));
        assert_eq!(g.moves[0].len, 5);
    }

    #[test]
    fn a_declared_or_marked_encoding_is_decoded_and_located_in_source_bytes() {
        let text = DOC.trim_start_matches('\u{FEFF}').replace("UTF-8", "GBK");
        let (gbk, _, _) = encoding_rs::GBK.encode(&text);
        let g = parse(&gbk).remove(0).unwrap();
        assert_eq!((g.encoding, g.header.red.as_deref()), ("gbk", Some("甲")));
        // Line 4 `  <Red>甲</Red>`: the first move's line is after it, same column.
        assert_eq!((g.moves[0].at.line, g.moves[0].at.column), (10, 16));
        let at = g.moves[0].at.offset as usize;
        assert_eq!(&gbk[at..at + 5], b"77-47");
        // UTF-16LE with its mark.
        let mut utf16 = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            utf16.extend_from_slice(&u.to_le_bytes());
        }
        let g = parse(&utf16).remove(0).unwrap();
        assert_eq!(
            (g.encoding, g.header.red.as_deref()),
            ("utf-16le", Some("甲"))
        );
        let at = g.moves[0].at.offset as usize;
        assert_eq!(&utf16[at..at + 4], b"7\x007\x00");
        assert_eq!(g.moves[0].len, 10);
    }

    #[test]
    fn errors_on_the_first_line_after_a_bom() {
        let e = parse("\u{FEFF}<a>".as_bytes()).remove(0).unwrap_err();
        assert_eq!((e.at.line, e.at.column, e.at.offset), (1, 1, 3), "{e}");
        let e = parse(b"</a>").remove(0).unwrap_err();
        assert_eq!(e.at.line, 1, "{e}");
    }

    #[test]
    fn malformed_xml_is_an_error_at_line_and_column() {
        let bad = DOC.replace("</Red>", "</Rouge>");
        let e = parse(bad.as_bytes()).remove(0).unwrap_err();
        assert_eq!(e.at.line, 4, "{e}");
        assert!(e.message.contains("not well-formed"), "{e}");
        let cut = &DOC.as_bytes()[..DOC.find(" </MoveList>").unwrap()];
        let e = parse(cut).remove(0).unwrap_err();
        assert!(
            e.message.contains("<MoveList> opened at 8:2 is not closed"),
            "{e}"
        );
    }
}
