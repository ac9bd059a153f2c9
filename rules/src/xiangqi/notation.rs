//! Move notations: Chinese (`炮二平五`, `马8进7`, `前兵进一`), WXF (`C2=5`, `C2.5`, `+R=1`,
//! `R+=1`), ICCS (`h2e2`, `H2-E2`, ranks 0-9 or 1-10) and SAN (`Cbe2`, `Rxb9`, `A10e9`),
//! resolved against a position; and the canonical Chinese and WXF text of a move.
//!
//! Resolution is by legality: the text gives a piece (kind + file, or kind + position on a
//! file), a direction and a number; the legal moves matching it are collected. One match is
//! the move; none is [`NotationError::Illegal`]; two or more is
//! [`NotationError::Ambiguous`]. When the text names a file holding two or more like pieces
//! without 前/后 (or names 前/后 where no file holds two), and legality picks exactly one
//! move, the move is returned with [`Resolved::nonstandard`] set. Advisors and elephants never
//! need 前/后 (the one that can advance is always behind), so they are not flagged.
//!
//! Canonical forms written by [`move_to_chinese`] / [`move_to_wxf`]:
//! - piece + file (`炮二平五`, `马8进7`; Red numerals 一–九, Black ASCII digits; WXF `C2=5`,
//!   upper-case letters K A E H R C P for both sides, `=` for traverse);
//! - two like pieces on a file: `前马进七` / `后车退1` (WXF `+H+7`, `-R-1`);
//! - three pawns on a file: 前/中/后 (WXF `1P`/`2P`/`3P`, front first); four or five:
//!   一二三四五 (WXF `1P`…`5P`);
//! - pawns stacked on two files: position + file, kind implied (`前七进一`, `后3平4`; WXF
//!   `+7+1`, `-3=4`, or `27+1` for the second of three).

use super::piece::{Kind, Piece, Side};
use super::position::{MoveList, Position};
use super::square::{chinese_numeral, Move, Square};
use kifu_parser::raw::XqMoveText;
use std::fmt;

/// Why a written move could not be resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in the notation.
    Unreadable { text: String, reason: &'static str },
    /// No legal move matches.
    Illegal { text: String },
    /// Two or more legal moves match.
    Ambiguous { text: String, moves: Vec<Move> },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Unreadable { text, reason } => {
                write!(f, "cannot read move {text:?}: {reason}")
            }
            NotationError::Illegal { text } => write!(f, "{text:?} matches no legal move"),
            NotationError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(|m| m.iccs()).collect();
                write!(
                    f,
                    "{text:?} matches {} legal moves: {}",
                    moves.len(),
                    list.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// A resolved move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub mv: Move,
    /// Why the text is not the standard way to write the move, when legality had to pick
    /// the piece (e.g. 前/后 omitted).
    pub nonstandard: Option<&'static str>,
}

/// Which of the like pieces on a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Front,
    Middle,
    Rear,
    /// 0-based from the front (一二三四五 → 0-4).
    Nth(u8),
}

/// The source part of a board-relative move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// File number 1-9 counted from the mover's right.
    File(u8),
    /// Position among like pieces on a file; the file number (1-9, mover's right) if given.
    Place(Place, Option<u8>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Forward,
    Backward,
    Traverse,
}

/// A Chinese or WXF move, not yet resolved: `kind` is `None` when only pawns can be meant
/// (position + file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    pub kind: Option<Kind>,
    pub source: Source,
    pub direction: Direction,
    /// 1-9: a distance, or a file number from the mover's right.
    pub number: u8,
}

fn unreadable(text: &str, reason: &'static str) -> NotationError {
    NotationError::Unreadable {
        text: text.to_string(),
        reason,
    }
}

fn number_of(c: char) -> Option<u8> {
    Some(match c {
        '一' => 1,
        '二' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        '1'..='9' => c as u8 - b'0',
        '１'..='９' => (c as u32 - '０' as u32) as u8,
        _ => return None,
    })
}

fn place_of(c: char) -> Option<Place> {
    Some(match c {
        '前' => Place::Front,
        '中' => Place::Middle,
        '后' | '後' => Place::Rear,
        _ => return None,
    })
}

