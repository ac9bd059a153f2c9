//! Sides, piece kinds, pieces and hands.

use std::fmt;

/// A player. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// The seat the side sits in: White moves first.
    pub fn seat(self) -> kifu_facts::Seat {
        match self {
            Side::White => kifu_facts::Seat::FIRST,
            Side::Black => kifu_facts::Seat::SECOND,
        }
    }

    /// Who sits in `seat`; `None` past the second.
    pub fn of_seat(seat: kifu_facts::Seat) -> Option<Side> {
        match seat {
            kifu_facts::Seat::FIRST => Some(Side::White),
            kifu_facts::Seat::SECOND => Some(Side::Black),
            _ => None,
        }
    }

    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// `white` / `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// `White` / `Black`.
    pub fn title(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side to move at 1-based ply `ply` (White on odd plies).
    pub fn of_ply(ply: u32) -> Side {
        if ply % 2 == 1 {
            Side::White
        } else {
            Side::Black
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// A kind of chess piece. Every kind but the pawn is a *high piece*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
    ];

    /// Upper-case letter `K Q R B N P`.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of a letter `K Q R B N P` (either case).
    pub fn from_letter(b: u8) -> Option<Kind> {
        match b.to_ascii_uppercase() {
            b'K' => Some(Kind::King),
            b'Q' => Some(Kind::Queen),
            b'R' => Some(Kind::Rook),
            b'B' => Some(Kind::Bishop),
            b'N' => Some(Kind::Knight),
            b'P' => Some(Kind::Pawn),
            _ => None,
        }
    }

    /// `king`, `queen`, …
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// How many of the kind a side holds at the start: 1 K, 1 Q, 2 R, 2 B, 2 N, 8 P.
    pub fn full_count(self) -> u8 {
        match self {
            Kind::King | Kind::Queen => 1,
            Kind::Rook | Kind::Bishop | Kind::Knight => 2,
            Kind::Pawn => 8,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// Diagram letter: upper case for White, lower case for Black.
    pub fn letter(self) -> char {
        match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a diagram letter (`K`…`P` White, `k`…`p` Black).
    pub fn from_letter(c: char) -> Option<Piece> {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let kind = Kind::from_letter(c as u8)?;
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        Some(Piece { side, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side.name(), self.kind.name())
    }
}

/// The pieces a side still holds, counted by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand([u8; 6]);

impl Default for Hand {
    fn default() -> Hand {
        Hand::full()
    }
}

impl Hand {
    /// The full set: K, Q, R×2, B×2, N×2, P×8.
    pub fn full() -> Hand {
        Hand([1, 1, 2, 2, 2, 8])
    }

    pub fn empty() -> Hand {
        Hand([0; 6])
    }

    pub fn count(&self, k: Kind) -> u8 {
        self.0[k.index()]
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Holds exactly one queen and nothing else.
    pub fn is_lone_queen(&self) -> bool {
        self.count(Kind::Queen) == 1 && self.total() == 1
    }

    /// Takes one piece of kind `k`; false (and no change) when there is none.
    pub fn take(&mut self, k: Kind) -> bool {
        let n = &mut self.0[k.index()];
        if *n == 0 {
            false
        } else {
            *n -= 1;
            true
        }
    }

    /// The hand with one piece of kind `k` less (`None` if there is none).
    pub fn without(&self, k: Kind) -> Option<Hand> {
        let mut h = *self;
        h.take(k).then_some(h)
    }

    /// Kinds with at least one piece, in `K Q R B N P` order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL.into_iter().filter(|k| self.count(*k) > 0)
    }
}

impl fmt::Display for Hand {
    /// `Q R×2 B N×2 P×5`, or `(empty)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("(empty)");
        }
        let mut first = true;
        for k in self.kinds() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            match self.count(k) {
                1 => write!(f, "{}", k.letter())?,
                n => write!(f, "{}×{n}", k.letter())?,
            }
        }
        Ok(())
    }
}
