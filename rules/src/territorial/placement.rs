//! Moves: placements and passes, their notation and compact bytes.
//!
//! Notation (the record format of `chess-territorial.md`): `K@e1`, `P@e3` (a pawn may be
//! written `@e3`), `--` for a pass. The side is implied by the ply (White on odd plies).
//!
//! Compact bytes for the database ([`encode_moves`]): two bytes per move, the piece letter
//! (`b'K'`, `b'Q'`, `b'R'`, `b'B'`, `b'N'`, `b'P'`) and the square index `rank * 8 + file`;
//! a pass is `255, 255`.

use super::piece::Kind;
use super::square::Square;
use kifu_parser::raw::CtMoveText;
use std::fmt;

/// The byte pair that stands for a pass in [`encode_moves`].
pub const PASS_BYTES: [u8; 2] = [255, 255];

/// One piece put on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    pub kind: Kind,
    pub square: Square,
}

impl Placement {
    pub fn new(kind: Kind, square: Square) -> Placement {
        Placement { kind, square }
    }
}

impl fmt::Display for Placement {
    /// `R@d5`, `P@e3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.kind.letter(), self.square)
    }
}

/// A move: a placement or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    Place(Placement),
    Pass,
}

/// Why a parsed record's move is no move of Chess Territorial.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// A piece letter other than `K Q R B N P` (the byte as written).
    NotAPiece(u8),
    /// A square off the 8×8 board (file, rank from 0).
    OffBoard(u8, u8),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveTextError::NotAPiece(piece) => write!(
                f,
                "'{}' is not a piece letter (K Q R B N P)",
                (piece as char).escape_default()
            ),
            MoveTextError::OffBoard(file, rank) => {
                write!(f, "({file}, {rank}) is not a square of the 8×8 board")
            }
        }
    }
}

impl std::error::Error for MoveTextError {}

impl Move {
    pub fn place(kind: Kind, square: Square) -> Move {
        Move::Place(Placement { kind, square })
    }

    /// The move a parsed record holds. Errors say why it is no move of this game (a
    /// piece letter other than `K Q R B N P`, a square off the 8×8 board).
    pub fn from_text(t: CtMoveText) -> Result<Move, MoveTextError> {
        match t {
            CtMoveText::Pass => Ok(Move::Pass),
            CtMoveText::Drop { piece, square } => {
                let kind = Kind::from_letter(piece).ok_or(MoveTextError::NotAPiece(piece))?;
                let sq = Square::new(square.0, square.1)
                    .ok_or(MoveTextError::OffBoard(square.0, square.1))?;
                Ok(Move::place(kind, sq))
            }
        }
    }

    /// The parser's form of the move.
    pub fn to_text(self) -> CtMoveText {
        match self {
            Move::Pass => CtMoveText::Pass,
            Move::Place(p) => CtMoveText::Drop {
                piece: p.kind.letter() as u8,
                square: (p.square.file(), p.square.rank()),
            },
        }
    }
}

impl fmt::Display for Move {
    /// `R@d5` or `--`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => p.fmt(f),
            Move::Pass => f.write_str("--"),
        }
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    pub text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a Chess Territorial move (K@e1, P@e3 or @e3, -- for a pass)",
            self.text
        )
    }
}

impl std::error::Error for ParseMoveError {}

/// Parses `K@e1`, `@e3`, `P@e3` or `--`.
pub fn parse_move(s: &str) -> Result<Move, ParseMoveError> {
    let t = s.trim();
    let err = || ParseMoveError {
        text: s.to_string(),
    };
    if t == "--" {
        return Ok(Move::Pass);
    }
    let (piece, sq) = t.split_once('@').ok_or_else(err)?;
    let kind = match piece.as_bytes() {
        [] => Kind::Pawn,
        [c] => Kind::from_letter(*c).ok_or_else(err)?,
        _ => return Err(err()),
    };
    let square: Square = sq.parse().map_err(|_| err())?;
    Ok(Move::place(kind, square))
}

/// Parses a whitespace-separated move list (`"K@e1 K@d8 Q@e2 --"`).
pub fn parse_moves(s: &str) -> Result<Vec<Move>, ParseMoveError> {
    s.split_whitespace().map(parse_move).collect()
}

/// Two bytes per move: piece letter and square index; `255, 255` for a pass.
pub fn encode_moves(moves: &[Move]) -> Vec<u8> {
    let mut out = Vec::with_capacity(moves.len() * 2);
    for m in moves {
        match m {
            Move::Pass => out.extend_from_slice(&PASS_BYTES),
            Move::Place(p) => {
                out.push(p.kind.letter() as u8);
                out.push(p.square.index());
            }
        }
    }
    out
}

/// Inverse of [`encode_moves`]; `None` for an odd length or a pair that is neither a
/// placement (`K Q R B N P`, index < 64) nor `255, 255`.
pub fn decode_moves(bytes: &[u8]) -> Option<Vec<Move>> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks_exact(2)
        .map(|pair| {
            if pair == PASS_BYTES {
                return Some(Move::Pass);
            }
            if !pair[0].is_ascii_uppercase() {
                return None;
            }
            let kind = Kind::from_letter(pair[0])?;
            let sq = Square::from_index(pair[1])?;
            Some(Move::place(kind, sq))
        })
        .collect()
}