fn direction_of(c: char) -> Option<Direction> {
    Some(match c {
        '进' | '進' => Direction::Forward,
        '退' => Direction::Backward,
        '平' => Direction::Traverse,
        _ => return None,
    })
}

/// Maps full-width ASCII (U+FF01–U+FF5E) to ASCII and the ideographic space to a space.
pub fn fullwidth_to_ascii(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// Parses Chinese notation (Simplified or Traditional, any digits) into a [`Spec`].
pub fn parse_chinese(text: &str) -> Result<Spec, NotationError> {
    // The first characters on the stack (this runs on every move); `n` counts them all.
    let mut cs = ['\0'; 8];
    let mut n = 0;
    for c in text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '!' | '?' | '！' | '？'))
    {
        if n < cs.len() {
            cs[n] = c;
        }
        n += 1;
    }
    let (kind, source, rest) = if n < 4 {
        return Err(unreadable(text, "too short"));
    } else if let Some(k) = Kind::from_chinese(cs[0]) {
        let f = number_of(cs[1]).ok_or_else(|| unreadable(text, "no file after the piece"))?;
        (Some(k), Source::File(f), 2)
    } else {
        let place = place_of(cs[0])
            .or_else(|| {
                number_of(cs[0])
                    .filter(|&n| n <= 5)
                    .map(|n| Place::Nth(n - 1))
            })
            .ok_or_else(|| unreadable(text, "no piece"))?;
        if let Some(k) = Kind::from_chinese(cs[1]) {
            // 前兵七进一: position, piece, file
            if n == 5 {
                let f = number_of(cs[2]).ok_or_else(|| unreadable(text, "bad file"))?;
                (Some(k), Source::Place(place, Some(f)), 3)
            } else {
                (Some(k), Source::Place(place, None), 2)
            }
        } else if let Some(f) = number_of(cs[1]) {
            (None, Source::Place(place, Some(f)), 2)
        } else {
            return Err(unreadable(text, "no piece"));
        }
    };
    if n - rest != 2 {
        return Err(unreadable(text, "expected direction and number"));
    }
    let rest = &cs[rest..rest + 2];
    let direction = direction_of(rest[0]).ok_or_else(|| unreadable(text, "no 进/退/平"))?;
    let number = number_of(rest[1]).ok_or_else(|| unreadable(text, "no number"))?;
    Ok(Spec {
        kind,
        source,
        direction,
        number,
    })
}

/// Parses WXF notation (`C2=5`, `C2.5`, `H8+7`, `+R=1`, `R+=1`, `C++1`, `p++1`, full-width
/// forms) into a [`Spec`].
pub fn parse_wxf(text: &str) -> Result<Spec, NotationError> {
    let t = fullwidth_to_ascii(text);
    let cs: Vec<char> = t
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '!' | '?'))
        .collect();
    if cs.len() < 4 {
        return Err(unreadable(text, "too short"));
    }
    let sign_place = |c: char| match c {
        '+' => Some(Place::Front),
        '-' => Some(Place::Rear),
        '=' | '.' => Some(Place::Middle),
        _ => None,
    };
    let digit = |c: char| c.to_digit(10).filter(|&d| d >= 1).map(|d| d as u8);
    let (kind, source, rest) = if let Some(k) = Kind::from_letter(cs[0]) {
        if let Some(n) = digit(cs[1]) {
            (Some(k), Source::File(n), &cs[2..])
        } else if let Some(p) = sign_place(cs[1]).filter(|p| *p != Place::Middle) {
            (Some(k), Source::Place(p, None), &cs[2..])
        } else {
            return Err(unreadable(text, "no file after the piece"));
        }
    } else {
        let place = sign_place(cs[0])
            .or_else(|| digit(cs[0]).filter(|&n| n <= 5).map(|n| Place::Nth(n - 1)))
            .ok_or_else(|| unreadable(text, "no piece letter"))?;
        if let Some(k) = Kind::from_letter(cs[1]) {
            if cs.len() == 5 {
                let n = digit(cs[2]).ok_or_else(|| unreadable(text, "bad file"))?;
                (Some(k), Source::Place(place, Some(n)), &cs[3..])
            } else {
                (Some(k), Source::Place(place, None), &cs[2..])
            }
        } else if let Some(n) = digit(cs[1]) {
            (None, Source::Place(place, Some(n)), &cs[2..])
        } else {
            return Err(unreadable(text, "no piece letter"));
        }
    };
    if rest.len() != 2 {
        return Err(unreadable(text, "expected direction and number"));
    }
    let direction = match rest[0] {
        '+' => Direction::Forward,
        '-' => Direction::Backward,
        '=' | '.' => Direction::Traverse,
        _ => return Err(unreadable(text, "no +, - or =")),
    };
    let number = digit(rest[1]).ok_or_else(|| unreadable(text, "no number"))?;
    Ok(Spec {
        kind,
        source,
        direction,
        number,
    })
}

