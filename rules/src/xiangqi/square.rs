//! Squares and moves.
//!
//! A square is `rank * 9 + file` (0-89): file 0-8 = ICCS `a`-`i` from Red's left, rank 0-9
//! from Red's back rank — the convention of `kifu_parser::raw` and of ICCS.

use std::fmt;

/// A board square, `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// `None` off the board.
    #[inline]
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 9 && rank < 10).then_some(Square(rank * 9 + file))
    }

    #[inline]
    pub fn from_index(i: usize) -> Square {
        debug_assert!(i < 90);
        Square(i as u8)
    }

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn file(self) -> u8 {
        self.0 % 9
    }

    #[inline]
    pub fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square shifted by `(df, dr)`, if on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..9).contains(&f) && (0..10).contains(&r) {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// ICCS name, `e0`…`i9`.
    pub fn iccs(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank())
    }

    /// Parses `e0` / `E0` (ranks 0-9), or with `ranks_from_one` `e1`…`e10`.
    pub fn parse(s: &str, ranks_from_one: bool) -> Option<Square> {
        let mut cs = s.chars();
        let f = cs.next()?.to_ascii_lowercase();
        if !('a'..='i').contains(&f) {
            return None;
        }
        let rest = cs.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut r: u8 = rest.parse().ok()?;
        if ranks_from_one {
            r = r.checked_sub(1)?;
        } else if rest.len() != 1 {
            return None;
        }
        Square::new(f as u8 - b'a', r)
    }

    /// In a palace (files d-f, ranks 0-2 or 7-9)?
    #[inline]
    pub fn in_palace(self) -> bool {
        let f = self.file();
        let r = self.rank();
        (3..=5).contains(&f) && (r <= 2 || r >= 7)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iccs())
    }
}

/// Chinese numeral 1-9 (`一`…`九`): Red's file numbers (九 on Red's left … 一 on its right),
/// also distances and places on a file in Chinese move text.
pub fn chinese_numeral(n: u8) -> char {
    ['一', '二', '三', '四', '五', '六', '七', '八', '九'][(n as usize).clamp(1, 9) - 1]
}

/// A move: from and to squares. Captures are implied by the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    #[inline]
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// ICCS text, `h2e2`.
    pub fn iccs(self) -> String {
        format!("{}{}", self.from.iccs(), self.to.iccs())
    }

    /// Parses ICCS `h2e2`, `H2-E2`, `h2 e2`; with `ranks_from_one` the ranks are 1-10
    /// (`h3e3`, `a10a9`). Only the squares are checked, not legality.
    pub fn parse_iccs(s: &str, ranks_from_one: bool) -> Option<Move> {
        let t: String = s
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | 'x' | 'X' | ':'))
            .collect();
        let bytes = t.as_bytes();
        // split at the second file letter
        let second = bytes
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, b)| b.is_ascii_alphabetic())
            .map(|(i, _)| i)?;
        let from = Square::parse(&t[..second], ranks_from_one)?;
        let to = Square::parse(&t[second..], ranks_from_one)?;
        Some(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Two bytes per move: from square, to square (`rank * 9 + file`).
pub fn encode_moves(moves: &[Move]) -> Vec<u8> {
    let mut v = Vec::with_capacity(moves.len() * 2);
    for m in moves {
        v.push(m.from.0);
        v.push(m.to.0);
    }
    v
}

/// Inverse of [`encode_moves`]; `None` for an odd length or a byte ≥ 90.
pub fn decode_moves(bytes: &[u8]) -> Option<Vec<Move>> {
    if !bytes.len().is_multiple_of(2) || bytes.iter().any(|&b| b >= 90) {
        return None;
    }
    Some(
        bytes
            .chunks_exact(2)
            .map(|c| Move::new(Square(c[0]), Square(c[1])))
            .collect(),
    )
}
