//! Seats: the places at a board, in moving order, and the one table of what each game
//! calls them. Renju Black, Xiangqi Red, Chess Territorial White and ChouChou's P1 are each
//! their game's first seat; every seat order, side name and result reading goes through
//! [`GameKind::seats`], [`GameKind::side_name`] and [`GameKind::seat_named`].

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::{GameKind, ResultName};

/// A seat at the board, in moving order: seat 1 moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The seat that moves first.
    pub const FIRST: Seat = Seat(1);
    /// The seat that moves second.
    pub const SECOND: Seat = Seat(2);
    /// The most seats a game has (ChouChou's four players).
    pub const MAX: u8 = 4;
    /// Every seat any game has, in moving order.
    pub const ALL: [Seat; 4] = [Seat(1), Seat(2), Seat(3), Seat(4)];

    /// Seat `number` (1-based); `None` outside 1–[`Seat::MAX`].
    pub fn new(number: u8) -> Option<Seat> {
        (1..=Self::MAX).contains(&number).then_some(Seat(number))
    }

    /// The seat at `index` (0-based) in moving order.
    pub fn at(index: usize) -> Option<Seat> {
        u8::try_from(index + 1).ok().and_then(Seat::new)
    }

    /// The seat's number, 1 moving first.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The seat's place in moving order, 0-based.
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// What each game calls its seats, first seat first, as stored (`game_players.side`, a
/// win's name).
const RENJU_SIDES: [ResultName; 2] = [ResultName::Black, ResultName::White];
const XIANGQI_SIDES: [ResultName; 2] = [ResultName::Red, ResultName::Black];
const TERRITORIAL_SIDES: [ResultName; 2] = [ResultName::White, ResultName::Black];

impl GameKind {
    /// The game's seats in moving order (ChouChou: all four a game may have).
    pub fn seats(self) -> &'static [Seat] {
        match self {
            GameKind::ChouChou => &Seat::ALL,
            _ => &Seat::ALL[..2],
        }
    }

    fn side_names(self) -> &'static [ResultName] {
        match self {
            GameKind::Renju => &RENJU_SIDES,
            GameKind::Xiangqi => &XIANGQI_SIDES,
            GameKind::Territorial => &TERRITORIAL_SIDES,
            GameKind::ChouChou => &ResultName::SEATS,
        }
    }

    /// What the game calls `seat`, as stored: `black`, `white`, `red`, `P1`…; `None` for a
    /// seat the game does not have.
    pub fn side_name(self, seat: Seat) -> Option<&'static str> {
        self.side_names().get(seat.index()).map(|n| n.name())
    }

    /// The seat the game calls `name` (a stored side name, any case): Xiangqi's `black`
    /// is its second seat, Renju's its first.
    pub fn seat_named(self, name: &str) -> Option<Seat> {
        let i = self
            .side_names()
            .iter()
            .position(|n| n.name().eq_ignore_ascii_case(name))?;
        Seat::at(i)
    }

    /// A win of `seat` in the game's names (`ResultName::Red` for Xiangqi's first seat); a
    /// seat the game does not have is named by its number (`P3`).
    pub fn win(self, seat: Seat) -> ResultName {
        self.side_names()
            .get(seat.index())
            .copied()
            .unwrap_or(ResultName::Seat(seat.number()))
    }

    /// The seat whose win `name` is in this game; `None` for a draw, an unknown result
    /// or a side the game does not have.
    pub fn winner(self, name: ResultName) -> Option<Seat> {
        let i = self.side_names().iter().position(|&n| n == name)?;
        Seat::at(i)
    }
}

/// One value for each seat of a game, in moving order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BySeat<T> {
    values: Vec<T>,
}

impl<T> BySeat<T> {
    /// A value for each seat of `kind`, from `f`.
    pub fn new(kind: GameKind, f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat {
            values: kind.seats().iter().copied().map(f).collect(),
        }
    }

    /// The values of the first `n` seats (a ChouChou game of `n` players), from `f`.
    pub fn first(n: usize, f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat {
            values: Seat::ALL.into_iter().take(n).map(f).collect(),
        }
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.values.get(seat.index())
    }

    /// The seats and their values, in moving order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(&self.values)
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn map<U>(self, mut f: impl FnMut(Seat, T) -> U) -> BySeat<U> {
        BySeat {
            values: Seat::ALL
                .into_iter()
                .zip(self.values)
                .map(|(s, v)| f(s, v))
                .collect(),
        }
    }
}

/// No seat: a record that names no one.
impl<T> Default for BySeat<T> {
    fn default() -> BySeat<T> {
        BySeat { values: Vec::new() }
    }
}

/// The values of the first `N` seats, seat 1 first: as many seats as a game may have.
macro_rules! by_seat_from_array {
    ($($n:literal)*) => {$(
        impl<T> From<[T; $n]> for BySeat<T> {
            fn from(values: [T; $n]) -> BySeat<T> {
                BySeat { values: values.into() }
            }
        }
    )*};
}
by_seat_from_array!(1 2 3 4);

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        &self.values[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_names_its_seats_first_mover_first() {
        use GameKind::*;
        let names = |k: GameKind| -> Vec<&str> {
            k.seats().iter().map(|&s| k.side_name(s).unwrap()).collect()
        };
        assert_eq!(names(Renju), ["black", "white"]);
        assert_eq!(names(Xiangqi), ["red", "black"]);
        assert_eq!(names(Territorial), ["white", "black"]);
        assert_eq!(names(ChouChou), ["P1", "P2", "P3", "P4"]);
        assert_eq!(Xiangqi.seat_named("Black"), Some(Seat::SECOND));
        assert_eq!(Renju.seat_named("black"), Some(Seat::FIRST));
        assert_eq!(Renju.seat_named("red"), None);
        assert_eq!(Renju.side_name(Seat::ALL[2]), None);
    }

    #[test]
    fn a_seat_win_and_its_outcome_are_inverse() {
        for kind in GameKind::ALL {
            for &seat in kind.seats() {
                assert_eq!(kind.winner(kind.win(seat)), Some(seat), "{kind} {seat}");
            }
            assert_eq!(kind.winner(ResultName::Draw), None);
        }
        assert_eq!(GameKind::Xiangqi.win(Seat::FIRST), ResultName::Red);
        assert_eq!(GameKind::Territorial.win(Seat::FIRST), ResultName::White);
        assert_eq!(GameKind::Renju.winner(ResultName::Red), None);
        assert_eq!(GameKind::Renju.winner(ResultName::Seat(1)), None);
    }

    #[test]
    fn seats_number_from_one() {
        assert_eq!(Seat::new(0), None);
        assert_eq!(Seat::new(5), None);
        assert_eq!(Seat::at(0), Some(Seat::FIRST));
        assert_eq!(Seat::FIRST.index(), 0);
        let by = BySeat::new(GameKind::Xiangqi, |s| s.number() * 10);
        assert_eq!(by[Seat::SECOND], 20);
        assert_eq!(by.len(), 2);
        assert_eq!(BySeat::first(3, |s| s.number()).len(), 3);
        let named = BySeat::from(["A", "B", "C"]);
        assert_eq!(named[Seat::ALL[2]], "C");
        assert_eq!(named.get(Seat::ALL[3]), None);
        assert!(BySeat::<u8>::default().is_empty());
    }
}
