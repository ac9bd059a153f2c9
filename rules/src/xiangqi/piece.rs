//! Sides and pieces.

use std::fmt;

/// A side: Red moves first (ranks 0-4 are Red's half), Black second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Red,
    Black,
}

impl Side {
    /// The seat the side sits in: Red moves first.
    pub fn seat(self) -> kifu_facts::Seat {
        match self {
            Side::Red => kifu_facts::Seat::FIRST,
            Side::Black => kifu_facts::Seat::SECOND,
        }
    }

    /// Who sits in `seat`; `None` past the second.
    pub fn of_seat(seat: kifu_facts::Seat) -> Option<Side> {
        match seat {
            kifu_facts::Seat::FIRST => Some(Side::Red),
            kifu_facts::Seat::SECOND => Some(Side::Black),
            _ => None,
        }
    }

    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    #[inline]
    pub fn opp(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `red` / `black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }

    /// +1 for Red (forward = rank up), -1 for Black.
    #[inline]
    pub fn forward(self) -> i8 {
        match self {
            Side::Red => 1,
            Side::Black => -1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 帅 / 将 (general).
    King,
    /// 仕 / 士.
    Advisor,
    /// 相 / 象.
    Elephant,
    /// 马 (horse).
    Horse,
    /// 车 (chariot).
    Rook,
    /// 炮.
    Cannon,
    /// 兵 / 卒 (soldier).
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// How many pieces of the kind a side's set has (there is no promotion).
    pub fn set_count(self) -> usize {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            Kind::Advisor | Kind::Elephant | Kind::Horse | Kind::Rook | Kind::Cannon => 2,
        }
    }

    /// Lower-case English name (`king`, `advisor`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Rook => "rook",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        }
    }

    /// FEN letter, upper case (`K A B N R C P`).
    pub fn fen_letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// WXF letter (`K A E H R C P`).
    pub fn wxf_letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'E',
            Kind::Horse => 'H',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// A piece letter in any common convention (FEN, WXF, SAN; either case):
    /// K/G, A/S, B/E, N/H, R, C, P.
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' | 'G' => Kind::King,
            'A' | 'S' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Rook,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }

    /// Simplified Chinese character for a side's piece (帅/将, 仕/士, 相/象, 马, 车, 炮, 兵/卒).
    pub fn chinese(self, side: Side) -> char {
        match (self, side) {
            (Kind::King, Side::Red) => '帅',
            (Kind::King, Side::Black) => '将',
            (Kind::Advisor, Side::Red) => '仕',
            (Kind::Advisor, Side::Black) => '士',
            (Kind::Elephant, Side::Red) => '相',
            (Kind::Elephant, Side::Black) => '象',
            (Kind::Horse, _) => '马',
            (Kind::Rook, _) => '车',
            (Kind::Cannon, _) => '炮',
            (Kind::Pawn, Side::Red) => '兵',
            (Kind::Pawn, Side::Black) => '卒',
        }
    }

    /// A piece character, Simplified or Traditional, either side's form.
    pub fn from_chinese(c: char) -> Option<Kind> {
        Some(match c {
            '帅' | '帥' | '将' | '將' => Kind::King,
            '仕' | '士' => Kind::Advisor,
            '相' | '象' => Kind::Elephant,
            '马' | '馬' | '傌' | '玛' => Kind::Horse,
            '车' | '車' | '俥' | '伡' => Kind::Rook,
            '炮' | '砲' | '包' | '炝' => Kind::Cannon,
            '兵' | '卒' => Kind::Pawn,
            _ => return None,
        })
    }

    /// Piece value used for the material balance in
    /// [`CaptureStats`](super::game::CaptureStats): rook 9, cannon 4.5 and horse 4
    /// (stored ×2: 18, 9, 8), advisor and elephant 2 (×2: 4), pawn 1 (×2: 2), king 0.
    /// The scale is "half pawns" so everything stays integral; a pawn's value does not
    /// change after crossing the river.
    pub fn value(self) -> i32 {
        match self {
            Kind::King => 0,
            Kind::Advisor => 4,
            Kind::Elephant => 4,
            Kind::Horse => 8,
            Kind::Rook => 18,
            Kind::Cannon => 9,
            Kind::Pawn => 2,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: side and kind, packed in one byte (`1 + kind + 8 × side`; 0 is never a piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    #[inline]
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece(1 + kind as u8 + 8 * side as u8)
    }

    /// The packed code (1-7 Red, 9-15 Black).
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// From a packed code; `None` for 0 and invalid codes.
    #[inline]
    pub fn from_code(c: u8) -> Option<Piece> {
        if c & 7 != 0 && c < 16 {
            Some(Piece(c))
        } else {
            None
        }
    }

    #[inline]
    pub fn side(self) -> Side {
        if self.0 & 8 != 0 {
            Side::Black
        } else {
            Side::Red
        }
    }

    #[inline]
    pub fn kind(self) -> Kind {
        Kind::from_index(((self.0 & 7) - 1) as usize)
    }

    /// FEN letter: upper case Red, lower case Black.
    pub fn fen_char(self) -> char {
        let c = self.kind().fen_letter();
        match self.side() {
            Side::Red => c,
            Side::Black => c.to_ascii_lowercase(),
        }
    }

    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        if matches!(c.to_ascii_uppercase(), 'G' | 'S') {
            return None;
        }
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        Some(Piece::new(side, kind))
    }

    /// Simplified Chinese character.
    pub fn chinese(self) -> char {
        self.kind().chinese(self.side())
    }
}