/// ICCS file (0-8) of file number `n` (1-9) counted from `side`'s right.
#[inline]
fn file_of(side: Side, n: u8) -> u8 {
    match side {
        Side::Red => 9 - n,
        Side::Black => n - 1,
    }
}

/// File number (1-9) from `side`'s right of ICCS file `f`.
#[inline]
fn number_of_file(side: Side, f: u8) -> u8 {
    match side {
        Side::Red => 9 - f,
        Side::Black => f + 1,
    }
}

/// Squares in a fixed array: a file holds at most 10, a board 90 (no allocation for the
/// candidates of every move).
#[derive(Clone, Copy)]
struct Squares {
    sq: [Square; 90],
    len: usize,
}

impl Squares {
    fn new() -> Squares {
        Squares {
            sq: [Square(0); 90],
            len: 0,
        }
    }

    fn push(&mut self, s: Square) {
        if self.len < self.sq.len() {
            self.sq[self.len] = s;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for Squares {
    type Target = [Square];
    fn deref(&self) -> &[Square] {
        &self.sq[..self.len]
    }
}

impl std::ops::DerefMut for Squares {
    fn deref_mut(&mut self) -> &mut [Square] {
        &mut self.sq[..self.len]
    }
}

/// Own pieces of `kind` on file `f`, front (most advanced) first.
fn stack(pos: &Position, side: Side, kind: Kind, f: u8) -> Squares {
    // Compared by code, not decoded square by square (this runs on every move).
    let code = Piece::new(side, kind).code();
    let board = &pos.board().sq;
    let mut v = Squares::new();
    for r in 0..10u8 {
        let s = Square(r * 9 + f);
        if board[s.index()] == code {
            v.push(s);
        }
    }
    if side == Side::Red {
        v.reverse();
    }
    v
}

fn pick(st: &[Square], place: Place) -> Option<Square> {
    let i = match place {
        Place::Front => 0,
        Place::Rear => st.len() - 1,
        Place::Middle => {
            if st.len() >= 3 {
                1
            } else {
                return None;
            }
        }
        Place::Nth(k) => k as usize,
    };
    st.get(i).copied()
}

/// The destination a spec gives a piece on `from`.
fn destination(spec: &Spec, kind: Kind, side: Side, from: Square) -> Option<Square> {
    let fwd = side.forward();
    let (sf, sr) = (from.file() as i8, from.rank() as i8);
    let sign = match spec.direction {
        Direction::Forward => fwd,
        Direction::Backward => -fwd,
        Direction::Traverse => 0,
    };
    match kind {
        Kind::Horse | Kind::Advisor | Kind::Elephant => {
            if sign == 0 {
                return None;
            }
            let tf = file_of(side, spec.number) as i8;
            let df = (tf - sf).abs();
            let dr = match (kind, df) {
                (Kind::Horse, 1) => 2,
                (Kind::Horse, 2) => 1,
                (Kind::Advisor, 1) => 1,
                (Kind::Elephant, 2) => 2,
                _ => return None,
            };
            from.offset(tf - sf, sign * dr)
        }
        _ => {
            if sign == 0 {
                let tf = file_of(side, spec.number) as i8;
                if tf == sf {
                    return None;
                }
                Square::new(tf as u8, sr as u8)
            } else {
                from.offset(0, sign * spec.number as i8)
            }
        }
    }
}

/// Resolves a parsed Chinese/WXF spec against `pos`.
pub fn resolve_spec(pos: &Position, spec: &Spec, text: &str) -> Result<Resolved, NotationError> {
    // Only the moves the text can name are tested, not every legal move generated.
    resolve_spec_by(pos, spec, text, |m| pos.is_legal(m))
}

/// [`resolve_spec`] against a given list of candidate moves (the legal ones, or the
/// pseudo-legal ones for [`resolve_self_check`]).
fn resolve_spec_among(
    pos: &Position,
    spec: &Spec,
    text: &str,
    legal: &[Move],
) -> Result<Resolved, NotationError> {
    resolve_spec_by(pos, spec, text, |m| legal.contains(&m))
}

/// [`resolve_spec`] with `allowed` deciding which candidate moves count.
fn resolve_spec_by(
    pos: &Position,
    spec: &Spec,
    text: &str,
    allowed: impl Fn(Move) -> bool,
) -> Result<Resolved, NotationError> {
    let side = pos.side_to_move();
    let kind = spec.kind.unwrap_or(Kind::Pawn);
    let mut nonstandard = None;
    let sources: Squares = match spec.source {
        Source::File(n) => {
            let st = stack(pos, side, kind, file_of(side, n));
            if st.len() >= 2 && !matches!(kind, Kind::Advisor | Kind::Elephant) {
                nonstandard = Some("like pieces share the file but 前/后 is not written");
            }
            st
        }
        Source::Place(place, file) => {
            let files: Vec<u8> = match file {
                Some(n) => vec![file_of(side, n)],
                None => (0..9).collect(),
            };
            let mut v = Squares::new();
            for f in &files {
                let st = stack(pos, side, kind, *f);
                if st.len() >= 2 {
                    if let Some(s) = pick(&st, place) {
                        v.push(s);
                    }
                }
            }
            if v.is_empty() {
                nonstandard = Some("前/后 written but no file holds two like pieces");
                for &f in &files {
                    for &s in stack(pos, side, kind, f).iter() {
                        v.push(s);
                    }
                }
            }
            v
        }
    };
    // On the stack: one move per source square at most (this runs on every move).
    let mut found = [Move::new(Square(0), Square(0)); 90];
    let mut n = 0;
    for &s in sources.iter() {
        if let Some(to) = destination(spec, kind, side, s) {
            let m = Move::new(s, to);
            if !found[..n].contains(&m) && allowed(m) {
                found[n] = m;
                n += 1;
            }
        }
    }
    match n {
        0 => Err(NotationError::Illegal {
            text: text.to_string(),
        }),
        1 => Ok(Resolved {
            mv: found[0],
            nonstandard,
        }),
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            moves: found[..n].to_vec(),
        }),
    }
}

/// Resolves Chinese notation against `pos`.
pub fn resolve_chinese(pos: &Position, text: &str) -> Result<Resolved, NotationError> {
    resolve_spec(pos, &parse_chinese(text)?, text)
}

/// Resolves WXF notation against `pos`.
pub fn resolve_wxf(pos: &Position, text: &str) -> Result<Resolved, NotationError> {
    resolve_spec(pos, &parse_wxf(text)?, text)
}

/// The move, when legal. The text is made only for the error: formatting it for every
/// move was a tenth of reading a DhtmlXQ record, whose moves are all coordinates.
fn check_legal(
    pos: &Position,
    m: Move,
    text: impl FnOnce() -> String,
) -> Result<Resolved, NotationError> {
    if pos.is_legal(m) {
        Ok(Resolved {
            mv: m,
            nonstandard: None,
        })
    } else {
        Err(NotationError::Illegal { text: text() })
    }
}

/// Resolves ICCS (`h2e2`, `H2-E2`; ranks 1-10 with `ranks_from_one`).
pub fn resolve_iccs(
    pos: &Position,
    text: &str,
    ranks_from_one: bool,
) -> Result<Resolved, NotationError> {
    let m = Move::parse_iccs(&fullwidth_to_ascii(text), ranks_from_one)
        .ok_or_else(|| unreadable(text, "not an ICCS move"))?;
    check_legal(pos, m, || text.to_owned())
}

/// Resolves WinBoard / pychess SAN (`Cbe2`, `Rxb9`, `exe5`, `Pc5`, `A10e9`; ranks 1-10 with
/// `ranks_from_one`).
pub fn resolve_san(
    pos: &Position,
    text: &str,
    ranks_from_one: bool,
) -> Result<Resolved, NotationError> {
    let t: String = fullwidth_to_ascii(text)
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | ' ' | '-'))
        .collect();
    let bytes = t.as_bytes();
    let at = bytes
        .iter()
        .rposition(|b| (b'a'..=b'i').contains(b))
        .ok_or_else(|| unreadable(text, "no destination square"))?;
    let to = Square::parse(&t[at..], ranks_from_one)
        .ok_or_else(|| unreadable(text, "bad destination square"))?;
    let mut prefix = &t[..at];
    if let Some(p) = prefix.strip_suffix(['x', ':']) {
        prefix = p;
    }
    let (kind, dis) = match prefix.chars().next() {
        Some(c) if c.is_ascii_uppercase() => (
            Kind::from_letter(c).ok_or_else(|| unreadable(text, "bad piece letter"))?,
            &prefix[1..],
        ),
        _ => (Kind::Pawn, prefix),
    };
    let mut dfile = None;
    let mut drank = None;
    let mut rest = dis;
    if let Some(c) = rest.chars().next().filter(|c| ('a'..='i').contains(c)) {
        dfile = Some(c as u8 - b'a');
        rest = &rest[1..];
    }
    if !rest.is_empty() {
        let r: u8 = rest
            .parse()
            .map_err(|_| unreadable(text, "bad disambiguation"))?;
        drank = Some(if ranks_from_one {
            r.checked_sub(1)
                .ok_or_else(|| unreadable(text, "bad rank"))?
        } else {
            r
        });
    }
    // Legality is tested last, on the few moves the text can name, as for Chinese and
    // WXF, not on every move generated.
    let mut pseudo = MoveList::new();
    pos.pseudo_moves_into(&mut pseudo);
    let found: Vec<Move> = pseudo
        .as_slice()
        .iter()
        .copied()
        .filter(|m| {
            m.to == to
                && pos.piece_at(m.from).is_some_and(|p| p.kind() == kind)
                && dfile.is_none_or(|f| m.from.file() == f)
                && drank.is_none_or(|r| m.from.rank() == r)
        })
        .filter(|&m| pos.is_legal(m))
        .collect();
    match found.len() {
        0 => Err(NotationError::Illegal {
            text: text.to_string(),
        }),
        1 => Ok(Resolved {
            mv: found[0],
            nonstandard: None,
        }),
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            moves: found,
        }),
    }
}

