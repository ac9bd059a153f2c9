//! The piece placement: a 90-square mailbox, its FEN field and its text diagram.

use super::piece::{Kind, Piece, Side};
use super::square::{chinese_numeral, Move, Square};
use std::fmt;

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// No placement field.
    Empty,
    /// The placement does not have 10 ranks.
    RankCount(usize),
    /// A rank (0 = Red's back rank) does not have 9 squares.
    RankLength { rank: u8, squares: usize },
    /// A character that is neither a piece letter nor a digit.
    BadChar(char),
    /// The side field is not `w`, `r` or `b`.
    BadSide(String),
    /// A side has no king or more than one.
    KingCount { side: Side, count: usize },
    /// A king outside its palace.
    KingOutsidePalace(Side),
    /// The side not to move is in check (its king could be taken).
    OpponentInCheck,
    /// A piece on a point its moves never reach from where it starts
    /// ([`crate::xiangqi::setup::reachable`]).
    Unreachable {
        side: Side,
        kind: Kind,
        square: Square,
    },
    /// Two pawns of a side on one file before the river.
    PawnsOnOneFile { side: Side, file: u8 },
    /// More pieces of a kind than a side's set has.
    TooMany {
        side: Side,
        kind: Kind,
        count: usize,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::RankCount(n) => write!(f, "FEN has {n} ranks, expected 10"),
            FenError::RankLength { rank, squares } => {
                write!(f, "FEN rank {rank} has {squares} squares, expected 9")
            }
            FenError::BadChar(c) => write!(f, "unexpected character {c:?} in FEN placement"),
            FenError::BadSide(s) => write!(f, "FEN side to move {s:?} is not w, r or b"),
            FenError::KingCount { side, count } => {
                write!(f, "{side} has {count} kings, expected 1")
            }
            FenError::KingOutsidePalace(s) => write!(f, "{s} king outside its palace"),
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
            FenError::Unreachable { side, kind, square } => {
                let why = match kind {
                    Kind::Advisor => "advisors stay on their palace's five points",
                    Kind::Elephant => "elephants stay on their side's seven points",
                    Kind::Pawn => "pawns never step back, nor sideways before the river",
                    _ => "it cannot get there",
                };
                write!(f, "{side} {} on {}: {why}", kind.name(), square.iccs())
            }
            FenError::PawnsOnOneFile { side, file } => write!(
                f,
                "{side} has two pawns on file {} before the river: only the one that starts on \
                 it can be there",
                (b'a' + file) as char
            ),
            FenError::TooMany { side, kind, count } => write!(
                f,
                "{side} has {count} {}s: a set has {}",
                kind.name(),
                kind.set_count()
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// The piece on each square (`rank * 9 + file`): packed [`Piece`] codes, 0 = empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) sq: [u8; 90],
}

impl Default for Board {
    fn default() -> Self {
        Board { sq: [0; 90] }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.placement())
    }
}

impl Board {
    pub fn empty() -> Board {
        Board::default()
    }

    #[inline]
    pub fn get(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.sq[s.index()])
    }

    #[inline]
    pub fn set(&mut self, s: Square, p: Option<Piece>) {
        self.sq[s.index()] = p.map_or(0, Piece::code);
    }

    /// Squares holding a piece, with the piece, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.sq
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| Piece::from_code(c).map(|p| (Square(i as u8), p)))
    }

    /// Number of pieces of a side and kind.
    pub fn count(&self, side: Side, kind: Kind) -> usize {
        let c = Piece::new(side, kind).code();
        self.sq.iter().filter(|&&x| x == c).count()
    }

    /// Parses the FEN placement field (rank 9 first). Accepts `B`/`E` for elephants and
    /// `N`/`H` for horses; an FSF holdings suffix `[...]` is ignored.
    pub fn from_placement(s: &str) -> Result<Board, FenError> {
        let s = match s.find('[') {
            Some(i) => &s[..i],
            None => s,
        };
        if s.is_empty() {
            return Err(FenError::Empty);
        }
        let rows: Vec<&str> = s.split('/').collect();
        if rows.len() != 10 {
            return Err(FenError::RankCount(rows.len()));
        }
        let mut b = Board::default();
        for (i, row) in rows.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    let mut n = d as usize;
                    // tolerate "10"-style runs? (not valid for a 9-wide board; keep digits)
                    if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d2 as usize;
                        chars.next();
                    }
                    file += n;
                } else {
                    let p = Piece::from_fen_char(c).ok_or(FenError::BadChar(c))?;
                    if file < 9 {
                        b.sq[rank as usize * 9 + file] = p.code();
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::RankLength {
                    rank,
                    squares: file,
                });
            }
        }
        Ok(b)
    }

    /// The placement of a whole FEN (its first field), as it stands: no check of kings or of
    /// where pieces may stand, so a start the rules refuse can still be drawn.
    pub fn from_fen_placement(fen: &str) -> Result<Board, FenError> {
        Board::from_placement(fen.split_whitespace().next().unwrap_or_default())
    }

    /// The FEN placement field (`B` elephants, `N` horses).
    pub fn placement(&self) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.get(Square(rank * 9 + file)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
    /// A text board, Red at the bottom: Black's file numbers 1–9 on top, Red's 九…一 at the
    /// bottom, ICCS files a–i and ranks 0–9 at the sides; pieces as Chinese characters (`·`
    /// empty). The last move's destination is marked `*` and its origin `o`. It draws any
    /// placement, one the rules would refuse as a start (no king) included.
    pub fn render(&self, last: Option<Move>) -> String {
        let mut out = String::new();
        out.push_str("   ");
        for n in 1..=9 {
            out.push_str(&format!("{n}  "));
        }
        out.push('\n');
        for rank in (0..10u8).rev() {
            out.push_str(&format!("{rank}  "));
            for file in 0..9u8 {
                let s = Square(rank * 9 + file);
                match self.get(s) {
                    Some(p) => out.push(p.chinese()),
                    None => out.push('·'),
                }
                let mark = match last {
                    Some(m) if m.to == s => '*',
                    Some(m) if m.from == s => 'o',
                    _ => ' ',
                };
                out.push(mark);
                if self.get(s).is_none() {
                    out.push(' ');
                }
            }
            out.push_str(&format!(" {rank}"));
            if rank == 5 {
                out.push_str("   ~~ river ~~");
            }
            out.push('\n');
        }
        out.push_str("   ");
        for f in 0..9u8 {
            out.push_str(&format!("{}  ", (b'a' + f) as char));
        }
        out.push('\n');
        out.push_str("   ");
        for n in (1..=9).rev() {
            out.push(chinese_numeral(n));
            out.push(' ');
        }
        out.push('\n');
        out
    }
}
