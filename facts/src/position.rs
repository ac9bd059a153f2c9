//! Positions as the position index knows them: a position's key under its board's
//! symmetries, the steps of a game through its positions, and the result an index entry
//! carries. The engines (`kifu_rules::positions`) compute them, the store keeps them, the
//! explorer and the position search read them back.

use crate::{GameKind, ResultName, Seat};

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

/// A game's result as an index entry keeps it: the result that counts
/// ([`crate::counted_result`]) by seat, seat 1 moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatResult {
    /// Nothing recorded and nothing on the board: counted in games, not in results.
    Unknown,
    Draw,
    /// The seat (1-based, 1 = the first mover) that won.
    Win(u8),
}

impl SeatResult {
    /// The seats a result can name (ChouChou has up to 4 players).
    pub const MAX_SEATS: u8 = 4;

    /// The result that counts, by seat: Renju Black, Xiangqi Red and Territorial White are
    /// seat 1 (they move first).
    pub fn of(kind: GameKind, counted: Option<ResultName>) -> SeatResult {
        // A seat's own name (`P2`) counts in any game, as it always has.
        let seat = |o: ResultName| match o {
            ResultName::Seat(n) => Some(n),
            side => kind.winner(side).map(Seat::number),
        };
        match counted {
            Some(ResultName::Draw) => SeatResult::Draw,
            Some(o) => seat(o)
                .filter(|s| (1..=Self::MAX_SEATS).contains(s))
                .map_or(SeatResult::Unknown, SeatResult::Win),
            None => SeatResult::Unknown,
        }
    }

    /// The outcome a seat's win is in its game's names (the inverse of [`SeatResult::of`]).
    pub fn seat_outcome(kind: GameKind, seat: u8) -> ResultName {
        match Seat::new(seat) {
            Some(s) if kind.seats().contains(&s) => kind.win(s),
            _ => ResultName::Seat(seat),
        }
    }

    /// The result as an outcome in its game's names (`unknown` for no result).
    pub fn outcome(self, kind: GameKind) -> ResultName {
        match self {
            SeatResult::Unknown => ResultName::Unknown,
            SeatResult::Draw => ResultName::Draw,
            SeatResult::Win(seat) => Self::seat_outcome(kind, seat),
        }
    }

    /// Three bits: 0 unknown, 1 draw, 2–5 a seat's win.
    pub fn code(self) -> u8 {
        match self {
            SeatResult::Unknown => 0,
            SeatResult::Draw => 1,
            SeatResult::Win(seat) => 1 + seat,
        }
    }

    pub fn from_code(code: u8) -> Option<SeatResult> {
        match code {
            0 => Some(SeatResult::Unknown),
            1 => Some(SeatResult::Draw),
            c @ 2..=5 => Some(SeatResult::Win(c - 1)),
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
        assert_eq!(
            SeatResult::of(Renju, Some(ResultName::Black)),
            SeatResult::Win(1)
        );
        assert_eq!(
            SeatResult::of(Xiangqi, Some(ResultName::Black)),
            SeatResult::Win(2)
        );
        assert_eq!(
            SeatResult::of(Territorial, Some(ResultName::White)),
            SeatResult::Win(1)
        );
        assert_eq!(
            SeatResult::of(ChouChou, Some(ResultName::Seat(4))),
            SeatResult::Win(4)
        );
        assert_eq!(
            SeatResult::of(Renju, Some(ResultName::Red)),
            SeatResult::Unknown
        );
        assert_eq!(SeatResult::of(Renju, None), SeatResult::Unknown);
        for r in [
            SeatResult::Unknown,
            SeatResult::Draw,
            SeatResult::Win(1),
            SeatResult::Win(4),
        ] {
            assert_eq!(SeatResult::from_code(r.code()), Some(r));
        }
        assert_eq!(SeatResult::from_code(6), None);
        for kind in GameKind::ALL {
            for o in [
                ResultName::Draw,
                SeatResult::seat_outcome(kind, 1),
                SeatResult::seat_outcome(kind, 2),
            ] {
                assert_eq!(SeatResult::of(kind, Some(o)).outcome(kind), o);
            }
        }
    }

    #[test]
    fn the_stored_key_is_the_top_bits() {
        assert_eq!(PositionKey(u64::MAX).stored(), (1 << 48) - 1);
        assert_eq!(PositionKey(1 << 16).stored(), 1);
    }
}