/// Resolves a move as the parser gives it. `ranks_from_one` applies to SAN (coordinates
/// in `Coord` are already 0-9).
pub fn resolve(
    pos: &Position,
    text: &XqMoveText,
    ranks_from_one: bool,
) -> Result<Resolved, NotationError> {
    match text {
        XqMoveText::Coord { from, to } => {
            let (Some(f), Some(t)) = (Square::new(from.0, from.1), Square::new(to.0, to.1)) else {
                return Err(unreadable(
                    &format!("{from:?}-{to:?}"),
                    "square off the board",
                ));
            };
            let m = Move::new(f, t);
            check_legal(pos, m, || m.iccs())
        }
        XqMoveText::Chinese(s) => resolve_chinese(pos, s),
        XqMoveText::Wxf(s) => resolve_wxf(pos, s),
        XqMoveText::San(s) => resolve_san(pos, s, ranks_from_one),
    }
}

/// The one move a text names when it is not legal only because it leaves the mover's own
/// general attacked (送将: moving into check, not answering a check, or opening the file
/// between the generals): a move of the mover's piece by that piece's own way of moving,
/// capturing no general. `None` when the text names no such move, or several (SAN is not
/// tried).
pub fn resolve_self_check(pos: &Position, text: &XqMoveText) -> Option<Move> {
    let mut list = MoveList::new();
    pos.pseudo_moves_into(&mut list);
    let pseudo: Vec<Move> = list
        .as_slice()
        .iter()
        .copied()
        .filter(|m| !pos.is_legal(*m))
        .filter(|m| pos.piece_at(m.to).is_none_or(|p| p.kind() != Kind::King))
        .collect();
    if pseudo.is_empty() {
        return None;
    }
    let found = match text {
        XqMoveText::Coord { from, to } => {
            let m = Move::new(Square::new(from.0, from.1)?, Square::new(to.0, to.1)?);
            return pseudo.contains(&m).then_some(m);
        }
        XqMoveText::Chinese(s) => resolve_spec_among(pos, &parse_chinese(s).ok()?, s, &pseudo),
        XqMoveText::Wxf(s) => resolve_spec_among(pos, &parse_wxf(s).ok()?, s, &pseudo),
        XqMoveText::San(_) => return None,
    };
    found.ok().map(|r| r.mv)
}

