//! Positions as the position index knows them: a position's key under its board's
//! symmetries, the steps of a game through its positions, and the result an index entry
//! carries. The engines (`kifu_rules::positions`) compute them, the store keeps them, the
//! explorer and the position search read them back.

use crate::{GameKind, Outcome, ResultName, Seat};

/// A position (board and side to move; Chess Territorial's hands follow from its board,
/// ChouChou's setup is part of it) up to the symmetries of its game's board: a position and
/// its mirror or rotated images have the same key. A 64-bit Zobrist hash of the image that
/// hashes smallest; the index keeps its top [`PositionKey::STORED_BITS`] bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey(pub u64);

impl PositionKey {
    /// The bits of a key the index keeps. Two different positions with the same top 48
    /// bits are told apart only by the position search's replay of each game (which checks
    /// the board itself); with 10 million games (about 330 million positions) a given
    /// query shares its 48 bits with another position with probability ~1e-6.
    pub const STORED_BITS: u32 = 48;

    /// The key as the index compares it: its top [`PositionKey::STORED_BITS`] bits.
    pub fn stored(self) -> u64 {
        self.0 >> (64 - Self::STORED_BITS)
    }
}

/// A move in its game's compact index code (Renju a point index, Xiangqi `from * 90 + to`,
/// Chess Territorial `kind * 64 + square`, ChouChou the action's two stored bytes), in
/// some orientation of the board; [`MoveCode::NONE`] when no move follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveCode(pub u16);

impl MoveCode {
    /// No move: the game ends in the position.
    pub const NONE: MoveCode = MoveCode(u16::MAX);

    pub fn is_none(self) -> bool {
        self == MoveCode::NONE
    }
}

/// One position a game passes through, at its first visit (a position the game comes
/// back to, as in a Xiangqi repetition, is one step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyStep {
    pub key: PositionKey,
    /// Plies played to reach it (0 = the start position).
    pub ply: u32,
    /// The symmetry (an index into the game's list of board symmetries) that maps the
    /// game's position onto the image whose hash is the key: the canonical orientation.
    pub symmetry: u8,
    /// The move the game played from here, in the canonical orientation.
    pub next: MoveCode,
    /// The move played after `next` (the reply), in the same orientation.
    pub reply: MoveCode,
}

impl Outcome {
    /// The result that counts ([`crate::counted_result`]) by seat, as an index entry keeps
    /// it: Renju Black, Xiangqi Red and Territorial White are seat 1 (they move first). A
    /// seat's own name (`P2`) counts in any game, as it always has; no result, or a side
    /// the game does not have, is `Unknown` (counted in games, not in results).
    pub fn counted(kind: GameKind, counted: Option<ResultName>) -> Outcome {
        match counted {
            Some(ResultName::Seat(n)) => Seat::new(n).map_or(Outcome::Unknown, Outcome::Win),
            Some(name) => Outcome::of(kind, name).unwrap_or(Outcome::Unknown),
            None => Outcome::Unknown,
        }
    }

    /// The position index's three bits: 0 unknown, 1 draw, 2–5 a seat's win.
    pub fn code(self) -> u8 {
        match self {
            Outcome::Unknown => 0,
            Outcome::Draw => 1,
            Outcome::Win(seat) => 1 + seat.number(),
        }
    }

    /// An index entry's result back from its bits.
    pub fn from_code(code: u8) -> Option<Outcome> {
        match code {
            0 => Some(Outcome::Unknown),
            1 => Some(Outcome::Draw),
            c @ 2..=5 => Seat::new(c - 1).map(Outcome::Win),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_by_seat_round_trip_their_codes() {
        use GameKind::*;
        let win = |n| Outcome::Win(Seat::new(n).unwrap());
        assert_eq!(Outcome::counted(Renju, Some(ResultName::Black)), win(1));
        assert_eq!(Outcome::counted(Xiangqi, Some(ResultName::Black)), win(2));
        assert_eq!(
            Outcome::counted(Territorial, Some(ResultName::White)),
            win(1)
        );
        assert_eq!(
            Outcome::counted(ChouChou, Some(ResultName::Seat(4))),
            win(4)
        );
        assert_eq!(Outcome::counted(Renju, Some(ResultName::Seat(2))), win(2));
        assert_eq!(
            Outcome::counted(Renju, Some(ResultName::Red)),
            Outcome::Unknown
        );
        assert_eq!(Outcome::counted(Renju, None), Outcome::Unknown);
        for r in [Outcome::Unknown, Outcome::Draw, win(1), win(4)] {
            assert_eq!(Outcome::from_code(r.code()), Some(r));
        }
        assert_eq!(Outcome::from_code(6), None);
        for kind in GameKind::ALL {
            for o in [
                ResultName::Draw,
                kind.win(Seat::FIRST),
                kind.win(Seat::SECOND),
            ] {
                assert_eq!(Outcome::counted(kind, Some(o)).name(kind), o);
            }
        }
    }

    #[test]
    fn the_stored_key_is_the_top_bits() {
        assert_eq!(PositionKey(u64::MAX).stored(), (1 << 48) - 1);
        assert_eq!(PositionKey(1 << 16).stored(), 1);
    }
}
