//! Squares of the 8×8 board and their colours.
//!
//! A square is stored as one byte `rank * 8 + file`, file 0-7 = `a`-`h`, rank 0-7 = `1`-`8`
//! (the same `(file, rank)` convention as `kifu_parser::raw::CtMoveText`). `a1` is dark:
//! a square is light (White's) when `file + rank` is odd, dark (Black's) when it is even.

use super::piece::Side;
use std::fmt;
use std::str::FromStr;

/// Number of squares.
pub const AREA: usize = 64;

/// A square of the chess board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// Rook directions (orthogonal), `(file, rank)` steps.
pub const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions (diagonal).
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight king steps.
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// The eight knight jumps.
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl Square {
    /// The square at `(file, rank)`, 0-based; `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 8 + file`; `None` for an index ≥ 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if (index as usize) < AREA {
            Some(Square(index))
        } else {
            None
        }
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// `rank * 8 + file`, in `0..64`.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// All 64 squares in index order (a1, b1, …, h1, a2, …, h8).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..AREA as u8).map(Square)
    }

    /// A light square (White's colour); `a1` is dark.
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() + self.rank()) % 2 == 1
    }

    /// The side whose colour the square has: light → White, dark → Black.
    #[inline]
    pub const fn owner(self) -> Side {
        if self.is_light() {
            Side::White
        } else {
            Side::Black
        }
    }

    /// On the a or h file, or on rank 1 or 8.
    #[inline]
    pub const fn is_edge(self) -> bool {
        self.file() == 0 || self.file() == 7 || self.rank() == 0 || self.rank() == 7
    }

    /// The square `(df, dr)` away, if on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The orthogonal neighbours (2 to 4 squares).
    pub fn orthogonal_neighbours(self) -> impl Iterator<Item = Square> {
        ORTHOGONAL
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(df, dr))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a square of the chess board (file a-h, rank 1-8, e.g. e4)",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// `e4` or `E4`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.trim().as_bytes();
        let err = || ParseSquareError {
            text: s.to_string(),
        };
        if b.len() != 2 {
            return Err(err());
        }
        let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        Square::new(f, r).ok_or_else(err)
    }
}