/// How the source of a move is written: `Ok(file number)` or `Err((place index, count,
/// tandem on another file too))`.
fn source_form(pos: &Position, m: Move) -> (Kind, Side, Result<u8, (usize, usize, bool)>) {
    let p = pos.piece_at(m.from).expect("a piece on the move's origin");
    let (side, kind) = (p.side(), p.kind());
    let st = stack(pos, side, kind, m.from.file());
    if st.len() < 2 || matches!(kind, Kind::Advisor | Kind::Elephant) {
        return (kind, side, Ok(number_of_file(side, m.from.file())));
    }
    let idx = st.iter().position(|&s| s == m.from).unwrap_or(0);
    let other = kind == Kind::Pawn
        && (0..9u8)
            .filter(|&f| f != m.from.file())
            .any(|f| stack(pos, side, kind, f).len() >= 2);
    (kind, side, Err((idx, st.len(), other)))
}

fn direction_and_number(kind: Kind, side: Side, m: Move) -> (Direction, u8) {
    let rel = (m.to.rank() as i8 - m.from.rank() as i8) * side.forward();
    if rel == 0 {
        return (Direction::Traverse, number_of_file(side, m.to.file()));
    }
    let d = if rel > 0 {
        Direction::Forward
    } else {
        Direction::Backward
    };
    let n = match kind {
        Kind::Horse | Kind::Advisor | Kind::Elephant => number_of_file(side, m.to.file()),
        _ => rel.unsigned_abs(),
    };
    (d, n)
}

