//! RenLib `.lib` binary libraries (opening and analysis trees).
//!
//! Layout (checked against `gomoku/RenLib` `LibraryFile.cpp` / `RenLibDoc::AddLibrary`
//! and figrid-board `tree.cpp::load_renlib`):
//! - a 20-byte header: `FF 'R' 'e' 'n' 'L' 'i' 'b' FF`, major and minor version, then
//!   padding (`FF`);
//! - then the tree in preorder, one 2-byte record `[pos, flags]` per node:
//!   - `pos`: low nibble column 1–15 (1 = a), high nibble row from the **top**
//!     (0 = row 15); `0x78` = h8; `0x00` = no position (a root record when first,
//!     a pass elsewhere);
//!   - `flags`: `0x80` the node has a later sibling (push a branch point), `0x40` the
//!     node is a leaf (after it, pop back to the last branch point: the next record is
//!     that point's sibling), `0x20` old-style comment, `0x10` mark, `0x08` comment,
//!     `0x04` start, `0x02` no move, `0x01` extension (two more bytes follow; bit
//!     `0x0100` of them = board text follows);
//!   - a comment is read in byte pairs up to the pair holding a `0` byte; its first line
//!     is separated from the rest by `0x08`; an old-style comment runs in pairs up to the
//!     pair holding a byte with the high bit set; board text is read like a comment.
//! - The tree ends with a leaf record that has no sibling and no open branch point.
//!
//! A library is one tree, so it is one [`RawGame`] (format RenLib, no result): the main line
//! follows first children from the root, every other child is a variation
//! ([`crate::move_tree`]), at any depth. Comments are [`Comment`]s on their node's line (a
//! `0x00` root record's is ply 0). Comment text is UTF-8 if valid, else GBK; `0x08` becomes
//! a newline and CRLF becomes LF. A node's board text and mark go to `Header::extra`: on
//! the main line as `("board-text@<ply>", text)` and `("mark", ply)`, on a variation as
//! `("board-text@node <n>", text)` and `("mark", "node <n>")`, `n` numbered as
//! [`crate::variation::variation_nodes`] numbers them. Moves are located at their record's
//! byte offset (line and column 0).
//!
//! Errors: a bad header is `Err`; a tree that ends early yields the tree read so far plus
//! one [`RawError`] at the end of the data; bytes after the end of the tree are one
//! [`RawError`] at the first such byte.

use kifu_facts::Severity;
use nom::bytes::complete::{tag, take};
use nom::number::complete::u8 as byte;
use nom::{IResult, Parser};

use crate::move_tree::{Lines, TreeReader, MAX_VARIATION_DEPTH};
use crate::raw::{
    Format, Location, Note, RawError, RawGame, RawItem, RawMove, RenjuVariation, Span, Variation,
    MAX_RAW_KEPT,
};
use crate::variation::variation_nodes;

/// The magic at the start of a RenLib file.
pub const MAGIC: &[u8; 8] = b"\xFFRenLib\xFF";
/// Header length in bytes.
pub const HEADER_LEN: usize = 20;

pub const SIBLING: u8 = 0x80;
pub const LEAF: u8 = 0x40;
pub const OLD_COMMENT: u8 = 0x20;
pub const MARK: u8 = 0x10;
pub const COMMENT: u8 = 0x08;
pub const START: u8 = 0x04;
pub const NO_MOVE: u8 = 0x02;
pub const EXTENSION: u8 = 0x01;

/// Header: magic, then version (major, minor).
pub fn header(input: &[u8]) -> IResult<&[u8], (u8, u8)> {
    let (rest, (_, major, minor, _)) =
        (tag(&MAGIC[..]), byte, byte, take(HEADER_LEN - 10)).parse(input)?;
    Ok((rest, (major, minor)))
}

/// Maps a RenLib position byte to a point (`None` for `0x00`).
pub fn point(pos: u8) -> Option<(u8, u8)> {
    if pos == 0 {
        return None;
    }
    let col = pos & 0x0F;
    let top = pos >> 4;
    // Column 0 is not a column; keep the byte's meaning faithful: column nibble - 1
    // (wrapping 0 to 255 would be nonsense, so column 0 maps to the left edge's left).
    Some((col.wrapping_sub(1), 14u8.wrapping_sub(top)))
}

/// Decodes comment bytes: UTF-8 if valid, else GBK. `0x08` → newline, CRLF → LF.
pub fn decode_comment(bytes: &[u8]) -> String {
    let s = match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => encoding_rs::GBK.decode(bytes).0.into_owned(),
    };
    s.replace('\u{8}', "\n")
        .replace("\r\n", "\n")
        .trim_end()
        .to_string()
}

