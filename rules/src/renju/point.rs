//! Points of the 15×15 board, RIF notation and compact move bytes.
//!
//! A point is `(column, row)`, both 0-based from the bottom-left corner, stored as one byte
//! `row * 15 + column`. In RIF notation the column is a letter `a`–`o` (the letter `i` is
//! used) and the row a number `1`–`15` from the bottom: `h8` is the centre `(7, 7)`.

use std::fmt;
use std::str::FromStr;

/// Side length of the Renju board.
pub const SIZE: u8 = 15;
/// Number of intersections.
pub const AREA: usize = 225;
/// The byte that stands for a pass in [`encode_moves`].
pub const PASS_BYTE: u8 = 255;

/// An intersection of the 15×15 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

/// A move: a point, or `None` for a pass.
pub type Move = Option<Point>;

impl Point {
    /// The centre `h8`.
    pub const CENTER: Point = Point(7 * 15 + 7);

    /// The point at `(col, row)`, 0-based from the bottom-left; `None` off the board.
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < SIZE && row < SIZE {
            Some(Point(row * SIZE + col))
        } else {
            None
        }
    }

    /// Like [`Point::new`] for signed coordinates (used when walking lines).
    #[inline]
    pub fn new_i32(col: i32, row: i32) -> Option<Point> {
        if (0..SIZE as i32).contains(&col) && (0..SIZE as i32).contains(&row) {
            Some(Point((row * SIZE as i32 + col) as u8))
        } else {
            None
        }
    }

    /// The point with index `row * 15 + col`; `None` for an index ≥ 225.
    pub const fn from_index(index: u8) -> Option<Point> {
        if (index as usize) < AREA {
            Some(Point(index))
        } else {
            None
        }
    }

    /// Compile-time constructor for tables; panics (at compile time) off the board.
    pub(crate) const fn at(col: u8, row: u8) -> Point {
        assert!(col < SIZE && row < SIZE);
        Point(row * SIZE + col)
    }

    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % SIZE
    }

    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / SIZE
    }

    /// `row * 15 + col`, in `0..225`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// All 225 points in index order (row by row from the bottom, left to right).
    pub fn all() -> impl Iterator<Item = Point> {
        (0..AREA as u8).map(Point)
    }

    /// The column letter, `a`–`o`.
    pub fn col_char(self) -> char {
        (b'a' + self.col()) as char
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.col_char(), self.row() + 1)
    }
}

/// Why a text is not a point or move in RIF notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError {
    pub text: String,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point of the 15×15 board (column a-o, row 1-15, e.g. h8)",
            self.text
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    /// `h8`, `H8`, `o15`. Off-board points (`p1`, `a16`, `a0`) are errors.
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError {
            text: s.to_string(),
        };
        let t = s.trim();
        let mut chars = t.chars();
        let c = chars.next().ok_or_else(err)?.to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        let col = c as u8 - b'a';
        if row == 0 {
            return Err(err());
        }
        Point::new(col, row - 1).ok_or_else(err)
    }
}

/// Parses one move in RIF notation: a point, or a pass written `--`, `pass` or `0`.
pub fn parse_move(s: &str) -> Result<Move, ParsePointError> {
    let t = s.trim();
    if t == "--" || t == "0" || t.eq_ignore_ascii_case("pass") {
        Ok(None)
    } else {
        t.parse().map(Some)
    }
}

/// Parses a whitespace- or comma-separated move list (`"h8 h9 -- i9"`).
pub fn parse_moves(s: &str) -> Result<Vec<Move>, ParsePointError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(parse_move)
        .collect()
}

/// A move in RIF notation: the point, or `--` for a pass.
pub fn move_text(m: Move) -> String {
    match m {
        Some(p) => p.to_string(),
        None => "--".to_string(),
    }
}

/// Compact move bytes: the point index, [`PASS_BYTE`] (255) for a pass.
pub fn encode_moves(moves: &[Move]) -> Vec<u8> {
    moves
        .iter()
        .map(|m| m.map_or(PASS_BYTE, Point::index))
        .collect()
}

/// Inverse of [`encode_moves`]; `None` if a byte is neither a point index nor 255.
pub fn decode_moves(bytes: &[u8]) -> Option<Vec<Move>> {
    bytes
        .iter()
        .map(|&b| {
            if b == PASS_BYTE {
                Some(None)
            } else {
                Point::from_index(b).map(Some)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trip() {
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
        assert_eq!("h8".parse::<Point>().unwrap(), Point::CENTER);
        assert_eq!(Point::CENTER.col(), 7);
        assert_eq!("a1".parse::<Point>().unwrap().index(), 0);
        assert_eq!("o15".parse::<Point>().unwrap().index(), 224);
        for bad in ["p1", "a16", "a0", "", "h", "88", "h8x", "h08a"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_round_trip() {
        let moves = parse_moves("h8 h9 -- i9 pass").unwrap();
        assert_eq!(moves.len(), 5);
        let bytes = encode_moves(&moves);
        assert_eq!(bytes, vec![112, 127, 255, 128, 255]);
        assert_eq!(decode_moves(&bytes), Some(moves));
        assert_eq!(decode_moves(&[225]), None);
    }
}