/// The canonical Simplified Chinese text of a legal move of `pos` (`炮二平五`, `马8进7`,
/// `前车进1`; Red numerals 一–九, Black ASCII digits).
pub fn move_to_chinese(pos: &Position, m: Move) -> String {
    let (kind, side, src) = source_form(pos, m);
    let num = |n: u8| -> char {
        match side {
            Side::Red => chinese_numeral(n),
            Side::Black => (b'0' + n) as char,
        }
    };
    let mut s = String::new();
    match src {
        Ok(n) => {
            s.push(kind.chinese(side));
            s.push(num(n));
        }
        Err((idx, count, other)) => {
            let place = match count {
                2 => ['前', '后'][idx.min(1)],
                3 => ['前', '中', '后'][idx.min(2)],
                _ => chinese_numeral(idx as u8 + 1),
            };
            s.push(place);
            if other {
                s.push(num(number_of_file(side, m.from.file())));
            } else {
                s.push(kind.chinese(side));
            }
        }
    }
    let (d, n) = direction_and_number(kind, side, m);
    s.push(match d {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Traverse => '平',
    });
    s.push(num(n));
    s
}

/// The canonical WXF text of a legal move of `pos` (`C2=5`, `H8+7`, `+R-1`, `27+1`).
pub fn move_to_wxf(pos: &Position, m: Move) -> String {
    let (kind, side, src) = source_form(pos, m);
    let mut s = String::new();
    match src {
        Ok(n) => {
            s.push(kind.wxf_letter());
            s.push((b'0' + n) as char);
        }
        Err((idx, count, other)) => {
            if count == 2 {
                s.push(if idx == 0 { '+' } else { '-' });
            } else {
                s.push((b'1' + idx as u8) as char);
            }
            if other {
                s.push((b'0' + number_of_file(side, m.from.file())) as char);
            } else {
                s.push(kind.wxf_letter());
            }
        }
    }
    let (d, n) = direction_and_number(kind, side, m);
    s.push(match d {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Traverse => '=',
    });
    s.push((b'0' + n) as char);
    s
}