/// One node as read from the file.
#[derive(Clone, Debug)]
struct Node {
    offset: u64,
    pos: u8,
    flags: u8,
    comment: Option<String>,
    board_text: Option<String>,
    /// Whether the record is a move (false only for a leading `0x00` root record).
    is_move: bool,
}

/// Tree statistics of a full walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// 2-byte node records (the root record included).
    pub nodes: usize,
    /// Records with the leaf flag (= lines).
    pub leaves: usize,
    /// Records with a comment (new- or old-style).
    pub comments: usize,
    /// Greatest number of moves on a line.
    pub max_depth: usize,
    /// Bytes consumed (header included).
    pub bytes_used: usize,
}

fn hex(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(MAX_RAW_KEPT / 2)];
    cut.iter().map(|b| format!("{b:02x}")).collect()
}

fn loc(offset: usize) -> Location {
    Location::new(offset as u64, 0, 0)
}

fn error(bytes: &[u8], at: usize, start: usize, end: usize, message: String) -> RawError {
    let end = end.min(bytes.len()).max(start.min(bytes.len()));
    let start_c = start.min(bytes.len());
    RawError {
        format: Some(Format::RenLib),
        at: loc(at),
        start: loc(start_c),
        span: Span::new(start_c as u64, end as u64),
        message,
        raw: hex(&bytes[start_c..end]),
    }
}

/// Reads a text in byte pairs up to the pair holding `0` (or, for old comments, a byte
/// with the high bit set). Returns the text bytes and the position after the text.
fn read_text(bytes: &[u8], mut i: usize, old: bool) -> Result<(&[u8], usize), usize> {
    let start = i;
    loop {
        if i + 2 > bytes.len() {
            return Err(i);
        }
        let (a, b) = (bytes[i], bytes[i + 1]);
        i += 2;
        if old {
            if a & 0x80 != 0 || b & 0x80 != 0 {
                return Ok((&bytes[start..i - 2], i));
            }
        } else if a == 0 {
            return Ok((&bytes[start..i - 2], i));
        } else if b == 0 {
            return Ok((&bytes[start..i - 1], i));
        }
    }
}

/// Walks the tree, calling `on_node` for every node record in file order (preorder).
/// Returns the stats and an error if the tree is cut short or followed by garbage.
fn walk(bytes: &[u8], mut on_node: impl FnMut(&Node)) -> (Stats, Option<RawError>) {
    let mut stats = Stats::default();
    let mut path: Vec<Node> = Vec::new();
    // Path lengths to return to after a leaf (one per open branch point).
    let mut branch: Vec<usize> = Vec::new();
    let mut i = HEADER_LEN;
    let mut first = true;
    loop {
        if i >= bytes.len() {
            let depth = path.len();
            let msg = if first {
                "the library holds no tree (no node after the header)".to_string()
            } else {
                format!(
                    "the tree ends early: data ran out inside a line (depth {depth}, {} open branch points)",
                    branch.len()
                )
            };
            let start = path.first().map_or(i, |n| n.offset as usize);
            return (
                stats,
                Some(error(bytes, bytes.len(), start, bytes.len(), msg)),
            );
        }
        if i + 2 > bytes.len() {
            return (
                stats,
                Some(error(
                    bytes,
                    i,
                    i,
                    bytes.len(),
                    "truncated node record: one byte where two are needed".to_string(),
                )),
            );
        }
        let offset = i;
        let (pos, flags) = (bytes[i], bytes[i + 1]);
        i += 2;
        stats.nodes += 1;
        let mut board_text_follows = false;
        if flags & EXTENSION != 0 {
            if i + 2 > bytes.len() {
                return (
                    stats,
                    Some(error(
                        bytes,
                        i,
                        offset,
                        bytes.len(),
                        "truncated extension: two more bytes expected".to_string(),
                    )),
                );
            }
            let ext = u16::from_be_bytes([bytes[i], bytes[i + 1]]);
            board_text_follows = ext & 0x0100 != 0;
            i += 2;
        }
        let mut comment = None;
        if flags & (COMMENT | OLD_COMMENT) != 0 {
            stats.comments += 1;
            match read_decoded(bytes, i, flags & COMMENT == 0, offset, "comment") {
                Ok((text, next)) => {
                    comment = Some(text);
                    i = next;
                }
                Err(e) => return (stats, Some(e)),
            }
        }
        let mut board_text = None;
        if board_text_follows {
            match read_decoded(bytes, i, false, offset, "board text") {
                Ok((text, next)) => {
                    board_text = Some(text);
                    i = next;
                }
                Err(e) => return (stats, Some(e)),
            }
        }
        let is_move = !(first && pos == 0);
        first = false;
        let node = Node {
            offset: offset as u64,
            pos,
            flags,
            comment,
            board_text,
            is_move,
        };
        on_node(&node);
        path.push(node);
        if flags & LEAF == 0 {
            // The next record is this node's first child.
            if flags & SIBLING != 0 {
                branch.push(path.len() - 1);
            }
            continue;
        }
        stats.leaves += 1;
        // Only a leading root record is not a move.
        let depth = path.len() - usize::from(!path[0].is_move);
        stats.max_depth = stats.max_depth.max(depth);
        if flags & SIBLING != 0 {
            // The next record is this leaf's sibling.
            path.pop();
        } else if let Some(len) = branch.pop() {
            // The next record is the sibling of the last branch point.
            path.truncate(len);
        } else {
            stats.bytes_used = i;
            if i < bytes.len() {
                return (
                    stats,
                    Some(error(
                        bytes,
                        i,
                        i,
                        bytes.len(),
                        format!("{} bytes after the end of the tree", bytes.len() - i),
                    )),
                );
            }
            return (stats, None);
        }
    }
}

/// A comment or board text at `i`, decoded, and the index after it; a missing terminator
/// is an error located where the text ran out, for the node starting at `node`.
fn read_decoded(
    bytes: &[u8],
    i: usize,
    old_style: bool,
    node: usize,
    what: &str,
) -> Result<(String, usize), RawError> {
    read_text(bytes, i, old_style)
        .map(|(text, next)| (decode_comment(text), next))
        .map_err(|at| {
            error(
                bytes,
                at,
                node,
                bytes.len(),
                format!("truncated {what}: no terminating 0 byte"),
            )
        })
}

fn check_header(bytes: &[u8]) -> Result<(), RawError> {
    match header(bytes) {
        Ok(_) => Ok(()),
        Err(_) => {
            let n = bytes.len().min(HEADER_LEN);
            let bad = MAGIC
                .iter()
                .zip(bytes)
                .position(|(a, b)| a != b)
                .unwrap_or(bytes.len().min(MAGIC.len()));
            let msg = if bad < MAGIC.len() {
                "not a RenLib file: expected the header FF 'RenLib' FF".to_string()
            } else {
                format!(
                    "truncated RenLib header: {} of {HEADER_LEN} bytes",
                    bytes.len()
                )
            };
            Err(error(bytes, bad, 0, n, msg))
        }
    }
}

/// A move of the tree with what RenLib keeps beside it.
#[derive(Clone, Debug)]
struct LibMove {
    mv: RawMove,
    mark: bool,
    board_text: Option<String>,
}

/// Parses a whole library into one record: the tree's main line and its variations (plus a
/// final error item when the tree is cut short or followed by extra bytes). A bad header is
/// `Err`.
pub fn parse(bytes: &[u8]) -> Result<Vec<RawItem>, RawError> {
    check_header(bytes)?;
    let mut tree: Option<TreeReader<LibMove>> = None;
    let mut root: Option<Node> = None;
    let mut notes = Vec::new();
    let (stats, err) = walk(bytes, |n| {
        let t = tree.get_or_insert_with(|| {
            if n.is_move {
                TreeReader::new(None, true)
            } else {
                root = Some(n.clone());
                TreeReader::new(n.comment.clone(), n.flags & LEAF == 0)
                    .with_root_alternative(n.flags & SIBLING != 0)
            }
        });
        if !n.is_move {
            return;
        }
        let Some(ply) = t.next_ply() else { return };
        if n.pos != 0 && n.pos & 0x0F == 0 {
            notes.push(Note {
                code: "renlib-bad-position",
                severity: Severity::Warning,
                message: format!(
                    "position byte {:#04x} at byte {} (a move at ply {ply}) has column 0",
                    n.pos, n.offset
                ),
                at: Location::new(n.offset, 0, 0),
                ply: None,
            });
        }
        let mv = LibMove {
            mv: RawMove {
                point: point(n.pos),
                at: Location::new(n.offset, 0, 0),
                len: 2,
            },
            mark: n.flags & MARK != 0,
            board_text: n.board_text.clone(),
        };
        let comment = n.comment.clone().filter(|c| !c.is_empty());
        t.push(mv, comment, n.flags & LEAF == 0, n.flags & SIBLING != 0);
    });
    let mut out = Vec::new();
    if let Some(tree) = tree {
        let end = if stats.bytes_used > 0 {
            stats.bytes_used
        } else {
            bytes.len()
        };
        out.push(Ok(library_game(tree.finish(), root.as_ref(), end, notes)));
    }
    if let Some(e) = err {
        out.push(Err(e));
    }
    Ok(out)
}

/// The one record of a library read into `lines`, ending at byte `end`.
fn library_game(
    lines: Lines<LibMove>,
    root: Option<&Node>,
    end: usize,
    mut notes: Vec<Note>,
) -> RawGame {
    let mut g = RawGame::new(Format::RenLib, loc(HEADER_LEN));
    // The record is the tree, which starts after the header where its location is: a span
    // from 0 made the stored offset + length reach 20 bytes past the file's end.
    g.span = Span::new(HEADER_LEN.min(end) as u64, end as u64);
    if let Some(text) = root.and_then(|r| r.board_text.clone()) {
        g.header.extra.push(("board-text@0".to_string(), text));
    }
    if root.is_some_and(|r| r.flags & MARK != 0) {
        g.header.extra.push(("mark".to_string(), "0".to_string()));
    }
    for (i, m) in lines.moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(text) = &m.board_text {
            g.header
                .extra
                .push((format!("board-text@{ply}"), text.clone()));
        }
        if m.mark {
            g.header.extra.push(("mark".to_string(), ply.to_string()));
        }
    }
    for n in variation_nodes(&lines.variations) {
        if let Some(text) = &n.mv.board_text {
            g.header
                .extra
                .push((format!("board-text@node {}", n.node), text.clone()));
        }
        if n.mv.mark {
            g.header
                .extra
                .push(("mark".to_string(), format!("node {}", n.node)));
        }
    }
    if lines.dropped > 0 {
        notes.push(Note {
            code: "variations-too-deep",
            severity: Severity::Warning,
            message: format!(
                "{} variation(s) nested deeper than {MAX_VARIATION_DEPTH} levels are not kept",
                lines.dropped
            ),
            at: loc(HEADER_LEN),
            ply: None,
        });
    }
    g.moves = lines.moves.into_iter().map(|m| m.mv).collect();
    g.variations = lines.variations.into_iter().map(plain_variation).collect();
    g.comments = lines.comments;
    g.notes = notes;
    g
}

/// A variation's moves without RenLib's marks (kept in the header, see the module docs).
fn plain_variation(v: Variation<LibMove>) -> RenjuVariation {
    Variation {
        from_ply: v.from_ply,
        moves: v.moves.into_iter().map(|m| m.mv).collect(),
        comments: v.comments,
        marks: v.marks,
        variations: v.variations.into_iter().map(plain_variation).collect(),
    }
}

/// Walks the tree only, for statistics (nodes, leaves, comments, depth, bytes used).
pub fn stats(bytes: &[u8]) -> Result<(Stats, Option<RawError>), RawError> {
    check_header(bytes)?;
    Ok(walk(bytes, |_| ()))
}

/// A node to write with [`write`]: a position byte's point, children, a comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeNode {
    /// `(column, row)` 0-based from the bottom-left, or `None` for a pass.
    pub point: Option<(u8, u8)>,
    pub comment: Option<String>,
    pub children: Vec<TreeNode>,
}

/// Encodes a point as a RenLib position byte (`None` → `0x00`). Points off a 15×15
/// board cannot be written and give `None`.
pub fn encode_point(p: Option<(u8, u8)>) -> Option<u8> {
    match p {
        None => Some(0),
        Some((c, r)) if c < 15 && r < 15 => Some(((14 - r) << 4) | (c + 1)),
        Some(_) => None,
    }
}

/// Writes a RenLib file (version 3.0) from a forest of first moves (preorder; comments as
/// UTF-8 with `\n` → `0x08` for the first line break). Used for fixtures and tests.
pub fn write(roots: &[TreeNode]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[3, 0]);
    out.extend_from_slice(&[0xFF; HEADER_LEN - 10]);
    fn emit(out: &mut Vec<u8>, nodes: &[TreeNode]) {
        for (k, n) in nodes.iter().enumerate() {
            let mut flags = 0u8;
            if k + 1 < nodes.len() {
                flags |= SIBLING;
            }
            if n.children.is_empty() {
                flags |= LEAF;
            }
            if n.comment.is_some() {
                flags |= COMMENT;
            }
            out.push(encode_point(n.point).unwrap_or(0));
            out.push(flags);
            if let Some(c) = &n.comment {
                let mut text = c
                    .replacen('\n', "\u{8}", 1)
                    .replace('\n', "\r\n")
                    .into_bytes();
                text.retain(|&b| b != 0);
                out.extend_from_slice(&text);
                out.push(0);
                if text.len() % 2 == 0 {
                    out.push(0);
                }
            }
            emit(out, &n.children);
        }
    }
    emit(&mut out, roots);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::Comment;

    #[test]
    fn points() {
        assert_eq!(point(0x78), Some((7, 7)));
        assert_eq!(point(0x01), Some((0, 14)));
        assert_eq!(point(0xEF), Some((14, 0)));
        assert_eq!(encode_point(Some((7, 7))), Some(0x78));
        assert_eq!(encode_point(Some((7, 8))), Some(0x68));
    }

    #[test]
    fn roundtrip() {
        let tree = vec![TreeNode {
            point: Some((7, 7)),
            comment: Some("root\nmore\nlines".into()),
            children: vec![
                TreeNode {
                    point: Some((7, 8)),
                    comment: Some("odd".into()),
                    children: vec![],
                },
                TreeNode {
                    point: Some((8, 8)),
                    comment: None,
                    children: vec![TreeNode {
                        point: Some((9, 9)),
                        comment: Some("ab".into()),
                        children: vec![],
                    }],
                },
            ],
        }];
        let bytes = write(&tree);
        let items = parse(&bytes).unwrap();
        assert_eq!(items.len(), 1);
        let g = items[0].as_ref().unwrap();
        // The main line follows first children; the other child is a variation.
        assert_eq!(
            g.moves.iter().map(|m| m.point).collect::<Vec<_>>(),
            vec![Some((7, 7)), Some((7, 8))]
        );
        assert_eq!(
            g.comments,
            vec![
                Comment {
                    ply: 1,
                    text: "root\nmore\nlines".into()
                },
                Comment {
                    ply: 2,
                    text: "odd".into()
                }
            ]
        );
        assert_eq!(g.variations.len(), 1);
        let v = &g.variations[0];
        assert_eq!(v.from_ply, 2);
        assert_eq!(
            v.moves.iter().map(|m| m.point).collect::<Vec<_>>(),
            vec![Some((8, 8)), Some((9, 9))]
        );
        assert_eq!(
            v.comments,
            vec![Comment {
                ply: 3,
                text: "ab".into()
            }]
        );
        assert_eq!(g.span, Span::new(HEADER_LEN as u64, bytes.len() as u64));
        let (s, e) = stats(&bytes).unwrap();
        assert!(e.is_none());
        assert_eq!(s.bytes_used, bytes.len());
    }

    #[test]
    fn a_root_record_and_a_long_trunk_with_many_leaves() {
        // A 0x00 root record, a trunk of 2,000 moves ending in 2,000 sibling leaves: one
        // record of 2,001 moves and 1,999 one-move variations, read in linear time.
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&[3, 0]);
        bytes.resize(HEADER_LEN, 0xFF);
        bytes.extend_from_slice(&[0x00, COMMENT, b'r', 0]);
        for _ in 0..2000 {
            bytes.extend_from_slice(&[0x78, 0]);
        }
        for k in 0..2000 {
            let flags = if k < 1999 { SIBLING | LEAF } else { LEAF };
            bytes.extend_from_slice(&[0x79, flags]);
        }
        let items = parse(&bytes).unwrap();
        assert_eq!(items.len(), 1);
        let g = items[0].as_ref().unwrap();
        assert_eq!(g.moves.len(), 2001);
        assert_eq!(g.variations.len(), 1999);
        assert!(g.variations.iter().all(|v| v.from_ply == 2001));
        assert_eq!(
            g.comments[0],
            Comment {
                ply: 0,
                text: "r".into()
            }
        );
        let (s, e) = stats(&bytes).unwrap();
        assert!(e.is_none());
        assert_eq!((s.leaves, s.max_depth), (2000, 2001));
    }

    #[test]
    fn marks_and_board_texts_are_kept_by_ply_and_node() {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&[3, 0]);
        bytes.resize(HEADER_LEN, 0xFF);
        // h8 (marked, sibling) → h9 (board text "A", leaf); then i9 (marked, leaf).
        bytes.extend_from_slice(&[0x78, SIBLING | MARK]);
        bytes.extend_from_slice(&[0x68, LEAF | EXTENSION, 0x01, 0x00, b'A', 0]);
        bytes.extend_from_slice(&[0x69, LEAF | MARK]);
        let g = parse(&bytes).unwrap().remove(0).unwrap();
        assert_eq!(g.moves.len(), 2);
        assert_eq!(g.variations.len(), 1);
        let extra: Vec<(&str, &str)> = g
            .header
            .extra
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            extra,
            [("mark", "1"), ("board-text@2", "A"), ("mark", "node 1")]
        );
    }
}
